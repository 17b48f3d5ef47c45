"""footwork: a tactical-movement rules engine that explains every ruling by rule id.

The public surface (everything a table, a bot or a virtual tabletop needs; see
docs/library.md):

- encounters: :func:`load_encounter`, :func:`encounter_from_text`,
  :func:`encounter_from_data` read an encounter file into an :class:`Encounter`;
  :func:`play` plays its steps.
- a game: :class:`Session` (``encounter.session()`` or :meth:`Session.from_json`)
  takes commands, lists each actor's :class:`Option`\\ s, keeps the log, saves and
  restores; :class:`Seat` and :class:`View` give what one player may see.
- JSON: :func:`command_to_json` / :func:`command_from_json`, :func:`event_to_json` /
  :func:`event_from_json`, and the JSON Schemas :func:`encounter_schema`,
  :func:`state_schema`, :func:`option_schema`, :func:`event_schema`.
- rulesets: :func:`available`, :func:`get_ruleset`, :func:`register`,
  :func:`explain` (a rule id in words).
- the core: :class:`Engine` (pure ``decide``/``evolve``), :class:`State`,
  :class:`Command`, :class:`Event`.
- errors: every error is a :class:`FootworkError` whose ``str()`` is one line.
"""

from footwork.engine import CheckOdds, Command, Engine, Event, Option, Pending, Session, State
from footwork.engine.seats import Seat
from footwork.engine.view import View
from footwork.errors import (
    DiceError,
    FootworkError,
    IllegalCommand,
    InvalidCommand,
    InvalidEvent,
    RulesetError,
    ScenarioError,
    ScenarioErrors,
)
from footwork.limits import LimitExceeded
from footwork.rulesets import Ruleset, available, get_ruleset, register
from footwork.rulesets.explain import Passage, explain
from footwork.scenario import (
    Encounter,
    Outcome,
    encounter_from_data,
    encounter_from_text,
    load_encounter,
    play,
)
from footwork.scenario.models import json_schema as encounter_schema
from footwork.scenario.schemas import event_schema, option_schema, state_schema
from footwork.wire import command_from_json, command_to_json, event_from_json, event_to_json

__version__ = "0.1.0"

__all__ = [
    "CheckOdds",
    "Command",
    "DiceError",
    "Encounter",
    "Engine",
    "Event",
    "FootworkError",
    "IllegalCommand",
    "InvalidCommand",
    "InvalidEvent",
    "LimitExceeded",
    "Option",
    "Outcome",
    "Passage",
    "Pending",
    "Ruleset",
    "RulesetError",
    "ScenarioError",
    "ScenarioErrors",
    "Seat",
    "Session",
    "State",
    "View",
    "available",
    "command_from_json",
    "command_to_json",
    "encounter_from_data",
    "encounter_from_text",
    "encounter_schema",
    "event_from_json",
    "event_schema",
    "event_to_json",
    "explain",
    "get_ruleset",
    "load_encounter",
    "option_schema",
    "play",
    "register",
    "state_schema",
]
