"""What is at stake in `sitemaps` (issue 13, items 9 and 10): each option's risk and each
pending choice's consequence, with odds checked against brute force (the engine itself,
face by face) and never naming what a player seat may not see (R004-02)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from footwork.engine import Session
from footwork.engine.choices import SAFE, CheckOdds, Option, consequence_of
from footwork.engine.events import Event
from footwork.engine.seats import PLAYERS, Seat, mentions
from footwork.engine.view import View
from footwork.scenario import load_encounter

from ._helpers import actor, move, of_type, session

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "sitemaps"


def _option(s: Session[Any], who: str, **command: Any) -> Option:
    found = [o for o in s.options(who)
             if all(o.command.get(k) == v for k, v in command.items())]
    assert len(found) == 1, [o.command for o in s.options(who)]
    return found[0]


def _end(s: Session[Any], faces: list[int]) -> tuple[Event, ...]:
    """Ada ends her turn with ``faces`` for the end-of-activation roll."""
    return tuple(s.do({"do": "end_turn", "actor": "ada", "roll": faces}))


def _brute_fail(check: CheckOdds, sides: int = 20) -> Fraction:
    """Every face of the die read by the check's own reading."""
    assert check.tier_of is not None
    return Fraction(sum(1 for f in range(1, sides + 1) if check.tier_of(f) == "fail"), sides)


def _catwalk(agi: int, *, revealed: bool = True, **kwargs: Any) -> Session[Any]:
    """A narrow catwalk (floor 1) over a hall: a fall from it lands in the hall."""
    zones = [{"id": "hall", "rect": [0, 0, 6, 4], "revealed": revealed},
             {"id": "catwalk", "rect": [0, 0, 6, 4], "floor": 1}]
    return session([actor("ada", "catwalk", [1, 2], AGI=agi)], zones=zones, openings=[],
                   rough=[{"rect": [0, 0, 6, 4], "floor": 1, "qualities": ["narrow"],
                           "below": "hall"}], **kwargs)


def _chasm(agi: int = 10, depth: float | None = None, rough_east: bool = False,
           **kwargs: Any) -> Session[Any]:
    """A 3 m gap from the west ledge to the east ledge (floor 1) over a pit (floor 0);
    the leaper has a 4 m run-up."""
    zones = [{"id": "west", "rect": [0, 0, 6, 4], "floor": 1},
             {"id": "east", "rect": [9, 0, 6, 4], "floor": 1},
             {"id": "pit", "rect": [0, 0, 15, 4]}]
    gap: dict[str, Any] = {"between": ["west", "east"], "from": [6, 2], "to": [9, 2],
                           "below": "pit"}
    if depth is not None:
        gap["depth_m"] = depth
    rough = [{"rect": [9, 0, 6, 4], "floor": 1, "qualities": ["uneven"], "below": "pit"}] \
        if rough_east else []
    return session([actor("ada", "west", [2, 2], AGI=agi)], zones=zones, openings=[],
                   gaps=[gap], rough=rough, **kwargs)


# -- options: falls ---------------------------------------------------------------------


def test_balancing_risks_a_fall_below_with_the_agi_odds_R004_22_A004_15() -> None:
    """R004-22, A004-09, A004-15: ending on the narrow catwalk means an AGI roll at the end
    of the activation; a failure drops it one floor (2.5 m) into the hall."""
    s = _catwalk(7)
    o = _option(s, "ada", do="move", to="catwalk")
    fall = o.risk.fall
    assert fall is not None and fall.distance == 2.5 and fall.unit == "m"
    assert fall.chance == Fraction(13, 20) and "lands in hall" in fall.damage
    assert {"R004-22", "A004-15"} <= set(fall.rules) and "A004-15" in fall.damage
    body = o.to_json()["risk"]
    assert body["fall"]["chance"] == {"p": 0.65, "exact": "13/20"}  # type: ignore[index]
    # and the engine does it: a 20 fails, the fall is the one shown
    move(s, "ada", "catwalk", o.command["at"])  # type: ignore[arg-type]
    (fell,) = of_type(_end(s, [20]), "fell")
    assert fell.metres == fall.distance and s.state.actors["ada"].at == "hall"


def test_a_hidden_zone_below_is_never_named_R004_02() -> None:
    """R004-02: the hall is not revealed: the risk says the fall lands below, and the
    option still reaches the players' side."""
    s = _catwalk(7, revealed=False)
    o = _option(s, "ada", do="move", to="catwalk")
    assert o.risk.fall is not None and "lands below" in o.risk.fall.damage
    assert not mentions(o.risk.to_json(), frozenset({"hall"}))
    shown = View(s.engine, Seat.parse("side:crew")).options(s.state, "ada")
    assert any(x.command == o.command and x.risk == o.risk for x in shown)


def test_a_challenging_climb_falls_one_floor_to_its_foot_R004_24_A004_11() -> None:
    """R004-24, A004-11: the roll at the top of a challenging climb; a failure puts the
    climber back at the foot, one floor (`hazards.floor_height_m`) down."""
    zones = [{"id": "yard", "rect": [0, 0, 6, 4]},
             {"id": "roof", "rect": [0, 0, 6, 4], "floor": 1}]
    s = session([actor("ada", "yard", [1, 2], AGI=10)], zones=zones, openings=[],
                climbs=[{"between": ["yard", "roof"], "at": [3, 2], "grade": "challenging"}],
                options={"hazards": {"floor_height_m": 3}})
    o = _option(s, "ada", do="move", to="roof")
    fall = o.risk.fall
    assert fall is not None and (fall.distance, fall.chance) == (3, Fraction(1, 2))
    assert "lands in yard" in fall.damage and "R004-24" in o.risk.rules
    (fell,) = of_type(s.do({**o.command, "roll": [11]}), "fell")
    assert fell.metres == fall.distance


def test_a_climb_run_falls_to_the_last_faces_below_R004_24_A004_11() -> None:
    """R004-24, A004-11: up a climbing face to the top in one rush: one roll at the top;
    a failure falls off the last face to its `below`, the floors between x 2.5 m (even
    where the climbs share one point). Stopping on the face risks the end-of-activation
    roll, one floor."""
    zones = [{"id": "foot", "rect": [0, 0, 6, 4]},
             {"id": "face", "rect": [0, 0, 6, 4], "floor": 1, "climb": "challenging",
              "below": "foot"},
             {"id": "top", "rect": [0, 0, 6, 4], "floor": 2}]
    climbs = [{"between": ["foot", "face"], "at": [3, 2]},
              {"between": ["face", "top"], "at": [3, 2]}]

    def cliff() -> Session[Any]:
        return session([actor("ada", "foot", [1, 2], AGI=12)], zones=zones, openings=[],
                       climbs=climbs)

    s = cliff()
    face = _option(s, "ada", do="move", to="face").risk.fall
    assert face is not None and (face.distance, face.chance) == (2.5, Fraction(2, 5))
    o = _option(s, "ada", do="rush", to="top")
    fall = o.risk.fall
    assert fall is not None and (fall.distance, fall.chance) == (2.5, Fraction(2, 5))
    assert "lands in foot" in fall.damage
    (fell,) = of_type(s.do({**o.command, "roll": [13]}), "fell")
    assert fell.metres == fall.distance and s.state.actors["ada"].at == "foot"


def test_a_failed_leap_falls_depth_m_into_the_gap_brute_force_R004_30_A004_15() -> None:
    """R004-30, A004-14, A004-15: the leap's fall is the gap's `depth_m` into its `below`,
    and its chance is what the engine does, face by face."""
    o = _option(_chasm(13, depth=6), "ada", do="move", to="east")
    fall = o.risk.fall
    assert fall is not None and fall.distance == 6 and "lands in pit" in fall.damage
    assert {"R004-30", "A004-15"} <= set(fall.rules)
    falls = 0
    for face in range(1, 21):
        s = _chasm(13, depth=6)
        fell = of_type(s.do({**o.command, "roll": [face]}), "fell")
        if fell:
            assert fell[0].metres == 6 and s.state.actors["ada"].at == "pit"
            falls += 1
    assert fall.chance == Fraction(falls, 20) == _brute_fail(o.checks[0]) == Fraction(7, 20)


def test_two_rolls_in_a_row_give_each_fall_its_own_chance_brute_force_R004_22_R004_30(
) -> None:
    """R004-30 then R004-22: the leap's fall comes first; the rough landing's roll at the
    end of the activation only after the leap passed: (1 - p) x p. Checked by playing
    every pair of faces, and with `check.mode: roll_over` on a d10 (A004-01)."""
    for options, sides in (({}, 20), ({"check": {"mode": "roll_over", "target": 15,
                                                  "dice": "d10"}}, 10)):
        o = _option(_chasm(8, rough_east=True, options=options), "ada", do="move",
                    to="east")
        first = Fraction(0)
        later = Fraction(0)
        for a in range(1, sides + 1):
            s = _chasm(8, rough_east=True, options=options)
            if of_type(s.do({**o.command, "roll": [a]}), "fell"):
                first += Fraction(1, sides)
                continue
            for b in range(1, sides + 1):
                t = _chasm(8, rough_east=True, options=options)
                t.do({**o.command, "roll": [a]})
                if of_type(_end(t, [b]), "fell"):
                    later += Fraction(1, sides * sides)
        assert o.risk.fall is not None and o.risk.fall.chance == first
        assert any(str(later) in h and "a fall" in h for h in o.risk.hazards), o.risk.hazards
        assert first == _brute_fail(o.checks[0], sides)


# -- options: water and pins -----------------------------------------------------------


def _lake(turbulent: bool, **stats: Any) -> Session[Any]:
    zones = [{"id": "bank", "rect": [0, 0, 6, 4]},
             {"id": "lake", "rect": [6, 0, 6, 4],
              "water": {"turbulent": turbulent, "current": "weir"}},
             {"id": "weir", "rect": [12, 0, 6, 4], "water": {}}]
    return session([actor("ada", "bank", [3, 2], **stats)], zones=zones,
                   openings=[{"between": ["bank", "lake"]}, {"between": ["lake", "weir"]}])


def test_turbulent_water_shows_the_roll_drowning_and_drift_R004_27_R004_28_A004_13() -> None:
    """R004-27, R004-28, A004-13: swimming turbulent water needs AGI rolls; a failure is
    drowning, adrift with the current, no action until rescued."""
    o = _option(_lake(True, AGI=10), "ada", do="move", to="lake")
    (water,) = o.risk.hazards
    assert water.startswith("turbulent water") and "1/2" in water and "drowning" in water
    assert "current (weir)" in water
    assert o.risk.loses is not None and o.risk.loses.chance == Fraction(1, 2)
    assert o.risk.fall is None
    assert {"R004-27", "R004-28", "A004-13"} <= set(o.risk.rules)


def test_a_heavy_load_makes_calm_water_a_hazard_R004_27_A004_12() -> None:
    """R004-27, A004-12: 5 bulk of 16 is over a quarter: calm water needs the roll; 4 does
    not, and the same move is safe."""
    o = _option(_lake(False, AGI=12, bulk=5), "ada", do="move", to="lake")
    (water,) = o.risk.hazards
    assert "heavy load (5 bulk of 16)" in water and "A004-12" in water
    assert o.risk.loses is not None and o.risk.loses.chance == Fraction(8, 20)
    assert _option(_lake(False, AGI=12, bulk=4), "ada", do="move", to="lake").risk == SAFE


def test_a_foes_reach_is_a_possible_pin_without_a_chance_R004_19_R004_21() -> None:
    """R004-19..21: passing Bruno is a possible pin: his choice, so no chance is given;
    the odds of resisting with STR and with AGI are. An ally's reach is safe."""
    s = session([actor("ada", "r0", [2, 2], STR=8, AGI=12),
                 actor("bruno", "r1", [9, 1], side="house")])
    o = _option(s, "ada", do="rush", to="r2")
    assert "may be pinned by bruno" in o.cost
    (pin,) = o.risk.hazards
    assert "no chance given" in pin and "STR 8 fails 3/5" in pin and "AGI 12 fails 2/5" in pin
    assert o.risk.fall is None and o.risk.loses is None and not o.risk.leaves_scene
    assert {"R004-19", "R004-20", "R004-21"} <= set(o.risk.rules)
    assert "bruno" not in str(o.risk.to_json())
    s = session([actor("ada", "r0", [2, 2]), actor("bruno", "r1", [9, 1])])
    o = _option(s, "ada", do="rush", to="r2")
    assert o.risk == SAFE and o.to_json()["risk"] is None


# -- pending decisions -------------------------------------------------------------------


def _pin_offered() -> Session[Any]:
    s = session([actor("ada", "r0", [2, 2], STR=8, AGI=12),
                 actor("bruno", "r1", [9, 1], side="house")])
    move(s, "ada", "r1", [11, 2])
    return s


def test_pin_and_let_pass_say_what_they_do_R004_19_R004_20_A004_04() -> None:
    """R004-19, R004-20, A004-04: pinning spends the pin of the round and gives the mover
    a STR or AGI roll (both with exact odds); letting pass lets the movement go on."""
    s = _pin_offered()
    pending = s.state.pending
    assert pending is not None and pending.kind == "pin"
    pin = consequence_of(pending, "pin")
    assert pin is not None and "1 of 1" in pin.cost
    assert [c.name for c in pin.checks] == ["STR 8 (resist a pin)", "AGI 12 (resist a pin)"]
    assert pin.checks[0].odds == {"pass": Fraction(2, 5), "fail": Fraction(3, 5)}
    assert {"R004-19", "R004-20", "A004-04"} <= set(pin.rules)
    let = consequence_of(pending, "let_pass")
    assert let is not None and "goes on" in let.words
    body = s.to_json()["pending"]
    assert [c["choice"] for c in body["consequences"]] == ["pin", "let_pass"]  # type: ignore[index]


def test_resist_pin_gives_each_rolls_exact_odds_brute_force_R004_20_R004_21() -> None:
    """R004-20, R004-21: STR or AGI, each with its exact odds (checked face by face,
    through the engine); a failure ends the movement (a lost move of that chance)."""
    s = _pin_offered()
    s.do({"answer": "pin", "actor": "bruno"})
    pending = s.state.pending
    assert pending is not None and pending.kind == "resist_pin"
    for attribute, fail in (("STR", Fraction(3, 5)), ("AGI", Fraction(2, 5))):
        said = consequence_of(pending, attribute)
        assert said is not None and len(said.checks) == 1
        assert said.risk.loses is not None and said.risk.loses.what == "move"
        stopped = 0
        for face in range(1, 21):
            t = _pin_offered()
            t.do({"answer": "pin", "actor": "bruno"})
            stopped += bool(of_type(t.do({"answer": attribute, "roll": [face]}),
                                    "movement_ended"))
        assert said.risk.loses.chance == Fraction(stopped, 20) == fail
        assert said.checks[0].odds["fail"] == fail  # the JSON the CLI and VTTs read
        assert {"R004-20", "R004-21"} <= set(said.rules)
    labels = [o.label for o in s.options("ada")]
    assert any(label.startswith("answer AGI: ada rolls AGI 12") for label in labels)


def test_place_pinned_says_where_the_mover_may_go_R004_21_A004_05() -> None:
    """R004-21, A004-05: the pinner places the mover on a free spot within 2 m of
    itself; it is not a move."""
    s = _pin_offered()
    s.do({"answer": "pin", "actor": "bruno"})
    s.do({"answer": "AGI", "roll": [20]})
    pending = s.state.pending
    assert pending is not None and pending.kind == "place_pinned"
    place = consequence_of(pending, "place")
    assert place is not None and "within 2 m of itself" in place.words
    assert {"R004-21", "A004-05"} <= set(place.rules) and not place.risk


# -- hidden information --------------------------------------------------------------


def test_no_risk_names_what_a_player_seat_may_not_see_R004_02() -> None:
    """R004-02: through the whole tavern brawl (a hidden kitchen and cook), no option's
    risk names a zone or an actor hidden from the players seat, and a side's view
    keeps every option it kept without the risk."""
    encounter = load_encounter(EXAMPLES / "tavern-brawl.yaml")
    s = encounter.session()
    players = View(s.engine, PLAYERS)
    patrons = View(s.engine, Seat.parse("side:patrons"))
    checked = 0

    def check() -> None:
        nonlocal checked
        hidden = players.secrets(s.state)
        for who in s.state.actors:
            for o in s.engine.options(s.state, who):
                assert not mentions(o.risk.to_json(), hidden), (o.label, o.risk.describe())
                checked += bool(o.risk)
        for who in ("mira", "dov"):
            unseen = patrons.secrets(s.state)
            kept = [o for o in s.engine.options(s.state, who)
                    if not mentions({**o.to_json(), "risk": None}, unseen)]
            assert [o.command for o in patrons.options(s.state, who)] == \
                [o.command for o in kept]

    check()
    for step in encounter.steps:
        if step.kind == "command" and step.command is not None:
            s.do(step.command)
            check()
    assert checked > 0
