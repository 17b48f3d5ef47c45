"""Screenshots of the page for each kind of map (docs/web.md shows them). A normal run
takes them into a temporary folder and checks what is on screen; ``pytest tests/web
--update-golden`` writes them to docs/web/."""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, open_table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web"
#: each map kind, the example showing it, and the character picked up
KINDS = [
    ("zones", "cultivation/courtyard-duel"),
    ("spans", "spans/boarding-action"),
    ("to-scale", "sitemaps/tavern-brawl"),
    ("grid-styles", "styles/ruined-tower"),
    ("grid-allowances", "allowances/lake-battle"),
]


def folder(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    if request.config.getoption("--update-golden"):
        DOCS.mkdir(parents=True, exist_ok=True)
        return DOCS
    return tmp_path


def hover_a_place(page: Page) -> None:
    """Hover a reachable place with a check if there is one (its odds in the tooltip)."""
    page.wait_for_selector("#map .fw-reach")
    places = page.locator("#map .fw-reach")
    chosen = places.first
    for i in range(places.count()):
        indices = places.nth(i).get_attribute("data-fw-options") or ""
        buttons = [page.locator(f'#options .option-button[data-index="{n}"]')
                   for n in indices.split()]
        if any(b.locator(".option-check").count() for b in buttons):
            chosen = places.nth(i)
            break
    box = chosen.bounding_box()
    assert box is not None
    for fx, fy in [(0.8, 0.8), (0.5, 0.5), (0.3, 0.6), (0.6, 0.3)]:
        page.mouse.move(box["x"] + box["width"] * fx, box["y"] + box["height"] * fy)
        with suppress(AssertionError):
            expect(page.locator("#tip")).to_be_visible(timeout=1500)
            break
    expect(page.locator("#tip")).to_be_visible()


@pytest.mark.parametrize(("kind", "example"), KINDS)
def test_a_screenshot_of_each_map_kind(server: Server, page: Page, kind: str, example: str,
                                       request: pytest.FixtureRequest, tmp_path: Path) -> None:
    table = server.table(example)
    open_table(page, table.link())
    actor = table.state()["turn"]
    page.click(f'.actor-button[data-actor="{actor}"]')
    hover_a_place(page)
    expect(page.locator("#legend")).to_be_visible()
    out = folder(request, tmp_path) / f"{kind}.png"
    page.screenshot(path=str(out))
    assert out.stat().st_size > 20_000  # a drawn map, not an empty page


def test_screenshots_of_the_lobby_and_a_phone(server: Server, browser: Browser,
                                              request: pytest.FixtureRequest,
                                              tmp_path: Path) -> None:
    out = folder(request, tmp_path)
    table = server.table("spans/rooftop-chase")
    context = browser.new_context(viewport={"width": 1100, "height": 760})
    try:
        lobby = context.new_page()
        lobby.goto(server.url)
        lobby.select_option("#example", "sitemaps/river-crossing")
        lobby.click("#open-example")
        lobby.locator('li[data-seat="gm"] .qr').first.click()
        expect(lobby.locator('li[data-seat="gm"] .qr-code svg')).to_be_visible()
        lobby.screenshot(path=str(out / "lobby.png"), full_page=True)
    finally:
        context.close()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True, device_scale_factor=2)
    try:
        page = phone.new_page()
        side = next(s for s in table.secrets if s.startswith("side:"))
        open_table(page, table.link(side))
        # the panels are a sheet at the bottom: closed, the map has the screen
        sheet = page.locator("#panels")
        box = sheet.bounding_box()
        assert box is not None and box["y"] > 844 - 80
        page.screenshot(path=str(out / "phone-map.png"))
        page.click('#panels [data-panel="play"]')
        page.wait_for_timeout(400)  # the sheet slides up
        box = sheet.bounding_box()
        assert box is not None and box["y"] < 844 / 2
        page.screenshot(path=str(out / "phone-panels.png"))
    finally:
        phone.close()
