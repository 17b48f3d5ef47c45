"""`footwork play`: the terminal session, driven by scripted input lines."""

from __future__ import annotations

import io
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from footwork.cli.app import app
from footwork.cli.interactive import Repl, parse_fields, parse_value, run_interactive
from footwork.scenario import Encounter, load_encounter, play

from ..conftest import EXAMPLES

BOARDING = EXAMPLES / "spans" / "boarding-action.yaml"


def _console() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=200, highlight=False, color_system=None), buffer


def _script(monkeypatch: pytest.MonkeyPatch, lines: Iterable[str]) -> list[str]:
    """Feed ``lines`` to ``input()``; then the end of input. Returns the prompts shown."""
    feed = iter(lines)
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    return prompts


def _log(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The log without what says whether faces were typed in (the text says it too)."""
    return [{k: v for k, v in e.items() if k not in ("supplied", "text")} for e in body["log"]]


@pytest.fixture
def encounter() -> Encounter:
    return load_encounter(BOARDING)


def test_a_session_played_saved_and_replayed_exactly(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, encounter: Encounter
) -> None:
    saved = tmp_path / "saved.yaml"
    prompts = _script(monkeypatch, [
        "help",
        "options",
        "run to=gangplank die=maneuver roll=6",
        "move to=kestrel",                           # refused: vex holds the gangway
        'free_action action="draw a throwing knife"',
        "end",
        "run to=gangplank die=attack roll=3",        # a struggle: vex must decide
        "pay",
        "end",
        "do run actor=brin die=brace to=gangplank",  # rolled by the engine
        "undo",
        "run die=brace to=gangplank",                # again, rolled by the engine
        "look",
        "log 4",
        f"save {saved}",
        "quit",
    ])
    console, buffer = _console()
    repl = Repl(encounter, tmp_path / "default.yaml", console=console)
    repl.run()
    text = buffer.getvalue()

    assert "the file's 29 steps are not played" in text
    assert "options [ACTOR]" in text                           # help
    assert "run gangplank (maneuver)" in text and "1/2 (50%)" in text   # exact odds
    assert "refused:" in text and "threshold_blocked" in text
    assert "ada takes a free action: draw a throwing knife" in text
    assert "vex must decide:" in text and "pay 1 guard" in text
    assert "answer pay" in text and "answer decline" in text    # choices as options
    assert "vex pays 1 guard to succeed  [R003-04, A003-03]" in text  # events with rule ids
    assert "undone:" in text
    assert f"saved 7 commands to {saved}" in text
    assert prompts[-1].startswith("round 1, brin")
    assert any("vex must answer (pay/decline)" in p for p in prompts)

    live = repl.session
    assert live.state.actors["brin"].at == "gangplank"
    assert live.state.actors["vex"].guard == 2
    assert [c["do"] for c in live.commands_json() if "do" in c].count("run") == 3

    # the file replays exactly: the same commands, the same engine rolls
    again = load_encounter(saved)
    assert again.source.data["title"] == encounter.source.data["title"]
    assert again.source.data["map"] == encounter.source.data["map"]
    outcome = play(again)
    assert outcome.ok, outcome.failures
    assert outcome.session.to_json(log=False) == live.to_json(log=False)
    # the engine's rolls were written into the saved steps, so they replay as supplied
    assert _log(outcome.session.to_json()) == _log(live.to_json())

    # and so do `footwork run` and `footwork state`
    runner = CliRunner()
    ran = runner.invoke(app, ["run", str(saved)])
    assert ran.exit_code == 0, ran.output
    shown = runner.invoke(app, ["state", str(saved), "--no-log"])
    assert shown.exit_code == 0
    assert json.loads(shown.stdout) == live.to_json(log=False)
    assert not (tmp_path / "default.yaml").exists()  # saved explicitly: nothing left to save


def test_engine_rolls_replay_exactly(tmp_path: Path, encounter: Encounter) -> None:
    """No roll is typed in: the saved commands carry the engine's faces, and replay gives
    the same state; without them, the seed alone rolls the same again."""
    console, _ = _console()
    repl = Repl(encounter, tmp_path / "out.yaml", console=console)
    for line in ("run to=gangplank die=maneuver", "end", "run to=gangplank die=attack"):
        assert repl.handle(line)
    if repl.session.state.pending is not None:
        repl.handle("decline")
    repl.handle("end")
    repl.handle("run to=gangplank die=brace")
    saved = repl.session.commands_json()
    assert all("roll" in c for c in saved if c.get("do") == "run")
    assert all("roll" not in c for c in repl.session.commands_json(with_rolls=False))
    path = repl.save()
    replayed = play(load_encounter(path)).session
    assert replayed.to_json(log=False) == repl.session.to_json(log=False)
    assert _log(replayed.to_json()) == _log(repl.session.to_json())


def test_a_refused_command_prints_one_line_and_changes_nothing(
    tmp_path: Path, encounter: Encounter
) -> None:
    console, buffer = _console()
    repl = Repl(encounter, tmp_path / "out.yaml", console=console)
    repl.handle("run to=gangplank die=maneuver roll=6")
    before, history = repl.session.state, list(repl.session.history)
    buffer.truncate(0), buffer.seek(0)
    for line in ("move to=kestrel", "run to=kestrel die=brace", "fly to=nowhere",
                 "answer pay", "run to=gangplank die=maneuver roll=9", "wibble",
                 "options nobody", "7", 'run to="unclosed'):
        assert repl.handle(line) is True
        assert repl.session.state is before
        assert repl.session.history == history
    lines = [ln for ln in buffer.getvalue().splitlines() if ln.strip()]
    assert len(lines) == 9
    assert all(ln.startswith("refused:") for ln in lines)


def test_numbered_options_and_pending_choices(tmp_path: Path, encounter: Encounter) -> None:
    console, buffer = _console()
    repl = Repl(encounter, tmp_path / "out.yaml", console=console)
    repl.handle("options")
    labels = [o.label for o in repl.listed]
    pick = labels.index("run gangplank (attack)") + 1
    repl.handle(str(pick))
    assert repl.session.state.actors["ada"].movement_actions == 1
    # the list is out of date now
    repl.handle("1")
    assert "out of date" in buffer.getvalue()
    repl.handle("undo")
    assert repl.session.state.actors["ada"].movement_actions == 0
    # a struggle: the choices become the numbered list
    repl.handle("run to=gangplank die=attack roll=4")
    assert repl.session.state.pending is not None
    # each answer says what it does (its consequence, issue 13 item 9; R003-05)
    assert [o.label.split(":")[0] for o in repl.listed] == ["answer pay", "answer decline"]
    assert all(": " in o.label for o in repl.listed)
    assert "ada must decide:" in buffer.getvalue()
    repl.handle("2")
    assert repl.session.state.pending is None
    assert repl.session.state.actors["ada"].guard == 3  # declined: nothing paid
    assert repl.session.commands_json()[-1] == {"answer": "decline", "actor": "ada"}


def test_answer_with_a_roll_and_options_for_the_pending_actor(
    tmp_path: Path, encounter: Encounter
) -> None:
    console, buffer = _console()
    repl = Repl(encounter, tmp_path / "out.yaml", console=console)
    repl.handle("run to=gangplank die=maneuver roll=3")
    repl.handle("options")  # defaults to whoever must answer
    # each answer says what it does (its consequence, issue 13 item 9; R003-05)
    assert [o.label.split(":")[0] for o in repl.listed] == ["answer pay", "answer decline"]
    assert all(": " in o.label for o in repl.listed)
    repl.handle("answer pay")
    assert repl.session.state.actors["ada"].awareness == 1
    assert repl.session.state.actors["ada"].at == "gangplank"
    repl.handle("options vex")
    assert "vex can do nothing now (it is ada's turn)" in buffer.getvalue()


def test_quit_saves_unsaved_commands(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, encounter: Encounter
) -> None:
    target = tmp_path / "auto.yaml"
    _script(monkeypatch, ["run to=gangplank die=maneuver roll=6", "end"])  # then EOF
    console, buffer = _console()
    run_interactive(encounter, target, console=console)
    assert f"saved 2 commands to {target}" in buffer.getvalue()
    assert load_encounter(target).source.data["steps"] == [
        {"do": "run", "actor": "ada", "die": "maneuver", "to": "gangplank", "roll": [6]},
        {"do": "end_turn", "actor": "ada"},
    ]


def test_quit_without_commands_writes_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, encounter: Encounter
) -> None:
    target = tmp_path / "auto.yaml"
    _script(monkeypatch, ["look", "options", "quit"])
    console, buffer = _console()
    run_interactive(encounter, target, console=console)
    assert not target.exists()
    assert "bye" in buffer.getvalue()


def test_save_as_json(tmp_path: Path, encounter: Encounter) -> None:
    console, _ = _console()
    repl = Repl(encounter, tmp_path / "out.yaml", console=console)
    repl.handle("run to=gangplank die=maneuver roll=5")
    path = repl.save(tmp_path / "out.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["steps"] == repl.session.commands_json()
    assert play(load_encounter(path)).session.to_json() == repl.session.to_json()


def test_values() -> None:
    assert parse_value("4") == 4
    assert parse_value("-2") == -2
    assert parse_value("4,2") == [4, 2]
    assert parse_value("true") is True and parse_value("False") is False
    assert parse_value("gangplank") == "gangplank"
    assert parse_fields(["roll=6", "to=deck", "hit=false"]) == {
        "roll": [6], "to": "deck", "hit": False}
    assert parse_fields(["roll=4,2"]) == {"roll": [4, 2]}


def test_the_cli_plays_from_stdin(tmp_path: Path) -> None:
    target = tmp_path / "played.yaml"
    result = CliRunner().invoke(
        app, ["play", str(BOARDING), "--from-start", "--save", str(target)],
        input="options\n1\nlook\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "what ada can do" in result.output
    assert target.exists()
    assert CliRunner().invoke(app, ["run", str(target)]).exit_code == 0


def test_choices_and_points_on_a_site_map(tmp_path: Path) -> None:
    """Choices match whatever the case typed; an answer can carry a point (at=x,y)."""
    encounter = load_encounter(EXAMPLES / "sitemaps" / "tavern-brawl.yaml")
    console = Console(file=io.StringIO(), width=120)
    repl = Repl(encounter, tmp_path / "out.yaml", console=console)
    for line in ("move to=street-west at=4,-2", "pin", "agi roll=15", "place at=2,1"):
        assert repl.handle(line)
    mira = repl.session.state.actors["mira"]
    assert (mira.at, mira.point) == ("taproom", (2.0, 1.0))
    assert repl.session.state.pending is None


def test_an_answer_that_reads_as_a_number_is_a_choice(tmp_path: Path) -> None:
    """PP are answered with numbers: `answer 0` is the choice "0", not the integer 0."""
    from footwork.scenario import load_encounter
    root = Path(__file__).resolve().parents[2]
    encounter = load_encounter(root / "examples" / "allowances" / "eric-jump.yaml")
    console, _ = _console()
    repl = Repl(encounter, tmp_path / "out.yaml", console=console)
    for command in encounter.steps:
        if command.kind != "command" or command.command is None:
            continue
        if repl.session.state.pending is not None:
            break
        repl.session.do(command.command)
    pending = repl.session.state.pending
    assert pending is not None and "0" in pending.choices
    repl.handle("answer 0")
    assert repl.session.state.pending is None
