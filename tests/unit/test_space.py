"""Places and links: reach, sight, one-way drops, what a crossing needs, nesting, BFS."""

from __future__ import annotations

import networkx as nx
import pytest

from footwork.space import Link, Place, PlaceGraph


def graph() -> PlaceGraph:
    return PlaceGraph(
        [Place("hall", "zone"), Place("yard", "zone"), Place("pit", "zone", elevation=-2),
         Place("window-room", "zone"), Place("stair", "feature", parent="hall", elevation=1)],
        [Link("hall", "yard"),
         Link("yard", "pit", one_way=True, needs=frozenset({"drop"})),
         Link("hall", "window-room", reach=False)],
    )


def test_reach_sight_and_one_way() -> None:
    g = graph()
    assert set(g.neighbours("hall")) == {"yard"}
    assert set(g.in_sight("hall")) == {"yard", "window-room"}  # sight without reach
    assert "pit" in g.neighbours("yard") and "yard" not in g.neighbours("pit")  # a drop
    link = g.link("yard", "pit")
    assert link is not None and link.needs == {"drop"}
    assert g.link("pit", "yard") is None


def test_nesting_and_vertical_axis() -> None:
    g = graph()
    assert g.children("hall") == ("stair",)
    assert g.place("stair").elevation == 1 and g.place("pit").elevation == -2


def test_within_is_a_bounded_bfs() -> None:
    g = graph()
    assert g.within("hall", 1) == {"hall": 0, "yard": 1}
    assert g.within("hall", 5) == {"hall": 0, "yard": 1, "pit": 2}


def test_networkx_view_agrees() -> None:
    g = graph()
    nxg = g.to_networkx()
    assert dict(nx.single_source_shortest_path_length(nxg, "hall")) == g.within("hall", 99)


@pytest.mark.parametrize(
    ("places", "links", "message"),
    [
        ([Place("a", "z"), Place("a", "z")], [], "place 'a' is declared twice"),
        ([Place("a", "z")], [Link("a", "b")], "unknown place 'b'"),
        ([Place("a", "z")], [Link("a", "a")], "joins a place to itself"),
        ([Place("a", "z", parent="x")], [], "unknown parent 'x'"),
        ([Place("a", "z"), Place("b", "z")], [Link("a", "b"), Link("b", "a")],
         "declared twice"),
    ],
)
def test_bad_graphs_are_refused(places: list[Place], links: list[Link], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PlaceGraph(places, links)
