"""footwork: a tactical-movement rules engine that explains every ruling by rule id.

The small public surface:

- :func:`load_encounter` / :func:`encounter_from_text` read an encounter file;
  ``encounter.session()`` plays commands against it.
- :func:`get_ruleset` and :func:`available` find rulesets by id.
- :class:`Engine` is the pure ``decide``/``evolve`` core.
- every error is a :class:`FootworkError`.
"""

from footwork.engine import Engine, Session
from footwork.errors import (
    DiceError,
    FootworkError,
    IllegalCommand,
    InvalidCommand,
    RulesetError,
    ScenarioError,
)
from footwork.rulesets import available, get_ruleset
from footwork.scenario import encounter_from_data, encounter_from_text, load_encounter, play

__version__ = "0.1.0"

__all__ = [
    "DiceError",
    "Engine",
    "FootworkError",
    "IllegalCommand",
    "InvalidCommand",
    "RulesetError",
    "ScenarioError",
    "Session",
    "available",
    "encounter_from_data",
    "encounter_from_text",
    "get_ruleset",
    "load_encounter",
    "play",
]
