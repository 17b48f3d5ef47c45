"""The move options of `styles` are listed from the search's arrays and built on demand.

``places.move_places`` picks each place's cheapest spot with array operations; the oracle
here is the per-spot loop it replaced (each spot's least pool and cheapest plan read one
by one from the ``Reach``). Both must give the same options, in the same order, on every
example and on maps with falls, water, walls, Dash (R001-06) and prone Walk (R001-29);
and ``options()`` must build no move option until one is read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from footwork.engine import Session
from footwork.engine.choices import Option, Options
from footwork.rulesets.styles.places import move_places, place_codes
from footwork.rulesets.styles.planning import reachable
from footwork.rulesets.styles.ruleset import _opts, _sneak_odds, _terrain
from footwork.rulesets.styles.terrain import AIR, FALLEN, GROUND, NONE, WATER, Spot, Terrain
from footwork.scenario import load_encounter
from footwork.space.reach import EPS, Budget, Step, reach

from ...support import inline_session
from ._helpers import actor, encounter_data

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "styles"

#: a tower with a ledge, a drop into a void, a pond and obscured cells
ROWS = ["....^^^....",
        "..#.^^^.~~.",
        "..#....o~~_",
        ".....o..___"]


def _place_key(t: Terrain, spot: Spot) -> tuple[int, int, int, int]:
    kind = spot[0]
    if kind == FALLEN:
        kind = WATER if t.surface[spot[1]][spot[2]] == 2 else GROUND
    return (kind, spot[1], spot[2], spot[3])


def oracle(s: Session[Any], actor_id: str) -> list[dict[str, Any]]:
    """The options as the per-spot loop listed them, by the same option builder."""
    from footwork.rulesets.styles.places import _option

    state = s.state
    t, o = _terrain(state), _opts(state)
    a = state.actors[actor_id]
    out: list[dict[str, Any]] = []
    plain_found = reachable(t, a, o)
    runs = [(plain_found, False)]
    if a.dashes < o.dash.per_turn and a.hooks >= o.dash.hooks:
        runs.append((reachable(t, a, o, dash=True), True))
    for found, dash in runs:
        plain = {_place_key(t, x) for x in plain_found} if dash else set()
        start = found.start
        best: dict[tuple[int, int, int, int], Spot] = {}
        for spot in found:
            if spot == start or spot[0] == AIR or (spot[0] == FALLEN and spot[3] == NONE):
                continue
            key = _place_key(t, spot)
            if key in plain:
                continue
            held = best.get(key)
            if held is None or found.min_pool(spot) < found.min_pool(held) - EPS:
                best[key] = spot
        rows = []
        for key, spot in best.items():
            if key == _place_key(t, start):
                continue
            spend = found.cheapest(spot)
            assert spend is not None
            option = _option(t, o, a, spend, dash=dash, start=start, round_now=state.round,
                             sneak_odds=lambda: _sneak_odds(o))
            rows.append(((spend.pool, spot[1], spot[2], spot[3], key[0]), option))
        rows.sort(key=lambda x: x[0])
        out += [opt.to_json() for _, opt in rows]
    return out


def moves(s: Session[Any], actor_id: str) -> list[dict[str, Any]]:
    return [o.to_json() for o in s.options(actor_id) if o.command.get("do") == "move"]


#: inline movers on ROWS, by name: their sheets (R001-16) and what they hold
MOVERS: dict[str, dict[str, Any]] = {
    "walker": {"styles": ["Double Walk"]},
    "climber-dashing": {"styles": ["Walk", "Climb", "Half Jump"], "hooks": 1},
    "swimmer-prone": {"styles": ["Walk", "Swim"], "prone": True},
    "flier": {"styles": ["Walk", "Fly"], "hooks": 1},
}


def session_of(name: str) -> tuple[Session[Any], str]:
    if name in MOVERS:
        return inline_session(encounter_data([actor("ada", "2,3", **MOVERS[name])],
                                             rows=ROWS)), "ada"
    s = load_encounter(EXAMPLES / f"{name}.yaml").session()
    who = s.actor_to_move
    assert who is not None
    return s, who


@pytest.mark.parametrize("name", [p.stem for p in sorted(EXAMPLES.glob("*.yaml"))] + list(MOVERS))
def test_R001_13_places_are_the_per_spot_loops_places(name: str) -> None:
    """R001-02, R001-13, R001-06: the array selection lists the places, costs, plans and
    order that the per-spot loop listed."""
    s, who = session_of(name)
    got = moves(s, who)
    assert got == oracle(s, who)
    assert got, name  # every case has somewhere to go


def test_options_build_no_move_until_read() -> None:
    data = encounter_data([actor("ada", "2,3", styles=["Walk", "Climb", "Half Jump"], hooks=1)],
                          rows=ROWS)
    s = inline_session(data)
    found = s.options("ada")
    assert isinstance(found, Options) and found.reachable is not None
    places = found.reachable
    assert len(places) > 10
    assert all(b is None for b in places._built)  # nothing built by listing
    one = s.plan("ada", places.to[3])
    assert isinstance(one, Option) and one.to == places.to[3]
    assert sum(b is not None for b in places._built) == 1
    assert found[3] is one  # the same place, built once


def test_place_codes_count_a_fall_as_where_it_lands() -> None:
    data = encounter_data([actor("ada", "2,3")], rows=ROWS)
    t = _terrain(inline_session(data).state)
    pond, floor = (FALLEN, 1, 8, 0, 3), (FALLEN, 0, 0, 0, 3)
    codes = place_codes(t, np.array([pond, (WATER, 1, 8, 0, 0), floor, (GROUND, 0, 0, 0, 0)]))
    assert codes[0] == codes[1] and codes[2] == codes[3] and codes[0] != codes[2]


def test_a_place_is_listed_by_its_cheapest_spot_not_the_first_found() -> None:
    """Two spots of one place (the parity of diagonals differs, A001-17): the one found
    first costs 3, the other 1; the place is listed at 1 (R001-13)."""
    s, who = session_of("walker")
    t, o = _terrain(s.state), _opts(s.state)
    start: Spot = (GROUND, 2, 3, 0, 0)
    first, cheaper = (GROUND, 2, 4, 0, 0), (GROUND, 2, 4, 0, 1)
    steps = {start: [Step(first, "walk", 3.0), Step(cheaper, "walk", 1.0)],
             first: [], cheaper: []}
    found = reach(start, lambda k: steps[k], Budget({"walk": 4.0}, 4.0))
    assert list(found.keys()) == [start, first, cheaper]
    places = move_places(t, o, found, s.state.actors[who], dash=False, plain=None,
                         round_now=1, sneak_odds=lambda: _sneak_odds(o))
    assert places.to == ("2,4",) and places.cost.tolist() == [1.0]
    option = places.option(0)
    assert option.cost.startswith("1u")
