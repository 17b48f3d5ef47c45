"""Benchmark of the battle-map page (issues 12 and 21): from a click on a token to its
reachable places shaded on screen, measured in the browser with performance marks,
against the way the page used to do it (a drawing with the places and every option's
JSON, read and parsed on each pick-up) and the server's options(), in the same run.

For each case (shipped examples, and a 64×64 allowances map with a 16 m mover: the
issue's target) the game master's page is opened in Debian's chromium (Playwright for
Python, headless) on a real uvicorn server (a thread, a temporary SQLite store). Each
repetition puts the token down, empties the server's options cache (so every pick-up
pays the search, as the first one after a move does), clicks the token of the character
whose turn it is, and reads the page's measure ``fw-pickup-to-reach``: from the click's
handler (mark ``fw-pickup``) to two animation frames after the shaded places are in the
document (``fw-reach-shown``), i.e. painted. The drawings the page fetches meanwhile are
counted (the target: none). The former way is replayed in the same page, cache emptied
the same way: ``GET /drawing?actor=`` and ``GET /options`` together, the SVG parsed and
imported, two animation frames. Beside them, in this process: ``engine.options(state,
actor)`` of the same state (what the server's search costs).

Run ``python bench/bench_web.py`` (``--repeat N``, ``--examples a/b c/d``, ``--size 64``).
Figures are printed as Markdown with the load average before and after. Measured, never
asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

from footwork.server.app import create_app
from footwork.server.tables import example_files, initial_text
from footwork.store import open_store

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ADMIN = "bench-admin"


def serve(db: Path) -> tuple[uvicorn.Server, Any, str]:
    store = open_store(str(db))
    app = create_app(store, admin_secret=ADMIN)
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", ws="websockets-sansio"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server, app, f"http://127.0.0.1:{port}"


def ms(seconds: float) -> float:
    return seconds * 1000


def in_process(live: Any, actor: str, repeat: int) -> float:
    """Median (ms) of the library's options(), a cold call each time."""
    engine, state = live.session.engine, live.session.state
    searches = []
    for _ in range(repeat):
        engine.forget()  # a cold call each time, as the page's first pick-up of a state
        start = time.perf_counter()
        engine.options(state, actor)
        searches.append(time.perf_counter() - start)
    return ms(statistics.median(searches))


#: the former pick-up, replayed in the page: the drawing with the places and every
#: option's JSON, the SVG parsed and imported, then two frames (painted)
FORMER = """async ([actor, key]) => {
  const base = location.pathname.replace(/^\\/t\\//, '/api/tables/');
  const headers = {Authorization: `Bearer ${key}`};
  const start = performance.now();
  const [svg, options] = await Promise.all([
    fetch(`${base}/drawing?actor=${encodeURIComponent(actor)}`, {headers}).then(r => r.text()),
    fetch(`${base}/options?actor=${encodeURIComponent(actor)}`, {headers}).then(r => r.json()),
  ]);
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const node = document.importNode(doc.documentElement, true);
  const shelf = document.createElement('div');
  shelf.style.cssText = 'position:fixed;left:0;top:0;width:600px;height:400px;opacity:0.01';
  shelf.append(node);
  document.body.append(shelf);
  node.querySelectorAll('[data-options]').forEach(e => e.classList.add('fw-reach'));
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const took = performance.now() - start;
  shelf.remove();
  return [took, options.length];
}"""


def former(page: Page, live: Any, actor: str, key: str, repeat: int) -> list[float]:
    """The former pick-up's durations (ms), each after the cache is emptied."""
    durations: list[float] = []
    for _ in range(repeat + 1):
        with live.lock:
            live.choices.clear()
        took, _count = page.evaluate(FORMER, [actor, key])
        durations.append(float(took))
    return durations[1:]


def pick_ups(page: Page, live: Any, actor: str, repeat: int, parts: list[list[float]]
             ) -> list[float]:
    """The pick-ups' durations (ms); ``parts`` gets each one's read, shading and frames."""
    token = page.locator(f'#map [data-actor="{actor}"]').first
    durations: list[float] = []
    for _ in range(repeat + 1):  # the first warms the page's code paths: not counted
        held = page.locator(f'.actor-button[data-actor="{actor}"][aria-pressed="true"]')
        if held.count():
            page.keyboard.press("Escape")
            held.wait_for(state="detached")
            page.wait_for_selector("#map .fw-held", state="detached")
        with live.lock:
            live.choices.clear()
        before = page.evaluate(COUNTS)
        token.click(timeout=10_000)
        # a pick-up ends in its measure, or in a mark that says why it has none (the
        # server refused, or the token was put down meanwhile): never wait 30 s for it
        page.wait_for_function(f"(() => {{ const n = {COUNTS}; const b = {before}; "
                               "return n[0] > b[0] || n[1] > b[1]; })()", timeout=10_000)
        after = page.evaluate(COUNTS)
        if after[1] > before[1]:
            status = page.locator("#status").inner_text()
            raise PlaywrightError(f"the pick-up of {actor} failed: {status or 'superseded'}")
        durations.append(page.evaluate(
            "performance.getEntriesByName('fw-pickup-to-reach').at(-1).duration"))
        parts.append(page.evaluate(PARTS))
    del parts[0]
    return durations[1:]


#: where a pick-up's time goes: the read (HTTP and the server's search), the shading put
#: in the document, the two frames until it is painted (ms)
PARTS = """(() => { const at = (n) => performance.getEntriesByName(n, 'mark').at(-1).startTime;
  return [at('fw-reach-read') - at('fw-pickup'), at('fw-reach-in-document') - at('fw-reach-read'),
          at('fw-reach-shown') - at('fw-reach-in-document')]; })()"""

#: one HTTP round trip of the page to the server (a small answer), in ms
ROUND_TRIP = """async () => { const t = performance.now();
  await (await fetch('/api/rulesets')).text(); return performance.now() - t; }"""


#: how many pick-ups the page measured, and how many ended without a measure
COUNTS = ("[performance.getEntriesByName('fw-pickup-to-reach').length, "
          "performance.getEntriesByName('fw-pickup-failed').length + "
          "performance.getEntriesByName('fw-pickup-superseded').length]")


def mover(live: Any) -> str:
    """The character to pick up: whose turn it is, else (no turn: the round has not
    opened, a decision is pending) the first of the order that has options."""
    state = live.session.to_json(log=False)
    if state["turn"]:
        return str(state["turn"])
    engine = live.session.engine
    for actor in state["order"]:
        if engine.options(live.session.state, actor):
            return str(actor)
    return str(state["order"][0])


#: frame intervals while a token is dragged with the ruler: a loop of animation frames
#: noting each frame's time, started before the drag and read after it
FRAMES_START = """() => { window.__frames = []; window.__framing = true;
  const tick = (t) => {
    window.__frames.push(t);
    if (window.__framing) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick); performance.clearMeasures('fw-ruler-frame'); }"""
FRAMES_STOP = """() => { window.__framing = false; const f = window.__frames;
  return [f.slice(1).map((t, i) => t - f[i]),
          performance.getEntriesByName('fw-ruler-frame').map((e) => e.duration)]; }"""


def drag_frames(page: Page, actor: str) -> tuple[float, float]:
    """p95 (ms) of the frame intervals and of the ruler's own work per frame while the
    held token is dragged across the map and back (then Escape: nothing moves)."""
    token = page.locator(f'#map [data-actor="{actor}"]').first.bounding_box()
    area = page.locator("#map").bounding_box()
    assert token is not None and area is not None
    x, y = token["x"] + token["width"] / 2, token["y"] + token["height"] / 2
    page.evaluate(FRAMES_START)
    page.mouse.move(x, y)
    page.mouse.down()
    for k in range(1, 121):  # a sweep out to the map's corners and back
        f = k / 60 if k <= 60 else (120 - k) / 60
        page.mouse.move(x + (area["x"] + 40 - x) * f, y + (area["y"] + area["height"] - 60 - y) * f)
    page.keyboard.press("Escape")
    page.mouse.up()
    intervals, work = page.evaluate(FRAMES_STOP)

    def p95(values: list[float]) -> float:
        return sorted(values)[int(0.95 * (len(values) - 1))] if values else float("nan")

    return p95(intervals), p95(work)


def big_map(size: int) -> str:
    """The issue's case: allowances on a size×size map, a 16 m mover (bench_latency's)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_allowances import ascii_rows, start_cell
    from bench_reach import make_map

    base = make_map(size, seed=size)
    start = start_cell(base)
    return json.dumps({
        "footwork": 1, "ruleset": "allowances", "seed": 1,
        "map": {"unit": "m", "cell_size": 1, "rows": ascii_rows(base),
                "legend": {".": {"surface": "floor"},
                           "#": {"surface": "wall", "elevation": 3},
                           "~": {"surface": "water", "water_depth": 2}}},
        "actors": [{"id": "a", "side": "x", "at": f"{start[0]},{start[1]}",
                    "stats": {"scores": {"Overland": 16, "Swim": 8, "Flight": 16},
                              "skills": {"Running": 50}}}]})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--examples", nargs="*", default=sorted(example_files()))
    parser.add_argument("--size", type=int, default=64, help="the big allowances map (0: none)")
    args = parser.parse_args()
    load_before = os.getloadavg()
    cases = [(name, initial_text(example_files()[name]), f"{name}.yaml")
             for name in args.examples]
    if args.size:
        cases.append((f"allowances {args.size}² (16 m)", big_map(args.size), "big.json"))
    rows = []
    splits: list[tuple[str, float, float, float, float, float]] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server, app, url = serve(Path(folder) / "bench.db")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        tables = app.state.tables
        for name, text, source in cases:
            print(name, file=sys.stderr, flush=True)
            record, secrets = tables.create(text, source=source)
            live = tables.live(record.id)
            actor = mover(live)
            # the bench's own probes are evaluated strings, which the server's CSP (no
            # eval) refuses: the measure is the page's, not the policy's
            page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
            drawings: list[Any] = []  # the page's requests during the pick-ups
            try:
                page.goto(f"{url}/t/{record.id}?key={secrets['gm']}")
                page.wait_for_selector(f'#map [data-actor="{actor}"]')
                page.on("request", lambda request, seen=drawings: seen.append(request))
                parts: list[list[float]] = []
                clicks = pick_ups(page, live, actor, args.repeat, parts)
                trips = statistics.median(page.evaluate(ROUND_TRIP) for _ in range(args.repeat))
                split = [statistics.median(p[i] for p in parts) for i in range(3)]
                fetched = sum("/drawing" in r.url for r in drawings)
                frames = drag_frames(page, actor)
                before = former(page, live, actor, secrets["gm"], args.repeat)
            except PlaywrightError as exc:  # reported, and the other examples still run
                print(f"{name}: {str(exc).splitlines()[0]}", file=sys.stderr)
                continue
            finally:
                page.close()
            search = in_process(live, actor, args.repeat)
            count = len(live.session.engine.options(live.session.state, actor))
            rows.append((name, actor, count, statistics.median(clicks), max(clicks),
                         statistics.median(before), search, fetched, *frames))
            splits.append((name, *split, trips, search))
        browser.close()
        server.should_exit = True
    load_after = os.getloadavg()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load average {load_before[0]:.2f} before, "
          f"{load_after[0]:.2f} after; {args.repeat} pick-ups per case (medians)\n")
    print("| case | actor | options | click → shaded (page) | worst | former way (same run) "
          "| options() (library) | page ÷ options() | drawings fetched on pick-up "
          "| drag: frame p95 | drag: ruler work p95 |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, actor, count, median, worst, before, search, fetched, frame, work in rows:
        print(f"| {name} | {actor} | {count} | {median:.1f} ms | {worst:.1f} ms | "
              f"{before:.1f} ms | {search:.2f} ms | {median / max(search, 1e-6):.1f}× | "
              f"{fetched} | {frame:.1f} ms | {work:.2f} ms |")
    medians = [r[3] for r in rows]
    print(f"\nmedian over the cases: {statistics.median(medians):.1f} ms; "
          f"slowest case: {max(medians):.1f} ms (target: ≤ 150 ms and ≤ 3× options() "
          "+ one HTTP round trip)")
    print("\nWhere a pick-up's time goes (medians): the read is the HTTP request and the "
          "server's search; the shading is the page putting it in the document; the frames "
          "are the two the measure waits for, until it is painted.\n")
    print("| case | read | shading | two frames (paint) | one HTTP round trip | options() "
          "| target: 3× options() + round trip |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, read, shading, frames, trip, search in splits:
        print(f"| {name} | {read:.1f} ms | {shading:.1f} ms | {frames:.1f} ms | {trip:.1f} ms "
              f"| {search:.2f} ms | {3 * search + trip:.1f} ms |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
