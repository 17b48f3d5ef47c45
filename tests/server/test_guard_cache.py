"""Loaded tables are bounded (issue 24, item 2): a table dropped from the cache and read
again mid-game is the same (replay equals live: state and version); a SQLite file shrinks
when tables are deleted."""

from __future__ import annotations

from pathlib import Path

from footwork.engine.seats import GM, Seat
from footwork.server.tables import Tables, example_files, initial_text
from footwork.store import open_store
from footwork.store.sqlite import SQLiteStore


def _play(tables: Tables, table_id: str, count: int) -> None:
    for _ in range(count):
        state = tables.state(table_id, GM)
        tables.command(table_id, GM, int(str(state["version"])), f"c{state['version']}",
                       {"do": "end_turn", "actor": state["turn"]})


def test_a_table_dropped_and_read_again_mid_game_is_the_same(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "t.db"))
    text = initial_text(example_files()["spans/boarding-action"])
    small = Tables(store, cache_bytes=1)  # holds one table: the one just asked for
    kept = Tables(store)
    one = small.create(text)[0].id
    two = small.create(text)[0].id
    _play(small, one, 5)
    assert small.live(one).version == 5
    small.live(two)  # drops the first
    assert small._live.get(one) is None and small._live.dropped >= 1
    _play(small, one, 3)  # read again from the store, and played on
    seat = Seat("side", "crew")
    for who in (GM, seat):
        assert small.state(one, who) == kept.state(one, who)
        assert small.log(one, who) == kept.log(one, who)
    assert small.live(one).version == kept.live(one).version == 8
    store.close()


def test_the_sqlite_file_shrinks_when_tables_are_deleted(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store = SQLiteStore(path)
    big = "x" * 200_000
    for i in range(20):
        store.create_table(f"t{i:02d}", "big", "spans", big, {"gm": "h"})
    store._vacuum()  # the WAL folded into the file
    full = path.stat().st_size
    assert full > 20 * 200_000
    for i in range(20):
        store.delete_table(f"t{i:02d}")
    assert path.stat().st_size < full / 10
    store.close()
