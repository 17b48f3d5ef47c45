"""The SVG drawing of every map kind, one drawing used by ``footwork render`` and by
the web page.

It reads only what a ruleset publishes (``space_json``, the state JSON as a seat may see
it, and options), so it knows no ruleset. :func:`render_svg` picks the drawing by the
map's kind: zones and spans (:mod:`.zones`), grids (:mod:`.grid`), maps in metres
(:mod:`.to_scale`). Everything is drawn as ``seat`` may see it: a player seat's drawing
holds no hidden place, no actor it cannot perceive, and no id of either.

The contract (stable; the web page relies on it, tests/draw/test_contract.py checks it
on every example):

- The root ``<svg>`` has ``width``, ``height`` and ``viewBox="0 0 W H"`` (the page pans
  and zooms by changing the viewBox) and ``data-map``: ``zones``, ``grid`` or
  ``to-scale``. Colours and strokes are presentation attributes and elements carry
  class names, never a ``style`` attribute: any CSS rule of the page overrides them,
  and a standalone file still looks right.
- **Places.** Each place (a zone, a span, a feature inside a span, a sitemap zone) is
  drawn by exactly one element with the class ``place`` and ``data-place="<place
  id>"`` (a ``<g>`` around its box or polygon). Other elements belonging to a place
  (a sitemap zone's outline and label, its ghost on the floor above, the region
  where a move into it may end) carry the same ``data-place`` but not the class, so
  ``el.closest("[data-place]")`` finds the place of anything clicked. On grids only
  the cells drawn for an actor's options are places: ``<rect class="place target
  reach" data-row data-col data-place>``, ``data-place`` being the options' ``to``
  exactly as in ``Option.to_json()`` (``"row,col"``); other cells carry ``data-row``
  and ``data-col`` (or nothing, where runs of cells are merged) and the root carries
  ``data-px-per-cell`` and ``data-origin`` to map a point to a cell.
- **Tokens.** Each actor drawn is a ``<g class="actor">`` (plus ``selected`` for the
  actor whose options are shown) with ``data-actor="<actor id>"`` and
  ``data-side="<side>"``.
- **Targets.** With ``actor``, each destination drawn for it is a ``place`` that also
  has the class ``target`` and ``data-options="i j k"``: the indices, ascending, of
  the options going there in the list ``view.options(state, actor)`` returns (the
  list and the order of the server's ``GET /api/tables/{id}/options``). An option
  with no ``to`` has no target. When the options carry costs, ``data-cost`` is the
  cost text of the cheapest (the least number the text starts with; a text without
  a number only when none has one) and ``data-cost-value`` that number.
"""

from footwork.draw.render import render_svg

__all__ = ["render_svg"]
