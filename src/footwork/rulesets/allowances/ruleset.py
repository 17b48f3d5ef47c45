"""The `allowances` ruleset: Movement Types with cascading per-round Allowances on a grid
map in metres; Rush, Jump, Leap and Breach on d100 degrees with PP; the Dash trait; cover."""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from footwork.engine.choices import CheckOdds, Option, Options, Reachable, consequences_json
from footwork.engine.codec import JSON, to_jsonable
from footwork.engine.commands import Answer, Command
from footwork.engine.events import DecisionRequested, Event, Rolled, TurnStarted
from footwork.engine.rolling import Roller
from footwork.engine.state import CONSEQUENCES, Pending, State, fast_replace
from footwork.engine.words import count
from footwork.errors import IllegalCommand, ScenarioError, excerpt
from footwork.rulesets.allowances import events as ev
from footwork.rulesets.allowances.checks import (
    D100,
    breach_gain,
    capped,
    degrees,
    jump_base,
    jump_distance,
    jump_height,
    outcome_odds,
    rush_gain,
)
from footwork.rulesets.allowances.commands import (
    ALLOWANCES_COMMANDS,
    Activation,
    Breach,
    DashAction,
    DashCheck,
    DeclarationCost,
    Jump,
    Leap,
    Move,
    Obscure,
    Rush,
    Spend,
    Weather,
)
from footwork.rulesets.allowances.model import (
    MAP_TYPES,
    MEDIUM_TYPE,
    MODE_TYPE,
    AllowancesMapSpec,
    AllowancesStats,
    Creature,
    type_name,
)
from footwork.rulesets.allowances.options import AllowancesOptions
from footwork.rulesets.allowances.pipeline import path_of_route, rule, spend_path
from footwork.rulesets.allowances.places import Listed, move_places
from footwork.rulesets.allowances.planning import (
    BREACH,
    HOP_STYLE,
    UNLIMITED,
    Route,
    climb_style,
    deductions,
    effective,
    jump_payer,
    path_of,
    plan_search,
    route,
    run,
    shared_steps,
    start_spot,
)
from footwork.rulesets.allowances.stakes import action_risk, pp_consequences, result_of
from footwork.rulesets.allowances.terrain import (
    HOP,
    KIND_NAMES,
    WATER,
    Mover,
    Spot,
    Terrain,
)
from footwork.rulesets.base import ActorSetup, Query, Ruleset
from footwork.rulesets.griddoors import DoorRevealed, Reveal, check_reveal, revealed_grid
from footwork.space.grid import MAX_HEIGHT, GridError, GridMap, Surface
from footwork.space.gridedges import hide_secret_edges
from footwork.space.levels import cell_label, parse_cell
from footwork.space.reach import EPS

AllowancesState = State[Creature]
#: movement in this ruleset rolls no dice: the pipeline's roller is never rolled
NO_DICE = Roller(random.Random(0))

PP_RULES = {"rush": ("R002-11", "A002-07"), "jump": ("R002-21", "A002-07"),
            "leap": ("R002-27", "A002-07"), "breach": ("R002-34", "A002-07")}
ACTION_RULES = {"rush": ("R002-08", "R002-10"), "jump": ("R002-17", "R002-18"),
                "leap": ("R002-23", "R002-24"), "breach": ("R002-31", "R002-32")}


class AllowancesMap:
    """The fixed map of an encounter: the grid and its movement graph."""

    def __init__(self, grid: GridMap, terrain: Terrain,
                 picture: Mapping[str, JSON] | None = None) -> None:
        self.grid = grid
        self.terrain = terrain
        #: the picture drawn under the grid (docs/import.md), as the map names it
        self.picture = picture


def _terrain(state: AllowancesState) -> Terrain:
    m: AllowancesMap = state.space
    return m.terrain


def _terrain_of(grid: GridMap, o: AllowancesOptions) -> Terrain:
    return Terrain(grid, metric=o.distance.metric, vertical_step=o.distance.vertical_step_m,
                   walk_step=o.distance.walk_step_m, burrow_depth=o.burrow.max_depth_m,
                   solid_tags=o.burrow.solid_tags, skim=o.distance.skim)


def _door_revealed(s: AllowancesState, e: DoorRevealed) -> AllowancesState:
    """The map with a secret door a door: a new grid and its terrain (the searches read
    the terrain of the state's map)."""
    m: AllowancesMap = s.space
    grid = revealed_grid(m.grid, e)
    return fast_replace(s, space=AllowancesMap(grid, _terrain_of(grid, _opts(s)), m.picture))


def _opts(state: AllowancesState) -> AllowancesOptions:
    o: AllowancesOptions = state.options
    return o


def _m(x: float) -> str:
    return f"{round(x, 3):g} m"


def _num(x: float) -> float | int:
    x = round(float(x), 6)
    return int(x) if x.is_integer() else x


def _mode(kind: int) -> str:
    return "ground" if kind == HOP else KIND_NAMES[kind]


class AllowancesRuleset(Ruleset[Creature]):
    id: ClassVar[str] = "allowances"
    title: ClassVar[str] = "Movement Allowances"
    summary: ClassVar[str] = (
        "a grid map in metres; Movement Types with per-round Allowances that cascade to "
        "higher Types; Rush, Jump, Leap and Breach on d100 degrees with PP; [Jump X]; the "
        "Dash trait; cover"
    )
    options_model: ClassVar[type[BaseModel]] = AllowancesOptions
    map_model: ClassVar[type[BaseModel]] = AllowancesMapSpec
    stats_model: ClassVar[type[BaseModel]] = AllowancesStats
    commands: ClassVar[tuple[type[Command], ...]] = ALLOWANCES_COMMANDS
    events: ClassVar[tuple[type[Event], ...]] = ev.ALLOWANCES_EVENTS
    #: where a creature stands, which the GM's fiat sets whatever it had: a height named
    #: by an earlier fiat (``at`` holds no height) must not outlive the next one
    placed_fields: ClassVar[frozenset[str]] = frozenset({"row", "col", "z", "mode"})

    def __init__(self) -> None:
        self._evolvers: dict[type[Event], Callable[[AllowancesState, Any], AllowancesState]] = {
            TurnStarted: lambda s, e: s.update_actor(
                e.actor, transitions=0, simple_used=0, dash=None,
                activation=s.actors[e.actor].activation + 1),
            ev.ActivationStarted: lambda s, e: s.update_actor(
                e.actor, transitions=0, simple_used=0,
                activation=s.actors[e.actor].activation + 1),
            ev.Moved: _moved,
            ev.PpSpent: lambda s, e: s.update_actor(e.actor, pp=s.actors[e.actor].pp - e.pp),
            ev.Rushed: _rushed,
            ev.Jumped: lambda s, e: s.update_actor(
                e.actor, airborne=e.action if e.distance > 0 else None,
                airborne_m=float(e.distance),
                jumps=s.actors[e.actor].jumps + (e.action == "jump"),
                leaps=s.actors[e.actor].leaps + (e.action == "leap")),
            ev.Breached: lambda s, e: s.update_actor(
                e.actor, breach_type=e.by if e.gained > 0 else None, breach_m=float(e.gained),
                transitions=s.actors[e.actor].transitions + (1 if e.transition else 0)),
            ev.Lapsed: lambda s, e: s.update_actor(
                e.actor, **({"breach_type": None, "breach_m": 0.0} if e.what == "breach"
                            else {"airborne": None, "airborne_m": 0.0})),
            ev.AllowancesReset: lambda s, e: s.update_actor(
                e.actor, allowance=dict(e.allowance), rush_bonus={}, jumps=0, leaps=0,
                activation=0),
            ev.DashDeclared: lambda s, e: s.update_actor(
                e.actor, pp=s.actors[e.actor].pp - e.pp,
                simple_used=s.actors[e.actor].simple_used + e.simple),
            ev.DashHeld: lambda s, e: s.update_actor(e.actor, dash={
                "action": e.action, "target": e.target, "range_m": e.range_m,
                "distance": e.distance, "status": "open"}),
            ev.DashResolved: lambda s, e: s.update_actor(e.actor, dash={
                "action": e.action, "target": e.target, "range_m": e.range_m,
                "distance": e.distance, "status": "in_reach" if e.in_reach else "failed"}),
            ev.ObscuredSet: lambda s, e: s.update_actor(e.actor, obscured_pct=e.percent),
            ev.WeatherSet: lambda s, e: fast_replace(s, world={**s.world, "fog": e.fog}),
            DoorRevealed: _door_revealed,
        }

    # -- setting up ---------------------------------------------------------------

    def build(
        self, options: BaseModel, map_spec: BaseModel, actors: Sequence[ActorSetup]
    ) -> tuple[AllowancesMap, dict[str, Creature]]:
        assert isinstance(options, AllowancesOptions)
        assert isinstance(map_spec, AllowancesMapSpec)
        try:
            grid = map_spec.build()
        except GridError as exc:
            where = "map" + ("." + exc.location if exc.location else "")
            raise ScenarioError(exc.message, path=where.replace(".[", "[")) from None
        o = options
        for grade in (o.rush.difficulty, o.jump.jump_difficulty, o.jump.leap_difficulty,
                      o.breach.difficulty):
            if grade not in o.difficulty:
                raise ScenarioError(f"difficulty {grade!r} is not on the ladder "
                                    f"({', '.join(o.difficulty)})", path="options.difficulty")
        try:
            terrain = _terrain_of(grid, o)
        except ValueError as exc:  # heights too many vertical steps apart (not in range)
            raise ScenarioError(str(exc), path="map") from None
        built: dict[str, Creature] = {}
        for i, setup in enumerate(actors):
            stats = setup.stats
            assert isinstance(stats, AllowancesStats)
            try:
                row, col, z_at = parse_cell(setup.at)
            except ValueError as exc:
                raise ScenarioError(str(exc), path=f"actors[{i}].at") from None
            if not grid.in_bounds(row, col):
                raise ScenarioError(f"row {row}, col {col} is off the map ({grid.rows} rows, "
                                    f"{grid.cols} cols)", path=f"actors[{i}].at")
            z = z_at if z_at is not None else stats.z
            try:
                mode, z = _place(terrain, row, col, z, stats.mode)
            except ValueError as exc:
                raise ScenarioError(str(exc), path=f"actors[{i}].at") from None
            jh = stats.jump_height_m
            if jh is None and stats.jump is not None and stats.height_m is not None:
                jh = jump_height(stats.height_m, stats.jump)
            scores = dict(stats.scores)
            built[setup.id] = Creature(
                id=setup.id, side=setup.side, at=cell_label(row, col), row=row, col=col, z=z,
                mode=mode, scores=scores, allowance=dict(scores), skills=dict(stats.skills),
                jump=stats.jump, jump_height_m=None if jh is None else round(jh, 6),
                pp=stats.pp, traits=tuple(stats.traits), obscured_pct=stats.obscured_pct)
        picture = map_spec.picture.model_dump() if map_spec.picture else None
        return AllowancesMap(grid, terrain, picture), built

    # -- deciding -----------------------------------------------------------------

    def decide(self, state: AllowancesState, command: Command,
               roller: Roller) -> Sequence[Event]:
        if isinstance(command, Reveal):
            return check_reveal(state.space.grid, command, self.gm)
        if isinstance(command, Activation | Obscure | Weather):
            if command.actor != self.gm:
                raise IllegalCommand("gm_only", f"only the game master gives {command.name} "
                                     f"(give actor: {self.gm})", ("A002-22",))
            if isinstance(command, Activation):
                a = state.actors[state.current]
                return [*self._lapse(a), *self._settle_dash(state, a), ev.ActivationStarted(
                    actor=a.id, rules=("R002-06", "A002-22"))]
            if isinstance(command, Obscure):
                target = self._actor(state, command.target)
                if not 0 <= command.percent <= 100:
                    raise IllegalCommand("bad_percent", f"obscured must be 0 to 100 %, not "
                                         f"{command.percent}", ("R002-39", "R002-40"))
                return [ev.ObscuredSet(actor=target.id, percent=command.percent,
                                       rules=("R002-39", "R002-40", "A002-18"))]
            return [ev.WeatherSet(fog=command.fog, rules=("R002-38",))]
        actor = self._actor(state, command.actor)
        _check_faces(command)
        if isinstance(command, DashCheck):
            if not _dash_open(actor):
                raise IllegalCommand("no_dash", f"{actor.id} has no Dash Action waiting for "
                                     "its Accuracy Check (R002-36)", ("R002-36",))
            # R002-33, A002-13, A002-15: a held Breach or jump distance is used first, as
            # outside a Dash (its move comes before the Accuracy Check, R002-36)
            self._held_first(actor, "")
            return self._settle_dash(state, actor)
        if _dash_open(actor) and not isinstance(command, Move | Spend):
            raise IllegalCommand("dash_open", f"{actor.id} is in the middle of a Dash Action: "
                                 "it may move (a Free Action, R002-04), then dash_check "
                                 "brings the Accuracy Check (R002-36, R002-37)",
                                 ("R002-04", "R002-36", "R002-37"))
        if isinstance(command, Move):
            return self._move(state, actor, command)
        if isinstance(command, Spend):
            return self._spend(state, actor, command)
        self._held_first(actor, "")
        if isinstance(command, Rush | Jump | Leap | Breach):
            action = command.name
            ctx = self._declare(state, actor, action, command, dash=False)
            return self._roll(state, actor, ctx, command.pp, roller)
        if isinstance(command, DashAction):
            return self._dash(state, actor, command, roller)
        raise IllegalCommand("unknown_command", f"allowances has no command {command.name!r}")

    def _actor(self, state: AllowancesState, actor_id: str) -> Creature:
        found = state.actors.get(actor_id)
        if found is None:
            raise IllegalCommand("unknown_actor", f"no creature {actor_id!r}; expected one of: "
                                 f"{', '.join(state.actors)}")
        return found

    def _held_first(self, a: Creature, by: str | None) -> None:
        """R002-33, A002-13, A002-15: a Breach's or a Jump's distance is used at once: only a
        move by ``by`` (None: any Types) may come first; ``""`` is any other command."""
        if a.breach_type is not None and by not in (None, a.breach_type):
            raise IllegalCommand("breach_unused", f"{a.id} must first use its Breach: "
                                 f"{_m(a.breach_m)} of {a.breach_type.title()} (R002-33)",
                                 ("R002-33", "A002-15"))
        if a.breach_type is not None and by is None:
            return
        if a.airborne is not None and by != a.airborne:
            raise IllegalCommand("jump_unused", f"{a.id} is in the middle of a {a.airborne}: "
                                 f"move with type {a.airborne} first ({_m(a.airborne_m)})",
                                 ("R002-17", "R002-23", "A002-13"))

    # -- moving ---------------------------------------------------------------------

    def _move(self, state: AllowancesState, a: Creature, command: Move) -> list[Event]:
        o = _opts(state)
        t = _terrain(state)
        by = None if command.type is None else type_name(command.type)
        if by is not None and by in ("jump", "leap"):
            if a.airborne != by:
                raise IllegalCommand("no_jump_distance", f"{a.id} has no {by} distance to move "
                                     f"with: {by} first (R002-17, R002-23)",
                                     ("R002-17", "R002-23"))
        else:
            self._held_first(a, by)
        if by is not None and by not in ("jump", "leap"):
            known = by in a.scores or by == a.breach_type or (
                by == "climb" and climb_style(a, o) is not None)
            if not known:
                raise IllegalCommand("no_type", f"{a.id} has no {by.title()} Type (it has "
                                     f"{', '.join(a.scores)}) (R002-01, R002-02)",
                                     ("R002-01", "R002-02", "A002-25"))
            if by not in MAP_TYPES:
                raise IllegalCommand("not_on_map", f"footwork has no map steps for "
                                     f"{by.title()}: record it with spend (R002-04)",
                                     ("R002-04",))
        to = _target(command.to)
        if not t.in_bounds(to[0], to[1]):
            raise IllegalCommand("off_map", f"row {to[0]}, col {to[1]} is off the map "
                                 f"({t.rows} rows, {t.cols} cols)")
        return self._carry_out(state, a, by, to, override=command.overrides_transition_limit)

    def _carry_out(self, state: AllowancesState, a: Creature, by: str | None,
                   to: tuple[int, int] | tuple[int, int, float], *, override: bool = False,
                   cause: str = "") -> list[Event]:
        """The one stage every chosen move passes, a ``move`` and a Dash Action's closing
        move alike: its route, ruled by the pipeline, and its events. A refused move raises
        ``IllegalCommand`` and changes nothing: a Breach's or a jump's distance stays held
        for the move completing it (R002-33, A002-13, A002-15; only what was spent to
        declare an Action stays spent, R002-37), and lapses only when that move is made
        (what it leaves) or the turn or Activation ends (``_lapse``)."""
        found = route(_terrain(state), a, _opts(state), by, to, override=override)
        return self._moved_events(state, a, by, found, override=override, cause=cause)

    def _moved_events(self, state: AllowancesState, a: Creature, by: str | None,
                      found: Route, *, override: bool = False, cause: str = "") -> list[Event]:
        """The events of a found route, once the pipeline has ruled every step of it."""
        o = _opts(state)
        t = _terrain(state)
        if not cause:
            cause = by if by in ("jump", "leap") else (
                "breach" if a.breach_type is not None else "move")
        start = start_spot(t, a)
        ruled = rule(t, o, plan_search(t, a, o, by, override=override), a, start,
                     path_of_route(a, cause, start, found, a.breach_type), NO_DICE)
        assert ruled.stop is None and ruled.state.at == found.end
        spent = found.cascaded()
        hop = found.spent.get(HOP_STYLE, 0.0)
        payer = jump_payer(a, o)
        if hop > 0 and payer is not None and payer in a.scores:
            # A002-13 read otherwise: the jump's metres are the paying Type's too (the
            # search and the pipeline bound them by what it may still pay, ``hop_cap``)
            spent = {payer: hop}
        deducted = deductions(a, o, spent)
        kind, r, c, lv, _ = found.end
        # R002-12, A002-17: the changes are the route's crossings (a search with the limit
        # lifted keeps no count in its spots)
        turns = t.crossings(start, (p.key for p in found.plan))
        if a.breach_type is not None and turns and not o.breach.counts_as_transition:
            turns -= 1  # A002-12 read otherwise: the Breach's own crossing is free
        used = [k for k, v in found.spent.items() if v > EPS and k not in ("none",)]
        named = sorted({(a.breach_type or k) if k == BREACH else k for k in used})
        name = "+".join(named) if len(named) > 1 or by is None else by
        name = name or "nothing"
        completes = ""
        if by in ("jump", "leap"):
            completes = by
        elif a.breach_type is not None:
            completes = "breach"
        rules = ["R002-04", "R002-05"]
        if by in ("jump", "leap"):
            rules = ["R002-17" if by == "jump" else "R002-23", "A002-13"]
        if found.spent.get(BREACH, 0.0) > 0:
            rules += ["R002-33", "A002-15"]
        if turns:
            rules += ["R002-12", "A002-17"]
        events: list[Event] = [ev.Moved(
            actor=a.id, by=name, distance=found.distance, row=r, col=c, z=t.height(lv),
            mode=_mode(kind), deducted=deducted, temporary=found.temporary, transitions=turns,
            path=path_of(found), rules=tuple(rules))]
        left = 0.0
        if completes == "breach":
            left = a.breach_m - found.spent.get(BREACH, 0.0)
        elif completes:
            left = a.airborne_m - hop
        if completes and left > EPS:
            events.append(ev.Lapsed(actor=a.id, what=completes, distance=round(left, 9),
                                    rules=("R002-33", "A002-15") if completes == "breach"
                                    else ("A002-13",)))
        elif completes:
            events.append(ev.Lapsed(actor=a.id, what=completes, distance=0.0,
                                    rules=("R002-33",) if completes == "breach"
                                    else ("A002-13",)))
        return events

    def _spend(self, state: AllowancesState, a: Creature, command: Spend) -> list[Event]:
        o = _opts(state)
        self._held_first(a, "")
        by = type_name(command.type)
        if by not in a.scores:
            raise IllegalCommand("no_type", f"{a.id} has no {by.title()} Type (R002-01)",
                                 ("R002-01",))
        if not (command.distance >= 0 and math.isfinite(command.distance)):
            raise IllegalCommand("bad_distance", f"a distance is a finite number of m, 0 or "
                                 f"more, not {command.distance}", ("R002-04",))
        eff = effective(a, o)[by]
        if command.distance > eff + EPS:
            raise IllegalCommand("over_allowance", f"{_m(command.distance)} of {by.title()} is "
                                 f"more than the {_m(eff)} it may still go (R002-03, R002-05)",
                                 ("R002-03", "R002-05"))
        t = _terrain(state)
        start = start_spot(t, a)
        rule(t, o, plan_search(t, a, o, by), a, start,
             spend_path(a, start, by, float(command.distance)), NO_DICE)
        deducted = deductions(a, o, {by: float(command.distance)})
        return [ev.Moved(actor=a.id, by=by, distance=float(command.distance), row=a.row,
                         col=a.col, z=a.z, mode=a.mode, deducted=deducted,
                         rules=("R002-04", "R002-05"))]

    # -- the four movement Actions ------------------------------------------------------

    def _declare(self, state: AllowancesState, a: Creature, action: str, command: Any, *,
                 dash: bool) -> dict[str, JSON]:
        """Check that ``action`` may be taken now; its roll's context (skill, target)."""
        o = _opts(state)
        t = _terrain(state)
        pp = getattr(command, "pp", None)
        if pp is not None:
            if pp < 0:
                raise IllegalCommand("bad_pp", f"PP spent are 0 or more, not {pp}",
                                     PP_RULES[action])
            if pp > o.pp.max_per_roll:
                raise IllegalCommand("too_many_pp", f"at most {o.pp.max_per_roll} PP on one "
                                     f"roll, not {pp}", PP_RULES[action])
            if pp > a.pp:
                raise IllegalCommand("not_enough_pp", f"{a.id} has {a.pp} PP, not {pp}",
                                     PP_RULES[action])
        ctx: dict[str, JSON] = {"action": action, "actor": a.id}
        if action == "rush":
            by = type_name(str(getattr(command, "type", "") or ""))
            if by not in a.scores:
                raise IllegalCommand("no_type", f"Rush adds to a Type {a.id} has "
                                     f"({', '.join(a.scores)}), not {by or 'none'} (R002-08)",
                                     ("R002-08",))
            limit = o.actions.simple_per_activation
            if not dash and limit is not None and a.simple_used >= limit:
                raise IllegalCommand("no_simple_action", f"Rush is a Simple Action and {a.id} "
                                     f"has used its {limit} this Activation (R002-08, A002-22)",
                                     ("R002-08", "A002-22"))
            skill = o.skills.get(by, "")
            grade = o.rush.difficulty
            ctx["type"] = by
        elif action in ("jump", "leap"):
            if a.jump is None:
                raise IllegalCommand("no_jump_trait", f"{a.id} has no [Jump X] Trait: it cannot "
                                     f"{action} at all (R002-14, A002-24)",
                                     ("R002-14", "A002-24"))
            if o.jump.needs_solid_launch and a.mode != "ground":
                raise IllegalCommand("no_launch", f"a {action} springs from solid ground; "
                                     f"{a.id} is in {a.mode} (A002-12)", ("R002-14", "A002-12"))
            if not _on_a_surface(t, a):
                raise IllegalCommand("no_launch", f"a {action} springs from the ground or the "
                                     f"water's surface; {a.id} has nothing to spring from in "
                                     f"{a.mode} (A002-12)", ("R002-14", "A002-12"))
            per = o.jump.jump_per_round if action == "jump" else o.jump.leap_per_round
            done = a.jumps if action == "jump" else a.leaps
            if per is not None and done >= per:
                raise IllegalCommand(f"{action}_used", f"{a.id} has used its "
                                     f"{count(per, action)} this round (A002-12)",
                                     ("A002-12",))
            skill = "Acrobatics" if action == "jump" else "Running"
            grade = getattr(command, "difficulty", None) or (
                o.jump.jump_difficulty if action == "jump" else o.jump.leap_difficulty)
        else:  # breach
            into = str(getattr(command, "into", "") or "")
            if into not in MEDIUM_TYPE:
                raise IllegalCommand("no_medium", "a Breach names the medium to pass into: "
                                     "air, water or earth (R002-31)", ("R002-31",))
            if a.medium == into:
                raise IllegalCommand("same_medium", f"{a.id} is in {into} already (R002-31)",
                                     ("R002-31",))
            if not _at_boundary(t, a, into):
                raise IllegalCommand("not_at_boundary", f"{a.id} is not at a boundary with "
                                     f"{into}: nothing to break into from here (A002-12, "
                                     "R002-31)", ("R002-31", "A002-12"))
            limit_t = o.transitions.per_activation
            if (o.breach.counts_as_transition and a.transitions >= limit_t
                    and _breach_crosses(t, a, into)):
                raise IllegalCommand("transition_limit", f"{a.id} has used this Activation's "
                                     f"{limit_t} submerged/surfaced change, and this Breach "
                                     "would be another (R002-12, A002-12)",
                                     ("R002-12", "A002-12"))
            here = MODE_TYPE[a.mode]
            skill = o.skills.get(here, "")
            grade = o.breach.difficulty
            ctx["into"] = into
            ctx["type"] = MEDIUM_TYPE[into]
        if grade not in o.difficulty:
            raise IllegalCommand("bad_difficulty", f"difficulty {grade!r} is not on the ladder "
                                 f"({', '.join(o.difficulty)}) (A002-06)", ("A002-06",))
        if skill not in a.skills:
            raise IllegalCommand("no_skill", f"{action} rolls {skill or 'a Skill'}, which "
                                 f"{a.id}'s sheet lacks (A002-14)", ("A002-14",) +
                                 ACTION_RULES[action])
        ctx.update({"skill": skill, "grade": grade,
                    "target": a.skills[skill] + o.difficulty[grade]})
        return ctx

    def _roll(self, state: AllowancesState, a: Creature, ctx: dict[str, JSON],
              pp: int | None, roller: Roller) -> list[Event]:
        action = str(ctx["action"])
        target = int(str(ctx["target"]))
        roll, supplied = roller.roll(D100, where="roll")
        value = roll.total
        ctx["roll"] = value
        ctx["outcome"] = _degrees(target, value)
        events: list[Event] = [Rolled(
            actor=a.id, check=f"{action} ({ctx['skill']} {ctx['grade']}, target {target})",
            dice=str(D100), values=roll.values, total=value, outcome=_degrees(target, value),
            supplied=supplied, rules=(*ACTION_RULES[action], "A002-05", "A002-06"))]
        o = _opts(state)
        most = min(o.pp.max_per_roll, a.pp)
        if pp is None and most > 0 and o.pp.after_roll:  # A002-07
            choices = tuple(str(n) for n in range(most + 1))
            events.append(DecisionRequested(
                actor=a.id, kind="pp", choices=choices,
                prompt=f"{action} rolled {value} against {target} ({ctx['outcome']}): spend PP, "
                       f"+{o.pp.per_point} each, at most {most} ({a.pp} left, at most "
                       f"{o.pp.max_per_roll} on one roll, {', '.join(PP_RULES[action])})?",
                context={**ctx, CONSEQUENCES: consequences_json(
                    pp_consequences(a, o, ctx, most))},
                rules=PP_RULES[action]))
            return events
        return events + self._resolve(state, a, ctx, pp or 0)

    def answer(self, state: AllowancesState, pending: Pending, answer: Answer,
               roller: Roller) -> Sequence[Event]:
        if pending.kind != "pp":
            raise IllegalCommand("bad_choice", f"nothing to answer for {pending.kind!r}")
        ctx = dict(pending.context)
        a = state.actors[str(ctx["actor"])]
        return self._resolve(state, a, ctx, int(answer.choice))

    def _resolve(self, state: AllowancesState, a: Creature, ctx: Mapping[str, JSON],
                 pp: int) -> list[Event]:
        """Apply a rolled Action with ``pp`` PP spent on it (R002-11, A002-07)."""
        o = _opts(state)
        action = str(ctx["action"])
        target = int(str(ctx["target"])) + pp * o.pp.per_point
        deg = degrees(target, int(str(ctx["roll"])))
        dash = ctx.get("dash")
        events: list[Event] = []
        if pp:
            events.append(ev.PpSpent(actor=a.id, pp=pp, target=target, rules=PP_RULES[action]))
        if action == "rush":
            by = str(ctx["type"])
            gained = capped(rush_gain(deg, o.rush.mode), a.allowance[by])
            rule = "R002-09" if o.rush.mode == "per_dos_score" else "R002-10"
            events.append(ev.Rushed(actor=a.id, by=by, degrees=deg,
                                    gained=float(gained), simple=dash is None,
                                    rules=("R002-08", rule, "A002-01", "A002-02")))
        elif action in ("jump", "leap"):
            assert a.jump is not None
            base = jump_base(a.jump_height_m or 0.0, action)
            dist = jump_distance(base, a.jump, deg, per=3 if action == "jump" else 2)
            rules = (("R002-19", "R002-20") if action == "jump" else ("R002-25", "R002-26"))
            events.append(ev.Jumped(actor=a.id, action=action, degrees=deg, distance=float(dist),
                                    rules=(*rules, "R002-30", "A002-08", "A002-09", "A002-10")))
        else:
            gained = breach_gain(deg)
            events.append(ev.Breached(actor=a.id, into=str(ctx["into"]), by=str(ctx["type"]),
                                      degrees=deg, gained=float(gained),
                                      rules=("R002-33", "A002-12", "A002-15")))
        if isinstance(dash, Mapping):
            events += self._close(state, a, dash, events)
        return events

    # -- the Dash trait ------------------------------------------------------------------

    def _dash(self, state: AllowancesState, a: Creature, command: DashAction,
              roller: Roller) -> list[Event]:
        target = self._actor(state, command.target)
        if target.id == a.id:
            raise IllegalCommand("self_target", "a Dash Action targets someone else",
                                 ("R002-36",))
        if not (command.range_m >= 0 and math.isfinite(command.range_m)):
            raise IllegalCommand("bad_range", f"range_m is a finite number of m, 0 or more, "
                                 f"not {command.range_m}", ("R002-36",))
        to = _target(command.to)
        t = _terrain(state)
        if not t.in_bounds(to[0], to[1]):
            raise IllegalCommand("off_map", f"row {to[0]}, col {to[1]} is off the map")
        cost = command.cost or DeclarationCost()
        if cost.pp < 0 or cost.simple < 0:
            raise IllegalCommand("bad_cost", "a declaration costs 0 or more PP and Simple "
                                 "Actions", ("R002-37",))
        if cost.pp + (command.pp or 0) > a.pp:
            raise IllegalCommand("not_enough_pp", f"{a.id} has {a.pp} PP: not enough to declare "
                                 f"{command.action} for {cost.pp} and add {command.pp or 0} to "
                                 "the roll (R002-37)", ("R002-37", "A002-07"))
        limit = _opts(state).actions.simple_per_activation
        if cost.simple and limit is not None and a.simple_used + cost.simple > limit:
            raise IllegalCommand("no_simple_action", f"{a.id} has used its "
                                 f"{count(limit, 'Simple Action')} this Activation "
                                 "(R002-37, A002-22)",
                                 ("R002-37", "A002-22"))
        ctx = self._declare(state, a, command.closing, command, dash=True)
        declared: Event = ev.DashDeclared(actor=a.id, action=command.action, target=target.id,
                                          closing=command.closing, pp=cost.pp,
                                          simple=cost.simple, rules=("R002-36", "R002-37",
                                                                     "A002-21"))
        state = self.evolve(state, declared)
        a = state.actors[a.id]
        ctx["dash"] = {"action": command.action, "target": target.id, "closing": command.closing,
                       "type": str(ctx.get("type", "")), "range_m": float(command.range_m),
                       "to": list(to)}
        return [declared, *self._roll(state, a, ctx, command.pp, roller)]

    def _close(self, state: AllowancesState, a: Creature, dash: Mapping[str, JSON],
               so_far: Sequence[Event]) -> list[Event]:
        """R002-36, R002-37: move to the chosen place with what the closing Action gave; the
        Action goes on only if the target is then within range. The closing move is ruled
        by ``_carry_out`` as the same move outside a Dash: refused, it changes nothing, so a
        Breach's or a jump's distance stays held for the move completing it while the Action
        waits for its Accuracy Check (R002-04, R002-33, A002-13, A002-15, R002-37)."""
        s = state
        for e in so_far:
            s = self.evolve(s, e)
        me = s.actors[a.id]
        target = s.actors[str(dash["target"])]
        raw = dash["to"]
        assert isinstance(raw, list)
        to = _target(raw)
        closing = str(dash["closing"])
        by: str | None = None
        if closing in ("jump", "leap"):
            by = me.airborne
        elif closing == "breach":
            by = me.breach_type
        else:
            by = str(dash["type"])
        out: list[Event] = []
        t = _terrain(state)
        if by is not None:  # a jump or breach that gave nothing has no closing move
            # refused: nothing changes, and what the closing Action gave stays held
            with contextlib.suppress(IllegalCommand):
                out += self._carry_out(s, me, by, to, cause="dash")
            for e in out:
                s = self.evolve(s, e)
            me = s.actors[a.id]
        gap = t.distance((me.row, me.col, me.z), (target.row, target.col, target.z))
        reach = float(str(dash["range_m"]))
        if gap <= reach + EPS:
            out.append(ev.DashResolved(actor=a.id, action=str(dash["action"]),
                                       target=target.id, in_reach=True, distance=round(gap, 6),
                                       range_m=reach, rules=("R002-36",)))
        else:  # R002-04: it may still move as a Free Action before the Accuracy Check
            out.append(ev.DashHeld(actor=a.id, action=str(dash["action"]), target=target.id,
                                   range_m=reach, distance=round(gap, 6),
                                   rules=("R002-04", "R002-36")))
        return out

    def _settle_dash(self, state: AllowancesState, a: Creature) -> list[Event]:
        """R002-36, R002-37: the Accuracy Check of an open Dash Action comes now (the
        creature's ``dash_check``, the end of its turn or Activation): in reach from where
        the creature stands, the Action goes on; else it fails, all spent staying spent."""
        if not _dash_open(a):
            return []
        assert a.dash is not None
        target = state.actors[str(a.dash["target"])]
        reach = float(a.dash["range_m"])
        gap = _terrain(state).distance((a.row, a.col, a.z), (target.row, target.col, target.z))
        ok = gap <= reach + EPS
        return [ev.DashResolved(actor=a.id, action=str(a.dash["action"]), target=target.id,
                                in_reach=ok, distance=round(gap, 6), range_m=reach,
                                rules=("R002-36",) if ok else ("R002-36", "R002-37"))]

    # -- turn and round boundaries -------------------------------------------------------

    def _lapse(self, a: Creature) -> list[Event]:
        out: list[Event] = []
        if a.breach_type is not None:
            out.append(ev.Lapsed(actor=a.id, what="breach", distance=a.breach_m,
                                 rules=("R002-33", "A002-15")))
        if a.airborne is not None:
            out.append(ev.Lapsed(actor=a.id, what=a.airborne, distance=a.airborne_m,
                                 rules=("A002-13",)))
        return out

    def placed_stats(self, actor: Creature, stats: BaseModel) -> BaseModel:
        """The GM's fiat reads the mode the creature has now: a file's `mode` and `z` say
        where it started, so once play changed its mode (a flier that landed) they are
        dropped and the new place (and a height named in `to`) decides (the s34 fiat
        review, as spans does)."""
        assert isinstance(stats, AllowancesStats)
        if stats.mode is None or stats.mode == actor.mode:
            return stats
        return stats.model_copy(update={"mode": None, "z": None})

    def placed(self, state: AllowancesState, actor_id: str) -> Sequence[Event]:
        """R002-33, A002-15, A002-13: a Breach's metres complete the passage from where
        it breached, a Jump's or Leap's are the jump sprung from where it stood, each used
        at once; put elsewhere by the GM's fiat, that passage or jump is over: they lapse
        now, as at the end of the turn (the s34 fiat review)."""
        return self._lapse(state.actors[actor_id])

    def on_turn_end(self, state: AllowancesState, actor_id: str,
                    roller: Roller) -> Sequence[Event]:
        a = state.actors[actor_id]
        return [*self._lapse(a), *self._settle_dash(state, a)]

    def on_round_end(self, state: AllowancesState, roller: Roller) -> Sequence[Event]:
        return [ev.AllowancesReset(actor=a.id, allowance=dict(a.scores), rules=("R002-07",))
                for a in state.actors.values()]

    # -- evolving -------------------------------------------------------------------------

    def evolve(self, state: AllowancesState, event: Event) -> AllowancesState:
        fold = self._evolvers.get(type(event))
        return fold(state, event) if fold is not None else state

    # -- options ---------------------------------------------------------------------------

    def options(self, state: AllowancesState, actor_id: str) -> Sequence[Option]:
        a = state.actors[actor_id]
        o = _opts(state)
        t = _terrain(state)
        if a.airborne is not None:
            return Options((), self._move_options(state, a, a.airborne, Listed(t)))
        if a.breach_type is not None:
            return Options((), self._move_options(state, a, a.breach_type, Listed(t)))
        listed = Listed(t)
        open_dash = _dash_open(a)
        eff = effective(a, o)
        source = shared_steps(t, plan_search(t, a, o, None).mover)
        moves: list[Reachable] = []
        for by in (*MAP_TYPES, ):
            if by in a.scores and eff[by] > EPS:
                moves.append(self._move_options(state, a, by, listed, source))
        if sum(1 for by in MAP_TYPES if by in a.scores and eff[by] > EPS) > 1:
            moves.append(self._move_options(state, a, None, listed, source))
        if open_dash:  # R002-04, R002-36: move, then the Accuracy Check
            assert a.dash is not None
            check = Option({"do": "dash_check", "actor": a.id},
                           f"the Accuracy Check of {a.dash['action']} now (needs "
                           f"{_m(float(a.dash['range_m']))} of {a.dash['target']})",
                           "nothing", rules=("R002-36", "R002-37"))
            return Options([check], Reachable.join(moves))
        found: list[Option] = []
        for by in a.scores:
            found += self._action_options(state, a, "rush", {"type": by})
        for action in ("jump", "leap"):
            found += self._action_options(state, a, action, {})
        for into in ("air", "water", "earth"):
            if into != a.medium and _at_boundary(t, a, into):
                found += self._action_options(state, a, "breach", {"into": into})
        return Options(found, Reachable.join(moves))

    def _action_options(self, state: AllowancesState, a: Creature, action: str,
                        extra: dict[str, JSON]) -> list[Option]:
        o = _opts(state)
        command: dict[str, JSON] = {"do": action, "actor": a.id, **extra}
        try:
            ctx = self._declare(state, a, action, _Probe(**extra), dash=False)
        except IllegalCommand:
            return []
        target = int(str(ctx["target"]))
        checks = [self._odds(a, o, action, ctx, target, 0)]
        most = min(o.pp.max_per_roll, a.pp)
        if most > 0:
            checks.append(self._odds(a, o, action, ctx, target, most))
        what = {"rush": f"rush {extra.get('type')}", "jump": "jump", "leap": "leap",
                "breach": f"breach into {extra.get('into')}"}[action]
        cost = "Simple Action" if action == "rush" else "Free Action"
        odds = f"; odds with no PP, then with {most} PP" if most > 0 else ""
        return [Option(command, f"{what} ({ctx['skill']} {ctx['grade']}, target {target}{odds})",
                       cost, checks=tuple(checks), rules=ACTION_RULES[action],
                       risk=action_risk(action, checks[0]))]

    def _odds(self, a: Creature, o: AllowancesOptions, action: str, ctx: Mapping[str, JSON],
              target: int, pp: int) -> CheckOdds:
        """The exact odds of each result with ``pp`` PP added after the roll."""
        total = target + pp * o.pp.per_point

        def result(v: int) -> str:
            return result_of(a, o, action, ctx, total, v)

        spend = "no PP" if pp == 0 else f"with {pp} PP"
        return outcome_odds(f"{action} {ctx['skill']} {ctx['grade']} vs {total}, {spend}",
                            total, result, (*ACTION_RULES[action], *PP_RULES[action]))

    def _move_options(self, state: AllowancesState, a: Creature, by: str | None,
                      listed: Listed,
                      source: Callable[[Spot], list[Any]] | None = None) -> Reachable:
        """One option per cell and kind of place (on the ground, on the water's surface,
        under it, in the air, in the earth, on a wall) not ``listed`` before: the height
        of that kind that leaves the most Allowance, then the shortest (ties: the
        lowest); each option built when it is read (``places.move_places``). Other
        heights are reached by ``to: [row, col, z]``."""
        o = _opts(state)
        t = _terrain(state)
        s = plan_search(t, a, o, by)
        found = run(t, start_spot(t, a), s, source)

        def build(spot: Spot, spent: Mapping[str, float]) -> Option:
            return _move_option(t, a, o, by, spot, spent)

        return move_places(t, a, o, found, hovers=s.hovers, listed=listed, build=build)

    # -- presenting ---------------------------------------------------------------------------

    def actor_json(self, state: AllowancesState, actor: Creature) -> dict[str, JSON]:
        o = _opts(state)
        t = _terrain(state)
        body: dict[str, JSON] = to_jsonable(actor)
        body["allowance"] = {k: _num(v) for k, v in actor.allowance.items()}
        body["effective"] = {k: _num(v) for k, v in effective(actor, o).items()}
        body["rush_bonus"] = {k: _num(v) for k, v in actor.rush_bonus.items()}
        # the same in one line, for tables that show only plain fields (`footwork play`)
        body["left"] = ", ".join(f"{k} {_num(v)} of {_num(actor.scores.get(k, 0.0))} m"
                                 for k, v in actor.allowance.items())
        body["medium"] = actor.medium
        body["submerged"] = t.submerged(start_spot(t, actor)[0], actor.row, actor.col,
                                        t.level(actor.z))
        body["cover"] = {other: cover(state, other, actor.id, "ranged")["stage"]
                         for other in state.actors if other != actor.id}
        # R002-38, R002-42, A002-18: against each other creature's melee attack
        body["melee_cover"] = {other: cover(state, other, actor.id, "melee")["stage"]
                               for other in state.actors if other != actor.id}
        return body

    def view_space(self, state: State[Any], body: Mapping[str, JSON],
                   hidden: frozenset[str]) -> Mapping[str, JSON]:
        """A player's map: a secret door between cells is drawn as a plain wall."""
        seen: Mapping[str, JSON] = hide_secret_edges(super().view_space(state, body, hidden))
        return seen

    def space_json(self, space: Any) -> Mapping[str, JSON]:
        m: AllowancesMap = space
        body: dict[str, JSON] = {"grid": m.grid.to_json(), "places": []}
        if m.picture:
            body["picture"] = dict(m.picture)
        return body

    def queries(self) -> Mapping[str, Query[Creature]]:
        def cover_q(state: AllowancesState, attacker: str, target: str, kind: str) -> JSON:
            for who in (attacker, target):
                self._actor(state, who)
            if kind not in ("ranged", "melee", "earthbound"):
                raise IllegalCommand("bad_kind", f"the attack is ranged, melee or earthbound, "
                                     f"not {kind!r}", ("R002-38",))
            return cover(state, attacker, target, kind)

        def distance_q(state: AllowancesState, a: str, b: str) -> JSON:
            x, y = self._actor(state, a), self._actor(state, b)
            d = _terrain(state).distance((x.row, x.col, x.z), (y.row, y.col, y.z))
            return {"distance_m": _num(d), "rules": ["R002-43", "A002-16"]}

        return {
            "cover": Query("the cover TARGET has against ATTACKER's KIND attack (ranged, "
                           "melee or earthbound): 0, 1, 2 EVA stages or 'total'",
                           ("ATTACKER", "TARGET", "KIND"), cover_q),
            "distance": Query("the distance from A to B in m (A002-16)", ("A", "B"),
                              distance_q),
        }


class _Probe:
    """A stand-in command for listing options (fields read by ``_declare``)."""

    def __init__(self, **fields: JSON) -> None:
        self.pp: int | None = None
        self.difficulty: str | None = None
        for k, v in fields.items():
            setattr(self, k, v)


def cover(state: AllowancesState, attacker_id: str, target_id: str, kind: str) -> JSON:
    """R002-38..42, A002-18..20: the cover ``target`` has against ``attacker``'s attack."""
    o = _opts(state).cover
    t = _terrain(state)
    atk, tgt = state.actors[attacker_id], state.actors[target_id]
    fog = bool(state.world.get("fog"))
    why: list[str] = []
    rules: list[str] = ["A002-20"]
    # R002-42: a burrowed target is covered from the surface whatever the attack; the
    # rest of cover counts against melee only with cover.melee or in Fog (R002-38, A002-18)
    burrowed = tgt.medium == "earth" and atk.medium != "earth"
    if kind == "melee" and not (o.melee or fog or burrowed):
        return {"stage": 0, "why": ["cover applies to ranged attacks"],
                "rules": ["R002-38", "A002-18"]}
    ranged_like = kind != "melee" or o.melee or fog
    stage = 0
    total = False
    pct = tgt.obscured_pct if ranged_like else 0
    if pct > 90:
        total = True
        why.append(f"{pct}% obscured: total cover")
        rules += ["A002-18"]
    elif pct > 50:
        stage = 2
        why.append(f"{pct}% obscured: High Cover")
        rules += ["R002-40"]
    elif pct >= 10:
        stage = 1
        why.append(f"{pct}% obscured: Low Cover")
        rules += ["R002-39"]
    g = t.grid
    if ranged_like and any(g.tag_at(n, tgt.row, tgt.col) for n in o.high_tags if n in g.tags):
        stage = max(stage, 2)
        why.append("stands in High Cover")
        rules.append("R002-40")
    elif ranged_like and any(g.tag_at(n, tgt.row, tgt.col) for n in o.low_tags
                             if n in g.tags):
        stage = max(stage, 1)
        why.append("stands in Low Cover")
        rules.append("R002-39")

    def under_water(c: Creature) -> bool:
        return c.mode == "water" and t.level(c.z) < t.top[c.row][c.col]

    if ranged_like and under_water(atk) != under_water(tgt) and "earth" not in (
            atk.medium, tgt.medium):
        fluid = 2 if o.fluid == "high" else 1
        stage = max(stage, fluid)
        why.append(f"the attack crosses the water's surface: {o.fluid.title()} Cover")
        rules += ["R002-41", "A002-19"]
    if burrowed:
        if kind == "earthbound" and any(x.lower() == "tremorsense" for x in atk.traits):
            why.append("Tremorsense and an [Earthbound] move: no cover from the earth")
        elif o.burrowed == "total":
            total = True
            why.append("burrowed: total cover")
        else:
            stage = max(stage, 2)
            why.append("burrowed: High Cover")
        rules.append("R002-42")
    if fog and stage < o.fog_stage and not total:
        stage = o.fog_stage
        why.append("Fog")
        rules.append("R002-38")
    shown: JSON = "total" if total else stage
    return {"stage": shown, "why": why, "rules": sorted(set(rules))}


def _move_option(t: Terrain, a: Creature, o: AllowancesOptions, by: str | None, spot: Spot,
                 spent: Mapping[str, float]) -> Option:
    """The option of a move by ``by`` (None: several Types) that ends at ``spot`` having
    spent ``spent`` (per resource of its search): its command, label and cost, with what
    each Allowance loses (R002-04, R002-05)."""
    chosen = Route(spot, spent, ())
    to = [spot[1], spot[2], _num(t.height(spot[3]))]
    deducted = deductions(a, o, chosen.cascaded())
    command: dict[str, JSON] = {"do": "move", "actor": a.id, "to": to}
    if by is not None:
        command["type"] = by
    lost = ", ".join(f"{_m(v)} of {k}" for k, v in deducted.items() if v > EPS)
    if chosen.temporary:
        lost = ", ".join(x for x in (lost, f"{_m(chosen.temporary)} of the "
                                     f"{by or 'breach'}") if x)
    label = f"move by {by or 'several Types'} to ({spot[1]},{spot[2]}) at " \
            f"{_m(t.height(spot[3]))}, {_place_kind(t, spot)}"
    return Option(command, label, f"{_m(chosen.distance)} ({lost or 'nothing'})",
                  to=f"{spot[1]},{spot[2]}", rules=("R002-04", "R002-05"))


def _place_kind(t: Terrain, spot: Spot) -> str:
    """The kind of place a spot is, for listing one option per cell and kind."""
    kind, r, c, lv, _ = spot
    if _mode(kind) == "water":
        return "under water" if t.submerged(kind, r, c, lv) else "water"
    return _mode(kind)


def _degrees(target: int, roll: int) -> str:
    """A002-05: a success counts DoS, a failure DoF, even when the tens digits tie (65
    against 60 is a failure with 0 DoF, never "0 DoS")."""
    deg = degrees(target, roll)
    return f"{deg} DoS" if roll <= target else f"{-deg} DoF"


def _dash_open(a: Creature) -> bool:
    """R002-04, R002-36: is a Dash Action of ``a`` waiting for its Accuracy Check?"""
    return a.dash is not None and a.dash.get("status") == "open"


def _check_faces(command: Command) -> None:
    """A002-05: a d100 shows 1 to 100; anything else is refused before anything happens."""
    faces = getattr(command, "roll", None)
    if faces is None:
        return
    for v in faces:
        if not 1 <= v <= 100:
            raise IllegalCommand("bad_d100", f"a d100 shows 1 to 100, not {v}",
                                 ("A002-05", "R002-08"))
    if len(faces) > 1:
        raise IllegalCommand("bad_d100", f"one d100 is rolled, not {len(faces)}", ("A002-05",))


def _target(value: Sequence[Any]) -> tuple[int, int] | tuple[int, int, float]:
    if len(value) == 3:
        z = float(value[2])
        if not (math.isfinite(z) and abs(z) <= MAX_HEIGHT):
            raise IllegalCommand("bad_target", f"a height is a finite number of m within "
                                 f"+/-{MAX_HEIGHT:,g}, not {excerpt(repr(z), 24)}",
                                 ("R002-43",))
        return int(value[0]), int(value[1]), z
    return int(value[0]), int(value[1])


def _at_boundary(t: Terrain, a: Creature, into: str) -> bool:
    """A002-12: one step (by any Type) from here is in the medium ``into``; or the creature
    is under the surface of water or earth with open air above it (R002-31: bursting out
    of a medium starts under its surface). The earth under a lake's bed has water above
    it, not air (the s34 review)."""
    spot = start_spot(t, a)
    r, c = a.row, a.col
    if (into == "air" and t.submerged(spot[0], r, c, spot[3])
            and (spot[0] == WATER or t.surface[r][c] != int(Surface.WATER))
            and t.top[r][c] + 1 < t.ceil[r][c]):
        return True
    mover = Mover(frozenset(MAP_TYPES), climb_as="climb", turns=UNLIMITED)
    return any(st.to[0] != HOP and t.medium_of(st.to) == into for st in t.steps(spot, mover))


def _on_a_surface(t: Terrain, a: Creature) -> bool:
    """A002-12: a jump starts from the ground or (``jump.needs_solid_launch: false``) the
    water's surface, where the map gives a hop; not under water, in the earth, on a wall
    or in the air."""
    spot = start_spot(t, a)
    return a.mode == "ground" or (a.mode == "water" and not t.submerged(*spot[:4]))


def _breach_crosses(t: Terrain, a: Creature, into: str) -> bool:
    """R002-12, A002-12: must a Breach into ``into`` change between submerged and
    surfaced? Bursting out from under water or earth into the air does, and so does
    breaking into the earth from above it; breaking into water may stop at its surface
    (or, from the earth under a lake, at its bed: still under, the s34 review), and
    leaving the surface into the air crosses nothing."""
    spot = start_spot(t, a)
    under = t.submerged(spot[0], a.row, a.col, spot[3])
    if into == "earth":
        return not under
    return into == "air" and under


def _place(t: Terrain, row: int, col: int, z: float | None,
           mode: str | None) -> tuple[str, float]:
    """Where a creature may start: its mode and height."""
    s = Surface(t.surface[row][col])
    top = t.top[row][col]
    where = f"row {row}, col {col}"
    if mode is None:
        if s is Surface.FLOOR:
            mode = "ground" if z is None or t.level(z) == top else (
                "earth" if t.level(z) < top else "air")
        elif s is Surface.WATER:
            mode = "water" if z is None or t.bed[row][col] <= t.level(z) <= top else (
                "air" if t.level(z) > top else "earth")
        else:
            raise ValueError(f"{where} is a {s.spec_name}: give a floor or water cell, or "
                             "mode: air/wall with z")
    if mode == "ground":
        if s is not Surface.FLOOR:
            raise ValueError(f"{where} is {s.spec_name}, not a floor to stand on")
        return mode, t.height(top)
    if mode == "water":
        if s is not Surface.WATER:
            raise ValueError(f"{where} is {s.spec_name}, not water")
        lv = top if z is None else t.level(z)
        if not t.bed[row][col] <= lv <= top:
            raise ValueError(f"{where}: the water runs from {t.height(t.bed[row][col]):g} m to "
                             f"{t.height(top):g} m")
        return mode, t.height(lv)
    if z is None:
        raise ValueError(f"mode {mode} needs a height: give z")
    lv = t.level(z)
    if mode == "earth" and not t.earth[row][col] <= lv < t.bed[row][col]:
        raise ValueError(f"{where}: no earth to be burrowed in at {z:g} m")
    if mode == "air" and not t.open_air(row, col, lv):
        raise ValueError(f"{where}: no open air at {z:g} m")
    if mode == "wall" and not t.can_hold(row, col, lv):
        raise ValueError(f"{where}: nothing to climb at {z:g} m")
    return mode, t.height(lv)


def _moved(s: AllowancesState, e: ev.Moved) -> AllowancesState:
    a = s.actors[e.actor]
    allowance = {k: round(v - e.deducted.get(k, 0.0), 9) for k, v in a.allowance.items()}
    return s.update_actor(e.actor, at=cell_label(e.row, e.col), row=e.row, col=e.col, z=e.z,
                          mode=e.mode, allowance=allowance,
                          transitions=a.transitions + e.transitions)


def _rushed(s: AllowancesState, e: ev.Rushed) -> AllowancesState:
    a = s.actors[e.actor]
    return s.update_actor(
        e.actor, allowance={**a.allowance, e.by: a.allowance[e.by] + e.gained},
        rush_bonus={**a.rush_bonus, e.by: a.rush_bonus.get(e.by, 0.0) + e.gained},
        simple_used=a.simple_used + (1 if e.simple else 0))


__all__ = ["AllowancesMap", "AllowancesRuleset", "cover"]
