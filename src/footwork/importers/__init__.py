"""Map files made by other tools, read into a neutral
:class:`~footwork.space.floorplan.FloorPlan` (walls, doors, obstacles, picture).

The importers know no ruleset: each ruleset's ``floorplan`` module builds its own map
from the plan. Formats: Universal VTT (``.dd2vtt``, ``.df2vtt``, ``.uvtt``) and
Foundry VTT scene exports (``.json``); see docs/import.md.
"""

from __future__ import annotations

from pathlib import Path

from footwork import limits
from footwork.importers.common import MapFileError, fail, read_json, sniff_picture
from footwork.importers.foundry import looks_like_foundry, read_foundry
from footwork.importers.uvtt import SUFFIXES, read_uvtt
from footwork.space.floorplan import FloorPlan

__all__ = ["SUFFIXES", "MapFileError", "load_map", "read_map", "read_picture"]


def read_map(data: bytes, name: str) -> FloorPlan:
    """The plan in a map file's bytes; ``name`` (the file's name) picks the format by
    its suffix, and a ``.json`` by its content."""
    doc = read_json(data, name)
    suffix = Path(name).suffix.lower()
    if suffix in SUFFIXES or (isinstance(doc, dict) and "resolution" in doc):
        return read_uvtt(doc, name)
    if looks_like_foundry(doc):
        return read_foundry(doc, name)
    raise fail(name, "", "expected a Universal VTT map (resolution, line_of_sight) or a "
                         "Foundry scene (walls, grid)")


def load_map(path: str | Path) -> FloorPlan:
    """:func:`read_map` of a file, its size checked before it is read."""
    p = Path(path)
    try:
        size = p.stat().st_size
        limits.check("map_file_bytes", size, str(p))
        data = p.read_bytes()
    except OSError as exc:
        raise MapFileError(f"cannot read it: {exc.strerror}", file=str(p)) from None
    return read_map(data, str(p))


def read_picture(path: str | Path) -> bytes:
    """A picture file's bytes, checked to be a PNG, JPEG or WebP within the limits."""
    p = Path(path)
    try:
        limits.check("picture_bytes", p.stat().st_size, str(p))
        data = p.read_bytes()
    except OSError as exc:
        raise MapFileError(f"cannot read it: {exc.strerror}", file=str(p)) from None
    sniff_picture(data, str(p), "")
    return data
