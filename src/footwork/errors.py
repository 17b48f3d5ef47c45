"""One error tree for footwork, with structured fields.

Every error a user can cause is a :class:`FootworkError`. Its ``str()`` is a
single line that says where the fault is and what was expected, so the CLI
can print it as it is; the fields carry the same facts for programs.
"""

from __future__ import annotations

from collections.abc import Sequence


def excerpt(text: str, limit: int = 60) -> str:
    """At most ``limit`` characters of user-supplied ``text``, for quoting in a message
    (a message never echoes megabytes of input)."""
    return text if len(text) <= limit else f"{text[:limit - 1]}…"


class FootworkError(Exception):
    """The root of every error footwork raises on purpose."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class DiceError(FootworkError):
    """Dice notation that does not parse, or a supplied value a die cannot show."""

    def __init__(self, message: str, *, notation: str = "", where: str = "") -> None:
        text = f"{where}: {message}" if where else message
        super().__init__(text)
        self.notation = notation
        self.where = where


class ScenarioError(FootworkError):
    """An encounter file that is not valid: carries the path to the fault and its line."""

    def __init__(
        self, message: str, *, file: str = "", path: str = "", line: int | None = None
    ) -> None:
        place = file
        if line is not None:
            place = f"{place}:{line}" if place else f"line {line}"
        if path:
            place = f"{place}: {path}" if place else path
        super().__init__(f"{place}: {message}" if place else message)
        self.file = file
        self.path = path
        self.line = line
        self.detail = message


class ScenarioErrors(ScenarioError):
    """Several faults of one file, found at once: ``errors`` holds each (a
    :class:`ScenarioError` with its own line). ``str()`` has one line per fault, then how
    many more were found than shown; ``file``, ``path``, ``line`` and ``detail`` are the
    first fault's."""

    def __init__(self, errors: Sequence[ScenarioError], *, more: int = 0) -> None:
        first = errors[0]
        super().__init__(first.detail, file=first.file, path=first.path, line=first.line)
        self.errors = tuple(errors)
        self.more = more
        lines = [str(e) for e in self.errors]
        if more > 0:
            lines.append(f"{first.file + ': ' if first.file else ''}{more} more "
                         f"error{'s' if more != 1 else ''} not shown")
        self.message = "\n".join(lines)


class RulesetError(FootworkError):
    """An unknown ruleset, or a ruleset that is badly registered."""


class IllegalCommand(FootworkError):
    """A command the rules refuse. Nothing changes when it is raised.

    ``reason`` is a stable, machine-readable code (``not_your_turn``,
    ``not_adjacent``...); ``rules`` are the rule ids that forbid it.
    """

    def __init__(self, reason: str, message: str, rules: Sequence[str] = ()) -> None:
        cited = f" [{', '.join(rules)}]" if rules else ""
        super().__init__(f"{message} ({reason}){cited}")
        self.reason = reason
        self.detail = message
        self.rules = tuple(rules)


class InvalidCommand(FootworkError):
    """A command that is malformed: unknown name, missing or mistyped field."""

    def __init__(self, message: str, *, path: str = "") -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.detail = message


class InvalidEvent(FootworkError):
    """Something given to ``evolve`` or ``replay`` that is not an event of the ruleset."""
