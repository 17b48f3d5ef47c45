"""Options and decisions show their stakes through the CLI (issue 13, items 9 and 10):
`footwork options` (table and JSON), the state JSON's pending decision, and `footwork
play`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from footwork.cli.app import app

WIDE = {"COLUMNS": "400"}  # no cell wraps

ROOF = """\
footwork: 1
ruleset: spans
seed: 3
map:
  spans:
    - {id: roof, ground: 3, surface: hard}
    - {id: yard, ground: 0, surface: hard}
    - {id: sky, ground: -5, surface: skysea}
  links: [[roof, yard], [roof, sky]]
actors:
  - id: ada
    side: crew
    at: roof
    stats: {dice: {maneuver: d4}, abilities: [leaf_on_the_wind], guard: 3}
  - {id: bo, side: foes, at: yard}
steps:
  - {do: drop, actor: ada, to: yard, roll: [1]}
"""


@pytest.fixture
def roof(tmp_path: Path) -> Path:
    path = tmp_path / "roof.yaml"
    path.write_text(ROOF, encoding="utf-8")
    return path


def _invoke(*args: str, stdin: str | None = None) -> str:
    result = CliRunner().invoke(app, list(args), env=WIDE, input=stdin)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_options_show_each_risk(roof: Path) -> None:
    """R003-26, A003-20: the Skysea leaves the scene; R003-25, R003-28: a drop's fall."""
    text = _invoke("options", str(roof), "-a", "ada", "--steps", "0")
    assert "risk" in text
    assert "leaves the scene; falls 8 heights" in text
    assert "falls 3 heights: 6 guard, 3 lethal − Maneuver (1d4" in text
    assert "[0 lethal 3/4 ≈75%, 1 lethal 3/16 ≈19%, 2 lethal 1/16 ≈6%]" in text  # R003-37
    assert "loses the action (1/2 ≈50%)" in text  # R003-09: a Climb on 1d4 rolls a 1–2


def test_options_json_carries_the_risk_key(roof: Path) -> None:
    found = json.loads(_invoke("options", str(roof), "-a", "ada", "--steps", "0", "--json"))
    by_label = {o["label"]: o for o in found}
    sky = by_label["drop to sky"]["risk"]
    assert sky["leaves_scene"] == {"p": 1.0, "exact": "1"}
    assert sky["rules"] == ["R003-26", "A003-20"]
    assert by_label["end the turn"]["risk"] is None


def test_a_pending_decision_shows_each_choice_with_its_odds(roof: Path) -> None:
    """R003-37: after a 1 on 1d4, keeping it leaves 3 − 1 = 2 lethal; a reroll beats it
    3 times in 4, and the better of the two rolls then decides."""
    text = _invoke("options", str(roof), "-a", "ada")
    assert "answer keep: the fall deals 6 guard, 2 lethal (Maneuver 1)" in text
    assert "a higher roll: 3/4 ≈75%" in text
    assert "1d4: 0 lethal 1/2 ≈50%, 1 lethal 1/4 ≈25%, 2 lethal 1/4 ≈25%" in text
    state = json.loads(_invoke("state", str(roof)))
    said = {c["choice"]: c for c in state["pending"]["consequences"]}
    assert set(said) == {"keep", "reroll"}
    assert said["reroll"]["checks"][0]["odds"]["0 lethal"]["exact"] == "1/2"
    assert "consequences" not in state["pending"]["context"]


def test_play_shows_risks_and_the_consequence_of_each_answer(roof: Path, data_home: Path
                                                             ) -> None:
    """The struggle of R003-04: what paying costs and what declining means (A003-02)."""
    text = _invoke("play", str(roof), "--from-start", stdin=(
        "options\n"
        "run to=yard die=attack roll=3\n"  # not a legal run: the yard is 3 heights down
        "drop to=yard roll=4\n"
        "quit\nno\n"))
    assert "leaves the scene; falls 8 heights" in text
    assert "ada must answer" in text
    assert "answer keep: the fall deals 6 guard, 0 lethal (Maneuver 4)" in text
    assert "answer reroll: roll Maneuver again" in text


def test_play_shows_what_paying_a_struggle_costs(tmp_path: Path, data_home: Path) -> None:
    path = tmp_path / "yard.yaml"
    path.write_text(ROOF.replace("at: roof", "at: yard").replace(
        "  - {do: drop, actor: ada, to: yard, roll: [1]}\n", "  []\n").replace(
        "steps:\n  []\n", ""), encoding="utf-8")
    text = _invoke("play", str(path), "--from-start", stdin=(
        "climb to=roof die=attack roll=3\nquit\nno\n"))
    assert "answer pay: the climb succeeds: one height toward roof" in text
    assert "1 guard (3 → 2)" in text
    assert "answer decline: the climb fails: nothing happens" in text
    assert "loses the action" in text
