"""A bad encounter file through the CLI (issue 13, item 17): every fault, one line each,
in a map-maker's words, exit 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from footwork.cli.app import app

BAD = """\
footwork: 1
ruleset: spans
seed: x
map:
  spans: [{id: deck}, {id: pier}]
  links: [[deck, pier]]
actors:
  - {id: ada, side: crew, at: deck, colour: red}
steps:
  - {do: fly, actor: ada}
"""


@pytest.mark.parametrize("command", [["run"], ["state"], ["options", "--actor", "ada"]])
def test_every_fault_is_a_line_of_its_own(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    result = CliRunner().invoke(app, [command[0], str(path), *command[1:]])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"error: {path}:3: seed: input should be a whole number (got 'x')",
        f"error: {path}:8: actors[0].colour: unknown field",
    ]


def test_the_steps_faults_come_once_the_rest_of_the_file_is_valid(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD.replace("seed: x", "seed: 1").replace(", colour: red", "")
                    + "  - {do: run, actor: zed, die: maneuver, to: pier}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["run", str(path)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {path}:10: steps[0].die: missing field; command 'fly' takes: actor, die, "
        "to, direction, roll",
        f"error: {path}:11: steps[1].actor: unknown actor 'zed'; expected one of: ada, gm",
    ]


def test_a_syntax_error_is_one_line_in_words(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("footwork: 1\nmap:\n    spans: []\n  links: []\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["run", str(path)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {path}:4: invalid YAML: this line is indented differently from the ones "
        "above it (lines of the same list or mapping start in the same column); fix this "
        "first: the file is not read past it\n")
    assert "Traceback" not in result.output
