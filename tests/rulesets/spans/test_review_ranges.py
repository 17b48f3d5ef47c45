"""Untrusted `spans` files: every number has a range, action dice are checked when the
file loads, and the map's size is bounded by the `places` limit checked before the place
graph is built. Each refusal is one line naming the file, the line and the path, and no
map is built. Boundedness is shown by refusal, never by timing (R003-02, R003-10,
R003-14, R003-24, R003-25, A003-01, A003-06, A003-08, A003-18, A003-23, A003-24)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from footwork import limits
from footwork.cli.app import app
from footwork.errors import ScenarioError
from footwork.rulesets.spans.model import SpansMap
from footwork.scenario import encounter_from_data, encounter_from_text

from ...support import inline_data, json_refused, yaml_refused
from ._helpers import actor, refused, session

HEAD = "footwork: 1\nruleset: spans\n"


@pytest.fixture
def nothing_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a spans map (its place graph) is built."""

    def boom(*_: Any, **__: Any) -> None:
        raise AssertionError("a map was built")

    monkeypatch.setattr(SpansMap, "__init__", boom)


def _refused_yaml(body: str, line: int, path: str) -> str:
    return yaml_refused(HEAD + textwrap.dedent(body), line, path)


def _refused(data: dict[str, Any], path: str) -> str:
    return json_refused(data, path)


def _data(spans: list[dict[str, Any]] | None = None, *, options: dict[str, Any] | None = None,
          links: list[Any] | None = None, **stats: Any) -> dict[str, Any]:
    spans = spans or [{"id": "deck"}]
    return inline_data("spans", {"spans": spans, "links": links or []},
                       [actor("ada", spans[0]["id"], **stats)], options=options)


# -- positions --------------------------------------------------------------------------


@pytest.mark.parametrize(("pos", "path"), [("[.nan, 1]", "map.spans[0].pos[0]"),
                                         ("[1, .inf]", "map.spans[0].pos[1]")])
def test_non_finite_positions_are_refused_R003_10(pos: str, path: str,
                                                  nothing_built: None) -> None:
    """R003-10: a span's drawing position of NaN or infinity reached the SVG; it is refused
    with its line and path."""
    body = f"map:\n  spans:\n    - id: deck\n      pos: {pos}\nactors:\n  - {{id: ada, at: deck}}\n"
    assert "expected a finite number" in _refused_yaml(body, 6, path)


@pytest.mark.parametrize(("pos", "fragment"), [
    ([1e300, 0], "less than or equal to 100000"),
    ([0, -1e300], "greater than or equal to -100000"),
    ([True, 0], "should be a number"),
    (["1", 0], "should be a number"),
])
def test_absurd_positions_are_refused_R003_10(pos: list[Any], fragment: str,
                                              nothing_built: None) -> None:
    """R003-10: a position is two numbers within +/-100,000."""
    where = "map.spans[0].pos[1]" if pos[0] == 0 else "map.spans[0].pos[0]"
    assert fragment in _refused(_data([{"id": "deck", "pos": pos}]), where)


# -- heights, resources, capacities -------------------------------------------------------


@pytest.mark.parametrize(("spans", "stats", "path"), [
    ([{"id": "deck", "ground": 10**9}], {}, "map.spans[0].ground"),
    ([{"id": "deck", "ground": -1001}], {}, "map.spans[0].ground"),
    ([{"id": "deck", "features": [{"id": "mast", "kind": "on_high", "height": 10**6}]}], {},
     "map.spans[0].features[0].height"),
    ([{"id": "deck", "features": [{"id": "net", "kind": "cover", "capacity": 10**6}]}], {},
     "map.spans[0].features[0].capacity"),
    (None, {"height": 10**9, "mode": "flying"}, "actors[0].stats.height"),
    (None, {"guard": 10**9}, "actors[0].stats.guard"),
    (None, {"life": -1}, "actors[0].stats.life"),
    (None, {"armor": 1001}, "actors[0].stats.armor"),
    (None, {"hands_free": 3}, "actors[0].stats.hands_free"),
])
def test_heights_resources_and_capacities_have_ranges_R003_24_A003_06_A003_18(
        spans: list[dict[str, Any]] | None, stats: dict[str, Any], path: str,
        nothing_built: None) -> None:
    """R003-24, A003-18: heights are storeys from -1,000 to 1,000; R003-04: resources
    0 to 1,000; A003-06: a capacity 1 to 1,000; A003-24: 0 to 2 free hands."""
    assert "input should be" in _refused(_data(spans, **stats), path)


@pytest.mark.parametrize(("options", "path"), [
    ({"fall": {"surfaces": {"hard": {"guard_per_height": 10**9}}}},
     "options.fall.surfaces.hard.guard_per_height"),
    ({"fall": {"surfaces": {"soft": {"lethal_offset": -10**9}}}},
     "options.fall.surfaces.soft.lethal_offset"),
    ({"fall": {"surfaces": {"water": {"no_lethal_up_to": 10**9}}}},
     "options.fall.surfaces.water.no_lethal_up_to"),
    ({"feature": {"default_capacity": 10**9}}, "options.feature.default_capacity"),
    ({"turn": {"movement_actions": 10**9}}, "options.turn.movement_actions"),
])
def test_option_numbers_have_ranges_A003_06_A003_08_A003_23(
        options: dict[str, Any], path: str, nothing_built: None) -> None:
    """A003-08: the placeholder fall table, A003-06: the default capacity, A003-23: the
    movement actions a turn: each bounded, refused with its path."""
    assert "input should be" in _refused(_data(options=options), path)


# -- action dice --------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "fragment"), [
    ("banana", "expected dice notation"),
    ("-1d20", "subtract none"),
    ("1000000d1000000", "at most 6 digits"),
    ("100d1000", "at most 10 dice of at most 100 sides"),
    ("d6+1000", "modifier from -100 to 100"),
    ("7", "roll at least one die"),
])
def test_action_dice_are_checked_when_the_file_loads_R003_02_A003_01(
        die: str, fragment: str, nothing_built: None) -> None:
    """R003-02, A003-01: bad action dice (`banana`, `-1d20`, `1000000d1000000`) were only
    found when first rolled, mid-play; now the file is refused at the die's path."""
    assert fragment in _refused(_data(dice={"maneuver": die}), "actors[0].stats.dice.maneuver")
    options = {"dice": {"default_die": die}}
    assert fragment in _refused(_data(options=options), "options.dice.default_die")


def test_good_action_dice_load_as_written_A003_01() -> None:
    """A003-01: accepted dice are kept as the file wrote them (penalties may take the
    result below 1, R003-28)."""
    enc = encounter_from_data(_data(dice={"attack": "d8", "maneuver": "d6-2"},
                                    options={"dice": {"default_die": "2d4kh1"}}))
    assert dict(enc.initial.actors["ada"].dice) == {
        "attack": "d8", "brace": "2d4kh1", "maneuver": "d6-2"}


# -- map size: the places limit -----------------------------------------------------------


@pytest.mark.parametrize(("spans", "count"), [
    ([{"id": f"s{i}"} for i in range(100_000)], 100_000),
    ([{"id": "deck", "features": [{"id": f"f{i}", "kind": "cover"} for i in range(5_000)]}],
     5_001),
])
def test_too_many_places_are_refused_before_the_map_is_built_R003_10_R003_14(
        spans: list[dict[str, Any]], count: int, nothing_built: None) -> None:
    """R003-10, R003-14: `footwork render` of 100,000 spans did not finish; spans and
    their features count against the `places` limit, refused before the place graph."""
    with pytest.raises(ScenarioError) as info:
        encounter_from_data(_data(spans), "big.json")
    assert str(info.value) == (f"big.json: map.spans: {count:,} places are over the limit "
                               "of 5,000 (raise it with --limit places=N)")


def test_render_of_too_many_spans_exits_2_in_one_line_R003_10(tmp_path: Path) -> None:
    """R003-10: `footwork render` refuses a map over the limit in force: exit 2, one line
    with the file, line and path, and no SVG."""
    spans = ", ".join(f"{{id: s{i}}}" for i in range(11))
    path = tmp_path / "big.yaml"
    path.write_text(HEAD + f"map:\n  spans: [{spans}]\nactors:\n  - {{id: ada, at: s0}}\n",
                    encoding="utf-8")
    svg = tmp_path / "big.svg"
    with limits.using(limits.Limits(places=10)):
        result = CliRunner().invoke(app, ["render", str(path), "-o", str(svg)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert f"{path}:4: map.spans: 11 places are over the limit of 10" in lines[0]
    assert not svg.exists()


def test_the_limit_in_force_decides_R003_10() -> None:
    """R003-10: the same map is refused under a lower limit and loads under the default."""
    body = "map:\n  spans: [{id: a}, {id: b, features: [{id: f, kind: cover}]}]\n" \
           "actors:\n  - {id: ada, at: a}\n"
    with limits.using(limits.Limits(places=2)):
        assert "3 places are over the limit of 2" in _refused_yaml(body, 4, "map.spans")
    assert encounter_from_text(HEAD + body, "ok.yaml").initial.actors["ada"].at == "a"


def test_messages_about_a_big_map_quote_a_short_excerpt_R003_13() -> None:
    """R003-13: an unknown link end in a map of thousands of spans names the known spans
    in a short excerpt, not all of them."""
    spans = [{"id": f"span-{i}"} for i in range(3_000)]
    with pytest.raises(ScenarioError) as info:
        encounter_from_data(_data(spans, links=[["span-0", "nowhere"]]), "big.json")
    text = str(info.value)
    assert "'nowhere' is not a place" in text and len(text) < 300 and "…" in text


# -- commands ---------------------------------------------------------------------------


@pytest.mark.parametrize("free", [3, -1, 10**12])
def test_hands_out_of_range_are_refused_A003_24(free: int) -> None:
    """A003-24, R003-06: the one number a spans command carries, free hands, is 0 to 2."""
    s = session([actor("ada", "yard")])
    err = refused(s, {"do": "hands", "actor": "ada", "free": free}, "bad_hands", "A003-24")
    assert "\n" not in str(err)
