"""Reading encounter text: YAML 1.2 (ruamel) or JSON, keeping where each value stood.

Errors found later (by pydantic, by the ruleset) carry a path such as
``actors[1].stats.guard``; :class:`Source` turns that path back into a line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from footwork.errors import ScenarioError


@dataclass(frozen=True)
class Source:
    """The parsed document, its name, and the ruamel tree for line look-ups."""

    name: str
    data: Any
    tree: Any = None

    def line_of(self, path: Sequence[str | int]) -> int | None:
        """1-based line of the deepest node of ``path`` that exists in the file."""
        node = self.tree
        root = getattr(node, "lc", None)
        line: int | None = root.line + 1 if root is not None and root.line is not None else None
        for key in path:
            lc = getattr(node, "lc", None)
            try:
                if isinstance(node, dict) and key in node:
                    if lc is not None:
                        line = lc.key(key)[0] + 1
                    node = node[key]
                elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
                    if lc is not None:
                        line = lc.item(key)[0] + 1
                    node = node[key]
                else:
                    break
            except (KeyError, IndexError, TypeError):
                break
        return line

    def error(self, message: str, path: Sequence[str | int] = ()) -> ScenarioError:
        return ScenarioError(message, file=self.name, path=format_path(path),
                             line=self.line_of(path))


def format_path(path: Sequence[str | int]) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def parse_text(text: str, name: str = "<text>") -> Source:
    """Parse YAML 1.2 (JSON is YAML too, but strict JSON errors read better)."""
    if name.endswith(".json"):
        try:
            return Source(name, json.loads(text))
        except json.JSONDecodeError as exc:
            raise ScenarioError(f"invalid JSON: {exc.msg}", file=name, line=exc.lineno) from None
    yaml = YAML(typ="rt")
    yaml.version = (1, 2)
    try:
        tree = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or "malformed YAML"
        raise ScenarioError(f"invalid YAML: {problem}", file=name, line=line) from None
    except YAMLError as exc:
        raise ScenarioError(f"invalid YAML: {exc}", file=name) from None
    return Source(name, _plain(tree), tree)


def read_file(path: str | Path) -> Source:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError("no such file", file=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"cannot read the file: {exc}", file=str(path)) from None
    return parse_text(text, str(path))


def _plain(node: Any) -> Any:
    """Plain dicts and lists (ruamel's commented types confuse pydantic's error paths)."""
    if isinstance(node, dict):
        return {str(k) if not isinstance(k, str) else k: _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if isinstance(node, str):
        return str(node)
    if isinstance(node, bool):
        return bool(node)
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return node
