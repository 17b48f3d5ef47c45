"""The s31 cause-by-condition review of `spans`, worked by hand from the text before
footwork was run (README, "Cause by condition", the s31 rows): where a step changes place
or mode, the ruling follows the step, not a flag of the place it starts from."""

from __future__ import annotations

from typing import Any

from ._helpers import actor, of_type, refused, session

#: a ledge two heights up with bushes (cover) and a gate (a threshold) at its edge, the
#: yard below it, the open Skysea beyond the gate
LEDGE: list[dict[str, Any]] = [
    {"id": "ledge", "ground": 2, "surface": "hard",
     "features": [{"id": "bushes", "kind": "cover"},
                  {"id": "gate", "kind": "threshold", "guards": ["sky"]},
                  {"id": "tower", "kind": "on_high", "height": 3, "access": "run"}]},
    {"id": "yard", "surface": "hard"},
    {"id": "sky", "ground": -4, "surface": "skysea"},
]
LEDGE_LINKS: list[Any] = [["ledge", "yard"], ["ledge", "sky"]]


def _at(place: str, *others: dict[str, Any]) -> Any:
    return session([actor("ada", place), *others], spans=LEDGE, links=LEDGE_LINKS)


def test_a_drop_from_a_feature_at_ground_level_steps_off_the_edge_A003_06_A003_10() -> None:
    """A003-06: going to the next span leaves the feature one stands in, within the one
    move; A003-10: stepping off an edge is a fall. So from the bushes (cover at the
    ledge's ground) a drop reaches the yard two heights below, as from the open ledge,
    and a Run there says to climb down or drop: the drop falls 2 heights onto hard
    ground (guard 2 x 2 = 4; lethal 2 less the Maneuver of 1). From the gate, the Skysea
    beyond it takes the faller out of the scene (R003-26, A003-20). The drop is offered."""
    s = _at("bushes")
    assert {"do": "drop", "actor": "ada", "to": "yard"} in [o.command for o in
                                                             s.options("ada")]
    events = s.do({"do": "drop", "actor": "ada", "to": "yard", "roll": [1]})
    (fell,) = of_type(events, "fell")
    assert (fell.heights, fell.onto) == (2, "yard")
    (hurt,) = of_type(events, "damaged")
    assert (hurt.guard, hurt.lethal) == (4, 1) and s.state.actors["ada"].at == "yard"
    s = _at("gate")
    s.do({"do": "drop", "actor": "ada", "to": "sky"})
    assert s.state.actors["ada"].removed


def test_a_jump_attack_from_a_feature_at_ground_level_reaches_the_span_below_R003_29(
) -> None:
    """R003-29 with A003-06: the jump is a drop onto a foe beneath, so it reaches what the
    drop reaches: from the bushes onto vex in the yard, two heights down; a hit passes
    the impact to him (A003-21: guard 2 x 2 = 4, all he has) and ada lands in the yard."""
    s = _at("bushes", actor("vex", "yard", side="x", guard=4))
    assert {"do": "jump_attack", "actor": "ada", "target": "vex"} in [
        o.command for o in s.options("ada")]
    s.do({"do": "jump_attack", "actor": "ada", "target": "vex", "hit": True})
    assert s.state.actors["ada"].at == "yard" and s.state.actors["vex"].guard == 0


def test_from_a_raised_top_a_drop_into_the_next_span_comes_down_first_A003_06() -> None:
    """A003-06 (the README's reading for the Climb): a raised feature lies somewhere in
    its span, not at its edge; from the tower's top a drop lands on the ledge, not in the
    yard."""
    s = _at("tower")
    drops = [o.command.get("to") for o in s.options("ada") if o.command["do"] == "drop"]
    assert "yard" not in drops and "ledge" in drops


def test_a_shove_off_the_ledge_from_the_bushes_is_a_fall_R003_23_R003_25() -> None:
    """R003-23, R003-25 and the rule-questions reading (``fall.shove_over_edge: fall``):
    a body shoved from the bushes toward the yard, two heights down with no stairs, falls
    there, as one shoved from the open ledge does."""
    s = session([actor("vex", "bushes", side="x"), actor("ada", "bushes")], spans=LEDGE,
                links=LEDGE_LINKS)
    events = s.do({"do": "shove", "actor": "vex", "target": "ada", "to": "yard"})
    assert of_type(events, "fell") and s.state.actors["ada"].at == "yard"


#: a ship with a deck for one (one height up, stairs) and a mast three heights up
SHIP: list[dict[str, Any]] = [
    {"id": "ship", "surface": "hard",
     "features": [{"id": "deck", "kind": "on_high", "height": 1, "access": "run",
                   "capacity": 1},
                  {"id": "mast", "kind": "on_high", "height": 3, "access": "climb"}]},
]


def _clinging(**options: Any) -> Any:
    """Ada climbs one height up the mast from the deck (partway, height 2, over the ship);
    then Bo runs onto the deck, which is full again (A003-06)."""
    s = session([actor("ada", "deck"), actor("bo", "ship")], spans=SHIP, links=[],
                options=options or None)
    s.do({"do": "climb", "actor": "ada", "to": "mast", "die": "maneuver", "roll": [6]})
    s.do({"do": "end_turn", "actor": "ada"})
    s.do({"do": "run", "actor": "bo", "to": "deck", "die": "maneuver", "roll": [6]})
    s.do({"do": "end_turn", "actor": "bo"})
    return s


def test_a_climber_may_let_go_above_a_full_deck_and_falls_past_it_A003_06_A003_10() -> None:
    """A003-10: a climber partway may let go, and nothing in the text forbids it; A003-06:
    the deck has no room left, so it does not catch her (our reading,
    ``fall.onto_full_feature: past``): she falls on to the ship's open ground, 2 heights
    on hard ground (guard 2 x 2 = 4, lethal 2 less a Maneuver of 1 = 1). Climbing back
    onto the deck, a step she chooses, stays refused (A003-06)."""
    s = _clinging()
    refused(s, {"do": "climb", "actor": "ada", "to": "deck", "die": "maneuver", "roll": [6]},
            "feature_full", "A003-06")
    events = s.do({"do": "drop", "actor": "ada", "roll": [1]})
    (fell,) = of_type(events, "fell")
    assert (fell.onto, fell.heights) == ("ship", 2)
    (hurt,) = of_type(events, "damaged")
    assert (hurt.guard, hurt.lethal) == (4, 1)
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.climbing) == ("ship", 0, None)


def test_a_failed_climb_above_a_full_deck_falls_past_it_A003_09_A003_06() -> None:
    """A003-09 (``climb.fail_falls``): a 1 on the climb is a fall, not a refusal: the
    command is decided whatever the dice show, and the full deck sends her on to the
    ship's ground (2 heights), as the option's risk says before the roll."""
    s = _clinging(climb={"fail_falls": True})
    climbs = [o for o in s.options("ada") if o.command.get("do") == "climb"]
    assert climbs and all(o.risk is not None and o.risk.fall is not None
                          and o.risk.fall.distance == 2 for o in climbs)
    events = s.do({"do": "climb", "actor": "ada", "to": "mast", "die": "maneuver",
                   "roll": [1, 1]})
    (fell,) = of_type(events, "fell")
    assert (fell.onto, fell.heights) == ("ship", 2) and s.state.actors["ada"].at == "ship"


def test_with_lands_the_faller_lands_on_the_full_deck_A003_06() -> None:
    """``fall.onto_full_feature: lands``: the deck catches her, one height down (guard 2,
    lethal 1 less the Maneuver of 1 = 0), two on a deck for one."""
    s = _clinging(fall={"onto_full_feature": "lands"})
    events = s.do({"do": "drop", "actor": "ada", "roll": [1]})
    (fell,) = of_type(events, "fell")
    assert (fell.onto, fell.heights) == ("deck", 1)
    assert (s.state.actors["ada"].at, s.state.actors["bo"].at) == ("deck", "deck")
