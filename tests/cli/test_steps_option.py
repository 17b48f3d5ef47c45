"""`--steps N` beyond the file's steps is refused, not accepted silently (issue 13,
item 17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from footwork.cli.app import app
from footwork.scenario import load_encounter

from ..conftest import EXAMPLES

BOARDING = EXAMPLES / "spans" / "boarding-action.yaml"
COUNT = len(load_encounter(BOARDING).steps)


def _commands(tmp_path: Path) -> list[list[str]]:
    return [["state"], ["options", "--actor", "ada"], ["query"],
            ["render", "-o", str(tmp_path / "map.svg")]]


@pytest.mark.parametrize("which", range(4))
def test_steps_beyond_the_file_are_refused(tmp_path: Path, which: int) -> None:
    command = _commands(tmp_path)[which]
    result = CliRunner().invoke(app, [command[0], str(BOARDING), *command[1:], "--steps",
                                      "999"])
    assert result.exit_code == 2
    assert result.stderr == (f"error: --steps 999: {BOARDING} has {COUNT} steps; give at "
                             f"most --steps {COUNT}\n")
    assert result.stdout == ""


def test_steps_up_to_the_files_count_are_played(tmp_path: Path) -> None:
    every = CliRunner().invoke(app, ["state", str(BOARDING), "--no-log", "--steps",
                                     str(COUNT)])
    assert every.exit_code == 0, every.output
    whole = CliRunner().invoke(app, ["state", str(BOARDING), "--no-log"])
    assert json.loads(every.stdout) == json.loads(whole.stdout)
    none = CliRunner().invoke(app, ["state", str(BOARDING), "--no-log", "--steps", "0"])
    assert json.loads(none.stdout)["round"] == 1
