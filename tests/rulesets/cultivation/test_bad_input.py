"""Bad input: refusals carry a reason and rule ids and change nothing; bad maps give one
line with the path (R000-09, R000-11, R000-24, R000-51, R000-77; A000-04, A000-07)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from footwork.errors import ScenarioError
from footwork.scenario import encounter_from_text

from ._helpers import actor, end_turns, refused, session


def test_partnering_with_a_third_character_is_refused_R000_09() -> None:
    """R000-09: no chains: a partnered character cannot be asked again."""
    s = session([actor("ada", "a"), actor("bo", "a"), actor("cy", "a")])
    s.do({"do": "partner", "actor": "ada", "target": "bo"})
    s.do({"answer": "accept"})
    refused(s, {"do": "partner", "actor": "ada", "target": "cy"}, "already_partnered", "R000-09")


def test_joint_move_after_a_partner_acted_is_refused_R000_11() -> None:
    """R000-11: a partner who already took its turn this round cannot be moved jointly."""
    s = session([actor("ada", "a"), actor("bo", "a")])
    s.do({"do": "partner", "actor": "ada", "target": "bo"})
    s.do({"answer": "accept"})
    end_turns(s, "ada")
    refused(s, {"do": "joint_move", "actor": "bo", "to": "b"}, "partner_acted", "R000-11")


def test_crossing_dt_with_the_action_spent_after_a_failure_is_refused_R000_24_A000_04() -> None:
    """R000-24, A000-04: after a failed crossing without an Action, no further crossing."""
    s = session([actor("ada", "b")])
    s.do({"do": "sprint", "actor": "ada"})
    s.do({"do": "move", "actor": "ada", "to": "r", "roll": [1]})
    refused(s, {"do": "move", "actor": "ada", "to": "r", "roll": [20]}, "move_over",
            "R000-24", "A000-04")


def test_throwing_into_a_zone_that_is_not_adjacent_is_refused_R000_51() -> None:
    """R000-51: forced movement goes only into an adjacent zone."""
    s = session([actor("ada", "a"), actor("foe", "a", side="x")])
    refused(s, {"do": "throw", "actor": "ada", "target": "foe", "to": "c"}, "not_adjacent",
            "R000-51")


def test_shifting_band_without_the_ability_is_refused_R000_77() -> None:
    """R000-77: no flight or levitation, no rising."""
    s = session([actor("ada", "a")], options={"bands": {"enabled": True}})
    refused(s, {"do": "shift", "actor": "ada", "direction": "up"}, "cannot_shift", "R000-77")


def load(zones: list[Any], links: list[Any], actors: list[Any] | None = None) -> Any:
    data = {"footwork": 1, "ruleset": "cultivation", "map": {"zones": zones, "links": links},
            "actors": actors or [{"id": "ada", "at": zones[0]["id"]}]}
    return encounter_from_text(json.dumps(data, indent=1), "bad.json")


def test_a_link_to_an_unknown_zone_names_its_path_R000_29() -> None:
    """R000-29: links join zones of the map; an unknown one is a one-line error."""
    with pytest.raises(ScenarioError) as info:
        load([{"id": "a"}], [["a", "nowhere"]])
    assert "map.links[0]" in str(info.value) and "nowhere" in str(info.value)
    assert "\n" not in str(info.value)


def test_a_negative_rating_names_its_path_and_line_R000_22() -> None:
    """R000-22: a DT rating is a number ≥ 0 or a preset; the error has path and line."""
    with pytest.raises(ScenarioError) as info:
        load([{"id": "a", "dt": -3}], [])
    text = str(info.value)
    assert "map.zones[0].dt" in text and "negative" in text and "bad.json:" in text
    with pytest.raises(ScenarioError, match="expected a number or one of"):
        load([{"id": "a", "dt": "lava"}], [])
    with pytest.raises(ScenarioError, match="climb"):
        load([{"id": "a"}, {"id": "b"}], [{"a": "a", "b": "b", "climb": -1}])
