"""How `footwork serve` runs its processes: one listening socket, N uvicorn servers on it.

Why not ``uvicorn.run(..., workers=N)``: with several workers uvicorn binds the socket
itself as ``socket.socket(AF_INET)``, whose protocol number is 0, and hands it to its
worker processes. asyncio turns Nagle's algorithm off (TCP_NODELAY) only on a connection
whose socket says it is TCP (``proto == IPPROTO_TCP``), so every connection accepted from
that socket kept Nagle on: a response written in two pieces (headers, then body) waited for
the client's delayed ACK, about 40 ms, on every keep-alive request (issue 24: 44 ms a
request with two workers, 2-3 ms with one). One worker never showed it: there asyncio
binds the socket itself, from getaddrinfo, with the protocol set.

Here the socket is bound once, by this process, with the protocol set (so every accepted
connection gets TCP_NODELAY from asyncio), and shared: one worker serves on it in this
process, several are started by uvicorn's supervisor (which restarts a worker that dies
and stops them all on SIGINT/SIGTERM). The kernel gives each new connection to whichever
worker accepts first, so an idle worker takes the next client.

Processes share nothing but the store: with PostgreSQL, appends are ordered by the
database and reach every worker's live connections through LISTEN/NOTIFY.
"""

from __future__ import annotations

import socket

#: the app every worker builds from the environment (FOOTWORK_DB, FOOTWORK_ADMIN_KEY...)
APP = "footwork.server.app:app_from_environment"


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port``, its protocol set to TCP so that asyncio sets
    TCP_NODELAY on every connection accepted from it (see the module's docstring)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind((host.strip("[]"), port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def serve(sock: socket.socket, workers: int = 1, *, log_level: str = "warning",
          ws_max_size: int = 16 * 1024 * 1024) -> None:
    """Serve the app of the environment on ``sock`` (from :func:`listening_socket`) with
    ``workers`` processes (one: in this process). Returns when the server is stopped
    (SIGINT, SIGTERM); the socket is closed then. ``ws_max_size``: the largest WebSocket
    message taken (`footwork serve --frame-bytes`)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    host, port = sock.getsockname()[:2]
    config = uvicorn.Config(APP, factory=True, host=host, port=port, workers=workers,
                            log_level=log_level, ws_max_size=ws_max_size)
    try:
        if workers > 1:
            Multiprocess(config, sockets=[sock]).run()
        else:
            uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()


__all__ = ["APP", "listening_socket", "serve"]
