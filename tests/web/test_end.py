"""The end of an encounter on a player's page, in a real browser: a character lost in
the Skysea leaves the map and the list says how; when the game master ends the
encounter the summary opens, and the header's button opens it again."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server, open_table
from tests.web.test_screenshots import folder


def test_a_character_out_of_the_scene_leaves_the_map_and_the_end_is_summed_up(
        server: Server, page: Page, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    table = server.table("spans/boarding-action")
    open_table(page, table.link("side:crew"))
    token = page.locator('#map [data-actor="ada"]')
    expect(token).to_be_visible()
    # Ada steps off the ship's side (her player's other device): no surface, she is gone
    table.send({"do": "drop", "actor": "ada", "to": "skysea"}, seat="side:crew")
    expect(token).to_be_hidden()
    ada = page.locator('.actor-button[data-actor="ada"] .actor-where')
    expect(ada).to_contain_text("out of the scene: plunges into the Skysea")
    expect(page.locator("#summary-dialog")).to_be_hidden()  # not over yet
    table.send({"do": "end_encounter", "actor": "gm", "reason": "the raiders flee"})
    dialog = page.locator("#summary-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Ended in round 1: the raiders flee.")
    rows = dialog.locator("#summary-rows tr")
    expect(rows).to_have_count(4)
    expect(dialog.locator('tr[data-actor="ada"]')).to_contain_text(
        "out of the scene: plunges into the Skysea and leaves the scene (last at dawnrunner)")
    expect(dialog.locator('tr[data-actor="ada"]')).to_contain_text("1 fall")
    expect(dialog.locator('tr[data-actor="vex"]')).to_contain_text("stayed at gangway")
    shot = folder(request, tmp_path) / "end.png"  # docs/web.md shows it
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 20_000
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.click("#summary-open")  # reachable after
    expect(dialog).to_be_visible()
    expect(rows).to_have_count(4)
