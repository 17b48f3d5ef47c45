"""Which dice a command rolls now: so that a page asks for faces rolled at the table only
when a roll is due (answering ``pay`` or ending a turn often rolls nothing).

The command is decided as the seat would send it, on a copy of the state, and nothing
is kept: ``decide`` is pure. The rolls are those footwork's own dice would make; what a
roll decides may call for another (a fall after a failed climb), so a command given
fewer faces than it then needs is refused in one line and changes nothing. A roll the
seat does not perceive (a hidden character's) is not listed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from footwork.engine.codec import JSON
from footwork.engine.commands import Command
from footwork.engine.events import Rolled
from footwork.engine.state import State
from footwork.engine.view import View
from footwork.errors import FootworkError


def rolls_of(view: View[Any], state: State[Any], command: Command | Mapping[str, JSON]
             ) -> list[dict[str, JSON]]:
    """The rolls ``command`` makes when decided now for ``view``'s seat, in order: each
    with who rolls, the check and the dice (``"1d8"``, ``"2d10"``). Raises what deciding
    raises (the command would be refused)."""
    events = view.decide(state, command)
    after = view.engine.replay(state, events)
    shown = view.batch_lines(after, [e for e in events if isinstance(e, Rolled)])
    return [{"actor": line["actor"], "check": line["check"], "dice": line["dice"]}
            for line in shown]


def rolls_or_none(view: View[Any], state: State[Any], command: Mapping[str, JSON]
                  ) -> list[dict[str, JSON]]:
    """:func:`rolls_of`, or no rolls for a command the rules would refuse."""
    try:
        return rolls_of(view, state, command)
    except FootworkError:
        return []
