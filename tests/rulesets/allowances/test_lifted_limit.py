"""R002-12 lifted: the searches keep no count of changes in their spots.

Where the limit on changes between submerged and surfaced is lifted (A002-27: an action
that overrides it; and the loose search that explains a refused move by asking whether
a lifted limit would reach), a spot is one per (kind, row, col, level): counting the
changes in the key, with no bound but the budget, made new spots at every swim up and
down beside water (minutes and some 50,000 labels on a 3x3 map, session 31's known slow
case). The count of a move is then taken from its route's steps (A002-17).

The oracle keeps the old search in the test: the same steps with the count added back
into each spot (up to 99, the old lifted limit), searched by the same label-setting
search, on tiny random maps with water; both the pure and the compiled new searches
reach the same places at the same least costs, and every label they keep is one the old
search finds.

The loose searches that explain a refusal pay every step from one amount (one label per
spot, not every split of the same metres between the Types and the Breach): property
(g)'s draw that ran for minutes is bounded by its labels here, and a property checks
that one amount of L m reaches what caps of L m per resource reach within L m in all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footwork.errors import IllegalCommand
from footwork.rulesets.allowances import fastreach
from footwork.rulesets.allowances.model import MAP_TYPES
from footwork.rulesets.allowances.options import AllowancesOptions
from footwork.rulesets.allowances.planning import (
    explain_room,
    plan_search,
    pure_run,
    route,
    start_spot,
)
from footwork.rulesets.allowances.terrain import (
    EARTH,
    GROUND,
    KIND_NAMES,
    UNLIMITED,
    WATER,
    Spot,
    Terrain,
)
from footwork.space.grid import CellSpec, parse_ascii
from footwork.space.reach import Budget, Reach, Step

from ._helpers import creature, do, refused, session, who

#: a 3x3 map with water, a wall's cell and floors (session 31's slow case)
POND = ["~.#", "...", "..."]
POND_LEGEND = {".": {"surface": "floor"}, "#": {"surface": "wall", "elevation": 2},
               "~": {"surface": "water", "water_depth": 2}}
SKILLS = dict.fromkeys(("Running", "Swim", "Acrobatics", "Athletics"), 90)


def _burrower() -> Any:
    """A002-12, A002-15, R002-33: a mole on the pond's bank that Breached into the earth
    (Burrow 3, Swim 1, Overland 2; ``cascade.limit: own``), its Breach's metres held."""
    s = session([creature("a", "1,1", scores={"Burrow": 3, "Swim": 1, "Overland": 2},
                          skills=SKILLS)], rows=POND, legend=POND_LEGEND,
                options={"burrow": {"max_depth_m": 2}, "cascade": {"limit": "own"}})
    do(s, "breach", "a", into="earth", roll=[1], pp=0)
    assert s.state.actors["a"].breach_type == "burrow"
    return s


def _once_per_place(terrain: Terrain, mover: Any) -> Callable[[Spot], list[Step[Spot]]]:
    """The terrain's steps, failing as soon as a place (kind, row, col, level) is searched
    under a second count: what bounds the old search's blow-up to one extra spot."""
    seen: dict[tuple[int, ...], Spot] = {}

    def steps(spot: Spot) -> list[Step[Spot]]:
        first = seen.setdefault(spot[:4], spot)
        assert first == spot, f"{spot[:4]} searched as {first} and as {spot}"
        return terrain.steps(spot, mover)

    return steps


def test_R002_12_explaining_a_refusal_beside_water_keeps_one_spot_per_place() -> None:
    """R002-12, A002-17, A002-12, A002-15, R002-33, R002-02: after a Breach into the
    earth, a move with no ``type`` to the wall's cell is refused (no way there), and the
    search that asks whether a lifted limit would reach searches each place once, pure
    and compiled; the move is then refused at once, and nothing changes. Since the s33
    review that move keeps to the Breach's Type (R002-33), so the search over every Type
    beside the water is asked of the same mole with no Breach held."""
    s = _burrower()
    t = s.state.space.terrain
    a = dataclasses.replace(s.state.actors["a"], breach_type=None, breach_m=0.0)
    o = s.state.options
    start = start_spot(t, a)
    freed = plan_search(t, a, o, None, loose=explain_room(t), any_turns=True)
    assert freed.mover.turns == UNLIMITED
    found = pure_run(t, start, freed, _once_per_place(t, freed.mover))
    assert {k[4] for k in found} == {0}
    assert (WATER, 0, 0, t.bed[0][0], 0) in found  # the bottom of the pond: reached
    # the compiled search, first on a small budget (bounded even if it kept the count)
    small = plan_search(t, a, o, None, loose=4.0, any_turns=True)
    fast = fastreach.fast_reach(t, start, small)
    if fast is not None:
        assert len({k[:4] for k in fast}) == len(fast)
        assert list(fast) == list(pure_run(t, start, small))
    refused(s, {"do": "move", "actor": "a", "to": [0, 2]}, "no_way", "R002-02")


def test_A002_27_a_lifted_limit_counts_the_changes_of_the_route() -> None:
    """A002-27, A002-17, R002-12: a swimmer under the water that has used its change
    comes up, crosses the bank and dives into the next pool by an action that lifts the
    limit: the move's changes are its route's two crossings, and the count goes on from
    there (the search kept no count in its spots)."""
    s = session([creature("m", "0,0,-1", scores={"Swim": 6, "Overland": 6})],
                rows=["~.~"], legend={".": {"surface": "floor"},
                                      "~": {"surface": "water", "water_depth": 2}})
    do(s, "move", "m", type="swim", to=[0, 0, -2])
    before = who(s, "m")["transitions"]
    refused(s, {"do": "move", "actor": "m", "to": [0, 2, -1]}, "transition_limit",
            "R002-12")
    events = do(s, "move", "m", to=[0, 2, -1], overrides_transition_limit=True)
    moved = next(e for e in events if e.type == "moved")
    assert moved.transitions == 2 and "R002-12" in moved.rules
    assert who(s, "m")["transitions"] == before + 2
    assert who(s, "m")["mode"] == "water" and who(s, "m")["submerged"]


# -- the oracle: the old search (the count in the key) against the new ------------------------

LEGEND_DATA: dict[str, dict[str, Any]] = {
    ".": {"surface": "floor"},
    "1": {"surface": "floor", "elevation": 1},
    "R": {"surface": "floor", "tags": ["rock"]},
    "#": {"surface": "wall", "elevation": 2},
    "~": {"surface": "water", "water_depth": 1},
    "w": {"surface": "water", "water_depth": 2},
    "_": {"surface": "void"},
}
LEGEND = {k: CellSpec.model_validate(v) for k, v in LEGEND_DATA.items()}


def _counted(terrain: Terrain, mover: Any) -> Callable[[Spot], list[Step[Spot]]]:
    """The old search's steps: each step's spot carries the changes made so far (up to
    99, the old lifted limit), counted here from the lifted steps."""

    def steps(spot: Spot) -> list[Step[Spot]]:
        out: list[Step[Spot]] = []
        was = terrain.submerged(*spot[:4])
        for st_ in terrain.steps((*spot[:4], 0), mover):
            n = spot[4] + (terrain.submerged(*st_.to[:4]) != was)
            if n <= UNLIMITED:
                out.append(Step((*st_.to[:4], n), st_.style, st_.cost))
        return out

    return steps


def _by_place(found: Reach[Spot]) -> dict[tuple[int, ...], tuple[float, set[tuple[float, ...]]]]:
    """Per place, the least spent in all and every kept spend (rounded)."""
    out: dict[tuple[int, ...], tuple[float, set[tuple[float, ...]]]] = {}
    for key in found:
        least, spends = out.get(key[:4], (float("inf"), set()))
        spends |= {tuple(round(x, 9) for x in v) for v in found.vectors(key)}
        out[key[:4]] = (min(least, found.min_pool(key)), spends)
    return out


def _same_places(old: Reach[Spot], new: Reach[Spot]) -> None:
    was, now = _by_place(old), _by_place(new)
    assert set(was) == set(now)
    for place, (least, spends) in now.items():
        assert abs(was[place][0] - least) <= 1e-9, place
        assert spends <= was[place][1], place  # every label kept is one the old search finds


@st.composite
def _ponds(draw: st.DrawFn) -> tuple[Terrain, Any, AllowancesOptions, float | None]:
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(2, 3))
    text = [[draw(st.sampled_from("..1R#~ww_")) for _ in range(cols)] for _ in range(rows)]
    text[draw(st.integers(0, rows - 1))][draw(st.integers(0, cols - 1))] = "w"  # water
    o = AllowancesOptions.model_validate({
        "distance": {"metric": draw(st.sampled_from(["manhattan", "euclidean"])),
                     "vertical_step_m": draw(st.sampled_from([0.5, 1.0])),
                     "skim": draw(st.booleans())},
        "cascade": {"limit": draw(st.sampled_from(["own", "drained"]))},
        "burrow": {"max_depth_m": 1.0}})
    terrain = Terrain(parse_ascii(["".join(r) for r in text], LEGEND),
                      metric=o.distance.metric, vertical_step=o.distance.vertical_step_m,
                      walk_step=o.distance.walk_step_m, burrow_depth=o.burrow.max_depth_m,
                      solid_tags=o.burrow.solid_tags, skim=o.distance.skim)
    wet = [(r, c) for r in range(rows) for c in range(cols) if text[r][c] in "~w"]
    r, c = draw(st.sampled_from(wet))
    kind = draw(st.sampled_from([WATER, WATER, GROUND, EARTH]))
    lv = terrain.top[r][c] - draw(st.integers(0, 1)) if kind == WATER else 0
    if kind != WATER:  # on or under a floor next to the water, if there is one
        dry = [(r2, c2) for r2 in range(rows) for c2 in range(cols) if text[r2][c2] in ".1"]
        if not dry:
            kind = WATER
        else:
            r, c = draw(st.sampled_from(dry))
            lv = terrain.top[r][c] - (1 if kind == EARTH else 0)
    types = draw(st.lists(st.sampled_from(["swim", "overland", "burrow", "flight"]),
                          min_size=1, max_size=3, unique=True))
    scores = {x: float(draw(st.integers(1, 4))) for x in {*types, "swim"}}
    breach = draw(st.sampled_from([None, None, "swim", "burrow"]))
    actor = dataclasses.replace(
        TEMPLATE, row=r, col=c, z=terrain.height(lv), mode=KIND_NAMES[kind],
        scores=scores, allowance=dict(scores), breach_type=breach,
        breach_m=float(draw(st.integers(1, 3))) if breach else 0.0)
    loose = draw(st.sampled_from([None, 2.0, 3.0]))
    return terrain, actor, o, loose


#: a creature to vary (its fields other than those drawn are an encounter's defaults)
TEMPLATE = session([creature("a", "0,0", scores={"Overland": 1})]).state.actors["a"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_ponds(), st.sampled_from([None, None, *MAP_TYPES]))
def test_R002_12_the_lifted_search_reaches_what_the_counting_one_did(
        case: tuple[Terrain, Any, AllowancesOptions, float | None], by: str | None) -> None:
    """R002-12, A002-27, A002-17: with the limit lifted (an overriding move, or a loose
    search that explains a refusal), the search with one spot per place reaches the same
    places at the same least costs as the old one with the count in its spots, pure and
    compiled."""
    terrain, actor, o, loose = case
    search = plan_search(terrain, actor, o, by, override=True, loose=loose)
    start = start_spot(terrain, actor)
    try:
        old = pure_run(terrain, start, search, _counted(terrain, search.mover))
    except ValueError:  # a step in a style the budget lacks: refused alike
        with pytest.raises(ValueError):
            pure_run(terrain, start, search)
        return
    new = pure_run(terrain, start, search)
    assert len({k[:4] for k in new}) == len(new)
    _same_places(old, new)
    fast = fastreach.fast_reach(terrain, start, search)
    if fast is not None:
        _same_places(old, fast)


@st.composite
def _pond_sessions(draw: st.DrawFn) -> Any:
    """A swimmer in, under or beside the water of a tiny map (an encounter)."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(2, 3))
    text = [[draw(st.sampled_from("..1#~ww")) for _ in range(cols)] for _ in range(rows)]
    r, c = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
    text[r][c] = "w"
    z = draw(st.sampled_from([0, -1, -2]))
    scores = {"Swim": draw(st.integers(2, 5)), "Overland": draw(st.integers(1, 4))}
    if draw(st.booleans()):
        scores["Burrow"] = draw(st.integers(1, 3))
    return session([creature("m", f"{r},{c},{z}", scores=scores)],
                   rows=["".join(x) for x in text],
                   legend={k: v for k, v in LEGEND_DATA.items() if k != "R"},
                   options={"burrow": {"max_depth_m": 1},
                            "distance": {"vertical_step_m": draw(st.sampled_from([0.5, 1.0]))},
                            "transitions": {"per_activation": draw(st.integers(0, 1))}})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_pond_sessions())
def test_A002_17_an_overriding_move_counts_its_path_s_crossings(s: Any) -> None:
    """A002-17, A002-27, R002-12: every move made with the limit lifted counts, in its
    event, the crossings between submerged and surfaced along its route (counted step by
    step here); the search kept no count in its spots."""
    state = s.state
    t, a, o = state.space.terrain, state.actors["m"], state.options
    start = start_spot(t, a)
    for r in range(t.rows):
        for c in range(t.cols):
            command = {"do": "move", "actor": "m", "to": [r, c],
                       "overrides_transition_limit": True}
            try:
                events = s.engine.decide(state, s.engine.parse(command))
            except IllegalCommand as exc:
                assert exc.reason != "transition_limit"
                continue
            found = route(t, a, o, None, (r, c), override=True)
            assert found.end[4] == start[4]  # no count kept in the spot
            here, n = start, 0
            for p in found.plan:
                n += t.submerged(*here[:4]) != t.submerged(*p.key[:4])
                here = p.key
            moved = next(e for e in events if e.type == "moved")
            assert moved.transitions == n, (r, c)
            assert ("R002-12" in moved.rules) == (n > 0)


# -- the loose searches that explain a refusal: one amount for every step ------------------

#: property (g)'s draw that ran for minutes (seed 1 of a search for it): a swimmer under
#: the water of a 3x4 map with Flight, Burrow, Climb and Swim, after a Breach into the
#: air; explaining its refused moves split 78 m between Flight, Swim and the Breach in
#: every way at every height of the open air above the map (121,996 labels)
G_DRAW = {"footwork": 1, "ruleset": "allowances", "seed": 1,
          "options": {"burrow": {"max_depth_m": 2},
                      "cascade": {"compare": "base_score", "limit": "drained"},
                      "distance": {"metric": "euclidean", "skim": False}},
          "map": {"unit": "m", "rows": ["....", "..R.", "~.RR"],
                  "legend": {k: LEGEND_DATA[k] for k in ".R"} | {
                      "~": {"surface": "water", "water_depth": 2}}},
          "actors": [{"id": "a", "side": "x", "at": "2,0,-1",
                      "stats": {"scores": {"Flight": 1, "Burrow": 1, "Climb": 1, "Swim": 1},
                                "skills": SKILLS}}]}


def test_R002_02_explaining_a_refusal_keeps_one_label_per_spot() -> None:
    """R002-02, R002-05, R002-33, R002-12: the searches that explain a refused move ask
    where a looser budget would reach, by any mix of the move's Types and the Breach's
    metres: one amount pays every step, so a spot holds one label (not every split of the
    same metres between the Types), pure and compiled; the moves of property (g)'s slow
    draw are then ruled at once."""
    from footwork.scenario import encounter_from_data

    s = encounter_from_data(G_DRAW, "g").session()
    s.do({"do": "spend", "actor": "a", "type": "Burrow", "distance": 1})
    s.do({"do": "breach", "actor": "a", "into": "air", "roll": [30], "pp": 0})
    state = s.state
    t, a, o = state.space.terrain, state.actors["a"], state.options
    assert a.breach_type == "flight"
    start = start_spot(t, a)
    for by in (None, "flight"):
        for any_turns in (False, True):
            small = plan_search(t, a, o, by, loose=6.0, any_turns=any_turns)
            found = pure_run(t, start, small)
            assert found.labels == len(found)
            assert small.budget.styles == ("loose",) and "breach" in small.merged
            fast = fastreach.fast_reach(t, start, small)
            if fast is not None:
                assert list(fast) == list(found) and fast.labels == len(fast)
    for cell in ([0, 3], [2, 3], [1, 1]):
        for typed in ({"type": "flight"}, {}):
            try:
                s.engine.decide(state, s.engine.parse(
                    {"do": "move", "actor": "a", "to": cell, **typed}))
            except IllegalCommand as exc:
                assert exc.reason in ("over_allowance", "no_way", "transition_limit",
                                      "no_landing"), exc


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_ponds(), st.sampled_from([None, None, *MAP_TYPES]), st.booleans())
def test_a_loose_search_reaches_within_its_amount_in_all(
        case: tuple[Terrain, Any, AllowancesOptions, float | None], by: str | None,
        any_turns: bool) -> None:
    """The loose search with one amount of L m reaches exactly what caps of L m on each
    of its resources reach by a way of at most L m in all, at the same least cost."""
    terrain, actor, o, loose = case
    amount = loose or 3.0
    s = plan_search(terrain, actor, o, by, loose=amount, any_turns=any_turns)
    start = start_spot(terrain, actor)

    def capped(each: float) -> Reach[Spot]:
        return pure_run(terrain, start, dataclasses.replace(
            s, budget=Budget(dict.fromkeys(s.merged, each)), merged=()))

    try:
        wide = capped(amount)
    except ValueError:
        return
    found = pure_run(terrain, start, s)
    within = {k for k in wide if wide.min_pool(k) <= amount + 1e-9}
    assert set(found) == within
    for key in found:
        assert abs(found.min_pool(key) - wide.min_pool(key)) <= 1e-9, key
