"""Replay (issue 25): ``Engine.replay`` stamps the version once and copies nothing for an
event that changes nothing, and the stored log decodes straight into the event types;
the state is the one ``evolve`` makes event after event (the oracle), on every example
of every ruleset, and a decoded event equals the one written."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from pathlib import Path
from typing import Any

import pytest

from footwork.engine.codec import from_jsonable
from footwork.engine.events import Event, Rolled, event_from_json, event_to_json
from footwork.engine.state import fast_replace
from footwork.errors import InvalidEvent
from footwork.scenario import Encounter, load_encounter

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*/*.yaml"))


def _played(encounter: Encounter) -> Any:
    """A session that played the file's commands (its expectations are checked by the
    scenario tests)."""
    session = encounter.session()
    for step in encounter.steps:
        if step.kind == "command" and step.command is not None:
            session.do(step.command)
    return session


@pytest.fixture(scope="module", params=EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def played(request: pytest.FixtureRequest) -> tuple[Encounter, Any]:
    encounter = load_encounter(request.param)
    return encounter, _played(encounter)


def test_replay_is_evolve_event_after_event(played: tuple[Encounter, Any]) -> None:
    encounter, session = played
    engine, events = encounter.engine, list(session.events)
    assert events
    oracle = reduce(engine.evolve, events, encounter.initial)
    replayed = engine.replay(encounter.initial, events)
    assert replayed == oracle and replayed.version == encounter.initial.version + len(events)
    decoded = [event_from_json(event_to_json(e), engine.event_kinds) for e in events]
    assert decoded == events
    assert engine.replay(encounter.initial, decoded) == oracle


def test_replay_of_nothing_is_the_state_itself(played: tuple[Encounter, Any]) -> None:
    encounter, _ = played
    assert encounter.engine.replay(encounter.initial, []) is encounter.initial


def test_replay_refuses_an_event_of_another_ruleset(played: tuple[Encounter, Any]) -> None:
    encounter, _ = played

    @dataclass(frozen=True, slots=True, kw_only=True)
    class Stranger(Event):
        pass

    with pytest.raises(InvalidEvent, match="Stranger"):
        encounter.engine.replay(encounter.initial, [Stranger()])


@dataclass(frozen=True, slots=True, kw_only=True)
class _Sample(Event):
    what: str
    path: tuple[tuple[int, int], ...]
    extra: dict[str, Any] = field(default_factory=dict)
    note: str | None = None
    tags: tuple[str, ...] = ()
    spot: tuple[int, int] | None = None


def test_the_decoder_fills_defaults_tuples_and_ignores_other_keys() -> None:
    event = from_jsonable(_Sample, {"what": "x", "path": [[1, 2], [3, 4]], "event": "s",
                                    "text": "ignored"})
    assert event == _Sample(what="x", path=((1, 2), (3, 4)))
    assert type(event.path[0]) is tuple and event.tags == () and event.spot is None
    flat = from_jsonable(_Sample, {"what": "x", "path": [], "tags": ["a", "b"],
                                   "spot": [1, 2], "note": None})
    assert flat == _Sample(what="x", path=(), tags=("a", "b"), spot=(1, 2))
    assert type(flat.tags) is tuple and type(flat.spot) is tuple
    assert event.extra == {} and event.extra is not from_jsonable(_Sample, {
        "what": "y", "path": []}).extra  # a fresh default each time
    rolled = Rolled(actor="a", check="AGI", dice="d20", values=(4,), total=4, outcome="pass",
                    rules=("R004-01",))
    assert from_jsonable(Rolled, event_to_json(rolled)) == rolled


def test_a_missing_field_is_refused_as_before() -> None:
    with pytest.raises(TypeError, match="what"):
        from_jsonable(_Sample, {"path": []})


def test_events_that_change_nothing_copy_nothing(played: tuple[Encounter, Any],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Rolls only: the replay's private working copy and the state handed back (with its
    version), none per event."""
    from footwork.engine import machine

    encounter, session = played
    rolls = [e for e in session.events if isinstance(e, Rolled)] * 3
    if not rolls:
        pytest.skip("no roll in this file")
    copies: list[str] = []
    real = fast_replace

    def counted(obj: Any, **changes: Any) -> Any:
        copies.append(type(obj).__name__)
        return real(obj, **changes)

    monkeypatch.setattr(machine, "fast_replace", counted)
    before = encounter.ruleset.evolve
    if all(before(encounter.initial, r) is encounter.initial for r in rolls):
        out = encounter.engine.replay(encounter.initial, rolls)
        assert copies == ["State", "State"]
        assert out.version == encounter.initial.version + len(rolls)


def test_a_frozen_dataclass_is_filled_in_without_its_init() -> None:
    from footwork.engine import codec

    @dataclass(frozen=True)
    class Checked:
        n: int

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("negative")

    assert codec._decoder(_Sample).__name__ == "_decode"
    assert codec._decoder(Checked).__name__ == "through_init"  # its check still runs
    with pytest.raises(ValueError, match="negative"):
        from_jsonable(Checked, {"n": -1})


def test_a_replay_changes_neither_the_state_it_starts_from_nor_one_it_gave(
        played: tuple[Encounter, Any]) -> None:
    """The working copy is private: the given state, its actors, and a state an earlier
    replay handed back stay as they were; the state handed back holds a plain dict."""
    from footwork.engine.codec import to_jsonable

    encounter, session = played
    engine, events = encounter.engine, list(session.events)
    half = len(events) // 2
    before = to_jsonable(encounter.initial.actors)
    middle = engine.replay(encounter.initial, events[:half])
    seen = to_jsonable(middle.actors)
    end = engine.replay(middle, events[half:])
    assert to_jsonable(encounter.initial.actors) == before
    assert to_jsonable(middle.actors) == seen
    assert end == reduce(engine.evolve, events, encounter.initial)
    assert type(end.actors) is dict and type(middle.actors) is dict


def test_update_actor_in_a_replay_sets_an_actor_only_it_holds_in_place() -> None:
    """Inside a replay an actor copied once is then set in place; one that a fold still
    holds (to read it after the update) is copied, so what it reads stays as it was."""
    from footwork.engine.state import Actor, State, WorkingActors

    @dataclass(frozen=True, slots=True)
    class Walker(Actor):
        steps: int = 0

    shared = Walker(id="a", side="x", at="p")
    given = State(ruleset="t", seed=0, space=None, options=None, order=("a",),
                  actors={"a": shared})
    work = fast_replace(given, actors=WorkingActors(given.actors))
    assert work.update_actor("a", steps=1) is work
    assert shared.steps == 0 and work.actors["a"].steps == 1  # held by ``given``: copied
    copied = id(work.actors["a"])
    work.update_actor("a", steps=2)
    assert id(work.actors["a"]) == copied and work.actors["a"].steps == 2  # in place
    held = work.actors["a"]
    work.update_actor("a", at="q")
    assert (held.steps, held.at) == (2, "p") and work.actors["a"] == Walker(
        id="a", side="x", at="q", steps=2)
    with pytest.raises(TypeError):
        work.update_actor("a", nonsense=1)
    outside = given.update_actor("a", steps=5)  # a plain dict: a new state, as before
    assert outside is not given and shared.steps == 0 and outside.actors["a"].steps == 5
