"""Numbers, counts, rolls and spots in the words a log or a label prints them in.

Every ruleset writes its labels and log lines with these, so that the command line,
the API and the page read the same plain words: "1 zone" and "0 zones" (never
"zone(s)"), "9.25" and "3" (never "3.0" or "9.250000001"), the faces of a roll as a sum
("3 + 4 = 7", never "[3, 4] = 7"), a spot as "x 9.25 m, y 3 m".
"""

from __future__ import annotations

from collections.abc import Sequence


def number(value: float, places: int = 2) -> str:
    """``value`` rounded to ``places`` decimals, without trailing zeros or a minus zero:
    3.0 is "3", 9.25 is "9.25", 1/3 is "0.33"."""
    text = f"{float(value):.{places}f}".rstrip("0").rstrip(".") if places else \
        f"{float(value):.0f}"
    return "0" if text in ("-0", "") else text


def count(amount: float, noun: str, plural: str | None = None) -> str:
    """``amount`` of ``noun`` with the plural the amount needs: "1 zone", "0 zones",
    "2 Simple Actions"; ``plural`` for a noun whose plural is not ``noun`` + "s"."""
    word = noun if amount == 1 else plural if plural is not None else f"{noun}s"
    return f"{number(amount)} {word}"


def faces(values: Sequence[int], total: int) -> str:
    """The faces of a roll and its total as a sum: one die that is the total is just
    its face ("5"); several add up ("3 + 4 = 7"); a modifier is its own term
    ("10 + 5 = 15", "12 - 2 = 10")."""
    terms = [str(v) for v in values]
    modifier = total - sum(values)
    if len(terms) == 1 and not modifier:
        return terms[0]
    text = " + ".join(terms) if terms else "0"
    if modifier:
        text += f" {'+' if modifier > 0 else '-'} {abs(modifier)}"
    return f"{text} = {total}"


def spot(x: float, y: float, unit: str = "m") -> str:
    """A point of a map drawn to scale: "x 9.25 m, y 3 m"."""
    return f"x {number(x)} {unit}, y {number(y)} {unit}"
