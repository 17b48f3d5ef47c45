"""Shared fixtures: the examples of every registered ruleset, and a loader for inline files.

``--update-golden`` lets the golden tests (re)write their files; a normal run only
compares with them.
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from footwork.rulesets import available
from footwork.scenario import Encounter, encounter_from_text

# CI runs the property tests on the same examples every time (HYPOTHESIS_PROFILE=ci, set
# by .ci/run): a red run is then the code's, never the draw's. Locally they explore.
settings.register_profile("ci", derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

ROOT = Path(__file__).resolve().parents[1]

# the CLI's consoles are made when footwork.cli is imported, and rich freezes the width
# of a console made while COLUMNS is set: the test runner's own COLUMNS (pytest-xdist's
# workers set 80) would fix it for every CLI test, which give theirs per invocation
for _size in ("COLUMNS", "LINES"):
    os.environ.pop(_size, None)

# the tests of the compiled searches compare them with the pure ones: compile on first use
# rather than in the background (a command that never waits is footwork's default)
os.environ.setdefault("FOOTWORK_COMPILED", "wait")
EXAMPLES = ROOT / "examples"


def example_files(root: Path = ROOT) -> list[Path]:
    """The examples of every registered ruleset that git tracks under ``root``: a file
    someone saved or dropped among them is no test. Outside a git checkout (an unpacked
    source archive), every example there is."""
    rulesets = set(available())
    folder = root / "examples"
    try:
        listed = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--", "examples"],
                                capture_output=True, check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        found = [p for rid in rulesets for p in (folder / rid).glob("*.yaml")]
    else:
        found = [root / name for name in listed.decode("utf-8").split("\0") if name]
    return sorted(p for p in found if p.suffix == ".yaml" and p.parent.parent == folder
                  and p.parent.name in rulesets and p.is_file())


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="write the golden files from what the code gives now (review the "
                     "diff before committing it)")


def load(text: str, name: str = "inline.yaml") -> Encounter:
    """An encounter from an indented YAML string."""
    return encounter_from_text(textwrap.dedent(text), name)


@pytest.fixture
def loader() -> Any:
    return load
