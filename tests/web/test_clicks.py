"""Every click lands (issue 21, item 1): clicks sampled over the highlighted places of a
grid, a map drawn to scale and a zone map, in chromium; at least 95% of them must send
a move to the place clicked. The page's commands are caught on their way to the server
(answered with a refusal, so the table never changes and every click is judged on the
same map); everything else, the reads and the drawing, is the real server's."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from tests.web.conftest import Server, open_table

#: a grid, a map drawn to scale, zones (spans with features inside them), zones
MAPS = ["allowances/lake-battle", "sitemaps/tavern-brawl", "spans/boarding-action",
        "cultivation/courtyard-duel"]

#: points on a lattice over each highlighted place, kept where the place's own shape
#: holds them and the map (not a button over it) is what is under them
_SAMPLES = """([most, lattice]) => {
  const host = document.querySelector('#map');
  const seen = new Map();
  for (const el of host.querySelectorAll('.fw-reach[data-place]')) {
    const place = el.getAttribute('data-place');
    if (!seen.has(place)) seen.set(place, el);
  }
  let places = [...seen.entries()];
  const step = Math.max(1, Math.floor(places.length / most));
  places = places.filter((_, i) => i % step === 0).slice(0, most);
  const out = [];
  for (const [place, el] of places) {
    const shape = el instanceof SVGGeometryElement ? el
      : [...el.children].find((c) => c instanceof SVGGeometryElement);
    if (!shape) continue;
    const r = shape.getBoundingClientRect();
    for (let i = 0; i < lattice; i++) {
      for (let j = 0; j < lattice; j++) {
        const x = r.left + r.width * (i + 0.5) / lattice;
        const y = r.top + r.height * (j + 0.5) / lattice;
        const q = new DOMPoint(x, y).matrixTransform(shape.getScreenCTM().inverse());
        if (!shape.isPointInFill(q)) continue;
        const top = document.elementFromPoint(x, y);
        if (!top || !host.contains(top)) continue;  // a zoom button, the legend
        out.push({x, y, place});
      }
    }
  }
  return out;
}"""


def place_of(command: dict[str, Any]) -> str:
    to = command.get("to")
    return f"{to[0]},{to[1]}" if isinstance(to, list) else str(to)


@pytest.mark.parametrize("example", MAPS)
def test_clicks_anywhere_inside_a_highlighted_place_move_there(
        server: Server, page: Page, example: str) -> None:
    table = server.table(example)
    open_table(page, table.link())
    state = table.state()
    actor = state["turn"]
    sent: list[dict[str, Any]] = []

    def catch(route: Route) -> None:
        sent.append(json.loads(route.request.post_data or "{}")["command"])
        route.fulfill(status=422, content_type="application/json",
                      body='{"reason": "caught", "message": "caught by the test", "rules": []}')

    page.route("**/api/tables/*/commands", catch)
    page.click(f'.actor-button[data-actor="{actor}"]')
    page.wait_for_selector("#map .fw-reach")
    points: list[dict[str, Any]] = page.evaluate(_SAMPLES, [6, 6])
    assert len(points) >= 30, points
    acted: list[tuple[dict[str, Any], dict[str, Any]]] = []
    missed: list[dict[str, Any]] = []
    for point in points:
        before = len(sent)
        page.mouse.click(point["x"], point["y"])
        deadline = time.monotonic() + 2
        while len(sent) == before and time.monotonic() < deadline:
            chooser = page.locator("#choose-dialog[open] #choose-list button")
            if chooser.count():
                chooser.first.click()
            page.wait_for_timeout(20)
        if len(sent) > before:
            acted.append((point, sent[-1]))
        else:
            missed.append(point)
    print(f"\n{example}: {len(acted)} of {len(points)} clicks acted")
    wrong = [(p, c) for p, c in acted if place_of(c) != p["place"]]
    assert not wrong, wrong[:5]
    assert len(acted) >= 0.95 * len(points), (len(acted), len(points), missed[:5])
    assert table.state()["version"] == state["version"]  # every command was caught
    if example.startswith("sitemaps"):
        # to scale, the move ends where one clicked (snapped), not at a fixed point
        spots = {tuple(c["at"]) for _, c in acted if c.get("at")}
        assert len(spots) > len(acted) // 2, spots
