"""How `footwork serve` runs its processes (footwork.server.workers, issue 24 item 4).

- The listening socket says it is TCP, so asyncio turns Nagle's algorithm off on every
  connection accepted from it (uvicorn's own socket for several workers did not: each
  keep-alive request then waited ~40 ms for a delayed ACK). Checked on the socket
  options, not timed.
- `footwork serve --workers 2` over a real PostgreSQL: a WebSocket held by one worker
  process receives a command that another worker appended (LISTEN/NOTIFY). Which worker
  holds a connection is read from /proc (the processes' open sockets), not guessed.

The commands/s of one worker against several are measured in bench/bench_server.py.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.client
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import ClientConnection, connect

from footwork.server.workers import listening_socket
from tests.server.conftest import ADMIN
from tests.server.test_reliability import Served
from tests.store.pgserver import PostgresServer

#: the longest one wait may take, in seconds
PATIENCE = 60.0
#: new connections tried before concluding that the kernel never gives one to a worker
TRIES = 60


def _nodelay_of_accepted(listening: socket.socket) -> int:
    """TCP_NODELAY on the connection asyncio accepts from ``listening`` (as uvicorn's
    server does: ``loop.create_server(sock=...)``)."""

    async def run() -> int:
        seen: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        class Probe(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                sock = transport.get_extra_info("socket")
                seen.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()

        server = await asyncio.get_running_loop().create_server(Probe, sock=listening)
        port = listening.getsockname()[1]
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            return await asyncio.wait_for(seen, PATIENCE)
        finally:
            writer.close()
            server.close()
            await server.wait_closed()

    # a loop of its own in a thread of its own: Playwright's sync API (the browser tests
    # of this folder) keeps a loop running in the test thread
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


def test_connections_accepted_from_the_served_socket_have_nagle_off() -> None:
    assert _nodelay_of_accepted(listening_socket("127.0.0.1", 0)) != 0
    # the socket uvicorn binds for several workers (protocol 0): asyncio leaves Nagle on
    plain = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    plain.bind(("127.0.0.1", 0))
    assert _nodelay_of_accepted(plain) == 0


def test_a_port_in_use_is_one_line_of_error_before_anything_is_made(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from footwork.cli.app import app

    taken = listening_socket("127.0.0.1", 0)
    taken.listen()
    try:
        result = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "t.db"), "--port",
                                          str(taken.getsockname()[1])])
    finally:
        taken.close()
    assert result.exit_code == 2
    assert result.output.startswith("error: cannot listen on 127.0.0.1:"), result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "t.db").exists()  # nothing made


# -- several workers over PostgreSQL ------------------------------------------------------


@pytest.fixture(scope="module")
def two_workers(postgres_server_session: PostgresServer) -> Iterator[Served]:
    """`footwork serve --workers 2` on a database of its own."""
    served = Served(postgres_server_session.create_database("workers"), workers=2)
    try:
        yield served
    finally:
        served.kill()


def _worker_holding(served: Served, local_port: int) -> int:
    """The pid of the process of the server's group holding the server's end of the
    connection whose client end is ``local_port`` (read from /proc: the socket's inode in
    /proc/net/tcp, then which process has it open)."""
    for _ in range(int(PATIENCE * 10)):
        inodes = {row[9] for row in _tcp_rows()
                  if int(row[1].rsplit(":", 1)[1], 16) == served.port
                  and int(row[2].rsplit(":", 1)[1], 16) == local_port}
        for pid in _group(served.process.pid):
            with contextlib.suppress(OSError):
                for fd in Path(f"/proc/{pid}/fd").iterdir():
                    with contextlib.suppress(OSError):
                        if os.readlink(fd) in {f"socket:[{i}]" for i in inodes}:
                            return pid
        time.sleep(0.1)  # the worker may not have accepted it yet
    raise AssertionError(f"no worker holds the connection from port {local_port}")


def _tcp_rows() -> list[list[str]]:
    rows = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            rows += [line.split() for line in Path(table).read_text().splitlines()[1:]]
    return rows


def _group(pgid: int) -> list[int]:
    """The processes of process group ``pgid`` (the server and its workers)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError):
                # the fields after the command's closing parenthesis: state, ppid, pgrp
                if int((entry / "stat").read_text().rpartition(")")[2].split()[2]) == pgid:
                    out.append(int(entry.name))
    return out


def _post(conn: http.client.HTTPConnection, path: str, body: object) -> dict[str, object]:
    conn.request("POST", path, body=json.dumps(body).encode(),
                 headers={"Content-Type": "application/json",
                          "Authorization": f"Bearer {ADMIN}"})
    reply = conn.getresponse()
    data = reply.read()
    assert reply.status in (200, 201), data
    answer: dict[str, object] = json.loads(data)
    return answer


def test_a_socket_on_one_worker_sees_a_command_made_on_another(two_workers: Served) -> None:
    served = two_workers
    maker = http.client.HTTPConnection("127.0.0.1", served.port, timeout=PATIENCE)
    made = _post(maker, "/api/tables", {"example": "sitemaps/tavern-brawl"})
    table_id = made["table"]["id"]  # type: ignore[index]
    maker.close()
    ws_url = (f"ws://127.0.0.1:{served.port}/api/tables/{table_id}/live"
              f"?key={ADMIN}&after=0")
    with connect(ws_url, open_timeout=PATIENCE) as ws:
        _across(served, table_id, ws)


def _across(served: Served, table_id: str, ws: ClientConnection) -> None:
    listener = _worker_holding(served, ws.socket.getsockname()[1])
    # a connection the kernel gave to the other worker
    sender = None
    for _ in range(TRIES):
        conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=PATIENCE)
        conn.connect()
        if _worker_holding(served, conn.sock.getsockname()[1]) != listener:
            sender = conn
            break
        conn.close()
    assert sender is not None, f"{TRIES} connections all went to the listening worker"
    conn.request("GET", f"/api/tables/{table_id}/state",
                 headers={"Authorization": f"Bearer {ADMIN}"})
    state = json.loads(conn.getresponse().read())
    answer = _post(sender, f"/api/tables/{table_id}/commands", {
        "version": state["version"], "command_id": "across-workers",
        "command": {"do": "end_turn", "actor": state["turn"]}})
    pushed = json.loads(ws.recv(timeout=PATIENCE))
    assert pushed["type"] == "lines"
    assert pushed["version"] == answer["table_version"] == state["version"] + 1
    assert pushed["lines"], pushed
    assert any(state["turn"] in json.dumps(line) for line in pushed["lines"]), pushed
    sender.close()


def test_the_supervisor_of_several_workers_leaves_the_compiled_search_to_a_child(
        two_workers: Served) -> None:
    """With several workers the supervisor serves no table: numba is not loaded in it (it
    held over 100 MB there for nothing); a child process (`footwork doctor`) fills the
    kernel cache the workers load from, and the server says when it is done."""
    served = two_workers
    deadline = time.monotonic() + 4 * PATIENCE  # a cold cache compiles for a minute
    while not (done := [line for line in served.said(1 << 20).splitlines()
                        if "compiled search:" in line and "background" not in line]):
        assert time.monotonic() < deadline, served.said()
        time.sleep(0.2)
    assert "ready: the kernels are in the cache" in done[0] or "unavailable" in done[0], done
    maps = Path(f"/proc/{served.process.pid}/maps").read_text()
    assert "llvmlite" not in maps and "numba" not in maps


# -- planned paths across workers (issue 24 item 2 of session 30) ----------------------


def _socket_on(served: Served, url: str, *, on: int | None = None,
               off: int | None = None) -> tuple[ClientConnection, int]:
    """A WebSocket to ``url`` held by worker ``on`` (or by any worker but ``off``), with
    the pid of the worker holding it: new connections are tried until the kernel gives
    one to such a worker."""
    for _ in range(TRIES):
        # entered here (the caller's ``with`` closes it): a bare connect() is deprecated
        ws = connect(url, open_timeout=PATIENCE).__enter__()
        pid = _worker_holding(served, ws.socket.getsockname()[1])
        if (on is None or pid == on) and pid != off:
            return ws, pid
        ws.close()
    raise AssertionError(f"{TRIES} sockets never reached the worker wanted")


def _next_plan(ws: ClientConnection) -> dict[str, object]:
    """The next plan ``ws`` receives (the log lines before it skipped)."""
    while True:
        message: dict[str, object] = json.loads(ws.recv(timeout=PATIENCE))
        if message["type"] == "plan":
            return message


def test_a_plan_reaches_the_pages_held_by_another_worker(two_workers: Served) -> None:
    """The path under a ruler reaches the table's pages on the other worker too (the
    store's announcement, NOTIFY), through each seat's view: the patrons' socket on one
    worker never gets the hidden cook's plan sent on the other, and gets bruno's without
    the hidden kitchen; a player's plan sent on one worker reaches the game master's and
    another player's pages on the other."""
    served = two_workers
    maker = http.client.HTTPConnection("127.0.0.1", served.port, timeout=PATIENCE)
    made = _post(maker, "/api/tables", {"example": "sitemaps/tavern-brawl"})
    maker.close()
    table_id = made["table"]["id"]  # type: ignore[index]
    keys = {s["seat"]: s["secret"] for s in made["seats"]}  # type: ignore[attr-defined]
    live = f"ws://127.0.0.1:{served.port}/api/tables/{table_id}/live?after=0&key="
    gm_x, x = _socket_on(served, live + keys["gm"])
    patrons_x, _ = _socket_on(served, live + keys["side:patrons"], on=x)
    patrons_y, y = _socket_on(served, live + keys["side:patrons"], off=x)
    with gm_x, patrons_x, patrons_y:
        assert x != y
        gm_x.send(json.dumps({"type": "plan", "actor": "cook", "path": ["kitchen"]}))
        gm_x.send(json.dumps({"type": "plan", "actor": "bruno",
                              "path": ["kitchen", "taproom"]}))
        bruno = {"type": "plan", "actor": "bruno", "path": ["taproom"], "done": False}
        assert _next_plan(patrons_y) == bruno  # across: the cook's was left out
        assert _next_plan(patrons_x) == bruno  # on the same worker, as before
        mira = {"type": "plan", "actor": "mira", "path": ["bar"], "done": True}
        patrons_y.send(json.dumps(mira))
        assert _next_plan(gm_x) == mira
        assert _next_plan(patrons_x) == mira
