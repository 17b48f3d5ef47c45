"""What is at stake in `cultivation` (issue 13, items 9 and 10): each option's risk and
each pending choice's consequence, checked against brute force where dice decide them."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from footwork.engine import Session
from footwork.engine.choices import CheckOdds, Option, consequence_of
from footwork.engine.view import Seat, View

from ._helpers import a, actor, session
from .test_forced import arena

CLIFF = [{"id": "top"}, {"id": "bottom"}, {"id": "rubble", "dt": 15}, {"id": "wall"},
         {"id": "pool", "water_m": 6}, {"id": "deep", "submerged": True},
         {"id": "river", "tile": {"kind": "current", "to": "top"}},
         {"id": "vortex", "tile": {"kind": "whirlpool", "to": "top"}},
         {"id": "hall", "traps": [{"name": "spikes", "damage": 2, "luck": 3, "known": True},
                                  {"name": "pit", "damage": 4}]}]
CLIFF_LINKS: list[Any] = [
    {"a": "top", "b": "bottom", "one_way": True, "drop": True, "drop_m": 12},
    ["top", "rubble"], {"a": "top", "b": "wall", "climb": "sheer"}, ["top", "pool"],
    ["top", "deep"], ["top", "river"], ["top", "vortex"], ["top", "hall"]]


def cliff(**stats: Any) -> Session[Any]:
    return session([actor("wu", "top", **stats)], zones=CLIFF, links=CLIFF_LINKS,
                   options={"speed": {"base": 3}})


def _option(s: Session[Any], who: str, **command: Any) -> Option:
    found = [o for o in s.options(who)
             if all(o.command.get(k) == v for k, v in command.items())]
    assert len(found) == 1, [o.command for o in s.options(who)]
    return found[0]


def _brute_miss(check: CheckOdds, modifier: int) -> Fraction:
    """Every face of the d20 read by the check's own tier reading."""
    assert check.tier_of is not None
    misses = sum(1 for face in range(1, 21)
                 if check.tier_of(face + modifier) in ("failure", "disaster"))
    return Fraction(misses, 20)


def test_a_drop_is_a_certain_fall_with_its_damage_not_just_one_speed() -> None:
    """R000-39, R000-41, A000-10, A000-11: 12 m onto hard ground deal floor(12 / 5) = 2
    off the Aura; the option still costs 1 Speed, and now says what it does."""
    o = _option(cliff(), "wu", do="move", to="bottom")
    fall = o.risk.fall
    assert o.cost == "1 Speed"
    assert fall is not None and fall.chance == 1 and fall.distance == 12 and fall.unit == "m"
    assert fall.damage.startswith("2 damage off the Aura (hard: 1 per 5 m)")
    assert {"R000-39", "R000-41", "A000-10", "A000-11"} <= set(o.risk.rules)
    assert o.to_json()["risk"]["fall"]["distance"] == 12  # type: ignore[index]


def test_a_fall_that_empties_the_aura_warns_of_the_wound() -> None:
    """R000-42: the fall that takes the Aura to 0 gives a Wound."""
    fall = _option(cliff(aura=2), "wu", do="move", to="bottom").risk.fall
    assert fall is not None and "a Wound (Aura 2)" in fall.damage and "R000-42" in fall.rules


def test_a_difficult_crossing_may_lose_the_action_with_the_challenge_odds() -> None:
    """R000-22..25: a Failure or a Disaster spends the Action; its exact chance is the
    Challenge's own odds, checked face by face."""
    s = cliff(earth=3)
    o = _option(s, "wu", do="move", to="rubble", element="earth")
    loses = o.risk.loses
    assert loses is not None and loses.what == "action" and "R000-24" in loses.rules
    assert loses.chance == _brute_miss(o.checks[0], 3) == Fraction(11, 20)


def test_with_the_action_spent_a_failed_crossing_stays_put() -> None:
    """R000-24, A000-04: with the Action already spent the border holds."""
    s = session([actor("wu", "top", earth=3)], zones=CLIFF, links=CLIFF_LINKS)
    s.do({"do": "sprint", "actor": "wu"})
    assert a(s, "wu").action_spent
    loses = _option(s, "wu", do="move", to="rubble", element="earth").risk.loses
    assert loses is not None and loses.what == "move" and "A000-04" in loses.rules


def test_a_climb_is_a_challenge_that_may_lose_the_action() -> None:
    """R000-37, A000-30: a sheer climb is a Challenge against 20."""
    o = _option(cliff(air=2), "wu", do="move", to="wall", element="air")
    assert o.risk.loses is not None and o.risk.loses.chance == _brute_miss(o.checks[0], 2)
    assert {"R000-37", "A000-30"} <= set(o.risk.rules)


def test_water_breath_currents_and_whirlpools_are_hazards() -> None:
    """R000-43..47 and R000-57, R000-60: what waits in the zone entered."""
    s = cliff()
    pool = _option(s, "wu", do="move", to="pool").risk.hazards
    assert pool and pool[0].startswith("deep water (6 m): swimming, Penalty 6")
    deep = _option(s, "wu", do="move", to="deep").risk.hazards
    assert deep and "breath lasts 3 rounds" in deep[0]
    assert "carried to top" in _option(s, "wu", do="move", to="river").risk.hazards[0]
    assert "R000-60" in _option(s, "wu", do="move", to="vortex").risk.hazards[0]


def test_only_known_traps_are_shown_with_their_luck_chance() -> None:
    """R000-19: a known trap with its chance (d6 at most 3: 1/2); a trap nobody knows of
    stays a secret until sprung, in every seat's options."""
    s = cliff()
    o = _option(s, "wu", do="move", to="hall")
    assert o.risk.hazards == ("trap spikes (2 damage, goes off 1/2 ≈50%)",)
    for seat in (Seat.parse("side:crew"), Seat.parse("actor:wu")):
        shown = View(s.engine, seat).options(s.state, "wu")
        assert shown and "pit" not in str([x.to_json() for x in shown])


def test_partner_answers_say_what_they_do() -> None:
    """R000-07, R000-08: accept makes Partners; refuse does nothing."""
    s = session([actor("wu", "a"), actor("li", "a")])
    s.do({"do": "partner", "actor": "wu", "target": "li"})
    accept = consequence_of(s.state.pending, "accept")
    refuse = consequence_of(s.state.pending, "refuse")
    assert accept is not None and "become Partners" in accept.words
    assert refuse is not None and "R000-08" in refuse.rules


def test_defend_shows_the_throw_odds_and_the_fall_they_risk() -> None:
    """R000-49, R000-55: defending rolls the thrower's Challenge; a Success pitches the
    target over the drop; forfeiting makes the fall certain (R000-50)."""
    s = arena()
    s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "chasm"})
    defend = consequence_of(s.state.pending, "defend")
    forfeit = consequence_of(s.state.pending, "forfeit")
    assert defend is not None and forfeit is not None
    odds = defend.checks[0].odds
    hits = Fraction(sum(1 for face in range(1, 21) if face + 5 >= 10), 20)
    assert odds["success"] + odds["flourish"] == hits == Fraction(4, 5)  # d20+5 against 10
    assert defend.risk.fall is not None and defend.risk.fall.chance == hits
    # the floors' difference; R000-40: 50 + 100 + 150 + 200 m, so it lands in round 4
    assert defend.risk.fall.distance == 500
    assert defend.risk.fall.damage.endswith("lands at the end of its round 4")
    assert forfeit.risk.fall is not None and forfeit.risk.fall.chance == 1


def test_forfeit_into_difficult_terrain_still_needs_the_result() -> None:
    """R000-50, R000-52, A000-02: the Result must beat the rating strictly: d20+5 > 20."""
    s = arena()
    s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "mud"})
    forfeit = consequence_of(s.state.pending, "forfeit")
    assert forfeit is not None and forfeit.checks
    beat = sum(1 for face in range(1, 21) if face + 5 > 20)
    passed = forfeit.checks[0].odds
    assert passed["success"] + passed["flourish"] == Fraction(beat, 20)


def test_forced_destination_and_crowd_throw_show_each_zones_risk() -> None:
    """R000-52: the thrower picks another zone or none; R000-34, A000-08: the entrant
    throws the defender; each zone's fall and hazards come with it."""
    s = arena()
    s.do({"do": "throw", "actor": "ada", "target": "foe", "to": "bog"})
    s.do({"answer": "defend", "roll": [20]})
    pending = s.state.pending
    assert pending is not None and pending.kind == "forced_destination"
    chasm = consequence_of(pending, "chasm")
    none = consequence_of(pending, "none")
    assert chasm is not None and chasm.risk.fall is not None and chasm.risk.fall.chance == 1
    assert none is not None and not none.risk
    zones = [{"id": "h"}, {"id": "c", "limit": 1},
             {"id": "y", "traps": [{"name": "nails", "known": True}]}]
    s = session([actor("ada", "h", earth=5), actor("g1", "c", side="bad")], zones=zones,
                links=[["h", "c"], ["c", "y"]])
    s.do({"do": "move", "actor": "ada", "to": "c", "defender": "g1", "roll": [15]})
    pending = s.state.pending
    assert pending is not None and pending.kind == "crowd_throw"
    y = consequence_of(pending, "y")
    assert y is not None and y.risk.hazards == ("trap nails (1 damage)",)
    assert "A000-08" in y.rules


def test_a_limit_challenge_may_keep_the_entrant_out() -> None:
    """R000-34: a failed limit Challenge leaves the entrant outside."""
    s = session([actor("ada", "h", earth=5), actor("g1", "c", side="bad")],
                zones=[{"id": "h"}, {"id": "c", "limit": 1}], links=[["h", "c"]])
    o = _option(s, "ada", do="move", to="c", defender="g1")
    assert o.risk.loses is not None and o.risk.loses.what == "move"
    assert o.risk.loses.chance == _brute_miss(o.checks[0], 5)

