"""The s34 cause-by-condition review of `sitemaps`, each outcome worked by hand from the
text before footwork was run (README, "The s34 review"): a leap between two floors, and
the cells where a step changes place or mode that no earlier table held."""

from __future__ import annotations

from typing import Any

from ._helpers import actor, move, of_type, refused, session

#: a street (floor 0) and, across a 1.2 m gap, a ledge one storey up (floor 1): a leap
#: up onto it rises one floor, 2.5 m (R004-04, A004-15)
STREET: list[dict[str, Any]] = [
    {"id": "street", "rect": [0, 0, 8, 4]},
    {"id": "ledge", "floor": 1, "rect": [9, 0, 4, 4], "below": "alley"},
    {"id": "alley", "rect": [8, 0, 1, 4]}]
STREET_GAP = [{"between": ["street", "ledge"], "from": [7.9, 2], "to": [9.1, 2],
               "below": "alley"}]


def _street(at: str = "street", point: tuple[float, float] = (4, 2),
            **options: Any) -> Any:
    return session([actor("ada", at, list(point), AGI=10)], zones=STREET, gaps=STREET_GAP,
                   openings=[{"between": ["street", "alley"]}],
                   options={"leap": options} if options else None)


def _leap_checks(s: Any, to: str) -> list[str]:
    (option,) = [o for o in s.options("ada")
                 if o.command.get("do") == "move" and o.command.get("to") == to]
    return [c.name for c in option.checks]


def test_a_leap_up_a_storey_counts_the_rise_R004_30() -> None:
    """R004-04, R004-30, A004-14, A004-15: the leap covers 1.2 m across and one floor
    (2.5 m) up, a straight line of 2.77 m: with a running start that is in the 2 to 4 m
    band, so an AGI roll (failing it she falls into the alley). Before: measured across
    only, 1.2 m, no roll."""
    s = _street()
    events = move(s, "ada", "ledge", [10, 2], roll=[3])
    (rolled,) = of_type(events, "rolled")
    assert "R004-30" in rolled.rules
    assert s.state.actors["ada"].at == "ledge"
    s = _street()
    events = move(s, "ada", "ledge", [10, 2], roll=[15])
    assert of_type(events, "fell") and s.state.actors["ada"].at == "alley"


def test_a_standing_leap_up_a_storey_is_too_far_R004_31() -> None:
    """R004-30, R004-31, A004-14: standing at the take-off, the band is halved to at most
    2 m; 2.77 m is beyond it: refused, and not offered. Before: 1.2 m, a standing roll."""
    s = _street(point=(7.5, 2))
    error = refused(s, {"do": "move", "actor": "ada", "to": "ledge", "at": [10, 2]},
                    "too_far_to_leap", "R004-31")
    assert "2.77 m (1.2 m across, 2.5 m up)" in str(error)
    assert not [o for o in s.options("ada") if o.command.get("to") == "ledge"]


def test_a_leap_down_a_storey_is_measured_the_same_line_R004_30() -> None:
    """R004-30, A004-14: the gap can be crossed both ways, and the line from the ledge
    down to the street is as long: a roll with a running start, too far standing."""
    s = _street("ledge", (12.5, 2))
    assert _leap_checks(s, "street")
    events = move(s, "ada", "street", [4, 2], roll=[3])
    assert of_type(events, "rolled") and s.state.actors["ada"].at == "street"
    s = _street("ledge", (9.5, 2))
    refused(s, {"do": "move", "actor": "ada", "to": "street", "at": [4, 2]},
            "too_far_to_leap", "R004-30")


def test_the_options_for_a_leap_between_floors() -> None:
    """The named option (`leap.between_floors`): `rise` counts the height only leaping
    up (down is measured across, 1.2 m: no roll with a running start); `across` keeps
    the earlier reading, as drawn."""
    up = _street(between_floors="rise")
    assert _leap_checks(up, "ledge")
    down = _street("ledge", (12.5, 2), between_floors="rise")
    assert not _leap_checks(down, "street")
    drawn = _street(between_floors="across")
    assert not _leap_checks(drawn, "ledge")


#: a barn and its loft (floor 1) joined by a challenging ladder; a foe waits on the loft
#: 1.5 m from the ladder's top
BARN: list[dict[str, Any]] = [
    {"id": "barn", "rect": [0, 0, 6, 6]},
    {"id": "loft", "floor": 1, "rect": [0, 0, 6, 6], "below": "barn"}]
LADDER = [{"between": ["barn", "loft"], "at": [3, 3], "grade": "challenging"}]


def _barn() -> Any:
    return session([actor("ada", "barn", [1, 1], AGI=10),
                    actor("bo", "loft", [4.5, 3], side="foes")], zones=BARN, climbs=LADDER)


def test_a_pin_at_the_top_of_a_climb_comes_before_its_roll_R004_19_R004_24() -> None:
    """R004-19, R004-21, R004-24 (checks met at one point: the pin first, then the
    climb): ada climbs the hard ladder and arrives at its top within bo's reach. Bo may
    pin her there before the roll at the top; failing to resist, her movement ends on
    the loft and bo places her: no climb roll, no fall. Resisting, the roll at the top
    follows. Before: the climb roll came first (the pin was found 10 cm past the top)."""
    s = _barn()
    events = s.do({"do": "move", "actor": "ada", "to": "loft", "at": [1, 5]})
    assert not of_type(events, "rolled")
    assert s.state.pending is not None and s.state.pending.kind == "pin"
    s.do({"answer": "pin"})
    events = s.do({"answer": "AGI", "roll": [15]})
    (ended,) = of_type(events, "movement_ended")
    assert ended.zone == "loft" and not of_type(events, "fell")
    s.do({"answer": "place"})
    ada = s.state.actors["ada"]
    assert ada.at == "loft" and ada.stopped and not ada.fell
    s = _barn()
    s.do({"do": "move", "actor": "ada", "to": "loft", "at": [1, 5]})
    s.do({"answer": "pin"})
    events = s.do({"answer": "AGI", "roll": [3, 4]})
    rolls = of_type(events, "rolled")
    assert [r.check for r in rolls] == ["AGI 10 (resist a pin)", "AGI 10 (climb)"]
    assert s.state.actors["ada"].at == "loft"
