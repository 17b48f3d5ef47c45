"""`footwork`: run, inspect, play and draw encounter files.

Exit codes: 0 all good; 1 an expectation failed or a command was refused;
2 the input is invalid (file, ruleset, actor...). Errors are one line, never a
traceback.

Files come from strangers: whatever they name (ids, places, titles, the file's
own path) reaches rich only as :class:`~rich.text.Text` or with ``markup=False``,
and the consoles substitute no emoji, so ``pier[/i]`` or ``:100:`` print as typed.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from footwork import limits
from footwork.engine.choices import answer_option, consequence_of
from footwork.engine.seats import Seat
from footwork.errors import FootworkError, IllegalCommand
from footwork.rulesets import available, get_ruleset
from footwork.scenario import Encounter, json_schema, load_encounter, play

app = typer.Typer(
    name="footwork",
    help="Tactical movement rules, enforced and explained by rule id.",
    epilog=(
        "Exit codes: 0 all good; 1 a step was refused or an expectation failed; 2 the "
        "input is invalid. Try: footwork run examples/spans/boarding-action.yaml"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False, soft_wrap=True, emoji=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)

T = TypeVar("T")


#: the commands that compile the grid searches: the long-lived ones, which ask many searches
#: and so gain from it, and `doctor`, which checks it
LONG_LIVED = ("serve", "play", "doctor")


@app.callback()
def _settings(
    ctx: typer.Context,
    limit: Annotated[list[str] | None, typer.Option(
        "--limit", metavar="NAME=N",
        help="raise or lower a limit on what a file may ask for (repeatable): "
        "file_bytes, nodes, nesting, actors, steps, places, zones, vertices, cells, "
        "odds_work, map_file_bytes, map_points, picture_bytes, picture_pixels; see "
        "docs/limits.md")] = None,
) -> None:
    """Tactical movement rules, enforced and explained by rule id."""
    if ctx.invoked_subcommand not in LONG_LIVED and "FOOTWORK_COMPILED" not in os.environ:
        # a one-shot command asks a search or two: compiling a kernel beside it (numba
        # holds the interpreter while it compiles) would only make it wait
        from footwork.space import compiled

        compiled.set_policy("off")
        ctx.call_on_close(lambda: compiled.set_policy(None))
    if limit:
        ctx.call_on_close(limits.set_current(guarded(lambda: limits.parse_settings(limit))))


SeatOpt = Annotated[str, typer.Option(
    "--seat", help="whose view: gm (everything), players, side:NAME or actor:ID; a player "
    "seat receives nothing that is hidden from it")]
FileArg = Annotated[Path, typer.Argument(help="an encounter file (.yaml, .yml or .json)")]


def _fail(message: str, code: int) -> typer.Exit:
    # a file with several faults reports each on its own line
    for line in message.splitlines() or [""]:
        err.print(f"error: {line}", markup=False)
    return typer.Exit(code)


def guarded(body: Callable[[], T]) -> T:
    """Run a command body; a FootworkError becomes one line on stderr and exit 2."""
    try:
        return body()
    except IllegalCommand as exc:
        raise _fail(str(exc), 1) from None
    except FootworkError as exc:
        raise _fail(str(exc), 2) from None


StepsOpt = Annotated[
    int | None,
    typer.Option("--steps", min=0, help="play only the first N steps of the file"),
]


def _played(file: Path, steps: int | None = None, *, strict: bool = True
            ) -> tuple[Encounter, Any]:
    """Load and play a file. With ``strict``, a step that was refused (play stopped
    short of what the file describes) is an error: exit 1."""
    encounter = load_encounter(file)
    for warning in encounter.warnings:
        err.print(f"warning: {warning}", markup=False)
    if steps is not None:
        if steps > len(encounter.steps):
            count = len(encounter.steps)
            raise _fail(f"--steps {steps}: {file} has {count} step{'' if count == 1 else 's'}"
                        f"; give at most --steps {count}", 2)
        encounter = replace(encounter, steps=encounter.steps[:steps])
    outcome = play(encounter)
    if strict and outcome.stopped:
        for failure in outcome.failures:
            err.print(f"FAIL {failure}", markup=False)
        raise _fail(f"{file}: play stopped at a refused step; see --steps to look before it",
                    1)
    return encounter, outcome

def _seat_in(file: Path, seat: Seat, encounter: Encounter, state: Any) -> Seat:
    """Refuse a side or actor seat that names nobody in the file (a typo would otherwise
    show an empty view, or say the seat commands no one); the seat otherwise."""
    if seat.kind not in ("side", "actor"):
        return seat
    actors = [*encounter.initial.actors.values(), *state.actors.values()]
    names = dict.fromkeys(a.side if seat.kind == "side" else a.id for a in actors)
    if seat.name not in names:
        raise _fail(f"{file}: seat {seat}: no {seat.kind} {seat.name!r} in the file; "
                    f"expected one of: {', '.join(names)}", 2)
    return seat


@app.command()
def run(
    file: FileArg,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="print only failures")] = False,
) -> None:
    """Play the file's steps, print the log, and check every expectation."""

    def body() -> int:
        encounter, outcome = _played(file, strict=False)
        if not quiet:
            for entry in outcome.session.to_json()["log"]:
                rules = f"  [{', '.join(entry['rules'])}]" if entry["rules"] else ""
                out.print(Text.assemble("  ", entry["text"], (rules, "dim")))
            for message in outcome.messages:
                out.print(Text(message, style="dim"))
            if outcome.session.state.ended:  # the end of the encounter, in a few lines
                from footwork.summary import summary, summary_lines

                for i, line in enumerate(summary_lines(summary(outcome.session))):
                    out.print(Text(("" if i == 0 else "  ") + line,
                                   style="bold" if i == 0 else ""))
        for failure in outcome.failures:
            err.print(f"FAIL {failure}", markup=False)
        if outcome.ok:
            count = sum(1 for s in encounter.steps if s.kind != "command")
            out.print(f"ok: {encounter.name}: {len(encounter.steps)} steps, {count} checks hold",
                      markup=False)
            return 0
        return 1

    code = guarded(body)
    raise typer.Exit(code)


@app.command()
def state(
    file: FileArg,
    log: Annotated[bool, typer.Option(help="include the event log")] = True,
    steps: StepsOpt = None,
    view: Annotated[str, typer.Option(
        "--view", "--seat", help="whose view: gm (everything), players (what players see), "
        "side:NAME or actor:ID")] = "gm",
) -> None:
    """Print the state JSON after the file's steps."""

    def body() -> None:
        seat = Seat.parse(view)
        encounter, outcome = _played(file, steps, strict=False)
        _seat_in(file, seat, encounter, outcome.session.state)
        body = outcome.session.to_json(log=log, view=seat)
        sys.stdout.write(json.dumps(body, indent=2) + "\n")
        for failure in outcome.failures:
            err.print(f"FAIL {failure}", markup=False)
        if outcome.stopped:
            raise typer.Exit(1)

    guarded(body)


@app.command()
def options(
    file: FileArg,
    actor: Annotated[str | None, typer.Option(
        "--actor", "-a", help="the actor's id (default: whoever is to move: the one a "
        "pending decision asks, else the one whose turn it is)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    steps: StepsOpt = None,
    seat: SeatOpt = "gm",
) -> None:
    """Show what an actor can do after the file's steps: destinations, costs, odds."""

    def body() -> None:
        nonlocal actor
        viewer = Seat.parse(seat)
        encounter, outcome = _played(file, steps)
        session = outcome.session
        _seat_in(file, viewer, encounter, session.state)
        gm = session.engine.ruleset.gm
        if actor is None:
            state = session.state
            if state.ended:
                raise _fail(f"{file}: the encounter is over: nobody is to move", 1)
            actor = state.pending.actor if state.pending is not None else state.current
        view = session.view(viewer)
        known = [a for a in session.state.actors if view.known(session.state, a)]
        if actor not in known and actor != gm:
            raise _fail(f"{file}: no actor {actor!r}; expected one of: "
                        f"{', '.join([*known, gm])}", 2)
        if not viewer.is_gm and not viewer.controls(session.state, actor):
            raise _fail(f"{file}: seat {viewer} does not command {actor!r}", 2)
        found = view.options(session.state, actor)
        pending = session.state.pending
        if pending is not None and pending.actor == actor:
            # an answer shows what it does (its label, cost and risk: issue 13, item 9)
            found = tuple(answer_option(pending, str(o.command["answer"])) for o in found)
        if as_json:
            sys.stdout.write(json.dumps([o.to_json() for o in found], indent=2) + "\n")
            return
        out.print(options_table(session, actor, found))

    guarded(body)


def options_table(session: Any, actor: str, found: Any) -> Table | Text:
    """The actor's options; every cell is plain text, never read as markup."""
    if not found:
        return Text(f"{actor} can do nothing now (it is {session.state.current}'s turn).")
    table = Table(title=Text(f"what {actor} can do", style="table.title"), show_lines=False)
    for col in ("option", "to", "cost", "checks and exact odds", "risk", "rules"):
        table.add_column(col, overflow="fold")
    pending = session.state.pending
    for option in found:
        shown = option.checks
        choice = option.command.get("answer")
        if pending is not None and isinstance(choice, str):
            said = consequence_of(pending, choice)  # the dice that follow the answer
            shown = said.checks if said is not None else ()
        checks = "; ".join(c.describe() for c in shown)
        table.add_row(*(Text(cell) for cell in (option.label, option.to or "", option.cost,
                                                checks, option.risk.describe(),
                                                ", ".join(option.rules))))
    return table


@app.command(name="play")
def play_cmd(
    file: FileArg,
    save: Annotated[Path | None, typer.Option(
        help="where `save` writes by default (default: a new numbered file in the saves "
        "folder of your data directory; an existing file is replaced only after a yes)")]
    = None,
    from_start: Annotated[bool, typer.Option(
        "--from-start", help="start from the initial state instead of going on after the "
        "file's steps")] = False,
) -> None:
    """Play the encounter in the terminal, going on after the file's steps (a saved game
    resumes where it stopped)."""
    from footwork.cli.interactive import run_interactive

    def body() -> None:
        encounter = load_encounter(file)
        for warning in encounter.warnings:
            err.print(f"warning: {warning}", markup=False)
        run_interactive(encounter, save, resume=not from_start)

    guarded(body)


@app.command(name="import")
def import_(
    source: Annotated[Path, typer.Argument(
        help="a map file: Universal VTT (.dd2vtt, .df2vtt, .uvtt) or a Foundry scene "
             "(.json)")],
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help="the ruleset whose map "
                                         "to build: styles, allowances, sitemaps, "
                                         "cultivation or spans")],
    output: Annotated[Path, typer.Option("-o", "--output",
                                         help="the encounter file to write (.yaml)")],
    cell: Annotated[float | None, typer.Option(
        "--cell", help="the side of one square of the map's grid in the ruleset's unit "
        "(default: styles 1 u, the others 1.5 m)")] = None,
    per_square: Annotated[int | None, typer.Option(
        "--per-square", min=1, max=8, help="on a grid (styles, allowances): cells a side "
        "of one square (default 1: walls are edges between cells)")] = None,
    wall_height: Annotated[float | None, typer.Option(
        "--wall-height", help="not read on grids any more (walls are edges no step "
        "crosses); kept so that older commands still run")
    ] = None,
    objects: Annotated[str, typer.Option(
        "--objects", help="block: pillars and other obstacles block movement (default); "
        "passable: they are walked through")] = "block",
    picture: Annotated[Path | None, typer.Option(
        "--picture", help="the map's picture, when the file does not hold it (a Foundry "
        "scene names its picture by path)")] = None,
) -> None:
    """Import a map made by another tool into an encounter file (no actors yet): walls,
    doors, windows and obstacles become the ruleset's map, the picture is written beside
    it and drawn under the map; see docs/import.md."""
    from footwork.cli.importing import import_map
    from footwork.space.floorplan import Choices

    def body() -> None:
        if objects not in ("block", "passable"):
            raise _fail(f"--objects {objects!r}: expected block or passable", 2)
        for name, value in (("--cell", cell), ("--wall-height", wall_height)):
            if value is not None and not 0 < value <= 1000:
                raise _fail(f"{name} {value:g}: expected a length above 0 (at most 1000)", 2)
        choices = Choices(square=cell, per_square=per_square, wall_height=wall_height,
                          objects_passable=objects == "passable")
        for path in import_map(source, output, ruleset, choices, picture=picture):
            out.print(f"wrote {path}", markup=False)

    guarded(body)


def _picture_href(file: Path, output: Path, session: Any, viewer: Seat) -> str | None:
    """The map's picture (a file beside the encounter) as seen from the drawing's folder;
    None when the map has none or the file is missing (a warning says so)."""
    ref = session.view(viewer).space_json(session.state).get("picture")
    if not isinstance(ref, dict) or not isinstance(ref.get("file"), str):
        return None
    picture = file.parent / ref["file"]
    if not picture.is_file():
        err.print(f"warning: {picture}: the map's picture is missing; drawn without it",
                  markup=False)
        return None
    return Path(os.path.relpath(picture.resolve(), output.resolve().parent)).as_posix()


@app.command()
def render(
    file: FileArg,
    output: Annotated[Path, typer.Option("-o", "--output",
                                         help="the SVG file to write (its name ends in .svg)")],
    actor: Annotated[str | None, typer.Option(help="draw this actor's options")] = None,
    steps: StepsOpt = None,
    seat: SeatOpt = "gm",
) -> None:
    """Draw the map, the actors, and optionally one actor's options, as SVG."""
    from footwork.draw import render_svg

    def body() -> None:
        if output.suffix.lower() != ".svg":
            shown = f"a {output.suffix} file" if output.suffix else "a file without .svg"
            raise _fail(f"{output}: render writes SVG, not {shown}; name the output "
                        "something.svg (a browser or an image tool converts it)", 2)
        viewer = Seat.parse(seat)
        encounter, outcome = _played(file, steps)
        session = outcome.session
        _seat_in(file, viewer, encounter, session.state)
        if actor is not None and (actor not in session.state.actors or not session.view(
                viewer).known(session.state, actor)):
            raise _fail(f"{file}: no actor {actor!r}", 2)
        try:
            svg = render_svg(session, actor, viewer,
                             picture=_picture_href(file, output, session, viewer))
            output.write_text(svg, encoding="utf-8")
        except OSError as exc:
            raise _fail(f"{output}: cannot write the SVG: {exc.strerror}", 2) from None
        out.print(f"wrote {output}", markup=False)

    guarded(body)


@app.command()
def query(
    file: FileArg,
    name: Annotated[str | None, typer.Argument(help="the query; leave out to list them")]
    = None,
    args: Annotated[list[str] | None, typer.Argument(help="the query's arguments")] = None,
    steps: StepsOpt = None,
    seat: SeatOpt = "gm",
) -> None:
    """Ask a ruleset's question about the state after the file's steps (e.g. range a b)."""

    def body() -> None:
        encounter, outcome = _played(file, steps)
        found = encounter.ruleset.queries()
        if name is None:
            for qname, each in sorted(found.items()):
                out.print(f"{qname} {' '.join(each.params)}: {each.help}", markup=False)
            return
        q = found.get(name)
        if q is None:
            known = ", ".join(sorted(found)) or "none"
            raise _fail(f"{encounter.ruleset.id} has no query {name!r}; expected one of: "
                        f"{known}", 2)
        given = list(args or [])
        if len(given) != len(q.params):
            raise _fail(f"{name} takes {len(q.params)} argument(s): {' '.join(q.params)}", 2)
        session = outcome.session
        viewer = _seat_in(file, Seat.parse(seat), encounter, session.state)
        answer = session.view(viewer).query(session.state, name, given)
        sys.stdout.write(json.dumps(answer, indent=2) + "\n")

    guarded(body)


@app.command()
def simulate(
    file: FileArg,
    runs: Annotated[int, typer.Option("--runs", min=1, help="how many runs (each seeded "
                                      "from --seed and its index)")],
    rounds: Annotated[int, typer.Option("--rounds", min=0, help="rounds played by the "
                                        "policies after the file's steps")] = 2,
    policy: Annotated[list[str] | None, typer.Option(
        "--policy", metavar="[WHO=]SPEC",
        help="random, cautious, toward:PLACE or module:function; WHO is an actor id or "
        "side:NAME (repeatable; default random)")] = None,
    seed: Annotated[int | None, typer.Option(help="the study's seed (default: the "
                                             "file's)")] = None,
    vary: Annotated[str | None, typer.Option(
        "--vary", metavar="PATH=V1,V2", help="one study per value of a ruleset option "
        "(climb.fail_falls) or actors.ID.stats.NAME, side by side")] = None,
    workers: Annotated[int | None, typer.Option(min=1, max=256, help="worker processes "
                                                "(or dask workers with --scheduler local); "
                                                "default: none, the runs are played in "
                                                "this process")]
    = None,
    scheduler: Annotated[str | None, typer.Option(
        help="a dask.distributed scheduler address, or local for a LocalCluster")] = None,
    out_path: Annotated[Path | None, typer.Option(
        "--out", help="write the runs to a .csv or .parquet file (figures beside it)")]
    = None,
    plot: Annotated[Path | None, typer.Option(
        "--plot", metavar="DIR", help="write a histogram and a heat map of where actors "
        "ended (PNG and SVG)")] = None,
    confidence: Annotated[float, typer.Option(min=0.5, max=0.9999, help="the intervals' "
                                              "confidence")] = 0.95,
    steps: Annotated[int | None, typer.Option(
        "--steps", min=0, help="play only the file's first N steps (0: the policies play "
        "from the start)")] = None,
) -> None:
    """Play FILE many times with seeded dice and policies: where actors end, how often
    they reach a place, damage, falls, checks, with confidence intervals."""
    from footwork.cli.simulate import run as run_study

    def body() -> int:
        try:
            return run_study(file, runs=runs, rounds=rounds, policy=policy or [], seed=seed,
                             vary=vary, workers=workers, scheduler=scheduler,
                             out_path=out_path, plot=plot, confidence=confidence,
                             out=out, err=err, steps=steps)
        except KeyboardInterrupt:
            raise _fail("interrupted before any run finished", 130) from None

    code = guarded(body)
    if code:
        raise typer.Exit(code)


@app.command()
def serve(
    db: Annotated[str | None, typer.Option(
        help="a SQLite file or a postgresql:// URL (default: footwork.db in the user's data "
        "folder)")] = None,
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="the port")] = 8000,
    workers: Annotated[int, typer.Option(
        min=1, max=64, help="server processes (more than one needs PostgreSQL; there, one "
        "more than the machine's cores serves the most commands: docs/server.md)")] = 1,
    admin_key_file: Annotated[str | None, typer.Option(
        "--admin-key-file", metavar="PATH",
        help="read the game master's key for every table from this file (mode 600; its "
        "first line), or from stdin with - (default: the one kept in the data folder, "
        "made on the first start)")] = None,
    admin_key: Annotated[str | None, typer.Option(
        hidden=True, help="deprecated: the key on the command line shows in ps; use "
        "--admin-key-file")] = None,
    new_key: Annotated[bool, typer.Option(
        "--new-key", help="make a new game master's key (the old one stops working; seat "
        "links keep working)")] = False,
    open_lobby: Annotated[bool, typer.Option(
        "--open-lobby", help="let anyone create tables (each address at most "
        "--tables-per-client a day, counted in the store by every worker) and use the "
        "builder and the map import; by default these need the game master's key")] = False,
    tables_per_client: Annotated[int, typer.Option(
        min=1, help="with --open-lobby: tables one address may create in a day")] = 10,
    table_bytes: Annotated[int, typer.Option(
        min=10_000, help="bytes a table's log may hold; commands past it are refused "
        "(413 table_full)")] = 2_000_000,
    body_bytes: Annotated[int, typer.Option(
        min=10_000, help="bytes of a request body (an encounter file's text)")] = 1_000_000,
    parse_seconds: Annotated[float, typer.Option(
        min=0.1, help="seconds the server spends reading one encounter (a new table, the "
        "builder's) before refusing it (413 too_costly)")] = 2.0,
    frame_bytes: Annotated[int, typer.Option(
        min=1_024, help="bytes of a WebSocket message from a client")] = 16_384,
    wrong_keys: Annotated[int, typer.Option(
        min=1, help="wrong keys one address may send in a minute, to any worker (then "
        "429 with Retry-After)")] = 20,
    cache_bytes: Annotated[int, typer.Option(
        min=1_000_000, help="bytes of loaded tables kept in memory (the least recently "
        "used are dropped, and read again from the store when asked for)")] = 300_000_000,
) -> None:
    """Serve tables over HTTP and WebSocket: the game master and players on their devices."""
    import os

    from footwork.server.guard import Guard
    from footwork.server.keys import (
        data_folder,
        drop_stale_given_keys,
        keep_given_key,
        load_keys,
        read_key_file,
    )
    from footwork.server.tables import Tables, example_files, initial_text
    from footwork.server.workers import listening_socket
    from footwork.server.workers import serve as serve_workers
    from footwork.store import open_store

    guard = Guard(open_lobby=open_lobby, tables_per_client=tables_per_client,
                  table_bytes=table_bytes, body_bytes=body_bytes,
                  parse_seconds=parse_seconds, frame_bytes=frame_bytes,
                  wrong_keys=wrong_keys, cache_bytes=cache_bytes)
    given: Path | None = None

    def body() -> None:
        nonlocal given
        if workers > 1 and not (db or "").startswith(("postgresql://", "postgres://")):
            raise _fail("--workers above 1 needs a PostgreSQL --db (processes share it)", 2)
        try:  # first: a port in use fails before anything is made
            sock = listening_socket(host, port)
        except OSError as exc:  # the port is taken, the address is not this machine's...
            raise _fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}", 2) from None
        if admin_key and admin_key_file:
            raise _fail("give the key once: --admin-key-file (--admin-key is deprecated)", 2)
        key_given = read_key_file(admin_key_file) if admin_key_file else admin_key
        if admin_key:
            err.print("warning: --admin-key shows the key to anyone who lists processes "
                      "(ps); use --admin-key-file PATH (mode 600) or --admin-key-file - "
                      "(stdin)", markup=False)
        store = open_store(db)  # opened once here: a bad --db fails before serving
        where = str(getattr(store, "path", None) or "PostgreSQL")
        path = getattr(store, "path", None)  # SQLite: its keys live beside the database
        folder = Path(str(path)).resolve().parent if path else data_folder(db)
        keys = load_keys(folder, new_key=new_key)
        if not store.tables():
            made = Tables(store, link_seed=keys.link_seed)
            for name, path in example_files().items():
                made.create(initial_text(path), source=f"{name}.yaml")
        store.close()
        key = key_given or keys.gm_key
        url = f"http://{_address(host)}:{sock.getsockname()[1]}"  # --port 0: the one given
        # the worker processes read the keys from files: nothing secret in their
        # environment or command line (ps shows both)
        environment = {"FOOTWORK_DB": db or "", "FOOTWORK_URL": url,
                       "FOOTWORK_KEYS": str(keys.path), "FOOTWORK_GUARD": guard.to_json(),
                       # imported maps' pictures, by their hash, beside the keys
                       "FOOTWORK_PICTURES": str(folder / "pictures")}
        drop_stale_given_keys(folder)  # a killed server's, never a running one's
        if admin_key_file and admin_key_file != "-":
            environment["FOOTWORK_ADMIN_KEY_FILE"] = str(Path(admin_key_file).resolve())
        elif key_given:
            # stdin (or the deprecated --admin-key): kept in a file of the data folder for
            # the workers; one process removes it as soon as it read it
            given = keep_given_key(folder, key_given)
            environment["FOOTWORK_ADMIN_KEY_FILE"] = str(given)
            if workers == 1:
                environment["FOOTWORK_ADMIN_KEY_ONCE"] = "1"
        for stale in ("FOOTWORK_ADMIN_KEY", "FOOTWORK_LINK_SEED", "FOOTWORK_ADMIN_KEY_FILE",
                      "FOOTWORK_ADMIN_KEY_ONCE"):
            os.environ.pop(stale, None)
        os.environ.update(environment)
        out.print(f"footwork serves {len(example_files())} examples and your tables from "
                  f"{where}", markup=False)
        out.print(f"  the lobby:                 {url}/", markup=False)
        out.print(f"  game master (every table): {url}/?key={key}", markup=False)
        kept = ("given for this start" if key_given else
                f"{'new, ' if keys.fresh else ''}kept in {keys.path}; "
                "footwork serve --new-key makes another")
        out.print(f"    the key is {kept}", markup=False)
        out.print(f"  the API:                   {url}/openapi.json", markup=False)
        out.print(f"  {_warm_grid_searches(workers)}", markup=False)
        if open_lobby:
            out.print(f"  open lobby: anyone may create {tables_per_client} tables a day",
                      markup=False)
        serve_workers(sock, workers, ws_max_size=guard.frame_bytes)

    try:
        guarded(body)
    finally:
        if given is not None:
            given.unlink(missing_ok=True)


def _warm_grid_searches(workers: int = 1) -> str:
    """Start compiling the grid rulesets' searches in the background (from the disk cache
    when warm), so that the first tables are searched compiled; the line that says so.

    With several workers the supervisor serves nothing: numba loaded in it would hold
    over 100 MB for no table. A child process (`footwork doctor`) fills the disk cache
    instead, and each worker loads the kernels from it at its first grid search."""
    if workers > 1:
        return _warm_grid_cache()
    import threading
    import time

    from footwork.rulesets.allowances import fastreach as allowances_fast
    from footwork.rulesets.styles import fastreach as styles_fast
    from footwork.space import compiled

    line = compiled.report()
    if compiled.policy() != "off" and compiled.numba_version() is not None:
        started = time.perf_counter()
        styles_fast.warm_up()
        allowances_fast.warm_up()

        def done() -> None:  # says when the searches turn compiled
            compiled.wait()
            took = time.perf_counter() - started
            verdict = ("ready: grids are searched compiled" if compiled.compiled_all()
                       else "failed: grids are searched in pure Python")
            out.print(f"  compiled search: {verdict} ({took:.1f} s)", markup=False)

        threading.Thread(target=done, name="footwork-compiled-report", daemon=True).start()
        line += " (compiling in the background; the pure search answers meanwhile)"
    return line


def _warm_grid_cache() -> str:
    """Fill the compiled searches' disk cache in a child process (`footwork doctor`), and
    say when it is done; the line that says it started."""
    import subprocess
    import sys
    import threading
    import time

    from footwork.space import compiled  # the policy only: numba is not imported here

    if compiled.policy() == "off":
        return "compiled search: off (FOOTWORK_COMPILED=off): pure-Python searches"
    started = time.perf_counter()
    try:
        child = subprocess.Popen(
            [sys.executable, "-c", "from footwork.cli.app import main; main()", "doctor"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
    except OSError as exc:
        return f"compiled search: the kernel cache could not be filled ({exc})"

    def done() -> None:  # says what the child found
        said, _ = child.communicate()
        took = time.perf_counter() - started
        kernels = [line for line in said.splitlines() if line.startswith("grid kernels:")]
        if kernels and "ready" in kernels[-1]:
            line = ("compiled search: ready: the kernels are in the cache; each worker "
                    f"loads them at its first grid search ({took:.1f} s)")
        elif kernels:
            line = f"compiled search: failed: grids are searched in pure Python ({took:.1f} s)"
        else:  # numba cannot be imported: doctor's one line says so
            line = (said.strip().splitlines() or ["compiled search: no answer"])[0]
        out.print(f"  {line}", markup=False)

    threading.Thread(target=done, name="footwork-compiled-report", daemon=True).start()
    return ("compiled search: filling the kernel cache in the background (a child "
            "process; the pure search answers meanwhile)")


@app.command()
def doctor() -> None:
    """Check the install: whether the grid searches run compiled (numba), where compiled
    code is cached, and how long loading it takes (a first run compiles: about a minute,
    a few on a busy machine)."""
    import time

    from footwork.rulesets.allowances import fastreach as allowances_fast
    from footwork.rulesets.styles import fastreach as styles_fast
    from footwork.space import compiled

    out.print(compiled.report(), markup=False)
    if compiled.policy() == "off" or compiled.numba_version() is None:
        return
    folder = compiled.cache_dir()
    started = time.time()
    t0 = time.perf_counter()
    ready = styles_fast.compiled() and allowances_fast.compiled()
    took = time.perf_counter() - t0
    # numba writes a cache file whenever it compiles; loading from the cache writes none
    fresh = folder.is_dir() and any(p.stat().st_mtime >= started - 1
                                    for p in folder.rglob("*.nbc"))
    if not ready:
        out.print("grid kernels: failed to compile: the pure-Python searches answer",
                  markup=False)
        return
    how = ("compiled and cached (the next process loads them)" if fresh
           else "loaded from the cache")
    out.print(f"grid kernels: ready, {how}, in {took:.1f} s", markup=False)


def _address(host: str) -> str:
    """How other devices reach a server listening on ``host``: its address on the local
    network when it listens on every interface (so that the links and QR codes work
    from a phone), else ``localhost`` for the loopback, else ``host`` itself."""
    if host in ("0.0.0.0", "::"):
        import socket

        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("192.0.2.1", 9))  # picks the outgoing interface; sends nothing
                found = str(probe.getsockname()[0])
            if not found.startswith("127."):
                return found
        except OSError:
            pass
        return "localhost"
    if host in ("127.0.0.1", "::1", "localhost"):
        return "localhost"
    return f"[{host}]" if ":" in host else host


@app.command()
def rulesets(
    ruleset: Annotated[str | None, typer.Argument(help="show this ruleset's documentation")]
    = None,
) -> None:
    """List the rulesets, or show one ruleset's whole documentation (paged when long)."""
    if ruleset is not None:
        cls = type(guarded(lambda: get_ruleset(ruleset)))
        try:
            text = cls.readme_path().read_text(encoding="utf-8")
        except OSError as exc:
            raise _fail(f"cannot read the documentation of {ruleset!r}: "
                        f"{exc.strerror or exc}", 2) from None
        show_markdown(text)
        return
    for rid, cls in sorted(available().items()):  # third-party rulesets register here too
        out.print(Text.assemble((rid, "bold"), f" — {cls.title}"))
        out.print(f"  {cls.summary}", markup=False)
        out.print(f"  docs: footwork rulesets {rid}  ({cls.readme_path()})", markup=False)


def show_markdown(text: str) -> None:
    """A Markdown document in full: wrapped to the terminal (never cut at its edge), and
    through the pager ($PAGER, else less) when it is longer than a terminal screen."""
    import os

    from rich.markdown import Markdown

    console = Console(highlight=False, emoji=False)  # wraps: no line is cut
    document = Markdown(text)
    if console.is_terminal and not console.is_dumb_terminal:
        lines = console.render_lines(document, console.options, pad=False)
        if len(lines) > console.size.height:
            os.environ.setdefault("LESS", "-FRX")  # less: colours, quit if it fits
            with console.pager(styles=True):
                console.print(document)
            return
    console.print(document)


@app.command()
def schema(
    ruleset: Annotated[str, typer.Option(help="the ruleset whose encounter files to describe")]
    = "spans",
    api: Annotated[bool, typer.Option(
        "--api", help="print the table server's OpenAPI schema instead")] = False,
    state: Annotated[bool, typer.Option(
        "--state", help="print the schema of the state JSON (footwork state) instead")] = False,
    option: Annotated[bool, typer.Option(
        "--option", help="print the schema of one option (footwork options --json) "
        "instead")] = False,
    event: Annotated[bool, typer.Option(
        "--event", help="print the schema of one event of the log instead")] = False,
) -> None:
    """Print the JSON Schema of encounter files (or of the state, an option, an event; or,
    with --api, the server's OpenAPI)."""
    from footwork.scenario.schemas import event_schema, option_schema, state_schema

    chosen = [flag for flag, on in (("--api", api), ("--state", state), ("--option", option),
                                    ("--event", event)) if on]
    if len(chosen) > 1:
        raise _fail(f"{' and '.join(chosen)}: give at most one of --api, --state, --option, "
                    "--event", 2)
    if api:
        import tempfile

        from footwork.server.app import create_app
        from footwork.store.sqlite import SQLiteStore

        with tempfile.TemporaryDirectory() as folder:  # a throwaway store: only the schema
            store = SQLiteStore(Path(folder) / "schema.db")
            document = create_app(store).openapi()
            store.close()
        sys.stdout.write(json.dumps(document, indent=2) + "\n")
        return
    if option:  # the same for every ruleset
        sys.stdout.write(json.dumps(option_schema(), indent=2) + "\n")
        return
    rs = guarded(lambda: get_ruleset(ruleset))
    document = state_schema(rs) if state else event_schema(rs) if event else json_schema(rs)
    sys.stdout.write(json.dumps(document, indent=2) + "\n")


@app.command()
def rules(
    rule_id: Annotated[str, typer.Argument(help="a rule id from a log, e.g. R003-04")],
) -> None:
    """Explain a rule id in words: where its ruleset's documentation explains it."""
    from footwork.rulesets.explain import explain

    found = guarded(lambda: explain(rule_id))
    if not found:
        raise _fail(f"no ruleset explains {rule_id!r}; the ids are listed in each "
                    "ruleset's README (footwork rulesets ID)", 2)
    from footwork.markdown import passage_markdown

    show_markdown("\n\n".join(f"## {p.ruleset} — {p.heading}\n\n{passage_markdown(p.text)}"
                                for p in found))


def main() -> None:
    """Console entry point. A mistyped command line (an unknown option or command, a
    value out of range, a missing argument) is one line on stderr and exit 2, like any
    other bad input, rather than click's boxed usage text."""
    # typer vendors click in recent versions: find its exception classes through typer
    click_error = _click_class("ClickException")
    usage_error = _click_class("UsageError")
    try:
        result = app(prog_name="footwork", standalone_mode=False)
    except usage_error as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            out.print(ctx.get_help(), markup=False)  # `footwork` alone: the help
            raise SystemExit(0) from None
        where = ctx.command_path if ctx is not None else "footwork"
        err.print(f"error: {where}: {one_line(exc)}; see {where} --help", markup=False)
        raise SystemExit(2) from None
    except click_error as exc:
        err.print(f"error: {one_line(exc)}", markup=False)
        raise SystemExit(getattr(exc, "exit_code", 1)) from None
    except typer.Abort:
        err.print("aborted", markup=False)
        raise SystemExit(1) from None
    raise SystemExit(result if isinstance(result, int) else 0)


def _click_class(name: str) -> type[Exception]:
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == name)


def one_line(exc: Exception) -> str:
    """click's message on one line, without its trailing full stop."""
    formatted = getattr(exc, "format_message", None)
    text = formatted() if callable(formatted) else str(exc)
    return " ".join(str(text).split()).rstrip(".")
