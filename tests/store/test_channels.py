"""PostgreSQL: each table's appends and announcements go on channels of its own, heard
only by the processes that follow it (issue 24: every process used to hear every append,
a wake-up of about 27 µs of CPU each); seat keys changed are heard by every process."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from footwork.store import SEATS_CHANGED, EventStore, open_store
from footwork.store.common import MAX_TABLE_ID
from footwork.store.postgres import channels
from tests.store.conftest import empty_postgres
from tests.store.helpers import Heard, add, new_table, wait_for


@pytest.fixture
def pair(postgres_url: str) -> Iterator[tuple[EventStore, EventStore]]:
    """Two store objects on one empty database: two server processes."""
    empty_postgres(postgres_url)
    here, there = open_store(postgres_url), open_store(postgres_url)
    yield here, there
    here.close()
    there.close()


def test_a_process_hears_only_the_tables_it_follows(
        pair: tuple[EventStore, EventStore]) -> None:
    here, there = pair
    for table_id in ("t1", "t2"):
        new_table(there, table_id)
    heard, said = Heard(), []
    here.subscribe(heard)
    here.heed(lambda t, m: said.append((t, m)))
    here.follow("t2")
    add(there, "t1", 0, "a")  # t1 is followed by nobody here
    there.announce("t1", "a plan on t1")
    there.set_seat("t1", "gm", "another hash")  # a key changed: every process hears it
    add(there, "t2", 0, "b")  # notifications arrive in commit order: t2's comes last
    there.announce("t2", "a plan on t2")
    wait_for(lambda: ("t2", 1) in heard.got() and len(said) == 1)
    assert heard.got() == [("t1", SEATS_CHANGED), ("t2", 1)]
    assert said == [("t2", "a plan on t2")]


def test_a_table_is_no_longer_heard_once_its_follow_ends(
        pair: tuple[EventStore, EventStore]) -> None:
    here, there = pair
    for table_id in ("t1", "t2"):
        new_table(there, table_id)
    heard = Heard()
    here.subscribe(heard)
    stop = here.follow("t1")
    here.follow("t2")
    add(there, "t1", 0, "a")
    wait_for(lambda: ("t1", 1) in heard.got())
    stop()  # ends at the listener's next request: a follow after it returns once it did
    new_table(there, "t3")
    here.follow("t3")
    add(there, "t1", 1, "b")
    add(there, "t2", 0, "c")
    wait_for(lambda: ("t2", 1) in heard.got())
    here.follow("t1")  # followed again: heard again from its return on
    add(there, "t1", 2, "d")
    wait_for(lambda: ("t1", 3) in heard.got())
    assert heard.got() == [("t1", 1), ("t2", 1), ("t1", 3)]


@pytest.mark.parametrize("table_id", ["t1", "é" * MAX_TABLE_ID, "t:2 with spaces"])
def test_a_table_s_channels_fit_any_table_id(table_id: str) -> None:
    appended, said = channels(table_id)
    assert appended != said
    for channel in (appended, said):
        assert len(channel.encode()) <= 63  # PostgreSQL's longest name
        assert channel.replace("_", "").isalnum() and channel.islower()
    assert channels(table_id + "x") != (appended, said)


def test_sqlite_follows_are_nothing_to_start(tmp_path_factory: pytest.TempPathFactory,
                                              ) -> None:
    """One process hears every append to its file: following starts nothing, and the
    subscribers hear tables followed or not."""
    store = open_store(str(tmp_path_factory.mktemp("sqlite") / "footwork.db"))
    try:
        new_table(store)
        heard = Heard()
        store.subscribe(heard)
        stop: Callable[[], None] = store.follow("t1")
        stop()
        add(store, "t1", 0, "a")
        wait_for(lambda: heard.got() == [("t1", 1)])
    finally:
        store.close()
