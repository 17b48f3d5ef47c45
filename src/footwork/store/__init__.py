"""The event store: the protocol, its SQLite and PostgreSQL implementations, and
``open_store`` that picks one from a URL (see docs/store.md)."""

from __future__ import annotations

from pathlib import Path

from footwork.store.protocol import (
    SEATS_CHANGED,
    CommandRecord,
    DuplicateCommand,
    EventStore,
    JSONObject,
    SeatKeyChanged,
    StoreError,
    TableExists,
    TableNotFound,
    TableRecord,
    VersionConflict,
)

__all__ = [
    "SEATS_CHANGED",
    "CommandRecord",
    "DuplicateCommand",
    "EventStore",
    "JSONObject",
    "SeatKeyChanged",
    "StoreError",
    "TableExists",
    "TableNotFound",
    "TableRecord",
    "VersionConflict",
    "default_path",
    "open_store",
]


def default_path() -> Path:
    """Where ``footwork serve`` keeps its database when given none: ``footwork.db`` in
    the user's data directory (platformdirs), the folder created if missing."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("footwork"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(f"cannot create the data folder {folder}: "
                         f"{error.strerror or error}") from None
    return folder / "footwork.db"


def open_store(url: str | None = None) -> EventStore:
    """The store at ``url``: None for the default SQLite file (:func:`default_path`), a
    file path or ``sqlite:///path`` for SQLite (``sqlite:////abs/path`` or
    ``sqlite:///relative/path``), ``postgresql://...`` (or ``postgres://``) for
    PostgreSQL. Raises StoreError for anything else or a store that cannot be opened."""
    if url is None:
        from footwork.store.sqlite import SQLiteStore

        return SQLiteStore(default_path())
    if not isinstance(url, str) or not url.strip():
        raise StoreError("the database must be a path or a URL, not an empty text")
    scheme, sep, rest = url.partition("://")
    if not sep:
        from footwork.store.sqlite import SQLiteStore

        return SQLiteStore(Path(url).expanduser())
    scheme = scheme.lower()
    if scheme in ("postgresql", "postgres"):
        from footwork.store.postgres import PostgresStore

        return PostgresStore(url)
    if scheme == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise StoreError(f"a SQLite URL is sqlite:///PATH, not {url!r}")
        from footwork.store.sqlite import SQLiteStore

        return SQLiteStore(Path(rest[1:]).expanduser())
    raise StoreError(f"unknown database URL scheme {scheme!r}: use a file path, "
                     f"sqlite:///PATH or postgresql://...")
