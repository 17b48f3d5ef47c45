"""Random edges between grid cells (walls, windows, doors, one-way walls) for the
pure-versus-compiled search oracles of the grid rulesets."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from footwork.space.gridedges import EdgeSpec


@st.composite
def edge_lists(draw: st.DrawFn, rows: int, cols: int) -> list[EdgeSpec]:
    """Up to 8 edges between orthogonal neighbours of a ``rows`` × ``cols`` map."""
    out: list[EdgeSpec] = []
    if rows * cols < 2:
        return out
    for _ in range(draw(st.integers(0, 8))):
        east = cols > 1 and (rows == 1 or draw(st.booleans()))
        r = draw(st.integers(0, rows - 1 - (0 if east else 1)))
        c = draw(st.integers(0, cols - 1 - (1 if east else 0)))
        a, b = (r, c), (r, c + 1) if east else (r + 1, c)
        kind = draw(st.sampled_from(["wall", "wall", "window", "door", "secret_door",
                                     "one_way"]))
        data: dict[str, object] = {"between": (a, b), "kind": kind}
        if kind == "one_way":
            data["from"] = draw(st.sampled_from([a, b]))
        out.append(EdgeSpec.model_validate(data))
    return out


def rng_edges(rng: np.random.Generator, rows: int, cols: int, n: int) -> list[EdgeSpec]:
    """``n`` random edges of every kind on a ``rows`` × ``cols`` map (both at least 2)."""
    kinds = ["wall", "wall", "window", "door", "secret_door", "one_way"]
    out: list[EdgeSpec] = []
    for _ in range(n):
        if rng.random() < 0.5:
            a = (int(rng.integers(0, rows)), int(rng.integers(0, cols - 1)))
            b = (a[0], a[1] + 1)
        else:
            a = (int(rng.integers(0, rows - 1)), int(rng.integers(0, cols)))
            b = (a[0] + 1, a[1])
        kind = kinds[int(rng.integers(0, len(kinds)))]
        data: dict[str, object] = {"between": (a, b), "kind": kind}
        if kind == "one_way":
            data["from"] = a if rng.random() < 0.5 else b
        out.append(EdgeSpec.model_validate(data))
    return out
