"""Regenerate docs/import/table-import-*.png: the synthetic two-room map imported through
POST /api/import, opened as a table, its page photographed in chromium (the picture is
served at /api/pictures/<sha256> and drawn under the map).

    PYTHONPATH=src python docs/import/make_table_screenshots.py
"""

from __future__ import annotations

import base64
import json
import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))
from make_screenshots import PPG, picture  # noqa: E402
from tests.importers.maps import dumps, dungeondraft  # noqa: E402
from tests.web.conftest import ARGS, Server, open_table  # noqa: E402

SHOTS = [
    ("styles", {"id": "ada", "side": "party", "at": "3,4"}, "table-import-styles.png"),
    ("sitemaps", {"id": "ada", "side": "party", "at": "room-1", "stats": {"point": [5, 5]}},
     "table-import-sitemaps.png"),
]


def main() -> None:
    server = Server(Path(tempfile.mkdtemp()) / "t.db")
    doc = dungeondraft(base64.b64encode(picture()).decode())
    doc["resolution"]["pixels_per_grid"] = PPG
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for ruleset, actor, shot in SHOTS:
            answer = httpx.post(f"{server.url}/api/import", content=dumps(doc), timeout=60,
                                params={"ruleset": ruleset, "name": "two-rooms.dd2vtt"}).json()
            encounter = dict(answer["encounter"], actors=[actor])
            made = httpx.post(f"{server.url}/api/tables", timeout=60, json={
                "encounter": json.dumps(encounter), "format": "json"}).json()
            link = made["seats"][0]["link"]
            page = browser.new_page(viewport={"width": 1100, "height": 800})
            open_table(page, server.url + link if link.startswith("/") else link)
            page.wait_for_timeout(800)
            page.screenshot(path=str(HERE / shot))
            page.close()
        browser.close()
    server.close()


if __name__ == "__main__":
    main()
