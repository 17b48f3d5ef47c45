"""Maps: places, links, the vertical axis, and zone graphs."""

from footwork.space.graph import Link, Place, PlaceGraph

__all__ = ["Link", "Place", "PlaceGraph"]
