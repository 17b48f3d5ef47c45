"""Rule questions: open rule questions of the cause-by-condition review, settled from the text.

Item 1: a drop into a zone whose anti-gravity is on (R000-61). Item 2: a joint move into
a full zone (R000-14, R000-33, R000-34). Item 3: a voluntary drop's landing and
start-of-turn benefits (R000-54)."""

from __future__ import annotations

from typing import Any

from ._helpers import a, actor, end_turns, of_type, refused, session, types

#: a ledge above a shaft (a 10 m drop) whose anti-gravity is on, a plain pit beside it
SHAFT: list[dict[str, Any]] = [
    {"id": "ledge"},
    {"id": "shaft", "tile": {"kind": "antigravity"}, "traps": [{"name": "spikes", "damage": 1}],
     "start_of_turn": ["ley line"]},
    {"id": "pit", "traps": [{"name": "spikes", "damage": 1}], "start_of_turn": ["ley line"]},
]
SHAFT_LINKS: list[Any] = [{"a": "ledge", "b": "shaft", "one_way": True, "drop": True, "drop_m": 10},
                          {"a": "ledge", "b": "pit", "one_way": True, "drop": True, "drop_m": 10}]


def _ledge(**options: Any) -> Any:
    return session([actor("mei", "ledge")], zones=SHAFT, links=SHAFT_LINKS,
                   options=options or None)


def test_a_drop_into_anti_gravity_floats_instead_of_falling_R000_61() -> None:
    """R000-61: while anti-gravity is on everyone in its zone floats; a character going
    over the edge into it does not fall: no fall, no landing damage; it enters the zone
    (its trap goes off, R000-19) floating 10 m above the floor, where it came over the
    edge. Switched off, it falls those 10 m (hard: 10 / 5 = 2 damage)."""
    s = _ledge()
    events = s.do({"do": "move", "actor": "mei", "to": "shaft"})
    assert "fall_started" not in types(events) and "landed" not in types(events)
    assert of_type(events, "trap_sprung")
    mei = a(s, "mei")
    assert (mei.at, mei.altitude_m, mei.fall_onto, mei.aura) == ("shaft", 10.0, None, 9)
    s.do({"do": "switch", "actor": "gm", "zone": "shaft", "on": False})
    (landed,) = of_type(s.history[-1].events, "landed")
    assert landed.metres == 10.0 and landed.damage == 2


def test_a_voluntary_drop_sets_off_traps_but_offers_no_benefit_R000_54() -> None:
    """R000-54 gives the start-of-turn benefit at once to a character *forced* into a
    zone; one who drops in by its own Move lands (R000-39, R000-41: 10 / 5 = 2), sets
    off the trap (R000-19) and is offered nothing until its turn starts there."""
    s = _ledge()
    events = s.do({"do": "move", "actor": "mei", "to": "pit"})
    assert of_type(events, "landed") and of_type(events, "trap_sprung")
    assert not of_type(events, "benefit_offered")
    assert a(s, "mei").at == "pit"


def test_a_body_thrown_over_the_edge_is_offered_the_benefit_R000_54() -> None:
    """R000-54, R000-55: thrown over the same edge, the fall is forced: the landing
    offers the zone's start-of-turn benefit at once."""
    s = session([actor("mei", "ledge"), actor("bo", "ledge", side="b", earth=8)],
                zones=SHAFT, links=SHAFT_LINKS)
    s.do({"do": "throw", "actor": "mei", "target": "bo", "to": "pit"})
    events = s.do({"answer": "forfeit"})
    assert of_type(events, "landed") and of_type(events, "benefit_offered")


def test_a_long_voluntary_drop_offers_nothing_when_it_lands_later_R000_54() -> None:
    """R000-40, R000-54: a 60 m drop lands at the end of the next round; the landing
    still knows it was the faller's own drop (no benefit)."""
    links = [{**SHAFT_LINKS[1], "drop_m": 60}]
    s = session([actor("mei", "ledge")], zones=SHAFT, links=links)
    s.do({"do": "move", "actor": "mei", "to": "pit"})
    assert a(s, "mei").fall_onto == "pit"
    later = types(end_turns(s, "mei", "mei"))
    landing = later[later.index("landed"):]
    # nothing offered at the landing; the next start of her turn there offers it as usual
    assert "benefit_offered" not in landing[:landing.index("turn_started")]


def _closet(**limit: Any) -> Any:
    """Mei in the hall; the closet (limit 1) holds Bo; Mei names him as defender."""
    zones = [{"id": "hall"}, {"id": "closet", "limit": 1}, {"id": "yard"}]
    links = [["hall", "closet"], ["closet", "yard"]]
    return session([actor("mei", "hall"), actor("bo", "closet", side="b")], zones=zones,
                   links=links, options={"limit": limit} if limit else None)


def test_a_failed_limit_challenge_spends_the_crossing_by_default_R000_34() -> None:
    """R000-34 says only that the entrant cannot get in; footwork's default charges the
    crossing's Speed all the same (the attempt was declared, R000-26, A000-04), so with
    Speed 1 the Move is used up and a second try is refused."""
    s = _closet()
    events = s.do({"do": "move", "actor": "mei", "to": "closet", "defender": "bo",
                   "roll": [1]})
    assert of_type(events, "crossing_blocked") and a(s, "mei").at == "hall"
    assert a(s, "mei").spent == 1


def test_without_the_default_only_getting_in_costs_speed_R000_34() -> None:
    """``limit.failed_entry_spends_speed: false``: a failed Challenge costs nothing, so
    the Move is still there; a won one pays the crossing when the entrant gets in."""
    s = _closet(failed_entry_spends_speed=False)
    events = s.do({"do": "move", "actor": "mei", "to": "closet", "defender": "bo",
                   "roll": [1]})
    assert of_type(events, "crossing_blocked") and not of_type(events, "speed_spent")
    assert a(s, "mei").spent == 0
    events = s.do({"do": "move", "actor": "mei", "to": "closet", "defender": "bo",
                   "roll": [20]})
    assert [e.amount for e in of_type(events, "speed_spent")] == [1]
    assert a(s, "mei").at == "closet" and a(s, "mei").spent == 1


def test_only_a_foe_aware_of_the_mover_gets_the_opportunity_R000_66() -> None:
    """R000-06, R000-65, R000-66 (item 5): an Opportunity is an attack on the mover, and
    one never has sight of a target it does not know of: a hidden mover leaving the
    guard's zone gives the unaware guard nothing; once sensed, or not hidden, it does."""
    guard = {"abilities": ["grants_opportunity"]}
    for hidden in (True, False):
        s = session([actor("mei", "a", hidden=hidden, stealth_defense=15),
                     actor("foe", "a", side="b", **guard)])
        events = s.do({"do": "move", "actor": "mei", "to": "b"})
        granted = [e.actor for e in of_type(events, "opportunity_granted")]
        assert granted == ([] if hidden else ["foe"])
    s = session([actor("mei", "a", hidden=True, stealth_defense=5),
                 actor("foe", "a", side="b", **guard)], order=["foe", "mei"])
    s.do({"do": "sense", "actor": "foe", "target": "mei", "roll": [20]})
    end_turns(s, "foe")
    events = s.do({"do": "move", "actor": "mei", "to": "b"})
    assert [e.actor for e in of_type(events, "opportunity_granted")] == ["foe"]


# -- rule question 2: a joint move into a full zone (R000-14, R000-33, R000-34, A000-07) ----

def _hut(*inside: str, **partners: Any) -> Any:
    """Partners su and jin (Earth 5) at the gate of a hut for two; ``inside`` are foes
    there (Earth defence 10); the yard is the hut's other neighbour."""
    zones = [{"id": "gate"}, {"id": "hut", "limit": 2}, {"id": "yard"}]
    links = [["gate", "hut"], ["hut", "yard"]]
    s = session([actor("su", "gate", earth=5), actor("jin", "gate", earth=5),
                 *(actor(x, "hut", side="x") for x in inside)],
                zones=zones, links=links, options={"partners": partners} if partners else None)
    s.do({"do": "partner", "actor": "su", "target": "jin"})
    s.do({"answer": "accept"})
    return s


def test_with_room_for_one_the_second_partner_challenges_R000_33_R000_14() -> None:
    """R000-12, R000-33, R000-34: in a hut for two holding ma, the mover (su) takes the
    last place; jin is then a further entrant and Challenges Earth against a defender of
    its own choice (5 + 12 = 17 against 10: Success), goes in and throws ma out."""
    s = _hut("ma")
    refused(s, {"do": "joint_move", "actor": "su", "to": "hut"}, "zone_full", "R000-33")
    refused(s, {"do": "joint_move", "actor": "su", "to": "hut", "defender": "ma",
                "partner_defender": "ma"}, "not_full", "R000-33")
    events = s.do({"do": "joint_move", "actor": "su", "to": "hut", "partner_defender": "ma",
                   "roll": [12]})
    (rolled,) = of_type(events, "rolled")
    assert (rolled.actor, rolled.total) == ("jin", 17)
    pending = s.state.pending
    assert pending is not None and pending.kind == "crowd_throw" and pending.actor == "jin"
    assert sorted(pending.choices) == ["gate", "yard"]
    assert (a(s, "su").at, a(s, "jin").at) == ("hut", "hut")
    s.do({"answer": "yard"})
    assert (a(s, "ma").at, a(s, "su").partner, s.state.pending) == ("yard", "jin", None)


def test_with_no_room_each_partner_challenges_its_own_defender_R000_14_R000_34() -> None:
    """R000-14, R000-33, R000-34, A000-08: the hut is full (ma, ko): each partner Challenges
    the defender it names; both win, both go in, and each throws its defender in turn (su
    first, then jin, whose choices are read once su's throw is done)."""
    s = _hut("ma", "ko")
    refused(s, {"do": "joint_move", "actor": "su", "to": "hut", "defender": "ma",
                "partner_defender": "ma"}, "bad_defender", "R000-33")
    refused(s, {"do": "joint_move", "actor": "su", "to": "hut", "defender": "ma"},
            "zone_full", "R000-33")
    s.do({"do": "joint_move", "actor": "su", "to": "hut", "defender": "ma",
          "partner_defender": "ko", "roll": [12, 15]})
    first = s.state.pending
    assert first is not None and (first.actor, first.context["defender"]) == ("su", "ma")
    s.do({"answer": "gate"})
    second = s.state.pending
    assert second is not None and (second.actor, second.context["defender"]) == ("jin", "ko")
    s.do({"answer": "yard"})
    where = {x: a(s, x).at for x in ("su", "jin", "ma", "ko")}
    assert where == {"su": "hut", "jin": "hut", "ma": "gate", "ko": "yard"}
    assert a(s, "su").partner == "jin" and s.state.pending is None


def test_a_partner_failing_its_limit_challenge_stops_both_by_default_A000_07() -> None:
    """A000-07 (``stop_both``), R000-34: jin fails (5 + 2 = 7 against 10): neither goes in,
    nobody is thrown, the partnership holds and the crossing's Speed is spent
    (``limit.failed_entry_spends_speed``)."""
    s = _hut("ma", "ko")
    events = s.do({"do": "joint_move", "actor": "su", "to": "hut", "defender": "ma",
                   "partner_defender": "ko", "roll": [12, 2]})
    assert len(of_type(events, "crossing_blocked")) == 2 and s.state.pending is None
    assert {x: a(s, x).at for x in ("su", "jin", "ma", "ko")} == {
        "su": "gate", "jin": "gate", "ma": "hut", "ko": "hut"}
    assert (a(s, "su").partner, a(s, "su").spent, a(s, "jin").spent) == ("jin", 1, 1)


def test_split_lets_the_winner_in_alone_A000_07() -> None:
    """A000-07 (``split``): jin fails and stays out; su wins, goes in, throws ma, and the
    partnership ends as they are in different zones (R000-10)."""
    s = _hut("ma", "ko", joint_block="split")
    s.do({"do": "joint_move", "actor": "su", "to": "hut", "defender": "ma",
          "partner_defender": "ko", "roll": [12, 2]})
    pending = s.state.pending
    assert pending is not None and pending.actor == "su"
    assert (a(s, "su").at, a(s, "jin").at, a(s, "su").partner) == ("hut", "gate", None)
    s.do({"answer": "yard"})
    assert a(s, "ma").at == "yard" and s.state.pending is None


def test_options_list_joint_moves_with_each_pair_of_defenders_R000_33() -> None:
    """R000-33, R000-14: the joint move into the full hut is offered once per pair of
    distinct defenders, with both limit Challenges' odds."""
    s = _hut("ma", "ko")
    joint = [o for o in s.options("su") if o.command["do"] == "joint_move"]
    pairs = sorted((o.command["defender"], o.command["partner_defender"]) for o in joint)
    assert pairs == [("ko", "ma"), ("ma", "ko")]
    assert all(len(o.checks) == 2 for o in joint)


# -- every cause of a fall, at its landing (R000-54, R000-61; the s30 review) ------------

def test_a_storyteller_fall_onto_anti_gravity_floats_R000_61_R000_54() -> None:
    """R000-61: nobody falls where anti-gravity is on, whatever began the fall: the
    Storyteller's 10 m fall from the ledge into the shaft puts mei there floating 10 m
    up, with no landing. R000-48, R000-54: a collapsing floor is a map effect forcing
    mei into a new zone, so its trap goes off and its ley line is offered."""
    s = _ledge()
    events = s.do({"do": "fall", "actor": "gm", "target": "mei", "metres": 10,
                   "onto": "shaft"})
    assert "landed" not in types(events) and "fall_started" not in types(events)
    assert of_type(events, "trap_sprung") and of_type(events, "benefit_offered")
    mei = a(s, "mei")
    assert (mei.at, mei.altitude_m, mei.fall_onto, mei.aura) == ("shaft", 10.0, None, 9)


def test_a_storyteller_fall_into_its_own_anti_gravity_is_refused_R000_61() -> None:
    """R000-61: in a zone whose anti-gravity is on, a fall in place cannot happen; the
    command is refused and nothing changes."""
    s = session([actor("mei", "shaft")], zones=SHAFT, links=SHAFT_LINKS)
    refused(s, {"do": "fall", "actor": "gm", "target": "mei", "metres": 5}, "held_up",
            "R000-61")


def test_a_fall_in_place_sets_off_nothing_R000_54() -> None:
    """R000-54 needs a new location: anti-gravity switching off, or the Storyteller's fall
    in place, lands the body where it was: landing damage, but no trap and no benefit."""
    s = _ledge()
    s.do({"do": "move", "actor": "mei", "to": "shaft"})
    events = s.do({"do": "switch", "actor": "gm", "zone": "shaft", "on": False})
    assert of_type(events, "landed") and not of_type(events, "trap_sprung")
    assert not of_type(events, "benefit_offered")
    s = session([actor("mei", "pit")], zones=SHAFT, links=SHAFT_LINKS)
    events = s.do({"do": "fall", "actor": "gm", "target": "mei", "metres": 10})
    assert of_type(events, "landed") and not of_type(events, "trap_sprung")
    assert not of_type(events, "benefit_offered")


def test_a_failed_climb_is_the_climbers_own_fall_R000_54_A000_30() -> None:
    """R000-54, A000-30: a climber who lets go falls by its own doing, like one who drops;
    the fall records it (``fall_voluntary``) as every cause's fall does at the one stage
    where falls begin; a body thrown over an edge is forced (R000-48)."""
    zones = [{"id": "court"}, {"id": "cliff", "floor_m": 120}]
    links = [{"a": "court", "b": "cliff", "climb": "ordinary"}]
    s = session([actor("wu", "court")], zones=zones, links=links,
                options={"climb": {"on_failure": "fall"}})
    events = s.do({"do": "move", "actor": "wu", "to": "cliff", "element": "air",
                   "roll": [1]})
    (started,) = of_type(events, "fall_started")
    assert started.voluntary and a(s, "wu").fall_voluntary


def test_a_partner_names_only_a_defender_it_knows_of_R000_66_R000_33() -> None:
    """R000-33, R000-66: as for a lone entrant, a partner's defender is chosen, so only
    among the occupants it knows of: a hidden ko fills the hut but cannot be named."""
    zones = [{"id": "gate"}, {"id": "hut", "limit": 2}, {"id": "yard"}]
    s = session([actor("su", "gate", earth=5), actor("jin", "gate", earth=5),
                 actor("ma", "hut", side="x"), actor("ko", "hut", side="x", hidden=True)],
                zones=zones, links=[["gate", "hut"], ["hut", "yard"]])
    s.do({"do": "partner", "actor": "su", "target": "jin"})
    s.do({"answer": "accept"})
    error = refused(s, {"do": "joint_move", "actor": "su", "to": "hut", "defender": "ma",
                        "partner_defender": "ko"}, "bad_defender", "R000-66")
    assert str(error.detail).startswith("partner_defender: ")
