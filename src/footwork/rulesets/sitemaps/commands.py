"""The commands of `sitemaps`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from footwork.engine.commands import Command, Faces

Coord = tuple[float, float]


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Command):
    """R004-13, R004-17, R004-18: move to the point ``at`` of zone ``to`` (the move step)."""

    name: ClassVar[str] = "move"
    to: str
    at: Coord
    #: waypoints on the way (one floor); left out, footwork traces the way itself
    via: tuple[Coord, ...] | None = None
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Rush(Command):
    """R004-14..16: the round action, used to move further (A004-02)."""

    name: ClassVar[str] = "rush"
    to: str
    at: Coord
    via: tuple[Coord, ...] | None = None
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Act(Command):
    """Take the round action (anything but rush): movement is over for the activation."""

    name: ClassVar[str] = "act"
    action: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Rescue(Command):
    """A004-13: the round action, spent to pull a drowning ally Nearby out of danger."""

    name: ClassVar[str] = "rescue"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Reveal(Command):
    """R004-02: the GM reveals a zone to the players (give ``actor: gm``)."""

    name: ClassVar[str] = "reveal"
    needs_turn: ClassVar[bool] = False
    zone: str


SITEMAPS_COMMANDS: tuple[type[Command], ...] = (Move, Rush, Act, Rescue, Reveal)
