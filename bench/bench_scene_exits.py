"""What the engine's look before folding a command's events once more costs (s30, item 4):
``Engine._pass_if_out`` folds a command's events to see whether the turn's holder left the
scene; ``Engine._may_leave`` first looks at the events' types against the ruleset's
declared ``scene_exits`` and skips the fold when none can have left anybody out.

    python bench/bench_scene_exits.py

For an example of each ruleset, ``Engine.decide`` of the current actor's first five moves
and the end of its turn, three ways interleaved in the same run: the **base** (the fold
after every command, as before: ``_may_leave`` answering yes), **as wired** (the look,
then the fold only when needed), and **none** (``_pass_if_out`` answering nothing: the
floor). Medians of 200 rounds, median of 5 blocks each; ratios against the base.
"""

from __future__ import annotations

import contextlib
import statistics
import time
from pathlib import Path
from typing import Any

from footwork.engine.machine import Engine
from footwork.scenario import load_encounter

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
NAMES = ("cultivation/courtyard-duel", "spans/boarding-action", "allowances/lake-battle",
         "styles/ruined-tower", "sitemaps/river-crossing")


def bench(name: str, rounds: int = 200, blocks: int = 5) -> dict[str, float]:
    session = load_encounter(EXAMPLES / f"{name}.yaml").session()
    engine, state = session.engine, session.state
    found = session.options(state.current)
    commands = [o.command for o in [*[o for o in found if o.to][:5],
                                    *[o for o in found if not o.to][:1]]]
    wired_look, wired_pass = Engine._may_leave, Engine._pass_if_out
    ways: dict[str, Any] = {
        "base": lambda: setattr(Engine, "_may_leave", lambda self, *a: True),
        "wired": lambda: None,
        "none": lambda: setattr(Engine, "_pass_if_out", lambda self, *a: ()),
    }
    medians: dict[str, list[float]] = {way: [] for way in ways}
    for _ in range(blocks):
        for way, switch in ways.items():
            switch()
            times = []
            try:
                for _ in range(rounds):
                    for command in commands:
                        start = time.perf_counter()
                        # an option needing a roll it was not given is refused: timed too
                        with contextlib.suppress(Exception):
                            engine.decide(state, command)
                        times.append(time.perf_counter() - start)
            finally:
                Engine._may_leave = wired_look  # type: ignore[method-assign]
                Engine._pass_if_out = wired_pass  # type: ignore[method-assign]
            medians[way].append(statistics.median(times))
    return {way: statistics.median(values) for way, values in medians.items()}


def main() -> None:
    for name in NAMES:
        got = bench(name)
        base = got["base"]
        print(f"{name}: base {base * 1e6:.1f} µs, as wired {got['wired'] * 1e6:.1f} µs "
              f"({got['wired'] / base:.3f}x base), none {got['none'] * 1e6:.1f} µs "
              f"({got['none'] / base:.3f}x base)")


if __name__ == "__main__":
    main()
