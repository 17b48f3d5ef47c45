"""`footwork play`: an encounter played line by line in the terminal.

The session starts from the file's initial state (the file's own steps are
not played). Every accepted command prints its events with their rule ids;
a refused one prints one line and changes nothing. ``save`` writes the
encounter file back with ``steps`` replaced by the commands given, so
``footwork run`` replays it exactly (every face rolled is written into the
steps, see :meth:`Session.commands_json`).

Ids, places and prompts come from the file: they reach the console only inside
:class:`~rich.text.Text` (never read as markup), and the console substitutes no
emoji. The end of input, or a closed or unreadable stdin, ends the session as
``quit`` does.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from footwork.engine.choices import Option
from footwork.engine.codec import JSON
from footwork.engine.commands import command_to_json
from footwork.engine.events import Event
from footwork.engine.session import Session
from footwork.errors import FootworkError, InvalidCommand
from footwork.scenario import Encounter
from footwork.scenario.export import dump, played_data

HELP: tuple[tuple[str, str], ...] = (
    ("help", "this text"),
    ("look", "where everyone is, whose turn it is, what is pending"),
    ("options [ACTOR]", "a numbered list of what ACTOR may do now, with costs and exact odds "
                        "(default: whoever must answer the pending decision, else the "
                        "current actor)"),
    ("N", "do option N of the last list shown"),
    ("do NAME key=value ...", "a command, e.g. `do run to=gangplank die=maneuver roll=6`; the "
                              "actor is the current one unless actor=ID is given; values: 4 is "
                              "a number, roll=4,2 a list, true/false booleans"),
    ("NAME key=value ...", "the same, for a command of the ruleset: {commands}"),
    ("end", "end the current actor's turn"),
    ("answer CHOICE [roll=N]", "answer the pending decision (or just type the choice)"),
    ("undo", "take back the last command"),
    ("log [N]", "the last N events (default 15) with their rule ids"),
    ("save [PATH]", "write the encounter file with the commands given as its steps "
                    "(default: {save_path})"),
    ("quit", "leave; unsaved commands are saved to {save_path}"),
)
NOTE = ("The session starts from the file's initial state: the file's own steps are not "
        "played. Leave out roll=... to let the engine roll (reproducibly, from the "
        "encounter's seed).")

_INT = re.compile(r"-?\d+")


def parse_value(text: str) -> JSON:
    """A typed value: ``4`` → 4, ``4,2`` → [4, 2], ``true``/``false`` → bools, else the text."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("null", "none"):
        return None
    if _INT.fullmatch(text):
        return int(text)
    if "," in text:
        return [parse_value(part) for part in text.split(",") if part != ""]
    return text


def parse_fields(words: Sequence[str]) -> dict[str, JSON]:
    """``key=value`` words into a command body; ``roll`` is always a list."""
    body: dict[str, JSON] = {}
    for word in words:
        key, sep, raw = word.partition("=")
        if not sep or not key:
            raise InvalidCommand(f"expected key=value, got {word!r}")
        value = parse_value(raw)
        if key == "roll" and not isinstance(value, list):
            value = [value]
        body[key] = value
    return body


def _saved(count: int, path: Path) -> str:
    return f"saved {count} command{'' if count == 1 else 's'} to {path}"


def _event(event: Event) -> Text:
    """One log line: the event as text, then its rule ids, dimmed."""
    rules = f"  [{', '.join(event.rules)}]" if event.rules else ""
    return Text.assemble("  ", event.describe(), (rules, "dim"))


def _unreadable(exc: Exception) -> str:
    """Why the next line could not be read, in a few words."""
    if isinstance(exc, RuntimeError):  # input() with no sys.stdin at all
        return "stdin is closed"
    if isinstance(exc, UnicodeDecodeError):
        return "it is not UTF-8 text"
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


def _odds_text(option: Option) -> str:
    parts = []
    for check in option.checks:
        odds = ", ".join(
            f"{name} {value} ({float(value):.0%})" if value not in (0, 1)
            else f"{name} {value}"
            for name, value in check.odds.items()
        )
        parts.append(f"{check.dice}: {odds}")
    return "; ".join(parts)


class Repl:
    """A terminal session over one encounter. ``handle`` one line at a time, or ``run``."""

    def __init__(
        self,
        encounter: Encounter,
        save_path: Path,
        *,
        console: Console | None = None,
    ) -> None:
        self.encounter = encounter
        self.session: Session[Any] = encounter.session()
        self.save_path = Path(save_path)
        self.console = console or Console(highlight=False, emoji=False)
        self.listed: list[Option] = []
        #: the state version the numbered list was made for
        self.listed_at = -1
        #: the commands as last saved (none yet: the session starts fresh)
        self.saved: list[dict[str, JSON]] = []

    # -- the loop -------------------------------------------------------------------

    def run(self, read: Callable[[str], str] | None = None) -> None:
        """Read lines until ``quit`` or the end of input, then save unsaved commands."""
        reader = read or input
        self.greet()
        while True:
            try:
                line = reader(self.prompt())
            except EOFError:
                self.console.print()  # the prompt is still on its line
                self.finish("end of input: bye")
                return
            except KeyboardInterrupt:
                self.console.print()
                self.finish("interrupted: bye")
                return
            except (OSError, RuntimeError, ValueError) as exc:
                # stdin closed (`< &-`), gone or not text: nothing more can come
                self.console.print()
                self.finish(f"cannot read the input ({_unreadable(exc)}): bye")
                return
            if not self.handle(line):
                break
        self.finish()

    def prompt(self) -> str:
        pending = self.session.state.pending
        if pending is not None:
            return f"{pending.actor} must answer ({'/'.join(pending.choices)})> "
        return f"round {self.session.state.round}, {self.session.state.current}> "

    def greet(self) -> None:
        enc = self.encounter
        title = enc.source.data.get("title") if isinstance(enc.source.data, dict) else None
        self.say(Text.assemble((str(title or enc.name), "bold"), " (", (enc.ruleset.id, "dim"),
                               ") — type ", ("help", "bold"), " for commands"))
        if enc.steps:
            self.say(Text(f"starting from the initial state; the file's {len(enc.steps)} "
                          "steps are not played", style="dim"))
        for event in self.session.opening:
            self.say(_event(event))
        self.look()

    def finish(self, farewell: str = "bye") -> None:
        """Save unsaved commands (a failed write is one line, the session still ends)."""
        if self.unsaved():
            try:
                path = self.save()
            except FootworkError as exc:
                self.refuse(str(exc))
            else:
                self.say(_saved(len(self.session.history), path))
        self.say(farewell)

    def unsaved(self) -> bool:
        return self.session.commands_json() != self.saved

    def say(self, text: RenderableType = "") -> None:
        """Print ``text``; a plain string is printed as it is, never read as markup."""
        self.console.print(Text(text) if isinstance(text, str) else text)

    def refuse(self, message: str) -> None:
        self.say(Text.assemble(("refused:", "red"), " ", message))

    # -- one line -------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Do one line; False when the session should end. Errors never escape."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            self.refuse(f"cannot read that line: {exc}")
            return True
        if not words:
            return True
        head, rest = words[0], words[1:]
        try:
            return self._dispatch(head.lower(), rest)
        except FootworkError as exc:
            self.refuse(str(exc))
            return True

    def _dispatch(self, head: str, rest: list[str]) -> bool:
        session = self.session
        pending = session.state.pending
        if head in ("quit", "exit", "q"):
            return False
        if head in ("help", "?", "h"):
            self.help()
        elif head in ("look", "l"):
            self.look()
        elif head in ("options", "o"):
            self.options(rest[0] if rest else None)
        elif head.isdigit():
            self.pick(int(head))
        elif head == "do":
            if not rest:
                raise InvalidCommand("do what? e.g. do end_turn")
            self.command(rest[0], rest[1:])
        elif head == "answer":
            if not rest:
                raise InvalidCommand("answer what? e.g. answer pay")
            typed = rest[0]
            if pending is not None:  # choices are matched whatever the case typed
                typed = next((c for c in pending.choices if c.lower() == typed.lower()), typed)
            # a choice is text even when it reads as a number (PP: "answer 0")
            self.play({"do": "answer", "choice": typed, **parse_fields(rest[1:])})
        elif head == "end":
            self.command("end_turn", rest)
        elif head == "undo":
            self.undo()
        elif head == "log":
            self.log(int(rest[0]) if rest and rest[0].isdigit() else 15)
        elif head == "save":
            path = self.save(Path(rest[0]) if rest else None)
            self.say(_saved(len(session.history), path))
        elif pending is not None and head in {c.lower() for c in pending.choices}:
            choice = next(c for c in pending.choices if c.lower() == head)
            self.command("answer", [f"choice={choice}", *rest])
        elif head in session.engine.command_kinds:
            self.command(head, rest)
        else:
            known = ", ".join(sorted(session.engine.command_kinds))
            raise InvalidCommand(
                f"unknown command {head!r}; type help (ruleset commands: {known})")
        return True

    # -- commands -------------------------------------------------------------------

    def help(self) -> None:
        commands = ", ".join(sorted(self.session.engine.command_kinds))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column()
        for usage, what in HELP:
            text = what.format(commands=commands, save_path=self.save_path)
            grid.add_row(Text(usage), Text(text))
        self.say(grid)
        self.say(Text(NOTE, style="dim"))

    def command(self, name: str, words: Sequence[str]) -> None:
        """Build ``{do: name, ...}`` from ``key=value`` words and play it."""
        body: dict[str, JSON] = {"do": name, **parse_fields(words)}
        if name != "answer" and "actor" not in body:
            body["actor"] = self.session.state.current
        self.play(body)

    def pick(self, number: int) -> None:
        if not self.listed:
            raise InvalidCommand("no numbered list yet; type options")
        if self.listed_at != self.session.state.version:
            raise InvalidCommand("that list is out of date; type options for a fresh one")
        if not 1 <= number <= len(self.listed):
            raise InvalidCommand(f"pick a number from 1 to {len(self.listed)}")
        self.play(dict(self.listed[number - 1].command))

    def play(self, body: Mapping[str, JSON]) -> None:
        session = self.session
        before = session.state
        events = session.do(body)
        for event in events:
            self.say(_event(event))
        after = session.state
        if after.pending is not None:
            self.announce()
        elif (after.round, after.turn) != (before.round, before.turn):
            self.say(Text(f"round {after.round}: {after.current}'s turn", style="bold"))

    def announce(self) -> None:
        """The pending decision: who must answer, and its choices as numbered options."""
        pending = self.session.state.pending
        if pending is None:
            return
        self.say(Text.assemble((f"{pending.actor} must decide:", "bold yellow"), " ",
                               pending.prompt))
        self.show_options(pending.actor, self.session.options(pending.actor))

    def options(self, actor: str | None) -> None:
        state = self.session.state
        if actor is None:
            actor = state.pending.actor if state.pending is not None else state.current
        gm = self.session.engine.ruleset.gm
        if actor not in state.actors and actor != gm:
            raise InvalidCommand(
                f"no actor {actor!r}; expected one of: {', '.join(state.actors)}")
        self.show_options(actor, self.session.options(actor))

    def show_options(self, actor: str, found: Sequence[Option]) -> None:
        state = self.session.state
        self.listed = list(found)
        self.listed_at = state.version
        if not found:
            if state.pending is not None:
                why = f"{state.pending.actor} must first answer"
            else:
                why = f"it is {state.current}'s turn"
            self.say(f"{actor} can do nothing now ({why}).")
            return
        pending = state.pending
        title = (f"{actor} must answer" if pending is not None and pending.actor == actor
                 else f"what {actor} can do")
        table = Table(title=Text(title, style="table.title"), title_justify="left")
        for col in ("#", "option", "cost", "checks and exact odds", "rules"):
            table.add_column(col)
        for i, option in enumerate(found, 1):
            table.add_row(*(Text(cell) for cell in (str(i), option.label, option.cost,
                                                    _odds_text(option), ", ".join(option.rules))))
        self.say(table)
        self.say(Text("type a number to do it", style="dim"))

    def undo(self) -> None:
        command = self.session.undo()
        if command is None:
            raise InvalidCommand("nothing to undo")
        self.say(f"undone: {json.dumps(command_to_json(command))}")
        self.look()

    def log(self, count: int) -> None:
        events = self.session.events[-count:] if count > 0 else []
        for event in events:
            self.say(_event(event))

    def look(self) -> None:
        """Where everyone is, whose turn it is, and the pending decision."""
        state = self.session.to_json(log=False)
        actors: Mapping[str, Mapping[str, Any]] = state["actors"]
        self.say(actor_table(actors, str(state["turn"]), int(state["round"])))
        if self.session.state.pending is not None:
            self.announce()

    def save(self, path: Path | None = None) -> Path:
        """Write the encounter with ``steps`` = the commands given; returns the path."""
        target = Path(path) if path is not None else self.save_path
        data = played_data(self.encounter, self.session)
        note = f"saved by `footwork play` from {self.encounter.name}; the steps are the " \
            "commands played"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(dump(data, note=note, as_json=target.suffix == ".json"),
                              encoding="utf-8")
        except OSError as exc:
            raise InvalidCommand(f"cannot write {target}: {exc.strerror or exc}") from None
        self.saved = list(data["steps"])
        return target


def actor_table(actors: Mapping[str, Mapping[str, Any]], turn: str, round_: int) -> Table:
    """Every actor: id, side, at, height, then the fields that tell them apart and its flags.

    Fields and flags every actor shares are listed once, in the caption, so the
    table stays narrow.
    """
    fixed = [k for k in ("height",) if any(k in a for a in actors.values())]
    skip = {"id", "side", "at", *fixed}
    keys: list[str] = []
    for info in actors.values():
        for key, value in info.items():
            if key in skip or key in keys or isinstance(value, bool | dict):
                continue
            keys.append(key)
    rows = list(actors.values())
    shared: list[str] = []
    common_flags: list[str] = []
    if len(rows) > 1:
        common = [k for k in keys if all(a.get(k) == rows[0].get(k) for a in rows)]
        shared = [f"{k} {_cell(rows[0].get(k))}" for k in common
                  if rows[0].get(k) not in (None, "", [])]
        keys = [k for k in keys if k not in common]
        flag_sets = [_flags(a) for a in rows]
        common_flags = [f for f in flag_sets[0] if all(f in fs for fs in flag_sets)]
        shared += common_flags
    caption = f"everyone: {', '.join(shared)}" if shared else None
    # Text titles keep the table's own styles, which a plain string would get
    table = Table(title=Text(f"round {round_}: {turn}'s turn", style="table.title"),
                  title_justify="left", caption_justify="left",
                  caption=Text(caption, style="table.caption") if caption else None)
    body: list[list[str]] = []
    for aid, info in actors.items():
        row = ["▶" if aid == turn else "", str(info.get("id", aid)),
               str(info.get("side", "")), str(info.get("at", ""))]
        row += [_cell(info.get(k)) for k in fixed]
        fields = [f"{k} {_cell(info.get(k))}" for k in keys
                  if info.get(k) not in (None, "", [])]
        flags = [f for f in _flags(info) if f not in common_flags]
        row.append("; ".join(x for x in (", ".join(fields), ", ".join(flags)) if x))
        body.append(row)
    headers = ("", "id", "side", "at", *fixed, "state")
    for i, col in enumerate(headers):
        if col == "state":
            table.add_column(col, overflow="fold")
        else:
            widest = max([len(col), *(len(r[i]) for r in body)])
            table.add_column(col, no_wrap=True, min_width=widest)
    for row in body:
        table.add_row(*(Text(cell) for cell in row))
    return table


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _flags(info: Mapping[str, Any]) -> list[str]:
    """The boolean fields that are set, nested ones (``conditions``) included."""
    flags = [k for k, v in info.items() if v is True]
    for key, value in info.items():
        if isinstance(value, dict):
            for sub, flag in value.items():
                if flag is True:
                    flags.append(sub)
                elif isinstance(flag, list) and flag and key != "dice":
                    flags.append(f"{sub}: {', '.join(str(v) for v in flag)}")
    return flags


def run_interactive(
    encounter: Encounter,
    save_path: Path,
    *,
    console: Console | None = None,
    read: Callable[[str], str] | None = None,
) -> None:
    """Play ``encounter`` in the terminal until ``quit`` (or end of input).

    ``console`` receives everything printed (default: the terminal); ``read``
    reads one line after showing a prompt (default: :func:`input`).
    """
    Repl(encounter, save_path, console=console).run(read)
