"""`footwork`: run, inspect, play and draw encounter files.

Exit codes: 0 all good; 1 an expectation failed or a command was refused;
2 the input is invalid (file, ruleset, actor...). Errors are one line, never a
traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from footwork.errors import FootworkError, IllegalCommand
from footwork.rulesets import available, get_ruleset
from footwork.scenario import Encounter, json_schema, load_encounter, play

app = typer.Typer(
    name="footwork",
    help="Tactical movement rules, enforced and explained by rule id.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

T = TypeVar("T")
FileArg = Annotated[Path, typer.Argument(help="an encounter file (.yaml, .yml or .json)")]


def _fail(message: str, code: int) -> typer.Exit:
    err.print(f"error: {message}", markup=False)
    return typer.Exit(code)


def guarded(body: Callable[[], T]) -> T:
    """Run a command body; a FootworkError becomes one line on stderr and exit 2."""
    try:
        return body()
    except IllegalCommand as exc:
        raise _fail(str(exc), 1) from None
    except FootworkError as exc:
        raise _fail(str(exc), 2) from None


def _played(file: Path) -> tuple[Encounter, Any]:
    encounter = load_encounter(file)
    return encounter, play(encounter)


@app.command()
def run(
    file: FileArg,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="print only failures")] = False,
) -> None:
    """Play the file's steps, print the log, and check every expectation."""

    def body() -> int:
        encounter, outcome = _played(file)
        if not quiet:
            for entry in outcome.session.to_json()["log"]:
                rules = f"  [{', '.join(entry['rules'])}]" if entry["rules"] else ""
                out.print(f"  {entry['text']}[dim]{rules}[/dim]")
            for message in outcome.messages:
                out.print(f"[dim]{message}[/dim]", markup=True)
        for failure in outcome.failures:
            err.print(f"FAIL {failure}", markup=False)
        if outcome.ok:
            count = sum(1 for s in encounter.steps if s.kind != "command")
            out.print(f"ok: {encounter.name}: {len(encounter.steps)} steps, {count} checks hold")
            return 0
        return 1

    code = guarded(body)
    raise typer.Exit(code)


@app.command()
def state(
    file: FileArg,
    log: Annotated[bool, typer.Option(help="include the event log")] = True,
) -> None:
    """Print the state JSON after the file's steps."""

    def body() -> None:
        _, outcome = _played(file)
        sys.stdout.write(json.dumps(outcome.session.to_json(log=log), indent=2) + "\n")
        for failure in outcome.failures:
            err.print(f"FAIL {failure}", markup=False)

    guarded(body)


@app.command()
def options(
    file: FileArg,
    actor: Annotated[str, typer.Option("--actor", "-a", help="the actor's id")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Show what an actor can do after the file's steps: destinations, costs, odds."""

    def body() -> None:
        _, outcome = _played(file)
        session = outcome.session
        if actor not in session.state.actors:
            known = ", ".join(session.state.actors)
            raise _fail(f"{file}: no actor {actor!r}; expected one of: {known}", 2)
        found = session.options(actor)
        if as_json:
            sys.stdout.write(json.dumps([o.to_json() for o in found], indent=2) + "\n")
            return
        out.print(options_table(session, actor, found))

    guarded(body)


def options_table(session: Any, actor: str, found: Any) -> Table | str:
    if not found:
        return f"{actor} can do nothing now (it is {session.state.current}'s turn)."
    table = Table(title=f"what {actor} can do", show_lines=False)
    for col in ("option", "to", "cost", "checks and exact odds", "rules"):
        table.add_column(col)
    for option in found:
        checks = "; ".join(
            f"{c.dice}: " + ", ".join(f"{k} {float(v):.0%}" for k, v in c.odds.items())
            for c in option.checks
        )
        table.add_row(option.label, option.to or "", option.cost, checks,
                      ", ".join(option.rules))
    return table


@app.command()
def rulesets() -> None:
    """List the rulesets with their documentation."""
    table = Table(title="rulesets")
    for col in ("id", "title", "what it covers", "docs"):
        table.add_column(col)
    for rid, cls in sorted(available().items()):
        table.add_row(rid, cls.title, cls.summary, str(cls.readme_path()))
    out.print(table)


@app.command()
def schema(
    ruleset: Annotated[str, typer.Option(help="the ruleset whose encounter files to describe")]
    = "spans",
) -> None:
    """Print the JSON Schema of encounter files."""
    rs = guarded(lambda: get_ruleset(ruleset))
    sys.stdout.write(json.dumps(json_schema(rs), indent=2) + "\n")


def main() -> None:
    """Console entry point."""
    app()
