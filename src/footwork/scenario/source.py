"""Reading encounter text: YAML 1.2 (ruamel) or JSON, keeping where each value stood.

Errors found later (by pydantic, by the ruleset) carry a path such as
``actors[1].stats.guard``; :class:`Source` turns that path back into a line.
"""

from __future__ import annotations

import json
import math
import re
import threading
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, ReusedAnchorWarning, YAMLError, YAMLWarning

from footwork import limits
from footwork.errors import ScenarioError, ScenarioErrors, excerpt
from footwork.fields import printable_line


@dataclass(frozen=True)
class Source:
    """The parsed document, its name, and the ruamel tree for line look-ups."""

    name: str
    data: Any
    tree: Any = None
    #: JSON text whose tree is parsed only when a line is asked for (most files load
    #: without an error, and ruamel is slow on large JSON)
    json_text: str | None = field(default=None, repr=False, compare=False)

    def line_of(self, path: Sequence[str | int]) -> int | None:
        """1-based line of the deepest node of ``path`` that exists in the file."""
        if self.tree is None and self.json_text is not None:
            tree = None
            # the same text as YAML, only to know the line of each value; a large file's
            # errors name the path alone (ruamel reads some 30,000 values a second)
            if len(self.json_text) <= _JSON_LINES_MAX:
                try:
                    tree = _yaml().load(self.json_text)
                except (YAMLError, ValueError, RecursionError):
                    tree = None
            object.__setattr__(self, "tree", tree)
            object.__setattr__(self, "json_text", None)
        node = self.tree
        root = getattr(node, "lc", None)
        line: int | None = root.line + 1 if root is not None and root.line is not None else None
        for key in path:
            lc = getattr(node, "lc", None)
            try:
                if isinstance(node, dict) and key in node:
                    if lc is not None:
                        line = lc.key(key)[0] + 1
                    node = node[key]
                elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
                    if lc is not None:
                        line = lc.item(key)[0] + 1
                    node = node[key]
                else:
                    break
            except (KeyError, IndexError, TypeError):
                break
        return line

    def error(self, message: str, path: Sequence[str | int] = ()) -> ScenarioError:
        return ScenarioError(message, file=self.name, path=format_path(path),
                             line=self.line_of(path))


def format_path(path: Sequence[str | int]) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def parse_text(text: str, name: str = "<text>") -> Source:
    """Parse YAML 1.2 or JSON (by the name's ending), refusing what could exhaust memory
    or time before building anything: bytes, nesting, aliases, number literals."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.current().file_bytes:
        raise limits.LimitExceeded("file_bytes", size, limits.current().file_bytes, file=name)
    text = text.removeprefix("\ufeff")  # a byte-order mark, accepted in YAML and JSON alike
    if name.endswith(".json"):
        return _parse_json(text, name)
    yaml = _yaml()
    try:
        with _ruamel_warnings() as caught:
            _scan_yaml(yaml, text, name)
            tree = yaml.load(text)
        _refuse_warned(caught, name)
    except MarkedYAMLError as exc:
        line, words = yaml_fault(exc, text)
        raise ScenarioError(f"invalid YAML: {words}", file=name, line=line) from None
    except YAMLError as exc:
        raise ScenarioError(f"invalid YAML: {_excerpt(str(exc))}", file=name) from None
    except (ValueError, RecursionError) as exc:  # int() of a huge literal, say
        raise ScenarioError(f"invalid YAML: {_excerpt(str(exc))}", file=name) from None
    source = Source(name, None, tree)
    return Source(name, _Plain(source).value(tree), tree)


#: one parse at a time records ruamel's warnings (``warnings.catch_warnings`` swaps
#: process-wide state: two threads doing it at once would lose each other's)
_WARNINGS_LOCK = threading.Lock()


@contextmanager
def _ruamel_warnings() -> Iterator[list[warnings.WarningMessage]]:
    """ruamel's warnings during a parse, caught instead of printed: printed, they would
    put excerpts of a stranger's file on a server's stderr (issue 24, item 12)."""
    with _WARNINGS_LOCK, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", YAMLWarning)
        yield caught


def _refuse_warned(caught: list[warnings.WarningMessage], name: str) -> None:
    """A file ruamel warned about is refused, each warning a fault in our own words
    (its line, never an excerpt of the file)."""
    faults: dict[tuple[int | None, str], ScenarioError] = {}
    for found in caught:
        warning = found.message
        if not isinstance(warning, YAMLWarning) and not (
                isinstance(found.category, type) and issubclass(found.category, YAMLWarning)):
            continue
        # ruamel writes its marks into the text ("line 3, column 4" and the file's
        # lines): only the line numbers are kept
        lines = [int(n) for n in re.findall(r"line (\d+), column", str(warning))]
        line = lines[-1] if lines else None
        if issubclass(found.category, ReusedAnchorWarning):
            where = f" (first at line {lines[0]})" if len(lines) > 1 else ""
            words = f"an anchor is defined again{where}: give each anchor its own name"
        else:
            words = f"{found.category.__name__} (ruamel's warning, not accepted here)"
        # the file is read twice (the scan, then the tree): each fault once
        faults.setdefault((line, words), ScenarioError(f"invalid YAML: {words}", file=name,
                                                       line=line))
    faults_found = list(faults.values())
    if len(faults_found) == 1:
        raise faults_found[0]
    if faults_found:
        raise ScenarioErrors(faults_found)


#: said of every syntax error: the parser cannot go on, so later faults are not found
_STOPS = "; fix this first: the file is not read past it"


def yaml_fault(exc: MarkedYAMLError, text: str) -> tuple[int | None, str]:
    """The line of a YAML syntax error and what is wrong there, in a map-maker's words
    rather than the parser's (``expected <block end>, but found ...``)."""
    problem = exc.problem or ""
    context = exc.context or ""
    at = exc.problem_mark
    opened = exc.context_mark
    line = at.line + 1 if at is not None else None
    began = opened.line + 1 if opened is not None else None
    lines = text.splitlines()

    def text_of(number: int | None) -> str:
        return lines[number - 1] if number is not None and 0 < number <= len(lines) else ""

    words: str
    if "'\\t'" in problem or "\t" in problem:
        words = "a tab character: indent and separate with spaces, never tabs"
    elif "cannot start any token" in problem:
        char = problem.split("'")[1] if problem.count("'") >= 2 else "?"
        words = f"a value cannot begin with {char!r}: put the value in quotes"
    elif "quoted scalar" in context:
        quote = text_of(began)[opened.column] if opened is not None and opened.column < len(
            text_of(began)) else "quote"
        line, words = began, f"the {quote} opened on this line is never closed"
    elif "flow sequence" in context or "flow mapping" in context:
        pair = "[]" if "sequence" in context else "{}"
        line = began
        words = (f"the {pair[0]!r} opened on this line is not closed with {pair[1]!r} (or two "
                 f"of its items lack a comma between them)")
        if began != (at.line + 1 if at is not None else None):
            words += f"; the file stops making sense on line {at.line + 1 if at else '?'}"
    elif "duplicate key" in problem:
        key = problem.split('"')[1] if problem.count('"') >= 2 else "?"
        words = f"duplicate key {_excerpt(key, 40)!r}: a mapping names each key once"
        first = next((n for n in range(began or 1, line or 1) if re.match(
            rf"\s*(- )?[{{,]?\s*[\"']?{re.escape(key)}[\"']?\s*:", text_of(n))), None)
        if first is not None:
            words += f" (first on line {first})"
    elif "could not find expected ':'" in problem:
        line = began if began is not None else line
        words = ("a key without a value: write 'name: value' (a colon, a space, then the "
                 "value)")
    elif "<block end>" in problem or "<block mapping start>" in problem:
        words = ("this line is indented differently from the ones above it (lines of the "
                 "same list or mapping start in the same column)")
    elif "mapping values are not allowed" in problem:
        words = _colon_or_indent(text_of(line), text_of((line or 1) - 1),
                                 at.column if at is not None else 0)
    elif "undefined alias" in problem:
        name = problem.split("'")[1] if problem.count("'") >= 2 else "?"
        words = f"*{_excerpt(name, 40)} refers to no anchor &{_excerpt(name, 40)} above it"
    elif "single document" in context or "another document" in problem:
        words = "a second document (after ---): an encounter file holds one"
    elif "end of stream" in problem:
        words = "the file ends in the middle of a value"
    else:
        words = _excerpt(problem or context or "malformed YAML")
    return line, words + _STOPS


def _colon_or_indent(here: str, above: str, column: int) -> str:
    """``mapping values are not allowed here``: a line indented deeper than the one above
    it (read as the same value, continued), or a colon inside a value."""
    indent = len(here) - len(here.lstrip(" "))
    above_indent = len(above) - len(above.lstrip(" "))
    if indent > above_indent and above.strip() and not above.rstrip().endswith(":") \
            and column > indent:
        return ("this line is indented more than the one above it, which has a value "
                "already (lines of the same mapping start in the same column)")
    return "a colon followed by a space inside a value: put the value in quotes"


def read_file(path: str | Path) -> Source:
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > limits.current().file_bytes:
            raise limits.LimitExceeded("file_bytes", size, limits.current().file_bytes,
                                       file=str(path))
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError("no such file", file=str(path)) from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"expected UTF-8 text; byte {exc.start} is not",
                            file=str(path)) from None
    except OSError as exc:
        raise ScenarioError(f"cannot read the file: {exc.strerror or exc}",
                            file=str(path)) from None
    return parse_text(text, str(path))


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.version = (1, 2)
    return yaml


#: the largest JSON text whose error messages get line numbers
_JSON_LINES_MAX = 200_000
#: a plain scalar that YAML 1.2 reads as a number (or tries to)
_NUMBERISH = re.compile(r"[-+]?(\.?[0-9]|0[xo])")
#: the longest number literal: enough for any seed or coordinate, far below what
#: Python refuses to convert (4,300 digits)
_MAX_NUMBER_CHARS = 40


def _scan_yaml(yaml: YAML, text: str, name: str) -> None:
    """Walk the parser's events (no recursion, nothing built) and refuse deep nesting,
    alias expansion past the node budget, self-referring aliases and huge numbers."""
    budget = limits.current()
    sizes: dict[str, int] = {}  # anchor -> values it stands for
    open_anchors: set[str] = set()
    stack: list[list[Any]] = []  # [values so far, anchor] per open collection
    total = 0

    def fail(limit: str, count: int, maximum: int, line: int) -> limits.LimitExceeded:
        return limits.LimitExceeded(limit, count, maximum, file=name, line=line)

    for seen, event in enumerate(yaml.parse(text)):
        if seen & 255 == 255:  # a server's time budget (limits.time_budget), if any
            limits.check_time()
        kind = type(event).__name__
        line = event.start_mark.line + 1 if event.start_mark is not None else 0
        if kind in ("MappingStartEvent", "SequenceStartEvent"):
            if len(stack) >= budget.nesting:
                raise fail("nesting", len(stack) + 1, budget.nesting, line)
            if event.anchor:
                open_anchors.add(event.anchor)
            stack.append([1, event.anchor])
            continue
        if kind in ("MappingEndEvent", "SequenceEndEvent"):
            count, anchor = stack.pop()
            if anchor:
                sizes[anchor] = count
                open_anchors.discard(anchor)
            if stack:
                stack[-1][0] += count
            else:
                total += count
            continue
        if kind == "ScalarEvent":
            count = 1
            value = event.value
            if (event.style is None and len(value) > _MAX_NUMBER_CHARS
                    and _NUMBERISH.match(value)):
                raise ScenarioError(
                    f"a number of {len(value)} characters; expected at most "
                    f"{_MAX_NUMBER_CHARS}", file=name, line=line)
            if event.anchor:
                sizes[event.anchor] = 1
        elif kind == "AliasEvent":
            if event.anchor in open_anchors:
                raise ScenarioError(f"alias *{_excerpt(event.anchor)} refers to a value that "
                                    "contains it", file=name, line=line)
            count = sizes.get(event.anchor, 1)
        else:
            continue
        if stack:
            stack[-1][0] += count
        else:
            total += count
        if total + sum(c for c, _ in stack) > budget.nodes:
            raise fail("nodes", total + sum(c for c, _ in stack), budget.nodes, line)



def _parse_json(text: str, name: str) -> Source:
    depth, line = _json_depth(text)
    if depth > limits.current().nesting:
        raise limits.LimitExceeded("nesting", depth, limits.current().nesting, file=name,
                                   line=line)
    try:
        # NaN and Infinity are parsed so that the walk below refuses them with their path
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_int_literal)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"invalid JSON: {_json_words(exc)}", file=name,
                            line=exc.lineno) from None
    except _JsonFault as exc:
        raise ScenarioError(f"invalid JSON: {exc}", file=name,
                            line=_json_line(text, exc.needle)) from None
    source = Source(name, None, json_text=text)
    return Source(name, _Plain(source).value(data), json_text=text)


#: the JSON parser's messages (their start), in a map-maker's words
_JSON_WORDS = (
    ("Expecting property name", "expected a key in double quotes (is there a comma "
                                "before a closing brace?)"),
    ("Expecting ',' delimiter", "expected a comma between two entries, or the closing "
                                "bracket or brace"),
    ("Expecting ':' delimiter", "expected a colon after the key"),
    ("Expecting value", "expected a value: a number, a string in double quotes, true, "
                        "false, null, a list [...] or an object {...}"),
    ("Extra data", "more text after the end of the document"),
    ("Unterminated string", "a string is not closed with a double quote"),
    ("Invalid control character", "a string holds a raw line break or tab (write \\n "
                                  "or \\t)"),
    ("Invalid \\uXXXX escape", "\\u in a string must be followed by four hex digits"),
    ("Invalid \\escape", "a backslash in a string starts no known escape (write \\\\ "
                         "for a backslash)"),
)


def _json_words(exc: json.JSONDecodeError) -> str:
    """The parser's fault in plain words, with the column and what stands there."""
    words = next((w for start, w in _JSON_WORDS if exc.msg.startswith(start)), exc.msg)
    found = exc.doc[exc.pos:exc.pos + 12].split("\n", 1)[0]
    there = f"found {found!r}" if found.strip() else "found the end of the line"
    if exc.pos >= len(exc.doc):
        there = "found the end of the file"
    return f"column {exc.colno}: {words}; {there}"


class _JsonFault(ValueError):
    def __init__(self, message: str, needle: str) -> None:
        super().__init__(message)
        self.needle = needle


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _JsonFault(f"duplicate key {_excerpt(key)!r}", json.dumps(key))
        out[key] = value
    return out


def _int_literal(digits: str) -> int:
    if len(digits) > _MAX_NUMBER_CHARS:
        raise _JsonFault(f"a number of {len(digits)} characters; expected at most "
                         f"{_MAX_NUMBER_CHARS}", digits[:20])
    return int(digits)


def _json_depth(text: str) -> tuple[int, int]:
    """The deepest nesting of brackets outside strings, and the line where it is first
    reached (a scan, so that deep input cannot exhaust the recursive decoder)."""
    deepest, at, depth, line = 0, 1, 0, 1
    in_string = escaped = False
    for ch in text:
        if ch == "\n":
            line += 1
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest, at = depth, line
        elif ch in "]}":
            depth -= 1
    return deepest, at


def _json_line(text: str, needle: str) -> int | None:
    index = text.find(needle)
    return text.count("\n", 0, index) + 1 if index >= 0 else None


def _excerpt(text: str, limit: int = 60) -> str:
    return excerpt(text, limit)


class _Plain:
    """Plain dicts and lists (ruamel's commented types confuse pydantic's error paths),
    counting values against the node budget and refusing what no field may hold:
    non-finite numbers, control characters, keys that are not one printable line."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.count = 0
        self.budget = limits.current().nodes

    def value(self, node: Any, path: tuple[str | int, ...] = ()) -> Any:
        self.count += 1
        if self.count & 1023 == 0:
            limits.check_time()
        if self.count > self.budget:
            fault = self.source.error("", path)
            raise limits.LimitExceeded("nodes", self.count, self.budget, file=fault.file,
                                       path=fault.path, line=fault.line)
        if isinstance(node, dict):
            out = {}
            for k, v in node.items():
                key = k if isinstance(k, str) else str(k)
                if isinstance(k, (dict, list)):
                    raise self.source.error("expected a plain key (a name), not a collection",
                                            path)
                try:
                    printable_line(key, limit=200)
                except ValueError as exc:
                    raise self.source.error(f"key {_excerpt(key)!r}: {exc}", path) from None
                out[key] = self.value(v, (*path, key))
            return out
        if isinstance(node, list):
            return [self.value(v, (*path, i)) for i, v in enumerate(node)]
        if isinstance(node, str):
            if _CONTROL.search(node):
                raise self.source.error(
                    "expected text without control characters (other than tab and newline)",
                    path)
            return str(node)
        if isinstance(node, bool):
            return bool(node)
        if isinstance(node, int):
            return int(node)
        if isinstance(node, float):
            if not math.isfinite(node):
                raise self.source.error(f"expected a finite number, got {node}", path)
            return float(node)
        if node is None:
            return None
        if isinstance(node, date):  # YAML timestamps read as the text they were
            return node.isoformat()
        raise self.source.error(f"expected a mapping, list, text or number, got "
                                f"{type(node).__name__}", path)


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]")
