"""Issue 23: where a step changes place or mode, the actual step is ruled (a plan asking
for more than it has, a hop down, a drift cell by cell, a slanting stroke, a new spot for
the Sneaking Test)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from footwork.engine import Session
from footwork.errors import ScenarioError
from footwork.scenario import encounter_from_text

from ._helpers import (
    actor,
    encounter_data,
    move,
    move_cmd,
    of_type,
    refused,
    seg,
    session,
    who,
)

FLAT = [".....", "....."]
HALL = ["............"]


def _price(s: Session[Any], aid: str, plan: str) -> dict[str, Any]:
    answer = s.engine.ruleset.queries()["price"].answer(s.state, aid, plan)
    assert isinstance(answer, dict)
    return answer


def test_R001_02_a_plan_over_a_cap_is_refused_whole_not_cut_at_a_0u_fall() -> None:
    """R001-02, R001-12, R001-33: three 1u hops need 3u of a Half Jump's 2u: the Move
    is refused whole (no part carried out, no "0u fall"), and `price` says the same."""
    s = session([actor("rue", "0,0")], rows=FLAT)
    plan = [seg("jump", 0, 1), seg("jump", 0, 2), seg("jump", 0, 3)]
    refused(s, move_cmd("rue", *plan), "over_cap", "R001-02", "R001-11", "R001-12")
    answer = _price(s, "rue", "jump:0,1 jump:0,2 jump:0,3")
    assert answer["ok"] is False and answer["refused"]["reason"] == "over_cap"
    assert answer["stop"] is None
    assert who(s, "rue")["pool_spent"] == 0


def test_R001_02_a_plan_over_the_pool_with_a_double_jump_is_refused_whole() -> None:
    """R001-02, R001-13, R001-12: a 6u hop then a 3u hop with an 8u Double Jump and an
    8u pool: 9u is refused over the pool; the 6u hop alone goes through."""
    s = session([actor("kit", "0,0", styles=["Walk", "Double Jump"])], rows=HALL)
    refused(s, move_cmd("kit", seg("jump", 0, 6), seg("jump", 0, 9)), "over_pool",
            "R001-02", "R001-13")
    assert _price(s, "kit", "jump:0,6 jump:0,9")["refused"]["reason"] == "over_pool"
    events = move(s, "kit", seg("jump", 0, 6))
    assert not of_type(events, "fell")
    assert who(s, "kit")["pool_left"] == 2


def test_R001_03_a_plan_is_still_carried_out_to_a_real_fall() -> None:
    """R001-03, R001-26: a walk off a 2u edge falls, and what follows it is not carried
    out; the Move is not refused."""
    s = session([actor("ed", "0,0")], rows=["^^..."])
    events = move(s, "ed", seg("walk", 0, 2), seg("walk", 0, 4))
    fell = of_type(events, "fell")
    assert len(fell) == 1 and fell[0].distance == 2.0
    assert who(s, "ed")["at"] == "0,2"


@pytest.mark.parametrize("drop,cost", [(6.0, math.sqrt(37.0)), (2.0, math.sqrt(5.0))])
def test_R001_32_A001_18_a_hop_down_onto_a_floor_lands_priced_by_its_straight_line(
        drop: float, cost: float) -> None:
    """R001-32, A001-18: a hop that lands lower than its launch, on solid ground, is a
    hop: it costs the straight line of its run and drop and deals no fall."""
    legend = {"^": {"surface": "floor", "elevation": drop}, ".": {"surface": "floor"}}
    s = session([actor("lea", "0,0", styles=["Walk", "Double Jump"])], rows=["^.."],
                legend=legend, options={"fall": {"dice": "1d6"}})
    events = move(s, "lea", seg("jump", 0, 1))
    assert not of_type(events, "fell")
    body = who(s, "lea")
    assert body["z"] == 0 and body["damage"] == 0
    assert body["spent"]["jump"] == pytest.approx(cost, abs=1e-6)


def test_R001_05_A001_09_climbing_up_the_same_cell_is_a_new_location() -> None:
    """R001-05, A001-09: a new location is a new spot (row, col and height): 4u up an
    obscured chimney asks for the Sneaking Test, and the options show its odds there."""
    legend = {"o": {"surface": "floor", "tags": ["obscured"]}, ".": {"surface": "floor"},
              "#": {"surface": "wall", "elevation": 6}}
    rows = ["#####", "#o..#", "#####"]
    opts = {"sneak": {"check": "roll"}}
    s = session([actor("sly", "1,1", styles=["Walk", "Climb"]), actor("orc", "1,3")],
                rows=rows, legend=legend, options=opts)
    up = [o for o in s.engine.options(s.state, "sly")
          if o.command.get("do") == "move" and o.command.get("to") == [1, 1, 4]]
    assert up and any(c.name == "Sneaking Test" for c in up[0].checks)
    move(s, "sly", seg("climb", 1, 1, 4))
    assert s.state.pending is not None and s.state.pending.kind == "sneak"
    # walking back out and in again to the same floor spot is no new location
    t = session([actor("sly", "1,1", styles=["Walk", "Climb"]), actor("orc", "1,3")],
                rows=rows, legend=legend)
    move(t, "sly", seg("walk", 1, 2), seg("walk", 1, 1))
    assert t.state.pending is None


RACE = {"#": {"surface": "wall", "elevation": 4},
        ">": {"surface": "water", "water_depth": 3, "current": "E", "current_speed": 3},
        "~": {"surface": "water", "water_depth": 3},
        "L": {"surface": "water", "elevation": 2, "water_depth": 1, "current": "E",
              "current_speed": 3},
        "s": {"surface": "water", "water_depth": 3, "current": "E", "current_speed": 1}}


def _drift(rows: list[str], z: float | None = None) -> tuple[dict[str, Any], float]:
    s = session([actor("lou", "0,0", **({} if z is None else {"z": z}))], rows=rows,
                legend=RACE)
    events = s.do({"do": "end_turn", "actor": "lou"})
    drifted = of_type(events, "drifted")
    return who(s, "lou"), (drifted[0].distance if drifted else 0.0)


def test_R001_35_A001_20_a_drift_reads_the_current_where_the_swimmer_is() -> None:
    """R001-35, A001-20: each drift step reads the current of the cell it leaves: out of
    a 3u race into still water the drift ends after 1u; a 3u race then a 1u stream
    carries 2u (1/3 + 1/3 of the turn) and 1/3 of the stream's 1u is too little for a
    third cell."""
    body, distance = _drift([">~~~~"])
    assert (body["at"], distance) == ("0,1", 1.0)
    body, distance = _drift([">>s~~"])
    assert (body["at"], distance) == ("0,2", 2.0)
    body, distance = _drift([">>>>>>"])
    assert (body["at"], distance) == ("0,3", 3.0)


def test_R001_35_A001_20_a_current_carries_a_swimmer_over_a_weir() -> None:
    """R001-35, A001-20: a channel 2u above a pool: the drift goes over the lip down to
    the pool's surface (the water carries it: no fall, no damage) and stops in the still
    pool."""
    body, distance = _drift(["LL~~~"])
    assert (body["at"], body["z"], body["mode"], body["damage"]) == ("0,2", 0, "water", 0)
    assert distance == 2.0


def test_R001_35_A001_17_a_slanting_stroke_costs_its_straight_line() -> None:
    """R001-35, A001-17: Swim goes in any direction: 1u across and 1.5u down is one
    stroke of sqrt(3.25) = 1.80u, within Half Swim's 2u (across then down would be 2.5u);
    `to` alone finds the same stroke."""
    for how in ("plan", "to"):
        s = session([actor("ida", "0,0")], rows=["~~~"], legend=RACE)
        if how == "plan":
            move(s, "ida", seg("swim", 0, 1, -1.5))
        else:
            move(s, "ida", to=[0, 1, -1.5])
        body = who(s, "ida")
        assert (body["at"], body["z"]) == ("0,1", -1.5)
        assert body["spent"]["swim"] == pytest.approx(math.sqrt(3.25), abs=1e-6)


def test_A001_04_style_caps_per_round_carry_into_a_move_off_ones_turn() -> None:
    """A001-04, R001-11, R001-14: caps per own turn (default): after walking 3u and
    ending its turn, a mover moving off its turn (A001-02) has a fresh Walk; with
    `move.caps_per: round` the pool is fresh but only 1u of Walk is left until the
    round ends, when the caps reset."""
    def play(caps_per: str) -> Session[Any]:
        s = session([actor("ada", "0,0"), actor("bob", "1,0")], rows=HALL + HALL,
                    options={"move": {"off_turn": True, "caps_per": caps_per}})
        move(s, "ada", seg("walk", 0, 3))
        s.do({"do": "end_turn", "actor": "ada"})
        return s
    s = play("turn")
    move(s, "ada", seg("walk", 0, 5))
    assert who(s, "ada")["spent"] == {"walk": 2}
    s = play("round")
    assert who(s, "ada")["left"]["walk"] == 1 and who(s, "ada")["pool_left"] == 4
    refused(s, move_cmd("ada", seg("walk", 0, 5)), "over_cap", "R001-02", "R001-11",
            "R001-12")
    move(s, "ada", seg("walk", 0, 4))
    s.do({"do": "end_turn", "actor": "bob"})  # the round ends: the caps reset
    assert who(s, "ada")["left"]["walk"] == 3  # 4u cap, pool 4 - 1 spent off-turn


def test_A001_04_a_bad_caps_per_is_a_one_line_error() -> None:
    """A001-04: `move.caps_per` is `turn` or `round`; anything else is refused when the
    file loads, on one line naming the option."""
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(json.dumps(encounter_data(
            [actor("ada", "0,0")], options={"move": {"caps_per": "week"}})), "bad.json")
    text = str(info.value)
    assert "\n" not in text and "caps_per" in text, text


@pytest.mark.parametrize("sheet,at,rows,plan", [
    # out of the water onto a mined bank: a Walk step changes the medium (R001-26, R001-35)
    (["Walk", "Swim"], "0,0", ["~~M."], [seg("swim", 0, 1), seg("walk", 0, 2)]),
    # up a face and onto a mined ledge top: a Climb step ends standing (R001-34)
    (["Walk", "Climb"], "0,0", [".H."], [seg("climb", 0, 0, 2), seg("climb", 0, 1)]),
    # a hop down onto a mined floor lands there (R001-32, A001-18)
    (["Walk", "Jump"], "0,0", ["^M."], [seg("jump", 0, 1)]),
])
def test_A001_19_a_named_hazard_cell_is_touched_down_on_by_a_change_of_mode(
        sheet: list[str], at: str, rows: list[str], plan: list[dict[str, Any]]) -> None:
    """A001-19, R001-09, R001-26, R001-32, R001-34: a plan that names a hazard cell goes
    there and stands on it whatever the step's mode change (out of water, off a face, a
    hop down), and the hazard goes off; found ways between the stops still keep off
    hazards. (A climb to the mined ledge used to hang on the face above it instead.)"""
    legend = {"~": {"surface": "water", "water_depth": 2},
              "M": {"surface": "floor", "tags": ["mine"]},
              "H": {"surface": "floor", "elevation": 2, "tags": ["hazard"]},
              "^": {"surface": "floor", "elevation": 2}, ".": {"surface": "floor"}}
    s = session([actor("a", at, styles=sheet)], rows=rows, legend=legend)
    events = move(s, "a", *plan)
    hit = of_type(events, "hazard_triggered")
    end = plan[-1]["to"]
    assert [(e.row, e.col) for e in hit] == [(end[0], end[1])]
    assert who(s, "a")["mode"] == "ground" and not of_type(events, "fell")


SHADOW = {".": {"surface": "floor"}, "o": {"surface": "floor", "tags": ["obscured"]},
          "#": {"surface": "wall", "elevation": 4},
          "~": {"surface": "water", "water_depth": 2},
          "O": {"surface": "water", "water_depth": 2, "tags": ["obscured"]},
          "M": {"surface": "floor", "tags": ["mine"]}}
#: per style: the sheet, where it starts, the map row, and a one-segment plan into shadow
BY_STYLE: dict[str, tuple[list[str], str, str, dict[str, Any]]] = {
    "walk": (["Walk"], "0,2", "o..", seg("walk", 0, 0)),
    "jump": (["Walk", "Jump"], "0,2", "o..", seg("jump", 0, 0)),
    "climb": (["Walk", "Climb"], "0,1", "#o.", seg("climb", 0, 1, 1)),
    "swim": (["Walk", "Swim"], "0,2", "O~~", seg("swim", 0, 0)),
    "fly": (["Walk", "Fly"], "0,2", "o..", seg("fly", 0, 0, 1)),
}


@pytest.mark.parametrize("style", sorted(BY_STYLE))
def test_R001_05_a_move_of_any_style_into_shadow_offers_the_sneaking_test(style: str) -> None:
    """R001-05, A001-09, R001-10: the Sneaking Test follows a Move to a new spot in shadow
    whatever the Move's style (walk, hop, climb, stroke, flight)."""
    sheet, at, row, plan = BY_STYLE[style]
    s = session([actor("a", at, styles=sheet), actor("orc", "1,2")], rows=[row, "..."],
                legend=SHADOW)
    move(s, "a", plan)
    assert s.state.pending is not None and s.state.pending.kind == "sneak"


@pytest.mark.parametrize("style", ["jump", "climb", "fly"])
def test_A001_10_prone_blocks_every_style_but_walk(style: str) -> None:
    """A001-10, R001-29: a prone character stands before a hop, a climb or a flight
    (`prone.blocks_other_styles`); nothing changes."""
    sheet, at, row, plan = BY_STYLE[style]
    s = session([actor("a", at, styles=sheet, prone=True)], rows=[row, "..."],
                legend=SHADOW)
    refused(s, move_cmd("a", plan), "prone", "R001-29", "A001-10")


def test_R001_05_a_forced_fall_into_shadow_offers_no_test() -> None:
    """R001-05, R001-01, R001-21: the Sneaking Test belongs to one's own Move: a flier
    Interrupted over a shadowed floor falls there and is offered nothing."""
    s = session([actor("a", "0,0", styles=["Walk", "Fly"], mode="fly", z=2),
                 actor("orc", "1,2")], rows=["o..", "..."], legend=SHADOW)
    s.do({"do": "interrupt", "actor": "gm", "target": "a"})
    assert who(s, "a")["mode"] == "ground" and s.state.pending is None


def test_A001_19_a_flier_landing_on_a_mine_sets_it_off() -> None:
    """A001-19, R001-17, R001-09: a flier's step down onto a mined floor touches down
    there (a change of mode from flight to standing), as a walk or a fall would."""
    s = session([actor("a", "0,0", styles=["Walk", "Fly"], mode="fly", z=0.5)],
                rows=["M.."], legend=SHADOW)
    events = move(s, "a", seg("fly", 0, 0, 0))
    assert [(e.row, e.col) for e in of_type(events, "hazard_triggered")] == [(0, 0)]
    assert who(s, "a")["mode"] == "ground"


@pytest.mark.parametrize("bob,after_end,after_next_start", [
    ("start_of_own_turn", -2.0, -1.0),
    ("end_of_own_turn", -1.0, -1.0),
])
def test_A001_15_when_an_adrift_swimmer_floats_is_an_option(
        bob: str, after_end: float, after_next_start: float) -> None:
    """A001-15, R001-37: an Interrupted swimmer floats up 1u once per turn, at the start
    of its own turns by default; `swim.bob: end_of_own_turn` floats it as its turn ends
    instead (and not again when the next one starts)."""
    s = session([actor("a", "0,0", z=-2, styles=["Walk", "Swim"]), actor("b", "1,2")],
                rows=["~~~", "~~~"], legend=RACE, options={"swim": {"bob": bob}})
    s.do({"do": "interrupt", "actor": "gm", "target": "a"})
    assert who(s, "a")["adrift"] is True
    s.do({"do": "end_turn", "actor": "a"})
    assert who(s, "a")["z"] == after_end
    s.do({"do": "end_turn", "actor": "b"})  # a's next turn starts
    assert who(s, "a")["z"] == after_next_start


def test_A001_15_a_bad_bob_is_a_one_line_error() -> None:
    """A001-15: `swim.bob` is one of two moments; anything else is refused on one line."""
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(json.dumps(encounter_data(
            [actor("ada", "0,0")], options={"swim": {"bob": "noon"}})), "bad.json")
    text = str(info.value)
    assert "\n" not in text and "bob" in text, text


def test_R001_02_a_plan_far_longer_than_the_pool_is_refused_as_too_dear() -> None:
    """R001-02, R001-13, R001-33: nine 1u hops with only Half Jump (a 2u pool) are
    refused over the pool, naming the cost, not as "no way" to hop; the same in
    `price`."""
    s = session([actor("rue", "0,0", styles=["Half Jump"])], rows=["." * 11])
    plan = [seg("jump", 0, i) for i in range(1, 10)]
    refused(s, move_cmd("rue", *plan), "over_pool", "R001-02", "R001-13")
    text = " ".join(f"jump:0,{i}" for i in range(1, 10))
    assert _price(s, "rue", text)["refused"]["reason"] == "over_pool"
