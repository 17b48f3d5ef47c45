"""The game master's fiat (``gm_place``, ``gm_add``, ``gm_remove``), run against every
example of every ruleset: each is logged as a ruling with no rule, replays to the live
state, is taken back by undo, refuses a place the map does not have (and anyone but the
game master) without changing anything, and never tells a player of a hidden arrival."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from footwork.engine import Session, State
from footwork.engine.events import event_from_json, event_to_json
from footwork.engine.gm import RULING
from footwork.errors import IllegalCommand
from footwork.scenario import Encounter, load_encounter

from ..conftest import example_files

FILES = example_files()
IDS = [f"{p.parent.name}/{p.name}" for p in FILES]


def _places(encounter: Encounter, state: State[Any]) -> list[str]:
    """Places an actor may be put in: the map's place ids, or a grid's cells."""
    data = encounter.source.data
    assert isinstance(data, dict)
    starts = [str(a["at"]) for a in data["actors"]]  # places some actor stood in first
    ids = list(encounter.ruleset.place_ids(state.space))
    if not ids:
        grid = state.space.grid
        ids = [f"{r},{c}" for r in range(min(grid.rows, 6)) for c in range(min(grid.cols, 6))]
    return [*dict.fromkeys([*starts, *ids])]


def _put(session: Session[Any], encounter: Encounter, target: str) -> str:
    """Put ``target`` somewhere else by fiat; returns where it now stands."""
    here = session.state.actors[target].at
    for place in _places(encounter, session.state):
        if place == here:
            continue
        try:
            session.do({"do": "gm_place", "actor": "gm", "target": target, "to": place})
        except IllegalCommand as exc:
            assert exc.reason in ("bad_place", "no_such_place"), exc
            continue
        return str(session.state.actors[target].at)
    raise AssertionError(f"no place {target} could be put in")


def _replays(encounter: Encounter, session: Session[Any]) -> None:
    engine = encounter.engine
    assert engine.replay(encounter.initial, session.events) == session.state
    decoded = [event_from_json(event_to_json(e), engine.event_kinds) for e in session.events]
    assert engine.replay(encounter.initial, decoded) == session.state


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_place_by_fiat_is_a_ruling_that_undo_takes_back(path: Path) -> None:
    encounter = load_encounter(path)
    session = encounter.session()
    before = session.state
    target = session.state.order[-1]
    was = before.actors[target].at
    now = _put(session, encounter, target)
    assert now != was
    (event,) = session.history[-1].events
    assert event.rules == () and RULING in event.describe()
    # what it had is kept: only where it stands changed, and nobody else moved
    for aid, actor in before.actors.items():
        if aid != target:
            assert session.state.actors[aid] == actor
    _replays(encounter, session)
    session.undo()
    assert session.state == before


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_refused_fiat_changes_nothing(path: Path) -> None:
    encounter = load_encounter(path)
    session = encounter.session()
    state = session.state
    someone, current = state.order[-1], state.current
    probes: list[tuple[dict[str, Any], str]] = [
        ({"do": "gm_place", "actor": "gm", "target": someone, "to": "no-such-place"},
         "no_such_place"),
        ({"do": "gm_place", "actor": current, "target": someone,
          "to": state.actors[current].at}, "gm_only"),
        ({"do": "gm_place", "actor": "gm", "target": "nobody", "to": state.actors[current].at},
         "unknown_actor"),
        ({"do": "gm_add", "actor": "gm", "id": someone, "side": "x",
          "at": state.actors[current].at}, "id_taken"),
        ({"do": "gm_add", "actor": "gm", "id": "newcomer", "side": "x", "at": "no-such-place",
          "stats": _stats(encounter)}, "no_such_place"),
        ({"do": "gm_remove", "actor": current, "target": someone}, "gm_only"),
    ]
    for body, reason in probes:
        with pytest.raises(IllegalCommand) as caught:
            session.do(body)
        assert caught.value.reason == reason, (body, caught.value)
        assert "\n" not in str(caught.value)
        assert session.state is state and not session.history


def _stats(encounter: Encounter) -> dict[str, Any]:
    data = encounter.source.data
    assert isinstance(data, dict)
    stats: dict[str, Any] = dict(data["actors"][0].get("stats") or {})
    stats.pop("point", None)
    return stats


def _add(session: Session[Any], encounter: Encounter, actor_id: str,
         stats: dict[str, Any], side: str) -> str:
    """Bring ``actor_id`` in at the first place that takes it; returns that place."""
    for place in _places(encounter, session.state):
        try:
            session.do({"do": "gm_add", "actor": "gm", "id": actor_id, "side": side,
                        "at": place, "stats": stats})
        except IllegalCommand as exc:
            assert exc.reason in ("bad_place", "no_such_place"), exc
            continue
        return place
    raise AssertionError("no place took the newcomer")


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_reinforcements_join_the_order_and_take_their_turn(path: Path) -> None:
    encounter = load_encounter(path)
    session = encounter.session()
    side = session.state.actors[session.state.order[0]].side
    _add(session, encounter, "newcomer", _stats(encounter), side)
    assert session.state.order[-1] == "newcomer"
    _replays(encounter, session)
    for _ in range(3 * len(session.state.order)):  # round the table to the newcomer
        if session.state.ended or session.state.current == "newcomer":
            break
        if session.state.pending is not None:
            session.do({"answer": session.state.pending.choices[0]})
        else:
            session.do({"do": "end_turn", "actor": session.state.current})
    if not session.state.ended and session.state.pending is None:
        assert session.state.current == "newcomer"
        assert session.options("newcomer"), "the newcomer may at least end its turn"
    _replays(encounter, session)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_removed_actor_leaves_map_and_order(path: Path) -> None:
    encounter = load_encounter(path)
    session = encounter.session()
    if len(session.state.order) == 1:  # alone: bring someone in to take out
        _add(session, encounter, "newcomer", _stats(encounter), "x")
    before = session.state
    current = before.current
    target = next(a for a in reversed(before.order) if a != current)
    try:
        session.do({"do": "gm_remove", "actor": "gm", "target": target})
    except IllegalCommand as exc:  # a partner or a hold still names it: refused whole
        assert exc.reason == "still_tied" and session.state is before
        return
    state = session.state
    assert target not in state.actors and target not in state.order
    assert state.current == current
    _replays(encounter, session)
    json.dumps(session.to_json())
    session.undo()
    assert session.state == before


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_taking_out_the_actor_whose_turn_it_is_passes_the_turn(path: Path) -> None:
    """The game master's take-out of the character whose turn it is ends that turn and
    starts the next one's in the order, in the same command: nobody waits on a character
    who is gone. Replay equals live, and undo gives the turn back."""
    encounter = load_encounter(path)
    session = encounter.session()
    if len(session.state.order) == 1:  # alone: bring someone in who can take the turn
        _add(session, encounter, "newcomer", _stats(encounter), "x")
    before = session.state
    current = before.current
    try:
        events = session.do({"do": "gm_remove", "actor": "gm", "target": current})
    except IllegalCommand as exc:  # a partner or a hold still names it: refused whole
        assert exc.reason == "still_tied" and session.state is before
        return
    kinds = [e.type for e in events]
    assert kinds[:2] == ["turn_passed", "turn_ended"] and "actor_removed" in kinds
    state = session.state
    assert current not in state.actors and current not in state.order
    if not state.ended:
        # the next in the order who still takes turns has it (a new round when the
        # taken-out actor was the round's last)
        assert state.current != current
        assert any(e.type == "turn_started" and getattr(e, "actor", None) == state.current
                   for e in events)
        assert session.options(state.current), "the next actor may at least end its turn"
    _replays(encounter, session)
    session.undo()
    assert session.state == before


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_players_never_learn_of_a_hidden_arrival(path: Path) -> None:
    """Wherever the ruleset hides a character from the players (cultivation: a hidden
    one; sitemaps: one in a zone not revealed), its arrival leaves no trace in what the
    players' seat receives: not in the state, not in the log, not in the order."""
    encounter = load_encounter(path)
    ruleset = encounter.ruleset
    stats = _stats(encounter)
    if "hidden" in ruleset.stats_model.model_fields:
        stats["hidden"] = True
    found = False
    for place in _places(encounter, encounter.initial):
        session = encounter.session()
        before = json.dumps(session.to_json(view="players"))
        try:
            session.do({"do": "gm_add", "actor": "gm", "id": "lurker", "side": "ambush",
                        "at": place, "stats": stats})
        except IllegalCommand:
            continue
        if "lurker" not in ruleset.secrets(session.state, session.view("players").seat):
            continue
        found = True
        seen = json.dumps(session.to_json(view="players"))
        assert "lurker" not in seen and "ambush" not in seen
        assert seen == before, "the players' view did not change at all"
    if encounter.ruleset.id in ("cultivation", "sitemaps") and path.stem in (
            "courtyard-duel", "tavern-brawl", "warehouse-catwalks"):
        assert found, "this example hides some arrivals"
