"""Policy hooks the tests name as ``tests.simulate.hooks:NAME`` (imported in workers too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from footwork.engine.choices import Option


def stay(state: Any, actor: str, options: Sequence[Option]) -> Option:
    """End the turn at once (answer a pending decision with its first choice)."""
    for option in options:
        if option.command.get("do") == "end_turn":
            return option
    return options[0]


def last_index(state: Any, actor: str, options: Sequence[Option]) -> int:
    """The last option, by index (end the turn, in this engine's lists)."""
    return len(options) - 1


def broken(state: Any, actor: str, options: Sequence[Option]) -> Option:
    raise ValueError("the designer's bug\nover two lines")


def nonsense(state: Any, actor: str, options: Sequence[Option]) -> str:
    return "north"
