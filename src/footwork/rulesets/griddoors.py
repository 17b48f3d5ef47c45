"""Secret doors on the grid rulesets' maps (`styles`, `allowances`): the game master's
``reveal`` command and its event, shared by both. A ``secret_door`` edge
(:mod:`footwork.space.gridedges`) is a wall for everyone and shown to players as one
until revealed; then it is a door. Map data: no rule of either game is involved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from pydantic import Field

from footwork.engine.commands import Command
from footwork.engine.events import Event
from footwork.errors import IllegalCommand
from footwork.space.grid import GridMap

__all__ = ["DoorRevealed", "Reveal", "check_reveal", "revealed_grid"]

Between = tuple[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True, slots=True, kw_only=True)
class Reveal(Command):
    """The GM opens a secret door between two cells (give ``actor: gm``)."""

    name: ClassVar[str] = "reveal"
    needs_turn: ClassVar[bool] = False
    between: Annotated[Between, Field(
        description="The two cells the secret door stands between, as [[row, col], [row, "
                    "col]]; it becomes a door.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class DoorRevealed(Event):
    type: ClassVar[str] = "door_revealed"
    between: Between

    def describe(self) -> str:
        (r1, c1), (r2, c2) = self.between
        return f"the GM reveals a secret door between {r1},{c1} and {r2},{c2}: a door now"


def check_reveal(grid: GridMap, command: Reveal, gm: str) -> list[Event]:
    """The event of a ``reveal``; refused for anyone but the game master and for an edge
    that is no secret door (nothing changes)."""
    if command.actor != gm:
        raise IllegalCommand("gm_only", f"only the game master reveals (give actor: {gm})")
    (r1, c1), (r2, c2) = command.between
    if grid.edge_kind((r1, c1), (r2, c2)) != "secret_door":
        raise IllegalCommand("not_secret", f"there is no secret door between {r1},{c1} "
                             f"and {r2},{c2}")
    return [DoorRevealed(between=((r1, c1), (r2, c2)))]


def revealed_grid(grid: GridMap, event: DoorRevealed) -> GridMap:
    """The map with the revealed door a door."""
    return grid.with_edge(event.between[0], event.between[1], "door")
