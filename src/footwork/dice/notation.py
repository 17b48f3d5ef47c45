"""Dice notation: immutable dice values and a small hand-written parser.

The grammar (case-insensitive, whitespace allowed between tokens)::

    dice  := [sign] term (sign term)*
    term  := NUMBER | [NUMBER] "d" (NUMBER | "%") [keep]
    keep  := "k" ("h" | "l") NUMBER
    sign  := "+" | "-"

Bare numbers are summed into one modifier, so ``2d6+1+2`` is ``2d6+3``.

>>> str(parse_dice("4D6 kh3 + d% - 2"))
'4d6kh3+1d100-2'
>>> parse_dice("2d6+1").maximum
13
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from footwork.errors import DiceError

MAX_DICE = 100
"""The most physical dice one expression may roll (exact odds grow fast)."""
MAX_SIDES = 1000
"""The largest die; beyond it the exact distributions become unwieldy."""
_MAX_DIGITS = 6
"""Longest number literal accepted, so a typo cannot build a huge integer."""

Keep = Literal["h", "l"]


def _is_int(value: object) -> bool:
    # bool is an int subclass, but True is never a sensible die count.
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice of ``sides`` sides, optionally keeping the highest/lowest ``keep_n``."""

    count: int
    sides: int
    keep: Keep | None = None
    keep_n: int | None = None
    sign: int = 1

    def __post_init__(self) -> None:
        # The parser reports these with a position first; this guards direct construction.
        if not _is_int(self.count) or not 1 <= self.count <= MAX_DICE:
            raise DiceError(f"expected 1 to {MAX_DICE} dice, got {self.count!r}")
        if not _is_int(self.sides) or not 2 <= self.sides <= MAX_SIDES:
            raise DiceError(f"expected 2 to {MAX_SIDES} sides, got {self.sides!r}")
        if (self.keep is None) != (self.keep_n is None):
            raise DiceError("keep and keep_n must be given together")
        if self.keep is not None:
            if self.keep not in ("h", "l"):
                raise DiceError(f"expected keep 'h' or 'l', got {self.keep!r}")
            if not _is_int(self.keep_n) or not 1 <= (self.keep_n or 0) <= self.count:
                raise DiceError(
                    f"expected a keep count from 1 to {self.count}, got {self.keep_n!r}"
                )
        if self.sign not in (1, -1) or isinstance(self.sign, bool):
            raise DiceError(f"expected sign 1 or -1, got {self.sign!r}")

    @property
    def kept_count(self) -> int:
        """How many of this term's dice count towards the total."""
        return self.count if self.keep_n is None else self.keep_n

    @property
    def minimum(self) -> int:
        """The smallest signed contribution of this term."""
        low, high = self.kept_count, self.kept_count * self.sides
        return low if self.sign > 0 else -high

    @property
    def maximum(self) -> int:
        """The largest signed contribution of this term."""
        low, high = self.kept_count, self.kept_count * self.sides
        return high if self.sign > 0 else -low

    def kept_indices(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """Indices into this term's rolled ``values`` of the dice that count, ascending."""
        if self.keep is None or self.keep_n is None:
            return tuple(range(len(values)))
        # Rank by value, ties broken by position, so which tied die drops is deterministic.
        ranked = sorted(range(len(values)), key=lambda i: (values[i], i))
        chosen = ranked[-self.keep_n :] if self.keep == "h" else ranked[: self.keep_n]
        return tuple(sorted(chosen))

    def keep_values(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """The values this term keeps out of its rolled ``values``, in roll order."""
        return tuple(values[i] for i in self.kept_indices(values))

    def notation(self) -> str:
        """Canonical notation of the term without its sign, e.g. ``4d6kh3``."""
        keep = f"k{self.keep}{self.keep_n}" if self.keep is not None else ""
        return f"{self.count}d{self.sides}{keep}"


@dataclass(frozen=True, slots=True)
class Dice:
    """A sum of dice terms plus a constant modifier; hashable, so it can key caches."""

    terms: tuple[DiceTerm, ...]
    modifier: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.terms, tuple) or not all(
            isinstance(t, DiceTerm) for t in self.terms
        ):
            raise DiceError("terms must be a tuple of DiceTerm")
        if not _is_int(self.modifier):
            raise DiceError(f"expected an integer modifier, got {self.modifier!r}")
        if self.dice_count > MAX_DICE:
            raise DiceError(f"expected at most {MAX_DICE} dice in all, got {self.dice_count}")

    def __str__(self) -> str:
        parts: list[str] = []
        for term in self.terms:
            if term.sign < 0:
                parts.append("-")
            elif parts:
                parts.append("+")
            parts.append(term.notation())
        if not parts:
            return str(self.modifier)
        if self.modifier:
            parts.append(f"{self.modifier:+d}")
        return "".join(parts)

    @property
    def dice_count(self) -> int:
        """The number of physical dice to roll (dropped dice included)."""
        return sum(term.count for term in self.terms)

    def faces(self) -> tuple[int, ...]:
        """The number of sides of each physical die, in roll order."""
        return tuple(term.sides for term in self.terms for _ in range(term.count))

    @property
    def minimum(self) -> int:
        """The lowest possible total."""
        return sum(term.minimum for term in self.terms) + self.modifier

    @property
    def maximum(self) -> int:
        """The highest possible total."""
        return sum(term.maximum for term in self.terms) + self.modifier

    def with_modifier(self, modifier: int) -> Dice:
        """A copy whose constant modifier is replaced by ``modifier`` (not added to)."""
        return replace(self, modifier=modifier)


class _Parser:
    """A cursor over the text; every failure names the 1-based position it stopped at."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, expected: str, at: int | None = None) -> DiceError:
        where = self.pos if at is None else at
        return DiceError(
            f"bad dice notation {self.text!r} at position {where + 1}: expected {expected}",
            notation=self.text,
        )

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.pos].lower() if self.pos < len(self.text) else ""

    def number(self, expected: str) -> tuple[int, int] | None:
        """Read an ASCII number: (value, start position), or None if none is here."""
        self.skip_space()
        start = self.pos
        # str.isdigit accepts things like '²' that int() refuses; stick to ASCII.
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        if self.pos == start:
            return None
        if self.pos - start > _MAX_DIGITS:
            raise self.fail(f"{expected} of at most {_MAX_DIGITS} digits", start)
        return int(self.text[start : self.pos]), start

    def parse(self) -> Dice:
        terms: list[DiceTerm] = []
        modifier = 0
        total_dice = 0
        sign = 1
        if self.peek() in ("+", "-"):
            sign = -1 if self.peek() == "-" else 1
            self.pos += 1
        while True:
            self.skip_space()
            start_term = self.pos
            count = self.number("a number")
            if self.peek() == "d":
                term = self.dice_term(count, sign)
                total_dice += term.count
                if total_dice > MAX_DICE:
                    raise self.fail(f"at most {MAX_DICE} dice in all", start_term)
                terms.append(term)
            elif count is None:
                raise self.fail("a number or 'd'")
            else:
                modifier += sign * count[0]
                if self.peek() not in ("", "+", "-"):
                    raise self.fail("'d'")
            nxt = self.peek()
            if nxt == "":
                return Dice(tuple(terms), modifier)
            if nxt not in ("+", "-"):
                raise self.fail("'+', '-' or the end")
            sign = -1 if nxt == "-" else 1
            self.pos += 1

    def dice_term(self, count: tuple[int, int] | None, sign: int) -> DiceTerm:
        n = 1
        if count is not None:
            n, at = count
            if not 1 <= n <= MAX_DICE:
                raise self.fail(f"a dice count from 1 to {MAX_DICE}", at)
        self.pos += 1  # the 'd'
        if self.peek() == "%":
            self.pos += 1
            sides = 100
        else:
            read = self.number("a number of sides")
            if read is None:
                raise self.fail("a number of sides or '%'")
            sides, at = read
            if not 2 <= sides <= MAX_SIDES:
                raise self.fail(f"a number of sides from 2 to {MAX_SIDES}", at)
        if self.peek() != "k":
            return DiceTerm(n, sides, sign=sign)
        self.pos += 1
        which = self.peek()
        if which not in ("h", "l"):
            raise self.fail("'h' or 'l' after 'k'")
        self.pos += 1
        read = self.number("a keep count")
        if read is None:
            raise self.fail("a keep count")
        keep_n, at = read
        if not 1 <= keep_n <= n:
            raise self.fail(f"a keep count from 1 to {n}", at)
        keep: Keep = "h" if which == "h" else "l"
        return DiceTerm(n, sides, keep, keep_n, sign)


def parse_dice(text: str) -> Dice:
    """Parse dice notation such as ``2d6+1``, ``4d6kh3``, ``d%`` or ``3``.

    Raises :class:`DiceError` with a one-line message naming the 1-based
    position where parsing stopped and what was expected there.
    """
    if not isinstance(text, str):
        raise DiceError(f"expected dice notation as text, got {type(text).__name__}")
    return _Parser(text).parse()
