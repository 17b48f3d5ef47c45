"""`footwork rulesets ID` shows the whole document (issue 13, item 6): wrapped to the
terminal, never cut at its edge, and paged in a terminal when longer than a screen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from footwork.cli.app import app
from footwork.rulesets import available, get_ruleset

from .terminal import Terminal


def _words(text: str) -> str:
    """Text as a run of words: markup, bullets and line breaks left out."""
    text = re.sub(r"[`*_│•]", "", text)
    return " ".join(text.split())


def _long_bullets(ruleset: str, longer_than: int) -> list[str]:
    """The ruleset README's bullets (joined over their lines) longer than the width."""
    readme = type(get_ruleset(ruleset)).readme_path().read_text(encoding="utf-8")
    bullets = re.findall(r"^- (.+(?:\n  (?!- ).+)*)", readme, flags=re.MULTILINE)
    return [_words(b) for b in bullets if len(_words(b)) > longer_than]


@pytest.mark.parametrize("ruleset", sorted(available()))
@pytest.mark.parametrize("columns", [80, 200])
def test_every_bullet_is_shown_whole(ruleset: str, columns: int) -> None:
    result = CliRunner().invoke(app, ["rulesets", ruleset], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= columns
    shown = _words(result.stdout)
    bullets = _long_bullets(ruleset, columns)
    if ruleset == "spans" and columns == 80:
        assert bullets, "no bullet is longer than a line: the test tests nothing"
    for bullet in bullets:
        assert bullet in shown


def test_a_long_document_is_paged_in_a_terminal(tmp_path: Path) -> None:
    pager = "sed 's/^/PAGER: /'"
    term = Terminal(["rulesets", "spans"], cwd=tmp_path, env={"PAGER": pager}, rows=40,
                    cols=100)
    try:
        assert term.wait() == 0
    finally:
        term.close()
    lines = [line for line in term.text.splitlines() if line.strip()]
    assert len(lines) > 40
    assert all(line.startswith("PAGER: ") for line in lines), lines[:3]
    assert _long_bullets("spans", 100)[0] in _words(term.text.replace("PAGER: ", ""))


def test_a_short_list_is_not_paged(tmp_path: Path) -> None:
    term = Terminal(["rulesets"], cwd=tmp_path, env={"PAGER": "sed 's/^/PAGER: /'"})
    try:
        assert term.wait() == 0
    finally:
        term.close()
    assert "PAGER: " not in term.text and "spans" in term.text
