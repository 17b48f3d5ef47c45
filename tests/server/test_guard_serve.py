"""`footwork serve` keeps its secrets out of `ps` and the environment (issue 24, item 3):
the game master's key read from a file (mode 600) or stdin; a file others may read is
refused in one line; the server's process shows no key in its command line or
environment; wrong keys are limited per client (429 with Retry-After)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.store.pgserver import free_port

FOOTWORK = shutil.which("footwork") or str(Path(sys.executable).parent / "footwork")
KEY = "key-from-a-file-for-tests"


def _started(port: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while True:
        assert proc.poll() is None, proc.communicate()[0]
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=5)
            return
        except httpx.TransportError:
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.2)


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_the_key_comes_from_a_file_or_stdin_and_shows_nowhere(tmp_path: Path,
                                                              source: str) -> None:
    keyfile = tmp_path / "gm.key"
    keyfile.write_text(KEY + "\n")
    keyfile.chmod(0o600)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("FOOTWORK_")}
    where = str(keyfile) if source == "file" else "-"
    proc = subprocess.Popen(
        [FOOTWORK, "serve", "--db", str(tmp_path / "t.db"), "--port", str(port),
         "--admin-key-file", where, "--wrong-keys", "3"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=env)
    try:
        assert proc.stdin is not None
        if source == "stdin":
            proc.stdin.write(KEY + "\n")
            proc.stdin.flush()
        _started(port, proc)
        lobby = httpx.get(f"http://127.0.0.1:{port}/api/lobby",
                          headers={"Authorization": f"Bearer {KEY}"}, timeout=10)
        assert lobby.status_code == 200 and lobby.json()
        # nothing secret where other tools look: the command line and the environment
        seed = (tmp_path / "server-keys.json").read_text()
        for part in ("cmdline", "environ"):
            shown = Path(f"/proc/{proc.pid}/{part}").read_bytes().decode(errors="replace")
            assert KEY not in shown and "link_seed" not in shown, part
            assert all(v not in shown for v in seed.split('"') if len(v) > 20), part
        # a wrong key, again and again: 401s, then 429 with Retry-After for everything
        url = f"http://127.0.0.1:{port}/api/lobby"
        codes = [httpx.get(url, params={"key": f"wrong{i}"}, timeout=10).status_code
                 for i in range(3)]
        assert codes == [401, 401, 401]
        held = httpx.get(url, params={"key": KEY}, timeout=10)
        assert held.status_code == 429 and 1 <= int(held.headers["Retry-After"]) <= 60
        assert held.json()["reason"] == "too_many"
        # creating a table needs the key (the lobby is closed by default)
        made = httpx.post(f"http://127.0.0.1:{port}/api/tables",
                          json={"example": "spans/boarding-action"}, timeout=30)
        assert made.status_code == 401 and "game master's key" in made.json()["message"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert not list(tmp_path.glob("admin-key.*given"))  # the key given is not left behind


def test_servers_sharing_a_data_folder_keep_each_others_given_keys(tmp_path: Path) -> None:
    """Several servers over one PostgreSQL database share a data folder: a start removes
    only the given-key files of servers that are gone (killed), never a running one's."""
    from footwork.server.keys import drop_stale_given_keys, keep_given_key

    mine = keep_given_key(tmp_path, KEY)
    assert mine.name == f"admin-key.{os.getpid()}.given" and mine.read_text() == KEY + "\n"
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    dead = tmp_path / f"admin-key.{gone.pid}.given"
    dead.write_text("old\n")
    drop_stale_given_keys(tmp_path)
    assert mine.exists() and not dead.exists()


def test_a_key_file_others_may_read_is_refused_in_one_line(tmp_path: Path) -> None:
    keyfile = tmp_path / "gm.key"
    keyfile.write_text(KEY + "\n")
    keyfile.chmod(0o644)
    done = subprocess.run(
        [FOOTWORK, "serve", "--db", str(tmp_path / "t.db"), "--port", str(free_port()),
         "--admin-key-file", str(keyfile)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == (f"error: --admin-key-file {keyfile}: others may read it "
                                   f"(mode 644); make it the owner's alone: chmod 600 "
                                   f"{keyfile}")
    assert not (tmp_path / "t.db").exists()  # refused before anything was made
