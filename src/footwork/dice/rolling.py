"""Rolling dice with an injected RNG, or checking values a player supplies.

The RNG is always passed in (never the global ``random`` functions) so that a
seeded game replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from footwork.dice.notation import Dice
from footwork.errors import DiceError


def _split(dice: Dice, values: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Cut the flat per-die ``values`` into one slice per term."""
    slices: list[tuple[int, ...]] = []
    start = 0
    for term in dice.terms:
        slices.append(values[start : start + term.count])
        start += term.count
    return slices


@dataclass(frozen=True, slots=True)
class Roll:
    """The outcome of rolling ``dice``: every die as rolled, the ones kept, the total."""

    dice: Dice
    values: tuple[int, ...]
    kept: tuple[int, ...]
    total: int

    def __str__(self) -> str:
        # e.g. "4d6kh3+1 = [3, (1), 5, 6] + 1 = 15": dropped dice are in parentheses.
        parts: list[str] = []
        for term, values in zip(self.dice.terms, _split(self.dice, self.values), strict=True):
            kept = set(term.kept_indices(values))
            shown = ", ".join(str(v) if i in kept else f"({v})" for i, v in enumerate(values))
            if term.sign < 0:
                parts.append(f"- [{shown}]" if parts else f"-[{shown}]")
            else:
                parts.append(f"+ [{shown}]" if parts else f"[{shown}]")
        modifier = self.dice.modifier
        if not parts:
            parts.append(str(modifier))
        elif modifier:
            parts.append(f"{'-' if modifier < 0 else '+'} {abs(modifier)}")
        return f"{self.dice} = {' '.join(parts)} = {self.total}"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the notation, every die, the kept dice, the total."""
        return {
            "dice": str(self.dice),
            "values": list(self.values),
            "kept": list(self.kept),
            "total": self.total,
        }


def _check_supplied(dice: Dice, supplied: Sequence[int], where: str) -> tuple[int, ...]:
    """Return the supplied values as a tuple once each is a face of its die."""
    if isinstance(supplied, str | bytes) or not isinstance(supplied, Sequence):
        raise DiceError(
            f"expected a list of integers for {dice}, got {type(supplied).__name__}",
            notation=str(dice),
            where=where,
        )
    faces = dice.faces()
    if len(supplied) != len(faces):
        plural = "value" if len(faces) == 1 else "values"
        raise DiceError(
            f"expected {len(faces)} {plural} for {dice}, got {len(supplied)}",
            notation=str(dice),
            where=where,
        )
    for i, (value, sides) in enumerate(zip(supplied, faces, strict=True)):
        # bool is an int subclass; True must not pass for a rolled 1.
        if not isinstance(value, int) or isinstance(value, bool):
            raise DiceError(
                f"expected an integer from 1 to {sides}, got {value!r}",
                notation=str(dice),
                where=f"{where}[{i}]",
            )
        if not 1 <= value <= sides:
            raise DiceError(
                f"{value} is not a face of d{sides} (expected 1 to {sides})",
                notation=str(dice),
                where=f"{where}[{i}]",
            )
    return tuple(supplied)


def roll_dice(
    dice: Dice,
    rng: random.Random,
    supplied: Sequence[int] | None = None,
    *,
    where: str = "roll",
) -> Roll:
    """Roll ``dice`` with ``rng``, or use ``supplied`` values (one per die, in order).

    With ``supplied`` the RNG is not touched, so physical rolls and seeded
    rolls can interleave without shifting the random stream.

    >>> from footwork.dice import parse_dice
    >>> str(roll_dice(parse_dice("2d6+1"), random.Random(7), [3, 5]))
    '2d6+1 = [3, 5] + 1 = 9'
    """
    if supplied is None:
        values = tuple(rng.randint(1, sides) for sides in dice.faces())
    else:
        values = _check_supplied(dice, supplied, where)
    kept: list[int] = []
    total = dice.modifier
    for term, term_values in zip(dice.terms, _split(dice, values), strict=True):
        chosen = term.keep_values(term_values)
        kept.extend(chosen)
        total += term.sign * sum(chosen)
    return Roll(dice=dice, values=values, kept=tuple(kept), total=total)
