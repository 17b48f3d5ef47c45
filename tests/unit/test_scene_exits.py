"""The engine's cheap look before it folds a command's events to see whether the turn's
holder left the scene (``Engine._may_leave``, ``Ruleset.scene_exits``): it skips the fold
only where nothing can have left, and the events are the same as with the fold always."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from footwork.engine import Engine
from footwork.scenario import load_encounter

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


class AlwaysFolds(Engine[Any]):
    """The engine as it was: every command's events folded once more to look."""

    def _may_leave(self, state: Any, events: Any) -> bool:
        return True


def test_a_plain_move_is_not_folded_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """cultivation declares its one way out (FellUnconscious): a move's events cannot
    leave anyone out, so ``decide`` folds nothing to look; a ruleset that keeps the
    default ``takes_turns`` (allowances) never looks."""
    folds: list[int] = []
    real = Engine.replay

    def counted(self: Engine[Any], *args: Any, **kwargs: Any) -> Any:
        folds.append(1)
        return real(self, *args, **kwargs)

    for name in ("cultivation/courtyard-duel", "allowances/lake-battle"):
        session = load_encounter(EXAMPLES / f"{name}.yaml").session()
        state = session.state
        move = next(o for o in session.options(state.current) if o.to)
        folds.clear()
        monkeypatch.setattr(Engine, "replay", counted)
        events = session.engine.decide(state, move.command)
        monkeypatch.setattr(Engine, "replay", real)
        assert events and not folds, name
        assert not session.engine._may_leave(state, events)


@pytest.mark.parametrize("name", ["cultivation/flooded-hall", "styles/ruined-tower",
                                  "spans/rooftop-chase"])
def test_the_look_changes_no_events(name: str) -> None:
    """Seeded random play of an example: every command's events, and every answer's, are
    those of the engine that always folds to look (so a ruleset's declared exits miss
    nothing that ``takes_turns`` reads)."""
    session = load_encounter(EXAMPLES / f"{name}.yaml").session()
    plain = AlwaysFolds(session.engine.ruleset, cast=session.engine.cast)
    rng = random.Random(7)
    for _ in range(12):
        state = session.state
        if state.ended:
            break
        if state.pending is not None:
            command: dict[str, Any] = {"answer": rng.choice(state.pending.choices)}
        else:
            found = session.options(state.current)
            command = dict(rng.choice(found).command) if found else {
                "do": "end_turn", "actor": state.current}
        try:
            events = session.engine.decide(state, command)
        except Exception as exc:  # a refused option (a roll it needs): refused alike
            with pytest.raises(type(exc)):
                plain.decide(state, command)
            session.do({"do": "end_turn", "actor": state.current})
            continue
        assert plain.decide(state, command) == events
        session.do(command)
