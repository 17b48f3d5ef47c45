"""The `allowances` rules as one movement pipeline (issue 16, ``footwork.engine.movement``).

Every cause of movement in this ruleset (a move by one Type or by a mix, the distance of
a Jump or a Leap, the move that completes a Breach, the closing move of a Dash Action,
movement made off the map with ``spend``) is turned into a :class:`Path` of :class:`Leg`
values, and every leg passes the same stages:

1. leaving: :func:`rises_out` (R002-31, R002-33: the medium a Breach leaves is left
   straight toward the new one, up out of water or earth, down out of the air);
2. crossing: :func:`linked` (R002-02, R002-43, A002-16, A002-25: the step is one the Type
   can take on this map, at the price the text measures) and :func:`surface_change`
   (R002-12, A002-17: a leg that crosses between submerged and surfaced is a change,
   whatever moved the creature; so many per Activation);
3. entering: :func:`paid` (R002-03..05, R002-33, A002-13, A002-15, ``cascade.limit``: the
   Allowance, or the Breach's or the jump's own distance, pays for the leg);
4. arriving: :func:`rests` (R002-02: a move ends on the ground, on or in water, in the
   earth, on a wall, or in the air only for a creature with a Flight Score).

The grid searches (``planning``, ``fastreach``) find the cheapest path with the same
rules in a compiled form; the pipeline rules the path that is carried out, and the tests
check that both agree. This ruleset has no forced movement (no falls, throws or
currents): every path is chosen, so a forbidden leg refuses the whole command (nothing
changes), except the closing move of a Dash Action, whose refusal leaves the Action
waiting for its Accuracy Check, where it fails unless the creature has moved within
reach meanwhile (R002-04, R002-37). Either way a refused move changes nothing: a closing
Breach's or jump's distance stays held for the move completing it, as outside a Dash
(R002-33, A002-13, A002-15; the ruleset's ``_carry_out`` is the one stage both pass).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import ClassVar

from footwork.engine.events import Event
from footwork.engine.movement import PASS, Path, Pipeline, Ruling, Step, Walk, Walked
from footwork.engine.rolling import Roller
from footwork.rulesets.allowances.model import MAP_TYPES, Creature
from footwork.rulesets.allowances.options import AllowancesOptions
from footwork.rulesets.allowances.planning import (
    BREACH,
    HOP_STYLE,
    UNLIMITED,
    Route,
    Search,
    breach_drains,
    drains,
    leaves_toward,
    limiting,
    turns_left,
)
from footwork.rulesets.allowances.terrain import HOP, Spot, Terrain
from footwork.space.reach import EPS

#: the causes of movement in this ruleset
CAUSES = ("move", "jump", "leap", "breach", "dash", "spend")


@dataclass(frozen=True, slots=True)
class Leg(Step[Spot]):
    """One step of a path: ``mode`` is the terrain's style (a Type, ``hop``), ``pays`` the
    resource that pays it (a Type, ``breach`` or ``hop``), ``cost`` its price in m.
    ``off_map``: movement made off the map (``spend``): no place is crossed."""

    pays: str = ""
    cost: float = 0.0
    off_map: bool = False


@dataclass(frozen=True, slots=True)
class Progress:
    """What the pipeline reads at each leg: the creature as it began, what each resource
    has spent so far, and the changes of medium so far."""

    actor: Creature
    at: Spot
    spent: Mapping[str, float] = field(default_factory=dict)
    turns: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class LegTaken(Event):
    """Internal to the pipeline: one leg was taken (summed into the ruleset's ``moved``);
    ``turned``: it crossed between submerged and surfaced (R002-12)."""

    type: ClassVar[str] = "leg_taken"
    to: Spot
    pays: str
    cost: float
    turned: bool = False


def _fold(p: Progress, e: Event) -> Progress:
    if not isinstance(e, LegTaken):
        return p
    spent = {**p.spent, e.pays: round(p.spent.get(e.pays, 0.0) + e.cost, 9)}
    # the changes counted from the legs: a search with the limit lifted keeps no count
    # in its spots
    return replace(p, at=e.to, spent=spent, turns=p.turns + e.turned)


@dataclass(frozen=True)
class Ruler:
    """The rules of one move: the map, the options and what the move may use."""

    terrain: Terrain
    options: AllowancesOptions
    search: Search

    # -- leaving -----------------------------------------------------------------------

    def rises_out(self, walk: Walk[Progress, Spot], leg: Step[Spot]) -> Ruling:
        """R002-31, R002-33: completing a Breach, the Type of the medium left only goes
        straight toward the new medium: up to the surface it bursts through, or down from
        the air to the surface it dives through (whether or not the move names a Type)."""
        rise = self.search.rise_only
        if rise is None or leg.mode != rise or _pays(leg) == BREACH:
            return PASS
        if leaves_toward(leg.frm, leg.to, self.search.toward):
            return PASS
        way = "rises to" if self.search.toward > 0 else "comes down to"
        return walk.refuse("no_way", f"completing the Breach, {rise} only {way} the surface "
                           "(R002-31, R002-33)", ("R002-31", "R002-33"))

    # -- crossing ----------------------------------------------------------------------

    def linked(self, walk: Walk[Progress, Spot], leg: Step[Spot]) -> Ruling:
        """R002-02, R002-43, A002-16, A002-25: the Type can take this step here, and it
        costs what the text measures (legs added; ``distance.skim``)."""
        assert isinstance(leg, Leg)
        if leg.off_map:
            return PASS
        mover = self.search.mover
        for st in self.terrain.steps(leg.frm, replace(mover, turns=UNLIMITED)):
            if st.to[:4] == leg.to[:4] and st.style == leg.mode and abs(
                    st.cost - leg.cost) <= EPS:
                return PASS
        return walk.refuse("no_way", f"{walk.path.actor} cannot go from {leg.frm[1:4]} to "
                           f"{leg.to[1:4]} by {leg.mode} (R002-02)", ("R002-02", "R002-43"))

    def surface_change(self, walk: Walk[Progress, Spot], leg: Step[Spot]) -> Ruling:
        """R002-12, A002-12, A002-17, A002-27: a leg that crosses between submerged and
        surfaced is a change, whatever moved the creature (its own Type, a Breach's
        Allowance, a jump); at most what ``planning.turns_left`` leaves this Activation
        (``transitions.per_activation``, one free crossing for a Breach that does not
        count, none for an action that lifts the limit)."""
        assert isinstance(leg, Leg)
        if leg.off_map or self.search.mover.turns >= UNLIMITED:
            return PASS
        t = self.terrain
        if t.submerged(leg.frm[0], *leg.frm[1:4]) == t.submerged(leg.to[0], *leg.to[1:4]):
            return PASS
        a = walk.state.actor
        if walk.state.turns + 1 <= turns_left(a, self.options):
            return PASS
        limit = self.options.transitions.per_activation
        return walk.refuse("transition_limit", f"reaching {leg.to[1:4]} needs another change "
                           "between submerged and surfaced, and this Activation has used its "
                           f"{limit} (R002-12)", ("R002-12", "A002-17"))

    # -- entering ----------------------------------------------------------------------

    def paid(self, walk: Walk[Progress, Spot], leg: Step[Spot]) -> Ruling:
        """R002-03..05, ``cascade.limit``: a leg by a Type is paid by that Type's Allowance
        (and, with ``drained``, must fit every Type it drains), after what the path has
        already taken from each; R002-33, A002-15, A002-13: a Breach's or a jump's legs
        by its own distance."""
        assert isinstance(leg, Leg)
        p = walk.state
        a = p.actor
        have = self.search.budget.caps.get(leg.pays)
        if have is None:
            return walk.refuse("no_type", f"{a.id} cannot pay a step by {leg.pays} here "
                               "(R002-01, R002-02)", ("R002-01", "R002-02"))
        if p.spent.get(leg.pays, 0.0) + leg.cost > have + EPS:
            return self._over(walk, leg)
        if leg.pays in a.scores or leg.pays == BREACH:
            left = self.left(p)
            for u in self._limits(a, leg.pays):
                if leg.cost > left[u] + EPS:
                    return self._over(walk, leg)
        return PASS

    def _limits(self, a: Creature, pays: str) -> list[str]:
        """``cascade.limit``: the Types whose Allowance must also fit a leg paid by
        ``pays``; a Breach's metres must fit the Types they take from under ``drained``
        (R002-05, R002-33, the s33 review), none under ``own``."""
        if pays == BREACH:
            return [] if self.options.cascade.limit == "own" else breach_drains(a, self.options)
        return limiting(a, self.options, pays)

    def _over(self, walk: Walk[Progress, Spot], leg: Leg) -> Ruling:
        a = walk.state.actor
        if leg.pays == HOP_STYLE and self.search.budget.caps[HOP_STYLE] < a.airborne_m - EPS:
            return walk.refuse("over_allowance", f"jumping spends Overland too, and {a.id} "
                               f"has {self.search.budget.caps[HOP_STYLE]:g} m of it (A002-13)",
                               ("A002-13", "R002-05"))
        if leg.pays == HOP_STYLE:
            return walk.refuse("over_distance", f"the {a.airborne}'s {a.airborne_m:g} m do "
                               "not reach there (R002-20, R002-26)",
                               ("R002-19", "R002-25", "A002-13"))
        return walk.refuse("over_allowance", f"{a.id} cannot pay {leg.cost:g} m more by "
                           f"{leg.pays} with the Allowance left (R002-03, R002-05)",
                           ("R002-03", "R002-05"))

    def left(self, p: Progress) -> dict[str, float]:
        """R002-05: each Allowance after the legs so far (the cascade, down to 0)."""
        a = p.actor
        out = {u: max(0.0, v) for u, v in a.allowance.items()}
        for by, d in p.spent.items():
            for u in drains(a, self.options, by):
                out[u] = max(0.0, out[u] - d)
        return out

    # -- arriving ----------------------------------------------------------------------

    def rests(self, walk: Walk[Progress, Spot], leg: Step[Spot]) -> Ruling:
        """R002-02: the path's last leg ends where the creature can stay: never in mid-hop,
        in the air only with a Flight Score of its own."""
        if walk.taken + 1 < len(walk.path.steps) or not isinstance(leg, Leg) or leg.off_map:
            return PASS
        if leg.to[0] == HOP or not self.terrain.resting(leg.to, self.search.hovers):
            return walk.refuse("no_landing", f"{walk.path.actor} has no Flight Score to stay "
                               "up there: a move must end on something", ("R002-02", "R002-33"))
        return PASS

    # -- the pipeline ------------------------------------------------------------------

    def pipeline(self) -> Pipeline[Progress, Spot]:
        def moved(walk: Walk[Progress, Spot], leg: Step[Spot]) -> list[Event]:
            assert isinstance(leg, Leg)
            t = self.terrain
            turned = t.submerged(*leg.frm[:4]) != t.submerged(*leg.to[:4])
            return [LegTaken(to=leg.to, pays=leg.pays, cost=leg.cost, turned=turned)]

        return Pipeline(leaving=(self.rises_out,),
                        crossing=(self.linked, self.surface_change),
                        entering=(self.paid,), arriving=(self.rests,),
                        moved=moved, evolve=_fold)


def _pays(leg: Step[Spot]) -> str:
    return leg.pays if isinstance(leg, Leg) else leg.mode


def path_of_route(actor: Creature, cause: str, start: Spot, found: Route,
                  breach_type: str | None) -> Path[Spot]:
    """The path a found route carries out, one leg per step of its plan."""
    legs: list[Leg] = []
    here = start
    for st in found.plan:
        mode = breach_type if st.style == BREACH and breach_type else st.style
        legs.append(Leg(here, st.key, mode, pays=st.style, cost=st.cost))
        here = st.key
    return Path(actor.id, cause, tuple(legs))


def rule(terrain: Terrain, options: AllowancesOptions, search: Search, actor: Creature,
         start: Spot, path: Path[Spot], roller: Roller) -> Walked[Progress, Spot]:
    """Rule ``path`` through the pipeline; raises ``IllegalCommand`` on a refusal."""
    return Ruler(terrain, options, search).pipeline().walk(Progress(actor, start), path,
                                                           roller)


def spend_path(actor: Creature, start: Spot, by: str, distance: float) -> Path[Spot]:
    """R002-04: movement made off the map, as one leg that crosses no place."""
    return Path(actor.id, "spend", (Leg(start, start, by, pays=by, cost=float(distance),
                                        off_map=True),))


__all__ = ["CAUSES", "MAP_TYPES", "Leg", "LegTaken", "Progress", "Ruler", "path_of_route",
           "rule", "spend_path"]
