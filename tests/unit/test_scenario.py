"""Encounter files: subset matching, line numbers, step kinds, registry and entry points."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.errors import RulesetError, ScenarioError
from footwork.rulesets import get_ruleset, registry
from footwork.scenario import encounter_from_text, match, play

BASE = """\
footwork: 1
ruleset: spans
map:
  spans: [{id: deck}, {id: pier}]
  links: [[deck, pier]]
actors:
  - {id: ada, side: crew, at: deck}
  - {id: bo, side: crew, at: pier}
"""


def test_match_is_a_subset_match() -> None:
    actual = {"a": 1, "b": {"c": [1, {"d": 2, "e": 3}]}, "f": None}
    assert match({"b": {"c": [1, {"d": 2}]}}, actual, "") == []
    assert match({"f": None}, actual, "") == []
    assert match({"b": {"c": [1]}}, actual, "") == ["b.c: expected [1], got [1, {'d': 2, 'e': 3}]"]
    assert match({"x": 1}, actual, "") == ["x: expected 1, but there is no such field"]
    assert match({"a": True}, actual, "") == ["a: expected True, got 1"]


def test_steps_play_and_expectations_report_their_line() -> None:
    text = BASE + """\
steps:
  - {do: run, actor: ada, die: brace, to: pier, roll: [5]}
  - expect: {actors: {ada: {at: deck}}}
"""
    outcome = play(encounter_from_text(text, "f.yaml"))
    assert outcome.failures == ["f.yaml:11 steps[1]: expectation failed:\n"
                                "  actors.ada.at: expected 'deck', got 'pier'"]


def test_expect_error_checks_the_state_is_unchanged() -> None:
    text = BASE + """\
steps:
  - expect_error: {do: run, actor: bo, die: brace, to: deck}
    reason: not_your_turn
"""
    outcome = play(encounter_from_text(text))
    assert outcome.ok and "refused as expected" in outcome.messages[0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "<text>:1: expected a mapping with footwork, ruleset, map and actors"),
        ("footwork: 1\n", "<text>:1: ruleset: missing field"),
        (BASE.replace("  - {id: bo, side: crew, at: pier}", "  - {id: ada, side: crew, at: pier}"),
         "<text>:8: actors[1].id: actor id 'ada' is used twice"),
        (BASE.replace("id: bo,", "id: gm,"), "<text>:8: actors[1].id: 'gm' is reserved"),
        (BASE + "steps:\n  - {expect: 3}\n", "<text>:10: steps[0]: expect takes a mapping"),
        (BASE.replace("[[deck, pier]]", "[[deck, moon]]"),
         "<text>:5: map.links[0]: 'moon' is not a place; links join spans: deck, pier"),
    ],
)
def test_file_faults(text: str, message: str) -> None:
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(text)
    assert str(info.value).startswith(message)


def test_unknown_ruleset_lists_the_known_ones() -> None:
    expected = "unknown ruleset 'chess'; expected one of: .*sitemaps, spans"
    with pytest.raises(RulesetError, match=expected):
        get_ruleset("chess")


class _FakeEntryPoint:
    def __init__(self, name: str, target: Any) -> None:
        self.name = name
        self._target = target

    def load(self) -> Any:
        if isinstance(self._target, Exception):
            raise self._target
        return self._target


def test_entry_point_plugins_are_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Third parties register rulesets under the `footwork.rulesets` entry-point group."""
    from tests.unit.toy import ToyRuleset

    def fake(group: str) -> list[_FakeEntryPoint]:
        assert group == "footwork.rulesets"
        return [_FakeEntryPoint("toy", ToyRuleset)]

    monkeypatch.setattr(registry, "entry_points", fake)
    registry._plugins.cache_clear()
    try:
        assert isinstance(get_ruleset("toy"), ToyRuleset)
    finally:
        monkeypatch.undo()
        registry._plugins.cache_clear()
    assert "toy" not in registry.available()


@pytest.mark.parametrize(
    ("target", "message"),
    [(ImportError("no module"), "failed to load: no module"),
     (object, "is not a footwork Ruleset")],
)
def test_broken_plugins_give_one_line(monkeypatch: pytest.MonkeyPatch, target: Any,
                                      message: str) -> None:
    monkeypatch.setattr(registry, "entry_points", lambda group: [_FakeEntryPoint("bad", target)])
    registry._plugins.cache_clear()
    try:
        with pytest.raises(RulesetError, match=message):
            registry.available()
    finally:
        monkeypatch.undo()
        registry._plugins.cache_clear()


def test_an_encounter_from_data_and_a_bad_command_value() -> None:
    """Library users may pass a dict; a command that is no mapping is a clear error."""
    from footwork import InvalidCommand, encounter_from_data

    session = encounter_from_data({
        "footwork": 1, "ruleset": "spans",
        "map": {"spans": [{"id": "deck"}, {"id": "pier"}], "links": [["deck", "pier"]]},
        "actors": [{"id": "ada", "at": "deck"}],
    }).session()
    with pytest.raises(InvalidCommand, match="expected a command mapping"):
        session.do("run")  # type: ignore[arg-type]
    session.do({"do": "run", "actor": "ada", "die": "brace", "to": "pier", "roll": [6]})
    assert session.state.actors["ada"].at == "pier"
