"""The movement graph and its one compiled search give the pure search's answer.

``footwork.space.movegraph.search`` over a :class:`MovementGraph` must agree with
:func:`footwork.space.reach.reach` (the oracle) over the same steps: the same keys in the
same order, the same fronts, the same cheapest plans; in its three modes (capacity
dominance, group caps, one resource), with a style drawn on two budget entries and a
rising style kept to straight up. The graphs are random: spots on a small grid with a few
levels, several steps per spot in random styles and costs (zero included).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from footwork.space import compiled, movegraph
from footwork.space.arrayreach import ArrayReach, as_arrays, as_front_rows
from footwork.space.kernels import reach_from_arrays
from footwork.space.movegraph import MovementGraph, search
from footwork.space.reach import EPS, Budget, Reach, Step, group_constraints, reach

Spot = tuple[int, int, int, int, int]
NAMES = ("a", "b", "c")
#: a random graph: each spot's steps (to, style code, cost), and a start
Case = tuple[dict[Spot, list[tuple[Spot, int, float]]], Spot]
COSTS = (0.0, 0.5, 1.0, 1.0, 1.5, 2.0)


@pytest.fixture(autouse=True, scope="module")
def _compiled() -> None:
    if compiled.policy() == "off":
        pytest.skip("FOOTWORK_COMPILED=off: no compiled search to check")
    assert movegraph.kernels_ready()  # the tests run with FOOTWORK_COMPILED=wait


def spots_of(side: int, levels: int) -> list[Spot]:
    return [(k, r, c, lv, 0) for k in (0, 1) for r in range(side) for c in range(side)
            for lv in range(levels)]


@st.composite
def graphs(draw: st.DrawFn) -> Case:
    side = draw(st.integers(2, 5))
    levels = draw(st.integers(1, 3))
    every = spots_of(side, levels)
    steps: dict[Spot, list[tuple[Spot, int, float]]] = {}
    for spot in every:
        out = []
        for _ in range(draw(st.integers(0, 5))):
            _k, r, c, lv, _x = spot
            dr, dc, dl = draw(st.sampled_from([(0, 1, 0), (1, 0, 0), (0, -1, 0), (-1, 0, 0),
                                               (1, 1, 0), (0, 0, 1), (0, 0, -1), (2, 0, 0)]))
            to = (draw(st.integers(0, 1)), r + dr, c + dc, lv + dl, 0)
            if to in set(every):
                out.append((to, draw(st.integers(0, 2)), draw(st.sampled_from(COSTS))))
        steps[spot] = out
    return steps, draw(st.sampled_from(every))


def expand_of(steps: dict[Spot, list[tuple[Spot, int, float]]], calls: list[int] | None = None
              ) -> Callable[[np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]]:
    def expand(spots: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if calls is not None:
            calls.append(len(spots))
        counts, rows, costs = [], [], []
        for row in spots.tolist():
            out = steps[(row[0], row[1], row[2], row[3], row[4])]
            counts.append(len(out))
            for to, code, cost in out:
                rows.append([*to, code, 0])
                costs.append(cost)
        return (np.array(counts, np.int64), np.array(rows, np.int64).reshape(-1, 7),
                np.array(costs, np.float64))
    return expand


def run(steps: dict[Spot, list[tuple[Spot, int, float]]], start: Spot, budget: Budget, *,
        out1: list[int], out2: list[int], rise: int = -1, mode: int = 0,
        groups: tuple[tuple[tuple[str, ...], float], ...] = ()) -> Reach[Spot] | int:
    graph = MovementGraph(expand_of(steps))
    node = graph.node(start)
    pool = next(iter(budget.caps.values())) if mode == 2 else budget.limit
    graph.close_within(node, pool + 1e-6)  # expand what the pool can pay for
    styles = budget.styles
    held_l, sets_l = group_constraints(budget, groups)
    glist = list(dict.fromkeys(g for hs in held_l for g in hs))
    number = {g: i for i, g in enumerate(glist)}
    width = max([1, *(len(m) for m, _ in glist), *(len(m) for m in sets_l)])
    held = np.full((len(styles), max([1, *(len(h) for h in held_l)])), -1, np.int64)
    for s, hs in enumerate(held_l):
        for k, g in enumerate(hs):
            held[s, k] = number[g]
    rows = [m for m, _ in glist] + sets_l
    sets = np.full((max(1, len(rows)), width), -1, np.int64)
    for k, members in enumerate(rows):
        sets[k, :len(members)] = members
    limit = budget.limit
    caps = np.array([budget.caps[s] + EPS for s in styles])
    status, _bad, keys, li, lf, fronts, alive = search(
        graph, node, mode=mode, rise=rise, pool_limit=pool + EPS, eps=EPS,
        out1=np.array(out1, np.int64), out2=np.array(out2, np.int64), caps=caps,
        slack=np.array([limit - budget.caps[s] for s in styles]), held=held,
        gcaps=np.array([gc for _, gc in glist], np.float64), sets=sets)
    if status != 0:
        return status
    return reach_from_arrays(start, budget, keys, 0, 0, li, lf, fronts, alive, styles)


def oracle(steps: dict[Spot, list[tuple[Spot, int, float]]], start: Spot, budget: Budget, *,
           out1: list[int], out2: list[int], rise: int = -1,
           groups: tuple[tuple[tuple[str, ...], float], ...] = ()) -> Reach[Spot]:
    styles = budget.styles

    def moves(spot: Spot) -> list[Step[Spot]]:
        out = []
        for to, code, cost in steps[spot]:
            if code == rise and (to[1:3] != spot[1:3] or to[3] <= spot[3]):
                continue
            for o in (out1[code], out2[code]):
                if o >= 0:
                    out.append(Step(to, styles[o], cost))
        return out
    return reach(start, moves, budget, groups=groups)


def assert_same(got: Reach[Spot] | int, want: Reach[Spot], *, fronts: bool = True) -> None:
    assert isinstance(got, Reach), got
    assert list(got.keys()) == list(want.keys())
    for key in want:
        if fronts:
            a_v, b_v = got.vectors(key), want.vectors(key)
            assert len(a_v) == len(b_v), key
            for x, y in zip(a_v, b_v, strict=True):
                assert x == pytest.approx(y, abs=1e-9), (key, a_v, b_v)
        assert math.isclose(got.min_pool(key), want.min_pool(key), abs_tol=1e-9)
        a, b = got.cheapest(key), want.cheapest(key)
        assert a is not None and b is not None
        assert [(p.key, p.style, p.cost) for p in a.plan] == [
            (p.key, p.style, p.cost) for p in b.plan], key


SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SETTINGS
@given(graphs(), st.lists(st.sampled_from([1.0, 2.0, 3.0, 4.0]), min_size=3, max_size=3),
       st.sampled_from([None, 2.0, 4.0]))
def test_capacity_search_is_the_pure_search(case: Case,
                                            caps: list[float], pool: float | None) -> None:
    steps, start = case
    budget = Budget(dict(zip(NAMES, caps, strict=True)), pool)
    out1, out2 = [0, 1, 2], [-2, -2, -2]
    want = oracle(steps, start, budget, out1=out1, out2=out2)
    assert_same(run(steps, start, budget, out1=out1, out2=out2), want)


@SETTINGS
@given(graphs(), st.sampled_from([1.0, 2.0, 3.0]), st.sampled_from([2.0, 3.0, 5.0]))
def test_group_caps_are_the_pure_search(case: Case,
                                        inner: float, outer: float) -> None:
    """A cascade: style a alone within ``inner``, a and b together within ``outer``; c is
    drawn on its own cap and on a (a Breach-like double draw)."""
    steps, start = case
    budget = Budget({"a": 3.0, "b": 4.0, "c": 2.0}, 6.0)
    groups = ((("a",), inner), (("a", "b"), outer))
    out1, out2 = [0, 1, 0], [-2, -2, 2]
    assert_same(run(steps, start, budget, out1=out1, out2=out2, mode=1, groups=groups),
                oracle(steps, start, budget, out1=out1, out2=out2, groups=groups))


@SETTINGS
@given(graphs(), st.sampled_from([1.0, 2.5, 4.0]))
def test_one_resource_is_a_plain_dijkstra(case: Case,
                                          cap: float) -> None:
    steps, start = case
    budget = Budget({"a": cap})
    out1, out2 = [0, 0, 0], [-2, -2, -2]
    assert_same(run(steps, start, budget, out1=out1, out2=out2, mode=2),
                oracle(steps, start, budget, out1=out1, out2=out2), fronts=False)


@SETTINGS
@given(graphs())
def test_a_rising_style_counts_only_straight_up(
        case: Case) -> None:
    steps, start = case
    budget = Budget({"a": 3.0, "b": 3.0, "c": 3.0}, 4.0)
    out1, out2 = [0, 1, 2], [-2, -2, -2]
    assert_same(run(steps, start, budget, out1=out1, out2=out2, rise=1),
                oracle(steps, start, budget, out1=out1, out2=out2, rise=1))


def test_a_style_the_budget_lacks_is_reported() -> None:
    a, b = (0, 0, 0, 0, 0), (0, 0, 1, 0, 0)
    steps = {a: [(b, 1, 1.0)], b: []}
    assert run(steps, a, Budget({"a": 2.0}), out1=[0, -1, -2], out2=[-2, -2, -2]) == 1


def test_a_search_beyond_its_closing_is_reported() -> None:
    """A node the graph was not closed as far as is left unexpanded; a search that reaches
    it says so (status 4), so that the caller runs the pure search."""
    spots = [(0, 0, c, 0, 0) for c in range(12)]  # longer than a closing's look-ahead
    steps = {s: [(t, 0, 1.0)] for s, t in pairwise(spots)}
    steps[spots[-1]] = []
    graph = MovementGraph(expand_of(steps))
    node = graph.node(spots[0])
    graph.close_within(node, 0.0)  # the start and the rings after it, not all
    result = search(graph, node, mode=2, rise=-1, pool_limit=11.0 + EPS, eps=EPS,
                    out1=np.array([0], np.int64), out2=np.array([-2], np.int64),
                    caps=np.array([11.0 + EPS]), slack=np.array([0.0]),
                    held=np.full((1, 1), -1, np.int64), gcaps=np.zeros(0),
                    sets=np.full((1, 1), -1, np.int64))
    assert result[0] == 4


@SETTINGS
@given(graphs(), st.sampled_from([None, 2.0, 4.0]))
def test_array_reach_answers_from_the_arrays(case: Case, pool: float | None) -> None:
    """The search's result answers each place's least pool and cheapest plan straight from
    its arrays, without building the whole Reach, and agrees with the pure search."""
    steps, start = case
    budget = Budget({"a": 2.0, "b": 3.0, "c": 1.5}, pool)
    out1, out2 = [0, 1, 2], [-2, -2, -2]
    got = run(steps, start, budget, out1=out1, out2=out2)
    want = oracle(steps, start, budget, out1=out1, out2=out2)
    assert isinstance(got, ArrayReach)
    keys = list(want.keys())
    assert len(got) == len(keys)
    assert [tuple(r) for r in got.spots.tolist()] == keys
    pools = got.min_pools()
    for k, key in enumerate(keys):
        assert pools[k] == pytest.approx(want.min_pool(key), abs=1e-9)
        a, b = got.cheapest_at(k), want.cheapest(key)
        assert b is not None and a.key == b.key and a.pool == pytest.approx(b.pool)
        assert [(p.key, p.style, p.cost) for p in a.plan] == [
            (p.key, p.style, p.cost) for p in b.plan]
        assert got.index(key) == k
    spots, least = as_arrays(got)
    assert spots is got.spots and least.tolist() == pools.tolist()
    assert not got._built  # nothing above needed the Python objects
    spots, least = as_arrays(want)  # the pure search's Reach, turned into the same arrays
    assert spots.tolist() == got.spots.tolist()
    assert least == pytest.approx(pools, abs=1e-9)
    assert got.cheapest(keys[-1]) == got.cheapest_at(len(keys) - 1)
    assert got._built


def test_threads_take_turns_on_one_graph() -> None:
    """Growing a graph replaces its arrays and a search borrows its scratch, while the
    compiled kernels run without the GIL: threads closing and searching one graph at once
    each get the pure search's answer."""
    side = 40
    spots = [(0, r, c, 0, 0) for r in range(side) for c in range(side)]
    steps = {s: [(t, (s[1] + t[2]) % 3, 1.0 + ((s[1] * 7 + s[2]) % 3) * 0.5) for t in spots
                 if abs(t[1] - s[1]) + abs(t[2] - s[2]) == 1] for s in spots}
    graph = MovementGraph(expand_of(steps))
    budget = Budget({"a": 8.0, "b": 8.0, "c": 8.0}, 10.0)
    held = np.full((3, 1), -1, np.int64)
    errors: list[str] = []

    def work(k: int) -> None:
        for j in range(12):
            start = spots[(k * 397 + j * 131) % len(spots)]
            node = graph.node(start)
            graph.close_within(node, 10.0 + 1e-6)
            got = search(graph, node, mode=0, rise=-1, pool_limit=10.0 + EPS, eps=EPS,
                         out1=np.array([0, 1, 2], np.int64),
                         out2=np.array([-2, -2, -2], np.int64),
                         caps=np.array([8.0 + EPS] * 3), slack=np.array([2.0] * 3),
                         held=held, gcaps=np.zeros(0), sets=np.full((1, 1), -1, np.int64))
            found = reach_from_arrays(start, budget, got[2], 0, 0, *got[3:], NAMES)
            want = oracle(steps, start, budget, out1=[0, 1, 2], out2=[-2, -2, -2])
            if got[0] != 0 or list(found.keys()) != list(want.keys()):
                errors.append(f"thread {k}, start {start}")

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


@SETTINGS
@given(graphs())
def test_front_rows_are_every_label_on_a_front(case: Case) -> None:
    """Each key's front as rows of arrays (key row, spend vector, pool), the same labels as
    the pure search's fronts; ``label_at`` builds the one with a given vector."""
    steps, start = case
    budget = Budget({"a": 2.0, "b": 3.0, "c": 1.5}, 3.0)
    out1, out2 = [0, 1, 2], [-2, -2, -2]
    got = run(steps, start, budget, out1=out1, out2=out2)
    want = oracle(steps, start, budget, out1=out1, out2=out2)
    assert isinstance(got, ArrayReach)
    for found in (got, want):
        rows, vectors, pools = as_front_rows(found)
        keys = list(want.keys())
        for k, key in enumerate(keys):
            mine = sorted((tuple(v), p) for v, p in zip(vectors[rows == k].tolist(),
                                                       pools[rows == k].tolist(), strict=True))
            theirs = sorted((s.vector, s.pool) for s in want.front(key))
            assert len(mine) == len(theirs)
            for (v1, p1), (v2, p2) in zip(mine, theirs, strict=True):
                assert v1 == pytest.approx(v2, abs=1e-9) and p1 == pytest.approx(p2, abs=1e-9)
    rows, vectors, _ = got.front_rows()
    for k in range(len(got)):
        for vector in vectors[rows == k].tolist():
            label = got.label_at(k, vector)
            assert list(label.vector) == vector
            assert label in got.front(label.key)


def test_grow_steps_keeps_the_rows_made() -> None:
    from footwork.space.kernels import grow_steps

    si = np.arange(21, dtype=np.int64).reshape(3, 7)
    sf = np.array([0.5, 1.5, 2.5])
    si2, sf2 = grow_steps(si, sf, 2, 8)
    assert si2.shape == (8, 7) and sf2.shape == (8,)
    assert si2[:2].tolist() == si[:2].tolist() and sf2[:2].tolist() == [0.5, 1.5]


def test_a_closure_by_cost_expands_what_the_pool_pays_for_once() -> None:
    """close_within expands the nodes within the cost from the start (and a ring or two
    beyond), remembers how far each is known, and a start already known that far, or a
    neighbour whose remaining reach is covered, expands nothing more."""
    side = 15
    spots = [(0, r, c, 0, 0) for r in range(side) for c in range(side)]
    steps = {s: [(t, 0, 1.0) for t in spots if abs(t[1] - s[1]) + abs(t[2] - s[2]) == 1]
             for s in spots}
    calls: list[int] = []
    graph = MovementGraph(expand_of(steps, calls))
    start = graph.node((0, 7, 7, 0, 0))
    graph.close_within(start, 3.0)
    expanded = {tuple(graph.spots[i].tolist()) for i in range(graph.n) if graph.first[i] >= 0}
    within = {s for s in spots if abs(s[1] - 7) + abs(s[2] - 7) <= 3}
    assert within <= expanded
    assert all(abs(s[1] - 7) + abs(s[2] - 7) <= 5 for s in expanded)  # two rings beyond
    made = len(calls)
    graph.close_within(start, 3.0)
    graph.close_within(start, 2.0)
    graph.close_within(graph.node((0, 7, 8, 0, 0)), 2.0)  # 1 away, 2 of the 3 left
    assert len(calls) == made
    graph.close_within(start, 6.0)  # farther: grows
    assert len(calls) > made
