"""The commands of `cultivation`. ``roll`` lists faces rolled at the table, in the order the
command's rolls take them (else the engine rolls)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field, Strict

from footwork.engine.commands import Command, Faces
from footwork.fields import MAX_COORDINATE
from footwork.rulesets.cultivation.ranges import MAX_POINTS, MAX_SCORE

#: a bonus on a Challenge (README, "Ranges")
Bonus = Annotated[int, Strict(), Field(ge=-MAX_SCORE, le=MAX_SCORE)]
#: metres of a fall the Storyteller starts (0 or less is refused by the rules: bad_height)
FallMetres = Annotated[float, Field(le=MAX_COORDINATE, allow_inf_nan=False)]
#: points of a zone effect (below 0 is refused by the rules: bad_amount)
Amount = Annotated[int, Strict(), Field(le=MAX_POINTS)]

Element = Literal["air", "earth"]
Direction = Literal["up", "down"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Command):
    """R000-01/02, R000-22..26, R000-33..35, R000-37, R000-39, R000-44: cross into the
    adjacent zone ``to``. ``element`` is the Challenge element at Difficult Terrain (default:
    the higher score); ``defender`` the occupant challenged when the zone is full."""

    name: ClassVar[str] = "move"
    to: str
    element: Element | None = None
    defender: str | None = None
    bonus: Bonus = 0
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class JointMove(Command):
    """R000-11..14: move with the partner into ``to``; each Challenges on its own.
    ``partner_sprints``: the partner spends its Action to Sprint too (A000-07)."""

    name: ClassVar[str] = "joint_move"
    to: str
    element: Element | None = None
    partner_element: Element | None = None
    partner_sprints: bool = False
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Sprint(Command):
    """R000-03, A000-03: the Sprint Action: the round's Speed budget becomes 3."""

    name: ClassVar[str] = "sprint"


@dataclass(frozen=True, slots=True, kw_only=True)
class Partner(Command):
    """R000-07..09, A000-33: name an ally in the zone as Partner; the ally is asked."""

    name: ClassVar[str] = "partner"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Unpartner(Command):
    """A000-33: end the partnership (a free declaration)."""

    name: ClassVar[str] = "unpartner"


@dataclass(frozen=True, slots=True, kw_only=True)
class Throw(Command):
    """R000-48..55: shove, throw or trip ``target`` into the adjacent zone ``to``; the target
    may forfeit its defence (a pending decision)."""

    name: ClassVar[str] = "throw"
    target: str
    to: str
    element: Element | None = None
    bonus: Bonus = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Shift(Command):
    """R000-77, A000-24: spend 1 Speed to move one band up or down."""

    name: ClassVar[str] = "shift"
    direction: Direction


@dataclass(frozen=True, slots=True, kw_only=True)
class ReachBand(Command):
    """R000-76: spend 1 Speed to interact with ``target`` one band away, staying put."""

    name: ClassVar[str] = "reach_band"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Sense(Command):
    """R000-71, R000-72, A000-32: Challenge ``target``'s Stealth defence to become aware of
    it (a hidden foe, or the source of a LoS-ignoring Art)."""

    name: ClassVar[str] = "sense"
    target: str
    element: Element = "earth"
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class UseBenefit(Command):
    """R000-54: use the start-of-turn benefit of the zone one stands in (or was thrown into)."""

    name: ClassVar[str] = "use_benefit"
    needs_turn: ClassVar[bool] = False
    benefit: str


@dataclass(frozen=True, slots=True, kw_only=True)
class UseItem(Command):
    """R000-19: use a consumable item lying in one's zone."""

    name: ClassVar[str] = "use_item"
    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Waive(Command):
    """R000-28: the Storyteller waives ``zone``'s Difficult Terrain for ``target`` this round
    (give ``actor: gm``)."""

    name: ClassVar[str] = "waive"
    needs_turn: ClassVar[bool] = False
    target: str
    zone: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Fall(Command):
    """R000-40, R000-41: the Storyteller makes ``target`` fall ``metres`` onto ``onto``
    (default: its own zone) — a collapsing floor, a broken flight (give ``actor: gm``)."""

    name: ClassVar[str] = "fall"
    needs_turn: ClassVar[bool] = False
    target: str
    metres: FallMetres
    onto: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Switch(Command):
    """R000-61: the Storyteller turns a zone's anti-gravity on or off (give ``actor: gm``)."""

    name: ClassVar[str] = "switch"
    needs_turn: ClassVar[bool] = False
    zone: str
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Damage(Command):
    """R000-21, R000-42: an effect aimed at ``zone`` hits everyone in it for ``amount``
    (give ``actor: gm``); Aura first, Wounds by the usual rules (A000-11)."""

    name: ClassVar[str] = "zone_effect"
    needs_turn: ClassVar[bool] = False
    zone: str
    amount: Amount


CULTIVATION_COMMANDS: tuple[type[Command], ...] = (
    Move, JointMove, Sprint, Partner, Unpartner, Throw, Shift, ReachBand, Sense, UseBenefit,
    UseItem, Waive, Fall, Switch, Damage,
)
