"""The command route, answered before the framework (issue 24: what a command costs
the server beside what deciding it costs the library).

A command is the request a table sends most, and the one its players wait on. Through
FastAPI it went through the framework's own middleware (its error and telemetry layers,
its body limit), ours (the security headers, the body bound), the router's matching,
the dependency machinery and a body model validated by FastAPI: together about as much
CPU as deciding the command. :class:`TableServer` is the FastAPI application whose
``__call__`` (what uvicorn calls: the outermost layer) hands ``POST
/api/tables/{id}/commands`` to its ``shortcut`` before any of that; the shortcut itself
bounds the body, checks the key, validates the body with its model (pydantic's own JSON
parser), decides and appends (in a worker thread) and writes the answer with the
security headers (``app.py``'s ``command_now``). The FastAPI route of the same path stays
declared, for the OpenAPI schema (its request and answer models are the same); every
other request, and every other method on that path (a 405), goes to the framework.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from fastapi import FastAPI

#: the path of a table's commands (a table id is one path segment)
COMMANDS = re.compile(r"/api/tables/([^/]+)/commands")

#: handles a matched request: the table id, then the ASGI scope, receive and send
Handler = Callable[[str, Any, Any, Any], Awaitable[None]]


class TableServer(FastAPI):
    """The table server's FastAPI application; ``shortcut``, when set, answers a table's
    commands before the framework's middleware and routing."""

    shortcut: Handler | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        handle = self.shortcut
        if handle is not None and scope["type"] == "http" and scope["method"] == "POST":
            found = COMMANDS.fullmatch(scope["path"])
            if found is not None:
                await handle(found[1], scope, receive, send)
                return
        await super().__call__(scope, receive, send)


def bearer_of(scope: Any) -> str | None:
    """The secret a request carries: its ``Authorization: Bearer``, else its ``?key=``
    (as the framework's routes read it)."""
    for name, value in scope.get("headers", ()):
        if name == b"authorization":
            text: str = value.decode("latin-1")
            if text.lower().startswith("bearer "):
                return text[7:].strip()
            break
    query: bytes = scope.get("query_string", b"")
    if b"key=" not in query:
        return None
    keys: list[str] = parse_qs(query.decode("latin-1"), keep_blank_values=True).get("key", [])
    return keys[-1] if keys else None
