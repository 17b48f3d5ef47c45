"""`footwork render`: the map as a standalone, deterministic SVG."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from footwork.cli.app import app
from footwork.draw.zones import percent, render_svg, success_odds
from footwork.scenario import encounter_from_text, load_encounter

from ..conftest import EXAMPLES

BOARDING = EXAMPLES / "spans" / "boarding-action.yaml"
SVG = "{http://www.w3.org/2000/svg}"


def _texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG}text")]


def _groups(root: ET.Element, cls: str) -> dict[str, ET.Element]:
    return {
        el.get("data-place") or el.get("data-actor") or "": el
        for el in root.iter(f"{SVG}g")
        if cls in (el.get("class") or "").split()
    }


def test_the_svg_shows_every_place_and_actor() -> None:
    session = load_encounter(BOARDING).session()
    svg = render_svg(session, None)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    texts = _texts(root)
    space = session.engine.ruleset.space_json(session.state.space)
    for place in space["places"]:
        assert place["id"] in texts
    for aid in session.state.actors:
        assert aid in texts or any(t.startswith(f"{aid} h") for t in texts)
    assert "skarn h1" in texts  # heights that are not zero are shown
    assert any("round 1, ada's turn" in t for t in texts)
    assert "legend" in texts
    assert "on high · height 2" in texts and "threshold" in texts and "cover" in texts
    assert not _groups(root, "target")  # no actor: nothing highlighted
    # one line per linked pair of places
    assert len([el for el in root.iter(f"{SVG}line") if "link" in (el.get("class") or "")]) == 5


def test_an_actors_options_are_highlighted_with_their_odds() -> None:
    session = load_encounter(BOARDING).session()
    svg = render_svg(session, "ada")
    root = ET.fromstring(svg)
    found = session.options("ada")
    destinations = {o.to for o in found if o.to is not None}
    assert destinations == {"gangplank", "dawn-rigging", "skysea"}
    assert set(_groups(root, "target")) == destinations
    odds_texts = [el.text or "" for el in root.iter(f"{SVG}text") if el.get("class") == "odds"]
    best = {to: max(success_odds(o) for o in found if o.to == to and o.checks)
            for to in destinations - {"skysea"}}
    # a destination reached without a roll shows the verb: the drop into the Skysea
    assert sorted(odds_texts) == sorted([*(percent(p) for p in best.values()), "drop"])
    assert "50%" in odds_texts  # the maneuver d8: 5+ on 1d8
    assert set(_groups(root, "selected")) == {"ada"}


def test_the_output_is_deterministic() -> None:
    encounter = load_encounter(BOARDING)
    assert render_svg(encounter.session(), "ada") == render_svg(encounter.session(), "ada")


def test_a_map_without_positions_is_laid_out_and_text_is_escaped() -> None:
    encounter = encounter_from_text(textwrap.dedent("""\
        footwork: 1
        ruleset: spans
        map:
          spans:
            - {id: roof, ground: 2, features: [{id: "chimney <&>", kind: on_high, height: 3}]}
            - {id: yard, features: [{id: shed, kind: cover}]}
            - {id: street}
          links:
            - {a: roof, b: yard, one_way: true}
            - [yard, street]
            - {a: street, b: roof, reach: false}
        actors:
          - {id: ada, side: "crew & co", at: roof}
          - {id: bo, side: "<foes>", at: shed}
        """))
    session = encounter.session()
    svg = render_svg(session, "ada")
    assert "chimney &lt;&amp;&gt;" in svg
    root = ET.fromstring(svg)
    texts = _texts(root)
    assert "chimney <&>" in texts
    assert "side crew & co" in texts and "side <foes>" in texts
    links = {el.get("class"): el for el in root.iter(f"{SVG}line") if el.get("data-a")}
    assert "link one-way" in links and links["link one-way"].get("marker-end")
    assert "link two-way sight-only" in links
    boxes = {
        g.get("data-place"): g.find(f"{SVG}rect")
        for g in root.iter(f"{SVG}g") if "top" in (g.get("class") or "").split()
    }
    assert set(boxes) == {"roof", "yard", "street"}
    # the spring layout keeps the boxes apart
    rects = []
    for rect in boxes.values():
        assert rect is not None
        x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
        rects.append((x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))))
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_the_cli_renders_a_file(tmp_path: Path) -> None:
    out = tmp_path / "out.svg"
    result = CliRunner().invoke(app, ["render", str(BOARDING), "-o", str(out), "--actor", "ada"])
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()
    assert "kestrel" in _texts(root)
    bad = CliRunner().invoke(app, ["render", str(BOARDING), "-o", str(out), "--actor", "nobody"])
    assert bad.exit_code == 2
