"""What a command costs the table server beside the library's own work (issue 24 item
4): each piece of work done once per command. In-process, over SQLite (what is counted
does not depend on the store)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from footwork.engine import machine
from footwork.engine.seats import GM, Seat
from footwork.server.tables import Tables
from footwork.store import open_store

ENCOUNTER = ("footwork: 1\nruleset: spans\nmap:\n  spans:\n    - {id: deck}\n"
             "    - {id: hold}\nactors:\n"
             "  - {id: ada, side: crew, at: deck}\n  - {id: brin, side: crew, at: deck}\n")
CREW = Seat("side", "crew")


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    store = open_store(str(tmp_path / "cost.db"))
    yield Tables(store)
    store.close()


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every command the engine parses from JSON, from here on."""
    seen: list[Any] = []
    parse = machine.command_from_json

    def counted(data: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(data)
        return parse(data, *args, **kwargs)

    monkeypatch.setattr(machine, "command_from_json", counted)
    return seen


@pytest.mark.parametrize("seat", [GM, CREW], ids=["gm", "player"])
def test_a_command_is_parsed_once(tables: Tables, seat: Seat,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The body is parsed and checked once: the engine knows the values its own parse
    made, so deciding the checked command (through the seat's view) parses nothing
    again. Both seats' commands are accepted as before."""
    record, _ = tables.create(ENCOUNTER)
    table_id = record.id
    version = tables.live(table_id).seat_version(seat)
    seen = _parses(monkeypatch)
    done = tables.command(table_id, seat, version, "c1", {"do": "end_turn", "actor": "ada"})
    assert len(seen) == 1 and seen[0] == {"do": "end_turn", "actor": "ada"}
    assert done.lines and "brin" in str(done.lines)


def test_a_refusal_is_the_same_and_parsed_once(tables: Tables,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A player naming a made-up place: the view swaps the unknown name for a stand-in
    (one more parse, the only one), and the refusal reads as before."""
    record, _ = tables.create(ENCOUNTER)
    seen = _parses(monkeypatch)
    version = tables.live(record.id).seat_version(CREW)
    with pytest.raises(Exception, match="nowhere") as refused:
        tables.command(record.id, CREW, version, "c1", {"do": "run", "actor": "ada",
                                                        "die": "maneuver", "to": "nowhere"})
    assert len(seen) == 2, seen
    assert type(refused.value).__name__ in {"IllegalCommand", "InvalidCommand"}


def test_the_events_are_written_once(tables: Tables, monkeypatch: pytest.MonkeyPatch
                                     ) -> None:
    """A command's events are written as JSON once: for the store, and the same JSON
    makes the answer's lines and the lines of every seat whose log is kept (read by a
    page), game master's and players' alike. The lines are those the views judge."""
    from footwork.engine import view
    from footwork.server import tables as served

    record, _ = tables.create(ENCOUNTER)
    for seat in (GM, CREW):  # their logs kept, as after a page's read
        tables.state(record.id, seat)
    assert set(tables.live(record.id).logs.seats) == {GM, CREW}
    written: list[Any] = []
    encode = served.event_to_json

    def counted(event: Any) -> Any:
        written.append(event)
        return encode(event)

    monkeypatch.setattr(served, "event_to_json", counted)
    monkeypatch.setattr(view, "event_to_json", counted)
    for seat in (GM, CREW):
        version = tables.live(record.id).seat_version(seat)
        turn = tables.state(record.id, seat)["turn"]
        written.clear()
        done = tables.command(record.id, seat, version, f"c-{seat}",
                              {"do": "end_turn", "actor": turn})
        events = tables.live(record.id).session.history[-1].events
        assert len(written) == len(events) >= 2
        assert [line["event"] for line in done.lines] == [e.type for e in events]
    log = tables.log(record.id, CREW)[1]
    assert [line["text"] for line in log][-2:] == [e.describe() for e in events][-2:]


def test_checked_keeps_refusing_what_parse_did_not_make() -> None:
    """Only a value this engine's parse made is taken as checked: the same command built
    by hand with a wrong type is still refused, and an equal value made elsewhere is
    checked again (a value of its own comes back)."""
    from footwork.engine.commands import EndTurn
    from footwork.errors import InvalidCommand
    from footwork.rulesets import get_ruleset

    engine = machine.Engine(get_ruleset("spans"))
    parsed = engine.parse({"do": "end_turn", "actor": "ada"})
    assert engine.checked(parsed) is parsed
    other = EndTurn(actor="ada")
    again = engine.checked(other)
    assert again == parsed and again is not other
    with pytest.raises(InvalidCommand):
        engine.checked(EndTurn(actor=3))  # type: ignore[arg-type]


def test_the_command_route_is_answered_before_the_framework(tmp_path: Path) -> None:
    """A command never enters FastAPI's middleware stack (its error, telemetry and body
    limit layers, ours, the router): the application answers it first, with the same
    security headers, body bound and JSON as every other route. Other requests, and
    other methods on the commands' path, still go through the stack."""
    from fastapi.testclient import TestClient

    from footwork.server.app import create_app
    from footwork.server.guard import Guard
    from footwork.server.headers import SECURITY_HEADERS
    from tests.server.conftest import Table

    store = open_store(str(tmp_path / "route.db"))
    guard = Guard(open_lobby=True, tables_per_client=100, wrong_keys=100, body_bytes=4_000)
    app = create_app(store, guard=guard)
    with TestClient(app) as client:
        table = Table(client)
        stack, entered = app.middleware_stack, []
        assert stack is not None

        async def probe(scope: Any, receive: Any, send: Any) -> None:
            entered.append((scope["method"], scope["path"]))
            await stack(scope, receive, send)

        app.middleware_stack = probe
        path, gm = f"/api/tables/{table.id}/commands", {"Authorization":
                                                         f"Bearer {table.secrets['gm']}"}
        turn = client.get(f"/api/tables/{table.id}/state", headers=gm).json()
        assert entered == [("GET", f"/api/tables/{table.id}/state")]
        entered.clear()
        answer = client.post(path, headers=gm, json={
            "version": turn["version"], "command_id": "c1",
            "command": {"do": "end_turn", "actor": turn["turn"]}})
        assert answer.status_code == 200 and entered == []
        assert set(answer.json()) == {"version", "table_version", "lines", "repeated"}
        assert answer.headers["content-type"] == "application/json"
        for name, value in SECURITY_HEADERS.items():
            assert answer.headers[name] == value
        refused = client.post(path, headers=gm, content=b'{"version": 0}')
        assert refused.status_code == 400 and refused.json()["reason"] == "invalid"
        assert refused.headers["X-Frame-Options"] == "DENY"
        big = client.post(path, headers=gm, content=b" " * 5_000)
        assert big.status_code == 413 and big.json()["reason"] == "too_large"
        assert big.headers["connection"] == "close" and "--body-bytes" in big.json()["message"]
        assert big.headers["Referrer-Policy"] == "no-referrer" and entered == []
        assert client.get(path).status_code == 405 and entered == [("GET", path)]
    store.close()
