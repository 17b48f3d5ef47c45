"""Invariants of the `styles` ruleset on random grid maps.

Each example types a small map (floors at two heights, walls, water, voids, a ceiling,
mines), puts a character with a random sheet on it, and checks:

- every Move that ``options()`` lists is accepted by ``decide``, ends where the option
  says, and spends exactly the pool it said (the issue's "every plan that options()
  returns is accepted by decide and costs what it said");
- the exact multi-resource search agrees with brute force: enumerating every sequence of
  steps within the caps and the pool gives the same reachable spots and the same least
  pool for each, and every spend the search keeps is one brute force finds and is not
  beaten by another.
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footwork.rulesets.styles.planning import landing_mode, mover_for, reachable, start_spot
from footwork.rulesets.styles.ruleset import StylesMap
from footwork.rulesets.styles.terrain import FALLEN, KIND_NAMES
from footwork.scenario import encounter_from_data
from footwork.space.reach import EPS

LEGEND = {
    ".": {"surface": "floor"},
    "^": {"surface": "floor", "elevation": 1},
    "#": {"surface": "wall", "elevation": 2},
    "~": {"surface": "water", "elevation": 0, "water_depth": 1},
    "_": {"surface": "void"},
    "M": {"surface": "floor", "tags": ["mine"]},
    "c": {"surface": "floor", "ceiling_height": 1.5},
}
SHEETS = [
    ["Walk", "Half Jump", "Half Swim"],
    ["Walk", "Climb", "Half Jump"],
    ["Half Walk", "Half Climb", "Swim"],
    ["Walk", "Half Fly"],
    ["Half Walk", "Half Levitate", "Half Jump"],
    ["Double Walk", "Jump"],
]


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    rows = draw(st.integers(2, 4))
    cols = draw(st.integers(2, 5))
    cells = [[draw(st.sampled_from(".....^^#~_Mc")) for _ in range(cols)] for _ in range(rows)]
    r, c = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
    cells[r][c] = "."
    sheet = draw(st.sampled_from(SHEETS))
    stats: dict[str, Any] = {"styles": sheet, "hooks": draw(st.integers(0, 1))}
    if draw(st.booleans()) and "Walk" in " ".join(sheet):
        stats["prone"] = draw(st.booleans())
    options = {"move": {"diagonal": draw(st.sampled_from(["one", "alternate", "euclidean"])),
                        "vertical_step_u": draw(st.sampled_from([0.5, 1.0]))}}
    return {
        "footwork": 1, "ruleset": "styles", "seed": 5, "options": options,
        "map": {"cell_size": draw(st.sampled_from([1, 0.5])), "rows": ["".join(x) for x in cells],
                "legend": LEGEND},
        "actors": [{"id": "a", "side": "x", "at": f"{r},{c}", "stats": stats}],
    }


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters())
def test_every_listed_move_is_accepted_and_costs_what_it_said(data: dict[str, Any]) -> None:
    """R001-02, R001-13: options' plans pass decide and cost what options said."""
    encounter = encounter_from_data(data)
    session = encounter.session()
    state = session.state
    terrain = state.space.terrain
    found = reachable(terrain, state.actors["a"], state.options)
    for option in session.options("a"):
        command = dict(option.command)
        if command.get("do") != "move":
            continue
        after, _ = session.engine.apply(state, session.engine.parse(command))
        actor = after.actors["a"]
        to = command["to"]
        assert isinstance(to, list)
        assert (actor.row, actor.col) == (to[0], to[1])
        assert math.isclose(actor.z, float(to[2]), abs_tol=1e-9)
        said = float(option.cost.split("u")[0])
        assert abs(actor.pool_spent - said) <= 1e-3, (option.label, option.cost)
        if not command.get("dash"):
            # the least pool the exact search found for a spot of that place and mode
            least = min(found.min_pool(s) for s in found
                        if _place(terrain, s) == (actor.mode, to[0], to[1])
                        and math.isclose(terrain.height(s[3]), float(to[2])))
            assert abs(actor.pool_spent - least) <= 1e-6


def _place(terrain: Any, spot: Any) -> tuple[str, int, int]:
    """The mode a spot leaves a character in, and its cell (a fall lands somewhere)."""
    if spot[0] == FALLEN:
        return (landing_mode(terrain, spot), spot[1], spot[2])
    return (KIND_NAMES[spot[0]], spot[1], spot[2])


def _brute(terrain: Any, start: Any, mover: Any, caps: dict[str, float],
           pool: float) -> dict[Any, list[tuple[float, ...]]]:
    """Every spend vector of every walk of steps within the caps and the pool."""
    names = list(caps)
    seen: dict[Any, list[tuple[float, ...]]] = {}

    def go(spot: Any, spent: tuple[float, ...], depth: int) -> None:
        held = seen.setdefault(spot, [])
        if any(all(h <= s + EPS for h, s in zip(old, spent, strict=True)) for old in held):
            return  # an equal or better spend already explored from here
        held.append(spent)
        if depth > 40:
            return
        for st_ in terrain.steps(spot, mover):
            if st_.style not in caps:
                continue
            i = names.index(st_.style)
            v = list(spent)
            v[i] += st_.cost
            if v[i] > caps[st_.style] + EPS or sum(v) > pool + EPS:
                continue
            go(st_.to, tuple(v), depth + 1)

    go(start, (0.0,) * len(names), 0)
    return seen


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters())
def test_reach_agrees_with_brute_force(data: dict[str, Any]) -> None:
    """R001-13, A001-17: the exact search keeps every spot and its least pool."""
    encounter = encounter_from_data(data)
    state = encounter.session().state
    space: StylesMap = state.space
    actor = state.actors["a"]
    mover = mover_for(actor, state.options)
    caps = {k: v for k, v in actor.caps().items() if k in mover.styles}
    if not caps:
        return
    found = reachable(space.terrain, actor, state.options)
    brute = _brute(space.terrain, start_spot(space.terrain, actor), mover, caps, actor.pool())
    assert set(found) == set(brute)
    for spot, vectors in brute.items():
        least = min(sum(v) for v in vectors)
        assert abs(found.min_pool(spot) - least) <= 1e-9, spot
