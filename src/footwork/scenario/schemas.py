"""JSON Schemas of what the engine writes: the state JSON, an option, an event.

The shapes are pydantic models used only for their schema (the engine builds the
JSON itself, in :mod:`footwork.engine.view` and :mod:`footwork.engine.choices`); a
test validates every example's output against them, so the two cannot drift apart.
Every property carries a description. ``footwork schema --state/--option/--event``
prints them.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from footwork.engine.machine import Engine
from footwork.rulesets.base import Ruleset

DRAFT = "https://json-schema.org/draft/2020-12/schema"


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class OddsJSON(_Closed):
    """The probability of one outcome of a check."""

    p: float = Field(description="the probability, from 0 to 1, as a floating-point number")
    exact: str | None = Field(description="the exact probability as a fraction such as "
                              "'5/36'; null when the odds are approximate")


class CheckJSON(_Closed):
    """A check on the way and the probability of each of its outcomes."""

    name: str = Field(description="what is checked, in words (which roll, what it needs)")
    dice: str = Field(description="the dice rolled, in dice notation (e.g. '1d6', '3d6+2')")
    odds: dict[str, OddsJSON] = Field(
        description="each outcome tier (e.g. 'success', 'struggle', 'fail') and its "
                    "probability, in the ruleset's order")
    approximate: bool = Field(description="true when the dice were too costly to compute "
                              "exactly and the odds are estimated (the odds_work limit)")
    rules: list[str] = Field(description="the rule ids that govern the check")


class FallJSON(_Closed):
    """A fall an option may end in."""

    distance: float = Field(description="how far the fall goes, in the ruleset's vertical "
                            "unit (`unit`)")
    unit: str = Field(description="the unit of `distance`: 'm', 'u', 'height', 'band'...")
    damage: str = Field(description="what the landing deals: dice notation (e.g. '2d6') or, "
                        "when the ruleset's damage is not a roll, in words; empty when none")
    chance: OddsJSON | None = Field(description="the probability that the fall happens (1 "
                                    "when certain; below 1 when a roll decides it); null "
                                    "when it may happen but no roll decides it (a ruling)")
    damage_odds: dict[str, OddsJSON] = Field(
        description="where a roll decides the damage, the exact probability of each "
                    "outcome (e.g. '0 lethal', '1 lethal'); empty otherwise")
    rules: list[str] = Field(description="the rule ids that make it a fall and set its "
                             "damage")


class LossJSON(_Closed):
    """What the option may cost beyond its price."""

    what: str = Field(description="'action' (spent for nothing), 'turn' (nothing more this "
                      "turn) or 'move' (the actor stays where it is)")
    chance: OddsJSON = Field(description="the probability of the loss (1 when certain)")
    rules: list[str] = Field(description="the rule ids that decide the loss")


class RiskJSON(_Closed):
    """What may go wrong, in one shape for every ruleset; the option's ``risk`` is null
    when it is safe (or when its ruleset says nothing)."""

    words: str = Field(description="the risk in a few words, e.g. 'leaves the scene' or "
                       "'falls 2 heights (1/3 ≈33%): ...'")
    fall: FallJSON | None = Field(description="the fall it may end in, or null")
    hazards: list[str] = Field(description="the hazards it enters, in words")
    leaves_scene: OddsJSON | None = Field(description="the probability that the actor is "
                                          "taken out of the scene (e.g. a fall into the "
                                          "Skysea); null when it cannot be")
    loses: LossJSON | None = Field(description="the action or turn it may lose, or null")
    rules: list[str] = Field(description="the rule ids that make it dangerous")


class ConsequenceJSON(_Closed):
    """What one answer of a pending decision does."""

    choice: str = Field(description="the choice, as given in {answer: CHOICE}")
    text: str = Field(description="the consequence in one line: words, cost, odds, risk")
    words: str = Field(description="what the answer does, in words")
    cost: str = Field(description="what it spends, in words (empty when free)")
    checks: list[CheckJSON] = Field(description="the rolls that follow it, each with its "
                                    "exact odds")
    risk: RiskJSON | None = Field(description="what may go wrong after it, or null")
    rules: list[str] = Field(description="the rule ids that decide the consequence")


class OptionJSON(_Closed):
    """One thing an actor may do now (``footwork options --json`` lists them)."""

    model_config = ConfigDict(extra="forbid", title="footwork option")

    command: dict[str, Any] = Field(
        description="the full command that does it, as a step of an encounter file "
                    "(`do` or `answer` and its fields): give it to Session.do unchanged, "
                    "adding `roll` to supply dice rolled at the table")
    label: str = Field(description="the option in a few words, for a menu")
    to: str | None = Field(description="the place it moves the actor to; null when it does "
                           "not move the actor or ends anywhere in a region")
    cost: str = Field(description="what it spends, in words (empty when free)")
    checks: list[CheckJSON] = Field(description="the checks on the way, in the order they "
                                    "are rolled, each with its exact odds")
    rules: list[str] = Field(description="the rule ids that allow it and set its cost")
    region: list[list[list[list[float]]]] | None = Field(
        None, description="on metric maps, where the move may end: polygons, each a list of "
                          "rings, each ring a list of [x, y] points in map units")
    risk: RiskJSON | None = Field(
        None, description="what may go wrong (a fall and its odds, hazards, leaving the "
                          "scene, losing the action or turn); null when the option is safe")


class EventJSON(_Open):
    """One event of the log: a fact the engine folded into the state.

    Besides the properties below, an event carries the fields of its type (``actor``,
    ``round``, ``to``...): they are listed in its ruleset's README."""

    model_config = ConfigDict(extra="allow", title="footwork event")

    event: str = Field(description="the event's type, a stable name such as "
                       "'turn_started' or 'rolled'")
    rules: list[str] = Field(description="the rule ids that produced it, so that the log "
                             "reads as an explanation")
    text: str | None = Field(None, description="the event in one line of words (in the log "
                             "of the state JSON; absent from a bare event)")


class PendingJSON(_Closed):
    """A resolution stopped until an actor picks one of the choices."""

    actor: str = Field(description="the id of the actor who must answer (or the game "
                       "master's id)")
    kind: str = Field(description="which decision it is, a stable name set by the ruleset "
                      "(e.g. 'pay_or_fail', 'spend_pp')")
    choices: list[str] = Field(description="the answers accepted, each given as "
                               "{answer: CHOICE}")
    prompt: str = Field(description="the question, in words")
    context: dict[str, Any] = Field(description="what the ruleset needs to continue the "
                                    "resolution (plain data; read, never write)")
    rules: list[str] = Field(description="the rule ids that ask for the decision")
    consequences: list[ConsequenceJSON] = Field(
        default_factory=list,
        description="what each choice does and, where dice follow, their exact odds (one "
                    "entry per choice; empty when the ruleset does not say)")


class ActorJSON(_Open):
    """An actor as the state JSON shows it: these fields, then its ruleset's own."""

    id: str = Field(description="the actor's id, as the encounter file names it")
    side: str = Field(description="the side the actor is on (a seat `side:NAME` commands "
                      "every actor on it)")
    at: str | None = Field(description="the id of the place the actor stands in (null in a "
                           "player's view when that place is hidden from the seat)")


class StateJSON(_Closed):
    """The documented state JSON: ``footwork state FILE``, ``Session.to_json()``."""

    model_config = ConfigDict(extra="forbid", title="footwork state")

    ruleset: str = Field(description="the id of the ruleset the encounter is played under")
    round: int = Field(description="the round being played, counted from 1")
    turn: str | None = Field(description="the id of the actor whose turn it is; null once "
                             "the encounter has ended (in a player's view, the turn last "
                             "seen to begin, or null)")
    ended: bool = Field(description="true when no actor can take a turn any more: every "
                        "command is refused")
    order: list[str] = Field(description="the actor ids in turn order")
    actors: dict[str, ActorJSON] = Field(description="every actor by id, with its ruleset's "
                                         "fields (see the ruleset's README)")
    pending: PendingJSON | None = Field(description="the decision that must be answered "
                                        "before anything else, or null")
    world: dict[str, Any] = Field(description="what the ruleset tracks beyond its actors "
                                  "(e.g. zones revealed so far), by name")
    version: int | None = Field(None, description="how many events have been folded in; "
                                "left out of a player's view, where it would count hidden "
                                "events")
    log: list[EventJSON] | None = Field(None, description="every event so far that the view "
                                        "may see, in order (left out on request)")
    view: str = Field(description="whose view this is: gm, players, side:NAME or actor:ID")


def _finish(schema: dict[str, Any], title: str) -> dict[str, Any]:
    schema["$schema"] = DRAFT
    schema["title"] = title
    return schema


def option_schema() -> dict[str, Any]:
    """The JSON Schema of one option, as ``Option.to_json()`` writes it."""
    return _finish(OptionJSON.model_json_schema(), "footwork option")


def event_schema(ruleset: Ruleset[Any] | None = None) -> dict[str, Any]:
    """The JSON Schema of one event, as ``event_to_json`` writes it (and a log line, with
    its ``text``). With a ruleset, ``event`` is one of that ruleset's event types."""
    schema = EventJSON.model_json_schema()
    title = "footwork event"
    if ruleset is not None:
        schema["properties"]["event"]["enum"] = sorted(Engine(ruleset).event_kinds)
        title = f"footwork event ({ruleset.id})"
    return _finish(schema, title)


def state_schema(ruleset: Ruleset[Any] | None = None) -> dict[str, Any]:
    """The JSON Schema of the state JSON, as ``Session.to_json()`` writes it. With a
    ruleset, ``ruleset`` is its id and each log line one of its event types."""
    schema = StateJSON.model_json_schema()
    title = "footwork state"
    if ruleset is not None:
        schema["properties"]["ruleset"]["const"] = ruleset.id
        schema["$defs"]["EventJSON"]["properties"]["event"]["enum"] = sorted(
            Engine(ruleset).event_kinds)
        title = f"footwork state ({ruleset.id})"
    return _finish(schema, title)
