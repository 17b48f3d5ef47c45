"""Untrusted files and commands (the README's "Ranges"): every number of an `allowances`
file or command has a documented range, checked when the file loads or the command is
given, so that no Score, Rush or jump makes a search run long.

Boundedness is shown by refusals and by counting (the places and heights a search
visits), never by timing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from footwork.errors import InvalidCommand, ScenarioError
from footwork.rulesets.allowances.checks import breach_gain, jump_distance
from footwork.rulesets.allowances.planning import plan_search, run, start_spot
from footwork.rulesets.allowances.terrain import AIR
from footwork.scenario import encounter_from_text
from tests.support import inline_data, malformed

from ._helpers import creature, do, of_type, refused, session, who

OPEN = ["....."] * 5


def _data(stats: dict[str, Any], *, at: str = "2,2", options: dict[str, Any] | None = None,
          rows: list[str] | None = None) -> dict[str, Any]:
    map_data = {"cell_size": 1, "unit": "m", "rows": rows or OPEN}
    return inline_data("allowances", map_data, [creature("a", at, **stats)], options=options)


def _refused_at_load(data: dict[str, Any], where: str, *says: str) -> str:
    """``data`` is refused when it loads, in one line naming the file and ``where``."""
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(json.dumps(data), "table.json").session()
    message = str(info.value)
    assert message.startswith("table.json") and where in message, message
    assert "\n" not in message and len(message) < 300, message
    for text in says:
        assert text in message, message
    return message


# -- Scores and what grows a search ---------------------------------------------------------


@pytest.mark.parametrize("score", [10_000, 1e9, -1, 50.5])
def test_R002_01_a_flight_score_of_10000_is_refused_at_load(score: float) -> None:
    """R002-01: a Movement Score is 0 to 50 m (the text's largest is 15 m): a Flight of
    10,000 m, which made `options` search ten thousand heights, is refused when the file
    loads, naming the Type."""
    _refused_at_load(_data({"scores": {"Flight": score}}), "actors[0].stats.scores",
                     "'Flight'", "0 to 50")


def test_R002_01_R002_05_the_largest_score_keeps_options_counted() -> None:
    """R002-01, R002-05: a flier with the largest Score (50 m) over a 5 x 5 field reaches
    heights up to 50 m and no higher, so its search holds at most 25 cells x 52 heights
    (the ground, then 1 to 50 m up, plus the start), and `options` lists one place per
    cell and kind."""
    s = encounter_from_text(json.dumps(_data({"scores": {"Flight": 50, "Overland": 5}})),
                            "table.json").session()
    state = s.state
    a = state.actors["a"]
    t = state.space.terrain
    found = list(run(t, start_spot(t, a), plan_search(t, a, state.options, "flight")))
    heights = {spot[3] for spot in found if spot[0] == AIR}
    assert heights == set(range(1, 51))
    assert len(found) <= 25 * 52
    places = {(o.command.get("type"), o.to, o.label.rsplit(", ", 1)[-1])
              for o in s.options("a") if o.command["do"] == "move"}
    assert len(places) <= 3 * 25 * 2


def test_R002_10_A002_02_a_rush_never_takes_an_allowance_past_50_m() -> None:
    """R002-10, A002-02: a Rush adds up to the Allowance ceiling (50 m) and no more, so
    Rushes in many Activations cannot grow a search without end; its odds say so."""
    s = session([creature("c", "1,1", scores={"Flight": 49}, skills={"Acrobatics": 300})])
    (odds,) = next(o for o in s.options("c") if o.command["do"] == "rush").checks
    assert set(odds.odds) <= {"+0 m", "+1 m"}
    events = do(s, "rush", "c", type="flight", roll=[1])  # 30 DoS: +15 m, capped at +1
    (rushed,) = of_type(events, "rushed")
    assert rushed.gained == 1 and rushed.degrees == 30
    assert who(s, "c")["allowance"] == {"flight": 50}
    do(s, "activation", "gm")
    (again,) = of_type(do(s, "rush", "c", type="flight", roll=[1]), "rushed")
    assert again.gained == 0 and who(s, "c")["allowance"] == {"flight": 50}


def test_R002_30_R002_33_jumps_and_breaches_give_at_most_50_m() -> None:
    """R002-30, R002-33, A002-09: a Leap of a creature with a sheet Jump Height of 1,000 m,
    or a Breach of 300 DoS, gives 50 m, the Allowance ceiling."""
    assert jump_distance(1000.0, 8, 30, per=2) == 50
    assert jump_distance(2.0, 5, 5, per=2) == 7  # the Treecko example is far inside
    assert breach_gain(300) == 50 and breach_gain(9) == 3
    s = session([creature("k", "1,1", scores={"Overland": 5}, skills={"Running": 100},
                          jump=8, jump_height_m=1000)])
    (jumped,) = of_type(do(s, "leap", "k", roll=[50]), "jumped")
    assert jumped.distance == 50


# -- other numbers of a file ----------------------------------------------------------------


@pytest.mark.parametrize(("stats", "where", "says"), [
    ({"scores": {"Overland": 5}, "skills": {"Running": 1000}}, "actors[0].stats.skills",
     "'Running'"),
    ({"scores": {f"T{i}": 1 for i in range(17)}}, "actors[0].stats.scores", "at most 16"),
    ({"scores": {"Overland": 5}, "jump": 2, "height_m": 1e9}, "actors[0].stats.height_m", ""),
    ({"scores": {"Overland": 5}, "jump": 9, "height_m": 1}, "actors[0].stats.jump", ""),
    ({"scores": {"Overland": 5}, "jump_height_m": 1e6}, "actors[0].stats.jump_height_m", ""),
    ({"scores": {"Overland": 5}, "pp": 10**9}, "actors[0].stats.pp", ""),
    ({"scores": {"Overland": 5}, "z": 1e30}, "actors[0].stats.z", "100000"),
    ({"scores": {"Overland": 5}, "traits": ["x"] * 65}, "actors[0].stats.traits", ""),
])
def test_A002_23_creature_numbers_out_of_range_are_refused(stats: dict[str, Any], where: str,
                                                            says: str) -> None:
    """R002-01, A002-05, A002-23, R002-15: a sheet's numbers are within their ranges."""
    _refused_at_load(_data(stats), where, says)


def test_R002_43_a_start_height_out_of_range_is_refused() -> None:
    """R002-43: `at: "row,col,z"` holds a height within +/-100,000 m."""
    _refused_at_load(_data({"scores": {"Overland": 5}}, at="1,1,1e8"), "actors[0].at",
                     "100,000")


@pytest.mark.parametrize(("options", "where"), [
    ({"distance": {"vertical_step_m": 0.01}}, "options.distance.vertical_step_m"),
    ({"distance": {"vertical_step_m": 1e9}}, "options.distance.vertical_step_m"),
    ({"distance": {"walk_step_m": 1e9}}, "options.distance.walk_step_m"),
    ({"difficulty": {"Challenging": 0, "Demanding": 0, "Intense": -999}}, "options.difficulty"),
    ({"pp": {"max_per_roll": 10**6}}, "options.pp.max_per_roll"),
    ({"pp": {"per_point": 10**6}}, "options.pp.per_point"),
    ({"transitions": {"per_activation": 10**6}}, "options.transitions.per_activation"),
    ({"jump": {"jump_per_round": 10**6}}, "options.jump.jump_per_round"),
    ({"jump": {"max_drop_m": 1e300}}, "options.jump.max_drop_m"),
    ({"burrow": {"max_depth_m": 1e9}}, "options.burrow.max_depth_m"),
    ({"actions": {"simple_per_activation": 10**6}}, "options.actions.simple_per_activation"),
    ({"cover": {"low_tags": ["x"] * 17}}, "options.cover.low_tags"),
])
def test_A002_06_A002_16_options_out_of_range_are_refused(options: dict[str, Any],
                                                         where: str) -> None:
    """A002-06 (the ladder), A002-07 (PP), A002-12, A002-16 (the vertical step), A002-22,
    R002-12: options have ranges, checked when the file loads."""
    _refused_at_load(_data({"scores": {"Overland": 5}}, options=options), where)


def test_R002_04_a_map_over_the_cells_limit_is_refused_at_load() -> None:
    """R002-04: a map of 600 x 600 cells (under the file-size limit) is refused with the
    cells limit's message, naming the file and the rows."""
    _refused_at_load(_data({"scores": {"Overland": 5}}, rows=["." * 600] * 600), "map.rows",
                     "360,000 grid cells are over the limit of 250,000", "--limit cells=N")


# -- commands ---------------------------------------------------------------------------------


def test_R002_04_R002_43_a_move_to_absurd_coordinates_is_refused_at_once() -> None:
    """R002-04, R002-43: `to: [1e9, 1e9]` is not a cell (malformed), a cell a billion rows
    away is off the map, a height of 1e300 m is refused `bad_target`; nothing changes."""
    s = session([creature("a", "1,1", scores={"Flight": 15, "Overland": 10})])
    before = s.state
    with pytest.raises(InvalidCommand) as info:
        s.do({"do": "move", "actor": "a", "to": [1e9, 1e9]})
    assert info.value.path.startswith("to") and s.state is before
    refused(s, {"do": "move", "actor": "a", "to": [10**9, 10**9]}, "off_map")
    refused(s, {"do": "move", "actor": "a", "type": "flight", "to": [1, 1, 1e300]},
            "bad_target", "R002-43")


def test_R002_04_R002_11_command_numbers_have_ranges() -> None:
    """R002-04 (`spend`), R002-11 (PP), R002-36 (`range_m`), R002-39 (`obscure`): a budget
    of 10^9 m or PP, or a percentage of 10^9, is malformed before any rule or search."""
    s = session([creature("a", "1,1", scores={"Flight": 15, "Overland": 10},
                          skills={"Running": 50}, pp=3),
                 creature("b", "1,3", scores={"Overland": 4})])
    malformed(s, {"do": "spend", "actor": "a", "type": "flight", "distance": 10**9},
              "distance")
    malformed(s, {"do": "rush", "actor": "a", "type": "overland", "pp": 10**9}, "pp")
    malformed(s, {"do": "obscure", "actor": "gm", "target": "b", "percent": 10**9},
              "percent")
    malformed(s, {"do": "dash_action", "actor": "a", "action": "Tackle", "target": "b",
                  "range_m": 1e9, "closing": "rush", "type": "overland", "to": [1, 2]},
              "range_m")
    refused(s, {"do": "spend", "actor": "a", "type": "flight", "distance": 99_999},
            "over_allowance", "R002-05")
