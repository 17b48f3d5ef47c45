"""Regenerate docs/import/*.png: a small synthetic Dungeondraft-like export (the tests'
two rooms, with a picture drawn here: no third-party art) imported for `styles`, drawn by
`footwork render` and photographed in chromium.

    PYTHONPATH=src python docs/import/make_screenshots.py

Needs Pillow (matplotlib's dependency, in the test extra) and /usr/bin/chromium.
"""

from __future__ import annotations

import base64
import io
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
from tests.importers.maps import (  # noqa: E402
    DOOR,
    HEIGHT,
    PILLAR,
    ROOM_WALLS,
    WIDTH,
    WINDOW,
    dumps,
    dungeondraft,
)

PPG = 64


def picture() -> bytes:
    img = Image.new("RGB", (WIDTH * PPG, HEIGHT * PPG), (92, 110, 84))  # grass
    d = ImageDraw.Draw(img)
    # floors: the rooms and the corridor, stone
    for box in ((1, 1, 5, 6), (7, 1, 11, 6), (5, 3, 7, 4)):
        d.rectangle([box[0] * PPG, box[1] * PPG, box[2] * PPG, box[3] * PPG],
                    fill=(196, 184, 160))
    d.polygon([(10 * PPG, 1 * PPG), (11 * PPG, 1 * PPG), (11 * PPG, 2 * PPG)],
              fill=(92, 110, 84))
    for x in range(WIDTH + 1):  # the map's own grid
        d.line([(x * PPG, 0), (x * PPG, HEIGHT * PPG)], fill=(60, 60, 60), width=1)
    for y in range(HEIGHT + 1):
        d.line([(0, y * PPG), (WIDTH * PPG, y * PPG)], fill=(60, 60, 60), width=1)
    for line in ROOM_WALLS:
        d.line([(x * PPG, y * PPG) for x, y in line], fill=(40, 30, 25), width=7)
    (ax, ay), (bx, by) = DOOR
    d.line([(ax * PPG, ay * PPG), (bx * PPG, by * PPG)], fill=(150, 90, 40), width=9)
    (ax, ay), (bx, by) = WINDOW
    d.line([(ax * PPG, ay * PPG), (bx * PPG, by * PPG)], fill=(120, 180, 220), width=5)
    d.ellipse([PILLAR[0][0] * PPG + 4, PILLAR[0][1] * PPG + 4, PILLAR[2][0] * PPG - 4,
               PILLAR[2][1] * PPG - 4], fill=(110, 105, 100))
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def main() -> None:
    doc = dungeondraft(base64.b64encode(picture()).decode())
    doc["resolution"]["pixels_per_grid"] = PPG
    shots = [("styles", '  - {id: ada, side: party, at: "3,4"}', "styles-two-rooms.png"),
             ("sitemaps", "  - {id: ada, side: party, at: room-1, stats: {point: [5, 5]}}",
              "sitemaps-two-rooms.png")]
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        folder = Path(tmp)
        (folder / "two-rooms.dd2vtt").write_bytes(dumps(doc))
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"])
        page = browser.new_page(viewport={"width": 900, "height": 800})
        for ruleset, who, shot in shots:
            out = folder / f"{ruleset}.yaml"
            subprocess.run(["footwork", "import", str(folder / "two-rooms.dd2vtt"), "-r",
                            ruleset, "-o", str(out)], check=True)
            # one character, to show its reach on the imported map
            out.write_text(out.read_text().replace("actors: []", "actors:\n" + who))
            svg_path = folder / f"{ruleset}.svg"
            subprocess.run(["footwork", "render", str(out), "-o", str(svg_path), "--actor",
                            "ada"], check=True)
            # inline, as the web page shows it (an <img> would not load the picture)
            svg = svg_path.read_text().split("?>", 1)[1]
            html = folder / f"{ruleset}.html"
            html.write_text(f"<!doctype html><body style='margin:0'>{svg}</body>")
            page.goto(html.as_uri())
            page.locator("svg").first.screenshot(path=str(HERE / shot))
        browser.close()

if __name__ == "__main__":
    main()
