"""One odds figure everywhere (issue 21, item 7): the map's badge, the page's list (the
API's `success` of an option) and the tooltip give the same chance, a flourish counted
as a success, and say which outcomes they count."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

from fastapi.testclient import TestClient

from footwork.draw import render_svg
from footwork.draw.chance import success_chance
from footwork.draw.common import percent
from footwork.scenario import load_encounter
from footwork.server.app import create_app
from footwork.store import open_store

from ..conftest import EXAMPLES

SVG = "{http://www.w3.org/2000/svg}"
COURTYARD = EXAMPLES / "cultivation" / "courtyard-duel.yaml"


def test_a_flourish_counts_as_a_success_on_the_badge() -> None:
    session = load_encounter(COURTYARD).session()
    rubble = [o for o in session.options("lin") if o.to == "rubble" and o.checks]
    assert rubble
    for option in rubble:
        odds = option.checks[0].odds
        chance = success_chance(option)
        assert chance.p == Fraction(odds["success"]) + Fraction(odds["flourish"])
        assert chance.words == "success or flourish"
    best = max(success_chance(o).p for o in rubble)
    root = ET.fromstring(render_svg(session, "lin"))
    badges = [el.text for el in root.iter(f"{SVG}text") if el.get("class") == "odds"]
    assert percent(best) in badges  # 55% (1/2 + 1/20), not the 50% of success alone


def test_checks_without_a_success_name_count_what_is_not_a_failure() -> None:
    """A pass (sitemaps) is a success; a struggle (spans) is not counted: it succeeds
    only if paid for."""
    tavern = load_encounter(EXAMPLES / "sitemaps" / "tavern-brawl.yaml").session()
    for option in (o for a in tavern.state.actors for o in tavern.options(a) if o.checks):
        assert success_chance(option).words == "pass"
    boarding = load_encounter(EXAMPLES / "spans" / "boarding-action.yaml").session()
    run = next(o for o in boarding.options("ada") if o.checks)
    assert success_chance(run).p == Fraction(run.checks[0].odds["success"])


def test_the_api_gives_each_option_the_badge_s_figure(tmp_path: Path) -> None:
    client = TestClient(create_app(open_store(str(tmp_path / "t.db"))))
    made = client.post("/api/tables", json={"example": "cultivation/courtyard-duel"}).json()
    key = next(s["secret"] for s in made["seats"] if s["seat"] == "gm")
    found = client.get(f"/api/tables/{made['table']['id']}/options", params={"actor": "lin"},
                       headers={"Authorization": f"Bearer {key}"}).json()
    session = load_encounter(COURTYARD).session()
    for body, option in zip(found, session.options("lin"), strict=True):
        if not option.checks:
            assert "success" not in body
            continue
        chance = success_chance(option)
        assert body["success"] == {"p": float(chance.p), "exact": str(chance.p),
                                   "of": "success or flourish"}
