"""The s33 cause-by-condition review of `cultivation` (README, "The s33 review"): an
unconscious character thrown, the `target` query at a body gone over an edge, a current
and a body falling in place, and a third pass over cells the s31 and s32 tables leave out.
Each outcome was worked from the text by hand before footwork was run."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from footwork.errors import DiceError

from ._helpers import a, actor, end_turns, of_type, refused, session, types

#: a pool under water (breath is held there, A000-15) beside a dry bank
POOL: list[dict[str, Any]] = [{"id": "pool", "submerged": True}, {"id": "bank"}]
POOL_LINKS: list[Any] = [["pool", "bank"]]


def _out_cold(options: dict[str, Any] | None = None) -> Any:
    """bo (Prowess 0, Earth defence 4) passes out at the end of round 1 in the pool: the
    breath Penalty of 5 is above its defence (R000-47); al (Earth 0, Prowess 5) holds on."""
    s = session([actor("al", "pool", earth=0, prowess=5),
                 actor("bo", "pool", side="x", prowess=0, earth_defense=4)],
                zones=POOL, links=POOL_LINKS, options=options)
    s.do({"do": "end_turn", "actor": "al"})
    s.do({"do": "end_turn", "actor": "bo"})
    assert a(s, "bo").unconscious and s.state.current == "al"
    return s


def test_an_unconscious_target_is_asked_nothing_R000_49_R000_50_A000_15() -> None:
    """R000-49: a throw is the thrower's Challenge against the target's defence; R000-50:
    forfeiting that defence is the target's choice, made when it sees an advantage. bo is
    out cold (R000-47): it sees nothing and chooses nothing, and nothing in the chapter
    takes its defence away (A000-15 leaves the rest to other chapters). Worked by hand:
    al's d20 + 0 against 4 is rolled at once; a 2 fails (bo stays), a 10 succeeds (bo is
    carried onto the bank). Nobody is asked (it used to wait on bo's `forced_defense`)."""
    s = _out_cold()
    events = s.do({"do": "throw", "actor": "al", "target": "bo", "to": "bank", "roll": [2]})
    assert s.state.pending is None
    assert "decision_requested" not in types(events)
    (rolled,) = of_type(events, "rolled")
    assert (rolled.total, rolled.outcome, rolled.supplied) == (2, "failure", True)
    assert "(4)" in rolled.check
    assert a(s, "bo").at == "pool" and a(s, "al").action_spent

    s = _out_cold()
    s.do({"do": "throw", "actor": "al", "target": "bo", "to": "bank", "roll": [10]})
    assert s.state.pending is None and a(s, "bo").at == "bank"


def test_the_option_shows_the_roll_made_at_once_R000_49_A000_15() -> None:
    """options() offers al the throw with the odds of the Challenge it will roll at once
    (d20 against 4: 17 faces in 20 succeed); bo, out cold, is offered nothing."""
    s = _out_cold()
    throws = [o for o in s.options("al") if o.command.get("do") == "throw"]
    assert [o.command["to"] for o in throws] == ["bank"]
    (check,) = throws[0].checks
    assert check.odds["success"] + check.odds["flourish"] == Fraction(17, 20)
    assert "unconscious" in throws[0].label
    assert not s.options("bo")


def test_no_defence_when_the_table_says_so_A000_15() -> None:
    """`breath.unconscious_defense: none` (the table rules that a body out cold puts up
    no defence): the Challenge is against 0, so al's 2 carries bo onto the bank."""
    s = _out_cold({"breath": {"unconscious_defense": "none"}})
    events = s.do({"do": "throw", "actor": "al", "target": "bo", "to": "bank", "roll": [2]})
    (rolled,) = of_type(events, "rolled")
    assert (rolled.total, rolled.outcome) == (2, "success") and "(0)" in rolled.check
    assert a(s, "bo").at == "bank" and s.state.pending is None


def test_a_conscious_target_still_answers_R000_50() -> None:
    """A conscious target is still asked (R000-50), so a roll given with the throw is
    refused: it comes with the answer; nothing changes."""
    s = session([actor("al", "bank"), actor("bo", "bank", side="x")], zones=POOL,
                links=POOL_LINKS)
    before = s.state
    with pytest.raises(DiceError, match="comes after a decision") as info:
        s.do({"do": "throw", "actor": "al", "target": "bo", "to": "pool", "roll": [5]})
    assert "\n" not in str(info.value)
    assert s.state == before
    s.do({"do": "throw", "actor": "al", "target": "bo", "to": "pool"})
    assert s.state.pending is not None and s.state.pending.actor == "bo"


def test_a_throw_mid_fall_is_still_refused_R000_40() -> None:
    """unchanged: the throw of a falling body is still refused (R000-40)."""
    s = session([actor("al", "top"), actor("bo", "top", side="x")],
                zones=[{"id": "top", "floor_m": 300}, {"id": "yard"}],
                links=[{"a": "top", "b": "yard", "one_way": True, "drop": True}])
    s.do({"do": "throw", "actor": "al", "target": "bo", "to": "yard"})
    s.do({"answer": "forfeit"})
    s.do({"do": "end_turn", "actor": "al"})
    refused(s, {"do": "throw", "actor": "bo", "target": "al", "to": "yard"}, "falling",
            "R000-40")


#: a cliff top 300 m over the yard: a fall off it lasts three rounds (R000-40, A000-10)
CLIFF: list[dict[str, Any]] = [{"id": "cliff", "floor_m": 300}, {"id": "yard"}]
CLIFF_LINKS: list[Any] = [{"a": "cliff", "b": "yard", "one_way": True, "drop": True}]


def _target(s: Any, attacker: str, victim: str, kind: str) -> Any:
    return s.engine.ruleset.queries()["target"].answer(s.state, attacker, victim, kind)


def test_the_target_query_follows_a_body_over_the_edge_R000_39_R000_40() -> None:
    """R000-39, R000-40: bo dropped off the cliff and is falling to the yard; it is listed
    at the cliff but has left it (the s32 review: in no zone until it lands). Worked by
    hand: al, still on top, cannot lay hands on it, nor aim at it as if it stood in the
    cliff zone; bo, mid-air, targets nobody either. The query used to answer "in reach",
    while decide refuses the throw (`falling`); now it says why, as decide does. Once bo
    lands (end of round 3) al, who stayed on top, reaches it by a ranged attack only."""
    s = session([actor("bo", "cliff"), actor("al", "cliff", side="x")],
                zones=CLIFF, links=CLIFF_LINKS)
    s.do({"do": "move", "actor": "bo", "to": "yard"})
    for kind in ("melee", "ranged", "art"):
        there = _target(s, "al", "bo", kind)
        assert not there["allowed"] and "over the edge" in there["reason"], there
        assert {"R000-39", "R000-40"} <= set(there["rules"])
        assert not _target(s, "bo", "al", kind)["allowed"]
    s.do({"do": "end_turn", "actor": "bo"})
    refused(s, {"do": "throw", "actor": "al", "target": "bo", "to": "yard"}, "falling",
            "R000-40")
    s.do({"do": "end_turn", "actor": "al"})
    for _ in range(2):
        s.do({"do": "end_turn", "actor": s.state.current})
        s.do({"do": "end_turn", "actor": s.state.current})
    assert a(s, "bo").at == "yard" and a(s, "bo").fall_onto is None
    assert not _target(s, "al", "bo", "melee")["allowed"]
    assert _target(s, "al", "bo", "ranged")["allowed"]


def _over_the_river(links: list[Any], zones: list[dict[str, Any]]) -> Any:
    """ko's flight breaks 120 m above a river whose current flows on (the Storyteller's
    `fall` in place); al swims in the river below."""
    s = session([actor("ko", "river", aura=40), actor("al", "river")], zones=zones,
                links=links)
    s.do({"do": "fall", "actor": "gm", "target": "ko", "metres": 120})
    assert a(s, "ko").fall_onto == "river"
    return s


def test_a_current_carries_a_body_falling_in_place_R000_21_R000_53_R000_57() -> None:
    """R000-53: a current is a forced movement mandatory against a whole zone, and R000-21:
    what acts on a zone touches everyone inside it. ko, falling in place, is inside the
    river (the s32 reading: it fills a place there and a zone's effects touch it), as a
    flier above a current is carried (the s31 reading). Worked by hand: end of round 1,
    ko has fallen 50 m (R000-40) and the current takes it and al to the ford, ko still
    falling with 70 m to go; end of round 2 it covers 100 m, so it lands in the ford:
    120 m on hard ground, 120 / 5 = 24 damage (R000-41). It used to stay behind."""
    s = _over_the_river([["river", "ford"]],
                        [{"id": "river", "tile": {"kind": "current", "to": "ford"}},
                         {"id": "ford"}])
    s.do({"do": "end_turn", "actor": "ko"})
    s.do({"do": "end_turn", "actor": "al"})
    ko = a(s, "ko")
    assert (ko.at, ko.fall_onto, ko.fall_left_m, a(s, "al").at) == ("ford", "ford", 70, "ford")
    s.do({"do": "end_turn", "actor": "ko"})
    events = s.do({"do": "end_turn", "actor": "al"})
    (landed,) = of_type(events, "landed")
    assert (landed.at, landed.metres, landed.damage) == ("ford", 120, 24)
    assert a(s, "ko").fall_onto is None and a(s, "ko").aura == 16


def test_a_current_over_an_edge_adds_the_drop_to_the_fall_R000_39_R000_40() -> None:
    """The same river flows over a 10 m fall into a pool 6 m deep. Worked by hand: the
    current carries ko, 50 m into its fall, over the edge (R000-39): it has left the river
    and falls on, now 80 m above the pool (70 + 10), on the same schedule (R000-40: its
    second round covers 100 m); it lands in the pool at the end of round 2 after 130 m in
    water deep enough to dive into, 130 / 20 = 6 damage (R000-41)."""
    s = _over_the_river([{"a": "river", "b": "pool", "one_way": True, "drop": True,
                          "drop_m": 10}],
                        [{"id": "river", "tile": {"kind": "current", "to": "pool"}},
                         {"id": "pool", "water_m": 6}])
    s.do({"do": "end_turn", "actor": "ko"})
    s.do({"do": "end_turn", "actor": "al"})
    ko = a(s, "ko")
    assert (ko.at, ko.fall_onto, ko.fall_left_m, ko.fallen_m) == ("river", "pool", 80, 50)
    s.do({"do": "end_turn", "actor": "ko"})
    events = s.do({"do": "end_turn", "actor": "al"})
    landed = [e for e in of_type(events, "landed") if e.actor == "ko"]
    assert [(e.at, e.metres, e.damage) for e in landed] == [("pool", 130, 6)]


def test_a_wave_and_an_elevator_carry_a_body_falling_in_place_R000_21_R000_58_R000_59() -> None:
    """R000-59: a wave carries anyone it meets; R000-58: an elevator moves those on it;
    R000-21: both touch everyone inside their zones. Worked by hand as for the current:
    ko, falling in place 120 m above the beach, is swept to the dunes by the round-1 wave
    (period 1), and mei, falling in place over a lift, is carried to the loft; each falls
    on where it was carried (70 m to go). They used to be left behind."""
    s = session([actor("ko", "beach", aura=40), actor("mei", "lift", aura=40)],
                zones=[{"id": "sea", "tile": {"kind": "wave", "period": 1,
                                              "sweep": {"beach": "dunes"}}},
                       {"id": "beach"}, {"id": "dunes"},
                       {"id": "lift", "tile": {"kind": "elevator", "to": "loft"}},
                       {"id": "loft"}],
                links=[["sea", "beach"], ["beach", "dunes"], ["lift", "loft"]])
    s.do({"do": "fall", "actor": "gm", "target": "ko", "metres": 120})
    s.do({"do": "fall", "actor": "gm", "target": "mei", "metres": 120})
    s.do({"do": "end_turn", "actor": "ko"})
    s.do({"do": "end_turn", "actor": "mei"})
    for who, where in (("ko", "dunes"), ("mei", "loft")):
        body = a(s, who)
        assert (body.at, body.fall_onto, body.fall_left_m) == (where, where, 70), who


def test_an_unconscious_body_draws_on_no_benefit_R000_54_R000_47() -> None:
    """R000-54: a body forced into a zone with a start-of-turn benefit (a ley line) may
    draw on it: a choice, which a body out cold cannot make (R000-47). Worked by hand: bo
    passes out in the pool at the end of round 1; al throws it onto the ley line (its d20
    of 10 against 4), a forced arrival, so the benefit is offered; bo may not use it
    while unconscious, and options() does not offer it. It used to draw on it."""
    s = session([actor("al", "pool", earth=0, prowess=5),
                 actor("bo", "pool", side="x", prowess=0, earth_defense=4)],
                zones=[{"id": "pool", "submerged": True},
                       {"id": "ley", "start_of_turn": ["ley line"]}],
                links=[["pool", "ley"]])
    s.do({"do": "end_turn", "actor": "al"})
    s.do({"do": "end_turn", "actor": "bo"})
    s.do({"do": "throw", "actor": "al", "target": "bo", "to": "ley", "roll": [10]})
    bo = a(s, "bo")
    assert (bo.at, bo.unconscious, bo.benefits) == ("ley", True, ("ley line",))
    refused(s, {"do": "use_benefit", "actor": "bo", "benefit": "ley line"}, "unconscious",
            "R000-47")
    assert not s.options("bo")


def test_an_unconscious_attacker_targets_nobody_R000_47() -> None:
    """R000-47: a body out cold acts no more (decide refuses its every command,
    `unconscious`); the `target` query said it could still aim at al. Worked by hand: bo,
    out cold in the pool, targets nobody; al may still target bo."""
    s = _out_cold()
    for kind in ("melee", "ranged", "art"):
        ruling = _target(s, "bo", "al", kind)
        assert not ruling["allowed"] and "R000-47" in ruling["rules"], ruling
    assert _target(s, "al", "bo", "melee")["allowed"]


def _partners_in_the_yard(options: dict[str, Any]) -> Any:
    s = session([actor("al", "yard", abilities=["fly"]), actor("bo", "yard")],
                zones=[{"id": "yard"}], links=[], options=options)
    s.do({"do": "partner", "actor": "al", "target": "bo"})
    s.do({"answer": "accept"})
    return s


def test_partners_through_a_change_of_band_R000_10_R000_76_R000_77() -> None:
    """R000-10: partners must share a zone. Worked by hand: the catalogue reads bands as
    heights inside one zone (R000-75; R000-76 reaches a band "without leaving" one's zone),
    so al flying up to Floating stays bo's Partner (footwork did so: matched). The text
    also calls a band step a change to "the next adjacent zone" (R000-77); with
    `partners.same_band` a table reads it so: the shift ends the partnership, and partners
    must share a band to be declared."""
    bands = {"bands": {"enabled": True}}
    s = _partners_in_the_yard(bands)
    s.do({"do": "shift", "actor": "al", "direction": "up"})
    assert (a(s, "al").band, a(s, "al").partner) == ("floating", "bo")

    s = _partners_in_the_yard({**bands, "partners": {"same_band": True}})
    events = s.do({"do": "shift", "actor": "al", "direction": "up"})
    assert [e.why for e in of_type(events, "partnership_ended")] == ["different bands"]
    assert a(s, "al").partner is None and a(s, "bo").partner is None
    refused(s, {"do": "partner", "actor": "al", "target": "bo"}, "not_same_band",
            "R000-10", "R000-77")
    assert not [o for o in s.options("al") if o.command.get("do") == "partner"]


def test_no_swimming_in_mid_air_R000_43_R000_45_A000_15() -> None:
    """R000-43: one swims once the water reaches half one's height; R000-45: the swimmer's
    Penalty. Worked by hand: ko's flight breaks 120 m above a river 3 m deep (ko is 1.8 m
    tall); while it falls the water has not reached it: no swimming, no Penalty, no breath
    held. At the end of round 2 it lands in the river and swims: Penalty 3 (the depth). It
    used to swim, Penalty 3, 120 m up. The same for a body afloat 10 m over a lagoon 3 m
    deep under anti-gravity (R000-61): above the water, not in it."""
    from footwork.rulesets.cultivation.rules import holds_breath, is_swimming, total_penalty

    s = session([actor("ko", "river", aura=40, height_m=1.8), actor("al", "bank")],
                zones=[{"id": "river", "water_m": 3}, {"id": "bank"}],
                links=[["river", "bank"]])
    s.do({"do": "fall", "actor": "gm", "target": "ko", "metres": 120})
    ko = a(s, "ko")
    assert not is_swimming(s.state, ko) and total_penalty(s.state, ko) == 0
    assert not holds_breath(s.state, ko)
    for _ in range(2):
        s.do({"do": "end_turn", "actor": s.state.current})
        s.do({"do": "end_turn", "actor": s.state.current})
    ko = a(s, "ko")
    assert ko.fall_onto is None and is_swimming(s.state, ko) and total_penalty(s.state, ko) == 3

    s = session([actor("mei", "lagoon", height_m=1.8)],
                zones=[{"id": "lagoon", "water_m": 3,
                        "tile": {"kind": "antigravity", "active": True}}], links=[],
                options={"antigrav": {"rise_m": 10}})
    s.do({"do": "end_turn", "actor": "mei"})
    mei = a(s, "mei")
    assert mei.altitude_m == 10 and not is_swimming(s.state, mei)


def test_a_crowded_entrant_challenges_an_unconscious_defender_R000_33_A000_15() -> None:
    """R000-33: a further entrant Challenges Earth against a defender inside. bo, out cold
    in a hut for one, keeps its Earth defence of 4 by default: al's d20 + 0 of 2 fails and
    al stays out; with `breath.unconscious_defense: none` the same 2 beats 0 and al goes
    in, owing bo a throw (R000-34)."""
    for mode, inside, pending in (("keep", "gate", None), ("none", "hut", "crowd_throw")):
        s = session([actor("al", "gate", earth=0),
                     actor("bo", "hut", side="x", prowess=0, earth_defense=4)],
                    zones=[{"id": "gate"}, {"id": "hut", "submerged": True, "limit": 1},
                           {"id": "yard"}],
                    links=[["gate", "hut"], ["hut", "yard"]],
                    options={"breath": {"unconscious_defense": mode}})
        s.do({"do": "end_turn", "actor": "al"})
        s.do({"do": "end_turn", "actor": "bo"})
        assert a(s, "bo").unconscious
        s.do({"do": "move", "actor": "al", "to": "hut", "defender": "bo", "roll": [2]})
        assert a(s, "al").at == inside, mode
        assert (s.state.pending and s.state.pending.kind) == pending, mode


def test_carried_mid_fall_over_an_edge_into_anti_gravity_R000_61() -> None:
    """R000-61: nobody falls where anti-gravity is on. ko, 50 m into a 120 m fall over the
    river, is carried over the 10 m edge into a pool whose anti-gravity is on. Worked by
    hand: it is 70 + 10 = 80 m above the pool's floor when it enters, and is held there at
    once, its fall over, no landing."""
    s = _over_the_river([{"a": "river", "b": "pool", "one_way": True, "drop": True,
                          "drop_m": 10}],
                        [{"id": "river", "tile": {"kind": "current", "to": "pool"}},
                         {"id": "pool", "tile": {"kind": "antigravity", "active": True}}])
    s.do({"do": "end_turn", "actor": "ko"})
    events = s.do({"do": "end_turn", "actor": "al"})
    ko = a(s, "ko")
    assert (ko.at, ko.fall_onto, ko.altitude_m) == ("pool", None, 80)
    assert not [e for e in of_type(events, "landed") if e.actor == "ko"]


def test_nobody_senses_across_a_fall_over_an_edge_R000_71_R000_40() -> None:
    """R000-71: sensing a hidden character is a Challenge made from one's zone (sight, an
    adjacent zone, an Art's range in zones). bo, gone over the cliff's edge, is in no zone
    until it lands (the s32 reading), so, as for a target, it senses nobody and nobody
    senses it; decide refuses (`falling`) and options() does not offer it. Both used to be
    allowed, as if bo still stood on the cliff."""
    s = session([actor("bo", "cliff", hidden=True), actor("al", "cliff", side="x"),
                 actor("cy", "cliff", side="x", hidden=True)],
                zones=CLIFF, links=CLIFF_LINKS)
    s.do({"do": "move", "actor": "bo", "to": "yard"})
    refused(s, {"do": "sense", "actor": "bo", "target": "cy"}, "falling", "R000-40")
    s.do({"do": "end_turn", "actor": "bo"})
    refused(s, {"do": "sense", "actor": "al", "target": "bo"}, "falling", "R000-40")
    assert "bo" not in [o.command["target"] for o in s.options("al")
                        if o.command.get("do") == "sense"]


def test_the_storytellers_placement_ends_a_fall_R000_40() -> None:
    """The Storyteller's `gm_place` sets a character down by fiat, no rule applied. bo,
    gone over the cliff's edge (300 m to fall), is put on a ledge by a rescuing Art the
    Storyteller rules. Worked by hand: it stands on the ledge, its fall over: no fall
    under way, no landing at the end of the round. It used to keep its fall, now listed
    on the ledge falling "into" the yard, and landed there from 300 m."""
    s = session([actor("bo", "cliff", aura=100), actor("al", "cliff", side="x")],
                zones=[*CLIFF, {"id": "ledge", "floor_m": 150}],
                links=[*CLIFF_LINKS, ["cliff", "ledge"]])
    s.do({"do": "move", "actor": "bo", "to": "yard"})
    s.do({"do": "gm_place", "actor": "gm", "target": "bo", "to": "ledge"})
    bo = a(s, "bo")
    assert (bo.at, bo.fall_onto, bo.fall_left_m) == ("ledge", None, 0)
    s.do({"do": "end_turn", "actor": "bo"})
    events = s.do({"do": "end_turn", "actor": "al"})
    assert not of_type(events, "landed") and a(s, "bo").aura == 100


def test_partners_the_storyteller_sets_apart_move_no_more_together_R000_10() -> None:
    """R000-10: the partnership ends the moment the two are in different zones, whatever
    separated them. The Storyteller's `gm_place` puts bo two zones from al. Worked by
    hand: they are no longer Partners, so al cannot take bo along in a joint move, and the
    log says so with the placement itself (the s33 review, second pass: the split used
    to be logged only with the next command, the engine folding the fiat alone; now the
    ruleset's `placed` hook adds it). A placement within their zone keeps them partners.
    decide refuses the joint move (al has no Partner now) and options() no longer offers
    it (it offered "move to b with bo")."""
    s = session([actor("al", "a"), actor("bo", "a")])
    s.do({"do": "partner", "actor": "al", "target": "bo"})
    s.do({"answer": "accept"})
    kept = s.do({"do": "gm_place", "actor": "gm", "target": "bo", "to": "a"})
    assert not of_type(kept, "partnership_ended") and a(s, "bo").partner == "al"
    events = s.do({"do": "gm_place", "actor": "gm", "target": "bo", "to": "c"})
    ended = of_type(events, "partnership_ended")
    assert [(e.a, e.b, e.why) for e in ended] == [("al", "bo", "different zones")]
    assert "R000-10" in ended[0].rules
    assert a(s, "al").partner is None and a(s, "bo").partner is None
    refused(s, {"do": "joint_move", "actor": "al", "to": "b"}, "no_partner", "R000-11")
    assert not [o for o in s.options("al") if o.command.get("do") == "joint_move"]
    assert not of_type(s.do({"do": "move", "actor": "al", "to": "b"}), "partnership_ended")


# -- the s33 review, second pass -------------------------------------------------------


def _ask(s: Any, query: str, viewer: str, target: str) -> Any:
    return s.engine.ruleset.queries()[query].answer(s.state, viewer, target)


def test_sight_and_awareness_follow_a_body_over_the_edge_R000_40_R000_62_R000_73() -> None:
    """R000-39, R000-40, R000-62, R000-66, R000-73: bo drops off the 300 m cliff; al (a
    rival) and cy (bo's ally) stay on top. Worked by hand: bo is in no zone until it lands
    (the s32 reading, `rules.has_left`), and sight runs from zone to zone, so al does not
    see bo and bo sees nobody; al, with no sight and no Art, is not aware of it (nor is bo
    of al); cy still knows where its ally is (R000-73 needs no zone). Once bo lands in the
    yard, below and beside the cliff, al sees it again. The queries used to answer "in
    sight" (R000-62, as if bo stood on the cliff)."""
    s = session([actor("bo", "cliff"), actor("al", "cliff", side="x"), actor("cy", "cliff")],
                zones=CLIFF, links=CLIFF_LINKS)
    s.do({"do": "move", "actor": "bo", "to": "yard"})
    for viewer, target in (("al", "bo"), ("bo", "al")):
        for query in ("sees", "aware"):
            said = _ask(s, query, viewer, target)
            assert not said["allowed"] and "over the edge" in said["reason"], said
            assert {"R000-39", "R000-40"} <= set(said["rules"])
    assert _ask(s, "aware", "cy", "bo")["allowed"]
    assert _ask(s, "sees", "bo", "bo")["allowed"]
    for _ in range(3):
        end_turns(s, *(s.state.order[s.state.turn:]))
    assert a(s, "bo").at == "yard" and a(s, "bo").fall_onto is None
    assert _ask(s, "sees", "al", "bo")["allowed"] and _ask(s, "aware", "al", "bo")["allowed"]
