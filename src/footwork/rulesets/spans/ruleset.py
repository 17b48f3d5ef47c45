"""The `spans` ruleset: spans and heights, terrain features, Run/Climb/Float/Fly on an
action die read in bands, struggles bought with guard/stamina/awareness, and falls."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from footwork.engine.choices import CheckOdds, Option, consequences_json
from footwork.engine.codec import JSON, to_jsonable
from footwork.engine.commands import Answer, Command
from footwork.engine.events import DecisionRequested, Event, Rolled, TurnEnded, TurnStarted
from footwork.engine.rolling import Roller
from footwork.engine.state import CONSEQUENCES, Pending
from footwork.engine.words import count
from footwork.errors import IllegalCommand, InvalidCommand, ScenarioError, excerpt
from footwork.rulesets.base import ActorSetup, Query, Ruleset
from footwork.rulesets.spans import events as ev
from footwork.rulesets.spans.checks import (
    FAIL,
    SUCCESS,
    action_die,
    band_odds,
    band_of,
    resource_for,
)
from footwork.rulesets.spans.commands import (
    SPANS_COMMANDS,
    Attack,
    Climb,
    Drop,
    Fly,
    FreeAction,
    Hands,
    JumpAttack,
    Land,
    Move,
    Run,
    Shove,
    TakeOff,
    Untether,
)
from footwork.rulesets.spans.commands import Float as FloatCmd
from footwork.rulesets.spans.damage import applied_damage
from footwork.rulesets.spans.falls import continue_fall
from footwork.rulesets.spans.geometry import (
    Position,
    SpansState,
    air_step,
    candidates,
    climb_step,
    defeated,
    fall_foot,
    foot,
    ground_step,
    legal,
    out_of_the_fight,
    refuse_defeated_target,
    takes_room,
)
from footwork.rulesets.spans.model import (
    ACTION_DICE,
    SpansActor,
    SpansMap,
    SpansMapSpec,
    SpansStats,
)
from footwork.rulesets.spans.options import SpansOptions
from footwork.rulesets.spans.pipeline import JUMP_HIT, JUMP_MISS, Mover, SpansPath, path
from footwork.rulesets.spans.stakes import (
    drop_risk,
    jump_consequences,
    jump_risk,
    move_risk,
    struggle_consequences,
)
from footwork.rulesets.spans.targeting import can_target, conditions, forbidden, is_on_high

ROLLED_ACTIONS = {"run": ("R003-03", "R003-04", "R003-05"),
                  "climb": ("R003-07", "R003-08", "R003-09"),
                  "fly": ("R003-34", "R003-04", "A003-12")}


class SpansRuleset(Ruleset[SpansActor]):
    id: ClassVar[str] = "spans"
    title: ClassVar[str] = "Spans and heights"
    summary: ClassVar[str] = (
        "spans and heights, cover/threshold/on-high features, Run/Climb/Float/Fly on an "
        "action die read 1–2 / 3–4 / 5+, struggles paid with guard/stamina/awareness, falls"
    )
    options_model: ClassVar[type[BaseModel]] = SpansOptions
    map_model: ClassVar[type[BaseModel]] = SpansMapSpec
    stats_model: ClassVar[type[BaseModel]] = SpansStats
    commands: ClassVar[tuple[type[Command], ...]] = SPANS_COMMANDS
    events: ClassVar[tuple[type[Event], ...]] = ev.SPANS_EVENTS
    #: the ways out of the turn order (``takes_turns``): lost in the Skysea (R003-26), or
    #: damage that takes the last life (defeat, A003-16; the s32 review)
    scene_exits: ClassVar[frozenset[type[Event]] | None] = frozenset(
        {ev.LostInSkysea, ev.Damaged})
    #: the Guide's fiat sets a character down at the new place's height, off any climb
    #: (A003-10, A003-18; the s32 review), and back in the scene if the Skysea took it:
    #: what follows a fall there is the story's, told by the Guide (A003-20; the s33 review)
    placed_fields: ClassVar[frozenset[str]] = frozenset(
        {"height", "climbing", "climb_from", "removed"})

    def placed_stats(self, actor: SpansActor, stats: BaseModel) -> BaseModel:
        """The Guide's fiat reads the mode the character has now (the s33 review): one
        that took off may be put over the open Skysea, one that landed may not (R003-26,
        R003-30); a mode changed in play drops the file's height (the place's applies)."""
        assert isinstance(stats, SpansStats)
        if stats.mode == actor.mode:
            return stats
        return stats.model_copy(update={"mode": actor.mode, "height": None})

    def __init__(self) -> None:
        self._evolvers: dict[type[Event], Callable[[SpansState, Any], SpansState]] = {
            TurnStarted: lambda s, e: s.update_actor(
                e.actor, movement_actions=0, bonus=False, done=False),
            # the bonus is part of the turn's one movement action: it lapses with the
            # turn (R003-03, A003-23; the s33 review)
            TurnEnded: lambda s, e: s.update_actor(e.actor, bonus=False)
            if e.actor in s.actors and s.actors[e.actor].bonus else s,
            ev.MovementActionTaken: lambda s, e: s.update_actor(
                e.actor, movement_actions=s.actors[e.actor].movement_actions + 1),
            ev.Moved: lambda s, e: s.update_actor(
                e.actor, at=e.to, height=e.height, climbing=e.climbing,
                climb_from=e.climb_from),
            ev.BonusGranted: lambda s, e: s.update_actor(e.actor, bonus=True),
            ev.BonusUsed: lambda s, e: s.update_actor(e.actor, bonus=False),
            ev.TurnSpent: lambda s, e: s.update_actor(e.actor, done=True, bonus=False),
            ev.Paid: lambda s, e: s.update_actor(
                e.actor, **{e.resource: getattr(s.actors[e.actor], e.resource) - e.amount}),
            ev.ModeChanged: lambda s, e: s.update_actor(
                e.actor, mode=e.mode, climbing=None, climb_from=None),
            ev.HandsChanged: lambda s, e: s.update_actor(e.actor, hands_free=e.free),
            ev.Damaged: lambda s, e: s.update_actor(
                e.actor,
                guard=max(0, s.actors[e.actor].guard - e.guard),
                life=max(0, s.actors[e.actor].life - e.lethal)),
            ev.Landed: lambda s, e: s.update_actor(
                e.actor, at=e.at, height=e.height, mode="grounded", climbing=None,
                climb_from=None),
            ev.LostInSkysea: lambda s, e: s.update_actor(
                e.actor, removed=True, bonus=False, done=True, climbing=None,
                climb_from=None),
        }
        #: the one pipeline every cause of movement goes through (pipeline.py)
        self.mover = Mover(self.evolve)

    # -- setting up ---------------------------------------------------------------

    def build(
        self, options: BaseModel, map_spec: BaseModel, actors: Sequence[ActorSetup]
    ) -> tuple[SpansMap, dict[str, SpansActor]]:
        assert isinstance(options, SpansOptions) and isinstance(map_spec, SpansMapSpec)
        try:
            space = SpansMap(map_spec, options.feature.default_capacity)
        except ValueError as exc:
            raise ScenarioError(str(exc), path="map") from None
        built: dict[str, SpansActor] = {}
        for i, setup in enumerate(actors):
            stats = setup.stats
            assert isinstance(stats, SpansStats)
            if setup.at not in space:
                raise ScenarioError(f"unknown place {setup.at!r}", path=f"actors[{i}].at")
            if (stats.mode == "grounded" and not space.is_feature(setup.at)
                    and space.surface(setup.at) == "skysea"):
                raise ScenarioError(  # R003-26; the Guide's fiat too (the s32 review)
                    f"{setup.at} is the open Skysea: a grounded character has nothing to "
                    "stand on there (make it flying or floating)", path=f"actors[{i}].at")
            height = stats.height if stats.height is not None else space.top(setup.at)
            floor = space.ground(setup.at) if stats.mode != "grounded" else space.top(setup.at)
            if height < floor or (stats.mode == "grounded" and height != floor):
                raise ScenarioError(
                    f"height {height} does not fit {setup.at} (a grounded actor stands at its "
                    f"height {space.top(setup.at)}; an airborne one at or above the ground)",
                    path=f"actors[{i}].stats.height",
                )
            given: dict[str, str] = {str(k): v for k, v in stats.dice.items()}
            built[setup.id] = SpansActor(
                id=setup.id, side=setup.side, at=setup.at, height=height, mode=stats.mode,
                dice={d: given.get(d, options.dice.default_die) for d in ACTION_DICE},
                guard=stats.guard, stamina=stats.stamina, awareness=stats.awareness,
                life=stats.life, armor=stats.armor, hands_free=stats.hands_free,
                abilities=tuple(stats.abilities), can_fly=stats.can_fly,
            )
        for place in space.graph:  # A003-06: a file may not start a feature over capacity
            capacity = place.props.get("capacity")
            inside = [a for a in built.values()
                      if a.at == place.id and takes_room(options, a)]
            if capacity is not None and len(inside) > int(capacity):
                i = [a.id for a in actors].index(inside[-1].id)
                raise ScenarioError(
                    f"{place.id} holds at most {capacity}; {len(inside)} actors start there",
                    path=f"actors[{i}].at")
        return space, built

    # -- deciding -----------------------------------------------------------------

    def decide(self, state: SpansState, command: Command, roller: Roller) -> Sequence[Event]:
        if command.actor not in state.actors:  # e.g. the Guide: spans has no gm commands
            raise IllegalCommand("unknown_actor", f"{command.actor!r} is not a character")
        actor = state.actors[command.actor]
        if actor.removed:
            raise IllegalCommand("not_in_scene", f"{actor.id} is no longer in the scene",
                                 ("A003-20",))
        if defeated(state, actor):  # the s32 review: the state that clears a threshold stops it
            raise IllegalCommand("defeated", f"{actor.id} is defeated (life 0): it neither "
                                 "moves nor acts", ("A003-16",))
        if isinstance(command, Run):
            self._need_movement_action(state, actor)
            route = self._route(state, actor, "run", command.to, None)
            return self._rolled(state, actor, "run", command.die, route, roller, to=command.to)
        if isinstance(command, Fly):
            self._need_movement_action(state, actor)
            if actor.mode != "flying":
                raise IllegalCommand("not_flying", f"{actor.id} is not flying", ("R003-34",))
            route = self._route(state, actor, "fly", command.to, command.direction)
            return self._rolled(state, actor, "fly", command.die, route, roller,
                                to=command.to, direction=command.direction)
        if isinstance(command, Climb):
            self._need_movement_action(state, actor)
            route = self._route(state, actor, "climb", command.to, None)
            return self._rolled(state, actor, "climb", command.die, route, roller,
                                to=command.to)
        if isinstance(command, FloatCmd):
            self._need_movement_action(state, actor)
            if actor.mode != "floating":
                raise IllegalCommand("not_floating", f"{actor.id} is not floating", ("R003-32",))
            route = self._route(state, actor, "float", command.to, command.direction)
            return [  # R003-32: no roll, one move, and nothing else this turn
                ev.MovementActionTaken(actor=actor.id, action="float", rules=("R003-32",)),
                *self.mover.walk(state, route, roller, ("R003-32",)),
                ev.TurnSpent(actor=actor.id, rules=("R003-32",)),
            ]
        if isinstance(command, Move):
            if not actor.bonus:
                raise IllegalCommand("no_bonus", f"{actor.id} has no second move to take",
                                     ("R003-03",))
            if command.to is None and command.direction is None:
                raise IllegalCommand("bad_move", "give a place (to) or a direction (up/down)")
            if actor.mode == "grounded" and command.direction is not None:
                raise IllegalCommand("bad_move", "only fliers move up or down", ("R003-34",))
            route = self._route(state, actor, "move", command.to, command.direction)
            return [ev.BonusUsed(actor=actor.id, use="second move", rules=("R003-03", "R003-34")),
                    *self.mover.walk(state, route, roller, ("R003-03",))]
        if isinstance(command, FreeAction):
            if not actor.bonus:
                raise IllegalCommand("no_bonus", f"{actor.id} has no free action to take",
                                     ("R003-03",))
            if command.action.strip().lower() in ("run", "fly"):
                raise IllegalCommand("not_free", "the bonus free action cannot be Run or Fly",
                                     ("R003-03", "A003-13"))
            forbidden(state, actor, command.action)
            return [ev.BonusUsed(actor=actor.id, use="free action", rules=("R003-03",)),
                    ev.FreeActionTaken(actor=actor.id, action=command.action, rules=("R003-03",))]
        if isinstance(command, Drop):
            return self._drop(state, actor, command.to, roller)
        if isinstance(command, JumpAttack):
            return self._jump_attack(state, actor, command, roller)
        if isinstance(command, TakeOff):
            self._not_spent(actor)
            if not actor.can_fly:
                raise IllegalCommand("cannot_fly", f"{actor.id} cannot fly", ("R003-30",))
            if actor.mode == "flying" or actor.climbing is not None:
                raise IllegalCommand("cannot_take_off", f"{actor.id} cannot take off now")
            return [ev.ModeChanged(actor=actor.id, mode="flying", rules=("R003-30", "R003-34"))]
        if isinstance(command, Untether):
            self._not_spent(actor)
            if "untether" not in actor.abilities:
                raise IllegalCommand("no_ability", f"{actor.id} cannot cast Untether", ("R003-39",))
            if actor.mode == "floating":
                raise IllegalCommand("already_floating", f"{actor.id} already floats")
            cast: list[Event] = []
            if state.options.untether.uses == "free_action":  # A003-25, the option's reading
                if not actor.bonus:
                    raise IllegalCommand("no_bonus", f"{actor.id} has no free action left to "
                                         "cast Untether", ("R003-03", "R003-39", "A003-25"))
                cast.append(ev.BonusUsed(actor=actor.id, use="Untether",
                                         rules=("R003-39", "A003-25")))
            return [*cast, ev.ModeChanged(actor=actor.id, mode="floating", rules=("R003-39",))]
        if isinstance(command, Land):
            self._not_spent(actor)
            m: SpansMap = state.space
            if actor.mode == "grounded":
                raise IllegalCommand("not_airborne", f"{actor.id} is not airborne")
            if m.surface(actor.at) == "skysea":
                raise IllegalCommand("no_surface", f"there is nothing to land on over {actor.at}",
                                     ("R003-26",))
            if actor.height != m.top(actor.at):
                raise IllegalCommand(
                    "not_at_ground", f"{actor.id} is at height {actor.height}; "
                    f"{actor.at} is at {m.top(actor.at)}: descend first (or drop)")
            return [ev.Landed(actor=actor.id, at=actor.at, height=actor.height,
                              rules=("R003-30",))]
        if isinstance(command, Shove):
            return self._shove(state, actor, command, roller)
        if isinstance(command, Attack):
            self._not_spent(actor)
            if command.target not in state.actors:
                raise IllegalCommand("unknown_actor", f"no actor {command.target!r}")
            refuse_defeated_target(state, state.actors[command.target])
            ruling = can_target(state, actor.id, command.target, command.kind)
            if not ruling.allowed:
                raise IllegalCommand("cannot_target", ruling.reason, ruling.rules)
            return [ev.AttackDeclared(actor=actor.id, target=command.target, kind=command.kind,
                                      rules=ruling.rules)]
        if isinstance(command, Hands):
            if not 0 <= command.free <= 2:
                raise IllegalCommand("bad_hands", "free hands must be 0, 1 or 2", ("A003-24",))
            return [ev.HandsChanged(actor=actor.id, free=command.free, rules=("A003-24",))]
        raise IllegalCommand("unknown_command", f"spans has no command {command.name!r}")

    def answer(
        self, state: SpansState, pending: Pending, answer: Answer, roller: Roller
    ) -> Sequence[Event]:
        ctx = pending.context
        if pending.kind == "struggle":
            actor = state.actors[str(ctx["actor"])]
            action, die = str(ctx["action"]), str(ctx["die"])
            route = self._route(state, actor, action, ctx.get("to"), ctx.get("direction"))
            if answer.choice == "pay":
                resource = resource_for(die)
                paid: list[Event] = [ev.Paid(actor=actor.id, resource=resource, amount=1,
                                             rules=(ROLLED_ACTIONS[action][1], "A003-03"))]
                if state.options.struggle.paid_gives == "single_move" and action != "climb":
                    return [*paid, *self.mover.walk(state, route, roller, ("A003-03",))]
                return [*paid, *self._success(state, actor, action, route, roller,
                                              (ROLLED_ACTIONS[action][1], "A003-03"))]
            return self._unpaid(state, actor, action, route, roller)
        if pending.kind == "jump_attack":
            return self._jump_resolve(
                state, state.actors[str(ctx["actor"])], str(ctx["target"]),
                answer.choice == "hit", roller)
        return continue_fall(state, pending.kind, answer.choice, ctx, roller)

    # -- evolving -----------------------------------------------------------------

    def evolve(self, state: SpansState, event: Event) -> SpansState:
        handler = self._evolvers.get(type(event))
        return handler(state, event) if handler is not None else state

    def takes_turns(self, state: SpansState, actor_id: str) -> bool:
        actor = state.actors[actor_id]
        return not actor.removed and not defeated(state, actor)

    # -- presenting ---------------------------------------------------------------

    def actor_json(self, state: SpansState, actor: SpansActor) -> dict[str, JSON]:
        body: dict[str, JSON] = to_jsonable(actor)
        body["conditions"] = conditions(state, actor)
        return body

    def place_ids(self, space: Any) -> tuple[str, ...]:
        """Every place of the graph, in the order ``space_json`` lists them (without
        writing the whole map as JSON first: a file's names are checked against these)."""
        m: SpansMap = space
        return tuple(p.id for p in m.graph)

    def space_json(self, space: Any) -> Mapping[str, JSON]:
        m: SpansMap = space
        return {
            "places": [to_jsonable(p) for p in m.graph],
            "links": [to_jsonable(ln) for ln in m.graph.links()],
            "positions": {k: list(v) for k, v in m.positions.items()},
        }

    def queries(self) -> Mapping[str, Query[SpansActor]]:
        def actor(state: SpansState, actor_id: str) -> SpansActor:
            if actor_id not in state.actors:
                known = excerpt(", ".join(state.actors), 120)
                raise InvalidCommand(f"no actor {excerpt(actor_id)!r}; expected one of: "
                                     f"{known}")
            return state.actors[actor_id]

        def target(state: SpansState, attacker: str, victim: str, attack: str) -> JSON:
            actor(state, attacker)
            actor(state, victim)
            if attack not in ("melee", "ranged"):
                raise InvalidCommand(f"attack: expected melee or ranged, got {attack!r}")
            ruling = can_target(state, attacker, victim, attack)  # type: ignore[arg-type]
            return {"allowed": ruling.allowed, "reason": ruling.reason,
                    "rules": list(ruling.rules)}

        def on_high(state: SpansState, a: str, b: str) -> JSON:
            return {"on_high": is_on_high(actor(state, a), actor(state, b)),
                    "rules": ["R003-22", "A003-07"]}

        def conditions_of(state: SpansState, a: str) -> JSON:
            return conditions(state, actor(state, a))

        return {
            "target": Query("may ATTACKER target TARGET with a melee or ranged attack?",
                            ("ATTACKER", "TARGET", "melee|ranged"), target),
            "on_high": Query("is A on high relative to B?", ("A", "B"), on_high),
            "conditions": Query("what A's position allows or forbids", ("A",), conditions_of),
        }

    def options(self, state: SpansState, actor_id: str) -> Sequence[Option]:
        actor = state.actors[actor_id]
        if actor.removed or defeated(state, actor):
            return []
        found: list[Option] = []
        if self._has_movement_action(state, actor):
            if actor.mode == "grounded":
                if actor.climbing is None:
                    run = legal(lambda p: self._dest(state, actor, "run", p),
                                candidates(state, actor))
                    found += self._rolled_options(state, actor, "run", run)
                places = list(candidates(state, actor))
                if actor.climbing is not None:
                    # on, or back to where the climb began (A003-10)
                    places = [actor.climbing, actor.climb_from or actor.at]
                climb = legal(lambda p: self._dest(state, actor, "climb", p), iter(places))
                found += self._rolled_options(state, actor, "climb", climb)
            elif actor.mode == "flying":
                for to, direction, pos in self._air_moves(state, actor):
                    found += self._rolled_options(state, actor, "fly", {to or "": pos},
                                                  direction=direction)
            else:
                for to, direction, _ in self._air_moves(state, actor):
                    cmd = _command("float", actor.id, to=to, direction=direction)
                    found.append(Option(cmd, f"float {to or direction}",
                                        "movement action; nothing else this turn",
                                        to=to, rules=("R003-32",)))
        if actor.bonus:
            if actor.mode == "grounded":
                moves = legal(lambda p: self._dest(state, actor, "move", p),
                              candidates(state, actor))
                for to in moves:
                    found.append(Option(_command("move", actor.id, to=to), f"second move to {to}",
                                        "the bonus", to=to, rules=("R003-03",)))
            else:
                for to, direction, _ in self._air_moves(state, actor):
                    found.append(Option(_command("move", actor.id, to=to, direction=direction),
                                        f"second move {to or direction}", "the bonus", to=to,
                                        rules=("R003-34",)))
            found.append(Option({"do": "free_action", "actor": actor.id, "action": "free action"},
                                "take a free action (not Run or Fly)", "the bonus",
                                rules=("R003-03", "A003-13")))
        if self._can_move_at_all(state, actor):
            for to in self._drop_targets(state, actor):
                if self.mover.verdict(state, self._drop_route(state, actor, to)) is not None:
                    continue
                found.append(Option(_command("drop", actor.id, to=to), f"drop to {to}",
                                    "a move; a fall", to=to, rules=("A003-10", "R003-25"),
                                    risk=drop_risk(state, actor, to)))
        if not actor.done:
            found += self._jump_options(state, actor)
        return found

    # -- helpers ------------------------------------------------------------------

    @staticmethod
    def _not_spent(actor: SpansActor) -> None:
        """R003-05, R003-32: after a 1–2 or a Float, nothing else this turn."""
        if actor.done:
            raise IllegalCommand("turn_spent", f"{actor.id} can take no further action "
                                 "this turn", ("R003-05", "R003-32"))

    def _has_movement_action(self, state: SpansState, actor: SpansActor) -> bool:
        opts: SpansOptions = state.options
        return not actor.done and actor.movement_actions < opts.turn.movement_actions

    def _can_move_at_all(self, state: SpansState, actor: SpansActor) -> bool:
        return actor.bonus or self._has_movement_action(state, actor)

    def _need_movement_action(self, state: SpansState, actor: SpansActor) -> None:
        if actor.done:
            raise IllegalCommand("turn_spent", f"{actor.id} can take no further action this turn",
                                 ("R003-05", "R003-32"))
        if not self._has_movement_action(state, actor):
            raise IllegalCommand("already_moved", f"{actor.id} has taken its movement action",
                                 ("A003-23",))

    def _route(self, state: SpansState, actor: SpansActor, action: str,
               to: object, direction: object) -> SpansPath:
        """The path of one move by ``action`` (run, climb, fly, float, or the bonus
        ``move``): the mode's reach (geometry), then the pipeline's entry rules, before
        any roll is made."""
        place = None if to is None else str(to)
        if action == "climb":
            mode, pos = "climb", climb_step(state, actor, str(to))
        elif action == "run" or (action == "move" and actor.mode == "grounded"):
            mode, pos = "run", ground_step(state, actor, str(to))
        else:
            mode = "fly" if actor.mode == "flying" else "float"
            pos = air_step(state, actor, place, None if direction is None else str(direction))
        route = path(actor, action, pos, mode)
        self.mover.admit(state, route)
        return route

    def _dest(self, state: SpansState, actor: SpansActor, action: str, to: str | None,
              direction: str | None = None) -> Position:
        return self._route(state, actor, action, to, direction).steps[0].to

    def _rolled(self, state: SpansState, actor: SpansActor, action: str, die: str,
                route: SpansPath, roller: Roller, *, to: str | None,
                direction: str | None = None) -> list[Event]:
        """R003-02: roll the chosen action die and act on its band."""
        opts: SpansOptions = state.options
        dice = action_die(actor, die, opts.dice.default_die)
        roll, supplied = roller.roll(dice)
        band = band_of(roll.total)
        rules = ROLLED_ACTIONS[action]
        events: list[Event] = [
            ev.MovementActionTaken(actor=actor.id, action=action, rules=("R003-02", "A003-23")),
            Rolled(actor=actor.id, check=f"{action} ({die})", dice=str(dice),
                   values=roll.values, total=roll.total, outcome=band, supplied=supplied,
                   rules=("R003-02", "A003-01")),
        ]
        if band == SUCCESS:
            return events + self._success(state, actor, action, route, roller, (rules[0],))
        if band == FAIL:
            return events + self._fail(state, actor, action, route, roller)
        resource = resource_for(die)
        if getattr(actor, resource) > 0 or opts.struggle.allow_negative:
            # the command's own target, so that answering re-checks the very same move
            ctx: dict[str, JSON] = {"actor": actor.id, "action": action, "die": die,
                                    "resource": resource, "to": to, "direction": direction,
                                    CONSEQUENCES: consequences_json(struggle_consequences(
                                        state, actor, action, die, to or direction))}
            events.append(DecisionRequested(
                actor=actor.id, kind="struggle", choices=("pay", "decline"),
                prompt=f"{action} rolled {roll.total}: pay 1 {resource} to succeed?",
                context=ctx, rules=(rules[1], "A003-04")))
            return events
        return events + self._unpaid(state, actor, action, route, roller)

    def _success(self, state: SpansState, actor: SpansActor, action: str, route: SpansPath,
                 roller: Roller, rules: tuple[str, ...]) -> list[Event]:
        moved = self.mover.walk(state, route, roller, rules)
        if action == "climb":
            return moved
        return [*moved, ev.BonusGranted(actor=actor.id, rules=("R003-03", "R003-34"))]

    def _fail(self, state: SpansState, actor: SpansActor, action: str, route: SpansPath,
              roller: Roller) -> list[Event]:
        opts: SpansOptions = state.options
        if action == "climb":  # R003-09; A003-09 decides whether it falls
            m: SpansMap = state.space
            # the fall lands at the foot of the climb: a deck under a mast, not the sky
            onto = fall_foot(state, actor, route.steps[0].to.climbing or route.steps[0].to.at)
            if opts.climb.fail_falls and actor.height > m.top(onto):
                fall = path(actor, "failed climb", Position(onto, m.top(onto)), "fall",
                            forced=True)
                return self.mover.walk(state, fall, roller)
            return []
        if action == "fly" and opts.fly.fail == "no_move":  # A003-12, the option's reading
            return [ev.TurnSpent(actor=actor.id, rules=("R003-34", "A003-12"))]
        # R003-05, A003-12: one move only, and nothing more this turn
        return [*self.mover.walk(state, route, roller, ("R003-05",)),
                ev.TurnSpent(actor=actor.id, rules=("R003-05", "A003-12"))]

    def _unpaid(self, state: SpansState, actor: SpansActor, action: str, route: SpansPath,
                roller: Roller) -> list[Event]:
        opts: SpansOptions = state.options
        if action != "climb" and opts.run.unpaid_struggle == "no_move":
            return [ev.TurnSpent(actor=actor.id, rules=("R003-04", "A003-02"))]
        return self._fail(state, actor, action, route, roller)

    def _air_moves(
        self, state: SpansState, actor: SpansActor
    ) -> list[tuple[str | None, str | None, Position]]:
        moves: list[tuple[str | None, str | None, Position]] = [
            (to, None, pos)
            for to, pos in legal(lambda p: self._dest(state, actor, "move", p),
                                 candidates(state, actor)).items()
        ]
        for direction in ("up", "down"):
            with contextlib.suppress(IllegalCommand):
                moves.append((None, direction, self._dest(state, actor, "move", None, direction)))
            if state.options.fly.diagonal and actor.mode == "flying":  # A003-11 alternative
                moves += [(to, direction, pos) for to, pos in legal(
                    lambda p, d=direction: self._dest(  # type: ignore[misc]
                        state, actor, "move", p, d),
                    candidates(state, actor)).items()]
        return moves

    def _rolled_options(self, state: SpansState, actor: SpansActor, action: str,
                        targets: Mapping[str, Position], *,
                        direction: str | None = None) -> list[Option]:
        opts: SpansOptions = state.options
        found: list[Option] = []
        rules = ROLLED_ACTIONS[action]
        for to in targets:
            place = to or None
            for die in ACTION_DICE:
                dice = action_die(actor, die, opts.dice.default_die)
                check = CheckOdds(
                    name=f"{action} with {die}: 5+ succeeds, 3–4 pays 1 {resource_for(die)}",
                    dice=str(dice), odds=band_odds(dice), rules=rules, tier_of=band_of)
                cmd = _command(action, actor.id, die=die, to=place, direction=direction)
                found.append(Option(cmd, f"{action} {place or direction} ({die})",
                                    "movement action", to=place, checks=(check,), rules=rules,
                                    risk=move_risk(state, actor, action, die, dice,
                                                   place)))
        return found

    def _drop_targets(self, state: SpansState, actor: SpansActor) -> list[str]:
        m: SpansMap = state.space
        span = m.span_of(actor.at)
        if actor.climbing is not None:  # letting go: the foot of the climb (A003-10)
            return [fall_foot(state, actor)]
        targets: list[str] = []
        if actor.mode != "grounded":  # stops flying: down onto what it is over
            targets.append(foot(m, actor))
        elif actor.height > m.top(span):
            targets.append(span)
        if actor.mode == "grounded":  # off a mast onto the deck below it (R003-22, R003-25)
            targets += [f for f in m.features(span) if f != actor.at
                        and m.place(f).kind == "on_high" and m.top(f) < actor.height]
        if actor.mode == "grounded" and actor.height == m.ground(span):
            # a lower span, or the Skysea whatever its height: nothing there to stand on;
            # from the span's ground, in the open or in a feature there (A003-06: going to
            # the next span leaves the feature within the move, as a Run or a Climb does);
            # from a raised top, come down first (the s31 review)
            targets += [s for s in m.adjacent_spans(span)
                        if m.top(s) < actor.height or m.surface(s) == "skysea"]
        return targets

    def _drop_route(self, state: SpansState, actor: SpansActor, onto: str) -> SpansPath:
        m: SpansMap = state.space
        return path(actor, "drop", Position(onto, m.top(onto)), "drop")

    def _drop(self, state: SpansState, actor: SpansActor, to: str | None,
              roller: Roller) -> list[Event]:
        if not self._can_move_at_all(state, actor):
            self._need_movement_action(state, actor)
        targets = self._drop_targets(state, actor)
        onto = to if to is not None else fall_foot(state, actor)  # own span, a climb's foot
        if onto not in targets:
            raise IllegalCommand(
                "cannot_drop", f"{actor.id} cannot drop to {onto}: it must be below where "
                f"{actor.id} is: {', '.join(targets) or 'nowhere here'}", ("A003-10",))
        route = self._drop_route(state, actor, onto)
        self.mover.admit(state, route)  # R003-20: a drop crosses like any other move
        events: list[Event] = []
        if self._has_movement_action(state, actor):
            events.append(ev.MovementActionTaken(actor=actor.id, action="drop",
                                                 rules=("A003-10",)))
        else:
            events.append(ev.BonusUsed(actor=actor.id, use="drop", rules=("R003-03",)))
        # an airborne faller keeps its mode until it lands (Landed grounds it) or Untether
        # makes it float: mid-fall it is not standing anywhere; one at its ground just lands
        return events + self.mover.walk(state, route, roller)

    def _jump_targets(self, state: SpansState, actor: SpansActor) -> list[SpansActor]:
        """R003-29: foes beneath the jumper, where a drop from here could land (this span,
        or an adjacent lower one when standing at its edge), standing on something, and in
        the fight (a defeated one only with ``life.defeated_targetable``, A003-16)."""
        m: SpansMap = state.space
        below = {m.span_of(p) for p in self._drop_targets(state, actor)}
        below.add(m.span_of(actor.at))
        return [
            t for t in state.actors.values()
            if t.side != actor.side and not t.removed and t.climbing is None
            and not out_of_the_fight(state, t)  # the s33 review
            and m.span_of(t.at) in below and t.height < actor.height
            and t.height == m.top(t.at)  # standing on something: the jumper lands there
        ]

    @staticmethod
    def _jump_route(actor: SpansActor, target: SpansActor, cause: str) -> SpansPath:
        # hit or miss, the jumper ends up where the foe stands (A003-21)
        return path(actor, cause, Position(target.at, target.height), "jump")

    def _jump_options(self, state: SpansState, actor: SpansActor) -> list[Option]:
        opts: SpansOptions = state.options
        if opts.fall.jump_uses_movement and not self._can_move_at_all(state, actor):
            return []  # rule questions: the jump's fall needs a movement (as a drop does)
        return [
            Option({"do": "jump_attack", "actor": actor.id, "target": t.id},
                   f"jump attack on {t.id} ({count(actor.height - t.height, 'height')})",
                   "an attack; the Guide rules hit or miss", rules=("R003-29", "A003-21"),
                   risk=jump_risk(state, actor, t))
            for t in self._jump_targets(state, actor)
            if self.mover.verdict(state, self._jump_route(actor, t, JUMP_HIT)) is None
        ]

    def _jump_attack(self, state: SpansState, actor: SpansActor, command: JumpAttack,
                     roller: Roller) -> list[Event]:
        if actor.done:
            raise IllegalCommand("turn_spent", f"{actor.id} can take no further action",
                                 ("R003-05",))
        if command.target not in state.actors:
            raise IllegalCommand("unknown_actor", f"no actor {command.target!r}")
        refuse_defeated_target(state, state.actors[command.target])
        if command.target not in {t.id for t in self._jump_targets(state, actor)}:
            raise IllegalCommand(
                "no_jump_target",
                f"{command.target} is not a foe beneath {actor.id}, where it could drop",
                ("R003-29", "A003-21"))
        # the landing is an entry like any other: room, a held crossing (A003-06, R003-20)
        self.mover.admit(state, self._jump_route(actor, state.actors[command.target], JUMP_HIT))
        spent = self._jump_spends(state, actor)
        if command.hit is None:
            return [*spent, DecisionRequested(
                actor=self.gm, kind="jump_attack", choices=("hit", "miss"),
                prompt=f"does {actor.id}'s jump attack on {command.target} hit?",
                context={"actor": actor.id, "target": command.target,
                         CONSEQUENCES: consequences_json(jump_consequences(
                             state, actor, state.actors[command.target]))},
                rules=("R003-29",))]
        after = state
        for event in spent:
            after = self.evolve(after, event)
        return [*spent, *self._jump_resolve(after, after.actors[actor.id], command.target,
                                            command.hit, roller)]

    def _jump_spends(self, state: SpansState, actor: SpansActor) -> list[Event]:
        """Rule questions (``fall.jump_uses_movement``): the jumper falls on purpose (R003-29), a
        drop of its own choosing: it spends the movement action, or the Run's second move
        (R003-03), as a drop does (A003-23); with neither left it is refused."""
        opts: SpansOptions = state.options
        if not opts.fall.jump_uses_movement:
            return []
        if not self._can_move_at_all(state, actor):
            self._need_movement_action(state, actor)
        if self._has_movement_action(state, actor):
            return [ev.MovementActionTaken(actor=actor.id, action="jump attack",
                                           rules=("R003-29", "A003-23"))]
        return [ev.BonusUsed(actor=actor.id, use="jump attack", rules=("R003-03", "R003-29"))]

    def _jump_resolve(self, state: SpansState, actor: SpansActor, target_id: str, hit: bool,
                      roller: Roller) -> list[Event]:
        m: SpansMap = state.space
        opts: SpansOptions = state.options
        target = state.actors[target_id]
        heights = actor.height - target.height
        done = ev.JumpAttackResolved(actor=actor.id, target=target_id, hit=hit, heights=heights,
                                     rules=("R003-29", "A003-21"))
        if not hit:  # A003-21: a miss is an ordinary fall for the jumper
            return [done, *self.mover.walk(state, self._jump_route(actor, target, JUMP_MISS),
                                           roller)]
        events: list[Event] = [done]
        maneuver = None
        if opts.fall.jump_target_maneuver and not defeated(state, target):  # s33: no act
            dice = action_die(target, "maneuver", opts.dice.default_die)
            roll, supplied = roller.roll(dice)
            maneuver = roll.total
            events.append(Rolled(actor=target_id, check="Maneuver (land safely)",
                                 dice=str(dice), values=roll.values, total=roll.total,
                                 outcome=f"{max(0, roll.total)} off the lethal damage",
                                 supplied=supplied,
                                 rules=("R003-28", "A003-21")))
        guard, lethal = applied_damage(opts, target, heights, m.surface(target.at), maneuver)
        events.append(ev.Damaged(actor=target_id, guard=guard, lethal=lethal,
                                 cause=f"jump attack by {actor.id}", rules=("R003-29", "A003-21")))
        after = state
        for event in events:
            after = self.evolve(after, event)
        # the impact went to the foe: the jumper lands where the foe stands (A003-21)
        return [*events, *self.mover.walk(after, self._jump_route(actor, target, JUMP_HIT),
                                          roller, ("R003-29", "A003-21"))]

    def _shove(self, state: SpansState, actor: SpansActor, command: Shove,
               roller: Roller) -> list[Event]:
        """A003-16: being moved out clears a threshold. The shove is forced movement of the
        target through the same pipeline; a destination the rules bar refuses the shove."""
        self._not_spent(actor)
        if command.target not in state.actors or command.target == actor.id:
            raise IllegalCommand("unknown_actor", f"no other actor {command.target!r}")
        target = state.actors[command.target]
        refuse_defeated_target(state, target)
        reach = can_target(state, actor.id, target.id, "melee")
        if not reach.allowed:
            raise IllegalCommand("cannot_target", reach.reason, reach.rules)
        if target.mode != "grounded" or target.climbing is not None:
            raise IllegalCommand("cannot_shove", f"{target.id} is not standing on anything "
                                 "a shove could push it across", ("A003-16",))
        route = self._shove_route(state, actor, target, command.to)
        shoved = ev.Shoved(actor=actor.id, target=target.id, to=command.to, rules=("A003-16",))
        return [shoved, *self.mover.walk(state, route, roller, ("A003-16",))]


    def _shove_route(self, state: SpansState, actor: SpansActor, target: SpansActor,
                     to: str) -> SpansPath:
        """Where a shove takes ``target``: one move's reach on the ground (R003-13). Where
        that step has nothing under it at the target's height (the open Skysea, R003-26;
        a lower place with no stairs, R003-23) the target does not step, it falls: the
        step's mode is ``fall``, ruled as any fall (R003-25..28; into the Skysea, A003-20).
        A shove is forced: lacking ground refuses a chosen step, not a push (rule questions)."""
        try:
            pos = ground_step(state, target, to)
        except IllegalCommand as exc:
            opts: SpansOptions = state.options
            if opts.fall.shove_over_edge != "fall" \
                    or exc.reason not in ("no_surface", "needs_climb") \
                    or to not in self._drop_targets(state, target):
                raise
            m: SpansMap = state.space
            return path(target, "shove", Position(to, m.top(to)), "fall", forced=True,
                        by=actor.id)
        return path(target, "shove", pos, "shove", forced=True, by=actor.id)


def _command(do: str, actor: str, **fields: object) -> dict[str, JSON]:
    body: dict[str, JSON] = {"do": do, "actor": actor}
    body.update({k: v for k, v in fields.items() if v is not None})
    return body


