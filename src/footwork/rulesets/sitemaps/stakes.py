"""What is at stake in `sitemaps`: the risk of each option and the consequence of each
answer to a pending decision, in the core's shapes (``Risk``, ``Consequence``).

Every roll here is a STR or AGI roll (A004-01), so every chance comes from
``checks.odds``: the exact chance that one roll fails. A move meets its rolls in order and
stops at the first failure (R004-21, R004-22, R004-24, R004-27, R004-30), so the chance of
what the k-th roll's failure brings is the chance of passing the rolls before it times
the chance of failing it. A pin is the pinner's choice: no chance is given that it is
tried, only the odds of resisting it (R004-19, R004-20).

Fall damage belongs to another chapter (A004-15): a fall gives its metres and where it
lands. An option's words reach every seat, so a zone the players have not seen
(R004-02) is never named, and no actor is named at all (the view drops an option that
names a hidden thing whole).
"""

from __future__ import annotations

from fractions import Fraction

from footwork.engine.choices import SAFE, CheckOdds, Consequence, Fall, Loss, Risk
from footwork.rulesets.sitemaps.checks import FAIL, judge, odds
from footwork.rulesets.sitemaps.model import SiteActor
from footwork.rulesets.sitemaps.movement import (
    Hazard,
    Plan,
    SiteState,
    opts,
    overloaded,
    reach,
    site,
    storeys_down_m,
)
from footwork.rulesets.sitemaps.pipeline import end_of_activation, land

#: the pin and its resisting roll (R004-19..21), pinning's details (A004-04, A004-05)
PIN_RULES = ("R004-19", "R004-20", "R004-21", "A004-04", "A004-05")
#: swimming rolls, drowning and drifting (R004-27, R004-28, A004-12, A004-13)
SWIM_RULES = ("R004-27", "R004-28", "A004-13")
#: what a failed roll of each kind risks: balancing (R004-22, A004-09), a climb and its
#: top (R004-24, A004-11), a leap (R004-30); every fall (A004-15)
FALL_RULES = {"balance": ("R004-22", "A004-09"), "climb": ("R004-24", "A004-11"),
              "climb_top": ("R004-24", "A004-11"), "climbing": ("R004-24", "A004-11"),
              "leap": ("R004-30", "A004-14")}


def fails(state: SiteState, value: int) -> Fraction:
    """The exact chance that a roll against ``value`` fails (A004-01), from the check's
    own odds."""
    return odds(opts(state).check, value).get(FAIL, Fraction(0))


def check(state: SiteState, actor: SiteActor, attribute: str, why: str,
          rules: tuple[str, ...]) -> CheckOdds:
    """The roll ``actor`` makes with ``attribute`` (A004-01), with its exact odds."""
    c = opts(state).check
    value = int(getattr(actor, attribute))
    return CheckOdds(f"{attribute} {value} ({why})", c.dice, odds(c, value), rules,
                     tier_of=judge(c, value))


def fall_of(state: SiteState, h: Hazard, floor: int) -> tuple[str | None, float]:
    """Where a failed roll at ``h`` lands its roller and how many metres it falls, from
    ``floor`` where the movement stopped: a climb puts it back at its foot, one floor
    down (R004-24); the top of a run up climbing faces drops it from the last face into
    that face's ``below`` (R004-24, A004-11); a balance or a leap drops it into the ``below``
    zone, the gap's ``depth_m`` or the floors between (R004-22, R004-24, R004-30,
    A004-15); without a ``below`` it stays where it is. The ruleset's own resolution
    reads this too."""
    height = opts(state).hazards.floor_height_m
    if h.kind == "climb":
        return str(h.detail["lower"]), height
    below = h.detail.get("below")
    metres = float(h.detail.get("depth_m") or 0.0)
    if h.kind == "climb_top":  # it falls off the last face of the climb (R004-24)
        floor = site(state).floor(str(h.detail["face"]))
    if below is not None:
        floors = floor - site(state).floor(str(below))
        metres = metres or max(floors, 0) * height
    return (None if below is None else str(below)), metres


def _where(state: SiteState, zone: str | None) -> str:
    """A zone as every seat may read it (R004-02): its name once revealed."""
    if zone is None:
        return "stays where it is"
    return f"lands in {zone}" if zone in state.world.get("revealed", ()) else "lands below"


def _fall(state: SiteState, h: Hazard, floor: int, chance: Fraction) -> Fall:
    below, metres = fall_of(state, h, floor)
    return Fall(distance=metres, unit="m",
                damage=f"{_where(state, below)}; damage is the falling rules' (A004-15)",
                chance=chance, rules=(*FALL_RULES[h.kind], "A004-15"))


def _drowning(state: SiteState, actor: SiteActor, zone: str, chance: Fraction) -> str:
    """R004-27, R004-28, A004-12, A004-13: why the water needs a roll, and what its
    failure means."""
    m = site(state)
    water = m.specs[zone].water
    why = "turbulent water" if water is not None and water.turbulent else \
        f"water with a heavy load ({actor.bulk} bulk of {actor.carry_limit})"
    drift = ""
    current = water.current if water is not None else None
    if current is not None and opts(state).hazards.drift_zones > 0:
        shown = current if current in state.world.get("revealed", ()) else "downstream"
        drop = storeys_down_m(state, zone, current)
        over = f" over a {drop:g} m fall (A004-15)" if drop > 0 else ""
        drift = f", drifting with the current ({shown}){over} each round"
    rules = ("R004-27", "A004-12") if overloaded(actor) else ("R004-27",)
    return (f"{why}: an AGI roll to leave it and at the end of the activation; a failure "
            f"({chance} ≈{float(chance):.0%}) means drowning, no action until an ally "
            f"rescues it{drift} ({', '.join((*rules, 'R004-28', 'A004-13'))})")


def _pins(state: SiteState, actor: SiteActor, count: int) -> str:
    """R004-19..21, A004-04: a foe may pin; the odds of resisting with each attribute."""
    chooser = "the mover" if opts(state).pin.chooser == "mover" else "the pinner"
    shown = ", ".join(f"{a} {getattr(actor, a)} fails {p} ≈{float(p):.0%}"
                      for a in ("STR", "AGI")
                      for p in (fails(state, int(getattr(actor, a))),))
    foes = "a foe's reach" if count == 1 else f"the reach of {count} foes"
    return (f"{foes}: a pin is the foe's choice (no chance given); resisting, "
            f"{chooser} picks STR or AGI ({shown}); a failure ends the movement and the "
            f"foe places it within {reach(state):g} m (R004-19, R004-20, R004-21)")


def move_risk(state: SiteState, actor: SiteActor, plan: Plan) -> Risk:
    """A move or a rush along ``plan``: each roll on the way, and the one waiting at the
    end of the activation if it ends there, with the exact chance that it is the one
    that fails (the rolls before it passed); the reach of foes who may still pin."""
    fail = fails(state, actor.AGI)
    o = opts(state)
    going = Fraction(1)  # the chance that no roll has failed so far
    falls: list[Fall] = []
    hazards: list[str] = []
    loses: Loss | None = None
    rules: list[str] = []
    pinners = 0
    for h in plan.hazards:
        if h.kind == "pin":
            pinner = state.actors[str(h.pinner)]
            if pinner.pins_used < o.pin.per_round and not pinner.drowning:
                pinners += 1
            continue
        # R004-23: a test no roll can pass fails for certain
        lost = Fraction(1) if h.detail.get("certain") else fail
        chance, going = going * lost, going * (1 - lost)
        zone = plan.path.zone_before(h.distance)[0]
        if h.kind == "swim":
            hazards.append(_drowning(state, actor, str(h.detail.get("zone", zone)), chance))
            loses = Loss("turn", chance, ("R004-27", "R004-28"))
            rules += SWIM_RULES
        else:
            falls.append(_fall(state, h, site(state).floor(zone), chance))
    # the end of the activation: its roll, and (rule questions) the roll owed where a failed one
    # lands the body (a fall off a catwalk into turbulent water, onto a face), as
    # ``on_turn_end`` makes them, at most three in a row (R004-22, R004-24, R004-27)
    zone, at, fell = plan.to, plan.at, actor.fell
    for _ in range(3):
        end = end_of_activation(state, actor, zone, at, fell)
        certain = end is not None and (end.kind == "drown" or bool(end.detail.get("certain")))
        if end is None or not (fail or certain):
            break
        # a drown (R004-29), a surface nobody can balance on (R004-23) or a face nobody can
        # climb (R004-26) is certain: no roll; a move never chooses to end there (refused)
        chance = going if certain else going * fail
        if end.kind in ("swim", "drown"):
            hazards.append(_drowning(state, actor, zone, chance))
            loses = loses or Loss("turn", chance, ("R004-27", "R004-28"))
            rules += SWIM_RULES
            break
        falls.append(_fall(state, end, site(state).floor(zone), chance))
        below, _ = fall_of(state, end, site(state).floor(zone))
        spot = None if below is None else land(state, actor.id, str(below), at, "fall")
        if spot is None:
            break
        zone, at, fell, going = str(below), spot, True, chance
    if pinners:
        hazards.insert(0, _pins(state, actor, pinners))
        rules += PIN_RULES[:3]
    falls = [f for f in falls if f.chance]
    first = falls[0] if falls else None
    # a move has one fall at most (it stops at the first failure); the others are words
    hazards += [f"else, later, a fall: {f.describe()}" for f in falls[1:]]
    for f in falls:
        rules += f.rules
    if loses is not None and not loses.chance:
        loses = None
    risk = Risk(fall=first, hazards=tuple(hazards), loses=loses,
                rules=tuple(dict.fromkeys(rules)))
    return risk if risk else SAFE


# -- the consequence of each answer --------------------------------------------------------


def pin_consequences(state: SiteState, pinner: SiteActor,
                     mover: SiteActor) -> tuple[Consequence, ...]:
    """``pin`` (the mover then resists with STR or AGI, R004-19, R004-20, A004-04) or
    ``let_pass`` (the movement goes on, R004-19)."""
    o = opts(state).pin
    chooser = mover.id if o.chooser == "mover" else pinner.id
    return (
        Consequence("pin", f"{pinner.id} tries to pin {mover.id}; {chooser} picks STR or "
                    f"AGI for {mover.id} to resist; a failure ends its movement and "
                    f"{pinner.id} places it within {reach(state):g} m",
                    cost=f"{pinner.id}'s pin this round ({pinner.pins_used + 1} of "
                    f"{o.per_round})",
                    checks=(check(state, mover, "STR", "resist a pin", ("R004-20",)),
                            check(state, mover, "AGI", "resist a pin", ("R004-20",))),
                    rules=PIN_RULES),
        Consequence("let_pass", f"{mover.id} goes on its way; {pinner.id} keeps its pin",
                    rules=("R004-19", "A004-04")),
    )


def resist_consequences(state: SiteState, mover: SiteActor,
                        pinner: str) -> tuple[Consequence, ...]:
    """``STR`` or ``AGI``: the roll and its exact odds; a failure ends the movement where
    the pin caught it and the pinner places the mover (R004-20, R004-21, A004-05)."""
    found = []
    for attribute in ("STR", "AGI"):
        p = fails(state, int(getattr(mover, attribute)))
        found.append(Consequence(
            attribute, f"{mover.id} rolls {attribute} {getattr(mover, attribute)}: a pass "
            f"goes on; a failure ends its movement and {pinner} places it within "
            f"{reach(state):g} m",
            checks=(check(state, mover, attribute, "resist a pin", ("R004-20",)),),
            risk=Risk(loses=Loss("move", p, ("R004-21",)), rules=("R004-21", "A004-05"))
            if p else SAFE,
            rules=("R004-20", "R004-21")))
    return tuple(found)


def place_consequences(state: SiteState, pinner: SiteActor,
                       mover: str) -> tuple[Consequence, ...]:
    """``place``: a free spot within reach of the pinner (or, with ``pin.place_within:
    mover``, of where the mover stopped); not a move (R004-21, A004-05)."""
    whose = "itself" if opts(state).pin.place_within == "pinner" else f"where {mover} stopped"
    return (Consequence(
        "place", f"{pinner.id} puts {mover} on a free spot within {reach(state):g} m of "
        f"{whose} (give at: [x, y]; without it, the free spot nearest where {mover} "
        "stopped); being placed is not a move, so no pin follows",
        rules=("R004-21", "A004-05")),)

