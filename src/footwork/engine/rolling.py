"""Where the dice of one resolution come from: supplied values first, then the RNG.

The generator is derived from the encounter seed and the state version, so
``decide`` stays a pure function of (state, command). A command's ``roll``
lists the faces a player rolled at the table; each roll of the resolution
takes as many values as it has dice, in order, and the RNG rolls the rest.

A saved session writes the engine's rolls into ``roll`` too, so that it replays
exactly whatever later changes the generator, and counts them (``engine``):
those faces are still reported as the engine's, so the replayed log equals the
live one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from footwork.dice import Dice, Roll, roll_dice
from footwork.engine.words import count
from footwork.errors import DiceError


def rng_for(seed: int, version: int) -> random.Random:
    """The generator for a decision taken at ``version`` of an encounter seeded ``seed``."""
    return random.Random(seed * 1_000_003 + version)


class Roller:
    """Rolls for one decision, taking the caller's supplied faces first."""

    def __init__(
        self, rng: random.Random, supplied: Sequence[int] | None = None, *, engine: int = 0
    ) -> None:
        """``engine``: how many of the last ``supplied`` faces the engine itself rolled
        when the command was first played (a saved session writes them down)."""
        self._rng = rng
        self._supplied = list(supplied) if supplied is not None else []
        if not 0 <= engine <= len(self._supplied):
            raise DiceError(f"{count(engine, 'face')} recorded as rolled by the engine, "
                            f"but roll has {len(self._supplied)}", where="engine_rolled")
        #: supplied faces from this index on are the engine's own
        self._table = len(self._supplied) - engine
        self._used = 0

    def roll(self, dice: Dice, *, where: str = "roll") -> tuple[Roll, bool]:
        """Roll ``dice``; returns the roll and whether its faces were rolled at the table."""
        if not self._supplied:
            return roll_dice(dice, self._rng, None, where=where), False
        need = dice.dice_count
        if len(self._supplied) < need:
            raise DiceError(
                f"{count(len(self._supplied), 'value')} left for {dice}, which needs {need}",
                notation=str(dice),
                where=where,
            )
        faces, self._supplied = self._supplied[:need], self._supplied[need:]
        # a roll is the engine's only if every face of it is: a hand-edited boundary that
        # splits a roll leaves it a table roll
        at_table = self._used < self._table
        self._used += need
        return roll_dice(dice, self._rng, faces, where=where), at_table

    def check_all_used(self, *, where: str = "roll") -> None:
        """Refuse supplied faces that no roll of the resolution took."""
        if self._supplied:
            raise DiceError(
                f"{count(len(self._supplied), 'supplied value')} not needed by any roll of "
                "this step (a roll that comes after a decision takes its faces from the "
                "answer)",
                where=where,
            )
