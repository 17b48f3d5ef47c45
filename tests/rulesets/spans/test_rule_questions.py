"""Rule questions: open rule questions of the cause-by-condition review, settled from the text.

Item 10: a climber partway down a wall when a foe takes the gate (R003-20, A003-10).
Item 12: a shove toward the open Skysea (R003-26, A003-20) or off a height with no
stairs (R003-23, R003-25) is a fall of the target, by our reading
``fall.shove_over_edge: fall``; ``refuse`` keeps the earlier ruling."""

from __future__ import annotations

from typing import Any

import pytest

from ._helpers import actor, of_type, refused, session, types


def test_a_shove_into_the_skysea_is_a_fall_out_of_the_scene_R003_26_A003_20() -> None:
    """R003-26, A003-20: from the yard (beside the sky span) a shove toward the sky
    plunges the target: a fall with no surface, no damage, removed from the scene. A Run
    there stays refused (no surface to stand on)."""
    s = session([actor("vex", "yard", side="raiders"), actor("ada", "yard")])
    events = s.do({"do": "shove", "actor": "vex", "target": "ada", "to": "sky"})
    assert types(events) == ["shoved", "fell", "lost_in_skysea"]
    (fell,) = of_type(events, "fell")
    assert fell.surface == "skysea" and "R003-26" in fell.rules
    assert s.state.actors["ada"].removed
    refused(s, {"do": "run", "actor": "vex", "die": "maneuver", "to": "sky", "roll": [6]},
            "no_surface", "R003-26")


def test_with_refuse_a_shove_into_the_skysea_is_refused_R003_26() -> None:
    """``fall.shove_over_edge: refuse``: the shove takes a Run's reach only, so toward
    the Skysea it is refused (``no_surface``) and nothing changes."""
    s = session([actor("vex", "yard", side="raiders"), actor("ada", "yard")],
                options={"fall": {"shove_over_edge": "refuse"}})
    refused(s, {"do": "shove", "actor": "vex", "target": "ada", "to": "sky"}, "no_surface",
            "R003-26")
    assert not s.state.actors["ada"].removed


def test_a_shove_upward_is_still_refused_R003_23() -> None:
    """R003-23: a shove never lifts: toward the ledge (ground 2, no stairs) it is refused
    whatever the option, as the Run would be (a fall only goes down)."""
    s = session([actor("vex", "yard", side="raiders"), actor("ada", "yard")])
    refused(s, {"do": "shove", "actor": "vex", "target": "ada", "to": "ledge"},
            "needs_climb", "R003-23")


# -- item 10: a climber partway down a wall when a foe takes the gate -----------------------

RAMPART: list[dict[str, Any]] = [
    {"id": "rampart", "ground": 2, "surface": "hard"},
    {"id": "yard", "surface": "hard",
     "features": [{"id": "yard-gate", "kind": "threshold", "guards": ["rampart"]}]},
]


def _halfway() -> Any:
    """Ada climbs down one height of the rampart wall while the gate is empty; then Vex
    takes the gate (the S058 situation)."""
    s = session([actor("ada", "rampart"), actor("vex", "yard", side="raiders")],
                spans=RAMPART, links=[["rampart", "yard"]], order=["ada", "vex"])
    s.do({"do": "climb", "actor": "ada", "die": "brace", "to": "yard", "roll": [5]})
    s.do({"do": "end_turn", "actor": "ada"})
    s.do({"do": "run", "actor": "vex", "die": "attack", "to": "yard-gate", "roll": [5]})
    s.do({"do": "end_turn", "actor": "vex"})
    assert s.state.actors["ada"].climbing == "yard"
    return s


@pytest.mark.parametrize(("to", "height"), [("rampart", 2), ("yard", 0)])
def test_partway_a_climber_goes_on_or_back_alike_R003_20_A003_10(to: str, height: int) -> None:
    """R003-20, A003-10 (rule questions): the crossing between rampart and yard was ruled when
    the climb set out; the foe who took the gate since holds its floor, not the wall.
    Climbing back up and climbing on down are the same crossing: both pass."""
    s = _halfway()
    s.do({"do": "climb", "actor": "ada", "die": "brace", "to": to, "roll": [5]})
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.climbing) == (to, height, None)


def test_a_climb_setting_out_past_a_held_gate_is_refused_R003_20() -> None:
    """R003-20: from the yard, a new climb up to the rampart while the gate is held is a
    crossing of the guarded way: refused before any roll."""
    s = session([actor("ada", "yard"), actor("vex", "yard-gate", side="raiders")],
                spans=RAMPART, links=[["rampart", "yard"]])
    refused(s, {"do": "climb", "actor": "ada", "die": "brace", "to": "rampart", "roll": [5]},
            "threshold_blocked", "R003-20")


# -- item 11: what a jump attack spends ------------------------------------------------------

def _jumpers(**fall: Any) -> Any:
    """Jo on the roof (one storey up, stairs down to the yard) above a foe in the yard."""
    return session([actor("jo", "roof", height=1), actor("foe", "yard", side="raiders")],
                   options={"fall": fall} if fall else None)


def test_a_jump_attack_spends_the_movement_action_R003_29_A003_23() -> None:
    """R003-29, A003-23 (rule questions): the jumper falls on purpose, a drop of its own
    choosing, so it spends the movement action as a drop does; after it, a Run is
    refused (``already_moved``) and no second jump is offered."""
    s = _jumpers()
    events = s.do({"do": "jump_attack", "actor": "jo", "target": "foe", "hit": True})
    assert types(events)[0] == "movement_action_taken"
    assert s.state.actors["jo"].movement_actions == 1
    refused(s, {"do": "run", "actor": "jo", "die": "maneuver", "to": "street", "roll": [6]},
            "already_moved", "A003-23")


def test_a_jump_attack_after_the_movement_needs_the_second_move_R003_03() -> None:
    """R003-03: after a Run of 5+ to the next roof, the second move pays for the jump's
    fall (as for a drop); once that second move went on a free action, the jump is
    refused (``already_moved``) and not offered."""
    roofs = [{"id": "roof-a", "ground": 1}, {"id": "roof-b", "ground": 1},
             {"id": "alley", "surface": "hard"}]
    links = [["roof-a", "roof-b"], ["roof-a", "alley"], ["roof-b", "alley"]]

    def ran() -> Any:
        s = session([actor("jo", "roof-a"), actor("foe", "alley", side="raiders")],
                    spans=roofs, links=links)
        s.do({"do": "run", "actor": "jo", "die": "maneuver", "to": "roof-b", "roll": [6]})
        assert s.state.actors["jo"].bonus
        return s

    s = ran()
    assert any(o.command["do"] == "jump_attack" for o in s.options("jo"))
    events = s.do({"do": "jump_attack", "actor": "jo", "target": "foe", "hit": True})
    assert types(events)[0] == "bonus_used"
    s = ran()
    s.do({"do": "free_action", "actor": "jo", "action": "shout"})
    assert not any(o.command["do"] == "jump_attack" for o in s.options("jo"))
    refused(s, {"do": "jump_attack", "actor": "jo", "target": "foe", "hit": True},
            "already_moved", "A003-23")


def test_without_the_option_a_jump_attack_spends_no_movement_R003_29() -> None:
    """``fall.jump_uses_movement: false``: the earlier reading, the movement action stays."""
    s = _jumpers(jump_uses_movement=False)
    events = s.do({"do": "jump_attack", "actor": "jo", "target": "foe", "hit": True})
    assert "movement_action_taken" not in types(events)
    assert s.state.actors["jo"].movement_actions == 0
