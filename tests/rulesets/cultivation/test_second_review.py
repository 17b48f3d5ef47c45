"""Issue 23, the second engineer's review: the Opportunity column of the README's
cause-by-condition table (R000-06, A000-29). Only a Move provokes; a joint move is both
partners' Move (R000-12: "you both spend your Movement"); forced movement is nobody's
Move (R000-48, R000-55)."""

from __future__ import annotations

from typing import Any

from ._helpers import actor, at, of_type, session

GUARD = {"abilities": ["grants_opportunity"]}


def _granted(events: Any) -> list[tuple[str, str]]:
    return sorted((e.actor, e.mover) for e in of_type(events, "opportunity_granted"))


def test_a_climb_and_a_drop_away_from_the_guard_provoke_R000_06() -> None:
    """R000-06, R000-37, R000-39: climbing or dropping out of the guard's zone is a Move."""
    zones = [{"id": "yard"}, {"id": "wall", "floor_m": 5}, {"id": "pit", "floor_m": -5}]
    links = [{"a": "yard", "b": "wall", "climb": "ordinary"},
             {"a": "yard", "b": "pit", "one_way": True, "drop": True}]
    s = session([actor("ada", "yard", air=20), actor("bo", "yard"),
                 actor("foe", "yard", side="bad", **GUARD)], zones=zones, links=links,
                order=["ada", "bo", "foe"])
    assert _granted(s.do({"do": "move", "actor": "ada", "to": "wall", "roll": [20]})) == [
        ("foe", "ada")]
    s.do({"do": "end_turn", "actor": "ada"})
    assert _granted(s.do({"do": "move", "actor": "bo", "to": "pit"})) == [("foe", "bo")]


def test_a_joint_move_provokes_for_both_partners_R000_06_R000_12() -> None:
    """R000-06, R000-12: both partners spend their Movement, so both Move."""
    s = session([actor("ada", "a"), actor("bo", "a"), actor("foe", "a", side="bad", **GUARD)],
                order=["ada", "bo", "foe"])
    s.do({"do": "partner", "actor": "ada", "target": "bo"})
    s.do({"answer": "accept"})
    events = s.do({"do": "joint_move", "actor": "ada", "to": "b"})
    assert _granted(events) == [("foe", "ada"), ("foe", "bo")]


def test_a_thrown_body_provokes_nothing_R000_06_R000_48() -> None:
    """R000-06, R000-48: forced movement is not the target's Move."""
    s = session([actor("ada", "a", earth=5), actor("bo", "a", side="other"),
                 actor("foe", "a", side="bad", **GUARD)], order=["ada", "bo", "foe"])
    s.do({"do": "throw", "actor": "ada", "target": "bo", "to": "b"})
    events = s.do({"answer": "forfeit"})
    assert at(s, "bo") == "b" and _granted(events) == []
