"""Review fixes: breaching out from under a surface, options one per cell and kind of place,
non-finite numbers refused in files and commands, PP prompts and labels."""

from __future__ import annotations

import json
from typing import Any

import pytest

from footwork.errors import ScenarioError
from footwork.scenario import encounter_from_text
from tests.support import malformed

from ._helpers import LAKE, answer, cited, creature, do, of_type, refused, session, who

BOAT = ["~~~~====", "~~~~====", "~~~~===="]
BOAT_LEGEND = {"~": {"surface": "water", "water_depth": 4},
               "=": {"surface": "floor", "elevation": 3}}


def _shark(at: str) -> Any:
    return session([creature("s", at, scores={"Swim": 14}, skills={"Swim": 120}, pp=5),
                    creature("x", "0,7", scores={"Overland": 1})],
                   rows=BOAT, legend=BOAT_LEGEND)


def test_R002_31_R002_33_A002_12_a_breach_out_from_under_the_surface() -> None:
    """R002-31, R002-33, A002-12: a shark 2 m down is at the boundary with the air (it bursts
    out from below); the move completing the Breach rises 2 m by Swim, then flies 4 m by
    the Breach's Flight, and the surfacing is the Activation's one transition, counted
    once, by the step that crosses the surface (R002-12, A002-17; issue 23 item j)."""
    s = _shark("1,3,-2")
    assert who(s, "s")["submerged"] is True
    do(s, "breach", "s", into="air", roll=[35])
    answer(s, "3")
    assert who(s, "s")["breach_m"] == 4 and who(s, "s")["transitions"] == 0
    moved = of_type(do(s, "move", "s", type="flight", to=[1, 4]), "moved")[0]
    assert (moved.row, moved.col, moved.z, moved.mode) == (1, 4, 3, "ground")
    assert moved.distance == 6 and moved.temporary == 4 and moved.by == "flight+swim"
    assert moved.deducted == {"swim": 2} and moved.transitions == 1
    assert who(s, "s")["transitions"] == 1 and who(s, "s")["allowance"] == {"swim": 12}
    assert "R002-33" in cited([moved])


def test_R002_33_the_way_out_only_rises() -> None:
    """R002-33: the medium's own Type only carries the creature straight up to the surface
    during the Breach's move; swimming across first is not part of it (3 m of Flight do
    not reach the deck 2 cells away, even with 14 m of Swim)."""
    s = _shark("1,2,-1")
    do(s, "breach", "s", into="air", roll=[35])
    answer(s, "0")
    assert who(s, "s")["breach_m"] == 3
    refused(s, {"do": "move", "actor": "s", "type": "flight", "to": [1, 4]}, "over_allowance",
            "R002-05")


def test_R002_12_a_breach_from_below_still_counts_once() -> None:
    """R002-12, A002-12: diving first uses the Activation's transition, so a Breach from
    below after it (which must cross the surface again) is refused; surfacing and then
    bursting out from the surface crosses nothing more and is allowed (issue 23 item k)."""
    s = _shark("1,3,0")
    do(s, "move", "s", type="swim", to=[1, 3, -1])
    assert who(s, "s")["transitions"] == 1
    refused(s, {"do": "breach", "actor": "s", "into": "air", "roll": [35]}, "transition_limit",
            "R002-12")
    up = _shark("1,3,-1")
    do(up, "move", "s", type="swim", to=[1, 3, 0])
    assert who(up, "s")["transitions"] == 1
    do(up, "breach", "s", into="air", roll=[35])
    answer(up, "0")
    assert who(up, "s")["breach_m"] == 3 and who(up, "s")["transitions"] == 1


def test_options_list_one_place_per_cell_and_kind_and_decide_takes_every_height() -> None:
    """R002-04, R002-43: a flier's options hold one 'in the air' place per cell (the cheapest
    height, ties the lowest) and one landing, not every height; `move` still takes any
    height in reach by `to: [row, col, z]`."""
    s = session([creature("p", "1,5,3", mode="air", scores={"Flight": 12}),
                 creature("x", "0,0", scores={"Overland": 1})], rows=LAKE)
    moves = [o for o in s.options("p") if o.command.get("do") == "move"]
    kinds: dict[tuple[int, int], list[str]] = {}
    for o in moves:
        to = o.command["to"]
        assert isinstance(to, list)
        kinds.setdefault((int(to[0]), int(to[1])), []).append(o.label.rsplit(", ", 1)[1])
    assert all(len(v) == len(set(v)) for v in kinds.values())
    assert kinds[(1, 7)] == ["air", "water"]
    air = next(o for o in moves if o.command["to"] == [1, 7, 3])
    assert air.cost.startswith("2 m")
    assert len(moves) < 3 * len(kinds)
    # a height not listed is still a legal move
    moved = of_type(do(s, "move", "p", type="flight", to=[1, 7, 9]), "moved")[0]
    assert moved.distance == 8 and moved.z == 9


def test_options_list_under_water_and_surface_separately() -> None:
    """R002-12: on a lake, the surface and under the surface are different places (a
    transition apart), so both are listed for a cell."""
    s = session([creature("m", "1,6", scores={"Swim": 6}),
                 creature("x", "0,0", scores={"Overland": 1})], rows=LAKE)
    labels = [o.label for o in s.options("m") if o.command.get("to", [None])[:2] == [1, 7]]
    assert [lab.rsplit(", ", 1)[1] for lab in labels] == ["water", "under water"]


def test_A002_07_pp_labels_and_prompt_say_what_the_odds_are() -> None:
    """A002-07, R002-11: the option says its odds are without PP, then with all it may
    spend; the PP prompt says the cap and the rules; a negative PP is refused."""
    s = session([creature("a", "1,1", scores={"Overland": 3}, skills={"Running": 50}, pp=4)])
    rush = next(o for o in s.options("a") if o.command.get("do") == "rush")
    assert "no PP, then with 4 PP" in rush.label and len(rush.checks) == 2
    assert rush.checks[0].name.endswith("no PP") and rush.checks[1].name.endswith("4 PP")
    refused(s, {"do": "rush", "actor": "a", "type": "overland", "pp": -1, "roll": [5]},
            "bad_pp", "R002-11")
    events = do(s, "rush", "a", type="overland", roll=[50])
    prompt = of_type(events, "decision_requested")[0].prompt
    assert "at most 4" in prompt and "R002-11" in prompt


@pytest.mark.parametrize("command,where", [
    ({"do": "move", "actor": "a", "type": "overland", "to": [1, 2, float("nan")]},
     "to[2]"),
    ({"do": "move", "actor": "a", "type": "overland", "to": [1, 2, float("inf")]},
     "to[2]"),
    ({"do": "spend", "actor": "a", "type": "overland", "distance": float("inf")},
     "distance"),
    ({"do": "spend", "actor": "a", "type": "overland", "distance": float("nan")},
     "distance"),
    ({"do": "dash_action", "actor": "a", "action": "Tackle", "target": "x",
      "range_m": float("nan"), "closing": "rush", "type": "overland", "to": [1, 2],
      "roll": [5]}, "range_m"),
])
def test_non_finite_numbers_in_commands_are_refused(command: dict[str, Any],
                                                     where: str) -> None:
    """R002-04, R002-36, R002-43: NaN and infinite metres are refused as malformed, before
    any rule, and nothing changes."""
    s = session([creature("a", "1,1", scores={"Overland": 3}, skills={"Running": 50}),
                 creature("x", "1,5", scores={"Overland": 1})])
    malformed(s, command, where)


@pytest.mark.parametrize("patch,where", [
    ({"stats": {"scores": {"Overland": float("inf")}}}, "actors[0].stats.scores"),
    ({"stats": {"scores": {"Overland": 3}, "jump": 2, "height_m": float("inf")}},
     "actors[0].stats.height_m"),
    ({"at": "1,1,inf"}, "actors[0].at"),
    ({"at": "1,1,nan"}, "actors[0].at"),
    ({"options": {"distance": {"vertical_step_m": float("inf")}}},
     "options.distance.vertical_step_m"),
    ({"options": {"jump": {"max_drop_m": float("inf")}}}, "options.jump.max_drop_m"),
])
def test_non_finite_numbers_in_files_are_refused_with_where(patch: dict[str, Any],
                                                            where: str) -> None:
    """R002-01, A002-23: a file with a non-finite number is refused, naming where."""
    actor: dict[str, Any] = {"id": "a", "side": "x", "at": "1,1",
                             "stats": {"scores": {"Overland": 3}}}
    data: dict[str, Any] = {"footwork": 1, "ruleset": "allowances",
                            "map": {"cell_size": 1, "unit": "m", "rows": ["....", "...."],
                                    "legend": {".": {"surface": "floor"}}},
                            "actors": [actor]}
    if "options" in patch:
        data["options"] = patch["options"]
    actor.update({k: v for k, v in patch.items() if k != "options"})
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(json.dumps(data), "inline.json").session()
    assert where in str(info.value) and "\n" not in str(info.value)


def test_R002_04_R002_06_moves_between_actions_and_the_left_field() -> None:
    """R002-04, R002-06, R002-08: a move before and after a Rush in the same Activation, each
    deducting from what is left; `left` shows the Allowances in one line."""
    s = session([creature("c", "1,0", scores={"Overland": 10, "Flight": 15},
                          skills={"Running": 60}),
                 creature("x", "0,0", scores={"Overland": 1})])
    do(s, "move", "c", type="overland", to=[1, 3])
    do(s, "rush", "c", type="overland", roll=[20])  # 4 DoS: +2 m of Overland
    do(s, "move", "c", type="overland", to=[1, 9])
    assert who(s, "c")["allowance"] == {"overland": 3, "flight": 6}
    assert who(s, "c")["left"] == "overland 3 of 10 m, flight 6 of 15 m"
    do(s, "activation", "gm")
    assert who(s, "c")["allowance"] == {"overland": 3, "flight": 6}
