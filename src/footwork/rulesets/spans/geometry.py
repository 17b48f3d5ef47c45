"""Where one move may go: on the ground (Run), through the air (Float, Fly), or a Climb.

Each function either returns the resulting position or raises
:class:`IllegalCommand` with the reason and the rules that forbid the move. This is
only the reach of the mode; whether the actor may enter the place (a held threshold,
a full feature) is ruled by the one pipeline (``pipeline.py``) for every cause.
The ``*_targets`` functions list every legal destination for ``options``; they
call the same checks, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from footwork.engine.state import State
from footwork.errors import IllegalCommand
from footwork.rulesets.spans.model import SpansActor, SpansMap
from footwork.rulesets.spans.options import SpansOptions

SpansState = State[SpansActor]


@dataclass(frozen=True, slots=True)
class Position:
    at: str
    height: int
    climbing: str | None = None
    #: partway up or down a climb: the place the climb started from (A003-10: climb back)
    origin: str | None = None


def _space(state: SpansState) -> SpansMap:
    space: SpansMap = state.space
    return space


def _opts(state: SpansState) -> SpansOptions:
    opts: SpansOptions = state.options
    return opts


def _known(m: SpansMap, place: str) -> None:
    if place not in m:
        raise IllegalCommand("unknown_place", f"there is no place {place!r} on the map")


def defeated_under(opts: SpansOptions, actor: SpansActor) -> bool:
    """A003-16 (footwork's reading, ``life.zero: defeated``): life 0 is defeat. The
    defeated holds no threshold, takes no turns and is refused every command (the s32
    review); with ``life.zero: guide`` nobody is defeated until the Guide says so."""
    return actor.life <= 0 and opts.life.zero == "defeated"


def defeated(state: SpansState, actor: SpansActor) -> bool:
    """:func:`defeated_under` the state's options."""
    return defeated_under(_opts(state), actor)


def takes_room(opts: SpansOptions, actor: SpansActor) -> bool:
    """Whether ``actor`` counts against a feature's capacity (A003-06): a body lost in the
    Skysea does not, nor a defeated one unless ``life.defeated_takes_room`` (the s33
    review: as a defeated holder no longer blocks a threshold, A003-16)."""
    if actor.removed:
        return False
    return not defeated_under(opts, actor) or opts.life.defeated_takes_room


def out_of_the_fight(state: SpansState, target: SpansActor) -> bool:
    """The s33 review: an attack, a jump attack or a shove is aimed at a foe in the fight
    (R003-11, R003-29); A003-16 counts a defeated one out, like one who left, unless
    ``life.defeated_targetable``."""
    return defeated(state, target) and not _opts(state).life.defeated_targetable


def refuse_defeated_target(state: SpansState, target: SpansActor) -> None:
    """Refuse a command aimed at a foe :func:`out_of_the_fight`."""
    if out_of_the_fight(state, target):
        raise IllegalCommand("target_defeated", f"{target.id} is defeated (life 0): out "
                             "of the fight, no longer a foe to attack or shove",
                             ("A003-16", "R003-11", "R003-29"))


def foes_at(state: SpansState, actor: SpansActor, place: str) -> list[str]:
    # A003-16: a defeated occupant (life 0) no longer holds anything
    return [
        a.id for a in state.actors.values()
        if a.at == place and a.side != actor.side and not a.removed and a.climbing is None
        and not defeated(state, a)
    ]


def _check_surface(m: SpansMap, to: str) -> None:
    """R003-26: the Skysea has no ground to walk or climb onto, be it the next span or
    the open span around a skyreme's deck; only a fall goes there."""
    if m.surface(to) == "skysea":
        raise IllegalCommand(
            "no_surface", f"{to} is the open Skysea: there is nothing to stand on (drop to fall)",
            ("R003-26",),
        )


def _no_stairs(here: str) -> IllegalCommand:
    return IllegalCommand(
        "needs_climb", f"{here} has no stairs or slope: climb down or drop", ("R003-23",)
    )


def ground_step(state: SpansState, actor: SpansActor, to: str) -> Position:
    """One Run move (R003-03, R003-13): to a feature of this span, the open span, or an
    adjacent span; never onto a climb-only height (R003-23)."""
    m = _space(state)
    _known(m, to)
    here = actor.at
    if actor.climbing is not None:
        raise IllegalCommand("clinging", f"{actor.id} is partway up a climb: climb on or drop",
                             ("R003-07",))
    if actor.mode != "grounded":
        raise IllegalCommand("airborne", f"{actor.id} is {actor.mode}: use fly or float",
                             ("R003-32", "R003-34"))
    if to == here:
        raise IllegalCommand("already_there", f"{actor.id} is already at {to}")
    span = m.span_of(here)
    # R003-23: stairs or a slope are needed only where the step changes height; a
    # climb-only feature is left by a Climb or a drop, except by a level step off its top
    stairs = actor.height == m.ground(here) or m.place(here).props.get("access") == "run"
    if m.span_of(to) == span:
        _check_surface(m, to)
        level = m.top(to) == actor.height
        if not level and not stairs:
            raise _no_stairs(here)
        if m.is_feature(to) and not level:
            feature = m.place(to)
            if feature.kind == "on_high" and feature.props.get("access") != "run":
                raise IllegalCommand(
                    "needs_climb", f"nothing leads up to {to}: it must be climbed", ("R003-23",)
                )
        return Position(to, m.top(to))
    if m.is_feature(to):
        raise IllegalCommand(
            "not_adjacent", f"{to} is a feature of another span; run to its span first",
            ("R003-13",),
        )
    if to not in m.adjacent_spans(span):
        raise IllegalCommand("not_adjacent", f"{to} is not adjacent to {span}", ("R003-13",))
    _check_surface(m, to)
    # across at the height one stands at, or down the feature's stairs and across, or
    # by stairs between the spans
    if m.ground(to) == actor.height:
        return Position(to, m.ground(to))
    if not stairs:
        raise _no_stairs(here)
    if m.ground(to) != m.ground(span) and not m.has_stairs(span, to):
        up = m.ground(to) > m.ground(span)
        raise IllegalCommand(
            "needs_climb",
            f"{to} is {'higher' if up else 'lower'} with no stairs: "
            f"{'climb' if up else 'climb down or drop'}",
            ("R003-23", "A003-10"),
        )
    return Position(to, m.ground(to))


def air_step(
    state: SpansState, actor: SpansActor, to: str | None, direction: str | None
) -> Position:
    """One Float or Fly move: a span across or a height up or down (R003-32, R003-34)."""
    m = _space(state)
    if actor.mode == "grounded":
        raise IllegalCommand("not_airborne", f"{actor.id} is not airborne", ("R003-30",))
    diagonal = _opts(state).fly.diagonal and actor.mode == "flying"
    if (to is None) == (direction is None) and not (diagonal and to and direction):
        raise IllegalCommand(
            "bad_move", "give either a place (to) or a direction (up/down)", ("A003-11",)
        )
    height = actor.height + {"up": 1, "down": -1, None: 0}[direction]
    span = m.span_of(actor.at)
    if to is None:
        if height < m.ground(span):
            raise IllegalCommand("below_ground", f"{actor.id} is already at the ground")
        # leaving a feature's top vertically puts the character in the open air of the span
        return Position(span if m.is_feature(actor.at) else actor.at, height)
    _known(m, to)
    if to == actor.at:
        raise IllegalCommand("already_there", f"{actor.id} is already at {to}")
    if m.span_of(to) == span:
        if height < m.ground(span):  # a diagonal move down cannot sink into the ground
            raise IllegalCommand("below_ground", f"{actor.id} is already at the ground")
        if m.is_feature(to) and m.top(to) != height:
            raise IllegalCommand(
                "wrong_height", f"{to} is at height {m.top(to)}; {actor.id} flies at {height}",
                ("A003-11",),
            )
        return Position(to, height)
    if m.is_feature(to) or to not in m.adjacent_spans(span):
        raise IllegalCommand("not_adjacent", f"{to} is not adjacent to {span}", ("R003-13",))
    if height < m.ground(to):
        raise IllegalCommand("below_ground", f"{to}'s ground is at height {m.ground(to)}, "
                             f"above height {height}")
    return Position(to, height)


def climb_step(state: SpansState, actor: SpansActor, to: str) -> Position:
    """One Climb: a height up toward ``to`` (R003-07), or down (A003-10)."""
    m = _space(state)
    opts = _opts(state)
    _known(m, to)
    if actor.hands_free < opts.climb.hands_needed:
        raise IllegalCommand(
            "hands_full", f"{actor.id} needs {opts.climb.hands_needed} free hands to climb",
            ("R003-06", "A003-24"),
        )
    if actor.mode != "grounded":
        raise IllegalCommand("airborne", f"{actor.id} is {actor.mode}: use fly or float")
    here = actor.at
    span = m.span_of(here)
    if actor.climbing is not None:
        # A003-10: climb on, climb back to where the climb began (up or down), or drop
        back = actor.climb_from or here
        if to not in (actor.climbing, back):
            raise IllegalCommand(
                "clinging", f"{actor.id} is climbing toward {actor.climbing}: climb on, "
                f"climb back to {back}, or drop", ("A003-10",))
        # turning back, the climb now heads for where it began, away from its old target
        origin = actor.climb_from if to == actor.climbing else actor.climbing
        return _climb_toward(m, actor, to, opts, origin)
    if m.span_of(to) == span:
        # R003-07, A003-10: within the span a climb starts where the climber stands
        # (a deck, a quarterdeck) and goes up or down toward an on-high top, or down to
        # the open ground (A003-06: leaving one feature for another is one move)
        if m.is_feature(to) and (m.place(to).kind != "on_high" or to == here):
            raise IllegalCommand("cannot_climb", f"{to} has no height to climb to",
                                 ("R003-07",))
        if not m.is_feature(to) and actor.height <= m.ground(span):
            raise IllegalCommand("cannot_climb", f"{actor.id} cannot climb to {to}")
        if m.top(to) == actor.height:
            raise IllegalCommand("no_climb_needed", f"{to} is level with {actor.id}: run "
                                 "instead", ("R003-23",))
        _check_surface(m, to)
        return _climb_toward(m, actor, to, opts)
    if m.is_feature(to) or to not in m.adjacent_spans(span):
        raise IllegalCommand("not_adjacent", f"{to} is not adjacent to {span}", ("R003-13",))
    _check_surface(m, to)
    if m.ground(to) == actor.height:
        raise IllegalCommand("no_climb_needed", f"{to} is level with {actor.id}: run instead")
    # A003-06: leaving a feature for the next span is one move, a Climb as well as a
    # Run; only the top of a raised feature is left by coming down first
    if m.is_feature(here) and actor.height > m.ground(here):
        raise IllegalCommand("cannot_climb", f"come down from {here} first", ("A003-06",))
    return _climb_toward(m, actor, to, opts)


def _climb_toward(m: SpansMap, actor: SpansActor, to: str, opts: SpansOptions,
                  origin: str | None = None) -> Position:
    """One height toward ``to``; partway, the climber clings with ``origin`` (default:
    where it stands now) as the place to climb back to (A003-10)."""
    top = m.top(to)
    step = 1 if top > actor.height else -1
    if step < 0 and not opts.climb.allow_down:
        raise IllegalCommand("no_climbing_down", "climbing down is switched off", ("A003-10",))
    height = actor.height + step
    if height == top:
        return Position(to, height)
    # partway: a climber hangs over the span it would fall into
    base = m.span_of(actor.at) if step > 0 else m.span_of(to)
    return Position(base, height, climbing=to, origin=origin or actor.at)


def no_room(state: SpansState, place: str, mover: str) -> int | None:
    """A003-06: the capacity of the feature ``place`` when it already holds that many
    others than ``mover``, else None (a span, or room left)."""
    m = _space(state)
    if not m.is_feature(place):
        return None
    capacity = m.place(place).props.get("capacity")
    if capacity is None:
        return None
    opts = _opts(state)
    entering = state.actors.get(mover)
    if entering is not None and not takes_room(opts, entering):
        return None  # a body that counts against no capacity fits in any (the s34 review)
    inside = [a for a in state.actors.values()
              if a.at == place and a.id != mover and takes_room(opts, a)]
    return int(capacity) if len(inside) >= int(capacity) else None


def fall_foot(state: SpansState, actor: SpansActor, toward: str | None = None) -> str:
    """Where a fall off a climb lands: the climb's foot (:func:`foot`); with
    ``fall.onto_full_feature: past`` a raised top there with no room left (A003-06) does
    not catch the body, which falls on to the open span below it (the s31 review)."""
    m = _space(state)
    onto = foot(m, actor, toward)
    if (actor.climbing is not None or toward is not None) and \
            _opts(state).fall.onto_full_feature == "past" and \
            no_room(state, onto, actor.id) is not None:
        return m.span_of(onto)
    return onto


def foot(m: SpansMap, actor: SpansActor, toward: str | None = None) -> str:
    """Where a fall off a climb lands (R003-25, A003-09): the lower end of the climb (the
    one under way, else the one toward ``toward``) when that end is a raised top (a deck,
    a quarterdeck), else that end's span; with no climb, the actor's span, or the feature
    an airborne actor hovers at (a deck over the Skysea: R003-26 is for the open sky)."""
    ends = [e for e in (actor.climbing or toward, actor.climb_from or actor.at)
            if e is not None]
    if actor.climbing is None and toward is None:
        return actor.at if actor.mode != "grounded" else m.span_of(actor.at)
    low = min(ends, key=m.top)
    return low if m.is_feature(low) and m.top(low) > m.ground(low) else m.span_of(low)


def candidates(state: SpansState, actor: SpansActor) -> Iterator[str]:
    """Every place one move could conceivably reach: this span, its features, neighbours."""
    m = _space(state)
    span = m.span_of(actor.at)
    yield span
    yield from m.features(span)
    yield from m.adjacent_spans(span)


def legal(check: Callable[[str], Position], places: Iterator[str]) -> dict[str, Position]:
    """The places for which ``check`` does not refuse, with where each move ends."""
    found: dict[str, Position] = {}
    for place in places:
        try:
            found[place] = check(place)
        except IllegalCommand:
            continue
    return found
