"""The s33 review: cells of cause by condition the earlier reviews did not cover, each
outcome worked by hand from the text first (README, "The s33 review"). Three were ruled
against the text or gave a wrong reason and are fixed: a levitator whose improvised Fly
or Climb fails as Interrupted falls as a flier or climber does (R001-24, R001-21), a
prone character refused a place is told that Prone is what keeps it to Walk (A001-10),
and a swimmer under the surface refused a Walk out is told to swim up (R001-26, R001-35).
The rest pin cells that matched and that no other test held."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.engine import Session

from ._helpers import (
    actor,
    answer,
    end_turns,
    gm,
    move,
    move_cmd,
    of_type,
    refused,
    seg,
    session,
    types,
    who,
)

LEGEND: dict[str, dict[str, Any]] = {
    ".": {"surface": "floor"},
    "#": {"surface": "wall", "elevation": 6},
    "~": {"surface": "water", "water_depth": 3},
    "_": {"surface": "void"},
    "M": {"surface": "floor", "tags": ["mine"]},
    "H": {"surface": "floor", "elevation": 1},
}


def _failed_improvisation(s: Session[Any], aid: str, style: str) -> tuple[Any, ...]:
    s.do({"do": "improvise", "actor": aid, "style": style, "how": "a leap for it"})
    answer(s, "test")
    return answer(s, "fail_interrupted")


# -- fixed: a levitator's failed improvisation counted as Interrupted (R001-24) -----------


@pytest.mark.parametrize("style", ["fly", "climb"])
def test_R001_24_R001_21_a_levitator_failing_fly_or_climb_as_interrupted_falls(
        style: str) -> None:
    """R001-24: the GM may count a failed Test as the Interrupted version of the style
    tried; Interrupted Fly and Interrupted Climb both begin a Fall (R001-21, R001-34).
    A levitator 3u over the floor of (1,2) tries Fly (or Climb) and fails so: she falls
    3u to the floor, Walk active, as a flier or a climber failing the same Test does
    (before: nothing happened to a levitator). The GM's choice says so beforehand."""
    s = session([actor("lev", "1,2", z=3, mode="levitate", styles=["Walk", "Levitate"])],
                rows=["#M.~~___"] * 3, legend=LEGEND)
    s.do({"do": "improvise", "actor": "lev", "style": style, "how": "a leap for it"})
    answer(s, "test")
    words = {c["choice"]: c["text"] for c in s.to_json(log=False)["pending"]["consequences"]}
    assert "lev falls now" in words["fail_interrupted"]
    events = answer(s, "fail_interrupted")
    assert types(events) == ["decision_made", "style_refused", "movement_interrupted", "fell"]
    hit = of_type(events, "movement_interrupted")[0]
    assert (hit.style, hit.effect) == (style, "fall")
    assert of_type(events, "fell")[0].distance == pytest.approx(3.0)
    body = who(s, "lev")
    assert (body["at"], body["z"], body["mode"], body["style"]) == ("1,2", 0.0, "ground", "walk")


def test_R001_24_a_levitator_failing_swim_as_interrupted_stays_aloft() -> None:
    """R001-24, R001-37: Interrupted Swim floats or sinks a body in water only; a
    levitator 3u over the floor that fails an improvised Swim so stays where she is."""
    s = session([actor("lev", "1,2", z=3, mode="levitate", styles=["Walk", "Levitate"])],
                rows=["#M.~~___"] * 3, legend=LEGEND)
    events = _failed_improvisation(s, "lev", "swim")
    assert of_type(events, "movement_interrupted")[0].effect == "none"
    assert (who(s, "lev")["z"], who(s, "lev")["mode"]) == (3.0, "levitate")


@pytest.mark.parametrize(("start", "styles", "mode", "style", "lands"), [
    ("1,1", ["Walk", "Fly"], "fly", "climb", "1,1"),    # a flier over the mine
    ("1,1", ["Walk", "Climb"], "wall", "fly", "1,1"),   # a climber on the wall's face
])
def test_R001_24_an_aloft_body_failing_a_style_as_interrupted_falls(
        start: str, styles: list[str], mode: str, style: str, lands: str) -> None:
    """R001-24, R001-21, A001-19: a flier failing Climb (a climber failing Fly) as its
    Interrupted version falls 3u onto the mined floor below, which goes off (matched)."""
    s = session([actor("ada", start, z=3, mode=mode, styles=styles)],
                rows=["#M.~~___"] * 3, legend=LEGEND)
    events = _failed_improvisation(s, "ada", style)
    assert types(events)[-2:] == ["fell", "hazard_triggered"]
    assert (who(s, "ada")["at"], who(s, "ada")["z"]) == (lands, 0.0)


# -- fixed: the reason given for a refusal (one line that says what blocks it) ------------


def test_A001_10_a_prone_character_refused_a_place_is_told_prone_keeps_it_to_walk() -> None:
    """A001-10, R001-29: prone, Ada may only Walk (at double cost). The void at (1,3)
    between her and (1,4) needs a Jump: 2u of Walk to (1,2) and a 2u hop fit her 4u
    pool standing, but prone she cannot hop, and standing (1u) first makes it 5u. The
    refusal names Prone, not only the pool (before: "cannot reach ... with the Movement
    it has left")."""
    s = session([actor("ada", "1,0", prone=True)], rows=["..._...."] * 3, legend=LEGEND)
    exc = refused(s, move_cmd("ada", to=[1, 4]), "out_of_reach", "R001-02", "A001-10")
    assert "prone" in str(exc) and "only Walk" in str(exc)
    standing = session([actor("ada", "1,0")], rows=["..._...."] * 3, legend=LEGEND)
    move(standing, "ada", to=[1, 4])
    assert who(standing, "ada")["at"] == "1,4"


def test_R001_26_R001_35_a_walk_out_from_under_the_water_says_swim_up() -> None:
    """R001-26, R001-35: a swimmer 2u under the surface beside a floor level with the
    surface cannot Walk out (the floor is 2u above her); the refusal tells her to swim up
    (a jump never launches from water, R001-32). By ``to`` footwork finds 2u of Swim up,
    then 1u of Walk out."""
    s = session([actor("ada", "1,3", z=-2, styles=["Walk", "Swim"])], rows=["~~~~...."] * 3,
                legend=LEGEND)
    exc = refused(s, move_cmd("ada", seg("walk", 1, 4)), "no_way", "R001-26")
    assert "swim up" in str(exc) and "jump" not in str(exc)
    move(s, "ada", to=[1, 4])
    assert who(s, "ada")["spent"] == {"swim": 2, "walk": 1}


# -- matched: cells no earlier test held ---------------------------------------------------


def test_R001_06_A001_03_a_dash_after_spending_doubles_what_is_left() -> None:
    """R001-06, A001-03: 3u walked, then a Dash: pool 8u with 3u spent, Half Jump 4u;
    a 4u hop fits; 1u left."""
    s = session([actor("ada", "1,0", hooks=1)], legend=LEGEND)
    move(s, "ada", seg("walk", 1, 3))
    move(s, "ada", seg("jump", 1, 7), dash=True)
    body = who(s, "ada")
    assert (body["pool"], body["pool_left"], body["spent"]) == (8, 1, {"walk": 3, "jump": 4})


@pytest.mark.parametrize("dash_first", [False, True])
def test_R001_06_a_dash_doubles_an_improvised_style_too(dash_first: bool) -> None:
    """R001-06: a Dash doubles every Movement Style, an improvised Half Climb (2u) too,
    whether granted before or after it; the pool stays the sheet's, doubled (A001-13)."""
    s = session([actor("ada", "1,0", hooks=1)], rows=["..#......"] * 3, legend=LEGEND)
    if dash_first:
        move(s, "ada", seg("walk", 1, 1), dash=True)
    s.do({"do": "improvise", "actor": "ada", "style": "climb", "how": "a rope"})
    answer(s, "grant")
    if not dash_first:
        move(s, "ada", seg("walk", 1, 1), dash=True)
    assert who(s, "ada")["caps"]["climb"] == 4 and who(s, "ada")["pool"] == 8


def test_R001_29_R001_30_a_prone_dash_crawls_4u_and_leaves_nothing_to_stand() -> None:
    """R001-29, R001-06, R001-30: prone, a Dash's 8u of Walk moves 4u; standing then
    needs 1u that is not there: refused, nothing changes."""
    s = session([actor("ada", "1,0", hooks=1, prone=True)], legend=LEGEND)
    move(s, "ada", seg("walk", 1, 4), dash=True)
    assert who(s, "ada")["spent"] == {"walk": 8} and who(s, "ada")["prone"] is True
    refused(s, {"do": "stand", "actor": "ada"}, "no_movement", "R001-30")


def test_R001_30_standing_needs_walk_left_not_only_the_pool() -> None:
    """R001-30, A001-10: Walk 4u and Double Jump 8u (pool 8u): after 4u of Walk and
    dropping prone, 4u of pool is left but no Walk: standing is refused and not offered."""
    s = session([actor("ada", "1,0", styles=["Walk", "Double Jump"])], legend=LEGEND)
    move(s, "ada", seg("walk", 1, 4))
    s.do({"do": "prone", "actor": "ada"})
    refused(s, {"do": "stand", "actor": "ada"}, "no_movement", "R001-30")
    assert all(o.command.get("do") != "stand" for o in s.options("ada"))


def test_R001_14_A001_03_an_off_turn_move_under_a_dash_is_spent_from_the_next_pool() -> None:
    """A001-03 (until the start of the next turn), A001-01, A001-02 (`move.off_turn`):
    Ada dashes and ends her turn: the pool is set to her largest style, doubled while
    the Dash lasts (8u). She walks 6u off her turn. At the start of her turn the Dash
    ends (pool 4u) and what was spent stays spent until her turn ends: 0u left."""
    s = session([actor("ada", "1,0", hooks=1), actor("bob", "0,0")], legend=LEGEND,
                options={"move": {"off_turn": True}})
    move(s, "ada", seg("walk", 1, 2), dash=True)
    s.do({"do": "end_turn", "actor": "ada"})
    assert (who(s, "ada")["pool"], who(s, "ada")["pool_left"]) == (8, 8)
    move(s, "ada", seg("walk", 1, 8))
    s.do({"do": "end_turn", "actor": "bob"})
    body = who(s, "ada")
    assert (body["pool"], body["pool_left"], body["dashing"]) == (4, 0, False)


def test_R001_34_an_interrupted_climber_walks_on_with_what_is_left() -> None:
    """R001-34, A001-14: a climber knocked off 3u up falls at once; the fall costs no
    Movement and she may walk on with the 3u left (a Falling character moves itself no
    further only while falling)."""
    s = session([actor("ada", "1,1", z=2, mode="wall", styles=["Walk", "Climb"])],
                rows=["#......."] * 3, legend=LEGEND)
    move(s, "ada", seg("climb", 1, 1, 3))
    gm(s, "interrupt", target="ada")
    assert (who(s, "ada")["z"], who(s, "ada")["pool_left"]) == (0.0, 3)
    move(s, "ada", seg("walk", 1, 3))
    assert who(s, "ada")["pool_left"] == 1


def test_R001_34_a_climber_out_of_movement_holds_the_face_into_the_next_turn() -> None:
    """R001-34, R001-21: a climber who spends her 4u of Climb stays on the face (running
    out of Movement is no Interrupt); two Slowed stacks on the next turn knock her off:
    a 4u fall."""
    s = session([actor("ada", "1,1", styles=["Walk", "Climb"]), actor("bob", "0,5")],
                rows=["#......."] * 3, legend=LEGEND)
    move(s, "ada", seg("climb", 1, 1, 4))
    end_turns(s, "ada")
    assert (who(s, "ada")["mode"], who(s, "ada")["z"]) == ("wall", 4.0)
    gm(s, "slow", target="ada", stacks=1)
    events = gm(s, "slow", target="ada", stacks=1)
    assert of_type(events, "fell")[0].distance == pytest.approx(4.0)


@pytest.mark.parametrize("do", [{"do": "interrupt", "target": "ada"},
                                {"do": "slow", "target": "ada", "stacks": 2}])
def test_A001_14_the_gm_cannot_knock_about_one_lost_in_a_void(do: dict[str, Any]) -> None:
    """A001-14: one who walked into a void is gone: an Interrupt or Slowed on her is
    refused, nothing changes."""
    s = session([actor("ada", "1,2"), actor("bob", "0,0")], rows=["...__..."] * 3,
                legend=LEGEND)
    move(s, "ada", seg("walk", 1, 3))
    refused(s, {"actor": "gm", **do}, "lost", "A001-14")


def test_R001_37_A001_16_a_swimmer_relieved_of_her_load_stops_sinking() -> None:
    """R001-38, A001-16: 80 on 70 sinks her 2u at the start of each turn (0 to -2 on
    the first); the GM takes the load away: she is not Interrupted, so she holds where
    she is (R001-35) rather than float."""
    s = session([actor("ada", "1,4", styles=["Walk", "Swim"], weight=70,
                       load=[{"item": "anvil", "weight": 80, "buoyant": False}]),
                 actor("bob", "0,0")], rows=["...~~~~~"] * 3, legend=LEGEND)
    assert who(s, "ada")["z"] == -2.0
    gm(s, "adjust", target="ada", load=[])
    end_turns(s, "ada", "bob")
    assert (who(s, "ada")["z"], who(s, "ada")["adrift"]) == (-2.0, False)


def test_R001_21_A001_20_an_interrupted_flier_over_a_current_falls_in_and_drifts() -> None:
    """R001-21, A001-14, R001-35, A001-20: a flier 3u over a current (2u a turn east) is
    Interrupted: she falls into the water (no damage), and at the end of her turn the
    current carries her 2 cells."""
    legend = {**LEGEND, ">": {"surface": "water", "water_depth": 3, "current": "E",
                              "current_speed": 2}}
    s = session([actor("ada", "1,4", z=3, mode="fly", styles=["Walk", "Fly"]),
                 actor("bob", "0,0")], rows=["...>>>>>"] * 3, legend=legend)
    gm(s, "interrupt", target="ada")
    assert (who(s, "ada")["mode"], who(s, "ada")["damage"]) == ("water", 0)
    end_turns(s, "ada")
    assert who(s, "ada")["at"] == "1,6"


def test_R001_26_R001_34_a_walk_onto_a_quay_from_the_surface_says_climb_out() -> None:
    """R001-26, R001-32, R001-34: at the surface beside a quay 1u up, Walk's stride
    (0.5u) does not reach and no jump launches from water: the refusal says climb out."""
    s = session([actor("ada", "1,3", styles=["Walk", "Swim"])], rows=["~~~~HHHH"] * 3,
                legend=LEGEND)
    exc = refused(s, move_cmd("ada", seg("walk", 1, 4)), "no_way", "R001-26")
    assert "climb out" in str(exc) and "jump" not in str(exc)
