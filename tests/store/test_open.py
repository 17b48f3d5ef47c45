"""open_store: which store a path or URL opens, the default place, and clear refusals."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from footwork.store import StoreError, default_path, open_store
from footwork.store.postgres import PostgresStore
from footwork.store.sqlite import SQLiteStore
from tests.store.pgserver import free_port


def test_default_is_sqlite_in_the_user_data_dir(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "footwork" / "footwork.db"
    store = open_store(None)
    try:
        assert isinstance(store, SQLiteStore)
        assert store.path == tmp_path / "data" / "footwork" / "footwork.db"
        store.create_table("t", "", "spans", "", {})
    finally:
        store.close()
    assert (tmp_path / "data" / "footwork" / "footwork.db").is_file()


@pytest.mark.parametrize("form", ["path", "sqlite:///", "tilde"])
def test_sqlite_paths_and_urls(form: str, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "my tables.db"
    monkeypatch.setenv("HOME", str(tmp_path))
    url = {"path": str(target), "sqlite:///": f"sqlite:///{target}",
           "tilde": "~/my tables.db"}[form]
    store = open_store(url)
    try:
        assert isinstance(store, SQLiteStore)
        assert store.path.resolve() == target
    finally:
        store.close()
    assert target.is_file()


def test_relative_sqlite_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    store = open_store("sqlite:///rel.db")
    store.close()
    assert (tmp_path / "rel.db").is_file()


def test_postgres_url(postgres_url: str) -> None:
    for url in (postgres_url, postgres_url.replace("postgresql://", "postgres://")):
        store = open_store(url)
        try:
            assert isinstance(store, PostgresStore)
            store.tables()
        finally:
            store.close()


@pytest.mark.parametrize("url", ["mysql://x/y", "sqlite://", "sqlite:///", "", "  "])
def test_unknown_or_empty_urls_are_refused(url: str) -> None:
    with pytest.raises(StoreError):
        open_store(url)


def test_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="folder does not exist"):
        open_store(str(tmp_path / "nowhere" / "footwork.db"))


@pytest.mark.parametrize("url", ["postgresql://someone:s3cret@127.0.0.1:{port}/footwork",
                                 "postgresql://someone:s3cret@[bad:{port}/footwork",
                                 "postgresql://someone:s3cret@127.0.0.1:{port}/x?sslmode=bad"])
def test_unreachable_postgres_is_a_store_error_without_the_password(url: str) -> None:
    started = time.monotonic()
    with pytest.raises(StoreError) as caught:
        PostgresStore(url.format(port=free_port()), connect_timeout=2)
    assert time.monotonic() - started < 30
    assert "s3cret" not in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_newer_sqlite_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    open_store(str(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(StoreError, match="schema version 99"):
        open_store(str(path))


def test_not_a_database_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not a SQLite file at all" * 100)
    with pytest.raises(StoreError):
        open_store(str(path))


def test_closed_store_refuses(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "f.db"))
    store.close()
    for call in (store.tables, lambda: store.subscribe(lambda t, v: None)):
        with pytest.raises(StoreError, match="closed"):
            call()
