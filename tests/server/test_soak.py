"""A soak of the table server (issue 24 item 5): random play by the game master and the
players on several tables at once, over HTTP and the WebSocket, against a real running
`footwork serve` (a subprocess): once on SQLite (one process), once on a real PostgreSQL
with `--workers 2` (two processes sharing the database and nothing else).

Each round makes three tables of three rulesets (the tavern brawl has a hidden cook in
an unrevealed kitchen), plays them at once (one driver per table: whoever must act is
played by its side's seat, now and then by the game master; every player seat reads its
state, log, options, map and drawing as a page would, listens on the WebSocket, and now
and then sends a command out of turn, as a hasty player does, or names a place hidden
from it, as a player who guesses does), exports them and deletes them. The soak runs
once (module fixture); the tests read what it found:

- no 5xx, no traceback, every refusal the documented JSON;
- no hidden name reaches a player: every body and WebSocket message a player seat
  received is searched for the names hidden from that seat throughout the game (the
  library replays the exported table and intersects the seat's secrets over every
  state it went through, so a name revealed on the way is not counted);
- players drag tokens: now and then a player seat sends the planned path of one of its
  characters on its WebSocket (through any places, hidden ones too); the other seat of
  the table receives it through its own view (the leak check covers those messages as
  any other), with two workers from a socket held by the other process (the plan is
  announced through the store);
- every player seat's WebSocket received its log exactly: each line once, in order,
  and by the end of the table the very lines its `GET …/log` gives. With two workers,
  each table's two listening sockets are held by different processes (read from /proc),
  so whichever process took a command, a socket of the other got it through
  LISTEN/NOTIFY;
- memory held flat: each server process's resident memory after the first round
  (warm-up) and after the last differ by less than GROWTH_LIMIT (tables are deleted
  each round, so what a round keeps must be given back); no worker died on the way.

Bounded: a fixed number of rounds and commands, every wait bounded; nothing is timed.
The PostgreSQL run plays fewer commands a round (it proves the processes agree; the
SQLite run proves the long play), so the two together stay near a minute and a half.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from footwork.engine.seats import Seat
from footwork.engine.view import View
from footwork.scenario import encounter_from_text
from footwork.server.tables import EXAMPLES, Tables, initial_text
from footwork.store import open_store
from tests.server.conftest import ADMIN
from tests.server.test_reliability import Served
from tests.server.test_workers import _group, _worker_holding
from tests.store.pgserver import PostgresServer

#: the tables of each round: three rulesets, one with hidden things
PLAYED = ("sitemaps/tavern-brawl", "spans/boarding-action", "cultivation/flooded-hall")
#: those with something hidden from a player seat
SECRETIVE = ("sitemaps/tavern-brawl",)
ROUNDS = 4
#: commands sent on each table in a round (refusals included)
COMMANDS = 30


@dataclass(frozen=True)
class Run:
    """One soak: the store, how many server processes, how long it plays."""

    backend: str
    workers: int
    rounds: int
    commands: int


RUNS = {"sqlite": Run("sqlite", 1, ROUNDS, COMMANDS),
        "postgres": Run("postgres", 2, 3, 16)}
#: new connections tried before concluding the kernel never gives one to the other worker
TRIES = 40
#: the most the server's resident memory may grow from the end of round 1 to the end
GROWTH_LIMIT = 30 * 2**20
PATIENCE = 60.0


# -- the leak checker (a small one: the hidden-information lane brings a shared one) --------


def mentioned(text: str, names: frozenset[str]) -> set[str]:
    """The ``names`` that ``text`` holds as whole ids (not inside a longer id)."""
    return {n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)}


def hidden_throughout(export: str, seats: list[str]) -> dict[str, frozenset[str]]:
    """Per player seat, the names hidden from it in every state the exported table went
    through (its initial state and after each command): what it may never receive."""
    encounter = encounter_from_text(export, "export.yaml")
    session = encounter.session()
    views = {s: View(session.engine, Seat.parse(s)) for s in seats}
    hidden = {s: v.secrets(session.state) for s, v in views.items()}
    for step in encounter.steps:
        assert step.kind == "command" and step.command is not None, step
        session.do(step.command)
        for s, v in views.items():
            hidden[s] &= v.secrets(session.state)
    return hidden


# -- the soak ----------------------------------------------------------------------------


@dataclass
class Received:
    """Everything a player seat of one table received: (what, text)."""

    table: str
    seat: str
    items: list[tuple[str, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, what: str, text: str) -> None:
        with self.lock:
            self.items.append((what, text))


@dataclass
class Findings:
    failures: list[str] = field(default_factory=list)  # 5xx, bad refusals, stalls
    received: list[Received] = field(default_factory=list)
    hidden: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    accepted: int = 0
    refused: int = 0
    messages: int = 0
    rss: list[dict[int, int]] = field(default_factory=list)  # per process, each round
    #: per table, the server processes holding its player seats' sockets
    holders: list[set[int]] = field(default_factory=list)
    live_checked: int = 0
    #: planned paths sent by players on their sockets, and received by the other seats
    plans_sent: int = 0
    plans_heard: int = 0
    run: Run = RUNS["sqlite"]
    lock: threading.Lock = field(default_factory=threading.Lock)

    def fail(self, text: str) -> None:
        with self.lock:
            self.failures.append(text[:400])


def rss_of(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for {pid}")


def opened(url: str) -> ClientConnection:
    """A WebSocket connected to ``url``, handed to a listener thread (which closes it)."""
    return connect(url, open_timeout=PATIENCE, max_size=None).__enter__()


def server_rss(served: Served) -> dict[int, int]:
    """The resident memory of each process of the server (its workers and, with
    several, their supervisor)."""
    return {pid: rss_of(pid) for pid in sorted(_group(served.process.pid))}


class Table:
    """One table of a round: its seats, a driver playing it, listeners on its socket."""

    def __init__(self, served: Served, run: Run, example: str, seed: int,
                 findings: Findings) -> None:
        base = self.base = served.base
        self.served = served
        self.run = run
        self.http = httpx.Client(timeout=PATIENCE)
        # with the server's key: a server may keep table making to its game master
        made = self.http.post(f"{base}/api/tables", json={"example": example},
                              headers={"Authorization": f"Bearer {ADMIN}"})
        assert made.status_code == 201, made.text
        body = made.json()
        self.id: str = body["table"]["id"]
        self.secrets = {s["seat"]: s["secret"] for s in body["seats"]}
        self.players = [s for s in self.secrets if s != "gm"]
        self.secretive = example in SECRETIVE
        # what each player seat may not know at the start: the names a probe guesses
        session = encounter_from_text(initial_text(EXAMPLES / f"{example}.yaml")).session()
        self.guesses = {s: View(session.engine, Seat.parse(s)).secrets(session.state)
                        for s in self.players}
        #: every place of the map, for the paths under a dragging player's ruler
        self.places = sorted(session.engine.ruleset.place_ids(session.state.space))
        self.sockets: dict[str, ClientConnection] = {}
        self.random = random.Random(seed)
        #: the drags' own: the play is the same with or without them
        self.gestures = random.Random(seed + 1)
        self.findings = findings
        self.received = {s: Received(self.id, s) for s in self.players}
        findings.received += self.received.values()
        self.stop = threading.Event()
        #: each player seat's log as its WebSocket told it (lines, resets)
        self.heard: dict[str, list[Any]] = {s: [] for s in self.players}
        self.listeners: list[threading.Thread] = []
        self.count = 0

    # -- HTTP, with every answer checked and what players receive kept --

    def call(self, method: str, path: str, seat: str, **kwargs: Any) -> httpx.Response:
        url = f"{self.base}/api/tables/{self.id}" + (f"/{path}" if path else "")
        reply = self.http.request(method, url,
                                  headers={"Authorization": f"Bearer {self.secrets[seat]}"},
                                  **kwargs)
        if reply.status_code >= 500 or "Traceback" in reply.text:
            self.findings.fail(f"{method} {path} as {seat}: {reply.status_code} "
                               f"{reply.text}")
        elif reply.status_code >= 400:
            body = reply.json()
            if set(body) != {"reason", "message", "rules"} or "\n" in body["message"]:
                self.findings.fail(f"{method} {path}: a refusal off the format: {body}")
        if seat in self.received:
            self.received[seat].add(f"{method} {path} {reply.status_code}", reply.text)
        return reply

    def open_sockets(self) -> None:
        """Connect every player seat's WebSocket (from the start of the log) and start
        listening. With several server processes, each seat's socket is held by another
        process than the previous seat's (the kernel picks: connect again until so)."""
        held: list[int] = []
        for seat in self.players:
            url = (f"ws{self.base.removeprefix('http')}/api/tables/{self.id}/live"
                   f"?key={self.secrets[seat]}&after=0")
            ws = opened(url)
            if self.run.workers > 1:
                holder = _worker_holding(self.served, ws.socket.getsockname()[1])
                for _ in range(TRIES):
                    if not held or holder not in held:
                        break
                    ws.close()
                    ws = opened(url)
                    holder = _worker_holding(self.served, ws.socket.getsockname()[1])
                held.append(holder)
            self.sockets[seat] = ws
            listener = threading.Thread(target=self.listen, args=(seat, ws), daemon=True)
            self.listeners.append(listener)
            listener.start()
        if held:
            self.findings.holders.append(set(held))

    def listen(self, seat: str, ws: ClientConnection) -> None:
        try:
            with ws:
                while not self.stop.is_set():
                    try:
                        message = ws.recv(timeout=0.2)
                    except TimeoutError:
                        continue
                    text = message if isinstance(message, str) else message.decode()
                    self.received[seat].add("websocket", text)
                    body = json.loads(text)
                    self.hear(seat, body)
                    with self.findings.lock:
                        self.findings.messages += 1
                        self.findings.plans_heard += body["type"] == "plan"
        except Exception as exc:  # a socket that ends before the table does
            if not self.stop.is_set():
                self.findings.fail(f"websocket of {seat}: {exc!r}")

    def hear(self, seat: str, message: dict[str, Any]) -> None:
        """Fold a live message into what the seat heard: new lines must start where
        its log ends (each line once, in order); a reset replaces it."""
        heard = self.heard[seat]
        if message["type"] == "lines":
            if message["after"] != len(heard):
                self.findings.fail(f"websocket of {seat}: lines after {message['after']} "
                                   f"when it had {len(heard)}")
            heard[message["after"]:] = message["lines"]
        elif message["type"] == "reset":
            heard[:] = message["lines"]

    def check_heard(self) -> None:
        """Every player seat's socket told it its whole log (waiting a bounded time for
        the last messages)."""
        for seat in self.players:
            log = self.call("GET", "log", seat, params={"limit": 1000}).json()["lines"]
            deadline = time.monotonic() + PATIENCE
            while self.heard[seat] != log and time.monotonic() < deadline:
                time.sleep(0.05)
            if self.heard[seat] != log:
                self.findings.fail(f"websocket of {seat} on {self.id}: heard "
                                   f"{len(self.heard[seat])} lines, its log has {len(log)}")
            with self.findings.lock:
                self.findings.live_checked += 1

    # -- random play --

    def seat_of(self, state: dict[str, Any], actor: str) -> str:
        side = state["actors"].get(actor, {}).get("side")
        seat = f"side:{side}"
        return seat if seat in self.secrets and self.random.random() < 0.85 else "gm"

    def read_as(self, seat: str, state: dict[str, Any]) -> None:
        """What a player's page reads: its state, then some of log, options of one of its
        characters, map, drawing, summary."""
        mine = self.call("GET", "state", seat)
        if mine.status_code != 200:
            return
        own = [a for a, v in state["actors"].items() if f"side:{v.get('side')}" == seat]
        if own:
            self.call("GET", "options", seat, params={"actor": self.random.choice(own)})
        if self.random.random() < 0.3:
            self.call("GET", "log", seat, params={"after": self.random.randrange(0, 5)})
        if self.random.random() < 0.15:
            self.call("GET", "map", seat)
        if self.random.random() < 0.1:
            self.call("GET", "drawing", seat)
        if self.random.random() < 0.1:
            self.call("GET", "summary", seat)

    def play(self) -> None:
        try:
            for _ in range(self.run.commands):
                state = self.call("GET", "state", "gm").json()
                if state["ended"]:
                    break
                for seat in self.players:
                    self.read_as(seat, state)
                actor = (state["pending"] or {}).get("actor") or state["turn"]
                seat = self.seat_of(state, actor)
                hasty = seat == "gm" and self.random.random() < 0.2
                if hasty:  # a player acting out of turn with one of its own
                    seat = self.random.choice(self.players)
                    own = [a for a, v in state["actors"].items()
                           if f"side:{v.get('side')}" == seat and a != actor]
                    if not own:
                        continue
                    actor = self.random.choice(own)
                if self.secretive and self.random.random() < 0.25:
                    # a player guessing, whoever's turn it is (the hidden cook's too)
                    guesser = self.random.choice(self.players)
                    mine = [a for a, v in state["actors"].items()
                            if f"side:{v.get('side')}" == guesser]
                    if mine:
                        self.probe(guesser, self.random.choice(mine))
                if self.gestures.random() < 0.3:
                    self.drag(state)
                self.send_one(seat, actor)
        except Exception as exc:
            self.findings.fail(f"driver of {self.id}: {exc!r}")

    def drag(self, state: dict[str, Any]) -> None:
        """A player dragging one of its characters: the path under its ruler, through
        any places (hidden ones too: a page would never, a client may), on its socket."""
        seat = self.gestures.choice(self.players)
        mine = [a for a, v in state["actors"].items() if f"side:{v.get('side')}" == seat]
        if not mine:
            return
        path = self.gestures.sample(self.places, self.gestures.randint(1, 3))
        self.sockets[seat].send(json.dumps({
            "type": "plan", "actor": self.gestures.choice(mine), "path": path,
            "done": self.gestures.random() < 0.3}))
        with self.findings.lock:
            self.findings.plans_sent += 1

    def probe(self, seat: str, actor: str) -> None:
        """A player naming what is hidden from it (a guess, a rumour): a move there and
        a question about it, each to be refused as if the name meant nothing."""
        name = self.random.choice(sorted(self.guesses[seat])) if self.guesses[seat] else None
        if name is None:
            return
        version = self.call("GET", "state", seat).json()["version"]
        self.count += 1
        self.call("POST", "commands", seat, json={
            "version": version, "command_id": f"{self.id}-{self.count}",
            "command": {"do": "move", "actor": actor, "to": name}})
        with self.findings.lock:
            self.findings.refused += 1

    def send_one(self, seat: str, actor: str) -> None:
        version = self.call("GET", "state", seat).json()["version"]
        # an undo takes back states a player saw: only where nothing is hidden, so that
        # the export (the history kept) holds every state whose secrets are checked
        if seat == "gm" and not self.secretive and self.random.random() < 0.05:
            command: dict[str, Any] = {"do": "undo"}
        else:
            offered = self.call("GET", "options", seat, params={"actor": actor})
            options = offered.json() if offered.status_code == 200 else []
            if options and self.random.random() < 0.85:
                command = self.random.choice(options)["command"]
            else:
                command = {"do": "end_turn", "actor": actor}
        self.count += 1
        reply = self.call("POST", "commands", seat, json={
            "version": version, "command_id": f"{self.id}-{self.count}", "command": command})
        with self.findings.lock:
            if reply.status_code == 200:
                self.findings.accepted += 1
            else:
                self.findings.refused += 1

    def finish(self) -> str:
        """Check what the sockets heard, stop them, export the table, delete it; the
        export."""
        self.check_heard()
        self.stop.set()
        for listener in self.listeners:
            listener.join(timeout=PATIENCE)
        export = self.call("GET", "export", "gm")
        assert export.status_code == 200, export.text
        deleted = self.call("DELETE", "", "gm")
        if deleted.status_code not in (200, 204):
            self.findings.fail(f"delete: {deleted.status_code} {deleted.text}")
        self.http.close()
        return export.text


def soak(db: str, run: Run) -> Findings:
    # a table already in the store: `footwork serve` then opens no example of its own
    store = open_store(db)
    Tables(store).create(initial_text(EXAMPLES / "spans/boarding-action.yaml"))
    store.close()
    findings = Findings()
    served = Served(db, workers=run.workers)
    try:
        for turn in range(run.rounds):
            tables = [Table(served, run, example, 100 * turn + n, findings)
                      for n, example in enumerate(PLAYED)]
            for table in tables:
                table.open_sockets()
            drivers = [threading.Thread(target=t.play, daemon=True) for t in tables]
            for driver in drivers:
                driver.start()
            for driver in drivers:
                driver.join(timeout=10 * PATIENCE)
                if driver.is_alive():
                    findings.fail("a driver did not finish")
            for table in tables:
                export = table.finish()
                for seat, names in hidden_throughout(export, table.players).items():
                    findings.hidden[(table.id, seat)] = names
            findings.rss.append(server_rss(served))
    finally:
        served.kill()
    return findings


@pytest.fixture(scope="module", params=sorted(RUNS))
def findings(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Findings]:
    run = RUNS[request.param]
    if run.backend == "postgres":
        server: PostgresServer = request.getfixturevalue("postgres_server_session")
        db = server.create_database("soak")
    else:
        db = str(tmp_path_factory.mktemp("soak") / "soak.db")
    found = soak(db, run)
    found.run = run
    yield found


def test_the_soak_played_and_nothing_failed(findings: Findings) -> None:
    assert not findings.failures, findings.failures[:5]
    run = findings.run
    # it did play: commands accepted and refused, live lines pushed to players
    assert findings.accepted >= run.rounds * len(PLAYED) * run.commands // 3, findings.accepted
    assert findings.refused > 0
    assert findings.messages > 0
    # players' plans reached the table's other seats (with two workers, across them)
    assert findings.plans_sent > 0 and findings.plans_heard > 0, findings.plans_sent
    # every player seat's socket was checked against its log
    assert findings.live_checked == len(findings.received) > 0
    if run.workers > 1:  # each table's sockets on both processes: NOTIFY carried lines
        assert len(findings.holders) == run.rounds * len(PLAYED)
        assert all(len(held) == run.workers for held in findings.holders), findings.holders
    # the tavern's patrons had something hidden from them the whole game
    assert any(findings.hidden.values())


def test_no_hidden_name_reaches_a_player_seat(findings: Findings) -> None:
    leaks = []
    for received in findings.received:
        names = findings.hidden.get((received.table, received.seat), frozenset())
        for what, text in received.items:
            found = mentioned(text, names)
            if found:
                at = min(text.find(n) for n in found if n in text)
                leaks.append(f"{received.seat} got {sorted(found)} in {what}: "
                             f"…{text[max(0, at - 150):at + 100]}…")
    assert not leaks, f"{len(leaks)} leaks, e.g.:\n" + "\n".join(leaks[:5])


def test_the_server_memory_is_held_flat(findings: Findings) -> None:
    warm, end = findings.rss[0], findings.rss[-1]
    seen = [{pid: f"{r / 2**20:.0f} MB" for pid, r in rss.items()} for rss in findings.rss]
    assert set(warm) == set(end), f"a server process was replaced: {seen}"
    # the workers (and with several, their supervisor and its resource tracker)
    assert len(warm) >= findings.run.workers, seen
    assert all(end[pid] - warm[pid] < GROWTH_LIMIT for pid in warm), seen
