"""`footwork play`: an encounter played line by line in the terminal.

By default the session resumes after the file's own steps (a saved game goes on
where it stopped); with ``from_start`` it starts from the file's initial state.
Every accepted command prints its events with their rule ids; a refused one
prints one line and changes nothing.

Saving never loses a game and never replaces a file unasked: ``save`` writes the
encounter file back with ``steps`` = the game so far, the first time to a new
numbered file in the user's data folder (:func:`saves_dir`) unless a path is given,
then to that same file; a file this session did not write is replaced only after a
yes. ``quit`` asks before leaving with unsaved commands (``quit!`` does not save);
the end of input saves them to a file that does not exist yet; Ctrl-C only drops
the line being typed. Every face rolled is written into the steps, so ``footwork
run`` replays the file exactly (see :meth:`Session.commands_json`).

Every option a list shows can be typed as its ``line to type`` column shows it: values are
numbers, ``true``/``false``, text (quoted when it holds spaces or reads as a
number), lists ``4,2``, ``(1,7)`` or ``[1,7]``, and mappings ``{style:walk,to:(1,7)}``
(:func:`parse_value`, :func:`command_line`).

Ids, places and prompts come from the file: they reach the console only inside
:class:`~rich.text.Text` (never read as markup), and the console substitutes no
emoji. The end of input, or a closed or unreadable stdin, ends the session.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import math
import re
import shlex
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from footwork.engine.choices import CheckOdds, Option, answer_option, consequence_of
from footwork.engine.codec import JSON
from footwork.engine.commands import command_to_json
from footwork.engine.events import Event
from footwork.engine.session import Session, settle, steady_gc
from footwork.errors import FootworkError, IllegalCommand, InvalidCommand, excerpt
from footwork.scenario import Encounter
from footwork.scenario.export import dump, played_data
from footwork.scenario.runner import Outcome, play
from footwork.summary import summary, summary_lines

HELP: tuple[tuple[str, str], ...] = (
    ("help", "this text"),
    ("look", "where everyone is, whose turn it is, what is pending"),
    ("options [ACTOR]", "a numbered list of what ACTOR may do now, with costs, exact odds "
                        "and the line that does it (default: whoever must answer the "
                        "pending decision, else the current actor)"),
    ("N or #N", "do option N of the last list shown; while a decision whose choices are "
                "numbers is pending, a bare number is that choice and #N the option"),
    ("do NAME key=value ...", "a command, e.g. `do run to=gangplank die=maneuver roll=6`; the "
                              "actor is the current one unless actor=ID is given; values: 4 "
                              "and 1.5 are numbers, roll=4,2 and to=(1,7) lists, "
                              "{{style:walk,to:(1,7)}} a mapping, true/false booleans, "
                              "\"quoted text\""),
    ("NAME key=value ...", "the same, for a command of the ruleset: {commands}"),
    ("end", "end the current actor's turn"),
    ("answer CHOICE [roll=N]", "answer the pending decision (or just type the choice)"),
    ("undo", "take back the last command"),
    ("log [N]", "the last N events (default 15) with their rule ids"),
    ("summary", "the encounter so far: rounds, who ended where, damage, falls (shown by "
                "itself when the encounter ends)"),
    ("save [PATH]", "write the game as an encounter file (default: {save_path}); asks before "
                    "replacing a file this session did not write"),
    ("quit", "leave; asks first whether to save unsaved commands"),
    ("quit!", "leave without saving"),
)
NOTE = ("`footwork play FILE` goes on after the file's steps (a saved game resumes where it "
        "stopped); --from-start plays from the initial state. Leave out roll=... to let the "
        "engine roll (reproducibly, from the encounter's seed). Up and down recall earlier "
        "lines, Tab completes commands and fields, Ctrl-C drops the line being typed.")

#: words the prompt reads itself: a ruleset command of the same name is typed `do NAME`
META = frozenset({"help", "?", "h", "look", "l", "options", "o", "do", "answer", "end",
                  "undo", "log", "summary", "save", "quit", "exit", "q", "quit!"})
YES = frozenset({"", "y", "yes"})


# -- values typed at the prompt ------------------------------------------------------------

_INT = re.compile(r"-?\d+")
_NUMBER = re.compile(r"-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
#: characters that end a bare word inside a value, or that a bare word never holds
_PUNCT = frozenset(",()[]{}")
_QUOTES = frozenset("\"'")
_UNSAFE = _PUNCT | _QUOTES | frozenset(":=#\\")


def split_line(line: str) -> list[str]:
    """The words of a line: split at spaces outside quotes and brackets (quotes are kept,
    so that ``"0"`` stays text when its value is read)."""
    words: list[str] = []
    word: list[str] = []
    started = False
    depth = 0
    quote = ""
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            word.append(ch)
            if ch == "\\" and i + 1 < len(line):
                word.append(line[i + 1])
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in _QUOTES:
            quote, started = ch, True
            word.append(ch)
        elif ch.isspace() and depth == 0:
            if started:
                words.append("".join(word))
                word, started = [], False
        else:
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth = max(0, depth - 1)
            word.append(ch)
            started = True
        i += 1
    if quote:
        raise InvalidCommand("cannot read that line: a quote is not closed")
    if depth:
        raise InvalidCommand("cannot read that line: a bracket is not closed")
    if started:
        words.append("".join(word))
    return words


class _Values:
    """A recursive-descent reader of one typed value (see :func:`parse_value`)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, what: str) -> InvalidCommand:
        return InvalidCommand(f"cannot read the value {excerpt(self.text, 40)!r}: {what}")

    def peek(self) -> str:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def top(self) -> JSON:
        items = [self.item(",", top=True)]
        listed = False
        while self.peek() == ",":
            self.pos += 1
            listed = True
            if self.peek() == "":
                break  # a trailing comma: `roll=4,`
            items.append(self.item(","))
        rest = self.peek()
        if rest:
            raise self.fail(f"unexpected {rest!r} (quote text that holds brackets)")
        return items if listed else items[0]

    def item(self, stops: str, *, top: bool = False) -> JSON:
        """A list, a mapping, quoted text, or a bare word up to one of ``stops`` (inside a
        word, brackets are text: ``pier[2]``)."""
        ch = self.peek()
        if ch in ("(", "["):
            self.pos += 1
            return self.sequence(")" if ch == "(" else "]")
        if ch == "{":
            self.pos += 1
            return self.mapping()
        if ch in _QUOTES:
            return self.quoted()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in stops:
            self.pos += 1
        raw = self.text[start:self.pos].strip()
        if not raw and not top:
            raise self.fail("an empty item")
        return scalar(raw)

    def sequence(self, close: str) -> list[JSON]:
        out: list[JSON] = []
        if self.peek() == close:
            self.pos += 1
            return out
        while True:
            out.append(self.item("," + close))
            ch = self.peek()
            if ch == ",":
                self.pos += 1
                if self.peek() == close:
                    self.pos += 1
                    return out
            elif ch == close:
                self.pos += 1
                return out
            else:
                raise self.fail(f"expected ',' or {close!r}")

    def mapping(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        if self.peek() == "}":
            self.pos += 1
            return out
        while True:
            if self.peek() in _QUOTES:
                key = self.quoted()
            else:
                start = self.pos
                while self.pos < len(self.text) and self.text[self.pos] not in ":,{}()[]":
                    self.pos += 1
                key = self.text[start:self.pos].strip()
            if not key or self.peek() != ":":
                raise self.fail("expected key:value in a mapping")
            self.pos += 1
            out[key] = self.item(",}")
            ch = self.peek()
            if ch == ",":
                self.pos += 1
                if self.peek() == "}":
                    self.pos += 1
                    return out
            elif ch == "}":
                self.pos += 1
                return out
            else:
                raise self.fail("expected ',' or '}'")

    def quoted(self) -> str:
        quote = self.text[self.pos]
        self.pos += 1
        out: list[str] = []
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            self.pos += 1
            if ch == "\\" and self.pos < len(self.text):
                out.append(self.text[self.pos])
                self.pos += 1
            elif ch == quote:
                return "".join(out)
            else:
                out.append(ch)
        raise self.fail("a quote is not closed")


def scalar(raw: str) -> JSON:
    """One bare word as a value: a number, a boolean, null, or else the text itself."""
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("null", "none"):
        return None
    if _INT.fullmatch(raw):
        return int(raw)
    if _NUMBER.fullmatch(raw):
        number = float(raw)
        return number if math.isfinite(number) else raw
    return raw


def parse_value(text: str) -> JSON:
    """A typed value: ``4`` → 4, ``1.5`` → 1.5, ``4,2``, ``(4,2)`` and ``[4,2]`` → [4, 2],
    ``{style:walk,to:(1,7)}`` → a mapping, ``true``/``false`` → booleans, ``"0"`` → the
    text ``0``, anything else → the text as typed."""
    return _Values(text).top()


def unquoted(word: str) -> str:
    """A word as text: the inside of a quoted word, else the word as typed."""
    if len(word) >= 2 and word[0] in _QUOTES and word[-1] == word[0]:
        return _Values(word).quoted()
    return word


def parse_fields(words: Sequence[str]) -> dict[str, JSON]:
    """``key=value`` words into a command body; ``roll`` is always a list."""
    body: dict[str, JSON] = {}
    for word in words:
        key, sep, raw = word.partition("=")
        if not sep or not key:
            raise InvalidCommand(f"expected key=value, got {excerpt(word, 40)!r}")
        value = parse_value(raw)
        if key == "roll" and not isinstance(value, list):
            value = [value]
        body[key] = value
    return body


def _bare(text: str) -> bool:
    """Whether ``text`` reads back as itself when typed without quotes."""
    return (bool(text) and not any(ch.isspace() or ch in _UNSAFE for ch in text)
            and scalar(text) == text)


def format_value(value: JSON) -> str:
    """``value`` as it is typed at the prompt; :func:`parse_value` reads it back equal."""
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        shown = repr(value)
        return shown if _NUMBER.fullmatch(shown) and not _INT.fullmatch(shown) else f"{value:.1f}"
    if isinstance(value, str):
        if _bare(value):
            return value
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Mapping):
        inner = ",".join(f"{k if _bare(str(k)) else format_value(str(k))}:{format_value(v)}"
                         for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, list | tuple):
        simple = all(not isinstance(v, Mapping | list | tuple) for v in value)
        if simple:
            return "(" + ",".join(format_value(v) for v in value) + ")"
        # a space between big items lets a table wrap there; the line reads the same
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    return format_value(str(value))


def command_line(command: Mapping[str, JSON], actor: str | None = None) -> str:
    """The line that does ``command`` at the prompt (``actor=`` left out when it is
    ``actor``, the one a command defaults to)."""
    body = dict(command)
    if "answer" in body and "do" not in body:
        choice = str(body.pop("answer"))
        plain = choice and not any(ch.isspace() or ch in _QUOTES for ch in choice)
        words = ["answer", choice if plain else format_value(choice)]  # always text
        body.pop("actor", None)  # an answer is the asked actor's
    else:
        name = str(body.pop("do"))
        words = ["do", name] if name.lower() in META or not _bare(name) else [name]
        if actor is not None and body.get("actor") == actor:
            body.pop("actor")
    words += [f"{key}={format_value(value)}" for key, value in body.items()]
    return " ".join(words)


# -- where games are saved ------------------------------------------------------------------

_NUMBERED = re.compile(r"^(?P<base>.*?)(?:\.played)?(?:\.(?P<n>\d+))?$")


def saves_dir() -> Path:
    """Where `footwork play` saves by default: ``saves`` in the user's data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("footwork")) / "saves"


def numbered_path(folder: Path, name: str, suffix: str = ".yaml") -> Path:
    """A file that does not exist yet: ``NAME.N.yaml`` in ``folder``, N one more than the
    highest already there (``NAME`` without the number or ``.played`` it may end with, so
    a resumed save is saved as the next number)."""
    match = _NUMBERED.match(name)
    base = match.group("base") if match else name
    base = re.sub(r"[^\w.-]+", "-", base).strip("-.") or "game"
    highest = 0
    if folder.is_dir():
        pattern = re.compile(re.escape(base) + r"\.(\d+)" + re.escape(suffix) + "$")
        for entry in folder.iterdir():
            found = pattern.match(entry.name)
            if found:
                highest = max(highest, int(found.group(1)))
    n = highest + 1
    while (folder / f"{base}.{n}{suffix}").exists():
        n += 1
    return folder / f"{base}.{n}{suffix}"


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


class _InputGone(Exception):
    """No line can come any more: stdin is closed (`< &-`), gone or not text; the message
    says why, in a few words."""


def _odds_text(option: Option, checks: Sequence[CheckOdds] | None = None) -> str:
    parts = []
    for check in option.checks if checks is None else checks:
        odds = ", ".join(
            f"{name} {value} ({float(value):.0%})" if value not in (0, 1)
            else f"{name} {value}"
            for name, value in check.odds.items()
        )
        parts.append(f"{check.dice}: {odds}")
    return "; ".join(parts)


def _check_place(session: Session[Any], body: Mapping[str, JSON]) -> None:
    """A destination the map does not have is refused as such, before any rule is asked
    (which would say "not adjacent" or "no way there" of a typo)."""
    to = body.get("to")
    places = session.engine.ruleset.place_ids(session.state.space)
    if isinstance(to, str) and places and to not in places:
        near = difflib.get_close_matches(to, places, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else (
            f"; expected one of: {excerpt(', '.join(places), 160)}")
        raise IllegalCommand("no_such_place", f"no such place {to!r}{hint}")


def _folded(value: Any) -> Any:
    """A command body compared whatever the case of its texts (``Climb`` is ``climb``)."""
    if isinstance(value, str):
        return value.casefold()
    if isinstance(value, Mapping):
        return {str(k): _folded(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_folded(v) for v in value]
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return value


class Repl:
    """A terminal session over one encounter. ``handle`` one line at a time, or ``run``.

    ``save_path``: where ``save`` writes by default (None: a new numbered file in
    :func:`saves_dir`). ``resume``: play the file's steps first and go on from there.
    ``read`` shows a prompt and reads a line; questions (save before leaving? replace a
    file?) are read with it too (None until :meth:`run`: nothing is replaced unasked).
    """

    def __init__(
        self,
        encounter: Encounter,
        save_path: Path | None = None,
        *,
        console: Console | None = None,
        resume: bool = False,
        read: Callable[[str], str] | None = None,
    ) -> None:
        self.encounter = encounter
        self.console = console or Console(highlight=False, emoji=False)
        self.read = read
        #: reads the answer to a question (default: ``read``)
        self.read_answer: Callable[[str], str] | None = None
        #: what playing the file's steps gave, when the session resumed after them
        self.resumed: Outcome | None = None
        if resume and encounter.steps:
            self.resumed = play(encounter)
            self.session: Session[Any] = self.resumed.session
        else:
            self.session = encounter.session()
        # the commands of the file's steps, saved back as those steps (expectations kept)
        self.kept_commands = [entry.command for entry in self.session.history]
        self.kept_steps: list[Any] = []
        raw = encounter.source.data.get("steps") if isinstance(encounter.source.data,
                                                                dict) else None
        if self.resumed is not None and isinstance(raw, list):
            stop = self.resumed.stopped_at
            self.kept_steps = list(raw if stop is None else raw[:stop])
        self.save_path = Path(save_path) if save_path is not None else None
        #: the file this session saved to last: `save` and `quit` write it again unasked
        self.chosen: Path | None = None
        #: every file this session wrote (resolved): only those are replaced unasked
        self.written: set[Path] = set()
        self.listed: list[Option] = []
        #: the state version the numbered list was made for
        self.listed_at = -1
        #: the commands as last saved (or as the file gave them)
        self.saved: list[dict[str, JSON]] = self.session.commands_json()

    # -- the loop -------------------------------------------------------------------

    def run(self, read: Callable[[str], str] | None = None) -> None:
        """Read lines until ``quit`` or the end of input (which saves unsaved commands).

        Ctrl-C drops the line being typed (or stops the command being worked out) and
        the session goes on."""
        if read is not None or self.read is None:
            self.read = read or input
        reader = self.read
        self.greet()
        while True:
            try:
                going = self.handle(self._read_line(reader))
            except EOFError:  # at the prompt, or while a question was asked
                self.console.print()  # the prompt is still on its line
                self.finish("end of input: bye")
                return
            except KeyboardInterrupt:
                self.console.print()
                self.interrupted()
                continue
            except _InputGone as exc:
                self.console.print()
                self.finish(f"cannot read the input ({exc}): bye")
                return
            if not going:
                self.say("bye")
                return

    def _read_line(self, reader: Callable[[str], str]) -> str:
        """The next line at the prompt; :class:`_InputGone` when none can come (an
        OSError of a command, once read, is not that)."""
        try:
            return reader(self.prompt())
        except (OSError, RuntimeError, ValueError) as exc:
            raise _InputGone(_unreadable(exc)) from exc

    def interrupted(self) -> None:
        self.say(Text("interrupted: nothing was done. Type quit to leave (it asks before "
                      "saving), quit! to leave without saving.", style="dim"))

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
        if self.resumed is not None:
            outcome = self.resumed
            for failure in outcome.failures:
                self.say(Text.assemble(("warning:", "bold yellow"), " ", failure))
            commands = len(self.session.history)
            if outcome.stopped:
                self.say(Text(
                    f"the file's steps stop at steps[{outcome.stopped_at}]: the game goes on "
                    f"after the {commands} command{'' if commands == 1 else 's'} before it, "
                    "and the steps after it are left out; --from-start plays from the "
                    "initial state", style="yellow"))
            else:
                self.say(Text(
                    f"resumed after the file's {len(enc.steps)} steps ({commands} "
                    f"command{'' if commands == 1 else 's'}); --from-start plays from the "
                    "initial state", style="dim"))
            events = self.session.events[-6:]
            if events:
                self.say(Text("the last events:", style="dim"))
                for event in events:
                    self.say(_event(event))
        else:
            if enc.steps:
                self.say(Text(f"starting from the initial state; the file's {len(enc.steps)} "
                              "steps are not played", style="dim"))
            for event in self.session.opening:
                self.say(_event(event))
        self.look()
        if self.session.state.ended:
            self.say(Text("the encounter is over: no actor can act. undo steps back; "
                          "--from-start plays it from the beginning", style="yellow"))

    def finish(self, farewell: str = "bye") -> None:
        """At the end of input: save unsaved commands to a file this session wrote or
        that does not exist yet (a failed write is one line; the session still ends)."""
        if self.unsaved():
            try:
                path = self.save(asking=False)
            except FootworkError as exc:
                self.refuse(str(exc))
            else:
                self.said_saved(path)
        self.say(farewell)

    def unsaved(self) -> bool:
        return self.session.commands_json() != self.saved

    def say(self, text: RenderableType = "") -> None:
        """Print ``text``; a plain string is printed as it is, never read as markup."""
        self.console.print(Text(text) if isinstance(text, str) else text)

    def refuse(self, message: str) -> None:
        # one line however long (the terminal wraps it, rich inserts no break)
        self.console.print(Text.assemble(("refused:", "red"), " ", message), soft_wrap=True)

    def ask(self, question: str) -> str | None:
        """One answer, stripped and lower case; None when Ctrl-C cancels the question or
        nothing can ask (no reader). The end of input raises EOFError."""
        read = self.read_answer or self.read
        if read is None:
            return None
        try:
            answer = read(question)
        except KeyboardInterrupt:
            self.console.print()
            return None
        except (OSError, RuntimeError, ValueError):
            raise EOFError from None
        return answer.strip().lower()

    # -- one line -------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Do one line; False when the session should end. Errors never escape."""
        try:
            words = split_line(line)
            if not words:
                return True
            return self._dispatch(words)
        except FootworkError as exc:
            self.refuse(str(exc))
            return True

    def _dispatch(self, words: list[str]) -> bool:
        head, rest = unquoted(words[0]).lower(), words[1:]
        if head in ("quit", "exit", "q"):
            return not self.leave()
        if head == "quit!":
            if self.unsaved():
                self.say("left without saving the commands since the last save")
            return False
        if head in ("help", "?", "h"):
            self.help()
        elif head in ("look", "l"):
            self.look()
        elif head in ("options", "o"):
            self.options(unquoted(rest[0]) if rest else None)
        elif head == "undo":
            self.undo()
        elif head == "log":
            self.log(int(rest[0]) if rest and rest[0].isdigit() else 15)
        elif head == "summary":
            self.summary()
        elif head == "save":
            self.said_saved(self.save(Path(unquoted(rest[0])) if rest else None))
        else:
            body, listed = self.command_for(words)
            if listed:
                self.play(body)
            else:
                self.play_typed(body)
        return True

    def command_for(self, words: Sequence[str]) -> tuple[dict[str, JSON], bool]:
        """The command a line of words gives, and whether it was picked from the list.

        ``#N`` is always option N of the last list; a bare number is a choice of the
        pending decision when its choices are numbers, else option N."""
        state = self.session.state
        pending = state.pending
        word, rest = unquoted(words[0]), list(words[1:])
        head = word.lower()
        if head.startswith("#") and head[1:].isdigit():
            return self.listed_command(int(head[1:])), True
        if head.isdigit():
            if pending is not None and _numeric(pending.choices):
                choice = _choice(pending.choices, word)
                if choice is None:
                    raise InvalidCommand(
                        f"{word} is not a choice; expected one of: "
                        f"{', '.join(pending.choices)} (#N picks row N of the list)")
                return {"do": "answer", "choice": choice, **parse_fields(rest)}, False
            return self.listed_command(int(head)), True
        if head == "do":
            if not rest:
                raise InvalidCommand("do what? e.g. do end_turn")
            return self.body(unquoted(rest[0]), rest[1:]), False
        if head == "answer":
            if not rest:
                raise InvalidCommand("answer what? e.g. answer pay")
            typed = unquoted(rest[0])
            if pending is not None:  # choices are matched whatever the case typed
                typed = _choice(pending.choices, typed) or typed
            # a choice is text even when it reads as a number (PP: "answer 0")
            return {"do": "answer", "choice": typed, **parse_fields(rest[1:])}, False
        if head == "end":
            return self.body("end_turn", rest), False
        if pending is not None:
            choice = _choice(pending.choices, word)
            if choice is not None:
                return {"do": "answer", "choice": choice, **parse_fields(rest)}, False
        if head in self.session.engine.command_kinds:
            return self.body(head, rest), False
        known = ", ".join(sorted(self.session.engine.command_kinds))
        raise InvalidCommand(
            f"unknown command {excerpt(word, 40)!r}; type help (ruleset commands: {known})")

    # -- commands -------------------------------------------------------------------

    def help(self) -> None:
        commands = ", ".join(sorted(self.session.engine.command_kinds))
        where = (str(self.chosen or self.save_path) if (self.chosen or self.save_path)
                 else f"a new numbered file in {saves_dir()}, then that file again")
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column()
        for usage, what in HELP:
            text = what.format(commands=commands, save_path=where)
            grid.add_row(Text(usage), Text(text))
        self.say(grid)
        self.say(Text(NOTE, style="dim"))

    def body(self, name: str, words: Sequence[str]) -> dict[str, JSON]:
        """``{do: name, ...}`` from ``key=value`` words; the actor defaults to the current."""
        body: dict[str, JSON] = {"do": name, **parse_fields(words)}
        if name != "answer" and "actor" not in body:
            body["actor"] = self.session.state.current
        return body

    def listed_command(self, number: int) -> dict[str, JSON]:
        if not self.listed:
            raise InvalidCommand("no numbered list yet; type options")
        if self.listed_at != self.session.state.version:
            raise InvalidCommand("that list is out of date; type options for a fresh one")
        if not 1 <= number <= len(self.listed):
            raise InvalidCommand(f"pick a number from 1 to {len(self.listed)}")
        return dict(self.listed[number - 1].command)

    def play_typed(self, body: Mapping[str, JSON]) -> None:
        """Play a typed command; refused, it is played as the one option it matches
        whatever the case of its texts (the list shows `Climb`, the rules say `climb`)."""
        try:
            self.play(body)
        except FootworkError:
            option = self._option_like(body)
            if option is None:
                raise
            self.play(dict(option.command))

    def _option_like(self, body: Mapping[str, JSON]) -> Option | None:
        actor = body.get("actor")
        state = self.session.state
        if "do" not in body or body.get("do") == "answer" or not isinstance(actor, str):
            return None
        if actor not in state.actors and actor != self.session.engine.ruleset.gm:
            return None
        try:
            found = self.session.options(actor)
        except FootworkError:
            return None
        want = _folded(dict(body))
        same = [o for o in found if _folded(dict(o.command)) == want]
        return same[0] if len(same) == 1 else None

    def play(self, body: Mapping[str, JSON]) -> None:
        session = self.session
        before = session.state
        _check_place(session, body)
        events = session.do(body)
        for event in events:
            self.say(_event(event))
        after = session.state
        if after.ended and not before.ended:
            self.summary()
        elif after.pending is not None:
            self.announce()
        elif (after.round, after.turn) != (before.round, before.turn):
            self.say(Text(f"round {after.round}: {after.current}'s turn", style="bold"))

    def summary(self) -> None:
        """The encounter so far in a few lines (the game master's view)."""
        lines = summary_lines(summary(self.session))
        self.say(Text(lines[0], style="bold"))
        for line in lines[1:]:
            self.say(f"  {line}")

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
                f"no actor {excerpt(actor, 40)!r}; expected one of: {', '.join(state.actors)}")
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
        answering = pending is not None and pending.actor == actor
        title = f"{actor} must answer" if answering else f"what {actor} can do"
        table = Table(title=Text(title, style="table.title"), title_justify="left")
        for col in ("#", "option", "line to type", "cost", "checks and exact odds", "risk",
                    "rules"):
            # the line to type, what is at stake and the odds are folded, never cut short
            table.add_column(col, no_wrap=col == "#", overflow="ellipsis" if col in (
                "#", "rules") else "fold")
        for i, option in enumerate(found, 1):
            line = command_line(option.command, state.current)
            shown, checks = option, option.checks
            choice = option.command.get("answer")
            if answering and pending is not None and isinstance(choice, str):
                # what the answer does and the odds of the dice that follow (issue 13, 9)
                shown = answer_option(pending, choice)
                said = consequence_of(pending, choice)
                checks = said.checks if said is not None else ()
            table.add_row(*(Text(cell) for cell in (
                f"#{i}", shown.label, line, shown.cost, _odds_text(shown, checks),
                shown.risk.describe(), ", ".join(shown.rules))))
        self.say(table)
        if pending is not None and _numeric(pending.choices):
            self.say(Text(f"type a choice as it reads ({', '.join(pending.choices)}) to "
                          f"answer; #N does row N of this list", style="dim"))
        else:
            self.say(Text("type a row's number (N or #N), or its line as shown", style="dim"))

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

    # -- saving ---------------------------------------------------------------------

    def target(self) -> Path:
        """Where ``save`` writes when given no path."""
        if self.chosen is not None:
            return self.chosen
        if self.save_path is not None:
            return self.save_path
        return numbered_path(saves_dir(), Path(self.encounter.name).stem)

    def _ours(self, path: Path) -> bool:
        return path.resolve() in self.written

    def leave(self) -> bool:
        """``quit``: True to leave. With unsaved commands, asks: save, leave without
        saving, or go on playing."""
        if not self.unsaved():
            return True
        proposal = self.target()
        if proposal.exists() and not self._ours(proposal):
            proposal = numbered_path(proposal.parent, proposal.stem, proposal.suffix or ".yaml")
        count = len(self.session.history)
        answer = self.ask(f"save the game ({count} command{'' if count == 1 else 's'}) to "
                          f"{proposal} before leaving? [Y]es / [n]o, leave without saving / "
                          "[c]ancel: ")
        if answer in YES:
            self.said_saved(self.save(proposal))
            return True
        if answer in ("n", "no"):
            self.say("left without saving")
            return True
        self.say("not leaving: the game goes on" + (
            "" if answer in (None, "c", "cancel") else " (answer y, n or c)"))
        return False

    def save(self, path: Path | None = None, *, asking: bool = True) -> Path:
        """Write the encounter with ``steps`` = the game so far; returns the path.

        A file this session did not write is replaced only after a yes; without
        ``asking`` (the input has ended) the game goes to a new numbered file beside it."""
        target = Path(path) if path is not None else self.target()
        if target.is_dir():
            raise InvalidCommand(f"{target} is a folder; save takes a file name")
        if target.exists() and not self._ours(target):
            if not asking:
                target = numbered_path(target.parent, target.stem, target.suffix or ".yaml")
            else:
                answer = self.ask(f"{target} exists and this session did not write it: "
                                  "replace it? [y/N]: ")
                if answer not in ("y", "yes"):
                    raise InvalidCommand(f"not saved: {target} exists (save PATH writes "
                                         "another file)")
        data = played_data(self.encounter, self.session, **self._kept())
        note = (f"saved by `footwork play` from {self.encounter.name}; `footwork play` "
                "on this file resumes the game after its steps")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(dump(data, note=note, as_json=target.suffix == ".json"),
                              encoding="utf-8")
        except OSError as exc:
            raise InvalidCommand(f"cannot write {target}: {exc.strerror or exc}") from None
        self.written.add(target.resolve())
        self.chosen = target
        self.saved = self.session.commands_json()
        return target

    def _kept(self) -> dict[str, Any]:
        """The file's own steps, kept as they were while the game still starts with the
        commands they gave (an undo past them leaves only the commands)."""
        count = len(self.kept_commands)
        history = self.session.history
        if count and len(history) >= count and all(
                entry.command == command for entry, command in zip(history, self.kept_commands,
                                                                   strict=False)):
            return {"steps_before": self.kept_steps, "commands_before": count}
        return {}

    def said_saved(self, path: Path) -> None:
        self.say(_saved(len(self.session.history), path))
        self.say(Text(f"  resume it with: footwork play {_shell(str(path))}", style="dim"))

    # -- line editing ---------------------------------------------------------------

    def completions(self, before: Sequence[str]) -> list[str]:
        """What may come next after the words ``before`` (Tab at the prompt)."""
        kinds = self.session.engine.command_kinds
        state = self.session.state
        if not before:
            words = {"help", "look", "options", "do", "answer", "end", "undo", "log", "summary",
                     "save",
                     "quit", "quit!", *kinds}
            if state.pending is not None:
                words.update(state.pending.choices)
            return sorted(words)
        head = before[0].lower()
        if head == "do" and len(before) == 1:
            return sorted(kinds)
        if head in ("options", "o") and len(before) == 1:
            return sorted(state.actors)
        if head == "answer" and len(before) == 1 and state.pending is not None:
            return list(state.pending.choices)
        name = before[1] if head == "do" and len(before) > 1 else head
        name = "end_turn" if name == "end" else name
        cls = kinds.get(name)
        if cls is None:
            return []
        given = {w.partition("=")[0] for w in before[1:]}
        return [f"{f.name}=" for f in fields(cls)
                if f.name not in given and f.name != "engine_rolled"]


def _numeric(choices: Sequence[str]) -> bool:
    return any(_INT.fullmatch(choice) for choice in choices)


def _choice(choices: Sequence[str], typed: str) -> str | None:
    """The choice ``typed`` names, whatever its case."""
    return next((c for c in choices if c.lower() == typed.lower()), None)


def _shell(text: str) -> str:
    return shlex.quote(text)


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


def line_editing(repl: Repl) -> Callable[[], None]:
    """Line history and editing at the prompt (Python's readline: up and down recall
    earlier lines, Tab completes); the history is kept in the user's data folder.
    Returns what writes the history back when the session ends."""
    try:
        import readline
    except ImportError:  # not on every platform: the prompt still works, without editing
        return lambda: None
    import platformdirs

    history = Path(platformdirs.user_data_dir("footwork")) / "play_history"
    with contextlib.suppress(OSError, ValueError):
        readline.read_history_file(history)
    readline.set_history_length(1000)

    def complete(text: str, index: int) -> str | None:
        line = readline.get_line_buffer()[:readline.get_begidx()]
        try:
            before = split_line(line)
        except InvalidCommand:
            return None
        found = [w for w in repl.completions(before) if w.startswith(text)]
        return found[index] if index < len(found) else None

    def read_answer(question: str) -> str:
        """An answer (y, n...) is no line to recall: it leaves the history as it was."""
        before = readline.get_current_history_length()
        answer = input(question)
        if readline.get_current_history_length() > before:
            readline.remove_history_item(before)
        return answer

    repl.read_answer = read_answer
    readline.set_completer(complete)
    readline.set_completer_delims(" \t\n")
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")

    def close() -> None:
        try:
            history.parent.mkdir(parents=True, exist_ok=True)
            readline.write_history_file(history)
        except OSError:
            pass

    return close


def _terminal() -> bool:
    stdin = sys.stdin
    try:
        return stdin is not None and stdin.isatty()
    except (OSError, ValueError):
        return False


def run_interactive(
    encounter: Encounter,
    save_path: Path | None = None,
    *,
    console: Console | None = None,
    read: Callable[[str], str] | None = None,
    resume: bool = False,
) -> None:
    """Play ``encounter`` in the terminal until ``quit`` (or end of input).

    ``save_path``: where ``save`` writes by default (None: a new numbered file in
    :func:`saves_dir`). ``resume``: go on after the file's steps. ``console`` receives
    everything printed (default: the terminal); ``read`` reads one line after showing a
    prompt (default: :func:`input`, with line history and editing on a terminal).
    """
    repl = Repl(encounter, save_path, console=console, resume=resume)
    close: Callable[[], None] | None = None
    if read is None and _terminal():
        close = line_editing(repl)
        # a live game: the map and session loaded stay out of later collections, and
        # the young generation is collected less often (steady latency, issue 14 item 4)
        settle()
        steady_gc()
    try:
        repl.run(read)
    finally:
        if close is not None:
            close()
