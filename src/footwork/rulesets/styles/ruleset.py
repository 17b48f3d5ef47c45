"""The `styles` ruleset: Movement Styles with a shared pool on a grid map in u, Dash,
Prone, Interrupted movement and improvised styles."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from pydantic import BaseModel

from footwork.dice import parse_dice
from footwork.engine.choices import CheckOdds, Option, Options, Reachable, consequences_json
from footwork.engine.codec import JSON, to_jsonable
from footwork.engine.commands import Answer, Command
from footwork.engine.events import DecisionRequested, Event, Rolled, TurnStarted
from footwork.engine.movement import Path, Step
from footwork.engine.rolling import Roller
from footwork.engine.state import CONSEQUENCES, Pending, State, fast_replace
from footwork.engine.words import count
from footwork.errors import IllegalCommand, ScenarioError, excerpt
from footwork.odds import tier_odds
from footwork.rulesets.base import ActorSetup, Query, Ruleset
from footwork.rulesets.griddoors import DoorRevealed, Reveal, check_reveal, revealed_grid
from footwork.rulesets.styles import events as ev
from footwork.rulesets.styles.commands import (
    STYLES_COMMANDS,
    Adjust,
    Improvise,
    Maneuver,
    Montage,
    Move,
    Prone,
    Slow,
    Stand,
)
from footwork.rulesets.styles.commands import Interrupt as InterruptCommand
from footwork.rulesets.styles.model import (
    ALOFT,
    GRADES,
    INTERRUPTED,
    MODE_STYLE,
    STYLES,
    PlacedStats,
    StyleActor,
    StylesMapSpec,
    StylesStats,
    in_u,
    number,
    sheet_caps,
)
from footwork.rulesets.styles.options import StylesOptions
from footwork.rulesets.styles.pipeline import (
    DRIFT,
    FALL,
    Stepped,
    _opts,
    _terrain,
    carry_out,
    evolve_stepped,
    make_pipeline,
)
from footwork.rulesets.styles.places import move_places
from footwork.rulesets.styles.planning import (
    Leg,
    Segment,
    new_location,
    reachable,
    route_plan,
    segments_of,
    start_spot,
    target_of,
)
from footwork.rulesets.styles.pricing import price
from footwork.rulesets.styles.stakes import (
    improvise_consequences,
    interrupted_consequence,
    sneak_consequences,
    sneak_test_consequences,
)
from footwork.rulesets.styles.terrain import (
    AIR,
    FALLEN,
    NONE,
    WATER,
    Spot,
    Terrain,
)
from footwork.space.grid import MAX_HEIGHT, GridError, GridMap, Surface, step_length
from footwork.space.gridedges import hide_secret_edges
from footwork.space.levels import cell_label, parse_cell
from footwork.space.reach import EPS

StylesState = State[StyleActor]


class StylesMap:
    """The fixed map of an encounter: the grid and its movement graph."""

    def __init__(self, grid: GridMap, terrain: Terrain,
                 picture: Mapping[str, JSON] | None = None) -> None:
        self.grid = grid
        self.terrain = terrain
        #: the picture drawn under the grid (docs/import.md), as the map names it
        self.picture = picture




class StylesRuleset(Ruleset[StyleActor]):
    id: ClassVar[str] = "styles"
    title: ClassVar[str] = "Movement Styles"
    summary: ClassVar[str] = (
        "a grid map in u; Walk, Jump, Climb and Swim (plus Fly and Levitate) at Half, "
        "normal or Double grade sharing one pool; Dash, Prone, Interrupted movement, "
        "improvised styles"
    )
    options_model: ClassVar[type[BaseModel]] = StylesOptions
    map_model: ClassVar[type[BaseModel]] = StylesMapSpec
    stats_model: ClassVar[type[BaseModel]] = StylesStats
    commands: ClassVar[tuple[type[Command], ...]] = STYLES_COMMANDS
    events: ClassVar[tuple[type[Event], ...]] = ev.STYLES_EVENTS
    #: A001-14: a fall into the void is the only way out of the turn order (``takes_turns``)
    scene_exits: ClassVar[frozenset[type[Event]] | None] = frozenset({ev.Fell})
    #: the game master's fiat (`gm_place`) sets a body down where it is put, as a file
    #: starts one there: standing on the floor or in the water, off any face and out of
    #: the air, out of an Interrupted swimmer's float or sink, prone only on a floor, and
    #: back from a void (the s34 review: before, a climber put on open floor hung in the
    #: air, and one lost stayed lost on the map); the rest of the sheet is kept
    placed_fields: ClassVar[frozenset[str]] = frozenset(
        {"z", "mode", "adrift", "prone", "lost"})

    def placed_stats(self, actor: StyleActor, stats: BaseModel) -> BaseModel:
        """What the fiat builds ``actor`` from at the new place: no mode or height of the
        file's (the place, or a height in ``to``, gives them: a floor's, or one in the
        water; any other height keeps a climber, flier or levitator aloft in its mode),
        and Prone as the character has it now."""
        assert isinstance(stats, StylesStats)
        return PlacedStats(**{**stats.model_dump(), "mode": None, "z": None,
                              "prone": actor.prone,
                              "aloft": actor.mode if actor.mode in ALOFT else None})

    def __init__(self) -> None:
        self._evolvers: dict[type[Event], Callable[[StylesState, Any], StylesState]] = {
            TurnStarted: lambda s, e: s.update_actor(e.actor, dashes=0),
            ev.Dashed: lambda s, e: s.update_actor(
                e.actor, dashes=s.actors[e.actor].dashes + 1,
                dash_stack=s.actors[e.actor].dash_stack + 1,
                hooks=s.actors[e.actor].hooks - e.hooks),
            ev.Moved: _moved,
            ev.Fell: lambda s, e: s.update_actor(
                e.actor, at=cell_label(e.row, e.col), row=e.row, col=e.col, z=e.z,
                mode="water" if e.into == "water" else "ground", lost=e.into == "void",
                adrift=False, damage=s.actors[e.actor].damage + e.damage,
                prone=_prone_after(s, s.actors[e.actor], e.into != "water")),
            ev.WentProne: lambda s, e: s.update_actor(e.actor, prone=True),
            ev.StoodUp: lambda s, e: _spend(s, e.actor, "walk", e.cost, prone=False),
            ev.SlowedChanged: lambda s, e: s.update_actor(e.actor, slowed=e.total),
            ev.MovementInterrupted: lambda s, e: s.update_actor(
                e.actor, adrift=True) if e.effect in ("float", "sink") else s,
            ev.Drifted: lambda s, e: s.update_actor(
                e.actor, at=cell_label(e.row, e.col), row=e.row, col=e.col, z=e.z),
            ev.MovementRefreshed: lambda s, e: s.update_actor(
                e.actor, pool_spent=0.0, diagonals=0,
                **({"spent": {}} if e.styles else {})),
            ev.CapsReset: lambda s, e: s.update_actor(e.actor, spent={}),
            ev.DashEnded: lambda s, e: s.update_actor(e.actor, dash_stack=0),
            ev.StyleGranted: lambda s, e: s.update_actor(
                e.actor, improvised={**s.actors[e.actor].improvised, e.style: e.cap}),
            ev.GrantsExpired: lambda s, e: s.update_actor(e.actor, improvised={}),
            ev.SneakTested: _sneaked,
            ev.Adjusted: _adjusted,
            ev.MontageSet: lambda s, e: fast_replace(s, world={**s.world, "montage": e.on}),
            DoorRevealed: _door_revealed,
            Stepped: evolve_stepped,
        }
        self._pipeline = make_pipeline(self.evolve)

    # -- setting up ---------------------------------------------------------------

    def build(
        self, options: BaseModel, map_spec: BaseModel, actors: Sequence[ActorSetup]
    ) -> tuple[StylesMap, dict[str, StyleActor]]:
        assert isinstance(options, StylesOptions) and isinstance(map_spec, StylesMapSpec)
        try:
            grid = map_spec.build()
        except GridError as exc:
            where = "map" + ("." + exc.location if exc.location else "")
            raise ScenarioError(exc.message, path=where.replace(".[", "[")) from None
        o = options
        try:
            terrain = _terrain_of(grid, o)
        except ValueError as exc:  # heights too many vertical steps apart (not in range)
            raise ScenarioError(str(exc), path="map") from None
        built: dict[str, StyleActor] = {}
        for i, setup in enumerate(actors):
            stats = setup.stats
            assert isinstance(stats, StylesStats)
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
                # the fiat: a height that is no floor's and not in water keeps a body
                # aloft in the mode it has (a climber on another face, a flier)
                aloft = stats.aloft if isinstance(stats, PlacedStats) else None
                if aloft is None or z is None:
                    raise ScenarioError(str(exc), path=f"actors[{i}].at") from None
                try:
                    mode, z = _place(terrain, row, col, z, aloft)
                except ValueError as why:
                    raise ScenarioError(str(why), path=f"actors[{i}].at") from None
            if stats.good_filled > stats.good_spots:
                raise ScenarioError(f"{stats.good_filled} filled Good spots of "
                                    f"{stats.good_spots}", path=f"actors[{i}].stats.good_filled")
            styles = sheet_caps(stats.styles if stats.styles is not None else o.template)
            built[setup.id] = StyleActor(
                id=setup.id, side=setup.side, at=cell_label(row, col), row=row, col=col,
                z=z, mode=mode, styles=styles, hooks=stats.hooks, good_spots=stats.good_spots,
                good_filled=stats.good_filled, weight=stats.weight,
                load=tuple((x.item, x.weight, x.buoyant) for x in stats.load),
                prone=stats.prone and mode == "ground", slowed=stats.slowed,
            )
        picture = map_spec.picture.model_dump() if map_spec.picture else None
        return StylesMap(grid, terrain, picture), built

    def lint(self, state: StylesState) -> list[tuple[str, str]]:
        t = _terrain(state)
        out = []
        for name, r, c in t.off_levels[:5]:
            out.append(("map", f"row {r}, col {c}: its {name} is not a whole number of "
                        f"vertical steps ({t.vs:g}u); movement rounds it (A001-17)"))
        return out

    # -- deciding -----------------------------------------------------------------

    def decide(self, state: StylesState, command: Command, roller: Roller) -> Sequence[Event]:
        o = _opts(state)
        if isinstance(command, Reveal):
            return check_reveal(state.space.grid, command, self.gm)
        if isinstance(command, Montage | Adjust):
            if command.actor != self.gm:
                raise IllegalCommand("gm_only", f"only the game master gives {command.name} "
                                     f"(give actor: {self.gm})", ("R001-08",)
                                     if isinstance(command, Montage) else ())
            if isinstance(command, Montage):
                if bool(state.world.get("montage")) == command.on:
                    raise IllegalCommand("montage", "the chase is already "
                                         f"{'a Montage' if command.on else 'not a Montage'}",
                                         ("R001-08",))
                return [ev.MontageSet(on=command.on, rules=("R001-08", "A001-21"))]
            return self._adjust(state, command)
        if isinstance(command, Slow | InterruptCommand):
            target = self._actor(state, command.target)
            if isinstance(command, InterruptCommand):
                return self._interrupt(state, target, roller, ("R001-19",))
            return self._slow(state, target, command.stacks, roller, ("R001-20",))
        actor = self._actor(state, command.actor)
        if actor.lost:
            raise IllegalCommand("lost", f"{actor.id} fell into the void", ("A001-14",))
        if isinstance(command, Move):
            if command.actor != state.current and not o.move.off_turn:
                raise IllegalCommand("not_your_turn", f"it is {state.current}'s turn, not "
                                     f"{command.actor}'s: Move is used on your own Turn "
                                     "(A001-02)", ("A001-02",))
            return self._move(state, actor, command, roller)
        if isinstance(command, Prone):
            if actor.prone:
                raise IllegalCommand("prone", f"{actor.id} is already prone", ("R001-28",))
            if actor.mode != "ground":
                raise IllegalCommand("walk_not_active", f"{actor.id} can drop prone only "
                                     f"while Walk is active (now {actor.style.title()})",
                                     ("R001-28",))
            return [ev.WentProne(actor=actor.id, rules=("R001-28",))]
        if isinstance(command, Stand):
            if state.world.get("montage") and not o.prone.stand_in_montage:
                raise IllegalCommand("montage", "the GM runs this chase as a Montage, and this "
                                     "table keeps prone characters down until it ends "
                                     "(prone.stand_in_montage)", ("R001-08", "R001-30"))
            return self._stand(actor, o)
        if isinstance(command, Maneuver):
            target = self._actor(state, command.target)
            if target.id == actor.id:
                raise IllegalCommand("self_target", "a maneuver targets someone else",
                                     ("R001-22",))
            made: list[Event] = [ev.ManeuverMade(actor=actor.id, target=target.id,
                                                 hit=command.hit, rules=("R001-22", "A001-12"))]
            if command.hit:
                made += self._slow(state, target, o.slowed.maneuver_stacks, roller,
                                   ("R001-22", "A001-12"))
            return made
        if isinstance(command, Improvise):
            return self._improvise(state, actor, command)
        raise IllegalCommand("unknown_command", f"styles has no command {command.name!r}")

    def _actor(self, state: StylesState, actor_id: str) -> StyleActor:
        found = state.actors.get(actor_id)
        if found is None:
            raise IllegalCommand("unknown_actor", f"no actor {actor_id!r}; expected one of: "
                                 f"{', '.join(state.actors)}")
        return found

    # -- Move -----------------------------------------------------------------------

    def _move(self, state: StylesState, actor: StyleActor, command: Move,
              roller: Roller) -> list[Event]:
        o = _opts(state)
        t = _terrain(state)
        if state.world.get("montage"):
            raise IllegalCommand("montage", "the GM runs this chase as a Montage: Athletics "
                                 "Tests replace Move (R001-08)", ("R001-08",))
        dash = command.dash
        if dash:
            if actor.dashes >= o.dash.per_turn:
                raise IllegalCommand("dash_used", f"{actor.id} has dashed this turn already "
                                     "(A001-03)", ("A001-03",))
            if actor.hooks < o.dash.hooks:
                raise IllegalCommand("no_hook", f"a Dash costs {count(o.dash.hooks, 'Hook')}; "
                                     f"{actor.id} has {actor.hooks} (R001-07)", ("R001-07",))
        if command.plan is None and command.to is None:
            raise IllegalCommand("no_plan", "a Move lays out its path: give `plan` (segments) "
                                 "or `to` (R001-02)", ("R001-02",))
        _check_targets(command)
        if command.plan is not None:
            if not command.plan:
                raise IllegalCommand("no_plan", "the plan has no segments (R001-02)",
                                     ("R001-02",))
            segments = [Segment(s.style, _target(s.to), tuple(
                (int(v[0]), int(v[1])) for v in s.via)) for s in command.plan]
            legs = route_plan(t, actor, segments, o, dash=dash)
            if command.to is not None and not _ends_at(t, legs[-1].end, _target(command.to)):
                raise IllegalCommand("plan_mismatch", "the plan ends at "
                                     f"{_spot_text(t, legs[-1].end)}, not at "
                                     f"{list(command.to)}", ("R001-02",))
        else:
            assert command.to is not None
            legs = self._auto_plan(state, actor, _target(command.to), dash)
        events: list[Event] = []
        if dash:
            events.append(ev.Dashed(actor=actor.id, hooks=o.dash.hooks,
                                    rules=("R001-06", "R001-07", "A001-03")))
        start = start_spot(t, actor)
        # R001-03: the plan is carried out through the pipeline, step by step
        steps: list[Step[Spot]] = []
        of_leg: list[int] = []
        for i, leg in enumerate(legs):
            for frm, to in zip(leg.spots, leg.spots[1:], strict=False):
                steps.append(Step(frm, to, leg.style))
                of_leg.append(i)
        before = state
        for e in events:
            before = self.evolve(before, e)
        events += carry_out(self._pipeline, before, Path(actor.id, "move", tuple(steps)),
                            roller, of_leg)
        end = legs[-1].end
        if end[0] == AIR:
            end = t.fall_from(end[1], end[2], end[3])
        if end[0] == FALLEN and end[3] == NONE:
            return events  # lost in the void: nothing more
        # R001-05, A001-09: a new location is a new spot (row, col and height)
        if (new_location(start, end) and t.obscured[end[1]][end[2]]
                and actor.sneak_round != state.round):
            events.append(DecisionRequested(
                actor=actor.id, kind="sneak", choices=(*o.sneak.conditions, "skip"),
                prompt=f"{actor.id} ends half obscured: attempt a Sneaking Test for a Stealth "
                       "Condition?",
                context={CONSEQUENCES: consequences_json(sneak_consequences(
                    o, actor.id, tuple(o.sneak.conditions),
                    _sneak_odds(o) if o.sneak.check == "roll" else None))},
                rules=("R001-05", "A001-08", "A001-09")))
        return events

    def _auto_plan(self, state: StylesState, actor: StyleActor,
                   to: tuple[int, int] | tuple[int, int, float], dash: bool) -> list[Leg]:
        """``to`` alone: the cheapest plan that the options would show (R001-02)."""
        t = _terrain(state)
        o = _opts(state)
        r, c = to[0], to[1]
        if not t.in_bounds(r, c):
            raise IllegalCommand("off_map", f"row {r}, col {c} is off the map ({t.rows} rows, "
                                 f"{t.cols} cols)")
        level = t.level(float(to[2])) if len(to) == 3 else None
        here = start_spot(t, actor)
        if here[1:3] == (r, c) and level in (None, here[3]):
            raise IllegalCommand("already_there", f"{actor.id} is already at row {r}, col {c}"
                                 " (R001-02)", ("R001-02",))
        for hazards_ok in (False, True):
            found = reachable(t, actor, o, dash=dash, hazards_ok=hazards_ok)
            best = None
            for spot in found:
                if spot[1:3] != (r, c) or spot[0] == AIR or spot == found.start:
                    continue
                if level is not None and spot[3] != level:
                    continue
                spend = found.cheapest(spot)
                assert spend is not None
                rank = (spend.pool, 1 if spot[0] == FALLEN else 0, spot)
                if best is None or rank < best[0]:
                    best = (rank, spend)
            if best is not None:
                segments = [Segment(style, _target(target_of(t, end)))
                            for style, end in segments_of(best[1].plan, t)]
                return route_plan(t, actor, segments, o, dash=dash)
        # A001-10, R001-29 (the s33 review): prone, the search went by Walk alone; say so
        # rather than blame the pool only
        prone = actor.prone and o.prone.blocks_other_styles
        raise IllegalCommand("out_of_reach", f"{actor.id} cannot reach row {r}, col {c}"
                             f"{'' if level is None else f' at {to[-1]}u'} with the Movement "
                             f"it has left ({in_u(max(0.0, actor.pool() - actor.pool_spent))} of "
                             "the pool)" + (" while prone, which allows only Walk at double "
                                            f"cost (stand up first, {in_u(o.prone.stand_cost_u)})"
                                            " (R001-02, R001-29, A001-10)" if prone
                                            else " (R001-02, R001-13)"),
                             ("R001-02", "R001-13", *(("R001-29", "A001-10") if prone else ())))

    def _stand(self, actor: StyleActor, o: StylesOptions) -> list[Event]:
        if not actor.prone:
            raise IllegalCommand("not_prone", f"{actor.id} is not prone", ("R001-30",))
        cost = o.prone.stand_cost_u
        left = actor.left().get("walk", 0.0)
        if cost > left + EPS:
            raise IllegalCommand("no_movement", f"standing up costs {in_u(cost)} of the pool and "
                                 f"of Walk; {actor.id} has {in_u(left)} (R001-30, A001-10)",
                                 ("R001-30", "A001-10"))
        return [ev.StoodUp(actor=actor.id, cost=cost, rules=("R001-30", "A001-10"))]

    # -- Interrupted movement --------------------------------------------------------

    def _slow(self, state: StylesState, target: StyleActor, stacks: int, roller: Roller,
              rules: tuple[str, ...]) -> list[Event]:
        o = _opts(state).slowed
        if target.lost:
            raise IllegalCommand("lost", f"{target.id} fell into the void", ("A001-14",))
        if stacks == 0:
            raise IllegalCommand("no_stacks", "give a number of Slowed stacks other than 0",
                                 ("R001-20",))
        total = target.slowed + stacks
        if total < 0:
            raise IllegalCommand("no_stacks", f"{target.id} has only {target.slowed} Slowed",
                                 ("R001-20",))
        events: list[Event] = [ev.SlowedChanged(actor=target.id, stacks=stacks, total=total,
                                                rules=(*rules, "A001-11"))]
        crosses = (target.slowed < o.threshold <= total if o.interrupt == "crossing"
                   else stacks >= o.threshold)
        if crosses:
            events += self._interrupt(state, target, roller, ("R001-20", "A001-11"))
        return events

    def _interrupt(self, state: StylesState, target: StyleActor, roller: Roller,
                   rules: tuple[str, ...], style: str | None = None) -> list[Event]:
        """The Interrupted effect of the active style, or of ``style`` (R001-21)."""
        if target.lost:
            raise IllegalCommand("lost", f"{target.id} fell into the void", ("A001-14",))
        t = _terrain(state)
        o = _opts(state)
        style = style or target.style
        effect = INTERRUPTED[style]
        rules = (*rules, "R001-21")
        if effect == "fall" and target.mode in ALOFT:
            # R001-21, R001-34: the fall is a forced path through the pipeline
            here = start_spot(t, target)
            fall = Path(target.id, "interrupt", (Step(here, t.fall_from(
                target.row, target.col, here[3]), FALL),), forced=True)
            return [ev.MovementInterrupted(actor=target.id, style=style, effect="fall",
                                           rules=(*rules, "R001-34")),
                    *carry_out(self._pipeline, state, fall, roller)]
        if effect == "float_or_sink" and target.mode == "water":
            sink = target.sinks(o.swim.heavy_load_sinks)
            return [ev.MovementInterrupted(actor=target.id, style=style,
                                           effect="sink" if sink else "float",
                                           rules=(*rules, "R001-37", "A001-15"))]
        return [ev.MovementInterrupted(actor=target.id, style=style, effect="none",
                                       rules=rules)]

    # -- improvised styles -------------------------------------------------------------

    def _improvise(self, state: StylesState, actor: StyleActor,
                   command: Improvise) -> list[Event]:
        if command.style not in STYLES:
            raise IllegalCommand("unknown_style", f"no style {command.style!r}", ("R001-17",))
        if command.style in actor.styles:
            raise IllegalCommand("known_style", f"{actor.id} has {command.style.title()} on its "
                                 "sheet already: only a style it lacks is improvised (R001-23)",
                                 ("R001-23",))
        return [DecisionRequested(
            actor=self.gm, kind="improvise",
            choices=("grant", "grant_normal", "grant_double", "test", "refuse"),
            prompt=f"{actor.id} improvises {command.style.title()}"
                   f"{': ' + command.how if command.how else ''}. Grant it (at "
                   f"{_opts(state).improvise.default_grade} grade unless you say otherwise), "
                   "ask for a Test first, or refuse?",
            context={"actor": actor.id, "style": command.style,
                     CONSEQUENCES: consequences_json(improvise_consequences(
                         _opts(state), actor.id, command.style, test=False))},
            rules=("R001-23", "R001-24", "R001-25"))]

    def answer(
        self, state: StylesState, pending: Pending, answer: Answer, roller: Roller
    ) -> Sequence[Event]:
        o = _opts(state)
        choice = answer.choice
        if pending.kind in ("improvise", "improvise_test"):
            who, style = str(pending.context["actor"]), str(pending.context["style"])
            default = o.improvise.default_grade
            grades = {"grant": default, "grant_normal": "normal", "grant_double": "double",
                      "pass": default, "pass_normal": "normal", "pass_double": "double"}
            if choice in grades:
                grade = grades[choice]
                return [ev.StyleGranted(actor=who, style=style, grade=grade, cap=GRADES[grade],
                                        rules=("R001-23", "R001-25", "A001-13"))]
            if choice == "test":
                return [DecisionRequested(
                    actor=self.gm, kind="improvise_test",
                    choices=("pass", "pass_normal", "pass_double", "fail_interrupted", "fail"),
                    prompt=f"{who}'s Test (e.g. Athletics) for improvised {style.title()}: "
                           "pass, fail as its Interrupted version, or fail?",
                    context={**pending.context, CONSEQUENCES: consequences_json((
                        *improvise_consequences(o, who, style, test=True),
                        interrupted_consequence(_terrain(state), o, state.actors[who],
                                                style)))},
                    rules=("R001-24",))]
            refused: list[Event] = [ev.StyleRefused(
                actor=who, style=style, why={"refuse": "", "fail": "failed the Test",
                                             "fail_interrupted": "failed the Test: Interrupted"}
                [choice], rules=("R001-23", "R001-24"))]
            if choice == "fail_interrupted":
                refused += self._interrupt(state, state.actors[who], roller, ("R001-24",),
                                           style=style)
            return refused
        if pending.kind == "sneak":
            if choice == "skip":
                return [ev.SneakDeclined(actor=pending.actor, rules=("R001-05",))]
            if o.sneak.check == "roll":
                dice = parse_dice(o.sneak.dice)
                roll, supplied = roller.roll(dice, where="roll (Sneaking Test)")
                passed = roll.total >= o.sneak.target
                return [Rolled(actor=pending.actor, check=f"Sneaking Test ({o.sneak.target}+)",
                               dice=str(dice), values=roll.values, total=roll.total,
                               outcome="pass" if passed else "fail", supplied=supplied,
                               rules=("R001-05", "A001-09")),
                        ev.SneakTested(actor=pending.actor, condition=choice, passed=passed,
                                       rules=("R001-05", "A001-09"))]
            return [DecisionRequested(
                actor=self.gm, kind="sneak_test", choices=("pass", "fail"),
                prompt=f"{pending.actor}'s Sneaking Test for {choice}: pass or fail?",
                context={"actor": pending.actor, "condition": choice,
                         CONSEQUENCES: consequences_json(sneak_test_consequences(
                             pending.actor, choice))},
                rules=("R001-05", "A001-09"))]
        if pending.kind == "sneak_test":
            return [ev.SneakTested(actor=str(pending.context["actor"]),
                                   condition=str(pending.context["condition"]),
                                   passed=choice == "pass", rules=("R001-05", "A001-09"))]
        raise IllegalCommand("unknown_decision", f"no decision {pending.kind!r} in styles")

    def _adjust(self, state: StylesState, command: Adjust) -> list[Event]:
        target = self._actor(state, command.target)
        if command.hooks is None and command.good_filled is None and command.load is None:
            raise IllegalCommand("nothing_to_adjust", "give hooks, good_filled or load")
        if command.hooks is not None and command.hooks < 0:
            raise IllegalCommand("bad_value", "hooks cannot be negative", ("R001-07",))
        if command.good_filled is not None and not 0 <= command.good_filled <= target.good_spots:
            raise IllegalCommand("bad_value", f"good_filled must be 0 to {target.good_spots}",
                                 ("R001-37",))
        if command.load is not None and any(not (math.isfinite(w) and w >= 0)
                                            for _, w, _ in command.load):
            raise IllegalCommand("bad_value", "a load's weight must be a finite number of 0 "
                                 "or more", ("R001-38",))
        return [ev.Adjusted(actor=target.id, hooks=command.hooks,
                            good_filled=command.good_filled, load=command.load,
                            rules=("R001-07", "R001-37", "R001-38"))]

    # -- turns -------------------------------------------------------------------------

    def on_turn_start(self, state: StylesState, actor_id: str,
                      roller: Roller) -> Sequence[Event]:
        o = _opts(state)
        a = state.actors[actor_id]
        out: list[Event] = []
        if a.dashing and o.dash.duration == "until_next_turn":
            out.append(ev.DashEnded(actor=a.id, rules=("R001-06", "A001-03")))
        if o.move.refresh == "start_of_own_turn":
            out.append(ev.MovementRefreshed(
                actor=a.id, pool=max(a.styles.values(), default=0.0),
                styles=o.move.caps_per == "turn", rules=_refresh_rules(o)))
        if o.swim.bob == "start_of_own_turn":
            out += self._float_or_sink(state, a, roller)
        return out

    def _float_or_sink(self, state: StylesState, a: StyleActor,
                       roller: Roller) -> list[Event]:
        """R001-37, R001-38, A001-15, A001-16: once a turn (`swim.bob`), an Interrupted
        swimmer floats up or sinks, and an overloaded one sinks."""
        o = _opts(state)
        if a.mode != "water" or a.lost:
            return []
        heavy = o.swim.heavy_load_sinks and a.weight is not None and sum(
            w for _, w, b in a.load if not b) >= a.weight
        if a.adrift:
            sink = a.sinks(o.swim.heavy_load_sinks)
            return self._bob(state, a, "sink" if sink else "float",
                             ("R001-37", "A001-15") + (("R001-38", "A001-16") if heavy
                                                       else ()), roller)
        if heavy:
            return self._bob(state, a, "sink", ("R001-38", "A001-16"), roller)
        return []

    def _bob(self, state: StylesState, a: StyleActor, cause: str,
             rules: tuple[str, ...], roller: Roller) -> list[Event]:
        """R001-37, R001-38: float up or sink, a forced path through the pipeline that
        stops at the surface or the bed."""
        t = _terrain(state)
        o = _opts(state)
        lv = t.level(a.z)
        k = t.level(o.swim.float_u if cause == "float" else o.swim.sink_u)
        sign = 1 if cause == "float" else -1
        steps = tuple(Step((WATER, a.row, a.col, lv + sign * i, 0),
                           (WATER, a.row, a.col, lv + sign * (i + 1), 0), DRIFT)
                      for i in range(k))
        return carry_out(self._pipeline, state, Path(a.id, cause, steps, forced=True),
                         roller, distances=[t.vs] * k, rules=rules)

    def on_turn_end(self, state: StylesState, actor_id: str, roller: Roller) -> Sequence[Event]:
        o = _opts(state)
        a = state.actors[actor_id]
        out: list[Event] = []
        if o.swim.bob == "end_of_own_turn":
            out += self._float_or_sink(state, a, roller)
            for e in out:
                state = self.evolve(state, e)
            a = state.actors[actor_id]
        if a.mode == "water" and o.swim.drift == "end_of_own_turn" and not a.lost:
            out += self._current(state, a, roller)
        if o.move.refresh == "end_of_own_turn":
            out.append(ev.MovementRefreshed(actor=a.id, pool=a.pool(),
                                            styles=o.move.caps_per == "turn",
                                            rules=_refresh_rules(o)))
        if a.dashing and o.dash.duration == "this_turn":
            out.append(ev.DashEnded(actor=a.id, rules=("R001-06", "A001-03")))
        if a.improvised and o.improvise.lasts == "end_of_turn":
            out.append(ev.GrantsExpired(actor=a.id, styles=tuple(sorted(a.improvised)),
                                        rules=("A001-13",)))
        return out

    def _current(self, state: StylesState, a: StyleActor, roller: Roller) -> list[Event]:
        """R001-35, A001-20: a halted swimmer drifts for one turn, a forced path through the
        pipeline that stops where the water does. Each step reads the current where the
        swimmer is: a cell's speed (u per turn) pays for the step out of it, as a share of
        the turn, and still water ends the drift."""
        t = _terrain(state)
        steps: list[Step[Spot]] = []
        runs: list[float] = []
        r, c, lv = a.row, a.col, t.level(a.z)
        used = 0.0  # the share of the turn the drift has taken so far
        diagonals = 0
        for _ in range(t.rows * t.cols):  # more steps than cells would be going round
            carried = _carried(t, r, c, lv, diagonals)
            if carried is None:
                break
            (r2, c2, lv2), run, share = carried
            if used + share > 1.0 + EPS:
                break
            steps.append(Step((WATER, r, c, lv, 0), (WATER, r2, c2, lv2, 0), DRIFT))
            runs.append(run)
            diagonals += 1 if r2 != r and c2 != c else 0
            r, c, lv, used = r2, c2, lv2, used + share
        if not steps:
            return []
        return carry_out(self._pipeline, state, Path(a.id, "current", tuple(steps), forced=True),
                         roller, distances=runs, rules=("R001-35", "A001-20"))

    def on_round_end(self, state: StylesState, roller: Roller) -> Sequence[Event]:
        """A001-04: with caps counted per round, each style's use resets as the round
        ends (the pool still refreshes with the turn, R001-14)."""
        if _opts(state).move.caps_per != "round":
            return []
        return [ev.CapsReset(actor=a.id, rules=("R001-11", "A001-04"))
                for a in state.actors.values() if a.spent and not a.lost]

    def takes_turns(self, state: StylesState, actor_id: str) -> bool:
        return not state.actors[actor_id].lost

    # -- evolving -------------------------------------------------------------------------

    def evolve(self, state: StylesState, event: Event) -> StylesState:
        fold = self._evolvers.get(type(event))
        return fold(state, event) if fold is not None else state

    # -- options ---------------------------------------------------------------------------

    def options(self, state: StylesState, actor_id: str) -> Sequence[Option]:
        a = state.actors[actor_id]
        if a.lost:
            return []
        o = _opts(state)
        found: list[Option] = []
        places: list[Reachable] = []
        if not state.world.get("montage"):
            t = _terrain(state)
            plain = reachable(t, a, o)
            places.append(move_places(t, o, plain, a, dash=False, plain=None,
                                      round_now=state.round, sneak_odds=lambda: _sneak_odds(o)))
            if a.dashes < o.dash.per_turn and a.hooks >= o.dash.hooks:
                # a Dash lists only the places the plain pool cannot reach (R001-06)
                places.append(move_places(t, o, reachable(t, a, o, dash=True), a, dash=True,
                                          plain=plain, round_now=state.round,
                                          sneak_odds=lambda: _sneak_odds(o)))
        if a.prone:
            if a.left().get("walk", 0.0) + EPS >= o.prone.stand_cost_u and (
                    o.prone.stand_in_montage or not state.world.get("montage")):
                found.append(Option({"do": "stand", "actor": a.id}, "stand up",
                                     in_u(o.prone.stand_cost_u), rules=("R001-30", "A001-10")))
        elif a.mode == "ground":
            found.append(Option({"do": "prone", "actor": a.id}, "drop prone", "free",
                                rules=("R001-28",)))
        for style in STYLES:
            if style not in a.caps():
                found.append(Option({"do": "improvise", "actor": a.id, "style": style},
                                    f"ask the GM to improvise {style.title()}", "the GM's ruling",
                                    rules=("R001-23",)))
        return Options(found, Reachable.join(places) if places else None)

    # -- presenting ---------------------------------------------------------------------------

    def actor_json(self, state: StylesState, actor: StyleActor) -> dict[str, JSON]:
        body: dict[str, JSON] = to_jsonable(actor)
        body["spent"] = {k: number(round(v, 6)) for k, v in actor.spent.items()}
        body["pool_spent"] = number(round(actor.pool_spent, 6))
        caps = actor.caps()
        body["dashing"] = actor.dashing
        body["style"] = MODE_STYLE.get(actor.mode, "walk")
        body["pool"] = number(actor.pool())
        body["pool_left"] = number(max(0.0, actor.pool() - actor.pool_spent))
        body["caps"] = {k: number(v) for k, v in caps.items()}
        body["left"] = {k: number(v) for k, v in actor.left().items()}
        # one line for tables that show no nested values (``footwork play``)
        body["movement"] = (f"pool {in_u(max(0.0, actor.pool() - actor.pool_spent))} of "
                            f"{in_u(actor.pool())}: " + ", ".join(
                                f"{k} {in_u(v)}" for k, v in actor.left().items()))
        body["removed"] = actor.lost
        return body

    def view_space(self, state: State[Any], body: Mapping[str, JSON],
                   hidden: frozenset[str]) -> Mapping[str, JSON]:
        """A player's map: a secret door between cells is drawn as a plain wall."""
        seen: Mapping[str, JSON] = hide_secret_edges(super().view_space(state, body, hidden))
        return seen

    def space_json(self, space: Any) -> Mapping[str, JSON]:
        m: StylesMap = space
        body: dict[str, JSON] = {"grid": m.grid.to_json(), "places": []}
        if m.picture:
            body["picture"] = dict(m.picture)
        return body

    def queries(self) -> Mapping[str, Query[StyleActor]]:
        def plan(state: StylesState, actor_id: str, row: str, col: str) -> JSON:
            a = self._actor(state, actor_id)
            try:
                to = (int(row), int(col))
            except ValueError:
                raise IllegalCommand("bad_cell", f"row and col must be whole numbers, not "
                                     f"{row!r}, {col!r}") from None
            legs = self._auto_plan(state, a, to, False)
            t = _terrain(state)
            return {"cost": number(round(sum(leg.cost for leg in legs), 9)),
                    "plan": [{"style": leg.style, "to": target_of(t, leg.end),
                              "cost": number(round(leg.cost, 9))} for leg in legs]}

        def price_plan(state: StylesState, actor_id: str, plan_text: str) -> JSON:
            return price(self.decide, self.evolve, state, actor_id, plan_text)

        return {"plan": Query("the cheapest plan for ACTOR to reach the cell ROW, COL now",
                              ("ACTOR", "ROW", "COL"), plan),
                "price": Query("what a Move of ACTOR along PLAN (a move's plan as JSON, or "
                               "compact: walk:1,4 jump:1,6) would do, as decide rules it, "
                               "without rolling: each segment's cost and the pool and caps "
                               "left, where it stops and why, the checks with their odds",
                               ("ACTOR", "PLAN"), price_plan)}


def _refresh_rules(o: StylesOptions) -> tuple[str, ...]:
    return ("R001-14", "A001-01") + (("A001-04",) if o.move.caps_per == "round" else ())


def _carried(t: Terrain, r: int, c: int, lv: int, diagonals: int
             ) -> tuple[tuple[int, int, int], float, float] | None:
    """Where the current of the cell (r, c) carries a swimmer at ``lv`` next (R001-35,
    A001-20): the spot, the step's length in u (priced like a step, A001-17) and the share
    of a turn it takes at that cell's speed; None in still water or off the map. Over a
    weir (the next water lower) the water takes the swimmer down to its surface; over a rise
    in the bed (the next water shallower than the swimmer is deep), up to its bed."""
    g = t.grid
    dr, dc = (int(v) for v in g.current[r, c])
    speed = float(g.current_speed[r, c])
    if (dr, dc) == (0, 0) or speed <= 0:
        return None
    r2, c2 = r + dr, c + dc
    if not t.in_bounds(r2, c2) or t.grid.step_blocked(r, c, dr, dc):
        return None  # a wall between the cells holds the swimmer where it is
    run = t.h * step_length(t.diagonal, dr, dc, diagonals)
    # the water carries the swimmer on while there is water: down over a weir to the next
    # water's surface, and up over a rise in the bed to its bed (the s32 review)
    lv2 = (max(min(lv, t.top[r2][c2]), t.bed[r2][c2])
           if t.surface[r2][c2] == int(Surface.WATER) else lv)
    return (r2, c2, lv2), run, run / speed


def _target(value: Sequence[Any]) -> tuple[int, int] | tuple[int, int, float]:
    if len(value) == 3:
        return int(value[0]), int(value[1]), float(value[2])
    return int(value[0]), int(value[1])


def _check_targets(command: Move) -> None:
    """A height in ``to`` must be a finite number of u within the map's range (R001-02);
    a cell off the map is refused later, as ``off_map``."""
    named = [("to", command.to)] + [(f"plan[{i}].to", seg.to)
                                    for i, seg in enumerate(command.plan or ())]
    for where, to in named:
        if to is not None and len(to) == 3 and not (
                math.isfinite(float(to[2])) and abs(float(to[2])) <= MAX_HEIGHT):
            raise IllegalCommand("bad_target", f"{where}: the height must be a number of u "
                                 f"within +/-{MAX_HEIGHT:,g}, not {excerpt(repr(to[2]), 24)}",
                                 ("R001-02",))


def _ends_at(t: Terrain, spot: Spot, to: tuple[int, int] | tuple[int, int, float]) -> bool:
    if spot[0] == AIR:
        spot = t.fall_from(spot[1], spot[2], spot[3])
    if spot[1:3] != to[:2]:
        return False
    return len(to) == 2 or spot[3] == t.level(float(to[-1]))


def _spot_text(t: Terrain, spot: Spot) -> str:
    return str(target_of(t, spot))


def _sneak_odds(o: StylesOptions) -> CheckOdds:
    dice = parse_dice(o.sneak.dice)
    target = o.sneak.target

    def tier(total: int) -> str:
        return "pass" if total >= target else "fail"

    odds: dict[str, Fraction] = tier_odds(dice, tier, ("pass", "fail"))
    return CheckOdds(name="Sneaking Test", dice=str(dice), odds=odds, rules=("R001-05",),
                     tier_of=tier)


def _place(t: Terrain, row: int, col: int, z: float | None,
           mode: str | None) -> tuple[str, float]:
    """Where an actor may start: its mode and height."""
    s = Surface(t.surface[row][col])
    top = t.top[row][col]
    where = f"row {row}, col {col}"
    if mode is None:
        if s is Surface.FLOOR:
            mode = "ground"
        elif s is Surface.WATER:
            mode = "water"
        else:
            raise ValueError(f"{where} is a {s.spec_name}: nobody stands there (give a floor or "
                             "water cell, or mode: wall/fly/levitate with z)")
    if mode == "ground":
        if s is not Surface.FLOOR:
            raise ValueError(f"{where} is {s.spec_name}, not a floor to stand on")
        if z is not None and t.level(z) != top:
            raise ValueError(f"{where}: the floor is at {t.height(top):g}u, not {z:g}u")
        return mode, t.height(top)
    if mode == "water":
        if s is not Surface.WATER:
            raise ValueError(f"{where} is {s.spec_name}, not water")
        lv = top if z is None else t.level(z)
        if not t.bed[row][col] <= lv <= top:
            raise ValueError(f"{where}: the water runs from {t.height(t.bed[row][col]):g}u to "
                             f"{t.height(top):g}u, not {z:g}u")
        return mode, t.height(lv)
    if z is None:
        raise ValueError(f"mode {mode} needs a height: give z")
    lv = t.level(z)
    if mode == "wall" and not t.can_hold(row, col, lv):
        raise ValueError(f"{where}: nothing to climb at {z:g}u")
    if mode in ("fly", "levitate") and not t.open_air(row, col, lv, touching=False):
        raise ValueError(f"{where}: no open air at {z:g}u")
    return mode, t.height(lv)


def _spend(s: StylesState, actor_id: str, style: str, cost: float, **more: Any) -> StylesState:
    a = s.actors[actor_id]
    return s.update_actor(actor_id, spent={**a.spent, style: a.spent.get(style, 0.0) + cost},
                          pool_spent=a.pool_spent + cost, **more)


def _moved(s: StylesState, e: ev.Moved) -> StylesState:
    more: dict[str, Any] = {"at": cell_label(e.row, e.col), "row": e.row, "col": e.col,
                            "z": e.z, "diagonals": e.diagonals}
    if e.mode != "air":
        more["mode"] = e.mode
        more["prone"] = _prone_after(s, s.actors[e.actor], e.mode != "water")
        if e.mode != "water":
            more["adrift"] = False  # out of the water, nothing floats or sinks
    if e.style == "swim":
        more["adrift"] = False  # A001-15: swimming again ends the float or sink
    return _spend(s, e.actor, e.style, e.cost, **more)


def _prone_after(s: StylesState, a: StyleActor, dry: bool) -> bool:
    """Whether ``a`` is still prone where a step or a fall left it (``dry``: not in water).

    The text gives one way out of Prone: standing, for 1u (R001-30). With the block lifted
    (`prone.blocks_other_styles: false`, A001-10) a prone body climbs, swims, flies or hops
    still prone, and only ``stand`` ends it (the s34 review; before, every style but Walk
    and Jump ended it for nothing). With the default block no style but Walk is used
    prone, and a body that lands in water is swimming, no longer prone (R001-36, the
    first review's reading, kept)."""
    if not a.prone:
        return False
    return dry or not _opts(s).prone.blocks_other_styles


def _sneaked(s: StylesState, e: ev.SneakTested) -> StylesState:
    a = s.actors[e.actor]
    stealth = dict(a.stealth)
    if e.passed:
        stealth[e.condition] = stealth.get(e.condition, 0) + 1
    return s.update_actor(e.actor, sneak_round=s.round, stealth=stealth)


def _terrain_of(grid: GridMap, o: StylesOptions) -> Terrain:
    return Terrain(grid, diagonal=o.move.diagonal, vertical_step=o.move.vertical_step_u,
                   walk_step=o.move.walk_step_u, hazard_tags=o.move.hazard_tags,
                   obscuring_tags=o.sneak.obscuring_tags)


def _door_revealed(s: StylesState, e: DoorRevealed) -> StylesState:
    """The map with the secret door a door: a new grid and its terrain (the searches
    read the terrain of the state's map)."""
    m: StylesMap = s.space
    grid = revealed_grid(m.grid, e)
    return fast_replace(s, space=StylesMap(grid, _terrain_of(grid, _opts(s)), m.picture))


def _adjusted(s: StylesState, e: ev.Adjusted) -> StylesState:
    changes: dict[str, Any] = {}
    if e.hooks is not None:
        changes["hooks"] = e.hooks
    if e.good_filled is not None:
        changes["good_filled"] = e.good_filled
    if e.load is not None:
        changes["load"] = e.load
    return s.update_actor(e.actor, **changes)


__all__ = ["StylesMap", "StylesRuleset"]
