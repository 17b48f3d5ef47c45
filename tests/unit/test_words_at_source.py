"""The rulesets write their labels and log lines in the game's words at the source, so
that the command line and the API read as the page does: every example is played step
by step, and each step's options (as the API writes them: label, cost, checks, risk,
what each answer does) and the log (as `footwork run` prints it, and as `footwork
options --json` lists the last options) are walked for the raw patterns the page once
rewrote: "zone(s)", "[5] = 5", "(flight -1 m)", "at [9.25, 3]" or "at (9.25, 3)"."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from footwork.cli import app as cli
from footwork.engine.words import count, faces, number, spot
from footwork.errors import FootworkError
from footwork.scenario import load_encounter

from ..conftest import example_files

FILES = example_files()
RAW = {
    "a plural in brackets": re.compile(r"\(s\)"),
    "faces in brackets": re.compile(r"\[-?\d+(?:, -?\d+)*\] = "),
    "an Allowance spent as a negative distance": re.compile(
        r"\b(?!at\b|[xy]\b)[A-Za-z]+ -\d+(?:\.\d+)? m\b"),
    "a spot in brackets": re.compile(r"\bat [\[(]-?\d+(?:\.\d+)?, -?\d"),
}
#: options read per actor and step: a grid's first moves show every pattern its moves do
PER_STEP = 15


def raw(texts: list[str]) -> list[str]:
    return [f"{what}: …{text[max(0, m.start() - 40):m.end() + 30]}…"
            for text in texts for what, pattern in RAW.items()
            for m in pattern.finditer(text)]


def test_the_helper_writes_counts_numbers_faces_and_spots() -> None:
    assert (count(1, "zone"), count(0, "zone"), count(2, "Simple Action")) == (
        "1 zone", "0 zones", "2 Simple Actions")
    assert (number(3.0), number(9.25), number(1 / 3), number(-0.0001)) == (
        "3", "9.25", "0.33", "0")
    assert (faces([5], 5), faces([3, 4], 7), faces([10], 15), faces([12], 10)) == (
        "5", "3 + 4 = 7", "10 + 5 = 15", "12 - 2 = 10")
    assert spot(9.25, 3.0) == "x 9.25 m, y 3 m"
    assert len(raw(["1 zone(s)", "on 1d6: [4] = 4", "2 m (flight -2 m)", "at [9.25, 3]",
                "at (9.25, 3)"])) == 5 and raw(["(1,8) at -1 m", "at x 5.5 m, y -2 m"]) == []


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_the_cli_and_the_api_speak_in_the_game_s_words(path: Path) -> None:
    encounter = load_encounter(path)
    session = encounter.session()
    data: Any = encounter.source.data
    texts: list[str] = []

    def read_options() -> None:
        state = session.state
        if state.ended:
            return
        who = state.pending.actor if state.pending is not None else state.current
        for i, option in enumerate(session.options(who)):
            if i >= PER_STEP:
                break
            texts.append(json.dumps(option.to_json()))
        if state.pending is not None:
            texts.append(state.pending.prompt)

    read_options()
    for step in data.get("steps") or []:
        if "do" not in step and "answer" not in step:
            continue
        try:
            session.do(step)
        except FootworkError:
            break
        read_options()
    texts += [str(line["text"]) for line in session.to_json()["log"]]  # type: ignore[index, union-attr]
    runner = CliRunner()
    played = runner.invoke(cli.app, ["run", str(path)])
    listed = runner.invoke(cli.app, ["options", str(path), "--json"])
    texts += [played.stdout, listed.stdout]
    assert len(texts) > 3
    assert raw(texts) == []
