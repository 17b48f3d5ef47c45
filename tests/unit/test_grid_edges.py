"""The edges layer of grid maps (map data, no rule): validation with one-line errors, the
steps an edge refuses, JSON, crops and the player's view of a secret door."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from footwork.errors import ScenarioError
from footwork.space.grid import DEFAULT_LEGEND, OFFSETS, GridError, GridMap, parse_ascii
from footwork.space.gridedges import EdgeKind, EdgeSpec, hide_secret_edges
from tests.support import actor, inline_data, inline_session


def _grid(*edges: dict[str, Any], rows: int = 3, cols: int = 3) -> GridMap:
    return parse_ascii(["." * cols] * rows, DEFAULT_LEGEND,
                       edges=[EdgeSpec.model_validate(e) for e in edges])


def _refused(g: GridMap, cell: tuple[int, int]) -> set[tuple[int, int]]:
    bits = int(g.blocked_steps()[cell])
    return {OFFSETS[k] for k in range(8) if bits >> k & 1}


def test_a_wall_refuses_the_step_across_it_and_the_diagonals_past_its_ends() -> None:
    g = _grid({"between": [[1, 1], [1, 2]]})  # kind: wall by default
    assert _refused(g, (1, 1)) == {(0, 1), (-1, 1), (1, 1)}
    assert _refused(g, (1, 2)) == {(0, -1), (-1, -1), (1, -1)}
    # the cells above and below pass the wall's ends diagonally
    assert _refused(g, (0, 1)) == {(1, 1)} and _refused(g, (2, 2)) == {(-1, -1)}
    assert not g.step_blocked(0, 0, 1, 1)


def test_a_door_refuses_nothing_and_a_one_way_wall_one_way() -> None:
    assert _grid({"between": [[1, 1], [1, 2]], "kind": "door"}).edges is not None
    assert int(_grid({"between": [[1, 1], [1, 2]], "kind": "door"}).blocked_steps().sum()) == 0
    g = _grid({"between": [[1, 1], [2, 1]], "kind": "one_way", "from": [2, 1]})
    assert g.step_blocked(1, 1, 1, 0) and not g.step_blocked(2, 1, -1, 0)
    # a diagonal past it is refused both ways
    assert g.step_blocked(2, 1, -1, 1) and g.step_blocked(1, 1, 1, -1)


@pytest.mark.parametrize(("edge", "message"), [
    ({"between": [[0, 0], [1, 1]]}, "edge 0: [0, 0] and [1, 1] are not side by side"),
    ({"between": [[0, 2], [0, 3]]}, "edge 0: row 0, col 3 is outside the map"),
    ({"between": [[0, 0], [0, 1]], "kind": "one_way"}, "edge 0: a one_way edge needs `from`"),
    ({"between": [[0, 0], [0, 1]], "from": [0, 0]}, "edge 0: only a one_way edge has a"),
])
def test_a_faulty_edge_is_refused_in_one_line(edge: dict[str, Any], message: str) -> None:
    with pytest.raises(GridError, match=message.replace("[", r"\[").replace("]", r"\]")) as exc:
        _grid(edge)
    assert "\n" not in str(exc.value) and exc.value.path == ("edges", 0)


def test_an_encounter_file_names_the_faulty_edge() -> None:
    data = inline_data("styles", {"rows": ["..", ".."], "edges": [
        {"between": [[0, 0], [0, 1]]}, {"between": [[0, 0], [1, 1]], "kind": "door"}]},
        [actor("ada", "0,0")])
    with pytest.raises(ScenarioError, match=r"edges\[1\].*not side by side") as exc:
        inline_session(data)
    assert "\n" not in str(exc.value)
    data["map"]["edges"] = [{"between": [[0, 0], [0, 1]], "kind": "portcullis"}]
    with pytest.raises(ScenarioError, match=r"edges") as exc:
        inline_session(data)
    assert "\n" not in str(exc.value)


def test_edges_round_trip_through_json_and_crops_keep_theirs() -> None:
    g = _grid({"between": [[0, 0], [0, 1]], "kind": "window"},
              {"between": [[2, 2], [1, 2]], "kind": "one_way", "from": [2, 2]},
              {"between": [[1, 0], [2, 0]], "kind": "secret_door"})
    again = GridMap.from_json(g.to_json())
    assert again == g and again.to_json()["edges"] == g.to_json()["edges"]
    assert g != _grid()
    window, offset = g.crop((2, 2), 1)
    assert offset == (1, 1) and window.edges is not None
    assert window.edges.south[0, 1] == EdgeKind.ONE_WAY_BACK


def test_a_player_sees_a_secret_door_as_a_wall() -> None:
    g = _grid({"between": [[1, 0], [2, 0]], "kind": "secret_door"},
              {"between": [[0, 0], [0, 1]], "kind": "door"})
    body = {"grid": g.to_json(), "places": []}
    seen = hide_secret_edges(body)
    assert seen["grid"]["edges"] == [{"between": [[0, 0], [0, 1]], "kind": "door"},
                                     {"between": [[1, 0], [2, 0]], "kind": "wall"}]
    assert "secret" not in str(seen) and "secret_door" in str(body)  # a copy
    assert g.blocked_steps()[1, 0] & 1 << 4  # a wall for everyone: south from (1, 0)


def test_the_core_searches_go_round_a_wall() -> None:
    from footwork.space.grid import Diagonal, bounded_costs
    from footwork.space.reach import Budget, grid_reach

    # a wall between columns 1 and 2 on rows 0-1: from (0, 1) to (0, 2) is round by row 2
    g = _grid({"between": [[0, 1], [0, 2]]}, {"between": [[1, 1], [1, 2]]})
    costs = bounded_costs(g, (0, 1), 10, lambda *_: 1.0, diagonal=Diagonal.ONE)
    # down to (2, 1), across to (2, 2), up to (0, 2): five steps, as every diagonal past
    # the wall's south end is refused (a corner it touches)
    assert costs[0, 2] == 5.0 and costs[1, 1] == 1.0 and costs[2, 2] == 3.0
    found = grid_reach(g, (0, 1), Budget({"walk": 10.0}), {"walk": lambda *_: 1.0},
                       min_step=1.0)
    assert np.array_equal(found.pool_spent, costs)
