"""Terrain features: several per span, cover, thresholds, on high, capacity
(R003-14..23; A003-05, A003-06, A003-16, A003-18)."""

from __future__ import annotations

from typing import Any

from ._helpers import actor, end_turns, refused, session


def conds(s: Any, who: str) -> dict[str, Any]:
    body = s.to_json(log=False)["actors"][who]
    return dict(body["conditions"])


def run(s: Any, who: str, to: str, roll: int = 6) -> Any:
    return s.do({"do": "run", "actor": who, "die": "attack", "to": to, "roll": [roll]})


# -- R003-14, R003-15, A003-05, A003-06: what a span holds --------------------------------


def test_a_span_holds_several_features_of_three_kinds_R003_14() -> None:
    """R003-14, R003-15, A003-05: a span holds any number of features, each a cover, a
    threshold or on high; with spans and heights they make the three spatial concepts."""
    s = session([actor("ada", "yard")])
    m = s.state.space
    assert set(m.features("yard")) == {"crates", "door", "tower", "steps"}
    assert {m.place(f).kind for f in m.features("yard")} == {"cover", "threshold", "on_high"}
    assert {m.place(p.id).kind for p in m.graph} == {"span", "cover", "threshold", "on_high"}
    assert all(isinstance(m.top(p.id), int) for p in m.graph)  # heights are whole storeys
    # every feature of the span but the climb-only tower is one Run away
    runs = {o.to for o in s.options("ada") if o.command["do"] == "run"}
    assert {"crates", "door", "steps"} <= runs and "tower" not in runs


def test_each_feature_belongs_to_one_span_A003_06() -> None:
    """A003-06: a feature belongs to exactly one span."""
    s = session([actor("ada", "crates")])
    m = s.state.space
    assert m.span_of("crates") == "yard" and m.span_of("awning") == "street"
    assert "crates" not in m.features("street")


def test_one_feature_at_a_time_and_moving_between_features_A003_06() -> None:
    """A003-06: one feature at a time; going from one to another takes one move, and
    running to an adjacent span leaves the feature."""
    s = session([actor("ada", "crates"), actor("bo", "far")])
    assert conds(s, "ada")["in_cover"] is True
    run(s, "ada", "door")
    assert s.state.actors["ada"].at == "door"
    c = conds(s, "ada")
    assert c["in_cover"] is False and c["in_threshold"] is True
    s.do({"do": "move", "actor": "ada", "to": "street"})
    assert s.state.actors["ada"].at == "street"
    assert conds(s, "ada")["in_threshold"] is False


# -- A003-06: capacity -------------------------------------------------------------------


NOOK: list[dict[str, Any]] = [{"id": "yard", "features": [
    {"id": "nook", "kind": "cover", "capacity": 1},
    {"id": "bush", "kind": "cover"},
    {"id": "mast", "kind": "on_high", "height": 2, "capacity": 1},
]}, {"id": "lane"}]


def test_feature_capacity_refuses_one_too_many_A003_06() -> None:
    """A003-06: a feature with capacity 1 holds one character, friend or foe."""
    s = session([actor("ada", "yard"), actor("bo", "nook")], spans=NOOK, links=[["yard", "lane"]])
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "nook", "roll": [6]},
            "feature_full", "A003-06")
    assert "nook" not in {o.to for o in s.options("ada")}
    run(s, "ada", "bush")
    assert s.state.actors["ada"].at == "bush"


def test_capacity_is_unlimited_by_default_A003_06() -> None:
    """A003-06 (default `feature.default_capacity: null`): no limit unless the map says."""
    s = session([actor("ada", "yard"), actor("bo", "bush"), actor("cy", "bush")],
                spans=NOOK, links=[["yard", "lane"]])
    run(s, "ada", "bush")
    assert [a.at for a in s.state.actors.values()] == ["bush"] * 3


def test_default_capacity_option_A003_06() -> None:
    """A003-06 option `feature.default_capacity: 1` applies where the map sets none."""
    s = session([actor("ada", "yard"), actor("bo", "bush")], spans=NOOK,
                links=[["yard", "lane"]], options={"feature": {"default_capacity": 1}})
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "bush", "roll": [6]},
            "feature_full", "A003-06")


def test_capacity_is_checked_again_at_the_top_of_a_climb_A003_06() -> None:
    """A003-06: a mast that filled while the climber clung on cannot be entered."""
    s = session([actor("ada", "yard"), actor("bo", "yard")], spans=NOOK,
                links=[["yard", "lane"]])
    s.do({"do": "climb", "actor": "ada", "die": "brace", "to": "mast", "roll": [6]})
    end_turns(s, "ada")
    s.do({"do": "climb", "actor": "bo", "die": "brace", "to": "mast", "roll": [6]})
    end_turns(s, "bo")
    s.do({"do": "climb", "actor": "ada", "die": "brace", "to": "mast", "roll": [6]})
    assert s.state.actors["ada"].at == "mast"
    end_turns(s, "ada")
    refused(s, {"do": "climb", "actor": "bo", "die": "brace", "to": "mast", "roll": [6]},
            "feature_full", "A003-06")
    assert s.state.actors["bo"].climbing == "mast"


# -- R003-16..18: cover ---------------------------------------------------------------------


def test_cover_is_what_the_map_marks_as_cover_R003_16() -> None:
    """R003-16: the Guide decides what is cover, by drawing it so on the map; only
    `cover` features give its benefits."""
    s = session([actor("ada", "crates"), actor("bo", "steps"), actor("cy", "door")])
    assert [conds(s, a)["in_cover"] for a in ("ada", "bo", "cy")] == [True, False, False]


def test_hide_needs_cover_R003_18() -> None:
    """R003-18: Hide may only be taken from cover (`may_hide`)."""
    s = session([actor("ada", "crates"), actor("bo", "yard")])
    assert conds(s, "ada")["may_hide"] is True
    assert conds(s, "bo")["may_hide"] is False


# -- R003-19..21, A003-16: thresholds ---------------------------------------------------------


def door_session(**options: Any) -> Any:
    # the door of the yard guards the way to the street
    return session(
        [actor("ada", "yard"), actor("gate", "door", side="raiders"), actor("bo", "yard"),
         actor("pal", "street", side="raiders")],
        order=["ada", "bo", "gate", "pal"], options=options or None,
    )


def test_threshold_blocks_foes_from_crossing_R003_20() -> None:
    """R003-19, R003-20, A003-16: a foe in the door blocks the way yard–street."""
    s = door_session()
    err = refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "street", "roll": [6]},
                  "threshold_blocked", "R003-20", "A003-16")
    assert "gate" in err.detail
    assert "street" not in {o.to for o in s.options("ada") if o.command["do"] == "run"}
    # nor may she step into the door itself while the foe holds it
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "door", "roll": [6]},
            "threshold_blocked", "R003-20")


def test_threshold_blocks_foes_from_either_side_R003_20() -> None:
    """R003-20: the block works both ways across the guarded link."""
    s = session([actor("ada", "street"), actor("gate", "door", side="raiders")])
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "yard", "roll": [6]},
            "threshold_blocked", "R003-20")


def test_threshold_does_not_block_allies_R003_20() -> None:
    """R003-20: the holder shields its own side: allies pass freely."""
    s = door_session()
    end_turns(s, "ada", "bo", "gate")
    run(s, "pal", "yard")
    assert s.state.actors["pal"].at == "yard"
    s.do({"do": "move", "actor": "pal", "to": "door"})  # and may stand beside the holder
    assert s.state.actors["pal"].at == "door"


def test_threshold_holder_crosses_its_own_threshold_R003_20() -> None:
    """R003-20: the occupant itself may go through."""
    s = door_session()
    end_turns(s, "ada", "bo")
    run(s, "gate", "street")
    assert s.state.actors["gate"].at == "street"


def test_threshold_clear_once_the_holder_leaves_A003_16() -> None:
    """A003-16 (default `until_cleared`): once the holder has left, foes may cross."""
    s = door_session()
    end_turns(s, "ada", "bo")
    run(s, "gate", "crates")
    end_turns(s, "gate", "pal")
    run(s, "ada", "street")
    assert s.state.actors["ada"].at == "street"


def test_threshold_block_off_option_A003_16() -> None:
    """A003-16 alternative (`threshold.block: off`): thresholds stop nobody."""
    s = door_session(threshold={"block": "off"})
    run(s, "ada", "street")
    assert s.state.actors["ada"].at == "street"
    s2 = door_session(threshold={"block": "off"})
    run(s2, "ada", "door")
    assert s2.state.actors["ada"].at == "door"


def test_threshold_limits_maneuvers_R003_21() -> None:
    """R003-21: in a threshold, no Evade or Outflank, and no being outflanked."""
    s = door_session()
    c = conds(s, "gate")
    assert c["in_threshold"] is True
    assert c["can_be_outflanked"] is False
    assert c["blocked_maneuvers"] == ["Evade", "Outflank"]
    other = conds(s, "ada")
    assert other["can_be_outflanked"] is True and other["blocked_maneuvers"] == []


# -- R003-22, R003-23, A003-18: on high --------------------------------------------------------


def test_on_high_with_stairs_is_run_to_R003_23() -> None:
    """R003-23: stairs or a slope lead up (access run): a Run occupies it."""
    s = session([actor("ada", "yard")])
    run(s, "ada", "steps", roll=5)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height) == ("steps", 1)
    assert conds(s, "ada")["on_high"] is True
    # and back down the stairs with the second move
    s.do({"do": "move", "actor": "ada", "to": "yard"})
    assert (s.state.actors["ada"].at, s.state.actors["ada"].height) == ("yard", 0)


def test_on_high_without_stairs_must_be_climbed_R003_23() -> None:
    """R003-23: otherwise it must be climbed; and its occupant climbs (or drops) down."""
    s = session([actor("ada", "yard"), actor("bo", "tower")])
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "tower", "roll": [6]},
            "needs_climb", "R003-23")
    end_turns(s, "ada")
    refused(s, {"do": "run", "actor": "bo", "die": "attack", "to": "yard", "roll": [6]},
            "needs_climb", "R003-23")
    assert {o.command["do"] for o in s.options("bo")} >= {"climb", "drop"}


def test_on_high_features_stand_at_their_own_height_R003_22() -> None:
    """R003-22, A003-18: on-high features have a height; default one above the ground."""
    s = session([actor("ada", "up")], spans=[{"id": "hill", "ground": 3, "features": [
        {"id": "up", "kind": "on_high"}]}], links=[])
    assert s.state.actors["ada"].height == 4
    assert conds(s, "ada")["on_high"] is True


def test_airborne_characters_sit_at_any_height_A003_18() -> None:
    """A003-18: a flier may be above a span without any feature."""
    s = session([actor("kite", "yard", mode="flying", can_fly=True, height=3)])
    kite = s.state.actors["kite"]
    assert (kite.at, kite.height) == ("yard", 3)
    assert conds(s, "kite")["on_high"] is False  # high, but on no on-high feature
