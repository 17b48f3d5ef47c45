"""The leak checker: which hidden names a player seat received.

``leaked_names(received, hidden)`` takes everything a player seat was sent (JSON bodies
as parsed values or text, WebSocket messages, HTTP responses) and the names hidden
from that seat (actor and place ids), and lists every hidden name found in any of it,
as a whole id (``cook`` in ``"cook's turn"``, not in ``cooking``): what the server must
never send a player (issue 24). Reused by the soak test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any


def _text(item: Any) -> str:
    if isinstance(item, str):
        return item
    if isinstance(item, bytes):
        return item.decode("utf-8", "replace")
    text = getattr(item, "text", None)  # an HTTP response
    if isinstance(text, str):
        return text
    return json.dumps(item, ensure_ascii=False)


def leaked_names(received: Iterable[Any], hidden: Iterable[str]) -> list[str]:
    """The names of ``hidden`` that appear, as whole ids, in anything of ``received``
    (sorted, each once); empty when nothing leaked."""
    texts = [_text(item) for item in received]
    return sorted(name for name in set(hidden) if any(
        re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) for text in texts))


__all__ = ["leaked_names"]
