"""Encounter files: models, YAML/JSON loading with line numbers, playing steps, JSON Schema."""

from footwork.engine.session import set_file_loader
from footwork.scenario.encounter import (
    Encounter,
    Step,
    encounter_from_data,
    encounter_from_text,
    load_encounter,
)
from footwork.scenario.models import json_schema
from footwork.scenario.restore import session_from_json
from footwork.scenario.runner import Outcome, match, play

# Session.from_json reads files through the scenario layer (the engine imports none)
set_file_loader(session_from_json)

__all__ = [
    "Encounter",
    "Outcome",
    "Step",
    "encounter_from_data",
    "encounter_from_text",
    "json_schema",
    "load_encounter",
    "match",
    "play",
]
