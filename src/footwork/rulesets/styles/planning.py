"""Plans: the path a Move lays out, the styles it uses, and what it costs (R001-02, R001-03).

A plan is a list of *segments*, each in one style and ending at a cell (and a height).
footwork routes each segment by the cheapest way in its style (through the segment's
waypoints, if any); a jump segment is one hop (R001-33: several hops are several
segments). :func:`reachable` is the other direction: every spot a character can reach
with what it has left, by the exact multi-resource search of the core, and the cheapest
plan to each.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass

from footwork.errors import IllegalCommand
from footwork.rulesets.styles.model import GRADES, MODE_STYLE, StyleActor
from footwork.rulesets.styles.options import StylesOptions
from footwork.rulesets.styles.terrain import (
    AIR,
    FALLEN,
    GROUND,
    KIND_NAMES,
    MODE_KIND,
    NONE,
    WATER,
    Mover,
    Spot,
    Terrain,
)
from footwork.space.grid import Surface
from footwork.space.reach import EPS, Budget, PlanStep, Reach, Step, reach

Cell = tuple[int, int]
#: a segment as a command gives it: its style, where it ends (row, col and maybe z),
#: and waypoints
Target = tuple[int, int] | tuple[int, int, float]


@dataclass(frozen=True, slots=True)
class Segment:
    """One leg of a plan, in one style (a command's ``plan`` item)."""

    style: str
    to: Target
    via: tuple[Cell, ...] = ()


@dataclass(frozen=True, slots=True)
class Leg:
    """A routed segment: the spots it passes and its price."""

    style: str
    spots: tuple[Spot, ...]
    cost: float

    @property
    def end(self) -> Spot:
        return self.spots[-1]


def start_spot(terrain: Terrain, actor: StyleActor) -> Spot:
    return (MODE_KIND[actor.mode], actor.row, actor.col, terrain.level(actor.z), 0)


def mover_for(actor: StyleActor, options: StylesOptions, *, hazards_ok: bool = False,
              dash: bool = False) -> Mover:
    """The styles the actor may use now (R001-10, A001-10) and the Walk price (R001-29)."""
    styles = frozenset(actor.caps())
    if actor.prone and options.prone.blocks_other_styles:
        styles &= {"walk"}
    return Mover(styles, 2.0 if actor.prone else 1.0, hazards_ok)


def budget_for(actor: StyleActor, *, dash: bool = False) -> Budget:
    """Each style's cap left and the pool left (R001-13), doubled by a new Dash."""
    factor = 2.0 if dash and not actor.dashing else 1.0
    caps = {k: max(0.0, v * factor - actor.spent.get(k, 0.0)) for k, v in actor.caps().items()}
    pool = max(0.0, actor.pool() * factor - actor.pool_spent)
    return Budget(caps or {"walk": 0.0}, pool)


def reachable(terrain: Terrain, actor: StyleActor, options: StylesOptions, *,
              dash: bool = False, hazards_ok: bool = False) -> Reach[Spot]:
    """Every spot within what the actor has left, with its Pareto front of spends.
    Found ways keep off hazard cells unless ``hazards_ok`` (A001-19)."""
    mover = mover_for(actor, options, dash=dash, hazards_ok=hazards_ok)
    budget = budget_for(actor, dash=dash)
    usable = set(mover.styles)

    def steps(spot: Spot) -> list[Step[Spot]]:
        return [s for s in terrain.steps(spot, mover) if s.style in usable]

    return reach(start_spot(terrain, actor), steps, budget)


def segments_of(plan: Sequence[PlanStep[Spot]], terrain: Terrain) -> list[tuple[str, Spot]]:
    """Group a found plan's steps into segments: a change of style, or a jump's landing,
    starts a new one (R001-33). Returns (style, end spot) pairs."""
    out: list[tuple[str, Spot]] = []
    for i, st in enumerate(plan):
        if out and out[-1][0] == st.style and not (st.style == "jump" and
                                                   plan[i - 1].key[0] != AIR):
            out[-1] = (st.style, st.key)
        else:
            out.append((st.style, st.key))
    return out


def target_of(terrain: Terrain, spot: Spot) -> list[float | int]:
    """A spot as a command's ``to``: ``[row, col, z]``."""
    _kind, r, c, lv, _ = spot
    z = terrain.height(lv) if lv != NONE else 0.0
    return [r, c, _num(z)]


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(x, 6)


# -- routing one segment ---------------------------------------------------------------


_RANK = {AIR: 2, FALLEN: 1}


def route(terrain: Terrain, start: Spot, style: str, cell: Cell, level: int | None,
          mover: Mover, bound: float, *, last: bool = True,
          air_only: bool = False) -> Leg | None:
    """The cheapest way from ``start`` to ``cell`` (at ``level`` if given) in ``style``
    alone, within ``bound``. A jump is one hop: it may not land on the way. A way that
    ends in the air (a jump over a void) is taken only when no landing is possible and
    ``last`` (the Move ends there, with a fall). ``air_only``: the way must end in the
    air (a jump's waypoint is passed over, not landed on)."""
    one = Mover(frozenset({style}), mover.walk_factor, mover.hazards_ok)
    dist: dict[Spot, float] = {start: 0.0}
    prev: dict[Spot, Spot] = {}
    heap: list[tuple[float, Spot]] = [(0.0, start)]
    best: tuple[float, int, Spot] | None = None
    while heap:
        d, spot = heapq.heappop(heap)
        if d > dist.get(spot, math.inf) + EPS:
            continue
        if best is not None and d > best[0] + EPS:
            break
        if spot != start and spot[1:3] == cell and (level is None or spot[3] == level
                                                      or (spot[0] == FALLEN and level == spot[3])):
            rank = _RANK.get(spot[0], 0)
            if air_only and spot[0] != AIR:
                pass
            elif (rank < 2 or last or air_only) and (best is None or (d, rank) < best[:2]):
                best = (d, rank, spot)
        if style == "jump" and spot != start and spot[0] != AIR:
            continue  # landed: the hop is over
        for st in terrain.steps(spot, one):
            if st.style != style:
                continue
            d2 = d + st.cost
            if d2 > bound + EPS or d2 >= dist.get(st.to, math.inf) - EPS:
                continue
            dist[st.to] = d2
            prev[st.to] = spot
            heapq.heappush(heap, (d2, st.to))
    if best is None:
        return None
    spots = [best[2]]
    while spots[-1] != start:
        spots.append(prev[spots[-1]])
    spots.reverse()
    return Leg(style, tuple(spots), best[0])


def _where(cell: Cell) -> str:
    return f"row {cell[0]}, col {cell[1]}"


def _no_way(terrain: Terrain, style: str, start: Spot, cell: Cell) -> IllegalCommand:
    """Why a segment has no way: the most specific reason we can name."""
    r, c = cell
    if not terrain.in_bounds(r, c):
        return IllegalCommand("off_map", f"{_where(cell)} is off the map "
                              f"({terrain.rows} rows, {terrain.cols} cols)")
    surface = Surface(terrain.surface[r][c])
    if style == "walk" and surface is Surface.VOID:
        return IllegalCommand("void", f"{_where(cell)} is a void: there is no ground to walk "
                              "on; jump over it (R001-26, R001-32)", ("R001-26",))
    if style == "walk" and surface is Surface.WALL:
        return IllegalCommand("no_way", f"{_where(cell)} is a wall: climb it, Walk cannot "
                              "(R001-26, R001-34)", ("R001-26", "R001-34"))
    if style == "swim" and surface is not Surface.WATER:
        return IllegalCommand("not_water", f"{_where(cell)} is {surface.spec_name}, not "
                              "water: there is nothing to swim in (R001-35)", ("R001-35",))
    if style == "jump" and start[0] not in (GROUND, AIR):
        return IllegalCommand("no_launch", "a jump launches from solid ground, not from "
                              f"{KIND_NAMES[start[0]]} (R001-32)", ("R001-32",))
    rules = {"walk": "R001-26", "jump": "R001-32", "climb": "R001-34", "swim": "R001-35"}
    rule = rules.get(style, "R001-17")
    return IllegalCommand("no_way", f"no way to {style} from {_where(start[1:3])} to "
                          f"{_where(cell)} in one {style} segment ({rule})", (rule,))


def route_plan(terrain: Terrain, actor: StyleActor, plan: Sequence[Segment],
               options: StylesOptions, *, dash: bool) -> list[Leg]:
    """Route every segment of a plan; refuse it whole if any leg is impossible or the
    whole is over the pool or a style's cap (R001-02, R001-13)."""
    mover = mover_for(actor, options, dash=dash)
    budget = budget_for(actor, dash=dash)
    bound = 4 * max(GRADES.values()) * 2 + 4 * terrain.h
    legs: list[Leg] = []
    spot = start_spot(terrain, actor)
    for i, seg in enumerate(plan):
        where = f"plan[{i}]"
        if seg.style not in actor.caps():
            raise IllegalCommand("no_style", f"{where}: {actor.id} has no {seg.style.title()} "
                                 "on its sheet; improvise it first (R001-10, R001-23)",
                                 ("R001-10", "R001-23"))
        if seg.style not in mover.styles:
            raise IllegalCommand("prone", f"{where}: {actor.id} is prone and must stand up "
                                 f"(1u) before using {seg.style.title()} (A001-10)",
                                 ("R001-29", "A001-10"))
        if spot[0] == FALLEN:
            raise IllegalCommand("after_fall", f"{where}: the plan goes on after a fall; a "
                                 "Fall ends the Move (R001-26, A001-14)",
                                 ("R001-26", "A001-14"))
        stops = [*seg.via, seg.to[:2]]
        spots: list[Spot] = [spot]
        cost = 0.0
        for j, stop in enumerate(stops):
            cell = (int(stop[0]), int(stop[1]))
            final = j == len(stops) - 1
            level = terrain.level(float(seg.to[2])) if final and len(seg.to) == 3 else None
            leg = _route_avoiding(terrain, spots[-1], seg.style, cell, level, mover, bound,
                                  last=final and i == len(plan) - 1,
                                  through=not final and seg.style == "jump")
            if leg is None:
                raise _in(where, _no_way(terrain, seg.style, spots[-1], cell))
            spots.extend(leg.spots[1:])
            cost += leg.cost
            if spots[-1][0] == FALLEN and not final:
                raise IllegalCommand("after_fall", f"{where}: the way falls before its end "
                                     "(R001-26, A001-14)", ("R001-26", "A001-14"))
        legs.append(Leg(seg.style, tuple(spots), cost))
        spot = spots[-1]
        if spot[0] == AIR and i != len(plan) - 1:
            raise IllegalCommand("no_landing", f"{where}: the jump ends in the air; only the "
                                 "last segment may (it falls, R001-32)", ("R001-32",))
    _check_budget(actor, legs, budget)
    return legs


def _in(where: str, exc: IllegalCommand) -> IllegalCommand:
    return IllegalCommand(exc.reason, f"{where}: {exc.detail}", exc.rules)


def _route_avoiding(terrain: Terrain, start: Spot, style: str, cell: Cell, level: int | None,
                    mover: Mover, bound: float, *, last: bool, through: bool) -> Leg | None:
    """A leg that keeps off hazard cells where it can (A001-19), else any leg."""
    for hazards_ok in (False, True):
        m = Mover(mover.styles, mover.walk_factor, hazards_ok)
        # a jump's waypoint is passed in the air, not landed on
        leg = route(terrain, start, style, cell, level, m, bound, last=last, air_only=through)
        if leg is not None:
            return leg
    return None


def _check_budget(actor: StyleActor, legs: Sequence[Leg], budget: Budget) -> None:
    spent: dict[str, float] = {}
    for leg in legs:
        spent[leg.style] = spent.get(leg.style, 0.0) + leg.cost
    total = sum(spent.values())
    assert budget.pool is not None
    if total > budget.pool + EPS:
        raise IllegalCommand("over_pool", f"the plan needs {_u(total)} but {actor.id}'s pool "
                             f"has {_u(budget.pool)} left (R001-02, R001-13)",
                             ("R001-02", "R001-13"))
    for name, x in spent.items():
        cap = budget.caps.get(name, 0.0)
        if x > cap + EPS:
            raise IllegalCommand("over_cap", f"the plan uses {_u(x)} of {name.title()} but "
                                 f"{actor.id} has {_u(cap)} of it left (R001-02, R001-11, "
                                 "R001-12)", ("R001-02", "R001-11", "R001-12"))


def _u(x: float) -> str:
    return f"{round(x, 3):g}u"


def mode_of(spot: Spot) -> str:
    """The mode a spot leaves a character in (a fall leaves it on the ground or in water)."""
    kind = spot[0]
    if kind == FALLEN:
        return "ground"
    return KIND_NAMES[kind]


def style_after(spot: Spot) -> str:
    return MODE_STYLE.get(mode_of(spot), "walk")


def fallen_into(terrain: Terrain, spot: Spot) -> str:
    """What a fall ended on: ``floor``, ``water`` or ``void``."""
    _, r, c, lv, _ = spot
    if lv == NONE:
        return "void"
    return "water" if terrain.surface[r][c] == int(Surface.WATER) else "floor"


def landing_mode(terrain: Terrain, spot: Spot) -> str:
    into = fallen_into(terrain, spot)
    return "water" if into == "water" else "ground"


__all__ = [
    "GROUND", "WATER", "Leg", "Segment", "budget_for", "mover_for", "reachable", "route",
    "route_plan", "segments_of", "start_spot", "target_of",
]
