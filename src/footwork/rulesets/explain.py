"""Rule ids in words: the passages of the rulesets' own documentation that cite an id.

A log cites ``R003-04``; :func:`explain` finds where the ruleset's README explains
it (its paragraphs, list items and table rows that name the id, or a range such as
``R000-40…42`` that holds it), with the heading each stands under.

>>> [p.ruleset for p in explain("R003-04")][:1]
['spans']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from footwork.errors import FootworkError, excerpt
from footwork.rulesets.registry import available

_ID = re.compile(r"^[RA]\d{3}-\d{2}$")
#: an id, or a range of ids with the same prefix: R000-40…42, R000-40–42, R000-40-42
_CITED = re.compile(r"\b([RA]\d{3})-(\d{2})(?:\s*(?:…|–|-|\.\.\.)\s*(\d{2})\b)?")


@dataclass(frozen=True, slots=True)
class Passage:
    """Where a ruleset's documentation explains a rule: the ruleset, the heading the
    passage stands under, and the passage (Markdown)."""

    ruleset: str
    heading: str
    text: str


def explain(rule_id: str) -> list[Passage]:
    """Every passage of the rulesets' documentation that cites ``rule_id``."""
    wanted = rule_id.strip().upper()
    if not _ID.match(wanted):
        raise FootworkError(f"rule id {excerpt(rule_id)!r}: expected R or A, three digits, a "
                            "dash and two digits, e.g. R003-04 or A000-17")
    prefix, number = wanted[:4], int(wanted[5:])
    found = []
    for passage in _passages():
        for match in _CITED.finditer(passage.text):
            first = int(match.group(2))
            last = int(match.group(3) or first)
            if match.group(1) == prefix and first <= number <= max(first, last):
                found.append(passage)
                break
    return found


@cache
def _passages() -> tuple[Passage, ...]:
    """Every ruleset's README cut into passages."""
    out: list[Passage] = []
    for rid, cls in sorted(available().items()):
        try:
            out += _cut(rid, cls.readme_path().read_text(encoding="utf-8"))
        except OSError:
            continue
    return tuple(out)


def _cut(ruleset: str, text: str) -> list[Passage]:
    """Paragraphs, list items and table rows, each with the heading it stands under
    (code blocks left out)."""
    out: list[Passage] = []
    heading = ""
    block: list[str] = []
    fenced = False
    for line in [*text.splitlines(), ""]:
        starts = line.startswith(("#", "```")) or not line.strip() or \
            line.lstrip().startswith(("- ", "* ", "|")) or re.match(r"\s*\d+\. ", line)
        if starts and block and not fenced:
            out.append(Passage(ruleset, heading, "\n".join(block).strip()))
            block = []
        if line.startswith("```"):
            fenced = not fenced
        elif fenced:
            continue
        elif line.startswith("#"):
            heading = line.lstrip("#").strip()
        elif line.strip():
            block.append(line)
    return out
