"""The commands of `allowances`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from footwork.engine.commands import Command, Faces
from footwork.fields import Coordinate, Name
from footwork.rulesets.allowances.ranges import CommandInt
from footwork.rulesets.griddoors import Reveal

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
    to: Annotated[Target, Field(
        description="Where the move ends: a cell as [row, col] (on the ground or in the "
                    "water if it can, else wherever is cheapest), or [row, col, z] with z a "
                    "height in m.")]
    type: Annotated[Name | None, Field(
        description="The one Type moved with (`overland`, `swim`, `flight`..., or `jump` "
                    "or `leap` to spend a Jump's or Leap's distance); default null, the "
                    "cheapest mix of Types.")] = None
    overrides_transition_limit: Annotated[bool, Field(
        description="Whether the move stands for an action that lifts the limit on "
                    "submerged/surfaced changes (Dive or Dig with the Rapid style); "
                    "default false, the limit holds.")] = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Spend(Command):
    """R002-04, R002-05: movement made off the map (in a Type footwork does not map, say):
    ``distance`` m is deducted from ``type`` and cascades like any move."""

    name: ClassVar[str] = "spend"
    type: Annotated[Name, Field(
        description="The Type the off-map movement was made with; it cascades to the "
                    "higher Types like any move.")]
    distance: Annotated[Coordinate, Field(
        description="How far the creature moved off the map, in m, taken from that "
                    "Type's Allowance.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Rush(Command):
    """R002-08..11: a Simple Action; a Demanding check with the Type's Skill adds movement to
    ``type``. ``pp`` spends PP at once; left out, footwork asks after the roll."""

    name: ClassVar[str] = "rush"
    type: Annotated[Name, Field(
        description="The Type (one the creature has) whose Allowance the Rush adds to, "
                    "and whose Skill is rolled.")]
    pp: Annotated[CommandInt | None, Field(
        description="PP spent up front on the Rush's check, 0 to 10, each adding +10 to "
                    "its target; default null, footwork asks after the roll.")] = None
    roll: Annotated[Faces | None, Field(
        description="The d100 rolled at the table for the Rush's check (1 to 100); "
                    "default null, the engine rolls it.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Jump(Command):
    """R002-17..21: a standing jump, a Free Action needing a [Jump X] Trait.
    ``difficulty`` is the GM's call (the option's grade when left out)."""

    name: ClassVar[str] = "jump"
    pp: Annotated[CommandInt | None, Field(
        description="PP spent up front on the Jump's check, 0 to 10, each adding +10 to "
                    "its target; default null, footwork asks after the roll.")] = None
    difficulty: Annotated[Name | None, Field(
        description="The grade of the Jump's check, the GM's call, one on the "
                    "`difficulty` ladder (`Intense` to make it harder); default null, the "
                    "`jump.jump_difficulty` option's grade.")] = None
    roll: Annotated[Faces | None, Field(
        description="The d100 rolled at the table for the Jump's check (1 to 100); "
                    "default null, the engine rolls it.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Leap(Command):
    """R002-23..28: a running jump; the GM may make it harder (``difficulty: Intense``)."""

    name: ClassVar[str] = "leap"
    pp: Annotated[CommandInt | None, Field(
        description="PP spent up front on the Leap's check, 0 to 10, each adding +10 to "
                    "its target; default null, footwork asks after the roll.")] = None
    difficulty: Annotated[Name | None, Field(
        description="The grade of the Leap's check, the GM's call, one on the "
                    "`difficulty` ladder (`Intense` to make it harder); default null, the "
                    "`jump.leap_difficulty` option's grade.")] = None
    roll: Annotated[Faces | None, Field(
        description="The d100 rolled at the table for the Leap's check (1 to 100); "
                    "default null, the engine rolls it.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Breach(Command):
    """R002-31..34: pass from the medium the creature is in ``into`` another."""

    name: ClassVar[str] = "breach"
    into: Annotated[Medium, Field(
        description="The medium broken into, `air`, `water` or `earth`, at a boundary "
                    "with it; its Type gets the temporary Allowance.")]
    pp: Annotated[CommandInt | None, Field(
        description="PP spent up front on the Breach's check, 0 to 10, each adding +10 to "
                    "its target; default null, footwork asks after the roll.")] = None
    roll: Annotated[Faces | None, Field(
        description="The d100 rolled at the table for the Breach's check (1 to 100); "
                    "default null, the engine rolls it.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclarationCost:
    """R002-37: what declaring an Action costs by itself: ``pp`` PP and ``simple``
    Simple Actions of this Activation (any other cost on the sheet is the table's).
    Spent when the Action is declared, and kept spent if the Action then fails."""

    pp: Annotated[CommandInt, Field(
        description="PP that declaring the Action spends, 0 or more; default 0.")] = 0
    simple: Annotated[CommandInt, Field(
        description="Simple Actions of this Activation that declaring the Action spends, "
                    "0 or more; default 0.")] = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class DashAction(Command):
    """R002-36, R002-37: declare an Action with the Dash trait against ``target`` (it needs
    the user within ``range_m``), closing the gap first with one of the four movement
    Actions at no action cost, moving to ``to``. ``type`` is the Type a Rush adds to;
    ``into`` the medium of a Breach; ``cost`` what declaring the Action itself spends."""

    name: ClassVar[str] = "dash_action"
    action: Annotated[Name, Field(
        description="The name of the Action with the Dash trait being declared.")]
    target: Annotated[Name, Field(
        description="The id of the creature the Action is aimed at.")]
    range_m: Annotated[Coordinate, Field(
        description="How near the target the user must end up for the Action to go on, "
                    "in m, 0 or more.")]
    closing: Annotated[Literal["rush", "jump", "leap", "breach"], Field(
        description="The movement Action that closes the gap at no action cost: `rush`, "
                    "`jump`, `leap` or `breach`.")]
    to: Annotated[Target, Field(
        description="Where the closing move ends: a cell as [row, col], or [row, col, z] "
                    "with z a height in m.")]
    type: Annotated[Name | None, Field(
        description="The Type a closing Rush adds to (and moves with); default null, "
                    "needed only when `closing` is `rush`.")] = None
    into: Annotated[Medium | None, Field(
        description="The medium a closing Breach breaks into, `air`, `water` or `earth`; "
                    "default null, needed only when `closing` is `breach`.")] = None
    cost: Annotated[DeclarationCost | None, Field(
        description="What declaring the Action itself spends, as PP and Simple Actions, "
                    "kept spent even if the Action fails; default null, nothing.")] = None
    pp: Annotated[CommandInt | None, Field(
        description="PP spent up front on the closing Action's check, 0 to 10, each adding "
                    "+10 to its target; default null, footwork asks after the roll.")] = None
    roll: Annotated[Faces | None, Field(
        description="The d100 rolled at the table for the closing Action's check (1 to "
                    "100); default null, the engine rolls it.")] = None


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
    target: Annotated[Name, Field(
        description="The id of the creature whose obscured share the GM sets.")]
    percent: Annotated[CommandInt, Field(
        description="How much of the target is obscured, in percent, 0 to 100.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Weather(Command):
    """R002-38: the GM sets Fog (cover then counts against melee attacks too)."""

    name: ClassVar[str] = "weather"
    needs_turn: ClassVar[bool] = False
    fog: Annotated[bool, Field(
        description="True when there is Fog (cover then counts against melee attacks "
                    "too), false to clear it.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class DashCheck(Command):
    """R002-36, R002-37, R002-04: the Accuracy Check of a Dash Action that its closing move
    left out of reach is next: the creature may move as a Free Action before it, and this
    command says it comes now (in reach: the Action goes on; else it fails)."""

    name: ClassVar[str] = "dash_check"


ALLOWANCES_COMMANDS: tuple[type[Command], ...] = (
    Move, Spend, Rush, Jump, Leap, Breach, DashAction, DashCheck, Activation, Obscure,
    Weather, Reveal)
