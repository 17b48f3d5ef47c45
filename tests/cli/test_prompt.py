"""The `footwork play` prompt (issue 13, items 4 and 5): option numbers and numeric
choices never confused; every option typeable exactly as the list shows it; line
history and editing in a terminal."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from footwork.cli.app import app
from footwork.cli.interactive import (
    Repl,
    command_line,
    format_value,
    parse_fields,
    parse_value,
    split_line,
)
from footwork.errors import InvalidCommand
from footwork.scenario import load_encounter

from ..conftest import EXAMPLES, example_files
from .terminal import TAB, UP, Terminal

ERIC = EXAMPLES / "allowances" / "eric-jump.yaml"
TOWER = EXAMPLES / "styles" / "ruined-tower.yaml"
WIDE = {"COLUMNS": "400"}


def footwork(*args: str, lines: list[str]) -> Result:
    text = "".join(f"{line}\n" for line in lines)
    result = CliRunner().invoke(app, list(args), input=text, env=WIDE)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def steps_of(path: Path) -> list[Any]:
    data = load_encounter(path).source.data
    steps: list[Any] = data["steps"]
    return steps


# -- item 4: numbers ----------------------------------------------------------------------


def test_a_number_is_the_choice_and_hash_n_the_row(tmp_path: Path) -> None:
    """Choices 0..5: `1` answers 1 (not row 1, which is the choice 0); `#1` is row 1."""
    saved = tmp_path / "saved.yaml"
    result = footwork("play", str(ERIC), "--from-start", "--save", str(saved),
                      lines=["jump roll=92", "1", "end", "end", "jump roll=92", "#1", "quit",
                             "y"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    # rows are #N, each answer with what it buys (issue 13 item 9), the line to type shown
    assert re.search(r"│ #1 │ answer 0: [^│]*│ answer 0 ", out), out
    assert "type a choice as it reads (0, 1, 2, 3, 4, 5) to answer; #N does row N" in out
    assert "eric spends 1 PP: the target becomes 70" in out
    steps = steps_of(saved)
    answers = [s for s in steps if "answer" in s]
    assert [a["answer"] for a in answers] == ["1", "0"]
    assert load_encounter(saved).steps  # loads again


def test_a_number_that_is_no_choice_is_refused_not_taken_as_a_row(tmp_path: Path) -> None:
    result = footwork("play", str(ERIC), "--from-start",
                      lines=["jump roll=92", "6", "#6", "quit!"])
    out = result.stdout
    assert "refused: 6 is not a choice; expected one of: 0, 1, 2, 3, 4, 5 (#N picks row N " \
        "of the list)" in out
    assert "eric spends 5 PP" in out                             # #6 is the row "answer 5"


def test_rows_are_still_picked_by_number_when_choices_are_words(tmp_path: Path) -> None:
    saved = tmp_path / "saved.yaml"
    boarding = EXAMPLES / "spans" / "boarding-action.yaml"
    result = footwork("play", str(boarding), "--from-start", "--save", str(saved),
                      lines=["run to=gangplank die=attack roll=4", "2", "quit", "y"])
    assert "type a row's number (N or #N), or its line as shown" in result.stdout
    assert steps_of(saved)[-1] == {"answer": "decline", "actor": "ada"}


# -- item 5: every option typeable as shown -------------------------------------------------


def _rows(out: str) -> dict[str, str]:
    """The `line to type` cell of each row of the last options table printed, by row number."""
    rows: dict[str, str] = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.split("│")]
        if len(cells) > 4 and re.fullmatch(r"#\d+", cells[1]):
            rows[cells[1]] = cells[3]
    return rows


def test_the_lines_a_list_shows_are_typed_back_as_shown(tmp_path: Path) -> None:
    """Copy the `line to type` cell of a styles move with a two-style plan, and of an improvised
    style, into a new session: they do what the rows do."""
    listed = footwork("play", str(TOWER), "--from-start", lines=["options", "quit!"])
    rows = _rows(listed.stdout)
    plan = next(line for line in rows.values() if "style:jump" in line)
    improvise = next(line for line in rows.values() if "style=climb" in line)
    assert plan.startswith("move to=(1,6,0) plan=[{style:walk,to:(1,4,0)}, {style:jump,")
    saved = tmp_path / "saved.yaml"
    typed = footwork("play", str(TOWER), "--from-start", "--save", str(saved),
                     lines=[plan, "undo", improvise, "refuse", "quit", "y"])
    out = typed.stdout
    assert "refused:" not in out, out
    assert "ada moves by jump to (1,6)" in out
    assert "the GM refuses ada's improvised Climb" in out
    assert steps_of(saved)[0] == {"do": "improvise", "actor": "ada", "style": "climb",
                                  "how": ""}


@pytest.mark.parametrize("line", [
    "move to=(1,6)",
    "move to=[1, 6]",
    "move plan=[{style: walk, to: (1,4)}, {style: jump, to: (1,6)}]",
    "do move to=(1,6) plan=[{style:walk,to:[1,4]},{style:jump,to:[1,6]}]",
    'move plan=[{"style": "walk", "to": [1, 4]}, {"style": "jump", "to": [1, 6]}]',  # JSON
])
def test_styles_moves_and_plans_are_typeable(line: str) -> None:
    result = footwork("play", str(TOWER), "--from-start", lines=[line, "quit!"])
    assert "refused:" not in result.stdout, result.stdout
    assert "ada moves by jump to (1,6) at 0u for 2u" in result.stdout


def test_an_option_is_typeable_as_its_label_reads() -> None:
    """The list says "ask the GM to improvise Climb": `improvise style=Climb` is it."""
    result = footwork("play", str(TOWER), "--from-start",
                      lines=["improvise style=Climb", "quit!"])
    assert "refused:" not in result.stdout, result.stdout
    assert "gm must decide: ada improvises Climb" in result.stdout


def test_typed_values() -> None:
    assert parse_value("(1,7)") == [1, 7] == parse_value("[1, 7]") == parse_value("1,7")
    assert parse_value("1.5") == 1.5 and parse_value("-2") == -2
    assert parse_value('"0"') == "0" and parse_value("'a b'") == "a b"
    assert parse_value("{style: walk, to: (1, 7)}") == {"style": "walk", "to": [1, 7]}
    assert parse_value("pier[/i]") == "pier[/i]"   # brackets inside a word are text
    assert parse_fields(["to=(1,7)", "roll=4"]) == {"to": [1, 7], "roll": [4]}
    assert split_line('move plan=[{style: walk, to: (1,4)}] how="on a rope"') == [
        "move", "plan=[{style: walk, to: (1,4)}]", 'how="on a rope"']
    for bad in ("(1,7", "{style walk}", "[bold]x"):
        with pytest.raises(InvalidCommand):
            parse_value(bad)
    for value in (0, -3, 0.5, 1e-07, True, None, "3,2", "0", "a b", 'x"y', "pier[/i]", "",
                  [1, 7, 0.0], [], [{"style": "walk", "to": [1, 2]}], {"a": []}, "true"):
        assert parse_value(format_value(value)) == value, value


def _every_state_and_option() -> Any:
    for path in example_files():
        encounter = load_encounter(path)
        repl = Repl(encounter, console=Console(file=io.StringIO()))
        session = repl.session
        commands = [s.command for s in encounter.steps if s.kind == "command"]
        for command in [None, *commands]:
            if command is not None:
                session.do(command)
            state = session.state
            who = state.pending.actor if state.pending is not None else state.current
            for option in session.options(who):
                yield path, repl, option


def test_every_option_of_every_example_is_typeable_as_shown() -> None:
    """At every state of every example, the line shown for each option gives exactly
    the option's events."""
    checked = 0
    for path, repl, option in _every_state_and_option():
        state = repl.session.state
        engine = repl.session.engine
        line = command_line(option.command, state.current)
        body, listed = repl.command_for(split_line(line))
        assert not listed
        assert engine.decide(state, body) == engine.decide(state, option.command), (
            path.name, line)
        checked += 1
    assert checked > 500


# -- item 5: line history and editing ---------------------------------------------------------


def test_up_recalls_a_line_and_tab_completes_in_a_terminal(tmp_path: Path,
                                                           data_home: Path) -> None:
    term = Terminal(["play", str(ERIC), "--from-start"], cwd=tmp_path,
                    env={"XDG_DATA_HOME": str(data_home)})
    try:
        term.expect("round 1, eric> ")
        term.send("log 2\r")
        term.expect("round 1, eric> ")
        term.send(UP + "\r")                     # the same line again, not `^[[A`
        again = term.expect("round 1, eric> ")
        assert "eric's turn" in again and "unknown command" not in again
        term.send("opt" + TAB + "\r")            # Tab completes `options`
        assert "what eric can do" in term.expect("round 1, eric> ")
        term.send("quit\r")
        assert term.wait() == 0
    finally:
        term.close()
    history = (data_home / "footwork" / "play_history").read_text(encoding="utf-8")
    assert "log 2" in history and "options" in history
