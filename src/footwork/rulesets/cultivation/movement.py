"""Where one crossing may go and what it costs (R000-01..05, R000-22..29, R000-31..37,
R000-39, R000-44, R000-51, R000-52, R000-60; A000-03..06, A000-08, A000-09, A000-13,
A000-17, A000-21, A000-30).

Each check either passes or raises :class:`IllegalCommand` with the reason and the
rules; ``options`` calls the very same checks, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from footwork.dice import parse_dice
from footwork.engine.events import Event, Rolled
from footwork.engine.rolling import Roller
from footwork.errors import IllegalCommand
from footwork.rulesets.cultivation import events as ev
from footwork.rulesets.cultivation.checks import Challenge
from footwork.rulesets.cultivation.model import CultivationActor
from footwork.rulesets.cultivation.rules import (
    CState,
    antigrav_on,
    best_element,
    has_left,
    in_flight,
    is_falling,
    is_full,
    is_swimming,
    modifier,
    occupants,
    opts,
    space,
    speed_left,
)


@dataclass(frozen=True, slots=True)
class Crossing:
    """One border to cross: its Speed cost and the ratings that call for a Challenge."""

    frm: str
    to: str
    cost: int
    ratings: tuple[tuple[float, str], ...]
    drop: bool
    #: A000-05, ``dt.combine``: how several ratings make the one to beat
    combine: str = "max"

    @property
    def rating(self) -> float | None:
        """A000-05: one Challenge against the highest rating that applies (or their sum)."""
        return combined(self.ratings, self.combine)

    @property
    def against(self) -> str:
        if self.combine == "sum" and len(self.ratings) > 1:
            return " + ".join(why for _, why in self.ratings)
        top = self.rating
        return next(why for r, why in self.ratings if r == top)


def combined(found: tuple[tuple[float, str], ...], combine: str) -> float | None:
    """A000-05: the one rating several on a crossing make: the highest, or their sum."""
    if not found:
        return None
    values = [r for r, _ in found]
    return sum(values) if combine == "sum" else max(values)


def ratings(state: CState, actor: CultivationActor, frm: str, to: str
            ) -> tuple[tuple[float, str], ...]:
    """R000-22 (leaving and entering), R000-37 (a climb in), R000-61 (anti-gravity).

    A000-10, R000-39: a drop is easy, so it owes no climb; the Difficult Terrain of the
    zones whose borders it crosses is still owed (R000-22), as it is of a thrown body
    (R000-52). R000-37, R000-77 (the s31 review): a character in flight does not climb."""
    return _ratings(state, frm, to, actor.waived, entering_only=False,
                    climbs=not in_flight(state, actor))


def entry_ratings(state: CState, frm: str, to: str, waived: Collection[str] = ()
                  ) -> tuple[tuple[float, str], ...]:
    """R000-52: the ratings a forced movement into ``to`` must clear, read as a walker's
    entering them would be: the destination's own rating and, while anti-gravity is on
    there, Difficult Terrain ½ or the halved rating (R000-61, A000-21). Only the target
    zone counts (R000-52), even over a drop; a climb is the climber's, not the thrown's."""
    return _ratings(state, frm, to, waived, entering_only=True)


def forced_rating(state: CState, frm: str, to: str, waived: Collection[str] = ()
                  ) -> float | None:
    """A000-05: the one rating a forced movement's Result must clear, or None."""
    return combined(entry_ratings(state, frm, to, waived), opts(state).dt.combine)


def _ratings(state: CState, frm: str, to: str, waived: Collection[str], *,
             entering_only: bool, climbs: bool = True) -> tuple[tuple[float, str], ...]:
    m, o = space(state), opts(state)
    sides = ((to, "entering"),) if entering_only else ((frm, "leaving"), (to, "entering"))
    found: list[tuple[float, str]] = []
    for zone, verb in sides:
        rating = m.dt[zone]
        if rating is not None and zone not in waived:
            found.append((rating, f"Difficult Terrain {verb} {zone}"))
    # R000-28: the Storyteller's waiver of the zone lifts the climb into it as well
    climb = (None if entering_only or not climbs or m.is_drop(frm, to) or to in waived
             else m.climb(frm, to))
    if climb is not None:
        found.append((climb, f"the climb into {to}"))
    # R000-28: a waiver of the zone lifts its anti-gravity ½ too (the s32 review)
    under = ((antigrav_on(state, to) and to not in waived)
             or (not entering_only and antigrav_on(state, frm) and frm not in waived))
    if under:
        mode = o.antigrav.dt_mode
        if mode == "rating_half":
            found.append((0.5, "anti-gravity (Difficult Terrain ½)"))
        elif mode == "halve_existing":
            found = [(r / 2, f"{why}, halved by anti-gravity") for r, why in found]
    return tuple(found)


def cost(state: CState, actor: CultivationActor, frm: str, to: str) -> int:
    """R000-02: 1 Speed a zone; R000-44, A000-13: 2 when either side has this character
    swimming; A000-21 ``half_speed``: doubled under anti-gravity."""
    o = opts(state)
    # A000-10: a voluntary drop costs 1 Speed, water below or not: falling in is easy
    # (R000-39); the drop rule is the narrower one, so it wins over A000-13 (s31 review)
    if space(state).is_drop(frm, to):
        return 1
    base = 1
    if is_swimming(state, actor, frm) or is_swimming(state, actor, to):
        base = o.swim.border_cost
    if o.antigrav.dt_mode == "half_speed" and (antigrav_on(state, frm) or antigrav_on(state, to)):
        base *= 2
    return base


def not_falling(actor: CultivationActor, *rules: str, in_zone: bool = False) -> None:
    """R000-40, R000-78: a body in mid-fall moves only as it falls, so what needs a Move of
    its own is refused; with ``in_zone``, only what needs the zone is, and only once the
    fall has taken it out of it (:func:`has_left`; the s32 review)."""
    if has_left(actor) if in_zone else is_falling(actor):
        raise IllegalCommand("falling", f"{actor.id} is falling", ("R000-40", "R000-78", *rules))


def can_act_to_move(actor: CultivationActor) -> None:
    if actor.unconscious:
        raise IllegalCommand("unconscious", f"{actor.id} is unconscious", ("R000-47",))
    not_falling(actor)
    if actor.move_over:
        raise IllegalCommand("move_over", f"{actor.id}'s Move is over for this round",
                             ("R000-24", "A000-04", "R000-12"))


def crossing_of(state: CState, actor: CultivationActor, frm: str, to: str) -> Crossing:
    """The border from ``frm`` into ``to``: its cost and ratings (no checks)."""
    return Crossing(frm, to, cost(state, actor, frm, to), ratings(state, actor, frm, to),
                    space(state).is_drop(frm, to), opts(state).dt.combine)


def crossing(state: CState, actor: CultivationActor, to: str, cause: str = "move",
             **context: object) -> Crossing:
    """The crossing from the actor's zone into ``to``, checked by the pipeline's leaving,
    crossing and entering rules (R000-29, R000-60, R000-32...)."""
    from footwork.engine.movement import Path
    from footwork.rulesets.cultivation.pipeline import PIPELINE, step_to

    if to not in space(state):
        raise IllegalCommand("unknown_place", f"there is no zone {to!r}")
    PIPELINE.check(state, Path(actor.id, cause, (step_to(state, actor.at, to),)), **context)
    return crossing_of(state, actor, actor.at, to)


def check_speed(state: CState, actor: CultivationActor, amount: int,
                *, speed: int | None = None) -> None:
    """R000-01..03, R000-44: the Move covers at most Speed; Sprint raises it to 3."""
    budget = actor.speed if speed is None else speed
    if actor.move_over or actor.spent + amount > budget:
        o = opts(state)
        if (not actor.action_spent and not actor.move_over and budget < o.speed.sprint
                and actor.spent + amount <= o.speed.sprint
                and (actor.spent < budget or actor.spent == 0)):
            raise IllegalCommand(
                "needs_sprint", f"{actor.id} has {budget - actor.spent} Speed left and this "
                f"costs {amount}: Sprint first", ("R000-03", "R000-44", "A000-03"))
        raise IllegalCommand("no_speed", f"{actor.id} has {speed_left(actor)} Speed left; "
                             f"this costs {amount}", ("R000-01", "R000-02", "R000-44"))


def dt_challenge(state: CState, actor: CultivationActor, cross: Crossing, element: str | None,
                 bonus: int = 0, rules: tuple[str, ...] = ("R000-23",)) -> Challenge | None:
    if cross.rating is None:
        return None
    chosen = element or best_element(actor)
    extra = ("R000-37", "A000-30") if "climb" in cross.against else ()
    anti = ("R000-61", "A000-21") if "anti-gravity" in cross.against else ()
    many = ("A000-05",) if len(cross.ratings) > 1 else ()
    return Challenge(actor.id, chosen, modifier(state, actor, chosen, bonus), cross.rating,
                     cross.against, (*rules, "R000-22", *extra, *anti, *many))


def dt_outcome(actor: CultivationActor, passed: bool) -> tuple[list[Event], bool]:
    """R000-24/25: a failure costs the Action; with the Action gone the border holds."""
    if passed:
        return [], True
    if not actor.action_spent:
        return [ev.ActionSpent(actor=actor.id, why="failed Difficult Terrain crossing",
                               rules=("R000-24",))], True
    return [], False


def climb_fall_metres(state: CState, cross: Crossing) -> float | None:
    """A000-30 (``climb.on_failure: fall``): how far a climber who fails this crossing
    falls back, or None when a failure is paid like Difficult Terrain: the climb's height
    (the floors' difference, else one zone step, A000-10)."""
    m = space(state)
    # the crossing's own ratings say whether it is a climb (a flier meets none: s31 review)
    if (opts(state).climb.on_failure != "fall"
            or not any(why.startswith("the climb") for _, why in cross.ratings)):
        return None
    rise = m.zone(cross.to).floor_m - m.zone(cross.frm).floor_m
    return abs(rise) if rise else opts(state).fall.zone_height_m


def climb_fall(state: CState, actor: CultivationActor, cross: Crossing, metres: float,
               roller: Roller) -> list[Event]:
    """A000-30, R000-37, R000-40: the failed climber falls back into its own zone; its Move
    is over; the Action is not spent (the fall is the price)."""
    from footwork.rulesets.cultivation.pipeline import begin_fall

    return [ev.CrossingBlocked(actor=actor.id, frm=cross.frm, to=cross.to,
                               why="fell from the climb", rules=("R000-37", "A000-30")),
            *begin_fall(state, actor.id, metres, cross.frm, "climb", roller,
                        how="fell from the climb"),
            ev.MoveEnded(actor=actor.id, why="a climb failed", rules=("A000-30",))]


def blocked(state: CState, actor: CultivationActor, cross: Crossing) -> list[Event]:
    events: list[Event] = [ev.CrossingBlocked(
        actor=actor.id, frm=cross.frm, to=cross.to,
        why="failed Difficult Terrain with the Action already spent", rules=("R000-24",))]
    if opts(state).dt.blocked_ends_move:
        events.append(ev.MoveEnded(actor=actor.id, why="a crossing failed without an Action",
                                   rules=("A000-04",)))
    return events


def opportunities(state: CState, mover: CultivationActor, frm: str) -> list[Event]:
    """R000-06, A000-29: moving gives no Opportunity, except to a foe whose Art grants it
    (the hook: the ``grants_opportunity`` ability); the attack itself is outside this text.
    An Opportunity is an attack on the mover, so only a foe aware of it gets one: one
    never has line of sight to a target it does not know of (R000-66), and sight comes
    before any interaction (R000-65; rule questions: a sneaking mover passes unaware foes)."""
    from footwork.rulesets.cultivation.targeting import aware

    return [ev.OpportunityGranted(actor=a.id, mover=mover.id,
                                  rules=("R000-06", "A000-29", "R000-66"))
            for a in occupants(state, frm, but=mover.id)
            if a.side != mover.side and "grants_opportunity" in a.abilities
            and not a.unconscious and aware(state, a.id, mover.id).allowed]


def defense(state: CState, target: CultivationActor) -> int:
    """A000-08, A000-17: Earth defence by default (or Stealth, by option); A000-15: 0 for a
    body out cold when the table rules it puts up none (``breath.unconscious_defense``)."""
    if target.unconscious and opts(state).breath.unconscious_defense == "none":
        return 0
    if opts(state).forced_move.defense == "stealth":
        return target.stealth_defense
    return target.earth_defense


def throw_destinations(state: CState, target: CultivationActor, frm: str,
                       result: float | None, cause: str = "throw") -> list[str]:
    """R000-51, R000-52, A000-02, A000-08, A000-17: the zones the pipeline lets a forced
    movement with this Result put ``target`` into from ``frm``."""
    from footwork.rulesets.cultivation.pipeline import destinations

    return destinations(state, target.id, frm, result, cause=cause)


def forced_to(state: CState, actor: CultivationActor, to: str, how: str, by: str | None,
              roller: Roller, rules: tuple[str, ...], cause: str = "throw",
              result: float | None = None, round_end: bool = False) -> list[Event]:
    """A forced movement of ``actor`` into ``to``, through the pipeline: across a drop it
    falls (R000-55); otherwise it arrives at once and sets off the zone (R000-54)."""
    from footwork.rulesets.cultivation.pipeline import forced

    events, _ = forced(state, actor.id, to, cause, roller, by=by, how=how, rules=rules,
                       result=result, result_known=True, round_end=round_end)
    return events


def scatter(state: CState, zone: str, entrant: str, roller: Roller, *,
            round_end: bool = False) -> list[Event]:
    """R000-35, A000-09: everyone already inside goes to an adjacent zone picked by a die
    counted clockwise (re-rolled when it shows more than there are zones)."""
    from footwork.engine.movement import Path
    from footwork.rulesets.cultivation.pipeline import PIPELINE, step_to

    m, o = space(state), opts(state)
    open_zones = [z for z in m.clockwise(zone)
                  if o.spillover.ignore_dt or (forced_rating(state, zone, z) is None
                                               and not is_full(state, z))]
    events: list[Event] = []
    for occupant in occupants(state, zone, but=entrant):
        # the s31 review: the die counts only the zones the pipeline lets this body be
        # scattered into (R000-60: a whirlpool here forbids the ones upward), so a roll
        # never leaves it in the full zone
        near = [z for z in open_zones if PIPELINE.allows(
            state, Path(occupant.id, "scatter", (step_to(state, zone, z),), True)) is None]
        if not near:
            continue
        dice = parse_dice(f"d{max(o.spillover.die, len(near))}")
        while True:
            roll, supplied = roller.roll(dice)
            fits = roll.total <= len(near)
            events.append(Rolled(
                actor=occupant.id, check=f"spill-over from {zone} ({len(near)} zones clockwise)",
                dice=str(dice), values=roll.values, total=roll.total,
                outcome=near[roll.total - 1] if fits else "re-roll", supplied=supplied,
                rules=("R000-35", "A000-09")))
            if fits:
                break
        dest = near[roll.total - 1]
        events += forced_to(state, occupant, dest, "scattered", entrant, roller,
                            ("R000-35", "A000-09"), cause="scatter", round_end=round_end)
    return events
