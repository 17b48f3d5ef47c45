"""The compiled searches of `allowances` give the pure searches' answer, key by key.

``fast_reach`` (the terrain's steps in the core's movement graph, searched by the core's
one compiled search) must agree with ``planning.pure_run`` (the one-Type plain Dijkstra,
the core's ``reach`` with the cascade as group caps, or without groups) on every map: the
same keys in the same order, the same front vectors, the same least spent and the same
cheapest plan. The maps are small random grids with floors at several heights, walls,
water of several depths (a raised pool too), voids, ceilings, rock and unclimbable
walls; the creatures, their Allowances, Breaches and Jumps, the options and the starts
are random too. The graphs are kept on the terrain: a start already covered expands
nothing more, and a search that leaves its graph's box is left to the pure search.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from footwork.rulesets.allowances import fastreach, planning
from footwork.rulesets.allowances.model import MAP_TYPES, Creature
from footwork.rulesets.allowances.options import AllowancesOptions
from footwork.rulesets.allowances.planning import (
    plan_search,
    pure_run,
    shared_steps,
)
from footwork.rulesets.allowances.terrain import (
    AIR,
    EARTH,
    GROUND,
    HOP,
    KIND_NAMES,
    WALL,
    WATER,
    Spot,
    Terrain,
)
from footwork.scenario import encounter_from_text
from footwork.space.grid import CellSpec, parse_ascii
from footwork.space.movegraph import MovementGraph
from footwork.space.reach import Reach
from tests.rulesets.edges import edge_lists, rng_edges

LEGEND: dict[str, CellSpec] = {
    k: CellSpec.model_validate(v) for k, v in {
        ".": {"surface": "floor"},
        "1": {"surface": "floor", "elevation": 1},
        "2": {"surface": "floor", "elevation": 2},
        "3": {"surface": "floor", "elevation": 3.5},
        "R": {"surface": "floor", "tags": ["rock"]},
        "#": {"surface": "wall", "elevation": 2},
        "H": {"surface": "wall", "elevation": 5},
        "x": {"surface": "wall", "elevation": 3, "climbable": False},
        "~": {"surface": "water", "water_depth": 1},
        "w": {"surface": "water", "elevation": 1, "water_depth": 3},
        # a raised pool, its bed above the floor (the s34 review: its side is a face)
        "p": {"surface": "water", "elevation": 3, "water_depth": 1},
        "_": {"surface": "void"},
        "n": {"surface": "floor", "ceiling_height": 2},
        "c": {"surface": "floor", "elevation": 1, "ceiling_height": 3},
    }.items()}
CELLS = "......112R##Hx~~~wp_nc"


def _template() -> Creature:
    data = {"footwork": 1, "ruleset": "allowances", "seed": 1,
            "map": {"unit": "m", "cell_size": 1, "rows": ["..."],
                    "legend": {".": {"surface": "floor"}}},
            "actors": [{"id": "a", "side": "x", "at": "0,0",
                        "stats": {"scores": {"overland": 4}}}]}
    state: Any = encounter_from_text(json.dumps(data), "t.json").session().state
    actor: Creature = state.actors["a"]
    return actor


TEMPLATE = _template()


def same(pure: Reach[Spot], fast: Reach[Spot]) -> None:
    assert list(pure.keys()) == list(fast.keys())
    assert pure.budget == fast.budget
    for key in pure:
        a, b = pure.vectors(key), fast.vectors(key)
        assert len(a) == len(b), key
        for x, y in zip(a, b, strict=True):
            assert all(abs(p - q) <= 1e-9 for p, q in zip(x, y, strict=True)), key
        assert abs(pure.min_pool(key) - fast.min_pool(key)) <= 1e-9
        ca, cb = pure.cheapest(key), fast.cheapest(key)
        assert ca is not None and cb is not None
        assert ca.plan == cb.plan, key
        assert ca.vector == cb.vector, key
        assert [s.plan for s in pure.front(key)] == [s.plan for s in fast.front(key)]


@st.composite
def cases(draw: st.DrawFn) -> tuple[Terrain, Creature, AllowancesOptions, Spot]:
    rows = draw(st.integers(1, 7))
    cols = draw(st.integers(1, 7))
    text = ["".join(draw(st.sampled_from(CELLS)) for _ in range(cols)) for _ in range(rows)]
    # thin walls, windows, doors and one-way walls between cells (map data)
    grid = parse_ascii(text, LEGEND, edges=draw(edge_lists(rows, cols)))
    vs = draw(st.sampled_from([0.5, 1.0]))
    o = AllowancesOptions.model_validate({
        "distance": {"metric": draw(st.sampled_from(["manhattan", "euclidean"])),
                     "vertical_step_m": vs,
                     "walk_step_m": draw(st.sampled_from([0.0, 0.5, 1.0, 2.0])),
                     "skim": draw(st.booleans())},
        "cascade": {"compare": draw(st.sampled_from(["base_score", "current_allowance"])),
                    "limit": draw(st.sampled_from(["own", "drained"]))},
        "climb": {"overland_fallback": draw(st.booleans())},
        "transitions": {"per_activation": draw(st.integers(0, 2))},
        "burrow": {"max_depth_m": draw(st.sampled_from([1.0, 2.0]))},
    })
    terrain = Terrain(grid, metric=o.distance.metric, vertical_step=vs,
                      walk_step=o.distance.walk_step_m, burrow_depth=o.burrow.max_depth_m,
                      solid_tags=o.burrow.solid_tags, skim=o.distance.skim)
    types = draw(st.lists(st.sampled_from([*MAP_TYPES, "teleport"]), min_size=1, max_size=4,
                          unique=True))
    scores = {t: float(draw(st.integers(0, 7))) for t in types}
    allowance = {t: float(draw(st.integers(-1, int(v)))) if draw(st.booleans()) else v
                 for t, v in scores.items()}
    breach = draw(st.sampled_from([None, "swim", "flight", "burrow", "overland"]))
    r, c = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
    kind = draw(st.sampled_from([GROUND, WATER, AIR, EARTH, WALL, HOP]))
    top = terrain.top[r][c]
    base = top if top > -1000 else 0
    # mostly a spot the kind can be at (on the top, in the water, above, under, beside)
    near = {GROUND: 0, WATER: terrain.bed[r][c] - base, AIR: 1, EARTH: -1, WALL: 1, HOP: 0}
    lv = base + (draw(st.integers(-3, 3)) if draw(st.integers(0, 3)) == 0 else near[kind])
    actor = dataclasses.replace(
        TEMPLATE, row=r, col=c, z=terrain.height(lv),
        mode=KIND_NAMES[kind] if kind != HOP else "ground", scores=scores,
        allowance=allowance, breach_type=breach,
        breach_m=float(draw(st.integers(0, 3))) if breach else 0.0,
        airborne_m=float(draw(st.integers(0, 5))), transitions=draw(st.integers(0, 2)))
    return terrain, actor, o, (kind, r, c, lv, draw(st.integers(0, 1)))


def compare(terrain: Terrain, actor: Creature, o: AllowancesOptions, start: Spot,
            by: str | None, **kw: Any) -> None:
    s = plan_search(terrain, actor, o, by, **kw)
    try:
        pure = pure_run(terrain, start, s)
    except ValueError:
        with pytest.raises(ValueError, match="style"):
            fastreach.fast_reach(terrain, start, s)
        return
    fast = fastreach.fast_reach(terrain, start, s)
    assert fast is not None
    same(pure, fast)
    # as options() runs it: steps shared with the mix; with a Breach held options() runs
    # the Breach's own search, unshared (the mix of a held Breach moves by its Type only,
    # R002-33, so it is no superset of another Type's steps)
    if by not in ("jump", "leap") and actor.breach_type is None:
        source = shared_steps(terrain, plan_search(terrain, actor, o, None, **kw).mover)
        same(pure_run(terrain, start, s, source), fast)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(), st.sampled_from([None, None, None, *MAP_TYPES, "jump"]), st.booleans())
def test_fast_reach_is_the_pure_search(case: tuple[Terrain, Creature, AllowancesOptions, Spot],
                                       by: str | None, override: bool) -> None:
    terrain, actor, o, start = case
    compare(terrain, actor, o, start, by, override=override)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(), st.sampled_from([None, None, *MAP_TYPES]))
def test_fast_reach_explains_refusals_the_same(
        case: tuple[Terrain, Creature, AllowancesOptions, Spot], by: str | None) -> None:
    """The loose searches that explain a refusal (no groups, large caps, any turns)."""
    terrain, actor, o, start = case
    compare(terrain, actor, o, start, by, loose=5.0)
    compare(terrain, actor, o, start, by, loose=5.0, any_turns=True)


def test_run_uses_the_compiled_search() -> None:
    terrain = Terrain(parse_ascii(["..~~", ".#~~"], LEGEND), metric="manhattan",
                      vertical_step=1.0, walk_step=1.0, burrow_depth=2.0,
                      solid_tags=["rock"])
    actor = dataclasses.replace(TEMPLATE, scores={"overland": 4.0, "swim": 2.0},
                                allowance={"overland": 4.0, "swim": 2.0})
    o = AllowancesOptions()
    s = plan_search(terrain, actor, o, None)
    assert s.groups  # the mixed search, with the cascade as groups
    planning._CACHE.clear()
    found = planning.run(terrain, (GROUND, 0, 0, 0, 0), s)
    fast = fastreach.fast_reach(terrain, (GROUND, 0, 0, 0, 0), s)
    assert fast is not None
    same(found, fast)
    same(pure_run(terrain, (GROUND, 0, 0, 0, 0), s), found)
    assert (WATER, 0, 3, 0, 0) in found


def test_off_map_start_is_refused() -> None:
    terrain = Terrain(parse_ascii([".."], LEGEND), metric="manhattan", vertical_step=1.0,
                      walk_step=1.0, burrow_depth=2.0, solid_tags=[])
    s = plan_search(terrain, TEMPLATE, AllowancesOptions(), None)
    with pytest.raises(ValueError, match="off the map"):
        fastreach.fast_reach(terrain, (GROUND, 5, 0, 0, 0), s)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fast_reach_on_a_larger_map(seed: int) -> None:
    """Large fronts: three Types and a cascade over a 12×12 map of every cell."""
    rng = random.Random(seed)
    text = ["".join(rng.choice("......12~~~w#H_nR") for _ in range(12)) for _ in range(12)]
    text[6] = text[6][:6] + "." + text[6][7:]
    # seed 2: walls, doors and one-way walls between cells too
    edges = rng_edges(np.random.default_rng(seed), 12, 12, 30) if seed == 2 else ()
    terrain = Terrain(parse_ascii(text, LEGEND, edges=edges), metric="manhattan",
                      vertical_step=0.5, walk_step=1.0, burrow_depth=2.0, solid_tags=["rock"])
    scores = {"overland": 8.0, "swim": 4.0, "flight": 6.0, "burrow": 3.0, "climb": 2.0}
    actor = dataclasses.replace(TEMPLATE, row=6, col=6, z=terrain.height(terrain.top[6][6]),
                                scores=scores, allowance=scores)
    start = (GROUND, 6, 6, terrain.top[6][6], 0)
    for by in (None, *scores):
        compare(terrain, actor, AllowancesOptions(), start, by)


def _three_types(seed: int = 1) -> tuple[Terrain, Creature, Spot]:
    rng = random.Random(seed)
    text = ["".join(rng.choice("......12~~~w#H_nR") for _ in range(12)) for _ in range(12)]
    text[6] = text[6][:6] + "." + text[6][7:]
    terrain = Terrain(parse_ascii(text, LEGEND), metric="manhattan", vertical_step=0.5,
                      walk_step=1.0, burrow_depth=2.0, solid_tags=["rock"])
    scores = {"overland": 6.0, "swim": 3.0, "flight": 4.0, "burrow": 2.0}
    actor = dataclasses.replace(TEMPLATE, row=6, col=6, z=terrain.height(terrain.top[6][6]),
                                scores=scores, allowance=scores)
    return terrain, actor, (GROUND, 6, 6, terrain.top[6][6], 0)


def test_a_covered_start_expands_nothing_more() -> None:
    """The movement graph is kept on the terrain, one per mover profile: a second search
    from a start already closed in a box that holds its own expands no spot, and gives
    the same answer; so does a smaller budget from there."""
    terrain, actor, start = _three_types()
    o = AllowancesOptions()
    s = plan_search(terrain, actor, o, None)
    first = fastreach.fast_reach(terrain, start, s)
    assert first is not None
    graphs = fastreach._prepared[terrain].graphs
    (graph,) = graphs.values()
    size = (graph.n, graph.m)
    assert size[1] > 0
    calls: list[int] = []
    expand = graph._expand

    def counted(spots: Any) -> Any:
        calls.append(len(spots))
        return expand(spots)

    graph._expand = counted
    again = fastreach.fast_reach(terrain, start, s)
    assert again is not None
    same(first, again)
    spent = {t: v / 2 for t, v in actor.scores.items()}
    smaller = plan_search(terrain, dataclasses.replace(actor, allowance=spent), o, None)
    assert smaller.mover == s.mover
    less = fastreach.fast_reach(terrain, start, smaller)
    assert less is not None
    same(pure_run(terrain, start, smaller), less)
    assert calls == [] and (graph.n, graph.m) == size
    assert list(graphs.values()) == [graph]  # the same profile: the same graph
    # another mover (Overland alone): a graph of its own
    alone = plan_search(terrain, actor, o, "overland")
    assert fastreach.fast_reach(terrain, start, alone) is not None
    assert len(graphs) == 2 and calls == []


def test_a_search_past_its_closing_is_left_to_the_pure_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A node the search reaches but its graph never expanded (closed short of what the
    budget pays) makes fast_reach return None; planning.run then runs the pure search."""
    terrain, actor, start = _three_types(2)
    s = plan_search(terrain, actor, AllowancesOptions(), "overland")
    close = MovementGraph.close_within
    monkeypatch.setattr(MovementGraph, "close_within",
                        lambda graph, node, limit: close(graph, node, 0.0))
    assert fastreach.fast_reach(terrain, start, s) is None
    planning._CACHE.clear()
    same(pure_run(terrain, start, s), planning.run(terrain, start, s))


def test_a_first_search_stacks_the_layers_around_its_reach_not_the_whole_map() -> None:
    """The kernel reads the layers over a window of the map that grows as searches reach
    out: a small search on a 40×40 map stacks a corner of it, a search from the far
    corner grows it, and both answers are the pure search's (the map's edges too)."""
    rng = random.Random(4)
    text = ["".join(rng.choice("......12~~~w#H_nR") for _ in range(40)) for _ in range(40)]
    text[20] = text[20][:20] + "." + text[20][21:]
    text[39] = text[39][:39] + "."
    terrain = Terrain(parse_ascii(text, LEGEND), metric="manhattan", vertical_step=0.5,
                      walk_step=1.0, burrow_depth=2.0, solid_tags=["rock"])
    for (r, c), score in (((20, 20), 2.0), ((39, 39), 8.0)):
        scores = {"overland": score, "swim": score / 2, "flight": score, "burrow": 2.0}
        actor = dataclasses.replace(TEMPLATE, row=r, col=c,
                                    z=terrain.height(terrain.top[r][c]), scores=scores,
                                    allowance=scores)
        compare(terrain, actor, AllowancesOptions(), (GROUND, r, c, terrain.top[r][c], 0),
                None)
        window = fastreach._prepare(terrain).window
        if score == 2.0:  # a part of the map, around the middle
            assert window.layers.shape[1] < 40 and window.layers.shape[2] < 40
            assert window.r0 > 0 and window.r1 < 40
    assert window.r1 == 40 and window.c1 == 40  # grown to the far corner
