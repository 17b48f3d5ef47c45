"""Plans: the path a Move lays out, the styles it uses, and what it costs (R001-02, R001-03).

A plan is a list of *segments*, each in one style and ending at a cell (and a height).
footwork routes each segment by the cheapest way in its style (through the segment's
waypoints, if any); a jump segment is one hop (R001-33: several hops are several
segments). :func:`reachable` is the other direction: every spot a character can reach
with what it has left, by the exact multi-resource search of the core, and the cheapest
plan to each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from footwork.errors import IllegalCommand
from footwork.rulesets.styles.fastreach import fast_reach
from footwork.rulesets.styles.model import MODE_STYLE, STYLES, StyleActor, in_u, number
from footwork.rulesets.styles.options import StylesOptions
from footwork.rulesets.styles.terrain import (
    AIR,
    FALLEN,
    GROUND,
    KIND_NAMES,
    MODE_KIND,
    NONE,
    WALL,
    WATER,
    Mover,
    Spot,
    Terrain,
)
from footwork.space.grid import Surface
from footwork.space.reach import EPS, Budget, PlanStep, Reach, Spend, Step, reach

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
    """Where the actor is; the parity of its diagonals this turn carries on (A001-17)."""
    return (MODE_KIND[actor.mode], actor.row, actor.col, terrain.level(actor.z),
            actor.diagonals)


def mover_for(actor: StyleActor, options: StylesOptions, *, hazards_ok: bool = False,
              dash: bool = False) -> Mover:
    """The styles the actor may use now (R001-10, A001-10) and the Walk price (R001-29)."""
    styles = frozenset(actor.caps())
    if actor.prone and options.prone.blocks_other_styles:
        styles &= {"walk"}
    return Mover(styles, 2.0 if actor.prone else 1.0, hazards_ok)


def budget_for(actor: StyleActor, *, dash: bool = False) -> Budget:
    """Each style's cap left and the pool left (R001-13), doubled by a new Dash."""
    factor = 2.0 if dash else 1.0
    caps = {k: max(0.0, v * factor - actor.spent.get(k, 0.0)) for k, v in actor.caps().items()}
    pool = max(0.0, actor.pool() * factor - actor.pool_spent)
    return Budget(caps or {"walk": 0.0}, pool)


def reachable(terrain: Terrain, actor: StyleActor, options: StylesOptions, *,
              dash: bool = False, hazards_ok: bool = False) -> Reach[Spot]:
    """Every spot within what the actor has left, with its Pareto front of spends.
    Found ways keep off hazard cells unless ``hazards_ok`` (A001-19)."""
    mover = mover_for(actor, options, dash=dash, hazards_ok=hazards_ok)
    budget = budget_for(actor, dash=dash)
    start = start_spot(terrain, actor)
    found = fast_reach(terrain, start, mover, budget)  # compiled, when numba is there
    if found is not None:
        return found
    usable = set(mover.styles)

    def steps(spot: Spot) -> list[Step[Spot]]:
        return [s for s in terrain.steps(spot, mover) if s.style in usable]

    return reach(start, steps, budget)


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
    """A spot as a command's ``to``: ``[row, col, z]``, or ``[row, col]`` for a fall into a
    void (it has no height)."""
    _kind, r, c, lv, _ = spot
    if lv == NONE:
        return [r, c]
    return [r, c, number(terrain.height(lv))]



# -- following a plan -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Stop:
    """One stop of a plan: a segment's waypoint or its end."""

    segment: int
    style: str
    cell: Cell
    level: int | None
    #: a jump's waypoint: passed in the air, not landed on
    in_air: bool
    #: the end of the whole plan (a jump may end in the air there, and fall)
    last: bool


#: a key of the plan search: (the stop reached so far, the spot, moved since that stop)
_Key = tuple[int, Spot, bool]


def _stops(terrain: Terrain, plan: Sequence[Segment]) -> list[_Stop]:
    out: list[_Stop] = []
    for i, seg in enumerate(plan):
        cells = [*seg.via, seg.to[:2]]
        for j, cell in enumerate(cells):
            final = j == len(cells) - 1
            level = terrain.level(float(seg.to[-1])) if final and len(seg.to) == 3 else None
            out.append(_Stop(i, seg.style, (int(cell[0]), int(cell[1])), level,
                             seg.style == "jump" and not final,
                             final and i == len(plan) - 1))
    return out


def _arrives(terrain: Terrain, stop: _Stop, spot: Spot, mover: Mover) -> bool:
    kind = spot[0]
    if spot[1:3] != stop.cell or (stop.level is not None and spot[3] != stop.level):
        return False
    if stop.in_air:
        return kind == AIR
    if kind == AIR:
        # a jump that ends in the air falls onto what is below; over a floor it lands
        # instead (R001-32), so only a void or water below makes it a fall (never a "0u
        # fall" onto flat floor, R001-02)
        below = terrain.surface[spot[1]][spot[2]]
        return stop.last and below in (int(Surface.VOID), int(Surface.WATER))
    return kind != FALLEN or stop.last


def _follow(terrain: Terrain, start: Spot, stops: Sequence[_Stop], mover: Mover,
            budget: Budget) -> Reach[_Key]:
    """Every way of following the plan within ``budget``: the exact multi-resource search
    over (stop reached, spot). A segment moves only in its style; a jump is one hop."""
    def steps(key: _Key) -> list[Step[_Key]]:
        i, spot, moved = key
        if i == len(stops):
            return []
        stop = stops[i]
        out: list[Step[_Key]] = []
        if moved and _arrives(terrain, stop, spot, mover):
            out.append(Step((i + 1, spot, False), stop.style, 0.0))
        if stop.style == "jump" and spot[0] != AIR and (moved or (
                i > 0 and stops[i - 1].segment == stop.segment)):
            return out  # landed: the hop is over
        # A001-19: a found way keeps off hazard cells (unless ``hazards_ok``), but the cell
        # the plan names for this stop is where it goes: it may touch down there
        one = Mover(frozenset({stop.style}), mover.walk_factor, True)
        out += [Step((i, st.to, True), st.style, st.cost)
                for st in terrain.steps(spot, one) if st.style == stop.style and (
                    mover.hazards_ok or st.to[1:3] == stop.cell
                    or not _touches_hazard(terrain, st.to))]
        return out

    return reach((0, start, False), steps, budget)


def _touches_hazard(terrain: Terrain, spot: Spot) -> bool:
    """Does arriving at ``spot`` touch down on a hazard cell (standing, or a fall's
    landing; A001-19)? The steps :class:`Mover` ``hazards_ok=False`` leaves out."""
    return terrain.touches_down(spot) and terrain.hazard[spot[1]][spot[2]]


def _best_end(found: Reach[_Key], n: int, *, falls_only: bool = False) -> Spend[_Key] | None:
    best: tuple[tuple[float, int], Spend[_Key]] | None = None
    for key in found:
        if key[0] != n or (falls_only and key[1][0] not in (AIR, FALLEN)):
            continue
        spend = found.cheapest(key)
        assert spend is not None
        rank = (round(spend.pool, 9), 2 if key[1][0] == AIR else 1 if key[1][0] == FALLEN else 0)
        if best is None or rank < best[0]:
            best = (rank, spend)
    return None if best is None else best[1]


def _legs(spend: Spend[_Key], start: Spot, stops: Sequence[_Stop]) -> list[Leg]:
    """Cut a found way into one leg per segment."""
    legs: list[Leg] = []
    spots: list[Spot] = [start]
    cost = 0.0
    at = 0
    for st in spend.plan:
        i, spot, _ = st.key
        if i == at:  # a step in the style of the current stop
            spots.append(spot)
            cost += st.cost
            continue
        if i == len(stops) or stops[i].segment != stops[at].segment:
            legs.append(Leg(stops[at].style, tuple(spots), cost))
            spots, cost = [spot], 0.0
        at = i
    return legs


def route_plan(terrain: Terrain, actor: StyleActor, plan: Sequence[Segment],
               options: StylesOptions, *, dash: bool) -> list[Leg]:
    """The cheapest way to follow ``plan`` within what the actor has left (R001-02,
    R001-13). The plan is refused whole, with the first reason found, if no way of
    following it fits the pool and every style's cap."""
    mover = mover_for(actor, options, dash=dash)
    budget = budget_for(actor, dash=dash)
    for i, seg in enumerate(plan):
        if seg.style not in STYLES:
            raise IllegalCommand("unknown_style", f"plan[{i}]: no style {seg.style!r}; "
                                 f"expected one of: {', '.join(STYLES)} (R001-17)",
                                 ("R001-17",))
        if seg.style not in actor.caps():
            raise IllegalCommand("no_style", f"plan[{i}]: {actor.id} has no "
                                 f"{seg.style.title()} on its sheet; improvise it first "
                                 "(R001-10, R001-23)", ("R001-10", "R001-23"))
        if seg.style not in mover.styles:
            raise IllegalCommand("prone", f"plan[{i}]: {actor.id} is prone and must stand up "
                                 f"(1u) before using {seg.style.title()} (A001-10)",
                                 ("R001-29", "A001-10"))
        for cell in (*seg.via, seg.to[:2]):
            if not terrain.in_bounds(int(cell[0]), int(cell[1])):
                raise IllegalCommand("off_map", f"plan[{i}]: row {cell[0]}, col {cell[1]} is "
                                     f"off the map ({terrain.rows} rows, {terrain.cols} cols)")
    start = start_spot(terrain, actor)
    stops = _stops(terrain, plan)
    legs = _route(terrain, start, stops, mover, budget)
    if legs is not None:
        return legs
    # R001-02, R001-03, R001-26: a plan is carried out as far as possible. When it cannot
    # be followed whole, the longest part of it that ends in a fall (at one of its stops)
    # is carried out, and the fall ends the Move: a falling character moves itself no
    # further (A001-14)
    for i in range(len(stops) - 2, -1, -1):
        if stops[i].in_air:
            continue  # a hop passes its waypoints: it does not come down there
        part = [*stops[:i], replace(stops[i], last=True)]
        legs = _route(terrain, start, part, mover, budget, falls_only=True)
        if legs is not None:
            _price_after_fall(terrain, actor, legs, stops[i + 1:], mover, budget)
            return legs
        loose = _route(terrain, start, part, mover, _loose(terrain, budget, start, part),
                       falls_only=True)
        if loose is not None:
            raise _why_not(terrain, actor, start, part, mover, budget)
    raise _why_not(terrain, actor, start, stops, mover, budget)


def _price_after_fall(terrain: Terrain, actor: StyleActor, legs: Sequence[Leg],
                      rest: Sequence[_Stop], mover: Mover, budget: Budget) -> None:
    """R001-02 (the s32 review): the Movement for the whole plan must be there when it is
    laid out, the part after a fall included; R001-03 then carries out only the part up
    to the fall. The rest is priced from where the fall lands, as if the faller went on;
    when it would cost more than the pool or a cap leaves, the plan is refused whole.
    A rest with no way at any price (or after a void) is not priced: the plan is carried
    out as far as possible."""
    end = legs[-1].end
    if end[0] == AIR:
        end = terrain.fall_from(end[1], end[2], end[3])
    _, r, c, lv, _ = end
    if lv == NONE or not rest:
        return
    assert budget.pool is not None
    landed: Spot = (WATER if terrain.surface[r][c] == int(Surface.WATER) else GROUND,
                    r, c, lv, 0)
    used: dict[str, float] = {}
    for leg in legs:
        used[leg.style] = used.get(leg.style, 0.0) + leg.cost
    spent = sum(used.values())
    left = Budget({k: max(0.0, v - used.get(k, 0.0)) for k, v in budget.caps.items()},
                  max(0.0, budget.pool - spent))
    anywhere = Mover(mover.styles, mover.walk_factor, True)
    if _best_end(_follow(terrain, landed, rest, anywhere, left), len(rest)) is not None:
        return
    dear = _best_end(_follow(terrain, landed, rest, anywhere,
                             _loose(terrain, left, landed, rest)), len(rest))
    if dear is None:
        return
    where = f"after the fall at row {r}, col {c}"
    if spent + dear.pool > budget.pool + EPS:
        raise IllegalCommand("over_pool", f"the plan needs {in_u(spent + dear.pool)} "
                             f"({in_u(dear.pool)} of it {where}) but {actor.id}'s pool has "
                             f"{in_u(budget.pool)} left (R001-02, R001-13)",
                             ("R001-02", "R001-13"))
    for name, x in dear.spent.items():
        cap = budget.caps.get(name, 0.0)
        if used.get(name, 0.0) + x > cap + EPS:
            raise IllegalCommand("over_cap", f"the plan uses {in_u(used.get(name, 0.0) + x)} "
                                 f"of {name.title()} ({in_u(x)} {where}) but {actor.id} has "
                                 f"{in_u(cap)} of it left (R001-02, R001-11, R001-12)",
                                 ("R001-02", "R001-11", "R001-12"))
    raise IllegalCommand("over_budget", "no way of following the plan fits both the pool "
                         "and every style's cap (R001-02, R001-13)", ("R001-02", "R001-13"))


def _route(terrain: Terrain, start: Spot, stops: Sequence[_Stop], mover: Mover,
           budget: Budget, *, falls_only: bool = False) -> list[Leg] | None:
    """The cheapest way to follow ``stops`` (keeping off hazards if it can), or None;
    ``falls_only``: only ways that end in a fall."""
    for hazards_ok in (False, True):
        m = Mover(mover.styles, mover.walk_factor, hazards_ok)
        spend = _best_end(_follow(terrain, start, stops, m, budget), len(stops),
                          falls_only=falls_only)
        if spend is not None:
            return _legs(spend, start, stops)
    return None


def _loose(terrain: Terrain, budget: Budget, start: Spot, stops: Sequence[_Stop]) -> Budget:
    """A budget large enough to tell "too dear" from "no way at all": twice the pool (and
    a margin), or twice the plan's own length from stop to stop when that is more (a plan
    far longer than the pool is refused as too dear, R001-02, not as having no way)."""
    assert budget.pool is not None
    length = 0.0
    r, c, lv = start[1], start[2], start[3]
    for stop in stops:
        length += terrain.h * (abs(stop.cell[0] - r) + abs(stop.cell[1] - c))
        r, c = stop.cell
        # a stop without a height is most likely the floor or water surface there
        level = stop.level if stop.level is not None else (
            terrain.top[r][c] if terrain.surface[r][c] in (int(Surface.FLOOR),
                                                           int(Surface.WATER)) else None)
        if level is not None and lv != NONE:
            length += terrain.vs * abs(level - lv)
            lv = level
    room = max(2 * max(budget.pool, 1.0) + 4 * terrain.h, 2 * length)
    return Budget(dict.fromkeys(budget.caps, room), room)


def _why_not(terrain: Terrain, actor: StyleActor, start: Spot, stops: Sequence[_Stop],
             mover: Mover, budget: Budget) -> IllegalCommand:
    """Why no way of following a plan fits: over the pool or a cap, or no way at all."""
    assert budget.pool is not None
    loose = _loose(terrain, budget, start, stops)
    m = Mover(mover.styles, mover.walk_factor, True)
    found = _follow(terrain, start, stops, m, loose)
    spend = _best_end(found, len(stops))
    if spend is not None:
        if spend.pool > budget.pool + EPS:
            return IllegalCommand("over_pool", f"the plan needs {in_u(spend.pool)} but "
                                  f"{actor.id}'s pool has {in_u(budget.pool)} left (R001-02, "
                                  "R001-13)", ("R001-02", "R001-13"))
        for name, x in spend.spent.items():
            cap = budget.caps.get(name, 0.0)
            if x > cap + EPS:
                return IllegalCommand("over_cap", f"the plan uses {in_u(x)} of {name.title()} "
                                      f"but {actor.id} has {in_u(cap)} of it left (R001-02, "
                                      "R001-11, R001-12)", ("R001-02", "R001-11", "R001-12"))
        return IllegalCommand("over_budget", "no way of following the plan fits both the pool "
                              "and every style's cap (R001-02, R001-13)", ("R001-02", "R001-13"))
    reached = max((k[0] for k in found), default=0)
    stop = stops[min(reached, len(stops) - 1)]
    where = f"plan[{stop.segment}]"
    here = next((k[1] for k in found if k[0] == reached), start)
    if stop.in_air:
        return IllegalCommand("no_way", f"{where}: a jump passes its waypoint row "
                              f"{stop.cell[0]}, col {stop.cell[1]} in the air, at its launch "
                              "height (R001-32, R001-33)", ("R001-32",))
    if stop.style == "climb" and stop.level is not None:
        exc = no_way(terrain, "climb", here, (WALL, *stop.cell, stop.level, here[4]))
    else:
        exc = _no_way(terrain, stop.style, here, stop.cell)
    return IllegalCommand(exc.reason, f"{where}: {exc.detail}", exc.rules)


def _where(cell: Cell) -> str:
    return f"row {cell[0]}, col {cell[1]}"


def no_way(terrain: Terrain, style: str, frm: Spot, to: Spot) -> IllegalCommand:
    """Why the movement graph has no step ``frm`` -> ``to`` in ``style``."""
    if (style == "climb" and to[0] == WALL and terrain.can_hold(to[1], to[2], to[3])
            and not terrain.climb_link(frm, to)):
        return IllegalCommand("no_surface", f"from {_where(frm[1:3])} to {_where(to[1:3])} "
                              "is open air, not one continuous wall or ceiling: Climb keeps "
                              "to its surface, a gap is jumped (R001-34, R001-32)",
                              ("R001-34", "R001-32"))
    return _no_way(terrain, style, frm, (to[1], to[2]))


def _no_way(terrain: Terrain, style: str, start: Spot, cell: Cell) -> IllegalCommand:
    """Why a segment has no way: the most specific reason we can name."""
    r, c = cell
    surface = Surface(terrain.surface[r][c])
    if style == "walk" and surface is Surface.WALL:
        return IllegalCommand("no_way", f"{_where(cell)} is a wall: climb it, Walk cannot "
                              "(R001-26, R001-34)", ("R001-26", "R001-34"))
    if (style == "walk" and surface is Surface.FLOOR and start[3] != NONE
            and terrain.top[r][c] - start[3] > terrain.step):
        rise = terrain.height(terrain.top[r][c] - start[3])
        # from water no jump launches (R001-32): a swimmer swims up or climbs out (s33)
        how = "climb or jump up"
        if start[0] == WATER:
            below = start[3] < terrain.top[start[1]][start[2]]
            how = "swim up first (R001-35)" if below else "climb out (R001-34)"
        return IllegalCommand("no_way", f"{_where(cell)} is {in_u(rise)} higher: Walk takes at "
                              f"most {in_u(terrain.height(terrain.step))} in its stride; {how} "
                              "(R001-26)", ("R001-26",))
    if style == "swim" and surface is not Surface.WATER:
        return IllegalCommand("not_water", f"{_where(cell)} is {surface.spec_name}, not "
                              "water: there is nothing to swim in (R001-35)", ("R001-35",))
    if style == "jump" and start[0] not in (GROUND, AIR):
        return IllegalCommand("no_launch", "a jump launches from solid ground, not from "
                              f"{KIND_NAMES[start[0]]} (R001-32)", ("R001-32",))
    rules = {"walk": "R001-26", "jump": "R001-32", "climb": "R001-34", "swim": "R001-35"}
    rule = rules.get(style, "R001-17")
    return IllegalCommand("no_way", f"no way to {style} from {_where(start[1:3])} to "
                          f"{_where(cell)} in that segment ({rule})", (rule,))



def new_location(start: Spot, end: Spot) -> bool:
    """R001-05, A001-09: does a Move end at a new location? A new spot: its row, column or
    height differs from where the Move began (climbing up one cell's column counts)."""
    return end[1:4] != start[1:4]


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
    "Leg", "Segment", "budget_for", "mover_for", "new_location", "reachable", "route_plan",
    "segments_of",
    "start_spot", "target_of",
]
