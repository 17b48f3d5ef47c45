"""Errors in encounter files in a map-maker's words, every fault at once (issue 13,
item 17)."""

from __future__ import annotations

import pytest

from footwork import ScenarioError, encounter_from_text
from footwork.errors import ScenarioErrors
from footwork.scenario.encounter import MAX_ERRORS

HEAD = """\
footwork: 1
ruleset: spans
map:
  spans: [{id: deck}, {id: pier}]
  links: [[deck, pier]]
"""
GOOD = HEAD + "actors:\n  - {id: ada, side: crew, at: deck}\n"
STOPS = "; fix this first: the file is not read past it"
#: the parser's own words, which a map-maker should never have to read
JARGON = ("<block", "scalar", "token", "stream", "simple key", "flow", "expected ','")


def refused(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(text, "map.yaml")
    return info.value


@pytest.mark.parametrize(("text", "line", "words"), [
    # a mapping's key less indented than its siblings
    ("footwork: 1\nmap:\n    spans: []\n  links: []\n", 4,
     "this line is indented differently from the ones above it"),
    # a list item's key less indented than the item's first
    ("footwork: 1\nactors:\n  - id: a\n    at: deck\n   side: x\n", 5,
     "this line is indented differently from the ones above it"),
    # a key indented under one that already has a value
    (GOOD + "  - id: brin\n     side: crew\n", 9,
     "this line is indented more than the one above it, which has a value already"),
    ("footwork: 1\nmap:\n\tspans: []\n", 3,
     "a tab character: indent and separate with spaces, never tabs"),
    ('footwork: 1\ntitle: "the pier\nruleset: spans\n', 2,
     'the " opened on this line is never closed'),
    ("footwork: 1\ntitle: 'the pier\nruleset: spans\n", 2,
     "the ' opened on this line is never closed"),
    ("footwork: 1\nmap:\n  spans: [{id: deck}, {id: pier}\n  links: []\n", 3,
     "the '[' opened on this line is not closed with ']' (or two of its items lack a comma "
     "between them); the file stops making sense on line 4"),
    ("footwork: 1\nactors:\n  - {id: ada, at: deck\nseed: 2\n", 3,
     "the '{' opened on this line is not closed with '}'"),
    ("footwork: 1\nruleset\nmap: {}\n", 2, "a key without a value: write 'name: value'"),
    ("footwork: 1\nactors:\n  - id: ada\n    at\n", 4, "a key without a value"),
    ("footwork: 1\nruleset: spans\nseed: 1\nruleset: styles\n", 4,
     "duplicate key 'ruleset': a mapping names each key once (first on line 2)"),
    ("footwork: 1\ntitle: the pier: at dawn\n", 2,
     "a colon followed by a space inside a value: put the value in quotes"),
    ("footwork: 1\nseed: *lucky\n", 2, "*lucky refers to no anchor &lucky above it"),
    ("footwork: 1\n---\nruleset: spans\n", 2, "a second document (after ---)"),
    ("footwork: 1\ntitle: @pier\n", 2, "a value cannot begin with '@': put the value in quotes"),
])
def test_a_syntax_error_says_what_is_wrong_in_words_with_its_line(text: str, line: int,
                                                                  words: str) -> None:
    err = refused(text)
    message = str(err)
    assert message.startswith(f"map.yaml:{line}: invalid YAML: {words}"), message
    assert err.line == line
    assert message.endswith(STOPS)  # the parser cannot go on: said so
    assert "\n" not in message
    assert not [j for j in JARGON if j in message], message


BAD = """\
footwork: 1
ruleset: spans
seed: x
map:
  spans: [{id: deck}, {id: pier, ground: high}]
  links: [[deck, pier]]
actors:
  - {id: ada, side: crew, at: deck, stats: {guard: -1, wings: 2}}
  - {id: brin, at: pier, colour: red}
"""


def test_every_fault_of_a_valid_yaml_file_is_reported_at_once_in_file_order() -> None:
    err = refused(BAD)
    assert isinstance(err, ScenarioErrors)
    assert str(err).split("\n") == [
        "map.yaml:3: seed: input should be a whole number (got 'x')",
        "map.yaml:5: map.spans[1].ground: input should be a whole number (got 'high')",
        "map.yaml:8: actors[0].stats.guard: input should be greater than or equal to 0 "
        "(got -1)",
        "map.yaml:8: actors[0].stats.wings: unknown field",
        "map.yaml:9: actors[1].colour: unknown field",
    ]
    # the first fault's fields, and each fault with its own
    assert (err.line, err.path) == (3, "seed")
    assert [(e.line, e.path) for e in err.errors][-1] == (9, "actors[1].colour")


def test_every_faulty_step_is_reported() -> None:
    text = GOOD + """\
steps:
  - {do: run, actor: ada, die: maneuver, to: pier, roll: [4]}
  - {do: fly, actor: ada}
  - {do: run, actor: zed, die: maneuver, to: pier}
  - {expect: 3}
"""
    lines = str(refused(text)).split("\n")
    assert lines == [
        "map.yaml:10: steps[1].die: missing field; command 'fly' takes: actor, die, to, "
        "direction, roll",
        "map.yaml:11: steps[2].actor: unknown actor 'zed'; expected one of: ada, gm",
        "map.yaml:12: steps[3]: expect takes a mapping (a subset of the state JSON)",
    ]


def test_twice_used_actor_ids_and_a_bad_order_are_reported_together() -> None:
    text = HEAD + """\
actors:
  - {id: ada, at: deck}
  - {id: ada, at: pier}
  - {id: gm, at: pier}
order: [ada]
"""
    lines = str(refused(text)).split("\n")
    assert [line.split(": ")[0:2] for line in lines] == [
        ["map.yaml:8", "actors[1].id"], ["map.yaml:9", "actors[2].id"], ["map.yaml:10", "order"]]


def test_at_most_a_limit_of_faults_is_shown_then_how_many_more() -> None:
    steps = "".join("  - {do: fly, actor: ada}\n" for _ in range(MAX_ERRORS + 5))
    err = refused(GOOD + "steps:\n" + steps)
    lines = str(err).split("\n")
    assert len(lines) == MAX_ERRORS + 1
    assert lines[0].startswith("map.yaml:9: steps[0].die: missing field")
    assert lines[-1] == "map.yaml: 5 more errors not shown"
    assert isinstance(err, ScenarioErrors) and err.more == 5


def test_a_field_of_several_forms_is_one_fault_not_one_per_form() -> None:
    text = HEAD.replace("links: [[deck, pier]]", "links: [[deck, pier, 3]]") + (
        "actors:\n  - {id: ada, at: deck}\n")
    err = refused(text)
    assert "\n" not in str(err)
    assert str(err).startswith("map.yaml:5: map.links[0]")
