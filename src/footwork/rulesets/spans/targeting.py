"""Who may target whom, and the conditions a position gives (R003-11, R003-12,
R003-17, R003-18, R003-21, R003-22, R003-33, R003-35; A003-07, A003-14, A003-15, A003-22)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from footwork.errors import IllegalCommand
from footwork.rulesets.spans.geometry import SpansState, defeated, out_of_the_fight
from footwork.rulesets.spans.model import SpansActor, SpansMap
from footwork.rulesets.spans.options import SpansOptions


@dataclass(frozen=True, slots=True)
class Ruling:
    allowed: bool
    reason: str
    rules: tuple[str, ...]


def is_on_high(a: SpansActor, b: SpansActor) -> bool:
    """A003-07: ``a`` is on high relative to ``b`` when it stands higher."""
    return a.height > b.height


def can_target(
    state: SpansState, attacker_id: str, target_id: str, attack: Literal["melee", "ranged"]
) -> Ruling:
    """May the attacker target the target with this kind of attack?"""
    m: SpansMap = state.space
    opts: SpansOptions = state.options
    a = state.actors[attacker_id]
    t = state.actors[target_id]
    if a.removed or t.removed:
        return Ruling(False, "not in the scene", ("A003-20",))
    if out_of_the_fight(state, t):  # the s33 review
        return Ruling(False, f"{target_id} is defeated (life 0): out of the fight",
                      ("A003-16", "R003-11"))
    same_span = m.span_of(a.at) == m.span_of(t.at)
    if attack == "melee":
        if not same_span:
            return Ruling(False, "melee reaches only your own span", ("R003-11", "R003-12"))
        on_raised = m.place(t.at).kind == "on_high" and t.height > m.ground(t.at)
        if opts.on_high.blocks_melee_from_below and on_raised and a.height < t.height:
            return Ruling(False, f"{target_id} is on high, out of reach from below",
                          ("R003-12", "A003-14"))
        return Ruling(True, "same span", ("R003-11", "R003-12"))
    if not same_span and m.span_of(t.at) not in _seen_from(m, m.span_of(a.at)):
        return Ruling(False, f"{target_id} is out of sight: no sight link leads there",
                      ("R003-11",))
    if m.place(t.at).kind == "cover" and a.at != t.at:
        beyond = opts.cover.blocks == "all_not_in_feature" or not same_span
        if beyond:
            return Ruling(False, f"{target_id} is in cover", ("R003-17", "A003-15"))
    return Ruling(True, "in view", ("R003-11",))


def conditions(state: SpansState, actor: SpansActor) -> dict[str, object]:
    """What the actor's position and mode allow or forbid (A003-22 records, nothing more)."""
    m: SpansMap = state.space
    kind = m.place(actor.at).kind
    blocked: set[str] = set()
    if kind == "threshold":
        blocked |= {"Evade", "Outflank"}  # R003-21
    if actor.mode == "floating":
        blocked |= {"Evade", "Stand fast"}  # R003-33
    if actor.mode == "flying":
        blocked |= {"Stand fast"}  # R003-35
    down = defeated(state, actor)
    if down:  # A003-16, life.zero: out of the fight, it takes no maneuver (the s33 review)
        blocked |= set(_BLOCKED_BY)
    return {
        "span": m.span_of(actor.at),
        "defeated": down,
        "in_cover": kind == "cover",
        "may_hide": kind == "cover" and not down,  # R003-18
        "in_threshold": kind == "threshold",
        "can_be_outflanked": kind != "threshold",  # R003-21
        "on_high": kind == "on_high" and actor.height > m.ground(actor.at),
        "clinging": actor.climbing is not None,
        "blocked_maneuvers": sorted(blocked),
    }


#: which rules forbid each maneuver a position can block (R003-21, R003-33, R003-35)
_BLOCKED_BY = {"Evade": ("R003-21", "R003-33"), "Outflank": ("R003-21",),
               "Stand fast": ("R003-33", "R003-35")}


def _maneuver(action: str) -> str:
    """A free action's name as a maneuver: "stand_fast", "stand fast" -> "Stand fast"."""
    return " ".join(action.replace("_", " ").replace("-", " ").split()).capitalize()


def forbidden(state: SpansState, actor: SpansActor, action: str) -> None:
    """Refuse an action the actor's conditions say it may not take (A003-22): decide and
    the state JSON read the same flags, so they cannot disagree."""
    now = conditions(state, actor)
    name = _maneuver(action)
    if name == "Hide" and not now["may_hide"]:
        raise IllegalCommand("cannot_hide", f"{actor.id} is not in cover: Hide needs cover",
                             ("R003-18", "A003-22"))
    blocked = now["blocked_maneuvers"]
    assert isinstance(blocked, list)
    if name in blocked:
        raise IllegalCommand("maneuver_blocked", f"{actor.id} cannot {name} here "
                             f"({m_reason(state, actor)})", (*_BLOCKED_BY[name], "A003-22"))


def m_reason(state: SpansState, actor: SpansActor) -> str:
    m: SpansMap = state.space
    if m.place(actor.at).kind == "threshold":
        return f"in the threshold {actor.at}"
    return actor.mode


def _seen_from(m: SpansMap, span: str) -> set[str]:
    """Spans in sight of ``span``, following links that carry sight (any distance)."""
    seen = {span}
    frontier = [span]
    while frontier:
        here = frontier.pop()
        for there in m.graph.in_sight(here):
            if there not in seen and m.place(there).kind == "span":
                seen.add(there)
                frontier.append(there)
    return seen
