"""The s31 cause-by-condition review of `allowances`, worked by hand from the text before
footwork was run (README, "Cause by condition", the s31 rows): where a step changes place
or mode, the ruling follows the step."""

from __future__ import annotations

from typing import Any

from ._helpers import creature, do, refused, session, who

#: a floor (cols 0-1) at the foot of a cliff 4 m high (cols 2-4)
CLIFF = ["..HHH", "..HHH"]
LEGEND: dict[str, Any] = {".": {"surface": "floor"},
                          "H": {"surface": "floor", "elevation": 4}}


def _on_the_face(**scores: int) -> Any:
    """A creature climbs 2 m up the cliff's face from (0,1): Climb 6 pays 2 m, and every
    Type scored as high or higher loses them too (R002-05, A002-25)."""
    s = session([creature("a", "0,1", scores=scores)], rows=CLIFF, legend=LEGEND)
    do(s, "move", "a", type="climb", to=[0, 1, 2])
    assert who(s, "a")["mode"] == "wall"
    return s


def test_a_flier_lets_go_of_a_face_and_flies_R002_02_R002_05() -> None:
    """R002-02: Flight is all airborne travel, and a creature on a face is in the air (the
    README's reading for a Breach from a wall): a flier lets go where it is and flies. From
    the face 2 m up at (0,1) to the air over (0,0) at 2 m is 1 m across, paid by Flight
    (8 left after the climb's cascade, so 7), nothing lower ranked is touched (Climb 4,
    Overland 4); the move ends in the air, which a Flight Score allows (R002-02)."""
    s = _on_the_face(Climb=6, Flight=10, Overland=4)
    assert who(s, "a")["allowance"] == {"climb": 4, "flight": 8, "overland": 4}
    do(s, "move", "a", type="flight", to=[0, 0, 2])
    a = who(s, "a")
    assert (a["mode"], a["z"]) == ("air", 2.0)
    assert a["allowance"] == {"climb": 4, "flight": 7, "overland": 4}


def test_without_flight_the_face_is_left_by_climbing_R002_02_A002_25() -> None:
    """R002-02, A002-25: a climber with no Flight leaves the face only by climbing (or
    stepping onto a top); the air beside it is refused."""
    s = _on_the_face(Climb=6, Overland=4)
    refused(s, {"do": "move", "actor": "a", "to": [0, 0, 2]}, "no_way", "R002-02")
