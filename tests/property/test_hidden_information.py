"""Hidden information: over random play, a seat never receives what is hidden from it.

For each ruleset with hidden content (sitemaps: unrevealed zones and who stands in them,
R004-02; cultivation: hidden characters nobody of the seat has sensed, R000-66,
R000-71), encounters are played with random commands taken from the game master's
options (answers included). After every command, for every seat (the players, each
side, one actor):

- no id hidden from the seat at that moment appears as a word in anything the seat
  receives: the state JSON with its log, the options of its characters, the map, and
  the answer to a query that names a hidden actor (refused exactly like an unknown one);
- the seat's log only grows: every line it was shown earlier is still there, unchanged
  and in the same place (history is not rewritten by a later reveal or sensing).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footwork.engine.seats import Seat, mentions
from footwork.errors import FootworkError
from footwork.scenario import Encounter, encounter_from_data, load_encounter

ROOT = Path(__file__).resolve().parents[2]

SHADES = """
footwork: 1
ruleset: cultivation
seed: 5
options: {awareness: {player_sides: [heroes]}}
map:
  zones:
    - {id: gate, size_m: 5}
    - {id: yard, size_m: 5}
    - {id: hall, size_m: 5}
    - {id: vault, size_m: 5}
  links: [[gate, yard], [yard, hall], [hall, vault]]
actors:
  - {id: mira, side: heroes, at: gate, stats: {air: 6, earth: 4, prowess: 3}}
  - {id: tomas, side: heroes, at: yard, stats: {air: 3, earth: 5, prowess: 2}}
  - {id: umbra, side: shades, at: hall,
     stats: {air: 5, earth: 3, prowess: 3, hidden: true, stealth_defense: 14}}
  - {id: wisp, side: shades, at: vault,
     stats: {air: 4, earth: 2, prowess: 1, hidden: true, stealth_defense: 9}}
"""


def _without_steps(path: Path) -> Encounter:
    data = dict(load_encounter(path).source.data)
    data["steps"] = []
    return encounter_from_data(data, path.name)


def _encounters() -> list[tuple[str, Encounter]]:
    from footwork.scenario.source import parse_text

    shades = parse_text(SHADES, "shades.yaml").data
    return [
        ("tavern-brawl", _without_steps(ROOT / "examples/sitemaps/tavern-brawl.yaml")),
        ("warehouse-catwalks",
         _without_steps(ROOT / "examples/sitemaps/warehouse-catwalks.yaml")),
        ("shades", encounter_from_data(shades, "shades.yaml")),
    ]


ENCOUNTERS = _encounters()


def _seats(encounter: Encounter) -> list[Seat]:
    state = encounter.initial
    sides = sorted({a.side for a in state.actors.values()})
    first = state.order[0]
    return [Seat("players"), *(Seat("side", s) for s in sides), Seat("actor", first)]


def _received(session: Any, seat: Seat) -> tuple[dict[str, Any], str]:
    """Everything the seat receives now, and the same as one text to search."""
    view = session.view(seat)
    state = session.state
    body = view.state_json(state, session.initial, session.batches)
    options = [o.to_json() for aid in state.actors for o in view.options(state, aid)]
    space = view.space_json(state)
    return body, json.dumps([body, options, space])


def _play(encounter: Encounter, rng: random.Random, steps: int) -> None:
    session = encounter.session()
    seats = _seats(encounter)
    logs: dict[Seat, list[Any]] = {seat: [] for seat in seats}
    ruleset = encounter.ruleset
    for _ in range(steps):
        state = session.state
        if state.ended:
            break
        for seat in seats:
            hidden = frozenset(ruleset.secrets(state, seat))
            body, text = _received(session, seat)
            for name in hidden:
                assert not mentions(text, frozenset([name])), (seat, name, text[:2000])
            earlier = logs[seat]
            assert body["log"][:len(earlier)] == earlier, seat
            logs[seat] = body["log"]
            assert "version" not in body
            for name in hidden & set(state.actors):
                with pytest.raises(FootworkError) as hidden_err:
                    session.view(seat).query(state, _a_query(encounter), [name, name])
                with pytest.raises(FootworkError) as unknown_err:
                    session.view(seat).query(state, _a_query(encounter), ["nobody", "nobody"])
                assert str(hidden_err.value).replace(name, "nobody") == str(unknown_err.value)
        actor = state.pending.actor if state.pending else state.current
        choices = list(session.options(actor))
        if not choices:
            break
        command = rng.choice(choices).command
        try:
            session.do(command)
        except FootworkError:
            continue  # options with a free choice (a point) may be refused: nothing changed


def _a_query(encounter: Encounter) -> str:
    """A query about two actors (sitemaps: range, cultivation: awareness)."""
    return "range" if "range" in encounter.ruleset.queries() else "aware"


@pytest.mark.parametrize(("name", "encounter"), ENCOUNTERS, ids=[n for n, _ in ENCOUNTERS])
@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_no_seat_receives_what_is_hidden_from_it(name: str, encounter: Encounter,
                                                 seed: int) -> None:
    """R004-02, A004-17 (sitemaps), R000-66, R000-71 (cultivation)."""
    _play(encounter, random.Random(seed), steps=25)
