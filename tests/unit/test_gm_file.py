"""The game master's fiat in an encounter file: a newcomer is named by the steps after
the one that brings it in, and the file replays with `footwork run`."""

from __future__ import annotations

import pytest

from footwork.errors import ScenarioError
from footwork.scenario import encounter_from_text, play

FILE = """\
footwork: 1
ruleset: spans
seed: 3
map:
  spans:
    - {id: deck, pos: [0, 0]}
    - {id: hold, pos: [1, 0], ground: -2}
  links: [[deck, hold]]
actors:
  - {id: ada, side: crew, at: deck}
  - {id: bo, side: crew, at: deck}
steps:
  - {do: gm_add, actor: gm, id: raider, side: pirates, at: hold, reason: reinforcements}
  - {do: gm_place, actor: gm, target: raider, to: deck}
  - {do: gm_remove, actor: gm, target: bo}
  - expect:
      order: [ada, raider]
      actors: {raider: {at: deck}}
  - expect_error: {do: gm_place, actor: gm, target: raider, to: crow}
    reason: no_such_place
"""


def test_a_file_brings_in_places_and_removes() -> None:
    outcome = play(encounter_from_text(FILE, "gm.yaml"))
    assert outcome.failures == []
    lines = [e.describe() for e in outcome.session.events]
    assert "the game master brings raider in at hold (reinforcements; the game master's " \
           "ruling, no rule applied)" in lines


def test_a_file_naming_a_place_the_map_lacks_is_refused_with_its_line() -> None:
    bad = FILE.replace("at: hold, reason", "at: hole, reason")
    with pytest.raises(ScenarioError) as caught:
        encounter_from_text(bad, "gm.yaml")
    assert str(caught.value) == "gm.yaml:13: steps[0].at: no such place 'hole'"


def test_on_a_map_of_spots_an_arrival_stands_beside_the_others() -> None:
    """sitemaps: put without a spot, the cook stands where the ruleset puts an arrival,
    clear of everyone already in the taproom (never on top of a token)."""
    import math

    from footwork.scenario import load_encounter
    from tests.conftest import EXAMPLES

    session = load_encounter(EXAMPLES / "sitemaps" / "tavern-brawl.yaml").session()
    session.do({"do": "gm_place", "actor": "gm", "target": "cook", "to": "taproom"})
    cook = session.state.actors["cook"]
    others = [a for a in session.state.actors.values() if a.id != "cook" and a.at == "taproom"]
    assert others and all(math.dist(cook.point, a.point) >= 2 for a in others)
