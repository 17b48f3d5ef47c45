"""The s33 review of `spans` (README, "The s33 review"): what a defeated body still counts
for, "life 0 is defeat" as a named option (``life.zero``), then the cells the earlier
tables left out (the Guide's commands, the ends of turns and rounds, pending decisions
meeting a defeat or a fall). Each outcome was worked by hand from the text first."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.errors import DiceError, ScenarioError
from footwork.rulesets.spans.targeting import can_target

from ._helpers import actor, refused, session


def _offered(s: Any, who: str, do: str) -> list[dict[str, Any]]:
    return [o.command for o in s.options(who) if o.command["do"] == do]


def test_a_defeated_foe_is_no_target_A003_16_R003_29() -> None:
    """By hand: a jump attack is aimed at a foe beneath (R003-29), a shove or an attack at
    a character within reach (R003-11); the text never says what life 0 is, and A003-16
    counts a defeated holder out like one who left. So vex, defeated in the yard, is no
    foe to jump on, shove or attack: each is refused (``target_defeated``) and options
    offer no jump on him; a drop to the yard is still a drop (a body is no cushion: the
    fall's damage is ada's own)."""
    crowd = [actor("ada", "ledge"), actor("vex", "yard", side="x", life=0),
             actor("kit", "yard", side="x")]
    s = session(crowd, order=["ada", "kit", "vex"])
    assert [c["target"] for c in _offered(s, "ada", "jump_attack")] == ["kit"]
    assert {"do": "drop", "actor": "ada", "to": "yard"} in _offered(s, "ada", "drop")
    refused(s, {"do": "jump_attack", "actor": "ada", "target": "vex", "hit": True},
            "target_defeated", "A003-16", "R003-29")
    s = session([actor("ada", "yard"), actor("vex", "yard", side="x", life=0),
                 actor("kit", "far", side="x")], order=["ada", "kit", "vex"])
    refused(s, {"do": "shove", "actor": "ada", "target": "vex", "to": "street"},
            "target_defeated", "A003-16")
    refused(s, {"do": "attack", "actor": "ada", "target": "vex", "kind": "melee"},
            "target_defeated", "A003-16")
    assert not can_target(s.state, "ada", "vex", "melee").allowed


def test_a_defeated_foe_may_be_targeted_when_the_table_says_so_A003_16() -> None:
    """``life.defeated_targetable: true`` (the Attacks chapter's call): the jump on vex is
    offered and lands (the impact passes to him, ada lands unharmed, R003-29, A003-21);
    a shove moves his body."""
    opts = {"life": {"defeated_targetable": True}}
    s = session([actor("ada", "ledge"), actor("vex", "yard", side="x", life=0),
                 actor("kit", "far", side="x")], order=["ada", "kit", "vex"], options=opts)
    assert [c["target"] for c in _offered(s, "ada", "jump_attack")] == ["vex"]
    s.do({"do": "jump_attack", "actor": "ada", "target": "vex", "hit": True})
    ada = s.state.actors["ada"]
    assert (ada.at, ada.life, s.state.actors["vex"].life) == ("yard", 5, 0)
    s.do({"do": "shove", "actor": "ada", "target": "vex", "to": "street"})
    assert s.state.actors["vex"].at == "street"


@pytest.mark.parametrize("takes_room", [False, True])
def test_a_defeated_body_and_a_features_room_A003_06_A003_16(takes_room: bool) -> None:
    """By hand: the steps hold one (A003-06); vex lies there defeated. A003-16 says a
    defeated holder no longer blocks a choke point with his body, so by the same reading
    his body fills no room: ada may run up the steps (``life.defeated_takes_room:
    false``, the default); with ``true`` the steps are full and the run is refused and
    not offered. A file may start both there only when the body takes no room."""
    opts = {"feature": {"default_capacity": 1}, "life": {"defeated_takes_room": takes_room}}
    s = session([actor("ada", "yard"), actor("vex", "steps", side="x", life=0),
                 actor("kit", "far", side="x")], order=["ada", "kit", "vex"], options=opts)
    run = {"do": "run", "actor": "ada", "die": "attack", "to": "steps"}
    assert (run in _offered(s, "ada", "run")) is not takes_room
    if takes_room:
        refused(s, {**run, "roll": [6]}, "feature_full", "A003-06")
        with pytest.raises(ScenarioError, match="holds at most 1"):
            session([actor("ada", "steps"), actor("vex", "steps", side="x", life=0)],
                    options=opts)
    else:
        s.do({**run, "roll": [6]})
        assert s.state.actors["ada"].at == "steps"
        session([actor("ada", "steps"), actor("vex", "steps", side="x", life=0)],
                options=opts)


@pytest.mark.parametrize("zero", ["defeated", "guide"])
def test_life_zero_is_a_named_option_A003_16(zero: str) -> None:
    """``life.zero``: `defeated` (the default, A003-16's reading) takes a character at
    life 0 out of the fight: no turns, no commands, no hold on a threshold; `guide` leaves
    it to the Guide: ada at life 0 plays on, and vex at life 0 in the door still holds it
    until the Guide takes him out (gm_remove)."""
    opts = {"life": {"zero": zero}}
    s = session([actor("ada", "yard", life=0), actor("vex", "door", side="x", life=0),
                 actor("kit", "far", side="x")], order=["ada", "kit", "vex"], options=opts)
    run = {"do": "run", "actor": "ada", "die": "attack", "to": "street", "roll": [6]}
    if zero == "defeated":
        assert s.state.current == "kit" and not s.options("ada")
        refused(s, {"do": "hands", "actor": "ada", "free": 1}, "defeated", "A003-16")
        s = session([actor("ada", "yard"), actor("vex", "door", side="x", life=0)],
                    order=["ada", "vex"], options=opts)
        s.do(run)  # the defeated holder no longer holds the door
        assert s.state.actors["ada"].at == "street"
        return
    assert s.state.current == "ada" and s.options("ada")
    refused(s, run, "threshold_blocked", "R003-20")
    s.do({"do": "gm_remove", "actor": "gm", "target": "vex", "reason": "down"})
    s.do(run)
    assert s.state.actors["ada"].at == "street"


def test_the_guides_fiat_reads_the_mode_a_character_has_now_R003_26() -> None:
    """By hand: the open Skysea holds only what is airborne (R003-26, R003-30). ada took
    off in play: the Guide may put her over the sky, still flying. bo started flying and
    landed: he is grounded now, so putting him on the open sky is refused in one line
    (before, the fiat read the mode the file gave: ada was refused and bo stood on the
    sky, from where options offered him a climb)."""
    s = session([actor("ada", "yard", can_fly=True), actor("bo", "yard", can_fly=True,
                                                           mode="flying"),
                 actor("kit", "far", side="x")], order=["ada", "bo", "kit"])
    s.do({"do": "take_off", "actor": "ada"})
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "sky"})
    ada = s.state.actors["ada"]
    assert (ada.at, ada.mode) == ("sky", "flying")
    s.do({"do": "end_turn", "actor": "ada"})
    s.do({"do": "land", "actor": "bo"})
    refusal = refused(s, {"do": "gm_place", "actor": "gm", "target": "bo", "to": "sky"},
                      "bad_place")
    assert "Skysea" in str(refusal)
    s.do({"do": "gm_place", "actor": "gm", "target": "bo", "to": "tower"})
    bo = s.state.actors["bo"]
    assert (bo.at, bo.height, bo.mode) == ("tower", 2, "grounded")


def test_a_shoved_body_rolls_its_own_maneuver_at_the_table_R003_28() -> None:
    """By hand: shoved off the ledge (2 heights) into the yard, vex falls (the rule-questions
    reading) and, as every faller, rolls Maneuver to land safely (R003-28, R003-36): a 2
    leaves 0 lethal of the 2, guard 4 (A003-08). A table rolling physical dice gives that
    face with the shove, as with a drop (before, the shove had no ``roll`` and the engine
    always rolled it); a face the die cannot show is refused, changing nothing."""
    s = session([actor("ada", "ledge"), actor("vex", "ledge", side="x"),
                 actor("kit", "far", side="x")], order=["ada", "vex", "kit"])
    before = s.state
    with pytest.raises(DiceError, match="7 is not a face of d6"):
        s.do({"do": "shove", "actor": "ada", "target": "vex", "to": "yard", "roll": [7]})
    assert s.state is before
    s.do({"do": "shove", "actor": "ada", "target": "vex", "to": "yard", "roll": [2]})
    vex = s.state.actors["vex"]
    assert (vex.at, vex.guard, vex.life) == ("yard", 0, 5)


def test_a_defeated_body_falls_without_acting_A003_16_R003_28() -> None:
    """By hand (``life.defeated_targetable: true``, so a body may be shoved): vex lies
    defeated on the ledge and is shoved off into the yard, 2 heights. Ride Wind is cast,
    Leaf on the Wind chosen and the Maneuver rolled "as a free action" (R003-28, R003-37,
    R003-38): a defeated character takes no action (A003-16, ``life.zero``), so none is
    asked or rolled: the body takes the fall's guard damage (4 of 3) and lands, and the
    turn stays ada's. Before, vex was asked and cast Ride Wind. A jump that hits his body
    rolls no Maneuver for him either (``fall.jump_target_maneuver``)."""
    opts = {"life": {"defeated_targetable": True}, "fall": {"jump_target_maneuver": True}}
    vex = actor("vex", "ledge", side="x", life=0,
                abilities=["ride_wind", "leaf_on_the_wind"])
    s = session([actor("ada", "ledge"), vex, actor("kit", "far", side="x")],
                order=["ada", "vex", "kit"], options=opts)
    s.do({"do": "shove", "actor": "ada", "target": "vex", "to": "yard"})
    body = s.state.actors["vex"]
    assert s.state.pending is None and s.state.current == "ada"
    assert (body.at, body.guard, body.life) == ("yard", 0, 0)
    s = session([actor("ada", "ledge"), {**vex, "at": "yard"}, actor("kit", "far", side="x")],
                order=["ada", "vex", "kit"], options=opts)
    with pytest.raises(DiceError, match="not needed by any roll"):
        s.do({"do": "jump_attack", "actor": "ada", "target": "vex", "hit": True, "roll": [3]})
    s.do({"do": "jump_attack", "actor": "ada", "target": "vex", "hit": True})
    assert s.state.actors["vex"].guard == 0


def test_an_unused_bonus_lapses_with_the_turn_R003_03_A003_23() -> None:
    """By hand: the Run's second move or free action is part of that Run (R003-03), the
    one movement action of the turn (A003-23): left unused, it lapses when the turn ends.
    Before, the state kept ``bonus: true`` through the others' turns (nothing could use
    it, but the state said a second move was still to take); now the end of the turn
    clears it, and the character's next turn starts with a fresh action."""
    s = session([actor("ada", "yard"), actor("kit", "far", side="x")], order=["ada", "kit"])
    s.do({"do": "run", "actor": "ada", "die": "attack", "to": "street", "roll": [6]})
    assert s.state.actors["ada"].bonus
    s.do({"do": "end_turn", "actor": "ada"})
    assert not s.state.actors["ada"].bonus and not s.options("ada")
    s.do({"do": "end_turn", "actor": "kit"})
    assert not s.state.actors["ada"].bonus and _offered(s, "ada", "run")


def test_the_guide_is_shown_no_maneuver_for_a_defeated_target_R003_28() -> None:
    """The Guide's hit-or-miss question lists what a hit deals: with
    ``fall.jump_target_maneuver`` a living foe's Maneuver odds, but a defeated body rolls
    none (the s33 review), so the hit reads as the whole fall's damage, as it resolves."""
    opts = {"life": {"defeated_targetable": True}, "fall": {"jump_target_maneuver": True}}
    s = session([actor("ada", "ledge"), actor("vex", "yard", side="x", life=0),
                 actor("kit", "far", side="x")], order=["ada", "vex", "kit"], options=opts)
    s.do({"do": "jump_attack", "actor": "ada", "target": "vex"})
    pending = s.state.pending
    assert pending is not None and pending.kind == "jump_attack"
    hit = pending.consequence("hit")
    assert hit is not None and not hit["checks"] and "4 guard" in str(hit["text"]), hit


def test_the_guide_brings_back_one_lost_in_the_skysea_A003_20() -> None:
    """By hand: a fall into the Skysea takes ada out of the scene and leaves what follows
    to the story (R003-26, A003-20). The Guide tells that story: putting her on the yard
    (a skyreme picked her up) brings her back, and she takes her turns again. Before, the
    fiat was logged but she stayed lost: no turns, no options."""
    s = session([actor("ada", "yard"), actor("kit", "far", side="x")], order=["ada", "kit"])
    s.do({"do": "drop", "actor": "ada", "to": "sky"})
    assert s.state.actors["ada"].removed and s.state.current == "kit"
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "yard", "reason": "rescued"})
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.removed) == ("yard", 0, False)
    s.do({"do": "end_turn", "actor": "kit"})
    assert s.state.current == "ada" and _offered(s, "ada", "run")


@pytest.mark.parametrize("zero", ["defeated", "guide"])
def test_the_state_says_who_is_defeated_A003_16(zero: str) -> None:
    """The state JSON's conditions say what decide rules (A003-22): under ``life.zero:
    defeated`` vex, at life 0 in cover, is ``defeated``, may not Hide and takes no
    maneuver; under ``guide`` he is not defeated and keeps what cover gives him."""
    s = session([actor("ada", "yard"), actor("vex", "crates", side="x", life=0)],
                options={"life": {"zero": zero}})
    cond = s.to_json(log=False)["actors"]["vex"]["conditions"]
    down = zero == "defeated"
    assert (cond["defeated"], cond["may_hide"]) == (down, not down)
    assert cond["blocked_maneuvers"] == (["Evade", "Outflank", "Stand fast"] if down else [])
