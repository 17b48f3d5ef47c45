"""A player's moves find their way on the map as the players know it (sitemaps).

R004-02: the players know the zones the GM has revealed; the others are hidden from
them, and nothing a player seat receives may show one (its name, its shape, its size).
A004-17 lets a character step into an unrevealed zone next to it (which reveals it);
the text is silent on planning a way *through* rooms nobody has seen. Our default
(``zones.known_routes``, README "The player view"): a move ruled for a player seat
goes through known zones only (its last zone may be an unrevealed neighbour), so

- a revealed zone reachable only through a hidden one is not offered, and a move or
  rush to it is refused in words that do not name the hidden zone (R004-13, R004-14,
  R004-18, A004-16), the same words whatever lies hidden there;
- where a longer known way exists, it is the one offered and taken (its cost counts
  known zones only, R004-13, R004-14);
- options are byte-identical whether the hidden part is a narrow crawlway, a big room
  or two rooms in a row;
- the game master still routes through the hidden zone, which reveals it (A004-17).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import Table

#: what lies between the hall (x 0..6) and the vault (x 12..18): one narrow crawlway,
#: one big room, or two small rooms in a row (ids, zones, openings)
HIDDEN = {
    "crawlway": ("crawl", """
    - {id: crawl, rect: [6, 1, 6, 2], revealed: false}""", """
    - {between: [hall, crawl]}
    - {between: [crawl, vault]}"""),
    "big room": ("crawl", """
    - {id: crawl, rect: [6, -6, 6, 9], revealed: false}""", """
    - {between: [hall, crawl]}
    - {between: [crawl, vault]}"""),
    "two rooms": ("crawl annex", """
    - {id: crawl, rect: [6, 1, 3, 2], revealed: false}
    - {id: annex, rect: [9, 1, 3, 2], revealed: false}""", """
    - {between: [hall, crawl]}
    - {between: [crawl, annex]}
    - {between: [annex, vault]}"""),
}

#: the hall and the vault, revealed; with ``detour``, a known way round by the north
#: (hall -> porch -> gallery -> vault: 3 crossings); ``brute`` guards the porch
ENCOUNTER = """
footwork: 1
ruleset: sitemaps
seed: 3
map:
  zones:
    - {{id: hall, rect: [0, 0, 6, 4]}}
    - {{id: vault, rect: [12, 0, 6, 8]}}{detour_zones}{zones}
  openings:{detour_openings}{openings}
actors:
  - {{id: mira, side: patrons, at: hall, stats: {{point: [2, 2], fast: {fast}}}}}{brute}
order: [mira{order}]
"""

DETOUR_ZONES = """
    - {id: porch, rect: [0, 4, 6, 4]}
    - {id: gallery, rect: [6, 4, 6, 4]}"""
DETOUR_OPENINGS = """
    - {between: [hall, porch]}
    - {between: [porch, gallery]}
    - {between: [gallery, vault]}"""
BRUTE = """
  - {id: brute, side: house, at: porch, stats: {point: [4.5, 6]}}"""

PLAYER_SEATS = ("actor:mira", "side:patrons")


def _table(client: TestClient, hidden: str, *, detour: bool = False, fast: bool = False,
           brute: bool = False) -> Table:
    _, zones, openings = HIDDEN[hidden]
    text = ENCOUNTER.format(
        zones=zones, openings=openings, fast="true" if fast else "false",
        detour_zones=DETOUR_ZONES if detour else "",
        detour_openings=DETOUR_OPENINGS if detour else "",
        brute=BRUTE if brute else "", order=", brute" if brute else "")
    made = client.post("/api/tables", json={"encounter": text, "actor_seats": True})
    assert made.status_code == 201, made.text
    table = Table.__new__(Table)
    table.client, table.id = client, made.json()["table"]["id"]
    table.secrets = {s["seat"]: s["secret"] for s in made.json()["seats"]}
    return table


def _options(table: Table, seat: str) -> Any:
    reply = table.get("options", seat, actor="mira")
    assert reply.status_code == 200, reply.text
    return reply.json()


def _going(options: list[dict[str, Any]], zone: str) -> dict[str, dict[str, Any]]:
    """The options going to ``zone``, by what they do (move, rush)."""
    return {o["command"]["do"]: o for o in options if o["command"].get("to") == zone}


def _send(table: Table, command: dict[str, Any], seat: str) -> Any:
    version = table.state() if seat == "gm" else table.get("log", seat).json()
    return table.send(command, seat, version=version["version"])


def _hidden_words(hidden: str) -> list[str]:
    return HIDDEN[hidden][0].split()


def _vault_spot(client: TestClient) -> list[float]:
    """Where the game master's rush to the vault ends (the same spot on every map)."""
    gm = _going(_options(_table(client, "crawlway"), "gm"), "vault")
    return list(gm["rush"]["command"]["at"])


@pytest.mark.rule("R004-02")
@pytest.mark.rule("R004-13")
@pytest.mark.rule("R004-14")
@pytest.mark.rule("A004-17")
def test_a_zone_reachable_only_through_a_hidden_one_is_not_offered(
        client: TestClient) -> None:
    received = {}
    for hidden in HIDDEN:
        table = _table(client, hidden)
        for seat in PLAYER_SEATS:
            options = _options(table, seat)
            assert not _going(options, "vault")
            text = json.dumps(options)
            assert not any(word in text for word in _hidden_words(hidden))
            received[hidden, seat] = text
        # the game master rushes through the hidden zone(s): two crossings, or three
        gm = _going(_options(table, "gm"), "vault")
        if hidden == "two rooms":
            assert not gm  # three crossings: more than a rush
        else:
            assert gm["rush"]["cost"] == "the round action (rush), 2 zones"
    # byte for byte the same, whatever lies hidden between the hall and the vault
    assert len(set(received.values())) == 1
    # a player cannot name the hidden neighbour: that would tell it exists (issue 24
    # items 1 and 6, names resolved against the seat's view first); A004-17: the game
    # master steps the character in, which reveals it; from there the vault is one
    # more zone of the player's move step
    table = _table(client, "crawlway", fast=True)
    into = _going(_options(table, "gm"), "crawl")["move"]["command"]
    named = _send(table, into, "actor:mira")
    made_up = _send(table, {**into, "to": "crawk"}, "actor:mira")
    assert named.status_code == made_up.status_code == 422
    assert named.json() == json.loads(made_up.text.replace("crawk", "crawl"))
    reply = _send(table, into, "gm")
    assert reply.status_code == 200, reply.text
    state = table.state()
    assert state["actors"]["mira"]["at"] == "crawl"
    assert "crawl" in state["world"]["revealed"]
    going = _going(_options(table, "actor:mira"), "vault")
    assert going["move"]["cost"] == "the move step, 1 zone"


@pytest.mark.rule("R004-02")
@pytest.mark.rule("R004-13")
@pytest.mark.rule("R004-14")
@pytest.mark.rule("R004-16")
@pytest.mark.rule("A004-17")
def test_the_known_way_round_is_offered_at_its_own_cost(client: TestClient) -> None:
    received = set()
    for hidden in HIDDEN:
        table = _table(client, hidden, detour=True, fast=True)
        for seat in PLAYER_SEATS:
            options = _options(table, seat)
            going = _going(options, "vault")
            # Fast: a move step of 2 zones, a rush of 4; the way round crosses 3
            assert set(going) == {"rush"}
            assert going["rush"]["cost"] == "the round action (rush), 3 zones"
            text = json.dumps(options)
            assert not any(word in text for word in _hidden_words(hidden))
            received.add(text)
        gm = _going(_options(table, "gm"), "vault")
        if hidden != "two rooms":  # the game master goes through the crawlway: 2 zones
            assert gm["move"]["cost"] == "the move step, 2 zones"
    assert len(received) == 1


@pytest.mark.rule("R004-02")
@pytest.mark.rule("R004-14")
@pytest.mark.rule("R004-18")
@pytest.mark.rule("A004-16")
@pytest.mark.rule("A004-17")
def test_a_players_move_through_a_hidden_zone_is_refused_without_naming_it(
        client: TestClient) -> None:
    at = _vault_spot(client)
    refusals = set()
    for hidden in HIDDEN:
        table = _table(client, hidden)
        for seat in PLAYER_SEATS:
            for do in ("move", "rush"):
                before = table.state()
                reply = _send(table, {"do": do, "actor": "mira", "to": "vault", "at": at}, seat)
                assert reply.status_code == 422, reply.text
                assert reply.json()["reason"] == "path_blocked"
                assert not any(word in reply.text for word in _hidden_words(hidden))
                assert table.state() == before  # refused: nothing changed
                refusals.add((do, reply.text))
    # the same words whatever lies hidden there
    assert len(refusals) == 2
    # the game master's rush goes through the crawlway, and reveals it (A004-17)
    table = _table(client, "crawlway")
    reply = _send(table, {"do": "rush", "actor": "mira", "to": "vault", "at": at}, "gm")
    assert reply.status_code == 200, reply.text
    state = table.state()
    assert state["actors"]["mira"]["at"] == "vault"
    assert "crawl" in state["world"]["revealed"]


@pytest.mark.rule("R004-02")
@pytest.mark.rule("R004-18")
@pytest.mark.rule("A004-16")
def test_via_points_inside_a_hidden_zone_are_refused_as_leaving_the_map(
        client: TestClient) -> None:
    at = _vault_spot(client)
    # along the middle of the crawlway, then into the vault
    rush = {"do": "rush", "actor": "mira", "to": "vault", "at": at,
            "via": [[9, 2], [13, 2]]}
    refusals = set()
    for hidden in HIDDEN:
        table = _table(client, hidden)
        for seat in PLAYER_SEATS:
            reply = _send(table, rush, seat)
            assert reply.status_code == 422, reply.text
            assert reply.json()["reason"] == "path_blocked"
            assert not any(word in reply.text for word in _hidden_words(hidden))
            refusals.add(reply.text)
    assert len(refusals) == 1
    # as if nothing were there: a straight way out of the hall into nothing
    assert "crosses a wall" in refusals.pop()
    # the game master's way through the same points is taken
    table = _table(client, "crawlway")
    reply = _send(table, rush, "gm")
    assert reply.status_code == 200, reply.text
    assert table.state()["actors"]["mira"]["at"] == "vault"


@pytest.mark.rule("R004-02")
@pytest.mark.rule("R004-19")
@pytest.mark.rule("A004-04")
def test_a_move_paused_for_a_pin_resumes_on_the_way_it_was_planned(
        client: TestClient) -> None:
    """The brute's pin offer stops the player's rush round by the porch; the game master
    lets it pass: the rush goes on along the known way (3 zones), not through the
    crawlway the game master's own search would take."""
    table = _table(client, "crawlway", detour=True, fast=True, brute=True)
    rush = _going(_options(table, "actor:mira"), "vault")["rush"]
    assert "may be pinned by brute" in rush["cost"]
    reply = _send(table, rush["command"], "actor:mira")
    assert reply.status_code == 200, reply.text
    pending = table.state()["pending"]
    assert pending["actor"] == "brute" and pending["kind"] == "pin"
    reply = _send(table, {"answer": "let_pass"}, "gm")
    assert reply.status_code == 200, reply.text
    state = table.state()
    assert state["pending"] is None
    assert state["actors"]["mira"]["at"] == "vault"
    assert state["actors"]["mira"]["zones_moved"] == 3
    assert "crawl" not in state["world"]["revealed"]
