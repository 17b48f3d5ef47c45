"""What is at stake in `styles` (issue 13, items 9 and 10): each option's risk and each
pending choice's consequence, checked against brute force where dice decide them."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from footwork.engine.choices import consequence_of
from footwork.rulesets.styles.options import StylesOptions
from footwork.rulesets.styles.stakes import fall_risk

from ._helpers import actor, answer, move, seg, session
from .test_falls_swim import D6, _cliff
from .test_improvised_sneak import HIDES, LEGEND, ROOM, _improvise


def test_a_walk_off_the_edge_is_a_certain_fall_with_its_damage_odds() -> None:
    """R001-26, A001-14: walking off the 7u platform falls at once; with `fall.dice: 1d6`
    the 7u fall rolls 2d6 (R001-39), whose odds are checked against every pair of faces."""
    s = _cliff(D6)
    option = next(o for o in s.options("ada") if o.to == "0,2")
    fall = option.risk.fall
    assert fall is not None and fall.chance == 1 and (fall.distance, fall.unit) == (7, "u")
    assert fall.damage == "into floor: 2d6 damage"
    brute: dict[str, Fraction] = {}
    for a, b in product(range(1, 7), repeat=2):
        brute[f"{a + b} damage"] = brute.get(f"{a + b} damage", Fraction(0)) + Fraction(1, 36)
    assert dict(fall.damage_odds) == brute
    assert {"R001-26", "A001-14", "R001-39"} <= set(option.risk.rules)


def test_without_fall_dice_the_fall_is_shown_and_the_damage_left_to_the_table() -> None:
    """A001-14: by default no dice are rolled; the option still says it falls."""
    fall = next(o for o in _cliff().options("ada") if o.to == "0,2").risk.fall
    assert fall is not None and not fall.damage_odds and "fall.dice unset" in fall.damage


def test_a_fall_into_the_void_leaves_the_scene() -> None:
    """A001-14: nothing below: the character is lost to the scene."""
    risk = fall_risk(StylesOptions(), 7.0, "void", ("R001-26",))
    assert risk.leaves_scene == 1 and risk.describe().startswith("leaves the scene")


def test_a_safe_walk_has_no_risk() -> None:
    s = session([actor("ada", "1,1")])
    assert all(not o.risk for o in s.options("ada") if o.command.get("do") == "move")


def test_improvise_answers_say_the_grade_or_that_a_test_follows() -> None:
    """R001-23..25, A001-13: a plain grant is Half (2u) by default; normal 4u, double 8u;
    `test` means a Test follows (R001-24); `refuse` gives nothing."""
    s = session([actor("ada", "1,1")], rows=ROOM, legend=LEGEND)
    _improvise(s, "ada", "climb")
    p = s.state.pending
    words = {c: consequence_of(p, c) for c in p.choices}
    assert words["grant"] is not None and "Half Climb (2u)" in words["grant"].words
    assert words["grant_normal"] is not None and "(4u)" in words["grant_normal"].words
    assert words["grant_double"] is not None and "(8u)" in words["grant_double"].words
    assert words["test"] is not None and "R001-24" in words["test"].rules
    assert words["refuse"] is not None and "does not gain" in words["refuse"].words


def test_fail_interrupted_shows_the_interrupted_effect_now() -> None:
    """R001-21, R001-34: a flier that fails an improvised Climb as Interrupted falls at
    once; R001-37: a swimmer floats up instead."""
    s = session([actor("fly", "1,4,4", mode="fly", styles=["Walk", "Fly"])], rows=ROOM,
                legend=LEGEND, options=D6)
    _improvise(s, "fly", "climb")
    answer(s, "test")
    failed = consequence_of(s.state.pending, "fail_interrupted")
    assert failed is not None and failed.risk.fall is not None
    assert failed.risk.fall.distance == 4 and failed.risk.fall.damage == "into floor: 1d6 damage"
    assert "R001-34" in failed.risk.rules
    w = session([actor("dry", "1,1", z=-2, styles=["Walk"])], rows=["~~~~", "~~~~", "...."],
                legend=LEGEND)
    _improvise(w, "dry", "swim")
    answer(w, "test")
    floats = consequence_of(w.state.pending, "fail_interrupted")
    assert floats is not None and "floats up 1u" in floats.words and not floats.risk


def test_sneak_answers_carry_the_test_odds() -> None:
    """R001-05, A001-09: each Condition's answer rolls the Sneaking Test (d20, 11+: 1/2,
    counted face by face); `skip` does nothing; the GM's `sneak_test` pass or fail."""
    opts = {"sneak": {"check": "roll"}}
    s = session([actor("ada", "1,1")], rows=HIDES, legend=LEGEND, options=opts)
    move(s, "ada", seg("walk", 1, 3))
    hidden = consequence_of(s.state.pending, "hidden")
    assert hidden is not None and hidden.checks
    assert hidden.checks[0].odds["pass"] == Fraction(sum(1 for f in range(1, 21) if f >= 11),
                                                     20)
    skip = consequence_of(s.state.pending, "skip")
    assert skip is not None and "no Sneaking Test" in skip.words
    g = session([actor("ada", "1,1")], rows=HIDES, legend=LEGEND)
    move(g, "ada", seg("walk", 1, 3))
    answer(g, "hidden")
    passed = consequence_of(g.state.pending, "pass")
    assert g.state.pending.kind == "sneak_test" and passed is not None
    assert "Stack of hidden" in passed.words
