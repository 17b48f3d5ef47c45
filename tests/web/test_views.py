"""The TV and the phone (issue 21, items 5 and 6), in chromium: screenshots at 1920×1080
(``?tv``) and 390×844 (touch), checked for how much of the screen the map covers, the
size of its text on the TV and of the tokens on the phone. ``pytest tests/web
--update-golden`` writes them to docs/web/ (docs/web.md shows them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import PATIENCE_MS, Server, open_table
from tests.web.test_screenshots import folder

#: the map's share of the screen, the least text on screen (CSS px) and the page's state
_MEASURE = """() => {
  const host = document.querySelector('#map');
  const svg = host.querySelector('svg');
  const h = host.getBoundingClientRect();
  const scale = svg.getScreenCTM().a;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const el of svg.querySelectorAll('.place, g.floor, g.cells, [data-actor]')) {
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top);
    x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
  }
  const seen = (r) => r.width > 0 && r.right > h.left && r.left < h.right &&
    r.bottom > h.top && r.top < h.bottom;
  const sizes = [...svg.querySelectorAll('text')]
    .filter((t) => getComputedStyle(t).display !== 'none' && seen(t.getBoundingClientRect()))
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  return {host: h.width * h.height / (innerWidth * innerHeight),
          mapWidth: (Math.min(x1, h.right) - Math.max(x0, h.left)) / h.width,
          mapHeight: (Math.min(y1, h.bottom) - Math.max(y0, h.top)) / h.height,
          smallestText: Math.min(...sizes), texts: sizes.length};
}"""

#: the drawing's legend at the fit: its texts past the map's left or right edge (the
#: zoom buttons' strip counts as past it) and the pairs of its texts that overlap
LEGEND = """() => {
  const h = document.querySelector('#map').getBoundingClientRect();
  const zoom = document.querySelector('#zoom').getBoundingClientRect();
  const right = Math.min(h.right, zoom.left);
  const boxes = [...document.querySelectorAll('#map svg g.legend text')]
    .map((t) => ({text: t.textContent.slice(0, 20), r: t.getBoundingClientRect()}))
    .filter((b) => b.r.width > 0);
  const out = boxes.filter((b) => b.r.left < h.left - 0.5 || b.r.right > right + 0.5)
    .map((b) => `${b.text} ${Math.round(b.r.left)}..${Math.round(b.r.right)}`);
  const overlaps = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    if (a.r.left < b.r.right - 1 && b.r.left < a.r.right - 1 && a.r.top < b.r.bottom - 1 &&
        b.r.top < a.r.bottom - 1) overlaps.push(`${a.text} / ${b.text}`);
  }));
  return {texts: boxes.length, out, overlaps};
}"""

#: a token's body (its disc or box) on screen, and whether it is in the map's view
_TOKEN = """(actor) => {
  const token = document.querySelector(`#map svg [data-actor="${actor}"]`);
  const body = token.querySelector('circle, ellipse, rect') || token;
  const r = body.getBoundingClientRect();
  const h = document.querySelector('#map').getBoundingClientRect();
  const sheet = document.querySelector('#panels').getBoundingClientRect();
  return {w: r.width, h: r.height, top: r.top, bottom: r.bottom,
          inView: r.left >= h.left && r.right <= h.right && r.top >= h.top && r.bottom <= h.bottom,
          sheetTop: sheet.top};
}"""


#: the metres the page reads at the centre of floor 1's panel, on the screen
_FLOOR_1_CENTRE = """async () => {
  const {metresAt} = await import('/web/hittest.js');
  const svg = document.querySelector('#map svg');
  const floor = svg.querySelector('g.floor[data-floor="1"]');
  const r = floor.querySelector('rect.panel').getBoundingClientRect();
  const at = metresAt(svg, r.left + r.width / 2, r.top + r.height / 2);
  return at.map((v) => Math.round(v * 10) / 10);
}"""


@pytest.mark.parametrize(("name", "example"), [("tv-to-scale", "sitemaps/warehouse-catwalks"),
                                               ("tv-grid", "styles/ruined-tower")])
def test_the_tv_view_gives_the_map_the_screen_in_large_type(
        server: Server, browser: Browser, request: pytest.FixtureRequest, tmp_path: Path,
        name: str, example: str) -> None:
    table = server.table(example)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(PATIENCE_MS)
    try:
        page = context.new_page()
        open_table(page, table.link() + "&tv")
        expect(page.locator("#panels")).to_be_hidden()
        turn = page.locator("#tv-turn")
        expect(turn).to_contain_text(f"{table.state()['turn']}'s turn")
        assert float(turn.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 24
        page.wait_for_timeout(300)  # the text follows the fit at the next frame
        seen: dict[str, Any] = page.evaluate(_MEASURE)
        assert seen["host"] > 0.8, seen  # the map's part of the screen
        assert seen["mapWidth"] > 0.85 or seen["mapHeight"] > 0.85, seen  # the map fills it
        assert seen["texts"] > 5 and seen["smallestText"] >= 11.9, seen
        if name == "tv-to-scale":
            # two floors side by side left half the screen empty below: stacked now,
            # the map is as tall as the screen, and a click on floor 1 reads its metres
            assert page.locator("#map svg").get_attribute("data-floors") == "column"
            assert seen["mapHeight"] > 0.85, seen
            # its panel: 25 m × 11 m from (-1, 0)
            assert page.evaluate(_FLOOR_1_CENTRE) == [11.5, 5.5]
        page.screenshot(path=str(folder(request, tmp_path) / f"{name}.png"))
        # the drawing's legend, its text set larger, ran past the screen's right edge
        # (session 34): laid out again across the map's room, nothing cut or overlapping
        legend: dict[str, Any] = page.evaluate(LEGEND)
        assert legend["texts"] > 3 and not legend["out"] and not legend["overlaps"], legend
        # the legends fold away and come back; the TV button leaves the view
        page.click("#tv-legend")
        expect(page.locator("#map svg g.legend")).to_be_hidden()
        page.click("#tv-legend")
        page.click("#tv-toggle")
        expect(page.locator("#panels")).to_be_visible()
        assert "tv" not in page.url.split("?", 1)[1].split("&")
        # the game master's page on the TV: the small tower's legend, drawn as wide as the
        # drawing's page, was cut at both edges of the fitted map
        page.wait_for_timeout(400)
        legend = page.evaluate(LEGEND)
        assert legend["texts"] > 3 and not legend["out"] and not legend["overlaps"], legend
    finally:
        context.close()


def test_the_phone_shows_tokens_large_enough_and_keeps_the_moving_one_in_sight(
        server: Server, browser: Browser, request: pytest.FixtureRequest,
        tmp_path: Path) -> None:
    table = server.table("spans/rooftop-chase")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    context.set_default_timeout(PATIENCE_MS)
    try:
        page: Page = context.new_page()
        side = next(s for s in table.secrets if s.startswith("side:"))
        actor = table.state()["turn"]
        open_table(page, table.link(side))
        page.wait_for_timeout(300)
        token = page.evaluate(_TOKEN, actor)
        assert token["w"] >= 24 and token["h"] >= 24 and token["inView"], token
        seen = page.evaluate(_MEASURE)
        assert seen["host"] > 0.7, seen
        page.screenshot(path=str(folder(request, tmp_path) / "phone-tokens.png"))
        # zoomed out and panned away, "find my character" brings the token back, large
        for _ in range(3):
            page.tap("#zoom-out")
        page.keyboard.press("ArrowRight")
        page.tap("#find-me")
        token = page.evaluate(_TOKEN, actor)
        assert token["w"] >= 24 and token["inView"], token
        # picked up from the sheet: the sheet slides up, the token stays above it
        page.tap('#panels [data-panel="play"]')
        page.tap(f'.actor-button[data-actor="{actor}"]')
        page.wait_for_selector("#map .fw-reach")
        page.wait_for_timeout(500)  # the sheet has slid up
        token = page.evaluate(_TOKEN, actor)
        assert token["bottom"] <= token["sheetTop"] and token["inView"], token
        page.screenshot(path=str(folder(request, tmp_path) / "phone-held.png"))
    finally:
        context.close()


def test_the_phone_zooms_until_names_read_without_a_blank_band(server: Server,
                                                             browser: Browser) -> None:
    """A site map of a whole building on a phone (the warehouse's two floors, the game
    master's seat, which also sees the hidden office) opens zoomed about the character
    whose turn it is until the places' names read, but moved so the map starts at the
    screen's edge: the view never centres a token near the map's corner by showing
    blank beyond it."""
    table = server.table("sitemaps/warehouse-catwalks")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    context.set_default_timeout(PATIENCE_MS)
    try:
        page: Page = context.new_page()
        actor = table.state()["turn"]
        open_table(page, table.link())
        page.wait_for_timeout(300)
        token = page.evaluate(_TOKEN, actor)
        assert token["w"] >= 24 and token["inView"], token
        seen = page.evaluate(_MEASURE)
        assert seen["mapWidth"] > 0.9, seen  # before: the map began a third of the way in
        # the places' names readable: zoomed until their median is 12 px (it was 3 px;
        # 9 px until session 32, under what a phone reads)
        names = page.evaluate("""() => {
          const scale = document.querySelector('#map svg').getScreenCTM().a;
          const sizes = [...document.querySelectorAll('#map svg text.place-label')]
            .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale).sort((a, b) => a - b);
          return sizes[Math.floor(sizes.length / 2)]; }""")
        assert names >= 11.9, names
    finally:
        context.close()
