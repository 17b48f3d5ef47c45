"""The public library (issue 13, item 15): every public name documented and typed, the
turn as the JSON says it, options refusing an unknown actor, sessions saved and restored,
commands and events through their JSON."""

from __future__ import annotations

import inspect
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import footwork
from footwork import (
    CheckOdds,
    Encounter,
    IllegalCommand,
    InvalidEvent,
    Option,
    Outcome,
    ScenarioError,
    Session,
    command_from_json,
    command_to_json,
    encounter_from_text,
    event_from_json,
    event_to_json,
    load_encounter,
    play,
)
from footwork.errors import FootworkError, RulesetError

from ..conftest import EXAMPLES, example_files

FILES = [f for f in example_files() if f.parent.parent == EXAMPLES]
IDS = [f"{f.parent.name}/{f.stem}" for f in FILES]

PIER = """\
footwork: 1
ruleset: spans
seed: 3
map:
  spans: [{id: deck}, {id: pier}]
  links: [[deck, pier]]
actors:
  - {id: ada, side: crew, at: deck}
  - {id: brin, side: crew, at: pier}
"""


def _played(path: Path) -> Session[Any]:
    outcome = play(load_encounter(path))
    assert outcome.ok, outcome.failures
    return outcome.session


# -- the surface -----------------------------------------------------------------------

def test_every_public_name_has_a_docstring_and_full_annotations() -> None:
    faults = []
    for name in footwork.__all__:
        obj = getattr(footwork, name)
        if not (obj.__doc__ or "").strip():
            faults.append(f"{name}: no docstring")
        if inspect.isfunction(obj):
            sig = inspect.signature(obj)
            if sig.return_annotation is inspect.Signature.empty:
                faults.append(f"{name}: no return type")
            faults += [f"{name}({p}): no type" for p, v in sig.parameters.items()
                       if v.annotation is inspect.Parameter.empty]
    assert faults == []


@pytest.mark.parametrize("cls", [Session, Option, CheckOdds, Encounter, Outcome])
def test_the_library_classes_document_and_type_every_public_member(cls: type) -> None:
    faults = []
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        func = member.fget if isinstance(member, property) else getattr(
            member, "__func__", member)
        if not callable(func):
            continue
        if not (func.__doc__ or "").strip():
            faults.append(f"{cls.__name__}.{name}: no docstring")
        if inspect.signature(func).return_annotation is inspect.Signature.empty:
            faults.append(f"{cls.__name__}.{name}: no return type")
    assert faults == []


def test_what_a_vtt_needs_is_exported() -> None:
    for name in ("Session", "Option", "Seat", "View", "event_to_json", "event_from_json",
                 "command_to_json", "command_from_json", "available", "get_ruleset",
                 "state_schema", "option_schema", "event_schema", "FootworkError",
                 "IllegalCommand", "explain"):
        assert name in footwork.__all__, name


# -- the turn ------------------------------------------------------------------------

def test_actor_to_move_is_the_turn_of_the_state_json_at_every_step() -> None:
    encounter = load_encounter(EXAMPLES / "spans" / "boarding-action.yaml")
    session = encounter.session()
    seen = set()
    for step in encounter.steps:
        if step.kind == "command":
            assert step.command is not None
            session.do(step.command)
        assert session.actor_to_move == session.to_json(log=False)["turn"]
        assert isinstance(session.actor_to_move, str)
        seen.add(session.actor_to_move)
    assert len(seen) > 1  # the turn passed from actor to actor


def test_actor_to_move_is_none_once_the_encounter_has_ended() -> None:
    session = encounter_from_text(PIER).session()
    assert session.actor_to_move == "ada"
    session.do({"do": "end_turn", "actor": "ada"})
    assert session.actor_to_move == "brin"
    # an ended encounter: nobody takes turns any more
    session.state = replace(session.state, ended=True)
    assert session.actor_to_move is None
    assert session.to_json(log=False)["turn"] is None


# -- options -------------------------------------------------------------------------

def test_options_of_an_unknown_actor_are_refused_with_a_typed_error() -> None:
    session = encounter_from_text(PIER).session()
    before = session.state
    with pytest.raises(IllegalCommand) as caught:
        session.options("nobody")
    assert caught.value.reason == "unknown_actor"
    assert str(caught.value) == ("no actor 'nobody'; expected one of: ada, brin, gm "
                                 "(unknown_actor)")
    assert "\n" not in str(caught.value)
    assert session.state is before


def test_options_of_a_known_actor_and_of_the_gm_are_options() -> None:
    session = encounter_from_text(PIER).session()
    mine = session.options("ada")
    assert mine and all(isinstance(o, Option) for o in mine)
    assert session.options("brin") == ()  # not brin's turn: nothing, and no error
    assert session.options("gm") == ()


# -- save and restore ----------------------------------------------------------------

@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_every_example_round_trips_through_its_saved_json(path: Path) -> None:
    session = _played(path)
    saved = json.loads(json.dumps(session.save_json()))  # plain JSON on the way
    restored = Session.from_json(saved, name=str(path))
    assert restored.to_json() == session.to_json()
    # the map is rebuilt (equal by identity only): everything else is the same state
    assert replace(restored.state, space=None) == replace(session.state, space=None)
    assert restored.commands_json() == session.commands_json()
    assert restored.save_json() == saved  # and it saves the same again


def test_a_restored_session_plays_on() -> None:
    session = encounter_from_text(PIER).session()
    session.do({"do": "end_turn", "actor": "ada"})
    restored = Session.from_json(json.dumps(session.save_json()))  # JSON text is taken too
    assert restored.actor_to_move == "brin"
    restored.do({"do": "end_turn", "actor": "brin"})
    assert restored.to_json(log=False)["round"] == 2


def test_a_restored_session_never_rolls_again() -> None:
    session = encounter_from_text(PIER).session()
    session.do({"do": "run", "actor": "ada", "die": "maneuver", "to": "pier"})
    saved = session.save_json()
    saved["seed"] = 99  # another generator would roll otherwise
    assert Session.from_json(saved).to_json()["log"] == session.to_json()["log"]


def test_restoring_a_file_whose_step_is_refused_says_which_in_one_line() -> None:
    saved = encounter_from_text(PIER).session().save_json()
    saved["steps"] = [{"do": "end_turn", "actor": "brin"}]
    with pytest.raises(ScenarioError) as caught:
        Session.from_json(saved, name="saved.json")
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("saved.json steps[0]: refused: it is ada's turn")


def test_restoring_what_is_not_an_encounter_is_refused() -> None:
    with pytest.raises(ScenarioError, match="expected an encounter mapping or its text"):
        Session.from_json(42, name="x")  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match=r"x\.json: .*missing field"):
        Session.from_json({"footwork": 1, "ruleset": "spans"}, name="x.json")


def test_a_session_built_by_hand_cannot_be_saved_as_a_file() -> None:
    encounter = encounter_from_text(PIER)
    session = Session(encounter.engine, encounter.initial)
    with pytest.raises(FootworkError, match="not started from an encounter file"):
        session.save_json()


# -- commands and events as JSON -----------------------------------------------------

@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_events_and_commands_round_trip_through_their_json(path: Path) -> None:
    session = _played(path)
    ruleset = session.engine.ruleset
    for event in session.events:
        back = event_from_json(json.loads(json.dumps(event_to_json(event))), ruleset.id)
        assert back == event and type(back) is type(event)
    for line in session.to_json()["log"]:  # a log line, with its text, reads back too
        assert event_to_json(event_from_json(line, ruleset)) == {
            k: v for k, v in line.items() if k != "text"}
    for entry in session.history:
        assert command_from_json(command_to_json(entry.command), ruleset) == entry.command


@pytest.mark.parametrize(("data", "message"), [
    ({"event": "nope"}, "unknown event type 'nope'; expected one of: "),
    ({"event": "turn_started"}, "event 'turn_started': actor: Field required"),
    ({"event": "turn_started", "actor": 3}, "event 'turn_started': actor: "),
    ({"event": "turn_started", "actor": "ada", "to": "x"},
     "event 'turn_started': unknown field 'to'; it takes: rules, actor"),
    ([1, 2], "expected an event mapping"),
])
def test_an_event_that_does_not_fit_is_refused_in_one_line(data: Any, message: str) -> None:
    with pytest.raises(InvalidEvent) as caught:
        event_from_json(data, "spans")
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_an_unknown_ruleset_is_refused() -> None:
    with pytest.raises(RulesetError):
        event_from_json({"event": "round_started", "round": 1}, "nope")
