"""What the turn's follow-ups cost (issue 21's follow-ups): the engine's check that the
turn's holder is still in the scene after each command, and the paths taken this turn
that the table server rebuilds from the log for a page opened mid-turn.

    python bench/bench_turn.py

- ``decide``: ``Engine.decide`` of an example's first few options (moves and the end of
  the turn) as wired, against the same with the check switched off (``_pass_if_out``
  answering nothing), interleaved in the same run; medians of 200 rounds, median of 3
  blocks each, and their ratio.
- ``paths``: ``footwork.engine.trails.turn_paths`` for the players' seat on an example
  played for 300 turns and a move: the first call in a turn (the state before the turn
  rebuilt from the whole log, then kept) and the next ones, against the players' state
  JSON without its log (``View.state_json``, which judges the log batch by batch), the
  baseline measured in the same run.
"""

from __future__ import annotations

import contextlib
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from footwork.engine.machine import Engine
from footwork.engine.trails import _STARTS, turn_paths
from footwork.scenario import load_encounter

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _median_of(run: Callable[[], float], blocks: int = 3) -> float:
    return statistics.median(run() for _ in range(blocks))


def bench_decide(name: str) -> tuple[float, float]:
    session = load_encounter(EXAMPLES / f"{name}.yaml").session()
    engine, state = session.engine, session.state
    found = session.options(state.current)
    commands = [o.command for o in [*[o for o in found if o.to][:5],
                                    *[o for o in found if not o.to][:1]]]
    wired = Engine._pass_if_out

    def timed(off: bool) -> float:
        if off:
            Engine._pass_if_out = lambda self, *args: ()  # type: ignore[method-assign]
        times = []
        try:
            for _ in range(200):
                for command in commands:
                    start = time.perf_counter()
                    # an option needing a roll it was not given is refused: timed too
                    with contextlib.suppress(Exception):
                        engine.decide(state, command)
                    times.append(time.perf_counter() - start)
        finally:
            Engine._pass_if_out = wired  # type: ignore[method-assign]
        return statistics.median(times)

    off, on = [], []
    for _ in range(3):
        off.append(timed(True))
        on.append(timed(False))
    return statistics.median(off), statistics.median(on)


def bench_paths(name: str) -> tuple[int, float, float, float]:
    session: Any = load_encounter(EXAMPLES / f"{name}.yaml").session()
    for _ in range(300):
        state = session.state
        if state.ended:
            break
        if state.pending is not None:
            session.do({"answer": state.pending.choices[-1]})
        else:
            session.do({"do": "end_turn", "actor": state.current})
    moves = [o for o in session.options(session.state.current) if o.to and not o.checks]
    if moves:
        session.do(moves[0].command)
    view = session.view("players")
    cold, warm, base = [], [], []
    for _ in range(20):
        _STARTS.clear()
        start = time.perf_counter()
        turn_paths(session, view)
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        turn_paths(session, view)
        warm.append(time.perf_counter() - start)
        start = time.perf_counter()
        view.state_json(session.state, session.initial, session.batches, log=False)
        base.append(time.perf_counter() - start)
    m = statistics.median
    return len(session.events), m(base), m(cold), m(warm)


def main() -> None:
    for name in ("allowances/lake-battle", "styles/ruined-tower", "sitemaps/river-crossing",
                 "spans/boarding-action", "cultivation/courtyard-duel"):
        off, on = bench_decide(name)
        print(f"decide {name}: {off * 1e6:.1f} µs without the check, {on * 1e6:.1f} µs "
              f"with it (ratio {on / off:.3f})")
    for name in ("allowances/lake-battle", "sitemaps/tavern-brawl"):
        events, base, cold, warm = bench_paths(name)
        print(f"paths {name} ({events} events): players' state JSON {base * 1e3:.2f} ms; "
              f"turn_paths first in a turn {cold * 1e3:.2f} ms ({cold / base:.2f}x), then "
              f"{warm * 1e3:.3f} ms ({warm / base:.4f}x)")


if __name__ == "__main__":
    main()
