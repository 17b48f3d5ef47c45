"""Every cause of movement in `cultivation`, ruled by one pipeline (issue 16).

A cause (an own move, a joint move, a throw, a crowd throw, a spill-over, a current, a
wave, an elevator, a whirlpool, anti-gravity, a band shift, a fall) builds a
:class:`~footwork.engine.movement.Path`; each step passes the same ordered rules:

* leaving: what holds the actor (a whirlpool forbids any upward step, R000-60);
* crossing: the link (R000-29, R000-51) or, between bands, the band a zone has and
  the ability to rise (R000-77, A000-24), Speed (R000-01..03, R000-44), Difficult
  Terrain (R000-22..26 for a chosen move, R000-52 for a thrown body);
* entering: the character limit (R000-32..35, A000-17);
* arriving: a drop, or leaving the anti-gravity that held the actor up, starts a fall
  on the one schedule of :mod:`.falls` (R000-39, R000-40, R000-55, R000-61), traps
  and start-of-turn benefits (R000-19, R000-54), the spill-over it causes (R000-35) or
  the crowd throw it owes (R000-34).

A rule reads ``walk.path.cause`` only where the text makes the cause matter; those
places are listed in :data:`CAUSE_MATTERS` and in the README.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from footwork.engine.choices import consequences_json
from footwork.engine.codec import JSON
from footwork.engine.events import DecisionRequested, Event
from footwork.engine.movement import PASS, Path, Pipeline, Ruling, Step, Stop, Walk, Walked
from footwork.engine.rolling import Roller
from footwork.engine.state import CONSEQUENCES
from footwork.errors import IllegalCommand
from footwork.rulesets.cultivation import events as ev
from footwork.rulesets.cultivation.checks import PASSED, Challenge
from footwork.rulesets.cultivation.falls import arrive, band_fall_step, start_fall
from footwork.rulesets.cultivation.model import BANDS, GROUND, CultivationActor
from footwork.rulesets.cultivation.rules import (
    CState,
    antigrav_on,
    band_index,
    falling_in_place,
    has_left,
    in_flight,
    modifier,
    occupants,
    opts,
    space,
)

#: R000-53, A000-18: environmental movement, resolved last in the round
ENV_CAUSES = frozenset({"current", "wave", "elevator", "whirlpool", "antigravity"})
#: causes the mover chose (a refusal refuses the command)
CHOSEN = frozenset({"move", "joint_move", "shift"})
#: R000-33, R000-14: the causes whose entrant Challenges a defender at a full zone
CHALLENGERS = frozenset({"move", "joint_move"})
#: R000-48: every other cause is forced movement
FORCED_CAUSES = frozenset({"throw", "crowd_throw", "scatter", "fall", *ENV_CAUSES})

#: R000-54 (rule questions): the falls that are the faller's own doing (its move or joint
#: move over an edge or out of anti-gravity's hold, a climb it let go of): their landing
#: offers no start-of-turn benefit. Every other cause (a throw, a tile, anti-gravity
#: switching off, the Storyteller's ``fall``) imposed the fall (R000-48)
OWN_FALLS = frozenset({"move", "joint_move", "climb"})

#: where the text makes the cause matter, by rule id (the README lists the same)
CAUSE_MATTERS: dict[str, str] = {
    "R000-06": "only an own move can give a foe an Opportunity",
    "R000-01": "only chosen movement spends Speed; forced movement ignores it (R000-55)",
    "R000-23": "a chosen crossing rolls a Difficult Terrain Challenge (R000-14: each "
               "partner of a joint move rolls before either crosses)",
    "R000-52": "a thrown body needs a Result above the rating a walker entering the "
               "destination meets (R000-61 included), not the zone left nor a climb",
    "A000-09": "spill-over ignores Difficult Terrain and limits (spillover.ignore_dt)",
    "R000-53": "environmental movement has no Result: no Difficult Terrain; its falls "
               "begin at the round's end, so their first round is already over",
    "R000-33": "in challenge mode a chosen entrant (a mover, each partner of a joint move) "
               "Challenges a defender; a forced one is refused (A000-17); with spill-over "
               "every cause spills (R000-35)",
    "R000-77": "shifting up by one's own Movement needs flight or levitation",
    "R000-54": "a forced arrival offers the zone's start-of-turn benefits at once (a fall's "
               "landing in a new zone too, unless the fall is the faller's own: OWN_FALLS)",
    "A000-18": "the environment's arrivals set off their zones after every tile has acted",
}


@dataclass
class CWalk(Walk[CState, str]):
    """A path being ruled, with what this ruleset's rules need from its cause."""

    #: a check only: no dice, no events (``options`` and command checks)
    dry: bool = False
    element: str | None = None
    bonus: int = 0
    defender: str | None = None
    #: R000-52: the forced movement's Result; ``result_known`` false: not rolled yet
    result: float | None = None
    result_known: bool = False
    #: how many characters enter together (2 for a joint move)
    entrants: int = 1
    #: who already entered in this same step (a joint move's first partner)
    companions: tuple[str, ...] = ()
    how: str = "move"
    rules: tuple[str, ...] = ("R000-01", "R000-02", "R000-05")
    #: owed on arrival: a spill-over (R000-35) or a crowd throw (R000-34)
    spill: bool = False
    crowd: tuple[str, tuple[str, ...], int] | None = None
    #: a joint move's partners throw their defenders once both are in (R000-14): the
    #: caller asks for the throws, not the arriving stage
    defer_throw: bool = False
    #: the path is ruled in the round's end phase (R000-53): a fall it starts has its
    #: first round there and then
    round_end: bool = False
    #: arrivals whose location effects wait for the environment to finish (A000-18)
    deferred: list[tuple[str, str]] = field(default_factory=list)
    #: the step made the actor fall (a drop, or out of anti-gravity's hold): the landing
    #: sets off the zone
    fell: bool = False


def _mode(state: CState, frm: str, to: str) -> str:
    m = space(state)
    if m.is_drop(frm, to):
        return "drop"
    return "climb" if m.climb(frm, to) is not None else "walk"


def step_to(state: CState, frm: str, to: str) -> Step[str]:
    """The step from ``frm`` into the adjacent zone ``to``; its mode comes from the map."""
    return Step(frm, to, _mode(state, frm, to))


def band_step(zone: str, band: int) -> Step[str]:
    return Step(zone, zone, "band", height=float(band))


def _goes_up(state: CState, walk: CWalk, step: Step[str]) -> bool:
    m = space(state)
    actor = state.actors[walk.path.actor]
    if step.mode == "band":
        return step.height is not None and step.height < band_index(actor)
    # R000-60, R000-75 (the s31 review): a step into water too shallow for the band the
    # actor is in lifts it to the deepest band there (the Moved event), an upward move too
    return (m.zone(step.to).floor_m > m.zone(step.frm).floor_m
            or band_index(actor) > m.deepest(step.to))


# -- leaving --------------------------------------------------------------------------

def opportunity(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-06, A000-29: an own move gives an Opportunity only to a foe whose Art says so."""
    if walk.dry or walk.path.cause != "move" or step.mode == "band":
        return PASS
    from footwork.rulesets.cultivation.movement import opportunities

    return Ruling(tuple(opportunities(walk.state, walk.state.actors[walk.path.actor],
                                      step.frm)))


def whirlpool_hold(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-60: a whirlpool prevents any upward movement, whatever moves the actor."""
    tile = space(walk.state).zone(step.frm).tile
    if (step.mode == "fall" or tile is None or tile.kind != "whirlpool"
            or not _goes_up(walk.state, walk, step)):  # a fall goes down (note l)
        return PASS
    return walk.refuse("whirlpool", f"the whirlpool in {step.frm} allows no upward move",
                       ("R000-60",))


# -- crossing -------------------------------------------------------------------------

def linked(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-29, R000-31, R000-51: a step goes into an adjacent zone only (the Storyteller's
    fall goes where the Storyteller says: a collapsing floor follows no link)."""
    if step.mode in ("band", "fall"):
        return PASS
    m = space(walk.state)
    if step.to not in m:
        raise IllegalCommand("unknown_place", f"there is no zone {step.to!r}")
    if step.to == step.frm:
        return walk.refuse("already_there", f"{walk.path.actor} is already in {step.to}",
                           ("R000-17",))
    if step.to in m.adjacent(step.frm):
        return PASS
    link = m.link(step.frm, step.to)
    why = ("it can be seen but not reached" if link is not None and link.sight
           else "it cannot be seen into" if link is not None and link.reach
           else "no way leads there")
    rules = ("R000-51", "R000-29") if walk.path.cause == "throw" else ("R000-29", "R000-31")
    return walk.refuse("not_adjacent", f"{step.to} is not adjacent to {step.frm}: {why}", rules)


def speed(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-01..03, R000-44: an own move covers at most the Speed (R000-55: forced
    movement never spends it)."""
    from footwork.rulesets.cultivation.movement import check_speed, cost

    actor = walk.state.actors[walk.path.actor]
    if walk.path.cause == "move" and step.mode != "band":
        check_speed(walk.state, actor, cost(walk.state, actor, step.frm, step.to))
    elif walk.path.cause == "shift":
        check_speed(walk.state, actor, 1)
    return PASS


def difficult_terrain(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-22..26 (a chosen crossing Challenges the rating), R000-52 / A000-02 (a thrown
    body needs a Result above it), A000-09 (spill-over ignores it by default)."""
    from footwork.rulesets.cultivation.movement import (
        blocked,
        climb_fall,
        climb_fall_metres,
        crossing_of,
        dt_challenge,
        dt_outcome,
        forced_rating,
    )

    state, cause = walk.state, walk.path.cause
    if step.mode == "band" or cause in ENV_CAUSES or cause in ("fall", "joint_move"):
        return PASS
    actor = state.actors[walk.path.actor]
    o = opts(state)
    if cause == "move":
        cross = crossing_of(state, actor, step.frm, step.to)
        challenge = dt_challenge(state, actor, cross, walk.element, walk.bonus)
        if challenge is None or walk.dry:
            return PASS
        rolled, outcome, _ = challenge.roll(o.challenge, walk.roller)
        fall = climb_fall_metres(state, cross)
        if fall is not None and outcome not in PASSED:  # A000-30: the climber falls back
            return Ruling((rolled, *climb_fall(state, actor, cross, fall, walk.roller)),
                          Stop("blocked", "the climb failed", ("R000-37", "A000-30")))
        paid, crosses = dt_outcome(actor, outcome in PASSED)
        if crosses:
            return Ruling((rolled, *paid))
        return Ruling((rolled, *paid, *blocked(state, actor, cross)),
                      Stop("blocked", "the crossing failed", ("R000-24",)))
    # R000-52, R000-61, A000-21: the ratings this step meets entering, as a walker's
    rating = forced_rating(state, step.frm, step.to, actor.waived)
    if rating is None:
        return PASS
    if cause == "scatter":
        if o.spillover.ignore_dt:
            return PASS
        return walk.refuse("difficult_terrain", f"{step.to} is Difficult Terrain",
                           ("A000-09",))
    if not walk.result_known:  # the throw is not rolled yet: checked when it is
        return PASS
    result = walk.result
    beaten = result is not None and (result > rating if o.forced_move.dt_strictly_greater
                                     else result >= rating)
    if beaten:
        return PASS
    return walk.refuse("dt_not_cleared", f"the Result does not clear {step.to}'s Difficult "
                       f"Terrain ({rating:g})", ("R000-52", "A000-02"))


def spend(walk: CWalk, step: Step[str]) -> Ruling:
    """The Speed an own move pays for the crossing (R000-02, R000-44, A000-13)."""
    from footwork.rulesets.cultivation.movement import cost

    if walk.dry:
        return PASS
    actor = walk.state.actors[walk.path.actor]
    if walk.path.cause == "move" and step.mode != "band":
        if _speed_waits_for_the_limit(walk):
            return PASS  # charged by _crowd_challenge once the entrant gets in (R000-34)
        amount = cost(walk.state, actor, step.frm, step.to)
        return Ruling((ev.SpeedSpent(actor=actor.id, amount=amount, rules=(
            "R000-01", "R000-02", *(("R000-44", "A000-13") if amount > 1 else ()))),))
    if walk.path.cause == "shift":
        return Ruling((ev.SpeedSpent(actor=actor.id, amount=1, rules=("R000-77", "A000-24")),))
    return PASS


def _speed_waits_for_the_limit(walk: CWalk) -> bool:
    """``limit.failed_entry_spends_speed: false`` (rule questions): an entrant naming a defender
    (R000-33) pays the crossing's Speed only if the limit Challenge gets it in."""
    o = opts(walk.state).limit
    return (not o.failed_entry_spends_speed and o.mode == "challenge"
            and walk.path.cause == "move" and walk.defender is not None)


# -- entering -------------------------------------------------------------------------

def room(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-32..35, A000-08, A000-09, A000-17: one limit rule for every way in. A full
    zone: spill-over scatters its occupants whatever brought the entrant (R000-35);
    otherwise a chosen entrant (a mover, or each partner of a joint move, R000-14)
    Challenges a defender (R000-33) and a forced one is turned away (A000-17,
    ``forced_move.respects_limit``). The scattered are placed regardless (A000-09). A fall
    is ruled here when it begins: over an edge by the step that goes over it, the
    Storyteller's fall onto another zone as a forced entry (the s31 review); a fall that
    lands where it began enters nothing and never comes here."""
    state, cause = walk.state, walk.path.cause
    if step.mode == "band" or cause == "scatter":
        return PASS
    o = opts(state)
    zone = space(state).zone(step.to)
    present = occupants(state, step.to)
    # those who entered with this one in the same step (a joint move's first partner) are
    # fellow entrants, never a defender; with spill-over they neither count nor spill
    # again (A000-09), in challenge mode they fill a place like anyone inside (R000-33)
    inside = [a for a in present if a.id not in walk.companions]
    counted = inside if o.limit.mode == "spillover" else present
    aloft = len(falling_in_place(state, step.to))  # fills a place, never a defender (s32)
    full = zone.limit is not None and len(counted) + aloft + walk.entrants > zone.limit
    if cause in CHALLENGERS and walk.defender is not None and not full:
        if walk.dry or cause == "move":
            return walk.refuse("not_full", f"{step.to} is not full: no defender to Challenge",
                               ("R000-33",))
        return PASS  # a joint partner's Challenge for a place its partner did not take
    if not full:
        return PASS
    if cause in FORCED_CAUSES and not o.forced_move.respects_limit:
        return PASS
    if o.limit.mode == "spillover":  # R000-35: every entrant gets in, partners alike
        walk.spill = not walk.dry
        return PASS
    if cause not in CHALLENGERS:
        return walk.refuse("zone_full", f"{step.to} is full", ("A000-17", "R000-32"))
    # R000-33, R000-66: the defender is chosen, so only among those the entrant knows of
    # (a hidden occupant still fills the zone, but is neither named nor choosable)
    names = known_inside(state, walk.path.actor, inside)
    choice = f"({', '.join(names)})" if names else "(nobody it knows of)"
    if walk.defender is None:
        return walk.refuse("zone_full", f"{step.to} is full: name a defender for "
                           f"{walk.path.actor} to Challenge {choice}", ("R000-32", "R000-33"))
    gone = state.actors.get(walk.defender)
    if gone is not None and gone.at == step.to and has_left(gone):
        # R000-40: a body gone over the zone's edge is in no zone until it lands (s34)
        return walk.refuse("bad_defender", f"{gone.id} has gone over the edge of {step.to} "
                           f"and is in no zone until it lands; expected one of: {choice}",
                           ("R000-33", "R000-40"))
    if walk.defender not in names:
        return walk.refuse("bad_defender", f"{walk.defender!r} is not a defender "
                           f"{walk.path.actor} knows of in {step.to}; expected one of: "
                           f"{choice}", ("R000-33", "R000-66"))
    if walk.dry:
        return PASS
    if cause == "joint_move":  # R000-14: rolled by the joint move before either crossed
        assert walk.result_known and walk.result is not None
        return _owe_throw(walk, step, int(walk.result), ())
    return _crowd_challenge(walk, step)


def known_inside(state: CState, entrant: str, inside: Sequence[CultivationActor]
                 ) -> list[str]:
    """R000-33, R000-66: the occupants an entrant may choose as its defender."""
    from footwork.rulesets.cultivation.targeting import aware

    return [a.id for a in inside if aware(state, entrant, a.id).allowed]


def limit_challenge(state: CState, entrant: CultivationActor, defender: CultivationActor,
                    bonus: int = 0) -> Challenge:
    """R000-33, A000-08: the entrant's Earth Challenge against its defender's Earth defence
    (R000-14: a partner's bonus counts, through :func:`modifier`)."""
    from footwork.rulesets.cultivation.movement import defense

    return Challenge(entrant.id, "earth", modifier(state, entrant, "earth", bonus),
                     defense(state, defender), f"{defender.id}'s Earth defence",
                     ("R000-33", "A000-08"))


def throw_choices(state: CState, defender: str, zone: str, origin: str, result: float
                  ) -> list[str]:
    """R000-34, A000-08: where an entrant who won its way into ``zone`` from ``origin`` may
    throw ``defender`` with that Result (the origin only with ``limit.throw_to_origin``)."""
    return [z for z in destinations(state, defender, zone, result, cause="crowd_throw")
            if z != origin or opts(state).limit.throw_to_origin]


def _crowd_challenge(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-33, R000-34, A000-08: an Earth Challenge against the defender; on success the
    entrant goes in and owes the defender a throw into a zone adjacent to the limited one
    that can take it (the entrant's own zone, now left, included)."""
    state = walk.state
    actor = state.actors[walk.path.actor]
    assert walk.defender is not None
    defender = state.actors[walk.defender]
    limit = limit_challenge(state, actor, defender, walk.bonus)
    rolled, outcome, result = limit.roll(opts(state).challenge, walk.roller)
    if outcome not in PASSED:
        return Ruling((rolled, ev.CrossingBlocked(
            actor=actor.id, frm=step.frm, to=step.to,
            why=f"could not force a way past {defender.id}", rules=("R000-34",))),
            Stop("blocked", "the limit Challenge failed", ("R000-34",)))
    return _owe_throw(walk, step, result, (rolled,))


def _owe_throw(walk: CWalk, step: Step[str], result: int, rolled: tuple[Event, ...]
               ) -> Ruling:
    """R000-34, A000-08: the entrant who won is in and owes its defender a throw; with
    nowhere to throw it, it stays out."""
    state = walk.state
    actor = state.actors[walk.path.actor]
    assert walk.defender is not None
    moved = walk.evolve(state, ev.Moved(actor=actor.id, frm=step.frm, to=step.to))
    where = throw_choices(moved, walk.defender, step.to, step.frm, result)
    if not where:
        return Ruling((*rolled, ev.CrossingBlocked(
            actor=actor.id, frm=step.frm, to=step.to,
            why=f"no adjacent zone can take {walk.defender}", rules=("A000-08",))),
            Stop("blocked", "nowhere to throw the defender", ("A000-08",)))
    walk.crowd = (walk.defender, tuple(where), result)
    if _speed_waits_for_the_limit(walk):  # in at last: the crossing is paid
        from footwork.rulesets.cultivation.movement import cost

        paid = ev.SpeedSpent(actor=actor.id, amount=cost(state, actor, step.frm, step.to),
                             rules=("R000-01", "R000-02", "R000-34"))
        return Ruling((*rolled, paid))
    return Ruling(rolled)


def bands_there(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-75, R000-77, A000-24: a band step goes to a band the zone has; rising by one's
    own Movement needs flight (any air band) or levitation (Floating)."""
    if step.mode != "band" or step.height is None:
        return PASS
    from footwork.rulesets.cultivation.tiles import can_stay_aloft

    state = walk.state
    actor = state.actors[walk.path.actor]
    idx = int(step.height)
    if idx < 0 or idx >= len(BANDS):
        return walk.refuse("no_band", f"there is no band that way from {actor.band}",
                           ("R000-75",))
    if idx > space(state).deepest(step.to):
        return walk.refuse("cannot_shift", f"the water of {step.to} does not reach "
                           f"{BANDS[idx]}", ("R000-77", "A000-24"))
    if (walk.path.cause == "shift" and idx < band_index(actor) and idx < GROUND
            and not can_stay_aloft(actor, idx)):
        return walk.refuse("cannot_shift", f"{actor.id} cannot rise to {BANDS[idx]} without "
                           "flight or levitation", ("R000-77", "A000-24"))
    return PASS


# -- the move itself and arriving -----------------------------------------------------

def holds_up(state: CState, zone: str) -> bool:
    """R000-61: anti-gravity switched on holds everyone in its zone up (R000-58: so does an
    elevator that moves bands, with bands on)."""
    tile = space(state).zone(zone).tile
    if antigrav_on(state, zone):
        return True
    return (opts(state).bands.enabled and tile is not None and tile.kind == "elevator"
            and tile.to is None and bool(tile.bands))


def _band_metres(state: CState, actor: CultivationActor) -> float:
    """With bands on, what a body over an edge in an air band that does not hold it adds to
    the drop (the s34 review): its height above the ground, and the bands it has already
    fallen, each band counted as ``bands.metres_per_band`` (R000-78, A000-22), so the
    landing counts the whole fall (R000-41), as a fall in metres carried over an edge adds
    the drop to what is left (the s33 review)."""
    o = opts(state)
    idx = band_index(actor)
    if not o.bands.enabled or idx >= GROUND:
        return 0.0
    fallen = actor.bands_fallen if actor.band_falling else 0
    return float((GROUND - idx + fallen) * o.bands.metres_per_band)


def fall_metres(state: CState, actor_id: str, step: Step[str]) -> float | None:
    """How far a step makes its actor fall, or None: a drop's height (R000-39) plus, for a
    character leaving the zone that held it up, its height above the floor it lands on
    (R000-61: out of anti-gravity's hold, it falls), whatever moved it."""
    if step.mode == "band":
        return None
    if step.mode == "fall":  # the Storyteller's fall: the height it names (R000-40)
        return step.height
    m, actor = space(state), state.actors[actor_id]
    aloft = actor.altitude_m > 0 and not holds_up(state, step.to)
    if step.mode == "drop" and holds_up(state, step.to):
        return None  # R000-61: nobody falls where anti-gravity is on; it floats (_aloft)
    if step.mode == "drop" and in_flight(state, actor):
        return None  # R000-77 (the s31 review): a flier in its air band flies over the edge
    if step.mode == "drop":
        drop = m.drop_metres(step.frm, step.to, opts(state).fall.zone_height_m)
        return drop + (actor.altitude_m if aloft else 0.0) + _band_metres(state, actor)
    if not aloft:
        return None
    return max(0.0, actor.altitude_m + m.zone(step.frm).floor_m - m.zone(step.to).floor_m)


def moved(walk: Walk[CState, str], step: Step[str]) -> Sequence[Event]:
    """The event that puts the actor at the step's end; a fall's is its landing (below)."""
    assert isinstance(walk, CWalk)
    if walk.dry:
        return ()
    if step.mode == "band":
        assert step.height is not None
        return (ev.BandChanged(actor=walk.path.actor, band=BANDS[int(step.height)],
                               how=walk.how, rules=walk.rules),)
    if fall_metres(walk.state, walk.path.actor, step) is not None:
        return ()
    return (ev.Moved(actor=walk.path.actor, frm=step.frm, to=step.to, how=walk.how,
                     by=walk.path.by, rules=walk.rules),)


def drop_fall(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-39, R000-55: over a drop the actor falls, whatever moved it, on the one
    schedule of R000-40 (a fall begun by the environment begins at the round's end);
    R000-61: so does a character carried, thrown or walking out of the zone whose
    anti-gravity held it up, from the height it had risen to."""
    if walk.dry:
        return PASS
    state = walk.state
    metres = fall_metres(state, walk.path.actor, step)
    if metres is None:
        return _aloft(walk, step)
    walk.fell = True
    actor = state.actors[walk.path.actor]
    if actor.fall_onto is not None and actor.fall_onto == actor.at:
        # a body falling in place carried over an edge (the s33 review): the same fall goes
        # on over it, the drop's metres longer (R000-39, R000-40)
        return walk.stop_after("falling", f"{actor.id} falls on over the edge", ("R000-39",), [
            ev.FallCarried(actor=actor.id, onto=step.to, metres=metres,
                           rules=("R000-39", "R000-40", *walk.rules))])
    how = "drop" if walk.path.cause == "move" and step.mode == "drop" else walk.how
    reset: tuple[Event, ...] = ()
    if actor.altitude_m > 0 and not holds_up(state, step.to):  # R000-61: no longer held
        how = f"{how}, out of anti-gravity"
        reset = (ev.AltitudeChanged(actor=walk.path.actor, altitude_m=0,
                                    rules=("R000-61", "R000-39")),)
    events = [*reset, *begin_fall(state, walk.path.actor, metres, step.to, walk.path.cause,
                                  walk.roller, how=how,
                                  at_round_end=walk.round_end or walk.path.cause in ENV_CAUSES)]
    if walk.spill or walk.crowd is not None:  # what the entry owes still follows
        return Ruling(tuple(events))
    return walk.stop_after("falling", f"{walk.path.actor} falls", ("R000-39",), events)


def begin_fall(state: CState, actor_id: str, metres: float, onto: str, cause: str,
               roller: Roller | None, *, how: str | None = None,
               at_round_end: bool = False) -> list[Event]:
    """The one stage where every fall begins, whatever its cause (a drop, a failed climb, a
    throw or a tile over an edge, anti-gravity switching off, the Storyteller's ``fall``):
    R000-61, nobody falls into a zone whose anti-gravity is on: the body enters it floating
    at the height it would have fallen from; R000-40, otherwise one schedule; R000-54,
    whether the landing was forced on the faller comes from the cause (:data:`OWN_FALLS`),
    and only a landing in a new zone sets anything off (:func:`.falls.land`)."""
    assert roller is not None
    forced = cause not in OWN_FALLS
    actor = state.actors[actor_id]
    if holds_up(state, onto):
        if onto == actor.at and cause == "storyteller":
            raise IllegalCommand("held_up", f"the anti-gravity of {onto} is on: nobody falls "
                                 "there", ("R000-61",))
        if onto == actor.at:  # a climber letting go where it is held up stays afloat
            return []
        entered = ev.Moved(actor=actor_id, frm=actor.at, to=onto, how=how or cause,
                           rules=("R000-61", "R000-48"))
        lifted = ev.AltitudeChanged(actor=actor_id, altitude_m=metres, rules=("R000-61",))
        now = _evolve(_evolve(state, entered), lifted)
        return [entered, lifted, *arrive(now, now.actors[actor_id], onto, roller,
                                         forced=forced)]
    return start_fall(state, actor_id, metres, onto, how or cause, roller,
                      at_round_end=at_round_end, voluntary=not forced)


def held_mid_fall(state: CState, actor: CultivationActor, roller: Roller) -> list[Event]:
    """R000-61 for a fall under way (the s32 review): when the zone it falls into has its
    anti-gravity on as the round's fall comes, nobody falls there, so the body enters it
    afloat at the height it still had to fall (this round's distance not covered), as a
    drop into that zone enters it (:func:`begin_fall`); no landing. Its entry was ruled
    when the fall began; the zone's traps go off as on any entry, its benefits only when
    the fall was forced on it (R000-54); a body falling in place is held where it is and
    sets nothing off. Nothing when gravity is on there."""
    onto = actor.fall_onto
    if onto is None or not holds_up(state, onto):
        return []
    lifted = ev.AltitudeChanged(actor=actor.id, altitude_m=actor.fall_left_m, held=True,
                                rules=("R000-61", "R000-40"))
    if onto == actor.at:  # held where it was falling: no new location, nothing set off
        return [lifted]
    entered = ev.Moved(actor=actor.id, frm=actor.at, to=onto, how="held up mid-fall",
                       rules=("R000-61", "R000-40"))
    now = _evolve(_evolve(state, entered), lifted)
    return [entered, lifted, *arrive(now, now.actors[actor.id], onto, roller,
                                     forced=not actor.fall_voluntary)]


def _aloft(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-61, R000-75, R000-78: from one zone that holds a character up into another it
    keeps its height over the ground (metres: measured from the new floor); with bands,
    a character in an air band that neither flies nor is held up where it arrives starts
    to fall a band a round."""
    from footwork.rulesets.cultivation.tiles import can_stay_aloft

    if step.mode == "band":
        return PASS
    state = walk.state
    actor = state.actors[walk.path.actor]
    m = space(state)
    if step.mode == "drop" and not opts(state).bands.enabled:
        # R000-61 (rule questions): over a drop into a zone that holds everyone up, nobody falls:
        # it floats at the height it came over the edge at, above the new floor
        height = m.drop_metres(step.frm, step.to, opts(state).fall.zone_height_m) + \
            actor.altitude_m
        # a body falling in place carried over the edge is held at once at the height it
        # still had, the drop added, its fall over (the s33 review)
        mid_fall = actor.fall_onto is not None and actor.fall_onto == actor.at
        return Ruling((ev.AltitudeChanged(
            actor=actor.id, altitude_m=height + (actor.fall_left_m if mid_fall else 0.0),
            held=mid_fall, rules=("R000-61", "R000-39")),))
    if actor.altitude_m > 0:  # held up on both sides (else it fell, above)
        height = max(0.0, actor.altitude_m + m.zone(step.frm).floor_m - m.zone(step.to).floor_m)
        if height != actor.altitude_m:
            return Ruling((ev.AltitudeChanged(actor=actor.id, altitude_m=height,
                                              rules=("R000-61",)),))
        return PASS
    idx = band_index(actor)
    if (not opts(state).bands.enabled or idx >= GROUND or actor.band_falling
            or can_stay_aloft(actor, idx) or holds_up(state, step.to)):
        return PASS
    events: list[Event] = [ev.BandFallStarted(actor=actor.id, rules=("R000-61", "R000-78"))]
    if walk.round_end or walk.path.cause in ENV_CAUSES:  # its first round is this one
        events += band_fall_step(state, replace(actor, band_falling=True, bands_fallen=0),
                                 walk.roller)
    return Ruling(tuple(events))


def location(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-19, R000-54: traps go off on entering; a forced arrival may use the zone's
    start-of-turn benefits. The environment's arrivals wait for every tile (A000-18).
    A fall's landing sets off the zone instead (:func:`.falls.land`)."""
    if step.mode == "band" or walk.fell or walk.dry:  # a fall's landing sets off the zone
        return PASS
    if walk.path.cause in ENV_CAUSES:
        walk.deferred.append((walk.path.actor, step.to))
        return PASS
    actor = walk.state.actors[walk.path.actor]
    return Ruling(tuple(arrive(walk.state, actor, step.to, walk.roller,
                               forced=walk.path.forced)))


def spill_over(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-35, A000-09: the occupants of the full zone are scattered."""
    if not walk.spill or walk.dry:
        return PASS
    from footwork.rulesets.cultivation.movement import scatter

    events = scatter(walk.state, step.to, walk.path.actor, walk.roller,
                     round_end=walk.round_end or walk.path.cause in ENV_CAUSES)
    return Ruling(tuple(events))


def crowd_throw(walk: CWalk, step: Step[str]) -> Ruling:
    """R000-34, A000-08: the entrant now throws the defender (a pending decision)."""
    if walk.crowd is None or walk.dry or walk.defer_throw:
        return PASS
    defender, where, result = walk.crowd
    return Ruling((crowd_request(walk.state, walk.path.actor, defender, step.to, where,
                                 result),))


def crowd_request(state: CState, entrant: str, defender: str, zone: str,
                  where: Sequence[str], result: float,
                  then: Mapping[str, JSON] | None = None) -> DecisionRequested:
    """R000-34, A000-08: the entrant's pending throw of its defender out of ``zone``;
    ``then``: the next partner's throw of a joint move, asked once this one is answered
    (R000-14)."""
    from footwork.rulesets.cultivation.stakes import crowd_consequences

    context: dict[str, JSON] = {
        "entrant": entrant, "defender": defender, "zone": zone, "result": result,
        CONSEQUENCES: consequences_json(crowd_consequences(
            state, state.actors[defender], zone, tuple(where)))}
    if then is not None:
        context["then"] = dict(then)
    return DecisionRequested(actor=entrant, kind="crowd_throw", choices=tuple(where),
                             prompt=f"where does {entrant} throw {defender}?",
                             context=context, rules=("R000-34", "A000-08"))


class CultivationPipeline(Pipeline[CState, str]):
    """The core pipeline with this ruleset's walk: a check mode without dice (for
    ``options`` and command checks) and the context a cause brings (its Result, the
    defender, how many enter together)."""

    def walk(self, state: CState, path: Path[str], roller: Roller,
             **context: object) -> Walked[CState, str]:
        walk = CWalk(path, state, roller, self.evolve, **context)  # type: ignore[arg-type]
        return self._walk(walk)

    def run(self, state: CState, path: Path[str], roller: Roller | None,
            **context: object) -> tuple[Walked[CState, str], CWalk]:
        walk = CWalk(path, state, roller, self.evolve, **context)  # type: ignore[arg-type]
        return self._walk(walk), walk

    def _walk(self, walk: CWalk) -> Walked[CState, str]:
        # a check without dice stops after entering (nothing is moved or rolled)
        return self.follow(walk, through="entering" if walk.dry else "arriving")

    def check(self, state: CState, path: Path[str], **context: object) -> None:
        """Leaving, crossing and entering without dice: raises what a chosen path would
        meet (a forced path is checked as if chosen, so a refusal is an answer)."""
        chosen = Path(path.actor, path.cause, path.steps, False, path.by)
        walk = CWalk(chosen, state, None, self.evolve, dry=True,  # type: ignore[arg-type]
                     **context)  # type: ignore[arg-type]
        self._walk(walk)

    def allows(self, state: CState, path: Path[str], **context: object) -> IllegalCommand | None:
        try:
            self.check(state, path, **context)
        except IllegalCommand as exc:
            return exc
        return None


def _evolve(state: CState, event: Event) -> CState:
    from footwork.rulesets.cultivation.ruleset import evolve_event

    return evolve_event(state, event)


PIPELINE = CultivationPipeline(
    leaving=(opportunity, whirlpool_hold),  # type: ignore[arg-type]
    crossing=(linked, bands_there, speed, difficult_terrain, spend),  # type: ignore[arg-type]
    entering=(room,),  # type: ignore[arg-type]
    arriving=(drop_fall, location, spill_over, crowd_throw),  # type: ignore[arg-type]
    moved=moved,
    evolve=_evolve,
)


def destinations(state: CState, target: str, frm: str, result: float | None, *,
                 cause: str = "throw") -> list[str]:
    """R000-51, R000-52, A000-08, A000-17: where a forced movement with this Result may
    put ``target`` from ``frm``: the pipeline's own check of each adjacent zone."""
    found = []
    for zone in space(state).adjacent(frm):
        path = Path(target, cause, (step_to(state, frm, zone),), True)
        if PIPELINE.allows(state, path, result=result, result_known=True) is None:
            found.append(zone)
    return found


def forced(state: CState, actor: str, to: str, cause: str, roller: Roller, *,
           by: str | None = None, how: str | None = None, rules: tuple[str, ...] = (),
           result: float | None = None, result_known: bool = False, round_end: bool = False
           ) -> tuple[list[Event], CWalk]:
    """A forced movement of ``actor`` one zone into ``to``: stopped, not refused, where the
    rules forbid it (R000-48, A000-17)."""
    frm = state.actors[actor].at
    path = Path(actor, cause, (step_to(state, frm, to),), True, by)
    walked, walk = PIPELINE.run(state, path, roller, how=how or cause, rules=rules,
                                result=result, result_known=result_known,
                                round_end=round_end)
    events = list(walked.events)
    if walked.stop is not None and walked.stop.before:
        events.append(ev.CrossingBlocked(actor=actor, frm=frm, to=to, why=walked.stop.message,
                                         rules=walked.stop.rules))
    return events, walk


def storyteller_fall(state: CState, actor: str, onto: str, metres: float,
                     roller: Roller) -> list[Event]:
    """The Storyteller's fall of ``actor`` onto another zone (a collapsing floor): a map
    effect forced on it (R000-48), so one forced step of mode ``fall`` through the same
    stages as a thrown body (the s31 review): no link needed, no Difficult Terrain (no
    Result, R000-53), the limit as for any forced entrant (A000-17: refused, the
    Storyteller names another zone; R000-35: spill-over scatters those inside), then the
    fall (R000-40, R000-61) and the landing (R000-41, R000-54)."""
    path = Path(actor, "fall", (Step(state.actors[actor].at, onto, "fall", height=metres),),
                True)
    try:
        PIPELINE.check(state, path)
    except IllegalCommand as exc:
        if exc.reason != "zone_full":
            raise
        raise IllegalCommand("zone_full", f"{onto} is full: a fall forced on {actor} cannot "
                             "land there; name another zone (or forced_move.respects_limit "
                             "false, or limit.mode spillover)", exc.rules) from None
    walked = PIPELINE.walk(state, path, roller, how="a fall", rules=("R000-40", "R000-48"))
    return list(walked.events)


def forced_band(state: CState, actor: str, band: int, cause: str, roller: Roller, *,
                how: str, rules: tuple[str, ...]) -> list[Event]:
    """A forced change of band (an elevator, a whirlpool, anti-gravity): the same band
    rules as a shift, stopped where they forbid it."""
    zone = state.actors[actor].at
    path = Path(actor, cause, (band_step(zone, band),), True)
    walked = PIPELINE.walk(state, path, roller, how=how, rules=rules)
    return list(walked.events)
