"""The engine with a toy ruleset: turns, rounds, hooks, pending decisions, dice, replay, undo."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from footwork.engine import Engine, Session, rng_for
from footwork.engine.events import (
    DecisionMade,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    TurnStarted,
    event_from_json,
    event_to_json,
)
from footwork.errors import DiceError, IllegalCommand, InvalidCommand
from footwork.rulesets import available, register, unregister
from footwork.scenario import Encounter, encounter_from_text

from .toy import TOY_FILE, Stepped, ToyRuleset


@pytest.fixture
def toy() -> Iterator[Encounter]:
    register(ToyRuleset)
    try:
        yield encounter_from_text(TOY_FILE, "toy.yaml")
    finally:
        unregister("toy")


def test_toy_ruleset_is_found_by_id(toy: Encounter) -> None:
    assert "toy" in available()
    assert toy.ruleset.id == "toy"


def test_opening_events_start_round_one_and_skip_ghosts(toy: Encounter) -> None:
    session = toy.session()
    assert [type(e) for e in session.events] == [RoundStarted, TurnStarted]
    assert session.state.current == "p"
    session.do({"do": "end_turn", "actor": "p"})
    assert session.state.current == "q"  # the ghost g never takes a turn


def test_round_end_hooks_run_between_rounds(toy: Encounter) -> None:
    """Round-end effects are the ruleset's; the engine calls them once per round, in order."""
    session = toy.session()
    session.do({"do": "end_turn", "actor": "p"})
    session.do({"do": "step", "actor": "q", "to": "river"})
    events = session.do({"do": "end_turn", "actor": "q"})
    assert [type(e) for e in events] == [TurnEnded, RoundEnded, Stepped, RoundStarted,
                                         TurnStarted]
    assert session.state.actors["q"].at == "a"  # carried by the current
    assert session.state.round == 2 and session.state.current == "p"


def test_out_of_turn_and_unknown_actor_are_refused(toy: Encounter) -> None:
    session = toy.session()
    before = session.state
    with pytest.raises(IllegalCommand) as info:
        session.do({"do": "step", "actor": "q", "to": "b"})
    assert info.value.reason == "not_your_turn"
    with pytest.raises(IllegalCommand) as info:
        session.do({"do": "step", "actor": "nobody", "to": "b"})
    assert info.value.reason == "unknown_actor"
    assert session.state is before and len(session.history) == 0


def test_invalid_commands_name_the_field() -> None:
    engine = Engine(ToyRuleset())
    with pytest.raises(InvalidCommand, match="unknown command 'fly'"):
        engine.parse({"do": "fly", "actor": "p"})
    with pytest.raises(InvalidCommand, match="to: missing field"):
        engine.parse({"do": "step", "actor": "p"})
    with pytest.raises(InvalidCommand, match="expected a 'do' field"):
        engine.parse({"actor": "p"})


def _bust(session: Session[Any]) -> None:
    session.do({"do": "gamble", "actor": "p", "roll": [1]})


def test_pending_decision_blocks_other_commands(toy: Encounter) -> None:
    session = toy.session()
    _bust(session)
    pending = session.state.pending
    assert pending is not None and pending.actor == "p" and pending.choices == ("stay", "flee")
    with pytest.raises(IllegalCommand) as info:
        session.do({"do": "step", "actor": "p", "to": "b"})
    assert info.value.reason == "decision_pending"
    with pytest.raises(IllegalCommand) as info:
        session.do({"answer": "flee", "actor": "q"})
    assert info.value.reason == "not_your_decision"
    with pytest.raises(IllegalCommand) as info:
        session.do({"answer": "dance"})
    assert info.value.reason == "bad_choice"
    events = session.do({"answer": "flee"})
    assert isinstance(events[0], DecisionMade) and session.state.pending is None
    assert session.state.actors["p"].at == "b"


def test_answer_with_nothing_pending(toy: Encounter) -> None:
    with pytest.raises(IllegalCommand) as info:
        toy.session().do({"answer": "stay"})
    assert info.value.reason == "nothing_pending"


def test_options_while_pending_are_the_answers(toy: Encounter) -> None:
    session = toy.session()
    _bust(session)
    assert [o.command for o in session.options("p")] == [
        {"answer": "stay", "actor": "p"}, {"answer": "flee", "actor": "p"}]
    assert session.options("q") == ()


def test_options_only_for_the_current_actor(toy: Encounter) -> None:
    session = toy.session()
    assert session.options("q") == ()
    labels = [o.label for o in session.options("p")]
    assert labels == ["step to b", "gamble", "end the turn"]


def test_supplied_faces_are_validated(toy: Encounter) -> None:
    session = toy.session()
    with pytest.raises(DiceError, match=r"roll\[0\]: 7 is not a face of d6 \(expected 1 to 6\)"):
        session.do({"do": "gamble", "actor": "p", "roll": [7]})
    with pytest.raises(DiceError, match="not needed by any roll"):
        session.do({"do": "gamble", "actor": "p", "roll": [2, 3]})
    assert len(session.history) == 0


def test_engine_rolls_are_deterministic_from_seed_and_version(toy: Encounter) -> None:
    """decide is pure: the same state and command give the same events."""
    engine, state = toy.engine, toy.session().state
    command = engine.parse({"do": "gamble", "actor": "p"})
    assert engine.decide(state, command) == engine.decide(state, command)
    other = replace(state, seed=state.seed + 1)
    faces = {engine.decide(replace(other, version=v), command)[0].values  # type: ignore[attr-defined]
             for v in range(30)}
    assert len(faces) > 1
    assert rng_for(5, 3).random() == rng_for(5, 3).random()


def test_replay_and_json_round_trip(toy: Encounter) -> None:
    session = toy.session()
    session.do({"do": "gamble", "actor": "p"})
    if session.state.pending is not None:
        session.do({"answer": "stay"})
    session.do({"do": "end_turn", "actor": "p"})
    session.do({"do": "step", "actor": "q", "to": "river"})
    session.do({"do": "end_turn", "actor": "q"})
    engine = toy.engine
    assert engine.replay(toy.initial, session.events) == session.state
    decoded = [event_from_json(event_to_json(e), engine.event_kinds) for e in session.events]
    assert engine.replay(toy.initial, decoded) == session.state


def test_undo_replays_without_the_last_command(toy: Encounter) -> None:
    session = toy.session()
    start = session.state
    session.do({"do": "step", "actor": "p", "to": "b"})
    after_step = session.state
    session.do({"do": "end_turn", "actor": "p"})
    undone = session.undo()
    assert undone is not None and undone.name == "end_turn"
    assert session.state == after_step
    session.undo()
    assert session.state == start
    assert session.undo() is None


def test_state_json_is_the_documented_shape(toy: Encounter) -> None:
    session = toy.session()
    session.do({"do": "step", "actor": "p", "to": "b"})
    body = session.to_json()
    assert body["turn"] == "p" and body["round"] == 1 and body["pending"] is None
    assert body["actors"]["p"] == {"id": "p", "side": "x", "at": "b", "ghost": False, "steps": 1}
    assert body["log"][-1] == {"event": "stepped", "actor": "p", "to": "b", "rules": ["T-1"],
                               "text": "stepped"}


def test_evolve_never_mutates(toy: Encounter) -> None:
    session = toy.session()
    state = session.state
    snapshot = replace(state, actors=dict(state.actors))
    toy.engine.evolve(state, Stepped(actor="p", to="b"))
    assert state == snapshot


VOID_FILE = TOY_FILE.replace("zones: [a, b, c, river]", "zones: [a, b, c, river, void]") \
    .replace("links: [[a, b], [b, c], [c, river]]",
             "links: [[a, b], [b, c], [c, river], [a, void]]")


def test_the_turn_passes_when_its_holder_leaves_the_scene(toy: Encounter) -> None:
    """The core, from the ruleset's generic fact alone (``takes_turns``): p steps into the
    void on its own turn; the same command ends that turn and starts q's (the ghost g is
    skipped), as events, so replay equals live and undo gives the turn back."""
    session = encounter_from_text(VOID_FILE, "void.yaml").session()
    before = session.state
    events = session.do({"do": "step", "actor": "p", "to": "void"})
    assert [e.type for e in events] == ["stepped", "turn_passed", "turn_ended", "turn_started"]
    assert events[1].describe() == "p is out of the scene: the turn passes on"
    assert (session.state.current, session.state.round) == ("q", 1)
    assert session.engine.replay(session.initial, session.events) == session.state
    decoded = [event_from_json(event_to_json(e), session.engine.event_kinds)
               for e in session.events]
    assert session.engine.replay(session.initial, decoded) == session.state
    session.undo()
    assert session.state == before
    # the last one in the scene leaves: the round closes, nobody is left, it is over
    session.do({"do": "step", "actor": "p", "to": "void"})
    session.do({"do": "step", "actor": "q", "to": "river"})
    session.do({"do": "end_turn", "actor": "q"})  # the current carries q to a (round end)
    assert (session.state.round, session.state.current) == (2, "q")
    session.do({"do": "step", "actor": "q", "to": "void"})
    assert session.state.ended and session.actor_to_move is None


def test_a_pending_decision_holds_the_turn_until_answered(toy: Encounter) -> None:
    """The turn passes only once the resolution is over: p gambles and busts at a, whose
    first way out is the void; while the decision waits p keeps the turn, and fleeing
    into the void passes it to q in the answer's own events."""
    data = VOID_FILE.replace("links: [[a, b],", "links: [[a, void], [a, b],") \
        .replace(", [a, void]]", "]")
    session = encounter_from_text(data, "void.yaml").session()
    session.do({"do": "gamble", "actor": "p", "roll": [1]})
    assert session.state.pending is not None and session.state.current == "p"
    events = session.do({"answer": "flee"})
    assert [e.type for e in events][:3] == ["decision_made", "stepped", "turn_passed"]
    assert session.state.actors["p"].at == "void" and session.state.current == "q"
    assert session.engine.replay(session.initial, session.events) == session.state
