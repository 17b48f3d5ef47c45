"""The s32 cause-by-condition review of `cultivation` (README, "The s32 review"): cells the
s31 and issue-23 tables left out, each worked from the text by hand before footwork was
run. Here: what a body in mid-fall may do and what it counts for (over an edge, or in
place), a fall that anti-gravity comes to hold, partners whose border costs differ, and
the Storyteller's waiver of a climb or of anti-gravity's Difficult Terrain."""

from __future__ import annotations

from typing import Any

from ._helpers import a, actor, refused, session, types

#: a cliff top 300 m over the yard: a fall off it lasts three rounds (R000-40, A000-10)
CLIFF: list[dict[str, Any]] = [{"id": "cliff", "floor_m": 300, "items": ["pill"]},
                               {"id": "yard"}]
CLIFF_LINKS: list[Any] = [{"a": "cliff", "b": "yard", "one_way": True, "drop": True}]


def _off_the_cliff() -> Any:
    """bo drops off the cliff (a 300 m fall under way, listed at the cliff); al and cy
    stay on top."""
    s = session([actor("bo", "cliff"), actor("al", "cliff"), actor("cy", "cliff")],
                zones=CLIFF, links=CLIFF_LINKS)
    assert "fall_started" in types(s.do({"do": "move", "actor": "bo", "to": "yard"}))
    assert (a(s, "bo").at, a(s, "bo").fall_onto) == ("cliff", "yard")
    return s


def test_a_faller_uses_no_item_of_the_zone_it_left_R000_19_R000_40() -> None:
    """R000-19: an item lying in a zone serves those in it. bo has gone over the edge
    (R000-39): for the three rounds of the fall it is on its way to the yard, no longer
    on the cliff, so the cliff's pill is out of its reach (it used to take it mid-air)."""
    s = _off_the_cliff()
    refused(s, {"do": "use_item", "actor": "bo", "item": "pill"}, "falling", "R000-40")
    assert not [o for o in s.options("bo") if o.command.get("do") == "use_item"]


def test_nobody_partners_a_faller_R000_07_R000_10() -> None:
    """R000-07, R000-10: partners must share a zone, and a partnership ends the moment
    they do not. bo, falling to the yard, cannot ask al on the cliff to partner it (it
    used to ask), nor be asked."""
    s = _off_the_cliff()
    refused(s, {"do": "partner", "actor": "bo", "target": "al"}, "falling", "R000-40")
    s.do({"do": "end_turn", "actor": "bo"})
    refused(s, {"do": "partner", "actor": "al", "target": "bo"}, "falling", "R000-40")


def test_a_thrown_faller_does_not_sprint_R000_03_R000_40() -> None:
    """R000-03: a Sprint spends the Action to move farther; a body in mid-fall moves only
    as it falls (R000-40). bo, thrown off the cliff in al's turn (no Speed of its own
    spent, R000-55), cannot Sprint in its own turn (it used to, losing its Action for
    nothing)."""
    s = session([actor("al", "cliff"), actor("bo", "cliff", side="x")],
                zones=CLIFF, links=CLIFF_LINKS)
    s.do({"do": "throw", "actor": "al", "target": "bo", "to": "yard"})
    assert "fall_started" in types(s.do({"answer": "forfeit"}))
    s.do({"do": "end_turn", "actor": "al"})
    refused(s, {"do": "sprint", "actor": "bo"}, "falling", "R000-40")


def _pond_pair(water_m: float = 0.8) -> Any:
    """al (2 m tall) and bo (1 m), partners on the bank of a pond 0.8 m deep: al wades
    (under half its height), bo swims (R000-43)."""
    s = session([actor("al", "bank", height_m=2.0), actor("bo", "bank", height_m=1.0)],
                zones=[{"id": "bank"}, {"id": "pond", "water_m": water_m}],
                links=[["bank", "pond"]])
    s.do({"do": "partner", "actor": "al", "target": "bo"})
    s.do({"answer": "accept"})
    return s


def test_partners_each_pay_their_own_border_R000_13_R000_44() -> None:
    """R000-13: a joint move needs each partner to have the Speed its own way costs;
    R000-44: the swimmer's border costs 2. Worked by hand: al (Speed 1) wades in for 1;
    bo swims in for 2, so bo must Sprint (its own Action, A000-07) and then has 3. Both
    have enough: they go in together, al's Action kept (it used to be refused, bo's 2
    read against the lower of the two Speeds, 1). Without bo's Sprint it is refused."""
    s = _pond_pair()
    refused(s, {"do": "joint_move", "actor": "al", "to": "pond"}, "partner_too_slow",
            "R000-13")
    s.do({"do": "joint_move", "actor": "al", "to": "pond", "partner_sprints": True})
    al, bo = a(s, "al"), a(s, "bo")
    assert (al.at, bo.at, al.spent, bo.spent) == ("pond", "pond", 1, 2)
    assert (al.action_spent, bo.action_spent, al.partner) == (False, True, "bo")
    # a second zone: al's Speed is used up (too late to Sprint, A000-03), so the pair
    # stops here (R000-13)
    refused(s, {"do": "joint_move", "actor": "al", "to": "bank"}, "no_speed", "R000-01")


def test_the_storyteller_may_waive_a_climb_R000_28_R000_37() -> None:
    """R000-37: a climb is a Difficult Terrain Challenge (10, 20 or 30), and R000-28 lets
    the Storyteller waive Difficult Terrain for a character who works round it (a rope let
    down). The roof, up a sheer wall (20), has no Difficult Terrain of its own. Worked by
    hand: waived for al, al goes up for 1 Speed with no roll, its Action kept; bo, not
    waived, still rolls against 20 (the waiver used to be refused: the roof is no DT
    zone, so no climb could ever be waived)."""
    s = session([actor("al", "yard"), actor("bo", "yard")],
                zones=[{"id": "yard"}, {"id": "roof", "floor_m": 5}, {"id": "shed"}],
                links=[{"a": "yard", "b": "roof", "climb": "sheer"}, ["yard", "shed"]])
    s.do({"do": "waive", "actor": "gm", "target": "al", "zone": "roof"})
    assert types(s.do({"do": "move", "actor": "al", "to": "roof"})) == ["speed_spent", "moved"]
    assert (a(s, "al").at, a(s, "al").action_spent) == ("roof", False)
    s.do({"do": "end_turn", "actor": "al"})
    assert "rolled" in types(s.do({"do": "move", "actor": "bo", "to": "roof", "roll": [15]}))
    # a zone with neither Difficult Terrain nor a climb into it has nothing to waive
    refused(s, {"do": "waive", "actor": "gm", "target": "bo", "zone": "shed"}, "no_dt",
            "R000-28")


def test_nobody_reaches_a_body_that_went_over_the_edge_R000_76_R000_40() -> None:
    """R000-76: one spends Speed to reach a target one band away *in one's own zone*. bo
    has gone over the cliff's edge (R000-39) and is on its way to the yard, 300 m below:
    al, levitating on the cliff a band above the ground, cannot reach it (it used to,
    bo still being listed at the cliff)."""
    s = session([actor("bo", "cliff"), actor("al", "cliff", band="floating",
                                              abilities=["levitate"])],
                zones=CLIFF, links=CLIFF_LINKS, options={"bands": {"enabled": True}})
    s.do({"do": "move", "actor": "bo", "to": "yard"})
    s.do({"do": "end_turn", "actor": "bo"})
    refused(s, {"do": "reach_band", "actor": "al", "target": "bo"}, "falling", "R000-76")


def test_a_fall_under_way_is_held_up_when_anti_gravity_comes_on_below_R000_61() -> None:
    """R000-61: while anti-gravity is on nobody falls in its zone. bo goes over a 120 m
    edge towards the yard, whose anti-gravity is off (a fall of three rounds: 50, then
    the 70 left, R000-40). The Storyteller switches it on before the round ends. Worked
    by hand: gravity is off below bo for the rest of its way, so it never lands: it is
    in the yard, afloat at the 120 m it had still to fall, with no damage (it used to go
    on falling and land for 120 / 5 = 24, R000-41). Entering the yard sets off its trap
    as any entry does (R000-19); it was its own drop, so no benefit (R000-54)."""
    s = session([actor("bo", "cliff", aura=40)],
                zones=[{"id": "cliff", "floor_m": 120},
                       {"id": "yard", "tile": {"kind": "antigravity"},
                        "traps": [{"name": "caltrops", "damage": 1}],
                        "start_of_turn": ["ley line"]}],
                links=[{"a": "cliff", "b": "yard", "one_way": True, "drop": True}])
    s.do({"do": "switch", "actor": "gm", "zone": "yard", "on": False})
    s.do({"do": "move", "actor": "bo", "to": "yard"})
    s.do({"do": "switch", "actor": "gm", "zone": "yard", "on": True})
    events = s.do({"do": "end_turn", "actor": "bo"})
    kinds = types(events)
    assert "landed" not in kinds and "trap_sprung" in kinds
    # the ley line is offered only as bo's next turn starts there, not on its way in
    assert kinds.index("benefit_offered") > kinds.index("turn_started")
    bo = a(s, "bo")
    assert (bo.at, bo.fall_onto, bo.aura) == ("yard", None, 39)
    assert bo.altitude_m >= 120  # afloat (and the anti-gravity lifts it on, A000-20)


def test_the_storyteller_may_waive_anti_gravity_terrain_R000_28_R000_61() -> None:
    """R000-61: while anti-gravity is on, every border of its zone is Difficult Terrain ½;
    R000-28: the Storyteller may waive Difficult Terrain for a character who works round
    it. Worked by hand: the shaft (no DT of its own) has its anti-gravity on; waived for
    al, al floats in for 1 Speed with no roll; bo, not waived, rolls against ½ (the
    waiver used to be refused: the shaft has no DT rating of its own)."""
    s = session([actor("al", "hall"), actor("bo", "hall")],
                zones=[{"id": "hall"}, {"id": "shaft", "tile": {"kind": "antigravity"}}],
                links=[["hall", "shaft"]])
    s.do({"do": "waive", "actor": "gm", "target": "al", "zone": "shaft"})
    assert "rolled" not in types(s.do({"do": "move", "actor": "al", "to": "shaft"}))
    assert a(s, "al").at == "shaft"
    s.do({"do": "end_turn", "actor": "al"})
    assert "rolled" in types(s.do({"do": "move", "actor": "bo", "to": "shaft", "roll": [15]}))


def test_going_over_the_edge_gives_up_the_zones_benefit_R000_54() -> None:
    """R000-54: a start-of-turn benefit is drawn where one stands, and leaving the zone
    gives it up. bo's turn starts on the cliff's ley line; it then goes over the 300 m
    edge: it has left the cliff, so it can no longer draw on the ley line mid-fall (it
    used to keep it until it landed, three rounds later)."""
    s = session([actor("bo", "cliff"), actor("al", "cliff")],
                zones=[{**CLIFF[0], "start_of_turn": ["ley line"]}, CLIFF[1]],
                links=CLIFF_LINKS)
    s.do({"do": "end_turn", "actor": "bo"})
    s.do({"do": "end_turn", "actor": "al"})  # round 2: bo's turn starts on the ley line
    assert a(s, "bo").benefits == ("ley line",)
    s.do({"do": "move", "actor": "bo", "to": "yard"})
    refused(s, {"do": "use_benefit", "actor": "bo", "benefit": "ley line"}, "no_benefit",
            "R000-54")


def test_a_body_falling_in_its_own_zone_has_not_left_it_R000_07_R000_19() -> None:
    """The refusals above are for a body that has gone over an edge. A fall in place (the
    Storyteller's `fall` with no `onto`: a broken flight 300 m up) keeps the body in its
    zone (R000-18), so an ally there may still partner it (R000-07) and it may still use
    the zone's item (R000-19); it cannot Sprint, having no Move to lengthen (R000-40)."""
    s = session([actor("bo", "cliff"), actor("al", "cliff")], zones=CLIFF, links=CLIFF_LINKS)
    s.do({"do": "fall", "actor": "gm", "target": "bo", "metres": 300})
    assert (a(s, "bo").at, a(s, "bo").fall_onto) == ("cliff", "cliff")
    assert types(s.do({"do": "partner", "actor": "bo", "target": "al"})) == [
        "decision_requested"]
    s.do({"answer": "refuse"})
    assert types(s.do({"do": "use_item", "actor": "bo", "item": "pill"})) == ["item_used"]
    refused(s, {"do": "sprint", "actor": "bo"}, "falling", "R000-40")


def test_a_waiver_follows_the_body_whatever_moves_it_R000_28_R000_52_R000_14() -> None:
    """R000-28 (cells that matched, pinned): the mud (DT 15) waived for bo. Thrown there
    with its defence forfeited (R000-50), bo needs no Result to clear it (R000-52): no
    roll, it lands in the mud. Partnered with al in a joint move, only al rolls
    (R000-14)."""
    zones: list[dict[str, Any]] = [{"id": "yard"}, {"id": "mud", "dt": 15}]
    s = session([actor("al", "yard"), actor("bo", "yard", side="x")], zones=zones,
                links=[["yard", "mud"]])
    s.do({"do": "waive", "actor": "gm", "target": "bo", "zone": "mud"})
    s.do({"do": "throw", "actor": "al", "target": "bo", "to": "mud"})
    assert "rolled" not in types(s.do({"answer": "forfeit"}))
    assert a(s, "bo").at == "mud"
    s = session([actor("al", "yard"), actor("bo", "yard")], zones=zones,
                links=[["yard", "mud"]])
    s.do({"do": "waive", "actor": "gm", "target": "bo", "zone": "mud"})
    s.do({"do": "partner", "actor": "al", "target": "bo"})
    s.do({"answer": "accept"})
    events = s.do({"do": "joint_move", "actor": "al", "to": "mud", "roll": [20]})
    assert [e.actor for e in events if e.type == "rolled"] == ["al"]
    assert (a(s, "al").at, a(s, "bo").at) == ("mud", "mud")


def test_the_joint_move_a_partners_sprint_allows_is_offered_R000_13_A000_07() -> None:
    """Options agree with decide: the wading and swimming pair can go in only if the
    swimmer Sprints (A000-07), so that is how the joint move into the pond is offered
    (it was not offered at all), and the offered command is accepted as it stands."""
    s = _pond_pair()
    joint = [o for o in s.options("al") if o.command.get("do") == "joint_move"]
    assert [o.command for o in joint] == [
        {"do": "joint_move", "actor": "al", "to": "pond", "partner_sprints": True}]
    s.do(joint[0].command)
    assert (a(s, "al").at, a(s, "bo").at) == ("pond", "pond")


def test_a_body_falling_in_place_still_fills_its_zone_R000_32_R000_40() -> None:
    """R000-32: a zone with a limit holds that many characters. ko, in a hut for one, is
    dropped 120 m in place by the Storyteller (a broken flight over the hut): it falls
    for two rounds inside the hut, which it never leaves (the s31 table: it lands where it
    was counted). Worked by hand: the hut is full, so lin must Challenge a defender to get
    in (R000-33), and ko cannot be chosen, being in mid-fall (nothing may lay hands on it,
    R000-40): lin stays out (it used to walk in, and ko landed in a hut holding two)."""
    s = session([actor("lin", "gate"), actor("ko", "hut", side="x")],
                zones=[{"id": "gate"}, {"id": "hut", "limit": 1}], links=[["gate", "hut"]])
    s.do({"do": "fall", "actor": "gm", "target": "ko", "metres": 120})
    assert a(s, "ko").fall_onto == "hut"
    refused(s, {"do": "move", "actor": "lin", "to": "hut"}, "zone_full", "R000-33")
    assert not [o for o in s.options("lin") if o.command.get("to") == "hut"]


def test_a_zone_effect_touches_a_body_falling_in_place_R000_21() -> None:
    """R000-21: an effect aimed at a zone touches everyone inside. ko is falling 120 m in
    place in the hut (it never leaves it): a storm of 2 through the hut hits ko and lin
    alike (ko used to be skipped); bo, gone over the cliff's edge, is in no zone."""
    s = session([actor("lin", "hut"), actor("ko", "hut"), actor("bo", "hut")],
                zones=[{"id": "hut", "floor_m": 300}, {"id": "yard"}],
                links=[{"a": "hut", "b": "yard", "one_way": True, "drop": True}])
    s.do({"do": "fall", "actor": "gm", "target": "ko", "metres": 120})
    s.do({"do": "fall", "actor": "gm", "target": "bo", "metres": 300, "onto": "yard"})
    s.do({"do": "zone_effect", "actor": "gm", "zone": "hut", "amount": 2})
    assert [a(s, x).aura for x in ("lin", "ko", "bo")] == [8, 8, 10]


def test_a_fall_in_place_is_held_where_it_is_R000_61_R000_54() -> None:
    """R000-61 for a fall in place: bo falls 120 m inside the yard (the Storyteller's
    `fall`, no `onto`), and the yard's anti-gravity comes on. Worked by hand: it is held
    afloat at 120 m; it enters no new location, so the yard's spikes stay quiet
    (R000-54), and nothing lands."""
    s = session([actor("bo", "yard", aura=40)],
                zones=[{"id": "yard", "tile": {"kind": "antigravity"},
                        "traps": [{"name": "spikes", "damage": 1}]}], links=[])
    s.do({"do": "switch", "actor": "gm", "zone": "yard", "on": False})
    s.do({"do": "fall", "actor": "gm", "target": "bo", "metres": 120})
    s.do({"do": "switch", "actor": "gm", "zone": "yard", "on": True})
    kinds = types(s.do({"do": "end_turn", "actor": "bo"}))
    assert "landed" not in kinds and "trap_sprung" not in kinds and "moved" not in kinds
    bo = a(s, "bo")
    assert (bo.at, bo.fall_onto, bo.aura) == ("yard", None, 40) and bo.altitude_m >= 120
