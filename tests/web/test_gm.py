"""The game master's fiat from the GM panel, in a real browser: put a token anywhere (a
click on it, then on a place or a spot of the map), bring a character in, take one out,
each undone with Undo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server, open_table, wait_until
from tests.web.test_screenshots import folder


def _centre_of(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _metres_of(page: Page, x: float, y: float) -> list[float]:
    """The point of the screen in metres, as the map drawn to scale says (its panel)."""
    point: list[float] = page.evaluate(
        """([x, y]) => {
          const svg = document.querySelector('#map svg');
          const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM().inverse());
          const perM = Number(svg.getAttribute('data-px-per-m'));
          for (const floor of svg.querySelectorAll('g.floor[data-origin-m]')) {
            const r = floor.querySelector('rect.panel');
            const [ox, oy] = floor.getAttribute('data-origin-m').split(' ').map(Number);
            const [px, py] = ['x', 'y'].map((k) => Number(r.getAttribute(k)));
            return [ox + (p.x - px) / perM, oy + (p.y - py) / perM];
          }
        }""", [x, y])
    return point


def test_the_game_master_puts_a_token_anywhere_and_undoes_it(
        server: Server, page: Page, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    table = server.table("sitemaps/tavern-brawl")
    open_table(page, table.link())
    start = table.state()
    page.click('#panels [data-panel="gm"]')
    page.click("#gm-place-pick")
    # a click on a token chooses who; the next, on the bar (out of mira's reach: no
    # rule would let her get there now), puts her at that spot
    page.mouse.click(*_centre_of(page, '#map [data-actor="mira"]'))
    expect(page.locator("#gm-place-target")).to_have_value("mira")
    bar = page.locator('#map .place[data-place="bar"]').first.bounding_box()
    assert bar is not None
    x, y = bar["x"] + bar["width"] * 0.5, bar["y"] + bar["height"] * 0.3
    wanted = _metres_of(page, x, y)
    page.mouse.click(x, y)
    placed = wait_until(lambda: (s := table.state())["version"] > start["version"] and s,
                        "the placing")
    mira: dict[str, Any] = placed["actors"]["mira"]
    assert mira["at"] == "bar"
    assert abs(mira["point"][0] - wanted[0]) < 0.05 and abs(mira["point"][1] - wanted[1]) < 0.05
    assert placed["turn"] == start["turn"]  # no rule: nobody's turn moves on
    page.click('#panels [data-panel="log-panel"]')
    expect(page.locator("#log")).to_contain_text("the game master puts mira at bar")
    shot = folder(request, tmp_path) / "gm-fiat.png"  # docs/web.md shows it
    page.click('#panels [data-panel="gm"]')
    page.locator("#gm-fiat").scroll_into_view_if_needed()
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 20_000
    page.click("#gm-undo")
    back = wait_until(lambda: (s := table.state())["version"] > placed["version"] and s,
                      "the undo")
    assert back["actors"]["mira"] == start["actors"]["mira"]

    # reinforcements: a copy of dov's sheet, brought in by the form, then taken out
    page.select_option("#gm-add-like", "dov")
    expect(page.locator("#gm-add-stats")).to_have_value('{"point":[7,3],"fast":true}')
    page.fill("#gm-add-id", "kit")
    page.fill("#gm-add-at", "street-east")
    expect(page.locator("#gm-add-side")).to_have_value("patrons")
    page.fill("#gm-add-stats", '{"fast": true}')
    page.click("#gm-add")
    added = wait_until(lambda: "kit" in (s := table.state())["actors"] and s, "the newcomer")
    assert added["actors"]["kit"]["at"] == "street-east"
    assert added["actors"]["kit"]["side"] == "patrons"
    assert added["order"][-1] == "kit"
    expect(page.locator('#map [data-actor="kit"]')).to_have_count(1)
    page.select_option("#gm-remove-target", "kit")
    page.click("#gm-remove")
    wait_until(lambda: "kit" not in table.state()["actors"], "the removal")
    expect(page.locator('#map [data-actor="kit"]')).to_have_count(0)
    # bad input: one line, nothing sent
    version = table.state()["version"]
    page.fill("#gm-add-id", "lee")
    page.fill("#gm-add-stats", "{not json")
    page.click("#gm-add")
    expect(page.locator("#status")).to_have_text('the stats are not JSON, e.g. {"speed": 6}')
    assert table.state()["version"] == version

    # the one whose turn it is, taken out: the turn passes on at once (nobody waits on
    # a character who is gone), and the header says whose it is now
    assert table.state()["turn"] == "mira"
    page.select_option("#gm-remove-target", "mira")
    page.click("#gm-remove")
    wait_until(lambda: table.state()["turn"] == "dov", "the turn passing on")
    expect(page.locator("#turn")).to_contain_text("dov")
    expect(page.locator('#map [data-actor="mira"]')).to_have_count(0)
    page.click('#panels [data-panel="log-panel"]')
    expect(page.locator("#log")).to_contain_text("mira is taken out of play: the turn passes on")
    page.screenshot(path=str(tmp_path / "gm-take-out-turn.png"))


def test_the_game_master_puts_a_token_on_a_grid_cell_from_the_keyboard(
        server: Server, page: Page) -> None:
    table = server.table("styles/ruined-tower")
    open_table(page, table.link())
    page.click('#panels [data-panel="gm"]')
    page.select_option("#gm-place-target", "dov")
    page.fill("#gm-place-to", "3,3")
    page.locator("#gm-place").press("Enter")
    # off the fallen stair (5u up) and onto the floor: its height follows the cell
    placed = wait_until(lambda: (s := table.state())["actors"]["dov"]["at"] == "3,3" and s,
                        "the placing")
    assert placed["actors"]["dov"]["z"] == 0
    # a cell nobody can stand in is refused in one line and changes nothing
    page.fill("#gm-place-to", "2,5")
    page.click("#gm-place")
    expect(page.locator("#status")).to_contain_text("row 2, col 5 is a void")
    assert table.state()["version"] == placed["version"]
