"""Who may target whom, on-high relations and derived conditions (R003-11, R003-12,
R003-17, R003-18, R003-21, R003-22, R003-33, R003-35; A003-07, A003-14, A003-15, A003-22)."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.rulesets.spans.targeting import can_target, conditions, is_on_high

from ._helpers import actor, session

CAST = [
    actor("ada", "yard"),
    actor("raider", "yard", side="raiders"),
    actor("hider", "crates", side="raiders"),
    actor("hider2", "crates"),
    actor("perch", "tower", side="raiders"),
    actor("stair", "steps", side="raiders"),
    actor("far", "street", side="raiders"),
    actor("awn", "awning", side="raiders"),
    actor("kite", "yard", side="raiders", mode="flying", can_fly=True, height=2),
]


def state(**options: Any) -> Any:
    return session(CAST, options=options or None).state


# -- R003-11, R003-12: melee within the span -----------------------------------------------


def test_melee_reaches_anyone_in_the_span_R003_11() -> None:
    """R003-11, R003-12: everyone in a span can reach one another, features included
    (cover and thresholds do not stop melee, A003-14)."""
    st = state()
    for target in ("raider", "hider"):
        ruling = can_target(st, "ada", target, "melee")
        assert ruling.allowed, target
        assert "R003-11" in ruling.rules
    assert can_target(st, "hider", "ada", "melee").allowed


def test_melee_does_not_reach_another_span_R003_12() -> None:
    """R003-11, R003-12: melee targets only one's own span."""
    ruling = can_target(state(), "ada", "far", "melee")
    assert not ruling.allowed
    assert {"R003-11", "R003-12"} <= set(ruling.rules)


def test_on_high_occupant_out_of_melee_reach_from_below_A003_14() -> None:
    """R003-12, A003-14 (default `on_high.blocks_melee_from_below: true`): the tower's
    occupant cannot be reached in melee from the ground; from above it can reach down."""
    st = state()
    up = can_target(st, "ada", "perch", "melee")
    assert not up.allowed and {"R003-12", "A003-14"} <= set(up.rules)
    assert not can_target(st, "ada", "stair", "melee").allowed  # any raised feature
    assert can_target(st, "perch", "ada", "melee").allowed
    assert can_target(st, "kite", "perch", "melee").allowed  # a flier at the same height


def test_on_high_melee_block_option_off_A003_14() -> None:
    """A003-14 alternative: with the option off, height does not stop melee."""
    st = state(on_high={"blocks_melee_from_below": False})
    assert can_target(st, "ada", "perch", "melee").allowed


# -- R003-17, A003-15: cover and ranged attacks -----------------------------------------------


def test_ranged_cannot_target_an_occupant_of_cover_R003_17() -> None:
    """R003-17, A003-15 (default `all_not_in_feature`): nobody outside the cover, in this
    span or another, can shoot its occupant; inside the same cover they can."""
    st = state()
    for shooter in ("ada", "far", "kite"):
        ruling = can_target(st, shooter, "hider", "ranged")
        assert not ruling.allowed, shooter
        assert {"R003-17", "A003-15"} <= set(ruling.rules)
    assert can_target(st, "hider2", "hider", "ranged").allowed
    assert can_target(st, "ada", "far", "ranged").allowed  # no cover, no block
    assert can_target(st, "hider", "ada", "ranged").allowed  # cover hides, it does not blind


def test_cover_blocks_other_spans_only_option_A003_15() -> None:
    """A003-15 alternative (`other_spans_only`): only foes in other spans are beyond it."""
    st = state(cover={"blocks": "other_spans_only"})
    assert can_target(st, "ada", "hider", "ranged").allowed
    assert not can_target(st, "far", "hider", "ranged").allowed
    assert not can_target(st, "ada", "awn", "ranged").allowed


def test_removed_characters_cannot_be_targeted_A003_20() -> None:
    """A003-20: a character lost in the Skysea is out of the scene."""
    s = session([actor("ada", "yard"), actor("foe", "yard", side="raiders")])
    s.do({"do": "drop", "actor": "ada", "to": "sky"})
    assert s.state.actors["ada"].removed
    assert not can_target(s.state, "foe", "ada", "melee").allowed
    assert not can_target(s.state, "ada", "foe", "ranged").allowed


# -- R003-22, A003-07: on high ---------------------------------------------------------------


def test_is_on_high_compares_heights_A003_07() -> None:
    """R003-22, A003-07: a is on high relative to b when it stands higher; no benefit is
    applied (the text's list is missing)."""
    st = state()
    a = st.actors
    assert is_on_high(a["perch"], a["ada"])
    assert not is_on_high(a["ada"], a["perch"])
    assert not is_on_high(a["ada"], a["raider"])  # same height
    assert is_on_high(a["kite"], a["stair"]) and not is_on_high(a["kite"], a["perch"])
    # no on-high benefit is applied: the perched raider has the same stats as anyone
    assert (a["perch"].guard, a["perch"].life) == (a["raider"].guard, a["raider"].life)


# -- A003-22: conditions ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        ("ada", {"span": "yard", "in_cover": False, "may_hide": False, "in_threshold": False,
                 "can_be_outflanked": True, "on_high": False, "clinging": False,
                 "blocked_maneuvers": []}),
        ("hider", {"span": "yard", "in_cover": True, "may_hide": True, "on_high": False}),
        ("perch", {"span": "yard", "on_high": True, "in_cover": False}),
        ("awn", {"span": "street", "in_cover": True}),
        ("kite", {"span": "yard", "on_high": False, "blocked_maneuvers": ["Stand fast"]}),
    ],
)
def test_conditions_of_each_position_A003_22(who: str, expected: dict[str, Any]) -> None:
    """A003-22, R003-18, R003-35: derived flags record what a position allows."""
    st = state()
    got = conditions(st, st.actors[who])
    assert {k: got[k] for k in expected} == expected


def test_threshold_conditions_R003_21() -> None:
    """R003-21: in a threshold, Evade and Outflank are blocked, and no outflanking."""
    s = session([actor("gate", "door")])
    got = conditions(s.state, s.state.actors["gate"])
    assert got["in_threshold"] is True
    assert got["can_be_outflanked"] is False
    assert got["blocked_maneuvers"] == ["Evade", "Outflank"]


def test_floating_conditions_R003_33() -> None:
    """R003-33: a floating character cannot Evade or Stand fast."""
    s = session([actor("sorc", "yard", mode="floating")])
    got = conditions(s.state, s.state.actors["sorc"])
    assert got["blocked_maneuvers"] == ["Evade", "Stand fast"]


def test_flying_conditions_R003_35() -> None:
    """R003-35: a flier cannot Stand fast but may Evade."""
    s = session([actor("kite", "yard", mode="flying", can_fly=True)])
    got = conditions(s.state, s.state.actors["kite"])
    assert got["blocked_maneuvers"] == ["Stand fast"]
    assert "Evade" not in got["blocked_maneuvers"]


def test_conditions_in_the_state_json_A003_22() -> None:
    """A003-22: the state JSON carries the same conditions."""
    s = session([actor("gate", "door"), actor("sorc", "door", mode="floating")])
    body: Any = s.to_json(log=False)
    assert body["actors"]["gate"]["conditions"] == conditions(s.state, s.state.actors["gate"])
    # blocks from position and mode combine
    assert body["actors"]["sorc"]["conditions"]["blocked_maneuvers"] == [
        "Evade", "Outflank", "Stand fast"]
