"""The fuzzed API (issue 11, "Reliability"): a property-based run over the server's own
OpenAPI schema (schemathesis, which draws requests from /openapi.json with hypothesis)
finds no 5xx and no response that breaks what the schema declares for it (status code,
content type, body), with valid and invalid data, and with valid and invalid seats.

Random secrets and table ids alone would only ever reach the 401 and the 404, so each
drawn request is also sent, in turn, with a real table and the secret of a real seat
(the game master, the admin key, each side), another table's secret, a wrong one, none;
and commands are sometimes replaced by one the table offers now (so the 2xx answers of
the commands are checked as well as the refusals). Every refusal must also be the
documented JSON: a reason code, a one-line message, the rule ids.

About a minute, over SQLite (the API is the same over PostgreSQL: tests/server run both).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.core.failures import FailureGroup
from schemathesis.core.result import Ok

from footwork.server.app import create_app
from footwork.store import open_store

ADMIN = "fuzz-admin-key"
EXAMPLE = "sitemaps/tavern-brawl"

#: how the secret of a drawn request is chosen (a real seat most often; hypothesis
#: draws the first choices of a list more often than the last)
SEATS = ["gm", "side:patrons", "side:house", "admin", "gm", "side:patrons", "side:house",
         "drawn", "none", "wrong", "other-table"]
#: which table a drawn request names
TABLES = ["real", "real", "real", "drawn", "deleted"]
#: names a drawn request may use instead of its own: actors (one hidden from the
#: patrons), places (one unrevealed), a ruleset query, rulesets, rule ids, examples
ACTORS = ["mira", "dov", "bruno", "cook", "gm"]
PLACES = ["taproom", "bar", "kitchen", "street-west", "street-east"]
QUERIES = ["range"]
RULESETS = ["sitemaps", "spans", "styles", "cultivation", "allowances"]
RULES = ["R004-13", "R004-19", "A004-04", "R001-02", "R999-99"]
EXAMPLES_TO_OPEN = ["sitemaps/tavern-brawl", "spans/boarding-action", "styles/bob-dash"]

#: drawn requests per operation (about a minute in all)
EXAMPLES = 60

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


@dataclass
class World:
    """The tables the fuzzed requests name: one that is played, another one, a deleted
    one; the played table is made again if a drawn DELETE removes it."""

    client: TestClient
    table: str = ""
    secrets: dict[str, str] = field(default_factory=dict)
    other_secret: str = ""
    deleted: str = ""
    ids: Iterator[int] = field(default_factory=itertools.count)

    def make(self) -> tuple[str, dict[str, str]]:
        made = self.client.post("/api/tables", json={"example": EXAMPLE})
        assert made.status_code == 201, made.text
        body = made.json()
        return body["table"]["id"], {s["seat"]: s["secret"] for s in body["seats"]}

    def ensure(self) -> None:
        if self.table and self.client.get(f"/api/tables/{self.table}/state",
                                          headers=self.auth("gm")).status_code == 200:
            return
        self.table, self.secrets = self.make()

    def auth(self, seat: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.secrets[seat]}"}

    def offered(self, seat: str) -> dict[str, Any] | None:
        """A command the table offers now (to whoever must act), with ``seat``'s version."""
        state = self.client.get(f"/api/tables/{self.table}/state", headers=self.auth("gm"))
        body = state.json()
        actor = (body.get("pending") or {}).get("actor") or body.get("turn")
        if not actor:
            return None
        options = self.client.get(f"/api/tables/{self.table}/options",
                                  headers=self.auth("gm"), params={"actor": actor}).json()
        if not options:
            return None
        mine = self.client.get(f"/api/tables/{self.table}/state", headers=self.auth(seat))
        version = mine.json()["version"] if mine.status_code == 200 else 0
        choice = options[next(self.ids) % len(options)]["command"]
        return {"version": version, "command_id": f"fuzz-{next(self.ids)}", "command": choice}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    store = open_store(str(tmp_path_factory.mktemp("fuzz") / "footwork.db"))
    app = create_app(store, admin_secret=ADMIN, base_url="http://testserver")
    with TestClient(app, raise_server_exceptions=False) as client:
        here = World(client)
        here.ensure()
        _, other = here.make()
        here.other_secret = other["gm"]
        here.deleted, gone = here.make()
        assert client.delete(f"/api/tables/{here.deleted}",
                             headers={"Authorization": f"Bearer {gone['gm']}"}
                             ).status_code == 204
        yield here
    store.close()


def aim(case: Any, world: World, data: st.DataObject) -> None:
    """Point a drawn request at a real table, seat, names and command (or leave the
    drawn ones), each choice drawn too."""
    world.ensure()
    draw: Any = data.draw
    seat = draw(st.sampled_from(SEATS))
    table = draw(st.sampled_from(TABLES))
    real = draw(st.sampled_from([True, True, False]))  # real names, not drawn ones
    path = case.path_parameters if case.path_parameters is not None else {}
    query = case.query if case.query is not None else {}
    if "table_id" in path:
        path["table_id"] = {"real": world.table, "deleted": world.deleted}.get(
            table, path["table_id"])
    if real:
        for name, choices in (("ruleset_id", RULESETS), ("rule_id", RULES),
                              ("name", QUERIES)):
            if name in path:
                path[name] = draw(st.sampled_from(choices))
        if "actor" in query:
            query["actor"] = draw(st.sampled_from(ACTORS))
        if case.operation.path.endswith("/query/{name}"):
            count = draw(st.sampled_from([2, 2, 1, 3]))
            query["arg"] = [draw(st.sampled_from(ACTORS + PLACES)) for _ in range(count)]
        if case.operation.path == "/api/tables" and case.method.upper() == "POST":
            case.body = {"example": draw(st.sampled_from(EXAMPLES_TO_OPEN)),
                         "actor_seats": draw(st.sampled_from([False, True]))}
    names = {p.name.lower() for p in case.operation.iter_parameters()}
    if "authorization" in names:
        headers = {k: v for k, v in (case.headers or {}).items()
                   if k.lower() != "authorization"}
        secret = {"none": None, "wrong": "not-a-secret-of-any-seat", "admin": ADMIN,
                  "other-table": world.other_secret}.get(seat, world.secrets.get(seat))
        if seat == "drawn":
            headers = dict(case.headers or {})
        elif secret is not None:
            headers["Authorization"] = f"Bearer {secret}"
        case.headers = headers
    if case.operation.path.endswith("/commands") and table == "real" and real:
        offered = world.offered(seat if seat in world.secrets else "gm")
        if offered is not None:
            offered["version"] += draw(st.sampled_from([0, 0, 0, 1, -1]))
            case.body = offered


def check_refusal(response: Any) -> None:
    """A refusal is the documented JSON: reason code, one-line message, rule ids."""
    if response.status_code < 400:
        return
    body = json.loads(response.content)
    assert set(body) >= {"reason", "message", "rules"}, body
    assert isinstance(body["reason"], str) and body["reason"]
    assert isinstance(body["message"], str) and "\n" not in body["message"]
    assert isinstance(body["rules"], list)


def test_api_answers_within_its_schema(world: World) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", world.client.app)
    found = list(schema.get_all_operations())
    assert all(isinstance(result, Ok) for result in found), found  # the schema is valid
    operations = [result.ok() for result in found if isinstance(result, Ok)]
    assert len(operations) >= 10
    failures: dict[str, str] = {}
    counts: dict[str, int] = {}
    for operation in operations:
        fuzz(operation, world, failures, counts)
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())
    assert all(counts.get(o.label, 0) >= EXAMPLES // 2 for o in operations), counts


def fuzz(operation: Any, world: World, failures: dict[str, str], counts: dict[str, int]
         ) -> None:
    """Draw requests of one operation; keep the first failure of each operation."""
    label = operation.label
    drawn = (operation.as_strategy(generation_mode=GenerationMode.POSITIVE)
             | operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))

    @settings(max_examples=EXAMPLES, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=drawn, data=st.data())
    def one(case: Any, data: st.DataObject) -> None:
        counts[label] = counts.get(label, 0) + 1
        aim(case, world, data)
        response = case.call()
        try:
            case.validate_response(response, checks=CHECKS)
            check_refusal(response)
        except (FailureGroup, AssertionError, ValueError) as exc:
            failures.setdefault(label, f"{describe(exc)}\n  {case.as_curl_command()}\n"
                                f"  -> {response.status_code} {response.text[:300]}")

    one()


def describe(exc: BaseException) -> str:
    if isinstance(exc, BaseExceptionGroup):
        return "; ".join(describe(e) for e in exc.exceptions)
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
