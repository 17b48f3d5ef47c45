"""Whatever a file names is printed as typed: Rich markup in ids, sides, places, titles
and paths is never read as markup (no crash), and `:100:` stays text, not an emoji
(issue 15, item 4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML
from typer.testing import CliRunner, Result

from footwork.cli.app import app

from .test_cli import BOARDING

#: boarding-action.yaml with every id, side and place renamed to something Rich would read
NAMES = {
    "ada": "ada[/b]", "vex": ":fire:", "brin": "brin[bold]", "gangplank": "pier[/i]",
    "kestrel": ":100:", "crew": "crew[/b]", "raiders": "[bold]raiders",
}
EMOJI = ("🔥", "💯")
WIDE = {"COLUMNS": "200"}  # tables wide enough that no cell wraps


def _renamed(value: Any) -> Any:
    if isinstance(value, str):
        return NAMES.get(value, value)
    if isinstance(value, list):
        return [_renamed(v) for v in value]
    if isinstance(value, dict):
        return {_renamed(k): _renamed(v) for k, v in value.items()}
    return value


def _hostile_dir(tmp_path: Path) -> Path:
    """``…/x[`` so that a file in it has a path that reads ``x[/b]…``."""
    folder = tmp_path / "x["
    folder.mkdir(exist_ok=True)
    return folder


def _write(tmp_path: Path, name: str, data: Any) -> Path:
    path = _hostile_dir(tmp_path) / name
    with path.open("w", encoding="utf-8") as handle:
        YAML(typ="safe").dump(data, handle)
    return path


def _hostile_data() -> Any:
    data = _renamed(YAML(typ="safe").load(BOARDING.read_text(encoding="utf-8")))
    data["title"] = "[bold]Boarding :fire: the [/i]Kestrel"
    return data


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    path = _write(tmp_path, "b]y:100:.yaml", _hostile_data())
    assert "x[/b]y:100:.yaml" in str(path)
    return path


def invoke(*args: str, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(app, list(args), input=stdin, env=WIDE)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception))
    assert "Traceback" not in result.output
    for emoji in EMOJI:
        assert emoji not in result.stdout and emoji not in result.stderr
    return result


def test_run_prints_the_log_and_the_path_as_typed(hostile: Path) -> None:
    result = invoke("run", str(hostile))
    assert result.exit_code == 0, result.output
    assert f"ok: {hostile}: 29 steps" in result.stdout
    assert "ada[/b] moves from dawnrunner to pier[/i] (height 0)" in result.stdout
    assert ":fire: rolls run (attack) on 1d6: 3 (struggle" in result.stdout
    assert ":fire: holds gangway, the way from pier[/i] to :100:" in result.stdout
    assert "brin[bold] ends the turn" in result.stdout


def test_state_prints_failed_expectations_as_typed(tmp_path: Path) -> None:
    data = _hostile_data()
    data["steps"][1] = {"expect": {"actors": {"ada[/b]": {"at": ":100:"}}}}
    path = _write(tmp_path, "b]failing:100:.yaml", data)
    result = invoke("state", str(path))
    assert result.exit_code == 0
    assert set(json.loads(result.stdout)["actors"]) == {
        "ada[/b]", ":fire:", "brin[bold]", "skarn"}
    assert result.stderr.startswith(f"FAIL {path}:")
    assert "actors.ada[/b].at: expected ':100:', got 'pier[/i]'" in result.stderr


def test_options_table_and_its_empty_and_error_lines(hostile: Path) -> None:
    table = invoke("options", str(hostile), "--actor", "ada[/b]", "--steps", "0")
    assert table.exit_code == 0, table.output
    assert "what ada[/b] can do" in table.stdout
    assert "run pier[/i] (maneuver)" in table.stdout
    assert "│ pier[/i]" in table.stdout  # the `to` column

    idle = invoke("options", str(hostile), "--actor", ":fire:", "--steps", "4")
    assert idle.exit_code == 0
    assert ":fire: can do nothing now (it is ada[/b]'s turn)." in idle.stdout

    unknown = invoke("options", str(hostile), "--actor", "[bold]nobody")
    assert unknown.exit_code == 2
    assert unknown.stderr.count("\n") == 1
    assert f"error: {hostile}: no actor '[bold]nobody'; expected one of: ada[/b]" in (
        unknown.stderr)


def test_render_and_query(hostile: Path, tmp_path: Path) -> None:
    svg = _hostile_dir(tmp_path) / "b]map:100:.svg"
    drawn = invoke("render", str(hostile), "-o", str(svg), "--actor", "ada[/b]",
                   "--steps", "0")
    assert drawn.exit_code == 0, drawn.output
    assert drawn.stdout.strip() == f"wrote {svg}"
    assert svg.exists()

    listed = invoke("query", str(hostile))
    assert listed.exit_code == 0 and "on_high A B" in listed.stdout
    asked = invoke("query", str(hostile), "on_high", "ada[/b]", ":fire:")
    assert asked.exit_code == 0 and json.loads(asked.stdout)["on_high"] is False
    unknown = invoke("query", str(hostile), "[/b]")
    assert unknown.exit_code == 2 and "has no query '[/b]'" in unknown.stderr


def test_an_invalid_file_names_its_path_and_the_fault_as_typed(tmp_path: Path) -> None:
    data = _hostile_data()
    data["actors"][0]["at"] = ":fire:"
    bad = _write(tmp_path, "b]bad:100:.yaml", data)
    result = invoke("run", str(bad))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {bad}:")
    assert "unknown place ':fire:'" in result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("args", [["rulesets", ":fire:[/b]"], ["schema", "--ruleset", ":100:"]])
def test_unknown_rulesets_are_named_as_typed(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert f"unknown ruleset '{args[-1]}'" in result.stderr


def test_play_prints_prompts_tables_options_and_decisions_as_typed(
    hostile: Path, tmp_path: Path
) -> None:
    saved = _hostile_dir(tmp_path) / "b]saved:100:.yaml"
    lines = [
        "look", "options", "run to=pier[/i] die=maneuver", "end",
        "run to=pier[/i] die=attack roll=3", "options", "pay", "log 3",
        "move to=[bold]nowhere", "help", "save", "quit",
    ]
    result = invoke("play", str(hostile), "--from-start", "--save", str(saved),
                    stdin="\n".join(lines) + "\n")
    out = result.stdout
    assert result.exit_code == 0, result.output
    assert "[bold]Boarding :fire: the [/i]Kestrel (spans)" in out
    assert "round 1: ada[/b]'s turn" in out                     # the actors table
    assert "│ crew[/b] " in out and "│ [bold]raiders " in out
    assert "round 1, ada[/b]> " in out                          # the prompt
    assert "what ada[/b] can do" in out and "run pier[/i] (maneuver)" in out
    assert "ada[/b] moves from dawnrunner to pier[/i]" in out   # events
    assert ":fire: must decide: run rolled 3" in out            # the pending decision
    assert ":fire: must answer" in out and "answer pay" in out
    assert ":fire: pays 1 guard to succeed" in out
    assert "refused: " in out and "[bold]nowhere" in out
    assert f"saved 4 commands to {saved}" in out
    assert saved.exists()
