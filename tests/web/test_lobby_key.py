"""Ways in (issue 21, item 4), in real chromium: the game master's key opens the lobby
on another device (a second browser context, nothing shared with the first) with every
table and every seat's link; a link opened there, or on a phone, plays its seat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import ADMIN, PATIENCE_MS, Server, open_table

SEED = "link-seed-for-browser-tests"
#: where the screenshots of this test go (looked at before a change is done)
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "web"


@pytest.fixture(scope="module")
def keyed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("lobby") / "footwork.db")
    running.app.state.tables.link_seed = SEED  # as `footwork serve` starts it
    yield running
    running.close()


def test_the_gm_key_opens_every_table_from_a_second_device(keyed: Server, browser: Browser,
                                                            pytestconfig: pytest.Config
                                                            ) -> None:
    laptop = browser.new_context(viewport={"width": 1280, "height": 800})
    tv = browser.new_context(viewport={"width": 1920, "height": 1080})
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True, device_scale_factor=2)
    try:
        for context in (laptop, tv, phone):
            context.set_default_timeout(PATIENCE_MS)
        # the game master makes a table on the laptop, without the key
        page = laptop.new_page()
        page.goto(keyed.url)
        page.select_option("#example", "sitemaps/tavern-brawl")
        page.fill("#new-name", "Friday at the tavern")
        page.click("#open-example")
        expect(page.locator('#seats li[data-seat="side:patrons"]')).to_have_count(1)
        made = page.locator('#seats li[data-seat="side:patrons"] .seat-link').input_value()
        # the TV knows nothing of it but the key printed by `footwork serve`
        screen = tv.new_page()
        screen.goto(f"{keyed.url}/?key={ADMIN}")
        item = screen.locator("li.table-item", has_text="Friday at the tavern")
        expect(item.locator("li.seat")).to_have_count(3)  # gm, house, patrons
        assert "key=" not in screen.url, "the key is taken out of the address bar"
        assert item.locator('li[data-seat="side:patrons"] .seat-link').input_value() == made
        item.locator('li[data-seat="gm"] details.qr summary').click()
        expect(item.locator('li[data-seat="gm"] .qr-code svg')).to_have_count(1)
        expect(screen.locator("#example option").first).to_be_attached()
        if pytestconfig.getoption("--update-golden"):
            screen.screenshot(path=str(SHOTS / "lobby-gm.png"))
        # a reload on that device still lists the links (the key is kept there)
        screen.reload()
        expect(item.locator("li.seat")).to_have_count(3)
        with screen.expect_navigation():
            item.locator('li[data-seat="gm"] a.seat-open').click()
        screen.wait_for_selector("#map svg")
        screen.wait_for_selector('#live[data-status="live"]')
        # the phone opens the patrons' link as it was listed
        hand = phone.new_page()
        open_table(hand, made)
        state = hand.evaluate("fetch(location.pathname.replace('/t/', '/api/tables/') + "
                              "'/state' + location.search).then(r => r.json())")
        assert state["seat"] == "side:patrons"
        # a wrong key says so, and lists no links
        other = laptop.new_page()
        other.goto(f"{keyed.url}/?key=not-the-key")
        expect(other.locator("#lobby-error")).to_contain_text("not this server's game master key")
        expect(other.locator("li.table-item li.seat")).to_have_count(0)
    finally:
        for context in (laptop, tv, phone):
            context.close()


def test_a_refused_upload_lists_each_fault(keyed: Server, page: Page,
                                           pytestconfig: pytest.Config,
                                           tmp_path: Path) -> None:
    from tests.unit.test_gm_errors import BAD

    bad = tmp_path / "harbour.yaml"
    bad.write_text(BAD)
    page.goto(keyed.url)
    expect(page.locator("#example option").first).to_be_attached()
    page.set_input_files("#upload", str(bad))
    page.click("#open-upload")
    # the type faults first, every one (the wrong names come once the types are right)
    expect(page.locator("#create-error")).to_have_text("harbour.yaml: 2 faults to fix")
    faults = page.locator("#create-faults li")
    expect(faults).to_have_count(2)
    expect(faults.nth(0)).to_have_text(
        "line 10 · actors[0].stats.heigth: unknown field; did you mean 'height'?")
    expect(faults.nth(1)).to_have_text(
        "line 11 · actors[1].stats.guard: input should be a whole number (got 'many')")
    if pytestconfig.getoption("--update-golden"):
        page.screenshot(path=str(SHOTS / "lobby-faults.png"))
