"""Playing an encounter's steps and checking its expectations."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from footwork.engine.commands import Command
from footwork.engine.events import TurnPassed
from footwork.engine.session import Session
from footwork.errors import FootworkError
from footwork.scenario.encounter import Encounter, Step


@dataclass
class Outcome:
    """The result of playing a file: the session, and every failed step with its diff."""

    session: Session[Any]
    failures: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    #: a step was refused: play stopped there, before the file's end
    stopped: bool = False
    #: the index in the file's steps of the step where play stopped
    stopped_at: int | None = None

    @property
    def ok(self) -> bool:
        """True when every step did what the file says."""
        return not self.failures


def play(encounter: Encounter) -> Outcome:
    """Play the encounter's steps in a new session: commands are given, expectations
    checked, refusals expected; play stops at the first command refused (or accepted
    where a refusal was expected). The outcome holds the session and every failure."""
    session = encounter.session()
    outcome = Outcome(session)
    for step in encounter.steps:
        where = _where(encounter, step)
        if step.kind == "command":
            assert step.command is not None
            try:
                session.do(step.command)
            except FootworkError as exc:
                if _passed_already(session, step.command, exc):
                    outcome.messages.append(
                        f"{where}: skipped: {step.command.actor}'s turn had already "
                        f"passed on by itself (turn_passed): this end_turn was written "
                        f"before footwork passed such turns")
                    continue
                outcome.failures.append(f"{where}: refused: {exc}")
                outcome.stopped, outcome.stopped_at = True, step.index
                break
        elif step.kind == "expect_error":
            assert step.command is not None
            before = session.state
            try:
                session.do(step.command)
            except FootworkError as exc:
                reason = getattr(exc, "reason", None)
                if step.reason is not None and reason != step.reason:
                    outcome.failures.append(
                        f"{where}: refused for {reason!r}, expected {step.reason!r}: {exc}")
                else:
                    outcome.messages.append(f"{where}: refused as expected: {exc}")
                if session.state != before:  # a refusal must change nothing
                    outcome.failures.append(f"{where}: the refusal changed the state")
            else:
                # the file says this command is no part of the game: taken back
                session.undo()
                outcome.failures.append(f"{where}: expected a refusal, but it was accepted")
                outcome.stopped, outcome.stopped_at = True, step.index
                break
        else:
            assert step.expected is not None
            diffs = match(step.expected, session.to_json(log=False), "")
            if diffs:
                outcome.failures.append(f"{where}: expectation failed:\n  " + "\n  ".join(diffs))
    return outcome


def _passed_already(session: Session[Any], command: Command, exc: FootworkError) -> bool:
    """Whether a refused step is an ``end_turn`` for a turn the engine already passed
    on, in the command just before, because its holder left the scene. Files saved
    before the engine passed such turns itself end them by hand; replaying one must
    not stop there (the turn it ends is over, so skipping it changes nothing)."""
    if (command.name != "end_turn" or getattr(exc, "reason", None) != "not_your_turn"
            or not session.history):
        return False
    return any(isinstance(event, TurnPassed) and event.actor == command.actor
               for event in session.history[-1].events)


def _where(encounter: Encounter, step: Step) -> str:
    line = f":{step.line}" if step.line is not None else ""
    return f"{encounter.name}{line} steps[{step.index}]"


def match(expected: Any, actual: Any, path: str) -> list[str]:
    """Subset match: every key of ``expected`` must be in ``actual`` with a matching value."""
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return [f"{path or '.'}: expected a mapping, got {actual!r}"]
        diffs: list[str] = []
        for key, want in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in actual:
                diffs.append(f"{sub}: expected {want!r}, but there is no such field")
            else:
                diffs += match(want, actual[key], sub)
        return diffs
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        return [d for i, (w, a) in enumerate(zip(expected, actual, strict=True))
                for d in match(w, a, f"{path}[{i}]")]
    if _numbers(expected, actual) and math.isclose(expected, actual, rel_tol=0,
                                                   abs_tol=TOLERANCE):
        return []
    if expected != actual or (type(expected) is bool and type(actual) is not bool):
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return []


#: numbers in an expectation match within this much: metric maps give sums such as
#: 1 + 1.414214 that a file writes with a few decimals
TOLERANCE = 1e-6


def _numbers(a: Any, b: Any) -> bool:
    return all(isinstance(x, int | float) and not isinstance(x, bool) for x in (a, b))
