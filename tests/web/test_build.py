"""The encounter builder (/build) in a real browser (Debian's chromium): paint a small
grid, place two actors, fill a stat, reorder, undo and redo, save the file, open it as a
table and move one of them there. One page load of the builder, one of the table."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from footwork.scenario import load_encounter
from tests.web.conftest import Server, click_place, table_of, wait_until


def cell(page: Page, row: int, col: int) -> tuple[float, float]:
    """The centre of a cell of the builder's grid, on the screen."""
    box = page.locator(f'#grid-host rect.cell[data-row="{row}"][data-col="{col}"]'
                       ).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_paint_place_save_and_open_as_a_table(server: Server, page: Page,
                                              tmp_path: Path) -> None:
    page.goto(f"{server.url}/build")
    page.wait_for_selector('#start-ruleset option[value="styles"]', state="attached")
    page.select_option("#start-ruleset", "styles")
    page.fill("#start-rows", "4")
    page.fill("#start-cols", "6")
    page.click("#start-blank button")
    expect(page.locator("#grid-host rect.cell")).to_have_count(24)
    # a blank map with no actor: the loader's own fault, with its path
    expect(page.locator("#faults")).to_contain_text("actors")

    # a wall down column 2 in one stroke of the brush (rows 0 to 2)
    page.select_option("#brush-surface", "wall")
    page.fill("#brush-elevation", "3")
    page.locator("#brush-elevation").dispatch_event("change")
    x, y = cell(page, 0, 2)
    page.mouse.move(x, y)
    page.mouse.down()
    for row in (1, 2):
        page.mouse.move(*cell(page, row, 2), steps=3)
    page.mouse.up()
    # water 2 deep from the keyboard: the cursor (where the stroke began, at (0, 2)) to
    # (3, 4), then Space
    page.select_option("#brush-surface", "water")
    page.fill("#brush-elevation", "0")
    page.fill("#brush-depth", "2")
    page.locator("#grid-host svg").focus()
    for key in ["ArrowDown"] * 3 + ["ArrowRight"] * 2 + [" "]:
        page.keyboard.press(key)
    expect(page.locator('#grid-host rect.cell[data-row="3"][data-col="4"] title')).to_have_text(
        "row 3, col 4: water, 2 deep")

    # two actors by clicking cells; the second on the other side
    page.check('input[name=tool][value="actor"]')
    page.mouse.click(*cell(page, 1, 0))
    page.mouse.click(*cell(page, 1, 5))
    expect(page.locator("#actors li")).to_have_count(2)
    side = page.locator('#actor-form input[data-path="actors[1].side"]')
    side.fill("foes")
    side.press("Tab")
    # a stat out of its range is the loader's fault at its path, marked on the input
    hooks = page.locator('#actor-form input[data-path="actors[1].stats.hooks"]')
    hooks.fill("-2")
    hooks.press("Tab")
    expect(page.locator("#faults")).to_contain_text("actors[1].stats.hooks")
    expect(hooks).to_have_class("faulty")
    hooks.fill("1")
    hooks.press("Tab")
    expect(page.locator("#status")).to_have_text("✓ loads")
    # the turn order: a2 first
    page.click('#order button[aria-label="Move a2 up"]')
    expect(page.locator("#order li").first).to_contain_text("a2")
    # undo and redo, with the keys (the map has the focus)
    page.locator("#grid-host svg").focus()
    page.keyboard.press("Control+z")
    expect(page.locator("#order li").first).to_contain_text("a1")
    page.keyboard.press("Control+Shift+z")
    expect(page.locator("#order li").first).to_contain_text("a2")
    expect(page.locator("#status")).to_have_text("✓ loads")

    # save: the file loads with what was built
    with page.expect_download() as download:
        page.click("#save-yaml")
    saved = tmp_path / "built.yaml"
    download.value.save_as(saved)
    encounter = load_encounter(saved)
    data = encounter.source.data
    assert data["map"]["rows"] == ["..#...", "..#...", "..#...", "....~."]
    assert data["order"] == ["a2", "a1"]
    assert [(a["id"], a["side"], a["at"]) for a in data["actors"]] == [
        ("a1", "party", "1,0"), ("a2", "foes", "1,5")]
    assert data["actors"][1]["stats"] == {"hooks": 1}

    # open it as a table: the game master's page of the new table; a2 moves there
    page.click("#open-table")
    page.wait_for_url(f"{server.url}/t/*")
    table = table_of(server, page.url)
    page.wait_for_selector("#map svg")
    page.wait_for_selector('#live[data-status="live"]')
    start = table.state()
    assert start["turn"] == "a2"
    page.click('.actor-button[data-actor="a2"]')
    # a new map's first search may compile the grid's search first (seconds on a busy
    # machine when this test runs alone)
    page.wait_for_selector("#map .fw-reach", timeout=90_000)
    clicked = click_place(page)
    moved = wait_until(lambda: (s := table.state())["version"] > start["version"] and s,
                       "the move")
    assert moved["actors"]["a2"]["at"] == clicked["place"] != "1,5"
