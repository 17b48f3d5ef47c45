"""The core shapes of what is at stake (issue 13, items 9 and 10): an option's ``Risk``
and a pending choice's ``Consequence``, the same for every ruleset; a ruleset that says
nothing gives an empty risk and no consequences."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import jsonschema
import pytest

from footwork.engine.choices import (
    SAFE,
    CheckOdds,
    Consequence,
    Fall,
    Loss,
    Option,
    Risk,
    answer_option,
    consequence_of,
    consequences_json,
)
from footwork.engine.state import CONSEQUENCES, Pending
from footwork.rulesets import register, unregister
from footwork.scenario import Encounter, encounter_from_text
from footwork.scenario.schemas import option_schema, state_schema

from .toy import TOY_FILE, ToyRuleset

FALL = Fall(distance=2, unit="height", damage="4 guard, 2 lethal − Maneuver (1d6)",
            chance=Fraction(1, 3), damage_odds={"0 lethal": Fraction(1, 3),
                                                "1 lethal": Fraction(2, 3)},
            rules=("R003-25",))


@pytest.fixture
def toy() -> Iterator[Encounter]:
    register(ToyRuleset)
    try:
        yield encounter_from_text(TOY_FILE, "toy.yaml")
    finally:
        unregister("toy")


def test_a_safe_option_has_an_empty_risk_written_as_null() -> None:
    option = Option(command={"do": "step"}, label="step", cost="1")
    assert not option.risk and option.risk == SAFE and option.risk.describe() == ""
    body = option.to_json()
    assert body["risk"] is None
    jsonschema.validate(body, option_schema())


def test_a_risk_reads_in_words_and_as_exact_json() -> None:
    risk = Risk(fall=FALL, hazards=("fire",), leaves_scene=Fraction(1, 6),
                loses=Loss("turn", Fraction(1, 3), ("R003-05",)), rules=("R003-26",))
    words = risk.describe()
    assert words == ("leaves the scene (1/6 ≈17%); falls 2 heights (1/3 ≈33%): 4 guard, "
                     "2 lethal − Maneuver (1d6) [0 lethal 1/3 ≈33%, 1 lethal 2/3 ≈67%]; "
                     "enters fire; loses the rest of the turn (1/3 ≈33%)")
    body = Option(command={"do": "x"}, label="x", cost="", risk=risk).to_json()
    jsonschema.validate(body, option_schema())
    assert body["risk"]["words"] == words
    assert body["risk"]["fall"]["chance"] == {"p": 1 / 3, "exact": "1/3"}
    assert body["risk"]["leaves_scene"]["exact"] == "1/6"
    # the JSON reads back to the same value, exact fractions included
    assert Risk.from_json(json.loads(json.dumps(body["risk"]))) == risk


def test_a_fall_no_roll_decides_has_no_chance() -> None:
    fall = Fall(distance=8, unit="m", damage="2d6", chance=None)
    assert fall.describe() == "may fall 8 m: 2d6"
    assert fall.to_json()["chance"] is None


def test_a_consequence_carries_words_cost_odds_and_risk() -> None:
    check = CheckOdds(name="reroll", dice="1d6", odds={"better": Fraction(1, 2),
                                                       "not": Fraction(1, 2)})
    said = Consequence("reroll", "roll again", cost="1 PP", checks=(check,),
                       risk=Risk(fall=FALL), rules=("R002-01",))
    body = said.to_json()
    assert body["text"] == ("roll again; costs 1 PP; 1d6: better 1/2 ≈50%, not 1/2 ≈50%; "
                            "risk: " + FALL.describe())
    assert Consequence.from_json(json.loads(json.dumps(body))) == said


def test_a_pending_decision_lifts_its_consequences_out_of_its_context() -> None:
    said = (Consequence("pay", "succeed", cost="1 guard"), Consequence("decline", "fail"))
    pending = Pending(actor="ada", kind="struggle", choices=("pay", "decline"), prompt="?",
                      context={"to": "deck", CONSEQUENCES: consequences_json(said)})
    assert pending.context == {"to": "deck"}
    assert [c["choice"] for c in pending.consequences] == ["pay", "decline"]
    assert consequence_of(pending, "pay") == said[0]
    option = answer_option(pending, "pay")
    assert option.label == "answer pay: succeed" and option.cost == "1 guard"
    assert option.command == {"answer": "pay", "actor": "ada"}


def test_a_ruleset_that_says_nothing_gives_empty_risks_and_no_consequences(
    toy: Encounter,
) -> None:
    session = toy.session()
    found = session.options(session.state.current)
    assert found and all(not o.risk and o.to_json()["risk"] is None for o in found)
    session.do({"do": "gamble", "actor": "p", "roll": [1]})  # the toy's pending decision
    pending = session.state.pending
    assert pending is not None and pending.consequences == ()
    assert answer_option(pending, "stay").label == "answer stay"
    body: dict[str, Any] = session.to_json()
    assert body["pending"]["consequences"] == []
    jsonschema.validate(body, state_schema())
