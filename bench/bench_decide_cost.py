"""What deciding costs the library, command by command, for the games of the server's scale
load (issue 24 item 4: the p99 of `bench_server.py --only scale` is its costliest commands,
sitemaps rushes and long moves, queued behind each other).

The games are those of ``bench_server.py --only scale --games distinct``: 16 random games of
the tavern brawl (seeds 7..22), 50 commands each, each on a fresh session (as each table of
the load is a new table). Printed: CPU per command (mean, 99th percentile), and the mean
by kind (move, rush, answer, end_turn, act).

``--against DIR`` runs the same measure with another tree's ``src`` (an export of main)
in fresh processes taking turns with this tree's, ``--repeat`` each, and prints the
medians and the ratio this tree / that one: figures from the same run, never alone.
Measured, never asserted.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("rush", "move", "answer", "end_turn", "act")
#: the encounter of bench_server.py's loads
EXAMPLE = "sitemaps/tavern-brawl"


def measure() -> dict[str, float]:
    """One pass over the games, in this process (its ``footwork`` is whatever is
    imported: PYTHONPATH decides)."""
    from footwork.scenario import encounter_from_text
    from footwork.server.tables import EXAMPLES, initial_text

    # the games are made by this tree's footwork whatever tree is measured, written as
    # JSON by the parent: both trees decide exactly the same commands
    games = json.loads(os.environ["FOOTWORK_BENCH_GAMES"]) if \
        "FOOTWORK_BENCH_GAMES" in os.environ else _games()
    text = initial_text(EXAMPLES / f"{EXAMPLE}.yaml")
    sessions = [encounter_from_text(text).session() for _ in games]
    spent: dict[str, list[float]] = collections.defaultdict(list)
    every: list[float] = []
    for session, game in zip(sessions, games, strict=True):
        for command in game:
            start = time.process_time()
            session.do(command)
            cost = time.process_time() - start
            spent[str(command.get("do") or "answer")].append(cost)
            every.append(cost)
    every.sort()
    return {"mean": statistics.mean(every), "p99": every[int(0.99 * (len(every) - 1))],
            **{kind: statistics.mean(spent[kind]) for kind in KINDS if spent[kind]}}


def _games() -> list[list[dict[str, Any]]]:
    sys.path.insert(0, str(ROOT / "bench"))
    import bench_server as b

    assert b.EXAMPLE == EXAMPLE
    return [b.play(100, 0, seed=7 + n)[:50] for n in range(16)]


def _child(src: Path, games: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src), "FOOTWORK_BENCH_GAMES": games}
    done = subprocess.run([sys.executable, __file__, "--child"], env=env, check=True,
                          capture_output=True, text=True, cwd=ROOT)
    found: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, help="another tree (its src/ is used)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure()))
        return
    games = json.dumps(_games())
    sides = {"this": ROOT / "src"}
    if args.against is not None:
        sides["base"] = args.against.resolve() / "src"
    runs: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for turn in range(args.repeat):
        for side in (list(sides) if turn % 2 == 0 else list(sides)[::-1]):
            runs[side].append(_child(sides[side], games))
    print(f"load average after: {os.getloadavg()[0]:.2f}\n")
    keys = ["mean", "p99", *KINDS]
    print("| CPU per command (median of runs) | " + " | ".join(sides) +
          (" | this / base |" if "base" in sides else " |"))
    print("|---|" + "---:|" * (len(sides) + ("base" in sides)))
    for key in keys:
        cells = [statistics.median(r[key] for r in runs[side]) for side in sides]
        ratio = f" | {cells[0] / cells[1]:.2f}×" if len(cells) == 2 else ""
        print(f"| {key} | " + " | ".join(f"{c * 1e3:.3f} ms" for c in cells) + ratio + " |")


if __name__ == "__main__":
    main()
