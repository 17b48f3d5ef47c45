"""Errors a game master can act on, at the terminal (issue 21, item 11): `play` refuses
a place that does not exist as such, not with a rule's reason; `footwork options FILE`
without --actor shows whoever is to move."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from footwork.cli.app import app
from footwork.cli.interactive import Repl
from footwork.scenario import load_encounter

from ..conftest import EXAMPLES

BOARDING = EXAMPLES / "spans" / "boarding-action.yaml"


def test_play_refuses_a_place_that_does_not_exist_as_no_such_place(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    feed = iter(["run to=gangplonk die=maneuver roll=6", "run to=moon die=maneuver roll=6",
                 "quit", "n"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(feed))
    buffer = io.StringIO()
    console = Console(file=buffer, width=200, highlight=False, color_system=None)
    repl = Repl(load_encounter(BOARDING), tmp_path / "default.yaml", console=console)
    repl.run()
    text = buffer.getvalue()
    assert "no such place 'gangplonk'; did you mean 'gangplank'? (no_such_place)" in text
    assert "no such place 'moon'; expected one of: dawnrunner" in text
    assert not repl.session.history


def test_options_without_an_actor_shows_whoever_is_to_move() -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["options", str(BOARDING), "--steps", "6", "--json"])
    assert shown.exit_code == 0, shown.output
    assert '"answer": "pay"' in shown.output  # vex must answer: pay or decline
    first = runner.invoke(app, ["options", str(BOARDING), "--steps", "0"])
    assert first.exit_code == 0 and "what ada can do" in first.output


def test_play_shows_the_summary_when_the_encounter_ends(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    feed = iter(['do end_encounter actor=gm reason="the raiders flee"', "summary", "quit!"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(feed))
    buffer = io.StringIO()
    console = Console(file=buffer, width=200, highlight=False, color_system=None)
    Repl(load_encounter(BOARDING), tmp_path / "default.yaml", console=console).run()
    text = buffer.getvalue()
    assert text.count("the encounter ended in round 1: the raiders flee") == 2
    assert "  ada (crew): stayed at dawnrunner; no damage" in text
