"""Which rule ids of a chapter of RULES.md no test of a folder cites.

A citation counts only on a test function (its name, as ``R003_04``, or its docstring,
as ``R003-04``), never in a comment: it must sit on a test that exercises the rule.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = [
    ROOT.parent / "shared" / "rules" / "RULES.md",
    ROOT / "shared" / "rules" / "RULES.md",
    ROOT / "rules" / "RULES.md",
]


def rules_md() -> Path:
    for path in CANDIDATES:
        if path.is_file():
            return path
    pytest.skip("RULES.md is not available next to this checkout")


def chapter_ids(chapter: str, prefix: str) -> list[str]:
    """Every ``{prefix}{chapter}-NN`` id in the chapter's section of RULES.md."""
    text = rules_md().read_text(encoding="utf-8")
    start = text.index(f"## {chapter}")
    end = text.find("\n## ", start + 1)
    section = text[start:end if end != -1 else None]
    return sorted(set(re.findall(rf"\b{prefix}{chapter}-\d\d\b", section)))


def cited_texts(folder: Path) -> str:
    """The names and docstrings of every test function in ``folder``."""
    parts: list[str] = []
    for path in sorted(folder.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                parts += [node.name, ast.get_docstring(node) or ""]
    return "\n".join(parts)


def uncited(chapter: str, prefix: str, folder: Path) -> list[str]:
    text = cited_texts(folder)
    return [rule for rule in chapter_ids(chapter, prefix)
            if rule not in text and rule.replace("-", "_") not in text]
