"""The battle-map page in a real browser (Debian's chromium): the lobby, playing each
ruleset's example with the mouse, decisions and dice, the log's rule ids, the game
master's undo, and what reaches a player's page."""

from __future__ import annotations

import json
import re
from contextlib import suppress
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.web.conftest import Server, Table, click_place, open_table, table_of, wait_until

#: one example of each ruleset (each map kind: zones, spans, to scale, two grids)
EXAMPLES = ["cultivation/courtyard-duel", "spans/boarding-action", "sitemaps/tavern-brawl",
            "styles/ruined-tower", "allowances/lake-battle"]


def made_in_lobby(server: Server, page: Page, example: str) -> tuple[Table, str]:
    """A table opened from the lobby: the table and its game master's link."""
    page.goto(server.url)
    page.select_option("#example", example)
    page.click("#open-example")
    link = page.locator('li[data-seat="gm"] .seat-link').input_value()
    assert link.startswith(f"{server.url}/t/"), link
    # the QR code of every seat is drawn, and the table is listed
    expect(page.locator('li[data-seat="gm"] .qr-code svg')).to_have_count(1)
    table = table_of(server, link)
    expect(page.locator(f'li[data-table="{table.id}"]')).to_have_count(1)
    return table, link


@pytest.mark.parametrize("example", EXAMPLES)
def test_a_table_of_each_ruleset_plays_by_clicking_a_highlighted_place(
        server: Server, page: Page, example: str) -> None:
    table, link = made_in_lobby(server, page, example)
    open_table(page, link)
    state = table.state()
    actor = state["turn"]
    lines = page.locator("#log li").count()
    page.click(f'.actor-button[data-actor="{actor}"]')
    page.wait_for_selector("#map .fw-reach")
    # every highlighted place stands for options of the server's list that go there
    options = table.get("options", actor=actor)
    marks = page.eval_on_selector_all(
        "#map .fw-reach", "els => els.map(e => [e.getAttribute('data-place'), "
        "e.getAttribute('data-fw-options')])")
    assert marks
    for place, indices in marks:
        assert {options[int(i)]["to"] for i in indices.split()} == {place}
    # and the list beside the map has them all
    expect(page.locator("#options .option-button")).to_have_count(len(options))
    clicked = click_place(page)
    after = wait_until(lambda: (s := table.state())["version"] > state["version"] and s,
                       "the move")
    moved = after["actors"][actor]
    assert moved != state["actors"][actor] or after["pending"], (clicked, moved)
    # the page shows what happened, without a reload
    expect(page.locator("#log li")).not_to_have_count(lines)
    if after["pending"] is None:
        where = moved.get("at")
        expect(page.locator(f'.actor-button[data-actor="{actor}"] .actor-where')
               ).to_contain_text(str(where) if isinstance(where, str) else "")


def test_a_decision_is_answered_and_a_die_supplied_checked_against_the_die(
        server: Server, page: Page) -> None:
    """Tavern brawl: Mira makes for the street past Bruno, who pins her; she resists
    with AGI on a d20 rolled at the table: a 25 is refused in one line, a 15 fails."""
    table = server.table("sitemaps/tavern-brawl")
    open_table(page, table.link())
    page.click('.actor-button[data-actor="mira"]')
    page.locator("#options .option-button", has_text="move to street-west").click()
    decision = page.locator("#decision")
    expect(decision).to_be_visible()
    expect(decision).to_contain_text("try to pin?")
    page.click('#decision-choices button[data-choice="pin"]')
    expect(decision).to_contain_text("resists")
    page.check('input[name="dice"][value="table"]')
    page.click('#decision-choices button[data-choice="AGI"]')
    dialog = page.locator("#dice-dialog")
    expect(dialog).to_be_visible()
    page.fill("#dice-faces", "25")
    page.click("#dice-send")
    error = page.locator("#dice-error")
    expect(error).not_to_be_empty()
    assert "\n" not in error.inner_text()
    assert table.state()["pending"]["kind"] == "resist_pin"  # refused: nothing changed
    page.fill("#dice-faces", "15")
    page.click("#dice-send")
    expect(dialog).to_be_hidden()
    state = wait_until(lambda: (s := table.state())["pending"]["kind"] == "place_pinned" and s,
                       "the pinned mover to be placed")
    assert state["actors"]["mira"]["stopped"] is True
    rolled = [line for line in table.get("log", limit=1000)["lines"]
              if line["event"] == "rolled"]
    assert rolled and "15" in rolled[-1]["text"]
    page.check('input[name="dice"][value="auto"]')
    # Bruno puts her where the game master clicks: a little off the spot the rules
    # accept (2 m from him, west), which the page moves to the nearest one that fits
    choices = page.locator("#decision-choices")
    expect(choices).to_contain_text("pick the spot on the map")
    page.click('#decision-choices button[data-point-choice="place"]')
    page.mouse.click(*screen_point(page, 1.8, 0.9))
    wait_until(lambda: table.state()["pending"] is None, "the decision to close")
    placed = table.state()["actors"]["mira"]["point"]
    assert abs(placed[0] - 2) < 0.25 and abs(placed[1] - 1) < 0.25, placed
    expect(decision).to_be_hidden()
    # a rule id of the log opens the ruleset's own words
    page.click('#panels [data-panel="log-panel"]')
    page.locator("#log button.rule", has_text="R004-19").first.click()
    rule = page.locator("#rule-dialog")
    expect(rule).to_be_visible()
    expect(page.locator("#rule-text")).to_contain_text("R004-19")
    page.keyboard.press("Escape")


def screen_point(page: Page, x: float, y: float) -> tuple[float, float]:
    """Where a point of a map drawn to scale (metres, floor 0) is on the screen."""
    found: list[float] = page.evaluate("""([x, y]) => {
      const svg = document.querySelector('#map svg');
      const floor = svg.querySelector('g.floor[data-origin-m]');
      const panel = floor.querySelector('rect.panel');
      const [mx, my] = floor.getAttribute('data-origin-m').split(' ').map(Number);
      const perM = Number(svg.getAttribute('data-px-per-m'));
      const p = new DOMPoint(Number(panel.getAttribute('x')) + (x - mx) * perM,
                             Number(panel.getAttribute('y')) + (y - my) * perM)
        .matrixTransform(svg.getScreenCTM());
      return [p.x, p.y];
    }""", [x, y])
    return found[0], found[1]


def test_the_game_master_undoes_a_move(server: Server, page: Page) -> None:
    table = server.table("styles/ruined-tower")
    open_table(page, table.link())
    start = table.state()
    page.click('.actor-button[data-actor="ada"]')
    page.wait_for_selector("#map .fw-reach")
    click_place(page)
    wait_until(lambda: table.state()["version"] == start["version"] + 1, "the move")
    page.click('#panels [data-panel="gm"]')
    page.click("#gm-undo")
    back = wait_until(lambda: (s := table.state())["version"] == start["version"] + 2 and s,
                      "the undo")
    assert back["actors"]["ada"] == start["actors"]["ada"]
    page.click('#panels [data-panel="play"]')
    expect(page.locator('.actor-button[data-actor="ada"] .actor-where')).to_contain_text("1,3")
    # Ctrl+Z too (ada is still in hand: her places are shown again)
    expect(page.locator('.actor-button[data-actor="ada"]')).to_have_attribute(
        "aria-pressed", "true")
    page.wait_for_selector("#map .fw-reach")
    click_place(page)
    wait_until(lambda: table.state()["version"] == start["version"] + 3, "the second move")
    page.locator("body").press("Control+z")
    back = wait_until(lambda: (s := table.state())["version"] == start["version"] + 4 and s,
                      "the second undo")
    assert back["actors"]["ada"] == start["actors"]["ada"]


def test_the_game_master_ends_the_encounter_and_every_page_says_so(
        server: Server, page: Page) -> None:
    """An example played to its end: the game master's End the encounter closes it (the
    engine ends one by itself only when nobody can act), once asked and confirmed (it
    asked nothing: a slip ended the scene for every page); the question is cancelled by
    Esc or "Keep playing" and answered from the keyboard."""
    table = server.table("spans/cliff-climb")
    open_table(page, table.link())
    page.click('#panels [data-panel="gm"]')
    page.fill("#gm-finish-reason", "the climbers reach the top")
    version = table.state()["version"]
    page.click("#gm-finish")
    ask = page.locator("#finish-dialog")
    expect(ask).to_be_visible()
    expect(ask).to_contain_text("Why: the climbers reach the top.")
    expect(page.locator("#finish-no")).to_be_focused()  # a slip of Enter keeps playing
    page.keyboard.press("Escape")
    expect(ask).to_be_hidden()
    page.click("#gm-finish")
    page.keyboard.press("Enter")  # "Keep playing"
    expect(ask).to_be_hidden()
    assert table.state()["version"] == version and not table.state()["ended"]
    page.focus("#gm-finish")
    page.keyboard.press("Enter")
    expect(ask).to_be_visible()
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#finish-yes")).to_be_focused()
    page.keyboard.press("Enter")
    wait_until(lambda: table.state()["ended"], "the end")
    expect(page.locator("#turn")).to_contain_text("the encounter is over")
    # the summary opens for everyone at the end: closed, the log says why it ended
    expect(page.locator("#summary-dialog")).to_contain_text("the climbers reach the top")
    page.keyboard.press("Escape")
    expect(page.locator("#summary-dialog")).to_be_hidden()
    page.click('#panels [data-panel="log-panel"]')
    expect(page.locator("#log")).to_contain_text("the climbers reach the top")


def test_a_bad_upload_is_refused_with_its_line_and_path(server: Server, page: Page) -> None:
    page.goto(server.url)
    text = "footwork: 1\nruleset: spans\nmap:\n  spans: []\nactors:\n  - {id: ada, at: 7}\n"
    page.set_input_files("#upload", files=[{"name": "bad.yaml", "mimeType": "text/yaml",
                                            "buffer": text.encode()}])
    page.click("#open-upload")
    # several faults: one line that counts them, then each with its line and path
    expect(page.locator("#create-error")).to_have_text("bad.yaml: 2 faults to fix")
    faults = page.locator("#create-faults li")
    expect(faults.nth(0)).to_contain_text("line 4 · map.spans")
    expect(faults.nth(1)).to_contain_text("line 6 · actors[0].at")


class Recorder:
    """Everything a page receives: HTTP bodies and WebSocket frames."""

    def __init__(self, page: Page) -> None:
        self.received: list[str] = []
        page.on("response", self.response)
        page.on("websocket", lambda ws: ws.on("framereceived", self.frame))

    def response(self, response: Any) -> None:
        with suppress(PlaywrightError):  # a redirect has no body: nothing was received
            self.received.append(response.text())

    def frame(self, payload: Any) -> None:
        self.received.append(payload if isinstance(payload, str) else payload.decode())


def named(text: str, names: tuple[str, ...]) -> list[str]:
    return [n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)]


def test_a_players_move_shows_live_and_the_hidden_kitchen_never_reaches_them(
        server: Server, context: BrowserContext, browser: Any) -> None:
    """Tavern brawl: the kitchen is unrevealed and the cook stands in it. The patrons'
    page moves Mira; the game master's page shows it live; then the game master plays
    the cook's move inside the kitchen. Nothing of either reaches the patrons' page."""
    table = server.table("sitemaps/tavern-brawl")
    hidden = ("kitchen", "cook")
    gm = context.new_page()
    open_table(gm, table.link("gm"))
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        player = other.new_page()
        recorder = Recorder(player)
        open_table(player, table.link("side:patrons"))
        before = table.state()["version"]
        player.click('.actor-button[data-actor="mira"]')
        player.locator("#options .option-button", has_text="move to bar").click()
        wait_until(lambda: table.state()["version"] > before, "the player's move")
        # the game master's page shows it without a reload
        expect(gm.locator('.actor-button[data-actor="mira"] .actor-where')
               ).to_contain_text("bar", timeout=5_000)
        # the game master moves the cook inside the kitchen (mira, still in hand, ends
        # her turn first)
        player.locator("#options .option-button", has_text="end the turn").click()
        wait_until(lambda: table.state()["turn"] == "dov", "mira's turn to end")
        for actor in ("dov", "bruno"):
            gm.click('#panels [data-panel="gm"]')
            gm.select_option("#gm-end-actor", actor)
            gm.click("#gm-end")
            wait_until(lambda a=actor: table.state()["turn"] != a, f"{actor}'s turn to end")
        assert table.state()["turn"] == "cook"
        gm.click('#panels [data-panel="play"]')
        gm.click('.actor-button[data-actor="cook"]')
        gm.wait_for_selector("#map .fw-reach")
        cook_moves = table.state()["version"]
        gm.locator("#options .option-button", has_text="move to kitchen").first.click()
        wait_until(lambda: table.state()["version"] > cook_moves, "the cook's move")
        player.wait_for_timeout(500)  # a push to the player's page would have come by now
        player.reload()
        open_table(player, table.link("side:patrons"))
        assert not named(player.content(), hidden)
        assert recorder.received
        leaked = {n for text in recorder.received for n in named(text, hidden)}
        assert not leaked, leaked
        # the game master's preview as the patrons shows what they see
        gm.click('#panels [data-panel="gm"]')
        gm.select_option("#gm-view-as", "side:patrons")
        expect(gm.locator("#seat")).to_contain_text("previewing side:patrons")
        expect(gm.locator('.actor-button[data-actor="cook"]')).to_have_count(0)
        assert not named(gm.locator("#map").inner_html(), hidden)
    finally:
        other.close()


def u(value: float) -> str:
    """A length in u as the page writes it: to the hundredth, no trailing zeros."""
    return f"{round(value, 2):g} u"


def test_a_lost_connection_is_shown_and_the_page_catches_up(server: Server,
                                                             page: Page) -> None:
    """The page's WebSocket is cut; while it is down another device moves a character;
    the page says the connection is lost, reconnects by itself and shows the move."""
    table = server.table("styles/ruined-tower")
    sockets: list[Any] = []

    def through(route: Any) -> None:
        route.connect_to_server()
        sockets.append(route)

    page.route_web_socket(re.compile(r"/live"), through)
    open_table(page, table.link())
    assert len(sockets) == 1
    options = table.get("options", actor="ada")
    step = next(o for o in options if o["to"] == "2,3")
    sockets[0].close()
    expect(page.locator("#live")).to_have_attribute("data-status", "lost")
    expect(page.locator("#banner")).to_contain_text("connection to the table is lost")
    table.send(step["command"])
    expect(page.locator("#live")).to_have_attribute("data-status", "live", timeout=10_000)
    expect(page.locator("#banner")).to_be_hidden()
    expect(page.locator('.actor-button[data-actor="ada"] .actor-where')).to_contain_text("2,3")
    assert len(sockets) == 2


def test_waypoints_laid_with_the_mouse_are_priced_before_they_are_sent(
        server: Server, page: Page) -> None:
    """Ruined tower (styles): with *Lay waypoints* on, clicks on cells make a plan; each
    segment shows its exact cost, the pool and its style's cap left, the figures of the
    read-only query ``price`` for the whole plan; a segment the pool cannot pay is marked
    and the plan cannot be sent; *Move along the waypoints* sends an affordable one and
    Ada ends on the last cell."""
    table = server.table("styles/ruined-tower")
    open_table(page, table.link())
    page.click('.actor-button[data-actor="ada"]')
    page.wait_for_selector("#map .fw-reach")
    page.check("#plan-mode")
    steps = page.locator("#plan-steps li")
    prices = page.locator("#plan-steps li .plan-price")

    def lay(*cells: str) -> None:
        for n, cell in enumerate(cells, 1):
            click_place(page, f'#map .fw-reach[data-place="{cell}"]')
            expect(steps).to_have_count(n)

    def quote(*cells: str) -> dict[str, Any]:
        plan = [{"style": "walk", "to": [int(x) for x in c.split(",")]} for c in cells]
        answer: dict[str, Any] = table.get("query/price", arg=["ada", json.dumps(plan)])
        return answer

    lay("2,3", "3,4")
    want = quote("2,3", "3,4")
    assert want["ok"] and [seg["status"] for seg in want["segments"]] == ["moved", "moved"]
    for i, seg in enumerate(want["segments"]):
        shown = prices.nth(i)
        expect(shown).to_have_attribute("data-status", "moved")
        # the exact figures of the query on the page, in its words to the hundredth
        for attr, key in (("data-cost", "cost"), ("data-pool-left", "pool_left"),
                          ("data-cap-left", "cap_left")):
            assert float(shown.get_attribute(attr) or "nan") == seg[key]
        expect(shown).to_contain_text(f"{u(seg['cost'])}, pool left {u(seg['pool_left'])}, "
                                      f"walk left {u(seg['cap_left'])}")
    expect(page.locator("#plan-summary")).to_contain_text(
        f"{u(want['cost'])}, pool left {u(want['pool_left'])}")
    expect(page.locator("#plan-go")).to_be_enabled()
    # a third waypoint the pool cannot pay for: marked before anything is sent
    click_place(page, '#map .fw-reach[data-place="1,1"]')
    expect(steps).to_have_count(3)
    over = quote("2,3", "3,4", "1,1")
    assert not over["ok"] and over["segments"][2]["status"] == "refused"
    expect(prices.nth(2)).to_have_attribute("data-status", "refused")
    # the server's reason in the page's words: its lengths ("6.243u") to the hundredth
    expect(prices.nth(2)).to_contain_text(re.sub(
        r"(\d+(?:\.\d+)?)u\b", lambda m: u(float(m.group(1))), over["segments"][2]["message"]))
    expect(page.locator("#plan-summary")).to_contain_text("The rules refuse this plan")
    expect(page.locator("#plan-go")).to_be_disabled()
    page.click("#plan-clear")
    lay("2,3", "3,4")
    assert table.state()["version"] == 0  # nothing sent while laying the plan
    expect(page.locator("#plan-go")).to_be_enabled()
    page.click("#plan-go")
    wait_until(lambda: table.state()["actors"]["ada"]["at"] == "3,4", "Ada to reach (3,4)")
