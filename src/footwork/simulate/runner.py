"""One run of a study: the encounter's steps, then ``rounds`` rounds played by policies.

Everything random in a run comes from its seed: the engine's dice (the encounter's seed
is replaced by the run's, so ``rng_for(seed, version)`` differs per run) and the
policies' draws (a generator seeded from the run's seed). A run is a pure function of
(encounter, policies, rounds, run seed): the executor that plays it does not matter.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from footwork import limits
from footwork.engine.choices import Option
from footwork.engine.events import Event, RoundEnded
from footwork.engine.session import Session
from footwork.errors import FootworkError, excerpt
from footwork.scenario.encounter import Encounter, encounter_from_data
from footwork.simulate import policies as pol
from footwork.simulate.distance import check_place, measure
from footwork.simulate.records import CHECK, Tally, tally_events
from footwork.simulate.spec import PolicyRule

#: a turn's commands before the run ends it for the actor (a policy that never ends its
#: turn, say random among free actions, cannot stall a run)
TURN_CAP = 25
#: the ``end`` of an actor taken out of the scene (lost in the skysea, unconscious)
OUT = "(out)"


class RunError(FootworkError):
    """A run that could not go on: the rules refused what a policy chose."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What every run of one variant shares; plain data, so it travels to any worker."""

    data: Mapping[str, Any]
    name: str
    rules: tuple[PolicyRule, ...]
    rounds: int
    variant: str = ""
    #: play only the file's first ``steps`` steps (None: all of them; 0: from the start)
    steps: int | None = None
    #: the limits in force where the study was asked for (``--limit``), carried to the
    #: workers, whose own context knows only the defaults
    limits: limits.Limits = field(default_factory=limits.current)

    @property
    def key(self) -> str:
        """The digest a worker keeps its built encounter under."""
        body = json.dumps([self.data, self.name, [[r.who, r.spec] for r in self.rules],
                           repr(self.limits)], sort_keys=True, default=str)
        return hashlib.blake2b(body.encode(), digest_size=12).hexdigest()


@dataclass(frozen=True)
class Prepared:
    """A plan's encounter, built once per process, with each actor's chooser."""

    encounter: Encounter
    choosers: Mapping[str, pol.Chooser]
    labels: Mapping[str, str]
    targets: Mapping[str, str]
    fallback: pol.Chooser


_PREPARED: dict[str, Prepared] = {}


def prepare(plan: Plan) -> Prepared:
    """The plan's encounter and choosers (kept per process: a worker builds a map once)."""
    found = _PREPARED.get(plan.key)
    if found is None:
        if len(_PREPARED) > 16:
            _PREPARED.clear()
        with limits.using(plan.limits):
            found = _PREPARED[plan.key] = _prepare(plan)
    return found


def _prepare(plan: Plan) -> Prepared:
    encounter = encounter_from_data(plan.data, plan.name)
    state = encounter.initial
    ruleset = encounter.ruleset
    distance = measure(ruleset, state)
    sides = {a.side for a in state.actors.values()}
    for rule in plan.rules:
        where = f"--policy {rule.who + '=' if rule.who else ''}{rule.spec}"
        if rule.who.startswith("side:") and rule.who[5:] not in sides:
            raise pol.PolicyError(f"{where}: no side {rule.who[5:]!r}; expected one of: "
                                  f"{excerpt(', '.join(sorted(sides)), 120)}")
        if rule.who and not rule.who.startswith("side:") and rule.who not in state.actors:
            raise pol.PolicyError(f"{where}: no actor {rule.who!r}; expected one of: "
                                  f"{excerpt(', '.join(state.actors), 120)}")

    built: dict[str, pol.Chooser] = {}
    targets: dict[str, str] = {}

    def chooser(rule: PolicyRule) -> tuple[pol.Chooser, str | None]:
        kind, _, arg = rule.spec.partition(":")
        if rule.spec == "random":
            return pol.choose_random, None
        if rule.spec == "cautious":
            return pol.choose_cautious, None
        if kind == "toward":
            where = f"--policy {rule.who + '=' if rule.who else ''}{rule.spec}"
            place = check_place(ruleset, state, arg, where=where)
            return pol.Toward(place, distance), place
        if rule.spec not in built:
            built[rule.spec] = pol.load_hook(rule.spec)
        return built[rule.spec], None

    default = PolicyRule("", "random")
    choosers: dict[str, pol.Chooser] = {}
    labels: dict[str, str] = {}
    for aid, actor in state.actors.items():
        # the most specific rule wins: the actor's, its side's, everyone's
        rule = default
        for rank in ("", f"side:{actor.side}", aid):
            rule = next((r for r in reversed(plan.rules) if r.who == rank), rule)
        choosers[aid], target = chooser(rule)
        labels[aid] = rule.spec
        if target is not None:
            targets[aid] = target
    everyone = next((r for r in reversed(plan.rules) if r.who == ""), default)
    return Prepared(encounter, choosers, labels, targets, chooser(everyone)[0])


def _policy_rng(seed: int) -> random.Random:
    digest = hashlib.blake2b(f"footwork-policy/{seed}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def play_run(plan: Plan, run: int, seed: int) -> list[dict[str, Any]]:
    """Run ``run`` of the plan with seed ``seed``: one row per actor (see
    :data:`footwork.simulate.records.COLUMNS`), under the plan's limits."""
    with limits.using(plan.limits):
        return _play_run(plan, run, seed)


def _play_run(plan: Plan, run: int, seed: int) -> list[dict[str, Any]]:
    ready = prepare(plan)
    encounter = ready.encounter
    session: Session[Any] = Session(encounter.engine,
                                    dataclasses.replace(encounter.initial, seed=seed))
    tallies = {aid: Tally() for aid in session.state.actors}
    tally_events(tallies, session.opening)
    refused = False
    for step in encounter.steps[:plan.steps]:
        if step.kind != "command" or step.command is None:
            continue  # expectations hold for the file's own dice, not for a run's
        try:
            tally_events(tallies, session.do(step.command))
        except FootworkError:
            refused = True  # the run's dice took the encounter elsewhere: policies go on
            break
    start = {aid: a.at for aid, a in session.state.actors.items()}
    base_round = session.state.round
    _mark_reached(session, ready, tallies, base_round, started=False)
    rng = _policy_rng(seed)
    rounds_done, turn_commands, last_turn = 0, 0, (session.state.round, session.state.turn)
    while not session.state.ended and rounds_done < plan.rounds:
        state = session.state
        if (state.round, state.turn) != last_turn:
            turn_commands, last_turn = 0, (state.round, state.turn)
        pending = state.pending
        actor = pending.actor if pending is not None else state.current
        if pending is None and turn_commands >= TURN_CAP:
            option = Option(command={"do": pol.END_TURN, "actor": actor}, label="", cost="")
        else:
            found = session.options(actor)
            if not len(found):
                raise RunError(f"run {run} (seed {seed}): {actor} has no option at round "
                               f"{state.round}")
            try:
                option = ready.choosers.get(actor, ready.fallback)(state, actor, found, rng)
            except pol.PolicyError as exc:
                raise pol.PolicyError(f"run {run} (seed {seed}): {exc}") from None
        events = _do(session, option, run, seed, actor)
        turn_commands += 1
        if actor in tallies:
            tallies[actor].commands += 1
        tally_events(tallies, events)
        rounds_done += sum(1 for e in events if isinstance(e, RoundEnded))
        _mark_reached(session, ready, tallies, base_round, started=True)
    rounds = rounds_done
    return [_row(plan, run, seed, aid, session, ready, tallies[aid], start, rounds, refused)
            for aid in session.state.actors]


def _do(session: Session[Any], option: Option, run: int, seed: int, actor: str
        ) -> tuple[Event, ...]:
    try:
        return session.do(option.command)
    except FootworkError as exc:
        raise RunError(f"run {run} (seed {seed}): the rules refused {actor}'s "
                       f"{excerpt(json.dumps(dict(option.command), default=str), 120)}: "
                       f"{excerpt(str(exc), 160)}") from None


def _mark_reached(session: Session[Any], ready: Prepared, tallies: Mapping[str, Tally],
                  base_round: int, *, started: bool) -> None:
    state = session.state
    for aid, place in ready.targets.items():
        tally = tallies[aid]
        if tally.rounds_to_reach is None and state.actors[aid].at == place:
            # 0: there when the policies take over; 1: during the first round they play
            tally.rounds_to_reach = state.round - base_round + 1 if started else 0


def _row(plan: Plan, run: int, seed: int, aid: str, session: Session[Any], ready: Prepared,
         tally: Tally, start: Mapping[str, str], rounds: int, refused: bool
         ) -> dict[str, Any]:
    actor = session.state.actors[aid]
    target = ready.targets.get(aid)
    # out: an event took it out of the scene, or the state leaves it no more turns (a
    # spans character defeated at life 0, whose damage event is not an exit by itself)
    out = tally.out or not session.engine.ruleset.takes_turns(session.state, aid)
    row: dict[str, Any] = {
        "variant": plan.variant, "run": run, "seed": seed, "actor": aid,
        "side": actor.side, "policy": ready.labels[aid], "start": start[aid],
        # an actor taken out of the scene keeps its last place in the state: not an end
        "end": OUT if out else actor.at, "target": target or "",
        "reached": None if target is None else tally.rounds_to_reach is not None,
        "rounds_to_reach": tally.rounds_to_reach, "moves": tally.moves,
        "commands": tally.commands, "damage": tally.damage, "falls": tally.falls,
        "fall_height": tally.fall_height, "checks": tally.checks,
        "partnerships_broken": tally.partnerships_broken, "out": out,
        "rounds": rounds, "steps_refused": refused,
    }
    for outcome, count in sorted(tally.outcomes.items()):
        row[CHECK + outcome] = count
    return row
