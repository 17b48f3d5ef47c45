"""Bad encounter files and bad commands: refused with a clear error, nothing changed
(A003-01, A003-06, A003-18, A003-24, R003-06, R003-14, R003-15, R003-19)."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.errors import DiceError, IllegalCommand, InvalidCommand, ScenarioError

from ...conftest import load
from ._helpers import actor, refused, session

HEAD = """\
footwork: 1
ruleset: spans
seed: 1
"""

GOOD_MAP = """\
map:
  spans:
    - id: deck
      features:
        - {id: mast, kind: on_high, height: 2}
        - {id: gangway, kind: threshold, guards: [pier]}
    - {id: pier, surface: soft}
  links:
    - [deck, pier]
"""


def file(body: str) -> str:
    return HEAD + body


def test_a_good_yaml_file_loads() -> None:
    """The inline YAML format of the README loads, with defaults filled in (A003-01)."""
    enc = load(file(GOOD_MAP + "actors:\n  - {id: ada, side: crew, at: mast}\n"))
    ada = enc.initial.actors["ada"]
    assert (ada.at, ada.height, dict(ada.dice)) == (
        "mast", 2, {"attack": "d6", "brace": "d6", "maneuver": "d6"})
    assert (ada.guard, ada.stamina, ada.awareness, ada.life, ada.hands_free) == (3, 3, 3, 5, 2)


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        # R003-15: only three kinds of feature
        ("map:\n  spans:\n    - id: a\n      features: [{id: f, kind: wall}]\n", "kind"),
        # A003-18: an on-high feature stands above its span's ground
        ("map:\n  spans:\n    - id: a\n      ground: 2\n"
         "      features: [{id: f, kind: on_high, height: 2}]\n", "above"),
        ("map:\n  spans:\n    - id: a\n      features: [{id: f, kind: cover, height: 3}]\n",
         "only on-high"),
        # R003-19: only thresholds guard crossings, and only known spans
        ("map:\n  spans:\n    - id: a\n      features: [{id: f, kind: cover, guards: [a]}]\n",
         "only thresholds"),
        ("map:\n  spans:\n    - id: a\n      features: [{id: f, kind: threshold, guards: [zz]}]\n",
         "unknown span"),
        # A003-06: capacity is at least 1; a feature belongs to one span (ids are unique)
        ("map:\n  spans:\n    - id: a\n      features: [{id: f, kind: cover, capacity: 0}]\n",
         "capacity"),
        ("map:\n  spans:\n    - id: a\n      features: [{id: f, kind: cover}]\n"
         "    - id: b\n      features: [{id: f, kind: cover}]\n", "twice"),
        ("map:\n  spans:\n    - id: a\n      features: [{id: f, kind: cover}]\n    - id: b\n"
         "  links: [[f, b]]\n", "map.links[0]: 'f' is a feature; links join spans"),
        ("map:\n  spans:\n    - {id: a, surface: lava}\n", "surface"),
        ("map:\n  spans: []\n", "spans"),
    ],
)
def test_bad_maps_are_refused_R003_15(body: str, fragment: str) -> None:
    """R003-14, R003-15, R003-19, A003-06, A003-18: a bad map is a ScenarioError."""
    with pytest.raises(ScenarioError) as info:
        load(file(body + "actors:\n  - {id: ada, side: crew, at: a}\n"))
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    ("stats", "fragment"),
    [
        ("{dice: {maneuver: d6x}}", "maneuver"),  # A003-01: dice notation checked
        ("{dice: {luck: d6}}", "luck"),  # only Attack, Brace, Maneuver
        ("{hands_free: 3}", "hands_free"),  # R003-06, A003-24: 0..2
        ("{abilities: [teleport]}", "abilities"),
        ("{guard: -1}", "guard"),
        ("{mode: swimming}", "mode"),
        ("{height: 5}", "height"),  # A003-18: a grounded actor stands on its place
    ],
)
def test_bad_actor_stats_are_refused_A003_01(stats: str, fragment: str) -> None:
    """A003-01, A003-18, A003-24: actor stats are validated with a path to the fault."""
    with pytest.raises(ScenarioError) as info:
        load(file(GOOD_MAP + f"actors:\n  - {{id: ada, side: crew, at: deck, stats: {stats}}}\n"))
    assert fragment in str(info.value)


def test_unknown_starting_place_is_refused() -> None:
    with pytest.raises(ScenarioError) as info:
        load(file(GOOD_MAP + "actors:\n  - {id: ada, side: crew, at: moon}\n"))
    assert "moon" in str(info.value) and "actors[0].at" in str(info.value)


def test_airborne_actor_below_the_ground_is_refused_A003_18() -> None:
    with pytest.raises(ScenarioError):
        load(file(GOOD_MAP + "actors:\n  - {id: k, side: x, at: deck, "
                  "stats: {mode: flying, height: -1}}\n"))


@pytest.mark.parametrize("options", [
    "{climb: {fall: true}}",
    "{run: {unpaid_struggle: sometimes}}",
    "{cover: {blocks: nobody}}",
    "{feature: {default_capacity: 0}}",
    "{turn: {movement_actions: 0}}",
    "{climb: {hands_needed: 3}}",
])
def test_bad_options_are_refused(options: str) -> None:
    """Options are a closed, validated model: typos and bad values are refused."""
    with pytest.raises(ScenarioError):
        load(file(f"options: {options}\n" + GOOD_MAP
                  + "actors:\n  - {id: ada, side: crew, at: deck}\n"))


# -- bad commands: refused, nothing changes -------------------------------------------------


def unchanged(s: Any, command: dict[str, Any], error: type[Exception]) -> Exception:
    before = s.state
    with pytest.raises(error) as info:
        s.do(command)
    assert s.state == before and s.history == []
    return info.value


@pytest.mark.parametrize("face", [0, 7, -1])
def test_supplied_face_the_die_cannot_show_is_refused_A003_01(face: int) -> None:
    """A003-01: a supplied roll is checked against the dice it claims to be."""
    s = session([actor("ada", "yard")])
    unchanged(s, {"do": "run", "actor": "ada", "die": "brace", "to": "street", "roll": [face]},
              DiceError)


def test_unused_supplied_values_are_refused() -> None:
    s = session([actor("ada", "yard")])
    unchanged(s, {"do": "run", "actor": "ada", "die": "brace", "to": "street", "roll": [5, 5]},
              DiceError)


@pytest.mark.parametrize("command", [
    {"do": "sprint", "actor": "ada", "to": "street"},
    {"do": "run", "actor": "ada", "to": "street"},  # no die
    {"do": "run", "actor": "ada", "die": "luck", "to": "street"},
    {"do": "fly", "actor": "ada", "die": "attack", "direction": "sideways"},
    {"do": "hands", "actor": "ada"},
])
def test_malformed_commands_are_refused(command: dict[str, Any]) -> None:
    s = session([actor("ada", "yard")])
    unchanged(s, command, InvalidCommand)


def test_engine_refusals_change_nothing() -> None:
    s = session([actor("ada", "yard"), actor("bo", "yard")])
    refused(s, {"do": "run", "actor": "bo", "die": "attack", "to": "street"}, "not_your_turn")
    refused(s, {"do": "run", "actor": "zed", "die": "attack", "to": "street"}, "unknown_actor")
    refused(s, {"answer": "pay"}, "nothing_pending")
    err = unchanged(s, {"do": "run", "actor": "ada", "die": "attack", "to": "moon"},
                    IllegalCommand)
    assert isinstance(err, IllegalCommand) and err.reason == "unknown_place"
