"""The end of an encounter in a few lines: rounds played, who ended where, damage, falls.

Built for one seat from what that seat perceives (its view of the state and its log
lines), so a summary never names a hidden character or place. It knows no ruleset: it
reads the log's events by their common shapes (``fell``, ``fall_started`` and
``band_fall_started`` for a fall; ``damaged`` with ``amount``, or ``guard`` and
``lethal``, for damage, else a fall's own ``damage``), and where each character stands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from footwork.engine.codec import JSON
from footwork.engine.session import Session
from footwork.engine.view import View

#: the log events that start a fall
FALLS = frozenset({"fell", "fall_started", "band_fall_started"})
#: the kinds of damage a ``damaged`` event may count, in the order they are shown
DAMAGE_KINDS = ("amount", "guard", "lethal")


def summary(session: Session[Any], view: View[Any] | None = None) -> dict[str, JSON]:
    """The summary for ``view``'s seat (the game master's by default)."""
    view = view or session.view()
    state = session.state
    body = view.state_json(state, session.initial, session.batches)
    lines: Sequence[Mapping[str, JSON]] = body.get("log") or []
    start = {aid: str(a.at) for aid, a in session.initial.actors.items()}
    # a start in a place still hidden from the seat is not told (it would name it)
    hidden = view.secrets(state)
    actors = body["actors"]
    assert isinstance(actors, Mapping)
    ruleset = session.engine.ruleset
    left = _how_they_left(session, view)
    out: list[dict[str, JSON]] = []
    for aid, entry in actors.items():
        assert isinstance(entry, Mapping)
        falls = sum(1 for line in lines if line.get("event") in FALLS
                    and line.get("actor") == aid)
        in_play = ruleset.takes_turns(state, aid)
        out.append({
            "id": aid,
            "side": entry.get("side"),
            # None: brought in during play, or from a place hidden from this seat
            "start": None if start.get(aid) in hidden else start.get(aid),
            "start_hidden": start.get(aid) in hidden,
            "at": entry.get("at"),
            "in_play": in_play,
            "left": None if in_play else left.get(aid),
            "falls": falls,
            "damage": _damage(lines, aid),
        })
    gone = [line.get("target") for line in lines if line.get("event") == "actor_removed"]
    ended = next((line.get("reason") for line in reversed(lines)
                  if line.get("event") == "encounter_ended"), None)
    return {"rounds": state.round, "ended": state.ended, "reason": ended,
            "actors": out, "removed": [g for g in gone if g not in actors]}


#: the engine's turn lines, which name a character without saying how it left
_TURN_LINES = frozenset({"turn_passed", "turn_ended", "turn_started"})


def _how_they_left(session: Session[Any], view: View[Any]) -> dict[str, str]:
    """For each character that left the scene, the seat's log line of the command that
    took it out (its last line about that character: "plunges into the Skysea…"),
    found by folding the log batch by batch until it takes no more turns."""
    ruleset = session.engine.ruleset
    state = session.initial
    playing = {aid for aid in state.actors if ruleset.takes_turns(state, aid)}
    found: dict[str, str] = {}
    for batch in session.batches:
        state = session.engine.replay(state, batch)
        gone = {aid for aid in playing
                if aid in state.actors and not ruleset.takes_turns(state, aid)}
        playing = {aid for aid in state.actors if ruleset.takes_turns(state, aid)}
        if not gone:
            continue
        shown = view.batch_lines(state, batch)
        for aid in gone:
            # the turn that passes on when its holder leaves says nothing of how
            about = [line for line in shown
                     if aid in (line.get("actor"), line.get("target"))
                     and line.get("event") not in _TURN_LINES]
            if about:
                found[aid] = str(about[-1]["text"])
    return found


def _damage(lines: Sequence[Mapping[str, JSON]], actor: str) -> dict[str, int]:
    """The damage ``actor`` took, by kind (``damage`` when the ruleset names no kind)."""
    total: dict[str, int] = {}
    damaged = [line for line in lines if line.get("event") == "damaged"
               and line.get("actor") == actor]
    if damaged:
        for line in damaged:
            for kind in DAMAGE_KINDS:
                value = line.get(kind)
                if isinstance(value, int) and not isinstance(value, bool) and value:
                    name = "damage" if kind == "amount" else kind
                    total[name] = total.get(name, 0) + value
        return total
    for line in lines:  # a ruleset that counts a fall's damage on the fall itself
        value = line.get("damage")
        if line.get("actor") == actor and isinstance(value, int) and value:
            total["damage"] = total.get("damage", 0) + value
    return total


def summary_lines(body: Mapping[str, JSON]) -> list[str]:
    """The summary in words, one line each: the end, then each character."""
    rounds = body["rounds"]
    head = (f"the encounter ended in round {rounds}" if body["ended"]
            else f"round {rounds}, still going")
    if body.get("reason"):
        head += f": {body['reason']}"
    out = [head]
    actors = body["actors"]
    assert isinstance(actors, list)
    for actor in actors:
        start, at = actor["start"], actor["at"]
        where = (f"came from out of sight, now at {at}" if actor.get("start_hidden") else
                 f"brought in, now at {at}" if start is None else
                 f"stayed at {at}" if start == at else f"{start} → {at}")
        parts = [f"{actor['id']} ({actor['side']}): {where}"]
        if not actor["in_play"]:
            left = actor.get("left")
            parts.append(f"out of the scene ({left})" if left else "out of the scene")
        if actor["falls"]:
            parts.append(f"{actor['falls']} fall{'s' if actor['falls'] != 1 else ''}")
        damage = actor["damage"]
        if damage:
            parts.append(", ".join(f"{n} {kind}" for kind, n in damage.items()))
        else:
            parts.append("no damage")
        out.append("; ".join(parts))
    removed = body.get("removed") or []
    assert isinstance(removed, list)
    for gone in removed:
        out.append(f"{gone}: taken out of play by the game master")
    return out
