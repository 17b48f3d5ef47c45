"""The movement pipeline of the core (issue 16): every step passes leaving, crossing,
entering and arriving in order; a forbidden step refuses a chosen path and stops a
forced one, the same ruling whatever the cause. A toy world of named rooms, no ruleset."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import ClassVar

import pytest

from footwork.engine.events import Event
from footwork.engine.movement import PASS, Path, Pipeline, Ruling, Step, Walk
from footwork.engine.rolling import Roller
from footwork.errors import IllegalCommand


@dataclass(frozen=True)
class World:
    at: str
    rooms: dict[str, int]  # room -> how many more it takes
    fell: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Went(Event):
    type: ClassVar[str] = "went"
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Dropped(Event):
    type: ClassVar[str] = "dropped"


def evolve(world: World, event: Event) -> World:
    if isinstance(event, Went):
        rooms = dict(world.rooms)
        rooms[event.to] -= 1
        return replace(world, at=event.to, rooms=rooms)
    if isinstance(event, Dropped):
        return replace(world, fell=True)
    return world


seen: list[str] = []


def leaving(walk: Walk[World, str], step: Step[str]) -> Ruling:
    seen.append(f"leave {step.frm}")
    return PASS


def full(walk: Walk[World, str], step: Step[str]) -> Ruling:
    seen.append(f"enter {step.to}")
    if walk.state.rooms[step.to] <= 0:
        return walk.refuse("full", f"{step.to} is full", ("R999-01",))
    return PASS


def pit(walk: Walk[World, str], step: Step[str]) -> Ruling:
    seen.append(f"arrive {step.to} at {walk.state.at}")
    if step.to == "pit":
        return walk.stop_after("fell", "the floor gives way", ("R999-02",), [Dropped()])
    return PASS


PIPELINE: Pipeline[World, str] = Pipeline(
    leaving=(leaving,), crossing=(), entering=(full,), arriving=(pit,),
    moved=lambda walk, step: [Went(to=step.to)], evolve=evolve)
ROLLER = Roller(random.Random(0))


def path(*rooms: str, forced: bool = False) -> Path[str]:
    steps = tuple(Step(a, b, "walk") for a, b in pairwise(rooms))
    return Path("ada", "current" if forced else "move", steps, forced=forced)


def test_every_step_passes_the_stages_in_order_and_sees_the_earlier_steps() -> None:
    seen.clear()
    world = World("hall", {"hall": 1, "yard": 1, "gate": 1})
    done = PIPELINE.walk(world, path("hall", "yard", "gate"), ROLLER)
    assert seen == ["leave hall", "enter yard", "arrive yard at yard",
                    "leave yard", "enter gate", "arrive gate at gate"]
    assert done.stop is None and done.taken == 2 and done.state.at == "gate"
    assert [type(e) for e in done.events] == [Went, Went]


def test_a_full_place_refuses_a_chosen_path_and_stops_a_forced_one_before_it() -> None:
    world = World("hall", {"hall": 1, "yard": 1, "gate": 0})
    with pytest.raises(IllegalCommand) as refused:
        PIPELINE.walk(world, path("hall", "yard", "gate"), ROLLER)
    assert refused.value.reason == "full" and refused.value.rules == ("R999-01",)
    carried = PIPELINE.walk(world, path("hall", "yard", "gate", forced=True), ROLLER)
    assert carried.stop is not None and carried.stop.reason == "full"
    assert carried.taken == 1 and carried.state.at == "yard"  # stopped before the gate
    assert carried.stopped_by == "entering:full"


def test_a_stop_after_arriving_keeps_the_arrival_and_ends_the_path() -> None:
    world = World("hall", {"hall": 1, "pit": 1, "gate": 1})
    done = PIPELINE.walk(world, path("hall", "pit", "gate"), ROLLER)
    assert done.stop is not None and not done.stop.before and done.taken == 1
    assert done.state.at == "pit" and done.state.fell


def test_one_step_is_ruled_alike_whatever_the_cause() -> None:
    world = World("hall", {"hall": 1, "gate": 0})
    step = Step("hall", "gate", "walk")
    chosen = PIPELINE.rule_step(world, path("hall", "gate"), step, ROLLER)
    forced = PIPELINE.rule_step(world, path("hall", "gate", forced=True), step, ROLLER)
    assert isinstance(chosen, IllegalCommand) and not isinstance(forced, IllegalCommand)
    assert forced.stop is not None
    assert (chosen.reason, chosen.rules) == (forced.stop.reason, forced.stop.rules)


def test_a_check_through_entering_moves_nothing_and_still_refuses() -> None:
    """What a ruleset checks without dice (options, a command's check) stops after
    entering: nothing is moved, and a forbidden step is still refused."""
    world = World("hall", {"hall": 1, "yard": 1, "gate": 0})
    walk = Walk(path("hall", "yard"), world, ROLLER, evolve)
    checked = PIPELINE.follow(walk, through="entering")
    assert checked.stop is None and checked.events == () and checked.state.at == "hall"
    with pytest.raises(IllegalCommand):
        PIPELINE.follow(Walk(path("hall", "gate"), world, ROLLER, evolve), through="entering")
