"""The s34 cause-by-condition review of `allowances` (README, "The s34 review"): what the
s33 review noticed and left, and cells no earlier table covers, each worked by hand from
the text before footwork ran."""

from __future__ import annotations

from typing import Any

from ._helpers import LAKE, creature, do, refused, session, who


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
