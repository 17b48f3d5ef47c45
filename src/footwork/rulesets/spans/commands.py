"""The commands of `spans`. ``roll`` lists faces rolled at the table (else the engine rolls)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from footwork.engine.commands import Command, Face, Faces

Direction = Literal["up", "down"]
Die = Literal["attack", "brace", "maneuver"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Run(Command):
    """R003-03..05, R003-13: roll an action die and move to ``to``."""

    name: ClassVar[str] = "run"
    die: Annotated[Die, Field(
        description="The action die rolled for it: `attack`, `brace` or `maneuver` (a "
                    "struggle may be paid with that die's resource).")]
    to: Annotated[str, Field(
        description="The id of the span or terrain feature moved into (an adjacent span, a "
                    "feature of this span, or this span to leave a feature).")]
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, one per die, for the rolls it "
                    "makes, starting with the action die; default null, the engine rolls "
                    "what is not given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Climb(Command):
    """R003-06..09: roll an action die to go up (or down, A003-10) one height toward ``to``."""

    name: ClassVar[str] = "climb"
    die: Annotated[Die, Field(
        description="The action die rolled for it: `attack`, `brace` or `maneuver` (a "
                    "struggle may be paid with that die's resource).")]
    to: Annotated[str, Field(
        description="The id of the feature or span climbed toward, one height per "
                    "success, up or down.")]
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, one per die, for the rolls it "
                    "makes, starting with the action die; default null, the engine rolls "
                    "what is not given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Float(Command):
    """R003-32: a floating character moves one span (``to``) or one height (``direction``)."""

    name: ClassVar[str] = "float"
    to: Annotated[str | None, Field(
        description="The id of the span or feature floated into; default null, give "
                    "`direction` instead.")] = None
    direction: Annotated[Direction | None, Field(
        description="`up` or `down`, to float one height instead of into a place; default "
                    "null, give `to` instead.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Fly(Command):
    """R003-34: like Run, and a move may also go one height up or down."""

    name: ClassVar[str] = "fly"
    die: Annotated[Die, Field(
        description="The action die rolled for it: `attack`, `brace` or `maneuver` (a "
                    "struggle may be paid with that die's resource).")]
    to: Annotated[str | None, Field(
        description="The id of the span or feature flown into; default null, give "
                    "`direction` instead.")] = None
    direction: Annotated[Direction | None, Field(
        description="`up` or `down`, to fly one height instead of into a place; default "
                    "null, give `to` instead.")] = None
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, one per die, for the rolls it "
                    "makes, starting with the action die; default null, the engine rolls "
                    "what is not given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Command):
    """R003-03, R003-34: the second move a success grants, without a roll."""

    name: ClassVar[str] = "move"
    to: Annotated[str | None, Field(
        description="The id of the span or feature the second move goes into; default "
                    "null, give `direction` instead.")] = None
    direction: Annotated[Direction | None, Field(
        description="`up` or `down`, for a second move of one height while airborne; "
                    "default null, give `to` instead.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeAction(Command):
    """R003-03, A003-13: the free action a success grants instead of a second move."""

    name: ClassVar[str] = "free_action"
    action: Annotated[str, Field(
        description="The name of the free action taken (anything but Run or Fly; Hide and "
                    "blocked maneuvers are refused where the conditions say so).")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Drop(Command):
    """A003-10: step off an edge (or stop flying) and fall to ``to`` (default: this span)."""

    name: ClassVar[str] = "drop"
    to: Annotated[str | None, Field(
        description="The id of the span fallen into: this span, an adjacent lower span or "
                    "an adjacent Skysea span; default null, this span.")] = None
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, for the fall's Maneuver roll; "
                    "default null, the engine rolls what is not given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class JumpAttack(Command):
    """R003-29, A003-21: fall on purpose onto a foe below. ``hit`` comes from the Attacks
    chapter; left out, the game master is asked."""

    name: ClassVar[str] = "jump_attack"
    target: Annotated[str, Field(
        description="The id of the foe below that the jumper falls onto.")]
    hit: Annotated[bool | None, Field(
        description="Whether the attack hits, as the Attacks chapter decides it; default "
                    "null, the GM is asked.")] = None
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, for the Maneuver rolls of the "
                    "fall; default null, the engine rolls what is not given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeOff(Command):
    """R003-30: a character that can fly (or rides a flier) becomes airborne, flying."""

    name: ClassVar[str] = "take_off"


@dataclass(frozen=True, slots=True, kw_only=True)
class Untether(Command):
    """R003-39: a Sorcerer's Untether makes the caster float (its cost is left to the table)."""

    name: ClassVar[str] = "untether"


@dataclass(frozen=True, slots=True, kw_only=True)
class Land(Command):
    """An airborne character standing at its span's ground height lands."""

    name: ClassVar[str] = "land"


@dataclass(frozen=True, slots=True, kw_only=True)
class Hands(Command):
    """Record how many hands are free (drawing or stowing is outside this chapter, A003-24)."""

    name: ClassVar[str] = "hands"
    needs_turn: ClassVar[bool] = False
    free: Annotated[Face, Field(
        description="How many of the character's hands are free now, 0 to 2.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Shove(Command):
    """A003-16: move ``target`` (within melee reach) one move to ``to``; whether the shove
    lands is the Attacks chapter's business, so the command records one that does."""

    name: ClassVar[str] = "shove"
    target: Annotated[str, Field(
        description="The id of the character shoved, within the actor's melee reach.")]
    to: Annotated[str, Field(
        description="The id of the span or feature the target is moved into, one move "
                    "away.")]
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in order, for the target's Maneuver roll "
                    "when the shove sends it over an edge (R003-28); default null, the "
                    "engine rolls what is not given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Command):
    """R003-11, R003-12, R003-17: declare a melee or ranged attack on ``target``; refused
    when the target cannot be targeted. The attack roll is the Attacks chapter's."""

    name: ClassVar[str] = "attack"
    target: Annotated[str, Field(
        description="The id of the character attacked.")]
    kind: Annotated[Literal["melee", "ranged"], Field(
        description="`melee` or `ranged`, which decides who can be targeted.")]


SPANS_COMMANDS: tuple[type[Command], ...] = (
    Run, Climb, Float, Fly, Move, FreeAction, Drop, JumpAttack, TakeOff, Untether, Land, Hands,
    Shove, Attack,
)
