"""The commands of `styles`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from pydantic import Field

from footwork.engine.commands import Command, Faces
from footwork.fields import Name
from footwork.rulesets.griddoors import Reveal
from footwork.rulesets.styles.ranges import MAX_LOAD, MAX_SEGMENTS, MAX_VIA, Change, SignedWeight

#: a cell ``[row, col]``, or a cell and a height ``[row, col, z]``; decide checks the
#: ranges (on the map, a height within the grid's, ``bad_target``)
Target = tuple[int, int, float] | tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlanSegment:
    """One leg of a Move, in one style, ending at ``to``, through the ``via`` cells."""

    #: a style name, lower case (``model.STYLES``)
    style: Annotated[Name, Field(
        description="The style this leg is moved in, by its name in lower case (`walk`, "
                    "`jump`...).")]
    to: Annotated[Target, Field(
        description="Where the leg ends: a cell as [row, col], or [row, col, z] with z a "
                    "height in u to pick one level of that cell.")]
    via: Annotated[tuple[tuple[int, int], ...], Field(
        max_length=MAX_VIA,
        description="Cells, as [row, col], the leg passes through in order, at most 100; "
                    "default empty, footwork routes the leg the cheapest way.")] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Command):
    """R001-01..04: a Free Action along a planned path. Give ``plan`` (segments), or only
    ``to`` (footwork plans the cheapest way), or both (the plan must end at ``to``).
    ``dash``: Dash as the reaction to starting it (R001-06, R001-07)."""

    name: ClassVar[str] = "move"
    #: checked in decide: A001-02 makes off-turn moves an option
    needs_turn: ClassVar[bool] = False
    to: Annotated[Target | None, Field(
        description="Where the Move ends: a cell as [row, col], or [row, col, z] with z a "
                    "height in u; default null, the end of `plan` (give `plan` or `to`, or "
                    "both, and then the plan must end there).")] = None
    plan: Annotated[Annotated[tuple[PlanSegment, ...], Field(max_length=MAX_SEGMENTS)] | None,
                    Field(description="The path laid out as legs, each in one style, at "
                                      "most 100; default null, footwork plans the cheapest "
                                      "way to `to`.")] = None
    dash: Annotated[bool, Field(
        description="Whether the mover Dashes as the reaction to starting the Move, paying "
                    "Hooks to double its pool; default false, no Dash.")] = False
    #: faces for a fall's damage dice
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, for the damage dice of a fall on "
                    "the way; default null, the engine rolls what is not given.")] = None


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
    target: Annotated[Name, Field(
        description="The id of the character whose movement is interrupted.")]
    #: faces for a fall's damage dice
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, for the damage dice of the fall "
                    "the interruption may cause; default null, the engine rolls what is not "
                    "given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Slow(Command):
    """R001-20: ``target`` gains ``stacks`` of Slowed (negative to clear some)."""

    name: ClassVar[str] = "slow"
    needs_turn: ClassVar[bool] = False
    target: Annotated[Name, Field(
        description="The id of the character who gains or loses Slowed stacks.")]
    stacks: Annotated[Change, Field(
        description="How many Slowed stacks to add, or to remove when negative (not 0); "
                    "default 1.")] = 1
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, for the damage dice of a fall "
                    "when the stacks interrupt the target's movement; default null, the "
                    "engine rolls what is not given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Maneuver(Command):
    """R001-22: a Basic Attack made an Improvised Maneuver (at Disadvantage) that also
    inflicts Slowed; ``hit`` is the result of its Ability Test, which the table rolls."""

    name: ClassVar[str] = "maneuver"
    target: Annotated[Name, Field(
        description="The id of the character the Maneuver is made against (not the actor).")]
    hit: Annotated[bool, Field(
        description="Whether the Ability Test the table rolled for the Maneuver hit; only a "
                    "hit inflicts Slowed.")]
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, for the damage dice of a fall "
                    "when the Slowed stacks interrupt the target's movement; default null, "
                    "the engine rolls what is not given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Improvise(Command):
    """R001-23: ask the GM for a style the sheet lacks, describing how."""

    name: ClassVar[str] = "improvise"
    #: a style name, lower case (``model.STYLES``)
    style: Annotated[Name, Field(
        description="The style asked for, by its name in lower case; one the actor's sheet "
                    "lacks.")]
    how: Annotated[str, Field(
        description="Free text telling the GM how the character means to use the style; "
                    "default empty, no explanation.")] = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Adjust(Command):
    """The GM's bookkeeping of what other chapters change: Hooks, filled Good spots,
    the load (R001-07, R001-37, R001-38)."""

    name: ClassVar[str] = "adjust"
    needs_turn: ClassVar[bool] = False
    target: Annotated[Name, Field(
        description="The id of the character whose sheet the GM adjusts.")]
    hooks: Annotated[Change | None, Field(
        description="The character's new count of Hooks (0 or more), replacing the old; "
                    "default null, unchanged.")] = None
    good_filled: Annotated[Change | None, Field(
        description="The new number of the character's Good spots that are filled, from 0 to "
                    "its Good spots; default null, unchanged.")] = None
    load: Annotated[Annotated[tuple[tuple[Name, SignedWeight, bool], ...],
                              Field(max_length=MAX_LOAD)] | None, Field(
        description="Everything the character now carries, replacing its load, each as "
                    "[item, weight in the table's unit (0 or more), buoyant], at most 100; "
                    "default null, unchanged.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Montage(Command):
    """R001-08: the GM runs a long chase as a Montage (``on``), or ends it."""

    name: ClassVar[str] = "montage"
    needs_turn: ClassVar[bool] = False
    on: Annotated[bool, Field(
        description="True to run the chase as a Montage, false to end the Montage; default "
                    "true.")] = True


STYLES_COMMANDS: tuple[type[Command], ...] = (
    Move, Prone, Stand, Interrupt, Slow, Maneuver, Improvise, Adjust, Montage, Reveal)
