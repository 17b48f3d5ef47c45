"""The s32 cause-by-condition review of `spans` (README, "The s32 review"): the cells the
issue-23 and s31 tables did not cover, each worked by hand from the text before footwork
was run. Here: a defeated character (life 0) as a mover, and the Guide's fiat placing a
character who is partway up a climb or who would stand on the open Skysea."""

from __future__ import annotations

from ._helpers import actor, refused, session


def test_a_defeated_character_moves_no_more_A003_16() -> None:
    """A003-16 (footwork's reading: life 0 is defeat, so the defeated holds no threshold):
    the same state says the character is out of the fight: it takes no turns (its Run is
    not its turn to take), decide refuses even what may be done out of turn (``hands``),
    and options offers nothing. A fall that takes the last life on its own turn passes
    that turn on, as a loss in the Skysea does (R003-25, R003-26)."""
    s = session([actor("ada", "yard", life=0), actor("vex", "street", side="x")],
                order=["ada", "vex"])
    assert s.state.current == "vex"
    refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "street", "roll": [6]},
            "not_your_turn")
    refused(s, {"do": "hands", "actor": "ada", "free": 1}, "defeated", "A003-16")
    assert not s.options("ada")
    # ada drops two heights onto hard ground with 1 life: lethal 2 less a Maneuver of 1
    s = session([actor("ada", "ledge", life=1), actor("vex", "street", side="x")],
                order=["ada", "vex"])
    s.do({"do": "drop", "actor": "ada", "to": "yard", "roll": [1]})
    assert s.state.actors["ada"].life == 0 and s.state.current == "vex"
    refused(s, {"do": "hands", "actor": "ada", "free": 1}, "defeated")


def test_the_guides_fiat_takes_a_climber_off_the_wall_A003_10() -> None:
    """The Guide puts a character anywhere (gm_place, no rule). Worked by hand: ada is one
    height up the tower's wall (climbing toward it, from the yard, A003-10); put in the
    street, she stands on its ground (height 0), no longer partway up a climb in another
    span, so she may Run from there and nothing offers her the tower's wall."""
    s = session([actor("ada", "yard"), actor("vex", "far", side="x")], order=["ada", "vex"])
    s.do({"do": "climb", "actor": "ada", "die": "attack", "to": "tower", "roll": [6]})
    assert s.state.actors["ada"].climbing == "tower"
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "street"})
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.climbing, ada.climb_from) == ("street", 0, None, None)
    s.do({"do": "end_turn", "actor": "ada"})
    s.do({"do": "end_turn", "actor": "vex"})
    offered = [o.command for o in s.options("ada")]
    assert not [c for c in offered if c.get("to") == "tower"]
    assert {"do": "run", "actor": "ada", "die": "attack", "to": "far"} in offered


def test_nobody_stands_on_the_open_skysea_R003_26() -> None:
    """R003-26: the open Skysea has nothing to stand on. A file that starts a grounded
    character there, or the Guide putting one there, is refused in one line; a flier may
    be there (and the deck of a skyreme, a feature, stays a place to stand)."""
    refusal = refused(session([actor("ada", "yard"), actor("vex", "far", side="x")]),
                      {"do": "gm_place", "actor": "gm", "target": "ada", "to": "sky"},
                      "bad_place")
    assert "Skysea" in str(refusal)
    s = session([actor("ada", "yard", can_fly=True, mode="flying"),
                 actor("vex", "far", side="x")])
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "sky"})
    assert s.state.actors["ada"].at == "sky"
