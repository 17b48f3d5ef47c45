"""Benchmark of the battle-map page (issue 12, "Speed"): from a click on a token to its
reachable places on screen, measured in the browser with performance marks, beside the
server's options() for the same actor in the same run.

For each shipped example, the game master's page is opened in Debian's chromium
(Playwright for Python, headless) on a real uvicorn server (a thread, a temporary
SQLite store). Each repetition puts the token down, empties the server's options cache
(so every pick-up pays the search, as the first one after a move does), clicks the
token of the character whose turn it is, and reads the page's measure
``fw-pickup-to-reach``: from the click's handler (mark ``fw-pickup``) to two animation
frames after the shaded places are in the document (``fw-reach-shown``), i.e. painted.
Beside it, in the same process: ``engine.options(state, actor)`` of the same state
(what the server's search costs) and ``footwork.draw.render_svg`` with those options.

Run ``python bench/bench_web.py`` (``--repeat N``, ``--examples a/b c/d``). Figures are
printed as Markdown with the load average before and after. Measured, never asserted.
"""

from __future__ import annotations

import argparse
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

from footwork.draw import render_svg
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


def in_process(live: Any, actor: str, repeat: int) -> tuple[float, float]:
    """Medians (ms) of the library's options() and of the drawing with them."""
    engine, state = live.session.engine, live.session.state
    searches, drawings = [], []
    for _ in range(repeat):
        engine.forget()  # a cold call each time, as the page's first pick-up of a state
        start = time.perf_counter()
        engine.options(state, actor)
        searches.append(time.perf_counter() - start)
        start = time.perf_counter()
        render_svg(live.session, actor)
        drawings.append(time.perf_counter() - start)
    return ms(statistics.median(searches)), ms(statistics.median(drawings))


def pick_ups(page: Page, live: Any, actor: str, repeat: int) -> list[float]:
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
    return durations[1:]


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--examples", nargs="*", default=sorted(example_files()))
    args = parser.parse_args()
    load_before = os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server, app, url = serve(Path(folder) / "bench.db")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        tables = app.state.tables
        for name in args.examples:
            print(name, file=sys.stderr, flush=True)
            record, secrets = tables.create(initial_text(example_files()[name]),
                                            source=f"{name}.yaml")
            live = tables.live(record.id)
            actor = mover(live)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            try:
                page.goto(f"{url}/t/{record.id}?key={secrets['gm']}")
                page.wait_for_selector(f'#map [data-actor="{actor}"]')
                clicks = pick_ups(page, live, actor, args.repeat)
            except PlaywrightError as exc:  # reported, and the other examples still run
                print(f"{name}: {str(exc).splitlines()[0]}", file=sys.stderr)
                continue
            finally:
                page.close()
            search, drawing = in_process(live, actor, args.repeat)
            count = len(live.session.engine.options(live.session.state, actor))
            rows.append((name, actor, count, statistics.median(clicks), max(clicks),
                         search, drawing))
        browser.close()
        server.should_exit = True
    load_after = os.getloadavg()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load average {load_before[0]:.2f} before, "
          f"{load_after[0]:.2f} after; {args.repeat} pick-ups per example (medians)\n")
    print("| example | actor | options | click → places shown (browser) | worst | "
          "options() (library) | drawing (library) | page ÷ options() |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name, actor, count, median, worst, search, drawing in rows:
        print(f"| {name} | {actor} | {count} | {median:.1f} ms | {worst:.1f} ms | "
              f"{search:.2f} ms | {drawing:.2f} ms | {median / max(search, 1e-6):.1f}× |")
    medians = [r[3] for r in rows]
    print(f"\nmedian over the examples: {statistics.median(medians):.1f} ms; "
          f"slowest example: {max(medians):.1f} ms (target: under 150 ms)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
