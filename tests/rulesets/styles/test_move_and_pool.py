"""The Move ability, the Movement Styles' caps and the shared pool (R001-01..04,
R001-10..18, A001-01, A001-02, A001-04..07, A001-22)."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.errors import InvalidCommand, ScenarioError
from footwork.rulesets import get_ruleset

from ._helpers import (
    actor,
    cited,
    end_turns,
    move,
    move_cmd,
    of_type,
    refused,
    seg,
    session,
    types,
    who,
)

#: floor with water on the east side: ``~`` 3u deep
SHORE = ["......~~~", "......~~~", "......~~~"]


def test_R001_01_move_is_a_free_action_that_moves_only_its_user() -> None:
    """R001-01: Move targets yourself, spends Movement and moves you; it is a Free Action
    (the turn goes on) and no Sneaking Test is offered where none is due (A001-08)."""
    s = session([actor("ada", "1,1"), actor("bob", "0,0")])
    events = move(s, "ada", seg("walk", 1, 3))
    assert types(events) == ["moved"]
    assert "R001-01" in cited(events)
    assert who(s, "ada")["at"] == "1,3" and who(s, "ada")["pool_spent"] == 2
    assert who(s, "bob")["at"] == "0,0" and who(s, "bob")["pool_spent"] == 0
    assert s.state.current == "ada" and s.state.pending is None


def test_R001_02_the_whole_plan_must_be_affordable_or_nothing_moves() -> None:
    """R001-02: the path and each style's share are laid out first; a plan whose later
    segment is over the pool is refused whole, not carried out in part."""
    s = session([actor("ada", "1,1")])
    cmd = move_cmd("ada", seg("walk", 1, 3), seg("jump", 1, 5))  # 2u + 2u = 4u: fits
    over = move_cmd("ada", seg("walk", 1, 4), seg("jump", 1, 6))  # 3u + 2u: 1u over
    err = refused(s, over, "over_pool", "R001-02", "R001-13")
    assert "5u" in err.detail and "4u" in err.detail
    assert who(s, "ada")["at"] == "1,1"
    s.do(cmd)
    assert who(s, "ada")["at"] == "1,5" and who(s, "ada")["pool_left"] == 0


def test_R001_02_a_move_gives_a_plan_or_a_destination() -> None:
    """R001-02: with neither `plan` nor `to` there is nothing laid out; a plan that ends
    elsewhere than its `to` is refused; `to` alone is planned the cheapest way."""
    s = session([actor("ada", "1,1")])
    refused(s, {"do": "move", "actor": "ada"}, "no_plan", "R001-02")
    refused(s, {"do": "move", "actor": "ada", "plan": []}, "no_plan", "R001-02")
    refused(s, move_cmd("ada", seg("walk", 1, 3), to=[1, 4]), "plan_mismatch", "R001-02")
    events = move(s, "ada", to=[2, 2])
    assert [e.cost for e in of_type(events, "moved")] == [pytest.approx(2 ** 0.5)]


def test_R001_02_R001_13_every_option_is_accepted_and_costs_what_it_says() -> None:
    """R001-02, R001-13: each reachable place options() lists, with its cheapest plan, is
    accepted by the Move and spends exactly the pool it quoted."""
    rows = ["#..^^.", "#._.~~", "#M..~~", "#..o.."]
    styles = ["Walk", "Half Jump", "Half Swim", "Half Climb"]
    s = session([actor("ada", "1,1", hooks=1, styles=styles)], rows=rows)
    moves = [o for o in s.options("ada") if o.command.get("do") == "move"]
    assert len(moves) > 40
    assert any(o.command.get("dash") for o in moves)
    assert {p["style"] for o in moves for p in o.command["plan"]} >= {
        "walk", "jump", "swim", "climb"}
    for option in moves:
        fresh = session([actor("ada", "1,1", hooks=1, styles=styles)], rows=rows)
        fresh.do(option.command)
        after = who(fresh, "ada")
        quoted = float(option.cost.split("u", 1)[0])
        assert after["pool_spent"] == pytest.approx(quoted, abs=1e-3), option.label
        assert after["at"] == option.to, option.label


def test_R001_03_movement_used_is_deducted_from_each_style_and_the_pool() -> None:
    """R001-03: after the move, what each segment used comes out of its style and the
    pool."""
    s = session([actor("ada", "1,1", styles=["Double Walk", "Jump", "Swim"])], rows=SHORE)
    events = move(s, "ada", seg("walk", 1, 3), seg("jump", 1, 5), seg("swim", 1, 7))
    assert [(e.style, e.cost) for e in of_type(events, "moved")] == [
        ("walk", 2.0), ("jump", 2.0), ("swim", 2.0)]
    a = who(s, "ada")
    assert a["spent"] == {"walk": 2, "jump": 2, "swim": 2}
    assert a["pool_spent"] == 6 and a["pool_left"] == 2
    assert a["left"] == {"walk": 2, "jump": 2, "swim": 2}
    assert "R001-03" in cited(events)


def test_R001_04_move_may_be_used_many_times_between_other_abilities() -> None:
    """R001-04: Move needs no Beat; it is used again and again in one turn, before, after
    and between other abilities (here an Improvised Maneuver and dropping prone)."""
    s = session([actor("ada", "1,1"), actor("bob", "1,6")])
    move(s, "ada", seg("walk", 1, 2))
    s.do({"do": "maneuver", "actor": "ada", "target": "bob", "hit": False})
    move(s, "ada", seg("walk", 1, 3))
    s.do({"do": "prone", "actor": "ada"})
    move(s, "ada", seg("walk", 1, 4))  # prone: 1 cell costs 2u
    assert s.state.current == "ada"
    assert who(s, "ada")["at"] == "1,4" and who(s, "ada")["pool_spent"] == 4
    refused(s, move_cmd("ada", seg("walk", 1, 5)), "over_pool", "R001-13")


def test_R001_10_a_style_must_be_on_the_sheet_and_spending_it_makes_it_active() -> None:
    """R001-10: each style has its own rules; spending Movement in one makes it active:
    swimming makes Swim the active style, climbing Climb. A style not on the sheet is
    refused (it has to be improvised)."""
    s = session([actor("ada", "1,5", styles=["Walk", "Swim"])], rows=SHORE)
    refused(s, move_cmd("ada", seg("jump", 1, 3)), "no_style", "R001-10", "R001-23")
    assert who(s, "ada")["style"] == "walk"
    move(s, "ada", seg("swim", 1, 6))
    assert who(s, "ada")["style"] == "swim" and who(s, "ada")["mode"] == "water"
    s2 = session([actor("cy", "1,1", styles=["Walk", "Climb"])],
                 rows=["#....", "#....", "#...."])
    move(s2, "cy", seg("climb", 1, 1, 2))
    assert who(s2, "cy")["style"] == "climb" and who(s2, "cy")["z"] == 2


def test_R001_11_a_plain_style_goes_4u_then_is_used_up_until_the_next_turn() -> None:
    """R001-11: a plain style allows 4u per turn, even with a larger pool; after that it
    is unavailable until the next turn."""
    s = session([actor("ada", "1,0", styles=["Walk", "Double Jump"]), actor("bob", "0,0")])
    assert who(s, "ada")["pool"] == 8 and who(s, "ada")["caps"]["walk"] == 4
    refused(s, move_cmd("ada", seg("walk", 1, 5)), "over_cap", "R001-11")
    move(s, "ada", seg("walk", 1, 4))
    refused(s, move_cmd("ada", seg("walk", 1, 5)), "over_cap", "R001-11")
    move(s, "ada", seg("jump", 1, 6))  # the pool still has 4u for other styles
    assert who(s, "ada")["left"] == {"walk": 0, "jump": 2}
    end_turns(s, "ada", "bob")
    move(s, "ada", seg("walk", 1, 10))
    assert who(s, "ada")["at"] == "1,10"


def test_R001_12_half_styles_stop_at_2u_and_double_styles_at_8u() -> None:
    """R001-12: Half is capped at 2u (Spearing), Double at 8u (Throwing)."""
    s = session([actor("ada", "1,0", styles=["Half Walk", "Double Jump"])],
                rows=["." * 11] * 3)
    assert who(s, "ada")["caps"] == {"walk": 2, "jump": 8}
    refused(s, move_cmd("ada", seg("walk", 1, 3)), "over_cap", "R001-12")
    move(s, "ada", seg("walk", 1, 2))
    move(s, "ada", *(seg("jump", 1, c) for c in (4, 6, 8)))  # three 2u hops: 6u
    assert who(s, "ada")["spent"] == {"walk": 2, "jump": 6}
    assert who(s, "ada")["pool_left"] == 0
    # Jump's 8u is more than any plain style: a fresh turn jumps 8u in one go
    d = session([actor("ada", "1,0", styles=["Half Walk", "Double Jump"])],
                rows=["." * 11] * 3)
    move(d, "ada", *(seg("jump", 1, c) for c in (2, 4, 6, 8)))
    assert who(d, "ada")["spent"] == {"jump": 8}
    refused(d, move_cmd("ada", seg("walk", 1, 9)), "over_pool", "R001-13")


def test_R001_13_the_pool_is_the_largest_style_and_shared_by_all() -> None:
    """R001-13: the pool is the largest style on the sheet (4u for Walk + Half styles);
    every unit comes out of it and out of its own style."""
    s = session([actor("ada", "1,1")])
    assert who(s, "ada")["pool"] == 4
    move(s, "ada", seg("walk", 1, 4))
    # Jump still has 2u of its own, but the pool only 1u
    assert who(s, "ada")["left"] == {"walk": 1, "jump": 1, "swim": 1}
    refused(s, move_cmd("ada", seg("jump", 1, 6)), "over_pool", "R001-13")
    move(s, "ada", seg("jump", 1, 5))
    assert who(s, "ada")["pool_left"] == 0
    big = session([actor("ada", "1,1", styles=["Half Walk", "Double Swim"])], rows=SHORE)
    assert who(big, "ada")["pool"] == 8


def test_R001_14_the_pool_and_styles_refresh_at_the_end_of_the_turn() -> None:
    """R001-14: at the end of your turn the pool is set to the largest style and what
    each style used is reset."""
    s = session([actor("ada", "1,1"), actor("bob", "0,0")])
    move(s, "ada", seg("walk", 1, 3), seg("jump", 1, 4))
    events = end_turns(s, "ada")
    refresh = of_type(events, "movement_refreshed")
    assert [e.actor for e in refresh] == ["ada"] and refresh[0].pool == 4
    assert types(events).index("movement_refreshed") < types(events).index("turn_started")
    assert {"R001-14", "A001-01"} <= cited(refresh)
    a = who(s, "ada")
    assert a["spent"] == {} and a["pool_spent"] == 0 and a["pool_left"] == 4


def test_A001_01_the_pool_is_set_never_added_to() -> None:
    """A001-01: unused Movement does not carry over: a pool of 4 with 1 spent is set back
    to 4 (not 7)."""
    s = session([actor("ada", "1,1"), actor("bob", "0,0")])
    move(s, "ada", seg("walk", 1, 2))
    end_turns(s, "ada", "bob")
    a = who(s, "ada")
    assert a["pool"] == 4 and a["pool_left"] == 4
    refused(s, move_cmd("ada", seg("walk", 1, 7)), "over_pool", "R001-13")


def test_A001_01_refresh_at_the_start_of_the_turn_is_an_option() -> None:
    """A001-01: with `refresh: start_of_own_turn` the spent Movement stays spent between
    turns and is reset when the mover's next turn starts."""
    opts = {"move": {"refresh": "start_of_own_turn"}}
    s = session([actor("ada", "1,1"), actor("bob", "0,0")], options=opts)
    move(s, "ada", seg("walk", 1, 4))
    ended = end_turns(s, "ada")
    assert [e.actor for e in of_type(ended, "movement_refreshed")] == ["bob"]
    assert who(s, "ada")["pool_spent"] == 3
    started = end_turns(s, "bob")
    refresh = of_type(started, "movement_refreshed")
    assert [e.actor for e in refresh] == ["ada"]
    assert types(started).index("turn_started") < types(started).index("movement_refreshed")
    assert who(s, "ada")["pool_spent"] == 0
    # the default refreshes at the end: ada's spend is gone before bob's turn
    d = session([actor("ada", "1,1"), actor("bob", "0,0")])
    move(d, "ada", seg("walk", 1, 4))
    end_turns(d, "ada")
    assert who(d, "ada")["pool_spent"] == 0


def test_A001_02_move_is_refused_outside_your_own_turn() -> None:
    """A001-02: by default Move is used only on your own turn."""
    s = session([actor("ada", "1,1"), actor("bob", "0,0")])
    refused(s, move_cmd("bob", seg("walk", 0, 2)), "not_your_turn", "A001-02")


def test_A001_02_off_turn_moves_are_an_option() -> None:
    """A001-02: with `move.off_turn: true` another Ability may let you move off-turn; the
    Movement comes from the pool refilled at the end of your last turn."""
    s = session([actor("ada", "1,1"), actor("bob", "0,0")], options={"move": {"off_turn": True}})
    move(s, "bob", seg("walk", 0, 3))
    assert who(s, "bob")["at"] == "0,3" and who(s, "bob")["pool_left"] == 1
    assert s.state.current == "ada"
    refused(s, move_cmd("bob", seg("walk", 0, 5)), "over_pool", "R001-13")


def test_A001_04_caps_apply_per_own_turn() -> None:
    """A001-04: a style's cap is per own turn: spent on one turn, whole again on the next,
    whatever the others did between."""
    s = session([actor("ada", "1,0", styles=["Walk", "Double Jump"]), actor("bob", "0,0")])
    move(s, "ada", seg("walk", 1, 4))
    refused(s, move_cmd("ada", seg("walk", 1, 5)), "over_cap", "R001-11")
    end_turns(s, "ada")
    move(s, "bob", seg("walk", 0, 4))
    end_turns(s, "bob")
    assert s.state.round == 2
    assert who(s, "ada")["left"] == {"walk": 4, "jump": 8}
    move(s, "ada", seg("walk", 1, 8))


def test_R001_15_movement_is_split_among_styles_in_any_order() -> None:
    """R001-15: Movement may be split in any mix of styles at any time of the turn: walk,
    jump, walk again, swim, in one plan or several."""
    s = session([actor("ada", "1,0", styles=["Double Walk", "Jump", "Swim"])], rows=SHORE)
    move(s, "ada", seg("walk", 1, 1), seg("jump", 1, 2), seg("walk", 1, 3))
    move(s, "ada", seg("jump", 1, 4))
    move(s, "ada", seg("walk", 1, 5), seg("swim", 1, 7))
    a = who(s, "ada")
    assert a["spent"] == {"walk": 3, "jump": 2, "swim": 2} and a["pool_spent"] == 7
    assert a["at"] == "1,7"


@pytest.mark.parametrize("styles", [None, []])
def test_R001_16_A001_05_A001_22_a_sheet_without_styles_is_the_level_1_template(
        styles: list[str] | None) -> None:
    """R001-16, A001-05, A001-22: with no styles listed a character has Walk 4u, Half Jump
    2u and Half Swim 2u (no Climb, no full Swim), so its pool is 4u."""
    stats: dict[str, Any] = {} if styles is None else {"styles": styles}
    if styles == []:
        # an explicit empty sheet is a sheet with nothing on it, not the template
        s = session([actor("ada", "1,1", **stats)])
        assert who(s, "ada")["caps"] == {} and who(s, "ada")["pool"] == 0
        refused(s, move_cmd("ada", seg("walk", 1, 2)), "no_style", "R001-10")
        return
    s = session([actor("ada", "1,1", **stats)], rows=SHORE)
    a = who(s, "ada")
    assert a["caps"] == {"walk": 4, "jump": 2, "swim": 2} and a["pool"] == 4
    assert "climb" not in a["caps"]
    refused(s, move_cmd("ada", seg("climb", 1, 1, 1)), "no_style", "R001-10")


def test_A001_05_A001_22_the_template_is_an_option() -> None:
    """A001-05, A001-22: `template` sets the styles of a sheet that lists none."""
    s = session([actor("ada", "1,1"), actor("bob", "0,0", styles=["Walk"])],
                options={"template": ["Walk", "Double Climb"]})
    assert who(s, "ada")["caps"] == {"walk": 4, "climb": 8} and who(s, "ada")["pool"] == 8
    assert who(s, "bob")["caps"] == {"walk": 4}


def test_R001_17_the_common_styles_and_the_uncommon_extension_point() -> None:
    """R001-17: Walk, Jump, Climb and Swim are the Common styles; Fly and Levitate are the
    Uncommon extension; anything else is refused with the styles it could be."""
    sheet = ["Walk", "Jump", "Climb", "Swim", "Fly", "Levitate"]
    s = session([actor("ada", "1,1", styles=sheet)])
    assert set(who(s, "ada")["caps"]) == {"walk", "jump", "climb", "swim", "fly", "levitate"}
    events = move(s, "ada", seg("fly", 1, 1, 1), seg("fly", 1, 3, 1))
    assert "R001-17" in cited(events) and who(s, "ada")["mode"] == "fly"
    with pytest.raises(ScenarioError) as info:
        session([actor("ada", "1,1", styles=["Walk", "Teleport"])])
    assert "actors[0].stats.styles" in str(info.value) and "'Teleport'" in str(info.value)
    assert "Walk, Jump, Climb, Swim" in str(info.value)


def test_R001_18_named_distances_are_grades_2_4_8_and_swinging_is_1u() -> None:
    """R001-18: Spearing 2u (Half), Spitting 4u (plain), Throwing 8u (Double); a sheet
    may write the distance, which must match its grade; Swinging (1u) is what standing
    up costs."""
    s = session([actor("ada", "1,1", prone=True,
                       styles=["Half Jump (2u)", "Walk (4u)", "Double Swim (8u)"])])
    assert who(s, "ada")["caps"] == {"jump": 2, "walk": 4, "swim": 8}
    stood = s.do({"do": "stand", "actor": "ada"})
    assert of_type(stood, "stood_up")[0].cost == 1.0
    with pytest.raises(ScenarioError) as info:
        session([actor("ada", "1,1", styles=["Double Walk (4u)"])])
    assert "8u" in str(info.value) and "R001-12" in str(info.value)


def test_A001_06_there_are_no_upgrades_only_the_chapter_commands() -> None:
    """A001-06: the empty upgrades heading adds nothing: the ruleset has only the
    chapter's commands, and an 'upgrade' command is unknown (the extension hook is the
    ruleset registry)."""
    ruleset = get_ruleset("styles")
    # and the game master's `reveal` of a secret door between grid cells (map data)
    assert [c.name for c in ruleset.commands] == [
        "move", "prone", "stand", "interrupt", "slow", "maneuver", "improvise", "adjust",
        "montage", "reveal"]
    s = session([actor("ada", "1,1")])
    with pytest.raises(InvalidCommand):
        s.do({"do": "upgrade", "actor": "ada"})


def test_A001_07_a_turn_that_only_starts_changes_nothing() -> None:
    """A001-07: the truncated Alice example only starts her turn: a full pool and no
    ruleset event but the refresh of the one before."""
    s = session([actor("bob", "0,0"), actor("alice", "1,1")])
    events = end_turns(s, "bob")
    assert types(events) == ["turn_ended", "movement_refreshed", "turn_started"]
    assert of_type(events, "turn_started")[0].actor == "alice"
    a = who(s, "alice")
    assert a["pool_left"] == 4 and a["spent"] == {} and a["at"] == "1,1"
    assert s.state.pending is None
