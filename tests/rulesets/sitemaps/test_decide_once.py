"""Deciding a move or a rush plans its way twice (once within the budget to validate it,
once to resolve it, as a resumed move is, R004-18): within one decide the second plan
reads the first one's traces and stage rulings (issue 24 item 4: the costliest commands
of a table). The oracle is the decide without that memory: the same events, or the same
refusal, for every move and rush of the tavern brawl, from the game master's seat and
from a side that does not know the kitchen (R004-02, A004-17)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest

from footwork.engine import Session
from footwork.engine.seats import GM, Seat
from footwork.engine.view import UNKNOWN_PLACES, View
from footwork.errors import FootworkError
from footwork.rulesets.sitemaps import pipeline, ruleset
from footwork.scenario import load_encounter
from footwork.space.zonemap import ZoneMap

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "sitemaps"


@pytest.fixture(scope="module")
def brawl() -> tuple[Session[Any], list[Any]]:
    """The tavern brawl and the states along its steps (a state every other step)."""
    encounter = load_encounter(EXAMPLES / "tavern-brawl.yaml")
    s = encounter.session()
    states = [s.state]
    for step in encounter.steps:
        if step.kind == "command" and step.command is not None:
            s.do(step.command)
            states.append(s.state)
    return s, [state for n, state in enumerate(states)
               if n % 2 == 0 or state.pending is not None]


def _commands(s: Session[Any], state: Any) -> list[dict[str, Any]]:
    """The moves and rushes offered to the one whose turn it is, each also sent a step
    off its spot, through a via point, and to every zone (too far, unknown or blocked);
    while a decision waits, each of its answers."""
    if state.ended:
        return []
    if state.pending is not None:
        return [{"answer": choice, "actor": state.pending.actor, "roll": [roll]}
                for choice in state.pending.choices for roll in (3, 12)]
    who = state.current
    out: list[dict[str, Any]] = []
    for option in s.engine.options(state, who):
        command = dict(option.command)
        if command["do"] not in ("move", "rush"):
            continue
        x, y = command["at"]
        out += [command, {**command, "at": [x + 0.7, y - 0.4]},
                {**command, "via": [[(x + state.actors[who].point[0]) / 2,
                                     (y + state.actors[who].point[1]) / 2]]}]
    zones = list(s.engine.ruleset.place_ids(state.space))
    out += [{"do": do, "actor": who, "to": zone, "at": [1.0, 1.0]}
            for do in ("move", "rush") for zone in zones[::3]]
    return out


def _decided(view: View[Any], state: Any, command: dict[str, Any]) -> Any:
    try:
        return list(view.decide(state, command))
    except FootworkError as exc:
        return (type(exc).__name__, str(exc))


def test_a_move_decided_with_memory_is_the_one_without(
        brawl: tuple[Session[Any], list[Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    s, states = brawl
    views = [View(s.engine, GM), View(s.engine, Seat.parse("side:patrons"))]
    cases = [(view, state, command) for state in states
             for command in _commands(s, state) for view in views]
    remembered = [_decided(*case) for case in cases]
    monkeypatch.setattr(ruleset, "remembering_ways", contextlib.nullcontext)
    forgetful = [_decided(*case) for case in cases]
    accepted = sum(not isinstance(r, tuple) for r in remembered)
    assert accepted > 50 and len(cases) - accepted > 50  # both kinds, many of each
    assert remembered == forgetful


def test_each_way_is_ruled_once_a_decide(brawl: tuple[Session[Any], list[Any]],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The second plan of a move asks the stages nothing: each traced way is walked
    through them once on each map (without the memory, twice); a player's move is
    planned on its seat's map, then on the whole map, once. Nothing is kept after the
    decide."""
    s, states = brawl
    ruled: list[Any] = []
    real = pipeline.rule_route

    def counted(state: Any, actor: Any, cause: str, path: Any, *rest: Any) -> Any:
        ruled.append((UNKNOWN_PLACES in state.world, cause, path.legs, path.zones, rest))
        return real(state, actor, cause, path, *rest)

    monkeypatch.setattr(pipeline, "rule_route", counted)
    checked = {True: 0, False: 0}
    for view in (View(s.engine, GM), View(s.engine, Seat.parse("side:patrons"))):
        for state in states:
            for command in _commands(s, state)[:6]:
                ruled.clear()
                try:
                    view.decide(state, command)
                except FootworkError:
                    continue
                assert len(ruled) == len(set(map(repr, ruled))), command
                assert pipeline._RULED.get() is None
                checked[any(r[0] for r in ruled)] += 1
    assert checked[True] >= 5 and checked[False] >= 10, checked


def test_an_answer_walks_the_way_its_move_traced(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move stopped by a pin offer (R004-19) is resumed by the answer along the way the
    move's decide traced: the map kept it, nothing is traced again."""
    traced: list[Any] = []
    real = ZoneMap._trace

    def counted(self: ZoneMap, *args: Any, **kwargs: Any) -> Any:
        traced.append(args)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ZoneMap, "_trace", counted)
    encounter = load_encounter(EXAMPLES / "tavern-brawl.yaml")
    s = encounter.session()
    resumed = 0
    for step in encounter.steps:
        if step.kind != "command" or step.command is None:
            continue
        s.do(step.command)  # a move that meets a pin: its way traced here
        pending = s.state.pending
        if pending is not None and pending.kind == "pin":
            traced.clear()
            s.engine.decide(s.state, {"answer": "let_pass", "actor": pending.actor})
            assert traced == []
            resumed += 1
    assert resumed >= 1
