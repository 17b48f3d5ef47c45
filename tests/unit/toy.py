"""A toy ruleset that knows nothing of any game: proof that the engine has no ruleset inside.

Actors step between zones of a place graph; `gamble` rolls a d6 and on a 1 asks the
actor to `stay` or `flee`; at each round's end every actor in a `current` zone is
carried along its one-way link; a `ghost` never takes turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from footwork.dice import parse_dice
from footwork.engine import (
    Actor,
    Answer,
    CheckOdds,
    Command,
    DecisionRequested,
    Event,
    Option,
    Pending,
    Rolled,
    Roller,
    State,
)
from footwork.errors import IllegalCommand
from footwork.odds import tier_odds
from footwork.rulesets import ActorSetup, Ruleset
from footwork.space import Link, Place, PlaceGraph


class ToyOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    carry_at_round_end: bool = True


class ToyMap(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    zones: list[str] = Field(min_length=1)
    links: list[tuple[str, str]] = Field(default_factory=list)
    currents: list[tuple[str, str]] = Field(default_factory=list)


class ToyStats(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    ghost: bool = False


@dataclass(frozen=True, slots=True)
class ToyActor(Actor):
    ghost: bool = False
    steps: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Step(Command):
    name: ClassVar[str] = "step"
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Gamble(Command):
    name: ClassVar[str] = "gamble"
    roll: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Stepped(Event):
    type: ClassVar[str] = "stepped"
    actor: str
    to: str


def _tier(total: int) -> str:
    return "bust" if total == 1 else "fine"


class ToyRuleset(Ruleset[ToyActor]):
    id: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    summary: ClassVar[str] = "a ruleset for testing the engine"
    options_model: ClassVar[type[BaseModel]] = ToyOptions
    map_model: ClassVar[type[BaseModel]] = ToyMap
    stats_model: ClassVar[type[BaseModel]] = ToyStats
    commands: ClassVar[tuple[type[Command], ...]] = (Step, Gamble)
    events: ClassVar[tuple[type[Event], ...]] = (Stepped,)

    def build(
        self, options: BaseModel, map_spec: BaseModel, actors: Sequence[ActorSetup]
    ) -> tuple[PlaceGraph, dict[str, ToyActor]]:
        assert isinstance(map_spec, ToyMap)
        graph = PlaceGraph(
            [Place(z, "zone") for z in map_spec.zones],
            [Link(a, b) for a, b in map_spec.links]
            + [Link(a, b, one_way=True, props={"current": True}) for a, b in map_spec.currents],
        )
        return graph, {
            a.id: ToyActor(a.id, a.side, a.at, ghost=bool(getattr(a.stats, "ghost", False)))
            for a in actors
        }

    def decide(self, state: State[ToyActor], command: Command, roller: Roller) -> Sequence[Event]:
        graph: PlaceGraph = state.space
        if isinstance(command, Step):
            here = state.actors[command.actor].at
            if command.to not in graph.neighbours(here):
                raise IllegalCommand("not_adjacent", f"{command.to} is not next to {here}")
            return [Stepped(actor=command.actor, to=command.to, rules=("T-1",))]
        assert isinstance(command, Gamble)
        roll, supplied = roller.roll(parse_dice("d6"))
        events: list[Event] = [Rolled(actor=command.actor, check="gamble", dice="1d6",
                                      values=roll.values, total=roll.total,
                                      outcome=_tier(roll.total), supplied=supplied)]
        if roll.total == 1:
            events.append(DecisionRequested(actor=command.actor, kind="bust",
                                            choices=("stay", "flee"), prompt="bust!",
                                            context={"at": state.actors[command.actor].at}))
        return events

    def answer(self, state: State[ToyActor], pending: Pending, answer: Answer,
               roller: Roller) -> Sequence[Event]:
        if answer.choice == "flee":
            graph: PlaceGraph = state.space
            return [Stepped(actor=answer.actor, to=graph.neighbours(str(pending.context["at"]))[0])]
        return []

    def evolve(self, state: State[ToyActor], event: Event) -> State[ToyActor]:
        if isinstance(event, Stepped):
            return state.update_actor(event.actor, at=event.to,
                                      steps=state.actors[event.actor].steps + 1)
        return state

    def on_round_end(self, state: State[ToyActor], roller: Roller) -> Sequence[Event]:
        graph: PlaceGraph = state.space
        if not state.options.carry_at_round_end:
            return []
        carried: list[Event] = []
        for actor in state.actors.values():
            for there in graph.neighbours(actor.at):
                link = graph.link(actor.at, there)
                if link is not None and link.props.get("current"):
                    carried.append(Stepped(actor=actor.id, to=there, rules=("T-current",)))
        return carried

    def takes_turns(self, state: State[ToyActor], actor_id: str) -> bool:
        # a zone named "void" takes whoever steps in out of the scene
        actor = state.actors[actor_id]
        return not actor.ghost and actor.at != "void"

    def options(self, state: State[ToyActor], actor_id: str) -> Sequence[Option]:
        graph: PlaceGraph = state.space
        found = [Option({"do": "step", "actor": actor_id, "to": z}, f"step to {z}", "a step",
                        to=z) for z in graph.neighbours(state.actors[actor_id].at)]
        d6 = parse_dice("d6")
        found.append(Option({"do": "gamble", "actor": actor_id}, "gamble", "nothing",
                            checks=(CheckOdds("gamble", "1d6",
                                              tier_odds(d6, _tier, ("bust", "fine")),
                                              tier_of=_tier),)))
        return found

    def space_json(self, space: Any) -> dict[str, Any]:
        graph: PlaceGraph = space
        return {"places": [{"id": p.id} for p in graph]}


TOY_FILE = """
footwork: 1
ruleset: toy
seed: 5
map:
  zones: [a, b, c, river]
  links: [[a, b], [b, c], [c, river]]
  currents: [[river, a]]
actors:
  - {id: p, side: x, at: a}
  - {id: q, side: y, at: c}
  - {id: g, side: z, at: b, stats: {ghost: true}}
order: [p, g, q]
"""
