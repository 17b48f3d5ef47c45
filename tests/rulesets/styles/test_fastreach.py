"""The compiled reach search of `styles` gives the pure search's answer, key by key.

``fast_reach`` must agree with ``reach`` over ``Terrain.steps`` (what
``planning.reachable`` runs) on every map: the same keys in the same order, the same
front vectors, the same least pool and the same cheapest plan. The maps are small random
grids with floors at several heights, walls, water of several depths, voids, ceilings,
unclimbable walls and hazard cells; movers and budgets are random too (style subsets,
Dash-doubled caps, prone Walk at double price, every diagonal rule).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from footwork.rulesets.styles import fastreach
from footwork.rulesets.styles.fastreach import fast_reach
from footwork.rulesets.styles.terrain import (
    AIR,
    FALLEN,
    FLY,
    GROUND,
    LEVITATE,
    NONE,
    WALL,
    WATER,
    Mover,
    Spot,
    Terrain,
    hop_line,
)
from footwork.space.grid import CellSpec, Diagonal, GridMap, parse_ascii
from footwork.space.gridedges import EdgeSpec
from footwork.space.reach import Budget, Reach, reach
from tests.rulesets.edges import edge_lists, rng_edges

STYLES = ("walk", "jump", "climb", "swim", "fly", "levitate")

LEGEND: dict[str, CellSpec] = {
    k: CellSpec.model_validate(v) for k, v in {
        ".": {"surface": "floor"},
        ",": {"surface": "floor", "elevation": 0.5},
        "1": {"surface": "floor", "elevation": 1},
        "2": {"surface": "floor", "elevation": 2},
        "3": {"surface": "floor", "elevation": 3.5},
        "q": {"surface": "floor", "elevation": 0.75},  # not a whole vertical step
        "#": {"surface": "wall", "elevation": 2},
        "H": {"surface": "wall", "elevation": 6},
        "x": {"surface": "wall", "elevation": 3, "climbable": False},
        "~": {"surface": "water", "water_depth": 1},
        "w": {"surface": "water", "elevation": 0.5, "water_depth": 2.5},
        "d": {"surface": "water", "elevation": -1, "water_depth": 0.5},
        "_": {"surface": "void"},
        "n": {"surface": "floor", "ceiling_height": 2},
        "c": {"surface": "floor", "elevation": 1, "ceiling_height": 1.5},
        "v": {"surface": "void", "ceiling_height": 3},
        "M": {"surface": "floor", "tags": ["mine"]},
        "m": {"surface": "floor", "elevation": 2, "tags": ["hazard"]},
    }.items()
}
SYMBOLS = "".join(LEGEND)
# floors come up more often than the rest, so that there is somewhere to go
WEIGHTED = "...." + ",,12" + SYMBOLS


def terrain_of(rows: list[str], *, cell_size: float = 1.0, diagonal: Diagonal,
               vertical_step: float = 0.5, walk_step: float = 0.5,
               edges: Sequence[EdgeSpec] = ()) -> Terrain:
    grid: GridMap = parse_ascii(rows, LEGEND, cell_size=cell_size, edges=edges)
    return Terrain(grid, diagonal=diagonal, vertical_step=vertical_step, walk_step=walk_step,
                   hazard_tags=["mine", "hazard"], obscuring_tags=[])


def pure(terrain: Terrain, start: Spot, mover: Mover, budget: Budget) -> Reach[Spot]:
    """What planning.reachable runs: reach() over Terrain.steps, kept to the mover's
    styles."""
    return reach(start, lambda s: [x for x in terrain.steps(s, mover)
                                   if x.style in mover.styles], budget)


def assert_same(got: Reach[Spot] | None, want: Reach[Spot]) -> None:
    assert got is not None
    assert list(got.keys()) == list(want.keys())
    assert got.labels == want.labels
    for key in want:
        a, b = got.vectors(key), want.vectors(key)
        assert len(a) == len(b), key
        for x, y in zip(a, b, strict=True):
            assert all(math.isclose(p, q, abs_tol=1e-9) for p, q in zip(x, y, strict=True)), \
                (key, a, b)
        assert math.isclose(got.min_pool(key), want.min_pool(key), abs_tol=1e-9)
        cheap_a, cheap_b = got.cheapest(key), want.cheapest(key)
        assert cheap_a is not None and cheap_b is not None
        assert [(p.key, p.style) for p in cheap_a.plan] == [(p.key, p.style)
                                                          for p in cheap_b.plan], key
        assert dict(cheap_a.spent) == pytest.approx(dict(cheap_b.spent), abs=1e-9)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Terrain, Spot, Mover, Budget]:
    h = draw(st.integers(3, 8))
    w = draw(st.integers(3, 8))
    rows = ["".join(draw(st.sampled_from(WEIGHTED)) for _ in range(w)) for _ in range(h)]
    diagonal = draw(st.sampled_from(list(Diagonal)))
    vertical_step = draw(st.sampled_from([0.5, 0.5, 1.0]))
    walk_step = draw(st.sampled_from([0.5, 0.5, 1.0, 0.0, 2.0]))
    cell_size = draw(st.sampled_from([1.0, 1.0, 1.5]))
    # thin walls, windows, doors and one-way walls between cells (map data)
    edges = draw(edge_lists(h, w))
    terrain = terrain_of(rows, cell_size=cell_size, diagonal=diagonal,
                         vertical_step=vertical_step, walk_step=walk_step, edges=edges)
    r, c = draw(st.integers(0, h - 1)), draw(st.integers(0, w - 1))
    top = terrain.top[r][c]
    base = 0 if top == NONE else top
    kind = draw(st.sampled_from([GROUND, GROUND, GROUND, WATER, WALL, AIR, FLY, LEVITATE,
                                 FALLEN]))
    if kind == GROUND or (kind == WATER and terrain.bed[r][c] != top):
        level = base if kind == GROUND else draw(st.integers(terrain.bed[r][c], base))
    else:
        level = base + draw(st.integers(-1, 3))
    extra = draw(st.integers(base, base + 4)) if kind == FALLEN else draw(st.integers(0, 1))
    styles = draw(st.sets(st.sampled_from(STYLES), min_size=1))
    prone = draw(st.booleans()) and "walk" in styles
    mover = Mover(frozenset(styles), 2.0 if prone else 1.0, draw(st.booleans()))
    grades = {s: draw(st.sampled_from([2.0, 4.0, 8.0])) for s in styles}
    extra_styles = draw(st.sets(st.sampled_from(STYLES)))
    for s in extra_styles - styles:  # a budget may name styles the mover cannot use
        grades[s] = draw(st.sampled_from([0.0, 2.0]))
    if draw(st.booleans()):  # a Dash doubles every cap and the pool
        grades = {k: 2 * v for k, v in grades.items()}
    pool = draw(st.sampled_from(["largest", "none", "small"]))
    if pool == "none" and sum(grades.values()) > 16:  # keep the pure search quick
        pool = "largest"
    limit = {"largest": max(grades.values()), "none": None,
             "small": min(grades.values()) + 1.0}[pool]
    return terrain, (kind, r, c, level, extra), mover, Budget(grades, limit)


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(cases())
def test_fast_reach_is_the_pure_search(case: tuple[Terrain, Spot, Mover, Budget]) -> None:
    terrain, start, mover, budget = case
    assert_same(fast_reach(terrain, start, mover, budget), pure(terrain, start, mover, budget))


def random_map(rng: np.random.Generator, n: int) -> list[str]:
    """A bigger mixed map: floor plateaus, wall runs, ponds, a void, hazards."""
    grid = rng.choice(list("..,1"), size=(n, n))
    for _ in range(n * n // 12):
        r, c = rng.integers(0, n, 2)
        grid[max(0, r - 1):r + 2, max(0, c - 1):c + 2] = rng.choice(list("~wd2_n"))
    for _ in range(n * n // 15):
        r, c = rng.integers(0, n, 2)
        k = int(rng.integers(2, 5))
        sym = rng.choice(list("#Hx3M"))
        if rng.random() < 0.5:
            grid[r, c:c + k] = sym
        else:
            grid[r:r + k, c] = sym
    return ["".join(row) for row in grid]


@pytest.mark.parametrize("seed", range(6))
def test_bigger_maps_and_level_one_and_dashing_sheets(seed: int) -> None:
    """16×16 maps, a level-1 sheet (Walk 4, Half Jump 2, Half Swim 2) and a dashing
    Double sheet (every cap 16), from a floor cell near the middle."""
    rng = np.random.default_rng(seed)
    rows = random_map(rng, 16)
    rows[8] = rows[8][:8] + "." + rows[8][9:]
    diagonal = list(Diagonal)[seed % 3]
    # odd seeds: walls, doors and one-way walls between cells too
    terrain = terrain_of(rows, diagonal=diagonal,
                         edges=rng_edges(rng, 16, 16, 40) if seed % 2 else ())
    start: Spot = (GROUND, 8, 8, 0, 0)
    sheets = [
        (Mover(frozenset({"walk", "jump", "swim"})),
         Budget({"walk": 4, "jump": 2, "swim": 2}, 4)),
        (Mover(frozenset({"walk", "jump", "climb", "swim"}), hazards_ok=seed % 2 == 0),
         Budget({"walk": 16, "jump": 16, "climb": 16, "swim": 16}, 16)),
        (Mover(frozenset({"walk"}), 2.0), Budget({"walk": 8, "jump": 4}, 8)),
    ]
    for mover, budget in sheets:
        assert_same(fast_reach(terrain, start, mover, budget),
                    pure(terrain, start, mover, budget))


def test_the_crop_keeps_the_far_edge_of_the_budget() -> None:
    """A long open corridor: the farthest cells the pool reaches are in the window."""
    terrain = terrain_of(["." * 40], diagonal=Diagonal.EUCLIDEAN)
    mover, budget = Mover(frozenset({"walk"})), Budget({"walk": 7.0}, 7.0)
    got = fast_reach(terrain, (GROUND, 0, 20, 0, 0), mover, budget)
    assert got is not None
    assert {k[2] for k in got} == set(range(13, 28))
    assert_same(got, pure(terrain, (GROUND, 0, 20, 0, 0), mover, budget))


def test_a_style_missing_from_the_budget_is_refused_as_reach_refuses_it() -> None:
    terrain = terrain_of(["...", "..."], diagonal=Diagonal.ONE)
    mover, budget = Mover(frozenset({"walk", "jump"})), Budget({"walk": 4.0}, 4.0)
    with pytest.raises(ValueError, match="jump"):
        pure(terrain, (GROUND, 0, 0, 0, 0), mover, budget)
    with pytest.raises(ValueError, match="jump"):
        fast_reach(terrain, (GROUND, 0, 0, 0, 0), mover, budget)


def test_off_the_map_start_is_refused() -> None:
    terrain = terrain_of(["..."], diagonal=Diagonal.ONE)
    with pytest.raises(ValueError, match="off the map"):
        fast_reach(terrain, (GROUND, 3, 0, 0, 0), Mover(frozenset({"walk"})),
                   Budget({"walk": 4.0}, 4.0))


def test_levels_far_apart_are_searched_too() -> None:
    """The heights the grid allows (+/-100,000u), as far apart as they go (400,000
    levels): the graph keys spots by their whole values, so the compiled search answers
    (it used to fall back on the pure search) and agrees with it."""
    rows = [".2", ".."]
    grid = parse_ascii(rows, {".": CellSpec(surface="floor", elevation=-100_000),
                              "2": CellSpec(surface="floor", elevation=100_000)})
    terrain = Terrain(grid, diagonal=Diagonal.ONE, vertical_step=0.5, walk_step=0.5,
                      hazard_tags=[], obscuring_tags=[])
    start = (GROUND, 0, 0, -200_000, 0)
    mover, budget = Mover(frozenset({"walk"})), Budget({"walk": 4.0}, 4.0)
    assert_same(fast_reach(terrain, start, mover, budget), pure(terrain, start, mover, budget))


def test_a_landing_far_up_is_priced_alike_in_both_searches() -> None:
    """A001-17, A001-18: a hop's landing higher than its launch costs the straight line
    from take-off, ``sqrt(run^2 + rise^2)`` written out in both searches. A 100,000u tower
    beside the ground is a rise of 200,000 steps: the pure landing step costs exactly
    ``hop_line(1, 100000)``, and the compiled search still equals the pure one (the tower
    is out of reach)."""
    grid = parse_ascii(["..T", "..."], {".": CellSpec(surface="floor"),
                                        "T": CellSpec(surface="floor", elevation=100_000)})
    terrain = Terrain(grid, diagonal=Diagonal.EUCLIDEAN, vertical_step=0.5, walk_step=0.5,
                      hazard_tags=[], obscuring_tags=[])
    start = (GROUND, 0, 0, 0, 0)
    mover = Mover(frozenset({"walk", "jump"}))
    budget = Budget({"walk": 4.0, "jump": 4.0}, 4.0)
    got = fast_reach(terrain, start, mover, budget)
    assert_same(got, pure(terrain, start, mover, budget))
    assert got is not None and all(key[1:3] != (0, 2) for key in got)
    landing = [st for st in terrain.steps((GROUND, 0, 1, 0, 0), mover)
               if st.to[:4] == (GROUND, 0, 2, 200_000)]
    assert [st.cost for st in landing] == [hop_line(1.0, 100_000.0)]


def test_a_hop_across_cells_is_priced_from_its_take_off_in_both_searches() -> None:
    """A001-18: a hop three cells onto a 2u ledge costs sqrt(13), a hop three cells down
    off it the same; under every diagonal rule the compiled search, whose AIR spots carry
    the run flown so far, equals the pure one."""
    for diagonal in Diagonal:
        terrain = terrain_of(["._.2__.", "_.__.,.", "2.___1."], diagonal=diagonal)
        mover = Mover(frozenset({"walk", "jump"}))
        budget = Budget({"walk": 2.0, "jump": 8.0}, 8.0)
        for start in ((GROUND, 0, 0, 0, 0), (GROUND, 0, 3, 4, 0), (GROUND, 2, 0, 4, 0)):
            assert_same(fast_reach(terrain, start, mover, budget),
                        pure(terrain, start, mover, budget))
    terrain = terrain_of(["..__2"], diagonal=Diagonal.EUCLIDEAN)
    found = pure(terrain, (GROUND, 0, 1, 0, 0), Mover(frozenset({"jump"})),
                 Budget({"jump": 4.0}, 4.0))
    assert found.min_pool((GROUND, 0, 4, 4, 0)) == pytest.approx(math.sqrt(13))


def test_a_too_short_stroke_table_regrows_and_the_batch_runs_again() -> None:
    """Slanting strokes in water 2.5u deep: with a table of one rise (none), every batch
    that meets a slanting stroke says so, the table grows and the batch runs again; the
    steps and the search are those of the pure search."""
    terrain = terrain_of(["www.", "www.", "...."], diagonal=Diagonal.ALTERNATE)
    described = fastreach._describe(terrain)
    described.hyp = described._table(1)
    start = (WATER, 0, 0, 1, 0)
    mover = Mover(frozenset({"walk", "swim"}))
    budget = Budget({"walk": 6.0, "swim": 6.0}, 6.0)
    assert_same(fast_reach(terrain, start, mover, budget), pure(terrain, start, mover, budget))
    assert described.hyp.shape[1] >= 6  # 2.5u from bed to surface is 5 steps
    assert described.hyp[2, 5] == math.hypot(2.0, 2.5)


def test_a_covered_start_expands_nothing_more(monkeypatch: Any) -> None:
    """The graph is cached on the terrain per mover profile: a second search from the
    same start, a smaller budget from a spot the first one closed, or the benchmark's
    plain search over the same box expand nothing more; a larger budget grows the graph,
    and every answer is still the pure search's."""
    rng = np.random.default_rng(3)
    terrain = terrain_of(random_map(rng, 16), diagonal=Diagonal.EUCLIDEAN)
    mover = Mover(frozenset({"walk", "jump", "climb", "swim"}))
    graph = fastreach.graph_for(terrain, mover)
    assert fastreach.graph_for(terrain, Mover(frozenset(mover.styles))) is graph
    calls: list[int] = []
    real = graph._expand

    def counted(spots: Any) -> Any:
        calls.append(len(spots))
        return real(spots)

    monkeypatch.setattr(graph, "_expand", counted)
    start: Spot = (GROUND, 8, 8, 0, 0)
    big = Budget({"walk": 6.0, "jump": 6.0, "climb": 6.0, "swim": 6.0}, 6.0)
    assert_same(fast_reach(terrain, start, mover, big), pure(terrain, start, mover, big))
    assert calls
    made = len(calls)
    assert_same(fast_reach(terrain, start, mover, big), pure(terrain, start, mover, big))
    assert fastreach.plain_costs(terrain, start, mover, big.limit) is not None
    got = fast_reach(terrain, start, mover, big)
    assert got is not None
    near = next(k for k in got if k != start and k[0] == GROUND and
                max(abs(k[1] - 8), abs(k[2] - 8)) == 1)
    small = Budget({"walk": 3.0, "jump": 3.0, "climb": 3.0, "swim": 3.0}, 3.0)
    assert_same(fast_reach(terrain, near, mover, small), pure(terrain, near, mover, small))
    assert len(calls) == made
    huge = big.doubled()
    assert_same(fast_reach(terrain, start, mover, huge), pure(terrain, start, mover, huge))
    assert len(calls) > made


def test_threads_searching_one_terrain_get_the_pure_answers() -> None:
    """The graph is shared by every search of a terrain: threads searching it at once
    (the kernels release the GIL) each get the pure search's answer."""
    rng = np.random.default_rng(11)
    rows = random_map(rng, 16)
    terrain = terrain_of(rows, diagonal=Diagonal.EUCLIDEAN)
    mover = Mover(frozenset({"walk", "jump", "climb", "swim"}))
    starts: list[Spot] = [(GROUND, r, c, terrain.top[r][c], 0) for r in range(2, 15, 3)
                          for c in range(2, 15, 4) if terrain.surface[r][c] == 0]
    budgets = [Budget({s: 2.0 * k for s in mover.styles}, 2.0 * k) for k in (1, 2, 4)]
    jobs = [(s, b) for s in starts for b in budgets]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda job: fast_reach(terrain, job[0], mover, job[1]), jobs))
    for (start, budget), found in zip(jobs, got, strict=True):
        assert_same(found, pure(terrain, start, mover, budget))


def test_steps_are_tagged_falls_and_hazard_touch_downs() -> None:
    """A step into a FALLEN spot carries TAG_FALL; a step that touches down (on the
    ground or a fall's landing) in a hazard cell carries TAG_HAZARD."""
    terrain = terrain_of(["2M._", "2..1", "22m."], diagonal=Diagonal.ONE)
    mover = Mover(frozenset({"walk", "jump", "climb"}), hazards_ok=True)
    budget = Budget({"walk": 8.0, "jump": 8.0, "climb": 8.0}, 8.0)
    assert fast_reach(terrain, (GROUND, 1, 0, 4, 0), mover, budget) is not None
    graph = fastreach.graph_for(terrain, mover)
    kinds = graph.spots[graph.to[:graph.m], 0]
    rows, cols = graph.spots[graph.to[:graph.m], 1], graph.spots[graph.to[:graph.m], 2]
    tags = graph.tags[:graph.m]
    fall = kinds == FALLEN
    hazard = np.isin(kinds, (GROUND, FALLEN)) & terrain.hazard_a[rows, cols].astype(bool)
    assert fall.any() and hazard.any()
    assert ((tags & fastreach.TAG_FALL) != 0).tolist() == fall.tolist()
    assert ((tags & fastreach.TAG_HAZARD) != 0).tolist() == hazard.tolist()


def test_without_numba_it_answers_none(monkeypatch: Any) -> None:
    monkeypatch.setattr(fastreach.compiled_policy, "kernel", lambda *args: None)
    terrain = terrain_of(["..."], diagonal=Diagonal.ONE)
    assert fast_reach(terrain, (GROUND, 0, 0, 0, 0), Mover(frozenset({"walk"})),
                      Budget({"walk": 4.0}, 4.0)) is None


def test_the_result_reads_like_the_pure_one() -> None:
    """Plans, fronts and spends come out as the pure search's types."""
    terrain = terrain_of(["..1.", ".~~.", "...."], diagonal=Diagonal.EUCLIDEAN)
    mover = Mover(frozenset({"walk", "jump", "swim"}))
    budget = Budget({"walk": 4, "jump": 2, "swim": 2}, 4)
    got = fast_reach(terrain, (GROUND, 0, 0, 0, 0), mover, budget)
    want = pure(terrain, (GROUND, 0, 0, 0, 0), mover, budget)
    assert got is not None
    far = (GROUND, 2, 3, 0, 0)
    assert got.front(far) == want.front(far)
    assert got.cheapest(far) == want.cheapest(far)
    assert got.start == want.start and got.budget is budget


def _dijkstra(terrain: Terrain, start: Spot, mover: Mover, limit: float) -> dict[Spot, float]:
    best = {start: 0.0}
    heap: list[tuple[float, Spot]] = [(0.0, start)]
    while heap:
        d, spot = heapq.heappop(heap)
        if d > best[spot] + 1e-9:
            continue
        for step in terrain.steps(spot, mover):
            d2 = d + step.cost
            if d2 <= limit + 1e-9 and d2 < best.get(step.to, math.inf) - 1e-9:
                best[step.to] = d2
                heapq.heappush(heap, (d2, step.to))
    return best


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_the_benchmarks_plain_search_is_a_dijkstra_of_the_same_graph(
        case: tuple[Terrain, Spot, Mover, Budget]) -> None:
    """The benchmark's practical limit (plain_costs) reaches the same spots at the same
    least cost as a plain Dijkstra over Terrain.steps."""
    terrain, start, mover, budget = case
    found = fastreach.plain_costs(terrain, start, mover, budget.limit)
    assert found is not None
    keys, costs = found
    got = {tuple(k): c for k, c in zip(keys.tolist(), costs.tolist(), strict=True)}
    want = _dijkstra(terrain, start, mover, budget.limit)
    assert set(got) == set(want)
    assert all(abs(got[k] - want[k]) <= 1e-9 for k in want)


@pytest.mark.parametrize("diagonal", list(Diagonal))
def test_slanting_strokes_in_deep_water_match_the_pure_search(diagonal: Diagonal) -> None:
    """R001-35, A001-17: strokes slant up and down by many levels at once in deep water
    (a 20u tank: the slant stops at what a step could ever cost, 32u) and a leap down
    onto a floor lands (R001-32); the compiled search grows its price table for them and
    agrees with the pure one."""
    legend = {**LEGEND, "D": CellSpec(surface="water", water_depth=20),
              "^": CellSpec(surface="floor", elevation=6)}
    rows = ["^.DD.", "DDDD.", "DDD.."]
    grid = parse_ascii(rows, legend)
    terrain = Terrain(grid, diagonal=diagonal, vertical_step=0.5, walk_step=0.5,
                      hazard_tags=[], obscuring_tags=[])
    assert terrain.slant == 40
    for start, mover, budget, expected in [
            # 4u across and 8u down in 8u of Swim: no, but 1 cell and 5u down, yes
            ((WATER, 1, 1, 0, 0), Mover(frozenset({"swim", "walk"})),
             Budget({"swim": 8.0, "walk": 8.0}, 8.0), (WATER, 1, 2, -10, 0)),
            # a 6u leap down beside the ledge lands: sqrt(37) of 8u
            ((GROUND, 0, 0, 12, 0), Mover(frozenset({"jump", "walk", "swim"})),
             Budget({"jump": 8.0, "walk": 8.0, "swim": 8.0}, 8.0), (GROUND, 0, 1, 0, 0))]:
        fast = fast_reach(terrain, start, mover, budget)
        assert_same(fast, pure(terrain, start, mover, budget))
        assert fast is not None and expected in fast


def test_the_layers_are_stacked_over_a_window_that_grows_as_searches_reach_out() -> None:
    """A first search stacks the layers around its reach, not the whole map (a first
    options() on a large map costs what it does on a small one); a search that reaches
    farther, or starts elsewhere, grows the window, and every answer is still the pure
    search's, at the map's edge too."""
    rng = np.random.default_rng(7)
    terrain = terrain_of(random_map(rng, 40), diagonal=Diagonal.EUCLIDEAN)
    mover = Mover(frozenset({"walk", "jump", "climb", "swim"}))

    def floor_near(r: int, c: int) -> Spot:
        cells = [(rr, cc) for rr in range(40) for cc in range(40)
                 if terrain.surface[rr][cc] == 0]
        rr, cc = min(cells, key=lambda x: abs(x[0] - r) + abs(x[1] - c))
        return (GROUND, rr, cc, terrain.top[rr][cc], 0)

    small = Budget({s: 2.0 for s in mover.styles}, 2.0)
    start = floor_near(20, 20)
    assert_same(fast_reach(terrain, start, mover, small), pure(terrain, start, mover, small))
    window = fastreach._describe(terrain).window
    assert window.layers.shape[1] < 20 and window.layers.shape[2] < 20
    big = Budget({s: 12.0 for s in mover.styles}, 12.0)
    for there in (start, floor_near(0, 39), floor_near(39, 0)):
        assert_same(fast_reach(terrain, there, mover, big), pure(terrain, there, mover, big))
    assert window.layers.shape[1:] == (40, 40)  # by now the whole map


def test_a_hop_into_water_a_walk_step_off_is_priced_alike_in_both_searches() -> None:
    """R001-32, A001-18 (s30 review): 3 cells from a 0.5u floor over water at 0 (``~``, a
    walk step below) costs the run, 3u, and is a fall in from its flight; from a floor
    at 0 into water at 0.5 (``w``'s surface, a walk step above) its straight line,
    sqrt(9.25); the compiled search equals the pure one."""
    for rows, start, kind, expected in (([",__~"], (GROUND, 0, 0, 1, 0), FALLEN, 3.0),
                                        ([".__w"], (GROUND, 0, 0, 0, 0), WATER,
                                         math.sqrt(9.25))):
        terrain = terrain_of(rows, diagonal=Diagonal.EUCLIDEAN)
        mover = Mover(frozenset({"jump", "swim"}))
        budget = Budget({"jump": 4.0, "swim": 1.0}, 4.0)
        got = fast_reach(terrain, start, mover, budget)
        want = pure(terrain, start, mover, budget)
        assert_same(got, want)
        landed = [k for k in want if k[:3] == (kind, 0, 3) and k[3] == terrain.top[0][3]]
        assert landed
        assert min(want.min_pool(k) for k in landed) == pytest.approx(expected)
