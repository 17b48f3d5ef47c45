"""The cascade of Allowances and the searches that route moves (R002-03..06, R002-12,
R002-33, A002-02, A002-03, A002-13, A002-15).

Moving ``d`` m with a Type takes ``d`` from that Type's Allowance and from every Type
whose Score is at least as high (R002-05). Over a whole move that is a set of nested
sum constraints: for each Type U, what was spent in U and in every Type ranked no
higher than U must fit U's Allowance. The core's exact multi-resource search takes them
as *group caps*, so the mixed-Type search is exact; a one-Type move only needs the least
Allowance among the Types it drains (its *effective* Allowance).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from operator import le

from footwork.errors import IllegalCommand
from footwork.rulesets.allowances.model import MAP_TYPES, MEDIUM_TYPE, MODE_TYPE, Creature
from footwork.rulesets.allowances.options import AllowancesOptions
from footwork.rulesets.allowances.terrain import (
    AIR,
    MODE_KIND,
    UNLIMITED,
    Mover,
    Spot,
    Terrain,
)
from footwork.space.reach import (
    EPS,
    Budget,
    PlanStep,
    Reach,
    Step,
    group_constraints,
    reach,
)

#: the resource names of the temporary distances
BREACH, HOP_STYLE = "breach", "hop"
#: the one resource of a loose search (every step it may take is paid from it)
LOOSE = "loose"


def ranks(actor: Creature, o: AllowancesOptions) -> dict[str, float]:
    """A002-03: the numbers the cascade compares (base Scores, or Allowances left). What
    is left counts a held Breach's metres in its Type: the Breach adds them to that Type's
    Allowance (R002-33), as a Rush adds its bonus (A002-02; the s34 review)."""
    if o.cascade.compare == "current_allowance":
        left = dict(actor.allowance)
        bt = actor.breach_type
        if bt is not None and bt in left:
            left[bt] += actor.breach_m
        return left
    return dict(actor.scores)


def drained_by(actor: Creature, o: AllowancesOptions, by: str) -> list[str]:
    """R002-05: the Types a move with ``by`` takes from (``by`` and every Type ranked at
    least as high; ties both ways, A002-03)."""
    rank = ranks(actor, o)
    return [u for u in actor.scores if rank[u] >= rank[by]]


def limiting(actor: Creature, o: AllowancesOptions, by: str) -> list[str]:
    """R002-04, R002-05, ``cascade.limit``: the Types whose Allowance must pay for a move
    with ``by``: its own (``own``, the default), or every Type it drains (``drained``)."""
    return [by] if o.cascade.limit == "own" else drained_by(actor, o, by)


def effective(actor: Creature, o: AllowancesOptions) -> dict[str, float]:
    """How far each Type may still go alone: the least Allowance among the Types that
    must pay for it (:func:`limiting`)."""
    return {t: max(0.0, min(actor.allowance[u] for u in limiting(actor, o, t)))
            for t in actor.scores}


def breach_drains(actor: Creature, o: AllowancesOptions) -> list[str]:
    """R002-05, R002-33 (the s33 review): the Types a Breach's metres take from. The
    Breach adds them to the Allowance of its Type, so moving them takes nothing from that
    Type (what was added is what is used), and from every other Type ranked at least as
    high, as any move with that Type does. A Type the creature lacks has no Score to rank
    (A002-15): its metres take from nothing else."""
    bt = actor.breach_type
    if bt is None or bt not in actor.scores:
        return []
    return [u for u in drained_by(actor, o, bt) if u != bt]


def drains(actor: Creature, o: AllowancesOptions, by: str) -> list[str]:
    """The Types a spend by ``by`` (a Type, or the Breach's metres) takes from."""
    if by == BREACH:
        return breach_drains(actor, o)
    return drained_by(actor, o, by) if by in actor.scores else []


def deductions(actor: Creature, o: AllowancesOptions,
               spent: Mapping[str, float]) -> dict[str, float]:
    """R002-05, A002-02: what each Allowance loses when ``spent`` m went by each Type (or
    the Breach's metres, :func:`breach_drains`), in that order; no Allowance goes below 0
    (the cascade takes what is there)."""
    left = dict(actor.allowance)
    out = dict.fromkeys(actor.scores, 0.0)
    for by, d in spent.items():
        if d <= 0:
            continue
        for u in drains(actor, o, by):
            lost = min(d, max(0.0, left[u]))
            out[u] += lost
            left[u] -= lost
    return {k: round(v, 9) for k, v in out.items()}


def groups(actor: Creature, o: AllowancesOptions) -> list[tuple[tuple[str, ...], float]]:
    """The cascade as group caps: for each Type U, the Types that drain U fit U's Allowance."""
    rank = ranks(actor, o)
    return [(tuple(t for t in actor.scores if rank[t] <= rank[u]), max(0.0, actor.allowance[u]))
            for u in actor.scores]


def owners(actor: Creature, o: AllowancesOptions) -> tuple[str, ...] | None:
    """For each group of :func:`groups`, the Type whose steps it bounds (``cascade.limit:
    own``: U's group bounds only moves with U); None: every member's (``drained``)."""
    return tuple(actor.scores) if o.cascade.limit == "own" else None


@dataclass(frozen=True)
class Search:
    """How a move is searched: its budget, its groups and how steps are named."""

    budget: Budget
    groups: tuple[tuple[tuple[str, ...], float], ...]
    mover: Mover
    #: a Breach's Type: its steps may also draw on the temporary Allowance
    breach_type: str | None
    #: the creature lacks the Breach's Type: only the temporary Allowance pays
    breach_only: bool
    hovers: bool
    #: a Type that may only move straight toward the new medium (out of the medium a
    #: Breach leaves): up out of water or earth, down out of the air (R002-31)
    rise_only: str | None = None
    #: per group, the style whose steps it bounds (None: every member's steps)
    owners: tuple[str, ...] | None = None
    #: the way ``rise_only`` goes: +1 up (into the air), -1 down (into water or earth)
    toward: int = 1
    #: a loose search (explaining a refusal): the resources whose steps it takes, all
    #: paid from its one amount, :data:`LOOSE` (only where it reaches matters)
    merged: tuple[str, ...] = ()


def leaves_toward(frm: Spot, to: Spot, toward: int) -> bool:
    """R002-31, R002-33: a step of the medium left, completing a Breach, goes straight up
    (``toward`` +1) or straight down (-1) in its cell, toward the medium broken into."""
    return frm[1:3] == to[1:3] and (to[3] - frm[3]) * toward > 0


def turns_left(actor: Creature, o: AllowancesOptions, *, override: bool = False) -> int:
    """R002-12, A002-12, A002-17, A002-27: how many submerged/surfaced changes a move may
    still make this Activation. A change counts when a step crosses the surface, whatever
    moved the creature (a failed Breach crosses nothing and counts nothing). With
    ``breach.counts_as_transition: false`` the first crossing of the move completing a
    Breach is the Breach's own and is free; an action that lifts the limit lifts it
    (:data:`UNLIMITED`: the search then keeps no count in its spots)."""
    if override:
        return UNLIMITED
    left = max(0, o.transitions.per_activation - actor.transitions)
    if actor.breach_type is not None and not o.breach.counts_as_transition:
        left += 1
    return min(left, UNLIMITED)


def hovers(actor: Creature) -> bool:
    return actor.scores.get("flight", 0.0) > 0


def climb_style(actor: Creature, o: AllowancesOptions) -> str | None:
    """A002-25: Climb by a Climb Type, or (if the GM allows it) charged to Overland."""
    if "climb" in actor.scores:
        return "climb"
    if o.climb.overland_fallback and "overland" in actor.scores:
        return "overland"
    return None


def jump_payer(actor: Creature, o: AllowancesOptions) -> str | None:
    """A002-13 read otherwise (``jump.consumes_allowance``): the Type a jump's metres are
    spent from (``jump.pays_with``): Overland, or the Type of where it springs from
    (Overland off the ground, Swim off the water's surface); None by default (a jump
    spends no Allowance). The creature may lack that Type (the s34 review)."""
    if not o.jump.consumes_allowance:
        return None
    if o.jump.pays_with == "launch":
        return MODE_TYPE[actor.mode]
    return "overland"


def hop_cap(actor: Creature, o: AllowancesOptions) -> float:
    """R002-17, R002-23, A002-13: how far a held Jump or Leap may carry the creature: its
    distance; with ``jump.consumes_allowance`` (the other reading of A002-13) no more than
    the paying Type (:func:`jump_payer`) may still pay, since the jump's metres are that
    Type's too (the s33 review); a creature without that Type has nothing to pay it with
    (the s34 review: it spent nothing and went the whole distance)."""
    payer = jump_payer(actor, o)
    if payer is not None:
        return min(actor.airborne_m, effective(actor, o).get(payer, 0.0))
    return actor.airborne_m


def plan_search(terrain: Terrain, actor: Creature, o: AllowancesOptions, by: str | None, *,
                override: bool = False, loose: float | None = None,
                any_turns: bool = False) -> Search:
    """The search for a move by ``by`` (a Type, ``jump``/``leap``, or None for any mix).
    ``loose`` (to explain a refusal) pays every step the move could take from one amount
    of that many metres instead of its caps; ``any_turns`` lifts R002-12."""
    turns = turns_left(actor, o, override=override or any_turns)
    if by in ("jump", "leap"):
        floor = -(10**6)
        if o.jump.max_drop_m is not None:
            floor = terrain.level(actor.z) - terrain.level(o.jump.max_drop_m)
        cap = hop_cap(actor, o) if loose is None else loose
        return Search(Budget({HOP_STYLE: cap}), (), Mover(frozenset({HOP_STYLE}), turns=turns,
                                                           hop_floor=floor),
                      None, False, False)
    eff = effective(actor, o)
    climb = climb_style(actor, o)
    caps: dict[str, float] = {}
    usable: set[str] = set()
    names = [by] if by is not None else list(actor.scores)
    if by == "climb" and climb == "overland":
        names = ["overland"]
    bt = actor.breach_type
    rise: str | None = None
    toward = 1
    if bt is not None and by in (bt, None) and MODE_TYPE[actor.mode] != bt:
        # R002-31, R002-33: the way out of the medium it is in (a shark rising to the
        # surface, a bird coming down to it) is moved with that medium's Type, straight
        # toward the new medium; the rest by the Breach. The same whether the move names
        # the Breach's Type or leaves ``type`` out.
        rise = MODE_TYPE[actor.mode]
        if actor.mode == "wall":  # A002-25: climbing is charged to Climb or to Overland
            rise = climb or rise
        # into the air: up; into water or earth: down, but up out of the earth under a
        # lake into its water (the s34 review)
        toward = 1 if bt == MEDIUM_TYPE["air"] or actor.mode == "earth" else -1
        # ``type`` left out is the same ruling as the Breach's Type (the s33 review: the
        # metres must be used, R002-33, so no other Type of its own takes the move over)
        names = [bt, rise]
    for t in names:
        if t in actor.scores:
            caps[t] = eff[t] if loose is None else loose
            usable.add(t)
    if bt is not None and (by is None or by == bt):
        caps[BREACH] = actor.breach_m if loose is None else loose
        usable.add(bt)
    if not caps:
        caps = {"none": 0.0}
    grp: tuple[tuple[tuple[str, ...], float], ...] = ()
    own: tuple[str, ...] | None = None
    # R002-05, R002-33 (the s33 review): a Breach's metres count in the groups of the
    # Types they take from (with ``drained`` they must fit them; with ``own`` a group
    # bounds only its own Type's later steps)
    taken = breach_drains(actor, o) if BREACH in caps else []
    if (sum(1 for t in caps if t in actor.scores) > 1 or taken) and loose is None:
        # R002-05: a Type missing from this search spends nothing: its groups lose it;
        # with ``cascade.limit: own`` a group bounds only its own Type's steps
        who = owners(actor, o)
        pairs = [(kept, c, u) for (m, c), u in zip(groups(actor, o), actor.scores, strict=True)
                 if (kept := tuple(x for x in (*m, *((BREACH,) if u in taken else ()))
                                   if x in caps))
                 and (who is None or u in caps)]
        grp = tuple((m, c) for m, c, _ in pairs)
        own = None if who is None else tuple(u for _, _, u in pairs)
    climb_as = climb if climb is not None else "climb"
    mover = Mover(frozenset(t for t in usable if t in MAP_TYPES), climb_as=climb_as,
                  turns=turns)
    merged: tuple[str, ...] = ()
    budget = Budget(caps)
    if loose is not None:
        # where a looser budget would reach, whatever mix of Types gets there: one amount
        # for every step (one label per spot), not a cap per Type (a front of every split
        # of the same metres between them)
        merged, budget = tuple(caps), Budget({LOOSE: loose})
    return Search(budget, grp, mover, bt, bt is not None and bt not in actor.scores,
                  hovers(actor), rise if rise in caps else None, own, toward, merged)


def shared_steps(terrain: Terrain, mover: Mover) -> Callable[[Spot], list[Step[Spot]]]:
    """``terrain.steps`` for ``mover``, remembered per spot: several searches whose movers
    use fewer Types may share it (a Type's steps do not depend on the others)."""
    memo: dict[Spot, list[Step[Spot]]] = {}

    def steps(spot: Spot) -> list[Step[Spot]]:
        found = memo.get(spot)
        if found is None:
            found = memo[spot] = terrain.steps(spot, mover)
        return found

    return steps


def run(terrain: Terrain, start: Spot, s: Search,
        source: Callable[[Spot], list[Step[Spot]]] | None = None) -> Reach[Spot]:
    """The exact search of :class:`Search` from ``start``: compiled (``fastreach``) when
    numba is there, else :func:`pure_run` (the same result)."""
    key = (id(terrain), start, tuple(s.budget.caps.items()), s.groups, s.mover,
           s.breach_type, s.breach_only, s.rise_only, s.toward, s.owners, terrain.skim,
           s.merged)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is terrain:
        return hit[1]
    from footwork.rulesets.allowances.fastreach import fast_reach

    found = fast_reach(terrain, start, s)
    if found is None:
        found = pure_run(terrain, start, s, source)
    if len(_CACHE) >= 64:
        _CACHE.clear()
    _CACHE[key] = (terrain, found)
    return found


def pure_run(terrain: Terrain, start: Spot, s: Search,
             source: Callable[[Spot], list[Step[Spot]]] | None = None) -> Reach[Spot]:
    """The exact search of :class:`Search` from ``start``, in Python. ``source`` may supply
    the steps of a mover with more Types (see :func:`shared_steps`); they are filtered to
    this search's Types."""
    bt, only, rise = s.breach_type, s.breach_only, s.rise_only
    caps = s.budget.caps
    allowed = set(s.mover.types)
    # a loose search takes a step once, from its one amount, if any resource pays it
    merged = (set(s.merged) | ({bt} if BREACH in s.merged and bt else set())
              if s.merged else None)

    def steps(spot: Spot) -> list[Step[Spot]]:
        out: list[Step[Spot]] = []
        given = terrain.steps(spot, s.mover) if source is None else [
            x for x in source(spot) if x.style in allowed]
        for st in given:
            if st.style == rise and st.style != bt and not leaves_toward(
                    spot, st.to, s.toward):
                continue
            if merged is not None:
                if st.style in merged:
                    out.append(Step(st.to, LOOSE, st.cost))
                continue
            if st.style == bt:
                out.append(Step(st.to, BREACH, st.cost))
                if only:
                    continue
            if st.style in caps:
                out.append(st)
        return out

    if len(caps) == 1 and not s.groups:
        return one_resource(start, steps, s.budget)
    if s.owners is not None:
        return cascade_reach(start, steps, s.budget, s.groups, s.owners)
    return reach(start, steps, s.budget, groups=s.groups)


def cascade_reach(start: Spot, steps: Callable[[Spot], list[Step[Spot]]], budget: Budget,
                  grp: tuple[tuple[tuple[str, ...], float], ...],
                  own: tuple[str, ...]) -> Reach[Spot]:
    """:func:`reach` with group-sum dominance, where group ``g`` bounds only the steps of
    its owner ``own[g]`` (R002-04: a move is paid by its own Type's Allowance; the
    cascade only deducts). Labels whose group sums are all no larger can still take every
    step the other can, so dominance stays exact."""
    styles = budget.styles
    index = {name: i for i, name in enumerate(styles)}
    _, sets = group_constraints(budget, grp)
    ids = [tuple(index[m] for m in dict.fromkeys(members)) for members, _ in grp]
    held: list[list[tuple[tuple[int, ...], float]]] = [[] for _ in styles]
    for g, ((_, cap), owner) in enumerate(zip(grp, own, strict=True)):
        held[index[owner]].append((ids[g], cap + EPS))
    caps = [budget.caps[x] + EPS for x in styles]
    pool_limit = budget.limit + EPS
    n = len(styles)
    key: list[Spot] = [start]
    spent: list[tuple[float, ...]] = [(0.0,) * n]
    total: list[float] = [0.0]
    parent: list[int] = [-1]
    step_of: list[Step[Spot] | None] = [None]
    alive: list[bool] = [True]
    d0 = (0.0,) * len(sets)
    above = [tuple(y + EPS for y in d0)]
    below = [tuple(y - EPS for y in d0)]
    fronts: dict[Spot, list[int]] = {start: [0]}
    heap: list[tuple[float, int]] = [(0.0, 0)]
    pop, push = heapq.heappop, heapq.heappush
    cache: dict[Spot, list[Step[Spot]]] = {}
    while heap:
        t, i = pop(heap)
        if not alive[i]:
            continue
        vec = spent[i]
        here = key[i]
        moves = cache.get(here)
        if moves is None:
            moves = cache[here] = list(steps(here))
        for st in moves:
            s = index.get(st.style)
            if s is None:
                raise ValueError(f"a step uses style {st.style!r}; the budget has "
                                 f"{', '.join(styles)}")
            c = float(st.cost)
            t2 = t + c
            x = vec[s] + c
            if t2 > pool_limit or x > caps[s]:
                continue
            if any(sum(vec[j] for j in g) + c > gc for g, gc in held[s]):
                continue
            v2 = (*vec[:s], x, *vec[s + 1:])
            d2 = tuple(sum(v2[j] for j in g) for g in sets)
            front = fronts.setdefault(st.to, [])
            if any(all(map(le, below[j], d2)) for j in front):
                continue
            keep = [j for j in front if not all(map(le, d2, above[j]))]
            for j in front:
                if j not in keep:
                    alive[j] = False
            front[:] = keep
            new = len(key)
            key.append(st.to)
            spent.append(v2)
            total.append(t2)
            parent.append(i)
            step_of.append(st)
            alive.append(True)
            above.append(tuple(y + EPS for y in d2))
            below.append(tuple(y - EPS for y in d2))
            front.append(new)
            push(heap, (t2, new))
    return Reach(start, budget, fronts, key, spent, total, parent, step_of)


def one_resource(start: Spot, steps: Callable[[Spot], list[Step[Spot]]],
                 budget: Budget) -> Reach[Spot]:
    """:func:`reach` for a budget of one resource: a plain bounded Dijkstra (one label per
    key, the least spent), returned as the same :class:`Reach` value."""
    (name, cap), = budget.caps.items()
    limit = cap + EPS
    key: list[Spot] = [start]
    spent: list[tuple[float, ...]] = [(0.0,)]
    total: list[float] = [0.0]
    parent: list[int] = [-1]
    step_of: list[Step[Spot] | None] = [None]
    best: dict[Spot, int] = {start: 0}
    done: set[Spot] = set()
    heap: list[tuple[float, int]] = [(0.0, 0)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, i = pop(heap)
        here = key[i]
        if here in done or best[here] != i:
            continue
        done.add(here)
        for st in steps(here):
            if st.style != name:
                raise ValueError(f"a step uses style {st.style!r}; the budget has {name}")
            d2 = d + st.cost
            if d2 > limit:
                continue
            j = best.get(st.to)
            if j is not None and total[j] <= d2 + EPS:
                continue
            new = len(key)
            key.append(st.to)
            spent.append((d2,))
            total.append(d2)
            parent.append(i)
            step_of.append(st)
            best[st.to] = new
            push(heap, (d2, new))
    fronts = {k: [i] for k, i in best.items()}
    return Reach(start, budget, fronts, key, spent, total, parent, step_of)


def start_spot(terrain: Terrain, actor: Creature) -> Spot:
    return (MODE_KIND[actor.mode], actor.row, actor.col, terrain.level(actor.z), 0)


@dataclass(frozen=True)
class Route:
    """A found move: where it ends, what it spent by resource, and its steps."""

    end: Spot
    spent: Mapping[str, float]
    plan: tuple[PlanStep[Spot], ...]

    @property
    def distance(self) -> float:
        return round(sum(self.spent.values()), 9)

    @property
    def temporary(self) -> float:
        return round(self.spent.get(BREACH, 0.0) + self.spent.get(HOP_STYLE, 0.0), 9)

    def by_type(self) -> dict[str, float]:
        return {k: v for k, v in self.spent.items() if k not in (BREACH, HOP_STYLE, "none")}

    def cascaded(self) -> dict[str, float]:
        """What :func:`deductions` takes from: the Types' spends and the Breach's metres
        (which take from the Types ranked as high as its own, R002-05, R002-33)."""
        return {k: v for k, v in self.spent.items() if k not in (HOP_STYLE, "none")}


def matches(terrain: Terrain, spot: Spot, to: tuple[int, ...] | tuple[int, int, float],
            hover: bool) -> bool:
    if spot[1:3] != (to[0], to[1]) or not terrain.resting(spot, hover):
        return False
    return len(to) == 2 or spot[3] == terrain.level(float(to[2]))


def pick(found: Reach[Spot], keys: Iterable[Spot], actor: Creature, o: AllowancesOptions,
         *, surface_first: bool) -> Route | None:
    """Among ``keys``, the way that leaves the most Allowance (least cascade), then the least
    distance; with ``surface_first``, on the ground or in the water (at any depth) before
    the air, the earth or a wall."""
    best: tuple[tuple[int, float, float], Spot, int] | None = None
    styles = found.budget.styles
    for key in keys:
        pref = 1 if surface_first and key[0] not in (MODE_KIND["ground"],
                                                     MODE_KIND["water"]) else 0
        for i, vec in enumerate(found.vectors(key)):
            spent = dict(zip(styles, vec, strict=True))
            # the Breach's metres are no Allowance kept (they "must" be used and lapse
            # with the move, R002-33, A002-15): neither they nor what they take from the
            # Types by the cascade count here, so a way by them is never passed over for
            # one by the creature's own Types (the s33 review)
            own = {k: v for k, v in spent.items() if k != BREACH}
            lost = sum(deductions(actor, o, own).values()) + spent.get(HOP_STYLE, 0.0)
            rank = (pref, round(lost, 9), round(sum(vec), 9))
            if best is None or rank < best[0]:
                best = (rank, key, i)
    if best is None:
        return None
    _, key, i = best
    want = found.vectors(key)[i]
    sp = next(x for x in found.front(key) if x.vector == want)
    return Route(key, dict(sp.spent), sp.plan)


def best_route(found: Reach[Spot], terrain: Terrain, actor: Creature, o: AllowancesOptions,
               to: tuple[int, int] | tuple[int, int, float], hover: bool) -> Route | None:
    """The best way to ``to`` (see :func:`pick`); the ground or the water first
    when ``to`` has no height."""
    keys = [k for k in found if matches(terrain, k, to, hover)]
    return pick(found, keys, actor, o, surface_first=len(to) == 2)


#: recent searches (a search is a pure function of its key; the terrain is held so its id
#: cannot be reused by another map while cached)
_CACHE: dict[tuple[object, ...], tuple[Terrain, Reach[Spot]]] = {}


def explain_room(terrain: Terrain) -> float:
    """The amount of the loose searches that explain a refusal: more than any move on
    the map needs, so that only the map (or R002-12's limit) can stand in the way."""
    return 4.0 * (terrain.rows + terrain.cols) * max(terrain.h, terrain.vs) + 50.0


def route(terrain: Terrain, actor: Creature, o: AllowancesOptions, by: str | None,
          to: tuple[int, int] | tuple[int, int, float], *, override: bool = False) -> Route:
    """The move to ``to`` within what is left, or the refusal that says why not."""
    start = start_spot(terrain, actor)
    s = plan_search(terrain, actor, o, by, override=override)
    found = best_route(run(terrain, start, s), terrain, actor, o, to, s.hovers)
    if found is not None:
        return found
    room = explain_room(terrain)
    loose = plan_search(terrain, actor, o, by, override=override, loose=room)
    where = f"row {to[0]}, col {to[1]}" + (f" at {to[2]:g} m" if len(to) == 3 else "")
    if best_route(run(terrain, start, loose), terrain, actor, o, to, s.hovers) is not None:
        if by in ("jump", "leap") and hop_cap(actor, o) < actor.airborne_m and best_route(
                run(terrain, start, replace(s, budget=Budget({HOP_STYLE: actor.airborne_m}))),
                terrain, actor, o, to, s.hovers) is not None:
            payer = jump_payer(actor, o) or "overland"
            raise IllegalCommand("over_allowance", f"{where} is within the {by}'s "
                                 f"{actor.airborne_m:g} m, but jumping spends {payer.title()} "
                                 f"too and {actor.id} has {hop_cap(actor, o):g} m of it "
                                 "(A002-13)", ("A002-13", "R002-05"))
        if by in ("jump", "leap"):
            raise IllegalCommand("over_distance", f"{where} is beyond the {by}'s "
                                 f"{actor.airborne_m:g} m (R002-20, R002-26)",
                                 ("R002-19", "R002-25", "A002-13"))
        raise IllegalCommand("over_allowance", f"{actor.id} cannot reach {where} with the "
                             "Allowance left: moving with a Type also spends every Type "
                             "scored at least as high (R002-03, R002-05)",
                             ("R002-03", "R002-05"))
    freed = plan_search(terrain, actor, o, by, override=override, loose=room, any_turns=True)
    if best_route(run(terrain, start, freed), terrain, actor, o, to, s.hovers) is not None:
        raise IllegalCommand("transition_limit", f"reaching {where} needs another change "
                             "between submerged and surfaced, and this Activation has used "
                             f"its {o.transitions.per_activation} (R002-12)",
                             ("R002-12", "A002-17"))
    if not s.hovers and any(matches(terrain, k, to, True) and k[0] == AIR
                            for k in run(terrain, start, freed)):
        raise IllegalCommand("no_landing", f"{actor.id} has no Flight Score to stay up at "
                             f"{where}: a move must end on something", ("R002-02", "R002-33"))
    label = by or "any of its Types"
    raise IllegalCommand("no_way", f"no way for {actor.id} to reach {where} by {label}",
                         ("R002-02",))


def path_of(r: Route) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    for p in r.plan:
        cell = (p.key[1], p.key[2])
        if not out or out[-1] != cell:
            out.append(cell)
    return tuple(out)


__all__ = [
    "EPS",
    "LOOSE",
    "UNLIMITED",
    "Route",
    "Search",
    "breach_drains",
    "deductions",
    "drained_by",
    "drains",
    "effective",
    "explain_room",
    "groups",
    "hop_cap",
    "jump_payer",
    "path_of",
    "plan_search",
    "pure_run",
    "ranks",
    "route",
    "run",
    "start_spot",
    "turns_left",
]
