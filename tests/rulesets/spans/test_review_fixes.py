"""Rulings settled after review: each pins behaviour the first version got wrong."""

from __future__ import annotations

import pytest

from footwork.errors import IllegalCommand
from footwork.rulesets.spans.targeting import can_target

from ._helpers import actor, session


def test_a_partial_fall_table_keeps_the_other_surfaces_A003_08() -> None:
    """A003-08: surfaces a file gives are laid over the defaults, not instead of them."""
    s = session([actor("ada", "roof", guard=5)],
                options={"fall": {"surfaces": {"hard": {"guard_per_height": 3}}}})
    s.do({"do": "drop", "actor": "ada", "to": "yard", "roll": [1]})
    assert s.state.actors["ada"].guard == 2  # hard now 3 per height
    soft = session([actor("bo", "roof", guard=5)],
                   spans=[{"id": "roof", "ground": 1}, {"id": "lawn", "surface": "soft"}],
                   links=[["roof", "lawn"]],
                   options={"fall": {"surfaces": {"hard": {"guard_per_height": 3}}}})
    soft.do({"do": "drop", "actor": "bo", "to": "lawn", "roll": [1]})
    assert soft.state.actors["bo"].guard == 3  # soft keeps its default 2 per height


@pytest.mark.parametrize("command", [{"do": "take_off"}, {"do": "untether"}, {"do": "land"}])
def test_nothing_else_after_a_failed_run_R003_05(command: dict[str, str]) -> None:
    """R003-05: after a 1–2 the character can take no further action, mode changes too."""
    s = session([actor("ada", "yard", can_fly=True, abilities=["untether"])])
    s.do({"do": "run", "actor": "ada", "die": "brace", "to": "street", "roll": [1]})
    before = s.state
    with pytest.raises(IllegalCommand) as info:
        s.do({**command, "actor": "ada"})
    assert info.value.reason == "turn_spent" and s.state is before


def test_running_across_from_raised_steps_at_the_same_level_R003_13() -> None:
    """R003-13, R003-23: from steps one storey up, a span whose ground is that high is one
    Run away (no climb needed, and no contradiction between Run and Climb)."""
    s = session([actor("ada", "steps")],
                spans=[{"id": "yard", "features": [
                    {"id": "steps", "kind": "on_high", "height": 1, "access": "run"}]},
                       {"id": "quay", "ground": 1}],
                links=[["yard", "quay"]])
    s.do({"do": "run", "actor": "ada", "die": "brace", "to": "quay", "roll": [6]})
    assert (s.state.actors["ada"].at, s.state.actors["ada"].height) == ("quay", 1)


def test_the_skysea_takes_a_drop_whatever_its_height_R003_26() -> None:
    """R003-26, A003-20: a Skysea span beside you can always be dropped into."""
    s = session([actor("ada", "deck")], spans=[{"id": "deck"}, {"id": "sea", "surface": "skysea"}],
                links=[["deck", "sea"]])
    s.do({"do": "drop", "actor": "ada", "to": "sea"})
    assert s.state.actors["ada"].removed


def test_a_defeated_foe_no_longer_holds_a_threshold_A003_16() -> None:
    """A003-16: the occupant blocks until it leaves, is moved out, or is defeated."""
    s = session([actor("ada", "yard"), actor("vex", "door", side="foes", life=0)])
    s.do({"do": "run", "actor": "ada", "die": "brace", "to": "street", "roll": [6]})
    assert s.state.actors["ada"].at == "street"


def test_ranged_attacks_need_sight_R003_11() -> None:
    """R003-11: a target beyond a link that carries no sight cannot be shot at."""
    s = session([actor("ada", "hall"), actor("vex", "cellar", side="foes"),
                 actor("bo", "yard", side="foes")],
                spans=[{"id": "hall"}, {"id": "cellar"}, {"id": "yard"}],
                links=[{"a": "hall", "b": "cellar", "sight": False}, ["hall", "yard"]])
    assert not can_target(s.state, "ada", "vex", "ranged").allowed
    assert can_target(s.state, "ada", "bo", "ranged").allowed


def test_diagonal_fly_moves_are_listed_when_allowed_A003_11() -> None:
    """A003-11: with `fly.diagonal`, options list a move across and up at once, and
    decide accepts every move listed."""
    s = session([actor("kite", "yard", mode="flying", can_fly=True)],
                options={"fly": {"diagonal": True}})
    found = [o.command for o in s.options("kite") if o.command.get("do") == "fly"]
    diagonal = [c for c in found if "to" in c and "direction" in c]
    assert any(c["to"] == "street" and c["direction"] == "up" for c in diagonal)
    s.do({**next(c for c in diagonal if c["to"] == "street" and c["direction"] == "up"),
          "roll": [6]})
    kite = s.state.actors["kite"]
    assert (kite.at, kite.height) == ("street", 1)


def test_a_diagonal_fly_move_cannot_go_below_the_ground_A003_11() -> None:
    """A003-11: a move across and down at once stops at the ground (found by hypothesis)."""
    s = session([actor("kite", "crates", mode="flying", can_fly=True)],
                options={"fly": {"diagonal": True}})
    before = s.state
    with pytest.raises(IllegalCommand) as info:
        s.do({"do": "fly", "actor": "kite", "die": "attack", "to": "yard",
              "direction": "down", "roll": [6]})
    assert info.value.reason == "below_ground" and s.state is before


def test_a_climber_partway_up_may_climb_back_down_A003_10() -> None:
    """A003-10: partway up the tower, a climber may go on, drop, or climb back down."""
    s = session([actor("ada", "yard", dice={"brace": "d6"})])
    s.do({"do": "climb", "actor": "ada", "die": "brace", "to": "tower", "roll": [6]})
    assert (s.state.actors["ada"].height, s.state.actors["ada"].climbing) == (1, "tower")
    s.do({"do": "end_turn", "actor": "ada"})
    listed = {o.command.get("to") for o in s.options("ada") if o.command.get("do") == "climb"}
    assert listed == {"tower", "yard"}
    s.do({"do": "climb", "actor": "ada", "die": "brace", "to": "yard", "roll": [6]})
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.climbing) == ("yard", 0, None)
