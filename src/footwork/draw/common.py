"""What every drawing of :mod:`footwork.draw` shares: SVG text and attributes, the page,
side colours, the title lines, and the odds read off an option. The three drawings
(:mod:`.zones`, :mod:`.grid`, :mod:`.to_scale`) import it; it imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any
from xml.sax.saxutils import escape

from footwork.draw.chance import success_chance

SIDE_COLOURS = (
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
)
HIGHLIGHT = "#e69f00"
FALL = "#b2182b"
ACTOR_RING = "#111111"


def _attr(value: object) -> str:
    """A quoted, escaped XML attribute value."""
    return '"' + escape(str(value), {'"': "&quot;"}) + '"'


def picture_at(ref: Mapping[str, Any]) -> tuple[float, float]:
    """Where a map's picture lies off the map's north-west corner, in the map's unit
    (its ``x`` and ``y``; 0 for anything that is not a finite number)."""
    def finite(value: Any) -> float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return float(value) if ok and abs(value) < float("inf") else 0.0
    return finite(ref.get("x")), finite(ref.get("y"))


def _num(value: float) -> str:
    """Coordinates with one decimal, without noise: deterministic and compact."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _text(x: float, y: float, content: str, *, size: int = 12, anchor: str = "middle",
          weight: str = "normal", fill: str = "#222", cls: str = "") -> str:
    klass = f" class={_attr(cls)}" if cls else ""
    return (
        f"<text x={_attr(_num(x))} y={_attr(_num(y))} font-size={_attr(size)} "
        f"text-anchor={_attr(anchor)} font-weight={_attr(weight)} fill={_attr(fill)}{klass}>"
        f"{escape(content)}</text>"
    )


def svg_page(width: float, height: float, data: str, title: str, defs: str,
             body: Sequence[str]) -> str:
    """The SVG document of a drawing: its size, ``data`` (the root's ``data-*``
    attributes), title, ``defs`` and white page, then ``body``, an element a line."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width={_attr(_num(width))} '
        f'height={_attr(_num(height))} viewBox={_attr(f"0 0 {_num(width)} {_num(height)}")} '
        f'{data} font-family="Helvetica, Arial, sans-serif">\n'
        f"<title>{escape(title)}</title>\n"
        f"{defs}\n"
        '<rect width="100%" height="100%" fill="#ffffff"/>\n'
        + "\n".join(body) + "\n</svg>\n"
    )


def side_colours(actors: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Each side's colour, the sides in the order their first actor comes: a side has
    the same colour in every drawing of the encounter."""
    sides: list[str] = []
    for info in actors.values():
        side = str(info.get("side", ""))
        if side not in sides:
            sides.append(side)
    return {s: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, s in enumerate(sides)}


def _width(text: str, size: int = 12, *, bold: bool = False) -> float:
    """A generous estimate of how wide a line of sans-serif text is drawn."""
    return len(text) * size * (0.64 if bold else 0.58)


#: a listed line (what else an actor may do, who is off the map) wraps to at most this
#: many lines: the picture is a map, not the options list
LIST_LINES = 3


def wrap_list(head: str, items: Sequence[str], width: float, size: int = 11) -> list[str]:
    """``head`` then the items joined by "; ", wrapped to ``width`` pixels in at most
    :data:`LIST_LINES` lines, the last saying how many items did not fit."""
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        piece = item + (";" if i < len(items) - 1 else "")
        if line == head or _width(f"{line} {piece}", size) <= width:
            line = f"{line} {piece}" if line else piece
            continue
        lines.append(line)
        if len(lines) == LIST_LINES - 1:
            line = "  " + "; ".join(items[i:])
            if _width(line, size) > width:
                line = f"  … and {len(items) - i} more"
            break
        line = "  " + piece
    lines.append(line)
    # a single item longer than the page is cut, not allowed to widen it
    room = max(8, int(width / (size * 0.58)))
    return [t if len(t) <= room else t[:room - 1] + "…" for t in lines]


def heading(state: Mapping[str, Any], actor: str | None, shown: str,
            *, first: str = "") -> tuple[str, str]:
    """The title (ruleset, round, whose turn) and the subtitle (``first``, the pending
    decision, and what is highlighted for ``actor``) every drawing starts with."""
    turn = state.get("turn")
    # a map with no one on it yet (an import, a draft) has a round but nobody's turn
    whose = (f", {turn}'s turn" if turn else ", the encounter is over"
             if state.get("ended") else "")
    title = f"{state.get('ruleset', '')} — round {state.get('round')}{whose}"
    parts = [first] if first else []
    pending = state.get("pending")
    if pending:
        parts.append(f"{pending.get('actor')} must decide: {pending.get('prompt')}")
    if actor is not None:
        parts.append(f"options for {actor}: {shown}")
    return title, " · ".join(parts)


def percent(p: Fraction) -> str:
    """A probability as a short percentage (``50%``, ``33.3%``)."""
    value = float(p) * 100
    text = f"{value:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


def success_odds(option: Any) -> Fraction:
    """The chance an option succeeds (:func:`footwork.draw.chance.success_chance`: the
    same figure the page's list gives, a flourish counted as a success)."""
    return success_chance(option).p


def _fall_words(option: Any) -> str:
    """``fall``, with its distance when the option's risk gives one (``fall 8 m``,
    ``fall 5 heights``)."""
    fall = getattr(getattr(option, "risk", None), "fall", None)
    size, unit = getattr(fall, "distance", None), str(getattr(fall, "unit", "") or "")
    if not isinstance(size, int | float) or isinstance(size, bool):
        return "fall"
    plural = "s" if size != 1 and unit and not unit.endswith(("m", "u", "s")) else ""
    return f"fall {size:g} {unit}{plural}".rstrip()


def fall_odds(option: Any) -> Fraction:
    """The chance an option ends in a fall: its checks' outcomes that name a fall, or
    certain when the option says so itself (``"a move; a fall"``) without a check. An
    option's ``risk.fall.chance`` (the engine's own account) wins when it is known."""
    fall = getattr(getattr(option, "risk", None), "fall", None)
    if fall is not None and getattr(fall, "chance", None) is not None:
        return Fraction(fall.chance)
    stay = Fraction(1)
    for check in getattr(option, "checks", ()):
        stay *= 1 - sum((Fraction(v) for k, v in check.odds.items() if "fall" in k.lower()),
                        Fraction(0))
    if stay == 1 and "fall" in str(getattr(option, "cost", "")).lower():
        return Fraction(1)
    return 1 - stay
