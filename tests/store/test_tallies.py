"""The counts per client that a table server's processes share (store/tallies.py),
on SQLite and a real PostgreSQL: a window of time, a limit, and two store objects on
one database racing for a client's last event (as two server processes would)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from footwork.store import EventStore


def test_a_client_counts_up_to_its_limit_then_waits_for_its_oldest(
        store: EventStore) -> None:
    taken = [store.tally("k", "1.2.3.4", 1000.0 + i, 60.0, 3) for i in range(3)]
    assert taken == [0.0, 0.0, 0.0]
    assert store.tally("k", "1.2.3.4", 1010.0, 60.0, 3) == 50.0  # its first ends at 1060
    assert store.tally("k", "5.6.7.8", 1010.0, 60.0, 3) == 0.0  # another client
    assert store.tally("other", "1.2.3.4", 1010.0, 60.0, 3) == 0.0  # another kind
    assert store.over("k", 1010.0, 60.0, 3) == {"1.2.3.4": 50.0}
    # a look without counting, then the window moves past the first event
    assert store.tally("k", "1.2.3.4", 1059.0, 60.0, 3, add=False) == 1.0
    assert store.tally("k", "1.2.3.4", 1060.5, 60.0, 3) == 0.0
    assert store.tally("k", "1.2.3.4", 1060.5, 60.0, 3) > 0  # three again
    assert store.over("k", 2000.0, 60.0, 1) == {}  # all gone a while later


def test_two_stores_racing_take_exactly_the_limit(
        store: EventStore, open_another: Callable[[], EventStore]) -> None:
    stores = [store, open_another()]
    waits: list[float] = []
    lock = threading.Lock()
    start = threading.Barrier(8)

    def take(n: int) -> None:
        start.wait()
        wait = stores[n % 2].tally("table_made", "client", 5000.0, 86_400.0, 5)
        with lock:
            waits.append(wait)

    threads = [threading.Thread(target=take, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(w == 0 for w in waits) == [False] * 3 + [True] * 5
