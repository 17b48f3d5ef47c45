"""Untrusted site maps: every number has a range, the geometry is checked before shapely
sees it, and the map's size is bounded by the `zones` and `vertices` limits checked
before anything is built. Each refusal is one line naming the file, the line and the
path (a command: an InvalidCommand naming the field), and nothing is built or changed.
Boundedness is shown by refusal, never by timing (R004-01, R004-03, R004-05, R004-17,
R004-18, A004-01, A004-16)."""

from __future__ import annotations

import json
import math
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from footwork import limits
from footwork.cli.app import app
from footwork.errors import ScenarioError
from footwork.rulesets.sitemaps.model import SiteMap
from footwork.scenario import encounter_from_data, encounter_from_text

from ...support import json_refused, malformed, yaml_refused
from ._helpers import actor, encounter_data, move, refused, session

HEAD = "footwork: 1\nruleset: sitemaps\n"
ACTORS = "actors:\n  - {id: ada, at: a}\n"


@pytest.fixture
def nothing_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a site map (any geometry) is built."""

    def boom(*_: Any, **__: Any) -> None:
        raise AssertionError("a site map was built")

    monkeypatch.setattr(SiteMap, "__init__", boom)


def _refused_yaml(body: str, line: int, path: str) -> str:
    return yaml_refused(HEAD + textwrap.dedent(body), line, path)


def _refused(data: dict[str, Any], path: str) -> str:
    return json_refused(data, path)


def _map(zones: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    return encounter_data([actor("ada", zones[0]["id"])], zones=zones, openings=[], **more)


# -- non-finite, boolean and text numbers -----------------------------------------------


@pytest.mark.parametrize(("body", "line", "path"), [
    ("map:\n  zones:\n    - {id: a, rect: [0, 0, .nan, 4]}\n" + ACTORS, 5, "map.zones[0].rect[2]"),
    ("map:\n  zones:\n    - {id: a, rect: [0, 0, 4, 4]}\n  walls:\n    - [[1, 1], [.inf, 1]]\n"
     + ACTORS, 7, "map.walls[0][1][0]"),
    ("map:\n  zones:\n    - {id: a, rect: [0, 0, 4, 4]}\n  walls:\n"
     "    - {floor: 0, line: [[1, 1], [1, -.inf]]}\n" + ACTORS, 7, "map.walls[0].line[1][1]"),
    ("map:\n  zones:\n    - {id: a, polygon: [[0, 0], [4, .nan], [4, 4]]}\n" + ACTORS, 5,
     "map.zones[0].polygon[1][1]"),
    ("map:\n  zones:\n    - {id: a, rect: [0, 0, 4, 4]}\n"
     "actors:\n  - {id: ada, at: a, stats: {point: [.nan, .inf]}}\n", 7,
     "actors[0].stats.point[0]"),
])
def test_non_finite_coordinates_are_one_line_errors_R004_03_R004_05(
        body: str, line: int, path: str, nothing_built: None) -> None:
    """R004-03, R004-05: a NaN in a rect or a wall point, an infinite wall point or
    position used to raise AttributeError or a GEOS error, or reach the SVG: now the
    file is refused with its line and path, before any geometry is built."""
    assert "expected a finite number" in _refused_yaml(body, line, path)


@pytest.mark.parametrize(("zone", "stats", "path"), [
    ({"id": "a", "rect": [0, 0, True, "4"]}, {}, "map.zones[0].rect[2]"),
    ({"id": "a", "rect": [0, 0, 4, "4"]}, {}, "map.zones[0].rect[3]"),
    ({"id": "a", "polygon": [[0, 0], [4, False], [4, 4]]}, {}, "map.zones[0].polygon[1][1]"),
    ({"id": "a", "rect": [0, 0, 4, 4]}, {"point": [True, 1]}, "actors[0].stats.point[0]"),
])
def test_booleans_and_texts_are_not_coordinates_R004_03(
        zone: dict[str, Any], stats: dict[str, Any], path: str, nothing_built: None) -> None:
    """R004-03: `rect: [0, 0, true, "4"]` was accepted; a boolean or a text is never a
    number of metres."""
    data = encounter_data([actor("ada", "a", **stats)], zones=[zone], openings=[])
    assert "should be a number" in _refused(data, path)


# -- absurd coordinates and degenerate shapes ---------------------------------------------


BIG = 1e300


@pytest.mark.parametrize(("more", "path"), [
    ({"zones": [{"id": "a", "rect": [BIG, 0, 4, 4]}]}, "map.zones[0].rect[0]"),
    ({"zones": [{"id": "a", "polygon": [[0, 0], [BIG, 0], [4, 4]]}]},
     "map.zones[0].polygon[1][0]"),
    ({"walls": [[[1, 1], [1, -BIG]]]}, "map.walls[0][1][1]"),
    ({"climbs": [{"between": ["a", "a"], "at": [BIG, 1]}]}, "map.climbs[0].at[0]"),
    ({"gaps": [{"between": ["a", "a"], "from": [1, 1], "to": [1, BIG]}]},
     "map.gaps[0].to[1]"),
    ({"openings": [{"between": ["a", "a"], "at": [[0, 0], [0, -BIG]]}]},
     "map.openings[0].at[1][1]"),
])
def test_absurd_coordinates_are_out_of_range_R004_03(
        more: dict[str, Any], path: str, nothing_built: None) -> None:
    """R004-03: a coordinate is within +/-100,000 m; 1e300 is refused by its range, with
    its path, and no shape is built."""
    data = _map([{"id": "a", "rect": [0, 0, 4, 4]}])
    data["map"].update(more)
    assert re.search(r"(less|greater) than or equal to -?100000 \(got -?1e\+300\)",
                     _refused(data, path))


def test_absurd_start_points_are_out_of_range_R004_05(nothing_built: None) -> None:
    """R004-05: a start point of 1e300 used to reach the SVG; it is out of range."""
    data = encounter_data([actor("ada", "a", [0, -BIG])], zones=[{"id": "a", "rect": [0, 0, 4, 4]}],
                          openings=[])
    assert "greater than or equal to -100000" in _refused(data, "actors[0].stats.point[1]")


@pytest.mark.parametrize(("zone", "path", "fragment"), [
    ({"rect": [0, 0, 0, 4]}, "map.zones[0]", "a rect needs a positive width and depth"),
    ({"rect": [0, 0, -4, 4]}, "map.zones[0].rect[2]", "greater than or equal to 0"),
    ({"polygon": [[1, 1], [1, 1], [1, 1]]}, "map.zones[0]", "3 different corners"),
    ({"polygon": [[0, 0], [4, 0], [0, 0], [4, 0]]}, "map.zones[0]", "3 different corners"),
    ({"rect": [0, 0, 101, 4]}, "map.zones[0]", "at most 100 m along x and y"),
    ({"polygon": [[0, 0], [4, 0], [4, 150]]}, "map.zones[0]", "at most 100 m along x and y"),
])
def test_degenerate_or_huge_zones_are_refused_before_shapely_R004_03(
        zone: dict[str, Any], path: str, fragment: str, nothing_built: None) -> None:
    """R004-03: a zone with no width, fewer than 3 different corners, or wider than
    100 m (ten times the guideline) is refused by the file's checks, not by shapely."""
    assert fragment in _refused(_map([{"id": "a", **zone}]), path)


@pytest.mark.parametrize(("zone", "fragment"), [
    ({"polygon": [[0, 0], [4, 4], [4, 0], [0, 4]]}, "crosses itself"),
    ({"polygon": [[0, 0], [2, 0], [4, 0]]}, "not valid"),
    ({"rect": [0, 0, 1e-9, 1e-9]}, "no area"),
])
def test_self_crossing_or_flat_zones_are_one_line_errors_R004_03(
        zone: dict[str, Any], fragment: str) -> None:
    """R004-03: a bow tie, three corners on a line, a rect of a nanometre: the zone is
    named in one line (a ScenarioError, never a GEOS exception)."""
    text = _refused(_map([{"id": "a", **zone}]), "map")
    assert "zone 'a'" in text and fragment in text


@pytest.mark.parametrize(("more", "path", "fragment"), [
    ({"walls": [[[1, 1], [1, 1]]]}, "map.walls[0]", "two different points"),
    ({"walls": [[[1, 1]]]}, "map.walls[0]", "at least 2 items"),
    ({"walls": [{"floor": 0, "line": [[1, 1], [1, 1], [1, 1]]}]}, "map.walls[0].line",
     "two different points"),
    ({"rough": [{"polygon": [[1, 1], [1, 1], [2, 2]], "qualities": ["narrow"]}]},
     "map.rough[0]", "3 different corners"),
    ({"rough": [{"rect": [1, 1, 0, 2], "qualities": ["narrow"]}]}, "map.rough[0]",
     "positive width"),
])
def test_degenerate_walls_and_surfaces_are_refused_A004_16(
        more: dict[str, Any], path: str, fragment: str, nothing_built: None) -> None:
    """A004-16, R004-22: a wall of one point, a rough surface with no area: refused with
    their paths before any geometry."""
    data = _map([{"id": "a", "rect": [0, 0, 4, 4]}])
    data["map"].update(more)
    assert fragment in _refused(data, path)


def test_a_doorway_of_one_point_is_refused_A004_16(nothing_built: None) -> None:
    """A004-16: a doorway is a segment of the shared border, not a point."""
    data = _map([{"id": "a", "rect": [0, 0, 4, 4]}, {"id": "b", "rect": [4, 0, 4, 4]}])
    data["map"]["openings"] = [{"between": ["a", "b"], "at": [[4, 1], [4, 1]]}]
    assert "two different points" in _refused(data, "map.openings[0].at")


def test_a_large_zone_up_to_100_m_still_loads_R004_03() -> None:
    """R004-03: between the 10 m guideline and the 100 m range a zone loads, with the
    warning unless marked large."""
    enc = encounter_from_text(json.dumps(_map([{"id": "a", "rect": [0, 0, 100, 4]}])), "ok.json")
    assert any("100.0 m across" in w for w in enc.warnings)
    marked = _map([{"id": "a", "rect": [0, 0, 100, 4], "large": True}])
    assert not encounter_from_text(json.dumps(marked), "ok.json").warnings


# -- map size: the zones and vertices limits ----------------------------------------------


def _rooms(n: int) -> list[dict[str, Any]]:
    return [{"id": f"z{i}", "rect": [6 * (i % 100), 6 * (i // 100), 6, 6]} for i in range(n)]


@pytest.mark.parametrize("count", [1_001, 10_000])
def test_too_many_zones_are_refused_before_any_geometry_R004_01(
        count: int, nothing_built: None) -> None:
    """R004-01: 10,000 zones did not load in 30 s (every pair was compared); with the
    default limits the map is refused at once, naming the limit and how to raise it."""
    with pytest.raises(ScenarioError) as info:
        encounter_from_data(_map(_rooms(count)), "big.json")
    assert str(info.value) == (
        f"big.json: map.zones: {count:,} zones are over the limit of 1,000 "
        "(raise it with --limit zones=N)")


def test_too_many_vertices_are_refused_before_any_geometry_R004_01(
        nothing_built: None) -> None:
    """R004-01: a polygon of a million corners took 11 s and 1.6 GB and printed 123 MB of
    options; corners and wall points over the `vertices` limit are refused first."""
    corners = 50_001
    ring = [[2 + 2 * _cos(k, corners), 2 + 2 * _sin(k, corners)] for k in range(corners)]
    with pytest.raises(ScenarioError) as info:
        encounter_from_data(_map([{"id": "a", "polygon": ring}]), "big.json")
    assert str(info.value) == ("big.json: map: 50,001 vertices are over the limit of 50,000 "
                               "(raise it with --limit vertices=N)")
    walls = [[[1, 1 + k / 100_000], [3, 1 + k / 100_000]] for k in range(25_000)]
    with pytest.raises(ScenarioError, match="50,004 vertices are over the limit"):
        encounter_from_data(_map([{"id": "a", "rect": [0, 0, 4, 4]}], walls=walls), "big.json")


def _cos(k: int, n: int) -> float:
    return math.cos(2 * math.pi * k / n)


def _sin(k: int, n: int) -> float:
    return math.sin(2 * math.pi * k / n)


def test_the_limits_belong_to_whoever_runs_footwork_R004_01() -> None:
    """R004-01: the same map loads or is refused by the limits in force, with the line of
    its `map`; the file cannot raise them."""
    body = ("map:\n  zones:\n" + "".join(f"    - {{id: z{i}, rect: [{6 * i}, 0, 6, 4]}}\n"
                                         for i in range(4))
            + "actors:\n  - {id: ada, at: z0}\n")
    with limits.using(limits.Limits(zones=3)):
        text = _refused_yaml(body, 4, "map.zones")
    assert "4 zones are over the limit of 3 (raise it with --limit zones=N)" in text
    with limits.using(limits.Limits(vertices=15)):
        assert "16 vertices" in _refused_yaml(body, 3, "map")
    with limits.using(limits.Limits(zones=4, vertices=16)):
        assert encounter_from_text(HEAD + body, "ok.yaml").initial.actors["ada"].at == "z0"


def test_render_of_too_many_zones_exits_2_in_one_line_R004_01(tmp_path: Path) -> None:
    """R004-01: `footwork render` of a map over the limit exits 2 with one line."""
    rooms = ", ".join(f"{{id: z{i}, rect: [{6 * i}, 0, 6, 4]}}" for i in range(1_001))
    path = tmp_path / "big.yaml"
    path.write_text(HEAD + f"map:\n  zones: [{rooms}]\nactors:\n  - {{id: ada, at: z0}}\n",
                    encoding="utf-8")
    svg = tmp_path / "big.svg"
    result = CliRunner().invoke(app, ["render", str(path), "-o", str(svg)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert f"{path}:4: map.zones: 1,001 zones are over the limit of 1,000" in lines[0]
    assert not svg.exists()


def test_a_way_past_too_many_corners_is_refused_not_searched_R004_18() -> None:
    """R004-18, A004-16: a wall with hundreds of teeth between the mover and its goal:
    the detour is not searched past 200 corners (its cost grows with their square); the
    move is refused as path_blocked, and waypoints still work."""
    teeth = [[50 + 0.3 * (k % 2), 9 * k / 119] for k in range(120)]
    zones = [{"id": "hall", "rect": [0, 0, 100, 10], "large": True}]
    s = session([actor("ada", "hall", [10, 5])], zones=zones, openings=[], walls=[teeth])
    err = refused(s, {"do": "move", "actor": "ada", "to": "hall", "at": [90, 5]},
                  "path_blocked", "R004-18")
    assert "corners" in str(err) and "via" in str(err)
    events = move(s, "ada", "hall", [90, 5], via=[[10, 9.6], [90, 9.6]])
    assert s.state.actors["ada"].point == (90.0, 5.0) and events[-1].type == "moved"


# -- dice, options and stats ------------------------------------------------------------


@pytest.mark.parametrize(("dice", "fragment"), [
    ("banana", "expected dice notation"),
    ("-1d20", "subtract none"),
    ("1000000d1000000", "at most 6 digits"),
    ("100d1000", "at most 10 dice of at most 100 sides"),
    ("d20+1000", "modifier from -100 to 100"),
])
def test_check_dice_are_checked_when_the_file_loads_A004_01(
        dice: str, fragment: str, nothing_built: None) -> None:
    """A004-01: bad dice for STR and AGI rolls were found only when first rolled, mid-play,
    with no file or field named; now the file is refused at `options.check.dice`."""
    data = _map([{"id": "a", "rect": [0, 0, 4, 4]}])
    data["options"] = {"check": {"dice": dice}}
    assert fragment in _refused(data, "options.check.dice")


def test_good_check_dice_are_kept_as_written_A004_01() -> None:
    """A004-01: accepted dice keep the notation the file gave."""
    data = _map([{"id": "a", "rect": [0, 0, 4, 4]}])
    data["options"] = {"check": {"dice": "3d6"}}
    assert encounter_from_data(data).initial.options.check.dice == "3d6"


@pytest.mark.parametrize(("options", "stats", "path"), [
    ({"hazards": {"drift_zones": 10**9}}, {}, "options.hazards.drift_zones"),
    ({"zones": {"area_per_character_m2": 1e-300}}, {}, "options.zones.area_per_character_m2"),
    ({"leap": {"standing_factor": 2}}, {}, "options.leap.standing_factor"),
    ({"move": {"footprint_m": 0}}, {}, "options.move.footprint_m"),
    ({"range": {"far_zones": -1}}, {}, "options.range.far_zones"),
    ({"pin": {"per_round": 10**9}}, {}, "options.pin.per_round"),
    ({}, {"STR": 10**9}, "actors[0].stats.STR"),
    ({}, {"bulk": -1}, "actors[0].stats.bulk"),
])
def test_options_and_stats_have_ranges_A004_04_A004_07_A004_13(
        options: dict[str, Any], stats: dict[str, Any], path: str,
        nothing_built: None) -> None:
    """A004-04, A004-07, A004-13, A004-14: a drift of 10^9 zones (a loop a round), an area
    per character of 1e-300 (an overflowing capacity), a standing leap factor of 2:
    refused by their ranges with their paths."""
    data = encounter_data([actor("ada", "a", **stats)], zones=[{"id": "a", "rect": [0, 0, 4, 4]}],
                          openings=[], options=options)
    assert "input should be" in _refused(data, path)


@pytest.mark.parametrize(("zone", "path"), [
    ({"floor": 10**9}, "map.zones[0].floor"),
    ({"capacity": 10**9}, "map.zones[0].capacity"),
    ({"height_m": 30}, "map.zones[0].height_m"),
])
def test_zone_numbers_have_ranges_R004_04_R004_06(
        zone: dict[str, Any], path: str, nothing_built: None) -> None:
    """R004-04, R004-06: floors, capacities and heights are bounded."""
    assert "input should be" in _refused(_map([{"id": "a", "rect": [0, 0, 4, 4], **zone}]), path)


# -- commands ---------------------------------------------------------------------------


@pytest.mark.parametrize(("command", "path"), [
    ({"at": [BIG, 0]}, "at[0]"),
    ({"at": [True, 1]}, "at[0]"),
    ({"at": [1, 1], "via": [[5, 2], [1e9, 2]]}, "via[1][0]"),
    ({"at": [1, 1], "via": [[5, 2]] * 33}, "via"),
])
def test_move_points_have_ranges_R004_17_R004_18(command: dict[str, Any], path: str) -> None:
    """R004-17, R004-18: a destination or a waypoint out of range, or more than 32
    waypoints, is malformed: refused before any rule or path search, nothing changes."""
    s = session([actor("ada", "r0", [2, 2])])
    for do in ("move", "rush"):
        malformed(s, {"do": do, "actor": "ada", "to": "r1", **command}, path)
