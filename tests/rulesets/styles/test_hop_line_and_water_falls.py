"""Issue 23, second review (S069, S070): a hop is priced by its straight line from
take-off, rising or dropping (A001-17, A001-18), and a Walk into water is a fall into it
at any height within the stride (R001-26)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from ._helpers import actor, move, move_cmd, of_type, refused, seg, session, who

PIT = {".": {"surface": "floor"}, "_": {"surface": "void"},
       "^": {"surface": "floor", "elevation": 2}, "B": {"surface": "floor", "elevation": 1},
       "#": {"surface": "wall", "elevation": 5}}


@pytest.mark.parametrize("diagonal", ["euclidean", "one", "alternate"])
def test_A001_18_A001_17_a_rising_hop_costs_its_straight_line_from_take_off(
        diagonal: str) -> None:
    """A001-18, A001-17, R001-32 (S070): a hop across 3 cells onto a ledge 2u higher costs
    sqrt(3^2 + 2^2) = 3.61u, within a 4u Jump, not a level flight and a slope on the last
    cell (4.24u); the hop back down off the ledge costs the same."""
    s = session([actor("jem", "0,0", styles=["Walk", "Jump"])], rows=[".__^."], legend=PIT,
                options={"move": {"diagonal": diagonal}})
    events = move(s, "jem", seg("jump", 0, 3))
    assert not of_type(events, "fell")
    body = who(s, "jem")
    assert (body["at"], body["z"], body["mode"]) == ("0,3", 2, "ground")
    assert body["spent"]["jump"] == pytest.approx(math.sqrt(13.0), abs=1e-6)
    assert of_type(events, "moved")[0].path == ((0, 1), (0, 2), (0, 3))
    s.do({"do": "end_turn", "actor": "jem"})
    move(s, "jem", seg("jump", 0, 0))
    assert who(s, "jem")["spent"]["jump"] == pytest.approx(math.sqrt(13.0), abs=1e-6)


def test_A001_18_a_diagonal_rising_hop_runs_its_length_on_the_grid() -> None:
    """A001-17, A001-18: the run of a hop is its length across the cells under the
    diagonal rule (two diagonals: 2 sqrt 2), and its price the straight line of that run
    and its rise: sqrt(8 + 4) = 3.46u."""
    s = session([actor("jem", "0,0", styles=["Walk", "Jump"])],
                rows=["._.", "__.", "..^"], legend=PIT)
    move(s, "jem", seg("jump", 2, 2))
    assert who(s, "jem")["spent"]["jump"] == pytest.approx(math.sqrt(12.0), abs=1e-6)


def test_R001_32_A001_18_a_rising_hop_still_may_not_pass_through_a_block() -> None:
    """R001-32: the straight-line price does not open a way: a hop's way is its flight at
    the launch height, so a 1u block between the launch and a 2u ledge refuses the hop
    from the ground (no_way) though the line from take-off would clear it, and a wall
    does; from the ledge the hop down passes over the block (no higher than its launch)."""
    for rows in ([".B_^."], [".#_^."]):
        s = session([actor("jem", "0,0", styles=["Walk", "Double Jump"])], rows=rows,
                    legend=PIT)
        refused(s, move_cmd("jem", seg("jump", 0, 3)), "no_way", "R001-32")
    s = session([actor("jem", "0,3", styles=["Walk", "Jump"])], rows=[".B_^."], legend=PIT)
    move(s, "jem", seg("jump", 0, 0))
    assert who(s, "jem")["spent"]["jump"] == pytest.approx(math.sqrt(13.0), abs=1e-6)


def test_A001_18_a_hop_too_long_for_its_line_is_refused_whole() -> None:
    """R001-02, A001-18: the same hop onto a 3.5u ledge, sqrt(9 + 12.25) = 4.61u, is more
    than the 4u Jump (the pool is 8u): refused whole (over_cap), never a fall."""
    legend = {**PIT, "^": {"surface": "floor", "elevation": 3.5}}
    s = session([actor("jem", "0,0", styles=["Double Walk", "Jump"])], rows=[".__^."],
                legend=legend)
    refused(s, move_cmd("jem", seg("jump", 0, 3)), "over_cap", "R001-02")


POND: dict[str, Any] = {".": {"surface": "floor"},
                        "~": {"surface": "water", "elevation": 0, "water_depth": 2},
                        "l": {"surface": "water", "elevation": -1, "water_depth": 2},
                        "h": {"surface": "water", "elevation": 0.5, "water_depth": 2},
                        "H": {"surface": "water", "elevation": 1, "water_depth": 2},
                        "#": {"surface": "wall", "elevation": 3}}


@pytest.mark.parametrize("water,fell", [("~", 0.0), ("h", 0.0), ("l", 1.0)])
def test_R001_26_a_walk_into_water_is_a_fall_into_it_at_any_height(
        water: str, fell: float) -> None:
    """R001-26, A001-14, R001-36 (S069): water is no solid surface, so a walker without
    Swim stepping into it from its bank Falls into it, whether the water is level with
    the bank (0u), 0.5u higher (within the stride: 0u) or 1u lower (1u): the Walk step
    is paid, no damage (the water breaks the fall), and it is in the water."""
    s = session([actor("dun", "0,0", styles=["Walk", "Half Jump"])], rows=[f"..{water}"],
                legend=POND, options={"fall": {"dice": "1d6"}})
    events = move(s, "dun", seg("walk", 0, 2))
    falls = of_type(events, "fell")
    assert len(falls) == 1 and falls[0].distance == fell and falls[0].into == "water"
    body = who(s, "dun")
    assert (body["at"], body["mode"], body["damage"]) == ("0,2", "water", 0)
    assert body["spent"]["walk"] == 2 and body["pool_left"] == 2


def test_R001_26_water_above_the_stride_is_a_wall_of_water_to_a_walker() -> None:
    """R001-26: water whose surface is more than the walk step above the bank is no
    step at all (as a higher floor is not): refused no_way."""
    s = session([actor("dun", "0,0", styles=["Walk"])], rows=[".H"], legend=POND)
    refused(s, move_cmd("dun", seg("walk", 0, 1)), "no_way", "R001-26")


def test_R001_26_R001_35_options_and_decide_agree_on_water_at_the_bank() -> None:
    """R001-26, R001-35, A001-14: a walker without Swim is offered the water at its bank
    as a 0u fall into it, and the offered command is accepted and ends there; a swimmer
    is offered the Swim stroke (the same place, no fall), and a Walk plan into the water
    is still a fall for it."""
    s = session([actor("dun", "0,1", styles=["Walk", "Half Jump"])], rows=["..~"],
                legend=POND)
    offered = [o for o in s.options("dun") if o.command.get("do") == "move"
               and o.command.get("to") == [0, 2, 0]]
    assert len(offered) == 1 and "falls 0u into water" in offered[0].label
    s.do(offered[0].command)
    assert (who(s, "dun")["at"], who(s, "dun")["mode"]) == ("0,2", "water")
    t = session([actor("eel", "0,1", styles=["Walk", "Swim"])], rows=["..~"], legend=POND)
    swim = [o for o in t.options("eel") if o.command.get("do") == "move"
            and o.command.get("to") == [0, 2, 0]]
    assert len(swim) == 1 and "falls" not in swim[0].label
    assert swim[0].command["plan"] == [{"style": "swim", "to": [0, 2, 0]}]
    events = move(t, "eel", seg("walk", 0, 2))
    assert of_type(events, "fell")[0].distance == 0.0
    assert who(t, "eel")["mode"] == "water"
