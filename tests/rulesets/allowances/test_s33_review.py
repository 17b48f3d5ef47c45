"""The s33 cause-by-condition review of `allowances` (README, "The s33 review"): cells the
issue-23 and s31 tables left out, each worked by hand from the text before footwork ran."""

from __future__ import annotations

from typing import Any

from footwork.engine import Session

from ._helpers import LAKE, creature, do, refused, session, who

#: an upper pool (cols 0-2, surface at 1 m) over a weir into a lower one (surface at 0 m)
WEIR = ["uuu~~~"]
WEIR_LEGEND: dict[str, Any] = {"u": {"surface": "water", "elevation": 1, "water_depth": 3},
                               "~": {"surface": "water", "water_depth": 3}}

#: A002-13 read the other way: a jump's metres are Overland's too
CONSUMES: dict[str, Any] = {"jump": {"consumes_allowance": True}}


def _leaper() -> Session[Any]:
    """A [Jump 3] creature 5 m tall (Jump Height 4 m, Leap base 4 m) with Overland 2 Leaps:
    Running 60, roll 10, 5 DoS: 2 steps of 1 + 3/3 = 2 m, so 8 m (R002-25, R002-26)."""
    s = session([creature("e", "0,0", scores={"Overland": 2}, skills={"Running": 60},
                          jump=3, height_m=5)], options=CONSUMES)
    do(s, "leap", "e", roll=[10], pp=0)
    assert who(s, "e")["airborne_m"] == 8
    return s


def test_A002_13_a_jump_that_spends_overland_offers_only_what_overland_pays() -> None:
    """A002-13 (`jump.consumes_allowance: true`): the Leap's 8 m are Overland's too, and
    Overland has 2 m left (R002-05), so the Leap carries it 2 m at most: options offer no
    landing farther (they offered 3 m and more, which the move then refused), a 3 m
    landing is refused `over_allowance` citing A002-13, and a 2 m one leaves Overland 0."""
    s = _leaper()
    far = [o.command for o in s.options("e")
           if o.command.get("type") == "leap" and abs(o.command["to"][0])
           + abs(o.command["to"][1]) > 2]
    assert far == []
    assert any(o.command.get("to") == [0, 2, 0] for o in s.options("e"))
    refused(s, {"do": "move", "actor": "e", "type": "leap", "to": [0, 3]}, "over_allowance",
            "A002-13")
    do(s, "move", "e", type="leap", to=[0, 2])
    e = who(s, "e")
    assert (e["at"], e["allowance"], e["airborne"]) == ("0,2", {"overland": 0}, None)


def test_A002_13_by_default_a_jump_spends_no_overland() -> None:
    """A002-13 (default): the same Leap spends no Allowance, so 3 m is granted and Overland
    keeps its 2 m."""
    s = session([creature("e", "0,0", scores={"Overland": 2}, skills={"Running": 60},
                          jump=3, height_m=5)])
    do(s, "leap", "e", roll=[10], pp=0)
    do(s, "move", "e", type="leap", to=[0, 3])
    assert who(s, "e")["allowance"] == {"overland": 2}


def _otter(limit: str) -> Session[Any]:
    """An otter (Swim 4, Overland 6) on the shore at (1,3) that has moved 5 m off the map
    (Overland 6 -> 1; Swim, ranked lower, keeps 4, R002-05) Breaches into the lake: Running
    60, Demanding +0, roll 5: 6 DoS, 2 steps: 2 m of Swim (R002-32, R002-33)."""
    s = session([creature("o", "1,3", scores={"Swim": 4, "Overland": 6},
                          skills={"Running": 60})], rows=LAKE,
                options={"cascade": {"limit": limit}})
    do(s, "spend", "o", type="overland", distance=5)
    do(s, "breach", "o", into="water", roll=[5])
    o = who(s, "o")
    assert (o["allowance"], o["breach_type"], o["breach_m"]) == (
        {"swim": 4, "overland": 1}, "swim", 2)
    return s


def test_R002_33_R002_05_a_breach_s_metres_cascade_like_any_move_of_its_type() -> None:
    """R002-33: the Breach adds its 2 m to Swim's Allowance; R002-05: moving them with Swim
    takes them from Swim (4 + 2 - 2 = 4) and from every Type scored as high or higher:
    Overland (6 >= 4) loses them too, down to 0 (it had 1). footwork took nothing from
    Overland (the Breach's metres were a pool of their own)."""
    s = _otter("own")
    do(s, "move", "o", to=[1, 5])
    o = who(s, "o")
    assert (o["at"], o["mode"], o["allowance"]) == ("1,5", "water", {"swim": 4, "overland": 0})


def test_R002_33_R002_05_under_drained_a_breach_s_metres_fit_the_types_they_drain() -> None:
    """`cascade.limit: drained` (R002-05, A002-04 read as one pool): a move must also fit
    every Type it drains, so the Breach's 2 m of Swim must fit Overland's 1 m: the lake's
    first cell (1 m) is offered and reached, the second (2 m) is not offered and is refused
    `over_allowance`."""
    s = _otter("drained")
    offered = [o.command["to"][:2] for o in s.options("o") if o.command.get("do") == "move"]
    assert [1, 4] in offered and [1, 5] not in offered
    refused(s, {"do": "move", "actor": "o", "to": [1, 5]}, "over_allowance", "R002-05")
    do(s, "move", "o", to=[1, 4])
    assert who(s, "o")["allowance"] == {"swim": 4, "overland": 0}


def test_A002_15_a_breach_in_a_type_it_lacks_takes_from_no_other_type() -> None:
    """A002-15: a Type the creature lacks has no Score to rank, so the Breach's metres in
    it take from no other Type (the printed Sharpedo keeps its Swim; S024's growlithe keeps
    its Overland): a dog (Overland 5) breaching into the lake swims 2 m and keeps 5."""
    s = session([creature("d", "1,3", scores={"Overland": 5}, skills={"Running": 60})],
                rows=LAKE)
    do(s, "breach", "d", into="water", roll=[5])
    do(s, "move", "d", to=[1, 5])
    assert who(s, "d")["allowance"] == {"overland": 5}


def test_R002_12_R002_43_a_swimmer_goes_over_a_weir_without_going_under() -> None:
    """R002-12: only going under the surface or coming up is a change; R002-43: legs add.
    A swimmer on the upper pool's surface at (0,2) swims over the lip onto the lower
    pool's surface at (0,3): 1 m across and 1 m down, 2 m of Swim, no change, at 0 m.
    footwork had no step between surfaces of different heights: it dived 2 m, crossed
    under and stayed 1 m down (3 m, a change). Upstream, naming the upper surface, is
    the same 2 m and no change."""
    s = session([creature("k", "0,2", scores={"Swim": 6})], rows=WEIR, legend=WEIR_LEGEND)
    moved = do(s, "move", "k", to=[0, 3])[0]
    k = who(s, "k")
    assert (moved.distance, moved.transitions, k["z"], k["submerged"]) == (2.0, 0, 0.0, False)
    assert k["allowance"] == {"swim": 4}
    up = session([creature("k", "0,3", scores={"Swim": 6})], rows=WEIR, legend=WEIR_LEGEND)
    moved = do(up, "move", "k", to=[0, 2, 1])[0]
    assert (moved.distance, moved.transitions, who(up, "k")["transitions"]) == (2.0, 0, 0)


#: a floor (cols 0-1) at the foot of a cliff 4 m high (cols 2-4)
CLIFF = ["..HHH", "..HHH"]
CLIFF_LEGEND: dict[str, Any] = {".": {"surface": "floor"},
                                "H": {"surface": "floor", "elevation": 4}}


def test_A002_25_R002_43_a_climber_climbs_down_the_cliff_it_climbs_up() -> None:
    """A002-25: Climb goes up and down a face. A climber (Climb 8, Overland 4) on the
    cliff's top at (0,2) climbs down to the floor at (0,1): over the edge onto the face
    (1 m across), 4 m down: 5 m of Climb, the same as the way up (R002-43); Overland,
    ranked lower, keeps its 4 (R002-05). It may also stop on the face: options list the
    face's nearest hold (4 m up, 1 m away), and 2 m up costs 3 m.
    footwork refused it (`no_way`): a top had no step onto the face below it."""
    s = session([creature("a", "0,2", scores={"Climb": 8, "Overland": 4})], rows=CLIFF,
                legend=CLIFF_LEGEND)
    moved = do(s, "move", "a", to=[0, 1])[0]
    a = who(s, "a")
    assert (moved.distance, a["mode"], a["allowance"]) == (5.0, "ground",
                                                           {"climb": 3, "overland": 4})
    face = session([creature("a", "0,2", scores={"Climb": 8, "Overland": 4})], rows=CLIFF,
                   legend=CLIFF_LEGEND)
    assert any(o.command.get("to") == [0, 1, 4] and o.cost.startswith("1 m")
               for o in face.options("a"))
    do(face, "move", "a", type="climb", to=[0, 1, 2])
    assert (who(face, "a")["mode"], who(face, "a")["allowance"]["climb"]) == ("wall", 5)
    walker = session([creature("w", "0,2", scores={"Overland": 4})], rows=CLIFF,
                     legend=CLIFF_LEGEND)
    refused(walker, {"do": "move", "actor": "w", "to": [0, 1]}, "no_way", "R002-02")
