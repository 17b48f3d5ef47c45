"""The layers of docs/architecture.md, checked on the source: every import, lazy ones
inside functions too, points inward."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "footwork"
OUTER = ("cli", "server", "store", "scenario", "importers", "draw", "simulate")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _layer(*parts: str) -> list[Path]:
    return sorted((SRC.joinpath(*parts)).rglob("*.py"))


def test_the_core_and_the_rulesets_import_no_outer_layer() -> None:
    faults = []
    for layer in ("engine", "space", "rulesets", "dice", "odds"):
        for path in _layer(layer):
            for name in _imports(path):
                if any(name == f"footwork.{o}" or name.startswith(f"footwork.{o}.")
                       for o in OUTER):
                    faults.append(f"{path.relative_to(SRC)} imports {name}")
    assert faults == []


def test_the_core_imports_no_ruleset() -> None:
    faults = [f"{p.relative_to(SRC)} imports {n}" for layer in ("engine", "space")
              for p in _layer(layer) for n in _imports(p)
              if n.startswith("footwork.rulesets.") and n not in (
                  "footwork.rulesets.base", "footwork.rulesets.registry")]
    assert faults == []


def test_the_importers_know_no_ruleset() -> None:
    faults = [f"{p.relative_to(SRC)} imports {n}" for p in _layer("importers")
              for n in _imports(p) if n.startswith("footwork.rulesets")]
    assert faults == []


def test_the_drawings_share_a_common_module_and_import_no_other_drawing() -> None:
    drawings = {"zones", "grid", "to_scale"}
    faults = [f"{name}.py imports {n}" for name in sorted(drawings)
              for n in _imports(SRC / "draw" / f"{name}.py")
              if n.startswith("footwork.draw.") and n.rsplit(".", 1)[1] in drawings]
    assert faults == []
