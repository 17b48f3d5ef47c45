"""A phone at the table (session 33): the map's text reads in the first view (the
drawing's axis ticks, tokens' names and cells' costs were 6 to 11.5 px at a phone's fit)
and the header takes two lines, not three or four, with nothing of it cut."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import Server, Table, open_table
from tests.web.test_views import LEGEND

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

#: the map's texts on screen smaller than ``least`` CSS px (their size on screen)
_SMALL_ON_MAP = """(least) => {
  const small = [];
  for (const el of document.querySelectorAll('#map svg text')) {
    const r = el.getBoundingClientRect();
    if (!r.width || r.bottom < 0 || r.top > innerHeight || r.right < 0 ||
        r.left > innerWidth) continue;
    if (getComputedStyle(el).display === 'none' || el.closest('.fw-gone')) continue;
    const m = el.getScreenCTM();
    const size = parseFloat(getComputedStyle(el).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
    const kind = el.getAttribute('class') || el.parentElement.getAttribute('class');
    const text = el.textContent.trim().slice(0, 12);
    if (size < least) small.push(`${kind} ${text} ${size.toFixed(1)}`);
  }
  return small;
}"""

#: the header's lines of text (each line box of each text in it, grouped by height) and
#: what of it is cut (wider than its box, or past the screen's edge)
_HEADER = """() => {
  const bar = document.querySelector('header.bar');
  const middles = [];
  const cut = [];
  for (const el of bar.querySelectorAll('*')) {
    if (!el.offsetParent || el.classList.contains('fw-unseen')) continue;
    for (const node of el.childNodes) {
      if (node.nodeType !== 3 || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        middles.push((r.top + r.bottom) / 2);
        if (r.right > innerWidth + 0.5 || r.left < -0.5) cut.push(el.id || el.className);
      }
    }
    if (el.scrollWidth > el.clientWidth + 1) cut.push(el.id || el.className);
  }
  middles.sort((a, b) => a - b);
  let lines = 0, last = -Infinity;
  for (const m of middles) {
    if (m - last > 8) lines += 1;
    last = m;
  }
  return {lines, cut};
}"""


#: lines of a zone's label (its name, "hidden") that run into the line above on screen
_OVERLAPS = """() => {
  const found = [];
  for (const group of document.querySelectorAll('#map svg g.zone-label')) {
    const lines = [...group.querySelectorAll('text:not(.halo)')]
      .map((t) => ({text: t.textContent, box: t.getBoundingClientRect()}))
      .sort((a, b) => a.box.top - b.box.top);
    for (let i = 1; i < lines.length; i++) {
      if (lines[i].box.top < lines[i - 1].box.bottom - 1) {
        found.push(`${lines[i].text} under ${lines[i - 1].text}`);
      }
    }
  }
  return found;
}"""


def test_a_phone_first_view_reads_and_its_header_takes_two_lines(
        server: Server, phone: BrowserContext) -> None:
    """The tavern (a site map to scale) on the game master's phone: its axis ticks were 8
    px, the tokens' names and the scale 9 to 11 px; the header wrapped to three lines.
    Set larger, the hidden kitchen's "hidden" ran into the kitchen's name: it moves
    down. Ended, the header took three lines again."""
    table = server.table("sitemaps/tavern-brawl")
    page = phone.new_page()
    try:
        open_table(page, table.link())
        page.wait_for_timeout(300)  # the map's text follows the view at the next frame
        small: list[Any] = page.evaluate(_SMALL_ON_MAP, 11.95)
        assert not small, small
        assert page.locator("#map svg .hidden-note").count()
        assert page.evaluate(_OVERLAPS) == []
        # ended: "the encounter is over" and the summary's button took a third line
        table.send({"do": "end_encounter", "actor": "gm"})
        expect(page.locator("#summary-dialog")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#summary-open")).to_have_text("ended: summary")
        header = page.evaluate(_HEADER)
        assert header == {"lines": 2, "cut": []}, header
        header = page.evaluate(_HEADER)
        assert header == {"lines": 2, "cut": []}, header
    finally:
        page.close()


def test_a_phone_header_with_a_long_name_and_the_costs_in_cells(
        server: Server, phone: BrowserContext) -> None:
    """The lake (a grid): a name of 48 characters took two lines of its own over the
    chips' two; the costs written in the cells of a pick-up were 10 to 11 px."""
    table = server.table("allowances/lake-battle")
    page = phone.new_page()
    try:
        open_table(page, table.link())
        header = page.evaluate(_HEADER)
        assert header == {"lines": 2, "cut": []}, header
        # fitted, the drawing's legend reads under the map: its rows, as wide as the
        # drawing's page in 12 px type, ran past the screen's edge (session 34)
        page.click("#zoom-fit")
        page.wait_for_timeout(300)
        legend: dict[str, Any] = page.evaluate(LEGEND)
        assert legend["texts"] > 3 and not legend["out"] and not legend["overlaps"], legend
        page.tap('.tabs [data-panel="play"]')
        page.tap('.actor-button[data-actor="pidgeotto"]')
        page.wait_for_selector("#map g.fw-costs text")
        page.tap('.tabs [data-panel="play"]')  # the sheet put away: the map in full
        page.wait_for_timeout(500)
        assert page.locator("#map g.fw-costs text").count() > 10
        small: list[Any] = page.evaluate(_SMALL_ON_MAP, 11.95)
        assert not small, small
    finally:
        page.close()


def test_a_phone_header_with_long_chips_keeps_two_lines(
        server: Server, phone: BrowserContext) -> None:
    """A name of 25 characters whose turn it is: "NAME's turn" beside "seat actor:NAME"
    or "seat gm" wrapped the chips to a third line (session 34). On the character's own
    seat the turn's chip says "your turn"; the seat's chip says the seat alone, then the
    connection's its dot alone, their words kept as titles and for a screen reader."""
    name = "pidgeotto_of_the_lakeside"
    text = (EXAMPLES / "allowances" / "lake-battle.yaml").read_text(encoding="utf-8")
    text = text.split("\nsteps:", 1)[0].replace("pidgeotto", name)
    made = httpx.post(f"{server.url}/api/tables", timeout=30,
                      json={"encounter": text, "actor_seats": True})
    assert made.status_code == 201, made.text
    table = Table(server, made.json())
    assert table.state()["turn"] == name
    page = phone.new_page()
    seat, live = page.locator("#seat"), page.locator("#live")
    try:
        open_table(page, table.link(f"actor:{name}"))
        expect(page.locator("#turn")).to_have_text("your turn")
        expect(seat).to_have_text(name)
        expect(seat).to_have_attribute("title", f"you: {name}")
        header = page.evaluate(_HEADER)
        assert header == {"lines": 2, "cut": []}, header
        open_table(page, table.link())  # the game master's phone
        expect(page.locator("#turn")).to_have_text(f"{name}'s turn")
        expect(seat).to_have_text("GM")
        expect(seat).to_have_attribute("title", "you: game master")
        expect(live).to_have_attribute("title", "● live")
        expect(live).to_have_text("● live")  # its words, for a screen reader
        header = page.evaluate(_HEADER)
        assert header == {"lines": 2, "cut": []}, header
    finally:
        page.close()


def test_the_lobby_is_no_wider_than_a_phone(server: Server, phone: BrowserContext) -> None:
    """The first example's long name made its select, and so the lobby, 749 px wide on a
    390 px phone: the page scrolled sideways and its header stopped short (session 34)."""
    page = phone.new_page()
    try:
        page.goto(server.url)
        page.wait_for_selector("#example option", state="attached")
        # (a phone's browser widens its layout to the page's content: the screen's
        # width is the context's, not innerWidth)
        screen = (page.viewport_size or {"width": 390})["width"]
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= screen, (wide, screen)
    finally:
        page.close()


#: the names of tokens on screen that run into another's
_NAMES_OVERLAP = """() => {
  const boxes = [...document.querySelectorAll('#map svg text.actor-label')]
    .map((t) => ({name: t.textContent, r: t.getBoundingClientRect()}));
  const found = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    if (a.r.left < b.r.right - 1 && b.r.left < a.r.right - 1 && a.r.top < b.r.bottom - 1 &&
        b.r.top < a.r.bottom - 1) found.push(`${a.name} / ${b.name}`);
  }));
  return found;
}"""


def test_the_names_of_two_tokens_in_one_cell_do_not_run_together(
        server: Server, phone: BrowserContext) -> None:
    """Bob and pip in one cell: their names, written a half cell apart and set at 12 px
    on a phone, read "bobpip" (session 34, played through): pip's goes under bob's; and
    so do names of tokens side by side in a span."""
    table = server.table("styles/bob-dash")
    table.send({"do": "move", "actor": "bob", "to": [0, 1, 0]})
    table.send({"do": "end_turn", "actor": "bob"})
    table.send({"do": "move", "actor": "pip", "to": [0, 1, 0]})
    page = phone.new_page()
    try:
        open_table(page, table.link("side:party"))
        page.click("#zoom-fit")
        page.wait_for_timeout(300)
        assert page.locator("#map svg text.actor-label").count() == 2
        assert page.evaluate(_NAMES_OVERLAP) == []
        # the roofs (spans) fitted: "pell h2" ran into "kite h3", a token apart
        open_table(page, server.table("spans/rooftop-chase").link("side:courier"))
        page.click("#zoom-fit")
        page.wait_for_timeout(300)
        assert page.locator("#map svg text.actor-label").count() == 3
        assert page.evaluate(_NAMES_OVERLAP) == []
    finally:
        page.close()
