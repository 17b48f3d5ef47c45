"""Golden files of reachable sets: what each actor may do at every state of every example.

Like python-chess's perft counts, these pin the legal-move generator of each ruleset:
any change to what `options()` offers shows up as a diff to review. Regenerate after
a deliberate rules change with ``python -m pytest tests/golden --update-golden``; a
normal run never writes a golden file (a missing one fails).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from footwork.scenario import load_encounter

from ..conftest import example_files

HERE = Path(__file__).resolve().parent


def reachable_sets(path: Path) -> list[dict[str, Any]]:
    encounter = load_encounter(path)
    session = encounter.session()
    snapshots: list[dict[str, Any]] = []

    def snap(after: str) -> None:
        state = session.state
        who = state.pending.actor if state.pending is not None else state.current
        options = [
            {
                "command": {k: v for k, v in o.command.items() if k != "actor"},
                "odds": {c.name: {k: str(v) for k, v in c.odds.items()} for c in o.checks},
                # what is at stake (issue 13, item 10); absent when the option is safe
                **({"risk": o.risk.to_json()} if o.risk else {}),
            }
            for o in session.options(who)
        ]
        snapshots.append({"after": after, "actor": who, "count": len(options),
                          "options": options})

    snap("start")
    for step in encounter.steps:
        if step.kind == "command" and step.command is not None:
            session.do(step.command)
            snap(f"steps[{step.index}] {step.command.name}")
    return snapshots


def check_golden(golden: Path, actual: list[dict[str, Any]], *, update: bool) -> None:
    """Compare ``actual`` with the golden file; only ``update`` writes it."""
    if update:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    if not golden.exists():
        pytest.fail(f"no golden file {golden}: review the reachable sets and write it with "
                    "`python -m pytest tests/golden --update-golden`")
    expected = json.loads(golden.read_text(encoding="utf-8"))
    for want, got in zip(expected, actual, strict=False):
        assert got == want, f"{golden.name} after {got['after']}: reachable set changed"
    assert len(actual) == len(expected)


@pytest.mark.parametrize("path", example_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_reachable_sets_match_golden(path: Path, request: pytest.FixtureRequest) -> None:
    golden = HERE / path.parent.name / (path.stem + ".json")
    update = bool(request.config.getoption("--update-golden", default=False))
    check_golden(golden, reachable_sets(path), update=update)


def test_a_missing_golden_file_fails_and_is_not_written(tmp_path: Path) -> None:
    golden = tmp_path / "spans" / "new.json"
    with pytest.raises(pytest.fail.Exception, match="--update-golden"):
        check_golden(golden, [{"after": "start"}], update=False)
    assert not golden.exists()
    check_golden(golden, [{"after": "start"}], update=True)
    assert json.loads(golden.read_text(encoding="utf-8")) == [{"after": "start"}]


def _git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True,
                   timeout=60)


def test_only_the_examples_git_tracks_are_collected(tmp_path: Path) -> None:
    """A game saved or a file dropped among the examples is not collected as a test."""
    folder = tmp_path / "examples" / "spans"
    folder.mkdir(parents=True)
    tracked = folder / "shipped.yaml"
    for name in ("shipped.yaml", "shipped.played.yaml", "other.yaml"):
        (folder / name).write_text("footwork: 1\n", encoding="utf-8")
    (tmp_path / "examples" / "nosuchruleset").mkdir()
    (tmp_path / "examples" / "nosuchruleset" / "x.yaml").write_text("", encoding="utf-8")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "examples/spans/shipped.yaml", "examples/nosuchruleset/x.yaml")
    assert example_files(tmp_path) == [tracked]
