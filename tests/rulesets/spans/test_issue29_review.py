"""Issue 29: open rule questions of the cause-by-condition review, settled from the text.

Item 12: a shove toward the open Skysea (R003-26, A003-20) or off a height with no
stairs (R003-23, R003-25) is a fall of the target, by our reading
``fall.shove_over_edge: fall``; ``refuse`` keeps the earlier ruling."""

from __future__ import annotations

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
