"""One movement pipeline for every cause (issue 16) and the issue-10 rulings it fixes
(items 13-16): R003-18, R003-20, R003-21, R003-29, R003-33, R003-35, R003-39; A003-06,
A003-16, A003-21, A003-22, A003-25."""

from __future__ import annotations

from typing import Any

from footwork.rulesets.spans.geometry import Position
from footwork.rulesets.spans.pipeline import holding

from ._helpers import actor, end_turns, refused, session

#: a rampart one storey above a yard whose gate (a threshold) guards the ways out of it
RAMPART: list[dict[str, Any]] = [
    {"id": "rampart", "ground": 1},
    {"id": "yard", "features": [{"id": "gate", "kind": "threshold", "guards": ["rampart", "keep"]},
                                {"id": "crag", "kind": "on_high", "height": 2},
                                {"id": "hole", "kind": "cover", "capacity": 1}]},
    {"id": "keep"},
]
LINKS: list[Any] = [["rampart", "yard"], ["yard", "keep"]]


def yard(*actors: dict[str, Any], **options: Any) -> Any:
    return session(list(actors), spans=RAMPART, links=LINKS, options=options or None)


# -- item 13: a jump attack does not open a held threshold --------------------------------


def test_a_jumper_beside_the_holder_still_cannot_cross_R003_20_R003_29() -> None:
    """R003-20, R003-29, A003-16: hit or miss, the jumper who lands by the holder crosses
    nothing until the holder is gone."""
    for hit in (True, False):
        s = yard(actor("vex", "gate", "raiders", life=9), actor("ada", "crag"))
        end_turns(s, "vex")
        faces = [] if hit else [6]  # a miss is a fall: the Maneuver roll
        s.do({"do": "jump_attack", "actor": "ada", "target": "vex", "hit": hit, "roll": faces})
        assert s.state.actors["vex"].at == "gate"
        end_turns(s, "ada", "vex")
        refused(s, {"do": "run", "actor": "ada", "die": "attack", "to": "keep", "roll": [6]},
                "threshold_blocked", "R003-20", "A003-16")


# -- item 14: every way into a guarded span is checked alike ------------------------------


def test_a_drop_crosses_a_held_threshold_like_a_climb_R003_20() -> None:
    """R003-20, A003-10: dropping off the rampart into the guarded yard is refused, as is
    the climb down, and nothing happens (no fall)."""
    s = yard(actor("ada", "rampart"), actor("vex", "gate", "raiders"))
    refused(s, {"do": "climb", "actor": "ada", "die": "attack", "to": "yard", "roll": [6]},
            "threshold_blocked", "R003-20")
    refused(s, {"do": "drop", "actor": "ada", "to": "yard", "roll": [3]},
            "threshold_blocked", "R003-20")
    assert not any(o.command["do"] == "drop" for o in s.options("ada"))


def test_a_jump_attack_across_a_held_threshold_is_refused_R003_20() -> None:
    """R003-20, R003-29: a jump from the rampart onto a foe in the yard lands past the
    held gate: refused."""
    s = yard(actor("ada", "rampart"), actor("vex", "gate", "raiders"),
             actor("rook", "yard", "raiders"))
    refused(s, {"do": "jump_attack", "actor": "ada", "target": "rook", "hit": True},
            "threshold_blocked", "R003-20")


# -- item 15: the target of a jump attack is beneath the jumper ----------------------------


def test_a_jump_attack_reaches_only_where_a_drop_lands_R003_29() -> None:
    """R003-29, A003-21: from the crag (a feature of the yard) a drop lands in the yard
    only, so a foe in the keep next door is not beneath the jumper."""
    s = yard(actor("ada", "crag"), actor("vex", "keep", "raiders"))
    refused(s, {"do": "jump_attack", "actor": "ada", "target": "vex", "hit": True},
            "no_jump_target", "R003-29")


# -- item 16: what the conditions forbid, decide refuses -----------------------------------


def bonus(s: Any, who: str) -> None:
    s.state = s.state.update_actor(who, bonus=True)


def test_hide_needs_cover_R003_18() -> None:
    """R003-18, A003-22: Hide in the open is refused; in cover it is taken."""
    s = yard(actor("ada", "yard"))
    s.do({"do": "run", "actor": "ada", "die": "attack", "to": "keep", "roll": [6]})
    refused(s, {"do": "free_action", "actor": "ada", "action": "Hide"}, "cannot_hide",
            "R003-18", "A003-22")


def test_no_evade_or_outflank_in_a_threshold_R003_21() -> None:
    """R003-21, A003-22: in a threshold, Evade and Outflank are refused."""
    s = yard(actor("ada", "yard"))
    s.do({"do": "run", "actor": "ada", "die": "attack", "to": "gate", "roll": [6]})
    for action in ("Evade", "outflank"):
        refused(s, {"do": "free_action", "actor": "ada", "action": action},
                "maneuver_blocked", "R003-21", "A003-22")


def test_airborne_maneuvers_R003_33_R003_35() -> None:
    """R003-33: a floater cannot Evade or Stand fast; R003-35: a flier cannot Stand fast
    but may Evade."""
    s = yard(actor("kit", "yard", mode="floating"), actor("kite", "yard", mode="flying",
                                                          can_fly=True))
    bonus(s, "kit")
    for action in ("Evade", "stand_fast"):
        refused(s, {"do": "free_action", "actor": "kit", "action": action},
                "maneuver_blocked", "R003-33")
    end_turns(s, "kit")
    bonus(s, "kite")
    refused(s, {"do": "free_action", "actor": "kite", "action": "Stand fast"},
            "maneuver_blocked", "R003-35")
    s.do({"do": "free_action", "actor": "kite", "action": "Evade"})


def test_a_flier_one_height_up_passes_over_a_held_threshold() -> None:
    """Issue 10 item 16, R003-20 (option threshold.reach_above, default 0): a flier one
    height above the gate's floor passes over it; at the floor it is stopped; with
    reach_above 1 the holders stop it one height up too."""
    flier = actor("kite", "yard", mode="flying", can_fly=True, height=1)
    s = yard(flier, actor("vex", "gate", "raiders"))
    s.do({"do": "fly", "actor": "kite", "die": "attack", "to": "rampart", "roll": [6]})
    assert s.state.actors["kite"].at == "rampart"
    s = yard(flier, actor("vex", "gate", "raiders"), threshold={"reach_above": 1})
    refused(s, {"do": "fly", "actor": "kite", "die": "attack", "to": "rampart", "roll": [6]},
            "threshold_blocked", "R003-20")


def test_the_crossing_check_is_symmetric_R003_20() -> None:
    """R003-20: a threshold on either side of a crossing bars it both ways."""
    s = yard(actor("ada", "rampart"), actor("vex", "gate", "raiders"))
    ada = s.state.actors["ada"]
    for mode in ("run", "fly"):
        there = holding(s.state, ada, Position("rampart", 1), Position("yard", 0), mode)
        back = holding(s.state, ada, Position("yard", 0), Position("rampart", 1), mode)
        assert there == back == ("gate", ["vex"])
    # a flier at the rampart's floor is one height above the gate: both ways pass over
    assert holding(s.state, ada, Position("rampart", 1), Position("yard", 1), "fly") is None
    assert holding(s.state, ada, Position("yard", 1), Position("rampart", 1), "fly") is None


def test_untether_uses_the_free_action_only_by_option_R003_39_A003_25() -> None:
    """R003-39, A003-25: by default Untether uses nothing of the turn; with
    untether.uses: free_action it needs and spends the bonus free action."""
    s = yard(actor("sol", "yard", abilities=["untether"]))
    s.do({"do": "untether", "actor": "sol"})
    assert s.state.actors["sol"].mode == "floating"
    s = yard(actor("sol", "yard", abilities=["untether"]), untether={"uses": "free_action"})
    refused(s, {"do": "untether", "actor": "sol"}, "no_bonus", "R003-39", "A003-25")
    bonus(s, "sol")
    s.do({"do": "untether", "actor": "sol"})
    assert s.state.actors["sol"].bonus is False


# -- being moved: a shove goes through the same entry rules --------------------------------


def test_a_shoved_holder_clears_the_threshold_A003_16() -> None:
    """A003-16: a holder moved out of the threshold no longer blocks it."""
    s = yard(actor("brin", "yard"), actor("vex", "gate", "raiders"), actor("ada", "rampart"))
    s.do({"do": "shove", "actor": "brin", "target": "vex", "to": "yard"})
    assert s.state.actors["vex"].at == "yard"
    end_turns(s, "brin", "vex")
    s.do({"do": "climb", "actor": "ada", "die": "attack", "to": "yard", "roll": [6]})
    assert s.state.actors["ada"].at == "yard"


def test_a_shove_into_a_full_feature_is_refused_A003_06() -> None:
    """A003-06: a shove honours capacity like any other way in; nothing changes."""
    s = yard(actor("brin", "yard"), actor("vex", "yard", "raiders"),
             actor("rook", "hole", "raiders"))
    refused(s, {"do": "shove", "actor": "brin", "target": "vex", "to": "hole"},
            "feature_full", "A003-06")


def test_attack_is_refused_where_targeting_is_R003_17_A003_14() -> None:
    """R003-12, R003-17, A003-14, A003-15: ranged into cover from beyond, and melee at an
    occupant of on-high terrain from below, are refused; melee into cover is not."""
    s = yard(actor("rook", "yard", "raiders"), actor("ada", "hole"), actor("skarn", "crag"))
    refused(s, {"do": "attack", "actor": "rook", "target": "ada", "kind": "ranged"},
            "cannot_target", "R003-17")
    refused(s, {"do": "attack", "actor": "rook", "target": "skarn", "kind": "melee"},
            "cannot_target", "A003-14")
    s.do({"do": "attack", "actor": "rook", "target": "ada", "kind": "melee"})
