"""The SVG drawing of every map kind, one drawing used by ``footwork render`` and by
the web page.

It reads only what a ruleset publishes (``space_json``, the state JSON as a seat may see
it, and options), so it knows no ruleset. :func:`render_svg` picks the drawing by the
map's kind: zones and spans (:mod:`.zones`), grids (:mod:`.grid`), maps in metres
(:mod:`.to_scale`).
"""

from footwork.draw.zones import render_svg

__all__ = ["render_svg"]
