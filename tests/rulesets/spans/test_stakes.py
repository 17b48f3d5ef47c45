"""What is at stake in `spans` (issue 13, items 9 and 10): each option's risk and each
pending choice's consequence, checked against brute force where dice decide them."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from footwork.engine import Session
from footwork.engine.choices import Option, consequence_of

from ._helpers import actor, end_turns, session


def _option(s: Session[Any], who: str, **command: Any) -> Option:
    found = [o for o in s.options(who)
             if all(o.command.get(k) == v for k, v in command.items())]
    assert len(found) == 1, [o.command for o in s.options(who)]
    return found[0]


def test_a_drop_into_the_skysea_leaves_the_scene() -> None:
    """R003-26, A003-20: no surface below; the faller is out of the scene."""
    s = session([actor("ada", "ledge")])
    risk = _option(s, "ada", do="drop", to="sky").risk
    assert risk.leaves_scene == 1
    assert risk.fall is not None and risk.fall.distance == 6 and risk.fall.unit == "height"
    assert {"R003-26", "A003-20"} <= set(risk.rules)
    assert risk.describe().startswith("leaves the scene; falls 6 heights")


def test_a_drop_shows_its_fall_and_the_exact_odds_of_each_lethal_amount() -> None:
    """R003-25, R003-27, R003-28, A003-08: 2 heights onto hard ground deal 4 guard and
    2 lethal, less the Maneuver result (here 1d4)."""
    s = session([actor("ada", "ledge", dice={"maneuver": "d4"})])
    fall = _option(s, "ada", do="drop", to="yard").risk.fall
    assert fall is not None and fall.chance == 1 and fall.distance == 2
    assert fall.damage.startswith("4 guard, 2 lethal − Maneuver (1d4)")
    brute: dict[str, Fraction] = {}
    for face in range(1, 5):
        key = f"{max(0, 2 - face)} lethal"
        brute[key] = brute.get(key, Fraction(0)) + Fraction(1, 4)
    assert dict(fall.damage_odds) == brute == {"0 lethal": Fraction(3, 4),
                                               "1 lethal": Fraction(1, 4)}


def test_leaf_on_the_wind_keeps_the_better_of_two_rolls_in_the_odds() -> None:
    """R003-37: the faller may reroll and keep either result."""
    s = session([actor("ada", "ledge", dice={"maneuver": "d4"},
                       abilities=["leaf_on_the_wind"])])
    fall = _option(s, "ada", do="drop", to="yard").risk.fall
    assert fall is not None
    ones = sum(Fraction(1, 16) for a, b in product(range(1, 5), repeat=2) if max(a, b) == 1)
    assert fall.damage_odds == {"0 lethal": 1 - ones, "1 lethal": ones}


def test_a_run_may_lose_the_rest_of_the_turn() -> None:
    """R003-05: a 1–2 moves once and ends the turn; a 3–4 can be paid (R003-04) unless
    the resource is spent (A003-04), and then it counts too."""
    s = session([actor("ada", "yard", guard=3, awareness=0)])
    attack = _option(s, "ada", do="run", to="street", die="attack").risk.loses
    maneuver = _option(s, "ada", do="run", to="street", die="maneuver").risk.loses
    assert attack is not None and attack.what == "turn" and attack.chance == Fraction(1, 3)
    assert maneuver is not None and maneuver.chance == Fraction(2, 3)
    assert "R003-05" in attack.rules


def test_a_climb_that_fails_loses_the_action_or_falls() -> None:
    """R003-09: by default a failed climb does nothing; with climb.fail_falls (A003-09) a
    climber partway up falls."""
    s = session([actor("ada", "yard")])
    loses = _option(s, "ada", do="climb", to="tower", die="attack").risk
    assert loses.loses is not None and loses.loses.what == "action" and loses.fall is None
    s = session([actor("ada", "yard")], options={"climb": {"fail_falls": True}})
    assert _option(s, "ada", do="climb", to="tower", die="attack").risk.fall is None
    s.do({"do": "climb", "actor": "ada", "die": "attack", "to": "tower", "roll": [5]})
    end_turns(s, "ada")  # partway up (height 1 of 2), clinging
    risk = _option(s, "ada", do="climb", to="tower", die="attack").risk
    assert risk.fall is not None and risk.fall.distance == 1
    assert risk.fall.chance == Fraction(1, 3)


def test_a_jump_attack_may_fall_but_no_roll_here_decides_it() -> None:
    """R003-29, A003-21: a miss is a fall; whether it misses is the Guide's ruling."""
    s = session([actor("ada", "ledge"), actor("bo", "yard", side="foes")])
    risk = _option(s, "ada", do="jump_attack", target="bo").risk
    assert risk.fall is not None and risk.fall.chance is None
    assert risk.describe().startswith("may fall 2 heights")


def test_safe_moves_carry_no_risk() -> None:
    """A float (R003-32) risks nothing; nor does a drop at one's own ground (R003-30)."""
    s = session([actor("ada", "yard", mode="floating")])
    floats = [o for o in s.options("ada") if o.command.get("do") == "float"]
    assert floats and not any(o.risk for o in floats)


def test_the_struggle_choices_say_what_paying_costs_and_what_declining_means() -> None:
    """R003-04, R003-08: pay 1 of the die's resource to succeed; A003-02: unpaid, a Run
    moves once and nothing more."""
    s = session([actor("ada", "yard", guard=3)])
    s.do({"do": "run", "actor": "ada", "die": "attack", "to": "street", "roll": [3]})
    pending = s.state.pending
    assert pending is not None and pending.kind == "struggle"
    pay, decline = consequence_of(pending, "pay"), consequence_of(pending, "decline")
    assert pay is not None and pay.cost == "1 guard (3 → 2)"
    assert "second move or a free action" in pay.words
    assert decline is not None and decline.risk.loses is not None
    assert decline.risk.loses.what == "turn"
    assert s.to_json()["pending"]["consequences"][0]["choice"] == "pay"


def test_the_leaf_on_the_wind_choices_give_the_reroll_its_exact_odds() -> None:
    """R003-37: keeping a 1 on 1d4 after 2 heights leaves 1 lethal; a reroll helps when it
    beats the 1 (3/4), and the better of the two then decides the lethal damage."""
    s = session([actor("ada", "ledge", dice={"maneuver": "d4"},
                       abilities=["leaf_on_the_wind"])])
    s.do({"do": "drop", "actor": "ada", "to": "yard", "roll": [1]})
    pending = s.state.pending
    assert pending is not None and pending.kind == "leaf_on_the_wind"
    keep, reroll = consequence_of(pending, "keep"), consequence_of(pending, "reroll")
    assert keep is not None and "4 guard, 1 lethal" in keep.words
    assert reroll is not None and "3/4" in reroll.words
    assert reroll.checks[0].odds == {"0 lethal": Fraction(3, 4), "1 lethal": Fraction(1, 4)}


def test_the_avoid_fall_choices_say_what_each_ability_does() -> None:
    """R003-38: Ride Wind lands unharmed; R003-39: Untether floats; none falls."""
    s = session([actor("ada", "ledge", abilities=["ride_wind", "untether"])])
    s.do({"do": "drop", "actor": "ada", "to": "yard"})
    pending = s.state.pending
    assert pending is not None and pending.kind == "avoid_fall"
    said = {c["choice"]: c for c in pending.consequences}
    assert "without any damage" in said["ride_wind"]["words"]
    assert "floats" in said["untether"]["words"]
    assert said["none"]["risk"]["fall"]["distance"] == 2
    assert said["none"]["checks"][0]["odds"]


def test_the_guide_sees_what_a_jump_attack_hit_or_miss_does() -> None:
    """R003-29, A003-21: a hit hurts the foe, the jumper lands unharmed; a miss falls."""
    s = session([actor("ada", "ledge"), actor("bo", "yard", side="foes")])
    s.do({"do": "jump_attack", "actor": "ada", "target": "bo"})
    pending = s.state.pending
    assert pending is not None and pending.actor == "gm"
    hit, miss = consequence_of(pending, "hit"), consequence_of(pending, "miss")
    assert hit is not None and "bo takes 4 guard, 2 lethal" in hit.words
    assert miss is not None and miss.risk.fall is not None


def test_one_word_for_heights_and_the_older_ground_key_still_reads() -> None:
    """Issue 13, item 11 (R003-24: the height is the vertical unit): a span's `height`,
    the older key `ground` read the same; a Maneuver roll says what it takes off the
    lethal damage, and the damage line what is taken."""
    spans = [{"id": "roof", "height": 2, "surface": "hard"},
             {"id": "yard", "ground": 0, "surface": "hard"}]
    s = session([actor("ada", "roof", dice={"maneuver": "d6"})], spans=spans,
                links=[["roof", "yard"]])
    assert s.state.actors["ada"].height == 2
    s.do({"do": "drop", "actor": "ada", "to": "yard", "roll": [5]})
    lines = [e.describe() for e in s.events]
    assert any("(5 off the lethal damage" in line for line in lines)
    assert any("takes 4 guard and 0 lethal damage" in line for line in lines)
    assert not any("lethal -" in line for line in lines)
