"""A compiled search's result, kept as arrays until somebody asks for more.

A compiled search answers in arrays: the keys it found, its labels and the fronts. Turning
all of them into Python tuples, lists and a dict (what :class:`~footwork.space.reach.Reach`
holds) used to cost more than the search itself, and a table showing where a token can go
needs only each place's least cost; a plan is wanted for the one place hovered or picked.
:class:`ArrayReach` is a ``Reach`` that answers those from the arrays
(:attr:`ArrayReach.spots`, :meth:`ArrayReach.min_pools`, :meth:`ArrayReach.cheapest_at`)
and builds the Python objects only when a method that needs them is called.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise, repeat
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from footwork.space.reach import Budget, PlanStep, Reach, Spend, Step

__all__ = ["ArrayReach", "GridSpot", "as_arrays", "as_front_rows"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
#: a search key of the grid rulesets: (kind, row, col, level, extra)
GridSpot = tuple[int, int, int, int, int]


class ArrayReach(Reach[GridSpot]):
    """A :class:`Reach` over a compiled search's arrays (see the module docstring).

    ``keys``: rows of (kind, row, col, level, extra) in the order found (map coordinates);
    ``label_ints``: rows of (key index, parent label, style code); ``label_floats``: rows
    of (step cost, pool spent, spend per style); ``fronts``: the label ids on each key's
    front, flat, then each key's start in them; ``alive``: how many ids there are;
    ``style_names[code]`` names a label's style."""

    __slots__ = ("_alive", "_built", "_flat", "_index", "_ints", "_keys_a", "_names",
                 "_reals")

    def __init__(self, start: GridSpot, budget: Budget, keys: IntArray, label_ints: IntArray,
                 label_floats: FloatArray, fronts: IntArray, alive: int,
                 style_names: Sequence[str]) -> None:
        self.start = start
        self._budget = budget
        self._keys_a = keys
        self._ints = label_ints
        self._reals = label_floats
        self._flat = fronts
        self._alive = alive
        self._names = style_names
        self._built = False
        self._index: dict[GridSpot, int] | None = None

    # -- from the arrays ---------------------------------------------------------------

    @property
    def spots(self) -> IntArray:
        """Every key found, as rows of (kind, row, col, level, extra), in the order found
        (the order of :meth:`keys`)."""
        return self._keys_a

    def min_pools(self) -> FloatArray:
        """The least pool spent to reach each key of :attr:`spots`."""
        nk = self._keys_a.shape[0]
        ids = self._flat[:self._alive]
        totals: FloatArray = self._reals[ids, 1]
        if self._alive == nk:  # one label a key, the usual case
            return totals
        starts = self._flat[self._alive:self._alive + nk]
        least: FloatArray = np.minimum.reduceat(totals, starts)
        return least

    def front_rows(self) -> tuple[IntArray, FloatArray, FloatArray]:
        """Every label on a front, as arrays in the order of :attr:`spots` (a key's labels
        in the order of its front): the row of its key, its spend per style (columns in
        the budget's order) and its pool spent."""
        nk = self._keys_a.shape[0]
        ids = self._flat[:self._alive]
        if self._alive == nk:
            rows = np.arange(nk, dtype=np.int64)
        else:
            starts = self._flat[self._alive:]
            rows = np.repeat(np.arange(nk, dtype=np.int64), np.diff(starts))
        return rows, self._reals[ids, 2:], self._reals[ids, 1]

    def label_at(self, k: int, vector: Sequence[float]) -> Spend[GridSpot]:
        """The label of the key in row ``k`` whose spend vector is ``vector`` (one of
        :meth:`front_rows`'), with its plan, built alone."""
        want = list(vector)
        for i in self._front_ids(k):
            if self._reals[i, 2:].tolist() == want:
                return self._spend_of(i)
        raise KeyError(f"no label of key {k} spends {want}")

    def index(self, key: GridSpot) -> int:
        """The row of ``key`` in :attr:`spots`; KeyError when it was not reached."""
        if self._index is None:
            self._index = {k: i for i, k in enumerate(self._key_tuples())}
        return self._index[key]

    def cheapest_at(self, k: int) -> Spend[GridSpot]:
        """:meth:`cheapest` of the key in row ``k`` of :attr:`spots`, built alone."""
        ids = self._front_ids(k)
        reals = self._reals
        return self._spend_of(min(ids, key=lambda i: (reals[i, 1],
                                                      tuple(reals[i, 2:].tolist()))))

    def _spend_of(self, best: int) -> Spend[GridSpot]:
        """Label ``best`` as a :class:`Spend`, its plan followed up its parents."""
        reals = self._reals
        plan: list[PlanStep[GridSpot]] = []
        j = best
        while self._ints[j, 1] >= 0:
            key = self._tuple_of(int(self._ints[j, 0]))
            plan.append(PlanStep(key, self._names[int(self._ints[j, 2])],
                                 float(reals[j, 0]), None))
            j = int(self._ints[j, 1])
        plan.reverse()
        spent = MappingProxyType(dict(zip(self._budget.styles, reals[best, 2:].tolist(),
                                          strict=True)))
        key = self._tuple_of(int(self._ints[best, 0]))
        return Spend(key, spent, float(reals[best, 1]), tuple(plan))

    def _front_ids(self, k: int) -> list[int]:
        nk = self._keys_a.shape[0]
        if self._alive == nk:
            return [int(self._flat[k])]
        a, b = int(self._flat[self._alive + k]), int(self._flat[self._alive + k + 1])
        ids: list[int] = self._flat[a:b].tolist()
        return ids

    def _tuple_of(self, k: int) -> GridSpot:
        r = self._keys_a[k].tolist()
        return (r[0], r[1], r[2], r[3], r[4])

    def _key_tuples(self) -> list[GridSpot]:
        a = self._keys_a
        return list(zip(a[:, 0].tolist(), a[:, 1].tolist(), a[:, 2].tolist(),
                        a[:, 3].tolist(), a[:, 4].tolist(), strict=True))

    # -- the Reach, built when first needed ---------------------------------------------------

    def _build(self) -> None:
        """Fill the fields a :class:`Reach` holds, with C-level loops (map, zip, tolist)."""
        if self._built:
            return
        spots = self._key_tuples()
        flat: list[int] = self._flat.tolist()
        alive = self._alive
        if alive == len(spots):
            fronts = dict(zip(spots, [[i] for i in flat[:alive]], strict=True))
        else:
            starts = flat[alive:]
            fronts = dict(zip(spots, [flat[a:b] for a, b in pairwise(starts)], strict=True))
        ints, reals = self._ints, self._reals
        label_keys = list(map(spots.__getitem__, ints[:, 0].tolist()))
        costs: list[float] = reals[:, 0].tolist()
        spent: list[tuple[float, ...]] = list(zip(*reals[:, 2:].T.tolist(), strict=True))
        names = list(map(self._names.__getitem__, ints[1:, 2].tolist()))
        new = tuple.__new__
        steps: list[Step[GridSpot] | None] = [None]
        steps += map(new, repeat(Step), zip(label_keys[1:], names, costs[1:], repeat(None)))
        Reach.__init__(self, self.start, self._budget, fronts, label_keys, spent,
                       reals[:, 1].tolist(), ints[:, 1].tolist(), steps)
        self._built = True

    def keys(self) -> Iterable[GridSpot]:
        self._build()
        return super().keys()

    def __iter__(self) -> Iterator[GridSpot]:
        self._build()
        return super().__iter__()

    def __contains__(self, key: object) -> bool:
        self._build()
        return super().__contains__(key)

    def __len__(self) -> int:
        return int(self._keys_a.shape[0])

    @property
    def labels(self) -> int:
        return self._alive

    def vectors(self, key: GridSpot) -> list[tuple[float, ...]]:
        self._build()
        return super().vectors(key)

    def front(self, key: GridSpot) -> list[Spend[GridSpot]]:
        self._build()
        return super().front(key)

    def cheapest(self, key: GridSpot) -> Spend[GridSpot] | None:
        self._build()
        return super().cheapest(key)

    def min_pool(self, key: GridSpot) -> float:
        self._build()
        return super().min_pool(key)


def as_arrays(found: Reach[GridSpot]) -> tuple[IntArray, FloatArray]:
    """Every key of ``found`` as rows of (kind, row, col, level, extra), in its order, and
    each one's least pool: straight from an :class:`ArrayReach`, built for any other
    ``Reach`` of grid spots (the pure search's)."""
    if isinstance(found, ArrayReach):
        return found.spots, found.min_pools()
    keys = list(found.keys())
    spots = np.array(keys, dtype=np.int64).reshape(len(keys), 5)
    pools = np.array([found.min_pool(k) for k in keys], dtype=np.float64)
    return spots, pools


def as_front_rows(found: Reach[GridSpot]) -> tuple[IntArray, FloatArray, FloatArray]:
    """:meth:`ArrayReach.front_rows` of any grid ``Reach`` (built for the pure search's,
    each front in its own order): the key row of each label, its spend vector and pool."""
    if isinstance(found, ArrayReach):
        return found.front_rows()
    rows: list[int] = []
    vectors: list[tuple[float, ...]] = []
    pools: list[float] = []
    for k, key in enumerate(found.keys()):
        for spend in found.front(key):
            rows.append(k)
            vectors.append(spend.vector)
            pools.append(spend.pool)
    width = len(found.budget.styles)
    return (np.array(rows, dtype=np.int64),
            np.array(vectors, dtype=np.float64).reshape(len(rows), width),
            np.array(pools, dtype=np.float64))
