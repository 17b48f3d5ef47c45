"""Golden files of reachable sets: what each actor may do at every state of every example.

Like python-chess's perft counts, these pin the legal-move generator of each ruleset:
any change to what `options()` offers shows up as a diff to review. Regenerate after
a deliberate rules change with ``FOOTWORK_UPDATE_GOLDEN=1 python -m pytest tests/golden``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from footwork.scenario import load_encounter

from ..conftest import example_files

HERE = Path(__file__).resolve().parent
UPDATE = os.environ.get("FOOTWORK_UPDATE_GOLDEN") == "1"


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


@pytest.mark.parametrize("path", example_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_reachable_sets_match_golden(path: Path) -> None:
    golden = HERE / path.parent.name / (path.stem + ".json")
    actual = reachable_sets(path)
    if UPDATE or not golden.exists():
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"wrote the missing golden file {golden}; review and commit it")
    expected = json.loads(golden.read_text(encoding="utf-8"))
    for want, got in zip(expected, actual, strict=False):
        assert got == want, f"{path.name} after {got['after']}: reachable set changed"
    assert len(actual) == len(expected)
