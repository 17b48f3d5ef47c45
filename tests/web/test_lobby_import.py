"""The lobby's map import in real chromium: a map file chosen with a ruleset goes to
POST /api/import, the answer is kept in sessionStorage for the builder, and the page goes
to /build (which may not exist yet in this branch: the navigation is what is checked)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.importers.maps import dumps, dungeondraft
from tests.web.conftest import PATIENCE_MS, Server


def test_a_chosen_map_lands_in_the_builder_draft(server: Server, page: Page,
                                                  tmp_path: Path) -> None:
    page.goto(server.url)
    # a file that is no map: one line, the page stays
    bad = tmp_path / "notes.txt"
    bad.write_text("hello")
    page.select_option("#import-ruleset", "sitemaps")
    page.set_input_files("#import-file", str(bad))
    expect(page.locator("#import-error")).to_contain_text("expected a .dd2vtt",
                                                          timeout=PATIENCE_MS)
    broken = tmp_path / "broken.dd2vtt"
    broken.write_bytes(dumps({**dungeondraft(), "image": "aGVsbG8="}))
    page.set_input_files("#import-file", str(broken))
    expect(page.locator("#import-error")).to_have_text(
        "broken.dd2vtt: image: not a picture; expected PNG, JPEG or WebP data",
        timeout=PATIENCE_MS)
    good = tmp_path / "two-rooms.dd2vtt"
    good.write_bytes(dumps(dungeondraft()))
    with page.expect_navigation(url=f"{server.url}/build", timeout=PATIENCE_MS):
        page.set_input_files("#import-file", str(good))
    # the builder takes the draft at once (and removes the key): the imported rooms are
    # its map, their picture served by the server
    expect(page.locator("#ruleset-name")).to_have_text("ruleset: sitemaps")
    expect(page.locator("#notes li").first).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('footwork.build.draft')") is None
    expect(page.locator("#preview")).to_contain_text("room-2", timeout=PATIENCE_MS)
    expect(page.locator("#preview image")).to_have_count(1)
    href = page.locator("#preview image").get_attribute("href") or ""
    assert href.startswith("/api/pictures/")
    assert page.evaluate(f"fetch('{href}').then(r => r.status)") == 200
