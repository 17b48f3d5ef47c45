"""Untrusted files and commands (the README's "Ranges"): every number of a `styles` file or
command has a documented range, checked when the file loads or the command is given,
so that no value builds a huge dice expression or array or makes a search run long.

Boundedness is shown by refusals and by counting (the heights a search visits), never by
timing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from footwork.dice import parse_dice
from footwork.errors import IllegalCommand, InvalidCommand, ScenarioError
from footwork.rulesets.styles.falls import damage_count, repeated
from footwork.rulesets.styles.options import FallOptions
from footwork.rulesets.styles.planning import reachable
from footwork.rulesets.styles.terrain import FLY
from footwork.scenario import encounter_from_text
from tests.support import malformed

from ._helpers import actor, encounter_data, move, move_cmd, of_type, refused, seg, session, who

#: a 300u cliff ``^`` above the ground ``.``
CLIFF: dict[str, Any] = {".": {"surface": "floor"}, "^": {"surface": "floor", "elevation": 300}}


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


# -- fall damage: a count of the table's dice, not a string of them ---------------------


def test_A001_14_a_300u_drop_computes_its_damage() -> None:
    """R001-26, A001-14 (`fall.dice: 1d6`): stepping off a 300u cliff is 149 steps of 1d6
    beyond the safe 2u; the fall rolls them as one count of dice, at most `fall.max_dice`
    (100, footwork's ceiling on one roll): 100d6, with its odds in the options, rather
    than being refused for joining 149 dice into one notation."""
    s = session([actor("ada", "0,0")], rows=["^."], legend=CLIFF,
                options={"fall": {"dice": "1d6"}})
    option = next(o for o in s.options("ada") if o.to == "0,1")
    assert "falls 300u into floor" in option.label
    (odds,) = option.checks
    assert odds.dice == "100d6" and sum(odds.odds.values()) == 1
    assert set(odds.odds) == {f"{n} damage" for n in range(100, 601)}
    faces = [(i % 6) + 1 for i in range(100)]
    events = move(s, "ada", seg("walk", 0, 1), roll=faces)
    (rolled,) = of_type(events, "rolled")
    (fell,) = of_type(events, "fell")
    assert rolled.dice == "100d6" and rolled.values == tuple(faces)
    assert (fell.distance, fell.damage) == (300.0, sum(faces))
    assert {"R001-39", "A001-14"} <= set(fell.rules)
    assert who(s, "ada")["damage"] == sum(faces)


def test_A001_14_the_count_of_fall_dice_and_its_ceiling_are_options() -> None:
    """A001-14 (`fall.max_dice`): a table that caps falls at 20 dice rolls 20d6 for the
    300u drop; a fall short of the ceiling rolls one `fall.dice` per full step (50u: 24);
    dice of several terms repeat whole, within 100 dice in all."""
    s = session([actor("ada", "0,0")], rows=["^."], legend=CLIFF,
                options={"fall": {"dice": "1d6", "max_dice": 20}})
    option = next(o for o in s.options("ada") if o.to == "0,1")
    assert option.checks[0].dice == "20d6"
    opts = FallOptions(dice="1d6")
    assert [damage_count(opts, d, "floor") for d in (50.0, 300.0, 100_000.0)] == [24, 100, 100]
    assert damage_count(FallOptions(dice="2d6+1"), 300.0, "floor") == 50
    assert damage_count(FallOptions(dice="1d6"), 300.0, "water") == 0
    assert str(repeated(parse_dice("2d6+1"), 50)) == "100d6+50"


@pytest.mark.parametrize("field", ["fall", "sneak"])
@pytest.mark.parametrize(("dice", "says"), [
    ("banana", "expected dice notation"),
    ("-1d20", "subtract none"),
    ("1d20-1d6", "subtract none"),
    ("1000000d1000000", "at most 6 digits"),
    ("101d6", "from 1 to 100"),
    ("2d1001", "sides"),
    ("", "expected dice notation"),
])
def test_A001_09_A001_14_bad_dice_in_options_are_refused_when_the_file_loads(
        field: str, dice: str, says: str) -> None:
    """A001-14 (`fall.dice`), A001-09 (`sneak.dice`): dice are checked when the file loads,
    with the file and the field, not when first rolled in the middle of play."""
    data = encounter_data([actor("ada", "0,0")], options={field: {"dice": dice}})
    _refused_at_load(data, f"options.{field}.dice", says)


def test_A001_14_fall_damage_never_totals_below_0() -> None:
    """A001-14: fall damage dice whose total could be negative are refused at load."""
    data = encounter_data([actor("ada", "0,0")], options={"fall": {"dice": "1d4-5"}})
    _refused_at_load(data, "options.fall.dice", "never total below 0")


def test_A001_09_good_dice_are_kept_in_their_normal_form() -> None:
    """A001-09: `d20` and ` 2D6 + 1 ` are read as 1d20 and 2d6+1."""
    data = encounter_data([actor("ada", "0,0")],
                          options={"sneak": {"dice": "d20"}, "fall": {"dice": " 2D6 + 1 "}})
    s = encounter_from_text(json.dumps(data), "table.json").session()
    assert (s.state.options.sneak.dice, s.state.options.fall.dice) == ("1d20", "2d6+1")


# -- heights and other numbers of a file --------------------------------------------------


@pytest.mark.parametrize(("where", "value"), [("legend", 1e8), ("legend", 1e30),
                                              ("overrides", 1e8), ("overrides", -1e30)])
def test_R001_26_absurd_elevations_are_refused_at_load_with_their_path(where: str,
                                                                      value: float) -> None:
    """R001-26, A001-17: a height is within +/-100,000u (a 300u cliff is well inside); an
    elevation of 1e8 or 1e30 is refused when the file loads, naming where it is, instead
    of building a huge dice string or running out of memory."""
    legend = dict(CLIFF)
    overrides = None
    if where == "legend":
        legend["^"] = {"surface": "floor", "elevation": value}
        path = "map.legend.^.elevation"
    else:
        overrides = [{"row": 0, "col": 0, "elevation": value}]
        path = "map.overrides[0].elevation"
    data = encounter_data([actor("ada", "0,1")], rows=["^."], legend=legend,
                          overrides=overrides, options={"fall": {"dice": "1d6"}})
    _refused_at_load(data, path, "100000")


@pytest.mark.parametrize(("patch", "where"), [
    ({"at": "0,0,1e8"}, "actors[0].at"),
    ({"stats": {"z": 1e30, "mode": "fly", "styles": ["Walk", "Fly"]}}, "actors[0].stats.z"),
    ({"stats": {"hooks": 10**6}}, "actors[0].stats.hooks"),
    ({"stats": {"good_spots": 0}}, "actors[0].stats.good_spots"),
    ({"stats": {"weight": 1e300}}, "actors[0].stats.weight"),
    ({"stats": {"load": [{"item": "rock", "weight": 1e9}]}}, "actors[0].stats.load[0].weight"),
    ({"stats": {"styles": ["Walk"] * 17}}, "actors[0].stats.styles"),
])
def test_R001_10_R001_38_actor_numbers_out_of_range_are_refused(patch: dict[str, Any],
                                                                 where: str) -> None:
    """R001-10, R001-07, R001-37, R001-38: a sheet's numbers are within their ranges."""
    a = actor("ada", "0,0")
    a.update({k: v for k, v in patch.items() if k != "stats"})
    a["stats"].update(patch.get("stats", {}))
    _refused_at_load(encounter_data([a]), where)


@pytest.mark.parametrize(("options", "where"), [
    ({"dash": {"per_turn": 3}}, "options.dash.per_turn"),
    ({"move": {"vertical_step_u": 0.1}}, "options.move.vertical_step_u"),
    ({"move": {"vertical_step_u": 1e9}}, "options.move.vertical_step_u"),
    ({"move": {"walk_step_u": 1e9}}, "options.move.walk_step_u"),
    ({"fall": {"dice": "1d6", "max_dice": 101}}, "options.fall.max_dice"),
    ({"fall": {"dice": "1d6", "per_u": 0.01}}, "options.fall.per_u"),
    ({"sneak": {"target": 10**9}}, "options.sneak.target"),
    ({"swim": {"sink_u": 1e6}}, "options.swim.sink_u"),
    ({"move": {"hazard_tags": ["x"] * 17}}, "options.move.hazard_tags"),
])
def test_A001_03_A001_17_options_out_of_range_are_refused(options: dict[str, Any],
                                                         where: str) -> None:
    """A001-03 (`dash.per_turn`: each Dash doubles the pool, and the search with it),
    A001-17 (`move.vertical_step_u`), A001-14, A001-09, A001-19: options have ranges."""
    _refused_at_load(encounter_data([actor("ada", "0,0")], options=options), where)


def test_R001_02_the_cell_size_has_a_range() -> None:
    """A001-17: cells of 0.5u to 100u (0.5u is the finest grain, A001-10)."""
    for size in (0.1, 1000):
        _refused_at_load(encounter_data([actor("ada", "0,0")], cell_size=size),
                         "map.cell_size")


def test_R001_02_a_map_over_the_cells_limit_is_refused_at_load() -> None:
    """A map of 1,000 x 1,000 cells (a 1 MB file, under the file-size limit) is refused
    with the cells limit's message, naming the file and the rows."""
    data = encounter_data([actor("ada", "0,0")], rows=["." * 1000] * 1000)
    _refused_at_load(data, "map.rows", "1,000,000 grid cells are over the limit of 250,000",
                     "--limit cells=N")


# -- commands -----------------------------------------------------------------------------


def test_R001_02_a_move_to_absurd_coordinates_is_refused_at_once() -> None:
    """R001-02: `to: [1e9, 1e9]` (or `[true, 1]`) is not a cell (malformed), a cell a
    billion rows away is off the map, a height of 1e300u or a plan waypoint's is refused
    `bad_target`; nothing changes."""
    s = session([actor("ada", "1,1")])
    before = s.state
    bads: list[Any] = [[1e9, 1e9], [True, 1], ["1", 1]]  # booleans and texts are no numbers
    for bad in bads:
        with pytest.raises(InvalidCommand) as info:
            s.do(move_cmd("ada", to=bad))
        assert info.value.path.startswith("to") and s.state is before
    refused(s, move_cmd("ada", to=[10**9, 10**9]), "off_map")
    refused(s, move_cmd("ada", to=[1, 2, 1e300]), "bad_target", "R001-02")
    refused(s, move_cmd("ada", seg("walk", 1, 2, -1e9)), "bad_target", "R001-02")
    refused(s, move_cmd("ada", seg("walk", 1, 2, via=[[10**12, 0]])), "off_map")


def test_R001_02_plans_have_at_most_100_segments_of_100_waypoints() -> None:
    """R001-02: a plan is refused as malformed past 100 segments, or a segment past 100
    waypoints, before any search."""
    s = session([actor("ada", "1,1")])
    malformed(s, move_cmd("ada", *[seg("walk", 1, 2)] * 101), "plan")
    malformed(s, move_cmd("ada", seg("walk", 1, 2, via=[[1, 1]] * 101)), "plan[0].via")


def test_R001_20_R001_38_command_numbers_have_ranges() -> None:
    """R001-20 (`slow.stacks`), R001-07 and R001-38 (`adjust`): numbers past their range
    are malformed; nothing changes."""
    s = session([actor("ada", "1,1"), actor("bob", "1,3")])
    malformed(s, {"do": "slow", "actor": "gm", "target": "bob", "stacks": 10**9}, "stacks")
    malformed(s, {"do": "adjust", "actor": "gm", "target": "bob", "hooks": 10**9}, "hooks")
    malformed(s, {"do": "adjust", "actor": "gm", "target": "bob",
                  "load": [["rock", 1e9, False]]}, "load[0][1]")
    with pytest.raises((InvalidCommand, IllegalCommand)):
        s.do({"do": "slow", "actor": "gm", "target": "bob\n", "stacks": 1})


# -- boundedness, by counting --------------------------------------------------------------


def test_R001_06_A001_03_a_search_reaches_no_higher_than_the_pool_allows() -> None:
    """R001-06, A001-03, R001-13: the largest pool the ranges allow is a Double style
    doubled by two Dashes (32u); a flier with it in open air reaches 64 vertical steps of
    0.5u up and no more: the heights a search visits are bounded by the pool, not by the
    sky."""
    s = session([actor("ada", "1,1", styles=["Double Fly", "Walk"], hooks=2)],
                rows=["...", "...", "..."], options={"dash": {"per_turn": 2}})
    move(s, "ada", seg("fly", 1, 1, 0.5), dash=True)
    move(s, "ada", seg("fly", 1, 1, 1.0), dash=True)
    state = s.state
    ada = state.actors["ada"]
    assert ada.pool() == 32
    found = reachable(state.space.terrain, ada, state.options)
    levels = {spot[3] for spot in found if spot[0] == FLY}
    # 31u left: 62 steps of 0.5u up from 1u, and down to just above the floor
    assert levels == set(range(1, 2 + 62 + 1))
    # every spot is one of the 9 cells, on the floor or at one of those heights
    assert len(list(found)) <= 9 * (1 + len(levels))
