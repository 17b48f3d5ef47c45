"""The places each character stood in during the turn under way, as a seat may see
them: what a table draws as the paths taken this turn, rebuilt from the log, so that a
page opened or reloaded in the middle of a turn draws them as one that saw the turn.

The turn starts at the log's last ``turn_started``; its events are folded one by one
from the state just before it and each actor's place (``Actor.at``) is noted whenever
it changes. Hidden information is judged as the log judges it, at each step: a place
or an actor hidden from the seat when it was reached cuts the path there (what comes
after starts afresh), and an actor hidden now has no path at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from weakref import WeakKeyDictionary

from footwork.engine.events import Event, TurnStarted
from footwork.engine.session import Session
from footwork.engine.state import State
from footwork.engine.view import View

#: per session, the state before its current turn's first event, with the batch it is
#: in and where in it (kept with the batch itself, so that an undo or a new turn, which
#: bring other batches, is never mistaken for it)
_STARTS: WeakKeyDictionary[Session[Any], tuple[int, int, Sequence[Event], State[Any]]] = \
    WeakKeyDictionary()


def turn_paths(session: Session[Any], view: View[Any]) -> dict[str, list[str]]:
    """For each character ``view``'s seat may see that changed place during the turn
    under way, the places it stood in, in order (where it stood when the turn began
    first, where it stands now last); characters that did not move are left out."""
    batches = session.batches
    found = _turn_start(batches)
    if found is None:
        return {}
    index, at = found
    kept = _STARTS.get(session)
    if kept is not None and kept[:2] == (index, at) and kept[2] is batches[index]:
        state = kept[3]
    else:
        before = [e for batch in batches[:index] for e in batch]
        state = session.engine.replay(session.initial, [*before, *batches[index][:at]])
        _STARTS[session] = (index, at, batches[index], state)
    engine = view.engine
    hidden = view.secrets(state)
    paths = {aid: [a.at] if aid not in hidden and a.at not in hidden else []
             for aid, a in state.actors.items()}
    for event in (e for batch in (batches[index][at:], *batches[index + 1:]) for e in batch):
        state = engine.evolve(state, event)
        moved = [(aid, a.at) for aid, a in state.actors.items()
                 if not (path := paths.setdefault(aid, [])) or path[-1] != a.at]
        if not moved:
            continue
        hidden = view.secrets(state)
        for aid, place in moved:
            if aid in hidden or place in hidden:
                paths[aid] = []  # not seen going there: the path starts again after
            else:
                paths[aid].append(place)
    hidden = view.secrets(state)
    return {aid: path for aid, path in paths.items()
            if len(path) > 1 and aid in state.actors and aid not in hidden}


def _turn_start(batches: Sequence[Sequence[Event]]) -> tuple[int, int] | None:
    """Where the turn under way began: the batch and the index in it of the last
    ``TurnStarted``; None before any."""
    for index in range(len(batches) - 1, -1, -1):
        batch = batches[index]
        for at in range(len(batch) - 1, -1, -1):
            if isinstance(batch[at], TurnStarted):
                return index, at
    return None
