"""What playing whole encounters through the page found (session 32): a player ends a
turn from the top of the Play panel on a phone, the keyboard's focus follows a pick-up
and a move instead of falling back to the page's start, a TV-wide page reads from a
sofa (no text under 16 px), and on a phone the token in hand is never left under the
zoom buttons (a tap there zooms)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.conftest import PATIENCE_MS, Server, click_place, open_table, wait_until


def test_a_player_ends_a_turn_from_the_top_of_the_play_panel(server: Server,
                                                             phone: BrowserContext) -> None:
    """Ending a turn was only the last of the held character's options (on a grid, after
    a hundred cells): now a button at the top of the Play panel, for the seat whose
    character's turn it is, without picking it up."""
    table = server.table("sitemaps/tavern-brawl")
    page = phone.new_page()
    try:
        open_table(page, table.link("side:patrons"))
        page.tap('.tabs [data-panel="play"]')
        end = page.locator("#end-turn")
        expect(end).to_have_text("End mira's turn")
        end.tap()
        wait_until(lambda: table.state()["turn"] == "dov", "the end of mira's turn")
        expect(end).to_have_text("End dov's turn")
        end.tap()
        wait_until(lambda: table.state()["turn"] == "bruno", "the end of dov's turn")
        # bruno is the house's: the patrons have no turn to end
        expect(page.locator("#turn-row")).to_be_hidden()
    finally:
        page.close()


#: is the focused option's outline within its row (a long list's rows are laid out and
#: painted only when scrolled to: each clips what it paints to its own box)?
_RING_INSIDE = """() => {
  const e = document.activeElement, style = getComputedStyle(e);
  const out = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const r = e.getBoundingClientRect();
  const row = e.closest('li').getBoundingClientRect();
  return r.left - out >= row.left && r.right + out <= row.right &&
    r.top - out >= row.top && r.bottom + out <= row.bottom;
}"""

_FOCUS = """() => { const e = document.activeElement;
  return e === document.body || !e ? 'body' : (e.id || e.className || e.tagName); }"""


def test_the_keyboard_focus_follows_a_pick_up_and_a_move(server: Server, page: Page) -> None:
    """Enter on a character's name rebuilt the list under the focus and left it on the
    page's start: now it goes to the first option; a move by Enter goes on to what comes
    next (here ending the turn), not back to the start."""
    table = server.table("cultivation/courtyard-duel")
    open_table(page, table.link())
    page.locator('.actor-button[data-actor="lin"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#options .option-button").first).to_be_focused()
    # its focus ring lies inside its row (drawn outside the button, the row cut it off)
    assert page.evaluate(_RING_INSIDE), "the focus ring runs past the option's row"
    # the move to the courtyard's neighbour that rolls nothing: the gate
    option = page.locator("#options .option-button", has_text="gate").first
    option.focus()
    version = table.state()["version"]
    page.keyboard.press("Enter")
    chooser = page.locator("#choose-dialog[open] #choose-list button")
    page.wait_for_timeout(300)
    if chooser.count():
        page.keyboard.press("Enter")
    wait_until(lambda: table.state()["version"] > version, "lin's move")
    wait_until(lambda: page.evaluate(_FOCUS) != "body", "the focus on what comes next")
    assert page.evaluate(
        "() => !!document.activeElement.closest('#play, #map')"), page.evaluate(_FOCUS)


#: every text on screen smaller than ``least`` CSS px: the page's (header, panels,
#: dialogs) by its font size, the map's by its size on screen
_SMALL = """(least) => {
  const small = [];
  for (const el of document.querySelectorAll('body *')) {
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || r.bottom < 0 || r.top > innerHeight || r.right < 0 ||
        r.left > innerWidth) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('[hidden], .fw-gone')) continue;
    let size = parseFloat(style.fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      size *= m ? Math.hypot(m.a, m.b) : 1;
    }
    const text = el.textContent.trim().slice(0, 20);
    if (size < least) small.push(`${el.tagName} ${text} ${size.toFixed(1)}`);
  }
  return small;
}"""


def test_a_page_as_wide_as_a_tv_has_no_text_under_16_px(server: Server,
                                                        browser: Browser) -> None:
    """The game master's page on the TV (1920×1080, panels and all): the header's chips,
    the hints, the options' paths and the rule ids were 13.6 to 15.6 px, the map's axis
    and scale 12 px."""
    table = server.table("sitemaps/tavern-brawl")
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(PATIENCE_MS)
    try:
        page = context.new_page()
        open_table(page, table.link())
        page.click('.actor-button[data-actor="mira"]')
        page.wait_for_selector("#options .option-button")
        page.click('.tabs [data-panel="log-panel"]')
        page.click('.tabs [data-panel="play"]')
        page.wait_for_timeout(300)  # the map's text follows the view at the next frame
        small: list[Any] = page.evaluate(_SMALL, 15.9)
        assert not small, small
    finally:
        context.close()


_UNDER_ZOOM = """(actor) => {
  const token = document.querySelector(`#map svg [data-actor="${actor}"]`);
  const r = (token.querySelector('circle, ellipse, rect') || token).getBoundingClientRect();
  const z = document.querySelector('.zoom').getBoundingClientRect();
  return r.right > z.left && r.left < z.right && r.bottom > z.top && r.top < z.bottom;
}"""


#: from a token's centre to the zoom buttons' centre, on screen
_GAP = """(actor) => {
  const token = document.querySelector(`#map svg [data-actor="${actor}"]`);
  const t = (token.querySelector('circle, ellipse, rect') || token).getBoundingClientRect();
  const z = document.querySelector('.zoom').getBoundingClientRect();
  return {dx: (z.left + z.right) / 2 - (t.left + t.right) / 2,
          dy: (z.top + z.bottom) / 2 - (t.top + t.bottom) / 2};
}"""


def under_the_zoom_buttons(page: Page, actor: str) -> None:
    """Zoom in (the view may then pan anywhere over the map) and pan until the actor's
    token is right under the zoom buttons."""
    for _ in range(3):
        page.tap("#zoom-in")
    page.focus("#map")
    for _ in range(60):
        gap = page.evaluate(_GAP, actor)
        if abs(gap["dx"]) < 12 and abs(gap["dy"]) < 40:
            break
        if abs(gap["dx"]) >= 12:
            page.keyboard.press("ArrowLeft" if gap["dx"] > 0 else "ArrowRight")
        if abs(gap["dy"]) >= 40:
            page.keyboard.press("ArrowUp" if gap["dy"] > 0 else "ArrowDown")
    assert page.evaluate(_UNDER_ZOOM, actor)


def test_the_token_in_hand_is_not_left_under_the_zoom_buttons(server: Server,
                                                              phone: BrowserContext) -> None:
    """A phone's zoom buttons sit over the map's top right corner: a token picked up
    there could not be tapped (nor the places about it), a tap zoomed instead; nor is
    the token of a character whose turn comes."""
    table = server.table("styles/bob-dash")
    page = phone.new_page()
    try:
        open_table(page, table.link("side:party"))
        # pip's turn comes (the table's other device ends bob's): pip is moved clear
        under_the_zoom_buttons(page, "pip")
        table.send({"do": "end_turn", "actor": "bob"})
        expect(page.locator("#turn")).to_have_text("pip's turn")
        page.wait_for_timeout(300)
        assert not page.evaluate(_UNDER_ZOOM, "pip")
        table.send({"do": "end_turn", "actor": "pip"})
        expect(page.locator("#turn")).to_have_text("bob's turn")
        # bob's token under the buttons, picked up by its name: moved clear
        under_the_zoom_buttons(page, "bob")
        page.tap('.tabs [data-panel="play"]')
        page.tap('.actor-button[data-actor="bob"]')
        page.wait_for_selector("#map .fw-reach")
        page.wait_for_timeout(500)  # the sheet has slid up, the map moved
        assert not page.evaluate(_UNDER_ZOOM, "bob")
    finally:
        page.close()


def test_waypoints_laid_by_clicks_are_drawn_on_the_map(server: Server, page: Page) -> None:
    """Waypoints laid by clicks (styles) were only listed in the Play panel, which a
    phone puts away to show the map; their costs were written 2.414213562 u."""
    table = server.table("styles/ruined-tower")
    open_table(page, table.link())
    page.click('.actor-button[data-actor="ada"]')
    page.wait_for_selector('#map .fw-reach[data-place="3,5"]')
    page.check("#plan-mode")
    for cell in ("2,3", "3,5"):
        click_place(page, f'#map .fw-reach[data-place="{cell}"]')
    marks = page.locator("#map svg g.fw-waypoints text")
    expect(marks).to_have_text(["1", "2"])
    # from the token through both cells
    points = page.get_attribute("#map svg g.fw-waypoints polyline", "points") or ""
    assert len(points.split()) == 3, points
    expect(page.locator("#plan-summary")).to_contain_text("The whole plan: 3.41 u")
    assert not page.locator("#plan").filter(has_text=re.compile(r"\d\.\d{3}")).count()
    # the plan cleared, the marks go
    page.click("#plan-clear")
    expect(page.locator("#map svg g.fw-waypoints")).to_have_count(0)


def test_a_tap_leaves_no_tooltip_over_the_map(server: Server, phone: BrowserContext) -> None:
    """A finger does not hover: a tap that laid a waypoint left the tooltip of its cell
    over the map (and the map under it out of reach) until the next tap elsewhere."""
    table = server.table("styles/ruined-tower")
    page = phone.new_page()
    try:
        open_table(page, table.link("side:party"))
        page.tap('.tabs [data-panel="play"]')
        page.tap('.actor-button[data-actor="ada"]')
        page.wait_for_selector('#map .fw-reach[data-place="2,3"]')
        page.tap("#plan-mode")
        page.tap('.tabs [data-panel="play"]')  # the sheet put away: the map in full
        page.wait_for_timeout(400)
        box = page.locator('#map .fw-reach[data-place="2,3"]').bounding_box()
        assert box is not None
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(page.locator("#map svg g.fw-waypoints text")).to_have_text(["1"])
        page.wait_for_timeout(500)  # a tooltip would be read and shown by now
        expect(page.locator("#tip")).to_be_hidden()
    finally:
        page.close()


def test_a_face_the_die_cannot_show_is_refused_in_words_before_sending(
        server: Server, page: Page) -> None:
    """"I roll at the table", 99 typed for a d6: the server's refusal came back as
    `roll[0]: 99 is not a face of d6`, its path in the command, after a refused request
    (a console error); now said in words at once, and nothing is sent."""
    table = server.table("spans/cliff-climb")
    open_table(page, table.link())
    page.check('input[name="dice"][value="table"]')
    page.click('.actor-button[data-actor="tamsin"]')
    page.wait_for_selector('#map .fw-reach[data-place="outcrop"]')
    click_place(page, '#map .fw-reach[data-place="outcrop"]')
    expect(page.locator("#dice-dialog")).to_be_visible()
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/commands") else None)
    page.fill("#dice-faces", "99")
    page.click("#dice-send")
    expect(page.locator("#dice-error")).to_have_text(re.compile(
        r"^99 is not a face of a d\d+ \(1 to \d+\)$"))
    page.fill("#dice-faces", "3, 4")
    page.click("#dice-send")
    expect(page.locator("#dice-error")).to_have_text(re.compile(r"^type one face for 1d\d+$"))
    assert not sent
    version = table.state()["version"]
    page.fill("#dice-faces", "1")
    page.click("#dice-send")
    expect(page.locator("#dice-dialog")).to_be_hidden()
    wait_until(lambda: table.state()["version"] > version, "the climb with the face 1")


#: a point of a reachable place a few px off a token (its disc and its name): inside
#: the place's shape, on no token
_NEAR_TOKEN = """([actor, place]) => {
  const box = document.querySelector(`#map svg [data-actor="${actor}"]`).getBoundingClientRect();
  const area = document.querySelector(`#map .fw-reach[data-place="${place}"]`);
  const shapes = 'rect, path, polygon';
  const shape = area.matches(shapes) ? area : area.querySelector(shapes);
  const inside = (x, y) => shape.isPointInFill(
    new DOMPoint(x, y).matrixTransform(shape.getScreenCTM().inverse()));
  for (const gap of [4, 6, 9]) {
    for (let i = 0; i <= 20; i++) {
      const x = box.left + box.width * i / 20;
      for (const y of [box.bottom + gap, box.top - gap]) {
        if (document.elementsFromPoint(x, y).some((e) => e.closest('[data-actor]'))) continue;
        if (inside(x, y)) return {x, y};
      }
    }
  }
  return null;
}"""


def test_a_tap_beside_the_token_in_hand_moves_rather_than_puts_it_down(
        server: Server, phone: BrowserContext) -> None:
    """The browser moves a tap's click onto a token near it (touch adjustment): Pell
    half way down into the alley, a tap on the alley just under Pell's name put Pell
    down instead of climbing on."""
    table = server.table("spans/rooftop-chase")
    table.send({"do": "climb", "actor": "pell", "die": "brace", "to": "alley", "roll": [5]})
    for actor in ("pell", "kite", "mog"):
        table.send({"do": "end_turn", "actor": actor})
    page = phone.new_page()
    try:
        open_table(page, table.link("side:courier"))
        page.tap('.tabs [data-panel="play"]')
        page.tap('.actor-button[data-actor="pell"]')
        page.wait_for_selector('#map .fw-reach[data-place="alley"]')
        page.tap('.tabs [data-panel="play"]')  # the sheet put away
        page.wait_for_timeout(400)
        point = page.evaluate(_NEAR_TOKEN, ["pell", "alley"])
        assert point is not None
        page.touchscreen.tap(point["x"], point["y"])
        # several ways go on into the alley: the chooser asks which
        expect(page.locator("#choose-dialog")).to_be_visible()
        expect(page.locator('.actor-button[data-actor="pell"]')).to_have_attribute(
            "aria-pressed", "true")
        # the tap focused the alley: its tooltip is not left over the map (Tab shows it)
        page.tap("#choose-dialog button[type=submit]")
        page.wait_for_timeout(500)
        expect(page.locator("#tip")).to_be_hidden()
    finally:
        page.close()


def test_picking_a_spot_on_a_phone_puts_the_sheet_away(server: Server,
                                                        phone: BrowserContext) -> None:
    """Bruno pinned Mira and places her: "pick the spot on the map" left the sheet with
    the decision over half the map, the spot to tap under it."""
    table = server.table("sitemaps/tavern-brawl")
    table.send({"do": "move", "actor": "mira", "to": "street-west", "at": [4, -2]})
    table.send({"answer": "pin", "actor": "bruno"})
    table.send({"answer": "AGI", "roll": [15]})
    page = phone.new_page()
    try:
        open_table(page, table.link("side:house"))
        page.locator("#decision-choices button", has_text="pick the spot").tap()
        expect(page.locator("#panels")).not_to_have_class(re.compile(r"\bopen\b"))
        # two metres left of bruno's centre (the page moves it to a spot the rules take)
        spot = page.evaluate("""() => {
          const svg = document.querySelector('#map svg');
          const perM = Number(svg.getAttribute('data-px-per-m')) * svg.getScreenCTM().a;
          const disc = document.querySelector('#map svg [data-actor="bruno"] circle')
            .getBoundingClientRect();
          return {x: disc.left + disc.width / 2 - 2 * perM, y: disc.top + disc.height / 2}; }""")
        page.touchscreen.tap(spot["x"], spot["y"])
        wait_until(lambda: table.state()["pending"] is None, "mira placed")
    finally:
        page.close()


def test_a_command_at_a_version_the_page_knows_is_gone_is_not_sent(server: Server,
                                                                  page: Page) -> None:
    """Another device ended Mira's turn; the live socket said so, and before this page had
    read the table again its *End mira's turn* went out at the old version: refused as
    stale (a 409, which the browser logs as a failed request). Now the page reads the
    table first and asks again: nothing sent, no console error."""
    table = server.table("sitemaps/tavern-brawl")
    open_table(page, table.link())
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/commands") else None)
    held: list[Any] = []  # the page's read of the table, held back until released
    page.route(re.compile(r"/api/tables/[^/]+/state"), lambda route: held.append(route))
    expect(page.locator("#end-turn")).to_have_text("End mira's turn")
    table.send({"do": "end_turn", "actor": "mira"})
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(25)
    assert held, "the live socket's news made the page read the table"
    page.click("#end-turn")  # still "End mira's turn": the page has not read the table
    page.wait_for_timeout(300)
    for route in held:
        route.continue_()
    page.unroute(re.compile(r"/api/tables/[^/]+/state"))
    expect(page.locator("#status")).to_have_text(
        "the table changed before this was sent: look again; nothing was sent")
    expect(page.locator("#end-turn")).to_have_text("End dov's turn")
    assert not sent and not errors, (sent, errors)
    assert table.state()["turn"] == "dov"
