"""Benchmark of replay: folding a recorded game's events into its initial state.

Two parts. **From values** (issue 14 item 7): the events as values. **From JSON**
(issue 25): the log as the store keeps it, one JSON text per command holding its
events; each text is parsed (``json.loads``), its events decoded into their types
(``event_from_json``, trusted: no validation) and folded (``Engine.replay``). Its
baselines, in the same run on the same texts: the same decode folded without the
replay's private working copy (every ``update_actor`` copying the actor, the dict and
the state), the decode and fold of before issue 25 (the generic ``from_jsonable``, one
``evolve`` per event), and a minimal fold that only parses each text and keeps where
each actor stands (what nothing faster could avoid). The last line says whether issue
25's target (150,000 events/s) is met.

Run ``python bench/bench_replay.py`` (``--quick`` for a smoke run, ``--cpu`` to time the
process's CPU time instead of the wall clock, on a machine others load). The game is the
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
import json
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
from footwork.engine.codec import _tuple_fields
from footwork.engine.events import (
    DecisionMade,
    DecisionRequested,
    EncounterEnded,
    Event,
    RoundStarted,
    TurnStarted,
    event_from_json,
    event_to_json,
)
from footwork.engine.gm import evolve_gm
from footwork.engine.machine import _CORE, _GM, _RULESET, _engine_part
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


def replay_copying(engine: Engine[Any], state: State[Any], events: Any) -> State[Any]:
    """``Engine.replay`` before its private working copy (issue 25, second pass): the
    version stamped once, but every ``update_actor`` copies the actor, the actors' dict
    and the state (a plain dict: ``update_actor``'s pure path)."""
    routes, fold, start, count = engine._routes, engine.ruleset.evolve, state.version, 0
    for event in events:
        route = routes.get(type(event))
        if route is _RULESET:
            state = fold(state, event)
        elif route is _CORE:
            state = fold(_engine_part(state, event, None), event)
        elif route is _GM:
            state = evolve_gm(state, event)
        else:
            raise ValueError(event)
        count += 1
    return fast_replace(state, version=start + count) if count else state


def old_from_jsonable(cls: type, data: dict[str, Any]) -> Any:
    """``from_jsonable`` before issue 25: the known fields looked up and the keyword
    call of the class for every event."""
    tuples = _tuple_fields(cls)
    known = {f.name for f in fields(cls)}
    kwargs = {k: (_old_deep_tuple(v) if k in tuples and v is not None else v)
              for k, v in data.items() if k in known}
    return cls(**kwargs)


def _old_deep_tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_old_deep_tuple(v) for v in value)
    return value


def stored_log(engine: Engine[Any], initial: State[Any], commands: list[Any],
               wanted: int) -> list[str]:
    """The game's log as the store keeps it: one JSON text per command, its events in
    a list, until ``wanted`` events."""
    texts: list[str] = []
    state, count = initial, 0
    for command in commands:
        state, events = engine.apply(state, command)
        texts.append(json.dumps([event_to_json(e) for e in events], separators=(",", ":")))
        count += len(events)
        if count >= wanted:
            break
    return texts


def interleaved(fns: list[Callable[[], object]], repeat: int,
                clock: Callable[[], float] = time.perf_counter) -> list[Timing]:
    """One sample of each of ``fns`` in turn, ``repeat`` times (the collector paused):
    a shared, noisy machine slows them alike. ``clock``: wall clock, or the process's
    CPU time (``--cpu``), which other processes on a loaded machine disturb far less."""
    for fn in fns:
        fn()
    samples: list[list[float]] = [[] for _ in fns]
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            for fn, out in zip(fns, samples, strict=True):
                start = clock()
                fn()
                out.append(clock() - start)
    finally:
        gc.enable()
    return [Timing(s) for s in samples]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--cpu", action="store_true",
                        help="time CPU time of the process (time.process_time), not wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    wanted = 2_000 if args.quick else 10_000
    repeat = 5 if args.quick else 21
    engine, initial = load(span_map(500))
    commands, events = script(engine, initial, events_wanted=wanted)
    events = events[:wanted]
    new = engine.replay(initial, events)
    assert new == replay_two_states(engine, initial, events), "replay changed"
    now, before = interleaved([lambda: engine.replay(initial, events),
                               lambda: replay_two_states(engine, initial, events)], repeat,
                              clock)
    n = len(events)
    print(f"machine: Python {platform.python_version()}, {platform.machine()}; "
          f"{n:,} events, {repeat} samples each, interleaved in one run; "
          f"{'CPU time' if args.cpu else 'wall clock'}\n")
    print("| fold | median | IQR | events/s |")
    print("|---|---:|---:|---:|")
    for label, t in (("one state per event, filled in directly (Engine.replay)", now),
                     ("baseline: two states per event, through __init__", before)):
        print(f"| {label} | {fmt_time(t.median)} | {fmt_time(t.iqr)} | "
              f"{n / t.median:,.0f} |")
    print(f"\nspeed-up: {before.median / now.median:.2f}×")
    from_json(engine, initial, commands, wanted, repeat, clock)


#: issue 25's target for a replay from JSON
TARGET = 150_000


def from_json(engine: Engine[Any], initial: State[Any], commands: list[Any], wanted: int,
              repeat: int, clock: Callable[[], float]) -> None:
    texts = stored_log(engine, initial, commands, wanted)
    kinds = engine.event_kinds

    def now() -> State[Any]:
        return engine.replay(initial, (event_from_json(d, kinds)
                                       for text in texts for d in json.loads(text)))

    def copying() -> State[Any]:
        return replay_copying(engine, initial, (event_from_json(d, kinds)
                                                for text in texts for d in json.loads(text)))

    def before() -> State[Any]:
        state = initial
        evolve = engine.evolve
        for text in texts:
            for d in json.loads(text):
                state = evolve(state, old_from_jsonable(kinds[d["event"]], d))
        return state

    def minimal() -> dict[str, str]:
        at: dict[str, str] = {}
        for text in texts:
            for d in json.loads(text):
                if "to" in d and "actor" in d:
                    at[d["actor"]] = d["to"]
        return at

    def parse_only() -> int:
        return sum(len(json.loads(text)) for text in texts)

    def decode_only() -> int:
        return len([event_from_json(d, kinds) for text in texts for d in json.loads(text)])

    n = parse_only()
    assert now() == before() == copying(), "replay from JSON changed"
    t_now, t_copying, t_before, t_min, t_parse, t_decode = interleaved(
        [now, copying, before, minimal, parse_only, decode_only], repeat, clock)
    print(f"\nfrom JSON: {n:,} events in {len(texts):,} stored texts (one per command), "
          f"{repeat} samples each, interleaved\n")
    print("| replay from JSON | median | IQR | events/s | vs now |")
    print("|---|---:|---:|---:|---:|")
    for label, t in (("now: decoded into the event types, folded by Engine.replay", t_now),
                     ("baseline: the same, every update copying (no working copy)",
                      t_copying),
                     ("before issue 25: generic decode, one evolve per event", t_before),
                     ("minimal fold: json.loads, where each actor stands", t_min),
                     ("  json.loads alone", t_parse),
                     ("  json.loads + event_from_json (no fold)", t_decode)):
        print(f"| {label} | {fmt_time(t.median)} | {fmt_time(t.iqr)} | "
              f"{n / t.median:,.0f} | {t.median / t_now.median:.2f}× |")
    rate = n / t_now.median
    print(f"\ntarget ≥ {TARGET:,} events/s: {rate:,.0f} "
          f"({'met' if rate >= TARGET else 'missed'}; "
          f"{'CPU time' if clock is time.process_time else 'wall clock'})")


if __name__ == "__main__":
    main()
