"""Counts per client that every server process shares: the table server's limits.

The server limits what one client address may do in a window of time (tables made in a
day with an open lobby, wrong keys in a minute). Kept in the store, the counts hold
across the processes of ``footwork serve --workers N`` (PostgreSQL) and across restarts,
which counts in one process's memory did not (issue 24).

One small table, ``client_counts (kind, client, at)``: one row per counted event, ``at``
in seconds since the epoch (wall-clock time: every process and every start reads the
same clock). Rows older than a kind's window are deleted as the kind is counted, and a
client never holds more than the limit's number of rows, so the table stays small.
The SQL is written once here, with ``?`` placeholders, for both databases; the stores
run it in one write transaction (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: an advisory
lock on the client), so two processes never both take a client's last event.
"""

from __future__ import annotations

from typing import Any, Protocol

#: the table and its indexes (created with the store's schema; an older footwork
#: ignores them)
SCHEMA = [
    """CREATE TABLE IF NOT EXISTS client_counts (
        kind   text NOT NULL,
        client text NOT NULL,
        at     double precision NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS client_counts_client ON client_counts (kind, client, at)",
    "CREATE INDEX IF NOT EXISTS client_counts_at ON client_counts (kind, at)",
]

#: the longest client string kept (an address; anything longer is cut)
CLIENT_CHARS = 200


class Cursor(Protocol):
    """What the stores' connections offer (sqlite3 and psycopg alike)."""

    def execute(self, sql: str, params: tuple[Any, ...] = ...) -> Any: ...


def _sql(text: str, placeholder: str) -> str:
    return text.replace("?", placeholder)


def tally(conn: Cursor, placeholder: str, kind: str, client: str, now: float, span: float,
          most: int, add: bool) -> float:
    """Within one write transaction: forget the events of ``kind`` older than ``span``
    seconds; if ``client`` has ``most`` or more left, the seconds until its oldest
    expires (it must wait); else 0, after counting this one when ``add``."""
    client = client[:CLIENT_CHARS]
    conn.execute(_sql("DELETE FROM client_counts WHERE kind = ? AND at <= ?", placeholder),
                 (kind, now - span))
    row = conn.execute(_sql("SELECT count(*), min(at) FROM client_counts "
                            "WHERE kind = ? AND client = ?", placeholder),
                       (kind, client)).fetchone()
    count, oldest = (int(row[0]), row[1]) if row else (0, None)
    if count >= most and oldest is not None:
        return max(float(oldest) + span - now, 0.001)
    if add:
        conn.execute(_sql("INSERT INTO client_counts (kind, client, at) VALUES (?, ?, ?)",
                          placeholder), (kind, client, now))
    return 0.0


def over(conn: Cursor, placeholder: str, kind: str, now: float, span: float,
         most: int) -> dict[str, float]:
    """The clients with ``most`` or more events of ``kind`` in the last ``span`` seconds,
    each with the seconds until its oldest of them expires."""
    rows = conn.execute(_sql("SELECT client, min(at) FROM client_counts "
                             "WHERE kind = ? AND at > ? GROUP BY client "
                             "HAVING count(*) >= ?", placeholder),
                        (kind, now - span, most)).fetchall()
    return {str(client): max(float(oldest) + span - now, 0.001) for client, oldest in rows}


__all__ = ["CLIENT_CHARS", "SCHEMA", "over", "tally"]
