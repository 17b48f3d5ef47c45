"""Gaps found in review: drops into full zones, falls started at the round's end, carried
characters across drops, benefits left behind, sensing an Art's source, joint moves that
split, the player view of hidden characters, and bad numbers in files and commands
(R000-10, R000-34, R000-35, R000-39..41, R000-54, R000-57, R000-66, R000-72; A000-07,
A000-08, A000-09, A000-10)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from footwork.errors import ScenarioError
from footwork.scenario import encounter_from_text
from tests.support import malformed

from ._helpers import a, actor, at, cited, end_turns, of_type, refused, session

LEDGE = [{"id": "top", "floor_m": 30}, {"id": "pit", "limit": 1}, {"id": "side"}]
LEDGE_LINKS: list[Any] = [{"a": "top", "b": "pit", "one_way": True, "drop": True},
                          ["pit", "side"], ["top", "side"]]


def test_forcing_into_a_full_zone_across_a_drop_still_falls_R000_34_R000_39() -> None:
    """R000-34 with R000-39..41: the entrant wins its way into the full pit, but it gets
    there by dropping 30 m, and lands for 30 / 5 = 6 on hard ground."""
    s = session([actor("ada", "top", earth=5), actor("foe", "pit", side="x")],
                zones=LEDGE, links=LEDGE_LINKS)
    events = s.do({"do": "move", "actor": "ada", "to": "pit", "defender": "foe",
                   "roll": [15]})
    assert of_type(events, "fall_started") and of_type(events, "landed")
    assert at(s, "ada") == "pit" and a(s, "ada").aura == 4
    assert s.state.pending is not None and s.state.pending.kind == "crowd_throw"


def test_spilling_over_across_a_drop_falls_too_R000_35_R000_39() -> None:
    """R000-35 with R000-39: spill-over scatters those inside; an entrant arriving by a
    drop falls first."""
    s = session([actor("ada", "top"), actor("foe", "pit", side="x")],
                zones=LEDGE, links=LEDGE_LINKS, options={"limit": {"mode": "spillover"}})
    events = s.do({"do": "move", "actor": "ada", "to": "pit", "roll": [1]})
    assert of_type(events, "landed") and at(s, "ada") == "pit" and at(s, "foe") == "side"


def test_a_crowd_throw_may_land_in_the_zone_the_entrant_just_left_A000_08() -> None:
    """A000-08: the entrant's zone of origin may take the defender; it has room once the
    entrant has left it, even when it has a limit of its own."""
    zones = [{"id": "hut", "limit": 1}, {"id": "closet", "limit": 1}]
    s = session([actor("ada", "hut", earth=5), actor("foe", "closet", side="x")],
                zones=zones, links=[["hut", "closet"]])
    s.do({"do": "move", "actor": "ada", "to": "closet", "defender": "foe", "roll": [15]})
    assert s.state.pending is not None and s.state.pending.choices == ("hut",)
    s.do({"answer": "hut"})
    assert at(s, "ada") == "closet" and at(s, "foe") == "hut"


def test_a_fall_begun_at_the_round_end_covers_one_round_there_R000_40() -> None:
    """R000-40: a 400 m fall begun in round 1 covers its first round, and only that, at the
    end of round 1 (50 m, not 50 + 100). (The vault used to hold an anti-gravity field
    switching off at that round's end; since the s30 review a fall cannot begin where
    anti-gravity is on, R000-61, and the round-end switch-off is pinned by the next test.)"""
    zones = [{"id": "vault"}]
    s = session([actor("ada", "vault")], zones=zones, links=[])
    s.do({"do": "fall", "actor": "gm", "target": "ada", "metres": 400})
    # R000-40 (issue 10 item 1): the round a fall begins in is its first round: 50 m by
    # that round's end, never 50 + 100
    assert a(s, "ada").fallen_m == 0
    end_turns(s, "ada")
    assert a(s, "ada").fallen_m == 50
    end_turns(s, "ada")
    assert a(s, "ada").fallen_m == 150


def test_round_end_fall_starts_once_R000_40_R000_61() -> None:
    """R000-40, R000-61: a character aloft when the field goes off falls 50 m in the round
    end that switches it off, then 100 m more at the next."""
    zones = [{"id": "vault", "tile": {"kind": "antigravity", "until": 2}}]
    s = session([actor("ada", "vault", aura=50)], zones=zones, links=[],
                options={"antigrav": {"rise_m": 200}})
    end_turns(s, "ada")
    assert a(s, "ada").altitude_m == 200
    events = s.do({"do": "end_turn", "actor": "ada"})
    progressed = of_type(events, "fall_progressed")
    assert [e.metres for e in progressed] == [50]
    end_turns(s, "ada")
    assert a(s, "ada").fallen_m == 150 and a(s, "ada").fall_left_m == 50


def test_a_current_over_a_drop_makes_its_riders_fall_R000_57_R000_39() -> None:
    """R000-57 with R000-39: a current that pours over a waterfall drops its riders."""
    zones = [{"id": "creek", "water_m": 1, "floor_m": 10,
              "tile": {"kind": "current", "to": "basin"}},
             {"id": "basin", "water_m": 8}]
    links = [{"a": "creek", "b": "basin", "one_way": True, "drop": True}]
    s = session([actor("ada", "creek")], zones=zones, links=links)
    events = s.do({"do": "end_turn", "actor": "ada"})
    assert of_type(events, "landed") and at(s, "ada") == "basin"
    assert "R000-57" in cited(events) or "R000-39" in cited(events)


def test_a_benefit_is_left_behind_with_its_zone_R000_54() -> None:
    """R000-54: the ley line is drawn on where it lies; walking away gives it up."""
    zones = [{"id": "shrine", "start_of_turn": ["ley line"]}, {"id": "yard"}]
    s = session([actor("ada", "shrine")], zones=zones, links=[["shrine", "yard"]])
    assert a(s, "ada").benefits == ("ley line",)
    s.do({"do": "move", "actor": "ada", "to": "yard"})
    assert a(s, "ada").benefits == ()
    refused(s, {"do": "use_benefit", "actor": "ada", "benefit": "ley line"}, "no_benefit",
            "R000-54")


def test_a_rival_within_an_arts_reach_may_sense_its_source_R000_72() -> None:
    """R000-72: the Art user three zones off reaches Ada through walls; Ada, with no Art of
    her own, may Challenge to sense it and its source. A rival beyond its reach may not."""
    s = session([actor("ada", "a"), actor("far", "d", side="x", art_range=3),
                 actor("near", "d", side="x", art_range=1)])
    s.do({"do": "sense", "actor": "ada", "target": "far", "roll": [20]})
    assert "far" in a(s, "ada").aware_of
    refused(s, {"do": "sense", "actor": "ada", "target": "near"}, "out_of_range", "R000-72")


def test_a_partner_carried_then_split_keeps_its_move_spent_A000_07_R000_10() -> None:
    """A000-07, R000-10: Bo Sprints into a joint move; the pair is split before Ada's turn
    ends, yet Bo's Movement went into the joint move and stays spent."""
    s = session([actor("ada", "a"), actor("bo", "a"), actor("foe", "b", side="x")],
                order=["ada", "bo", "foe"])
    s.do({"do": "partner", "actor": "ada", "target": "bo"})
    s.do({"answer": "accept"})
    s.do({"do": "sprint", "actor": "ada"})
    s.do({"do": "joint_move", "actor": "ada", "to": "b", "partner_sprints": True})
    assert a(s, "bo").speed == 3 and a(s, "bo").spent == 1
    s.do({"do": "move", "actor": "ada", "to": "c"})  # Ada walks on alone: the pair splits
    assert a(s, "bo").partner is None and a(s, "bo").move_over
    end_turns(s, "ada")
    refused(s, {"do": "move", "actor": "bo", "to": "c"}, "move_over", "R000-24", "A000-04",
            "R000-12")


def test_the_player_view_leaves_out_unsensed_hidden_foes_R000_66() -> None:
    """R000-66: players never see a hidden foe none of theirs has sensed; once sensed, it
    shows."""
    s = session([actor("ada", "a", earth=10), actor("spy", "b", side="x", hidden=True)],
                options={"awareness": {"player_sides": ["crew"]}})
    body = s.to_json(view="player")
    assert list(body["actors"]) == ["ada"] and body["order"] == ["ada"]
    assert "spy" not in json.dumps(body)
    s.do({"do": "sense", "actor": "ada", "target": "spy", "roll": [20]})
    assert "spy" in s.to_json(view="player")["actors"]
    assert "spy" in s.to_json(view="gm")["actors"]


def test_the_player_view_shows_the_players_own_hidden_characters_R000_66() -> None:
    """R000-66: with ``player_sides`` the players' own hidden scout stays in their view;
    without it, every unsensed hidden character is left out."""
    crew = [actor("ada", "a"), actor("scout", "a", hidden=True)]
    shown = session(crew, options={"awareness": {"player_sides": ["crew"]}})
    assert "scout" in shown.to_json(view="player")["actors"]
    assert "scout" not in session(crew).to_json(view="player")["actors"]


def _file(**changes: Any) -> str:
    data: dict[str, Any] = {"footwork": 1, "ruleset": "cultivation",
                            "map": {"zones": [{"id": "a"}, {"id": "b"}], "links": [["a", "b"]]},
                            "actors": [{"id": "ada", "at": "a"}]}
    for path, value in changes.items():
        where = data
        keys = path.split("__")
        for key in keys[:-1]:
            where = where.setdefault(key, {})
        where[keys[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize(("change", "message"), [
    ({"options__fall__divisors": {"hard": 0}}, "options.fall.divisors"),
    ({"options__swim__penalty_min": 5, "options__swim__penalty_max": 1}, "penalty_min"),
    ({"options__swim__threshold": float("inf")}, "finite"),
    ({"map__zones": [{"id": "a", "dt": float("nan")}, {"id": "b"}]}, "map.zones[0].dt"),
    ({"map__zones": [{"id": "a", "floor_m": float("inf")}, {"id": "b"}]}, "finite"),
])
def test_bad_numbers_in_a_file_are_one_line_errors_R000_22_R000_41(
        change: dict[str, Any], message: str) -> None:
    """R000-22, R000-41, R000-45: ratings, heights and divisors must be finite and sane."""
    with pytest.raises(ScenarioError) as info:
        encounter_from_text(_file(**change), "bad.json")
    assert message in str(info.value) and "\n" not in str(info.value)


def test_a_partial_divisor_table_keeps_the_printed_divisors_R000_41() -> None:
    """R000-41: naming one surface's divisor keeps the others: a 40 m fall into deep water
    still deals 40 / 20 = 2."""
    zones = [{"id": "top", "floor_m": 40}, {"id": "lake", "water_m": 9}]
    links = [{"a": "top", "b": "lake", "one_way": True, "drop": True}]
    s = session([actor("ada", "top")], zones=zones, links=links,
                options={"fall": {"divisors": {"hard": 4}}})
    s.do({"do": "move", "actor": "ada", "to": "lake"})
    assert a(s, "ada").aura == 8


def test_storyteller_commands_refuse_bad_amounts_R000_21_R000_40() -> None:
    """R000-21, R000-40: an effect cannot heal by negative damage; a fall needs a finite
    height."""
    s = session([actor("ada", "a")])
    refused(s, {"do": "zone_effect", "actor": "gm", "zone": "a", "amount": -5}, "bad_amount",
            "R000-21")
    refused(s, {"do": "fall", "actor": "gm", "target": "ada", "metres": 0}, "bad_height",
            "R000-40")
    for metres in (float("nan"), float("inf")):  # malformed: refused before any rule
        malformed(s, {"do": "fall", "actor": "gm", "target": "ada", "metres": metres},
                  "metres")


def _pair(zones: list[Any], links: list[Any], at_: str, *, foe_at: str,
          options: dict[str, Any] | None = None) -> Any:
    s = session([actor("ada", at_), actor("bo", at_), actor("foe", foe_at, side="x", earth=10)],
                zones=zones, links=links, options=options, order=["ada", "bo", "foe"])
    s.do({"do": "partner", "actor": "ada", "target": "bo"})
    s.do({"answer": "accept"})
    return s


def _split(s: Any) -> None:
    assert a(s, "ada").partner is None and a(s, "bo").partner is None
    ended = [e for e in s.events if e.type == "partnership_ended"]
    assert len(ended) == 1 and "R000-10" in cited(ended)


def test_a_throw_that_splits_the_pair_ends_the_partnership_R000_10() -> None:
    """R000-10: a rival throws one partner into the next zone: the partnership ends."""
    s = _pair([{"id": "hall"}, {"id": "yard"}], [["hall", "yard"]], "hall", foe_at="hall")
    end_turns(s, "ada", "bo")
    s.do({"do": "throw", "actor": "foe", "target": "ada", "to": "yard"})
    s.do({"answer": "defend", "roll": [20]})
    assert (at(s, "ada"), at(s, "bo")) == ("yard", "hall")
    _split(s)


def test_a_spill_over_that_scatters_the_pair_ends_the_partnership_R000_10_R000_35() -> None:
    """R000-10, R000-35: a spill-over scatters the partners to different zones."""
    zones = [{"id": "hut", "limit": 2}, {"id": "yard"}, {"id": "lane"}]
    s = _pair(zones, [["hut", "yard"], ["hut", "lane"]], "hut", foe_at="lane",
              options={"limit": {"mode": "spillover"}})
    end_turns(s, "ada", "bo")
    s.do({"do": "move", "actor": "foe", "to": "hut", "roll": [1, 2]})
    assert (at(s, "ada"), at(s, "bo")) == ("yard", "lane")
    _split(s)


def test_a_drop_taken_alone_ends_the_partnership_at_once_R000_10_R000_39() -> None:
    """R000-10, R000-39: one partner drops into the pool below: they are apart."""
    zones = [{"id": "ledge", "floor_m": 5}, {"id": "pool", "water_m": 6}]
    links = [{"a": "ledge", "b": "pool", "one_way": True, "drop": True}]
    s = _pair(zones, links, "ledge", foe_at="ledge")
    s.do({"do": "move", "actor": "ada", "to": "pool"})
    assert (at(s, "ada"), at(s, "bo")) == ("pool", "ledge")
    _split(s)


def test_spill_over_without_ignoring_dt_skips_rough_and_full_zones_A000_09() -> None:
    """A000-09: with ``spillover.ignore_dt: false`` the die counts only the neighbours
    without Difficult Terrain that have room."""
    zones = [{"id": "hut", "limit": 1}, {"id": "mud", "dt": 8}, {"id": "cell", "limit": 1},
             {"id": "yard"}]
    links = [["hut", "mud"], ["hut", "cell"], ["hut", "yard"]]
    s = session([actor("ada", "yard"), actor("foe", "hut", side="x"),
                 actor("jailer", "cell", side="x")], zones=zones, links=links,
                options={"limit": {"mode": "spillover"}, "spillover": {"ignore_dt": False}})
    events = s.do({"do": "move", "actor": "ada", "to": "hut", "roll": [1]})
    assert of_type(events, "rolled")[0].check.startswith("spill-over from hut (1 zones")
    assert at(s, "foe") == "yard"


def test_with_speed_0_a_sprint_is_still_possible_R000_03_A000_03() -> None:
    """R000-03, A000-03: with `speed.base: 0` nothing has run out yet: Sprint sets the
    budget to 3."""
    s = session([actor("ada", "a")], options={"speed": {"base": 0}})
    refused(s, {"do": "move", "actor": "ada", "to": "b"}, "needs_sprint", "R000-03")
    s.do({"do": "sprint", "actor": "ada"})
    s.do({"do": "move", "actor": "ada", "to": "b"})
    assert at(s, "ada") == "b" and a(s, "ada").speed == 3
