"""Speed, Sprint, passing through, Opportunities, zones (R000-01..06, R000-16..18,
R000-36, R000-38; A000-03, A000-29)."""

from __future__ import annotations

from ._helpers import a, actor, at, cited, end_turns, of_type, refused, session


def test_speed_is_zones_per_round_R000_01_R000_02() -> None:
    """R000-01, R000-02: Speed 1 by default: one Move into one adjacent zone a round."""
    s = session([actor("ada", "a")])
    assert a(s, "ada").speed == 1
    events = s.do({"do": "move", "actor": "ada", "to": "b"})
    assert at(s, "ada") == "b" and a(s, "ada").spent == 1
    assert {"R000-01", "R000-02"} <= cited(events)
    refused(s, {"do": "move", "actor": "ada", "to": "c"}, "no_speed", "R000-01")
    end_turns(s, "ada")
    s.do({"do": "move", "actor": "ada", "to": "c"})  # a new round, a new Move
    assert at(s, "ada") == "c"


def test_speed_base_is_an_option_R000_02() -> None:
    """R000-02: the base Speed is read from `speed.base`."""
    s = session([actor("ada", "a")], options={"speed": {"base": 2}})
    s.do({"do": "move", "actor": "ada", "to": "b"})
    s.do({"do": "move", "actor": "ada", "to": "c"})
    assert at(s, "ada") == "c"


def test_sprint_uses_the_action_and_gives_speed_3_R000_03_A000_03() -> None:
    """R000-03, A000-03: Sprint spends the Action and sets the round's budget to 3, zones
    already moved included; a second Sprint is refused."""
    s = session([actor("ada", "a")], options={"speed": {"base": 2}})
    s.do({"do": "move", "actor": "ada", "to": "b"})
    events = s.do({"do": "sprint", "actor": "ada"})
    assert of_type(events, "action_spent") and a(s, "ada").speed == 3
    s.do({"do": "move", "actor": "ada", "to": "c"})
    s.do({"do": "move", "actor": "ada", "to": "d"})
    assert a(s, "ada").spent == 3
    refused(s, {"do": "sprint", "actor": "ada"}, "no_action", "R000-03")


def test_sprint_must_come_before_the_budget_runs_out_A000_03() -> None:
    """A000-03: once the Speed budget is used up, Sprint can no longer be declared."""
    s = session([actor("ada", "a")])
    s.do({"do": "move", "actor": "ada", "to": "b"})
    refused(s, {"do": "sprint", "actor": "ada"}, "budget_spent", "A000-03")
    s2 = session([actor("ada", "a")])
    s2.do({"do": "sprint", "actor": "ada"})
    refused(s2, {"do": "sprint", "actor": "ada"}, "no_action")


def test_moving_at_speed_costs_nothing_else_R000_04() -> None:
    """R000-04: a Move at one's Speed leaves the Action available."""
    s = session([actor("ada", "a")])
    s.do({"do": "move", "actor": "ada", "to": "b"})
    assert a(s, "ada").action_spent is False
    assert any(o.command["do"] == "sprint" for o in s.options("ada")) is False  # budget spent
    s2 = session([actor("ada", "a")])
    assert any(o.command["do"] == "sprint" for o in s2.options("ada"))


def test_occupants_never_block_R000_05() -> None:
    """R000-05: a character moves through zones with allies and foes in them."""
    s = session([actor("ada", "a"), actor("foe", "b", side="bad"), actor("pal", "c")])
    s.do({"do": "sprint", "actor": "ada"})
    s.do({"do": "move", "actor": "ada", "to": "b"})
    s.do({"do": "move", "actor": "ada", "to": "c"})
    s.do({"do": "move", "actor": "ada", "to": "d"})
    assert at(s, "ada") == "d"


def test_no_opportunity_unless_an_art_grants_it_R000_06_A000_29() -> None:
    """R000-06, A000-29: leaving a foe gives it no Opportunity, unless the foe has an Art
    granting one (the ``grants_opportunity`` hook)."""
    s = session([actor("ada", "a"), actor("foe", "a", side="bad")])
    assert not of_type(s.do({"do": "move", "actor": "ada", "to": "b"}), "opportunity_granted")
    s = session([actor("ada", "a"), actor("foe", "a", side="bad",
                                          abilities=["grants_opportunity"])])
    events = s.do({"do": "move", "actor": "ada", "to": "b"})
    granted = of_type(events, "opportunity_granted")
    assert [(e.actor, e.mover) for e in granted] == [("foe", "ada")]
    assert {"R000-06", "A000-29"} <= cited(granted)


def test_a_zone_is_the_unit_and_no_position_is_kept_R000_16_R000_17_R000_18() -> None:
    """R000-16, R000-17, R000-18: everyone in a zone can interact with everyone else in it
    at no Movement cost; the state keeps only the zone, never a spot inside it."""
    s = session([actor("ada", "a"), actor("foe", "a", side="bad")])
    body = s.to_json()["actors"]["ada"]
    assert "point" not in body and "position" not in body and body["at"] == "a"
    from footwork.rulesets.cultivation.targeting import can_target

    ruling = can_target(s.state, "ada", "foe", "melee")
    assert ruling.allowed and {"R000-16", "R000-18"} <= set(ruling.rules)
    assert a(s, "ada").spent == 0
    refused(s, {"do": "move", "actor": "ada", "to": "a"}, "already_there", "R000-17")


def test_forms_of_movement_have_no_separate_cost_R000_36() -> None:
    """R000-36: running, sliding, leaping are description: there is one `move`, one cost."""
    s = session([actor("ada", "a")])
    kinds = {o.command["do"] for o in s.options("ada")}
    assert "move" in kinds and not kinds & {"run", "slide", "leap", "jump"}


def test_sneaking_keeps_the_stealth_defense_R000_38_A000_32() -> None:
    """R000-38, A000-32: moving does not reveal a hidden character; its Stealth defence and
    the `sense` Challenge against it are the hook the Stealth rules plug into."""
    s = session([actor("ninja", "a", hidden=True, stealth_defense=15),
                 actor("foe", "c", side="bad")])
    s.do({"do": "move", "actor": "ninja", "to": "b"})
    assert a(s, "ninja").hidden is True
    from footwork.rulesets.cultivation.targeting import aware

    assert not aware(s.state, "foe", "ninja").allowed
