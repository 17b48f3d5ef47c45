"""Challenges and Difficult Terrain (R000-19..28, R000-37; A000-01, A000-02, A000-04..06,
A000-30, A000-31)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from footwork.dice import parse_dice
from footwork.odds import brute_force_distribution
from footwork.rulesets.cultivation.checks import Challenge, tier
from footwork.rulesets.cultivation.model import CLIMB_PRESETS, DT_PRESETS
from footwork.rulesets.cultivation.options import ChallengeOptions

from ._helpers import a, actor, at, cited, end_turns, of_type, refused, session

DEFAULT = ChallengeOptions()


@pytest.mark.parametrize(("result", "outcome"), [
    (5, "disaster"), (6, "failure"), (14, "failure"), (15, "success"), (24, "success"),
    (25, "flourish")])
def test_four_tiers_around_the_target_A000_01(result: int, outcome: str) -> None:
    """A000-01: Success at the target, Flourish at +10, Disaster at −10 or lower."""
    assert tier(DEFAULT, result, 15) == outcome


def test_tie_rule_and_margins_are_options_A000_01_A000_02() -> None:
    """A000-01, A000-02: margins and meet-or-beat are named options."""
    strict = ChallengeOptions(success_on_tie=False, flourish_margin=5, disaster_margin=3)
    assert tier(DEFAULT, 15, 15) == "success" and tier(strict, 15, 15) == "failure"
    assert tier(strict, 20, 15) == "flourish" and tier(strict, 12, 15) == "disaster"


def test_natural_disaster_is_off_by_default_A000_31() -> None:
    """A000-31: a DT 0 crossing fails only if a natural 1 is a Disaster (off by default)."""
    assert tier(DEFAULT, 1, 0, natural=1) == "success"
    assert tier(ChallengeOptions(natural_disaster=True), 1, 0, natural=1) == "disaster"


def test_odds_of_each_tier_are_exact_A000_01() -> None:
    """A000-01: the odds `options()` shows are exact (brute force agrees)."""
    check = Challenge("ada", "air", 3, 15, "rubble", ("R000-23",)).odds(DEFAULT)
    assert check.tier_of is not None
    brute = dict.fromkeys(check.odds, Fraction(0))
    for total, p in brute_force_distribution(parse_dice(check.dice)).items():
        brute[check.tier_of(total)] += p
    assert brute == dict(check.odds)
    # d20+3 against 15: 4-5 Disaster, 6-14 Failure, 15-23 Success, no Flourish (25+)
    assert check.odds == {"disaster": Fraction(2, 20), "failure": Fraction(9, 20),
                          "success": Fraction(9, 20), "flourish": Fraction(0)}


def test_options_show_the_odds_of_each_tier_for_air_and_earth_R000_23() -> None:
    """R000-23: the mover picks Air or Earth; `options()` lists both with exact odds."""
    s = session([actor("ada", "b", air=5, earth=1)])
    moves = [o for o in s.options("ada") if o.to == "r"]
    assert {o.command["element"] for o in moves} == {"air", "earth"}
    air = next(o for o in moves if o.command["element"] == "air").checks[0]
    assert air.dice == "1d20+5" and sum(air.odds.values()) == 1


def test_entering_and_leaving_dt_call_for_a_challenge_R000_22_R000_25() -> None:
    """R000-22, R000-25: both entering and leaving a DT zone roll; a success crosses
    without penalty."""
    s = session([actor("ada", "b", air=5)])
    events = s.do({"do": "move", "actor": "ada", "to": "r", "roll": [10]})
    assert of_type(events, "rolled")[0].outcome == "success" and at(s, "ada") == "r"
    assert a(s, "ada").action_spent is False and "R000-22" in cited(events)
    end_turns(s, "ada")
    events = s.do({"do": "move", "actor": "ada", "to": "b", "roll": [10]})
    assert "leaving r" in of_type(events, "rolled")[0].check


def test_failure_costs_the_action_then_blocks_R000_24_A000_04() -> None:
    """R000-24, A000-04: a failure crosses but spends the Action; with the Action already
    spent the crossing is refused and the Move ends (the unused Speed is lost)."""
    s = session([actor("ada", "b")])
    events = s.do({"do": "move", "actor": "ada", "to": "r", "element": "earth", "roll": [2]})
    assert at(s, "ada") == "r" and a(s, "ada").action_spent
    assert "R000-24" in cited(of_type(events, "action_spent"))
    s = session([actor("ada", "b")])
    s.do({"do": "sprint", "actor": "ada"})
    events = s.do({"do": "move", "actor": "ada", "to": "r", "roll": [2]})
    assert at(s, "ada") == "b" and of_type(events, "crossing_blocked")
    assert a(s, "ada").move_over and "A000-04" in cited(events)
    refused(s, {"do": "move", "actor": "ada", "to": "c"}, "move_over", "A000-04")


def test_blocked_move_may_continue_when_the_option_is_off_A000_04() -> None:
    """A000-04: `dt.blocked_ends_move: false` keeps the Speed for another border."""
    s = session([actor("ada", "b")], options={"dt": {"blocked_ends_move": False}})
    s.do({"do": "sprint", "actor": "ada"})
    s.do({"do": "move", "actor": "ada", "to": "r", "roll": [2]})
    s.do({"do": "move", "actor": "ada", "to": "c"})
    assert at(s, "ada") == "c"


def test_the_declared_crossing_is_binding_R000_26() -> None:
    """R000-26: the destination is in the command before the roll; the result is applied to
    that crossing and nothing can redirect it (the Action is gone even if it then moves)."""
    s = session([actor("ada", "b")])
    events = s.do({"do": "move", "actor": "ada", "to": "r", "roll": [3]})
    kinds = [e.type for e in events]
    # one step: the roll, its price and the crossing it was declared for; no choice between
    assert kinds.index("rolled") < kinds.index("action_spent") < kinds.index("moved")
    assert "entering r" in of_type(events, "rolled")[0].check and s.state.pending is None
    assert at(s, "ada") == "r" and a(s, "ada").action_spent
    # with the Action gone, a failed crossing holds and the Move is over: no other border
    s = session([actor("ada", "b")])
    s.do({"do": "sprint", "actor": "ada"})
    s.do({"do": "move", "actor": "ada", "to": "r", "roll": [3]})
    assert at(s, "ada") == "b"
    refused(s, {"do": "move", "actor": "ada", "to": "c"}, "move_over", "R000-24")


def test_several_ratings_make_one_challenge_against_the_highest_A000_05() -> None:
    """A000-05: leaving one DT zone straight into another: one roll, the higher rating."""
    zones = [{"id": "mud", "dt": 8}, {"id": "rocks", "dt": "rubble"}]
    s = session([actor("ada", "mud")], zones=zones, links=[["mud", "rocks"]])
    events = s.do({"do": "move", "actor": "ada", "to": "rocks", "roll": [10]})
    rolls = of_type(events, "rolled")
    assert len(rolls) == 1 and "(15)" in rolls[0].check and "A000-05" in cited(rolls)


def test_flagged_dt_without_a_number_is_1_and_presets_R000_27_A000_06() -> None:
    """R000-27, A000-06: `dt: true` means rating 1; unflagged zones never roll; the
    suggested ratings are named presets."""
    assert DT_PRESETS == {"frictionless": 0, "default": 1, "unstable": 8, "rubble": 15,
                          "storm": 25}
    zones = [{"id": "x"}, {"id": "y", "dt": True}, {"id": "z", "dt": "unstable"}]
    s = session([actor("ada", "x")], zones=zones, links=[["x", "y"], ["y", "z"]])
    assert s.state.space.dt == {"x": None, "y": 1.0, "z": 8.0}
    events = s.do({"do": "move", "actor": "ada", "to": "y", "roll": [1]})
    assert "(1)" in of_type(events, "rolled")[0].check


def test_storyteller_waives_dt_R000_28() -> None:
    """R000-28: the Storyteller may waive a zone's DT for a character this round."""
    s = session([actor("ada", "b")])
    s.do({"do": "waive", "actor": "gm", "target": "ada", "zone": "r"})
    events = s.do({"do": "move", "actor": "ada", "to": "r"})
    assert not of_type(events, "rolled") and at(s, "ada") == "r"
    refused(s, {"do": "waive", "actor": "ada", "target": "ada", "zone": "r"}, "gm_only")


def test_climbing_uses_ratings_10_20_30_like_dt_R000_37_A000_30() -> None:
    """R000-37, A000-30: entering by a climb is a DT-style Challenge (10/20/30); a failure
    spends the Action, or blocks when it is gone."""
    assert CLIMB_PRESETS == {"ordinary": 10, "sheer": 20, "outrageous": 30}
    zones = [{"id": "foot"}, {"id": "top", "floor_m": 5}]
    links = [{"a": "foot", "b": "top", "vertical": True, "climb": "sheer"}]
    s = session([actor("ada", "foot", earth=2)], zones=zones, links=links)
    events = s.do({"do": "move", "actor": "ada", "to": "top", "element": "earth", "roll": [5]})
    rolled = of_type(events, "rolled")[0]
    assert "(20)" in rolled.check and {"R000-37", "A000-30"} <= set(rolled.rules)
    assert at(s, "ada") == "top" and a(s, "ada").action_spent


def test_zone_contents_items_effects_and_traps_R000_19() -> None:
    """R000-19: a zone holds effects, traps (set off on entry, by luck if it says so) and
    consumable items anyone there may use once."""
    zones = [{"id": "x"}, {"id": "y", "items": ["pill"], "effects": ["fire qi"],
                           "traps": [{"name": "spikes", "damage": 2},
                                     {"name": "net", "damage": 0, "luck": 3}]}]
    s = session([actor("ada", "x")], zones=zones, links=[["x", "y"]])
    events = s.do({"do": "move", "actor": "ada", "to": "y", "roll": [4]})
    assert [e.trap for e in of_type(events, "trap_sprung")] == ["spikes"]  # 4 > 3: spared
    assert a(s, "ada").aura == 8
    s.do({"do": "use_item", "actor": "ada", "item": "pill"})
    assert s.state.world["items"]["y"] == []
    refused(s, {"do": "use_item", "actor": "ada", "item": "pill"}, "no_item", "R000-19")


def test_zone_size_is_the_storytellers_R000_20() -> None:
    """R000-20: a zone's size is free (5 m by default); a very large one only warns."""
    from footwork.scenario import encounter_from_text

    s = session([actor("ada", "a")])
    assert s.state.space.zone("a").size_m == 5
    text = ('{"footwork": 1, "ruleset": "cultivation", "map": {"zones": [{"id": "field", '
            '"size_m": 200}]}, "actors": [{"id": "ada", "at": "field"}]}')
    enc = encounter_from_text(text, "big.json")
    assert any("R000-20" in w for w in enc.warnings)


def test_an_effect_on_a_zone_hits_everyone_in_it_R000_21() -> None:
    """R000-21: an area effect aimed at a zone touches every character in it."""
    s = session([actor("ada", "a"), actor("bo", "a"), actor("cy", "b")])
    s.do({"do": "zone_effect", "actor": "gm", "zone": "a", "amount": 3})
    assert (a(s, "ada").aura, a(s, "bo").aura, a(s, "cy").aura) == (7, 7, 10)
    from footwork.engine import Engine

    engine: Engine = s.engine
    assert engine.ruleset.queries()["affected"].answer(s.state, "a")["actors"] == ["ada", "bo"]
