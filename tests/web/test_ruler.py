"""Dragging a token with a ruler (issue 21, item 2), in chromium: the ruler follows the
pointer with the place's cost and words, a release moves there, Escape and dragging back
cancel, and the path taken this turn stays drawn."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.web.conftest import Server, open_table, wait_until

#: the centre of the held token, and of a reachable cell no token stands on
_POINTS = """(actor) => {
  const centre = (el) => { const r = el.getBoundingClientRect();
                           return {x: r.left + r.width / 2, y: r.top + r.height / 2}; };
  const token = document.querySelector(`#map [data-actor="${actor}"]`);
  const cells = [...document.querySelectorAll('#map .fw-reach[data-place]')];
  const far = cells.map((el) => ({...centre(el), place: el.getAttribute('data-place')}))
    .filter((p) => !document.elementsFromPoint(p.x, p.y).some((e) => e.closest('[data-actor]')));
  const from = centre(token);
  const away = (p) => Math.hypot(p.x - from.x, p.y - from.y);
  far.sort((a, b) => away(b) - away(a));
  return {from, to: far[0]};
}"""


#: the cost written in each shaded cell, by the cell it stands in
_COSTS = """() => {
  const svg = document.querySelector('#map svg');
  const size = Number(svg.getAttribute('data-px-per-cell'));
  const [x, y] = svg.getAttribute('data-origin').split(' ').map(Number);
  return Object.fromEntries([...svg.querySelectorAll('g.fw-costs text')].map((t) =>
    [`${Math.floor((Number(t.getAttribute('y')) - y) / size)},` +
     `${Math.floor((Number(t.getAttribute('x')) - x) / size)}`, t.textContent]));
}"""


def drag_to(page: Page, start: dict[str, Any], end: dict[str, Any]) -> None:
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.mouse.move(end["x"], end["y"], steps=12)


def test_a_token_dragged_with_the_ruler_moves_on_release(server: Server, page: Page) -> None:
    table = server.table("styles/ruined-tower")
    open_table(page, table.link())
    start = table.state()
    page.click('.actor-button[data-actor="ada"]')
    page.wait_for_selector("#map .fw-reach")
    points = page.evaluate(_POINTS, "ada")
    label = page.locator("#ruler-label")
    # each reachable cell's cost is written in it, but where a token or its name is
    costs: dict[str, str] = page.evaluate(_COSTS)
    tokens = {f"{a['row']},{a['col']}" for a in start["actors"].values()}
    assert costs and tokens.isdisjoint(costs)
    assert {f"{int(c.split(',')[0]) - 1},{c.split(',')[1]}" for c in costs}.isdisjoint(tokens)
    reach = table.get("reach", actor="ada")
    for cell, text in costs.items():
        cost = min(c for t, c in zip(reach["to"], reach["cost"], strict=True) if t == cell)
        assert float(text) == round(cost, 2), (cell, text, cost)

    # dragged to a cell then Escape: nothing sent, the ruler gone
    drag_to(page, points["from"], points["to"])
    expect(label).to_be_visible()
    expect(label).to_contain_text("cost")
    expect(label).to_contain_text("left after")  # the pool left once this move is paid
    expect(label.locator(".option-label")).to_contain_text("move")  # the option in words
    expect(page.locator("svg.ruler-layer polyline")).to_have_count(1)
    page.keyboard.press("Escape")
    page.mouse.up()
    expect(label).to_be_hidden()
    expect(page.locator("svg.ruler-layer")).to_have_count(0)

    # dragged away and back onto the token: a release there cancels
    drag_to(page, points["from"], points["to"])
    page.mouse.move(points["from"]["x"], points["from"]["y"], steps=8)
    expect(label).to_contain_text("cancel")
    page.mouse.up()
    page.wait_for_timeout(300)
    assert table.state()["version"] == start["version"]

    # dragged and released: the move, to the cell under the pointer
    drag_to(page, points["from"], points["to"])
    expect(label).to_contain_text("cost")
    page.mouse.up()
    after = wait_until(lambda: (s := table.state())["version"] > start["version"] and s,
                       "the move")
    ada = after["actors"]["ada"]
    assert f"{ada['row']},{ada['col']}" == points["to"]["place"], (ada, points["to"])
    # the path ada took this turn stays drawn, faded, under the tokens
    trail = page.locator('#map g.fw-trails polyline[data-actor-trail="ada"]')
    expect(trail).to_have_count(1)
    seen = page.evaluate(_TRAIL, "ada")

    # a page opened mid-turn (here, reloaded) draws it too, from the turn's log: the
    # state gives the places ada stood in this turn, from where she began to where she
    # is (each leg of the move's plan on the way, which the page that saw it skipped)
    begun = f"{start['actors']['ada']['row']},{start['actors']['ada']['col']}"
    paths = table.state()["paths"]
    assert list(paths) == ["ada"] and len(paths["ada"]) >= 2
    assert (paths["ada"][0], paths["ada"][-1]) == (begun, points["to"]["place"])
    open_table(page, table.link())
    expect(trail).to_have_count(1)
    again = page.evaluate(_TRAIL, "ada")
    assert len(seen) == 2 and len(again) == len(paths["ada"])
    for a, b in ((again[0], seen[0]), (again[-1], seen[-1])):  # the same ends, to a pixel
        assert abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1, (again, seen)
    # the move taken back (Undo): its path goes with it
    page.click('#panels [data-panel="gm"]')
    page.click("#gm-undo")
    wait_until(lambda: table.state()["paths"] == {}, "the undo")
    expect(trail).to_have_count(0)


#: the points of an actor's trail, as [x, y] pairs of the drawing
_TRAIL = """(actor) => [...document.querySelector(
  `#map g.fw-trails polyline[data-actor-trail="${actor}"]`).points].map((p) => [p.x, p.y])"""


#: the centre of a grid cell ("row,col") on the screen
_CELL = """(cell) => {
  const svg = document.querySelector('#map svg');
  const [row, col] = cell.split(',').map(Number);
  const size = Number(svg.getAttribute('data-px-per-cell'));
  const [x, y] = svg.getAttribute('data-origin').split(' ').map(Number);
  const p = new DOMPoint(x + (col + 0.5) * size, y + (row + 0.5) * size)
    .matrixTransform(svg.getScreenCTM());
  return {x: p.x, y: p.y};
}"""


def test_waypoints_laid_while_dragging_make_the_plan(server: Server, page: Page) -> None:
    """A styles grid: W (or Space) lays a waypoint under the pointer, Escape takes the
    drag and its waypoints back; a pause over a cell lays one too, and the release moves
    along them as one plan, priced first."""
    table = server.table("styles/ruined-tower")
    open_table(page, table.link())
    start = table.state()
    page.click('.actor-button[data-actor="ada"]')
    page.wait_for_selector("#map .fw-reach")
    ada = page.evaluate(_POINTS, "ada")["from"]
    via, end = page.evaluate(_CELL, "2,3"), page.evaluate(_CELL, "3,4")
    host = page.locator("#map")

    drag_to(page, ada, via)
    page.keyboard.press("w")
    expect(host).to_have_attribute("data-waypoints", "1")
    page.mouse.move(end["x"], end["y"], steps=6)
    expect(page.locator("#ruler-label")).to_contain_text("through 1 waypoint")
    # the ruler goes through the waypoint: token, 2,3, 3,4
    expect(page.locator("svg.ruler-layer polyline")).to_have_count(1)
    points = page.locator("svg.ruler-layer polyline").get_attribute("points") or ""
    assert len(points.split()) == 3, points
    page.keyboard.press("Escape")
    page.mouse.up()
    expect(page.locator("#plan")).to_be_hidden()  # its waypoints went with it
    assert table.state()["version"] == start["version"]

    drag_to(page, ada, via)
    page.wait_for_timeout(900)  # a pause over 2,3 lays a waypoint there
    expect(host).to_have_attribute("data-waypoints", "1")
    page.mouse.move(end["x"], end["y"], steps=6)
    page.mouse.up()
    after = wait_until(lambda: (s := table.state())["version"] > start["version"] and s,
                       "the move along the waypoints")
    assert (after["actors"]["ada"]["row"], after["actors"]["ada"]["col"]) == (3, 4)
    sent = table.get("export", format="json")["steps"]
    moves = [s for s in sent if s.get("do") == "move"]
    assert [leg["to"][:2] for leg in moves[-1]["plan"]] == [[2, 3], [3, 4]]


def test_others_see_the_path_of_a_token_being_dragged(server: Server, page: Page,
                                                      context: BrowserContext) -> None:
    """The game master drags Bruno: the patrons' page draws his planned path, dashed,
    until the drag ends (the server relays it through their seat's view)."""
    table = server.table("sitemaps/tavern-brawl")
    watcher = context.new_page()
    open_table(watcher, table.link("side:patrons"))
    open_table(page, table.link())
    bruno = page.evaluate(_POINTS, "bruno")["from"]
    bar = page.locator('#map .place[data-place="bar"]').first.bounding_box()
    assert bar is not None
    drag_to(page, bruno, {"x": bar["x"] + bar["width"] / 2, "y": bar["y"] + bar["height"] / 2})
    planned = watcher.locator('#map g.fw-planned polyline[data-actor-planned="bruno"]')
    expect(planned).to_have_count(1)
    assert len((planned.get_attribute("points") or "").split()) == 2  # bruno → the bar
    page.keyboard.press("Escape")
    page.mouse.up()
    expect(planned).to_have_count(0)
    assert table.state()["actors"]["bruno"]["at"] == "taproom"  # a gesture, not a move
