"""Encounter text and commands from strangers: refused early, in one line, changing nothing.

Items of the issue "Untrusted files and hidden information": alias bombs, nesting,
huge numbers, booleans and texts as numbers, duplicate keys, byte-order marks, control
characters in ids, excerpts in messages, the library refusing what is not a command or
an event, and the odds-work limit.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from footwork import limits
from footwork.dice import parse_dice
from footwork.engine.choices import CheckOdds
from footwork.engine.commands import EndTurn
from footwork.errors import FootworkError, InvalidCommand, InvalidEvent, ScenarioError
from footwork.odds import brute_force_distribution, distribution, is_exact
from footwork.odds.exact import approximate_distribution
from footwork.scenario import encounter_from_text, load_encounter

GOOD = {
    "footwork": 1, "ruleset": "spans", "seed": 3,
    "map": {"spans": [{"id": "deck"}, {"id": "pier"}], "links": [["deck", "pier"]]},
    "actors": [{"id": "ada", "side": "crew", "at": "deck"},
               {"id": "bo", "side": "crew", "at": "pier"}],
}


def refused(text: str, name: str = "case.yaml") -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(text, name)
    message = str(info.value)
    # every fault of the file is reported, each on one line of its own
    for line in message.split("\n"):
        assert line.startswith(name), message
        assert len(line) < 400, message
    return info.value


def as_yaml(data: Any) -> str:
    return json.dumps(data, indent=1)  # JSON is YAML 1.2; indent gives each value a line


def billion_laughs(levels: int = 9) -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels + 1):
        name, prev = chr(ord("a") + i), chr(ord("a") + i - 1)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_is_refused_by_the_node_budget_before_anything_is_built() -> None:
    err = refused(billion_laughs())
    assert isinstance(err, limits.LimitExceeded) and err.limit == "nodes"
    assert "--limit nodes=N" in str(err) and err.line is not None


def test_aliases_within_the_budget_are_expanded_as_usual() -> None:
    text = ("footwork: 1\nruleset: spans\nmap:\n  spans: [{id: deck}, {id: pier}]\n"
            "  links: [[deck, pier]]\nactors:\n  - {id: ada, side: &crew crew, at: deck}\n"
            "  - {id: bo, side: *crew, at: pier}\n")
    assert encounter_from_text(text).initial.actors["bo"].side == "crew"


def test_an_alias_that_contains_itself_is_refused() -> None:
    assert "contains it" in str(refused("a: &a [1, *a]\n"))


@pytest.mark.parametrize("name", ["deep.yaml", "deep.json"])
def test_deep_nesting_is_refused_with_the_nesting_limit(name: str) -> None:
    depth = 1000
    text = '{"footwork": 1, "x": ' + "[" * depth + "]" * depth + "}"
    err = refused(text, name)
    assert isinstance(err, limits.LimitExceeded) and err.limit == "nesting"


def test_the_nesting_limit_can_be_raised_by_whoever_runs_footwork() -> None:
    text = '{"footwork": 1, "ruleset": "spans", "x": ' + "[" * 70 + "]" * 70 + "}"
    with limits.using(limits.Limits(nesting=100)):
        err = refused(text)
    assert not isinstance(err, limits.LimitExceeded)  # got past the scan: unknown field x


@pytest.mark.parametrize("name", ["big.yaml", "big.json"])
def test_an_integer_of_thousands_of_digits_is_one_line(name: str) -> None:
    text = '{"footwork": 1, "ruleset": "spans", "seed": ' + "7" * 5000 + "}"
    assert "a number of 5000 characters" in str(refused(text, name))


@pytest.mark.parametrize(("field", "value", "says"), [
    ("footwork", True, "format version 1"),
    ("seed", True, "whole number"),
    ("seed", "4", "whole number"),
    ("seed", 2.0, "whole number"),
    ("seed", -1, "greater than or equal to 0"),
    ("order", [], "at least 1 item"),
])
def test_booleans_and_texts_are_not_numbers(field: str, value: Any, says: str) -> None:
    err = refused(as_yaml({**GOOD, field: value}))
    assert err.path == field and says in str(err), err


def test_command_numbers_are_strict_too() -> None:
    encounter = encounter_from_text(as_yaml(GOOD))
    session = encounter.session()
    before = session.state
    with pytest.raises(InvalidCommand, match="roll"):
        session.do({"do": "end_turn", "actor": "ada", "roll": [True]})
    with pytest.raises(InvalidCommand, match="roll"):
        session.do({"do": "end_turn", "actor": "ada", "roll": ["4"]})
    assert session.state is before


def test_json_duplicate_keys_are_refused_as_yaml_refuses_them() -> None:
    text = '{"footwork": 1,\n "ruleset": "spans",\n "seed": 1,\n "seed": 2}'
    err = refused(text, "dup.json")
    assert "duplicate key 'seed'" in str(err) and err.line == 3
    assert "duplicate" in str(refused(text, "dup.yaml"))


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_byte_order_mark_is_accepted_in_yaml_and_json_alike(tmp_path: Path,
                                                              suffix: str) -> None:
    path = tmp_path / f"bom{suffix}"
    path.write_text("\ufeff" + json.dumps(GOOD), encoding="utf-8")
    assert load_encounter(path).initial.seed == 3


@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
def test_non_finite_numbers_in_json_name_their_path(bad: float) -> None:
    data = {**GOOD, "map": {**GOOD["map"], "spans": [{"id": "deck", "x": bad}]}}
    err = refused(json.dumps(data), "bad.json")
    assert err.path == "map.spans[0].x" and "finite" in str(err)


@pytest.mark.parametrize("bad_id", ["ad\na", "ad\x00a", "a" * 65, " ada", "ad\u2028a"])
def test_ids_are_short_printable_single_lines(bad_id: str) -> None:
    data = {**GOOD, "actors": [{"id": bad_id, "side": "crew", "at": "deck"}]}
    err = refused(json.dumps(data), "ids.json")
    assert err.path.startswith("actors[0]"), err


def test_a_key_with_a_newline_is_refused_with_its_path() -> None:
    data = {**GOOD, "map": {**GOOD["map"], "a\nb": 1}}
    err = refused(json.dumps(data), "keys.json")
    assert err.path == "map" and "one line" in str(err)


def test_messages_quote_a_short_excerpt_of_huge_input() -> None:
    data = {**GOOD, "seed": "x" * 1_000_000}
    assert len(str(refused(json.dumps(data), "huge.json"))) < 200
    session = encounter_from_text(as_yaml(GOOD)).session()
    with pytest.raises(InvalidCommand) as info:
        session.do({"do": "end_turn", "actor": "x" * 1_000_000})
    assert len(str(info.value)) < 200


def test_the_file_bytes_limit_is_checked_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("# " + "x" * 5000 + "\n" + as_yaml(GOOD))
    with limits.using(limits.Limits(file_bytes=1000)), pytest.raises(
            limits.LimitExceeded, match="file_bytes=N"):
        load_encounter(path)
    assert load_encounter(path).initial.seed == 3


def test_unknown_limits_and_bad_values_are_refused() -> None:
    with pytest.raises(ScenarioError, match="unknown limit 'cels'"):
        limits.Limits().raised({"cels": 3})
    with pytest.raises(ScenarioError, match="positive whole number"):
        limits.Limits().raised({"cells": 0})
    assert limits.Limits().raised({"cells": 9}).cells == 9


def test_the_engine_refuses_what_is_not_a_command_or_an_event() -> None:
    encounter = encounter_from_text(as_yaml(GOOD))
    engine, state = encounter.engine, encounter.session().state
    # a mapping is parsed like a step; a malformed one is the library's own error
    assert engine.decide(state, {"do": "end_turn", "actor": "ada"})
    with pytest.raises(InvalidCommand):
        engine.decide(state, {"do": "run"})
    for junk in (None, "end_turn", 3):
        with pytest.raises(InvalidCommand):
            engine.decide(state, junk)  # type: ignore[arg-type]
    with pytest.raises(InvalidCommand, match="roll"):
        engine.decide(state, EndTurn(actor="ada", roll=("4",)))  # type: ignore[arg-type]
    with pytest.raises(InvalidCommand):
        engine.decide(state, EndTurn(actor=7))  # type: ignore[arg-type]
    for junk in (None, "x", {"type": "turn_ended"}):
        with pytest.raises(InvalidEvent):
            engine.evolve(state, junk)  # type: ignore[arg-type]
        with pytest.raises(InvalidEvent):
            engine.replay(state, [junk])  # type: ignore[list-item]
    assert issubclass(InvalidEvent, FootworkError)


def test_exact_odds_within_the_work_limit_and_a_labelled_approximation_beyond() -> None:
    small = parse_dice("2d6kh1+1")
    assert is_exact(small)
    assert distribution(small) == brute_force_distribution(small)
    huge = parse_dice("100d1000")
    assert not is_exact(huge)
    table = distribution(huge)
    assert min(table) > 100 and max(table) < 100_000  # tails below 1e-9 are left out
    assert abs(float(sum(table.values())) - 1) < 1e-5
    mean = sum(k * float(v) for k, v in table.items())
    assert abs(mean - 50_050) < 1
    check = CheckOdds("climb", "100d1000", {"pass": Fraction(1, 2), "fail": Fraction(1, 2)})
    assert check.to_json()["approximate"] is True
    assert "approximate" in check.describe()
    assert CheckOdds("climb", "2d6", {"pass": Fraction(1)}).to_json()["approximate"] is False


def test_the_approximation_agrees_with_the_exact_odds_where_both_can_be_had() -> None:
    for text in ("3d6+2", "d20-2d6", "4d6kh3", "2d20kl1+d4"):
        dice = parse_dice(text)
        exact, approx = distribution(dice), approximate_distribution(dice)
        assert max(abs(float(exact[k] - approx.get(k, 0))) for k in exact) < 0.01, text
    with limits.using(limits.Limits(odds_work=10)):
        assert not is_exact(parse_dice("3d6"))
        assert distribution(parse_dice("3d6")) == approximate_distribution(parse_dice("3d6"))
