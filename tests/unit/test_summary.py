"""The end of an encounter in a few lines (issue 21, item 9, data side): rounds, who
ended where, damage by kind, falls; for a player, only what that seat perceives."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from footwork.cli.app import app
from footwork.scenario import encounter_from_text, load_encounter, play
from footwork.summary import summary, summary_lines

from ..conftest import EXAMPLES


def _by_id(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {a["id"]: a for a in body["actors"]}


def test_falls_damage_and_places_of_each_character() -> None:
    cliff = _by_id(summary(play(load_encounter(EXAMPLES / "cultivation" / "cliff-fall.yaml"))
                           .session))
    assert cliff["feng"] == {
        "id": "feng", "side": "sea", "start": "clifftop", "start_hidden": False, "at": "sea",
        "in_play": True,
        "left": None, "falls": 1, "damage": {"damage": 15}}
    roofs = _by_id(summary(play(load_encounter(EXAMPLES / "spans" / "rooftop-chase.yaml"))
                           .session))
    assert roofs["pell"]["damage"] == {"guard": 8, "lethal": 1}
    assert roofs["pell"]["falls"] == 1 and roofs["mog"]["damage"] == {}


def test_a_player_summary_names_nobody_hidden() -> None:
    session = load_encounter(EXAMPLES / "sitemaps" / "tavern-brawl.yaml").session()
    session.do({"do": "gm_add", "actor": "gm", "id": "lurker", "side": "house",
                "at": "kitchen", "stats": {}})
    seen = summary(session, session.view("side:patrons"))
    assert {"cook", "lurker"}.isdisjoint(_by_id(seen))
    assert {"cook", "lurker"} <= set(_by_id(summary(session)))


FILE = """\
footwork: 1
ruleset: spans
map:
  spans: [{id: deck}, {id: pier}]
  links: [[deck, pier]]
actors:
  - {id: ada, side: crew, at: deck}
  - {id: vex, side: raiders, at: pier}
steps:
  - {do: gm_remove, actor: gm, target: vex}
  - {do: end_encounter, actor: gm, reason: the raiders flee}
"""


def test_run_prints_the_summary_when_the_encounter_ends(tmp_path: Any) -> None:
    path = tmp_path / "end.yaml"
    path.write_text(FILE)
    shown = CliRunner().invoke(app, ["run", str(path)])
    assert shown.exit_code == 0, shown.output
    assert "the encounter ended in round 1: the raiders flee" in shown.output
    assert "  ada (crew): stayed at deck; no damage" in shown.output
    assert "  vex: taken out of play by the game master" in shown.output
    lines = summary_lines(summary(play(encounter_from_text(FILE, "end.yaml")).session))
    assert lines[0] == "the encounter ended in round 1: the raiders flee"


def test_who_left_the_scene_and_how_in_the_log_s_words() -> None:
    """A character lost in the Skysea is out of the scene, with the log line that took it
    out; those still in play have no such line."""
    session = load_encounter(EXAMPLES / "spans" / "boarding-action.yaml").session()
    session.do({"do": "drop", "actor": "ada", "to": "skysea"})
    body = _by_id(summary(session))
    assert body["ada"]["in_play"] is False
    assert body["ada"]["left"] == "ada plunges into the Skysea and leaves the scene"
    assert body["brin"]["in_play"] is True and body["brin"]["left"] is None
    line = next(x for x in summary_lines(summary(session)) if x.startswith("ada "))
    assert "out of the scene (ada plunges into the Skysea and leaves the scene)" in line
