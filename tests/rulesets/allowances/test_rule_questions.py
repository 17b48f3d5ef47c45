"""Rule questions: open rule questions of the cause-by-condition review, settled from the text.

Item 8: the Skill a Breach from a wall rolls (R002-32, A002-14, A002-25). Item 9: a waiting
Dash Action's Accuracy Check while a Breach's metres are held (R002-33, R002-36, R002-37):
pinned by ``test_issue23.py``'s test of a refused closing Breach keeping its metres held
(T12 in the README, which says why)."""

from __future__ import annotations

from ._helpers import creature, do, of_type, session


def test_a_breach_from_a_wall_rolls_the_skill_of_the_climb_that_holds_it_R002_32() -> None:
    """R002-32, A002-14, A002-25 (rule questions, kept): the Breach rolls the Skill tied to where
    the creature is; on a wall's face (in the air, but neither walking nor flying) what
    holds it is its climbing, so Climb's Skill (Athletics by default), as a creature on the
    ground rolls Running (Overland) and a swimmer Swim (the Sharpedo example). Athletics
    90, Demanding +0: target 90; a 95 fails although its Running would be 100."""
    s = session([creature("c", "0,0,1", scores={"Overland": 6, "Climb": 4},
                          skills={"Athletics": 90, "Running": 100}, mode="wall")],
                rows=["~#"], legend={"~": {"surface": "water", "water_depth": 4},
                                     "#": {"surface": "wall", "elevation": 4}})
    (rolled,) = of_type(do(s, "breach", "c", into="water", roll=[95]), "rolled")
    assert "Athletics" in rolled.check and "target 90" in rolled.check
