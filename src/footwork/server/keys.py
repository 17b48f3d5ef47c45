"""The server's own secrets, kept in its data folder so that they outlive a restart.

- the game master's key (``gm_key``): the game master of every table and the key of
  the lobby that lists every seat's link; printed by ``footwork serve``, made anew only
  when asked (``footwork serve --new-key``);
- the link seed (``link_seed``): seat secrets are derived from it, so that the lobby can
  give every seat's link again. Rotating the game master's key keeps it (the players'
  links keep working).

Both live in one JSON file readable by its owner only (mode 600).
"""

from __future__ import annotations

import json
import os
import secrets
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from footwork.errors import FootworkError

#: the file's name in the data folder
KEY_FILE = "server-keys.json"


@dataclass(frozen=True)
class ServerKeys:
    gm_key: str
    link_seed: str
    path: Path
    #: the game master's key was made by this start (new file or ``--new-key``)
    fresh: bool = False


def data_folder(db: str | None) -> Path:
    """Where the server keeps its files: beside a SQLite database, else the user's data
    folder (platformdirs), as for the default database."""
    if db and "://" not in db:
        return Path(db).expanduser().resolve().parent
    if db and db.lower().startswith("sqlite:///"):
        return Path(db[len("sqlite:///"):]).expanduser().resolve().parent
    import platformdirs

    return Path(platformdirs.user_data_dir("footwork"))


def load_keys(folder: Path, *, new_key: bool = False) -> ServerKeys:
    """The keys kept in ``folder`` (made on the first start); ``new_key`` replaces the
    game master's key and keeps the link seed. The file is (re)written with mode 600."""
    path = folder / KEY_FILE
    data: dict[str, str] = {}
    if path.exists():
        try:
            loaded = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise FootworkError(f"{path}: cannot read the server's keys ({exc}); remove it "
                                "to make new ones (every seat link changes)") from None
        if not isinstance(loaded, dict) or not all(
                isinstance(loaded.get(k), str) and loaded.get(k) for k in ("gm_key", "link_seed")):
            raise FootworkError(f"{path}: expected gm_key and link_seed as text; remove it to "
                                "make new ones (every seat link changes)")
        data = {"gm_key": loaded["gm_key"], "link_seed": loaded["link_seed"]}
    fresh = new_key or not data
    if fresh:
        data = {"gm_key": secrets.token_urlsafe(24),
                "link_seed": data.get("link_seed") or secrets.token_urlsafe(32)}
        _write(path, data)
    elif stat.S_IMODE(path.stat().st_mode) & 0o077:
        path.chmod(0o600)  # someone loosened it: the keys are the owner's alone
    return ServerKeys(data["gm_key"], data["link_seed"], path, fresh)


def _write(path: Path, data: dict[str, str]) -> None:
    """Write ``data`` readable by its owner only, replacing the file in one step."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    if part.exists():
        part.unlink()
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(part, path)


#: the file a key given on stdin (or with the deprecated ``--admin-key``) is kept in while
#: the server runs, so that its worker processes read it from there, never from their
#: environment or command line; removed when the server stops. Named by the server's
#: process id: several servers may share a data folder (over one PostgreSQL database)
GIVEN_KEY_FILE = "admin-key.{pid}.given"
#: the longest key a file may hold
MOST_KEY_CHARS = 512


def read_key_file(where: str, stdin: TextIO | None = None) -> str:
    """The game master's key from the file ``where`` (its first line), or from ``stdin``
    when ``where`` is ``-``. A file others may read is refused (``chmod 600`` it): the key
    opens every table."""
    if where == "-":
        text = (stdin or sys.stdin).readline()
        source = "stdin"
    else:
        path = Path(where).expanduser()
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = type(exc).__name__
            raise FootworkError(f"--admin-key-file {where}: cannot read it ({why}); "
                                "expected a file holding the key") from None
        if mode & 0o077:
            raise FootworkError(f"--admin-key-file {where}: others may read it (mode "
                                f"{mode:03o}); make it the owner's alone: chmod 600 {where}")
        source = where
    lines = text.splitlines()
    key = lines[0].strip() if lines else ""
    if not key or len(key) > MOST_KEY_CHARS or any(c.isspace() for c in key):
        raise FootworkError(f"--admin-key-file {source}: expected the key on its first line "
                            f"(1 to {MOST_KEY_CHARS} characters, no spaces)")
    return key


def drop_stale_given_keys(folder: Path) -> None:
    """Remove the given-key files of servers that are no longer running (killed before
    they could remove their own); a running server's file is left alone."""
    for path in folder.glob(GIVEN_KEY_FILE.format(pid="*")):
        pid = path.name.split(".")[1]
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            path.unlink(missing_ok=True)
        except OSError:
            pass  # alive, someone else's: not ours to remove


def keep_given_key(folder: Path, key: str) -> Path:
    """Keep a key given for this start in the data folder (mode 600) for the worker
    processes to read; the caller removes it when the server stops."""
    path = folder / GIVEN_KEY_FILE.format(pid=os.getpid())
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    if part.exists():
        part.unlink()
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(key + "\n")
    os.replace(part, path)
    return path


def keys_from_file(path: Path) -> tuple[str, str]:
    """The game master's key and the link seed kept in ``path`` (a worker process reads
    them there: they never pass through its environment)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return str(data["gm_key"]), str(data["link_seed"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise FootworkError(f"{path}: cannot read the server's keys "
                            f"({type(exc).__name__})") from None
