"""Issue 23: where a step changes place or mode, the ruling reads the actual step (its
own level, both its ends, the roll it owes), never one side of it or a blanket flag."""

from __future__ import annotations

import pytest

from footwork.errors import FootworkError, ScenarioError
from footwork.rulesets.sitemaps.movement import nearby, within_reach

from ._helpers import actor, end_turns, move, of_type, refused, session


def _catwalk_over(water: dict[str, object]) -> object:
    zones = [{"id": "catwalk", "floor": 1, "rect": [4, 1, 6, 2], "below": "race"},
             {"id": "dock", "floor": 1, "rect": [10, 0, 4, 4]},
             {"id": "race", "rect": [4, 0, 6, 4], "water": water}]
    rough = [{"floor": 1, "rect": [4, 1, 6, 2], "qualities": ["narrow"], "below": "race"}]
    return session([actor("ada", "catwalk", [6, 2], AGI=10)], zones=zones,
                   openings=[{"between": ["catwalk", "dock"]}], rough=rough)


def test_a_fall_into_turbulent_water_still_owes_the_swim_roll_R004_27_A004_09() -> None:
    """R004-27, R004-28, A004-09: a fall makes the balance roll moot, not the swim: a
    character that fell into turbulent water rolls at the end of its activation and
    drowns on a failure."""
    s = _catwalk_over({"turbulent": True})
    move(s, "ada", "dock", [12, 2], roll=[15])  # slips stepping off: falls into the race
    assert s.state.actors["ada"].at == "race" and s.state.actors["ada"].fell
    ended = s.do({"do": "end_turn", "actor": "ada", "roll": [14]})
    (rolled,) = of_type(ended, "rolled")
    assert "swim" in rolled.check and "R004-27" in rolled.rules
    assert of_type(ended, "drowning_began") and s.state.actors["ada"].drowning


def test_a_fall_into_calm_water_owes_nothing_R004_27() -> None:
    """R004-27, A004-12: calm water and a light load: no roll after the fall either."""
    s = _catwalk_over({})
    move(s, "ada", "dock", [12, 2], roll=[15])
    assert not of_type(s.do({"do": "end_turn", "actor": "ada"}), "rolled")


def _deck(capacity: int) -> object:
    zones = [{"id": "forecastle", "rect": [-6, 0, 6, 6]},
             {"id": "lower", "rect": [0, 0, 8, 6], "capacity": capacity},
             {"id": "upper", "floor": 1, "rect": [0, 0, 8, 6]}]
    return session([actor("brin", "forecastle", [-3, 3], AGI=10, fast=True),
                    actor("cole", "lower", [6, 3])], zones=zones,
                   openings=[{"between": ["forecastle", "lower"]}],
                   climbs=[{"between": ["lower", "upper"], "at": [3, 3],
                            "grade": "challenging"}])


def test_a_failed_climb_falls_to_the_foot_even_in_a_full_zone_R004_08_A004_15() -> None:
    """R004-24, R004-08, A004-15: the fall off a failed climb lands at its foot whether
    or not the lower zone is full (stopping there is not chosen), never back up top."""
    for capacity in (1, 4):
        s = _deck(capacity)
        events = move(s, "brin", "upper", [3, 5], roll=[15])
        brin = s.state.actors["brin"]
        assert (brin.at, brin.point, brin.fell) == ("lower", (3.0, 3.0), True), capacity
        (fell,) = of_type(events, "fell")
        assert fell.metres == 2.5 and "A004-15" in fell.rules


def test_a_climb_started_within_reach_can_be_pinned_R004_19() -> None:
    """R004-19, R004-09, A004-04: a mover that starts up a ladder within a foe's reach
    may be pinned before it leaves the floor, as a walk from the same spot may."""
    zones = [{"id": "barn", "rect": [0, 0, 6, 6]}, {"id": "stall", "rect": [6, 0, 4, 6]},
             {"id": "loft", "floor": 1, "rect": [0, 0, 6, 6]}]
    s = session([actor("dana", "barn", [3, 3]), actor("jory", "barn", [3, 5], side="farm")],
                zones=zones, openings=[{"between": ["barn", "stall"]}],
                climbs=[{"between": ["barn", "loft"], "at": [3, 3]}])
    move(s, "dana", "loft", [3, 1])
    assert s.state.pending is not None and s.state.pending.kind == "pin"
    assert s.state.pending.actor == "jory"
    s.do({"answer": "pin", "actor": "jory"})
    s.do({"answer": "STR", "roll": [20]})  # fails: stopped at the foot, on floor 0
    dana = s.state.actors["dana"]
    assert (dana.at, dana.point, dana.stopped) == ("barn", (3.0, 3.0), True)


def test_reach_crosses_a_crack_stepped_over_without_a_roll_R004_09_R004_31() -> None:
    """R004-09, R004-31, R004-19: a 0.8 m crack is crossed without a roll, and arm's reach
    crosses it too: a foe on the far lip may pin, and the two are Nearby."""
    zones = [{"id": "west", "rect": [0, 0, 6, 6]}, {"id": "east", "rect": [6.8, 0, 6, 6]}]
    gaps = [{"between": ["west", "east"], "from": [6, 3], "to": [6.8, 3]}]
    s = session([actor("fenn", "west", [5.9, 0.5]), actor("guard", "east", [7.8, 3],
                                                         side="quarry")],
                zones=zones, openings=[], gaps=gaps)
    assert not nearby(s.state, s.state.actors["fenn"], s.state.actors["guard"])
    move(s, "fenn", "west", [5.9, 5.5])
    assert s.state.pending is not None and s.state.pending.actor == "guard"


def test_a_wall_still_stops_reach_beside_a_gap_A004_16() -> None:
    """A004-16, R004-09: the air of a gap does not carry reach through a wall."""
    zones = [{"id": "west", "rect": [0, 0, 6, 6]}, {"id": "east", "rect": [6.8, 0, 6, 6]}]
    gaps = [{"between": ["west", "east"], "from": [6, 3], "to": [6.8, 3]}]
    walls = [[[5.5, 0], [5.5, 6]]]
    s = session([actor("fenn", "west", [5, 1]), actor("guard", "east", [7, 3],
                                                     side="quarry")],
                zones=zones, openings=[], gaps=gaps, walls=walls)
    assert within_reach(s.state, (5.9, 3.0), (7.5, 3.0), 0)
    assert not within_reach(s.state, (5.2, 3.0), (7.0, 3.0), 0)


def test_a_leap_reads_rough_ground_on_its_own_floor_R004_22() -> None:
    """R004-22, R004-30, A004-09: ice one floor below a leap's take-off owes no balance
    roll; the leap's own roll is the only one."""
    zones = [{"id": "w", "floor": 1, "rect": [0, 0, 4, 4]},
             {"id": "e", "floor": 1, "rect": [6.5, 0, 4, 4]},
             {"id": "cellar", "rect": [0, 0, 10.5, 4], "large": True}]
    s = session([actor("gil", "w", [1, 2], AGI=10)], zones=zones, openings=[],
                gaps=[{"between": ["w", "e"], "from": [4, 2], "to": [6.5, 2],
                       "below": "cellar"}],
                rough=[{"floor": 0, "rect": [2, 0, 4, 4], "qualities": ["slippery"]}])
    events = move(s, "gil", "e", [10, 2], roll=[9])
    (rolled,) = of_type(events, "rolled")
    assert "leap" in rolled.check and s.state.actors["gil"].at == "e"


def test_a_clear_straight_way_through_open_borders_is_walked_R004_18() -> None:
    """R004-18, A004-16, R004-19: a run along y = 1.2 through two open 4 m borders keeps
    its straight line (crossing 1.2 m inside each opening), so it passes 2.1 m from a
    foe and no pin is offered."""
    zones = [{"id": f"r{i}", "rect": [4 * i, 0, 4, 4]} for i in range(3)]
    openings = [{"between": ["r0", "r1"]}, {"between": ["r1", "r2"]}]
    s = session([actor("hal", "r0", [1, 1.2], fast=True),
                 actor("foe", "r1", [6, 3.3], side="gang")], zones=zones, openings=openings)
    events = move(s, "hal", "r2", [11, 1.2])
    assert s.state.pending is None
    (moved,) = of_type(events, "moved")
    assert moved.zones == 2 and s.state.actors["hal"].point == (11.0, 1.2)


def _pinned(place_within: str) -> object:
    s = session([actor("ada", "r0", [1, 2]), actor("jo", "r1", [8, 2], side="foes")],
                options={"pin": {"place_within": place_within}})
    move(s, "ada", "r1", [10, 2])
    s.do({"answer": "pin", "actor": "jo"})
    s.do({"answer": "STR", "roll": [20]})
    return s


def test_place_within_reach_of_the_pinner_by_default_A004_05() -> None:
    """A004-05, R004-21: by default the pinned mover goes within 2 m of the pinner: a
    spot 2 m from where it stopped but 3.6 m from the pinner is refused."""
    s = _pinned("pinner")
    stopped = s.state.actors["ada"].point
    assert s.state.pending is not None and s.state.pending.kind == "place_pinned"
    far = (stopped[0] - 2.0, stopped[1])
    with pytest.raises(Exception, match="not within 2 m of jo"):
        s.do({"answer": "place", "actor": "jo", "at": list(far)})


def test_place_within_reach_of_the_mover_option_A004_05() -> None:
    """A004-05 (`pin.place_within: mover`): the pinned mover goes within 2 m of where it
    was stopped instead, so the spot refused by default is taken."""
    s = _pinned("mover")
    stopped = s.state.actors["ada"].point
    far = (stopped[0] - 2.0, stopped[1])
    s.do({"answer": "place", "actor": "jo", "at": list(far)})
    assert s.state.actors["ada"].point == far


def test_place_within_is_validated_A004_05() -> None:
    """A004-05: a bad `pin.place_within` is a one-line error naming the field."""
    with pytest.raises(ScenarioError, match="place_within"):
        session([actor("ada", "r0", [1, 2])], options={"pin": {"place_within": "anyone"}})


def test_an_end_of_activation_fall_into_rapids_owes_the_swim_roll_R004_22_R004_27() -> None:
    """R004-22, R004-27, A004-09: a balance roll failed at the end of the activation
    drops the character into turbulent water, where its activation ends: the swim roll
    follows (balancing is moot by then, swimming is not)."""
    s = _catwalk_over({"turbulent": True})
    ended = s.do({"do": "end_turn", "actor": "ada", "roll": [15, 12]})
    assert [r.check.split("(")[1] for r in of_type(ended, "rolled")] == \
        ["balance, end of activation)", "swim, end of activation)"]
    assert s.state.actors["ada"].drowning


def test_a_leap_out_of_the_water_leaves_the_water_first_R004_27_R004_30() -> None:
    """R004-27, R004-30, A004-12, A004-14: at the take-off, the swim roll for leaving the
    water comes before the leap's own roll."""
    zones = [{"id": "pond", "rect": [0, 0, 5, 6], "water": {}},
             {"id": "bank", "rect": [7.5, 0, 4, 6]},
             {"id": "ditch", "floor": -1, "rect": [5, 0, 2.5, 6]}]
    gaps = [{"between": ["pond", "bank"], "from": [5, 3], "to": [7.5, 3], "below": "ditch"}]
    s = session([actor("pell", "pond", [2, 3], AGI=10, bulk=5)], zones=zones, openings=[],
                gaps=gaps)
    events = move(s, "pell", "bank", [10, 3], roll=[5, 18])
    assert ["swim" in r.check for r in of_type(events, "rolled")] == [True, False]
    assert s.state.actors["pell"].at == "ditch" and not s.state.actors["pell"].drowning


def test_every_way_into_a_hidden_zone_reveals_it_A004_17() -> None:
    """A004-17, R004-02: a climb, a leap, a drift and a pin placement into an unrevealed
    zone reveal it, as a walk does (the players see it happen from a known zone)."""
    zones = [{"id": "yard", "rect": [0, 0, 6, 6]},
             {"id": "loft", "floor": 1, "rect": [0, 0, 6, 6], "revealed": False},
             {"id": "roof", "rect": [7, 0, 4, 6], "revealed": False},
             {"id": "ford", "rect": [0, 6, 6, 4], "water": {"turbulent": True,
                                                           "current": "pool"}},
             {"id": "pool", "rect": [0, 10, 6, 4], "water": {}, "revealed": False},
             {"id": "shed", "rect": [-4, 0, 4, 6], "revealed": False}]
    s = session([actor("up", "yard", [5, 1]), actor("over", "yard", [3.5, 3]),
                 actor("sink", "ford", [3, 8], AGI=0), actor("pinned", "yard", [1, 5]),
                 actor("foe", "yard", [1, 3], side="foes")],
                zones=zones, openings=[{"between": ["yard", "ford"]},
                                       {"between": ["ford", "pool"]},
                                       {"between": ["yard", "shed"]}],
                climbs=[{"between": ["yard", "loft"], "at": [5, 1]}],
                gaps=[{"between": ["yard", "roof"], "from": [6, 3], "to": [7, 3]}],
                order=["up", "over", "sink", "pinned", "foe"])
    move(s, "up", "loft", [2, 2])
    assert "loft" in s.state.world["revealed"]
    s.do({"do": "end_turn", "actor": "up"})
    move(s, "over", "roof", [9, 3])
    assert "roof" in s.state.world["revealed"]
    s.do({"do": "end_turn", "actor": "over"})
    s.do({"do": "end_turn", "actor": "sink", "roll": [20]})  # drowns
    s.do({"do": "end_turn", "actor": "pinned"})
    s.do({"do": "end_turn", "actor": "foe"})  # the round ends: the current carries her
    assert s.state.actors["sink"].at == "pool" and "pool" in s.state.world["revealed"]
    move(s, "up", "loft", [4, 4])
    s.do({"do": "end_turn", "actor": "up"})
    s.do({"do": "end_turn", "actor": "over"})
    s.do({"do": "end_turn", "actor": "sink"})
    move(s, "pinned", "yard", [3, 5.5])  # starts within the foe's reach
    s.do({"answer": "pin", "actor": "foe"})
    s.do({"answer": "STR", "roll": [20]})
    s.do({"answer": "place", "actor": "foe", "at": [-1, 3]})  # into the shed
    assert s.state.actors["pinned"].at == "shed" and "shed" in s.state.world["revealed"]


def test_a_fall_onto_a_challenging_face_owes_the_face_roll_R004_24_A004_09() -> None:
    """R004-24, A004-09, A004-11: a character that falls onto a challenging climbing
    face is mid-climb when its activation ends: it rolls (balancing alone is moot)."""
    zones = [{"id": "cat", "floor": 2, "rect": [4, 1, 6, 2], "below": "face"},
             {"id": "dock", "floor": 2, "rect": [10, 0, 4, 4]},
             {"id": "face", "floor": 1, "rect": [4, 0, 6, 4], "climb": "challenging",
              "below": "ground"},
             {"id": "ground", "rect": [4, 0, 6, 4]}]
    rough = [{"floor": 2, "rect": [4, 1, 6, 2], "qualities": ["narrow"], "below": "face"}]
    s = session([actor("ada", "cat", [6, 2], AGI=10)], zones=zones,
                openings=[{"between": ["cat", "dock"]}], rough=rough)
    move(s, "ada", "dock", [12, 2], roll=[15])
    assert s.state.actors["ada"].at == "face"
    ended = s.do({"do": "end_turn", "actor": "ada", "roll": [16]})
    (rolled,) = of_type(ended, "rolled")
    assert "climbing" in rolled.check and s.state.actors["ada"].at == "ground"


def test_a_mover_placed_on_rough_ground_rolls_at_the_end_R004_22_A004_05() -> None:
    """R004-22, A004-05, A004-09: a pinned mover placed on a narrow ledge is standing on
    it when its activation ends: it makes the balance roll."""
    rough = [{"rect": [0, 4, 6, 2], "qualities": ["narrow"]}]
    s = session([actor("ada", "r0", [1, 1]), actor("jo", "r0", [4, 2], side="foes")],
                zones=[{"id": "r0", "rect": [0, 0, 6, 6]}, {"id": "r1", "rect": [6, 0, 6, 6]}],
                openings=[{"between": ["r0", "r1"]}], rough=rough)
    move(s, "ada", "r1", [9, 1])
    s.do({"answer": "pin", "actor": "jo"})
    s.do({"answer": "STR", "roll": [20]})
    s.do({"answer": "place", "actor": "jo", "at": [4, 4]})  # onto the ledge
    ended = s.do({"do": "end_turn", "actor": "ada", "roll": [3]})
    (rolled,) = of_type(ended, "rolled")
    assert "balance" in rolled.check


# -- issue 23, second review: a leap through a wall (S051), an overloaded fall (S053) --

def _roofs(**more: object) -> object:
    zones = [{"id": "roof-a", "floor": 1, "rect": [0, 0, 5, 6]},
             {"id": "roof-b", "floor": 1, "rect": [6.5, 0, 5, 3]},
             {"id": "roof-c", "floor": 1, "rect": [6.5, 3, 5, 3]},
             {"id": "alley", "rect": [5, 0, 1.5, 6]}]
    gaps = [{"between": ["roof-a", "roof-b"], "from": [5, 1.5], "to": [6.5, 1.5],
             "below": "alley"},
            {"between": ["roof-a", "roof-c"], "from": [5, 4.5], "to": [6.5, 4.5],
             "below": "alley"}]
    return session([actor("rue", "roof-a", [1, 1.5], AGI=10)], zones=zones, gaps=gaps,
                   **more)


def test_a_wall_across_a_leaps_line_blocks_it_R004_18_A004_16() -> None:
    """R004-18, A004-16 (S051): the line of a leap is part of the path: a wall drawn on
    the gap's floor across it refuses the leap (move and rush alike) as it refuses a
    walk, and options do not offer it; the gap's open air alone stops nothing, nor does
    a wall on another floor (the alley's floor, below the leap)."""
    chimney = [{"floor": 1, "line": [[5.75, 1], [5.75, 2]]}]
    s = _roofs(walls=chimney)
    for do in ("move", "rush"):
        refused(s, {"do": do, "actor": "rue", "to": "roof-b", "at": [9, 1.5]},
                "path_blocked", "R004-18", "A004-16")
    offered = {o.command["to"] for o in s.engine.options(s.state, "rue")
               if o.command["do"] in ("move", "rush")}
    assert "roof-b" not in offered and "roof-c" in offered
    for walls in ([], [{"floor": 0, "line": [[5.75, 0], [5.75, 6]]}]):
        s = _roofs(walls=walls)
        move(s, "rue", "roof-b", [9, 1.5])
        assert s.state.actors["rue"].at == "roof-b", walls


def _laden_catwalk(water: dict[str, object], bulk: int = 6) -> object:
    zones = [{"id": "catwalk", "floor": 1, "rect": [4, 1, 6, 2], "below": "race"},
             {"id": "dock", "floor": 1, "rect": [10, 0, 4, 4]},
             {"id": "race", "rect": [4, 0, 6, 4], "water": water},
             {"id": "bank", "rect": [10, 0, 4, 4]}]
    rough = [{"floor": 1, "rect": [4, 1, 6, 2], "qualities": ["narrow"], "below": "race"}]
    return session([actor("pell", "catwalk", [6, 2], AGI=19, bulk=bulk),
                    actor("tam", "bank", [12, 2], AGI=12)], zones=zones,
                   openings=[{"between": ["catwalk", "dock"]}, {"between": ["race", "bank"]}],
                   rough=rough)


def test_an_overloaded_fall_into_turbulent_water_drowns_with_no_roll_R004_29() -> None:
    """R004-29, R004-27, R004-28, A004-12, A004-15 (S053): a fall cannot be refused, so a
    character carrying too much lands in the turbulent race; it cannot swim there at all,
    so the swim tested at the end of its activation fails with no roll (a face supplied
    is refused): drowning. With a light load the ordinary roll is owed instead."""
    s = _laden_catwalk({"turbulent": True})
    move(s, "pell", "dock", [12, 2], roll=[20])  # slips stepping off: falls into the race
    pell = s.state.actors["pell"]
    assert (pell.at, pell.fell, pell.drowning) == ("race", True, False)
    with pytest.raises(FootworkError):  # no roll is made, so no face may be supplied
        s.do({"do": "end_turn", "actor": "pell", "roll": [1]})
    ended = s.do({"do": "end_turn", "actor": "pell"})
    assert not of_type(ended, "rolled")
    (began,) = of_type(ended, "drowning_began")
    assert {"R004-29", "R004-28"} <= set(began.rules)
    assert s.state.actors["pell"].drowning
    light = _laden_catwalk({"turbulent": True}, bulk=4)
    move(light, "pell", "dock", [12, 2], roll=[20])
    (rolled,) = of_type(light.do({"do": "end_turn", "actor": "pell", "roll": [5]}), "rolled")
    assert "swim" in rolled.check and not light.state.actors["pell"].drowning


def test_an_overloaded_end_of_activation_fall_drowns_with_no_roll_R004_29() -> None:
    """R004-29, R004-22, A004-09 (issue 23): the fall of a failed balance roll at the end
    of the activation lands in the race, and the swim owed there fails with no roll."""
    s = _laden_catwalk({"turbulent": True})
    ended = s.do({"do": "end_turn", "actor": "pell", "roll": [20]})
    assert [e.type for e in ended if e.type in ("rolled", "fell", "drowning_began")] == \
        ["rolled", "fell", "drowning_began"]
    assert (s.state.actors["pell"].at, s.state.actors["pell"].drowning) == ("race", True)


def test_a_chosen_way_into_water_it_cannot_swim_is_refused_R004_29() -> None:
    """R004-29, A004-12, A004-05: a way the character (or its pinner) would choose into
    turbulent water while carrying too much is refused, not drowned in: a move, and a
    pin placement (:func:`entry` for ``pin``), from the same ``cannot_swim``."""
    from footwork.rulesets.sitemaps.pipeline import cannot_swim, entry

    zones = [{"id": "bank", "rect": [0, 0, 6, 6]},
             {"id": "race", "rect": [6, 0, 6, 6], "water": {"turbulent": True}}]
    s = session([actor("pell", "bank", [3, 3], bulk=6)], zones=zones,
                openings=[{"between": ["bank", "race"]}])
    refused(s, {"do": "move", "actor": "pell", "to": "race", "at": [9, 3]},
            "cannot_swim", "R004-29")
    why = cannot_swim(s.state, s.state.actors["pell"], "race")
    assert why is not None and entry(s.state, "pell", "race", (9.0, 3.0), "pin") == why
    assert entry(s.state, "pell", "race", (9.0, 3.0), "fall") is None


# -- the rescue row: a rescued character left in the water ---------------------------
# (with `hazards.rescue_pulls_out: false`; by default a rescue hauls the rescued out of
# the water, rule questions: test_rule_questions.py)

def _rescued(bulk: int, turbulent: bool) -> object:
    """Pell drowns in the race at the end of round 1 (a failed roll, or none when he
    cannot swim there), then Tam on the bank, Nearby, rescues him in round 2, at a table
    where a rescue leaves the rescued where it is."""
    zones = [{"id": "bank", "rect": [0, 0, 6, 6]},
             {"id": "race", "rect": [6, 0, 6, 6], "water": {"turbulent": turbulent}}]
    s = session([actor("pell", "race", [7.5, 3], AGI=12, bulk=bulk),
                 actor("tam", "bank", [5.5, 3], AGI=12)], zones=zones,
                openings=[{"between": ["bank", "race"]}],
                options={"hazards": {"rescue_pulls_out": False}})
    first = s.do({"do": "end_turn", "actor": "pell"}) if (turbulent and bulk * 4 > 16) \
        else s.do({"do": "end_turn", "actor": "pell", "roll": [20]})
    assert of_type(first, "drowning_began")
    end_turns(s, "tam", "pell")
    s.do({"do": "rescue", "actor": "tam", "target": "pell"})
    end_turns(s, "tam")
    assert not s.state.actors["pell"].drowning and s.state.actors["pell"].at == "race"
    return s


def test_a_rescued_swimmer_owes_the_end_roll_again_R004_27_R004_28() -> None:
    """R004-27, R004-28, A004-13: the rescue ends the drowning, not the swim: still in
    turbulent (or loaded) water, the rescued character rolls at the end of its next
    activation like any swimmer, and drowns again on a failure."""
    for bulk, turbulent in ((0, True), (6, False)):
        s = _rescued(bulk, turbulent)
        ended = s.do({"do": "end_turn", "actor": "pell", "roll": [20]})
        (rolled,) = of_type(ended, "rolled")
        assert "swim" in rolled.check and "R004-27" in rolled.rules
        assert s.state.actors["pell"].drowning


def test_a_rescued_swimmer_leaving_the_water_owes_the_roll_R004_27() -> None:
    """R004-27, A004-13: a rescued character who swims out owes the roll on leaving the
    water, as anyone swimming there does."""
    s = _rescued(0, True)
    events = move(s, "pell", "bank", [2, 3], roll=[5])
    (rolled,) = of_type(events, "rolled")
    assert "swim" in rolled.check and s.state.actors["pell"].at == "bank"


def test_a_rescued_character_who_cannot_swim_there_drowns_again_R004_29() -> None:
    """R004-29, R004-28, A004-12, A004-13: rescued but still in turbulent water with too
    much load, he cannot swim out (a way out is a swim: refused) and the swim tested at
    the end of his activation fails with no roll: drowning again, as after a fall."""
    s = _rescued(6, True)
    refused(s, {"do": "move", "actor": "pell", "to": "bank", "at": [2, 3]},
            "cannot_swim", "R004-29")
    ended = s.do({"do": "end_turn", "actor": "pell"})
    assert not of_type(ended, "rolled") and of_type(ended, "drowning_began")
    assert s.state.actors["pell"].drowning
