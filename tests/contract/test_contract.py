"""The contract every registered ruleset passes, run against each of its example files.

- replaying the log (also through JSON) gives exactly the live state;
- a refused command leaves the state identical;
- every option ``options()`` lists is accepted by ``decide``, and a destination it
  does not list is refused;
- the odds of every check sum to 1 and equal brute-force enumeration.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from footwork.dice import parse_dice
from footwork.engine import Engine, Session, State
from footwork.engine.events import event_from_json, event_to_json
from footwork.errors import FootworkError
from footwork.odds import brute_force_distribution
from footwork.rulesets import available
from footwork.scenario import load_encounter, play

from ..conftest import example_files

FILES = example_files()


def test_every_ruleset_has_examples() -> None:
    """Each registered ruleset ships at least three runnable examples."""
    for rid in available():
        assert len([f for f in FILES if f.parent.name == rid]) >= 3, rid


def _states(path: Path) -> Iterator[tuple[Engine[Any], State[Any]]]:
    """Every state an example passes through, command by command."""
    encounter = load_encounter(path)
    session = encounter.session()
    yield encounter.engine, session.state
    for step in encounter.steps:
        if step.kind == "command":
            assert step.command is not None
            session.do(step.command)
            yield encounter.engine, session.state


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_example_runs_green(path: Path) -> None:
    """The example's own expectations hold."""
    outcome = play(load_encounter(path))
    assert outcome.failures == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_replay_equals_live_state(path: Path) -> None:
    """Folding the log again, from values or from JSON, rebuilds the live state."""
    encounter = load_encounter(path)
    outcome = play(encounter)
    session: Session[Any] = outcome.session
    engine = encounter.engine
    assert engine.replay(encounter.initial, session.events) == session.state
    decoded = [event_from_json(event_to_json(e), engine.event_kinds) for e in session.events]
    assert decoded == session.events
    assert engine.replay(encounter.initial, decoded) == session.state


def _probes(engine: Engine[Any], state: State[Any]) -> list[dict[str, Any]]:
    """Commands that must be refused in ``state``."""
    actors = list(state.actors)
    other = next((a for a in actors if a != state.current), state.current)
    probes: list[dict[str, Any]] = [
        {"do": "end_turn", "actor": other} if other != state.current else {"do": "nope"},
        {"answer": "zzz-not-a-choice"},
    ]
    for option in engine.options(state, state.current):  # the same moves, to nowhere
        if option.to is not None:
            probes.append({**option.command, "to": "no-such-place"})
    return probes


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_refused_commands_change_nothing(path: Path) -> None:
    """A refused command raises a FootworkError and the state stays identical."""
    for engine, state in _states(path):
        for probe in _probes(engine, state):
            before = replace(state)
            with pytest.raises(FootworkError):
                engine.decide(state, engine.parse(probe))
            assert state == before


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_options_agree_with_decide(path: Path) -> None:
    """Every listed option is accepted; the same command to an unlisted place is refused."""
    checked = 0
    for engine, state in _states(path):
        places = engine.ruleset.place_ids(state.space)
        for actor in state.actors:
            found = engine.options(state, actor)
            listed = {
                (o.command.get("do"), o.command.get("die"), o.command.get("direction"), o.to)
                for o in found
            }
            for option in found:
                engine.decide(state, engine.parse(option.command))  # must not raise
                checked += 1
                if option.to is None:
                    continue
                for place in places:
                    key = (option.command.get("do"), option.command.get("die"),
                           option.command.get("direction"), place)
                    if key in listed:
                        continue
                    with pytest.raises(FootworkError):
                        engine.decide(state, engine.parse({**option.command, "to": place}))
    assert checked > 0


def _checks_seen(path: Path) -> int:
    """Checks the example offers along the way, each verified exact; returns their count."""
    seen = 0
    for engine, state in _states(path):
        for option in engine.options(state, state.current):
            for check in option.checks:
                assert sum(check.odds.values()) == 1
                assert check.tier_of is not None
                brute: dict[str, Any] = dict.fromkeys(check.odds, 0)
                for total, p in brute_force_distribution(parse_dice(check.dice)).items():
                    brute[check.tier_of(total)] += p
                assert brute == dict(check.odds)
                seen += 1
    return seen


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_odds_are_exact(path: Path) -> None:
    """Each check's odds sum to exactly 1 and equal brute-force enumeration of its dice."""
    _checks_seen(path)


@pytest.mark.parametrize("ruleset", sorted(available()))
def test_every_ruleset_shows_odds_somewhere(ruleset: str) -> None:
    """At least one example of each ruleset offers a check with exact odds."""
    assert sum(_checks_seen(p) for p in FILES if p.parent.name == ruleset) > 0
