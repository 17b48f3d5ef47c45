"""Untrusted `cultivation` files and Storyteller commands: every number has a range, the
challenge die is checked when the file loads, and the map's size is bounded by the
`places` limit checked before the zone graph is built. Each refusal is one line naming
the file, the line and the path (a command: an InvalidCommand naming the field, or an
IllegalCommand with its reason), and nothing is built or changed. Boundedness is shown
by refusal, never by timing (R000-16, R000-21, R000-27, R000-37, R000-40, R000-41,
R000-43, A000-01, A000-10)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from footwork import limits
from footwork.cli.app import app
from footwork.errors import ScenarioError
from footwork.rulesets.cultivation.model import CultivationMap
from footwork.scenario import encounter_from_data

from ...support import inline_data, json_refused, malformed, yaml_refused
from ._helpers import actor, refused, session

HEAD = "footwork: 1\nruleset: cultivation\n"


@pytest.fixture
def nothing_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a cultivation map (its zone graph) is built."""

    def boom(*_: Any, **__: Any) -> None:
        raise AssertionError("a map was built")

    monkeypatch.setattr(CultivationMap, "__init__", boom)


def _refused_yaml(body: str, line: int, path: str) -> str:
    return yaml_refused(HEAD + textwrap.dedent(body), line, path)


def _refused(data: dict[str, Any], path: str) -> str:
    return json_refused(data, path)


def _data(zones: list[dict[str, Any]] | None = None, *, options: dict[str, Any] | None = None,
          links: list[Any] | None = None, **stats: Any) -> dict[str, Any]:
    zones = zones or [{"id": "gate"}]
    return inline_data("cultivation", {"zones": zones, "links": links or []},
                       [actor("lin", zones[0]["id"], **stats)], options=options)


# -- positions --------------------------------------------------------------------------


@pytest.mark.parametrize(("pos", "path"), [("[.nan, .inf]", "map.zones[0].pos[0]"),
                                         ("[0, -.inf]", "map.zones[0].pos[1]")])
def test_non_finite_positions_are_refused_R000_16(pos: str, path: str,
                                                  nothing_built: None) -> None:
    """R000-16: `pos: [.nan, .inf]` reached the SVG; the file is refused with its line."""
    body = f"map:\n  zones:\n    - id: gate\n      pos: {pos}\nactors:\n  - {{id: lin, at: gate}}\n"
    assert "expected a finite number" in _refused_yaml(body, 6, path)


@pytest.mark.parametrize(("pos", "fragment"), [
    ([1e300, 0], "less than or equal to 100000"),
    ([True, 0], "should be a number"),
])
def test_absurd_positions_are_refused_R000_16(pos: list[Any], fragment: str,
                                              nothing_built: None) -> None:
    """R000-16: a drawing position is two numbers within +/-100,000."""
    assert fragment in _refused(_data([{"id": "gate", "pos": pos}]), "map.zones[0].pos[0]")


# -- ratings, depths, stats -----------------------------------------------------------------


@pytest.mark.parametrize(("zones", "path", "fragment"), [
    ([{"id": "gate", "dt": 1e9}], "map.zones[0].dt", "a rating of at most 1000"),
    ([{"id": "gate", "water_m": 1e9}], "map.zones[0].water_m", "less than or equal"),
    ([{"id": "gate", "floor_m": -1e300}], "map.zones[0].floor_m", "greater than or equal"),
    ([{"id": "gate", "size_m": 0}], "map.zones[0].size_m", "greater than or equal"),
    ([{"id": "gate", "limit": 10**9}], "map.zones[0].limit", "less than or equal"),
    ([{"id": "gate", "traps": [{"name": "pit", "damage": 10**9}]}],
     "map.zones[0].traps[0].damage", "less than or equal"),
    ([{"id": "gate", "tile": {"kind": "elevator", "bands": 100}}],
     "map.zones[0].tile.bands", "less than or equal to 7"),
    ([{"id": "gate", "tile": {"kind": "wave", "period": 10**12}}],
     "map.zones[0].tile.period", "less than or equal"),
    ([{"id": "gate", "name": "x" * 300}], "map.zones[0].name", "at most 200 characters"),
    ([{"id": "gate", "items": ["pill\nof doom"]}], "map.zones[0].items[0]", "one line"),
])
def test_zone_numbers_have_ranges_R000_27_R000_43(
        zones: list[dict[str, Any]], path: str, fragment: str, nothing_built: None) -> None:
    """R000-27: ratings 0 to 1,000 (the text's go to 30); R000-43: depths and floors in
    metres within 100,000; R000-32: limits up to 1,000; tiles, traps and names bounded."""
    assert fragment in _refused(_data(zones), path)


def test_a_climb_rating_has_a_range_R000_37(nothing_built: None) -> None:
    """R000-37: a climb is rated like Difficult Terrain, 0 to 1,000."""
    data = _data([{"id": "gate"}, {"id": "wall"}],
                 links=[{"a": "gate", "b": "wall", "climb": 10**6}])
    assert "a rating of at most 1000" in _refused(data, "map.links[0].climb")


@pytest.mark.parametrize(("stats", "path"), [
    ({"air": 10**9}, "actors[0].stats.air"),
    ({"earth": -101}, "actors[0].stats.earth"),
    ({"height_m": 1e-300}, "actors[0].stats.height_m"),
    ({"aura": 10**9}, "actors[0].stats.aura"),
    ({"earth_defense": -5}, "actors[0].stats.earth_defense"),
    ({"art_range": 10**9}, "actors[0].stats.art_range"),
    ({"prowess": 10**9}, "actors[0].stats.prowess"),
    ({"bonus": True}, "actors[0].stats.bonus"),
])
def test_stats_have_ranges_R000_43_A000_01(stats: dict[str, Any], path: str,
                                          nothing_built: None) -> None:
    """A000-01: scores and bonuses -100 to 100; R000-43: a body 0.01 to 100 m tall;
    A000-11: Aura and defences 0 to 10,000; R000-70: an Art's range up to 1,000 zones."""
    assert "input should be" in _refused(_data(**stats), path)


@pytest.mark.parametrize(("options", "path"), [
    ({"fall": {"divisors": {"hard": 1e-300}}}, "options.fall.divisors"),
    ({"fall": {"accel_m": 1e300}}, "options.fall.accel_m"),
    ({"fall": {"terminal_m": 0}}, "options.fall.terminal_m"),
    ({"speed": {"sprint": 10**9}}, "options.speed.sprint"),
    ({"spillover": {"die": 10**6}}, "options.spillover.die"),
    ({"swim": {"threshold": 1e300}}, "options.swim.threshold"),
    ({"wave": {"period": 10**9}}, "options.wave.period"),
    ({"bands": {"metres_per_band": 1e300}}, "options.bands.metres_per_band"),
    ({"sight": {"open_field_m": -1}}, "options.sight.open_field_m"),
    ({"awareness": {"player_sides": ["a\nb"]}}, "options.awareness.player_sides[0]"),
])
def test_option_numbers_have_ranges_R000_40_R000_41_A000_10(
        options: dict[str, Any], path: str, nothing_built: None) -> None:
    """R000-40, R000-41, A000-10: a divisor of 1e-300 (an overflowing landing), a falling
    speed of 1e300, a spill-over die of a million sides: each refused with its path."""
    _refused(_data(options=options), path)


# -- the challenge die ----------------------------------------------------------------------


@pytest.mark.parametrize(("die", "fragment"), [
    ("banana", "expected dice notation"),
    ("-1d20", "plain dice"),
    ("1000000d1000000", "at most 6 digits"),
    ("100d1000", "at most 10 dice of at most 100 sides"),
    ("d20+3", "plain dice"),
])
def test_the_challenge_die_is_checked_when_the_file_loads_A000_01(
        die: str, fragment: str, nothing_built: None) -> None:
    """A000-01: the die of every Challenge is checked when the file loads, at its path."""
    options = {"challenge": {"die": die}}
    assert fragment in _refused(_data(options=options), "options.challenge.die")


# -- map size: the places limit -----------------------------------------------------------


def test_too_many_zones_are_refused_before_the_map_is_built_R000_16(
        nothing_built: None) -> None:
    """R000-16: zones count against the `places` limit, refused before the zone graph."""
    zones = [{"id": f"z{i}"} for i in range(20_000)]
    with pytest.raises(ScenarioError) as info:
        encounter_from_data(_data(zones), "big.json")
    assert str(info.value) == ("big.json: map.zones: 20,000 places are over the limit of "
                               "5,000 (raise it with --limit places=N)")


def test_render_of_too_many_zones_exits_2_in_one_line_R000_16(tmp_path: Path) -> None:
    """R000-16: `footwork render` refuses a map over the limit in force: exit 2, one line
    with the file, line and path, and no SVG."""
    zones = ", ".join(f"{{id: z{i}}}" for i in range(6))
    path = tmp_path / "big.yaml"
    path.write_text(HEAD + f"map:\n  zones: [{zones}]\nactors:\n  - {{id: lin, at: z0}}\n",
                    encoding="utf-8")
    svg = tmp_path / "big.svg"
    with limits.using(limits.Limits(places=5)):
        result = CliRunner().invoke(app, ["render", str(path), "-o", str(svg)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert f"{path}:4: map.zones: 6 places are over the limit of 5" in lines[0]
    assert not svg.exists()


def test_messages_about_a_big_map_quote_a_short_excerpt_R000_29() -> None:
    """R000-29: an unknown link end in a map of thousands of zones names the known zones
    in a short excerpt, not all of them."""
    zones = [{"id": f"zone-{i}"} for i in range(3_000)]
    with pytest.raises(ScenarioError) as info:
        encounter_from_data(_data(zones, links=[["zone-0", "nowhere"]]), "big.json")
    text = str(info.value)
    assert "unknown zone 'nowhere'" in text and len(text) < 300 and "…" in text


# -- Storyteller and player commands ------------------------------------------------------


def test_a_fall_has_a_range_of_metres_R000_40() -> None:
    """R000-40: the Storyteller's fall is at most 100,000 m (a schedule of 400 rounds);
    above it the command is malformed, at 0 or below the rules refuse it, and nothing
    changes either way."""
    s = session([actor("ada", "a")])
    for metres in (1e300, 100_000.5):
        err = malformed(s, {"do": "fall", "actor": "gm", "target": "ada", "metres": metres},
                        "metres")
        assert "less than or equal to 100000" in str(err)
    refused(s, {"do": "fall", "actor": "gm", "target": "ada", "metres": -1}, "bad_height",
            "R000-40")
    events = s.do({"do": "fall", "actor": "gm", "target": "ada", "metres": 100_000})
    assert events[0].type == "fall_started"


def test_a_zone_effect_has_a_range_R000_21() -> None:
    """R000-21: an effect on a zone deals 0 to 10,000."""
    s = session([actor("ada", "a")])
    err = malformed(s, {"do": "zone_effect", "actor": "gm", "zone": "a", "amount": 10**12},
                    "amount")
    assert "less than or equal to 10000" in str(err)
    refused(s, {"do": "zone_effect", "actor": "gm", "zone": "a", "amount": -1}, "bad_amount",
            "R000-21")


@pytest.mark.parametrize("bonus", [10**9, -101, True, 1.5])
def test_challenge_bonuses_in_commands_have_a_range_A000_01(bonus: Any) -> None:
    """A000-01: a bonus a move or a throw adds to its Challenge is a whole number from
    -100 to 100."""
    s = session([actor("ada", "a"), actor("bo", "a")])
    malformed(s, {"do": "move", "actor": "ada", "to": "b", "bonus": bonus}, "bonus")
    malformed(s, {"do": "throw", "actor": "ada", "target": "bo", "to": "b", "bonus": bonus},
              "bonus")
