"""Routes through a small part of a place graph, fewest crossings first.

Yen's search for the shortest simple routes, over plain lists of each place's
successors and predecessors: step for step the search ``networkx.shortest_simple_paths``
makes on an unweighted directed graph (the same breadth-first meetings from both ends,
the same lengths, the same queue order), so the same routes come out in the same order,
equal routes included, without a graph view's filters at every step.
``tests/unit/test_routes_oracle.py`` holds networkx as its oracle.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from itertools import count
from typing import Any

Adjacency = Mapping[str, Sequence[str]]


def adjacency(graph: Any, places: Collection[str]) -> tuple[dict[str, list[str]],
                                                             dict[str, list[str]]]:
    """The successors and the predecessors of each of ``places`` among them, in the order
    ``graph`` (a ``networkx.DiGraph``) lists them."""
    succ = {u: [v for v in graph.succ[u] if v in places] for u in places}
    pred = {v: [u for u in graph.pred[v] if u in places] for v in places}
    return succ, pred


def simple_routes(succ: Adjacency, pred: Adjacency, a: str, b: str) -> Iterator[list[str]]:
    """The simple routes from ``a`` to ``b``, fewest crossings first (none when either is
    not a place of ``succ``)."""
    if a not in succ or b not in succ:
        return
    found: list[list[str]] = []
    queue: list[tuple[int, int, list[str]]] = []
    queued: set[tuple[str, ...]] = set()
    order = count()

    def push(length: int, route: list[str]) -> None:
        key = tuple(route)
        if key not in queued:
            heapq.heappush(queue, (length, next(order), route))
            queued.add(key)

    last: list[str] | None = None
    while True:
        if not last:
            first = _shortest(succ, pred, a, b, set(), set())
            if first is None:
                return
            push(len(first), first)
        else:
            avoid_places: set[str] = set()
            avoid_steps: set[tuple[str, str]] = set()
            for i in range(1, len(last)):
                root = last[:i]
                avoid_steps.update((route[i - 1], route[i]) for route in found
                                   if route[:i] == root)
                spur = _shortest(succ, pred, root[-1], b, avoid_places, avoid_steps)
                if spur is not None:
                    # lengths counted as networkx counts them (the places of the root
                    # and of the spur, the place they share twice), so that routes of
                    # one length queue in the same order
                    push(len(root) + len(spur), root[:-1] + spur)
                avoid_places.add(root[-1])
        if not queue:
            return
        _, _, route = heapq.heappop(queue)
        queued.discard(tuple(route))
        yield route
        found.append(route)
        last = route


def _shortest(succ: Adjacency, pred: Adjacency, a: str, b: str, avoid_places: set[str],
              avoid_steps: set[tuple[str, str]]) -> list[str] | None:
    """A shortest route from ``a`` to ``b`` around ``avoid_places`` and ``avoid_steps``,
    searched from both ends a level at a time (the smaller fringe first), or None."""
    if avoid_places and (a in avoid_places or b in avoid_places):
        return None
    if a == b:
        return [a]

    def forward(v: str) -> Iterable[str]:
        return (w for w in succ[v] if w not in avoid_places and (v, w) not in avoid_steps)

    def backward(v: str) -> Iterable[str]:
        return (w for w in pred[v] if w not in avoid_places and (w, v) not in avoid_steps)

    before: dict[str, str | None] = {a: None}
    after: dict[str, str | None] = {b: None}
    ahead, behind = [a], [b]
    meet: str | None = None
    while ahead and behind and meet is None:
        if len(ahead) <= len(behind):
            level, ahead = ahead, []
            for v in level:
                for w in forward(v):
                    if w not in before:
                        ahead.append(w)
                        before[w] = v
                    if w in after:
                        meet = w
                        break
                if meet is not None:
                    break
        else:
            level, behind = behind, []
            for v in level:
                for w in backward(v):
                    if w not in after:
                        after[w] = v
                        behind.append(w)
                    if w in before:
                        meet = w
                        break
                if meet is not None:
                    break
    if meet is None:
        return None
    route: list[str] = []
    step: str | None = meet
    while step is not None:
        route.append(step)
        step = after[step]
    step = before[route[0]]
    while step is not None:
        route.insert(0, step)
        step = before[step]
    return route
