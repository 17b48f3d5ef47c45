"""The s34 fiat review of `allowances`: the GM's `gm_place` and `gm_add` against where
the arrival place matters, each outcome worked by hand from the text first (README,
"The s34 fiat review")."""

from __future__ import annotations

from typing import Any

from ._helpers import LAKE, creature, do, of_type, session, who


def _gm_place(s: Any, target: str, to: str) -> Any:
    return s.do({"do": "gm_place", "actor": "gm", "target": target, "to": to})


def test_A002_15_a_breach_s_movement_lapses_when_the_gm_moves_the_creature() -> None:
    """R002-33, A002-15: the Breach's metres are for the move that completes the passage
    from where it breached, this Activation. A shark that breached out of the lake (3 m
    of Flight) and is put on the shore by the GM has no passage left to complete: the
    metres lapse with the placement, and no Flight is offered. Before: kept, and a move
    by Flight from the shore was offered and granted."""
    s = session([creature("s", "1,5", scores={"Swim": 14}, skills={"Swim": 120})],
                rows=LAKE)
    do(s, "breach", "s", into="air", roll=[35])
    events = _gm_place(s, "s", "1,2")
    (lapsed,) = of_type(events, "lapsed")
    assert (lapsed.what, lapsed.distance) == ("breach", 3.0) and "A002-15" in lapsed.rules
    assert who(s, "s")["breach_type"] is None
    assert not [o for o in s.options("s") if o.command.get("do") == "move"]


def test_A002_13_a_jump_s_distance_lapses_when_the_gm_moves_the_jumper() -> None:
    """R002-17, A002-13: a Jump's metres are the jump sprung from where the creature
    stood, used at once; put elsewhere by the GM, that jump is over: they lapse. Before:
    kept, and the creature could still jump its 10 m from the new cell."""
    s = session([creature("k", "1,1", scores={"Overland": 5}, skills={"Acrobatics": 60},
                          jump=6, height_m=1.5)])
    do(s, "jump", "k", roll=[5])
    (lapsed,) = of_type(_gm_place(s, "k", "1,8"), "lapsed")
    assert (lapsed.what, lapsed.distance) == ("jump", 10.0)
    assert not [o for o in s.options("k") if o.command.get("type") == "jump"]


def test_R002_12_the_gm_puts_a_burrower_back_on_the_surface_of_the_lake() -> None:
    """R002-02, R002-12: the GM puts a mole 2 m down into the earth under the shore, then
    onto the lake (`to` without a height: the surface, where a creature put there
    starts): it floats on the surface, not submerged, and neither fiat is a change of
    its own (transitions 0). Before: the second placement kept the height the first
    gave (-2 m), leaving it 2 m under the water."""
    s = session([creature("m", "1,1", scores={"Burrow": 5, "Swim": 5})], rows=LAKE)
    _gm_place(s, "m", "1,2,-2")
    assert (who(s, "m")["mode"], who(s, "m")["z"]) == ("earth", -2.0)
    events = _gm_place(s, "m", "1,6")
    assert not of_type(events, "lapsed")
    m = who(s, "m")
    assert (m["mode"], m["z"], m["submerged"], m["transitions"]) == ("water", 0.0, False, 0)


def test_R002_02_a_flier_that_landed_is_put_down_standing() -> None:
    """R002-02: a flier the file started in the air (2 m up) lands in play; the GM then
    puts it on another cell (no height named): it stands there, as it stands now, not
    back in the air where the file started it. A flier still aloft is put aloft."""
    s = session([creature("g", "0,1", scores={"Overland": 5, "Flight": 5}, mode="air", z=2),
                 creature("h", "2,1", scores={"Overland": 5, "Flight": 5}, mode="air", z=2)])
    do(s, "move", "g", type="flight", to=[0, 2, 0])
    assert who(s, "g")["mode"] == "ground"
    _gm_place(s, "g", "1,5")
    _gm_place(s, "h", "2,5")
    assert (who(s, "g")["mode"], who(s, "g")["z"]) == ("ground", 0.0)
    assert (who(s, "h")["mode"], who(s, "h")["z"]) == ("air", 2.0)
