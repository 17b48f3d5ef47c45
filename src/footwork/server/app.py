"""`footwork serve`: the table server's HTTP and WebSocket API (FastAPI).

Every read and every push goes through the seat's view (footwork.engine.view), so a
player never receives a hidden zone, an actor it cannot perceive, or a line or option
that reveals one. Every refusal is a 4xx whose JSON body has a reason code, a one-line
message and the rule ids; nothing a client sends can produce a 500 or a traceback.
"""

from __future__ import annotations

import asyncio
import functools
import io
import json
import os
import warnings
from collections.abc import AsyncIterator, Callable, Mapping, MutableMapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from footwork import limits
from footwork.engine.seats import Seat
from footwork.errors import (
    FootworkError,
    IllegalCommand,
    ScenarioError,
    excerpt,
)
from footwork.markdown import passage_markdown, to_html
from footwork.rulesets import available, get_ruleset
from footwork.scenario.source import read_file
from footwork.server.build import router as build_routes
from footwork.server.guard import Gate, Guard, QuotaExceeded, TooManyWrongKeys, client_of
from footwork.server.headers import SecurityHeaders, secured
from footwork.server.imports import Imported, imported_encounter, map_body
from footwork.server.models import (
    CommandRequest,
    CommandResult,
    CreatedTable,
    Example,
    Fault,
    LobbyTable,
    LogPage,
    NewTable,
    Refusal,
    Roll,
    Rolls,
    RollsRequest,
    SeatLink,
    Summary,
    TableInfo,
    faults_of,
)
from footwork.server.pictures import Pictures
from footwork.server.planned import Plan, Planned, as_seen, may_send, read_plan
from footwork.server.seatlogs import encoded
from footwork.server.shortcut import TableServer, bearer_of
from footwork.server.studies import StudyRequest, study_table
from footwork.server.tables import (
    Forbidden,
    StaleVersion,
    TableFull,
    Tables,
    Unauthorized,
    example_files,
    initial_text,
)
from footwork.space.floorplan import Choices
from footwork.store import SEATS_CHANGED, EventStore, TableNotFound, open_store

# FastAPI gives the header parameter below its alias, which pydantic (2.12+) may warn of
# once, on stderr, when it builds the parameter's adapter: harmless, and not a user's
# business (seen on the first start of a fresh install)
warnings.filterwarnings("ignore", message="The 'alias' attribute with value 'authorization'",
                        category=UserWarning)

#: a seat's credential, as the Authorization header (or ``?key=`` in the query)
Auth = Annotated[str | None, Header(description="Bearer SECRET (a seat's key)")]

T = TypeVar("T")

#: the page's static files (the lobby, the table, their scripts and styles)
WEB = Path(__file__).resolve().parent / "web"
#: pages and drawings are read again on every visit (they change with the table)
NO_CACHE = {"Cache-Control": "no-cache"}

#: the largest request body, beyond the largest encounter file the limits allow
BODY_SLACK = 64_000

REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": Refusal, "description": text} for code, text in (
        (400, "malformed input"), (401, "no seat has that secret"),
        (403, "the seat may not do or see this"), (404, "no such table"),
        (409, "the table moved on since your version"), (413, "too large"),
        (422, "the rules refuse the command"),
        (429, "too many wrong keys (or tables made) from this address: wait Retry-After "
              "seconds"))}


#: the same, for the routes whose success is text: their refusals are still JSON
TEXT_REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"description": entry["description"], "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Refusal"}}}}
    for code, entry in REFUSALS.items()}


#: each kind of refusal (the first that matches): its status and reason code
_REFUSED: tuple[tuple[type[Exception], int, str], ...] = (
    (Unauthorized, 401, "unauthorized"),
    (TableFull, 413, "table_full"),
    (limits.OutOfTime, 413, "too_costly"),
    (Forbidden, 403, "forbidden"),
    (TableNotFound, 404, "no_table"),
    (StaleVersion, 409, "stale_version"),
    (limits.LimitExceeded, 413, "too_large"),
)


def refusal_of(exc: FootworkError) -> JSONResponse:
    """The 4xx answer to a refusal (the same from every route)."""
    if isinstance(exc, (TooManyWrongKeys, QuotaExceeded)):
        refused = _refusal(429, "too_many", str(exc))
        refused.headers["Retry-After"] = str(exc.retry_after)
        return refused
    for kind, status, reason in _REFUSED:
        if isinstance(exc, kind):
            return _refusal(status, reason, str(exc))
    if isinstance(exc, IllegalCommand):
        return _refusal(422, exc.reason, exc.detail, exc.rules)
    if isinstance(exc, ScenarioError):
        return _refusal(400, "invalid", str(exc), faults=faults_of(exc))
    return _refusal(400, "invalid", str(exc))


def failure(exc: BaseException) -> JSONResponse:
    """The 500 of a fault of the server's own: its kind, never a traceback."""
    return JSONResponse({"reason": "server_error",
                         "message": f"the server failed: {type(exc).__name__}",
                         "rules": []}, status_code=500)


def invalid_body(errors: Sequence[Any]) -> JSONResponse:
    """The 400 of a request its models refuse (pydantic's errors): where, and what was
    expected (one line)."""
    err = errors[0] if errors else {"loc": (), "msg": "invalid request"}
    where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
    return _refusal(400, "invalid", f"{where}: {excerpt(str(err.get('msg')), 200)}")


def _refusal(status: int, reason: str, message: str, rules: tuple[str, ...] = (),
             faults: list[Fault] | None = None) -> JSONResponse:
    body = Refusal(reason=reason, message=" ".join(message.split())[:500], rules=list(rules),
                   faults=faults or None)
    data = body.model_dump()
    if data["faults"] is None:
        del data["faults"]  # a fault's line stays, null when it has none (the schema's)
    return JSONResponse(data, status_code=status)


class BoundedBody:
    """Refuses a request body over ``limit`` bytes with the JSON 413, counting the bytes
    as they arrive (a chunked body has no Content-Length to check first), and hands the
    app the body it read."""

    def __init__(self, app: Any, limit: int, larger: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        #: paths that take a larger body (a map file to import)
        self.larger = dict(larger or {})

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.limit)
        try:
            body = await bounded_body(scope, receive, limit)
        except BodyTooLarge:
            await self.refuse(limit, scope, receive, send)
            return
        if body is None:
            return  # the client went away
        given = False

        async def replay() -> Any:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    @staticmethod
    async def refuse(limit: int, scope: Any, receive: Any, send: Any) -> None:
        refused = _refusal(413, "too_large", f"the body is over {limit:,} bytes (footwork "
                           "serve --body-bytes; a map to import: the map_file_bytes limit)")
        refused.headers["Connection"] = "close"  # the rest is never read
        await refused(scope, receive, send)


class BodyTooLarge(Exception):
    """A request body over its bound (declared or counted)."""


async def bounded_body(scope: Any, receive: Any, limit: int) -> bytes | None:
    """The request's whole body, or None if the client went away meanwhile; raises
    :class:`BodyTooLarge` for a declared length over ``limit`` (before a byte is read)
    or as soon as the bytes that arrived pass it (a chunked body declares none)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length" and (not value.isdigit() or int(value) > limit):
            raise BodyTooLarge
    chunks: list[bytes] = []
    size, more = 0, True
    while more:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge
        chunks.append(chunk)
        more = message.get("more_body", False)
    return b"".join(chunks)


class Hub:
    """Wakes the live connections of a table when its log grows (from any thread)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiters: dict[str, set[asyncio.Event]] = {}

    def changed(self, table_id: str, _version: int = 0) -> None:
        loop = self.loop
        if loop is None:
            return
        for waiter in list(self.waiters.get(table_id, ())):
            loop.call_soon_threadsafe(waiter.set)


def create_app(store: EventStore, *, admin_secret: str | None = None,
               base_url: str = "", link_seed: str | None = None,
               pictures: Path | None = None, guard: Guard | None = None) -> FastAPI:
    """The API over ``store``. ``admin_secret`` is the game master of every table;
    ``link_seed`` (kept secret, like it) lets its lobby give every seat's link again;
    ``pictures`` is the folder imported maps' pictures are kept in (default: memory);
    ``guard``: the limits per client and per key (default :meth:`Guard.embedded`, an
    open lobby; ``footwork serve`` gives the safe ones of its options)."""
    guard = guard or Guard.embedded()
    gate = Gate(guard, store)  # counts per client: in the store, shared
    hub = Hub()
    planned = Planned(store)  # and the other processes' pages, through the store
    kept = Pictures(pictures)
    tables = Tables(store, admin_secret=admin_secret, link_seed=link_seed,
                    on_change=hub.changed, pictures=kept, table_bytes=guard.table_bytes,
                    cache_bytes=guard.cache_bytes)

    def stored(table_id: str, version: int) -> None:
        if version == SEATS_CHANGED:  # a key rotated or revoked: sockets check theirs
            tables.seats_changed(table_id)
        hub.changed(table_id, version)

    # appends by other processes too, to the tables this one follows (live connections)
    unsubscribe = store.subscribe(stored)
    unheed = store.heed(planned.heard)  # plans under other processes' pages' rulers
    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        hub.loop = planned.loop = asyncio.get_running_loop()
        yield
        unsubscribe()
        unheed()

    app = TableServer(
        lifespan=lifespan,
        title="footwork table server",
        version="1",
        description=(
            "Play footwork encounters at a table: a game master and players on their own "
            "devices. Every request but the lobby's carries a seat's secret "
            "(`Authorization: Bearer SECRET` or `?key=SECRET`); every answer is the "
            "seat's view. Commands are the JSON of encounter-file steps."),
        docs_url=None, redoc_url=None,  # those pages load scripts from a CDN: offline here
    )
    app.state.tables = tables
    app.state.guard = guard
    parsing = asyncio.Semaphore(1)  # one encounter read at a time: the others wait

    # a plain ASGI middleware: the Content-Length check and the count of the bytes that
    # arrive in one place (a BaseHTTPMiddleware would wrap every request in a task)
    max_body = min(limits.current().file_bytes + BODY_SLACK, guard.body_bytes)
    # a map file to import takes its own limit (its picture comes with it)
    larger = {"/api/import": limits.current().map_file_bytes + BODY_SLACK}
    app.add_middleware(BoundedBody, limit=max_body, larger=larger)
    app.add_middleware(SecurityHeaders)  # added last: outermost, so refusals carry them too

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        reason = {400: "invalid", 404: "not_found", 405: "method_not_allowed",
                  413: "too_large"}.get(exc.status_code, "refused")
        return _refusal(exc.status_code, reason, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return invalid_body(exc.errors())

    @app.exception_handler(FootworkError)
    async def _footwork(_: Request, exc: FootworkError) -> JSONResponse:
        return refusal_of(exc)

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:  # never a traceback
        return failure(exc)

    def bearer(request: Request, authorization: str | None) -> str | None:
        """The secret a request carries: its bearer, else its ``?key=``."""
        if authorization and authorization.lower().startswith("bearer "):
            return authorization[7:].strip()
        return request.query_params.get("key")

    def keyed_with(client: str, table_id: str, secret: str | None
                   ) -> tuple[Seat, str | None]:
        """The seat of ``secret`` and its stored key, counting a wrong key against the
        client (too many in a minute and it waits, whatever key it sends)."""
        gate.before_key(client)
        try:
            return tables.seat_and_key(table_id, secret)
        except Unauthorized:
            gate.wrong_key(client)
            raise

    def keyed(client: str, table_id: str, secret: str | None) -> Seat:
        return keyed_with(client, table_id, secret)[0]

    def seat(request: Request, table_id: str, authorization: str | None) -> Seat:
        who = keyed(client_of(request.scope), table_id, bearer(request, authorization))
        if request.method == "GET":
            who = preview(who, request.query_params.get("as"))
        return who

    def link(table_id: str, secret: str) -> str:
        return f"{base_url}/t/{table_id}?key={secret}"

    def lobby_key(request: Request, authorization: str | None, *, table: bool) -> None:
        """The lobby's policy for making the server read an encounter or a map: the
        server's key (a wrong one counted like any), or none when the lobby is open; a
        new table is also counted against its client's tables of the day. Called in a
        worker thread (the counts are in the store)."""
        if not table and guard.open_lobby:
            return  # no key needed: a stale key a device kept is not counted as wrong
        client, secret = client_of(request.scope), bearer(request, authorization)
        admin = False
        if secret:
            gate.before_key(client)
            admin = tables.is_admin(secret)
            if not admin:
                gate.wrong_key(client)
                raise Unauthorized("that is not the server's key (the one `footwork serve` "
                                   "printed)")
        if table:
            gate.may_create(client, admin=admin)
        else:
            gate.may_read_files(admin=admin, what="reading an encounter or a map")

    async def budgeted(work: Callable[[], T]) -> T:
        """``work`` (reading a file a client sent) in a worker thread, one at a time per
        process, within ``--parse-seconds`` of reading (limits.time_budget)."""
        async with parsing:
            return await asyncio.to_thread(_within, guard.parse_seconds, work)

    async def builder_key(request: Request, authorization: Auth = None) -> None:
        """The builder's and the import's routes: as making a table (no quota)."""
        await asyncio.to_thread(lobby_key, request, authorization, table=False)

    # -- the pages (the lobby and a table: static files of footwork.server.web) -------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home() -> FileResponse:
        return FileResponse(WEB / "index.html", headers=NO_CACHE)

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:  # the key is checked by the API calls
        return FileResponse(WEB / "table.html", headers=NO_CACHE)

    app.mount("/web", StaticFiles(directory=WEB), name="web")
    # the encounter builder: /build and /api/build/…
    app.include_router(build_routes(REFUSALS, TEXT_REFUSALS, kept, budgeted,
                                    Depends(builder_key)))

    @app.get("/api/examples", response_model=list[Example])
    def examples() -> list[Example]:
        """The shipped examples, ready to open as tables (each file read once)."""
        return list(_examples(tuple((name, path, path.stat().st_mtime_ns)
                                    for name, path in example_files().items())))

    @app.get("/api/tables", response_model=list[TableInfo])
    def list_tables() -> list[TableInfo]:
        """Every table (ids and names only: reading one needs a seat)."""
        return [TableInfo(id=t.id, name=t.name, ruleset=t.ruleset, created=t.created)
                for t in tables.all()]

    def seat_links(request: Request, table_id: str, admin: str | None, *, qr: bool
                   ) -> tuple[list[SeatLink], bool]:
        """The seats whose links this server can give again (the game master's first;
        the server's key stands for it where its own cannot be given), and whether
        that is every seat."""
        origin = base_url or str(request.base_url).rstrip("/")
        given = tables.seat_secrets(table_id)
        seats = dict(given)
        if "gm" not in seats and admin:
            seats["gm"] = admin
        revoked = [name for name in tables.revoked(table_id) if name not in seats]
        links = []
        for name, key in sorted(seats.items(), key=_seat_order):
            url = f"{origin}/t/{table_id}?key={key}"
            links.append(SeatLink(seat=name, secret=key, link=url, qr=qr_svg(url) if qr else ""))
        links += [SeatLink(seat=name, secret="", link="", revoked=True)
                  for name in sorted(revoked, key=lambda n: _seat_order((n, "")))]
        return links, len(given) + len(revoked) == len(store.seats(table_id))

    @app.get("/api/lobby", response_model=list[LobbyTable], responses=REFUSALS)
    def lobby(request: Request, authorization: Auth = None) -> list[LobbyTable]:
        """Every table with every seat's link, newest first: the game master's lobby
        (the server's key, printed by `footwork serve`, as the bearer or `?key=`). The
        links use the address the server was started for (else this request's), so a
        phone or the TV opens them as they are. QR codes: `GET …/seats` of a table."""
        secret = bearer(request, authorization)
        client = client_of(request.scope)
        gate.before_key(client)
        if not tables.is_admin(secret):
            gate.wrong_key(client)
            raise Unauthorized("the lobby's links need the game master's key that "
                               "`footwork serve` printed")
        out = []
        for record in sorted(tables.all(), key=lambda t: -t.created):
            links, complete = seat_links(request, record.id, secret, qr=False)
            out.append(LobbyTable(
                table=TableInfo(id=record.id, name=record.name, ruleset=record.ruleset,
                                created=record.created),
                seats=links, complete=complete))
        return out

    @app.get("/api/tables/{table_id}/seats", response_model=list[SeatLink],
             responses=REFUSALS)
    def seats(request: Request, table_id: str, authorization: Auth = None
              ) -> list[SeatLink]:
        """Every seat's link of the table with its QR code, for the game master (its
        own seat's key or the server's): what to show the players at the table."""
        who = seat(request, table_id, authorization)
        if not who.is_gm:
            raise Forbidden("only the game master may see the seats' links")
        secret = bearer(request, authorization)
        return seat_links(request, table_id, secret if tables.is_admin(secret) else None,
                          qr=True)[0]

    @app.post("/api/tables/{table_id}/seats/{seat_name}/rotate", response_model=SeatLink,
              responses=REFUSALS)
    def rotate_seat(request: Request, table_id: str, seat_name: str,
                    authorization: Auth = None) -> SeatLink:
        """A new key for a seat (the game master): its old link stops working at once
        and live connections opened with it are closed (code 4401). The answer is the
        seat's new link with its QR code. A revoked seat gets a key again this way."""
        who = seat(request, table_id, authorization)
        secret = tables.rotate(table_id, who, seat_name)
        origin = base_url or str(request.base_url).rstrip("/")
        url = f"{origin}/t/{table_id}?key={secret}"
        return SeatLink(seat=seat_name, secret=secret, link=url, qr=qr_svg(url))

    @app.post("/api/tables/{table_id}/seats/{seat_name}/revoke", status_code=204,
              responses=REFUSALS)
    def revoke_seat(request: Request, table_id: str, seat_name: str,
                    authorization: Auth = None) -> None:
        """Take a seat's key away (the game master): no link opens the seat until its
        key is rotated; live connections on it are closed (code 4401). The server's
        key still opens the game master's seat."""
        tables.revoke(table_id, seat(request, table_id, authorization), seat_name)

    @app.post("/api/tables", response_model=CreatedTable, status_code=201,
              responses=REFUSALS, openapi_extra={"requestBody": {"required": True, "content": {
                  "application/json": {"schema": NEW_TABLE_SCHEMA}}}})
    async def create_table(request: Request, authorization: Auth = None) -> CreatedTable:
        """A new table from encounter text or a shipped example (a `NewTable`): the game
        master's (the server's key as the bearer), or anyone's on a server started with
        `--open-lobby` (a few tables a day per address). The answer holds every seat's
        secret and link: hand each to its player; only hashes are kept."""
        await asyncio.to_thread(lobby_key, request, authorization, table=True)
        raw = await request.body()  # its size was checked as it came (BoundedBody)
        record, issued = await budgeted(functools.partial(_create, tables, raw))
        origin = base_url or str(request.base_url).rstrip("/")
        return CreatedTable(
            table=TableInfo(id=record.id, name=record.name, ruleset=record.ruleset,
                            created=record.created),
            seats=[SeatLink(seat=s, secret=k, link=link(record.id, k),
                            qr=qr_svg(f"{origin}/t/{record.id}?key={k}"))
                   for s, k in issued.items()])

    @app.delete("/api/tables/{table_id}", status_code=204, responses=REFUSALS)
    def delete_table(request: Request, table_id: str, authorization: Auth = None) -> None:
        """Remove a table and its log (the game master)."""
        tables.delete(table_id, seat(request, table_id, authorization))

    @app.get("/api/tables/{table_id}/export", response_class=PlainTextResponse,
             responses=TEXT_REFUSALS)
    def export(request: Request, table_id: str, authorization: Auth = None,
               format: Annotated[str, Query(pattern="^(yaml|json)$")] = "yaml") -> str:
        """The table as an encounter file whose steps replay it exactly (game master)."""
        return tables.export(table_id, seat(request, table_id, authorization),
                             as_json=format == "json")

    # -- reading a table ----------------------------------------------------------------

    @app.get("/api/tables/{table_id}/state", responses=REFUSALS)
    def state(request: Request, table_id: str, authorization: Auth = None
              ) -> dict[str, Any]:
        """The state as the seat sees it, with the seat's `version` (send it back with
        commands)."""
        return tables.state(table_id, seat(request, table_id, authorization))

    @app.get("/api/tables/{table_id}/log", response_model=LogPage, responses=REFUSALS)
    def log(request: Request, table_id: str, authorization: Auth = None,
            after: Annotated[int, Query(ge=0)] = 0,
            limit: Annotated[int, Query(ge=1, le=1000)] = 500) -> Response:
        """The seat's log lines after the first `after`, with rule ids."""
        # written from the lines' kept JSON texts: what validating and serialising a
        # LogPage would write, without decoding them (issue 25)
        return Response(tables.log_json(table_id, seat(request, table_id, authorization),
                                        after, limit), media_type="application/json")

    @app.get("/api/tables/{table_id}/options", responses=REFUSALS)
    def options(request: Request, table_id: str,
                actor: Annotated[str, Query(max_length=64)],
                authorization: Auth = None) -> list[dict[str, Any]]:
        """What a character of the seat may do now: each option's command (ready to send),
        cost, checks and exact odds."""
        return tables.options(table_id, seat(request, table_id, authorization), actor)

    @app.get("/api/tables/{table_id}/reach", responses=REFUSALS)
    def reach(request: Request, table_id: str,
              actor: Annotated[str, Query(max_length=64)],
              i: Annotated[list[int] | None, Query(max_length=64)] = None,
              authorization: Auth = None) -> dict[str, Any]:
        """A pick-up: `to` and `cost` of each of the actor's options as arrays (the order
        of `/options`), the full option only for those already built and those asked
        (`?i=3&i=7`, a hover or a click)."""
        return tables.reach(table_id, seat(request, table_id, authorization), actor,
                            list(i or []))

    @app.get("/api/tables/{table_id}/drawing", response_class=Response,
             responses={200: {"content": {"image/svg+xml": {}},
                              "description": "the map as an SVG drawing"}, **TEXT_REFUSALS})
    def drawing(request: Request, table_id: str,
                actor: Annotated[str | None, Query(max_length=64)] = None,
                authorization: Auth = None) -> Response:
        """The map drawn for the seat (hidden places never drawn for a player), with
        `actor`'s reachable places marked (`data-options`: indices into its options)."""
        svg = tables.drawing(table_id, seat(request, table_id, authorization), actor)
        return Response(svg, media_type="image/svg+xml", headers=NO_CACHE)

    @app.get("/api/tables/{table_id}/map", responses=REFUSALS)
    def space(request: Request, table_id: str, authorization: Auth = None
              ) -> dict[str, Any]:
        """The map as the seat may see it."""
        return dict(tables.space(table_id, seat(request, table_id, authorization)))

    @app.get("/api/tables/{table_id}/query/{name}", responses=REFUSALS)
    def query(request: Request, table_id: str, name: str,
              arg: Annotated[list[str] | None, Query(max_length=16)] = None,
              authorization: Auth = None) -> Any:
        """A ruleset's read-only question (`?arg=A&arg=B`), as the seat may ask it."""
        return tables.query(table_id, seat(request, table_id, authorization), name,
                            list(arg or []))

    # -- commands -----------------------------------------------------------------------

    def decided(table_id: str, client: str, secret: str | None, body: bytes
                ) -> Response:
        """A command's answer: the key checked first (a stranger's body is never read),
        then the body against its model, then decided and appended."""
        try:
            who, key = keyed_with(client, table_id, secret)
            given = CommandRequest.model_validate_json(body)
            done = tables.command(table_id, who, given.version, given.command_id,
                                  given.command, key=key)
        except ValidationError as exc:
            return invalid_body(exc.errors())
        except FootworkError as exc:
            return refusal_of(exc)
        # built here, in CommandResult's shape (the schema says so): a model validated
        # and dumped again would cost as much as deciding (issue 24); written by
        # pydantic's serialiser, as the log's lines are (seatlogs.encoded: a fifth of
        # json.dumps's time)
        return Response(encoded({"version": done.seat_version,
                                 "table_version": done.version if who.is_gm else None,
                                 "lines": done.lines, "repeated": done.repeated}),
                        media_type="application/json")

    async def command_now(table_id: str, scope: Any, receive: Any, send: Any) -> None:
        """The command route, before the framework's middleware (shortcut.py): the body
        bound, the answer and its security headers written here, as the middleware the
        other routes pass through would have."""
        try:
            body = await bounded_body(scope, receive, max_body)
        except BodyTooLarge:
            await SecurityHeaders(functools.partial(BoundedBody.refuse, max_body))(
                scope, receive, send)
            return
        if body is None:
            return  # the client went away
        try:
            # in a worker thread: deciding on the event loop itself saved the hop, but
            # every wait (the store, a table another request holds, loading one) then
            # stopped the whole process; on a loaded machine it served fewer commands
            # with a longer tail (docs/performance.md, issue 24)
            answer = await asyncio.to_thread(decided, table_id, client_of(scope),
                                             bearer_of(scope), body)
        except Exception as exc:  # a fault of the server's own: a 500, never a traceback
            answer = failure(exc)
        # the answer's own headers (its length and type, a Retry-After) and the security
        # headers, in two messages: what Response.__call__ under SecurityHeaders sends
        await send({"type": "http.response.start", "status": answer.status_code,
                    "headers": secured(answer.raw_headers)})
        await send({"type": "http.response.body", "body": answer.body})

    app.shortcut = command_now

    @app.post("/api/tables/{table_id}/commands", response_model=CommandResult,
              responses=REFUSALS)
    def command(request: Request, table_id: str, body: CommandRequest,
                authorization: Auth = None) -> Response:
        """Decide a command against your version and append it. A stale version is a 409
        and changes nothing; a repeated command id returns its first result."""
        # answered before the framework by TableServer's shortcut (command_now above):
        # this route declares it in the schema (the docstring is its description)
        return decided(table_id, client_of(request.scope), bearer(request, authorization),
                       body.model_dump_json().encode())

    @app.post("/api/tables/{table_id}/studies", responses=REFUSALS)
    def studies(request: Request, table_id: str, body: StudyRequest,
                authorization: Auth = None) -> dict[str, Any]:
        """Play the table's current state many times with seeded dice and policies (the
        game master): each figure with its confidence interval, and the plots as SVG if
        asked. Bounded by the limits study_runs and study_rounds (413 above them)."""
        return study_table(tables, table_id, seat(request, table_id, authorization), body)

    @app.get("/api/tables/{table_id}/summary", response_model=Summary, responses=REFUSALS)
    def summary(request: Request, table_id: str, authorization: Auth = None) -> Summary:
        """The encounter so far, for everyone at the table: rounds, whether (and why) it
        ended, who ended where, their falls and damage, as the seat perceives it."""
        return Summary.model_validate(
            tables.summary(table_id, seat(request, table_id, authorization)))

    @app.post("/api/tables/{table_id}/rolls", response_model=Rolls, responses=REFUSALS)
    def rolls(request: Request, table_id: str, body: RollsRequest,
              authorization: Auth = None) -> Rolls:
        """Which dice a command would roll now (nothing is kept): a page asks for faces
        rolled at the table only when `roll_due`. What a roll decides may call for
        another; a command given too few faces is refused in one line."""
        found = tables.rolls(table_id, seat(request, table_id, authorization), body.command)
        return Rolls(roll_due=bool(found), rolls=[Roll.model_validate(r) for r in found])

    # -- rules ----------------------------------------------------------------------------

    @app.post("/api/import", response_model=Imported, responses=REFUSALS,
              dependencies=[Depends(builder_key)])
    async def import_map(request: Request,
                         ruleset: Annotated[str, Query(max_length=64)],
                         cell: Annotated[float | None, Query(gt=0, le=1000)] = None,
                         name: Annotated[str, Query(max_length=200)] = "map.dd2vtt",
                         per_square: Annotated[int | None, Query(ge=1, le=8)] = None,
                         objects: Annotated[str, Query(pattern="^(block|passable)$")
                                           ] = "block") -> Imported:
        """A map made by another tool (the body: a Universal VTT file or a Foundry scene,
        raw or as the one file of a multipart form) as an encounter for ``ruleset``, with no
        actors yet; the picture is kept and its URL given (docs/import.md). Nothing is
        stored but a checked picture; the encounter is the answer's to save or open."""
        body, filename = await map_body(request)
        return await budgeted(functools.partial(
            imported_encounter, body, filename or name, ruleset,
            Choices(square=cell, per_square=per_square,
                    objects_passable=objects == "passable"), kept))

    @app.get("/api/pictures/{sha256}", response_class=Response,
             responses={200: {"content": {"image/png": {}, "image/jpeg": {}, "image/webp": {}},
                              "description": "a map's picture"}, **TEXT_REFUSALS})
    def picture(sha256: str) -> Response:
        """An imported map's picture, by the SHA-256 of its bytes (no key needed: the
        name is the content's hash)."""
        found = kept.get(sha256)
        if found is None:
            raise StarletteHTTPException(404, "no such picture")
        return Response(found[0], media_type=found[1],
                        headers={"Cache-Control": "public, max-age=31536000, immutable"})

    @app.get("/api/rulesets")
    def rulesets() -> list[dict[str, str]]:
        """The rulesets this server knows."""
        return [{"id": rid, "title": cls.title, "summary": cls.summary}
                for rid, cls in sorted(available().items())]

    @app.get("/api/rulesets/{ruleset_id}", response_class=PlainTextResponse,
             responses={200: {"content": {"text/plain": {}, "text/html": {}},
                              "description": "the documentation"}, **TEXT_REFUSALS})
    def ruleset_docs(ruleset_id: str, format: Annotated[
            str, Query(pattern="^(markdown|html)$")] = "markdown") -> Response:
        """A ruleset's documentation: Markdown, or rendered as HTML (`?format=html`)."""
        text = type(get_ruleset(ruleset_id)).readme_path().read_text(encoding="utf-8")
        if format == "html":
            return HTMLResponse(to_html(text))
        return PlainTextResponse(text)

    @app.get("/api/rules/{rule_id}", responses=REFUSALS)
    def rule(rule_id: str) -> list[dict[str, str]]:
        """A rule id in words: the passages of the rulesets' documentation citing it,
        each as Markdown (`text`) and rendered (`html`: table rows that stand alone
        written as list items; raw HTML escaped)."""
        from footwork.rulesets.explain import explain

        out = []
        for p in explain(rule_id):
            text = passage_markdown(p.text)
            out.append({"ruleset": p.ruleset, "heading": p.heading, "text": text,
                        "html": to_html(text)})
        return out

    # -- live updates -------------------------------------------------------------------

    @app.websocket("/api/tables/{table_id}/live")
    async def live(socket: WebSocket, table_id: str) -> None:
        """Pushes the seat's new log lines and version as they happen. Connect with
        `?key=SECRET&after=N` (N: the version you have) to receive what you missed,
        in order, exactly once, and `&digest=D` (the `digest` of the last message or
        state you read) so that a history taken back meanwhile is noticed. A `reset`
        message replaces the whole log (after an undo)."""
        try:
            who = preview(await asyncio.to_thread(keyed, client_of(socket.scope), table_id,
                                                  socket.query_params.get("key")),
                          socket.query_params.get("as"))
            sent = int(socket.query_params.get("after", "0"))
            had = socket.query_params.get("digest")
        except (FootworkError, ValueError) as exc:
            await socket.close(code=4401, reason=excerpt(str(exc), 100))
            return
        key = socket.query_params.get("key")
        epoch = tables.key_epoch(table_id)
        try:
            # the appends and plans of other processes, from now on (before the first
            # read below, so that none made after it is missed)
            unfollow = await asyncio.to_thread(store.follow, table_id)
        except FootworkError as exc:
            await socket.close(code=1011, reason=excerpt(str(exc), 100))
            return
        try:
            await socket.accept()
        except BaseException:
            unfollow()
            raise
        waiter = asyncio.Event()
        hub.waiters.setdefault(table_id, set()).add(waiter)
        # the plans under other pages' rulers (planned.py); a preview shares none
        listener = planned.join(table_id, who)
        sender = who if not socket.query_params.get("as") else None
        relayed: asyncio.Future[Plan] | None = None
        # what the client holds: how many of the seat's lines and their digest (None:
        # not what the seat has, a reset follows); the lines stay the table's (issue 25)
        shown: tuple[int, str | None] | None = None
        closed: asyncio.Future[Any] | None = None
        try:
            while True:
                if shown is None:
                    count, then = await asyncio.to_thread(_position, tables, table_id, who,
                                                          sent)
                    # a client whose history was taken back (an undo) starts again
                    shown = (count, then if had in (None, then) else None)
                version, total, digest, after, reset, lines = await asyncio.to_thread(
                    _seat_log, tables, table_id, who, *shown)
                if reset:
                    await socket.send_json({"type": "reset", "version": version,
                                            "digest": digest, "after": 0, "lines": lines})
                elif lines:
                    await socket.send_json({"type": "lines", "version": version,
                                            "digest": digest, "after": after,
                                            "lines": lines})
                shown = (total, digest)
                while True:  # plans come and go until the log grows
                    if closed is None:
                        closed = asyncio.ensure_future(socket.receive())
                    if relayed is None:
                        relayed = asyncio.ensure_future(listener.queue.get())
                    woken = asyncio.ensure_future(waiter.wait())
                    await asyncio.wait({closed, woken, relayed},
                                       return_when=asyncio.FIRST_COMPLETED)
                    woken.cancel()
                    if relayed.done():
                        seen = await asyncio.to_thread(as_seen, tables, table_id, who,
                                                       relayed.result())
                        relayed = None
                        if seen is not None:
                            await socket.send_json(seen.to_json())
                    if closed.done():
                        message = closed.result()
                        if message["type"] == "websocket.disconnect":
                            return
                        if len(message.get("text") or message.get("bytes") or "") > \
                                guard.frame_bytes:
                            await socket.close(code=1009,
                                               reason="a message over the frame limit")
                            return
                        closed = None
                        plan = read_plan(message.get("text"))  # else ignored
                        if plan is not None and sender is not None and await asyncio.to_thread(
                                may_send, tables, table_id, sender, plan):
                            planned.publish(table_id, listener, plan)
                            await asyncio.to_thread(planned.announce, table_id, listener,
                                                    plan)
                    if waiter.is_set():
                        break
                waiter.clear()
                if tables.key_epoch(table_id) != epoch:  # a seat's key changed: is ours?
                    epoch = tables.key_epoch(table_id)
                    if not await asyncio.to_thread(_still, tables, table_id, key, who):
                        await socket.close(code=4401, reason=KEY_CHANGED)
                        return
        except (WebSocketDisconnect, RuntimeError):
            pass
        except FootworkError as exc:  # the table was deleted, say
            await socket.close(code=4404, reason=excerpt(str(exc), 100))
        finally:
            if closed is not None:
                closed.cancel()
            if relayed is not None:
                relayed.cancel()
            hub.waiters.get(table_id, set()).discard(waiter)
            planned.leave(table_id, listener)
            unfollow()

    return app


@functools.lru_cache(maxsize=4)
def _examples(files: tuple[tuple[str, Path, int], ...]) -> tuple[Example, ...]:
    """The examples' names, rulesets and titles, read again only when a file changes
    (its modification time is part of the key): parsing them takes seconds."""
    out = []
    for name, path, _ in files:
        data = read_file(path).data
        out.append(Example(name=name, ruleset=str(data.get("ruleset", "")),
                           title=str(data.get("title", "")) or name))
    return tuple(out)


def _seat_order(item: tuple[str, str]) -> tuple[int, str]:
    """The game master's seat first, then the sides, then the characters."""
    name = item[0]
    return ({"gm": 0, "side": 1, "actor": 2}.get(name.partition(":")[0], 3), name)


def preview(seat: Seat, view_as: str | None) -> Seat:
    """The game master reading as another seat (``?as=side:NAME``): the player preview.
    Only reads take it; commands are always the game master's own."""
    if not view_as:
        return seat
    if not seat.is_gm:
        raise Forbidden("only the game master may view the table as another seat")
    return Seat.parse(view_as)


def qr_svg(text: str) -> str:
    """``text`` (a seat's link) as a QR code, an SVG element to inline in a page."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False,
                                     svgns=True, title="QR code of the link",
                                     svgclass="qr", lineclass=None)
    return out.getvalue().decode("utf-8")


#: the body of ``POST /api/tables`` in the OpenAPI schema (read by the route itself)
NEW_TABLE_SCHEMA: dict[str, Any] = NewTable.model_json_schema()


def _within(seconds: float, work: Callable[[], T]) -> T:
    """``work`` given ``seconds`` of reading at most (limits.time_budget; the budget is
    per thread, so it is set in the thread that does the work)."""
    with limits.time_budget(seconds):
        return work()


def _create(tables: Tables, raw: bytes) -> tuple[Any, dict[str, str]]:
    """Read a ``NewTable`` body and create its table (in a worker thread, within the
    reading budget of :func:`_within`)."""
    try:
        data = json.loads(raw)
    except RecursionError:
        raise FootworkError("body: nested too deeply; expected a JSON object") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise FootworkError(f"body: expected a JSON object ({excerpt(str(exc), 80)})"
                            ) from None
    try:
        body = NewTable.model_validate(data)
    except ValidationError as exc:
        raise RequestValidationError(exc.errors()) from None
    if (body.encounter is None) == (body.example is None):
        raise FootworkError("give exactly one of encounter (text) or example (a name)")
    if body.example is not None:
        path = example_files().get(body.example)
        if path is None:
            raise FootworkError(f"no example {excerpt(body.example)!r}; see /api/examples")
        text, source = initial_text(path), f"{body.example}.yaml"
    else:
        text, source = str(body.encounter), f"encounter.{body.format}"
    return tables.create(text, name=body.name, source=source, actor_seats=body.actor_seats)


#: why a live connection is closed when the game master rotated or revoked its key
KEY_CHANGED = "The game master changed this seat's key: ask for the new link"


def _still(tables: Tables, table_id: str, key: str | None, who: Seat) -> bool:
    """Whether ``key`` still opens the seat a live connection was opened for."""
    try:
        found = tables.seat_of(table_id, key)
    except FootworkError:
        return False
    return found == who or found.is_gm


def _seat_log(tables: Tables, table_id: str, seat: Seat, count: int, digest: str | None
              ) -> tuple[int, int, str, int, bool, list[dict[str, Any]]]:
    """The seat's version, line count and digest, and what a client holding ``count``
    lines fingerprinted ``digest`` lacks: ``after``, whether it is a reset, the lines."""
    table = tables.live(table_id)
    with table.lock:
        after, reset, lines = table.lines_since(seat, count, digest)
        total = table.seat_count(seat)
        return table.seat_version(seat), total, table.digest(seat, total), after, reset, lines


def _position(tables: Tables, table_id: str, seat: Seat, version: int) -> tuple[int, str]:
    """How many lines a client at ``version`` has, and their fingerprint."""
    table = tables.live(table_id)
    with table.lock:
        count = min(table.position(seat, version), table.seat_count(seat))
        return count, table.digest(seat, count)


def app_from_environment() -> FastAPI:
    """The app as `footwork serve` starts it in each worker process: FOOTWORK_DB (a
    SQLite path or a PostgreSQL URL), FOOTWORK_URL, FOOTWORK_GUARD (the limits, JSON),
    FOOTWORK_KEYS (the path of the server's keys file), FOOTWORK_ADMIN_KEY_FILE (a
    key given for this start) and FOOTWORK_PICTURES (the folder pictures are kept in):
    the secrets are read from files, never from the environment. FOOTWORK_ADMIN_KEY and
    FOOTWORK_LINK_SEED are still read when no file is named (deprecated: the
    environment of a process is readable by its owner's tools)."""
    from footwork.engine.session import settle, steady_gc
    from footwork.server.keys import keys_from_file, read_key_file

    env: MutableMapping[str, str] = os.environ
    admin, seed = env.get("FOOTWORK_ADMIN_KEY") or None, env.get("FOOTWORK_LINK_SEED") or None
    if env.get("FOOTWORK_KEYS"):
        admin, seed = keys_from_file(Path(env["FOOTWORK_KEYS"]))
    if env.get("FOOTWORK_ADMIN_KEY_FILE"):
        admin = read_key_file(env["FOOTWORK_ADMIN_KEY_FILE"])
        if env.get("FOOTWORK_ADMIN_KEY_ONCE"):  # a key given on stdin: read, then gone
            Path(env["FOOTWORK_ADMIN_KEY_FILE"]).unlink(missing_ok=True)
    guard = Guard.from_json(env["FOOTWORK_GUARD"]) if env.get("FOOTWORK_GUARD") else None
    app = create_app(open_store(env.get("FOOTWORK_DB") or None), admin_secret=admin,
                     base_url=env.get("FOOTWORK_URL", ""), link_seed=seed, guard=guard,
                     pictures=Path(env["FOOTWORK_PICTURES"]) if env.get("FOOTWORK_PICTURES")
                     else None)
    _examples(tuple((name, path, path.stat().st_mtime_ns)  # the lobby's list, read now
                    for name, path in example_files().items()))
    # what is loaded now stays: later full collections skip it, and the young generation
    # is collected less often, so options() keeps a steady latency (issue 14, item 4)
    settle()
    steady_gc()
    return app
