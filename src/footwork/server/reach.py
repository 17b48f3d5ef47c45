"""What a pick-up reads: the places an actor can reach as two arrays (their ids and
costs, the engine's :class:`~footwork.engine.choices.Reachable`), the page shading them
itself, and the full option of only the few places asked for (a hover, a click).

Building every option's JSON costs far more than the search (issue 21): the arrays
cost nothing more than the search, and an option is built when someone looks at it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from footwork.draw.marks import cost_value
from footwork.engine.choices import Option, Options
from footwork.engine.codec import JSON

#: the most options one read may ask in full (a hover asks one, a click one)
MOST_DETAILS = 64


def reach_json(found: Options, version: int, detail: Iterable[int] = (),
               as_json: Callable[[Option], dict[str, JSON]] = Option.to_json
               ) -> dict[str, JSON]:
    """``to[i]`` and ``cost[i]`` of every option ``i`` (``Options`` order, the order of
    ``GET /options``; ``to`` null for an option that goes nowhere, ``cost`` null when it
    has no number), and in ``options`` the full JSON of the options already built (those
    not reaching a place: ending the turn, answers) and of those asked in ``detail``, each
    as ``as_json`` writes it (the server's adds the rolls due, as ``GET /options`` does)."""
    reach = found.reachable
    moves = len(reach) if reach is not None else 0
    to: list[JSON] = list(reach.to) if reach is not None else []
    cost: list[JSON] = ([c if math.isfinite(c) else None for c in reach.cost.tolist()]
                        if reach is not None else [])
    options: dict[str, JSON] = {}
    for k, option in enumerate(found.eager):
        to.append(option.to)
        cost.append(cost_value(option.cost))
        options[str(moves + k)] = as_json(option)
    for i in list(detail)[:MOST_DETAILS]:
        if 0 <= i < len(found) and str(i) not in options:
            options[str(i)] = as_json(found[i])
    return {"version": version, "count": len(found), "to": to, "cost": cost,
            "options": options}
