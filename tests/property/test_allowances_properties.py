"""Invariants of the `allowances` ruleset on random grid maps.

Each example types a small map (floors at two heights, walls, water, rock), puts a
creature with random Scores on it, maybe spends some Allowance first, and checks:

- every move ``options()`` lists is accepted by ``decide``, ends where the option says,
  and deducts from each Allowance what the cascade says (R002-05);
- the exact search agrees with brute force: enumerating every sequence of steps within
  the cascaded Allowances (each Type's spend, and for each Type U the spends of every
  Type ranked no higher, within U's Allowance) and the transition limit reaches the same
  places, and every spend kept is one brute force finds.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footwork.rulesets.allowances.planning import (
    deductions,
    plan_search,
    run,
    start_spot,
)
from footwork.scenario import encounter_from_data
from footwork.space.reach import EPS

LEGEND = {
    ".": {"surface": "floor"},
    "^": {"surface": "floor", "elevation": 1},
    "#": {"surface": "wall", "elevation": 2},
    "~": {"surface": "water", "water_depth": 2},
    "R": {"surface": "floor", "tags": ["rock"]},
}
TYPES = ["Overland", "Swim", "Flight", "Burrow", "Climb"]


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    rows = draw(st.integers(2, 3))
    cols = draw(st.integers(2, 4))
    cells = [[draw(st.sampled_from("....^#~R")) for _ in range(cols)] for _ in range(rows)]
    r, c = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
    cells[r][c] = "."
    names = draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=3, unique=True))
    scores = {n: draw(st.integers(1, 4)) for n in names}
    options = {"burrow": {"max_depth_m": 2},
               "cascade": {"compare": draw(st.sampled_from(["base_score",
                                                            "current_allowance"])),
                           "limit": draw(st.sampled_from(["own", "drained"]))},
               "distance": {"metric": draw(st.sampled_from(["manhattan", "euclidean"])),
                            "skim": draw(st.booleans())}}
    return {"footwork": 1, "ruleset": "allowances", "seed": 1, "options": options,
            "map": {"unit": "m", "rows": ["".join(row) for row in cells], "legend": LEGEND},
            "actors": [{"id": "a", "side": "x", "at": f"{r},{c}",
                        "stats": {"scores": scores}}],
            "spend": draw(st.sampled_from([None, *names]))}


def _session(data: dict[str, Any]) -> Any:
    spend = data.pop("spend")
    session = encounter_from_data(data, "prop").session()
    if spend is not None:
        session.do({"do": "spend", "actor": "a", "type": spend, "distance": 1})
    return session


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters())
def test_every_listed_move_is_accepted_at_its_cost(data: dict[str, Any]) -> None:
    """R002-04, R002-05: each listed move passes decide, ends at its place, and deducts
    what the cascade of its spends says."""
    session = _session(data)
    state = session.state
    engine = session.engine
    for option in engine.options(state, "a"):
        if option.command.get("do") != "move":
            continue
        events = engine.decide(state, engine.parse(option.command))
        moved = next(e for e in events if e.type == "moved")
        to = option.command["to"]
        assert [moved.row, moved.col] == list(to[:2])
        assert abs(moved.z - float(to[2])) < EPS
        assert float(option.cost.split(" m")[0]) == round(moved.distance, 3)
        after = engine.replay(state, events).actors["a"]
        for k, v in state.actors["a"].allowance.items():
            assert after.allowance[k] >= -EPS
            assert abs(v - moved.deducted.get(k, 0.0) - after.allowance[k]) < 1e-6


def _brute(terrain: Any, start: Any, search: Any, caps: dict[str, float],
           grp: list[tuple[tuple[str, ...], float]],
           owners: tuple[str, ...] | None = None) -> dict[Any, set[tuple[float, ...]]]:
    """Every (spot, spend) within the caps; a group bounds the steps of its owner only
    (``cascade.limit: own``, R002-04) or, without owners, of every member (``drained``)."""
    styles = list(caps)
    seen = {(start, (0.0,) * len(styles))}
    todo = list(seen)
    while todo:
        spot, vec = todo.pop()
        for st_ in terrain.steps(spot, search.mover):
            if st_.style not in caps:
                continue
            i = styles.index(st_.style)
            v2 = tuple(round(x + (st_.cost if j == i else 0.0), 9) for j, x in enumerate(vec))
            if v2[i] > caps[st_.style] + EPS:
                continue
            if any(sum(v2[styles.index(m)] for m in g) > cap + EPS
                   for k, (g, cap) in enumerate(grp)
                   if st_.style in g and (owners is None or owners[k] == st_.style)):
                continue
            if (st_.to, v2) not in seen:
                seen.add((st_.to, v2))
                todo.append((st_.to, v2))
    out: dict[Any, set[tuple[float, ...]]] = {}
    for spot, vec in seen:
        out.setdefault(spot, set()).add(vec)
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters())
def test_mixed_search_equals_brute_force(data: dict[str, Any]) -> None:
    """R002-04, R002-05, R002-12: the mixed-Type search (the cascade as group caps, each
    bounding its own Type's steps under ``cascade.limit: own``) reaches exactly the spots
    brute force reaches, and each kept spend is real and fits the cascade."""
    session = _session(data)
    state = session.state
    a = state.actors["a"]
    o = state.options
    terrain = state.space.terrain
    search = plan_search(terrain, a, o, None)
    found = run(terrain, start_spot(terrain, a), search)
    caps = dict(search.budget.caps)
    grp = list(search.groups)
    brute = _brute(terrain, start_spot(terrain, a), search, caps, grp, search.owners)
    assert set(found) == set(brute)
    for spot in found:
        for vec in found.vectors(spot):
            assert any(all(abs(x - y) < 1e-6 for x, y in zip(vec, b, strict=True))
                       for b in brute[spot])
            spent = dict(zip(caps, vec, strict=True))
            lost = deductions(a, o, spent)
            for k, v in a.allowance.items():
                assert lost[k] <= v + 1e-6


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters())
def test_one_type_search_equals_the_core_search(data: dict[str, Any]) -> None:
    """R002-03, R002-05: a one-Type move is searched by a plain bounded Dijkstra; it finds
    the same places at the same least distance as the core multi-resource search."""
    from footwork.rulesets.allowances.planning import one_resource
    from footwork.space.reach import reach

    session = _session(data)
    state = session.state
    a = state.actors["a"]
    terrain = state.space.terrain
    for by in a.scores:
        search = plan_search(terrain, a, state.options, by)
        caps = search.budget.caps
        if len(caps) != 1:
            continue

        def steps(spot: Any, search: Any = search, caps: Any = caps) -> list[Any]:
            return [x for x in terrain.steps(spot, search.mover) if x.style in caps]

        start = start_spot(terrain, a)
        fast = one_resource(start, steps, search.budget)
        slow = reach(start, steps, search.budget)
        assert set(fast) == set(slow)
        for spot in slow:
            assert abs(fast.min_pool(spot) - slow.min_pool(spot)) < 1e-9
            plan = fast.cheapest(spot)
            assert plan is not None and plan.key == spot
