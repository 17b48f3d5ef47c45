"""`footwork render`: the map as a standalone, deterministic SVG."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from footwork.cli.app import app
from footwork.draw import render_svg
from footwork.draw.common import _width, percent, success_odds
from footwork.draw.zones import TOKEN_R
from footwork.scenario import encounter_from_text, load_encounter, play

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
    assert any(t.startswith("on high · height 2") for t in texts)
    assert any(t.startswith("threshold") for t in texts)
    assert any(t.startswith("cover") for t in texts)
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
    assert sorted(odds_texts) == sorted(percent(p) for p in best.values())
    # the drop into the Skysea is a certain fall ("a move; a fall"), drawn as one, not 100%
    falls = [el.text for el in root.iter(f"{SVG}text") if el.get("class") == "fall"]
    assert falls == ["fall 5 heights"]  # the option's risk says how far
    assert "fall: a certain fall" in " ".join(_texts(root))
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


def _session(path: Path) -> Any:
    return play(load_encounter(path)).session


def test_cultivation_maps_draw_their_terrain_and_bands() -> None:
    root = ET.fromstring(render_svg(_session(EXAMPLES / "cultivation" / "flooded-hall.yaml"),
                                    "ren"))
    places = _groups(root, "place")
    texts = _texts(root)
    assert "water 60 m deep" in _texts(places["hall"])
    rect = places["hall"].find(f"{SVG}rect")
    assert rect is not None and rect.get("fill") not in ("#f7f7f4", None)  # water is blue
    assert "tile: antigravity" in _texts(places["vault"])
    assert "ren · floating" in texts  # a band off the ground is written by the token
    assert "h2 = height 2" not in texts  # nothing on this map has a height
    assert "sight only" not in texts and "one-way" not in texts  # nor such links
    root = ET.fromstring(render_svg(
        _session(EXAMPLES / "cultivation" / "courtyard-duel.yaml"), None))
    rubble = _groups(root, "place")["rubble"]
    assert "difficult terrain 15" in _texts(rubble)
    assert [r for r in rubble.iter(f"{SVG}rect") if r.get("class") == "difficult"]
    assert "difficult terrain" in _texts(root)
    root = ET.fromstring(render_svg(
        load_encounter(EXAMPLES / "cultivation" / "crowded-bridge.yaml").session(), None))
    assert "holds 2 · full" in _texts(_groups(root, "place")["bridge"])


def test_a_drop_is_drawn_as_a_fall_with_its_height() -> None:
    root = ET.fromstring(render_svg(
        load_encounter(EXAMPLES / "cultivation" / "cliff-fall.yaml").session(), "wu"))
    falls = {el.text for el in root.iter(f"{SVG}text") if el.get("class") == "fall"}
    assert falls == {"fall 300 m", "fall 10 m"}
    assert "drop 300 m" in _texts(root)  # on the link


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_tokens_stay_inside_their_place_and_their_labels_apart() -> None:
    text = textwrap.dedent("""
        footwork: 1
        ruleset: cultivation
        map:
          zones: [{id: yard}, {id: gate}]
          links: [[yard, gate]]
        actors:
    """) + "".join(f"  - {{id: guard-number-{i}, side: watch, at: yard}}\n" for i in range(8))
    session = encounter_from_text(text, "crowd.yaml").session()
    root = ET.fromstring(render_svg(session, None))
    yard = _groups(root, "place")["yard"]
    frame = yard.find(f"{SVG}rect")
    assert frame is not None
    x0, y0 = float(frame.get("x", 0)), float(frame.get("y", 0))
    x1, y1 = x0 + float(frame.get("width", 0)), y0 + float(frame.get("height", 0))
    boxes = []
    for token in yard.iter(f"{SVG}g"):
        if "actor" not in (token.get("class") or "").split():
            continue
        disc = token.find(f"{SVG}circle[@class='actor-disc']")
        assert disc is not None
        cx, cy = float(disc.get("cx", 0)), float(disc.get("cy", 0))
        assert x0 < cx - TOKEN_R and cx + TOKEN_R < x1 and y0 < cy - TOKEN_R and cy + TOKEN_R < y1
        [label] = [t for t in token.iter(f"{SVG}text") if t.get("class") == "actor-label"]
        w = _width(label.text or "", 10)
        lx, ly = float(label.get("x", 0)), float(label.get("y", 0))
        assert x0 < lx - w / 2 and lx + w / 2 < x1 and ly < y1
        boxes.append((lx - w / 2, ly - 10, lx + w / 2, ly))
    assert len(boxes) == 8
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if _overlap(a, b)]
