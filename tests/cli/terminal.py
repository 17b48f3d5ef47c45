"""`footwork` run in a real pseudo-terminal: keys as a person types them (arrows, Tab,
Ctrl-C), output read back without its colours."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Mapping
from pathlib import Path

#: escape sequences a terminal program writes: colours, cursor moves, modes, titles
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[=>()][0-9A-Za-z]?")

UP = "\x1b[A"
CTRL_C = "\x03"
TAB = "\t"


class Terminal:
    """``footwork ARGS`` on a terminal of ``rows`` x ``cols``; :meth:`send` keys,
    :meth:`expect` text."""

    def __init__(self, args: list[str], *, env: Mapping[str, str], cwd: Path,
                 rows: int = 50, cols: int = 200) -> None:
        full = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "COLUMNS": str(cols),
                "LINES": str(rows), **env}
        pid, fd = pty.fork()
        if pid == 0:  # the child: its stdin, stdout and stderr are the terminal
            try:
                # Ctrl-C as a shell leaves it to a program it starts: not ignored, not
                # blocked, whatever the test process (a pytest worker) had set
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_SETMASK, set())
                os.chdir(cwd)
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                os.execve(sys.executable, [sys.executable, "-c",
                                           "from footwork.cli.app import main; main()", *args],
                          full)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.raw = b""
        self.seen = 0  # how much of the text expect() has consumed
        self.status: int | None = None

    @property
    def text(self) -> str:
        return _ESCAPES.sub("", self.raw.decode("utf-8", "replace")).replace("\r", "")

    def _read(self, timeout: float) -> bool | None:
        """True: read something; None: nothing within ``timeout``; False: the end."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return None
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the child has ended and closed the terminal
            return False
        if not chunk:
            return False
        self.raw += chunk
        return True

    def expect(self, wanted: str, timeout: float = 60) -> str:
        """Read until ``wanted`` appears after what earlier calls consumed; returns the text
        up to and including it."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text
            at = text.find(wanted, self.seen)
            if at >= 0:
                start, self.seen = self.seen, at + len(wanted)
                return text[start:self.seen]
            if time.monotonic() > deadline or self._read(0.2) is False:
                raise AssertionError(f"did not see {wanted!r}; the terminal shows:\n"
                                     f"{text[-3000:]}")

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode("utf-8"))

    def wait(self, timeout: float = 60) -> int:
        """The exit status, once the program has ended (reading what it still writes)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                while self._read(0.1):  # what it wrote last
                    pass
                self.status = os.waitstatus_to_exitcode(status)
                return self.status
            self._read(0.1)
        raise AssertionError(f"still running; the terminal shows:\n{self.text[-3000:]}")

    def close(self) -> None:
        if self.status is None:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        with contextlib.suppress(OSError):
            os.close(self.fd)
