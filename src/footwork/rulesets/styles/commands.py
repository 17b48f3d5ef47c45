"""The commands of `styles`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from pydantic import Field

from footwork.engine.commands import Command, Faces
from footwork.fields import Name
from footwork.rulesets.styles.ranges import MAX_LOAD, MAX_SEGMENTS, MAX_VIA, Change, SignedWeight

#: a cell ``[row, col]``, or a cell and a height ``[row, col, z]``; decide checks the
#: ranges (on the map, a height within the grid's, ``bad_target``)
Target = tuple[int, int, float] | tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlanSegment:
    """One leg of a Move, in one style, ending at ``to``, through the ``via`` cells."""

    #: a style name, lower case (``model.STYLES``)
    style: Name
    to: Target
    via: Annotated[tuple[tuple[int, int], ...], Field(max_length=MAX_VIA)] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Command):
    """R001-01..04: a Free Action along a planned path. Give ``plan`` (segments), or only
    ``to`` (footwork plans the cheapest way), or both (the plan must end at ``to``).
    ``dash``: Dash as the reaction to starting it (R001-06, R001-07)."""

    name: ClassVar[str] = "move"
    #: checked in decide: A001-02 makes off-turn moves an option
    needs_turn: ClassVar[bool] = False
    to: Target | None = None
    plan: Annotated[tuple[PlanSegment, ...], Field(max_length=MAX_SEGMENTS)] | None = None
    dash: bool = False
    #: faces for a fall's damage dice
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Prone(Command):
    """R001-28: drop prone while Walk is active (a Free Action)."""

    name: ClassVar[str] = "prone"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stand(Command):
    """R001-30: stand up from prone, spending 1u of the pool and of Walk."""

    name: ClassVar[str] = "stand"


@dataclass(frozen=True, slots=True, kw_only=True)
class Interrupt(Command):
    """R001-19: an Ability that Interrupts Movement affects ``target``."""

    name: ClassVar[str] = "interrupt"
    needs_turn: ClassVar[bool] = False
    target: Name
    #: faces for a fall's damage dice
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Slow(Command):
    """R001-20: ``target`` gains ``stacks`` of Slowed (negative to clear some)."""

    name: ClassVar[str] = "slow"
    needs_turn: ClassVar[bool] = False
    target: Name
    stacks: Change = 1
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Maneuver(Command):
    """R001-22: a Basic Attack made an Improvised Maneuver (at Disadvantage) that also
    inflicts Slowed; ``hit`` is the result of its Ability Test, which the table rolls."""

    name: ClassVar[str] = "maneuver"
    target: Name
    hit: bool
    roll: Faces | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Improvise(Command):
    """R001-23: ask the GM for a style the sheet lacks, describing how."""

    name: ClassVar[str] = "improvise"
    #: a style name, lower case (``model.STYLES``)
    style: Name
    how: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Adjust(Command):
    """The GM's bookkeeping of what other chapters change: Hooks, filled Good spots,
    the load (R001-07, R001-37, R001-38)."""

    name: ClassVar[str] = "adjust"
    needs_turn: ClassVar[bool] = False
    target: Name
    hooks: Change | None = None
    good_filled: Change | None = None
    load: Annotated[tuple[tuple[Name, SignedWeight, bool], ...],
                    Field(max_length=MAX_LOAD)] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Montage(Command):
    """R001-08: the GM runs a long chase as a Montage (``on``), or ends it."""

    name: ClassVar[str] = "montage"
    needs_turn: ClassVar[bool] = False
    on: bool = True


STYLES_COMMANDS: tuple[type[Command], ...] = (
    Move, Prone, Stand, Interrupt, Slow, Maneuver, Improvise, Adjust, Montage)
