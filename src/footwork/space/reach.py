"""Exact multi-resource reach: where a character can get with per-style caps and a shared pool.

A *budget* is a set of named caps (one per movement style, say ``walk``, ``jump``,
``swim``) and a shared *pool*: every unit spent in any style also comes out of the pool.
The caller supplies the moves as a function ``steps(key)`` that lists the
:class:`Step` s leaving a key (a hashable position: ``(row, col, z)``,
``(row, col, z, mode)``, a zone id...); each step names its style and its cost. The
search finds, for every reachable key, the Pareto-optimal spend vectors (what was spent
in each style; the pool spent is their sum) and a plan (the steps) for each.

Why not one Dijkstra on the pool spent? Because the cheapest way somewhere can use up a
style that a longer way saves: with Walk 4, Half Jump 2, pool 4, reaching a ledge by
jumping 2 costs 2 of the pool, walking round costs 3, but only the walker can still jump
the 2u gap beyond the ledge. Keeping only the least pool spent per key would lose that
gap, so the search keeps every spend vector that no other one beats in every resource
(a *label-setting* search with Pareto-dominance pruning, as in Martins' multi-objective
Dijkstra). Labels are expanded in order of pool spent; as every resource only grows
along a path and the caps are upper limits, a dominated label can never lead anywhere
its dominator cannot, which is what makes the pruning exact.

Two dominance rules (``dominance=``):

- ``"spend"``: a label dominates another when it spends no more in every style. The
  fronts are the Pareto fronts of the spend vectors, as a brute-force enumeration
  finds them.
- ``"capacity"`` (the default): a label dominates another when it leaves at least as
  much to spend in every way later. What a label can still do depends only on the pool
  left, ``P``, and for each style on ``min(cap left, P)``: with Walk 4 and pool 4,
  walking 4 and walking 3 then jumping 1 leave the same walking (0 pool) but the
  first leaves more jumping. This keeps a subset of the spend front (every kept label is
  spend-Pareto-optimal), never loses a key or a future move, and keeps the fronts
  small when one style's cap equals the pool, which is the usual case.

>>> moves = {"a": [Step("b", "walk", 1.0), Step("c", "jump", 2.0)],
...          "b": [Step("c", "walk", 1.5)], "c": [Step("d", "jump", 1.5)], "d": []}
>>> found = reach("a", lambda k: moves[k], Budget({"walk": 4.0, "jump": 2.0}, pool=4.0))
>>> sorted(found.keys())
['a', 'b', 'c', 'd']
>>> [(dict(s.spent), s.pool) for s in found.front("c")]
[({'walk': 0.0, 'jump': 2.0}, 2.0), ({'walk': 2.5, 'jump': 0.0}, 2.5)]
>>> [(p.key, p.style, p.cost) for p in found.cheapest("d").plan]
[('b', 'walk', 1.0), ('c', 'walk', 1.5), ('d', 'jump', 1.5)]
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from operator import le
from types import MappingProxyType
from typing import Generic, Literal, NamedTuple, TypeVar

import numpy as np

from footwork.space.grid import OFFSETS, BoolArray, Cell, Diagonal, FloatArray, GridMap, StepCost

__all__ = [
    "EPS",
    "Budget",
    "Dominance",
    "GridReach",
    "PlanStep",
    "Reach",
    "Spend",
    "Step",
    "StyleCost",
    "grid_reach",
    "reach",
]

K = TypeVar("K", bound=Hashable)

#: tolerance on sums of costs compared with caps and with each other
EPS = 1e-9

Dominance = Literal["capacity", "spend"]


class Step(NamedTuple, Generic[K]):
    """One move the caller allows from a key: where it leads, the style it is made in,
    what it costs (0 or more, in the budget's unit), and anything else the caller wants
    carried into the plan (a check on the way, a mode change...)."""

    to: K
    style: str
    cost: float
    extra: Hashable = None


class PlanStep(NamedTuple, Generic[K]):
    """One step of a plan: the key it arrives at, its style, its cost and its extra."""

    key: K
    style: str
    cost: float
    extra: Hashable = None


@dataclass(frozen=True)
class Budget:
    """What may be spent: a cap per style and a shared pool (None: no pool limit).

    The order of ``caps`` is the order of the spend vectors, and of the tie-break in
    :meth:`Reach.cheapest`.

    >>> Budget({"walk": 4, "jump": 2, "swim": 2}, pool=4).doubled().caps["jump"]
    4.0
    """

    caps: Mapping[str, float]
    pool: float | None = None

    def __post_init__(self) -> None:
        caps = {str(k): float(v) for k, v in self.caps.items()}
        for name, cap in caps.items():
            if not (math.isfinite(cap) and cap >= 0):
                raise ValueError(f"the cap of {name!r} must be a number 0 or more, not {cap!r}")
        if not caps:
            raise ValueError("a budget needs at least one style")
        object.__setattr__(self, "caps", MappingProxyType(caps))
        if self.pool is not None:
            pool = float(self.pool)
            if not (math.isfinite(pool) and pool >= 0):
                raise ValueError(f"the pool must be a number 0 or more, not {pool!r}")
            object.__setattr__(self, "pool", pool)

    @property
    def styles(self) -> tuple[str, ...]:
        return tuple(self.caps)

    @property
    def limit(self) -> float:
        """The pool, or the sum of the caps when there is no pool."""
        return sum(self.caps.values()) if self.pool is None else self.pool

    def doubled(self) -> Budget:
        """Every cap and the pool doubled (as a Dash does)."""
        return Budget({k: 2 * v for k, v in self.caps.items()},
                      None if self.pool is None else 2 * self.pool)


@dataclass(frozen=True, slots=True)
class Spend(Generic[K]):
    """One Pareto-optimal way to reach ``key``: the spend per style, the pool spent (their
    sum) and the plan that achieves it (empty at the start)."""

    key: K
    spent: Mapping[str, float]
    pool: float
    plan: tuple[PlanStep[K], ...]

    @property
    def vector(self) -> tuple[float, ...]:
        """The spend per style in the budget's order."""
        return tuple(self.spent.values())


# -- the generic search -------------------------------------------------------------------


class Reach(Generic[K]):
    """The result of :func:`reach`: every reachable key with its front of labels."""

    __slots__ = ("_budget", "_fronts", "_key", "_parent", "_spent", "_step", "_total",
                 "start")

    def __init__(self, start: K, budget: Budget, fronts: dict[K, list[int]],
                 key: list[K], spent: list[tuple[float, ...]], total: list[float],
                 parent: list[int], step: list[Step[K] | None]) -> None:
        self.start = start
        self._budget = budget
        self._fronts = fronts
        self._key = key
        self._spent = spent
        self._total = total
        self._parent = parent
        self._step = step

    @property
    def budget(self) -> Budget:
        return self._budget

    def keys(self) -> Iterable[K]:
        """Every reachable key (the start included)."""
        return self._fronts.keys()

    def __iter__(self) -> Iterator[K]:
        return iter(self._fronts)

    def __contains__(self, key: object) -> bool:
        return key in self._fronts

    def __len__(self) -> int:
        return len(self._fronts)

    @property
    def labels(self) -> int:
        """How many labels the fronts hold in all."""
        return sum(len(v) for v in self._fronts.values())

    def vectors(self, key: K) -> list[tuple[float, ...]]:
        """The spend vectors of ``key``'s front, sorted (no plans built); [] when unreachable."""
        return sorted(self._spent[i] for i in self._fronts.get(key, ()))

    def front(self, key: K) -> list[Spend[K]]:
        """The front of ``key`` with plans, sorted by pool spent then spend vector;
        [] when ``key`` cannot be reached."""
        ids = sorted(self._fronts.get(key, ()), key=self._order)
        return [self._spend(i) for i in ids]

    def cheapest(self, key: K) -> Spend[K] | None:
        """The label of ``key`` that spends the least pool, ties broken by the
        lexicographically least spend vector (styles in the budget's order: list first
        the styles you would rather keep); None when unreachable."""
        ids = self._fronts.get(key)
        if not ids:
            return None
        return self._spend(min(ids, key=self._order))

    def min_pool(self, key: K) -> float:
        """The least pool spent to reach ``key``; ``inf`` when it cannot be reached."""
        ids = self._fronts.get(key)
        return min(self._total[i] for i in ids) if ids else math.inf

    def _order(self, i: int) -> tuple[float, tuple[float, ...]]:
        return self._total[i], self._spent[i]

    def _spend(self, i: int) -> Spend[K]:
        plan: list[PlanStep[K]] = []
        j = i
        while self._parent[j] >= 0:
            step = self._step[j]
            assert step is not None
            plan.append(PlanStep(step.to, step.style, step.cost, step.extra))
            j = self._parent[j]
        plan.reverse()
        spent = MappingProxyType(dict(zip(self._budget.styles, self._spent[i], strict=True)))
        return Spend(self._key[i], spent, self._total[i], tuple(plan))


Held = list[list[tuple[tuple[int, ...], float]]]


def group_constraints(budget: Budget, groups: Sequence[tuple[Iterable[str], float]]
                      ) -> tuple[Held, list[tuple[int, ...]]]:
    """The bookkeeping of ``reach(groups=...)``, for it and for compiled searches that must
    agree with it: per style, the groups that hold it as (member indices, cap + EPS);
    and the constraint sets that group-sum dominance compares (those not implied by
    others, see :func:`reach`). Raises ``ValueError`` for a group naming an unknown
    style or with a cap that is not a number 0 or more."""
    styles = budget.styles
    index = {name: i for i, name in enumerate(styles)}
    # per style: the groups that hold it, as (member indices, cap + EPS)
    held: Held = [[] for _ in styles]
    for members, group_cap in groups:
        names = tuple(dict.fromkeys(str(m) for m in members))
        unknown = [m for m in names if m not in index]
        if unknown:
            raise ValueError(f"a group names style {unknown[0]!r}; the budget has "
                             f"{', '.join(styles)}")
        gcap = float(group_cap)
        if not (math.isfinite(gcap) and gcap >= 0):
            raise ValueError(f"a group's cap must be a number 0 or more, not {group_cap!r}")
        gids = tuple(index[m] for m in names)
        for i in gids:
            held[i].append((gids, gcap + EPS))
    # with groups, capacity dominance compares the sums over the constraint sets that are
    # not implied by others (see the docstring); spend dominance stays as it is
    sets: list[tuple[int, ...]] = []
    if groups:
        group_list = [(ids_c[0], ids_c[1]) for hs in held for ids_c in hs]
        uniq = list(dict.fromkeys(group_list))
        sets = [g for g, _ in uniq]
        for i, name in enumerate(styles):
            if not any(gc <= budget.caps[name] + 2 * EPS for _, gc in held[i]):
                sets.append((i,))
        if budget.pool is not None and not any(
                len(g) == len(styles) and gc <= budget.pool + 2 * EPS for g, gc in uniq):
            sets.append(tuple(range(len(styles))))
    return held, sets


def reach(
    start: K,
    steps: Callable[[K], Iterable[Step[K]]],
    budget: Budget,
    *,
    dominance: Dominance = "capacity",
    groups: Sequence[tuple[Iterable[str], float]] = (),
) -> Reach[K]:
    """Every key reachable from ``start`` within ``budget``, with its Pareto front.

    ``groups`` adds linear caps over sets of styles: ``(styles, cap)`` keeps the sum of
    what is spent in those styles at most ``cap`` (nested cascades of allowances, for
    instance). Such caps only grow tighter along a path, so spend-dominance stays exact.
    With groups, ``"capacity"`` dominance compares labels on the sums over the
    *constraint sets* that bind: every group, each style whose own cap no group holding it
    already implies (a group with a cap no larger), and the pool unless it is None or a
    group of every style implies it. Whether a continuation fits depends only on those
    sums (an implied cap holds whenever its implying group does, since the style's spend
    is part of the group's sum), so a label whose sums are all no larger can follow every
    continuation the other can: keys and future moves are exact, and the fronts may be
    smaller than the spend fronts (they keep one label per distinct sum vector).

    ``steps(key)`` lists the steps leaving ``key``; it is called at most once per key.
    A step in a style the budget does not name, or with a negative or non-finite cost,
    raises ``ValueError``. Zero-cost steps are allowed (a label equal to one already
    held is dropped, so zero-cost cycles end). See the module docstring for
    ``dominance``.
    """
    if dominance not in ("capacity", "spend"):
        raise ValueError(f"dominance must be 'capacity' or 'spend', not {dominance!r}")
    styles = budget.styles
    index = {name: i for i, name in enumerate(styles)}
    held, sets = group_constraints(budget, groups)
    caps = [budget.caps[s] + EPS for s in styles]
    limit = budget.limit
    pool_limit = limit + EPS
    # ``slack[s]``: how much more the pool holds than style s's cap; in capacity mode a
    # label is compared on (total, max(spent_s + slack_s, total) for each s), the
    # complement of what it can still spend (see the module docstring)
    slack = [limit - budget.caps[s] for s in styles]
    by_sets = bool(groups) and dominance == "capacity"
    capacity = dominance == "capacity" and not by_sets
    n = len(styles)

    key: list[K] = [start]
    spent: list[tuple[float, ...]] = [(0.0,) * n]
    total: list[float] = [0.0]
    parent: list[int] = [-1]
    step_of: list[Step[K] | None] = [None]
    alive: list[bool] = [True]
    zero = tuple(max(x, 0.0) for x in slack) if capacity else (0.0,) * n
    # each label's dominance vector, plus and minus EPS (comparisons then need no sums)
    d0 = (0.0, *zero) if capacity else zero
    if by_sets:
        d0 = (0.0,) * len(sets)
    above = [tuple([y + EPS for y in d0])]
    below = [tuple([y - EPS for y in d0])]
    fronts: dict[K, list[int]] = {start: [0]}
    cache: dict[K, list[tuple[K, int, float, Step[K]]]] = {}
    heap: list[tuple[float, int]] = [(0.0, 0)]
    pop, push = heapq.heappop, heapq.heappush
    inf = math.inf

    while heap:
        t, i = pop(heap)
        if not alive[i]:
            continue
        here = key[i]
        moves = cache.get(here)
        if moves is None:
            moves = []
            for st in steps(here):
                s = index.get(st.style)
                if s is None:
                    raise ValueError(f"a step from {here!r} uses style {st.style!r}; the "
                                     f"budget has {', '.join(styles)}")
                c = st.cost
                if not 0.0 <= c < inf:
                    raise ValueError(f"a step from {here!r} to {st.to!r} costs {c!r}; a "
                                     "cost must be a finite number 0 or more")
                moves.append((st.to, s, float(c), st))
            cache[here] = moves
        vec = spent[i]
        for to, s, c, st in moves:
            t2 = t + c
            if t2 > pool_limit:
                continue
            x = vec[s] + c
            if x > caps[s]:
                continue
            if held[s]:
                over = False
                for ids_g, gcap in held[s]:
                    if sum([vec[j] for j in ids_g]) + c > gcap:
                        over = True
                        break
                if over:
                    continue
            v2 = (*vec[:s], x, *vec[s + 1:])
            if capacity:
                d2: tuple[float, ...] = (t2, *[y + k if y + k > t2 else t2
                                               for y, k in zip(v2, slack, strict=True)])
            elif by_sets:
                d2 = tuple([sum([v2[j] for j in g]) for g in sets])
            else:
                d2 = v2
            ids = fronts.get(to)
            if ids is None:
                fronts[to] = ids = []
            else:
                # a held label at least as good in every coordinate beats the new one
                beaten = False
                for j in ids:
                    if all(map(le, below[j], d2)):
                        beaten = True
                        break
                if beaten:
                    continue
                keep = [j for j in ids if not all(map(le, d2, above[j]))]
                if len(keep) != len(ids):
                    for j in ids:
                        if j not in keep:
                            alive[j] = False
                    ids[:] = keep
            new = len(key)
            key.append(to)
            spent.append(v2)
            total.append(t2)
            parent.append(i)
            step_of.append(st)
            alive.append(True)
            above.append(tuple([y + EPS for y in d2]))
            below.append(tuple([y - EPS for y in d2]))
            ids.append(new)
            push(heap, (t2, new))
    return Reach(start, budget, fronts, key, spent, total, parent, step_of)


# -- grid maps ----------------------------------------------------------------------------

#: a style's price per cell of step: an array of shape ``(8, rows, cols)`` (``[k, r, c]``
#: prices the step from ``(r, c)`` in direction ``OFFSETS[k]``; NaN or inf where it is
#: not allowed) or a :data:`StepCost` function (evaluated over the searched window)
StyleCost = FloatArray | StepCost

_DIAGONAL = np.array([dr != 0 and dc != 0 for dr, dc in OFFSETS])


class GridReach:
    """The result of :func:`grid_reach`. Keys are map cells ``(row, col)``, or
    ``(row, col, parity)`` under ``Diagonal.ALTERNATE`` (parity: the number of diagonal
    steps taken so far, mod 2). Arrays have the full map's shape."""

    __slots__ = ("_arrays", "_full_arrays", "_offset", "_parities", "_shape", "_width",
                 "reach", "window")

    def __init__(self, result: Reach[int], shape: tuple[int, int], offset: Cell,
                 window: tuple[int, int], parities: int) -> None:
        #: the search over window node ids (``((r - r0) * width + (c - c0)) * parities + p``)
        self.reach = result
        self._shape = shape
        self._offset = offset
        #: the searched window's shape; it starts at ``offset``
        self.window = window
        self._width = window[1]
        self._parities = parities
        self._arrays: dict[str, FloatArray] = {}
        self._full_arrays: dict[str, FloatArray] = {}

    @property
    def offset(self) -> Cell:
        """The map cell of the window's corner (row 0, col 0)."""
        return self._offset

    def _node_key(self, node: int) -> tuple[int, ...]:
        cell, p = divmod(node, self._parities)
        r, c = divmod(cell, self._width)
        r, c = r + self._offset[0], c + self._offset[1]
        return (r, c, p) if self._parities == 2 else (r, c)

    def _nodes(self, cell: Cell) -> list[int]:
        r, c = cell[0] - self._offset[0], cell[1] - self._offset[1]
        if not (0 <= r < self.window[0] and 0 <= c < self.window[1]):
            return []
        base = (r * self._width + c) * self._parities
        return [base + p for p in range(self._parities) if base + p in self.reach]

    def cells(self) -> list[Cell]:
        """Every reachable cell, in row-major order."""
        rs, cs = np.nonzero(np.isfinite(self.pool_spent))
        return list(zip(rs.tolist(), cs.tolist(), strict=True))

    def _convert(self, spend: Spend[int]) -> Spend[tuple[int, ...]]:
        plan = tuple(PlanStep(self._node_key(p.key), p.style, p.cost, p.extra)
                     for p in spend.plan)
        return Spend(self._node_key(spend.key), spend.spent, spend.pool, plan)

    def front(self, cell: Cell) -> list[Spend[tuple[int, ...]]]:
        """The front of ``cell`` (over both diagonal parities, Pareto-filtered again in
        spend terms across them), sorted by pool spent then spend vector."""
        found = sorted((s for n in self._nodes(cell) for s in self.reach.front(n)),
                       key=lambda s: (s.pool, s.vector))
        out: list[Spend[int]] = []
        for s in found:
            if not any(_weakly_below(o.vector, s.vector) for o in out):
                out.append(s)
        return [self._convert(s) for s in out]

    def cheapest(self, cell: Cell) -> Spend[tuple[int, ...]] | None:
        """The cheapest label of ``cell`` (least pool, then least spend vector)."""
        best = [s for n in self._nodes(cell) if (s := self.reach.cheapest(n)) is not None]
        if not best:
            return None
        return self._convert(min(best, key=lambda s: (s.pool, s.vector)))

    def _fill(self) -> None:
        res = self.reach
        styles = res.budget.styles
        h, w = self.window
        size = h * w
        pool = [math.inf] * size
        per = [[math.inf] * size for _ in styles]
        for node in res:
            spend = min((res._total[i], res._spent[i]) for i in res._fronts[node])
            cell = node // self._parities
            if spend < (pool[cell], tuple(p[cell] for p in per)):
                pool[cell] = spend[0]
                for s, v in enumerate(spend[1]):
                    per[s][cell] = v
        for name, values in (("", pool), *zip(styles, per, strict=True)):
            self._arrays[name] = np.array(values).reshape(h, w)

    def _full(self, name: str) -> FloatArray:
        if not self._arrays:
            self._fill()
        full = self._full_arrays.get(name)
        if full is None:
            h, w = self.window
            r0, c0 = self._offset
            full = np.full(self._shape, np.inf)
            full[r0:r0 + h, c0:c0 + w] = self._arrays[name]
            full.flags.writeable = False
            self._full_arrays[name] = full
        return full

    def window_arrays(self) -> dict[str, FloatArray]:
        """The window's arrays (cheaper than full-map ones: no big allocation): ``"pool"``
        and one per style, as :attr:`pool_spent` and :meth:`spent`, of shape
        :attr:`window`, starting at :attr:`offset`."""
        if not self._arrays:
            self._fill()
        return {("pool" if k == "" else k): v.copy() for k, v in self._arrays.items()}

    @property
    def pool_spent(self) -> FloatArray:
        """The least pool spent to reach each cell; ``inf`` where it cannot be reached."""
        return self._full("")

    def spent(self, style: str) -> FloatArray:
        """What the cheapest label of each cell spends in ``style``; ``inf`` where the
        cell cannot be reached."""
        if style not in self.reach.budget.caps:
            raise KeyError(f"no style {style!r} in the budget")
        return self._full(style)

    @property
    def reachable(self) -> BoolArray:
        """The reachable cells, as a boolean array."""
        return np.isfinite(self.pool_spent)


def _weakly_below(a: Sequence[float], b: Sequence[float]) -> bool:
    return all(x <= y + EPS for x, y in zip(a, b, strict=True))


def _window_costs(grid: GridMap, cost: StyleCost, r0: int, r1: int, c0: int,
                  c1: int) -> FloatArray:
    if callable(cost):
        out = np.full((len(OFFSETS), r1 - r0, c1 - c0), np.inf)
        for r in range(r0, r1):
            for c in range(c0, c1):
                for k, (dr, dc) in enumerate(OFFSETS):
                    r2, c2 = r + dr, c + dc
                    if r0 <= r2 < r1 and c0 <= c2 < c1:
                        v = cost(grid, (r, c), (r2, c2))
                        if v is not None:
                            out[k, r - r0, c - c0] = v
        return out
    arr = np.asarray(cost, dtype=np.float64)
    if arr.shape != (len(OFFSETS), *grid.shape):
        raise ValueError(f"a cost array has shape {arr.shape}; expected "
                         f"{(len(OFFSETS), *grid.shape)}")
    return arr[:, r0:r1, c0:c1]


def grid_reach(
    grid: GridMap,
    start: Cell,
    budget: Budget,
    costs: Mapping[str, StyleCost],
    *,
    diagonal: Diagonal = Diagonal.ONE,
    min_step: float | None = None,
    dominance: Dominance = "capacity",
) -> GridReach:
    """:func:`reach` over the 8-way steps of a grid map, one price layer per style.

    ``costs[style]`` prices a step per cell of length (an ``(8, rows, cols)`` array,
    NaN or inf where the style cannot make the step, or a :data:`StepCost` function); a
    step costs that price times its length under ``diagonal``; a step the map's edges
    refuse is never taken (``ALTERNATE`` counts the
    diagonals of the whole path, whatever their styles, and keeps the parity in the key).
    Styles left out of ``costs`` make no steps.

    The search is cropped to the cells within ``limit / min_step`` steps of ``start``
    (``limit``: the pool, or the sum of the caps). Left out, ``min_step`` is the least
    finite price of the arrays (functions are then evaluated over the whole map: pass
    ``min_step`` with them); a zero price disables the crop.
    """
    sr, sc = start
    if not grid.in_bounds(sr, sc):
        raise ValueError(f"start row {sr}, col {sc} is outside the map")
    for name in costs:
        if name not in budget.caps:
            raise ValueError(f"costs name style {name!r}; the budget has "
                             f"{', '.join(budget.styles)}")
    rows, cols = grid.shape
    if min_step is None:
        least = math.inf
        for cost in costs.values():
            arr = _window_costs(grid, cost, 0, rows, 0, cols)
            finite = arr[np.isfinite(arr)]
            if finite.size:
                least = min(least, float(finite.min()))
        min_step = least if least > 0 else None
    elif not (math.isfinite(min_step) and min_step > 0):
        raise ValueError(f"min_step must be above 0, not {min_step!r}")
    if min_step is None or not math.isfinite(min_step):
        r0, r1, c0, c1 = 0, rows, 0, cols
    else:
        radius = int(budget.limit / min_step + EPS)
        r0, r1 = max(0, sr - radius), min(rows, sr + radius + 1)
        c0, c1 = max(0, sc - radius), min(cols, sc + radius + 1)
    h, w = r1 - r0, c1 - c0
    parities = 2 if diagonal is Diagonal.ALTERNATE else 1
    length = np.where(_DIAGONAL, math.sqrt(2.0) if diagonal is Diagonal.EUCLIDEAN else 1.0,
                      1.0)[:, None, None]
    # per style: a flat list of step prices, index k * h * w + cell, inf where forbidden
    # (off the window included)
    inside = np.zeros((len(OFFSETS), h, w), dtype=bool)
    for k, (dr, dc) in enumerate(OFFSETS):
        inside[k, max(0, -dr):h - max(0, dr), max(0, -dc):w - max(0, dc)] = True
    if grid.edges is not None:  # the steps the map's edges refuse (thin walls)
        bits = grid.blocked_steps()[r0:r1, c0:c1]
        for k in range(len(OFFSETS)):
            inside[k] &= (bits >> k & 1) == 0
    tables: list[tuple[str, list[float]]] = []
    floor = -1.0 if min_step is None else min_step - EPS
    for name, cost in costs.items():
        arr = _window_costs(grid, cost, r0, r1, c0, c1) * length
        ok = inside & np.isfinite(arr)
        if (arr[ok] < floor).any() or (arr[ok] < 0).any():
            raise ValueError(f"style {name!r} has a step price below "
                             f"{'0' if min_step is None else f'min_step ({min_step:g})'}")
        tables.append((name, np.where(ok, arr, np.inf).ravel().tolist()))
    hw = h * w
    # neighbour cell offsets in the window, per direction
    deltas = [(k, k * hw, dr * w + dc, dr != 0 and dc != 0)
              for k, (dr, dc) in enumerate(OFFSETS)]
    inf = math.inf

    def steps(node: int) -> list[Step[int]]:
        cell, p = divmod(node, parities)
        out: list[Step[int]] = []
        for _k, base, delta, diag in deltas:
            j = base + cell
            to = cell + delta
            if diag and parities == 2:
                to_node, factor = to * 2 + 1 - p, (2.0 if p else 1.0)
            else:
                to_node, factor = to * parities + p, 1.0
            for name, table in tables:
                c = table[j]
                if c != inf:
                    out.append(Step(to_node, name, c * factor))
        return out

    start_node = ((sr - r0) * w + (sc - c0)) * parities
    result = reach(start_node, steps, budget, dominance=dominance)
    return GridReach(result, grid.shape, (r0, c0), (h, w), parities)
