"""Shared fixtures: the examples of every registered ruleset, and a loader for inline files."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from footwork.rulesets import available
from footwork.scenario import Encounter, encounter_from_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def example_files() -> list[Path]:
    return sorted(p for rid in available() for p in (EXAMPLES / rid).glob("*.yaml"))


def load(text: str, name: str = "inline.yaml") -> Encounter:
    """An encounter from an indented YAML string."""
    return encounter_from_text(textwrap.dedent(text), name)


@pytest.fixture
def loader() -> Any:
    return load
