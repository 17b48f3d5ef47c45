"""Issue 23: where a step changes place or mode, the ruling reads the step itself (its
heights, where it starts and where it lands), not a static property of the map."""

from __future__ import annotations

from typing import Any

from ...support import inline_data, json_refused
from ._helpers import actor, end_turns, of_type, refused, session

#: a climb-only outcrop (height 1) in the scree, a plateau beside it level with its top,
#: a ledge (ground 1) beside an alley with crates (cover) at ground level
SCREE: list[dict[str, Any]] = [
    {"id": "scree", "ground": 0,
     "features": [{"id": "outcrop", "kind": "on_high", "height": 1, "access": "climb"},
                  {"id": "crates", "kind": "cover"},
                  {"id": "knoll", "kind": "on_high", "height": 1, "access": "climb"}]},
    {"id": "plateau", "ground": 1},
    {"id": "gully", "ground": 0},
    {"id": "cliff", "ground": 2},
]
SCREE_LINKS: list[Any] = [["scree", "plateau"], ["scree", "gully"], ["scree", "cliff"]]


def scree(*actors: dict[str, Any], **options: Any) -> Any:
    return session(list(actors), spans=SCREE, links=SCREE_LINKS, options=options or None)


def run(s: Any, who: str, to: str, roll: int = 6) -> Any:
    return s.do({"do": "run", "actor": who, "die": "maneuver", "to": to, "roll": [roll]})


def climb(s: Any, who: str, to: str, roll: int = 6) -> Any:
    return s.do({"do": "climb", "actor": who, "die": "brace", "to": to, "roll": [roll]})


def test_level_step_off_a_climb_only_outcrop_is_a_run_R003_13_R003_23() -> None:
    """R003-13, R003-23, A003-06: from the top of a climb-only outcrop, the adjacent span
    level with it is one Run move (no height changes, so no stairs are needed); a Climb
    there has nothing to climb. Going down to the scree's ground still needs a climb or a
    drop, and so does the lower gully."""
    s = scree(actor("kit", "outcrop"), actor("vex", "gully", side="raiders"))
    refused(s, {"do": "climb", "actor": "kit", "die": "brace", "to": "plateau", "roll": [6]},
            "no_climb_needed")
    for low in ("scree", "gully", "crates"):
        refused(s, {"do": "run", "actor": "kit", "die": "maneuver", "to": low, "roll": [6]},
                "needs_climb", "R003-23")
    offered = {o.command.get("to") for o in s.options("kit") if o.command["do"] == "run"}
    assert offered == {"plateau", "knoll"}
    run(s, "kit", "plateau")
    kit = s.state.actors["kit"]
    assert (kit.at, kit.height, kit.bonus) == ("plateau", 1, True)


def test_level_step_to_a_climb_only_feature_needs_no_climb_R003_23() -> None:
    """R003-23: a climb-only feature must be climbed only where the step goes up to it;
    from the outcrop, the knoll at the same height is a level Run move."""
    s = scree(actor("kit", "outcrop"), actor("vex", "gully", side="raiders"))
    run(s, "kit", "knoll")
    assert (s.state.actors["kit"].at, s.state.actors["kit"].height) == ("knoll", 1)


def test_shove_and_second_move_off_the_outcrop_rule_as_a_run_R003_13() -> None:
    """R003-13, A003-16: the bonus move and a shove take the Run's reach, so the same
    level step off the outcrop is allowed for each. The lower scree, with no stairs, is
    no step for a Run, and a shove there pushes the target
    off the knoll, a fall (rule questions, ``fall.shove_over_edge: fall``: R003-25); with
    ``refuse`` it is refused as the Run would be (R003-23)."""
    s = scree(actor("ada", "outcrop"), actor("kit", "outcrop", side="raiders"),
              actor("bo", "knoll"))
    run(s, "ada", "knoll")
    s.do({"do": "move", "actor": "ada", "to": "outcrop"})
    end_turns(s, "ada")
    s.do({"do": "shove", "actor": "kit", "target": "bo", "to": "plateau"})
    assert s.state.actors["bo"].at == "plateau"
    for over_edge in ("fall", "refuse"):
        s = scree(actor("kit", "outcrop", side="raiders"), actor("bo", "knoll"),
                  fall={"shove_over_edge": over_edge})
        refused(s, {"do": "run", "actor": "kit", "die": "maneuver", "to": "scree",
                    "roll": [6]}, "needs_climb")
        shove = {"do": "shove", "actor": "kit", "target": "bo", "to": "scree"}
        if over_edge == "refuse":
            refused(s, shove, "needs_climb", "R003-23")
            continue
        (fell,) = of_type(s.do(shove), "fell")
        assert (fell.heights, fell.onto) == (1, "scree")
        assert (s.state.actors["bo"].at, s.state.actors["bo"].height) == ("scree", 0)


def test_climb_from_ground_level_cover_to_next_span_A003_06() -> None:
    """A003-06, R003-07: leaving a feature for the adjacent span is one move, a Climb as
    well as a Run: from the crates (cover at ground level) a Climb to the higher cliff
    goes one height up, exactly as from the open scree; only a raised feature's top must
    be come down from first."""
    s = scree(actor("nim", "crates"), actor("vex", "gully", side="raiders"))
    climbs = {o.command.get("to") for o in s.options("nim") if o.command["do"] == "climb"}
    assert climbs == {"cliff", "plateau", "outcrop", "knoll"}
    events = climb(s, "nim", "cliff", 5)
    assert of_type(events, "moved")[0].climbing == "cliff"
    nim = s.state.actors["nim"]
    assert (nim.height, nim.climbing) == (1, "cliff")
    high = scree(actor("kit", "outcrop"), actor("vex", "gully", side="raiders"))
    refused(high, {"do": "climb", "actor": "kit", "die": "brace", "to": "cliff", "roll": [6]},
            "cannot_climb", "A003-06")


#: a wall three heights high between the keep (ground 3) and the moat bank (ground 0)
WALL: list[dict[str, Any]] = [{"id": "keep", "ground": 3}, {"id": "bank", "ground": 0}]


def test_a_climb_down_can_be_climbed_back_up_A003_10() -> None:
    """A003-10, R003-07: partway down a climb, the climber may climb on, climb back up to
    where it began, or drop; turning back twice heads for the first target again. The
    place the climb began is in the state (`climb_from`)."""
    s = session([actor("ada", "keep"), actor("vex", "bank", side="raiders")],
                spans=WALL, links=[["keep", "bank"]])
    climb(s, "ada", "bank", 5)
    ada = s.state.actors["ada"]
    assert (ada.height, ada.climbing, ada.climb_from) == (2, "bank", "keep")
    assert s.to_json(log=False)["actors"]["ada"]["climb_from"] == "keep"
    end_turns(s, "ada", "vex")
    offered = {o.command.get("to") for o in s.options("ada") if o.command["do"] == "climb"}
    assert offered == {"bank", "keep"}
    climb(s, "ada", "keep", 5)  # back up: arrives at the keep
    ada = s.state.actors["ada"]
    assert (ada.at, ada.height, ada.climbing, ada.climb_from) == ("keep", 3, None, None)


def test_turning_back_twice_partway_A003_10() -> None:
    """A003-10: a climber turned back mid-wall may turn again toward the first target;
    refusing any third place, with the rule cited."""
    s = session([actor("ada", "bank"), actor("vex", "bank", side="raiders")],
                spans=WALL, links=[["keep", "bank"]])
    climb(s, "ada", "keep", 5)  # 0 -> 1
    end_turns(s, "ada", "vex")
    climb(s, "ada", "keep", 5)  # 1 -> 2
    end_turns(s, "ada", "vex")
    climb(s, "ada", "bank", 5)  # back down: 2 -> 1, now heading for the bank
    ada = s.state.actors["ada"]
    assert (ada.height, ada.climbing, ada.climb_from) == (1, "bank", "keep")
    end_turns(s, "ada", "vex")
    refused(s, {"do": "run", "actor": "ada", "die": "brace", "to": "keep", "roll": [6]},
            "clinging")
    climb(s, "ada", "keep", 6)  # turns again: 1 -> 2 toward the keep
    ada = s.state.actors["ada"]
    assert (ada.height, ada.climbing, ada.climb_from) == (2, "keep", "bank")


#: a skyreme over the Skysea: its deck (height 2, stairs) and mast (height 4) are
#: features of a `skysea` span; a cloud bank there is marked `skysea` on purpose
SKYREME: list[dict[str, Any]] = [
    {"id": "kestrel", "surface": "skysea",
     "features": [{"id": "deck", "kind": "on_high", "height": 2, "access": "run"},
                  {"id": "mast", "kind": "on_high", "height": 4, "access": "climb"},
                  {"id": "cloud", "kind": "on_high", "height": 1, "surface": "skysea"}]},
    {"id": "meadow", "surface": "soft",
     "features": [{"id": "oak", "kind": "on_high", "height": 1}]},
]


def skyreme(*actors: dict[str, Any], **options: Any) -> Any:
    return session(list(actors), spans=SKYREME, links=[], options=options or None)


def test_a_deck_over_the_skysea_is_a_surface_R003_25_R003_26() -> None:
    """R003-22, R003-25, R003-26, A003-08, A003-20, A003-21: a skyreme's deck inside a
    `skysea` span is something to land on: a jump attack from the mast that hits deals
    the foe the 2-height fall onto it (guard 4, lethal 2); one that misses is a fall onto
    the deck, not into the sky."""
    s = skyreme(actor("ada", "mast", guard=5), actor("wren", "mast", guard=5),
                actor("skarn", "deck", side="raiders", guard=5, life=5),
                actor("bodo", "deck", side="raiders", guard=5, life=5))
    events = s.do({"do": "jump_attack", "actor": "ada", "target": "skarn", "hit": True})
    dealt = of_type(events, "damaged")[0]
    assert (dealt.actor, dealt.guard, dealt.lethal) == ("skarn", 4, 2)
    end_turns(s, "ada")
    events = s.do({"do": "jump_attack", "actor": "wren", "target": "bodo", "hit": False,
                   "roll": [2]})
    assert not of_type(events, "lost_in_skysea")
    fell = of_type(events, "fell")[0]
    assert (fell.surface, fell.heights) == ("hard", 2)
    wren = s.state.actors["wren"]
    assert (wren.at, wren.removed, wren.guard, wren.life) == ("deck", False, 1, 5)


def test_a_feature_surface_is_read_where_the_fall_lands_R003_26() -> None:
    """R003-25, R003-26, A003-20: the surface is that of the place a fall lands on: a
    feature marked `skysea` (a cloud bank) has none, so a miss onto it is lost in the
    Skysea; elsewhere a feature takes its span's surface (the oak in a soft meadow). A
    flier at the deck's height may land on it (R003-30)."""
    s = skyreme(actor("ada", "mast"), actor("skarn", "cloud", side="raiders"),
                actor("gull", "deck", mode="flying", can_fly=True, height=2))
    m = s.state.space
    assert (m.surface("deck"), m.surface("cloud"), m.surface("kestrel")) == (
        "hard", "skysea", "skysea")
    assert (m.surface("oak"), m.surface("meadow")) == ("soft", "soft")
    events = s.do({"do": "jump_attack", "actor": "ada", "target": "skarn", "hit": False})
    assert of_type(events, "lost_in_skysea") and s.state.actors["ada"].removed
    end_turns(s, "skarn")  # ada's turn passed when she fell
    s.do({"do": "land", "actor": "gull"})
    assert (s.state.actors["gull"].at, s.state.actors["gull"].mode) == ("deck", "grounded")


def test_climbing_the_mast_from_the_deck_R003_07_A003_06() -> None:
    """R003-07, A003-06, A003-10: a Climb starts where the climber stands, a deck included:
    from the deck (height 2) toward the mast (4) one height up, and from the mast back
    down toward the deck; the open span of a skyreme over the Skysea has nothing to stand
    on, so neither a Run nor a Climb goes there (R003-26)."""
    s = skyreme(actor("ada", "deck"), actor("vex", "deck", side="raiders"))
    for do in ("run", "climb"):
        refused(s, {"do": do, "actor": "ada", "die": "brace", "to": "kestrel", "roll": [6]},
                "no_surface", "R003-26")
    climb(s, "ada", "mast", 5)
    ada = s.state.actors["ada"]
    assert (ada.height, ada.climbing, ada.climb_from) == (3, "mast", "deck")
    high = skyreme(actor("ada", "mast"), actor("vex", "deck", side="raiders"))
    climb(high, "ada", "deck", 5)
    ada = high.state.actors["ada"]
    assert (ada.height, ada.climbing, ada.climb_from) == (3, "deck", "mast")


def test_a_fall_off_a_climb_lands_at_its_foot_A003_09_R003_25() -> None:
    """A003-09, A003-10, R003-25, R003-26: partway up the mast from the deck, a failed
    climb (with `climb.fail_falls`) and letting go both land on the deck, the foot of the
    climb: 1 height onto hard planks, never into the open sky. The risk shown before the
    climb says the same."""
    s = skyreme(actor("ada", "deck", guard=5), actor("vex", "deck", side="raiders"),
                climb={"fail_falls": True})
    climb(s, "ada", "mast", 6)
    end_turns(s, "ada", "vex")
    risk = next(o.risk for o in s.options("ada")
                if o.command["do"] == "climb" and o.command.get("to") == "mast")
    assert risk is not None and risk.fall is not None and risk.fall.distance == 1
    assert not risk.leaves_scene
    events = s.do({"do": "climb", "actor": "ada", "die": "brace", "to": "mast",
                   "roll": [1, 6]})
    fell = of_type(events, "fell")[0]
    assert (fell.onto, fell.heights, fell.surface) == ("deck", 1, "hard")
    assert (s.state.actors["ada"].at, s.state.actors["ada"].removed) == ("deck", False)
    let_go = skyreme(actor("ada", "deck"), actor("vex", "deck", side="raiders"))
    climb(let_go, "ada", "mast", 6)
    end_turns(let_go, "ada", "vex")
    assert [o.command.get("to") for o in let_go.options("ada")
            if o.command["do"] == "drop"] == ["deck"]
    events = let_go.do({"do": "drop", "actor": "ada", "roll": [6]})
    assert of_type(events, "fell")[0].onto == "deck"


def test_drop_from_the_mast_onto_the_deck_or_overboard_A003_10() -> None:
    """A003-10, R003-25, R003-26: stepping off the mast, the faller picks where: the deck
    below it (a 2-height fall onto hard planks) or over the rail into the Skysea."""
    s = skyreme(actor("ada", "mast", guard=5), actor("vex", "deck", side="raiders"))
    drops = {o.command.get("to") for o in s.options("ada") if o.command["do"] == "drop"}
    assert drops == {"kestrel", "deck", "cloud"}
    events = s.do({"do": "drop", "actor": "ada", "to": "deck", "roll": [6]})
    dealt = of_type(events, "damaged")[0]
    assert (dealt.guard, dealt.lethal) == (4, 0)
    assert (s.state.actors["ada"].at, s.state.actors["ada"].height) == ("deck", 2)


# -- every documented default is visible (issue 23, item 3) -------------------------------


def _flier_session(**options: Any) -> Any:
    return session([actor("gull", "yard", mode="flying", can_fly=True),
                    actor("vex", "far", side="raiders")], options=options or None)


def test_fly_fail_option_no_move_A003_12() -> None:
    """A003-12: a Fly on 1-2 reads as Run's 1-2 by default (one move, nothing else);
    with `fly.fail: no_move` the flier goes nowhere and its turn is spent."""
    base = _flier_session()
    base.do({"do": "fly", "actor": "gull", "die": "maneuver", "to": "street", "roll": [1]})
    gull = base.state.actors["gull"]
    assert (gull.at, gull.done) == ("street", True)
    strict = _flier_session(fly={"fail": "no_move"})
    events = strict.do({"do": "fly", "actor": "gull", "die": "maneuver", "to": "street",
                        "roll": [2]})
    gull = strict.state.actors["gull"]
    assert (gull.at, gull.done) == ("yard", True)
    assert not of_type(events, "moved") and "A003-12" in of_type(events, "turn_spent")[0].rules
    # a struggle declined reads the same way, and its consequence says so
    strict2 = _flier_session(fly={"fail": "no_move"})
    strict2.do({"do": "fly", "actor": "gull", "die": "maneuver", "to": "street", "roll": [3]})
    decline = strict2.to_json(log=False)["pending"]["consequences"][1]
    assert decline["words"] == "no fly, and nothing else this turn"


def test_fly_fail_option_must_be_known_A003_12() -> None:
    """A003-12: a bad `fly.fail` value is refused with its path, on one line."""
    data = inline_data("spans", {"spans": [{"id": "yard"}]}, [actor("gull", "yard")],
                       options={"fly": {"fail": "sometimes"}})
    message = json_refused(data, "options.fly.fail")
    assert "one_move" in message and "no_move" in message


def test_fall_skysea_option_is_read_A003_20() -> None:
    """A003-20: `fall.skysea: remove` (its one value: the outcome is the story's) is what
    removes a faller over the Skysea; any other value is refused."""
    s = skyreme(actor("ada", "deck"), actor("vex", "mast", side="raiders"),
                fall={"skysea": "remove"})
    events = s.do({"do": "drop", "actor": "ada", "to": "kestrel"})
    assert "A003-20" in of_type(events, "lost_in_skysea")[0].rules
    data = inline_data("spans", {"spans": [{"id": "yard"}]}, [actor("ada", "yard")],
                       options={"fall": {"skysea": "float"}})
    json_refused(data, "options.fall.skysea")


def test_a_flier_stopping_over_the_deck_lands_on_it_R003_30_A003_10() -> None:
    """R003-30, A003-10, R003-26: a flier at the deck's height, over the deck, that drops
    lands on the deck as `land` would (no fall, no Skysea); one in the open air of the
    same span falls into the Skysea."""
    s = skyreme(actor("gull", "deck", mode="flying", can_fly=True, height=2),
                actor("kite", "kestrel", mode="flying", can_fly=True, height=2))
    assert [o.command.get("to") for o in s.options("gull") if o.command["do"] == "drop"] \
        == ["deck"]
    events = s.do({"do": "drop", "actor": "gull"})
    assert not of_type(events, "fell")
    gull = s.state.actors["gull"]
    assert (gull.at, gull.height, gull.mode, gull.removed) == ("deck", 2, "grounded", False)
    end_turns(s, "gull")
    s.do({"do": "drop", "actor": "kite"})
    assert s.state.actors["kite"].removed
