"""Group caps of the multi-resource reach (sums over sets of styles, such as the nested
cascades of `allowances`): exact against brute force, and without groups nothing changes."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footwork.space.reach import EPS, Budget, Step, reach

from .test_reach import ORIGIN, Graph, Vector, instances, pareto

Group = tuple[tuple[str, ...], float]


def brute_groups(graph: Mapping[Hashable, Sequence[Step[Hashable]]], start: Hashable,
                 budget: Budget, groups: Sequence[Group]) -> dict[Hashable, set[Vector]]:
    """Every (key, spend vector) reachable within the caps, the pool and every group."""
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
            if any(sum(v2[styles.index(m)] for m in members) > cap
                   for members, cap in groups):
                continue
            if (step.to, v2) not in seen:
                seen.add((step.to, v2))
                todo.append((step.to, v2))
    out: dict[Hashable, set[Vector]] = {}
    for key, vec in seen:
        out.setdefault(key, set()).add(vec)
    return out


@st.composite
def grouped(draw: st.DrawFn) -> tuple[Graph, Budget, list[Group]]:
    graph, budget = draw(instances(zero=True))
    styles = list(budget.styles)
    groups: list[Group] = []
    for _ in range(draw(st.integers(0, 3))):
        members = draw(st.lists(st.sampled_from(styles), min_size=1, unique=True))
        groups.append((tuple(members), draw(st.integers(0, 8)) / 2))
    return graph, budget, groups


def binding_sets(budget: Budget, groups: Sequence[Group]) -> list[tuple[str, ...]]:
    """The constraint sets capacity dominance compares with groups: every group, each style
    no group with a cap at most its own implies, and the pool unless implied or None."""
    out = [tuple(m) for m, _ in groups]
    for name in budget.styles:
        if not any(name in m and cap <= budget.caps[name] for m, cap in groups):
            out.append((name,))
    if budget.pool is not None and not any(
            set(m) >= set(budget.styles) and cap <= budget.pool for m, cap in groups):
        out.append(budget.styles)
    return out


@settings(max_examples=300, deadline=None)
@given(grouped(), st.sampled_from(["spend", "capacity"]))
def test_group_caps_equal_brute_force(case: tuple[Graph, Budget, list[Group]],
                                      mode: str) -> None:
    """With groups every key any walk reaches within the caps, the pool and every group is
    found, and only those. ``spend`` fronts are the spend-Pareto fronts; ``capacity``
    fronts hold real spends such that every reachable spend has a kept one whose sums over
    the binding constraint sets are no larger (so nothing it could still do is lost)."""
    graph, budget, groups = case
    result = reach(ORIGIN, lambda k: graph[k], budget, dominance=mode,  # type: ignore[arg-type]
                   groups=groups)
    brute = brute_groups(graph, ORIGIN, budget, groups)
    assert set(result) == set(brute)
    styles = budget.styles
    sets = binding_sets(budget, groups)

    def sums(vec: Vector) -> list[float]:
        return [sum(vec[styles.index(m)] for m in g) for g in sets]

    for key, vectors in brute.items():
        got = result.vectors(key)
        assert set(got) <= vectors
        if mode == "spend" or not groups:
            if mode == "spend":
                assert set(got) == pareto(vectors, budget, "spend")
        else:
            for b in vectors:
                assert any(all(x <= y + EPS for x, y in zip(sums(k), sums(b), strict=True))
                           for k in got)
        for spend in result.front(key):
            for members, cap in groups:
                assert sum(spend.spent[m] for m in members) <= cap + EPS
            assert tuple(spend.spent[s] for s in styles) in vectors


def test_nested_cascade_of_allowances() -> None:
    """The cascade of a creature with Overland 10 and Flight 15: Overland spends count
    against both, Flight against Flight only."""
    moves: Graph = {0: [Step(1, "overland", 3.0)], 1: [Step(2, "flight", 4.0)],
                    2: [Step(3, "overland", 7.0), Step(4, "flight", 9.0)], 3: [], 4: []}
    budget = Budget({"overland": 10.0, "flight": 15.0})
    groups = [(("overland",), 10.0), (("overland", "flight"), 15.0)]
    found = reach(0, lambda k: moves[k], budget, groups=groups)
    # Overland 3 + 7 = 10 fits Overland's 10, and 3 + 4 + 7 = 14 fits Flight's 15
    assert 3 in found
    # Flight 3 + 4 + 9 = 16 is over Flight's 15, though Flight alone spent only 13
    assert 4 not in found
    assert 4 in reach(0, lambda k: moves[k], budget, groups=[(("overland",), 10.0)])


def test_bad_groups() -> None:
    with pytest.raises(ValueError, match="names style"):
        reach(0, lambda k: [], Budget({"a": 1.0}), groups=[(("b",), 1.0)])
    with pytest.raises(ValueError, match="cap"):
        reach(0, lambda k: [], Budget({"a": 1.0}), groups=[(("a",), -1.0)])
