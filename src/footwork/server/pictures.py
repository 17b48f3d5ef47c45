"""The table server's pictures: imported maps' pictures, kept by the SHA-256 of their
bytes in a folder (``pictures/`` in the server's data folder) and served at
``/api/pictures/<sha256>``.

Content-addressed: the name is the content's hash, so a picture is written once, never
changed, and a link to it leaks nothing but the picture itself (a table's encounter
names its picture by that hash). Only checked pictures (PNG, JPEG or WebP by their
magic bytes, within the ``picture_bytes`` and ``picture_pixels`` limits) are stored.
Without a folder (tests, a throwaway server) they are kept in memory.
"""

from __future__ import annotations

import os
import re
import tempfile
import threading
from collections.abc import Mapping
from pathlib import Path

from footwork.space.floorplan import Picture

MEDIA = {"png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp"}
_SHA = re.compile(r"^[0-9a-f]{64}$")


class Pictures:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self._memory: dict[str, tuple[bytes, str]] = {}
        self._lock = threading.Lock()

    def url(self, sha256: str) -> str:
        return f"/api/pictures/{sha256}"

    def link(self, ref: object) -> str:
        """Where a map's ``picture`` (``{file, sha256, ...}``) is served: "" when this
        server does not keep it (then nothing is drawn under the map)."""
        sha = ref.get("sha256") if isinstance(ref, Mapping) else None
        if not isinstance(sha, str) or not self.has(sha):
            return ""
        return self.url(sha)

    def put(self, picture: Picture) -> str:
        """Keep a checked picture; returns its URL."""
        sha = picture.sha256
        if self.folder is None:
            with self._lock:
                self._memory[sha] = (picture.data, picture.kind)
            return self.url(sha)
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{sha}.{picture.kind}"
        if not path.exists():
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".upload-")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(picture.data)
                os.replace(tmp, path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        return self.url(sha)

    def get(self, sha256: str) -> tuple[bytes, str] | None:
        """The picture's bytes and media type, or None."""
        if not _SHA.match(sha256):
            return None
        if self.folder is None:
            with self._lock:
                found = self._memory.get(sha256)
            return (found[0], MEDIA[found[1]]) if found else None
        for kind, media in MEDIA.items():
            path = self.folder / f"{sha256}.{kind}"
            if path.is_file():
                return path.read_bytes(), media
        return None

    def has(self, sha256: str) -> bool:
        if not _SHA.match(sha256):
            return False
        if self.folder is None:
            with self._lock:
                return sha256 in self._memory
        return any((self.folder / f"{sha256}.{kind}").is_file() for kind in MEDIA)
