"""Grid maps: ASCII authoring, layers, positions, diagonal rules, masks, crops, JSON, search."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from footwork import limits
from footwork.space import grid as grid_module
from footwork.space.grid import (
    DEFAULT_LEGEND,
    OFFSETS,
    SQRT2,
    Cell,
    CellOverride,
    CellSpec,
    Diagonal,
    Direction,
    GridError,
    GridMap,
    GridSpec,
    Position,
    Surface,
    bounded_costs,
    grid_distance,
    parse_ascii,
    path_length,
    step_length,
)
from footwork.space.levels import MAX_LEVEL, GridLevels, parse_cell

LEGEND = {
    ".": CellSpec(),
    "#": CellSpec(surface="wall", elevation=3),
    "~": CellSpec(surface="water", water_depth=2, current="SE", current_speed=2),
    "^": CellSpec(elevation=2, ceiling_height=5, tags=("obscuring",)),
    "_": CellSpec(surface="void"),
}

ROWS = [
    "..#..",
    ".^#~~",
    "._.~~",
]


def sample() -> GridMap:
    return parse_ascii(ROWS, LEGEND)


# -- parsing ----------------------------------------------------------------------------


def test_the_legend_fills_every_layer() -> None:
    g = sample()
    assert g.shape == (3, 5) and g.rows == 3 and g.cols == 5
    assert g.cell_size == 1.0 and g.unit == "u"
    assert g.surface_at(0, 2) is Surface.WALL and g.elevation[0, 2] == 3
    assert g.surface_at(1, 3) is Surface.WATER and g.water_depth[1, 3] == 2
    assert tuple(g.current[1, 3]) == (1, 1) and g.current_speed[1, 3] == 2
    assert tuple(g.current[0, 0]) == (0, 0) and g.current_speed[0, 0] == 0
    assert g.elevation[1, 1] == 2 and g.ceiling_height[1, 1] == 5
    assert math.isnan(g.ceiling_height[0, 0])
    assert g.surface_at(2, 1) is Surface.VOID and math.isnan(g.elevation[2, 1])
    assert set(g.tags) == {"obscuring"}
    assert g.tags["obscuring"].sum() == 1 and g.tag_at("obscuring", 1, 1)
    assert not g.tag_at("mine", 1, 1)  # a tag the map never uses
    # climbable by default: floors, walls, ceilings; not water or void without a ceiling
    assert g.climbable[0, 0] and g.climbable[0, 2] and g.climbable[1, 1]
    assert not g.climbable[1, 3] and not g.climbable[2, 1]


def test_overrides_replace_only_the_fields_they_name() -> None:
    g = parse_ascii(ROWS, LEGEND, [
        CellOverride(row=0, col=2, elevation=6, climbable=False),
        CellOverride(row=0, col=0, tags=("mine",)),
        CellOverride(row=1, col=1, ceiling_height=None),  # an explicit null removes it
        (2, 0, {"surface": "water", "water_depth": 1.5, "current": "N"}),
        (0, 0, {"elevation": 1}),  # a second override of one cell builds on the first
    ])
    assert g.surface_at(0, 2) is Surface.WALL and g.elevation[0, 2] == 6
    assert not g.climbable[0, 2]
    assert g.tag_at("mine", 0, 0) and g.elevation[0, 0] == 1
    assert g.tags["mine"].sum() == 1
    assert math.isnan(g.ceiling_height[1, 1]) and g.tag_at("obscuring", 1, 1)
    assert g.surface_at(2, 0) is Surface.WATER and g.water_depth[2, 0] == 1.5
    # a current with no speed moves one cell
    assert tuple(g.current[2, 0]) == (-1, 0) and g.current_speed[2, 0] == g.cell_size


def test_an_override_can_clear_tags() -> None:
    g = parse_ascii(ROWS, LEGEND, [CellOverride(row=1, col=1, tags=())])
    assert not g.tags["obscuring"].any()


def test_rows_as_a_block_of_text() -> None:
    text = """
        ..#..
        .^#~~
        ._.~~
    """
    assert parse_ascii(text, LEGEND) == sample()
    spec = GridSpec.model_validate({"rows": text, "legend": LEGEND})
    assert spec.rows == ROWS and spec.build() == sample()


def test_grid_spec_from_plain_data_with_the_default_legend() -> None:
    spec = GridSpec.model_validate({
        "cell_size": 2, "unit": "m",
        "rows": ["..#", "~~_"],
        "overrides": [{"row": 0, "col": 1, "elevation": 1.5, "tags": ["mine"]}],
    })
    assert spec.legend == dict(DEFAULT_LEGEND)
    g = spec.build()
    assert g.cell_size == 2.0 and g.unit == "m"
    assert [Surface(int(v)) for v in g.surface[1]] == [Surface.WATER, Surface.WATER,
                                                       Surface.VOID]
    assert g.elevation[0, 1] == 1.5 and g.tag_at("mine", 0, 1)
    assert "legend" in GridSpec.model_json_schema()["properties"]


def test_spec_at_describes_a_cell_as_an_override_would() -> None:
    g = sample()
    assert g.spec_at(1, 3) == CellSpec(surface="water", water_depth=2, current="SE",
                                       current_speed=2, climbable=False)
    assert g.spec_at(1, 1) == CellSpec(elevation=2, ceiling_height=5, climbable=True,
                                       tags=("obscuring",))
    # rebuilding every cell from its spec gives the same map
    rebuilt = parse_ascii(["." * g.cols] * g.rows, {".": CellSpec()},
                          [(r, c, g.spec_at(r, c).model_dump())
                           for r in range(g.rows) for c in range(g.cols)])
    assert rebuilt == g


# -- every error message ------------------------------------------------------------------


def error(rows: Any, legend: Any = LEGEND, overrides: Any = ()) -> GridError:
    with pytest.raises(GridError) as info:
        parse_ascii(rows, legend, overrides)
    return info.value


def test_ragged_rows() -> None:
    e = error(["....", "....", "...", "...."])
    assert str(e) == "row 2 has 3 cells; expected 4 like row 0"
    assert e.path == ("rows", 2) and e.location == "rows[2]"
    assert isinstance(e, ValueError)


def test_unknown_symbol() -> None:
    e = error(["....", "..%."], {".": CellSpec(), "#": CellSpec(surface="wall"),
                                 "~": CellSpec(surface="water", water_depth=1),
                                 "^": CellSpec(elevation=1)})
    assert str(e) == "row 1, col 2: unknown symbol '%'; the legend has: . # ~ ^"
    assert e.location == "rows[1]"


def test_no_rows_and_empty_rows() -> None:
    assert str(error([])) == "the map has no rows"
    assert str(error(["", ""])) == "row 0 is empty"


def test_legend_symbols_are_one_character() -> None:
    e = error(["."], {".": CellSpec(), "ab": CellSpec()})
    assert str(e) == "legend symbol 'ab' must be one character"
    assert e.path == ("legend", "ab") and e.location == "legend.ab"
    with pytest.raises(ValidationError, match="legend symbol 'ab' must be one character"):
        GridSpec.model_validate({"rows": ["."], "legend": {"ab": {}}})


def test_override_outside_the_map() -> None:
    e = error(ROWS, LEGEND, [CellOverride(row=0, col=0), CellOverride(row=3, col=1)])
    assert str(e) == "override 1: row 3, col 1 is outside the map (rows 0–2, cols 0–4)"
    assert e.location == "overrides[1]"
    assert str(error(ROWS, LEGEND, [(0, -1, {})])) == (
        "override 0: row 0, col -1 is outside the map (rows 0–2, cols 0–4)")


def test_override_that_makes_a_bad_cell() -> None:
    e = error(ROWS, LEGEND, [CellOverride(row=0, col=0, surface="water")])
    assert str(e) == "override 0 (row 0, col 0): water needs a water_depth above 0"
    e = error(ROWS, LEGEND, [CellOverride(row=1, col=3, surface="floor")])
    assert str(e) == "override 0 (row 1, col 3): only water has a water_depth (this cell is floor)"
    e = error(ROWS, LEGEND, [(0, 0, {"surface": "lava"})])
    assert str(e).startswith("override 0 (row 0, col 0): surface: Input should be 'floor'")
    e = error(ROWS, LEGEND, [(1, 1, {"ceiling_height": 1})])
    assert str(e) == "override 0 (row 1, col 1): the ceiling_height (1) is below the elevation (2)"


@pytest.mark.parametrize(("fields", "message"), [
    ({"surface": "water"}, "water needs a water_depth above 0"),
    ({"water_depth": 1}, "only water has a water_depth (this cell is floor)"),
    ({"current_speed": 1}, "a current_speed needs a current direction"),
    ({"elevation": 2, "ceiling_height": 1}, "the ceiling_height (1) is below the elevation (2)"),
    ({"tags": [""]}, "expected a name of at least one character"),
    ({"elevation": math.inf}, "finite number"),
    ({"current": "up"}, "Input should be 'N'"),
    ({"depth": 1}, "Extra inputs are not permitted"),
])
def test_bad_cell_specs(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        CellSpec.model_validate(fields)


def test_bad_arrays() -> None:
    floor = np.zeros((2, 2), np.uint8)
    water = np.full((2, 2), Surface.WATER, np.uint8)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"surface": water}, "row 0, col 0: water needs a water_depth above 0"),
        ({"water_depth": [[0, 0], [0, 1]]}, "row 1, col 1: only water has a water_depth"),
        ({"elevation": [[0, np.nan], [0, 0]]},
         "row 0, col 1: the elevation must be a finite number"),
        ({"ceiling_height": [[np.nan, np.nan], [-1, np.nan]]},
         "row 1, col 0: the ceiling is below the elevation"),
        ({"elevation": np.zeros((3, 2))},
         "elevation has shape (3, 2); expected (2, 2) like surface"),
        ({"surface": [[0, 7], [0, 0]]}, "surface values must be Surface codes 0–3"),
        ({"surface": np.zeros((0, 3))}, "surface must be a 2D array with at least one cell"),
        ({"cell_size": 0}, "cell_size must be a positive number, not 0"),
        ({"current": np.full((2, 2, 2), 2)}, "current holds (drow, dcol) pairs of -1, 0 or 1"),
        ({"current_speed": [[0, 1], [0, 0]]},
         "row 0, col 1: a current_speed needs a current direction"),
        ({"tags": {"mine": np.zeros((1, 1))}}, "tag 'mine' has shape (1, 1); expected (2, 2)"),
    ]
    for changes, message in cases:
        args: dict[str, Any] = {"surface": floor, "elevation": np.zeros((2, 2)), **changes}
        with pytest.raises(GridError) as info:
            GridMap(args.pop("surface"), args.pop("elevation"), **args)
        assert str(info.value).startswith(message), (changes, str(info.value))


# -- immutability ---------------------------------------------------------------------------


def test_layers_are_read_only() -> None:
    g = sample()
    layers: list[np.ndarray[Any, Any]] = [
        g.surface, g.elevation, g.water_depth, g.ceiling_height, g.current, g.current_speed,
        g.climbable, *g.tags.values()]
    for layer in layers:
        assert not layer.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            layer[0, 0] = 1
    with pytest.raises(TypeError):
        g.tags["mine"] = np.zeros(g.shape, bool)  # type: ignore[index]
    with pytest.raises(AttributeError):
        g.cell_size = 2.0  # type: ignore[misc]
    view, _ = g.crop((1, 1), 1)
    assert not view.elevation.flags.writeable


def test_building_from_arrays_copies_them() -> None:
    surface = np.zeros((2, 2), np.uint8)
    elevation = np.zeros((2, 2))
    g = GridMap(surface, elevation)
    elevation[0, 0] = 9
    assert g.elevation[0, 0] == 0 and elevation.flags.writeable


def test_masks_are_fresh_arrays() -> None:
    g = sample()
    mask = g.walkable_mask()
    mask[:] = False
    assert g.walkable_mask().any()


# -- positions ---------------------------------------------------------------------------


def test_positions() -> None:
    g = parse_ascii(ROWS, LEGEND, cell_size=2.0, unit="m")
    p = Position(1, 3, 0.5)
    assert p.cell == (1, 3)
    assert p.to_metric(g.cell_size) == (7.0, 3.0, 0.5)
    assert Position.from_metric(7.0, 3.0, 0.5, g.cell_size) == p
    assert Position.from_metric(6.0, 2.0, 0.0, 2.0) == Position(1, 3, 0.0)  # a cell's corner
    assert Position.from_metric(7.99, 3.99, 1.0, 2.0) == Position(1, 3, 1.0)
    assert Position.standing(g, 1, 1) == Position(1, 1, 2.0)
    assert Position.standing(g, 1, 3) == Position(1, 3, 0.0)  # at the water's surface
    with pytest.raises(ValueError, match="row 0, col 2 is a wall: nothing to stand on"):
        Position.standing(g, 0, 2)
    with pytest.raises(ValueError, match="row 2, col 1 is a void: nothing to stand on"):
        Position.standing(g, 2, 1)
    with pytest.raises(IndexError, match="row 5, col 0 is outside the map"):
        Position.standing(g, 5, 0)
    assert hash(p) == hash(Position(1, 3, 0.5))


# -- diagonal rules ------------------------------------------------------------------------


def test_orthogonal_steps_cost_one_under_every_rule() -> None:
    for rule in Diagonal:
        for dr, dc in [(0, 1), (1, 0), (0, -1), (-1, 0)]:
            assert step_length(rule, dr, dc, 1) == 1.0


def test_diagonal_rules() -> None:
    assert step_length(Diagonal.ONE, 1, 1) == 1.0
    assert step_length(Diagonal.EUCLIDEAN, -1, 1) == SQRT2
    assert [step_length(Diagonal.ALTERNATE, 1, 1, n) for n in range(4)] == [1, 2, 1, 2]
    diagonal = [(i, i) for i in range(5)]
    assert path_length(Diagonal.ALTERNATE, diagonal) == 6.0  # 1 + 2 + 1 + 2
    assert path_length(Diagonal.ALTERNATE, diagonal, diagonals_before=1) == 6.0  # 2+1+2+1
    assert path_length(Diagonal.ALTERNATE, diagonal[:4], diagonals_before=1) == 5.0
    assert path_length(Diagonal.ONE, diagonal) == 4.0
    assert path_length(Diagonal.EUCLIDEAN, diagonal) == pytest.approx(4 * SQRT2)
    assert Diagonal("alternate") is Diagonal.ALTERNATE


def test_a_path_cost_mixing_steps() -> None:
    # E, SE, SE, S, SE: orthogonal steps do not reset the count of diagonals
    path = [(0, 0), (0, 1), (1, 2), (2, 3), (3, 3), (4, 4)]
    assert path_length(Diagonal.ALTERNATE, path) == 1 + 1 + 2 + 1 + 1
    assert path_length(Diagonal.ONE, path) == 5
    assert path_length(Diagonal.EUCLIDEAN, path) == pytest.approx(2 + 3 * SQRT2)
    assert path_length(Diagonal.ONE, path[:1]) == 0.0
    with pytest.raises(ValueError, match=r"path step 1: \(0, 0\) → \(0, 2\) is not a step"):
        path_length(Diagonal.ONE, [(0, 0), (0, 2)])
    with pytest.raises(ValueError, match="not a step"):
        step_length(Diagonal.ONE, 0, 0)


def test_grid_distance() -> None:
    assert grid_distance(Diagonal.ONE, (0, 0), (3, 5)) == 5
    assert grid_distance(Diagonal.ALTERNATE, (0, 0), (3, 5)) == 2 + 3 + 1
    assert grid_distance(Diagonal.ALTERNATE, (0, 0), (3, 5), diagonals_before=1) == 2 + 3 + 2
    assert grid_distance(Diagonal.EUCLIDEAN, (5, 5), (2, 0)) == pytest.approx(2 + 3 * SQRT2)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(Diagonal)), st.integers(0, 6), st.integers(0, 6),
       st.integers(0, 1))
def test_grid_distance_is_the_open_grid_search(rule: Diagonal, r: int, c: int,
                                               before: int) -> None:
    g = GridMap(np.zeros((7, 7), np.uint8), np.zeros((7, 7)))
    costs = bounded_costs(g, (0, 0), 20.0, lambda _g, _a, _b: 1.0, diagonal=rule)
    if before == 0:
        assert costs[r, c] == pytest.approx(grid_distance(rule, (0, 0), (r, c)))
    # the closed form agrees with the step rule along the diagonal-first path
    d = min(r, c)
    path = [(i, i) for i in range(d + 1)]
    path += [(d + i, d) for i in range(1, r - d + 1)] + [(d, d + i) for i in range(1, c - d + 1)]
    assert path_length(rule, path, before) == pytest.approx(
        grid_distance(rule, (0, 0), (r, c), before))


# -- neighbours, masks, rises ---------------------------------------------------------------


def test_neighbours_are_eight_way_and_in_bounds() -> None:
    g = sample()
    assert g.neighbours(1, 1) == [(0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0),
                                  (0, 0)]
    assert sorted(g.neighbours(0, 0)) == [(0, 1), (1, 0), (1, 1)]
    assert len(g.neighbours(0, 2)) == 5 and len(g.neighbours(2, 4)) == 3
    assert OFFSETS[0] == Direction.N.offset == (-1, 0) and len(OFFSETS) == 8
    assert Direction.from_offset(1, -1) is Direction.SW


def test_masks() -> None:
    g = sample()
    assert g.walkable_mask().astype(int).tolist() == [[1, 1, 0, 1, 1],
                                                      [1, 1, 0, 0, 0],
                                                      [1, 0, 1, 0, 0]]
    assert g.swimmable_mask().astype(int).tolist() == [[0, 0, 0, 0, 0],
                                                       [0, 0, 0, 1, 1],
                                                       [0, 0, 0, 1, 1]]
    assert g.void_mask().astype(int).tolist() == [[0, 0, 0, 0, 0],
                                                  [0, 0, 0, 0, 0],
                                                  [0, 1, 0, 0, 0]]
    assert g.wall_mask().sum() == 2 and g.ceiling_mask().sum() == 1
    assert g.tag_mask("obscuring").sum() == 1 and not g.tag_mask("mine").any()
    # something to climb: walls, the ceiling, floors above a neighbour (the raised cell at
    # (1, 1), and the floors at the void's edge); not the water, nor flat floor
    assert g.climbable_mask().astype(int).tolist() == [[0, 0, 1, 0, 0],
                                                       [1, 1, 1, 0, 0],
                                                       [1, 0, 1, 0, 0]]
    smooth = parse_ascii(ROWS, LEGEND, [CellOverride(row=0, col=2, climbable=False)])
    assert not smooth.climbable_mask()[0, 2]
    assert (g.bed()[1, 3], g.bed()[0, 0]) == (-2.0, 0.0)


def test_rises_between_neighbours() -> None:
    g = sample()
    rises = g.rises()
    assert rises.shape == (8, 3, 5)
    east = OFFSETS.index((0, 1))
    assert rises[east, 1, 0] == 2.0  # floor 0 up to the raised floor
    assert rises[east, 1, 1] == 1.0  # raised floor (2) up to the wall's top (3)
    assert rises[east, 0, 2] == -3.0
    north = OFFSETS.index((-1, 0))
    assert math.isnan(rises[north, 0, 0])  # off the map
    assert math.isnan(rises[north, 2, 1])  # a void
    for k, (dr, dc) in enumerate(OFFSETS):
        for r in range(g.rows):
            for c in range(g.cols):
                if g.in_bounds(r + dr, c + dc) and not math.isnan(rises[k, r, c]):
                    assert rises[k, r, c] == g.elevation[r + dr, c + dc] - g.elevation[r, c]


# -- crop --------------------------------------------------------------------------------


def test_crop_offsets_and_shared_layers() -> None:
    g = parse_ascii(["." * 10] * 8, {".": CellSpec()},
                    [CellOverride(row=r, col=c, elevation=10 * r + c, tags=("t",) if r == c else ())
                     for r in range(8) for c in range(10)])
    view, offset = g.crop((4, 5), 2)
    assert offset == (2, 3) and view.shape == (5, 5)
    for r in range(view.rows):
        for c in range(view.cols):
            assert view.elevation[r, c] == g.elevation[r + 2, c + 3]
            assert view.tag_at("t", r, c) == g.tag_at("t", r + 2, c + 3)
    assert np.shares_memory(view.elevation, g.elevation)  # a view, not a copy
    corner, offset = g.crop((0, 9), 3)
    assert offset == (0, 6) and corner.shape == (4, 4)
    assert corner.elevation[0, 3] == g.elevation[0, 9]
    whole, offset = g.crop((3, 3), 50)
    assert offset == (0, 0) and whole == g
    assert g.crop((3, 3), 0)[0].shape == (1, 1)
    with pytest.raises(IndexError, match="row 8, col 0 is outside the map"):
        g.crop((8, 0), 1)
    with pytest.raises(ValueError, match="radius must be 0 or more"):
        g.crop((0, 0), -1)


# -- JSON ---------------------------------------------------------------------------------


def test_to_json_for_renderers() -> None:
    g = parse_ascii(ROWS, LEGEND, [CellOverride(row=0, col=0, tags=("mine",), climbable=False)])
    data = json.loads(json.dumps(g.to_json()))  # plain JSON
    assert (data["rows"], data["cols"], data["cell_size"], data["unit"]) == (3, 5, 1.0, "u")
    assert data["surface"] == ["..#..", ".^#~~".replace("^", "."), "._.~~"]
    assert len(data["elevation"]) == 3 and all(len(row) == 5 for row in data["elevation"])
    assert data["elevation"][2][1] is None and data["elevation"][1][1] == 2.0
    assert data["water_depth"][1][3] == 2.0
    assert data["current"][1][3] == "SE" and data["current"][0][0] is None
    assert data["ceiling_height"][1][1] == 5.0 and data["ceiling_height"][0][0] is None
    assert data["climbable"][0][0] is False
    assert data["tags"] == {"obscuring": [[1, 1]], "mine": [[0, 0]]}
    assert GridMap.from_json(data) == g


def test_to_json_leaves_out_default_layers() -> None:
    g = parse_ascii(["..#", "..."], DEFAULT_LEGEND)
    data = g.to_json()
    assert set(data) == {"rows", "cols", "cell_size", "unit", "surface", "elevation"}
    assert GridMap.from_json(data) == g


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(alphabet=".#~_^", min_size=4, max_size=4), min_size=1, max_size=4))
def test_json_round_trip(rows: list[str]) -> None:
    g = parse_ascii(rows, LEGEND)
    back = GridMap.from_json(json.loads(json.dumps(g.to_json())))
    assert back == g and back.shape == g.shape


def test_equality() -> None:
    assert sample() == sample()
    assert sample() != parse_ascii(ROWS, LEGEND, [CellOverride(row=0, col=0, elevation=1)])
    assert sample() != parse_ascii(ROWS, LEGEND, cell_size=2.0)
    assert sample() != "a map"


# -- the reference bounded search ---------------------------------------------------------


def entering(costs: list[list[int | None]]) -> Any:
    """A step cost: the price of the cell stepped into (None: cannot enter)."""
    def step(_grid: GridMap, _here: Cell, there: Cell) -> float | None:
        value = costs[there[0]][there[1]]
        return None if value is None else float(value)
    return step


def brute_force(rows: int, cols: int, costs: list[list[int | None]], start: Cell,
                budget: float, rule: Diagonal | None) -> np.ndarray:
    """The cheapest cost to every cell over *every walk* within the budget."""
    out = np.full((rows, cols), np.inf)

    def walk(r: int, c: int, spent: float, diagonals: int) -> None:
        out[r, c] = min(out[r, c], spent)
        for dr, dc in OFFSETS:
            r2, c2 = r + dr, c + dc
            if not (0 <= r2 < rows and 0 <= c2 < cols) or costs[r2][c2] is None:
                continue
            price = float(costs[r2][c2])  # type: ignore[arg-type]
            diagonal = dr != 0 and dc != 0
            length = 1.0 if rule is None else step_length(rule, dr, dc, diagonals)
            if spent + price * length <= budget + 1e-9:
                walk(r2, c2, spent + price * length, diagonals + diagonal)

    walk(*start, 0.0, 0)
    return out


@st.composite
def small_searches(draw: Any) -> tuple[int, int, list[list[int | None]], Cell, float,
                                       Diagonal | None]:
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    costs = [[draw(st.sampled_from([1, 1, 2, 3, None])) for _ in range(cols)]
             for _ in range(rows)]
    start = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    budget = draw(st.sampled_from([0.0, 1.0, 2.0, 2.5, 3.0, 4.0]))
    rule = draw(st.sampled_from([None, *Diagonal]))
    return rows, cols, costs, start, budget, rule


@settings(max_examples=150, deadline=None)
@given(small_searches(), st.booleans())
def test_bounded_costs_matches_brute_force(
    case: tuple[int, int, list[list[int | None]], Cell, float, Diagonal | None],
    crop: bool,
) -> None:
    rows, cols, costs, start, budget, rule = case
    g = GridMap(np.zeros((rows, cols), np.uint8), np.zeros((rows, cols)))
    found = bounded_costs(g, start, budget, entering(costs), diagonal=rule,
                          min_step=1.0 if crop else None)
    expected = brute_force(rows, cols, costs, start, budget, rule)
    assert found.shape == g.shape
    assert np.array_equal(np.isinf(found), np.isinf(expected))
    assert np.allclose(found[np.isfinite(found)], expected[np.isfinite(expected)])


def test_alternate_parity_is_part_of_the_search_state() -> None:
    # reaching (2, 2) by two diagonals costs 1 + 2; a detour through orthogonal steps
    # costs 4: the search must keep both, since the parity changes what comes next
    g = GridMap(np.zeros((5, 5), np.uint8), np.zeros((5, 5)))
    costs = bounded_costs(g, (0, 0), 10.0, lambda _g, _a, _b: 1.0, diagonal=Diagonal.ALTERNATE)
    assert costs[1, 1] == 1 and costs[2, 2] == 3 and costs[3, 3] == 4 and costs[4, 4] == 6
    assert costs[4, 2] == 5  # 2 diagonals (1 + 2) and 2 straight


def test_bounded_costs_over_a_map() -> None:
    g = parse_ascii([
        ".....",
        ".##..",
        ".#...",
        ".....",
    ], DEFAULT_LEGEND)

    def walk(grid: GridMap, _here: Cell, there: Cell) -> float | None:
        return grid.cell_size if grid.surface_at(*there) is Surface.FLOOR else None

    costs = bounded_costs(g, (2, 2), 2.0, walk, diagonal=Diagonal.ONE, min_step=1.0)
    assert costs[2, 2] == 0 and costs[0, 0] == math.inf  # walls in the way
    assert costs[0, 4] == 2 and costs[3, 0] == 2 and costs[1, 1] == math.inf
    assert costs[0, 2] == 2  # diagonally past the wall: the step cost decides corners
    assert np.isfinite(costs).sum() == 14
    assert np.array_equal(costs, bounded_costs(g, (2, 2), 2.0, walk, diagonal=Diagonal.ONE))


def test_bounded_costs_refuses_bad_input() -> None:
    g = GridMap(np.zeros((3, 3), np.uint8), np.zeros((3, 3)))
    with pytest.raises(ValueError, match=r"step_cost gave -1.0 for \(1, 1\) → \(0, 1\); "
                                         "a step costs at least 0"):
        bounded_costs(g, (1, 1), 2.0, lambda _g, _a, _b: -1.0)
    with pytest.raises(ValueError, match=r"a step costs at least min_step \(1\)"):
        bounded_costs(g, (1, 1), 2.0, lambda _g, _a, _b: 0.5, min_step=1.0)
    with pytest.raises(ValueError, match="start row 3, col 0 is outside the map"):
        bounded_costs(g, (3, 0), 2.0, lambda _g, _a, _b: 1.0)
    with pytest.raises(ValueError, match="budget must be a number 0 or more"):
        bounded_costs(g, (0, 0), -1.0, lambda _g, _a, _b: 1.0)
    with pytest.raises(ValueError, match="min_step must be above 0"):
        bounded_costs(g, (0, 0), 1.0, lambda _g, _a, _b: 1.0, min_step=0.0)


# -- ranges and the cells limit (untrusted maps) ---------------------------------------------


def test_a_3000_by_3000_grid_is_refused_by_the_cells_limit_before_any_array(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """9,000,000 cells are over the default limit (250,000): refused with the limit's
    message, naming the rows, before a single layer is allocated."""
    def no_layers(*args: Any) -> None:
        raise AssertionError("the layers were being built")

    monkeypatch.setattr(grid_module, "_Layers", no_layers)
    rows = ["." * 3000] * 3000
    for build in (lambda: parse_ascii(rows, DEFAULT_LEGEND),
                  lambda: GridSpec.model_validate({"rows": rows}).build(),
                  lambda: parse_ascii("\n".join(rows), DEFAULT_LEGEND)):
        with pytest.raises(limits.LimitExceeded) as info:
            build()
        assert info.value.limit == "cells" and info.value.path == "map.rows"
        assert str(info.value) == ("map.rows: 9,000,000 grid cells are over the limit of "
                                   "250,000 (raise it with --limit cells=N)")


def test_the_cells_limit_is_whoever_runs_footwork_s() -> None:
    with limits.using(limits.Limits(cells=12)):
        assert parse_ascii(["...."] * 3, DEFAULT_LEGEND).shape == (3, 4)
        with pytest.raises(limits.LimitExceeded, match="16 grid cells"):
            parse_ascii(["...."] * 4, DEFAULT_LEGEND)
        with pytest.raises(limits.LimitExceeded, match=r"map\.overrides: 13 grid cells"):
            GridSpec.model_validate({"rows": [".."], "overrides": [{"row": 0, "col": 0}] * 13}
                                    ).build()
        data = parse_ascii(["...."] * 3, DEFAULT_LEGEND).to_json()
        assert GridMap.from_json(data).shape == (3, 4)
        with pytest.raises(limits.LimitExceeded, match="grid: 20 grid cells"):
            GridMap.from_json({**data, "rows": 5})


def test_heights_depths_and_cell_sizes_have_ranges() -> None:
    """Heights are ``Coordinate``s (+/-100,000 units: a 300u cliff is well inside), depths
    and current speeds ``Distance``s (0 to 100,000), cells 0.5 to 100 units."""
    assert CellSpec(elevation=300).elevation == 300
    for fields in ({"elevation": 1e8}, {"elevation": -1e30}, {"ceiling_height": 1e300},
                   {"surface": "water", "water_depth": 1e6},
                   {"current": "N", "current_speed": 1e9}):
        with pytest.raises(ValidationError, match="100000"):
            CellSpec.model_validate(fields)
    with pytest.raises(ValidationError, match="100000"):
        CellOverride.model_validate({"row": 0, "col": 0, "elevation": 1e30})
    with pytest.raises(ValidationError):
        CellOverride.model_validate({"row": -1, "col": 0})
    for size in (0.1, 1000):
        with pytest.raises(ValidationError, match="cell_size"):
            GridSpec.model_validate({"rows": ["."], "cell_size": size})


def test_legends_and_tags_are_bounded() -> None:
    """At most 256 legend symbols, 16 tags on a cell, and 64 tag names on a map (each
    is a boolean layer of the whole map)."""
    symbols = [chr(0x100 + i) for i in range(257)]
    with pytest.raises(ValidationError, match="at most 256"):
        GridSpec.model_validate({"rows": ["."], "legend": {k: {} for k in symbols}})
    with pytest.raises(GridError, match="257 symbols"):
        parse_ascii(["."], dict.fromkeys([".", *symbols[:256]], CellSpec()))
    with pytest.raises(ValidationError, match="at most 16"):
        CellSpec.model_validate({"tags": [f"t{i}" for i in range(17)]})
    legend = {chr(0x100 + i): CellSpec(tags=tuple(f"t{i}.{j}" for j in range(13)))
              for i in range(5)}
    with pytest.raises(GridError, match="65 tag names; at most 64"):
        parse_ascii(["".join(legend)], legend)
    with pytest.raises(ValidationError, match="printable"):
        CellSpec.model_validate({"tags": ["mine\n"]})


def test_cells_given_as_text_have_ranges() -> None:
    """An actor's ``at`` holds a row and column of at most 10,000,000 and a height within
    +/-100,000."""
    assert parse_cell("3,4,2.5") == (3, 4, 2.5)
    for text, says in (("1,1,1e8", "height"), ("1,1,inf", "height"), ("1,1,nan", "height"),
                       ("99999999999,0", "row and column"), ("1,2,3,4", "row,col")):
        with pytest.raises(ValueError, match=says):
            parse_cell(text)


def test_levels_stay_inside_the_searches_sentinels() -> None:
    """A map built from arrays (no spec, no ranges) whose heights are more vertical steps
    from the datum than ``MAX_LEVEL`` is refused by ``GridLevels``, not mistaken for
    "no ceiling"."""
    g = GridMap(np.zeros((1, 2), np.uint8), [[0.0, 1e6]])
    assert GridLevels(g, 2.0).top == [[0, 500_000]] and MAX_LEVEL == 500_000
    with pytest.raises(ValueError, match="vertical steps"):
        GridLevels(g, 0.5)


# -- the documentation's example ------------------------------------------------------------


def test_the_documented_example_builds() -> None:
    from pathlib import Path

    from ruamel.yaml import YAML

    text = (Path(__file__).resolve().parents[2] / "docs" / "grid-maps.md").read_text()
    block = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    spec = GridSpec.model_validate(YAML(typ="safe").load(block))
    g = spec.build()
    assert g.shape == (6, 12) and g.unit == "u"
    assert g.elevation[1, 5] == 3 and g.ceiling_height[1, 5] == 6
    assert g.tag_at("mine", 4, 8) and g.tag_at("obscuring", 2, 6)
    assert g.void_mask().sum() == 8 and g.swimmable_mask().sum() == 4
    assert not g.climbable[0, 6] and g.climbable[0, 5]
    bad = spec.model_copy(update={"overrides": [CellOverride(row=2, col=9, surface="floor")]})
    with pytest.raises(GridError, match=r"^override 0 \(row 2, col 9\): only water has a "
                                        r"water_depth \(this cell is floor\)$"):
        bad.build()
