"""Fuzzing every example file through the command line (issue 15, item 6).

Each example (``examples/*/*.yaml``, every ruleset) is parsed and walked; every scalar
is a candidate, and a fixed number of them per file is mutated (seeded, so the cases
are the same on every run): wrong types, deep nesting in YAML and JSON, huge and
non-finite numbers, Rich markup and emoji shortcodes, control characters, NUL and
newlines in ids and keys, 1 MB strings, alias bombs, duplicate keys, a BOM, files cut
short or not UTF-8, and each file saved as YAML or as JSON.

Every mutated file goes through ``footwork run`` and ``footwork state``, and when
footwork accepts it, ``footwork options --actor ID`` and ``footwork render -o``:

- a refused file exits 2 with exactly one line on stderr, ``error: ...``, naming no
  Python exception, holding no control character and quoting a short excerpt;
- an accepted file exits 0 or 1; ``state`` prints strict JSON, ``render`` a
  well-formed SVG without NaN or infinities;
- never a traceback or a Python warning; markup and emoji shortcodes print literally;
- every command finishes within ``worker.COMMAND_SECONDS`` of CPU time, under
  ``MEMORY_BYTES`` of address space (RLIMIT_AS).

The cases run in ``WORKERS`` processes (``tests/fuzz/worker.py``), each importing
footwork once and calling the command line through typer's ``CliRunner``. A worker
that dies or hangs past its timer is killed and restarted after the case it was on,
which is reported. ``FOOTWORK_FUZZ_PER_FILE`` and ``FOOTWORK_FUZZ_WORKERS`` change the
size of a run; ``FOOTWORK_FUZZ_ONLY=45,nan`` keeps the cases with those numbers or
kinds; ``FOOTWORK_FUZZ_REPORT=path`` writes every outcome as JSON.
"""

from __future__ import annotations

import copy
import json
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from footwork.scenario.encounter import MAX_ERRORS
from tests.fuzz import worker

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))
SEED = 15
#: mutated cases per example file (18 examples: a few hundred cases)
PER_FILE = int(os.environ.get("FOOTWORK_FUZZ_PER_FILE", "24"))
WORKERS = int(os.environ.get("FOOTWORK_FUZZ_WORKERS", "2"))
#: the address space a worker may take (RLIMIT_AS)
MEMORY_BYTES = 1_500_000_000
#: the wall-clock time a command may stay silent before the parent kills its worker
#: (the worker's own timer counts CPU time; this catches what it cannot interrupt)
WALL_SECONDS = 3 * worker.COMMAND_SECONDS + 15

# -- what the mutated files are made of ------------------------------------------------


@dataclass(frozen=True)
class Raw:
    """A token written as it stands, spelled for YAML and for JSON."""

    yaml: str
    json: str


@dataclass(frozen=True)
class Verbatim:
    """A quoted string whose characters are written unescaped (raw control characters)."""

    text: str


@dataclass(frozen=True)
class BlockNest:
    """A mapping nested ``depth`` deep, in block style (indentation) where YAML allows."""

    depth: int


class Pairs(list[tuple[Any, Any]]):
    """A mapping written pair by pair, so that a key may appear twice."""


HUGE = "1" + "0" * 5000  # 10**5000 as a literal
_ESCAPED = re.compile('["\\\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]')


def quote(text: str) -> str:
    """A double-quoted scalar that YAML 1.2 and JSON read alike."""
    def escape(m: re.Match[str]) -> str:
        ch = m.group()
        return {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t"}.get(ch, f"\\u{ord(ch):04x}")
    return '"' + _ESCAPED.sub(escape, text) + '"'


def scalar(value: Any, fmt: str) -> str:
    if isinstance(value, Raw):
        return value.yaml if fmt == "yaml" else value.json
    if isinstance(value, Verbatim):
        return '"' + value.text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        mantissa, _, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return f"{mantissa}e{exponent}" if exponent else mantissa
    return quote(str(value))


def key_text(key: Any, fmt: str) -> str:
    if fmt == "json" and not isinstance(key, (str, Verbatim)):
        return quote(str(key))
    return scalar(key, fmt)


def items(value: Any) -> list[tuple[Any, Any]]:
    return list(value) if isinstance(value, Pairs) else list(value.items())


def flow(value: Any, fmt: str) -> str:
    """The value on one line: JSON, which is also YAML 1.2 flow style."""
    if isinstance(value, BlockNest):
        return '{"a": ' * value.depth + "0" + "}" * value.depth
    if isinstance(value, (dict, Pairs)):
        inner = ", ".join(f"{key_text(k, fmt)}: {flow(v, fmt)}" for k, v in items(value))
        return "{" + inner + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v, fmt) for v in value) + "]"
    return scalar(value, fmt)


def _opens_block(value: Any, depth: int) -> bool:
    return isinstance(value, BlockNest) or (
        isinstance(value, (dict, list)) and bool(value) and depth < 3)


def yaml_lines(value: Any, indent: int = 0, depth: int = 0) -> list[str]:
    """Block style for the first levels (as people write encounter files), flow below."""
    pad = " " * indent
    if isinstance(value, BlockNest):
        return [" " * (indent + 2 * j) + '"a":' for j in range(value.depth - 1)] + [
            " " * (indent + 2 * (value.depth - 1)) + '"a": 0']
    if not (isinstance(value, (dict, list)) and value):
        return [pad + flow(value, "yaml")]
    lines: list[str] = []
    entries = ([(f"{key_text(k, 'yaml')}:", v) for k, v in items(value)]
               if isinstance(value, (dict, Pairs)) else [("-", v) for v in value])
    for head, item in entries:
        if _opens_block(item, depth):
            lines.append(pad + head)
            lines.extend(yaml_lines(item, indent + 2, depth + 1))
        else:
            lines.append(f"{pad}{head} {flow(item, 'yaml')}")
    return lines


def json_text(value: Any, indent: int = 0) -> str:
    if isinstance(value, (dict, list)) and value and indent < 4:
        pad = " " * (indent + 2)
        if isinstance(value, (dict, Pairs)):
            body = [f"{pad}{key_text(k, 'json')}: {json_text(v, indent + 2)}"
                    for k, v in items(value)]
            return "{\n" + ",\n".join(body) + "\n" + " " * indent + "}"
        body = [pad + json_text(v, indent + 2) for v in value]
        return "[\n" + ",\n".join(body) + "\n" + " " * indent + "]"
    return flow(value, "json")


def dump(doc: Any, fmt: str) -> str:
    return json_text(doc) + "\n" if fmt == "json" else "\n".join(yaml_lines(doc)) + "\n"


# -- walking an example ------------------------------------------------------------------

KeyPath = tuple[Any, ...]


def scalars(node: Any, path: KeyPath = ()) -> list[KeyPath]:
    """The path of every scalar (and every empty collection) in the document."""
    if isinstance(node, dict) and node:
        return [p for k, v in node.items() for p in scalars(v, (*path, k))]
    if isinstance(node, list) and node:
        return [p for i, v in enumerate(node) for p in scalars(v, (*path, i))]
    return [path]


def get(doc: Any, path: KeyPath) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def put(doc: Any, path: KeyPath, value: Any) -> Any:
    if not path:
        return value
    get(doc, path[:-1])[path[-1]] = value
    return doc


def show_path(path: KeyPath) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out or "(the document)"


def _pretty(value: Any) -> str:
    if isinstance(value, str) and len(value) > 40:
        return f"{value[:20]!r}… ({len(value):,} chars)"
    if isinstance(value, Raw):
        text = value.yaml
        return text if len(text) <= 40 else f"{text[:20]}… ({len(text):,} chars)"
    return repr(value)


# -- the mutations -----------------------------------------------------------------------


@dataclass
class Mutation:
    doc: Any
    inserted: str
    forbidden: list[list[str]] = field(default_factory=list)
    fmt: str | None = None  # "yaml" or "json" when the mutation needs one of them
    text: Callable[[str, random.Random], str | bytes] | None = None
    stem: str | None = None


Mutate = Callable[[Any, KeyPath, random.Random], Mutation]

EMOJI = {":fire:": "🔥", ":100:": "💯"}


def _checks(text: str, eaten: tuple[str, str] | None = None) -> list[list[str]]:
    """What must not appear in any output when ``text`` was put in the file."""
    found = [[emoji, "emoji shortcode printed as an emoji", f"{code} became {emoji}"]
             for code, emoji in EMOJI.items() if code in text]
    if eaten is not None:
        found.append([eaten[1], "Rich markup interpreted",
                      f"{eaten[0]!r} printed as {eaten[1]!r}"])
    return found


def set_to(label: str, value: Any, eaten: tuple[str, str] | None = None) -> Mutate:
    def mutate(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
        text = value if isinstance(value, str) else ""
        return Mutation(put(doc, path, value), label, _checks(text, eaten))
    return mutate


def rename(label: str, change: Callable[[str], str], marker: str | None = None) -> Mutate:
    """Replace a string (an id, most often) everywhere it occurs, keys included, so that
    the strange name reaches the log, the options and the drawing."""
    def mutate(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
        texts = Counter(v for p in scalars(doc) if isinstance(v := get(doc, p), str)
                        and re.fullmatch(r"[\w.,-]{1,40}", v))
        named = {get(doc, p) for p in scalars(doc) if p and p[-1] == "id"}
        ids = (sorted(t for t in texts if t in named) or sorted(t for t, n in texts.items()
                                                                 if n >= 2) or sorted(texts))
        if not ids:
            return set_to(label, change("x"))(doc, path, rng)
        old = get(doc, path)
        if old not in ids:
            old = rng.choice(ids)
        new = change(old)

        def swap(node: Any) -> Any:
            if isinstance(node, dict):
                return {(new if k == old else k): swap(v) for k, v in node.items()}
            if isinstance(node, list):
                return [swap(v) for v in node]
            return new if node == old and isinstance(node, str) else node

        eaten = (new, old + marker) if marker else None
        return Mutation(swap(doc), f"{old!r} renamed {_pretty(new)} everywhere",
                        _checks(new, eaten))
    return mutate


def _str_key_index(path: KeyPath) -> int | None:
    for i in range(len(path) - 1, -1, -1):
        if isinstance(path[i], str):
            return i
    return None


def rekey(label: str, new: Any) -> Mutate:
    def mutate(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
        i = _str_key_index(path)
        if i is None:
            return set_to(label, new)(doc, path, rng)
        parent = get(doc, path[:i])
        changed = {(new if k == path[i] else k): v for k, v in parent.items()}
        return Mutation(put(doc, path[:i], changed), f"key {path[i]!r} renamed {label}",
                        _checks(new if isinstance(new, str) else ""))
    return mutate


def duplicate_key(fmt: str) -> Mutate:
    def mutate(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
        i = _str_key_index(path)
        parent = get(doc, path[:i]) if i is not None else doc
        key = path[i] if i is not None else "footwork"
        pairs = Pairs(parent.items())
        pairs.append((key, "other"))
        return Mutation(put(doc, path[:i] if i is not None else (), pairs),
                        f"key {key!r} twice", fmt=fmt)
    return mutate


def drop_key(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
    if not path:
        return Mutation({}, "everything removed")
    parent = get(doc, path[:-1])
    del parent[path[-1]]
    return Mutation(doc, "removed")


def extra_key(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
    parent = get(doc, path[:-1]) if path else doc
    if isinstance(parent, dict):
        parent["zz_unknown"] = 1
    elif isinstance(parent, list):
        parent.append("zz_unknown")
    return Mutation(doc, "an unknown key zz_unknown: 1 beside it")


def swap_container(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
    if not path:
        return Mutation([doc], "the document put in a list")
    parent = get(doc, path[:-1])
    swapped = list(parent.values()) if isinstance(parent, dict) else {
        str(i): v for i, v in enumerate(parent)}
    return Mutation(put(doc, path[:-1], swapped),
                    f"the enclosing {'mapping' if isinstance(parent, dict) else 'list'} "
                    "turned into the other kind")


def nodes(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + sum(nodes(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(nodes(v) for v in value)
    return 1


def repeat_list(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
    """The enclosing list as many copies of one item: about 400,000 values in at most
    3.5 MB, within the default limits (500,000 values, 4 MB), so footwork has to read
    it all, or refuse it by a count, within the time bound."""
    for i in range(len(path), 0, -1):
        outer = get(doc, path[:i - 1])
        if isinstance(outer, list):
            one = outer[path[i - 1]]
            size = max(len(flow(one, "json")),  # as YAML it may take more room
                       sum(len(line) + 1 for line in yaml_lines(one, 2 * i, i))) + 4
            count = max(2, min(400_000 // nodes(one), 3_500_000 // size))
            return Mutation(put(doc, path[:i - 1], [one] * count),
                            f"the list {show_path(path[:i - 1])} as {count:,} copies of "
                            "one item")
    return set_to("a list of 400,000 zeros", [0] * 400_000)(doc, path, rng)


def nested(label: str, value: Any, fmt: str | None = None) -> Mutate:
    def mutate(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
        return Mutation(put(doc, path, value), label, fmt=fmt)
    return mutate


def alias_bomb() -> Raw:
    levels = ["&b0 [" + ", ".join(["lol"] * 9) + "]"]
    levels += [f"&b{i} [" + ", ".join([f"*b{i - 1}"] * 9) + "]" for i in range(1, 10)]
    return Raw("[" + ", ".join(levels) + "]", "null")


def alias_amplified() -> Raw:
    """400,000 values from a 3 KB text: under the node budget, heavy to validate."""
    text = "[&w [" + ", ".join(["0"] * 1000) + "], " + ", ".join(["*w"] * 399) + "]"
    return Raw(text, "null")


def text_change(label: str, change: Callable[[str, random.Random], str | bytes],
                fmt: str | None = None) -> Mutate:
    def mutate(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
        return Mutation(doc, label, text=change, fmt=fmt)
    return mutate


def raw_control(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
    ch = rng.choice(["\x00", "\x07", "\x1b", "\x7f", "\x0c"])
    return Mutation(put(doc, path, Verbatim(f"a{ch}b")),
                    f"a raw {ch!r} (unescaped) inside a string")


def bad_utf8(text: str, rng: random.Random) -> bytes:
    data = text.encode("utf-8")
    at = rng.randrange(len(data))
    return data[:at] + b"\xff\xfe" + data[at:]


def renamed_file(doc: Any, path: KeyPath, rng: random.Random) -> Mutation:
    """A path with markup and an emoji shortcode in it (in a directory "x[")."""
    stem = "x[/b]y:100:zz[bold red]q"
    return Mutation(doc, f"file named {stem!r}", _checks(stem, (stem, "zzq")), stem=stem)


MUTATIONS: list[tuple[str, Mutate]] = [
    # wrong types
    ("true", set_to("true", True)),
    ("false", set_to("false", False)),
    ("text", set_to("'banana'", "banana")),
    ("numeric-text", set_to("'4'", "4")),
    ("list", set_to("[1, 2]", [1, 2])),
    ("empty-list", set_to("[]", [])),
    ("mapping", set_to("{a: 1}", {"a": 1})),
    ("empty-mapping", set_to("{}", {})),
    ("null", set_to("null", None)),
    ("int", set_to("7", 7)),
    ("negative", set_to("-3", -3)),
    ("zero", set_to("0", 0)),
    ("float", set_to("2.5", 2.5)),
    ("timestamp", set_to("2026-01-01 (a YAML date)", Raw("2026-01-01", '"2026-01-01"'))),
    # huge and non-finite numbers
    ("1e300", set_to("1e300", 1e300)),
    ("-1e300", set_to("-1e300", -1e300)),
    ("1e-300", set_to("1e-300", 1e-300)),
    ("10**5000", set_to("10**5000 as a literal", Raw(HUGE, HUGE))),
    ("nan", set_to(".nan / NaN", Raw(".nan", "NaN"))),
    ("inf", set_to(".inf / Infinity", Raw(".inf", "Infinity"))),
    ("-inf", set_to("-.inf / -Infinity", Raw("-.inf", "-Infinity"))),
    ("10**9", set_to("10**9", 10**9)),
    ("1000", set_to("1000", 1000)),
    ("10**4", set_to("10,000", 10_000)),
    ("10**5", set_to("100,000", 100_000)),
    ("-10**5", set_to("-100,000", -100_000)),
    ("99999.5", set_to("99,999.5", 99_999.5)),
    ("-10**9", set_to("-10**9", -(10**9))),
    ("2**64", set_to("2**64", 2**64)),
    ("huge-dice", set_to("'1000000d1000000'", "1000000d1000000")),
    ("negative-dice", set_to("'-1d20'", "-1d20")),
    ("big-dice", set_to("'100d1000'", "100d1000")),
    # markup, emoji, control characters, newlines, long strings
    ("markup-close", set_to("'xq[/b]yq'", "xq[/b]yq", ("xq[/b]yq", "xqyq"))),
    ("markup-open", set_to("'zz[bold red]q'", "zz[bold red]q", ("zz[bold red]q", "zzq"))),
    ("emoji-fire", set_to("':fire:'", ":fire:")),
    ("emoji-100", set_to("'a:100:b'", "a:100:b")),
    ("bell", set_to("'a\\x07b'", "a\x07b")),
    ("escape", set_to("'\\x1b[31mred'", "\x1b[31mred")),
    ("nul", set_to("'a\\x00b'", "a\x00b")),
    ("newline", set_to("'a\\nb'", "a\nb")),
    ("crlf-in-text", set_to("'a\\r\\nb'", "a\r\nb")),
    ("line-separator", set_to("'a\\u2028b'", "a\u2028b")),
    ("surrogate", set_to("'a\\ud800b' (a lone surrogate)", "a\ud800b")),
    ("zero-width", set_to("'a\\u200bb'", "a\u200bb")),
    ("inner-bom", set_to("'a\\ufeffb'", "a\ufeffb")),
    ("1MB", set_to("a 1 MB string", "x" * 1_000_000)),
    ("empty-text", set_to("''", "")),
    ("space", set_to("' '", " ")),
    ("raw-control", raw_control),
    # strange ids, everywhere they occur
    ("id-markup-close", rename("+'[/b]'", lambda o: o + "[/b]")),
    ("id-markup-open", rename("+'[bold red]zq'", lambda o: o + "[bold red]zq", "zq")),
    ("id-emoji-fire", rename("':fire:'+", lambda o: ":fire:" + o)),
    ("id-emoji-100", rename("+':100:'", lambda o: o + ":100:")),
    ("id-newline", rename("+'\\nx'", lambda o: o + "\nx")),
    ("id-nul", rename("+'\\x00'", lambda o: o + "\x00")),
    ("id-escape", rename("+'\\x1b[2J'", lambda o: o + "\x1b[2J")),
    ("id-leading-space", rename("' '+", lambda o: " " + o)),
    ("id-emoji", rename("+'🔥'", lambda o: o + "🔥")),
    ("id-xml", rename("+'<&>\"'", lambda o: o + "<&>\"'")),
    ("id-65", rename("to 65 chars", lambda o: (o + "x" * 65)[:65])),
    ("id-10k", rename("+10,000 chars", lambda o: o + "y" * 10_000)),
    ("id-rtl", rename("+'\\u202e'", lambda o: o + "\u202e")),
    ("id-empty", rename("''", lambda o: "")),
    # keys
    ("key-newline", rekey("'a\\nb'", "a\nb")),
    ("key-nul", rekey("'a\\x00b'", "a\x00b")),
    ("key-markup", rekey("'k[/b]'", "k[/b]")),
    ("key-emoji", rekey("':fire:'", ":fire:")),
    ("key-long", rekey("1,000 chars", "k" * 1000)),
    ("key-empty", rekey("''", "")),
    ("key-int", rekey("7", 7)),
    ("key-bool", rekey("true", True)),
    ("duplicate-key", duplicate_key("yaml")),
    ("duplicate-key-json", duplicate_key("json")),
    ("drop-key", drop_key),
    ("extra-key", extra_key),
    ("swap-container", swap_container),
    ("repeat-list", repeat_list),
    # deep nesting and aliases
    ("nest-list-100", nested("a list nested 100 deep", Raw("[" * 100 + "0" + "]" * 100,
                                                           "[" * 100 + "0" + "]" * 100))),
    ("nest-list-250", nested("a list nested 250 deep", Raw("[" * 250 + "0" + "]" * 250,
                                                           "[" * 250 + "0" + "]" * 250))),
    ("nest-list-1000", nested("a list nested 1,000 deep", Raw("[" * 1000 + "0" + "]" * 1000,
                                                              "[" * 1000 + "0" + "]" * 1000))),
    ("nest-list-5000", nested("a list nested 5,000 deep", Raw("[" * 5000 + "0" + "]" * 5000,
                                                              "[" * 5000 + "0" + "]" * 5000))),
    ("nest-map-100", nested("a mapping nested 100 deep", Raw('{"a": ' * 100 + "0" + "}" * 100,
                                                             '{"a": ' * 100 + "0" + "}" * 100))),
    ("nest-block-300", nested("a block mapping nested 300 deep", BlockNest(300))),
    ("nest-block-1000", nested("a block mapping nested 1,000 deep", BlockNest(1000))),
    ("alias-bomb", nested("an alias bomb (9 levels of 9)", alias_bomb(), "yaml")),
    ("alias-self", nested("&r [*r] (an alias inside itself)", Raw("&r [*r]", "null"),
                          "yaml")),
    ("alias-amplified", nested("400,000 values through one alias", alias_amplified(),
                               "yaml")),
    # the text of the file
    ("bom", text_change("a byte-order mark first", lambda t, r: "\ufeff" + t, "yaml")),
    ("bom-json", text_change("a byte-order mark first", lambda t, r: "\ufeff" + t, "json")),
    ("crlf", text_change("CRLF line ends", lambda t, r: t.replace("\n", "\r\n"))),
    ("truncated", text_change("the file cut short", lambda t, r: t[:r.randrange(len(t))])),
    ("bad-utf8", text_change("bytes 0xff 0xfe inside", bad_utf8)),
    ("utf16", text_change("saved as UTF-16", lambda t, r: t.encode("utf-16"))),
    ("tabs", text_change("tabs for indentation", lambda t, r: re.sub("(?m)^  ", "\t", t),
                         "yaml")),
    ("doc-empty", text_change("an empty file", lambda t, r: "")),
    ("doc-null", text_change("the document null", lambda t, r: "null\n")),
    ("doc-list", text_change("the document a list", lambda t, r: "[1, 2]\n")),
    ("doc-scalar", text_change("the document a number", lambda t, r: "42\n")),
    ("doc-twice", text_change("two documents", lambda t, r: t + ("---\n" if t[0] != "{" else "")
                              + t)),
    ("doc-yaml11", text_change("a %YAML 1.1 directive", lambda t, r: "%YAML 1.1\n---\n" + t,
                               "yaml")),
    ("file-name", renamed_file),
]


#: where a kind of mutation is aimed: at a number (wrong types and odd numbers where
#: numbers are expected), at a text (numbers and odd characters where names are), at
#: dice notation; kinds not listed take any scalar
AIM = {
    **dict.fromkeys(["true", "text", "numeric-text", "list", "mapping", "null", "timestamp",
                     "1e300", "-1e300", "1e-300", "10**5000", "nan", "inf", "-inf", "10**9",
                     "1000", "10**4", "10**5", "-10**5", "99999.5", "-10**9", "2**64"],
                    "number"),
    **dict.fromkeys(["false", "empty-list", "empty-mapping", "int", "negative", "zero",
                     "float", "markup-close", "markup-open", "emoji-fire", "emoji-100",
                     "bell", "escape", "nul", "newline", "crlf-in-text", "line-separator",
                     "surrogate", "zero-width", "inner-bom", "1MB", "empty-text", "space",
                     "raw-control"], "text"),
    **dict.fromkeys(["huge-dice", "negative-dice", "big-dice"], "dice"),
}
_DICE = re.compile(r"\d*d(\d+|%)\S*")


def aimed(value: Any, aim: str | None) -> bool:
    if aim == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if aim == "text":
        return isinstance(value, str)
    if aim == "dice":
        return isinstance(value, str) and bool(_DICE.fullmatch(value))
    return True


@dataclass
class Case:
    index: int
    example: str
    kind: str
    path: str
    inserted: str
    fmt: str
    name: str
    data: bytes
    actor: str | None
    forbidden: list[list[str]]


def _load(path: Path) -> Any:
    yaml = YAML(typ="safe", pure=True)
    yaml.version = (1, 2)
    return yaml.load(path.read_text(encoding="utf-8"))


def _first_actor(doc: Any) -> str | None:
    try:
        actor = doc["actors"][0]["id"]
    except (KeyError, IndexError, TypeError):
        return None
    return actor if isinstance(actor, str) else None


def make_cases(per_file: int = PER_FILE) -> list[Case]:
    """``per_file`` cases for every example: mutation kinds dealt in turn across the
    files (so each kind meets every ruleset), paths drawn from the file's scalars (those
    of the kind's aim, see AIM)."""
    cases: list[Case] = []
    for f, example in enumerate(EXAMPLES):
        original = _load(example)
        paths = scalars(original)
        rel = example.relative_to(ROOT / "examples").as_posix()
        for slot in range(per_file):
            kind, mutate = MUTATIONS[(slot * len(EXAMPLES) + f) % len(MUTATIONS)]
            rng = random.Random(f"{SEED}:{rel}:{slot}")
            aim = AIM.get(kind)
            # half the time outside the steps, which hold most scalars of a file
            pool = ([p for p in paths if p[:1] != ("steps",)] if rng.random() < 0.5 else []
                    ) or paths
            path = rng.choice([p for p in pool if aimed(get(original, p), aim)]
                              or [p for p in pool if aimed(get(original, p), "text")]
                              or pool)
            mutation = mutate(copy.deepcopy(original), path, rng)
            fmt = mutation.fmt or ("yaml" if rng.random() < 0.65 else "json")
            text = dump(mutation.doc, fmt)
            data = mutation.text(text, rng) if mutation.text else text
            index = len(cases)
            stem = f"{index:03d}-{example.stem}" + (f"-{mutation.stem}" if mutation.stem else "")
            cases.append(Case(
                index=index, example=rel, kind=kind, path=show_path(path),
                inserted=mutation.inserted, fmt=fmt, name=f"{stem}.{fmt}",
                data=data.encode("utf-8") if isinstance(data, str) else data,
                actor=_first_actor(mutation.doc), forbidden=mutation.forbidden))
    return cases


# -- running them ------------------------------------------------------------------------


def _run_chunk(chunk: int, cases: list[dict[str, Any]], workdir: Path) -> list[dict[str, Any]]:
    """Run ``cases`` in one worker process, restarting it after a case that kills it."""
    listing = workdir / f"cases-{chunk}.json"
    listing.write_text(json.dumps(cases), encoding="utf-8")
    log = workdir / f"worker-{chunk}.log"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
           "NUMBA_NUM_THREADS": "1", "FOOTWORK_FUZZ_MEMORY": str(MEMORY_BYTES)}
    results: dict[int, dict[str, Any]] = {}
    start = 0
    while start < len(cases):
        with log.open("ab") as err:
            err.write(f"--- a worker from case {start}\n".encode())
            err.flush()
            proc = subprocess.Popen(
                [sys.executable, "-m", "tests.fuzz.worker", str(listing), str(start)],
                cwd=ROOT, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL,
                env=env)
        lines: queue.Queue[bytes | None] = queue.Queue()

        def pump(stream: Any = proc.stdout, out: queue.Queue[bytes | None] = lines) -> None:
            for line in stream:
                out.put(line)
            out.put(None)

        threading.Thread(target=pump, daemon=True).start()
        current, command, finished = start, "start", False
        deadline = time.monotonic() + 120  # importing footwork, the first time
        while True:
            try:
                raw = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                proc.kill()
                proc.wait()
                results.setdefault(current, {"problems": [[
                    "hung: killed after its timer failed to stop it",
                    f"no answer {WALL_SECONDS:.0f} s into {command}"]],
                    "commands": []})
                break
            if raw is None:
                code = proc.wait()
                if not finished and current not in results:
                    text = log.read_text(encoding="utf-8", errors="replace")
                    tail = text[text.rfind("--- a worker"):].splitlines()[1:][-6:]
                    results[current] = {"problems": [[
                        f"worker died (exit {code})", f"during {command}: "
                        + " | ".join(t.strip() for t in tail)[-600:]]], "commands": []}
                break
            text = raw.decode("utf-8", "replace")
            if not text.startswith(worker.PREFIX):
                continue
            message = json.loads(text[len(worker.PREFIX):])
            if message.get("finished"):
                finished = True
            elif "done" in message:
                results[message["done"]] = message
            else:
                current, command = message["at"], message["cmd"]
                deadline = time.monotonic() + WALL_SECONDS
        start = len(cases) if finished else current + 1
    return [results.get(i, {"problems": [["no result", "the worker never ran it"]],
                            "commands": []}) for i in range(len(cases))]


def run_cases(cases: list[Case], workdir: Path, workers: int = WORKERS
              ) -> list[dict[str, Any]]:
    (workdir / "files").mkdir(parents=True, exist_ok=True)
    jobs: list[dict[str, Any]] = []
    for case in cases:
        file = workdir / "files" / case.name
        file.parent.mkdir(parents=True, exist_ok=True)  # a name with "/" in it
        file.write_bytes(case.data)
        jobs.append({"file": str(file), "actor": case.actor, "forbidden": case.forbidden,
                     "svg": str(workdir / "files" / f"{case.index:03d}.svg")})
    chunks = [list(range(w, len(cases), workers)) for w in range(workers)]
    with ThreadPoolExecutor(workers) as pool:
        done = list(pool.map(lambda w: _run_chunk(w, [jobs[i] for i in chunks[w]], workdir),
                             range(workers)))
    results: list[dict[str, Any]] = [{}] * len(cases)
    for w, chunk in enumerate(chunks):
        for i, result in zip(chunk, done[w], strict=True):
            results[i] = result
    return results


def report(cases: list[Case], results: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The failing cases, one block each, and the failure kinds with a count and an example."""
    blocks: list[str] = []
    kinds: dict[str, list[int]] = {}
    for case, result in zip(cases, results, strict=True):
        problems = result["problems"]
        if not problems:
            continue
        exits = ", ".join(f"{c['cmd']} {'stopped' if c['exit'] is None else c['exit']}"
                          f" ({c['seconds']} s)" for c in result["commands"])
        block = [f"[{case.index}] {case.example} as {case.fmt.upper()} ({case.name}): "
                 f"{case.kind} at {case.path}: {case.inserted}",
                 f"    exits: {exits or '-'}"]
        for kind, detail in problems:
            block.append(f"    - {kind}: {detail}")
            kinds.setdefault(kind, []).append(case.index)
        for c in result["commands"]:
            if c["stderr"] and c["exit"] != 0:
                block.append(f"    {c['cmd']} stderr ({c['stderr_lines']} lines): "
                             + " / ".join(c["stderr"]))
                break
        blocks.append("\n".join(block))
    summary = [f"{len(ids):4d} cases  {kind}  (e.g. case {ids[0]})"
               for kind, ids in sorted(kinds.items(), key=lambda kv: -len(kv[1]))]
    return blocks, summary


def test_fuzz_example_files(tmp_path: Path) -> None:
    """Every mutated example is refused in one line or accepted, never a traceback,
    within the time and memory bounds."""
    started = time.monotonic()
    cases = make_cases()
    if os.environ.get("FOOTWORK_FUZZ_ONLY"):  # case numbers or kinds, to look at a few
        only = set(os.environ["FOOTWORK_FUZZ_ONLY"].split(","))
        cases = [c for c in cases if c.kind in only or str(c.index) in only]
    results = run_cases(cases, tmp_path)
    blocks, summary = report(cases, results)
    slow = sorted(((c["seconds"] or 0.0, case.index, c["cmd"])
                   for case, r in zip(cases, results, strict=True) for c in r["commands"]),
                  reverse=True)
    print(f"{len(cases)} cases from {len(EXAMPLES)} examples, {len(blocks)} failing, "
          f"{time.monotonic() - started:.0f} s; slowest commands (CPU): "
          + ", ".join(f"case {i} {cmd} {s:.1f} s" for s, i, cmd in slow[:6]))
    if os.environ.get("FOOTWORK_FUZZ_REPORT"):
        Path(os.environ["FOOTWORK_FUZZ_REPORT"]).write_text(json.dumps(
            [{"case": {k: v for k, v in vars(c).items() if k != "data"}, "result": r}
             for c, r in zip(cases, results, strict=True)], indent=1), encoding="utf-8")
    print("\n".join(blocks))
    assert not blocks, (f"{len(blocks)} of {len(cases)} mutated files failed:\n"
                        + "\n".join(summary))


def test_the_cases_are_the_same_on_every_run() -> None:
    first, second = make_cases(2), make_cases(2)
    assert [(c.kind, c.path, c.data) for c in first] == [(c.kind, c.path, c.data)
                                                         for c in second]
    assert {c.example.split("/")[0] for c in first} == {
        "allowances", "cultivation", "sitemaps", "spans", "styles"}


def test_the_judge_flags_what_it_should() -> None:
    """The oracle itself: a clean refusal passes; each kind of fault is named."""
    def kinds(cmd: str, code: int, out: str, err: str, exc: BaseException | None,
              forbidden: list[list[str]] | None = None) -> list[str]:
        return [kind for kind, _ in worker.judge(cmd, code, out, err, exc, forbidden or [])]

    refused = SystemExit(2)
    assert kinds("run", 2, "", "error: f.yaml:3: seed: expected a number\n", refused) == []
    assert kinds("run", 2, "", "warning: w\nerror: f.yaml: bad\n", refused) == []
    assert kinds("run", 0, "ok\n", "", None) == []
    # every fault of a file is its own error line; a line that is not one is flagged
    assert kinds("run", 2, "", "error: a\nerror: b\n", refused) == []
    assert kinds("run", 2, "", "error: a\nb\n", refused) == ["refused without 'error: '"]
    assert kinds("run", 2, "", "error: a\n" * (MAX_ERRORS + 2), refused) == [
        "refused with other than one line on stderr"]
    assert kinds("run", 2, "", "Error: no such option\n", refused) == [
        "refused without 'error: '", "Python exception name in the error (Error:)"]
    assert kinds("run", 2, "", "error: f.yaml: RecursionError: deep\n", refused) == [
        "Python exception name in the error (RecursionError:)"]
    assert kinds("run", 2, "", "error: f.yaml: a\x1b[2Jb\n", refused) == [
        "control character in the error line"]
    assert kinds("run", 2, "", f"error: {'x' * 2000}\n", refused) == [
        "error line longer than a short excerpt"]
    assert kinds("run", 1, "", "", ValueError("x"))[0].startswith("uncaught ValueError")
    assert kinds("run", 1, "", "Traceback (most recent call last):\n  ...\n", None) == [
        "traceback printed"]
    assert kinds("run", 0, "", "/x/y.py:3: RuntimeWarning: overflow\n  z = a * b\n", None) == [
        "Python warning on stderr"]
    assert kinds("run", 0, "ada🔥 moves", "", None, [["🔥", "emoji", "why"]]) == ["emoji"]
    assert kinds("state", 0, '{"x": NaN}', "", None) == [
        "state printed invalid or non-finite JSON"]
    assert kinds("run", 3, "", "", SystemExit(3)) == ["exit code not 0, 1 or 2"]
