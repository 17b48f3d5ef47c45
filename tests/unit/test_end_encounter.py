"""The game master ends an encounter (a core command, issue 12: a scene can be played to
its end even while someone could still act)."""

from __future__ import annotations

import pytest

from footwork.errors import IllegalCommand
from footwork.scenario import load_encounter
from tests.conftest import EXAMPLES


def test_only_the_game_master_ends_an_encounter_and_nobody_acts_after() -> None:
    session = load_encounter(EXAMPLES / "spans" / "cliff-climb.yaml").session()
    before = session.state
    with pytest.raises(IllegalCommand) as refused:
        session.do({"do": "end_encounter", "actor": before.current})
    assert refused.value.reason == "gm_only" and session.state == before
    session.do({"do": "end_encounter", "actor": "gm", "reason": "the climbers reach the top"})
    assert session.state.ended and session.actor_to_move is None
    assert session.to_json()["log"][-1]["text"].endswith("the climbers reach the top")
    with pytest.raises(IllegalCommand) as over:
        session.do({"do": "end_turn", "actor": before.current})
    assert over.value.reason == "encounter_over"
    assert session.options(before.current) == ()
    # replay equals live, and undo takes it back
    engine = session.engine
    assert engine.replay(session.initial, session.events) == session.state
    session.undo()
    assert session.state == before


def test_the_game_master_may_end_it_while_a_decision_is_pending() -> None:
    session = load_encounter(EXAMPLES / "sitemaps" / "tavern-brawl.yaml").session()
    session.do({"do": "move", "actor": "mira", "to": "street-west", "at": [4, -2]})
    assert session.state.pending is not None
    session.do({"do": "end_encounter", "actor": "gm"})
    assert session.state.ended
