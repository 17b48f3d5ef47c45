"""The s34 review: a third pass over the cells of cause by condition the s32 and s33
reviews left, each outcome worked by hand from the text first (README, "The s34
review"). Fixed: with `prone.blocks_other_styles: false` only standing ends Prone
(R001-30, A001-10), in any style or medium; the game master's `gm_place` sets a body down
where it is put (off a face or out of the air, out of a float or sink, back from a void)
instead of leaving it climbing in open air or lost on the map; a body held up by one style
changes to another where it is (a climber takes wing, a flier takes hold of a face or
turns to levitating; R001-15). The rest pin cells that matched and that no other test
held."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.engine import Session

from ...support import inline_session
from ._helpers import (
    actor,
    answer,
    encounter_data,
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
    "H": {"surface": "floor", "elevation": 1},
    "O": {"surface": "water", "water_depth": 3, "tags": ["obscured"]},
    "o": {"surface": "floor", "tags": ["obscured"]},
    ">": {"surface": "water", "water_depth": 3, "current": "E", "current_speed": 2},
}
UNBLOCKED = {"prone": {"blocks_other_styles": False}}


def _place(s: Session[Any], aid: str, to: str) -> tuple[Any, ...]:
    return s.do({"do": "gm_place", "actor": "gm", "target": aid, "to": to})


# -- fixed: Prone off the ground, with the block lifted (R001-30, A001-10) -----------------


@pytest.mark.parametrize(("styles", "rows", "plan", "mode"), [
    (["Walk", "Climb"], ["#......"], [seg("climb", 1, 1, 2)], "wall"),
    (["Walk", "Swim"], ["..~~~~~"], [seg("swim", 1, 2)], "water"),
    (["Walk", "Fly"], ["......."], [seg("fly", 1, 1, 2)], "fly"),
    (["Walk", "Half Jump"], [".._...."], [seg("jump", 1, 3)], "ground"),
])
def test_R001_30_A001_10_without_the_block_only_standing_ends_prone(
        styles: list[str], rows: list[str], plan: list[dict[str, Any]], mode: str) -> None:
    """A001-10 (`prone.blocks_other_styles: false`): a prone character may use another
    style without standing first. The text gives one way out of Prone: standing, for 1u
    of Movement (R001-30). So she climbs 2u up a face, swims into the water, flies 2u up
    or hops the void still prone, having paid only the style's own price (R001-29 halves
    Walk alone), and standing afterwards still costs 1u of the pool and of Walk. Before:
    a climb, a swim or a flight ended Prone for nothing while a hop kept it."""
    s = session([actor("ada", "1,1", prone=True, styles=styles)], rows=rows * 3,
                legend=LEGEND, options=UNBLOCKED)
    events = move(s, "ada", *plan)
    assert of_type(events, "moved")[-1].cost == pytest.approx(2.0 if mode != "water" else 1.0)
    body = who(s, "ada")
    assert (body["mode"], body["prone"]) == (mode, True)
    left = body["pool_left"]
    stood = s.do({"do": "stand", "actor": "ada"})
    assert of_type(stood, "stood_up")[0].cost == 1.0
    assert (who(s, "ada")["prone"], who(s, "ada")["pool_left"]) == (False, left - 1)


def test_R001_30_A001_10_without_the_block_a_prone_fall_into_water_keeps_prone() -> None:
    """A001-10 (block lifted), R001-26, R001-30: a prone walker crawls off a 1u quay into
    the water (a 1u step at double price, then a 1u fall): only standing ends Prone, so
    she is in the water still prone, and a Walk out costs double (R001-29). With the
    default block the earlier reading stands: she lands no longer prone (R001-36)."""
    rows = ["HHH~~~"] * 3
    s = session([actor("ada", "1,1", prone=True, styles=["Walk", "Swim"])], rows=rows,
                legend=LEGEND, options=UNBLOCKED)
    move(s, "ada", seg("walk", 1, 3))
    assert (who(s, "ada")["mode"], who(s, "ada")["prone"]) == ("water", True)
    default = session([actor("ada", "1,1", prone=True, styles=["Walk", "Swim"])], rows=rows,
                      legend=LEGEND)
    move(default, "ada", seg("walk", 1, 3))
    assert (who(default, "ada")["mode"], who(default, "ada")["prone"]) == ("water", False)


def test_R001_21_R001_30_an_interrupted_prone_flier_lands_in_the_water_still_prone() -> None:
    """R001-21, A001-14, A001-10 (block lifted), R001-30: a prone flier 2u over water is
    Interrupted and falls in; only standing ends Prone, so she is still prone there."""
    s = session([actor("ada", "1,2", prone=True, styles=["Walk", "Fly"])],
                rows=["...~~~~"] * 3, legend=LEGEND, options=UNBLOCKED)
    move(s, "ada", seg("fly", 1, 4, 2))
    gm(s, "interrupt", target="ada")
    assert (who(s, "ada")["mode"], who(s, "ada")["prone"]) == ("water", True)


# -- fixed: the game master's fiat sets a body down where it is put --------------------------


@pytest.mark.parametrize("declared", [{}, {"z": 3, "mode": "wall"}])
def test_gm_place_sets_a_climber_down_on_the_floor_it_is_put_on(declared: dict[str, Any]
                                                                  ) -> None:
    """R001-34, R001-27 and the fiat (no rule applied): a climber 3u up the face of
    (1,0), put by the GM at (1,5), open floor with no face beside it, stands on that
    floor, Walk active. Before: declared on the ground she hung 3u up in open air
    (`mode: wall` where nothing holds), declared on the wall she could not be put on a
    floor at all (`bad_place`)."""
    s = session([actor("ada", "1,1", styles=["Walk", "Climb"], **declared)],
                rows=["#......"] * 3, legend=LEGEND)
    if not declared:
        move(s, "ada", seg("climb", 1, 1, 3))
    _place(s, "ada", "1,5")
    body = who(s, "ada")
    assert (body["at"], body["z"], body["mode"], body["style"]) == ("1,5", 0.0, "ground", "walk")
    move(s, "ada", seg("walk", 1, 6))  # she walks on from there


@pytest.mark.parametrize(("start", "mode", "to", "ends"), [
    ("1,1", "wall", "1,1,5", ("wall", 5.0)),    # up the same face
    ("1,3", "fly", "1,5,3", ("fly", 3.0)),      # another spot in the air
    ("1,1", "wall", "1,5,3", "bad_place"),      # open air holds no climber
    (None, None, "1,5,3", "bad_place"),         # a walker is set down on a floor only
])
def test_gm_place_keeps_a_body_aloft_at_a_height_that_holds_it(
        start: str | None, mode: str | None, to: str, ends: tuple[str, float] | str) -> None:
    """The fiat with a height in `to`: neither a floor's nor in the water, it keeps a
    climber or flier aloft in its mode where that mode can be (R001-34, R001-17); a
    place that cannot hold it, or a walker, is refused in one line, nothing changes."""
    extra = {"z": 3, "mode": mode} if mode else {}
    s = session([actor("ada", start or "1,4", styles=["Walk", "Climb", "Fly"], **extra)],
                rows=["#......"] * 3, legend=LEGEND)
    if isinstance(ends, str):
        refused(s, {"do": "gm_place", "actor": "gm", "target": "ada", "to": to}, ends)
        return
    _place(s, "ada", to)
    assert (who(s, "ada")["mode"], who(s, "ada")["z"]) == ends


def test_R001_17_gm_place_keeps_a_flier_who_took_off_in_play_in_the_air() -> None:
    """R001-17 and the fiat: a walker who took off (Fly, 2u up) is put by the GM at
    (1,5), 3u up: she flies there. Before: refused, the file's standing start asked of
    the floor ("the floor is at 0u, not 3u")."""
    s = session([actor("ada", "1,4", styles=["Walk", "Fly"])], rows=["#......"] * 3,
                legend=LEGEND)
    move(s, "ada", seg("fly", 1, 4, 2))
    _place(s, "ada", "1,5,3")
    assert (who(s, "ada")["at"], who(s, "ada")["mode"], who(s, "ada")["z"]) == ("1,5", "fly", 3.0)


def test_gm_place_puts_an_adrift_swimmer_ashore_out_of_the_float() -> None:
    """R001-37, A001-15 and the fiat: an Interrupted swimmer 2u under the surface, put
    on the bank by the GM, stands on it and no longer floats or sinks (leaving the water
    ends it). Before: refused (`bad_place`, the file's -2u asked of a floor) or, declared
    on land, standing yet still adrift."""
    s = session([actor("ada", "1,3", z=-2, styles=["Walk", "Swim"]), actor("bob", "0,7")],
                rows=["~~~~~..."] * 3, legend=LEGEND)
    gm(s, "interrupt", target="ada")
    _place(s, "ada", "1,6")
    body = who(s, "ada")
    assert (body["mode"], body["z"], body["adrift"]) == ("ground", 0.0, False)


def test_R001_36_gm_place_puts_a_prone_walker_in_the_water_no_longer_prone() -> None:
    """R001-28, R001-36 (the default block) and the fiat: Ada drops prone on the bank
    and the GM puts her in the water: swimming, no longer prone, as a fall in would
    leave her (before: still prone, while a file's prone start was not); put back on a
    floor prone, she stays prone."""
    s = session([actor("ada", "1,5", styles=["Walk", "Swim"])], rows=["~~~~~..."] * 3,
                legend=LEGEND)
    s.do({"do": "prone", "actor": "ada"})
    _place(s, "ada", "1,2")
    assert (who(s, "ada")["mode"], who(s, "ada")["prone"]) == ("water", False)
    _place(s, "ada", "1,6")
    s.do({"do": "prone", "actor": "ada"})
    _place(s, "ada", "1,7")
    assert (who(s, "ada")["mode"], who(s, "ada")["prone"]) == ("ground", True)


def test_A001_15_gm_place_in_other_water_sets_an_adrift_swimmer_down_afresh() -> None:
    """A001-15 and the fiat (our reading): put 2u under in other water, an adrift
    swimmer is built as a file would start her there, not adrift (before: still
    adrift); the GM interrupts her again to have her float."""
    s = session([actor("ada", "1,3", z=-2, styles=["Walk", "Swim"]), actor("bob", "0,7")],
                rows=["~~~~~..."] * 3, legend=LEGEND)
    gm(s, "interrupt", target="ada")
    _place(s, "ada", "1,1,-2")
    body = who(s, "ada")
    assert (body["at"], body["mode"], body["z"], body["adrift"]) == ("1,1", "water", -2.0, False)


def test_A001_14_adjust_on_one_lost_is_bookkeeping_and_the_fiat_brings_her_back() -> None:
    """A001-14 and the fiat: Ada walks into a void and is lost. The GM's `adjust` is
    bookkeeping of her sheet (Hooks, Good spots, load), the GM's alone, moving nothing:
    accepted, as the fiat is. A rule acting on her body (an Interrupt, Slowed, a
    maneuver) is refused (`lost`, the s33 review) and her own commands too; she is offered
    nothing. The GM's `gm_place` puts her back on the floor of (1,6): no longer lost, she
    takes her turns again and may Dash with the Hook the GM gave her. Before: put on the
    map she stayed lost, skipped and offered nothing."""
    s = session([actor("ada", "1,2"), actor("bob", "0,0")], rows=["...__..."] * 3,
                legend=LEGEND)
    move(s, "ada", seg("walk", 1, 3))
    assert who(s, "ada")["lost"] is True and not list(s.options("ada"))
    gm(s, "adjust", target="ada", hooks=1)
    refused(s, {"do": "maneuver", "actor": "bob", "target": "ada", "hit": True}, "lost",
            "A001-14")
    _place(s, "ada", "1,6")
    body = who(s, "ada")
    assert (body["at"], body["lost"], body["removed"], body["hooks"]) == ("1,6", False, False, 1)
    end_turns(s, "bob")
    assert s.state.current == "ada"
    move(s, "ada", seg("walk", 1, 7), dash=True)
    assert who(s, "ada")["hooks"] == 0


# -- matched: cells no earlier test held ------------------------------------------------------


def test_R001_06_a_dash_doubles_swim_across_the_change_of_medium() -> None:
    """R001-06, R001-36, R001-12: the template (Walk 4u, Half Jump, Half Swim 2u) walks
    1u to the bank and swims 4u: 5u is over the 4u pool (refused); with a Dash the pool
    is 8u and Swim 4u: accepted, the Hook paid, 3u left, swimming at the end."""
    s = session([actor("ada", "1,1", hooks=1)], rows=["...~~~~~"] * 3, legend=LEGEND)
    plan = (seg("walk", 1, 2), seg("swim", 1, 6))
    refused(s, move_cmd("ada", *plan), "over_pool", "R001-13")
    move(s, "ada", *plan, dash=True)
    body = who(s, "ada")
    assert (body["mode"], body["hooks"], body["pool_left"], body["spent"]) == (
        "water", 0, 3, {"walk": 1, "swim": 4})


def test_A001_13_an_improvised_swim_ending_in_the_water_leaves_her_holding() -> None:
    """R001-23, A001-13, R001-35, R001-36: a walker with no Swim is granted Half Swim
    and swims 2u out; the grant ends with her turn. In still water she holds her place
    (nothing Interrupted her), cannot swim without a new grant (refused `no_style`) and is
    offered only to ask the GM again."""
    s = session([actor("ada", "1,1", styles=["Walk", "Half Jump"]), actor("bob", "0,0")],
                rows=["...~~~~~"] * 3, legend=LEGEND)
    s.do({"do": "improvise", "actor": "ada", "style": "swim", "how": "paddling"})
    answer(s, "grant")
    move(s, "ada", seg("walk", 1, 2), seg("swim", 1, 4))
    end_turns(s, "ada", "bob")
    body = who(s, "ada")
    assert (body["at"], body["mode"], body["adrift"], body["improvised"]) == (
        "1,4", "water", False, {})
    refused(s, move_cmd("ada", seg("swim", 1, 5)), "no_style", "R001-23")
    offered = {o.command.get("do") for o in s.options("ada")}
    assert offered == {"improvise", "end_turn"}


def test_R001_22_R001_34_a_maneuver_knocks_a_climber_into_the_water_below() -> None:
    """R001-22, R001-20, A001-11, R001-34, A001-14: a climber 3u up a face over water
    with 1 Slowed takes a maneuver's hit: the second stack Interrupts Climb and she falls
    3u into the water (no damage by default), Swim active, not adrift."""
    s = session([actor("bob", "1,6"), actor("ada", "1,1", z=3, mode="wall", slowed=1,
                                             styles=["Walk", "Climb"])],
                rows=["#~~~...."] * 3, legend=LEGEND)
    events = s.do({"do": "maneuver", "actor": "bob", "target": "ada", "hit": True})
    assert types(events) == ["maneuver_made", "slowed_changed", "movement_interrupted", "fell"]
    body = who(s, "ada")
    assert (body["mode"], body["z"], body["damage"], body["adrift"]) == ("water", 0.0, 0, False)


def test_R001_22_R001_37_a_maneuver_sets_a_swimmer_adrift_and_she_floats_up() -> None:
    """R001-22, R001-20, R001-37, A001-15: a swimmer 2u under with 1 Slowed takes the
    hit: Swim is Interrupted, she is adrift, and at the start of her turn floats 1u."""
    s = session([actor("bob", "1,7"), actor("ada", "1,3", z=-2, slowed=1,
                                             styles=["Walk", "Swim"])],
                rows=["~~~~~..."] * 3, legend=LEGEND)
    s.do({"do": "maneuver", "actor": "bob", "target": "ada", "hit": True})
    assert who(s, "ada")["adrift"] is True
    end_turns(s, "bob")
    assert who(s, "ada")["z"] == -1.0


def test_A001_11_slowed_that_crossed_before_a_climb_needs_a_fresh_crossing() -> None:
    """A001-11, R001-20, R001-34: Ada starts with 2 Slowed (crossed already) and climbs
    2u: a third stack crosses nothing and she holds on; down to 1 and back to 2 is a
    fresh crossing that Interrupts Climb: a 2u fall."""
    s = session([actor("ada", "1,1", slowed=2, styles=["Walk", "Climb"])],
                rows=["#......"] * 3, legend=LEGEND)
    move(s, "ada", seg("climb", 1, 1, 2))
    assert types(gm(s, "slow", target="ada", stacks=1)) == ["slowed_changed"]
    gm(s, "slow", target="ada", stacks=-2)
    events = gm(s, "slow", target="ada", stacks=1)
    assert of_type(events, "fell")[0].distance == pytest.approx(2.0)


def test_R001_35_a_current_holds_at_a_secret_door_and_passes_it_revealed() -> None:
    """R001-35, A001-20 (a current stops at a wall between cells): a swimmer in a 2u
    current is held at a secret door (a wall for everyone); once the GM reveals it, a
    door, the next drift carries her 2 cells through."""
    data = encounter_data([actor("ada", "1,1", styles=["Walk", "Swim"]), actor("bob", "0,0")],
                          rows=[">>>>>>"] * 3, legend=LEGEND)
    data["map"]["edges"] = [{"between": [[1, 2], [1, 3]], "kind": "secret_door"}]
    s = inline_session(data)
    end_turns(s, "ada")
    assert who(s, "ada")["at"] == "1,2"
    gm(s, "reveal", between=[[1, 2], [1, 3]])
    end_turns(s, "bob", "ada")
    assert who(s, "ada")["at"] == "1,4"


def test_R001_05_a_fall_into_obscured_water_ends_the_move_there_and_offers_the_test() -> None:
    """R001-05, A001-09, R001-26: a walk off a 1u quay into water tagged `obscured`
    ends her Move at a new place half hidden: the Sneaking Test is offered. The GM's
    fiat putting her on an obscured floor is no Move: nothing is offered."""
    s = session([actor("ada", "1,1", styles=["Walk", "Swim"])], rows=["HHHOO.o"] * 3,
                legend=LEGEND)
    assert types(move(s, "ada", seg("walk", 1, 3)))[-1] == "decision_requested"
    placed = session([actor("ada", "1,1")], rows=["HHHOO.o"] * 3, legend=LEGEND)
    assert types(_place(placed, "ada", "1,6")) == ["actor_placed"]
    assert placed.to_json(log=False)["pending"] is None


# -- fixed: a change of style while held up (R001-10, R001-15) -------------------------------


def test_R001_15_a_climber_with_fly_takes_wing_off_the_face() -> None:
    """R001-15, R001-10, R001-17: Movement may go into any style at any time, and the
    style spent in takes over. A climber 2u up the face of (1,0) with Fly flies 1u out to
    (1,2) at 2u, or 1u up her column: flying either way. Before: no way (`no_way`), the
    movement graph had no step from a hold into flight."""
    for to, cost in (((1, 2, 2), 1.0), ((1, 1, 3), 1.0)):
        s = session([actor("ada", "1,1", z=2, mode="wall", styles=["Walk", "Climb", "Fly"])],
                    rows=["#......"] * 3, legend=LEGEND)
        events = move(s, "ada", seg("fly", *to))
        assert of_type(events, "moved")[0].cost == pytest.approx(cost)
        assert (who(s, "ada")["mode"], who(s, "ada")["z"]) == ("fly", float(to[2]))


@pytest.mark.parametrize("mode", ["fly", "levitate"])
def test_R001_15_a_flier_or_levitator_takes_hold_of_the_face_beside_her(mode: str) -> None:
    """R001-15, R001-34: a flier (a levitator) 2u up beside the face of (1,0) climbs
    0.5u up it: climbing, Climb active; an Interrupt then drops her (R001-34). Before:
    no way."""
    s = session([actor("ada", "1,1", z=2, mode=mode, styles=["Walk", "Climb", mode.title()])],
                rows=["#......"] * 3, legend=LEGEND)
    events = move(s, "ada", seg("climb", 1, 1, 2.5))
    assert of_type(events, "moved")[0].cost == pytest.approx(0.5)
    assert (who(s, "ada")["mode"], who(s, "ada")["style"]) == ("wall", "climb")
    assert of_type(gm(s, "interrupt", target="ada"), "fell")[0].distance == pytest.approx(2.5)


def test_R001_21_a_flier_who_turns_to_levitate_stays_up_when_interrupted() -> None:
    """R001-15, R001-21: a flier with Levitate, 2u over the floor, levitates 0.5u up:
    Levitate is now active, and Interrupting it does nothing; she stays up at 2.5u
    (as a flier she would have fallen). Before: no way from flight to levitation."""
    s = session([actor("ada", "1,3", z=2, mode="fly", styles=["Walk", "Fly", "Levitate"])],
                rows=["#......"] * 3, legend=LEGEND)
    move(s, "ada", seg("levitate", 1, 3, 2.5))
    assert who(s, "ada")["mode"] == "levitate"
    assert of_type(gm(s, "interrupt", target="ada"), "movement_interrupted")[0].effect == "none"
    assert (who(s, "ada")["mode"], who(s, "ada")["z"]) == ("levitate", 2.5)
