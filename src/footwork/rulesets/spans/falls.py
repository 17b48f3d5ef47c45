"""Falls: heights and surface give guard and lethal damage; a Maneuver roll softens the
landing; abilities may avoid it (R003-25..29, R003-36..39, A003-08, A003-19..21, A003-25).

A fall may stop twice for a decision (an avoiding ability, then Leaf on the Wind),
so its progress travels in the pending decision's context as plain data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from footwork.engine.choices import consequences_json
from footwork.engine.events import DecisionRequested, Event, Rolled
from footwork.engine.rolling import Roller
from footwork.engine.state import CONSEQUENCES
from footwork.engine.words import count
from footwork.rulesets.spans.checks import action_die
from footwork.rulesets.spans.damage import AVOIDING, applied_damage
from footwork.rulesets.spans.events import (
    Damaged,
    FallAvoided,
    Fell,
    Landed,
    LostInSkysea,
    ModeChanged,
)
from footwork.rulesets.spans.geometry import SpansState, defeated
from footwork.rulesets.spans.model import SpansMap
from footwork.rulesets.spans.options import SpansOptions
from footwork.rulesets.spans.stakes import (
    avoid_consequences,
    leaf_consequences,
    pick_consequences,
)


def start_fall(
    state: SpansState, actor_id: str, onto: str, cause: str, roller: Roller,
    *, from_height: int | None = None,
) -> list[Event]:
    """Events of ``actor_id`` falling onto the place ``onto`` (a span or a feature)."""
    m: SpansMap = state.space
    actor = state.actors[actor_id]
    start = actor.height if from_height is None else from_height
    heights = start - m.top(onto)
    surface = m.surface(onto)
    ctx = {"actor": actor_id, "onto": onto, "heights": heights, "cause": cause}
    events: list[Event] = [
        Fell(actor=actor_id, heights=heights, surface=surface, onto=onto,
             rules=("R003-25", "R003-26") if surface == "skysea" else ("R003-25",))
    ]
    # a defeated body casts nothing (A003-16, life.zero; the s33 review)
    ways = () if defeated(state, actor) else tuple(a for a in AVOIDING if a in actor.abilities)
    if surface == "skysea":  # R003-26: no surface to land on, softly or not; floating still saves
        ways = tuple(a for a in ways if a != "ride_wind")
    if ways:
        events.append(DecisionRequested(
            actor=actor_id, kind="avoid_fall", choices=(*ways, "none"),
            prompt=f"{actor_id} falls {count(heights, 'height')}: use an ability to avoid it?",
            context={**ctx, "stage": "avoid", CONSEQUENCES: consequences_json(
                avoid_consequences(state, actor, ways, onto, heights))},
            rules=("R003-38", "R003-39", "A003-25"),
        ))
        return events
    return events + _land(state, ctx, roller)


def continue_fall(
    state: SpansState, kind: str, choice: str, ctx: Mapping[str, Any], roller: Roller
) -> list[Event]:
    """Resume a fall after the faller answered ``kind`` with ``choice``."""
    m: SpansMap = state.space
    actor_id = str(ctx["actor"])
    onto = str(ctx["onto"])
    if kind == "avoid_fall":
        if choice == "ride_wind":  # R003-38: no falling damage at all
            return [
                FallAvoided(actor=actor_id, by="Ride Wind", rules=("R003-38",)),
                Landed(actor=actor_id, at=onto, height=m.top(onto), rules=("R003-38",)),
            ]
        if choice == "untether":  # R003-39: the sorcerer floats instead of falling
            return [
                FallAvoided(actor=actor_id, by="Untether", rules=("R003-39",)),
                ModeChanged(actor=actor_id, mode="floating", rules=("R003-39",)),
            ]
        return _land(state, ctx, roller)
    if kind == "leaf_on_the_wind":
        first = int(ctx["first"])
        if choice == "keep":
            return _damage(state, ctx, first)
        roll, supplied = roller.roll(_maneuver(state, actor_id), where="roll")
        second = roll.total
        return [
            Rolled(actor=actor_id, check="Maneuver (Leaf on the Wind reroll)",
                   dice=str(roll.dice), values=roll.values, total=second,
                   outcome=f"{max(0, second)} off the lethal damage", supplied=supplied,
                   rules=("R003-37",)),
            DecisionRequested(
                actor=actor_id, kind="pick_result", choices=("first", "second"),
                prompt=f"keep the first Maneuver result ({first}) or the second ({second})?",
                context={**ctx, "first": first, "second": second, "stage": "pick",
                         CONSEQUENCES: consequences_json(pick_consequences(
                             state, state.actors[actor_id], onto, int(ctx["heights"]), first,
                             second))},
                rules=("R003-37",),
            ),
        ]
    if kind == "pick_result":
        return _damage(state, ctx, int(ctx[choice]))
    raise ValueError(f"not a fall decision: {kind}")


def _maneuver(state: SpansState, actor_id: str) -> Any:
    opts: SpansOptions = state.options
    return action_die(state.actors[actor_id], "maneuver", opts.dice.default_die)


def _land(state: SpansState, ctx: Mapping[str, Any], roller: Roller) -> list[Event]:
    m: SpansMap = state.space
    actor_id = str(ctx["actor"])
    opts: SpansOptions = state.options
    if m.surface(str(ctx["onto"])) == "skysea" and opts.fall.skysea == "remove":
        # R003-26, A003-20: no surface, no damage: the faller leaves the scene
        return [LostInSkysea(actor=actor_id, rules=("R003-26", "A003-20"))]
    if defeated(state, state.actors[actor_id]):
        # R003-28's roll is a free action, and a defeated body takes none (A003-16,
        # life.zero; the s33 review): nothing comes off the lethal damage
        return _damage(state, ctx, 0)
    # R003-28, R003-36: everyone gets the free Maneuver roll to land safely
    roll, supplied = roller.roll(_maneuver(state, actor_id), where="roll")
    first = roll.total
    events: list[Event] = [
        Rolled(actor=actor_id, check="Maneuver (land safely)", dice=str(roll.dice),
               values=roll.values, total=first,
               outcome=f"{max(0, first)} off the lethal damage",
               supplied=supplied, rules=("R003-28", "R003-36"))
    ]
    if "leaf_on_the_wind" in state.actors[actor_id].abilities:
        events.append(DecisionRequested(
            actor=actor_id, kind="leaf_on_the_wind", choices=("keep", "reroll"),
            prompt=f"Maneuver rolled {first}: keep it or reroll with Leaf on the Wind?",
            context={**ctx, "first": first, "stage": "leaf",
                     CONSEQUENCES: consequences_json(leaf_consequences(
                         state, state.actors[actor_id], str(ctx["onto"]), int(ctx["heights"]),
                         first))},
            rules=("R003-37",),
        ))
        return events
    return events + _damage(state, ctx, first)


def _damage(state: SpansState, ctx: Mapping[str, Any], maneuver: int) -> list[Event]:
    m: SpansMap = state.space
    opts: SpansOptions = state.options
    actor_id = str(ctx["actor"])
    onto = str(ctx["onto"])
    guard, lethal = applied_damage(
        opts, state.actors[actor_id], int(ctx["heights"]), m.surface(onto), maneuver
    )
    return [
        Damaged(actor=actor_id, guard=guard, lethal=lethal, cause=str(ctx["cause"]),
                rules=("R003-25", "R003-27", "R003-28", "A003-08", "A003-19")),
        Landed(actor=actor_id, at=onto, height=m.top(onto), rules=("R003-25",)),
    ]
