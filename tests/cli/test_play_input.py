"""`footwork play` when input runs out or cannot be read (issue 15, item 5), and its saved
session replayed by `footwork run` with the same log (item 11)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from footwork.cli.app import app

from .test_cli import BOARDING

WIDE = {"COLUMNS": "500"}  # no line of the session wraps


@pytest.fixture
def boarding(tmp_path: Path) -> Path:
    path = tmp_path / "boarding.yaml"
    shutil.copy(BOARDING, path)
    return path


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


def test_end_of_input_at_the_first_prompt_ends_cleanly(boarding: Path, data_home: Path
                                                       ) -> None:
    result = CliRunner().invoke(app, ["play", str(boarding), "--from-start"], input="",
                                env=WIDE)
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout.rstrip().endswith("round 1, ada> \nend of input: bye")
    # nothing played, nothing saved
    assert _files(boarding.parent) == [boarding] and _files(data_home) == []


def test_end_of_input_saves_what_was_played_and_says_where(boarding: Path, data_home: Path
                                                           ) -> None:
    """Never replaced unasked: the end of input saves to a file that did not exist."""
    target = boarding.with_name("mine.yaml")
    target.write_text("an earlier save\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["play", str(boarding), "--save", str(target)],
                                input="end\n", env=WIDE)
    assert result.exit_code == 0, result.output
    fresh = boarding.with_name("mine.1.yaml")
    assert result.stdout.rstrip().endswith(
        f"saved 18 commands to {fresh}\n  resume it with: footwork play {fresh}\n"
        "end of input: bye")
    assert target.read_text(encoding="utf-8") == "an earlier save\n"
    assert "end_turn" in fresh.read_text(encoding="utf-8")


def test_a_closed_stdin_ends_cleanly_in_one_line(boarding: Path) -> None:
    run = [sys.executable, "-c", "from footwork.cli.app import main; main()",
           "play", str(boarding)]
    # `<&-`: the process starts with no standard input at all (sys.stdin is None)
    done = subprocess.run(["sh", "-c", 'exec "$@" <&-', "sh", *run], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.rstrip().endswith("cannot read the input (stdin is closed): bye")
    assert _files(boarding.parent) == [boarding]


def test_a_saved_session_runs_with_the_engines_rolls_as_the_engines(boarding: Path) -> None:
    """No roll typed in: `footwork run` of the saved file says no roll was made at the
    table, as the live session did."""
    saved = boarding.with_name("saved.yaml")
    lines = "run to=gangplank die=maneuver\nend\nrun to=gangplank die=attack\n"
    played = CliRunner().invoke(
        app, ["play", str(boarding), "--from-start", "--save", str(saved)],
        input=lines + "quit\ny\n")
    assert played.exit_code == 0, played.output
    assert "rolls run (maneuver)" in played.stdout
    assert "rolled at the table" not in played.stdout

    ran = CliRunner().invoke(app, ["run", str(saved)])
    assert ran.exit_code == 0, ran.output
    assert "rolls run (maneuver)" in ran.stdout and "rolls run (attack)" in ran.stdout
    assert "rolled at the table" not in ran.stdout
