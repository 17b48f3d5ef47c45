"""Movement in `styles` as one path through the rules (issue 16).

Every cause of movement in this ruleset becomes a core :class:`~footwork.engine.movement.Path`
of spot-to-spot steps, ruled by :data:`PIPELINE` in the core's order:

- **leaving**: one lost in a void goes nowhere (A001-14); a prone character uses no style
  but Walk (A001-10);
- **crossing**: the link between the two spots in the step's mode: a style's step must be
  an edge of the movement graph (:meth:`Terrain.steps`: Walk R001-26, Jump R001-32/33,
  Climb along one continuous surface R001-34, Swim R001-35, prices A001-17, R001-29);
  a fall goes straight down its column; a drift goes where the water takes it;
  then what the step costs must be left in its style and the pool (R001-02, R001-13);
- **entering**: :func:`admits`, the one function that says whether a body can be at a
  spot (on a floor, in water, holding a face, in open air, landing from a fall), for
  every cause alike;
- **arriving**: support or a fall (R001-26, R001-32, R001-34, A001-14) and touching down
  on a hazard (A001-19).

The causes: a Move's plan (chosen: a forbidden step refuses it whole, R001-02), and the
forced ones, which stop where the rules stop them: the fall of an Interrupted climber or
flier (R001-21, R001-34), a current's drift (R001-35, A001-20), an Interrupted or
overloaded swimmer floating or sinking (R001-37, R001-38). The searches (the pure one and
the compiled one) find the way; the pipeline rules it when it is carried out.

The core records each step as it is ruled; this ruleset logs one ``moved`` line per plan
segment and one ``drifted`` line per drift (the stable log), so :func:`carry_out` folds
each step's private :class:`Stepped` into those lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from footwork.engine.events import Event
from footwork.engine.movement import PASS, Path, Pipeline, Ruling, Step, Walk, Walked
from footwork.engine.rolling import Roller
from footwork.engine.state import State
from footwork.rulesets.styles import events as ev
from footwork.rulesets.styles.falls import fall_events
from footwork.rulesets.styles.model import STYLES, StyleActor, in_u
from footwork.rulesets.styles.options import StylesOptions
from footwork.rulesets.styles.planning import no_way
from footwork.rulesets.styles.terrain import (
    AIR,
    FALLEN,
    FLY,
    GROUND,
    KIND_NAMES,
    LEVITATE,
    NONE,
    WALL,
    WATER,
    Mover,
    Spot,
    Terrain,
)
from footwork.space.grid import Surface
from footwork.space.reach import EPS

StylesState = State[StyleActor]
StylesWalk = Walk[StylesState, Spot]

#: the modes of forced movement (every other mode is a style)
FALL, DRIFT = "fall", "drift"

_MOVE_RULES = {
    "walk": ("R001-01", "R001-03", "R001-26"),
    "jump": ("R001-01", "R001-03", "R001-32", "R001-33"),
    "climb": ("R001-01", "R001-03", "R001-34"),
    "swim": ("R001-01", "R001-03", "R001-35"),
    "fly": ("R001-01", "R001-03", "R001-17"),
    "levitate": ("R001-01", "R001-03", "R001-17"),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Stepped(Event):
    """One step carried out, inside decide only (never logged): where the actor is now and
    what the step cost in ``style`` (empty for forced movement)."""

    type: ClassVar[str] = "styles_stepped"
    actor: str
    style: str
    cost: float
    spot: tuple[int, int, int, int, int]


def _terrain(state: StylesState) -> Terrain:
    t: Terrain = state.space.terrain
    return t


def _opts(state: StylesState) -> StylesOptions:
    o: StylesOptions = state.options
    return o


def _where(spot: Spot) -> str:
    return f"row {spot[1]}, col {spot[2]}"


# -- what a spot is ------------------------------------------------------------------------


def admits(t: Terrain, spot: Spot) -> tuple[str, str, tuple[str, ...]] | None:
    """Can a body be at ``spot``? None if it can, else (reason, why, rule ids). The one
    entry rule of every cause of movement."""
    kind, r, c, lv, _ = spot
    if not t.in_bounds(r, c):
        return "off_map", f"{_where(spot)} is off the map", ()
    s = t.surface[r][c]
    name = Surface(s).spec_name
    if kind == GROUND:
        if s == int(Surface.FLOOR) and lv == t.top[r][c]:
            return None
        return "no_room", f"{_where(spot)} has no floor to stand on there ({name})", \
            ("R001-26",)
    if kind == WATER:
        if s == int(Surface.WATER) and t.bed[r][c] <= lv <= t.top[r][c]:
            return None
        return "no_room", f"{_where(spot)} has no water there ({name})", ("R001-35",)
    if kind == WALL:
        if t.can_hold(r, c, lv):
            return None
        return "no_room", f"{_where(spot)}: nothing to climb at {in_u(t.height(lv))}", \
            ("R001-34",)
    if kind == AIR:
        if t.open_air(r, c, lv, touching=True):
            return None
        return "no_room", f"{_where(spot)}: no open air at {in_u(t.height(lv))}", ("R001-32",)
    if kind in (FLY, LEVITATE):
        if t.open_air(r, c, lv, touching=False):
            return None
        return "no_room", f"{_where(spot)}: no open air at {in_u(t.height(lv))}", ("R001-17",)
    # FALLEN: a landing on what is below, or nothing at all over a void
    if s != int(Surface.WALL) and lv == (NONE if s == int(Surface.VOID) else t.top[r][c]):
        return None
    return "no_room", f"{_where(spot)}: a fall does not land there", ("A001-14",)


def price(t: Terrain, actor: StyleActor, step: Step[Spot]) -> float | None:
    """What a step in a style costs, if the movement graph has it (R001-26..35, A001-17,
    R001-29); None if it does not."""
    mover = Mover(frozenset({step.mode}), 2.0 if actor.prone else 1.0, True)
    for found in t.steps(step.frm, mover):
        if found.to == step.to and found.style == step.mode:
            return found.cost
    return None


# -- the rules -------------------------------------------------------------------------------


def lost_goes_nowhere(walk: StylesWalk, step: Step[Spot]) -> Ruling:
    """A001-14: a character lost in a void is off the map for good."""
    a = walk.state.actors[walk.path.actor]
    if a.lost:
        return walk.refuse("lost", f"{a.id} fell into the void", ("A001-14",))
    return PASS


def prone_uses_walk(walk: StylesWalk, step: Step[Spot]) -> Ruling:
    """A001-10, R001-29: a prone character stands before using any style but Walk."""
    a = walk.state.actors[walk.path.actor]
    if (step.mode in STYLES and step.mode != "walk" and a.prone
            and _opts(walk.state).prone.blocks_other_styles):
        return walk.refuse("prone", f"{a.id} is prone and must stand up before using "
                           f"{step.mode.title()} (A001-10)", ("R001-29", "A001-10"))
    return PASS


def link(walk: StylesWalk, step: Step[Spot]) -> Ruling:
    """The way between the two spots in the step's mode. A style's step must be an edge of
    the movement graph; a fall goes straight down; a drift goes where the water goes."""
    t = _terrain(walk.state)
    if not t.in_bounds(step.to[1], step.to[2]):
        return walk.refuse("off_map", f"{_where(step.to)} is off the map")
    if step.mode == FALL:
        if step.frm[1:3] == step.to[1:3] and step.to[0] == FALLEN:
            return PASS
        return walk.refuse("no_way", "a fall goes straight down", ("A001-14",))
    if step.mode == DRIFT:
        dr, dc = step.to[1] - step.frm[1], step.to[2] - step.frm[2]
        # A001-17 (the s32 review): a drift cuts no corner a stroke may not cut
        if dr and dc and t.cuts_corner(step.frm[1], step.frm[2], dr, dc, step.frm[3]):
            return walk.refuse("no_way", "a drift does not pass the corner where "
                               f"{_where(step.frm)} meets {_where(step.to)} (A001-17)",
                               ("R001-35", "A001-17"))
        if max(abs(dr), abs(dc)) <= 1 and step.frm[0] == step.to[0] == WATER:
            return PASS
        return walk.refuse("no_way", "a drift goes from water to the next water",
                           ("R001-35",))
    a = walk.state.actors[walk.path.actor]
    if price(t, a, step) is None:
        exc = no_way(t, step.mode, step.frm, step.to)
        return walk.refuse(exc.reason, exc.detail, exc.rules)
    return PASS


def afford(walk: StylesWalk, step: Step[Spot]) -> Ruling:
    """R001-02, R001-13, R001-11, R001-12: a style's step is paid from its cap and the pool;
    forced movement costs no Movement."""
    if step.mode not in STYLES:
        return PASS
    a = walk.state.actors[walk.path.actor]
    cost = price(_terrain(walk.state), a, step)
    assert cost is not None  # link ruled first
    pool_left = a.pool() - a.pool_spent
    if cost > pool_left + EPS:
        return walk.refuse("over_pool", f"{a.id}'s pool has {in_u(max(0.0, pool_left))} left, "
                           f"the step costs {in_u(cost)} (R001-02, R001-13)",
                           ("R001-02", "R001-13"))
    cap_left = a.caps().get(step.mode, 0.0) - a.spent.get(step.mode, 0.0)
    if cost > cap_left + EPS:
        return walk.refuse("over_cap", f"{a.id} has {in_u(max(0.0, cap_left))} of "
                           f"{step.mode.title()} left, the step costs {in_u(cost)} (R001-02, "
                           "R001-11, R001-12)", ("R001-02", "R001-11", "R001-12"))
    return PASS


def room(walk: StylesWalk, step: Step[Spot]) -> Ruling:
    """The one entry rule, whatever the cause: a body can be at the spot (:func:`admits`)."""
    why = admits(_terrain(walk.state), step.to)
    if why is None:
        return PASS
    return walk.refuse(*why)


def touch_down(walk: StylesWalk, step: Step[Spot]) -> Ruling:
    """A001-19, R001-09: standing on a hazard cell sets it off, whatever brought the
    actor there (a fall's landing is ruled by :func:`support`)."""
    if step.to[0] == GROUND:
        return Ruling(tuple(_hazard(walk, step.to[1], step.to[2])))
    return PASS


def support(walk: StylesWalk, step: Step[Spot]) -> Ruling:
    """R001-26, R001-32, R001-34, A001-14: with nothing underfoot at the end of a step, the
    actor falls at once to what is below; a falling character moves itself no further, so
    the path ends there."""
    t = _terrain(walk.state)
    spot = step.to
    if spot[0] == AIR:
        later = walk.path.steps[walk.taken + 1:]
        if later and later[0].mode == "jump" and later[0].frm == spot:
            return PASS  # still in the air, on the same hop
        spot = t.fall_from(spot[1], spot[2], spot[3])
    if spot[0] != FALLEN:
        return PASS
    _, r, c, lv, from_lv = spot
    into = "void" if lv == NONE else (
        "water" if t.surface[r][c] == int(Surface.WATER) else "floor")
    z = t.height(lv) if lv != NONE else 0.0
    distance = t.height(from_lv - lv) if lv != NONE else 0.0
    rules = {"jump": ("R001-32",), FALL: ("R001-34",)}.get(step.mode, ("R001-26",))
    o = _opts(walk.state)
    events = fall_events(walk.path.actor, o.fall, r, c, z, distance, into, walk.roller, rules)
    if t.touches_down(spot):
        events += _hazard(walk, r, c)  # a landing on a floor touches down (A001-19)
    return walk.stop_after("fell", f"{walk.path.actor} falls", rules, events)


def _hazard(walk: StylesWalk, r: int, c: int) -> list[Event]:
    t = _terrain(walk.state)
    if not t.hazard[r][c]:
        return []
    tags = tuple(n for n in _opts(walk.state).move.hazard_tags if t.grid.tag_at(n, r, c))
    return [ev.HazardTriggered(actor=walk.path.actor, row=r, col=c, tags=tags,
                               rules=("A001-19",))]


def _stepped(walk: StylesWalk, step: Step[Spot]) -> list[Event]:
    cost = 0.0
    if step.mode in STYLES:
        found = price(_terrain(walk.state), walk.state.actors[walk.path.actor], step)
        cost = found if found is not None else 0.0
    return [Stepped(actor=walk.path.actor, style=step.mode if step.mode in STYLES else "",
                    cost=cost, spot=step.to)]


def evolve_stepped(state: StylesState, e: Stepped) -> StylesState:
    """Fold a step inside decide: the place, and the spend in its style."""
    t = _terrain(state)
    a = state.actors[e.actor]
    kind, r, c, lv, extra = e.spot
    more: dict[str, Any] = {"row": r, "col": c, "at": f"{r},{c}",
                            "z": t.height(extra if kind == FALLEN else lv)}
    if kind not in (AIR, FALLEN):
        more["mode"] = KIND_NAMES[kind]
    if e.style:
        more["spent"] = {**a.spent, e.style: a.spent.get(e.style, 0.0) + e.cost}
        more["pool_spent"] = a.pool_spent + e.cost
    return state.update_actor(e.actor, **more)


def make_pipeline(evolve: Callable[[StylesState, Event], StylesState]
                  ) -> Pipeline[StylesState, Spot]:
    """The ordered rules of every step in `styles`."""
    return Pipeline(leaving=(lost_goes_nowhere, prone_uses_walk), crossing=(link, afford),
                    entering=(room,), arriving=(support, touch_down), moved=_stepped,
                    evolve=evolve)


# -- carrying a path out, and writing its log --------------------------------------------


def carry_out(pipeline: Pipeline[StylesState, Spot], state: StylesState, path: Path[Spot],
              roller: Roller, segments: Sequence[int] = (), distances: Sequence[float] = (),
              rules: tuple[str, ...] = ()) -> list[Event]:
    """Rule ``path`` and write its log: one ``moved`` per plan segment (``segments`` gives
    each step's segment), one ``drifted`` for a drift (``distances``: each step's length),
    nothing of its own for a fall (its ``fell`` says it); ``rules``: a drift's rule ids.
    Raises :class:`~footwork.errors.IllegalCommand` when a chosen path is refused
    (nothing changes)."""
    walked = pipeline.walk(state, path, roller)
    return record(_terrain(state), path, walked, segments, distances, rules)


def record(t: Terrain, path: Path[Spot], walked: Walked[StylesState, Spot],
           segments: Sequence[int], distances: Sequence[float],
           rules: tuple[str, ...] = ()) -> list[Event]:
    per_step: list[list[Event]] = [[] for _ in path.steps]
    done: list[Stepped] = []
    for e in walked.events:
        if isinstance(e, Stepped):
            done.append(e)
        else:
            per_step[max(0, len(done) - 1)].append(e)
    out: list[Event] = []
    if not done:
        return [e for events in per_step for e in events]
    mode = path.steps[0].mode
    if mode == DRIFT:
        end = done[-1].spot
        out.append(ev.Drifted(actor=path.actor, cause=path.cause, row=end[1], col=end[2],
                              z=t.height(end[3]), distance=_total(distances[:len(done)]),
                              rules=rules))
        return out + [e for events in per_step for e in events]
    if mode == FALL:
        return [e for events in per_step for e in events]
    i = 0
    while i < len(done):
        seg = segments[i] if segments else 0
        j = i
        while j < len(done) and (segments[j] if segments else 0) == seg:
            j += 1
        cost = 0.0
        for s in done[i:j]:
            cost += s.cost
        end = done[j - 1].spot
        kind, r, c, lv, extra = end
        style = path.steps[i].mode
        out.append(ev.Moved(
            actor=path.actor, style=style, cost=round(cost, 9), row=r, col=c,
            z=t.height(extra if kind == FALLEN else lv),
            mode="air" if kind in (AIR, FALLEN) else KIND_NAMES[kind],
            path=tuple((s.spot[1], s.spot[2]) for s in done[i:j]),
            diagonals=0 if kind == FALLEN else extra & 1 if kind == AIR else extra,
            rules=_MOVE_RULES[style]))
        for k in range(i, j):
            out += per_step[k]
        i = j
    return out


def _total(values: Sequence[float]) -> float:
    total = 0.0
    for v in values:
        total += v
    return total


__all__ = [
    "DRIFT", "FALL", "Stepped", "admits", "carry_out", "evolve_stepped", "make_pipeline",
    "price", "record",
]
