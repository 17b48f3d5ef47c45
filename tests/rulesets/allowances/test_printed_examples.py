"""The four printed examples, reproduced exactly: every cascade figure, degree count and
distance in metres (R002-05, R002-20, R002-26, R002-33, R002-43)."""

from __future__ import annotations

from pathlib import Path

from footwork.scenario import load_encounter, play

from ._helpers import answer, creature, do, of_type, session, who

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "allowances"


def _events(name: str) -> list[object]:
    outcome = play(load_encounter(EXAMPLES / name))
    assert outcome.failures == []
    return list(outcome.session.events)


def test_R002_05_charizard_cascade_figures() -> None:
    """R002-05, R002-07: 3 m Overland → 7 and 12; 4 m Flight → 7 and 8; reset to 10 and 15."""
    s = session([creature("c", "1,1", scores={"Overland": 10, "Flight": 15})])
    do(s, "move", "c", type="overland", to=[1, 4])
    assert who(s, "c")["allowance"] == {"overland": 7, "flight": 12}
    moved = of_type(do(s, "move", "c", type="flight", to=[1, 8]), "moved")[0]
    assert moved.distance == 4
    assert who(s, "c")["allowance"] == {"overland": 7, "flight": 8}
    do(s, "end_turn", "c")
    assert who(s, "c")["allowance"] == {"overland": 10, "flight": 15}
    _events("charizard-allowances.yaml")


def test_R002_20_eric_three_dof_zero_metres_three_pp_one_metre() -> None:
    """R002-20, A002-08, A002-09: 92 against 60 is 3 DoF: 1 - (1 + 2/3) → 0 m; with 3 PP the
    target is 90, 0 DoF, and he jumps 1 m (1 PP would already do, A002-08)."""
    for pp, metres in (("0", 0), ("3", 1), ("1", 1)):
        s = session([creature("e", "1,1", scores={"Overland": 8}, skills={"Acrobatics": 60},
                              jump=2, height_m=1.8, pp=5)])
        rolled = of_type(do(s, "jump", "e", roll=[92]), "rolled")[0]
        assert rolled.outcome == "3 DoF"
        jumped = of_type(answer(s, pp), "jumped")[0]
        assert jumped.distance == metres
    events = _events("eric-jump.yaml")
    assert [e.distance for e in of_type(events, "jumped")] == [1, 0]


def test_R002_26_treecko_five_dos_seven_metres() -> None:
    """R002-26, R002-28: Running 100 at Intense is 60; a 17 is 5 DoS; 2 + (2 + 10/3) m rounds
    down to 7 m: across the 6 m ravine to the branch 1 m lower."""
    events = _events("treecko-leap.yaml")
    assert of_type(events, "rolled")[0].outcome == "5 DoS"
    assert of_type(events, "jumped")[0].distance == 7
    moved = of_type(events, "moved")[0]
    assert moved.distance == 7 and (moved.row, moved.col, moved.z) == (1, 8, 7)


def test_R002_33_sharpedo_nine_dos_three_metres_three_pp_four() -> None:
    """R002-33, R002-43: Swim 120 at Demanding, a 35 is 9 DoS: 3 m of Flight; the deck is
    3 m up and 1 m in, 4 m; 3 PP make 12 DoS, 4 m, and he lands."""
    events = _events("sharpedo-breach.yaml")
    assert of_type(events, "rolled")[0].outcome == "9 DoS"
    assert of_type(events, "breached")[0].gained == 4
    assert of_type(events, "breached")[0].degrees == 12
    moved = of_type(events, "moved")[0]
    assert moved.distance == 4 and moved.by == "flight" and moved.z == 3
    s = session([creature("s", "1,3", scores={"Swim": 14}, skills={"Swim": 120}, pp=5)],
                rows=["~~~~====", "~~~~====", "~~~~===="],
                legend={"~": {"surface": "water", "water_depth": 4},
                        "=": {"surface": "floor", "elevation": 3}})
    do(s, "breach", "s", into="air", roll=[35])
    assert of_type(answer(s, "0"), "breached")[0].gained == 3
    from footwork.errors import IllegalCommand
    try:
        do(s, "move", "s", type="flight", to=[1, 4])
    except IllegalCommand as exc:
        assert exc.reason == "over_allowance"
    else:  # pragma: no cover
        raise AssertionError("3 m should not reach the deck")
