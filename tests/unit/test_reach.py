"""Multi-resource reach: exact against brute force, plans replay, grids agree with the
single-resource reference search."""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footwork.space.grid import OFFSETS, Cell, Diagonal, GridMap, Surface, bounded_costs
from footwork.space.reach import EPS, Budget, Dominance, Reach, Step, grid_reach, reach

Vector = tuple[float, ...]
Graph = dict[Hashable, list[Step[Hashable]]]
ORIGIN: Hashable = 0


# -- the oracle ---------------------------------------------------------------------------


def brute_states(graph: Mapping[Hashable, Sequence[Step[Hashable]]], start: Hashable,
                 budget: Budget) -> dict[Hashable, set[Vector]]:
    """Every (key, spend vector) any walk within the budget reaches: an exhaustive search
    of the state space with no pruning (costs are multiples of 0.5, so sums are exact;
    the visited set makes zero-cost cycles end)."""
    styles = budget.styles
    seen: set[tuple[Hashable, Vector]] = {(start, (0.0,) * len(styles))}
    todo = list(seen)
    while todo:
        key, vec = todo.pop()
        for step in graph.get(key, ()):
            s = styles.index(step.style)
            v2 = (*vec[:s], vec[s] + step.cost, *vec[s + 1:])
            if v2[s] > budget.caps[step.style] or sum(v2) > budget.limit:
                continue
            if (step.to, v2) not in seen:
                seen.add((step.to, v2))
                todo.append((step.to, v2))
    out: dict[Hashable, set[Vector]] = {}
    for key, vec in seen:
        out.setdefault(key, set()).add(vec)
    return out


def dominance_vector(vec: Vector, budget: Budget, mode: Dominance) -> Vector:
    if mode == "spend":
        return vec
    total = sum(vec)
    # what is left: the pool, and for each style the least of its cap and the pool
    left = budget.limit - total
    return (-left, *(-min(budget.caps[s] - x, left) for s, x in zip(budget.styles, vec,
                                                                    strict=True)))


def pareto(vectors: set[Vector], budget: Budget, mode: Dominance) -> set[Vector]:
    """The vectors no other one beats, in the mode's terms; among ties, the ones with
    the least spend (lexicographically), so the result is unique."""
    order = sorted(vectors, key=lambda v: (sum(v), v))
    dv = {v: dominance_vector(v, budget, mode) for v in order}

    def beats(w: Vector, v: Vector) -> bool:
        return all(a <= b + 1e-9 for a, b in zip(dv[w], dv[v], strict=True))

    return {v for i, v in enumerate(order)
            if not any(beats(w, v) and (not beats(v, w) or j < i)
                       for j, w in enumerate(order) if w != v)}


def same_front(got: Sequence[Vector], vectors: set[Vector], budget: Budget,
               mode: Dominance) -> bool:
    """The front equals the oracle's: the same spend vectors, or in capacity mode the
    same capacity vectors (which of several spends with equal capacity is kept is
    arbitrary), every one of them really reachable."""
    want = pareto(vectors, budget, mode)
    if mode == "spend":
        return set(got) == want

    def cap(v: Vector) -> Vector:
        return tuple(round(x, 9) for x in dominance_vector(v, budget, mode))

    return (set(got) <= vectors and len(got) == len(want)
            and {cap(v) for v in got} == {cap(v) for v in want})


def replay(graph: Mapping[Hashable, Sequence[Step[Hashable]]], start: Hashable,
           budget: Budget, result: Reach[Hashable]) -> None:
    """Every plan of every front takes allowed steps and costs exactly its vector."""
    for key in result:
        for spend in result.front(key):
            here = start
            used = dict.fromkeys(budget.styles, 0.0)
            for p in spend.plan:
                assert Step(p.key, p.style, p.cost, p.extra) in graph[here]
                used[p.style] += p.cost
                assert used[p.style] <= budget.caps[p.style] + EPS
                assert sum(used.values()) <= budget.limit + EPS
                here = p.key
            assert here == key == spend.key
            assert used == dict(spend.spent)
            assert math.isclose(sum(used.values()), spend.pool, abs_tol=1e-9)


# -- random instances ---------------------------------------------------------------------

STYLES = ("walk", "jump", "swim")
half = st.integers(0, 8).map(lambda n: n / 2)


@st.composite
def instances(draw: st.DrawFn, zero: bool = False) -> tuple[Graph, Budget]:
    n = draw(st.integers(1, 7))
    styles = STYLES[:draw(st.integers(1, 3))]
    cost = st.integers(0 if zero else 1, 4).map(lambda k: k / 2)
    graph: Graph = {}
    for key in range(n):
        graph[key] = draw(st.lists(st.builds(
            Step, st.integers(0, n - 1), st.sampled_from(styles), cost,
            st.sampled_from([None, "check"])), max_size=6, unique=True))
    caps = {s: draw(half) for s in styles}
    pool = draw(st.one_of(st.none(), half))
    return graph, Budget(caps, pool)


@settings(max_examples=300, deadline=None)
@given(instances(), st.sampled_from(["spend", "capacity"]))
def test_fronts_equal_brute_force(instance: tuple[Graph, Budget], mode: Dominance) -> None:
    graph, budget = instance
    result = reach(ORIGIN, lambda k: graph[k], budget, dominance=mode)
    brute = brute_states(graph, ORIGIN, budget)
    assert set(result) == set(brute)
    for key, vectors in brute.items():
        assert same_front(result.vectors(key), vectors, budget, mode), key
        best = min(vectors, key=lambda v: (sum(v), v))
        assert result.min_pool(key) == sum(best)
        cheapest = result.cheapest(key)
        assert cheapest is not None and cheapest.pool == sum(best)
        if mode == "spend":
            assert cheapest.vector == best
    replay(graph, ORIGIN, budget, result)


@settings(max_examples=200, deadline=None)
@given(instances(zero=True), st.sampled_from(["spend", "capacity"]))
def test_zero_cost_steps(instance: tuple[Graph, Budget], mode: Dominance) -> None:
    graph, budget = instance
    result = reach(ORIGIN, lambda k: graph[k], budget, dominance=mode)
    brute = brute_states(graph, ORIGIN, budget)
    assert set(result) == set(brute)
    for key, vectors in brute.items():
        assert same_front(result.vectors(key), vectors, budget, mode), key
    replay(graph, ORIGIN, budget, result)


def test_capacity_front_is_a_subset_of_the_spend_front() -> None:
    # Walk's cap is the pool, so walking costs nothing beyond the pool: walking 2 is as
    # good as walking 1 and jumping 1 (same pool left, more jumping left)
    graph = {0: [Step(1, "walk", 1.0), Step(1, "jump", 1.0)], 1: [Step(2, "walk", 1.0),
             Step(2, "jump", 1.0)], 2: []}
    budget = Budget({"walk": 4, "jump": 2}, pool=4)
    spend = reach(0, lambda k: graph[k], budget, dominance="spend")
    capacity = reach(0, lambda k: graph[k], budget)
    assert spend.vectors(2) == [(0.0, 2.0), (1.0, 1.0), (2.0, 0.0)]
    assert capacity.vectors(2) == [(2.0, 0.0)]
    assert set(capacity.vectors(2)) <= set(spend.vectors(2))


def test_the_cheapest_pool_is_not_enough() -> None:
    # jumping straight to the ledge spends less pool, but leaves no jump for the gap;
    # one scalar Dijkstra on the pool would keep only the jump and miss the far side
    graph = {"floor": [Step("ledge", "jump", 2.0), Step("stairs", "walk", 1.0)],
             "stairs": [Step("ledge", "walk", 1.5)],
             "ledge": [Step("far side", "jump", 1.5)], "far side": []}
    budget = Budget({"walk": 4, "jump": 2, "swim": 2}, pool=4)
    result = reach("floor", lambda k: graph[k], budget)
    assert [s.pool for s in result.front("ledge")] == [2.0, 2.5]
    far = result.cheapest("far side")
    assert far is not None
    assert [(p.key, p.style) for p in far.plan] == [
        ("stairs", "walk"), ("ledge", "walk"), ("far side", "jump")]
    assert dict(far.spent) == {"walk": 2.5, "jump": 1.5, "swim": 0.0}
    assert far.pool == 4.0


def test_prone_halves_and_standing_up() -> None:
    # keys carry a mode: prone Walk costs double (0.5u of progress per 1u), standing
    # up costs 1u of Walk; extra names the rule
    def steps(key: tuple[int, str]) -> list[Step[tuple[int, str]]]:
        pos, mode = key
        if mode == "prone":
            return [Step((pos + 1, "prone"), "walk", 2.0, "R001-29"),
                    Step((pos, "up"), "walk", 1.0, "R001-30")]
        return [Step((pos + 1, "up"), "walk", 1.0)]

    result = reach((0, "prone"), steps, Budget({"walk": 4.0}, pool=4.0))
    assert result.min_pool((3, "up")) == 4.0  # stand (1), walk 3
    assert result.min_pool((1, "up")) == 2.0
    assert result.min_pool((2, "prone")) == 4.0
    assert (3, "prone") not in result
    plan = result.cheapest((1, "up"))
    assert plan is not None and plan.plan[0].extra == "R001-30"


def test_bad_steps_and_budgets() -> None:
    with pytest.raises(ValueError, match="style 'fly'"):
        reach(0, lambda k: [Step(1, "fly", 1.0)], Budget({"walk": 4}))
    with pytest.raises(ValueError, match="costs -1"):
        reach(0, lambda k: [Step(1, "walk", -1.0)], Budget({"walk": 4}))
    with pytest.raises(ValueError, match="costs nan"):
        reach(0, lambda k: [Step(1, "walk", math.nan)], Budget({"walk": 4}))
    with pytest.raises(ValueError, match="cap of 'walk'"):
        Budget({"walk": -1})
    with pytest.raises(ValueError, match="pool"):
        Budget({"walk": 1}, pool=math.inf)
    with pytest.raises(ValueError, match="dominance"):
        reach(0, lambda k: [], Budget({"walk": 4}), dominance="least")  # type: ignore[arg-type]
    result = reach(0, lambda k: [], Budget({"walk": 4}))
    assert result.cheapest(5) is None and result.front(5) == [] and result.min_pool(5) == math.inf


def test_budget_doubles_for_a_dash() -> None:
    budget = Budget({"walk": 4, "jump": 2, "swim": 2}, pool=4).doubled()
    assert dict(budget.caps) == {"walk": 8.0, "jump": 4.0, "swim": 4.0}
    assert budget.pool == 8.0 and budget.limit == 8.0
    assert Budget({"walk": 4, "jump": 2}).limit == 6.0


# -- grids ----------------------------------------------------------------------------------


def shift_mask(mask: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """``out[r, c] = mask[r + dr, c + dc]``, False off the map."""
    out = np.zeros_like(mask)
    n, m = mask.shape
    out[max(0, -dr):n - max(0, dr), max(0, -dc):m - max(0, dc)] = \
        mask[max(0, dr):n - max(0, -dr) or None, max(0, dc):m - max(0, -dc) or None]
    return out


def style_costs(grid: GridMap, walk_price: float = 1.0) -> dict[str, np.ndarray]:
    floor, water = grid.surface == Surface.FLOOR, grid.surface == Surface.WATER
    walk, jump, swim = (np.full((8, *grid.shape), np.inf) for _ in range(3))
    for k, (dr, dc) in enumerate(OFFSETS):
        to_floor, to_water = shift_mask(floor, dr, dc), shift_mask(water, dr, dc)
        walk[k][floor & to_floor] = walk_price
        jump[k][floor & (to_floor | to_water)] = 1.0
        swim[k][(water & (to_water | to_floor)) | (floor & to_water)] = 1.0
    return {"walk": walk, "jump": jump, "swim": swim}


surfaces = st.lists(st.sampled_from([Surface.FLOOR] * 3 + [Surface.WATER, Surface.WALL]),
                    min_size=4, max_size=25)


@st.composite
def grids(draw: st.DrawFn) -> tuple[GridMap, Cell]:
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(2, 5))
    cells = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=rows * cols,
                          max_size=rows * cols))
    surface = np.array(cells, dtype=np.uint8).reshape(rows, cols)
    surface[0, 0] = Surface.FLOOR
    grid = GridMap(surface, np.where(surface == Surface.WALL, 3.0, 0.0),
                   water_depth=np.where(surface == Surface.WATER, 1.0, 0.0))
    return grid, (0, 0)


def grid_graph(grid: GridMap, costs: Mapping[str, np.ndarray],
               diagonal: Diagonal) -> dict[Hashable, list[Step[Hashable]]]:
    """The same moves as ``grid_reach`` makes, written out step by step for the oracle
    (keys ``(row, col, parity)``; parity stays 0 unless ALTERNATE)."""
    graph: dict[Hashable, list[Step[Hashable]]] = {}
    rows, cols = grid.shape
    for r in range(rows):
        for c in range(cols):
            for p in (0, 1):
                out: list[Step[Hashable]] = []
                for k, (dr, dc) in enumerate(OFFSETS):
                    r2, c2 = r + dr, c + dc
                    if not grid.in_bounds(r2, c2):
                        continue
                    diag = dr != 0 and dc != 0
                    length, p2 = 1.0, p
                    if diag and diagonal is Diagonal.ALTERNATE:
                        length, p2 = (2.0 if p else 1.0), 1 - p
                    for name, arr in costs.items():
                        if math.isfinite(arr[k, r, c]):
                            out.append(Step((r2, c2, p2), name, float(arr[k, r, c]) * length))
                graph[(r, c, p)] = out
    return graph


@settings(max_examples=60, deadline=None)
@given(grids(), st.sampled_from([Diagonal.ONE, Diagonal.ALTERNATE]),
       st.sampled_from(["spend", "capacity"]), st.sampled_from([1.0, 2.0]))
def test_grid_reach_equals_brute_force(case: tuple[GridMap, Cell], diagonal: Diagonal,
                                       mode: Dominance, walk_price: float) -> None:
    grid, start = case
    costs = style_costs(grid, walk_price)
    budget = Budget({"walk": 3, "jump": 1.5, "swim": 1}, pool=3)
    result = grid_reach(grid, start, budget, costs, diagonal=diagonal, dominance=mode)
    graph = grid_graph(grid, costs, diagonal)
    brute = brute_states(graph, (*start, 0), budget)
    by_cell: dict[Cell, set[Vector]] = {}
    for key, vectors in brute.items():
        assert isinstance(key, tuple)
        by_cell.setdefault((key[0], key[1]), set()).update(vectors)
    assert set(result.cells()) == set(by_cell)
    for cell, vectors in by_cell.items():
        assert result.pool_spent[cell] == min(sum(v) for v in vectors)
        if mode == "spend":
            assert {s.vector for s in result.front(cell)} == pareto(vectors, budget, "spend")
        for spend in result.front(cell):
            assert spend.vector in vectors
            here: tuple[int, ...] = (*start, 0) if diagonal is Diagonal.ALTERNATE else start
            for p in spend.plan:
                key = p.key if diagonal is Diagonal.ALTERNATE else (*p.key, 0)
                prev = here if diagonal is Diagonal.ALTERNATE else (*here, 0)
                assert Step(key, p.style, p.cost) in graph[prev]
                here = p.key
            assert here[:2] == cell


@settings(max_examples=40, deadline=None)
@given(grids(), st.sampled_from(list(Diagonal)), st.integers(0, 6).map(lambda n: n / 2))
def test_one_style_matches_the_reference_search(case: tuple[GridMap, Cell],
                                                diagonal: Diagonal, pool: float) -> None:
    grid, start = case
    walk = style_costs(grid)["walk"]

    def step_cost(g: GridMap, here: Cell, there: Cell) -> float | None:
        k = OFFSETS.index((there[0] - here[0], there[1] - here[1]))
        v = float(walk[k, here[0], here[1]])
        return v if math.isfinite(v) else None

    expected = bounded_costs(grid, start, pool, step_cost, diagonal=diagonal)
    got = grid_reach(grid, start, Budget({"walk": pool}, pool=pool), {"walk": walk},
                     diagonal=diagonal)
    np.testing.assert_allclose(got.pool_spent, expected)
    by_function = grid_reach(grid, start, Budget({"walk": pool}), {"walk": step_cost},
                             diagonal=diagonal, min_step=1.0)
    np.testing.assert_allclose(by_function.pool_spent, expected)


def test_grid_arrays_crop_and_plans() -> None:
    # a pond in the middle of a big floor: crossing it needs Swim or a Jump
    surface = np.zeros((40, 40), dtype=np.uint8)
    surface[18:22, 18:22] = Surface.WATER
    surface[10, :] = Surface.WALL
    grid = GridMap(surface, np.zeros((40, 40)),
                   water_depth=np.where(surface == Surface.WATER, 1.0, 0.0))
    costs = style_costs(grid)
    budget = Budget({"walk": 4, "jump": 2, "swim": 2}, pool=4)
    result = grid_reach(grid, (20, 16), budget, costs, diagonal=Diagonal.ALTERNATE)
    assert result.offset == (16, 12) and result.window == (9, 9)
    assert result.pool_spent.shape == (40, 40) and not result.pool_spent.flags.writeable
    assert math.isinf(result.pool_spent[0, 0]) and result.cheapest((0, 0)) is None
    assert result.reachable.sum() == len(result.cells())
    # two cells into the water: walk 1, jump 1 in, swim 1 leaves the most for later
    # (capacity dominance); in spend terms, other mixes are not beaten
    front = result.front((20, 19))
    assert [dict(s.spent) for s in front] == [{"walk": 1.0, "jump": 1.0, "swim": 1.0}]
    spend = grid_reach(grid, (20, 16), budget, costs, diagonal=Diagonal.ALTERNATE,
                       dominance="spend")
    assert {s.vector for s in spend.front((20, 19))} == {
        (0.0, 2.0, 1.0), (1.0, 1.0, 1.0), (0.0, 1.0, 2.0), (1.0, 0.0, 2.0)}
    best = result.cheapest((20, 19))
    assert best is not None and best.plan[-1].key == (20, 19, 0)
    assert result.spent("swim")[20, 19] == 1.0
    arrays = result.window_arrays()
    assert arrays["pool"].shape == (9, 9) and arrays["pool"][4, 4] == 0.0
    with pytest.raises(KeyError):
        result.spent("fly")
    # the far bank needs 3 cells of water: out of reach with Half Swim and Half Jump
    assert math.isinf(result.pool_spent[20, 22]) or result.spent("swim")[20, 22] <= 2.0
    with pytest.raises(ValueError, match="style 'fly'"):
        grid_reach(grid, (20, 16), budget, {"fly": costs["walk"]})
    with pytest.raises(ValueError, match="outside"):
        grid_reach(grid, (40, 0), budget, costs)
    with pytest.raises(ValueError, match="shape"):
        grid_reach(grid, (20, 16), budget, {"walk": costs["walk"][:, :3]})
    with pytest.raises(ValueError, match="min_step"):
        grid_reach(grid, (20, 16), budget, costs, min_step=2.0)
