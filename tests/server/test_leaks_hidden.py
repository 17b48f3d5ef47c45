"""Issue 24, items 1-6: for a player seat, every refusal, option, query answer and live
message is the same whether a named thing is hidden or does not exist at all, in words,
status, reason code and path taken; against SQLite and PostgreSQL (``client``).

R004-02 (sitemaps: unrevealed zones and who stands in them are hidden from players),
R000-66 / R000-71 (cultivation: a hidden character is unknown until sensed).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footwork.engine.machine import Engine
from tests.support import UNSEEN_KATO

from .conftest import Table
from .leaks import leaked_names

PATRONS = "side:patrons"


def tavern(client: TestClient) -> Table:
    return Table(client, "sitemaps/tavern-brawl")


def from_text(client: TestClient, text: str) -> Table:
    """A table of an inline encounter."""
    made = client.post("/api/tables", json={"encounter": text})
    assert made.status_code == 201, made.text
    table = Table.__new__(Table)
    table.client, table.id = client, made.json()["table"]["id"]
    table.secrets = {s["seat"]: s["secret"] for s in made.json()["seats"]}
    return table


def same_refusal(secret: Any, nothing: Any, name: str, stand_in: str) -> None:
    """Two replies that must be one: the same status and body, the name put back."""
    assert secret.status_code == nothing.status_code, (secret.text, nothing.text)
    assert secret.status_code >= 400, secret.text
    assert secret.json() == json.loads(nothing.text.replace(stand_in, name)), (
        secret.text, nothing.text)


# -- item 1: a refusal never names the hidden character whose turn it is -------------

def test_a_refusal_in_a_hidden_characters_turn_names_no_one(client: TestClient) -> None:
    """It is the hidden cook's turn: a patron's move into the unrevealed kitchen and
    into a made-up zone get the same refusal, and neither names the cook (before the
    fix: "it is cook's turn, not mira's" against "refused: not possible now")."""
    table = tavern(client)
    for actor in ("mira", "dov", "bruno"):
        assert table.send({"do": "end_turn", "actor": actor}).status_code == 200
    received = []
    for at in ([2, 7.5], [3, 8]):
        secret = table.send({"do": "move", "actor": "mira", "to": "kitchen", "at": at},
                            PATRONS)
        nothing = table.send({"do": "move", "actor": "mira", "to": "kitcheq", "at": at},
                             PATRONS)
        same_refusal(secret, nothing, "kitchen", "kitcheq")
        assert secret.json()["reason"] == "not_your_turn"
        received.append(secret.json())
    assert leaked_names(received, ["cook"]) == []
    assert table.state()["version"] == 3  # nothing appended


# -- item 2: a decision asked by a hidden character is told, naming no one ------------

THROW = UNSEEN_KATO


def test_a_throw_by_an_unseen_character_is_told_as_a_decision_with_a_hidden_source(
        client: TestClient) -> None:
    """Kato, hidden, throws Lin: the jade seat's state, log, version, options and live
    messages all say a decision waits for Lin, in words that name no one; its answer is
    accepted (before the fix: no pending, no line, no live message, version unmoved, but
    an option "answer forfeit" offered and accepted)."""
    table = from_text(client, THROW)
    before = table.state("side:jade")["version"]
    assert table.send({"do": "throw", "actor": "kato", "target": "lin",
                       "to": "hall"}).status_code == 200
    state = table.state("side:jade")
    assert state["pending"]["actor"] == "lin"
    assert state["pending"]["choices"] == ["defend", "forfeit"]
    assert state["version"] == before + 1
    log = table.get("log", "side:jade", after=before).json()["lines"]
    assert [line["event"] for line in log] == ["decision_requested"]
    options = table.get("options", "side:jade", actor="lin").json()
    assert {o["command"]["answer"] for o in options if "answer" in o["command"]} == {
        "defend", "forfeit"}
    key = table.secrets["side:jade"]
    with client.websocket_connect(
            f"/api/tables/{table.id}/live?key={key}&after={before}") as socket:
        message = socket.receive_json()
    assert message["type"] == "lines"
    assert message["lines"] == log
    assert leaked_names([state, log, options, message], ["kato"]) == []
    answered = table.send({"answer": "forfeit", "actor": "lin"}, "side:jade")
    assert answered.status_code == 200, answered.text
    assert leaked_names([answered.text], ["kato"]) == []
    assert table.state("side:jade")["actors"]["lin"]["at"] == "hall"


def test_a_character_thrown_by_an_unseen_one_is_told_where_it_went(
        client: TestClient) -> None:
    """Once Lin's seat answers the hidden Kato's throw, its log, the answer's lines and
    its live messages tell Lin's move into the hall, the thrower left out, in words that
    name no one (R000-50, R000-66; before the fix: Lin stood in the hall with no line
    of its move, since the line named Kato)."""
    table = from_text(client, THROW)
    assert table.send({"do": "throw", "actor": "kato", "target": "lin",
                       "to": "hall"}).status_code == 200
    before = table.state("side:jade")["version"]
    answered = table.send({"answer": "forfeit", "actor": "lin"}, "side:jade")
    assert answered.status_code == 200, answered.text
    moved = [line for line in answered.json()["lines"] if line["event"] == "moved"]
    assert [(m["actor"], m["frm"], m["to"], m["how"], m["by"]) for m in moved] == [
        ("lin", "teahouse", "hall", "thrown", None)]
    assert moved[0]["text"] == ("lin goes from teahouse to hall (thrown); its cause is "
                                "hidden from you")
    log = table.get("log", "side:jade", after=before).json()["lines"]
    assert log == answered.json()["lines"]
    key = table.secrets["side:jade"]
    with client.websocket_connect(
            f"/api/tables/{table.id}/live?key={key}&after={before}") as socket:
        message = socket.receive_json()
    assert message["lines"] == log
    assert table.state("side:jade")["version"] == before + len(log)
    assert leaked_names([answered.text, log, message], ["kato"]) == []
    # the game master's line still names the thrower
    gm = table.get("log", after=0).json()["lines"]
    assert [m["by"] for m in gm if m["event"] == "moved"] == ["kato"]


# -- item 3: sensing a hidden name is refused as sensing nobody -----------------------

SENSE = THROW.replace("order: [kato, lin]", "order: [lin, kato]")


def test_sensing_a_hidden_name_is_refused_as_sensing_a_made_up_one(
        client: TestClient) -> None:
    """A player cannot target whom it does not know of (R000-66): a sense of the hidden
    Kato and of a made-up Katp get the same 422 (before the fix: 200 with no lines
    against 422 bad_target); the game master may still ask for it (R000-71)."""
    table = from_text(client, SENSE)
    secret = table.send({"do": "sense", "actor": "lin", "target": "kato"}, "side:jade")
    nothing = table.send({"do": "sense", "actor": "lin", "target": "katp"}, "side:jade")
    same_refusal(secret, nothing, "kato", "katp")
    assert secret.json()["reason"] == "bad_target"
    assert table.state()["version"] == 0
    assert table.send({"do": "sense", "actor": "lin", "target": "kato",
                       "roll": [20]}).status_code == 200


# -- item 4: the range query counts zones on the map the seat knows -------------------

RANGE = """
footwork: 1
ruleset: sitemaps
seed: 1
map:
  zones:
    - {{id: hall, rect: [0, 0, 4, 4]}}
    - {{id: vault, rect: [12, 0, 4, 4]}}
    - {{id: n1, rect: [0, 4, 4, 4]}}
    - {{id: n2, rect: [4, 4, 4, 4]}}
    - {{id: n3, rect: [8, 4, 4, 4]}}
    - {{id: n4, rect: [12, 4, 4, 4]}}{passage}
  openings:
    - {{between: [hall, n1]}}
    - {{between: [n1, n2]}}
    - {{between: [n2, n3]}}
    - {{between: [n3, n4]}}
    - {{between: [n4, vault]}}{door}
actors:
  - {{id: mira, side: patrons, at: hall, stats: {{point: [2, 2]}}}}
  - {{id: dov, side: patrons, at: vault, stats: {{point: [14, 2]}}}}
"""
PASSAGE = ("\n    - {id: passage, rect: [4, 0, 8, 4], revealed: false}",
           "\n    - {between: [hall, passage]}\n    - {between: [passage, vault]}")


def test_range_from_a_player_seat_never_counts_through_an_unrevealed_zone(
        client: TestClient) -> None:
    """With a secret passage the game master counts 2 zones (Far), the players 5
    (Extreme), exactly what they get where there is no passage (before the fix: 2)."""
    secret = from_text(client, RANGE.format(passage=PASSAGE[0], door=PASSAGE[1]))
    plain = from_text(client, RANGE.format(passage="", door=""))
    asked: dict[str, Any] = {"arg": ["mira", "dov"]}
    assert secret.get("query/range", **asked).json()["zones"] == 2
    player = secret.get("query/range", PATRONS, **asked)
    assert player.status_code == 200, player.text
    assert player.json() == plain.get("query/range", PATRONS, **asked).json()
    assert player.json()["zones"] == 5 and player.json()["category"] == "Extreme"


# -- item 5: command ids are scoped per seat -------------------------------------------

def test_another_seats_command_id_is_a_new_command(client: TestClient) -> None:
    """The game master's id, resent by the patrons, is the patrons' own new command
    (before the fix: 403 "that command id belongs to another seat")."""
    table = tavern(client)
    mine = table.send({"do": "end_turn", "actor": "mira"}, command_id="shared-id")
    assert mine.status_code == 200, mine.text
    theirs = table.send({"do": "end_turn", "actor": "dov"}, PATRONS, command_id="shared-id")
    assert theirs.status_code == 200, theirs.text
    assert theirs.json()["repeated"] is False
    again = table.send({"do": "end_turn", "actor": "dov"}, PATRONS, command_id="shared-id",
                       version=theirs.json()["version"])
    assert again.json()["repeated"] is True
    assert table.state()["version"] == 2


# -- item 6: a hidden name and a made-up one take the same path ------------------------

@pytest.fixture
def decisions(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Each call of the engine's decide, as the outcome it had (events or a reason)."""
    calls: list[str] = []
    decide = Engine.decide

    def counted(self: Engine[Any], state: Any, command: Any) -> Any:
        try:
            events = decide(self, state, command)
        except Exception as exc:
            calls.append(getattr(exc, "reason", type(exc).__name__))
            raise
        calls.append("accepted")
        return events

    monkeypatch.setattr(Engine, "decide", counted)
    yield calls


@pytest.mark.parametrize("turn", ["mira's", "cook's"])
def test_a_hidden_name_and_a_made_up_one_are_refused_along_the_same_path(
        client: TestClient, decisions: list[str], turn: str) -> None:
    """The same calls of the rules, with the same outcomes, for the hidden kitchen and a
    made-up zone (a spot the hidden cook stands on, R004-07); timing: bench_leaks.py."""
    table = tavern(client)
    if turn == "cook's":
        for actor in ("mira", "dov", "bruno"):
            assert table.send({"do": "end_turn", "actor": actor}).status_code == 200
    paths = {}
    for zone in ("kitchen", "kitcheq"):
        decisions.clear()
        reply = table.send({"do": "move", "actor": "mira", "to": zone, "at": [3, 8]},
                           PATRONS)
        paths[zone] = (reply.status_code, decisions[:])
        assert reply.status_code == 422, reply.text
    # one call of the rules each, with the same outcome (before the fix: two for the
    # hidden kitchen, the real one ruled first, and one for the made-up zone)
    assert paths["kitchen"] == paths["kitcheq"]
    assert len(paths["kitchen"][1]) == 1


# -- item 4: the spots offered in a known zone do not show a hidden neighbour's border --

WALLED = """
footwork: 1
ruleset: sitemaps
seed: 1
map:
  zones:
    - {{id: hall, rect: [0, 0, 6, 4]}}
    - {{id: yard, rect: [0, -4, 6, 4]}}{cellar}
  openings:
    - {{between: [hall, yard]}}{door}
actors:
  - {{id: mira, side: patrons, at: yard, stats: {{point: [3, -2]}}}}
"""
CELLAR = ("\n    - {id: cellar, rect: [0, 4, 6, 3], revealed: false}",
          "\n    - {between: [hall, cellar], at: [[4, 4], [5, 4]]}")


def test_the_spots_offered_in_a_known_zone_do_not_show_a_hidden_neighbour(
        client: TestClient) -> None:
    """The thin wall the map builder draws on the hall's border with the unrevealed
    cellar (all of it but the door) does not shape what the patrons are offered: the
    same options, byte for byte, as where there is no cellar (R004-02); the game
    master's region does show it."""
    hidden = from_text(client, WALLED.format(cellar=CELLAR[0], door=CELLAR[1]))
    plain = from_text(client, WALLED.format(cellar="", door=""))
    seen = hidden.get("options", PATRONS, actor="mira")
    assert seen.status_code == 200, seen.text
    assert seen.json() == plain.get("options", PATRONS, actor="mira").json()
    assert leaked_names([seen], ["cellar"]) == []
    gm = [o for o in hidden.get("options", actor="mira").json()
          if o["command"].get("to") == "hall"]
    mine = next(o for o in seen.json() if o["command"].get("to") == "hall")
    assert gm and gm[0]["region"] != mine["region"]


def test_a_spot_on_a_border_with_a_hidden_zone_is_ruled_as_on_an_edge(
        client: TestClient) -> None:
    """A spot on the hall's border with the unrevealed cellar, on its closed part, at its
    door or just off the line, gets the patrons the same answer as on a map without the
    cellar: accepted, the same log line and mira 1 cm inside the hall's edge on both
    maps (R004-02, R004-17, R004-18, ``move.spots_off_edges``). Before: refused
    (`in_a_wall`) on the closed part while the door's spot was taken, so probing the
    line told where something lies beyond and where its door is."""
    hidden = from_text(client, WALLED.format(cellar=CELLAR[0], door=CELLAR[1]))
    plain = from_text(client, WALLED.format(cellar="", door=""))
    for at, lands in (([2, 4], [2.0, 3.99]), ([4.5, 4], [4.5, 3.99]),
                      ([1, 3.997], [1.0, 3.99])):
        move = {"do": "move", "actor": "mira", "to": "hall", "at": at}
        seen, without = hidden.send(move, PATRONS), plain.send(move, PATRONS)
        assert without.status_code == 200, without.text
        assert seen.status_code == 200, seen.text
        assert seen.json()["lines"] == without.json()["lines"]
        assert leaked_names([seen.json()], ["cellar"]) == []
        for table in (hidden, plain):
            assert table.state(PATRONS)["actors"]["mira"]["point"] == lands
            assert table.state()["actors"]["mira"]["point"] == lands  # the game master's
            back = {"do": "move", "actor": "mira", "to": "yard", "at": [3, -2]}
            assert table.send({"do": "end_turn", "actor": "mira"}).status_code == 200
            moved = table.send(back)  # and out again next round: it stands in no wall
            assert moved.status_code == 200, moved.text
            assert table.send({"do": "end_turn", "actor": "mira"}).status_code == 200


def test_every_spot_along_a_border_with_a_hidden_zone_is_ruled_as_on_an_edge(
        client: TestClient) -> None:
    """Mira in the hall, walking along its border with the unrevealed cellar (a move
    within its own zone costs nothing, R004-13): every spot on the line, closed part,
    door and corners alike, gets the patrons the same answer and the same
    place as where there is no cellar (R004-02, R004-17, R004-18)."""
    hidden = from_text(client, WALLED.format(cellar=CELLAR[0], door=CELLAR[1]))
    plain = from_text(client, WALLED.format(cellar="", door=""))
    into = {"do": "move", "actor": "mira", "to": "hall", "at": [3, 2]}
    assert hidden.send(into, PATRONS).status_code == plain.send(into, PATRONS).status_code == 200
    for x in (0, 1, 2, 3.5, 4, 4.5, 5, 6):  # the corners, the closed part, the door
        move = {"do": "move", "actor": "mira", "to": "hall", "at": [x, 4]}
        seen, without = hidden.send(move, PATRONS), plain.send(move, PATRONS)
        assert seen.status_code == without.status_code == 200, (move, seen.text)
        assert seen.json()["lines"] == without.json()["lines"], move  # where she went
    assert hidden.state(PATRONS)["actors"] == plain.state(PATRONS)["actors"]
