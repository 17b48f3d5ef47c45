"""Every rule of the `sitemaps` chapter (R004-NN in RULES.md) and every gap (A004-NN) is cited
by at least one test of this folder, in the test's name or docstring: a rule without a test
fails the suite."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
CANDIDATES = [
    ROOT.parent / "shared" / "rules" / "RULES.md",
    ROOT / "shared" / "rules" / "RULES.md",
    ROOT / "rules" / "RULES.md",
]


def _rules_md() -> Path:
    for path in CANDIDATES:
        if path.is_file():
            return path
    pytest.skip("RULES.md is not available next to this checkout")


def _section_004(text: str) -> str:
    """The text of the 004 chapter: from its heading to the next chapter's."""
    start = text.index("## 004")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def _ids(prefix: str) -> list[str]:
    section = _section_004(_rules_md().read_text(encoding="utf-8"))
    return sorted(set(re.findall(rf"\b{prefix}004-\d\d\b", section)))


def _test_text() -> str:
    """The names and docstrings of every test function of the folder (not comments, not
    module docstrings: a citation must sit on a test that exercises the rule)."""
    me = Path(__file__).name
    parts: list[str] = []
    for path in sorted(HERE.glob("test_*.py")):
        if path.name == me:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                parts += [node.name, ast.get_docstring(node) or ""]
    return "\n".join(parts)


def _cited(rule: str, text: str) -> bool:
    # cited as "R004-04" in a docstring or as "R004_04" in a test name
    return rule in text or rule.replace("-", "_") in text


def test_rules_md_lists_the_31_rules_and_18_gaps() -> None:
    assert len(_ids("R")) == 31
    assert _ids("R")[0] == "R004-01" and _ids("R")[-1] == "R004-31"
    assert len(_ids("A")) == 18


@pytest.mark.parametrize("prefix", ["R", "A"])
def test_every_rule_and_gap_has_a_test(prefix: str) -> None:
    text = _test_text()
    missing = [rule for rule in _ids(prefix) if not _cited(rule, text)]
    assert missing == [], f"no test in {HERE.name}/ cites: {', '.join(missing)}"
