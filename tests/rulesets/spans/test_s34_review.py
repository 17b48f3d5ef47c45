"""The s34 review of `spans` (README, "The s34 review"): cells no earlier table covers
where a step changes place or mode: a shove into a feature, a Float or a Fly cut short by
a fall, a defeated body moved or placed, the Guide's commands while someone clings to a
climb. Each outcome was worked by hand from the text first, then run."""

from __future__ import annotations

from typing import Any

import pytest

from ._helpers import actor, refused, session, types

#: a yard with a hut (cover) and steps (on high, stairs), each for one, a door guarding
#: the far span, a tower for one to be climbed, and the Skysea beside it
SPANS: list[dict[str, Any]] = [
    {"id": "yard", "surface": "hard", "features": [
        {"id": "hut", "kind": "cover", "capacity": 1},
        {"id": "door", "kind": "threshold", "guards": ["far"]},
        {"id": "steps", "kind": "on_high", "height": 1, "access": "run", "capacity": 1},
        {"id": "tower", "kind": "on_high", "height": 2, "access": "climb", "capacity": 1}]},
    {"id": "far", "surface": "hard"},
    {"id": "sky", "ground": -4, "surface": "skysea"},
]
LINKS: list[Any] = [["yard", "far"], ["yard", "sky"]]
TARGETABLE: dict[str, Any] = {"life": {"defeated_targetable": True}}


def _where(s: Any, aid: str) -> tuple[Any, ...]:
    a = s.state.actors[aid]
    return (a.at, a.height, a.mode, a.climbing)


@pytest.mark.parametrize("to", ["hut", "steps"])
def test_a_defeated_body_is_shoved_into_a_feature_it_takes_no_room_in_A003_06_A003_16(
        to: str) -> None:
    """`life.defeated_targetable: true` (the Attacks chapter's call) lets ada shove vex's
    body; `life.defeated_takes_room: false` (the s33 default) says a defeated body counts
    against no feature's capacity. The hut and the steps each hold one live foe, at their
    capacity of 1. Worked by hand: the body takes no room, so it fits (A003-06, A003-16),
    as a file may start a live character beside a body: shoved into the hut (cover) or up
    the steps' stairs (a Run's reach, R003-23), it lies there. It used to be refused
    (`feature_full`), the entrant counted as if it took room."""
    s = session([actor("ada", "yard"), actor("vex", "yard", side="x", life=0),
                 actor("kit", to, side="x")], spans=SPANS, links=LINKS, options=TARGETABLE)
    assert types(s.do({"do": "shove", "actor": "ada", "target": "vex", "to": to})) == [
        "shoved", "moved"]
    assert s.state.actors["vex"].at == to


def test_a_body_that_takes_room_is_still_turned_away_A003_06() -> None:
    """`life.defeated_takes_room: true`: the body fills a place, so the full hut has none
    for it: refused, nothing changes."""
    opts = {"life": {"defeated_targetable": True, "defeated_takes_room": True}}
    s = session([actor("ada", "yard"), actor("vex", "yard", side="x", life=0),
                 actor("kit", "hut", side="x")], spans=SPANS, links=LINKS, options=opts)
    refused(s, {"do": "shove", "actor": "ada", "target": "vex", "to": "hut"}, "feature_full",
            "A003-06")


def test_a_live_character_is_shoved_into_features_as_a_run_reaches_R003_13_R003_23() -> None:
    """The rule-questions reading: a shove takes the target a Run's reach (R003-13), a
    fall where nothing is under its feet. Worked by hand, from the yard's open ground:
    into the hut (cover, same span) and up the steps (stairs, R003-23) it goes; onto the
    tower (no stairs) it would have to climb: refused (`needs_climb`); into a door held by
    the shover's ally it would cross a held threshold as a foe of the holder (R003-20):
    refused. Matched."""
    for to, height in (("hut", 0), ("steps", 1)):
        s = session([actor("ada", "yard"), actor("vex", "yard", side="x")], spans=SPANS,
                    links=LINKS)
        s.do({"do": "shove", "actor": "ada", "target": "vex", "to": to})
        assert _where(s, "vex") == (to, height, "grounded", None)
    s = session([actor("ada", "yard"), actor("vex", "yard", side="x"), actor("kit", "door")],
                spans=SPANS, links=LINKS)
    refused(s, {"do": "shove", "actor": "ada", "target": "vex", "to": "tower"}, "needs_climb",
            "R003-23")
    refused(s, {"do": "shove", "actor": "ada", "target": "vex", "to": "door"},
            "threshold_blocked", "R003-20")


def test_a_fall_cut_short_by_untether_leaves_no_float_this_turn_R003_32_A003_23() -> None:
    """ada (Untether) drops off the ledge toward the yard, spending its movement action
    (A003-23), and casts Untether mid-fall (R003-39): it floats where it fell from.
    Worked by hand: a Float is a move, and the turn's one movement action went to the drop:
    no Float, no take-off, only the end of the turn. A floater that has Floated likewise
    may not drop, land, take off or cast this turn (R003-32: nothing else that turn).
    Matched."""
    s = session([actor("ada", "ledge", abilities=["untether"]), actor("vex", "far", side="x")])
    s.do({"do": "drop", "actor": "ada", "to": "yard"})
    s.do({"answer": "untether"})
    assert _where(s, "ada") == ("ledge", 2, "floating", None)
    refused(s, {"do": "float", "actor": "ada", "to": "yard"}, "already_moved", "A003-23")
    assert [o.command["do"] for o in s.options("ada")] == ["end_turn"]
    s = session([actor("ada", "yard", mode="floating", height=1, can_fly=True,
                       abilities=["untether"]), actor("vex", "far", side="x")])
    s.do({"do": "float", "actor": "ada", "to": "street"})
    for do in ("drop", "land", "take_off", "untether"):
        refused(s, {"do": do, "actor": "ada"}, "turn_spent", "R003-32")


def test_the_guides_commands_while_someone_clings_A003_06_A003_10() -> None:
    """ada is partway up the tower (a top for one), clinging at height 1. The Guide puts
    vex on the top by fiat (no capacity read, the s32 reading of the fiat). Worked by
    hand: the top's room is checked again on the last height (A003-06), so ada may not
    climb on; climbing back to the yard or letting go are still hers (A003-10). The Guide
    then puts ada down in the yard she hangs over: set down there, off the climb, standing
    at the yard's ground (the s32 reading of `gm_place`). Matched."""
    s = session([actor("ada", "yard"), actor("vex", "far", side="x")], spans=SPANS,
                links=LINKS)
    s.do({"do": "climb", "actor": "ada", "die": "attack", "to": "tower", "roll": [6]})
    assert _where(s, "ada") == ("yard", 1, "grounded", "tower")
    s.do({"do": "gm_place", "actor": "gm", "target": "vex", "to": "tower"})
    s.do({"do": "end_turn", "actor": "ada"})
    s.do({"do": "end_turn", "actor": "vex"})
    refused(s, {"do": "climb", "actor": "ada", "die": "attack", "to": "tower", "roll": [6]},
            "feature_full", "A003-06")
    offered = {(o.command["do"], o.command.get("to")) for o in s.options("ada")}
    assert {("climb", "yard"), ("drop", "yard")} <= offered
    assert ("climb", "tower") not in offered
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "yard"})
    assert _where(s, "ada") == ("yard", 0, "grounded", None)


def test_a_fly_cut_short_by_a_fall_R003_34_A003_12_A003_13() -> None:
    """ada flies at height 2 over the yard and Flies into the street (soft ground). Worked
    by hand: on a 6 (R003-34, like Run's 5+) it may move again or take one free action
    (A003-13). Stopping flying is a drop (A003-10): as the second move it falls 2 heights
    onto soft ground, guard 2 x 2 = 4 (3 -> 0), lethal 2 - 1 = 1, less a Maneuver of 1:
    none (A003-08, R003-28); then no free action is left. After the free action instead, the
    drop is refused (the bonus is spent). On a 1 (A003-12: as Run's 1-2) nothing else that
    turn: no drop, no landing. Matched."""
    flier = actor("ada", "yard", mode="flying", height=2, can_fly=True)
    s = session([flier, actor("vex", "far", side="x")])
    s.do({"do": "fly", "actor": "ada", "die": "attack", "to": "street", "roll": [6]})
    assert types(s.do({"do": "drop", "actor": "ada", "roll": [1]}))[:2] == ["bonus_used", "fell"]
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.mode, ada.guard, ada.life) == ("street", 0, "grounded", 0, 5)
    refused(s, {"do": "free_action", "actor": "ada", "action": "aim"}, "no_bonus", "R003-03")
    s = session([flier, actor("vex", "far", side="x")])
    s.do({"do": "fly", "actor": "ada", "die": "attack", "to": "street", "roll": [6]})
    s.do({"do": "free_action", "actor": "ada", "action": "aim"})
    refused(s, {"do": "drop", "actor": "ada", "roll": [1]}, "already_moved", "A003-23")
    s = session([flier, actor("vex", "far", side="x")])
    s.do({"do": "fly", "actor": "ada", "die": "attack", "to": "street", "roll": [1]})
    for do in ("drop", "land"):
        refused(s, {"do": do, "actor": "ada"}, "turn_spent", "R003-05")


def test_the_s34_fiat_a_floater_may_be_put_on_the_skysea_a_defeated_body_not_R003_26() -> None:
    """The s34 fiat review (README): R003-26, R003-39: the open Skysea holds only what is
    aloft; an Untethered floater may be put (or brought) there, a defeated body (life 0,
    grounded) has nothing to stand on: refused in one line, nothing changed (the Guide
    takes it out with `gm_remove`)."""
    s = session([actor("ada", "yard", mode="floating"), actor("vex", "yard", side="x", life=0),
                 actor("kit", "far", side="x")])
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "sky"})
    s.do({"do": "gm_add", "actor": "gm", "id": "fay", "side": "x", "at": "sky",
          "stats": {"mode": "floating"}})
    assert (s.state.actors["ada"].at, s.state.actors["fay"].at) == ("sky", "sky")
    error = refused(s, {"do": "gm_place", "actor": "gm", "target": "vex", "to": "sky"},
                    "bad_place")
    assert "nothing to stand on" in str(error)
