"""d100 degrees, PP, Rush, [Jump X], Jump, Leap, Breach and medium transitions
(R002-08..35, R002-12, A002-01, A002-05..15, A002-17, A002-23, A002-24, A002-26, A002-27)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from footwork.rulesets.allowances.checks import (
    JUMP_MULTIPLIER,
    degrees,
    jump_base,
    jump_distance,
    jump_height,
)

from ._helpers import LAKE, answer, cited, creature, do, end_round, of_type, refused, session, who

ERIC = {"scores": {"Overland": 8}, "skills": {"Acrobatics": 60, "Running": 50}, "jump": 2,
        "height_m": 1.8, "pp": 5}


def test_A002_05_degrees_by_the_tens_digits() -> None:
    """A002-05: DoS = tens(target) - tens(roll) on a success, DoF the other way round; the
    three printed examples give 3 DoF, 5 DoS and 9 DoS."""
    assert degrees(60, 92) == -3 and degrees(60, 17) == 5 and degrees(120, 35) == 9
    assert degrees(60, 60) == 0 and degrees(60, 61) == 0 and degrees(59, 60) == -1


def test_A002_06_the_difficulty_ladder() -> None:
    """A002-06: Challenging +0, Demanding +0, Intense -40 by default; other grades may be
    supplied and are used by name."""
    s = session([creature("t", "1,1", scores={"Overland": 5}, skills={"Running": 100},
                          jump=5, height_m=0.5)],
                options={"difficulty": {"Challenging": 0, "Demanding": 0, "Intense": -40,
                                        "Hard": -20}})
    events = do(s, "leap", "t", difficulty="Hard", roll=[55])
    assert of_type(events, "rolled")[0].check.endswith("target 80)")
    refused(session([creature("t", "1,1", scores={"Overland": 5}, skills={"Running": 100},
                              jump=5, height_m=0.5)]),
            {"do": "leap", "actor": "t", "difficulty": "Hard", "roll": [5]},
            "bad_difficulty", "A002-06")


def test_R002_11_A002_07_pp_after_seeing_the_roll() -> None:
    """R002-11, A002-07: after the d100 a creature with PP is asked how many to spend (up to
    10 and what it has), each +10 to the target; `pp` on the command spends them up front."""
    s = session([creature("c", "1,1", scores={"Overland": 4}, skills={"Running": 40}, pp=12)])
    events = do(s, "rush", "c", type="overland", roll=[63])
    req = of_type(events, "decision_requested")[0]
    assert req.kind == "pp" and req.choices == tuple(str(n) for n in range(11))
    events = answer(s, "4")  # target 80: 8 - 6 = 2 DoS → +1 m
    assert of_type(events, "pp_spent")[0].target == 80
    assert who(s, "c")["pp"] == 8 and who(s, "c")["allowance"] == {"overland": 5}
    t = session([creature("c", "1,1", scores={"Overland": 4}, skills={"Running": 40}, pp=3)])
    events = do(t, "rush", "c", type="overland", pp=2, roll=[22])  # 60 vs 22: 4 DoS → +2
    assert t.state.pending is None and who(t, "c")["pp"] == 1
    refused(t, {"do": "rush", "actor": "c", "type": "overland", "roll": [101]}, "bad_d100",
            "A002-05")


def test_options_show_odds_with_and_without_pp() -> None:
    """R002-11, R002-21: each rolled Action lists its exact odds with no PP and with all the
    PP it may spend (at most 10)."""
    s = session([creature("e", "1,1", **ERIC)])
    jump = next(o for o in s.options("e") if o.command.get("do") == "jump")
    plain, boosted = jump.checks
    assert "no PP" in plain.name and "with 5 PP" in boosted.name
    # Challenging 60, no PP, base 1 m, steps of 1 + 2/3 m per 3 degrees: 1–9 is 6 DoS
    # (4 m), 10–39 is 3–5 DoS (2 m), 90–100 is 3–4 DoF (0 m), the rest 1 m
    assert plain.odds == {"0 m": Fraction(11, 100), "1 m": Fraction(50, 100),
                          "2 m": Fraction(30, 100), "4 m": Fraction(9, 100)}
    assert sum(boosted.odds.values()) == 1 and "0 m" not in boosted.odds


def test_R002_08_R002_10_A002_01_A002_26_rush_per_two_dos() -> None:
    """R002-08, R002-10, A002-01, A002-26: Rush is a Simple Action: a Demanding check of the
    Type's Skill, +1 m of that Type's Allowance per 2 DoS until the round ends."""
    s = session([creature("p", "1,1", scores={"Overland": 4, "Flight": 12},
                          skills={"Acrobatics": 70})])
    events = do(s, "rush", "p", type="flight", roll=[20])  # 5 DoS → +2 m
    assert {"R002-08", "R002-10", "A002-01"} <= cited(events)
    assert "Demanding" in of_type(events, "rolled")[0].check
    assert who(s, "p")["allowance"] == {"overland": 4, "flight": 14}
    refused(s, {"do": "rush", "actor": "p", "type": "flight", "roll": [20]},
            "no_simple_action", "R002-08", "A002-22")
    end_round(s)
    assert who(s, "p")["allowance"] == {"overland": 4, "flight": 12}
    assert who(s, "p")["rush_bonus"] == {}


def test_R002_09_rush_per_dos_score_option() -> None:
    """R002-09, A002-01: `rush.mode: per_dos_score` reads the overview: +1 per DoS."""
    s = session([creature("p", "1,1", scores={"Flight": 12}, skills={"Acrobatics": 70})],
                options={"rush": {"mode": "per_dos_score"}})
    events = do(s, "rush", "p", type="flight", roll=[20])
    assert "R002-09" in cited(events)
    assert who(s, "p")["allowance"] == {"flight": 17}


def test_A002_14_skills_by_type() -> None:
    """A002-14: the Skill tied to a Type is an option (Overland→Running, Swim→Swim,
    Flight→Acrobatics, Burrow→Athletics); a sheet without it cannot roll."""
    s = session([creature("d", "1,1", scores={"Burrow": 4}, skills={"Athletics": 50})])
    assert "Athletics" in of_type(do(s, "rush", "d", type="burrow", roll=[5]), "rolled")[0].check
    n = session([creature("d", "1,1", scores={"Burrow": 4})])
    refused(n, {"do": "rush", "actor": "d", "type": "burrow", "roll": [5]}, "no_skill",
            "A002-14")


def test_R002_13_R002_14_A002_24_jumping_needs_the_trait() -> None:
    """R002-13, R002-14, A002-24: the four Actions exist for most creatures, but Jump and
    Leap need a [Jump X] Trait; without it there is no jump, not even one of 0 m."""
    s = session([creature("r", "1,1", scores={"Overland": 5}, skills={"Acrobatics": 50,
                                                                       "Running": 50})])
    for action in ("jump", "leap"):
        refused(s, {"do": action, "actor": "r", "roll": [5]}, "no_jump_trait", "R002-14",
                "A002-24")
    listed = {o.command["do"] for o in s.options("r")}
    assert "rush" in listed and "jump" not in listed and "leap" not in listed


def test_R002_15_R002_16_A002_11_A002_23_jump_height() -> None:
    """R002-15, R002-16, A002-11, A002-23: Jump Height = Height × the trait's multiplier (or
    the sheet's own figure), the same for Jump and Leap in combat."""
    assert list(JUMP_MULTIPLIER.values()) == [0.1, 0.4, 0.8, 1.4, 3, 8, 16, 30]
    assert jump_height(0.5, 5) == 1.5 and jump_height(2.0, 8) == 60
    s = session([creature("a", "1,1", scores={"Overland": 5}, jump=4, height_m=1.0),
                 creature("b", "0,0", scores={"Overland": 5}, jump=4, height_m=1.0,
                          jump_height_m=3.0)])
    assert who(s, "a")["jump_height_m"] == 1.4 and who(s, "b")["jump_height_m"] == 3


def test_R002_17_R002_18_R002_19_R002_20_jump() -> None:
    """R002-17..20: Jump is a Free Action, a Challenging Acrobatics roll; base JH/3 (at least
    1 m), ±(1 + X/3) m per 3 degrees; it does not use the Simple Action."""
    s = session([creature("k", "1,1", scores={"Overland": 5}, skills={"Acrobatics": 60},
                          jump=6, height_m=1.5)])  # JH 12 → base 4
    events = do(s, "jump", "k", roll=[5])  # 6 DoS → 2 steps × 3 m → 10 m
    assert {"R002-17", "R002-19", "R002-20"} <= cited(events)
    assert "Challenging" in of_type(events, "rolled")[0].check
    assert who(s, "k")["airborne_m"] == 10 and who(s, "k")["simple_used"] == 0
    assert jump_base(0.72, "jump") == 1.0 and jump_base(12, "jump") == 4.0


def test_R002_21_R002_27_R002_34_pp_on_jump_leap_breach() -> None:
    """R002-21, R002-27, R002-34: Jump, Leap and Breach take up to 10 PP like Rush."""
    for action, extra in (("jump", {}), ("leap", {}), ("breach", {"into": "water"})):
        s = session([creature("b", "1,3", scores={"Overland": 6, "Swim": 6},
                              skills={"Acrobatics": 30, "Running": 30}, jump=3, height_m=1,
                              pp=10)], rows=LAKE)
        events = do(s, action, "b", roll=[50], **extra)
        assert of_type(events, "decision_requested")[0].choices[-1] == "10"
        refused(s, {"do": "end_turn", "actor": "b"}, "decision_pending")
        answer(s, "10")
        assert who(s, "b")["pp"] == 0


def test_R002_22_R002_29_R002_35_A002_12_placeholder_restrictions() -> None:
    """R002-22, R002-29, R002-35, A002-12: the missing restrictions are placeholders: a jump
    springs from solid ground, once per round each; a Breach needs a boundary and is the
    Activation's transition."""
    s = session([creature("b", "1,5", scores={"Overland": 6, "Swim": 6},
                          skills={"Acrobatics": 30, "Running": 30, "Swim": 60}, jump=3,
                          height_m=1)], rows=LAKE)
    refused(s, {"do": "jump", "actor": "b", "roll": [5]}, "no_launch", "A002-12")
    refused(s, {"do": "breach", "actor": "b", "into": "earth", "roll": [5]},
            "not_at_boundary", "A002-12")
    g = session([creature("b", "1,1", scores={"Overland": 6}, skills={"Acrobatics": 30,
                                                                      "Running": 30},
                          jump=3, height_m=1)])
    do(g, "leap", "b", roll=[99])
    refused(g, {"do": "leap", "actor": "b", "roll": [5]}, "leap_used", "A002-12")
    do(g, "jump", "b", roll=[99])
    refused(g, {"do": "jump", "actor": "b", "roll": [5]}, "jump_used", "A002-12")
    free = session([creature("b", "1,1", scores={"Overland": 6}, skills={"Running": 30},
                             jump=3, height_m=1)], options={"jump": {"leap_per_round": None}})
    do(free, "leap", "b", roll=[99])
    do(free, "leap", "b", roll=[99])


def test_R002_23_R002_24_R002_25_R002_26_leap() -> None:
    """R002-23..26: Leap is a Free Action, a Challenging Running roll; base JH (at least
    2 m), ±(1 + X/3) m per 2 degrees."""
    s = session([creature("k", "1,1", scores={"Overland": 5}, skills={"Running": 60},
                          jump=3, height_m=3.0)])  # JH 2.4 → base 2.4
    events = do(s, "leap", "k", roll=[35])  # 3 DoS → 1 step × 2 m → 4.4 → 4
    assert {"R002-23", "R002-25", "R002-26"} <= cited(events)
    assert "Running Challenging" in of_type(events, "rolled")[0].check
    assert who(s, "k")["airborne_m"] == 4
    assert jump_base(1.5, "leap") == 2.0


def test_R002_28_the_gm_makes_a_leap_intense() -> None:
    """R002-28: the GM may make the Leap harder: `difficulty: Intense` is -40."""
    s = session([creature("t", "1,1", scores={"Overland": 5}, skills={"Running": 100},
                          jump=5, height_m=0.5)])
    events = do(s, "leap", "t", difficulty="Intense", roll=[17])
    assert of_type(events, "rolled")[0].outcome == "5 DoS"


def test_R002_30_A002_08_A002_09_A002_10_whole_steps_floor_and_zero() -> None:
    """R002-30, A002-08..10: whole steps of degrees; rounded down; never below 0; the
    minimum only for the base (DoF may take it below)."""
    assert jump_distance(2.0, 5, 5, per=2) == 7  # 2 steps, not 2.5
    assert jump_distance(1.0, 2, -3, per=3) == 0  # -0.67 → 0, not -1
    assert jump_distance(1.0, 2, -2, per=3) == 1  # 2 DoF is no whole step
    assert jump_distance(2.0, 1, -2, per=2) == 0  # 2 - 1.33 = 0.67 → 0: below the minimum
    assert jump_distance(1.0, 3, 3, per=3) == 3


def test_A002_13_jumps_produce_their_own_distance() -> None:
    """A002-13: a Jump's distance is used at once by a `jump` move and spends no Allowance
    (unless `jump.consumes_allowance`); an unused rest lapses."""
    s = session([creature("k", "1,1", scores={"Overland": 5}, skills={"Acrobatics": 60},
                          jump=6, height_m=1.5)])
    do(s, "jump", "k", roll=[5])
    refused(s, {"do": "move", "actor": "k", "type": "overland", "to": [1, 2]}, "jump_unused",
            "A002-13")
    events = do(s, "move", "k", type="jump", to=[1, 5])
    assert of_type(events, "lapsed")[0].distance == 6
    assert who(s, "k")["allowance"] == {"overland": 5} and who(s, "k")["airborne"] is None
    c = session([creature("k", "1,1", scores={"Overland": 5}, skills={"Acrobatics": 60},
                          jump=6, height_m=1.5)], options={"jump": {"consumes_allowance": True}})
    do(c, "jump", "k", roll=[5])
    do(c, "move", "k", type="jump", to=[1, 4])
    assert who(c, "k")["allowance"] == {"overland": 2}
    refused(c, {"do": "move", "actor": "k", "type": "jump", "to": [1, 5]}, "no_jump_distance",
            "R002-17")


def test_R002_31_R002_32_R002_33_A002_15_breach() -> None:
    """R002-31..33, A002-15: Breach is a Free Action, a Demanding roll of the Skill of the
    current medium; +1 m per 3 DoS of the new medium's Type, even one the creature lacks,
    spent by the very next move; the rest lapses."""
    s = session([creature("s", "1,5", scores={"Swim": 14}, skills={"Swim": 120}),
                 creature("x", "0,0", scores={"Overland": 1})], rows=LAKE)
    events = do(s, "breach", "s", into="air", roll=[35])
    assert {"R002-33", "A002-15"} <= cited(events)
    assert "Swim Demanding" in of_type(events, "rolled")[0].check
    assert who(s, "s")["breach_type"] == "flight" and who(s, "s")["breach_m"] == 3
    refused(s, {"do": "rush", "actor": "s", "type": "swim", "roll": [5]}, "breach_unused",
            "R002-33")
    # 3 m up and nowhere to land: a creature without Flight cannot stay in the air
    # R002-43: flying off the surface to the bank 4 m away costs 4 m (skimming across at
    # the surface's height, distance.skim): more than the 3 m the Breach gave
    refused(s, {"do": "move", "actor": "s", "type": "flight", "to": [1, 1]}, "over_allowance",
            "R002-05")
    refused(s, {"do": "move", "actor": "s", "type": "flight", "to": [1, 5, 2]}, "no_landing",
            "R002-33")
    events = do(s, "end_turn", "s")
    assert of_type(events, "lapsed")[0].what == "breach"
    assert who(s, "s")["breach_type"] is None


def test_R002_12_A002_17_one_change_per_activation() -> None:
    """R002-12, A002-17: each change between submerged and surfaced counts; one per
    Activation, so going down and back up is refused until the next Activation."""
    s = session([creature("m", "1,6", scores={"Swim": 10}), creature("x", "0,0",
                                                                     scores={"Overland": 1})],
                rows=LAKE)
    events = do(s, "move", "m", type="swim", to=[1, 6, -2])
    assert "R002-12" in cited(events) and who(s, "m")["transitions"] == 1
    refused(s, {"do": "move", "actor": "m", "type": "swim", "to": [1, 7, 0]},
            "transition_limit", "R002-12")
    do(s, "move", "m", type="swim", to=[1, 7, -1])  # staying under is fine
    end_round(s)
    do(s, "move", "m", type="swim", to=[1, 7, 0])


def test_A002_27_an_action_may_override_the_limit() -> None:
    """A002-27: `overrides_transition_limit` stands for Dive or Dig with the Rapid style."""
    s = session([creature("d", "1,1", scores={"Overland": 4, "Burrow": 8})])
    do(s, "move", "d", type="burrow", to=[1, 1, -1])
    refused(s, {"do": "move", "actor": "d", "type": "burrow", "to": [1, 3, 0]},
            "transition_limit", "R002-12")
    do(s, "move", "d", type="burrow", to=[1, 3, 0], overrides_transition_limit=True)
    assert who(s, "d")["mode"] == "ground" and who(s, "d")["transitions"] == 2


@pytest.mark.parametrize("roll", [0, 101, -5])
def test_a_d100_outside_1_to_100_is_refused(roll: int) -> None:
    """A002-05: a supplied d100 outside 1–100 is refused with a reason code; nothing
    changes."""
    s = session([creature("e", "1,1", **ERIC)])
    err = refused(s, {"do": "jump", "actor": "e", "roll": [roll]}, "bad_d100", "A002-05")
    assert "\n" not in str(err)
