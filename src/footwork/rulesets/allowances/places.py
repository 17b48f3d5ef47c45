"""The places an `allowances` move can reach, picked from the search's arrays; each
place's option (its command, label and cost) built only when it is read.

A table that picks up a token needs every place with its distance at once, and the
words of the one place hovered or picked. :func:`move_places` makes the list with array
operations over every label of the search's fronts
(:meth:`~footwork.space.arrayreach.ArrayReach.front_rows`, or the pure search's
``Reach`` read key by key), choosing what the per-spot loop chose with
:func:`~footwork.rulesets.allowances.planning.pick`:

- a move may end only where the creature can rest: never mid-hop, in the air only with a
  Flight Score of its own (R002-02, R002-33);
- a *place* is a cell and a kind of place (on the ground, on the water's surface, under
  it, in the air, in the earth, on a wall), and each is listed once per ``options()``:
  by the first Type (in the order the moves are listed) that reaches it, and never the
  start's own spot; the start's place is left to the first list (R002-04);
- of a place's labels, the one that leaves the most Allowance wins (the least cascade,
  R002-03, R002-05, A002-02, with any Jump distance used; not a Breach's), then the shortest;
  ties go to the lowest level, then the spot found first, then the least spend vector,
  as :func:`pick` breaks them;
- a move names its end as ``[row, col, z]``, and at one height two kinds of place can
  meet (the air beside a wall's face): a place is dropped when the move to that height
  would take the other kind (``pick`` over every resting spot there);
- the list runs by distance, then row, col and level.

Both ranks are rounded to 9 decimals exactly as ``pick`` rounds them (Python's
``round``), so that ties fall where they fell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from footwork.engine.choices import Option, Reachable
from footwork.rulesets.allowances.model import Creature
from footwork.rulesets.allowances.options import AllowancesOptions
from footwork.rulesets.allowances.planning import HOP_STYLE, drained_by
from footwork.rulesets.allowances.terrain import AIR, HOP, WATER, Spot, Terrain
from footwork.space.arrayreach import ArrayReach
from footwork.space.grid import cell_names
from footwork.space.reach import Reach

__all__ = ["UNDER", "Listed", "lost_and_distance", "move_places", "place_codes", "round9"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

#: the place kind of a water spot under the surface (the other kinds are the spot kinds)
UNDER = 6
#: a place code is the cell number shifted by this many bits, then the place kind
_KIND_BITS = 3

#: builds the option of a move by ``by`` that ends at ``spot`` having spent ``spent``
OptionBuilder = Callable[[Spot, Mapping[str, float]], Option]


class Listed:
    """The places (codes of :func:`place_codes`) listed by the moves before, in one
    ``options()`` call: a place comes once, by the first Type that reaches it. Held as
    one flag per code of the map (zeroed lazily by the system: only the pages of the
    places reached are ever written)."""

    __slots__ = ("_held",)

    def __init__(self, t: Terrain) -> None:
        self._held: BoolArray = np.zeros((t.rows * t.cols) << _KIND_BITS, dtype=bool)

    def holds(self, codes: IntArray) -> BoolArray:
        """Which of ``codes`` were listed (or weighed) before."""
        held: BoolArray = self._held[codes]
        return held

    def add(self, codes: IntArray) -> None:
        self._held[codes] = True


def place_codes(t: Terrain, spots: IntArray) -> IntArray:
    """Each spot's place (its cell and kind of place) as one int64: ``cell << 3 | kind``,
    where a water spot below the surface is :data:`UNDER`."""
    kind, r, c = spots[:, 0], spots[:, 1], spots[:, 2]
    pk = kind.copy()
    if len(spots):
        pk[(kind == WATER) & (spots[:, 3] < t.top_a[r, c])] = UNDER
    codes: IntArray = ((r * t.cols + c) << _KIND_BITS) | pk
    return codes


def round9(x: FloatArray) -> FloatArray:
    """``round(v, 9)`` of each element, as Python rounds it.

    Python rounds the exact binary value to 9 decimals and returns the double nearest to
    that decimal; ``rint(x * 1e9) / 1e9`` gives the same double except where the product
    ``x * 1e9`` lies within its own rounding error of half an integer (or is too large to
    be exact): those few are rounded by Python itself."""
    p = x * 1e9
    out: FloatArray = np.rint(p) / 1e9
    off_half = np.abs(p - np.floor(p) - 0.5)
    near = (off_half <= np.abs(p) * 4.5e-16 + 1e-300) | ~(np.abs(p) < 2.0 ** 52)
    if near.any():
        out[near] = [round(v, 9) for v in x[near].tolist()]
    return out


def lost_and_distance(actor: Creature, o: AllowancesOptions, styles: Sequence[str],
                      vectors: FloatArray) -> tuple[FloatArray, FloatArray]:
    """The two ranks :func:`~footwork.rulesets.allowances.planning.pick` gives each spend
    vector (rows of ``vectors``, columns in ``styles``' order), rounded to 9 decimals:
    what the Allowances lose (:func:`~footwork.rulesets.allowances.planning.deductions`,
    R002-05, A002-02, taken style by style in the budget's order and clamped at 0 as it
    takes them, plus any Jump distance used; a Breach's metres count for nothing kept,
    R002-33), and the distance.

    The same float operations in the same order as the Python function, element-wise
    (a spend of 0 or less takes nothing there; here it takes ``min(0, ...) = 0``)."""
    n = vectors.shape[0]
    left: dict[str, float | FloatArray] = {u: float(actor.allowance[u]) for u in actor.scores}
    out: dict[str, FloatArray] = {}
    for j, by in enumerate(styles):
        if by not in actor.scores:  # not the Breach's metres (``pick``)
            continue
        d = np.maximum(vectors[:, j], 0.0)
        for u in drained_by(actor, o, by):
            lost = np.minimum(d, np.maximum(0.0, left[u]))
            out[u] = out[u] + lost if u in out else lost
            left[u] = left[u] - lost
    total = np.zeros(n)
    for u in actor.scores:  # a Type nothing drained loses 0.0: adding it changes nothing
        if u in out:
            total = total + round9(out[u])
    for extra in (HOP_STYLE,):
        if extra in styles:
            total = total + vectors[:, list(styles).index(extra)]
    distance = vectors[:, 0] + 0.0
    for j in range(1, len(styles)):
        distance = distance + vectors[:, j]
    return round9(total), round9(distance)


def _labels(found: Reach[Spot]) -> tuple[IntArray, IntArray, FloatArray]:
    """Every key of ``found`` as rows of spots (the order found), and every label of the
    fronts: its key's row and its spend vector."""
    if isinstance(found, ArrayReach):
        rows, vectors, _ = found.front_rows()
        return found.spots, rows, vectors
    keys = list(found.keys())
    spots = np.array(keys, dtype=np.int64).reshape(len(keys), 5)
    fronts = [found.vectors(k) for k in keys]
    rows = np.repeat(np.arange(len(keys), dtype=np.int64), [len(v) for v in fronts])
    vectors = np.array([v for front in fronts for v in front],
                       dtype=np.float64).reshape(len(rows), len(found.budget.styles))
    return spots, rows, vectors


def _first_least(groups: IntArray, lost: FloatArray, distance: FloatArray,
                 tie: IntArray) -> IntArray:
    """Per group, the position of the least (lost, distance, tie), ``pick``'s winner
    (``tie`` is unique), in the order of the groups."""
    order = np.argsort(groups, kind="stable")
    g = groups[order]
    new = np.empty(len(g), dtype=bool)
    new[:1] = True
    np.not_equal(g[1:], g[:-1], out=new[1:])
    if new.all():  # one label a group
        return order
    starts = np.flatnonzero(new)
    group = np.cumsum(new) - 1
    least = lost[order]
    best = least == np.minimum.reduceat(least, starts)[group]
    far = np.where(best, distance[order], np.inf)
    best &= far == np.minimum.reduceat(far, starts)[group]
    ties = np.where(best, tie[order], np.iinfo(np.int64).max)
    best &= ties == np.minimum.reduceat(ties, starts)[group]
    found: IntArray = order[best]
    return found


def _clashes(spots: IntArray, resting: BoolArray) -> tuple[IntArray, BoolArray | None]:
    """Each key's height (cell and level) as an int64, and which keys rest at a height
    where a key of another kind rests too (None when no height has two kinds)."""
    kind, r, c, lv = spots[:, 0], spots[:, 1], spots[:, 2], spots[:, 3]
    r0, c0, l0 = int(r.min()), int(c.min()), int(lv.min())
    width, span = int(c.max()) - c0 + 1, int(lv.max()) - l0 + 1
    heights: IntArray = ((r - r0) * width + (c - c0)) * span + (lv - l0)
    if not (kind[resting] != kind[resting][0]).any():  # one kind everywhere
        return heights, None
    size = (int(r.max()) - r0 + 1) * width * span
    if size > 1 << 24:  # a box too large to mark: weigh every resting key
        return heights, resting
    # mark each height with one kind that rests there (the last written wins): a key
    # that finds another kind marked shares its height with another kind
    marked = np.full(size, -1, dtype=np.int64)
    h = heights[resting]
    marked[h] = kind[resting]
    torn = np.zeros(size, dtype=bool)
    torn[h[marked[h] != kind[resting]]] = True
    if not torn.any():
        return heights, None
    clash: BoolArray = resting & torn[heights]
    return heights, clash


def _ties(level: IntArray, krow: IntArray, vectors: FloatArray, nk: int) -> IntArray:
    """Each label's place in ``pick``'s order among equal ranks, as an int64 that sorts
    the same way: the lower level first, then the key found first, then (keys holding
    several labels) the least spend vector."""
    tie = (level - int(level.min())) * nk + krow
    if krow.shape[0] == nk:  # one label a key
        return tie
    counts = np.bincount(krow, minlength=nk)
    several = np.flatnonzero(counts[krow] > 1)
    columns = tuple(vectors[several, j] for j in reversed(range(vectors.shape[1])))
    order = several[np.lexsort((*columns, krow[several]))]
    # within its key, each label's rank by spend vector
    k = krow[order]
    first = np.ones(len(k), dtype=bool)
    first[1:] = k[1:] != k[:-1]
    at = np.arange(len(k), dtype=np.int64)
    rank = np.zeros(krow.shape[0], dtype=np.int64)
    rank[order] = at - np.maximum.accumulate(np.where(first, at, 0))
    out: IntArray = tie * int(counts.max()) + rank
    return out


def move_places(t: Terrain, actor: Creature, o: AllowancesOptions, found: Reach[Spot], *,
                hovers: bool, listed: Listed, build: OptionBuilder) -> Reachable:
    """The places of ``found`` (a search from the actor's spot) as a :class:`Reachable`
    (see the module docstring). ``listed`` holds the places of the moves listed before
    and gets this move's; ``build`` makes a place's option when it is read."""
    spots, krow, vectors = _labels(found)
    start = found.start
    kind, lv = spots[:, 0], spots[:, 3]
    codes = place_codes(t, spots)
    resting = kind != HOP
    if not hovers:
        resting &= kind != AIR
    is_start = ((kind == start[0]) & (spots[:, 1] == start[1]) & (spots[:, 2] == start[2])
                & (lv == start[3]))
    open_key = resting & ~is_start & ~listed.holds(codes)
    here = place_codes(t, np.array([start], dtype=np.int64))
    listed.add(here)
    listed.add(codes[open_key])
    if not open_key.any():
        return Reachable.empty()
    lost, distance = lost_and_distance(actor, o, found.budget.styles, vectors)
    nk = spots.shape[0]
    tie = _ties(lv[krow], krow, vectors, nk)
    # each place's label (R002-03, R002-05)
    cand = np.flatnonzero(open_key[krow])
    chosen = cand[_first_least(codes[krow[cand]], lost[cand], distance[cand], tie[cand])]
    # the move to that height would take that kind of place (R002-04)
    heights, clash = _clashes(spots, resting)
    if clash is not None:
        rest = np.flatnonzero(clash[krow])
        winners = rest[_first_least(heights[krow[rest]], lost[rest], distance[rest],
                                    tie[rest])]
        at = np.searchsorted(heights[krow[winners]], heights[krow[chosen]])
        at = np.minimum(at, len(winners) - 1)  # a height without a clash: not found
        h_chosen = heights[krow[chosen]]
        other = (heights[krow[winners[at]]] == h_chosen) & (
            kind[krow[winners[at]]] != kind[krow[chosen]])
        chosen = chosen[~other]
    # by distance, then row, col and level (the order of the heights' codes; one place is
    # left a height)
    chosen = chosen[np.lexsort((heights[krow[chosen]], distance[chosen]))]
    ends = spots[krow[chosen]]
    to = cell_names(ends[:, 1], ends[:, 2])
    styles = found.budget.styles
    spends = vectors[chosen]

    def make(i: int) -> Option:
        e = ends[i].tolist()
        spent = dict(zip(styles, spends[i].tolist(), strict=True))
        return build((e[0], e[1], e[2], e[3], e[4]), spent)

    return Reachable(to, distance[chosen], make)
