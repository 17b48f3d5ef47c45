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
    to: Annotated[str, Field(
        description="The id of the adjacent zone moved into.")]
    element: Annotated[Element | None, Field(
        description="The element, `air` or `earth`, of the Challenge rolled to cross "
                    "Difficult Terrain or a climb; default null, the character's higher "
                    "score.")] = None
    defender: Annotated[str | None, Field(
        description="The id of the occupant challenged when the zone moved into is full; "
                    "default null, none named.")] = None
    bonus: Annotated[Bonus, Field(
        description="A bonus added to the Result of the move's Challenges; default 0.")] = 0
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in the order the command's rolls take "
                    "them (a d20 for each Challenge, and any other die the move calls "
                    "for); default null, the engine rolls what is not given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class JointMove(Command):
    """R000-11..14: move with the partner into ``to``; each Challenges on its own.
    ``partner_sprints``: the partner spends its Action to Sprint too (A000-07);
    ``defender`` / ``partner_defender``: whom each Challenges at a full zone (R000-33)."""

    name: ClassVar[str] = "joint_move"
    to: Annotated[str, Field(
        description="The id of the adjacent zone both partners move into.")]
    element: Annotated[Element | None, Field(
        description="The element, `air` or `earth`, of the mover's own Challenge at "
                    "Difficult Terrain; default null, its higher score.")] = None
    partner_element: Annotated[Element | None, Field(
        description="The element, `air` or `earth`, of the partner's own Challenge at "
                    "Difficult Terrain; default null, the partner's higher score.")] = None
    partner_sprints: Annotated[bool, Field(
        description="Whether the partner spends its own Action to Sprint too; default "
                    "false, it keeps its Action.")] = False
    defender: Annotated[str | None, Field(
        description="The occupant the mover Challenges when the zone has no room for it; "
                    "default null, none named.")] = None
    partner_defender: Annotated[str | None, Field(
        description="The occupant the partner Challenges when the zone has no room left "
                    "for it once the mover is in; default null, none named.")] = None
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table, in the order the command's rolls take "
                    "them (a d20 for each partner's Challenge, and any other die the "
                    "move calls for); default null, the engine rolls what is not "
                    "given.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Sprint(Command):
    """R000-03, A000-03: the Sprint Action: the round's Speed budget becomes 3."""

    name: ClassVar[str] = "sprint"


@dataclass(frozen=True, slots=True, kw_only=True)
class Partner(Command):
    """R000-07..09, A000-33: name an ally in the zone as Partner; the ally is asked."""

    name: ClassVar[str] = "partner"
    target: Annotated[str, Field(
        description="The id of the ally in the same zone asked to become the Partner.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Unpartner(Command):
    """A000-33: end the partnership (a free declaration)."""

    name: ClassVar[str] = "unpartner"


@dataclass(frozen=True, slots=True, kw_only=True)
class Throw(Command):
    """R000-48..55: shove, throw or trip ``target`` into the adjacent zone ``to``; the target
    may forfeit its defence (a pending decision), unless it is unconscious: then the
    Challenge is rolled at once (A000-15, the s33 review)."""

    name: ClassVar[str] = "throw"
    target: Annotated[str, Field(
        description="The id of the character in the thrower's zone who is shoved, thrown "
                    "or tripped.")]
    to: Annotated[str, Field(
        description="The id of the zone, adjacent to the thrower's, the target is sent "
                    "into.")]
    element: Annotated[Element | None, Field(
        description="The element, `air` or `earth`, of the thrower's Challenge against "
                    "the target's defence; default null, Earth.")] = None
    bonus: Annotated[Bonus, Field(
        description="A bonus added to the Result of the thrower's Challenge; default "
                    "0.")] = 0
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table for the thrower's Challenge when it is rolled "
                    "at once (an unconscious target, asked nothing: A000-15); a conscious "
                    "target's answer carries the roll instead. Default null, the engine "
                    "rolls.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Shift(Command):
    """R000-77, A000-24: spend 1 Speed to move one band up or down."""

    name: ClassVar[str] = "shift"
    direction: Annotated[Direction, Field(
        description="`up` or `down`: the band the character moves to, one away, for 1 "
                    "Speed.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class ReachBand(Command):
    """R000-76: spend 1 Speed to interact with ``target`` one band away, staying put."""

    name: ClassVar[str] = "reach_band"
    target: Annotated[str, Field(
        description="The id of the character, in the zone and one band away, to interact "
                    "with.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Sense(Command):
    """R000-71, R000-72, A000-32: Challenge ``target``'s Stealth defence to become aware of
    it (a hidden foe, or the source of a LoS-ignoring Art)."""

    name: ClassVar[str] = "sense"
    target: Annotated[str, Field(
        description="The id of the character whose Stealth defence is challenged, to "
                    "become aware of it.")]
    element: Annotated[Element, Field(
        description="The element, `air` or `earth`, of the Challenge; default "
                    "`earth`.")] = "earth"
    roll: Annotated[Faces | None, Field(
        description="Faces rolled at the table for the Challenge's d20; default null, the "
                    "engine rolls it.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class UseBenefit(Command):
    """R000-54: use the start-of-turn benefit of the zone one stands in (or was thrown into)."""

    name: ClassVar[str] = "use_benefit"
    needs_turn: ClassVar[bool] = False
    benefit: Annotated[str, Field(
        description="The name of a start-of-turn benefit the character may use now (from "
                    "the zone it stands in or was thrown into).")]


@dataclass(frozen=True, slots=True, kw_only=True)
class UseItem(Command):
    """R000-19: use a consumable item lying in one's zone."""

    name: ClassVar[str] = "use_item"
    item: Annotated[str, Field(
        description="The name of a consumable item lying in the character's zone, used "
                    "up.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Waive(Command):
    """R000-28: the Storyteller waives ``zone``'s Difficult Terrain, any climb into it
    (R000-37) and its anti-gravity's ½ (R000-61), for ``target`` this round (give
    ``actor: gm``)."""

    name: ClassVar[str] = "waive"
    needs_turn: ClassVar[bool] = False
    target: Annotated[str, Field(
        description="The id of the character spared the Difficult Terrain this round.")]
    zone: Annotated[str, Field(
        description="The id of the zone whose Difficult Terrain (with any climb into it "
                    "and its anti-gravity's) is waived.")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Fall(Command):
    """R000-40, R000-41: the Storyteller makes ``target`` fall ``metres`` onto ``onto``
    (default: its own zone) — a collapsing floor, a broken flight (give ``actor: gm``)."""

    name: ClassVar[str] = "fall"
    needs_turn: ClassVar[bool] = False
    target: Annotated[str, Field(
        description="The id of the character made to fall.")]
    metres: Annotated[FallMetres, Field(
        description="How far the character falls, in metres, above 0.")]
    onto: Annotated[str | None, Field(
        description="The id of the zone the fall lands in; default null, the character's "
                    "own zone.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Switch(Command):
    """R000-61: the Storyteller turns a zone's anti-gravity on or off (give ``actor: gm``)."""

    name: ClassVar[str] = "switch"
    needs_turn: ClassVar[bool] = False
    zone: Annotated[str, Field(
        description="The id of the zone whose anti-gravity is switched.")]
    on: Annotated[bool, Field(
        description="True to turn the anti-gravity on, false to turn it off (those aloft "
                    "then fall).")]


@dataclass(frozen=True, slots=True, kw_only=True)
class Damage(Command):
    """R000-21, R000-42: an effect aimed at ``zone`` hits everyone in it for ``amount``
    (give ``actor: gm``); Aura first, Wounds by the usual rules (A000-11)."""

    name: ClassVar[str] = "zone_effect"
    needs_turn: ClassVar[bool] = False
    zone: Annotated[str, Field(
        description="The id of the zone the effect is aimed at; everyone in it is hit.")]
    amount: Annotated[Amount, Field(
        description="The damage each is dealt, in points, 0 or more, taken off the Aura "
                    "first.")]


CULTIVATION_COMMANDS: tuple[type[Command], ...] = (
    Move, JointMove, Sprint, Partner, Unpartner, Throw, Shift, ReachBand, Sense, UseBenefit,
    UseItem, Waive, Fall, Switch, Damage,
)
