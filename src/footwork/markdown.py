"""Rule texts as people read them: the rulesets' Markdown, rendered.

Passages cut from a README (``footwork.rulesets.explain``) may be table rows without
their table: :func:`passage_markdown` turns such rows into list items, so that no
renderer shows their pipes. :func:`to_html` renders Markdown to HTML for the page with
markdown-it-py (CommonMark and tables; the library rich's own Markdown uses), offline;
raw HTML in the text is escaped, never passed through, and unsafe links are dropped.
"""

from __future__ import annotations

import re
from functools import lru_cache

from markdown_it import MarkdownIt

_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def passage_markdown(text: str) -> str:
    """``text`` with table rows that stand without their table's header written as list
    items (``| a | b |`` → ``- **a** — b``); a whole table is kept as it is."""
    lines = text.splitlines()
    if any(_RULE.match(line) for line in lines):
        return text  # a table with its header: renderers draw it
    out = []
    for line in lines:
        row = _ROW.match(line)
        if row is None:
            out.append(line)
            continue
        cells = [cell.strip() for cell in row.group(1).split("|")]
        cells = [cell for cell in cells if cell]
        if not cells:
            continue
        head = cells[0] if cells[0].startswith(("**", "`")) else f"**{cells[0]}**"
        out.append("- " + " — ".join([head, *cells[1:]]))
    return "\n".join(out)


@lru_cache(maxsize=1)
def _renderer() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


@lru_cache(maxsize=512)
def to_html(text: str) -> str:
    """``text`` (Markdown) as HTML: headings, emphasis, code, lists, tables."""
    html: str = _renderer().render(text)
    return html
