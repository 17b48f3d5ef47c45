"""Benchmark of a player's refusals naming a hidden place against a made-up one (issue
24, item 6): "no measurable difference over 300 samples".

In process (FastAPI's test client over a temporary SQLite store), the tavern-brawl
example, the patrons' seat. Two situations:

- ``cook's turn``: the hidden cook's turn; Mira moves to the unrevealed ``kitchen`` or
  to a made-up ``kitcheq`` (both refused ``not_your_turn`` in the same words);
- ``mira's turn``: her own turn, a spot the hidden cook stands on (both refused as a
  move into an unknown zone).

The samples alternate (hidden, made-up, hidden, ...) so that both see the same load;
each is one whole request. Printed as Markdown: medians and quartiles in ms, the ratio
of the medians (hidden / made-up: the baseline, measured in the same run), the share
of pairs where the hidden one was slower (0.5: no difference) and that sign test's z
(|z| < 1.96: no difference at the 95% level; robust to the machine's load, which moves
both of a pair alike). Run
``python bench/bench_leaks.py`` (``--samples N``, default 300). Measured, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from footwork.server.app import create_app
from footwork.store import open_store


def _table(client: TestClient, cooks_turn: bool) -> tuple[str, dict[str, str]]:
    made = client.post("/api/tables", json={"example": "sitemaps/tavern-brawl"}).json()
    table = made["table"]["id"]
    keys = {s["seat"]: s["secret"] for s in made["seats"]}
    if cooks_turn:
        for i, actor in enumerate(("mira", "dov", "bruno")):
            client.post(f"/api/tables/{table}/commands",
                        headers={"Authorization": f"Bearer {keys['gm']}"},
                        json={"version": i, "command_id": f"g{i}",
                              "command": {"do": "end_turn", "actor": actor}})
    return table, keys


def _sample(client: TestClient, table: str, key: str, zone: str, n: int) -> float:
    version = client.get(f"/api/tables/{table}/state",
                         headers={"Authorization": f"Bearer {key}"}).json()["version"]
    body = {"version": version, "command_id": f"b{n}",
            "command": {"do": "move", "actor": "mira", "to": zone, "at": [3, 8]}}
    start = time.perf_counter()
    reply = client.post(f"/api/tables/{table}/commands",
                        headers={"Authorization": f"Bearer {key}"}, json=body)
    took = time.perf_counter() - start
    assert reply.status_code == 422, reply.text
    return took * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(str(Path(folder) / "bench.db"))
        client = TestClient(create_app(store, admin_secret="bench"))
        print("| situation | hidden kitchen ms (p25 / p50 / p75) | made-up ms (p25 / p50 / p75)"
              " | ratio of medians | hidden slower in | sign test z |")
        print("|---|---|---|---|---|---|")
        for name, cooks in (("cook's turn", True), ("mira's turn", False)):
            table, keys = _table(client, cooks)
            key = keys["side:patrons"]
            for n in range(20):  # warm up both paths
                _sample(client, table, key, ("kitchen", "kitcheq")[n % 2], n)
            hidden, made_up = [], []
            for n in range(args.samples):
                hidden.append(_sample(client, table, key, "kitchen", 2 * n))
                made_up.append(_sample(client, table, key, "kitcheq", 2 * n + 1))
            slower = sum(h > m for h, m in zip(hidden, made_up, strict=True)) / args.samples

            def q(xs: list[float]) -> str:
                a, b, c = statistics.quantiles(xs, n=4)
                return f"{a:.3f} / {b:.3f} / {c:.3f}"

            ratio = statistics.median(hidden) / statistics.median(made_up)
            z = (slower - 0.5) * args.samples / (args.samples / 4) ** 0.5
            print(f"| {name} | {q(hidden)} | {q(made_up)} | {ratio:.3f} | {slower:.0%} "
                  f"| {z:+.2f} |")
        store.close()


if __name__ == "__main__":
    main()
