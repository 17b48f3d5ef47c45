"""The commands of `sitemaps`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from pydantic import Field

from footwork.engine.commands import Command, Faces
from footwork.rulesets.sitemaps.ranges import MAX_VIA
from footwork.rulesets.sitemaps.ranges import Point as Coord

#: the waypoints of a move: at most MAX_VIA points (README, "Ranges")
Via = Annotated[tuple[Coord, ...], Field(max_length=MAX_VIA)]

# the parameters of the way a move step and a rush alike take to the zone `to`
Stop = Annotated[Coord, Field(
    description="The spot inside zone `to` where the character stops, as x and y in metres.")]
Waypoints = Annotated[Via | None, Field(
    description="Points in metres, as [x, y], that the path runs through in straight lines, "
                "all on one floor, at most 32; default null, footwork traces the way itself.")]
WayRolls = Annotated[Faces | None, Field(
    description="Faces rolled at the table, in order, for the rolls the way owes (rough "
                "ground, leaving water, the top of a climb); default null, the engine rolls "
                "what is not given.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Command):
    """R004-13, R004-17, R004-18: move to the point ``at`` of zone ``to`` (the move step)."""

    name: ClassVar[str] = "move"
    to: Annotated[str, Field(
        description="The id of the zone the move step ends in.")]
    at: Stop
    #: waypoints on the way (one floor); left out, footwork traces the way itself
    via: Waypoints = None
    roll: WayRolls = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Rush(Command):
    """R004-14..16: the round action, used to move further (A004-02)."""

    name: ClassVar[str] = "rush"
    to: Annotated[str, Field(
        description="The id of the zone the rush ends in.")]
    at: Stop
    via: Waypoints = None
    roll: WayRolls = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Act(Command):
    """Take the round action (anything but rush): movement is over for the activation."""

    name: ClassVar[str] = "act"
    action: Annotated[str, Field(
        description="The round action taken, in free text (anything but `rush`, which has "
                    "its own command).")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Rescue(Command):
    """A004-13: the round action, spent to pull a drowning ally Nearby out of danger."""

    name: ClassVar[str] = "rescue"
    target: Annotated[str, Field(
        description="The id of the drowning ally, Nearby, pulled out of danger.")]
    #: where the rescuer hauls it (hazards.rescue_pulls_out); left out, the free dry spot
    #: within the rescuer's reach nearest to it
    at: Annotated[Coord | None, Field(
        description="The spot, as x and y in metres, out of the water and within the "
                    "rescuer's reach, where the rescued ally is hauled; default null, the free "
                    "dry spot within reach nearest to it (A004-13, hazards.rescue_pulls_out)."
    )] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Reveal(Command):
    """R004-02: the GM reveals a zone to the players (give ``actor: gm``)."""

    name: ClassVar[str] = "reveal"
    needs_turn: ClassVar[bool] = False
    zone: Annotated[str, Field(
        description="The id of the zone the GM reveals to the players.")]


SITEMAPS_COMMANDS: tuple[type[Command], ...] = (Move, Rush, Act, Rescue, Reveal)
