"""Bad encounter files and bad commands: one-line errors naming what and where, nothing
changed (R004-03, R004-05, R004-06, R004-07, A004-06, A004-07)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from footwork.errors import FootworkError, IllegalCommand, ScenarioError
from footwork.scenario import encounter_from_text

from ._helpers import actor, encounter_data, move, refused, session


def _load(actors: list[dict[str, Any]], **kwargs: Any) -> Any:
    return encounter_from_text(json.dumps(encounter_data(actors, **kwargs)), "bad.json")


def _error(actors: list[dict[str, Any]], **kwargs: Any) -> str:
    with pytest.raises(ScenarioError) as info:
        _load(actors, **kwargs)
    text = str(info.value)
    assert "\n" not in text and text.startswith("bad.json"), text
    return text


def test_a_self_crossing_zone_polygon_is_refused_R004_03() -> None:
    """R004-03: a zone is a valid polygon; a bow tie names the zone."""
    zones = [{"id": "bowtie", "polygon": [[0, 0], [4, 4], [4, 0], [0, 4]]}]
    text = _error([actor("ada", "bowtie")], zones=zones, openings=[])
    assert "'bowtie'" in text and "crosses itself" in text and "map" in text


def test_a_zone_with_no_area_is_refused_R004_03() -> None:
    """R004-03: three corners on one line make no zone."""
    zones = [{"id": "flat", "polygon": [[0, 0], [2, 0], [4, 0]]}]
    text = _error([actor("ada", "flat")], zones=zones, openings=[])
    assert "'flat'" in text and ("no area" in text or "not valid" in text)


def test_a_bad_rect_is_refused_R004_03() -> None:
    """R004-03: a rect with no width, or both a rect and a polygon."""
    text = _error([actor("ada", "a")], zones=[{"id": "a", "rect": [0, 0, 0, 4]}], openings=[])
    assert "positive width" in text and "zones" in text
    zones = [{"id": "a", "rect": [0, 0, 2, 4], "polygon": [[0, 0], [1, 0], [1, 1]]}]
    assert "exactly one" in _error([actor("ada", "a")], zones=zones, openings=[])


def test_overlapping_zones_on_one_floor_are_refused_R004_01() -> None:
    """R004-01: zones divide the map; two that overlap on a floor are named."""
    zones = [{"id": "a", "rect": [0, 0, 4, 4]}, {"id": "b", "rect": [2, 0, 4, 4]}]
    text = _error([actor("ada", "a")], zones=zones, openings=[])
    assert "'a' and 'b' overlap on floor 0" in text


def test_an_opening_off_the_shared_border_is_refused_A004_16() -> None:
    """A004-16: openings lie on a shared border; zones that do not touch have none."""
    zones = [{"id": "a", "rect": [0, 0, 4, 4]}, {"id": "b", "rect": [4, 0, 4, 4]},
             {"id": "c", "rect": [10, 0, 4, 4]}]
    text = _error([actor("ada", "a")], zones=zones,
                  openings=[{"between": ["a", "b"], "at": [[4, 5], [4, 6]]}])
    assert "a–b" in text and "not on their shared border" in text
    text = _error([actor("ada", "a")], zones=zones, openings=[{"between": ["a", "c"]}])
    assert "share no border" in text
    text = _error([actor("ada", "a")], zones=zones, openings=[{"between": ["a", "zz"]}])
    assert "unknown zone 'zz'" in text


def test_a_point_outside_its_zone_is_refused_R004_05() -> None:
    """R004-05: a start point must be inside the actor's zone."""
    text = _error([actor("ada", "r0", [9, 2])])
    assert "actors[0].stats.point" in text and "(9, 2) is not in r0" in text


def test_an_unknown_start_zone_is_refused_R004_05() -> None:
    """R004-05: the start zone must exist."""
    assert "actors[0].at" in _error([actor("ada", "attic")])


def test_two_actors_overlapping_at_setup_are_refused_R004_07() -> None:
    """R004-07: two 2 m circles may not overlap at the start either."""
    text = _error([actor("ada", "r0", [2, 2]), actor("bo", "r0", [3, 2])])
    assert "actors[1].stats.point" in text and "ada" in text and "overlap" in text


def test_a_zone_cannot_start_over_capacity_R004_06_A004_07() -> None:
    """R004-06, A004-07: a GM-set capacity holds at setup too, placed or not (found: two
    actors without points were both put in a zone of capacity 1)."""
    zones = [{"id": "cell", "rect": [0, 0, 6, 4], "capacity": 1}]
    text = _error([actor("ada", "cell"), actor("bo", "cell")], zones=zones, openings=[])
    assert "actors[1].at" in text and "no free spot left in cell" in text
    text = _error([actor("ada", "cell", [1, 2]), actor("bo", "cell", [5, 2])], zones=zones,
                  openings=[])
    assert "actors[1].stats.point" in text and "cell is full" in text


def test_unknown_map_options_and_stats_are_refused_A004_07() -> None:
    """A004-07: options and stats are checked: a typo is named with its path."""
    assert "capacty" in _error([actor("ada", "r0", capacty=2)])
    assert "zones" in _error([actor("ada", "r0")], options={"zones": {"area": 2}})


def test_bad_commands_are_one_line_refusals_A004_06() -> None:
    """A004-06: moves into a full area, a Slow rush, a too long leap: one line each, with
    the reason and the rules, and nothing changes."""
    zones = [{"id": "a", "rect": [0, 0, 4, 4]}, {"id": "b", "rect": [4, 0, 4, 4],
                                                   "capacity": 1}]
    s = session([actor("ada", "a", [1, 2], slow=True), actor("bo", "b", [7, 2])], zones=zones,
                openings=[{"between": ["a", "b"]}])
    for cmd, reason in [({"do": "move", "actor": "ada", "to": "b", "at": [5, 0.5]}, "zone_full"),
                        ({"do": "rush", "actor": "ada", "to": "b", "at": [5, 0.5]}, "slow")]:
        err = refused(s, cmd, reason)
        assert "\n" not in str(err) and f"({reason})" in str(err)
    with pytest.raises(FootworkError):
        s.do({"do": "move", "actor": "ada", "to": "b", "at": "here"})
    with pytest.raises(IllegalCommand, match="not_your_turn"):
        move(s, "bo", "a", [1, 0.5])
