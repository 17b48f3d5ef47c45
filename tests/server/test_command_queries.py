"""What a command costs the store (issue 24 item 4): one query when it is accepted, the
command id looked up only when it is refused, the table read again only when another
process moved it on. Against SQLite and a real PostgreSQL."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any, cast

import pytest

from footwork.engine.seats import GM
from footwork.server.tables import EXAMPLES, StaleVersion, Tables, initial_text
from footwork.store import EventStore, open_store

TEXT = initial_text(EXAMPLES / "sitemaps" / "tavern-brawl.yaml")


class Counting:
    """A store that counts the calls of each of its methods."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        real = getattr(self.store, name)
        if not callable(real):
            return real

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return real(*args, **kwargs)

        return counted


@pytest.fixture
def stores(store_url: str) -> Iterator[tuple[EventStore, EventStore]]:
    one, two = open_store(store_url), open_store(store_url)
    yield one, two
    one.close()
    two.close()


def test_a_command_costs_one_store_query_and_a_refusal_looks_its_id_up(
        stores: tuple[EventStore, EventStore]) -> None:
    counting = Counting(stores[0])
    tables = Tables(cast(EventStore, counting))
    table_id = tables.create(TEXT)[0].id
    counting.calls.clear()
    tables.command(table_id, GM, 0, "a", {"do": "end_turn", "actor": "mira"})
    assert counting.calls == Counter(append=1)
    counting.calls.clear()
    with pytest.raises(StaleVersion):
        tables.command(table_id, GM, 0, "b", {"do": "end_turn", "actor": "dov"})
    # stale: read again (another process may have moved it), then the id looked up
    assert counting.calls["append"] == 0 and counting.calls["command"] == 1
    counting.calls.clear()
    again = tables.command(table_id, GM, 0, "a", {"do": "end_turn", "actor": "mira"})
    assert again.repeated and again.version == 1 and counting.calls["append"] == 0


def test_a_command_on_a_table_another_process_moved_on_is_decided_on_the_news(
        stores: tuple[EventStore, EventStore]) -> None:
    here, there = Tables(stores[0]), Tables(stores[1])
    table_id = here.create(TEXT)[0].id
    here.command(table_id, GM, 0, "a", {"do": "end_turn", "actor": "mira"})
    there.command(table_id, GM, 1, "b", {"do": "end_turn", "actor": "dov"})
    # the client saw version 2 through the other process: taken here, not stale
    done = here.command(table_id, GM, 2, "c", {"do": "end_turn", "actor": "bruno"})
    assert done.version == 3
    # one that saw version 3 here loses to the other process's append at the store
    there.command(table_id, GM, 3, "d", {"do": "end_turn", "actor": "cook"})
    with pytest.raises(StaleVersion) as refused:
        here.command(table_id, GM, 3, "e", {"do": "end_turn", "actor": "cook"})
    assert (refused.value.expected, refused.value.actual) == (3, 4)
    assert [r.command_id for r in stores[0].read(table_id)] == [
        "gm/a", "gm/b", "gm/c", "gm/d"]
