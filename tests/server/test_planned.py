"""Planned movement shared on the live socket (issue 21, item 5): the path under one
page's ruler reaches the other pages of the table through each seat's own view: never
to a seat that does not perceive the actor, never naming a place hidden from it; only
a seat that commands the actor shares its plan."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footwork.engine.seats import Seat
from footwork.server.app import create_app
from footwork.server.planned import MOST_ANNOUNCED, MOST_PLACES, Listener, Plan, read_plan
from footwork.store import open_store


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = open_store(str(tmp_path / "planned.db"))
    with TestClient(create_app(store)) as made:
        yield made
    store.close()


def _next_plan(socket: Any) -> dict[str, Any]:
    """The next plan the socket receives (log lines before it are skipped)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == "plan":
            return message


def test_a_plan_reaches_only_those_who_may_see_it(client: TestClient) -> None:
    made = client.post("/api/tables", json={"example": "sitemaps/tavern-brawl"}).json()
    table, keys = made["table"]["id"], {s["seat"]: s["secret"] for s in made["seats"]}
    live = f"/api/tables/{table}/live?after=0&key="
    with client.websocket_connect(live + keys["gm"]) as gm, \
            client.websocket_connect(live + keys["side:patrons"]) as patrons:
        # the cook is in the kitchen, hidden from the patrons: its plan never reaches them
        gm.send_json({"type": "plan", "actor": "cook", "path": ["kitchen"]})
        gm.send_json({"type": "plan", "actor": "bruno", "path": ["kitchen", "taproom"]})
        assert _next_plan(patrons) == {"type": "plan", "actor": "bruno",
                                       "path": ["taproom"], "done": False}
        # a seat shares only the plans of characters it commands
        patrons.send_json({"type": "plan", "actor": "bruno", "path": ["bar"]})
        patrons.send_json({"type": "plan", "actor": "mira", "path": ["bar"], "done": True})
        assert _next_plan(gm) == {"type": "plan", "actor": "mira", "path": ["bar"],
                                  "done": True}


def test_a_plan_is_read_or_ignored() -> None:
    assert read_plan('{"type": "plan", "actor": "mira", "path": ["bar"]}') is not None
    for text in ["", "[]", '{"type": "hello"}', '{"type": "plan", "actor": 3}',
                 '{"type": "plan", "actor": "mira", "path": "bar"}',
                 '{"type": "plan", "actor": "mira", "path": ["x"]}x',
                 '{"type": "plan", "actor": "mira", "path": '
                 + str(["p"] * (MOST_PLACES + 1)).replace("'", '"') + "}"]:
        assert read_plan(text) is None, text


def test_a_page_announces_at_most_so_many_plans_a_second() -> None:
    """Each plan announced to the other processes is a round trip to the database: one
    page's are bounded (MOST_ANNOUNCED a second), but the plan that ends a drag always
    goes, so no page elsewhere keeps a stale path."""
    page = Listener(Seat.parse("side:patrons"))
    moving, done = Plan("mira", ("bar",)), Plan("mira", (), done=True)
    assert all(page.may_announce(moving, 10.0 + i / 100) for i in range(MOST_ANNOUNCED))
    assert not page.may_announce(moving, 10.5)
    assert page.may_announce(done, 10.6)
    assert page.may_announce(moving, 11.3)  # a second after the first ones
