"""Movement Types, Allowances and the cascade (R002-01..07, R002-43, A002-02..04,
A002-16, A002-22, A002-25)."""

from __future__ import annotations

import pytest

from footwork.errors import ScenarioError

from ._helpers import LAKE, cited, creature, do, end_round, of_type, refused, session, who

CHARIZARD = {"scores": {"Overland": 10, "Flight": 15}}


def test_R002_01_R002_02_types_with_scores_in_metres() -> None:
    """R002-01, R002-02: a sheet lists Types with Scores in m; Fly/Flying read as Flight,
    Dig as Burrow; each Type moves in its own way on the map."""
    s = session([creature("a", "1,1", scores={"Overland": 5, "Fly": 8, "Dig": 3,
                                               "Teleport": 4})])
    assert who(s, "a")["scores"] == {"overland": 5, "flight": 8, "burrow": 3, "teleport": 4}
    do(s, "move", "a", type="burrow", to=[1, 1, -2])
    assert who(s, "a")["mode"] == "earth"
    refused(s, {"do": "move", "actor": "a", "type": "swim", "to": [1, 2]}, "no_type", "R002-01")
    refused(s, {"do": "move", "actor": "a", "type": "teleport", "to": [1, 2]}, "not_on_map",
            "R002-04")


def test_R002_03_allowance_starts_at_the_score_and_caps_moves() -> None:
    """R002-03: the Allowance starts at the Score; a move needing more is refused."""
    s = session([creature("a", "1,0", scores={"Overland": 5})])
    assert who(s, "a")["allowance"] == {"overland": 5}
    refused(s, {"do": "move", "actor": "a", "type": "overland", "to": [1, 6]},
            "over_allowance", "R002-03", "R002-05")
    do(s, "move", "a", type="overland", to=[1, 5])
    assert who(s, "a")["allowance"] == {"overland": 0}


def test_R002_04_moving_is_a_free_action_repeated_at_will() -> None:
    """R002-04: moving is a Free Action: several moves in one Activation, each deducting
    its distance from the Type used; the turn goes on."""
    s = session([creature("a", "1,0", scores={"Overland": 6}), creature("b", "0,0",
                                                                         scores={"Overland": 1})])
    for col in (1, 2, 4):
        events = do(s, "move", "a", type="overland", to=[1, col])
        assert "R002-04" in cited(events)
    assert who(s, "a")["allowance"] == {"overland": 2}
    assert s.state.current == "a"
    do(s, "spend", "a", type="overland", distance=1.5)
    assert who(s, "a")["allowance"] == {"overland": 0.5}


def test_R002_05_the_cascade_drains_equal_or_higher_types_only() -> None:
    """R002-05: Overland (10) drains Flight (15) too; Flight leaves Overland alone; a tie
    cascades both ways (A002-03)."""
    s = session([creature("c", "1,1", **CHARIZARD),
                 creature("t", "0,0", scores={"Swim": 6, "Overland": 6})])
    events = do(s, "move", "c", type="overland", to=[1, 4])
    assert of_type(events, "moved")[0].deducted == {"overland": 3, "flight": 3}
    do(s, "move", "c", type="flight", to=[1, 8])
    assert who(s, "c")["allowance"] == {"overland": 7, "flight": 8}
    do(s, "end_turn", "c")
    do(s, "spend", "t", type="swim", distance=2)
    assert who(s, "t")["allowance"] == {"swim": 4, "overland": 4}


def test_R002_05_a_mixed_move_fits_every_cascaded_allowance() -> None:
    """R002-05: with `type` left out footwork mixes Types; Overland spent in the mix still
    counts against Swim when Swim is scored higher, and the mix must fit both."""
    s = session([creature("o", "1,1", scores={"Overland": 3, "Swim": 4})], rows=LAKE)
    # 2 m on land and 3 m swimming would fit each Type alone, but Overland counts against
    # Swim too: 2 + 3 = 5 is over Swim's 4
    refused(s, {"do": "move", "actor": "o", "to": [1, 6]}, "over_allowance", "R002-05")
    do(s, "move", "o", to=[1, 5])  # 2 m on land, 2 m in the water
    a = who(s, "o")
    assert a["at"] == "1,5" and a["allowance"] == {"overland": 1, "swim": 0}


def test_R002_06_A002_22_allowances_are_shared_by_activations_in_a_round() -> None:
    """R002-06, A002-22: a 10 m resource spent in the first Activation leaves nothing for
    the second one in the same round; the GM starts the second with `activation`."""
    s = session([creature("a", "1,0", scores={"Overland": 10})])
    do(s, "move", "a", type="overland", to=[1, 10])
    events = do(s, "activation", "gm")
    assert "R002-06" in cited(events)
    assert who(s, "a")["activation"] == 2 and who(s, "a")["allowance"] == {"overland": 0}
    refused(s, {"do": "move", "actor": "a", "type": "overland", "to": [1, 11]},
            "over_allowance", "R002-03")
    refused(s, {"do": "activation", "actor": "a"}, "gm_only", "A002-22")


def test_R002_07_allowances_reset_at_the_end_of_the_round() -> None:
    """R002-07: at the round's end every Allowance is set back to its Score."""
    s = session([creature("c", "1,1", **CHARIZARD)])
    do(s, "move", "c", type="overland", to=[1, 4])
    events = end_round(s)
    assert "R002-07" in cited(events)
    assert who(s, "c")["allowance"] == {"overland": 10, "flight": 15}


def test_A002_02_a_rush_bonus_stays_with_its_type() -> None:
    """A002-02: a Rush bonus adds to the chosen Type only; the cascade still ranks by base
    Scores, so the bonus is never passed on."""
    s = session([creature("c", "1,1", skills={"Running": 90}, **CHARIZARD)])
    do(s, "rush", "c", type="overland", roll=[10])  # 8 DoS → +4 m
    assert who(s, "c")["allowance"] == {"overland": 14, "flight": 15}
    do(s, "spend", "c", type="overland", distance=14)
    assert who(s, "c")["allowance"] == {"overland": 0, "flight": 1}


def test_A002_03_compare_current_allowances_instead() -> None:
    """A002-03: `cascade.compare: current_allowance` ranks by what is left when the move
    starts: once Flight has dropped below Overland, Overland no longer drains it."""
    opts = {"cascade": {"compare": "current_allowance"}}
    s = session([creature("c", "1,1", **CHARIZARD)], options=opts)
    do(s, "spend", "c", type="flight", distance=7)  # Flight 8 < Overland 10
    do(s, "spend", "c", type="overland", distance=2)
    assert who(s, "c")["allowance"] == {"overland": 8, "flight": 8}
    base = session([creature("c", "1,1", **CHARIZARD)])
    do(base, "spend", "c", type="flight", distance=7)
    do(base, "spend", "c", type="overland", distance=2)
    assert who(base, "c")["allowance"] == {"overland": 8, "flight": 6}


def test_A002_04_no_separate_pool_the_highest_score_caps_the_round() -> None:
    """A002-04: there is no pool beyond the Allowances: after 10 m Overland, Flight has
    5 m left of 15, the round's total being the highest Score."""
    s = session([creature("c", "1,0", **CHARIZARD)])
    do(s, "move", "c", type="overland", to=[1, 10])
    assert who(s, "c")["effective"] == {"overland": 0, "flight": 5}
    assert "pool" not in who(s, "c")


def test_R002_43_A002_16_distance_adds_vertical_and_horizontal_legs() -> None:
    """R002-43, A002-16: a path adds its legs: flying up 2 m and across 3 m costs 5 m;
    under `manhattan` a diagonal step costs 2 m, under `euclidean` sqrt(2) m."""
    s = session([creature("f", "1,1", scores={"Flight": 9})])
    events = do(s, "move", "f", type="flight", to=[1, 4, 2])
    assert of_type(events, "moved")[0].distance == 5
    man = session([creature("w", "0,0", scores={"Overland": 9})])
    assert of_type(do(man, "move", "w", type="overland", to=[1, 1]), "moved")[0].distance == 2
    euc = session([creature("w", "0,0", scores={"Overland": 9})],
                  options={"distance": {"metric": "euclidean"}})
    moved = of_type(do(euc, "move", "w", type="overland", to=[1, 1]), "moved")[0]
    assert moved.distance == pytest.approx(2 ** 0.5)


def test_A002_25_climbing_needs_a_climb_type_or_the_gm_allows_overland() -> None:
    """A002-25: a creature climbs with a Climb Type; without one, only if the GM allows
    climbing charged to Overland (`climb.overland_fallback`)."""
    rows = ["..^^", "..^^"]
    legend = {".": {"surface": "floor"}, "^": {"surface": "floor", "elevation": 2}}
    s = session([creature("a", "0,1", scores={"Overland": 6})], rows=rows, legend=legend,
                options={"distance": {"walk_step_m": 0}})
    refused(s, {"do": "move", "actor": "a", "to": [0, 2]}, "no_way", "R002-02")
    refused(s, {"do": "move", "actor": "a", "type": "climb", "to": [0, 2]}, "no_type",
            "A002-25")
    c = session([creature("a", "0,1", scores={"Overland": 6, "Climb": 4})], rows=rows,
                legend=legend, options={"distance": {"walk_step_m": 0}})
    do(c, "move", "a", type="climb", to=[0, 2])  # 2 m up the face, 1 m onto the top
    assert who(c, "a")["z"] == 2 and who(c, "a")["allowance"]["climb"] == 1
    g = session([creature("a", "0,1", scores={"Overland": 6})], rows=rows, legend=legend,
                options={"distance": {"walk_step_m": 0}, "climb": {"overland_fallback": True}})
    do(g, "move", "a", type="climb", to=[0, 2])
    assert who(g, "a")["allowance"] == {"overland": 3}


def test_stats_need_a_height_for_a_jump_trait() -> None:
    """A002-23: Height (or a precomputed Jump Height) is required with a [Jump X] Trait."""
    with pytest.raises(ScenarioError, match="height_m"):
        session([creature("a", "1,1", scores={"Overland": 5}, jump=2)])
