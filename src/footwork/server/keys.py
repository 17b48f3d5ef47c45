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
from dataclasses import dataclass
from pathlib import Path

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
