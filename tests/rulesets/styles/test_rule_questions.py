"""Rule questions: open rule questions of the cause-by-condition review, settled from the text.

Item 6: standing up during a Montage (R001-08, R001-30; the text is silent: our default
``prone.stand_in_montage``). Item 7: what a hop landing a little below its take-off
costs (R001-32, A001-17, A001-18)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from ._helpers import actor, move, refused, seg, session, types, who


def _prone_in_a_montage(**prone: Any) -> Any:
    s = session([actor("ada", "1,1")], options={"prone": prone} if prone else None)
    s.do({"do": "prone", "actor": "ada"})
    s.do({"do": "montage", "actor": "gm"})
    return s


def test_standing_up_during_a_montage_is_allowed_by_default_R001_08_R001_30() -> None:
    """R001-08 replaces the Move Ability with the Athletics Tests; standing up is a Free
    Action that spends 1u of Movement (R001-30), not the Move: allowed (our default) and
    offered, while moving stays refused."""
    s = _prone_in_a_montage()
    assert any(o.command["do"] == "stand" for o in s.options("ada"))
    assert types(s.do({"do": "stand", "actor": "ada"})) == ["stood_up"]
    assert who(s, "ada")["prone"] is False


def test_a_table_may_keep_the_prone_down_during_a_montage_R001_08() -> None:
    """``prone.stand_in_montage: false``: refused (``montage``) and not offered until the
    GM ends the Montage; then it is."""
    s = _prone_in_a_montage(stand_in_montage=False)
    assert not any(o.command["do"] == "stand" for o in s.options("ada"))
    refused(s, {"do": "stand", "actor": "ada"}, "montage", "R001-08")
    s.do({"do": "montage", "actor": "gm", "on": False})
    assert any(o.command["do"] == "stand" for o in s.options("ada"))




#: a floor at 0.5u (the launch), a gap, and a landing floor at 0 (one walk step lower)
STEP_DOWN = {"^": {"surface": "floor", "elevation": 0.5}, "_": {"surface": "void"},
             ".": {"surface": "floor"}}


@pytest.mark.parametrize(("rows", "expected"), [
    (["^__."], math.sqrt(9.0 + 0.25)),   # 0.5u below the take-off: its straight line
    (["^__^"], 3.0),                     # level: the run alone
])
def test_a_hop_landing_a_step_below_costs_its_straight_line_A001_18(
        rows: list[str], expected: float) -> None:
    """A001-18, A001-17, R001-32 (rule questions): a hop is priced by its straight-line
    displacement; one landing 0.5u below its take-off (within the walk step) 3 cells away
    costs sqrt(3^2 + 0.5^2) = 3.04u, as one landing 0.5u above does, not the run alone
    (3u), which only a level landing costs."""
    s = session([actor("jem", "0,0", styles=["Walk", "Jump"])], rows=rows, legend=STEP_DOWN)
    move(s, "jem", seg("jump", 0, 3))
    assert who(s, "jem")["at"] == "0,3"
    assert who(s, "jem")["spent"]["jump"] == pytest.approx(expected, abs=1e-6)


#: a launch floor at 0.5u, a gap, water whose surface is at 0 (a walk step below the
#: launch), at 0.5 (level) or at 1 (a walk step above a launch at 0.5)
WATER_STEP = {"^": {"surface": "floor", "elevation": 0.5}, "_": {"surface": "void"},
              "~": {"surface": "water", "water_depth": 3},
              "=": {"surface": "water", "elevation": 0.5, "water_depth": 3},
              "+": {"surface": "water", "elevation": 1, "water_depth": 3}}


@pytest.mark.parametrize(("rows", "expected", "fell"), [
    (["^__~"], 3.0, 0.5),                  # 0.5u below: the flight, then a fall into it
    (["^__="], 3.0, None),                 # level water: the run alone
    (["^__+"], math.sqrt(9.0 + 0.25), None),  # 0.5u above: the straight line
])
def test_a_hop_into_water_a_walk_step_off_its_launch_A001_18_R001_32(
        rows: list[str], expected: float, fell: float | None) -> None:
    """R001-32, A001-18, A001-14 (s30 review). Water is no solid surface, so a hop that
    ends over water a walk step (0.5u) below its launch does not land: it ends in the air
    at the launch height, having paid its run (3u, not the 3.04u straight line a floor a
    step below costs), and falls the 0.5u into the water at once. Level water costs the
    run too (no fall to speak of); water a walk step above the launch is reached as a
    ledge is, by the straight line sqrt(3^2 + 0.5^2) = 3.04u (before the s30 review: 3u).
    Both searches price it the same (test_fastreach)."""
    s = session([actor("jem", "0,0", styles=["Walk", "Jump", "Swim"])], rows=rows,
                legend=WATER_STEP)
    events = move(s, "jem", seg("jump", 0, 3))
    assert who(s, "jem")["at"] == "0,3"
    assert who(s, "jem")["spent"]["jump"] == pytest.approx(expected, abs=1e-6)
    falls = [e.distance for e in events if type(e).__name__ == "Fell"]
    assert falls == ([] if fell is None else [fell])
