"""`footwork play` never loses a game (issue 13, items 1-3): saves go to the user's data
folder, numbered, never replacing a file unasked; `quit` asks; Ctrl-C only drops the
line; `footwork play SAVED` resumes after the file's steps."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from footwork.cli.app import app
from footwork.scenario import load_encounter, play

from ..conftest import EXAMPLES
from .terminal import CTRL_C, Terminal

BOARDING = EXAMPLES / "spans" / "boarding-action.yaml"
WIDE = {"COLUMNS": "400"}


def saves(data_home: Path) -> Path:
    return data_home / "footwork" / "saves"


def files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


def footwork(*args: str, lines: list[str] | None = None) -> Result:
    text = None if lines is None else "".join(f"{line}\n" for line in lines)
    result = CliRunner().invoke(app, list(args), input=text, env=WIDE)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


@pytest.fixture
def boarding(tmp_path: Path) -> Path:
    """A copy of the example in a folder of its own (nothing else in it)."""
    folder = tmp_path / "examples" / "spans"
    folder.mkdir(parents=True)
    return Path(shutil.copy(BOARDING, folder / BOARDING.name))


# -- item 1: where saves go -------------------------------------------------------------


def test_a_game_is_saved_in_the_data_folder_never_beside_the_example(data_home: Path) -> None:
    """`footwork play examples/...` then `quit`: the save lands in the data folder and
    the examples folder (which the tests collect) gains nothing."""
    before = files(EXAMPLES)
    played = footwork("play", str(BOARDING), "--from-start",
                      lines=["run to=gangplank die=maneuver roll=6", "quit", "y"])
    assert played.exit_code == 0, played.output
    saved = saves(data_home) / "boarding-action.1.yaml"
    assert f"saved 1 command to {saved}" in played.stdout
    assert f"resume it with: footwork play {saved}" in played.stdout
    assert files(EXAMPLES) == before
    assert files(data_home) == [saved]
    assert footwork("run", str(saved)).exit_code == 0


# -- item 2: never replaced, numbered, quit asks, quit without saving ---------------------


def test_every_game_gets_its_own_numbered_file(boarding: Path, data_home: Path) -> None:
    first = footwork("play", str(boarding), "--from-start", lines=["end", "quit", "y"])
    one = saves(data_home) / "boarding-action.1.yaml"
    assert f"saved 1 command to {one}" in first.stdout
    kept = one.read_text(encoding="utf-8")
    second = footwork("play", str(boarding), "--from-start", lines=["end", "end", "quit", ""])
    two = saves(data_home) / "boarding-action.2.yaml"        # Enter means yes
    assert f"saved 2 commands to {two}" in second.stdout
    assert one.read_text(encoding="utf-8") == kept           # the first game is untouched
    assert files(boarding.parent) == [boarding]


def test_quit_asks_and_can_leave_without_saving_or_go_on(boarding: Path, data_home: Path
                                                         ) -> None:
    result = footwork("play", str(boarding), "--from-start",
                      lines=["end", "quit", "c", "look", "quit", "n"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("save the game (1 command) to ") == 2
    assert "before leaving? [Y]es / [n]o, leave without saving / [c]ancel" in out
    assert "not leaving: the game goes on" in out
    assert out.rstrip().endswith("left without saving\nbye")
    assert files(data_home) == []

    quick = footwork("play", str(boarding), "--from-start", lines=["end", "quit!"])
    assert quick.stdout.rstrip().endswith("left without saving the commands since the last "
                                          "save\nbye")
    assert files(data_home) == []


def test_quit_with_nothing_new_asks_nothing(boarding: Path, data_home: Path) -> None:
    result = footwork("play", str(boarding), "--from-start", lines=["look", "quit"])
    assert "save the game" not in result.stdout
    assert result.stdout.rstrip().endswith("bye")
    assert files(data_home) == []


def test_save_asks_before_replacing_a_file_the_session_did_not_write(
    boarding: Path, tmp_path: Path
) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("my notes\n", encoding="utf-8")
    refused = footwork("play", str(boarding), "--from-start",
                       lines=["end", f"save {mine}", "n", "quit!"])
    assert f"{mine} exists and this session did not write it: replace it? [y/N]" in \
        refused.stdout
    assert f"refused: not saved: {mine} exists" in refused.stdout
    assert mine.read_text(encoding="utf-8") == "my notes\n"

    # yes replaces it; from then on it is this game's file: saved again without a question
    replaced = footwork("play", str(boarding), "--from-start",
                        lines=["end", f"save {mine}", "y", "end", "save", "quit"])
    assert replaced.stdout.count("replace it?") == 1
    assert f"saved 1 command to {mine}" in replaced.stdout
    assert f"saved 2 commands to {mine}" in replaced.stdout
    assert "save the game" not in replaced.stdout                # nothing left unsaved
    assert len(load_encounter(mine).steps) == 2


def test_a_save_path_that_exists_is_kept_when_input_ends(boarding: Path, tmp_path: Path
                                                         ) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("my notes\n", encoding="utf-8")
    result = footwork("play", str(boarding), "--from-start", "--save", str(mine),
                      lines=["end"])
    fresh = tmp_path / "mine.1.yaml"
    assert f"saved 1 command to {fresh}" in result.stdout
    assert mine.read_text(encoding="utf-8") == "my notes\n"


def test_ctrl_c_drops_the_line_and_neither_saves_nor_leaves(
    boarding: Path, data_home: Path, tmp_path: Path
) -> None:
    """In a real terminal: Ctrl-C at the prompt is not a way out that saves."""
    term = Terminal(["play", str(boarding), "--from-start"], cwd=tmp_path,
                    env={"XDG_DATA_HOME": str(data_home)})
    try:
        term.expect("round 1, ada> ")
        term.send("end\r")
        term.expect("round 1, vex> ")
        term.send("run to=gang")
        term.expect("run to=gang")  # echoed: the line editor has it (a ^C flushes typeahead)
        term.send(CTRL_C)
        try:
            term.expect("interrupted: nothing was done. Type quit to leave", timeout=5)
        except AssertionError:
            # CPython's line editor may keep a ^C that lands while it handles a key until
            # the next key: a person presses it again
            term.send(CTRL_C)
            term.expect("interrupted: nothing was done. Type quit to leave")
        term.expect("round 1, vex> ")
        assert files(data_home) == []
        term.send("look\r")
        term.expect("round 1: vex's turn")                  # still playing
        term.send("quit\r")
        term.expect("[c]ancel: ")
        term.send("n\r")
        term.expect("left without saving")
        assert term.wait() == 0
    finally:
        term.close()
    assert [p.name for p in files(data_home)] == ["play_history"]


# -- item 3: resume ---------------------------------------------------------------------


def test_a_saved_game_resumes_where_it_stopped(boarding: Path, data_home: Path) -> None:
    first = footwork("play", str(boarding), "--from-start",
                     lines=["run to=gangplank die=maneuver roll=6", "end",
                            "run to=gangplank die=attack roll=3", "quit", "y"])
    one = saves(data_home) / "boarding-action.1.yaml"
    assert f"saved 3 commands to {one}" in first.stdout
    assert "vex must decide" in first.stdout

    again = footwork("play", str(one), lines=["pay", "end", "quit", "y"])
    assert again.exit_code == 0, again.output
    out = again.stdout
    assert "resumed after the file's 3 steps (3 commands)" in out
    assert "vex must answer (pay/decline)> " in out        # the decision is still pending
    assert "vex pays 1 guard to succeed" in out
    two = saves(data_home) / "boarding-action.2.yaml"      # the next number, not .1.2
    assert f"saved 5 commands to {two}" in out
    steps = load_encounter(two).source.data["steps"]
    assert steps[-2:] == [{"answer": "pay"},
                          {"do": "end_turn", "actor": "vex"}]
    state = json.loads(footwork("state", str(two), "--no-log").stdout)
    assert state["turn"] == "brin" and state["actors"]["vex"]["guard"] == 2


def test_from_start_plays_from_the_initial_state(boarding: Path) -> None:
    result = footwork("play", str(boarding), "--from-start", lines=["quit"])
    assert "starting from the initial state; the file's 29 steps are not played" in \
        result.stdout
    assert "round 1, ada> " in result.stdout


def test_resuming_keeps_the_files_steps_and_checks(boarding: Path, data_home: Path) -> None:
    """The example's steps (its expectations too) are played, and saved back as they
    were, followed by the new commands: `footwork run` checks them all again."""
    live = play(load_encounter(boarding)).session
    result = footwork("play", str(boarding), lines=["end", "quit", "y"])
    assert "resumed after the file's 29 steps" in result.stdout
    assert f"round {live.state.round}, {live.state.current}> " in result.stdout
    saved = saves(data_home) / "boarding-action.1.yaml"
    steps = load_encounter(saved).source.data["steps"]
    original = load_encounter(boarding).source.data["steps"]
    assert steps[:-1] == original
    assert steps[-1] == {"do": "end_turn", "actor": live.state.current}
    ran = footwork("run", str(saved))
    assert ran.exit_code == 0, ran.output
    assert "ok: " in ran.stdout and "30 steps" in ran.stdout


def _edited(boarding: Path, old: str, new: str) -> Path:
    text = boarding.read_text(encoding="utf-8")
    assert old in text
    boarding.write_text(text.replace(old, new, 1), encoding="utf-8")
    return boarding


def test_a_failed_expectation_does_not_stop_a_resume_silently(boarding: Path) -> None:
    path = _edited(boarding, "guard: 1, life: 5}", "guard: 9, life: 5}")
    result = footwork("play", str(path), lines=["quit"])
    assert result.exit_code == 0, result.output
    assert "warning: " in result.stdout
    assert "expectation failed:" in result.stdout
    assert "actors.skarn.guard: expected 9, got 1" in result.stdout
    assert "resumed after the file's 29 steps" in result.stdout


def test_a_refused_step_says_where_the_game_goes_on(boarding: Path) -> None:
    path = _edited(boarding, "  - {do: run, actor: ada, die: maneuver, to: gangplank, roll: [6]}",
                   "  - {do: run, actor: ada, die: maneuver, to: kestrel}")
    result = footwork("play", str(path), lines=["quit"])
    out = result.stdout
    assert "warning: " in out and "refused:" in out and "not_adjacent" in out
    assert "the file's steps stop at steps[0]: the game goes on after the 0 commands " \
        "before it" in out
    assert "round 1, ada> " in out


def test_a_command_the_file_expects_refused_is_not_part_of_the_resumed_game(
    boarding: Path
) -> None:
    path = _edited(boarding, "  - expect_error: {do: move, actor: ada, to: kestrel}",
                   "  - expect_error: {do: move, actor: ada, to: dawnrunner}")
    result = footwork("play", str(path), lines=["quit"])
    out = result.stdout
    assert "steps[2]: expected a refusal, but it was accepted" in out
    assert "the file's steps stop at steps[2]: the game goes on after the 1 command " \
        "before it" in out
    assert "ada moves from gangplank to dawnrunner" not in out
    assert out.split("the last events:")[1].strip().startswith("round 1 begins")
