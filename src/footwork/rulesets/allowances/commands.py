"""The commands of `allowances`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from footwork.engine.commands import Command, Faces
from footwork.fields import Coordinate, Name
from footwork.rulesets.allowances.ranges import CommandInt

#: a cell ``[row, col]``, or a cell and a height ``[row, col, z]`` (z in m); decide checks
#: the ranges (on the map, a height within the grid's: ``off_map``, ``bad_target``)
Target = tuple[int, int, float] | tuple[int, int]
Medium = Literal["air", "water", "earth"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Command):
    """R002-04, R002-05: move as a Free Action to ``to`` with one Type (``type``), or with
    whatever mix of Types is cheapest (``type`` left out). ``type: jump`` or ``leap`` spends
    the distance a Jump or Leap produced. ``overrides_transition_limit`` is for an action
    that lifts the submerged/surfaced limit (A002-27: Dive or Dig with the Rapid style)."""

    name: ClassVar[str] = "move"
    to: Target
    type: Name | None = None
    overrides_transition_limit: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Spend(Command):
    """R002-04, R002-05: movement made off the map (in a Type footwork does not map, say):
    ``distance`` m is deducted from ``type`` and cascades like any move."""

    name: ClassVar[str] = "spend"
    type: Name
    distance: Coordinate


@dataclass(frozen=True, slots=True, kw_only=True)
class Rush(Command):
    """R002-08..11: a Simple Action; a Demanding check with the Type's Skill adds movement to
    ``type``. ``pp`` spends PP at once; left out, footwork asks after the roll."""

    name: ClassVar[str] = "rush"
    type: Name
    pp: CommandInt | None = None
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Jump(Command):
    """R002-17..21: a standing jump, a Free Action needing a [Jump X] Trait.
    ``difficulty`` is the GM's call (the option's grade when left out)."""

    name: ClassVar[str] = "jump"
    pp: CommandInt | None = None
    difficulty: Name | None = None
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Leap(Command):
    """R002-23..28: a running jump; the GM may make it harder (``difficulty: Intense``)."""

    name: ClassVar[str] = "leap"
    pp: CommandInt | None = None
    difficulty: Name | None = None
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Breach(Command):
    """R002-31..34: pass from the medium the creature is in ``into`` another."""

    name: ClassVar[str] = "breach"
    into: Medium
    pp: CommandInt | None = None
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclarationCost:
    """R002-37: what declaring an Action costs by itself: ``pp`` PP and ``simple``
    Simple Actions of this Activation (any other cost on the sheet is the table's).
    Spent when the Action is declared, and kept spent if the Action then fails."""

    pp: CommandInt = 0
    simple: CommandInt = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class DashAction(Command):
    """R002-36, R002-37: declare an Action with the Dash trait against ``target`` (it needs
    the user within ``range_m``), closing the gap first with one of the four movement
    Actions at no action cost, moving to ``to``. ``type`` is the Type a Rush adds to;
    ``into`` the medium of a Breach; ``cost`` what declaring the Action itself spends."""

    name: ClassVar[str] = "dash_action"
    action: Name
    target: Name
    range_m: Coordinate
    closing: Literal["rush", "jump", "leap", "breach"]
    to: Target
    type: Name | None = None
    into: Medium | None = None
    cost: DeclarationCost | None = None
    pp: CommandInt | None = None
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Activation(Command):
    """A002-22: the GM starts another Activation of the creature whose turn it is (the
    phases and extra Activations come from another chapter). Allowances carry over."""

    name: ClassVar[str] = "activation"
    needs_turn: ClassVar[bool] = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Obscure(Command):
    """R002-39, R002-40, A002-18: the GM sets how much of ``target`` is obscured, in %."""

    name: ClassVar[str] = "obscure"
    needs_turn: ClassVar[bool] = False
    target: Name
    percent: CommandInt


@dataclass(frozen=True, slots=True, kw_only=True)
class Weather(Command):
    """R002-38: the GM sets Fog (cover then counts against melee attacks too)."""

    name: ClassVar[str] = "weather"
    needs_turn: ClassVar[bool] = False
    fog: bool


ALLOWANCES_COMMANDS: tuple[type[Command], ...] = (
    Move, Spend, Rush, Jump, Leap, Breach, DashAction, Activation, Obscure, Weather)
