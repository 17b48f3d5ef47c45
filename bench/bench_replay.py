"""Benchmark of replay: folding a recorded game's events into its initial state.

Run ``python bench/bench_replay.py`` (``--quick`` for a smoke run). The game is the
scripted `spans` game of ``bench_spans.py`` (500 spans, 6 actors, every roll supplied).
The baseline, measured in the same run on the same events, is the fold as it was
before issue 14 item 7: the ruleset builds the next state and the engine then copies
it once more to bump its version (two states per event), every copy through the
dataclass's ``__init__`` (``fast_replace`` before it learnt to fill frozen dataclasses
in directly). Medians and interquartile
ranges; measured, never asserted.
"""

from __future__ import annotations

import argparse
import gc
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_spans import Timing, fmt_time, load, script, span_map
from footwork.engine import Engine, State
from footwork.engine import state as state_module
from footwork.engine.events import (
    DecisionMade,
    DecisionRequested,
    EncounterEnded,
    Event,
    RoundStarted,
    TurnStarted,
)
from footwork.engine.state import Pending, fast_replace


def evolve_two_states(engine: Engine[Any], state: State[Any], event: Event) -> State[Any]:
    """The fold before item 7 (the engine's part, the ruleset's, then a copy with the
    new version): the baseline."""
    if isinstance(event, TurnStarted):
        state = fast_replace(state, turn=state.order.index(event.actor))
    elif isinstance(event, RoundStarted):
        state = fast_replace(state, round=event.round)
    elif isinstance(event, EncounterEnded):
        state = fast_replace(state, ended=True)
    elif isinstance(event, DecisionRequested):
        state = fast_replace(state, pending=Pending(
            actor=event.actor, kind=event.kind, choices=event.choices, prompt=event.prompt,
            context=event.context, rules=event.rules))
    elif isinstance(event, DecisionMade):
        state = fast_replace(state, pending=None)
    state = engine.ruleset.evolve(state, event)
    return fast_replace(state, version=state.version + 1)


def via_init(cls: type) -> Callable[..., Any]:
    """``fast_replace``'s replacer for ``cls`` as it was: one keyword call of ``cls``."""
    names = [f.name for f in fields(cls) if f.init]
    params = ", ".join(f"{n}=_M" for n in names)
    args = ", ".join(f"{n}=o.{n} if {n} is _M else {n}" for n in names)
    namespace: dict[str, Any] = {"_C": cls, "_M": state_module._MISSING}
    exec(f"def _replace(o, {params}):\n    return _C({args})", namespace)
    replacer: Callable[..., Any] = namespace["_replace"]
    return replacer


def replay_two_states(engine: Engine[Any], state: State[Any], events: list[Event]
                      ) -> State[Any]:
    """The baseline fold, with the replacers of before (``fast_replace`` reads its
    table of replacers at every call: it is swapped for the old one meanwhile)."""
    now = state_module._REPLACERS
    state_module._REPLACERS = {cls: via_init(cls) for cls in now}
    try:
        for event in events:
            if type(event) not in engine._event_types:  # the same check evolve makes
                raise ValueError(event)
            state = evolve_two_states(engine, state, event)
    finally:
        state_module._REPLACERS = now
    return state


def interleaved(fns: list[Callable[[], object]], repeat: int) -> list[Timing]:
    """One sample of each of ``fns`` in turn, ``repeat`` times (the collector paused):
    a shared, noisy machine slows them alike."""
    for fn in fns:
        fn()
    samples: list[list[float]] = [[] for _ in fns]
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            for fn, out in zip(fns, samples, strict=True):
                start = time.perf_counter()
                fn()
                out.append(time.perf_counter() - start)
    finally:
        gc.enable()
    return [Timing(s) for s in samples]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    wanted = 2_000 if args.quick else 10_000
    repeat = 5 if args.quick else 21
    engine, initial = load(span_map(500))
    _, events = script(engine, initial, events_wanted=wanted)
    events = events[:wanted]
    new = engine.replay(initial, events)
    assert new == replay_two_states(engine, initial, events), "replay changed"
    now, before = interleaved([lambda: engine.replay(initial, events),
                               lambda: replay_two_states(engine, initial, events)], repeat)
    n = len(events)
    print(f"machine: Python {platform.python_version()}, {platform.machine()}; "
          f"{n:,} events, {repeat} samples each, interleaved in one run\n")
    print("| fold | median | IQR | events/s |")
    print("|---|---:|---:|---:|")
    for label, t in (("one state per event, filled in directly (Engine.replay)", now),
                     ("baseline: two states per event, through __init__", before)):
        print(f"| {label} | {fmt_time(t.median)} | {fmt_time(t.iqr)} | "
              f"{n / t.median:,.0f} |")
    print(f"\nspeed-up: {before.median / now.median:.2f}×")


if __name__ == "__main__":
    main()
