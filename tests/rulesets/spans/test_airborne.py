"""Floating and flying: taking off, Untether, Float, Fly, landing (R003-30..35, R003-39;
A003-11..13, A003-17)."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.errors import InvalidCommand

from ._helpers import actor, cited, end_turns, of_type, refused, session, types


def flier(aid: str = "kite", at: str = "yard", **stats: Any) -> dict[str, Any]:
    return actor(aid, at, mode="flying", can_fly=True, **stats)


def fly(s: Any, who: str, roll: int, die: str = "maneuver", **where: Any) -> Any:
    return s.do({"do": "fly", "actor": who, "die": die, "roll": [roll], **where})


# -- R003-30: becoming airborne ------------------------------------------------------------


def test_take_off_needs_the_ability_to_fly_R003_30() -> None:
    """R003-30: a character that can fly (or rides a flier) takes off and is flying."""
    s = session([actor("ada", "yard"), actor("kite", "yard", can_fly=True)],
                order=["kite", "ada"])
    events = s.do({"do": "take_off", "actor": "kite"})
    assert types(events) == ["mode_changed"] and "R003-30" in cited(events)
    assert s.state.actors["kite"].mode == "flying"
    refused(s, {"do": "take_off", "actor": "kite"}, "cannot_take_off")
    end_turns(s, "kite")
    refused(s, {"do": "take_off", "actor": "ada"}, "cannot_fly", "R003-30")


def test_airborne_characters_do_not_run_R003_30() -> None:
    """R003-30, R003-34: a flier moves with Fly, not Run (and not Float)."""
    s = session([flier()])
    refused(s, {"do": "run", "actor": "kite", "die": "attack", "to": "street"}, "airborne")
    refused(s, {"do": "float", "actor": "kite", "to": "street"}, "not_floating", "R003-32")


def test_land_at_the_ground_R003_30() -> None:
    """R003-30: an airborne character at its place's height may land; above it, it may not."""
    s = session([flier(height=1)])
    refused(s, {"do": "land", "actor": "kite"}, "not_at_ground")
    fly(s, "kite", 5, direction="down")
    s.do({"do": "land", "actor": "kite"})
    kite = s.state.actors["kite"]
    assert (kite.mode, kite.height, kite.at) == ("grounded", 0, "yard")
    refused(s, {"do": "land", "actor": "kite"}, "not_airborne")


# -- R003-39, R003-31..33, A003-17: floating ----------------------------------------------------


def test_untether_makes_the_sorcerer_float_R003_39() -> None:
    """R003-39, A003-25: Untether is a hook granting floating; it costs nothing here."""
    s = session([actor("sorc", "yard", abilities=["untether"]), actor("ada", "yard")])
    events = s.do({"do": "untether", "actor": "sorc"})
    assert "R003-39" in cited(events)
    sorc = s.state.actors["sorc"]
    assert (sorc.mode, sorc.guard, sorc.stamina, sorc.awareness) == ("floating", 3, 3, 3)
    refused(s, {"do": "untether", "actor": "sorc"}, "already_floating")
    end_turns(s, "sorc")
    refused(s, {"do": "untether", "actor": "ada"}, "no_ability", "R003-39")


def test_float_moves_one_span_without_a_roll_R003_32() -> None:
    """R003-31, R003-32, A003-17: Float is the floater's whole movement (the text's
    "as if swimming" adds no rule): one span, no roll, automatic success."""
    s = session([actor("sorc", "yard", mode="floating")])
    events = s.do({"do": "float", "actor": "sorc", "to": "street"})
    assert types(events) == ["movement_action_taken", "moved", "turn_spent"]
    assert "rolled" not in types(events)
    assert "R003-32" in cited(events)
    sorc = s.state.actors["sorc"]
    assert (sorc.at, sorc.height, sorc.mode) == ("street", 0, "floating")


def test_float_takes_no_roll_field_R003_32() -> None:
    """R003-32: Float has no roll at all; a command supplying one is malformed."""
    s = session([actor("sorc", "yard", mode="floating")])
    with pytest.raises(InvalidCommand):
        s.do({"do": "float", "actor": "sorc", "to": "street", "roll": [6]})


def test_float_then_nothing_else_R003_32() -> None:
    """R003-32: after Floating the character can do nothing else and has no second move."""
    s = session([actor("sorc", "yard", mode="floating"), actor("foe", "street", side="x")])
    s.do({"do": "float", "actor": "sorc", "direction": "up"})
    sorc = s.state.actors["sorc"]
    assert (sorc.height, sorc.done, sorc.bonus) == (1, True, False)
    refused(s, {"do": "move", "actor": "sorc", "direction": "up"}, "no_bonus")
    refused(s, {"do": "free_action", "actor": "sorc", "action": "cast"}, "no_bonus")
    refused(s, {"do": "float", "actor": "sorc", "direction": "up"}, "turn_spent", "R003-32")
    refused(s, {"do": "drop", "actor": "sorc"}, "turn_spent")
    refused(s, {"do": "jump_attack", "actor": "sorc", "target": "foe", "hit": True},
            "turn_spent")
    assert [o.command["do"] for o in s.options("sorc")] == ["end_turn"]


def test_float_up_and_down_one_height_R003_32() -> None:
    """R003-32: or one height up or down; never below the ground."""
    s = session([actor("sorc", "yard", mode="floating"), actor("ada", "far")])
    refused(s, {"do": "float", "actor": "sorc", "direction": "down"}, "below_ground")
    s.do({"do": "float", "actor": "sorc", "direction": "up"})
    end_turns(s, "sorc", "ada")
    s.do({"do": "float", "actor": "sorc", "to": "steps"})  # the steps stand at height 1
    assert (s.state.actors["sorc"].at, s.state.actors["sorc"].height) == ("steps", 1)
    end_turns(s, "sorc", "ada")
    s.do({"do": "float", "actor": "sorc", "direction": "down"})
    assert (s.state.actors["sorc"].at, s.state.actors["sorc"].height) == ("yard", 0)


def test_float_into_a_feature_at_another_height_is_refused_R003_32() -> None:
    """R003-32: a floater enters a feature only at that feature's height."""
    s = session([actor("sorc", "yard", mode="floating")])
    refused(s, {"do": "float", "actor": "sorc", "to": "tower"}, "wrong_height")


def test_float_needs_floating_R003_32() -> None:
    s = session([actor("ada", "yard")])
    refused(s, {"do": "float", "actor": "ada", "to": "street"}, "not_floating", "R003-32")


# -- R003-34, A003-11..13: flying ---------------------------------------------------------------


def test_fly_up_with_a_success_and_a_second_move_R003_34() -> None:
    """R003-34: Fly is rolled like Run; a move may be a height up, and a success gives
    the second move (also vertical)."""
    s = session([flier()])
    events = fly(s, "kite", 5, direction="up")
    assert of_type(events, "rolled")[0].outcome == "success"
    assert "R003-34" in cited(events)
    assert (s.state.actors["kite"].height, s.state.actors["kite"].bonus) == (1, True)
    s.do({"do": "move", "actor": "kite", "direction": "up"})
    kite = s.state.actors["kite"]
    assert (kite.at, kite.height, kite.bonus, kite.mode) == ("yard", 2, False, "flying")


def test_fly_across_and_onto_high_ground_R003_34() -> None:
    """R003-34: up, then across into a feature at that height."""
    s = session([flier()])
    fly(s, "kite", 6, die="attack", direction="up")
    s.do({"do": "move", "actor": "kite", "to": "steps"})
    assert (s.state.actors["kite"].at, s.state.actors["kite"].height) == ("steps", 1)


def test_fly_over_to_a_higher_span_R003_34() -> None:
    """R003-34: a flier at the ledge's height can cross to it without climbing."""
    s = session([flier(height=2)])
    fly(s, "kite", 5, to="ledge")
    assert (s.state.actors["kite"].at, s.state.actors["kite"].height) == ("ledge", 2)
    s2 = session([flier()])
    refused(s2, {"do": "fly", "actor": "kite", "die": "attack", "to": "ledge", "roll": [6]},
            "below_ground")


def test_fly_one_direction_per_move_A003_11() -> None:
    """A003-11 (default `fly.diagonal: false`): a move is a span across *or* a height."""
    s = session([flier()])
    refused(s, {"do": "fly", "actor": "kite", "die": "attack", "to": "street",
                "direction": "up", "roll": [6]}, "bad_move", "A003-11")


def test_fly_diagonal_option_A003_11() -> None:
    """A003-11 alternative (`fly.diagonal: true`): across and up in one move."""
    s = session([flier()], options={"fly": {"diagonal": True}})
    fly(s, "kite", 6, to="street", direction="up")
    kite = s.state.actors["kite"]
    assert (kite.at, kite.height) == ("street", 1)


def test_fly_fail_is_one_move_and_nothing_else_A003_12() -> None:
    """A003-12: a 1–2 on Fly reads as Run's 1–2: one move, nothing further."""
    s = session([flier()])
    events = fly(s, "kite", 2, direction="up")
    assert of_type(events, "rolled")[0].outcome == "fail"
    assert {"R003-05", "A003-12"} <= cited(events)
    kite = s.state.actors["kite"]
    assert (kite.height, kite.done, kite.bonus) == (1, True, False)
    refused(s, {"do": "move", "actor": "kite", "direction": "up"}, "no_bonus")


def test_fly_struggle_paid_gives_the_double_move_R003_34() -> None:
    """R003-34, R003-04: on a paid struggle the flier may still move twice."""
    s = session([flier()])
    fly(s, "kite", 4, die="brace", to="street")
    assert s.state.pending is not None and s.state.pending.context["resource"] == "stamina"
    events = s.do({"answer": "pay"})
    assert "R003-04" in of_type(events, "paid")[0].rules
    s.do({"do": "move", "actor": "kite", "to": "far"})
    kite = s.state.actors["kite"]
    assert (kite.at, kite.stamina) == ("far", 2)


def test_fly_struggle_vertical_from_a_feature_R003_34() -> None:
    """R003-34: a flier perched on the tower pays a struggle to rise from it.
    (Regression: the answer once re-checked a different move and was refused.)"""
    s = session([flier(at="tower")])
    fly(s, "kite", 3, die="attack", direction="up")
    s.do({"answer": "pay"})
    kite = s.state.actors["kite"]
    assert (kite.at, kite.height, kite.guard, kite.bonus) == ("yard", 3, 2, True)


def test_fly_bonus_free_action_cannot_be_fly_A003_13() -> None:
    """A003-13: the action after a successful Fly is any free action but Run or Fly."""
    s = session([flier()])
    fly(s, "kite", 5, to="street")
    refused(s, {"do": "free_action", "actor": "kite", "action": "Fly"}, "not_free", "A003-13")
    events = s.do({"do": "free_action", "actor": "kite", "action": "loose an arrow"})
    assert "free_action_taken" in types(events)


def test_fly_needs_flying_R003_34() -> None:
    s = session([actor("ada", "yard", can_fly=True)])
    refused(s, {"do": "fly", "actor": "ada", "die": "attack", "direction": "up"},
            "not_flying", "R003-34")


def test_flier_stops_flying_and_falls_R003_30() -> None:
    """R003-30, R003-25: a flier that stops flying above the ground falls."""
    s = session([flier(height=2)])
    events = s.do({"do": "drop", "actor": "kite", "roll": [1]})
    assert types(events) == ["movement_action_taken", "fell", "rolled", "damaged", "landed"]
    kite = s.state.actors["kite"]
    # 2 heights onto hard ground: 4 guard (3 left → 0), 2 lethal less 1
    assert (kite.mode, kite.height, kite.guard, kite.life) == ("grounded", 0, 0, 4)


def test_flier_at_the_ground_drops_to_land_R003_30() -> None:
    s = session([flier()])
    events = s.do({"do": "drop", "actor": "kite"})
    assert "fell" not in types(events) and "R003-30" in cited(of_type(events, "landed"))
    assert s.state.actors["kite"].mode == "grounded"


def test_no_landing_on_the_skysea_R003_26() -> None:
    """R003-26: a flier over the Skysea has nothing to land on; stopping flight there is a
    plunge that removes it (A003-20)."""
    s = session([flier(at="sky", height=-4)])
    refused(s, {"do": "land", "actor": "kite"}, "no_surface", "R003-26")
    events = s.do({"do": "drop", "actor": "kite"})
    assert "lost_in_skysea" in types(events)
    assert s.state.actors["kite"].removed


def test_falling_flier_is_not_grounded_mid_air_R003_30() -> None:
    """R003-30: while a fall waits for a decision, the faller is not standing in mid-air;
    it is grounded only once it lands. (Regression: it was grounded at the top of the fall.)"""
    s = session([flier(height=2, abilities=["leaf_on_the_wind"])])
    s.do({"do": "drop", "actor": "kite", "roll": [1]})
    assert s.state.pending is not None and s.state.pending.kind == "leaf_on_the_wind"
    assert s.state.actors["kite"].mode == "flying"
    s.do({"answer": "keep"})
    kite = s.state.actors["kite"]
    assert (kite.mode, kite.height) == ("grounded", 0)
