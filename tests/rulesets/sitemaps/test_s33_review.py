"""The s33 cause-by-condition review of `sitemaps`, each outcome worked by hand from the
text before footwork was run (README, "The s33 review"): where a character is on a
surface the text says nobody can hold (R004-23, R004-26), where a drift carries a body
through zones, and where a challenging face is climbed down."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.errors import FootworkError

from ._helpers import actor, move, of_type, refused, session

#: a narrow catwalk (floor 1) over a yard whose far end is an icy, narrow beam (two
#: qualities: nobody can balance on it, R004-23) over a pit (floor -1)
YARD: list[dict[str, Any]] = [
    {"id": "cat", "floor": 1, "rect": [4, 1, 6, 2], "below": "yard"},
    {"id": "dock", "floor": 1, "rect": [10, 0, 4, 4]},
    {"id": "yard", "rect": [4, 0, 6, 4]},
    {"id": "side", "rect": [10, 0, 4, 4]},
    {"id": "pit", "floor": -1, "rect": [4, 0, 10, 4]}]
YARD_ROUGH: list[dict[str, Any]] = [
    {"floor": 1, "rect": [4, 1, 4, 2], "qualities": ["narrow"], "below": "yard"},
    {"floor": 0, "rect": [7, 0, 3, 4], "qualities": ["narrow", "slippery"], "below": "pit"}]


def _yard(**stats: Any) -> Any:
    return session([actor("ada", "cat", [5, 2], AGI=10, **stats)], zones=YARD,
                   openings=[{"between": ["cat", "dock"]}, {"between": ["yard", "side"]}],
                   rough=YARD_ROUGH)


def _no_face_needed(s: Any, command: dict[str, Any]) -> None:
    """A face supplied for a roll nobody makes is refused, and nothing changes."""
    before = s.state
    with pytest.raises(FootworkError, match="not needed"):
        s.do(command)
    assert s.state is before or s.state == before


def _fall_onto_the_beam() -> Any:
    s = _yard()
    move(s, "ada", "dock", [12, 2], roll=[15])  # slips stepping off the catwalk
    ada = s.state.actors["ada"]
    assert ada.at == "yard" and ada.fell and 7 < ada.point[0] < 10
    return s


def test_on_a_surface_nobody_can_balance_on_the_end_roll_fails_with_no_roll_R004_23() -> None:
    """R004-22, R004-23, A004-09: ada falls off the catwalk onto the icy beam below. In
    that activation she is down (balancing is moot). At the end of her next one she is
    on a surface that cannot be balanced on at all: no roll can keep her up, so she
    falls into the pit, as a failed roll would make her, and a face supplied for that
    roll is refused. Before: she rolled AGI and, on a pass, stayed on the beam."""
    s = _fall_onto_the_beam()
    assert not of_type(s.do({"do": "end_turn", "actor": "ada"}), "rolled")
    _no_face_needed(s, {"do": "end_turn", "actor": "ada", "roll": [3]})
    ended = s.do({"do": "end_turn", "actor": "ada"})
    assert not of_type(ended, "rolled")
    (fell,) = of_type(ended, "fell")
    assert "R004-23" in fell.rules and fell.metres == 2.5
    assert s.state.actors["ada"].at == "pit"


def test_stepping_off_a_surface_nobody_can_balance_on_falls_with_no_roll_R004_23() -> None:
    """R004-22, R004-23: stepping off the icy beam is a moment of the balance test, and
    no roll can pass it there: ada falls into the pit where she steps off, her movement
    over. Before: she rolled AGI and, on a pass, walked off it."""
    s = _fall_onto_the_beam()
    s.do({"do": "end_turn", "actor": "ada"})  # round 2: her turn again
    # the beam is too rough to move onto, but one who is on it may try to get off it
    _no_face_needed(s, {"do": "move", "actor": "ada", "to": "side", "at": [12, 2], "roll": [3]})
    events = s.do({"do": "move", "actor": "ada", "to": "side", "at": [12, 2]})
    assert not of_type(events, "rolled") and of_type(events, "movement_ended")
    (fell,) = of_type(events, "fell")
    assert "R004-23" in fell.rules
    assert s.state.actors["ada"].at == "pit" and s.state.actors["ada"].stopped
    risk = [o.risk for o in s.options("ada") if o.command.get("do") == "move"]
    assert risk == []  # her movement is over: nothing to offer


def test_the_option_to_step_off_the_beam_gives_the_certain_fall_R004_23() -> None:
    """Options agree with decide: stepping off the beam is offered with a fall whose
    chance is 1, not the chance of a failed AGI roll."""
    s = _fall_onto_the_beam()
    s.do({"do": "end_turn", "actor": "ada"})
    (side,) = [o for o in s.options("ada")
               if o.command.get("do") == "move" and o.command.get("to") == "side"]
    assert side.risk.fall is not None and side.risk.fall.chance == 1
    assert not side.checks


#: a sea cliff: a face nobody can climb (floor 1) over the scree, the clifftop beside it
CLIFF: list[dict[str, Any]] = [
    {"id": "ledge", "floor": 2, "rect": [0, 0, 6, 2], "below": "face"},
    {"id": "top", "floor": 2, "rect": [6, 0, 4, 2]},
    {"id": "face", "floor": 1, "rect": [0, 0, 6, 6], "climb": "extreme", "below": "scree"},
    {"id": "clifftop", "floor": 1, "rect": [0, 6, 6, 4]},
    {"id": "scree", "rect": [0, 0, 6, 6]}]
CLIFF_ROUGH: list[dict[str, Any]] = [
    {"floor": 2, "rect": [0, 0, 6, 2], "qualities": ["narrow"], "below": "face"}]


def _cliff(at: str = "ledge", point: tuple[float, float] = (2, 1)) -> Any:
    return session([actor("kit", at, list(point), AGI=10)], zones=CLIFF, rough=CLIFF_ROUGH,
                   openings=[{"between": ["ledge", "top"]}, {"between": ["face", "clifftop"]}])


def test_a_fall_onto_a_face_nobody_can_climb_goes_on_down_at_the_end_R004_26() -> None:
    """R004-24, R004-26, A004-11: kit slips off the ledge onto the face below it. Nobody
    can climb that face, so nobody can hold on to it mid-climb: at the end of her
    activation the face test fails with no roll and she falls to its foot. Before: she
    stayed on the face for ever, with no roll."""
    s = _cliff()
    move(s, "kit", "top", [8, 1], roll=[15])
    assert s.state.actors["kit"].at == "face"
    ended = s.do({"do": "end_turn", "actor": "kit"})
    assert not of_type(ended, "rolled")
    (fell,) = of_type(ended, "fell")
    assert "R004-26" in fell.rules and fell.metres == 2.5
    assert s.state.actors["kit"].at == "scree"


def test_no_way_off_a_face_nobody_can_climb_R004_26() -> None:
    """R004-26: kit, put on the face by the map, cannot climb across or off it under her
    own power (the clifftop is reached by crossing the face); options do not offer it.
    Before: she walked off onto the clifftop with no roll."""
    s = _cliff("face", (3, 3))
    refused(s, {"do": "move", "actor": "kit", "to": "clifftop", "at": [3, 8]}, "unclimbable",
            "R004-26")
    assert not [o for o in s.options("kit") if o.command.get("do") in ("move", "rush")]
    ended = s.do({"do": "end_turn", "actor": "kit"})
    assert of_type(ended, "fell") and s.state.actors["kit"].at == "scree"


def test_a_drift_reveals_every_zone_it_carries_the_body_into_A004_17() -> None:
    """A004-17, A004-13: the current carries moll from the revealed upper run through the
    hidden chute into the hidden tarn (two zones a round, by option). She is placed in the
    chute on the way, so the chute is revealed as a zone a move passes through is.
    Before: only the tarn was."""
    zones = [{"id": "upper", "rect": [0, 0, 6, 6], "water": {"current": "chute"}},
             {"id": "chute", "rect": [6, 0, 6, 6], "water": {"current": "tarn"},
              "revealed": False},
             {"id": "tarn", "rect": [12, 0, 8, 6], "water": {}, "revealed": False}]
    s = session([actor("moll", "upper", [3, 3], AGI=11, bulk=6)], zones=zones,
                openings=[{"between": ["upper", "chute"]}, {"between": ["chute", "tarn"]}],
                options={"hazards": {"drift_zones": 2}})
    s.do({"do": "end_turn", "actor": "moll", "roll": [18]})
    assert s.state.actors["moll"].at == "tarn"
    assert set(s.state.world["revealed"]) == {"upper", "chute", "tarn"}


def test_climbing_down_a_challenging_face_owes_the_roll_by_option_R004_24_A004_11() -> None:
    """R004-24, A004-11 (``hazards.roll_climbing_down``): kit climbs down a challenging
    face by the trivial rope at its foot. The surface climbed down is the face, so with
    the option the descent owes one roll; failing it, she falls to the foot, her
    movement over. Before: the rope's grade alone was read and she owed nothing."""
    zones = [{"id": "scree", "rect": [0, 0, 6, 6]},
             {"id": "face", "floor": 1, "rect": [0, 0, 6, 6], "climb": "challenging",
              "below": "scree"}]
    climbs = [{"between": ["scree", "face"], "at": [3, 3], "grade": "trivial"}]

    def down(option: bool) -> Any:
        s = session([actor("kit", "face", [3, 4], AGI=10)], zones=zones, climbs=climbs,
                    options={"hazards": {"roll_climbing_down": option}})
        try:
            return s, move(s, "kit", "scree", [3, 1], roll=[15])
        except FootworkError:
            return s, None

    s, events = down(True)
    assert events is not None and of_type(events, "rolled") and of_type(events, "fell")
    assert s.state.actors["kit"].at == "scree" and s.state.actors["kit"].stopped
    s, events = down(False)
    assert events is None  # without the option no roll is owed: the face is not needed
    s, events = down(False)
    assert not of_type(move(s, "kit", "scree", [3, 1]), "rolled")


def test_a_game_master_placement_ends_the_running_start_A004_14() -> None:
    """A004-14, R004-30, R004-31: ada walks 2.5 m east in line with a 3 m gap, then the
    game master puts her at its take-off by fiat (gm_place). She has not run up to it:
    from a standing start the gap is beyond 2 m and cannot be leapt. Before: the run she
    had walked elsewhere was still counted and she leapt with a roll."""
    zones = [{"id": "a", "rect": [0, 0, 5, 8]}, {"id": "b", "rect": [8, 0, 4, 8]}]
    gaps = [{"between": ["a", "b"], "from": [5, 6], "to": [8, 6]}]
    s = session([actor("ada", "a", [0.5, 6], AGI=10)], zones=zones, gaps=gaps)
    move(s, "ada", "a", [3, 6])
    assert s.state.actors["ada"].run is not None
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "a", "point": [5, 6]})
    assert s.state.actors["ada"].run is None
    refused(s, {"do": "move", "actor": "ada", "to": "b", "at": [10, 6], "roll": [3]},
            "too_far_to_leap", "R004-31")
    # the same walk with no fiat in between is a running start (2.5 m in line)
    s = session([actor("ada", "a", [0.5, 6], AGI=10)], zones=zones, gaps=gaps)
    move(s, "ada", "a", [5, 6])
    assert of_type(move(s, "ada", "b", [10, 6], roll=[3]), "rolled")


# -- cells that already matched the text (run by hand, kept as tests) -----------------

RIVER: list[dict[str, Any]] = [
    {"id": "river", "rect": [0, 0, 6, 6], "water": {"turbulent": True}},
    {"id": "bank", "rect": [0, 6, 6, 6]}]


def test_a_rescue_never_hauls_onto_a_surface_nobody_can_balance_on_R004_23_A004_13() -> None:
    """Matched. R004-23, A004-13: bo hauls drowning ada out; a spot named on the icy strip
    of the bank is refused (`impassable`), and without one she lands off it."""
    rough = [{"rect": [0, 6, 6, 2], "qualities": ["narrow", "slippery"]}]
    s = session([actor("ada", "river", [3, 5], AGI=10), actor("bo", "bank", [3, 7])],
                zones=RIVER, openings=[{"between": ["river", "bank"]}], rough=rough)
    s.do({"do": "end_turn", "actor": "ada", "roll": [18]})
    refused(s, {"do": "rescue", "actor": "bo", "target": "ada", "at": [1, 7]}, "impassable",
            "R004-23")
    s.do({"do": "rescue", "actor": "bo", "target": "ada"})
    ada = s.state.actors["ada"]
    assert ada.at == "bank" and not ada.drowning and not 6 <= ada.point[1] <= 8


def test_a_pinner_cannot_place_the_mover_on_a_face_nobody_can_climb_R004_26_A004_05() -> None:
    """Matched. R004-21, R004-26, A004-05: jo pins ada and names a spot on the unclimbable
    face beside them: refused (`unclimbable`); without a spot she is set on the floor."""
    zones = [{"id": "r0", "rect": [0, 0, 6, 6]}, {"id": "r1", "rect": [6, 0, 6, 6]},
             {"id": "face", "rect": [0, 6, 6, 4], "climb": "extreme"}]
    s = session([actor("ada", "r0", [1, 3]), actor("jo", "r0", [4, 5], side="foes")],
                zones=zones, openings=[{"between": ["r0", "r1"]}, {"between": ["r0", "face"]}])
    move(s, "ada", "r1", [9, 5])
    s.do({"answer": "pin", "actor": "jo"})
    s.do({"answer": "STR", "roll": [20]})
    refused(s, {"answer": "place", "actor": "jo", "at": [4, 7]}, "unclimbable", "R004-26")
    s.do({"answer": "place", "actor": "jo"})
    assert s.state.actors["ada"].at == "r0"


def test_a_movement_cut_short_leaves_the_action_R004_21_A004_02() -> None:
    """Matched. R004-22, R004-21, A004-02: a failed roll ends ada's movement, not her
    activation: she may still act; neither a move nor a rush is accepted or offered."""
    s = _yard()
    move(s, "ada", "dock", [12, 2], roll=[15])
    refused(s, {"do": "rush", "actor": "ada", "to": "side", "at": [12, 2]}, "movement_over")
    refused(s, {"do": "move", "actor": "ada", "to": "side", "at": [12, 2]}, "movement_over")
    assert {o.command["do"] for o in s.options("ada")} == {"act", "end_turn"}
    assert of_type(s.do({"do": "act", "actor": "ada", "action": "shout"}), "acted")


def test_after_a_rush_not_even_a_step_inside_the_zone_R004_14_A004_02() -> None:
    """Matched. R004-14, A004-02: the rush is the round action, taken after the move
    step; afterwards a step within the zone (0 zones) is refused and not offered."""
    s = session([actor("ada", "r0", [1, 2])])
    move(s, "ada", "r2", [15, 2], rush=True)
    refused(s, {"do": "move", "actor": "ada", "to": "r2", "at": [16, 2]}, "after_action")
    assert [o.command["do"] for o in s.options("ada")] == ["end_turn"]


def test_a_running_start_does_not_outlive_the_activation_A004_14() -> None:
    """Matched. A004-14: ada runs 4 m up to the take-off of a 3 m gap and ends her turn;
    next activation she stands there: no running start, the gap cannot be leapt."""
    zones = [{"id": "a", "rect": [0, 0, 5, 4]}, {"id": "b", "rect": [8, 0, 4, 4]}]
    gaps = [{"between": ["a", "b"], "from": [5, 2], "to": [8, 2]}]
    s = session([actor("ada", "a", [1, 2], AGI=10)], zones=zones, gaps=gaps)
    move(s, "ada", "a", [5, 2])
    s.do({"do": "end_turn", "actor": "ada"})
    refused(s, {"do": "move", "actor": "ada", "to": "b", "at": [10, 2], "roll": [3]},
            "too_far_to_leap")


def test_a_slippery_log_in_the_rapids_balance_first_then_the_swim_R004_22_R004_27() -> None:
    """Matched (a reading). R004-22, R004-27, A004-09: standing on a slippery log in
    turbulent water, ada balances at the end of her activation; standing, she is not
    swimming (no swim roll). Falling off it she is in the water: the swim roll follows."""
    zones = [{"id": "river", "rect": [0, 0, 6, 6], "water": {"turbulent": True}}]
    rough = [{"rect": [0, 2, 6, 2], "qualities": ["slippery"]}]
    s = session([actor("ada", "river", [3, 3], AGI=10)], zones=zones, rough=rough)
    assert [r.check for r in of_type(s.do({"do": "end_turn", "actor": "ada", "roll": [3]}),
                                     "rolled")] == ["AGI 10 (balance, end of activation)"]
    ended = s.do({"do": "end_turn", "actor": "ada", "roll": [18, 3]})
    assert [r.check.split("(")[1] for r in of_type(ended, "rolled")] == [
        "balance, end of activation)", "swim, end of activation)"]
    assert of_type(ended, "fell") and not s.state.actors["ada"].drowning


def test_no_fiat_while_a_decision_waits_R004_19() -> None:
    """Matched. R004-19, R004-02: while jo decides whether to pin, the game master's
    placement and a reveal wait for the answer (nothing moves mid-decision)."""
    s = session([actor("ada", "r0", [1, 2]), actor("jo", "r1", [8, 2], side="foes")])
    move(s, "ada", "r1", [10, 2])
    assert s.state.pending is not None
    refused(s, {"do": "gm_place", "actor": "gm", "target": "ada", "to": "r3",
                "point": [21, 2]}, "decision_pending")
    refused(s, {"do": "reveal", "actor": "gm", "zone": "r3"}, "decision_pending")


def test_a_climb_down_two_faces_costs_one_roll_at_the_foot_by_option_R004_24_A004_11() -> None:
    """R004-24, A004-11 (``hazards.roll_climbing_down``: climbing down rolls as climbing up
    does): Fast kit rushes from the clifftop down two stacked challenging faces to the
    scree. Climbing up that run costs one roll, at its top; so climbing down it costs one,
    where it reaches the foot, none partway. Before: a roll at each hard climb, two."""
    zones = [{"id": "scree", "rect": [0, 0, 6, 6]},
             {"id": "face-low", "floor": 1, "rect": [0, 0, 6, 6], "climb": "challenging",
              "below": "scree"},
             {"id": "face-high", "floor": 2, "rect": [0, 0, 6, 6], "climb": "challenging",
              "below": "scree"},
             {"id": "clifftop", "floor": 2, "rect": [0, 6, 6, 4]}]
    climbs = [{"between": ["scree", "face-low"], "at": [3, 3], "grade": "challenging"},
              {"between": ["face-low", "face-high"], "at": [3, 3], "grade": "challenging"}]

    def kit(at: str, point: list[float]) -> Any:
        return session([actor("kit", at, point, AGI=10, fast=True)], zones=zones,
                       climbs=climbs, openings=[{"between": ["face-high", "clifftop"]}],
                       options={"hazards": {"roll_climbing_down": True}})

    up = kit("scree", [3, 1])
    assert len(of_type(move(up, "kit", "clifftop", [3, 8], rush=True, roll=[3]), "rolled")) == 1
    down = kit("clifftop", [3, 8])
    events = move(down, "kit", "scree", [3, 1], rush=True, roll=[3])
    assert len(of_type(events, "rolled")) == 1 and down.state.actors["kit"].at == "scree"
    # failing it at the foot, she falls the last storey there, her movement over
    down = kit("clifftop", [3, 8])
    events = move(down, "kit", "scree", [3, 1], rush=True, roll=[15])
    (fell,) = of_type(events, "fell")
    assert fell.metres == 2.5 and down.state.actors["kit"].at == "scree"
    assert down.state.actors["kit"].stopped


def test_a_leap_into_the_rapids_swims_from_where_it_lands_R004_27_R004_30() -> None:
    """Matched. R004-27, R004-29, R004-31: ada hops a 0.8 m crack from the bank into
    turbulent water (below 1 m from a standing start: no leap roll). Landing is no
    moment of the swim test: no roll there; at the end of her activation she rolls to
    swim. Overloaded, the same hop is refused (`cannot_swim`) and not offered."""
    zones = [{"id": "bank", "rect": [0, 0, 5, 6]},
             {"id": "rapids", "rect": [5.8, 0, 6, 6], "water": {"turbulent": True}}]
    gaps = [{"between": ["bank", "rapids"], "from": [5, 3], "to": [5.8, 3]}]
    s = session([actor("ada", "bank", [4, 3], AGI=10)], zones=zones, gaps=gaps)
    assert not of_type(move(s, "ada", "rapids", [8, 3]), "rolled")
    (rolled,) = of_type(s.do({"do": "end_turn", "actor": "ada", "roll": [3]}), "rolled")
    assert "swim" in rolled.check
    s = session([actor("ada", "bank", [4, 3], AGI=10, bulk=8)], zones=zones, gaps=gaps)
    refused(s, {"do": "move", "actor": "ada", "to": "rapids", "at": [8, 3]}, "cannot_swim",
            "R004-29")
    assert not [o for o in s.options("ada") if o.command.get("to") == "rapids"]


def test_put_by_the_map_or_the_game_master_where_nobody_holds_R004_23_R004_26() -> None:
    """R004-23, R004-26: the map starts ada on an icy, narrow strip with nothing below:
    at the end of her activation she falls where she stands (0 m) with no roll. The
    game master then puts her on the face nobody can climb (`gm_place`): at the end of
    her next activation she falls to its foot with no roll. Before: an AGI roll on the
    strip, and nothing at all on the face."""
    zones = [*CLIFF, {"id": "yard", "rect": [10, 0, 6, 6]}]
    rough = [{"rect": [10, 0, 6, 2], "qualities": ["narrow", "slippery"]}]
    s = session([actor("ada", "yard", [13, 1], AGI=10)], zones=zones, rough=rough)
    ended = s.do({"do": "end_turn", "actor": "ada"})
    (fell,) = of_type(ended, "fell")
    assert not of_type(ended, "rolled") and fell.metres == 0 and "R004-23" in fell.rules
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "face", "point": [3, 3]})
    ended = s.do({"do": "end_turn", "actor": "ada"})
    assert not of_type(ended, "rolled") and of_type(ended, "fell")
    assert s.state.actors["ada"].at == "scree"


# -- the s33 review, second pass ---------------------------------------------------------


def test_the_game_master_puts_a_drowning_body_ashore_R004_28_A004_13() -> None:
    """R004-28, A004-13: ada fails her swim roll in the rapids and drowns. Worked by hand:
    drowning is being too worn out to keep swimming, and only someone else saves her.
    The game master's fiat that puts her into the still pool leaves her in water: still
    drowning (no rescue). Put on the bank, she has nothing to drown in: the placement is
    that rescue, logged with it; she neither suffocates nor drifts at the round's end, and
    acts in her next activation. She used to stay drowning on the bank until an ally
    rescued her."""
    zones = [*RIVER, {"id": "pool", "rect": [6, 0, 6, 6], "water": {}}]
    zones[0] = {**zones[0], "water": {"turbulent": True, "current": "pool"}}
    s = session([actor("ada", "river", [3, 3], AGI=10), actor("bo", "bank", [3, 9])],
                zones=zones, openings=[{"between": ["river", "bank"]},
                                       {"between": ["river", "pool"]}])
    s.do({"do": "end_turn", "actor": "ada", "roll": [18]})
    assert s.state.actors["ada"].drowning
    wet = s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "pool"})
    assert not of_type(wet, "rescued") and s.state.actors["ada"].drowning
    dry = s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "bank"})
    (rescued,) = of_type(dry, "rescued")
    assert rescued.by == "gm" and {"R004-28", "A004-13"} <= set(rescued.rules)
    assert not s.state.actors["ada"].drowning
    ended = s.do({"do": "end_turn", "actor": "bo"})
    assert not of_type(ended, "suffocating") and s.state.actors["ada"].at == "bank"
    s.do({"do": "act", "actor": "ada", "action": "cough"})
