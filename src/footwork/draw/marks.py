"""The data attributes every drawing shares: the contract of :mod:`footwork.draw`.

One place computes which options go where (their indices in the list the drawing
was given, the cheapest cost), so the three drawings cannot disagree on it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

_LEADING_NUMBER = re.compile(r"\s*([-+]?\d+(?:\.\d+)?)")


def attr(value: object) -> str:
    """A quoted, escaped XML attribute value."""
    return '"' + escape(str(value), {'"': "&quot;"}) + '"'


def cost_value(cost: str) -> float | None:
    """The number a cost text starts with (``"1.414u (walk 1.414u)"`` is 1.414), or None
    (``"the Action"``): what "cheapest" compares."""
    match = _LEADING_NUMBER.match(cost)
    return float(match.group(1)) if match else None


@dataclass
class Target:
    """One destination drawn for an actor: the options going there."""

    place: str
    indices: list[int] = field(default_factory=list)
    #: the cost text of the cheapest option ("" when none carries one)
    cost: str = ""
    value: float | None = None

    def add(self, index: int, cost: str) -> None:
        self.indices.append(index)
        if not cost:
            return
        value = cost_value(cost)
        # a number beats no number; among numbers the least; else the first listed
        if not self.cost or (value is not None and (self.value is None or value < self.value)):
            self.cost, self.value = cost, value

    def attrs(self) -> str:
        """``data-place``, ``data-options`` and (when known) ``data-cost``, ``data-cost-value``."""
        out = (f" data-place={attr(self.place)} "
               f"data-options={attr(' '.join(str(i) for i in self.indices))}")
        if self.cost:
            out += f" data-cost={attr(self.cost)}"
        if self.value is not None:
            out += f' data-cost-value="{self.value:g}"'
        return out


def targets_by_place(found: Sequence[Any]) -> dict[str, Target]:
    """The options with a ``to``, grouped by it, in the order they come."""
    out: dict[str, Target] = {}
    for index, option in enumerate(found):
        to = getattr(option, "to", None)
        if to is None:
            continue
        out.setdefault(str(to), Target(str(to))).add(index, str(getattr(option, "cost", "") or ""))
    return out


def actor_attrs(actor_id: str, info: Mapping[str, Any]) -> str:
    """``data-actor`` and ``data-side`` of a token's group."""
    return f" data-actor={attr(actor_id)} data-side={attr(info.get('side', ''))}"


def place_attr(place_id: str) -> str:
    return f" data-place={attr(place_id)}"
