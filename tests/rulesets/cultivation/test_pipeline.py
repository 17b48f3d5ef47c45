"""The movement pipeline's rulings that issue 10 and issue 16 corrected, one per rule."""

from __future__ import annotations

from typing import Any

from footwork.engine import Session

from ._helpers import a, actor, at, end_turns, refused, session


def aware(s: Session[Any], x: str, y: str) -> Any:
    return s.engine.ruleset.queries()["aware"].answer(s.state, x, y)["allowed"]


def test_one_fall_schedule_for_a_throw_and_a_current_R000_40_R000_53() -> None:
    """R000-40, A000-10, R000-53: a body thrown over an edge in a turn and one carried over
    it by a current at the round's end both cover 50 m in round 1 of their fall."""
    zones: list[dict[str, Any]] = [{"id": "rim", "floor_m": 600},
             {"id": "stream", "floor_m": 600, "tile": {"kind": "current", "to": "moss"}},
             {"id": "moss", "surface": "soft"}]
    links = [["rim", "stream"],
             {"a": "rim", "b": "moss", "one_way": True, "drop": True},
             {"a": "stream", "b": "moss", "one_way": True, "drop": True}]
    s = session([actor("wu", "rim", earth=5), actor("bao", "rim", side="x"),
                 actor("cai", "stream", side="x")], zones=zones, links=links)
    s.do({"do": "throw", "actor": "wu", "target": "bao", "to": "moss"})
    s.do({"answer": "forfeit"})
    end_turns(s, "wu", "bao", "cai")
    assert a(s, "bao").fallen_m == a(s, "cai").fallen_m == 50


def test_tile_movement_respects_a_full_zone_R000_57_A000_17() -> None:
    """R000-57, R000-53, A000-17: a current cannot carry anyone into a full zone."""
    zones: list[dict[str, Any]] = [{"id": "up", "tile": {"kind": "current", "to": "raft"}},
                                   {"id": "raft", "limit": 1}]
    s = session([actor("f", "raft"), actor("su", "up", side="x")], zones=zones,
                links=[["up", "raft"]])
    end_turns(s, "f", "su")
    assert at(s, "su") == "up" and at(s, "f") == "raft"


def test_tile_movement_spills_over_R000_35_R000_58() -> None:
    """R000-35, R000-58, A000-09: with spill-over an elevator into a full zone scatters
    those inside, as an own move would."""
    zones: list[dict[str, Any]] = [{"id": "lift", "tile": {"kind": "elevator", "to": "post"}},
             {"id": "post", "limit": 1, "clockwise": ["lift", "roof"]}, {"id": "roof"}]
    s = session([actor("bo", "lift"), actor("sentry", "post", side="x")], zones=zones,
                links=[["lift", "post"], ["post", "roof"]],
                options={"limit": {"mode": "spillover"}})
    s.do({"do": "end_turn", "actor": "bo"})
    s.do({"do": "end_turn", "actor": "sentry", "roll": [2]})
    assert at(s, "bo") == "post" and at(s, "sentry") == "roof"


def test_a_throw_needs_the_targets_band_R000_76_R000_49() -> None:
    """R000-76, R000-49, A000-24: a Floating foe is thrown only once its band is reached."""
    s = session([actor("ruo", "a", earth=6), actor("ping", "a", side="x", band="floating",
                                                    abilities=["levitate"])],
                options={"bands": {"enabled": True}})
    refused(s, {"do": "throw", "actor": "ruo", "target": "ping", "to": "b"}, "not_in_reach")
    s.do({"do": "reach_band", "actor": "ruo", "target": "ping"})
    s.do({"do": "throw", "actor": "ruo", "target": "ping", "to": "b"})
    assert s.state.pending is not None


def test_a_throw_needs_awareness_R000_66_R000_71() -> None:
    """R000-66, R000-65, R000-71: a hidden foe one is unaware of cannot be thrown."""
    s = session([actor("lin", "a"), actor("kato", "a", side="x", hidden=True)])
    refused(s, {"do": "throw", "actor": "lin", "target": "kato", "to": "b"}, "not_in_reach")


def test_no_throw_up_out_of_a_whirlpool_R000_60() -> None:
    """R000-60: a whirlpool prevents upward movement, a throw's as much as a swim's."""
    zones: list[dict[str, Any]] = [
        {"id": "whirl", "water_m": 6, "tile": {"kind": "whirlpool", "to": "cave"}},
        {"id": "dock", "floor_m": 2}, {"id": "cave", "water_m": 6, "floor_m": -6}]
    s = session([actor("wu", "whirl"), actor("feng", "whirl", side="x")], zones=zones,
                links=[["whirl", "dock"], ["whirl", "cave"]])
    refused(s, {"do": "throw", "actor": "wu", "target": "feng", "to": "dock"}, "whirlpool")
    refused(s, {"do": "move", "actor": "wu", "to": "dock"}, "whirlpool")


def test_breath_penalty_in_force_the_round_it_runs_out_R000_47() -> None:
    """R000-47, A000-15: Prowess 1: round 2 already carries the Penalty of 5."""
    zones: list[dict[str, Any]] = [{"id": "sump", "water_m": 3, "submerged": True}]
    s = session([actor("ada", "sump", prowess=1, earth_defense=10)], zones=zones, links=[])
    assert a(s, "ada").breath_penalty == 0
    end_turns(s, "ada")
    assert s.state.round == 2 and a(s, "ada").breath_penalty == 5


def test_no_awareness_without_sight_ally_or_art_R000_66_R000_70_R000_73() -> None:
    """R000-29, R000-63, R000-66, R000-70, R000-73: a foe in an unlinked zone is not in view;
    an Art that ignores sight reaching it, or being allies, makes one aware."""
    zones: list[dict[str, Any]] = [{"id": "cellar"}, {"id": "stairs"}, {"id": "tower"}]
    links = [["cellar", "stairs"], {"a": "stairs", "b": "tower", "sight": False}]
    s = session([actor("lin", "cellar"), actor("kato", "tower", side="x"),
                  actor("mei", "tower")], zones=zones, links=links)
    body = s.to_json()["actors"]["lin"]["conditions"]
    assert body["aware_of_now"] == ["mei"]
    assert aware(s, "lin", "kato") is False
    s = session([actor("lin", "cellar", art_range=2), actor("kato", "tower", side="x")],
                zones=zones, links=links)
    assert aware(s, "lin", "kato") is True
