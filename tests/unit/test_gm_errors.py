"""Errors a game master can act on (issue 21, item 11): a file's type faults all at once
(no map built), then, once it is well typed, every name it gets wrong, each with its line
and path; an unknown key names the nearest known one; a place that does not exist is
"unknown place" with a suggestion."""

from __future__ import annotations

import pytest

from footwork.errors import ScenarioError, ScenarioErrors
from footwork.scenario import encounter_from_text

BAD = """\
footwork: 1
ruleset: spans
seed: 3
map:
  spans:
    - {id: deck, pos: [0, 0]}
    - {id: hold, pos: [1, 0], ground: -2}
  links: [[deck, hold]]
actors:
  - {id: ada, side: crew, at: dek, stats: {heigth: 2}}
  - {id: bo, side: crew, at: deck, stats: {guard: many}}
steps:
  - {do: run, actor: bob, die: maneuver, to: hold}
  - {do: run, actor: ada, die: maneuver, to: hole}
"""


def test_type_faults_come_first_and_build_no_map() -> None:
    """A file with type faults is refused on those, every one at once, before any map
    is built (a stranger's faulty file costs no map build); the names it gets wrong
    come together in the next pass, once its types are right (below)."""
    with pytest.raises(ScenarioErrors) as caught:
        encounter_from_text(BAD, "bad.yaml")
    assert [str(e) for e in caught.value.errors] == [
        "bad.yaml:10: actors[0].stats.heigth: unknown field; did you mean 'height'?",
        "bad.yaml:11: actors[1].stats.guard: input should be a whole number (got 'many')",
    ]


def test_wrong_names_in_a_well_typed_file_come_together() -> None:
    text = (BAD.replace("stats: {heigth: 2}", "stats: {height: 0}")
            .replace("stats: {guard: many}", "stats: {guard: 2}"))
    with pytest.raises(ScenarioErrors) as caught:
        encounter_from_text(text, "bad.yaml")
    assert [(e.line, e.path) for e in caught.value.errors] == [
        (10, "actors[0].at"), (13, "steps[0].actor"), (14, "steps[1].to")]


def test_an_unknown_key_far_from_any_is_just_unknown() -> None:
    text = BAD.replace("stats: {heigth: 2}", "stats: {zzzzzz: 2}").replace("dek", "deck")
    with pytest.raises(ScenarioError) as caught:
        encounter_from_text(text.replace("guard: many", "guard: 1")
                            .replace("actor: bob", "actor: bo").replace("hole", "hold"),
                            "bad.yaml")
    assert str(caught.value) == "bad.yaml:10: actors[0].stats.zzzzzz: unknown field"
