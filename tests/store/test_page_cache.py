"""Issue 25: each SQLite connection's page cache is bounded (``PRAGMA cache_size``):
the server keeps its tables in memory, so SQLite's default 2 MB a connection was memory
held twice."""

from __future__ import annotations

from pathlib import Path

from footwork.store import sqlite as sqlite_store


def test_every_connection_caches_at_most_the_bounded_pages(tmp_path: Path) -> None:
    store = sqlite_store.SQLiteStore(tmp_path / "cache.db")
    try:
        with store._connection() as conn:
            assert conn.execute("PRAGMA cache_size").fetchone()[0] == \
                -sqlite_store._CACHE_KIB
        assert sqlite_store._CACHE_KIB < 2000  # below SQLite's default
    finally:
        store.close()
