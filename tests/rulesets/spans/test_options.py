"""What `options()` lists: destinations, the checks on the way, their exact odds; and that
each listed command is accepted (R003-02..09, R003-23, R003-32, R003-34; A003-01)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from footwork.dice import parse_dice
from footwork.errors import IllegalCommand
from footwork.odds import brute_force_distribution
from footwork.rulesets.spans.checks import band_odds, band_of

from ._helpers import actor, session

F = Fraction


def listed(s: Any, who: str, do: str) -> list[Any]:
    return [o for o in s.options(who) if o.command["do"] == do]


def test_band_of_reads_three_bands_A003_01() -> None:
    """A003-01: 5+ success, 3–4 struggle, 2 or less (also below 1) fail."""
    assert [band_of(t) for t in (-1, 0, 1, 2, 3, 4, 5, 6, 11)] == [
        "fail", "fail", "fail", "fail", "struggle", "struggle", "success", "success", "success"]


@pytest.mark.parametrize(
    ("dice", "odds"),
    [
        ("d6", (F(1, 3), F(1, 3), F(1, 3))),
        ("d8", (F(1, 2), F(1, 4), F(1, 4))),
        ("d6+1", (F(1, 2), F(1, 3), F(1, 6))),
        ("d4", (F(0), F(1, 2), F(1, 2))),
        ("2d6", (F(30, 36), F(5, 36), F(1, 36))),
    ],
)
def test_run_options_carry_exact_odds_R003_02(dice: str, odds: tuple[F, F, F]) -> None:
    """R003-02..05, A003-01: each Run option names its die and the exact chance of each
    band; the odds equal brute-force enumeration."""
    s = session([actor("ada", "yard", dice={"brace": dice})])
    (opt,) = [o for o in listed(s, "ada", "run")
              if o.to == "street" and o.command["die"] == "brace"]
    (check,) = opt.checks
    assert check.dice == str(parse_dice(dice))
    assert (check.odds["success"], check.odds["struggle"], check.odds["fail"]) == odds
    assert sum(check.odds.values()) == 1
    brute: dict[str, F] = {"success": F(0), "struggle": F(0), "fail": F(0)}
    for total, p in brute_force_distribution(parse_dice(dice)).items():
        brute[band_of(total)] += p
    assert dict(check.odds) == brute
    assert "stamina" in check.name  # a Brace struggle costs stamina (R003-04)
    assert opt.command == {"do": "run", "actor": "ada", "die": "brace", "to": "street"}


def test_band_odds_d6_thirds_A003_01() -> None:
    assert band_odds(parse_dice("d6")) == {"success": F(1, 3), "struggle": F(1, 3),
                                           "fail": F(1, 3)}


def test_run_options_list_every_reachable_place_with_each_die_R003_13() -> None:
    """R003-13, R003-23: adjacent spans, this span's features (not the climb-only tower,
    not the ledge without stairs), each with the three dice."""
    s = session([actor("ada", "yard")])
    runs = listed(s, "ada", "run")
    places = {o.to for o in runs}
    assert places == {"crates", "door", "steps", "street", "roof"}
    for place in places:
        assert sorted(o.command["die"] for o in runs if o.to == place) == [
            "attack", "brace", "maneuver"]
    climbs = {o.to for o in listed(s, "ada", "climb")}
    # a Climb may also take the stairs' height the hard way; never into the Skysea
    assert climbs == {"tower", "ledge", "steps", "roof"}


def test_climb_options_odds_R003_07() -> None:
    """R003-07..09: Climb options carry the same band odds, d8 → 1/2, 1/4, 1/4."""
    s = session([actor("ada", "yard", dice={"maneuver": "d8"})])
    (opt,) = [o for o in listed(s, "ada", "climb")
              if o.to == "tower" and o.command["die"] == "maneuver"]
    assert dict(opt.checks[0].odds) == {"success": F(1, 2), "struggle": F(1, 4),
                                        "fail": F(1, 4)}
    assert {"R003-07", "R003-08", "R003-09"} <= set(opt.rules)


def test_every_listed_option_is_accepted() -> None:
    """Options and decide agree: every listed command is legal as it stands."""
    cases = [
        [actor("ada", "yard"), actor("foe", "street", side="x")],
        [actor("ada", "tower"), actor("foe", "yard", side="x")],
        [actor("ada", "yard", mode="flying", can_fly=True, height=1)],
        [actor("ada", "steps", mode="floating")],
    ]
    for cast in cases:
        options = session(cast).options("ada")
        assert options
        for opt in options:
            fresh = session(cast)
            try:
                fresh.do(dict(opt.command))
            except IllegalCommand as exc:  # pragma: no cover - the failure message
                pytest.fail(f"{opt.command} listed but refused: {exc}")


def test_options_with_a_bonus_list_moves_and_the_free_action_R003_03() -> None:
    """R003-03: after a success: second moves (no checks) and one free action."""
    s = session([actor("ada", "yard")])
    s.do({"do": "run", "actor": "ada", "die": "attack", "to": "street", "roll": [6]})
    moves = listed(s, "ada", "move")
    assert {o.to for o in moves} == {"yard", "awning", "pond", "far"}
    assert all(o.checks == () for o in moves)
    assert len(listed(s, "ada", "free_action")) == 1
    assert listed(s, "ada", "run") == []  # the movement action is spent (A003-23)


def test_options_while_a_struggle_is_pending_R003_04() -> None:
    """R003-04: while the struggle is open, only its answers, and only for the runner."""
    s = session([actor("ada", "yard"), actor("bo", "yard")])
    s.do({"do": "run", "actor": "ada", "die": "attack", "to": "street", "roll": [3]})
    assert [o.command for o in s.options("ada")] == [
        {"answer": "pay", "actor": "ada"}, {"answer": "decline", "actor": "ada"}]
    assert s.options("bo") == ()


def test_floating_options_are_free_of_checks_R003_32() -> None:
    """R003-32: Float options need no roll; up is listed, down only above the ground."""
    s = session([actor("sorc", "yard", mode="floating")])
    floats = listed(s, "sorc", "float")
    assert floats and all(o.checks == () for o in floats)
    assert {o.command.get("direction") for o in floats} == {None, "up"}
    assert {o.to for o in floats if o.to} == {"crates", "door", "street", "sky"}
    assert listed(s, "sorc", "run") == [] and listed(s, "sorc", "fly") == []


def test_flying_options_include_vertical_moves_R003_34() -> None:
    """R003-34: Fly options include up and down, with the band odds."""
    s = session([actor("kite", "yard", mode="flying", can_fly=True, height=1)])
    flies = listed(s, "kite", "fly")
    directions = {o.command.get("direction") for o in flies}
    assert directions == {None, "up", "down"}
    assert {o.to for o in flies if o.to} >= {"steps", "street", "roof"}
    assert all(len(o.checks) == 1 and sum(o.checks[0].odds.values()) == 1 for o in flies)


def test_options_not_your_turn_is_empty() -> None:
    s = session([actor("ada", "yard"), actor("bo", "yard")])
    assert s.options("bo") == ()


def test_options_json_shape() -> None:
    """The JSON of an option shows exact odds as fractions."""
    s = session([actor("ada", "yard")])
    opt = listed(s, "ada", "run")[0]
    body: Any = opt.to_json()
    assert body["checks"][0]["odds"]["success"] == {"p": 1 / 3, "exact": "1/3"}
