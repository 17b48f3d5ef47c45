"""The s34 fiat review of `sitemaps`: the game master's `gm_place` and `gm_add` against
where the arrival place matters, each outcome worked by hand from the text first
(README, "The s34 fiat review")."""

from __future__ import annotations

from typing import Any

from ._helpers import actor, move, refused, session

#: rooms of 24 m2 that hold one character each (R004-06, A004-06)
ONE_EACH = {"zones": {"area_per_character_m2": 20}}


def _pair(**kwargs: Any) -> Any:
    return session([actor("ada", "r0", [2, 2]), actor("bo", "r1", [8, 2])], **kwargs)


def test_a_fiat_spot_within_2_m_of_another_is_refused_R004_07() -> None:
    """R004-07, A004-06: two 2 m circles never overlap, and a fiat may not put a
    character where it could not start (docs/server.md). Before: accepted, bo standing
    1 m from ada (the spot was built alone when it failed among the others)."""
    s = _pair()
    error = refused(s, {"do": "gm_place", "actor": "gm", "target": "bo", "to": "r0",
                        "point": [3, 2]}, "bad_place")
    assert "ada stands within 2 m of (3, 2)" in str(error)
    refused(s, {"do": "gm_add", "actor": "gm", "id": "cy", "side": "x", "at": "r0",
                "point": [3.9, 2]}, "bad_place")
    s.do({"do": "gm_place", "actor": "gm", "target": "bo", "to": "r0", "point": [4, 2]})
    assert s.state.actors["bo"].point == (4.0, 2.0)


def test_a_fiat_into_a_full_zone_is_refused_R004_06() -> None:
    """R004-06, R004-08, A004-06: nobody stops in a full zone: a room that holds one,
    ada in it, takes no one else by fiat, with a spot or without one. Before: without a
    spot the arrival was put on top of ada."""
    s = _pair(options=ONE_EACH)
    refused(s, {"do": "gm_add", "actor": "gm", "id": "cy", "side": "x", "at": "r0"},
            "bad_place")
    refused(s, {"do": "gm_place", "actor": "gm", "target": "bo", "to": "r0",
                "point": [5, 2]}, "bad_place")


def test_another_who_could_not_start_where_play_left_it_does_not_block_a_fiat() -> None:
    """A body play left where it could not start (here put into ada's full room, as a
    carried body may be) is no reason to refuse a fiat elsewhere: it is left out of the
    check, the arrival's own spot is still checked against everyone else."""
    s = _pair(options=ONE_EACH)
    s.state = s.state.update_actor("bo", at="r0", point=(4.5, 2.0))
    s.do({"do": "gm_add", "actor": "gm", "id": "cy", "side": "x", "at": "r2",
          "point": [15, 2]})
    assert s.state.actors["cy"].at == "r2"
    refused(s, {"do": "gm_add", "actor": "gm", "id": "dee", "side": "x", "at": "r2",
                "point": [16, 2]}, "bad_place")


# -- cells that already matched the text (run, kept as tests) ---------------------------

RIVER: list[dict[str, Any]] = [
    {"id": "river", "rect": [0, 0, 6, 6], "water": {"turbulent": True}},
    {"id": "bank", "rect": [0, 6, 6, 6]}]


def test_an_overloaded_body_put_in_the_rapids_starts_to_drown_R004_29() -> None:
    """R004-29, R004-27, R004-28: nobody overloaded can swim turbulent water; put there by
    the game master (not chosen), it makes no swim roll: at the end of its activation it
    starts to drown. A newcomer brought into the rapids owes the swim roll then."""
    s = session([actor("bo", "bank", [3, 9], AGI=10, bulk=8)], zones=RIVER,
                openings=[{"between": ["river", "bank"]}])
    s.do({"do": "gm_place", "actor": "gm", "target": "bo", "to": "river", "point": [3, 3]})
    s.do({"do": "gm_add", "actor": "gm", "id": "cy", "side": "x", "at": "river",
          "point": [3, 1], "stats": {"AGI": 10}})
    ended = s.do({"do": "end_turn", "actor": "bo"})
    assert any("R004-29" in e.rules for e in ended if e.type == "drowning_began")
    assert s.state.actors["bo"].drowning
    rolled = [e for e in s.do({"do": "end_turn", "actor": "cy", "roll": [15]})
              if e.type == "rolled"]
    assert rolled and "swim" in rolled[0].check and s.state.actors["cy"].drowning


def test_a_fiat_into_a_hidden_zone_reveals_nothing_R004_02() -> None:
    """R004-02, A004-17: the game master reveals zones; only a character's own way in
    (or a fall, drift or pin the players see) reveals one. A fiat is no movement: a
    character put, or brought, into an unrevealed den leaves it unrevealed (the game
    master's `reveal` shows it when the story does), and no pin is met by a fiat put
    beside a foe (R004-19 reads movement)."""
    zones = [{"id": "hall", "rect": [0, 0, 6, 4]},
             {"id": "den", "rect": [6, 0, 6, 4], "revealed": False}]
    s = session([actor("ada", "hall", [1, 2]), actor("bo", "hall", [4.5, 2], side="foes")],
                zones=zones, openings=[{"between": ["hall", "den"]}])
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "den", "point": [9, 2]})
    s.do({"do": "gm_add", "actor": "gm", "id": "cy", "side": "crew", "at": "den",
          "point": [11, 1]})
    assert s.state.world["revealed"] == ["hall"]
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "hall", "point": [2.5, 2]})
    assert s.state.pending is None and s.state.actors["ada"].point == (2.5, 2.0)


def test_no_newcomer_while_a_pin_decision_waits_R004_19() -> None:
    """R004-19, R004-21: while jo decides whether to pin ada, a newcomer brought by the
    game master (who might stand in her way or be the one she meets) waits for the
    answer: refused `decision_pending`, nothing changed (the s33 review held the
    placement; this is the arrival)."""
    s = session([actor("ada", "r0", [1, 2]), actor("jo", "r1", [8, 2], side="foes")])
    move(s, "ada", "r1", [10, 2])
    assert s.state.pending is not None
    refused(s, {"do": "gm_add", "actor": "gm", "id": "cy", "side": "x", "at": "r3",
                "point": [21, 2]}, "decision_pending")
