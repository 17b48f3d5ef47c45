"""Review fixes: bad option values refused when the file loads, odd commands refused
without a traceback, Prone and adrift ending with the style they belong to, improvising
only a style the sheet lacks, and one movement-graph inconsistency (strict xfail)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from footwork.errors import ScenarioError
from footwork.scenario import encounter_from_text
from footwork.scenario.runner import play
from tests.support import malformed

from ._helpers import actor, encounter_data, gm, move, move_cmd, refused, seg, session, who

WATER_LEGEND: dict[str, Any] = {
    ".": {"surface": "floor"},
    "^": {"surface": "floor", "elevation": 2},
    "~": {"surface": "water", "water_depth": 3},
    "_": {"surface": "void"},
}


@pytest.mark.parametrize(("options", "stats", "where"), [
    ({"template": ["Walk", "Hop"]}, {}, "options.template"),
    ({"fall": {"dice": "banana"}}, {}, "options.fall.dice"),
    ({"sneak": {"dice": "xd"}}, {}, "options.sneak.dice"),
    ({"move": {"walk_step_u": float("inf")}}, {}, "options.move.walk_step_u"),
    ({}, {"weight": float("inf")}, "actors[0].stats.weight"),
])
def test_bad_values_are_refused_when_the_file_loads(
        options: dict[str, Any], stats: dict[str, Any], where: str) -> None:
    """A001-05 (`template`), A001-14 (`fall.dice`), A001-09 (`sneak.dice`): a bad value is
    a ScenarioError naming where it is, not a traceback at the first fall or Test."""
    data = encounter_data([actor("ada", "0,0", **stats)], options=options)
    with pytest.raises(ScenarioError) as exc:
        encounter_from_text(json.dumps(data, allow_nan=True), "bad.json").session()
    assert where in str(exc.value)


def test_R001_02_a_height_that_is_not_a_number_is_refused() -> None:
    """R001-02: a target height of NaN or infinity is refused (`bad_target`) and changes
    nothing."""
    s = session([actor("ada", "1,1")])
    before = s.state
    malformed(s, move_cmd("ada", to=[1, 2, float("nan")]), "to[2]")
    malformed(s, move_cmd("ada", seg("walk", 1, 2, float("inf"))), "plan[0].to[2]")
    assert s.state is before


def test_R001_02_a_move_to_where_one_stands_says_so() -> None:
    """R001-02: `to` the mover's own cell is refused as `already_there`, not as out of
    reach."""
    s = session([actor("ada", "1,1")])
    err = refused(s, move_cmd("ada", to=[1, 1]), "already_there")
    assert "already at row 1, col 1" in err.detail


def test_R001_26_walk_refusal_names_the_rise() -> None:
    """R001-26: walking onto a floor higher than the walk step names the rise."""
    s = session([actor("ada", "0,0")], rows=[".^"], legend=WATER_LEGEND)
    err = refused(s, move_cmd("ada", seg("walk", 0, 1)), "no_way", "R001-26")
    assert "2u higher" in err.detail


def test_R001_38_a_load_weight_must_be_finite() -> None:
    """R001-38: the GM's `adjust` refuses an infinite or NaN load weight."""
    s = session([actor("ada", "1,1")])
    before = s.state
    refused(s, {"do": "adjust", "actor": "gm", "target": "ada",
                "load": [["rock", -1.0, False]]}, "bad_value", "R001-38")
    for bad in (float("inf"), float("nan")):  # malformed: refused before any rule
        malformed(s, {"do": "adjust", "actor": "gm", "target": "ada",
                      "load": [["rock", bad, False]]}, "load[0][1]")
    assert s.state is before


def test_R001_28_prone_ends_when_the_faller_lands_in_water() -> None:
    """R001-28, R001-36: Prone belongs to Walk being active; a prone walker who steps off a
    ledge into water is swimming, no longer prone, and may swim on (A001-10 would block
    Swim while prone)."""
    s = session([actor("ada", "0,0", styles=["Double Walk", "Swim"])],
                rows=["^~~"], legend=WATER_LEGEND)
    s.do({"do": "prone", "actor": "ada"})
    move(s, "ada", seg("walk", 0, 1))
    a = who(s, "ada")
    assert (a["mode"], a["prone"]) == ("water", False)
    move(s, "ada", seg("swim", 0, 2))
    assert who(s, "ada")["at"] == "0,2"


def test_A001_15_leaving_the_water_ends_the_float_or_sink() -> None:
    """A001-15: an Interrupted swimmer who climbs out is no longer adrift, so jumping back
    in later does not sink it without a new Interrupt."""
    s = session([actor("ada", "0,0", styles=["Walk", "Swim", "Jump"])],
                rows=["~.."], legend=WATER_LEGEND)
    gm(s, "interrupt", target="ada")
    assert who(s, "ada")["adrift"] is True
    move(s, "ada", seg("walk", 0, 1))
    assert who(s, "ada")["adrift"] is False


def test_R001_23_only_a_style_the_sheet_lacks_is_improvised() -> None:
    """R001-23: a character improvises a style it does not have; asking for one on its
    sheet is refused (`known_style`), a missing one goes to the GM."""
    s = session([actor("ada", "1,1")])
    refused(s, {"do": "improvise", "actor": "ada", "style": "jump"}, "known_style", "R001-23")
    events = s.do({"do": "improvise", "actor": "ada", "style": "climb"})
    assert [e.type for e in events] == ["decision_requested"]


def test_A001_14_nothing_more_happens_to_one_lost_in_a_void() -> None:
    """A001-14: one who fell into a void can be neither Slowed nor Interrupted."""
    # a flier over the void, Interrupted: it falls and is lost
    t = session([actor("fly", "0,1,2", mode="fly", styles=["Walk", "Fly"]),
                 actor("w", "0,0")],  # someone left in the scene: the encounter goes on
                rows=["._"], legend=WATER_LEGEND)
    gm(t, "interrupt", target="fly")
    assert who(t, "fly")["lost"] is True
    refused(t, {"do": "slow", "actor": "gm", "target": "fly", "stacks": 1}, "lost")
    refused(t, {"do": "interrupt", "actor": "gm", "target": "fly"}, "lost")


def test_R001_17_a_levitator_rises_out_of_water_like_a_flier() -> None:
    """R001-17 (our Levitate): it takes off from the water's surface as from a floor."""
    s = session([actor("lev", "0,0", styles=["Walk", "Levitate", "Swim"])],
                rows=["~."], legend=WATER_LEGEND)
    move(s, "lev", seg("levitate", 0, 0, 1))
    assert (who(s, "lev")["mode"], who(s, "lev")["z"]) == ("levitate", 1)


def test_the_readme_encounter_runs_green() -> None:
    """The README's happy path (its `footwork: 1` encounter) holds, so the README's claims
    about costs and refusals stay true."""
    readme = Path(__file__).parents[3] / "src/footwork/rulesets/styles/README.md"
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", readme.read_text(), re.S)
              if b.startswith("footwork: 1")]
    assert len(blocks) == 1
    outcome = play(encounter_from_text(blocks[0], "README.md"))
    assert outcome.ok, outcome.failures
