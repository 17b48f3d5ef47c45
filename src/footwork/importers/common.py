"""What both importers share: reading hostile JSON, numbers in range, the picture.

Map files come from strangers and legitimately weigh tens of megabytes (the picture
rides inside a Universal VTT file as base64), so the bytes, the points and the
picture are bounded by named limits (:mod:`footwork.limits`) before the work that
grows with them, and every fault is one :class:`MapFileError` line that names the
file, where in it, and what was expected.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import struct
from typing import Any

from footwork import limits
from footwork.errors import ScenarioError, excerpt
from footwork.space.floorplan import Picture, Point

#: coordinates further than this many squares from the picture are refused as absurd
#: (no drawn map is a hundred thousand squares across; a float near 1e308 would
#: overflow everything built from it)
MAX_SQUARES = 100_000.0


class MapFileError(ScenarioError):
    """A map file footwork cannot import: ``file: path: what was expected``."""


def fail(file: str, path: str, message: str) -> MapFileError:
    return MapFileError(message, file=file, path=path)


def read_json(data: bytes, file: str) -> Any:
    """The JSON document, refusing what Python's json module would let through:
    ``NaN``, ``Infinity``, nesting that would exhaust the stack, bytes over the limit."""
    limits.check("map_file_bytes", len(data), file)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise fail(file, f"byte {exc.start}", "expected UTF-8 JSON text") from None

    def refuse(token: str) -> Any:
        at = re.search(rf"\b{token}\b|-Infinity", text)
        line = text.count("\n", 0, at.start()) + 1 if at else None
        raise MapFileError(f"{token} is not a number; expected a finite number",
                           file=file, line=line)

    try:
        return json.loads(text, parse_constant=refuse)
    except json.JSONDecodeError as exc:
        raise MapFileError(f"not JSON: {exc.msg}", file=file, line=exc.lineno) from None
    except RecursionError:
        raise fail(file, "", "nested too deeply; expected a map file") from None


def number(value: Any, file: str, path: str, *, positive: bool = False,
           bound: float = MAX_SQUARES) -> float:
    """A finite number within ``bound`` (and above 0 when ``positive``)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise fail(file, path, f"expected a number, got {excerpt(json.dumps(value), 30)}")
    x = float(value)
    if not math.isfinite(x) or abs(x) > bound:
        raise fail(file, path, f"{value!r} is out of range; expected a number between "
                               f"{-bound:g} and {bound:g}")
    if positive and x <= 0:
        raise fail(file, path, f"expected a number above 0, got {value!r}")
    return x


def point(value: Any, file: str, path: str, origin: Point = (0.0, 0.0),
          scale: float = 1.0) -> Point:
    """An ``{x, y}`` point, moved to the picture's frame: ``(p - origin) / scale``."""
    if not isinstance(value, dict):
        raise fail(file, path, "expected a point {x, y}")
    x = (number(value.get("x"), file, f"{path}.x", bound=MAX_SQUARES * scale)
         - origin[0]) / scale
    y = (number(value.get("y"), file, f"{path}.y", bound=MAX_SQUARES * scale)
         - origin[1]) / scale
    if abs(x) > MAX_SQUARES or abs(y) > MAX_SQUARES:
        raise fail(file, path, f"({x:g}, {y:g}) is {MAX_SQUARES:g} squares or more from "
                               "the picture; expected a point on the map")
    return (x, y)


def listed(value: Any, file: str, path: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise fail(file, path, "expected a list")
    return value


# -- the picture ------------------------------------------------------------------


def _png_size(data: bytes) -> tuple[int, int] | None:
    if len(data) >= 24 and data[12:16] == b"IHDR":
        w, h = struct.unpack(">II", data[16:24])
        return int(w), int(h)
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        # start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC)
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return int(w), int(h)
        i += 2 + length
    return None


def _webp_size(data: bytes) -> tuple[int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if chunk == b"VP8L" and len(data) >= 25 and data[20] == 0x2F:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X" and len(data) >= 30:
        w = int.from_bytes(data[24:27], "little") + 1
        h = int.from_bytes(data[27:30], "little") + 1
        return w, h
    return None


def sniff_picture(data: bytes, file: str, path: str) -> Picture:
    """The picture these bytes are, by their magic bytes and header (PNG, JPEG or
    WebP), within the ``picture_bytes`` and ``picture_pixels`` limits."""
    limits.check("picture_bytes", len(data), f"{file}: {path}" if file else path)
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        kind, size = "png", _png_size(data)
    elif data.startswith(b"\xff\xd8\xff"):
        kind, size = "jpeg", _jpeg_size(data)
    elif data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        kind, size = "webp", _webp_size(data)
    else:
        raise fail(file, path, "not a picture; expected PNG, JPEG or WebP data")
    if size is None or size[0] < 1 or size[1] < 1:
        raise fail(file, path, f"a damaged {kind.upper()} picture (no readable size); "
                               "expected a whole picture")
    limits.check("picture_pixels", size[0] * size[1], f"{file}: {path}" if file else path)
    return Picture(data, kind, size[0], size[1])  # type: ignore[arg-type]


def decode_picture(value: Any, file: str, path: str) -> Picture:
    """A base64 picture (a ``data:`` URL's prefix allowed), checked before and after
    decoding."""
    if not isinstance(value, str):
        raise fail(file, path, "expected the picture as base64 text")
    text = value.split(",", 1)[1] if value.startswith("data:") else value
    # base64 is 4 characters for 3 bytes: refuse an oversized picture before decoding it
    limits.check("picture_bytes", len(text) * 3 // 4, f"{file}: {path}" if file else path)
    try:
        data = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise fail(file, path, "not base64; expected the picture as base64 text") from None
    return sniff_picture(data, file, path)
