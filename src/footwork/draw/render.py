"""The one entry point of :mod:`footwork.draw`: :func:`render_svg` reads what a seat may
see and picks the drawing by the map's kind (graph, grid, to scale)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from footwork.draw.grid import render_grid
from footwork.draw.to_scale import render_to_scale
from footwork.draw.zones import render_zones
from footwork.engine.choices import Option
from footwork.engine.seats import GM, Seat
from footwork.engine.session import Session


def render_svg(session: Session[Any], actor: str | None = None,
               seat: Seat | str = GM, *, options: Sequence[Option] | None = None,
               picture: str | None = None) -> str:
    """The map, the actors and (with ``actor``) that actor's options, as an SVG document,
    as ``seat`` may see them. ``options``: the actor's options as that seat sees them,
    when the caller has them already (a server's cache); else they are found here.
    ``picture``: the URL of the map's picture (``space_json``'s ``picture``), drawn under
    a grid or a map in metres; default its file name, as for a drawing saved beside the
    encounter ("" draws none).

    A map whose ``space_json`` says ``"scale": "m"`` (zones as polygons in metres) is
    drawn to scale (:mod:`.to_scale`), one with a ``"grid"`` cell by cell (:mod:`.grid`),
    any other as a graph (:mod:`.zones`).
    """
    view = session.view(seat)  # a player seat's drawing shows nothing hidden from it
    space = view.space_json(session.state)
    state = session.to_json(log=False, view=view.seat)
    found = ([] if actor is None else list(options) if options is not None
             else list(view.options(session.state, actor)))
    ref = space.get("picture")
    href = picture if picture is not None else (
        str(ref.get("file")) if isinstance(ref, Mapping) and ref.get("file") else None)
    if space.get("scale") == "m":
        return render_to_scale(space, state, actor, found, picture=href)
    if "grid" in space:
        return render_grid(space, state, actor, found, picture=href)
    return render_zones(space, state, actor, found)
