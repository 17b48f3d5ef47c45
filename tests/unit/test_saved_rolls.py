"""Who rolled: a saved session records the engine's faces as the engine's, so its replay
logs the same rolls as the live session did (issue 15, item 11)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from footwork.dice import parse_dice
from footwork.engine import Roller
from footwork.engine.events import Rolled, event_to_json
from footwork.engine.session import ENGINE_ROLLED, Session
from footwork.errors import DiceError
from footwork.scenario import load_encounter, play

from ..conftest import EXAMPLES

D6 = parse_dice("1d6")
COURTYARD = EXAMPLES / "cultivation" / "courtyard-duel.yaml"

def test_recorded_engine_faces_are_reported_as_the_engines() -> None:
    roller = Roller(random.Random(1), [5, 3, 2], engine=2)
    assert [roller.roll(D6)[1] for _ in range(3)] == [True, False, False]
    roller.check_all_used()


def test_a_roll_split_by_the_count_stays_a_table_roll() -> None:
    roller = Roller(random.Random(1), [4, 2, 6], engine=2)
    roll, at_table = roller.roll(parse_dice("2d6"))
    assert roll.values == (4, 2) and at_table
    roll, at_table = roller.roll(D6)
    assert roll.values == (6,) and not at_table


@pytest.mark.parametrize("engine", [-1, 3])
def test_a_count_beyond_the_faces_is_refused(engine: int) -> None:
    with pytest.raises(DiceError, match=r"engine_rolled: .* but roll has 2"):
        Roller(random.Random(1), [5, 3], engine=engine)


def _live() -> Session[Any]:
    """A session where the table and the engine both roll, once in the same command:
    Lin's Challenge is rolled at the table, Mei's (the partner) by the engine."""
    session = load_encounter(COURTYARD).session()
    for command in (
        {"do": "partner", "actor": "lin", "target": "mei"}, {"answer": "accept"},
        {"do": "joint_move", "actor": "lin", "to": "rubble", "roll": [12]},
        {"do": "end_turn", "actor": "lin"}, {"do": "end_turn", "actor": "mei"},
        {"do": "move", "actor": "kato", "to": "courtyard"}, {"do": "end_turn", "actor": "kato"},
        {"do": "end_turn", "actor": "lin"}, {"do": "end_turn", "actor": "mei"},
        {"do": "sprint", "actor": "kato"}, {"do": "move", "actor": "kato", "to": "rubble"},
    ):
        session.do(command)
    assert [e.supplied for e in session.events if isinstance(e, Rolled)] == [True, False, False]
    return session


def _log(session: Session[Any]) -> list[dict[str, Any]]:
    return [{**event_to_json(e), "text": e.describe()} for e in session.events]


def test_the_steps_count_the_engines_faces() -> None:
    steps = _live().commands_json()
    joint = steps[2]
    assert joint["roll"][0] == 12 and len(joint["roll"]) == 2 and joint[ENGINE_ROLLED] == 1
    assert steps[-1][ENGINE_ROLLED] == 1 and len(steps[-1]["roll"]) == 1


def test_a_saved_session_replays_with_the_same_log(tmp_path: Path) -> None:
    live = _live()
    encounter = load_encounter(COURTYARD)
    data = dict(encounter.source.data)
    data["steps"] = live.commands_json()
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps(data), encoding="utf-8")

    outcome = play(load_encounter(saved))
    assert outcome.ok, outcome.failures
    assert outcome.session.to_json(log=False) == live.to_json(log=False)
    assert _log(outcome.session) == _log(live)  # `supplied` and the texts included
    # saving the replay writes the same steps; without rolls, only the table's faces
    assert outcome.session.commands_json() == data["steps"]
    assert outcome.session.commands_json(with_rolls=False) == live.commands_json(
        with_rolls=False)
