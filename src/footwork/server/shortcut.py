"""The command route, taken before the framework's routing (issue 24: what a command
costs the server beside what deciding it costs the library).

A command is the request a table sends most, and the one its players wait on. Through
FastAPI it went through the router's matching, the dependency machinery, a body model
validated by FastAPI and a hop to a worker thread: together about as much CPU as
deciding the command. :class:`Shortcut` answers ``POST /api/tables/{id}/commands``
itself, inside the security headers and the body bound (the middlewares outside it), so
that what a command does is: read the body, check the key, validate the body with its
model (pydantic's own JSON parser), decide and append (in a worker thread), answer.
The FastAPI route of the same path stays declared, for the OpenAPI schema (its request
and answer models are the same); every other request goes to the framework.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

#: the path of a table's commands (a table id is one path segment)
COMMANDS = re.compile(r"/api/tables/([^/]+)/commands")

#: handles a matched request: the table id, then the ASGI scope, receive and send
Handler = Callable[[str, Any, Any, Any], Awaitable[None]]


class Shortcut:
    """ASGI middleware: ``POST`` on a table's commands goes to ``handle``; every other
    request (and every other method on that path: a 405) to ``app``."""

    def __init__(self, app: Any, handle: Handler) -> None:
        self.app = app
        self.handle = handle

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            found = COMMANDS.fullmatch(scope["path"])
            if found is not None:
                await self.handle(found[1], scope, receive, send)
                return
        await self.app(scope, receive, send)


async def whole_body(receive: Any) -> bytes | None:
    """The request's body (the body bound outside has already counted it), or None if
    the client went away meanwhile."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


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
