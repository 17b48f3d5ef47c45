"""Issue 23: where a step changes place or mode, the actual step passes the pipeline
(the movement's ratings, what held a character up, spill-over for joint moves, the odds
of a fractional rating) rather than a static property of one side of it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from footwork.engine.choices import consequence_of
from footwork.rulesets.cultivation.movement import forced_rating, ratings

from ._helpers import a, actor, at, of_type, refused, session

SHAFT = [{"id": "yard"}, {"id": "shaft", "tile": {"kind": "antigravity"}}, {"id": "hall"},
         {"id": "chamber", "dt": 15, "tile": {"kind": "antigravity"}}]
SHAFT_LINKS: list[Any] = [["yard", "shaft"], ["yard", "hall"], ["yard", "chamber"]]


def shaft(earth: int = -3, **options: Any) -> Any:
    return session([actor("ka", "yard", earth=earth), actor("lin", "yard", side="b",
                                                             earth_defense=0)],
                   zones=SHAFT, links=SHAFT_LINKS, options=options or None)


def test_a_throw_into_anti_gravity_meets_the_walkers_rating_R000_52_R000_61_A000_21() -> None:
    """R000-52, R000-61, A000-21: a body thrown into an anti-gravity zone must clear the
    Difficult Terrain ½ a walker entering it Challenges: a Result of 0 does not, 1 does."""
    s = shaft()
    walker = ratings(s.state, a(s, "lin"), "yard", "shaft")
    assert forced_rating(s.state, "yard", "shaft") == max(r for r, _ in walker) == 0.5
    s.do({"do": "throw", "actor": "ka", "target": "lin", "to": "shaft"})
    s.do({"answer": "forfeit", "roll": [3]})  # 3 - 3 = 0, not above 0.5
    pending = s.state.pending
    assert pending is not None and pending.kind == "forced_destination"
    assert at(s, "lin") == "yard" and "shaft" not in pending.choices
    s = shaft(earth=-2)
    s.do({"do": "throw", "actor": "ka", "target": "lin", "to": "shaft"})
    s.do({"answer": "forfeit", "roll": [3]})  # 1 > 0.5
    assert at(s, "lin") == "shaft" and s.state.pending is None


def test_a_throw_reads_the_halved_rating_A000_21_R000_52() -> None:
    """A000-21 (``halve_existing``), R000-52: under anti-gravity the chamber's DT 15 is 7.5
    for the thrown body as for the walker: a Result of 8 clears it."""
    s = shaft(earth=3, antigrav={"dt_mode": "halve_existing"})
    assert forced_rating(s.state, "yard", "chamber") == 7.5
    s.do({"do": "throw", "actor": "ka", "target": "lin", "to": "chamber"})
    s.do({"answer": "forfeit", "roll": [5]})
    assert at(s, "lin") == "chamber"


def test_a_thrown_body_meets_only_the_target_zones_rating_R000_52() -> None:
    """R000-52: the Result is read against the zone thrown into; the zone left (DT or
    anti-gravity) adds nothing, where a walker leaving it Challenges it (R000-22)."""
    s = shaft()
    assert forced_rating(s.state, "shaft", "yard") is None
    assert ratings(s.state, a(s, "lin"), "shaft", "yard")


def test_d_fractional_rating_odds_match_a_brute_force_count_R000_52_A000_02() -> None:
    """R000-52, A000-02, R000-61: the forfeit's shown odds for DT ½ are the chance the
    Result is above 0.5 (d20 - 4 >= 1: 16 of 20 faces), not of reaching 1.5 (15 of 20)."""
    for strictly in (True, False):
        s = shaft(earth=-4, forced_move={"dt_strictly_greater": strictly})
        s.do({"do": "throw", "actor": "ka", "target": "lin", "to": "shaft"})
        forfeit = consequence_of(s.state.pending, "forfeit")
        assert forfeit is not None and forfeit.checks
        odds = forfeit.checks[0].odds
        shown = odds["success"] + odds["flourish"]
        brute = Fraction(sum(1 for face in range(1, 21)
                             if (face - 4 > 0.5 if strictly else face - 4 >= 0.5)), 20)
        assert shown == brute == Fraction(4, 5)
        assert forfeit.risk.fall is None
    # an integer rating: strictly above 15 against at least 15
    for strictly, faces in ((True, 5), (False, 6)):
        s = shaft(earth=0, forced_move={"dt_strictly_greater": strictly},
                  challenge={"success_on_tie": not strictly})
        s.do({"do": "throw", "actor": "ka", "target": "lin", "to": "chamber"})
        forfeit = consequence_of(s.state.pending, "forfeit")
        assert forfeit is not None
        odds = forfeit.checks[0].odds
        assert odds["success"] + odds["flourish"] == Fraction(faces, 20)


def test_d_the_forfeit_roll_reads_the_rating_as_the_rule_does_R000_52() -> None:
    """R000-52: the rolled forfeit Challenge is read against the rating itself: a Result of
    1 against DT ½ is a Success (it was shown as a Failure against 1.5)."""
    s = shaft(earth=-2)
    s.do({"do": "throw", "actor": "ka", "target": "lin", "to": "shaft"})
    events = s.do({"answer": "forfeit", "roll": [3]})
    rolled = of_type(events, "rolled")[0]
    assert rolled.total == 1 and rolled.outcome == "success"


VAULT = [{"id": "vault", "surface": "hard", "tile": {"kind": "antigravity"}},
         {"id": "hall", "surface": "hard"},
         {"id": "annex", "tile": {"kind": "antigravity"}}]
VAULT_LINKS: list[Any] = [["vault", "hall"], ["vault", "annex"]]


def vault(rounds: int, **options: Any) -> Any:
    """Ren floats in the vault after ``rounds`` round ends (5 m or one band each)."""
    s = session([actor("ren", "vault")], zones=VAULT, links=VAULT_LINKS,
                options=options or None)
    for _ in range(rounds):
        s.do({"do": "end_turn", "actor": "ren"})
    return s


def test_b_walking_out_of_anti_gravity_starts_the_fall_R000_39_R000_40_R000_61() -> None:
    """R000-61, R000-39, R000-40, R000-41: out of the anti-gravity that held it up, a
    floating character falls from its height: 10 m onto stone lands at once for 2."""
    s = vault(2)
    assert a(s, "ren").altitude_m == 10
    events = s.do({"do": "move", "actor": "ren", "to": "hall", "roll": [10]})
    assert [e.metres for e in of_type(events, "fall_started")] == [10]
    assert at(s, "ren") == "hall" and a(s, "ren").altitude_m == 0 and a(s, "ren").aura == 8


def test_b_a_long_fall_out_of_anti_gravity_keeps_the_schedule_R000_40_R000_61() -> None:
    """R000-40, R000-61: from 60 m the fall's first round covers 50 m by its end (the
    vault lifts the faller no more); the next round's 100 m covers the last 10: it lands
    then, for floor(60 / 5) = 12 off an Aura of 10: a Wound (R000-42)."""
    s = vault(12)
    assert a(s, "ren").altitude_m == 60
    s.do({"do": "move", "actor": "ren", "to": "hall", "roll": [10]})
    assert a(s, "ren").fall_onto == "hall" and a(s, "ren").fall_left_m == 60
    s.do({"do": "end_turn", "actor": "ren"})
    assert a(s, "ren").fallen_m == 50 and a(s, "ren").altitude_m == 0
    s.do({"do": "end_turn", "actor": "ren"})
    assert at(s, "ren") == "hall" and a(s, "ren").wounds == 1 and a(s, "ren").fall_onto is None


def test_b_into_another_anti_gravity_zone_nobody_falls_R000_61() -> None:
    """R000-61: a zone whose anti-gravity is on holds the character up as the one it left:
    no fall, the same height."""
    s = vault(2)
    events = s.do({"do": "move", "actor": "ren", "to": "annex", "roll": [10]})
    assert not of_type(events, "fall_started") and a(s, "ren").altitude_m == 10


def test_b_with_bands_a_floater_out_of_the_vault_falls_a_band_a_round_R000_61_R000_78() -> None:
    """R000-61, R000-78, A000-22, A000-24: with bands, a character lifted to Floating that
    cannot levitate starts falling on leaving; it lands a band (5 m) later, for 1."""
    s = vault(1, bands={"enabled": True})
    assert a(s, "ren").band == "floating"
    s.do({"do": "move", "actor": "ren", "to": "hall", "roll": [10]})
    assert a(s, "ren").band_falling
    s.do({"do": "end_turn", "actor": "ren"})
    assert a(s, "ren").band == "ground" and a(s, "ren").aura == 9
    lev = session([actor("ren", "vault", abilities=["levitate"])], zones=VAULT,
                  links=VAULT_LINKS, options={"bands": {"enabled": True}})
    lev.do({"do": "end_turn", "actor": "ren"})
    lev.do({"do": "move", "actor": "ren", "to": "hall", "roll": [10]})
    assert not a(lev, "ren").band_falling and a(lev, "ren").band == "floating"


def test_c_a_joint_move_spills_a_full_zone_once_R000_35_A000_09_R000_11() -> None:
    """R000-35, A000-09, R000-11: with Spill-over, partners moving together into a full
    zone both get in; those inside are scattered once (the second partner's entry does
    not scatter the first); the partnership holds (R000-10)."""
    zones = [{"id": "gate"}, {"id": "hut", "limit": 1, "clockwise": ["gate", "yard"]},
             {"id": "yard"}]
    links = [["gate", "hut"], ["hut", "yard"]]
    s = session([actor("su", "gate"), actor("jin", "gate"), actor("ma", "hut", side="x")],
                zones=zones, links=links, options={"limit": {"mode": "spillover"}})
    s.do({"do": "partner", "actor": "su", "target": "jin"})
    s.do({"answer": "accept"})
    events = s.do({"do": "joint_move", "actor": "su", "to": "hut", "roll": [2]})
    assert at(s, "su") == at(s, "jin") == "hut" and at(s, "ma") == "yard"
    assert len(of_type(events, "rolled")) == 1 and a(s, "su").partner == "jin"


def test_c_without_spill_over_the_joint_move_needs_room_for_both_R000_32() -> None:
    """R000-32, R000-33 (challenge mode): a joint move into a zone without room for both
    partners names a defender for the partner left without a place (rule question 2);
    naming none is refused and nothing changes."""
    zones = [{"id": "gate"}, {"id": "hut", "limit": 2}]
    s = session([actor("su", "gate"), actor("jin", "gate"), actor("ma", "hut", side="x")],
                zones=zones, links=[["gate", "hut"]])
    s.do({"do": "partner", "actor": "su", "target": "jin"})
    s.do({"answer": "accept"})
    refused(s, {"do": "joint_move", "actor": "su", "to": "hut"}, "zone_full", "R000-32")


# -- options for documented defaults (issue 23, part 3) ---------------------------------

def test_option_throw_to_origin_A000_08_R000_34() -> None:
    """A000-08, R000-34: by default the entrant may throw the defender back where it came
    from; ``limit.throw_to_origin: false`` leaves only the other adjacent zones."""
    zones = [{"id": "h"}, {"id": "c", "limit": 1}, {"id": "y"}]
    links = [["h", "c"], ["c", "y"]]
    for allowed, choices in ((True, ("h", "y")), (False, ("y",))):
        s = session([actor("ada", "h", earth=5), actor("g", "c", side="x")], zones=zones,
                    links=links, options={"limit": {"throw_to_origin": allowed}})
        s.do({"do": "move", "actor": "ada", "to": "c", "defender": "g", "roll": [15]})
        assert s.state.pending is not None
        assert tuple(sorted(s.state.pending.choices)) == choices


def test_option_dt_combine_sum_A000_05() -> None:
    """A000-05: several ratings on one crossing make one Challenge against the highest
    (mud 8 into rubble 15: 15); ``dt.combine: sum`` Challenges their sum (23)."""
    zones = [{"id": "mud", "dt": 8}, {"id": "rubble", "dt": 15}]
    for combine, target in (("max", 15), ("sum", 23)):
        s = session([actor("ada", "mud", air=0)], zones=zones, links=[["mud", "rubble"]],
                    options={"dt": {"combine": combine}})
        events = s.do({"do": "move", "actor": "ada", "to": "rubble", "element": "air",
                       "roll": [16]})
        rolled = of_type(events, "rolled")[0]
        assert f"({target})" in rolled.check
        assert rolled.outcome == ("success" if target <= 16 else "failure")


def test_option_band_penalty_counts_A000_23_R000_79() -> None:
    """A000-23, R000-79: Ground to Floating costs 0 by the printed examples (bands strictly
    between); ``bands.penalty_counts: crossed`` follows the formula: 2 per band, 2."""
    from footwork.rulesets.cultivation.targeting import band_penalty

    for counts, floating, soaring in (("between", 0, 4), ("crossed", 2, 6)):
        s = session([actor("ada", "a")], options={"bands": {"enabled": True,
                                                             "penalty_counts": counts}})
        o = s.state.options
        assert band_penalty(o, 3, 2) == floating and band_penalty(o, 3, 0) == soaring


def test_option_swim_range_rounding_A000_16_R000_46() -> None:
    """A000-16, R000-46: a swimmer's Art of 3 zones reaches 1 (rounded down); with
    ``swim.range_rounding: up`` it reaches 2."""
    from footwork.rulesets.cultivation.targeting import halved

    for rounding, three, one in (("down", 1, 0), ("up", 2, 1)):
        s = session([actor("ada", "a")], options={"swim": {"range_rounding": rounding}})
        assert halved(3, s.state.options) == three and halved(1, s.state.options) == one


def test_new_options_refuse_bad_values_in_one_line_A000_05_A000_08_A000_16_A000_23() -> None:
    """A000-05, A000-08, A000-16, A000-23: a bad value is a one-line error naming where
    and what was expected."""
    import pytest

    from footwork.errors import ScenarioError

    for bad in ({"dt": {"combine": "min"}}, {"limit": {"throw_to_origin": "maybe"}},
                {"swim": {"range_rounding": "sideways"}},
                {"bands": {"penalty_counts": "all"}}):
        with pytest.raises(ScenarioError) as info:
            session([actor("ada", "a")], options=bad)
        message = str(info.value)
        assert "\n" not in message and next(iter(bad)) in message, message


# -- found in the cause-by-condition review -------------------------------------------

def test_review_a_defender_must_be_one_the_entrant_knows_of_R000_33_R000_66() -> None:
    """R000-33, R000-66, R000-71: the entrant chooses its defender, so not one it is unaware
    of; the refusal does not name the hidden one; once sensed, it may be chosen."""
    zones = [{"id": "gate"}, {"id": "closet", "limit": 1}, {"id": "yard"}]
    links = [["gate", "closet"], ["closet", "yard"]]
    s = session([actor("ada", "gate", earth=5), actor("nin", "closet", side="b",
                                                      hidden=True)],
                zones=zones, links=links)
    err = refused(s, {"do": "move", "actor": "ada", "to": "closet"}, "zone_full", "R000-33")
    assert "nin" not in str(err)
    refused(s, {"do": "move", "actor": "ada", "to": "closet", "defender": "nin",
                "roll": [15]}, "bad_defender", "R000-66")
    s.do({"do": "sense", "actor": "ada", "target": "nin", "roll": [8]})
    s.do({"do": "move", "actor": "ada", "to": "closet", "defender": "nin", "roll": [10]})
    assert at(s, "ada") == "closet"


def test_review_the_option_out_of_anti_gravity_shows_the_fall_R000_39_R000_61() -> None:
    """R000-39, R000-41, R000-61: the option to walk out of the vault at 10 m shows the
    certain 10 m fall and its 2 damage, as the move will rule it."""
    s = vault(2)
    hall = [o for o in s.options("ren") if o.command.get("to") == "hall"]
    assert hall and all(o.risk.fall is not None and o.risk.fall.distance == 10 for o in hall)
    assert hall[0].risk.fall is not None and hall[0].risk.fall.damage.startswith("2 damage")
    annex = [o for o in s.options("ren") if o.command.get("to") == "annex"]
    assert annex and all(o.risk.fall is None for o in annex)


def test_review_a_body_thrown_up_a_climb_meets_no_climb_rating_R000_52_R000_37() -> None:
    """R000-52, R000-37: a climb is the climber's Challenge; a body thrown up a wall meets
    only the target zone's own rating (none here): a forfeit needs no Result, and the
    walker climbing the same wall Challenges 10."""
    zones = [{"id": "court"}, {"id": "wall", "floor_m": 4}]
    links = [{"a": "court", "b": "wall", "climb": "ordinary"}]
    s = session([actor("ka", "court", earth=0), actor("lin", "court")], zones=zones,
                links=links)
    assert forced_rating(s.state, "court", "wall") is None
    assert max(r for r, _ in ratings(s.state, a(s, "lin"), "court", "wall")) == 10
    s.do({"do": "throw", "actor": "ka", "target": "lin", "to": "wall"})
    events = s.do({"answer": "forfeit"})
    assert at(s, "lin") == "wall" and not of_type(events, "rolled")


def test_review_every_tile_sets_off_the_zone_it_carries_into_R000_54_A000_18() -> None:
    """R000-54, A000-18, R000-57..60: whatever tile carries a character (a current, a wave,
    an elevator, a whirlpool with bands off), the trap where it lands goes off once, after
    the tiles have acted."""
    tiles: dict[str, dict[str, Any]] = {
        "current": {"kind": "current", "to": "dest"},
        "wave": {"kind": "wave", "first": 1, "period": 1, "sweep": {"src": "dest"}},
        "elevator": {"kind": "elevator", "to": "dest"},
        "whirlpool": {"kind": "whirlpool", "to": "dest"},
    }
    for kind, tile in tiles.items():
        src: dict[str, Any] = {"id": "src"} if kind == "wave" else {"id": "src", "tile": tile}
        zones = [src, {"id": "dest", "traps": [{"name": "reeds", "damage": 1}]}]
        if kind == "wave":
            zones.append({"id": "sea", "tile": tile})
        s = session([actor("ada", "src")], zones=zones,
                    links=[["src", "dest"], *([["dest", "sea"]] if kind == "wave" else [])])
        events = s.do({"do": "end_turn", "actor": "ada"})
        assert at(s, "ada") == "dest", kind
        assert len(of_type(events, "trap_sprung")) == 1 and a(s, "ada").aura == 9, kind


def test_option_climb_on_failure_fall_A000_30_R000_37() -> None:
    """A000-30, R000-37: by default a failed climb is paid like Difficult Terrain (the
    Action); with ``climb.on_failure: fall`` the climber falls back the climb's 6 m onto
    the stone court (floor(6 / 5) = 1 damage), keeps its Action, and its Move is over;
    the option shows that fall with the Challenge's chance of failing."""
    zones = [{"id": "court", "surface": "hard"}, {"id": "walltop", "floor_m": 6}]
    links = [{"a": "court", "b": "walltop", "climb": "ordinary"}]
    s = session([actor("wu", "court", air=2)], zones=zones, links=links)
    s.do({"do": "move", "actor": "wu", "to": "walltop", "element": "air", "roll": [3]})
    assert at(s, "wu") == "walltop" and a(s, "wu").action_spent and a(s, "wu").aura == 10
    s = session([actor("wu", "court", air=2)], zones=zones, links=links,
                options={"climb": {"on_failure": "fall"}})
    option = next(o for o in s.options("wu") if o.command.get("to") == "walltop"
                  and o.command.get("element") == "air")
    assert option.risk.fall is not None and option.risk.fall.distance == 6
    assert option.risk.fall.chance == Fraction(7, 20)  # d20 + 2 below 10: faces 1..7
    events = s.do({"do": "move", "actor": "wu", "to": "walltop", "element": "air",
                   "roll": [3]})
    assert of_type(events, "landed")
    assert at(s, "wu") == "court" and not a(s, "wu").action_spent
    assert a(s, "wu").aura == 9 and a(s, "wu").move_over


def test_option_climb_fall_in_a_joint_move_A000_30_A000_07_R000_14() -> None:
    """A000-30, A000-07, R000-14: partners climb together, each Challenging; with
    ``climb.on_failure: fall`` the one who fails falls back (6 m, 1 damage) and, by
    ``stop_both``, neither gets up; with ``split`` the other climbs on alone."""
    zones = [{"id": "court", "surface": "hard"}, {"id": "walltop", "floor_m": 6}]
    links = [{"a": "court", "b": "walltop", "climb": "ordinary"}]
    for block, su_at in (("stop_both", "court"), ("split", "walltop")):
        s = session([actor("su", "court", air=5), actor("jin", "court", air=0)],
                    zones=zones, links=links,
                    options={"climb": {"on_failure": "fall"},
                             "partners": {"joint_block": block}})
        s.do({"do": "partner", "actor": "su", "target": "jin"})
        s.do({"answer": "accept"})
        s.do({"do": "joint_move", "actor": "su", "to": "walltop", "roll": [10, 3]})
        assert at(s, "jin") == "court" and a(s, "jin").aura == 9, block
        assert at(s, "su") == su_at and a(s, "su").aura == 10, block


def test_a_drop_owes_no_climb_but_the_borders_it_crosses_R000_22_R000_39_A000_10() -> None:
    """R000-22, R000-39, A000-10, R000-61: a drop is easy (no climb Challenge), but the
    Difficult Terrain of a zone it drops into is still met at the border, and so is
    anti-gravity's ½, exactly as a body thrown over the same edge meets them (R000-52)."""
    zones = [{"id": "ledge"}, {"id": "rubble", "dt": 15}, {"id": "shaft",
             "tile": {"kind": "antigravity"}}, {"id": "floor"}]
    links: list[Any] = [{"a": "ledge", "b": z, "one_way": True, "drop": True, "drop_m": 4}
                        for z in ("rubble", "shaft", "floor")]
    s = session([actor("bo", "ledge")], zones=zones, links=links)
    bo = a(s, "bo")
    assert [r for r, _ in ratings(s.state, bo, "ledge", "rubble")] == [15]
    assert [r for r, _ in ratings(s.state, bo, "ledge", "shaft")] == [0.5]
    assert ratings(s.state, bo, "ledge", "floor") == ()
    for to in ("rubble", "shaft"):
        assert forced_rating(s.state, "ledge", to) == max(
            r for r, _ in ratings(s.state, bo, "ledge", to))
