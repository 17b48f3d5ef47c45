"""A real, throwaway PostgreSQL server for the tests (Debian's package, no mock).

``PostgresServer`` makes a cluster in a temporary folder (initdb), starts it on a free
port of 127.0.0.1 and on a unix socket in that folder, with trust authentication
for local connections and fsync on, and removes everything when stopped. As root
(initdb refuses root), the folder belongs to the ``postgres`` system user and the
server's programs run as that user (``runuser``).

The session fixtures ``postgres_server_session`` (one server for the whole run, even
when several conftest files import it) and ``postgres_url`` (its database
``footwork``, created empty on first use) are imported by the conftest.py of each test
folder that needs them::

    from tests.store.pgserver import postgres_server_session, postgres_url  # noqa: F401

The tests of a folder clean what they leave in ``footwork``, or make a database of
their own with ``postgres_server_session.create_database(name)``.

Without PostgreSQL's programs the fixture skips, or fails when the environment
variable CI is set (CI must run these tests). ``FOOTWORK_PG_BIN`` names the folder of
the programs if they are not in /usr/lib/postgresql/<version>/bin or on PATH.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

#: The database the fixture creates.
DATABASE = "footwork"


def find_bin() -> Path | None:
    """The folder holding initdb and pg_ctl, or None."""
    candidates: list[Path] = []
    if os.environ.get("FOOTWORK_PG_BIN"):
        candidates.append(Path(os.environ["FOOTWORK_PG_BIN"]))
    versions = Path("/usr/lib/postgresql")
    if versions.is_dir():
        numbered = [p for p in versions.iterdir() if p.name.isdigit()]
        candidates += [p / "bin" for p in sorted(numbered, key=lambda p: -int(p.name))]
    found = shutil.which("initdb")
    if found:
        candidates.append(Path(found).parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresServer:
    """One temporary PostgreSQL cluster; ``start()``, ``url(dbname)``, ``stop()``."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="footwork-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = 0
        self.running = False
        self.databases: set[str] = set()
        self._as_root = os.geteuid() == 0
        if self._as_root:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                shutil.rmtree(self.root, ignore_errors=True)
                raise RuntimeError("running as root, PostgreSQL needs the 'postgres' "
                                   "system user (Debian's postgresql package makes it)") from None
            os.chown(self.root, user.pw_uid, user.pw_gid)
        self.root.chmod(0o700)

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self._as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                                stdin=subprocess.DEVNULL, cwd=self.root, check=False)
        if result.returncode != 0:
            tail = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(args[:2])} failed ({result.returncode}):\n"
                               f"{result.stdout}{result.stderr}{tail}")
        return result

    def start(self) -> None:
        """initdb (once) and start the server, on a new free port if one was taken."""
        if not self.data.exists():
            # --no-sync only skips syncing initdb's own files; the server runs with
            # fsync on
            self._run("initdb", "-D", str(self.data), "--auth=trust", "--username=postgres",
                      "--encoding=UTF8", "--no-locale", "--no-sync", "--no-instructions")
        for attempt in range(3):
            self.port = free_port()
            try:
                self._start()
            except RuntimeError:
                if attempt == 2:
                    raise
                continue
            break
        self.running = True
        atexit.register(self.stop)

    def crash(self) -> None:
        """Stop the server as a crash would (immediate shutdown: no checkpoint; the
        next start recovers from the WAL)."""
        self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w")
        self.running = False

    def restart(self) -> None:
        """Start again on the same port (after ``crash``)."""
        self._start()
        self.running = True

    def _start(self) -> None:
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} "
                   f"-c unix_socket_directories={self.root} -c fsync=on "
                   f"-c synchronous_commit=on -c max_connections=60 -c shared_buffers=32MB")
        self._run("pg_ctl", "start", "-D", str(self.data), "-l", str(self.log), "-w", "-t",
                  "60", "-o", options)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def create_database(self, dbname: str) -> str:
        """The URL of database ``dbname``, created empty the first time it is asked for."""
        import psycopg

        if dbname not in self.databases:
            with psycopg.connect(self.url(), autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{dbname}"')
            self.databases.add(dbname)
        return self.url(dbname)

    def stop(self) -> None:
        """Stop the server (if running) and remove its folder."""
        if self.running:
            with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
                self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "fast", "-w",
                          "-t", "60")
            self.running = False
        shutil.rmtree(self.root, ignore_errors=True)
        atexit.unregister(self.stop)


def unavailable(reason: str) -> NoReturn:
    """Skip a test that needs PostgreSQL, or fail it in CI."""
    message = (f"PostgreSQL is needed for this test: {reason} (install Debian's "
               f"'postgresql' package, or set FOOTWORK_PG_BIN)")
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@contextlib.contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    """A server of its own, stopped and removed at the end (skip or fail without one)."""
    bindir = find_bin()
    if bindir is None:
        unavailable("initdb and pg_ctl were not found")
    server = PostgresServer(bindir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


_shared: PostgresServer | None = None
_users = 0


@pytest.fixture(scope="session")
def postgres_server_session() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole test session, shared by every conftest that
    imports this fixture (stopped when the last of them ends, and at exit)."""
    global _shared, _users
    if _shared is None:
        bindir = find_bin()
        if bindir is None:
            unavailable("initdb and pg_ctl were not found")
        server = PostgresServer(bindir)
        try:
            server.start()
        except BaseException:
            server.stop()
            raise
        _shared = server
    _users += 1
    try:
        yield _shared
    finally:
        _users -= 1
        if _users == 0 and _shared is not None:
            _shared.stop()
            _shared = None


@pytest.fixture(scope="session")
def postgres_url(postgres_server_session: PostgresServer) -> str:
    """The URL of the database ``footwork`` on the session's server (created empty
    on first use; a test that needs a database of its own calls
    ``postgres_server_session.create_database(name)``)."""
    return postgres_server_session.create_database(DATABASE)
