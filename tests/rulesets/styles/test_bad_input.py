"""Bad plans and bad maps: each refused with one line that names what and where, citing
the rules, and nothing changes (R001-02, R001-07, R001-11..13, R001-26, R001-35)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from footwork.errors import FootworkError, IllegalCommand, ScenarioError
from footwork.scenario import encounter_from_text

from ._helpers import actor, encounter_data, move_cmd, refused, seg, session, who

LEGEND: dict[str, Any] = {
    ".": {"surface": "floor"},
    "_": {"surface": "void"},
    "~": {"surface": "water", "water_depth": 2},
    "#": {"surface": "wall", "elevation": 3},
}
ROOM = ["..._..", "..._~~", "#.._~~"]


def _room(**stats: Any) -> Any:
    return session([actor("ada", "1,1", **stats), actor("bob", "0,0")], rows=ROOM,
                   legend=LEGEND)


def _error(actors: list[dict[str, Any]], **kwargs: Any) -> str:
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(json.dumps(encounter_data(actors, **kwargs)), "bad.json")
    text = str(info.value)
    assert "\n" not in text and text.startswith("bad.json"), text
    return text


def _one_line(err: FootworkError) -> str:
    text = str(err)
    assert "\n" not in text
    return text


def test_R001_13_a_plan_over_the_pool_is_refused_and_changes_nothing() -> None:
    """R001-02, R001-13: five 1u walks are 5u, over the 4u pool: refused whole with what
    it needs and what is left."""
    s = _room()
    err = refused(s, move_cmd("ada", seg("walk", 1, 2), seg("walk", 0, 2), seg("walk", 0, 1),
                              seg("walk", 0, 0), seg("walk", 1, 0)),
                  "over_pool", "R001-02", "R001-13")
    text = _one_line(err)
    assert "needs 5u" in text and "ada's pool has 4u left" in text
    assert who(s, "ada")["at"] == "1,1" and who(s, "ada")["pool_spent"] == 0


def test_R001_12_a_plan_over_one_styles_cap_is_refused_and_changes_nothing() -> None:
    """R001-02, R001-12: 3u of a Half Jump (2u) is over that style's cap even though the
    pool has room: refused, naming the style and what it has left."""
    s = session([actor("ada", "0,0", styles=["Walk", "Half Jump"])], rows=["......"],
                legend=LEGEND)
    err = refused(s, move_cmd("ada", seg("jump", 0, 3)), "over_cap", "R001-02", "R001-12")
    text = _one_line(err)
    assert "Jump" in text and "3u" in text and "2u" in text
    assert who(s, "ada")["pool_spent"] == 0


def test_R001_11_over_a_plain_styles_cap_with_room_in_the_pool() -> None:
    """R001-11: 5u of Walk (4u) with a Double Swim's 8u pool: over Walk's cap."""
    s = session([actor("ada", "0,0", styles=["Walk", "Double Swim"])], rows=["......"],
                legend=LEGEND)
    err = refused(s, move_cmd("ada", seg("walk", 0, 5)), "over_cap", "R001-11")
    assert "Walk" in err.detail and "4u" in err.detail


def test_R001_34_climbing_across_open_air_is_refused_naming_the_gap() -> None:
    """R001-34, R001-32 (issue 10 item 7): a climb segment across open air between two
    faces is refused in one line naming both cells and the rules."""
    s = session([actor("sly", "1,2,6", styles=["Walk", "Climb"], mode="wall", z=6)],
                rows=["##..##"] * 3, legend={".": {"surface": "floor"},
                                             "#": {"surface": "wall", "elevation": 8}})
    err = refused(s, move_cmd("sly", seg("climb", 1, 3, 6)), "no_surface", "R001-34",
                  "R001-32")
    text = _one_line(err)
    assert "row 1, col 2" in text and "row 1, col 3" in text and "open air" in text


def test_R001_35_swimming_where_there_is_no_water_is_refused_naming_the_cell() -> None:
    """R001-35: Swim needs water: a swim to a floor cell is refused, naming it and what it
    is."""
    s = session([actor("ada", "1,5", styles=["Walk", "Swim"])], rows=ROOM, legend=LEGEND)
    err = refused(s, move_cmd("ada", seg("swim", 0, 5)), "not_water", "R001-35")
    text = _one_line(err)
    assert "row 0, col 5" in text and "floor" in text and "not water" in text


def test_R001_07_a_dash_without_a_hook_is_refused_and_changes_nothing() -> None:
    """R001-07: no Hook, no Dash: the refusal says the price and what the actor has."""
    s = _room(hooks=0)
    err = refused(s, move_cmd("ada", seg("walk", 1, 2), dash=True), "no_hook", "R001-07")
    text = _one_line(err)
    assert "1 Hook" in text and "ada has 0" in text
    assert who(s, "ada")["hooks"] == 0 and who(s, "ada")["dashing"] is False


def test_R001_02_a_refused_plan_with_a_dash_spends_no_hook() -> None:
    """R001-02, R001-07: a dashed plan that is still unaffordable is refused whole: the
    Hook is not spent."""
    s = session([actor("ada", "0,0", hooks=1)], rows=["." * 12], legend=LEGEND)
    err = refused(s, move_cmd("ada", seg("walk", 0, 9), dash=True), "over_pool", "R001-13")
    assert "needs 9u" in err.detail and "8u left" in err.detail
    assert who(s, "ada")["hooks"] == 1


def test_ragged_rows_are_refused_naming_the_row() -> None:
    """A map whose rows differ in length: one line naming the row and the expected width."""
    text = _error([actor("ada", "0,0")], rows=["....", "...", "...."], legend=LEGEND)
    assert "map.rows[1]" in text and "row 1 has 3 cells; expected 4 like row 0" in text


def test_an_unknown_legend_symbol_is_refused_naming_row_and_col() -> None:
    """A symbol the legend lacks: one line naming the row, the column and the symbol."""
    text = _error([actor("ada", "0,0")], rows=["....", "..%.", "...."], legend=LEGEND)
    assert "row 1, col 2" in text and "'%'" in text and "the legend has" in text


def test_a_yaml_map_error_names_the_file_line() -> None:
    """The same fault in a YAML file points at the line of the rows."""
    text = ("footwork: 1\nruleset: styles\nmap:\n  cell_size: 1\n  rows: |\n    ....\n"
            "    ..%.\n  legend:\n    '.': {surface: floor}\nactors:\n"
            "  - {id: ada, side: a, at: '0,0'}\n")
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(text, "bad.yaml")
    assert str(info.value).startswith("bad.yaml:5: map.rows[1]: row 1, col 2")


def test_bad_actor_placement_and_stats_are_refused() -> None:
    """Actors must start on the map, on something they can be on, with a real sheet."""
    assert "off the map" in _error([actor("ada", "5,0")], rows=["...."], legend=LEGEND)
    assert "actors[0].at" in _error([actor("ada", "0,3")], rows=["..._"], legend=LEGEND)
    text = _error([actor("ada", "0,1", mode="wall", z=1)], rows=["...."], legend=LEGEND)
    assert "nothing to climb" in text
    text = _error([actor("ada", "0,0", good_spots=4, good_filled=5)], rows=["...."],
                  legend=LEGEND)
    assert "actors[0].stats.good_filled" in text
    text = _error([actor("ada", "0,0", styles=["Half Swim (4u)"])], rows=["...."],
                  legend=LEGEND)
    assert "actors[0].stats.styles" in text and "2u" in text
    text = _error([actor("ada", "0,0")], rows=["...."], legend=LEGEND,
                  options={"move": {"diagonal": "hex"}})
    assert "options.move.diagonal" in text


def test_the_map_must_measure_in_u() -> None:
    """styles measures in u: a map in metres is refused."""
    data = encounter_data([actor("ada", "0,0")], rows=["...."], legend=LEGEND)
    data["map"]["unit"] = "m"
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(json.dumps(data), "bad.json")
    assert "map.unit" in str(info.value) and "'m'" in str(info.value)


def test_bad_commands_are_refused_and_change_nothing() -> None:
    """Targets off the map, unknown actors, unknown styles, and a `to` out of reach."""
    s = _room()
    err = refused(s, move_cmd("ada", seg("walk", 9, 9)), "off_map")
    assert "row 9, col 9" in err.detail
    refused(s, move_cmd("ada", to=[9, 9]), "off_map")
    refused(s, {"do": "interrupt", "actor": "gm", "target": "zed"}, "unknown_actor")
    err = refused(s, move_cmd("ada", to=[0, 5]), "out_of_reach", "R001-02", "R001-13")
    assert "row 0, col 5" in err.detail
    refused(s, move_cmd("ada", seg("teleport", 1, 2)), "unknown_style", "R001-17")
    before = s.state
    with pytest.raises(FootworkError):
        s.do(move_cmd("ada", seg("walk", 1, 2), roll=[3]))  # no fall: nothing to roll
    assert s.state is before
    with pytest.raises(IllegalCommand):
        s.do({"answer": "grant"})
    assert s.state is before
