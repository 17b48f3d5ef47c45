"""Saved files written before the engine passed a turn on by itself (a holder lost in the
Skysea during its own turn, R003-26 / A003-20) end that turn by hand with an
``end_turn``; restoring one skips that step and says so, and nothing else changes."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.engine import Session
from footwork.errors import ScenarioError
from footwork.scenario.encounter import encounter_from_data
from footwork.scenario.runner import play
from tests.rulesets.spans._helpers import actor
from tests.rulesets.spans.test_falls import cliff, drop


def _saved_after_a_fall_into_the_skysea() -> tuple[Session[Any], dict[str, Any]]:
    s = cliff(actor("ada", "top"), actor("bo", "top"))
    drop(s, "ada", "void")  # ada is lost; her turn passes on to bo by itself
    assert s.state.current == "bo"
    return s, s.save_json()


def test_an_old_files_end_turn_for_a_turn_already_passed_is_skipped_R003_26() -> None:
    live, saved = _saved_after_a_fall_into_the_skysea()
    old = {**saved, "steps": [*saved["steps"], {"do": "end_turn", "actor": "ada"}]}
    outcome = play(encounter_from_data(old, "old.json"))
    assert outcome.ok and not outcome.stopped
    assert any("skipped: ada's turn had already passed" in m for m in outcome.messages)
    # bo's turn, as if the step were not there
    assert outcome.session.to_json(log=False) == live.to_json(log=False)
    assert Session.from_json(old).to_json(log=False) == live.to_json(log=False)


def test_an_end_turn_out_of_turn_is_still_refused_otherwise() -> None:
    """Only the end_turn right after its holder's turn passed is skipped: the same step
    after another command, or one for someone whose turn never passed, stops the file."""
    _, saved = _saved_after_a_fall_into_the_skysea()
    later = {**saved, "steps": [*saved["steps"], {"do": "end_turn", "actor": "bo"},
                                {"do": "end_turn", "actor": "ada"}]}
    with pytest.raises(ScenarioError, match="not ada's"):
        Session.from_json(later)
    wrong = {**saved, "steps": [*saved["steps"], {"do": "end_turn", "actor": "cy"}]}
    with pytest.raises(ScenarioError):
        Session.from_json(wrong)
