"""Restoring a saved session (:meth:`footwork.engine.Session.from_json`): an encounter
file whose steps are the commands given, replayed. It lives here, with the file format,
and is installed into the engine when :mod:`footwork.scenario` is imported, so that the
engine imports no file format."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from footwork.engine.session import Session
from footwork.errors import ScenarioError
from footwork.scenario.encounter import encounter_from_data, encounter_from_text
from footwork.scenario.runner import play


def session_from_json(data: Any, name: str) -> Session[Any]:
    """The session a saved file describes (the mapping or its JSON or YAML text), every
    step replayed; a file that does not load, a refused step or a failed expectation is a
    one-line :class:`ScenarioError`."""
    if isinstance(data, str):
        encounter = encounter_from_text(data, name)
    elif isinstance(data, Mapping):
        encounter = encounter_from_data(data, name)
    else:
        raise ScenarioError(f"expected an encounter mapping or its text, got "
                            f"{type(data).__name__}", file=name)
    outcome = play(encounter)
    if outcome.failures:
        # one line: an expectation's diff is written over several
        raise ScenarioError(" ".join(part.strip() for part in
                                     outcome.failures[0].splitlines()))
    return outcome.session
