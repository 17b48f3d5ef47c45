"""The event store's contract: every test runs against SQLite and a real PostgreSQL."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from footwork.store import (
    CommandRecord,
    DuplicateCommand,
    EventStore,
    SeatKeyChanged,
    StoreError,
    TableExists,
    TableNotFound,
    TableRecord,
    VersionConflict,
)
from footwork.store.protocol import MOST_SAID
from tests.store.helpers import SEATS, Heard, add, fill, new_table, wait_for

# -- tables and seats ------------------------------------------------------------


def test_create_read_list_tables(store: EventStore) -> None:
    assert store.tables() == []
    first = new_table(store, "t1")
    assert first.id == "t1" and first.version == 0 and first.ruleset == "spans"
    assert first.encounter == "footwork: 1\nruleset: spans\n"
    assert abs(first.created - time.time()) < 60
    second = new_table(store, "t0")
    third = new_table(store, "t2")
    assert store.table("t1") == first
    assert store.tables() == [first, second, third]  # oldest first, not by id
    assert store.seats("t1") == SEATS
    assert list(store.seats("t1")) == list(SEATS)


def test_create_existing_table_changes_nothing(store: EventStore) -> None:
    first = new_table(store)
    add(store, "t1", 0, "a")
    with pytest.raises(TableExists):
        store.create_table("t1", "other", "styles", "x", {"gm": "other-hash"})
    assert store.table("t1") == TableRecord(**{**_fields(first), "version": 1})
    assert store.seats("t1") == SEATS
    assert len(store.read("t1")) == 1


def _fields(record: TableRecord) -> dict[str, Any]:
    return {name: getattr(record, name) for name in TableRecord.__slots__}


def test_table_without_seats(store: EventStore) -> None:
    store.create_table("bare", "", "spans", "", {})
    assert store.seats("bare") == {}
    assert store.table("bare").name == ""


def test_delete_removes_everything(store: EventStore) -> None:
    new_table(store, "t1")
    new_table(store, "t2")
    fill(store, "t1", 3)
    fill(store, "t2", 2)
    store.save_snapshot("t1", 2, b"state")
    store.delete_table("t1")
    with pytest.raises(TableNotFound):
        store.table("t1")
    assert [t.id for t in store.tables()] == ["t2"]
    assert len(store.read("t2")) == 2  # the other table is untouched
    # the id is free again, and the new table starts from nothing
    again = store.create_table("t1", "again", "styles", "new", {"gm": "h2"})
    assert again.version == 0
    assert store.read("t1") == []
    assert store.snapshot("t1") is None
    assert store.seats("t1") == {"gm": "h2"}
    assert store.command("t1", "c1") is None
    assert add(store, "t1", 0, "c1").version == 1


def test_table_not_found_everywhere(store: EventStore) -> None:
    new_table(store, "there")
    calls: list[Callable[[], object]] = [
        lambda: store.table("nope"),
        lambda: store.delete_table("nope"),
        lambda: store.seats("nope"),
        lambda: add(store, "nope", 0, "c"),
        lambda: store.command("nope", "c"),
        lambda: store.read("nope"),
        lambda: store.read("nope", after=3, limit=2),
        lambda: store.save_snapshot("nope", 0, b""),
        lambda: store.snapshot("nope"),
    ]
    for call in calls:
        with pytest.raises(TableNotFound):
            call()
    assert [t.id for t in store.tables()] == ["there"]


# -- appending -------------------------------------------------------------------


def test_append_at_the_right_version(store: EventStore) -> None:
    new_table(store)
    before = time.time()
    first = store.append("t1", 0, "cmd-1", "crew", {"do": "run", "to": "deck"},
                         [{"type": "moved", "to": "deck"}])
    assert first == CommandRecord("t1", 1, "cmd-1", "crew", {"do": "run", "to": "deck"},
                                  ({"type": "moved", "to": "deck"},), first.created)
    assert before - 1 <= first.created <= time.time() + 1
    second = store.append("t1", 1, "cmd-2", "gm", {"do": "undo"}, [])
    assert second.version == 2 and second.events == ()
    assert store.table("t1").version == 2
    assert store.read("t1") == [first, second]
    assert store.command("t1", "cmd-1") == first
    assert store.command("t1", "cmd-2") == second
    assert store.command("t1", "cmd-3") is None


def test_stale_or_future_version_conflicts_and_changes_nothing(store: EventStore) -> None:
    new_table(store)
    log = fill(store, "t1", 2)
    for expected in (0, 1, 3, 10):
        with pytest.raises(VersionConflict) as caught:
            add(store, "t1", expected, f"late-{expected}")
        assert (caught.value.expected, caught.value.actual) == (expected, 2)
        assert isinstance(caught.value, StoreError)
    assert store.read("t1") == log
    assert store.table("t1").version == 2
    assert store.command("t1", "late-0") is None


def test_an_append_with_a_seat_key_needs_that_key_still(store: EventStore) -> None:
    """A server that keeps seat keys in memory passes the key a command came with: once
    the seat's stored key changed (rotated, revoked, maybe by another process), the
    append is refused and changes nothing; the right key, or none (the server's own
    key), appends as before."""
    new_table(store)
    crew = SEATS["crew"]
    first = store.append("t1", 0, "cmd-1", "crew", {"do": "run"}, [], seat_key=crew)
    assert first.version == 1
    store.set_seat("t1", "crew", "rotated-hash")
    for key in (crew, "made-up"):
        with pytest.raises(SeatKeyChanged):
            store.append("t1", 1, f"cmd-{key}", "crew", {"do": "run"}, [], seat_key=key)
    with pytest.raises(SeatKeyChanged):  # a seat the table does not have has no key
        store.append("t1", 1, "cmd-x", "nobody", {"do": "run"}, [], seat_key=crew)
    assert store.read("t1") == [first] and store.table("t1").version == 1
    # a retry of an appended command still gets its first record, whatever the key
    with pytest.raises(DuplicateCommand):
        store.append("t1", 1, "cmd-1", "crew", {"do": "run"}, [], seat_key="made-up")
    assert store.append("t1", 1, "cmd-2", "crew", {"do": "run"}, [],
                        seat_key="rotated-hash").version == 2
    assert store.append("t1", 2, "cmd-3", "crew", {"do": "run"}, []).version == 3
    with pytest.raises(TableNotFound):
        store.append("t9", 0, "cmd-1", "crew", {"do": "run"}, [], seat_key=crew)


def test_duplicate_command_returns_the_first_record(store: EventStore) -> None:
    new_table(store)
    first = add(store, "t1", 0, "same")
    add(store, "t1", 1, "other")
    # at the current version, a stale one or a future one: the duplicate is found first
    for expected in (2, 0, 1, 7):
        with pytest.raises(DuplicateCommand) as caught:
            store.append("t1", expected, "same", "crew", {"do": "different"}, [{"x": 1}])
        assert caught.value.record == first
    assert [r.command_id for r in store.read("t1")] == ["same", "other"]
    assert store.table("t1").version == 2


def test_command_ids_are_per_table(store: EventStore) -> None:
    new_table(store, "t1")
    new_table(store, "t2")
    a = add(store, "t1", 0, "same")
    b = add(store, "t2", 0, "same")
    assert (a.table_id, b.table_id) == ("t1", "t2")
    assert store.command("t2", "same") == b


def test_read_pages_in_order(store: EventStore) -> None:
    new_table(store)
    new_table(store, "t2")
    log = fill(store, "t1", 12)
    fill(store, "t2", 3)
    assert [r.version for r in log] == list(range(1, 13))
    assert store.read("t1") == log
    assert store.read("t1", after=0) == log
    assert store.read("t1", after=3, limit=4) == log[3:7]
    assert store.read("t1", after=10) == log[10:]
    assert store.read("t1", after=12) == []
    assert store.read("t1", after=50) == []
    assert store.read("t1", limit=0) == []
    assert store.read("t1", limit=100) == log
    pages: list[CommandRecord] = []
    after = 0
    while page := store.read("t1", after=after, limit=5):
        assert len(page) <= 5
        pages += page
        after = page[-1].version
    assert pages == log


def test_bad_arguments_are_refused(store: EventStore) -> None:
    new_table(store)
    bad: list[Callable[[], object]] = [
        lambda: store.read("t1", after=-1),
        lambda: store.read("t1", limit=-1),
        lambda: add(store, "t1", -1, "c"),
        lambda: add(store, "t1", 0, ""),
        lambda: store.append("t1", 0, "c", "gm", {"x": float("nan")}, []),
        lambda: store.append("t1", 0, "c", "gm", {"x": {1, 2}}, []),
        lambda: store.append("t1", 0, "c", "gm", ["not", "an", "object"], []),  # type: ignore[arg-type]
        lambda: store.append("t1", 0, "c", "gm", {}, ["not an object"]),  # type: ignore[list-item]
        lambda: store.append("t1", 0, "c\x00", "gm", {}, []),
        lambda: store.create_table("", "n", "spans", "", {}),
        lambda: store.create_table("nul\x00", "n", "spans", "", {}),
        lambda: store.create_table("t9", "n", "spans", "lone \ud800", {}),
        lambda: store.create_table("t9", "n", "spans", "", {"gm": "nul\x00"}),
        lambda: store.create_table("x" * 1001, "n", "spans", "", {}),
        lambda: store.save_snapshot("t1", 1, b"ahead of the log"),
        lambda: store.save_snapshot("t1", 0, "text, not bytes"),  # type: ignore[arg-type]
    ]
    for call in bad:
        with pytest.raises(StoreError):
            call()
    assert store.read("t1") == []
    assert [t.id for t in store.tables()] == ["t1"]


# -- JSON ------------------------------------------------------------------------

PAYLOAD: dict[str, Any] = {
    "unicode": ["é", "Ångström", "日本語", "😀", "👩‍👩‍👧", "e\u0301", "עברית",
                "\u2028\u2029", "tab\tquote\"back\\slash", "nul\u0000inside", ""],
    "ints": [0, 1, -1, 2**31, 2**53, -(2**53), 2**53 - 1],
    "floats": [0.1, -2.5, 1e300, 5e-324, 1.0, -0.0, 123456.789],
    "constants": [True, False, None],
    "empty": [{}, [], ""],
    "zeta first": 1, "alpha second": 2, "ключ": "значение", "🔑": {"b": 1, "a": 2},
    "nested": {"a": [{"b": [{"c": [[[[{"d": "deep"}]]]]}]}]},
}


def _deep(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {"leaf": 1}
    for level in range(levels):
        value = {f"l{level}": [value]}
    return value


def same_json(a: Any, b: Any) -> bool:
    """Equal values with the same types (1 is not 1.0 or True) and the same key order."""
    return json.dumps(a) == json.dumps(b) and a == b


def test_json_round_trips_exactly(store: EventStore, open_another: Callable[[],
                                                                       EventStore]) -> None:
    new_table(store)
    events = [PAYLOAD, {"lone surrogate": "\ud800x"}, _deep(60)]
    record = store.append("t1", 0, "json", "gm", PAYLOAD, events)
    fresh = open_another()
    for read in (record, store.read("t1")[0], store.command("t1", "json"),
                 fresh.read("t1")[0]):
        assert read is not None
        assert same_json(read.command, PAYLOAD)
        assert same_json(list(read.events), events)
        assert type(read.command["ints"][4]) is int
        assert type(read.command["floats"][3]) is float
        assert read.command["constants"][0] is True


def test_text_fields_round_trip(store: EventStore) -> None:
    encounter = "title: «Brücke» 🌉\n" + "map: " + "x" * 300_000 + "\n"
    seats = {"gm": "scrypt$ab", "side:Équipe 🚀": "h", "actor:ada\u2028": "h2"}
    table = store.create_table("tâble 🎲:1", "Nom — 名前", "spans", encounter, seats)
    assert store.table("tâble 🎲:1") == table
    assert store.table("tâble 🎲:1").encounter == encounter
    assert store.seats("tâble 🎲:1") == seats
    record = store.append("tâble 🎲:1", 0, "cmd ✓", "side:Équipe 🚀", {}, [])
    assert store.command("tâble 🎲:1", "cmd ✓") == record
    assert record.seat == "side:Équipe 🚀"


# -- snapshots -------------------------------------------------------------------


def test_snapshots_replace_older_ones(store: EventStore) -> None:
    new_table(store)
    new_table(store, "t2")
    fill(store, "t1", 6)
    assert store.snapshot("t1") is None
    store.save_snapshot("t1", 0, b"")
    assert store.snapshot("t1") == (0, b"")
    blob = bytes(range(256)) * 1000
    store.save_snapshot("t1", 2, blob)
    assert store.snapshot("t1") == (2, blob)
    store.save_snapshot("t1", 5, b"\x00five")
    assert store.snapshot("t1") == (5, b"\x00five")
    store.save_snapshot("t1", 5, b"five again")
    assert store.snapshot("t1") == (5, b"five again")
    # an older snapshot never replaces a newer one (the newest is kept)
    store.save_snapshot("t1", 3, b"three")
    assert store.snapshot("t1") == (5, b"five again")
    assert store.snapshot("t2") is None
    assert len(store.read("t1")) == 6  # a snapshot is not part of the log


# -- subscribers -----------------------------------------------------------------


def test_subscribers_hear_each_append(store: EventStore,
                                      open_another: Callable[[], EventStore]) -> None:
    new_table(store)
    new_table(store, "t:2")  # a table id with a colon
    heard, also = Heard(), Heard()
    stop = store.subscribe(heard)
    store.subscribe(also)
    store.follow("t1")
    store.follow("t:2")
    fill(store, "t1", 3)
    add(store, "t:2", 0, "x")
    expected = [("t1", 1), ("t1", 2), ("t1", 3), ("t:2", 1)]
    wait_for(lambda: len(heard.got()) >= 4 and len(also.got()) >= 4)
    assert heard.got() == expected
    assert also.got() == expected

    # appends through another store object on the same database (another server
    # process, for PostgreSQL) reach this store's subscribers too
    other = open_another()
    add(other, "t1", 3, "from-the-other")
    wait_for(lambda: ("t1", 4) in heard.got())

    # refused appends are not heard; a stopped subscriber hears nothing more
    with pytest.raises(VersionConflict):
        add(store, "t1", 0, "stale")
    with pytest.raises(DuplicateCommand):
        add(store, "t1", 4, "c1")
    stop()
    add(store, "t1", 4, "after-stop")
    wait_for(lambda: ("t1", 5) in also.got())
    assert heard.got() == [*expected, ("t1", 4)]
    assert also.got() == [*expected, ("t1", 4), ("t1", 5)]


def test_a_followed_table_is_heard_until_its_last_follow_ends(
        store: EventStore, open_another: Callable[[], EventStore]) -> None:
    """Follows are counted: a table two live connections follow is still heard after one
    of them ends (an end called twice counts once), and appends by another store object
    are heard from the moment ``follow`` returns."""
    new_table(store)
    heard = Heard()
    store.subscribe(heard)
    first, second = store.follow("t1"), store.follow("t1")
    other = open_another()
    add(other, "t1", 0, "a")
    wait_for(lambda: ("t1", 1) in heard.got())
    first()
    first()
    add(other, "t1", 1, "b")
    wait_for(lambda: ("t1", 2) in heard.got())
    second()
    assert heard.got() == [("t1", 1), ("t1", 2)]


def test_a_failing_subscriber_breaks_nothing(store: EventStore) -> None:
    new_table(store)
    heard = Heard()

    def fails(table_id: str, version: int) -> None:
        raise RuntimeError("subscriber bug")

    store.subscribe(fails)
    store.subscribe(heard)
    store.follow("t1")
    record = add(store, "t1", 0, "a")
    add(store, "t1", 1, "b")
    wait_for(lambda: len(heard.got()) == 2)
    assert store.read("t1")[0] == record


def test_an_announcement_reaches_the_other_stores_only(
        store: EventStore, open_another: Callable[[], EventStore]) -> None:
    """``announce`` passes a message to the ``heed`` callbacks of the other store objects
    on the database (another server process, for PostgreSQL), in order, never to the
    sender's own, and stores nothing; a message over MOST_SAID bytes is refused."""
    new_table(store)
    other = open_another()
    here: list[tuple[str, str]] = []
    there: list[tuple[str, str]] = []
    store.heed(lambda t, m: here.append((t, m)))
    stop = other.heed(lambda t, m: there.append((t, m)))
    for table_id in ("t1", "t:2"):
        store.follow(table_id)
        other.follow(table_id)
    said = [("t1", '{"type": "plan", "path": ["ü"]}'), ("t:2", "second\nline"),
            ("t1", "x" * MOST_SAID)]
    for table_id, message in said:
        store.announce(table_id, message)
    wait_for(lambda: len(there) >= 3)
    other.announce("t1", "back")
    wait_for(lambda: len(here) >= 1)
    assert there == said
    assert here == [("t1", "back")]
    with pytest.raises(StoreError):
        store.announce("t1", "é" * MOST_SAID)
    stop()
    still: list[tuple[str, str]] = []
    other.heed(lambda t, m: still.append((t, m)))
    store.announce("t1", "after stop")
    wait_for(lambda: ("t1", "after stop") in still)
    assert there == said
    assert store.table("t1").version == 0


# -- concurrency -----------------------------------------------------------------

THREADS = 8


def test_racing_appends_lose_nothing(store: EventStore,
                                     open_another: Callable[[], EventStore]) -> None:
    """Eight threads (over two store objects: two processes' worth) append to one
    table, each retrying on VersionConflict: the versions are gapless, each command
    is there exactly once with its own payload."""
    new_table(store)
    stores = [store, open_another()]
    per_thread = 12
    barrier = threading.Barrier(THREADS)
    conflicts = [0] * THREADS
    errors: list[BaseException] = []

    def client(n: int) -> None:
        mine = stores[n % 2]
        try:
            barrier.wait()
            for k in range(per_thread):
                command_id = f"t{n}-{k}"
                while True:
                    version = mine.table("t1").version
                    try:
                        record = mine.append("t1", version, command_id, f"seat{n}",
                                             {"client": n, "k": k}, [{"by": command_id}])
                    except VersionConflict:
                        conflicts[n] += 1
                        continue
                    assert record.version == version + 1
                    break
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not errors, errors
    total = THREADS * per_thread
    log = store.read("t1")
    assert [r.version for r in log] == list(range(1, total + 1))
    assert sorted(r.command_id for r in log) == sorted(
        f"t{n}-{k}" for n in range(THREADS) for k in range(per_thread))
    for record in log:
        n, k = record.command["client"], record.command["k"]
        assert record.command_id == f"t{n}-{k}"
        assert record.events == ({"by": record.command_id},)
        assert record.seat == f"seat{n}"
    assert store.table("t1").version == total
    # each client's own commands are in the order it sent them
    for n in range(THREADS):
        assert [r.command["k"] for r in log if r.command["client"] == n] == list(
            range(per_thread))


def race_one_command(stores: list[EventStore], version: int, command_id: str
                     ) -> tuple[list[CommandRecord], list[CommandRecord], list[BaseException]]:
    """THREADS threads append the same command id at ``version``: what they got."""
    barrier = threading.Barrier(THREADS)
    won: list[CommandRecord] = []
    duplicates: list[CommandRecord] = []
    other: list[BaseException] = []

    def client(n: int) -> None:
        try:
            barrier.wait()
            won.append(stores[n % 2].append("t1", version, command_id, "gm", {"from": n},
                                            [{"version": version}]))
        except DuplicateCommand as duplicate:
            duplicates.append(duplicate.record)
        except BaseException as error:
            other.append(error)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return won, duplicates, other


def test_racing_retries_of_one_command_record_it_once(
        store: EventStore, open_another: Callable[[], EventStore]) -> None:
    """Eight threads send the same command id at the same version: one record, and
    every other thread gets DuplicateCommand carrying it."""
    new_table(store)
    stores = [store, open_another()]
    for version in range(5):
        won, duplicates, other = race_one_command(stores, version, f"same-{version}")
        assert not other, other
        assert len(won) == 1
        assert duplicates == [won[0]] * (THREADS - 1)
        assert store.read("t1", after=version) == [won[0]]
    assert store.table("t1").version == 5


def test_racing_creates_make_one_table(store: EventStore,
                                       open_another: Callable[[], EventStore]) -> None:
    stores = [store, open_another()]
    barrier = threading.Barrier(THREADS)
    made: list[TableRecord] = []
    refused: list[BaseException] = []

    def client(n: int) -> None:
        barrier.wait()
        try:
            made.append(stores[n % 2].create_table("race", f"by {n}", "spans", "", {
                "gm": f"h{n}"}))
        except TableExists as error:
            refused.append(error)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(made) == 1 and len(refused) == THREADS - 1
    assert store.table("race") == made[0]
    assert store.seats("race") == {"gm": f"h{made[0].name[3:]}"}


# -- lifetime --------------------------------------------------------------------


def test_data_outlives_the_store_object(store_url: str) -> None:
    from footwork.store import open_store

    first = open_store(store_url)
    new_table(first)
    log = fill(first, "t1", 3)
    first.save_snapshot("t1", 3, b"s")
    first.close()
    with pytest.raises(StoreError):
        first.table("t1")
    second = open_store(store_url)  # the schema exists already
    try:
        assert second.read("t1") == log
        assert second.snapshot("t1") == (3, b"s")
        assert second.table("t1").version == 3
    finally:
        second.close()
        second.close()  # closing twice is harmless


def test_an_encoded_append_keeps_that_text_and_every_record_knows_its_size(
        store: EventStore) -> None:
    from footwork.store.common import encode_record

    new_table(store)
    command, events = {"do": "run", "to": "pont"}, [{"type": "moved", "to": "Brücke ✓"}]
    command_text, events_text = encode_record(command, events)
    size = len(command_text.encode()) + len(events_text.encode())
    record = store.append("t1", 0, "enc", "gm", command, events,
                          encoded=(command_text, events_text))
    assert (record.version, record.command, record.events) == (1, command, tuple(events))
    for read in (record, store.read("t1")[0], store.command("t1", "enc")):
        assert read is not None and read.size == size  # bytes, not characters
    assert store.read("t1")[0] == record
