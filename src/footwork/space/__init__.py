"""Maps: places and links (zone graphs), zones that are polygons in metres, grids."""

from footwork.space.graph import Link, Place, PlaceGraph
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
