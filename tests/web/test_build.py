"""The encounter builder (/build) in a real browser (Debian's chromium): paint a small
grid, place two actors, fill a stat, reorder, undo and redo, save the file, open it as a
table and move one of them there; zones to scale and zone graphs. Few page loads."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from footwork.scenario import load_encounter
from footwork.scenario.source import read_file
from footwork.server.tables import example_files
from tests.web.conftest import Server, click_place, table_of, wait_until

#: where `pytest tests/web/test_build.py --update-golden` writes the docs' screenshots
DOCS = Path(__file__).resolve().parents[2] / "docs" / "build"


def shot(page: Page, request: pytest.FixtureRequest, name: str) -> None:
    """A screenshot for docs/build.md, taken only when the docs are being updated."""
    if request.config.getoption("--update-golden"):
        DOCS.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(DOCS / f"{name}.png"))


def cell(page: Page, row: int, col: int) -> tuple[float, float]:
    """The centre of a cell of the builder's grid, on the screen (from the drawing's box:
    its cells are drawn again after every change)."""
    box = page.locator("#grid-host svg").bounding_box()
    assert box is not None
    cols = page.evaluate("document.querySelector('#grid-host svg').viewBox.baseVal.width")
    size = box["width"] / (cols / 28)  # 28: the cell's side in the drawing (buildgrid.PX)
    return box["x"] + (col + 0.5) * size, box["y"] + (row + 0.5) * size


def test_paint_place_save_and_open_as_a_table(server: Server, page: Page, tmp_path: Path,
                                              request: pytest.FixtureRequest) -> None:
    page.goto(f"{server.url}/build")
    page.wait_for_selector('#start-ruleset option[value="styles"]', state="attached")
    page.select_option("#start-ruleset", "styles")
    page.fill("#start-rows", "4")
    page.fill("#start-cols", "6")
    page.click("#start-blank button")
    expect(page.locator("#grid-host rect.cell")).to_have_count(24)
    # a blank map with no actor yet loads (a game master places them next)
    expect(page.locator("#faults")).to_contain_text("No faults")

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
    shot(page, request, "grid")
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


def test_walls_between_cells(server: Server, page: Page, tmp_path: Path,
                             request: pytest.FixtureRequest) -> None:
    """The edge tool puts a wall of the chosen kind on the side of a cell nearest the
    click, replaces it, takes it off; Shift and an arrow do it from the keyboard; undo
    brings it back, and the file saved loads with its `map.edges`."""
    page.goto(f"{server.url}/build")
    page.wait_for_selector('#start-ruleset option[value="styles"]', state="attached")
    page.select_option("#start-ruleset", "styles")
    page.fill("#start-rows", "3")
    page.fill("#start-cols", "4")
    page.click("#start-blank button")
    expect(page.locator("#grid-host rect.cell")).to_have_count(12)
    expect(page.locator("#edge-kind-label")).to_be_hidden()
    page.check('input[name=tool][value="edge"]')
    expect(page.locator("#edge-kind-label")).to_be_visible()
    x, y = cell(page, 0, 0)
    size = cell(page, 0, 1)[0] - x
    east = (x + 0.4 * size, y + 0.1 * size)  # nearer the east side than any other
    page.mouse.click(*east)
    edge = page.locator('#grid-host line.edge[data-between="0,0 0,1"]')
    expect(edge).to_have_class("edge wall")
    page.select_option("#edge-kind", "door")
    page.mouse.click(*east)
    expect(edge).to_have_class("edge door")
    expect(page.locator("#grid-host line.edge")).to_have_count(1)
    # from the keyboard: the cursor is on the cell clicked, (0, 0); its south side
    page.select_option("#edge-kind", "one_way")
    page.locator("#grid-host svg").focus()
    page.keyboard.press("Shift+ArrowDown")
    expect(page.locator('#grid-host line.edge[data-between="0,0 1,0"]')).to_have_class(
        "edge one-way")
    expect(page.locator("#status")).to_have_text("✓ loads")
    shot(page, request, "edges")
    page.select_option("#edge-kind", "none")
    page.mouse.click(*east)
    expect(edge).to_have_count(0)
    page.locator("#grid-host svg").focus()
    page.keyboard.press("Control+z")
    expect(edge).to_have_class("edge door")
    with page.expect_download() as download:
        page.click("#save-yaml")
    saved = tmp_path / "walls.yaml"
    download.value.save_as(saved)
    assert load_encounter(saved).source.data["map"]["edges"] == [
        {"between": [[0, 0], [0, 1]], "kind": "door"},
        {"between": [[0, 0], [1, 0]], "kind": "one_way", "from": [0, 0]}]


#: a point in metres of the builder's map to scale, on the screen (on floor 0, or on the
#: floor given third)
TO_SCREEN = """([x, y, f = 0]) => {
  const svg = document.querySelector('#preview svg');
  const per = Number(svg.getAttribute('data-px-per-m'));
  const floor = svg.querySelector(`g.floor[data-floor="${f}"]`);
  const panel = floor.querySelector('rect.panel');
  const [ox, oy] = floor.getAttribute('data-origin-m').split(' ').map(Number);
  const p = new DOMPoint(Number(panel.getAttribute('x')) + (x - ox) * per,
                         Number(panel.getAttribute('y')) + (y - oy) * per
                         ).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y];
}"""


def open_example(page: Page, server: Server, example: str) -> None:
    page.goto(f"{server.url}/build")
    page.wait_for_selector(f'#start-example-name option[value="{example}"]', state="attached")
    page.select_option("#start-example-name", example)
    page.click("#start-example button")
    page.wait_for_selector("#preview svg")
    expect(page.locator("#status")).to_have_text("✓ loads")


def saved_json(page: Page, tmp_path: Path) -> dict[str, Any]:
    with page.expect_download() as download:
        page.click("#save-json")
    path = tmp_path / "saved.json"
    download.value.save_as(path)
    data: dict[str, Any] = load_encounter(path).source.data
    return data


def test_zones_to_scale_and_zone_graphs(server: Server, page: Page, tmp_path: Path,
                                        request: pytest.FixtureRequest) -> None:
    """sitemaps: opened and saved untouched, the same file; a zone drawn by its corners,
    a corner dragged, an opening between two zones, an actor at a point. cultivation:
    two places linked, one dragged to a new pos."""
    page.set_viewport_size({"width": 1400, "height": 1100})  # the whole map in view
    # a blank room: the builder's own frame in metres until the server's drawing of the
    # draft comes back (a map with no actor loads and is drawn); either names the room
    # and takes the first actor
    page.goto(f"{server.url}/build")
    page.wait_for_selector('#start-ruleset option[value="sitemaps"]', state="attached")
    page.select_option("#start-ruleset", "sitemaps")
    page.click("#start-blank button")
    expect(page.locator('#preview svg[data-map="to-scale"]')).to_contain_text("room")
    page.check('input[name=tool][value="actor"]')
    page.mouse.click(*page.evaluate(TO_SCREEN, [4, 3]))
    expect(page.locator("#status")).to_have_text("✓ loads")
    expect(page.locator('#preview svg[data-map="to-scale"]:not(.frame-only)')).to_have_count(1)
    open_example(page, server, "sitemaps/tavern-brawl")
    original = read_file(example_files()["sitemaps/tavern-brawl"]).data
    assert saved_json(page, tmp_path) == original

    def at(x: float, y: float) -> tuple[float, float]:
        point = page.evaluate(TO_SCREEN, [x, y])
        return point[0], point[1]

    page.check('input[name=tool][value="draw"]')
    for corner in [(5, 6), (8, 6), (8, 9), (5, 9), (5, 6)]:  # back to the first: closed
        page.mouse.click(*at(*corner))
    expect(page.locator('#map-form details[data-path="map.zones[5]"]')).to_have_count(1)
    page.check('input[name=tool][value="vertex"]')
    page.mouse.move(*at(8, 9))
    page.mouse.down()
    page.mouse.move(*at(7.5, 9), steps=4)
    page.mouse.up()
    page.check('input[name=tool][value="opening"]')
    page.mouse.click(*at(5, 7))
    page.mouse.click(*at(5, 8))
    page.check('input[name=tool][value="actor"]')
    page.mouse.click(*at(6.5, 7.5))
    expect(page.locator("#status")).to_have_text("✓ loads")
    # from the keyboard: the cursor (at the last click) 1 m east, Space moves a1 there
    page.check('input[name=tool][value="move"]')
    page.locator("#preview").focus()
    for key in ["ArrowRight", "ArrowRight", " "]:
        page.keyboard.press(key)
    expect(page.locator("#actors li").last).to_contain_text("a1 (house) at zone-6")
    expect(page.locator("#status")).to_have_text("✓ loads")
    page.check('input[name=tool][value="vertex"]')  # the corners shown
    shot(page, request, "to-scale")
    data = saved_json(page, tmp_path)
    assert data["map"]["zones"][5] == {"id": "zone-6",
                                       "polygon": [[5, 6], [8, 6], [7.5, 9], [5, 9]]}
    assert data["map"]["openings"][-1] == {"between": ["kitchen", "zone-6"],
                                           "at": [[5, 7], [5, 8]]}
    assert data["actors"][-1] == {"id": "a1", "side": "house", "at": "zone-6",
                                  "stats": {"point": [7.5, 7.5]}}
    assert data["order"][-1] == "a1"

    # a zone graph: link the gate to the shrine, then drag the shrine down a unit
    open_example(page, server, "cultivation/courtyard-duel")
    page.check('input[name=tool][value="link"]')
    page.click('#graph-host [data-place="gate"]')
    page.click('#graph-host [data-place="shrine"]')
    page.check('input[name=tool][value="select"]')
    # the link redraws the graph once checked: measure the shrine on the drawing that stays
    expect(page.locator("#status")).to_have_text("✓ loads")
    node = page.locator('#graph-host [data-place="shrine"]')
    expect(node).to_be_visible()
    shrine = node.bounding_box()
    assert shrine is not None
    scale = page.evaluate("""() => {
      const svg = document.querySelector('#graph-host svg');
      return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width; }""")
    x, y = shrine["x"] + shrine["width"] / 2, shrine["y"] + shrine["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y + 120 * scale, steps=5)
    page.mouse.up()
    expect(page.locator("#status")).to_have_text("✓ loads")
    page.click('#graph-host [data-place="shrine"]')  # its form, opened
    shot(page, request, "graph")
    # a new actor in a zone where two stand already (a zone holds many)
    page.check('input[name=tool][value="actor"]')
    page.click('#graph-host [data-place="courtyard"]')
    expect(page.locator("#status")).to_have_text("✓ loads")
    data = saved_json(page, tmp_path)
    assert data["map"]["links"][-1] == {"a": "gate", "b": "shrine"}
    assert next(z for z in data["map"]["zones"] if z["id"] == "shrine")["pos"] == [3, 1]
    assert data["actors"][-1] == {"id": "a1", "side": "iron", "at": "courtyard"}


#: a 2×2 picture (PNG), as an import's picture would be served
PICTURE = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4"
           "nGP4z8DwnwEIGBgYGBgAAB7AA/2u2RbmAAAAAElFTkSuQmCC")


def test_an_imported_draft_is_taken_once(server: Server, page: Page) -> None:
    """The lobby's import leaves {encounter, picture, notes} in sessionStorage and opens
    /build: the builder opens it (the picture under the grid, the notes listed) and
    removes the key, so a reload offers the start again."""
    draft = {"encounter": {"footwork": 1, "ruleset": "allowances",
                           "map": {"cell_size": 1, "unit": "m", "rows": ["...", ".#."]},
                           "actors": []},
             "picture": PICTURE, "notes": ["2 doors became openings"]}
    page.goto(f"{server.url}/build")
    page.evaluate("d => sessionStorage.setItem('footwork.build.draft', JSON.stringify(d))",
                  draft)
    page.reload()
    expect(page.locator("#editor")).to_be_visible()
    expect(page.locator("#ruleset-name")).to_have_text("ruleset: allowances")
    expect(page.locator("#grid-host svg image")).to_have_attribute("href", PICTURE)
    expect(page.locator("#grid-host rect.cell")).to_have_count(6)
    expect(page.locator("#notes li")).to_have_text(["2 doors became openings"])
    # allowances' cover tags are in the palette
    expect(page.locator('#brush-tags input[value="low_cover"]')).to_have_count(1)
    assert page.evaluate("sessionStorage.getItem('footwork.build.draft')") is None
    # resized to 3 × 4 (new cells are floor), then undone
    page.fill("#resize-rows", "3")
    page.fill("#resize-cols", "4")
    page.click("#resize button")
    expect(page.locator("#grid-host rect.cell")).to_have_count(12)
    expect(page.locator('#grid-host rect.cell[data-row="2"][data-col="3"] title')).to_have_text(
        "row 2, col 3: floor")
    page.click("#undo")
    expect(page.locator("#grid-host rect.cell")).to_have_count(6)
    # the brush's other fields come from the cell's schema: water with a current east
    page.select_option("#brush-surface", "water")
    page.click("#brush-more summary")
    page.select_option('#brush-more select[data-path="brush.current"]', "E")
    page.mouse.click(*cell(page, 0, 0))
    expect(page.locator('#grid-host rect.cell[data-row="0"][data-col="0"] title')).to_have_text(
        "row 0, col 0: water, 2 deep, current E")
    page.reload()
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#editor")).to_be_hidden()


def test_resizing_drops_the_walls_between_cells_left_off_the_map(server: Server,
                                                                 page: Page) -> None:
    """A grid shrunk in the builder keeps no wall between cells that are gone (the loader
    would refuse the file: `map.edges` naming a cell off the map)."""
    page.goto(f"{server.url}/build")
    kept = page.evaluate("""async () => {
        const {resize} = await import('/web/buildmodel.js');
        const map = {rows: ['...', '...'], edges: [
            {between: [[0, 0], [0, 1]]}, {between: [[0, 1], [0, 2]], kind: 'door'},
            {between: [[0, 0], [1, 0]]}]};
        resize(map, 1, 2, {surface: 'floor'});
        return map;
    }""")
    assert kept["rows"] == [".."]
    assert kept["edges"] == [{"between": [[0, 0], [0, 1]]}]


def test_a_cell_is_drawn_as_text_whatever_its_draft_holds(server: Server, page: Page) -> None:
    """The grid is drawn from markup (fast on large maps): what a draft's legend holds
    (an imported or typed file, not yet checked) is text in it, never an element."""
    page.goto(f"{server.url}/build")
    drawn = page.evaluate("""async () => {
        const {cellMarkup} = await import('/web/buildgrid.js');
        const layer = document.createElementNS('http://www.w3.org/2000/svg', 'g');
        layer.innerHTML = cellMarkup(2, 3, {surface: 'floor" onclick="x', elevation: 1,
                                            tags: ['<image href=x onerror=alert(1)>']}, true);
        return {tags: [...layer.children].map(n => n.tagName),
                title: layer.querySelector('title').textContent,
                cls: layer.querySelector('rect').getAttribute('class'),
                handlers: [...layer.querySelectorAll('*')].some(n => n.hasAttribute('onclick'))};
    }""")
    assert drawn["tags"] == ["rect", "text", "path"]
    assert "tags <image href=x onerror=alert(1)>" in drawn["title"]
    assert drawn["cls"] == "cell faulty" and not drawn["handlers"]


def test_the_start_fits_a_phone(server: Server, page: Page) -> None:
    """On a 390 px phone the start card's long example and ruleset names do not widen the
    page past the screen (nothing to scroll sideways)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server.url}/build")
    page.wait_for_selector('#start-ruleset option[value="styles"]', state="attached")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_zones_to_scale_on_an_upper_floor(server: Server, page: Page, tmp_path: Path) -> None:
    """sitemaps, a map with two floors: a zone drawn in floor 1's panel is on floor 1, its
    corner dragged stays there, an opening joins it to a zone of floor 1 (not to the
    floor-0 zone under the same metres); the keyboard's cursor changes floor; zoomed on
    a phone's first look and from the zoom buttons, every click still lands."""
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: a floor a screen
    open_example(page, server, "sitemaps/warehouse-catwalks")
    svg = page.locator("#preview svg")
    assert svg.evaluate("s => s.style.width") == "300%"
    page.set_viewport_size({"width": 1400, "height": 1100})
    page.click('#preview-zoom [data-zoom="whole"]')
    assert svg.evaluate("s => s.style.width") == "100%"

    def at(x: float, y: float, floor: int = 1) -> tuple[float, float]:
        point = page.evaluate(TO_SCREEN, [x, y, floor])
        return point[0], point[1]

    zones = len(read_file(example_files()["sitemaps/warehouse-catwalks"]).data["map"]["zones"])
    page.check('input[name=tool][value="draw"]')
    page.mouse.click(*at(1, 4))
    page.mouse.click(*at(3, 3, floor=0))  # another floor's panel: refused, nothing added
    expect(page.locator("#editor-error")).to_contain_text("being drawn on floor 1")
    for corner in [(4, 4), (4, 7), (1, 7), (1, 4)]:
        page.mouse.click(*at(*corner))
    expect(page.locator(f'#map-form details[data-path="map.zones[{zones}]"]')).to_have_count(1)
    page.check('input[name=tool][value="vertex"]')
    page.mouse.move(*at(1, 4))
    page.mouse.down()
    page.mouse.move(*at(0, 4), steps=4)
    page.mouse.up()
    page.click('#preview-zoom [data-zoom="in"]')  # floor 1 is the right half: scroll there
    expect(page.locator("#editor-note")).to_contain_text("zoom ×1.5")
    page.locator("#preview").evaluate("host => { host.scrollLeft = host.scrollWidth; }")
    page.check('input[name=tool][value="opening"]')
    page.mouse.click(*at(2, 7))  # on the landing's wall (floor 1), over the loading bay
    page.mouse.click(*at(3, 7))
    expect(page.locator(".preview .opening-mark")).not_to_have_count(0)
    page.locator("#preview").focus()
    page.keyboard.press("PageDown")
    expect(page.locator("#editor-note")).to_have_text("the cursor is on floor 0")
    page.keyboard.press("PageDown")
    expect(page.locator("#editor-error")).to_have_text("floor 0 is the bottom floor drawn")
    data = saved_json(page, tmp_path)
    new = data["map"]["zones"][zones]
    assert new == {"id": f"zone-{zones + 1}", "floor": 1,
                   "polygon": [[0, 4], [4, 4], [4, 7], [1, 7]]}
    assert data["map"]["openings"][-1] == {"between": ["landing", new["id"]],
                                           "at": [[2, 7], [3, 7]]}
