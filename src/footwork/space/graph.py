"""Places joined by links: the graph every zone-like map is made of.

A place is a zone, a span, a terrain feature inside a span... A link says
what may cross from one place to another: reach (movement), sight, whether it
is one-way (a drop), and what a crossing needs (``climb``, ``swim``...). The
vertical axis is each place's ``elevation`` and each link's ``rise``.

Adjacency is kept in plain dicts for speed (the hot path of ``options``);
``to_networkx`` gives the same graph for analysis and layout.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from footwork.engine.codec import JSON


@dataclass(frozen=True, slots=True)
class Place:
    """A place on a map. ``parent`` nests places (a feature inside a span)."""

    id: str
    kind: str
    parent: str | None = None
    elevation: int = 0
    props: Mapping[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Link:
    """A way from ``a`` to ``b`` (and back, unless ``one_way``)."""

    a: str
    b: str
    reach: bool = True
    sight: bool = True
    one_way: bool = False
    needs: frozenset[str] = frozenset()
    props: Mapping[str, JSON] = field(default_factory=dict)

    def reversed(self) -> Link:
        return Link(self.b, self.a, self.reach, self.sight, self.one_way, self.needs, self.props)


class PlaceGraph:
    """An immutable graph of places. Build it once per encounter."""

    __slots__ = ("_children", "_links", "_places", "_reach", "_sight")

    def __init__(self, places: Iterable[Place], links: Iterable[Link]) -> None:
        self._places: dict[str, Place] = {}
        for place in places:
            if place.id in self._places:
                raise ValueError(f"place {place.id!r} is declared twice")
            self._places[place.id] = place
        self._children: dict[str, list[str]] = {pid: [] for pid in self._places}
        for place in self._places.values():
            if place.parent is not None:
                if place.parent not in self._places:
                    raise ValueError(f"place {place.id!r}: unknown parent {place.parent!r}")
                self._children[place.parent].append(place.id)
        self._links: dict[tuple[str, str], Link] = {}
        self._reach: dict[str, list[str]] = {pid: [] for pid in self._places}
        self._sight: dict[str, list[str]] = {pid: [] for pid in self._places}
        for link in links:
            for end in (link.a, link.b):
                if end not in self._places:
                    raise ValueError(f"link {link.a}–{link.b}: unknown place {end!r}")
            if link.a == link.b:
                raise ValueError(f"link {link.a}–{link.b} joins a place to itself")
            directed = [link] if link.one_way else [link, link.reversed()]
            for d in directed:
                if (d.a, d.b) in self._links:
                    raise ValueError(f"link {d.a}–{d.b} is declared twice")
                self._links[(d.a, d.b)] = d
                if d.reach:
                    self._reach[d.a].append(d.b)
                if d.sight:
                    self._sight[d.a].append(d.b)

    def __contains__(self, place_id: object) -> bool:
        return place_id in self._places

    def __iter__(self) -> Iterator[Place]:
        return iter(self._places.values())

    def __len__(self) -> int:
        return len(self._places)

    def place(self, place_id: str) -> Place:
        return self._places[place_id]

    def children(self, place_id: str) -> tuple[str, ...]:
        return tuple(self._children[place_id])

    def link(self, a: str, b: str) -> Link | None:
        return self._links.get((a, b))

    def links(self) -> Iterator[Link]:
        return iter(self._links.values())

    def neighbours(self, place_id: str) -> tuple[str, ...]:
        """Places one reachable link away."""
        return tuple(self._reach[place_id])

    def in_sight(self, place_id: str) -> tuple[str, ...]:
        """Places one sight link away."""
        return tuple(self._sight[place_id])

    def within(self, start: str, steps: int) -> dict[str, int]:
        """Every place reachable in at most ``steps`` crossings, with its distance."""
        seen = {start: 0}
        queue = deque([start])
        reach = self._reach
        while queue:
            here = queue.popleft()
            d = seen[here]
            if d == steps:
                continue
            for there in reach[here]:
                if there not in seen:
                    seen[there] = d + 1
                    queue.append(there)
        return seen

    def to_networkx(self) -> Any:
        """A ``networkx.DiGraph`` of the reachable links, places carrying their fields."""
        import networkx as nx  # for analysis and layout only: not loaded by every command

        g = nx.DiGraph()
        for p in self._places.values():
            g.add_node(p.id, kind=p.kind, parent=p.parent, elevation=p.elevation)
        for (a, b), link in self._links.items():
            if link.reach:
                g.add_edge(a, b, needs=sorted(link.needs), one_way=link.one_way)
        return g
