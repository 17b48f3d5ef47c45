"""Security headers on every HTTP answer of the table server.

A seat's page carries its secret in its address (``/t/ID?key=SECRET``), so nothing may
leak that address or run foreign code beside it:

- ``Content-Security-Policy``: scripts and styles only from the server's own files
  (``/web/…``); no inline script, no inline style, no ``eval``. The pages keep their
  styles in ``/web/*.css`` and the drawings (the map's SVG, the QR codes) carry
  presentation attributes (``fill``, ``stroke``), never ``style``, so ``style-src
  'self'`` holds without ``'unsafe-inline'`` (scripts setting ``element.style`` are
  not inline styles: the CSSOM is allowed). Live updates are same-origin WebSockets
  (``connect-src 'self'``). ``frame-ancestors 'none'``: no other site may frame a page.
- ``X-Frame-Options: DENY``: the same, for browsers without CSP level 2.
- ``Referrer-Policy: no-referrer``: following a link never sends the page's address
  (and its key) to another site.
- ``X-Content-Type-Options: nosniff``: an answer is read as its declared type only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: the policy of every answer (a JSON answer runs nothing; the same policy is harmless)
CSP = "; ".join((
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",  # data: the pages' empty favicon
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

SECURITY_HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}

_RAW = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()]
_NAMES = frozenset(name for name, _ in _RAW)


def secured(headers: Iterable[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """An answer's raw headers with :data:`SECURITY_HEADERS` in place of any it set."""
    return [*(h for h in headers if h[0].lower() not in _NAMES), *_RAW]


class SecurityHeaders:
    """ASGI middleware: adds :data:`SECURITY_HEADERS` to every HTTP answer (pages, API,
    static files, refusals), replacing any the app set itself."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": secured(message.get("headers", []))}
            await send(message)

        await self.app(scope, receive, with_headers)
