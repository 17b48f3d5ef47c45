"""Benchmarks of `footwork import`: reading a map file into a floor plan and building each
ruleset's map from it, on generated Universal VTT files (a grid of rooms with doors, and a
cave of long polylines), with and without a picture.

Run ``python bench/bench_import.py`` (``--quick`` for a smoke run). Medians; the baseline,
measured in the same run on the same bytes, is ``json.loads`` of the file (what any
importer must pay to read it). Measured, never asserted.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.importers.maps import cave, png

from bench_spans import fmt_time, measure
from footwork.importers import read_map
from footwork.scenario.imported import encounter_from_plan
from footwork.space.floorplan import Choices


def rooms(n: int) -> dict[str, Any]:
    """``n`` x ``n`` rooms of 4 x 4 squares, each with a door east and south."""
    lines: list[list[dict[str, float]]] = []
    portals: list[dict[str, Any]] = []
    for i in range(n):
        for j in range(n):
            x, y = 4 * i, 4 * j
            # north and west walls whole; east and south with a door of one square
            lines.append([{"x": x, "y": y + 4}, {"x": x, "y": y}, {"x": x + 4, "y": y}])
            lines.append([{"x": x + 4, "y": y}, {"x": x + 4, "y": y + 1.5}])
            lines.append([{"x": x + 4, "y": y + 2.5}, {"x": x + 4, "y": y + 4}])
            lines.append([{"x": x, "y": y + 4}, {"x": x + 1.5, "y": y + 4}])
            lines.append([{"x": x + 2.5, "y": y + 4}, {"x": x + 4, "y": y + 4}])
            for a, b in (((x + 4, y + 1.5), (x + 4, y + 2.5)),
                         ((x + 1.5, y + 4), (x + 2.5, y + 4))):
                portals.append({"bounds": [{"x": a[0], "y": a[1]}, {"x": b[0], "y": b[1]}],
                                "closed": True, "freestanding": False})
    size = 4 * n
    return {"format": 0.3,
            "resolution": {"map_origin": {"x": 0, "y": 0},
                           "map_size": {"x": size, "y": size}, "pixels_per_grid": 64},
            "line_of_sight": lines, "portals": portals}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeat = 3 if args.quick else 11
    maps: list[tuple[str, bytes]] = []
    for n in ((3,) if args.quick else (4, 8)):
        maps.append((f"{n}x{n} rooms", json.dumps(rooms(n)).encode()))
    maps.append(("cave, 4,000 points", json.dumps(cave(points=4000)).encode()))
    picture = dict(rooms(4), image=base64.b64encode(png(1024, 1024)).decode())
    maps.append(("4x4 rooms + 1024 px picture", json.dumps(picture).encode()))
    print(f"{'map':30} {'bytes':>10} {'json.loads':>11} {'read_map':>10} {'ratio':>6}  "
          + "  ".join(f"{r:>11}" for r in ("styles", "allowances", "sitemaps", "spans")))
    for name, data in maps:
        base = measure(lambda data=data: json.loads(data), repeat=repeat)
        read = measure(lambda data=data: read_map(data, "m.dd2vtt"), repeat=repeat)
        plan = read_map(data, "m.dd2vtt")
        built = []
        for ruleset in ("styles", "allowances", "sitemaps", "spans"):
            t = measure(lambda r=ruleset, p=plan: encounter_from_plan(p, r, Choices()),
                        repeat=max(3, repeat // 3))
            built.append(f"{fmt_time(t.median):>11}")
        print(f"{name:30} {len(data):>10,} {fmt_time(base.median):>11} "
              f"{fmt_time(read.median):>10} {read.median / base.median:>5.1f}x  "
              + "  ".join(built))


if __name__ == "__main__":
    main()
