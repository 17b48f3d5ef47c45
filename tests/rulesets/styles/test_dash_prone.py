"""Dash (R001-06, R001-07, R001-40, A001-03) and Prone (R001-28..31, A001-10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from footwork.scenario import load_encounter
from footwork.scenario.runner import play

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

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "styles"

#: the Bob map: 0.5u cells, mines in every other cell of row 1
MINES = ["...........", "..M.M.M.M..", "..........."]
OPEN = ["." * 12] * 3
WATER = ["...~~", "...~~", "...~~"]


def test_R001_06_a_dash_doubles_every_style_and_the_pool() -> None:
    """R001-06: as the reaction to starting a Move, a Dash doubles every style's range and
    so the pool: the level-1 sheet goes 8u of Walk in one Move."""
    s = session([actor("ada", "1,0", hooks=1)], rows=OPEN)
    refused(s, move_cmd("ada", seg("walk", 1, 8)), "over_pool", "R001-13")
    events = move(s, "ada", seg("walk", 1, 8), dash=True)
    assert types(events) == ["dashed", "moved"]
    assert "R001-06" in cited(events)
    a = who(s, "ada")
    assert a["caps"] == {"walk": 8, "jump": 4, "swim": 4} and a["pool"] == 8
    assert a["at"] == "1,8" and a["dashing"] is True and a["pool_left"] == 0


def test_R001_07_a_dash_costs_one_hook() -> None:
    """R001-07: Dashing spends a Hook."""
    s = session([actor("ada", "1,0", hooks=2)], rows=OPEN)
    events = move(s, "ada", seg("walk", 1, 1), dash=True)
    dashed = of_type(events, "dashed")[0]
    assert dashed.hooks == 1 and "R001-07" in dashed.rules
    assert who(s, "ada")["hooks"] == 1


def test_R001_07_no_hook_no_dash_and_nothing_changes() -> None:
    """R001-07: a Dash without a Hook is refused whole: no move, no Hook, no doubling."""
    s = session([actor("ada", "1,0")], rows=OPEN)
    err = refused(s, move_cmd("ada", seg("walk", 1, 2), dash=True), "no_hook", "R001-07")
    assert "Hook" in err.detail and "ada" in err.detail
    assert who(s, "ada")["dashing"] is False and who(s, "ada")["at"] == "1,0"
    assert not any(o.command.get("dash") for o in s.options("ada"))


def test_A001_03_dash_once_per_turn_and_what_was_spent_stays_spent() -> None:
    """A001-03: a Dash doubles the caps and the pool, but what was spent before it stays
    spent; one Dash per turn."""
    s = session([actor("ada", "1,0", hooks=2)], rows=OPEN)
    move(s, "ada", seg("walk", 1, 3))
    move(s, "ada", seg("walk", 1, 6), dash=True)
    a = who(s, "ada")
    assert a["spent"] == {"walk": 6} and a["pool"] == 8 and a["left"]["walk"] == 2
    err = refused(s, move_cmd("ada", seg("walk", 1, 7), dash=True), "dash_used", "A001-03")
    assert "this turn" in err.detail
    assert who(s, "ada")["hooks"] == 1


def test_A001_03_a_dash_lasts_until_the_start_of_the_next_turn() -> None:
    """A001-03 (Block A, default): the Dash outlasts the turn and ends when the dasher's
    next turn starts; with off-turn moves allowed, the doubled pool is there between
    turns."""
    opts = {"move": {"off_turn": True}}
    s = session([actor("ada", "1,0", hooks=1), actor("bob", "0,0")], rows=OPEN, options=opts)
    move(s, "ada", seg("walk", 1, 1), dash=True)
    ended = end_turns(s, "ada")
    assert of_type(ended, "dash_ended") == []
    assert who(s, "ada")["dashing"] is True and who(s, "ada")["pool_left"] == 8
    move(s, "ada", seg("walk", 1, 9))  # 8u on bob's turn
    started = end_turns(s, "bob")
    assert [e.actor for e in of_type(started, "dash_ended")] == ["ada"]
    assert types(started).index("turn_started") < types(started).index("dash_ended")
    assert who(s, "ada")["dashing"] is False and who(s, "ada")["pool"] == 4


def test_A001_03_dash_duration_this_turn_is_an_option() -> None:
    """A001-03 (`dash.duration: this_turn`, Block B): the Dash ends with the turn, so
    between turns the pool is 4u again."""
    opts = {"move": {"off_turn": True}, "dash": {"duration": "this_turn"}}
    s = session([actor("ada", "1,0", hooks=1), actor("bob", "0,0")], rows=OPEN, options=opts)
    move(s, "ada", seg("walk", 1, 1), dash=True)
    ended = end_turns(s, "ada")
    assert [e.actor for e in of_type(ended, "dash_ended")] == ["ada"]
    assert who(s, "ada")["dashing"] is False and who(s, "ada")["pool_left"] == 4
    refused(s, move_cmd("ada", seg("walk", 1, 9)), "over_pool", "R001-13")


def test_A001_03_dash_cost_and_frequency_are_options() -> None:
    """A001-03 (`dash.hooks`, `dash.per_turn`): a Dash may cost 2 Hooks, and a table may
    allow two Dashes a turn (the second pays again and doubles again)."""
    opts = {"dash": {"hooks": 2, "per_turn": 2}}
    s = session([actor("ada", "1,0", hooks=3)], rows=OPEN, options=opts)
    move(s, "ada", seg("walk", 1, 1), dash=True)
    assert who(s, "ada")["hooks"] == 1 and who(s, "ada")["pool"] == 8
    refused(s, move_cmd("ada", seg("walk", 1, 2), dash=True), "no_hook", "R001-07")
    s = session([actor("ada", "1,0", hooks=2)], rows=OPEN, options={"dash": {"per_turn": 2}})
    move(s, "ada", seg("walk", 1, 1), dash=True)
    move(s, "ada", seg("walk", 1, 2), dash=True)
    assert who(s, "ada")["hooks"] == 0 and who(s, "ada")["pool"] == 16


def test_R001_40_bobs_dash_four_one_unit_jumps_over_the_mines() -> None:
    """R001-40, R001-33: Bob spends a Hook to Dash; his Half Jump (2u) becomes a Jump
    (4u), which he spends as four separate 1u jumps over the mines: none goes off."""
    s = session([actor("bob", "1,1", hooks=1)], rows=MINES, cell_size=0.5)
    hops = [seg("jump", 1, c) for c in (3, 5, 7, 9)]
    refused(s, move_cmd("bob", *hops), "over_cap", "R001-12")
    assert who(s, "bob")["caps"]["jump"] == 2
    events = move(s, "bob", *hops, dash=True)
    assert types(events) == ["dashed", "moved", "moved", "moved", "moved"]
    assert of_type(events, "dashed")[0].hooks == 1
    assert [(e.style, e.cost, e.col) for e in of_type(events, "moved")] == [
        ("jump", 1.0, 3), ("jump", 1.0, 5), ("jump", 1.0, 7), ("jump", 1.0, 9)]
    assert of_type(events, "hazard_triggered") == []
    bob = who(s, "bob")
    assert bob["hooks"] == 0 and bob["caps"] == {"walk": 8, "jump": 4, "swim": 4}
    assert bob["spent"] == {"jump": 4} and bob["left"]["jump"] == 0
    assert bob["pool_left"] == 4 and bob["at"] == "1,9"


def test_R001_40_the_bob_example_file_runs_green() -> None:
    """R001-40: the shipped example reproduces the printed Bob example."""
    outcome = play(load_encounter(EXAMPLES / "bob-dash.yaml"))
    assert outcome.ok, outcome.failures


def test_R001_28_drop_prone_only_while_walk_is_active() -> None:
    """R001-28: dropping prone is a Free Action (no Movement) while Walk is active; not in
    water, not on a wall, not twice."""
    legend = {".": {"surface": "floor"}, "#": {"surface": "wall", "elevation": 4},
              "~": {"surface": "water", "water_depth": 2}}
    s = session([actor("ada", "1,1"), actor("fin", "1,3", styles=["Walk", "Swim"]),
                 actor("cy", "0,1,1", mode="wall", styles=["Walk", "Climb"])],
                rows=["#..~~", "#..~~"], legend=legend,
                options={"move": {"off_turn": True}})
    events = s.do({"do": "prone", "actor": "ada"})
    assert types(events) == ["went_prone"] and "R001-28" in cited(events)
    assert who(s, "ada")["prone"] is True and who(s, "ada")["pool_spent"] == 0
    refused(s, {"do": "prone", "actor": "ada"}, "prone", "R001-28")
    assert not any(o.command.get("do") == "prone" for o in s.options("ada"))
    end_turns(s, "ada")
    refused(s, {"do": "prone", "actor": "fin"}, "walk_not_active", "R001-28")
    end_turns(s, "fin")
    refused(s, {"do": "prone", "actor": "cy"}, "walk_not_active", "R001-28")


def test_R001_29_while_prone_walking_costs_double() -> None:
    """R001-29: prone, the Movement spent on Walk is halved before moving: one cell of
    walking costs 2u; the options quote the doubled price."""
    s = session([actor("ada", "1,0", prone=True)], rows=OPEN)
    refused(s, move_cmd("ada", seg("walk", 1, 3)), "over_pool", "R001-13")
    events = move(s, "ada", seg("walk", 1, 2))
    assert of_type(events, "moved")[0].cost == 4.0
    assert who(s, "ada")["at"] == "1,2"
    t = session([actor("ada", "1,0", prone=True)], rows=OPEN)
    walks = {o.to: o.cost for o in t.options("ada") if o.command.get("do") == "move"
             and not o.command.get("dash")}
    assert walks["1,1"].startswith("2u") and walks["1,2"].startswith("4u")
    assert "1,3" not in walks


def test_A001_10_prone_halves_are_exact_to_half_a_unit() -> None:
    """A001-10: odd spends halve exactly: 3u of Walk while prone moves 1.5u (three 0.5u
    cells)."""
    s = session([actor("ada", "1,1", prone=True)], rows=OPEN, cell_size=0.5)
    events = move(s, "ada", seg("walk", 1, 4))
    assert of_type(events, "moved")[0].cost == 3.0
    assert who(s, "ada")["spent"] == {"walk": 3}


def test_R001_30_standing_up_is_free_but_costs_1u_of_pool_and_walk() -> None:
    """R001-30, A001-10: standing is a Free Action that spends 1u (Swinging Distance)
    from the pool and from Walk; with less than 1u of Walk left it is refused."""
    s = session([actor("ada", "1,0", prone=True)], rows=OPEN)
    events = s.do({"do": "stand", "actor": "ada"})
    assert types(events) == ["stood_up"] and {"R001-30", "A001-10"} <= cited(events)
    a = who(s, "ada")
    assert a["prone"] is False and a["spent"] == {"walk": 1} and a["pool_left"] == 3
    refused(s, {"do": "stand", "actor": "ada"}, "not_prone", "R001-30")
    low = session([actor("ada", "1,0", prone=True)], rows=OPEN)
    move(low, "ada", seg("walk", 1, 2))  # 4u: the whole pool
    assert not any(o.command.get("do") == "stand" for o in low.options("ada"))
    refused(low, {"do": "stand", "actor": "ada"}, "no_movement", "R001-30", "A001-10")
    assert who(low, "ada")["prone"] is True


def test_A001_10_a_prone_character_must_stand_before_other_styles() -> None:
    """A001-10 (default `prone.blocks_other_styles: true`): prone, only Walk is usable;
    standing first frees the others."""
    s = session([actor("ada", "1,0", prone=True)], rows=OPEN)
    refused(s, move_cmd("ada", seg("jump", 1, 2)), "prone", "A001-10", "R001-29")
    s.do({"do": "stand", "actor": "ada"})
    move(s, "ada", seg("jump", 1, 2))
    assert who(s, "ada")["at"] == "1,2"


def test_A001_10_other_styles_while_prone_is_an_option() -> None:
    """A001-10 (`prone.blocks_other_styles: false`): a prone character may jump or swim
    without standing; only Walk is halved. Only standing ends Prone (R001-30; the s34
    review: before, landing in water ended it for nothing), so she is in the water, still
    prone."""
    opts = {"prone": {"blocks_other_styles": False}}
    s = session([actor("ada", "1,1", prone=True)], rows=WATER, options=opts)
    events = move(s, "ada", seg("jump", 1, 3))
    assert of_type(events, "moved")[0].cost == 2.0
    assert who(s, "ada")["mode"] == "water" and who(s, "ada")["prone"] is True
    refused(session([actor("ada", "1,1", prone=True)], rows=WATER), move_cmd(
        "ada", seg("jump", 1, 3)), "prone", "A001-10")


@pytest.mark.parametrize(("cost", "left"), [(0.0, 4), (2.0, 2)])
def test_A001_10_the_price_of_standing_is_an_option(cost: float, left: int) -> None:
    """A001-10, R001-30 (`prone.stand_cost_u`): what standing costs."""
    s = session([actor("ada", "1,0", prone=True)], rows=OPEN,
                options={"prone": {"stand_cost_u": cost}})
    events = s.do({"do": "stand", "actor": "ada"})
    assert of_type(events, "stood_up")[0].cost == cost
    assert who(s, "ada")["pool_left"] == left


def test_R001_31_prone_is_in_the_state_for_the_attack_rules() -> None:
    """R001-31 [EXT]: how Prone changes Basic Attacks is another chapter's; the engine
    keeps `prone` in the state JSON (GM and player views) for that resolver, and a
    maneuver against a prone target resolves as usual."""
    s = session([actor("ada", "1,0"), actor("bob", "1,2")], rows=OPEN,
                options={"move": {"off_turn": True}})
    assert who(s, "bob")["prone"] is False
    end_turns(s, "ada")
    s.do({"do": "prone", "actor": "bob"})
    end_turns(s, "bob")
    player = s.to_json(log=False, view="player")
    assert player["actors"]["bob"]["prone"] is True
    events = s.do({"do": "maneuver", "actor": "ada", "target": "bob", "hit": True})
    assert types(events) == ["maneuver_made", "slowed_changed"]
    assert who(s, "bob")["prone"] is True
