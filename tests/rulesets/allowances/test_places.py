"""The move options of `allowances` are picked from the search's arrays and built on
demand (``places.move_places``).

The oracle is the per-spot loop they replaced, kept here as it was: per Type, then for
several Types, every resting spot grouped by place (cell and kind), ``pick`` over each
place's spots and fronts (the least cascade, R002-03, R002-05, then the least distance),
a second ``pick`` over every resting spot at the chosen height (R002-04: ``to`` names a
height, so a place whose move would take another kind of spot is dropped), the places
listed before left out, and the sort by (distance, row, col, level). Both must give the
same options, in the same order, with the compiled search and with the pure one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from footwork.engine import Session
from footwork.engine.choices import Option, Options
from footwork.rulesets.allowances import planning
from footwork.rulesets.allowances.model import MAP_TYPES
from footwork.rulesets.allowances.places import (
    UNDER,
    Listed,
    lost_and_distance,
    move_places,
    place_codes,
    round9,
)
from footwork.rulesets.allowances.planning import (
    deductions,
    effective,
    pick,
    plan_search,
    run,
    shared_steps,
    start_spot,
)
from footwork.rulesets.allowances.ruleset import (
    _move_option,
    _opts,
    _place_kind,
    _terrain,
)
from footwork.rulesets.allowances.terrain import AIR, GROUND, HOP, WALL, WATER, Spot
from footwork.scenario import load_encounter
from footwork.space import compiled
from footwork.space.arrayreach import ArrayReach
from footwork.space.reach import EPS, Budget, Reach, Step, reach

from ._helpers import creature, session

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "allowances"


# -- the oracle: the per-spot loop, as it was ------------------------------------------------


def _old_moves(s: Session[Any], a: Any, by: str | None, seen: set[tuple[int, int, str]],
               source: Callable[[Spot], list[Any]] | None = None) -> list[Option]:
    state = s.state
    o, t = _opts(state), _terrain(state)
    srch = plan_search(t, a, o, by)
    found = run(t, start_spot(t, a), srch, source)
    start = start_spot(t, a)
    here = (start[1], start[2], _place_kind(t, start))
    places: dict[tuple[int, int, str], list[Spot]] = {}
    at_height: dict[tuple[int, int, int], list[Spot]] = {}
    for spot in found:
        if not t.resting(spot, srch.hovers):
            continue
        at_height.setdefault(spot[1:4], []).append(spot)
        place = (spot[1], spot[2], _place_kind(t, spot))
        if spot[:4] == start[:4] or place in seen:
            continue
        places.setdefault(place, []).append(spot)
    seen.add(here)
    out: list[tuple[tuple[float, int, int, int], Option]] = []
    for keys in places.values():
        keys.sort(key=lambda k: k[3])
        chosen = pick(found, keys, a, o, surface_first=False)
        assert chosen is not None
        spot = chosen.end
        taken = pick(found, at_height[spot[1:4]], a, o, surface_first=False)
        if taken is not None and taken.end[0] != spot[0]:
            continue
        option = _move_option(t, a, o, by, spot, chosen.spent)
        out.append(((chosen.distance, spot[1], spot[2], spot[3]), option))
    seen.update(places)
    out.sort(key=lambda x: x[0])
    return [opt for _, opt in out]


def oracle(s: Session[Any], actor_id: str) -> list[dict[str, Any]]:
    """The move options as the per-spot loop listed them, by the same option builder."""
    state = s.state
    a = state.actors[actor_id]
    o, t = _opts(state), _terrain(state)
    if a.airborne is not None:
        return [x.to_json() for x in _old_moves(s, a, a.airborne, set())]
    if a.breach_type is not None:
        return [x.to_json() for x in _old_moves(s, a, a.breach_type, set())]
    seen: set[tuple[int, int, str]] = set()
    eff = effective(a, o)
    source = shared_steps(t, plan_search(t, a, o, None).mover)
    found: list[Option] = []
    usable = [by for by in MAP_TYPES if by in a.scores and eff[by] > EPS]
    for by in usable:
        found += _old_moves(s, a, by, seen, source)
    if len(usable) > 1:
        found += _old_moves(s, a, None, seen, source)
    return [x.to_json() for x in found]


def moves(s: Session[Any], actor_id: str) -> list[dict[str, Any]]:
    return [o.to_json() for o in s.options(actor_id) if o.command.get("do") == "move"]


@pytest.fixture(params=["wait", "off"])
def search(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each comparison runs with the compiled search (``wait``: compiled before the first
    search) and with the pure one (``off``, as without numba)."""
    policy: str = request.param
    compiled.set_policy(policy)  # type: ignore[arg-type]
    planning._CACHE.clear()
    try:
        yield policy
    finally:
        compiled.set_policy(None)
        planning._CACHE.clear()


# -- the scenes ----------------------------------------------------------------------------

#: floor, water 4 m deep beside a wall 4 m high, a rise of 2 m, a void and a rock
ROWS = ["..~~~#..^^",
        "..~~~#..^^",
        ".#~~~...__",
        "....R....."]

EVERY_TYPE = {"Overland": 5, "Swim": 4, "Flight": 6, "Climb": 3, "Burrow": 2}


def _example(name: str) -> tuple[Session[Any], str]:
    s = load_encounter(EXAMPLES / f"{name}.yaml").session()
    who = s.actor_to_move
    assert who is not None
    return s, who


def _breaching() -> tuple[Session[Any], str]:
    """Sharpedo holds 4 m of a Flight Breach (R002-31..34)."""
    s, who = _example("sharpedo-breach")
    s.do({"do": "breach", "actor": who, "into": "air", "roll": [35]})
    s.do({"answer": "3"})
    assert s.state.actors[who].breach_type == "flight"
    return s, who


def _jumping() -> tuple[Session[Any], str]:
    """Eric holds a 1 m Jump (R002-17, A002-13)."""
    s, who = _example("eric-jump")
    s.do({"do": "jump", "actor": who, "roll": [92]})
    s.do({"answer": "3"})
    assert s.state.actors[who].airborne == "jump"
    return s, who


def _leaping() -> tuple[Session[Any], str]:
    """Treecko holds a 7 m Leap over the ravine (R002-23, A002-13)."""
    s, who = _example("treecko-leap")
    s.do({"do": "leap", "actor": who, "difficulty": "Intense", "roll": [17]})
    assert s.state.actors[who].airborne == "leap"
    return s, who


def _inline(scores: dict[str, float], at: str = "3,3", *,
            options: dict[str, Any] | None = None, rows: list[str] | None = None,
            **stats: Any) -> Callable[[], tuple[Session[Any], str]]:
    def make() -> tuple[Session[Any], str]:
        body = creature("ada", at, scores=scores, skills={"Running": 50}, **stats)
        return session([body], rows=ROWS if rows is None else rows, options=options), "ada"
    return make


def _after_moves() -> tuple[Session[Any], str]:
    """Every Type, after an Overland move drained the higher Types unevenly (R002-05):
    the cascade clamps at 0 where an Allowance runs out."""
    s, who = _inline(EVERY_TYPE)()
    s.do({"do": "move", "actor": who, "type": "overland", "to": [3, 0]})
    return s, who


SCENES: dict[str, Callable[[], tuple[Session[Any], str]]] = {
    **{f"example-{p.stem}": (lambda p=p: _example(p.stem))
       for p in sorted(EXAMPLES.glob("*.yaml"))},
    "breach": _breaching,
    "jump": _jumping,
    "leap": _leaping,
    # several Types and their mix (R002-05)
    "every-type": _inline(EVERY_TYPE),
    "every-type-moved": _after_moves,
    "every-type-compare-current": _inline(
        EVERY_TYPE, options={"cascade": {"compare": "current_allowance"}}),
    "every-type-limit-drained": _inline(EVERY_TYPE, options={"cascade": {"limit": "drained"}}),
    # one cell with the water's surface, under it, the air above and a wall's face
    "swimmer-flier-climber": _inline({"Swim": 6, "Flight": 5, "Climb": 4}, at="1,4"),
    "under-water": _inline({"Swim": 6, "Flight": 3, "Climb": 2}, at="1,4,-2"),
    "flier-in-the-air": _inline({"Overland": 2, "Flight": 7}, at="2,6,3", mode="air"),
    "climber-on-a-wall": _inline({"Overland": 3, "Climb": 5, "Flight": 2}, at="1,4,2",
                                 mode="wall"),
    "climb-by-overland": _inline({"Overland": 6, "Swim": 2},
                                 options={"climb": {"overland_fallback": True}}),
    "equal-scores": _inline({"Overland": 4, "Flight": 4, "Climb": 4}),
}


@pytest.mark.parametrize("name", list(SCENES))
def test_R002_04_places_are_the_per_spot_loops_places(name: str, search: str) -> None:
    """R002-03, R002-04, R002-05, A002-02, A002-03: the array selection lists the places,
    distances, costs and order that the per-spot loop listed, with either search."""
    s, who = SCENES[name]()
    got = moves(s, who)
    assert got == oracle(s, who)
    assert got, name  # every scene has somewhere to go


def _random_scene(seed: int) -> tuple[Session[Any], str]:
    """A small random map (floor, rises, walls, water, voids) and a creature with a
    random set of Types, cascade settings and, every other time, a move made first."""
    rng = np.random.default_rng(seed)
    rows = ["".join(rng.choice(list("....^~~#_R"), 9)) for _ in range(6)]
    floors = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in ".^R"]
    r, c = floors[int(rng.integers(len(floors)))]
    names = [n for n in EVERY_TYPE if rng.random() < 0.6] or ["Overland"]
    scores = {n: int(rng.integers(1, 8)) for n in names}
    options = {"cascade": {"compare": str(rng.choice(["base_score", "current_allowance"])),
                           "limit": str(rng.choice(["own", "drained"]))}}
    s, who = _inline(scores, at=f"{r},{c}", options=options, rows=rows)()
    if seed % 2:
        first = next((o for o in s.options(who) if o.command.get("do") == "move"), None)
        if first is not None:
            s.do(dict(first.command))
    return s, who


@pytest.mark.parametrize("seed", range(12))
def test_R002_05_random_maps_list_the_per_spot_loops_places(seed: int, search: str) -> None:
    """R002-03, R002-04, R002-05, A002-03: the same on random maps and sheets."""
    s, who = _random_scene(seed)
    assert moves(s, who) == oracle(s, who)


def test_the_compiled_search_is_the_one_compared() -> None:
    """The ``wait`` runs above do read the compiled search's arrays."""
    compiled.set_policy("wait")
    planning._CACHE.clear()
    try:
        s, who = SCENES["every-type"]()
        t, o = _terrain(s.state), _opts(s.state)
        a = s.state.actors[who]
        found = run(t, start_spot(t, a), plan_search(t, a, o, None))
        if not isinstance(found, ArrayReach):
            pytest.skip("numba is not available: no compiled search")
        assert len(moves(s, who)) > 10
    finally:
        compiled.set_policy(None)
        planning._CACHE.clear()


def test_actions_stay_after_the_moves() -> None:
    """The Rush, Jump, Leap and Breach options follow the moves, built already."""
    s, who = _example("lake-battle")
    found = s.options(who)
    assert isinstance(found, Options) and found.reachable is not None
    assert [o.command["do"] for o in found.eager] and all(
        o.command["do"] != "move" for o in found.eager)
    assert [o.command["do"] for o in found][:len(found.reachable)] == \
        ["move"] * len(found.reachable)


# -- on demand -----------------------------------------------------------------------------


def test_options_build_no_move_until_read() -> None:
    """R002-04: ``options()`` lists the places with their distances and builds none;
    ``Session.plan`` builds exactly the one asked for."""
    s, who = _inline(EVERY_TYPE)()
    found = s.options(who)
    assert isinstance(found, Options) and found.reachable is not None
    places = found.reachable
    assert len(places) > 10
    assert all(b is None for b in places._built)  # nothing built by listing
    one = s.plan(who, places.to[5])
    assert isinstance(one, Option) and one.to == places.to[5]
    assert one.command["do"] == "move"
    assert sum(b is not None for b in places._built) == 1
    assert found[places.index(places.to[5]) or 0] is one  # the same place, built once
    # the costs listed are the distances of the options built
    assert float(one.cost.split(" m")[0]) == pytest.approx(
        float(places.cost[places.index(places.to[5]) or 0]))


def test_a_held_breach_lists_only_its_moves_on_demand() -> None:
    """R002-33: while a Breach is held only its moves are listed, still built on read."""
    s, who = _breaching()
    found = s.options(who)
    assert isinstance(found, Options) and found.reachable is not None
    assert [o.command["do"] for o in found.eager] == ["end_turn"]  # the engine's
    assert all(b is None for b in found.reachable._built)


# -- the pieces ----------------------------------------------------------------------------


def test_round9_is_pythons_round() -> None:
    """``pick`` ranks by Python's ``round(x, 9)``; the array form must give the same
    double, ties at the ninth decimal included."""
    rng = np.random.default_rng(14)
    grid = np.arange(0, 4000, dtype=np.float64)
    x = np.concatenate([
        rng.random(20000) * 60,
        grid * 0.5e-9 + 1.0,  # halves at the tenth decimal
        (grid + 0.5) * 1e-9,  # halves at the ninth
        np.cumsum(np.full(2000, np.sqrt(2.0))),  # diagonal steps
        np.cumsum(np.full(2000, 0.1)),
        [0.0, -0.0, 2.675, 1e-10, 5e-10, 1.5e-9, 2.5e-9, 123456.0000000005, 1e17, 3.0],
    ])
    assert round9(x).tolist() == [round(v, 9) for v in x.tolist()]


def test_R002_05_lost_is_the_cascade_of_deductions() -> None:
    """R002-05, A002-02: the array form of the cascade equals ``deductions`` summed, for
    spends that run Allowances out, and any order of Types; a Breach's metres count for
    nothing kept (they must be used and lapse with the move, R002-33; the s33 review)."""
    s, who = _after_moves()
    a = s.state.actors[who]
    styles = ("overland", "swim", "breach", "flight", "climb", "burrow")
    rng = np.random.default_rng(5)
    vectors = np.round(rng.random((500, len(styles))) * 6, 1)
    vectors[rng.random(vectors.shape) < 0.4] = 0.0
    for compare in ("base_score", "current_allowance"):
        o = _opts(s.state).model_copy(update={"cascade": _opts(s.state).cascade.model_copy(
            update={"compare": compare})})
        lost, distance = lost_and_distance(a, o, styles, vectors)
        for i, vec in enumerate(vectors.tolist()):
            spent = dict(zip(styles, vec, strict=True))
            own = {k: v for k, v in spent.items() if k != "breach"}
            want = sum(deductions(a, o, own).values())
            assert lost[i] == round(want, 9)
            assert distance[i] == round(sum(vec), 9)


def test_place_codes_tell_the_surface_from_under_it() -> None:
    """R002-12: under the surface is a place of its own, distinct from the surface."""
    s, _ = _inline(EVERY_TYPE)()
    t = _terrain(s.state)
    top = t.top[1][3]
    spots = np.array([(WATER, 1, 3, top, 0), (WATER, 1, 3, top - 1, 0),
                      (WATER, 1, 3, top - 2, 1), (AIR, 1, 3, top + 1, 0)], dtype=np.int64)
    codes = place_codes(t, spots)
    assert codes[0] != codes[1] and codes[1] == codes[2] and len(set(codes.tolist())) == 3
    assert codes[1] & 7 == UNDER


# -- hand-made cases: the selection rules each decide what is listed -----------------------


def _hand() -> tuple[Any, Any, Any]:
    """The terrain, options and creature of a swimmer that flies and climbs (Swim 6,
    Flight 5, Climb 4: a metre of Climb drains all three, of Swim only Swim)."""
    s, who = _inline({"Swim": 6, "Flight": 5, "Climb": 4}, at="1,4")()
    return _terrain(s.state), _opts(s.state), s.state.actors[who]


def _as_arrays(found: Reach[Spot]) -> ArrayReach:
    """``found`` as a compiled search returns it: the same labels, each front in the
    order its labels were made (not sorted, as a kernel leaves them)."""
    keys = list(found.keys())
    row = {k: i for i, k in enumerate(keys)}
    styles = found.budget.styles
    ints, floats = [], []
    for i, key in enumerate(found._key):
        step = found._step[i]
        ints.append((row[key], found._parent[i], 0 if step is None else styles.index(step.style)))
        floats.append((0.0 if step is None else step.cost, found._total[i], *found._spent[i]))
    ids = [i for k in keys for i in found._fronts[k]]
    starts = np.cumsum([0] + [len(found._fronts[k]) for k in keys])
    return ArrayReach(found.start, found.budget, np.array(keys, dtype=np.int64),
                      np.array(ints, dtype=np.int64), np.array(floats, dtype=np.float64),
                      np.array(ids + starts.tolist(), dtype=np.int64), len(ids), styles)


@pytest.fixture(params=["pure", "arrays"])
def form(request: pytest.FixtureRequest) -> str:
    """Each hand-made search is read as the pure search's ``Reach`` and as the compiled
    search's ``ArrayReach``."""
    return str(request.param)


def _reach(form: str, start: Spot, steps: dict[Spot, list[Step[Spot]]],
           **caps: float) -> Reach[Spot]:
    found = reach(start, lambda k: steps.get(k, []), Budget(caps))
    return _as_arrays(found) if form == "arrays" else found


def _listed(found: Reach[Spot], listed: Listed | None = None,
            hovers: bool = True) -> list[tuple[str, str]]:
    """Where the places of ``found`` are (label words) and their costs, in list order."""
    t, o, a = _hand()
    places = move_places(t, a, o, found, hovers=hovers,
                         listed=Listed(t) if listed is None else listed,
                         build=lambda spot, spent: _move_option(t, a, o, None, spot, spent))
    return [(places.option(i).label.split(" to ")[1], places.option(i).cost)
            for i in range(len(places))]


def test_R002_04_ties_go_to_the_lowest_level_then_the_first_found(form: str) -> None:
    """R002-04: of two heights of one place in the air at equal cost, the lower is
    listed, though the higher was found first; at one height, the spot found first (two
    spots differing only in the submerged/surfaced changes made, R002-12, reached by
    equal spends: 2 m of Swim each)."""
    start: Spot = (WATER, 1, 3, 0, 0)
    high, low = (AIR, 1, 2, 3, 0), (AIR, 1, 2, 2, 0)
    first, second = (AIR, 0, 2, 2, 1), (AIR, 0, 2, 2, 0)
    found = _reach(form, start, {start: [
        Step(high, "flight", 2.0), Step(low, "flight", 2.0), Step(first, "swim", 2.0),
        Step(second, "swim", 2.0)]}, swim=6.0, flight=5.0, breach=4.0)
    assert list(found.keys()) == [start, high, low, first, second]
    assert _listed(found) == [("(0,2) at 2 m, air", "2 m (2 m of swim)"),
                              ("(1,2) at 2 m, air", "2 m (2 m of swim, 2 m of flight)")]


def test_R002_04_ties_at_one_spot_go_to_the_least_spend_vector(form: str) -> None:
    """R002-04, R002-33: one spot reached two ways that go as far (2 m of Swim, or 2 m of
    a Breach): the Breach's wins, whichever the search made first (its metres count for
    nothing kept, the s33 review; before, the two tied and the least spend vector in the
    budget's order won, the Breach's too)."""
    start: Spot = (WATER, 1, 3, 0, 0)
    end: Spot = (AIR, 1, 2, 2, 0)
    found = _reach(form, start, {start: [Step(end, "swim", 2.0), Step(end, "breach", 2.0)]},
                   swim=6.0, flight=5.0, breach=4.0)
    assert len(found.vectors(end)) == 2
    assert _listed(found) == [("(1,2) at 2 m, air", "2 m (2 m of the breach)")]


def test_R002_04_ranks_are_rounded_to_nine_decimals(form: str) -> None:
    """R002-04: 0.1 m then 0.2 m, and 0.3 m, are the same distance once rounded as
    ``pick`` rounds: the tie goes to the lower height, found second."""
    start: Spot = (WATER, 1, 3, 0, 0)
    hop: Spot = (HOP, 1, 2, 1, 0)
    high, low = (AIR, 1, 2, 3, 0), (AIR, 1, 2, 2, 0)
    found = _reach(form, start, {start: [Step(hop, "flight", 0.1), Step(high, "flight", 0.3)],
                                 hop: [Step(low, "flight", 0.2)]}, flight=5.0)
    assert found.min_pool(low) > found.min_pool(high)  # 0.30000000000000004 > 0.3
    assert _listed(found) == [("(1,2) at 2 m, air", "0.3 m (0.3 m of swim, 0.3 m of flight)")]


def test_R002_05_the_label_that_keeps_most_allowance_wins_not_the_shortest(form: str) -> None:
    """R002-05: at one spot, a front holds 1 m of Climb (drains Climb and every Type
    scored higher: 3 m lost) and 2 m of Swim (drains Swim alone: 2 m lost): the Swim
    way loses less Allowance and is listed, though longer."""
    start: Spot = (WATER, 1, 3, 0, 0)
    end: Spot = (WATER, 1, 2, 0, 0)
    found = _reach(form, start, {start: [Step(end, "climb", 1.0), Step(end, "swim", 2.0)]},
                   climb=4.0, swim=6.0)
    assert len(found.vectors(end)) == 2
    assert _listed(found) == [("(1,2) at 0 m, water", "2 m (2 m of swim)")]


def test_R002_04_a_height_where_the_move_would_take_the_wall_lists_no_air(form: str) -> None:
    """R002-04: ``to: [row, col, z]`` names a height, not a kind of place. At (1,4) 2 m
    up both the air and the wall's face are reached; the face costs less, so a move to
    that height ends on the wall and the air is not listed, though 2 m is the air's
    cheapest height there; nor by a later list."""
    start: Spot = (WATER, 1, 4, 0, 0)
    air2, air3, wall2 = (AIR, 1, 4, 2, 0), (AIR, 1, 4, 3, 0), (WALL, 1, 4, 2, 0)
    steps = {start: [Step(air2, "flight", 2.0), Step(air3, "flight", 3.0),
                     Step(wall2, "flight", 1.0)]}
    listed = Listed(_hand()[0])
    assert _listed(_reach(form, start, steps, flight=5.0), listed) == [
        ("(1,4) at 2 m, wall", "1 m (1 m of swim, 1 m of flight)")]
    # the air there was weighed by that list: a later list (the next Type, the mix)
    # does not offer it either
    later = _reach(form, start, {start: [Step(air3, "flight", 3.0)]}, flight=5.0)
    assert _listed(later, listed) == []
    assert _listed(later) == [("(1,4) at 3 m, air", "3 m (3 m of swim, 3 m of flight)")]
    del steps[start][2]  # without the wall, the air is listed at its cheapest height
    assert _listed(_reach(form, start, steps, flight=5.0)) == [
        ("(1,4) at 2 m, air", "2 m (2 m of swim, 2 m of flight)")]


def test_R002_04_a_place_listed_by_an_earlier_type_is_not_listed_again(form: str) -> None:
    """R002-04: a place comes once per ``options()``, by the first Type that reaches it;
    the start's own place may be listed by the first list only (another height of it)."""
    start: Spot = (AIR, 1, 3, 2, 0)
    up, ground, under = (AIR, 1, 3, 3, 0), (GROUND, 0, 0, 0, 0), (WATER, 1, 2, -1, 0)
    listed = Listed(_hand()[0])
    first = _reach(form, start, {start: [Step(ground, "flight", 3.0),
                                         Step(under, "flight", 4.0)]}, flight=5.0)
    assert [p for p, _ in _listed(first, listed)] == ["(0,0) at 0 m, ground",
                                                      "(1,2) at -1 m, under water"]
    again = _reach(form, start, {start: [Step(up, "flight", 1.0), Step(ground, "flight", 3.0),
                                         Step(under, "flight", 3.5)]}, flight=5.0)
    assert _listed(again, listed) == []  # every place listed, the start's too
    assert [p for p, _ in _listed(again)] == ["(1,3) at 3 m, air", "(0,0) at 0 m, ground",
                                              "(1,2) at -1 m, under water"]


def test_a_creature_without_flight_rests_nowhere_in_the_air(form: str) -> None:
    """R002-02, R002-33: a move ends on something, unless the creature flies by its own
    Flight Score (a Breach into the air does not hold it up)."""
    start: Spot = (WATER, 1, 3, 0, 0)
    found = _reach(form, start, {start: [Step((AIR, 1, 3, 2, 0), "breach", 2.0),
                                         Step((GROUND, 1, 7, 2, 0), "breach", 4.0)]},
                   breach=4.0)
    assert [p for p, _ in _listed(found, hovers=False)] == ["(1,7) at 2 m, ground"]
