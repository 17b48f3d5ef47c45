"""Rule questions: open rule questions of the cause-by-condition review, settled from the text.

Item 13: where a rescue leaves the rescued (R004-28, A004-13; our default
``hazards.rescue_pulls_out``). Item 14: a move's risk and the rolls the end of the
activation chains (R004-22, R004-27)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ._helpers import end_turns, refused, session, types

#: a bank and a turbulent mill race; Pell (6 of 16 bulk: overloaded, A004-12) in the
#: race cannot swim (R004-29), Tam on the bank 2 m from him
RACE = [{"id": "bank", "rect": [0, 0, 6, 6]},
        {"id": "race", "rect": [6, 0, 6, 6], "water": {"turbulent": True}}]


def _drowning_pell(bank: int | None = None, **options: Any) -> Any:
    zones = [{**RACE[0], "capacity": bank} if bank is not None else RACE[0], RACE[1]]
    s = session([{"id": "pell", "side": "co", "at": "race",
                  "stats": {"point": [7.5, 3], "AGI": 12, "bulk": 6}},
                 {"id": "tam", "side": "co", "at": "bank", "stats": {"point": [5.5, 3]}}],
                zones=zones, openings=[{"between": ["bank", "race"]}],
                options={"hazards": options} if options else None)
    end_turns(s, "pell")  # R004-29: no roll, he drowns
    assert s.state.actors["pell"].drowning
    end_turns(s, "tam", "pell")
    return s


def test_a_rescue_hauls_the_drowner_out_of_the_water_R004_28_A004_13() -> None:
    """R004-28, A004-13 (silent on where): the rescuer hauls him onto the free dry spot
    within its reach nearest to him, exactly 2 m from her (R004-07, R004-09): out of the
    race, he does not drown again at the end of his next activation (R004-29)."""
    s = _drowning_pell()
    events = s.do({"do": "rescue", "actor": "tam", "target": "pell"})
    assert types(events) == ["acted", "rescued", "placed"]
    pell = s.state.actors["pell"]
    assert pell.at == "bank" and not pell.drowning
    assert abs(pell.point[0] - 6.0) < 0.05 and abs(abs(pell.point[1] - 3) - 1.936) < 0.05
    end_turns(s, "tam")
    assert "drowning_began" not in types(end_turns(s, "pell"))
    assert not s.state.actors["pell"].drowning


def test_the_rescuer_names_the_dry_spot_within_reach_A004_13() -> None:
    """A004-13: the rescuer may name the spot (``at``); in the water, out of reach or on
    another's circle it is refused and nothing changes."""
    s = _drowning_pell()
    refused(s, {"do": "rescue", "actor": "tam", "target": "pell", "at": [7, 3]}, "in_water",
            "A004-13")
    refused(s, {"do": "rescue", "actor": "tam", "target": "pell", "at": [1, 3]},
            "not_nearby", "R004-09")
    refused(s, {"do": "rescue", "actor": "tam", "target": "pell", "at": [4.5, 3]},
            "occupied", "R004-07")
    s.do({"do": "rescue", "actor": "tam", "target": "pell", "at": [3.5, 3]})
    assert s.state.actors["pell"].at == "bank" and s.state.actors["pell"].point == (3.5, 3.0)


def test_without_the_option_the_rescued_stays_and_drowns_again_R004_29() -> None:
    """``hazards.rescue_pulls_out: false``: the earlier reading, the rescue only ends the
    drowning; still overloaded in turbulent water he drowns again, with no roll (R004-29)."""
    s = _drowning_pell(rescue_pulls_out=False)
    assert types(s.do({"do": "rescue", "actor": "tam", "target": "pell"})) == [
        "acted", "rescued"]
    assert s.state.actors["pell"].at == "race"
    end_turns(s, "tam")
    assert "drowning_began" in types(end_turns(s, "pell"))


def test_in_open_water_the_rescued_stays_where_it_is_A004_13() -> None:
    """With no dry ground within the rescuer's reach (both swimming in a lake), the rescue
    ends the drowning and the rescued stays in the water."""
    lake = [{"id": "lake", "rect": [0, 0, 10, 6], "water": {}}]
    s = session([{"id": "ada", "side": "co", "at": "lake",
                  "stats": {"point": [6, 3], "AGI": 5, "bulk": 8}},
                 {"id": "bo", "side": "co", "at": "lake", "stats": {"point": [4, 3]}}],
                zones=lake, openings=[])
    s.do({"do": "end_turn", "actor": "ada", "roll": [20]})
    end_turns(s, "bo", "ada")
    assert types(s.do({"do": "rescue", "actor": "bo", "target": "ada"})) == [
        "acted", "rescued"]
    assert s.state.actors["ada"].point == (6.0, 3.0) and not s.state.actors["ada"].drowning


def test_a_rescue_onto_a_full_bank_leaves_the_rescued_in_the_water_R004_08() -> None:
    """R004-06, R004-08: the haul lands by ``entry()`` as a pin placement does: a bank
    at capacity (Tam fills it) has no spot for him, so he stays in the race; a spot
    named there is refused as ``zone_full``."""
    s = _drowning_pell(bank=1)
    refused(s, {"do": "rescue", "actor": "tam", "target": "pell", "at": [3.5, 3]},
            "zone_full", "R004-08")
    assert types(s.do({"do": "rescue", "actor": "tam", "target": "pell"})) == [
        "acted", "rescued"]
    assert s.state.actors["pell"].at == "race"


# -- item 14: the rolls the end of the activation may chain -------------------------------


def test_a_move_risk_counts_the_roll_owed_where_an_end_fall_lands_R004_22_R004_27() -> None:
    """R004-22, R004-27, A004-09 (rule questions): ending on a narrow catwalk over a turbulent
    race owes a balance roll at the end of the activation (AGI 10 on a d20: fails 1/2);
    failing it drops her into the race, where the swim roll is owed at once (fails 1/2):
    the move's risk shows the fall (1/2) and drowning at 1/2 x 1/2 = 1/4, as the end of
    her activation then resolves it (20, 20: she falls, then drowns)."""
    zones = [{"id": "landing", "floor": 1, "rect": [0, 0, 4, 4]},
             {"id": "catwalk", "floor": 1, "rect": [4, 1, 6, 2], "below": "race"},
             {"id": "race", "rect": [4, 0, 6, 4], "water": {"turbulent": True}},
             {"id": "bank", "rect": [0, 0, 4, 4]}]
    s = session([{"id": "ada", "side": "a", "at": "landing",
                  "stats": {"point": [2, 2], "AGI": 10}}], zones=zones,
                openings=[{"between": ["landing", "catwalk"]}, {"between": ["race", "bank"]}],
                rough=[{"floor": 1, "rect": [4, 1, 6, 2], "qualities": ["narrow"],
                        "below": "race"}])
    (option,) = [o for o in s.options("ada")
                 if o.command["do"] == "move" and o.command.get("to") == "catwalk"]
    assert option.risk is not None and option.risk.fall is not None
    assert option.risk.fall.chance == Fraction(1, 2)
    assert option.risk.loses is not None and option.risk.loses.chance == Fraction(1, 4)
    assert any("1/4" in h for h in option.risk.hazards)
    s.do(dict(option.command))
    ended = s.do({"do": "end_turn", "actor": "ada", "roll": [20, 20]})
    got = [t for t in types(ended) if t in ("rolled", "placed", "fell", "drowning_began")]
    assert got[:5] == ["rolled", "placed", "fell", "rolled", "drowning_began"]
