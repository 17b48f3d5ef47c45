"""The `sitemaps` ruleset: zones that are polygons in metres, exact positions, occupancy,
range categories, moving and rushing, pinning, and AGI rolls for hazards."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import shapely
from pydantic import BaseModel
from shapely import LineString, Point, unary_union

from footwork.engine.choices import Option, consequences_json
from footwork.engine.codec import JSON, to_jsonable
from footwork.engine.commands import Answer, Command
from footwork.engine.events import DecisionRequested, Event, Rolled, RoundStarted, TurnStarted
from footwork.engine.rolling import Roller
from footwork.engine.seats import Seat, scrub
from footwork.engine.state import CONSEQUENCES, Pending, State, fast_replace
from footwork.engine.view import UNKNOWN_PLACES
from footwork.engine.words import count
from footwork.errors import IllegalCommand, InvalidCommand, ScenarioError, excerpt
from footwork.rulesets.base import ActorSetup, Query, Ruleset
from footwork.rulesets.sitemaps import events as ev
from footwork.rulesets.sitemaps.checks import PASS, dice_of, judge
from footwork.rulesets.sitemaps.commands import SITEMAPS_COMMANDS, Act, Move, Rescue, Reveal, Rush
from footwork.rulesets.sitemaps.model import SiteActor, SiteMap, SitemapsMapSpec, SitemapsStats
from footwork.rulesets.sitemaps.movement import (
    Hazard,
    Plan,
    SiteState,
    circle,
    floor_of,
    free_spot,
    is_slow,
    nearby,
    opts,
    others_near,
    reach,
    seat_unknown,
    site,
    step_zones,
    storeys_down_m,
    unknown_zones,
    within_reach,
    zone_distances,
    zone_distances_through,
)
from footwork.rulesets.sitemaps.options import SitemapsOptions
from footwork.rulesets.sitemaps.pipeline import (
    check_entry,
    end_of_activation,
    final_run,
    full_map,
    land,
    off_the_edge,
    pin_centre,
    plan_move,
    remembering_ways,
    settle,
    spot_near,
    zone_holding,
    zone_met,
)
from footwork.rulesets.sitemaps.stakes import (
    check,
    fall_of,
    move_risk,
    pin_consequences,
    place_consequences,
    resist_consequences,
)
from footwork.space.zonemap import remembering_traces

XY = tuple[float, float]


class SitemapsRuleset(Ruleset[SiteActor]):
    id: ClassVar[str] = "sitemaps"
    title: ClassVar[str] = "Site maps"
    summary: ClassVar[str] = (
        "zones that are polygons in metres, exact positions and 2 m footprints, range "
        "categories, move and rush, pinning, AGI rolls to balance, climb, swim and leap"
    )
    options_model: ClassVar[type[BaseModel]] = SitemapsOptions
    map_model: ClassVar[type[BaseModel]] = SitemapsMapSpec
    stats_model: ClassVar[type[BaseModel]] = SitemapsStats
    commands: ClassVar[tuple[type[Command], ...]] = SITEMAPS_COMMANDS
    events: ClassVar[tuple[type[Event], ...]] = ev.SITEMAPS_EVENTS
    #: A004-14 (s33 review): the straight run a leap may count as a running start is
    #: walked movement; one the game master puts somewhere by fiat has made none there
    #: (as a pin placement, a fall or a stop ends it)
    placed_fields: ClassVar[frozenset[str]] = frozenset({"run"})

    def __init__(self) -> None:
        def placed(s: SiteState, e: Any) -> SiteState:
            return s.update_actor(e.actor, at=e.zone, point=tuple(e.point), run=None)

        self._evolvers: dict[type[Event], Callable[[SiteState, Any], SiteState]] = {
            TurnStarted: lambda s, e: s.update_actor(
                e.actor, zones_moved=0, rushed=False, acted=False, stopped=False, fell=False,
                run=None),
            ev.Fell: lambda s, e: s.update_actor(e.actor, fell=True),
            RoundStarted: lambda s, e: fast_replace(
                s, actors={k: fast_replace(a, pins_used=0) for k, a in s.actors.items()}),
            ev.Moved: lambda s, e: s.update_actor(
                e.actor, at=e.to, point=tuple(e.point),
                zones_moved=s.actors[e.actor].zones_moved + e.zones,
                run=tuple(e.run) if e.run is not None else None),
            ev.Rushed: lambda s, e: s.update_actor(e.actor, rushed=True, acted=True),
            ev.Acted: lambda s, e: s.update_actor(e.actor, acted=True),
            ev.MovementEnded: lambda s, e: s.update_actor(
                e.actor, at=e.zone, point=tuple(e.point), stopped=True, run=None,
                zones_moved=s.actors[e.actor].zones_moved + e.zones),
            ev.PinAttempted: lambda s, e: s.update_actor(
                e.actor, pins_used=s.actors[e.actor].pins_used + 1),
            ev.Placed: placed,
            ev.DrowningBegan: lambda s, e: s.update_actor(e.actor, drowning=True, stopped=True),
            ev.Rescued: lambda s, e: s.update_actor(e.actor, drowning=False),
            ev.Revealed: lambda s, e: fast_replace(
                s, world={**s.world,
                          "revealed": sorted({*s.world.get("revealed", ()), e.zone})}),
        }

    # -- setting up ---------------------------------------------------------------

    def build(
        self, options: BaseModel, map_spec: BaseModel, actors: Sequence[ActorSetup]
    ) -> tuple[SiteMap, dict[str, SiteActor]]:
        assert isinstance(options, SitemapsOptions) and isinstance(map_spec, SitemapsMapSpec)
        try:
            space = SiteMap(map_spec, options.zones.area_per_character_m2)
        except ValueError as exc:
            raise ScenarioError(str(exc), path="map") from None
        built: dict[str, SiteActor] = {}
        for i, setup in enumerate(actors):
            stats = setup.stats
            assert isinstance(stats, SitemapsStats)
            if setup.at not in space:
                raise ScenarioError(f"unknown zone {setup.at!r}", path=f"actors[{i}].at")
            actor = SiteActor(
                id=setup.id, side=setup.side, at=setup.at, point=(0.0, 0.0),
                STR=stats.STR, AGI=stats.AGI, slow=stats.slow, fast=stats.fast,
                bulk=stats.bulk,
                carry_limit=stats.carry_limit if stats.carry_limit is not None
                else options.hazards.carry_limit,
            )
            partial: SiteState = _bare_state(space, options, built)
            if stats.point is not None:
                point = stats.point
                try:
                    check_entry(partial, setup.id, setup.at, point, "stop")
                except IllegalCommand as exc:
                    raise ScenarioError(exc.detail, path=f"actors[{i}].stats.point") from None
            else:
                centre = space.geometry.zones[setup.at].polygon.representative_point()
                found = free_spot(partial, setup.id, setup.at, (centre.x, centre.y))
                if found is None:
                    raise ScenarioError(f"no free spot left in {setup.at}", path=f"actors[{i}].at")
                point = found
            built[setup.id] = fast_replace(actor, point=(float(point[0]), float(point[1])))
        return space, built

    def initial_world(self, space: Any, options: BaseModel) -> Mapping[str, Any]:
        m: SiteMap = space
        return {"revealed": sorted(z for z, spec in m.specs.items() if spec.revealed)}

    def lint(self, state: SiteState) -> list[tuple[str, str]]:
        m = site(state)
        limit = opts(state).zones.max_dimension_m
        found = []
        for i, (zid, spec) in enumerate(m.specs.items()):
            size = m.longest_dimension(zid)
            if size > limit + 1e-9 and not spec.large:
                found.append((f"map.zones[{i}]", f"zone {zid!r} is {size:.1f} m across; the "
                              f"guideline is at most {limit:g} m (R004-03). Split it, or mark "
                              "it `large: true`"))
        return found

    # -- deciding -----------------------------------------------------------------

    def decide(self, state: SiteState, command: Command, roller: Roller) -> Sequence[Event]:
        if isinstance(command, Reveal):
            if command.actor != self.gm:
                raise IllegalCommand("gm_only", "only the game master reveals zones "
                                     f"(give actor: {self.gm})", ("R004-02",))
            if command.zone not in site(state):
                raise IllegalCommand("unknown_place", f"there is no zone {command.zone!r}")
            if command.zone in state.world.get("revealed", ()):
                raise IllegalCommand("already_revealed", f"{command.zone} is already revealed")
            return [ev.Revealed(zone=command.zone, rules=("R004-02",))]
        if command.actor not in state.actors:
            raise IllegalCommand("unknown_actor", f"{command.actor!r} is not a character")
        actor = state.actors[command.actor]
        if actor.drowning:
            raise IllegalCommand("drowning", f"{actor.id} is drowning: too worn out to act "
                                 "until rescued", ("R004-28",))
        if isinstance(command, Move | Rush):
            # validated, then resolved: the way planned twice, traced and ruled once
            with remembering_ways():
                return self._move(state, actor, command, roller)
        if isinstance(command, Act):
            if actor.acted:
                raise IllegalCommand("already_acted", f"{actor.id} has taken its action",
                                     ("A004-02",))
            if command.action.strip().lower() == "rush":
                raise IllegalCommand("use_rush", "to rush, give the rush command with where "
                                     "to go", ("R004-14",))
            return [ev.Acted(actor=actor.id, action=command.action, rules=("A004-02",))]
        if isinstance(command, Rescue):
            if actor.acted:
                raise IllegalCommand("already_acted", f"{actor.id} has taken its action",
                                     ("A004-02",))
            target = state.actors.get(command.target)
            if target is None:
                raise IllegalCommand("unknown_actor", f"no actor {command.target!r}")
            if target.side != actor.side:
                raise IllegalCommand("not_an_ally", f"{target.id} is not {actor.id}'s ally",
                                     ("A004-13",))
            if not target.drowning:
                raise IllegalCommand("not_drowning", f"{target.id} is not drowning")
            if not nearby(state, actor, target):
                raise IllegalCommand("not_nearby", f"{target.id} is not within reach of "
                                     f"{actor.id}", ("R004-09", "A004-13"))
            return [ev.Acted(actor=actor.id, action=f"rescue {target.id}", rules=("A004-13",)),
                    ev.Rescued(actor=target.id, by=actor.id, rules=("R004-28", "A004-13")),
                    *self._haul_out(state, actor, target, command.at)]
        raise IllegalCommand("unknown_command", f"sitemaps has no command {command.name!r}")

    def _haul_out(self, state: SiteState, rescuer: SiteActor, target: SiteActor,
                  at: tuple[float, float] | None) -> list[Event]:
        """Where a rescue leaves the rescued (our default, ``hazards.rescue_pulls_out``;
        the text only says someone else must save it, R004-28, A004-13): hauled out of the
        water to a free spot within the rescuer's reach, chosen by the rescuer (``at``) or
        the one nearest to it. Being hauled is not a move (no pin, no roll), but the spot
        is ruled by :func:`entry` as a pin placement is (A004-05). With no dry spot in
        reach (both in open water) it stays where it is, still swimming."""
        if not opts(state).hazards.rescue_pulls_out:
            if at is not None:
                raise IllegalCommand("not_hauled", "a rescue leaves the rescued where it is "
                                     "with hazards.rescue_pulls_out false: give no `at`",
                                     ("A004-13",))
            return []
        m = site(state)
        floor = m.floor(rescuer.at)
        by = f"hauled out of the water by {rescuer.id}"
        rules = ("R004-28", "A004-13")
        if at is None:
            if not m.is_water(target.at):
                return []
            found = spot_near(state, target.id, rescuer.point, floor, target.point,
                              cause="rescue", dry=True)
            if found is None:
                return []
            zone, point = found
        else:
            point = (float(at[0]), float(at[1]))
            if not all(math.isfinite(c) for c in point) or \
                    math.dist(point, rescuer.point) > reach(state) + 1e-9:
                raise IllegalCommand("not_nearby", f"({point[0]:g}, {point[1]:g}) is not "
                                     f"within {reach(state):g} m of {rescuer.id}",
                                     ("R004-09", "A004-13"))
            found_zone = zone_holding(state, point, floor)
            if found_zone is None:
                raise IllegalCommand("off_the_map", f"({point[0]:g}, {point[1]:g}) is in no "
                                     "zone", ("A004-13",))
            zone = found_zone
            point = off_the_edge(state, zone, point)  # on its outline: 1 cm inside
            if m.is_water(zone):
                raise IllegalCommand("in_water", f"({point[0]:g}, {point[1]:g}) is in the "
                                     f"water of {zone}: a rescue hauls out of it", rules)
            if not within_reach(state, point, rescuer.point, floor):
                raise IllegalCommand("not_nearby", f"a wall stands between {rescuer.id} and "
                                     f"({point[0]:g}, {point[1]:g})", ("R004-09", "A004-13"))
            check_entry(state, target.id, zone, point, "rescue", ("A004-13",))
        return [ev.Placed(actor=target.id, zone=zone, point=point, by=by, rules=rules),
                *self._reveal(state, [target.at, zone])]

    def _move(self, state: SiteState, actor: SiteActor, command: Move | Rush,
              roller: Roller) -> list[Event]:
        rush = isinstance(command, Rush)
        o = opts(state)
        if actor.stopped:
            raise IllegalCommand("movement_over", f"{actor.id}'s movement has ended this "
                                 "activation", ("R004-21",))
        if rush:
            if is_slow(state, actor):
                raise IllegalCommand("slow", f"{actor.id} is Slow and cannot rush",
                                     ("R004-15", "A004-03"))
            if actor.acted:
                raise IllegalCommand("already_acted", f"{actor.id} has taken its action",
                                     ("R004-14", "A004-02"))
            budget = 2 * step_zones(state, actor) - actor.zones_moved
        else:
            if actor.acted and not (o.move.after_action and not actor.rushed):
                raise IllegalCommand("after_action", f"{actor.id} has acted: no more moving "
                                     "this activation", ("R004-13", "A004-02"))
            budget = step_zones(state, actor) - actor.zones_moved
            if actor.rushed:
                budget = 0
        at = (float(command.at[0]), float(command.at[1]))
        points = [at, *(command.via or ())]
        if not all(math.isfinite(float(c)) for p in points for c in p):
            raise IllegalCommand("bad_point", "points must be finite numbers of metres",
                                 ("R004-05",))
        at = off_the_edge(state, command.to, at)  # a spot on the outline: 1 cm inside
        counts = not rush or o.hazards.rush_counts
        try:
            plan = plan_move(state, actor, command.to, at, command.via, counts=counts,
                             budget=max(budget, 0), cause=command.name)
        except IllegalCommand as exc:
            if exc.reason != "path_blocked" or command.via:
                raise
            plan = plan_move(state, actor, command.to, at, None, counts=counts,
                             cause=command.name)
        if plan.cost > budget:
            raise IllegalCommand(
                "too_far", f"that way crosses {count(plan.cost, 'zone')}; {actor.id} has "
                f"{max(budget, 0)} left{' with a rush' if rush else ''}",
                ("R004-13", "R004-14", "R004-16"))
        events: list[Event] = []
        if rush:
            events.append(ev.Rushed(actor=actor.id, rules=("R004-14", "A004-02")))
        ctx: dict[str, Any] = {
            "mover": actor.id, "to": command.to, "at": list(at),
            "via": [list(p) for p in command.via] if command.via else None,
            "rush": rush, "counts": counts}
        if plan.route and unknown_zones(state) and plan.route != self._plan(
                full_map(state), ctx).route:
            # planned on the map as the mover's seat knows it, another way than the whole
            # map gives: resumed along the same zones, whoever answers a decision on the
            # way (R004-02, A004-17). Where the two agree the events are the same, whoever
            # sent the command.
            ctx["route"] = list(plan.route)
        return events + self._walk(state, ctx, 0, roller)

    def _plan(self, state: SiteState, ctx: Mapping[str, Any]) -> Plan:
        """The plan of a move being made: along its ``route`` when it was planned on the
        map as a seat knows it, else found again on the whole map (as it was found)."""
        via = tuple((float(p[0]), float(p[1])) for p in ctx["via"]) if ctx["via"] else None
        at = (float(ctx["at"][0]), float(ctx["at"][1]))
        route = [str(z) for z in ctx["route"]] if ctx.get("route") else None
        return plan_move(full_map(state), state.actors[str(ctx["mover"])], str(ctx["to"]),
                         at, via, counts=bool(ctx["counts"]),
                         cause="rush" if ctx["rush"] else "move", route=route)

    def _walk(self, state: SiteState, ctx: Mapping[str, Any], start: int,
              roller: Roller) -> list[Event]:
        """Go along the plan from hazard ``start``: stop for a pin offer or a failed roll."""
        plan = self._plan(state, ctx)
        mover = state.actors[str(ctx["mover"])]
        o = opts(state)
        events: list[Event] = []
        for index in range(start, len(plan.hazards)):
            h = plan.hazards[index]
            if h.kind == "pin":
                assert h.pinner is not None
                pinner = state.actors[h.pinner]
                if pinner.pins_used >= o.pin.per_round or pinner.drowning:
                    continue  # A004-04: once per round, and only if able to act
                events.append(DecisionRequested(
                    actor=pinner.id, kind="pin", choices=("pin", "let_pass"),
                    prompt=f"{mover.id} moves within reach of {pinner.id}: try to pin?",
                    context={**ctx, "next": index, CONSEQUENCES: consequences_json(
                        pin_consequences(state, pinner, mover))},
                    rules=("R004-19", "A004-04")))
                return events
            if h.detail.get("certain"):  # R004-23: no roll can pass it: the fall comes
                return events + self._fail(state, mover, plan, h)
            rolled, passed = self._roll(state, mover, "AGI", h.kind, roller, h.rules)
            events.append(rolled)
            if not passed:
                return events + self._fail(state, mover, plan, h)
        zone_rules = ("R004-13", "R004-14") if ctx["rush"] else ("R004-13", "R004-17")
        events.append(ev.Moved(actor=mover.id, to=plan.to, point=plan.at, zones=plan.cost,
                               rush=bool(ctx["rush"]), rules=(*zone_rules, "R004-18"),
                               run=final_run(mover, plan.path)))
        return events + self._reveal(state, plan.path.zones)

    def _reveal(self, state: SiteState, route: Sequence[str]) -> list[Event]:
        """A004-17: the zones a character enters are revealed (when the option says so),
        but only where the players see it happen (R004-02): from the first revealed zone
        of its ``route`` on (``route[0]`` is where it was when it began). A hidden cook
        going from a hidden kitchen to a hidden cellar reveals nothing."""
        if not opts(state).zones.reveal_on_entry:
            return []
        known = set(state.world.get("revealed", ()))
        seen = False
        out: list[Event] = []
        for zone in dict.fromkeys(route):
            if zone in known:
                seen = True
            elif seen:
                known.add(zone)
                out.append(ev.Revealed(zone=zone, rules=("R004-02", "A004-17")))
        return out

    def _roll(self, state: SiteState, actor: SiteActor, attribute: str, why: str,
              roller: Roller, rules: tuple[str, ...]) -> tuple[Rolled, bool]:
        o = opts(state).check
        value = int(getattr(actor, attribute))
        roll, supplied = roller.roll(dice_of(o))
        outcome = judge(o, value)(roll.total)
        return Rolled(actor=actor.id, check=f"{attribute} {value} ({why})", dice=str(roll.dice),
                      values=roll.values, total=roll.total, outcome=outcome, supplied=supplied,
                      rules=(*rules, "A004-01")), outcome == PASS

    def _fail(self, state: SiteState, actor: SiteActor, plan: Plan, h: Hazard) -> list[Event]:
        """A failed hazard roll ends the movement where it happened (R004-22, -24, -27, -30)."""
        m = site(state)
        o = opts(state)
        zone, crossings = plan.path.zone_before(h.distance)
        back = tuple(reversed(plan.path.zones[:crossings + 1]))
        point = h.point
        if h.kind == "climb":
            zone = str(h.detail["lower"])  # back to the foot of this climb
            point = (float(h.detail["foot"][0]), float(h.detail["foot"][1]))
        if h.kind == "climb" or (h.kind != "swim" and fall_of(state, h, m.floor(zone))[0]
                                 is None):
            # a fall that ends here (at the foot, or where it stands): the body is carried,
            # so it lands even in a full zone (R004-08 is about stopping; A004-15)
            spot = land(state, actor.id, zone, point, "fall")
            zone, point = (zone, spot) if spot is not None else \
                settle(state, actor, zone, point, back)
        else:
            # the spot where it happened may be someone else's, or in a full zone (A004-06)
            zone, point = settle(state, actor, zone, point, back)
        entered = [*plan.path.zones[:crossings + 1], zone]  # from where it began
        why = f"cannot {h.kind} there" if h.detail.get("certain") else \
            f"failed the {h.kind} roll"
        stop: list[Event] = [ev.MovementEnded(actor=actor.id, point=point, zone=zone,
                                              zones=crossings, why=why, rules=h.rules)]
        if h.kind == "swim":
            return [*stop, ev.DrowningBegan(actor=actor.id, rules=("R004-27", "R004-28")),
                    *self._reveal(state, entered)]
        if h.kind == "climb":
            return [*stop, ev.Placed(actor=actor.id, zone=zone, point=point,
                                     by="fell off the climb", rules=("R004-24",)),
                    ev.Fell(actor=actor.id, metres=o.hazards.floor_height_m, cause="climb",
                            rules=("R004-24", "A004-15")), *self._reveal(state, entered)]
        below, metres = fall_of(state, h, m.floor(zone))
        if below is not None:
            spot = land(state, actor.id, str(below), h.point, "fall")
            entered.append(str(below))
            if spot is not None:
                stop.append(ev.Placed(actor=actor.id, zone=str(below), point=spot,
                                      by=f"fell ({h.kind})", rules=h.rules))
        return [*stop, ev.Fell(actor=actor.id, metres=metres, cause=h.kind,
                               rules=(*h.rules, "A004-15")), *self._reveal(state, entered)]

    def answer(
        self, state: SiteState, pending: Pending, answer: Answer, roller: Roller
    ) -> Sequence[Event]:
        # a move resumed: its way as the move's decide traced it (pipeline._trace)
        with remembering_ways():
            return self._answer(state, pending, answer, roller)

    def _answer(
        self, state: SiteState, pending: Pending, answer: Answer, roller: Roller
    ) -> Sequence[Event]:
        ctx = pending.context
        if pending.kind == "pin":
            if answer.choice == "let_pass":
                return self._walk(state, ctx, int(ctx["next"]) + 1, roller)
            pinner = pending.actor
            chooser = str(ctx["mover"]) if opts(state).pin.chooser == "mover" else pinner
            return [ev.PinAttempted(actor=pinner, mover=str(ctx["mover"]),
                                    rules=("R004-19", "A004-04")),
                    DecisionRequested(
                        actor=chooser, kind="resist_pin", choices=("STR", "AGI"),
                        prompt=f"{ctx['mover']} resists {pinner}'s pin with STR or AGI?",
                        context={**ctx, "pinner": pinner, CONSEQUENCES: consequences_json(
                            resist_consequences(state, state.actors[str(ctx["mover"])],
                                                pinner))},
                        rules=("R004-20", "A004-04"))]
        if pending.kind == "resist_pin":
            mover = state.actors[str(ctx["mover"])]
            rolled, passed = self._roll(state, mover, answer.choice, "resist a pin", roller,
                                        ("R004-20",))
            if passed:
                return [rolled, *self._walk(state, ctx, int(ctx["next"]) + 1, roller)]
            plan = self._plan(state, ctx)
            h = plan.hazards[int(ctx["next"])]
            zone, crossings = zone_met(state, plan.path, h)
            zone, point = settle(state, mover, zone, h.point,
                                 tuple(reversed(plan.path.zones[:crossings + 1])))
            pinner = str(ctx["pinner"])
            ended = ev.MovementEnded(actor=mover.id, point=point, zone=zone, zones=crossings,
                                     why=f"pinned by {pinner}", rules=("R004-21",))
            shown = self._reveal(state, [*plan.path.zones[:crossings + 1], zone])
            holder = state.actors[pinner]
            o = opts(state)
            stopped = fast_replace(mover, at=zone, point=point)
            centre, floor = pin_centre(state, holder, stopped)
            if spot_near(state, mover.id, centre, floor, point) is None:
                return [rolled, ended, *shown]  # no spot within reach: it stays where it stopped
            return [rolled, ended, *shown,
                    DecisionRequested(
                        actor=pinner, kind="place_pinned", choices=("place",),
                        prompt=f"place {mover.id} anywhere within {reach(state):g} m of "
                        f"{pinner if o.pin.place_within == 'pinner' else 'where it stopped'}"
                        " (answer place with at: [x, y]; without it, the free spot nearest "
                        "to where it stopped)",
                        context={"mover": mover.id, "pinner": pinner,
                                 CONSEQUENCES: consequences_json(
                                     place_consequences(state, holder, mover.id))},
                        rules=("R004-21", "A004-05"))]
        if pending.kind == "place_pinned":
            return self._place_pinned(state, ctx, answer)
        raise IllegalCommand("unknown_decision", f"no such decision {pending.kind!r}")

    def _place_pinned(self, state: SiteState, ctx: Mapping[str, Any],
                      answer: Answer) -> list[Event]:
        """A004-05: within reach of the pinner, on a free legal spot; it is not a move."""
        pinner = state.actors[str(ctx["pinner"])]
        mover = str(ctx["mover"])
        centre, floor = pin_centre(state, pinner, state.actors[mover])
        whose = pinner.id if opts(state).pin.place_within == "pinner" else \
            f"where {mover} stopped"
        if answer.at is None:  # the free spot within reach nearest to where it stopped
            found = spot_near(state, mover, centre, floor, state.actors[mover].point)
            if found is None:
                raise IllegalCommand("no_room", f"no free spot within {reach(state):g} m of "
                                     f"{whose}", ("R004-21", "A004-05"))
            return [ev.Placed(actor=mover, zone=found[0], point=found[1],
                              by=f"pinned by {pinner.id}", rules=("R004-21", "A004-05")),
                    *self._reveal(state, [state.actors[mover].at, found[0]])]
        at = (float(answer.at[0]), float(answer.at[1]))
        if not all(math.isfinite(c) for c in at) or \
                math.dist(at, centre) > reach(state) + 1e-9:
            raise IllegalCommand("not_nearby", f"({at[0]:g}, {at[1]:g}) is not within "
                                 f"{reach(state):g} m of {whose}", ("R004-21", "A004-05"))
        zone = zone_holding(state, at, floor)
        if zone is None:
            raise IllegalCommand("off_the_map", f"({at[0]:g}, {at[1]:g}) is in no zone",
                                 ("A004-05",))
        at = off_the_edge(state, zone, at)  # on its outline: 1 cm inside
        if not within_reach(state, at, centre, floor):
            raise IllegalCommand("not_nearby", f"a wall stands between {whose} and "
                                 f"({at[0]:g}, {at[1]:g})", ("R004-09", "R004-21", "A004-05"))
        check_entry(state, mover, zone, at, "pin", ("A004-05",))
        return [ev.Placed(actor=mover, zone=zone, point=at, by=f"pinned by {pinner.id}",
                          rules=("R004-21", "A004-05")),
                *self._reveal(state, [state.actors[mover].at, zone])]

    # -- turn and round boundaries -----------------------------------------------------

    def on_turn_end(self, state: SiteState, actor_id: str, roller: Roller) -> Sequence[Event]:
        """End of the activation: balancing, mid-climb and swimming rolls (R004-22, -24, -27).
        A fall it causes lands the character where the activation still ends, so the roll
        owed there comes next (into turbulent water: a swim roll; A004-09 makes only
        balancing moot)."""
        events: list[Event] = []
        for _ in range(3):  # balance, then a face landed on, then water: at most three
            actor = state.actors[actor_id]
            if actor.drowning:  # R004-28: already drowning, too worn out to swim
                break
            more = self._end_roll(state, actor, roller)
            for e in more:
                state = self.evolve(state, e)
            events += more
            if not any(isinstance(e, ev.Fell) for e in more):
                break
        return events

    def _end_roll(self, state: SiteState, actor: SiteActor, roller: Roller) -> list[Event]:
        """The one roll owed where ``actor`` ends its activation, and what its failure does."""
        m = site(state)
        hazard = end_of_activation(state, actor, actor.at, actor.point, actor.fell)
        if hazard is None:
            return []
        if hazard.kind == "drown":  # R004-29: it cannot swim here at all: no roll
            return [ev.DrowningBegan(actor=actor.id, rules=(*hazard.rules, "R004-28"))]
        events: list[Event] = []
        # R004-23, R004-26: on a surface nobody can balance on or a face nobody can climb,
        # no roll can keep it there: it falls with no roll
        if not hazard.detail.get("certain"):
            rolled, passed = self._roll(state, actor, "AGI",
                                        f"{hazard.kind}, end of activation", roller,
                                        hazard.rules)
            if passed:
                return [rolled]
            if hazard.kind == "swim":
                return [rolled,
                        ev.DrowningBegan(actor=actor.id, rules=("R004-27", "R004-28"))]
            events.append(rolled)
        below, metres = fall_of(state, hazard, m.floor(actor.at))
        if below is not None:
            spot = land(state, actor.id, str(below), actor.point, "fall")
            if spot is not None:
                events.append(ev.Placed(actor=actor.id, zone=str(below), point=spot,
                                        by=f"fell ({hazard.kind})", rules=hazard.rules))
                events += self._reveal(state, [actor.at, str(below)])
        return [*events, ev.Fell(actor=actor.id, metres=metres, cause=hazard.kind,
                                 rules=(*hazard.rules, "A004-15"))]

    def placed(self, state: SiteState, actor_id: str) -> Sequence[Event]:
        """R004-28, A004-13: drowning is being too worn out to keep swimming, so a body
        the game master puts on dry ground by fiat has nothing left to drown in: its
        placement is the rescue someone else must make (as the default rescue hauls it
        out). Put into other water, it still drowns (the s33 review, second pass)."""
        actor = state.actors[actor_id]
        if not actor.drowning or site(state).specs[actor.at].water is not None:
            return []
        return [ev.Rescued(actor=actor_id, by=self.gm, rules=("R004-28", "A004-13"))]

    def on_round_end(self, state: SiteState, roller: Roller) -> Sequence[Event]:
        """R004-28, A004-13: drowning characters suffocate and drift with the current."""
        m = site(state)
        events: list[Event] = []
        for actor_id in list(state.actors):
            actor = state.actors[actor_id]
            if not actor.drowning:
                continue
            events.append(ev.Suffocating(actor=actor.id, rules=("R004-28",)))
            zone = actor.at
            point = actor.point
            carried = [zone]
            for _ in range(opts(state).hazards.drift_zones):
                water = m.specs[zone].water
                if water is None or water.current is None:
                    break
                # a carried body lands even in a full zone (R004-08 is about stopping)
                spot = land(state, actor.id, water.current, point, "drift")
                if spot is None:
                    break
                drop = storeys_down_m(state, zone, water.current)
                zone, point = water.current, spot
                drift = ev.Placed(actor=actor.id, zone=zone, point=point,
                                  by="drifting with the current", rules=("R004-28", "A004-13"))
                events.append(drift)
                carried.append(zone)
                state = self.evolve(state, drift)  # the next drifter sees this one
                if drop > 0:
                    # over a waterfall: the body drops the floors between (the s34 review;
                    # one storey is hazards.floor_height_m, A004-15)
                    fall = ev.Fell(actor=actor.id, metres=drop, cause="drift",
                                   rules=("R004-28", "A004-13", "A004-15"))
                    events.append(fall)
                    state = self.evolve(state, fall)
            # A004-17: every zone the body is carried into, as a move's zones passed through
            events += self._reveal(state, carried)
        return events

    def evolve(self, state: SiteState, event: Event) -> SiteState:
        handler = self._evolvers.get(type(event))
        return handler(state, event) if handler is not None else state

    # -- presenting ---------------------------------------------------------------

    def actor_json(self, state: SiteState, actor: SiteActor) -> dict[str, JSON]:
        body: dict[str, JSON] = to_jsonable(actor)
        m = site(state)
        floor = floor_of(state, actor)
        body["floor"] = floor
        body["on_rough"] = m.rough_at(actor.point, floor) is not None
        body["swimming"] = m.is_water(actor.at)
        return body

    def secrets(self, state: SiteState, seat: Seat) -> frozenset[str]:
        """R004-02: players know the revealed zones and who stands in them, nothing else
        (a seat always knows its own characters and the zones they stand in)."""
        revealed = set(state.world.get("revealed", ()))
        own = {a.at for a in state.actors.values() if seat.controls(state, a.id)}
        zones = set(site(state).specs) - revealed - own
        return frozenset(zones | {a.id for a in state.actors.values()
                                  if a.at in zones and not seat.controls(state, a.id)})

    def view_space(self, state: SiteState, body: Mapping[str, JSON],
                   hidden: frozenset[str]) -> Mapping[str, JSON]:
        """The drawing without hidden zones: their outlines, and the walls, regions and
        openings that lie in them (what would show the shape of an unexplored room)."""
        m = site(state)
        unseen = [z.polygon for z in m.geometry if z.id in hidden]
        if not unseen:
            return body
        shade = unary_union(unseen).buffer(1e-6)

        def inside(coords: Any) -> bool:
            points = [tuple(c) for c in coords]
            shape = LineString(points) if len(points) > 1 else Point(points[0])
            return bool(shade.covers(shape))

        out = dict(scrub(dict(body), hidden))
        out["walls"] = [w for w in body.get("walls", [])
                        if not inside(w)]
        out["regions"] = [r for r in body.get("regions", [])
                          if not inside(r["polygon"])]
        return out

    def space_json(self, space: Any) -> Mapping[str, JSON]:
        m: SiteMap = space
        g = m.geometry
        places = []
        for z in g:
            spec = m.specs[z.id]
            places.append({
                "id": z.id, "kind": "zone", "parent": None, "elevation": z.floor,
                "props": {"polygon": [list(p) for p in list(z.polygon.exterior.coords)[:-1]],
                          "floor": z.floor, "height_m": spec.height_m,
                          "revealed": spec.revealed, "capacity": m.capacity[z.id],
                          "water": to_jsonable(spec.water), "climb": spec.climb},
            })
        return {
            "places": places,
            "links": [to_jsonable(ln) for ln in g.graph.links()],
            "positions": {},
            "scale": "m",
            **({"picture": dict(m.picture)} if m.picture else {}),
            "openings": [{"between": [o.a, o.b],
                          "segment": [list(c) for piece in _lines(o.segment)
                                      for c in piece.coords]} for o in g.openings],
            "walls": [[list(c) for c in w.coords] for _, w in g.walls],
            "connectors": [{"kind": c.kind, "between": [c.a, c.b], "from": list(c.start),
                            "to": list(c.end),
                            "label": f"{c.kind} ({c.props.get('grade') or _m(c.props)})"}
                           for c in g.connectors],
            "regions": [{"kind": "rough", "floor": r.floor,
                         "polygon": [list(p) for p in list(r.polygon.exterior.coords)[:-1]],
                         "label": ", ".join(r.qualities)} for r in m.rough]
            + [{"kind": "water", "floor": z.floor,
                "polygon": [list(p) for p in list(z.polygon.exterior.coords)[:-1]],
                "label": "turbulent water" if m.specs[z.id].water.turbulent  # type: ignore[union-attr]
                else "water"} for z in g if m.specs[z.id].water is not None]
            + [{"kind": "climb", "floor": z.floor,
                "polygon": [list(p) for p in list(z.polygon.exterior.coords)[:-1]],
                "label": f"climb ({m.specs[z.id].climb})"} for z in g if m.specs[z.id].climb],
        }

    def place_ids(self, space: Any) -> tuple[str, ...]:
        m: SiteMap = space
        return tuple(m.specs)

    def options(self, state: SiteState, actor_id: str) -> Sequence[Option]:
        actor = state.actors[actor_id]
        if actor.drowning:
            return []
        o = opts(state)
        found: list[Option] = []
        step = step_zones(state, actor)
        move_left = step - actor.zones_moved
        rush_left = 0 if (actor.stopped or actor.acted or is_slow(state, actor)) \
            else 2 * step - actor.zones_moved
        # on the map as the seat asking knows it: no way through a zone hidden from it
        reachable = zone_distances(state, actor.at, max(move_left, rush_left, 0))
        can_move = not (actor.stopped or actor.rushed or
                        (actor.acted and not o.move.after_action))
        # a zone reachable by a move and by a rush is traced once (the same way)
        with remembering_traces():
            for zone, dist in reachable.items():
                # a rush may also go where the move step reaches (it spends the action):
                # both are listed, so that what decide accepts is what options offer
                dos = [do for do, ok in (("move", can_move and dist <= move_left),
                                         ("rush", rush_left > 0 and dist <= rush_left)) if ok]
                where = self._option_spot(state, actor, zone) if dos else None
                # the move and the rush show one region: its outline drawn once
                shape = _outline(state, zone, where[1]) if where is not None else ()
                for do in dos if where is not None else ():
                    assert where is not None
                    option = self._move_option(state, actor, zone, do, where, shape)
                    if option is not None:
                        found.append(option)
        if not actor.acted:
            found.append(Option({"do": "act", "actor": actor_id, "action": "an action"},
                                "take the round action", "the round action; no more moving",
                                rules=("A004-02",)))
            for other in state.actors.values():
                if other.drowning and other.side == actor.side and nearby(state, actor, other):
                    found.append(Option({"do": "rescue", "actor": actor_id, "target": other.id},
                                        f"rescue {other.id}", "the round action",
                                        rules=("R004-28", "A004-13")))
        return found

    def _option_spot(self, state: SiteState, actor: SiteActor, zone: str
                     ) -> tuple[XY, Any] | None:
        """Where an option to move into ``zone`` would stop (a free spot near a point
        of the zone's free part that no one's circle covers) and that part, or None:
        the same for a move and a rush, so found once for both."""
        m = site(state)
        entry = actor.point if zone == actor.at else None
        region = m.geometry.region(zone, entry, seat_unknown(state))
        floor = m.floor(zone)
        width = opts(state).move.footprint_m
        # only a circle that can meet the zone's box costs a difference (the far crowd
        # changes nothing here)
        for other in others_near(state, actor.id, region.bounds, width):
            if m.floor(other.at) == floor:
                region = region.difference(circle(other.point, width))
        if zone == actor.at:  # somewhere else in its own zone, not where it stands
            region = region.difference(Point(actor.point).buffer(0.5, quad_segs=8))
        if region.is_empty:
            return None
        near = region.representative_point()
        spot = free_spot(state, actor.id, zone, (near.x, near.y))
        if spot is None:
            return None
        # offered where the move would end: a lattice spot on the outline is 1 cm inside
        spot = off_the_edge(state, zone, spot)
        if zone == actor.at and math.dist(spot, actor.point) < 1e-9:
            return None
        return spot, region

    def _move_option(self, state: SiteState, actor: SiteActor, zone: str,
                     do: str, where: tuple[XY, Any], shape: Any) -> Option | None:
        spot, _ = where
        left = (step_zones(state, actor) * (2 if do == "rush" else 1)) - actor.zones_moved
        try:
            plan = plan_move(state, actor, zone, spot, None,
                             counts=do == "move" or opts(state).hazards.rush_counts,
                             budget=max(left, 0), cause=do)
        except IllegalCommand:
            return None
        if plan.cost > left:
            return None
        checks = tuple(check(state, actor, "AGI", h.kind, h.rules)
                       for h in plan.hazards if h.kind != "pin" and not h.detail.get("certain"))
        pinners = [h.pinner for h in plan.hazards if h.kind == "pin"]
        cost = ("the move step" if do == "move" else "the round action (rush)") + \
            f", {count(plan.cost, 'zone')}" + (f"; may be pinned by {', '.join(map(str, pinners))}"
                                        if pinners else "")
        return Option({"do": do, "actor": actor.id, "to": zone, "at": list(spot)},
                      f"{do} to {zone}", cost, to=zone, checks=checks,
                      rules=("R004-13",) if do == "move" else ("R004-14",),
                      region=shape, risk=move_risk(state, actor, plan))

    def queries(self) -> Mapping[str, Query[SiteActor]]:
        def actor(state: SiteState, actor_id: str) -> SiteActor:
            if actor_id not in state.actors:
                known = excerpt(", ".join(state.actors), 120)
                raise InvalidCommand(f"no actor {actor_id!r}; expected one of: {known}")
            return state.actors[actor_id]

        def range_of(state: SiteState, a: str, b: str) -> JSON:
            return range_category(state, actor(state, a), actor(state, b))

        return {"range": Query("the range category from A to B, and whether B is Nearby",
                               ("A", "B"), range_of)}


def range_category(state: SiteState, a: SiteActor, b: SiteActor) -> dict[str, JSON]:
    """R004-09..12, A004-08: Nearby (a metric test) and Close / Far / Extreme (zone steps)."""
    m = site(state)
    o = opts(state).range
    # R004-02: asked from a player seat (the state is its map, UNKNOWN_PLACES listed),
    # zones are counted on the map that seat knows, whatever ``zones.known_routes``
    # says for moves: a count through unseen rooms would locate them (issue 24 item 4)
    unknown = frozenset(state.world.get(UNKNOWN_PLACES, ())) - {a.at, b.at}
    steps = (zone_distances_through(m, a.at, None, unknown) if unknown
             else m.geometry.zone_distances(a.at, 10_000)).get(b.at)
    if steps is not None and steps <= o.close_zones:
        category, rule = "Close", "R004-10"
    elif steps is not None and steps <= o.far_zones:
        category, rule = "Far", "R004-11"
    else:
        category, rule = "Extreme", "R004-12"
    return {"nearby": nearby(state, a, b), "zones": steps, "category": category,
            "metres": round(math.dist(a.point, b.point), 3),
            "rules": ["R004-09", rule, "A004-08"]}


def _bare_state(space: SiteMap, options: SitemapsOptions,
                actors: dict[str, SiteActor]) -> SiteState:
    return State(ruleset="sitemaps", seed=0, space=space, options=options, order=("",),
                 actors=actors)



def _lines(geom: Any) -> list[Any]:
    return list(getattr(geom, "geoms", [geom]))


def _m(props: Mapping[str, Any]) -> str:
    width = props.get("width")
    return f"{width:g} m" if isinstance(width, int | float) else ""


#: how many zones' outlines a map keeps; past it they are drawn again
OUTLINES_KEPT = 1024


def _outline(state: SiteState, zone: str, region: Any
             ) -> tuple[tuple[tuple[tuple[float, float], ...], ...], ...]:
    """:func:`_polygons` of an option's region, kept with the map for a zone's whole free
    part (no one's circle cut from it: the map's own region object, the same at every
    listing), drawn afresh for a region cut by circles."""
    m = site(state)
    unknown = seat_unknown(state)
    if region is not m.geometry.region(zone, None, unknown):
        return _polygons(region)
    # a map pickled by an older footwork (a snapshot) has no such cache: made here
    kept: dict[tuple[str, frozenset[str]], Any] = m.__dict__.setdefault("_outlines", {})
    key = (zone, unknown)
    found = kept.get(key)
    if found is None or found[0] is not region:
        if len(kept) >= OUTLINES_KEPT:
            kept.clear()
        found = kept[key] = (region, _polygons(region))
    outline: tuple[tuple[tuple[tuple[float, float], ...], ...], ...] = found[1]
    return outline


def _polygons(geom: Any) -> tuple[tuple[tuple[tuple[float, float], ...], ...], ...]:
    """``geom``'s polygons as rings of points (mm), without the corners that lie on a
    straight side (where a neighbouring zone's border meets it): the outline of a region
    does not show where a zone the seat has not seen touches it (R004-02)."""
    geom = geom.simplify(1e-6)
    out = []
    for poly in getattr(geom, "geoms", [geom]):
        if poly.geom_type != "Polygon" or poly.is_empty:
            continue
        rings = [poly.exterior, *poly.interiors]
        out.append(tuple(tuple((round(x, 3), round(y, 3))
                               for x, y in shapely.get_coordinates(r)[:-1].tolist())
                         for r in rings))
    return tuple(out)
