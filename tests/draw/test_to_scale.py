"""`footwork render` on to-scale maps (``space_json["scale"] == "m"``), with a fake session.

The sitemaps ruleset is not registered yet: the fake gives the renderer only
what it reads (``engine.ruleset.space_json``, ``state.space``, ``to_json`` and
``options``), shaped as the sitemaps contract says.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest

from footwork.draw import render_svg
from footwork.draw.to_scale import ACTOR_RADIUS_M, PX_PER_M
from footwork.engine.choices import CheckOdds
from footwork.engine.seats import GM, PLAYERS
from footwork.scenario import load_encounter

from ..conftest import EXAMPLES

SVG = "{http://www.w3.org/2000/svg}"


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def _zone(zid: str, polygon: list[list[float]], *, floor: int = 0, capacity: int = 6,
          revealed: bool = True, surface: str | None = None) -> dict[str, Any]:
    return {"id": zid, "kind": "zone", "parent": None, "elevation": 0,
            "props": {"polygon": polygon, "floor": floor, "height_m": 2.5,
                      "revealed": revealed, "capacity": capacity, "surface": surface}}


def _link(a: str, b: str) -> dict[str, Any]:
    return {"a": a, "b": b, "reach": True, "sight": True, "one_way": False, "needs": [],
            "props": {"kind": "opening"}}


SPACE: dict[str, Any] = {
    "places": [
        _zone("bar", _rect(0, 0, 8, 6), capacity=6),
        _zone("hall", _rect(8, 0, 14, 6), capacity=4),
        _zone("warehouse", _rect(14, 0, 26, 10), capacity=20, surface="concrete"),
        _zone("cellar <&>", _rect(0, 6, 8, 10), capacity=3, revealed=False),
        _zone("catwalk", _rect(16, 2, 24, 4), floor=1, capacity=3, surface="grating"),
        _zone("gantry", _rect(16, 6, 20, 7), floor=1, capacity=2),
    ],
    "links": [_link("bar", "hall"), _link("hall", "warehouse"), _link("bar", "cellar <&>")],
    "positions": {},
    "scale": "m",
    "openings": [
        {"between": ["bar", "hall"], "segment": [[8, 2], [8, 3.5]]},
        {"between": ["hall", "warehouse"], "segment": [[14, 1], [14, 3]]},
        {"between": ["bar", "cellar <&>"], "segment": [[5, 6], [6.5, 6]]},
    ],
    "walls": [[[3, 1], [3, 4]], [[18, 6], [22, 6], [22, 8.5]]],
    "connectors": [
        {"kind": "climb", "between": ["warehouse", "catwalk"], "from": [24.5, 6.5],
         "to": [23.5, 3], "label": "ladder (trivial)"},
        {"kind": "gap", "between": ["catwalk", "gantry"], "from": [18, 4], "to": [18, 6],
         "label": "2 m gap"},
    ],
    "regions": [
        {"kind": "water", "polygon": _rect(15, 7, 19.5, 9.5), "label": "flooded pit"},
        {"kind": "rough", "polygon": _rect(9, 4, 13, 5.5), "label": "broken glass"},
        {"kind": "climb", "polygon": _rect(24, 4.5, 25.5, 8), "label": "narrow, slippery"},
    ],
}

STATE: dict[str, Any] = {
    "ruleset": "sitemaps",
    "round": 2,
    "turn": "ada",
    "pending": None,
    "actors": {
        "ada": {"id": "ada", "side": "crew", "at": "bar", "point": [2.5, 2.5]},
        "bo": {"id": "bo", "side": "crew", "at": "hall", "point": [11, 2]},
        "skarn": {"id": "skarn", "side": "raiders", "at": "catwalk", "point": [20, 3],
                  "floor": 1},
        "vex": {"id": "vex", "side": "raiders", "at": "warehouse", "point": [17, 8.5],
                "drowning": True},
        "old": {"id": "old", "side": "raiders", "at": "warehouse", "point": [25, 1],
                "removed": True},
    },
}


def _check(success: Fraction) -> CheckOdds:
    return CheckOdds("athletics", "1d20", {"success": success, "failure": 1 - success})


def _options() -> list[Any]:
    hall_region = [[[8.2, 0.2], [13.8, 0.2], [13.8, 5.8], [8.2, 5.8]],
                   [[9, 4], [13, 4], [13, 5.5], [9, 5.5]]]  # a hole: not on the glass
    return [
        SimpleNamespace(to="hall", label="walk to hall", cost="move", checks=(),
                        command={"do": "move", "actor": "ada", "to": "hall", "at": [10, 2]},
                        region=[hall_region]),
        SimpleNamespace(to="hall", label="dash to hall", cost="action",
                        checks=(_check(Fraction(3, 4)),),
                        command={"do": "dash", "actor": "ada", "to": "hall", "at": [12, 3]},
                        region=[[[[11, 1], [13, 1], [13, 3], [11, 3]]]]),
        SimpleNamespace(to="cellar <&>", label="drop through the trapdoor", cost="move",
                        checks=(_check(Fraction(9, 20)),),
                        command={"do": "drop", "actor": "ada", "to": "cellar <&>",
                                 "at": [5.5, 8]},
                        region=[[[[1, 7], [7, 7], [7, 9], [1, 9]]]]),
        SimpleNamespace(to=None, label="hold & wait", cost="free", checks=(),
                        command={"do": "hold", "actor": "ada"}),
    ]


def fake_session(space: dict[str, Any] | None = None,
                 state: dict[str, Any] | None = None) -> Any:
    """A stand-in for a sitemaps session: only what the renderer reads."""
    space = copy.deepcopy(SPACE if space is None else space)
    state = copy.deepcopy(STATE if state is None else state)
    ruleset = SimpleNamespace(space_json=lambda _space: space)
    session = SimpleNamespace(
        engine=SimpleNamespace(ruleset=ruleset),
        state=SimpleNamespace(space=object()),
        to_json=lambda log=True, view=None: state,
        options=lambda actor: _options() if actor == "ada" else [],
    )
    # the game master's view: the map and the options as the session gives them
    view = SimpleNamespace(seat="gm", space_json=lambda _state: space,
                           options=lambda _state, actor: session.options(actor))
    session.view = lambda seat: view
    return session


def _texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG}text")]


def _by_class(root: ET.Element, cls: str, tag: str = "g") -> list[ET.Element]:
    return [el for el in root.iter(f"{SVG}{tag}") if cls in (el.get("class") or "").split()]


def _points(d: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", d)]


def _zone_outline(root: ET.Element, zid: str) -> ET.Element:
    [path] = [el for el in _by_class(root, "zone-outline", "path") if el.get("data-place") == zid]
    return path


def test_a_metre_map_is_drawn_to_scale() -> None:
    root = ET.fromstring(render_svg(fake_session(), None))
    assert root.get("data-scale") == "m" and root.get("data-px-per-m") == str(PX_PER_M)
    bar = _points(_zone_outline(root, "bar").get("d", ""))
    xs, ys = [p[0] for p in bar], [p[1] for p in bar]
    assert max(xs) - min(xs) == pytest.approx(8 * PX_PER_M)
    assert max(ys) - min(ys) == pytest.approx(6 * PX_PER_M)
    # the hall starts where the bar ends: one coordinate system per panel
    hall = _points(_zone_outline(root, "hall").get("d", ""))
    assert min(p[0] for p in hall) == pytest.approx(max(xs))
    # actors: 2 m discs centred on their point
    discs = {g.get("data-actor"): g.find(f"{SVG}circle[@class='actor-disc']")
             for g in _by_class(root, "actor")}
    assert set(discs) == set(STATE["actors"])
    for disc in discs.values():
        assert disc is not None
        assert float(disc.get("r", 0)) == pytest.approx(ACTOR_RADIUS_M * PX_PER_M)
    ada, bo = discs["ada"], discs["bo"]
    assert ada is not None and bo is not None
    assert float(bo.get("cx", 0)) - float(ada.get("cx", 0)) == pytest.approx(8.5 * PX_PER_M)
    assert float(ada.get("cx", 0)) - min(xs) == pytest.approx(2.5 * PX_PER_M)
    # a scale bar and a 1 m grid
    assert _by_class(root, "scale-bar") and any(t.endswith(" m") for t in _texts(root))
    [grid, *_] = _by_class(root, "grid")
    lines = grid.findall(f"{SVG}line")
    gaps = sorted({round(float(a.get("x1", 0)) - float(b.get("x1", 0)), 1)
                   for a, b in zip(lines[1:], lines, strict=False)
                   if a.get("x1") != a.get("x2") or True})
    assert float(PX_PER_M) in gaps


def test_every_zone_and_actor_is_named_and_labels_carry_capacity() -> None:
    svg = render_svg(fake_session(), None)
    assert "cellar &lt;&amp;&gt;" in svg
    root = ET.fromstring(svg)
    texts = _texts(root)
    for place in SPACE["places"]:
        cap = place["props"]["capacity"]
        assert f"{place['id']} · cap {cap}" in texts
    for aid in STATE["actors"]:
        assert aid in texts
    assert "drowning" in texts and "removed" in texts
    assert "side crew" in texts and "side raiders" in texts
    assert not _by_class(root, "target") and not _by_class(root, "option-region")


def test_two_floors_give_two_panels_with_their_own_zones_and_actors() -> None:
    root = ET.fromstring(render_svg(fake_session(), None))
    panels = {g.get("data-floor"): g for g in _by_class(root, "floor")}
    assert set(panels) == {"0", "1"}
    assert "floor 0" in _texts(panels["0"]) and "floor 1" in _texts(panels["1"])

    def ids(panel: ET.Element, cls: str) -> set[str]:
        key = "data-actor" if cls == "actor" else "data-place"
        return {g.get(key, "") for g in _by_class(panel, cls)}

    assert ids(panels["0"], "zone") == {"bar", "hall", "warehouse", "cellar <&>"}
    assert ids(panels["1"], "zone") == {"catwalk", "gantry"}
    assert ids(panels["0"], "actor") == {"ada", "bo", "vex", "old"}
    assert ids(panels["1"], "actor") == {"skarn"}
    # the same scale; each panel says where its top-left corner is, in metres
    def metres(panel: ET.Element, zid: str) -> list[float]:
        """The outline's corners in metres, flattened to x0, y0, x1, y1..."""
        origin = [float(v) for v in panel.get("data-origin-m", "").split()]
        frame = panel.find(f"{SVG}rect[@class='panel']")
        assert frame is not None
        fx, fy = float(frame.get("x", 0)), float(frame.get("y", 0))
        return [c for x, y in _points(_zone_outline(panel, zid).get("d", ""))
                for c in ((x - fx) / PX_PER_M + origin[0], (y - fy) / PX_PER_M + origin[1])]

    assert metres(panels["1"], "catwalk") == pytest.approx([16, 2, 24, 2, 24, 4, 16, 4])
    assert metres(panels["0"], "warehouse") == pytest.approx([14, 0, 26, 0, 26, 10, 14, 10])
    frames = [p.find(f"{SVG}rect[@class='panel']") for p in (panels["0"], panels["1"])]
    assert frames[0] is not None and frames[1] is not None
    assert float(frames[0].get("x", 0)) + float(frames[0].get("width", 0)) < float(
        frames[1].get("x", 0))  # side by side
    # floor 1 shows the floor below as faint ghosts
    assert {g.get("data-place") for g in panels["1"].iter(f"{SVG}path")
            if g.get("class") == "ghost"} == {"bar", "hall", "warehouse", "cellar <&>"}
    # the ladder between floors is a marker in both panels; the gap is an arrow on floor 1
    ladder = [g for g in _by_class(root, "floor-marker")]
    assert len(ladder) == 2
    assert len(_by_class(panels["0"], "floor-marker")) == 1
    assert len(_by_class(panels["1"], "floor-marker")) == 1
    assert "ladder (trivial)" in _texts(panels["0"]) and "ladder (trivial)" in _texts(panels["1"])
    assert "up to catwalk (floor 1)" in _texts(panels["0"])
    assert "down to warehouse (floor 0)" in _texts(panels["1"])
    [gap] = _by_class(panels["1"], "gap")
    assert gap.find(f"{SVG}line") is not None and "2 m gap" in _texts(gap)
    # walls and hazard regions go to the floor whose zones they lie in
    assert len(_by_class(panels["0"], "wall", "polyline")) == 2
    assert not _by_class(panels["1"], "wall", "polyline")
    assert {g.get("data-kind") for g in _by_class(panels["0"], "region")} == {
        "water", "rough", "climb"}


def test_a_single_floor_map_has_one_panel() -> None:
    space = copy.deepcopy(SPACE)
    space["places"] = [p for p in space["places"] if p["props"]["floor"] == 0]
    space["connectors"] = []
    state = copy.deepcopy(STATE)
    del state["actors"]["skarn"]
    root = ET.fromstring(render_svg(fake_session(space, state), None))
    assert [g.get("data-floor") for g in _by_class(root, "floor")] == ["0"]


def walls_colour(root: ET.Element) -> str:
    return {w.get("stroke", "") for w in _by_class(root, "wall", "polyline")}.pop()


def test_hidden_zones_openings_and_walls_are_drawn() -> None:
    root = ET.fromstring(render_svg(fake_session(), None))
    hidden = [g.get("data-place") for g in _by_class(root, "hidden")]
    assert hidden == ["cellar <&>"]
    outline = _zone_outline(root, "cellar <&>")
    assert outline.get("stroke-dasharray")  # dotted
    assert not _zone_outline(root, "bar").get("stroke-dasharray")
    notes = [el.text for el in root.iter(f"{SVG}text") if el.get("class") == "hidden-note"]
    assert notes == ["hidden"]
    openings = _by_class(root, "opening")
    assert {g.get("data-between") for g in openings} == {
        "bar hall", "hall warehouse", "bar cellar <&>"}
    # the bar–hall doorway: 1.5 m along x = 8 m
    [door] = [g for g in openings if g.get("data-between") == "bar hall"]
    [gap] = door.findall(f"{SVG}polyline[@class='opening-gap']")
    (x1, y1), (x2, y2) = _points(gap.get("points", ""))
    assert x1 == x2 and y2 - y1 == pytest.approx(1.5 * PX_PER_M)
    assert gap.get("stroke") != walls_colour(root)
    assert len(door.findall(f"{SVG}line[@class='jamb']")) == 2
    walls = _by_class(root, "wall", "polyline")
    first = _points(walls[0].get("points", "").replace(" ", "  "))
    assert first[1][1] - first[0][1] == pytest.approx(3 * PX_PER_M)
    assert float(walls[0].get("stroke-width", 0)) >= 4


def test_an_actors_options_show_where_each_move_may_end() -> None:
    root = ET.fromstring(render_svg(fake_session(), "ada"))
    regions = _by_class(root, "option-region")
    assert [g.get("data-place") for g in regions] == ["hall", "hall", "cellar <&>"]
    # the walk's region keeps its hole (the broken glass): two rings in one path
    walk = regions[0].find(f"{SVG}path")
    assert walk is not None and walk.get("d", "").count("M") == 2
    assert walk.get("fill-rule") == "evenodd"
    assert all(g.findall(f"{SVG}line[@class='option-point']") for g in regions)
    # destinations outlined, best odds shown
    assert {g.get("data-place") for g in _by_class(root, "target")} == {"hall", "cellar <&>"}
    assert _zone_outline(root, "hall").get("stroke") == "#e69f00"
    odds = {el.text for el in root.iter(f"{SVG}text") if el.get("class") == "odds"}
    assert odds == {"move", "45%"}  # the walk needs no roll: it shows its verb
    assert set(g.get("data-actor") for g in _by_class(root, "selected")) == {"ada"}
    [loose] = [el.text for el in root.iter(f"{SVG}text") if el.get("class") == "loose-options"]
    assert loose == "ada may also: hold & wait"


def test_a_destination_with_only_rolls_shows_its_best_odds() -> None:
    session = fake_session()
    only = _options()[1:3]
    session.options = lambda actor: only
    root = ET.fromstring(render_svg(session, "ada"))
    odds = [el.text or "" for el in root.iter(f"{SVG}text") if el.get("class") == "odds"]
    assert sorted(odds) == ["45%", "75%"]


def test_the_output_is_deterministic_and_degrades_gracefully() -> None:
    assert render_svg(fake_session(), "ada") == render_svg(fake_session(), "ada")
    # an actor without a point stands at its zone's label point; one off the map is listed
    state = copy.deepcopy(STATE)
    del state["actors"]["bo"]["point"]
    state["actors"]["ghost"] = {"id": "ghost", "side": "crew", "at": "nowhere"}
    root = ET.fromstring(render_svg(fake_session(state=state), None))
    assert "bo" in {g.get("data-actor") for g in _by_class(root, "actor")}
    assert "not on the map: ghost (at nowhere)" in _texts(root)


def test_the_legend_names_only_what_is_drawn() -> None:
    session = load_encounter(EXAMPLES / "sitemaps" / "tavern-brawl.yaml").session()
    gm = _texts(ET.fromstring(render_svg(session, None, GM)))
    players = _texts(ET.fromstring(render_svg(session, None, PLAYERS)))
    assert "hidden zone (GM only)" in gm and "hidden zone (GM only)" not in players
    assert "wall" in players and "opening" in players
    assert "zone · cap: most people in it" in players
