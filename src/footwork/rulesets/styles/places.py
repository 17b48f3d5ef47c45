"""The places a `styles` move can reach, listed from the search's arrays; each place's
option (its plan, label, checks and risk) built only when it is read.

A table that picks up a token needs every place with its cost at once, and the plan of
the one place hovered or picked. So :func:`move_places` finds the places with array
operations over the search's result (:func:`~footwork.space.arrayreach.as_arrays`):

- a spot in the air mid-jump, or a fall into a void (no landing), is no place to stop;
- a place is where a spot leaves the character: its mode, cell and level, a fall counting
  as the ground or the water it lands in (the parity of diagonals does not matter there);
- each place is listed once, by its cheapest spot (pool spent; of spots within EPS of
  each other, the first found), and not the start's own place;
- under a Dash (R001-06), a place the plain pool reaches in any way is left to the plain
  move's list;
- the list runs by pool spent, then row, col, level and mode.

Building the option of one place is what the whole list used to cost per place: the
cheapest plan, its segments (R001-33), the fall's damage odds (A001-14) and the Sneaking
Test where cover is entered (R001-05).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from footwork.engine.choices import CheckOdds, Option, Reachable
from footwork.engine.codec import JSON
from footwork.rulesets.styles.falls import damage_odds
from footwork.rulesets.styles.model import StyleActor, in_u
from footwork.rulesets.styles.options import StylesOptions
from footwork.rulesets.styles.planning import (
    fallen_into,
    new_location,
    segments_of,
    target_of,
)
from footwork.rulesets.styles.stakes import spot_risk
from footwork.rulesets.styles.terrain import (
    AIR,
    FALLEN,
    GROUND,
    KIND_NAMES,
    NONE,
    WATER,
    Spot,
    Terrain,
)
from footwork.space.arrayreach import ArrayReach, as_arrays
from footwork.space.grid import Surface, cell_names
from footwork.space.reach import EPS, Reach, Spend

__all__ = ["move_places", "place_codes"]

IntArray = npt.NDArray[np.int64]


def place_codes(t: Terrain, spots: IntArray) -> IntArray:
    """Each spot's place (mode, cell, level) as one int64: a fall counts as the ground or
    water it lands in."""
    kind = spots[:, 0].copy()
    fell = kind == FALLEN
    if fell.any():
        into_water = t.surface_a[spots[fell, 1], spots[fell, 2]] == int(Surface.WATER)
        kind[fell] = np.where(into_water, WATER, GROUND)
    cell = spots[:, 1] * t.cols + spots[:, 2]
    # levels are small; a fall into a void (NONE) is never a place, so its code is moot
    level = np.clip(spots[:, 3], -(1 << 20), (1 << 20) - 1) + (1 << 20)
    return (cell << 25) | (level << 4) | kind


def move_places(t: Terrain, o: StylesOptions, found: Reach[Spot], actor: StyleActor, *,
                dash: bool, plain: Reach[Spot] | None, round_now: int,
                sneak_odds: Callable[[], CheckOdds]) -> Reachable:
    """The places of ``found`` (a search from the actor's spot) as a :class:`Reachable`
    (see the module docstring); ``plain`` is the search without the Dash, whose places a
    Dash does not list again."""
    spots, pools = as_arrays(found)
    start = found.start
    codes = place_codes(t, spots)
    keep = spots[:, 0] != AIR
    keep &= ~((spots[:, 0] == FALLEN) & (spots[:, 3] == NONE))
    start_code = place_codes(t, np.array([start], dtype=np.int64))[0]
    keep &= codes != start_code
    if plain is not None:
        plain_spots, _ = as_arrays(plain)
        keep &= ~np.isin(codes, place_codes(t, plain_spots))
    index = np.flatnonzero(keep)
    if index.size == 0:
        return Reachable.empty()
    c, p = codes[index], pools[index]
    order = np.argsort(c, kind="stable")  # by place, then the order found
    c_sorted = c[order]
    change = c_sorted[1:] != c_sorted[:-1]
    if change.all():  # one spot a place, the usual case
        chosen = index
    else:
        # per place, the first spot found within EPS of its least pool
        new_group = np.concatenate(([True], change))
        starts = np.flatnonzero(new_group)
        group = np.cumsum(new_group) - 1
        p_sorted = p[order]
        hits = np.flatnonzero(p_sorted <= np.minimum.reduceat(p_sorted, starts)[group] + EPS)
        g_hits = group[hits]
        firsts = hits[np.concatenate(([True], g_hits[1:] != g_hits[:-1]))]
        chosen = index[order[firsts]]
    # the list order: pool spent, then row, col, level and mode (the order of the codes)
    listed = chosen[np.lexsort((codes[chosen], pools[chosen]))]
    rows = spots[listed]
    to = cell_names(rows[:, 1], rows[:, 2])
    keys = listed.tolist()

    def build(i: int) -> Option:
        k = keys[i]
        spend = (found.cheapest_at(k) if isinstance(found, ArrayReach)
                 else found.cheapest(_spot(spots, k)))
        assert spend is not None
        return _option(t, o, actor, spend, dash=dash, start=start, round_now=round_now,
                       sneak_odds=sneak_odds)

    return Reachable(to, pools[listed], build)


def _spot(spots: IntArray, k: int) -> Spot:
    r = spots[k].tolist()
    return (r[0], r[1], r[2], r[3], r[4])


def _option(t: Terrain, o: StylesOptions, a: StyleActor, spend: Spend[Spot], *, dash: bool,
            start: Spot, round_now: int, sneak_odds: Callable[[], CheckOdds]) -> Option:
    """The move option to ``spend``'s spot by its cheapest plan (R001-02, R001-13)."""
    spot = spend.key
    segs = segments_of(spend.plan, t)
    plan = [{"style": style, "to": target_of(t, end)} for style, end in segs]
    to = target_of(t, spot)
    command: dict[str, JSON] = {"do": "move", "actor": a.id, "to": to, "plan": plan}
    if dash:
        command["dash"] = True
    spent = ", ".join(f"{k} {in_u(v)}" for k, v in spend.spent.items() if v > EPS)
    checks: list[CheckOdds] = []
    rules = ["R001-02", "R001-13"]
    where = KIND_NAMES[spot[0]]
    if spot[0] == FALLEN:
        fell = t.height(spot[4] - spot[3])
        into = fallen_into(t, spot)
        where = f"falls {in_u(fell)} into {into}"
        odds = damage_odds(o.fall, fell, into)
        if odds is not None:
            checks.append(odds)
        rules.append("A001-14")
    if dash:
        rules += ["R001-06", "R001-07"]
    if (new_location(start, spot) and t.obscured[spot[1]][spot[2]]
            and a.sneak_round != round_now and o.sneak.check == "roll"):
        checks.append(sneak_odds())
        rules.append("R001-05")
    label = (f"{'dash, ' if dash else ''}move to ({spot[1]},{spot[2]}) at "
             f"{in_u(float(to[2]))}, {where}")
    return Option(command, label, f"{in_u(spend.pool)} ({spent or 'nothing'})",
                  to=f"{spot[1]},{spot[2]}", checks=tuple(checks), rules=tuple(rules),
                  risk=spot_risk(t, o, spot))
