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
