"""Encounter files: models, YAML/JSON loading with line numbers, playing steps, JSON Schema."""

from footwork.scenario.encounter import (
    Encounter,
    Step,
    encounter_from_data,
    encounter_from_text,
    load_encounter,
)
from footwork.scenario.models import json_schema
from footwork.scenario.runner import Outcome, match, play

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
