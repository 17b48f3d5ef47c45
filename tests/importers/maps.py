"""Small synthetic map files made for the tests (no third-party art).

Local squares (the picture's frame) are drawn here and moved to each format's own frame:
a Dungeondraft-like export puts them at ``ORIGIN`` (a cropped export), a Foundry scene
in padded canvas pixels.
"""

from __future__ import annotations

import base64
import json
import math
import struct
import zlib
from typing import Any

ORIGIN = (10.0, 5.0)
WIDTH, HEIGHT = 12, 8


def png(width: int = 4, height: int = 3) -> bytes:
    """A tiny valid PNG (grey)."""
    raw = b"".join(b"\x00" + b"\x80" * width for _ in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height,
                                                              8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


#: two rooms joined by a corridor (a door at its west end, an archway at its east end),
#: a window in the west room's south wall, a pillar in the east room, and the east
#: room's north-east corner cut by a diagonal wall; in local squares
ROOM_WALLS = [
    [(5, 3), (5, 1), (1, 1), (1, 6), (2, 6)],
    [(3, 6), (5, 6), (5, 4)],
    [(5, 3), (7, 3)],
    [(5, 4), (7, 4)],
    [(7, 3), (7, 1), (10, 1), (11, 2), (11, 6), (7, 6), (7, 4)],
]
DOOR = ((5, 3), (5, 4))
WINDOW = ((2, 6), (3, 6))
PILLAR = [(9, 4), (10, 4), (10, 5), (9, 5), (9, 4)]


def _pt(p: tuple[float, float]) -> dict[str, float]:
    return {"x": p[0] + ORIGIN[0], "y": p[1] + ORIGIN[1]}


def dungeondraft(image: str | None = None) -> dict[str, Any]:
    def portal(seg: tuple[tuple[int, int], tuple[int, int]], closed: bool) -> dict[str, Any]:
        (ax, ay), (bx, by) = seg
        return {"position": _pt(((ax + bx) / 2, (ay + by) / 2)),
                "bounds": [_pt(seg[0]), _pt(seg[1])],
                "rotation": math.pi / 2 if ax == bx else 0.0,
                "closed": closed, "freestanding": False}

    return {
        "format": 0.3,
        "resolution": {"map_origin": {"x": ORIGIN[0], "y": ORIGIN[1]},
                       "map_size": {"x": WIDTH, "y": HEIGHT}, "pixels_per_grid": 4},
        "line_of_sight": [[_pt(p) for p in line] for line in ROOM_WALLS],
        "objects_line_of_sight": [[_pt(p) for p in PILLAR]],
        "portals": [portal(DOOR, True), portal(WINDOW, False)],
        "lights": [], "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "image": base64.b64encode(png(WIDTH * 4, HEIGHT * 4)).decode() if image is None
        else image,
    }


def cave(points: int = 400) -> dict[str, Any]:
    """A cave: one wall of many short segments round a wobbly circle, open on the east
    where a door fills the gap, and an island of rock inside it."""
    def wobbly(cx: float, cy: float, r: float, n: int, wobble: float, start: float = 0.0,
               stop: float = 2 * math.pi) -> list[tuple[float, float]]:
        return [(cx + (r + wobble * math.sin(7 * t)) * math.cos(t),
                 cy + (r + wobble * math.sin(7 * t)) * math.sin(t))
                for t in (start + (stop - start) * i / n for i in range(n + 1))]

    gap = 0.08  # radians either side of east
    outer = wobbly(10, 10, 8, points, 0.4, gap, 2 * math.pi - gap)
    island = wobbly(10, 10, 2, points // 4, 0.1)
    island[-1] = island[0]

    def pts(line: list[tuple[float, float]]) -> list[dict[str, float]]:
        return [{"x": x, "y": y} for x, y in line]

    return {"format": 0.2,
            "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 20, "y": 20},
                           "pixels_per_grid": 8},
            "line_of_sight": [pts(outer), pts(island)],
            "portals": [{"position": {"x": 18, "y": 10}, "bounds": pts([outer[-1], outer[0]]),
                         "rotation": 1.57, "closed": True, "freestanding": False}]}


#: a Foundry scene: 10 x 6 squares of 100 px, padding 0.25 (3 and 2 squares: 2.5 and 1.5
#: rounded up), one room (x 1..6, y 1..5) split by a wall at x 4 with a secret door,
#: a one-way wall, a window and a plain door
FOUNDRY_SIZE = 100
FOUNDRY_OFFSET = (300, 200)


def _c(a: tuple[float, float], b: tuple[float, float]) -> list[float]:
    ox, oy = FOUNDRY_OFFSET
    s = FOUNDRY_SIZE
    return [a[0] * s + ox, a[1] * s + oy, b[0] * s + ox, b[1] * s + oy]


def foundry() -> dict[str, Any]:
    wall = {"move": 20, "sight": 20, "light": 20, "sound": 20, "door": 0, "ds": 0, "dir": 0}
    walls = [
        {**wall, "c": _c((1, 1), (6, 1))},
        {**wall, "c": _c((6, 1), (6, 5))},
        {**wall, "c": _c((1, 5), (2, 5))},
        {**wall, "move": 20, "sight": 0, "light": 0, "c": _c((2, 5), (3, 5))},  # window
        {**wall, "c": _c((3, 5), (6, 5))},
        {**wall, "c": _c((1, 1), (1, 2))},
        {**wall, "door": 1, "c": _c((1, 2), (1, 3))},  # a plain door, west
        {**wall, "c": _c((1, 3), (1, 5))},
        {**wall, "c": _c((4, 1), (4, 2))},
        {**wall, "door": 2, "c": _c((4, 2), (4, 3))},  # the secret door
        {**wall, "dir": 1, "c": _c((4, 3), (4, 5))},  # one-way
        {**wall, "move": 0, "c": _c((2, 1), (2, 2))},  # sight only (a curtain)
    ]
    return {"name": "Vault", "width": 1000, "height": 600, "padding": 0.25,
            "grid": {"size": FOUNDRY_SIZE, "type": 1, "distance": 5, "units": "ft"},
            "background": {"src": "worlds/x/vault.webp", "offsetX": 0, "offsetY": 0},
            "walls": walls}


def dumps(doc: Any) -> bytes:
    return json.dumps(doc).encode()
