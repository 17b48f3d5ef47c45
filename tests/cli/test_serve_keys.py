"""`footwork serve` keeps its game master's key (issue 21, item 4): the same key after a
restart, a new one with --new-key, the file readable by its owner only; the key it
prints opens the lobby's every seat link."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import httpx

from footwork.server.keys import KEY_FILE
from tests.store.pgserver import free_port

FOOTWORK = shutil.which("footwork") or str(Path(sys.executable).parent / "footwork")


def _serve(db: Path, *extra: str) -> tuple[str, str, list[str]]:
    """Start the server, read what it prints, check the lobby answers; stop it. Returns
    the printed game master's lobby link, the key and the lines printed."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "FOOTWORK_ADMIN_KEY"}
    proc = subprocess.Popen([FOOTWORK, "serve", "--db", str(db), "--port", str(port), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline().rstrip() for _ in range(5)]
        link = next(line.split()[-1] for line in lines if "game master" in line)
        key = link.partition("?key=")[2]
        deadline = time.monotonic() + 60
        while True:
            try:
                reply = httpx.get(f"http://127.0.0.1:{port}/api/lobby", params={"key": key},
                                  timeout=10)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)
        assert reply.status_code == 200, reply.text
        tables = reply.json()
        assert tables and all(t["complete"] for t in tables)
        assert all(s["link"].startswith(f"http://localhost:{port}/t/") for t in tables
                   for s in t["seats"])
        return link, key, lines
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_the_key_stays_across_restarts_until_new_key(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    link, key, lines = _serve(db)
    assert link.endswith(f"/?key={key}") and f"kept in {tmp_path / KEY_FILE}" in "\n".join(lines)
    assert stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode) == 0o600
    assert _serve(db)[1] == key
    rotated = _serve(db, "--new-key")[1]
    assert rotated != key
    assert _serve(db)[1] == rotated
