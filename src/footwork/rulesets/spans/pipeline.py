"""One path through the rules for every cause of movement in `spans` (issue 16).

Every cause (Run, the second move, Climb, Float, Fly, a drop, a jump attack, a fall,
a shove) first works out where its mode takes the actor (``geometry``: the reach of a
Run, a Climb, an airborne move, a drop), then hands the step to this pipeline:

1. leaving: a climber partway up a wall can only climb on or back, or let go (A003-10);
2. crossing: a held threshold guarding the way between two spans (R003-20, A003-16),
   checked from both sides;
3. entering: a threshold held by a foe (R003-20) and a feature's capacity (A003-06);
4. arriving: the surface under the arrival, a fall and its damage (R003-25..29).

:func:`admit` runs stages 1-3 alone: it is the one function that decides whether an
actor may enter a place, whatever moves it; commands call it before rolling, so a
refused command changes nothing. :meth:`Mover.walk` runs all four and records the
move. Rules read the step's mode, never its cause, except where the text makes the
cause matter (README, "How a move is ruled").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from footwork.engine.events import Event
from footwork.engine.movement import PASS, Path, Pipeline, Ruling, Step, Walk, Walked
from footwork.engine.rolling import Roller
from footwork.errors import IllegalCommand
from footwork.rulesets.spans import events as ev
from footwork.rulesets.spans.falls import start_fall
from footwork.rulesets.spans.geometry import (
    Position,
    SpansState,
    _opts,
    _space,
    foes_at,
    no_room,
)
from footwork.rulesets.spans.model import SpansActor

SpansStep = Step[Position]
SpansPath = Path[Position]
SpansWalk = Walk[SpansState, Position]
Evolve = Callable[[SpansState, Event], SpansState]

#: modes that go along the ground or a wall, through a choke point at its floor
FOOTED = frozenset({"run", "climb", "drop", "fall", "jump", "shove"})
#: modes in the air: a threshold only stops them near its floor (threshold.reach_above)
AIRBORNE = frozenset({"float", "fly"})
#: the causes whose arrival is a fall (the Damaged event carries the cause's name)
FALLS = frozenset({"drop", "fall"})
#: the two causes a jump attack has: the text gives each its own arrival (R003-29, A003-21)
JUMP_HIT = "jump attack"
JUMP_MISS = "missed jump attack"

_NO_ROLLS = Roller(random.Random(0))  # stages 1-3 never roll


def here(actor: SpansActor) -> Position:
    return Position(actor.at, actor.height, actor.climbing)


def path(actor: SpansActor, cause: str, to: Position, mode: str, *,
         forced: bool = False, by: str | None = None) -> SpansPath:
    return Path(actor.id, cause, (Step(here(actor), to, mode),), forced, by)


# -- 1. leaving ---------------------------------------------------------------------------


def clinging(walk: SpansWalk, step: SpansStep) -> Ruling:
    """A003-10: partway up a climb, one climbs on, climbs back, or lets go (falls)."""
    if step.frm.climbing is not None and step.mode not in ("climb", "drop", "fall", "jump"):
        return walk.refuse("clinging", f"{walk.path.actor} is partway up a climb: climb on "
                           "or drop", ("R003-07", "A003-10"))
    return PASS


# -- 2. crossing --------------------------------------------------------------------------


def holding(state: SpansState, actor: SpansActor, frm: Position, to: Position,
            mode: str) -> tuple[str, list[str]] | None:
    """The threshold (and its foe holders) that bars a step between two spans, if any.

    R003-20, A003-16: a threshold guarding the way between spans a and b stops foes
    while held, whichever side it stands on and whichever way they go (the check is
    symmetric: a -> b and b -> a look at the same features). A footed mover always
    passes the choke point; an airborne one only within ``threshold.reach_above``
    heights of the threshold's floor (the open point of issue 10, item 16)."""
    opts = _opts(state)
    if opts.threshold.block == "off":
        return None
    m = _space(state)
    a, b = m.span_of(frm.at), m.span_of(to.climbing or to.at)
    if a == b:
        return None
    for span, other, side_height in ((a, b, frm.height), (b, a, to.height)):
        for feature in m.features(span):
            place = m.place(feature)
            if place.kind != "threshold" or other not in place.props.get("guards", []):
                continue
            if mode in AIRBORNE and side_height - m.top(feature) > opts.threshold.reach_above:
                continue  # flown over, above the bodies that block it
            foes = foes_at(state, actor, feature)
            if foes:
                return feature, foes
    return None


def guarded_crossing(walk: SpansWalk, step: SpansStep) -> Ruling:
    """R003-20, A003-16: nobody crosses a held threshold until it is cleared, however
    they came to stand next to it (a jump attack beside the holder included)."""
    state = walk.state
    if step.frm.climbing is not None and step.mode == "climb":
        # rule questions: partway up or down a climb, the crossing between the two spans was
        # ruled when the climb set out (footnote h); a foe stepping into the gate since
        # stands at the floor, not on the wall: climbing on and climbing back alike pass
        return PASS
    held = holding(state, state.actors[walk.path.actor], step.frm, step.to, step.mode)
    if held is None:
        return PASS
    feature, foes = held
    m = _space(state)
    return walk.refuse(
        "threshold_blocked",
        f"{', '.join(foes)} holds {feature}, the way from {m.span_of(step.frm.at)} to "
        f"{m.span_of(step.to.climbing or step.to.at)}", ("R003-20", "A003-16"))


# -- 3. entering --------------------------------------------------------------------------


def held_threshold(walk: SpansWalk, step: SpansStep) -> Ruling:
    """R003-20: a foe standing in a threshold keeps foes out of it. Exception (the cause
    matters, R003-29): a jump attack lands on the holder itself, going through him."""
    state = walk.state
    m = _space(state)
    place = step.to.at
    if (_opts(state).threshold.block == "off" or not m.is_feature(place)
            or m.place(place).kind != "threshold" or step.mode == "jump"
            or step.frm.at == place):  # already in it (a flier settling down): no entry
        return PASS
    foes = foes_at(state, state.actors[walk.path.actor], place)
    if foes:
        return walk.refuse("threshold_blocked", f"{', '.join(foes)} blocks the threshold "
                           f"{place}", ("R003-20", "A003-16"))
    return PASS


def room(walk: SpansWalk, step: SpansStep) -> Ruling:
    """A003-06: a feature holds at most its capacity; a climb is checked as it starts
    (toward the feature) and again as it arrives. A body falling off a climb onto a full
    raised top lands there over its capacity with ``fall.onto_full_feature: lands`` (with
    ``past`` it never comes here: :func:`.geometry.fall_foot` sends it on below)."""
    state = walk.state
    if (step.mode in FALLS and step.frm.climbing is not None
            and _opts(state).fall.onto_full_feature == "lands"):
        return PASS
    places = [step.to.at] if step.to.at != step.frm.at else []  # already in it: no entry
    if step.to.climbing is not None and step.frm.climbing is None:
        places.append(step.to.climbing)
    for place in places:
        capacity = no_room(state, place, walk.path.actor)
        if capacity is not None:
            return walk.refuse("feature_full", f"{place} already holds {capacity}",
                               ("A003-06",))
    return PASS


# -- 4. arriving --------------------------------------------------------------------------


def landing(walk: SpansWalk, step: SpansStep) -> Ruling:
    """R003-25..29: a drop, a fall or a missed jump lands as a fall (an airborne actor
    dropping at its ground just lands, R003-30); a jump that hits transfers the impact,
    which the command resolves before this step (A003-21)."""
    falls = step.mode in FALLS or (step.mode == "jump" and walk.path.cause == JUMP_MISS)
    if not falls:
        return PASS
    state = walk.state
    m = _space(state)
    onto = step.to.at
    if step.mode == "drop" and step.frm.height == m.top(onto) and m.surface(onto) != "skysea":
        return Ruling((ev.Landed(actor=walk.path.actor, at=onto, height=step.frm.height,
                                 rules=("R003-30",)),))
    return Ruling(tuple(start_fall(state, walk.path.actor, onto, walk.path.cause,
                                   walk.roller, from_height=step.frm.height)))


LEAVING = (clinging,)
CROSSING = (guarded_crossing,)
ENTERING = (held_threshold, room)
ARRIVING = (landing,)


class Mover:
    """The pipeline of `spans`, bound to the ruleset's ``evolve``."""

    def __init__(self, evolve: Evolve) -> None:
        self.evolve = evolve
        self._check: Pipeline[SpansState, Position] = Pipeline(
            LEAVING, CROSSING, ENTERING, (), lambda w, s: (), evolve)

    def verdict(self, state: SpansState, route: SpansPath) -> IllegalCommand | None:
        """The ruling of stages 1-3 as data: ``None`` admits, else the refusal (a forced
        path's stop is reported the same way): what the property tests compare."""
        try:
            walked = self._check.walk(state, route, _NO_ROLLS)
        except IllegalCommand as exc:
            return exc
        stop = walked.stop
        return None if stop is None else IllegalCommand(stop.reason, stop.message, stop.rules)

    def admit(self, state: SpansState, route: SpansPath) -> None:
        """Raise the refusal if the rules forbid ``route``: before any roll is made."""
        refusal = self.verdict(state, route)
        if refusal is not None:
            raise refusal

    def walk(self, state: SpansState, route: SpansPath, roller: Roller,
             rules: Sequence[str] = ()) -> list[Event]:
        """Rule ``route`` through all four stages and return its events. ``rules`` are
        the ids the move event cites (they depend on the roll that granted the move)."""
        cited = tuple(rules)

        def moved(walk: SpansWalk, step: SpansStep) -> Sequence[Event]:
            if step.mode in FALLS or (step.mode == "jump" and walk.path.cause != JUMP_HIT):
                return ()
            if step.mode == "jump":
                return (ev.Landed(actor=walk.path.actor, at=step.to.at,
                                  height=step.to.height, rules=cited),)
            return (ev.Moved(actor=walk.path.actor, frm=step.frm.at, to=step.to.at,
                             height=step.to.height, climbing=step.to.climbing,
                             climb_from=step.to.origin, rules=cited),)

        full: Pipeline[SpansState, Position] = Pipeline(
            LEAVING, CROSSING, ENTERING, ARRIVING, moved, self.evolve)
        walked: Walked[SpansState, Position] = full.walk(state, route, roller)
        if walked.stop is not None and walked.stop.before:
            # a forced path that the rules stop goes nowhere: say so as a refusal, since
            # the one who forced it chose the destination (a shove)
            raise IllegalCommand(walked.stop.reason, walked.stop.message, walked.stop.rules)
        return list(walked.events)
