"""Seats at the table: who is looking, whom they command, and what names what."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from footwork.engine.state import State
from footwork.errors import FootworkError, excerpt

SeatKind = Literal["gm", "players", "side", "actor"]


@dataclass(frozen=True, slots=True)
class Seat:
    """Who is looking: ``gm``, ``players`` (every player seat at once), a side or an actor."""

    kind: SeatKind
    name: str = ""

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``gm``, ``players`` (or ``player``), ``side:NAME`` or ``actor:ID``."""
        if text == "gm":
            return cls("gm")
        if text in ("player", "players"):
            return cls("players")
        kind, _, name = text.partition(":")
        if kind in ("side", "actor") and name:
            return cls(kind, name)  # type: ignore[arg-type]
        raise FootworkError(f"seat {excerpt(text)!r}: expected gm, players, side:NAME or "
                            "actor:ID")

    @property
    def is_gm(self) -> bool:
        return self.kind == "gm"

    def controls(self, state: State[Any], actor_id: str) -> bool:
        """Whether this seat may command ``actor_id`` (the players seat commands nobody)."""
        if self.kind == "gm":
            return True
        actor = state.actors.get(actor_id)
        if actor is None:
            return False
        return (self.kind == "side" and actor.side == self.name) or (
            self.kind == "actor" and actor.id == self.name)

    def __str__(self) -> str:
        return self.kind if self.kind in ("gm", "players") else f"{self.kind}:{self.name}"


GM = Seat("gm")
PLAYERS = Seat("players")


@lru_cache(maxsize=4096)
def _word(name: str) -> re.Pattern[str]:
    # ids may contain '-': a name is a whole word when no word character or '-' touches it
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")


def mentions(value: Any, names: frozenset[str]) -> bool:
    """Whether ``value`` (text, or JSON-like data) names any of ``names`` as a whole word."""
    if not names:
        return False
    if isinstance(value, str):
        return any(_word(name).search(value) for name in names)
    if isinstance(value, Mapping):
        return any(mentions(k, names) or mentions(v, names) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(mentions(v, names) for v in value)
    return False


def scrub(value: Any, names: frozenset[str]) -> Any:
    """``value`` without what names ``names``: such keys and list items go, such text
    becomes None, and a mapping inside a list that names one anywhere goes whole."""
    if not names:
        return value
    if isinstance(value, str):
        return None if mentions(value, names) else value
    if isinstance(value, Mapping):
        return {k: scrub(v, names) for k, v in value.items() if not mentions(k, names)}
    if isinstance(value, list | tuple):
        return [scrub(v, names) for v in value if not mentions(v, names)]
    return value
