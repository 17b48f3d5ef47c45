"""The fuzz worker: plays many mutated encounter files through the `footwork` command
line in one process, so that footwork is imported once.

    python -m tests.fuzz.worker CASES.json START

Each command is one ``CliRunner`` call and may use ``COMMAND_SECONDS`` of CPU time,
as if each ran as its own ``footwork`` process under a timeout (a profiling interval
timer: CPU rather than wall time, so that other work on a shared machine cannot make
a case fail; a case stops at its first command over time); the whole process
runs under a memory limit (RLIMIT_AS, from ``FOOTWORK_FUZZ_MEMORY``), and the parent
kills it if a case stays silent past a wall-clock deadline (stuck in C, or asleep).
Progress and results go to the parent as JSON lines prefixed with ``PREFIX`` on a
copy of the original stdout (file descriptor 1 itself is pointed at stderr, so
nothing footwork prints outside ``sys.stdout`` can corrupt them). The judging is here
because it needs the whole of each output; the parent only collects and reports.
"""

from __future__ import annotations

import faulthandler
import json
import os
import re
import resource
import signal
import sys
import time
import traceback
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

PREFIX = "@@fuzz "
#: the CPU time one command (``footwork run FILE``...) may take
COMMAND_SECONDS = 20.0
TIMER = signal.ITIMER_PROF
TIMER_SIGNAL = signal.SIGPROF
#: the longest error line that is still "a short excerpt" of the input
MAX_ERROR_CHARS = 1000

TRACEBACK = "Traceback (most recent call last)"
#: the name of a Python exception, as a traceback's last line or a leaked str(exc) shows it
PY_ERROR = re.compile(r"\b(?:[A-Z][A-Za-z]*)?(?:Error|Exception)\b:?")
#: a Python warning as warnings.showwarning prints it: "file:line: CategoryWarning: text"
PY_WARNING = re.compile(r"^.*:\d+: [A-Z]\w*Warning: ", re.MULTILINE)
#: what may not appear on the one error line: control characters and line separators
CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")
#: numbers that are not numbers, in the geometry attributes of an SVG
SVG_NONFINITE = re.compile(
    r'\b(?:x|y|x1|x2|y1|y2|cx|cy|r|rx|ry|width|height|points|d|viewBox|transform)'
    r'="[^"]*\b(?:nan|inf|infinity)\b', re.IGNORECASE)

Problem = list[str]  # [kind, detail]: the kind groups failures, the detail shows one


class CommandTimeout(BaseException):
    """A command used more than COMMAND_SECONDS (a BaseException, so no ``except Exception``
    in the code under test can swallow it)."""


def _on_timer(signum: int, frame: FrameType | None) -> None:
    raise CommandTimeout


def where(exc: BaseException) -> str:
    """The innermost frame of footwork's own code in the traceback (else the last one)."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "/footwork/" in f.filename.replace(os.sep, "/")]
    frame = (ours or frames or [None])[-1]
    if frame is None:
        return "?"
    path = frame.filename.replace(os.sep, "/")
    short = path[path.rfind("/footwork/") + 1:] if "/footwork/" in path else path
    return f"{short}:{frame.lineno} in {frame.name}"


def _short(text: str, limit: int = 160) -> str:
    text = text if len(text) <= limit else text[:limit] + "…"
    return text.encode("unicode_escape").decode("ascii") if CONTROL.search(text) else text


def judge(cmd: str, code: int, stdout: str, stderr: str, exception: BaseException | None,
          forbidden: list[list[str]]) -> list[Problem]:
    """What is wrong with one command's outcome (empty when nothing is)."""
    problems: list[Problem] = []
    if exception is not None and not isinstance(exception, SystemExit):
        name = type(exception).__name__
        problems.append([f"uncaught {name} ({where(exception)})",
                         f"{cmd}: {name}: {_short(str(exception))}"])
    elif code not in (0, 1, 2):
        problems.append(["exit code not 0, 1 or 2", f"{cmd}: exit {code}"])
    for stream, text in (("stderr", stderr), ("stdout", stdout)):
        if TRACEBACK in text:
            problems.append(["traceback printed", f"{cmd}: a traceback on {stream}"])
    match = PY_WARNING.search(stderr)
    if match:
        problems.append(["Python warning on stderr",
                         f"{cmd}: {_short(stderr[match.start():].splitlines()[0])}"])
    for needle, kind, why in forbidden:
        if needle in stdout or needle in stderr:
            problems.append([kind, f"{cmd}: {why}"])
    if code == 2 and (exception is None or isinstance(exception, SystemExit)):
        lines = stderr.removesuffix("\n").split("\n") if stderr else []
        lines = [line for line in lines if not line.startswith("warning: ")]
        # a file's faults are reported at once, one line each (at most MAX_ERRORS shown,
        # then a line counting the rest)
        from footwork.scenario.encounter import MAX_ERRORS

        if not 1 <= len(lines) <= MAX_ERRORS + 1:
            problems.append(["refused with other than one line on stderr",
                             f"{cmd}: exit 2 with {len(lines)} lines on stderr"])
        for first in lines:
            if not first.startswith("error: "):
                problems.append(["refused without 'error: '",
                                 f"{cmd}: stderr starts {_short(first, 80)!r}"])
            leaked = PY_ERROR.search(first[7:] if first.startswith("error: ") else first)
            if leaked:
                problems.append([f"Python exception name in the error ({leaked.group(0)})",
                                 f"{cmd}: {_short(first)}"])
            if CONTROL.search(first):
                problems.append(["control character in the error line",
                                 f"{cmd}: {_short(first)}"])
            if len(first) > MAX_ERROR_CHARS:
                problems.append(["error line longer than a short excerpt",
                                 f"{cmd}: {len(first):,} characters"])
    if cmd == "state" and code in (0, 1) and not problems:
        try:
            json.loads(stdout, parse_constant=_no_constant)
        except ValueError as exc:
            problems.append(["state printed invalid or non-finite JSON",
                             f"state: {_short(str(exc))}"])
    return problems


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} in the state JSON")


def judge_svg(path: Path) -> list[Problem]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [["render wrote no readable SVG", f"render: {exc}"]]
    problems: list[Problem] = []
    try:
        ET.fromstring(text)
    except ET.ParseError as exc:
        problems.append(["render wrote malformed XML", f"render: {exc}"])
    match = SVG_NONFINITE.search(text)
    if match:
        problems.append(["render wrote a non-finite number",
                         f"render: {_short(text[match.start():match.end()], 100)}"])
    return problems


class Channel:
    def __init__(self) -> None:
        self.out: TextIO = os.fdopen(os.dup(1), "w", encoding="utf-8")
        os.dup2(2, 1)  # stray writes to fd 1 go to the worker's log, not the protocol

    def send(self, **message: Any) -> None:
        line = PREFIX + json.dumps(message) + "\n"
        # the case's timer waits until the line is whole
        signal.pthread_sigmask(signal.SIG_BLOCK, {TIMER_SIGNAL})
        try:
            self.out.write(line)
            self.out.flush()
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {TIMER_SIGNAL})


def run_case(runner: Any, app: Any, case: dict[str, Any], channel: Channel, index: int
             ) -> dict[str, Any]:
    file, forbidden = case["file"], case["forbidden"]
    done: list[dict[str, Any]] = []
    problems: list[Problem] = []
    exhausted: list[bool] = []

    def invoke(cmd: str, args: list[str]) -> int:
        channel.send(at=index, cmd=cmd)
        record: dict[str, Any] = {"cmd": cmd, "exit": None, "seconds": None, "stderr": [],
                                  "stderr_lines": 0}
        done.append(record)  # as it stands if the timer stops the command
        started = time.process_time()
        exception: BaseException | None
        signal.setitimer(TIMER, COMMAND_SECONDS)
        try:
            result = runner.invoke(app, args)
            code, stdout, stderr = result.exit_code, result.stdout, result.stderr
            exception = result.exception
        except CommandTimeout:
            record["seconds"] = round(time.process_time() - started, 3)
            raise
        except BaseException as exc:  # raised while the runner flushed the output, say
            code, stdout, stderr, exception = 1, "", "", exc
        finally:
            signal.setitimer(TIMER, 0)
        record["seconds"] = round(time.process_time() - started, 3)
        found = judge(cmd, code, stdout, stderr, exception, forbidden)
        if cmd == "render" and code == 0 and not found:
            found = judge_svg(Path(case["svg"]))
        lines = stderr.splitlines()
        record.update(exit=code, stderr=[_short(line, 300) for line in lines[:3]],
                      stderr_lines=len(lines))
        problems.extend(found)
        if isinstance(exception, MemoryError):
            exhausted.append(True)
        return code

    try:
        run_code = invoke("run", ["run", file])
        state_code = invoke("state", ["state", file])
        if (run_code == 2) != (state_code == 2):
            problems.append(["run and state disagree on whether the file is valid",
                             f"run exit {run_code}, state exit {state_code}"])
        if run_code != 2 or state_code != 2:
            actor = case["actor"]
            if actor is not None:
                invoke("options", ["options", file, "--actor", actor])
            render = ["render", file, "-o", case["svg"]]
            invoke("render", render + (["--actor", actor] if actor is not None else []))
    except CommandTimeout:
        cmd = done[-1]["cmd"] if done else "?"
        problems.append([f"over {COMMAND_SECONDS:.0f} s of CPU time",
                         f"{cmd} stopped by the timer"])
    return {"done": index, "problems": problems, "commands": done, "restart": bool(exhausted),
            "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}


def main(argv: list[str]) -> int:
    # The memory bound is set here, first thing, rather than by a preexec_fn: the parent
    # starts its workers from threads, where preexec_fn is not safe.
    memory = int(os.environ.get("FOOTWORK_FUZZ_MEMORY", "0"))
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    faulthandler.enable()  # a crash in C leaves its Python stack in the worker's log
    cases = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    start = int(argv[2])
    channel = Channel()
    warnings.simplefilter("always")  # every case shows its warnings, not only the first
    sys.setrecursionlimit(1000)  # what `footwork` itself runs with
    from typer.testing import CliRunner

    from footwork.cli.app import app

    runner = CliRunner()
    signal.signal(TIMER_SIGNAL, _on_timer)
    for index in range(start, len(cases)):
        channel.send(at=index, cmd="start")
        try:
            report = run_case(runner, app, cases[index], channel, index)
        except MemoryError:  # in the judging of a huge output, say
            report = {"done": index, "problems": [["uncaught MemoryError (in the worker)",
                                                   "the worker ran out of address space"]],
                      "commands": [], "restart": True}
        channel.send(**report)
        if report["restart"]:
            channel.out.close()
            return 3  # start afresh after a MemoryError: the parent restarts after this case
    channel.send(finished=True)
    channel.out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
