"""The s34 review of `cultivation` (README, "The s34 review"): what follows from the
Storyteller's fiat (`gm_add`, `gm_place`) where a body stands in a band, a body gone over
an edge and a crowded zone's defender, and tiles acting on a body already falling a band a
round. Each outcome was worked from the text by hand before footwork was run."""

from __future__ import annotations

from typing import Any

from ._helpers import a, actor, end_turns, of_type, session, types

BANDS_ON: dict[str, Any] = {"bands": {"enabled": True}}
#: a vault whose anti-gravity is on, beside a hall with a hard floor
VAULT: list[dict[str, Any]] = [{"id": "vault", "tile": {"kind": "antigravity"}}, {"id": "hall"}]
VAULT_LINKS: list[Any] = [["vault", "hall"]]


def _add(s: Any, aid: str, at: str, **stats: Any) -> Any:
    return s.do({"do": "gm_add", "actor": "gm", "id": aid, "side": "y", "at": at,
                 "stats": stats})


# -- item 1: what follows from the Storyteller's fiat -----------------------------------


def test_a_character_added_in_the_air_falls_a_band_a_round_R000_78_A000_24() -> None:
    """A000-24: only flight or levitation holds a body above the Ground band; R000-78: one
    that nothing holds falls a band a round. The Storyteller brings bo in at Flying (no
    ability) over the hall in round 1. Worked by hand: its fall begins with the placement,
    so round 1 is its first round (the one schedule, A000-10): Floating at the end of round
    1, Ground at the end of round 2, a landing of 2 bands x 5 m = 10 m on hard ground, 10 /
    5 = 2 damage (R000-41, A000-22). It used to hover at Flying for ever."""
    s = session([actor("al", "hall")], zones=VAULT, links=VAULT_LINKS, options=BANDS_ON)
    added = _add(s, "bo", "hall", band="flying", aura=10)
    assert types(added) == ["actor_added", "band_fall_started"]
    assert {"R000-78", "A000-24"} <= set(of_type(added, "band_fall_started")[0].rules)
    end_turns(s, "al", "bo")
    assert a(s, "bo").band == "floating"
    events = end_turns(s, "al", "bo")
    landed = of_type(events, "landed")
    assert a(s, "bo").band == "ground" and [e.metres for e in landed] == [10]
    assert a(s, "bo").aura == 8


def test_an_added_character_held_up_does_not_fall_R000_61_A000_24() -> None:
    """What holds a body up holds an added one: a flier at Flying (A000-24), and anyone in
    a zone whose anti-gravity is on (R000-61). Worked by hand: neither falls; the vault's
    anti-gravity lifts its occupant one band at the round's end as it lifts everyone."""
    s = session([actor("al", "hall")], zones=VAULT, links=VAULT_LINKS, options=BANDS_ON)
    assert types(_add(s, "fl", "hall", band="flying", abilities=["fly"])) == ["actor_added"]
    assert types(_add(s, "va", "vault", band="floating")) == ["actor_added"]
    end_turns(s, "al", "fl", "va")
    assert (a(s, "fl").band, a(s, "fl").band_falling) == ("flying", False)
    assert (a(s, "va").band, a(s, "va").band_falling) == ("flying", False)


def test_the_storyteller_sets_a_floating_body_down_R000_61_R000_40() -> None:
    """The s33 reading of `gm_place`: a fiat placement sets the body down where it is put
    (its height afloat and any fall end there; without bands its `altitude_m` goes to 0).
    With bands on, al floated up to Floating in the vault (R000-61) and is put in the
    hall, where nothing holds it up. Worked by hand: it stands on the hall's floor, the
    Ground band, with no fall and no landing. It used to hover at Floating in the hall for
    ever (its band kept, its band fall cleared). A flier put there keeps its band (A000-24:
    its flight holds it)."""
    s = session([actor("al", "vault"), actor("fl", "vault", band="flying", abilities=["fly"])],
                zones=VAULT, links=VAULT_LINKS, options=BANDS_ON)
    end_turns(s, "al", "fl")
    assert a(s, "al").band == "floating"
    events = s.do({"do": "gm_place", "actor": "gm", "target": "al", "to": "hall"})
    assert types(events) == ["actor_placed", "band_changed"]
    assert (a(s, "al").band, a(s, "al").band_falling) == ("ground", False)
    assert types(s.do({"do": "gm_place", "actor": "gm", "target": "fl", "to": "hall"})) == [
        "actor_placed"]
    assert a(s, "fl").band == "soaring"  # lifted a band too in the vault, its flight holds it
    events = end_turns(s, "al", "fl")
    assert not of_type(events, "landed") and a(s, "al").band == "ground"


def test_the_storyteller_puts_a_diver_ashore_R000_75_A000_25() -> None:
    """A diver in the lake's Underwater band is hauled ashore by the Storyteller. Worked by
    hand: the shore has no water, so it stands there in the Ground band (A000-24: water is
    needed below Ground), swimming and holding its breath no more; its breath comes back at
    the round's end (R000-47). It used to be refused ("shore has no water that deep"),
    the placement being built from the band its file gave it. Put into shallower water it
    comes up to the deepest band there (as an own move out of deep water does)."""
    zones = [{"id": "lake", "water_m": 20}, {"id": "ford", "water_m": 2}, {"id": "shore"}]
    links = [["lake", "shore"], ["lake", "ford"]]
    s = session([actor("yue", "lake", band="underwater", prowess=0),
                 actor("al", "shore")], zones=zones, links=links, options=BANDS_ON)
    end_turns(s, "yue", "al")
    assert a(s, "yue").breath_rounds == 1
    s.do({"do": "gm_place", "actor": "gm", "target": "yue", "to": "ford"})
    assert a(s, "yue").band == "swimming"
    s.do({"do": "gm_place", "actor": "gm", "target": "yue", "to": "shore"})
    assert (a(s, "yue").at, a(s, "yue").band) == ("shore", "ground")
    events = end_turns(s, "yue", "al")
    assert of_type(events, "breath_recovered") and a(s, "yue").breath_rounds == 0


def test_an_added_character_sets_off_nothing_and_meets_no_limit_R000_32_R000_54() -> None:
    """A hut for one holding al, with a trap and a ley line. The Storyteller brings bo into
    it. Worked by hand: the limit binds characters trying to get in (R000-33) and the
    Storyteller who declared it places by fiat (R000-32): bo is in, no Challenge, no
    spill-over, the hut holding two until someone leaves; a trap goes off on entering by a
    move or a forced movement (R000-19, R000-54), and a fiat is neither: nothing goes off,
    and the ley line is offered when bo's turn starts there (R000-54). bo has no Partner
    (R000-07: one is declared in play). Matched: the hook adds nothing."""
    hut = {"id": "hut", "limit": 1, "traps": [{"name": "spikes", "damage": 2}],
           "start_of_turn": ["ley line"]}
    s = session([actor("al", "hut"), actor("cy", "yard")], zones=[hut, {"id": "yard"}],
                links=[["hut", "yard"]])
    events = _add(s, "bo", "hut")
    assert types(events) == ["actor_added"] and a(s, "bo").partner is None
    assert a(s, "bo").aura == a(s, "al").aura and a(s, "bo").at == "hut"
    end_turns(s, "al", "cy")
    assert a(s, "bo").benefits == ("ley line",)


# -- item 2: a crowded zone's defender and a body gone over its edge --------------------

#: a hut for two on a 300 m cliff top, its gate beside it, and a chasm below its edge
HUT: list[dict[str, Any]] = [{"id": "hut", "limit": 2, "floor_m": 300},
                             {"id": "gate", "floor_m": 300}, {"id": "chasm"}]
HUT_LINKS: list[Any] = [["hut", "gate"], {"a": "hut", "b": "chasm", "one_way": True,
                                          "drop": True}]


def _bo_over_the_edge(options: dict[str, Any] | None = None) -> Any:
    """bo (in the hut with al) drops into the chasm, 300 m: it lands at the end of round 3
    (R000-40, A000-10). dan and cy wait at the gate."""
    s = session([actor("bo", "hut"), actor("al", "hut", side="x"),
                 actor("dan", "gate", side="x"), actor("cy", "gate", side="x", earth=5)],
                zones=HUT, links=HUT_LINKS, options=options)
    assert of_type(s.do({"do": "move", "actor": "bo", "to": "chasm"}), "fall_started")
    end_turns(s, "bo", "al")
    return s


def test_a_body_gone_over_the_edge_fills_no_place_R000_32_R000_40() -> None:
    """R000-32, R000-33, R000-40: bo has left the hut and is in no zone until it lands (the
    s32 reading), so the hut holds al alone. Worked by hand: dan walks in without a
    Challenge, the second place; then cy finds it full (al, dan) and must Challenge one of
    them: bo cannot be named, not being inside, and the refusal says why in one line."""
    from ._helpers import refused

    s = _bo_over_the_edge()
    assert types(s.do({"do": "move", "actor": "dan", "to": "hut"})) == ["speed_spent", "moved"]
    s.do({"do": "end_turn", "actor": "dan"})
    offered = {o.command.get("defender") for o in s.options("cy") if o.command.get("to") == "hut"}
    assert offered == {"al", "dan"}
    err = refused(s, {"do": "move", "actor": "cy", "to": "hut", "defender": "bo", "roll": [15]},
                  "bad_defender", "R000-33", "R000-40")
    assert "gone over the edge" in str(err) and "(al, dan)" in str(err)


def test_spill_over_scatters_nobody_gone_over_the_edge_R000_35_R000_40() -> None:
    """R000-35, A000-09: with spill-over everyone inside is scattered when an excess
    character enters. Worked by hand: after bo goes over the edge and dan walks in, the hut
    holds al and dan; cy walks in and those two are scattered by the die (the gate, or over
    the edge into the chasm); bo is in no zone and is scattered nowhere: it falls on."""
    s = _bo_over_the_edge({"limit": {"mode": "spillover"}})
    s.do({"do": "move", "actor": "dan", "to": "hut"})
    s.do({"do": "end_turn", "actor": "dan"})
    events = s.do({"do": "move", "actor": "cy", "to": "hut"})
    moved = {e.actor for e in of_type(events, "moved")} | {
        e.actor for e in of_type(events, "fall_started")}
    assert moved == {"cy", "al", "dan"}
    bo = a(s, "bo")
    assert (bo.at, bo.fall_onto, bo.fall_left_m) == ("hut", "chasm", 300)  # round 1 goes on


def test_an_entrant_over_an_edge_throws_its_defender_as_it_goes_R000_33_R000_34() -> None:
    """A yard for one holding ko lies 300 m below bo's cliff. bo (Earth 5) drops toward it
    naming ko (R000-33); the entry is ruled at the edge (the s31 reading): a d20 of 15 makes
    20 against ko's defence of 10, a Success, so bo goes over the edge and its win throws
    ko into a zone beside the yard (R000-34, A000-08): the porch, the only one. The throw
    is the other half of the Challenge's outcome, chosen with it at the edge, before bo is
    in the air (s33: a body gone over an edge perceives nobody, so it could not choose
    later). bo lands at the end of round 3, 300 m on hard ground (60 damage), alone in the
    yard."""
    zones = [{"id": "cliff", "floor_m": 300}, {"id": "yard", "limit": 1}, {"id": "porch"}]
    links = [{"a": "cliff", "b": "yard", "one_way": True, "drop": True}, ["yard", "porch"]]
    s = session([actor("bo", "cliff", earth=5, aura=100), actor("ko", "yard", side="x")],
                zones=zones, links=links)
    events = s.do({"do": "move", "actor": "bo", "to": "yard", "defender": "ko", "roll": [15]})
    assert types(events)[-2:] == ["fall_started", "decision_requested"]
    assert s.state.pending.kind == "crowd_throw" and s.state.pending.choices == ("porch",)
    s.do({"answer": "porch"})
    assert a(s, "ko").at == "porch"
    for _ in range(3):
        end_turns(s, *s.state.order[s.state.turn:])
    assert a(s, "bo").at == "yard" and a(s, "bo").aura == 40


# -- item 3: tiles and a body already falling a band a round ----------------------------


def test_anti_gravity_switched_on_holds_a_band_fall_R000_61_R000_78() -> None:
    """R000-61: where anti-gravity is on everyone floats and nobody falls (the metres
    reading since the rule-questions review; s32: a fall under way is held). bo is brought
    in at Floating over the vault while its anti-gravity is off, so it falls a band a
    round (R000-78); the Storyteller switches it on in round 1. Worked by hand: at the
    round's end bo's fall is held (no landing) and the anti-gravity lifts it a band, as it
    lifts everyone there (A000-21): Flying, no damage. It used to go on falling: Ground at
    the end of round 1, a 5 m landing (1 damage), untouched by the lift."""
    zones = [{"id": "vault", "tile": {"kind": "antigravity", "active": False}}, {"id": "hall"}]
    s = session([actor("al", "hall")], zones=zones, links=VAULT_LINKS, options=BANDS_ON)
    assert of_type(_add(s, "bo", "vault", band="floating", aura=10), "band_fall_started")
    s.do({"do": "switch", "actor": "gm", "zone": "vault", "on": True})
    events = end_turns(s, "al", "bo")
    held = of_type(events, "band_fall_held")
    assert held and "R000-61" in held[0].rules and not of_type(events, "landed")
    bo = a(s, "bo")
    assert (bo.band, bo.band_falling, bo.aura) == ("flying", False, 10)


def test_a_band_fall_carried_over_an_edge_lands_the_whole_fall_R000_78_A000_22() -> None:
    """bo, brought in at Soaring over a river (3 bands up, nothing holding it), falls a band
    a round (R000-78); the current carries it over a 10 m edge into a pool at the round's
    end (R000-57). Worked by hand: at the end of round 1 it falls to Flying (5 m, A000-22:
    5 m a band), then goes over the edge still 2 bands (10 m) above the river and falls the
    drop's 10 m more: 5 + 10 + 10 = 25 m in all, landing at once on the pool's hard floor,
    25 / 5 = 5 damage (R000-41), as a fall in metres carried over an edge adds the drop to
    what is left (the s33 review). It used to fall the drop's 10 m alone (2 damage)."""
    zones = [{"id": "river", "tile": {"kind": "current", "to": "pool"}}, {"id": "pool"}]
    links = [{"a": "river", "b": "pool", "one_way": True, "drop": True, "drop_m": 10}]
    s = session([actor("al", "pool")], zones=zones, links=links, options=BANDS_ON)
    _add(s, "bo", "river", band="soaring", aura=100)
    events = end_turns(s, "al", "bo")
    assert [e.metres for e in of_type(events, "landed")] == [25]
    bo = a(s, "bo")
    assert (bo.at, bo.band, bo.band_falling, bo.aura) == ("pool", "ground", False, 95)


def test_out_of_the_hold_over_an_edge_falls_its_bands_and_the_drop_R000_61_A000_22() -> None:
    """With bands on, al floats at Floating in the vault (lifted by its anti-gravity,
    R000-61) and walks out over a 10 m edge into the yard, where nothing holds it up.
    Worked by hand: 1 band (5 m) above the vault's floor plus the drop: 15 m onto hard
    ground, 3 damage, at once (R000-40: within the first round's 50 m); it stands on the
    Ground band. It used to fall the drop's 10 m alone (2 damage)."""
    zones = [{"id": "vault", "tile": {"kind": "antigravity"}}, {"id": "yard"}, {"id": "hall"}]
    links = [{"a": "vault", "b": "yard", "one_way": True, "drop": True, "drop_m": 10},
             ["vault", "hall"]]
    s = session([actor("al", "vault", aura=10), actor("bo", "hall")], zones=zones,
                links=links, options=BANDS_ON)
    end_turns(s, "al", "bo")
    assert a(s, "al").band == "floating"
    events = s.do({"do": "move", "actor": "al", "to": "yard"})
    assert [e.metres for e in of_type(events, "landed")] == [15]
    al = a(s, "al")
    assert (al.at, al.band, al.band_falling, al.aura) == ("yard", "ground", False, 7)
