"""The s34 cause-by-condition review of `allowances` (README, "The s34 review"): what the
s33 review noticed and left, and cells no earlier table covers, each worked by hand from
the text before footwork ran."""

from __future__ import annotations

import json
from typing import Any

import pytest

from footwork.errors import ScenarioError
from footwork.scenario import encounter_from_text

from ...support import inline_data
from ._helpers import LAKE, creature, do, refused, session, who

#: a floor (cols 0-1) beside a raised pool (cols 2-3): its surface 3 m up, its bed 1 m up
POOL = ["..PP"]
POOL_LEGEND: dict[str, Any] = {".": {"surface": "floor"},
                               "P": {"surface": "water", "elevation": 3, "water_depth": 2}}


def test_A002_25_a_climber_climbs_up_a_raised_pool_s_side_into_it_and_down_again() -> None:
    """A002-25 (Climb goes up and down a face), R002-43 (legs add): the pool stands 3 m
    above the floor, so its side is a face from the floor up to its surface (water cannot
    stand higher than what holds it). A climber (Climb 6, Swim 4) at the side's foot
    (0,1) climbs 1 m onto the face, 2 m up it, and 1 m across onto the water's surface:
    4 m of Climb (6 -> 2), Swim ranked lower keeps 4 (R002-05); it floats on the surface
    (not submerged, no change, R002-12). Back down: over the edge onto the face (1 m) and
    3 m down: 4 m again. footwork refused both (`no_way`): a water cell's side was no
    face."""
    s = session([creature("k", "0,1", scores={"Climb": 6, "Swim": 4})], rows=POOL,
                legend=POOL_LEGEND)
    moved = do(s, "move", "k", to=[0, 2])[0]
    k = who(s, "k")
    assert (moved.distance, moved.transitions, k["mode"], k["z"], k["submerged"]) == (
        4.0, 0, "water", 3.0, False)
    assert k["allowance"] == {"climb": 2, "swim": 4}
    down = session([creature("k", "0,2", scores={"Climb": 6, "Swim": 4})], rows=POOL,
                   legend=POOL_LEGEND)
    moved = do(down, "move", "k", to=[0, 1])[0]
    assert (moved.distance, who(down, "k")["mode"]) == (4.0, "ground")
    walker = session([creature("w", "0,1", scores={"Overland": 9, "Swim": 9})], rows=POOL,
                     legend=POOL_LEGEND)
    refused(walker, {"do": "move", "actor": "w", "to": [0, 2]}, "no_way", "R002-02")


def test_R002_02_R002_12_a_burrower_digs_under_a_lake_s_bed_and_up_into_it() -> None:
    """R002-02 (Burrow moves through the earth), R002-12: the lake's bed is ground like any
    other, with earth under it as deep as under a floor (`burrow.max_depth_m`, 5 m). A mole
    (Burrow 9) on the shore at (1,3) digs 5 m down (one change: surfaced to submerged) and
    2 m across under the lake to (1,5) at -5 m (the lake's bed is 4 m down, its earth runs
    from -9 m): 7 m. From there 1 m up breaks through the bed into the water at -4 m:
    still submerged, so no second change (A002-17 counts changes of the flag), Burrow 1
    left. footwork refused the first move (`no_way`): there was no earth under water."""
    s = session([creature("m", "1,3", scores={"Burrow": 9})], rows=LAKE)
    moved = do(s, "move", "m", to=[1, 5, -5])[0]
    m = who(s, "m")
    assert (moved.distance, moved.transitions, m["mode"], m["z"]) == (7.0, 1, "earth", -5.0)
    moved = do(s, "move", "m", to=[1, 5, -4])[0]
    m = who(s, "m")
    assert (moved.distance, moved.transitions, m["mode"], m["submerged"], m["allowance"]) == (
        1.0, 0, "water", True, {"burrow": 1})


def _otter_ranked_by_what_is_left() -> Any:
    """An otter (Swim 4, Overland 6) under `cascade.compare: current_allowance` (A002-03):
    2 m off the map by Swim (Overland, higher, loses them too: Swim 2, Overland 4), 1 m by
    Overland (Swim, lower, keeps 2: Overland 3), then a Breach into the lake from the
    shore: Running 60, roll 5, 6 DoS: 2 m of Swim (R002-33)."""
    s = session([creature("o", "1,3", scores={"Swim": 4, "Overland": 6},
                          skills={"Running": 60})], rows=LAKE,
                options={"cascade": {"compare": "current_allowance"}})
    do(s, "spend", "o", type="swim", distance=2)
    do(s, "spend", "o", type="overland", distance=1)
    do(s, "breach", "o", into="water", roll=[5])
    o = who(s, "o")
    assert (o["allowance"], o["breach_type"], o["breach_m"]) == (
        {"swim": 2, "overland": 3}, "swim", 2)
    return s


def test_A002_03_ranked_by_what_is_left_a_held_breach_counts_in_its_type() -> None:
    """A002-03 (`current_allowance`: ranked by what is left when the move starts), R002-33
    (the Breach adds its metres to its Type's Allowance, as a Rush adds its bonus, which
    this reading ranks, A002-02): when the move starts Swim holds 2 + 2 = 4 m, above
    Overland's 3, so swimming the 2 m takes them back from Swim (2) and nothing from
    Overland, ranked lower (3). footwork ranked Swim at 2, under Overland, and took the
    2 m from Overland too (1)."""
    s = _otter_ranked_by_what_is_left()
    do(s, "move", "o", to=[1, 5])
    assert who(s, "o")["allowance"] == {"swim": 2, "overland": 3}


#: A002-13 read the other way, and a jump off the water's surface allowed (A002-12)
SPRING: dict[str, Any] = {"jump": {"consumes_allowance": True, "needs_solid_launch": False}}


def _carp(pays_with: str | None = None) -> Any:
    """A carp (Swim 4, no Overland, [Jump 3], 5 m tall: Leap base 4 m) on the lake's
    surface at (1,6) Leaps: Running 60, roll 10, 5 DoS: 2 steps of 2 m, 8 m (R002-26)."""
    opts: dict[str, Any] = {"jump": dict(SPRING["jump"])}
    if pays_with is not None:
        opts["jump"]["pays_with"] = pays_with
    s = session([creature("c", "1,6", scores={"Swim": 4}, skills={"Running": 60}, jump=3,
                          height_m=5)], rows=LAKE, options=opts)
    do(s, "leap", "c", roll=[10], pp=0)
    assert who(s, "c")["airborne_m"] == 8
    return s


def test_A002_13_a_jump_that_spends_overland_carries_a_creature_with_none_nowhere() -> None:
    """A002-13 (`jump.consumes_allowance: true`, `jump.pays_with: overland`, the default):
    a jump's metres are Overland's, so they go no farther than Overland may pay. A carp
    has no Overland: nothing to pay, so its 8 m Leap carries it nowhere: no landing is
    offered, a 3 m one is refused `over_allowance` citing A002-13, and its odds read 0 m
    whatever the roll. footwork spent nothing and let it leap the 8 m."""
    s = _carp()
    assert [o.command for o in s.options("c") if o.command.get("type") == "leap"] == []
    refused(s, {"do": "move", "actor": "c", "type": "leap", "to": [1, 9]}, "over_allowance",
            "A002-13")
    fresh = session([creature("c", "1,6", scores={"Swim": 4}, skills={"Running": 60},
                              jump=3, height_m=5)], rows=LAKE, options=SPRING)
    leap = next(o for o in fresh.options("c") if o.command["do"] == "leap")
    assert set(leap.checks[0].odds) == {"0 m"}


def test_A002_13_pays_with_launch_a_jump_off_the_water_spends_swim() -> None:
    """A002-13, `jump.pays_with: launch` (the named other reading): a jump's metres are the
    Type that moves the creature where it springs from: Swim off the water's surface
    (Overland off the ground). The carp's Leap may carry it Swim's 4 m: 3 m across onto
    the surface at (1,9) leaves Swim 1; 5 m is refused `over_allowance`."""
    s = _carp("launch")
    refused(s, {"do": "move", "actor": "c", "type": "leap", "to": [1, 11]}, "over_allowance",
            "A002-13")
    do(s, "move", "c", type="leap", to=[1, 9])
    c = who(s, "c")
    assert (c["at"], c["allowance"], c["airborne"]) == ("1,9", {"swim": 1}, None)


def test_R002_31_A002_15_a_breach_from_a_raised_pool_s_rim_slips_into_the_water() -> None:
    """R002-31 (a Breach passes into another medium), A002-12 (from a boundary), A002-15
    (its Swim is the creature's for this move, what is left is lost). A climber (Climb 6,
    no Swim) holds the pool's side at its rim, (0,1) 3 m up: the surface is one step
    across, so it may Breach into the water (Athletics 60, roll 5: 2 m of Swim). The move
    completing it slips over the rim onto the surface, 1 m of the Breach's Swim, as a
    step from the shore into water is Swim; 1 m lapses and Climb keeps its 6 (Swim has
    no Score to rank, A002-15). footwork granted the Breach but refused every move into
    the water (`no_way`): the only step from a face onto the surface was Climb's."""
    s = session([creature("k", "0,1,3", scores={"Climb": 6}, skills={"Athletics": 60},
                          mode="wall")], rows=POOL, legend=POOL_LEGEND)
    do(s, "breach", "k", into="water", roll=[5])
    assert who(s, "k")["breach_m"] == 2
    assert any(o.command.get("to") == [0, 2, 3] for o in s.options("k"))
    events = do(s, "move", "k", to=[0, 2])
    k = who(s, "k")
    assert (events[0].distance, events[0].temporary, events[1].distance) == (1.0, 1.0, 1.0)
    assert (k["mode"], k["submerged"], k["allowance"]) == ("water", False, {"climb": 6})


def test_R002_12_A002_17_breaches_between_a_lake_and_the_earth_under_it_cross_nothing() -> None:
    """R002-12, A002-17: the earth under a lake and the water above its bed are both
    under a surface, so passing between them changes nothing, even with no change allowed
    (`transitions.per_activation: 0`). A mole (Burrow 9, Athletics 60) 1 m under the bed
    Breaches into the water (roll 5: 2 m of Swim, R002-33) and moves up through the bed
    (1 m of Burrow, the medium left straight toward the new one, R002-31) and 1 m across
    (the Breach's Swim; 1 m lapses): Burrow 8, no change. A swimmer (Swim 6, Burrow 3) on
    the bed Breaches into the earth (2 m of Burrow) and digs 1 m down: Swim, ranked
    higher than Burrow, loses that 1 m too (R002-05), no change."""
    no_change = {"transitions": {"per_activation": 0}}
    s = session([creature("m", "1,5,-5", scores={"Burrow": 9}, skills={"Athletics": 60},
                          mode="earth")], rows=LAKE, options=no_change)
    do(s, "breach", "m", into="water", roll=[5])
    events = do(s, "move", "m", to=[1, 6, -4])
    m = who(s, "m")
    assert (events[0].distance, events[0].transitions, events[1].distance) == (2.0, 0, 1.0)
    assert (m["mode"], m["submerged"], m["allowance"]) == ("water", True, {"burrow": 8})
    d = session([creature("d", "1,5,-4", scores={"Swim": 6, "Burrow": 3},
                          skills={"Swim": 60})], rows=LAKE, options=no_change)
    do(d, "breach", "d", into="earth", roll=[5])
    do(d, "move", "d", to=[1, 5, -5])
    assert (who(d, "d")["mode"], who(d, "d")["allowance"]) == ("earth", {"swim": 5, "burrow": 3})


def test_A002_12_R002_31_no_breach_into_the_air_from_the_earth_under_a_lake() -> None:
    """A002-12 (a Breach starts at a boundary with the new medium), R002-31: a mole in the
    earth under a lake's bed has water above it, not air: it may Breach into the water (one
    step up), not into the air, which is offered for neither (refused `not_at_boundary`).
    Under a floor, the earth's surface is open to the air, and bursting out is allowed.
    footwork offered and granted the Breach into the air, and its only move went 1 m up
    into the water, called Flight."""
    s = session([creature("m", "1,5,-5", scores={"Burrow": 9}, skills={"Athletics": 60},
                          mode="earth")], rows=LAKE)
    offered = [o.command["into"] for o in s.options("m") if o.command["do"] == "breach"]
    assert offered == ["water"]
    refused(s, {"do": "breach", "actor": "m", "into": "air", "roll": [5]}, "not_at_boundary",
            "A002-12")
    shore = session([creature("m", "1,1,-2", scores={"Burrow": 9}, skills={"Athletics": 60},
                              mode="earth")], rows=LAKE)
    assert "air" in [o.command["into"] for o in shore.options("m")
                     if o.command["do"] == "breach"]


def test_R002_12_a_mole_under_the_lake_comes_up_the_far_shore_next_activation() -> None:
    """R002-12: one change between submerged and surfaced per Activation. A mole (Burrow
    30, `burrow.max_depth_m: 8`) on one shore digs under the lake to the far shore: down
    5 m (one change), 5 m across under the bed: 10 m. Coming up there would be a second
    change: refused `transition_limit` when the surface is named; `to` without a height
    ends where the mole can stop, in the earth under the far shore (footwork's rule for a
    `to` without a height). After the GM's `activation` it comes up (5 m, one change)."""
    s = session([creature("m", "0,0", scores={"Burrow": 30})], rows=["..~~.."],
                options={"burrow": {"max_depth_m": 8}})
    refused(s, {"do": "move", "actor": "m", "to": [0, 5, 0]}, "transition_limit", "R002-12")
    moved = do(s, "move", "m", to=[0, 5])[0]
    assert (moved.distance, moved.transitions, who(s, "m")["mode"]) == (10.0, 1, "earth")
    do(s, "activation", "gm")
    moved = do(s, "move", "m", to=[0, 5])[0]
    assert (moved.distance, moved.transitions, who(s, "m")["mode"]) == (5.0, 1, "ground")


def test_A002_13_a_bad_pays_with_is_one_line() -> None:
    """A002-13: `jump.pays_with` is `overland` or `launch`; anything else is refused when
    the file loads, in one line naming the option."""
    data = inline_data("allowances", {"cell_size": 1, "unit": "m", "rows": ["..."]},
                       [creature("e", "0,0", scores={"Overland": 5})],
                       options={"jump": {"pays_with": "flight"}})
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(json.dumps(data), "table.json").session()
    message = str(info.value)
    assert "options.jump.pays_with" in message and "\n" not in message, message


# -- cells that already matched (worked by hand first; pinned so they stay so) ----------


def test_A002_12_A002_25_the_pool_s_side_below_the_rim_is_no_boundary_and_overland_climbs_it(
) -> None:
    """A002-12: a climber holding the pool's side 2 m up (below the 3 m rim) has the side
    between it and the water: no Breach into water is offered, and one is refused
    `not_at_boundary`. A002-25 (`climb.overland_fallback: true`): a walker (Overland 6)
    climbs the side onto the surface as a climber would, 4 m charged to Overland (2 left)."""
    s = session([creature("k", "0,1,2", scores={"Climb": 6}, skills={"Athletics": 60},
                          mode="wall")], rows=POOL, legend=POOL_LEGEND)
    assert [o for o in s.options("k") if o.command["do"] == "breach"] == []
    refused(s, {"do": "breach", "actor": "k", "into": "water", "roll": [5]},
            "not_at_boundary", "A002-12")
    w = session([creature("w", "0,1", scores={"Overland": 6})], rows=POOL, legend=POOL_LEGEND,
                options={"climb": {"overland_fallback": True}})
    assert do(w, "move", "w", type="climb", to=[0, 2])[0].distance == 4.0
    assert (who(w, "w")["mode"], who(w, "w")["allowance"]) == ("water", {"overland": 2})


def test_R002_23_a_leap_lands_on_a_raised_pool_and_on_the_water_never_under_it() -> None:
    """R002-23, A002-13: a Leap moves through the air; up and across cost their length,
    down is free. From the floor at (0,0) onto the raised pool at (0,2): 3 m up, 2 m
    across, 5 m of its 8 (3 lapse), on the surface, no change. Off the pool's surface
    (`jump.needs_solid_launch: false`) back to (0,0): 2 m across, 3 m down free (within
    `jump.max_drop_m` 3). Into a lake, under the surface is refused (`no_way`: a jump ends
    on a floor or on the water); on the surface it is 3 m, no change (R002-12)."""
    s = session([creature("e", "0,0", scores={"Overland": 2}, skills={"Running": 60},
                          jump=3, height_m=5)], rows=POOL, legend=POOL_LEGEND,
                options={"jump": {"needs_solid_launch": False}})
    do(s, "leap", "e", roll=[10], pp=0)
    events = do(s, "move", "e", type="leap", to=[0, 2])
    assert (events[0].distance, events[0].transitions, events[1].distance) == (5.0, 0, 3.0)
    do(s, "activation", "gm")
    s.do({"do": "end_turn", "actor": "e"})
    do(s, "leap", "e", roll=[10], pp=0)
    assert do(s, "move", "e", type="leap", to=[0, 0])[0].distance == 2.0
    lake = session([creature("e", "1,3", scores={"Overland": 2}, skills={"Running": 60},
                             jump=3, height_m=5)], rows=LAKE)
    do(lake, "leap", "e", roll=[10], pp=0)
    refused(lake, {"do": "move", "actor": "e", "type": "leap", "to": [1, 6, -2]}, "no_way",
            "R002-02")
    moved = do(lake, "move", "e", type="leap", to=[1, 6])[0]
    assert (moved.distance, moved.transitions, who(lake, "e")["submerged"]) == (3.0, 0, False)


def test_R002_42_R002_41_cover_of_a_mole_under_a_lake_and_of_an_obscured_swimmer() -> None:
    """R002-42: a creature burrowed under a lake's bed has High Cover against a flier
    above, a walker on the shore and a swimmer in the lake alike (none of them burrowed).
    R002-41, R002-40: a swimmer 2 m under has Low Cover across the surface; once the GM
    `obscure`s it 60% it has High Cover: the higher applies, they do not add (2, not 3)."""
    s = session([creature("m", "1,5,-5", scores={"Burrow": 9}, mode="earth"),
                 creature("b", "1,6", scores={"Flight": 9}),
                 creature("f", "1,7,-2", scores={"Swim": 9}),
                 creature("g", "1,2", scores={"Overland": 9})], rows=LAKE)
    assert who(s, "m")["cover"] == {"b": 2, "f": 2, "g": 2}
    assert who(s, "f")["cover"]["g"] == 1
    do(s, "obscure", "gm", target="f", percent=60)
    assert who(s, "f")["cover"]["g"] == 2


def test_R002_36_R002_43_a_dash_closing_by_a_breach_out_of_the_lake_s_earth() -> None:
    """R002-36 (the Dash closes by one of the four Actions), R002-43 (legs add): a mole
    under the lake's bed declares a Dash Action on a fish 2 m under the surface at (1,8),
    range 3 m, closing by a Breach into the water (2 m of Swim) to (1,6) on the bed (1 m of
    Burrow up, 1 m of the Breach's Swim, 1 m lapses), no change even with none allowed.
    From there the fish is 2 m across and 2 m up: 4 m, out of reach, so the Action waits
    for its Accuracy Check (R002-37)."""
    s = session([creature("m", "1,5,-5", scores={"Burrow": 9}, skills={"Athletics": 60},
                          mode="earth"),
                 creature("f", "1,8,-2", scores={"Swim": 9})], rows=LAKE,
                options={"transitions": {"per_activation": 0}})
    do(s, "dash_action", "m", action="Bite", target="f", range_m=3, closing="breach",
       into="water", to=[1, 6, -4], roll=[5])
    m = who(s, "m")
    assert (m["mode"], m["allowance"], m["transitions"]) == ("water", {"burrow": 8}, 0)
    assert (m["dash"]["distance"], m["dash"]["status"]) == (4.0, "open")
