"""The engine: commands, events, state, pure decide/evolve, pending decisions, replay."""

from footwork.engine.choices import CheckOdds, Option, Options, Reachable
from footwork.engine.commands import Answer, Command, EndTurn
from footwork.engine.events import (
    DecisionMade,
    DecisionRequested,
    Event,
    Rolled,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    TurnPassed,
    TurnStarted,
    event_from_json,
    event_to_json,
)
from footwork.engine.machine import Engine
from footwork.engine.rolling import Roller, rng_for
from footwork.engine.session import Session, state_json
from footwork.engine.state import Actor, Pending, State

__all__ = [
    "Actor",
    "Answer",
    "CheckOdds",
    "Command",
    "DecisionMade",
    "DecisionRequested",
    "EndTurn",
    "Engine",
    "Event",
    "Option",
    "Options",
    "Pending",
    "Reachable",
    "Rolled",
    "Roller",
    "RoundEnded",
    "RoundStarted",
    "Session",
    "State",
    "TurnEnded",
    "TurnPassed",
    "TurnStarted",
    "event_from_json",
    "event_to_json",
    "rng_for",
    "state_json",
]
