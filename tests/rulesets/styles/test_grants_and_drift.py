"""A Test the GM grants at a better grade, and diagonal currents under every diagonal rule."""

from __future__ import annotations

from typing import Any

import pytest

from ._helpers import actor, answer, end_turns, of_type, session, who

ROOM = ["....", "....", "...."]
#: water 3u deep with a current to the south-east at 3u per turn
DELTA = ["~~~~~", "~~~~~", "~~~~~", "~~~~~", "~~~~~"]
DELTA_LEGEND: dict[str, Any] = {
    "~": {"surface": "water", "water_depth": 3, "current": "SE", "current_speed": 3},
}


def test_R001_24_R001_25_a_passed_test_may_earn_a_better_grade() -> None:
    """R001-24, R001-25: after a passed Test the GM may grant the normal or Double style
    for good improvisation, not only the Half one."""
    for choice, cap in (("pass", 2), ("pass_normal", 4), ("pass_double", 8)):
        s = session([actor("ada", "1,1")], rows=ROOM)
        s.do({"do": "improvise", "actor": "ada", "style": "climb", "how": "a bed frame"})
        answer(s, "test")
        assert s.state.pending is not None
        assert choice in s.state.pending.choices
        events = answer(s, choice)
        granted = of_type(events, "style_granted")[0]
        assert granted.cap == cap and "R001-25" in granted.rules
        assert who(s, "ada")["caps"]["climb"] == cap


@pytest.mark.parametrize(("diagonal", "cells", "distance"), [
    ("one", 3, 3.0),                 # every diagonal 1u: three cells
    ("euclidean", 2, 2 * 2 ** 0.5),  # each 1.414u: two cells (2.83u), a third is over 3u
    ("alternate", 2, 3.0),           # 1u then 2u: two cells
])
def test_A001_20_A001_17_a_diagonal_current_prices_its_cells_like_steps(
        diagonal: str, cells: int, distance: float) -> None:
    """A001-20, A001-17: a current's speed in u buys as many cells as a swimmer's steps
    of that length would, under the map's diagonal rule."""
    s = session([actor("a", "0,0", styles=["Walk", "Swim"])], rows=DELTA, legend=DELTA_LEGEND,
                options={"move": {"diagonal": diagonal}})
    drift = of_type(end_turns(s, "a"), "drifted")
    assert [(d.row, d.col) for d in drift] == [(cells, cells)]
    assert drift[0].distance == pytest.approx(distance)


def test_A001_19_found_ways_do_not_drop_onto_a_mine_from_the_air() -> None:
    """A001-19: a flier's found way to the far side goes round a mine: it does not fly
    over and set down on it (a descent touches down like a landing)."""
    s = session([actor("f", "0,0", styles=["Walk", "Fly"])], rows=[".M."],
                legend={".": {"surface": "floor"}, "M": {"surface": "floor", "tags": ["mine"]}})
    found = [o for o in s.options("f") if o.command.get("do") == "move"
             and o.command["to"] == [0, 1, 0]]
    assert found == []
    events = s.do({"do": "move", "actor": "f", "to": [0, 2]})
    assert of_type(events, "hazard_triggered") == []


def test_R001_17_an_unknown_style_in_a_plan_or_an_improvisation_is_refused() -> None:
    """R001-17: the styles are Walk, Jump, Climb, Swim and the Uncommon Fly and Levitate;
    any other name is refused by name, and nothing changes."""
    from ...support import refused

    s = session([actor("ada", "1,1")], rows=ROOM)
    plan = [{"style": "teleport", "to": [1, 2]}]
    err = refused(s, {"do": "move", "actor": "ada", "plan": plan},
                  "unknown_style", "R001-17")
    assert "teleport" in str(err)
    refused(s, {"do": "improvise", "actor": "ada", "style": "teleport"}, "unknown_style",
            "R001-17")


def test_R001_13_the_state_sums_up_what_is_left_in_one_line() -> None:
    """R001-13: the pool left and each style's cap left, as one line for tables that show
    no nested values (the `footwork play` look)."""
    s = session([actor("ada", "1,1")], rows=ROOM)
    s.do({"do": "move", "actor": "ada", "to": [1, 2]})
    assert who(s, "ada")["movement"] == "pool 3u of 4u: walk 3u, jump 2u, swim 2u"
