"""The `cultivation` ruleset: zones, Speed and Sprint, Partners, Difficult Terrain
Challenges in four tiers, character limits and Throws, forced movement, falls by surface,
swimming and breath, tile effects at the end of the round, sight and awareness, and the
optional height and depth bands."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from pydantic import BaseModel

from footwork.engine.choices import CheckOdds, Option, consequences_json
from footwork.engine.codec import JSON, to_jsonable
from footwork.engine.commands import Answer, Command
from footwork.engine.events import DecisionRequested, Event, RoundStarted, TurnEnded
from footwork.engine.movement import Path
from footwork.engine.rolling import Roller
from footwork.engine.seats import Seat
from footwork.engine.state import CONSEQUENCES, Pending, State
from footwork.errors import IllegalCommand, InvalidCommand, ScenarioError, excerpt
from footwork.rulesets.base import ActorSetup, Query, Ruleset
from footwork.rulesets.cultivation import events as ev
from footwork.rulesets.cultivation.checks import PASSED, Challenge, clear_dt
from footwork.rulesets.cultivation.commands import (
    CULTIVATION_COMMANDS,
    Damage,
    Fall,
    JointMove,
    Move,
    Partner,
    ReachBand,
    Sense,
    Shift,
    Sprint,
    Switch,
    Throw,
    Unpartner,
    UseBenefit,
    UseItem,
    Waive,
)
from footwork.rulesets.cultivation.falls import damage
from footwork.rulesets.cultivation.fiat import arrival, set_down
from footwork.rulesets.cultivation.model import (
    BANDS,
    GROUND,
    CultivationActor,
    CultivationMap,
    CultivationMapSpec,
    CultivationStats,
)
from footwork.rulesets.cultivation.movement import (
    Crossing,
    blocked,
    can_act_to_move,
    check_speed,
    climb_fall,
    climb_fall_metres,
    crossing,
    crossing_of,
    defense,
    dt_challenge,
    dt_outcome,
    forced_rating,
    forced_to,
    not_falling,
    opportunities,
    throw_destinations,
)
from footwork.rulesets.cultivation.options import CultivationOptions
from footwork.rulesets.cultivation.pipeline import (
    PIPELINE,
    band_step,
    begin_fall,
    crowd_request,
    limit_challenge,
    step_to,
    storyteller_fall,
    throw_choices,
)
from footwork.rulesets.cultivation.rules import (
    CState,
    antigrav_on,
    band_index,
    everyone_in,
    has_left,
    holds_breath,
    is_falling,
    is_full,
    is_swimming,
    modifier,
    occupants,
    opts,
    space,
    speed_left,
    total_penalty,
    water_penalty,
)
from footwork.rulesets.cultivation.stakes import (
    defense_consequences,
    destination_consequences,
    move_risk,
    partner_consequences,
)
from footwork.rulesets.cultivation.targeting import (
    KINDS,
    aware,
    aware_of_now,
    band_penalty,
    can_target,
    halved,
    sees,
    sight_range,
)
from footwork.rulesets.cultivation.tiles import breath, environment, falls, switch

GM_COMMANDS = (Waive, Fall, Switch, Damage)
ELEMENTS = ("air", "earth")


def _per_round(a: CultivationActor, base: int) -> CultivationActor:
    return replace(a, speed=base, spent=0, action_spent=False, move_over=False,
                   turn_taken=False, joint=False, waived=(), reached=None)


def _terrain(zone: Any) -> dict[str, JSON]:
    """What a picture of the zone shows besides its rating: water, its character limit,
    surface, shade, roof, effects and its tile's kind; only what differs from a plain
    zone, and never its traps (a secret until sprung)."""
    body: dict[str, JSON] = {}
    for key in ("water_m", "submerged", "limit", "shadow", "roofed", "open_field", "deepest"):
        value = getattr(zone, key)
        if value not in (None, False, 0):
            body[key] = value
    if zone.surface != "hard":
        body["surface"] = zone.surface
    for key in ("effects", "start_of_turn"):
        if getattr(zone, key):
            body[key] = list(getattr(zone, key))
    if zone.tile is not None:
        body["tile"] = zone.tile.kind
    return body


class CultivationRuleset(Ruleset[CultivationActor]):
    id: ClassVar[str] = "cultivation"
    title: ClassVar[str] = "Cultivation zones"
    summary: ClassVar[str] = (
        "zones, Speed and Sprint, Partners, Difficult Terrain Challenges (Air/Earth, four "
        "tiers), character limits and Throws, forced movement, falls by surface, swimming and "
        "breath, tile effects, line of sight and awareness, optional height bands"
    )
    options_model: ClassVar[type[BaseModel]] = CultivationOptions
    map_model: ClassVar[type[BaseModel]] = CultivationMapSpec
    stats_model: ClassVar[type[BaseModel]] = CultivationStats
    commands: ClassVar[tuple[type[Command], ...]] = CULTIVATION_COMMANDS
    events: ClassVar[tuple[type[Event], ...]] = ev.CULTIVATION_EVENTS
    #: the Storyteller's fiat placement sets the character down where it is put: a fall
    #: under way (R000-40, R000-78), a height afloat (R000-61), the benefits and the band
    #: reached where it was (R000-54, R000-76) end there (the s33 review)
    placed_fields: ClassVar[frozenset[str]] = frozenset({
        "fall_onto", "fall_left_m", "fall_rounds", "fallen_m", "fall_voluntary",
        "band_falling", "bands_fallen", "altitude_m", "benefits", "reached"})
    #: R000-47: passing out is the only way out of the turn order (``takes_turns``)
    scene_exits: ClassVar[frozenset[type[Event]] | None] = frozenset({ev.FellUnconscious})

    def __init__(self) -> None:
        up = State.update_actor
        self._evolvers: dict[type[Event], Callable[[CState, Any], CState]] = {
            RoundStarted: self._round_started,
            TurnEnded: self._turn_ended,
            ev.Moved: self._moved,
            ev.SpeedSpent: lambda s, e: up(s, e.actor, spent=s.actors[e.actor].spent + e.amount),
            ev.Sprinted: lambda s, e: up(s, e.actor, speed=e.speed),
            ev.ActionSpent: lambda s, e: up(s, e.actor, action_spent=True),
            ev.MoveEnded: lambda s, e: up(s, e.actor, move_over=True),
            ev.PartnershipFormed: lambda s, e: up(up(s, e.a, partner=e.b), e.b, partner=e.a),
            ev.PartnershipEnded: self._partnership_ended,
            # R000-54: going over the edge leaves the zone, and its benefits with it (s32)
            ev.FallStarted: lambda s, e: up(s, e.actor, fall_onto=e.onto, fall_left_m=e.metres,
                                            fall_rounds=0, fallen_m=0,
                                            fall_voluntary=e.voluntary,
                                            benefits=(s.actors[e.actor].benefits
                                                      if e.onto == s.actors[e.actor].at
                                                      else ())),
            ev.FallCarried: lambda s, e: up(s, e.actor, fall_onto=e.onto, benefits=(),
                                            fall_left_m=s.actors[e.actor].fall_left_m + e.metres),
            ev.FallProgressed: lambda s, e: up(
                s, e.actor, fall_rounds=e.round_of_fall,
                fall_left_m=s.actors[e.actor].fall_left_m - e.metres,
                fallen_m=s.actors[e.actor].fallen_m + e.metres),
            ev.Landed: self._landed,
            ev.Damaged: lambda s, e: up(s, e.actor, aura=max(0, s.actors[e.actor].aura - e.amount),
                                        wounds=s.actors[e.actor].wounds + int(e.wound)),
            ev.BandChanged: lambda s, e: up(
                s, e.actor, band=e.band,
                bands_fallen=s.actors[e.actor].bands_fallen + int(s.actors[e.actor].band_falling)),
            ev.BandFallStarted: lambda s, e: up(s, e.actor, band_falling=True, bands_fallen=0),
            ev.BandFallHeld: lambda s, e: up(s, e.actor, band_falling=False, bands_fallen=0),
            ev.AltitudeChanged: lambda s, e: up(s, e.actor, altitude_m=e.altitude_m, **(
                dict(fall_onto=None, fall_left_m=0, fall_rounds=0, fallen_m=0,
                     fall_voluntary=False) if e.held else {})),
            ev.BandReached: lambda s, e: up(s, e.actor, reached=e.target),
            ev.BreathHeld: lambda s, e: up(s, e.actor, breath_rounds=e.rounds,
                                           breath_penalty=e.penalty),
            ev.BreathRecovered: lambda s, e: up(s, e.actor, breath_rounds=0, breath_penalty=0),
            ev.FellUnconscious: lambda s, e: up(s, e.actor, unconscious=True),
            ev.BenefitOffered: lambda s, e: up(
                s, e.actor, benefits=(*s.actors[e.actor].benefits, e.benefit)),
            ev.BenefitUsed: lambda s, e: up(
                s, e.actor, benefits=tuple(b for b in s.actors[e.actor].benefits
                                           if b != e.benefit)),
            ev.ItemUsed: self._item_used,
            ev.Sensed: lambda s, e: up(s, e.actor, aware_of=(*s.actors[e.actor].aware_of,
                                                             e.target)),
            ev.Waived: lambda s, e: up(s, e.actor, waived=(*s.actors[e.actor].waived, e.zone)),
            ev.TileSwitched: lambda s, e: replace(s, world={
                **s.world, "antigravity": {**s.world.get("antigravity", {}), e.zone: e.on}}),
        }

    # -- setting up ---------------------------------------------------------------

    def build(
        self, options: BaseModel, map_spec: BaseModel, actors: Sequence[ActorSetup]
    ) -> tuple[CultivationMap, dict[str, CultivationActor]]:
        assert isinstance(options, CultivationOptions)
        assert isinstance(map_spec, CultivationMapSpec)
        try:
            m = CultivationMap(map_spec, options.dt.default_rating)
        except ValueError as exc:
            text = str(exc)
            path, _, message = text.partition(": ")
            raise ScenarioError(message or text, path=f"map.{path}") from None
        built: dict[str, CultivationActor] = {}
        for i, setup in enumerate(actors):
            stats = setup.stats
            assert isinstance(stats, CultivationStats)
            if setup.at not in m:
                raise ScenarioError(f"unknown zone {setup.at!r}; expected one of: "
                                    f"{excerpt(', '.join(m.zones), 120)}",
                                    path=f"actors[{i}].at")
            idx = BANDS.index(stats.band)
            if stats.band != "ground" and not options.bands.enabled:
                raise ScenarioError("bands are off (bands.enabled: false)",
                                    path=f"actors[{i}].stats.band")
            if idx > m.deepest(setup.at):
                raise ScenarioError(f"{setup.at} has no water that deep",
                                    path=f"actors[{i}].stats.band")
            built[setup.id] = CultivationActor(
                id=setup.id, side=setup.side, at=setup.at, air=stats.air, earth=stats.earth,
                prowess=stats.prowess, height_m=stats.height_m, earth_defense=stats.earth_defense,
                stealth_defense=stats.stealth_defense, aura=stats.aura, wounds=stats.wounds,
                abilities=tuple(stats.abilities), art_range=stats.art_range, hidden=stats.hidden,
                bonus=stats.bonus, penalty=stats.penalty, band=stats.band,
                speed=options.speed.base)
        for zid, zone in m.zones.items():
            inside = [a for a in built.values() if a.at == zid]
            if zone.limit is not None and len(inside) > zone.limit:
                i = [a.id for a in actors].index(inside[-1].id)
                raise ScenarioError(f"{zid} holds at most {zone.limit}; {len(inside)} actors "
                                    "start there", path=f"actors[{i}].at")
        return m, built

    def initial_world(self, space_: Any, options: BaseModel) -> Mapping[str, Any]:
        m: CultivationMap = space_
        return {
            "items": {z: list(spec.items) for z, spec in m.zones.items() if spec.items},
            "antigravity": {z: spec.tile.active for z, spec in m.zones.items()
                            if spec.tile is not None and spec.tile.kind == "antigravity"},
        }

    # -- deciding -----------------------------------------------------------------

    def decide(self, state: CState, command: Command, roller: Roller) -> Sequence[Event]:
        return self._settle(state, self._decide(state, command, roller))

    def _decide(self, state: CState, command: Command, roller: Roller) -> list[Event]:
        if isinstance(command, GM_COMMANDS):
            if command.actor != self.gm:
                raise IllegalCommand("gm_only", f"only the Storyteller ({self.gm}) may "
                                     f"{command.name}", ("R000-28",))
            return self._gm(state, command, roller)
        if command.actor not in state.actors:
            raise IllegalCommand("not_a_character", f"{command.actor!r} is not a character")
        actor = state.actors[command.actor]
        if actor.unconscious:  # R000-47; R000-54's benefit is a choice too (the s33 review)
            raise IllegalCommand("unconscious", f"{actor.id} is unconscious", ("R000-47",))
        if isinstance(command, UseBenefit):
            if command.benefit not in actor.benefits:
                raise IllegalCommand("no_benefit", f"{actor.id} has no {command.benefit!r} to "
                                     "use now", ("R000-54",))
            return [ev.BenefitUsed(actor=actor.id, benefit=command.benefit, rules=("R000-54",))]
        if isinstance(command, Move):
            cross = self._check_move(state, actor, command.to, command.defender)
            return self._move(state, actor, cross, command, roller)
        if isinstance(command, JointMove):
            partner, crosses, partner_speed = self._check_joint(state, actor, command)
            return self._joint(state, actor, partner, crosses, partner_speed, command, roller)
        if isinstance(command, Sprint):
            self._check_sprint(state, actor)
            return [ev.Sprinted(actor=actor.id, speed=opts(state).speed.sprint,
                                rules=("R000-03", "A000-03")),
                    ev.ActionSpent(actor=actor.id, why="Sprint", rules=("R000-03",))]
        if isinstance(command, Partner):
            self._check_partner(state, actor, command.target)
            return [DecisionRequested(
                actor=command.target, kind="partner", choices=("accept", "refuse"),
                prompt=f"{actor.id} asks {command.target} to be its Partner",
                context={"from": actor.id, CONSEQUENCES: consequences_json(
                    partner_consequences(actor.id, command.target))},
                rules=("R000-07", "R000-08"))]
        if isinstance(command, Unpartner):
            if actor.partner is None:
                raise IllegalCommand("no_partner", f"{actor.id} has no Partner", ("A000-33",))
            return [ev.PartnershipEnded(a=actor.id, b=actor.partner, why="declared",
                                        rules=("A000-33",))]
        if isinstance(command, Throw):
            target = self._check_throw(state, actor, command.target, command.to)
            events: list[Event] = []
            if opts(state).forced_move.uses_action:
                events.append(ev.ActionSpent(actor=actor.id, why="a throw", rules=("R000-48",)))
            if target.unconscious:
                # R000-50: forfeiting is a choice the unconscious cannot make; R000-49: the
                # Challenge against its defence (A000-15: kept, or 0 by option) is rolled
                # at once, nobody being asked (the s33 review)
                return events + self._resolve_throw(
                    self._fold(state, events),
                    {"thrower": actor.id, "target": target.id, "to": command.to,
                     "element": command.element or opts(state).forced_move.element,
                     "bonus": command.bonus}, False, roller)
            events.append(DecisionRequested(
                actor=target.id, kind="forced_defense", choices=("defend", "forfeit"),
                prompt=f"{actor.id} tries to force {target.id} into {command.to}: defend, or "
                       "forfeit the defence and take the whole effect?",
                context={"thrower": actor.id, "target": target.id, "to": command.to,
                         "element": command.element or opts(state).forced_move.element,
                         "bonus": command.bonus,
                         CONSEQUENCES: consequences_json(defense_consequences(
                             state, actor, target, command.to,
                             command.element or opts(state).forced_move.element,
                             command.bonus))},
                rules=("R000-49", "R000-50")))
            return events
        if isinstance(command, Shift):
            band = self._check_shift(state, actor, command.direction)
            path = Path(actor.id, "shift", (band_step(actor.at, band),))
            return list(PIPELINE.walk(state, path, roller, how=f"shifts {command.direction}",
                                      rules=("R000-77", "A000-24")).events)
        if isinstance(command, ReachBand):
            self._check_reach(state, actor, command.target)
            return [ev.SpeedSpent(actor=actor.id, amount=1, rules=("R000-76", "A000-24")),
                    ev.BandReached(actor=actor.id, target=command.target, rules=("R000-76",))]
        if isinstance(command, Sense):
            target = self._check_sense(state, actor, command.target)
            why = "Stealth" if target.hidden else "Stealth (sensing the Art's source)"
            rules = ("R000-71", "A000-32") if target.hidden else ("R000-72", "A000-32")
            challenge = Challenge(actor.id, command.element,
                                  modifier(state, actor, command.element),
                                  target.stealth_defense, f"{target.id}'s {why}", rules)
            rolled, outcome, _ = challenge.roll(opts(state).challenge, roller)
            out: list[Event] = [rolled]
            if outcome in PASSED:
                out.append(ev.Sensed(actor=actor.id, target=target.id, rules=rules))
            return out
        if isinstance(command, UseItem):
            not_falling(actor, "R000-19", in_zone=True)  # it lies in the zone left
            items = state.world.get("items", {}).get(actor.at, [])
            if command.item not in items:
                raise IllegalCommand("no_item", f"there is no {command.item!r} in {actor.at}",
                                     ("R000-19",))
            return [ev.ItemUsed(actor=actor.id, zone=actor.at, item=command.item,
                                rules=("R000-19",))]
        raise IllegalCommand("unknown_command", f"cultivation has no command {command.name!r}")

    def answer(self, state: CState, pending: Pending, answer: Answer,
               roller: Roller) -> Sequence[Event]:
        return self._settle(state, self._answer(state, pending, answer, roller))

    def _answer(self, state: CState, pending: Pending, answer: Answer,
                roller: Roller) -> list[Event]:
        ctx = pending.context
        if pending.kind == "partner":
            if answer.choice == "refuse":
                return []
            return [ev.PartnershipFormed(a=str(ctx["from"]), b=pending.actor,
                                         rules=("R000-07", "R000-08", "R000-09"))]
        if pending.kind == "crowd_throw":
            defender = state.actors[str(ctx["defender"])]
            events = forced_to(state, defender, answer.choice, "thrown", str(ctx["entrant"]),
                               roller, ("R000-34", "A000-08"), cause="crowd_throw",
                               result=float(ctx["result"]))
            then = ctx.get("then")
            if isinstance(then, Mapping):  # R000-14: the joint move's second partner throws
                events += self._crowd_throw(
                    self._fold(state, events), str(then["entrant"]), str(then["origin"]),
                    str(then["zone"]), str(then["defender"]), float(then["result"]), None)
            return events
        if pending.kind == "forced_defense":
            return self._resolve_throw(state, ctx, answer.choice == "forfeit", roller)
        if pending.kind == "forced_destination":
            if answer.choice == "none":
                return []
            target = state.actors[str(ctx["target"])]
            result = ctx.get("result")
            return forced_to(state, target, answer.choice, "thrown", str(ctx["thrower"]),
                             roller, ("R000-48", "R000-51", "R000-52"),
                             result=None if result is None else float(result))
        raise ValueError(f"not a cultivation decision: {pending.kind}")

    # -- moving -------------------------------------------------------------------

    def _check_move(self, state: CState, actor: CultivationActor, to: str,
                    defender: str | None) -> Crossing:
        """The pipeline's leaving, crossing and entering rules, without dice."""
        can_act_to_move(actor)
        return crossing(state, actor, to, "move", defender=defender)

    def _move(self, state: CState, actor: CultivationActor, cross: Crossing, command: Move,
              roller: Roller) -> list[Event]:
        """An own move: one step through the pipeline (issue 16)."""
        path = Path(actor.id, "move", (step_to(state, cross.frm, cross.to),))
        walked = PIPELINE.walk(state, path, roller, element=command.element,
                               bonus=command.bonus, defender=command.defender)
        return list(walked.events)

    @staticmethod
    def _moved_event(actor: CultivationActor, cross: Crossing, rules: tuple[str, ...]) -> ev.Moved:
        return ev.Moved(actor=actor.id, frm=cross.frm, to=cross.to, rules=rules)

    @staticmethod
    def _defense(state: CState, target: CultivationActor) -> int:
        return defense(state, target)

    def _check_sprint(self, state: CState, actor: CultivationActor) -> None:
        o = opts(state)
        if actor.action_spent:
            raise IllegalCommand("no_action", f"{actor.id} has spent the round's Action",
                                 ("R000-03", "R000-24"))
        if actor.speed >= o.speed.sprint:
            raise IllegalCommand("already_sprinting", f"{actor.id} already has Speed "
                                 f"{actor.speed}", ("R000-03",))
        if actor.move_over or 0 < actor.speed <= actor.spent:
            raise IllegalCommand("budget_spent", f"{actor.id}'s Speed is used up: Sprint must "
                                 "come before the budget runs out", ("A000-03",))
        not_falling(actor, "R000-03")  # a faller has no Move to lengthen (the s32 review)

    # -- partners -----------------------------------------------------------------

    def _check_partner(self, state: CState, actor: CultivationActor, target_id: str) -> None:
        if target_id not in state.actors:
            raise IllegalCommand("unknown_actor", f"no actor {target_id!r}")
        target = state.actors[target_id]
        if target_id == actor.id:
            raise IllegalCommand("self_partner", "a character cannot partner itself", ("R000-09",))
        if target.side != actor.side:
            raise IllegalCommand("not_ally", f"{target_id} is not an ally", ("R000-07",))
        if target.at != actor.at:
            raise IllegalCommand("not_same_zone", f"{target_id} is in {target.at}, not "
                                 f"{actor.at}", ("R000-07", "R000-10"))
        for who in (actor, target):
            not_falling(who, "R000-07", "R000-10", in_zone=True)  # left the zone shared
            if who.partner is not None:
                raise IllegalCommand("already_partnered", f"{who.id} already partners "
                                     f"{who.partner}: no chains", ("R000-09",))
        if target.unconscious:
            raise IllegalCommand("unconscious", f"{target_id} cannot consent", ("R000-08",))
        if _bands_apart(state, actor, target):
            raise IllegalCommand("not_same_band", f"{target_id} is {target.band}, not "
                                 f"{actor.band} (partners.same_band)", ("R000-10", "R000-77"))

    def _check_joint(self, state: CState, actor: CultivationActor, command: JointMove
                     ) -> tuple[CultivationActor, tuple[Crossing, Crossing], int]:
        if actor.partner is None:
            raise IllegalCommand("no_partner", f"{actor.id} has no Partner", ("R000-11",))
        partner = state.actors[actor.partner]
        if _apart(state, actor, partner) is not None:  # R000-10: set apart (s33 review)
            raise IllegalCommand("not_partners", f"{partner.id} is no longer with "
                                 f"{actor.id}: the partnership has ended", ("R000-10",))
        can_act_to_move(actor)
        if not actor.joint and actor.spent > 0:
            raise IllegalCommand("already_moved", f"{actor.id} has already moved alone this "
                                 "round", ("R000-11", "R000-12"))
        if not actor.joint and (partner.turn_taken or partner.spent > 0 or partner.move_over):
            raise IllegalCommand("partner_acted", f"{partner.id} has already taken its turn or "
                                 "its Move this round", ("R000-11", "A000-07"))
        if partner.unconscious or is_falling(partner):
            raise IllegalCommand("partner_cannot_move", f"{partner.id} cannot move",
                                 ("R000-11",))
        # R000-11..13: both partners' steps pass the same rules. R000-12, R000-33: the
        # mover enters first and the partner after it, so the partner meets a full zone
        # already when one place is left; with spill-over both enter together (R000-35)
        spill = opts(state).limit.mode == "spillover"
        mine = crossing(state, actor, command.to, "joint_move", entrants=2 if spill else 1,
                        defender=command.defender)
        try:
            theirs = crossing(state, partner, command.to, "joint_move", entrants=2,
                              defender=command.partner_defender)
        except IllegalCommand as exc:
            if exc.reason not in ("zone_full", "not_full", "bad_defender"):
                raise
            raise IllegalCommand(exc.reason, f"partner_defender: {exc.detail}",
                                 exc.rules) from None
        if command.defender is not None and command.defender == command.partner_defender:
            raise IllegalCommand("bad_defender", f"{actor.id} and {partner.id} each Challenge "
                                 f"a defender of their own: name two, not {command.defender} "
                                 "twice", ("R000-33", "R000-14"))
        o = opts(state)
        partner_speed = partner.speed
        if command.partner_sprints:
            if partner.action_spent or partner.speed >= o.speed.sprint:
                raise IllegalCommand("partner_cannot_sprint", f"{partner.id} cannot Sprint now",
                                     ("R000-03", "A000-07"))
            partner_speed = o.speed.sprint
        # R000-13: each partner needs the Speed its own way costs (a swimmer's border is 2,
        # R000-44, a wader's beside it 1); with equal costs this is A000-07's joint budget,
        # the lower of the two Speeds (the s32 review)
        check_speed(state, actor, mine.cost)
        try:
            check_speed(state, partner, theirs.cost, speed=partner_speed)
        except IllegalCommand as exc:
            raise IllegalCommand("partner_too_slow", f"{partner.id}: {exc.detail}",
                                 ("R000-13", "A000-07")) from None
        return partner, (mine, theirs), partner_speed

    def _joint(self, state: CState, actor: CultivationActor, partner: CultivationActor,
               crosses: tuple[Crossing, Crossing], partner_speed: int, command: JointMove,
               roller: Roller) -> list[Event]:
        o = opts(state)
        events: list[Event] = []
        if command.partner_sprints:
            events += [ev.Sprinted(actor=partner.id, speed=partner_speed, rules=("A000-07",)),
                       ev.ActionSpent(actor=partner.id, why="Sprint", rules=("A000-07",))]
            partner = replace(partner, speed=partner_speed, action_spent=True)
        events += opportunities(state, actor, actor.at)
        events += opportunities(state, partner, partner.at)
        goes: list[tuple[CultivationActor, Crossing, str | None, int | None]] = []
        stuck: dict[str, str] = {}  # who stays out, and why: dt, fell, limit or nowhere
        for who, cross, element, named in (
                (actor, crosses[0], command.element, command.defender),
                (partner, crosses[1], command.partner_element, command.partner_defender)):
            challenge = dt_challenge(state, who, cross, element, rules=("R000-14", "R000-23"))
            ok = True
            if challenge is not None:  # R000-14: each partner Challenges on its own
                rolled, outcome, _ = challenge.roll(o.challenge, roller)
                events.append(rolled)
                fall = climb_fall_metres(state, cross)
                if fall is not None and outcome not in PASSED:  # A000-30: it falls back
                    events += climb_fall(state, who, cross, fall, roller)
                    ok, stuck[who.id] = False, "fell"
                else:
                    paid, ok = dt_outcome(who, outcome in PASSED)
                    events += paid
                    if not ok:
                        stuck[who.id] = "dt"
            result: int | None = None
            if ok and named is not None:
                # R000-14, R000-33: a full zone is an obstacle too; each partner Challenges
                # the defender it named, both before either crosses (as at a border)
                limit = limit_challenge(state, who, state.actors[named])
                rolled, outcome, result = limit.roll(o.challenge, roller)
                events.append(rolled)
                if outcome not in PASSED:
                    ok, stuck[who.id] = False, "limit"
            if ok:
                goes.append((who, cross, named, result))
        goes = self._throwable(state, goes, stuck)
        pairs = ((actor, crosses[0]), (partner, crosses[1]))
        if stuck and o.partners.joint_block == "stop_both":  # A000-07
            ends = any(why in ("dt", "fell") for why in stuck.values())
            for who, cross in pairs:
                events.append(ev.CrossingBlocked(
                    actor=who.id, frm=cross.frm, to=cross.to,
                    why="the joint move stops at this border",
                    rules=("R000-24", "A000-07") if ends else ("R000-34", "A000-07")))
                if ends:
                    events.append(ev.MoveEnded(actor=who.id, why="a joint crossing failed",
                                               rules=("A000-04", "A000-07")))
                elif o.limit.failed_entry_spends_speed:  # the declared attempt is paid
                    events.append(ev.SpeedSpent(actor=who.id, amount=cross.cost,
                                                rules=("R000-12", "R000-34")))
            return events
        for who, cross in pairs:
            why = stuck.get(who.id)
            if why == "dt":
                events += blocked(state, who, cross)
            elif why in ("limit", "nowhere"):
                events.append(ev.CrossingBlocked(
                    actor=who.id, frm=cross.frm, to=cross.to,
                    why="could not force a way in" if why == "limit"
                    else "no adjacent zone can take its defender",
                    rules=("R000-34",) if why == "limit" else ("A000-08",)))
                if o.limit.failed_entry_spends_speed:
                    events.append(ev.SpeedSpent(actor=who.id, amount=cross.cost,
                                                rules=("R000-34",)))
        now = self._fold(state, events)
        crowds: list[tuple[str, str, str, str, int]] = []
        for i, (who, cross, named, result) in enumerate(goes):
            spent = ev.SpeedSpent(actor=who.id, amount=cross.cost, rules=("R000-12",))
            now = self.evolve(now, spent)
            path = Path(who.id, "joint_move", (step_to(now, cross.frm, cross.to),), by=actor.id)
            walked, walk = PIPELINE.run(
                now, path, roller, how="joint move",
                entrants=len(goes) - i if o.limit.mode == "spillover" else 1,
                companions=tuple(w.id for w, *_ in goes[:i]),
                defender=named, result=result, result_known=result is not None,
                defer_throw=True, rules=("R000-11", "R000-12", "R000-13"))
            now = walked.state
            events += [spent, *walked.events]
            if walk.crowd is not None:  # R000-34: thrown once both partners are in
                crowds.append((who.id, cross.frm, cross.to, walk.crowd[0], walk.crowd[2]))
        if crowds:
            entrant, origin, zone, defender, result = crowds[0]
            then: dict[str, JSON] | None = None
            if len(crowds) > 1:
                e2, o2, z2, d2, r2 = crowds[1]
                then = {"entrant": e2, "origin": o2, "zone": z2, "defender": d2, "result": r2}
            events += self._crowd_throw(now, entrant, origin, zone, defender, result, then)
        return events

    def _throwable(self, state: CState,
                   goes: list[tuple[CultivationActor, Crossing, str | None, int | None]],
                   stuck: dict[str, str]
                   ) -> list[tuple[CultivationActor, Crossing, str | None, int | None]]:
        """A000-08: a partner that won its way in but could throw its defender nowhere
        (with both partners in) stays out, as a lone entrant would."""
        inside = state
        for who, cross, _, _ in goes:
            inside = self.evolve(inside, ev.Moved(actor=who.id, frm=cross.frm, to=cross.to))
        kept = []
        for who, cross, named, result in goes:
            if named is not None and result is not None and not throw_choices(
                    inside, named, cross.to, cross.frm, result):
                stuck[who.id] = "nowhere"
            else:
                kept.append((who, cross, named, result))
        return kept

    @staticmethod
    def _crowd_throw(state: CState, entrant: str, origin: str, zone: str, defender: str,
                     result: float, then: Mapping[str, JSON] | None) -> list[Event]:
        """R000-34, A000-08: the entrant's throw of its defender, read where things stand
        now (a joint move's second throw once the first is done, R000-14). Should the
        first throw have taken the last zone the second defender could go to, it stays
        (README, Not modelled)."""
        where = throw_choices(state, defender, zone, origin, result)
        if not where:
            return [ev.CrossingBlocked(actor=defender, frm=zone, to=zone,
                                       why=f"{entrant} has no zone left to throw it into",
                                       rules=("A000-08",))]
        return [crowd_request(state, entrant, defender, zone, where, result, then)]

    # -- forced movement ----------------------------------------------------------

    def _check_throw(self, state: CState, actor: CultivationActor, target_id: str,
                     to: str) -> CultivationActor:
        m, o = space(state), opts(state)
        if target_id not in state.actors or target_id == actor.id:
            raise IllegalCommand("bad_target", f"{actor.id} cannot throw {target_id!r}",
                                 ("R000-48",))
        target = state.actors[target_id]
        if o.forced_move.uses_action and actor.action_spent:
            raise IllegalCommand("no_action", f"{actor.id} has spent the round's Action",
                                 ("R000-48",))
        if is_falling(actor) or is_falling(target):
            raise IllegalCommand("falling", "nobody throws or is thrown mid-fall", ("R000-40",))
        if target.at != actor.at:
            raise IllegalCommand("not_in_reach", f"{target_id} is not in {actor.at}",
                                 ("R000-18", "R000-49"))
        # R000-49, R000-65, R000-66, R000-76: the thrower lays hands on the target as a
        # melee attack would: aware of it, in its band or having reached it
        reach = can_target(state, actor.id, target_id, "melee")
        if not reach.allowed:
            raise IllegalCommand("not_in_reach", reach.reason, ("R000-49", *reach.rules))
        if to not in m:
            raise IllegalCommand("unknown_place", f"there is no zone {to!r}")
        # the destination: the pipeline's rules for the thrown body (R000-51, R000-60,
        # A000-17...); the Result is not rolled yet
        PIPELINE.check(state, Path(target.id, "throw", (step_to(state, target.at, to),), True,
                                   actor.id))
        return target

    def _resolve_throw(self, state: CState, ctx: Mapping[str, Any], forfeit: bool,
                       roller: Roller) -> list[Event]:
        o = opts(state)
        thrower = state.actors[str(ctx["thrower"])]
        target = state.actors[str(ctx["target"])]
        to = str(ctx["to"])
        element = str(ctx["element"])
        mod = modifier(state, thrower, element, int(ctx["bonus"]))
        # R000-52, R000-61: the ratings the thrown body meets entering, as a walker's
        rating = forced_rating(state, target.at, to, target.waived)
        events: list[Event] = []
        result: float | None = None
        if not forfeit:  # R000-49: a Challenge against the target's defence
            challenge = Challenge(thrower.id, element, mod, self._defense(state, target),
                                  f"{target.id}'s defence", ("R000-49", "A000-17"))
            rolled, outcome, result = challenge.roll(o.challenge, roller)
            events.append(rolled)
            if outcome not in PASSED:
                return events
        elif rating is not None:
            # R000-50, R000-52: the defence is forfeit, yet the Result must still beat the DT
            clear = clear_dt(thrower.id, element, mod, rating, to,
                             o.forced_move.dt_strictly_greater)
            rolled, _, result = clear.roll(o.challenge, roller)
            events.append(rolled)
        where = throw_destinations(state, target, target.at, result)
        if to in where:
            return events + forced_to(state, target, to, "thrown", thrower.id, roller,
                                      ("R000-48", "R000-51", "R000-55"), result=result)
        others = tuple(z for z in where if z != to)
        return [*events, DecisionRequested(
            actor=thrower.id, kind="forced_destination", choices=(*others, "none"),
            prompt=f"a Result of {result} does not clear {to}'s Difficult Terrain "
                   f"({rating:g}): pick another adjacent zone",
            context={"thrower": thrower.id, "target": target.id, "result": result,
                     CONSEQUENCES: consequences_json(destination_consequences(
                         state, target, others))},
            rules=("R000-52", "A000-02"))]

    # -- bands ----------------------------------------------------------------------

    def _check_shift(self, state: CState, actor: CultivationActor, direction: str) -> int:
        if not opts(state).bands.enabled:
            raise IllegalCommand("bands_off", "height bands are not in use (bands.enabled)",
                                 ("R000-75",))
        can_act_to_move(actor)
        idx = band_index(actor) + (-1 if direction == "up" else 1)
        if idx < 0 or idx >= len(BANDS):
            raise IllegalCommand("no_band", f"there is no band {direction} from {actor.band}",
                                 ("R000-75",))
        PIPELINE.check(state, Path(actor.id, "shift", (band_step(actor.at, idx),)))
        return idx

    def _check_reach(self, state: CState, actor: CultivationActor, target_id: str) -> None:
        if not opts(state).bands.enabled:
            raise IllegalCommand("bands_off", "height bands are not in use", ("R000-75",))
        if target_id not in state.actors or target_id == actor.id:
            raise IllegalCommand("bad_target", f"{target_id!r} cannot be reached", ("R000-76",))
        target = state.actors[target_id]
        can_act_to_move(actor)
        if has_left(target):  # R000-40: it has gone over the edge (s32 review)
            raise IllegalCommand("falling", f"{target_id} is falling out of {actor.at}",
                                 ("R000-76", "R000-40"))
        if target.at != actor.at or abs(band_index(target) - band_index(actor)) != 1:
            raise IllegalCommand("not_adjacent_band", f"{target_id} is not one band away in "
                                 f"{actor.at}", ("R000-76", "A000-24"))
        check_speed(state, actor, 1)

    def _check_sense(self, state: CState, actor: CultivationActor,
                     target_id: str) -> CultivationActor:
        if target_id not in state.actors or target_id == actor.id:
            raise IllegalCommand("bad_target", f"{target_id!r} cannot be sensed", ("R000-71",))
        target = state.actors[target_id]
        for body in (actor, target):
            if has_left(body):  # R000-40: in no zone to sense from or in (the s33 review)
                raise IllegalCommand("falling", f"{body.id} has gone over the edge of "
                                     f"{body.at}", ("R000-71", "R000-40"))
        if target_id in actor.aware_of:
            raise IllegalCommand("already_aware", f"{actor.id} already senses {target_id}",
                                 ("R000-71",))
        art_source = (opts(state).awareness.rivals_may_sense and target.art_range > 0
                      and target.side != actor.side)
        if not target.hidden and not art_source:
            raise IllegalCommand("not_hidden", f"{target_id} is not hiding",
                                 ("R000-71", "R000-72"))
        m = space(state)
        steps = m.distance(actor.at, target.at, any_link=True)
        near = target.at == actor.at or target.at in m.adjacent(actor.at)
        o = opts(state)
        own = halved(actor.art_range, o) if is_swimming(state, actor) else actor.art_range
        # R000-72: a rival the Art can reach may sense it and trace it to its source
        theirs = (halved(target.art_range, o) if is_swimming(state, target)
                  else target.art_range)
        within = steps is not None and (steps <= own or (art_source and steps <= theirs))
        if not near and not within:
            raise IllegalCommand("out_of_range", f"{target_id} is beyond sight and Arts",
                                 ("R000-70", "R000-71", "R000-72"))
        return target

    # -- the Storyteller ------------------------------------------------------------

    def _gm(self, state: CState, command: Command, roller: Roller) -> list[Event]:
        m = space(state)
        target = getattr(command, "target", None)
        if target is not None and target not in state.actors:
            raise IllegalCommand("unknown_actor", f"no actor {target!r}")
        if isinstance(command, Waive):
            if command.zone not in m:
                raise IllegalCommand("unknown_place", f"there is no zone {command.zone!r}")
            # R000-28: a climb into the zone (R000-37) and anti-gravity's ½ (R000-61) are
            # Difficult Terrain too (the s32 review)
            if (m.dt[command.zone] is None and not m.climbed_into(command.zone)
                    and not antigrav_on(state, command.zone)):
                raise IllegalCommand("no_dt", f"{command.zone} is neither Difficult Terrain "
                                     "nor climbed into nor under anti-gravity",
                                     ("R000-28", "R000-37", "R000-61"))
            return [ev.Waived(actor=command.target, zone=command.zone, rules=("R000-28",))]
        if isinstance(command, Fall):
            who = state.actors[command.target]
            onto = command.onto or who.at
            if onto not in m:
                raise IllegalCommand("unknown_place", f"there is no zone {onto!r}")
            if not math.isfinite(command.metres) or command.metres <= 0:
                raise IllegalCommand("bad_height", "a fall needs a finite height above 0 m",
                                     ("R000-40",))
            if is_falling(who):
                raise IllegalCommand("falling", f"{who.id} is already falling", ("R000-40",))
            # R000-48, R000-54: the Storyteller's fall is imposed (a collapsing floor); onto
            # another zone it enters it, through the pipeline as a forced entrant (s31)
            if onto != who.at:
                return storyteller_fall(state, who.id, onto, command.metres, roller)
            return begin_fall(state, who.id, command.metres, onto, "storyteller", roller,
                              how="a fall")
        if isinstance(command, Switch):
            tile = m.zone(command.zone).tile if command.zone in m else None
            if tile is None or tile.kind != "antigravity":
                raise IllegalCommand("no_antigravity", f"{command.zone} has no anti-gravity",
                                     ("R000-61",))
            return switch(state, command.zone, command.on, roller)
        if isinstance(command, Damage):
            if command.zone not in m:
                raise IllegalCommand("unknown_place", f"there is no zone {command.zone!r}")
            if command.amount < 0:
                raise IllegalCommand("bad_amount", "an effect deals 0 damage or more",
                                     ("R000-21",))
            return [damage(a, command.amount, f"an effect on {command.zone}", ("R000-21",),
                           fall=False) for a in everyone_in(state, command.zone)]
        raise IllegalCommand("unknown_command", f"no Storyteller command {command.name!r}")

    # -- hooks ----------------------------------------------------------------------

    def on_turn_start(self, state: CState, actor_id: str, roller: Roller) -> Sequence[Event]:
        actor = state.actors[actor_id]
        return [ev.BenefitOffered(actor=actor_id, zone=actor.at, benefit=b, rules=("R000-54",))
                for b in space(state).zone(actor.at).start_of_turn if b not in actor.benefits]

    def on_round_end(self, state: CState, roller: Roller) -> Sequence[Event]:
        """Falls under way, then the environment and its location effects (A000-18), then
        breath; then partnerships."""
        out = falls(state, roller)  # R000-40: the round's fall distance, during the round
        state = self._fold(state, out)
        events = environment(state, roller)  # R000-53: the environment acts last
        state = self._fold(state, events)
        out += events
        events = breath(state)
        out += events
        return out + self._splits(self._fold(state, events))

    def placed_stats(self, actor: CultivationActor, stats: BaseModel) -> BaseModel:
        """A placement is built on the Ground band, so that a diver may be put ashore (the
        s34 review: it used to be refused, built from its file's band); the band it keeps
        is settled by :meth:`placed`."""
        return stats.model_copy(update={"band": "ground"})

    def placed(self, state: CState, actor_id: str) -> Sequence[Event]:
        """R000-10: partners the Storyteller's fiat sets apart are partners no more at once
        (the s33 review, second pass; it used to wait for the next command); with bands on
        the body is set down where it is put (:func:`.fiat.set_down`, the s34 review)."""
        return [*self._splits(state), *set_down(state, actor_id)]

    def added(self, state: CState, actor_id: str) -> Sequence[Event]:
        """R000-78, A000-24: a character brought in where nothing holds it up falls (the
        s34 review); it has no Partner yet (R000-07)."""
        return arrival(state, actor_id)

    def takes_turns(self, state: CState, actor_id: str) -> bool:
        a = state.actors[actor_id]
        return not (a.unconscious and opts(state).breath.unconscious_skips_turns)

    # -- evolving -------------------------------------------------------------------

    def evolve(self, state: CState, event: Event) -> CState:
        handler = self._evolvers.get(type(event))
        return handler(state, event) if handler is not None else state

    def _fold(self, state: CState, events: Sequence[Event]) -> CState:
        for e in events:
            state = self.evolve(state, e)
        return state

    def _settle(self, state: CState, events: list[Event]) -> list[Event]:
        """R000-10: a partnership ends the moment the two are in different zones."""
        return events + self._splits(self._fold(state, events))

    @staticmethod
    def _splits(state: CState) -> list[Event]:
        out: list[Event] = []
        for aid in state.order:
            a = state.actors[aid]
            if a.partner is None or state.order.index(a.partner) < state.order.index(aid):
                continue
            b = state.actors[a.partner]
            why = _apart(state, a, b)
            if why is not None:
                out.append(ev.PartnershipEnded(a=aid, b=b.id, why=why, rules=(
                    "R000-10", *(("R000-77",) if why == "different bands" else ()))))
        return out

    def _round_started(self, state: CState, event: RoundStarted) -> CState:
        base = opts(state).speed.base
        return replace(state, actors={k: _per_round(a, base) for k, a in state.actors.items()})

    def _turn_ended(self, state: CState, event: TurnEnded) -> CState:
        actor = state.actors[event.actor]
        state = state.update_actor(event.actor, turn_taken=True, joint=False)
        if actor.joint and actor.partner is not None:  # A000-07: the partner's Move is spent
            state = state.update_actor(actor.partner, move_over=True, joint=False)
        return state

    @staticmethod
    def _partnership_ended(state: CState, event: ev.PartnershipEnded) -> CState:
        """R000-10; A000-07: a partner carried by a joint move this turn keeps its Move spent
        even when the pair splits before the mover's turn ends."""
        a, b = state.actors[event.a], state.actors[event.b]
        carried = a.joint and b.joint
        for who in (a, b):
            state = state.update_actor(who.id, partner=None, joint=False, move_over=(
                who.move_over or (carried and who.id != state.current)))
        return state

    def _moved(self, state: CState, event: ev.Moved) -> CState:
        m = space(state)
        actor = state.actors[event.actor]
        band = actor.band
        if BANDS.index(band) > m.deepest(event.to):  # out of the water: up to what is there
            band = BANDS[max(GROUND, m.deepest(event.to))]
        joint = actor.joint or event.how == "joint move"
        # a body falling in place that is carried (a tile, the s33 review) falls on in place
        onto = event.to if actor.fall_onto == event.frm else actor.fall_onto
        # R000-54: benefits are offered where one stands; leaving the zone gives them up
        return state.update_actor(event.actor, at=event.to, band=band, joint=joint, benefits=(),
                                  fall_onto=onto)

    def _landed(self, state: CState, event: ev.Landed) -> CState:
        actor = state.actors[event.actor]
        band = "ground" if BANDS.index(actor.band) < GROUND else actor.band
        benefits = actor.benefits if event.at == actor.at else ()
        return state.update_actor(event.actor, at=event.at, fall_onto=None, fall_left_m=0,
                                  benefits=benefits, fall_voluntary=False,
                                  fall_rounds=0, fallen_m=0, band_falling=False, bands_fallen=0,
                                  band=band, altitude_m=0)

    @staticmethod
    def _item_used(state: CState, event: ev.ItemUsed) -> CState:
        items = {k: list(v) for k, v in state.world.get("items", {}).items()}
        left = items.get(event.zone, [])
        if event.item in left:
            left.remove(event.item)
        return replace(state, world={**state.world, "items": items})

    # -- presenting -----------------------------------------------------------------

    def actor_json(self, state: CState, actor: CultivationActor) -> dict[str, JSON]:
        body: dict[str, JSON] = to_jsonable(actor)
        body["conditions"] = {
            "swimming": is_swimming(state, actor),
            "swim_penalty": water_penalty(state, actor),
            "holding_breath": holds_breath(state, actor),
            "penalty": total_penalty(state, actor),
            "speed_left": speed_left(actor),
            "falling": is_falling(actor),
            "partnered": actor.partner is not None,
            # R000-62, R000-63, R000-66, R000-70, R000-73: whom it perceives right now
            "aware_of_now": list(aware_of_now(state, actor.id)),
        }
        return body

    def secrets(self, state: CState, seat: Seat) -> frozenset[str]:
        """R000-66, R000-71: a hidden character is unknown to a seat until someone the
        seat looks through has sensed it. The players seat looks through the player sides
        (``awareness.player_sides``; when none are named, through every side but the
        hidden character's own); a side or an actor seat through that side."""
        if seat.kind == "players":
            players = set(opts(state).awareness.player_sides)

            def through(b: CultivationActor, a: CultivationActor) -> bool:
                return b.side in players if players else b.side != a.side
        else:
            own = seat.name if seat.kind == "side" else getattr(
                state.actors.get(seat.name), "side", None)

            def through(b: CultivationActor, a: CultivationActor) -> bool:
                return b.side == own
        return frozenset(
            aid for aid, a in state.actors.items()
            if a.hidden and not through(a, a) and not any(
                aid in b.aware_of for b in state.actors.values() if through(b, a)))

    def place_ids(self, space: Any) -> tuple[str, ...]:
        """Every place of the graph, in the order ``space_json`` lists them (without
        writing the whole map as JSON first: a file's names are checked against these)."""
        m: CultivationMap = space
        return tuple(p.id for p in m.graph)

    def space_json(self, space_: Any) -> Mapping[str, JSON]:
        m: CultivationMap = space_
        return {
            "places": [{**to_jsonable(p), "dt": m.dt[p.id],
                        "props": {**p.props, **_terrain(m.zones[p.id])}} for p in m.graph],
            "links": [to_jsonable(ln) for ln in m.graph.links()],
            "positions": {k: list(v) for k, v in m.positions.items()},
        }

    def lint(self, state: CState) -> list[tuple[str, str]]:
        found = []
        for i, (zid, zone) in enumerate(space(state).zones.items()):
            if zone.size_m > 50 and "large" not in zone.tags:
                found.append((f"map.zones[{i}].size_m",
                              f"zone {zid!r} is {zone.size_m:g} m across; the guideline is a "
                              "5 m cube (R000-20). Tag it `large` if that is meant"))
        return found

    def queries(self) -> Mapping[str, Query[CultivationActor]]:
        def actor(state: CState, actor_id: str) -> CultivationActor:
            if actor_id not in state.actors:
                raise InvalidCommand(f"no actor {actor_id!r}; expected one of: "
                                     f"{excerpt(', '.join(state.actors), 120)}")
            return state.actors[actor_id]

        def ruling(r: Any) -> JSON:
            return {"allowed": r.allowed, "reason": r.reason, "rules": list(r.rules),
                    "penalty": r.penalty}

        def target(state: CState, attacker: str, victim: str, kind: str) -> JSON:
            actor(state, attacker)
            actor(state, victim)
            if kind not in KINDS:
                raise InvalidCommand(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
            return ruling(can_target(state, attacker, victim, kind))

        def sight(state: CState, a: str, b: str) -> JSON:
            actor(state, a)
            actor(state, b)
            return ruling(sees(state, a, b))

        def awareness(state: CState, a: str, b: str) -> JSON:
            actor(state, a)
            actor(state, b)
            return ruling(aware(state, a, b))

        def bands(state: CState, a: str, b: str) -> JSON:
            x, y = actor(state, a), actor(state, b)
            return {"bands": [x.band, y.band],
                    "penalty": band_penalty(opts(state), band_index(x), band_index(y)),
                    "rules": ["R000-79", "A000-23"]}

        def adjacent(state: CState, zone: str) -> JSON:
            m = space(state)
            if zone not in m:
                raise InvalidCommand(f"no zone {zone!r}")
            return {"adjacent": list(m.adjacent(zone)), "rules": ["R000-29", "A000-26"]}

        def affected(state: CState, zone: str) -> JSON:
            if zone not in space(state):
                raise InvalidCommand(f"no zone {zone!r}")
            return {"actors": [a.id for a in everyone_in(state, zone)], "rules": ["R000-21"]}

        def reach_of_sight(state: CState, zone: str) -> JSON:
            if zone not in space(state):
                raise InvalidCommand(f"no zone {zone!r}")
            return to_jsonable(sight_range(state, zone))

        return {
            "sight_range": Query("how far sight reaches from ZONE (None: no set limit)",
                                 ("ZONE",), reach_of_sight),
            "target": Query("may ATTACKER target TARGET (melee, ranged, art, art_ignore_los)?",
                            ("ATTACKER", "TARGET", "KIND"), target),
            "sees": Query("does A have line of sight to B, and at what Penalty?", ("A", "B"),
                          sight),
            "aware": Query("is A aware of B?", ("A", "B"), awareness),
            "band_penalty": Query("the ranged Penalty between A's band and B's", ("A", "B"),
                                  bands),
            "adjacent": Query("the zones adjacent to ZONE", ("ZONE",), adjacent),
            "affected": Query("who an effect aimed at ZONE hits", ("ZONE",), affected),
        }

    # -- options --------------------------------------------------------------------

    def _joint_options(self, state: CState, actor: CultivationActor, to: str
                       ) -> list[Option]:
        """R000-11..14, R000-33: a joint move into ``to``, once per pair of defenders the
        two must name where the zone has no room for them, with every Challenge's odds."""
        o = opts(state)
        assert actor.partner is not None
        partner = state.actors[actor.partner]
        inside = [a.id for a in occupants(state, to)]
        limit = space(state).zone(to).limit
        named: dict[str, list[str | None]] = {actor.id: [None], partner.id: [None]}
        if limit is not None and o.limit.mode == "challenge":  # R000-12: the mover goes first
            for aid, entrants in ((actor.id, 1), (partner.id, 2)):
                if len(inside) + entrants > limit:
                    named[aid] = list(inside)
        found: list[Option] = []
        for mine_d in named[actor.id]:
            for theirs_d in named[partner.id]:
                command = JointMove(actor=actor.id, to=to, defender=mine_d,
                                    partner_defender=theirs_d)
                if not self._legal(self._check_joint, state, actor, command):
                    # A000-07: the partner's own Sprint may be what lets it keep up (a
                    # swimmer's border costs 2, R000-44): offered that way (the s32 review)
                    command = replace(command, partner_sprints=True)
                    if not self._legal(self._check_joint, state, actor, command):
                        continue
                checks: list[CheckOdds] = []
                mine: Challenge | None = None
                first_limit: Challenge | None = None
                for who, d in ((actor, mine_d), (partner, theirs_d)):
                    dt = dt_challenge(state, who, crossing_of(state, who, who.at, to), None,
                                      rules=("R000-14", "R000-23"))
                    if dt is not None:
                        checks.append(dt.odds(o.challenge))
                    held = None if d is None else limit_challenge(state, who, state.actors[d])
                    if held is not None:
                        checks.append(held.odds(o.challenge))
                    if who is actor:
                        mine, first_limit = dt, held
                cmd: dict[str, JSON] = {"do": "joint_move", "actor": actor.id, "to": to}
                label = f"move to {to} with {partner.id}"
                if command.partner_sprints:
                    cmd["partner_sprints"] = True
                    label += f" ({partner.id} Sprints)"
                if mine_d is not None:
                    cmd["defender"] = mine_d
                if theirs_d is not None:
                    cmd["partner_defender"] = theirs_d
                if mine_d is not None or theirs_d is not None:
                    label += ", challenging " + " and ".join(
                        f"{d} ({w})" for w, d in ((actor.id, mine_d), (partner.id, theirs_d))
                        if d is not None)
                cost = "both partners' Movement" + (
                    f", {partner.id}'s Action (Sprint)" if command.partner_sprints else "")
                found.append(Option(cmd, label, cost, to=to,
                                    checks=tuple(checks),
                                    rules=("R000-11", "R000-12", "R000-13", "R000-14"),
                                    risk=move_risk(state, actor, crossing_of(
                                        state, actor, actor.at, to), mine, first_limit)))
        return found

    @staticmethod
    def _legal(check: Callable[..., object], *args: Any) -> bool:
        try:
            check(*args)
        except IllegalCommand:
            return False
        return True

    def options(self, state: CState, actor_id: str) -> Sequence[Option]:
        actor = state.actors[actor_id]
        o = opts(state)
        m = space(state)
        found: list[Option] = []

        legal = self._legal
        if actor.unconscious:  # R000-47: it chooses nothing, a benefit included (s33)
            return found
        for benefit in actor.benefits:
            found.append(Option({"do": "use_benefit", "actor": actor_id, "benefit": benefit},
                                f"use {benefit}", "", rules=("R000-54",)))
        for to in m.adjacent(actor.at):
            full = is_full(state, to) and o.limit.mode == "challenge"
            defenders: list[str | None] = ([a.id for a in occupants(state, to)] if full
                                           else [None])
            for defender in defenders:
                if not legal(self._check_move, state, actor, to, defender):
                    continue
                cross = crossing_of(state, actor, actor.at, to)
                limit = None
                if defender is not None:
                    limit = Challenge(actor.id, "earth", modifier(state, actor, "earth"),
                                      self._defense(state, state.actors[defender]),
                                      f"{defender}'s Earth defence", ("R000-33", "A000-08"))
                elements: list[str | None] = (list(ELEMENTS) if cross.rating is not None
                                              else [None])
                for element in elements:
                    checks: list[CheckOdds] = []
                    dt = dt_challenge(state, actor, cross, element)
                    if dt is not None:
                        checks.append(dt.odds(o.challenge))
                    if limit is not None:
                        checks.append(limit.odds(o.challenge))
                    cmd: dict[str, JSON] = {"do": "move", "actor": actor_id, "to": to}
                    if element is not None:
                        cmd["element"] = element
                    if defender is not None:
                        cmd["defender"] = defender
                    label = f"move to {to}" + (f" ({element})" if element else "") + (
                        f", challenging {defender}" if defender else "")
                    found.append(Option(cmd, label, f"{cross.cost} Speed", to=to,
                                        checks=tuple(checks),
                                        rules=("R000-01", "R000-02", "R000-29"),
                                        risk=move_risk(state, actor, cross, dt, limit)))
            if actor.partner is not None:
                found += self._joint_options(state, actor, to)
        if legal(self._check_sprint, state, actor):
            found.append(Option({"do": "sprint", "actor": actor_id}, "Sprint (Speed 3)",
                                "the Action", rules=("R000-03",)))
        for other in state.order:
            if legal(self._check_partner, state, actor, other):
                found.append(Option({"do": "partner", "actor": actor_id, "target": other},
                                    f"ask {other} to be Partner", "", rules=("R000-07",)))
        if actor.partner is not None:
            found.append(Option({"do": "unpartner", "actor": actor_id},
                                f"end the partnership with {actor.partner}", "",
                                rules=("A000-33",)))
        for other in state.order:
            if other == actor_id or state.actors[other].at != actor.at:
                continue
            victim = state.actors[other]
            for to in m.adjacent(victim.at):
                if not legal(self._check_throw, state, actor, other, to):
                    continue
                element = o.forced_move.element
                throw = Challenge(actor.id, element, modifier(state, actor, element),
                                  self._defense(state, victim), f"{other}'s defence",
                                  ("R000-49",))
                found.append(Option({"do": "throw", "actor": actor_id, "target": other, "to": to},
                                    f"throw {other} into {to}" + (
                                        " (unconscious: rolled at once)"
                                        if victim.unconscious else ""),
                                    "the Action" if o.forced_move.uses_action else "", to=to,
                                    checks=(throw.odds(o.challenge),),
                                    rules=("R000-48", "R000-49", "R000-51")))
        if o.bands.enabled:
            for direction in ("up", "down"):
                if legal(self._check_shift, state, actor, direction):
                    found.append(Option({"do": "shift", "actor": actor_id,
                                         "direction": direction},
                                        f"shift a band {direction}", "1 Speed",
                                        rules=("R000-77", "A000-24")))
            for other in state.order:
                if legal(self._check_reach, state, actor, other):
                    found.append(Option({"do": "reach_band", "actor": actor_id, "target": other},
                                        f"reach {other}'s band", "1 Speed", rules=("R000-76",)))
        for other in state.order:
            if legal(self._check_sense, state, actor, other):
                victim = state.actors[other]
                sense = Challenge(actor.id, "earth", modifier(state, actor, "earth"),
                                  victim.stealth_defense, f"{other}'s Stealth", ("R000-71",))
                found.append(Option({"do": "sense", "actor": actor_id, "target": other},
                                    f"sense {other}", "", checks=(sense.odds(o.challenge),),
                                    rules=("R000-71", "A000-32")))
        # R000-19: the zone's items, unless the body has gone over its edge (s32 review)
        for item in [] if has_left(actor) else state.world.get("items", {}).get(actor.at, []):
            found.append(Option({"do": "use_item", "actor": actor_id, "item": item},
                                f"use the {item}", "", rules=("R000-19",)))
        return found




def _apart(state: CState, a: CultivationActor, b: CultivationActor) -> str | None:
    """R000-10: why two partners no longer share a zone (one gone over an edge counts as
    elsewhere already), or None."""
    if a.at != b.at or (a.fall_onto or a.at) != (b.fall_onto or b.at):
        return "different zones"
    return "different bands" if _bands_apart(state, a, b) else None


def _bands_apart(state: CState, a: CultivationActor, b: CultivationActor) -> bool:
    """R000-10, R000-77: with ``partners.same_band`` a band is a zone of its own for
    partners (the s33 review)."""
    o = opts(state)
    return o.bands.enabled and o.partners.same_band and a.band != b.band


_EVOLVER = CultivationRuleset()


def evolve_event(state: CState, event: Event) -> CState:
    """Fold one event, for the movement pipeline (:mod:`.pipeline`)."""
    return _EVOLVER.evolve(state, event)
