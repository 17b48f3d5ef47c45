"""Fixtures of the store tests: ``store`` is each implementation in turn (SQLite in a
temporary file, PostgreSQL on the real server of ``postgres_url``), ``open_another``
opens more store objects on the same database (as another server process would)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import psycopg
import pytest

from footwork.store import EventStore, open_store
from tests.store.pgserver import postgres_server_session, postgres_url

__all__ = ["postgres_server_session", "postgres_url"]

BACKENDS = ["sqlite", "postgres"]


def empty_postgres(url: str) -> None:
    """Drop the store's schema, so that each test starts on an empty database."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS snapshots, commands, seats, tables, "
                     "footwork_schema, client_counts CASCADE")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def store_url(backend: str, tmp_path_factory: pytest.TempPathFactory,
              request: pytest.FixtureRequest) -> str:
    """A database of the backend, empty."""
    if backend == "sqlite":
        return str(tmp_path_factory.mktemp("sqlite") / "footwork.db")
    url: str = request.getfixturevalue("postgres_url")
    empty_postgres(url)
    return url


@pytest.fixture
def open_another(store_url: str) -> Iterator[Callable[[], EventStore]]:
    """Opens another store object on the test's database (closed after the test)."""
    opened: list[EventStore] = []

    def another() -> EventStore:
        opened.append(open_store(store_url))
        return opened[-1]

    yield another
    for other in opened:
        other.close()


@pytest.fixture
def store(store_url: str) -> Iterator[EventStore]:
    """An open, empty store of each implementation."""
    opened = open_store(store_url)
    yield opened
    opened.close()
