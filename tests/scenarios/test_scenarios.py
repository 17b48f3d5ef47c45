"""Situations where three or more rules meet, each worked out by hand from the text.

Every ``<ruleset>/*.yaml`` here is an encounter file whose header comment states the
situation, the rule ids and the expected outcome with its arithmetic; its ``expect``
and ``expect_error`` steps hold that outcome. They were written by reading the rules
texts, never footwork's output.

``<ruleset>/failing.txt`` lists the files footwork still gets wrong, one per line as
``NAME.yaml  why``. Those run as strict expected failures: a listed file that starts
passing fails the suite until its line is removed, so the list only ever shrinks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from footwork.rulesets import available
from footwork.scenario import load_encounter
from footwork.scenario.runner import play

HERE = Path(__file__).resolve().parent


def failing(folder: Path) -> dict[str, str]:
    """The files of ``folder`` known to fail today, with the reason."""
    listed = folder / "failing.txt"
    if not listed.is_file():
        return {}
    out: dict[str, str] = {}
    for line in listed.read_text(encoding="utf-8").splitlines():
        name, _, why = line.strip().partition(" ")
        if name and not name.startswith("#"):
            out[name] = why.strip() or "known to fail"
    return out


def scenarios() -> list[object]:
    params: list[object] = []
    for folder in sorted(p for p in HERE.iterdir() if p.is_dir() and p.name in available()):
        known = failing(folder)
        for path in sorted(folder.glob("*.yaml")):
            marks = ([pytest.mark.xfail(reason=known[path.name], strict=True)]
                     if path.name in known else [])
            params.append(pytest.param(path, id=f"{folder.name}/{path.name}", marks=marks))
    return params


@pytest.mark.parametrize("path", scenarios())
def test_scenario_holds(path: Path) -> None:
    """The file's expectations, worked out by hand, hold."""
    outcome = play(load_encounter(path))
    assert outcome.failures == [], "\n".join(outcome.failures)


def test_every_listed_failure_is_a_file() -> None:
    """A line of failing.txt names a file that exists (no stale entries)."""
    for folder in (p for p in HERE.iterdir() if p.is_dir()):
        for name in failing(folder):
            assert (folder / name).is_file(), f"{folder.name}/failing.txt: no {name}"


@pytest.mark.parametrize("path", sorted(HERE.glob("*/*.yaml")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_scenario_is_a_valid_file(path: Path) -> None:
    """Even a listed failure is a valid encounter file (its fault is in the ruling)."""
    load_encounter(path)
