"""Maps: places and links (zone graphs), zones that are polygons in metres, grids."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from footwork.space.graph import Link, Place, PlaceGraph

if TYPE_CHECKING:
    from footwork.space.zonemap import Connector, PathBlocked, TracedPath, ZoneMap, ZoneShape

__all__ = [
    "Connector",
    "Link",
    "PathBlocked",
    "Place",
    "PlaceGraph",
    "TracedPath",
    "ZoneMap",
    "ZoneShape",
]

#: names of :mod:`footwork.space.zonemap`, imported on first use (it loads shapely, which
#: a file without polygons never needs)
_ZONEMAP = frozenset({"Connector", "PathBlocked", "TracedPath", "ZoneMap", "ZoneShape"})


def __getattr__(name: str) -> Any:
    if name in _ZONEMAP:
        from footwork.space import zonemap

        return getattr(zonemap, name)
    raise AttributeError(f"module 'footwork.space' has no attribute {name!r}")
