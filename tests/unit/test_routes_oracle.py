"""Routes through a ball of zones without networkx (issue 25) against
``networkx.shortest_simple_paths`` on the subgraph view used before: on random directed
graphs (one-way links, links added in random order, so that a place's successors and
predecessors are listed in different orders), the same routes in the same order, equal
routes included."""

from __future__ import annotations

import random
from collections import deque
from itertools import islice

import networkx as nx

from footwork.space.routes import adjacency, simple_routes


def random_graph(rng: random.Random, size: int) -> nx.DiGraph:
    g = nx.DiGraph()
    names = [f"z{i}" for i in range(size)]
    rng.shuffle(names)
    g.add_nodes_from(names)
    links = []
    for _ in range(size * 2):
        a, b = rng.sample(names, 2)
        links.append((a, b))
        if rng.random() < 0.7:  # most links go both ways
            links.append((b, a))
    rng.shuffle(links)
    g.add_edges_from(links)
    return g


def ball(g: nx.DiGraph, start: str, steps: int) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if seen[here] < steps:
            for there in g.succ[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
    return seen


def networkx_routes(g: nx.DiGraph, a: str, b: str, limit: int) -> list[list[str]]:
    try:
        return [list(p) for p in islice(nx.shortest_simple_paths(g, a, b), limit)]
    except nx.NetworkXNoPath:
        return []


def test_routes_are_networkx_routes_in_its_order() -> None:
    compared = tied = blocked = 0
    for seed in range(20):
        rng = random.Random(seed)
        g = random_graph(rng, rng.choice([8, 14, 24]))
        start = rng.choice(list(g))
        near = ball(g, start, rng.choice([2, 3, 4]))
        succ, pred = adjacency(g, near)
        view = g.subgraph(near)
        for end in near:
            found = list(islice(simple_routes(succ, pred, start, end), 8))
            assert found == networkx_routes(view, start, end, 8), (seed, start, end)
            compared += 1
            tied += len(found) > 1 and len(found[0]) == len(found[1])
            # and back, where a one-way link may leave no way
            back = list(islice(simple_routes(succ, pred, end, start), 8))
            assert back == networkx_routes(view, end, start, 8), (seed, end, start)
            blocked += not back
        # a place out of the ball (or no way in it): no route
        outside = next((z for z in g if z not in near), None)
        if outside is not None:
            assert list(simple_routes(succ, pred, start, outside)) == []
    assert compared > 150 and tied > 40 and blocked >= 3
