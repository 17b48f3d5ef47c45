"""`footwork render` on grid maps (``space_json`` with a ``"grid"`` key), with a fake session.

No grid ruleset is registered yet: the fake gives the renderer only what it reads
(``engine.ruleset.space_json``, ``state.space``, ``to_json`` and ``options``), shaped
as the grid contract says: ``{"grid": GridMap.to_json(), "places": [], "links": [],
"positions": {}}``, actors with ``row``, ``col``, ``z`` and ``side``.
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from footwork.draw import render_svg
from footwork.draw.grid import PX_PER_CELL, TEXT_LIMIT
from footwork.engine.choices import CheckOdds
from footwork.space.grid import CellSpec, GridMap, GridSpec, Surface, parse_ascii
from footwork.space.gridedges import EdgeSpec

SVG = "{http://www.w3.org/2000/svg}"

SPEC = GridSpec.model_validate({
    "rows": """
        ##########
        #..^^..~~#
        #..^^..~~#
        #.__...~~#
        #...==...#
        ##########
    """,
    "legend": {
        "#": {"surface": "wall", "elevation": 4},
        ".": {"surface": "floor"},
        "^": {"surface": "floor", "elevation": 2, "tags": ["obscuring"]},
        "_": {"surface": "void"},
        "~": {"surface": "water", "water_depth": 3, "current": "S", "current_speed": 1},
        "=": {"surface": "floor", "elevation": 1, "ceiling_height": 3},
    },
    "overrides": [
        {"row": 1, "col": 7, "water_depth": 1, "current": None, "current_speed": None},
        {"row": 4, "col": 2, "tags": ["mine"]},
    ],
})
GRID = SPEC.build()

STATE: dict[str, Any] = {
    "ruleset": "grids",
    "round": 2,
    "turn": "ada",
    "pending": None,
    "actors": {
        "ada": {"id": "ada", "side": "crew", "row": 2, "col": 2, "z": 0.0, "style": "walk"},
        "bo": {"id": "bo", "side": "crew", "row": 2, "col": 8, "z": -1.0, "style": "swim"},
        "skarn": {"id": "skarn", "side": "raiders", "row": 0, "col": 5, "z": 4.0},
        "vex": {"id": "vex", "side": "raiders", "row": 4, "col": 6, "z": 0.0, "prone": True},
    },
}

CELLS = [[1, 1], [1, 2], [2, 1], [3, 1], [1, 3], [2, 3]]


def _check(success: Fraction) -> CheckOdds:
    return CheckOdds("athletics", "1d20", {"success": success, "failure": 1 - success})


def _options() -> list[Any]:
    return [
        SimpleNamespace(to=None, label="walk", cost="move", checks=(), cells=CELLS,
                        command={"do": "move", "actor": "ada", "to": [1, 1]}),
        SimpleNamespace(to=None, label="climb the wall", cost="move",
                        checks=(_check(Fraction(3, 4)),),
                        command={"do": "climb", "actor": "ada", "to": [0, 2, 2.0]}),
        SimpleNamespace(to=None, label="dash", cost="dash", checks=(),
                        command={"do": "dash", "actor": "ada", "to": [4, 4]}),
        SimpleNamespace(to=None, label="hold & wait", cost="free", checks=(),
                        command={"do": "hold", "actor": "ada"}),
    ]


def fake_session(grid: GridMap = GRID, state: dict[str, Any] | None = None,
                 options: list[Any] | None = None) -> Any:
    """A stand-in for a grid session: only what the renderer reads."""
    space = {"grid": grid.to_json(), "places": [], "links": [], "positions": {}}
    state = copy.deepcopy(STATE if state is None else state)
    found = _options() if options is None else options
    ruleset = SimpleNamespace(space_json=lambda _space: space)
    session = SimpleNamespace(
        engine=SimpleNamespace(ruleset=ruleset),
        state=SimpleNamespace(space=object()),
        to_json=lambda log=True, view=None: state,
        options=lambda actor: found if actor == "ada" else [],
    )
    # the game master's view: the map and the options as the session gives them
    view = SimpleNamespace(seat="gm", space_json=lambda _state: space,
                           options=lambda _state, actor: session.options(actor))
    session.view = lambda seat: view
    return session


def _render(actor: str | None = None, **kwargs: Any) -> ET.Element:
    return ET.fromstring(render_svg(fake_session(**kwargs), actor))


def _texts(root: ET.Element, cls: str | None = None) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG}text")
            if cls is None or el.get("class") == cls]


def _classed(root: ET.Element, cls: str, tag: str = "g") -> list[ET.Element]:
    return [el for el in root.iter(f"{SVG}{tag}") if cls in (el.get("class") or "").split()]


def _cells(root: ET.Element) -> dict[tuple[int, int], ET.Element]:
    cells = _classed(root, "cell", "rect")
    out = {(int(el.get("data-row", -1)), int(el.get("data-col", -1))): el for el in cells}
    assert len(out) == len(cells)
    return out


def test_one_square_per_cell_classed_by_its_surface() -> None:
    root = _render()
    assert root.get("data-map") == "grid"
    assert root.get("data-px-per-cell") == str(PX_PER_CELL)
    cells = _cells(root)
    assert set(cells) == {(r, c) for r in range(GRID.rows) for c in range(GRID.cols)}
    ox, oy = (float(v) for v in root.get("data-origin", "").split())
    for (r, c), el in cells.items():
        kind = GRID.surface_at(r, c).spec_name
        assert el.get("class") == f"cell {kind}"
        assert float(el.get("x", 0)) == pytest.approx(ox + c * PX_PER_CELL)
        assert float(el.get("y", 0)) == pytest.approx(oy + r * PX_PER_CELL)
        assert el.get("width") == el.get("height") == str(PX_PER_CELL)
    fills = {kind: {el.get("fill") for (r, c), el in cells.items()
                    if GRID.surface_at(r, c).spec_name == kind}
             for kind in ("wall", "void")}
    assert fills["wall"] == {"url(#grid-wall)"} and fills["void"] == {"#101010"}
    # deeper water is darker; higher floors are lighter
    shallow, deep = cells[(1, 7)].get("fill", ""), cells[(2, 7)].get("fill", "")
    assert sum(int(deep[i:i + 2], 16) for i in (1, 3, 5)) < sum(
        int(shallow[i:i + 2], 16) for i in (1, 3, 5))
    low, high = cells[(1, 1)].get("fill", ""), cells[(1, 3)].get("fill", "")
    assert sum(int(high[i:i + 2], 16) for i in (1, 3, 5)) > sum(
        int(low[i:i + 2], 16) for i in (1, 3, 5))
    assert cells[(1, 3)].get("data-elevation") == "2"
    assert cells[(3, 2)].get("data-elevation") is None  # a void has none


def test_currents_are_arrows_in_their_cells() -> None:
    root = _render()
    arrows = {(int(el.get("data-row", -1)), int(el.get("data-col", -1)), el.get("data-dir"))
              for el in _classed(root, "current", "path")}
    expected = {(int(r), int(c), "S") for r, c in np.argwhere(GRID.current[:, :, 0] == 1)}
    assert arrows == expected and len(arrows) == 5  # the shallow cell has no current
    assert any("current (speed 1 u)" in t for t in _texts(root))


def test_heights_ceilings_and_tags_are_marked() -> None:
    root = _render()
    heights = _texts(root, "height wall") + _texts(root, "height floor")
    assert "4" in heights and "2" in heights and "1" in heights
    assert "0" not in heights  # the usual floor height is left unwritten
    assert {"d3", "d1"} <= set(_texts(root, "height water"))
    assert _texts(root, "ceiling-height") == ["c3"]
    assert all(el.get("stroke-dasharray") for el in _classed(root, "ceiling", "line"))
    assert len(_classed(root, "ceiling", "line")) == 4  # one rectangle, side by side
    tags = {(el.get("data-tag"), int(el.get("data-row", -1)), int(el.get("data-col", -1)))
            for el in _classed(root, "tag", "path")}
    assert tags == {("obscuring", r, c) for r in (1, 2) for c in (3, 4)} | {("mine", 4, 2)}
    texts = _texts(root)
    assert "obscuring" in texts and "mine" in texts and "legend" in texts


def test_actors_stand_at_their_cell_centres_with_heights_off_the_ground() -> None:
    root = _render()
    cells = _cells(root)
    actors = {g.get("data-actor"): g for g in _classed(root, "actor")}
    assert set(actors) == set(STATE["actors"])
    for aid, info in STATE["actors"].items():
        g = actors[aid]
        disc = g.find(f"{SVG}circle[@class='actor-disc']")
        assert disc is not None
        cell = cells[(info["row"], info["col"])]
        assert float(disc.get("cx", 0)) == pytest.approx(float(cell.get("x", 0)) + PX_PER_CELL / 2)
        assert float(disc.get("cy", 0)) == pytest.approx(float(cell.get("y", 0)) + PX_PER_CELL / 2)
        assert (g.get("data-row"), g.get("data-col")) == (str(info["row"]), str(info["col"]))
    # the swimmer below the surface shows its height; ada stands on the floor: no badge
    assert _texts(actors["bo"], "actor-z") == ["z-1"]
    assert not _texts(actors["ada"], "actor-z")
    assert not _texts(actors["skarn"], "actor-z")  # on top of the wall, at its height 4
    assert _texts(actors["bo"], "actor-style") == ["S"]
    assert "prone" in (actors["vex"].get("class") or "")
    assert "skarn" in _texts(actors["skarn"], "actor-label")
    assert "side crew" in _texts(root) and "side raiders" in _texts(root)
    colours = {aid: g.find(f"{SVG}circle[@class='actor-disc']") for aid, g in actors.items()}
    fills = {aid: el.get("fill") for aid, el in colours.items() if el is not None}
    assert fills["ada"] == fills["bo"] != fills["skarn"] == fills["vex"]
    assert not _classed(root, "reach", "rect") and not _classed(root, "selected")


def test_an_actors_options_highlight_every_reachable_cell() -> None:
    root = _render("ada")
    reach = {(int(el.get("data-row", -1)), int(el.get("data-col", -1))): el
             for el in _classed(root, "reach", "rect")}
    assert set(reach) == {tuple(c) for c in CELLS} | {(0, 2), (4, 4)}
    assert {reach[c].get("data-cost") for c in [(1, 1), (0, 2)]} == {"move"}
    assert reach[(4, 4)].get("data-cost") == "dash"
    assert reach[(1, 1)].get("data-options") == "0" and reach[(0, 2)].get("data-options") == "1"
    assert _texts(root, "odds") == ["75%"]  # only the climb needs a roll
    assert not _texts(root, "cost")  # costs without a number: nothing to write on a cell
    tip = reach[(0, 2)].find(f"{SVG}title")
    assert tip is not None and "climb the wall (z 2): 75%, move" in (tip.text or "")
    [me] = _classed(root, "selected")
    assert me.get("data-actor") == "ada"
    assert _texts(root, "loose-options") == ["ada may also: hold & wait"]
    texts = _texts(root)
    assert "where ada can go now" in texts and "75%: best chance of success" in texts
    assert any("round 2, ada's turn" in t for t in texts)


def _walk(row: int, col: int, cost: str, checks: tuple[CheckOdds, ...] = ()) -> Any:
    return SimpleNamespace(to=f"{row},{col}", label=f"move to ({row},{col})", cost=cost,
                           checks=checks, command={"do": "move", "to": [row, col, 0]})


def test_reachable_cells_are_shaded_by_cost_on_one_scale_with_the_cost_written() -> None:
    options = [_walk(1, 1, "1u (walk 1u)"), _walk(1, 2, "1.414u (walk 1.414u)"),
               _walk(1, 2, "3u (climb 3u)"), _walk(3, 1, "4u (walk 4u)"),
               SimpleNamespace(to=None, label="drop prone", cost="free", checks=(),
                               command={"do": "prone"})]
    root = _render("ada", options=options)
    reach = {el.get("data-place"): el for el in _classed(root, "reach", "rect")}
    assert set(reach) == {"1,1", "1,2", "3,1"}
    assert reach["1,2"].get("data-options") == "1 2"
    assert reach["1,2"].get("data-cost") == "1.414u (walk 1.414u)"  # the cheaper of the two
    assert reach["1,2"].get("data-cost-value") == "1.414"

    def darkness(cell: str) -> int:
        fill = reach[cell].get("fill", "")
        return -sum(int(fill[i:i + 2], 16) for i in (1, 3, 5))

    assert darkness("1,1") < darkness("1,2") < darkness("3,1")  # dearer is darker
    assert sorted(_texts(root, "cost")) == ["1", "1.4", "4"]
    legend = [t for t in _texts(root) if t.startswith("ada can reach")]
    assert legend == ["ada can reach: cost 1 to 4u (light to dark); "
                      "the number on a cell is its cost"]
    assert not _texts(root, "odds") and "75%: best chance of success" not in _texts(root)


def test_a_certain_fall_is_drawn_as_a_fall_not_as_odds() -> None:
    fall = CheckOdds("edge", "-", {"fall": Fraction(1)})
    risky = CheckOdds("edge", "1d6", {"stay": Fraction(1, 3), "fall": Fraction(2, 3)})
    options = [_walk(1, 1, "1u", (fall,)), _walk(1, 2, "1u", (risky,)), _walk(2, 1, "1u")]
    root = _render("ada", options=options)
    assert _texts(root, "fall") == ["fall"]
    assert _texts(root, "odds") == ["33.3%"]
    assert "100%" not in " ".join(_texts(root))
    assert "fall: a certain fall" in _texts(root)


def test_a_long_list_of_other_options_wraps_and_never_widens_the_picture() -> None:
    small = GridSpec(rows=["." * 8] * 8).build()
    many = [SimpleNamespace(to=None, label=f"ask the GM to improvise style number {i}",
                            cost="the GM's ruling", checks=(), command={"do": "improvise"})
            for i in range(40)]
    root = _render("ada", grid=small, state={**STATE, "actors": {}}, options=many)
    assert float(root.get("width", 0)) <= 640
    lines = _texts(root, "loose-options")
    assert 1 < len(lines) <= 3 and lines[-1].strip().startswith("… and")
    assert float(root.get("height", 0)) < 600


def test_option_cells_off_the_map_are_ignored_and_no_cells_means_listed() -> None:
    options = [SimpleNamespace(to=None, label="leap", cost="move", checks=(),
                               cells=[[99, 99], [1, 1]], command={"do": "leap", "to": [1, 1]}),
               SimpleNamespace(to=None, label="fall", cost="move", checks=(),
                               command={"do": "fall", "to": [50, 50]})]
    root = _render("ada", options=options)
    assert [(el.get("data-row"), el.get("data-col"))
            for el in _classed(root, "reach", "rect")] == [("1", "1")]
    assert _texts(root, "loose-options") == ["ada may also: fall"]


def test_the_output_is_deterministic() -> None:
    assert render_svg(fake_session(), "ada") == render_svg(fake_session(), "ada")
    assert render_svg(fake_session(), None) == render_svg(fake_session(), None)


def test_text_is_escaped() -> None:
    grid = parse_ascii(["..", ".."], {".": CellSpec()}, [(0, 1, {"tags": ["a<b&c"]})])
    state = {"ruleset": "r<&>", "round": 1, "turn": 'x"y', "pending": None,
             "actors": {'x"y': {"side": "<side>", "row": 0, "col": 0, "z": 0.0},
                        "a&b": {"side": "<side>"}}}
    options = [SimpleNamespace(to=None, label="go <now> & \"fast\"", cost="m&m", checks=(),
                               command={"do": "go", "to": [1, 1]}),
               SimpleNamespace(to=None, label="<wait>", cost="", checks=(), command={})]
    session = fake_session(grid, state, options)
    session.options = lambda actor: options
    svg = render_svg(session, 'x"y')
    assert "<wait>" not in svg and "r<&>" not in svg
    root = ET.fromstring(svg)
    texts = _texts(root)
    assert any(t.startswith("r<&> — round 1") for t in texts)
    assert "side <side>" in texts and "a<b&c" in texts
    assert _texts(root, "loose-options") == ['x"y may also: <wait>']
    assert any("a&b" in t for t in _texts(root, "off-map"))
    [tag] = _classed(root, "tag", "path")
    assert tag.get("data-tag") == "a<b&c"
    [reach] = _classed(root, "reach", "rect")
    assert reach.get("data-cost") == "m&m"


def test_a_large_map_drops_per_cell_text_and_merges_runs_of_cells() -> None:
    n = TEXT_LIMIT + 6
    surface = np.zeros((n, n), np.uint8)
    surface[10:12, :] = Surface.WALL
    elevation = np.where(surface == Surface.WALL, 3.0, 0.0)
    elevation[20:25, 20:25] = 2.0
    grid = GridMap(surface, elevation)
    state = {"ruleset": "big", "round": 1, "turn": "ada", "pending": None,
             "actors": {"ada": {"side": "crew", "row": 40, "col": 40, "z": 0.0}}}
    svg = render_svg(fake_session(grid=grid, state=state), "ada")
    root = ET.fromstring(svg)
    assert not _cells(root)  # no rect per cell
    paths = {el.get("fill"): el for el in _classed(root, "cells", "path")}
    assert set(paths) == {"url(#grid-wall)", "#d6c9a8", "#fffdf6"}  # one path per fill
    # rows 10-11 are one wall run each; the raised square is 5 runs of 5 cells
    assert paths["url(#grid-wall)"].get("d", "").count("M") == 2
    assert paths["#fffdf6"].get("d", "").count("M") == 5
    assert len(svg) < 40_000
    assert not _texts(root, "height floor") and not _texts(root, "height wall")
    assert {int(t) for t in _texts(root, "ruler-col")} == set(range(0, n, 5))
    assert any("too large for per-cell labels" in t for t in _texts(root, "subtitle"))


def test_rulers_number_rows_and_columns_every_five_cells() -> None:
    root = _render()
    assert _texts(root, "ruler-col") == ["0", "5"]
    assert _texts(root, "ruler-row") == ["0", "5"]  # rows 0-5
    spec = GridSpec(rows=["." * 12] * 12)
    root = _render(grid=spec.build(), state={**STATE, "actors": {}})
    assert _texts(root, "ruler-row") == ["0", "5", "10"]


def test_edges_are_drawn_on_the_sides_between_cells_with_their_kinds() -> None:
    edged = parse_ascii(["....", "...."], {".": CellSpec(surface="floor")}, edges=[
        EdgeSpec.model_validate(e) for e in (
            {"between": [[0, 1], [0, 2]]},
            {"between": [[1, 1], [1, 2]], "kind": "door"},
            {"between": [[0, 3], [1, 3]], "kind": "one_way", "from": [1, 3]},
            {"between": [[0, 0], [1, 0]], "kind": "window"})])
    root = _render(grid=edged)
    ox, oy = (float(v) for v in root.get("data-origin", "").split())
    edges = {el.get("data-edge"): el for el in _classed(root, "edge")}
    assert {k: el.get("data-kind") for k, el in edges.items()} == {
        "0,1|0,2": "wall", "1,1|1,2": "door", "0,3|1,3": "one_way", "0,0|1,0": "window"}
    wall = next(edges["0,1|0,2"].iter(f"{SVG}line"))
    # the wall stands on the side between columns 1 and 2, along row 0
    assert float(wall.get("x1", 0)) == float(wall.get("x2", 0)) == ox + 2 * PX_PER_CELL
    assert {float(wall.get("y1", 0)), float(wall.get("y2", 0))} == {oy, oy + PX_PER_CELL}
    assert len(list(edges["1,1|1,2"].iter(f"{SVG}line"))) == 3  # two jambs and a sill
    assert len(list(edges["0,3|1,3"].iter(f"{SVG}path"))) == 1  # the arrow
    words = " ".join(_texts(root))
    assert "wall between cells" in words and "door (open: steps cross)" in words
