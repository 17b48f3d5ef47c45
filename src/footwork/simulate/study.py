"""``study(...)``: N seeded runs of an encounter, per variant, merged in run order.

Stages: parse (the policies and ``vary``), plan (one :class:`Plan` per variant, each
built once here so that a bad place or hook is refused before any run), play (chunks
of runs on an executor), then evaluate (a pandas table and its figures).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from footwork.errors import ScenarioError
from footwork.scenario.source import Source, read_file
from footwork.simulate.executors import Chunk, Executor, executor_for
from footwork.simulate.records import CHECK, COLUMNS
from footwork.simulate.runner import Plan, prepare
from footwork.simulate.spec import (
    StudyError,
    Vary,
    parse_policies,
    parse_vary,
    run_seed,
    varied,
)
from footwork.simulate.summary import Figure, figures

if TYPE_CHECKING:
    import pandas as pd

#: what to install for studies (pandas for the tables; dask and matplotlib beside it)
EXTRA = "pip install 'footwork[simulate]'"


def need_pandas() -> Any:
    """pandas, or a one-line :class:`StudyError` naming the extra to install."""
    try:
        import pandas
    except ImportError:
        raise StudyError(f"studies need the simulate extra: {EXTRA}") from None
    return pandas


@dataclass(frozen=True)
class StudyResult:
    """What a study found: ``runs`` has one row per (variant, run, actor) in run order
    (:data:`footwork.simulate.records.COLUMNS`, then a ``check:OUTCOME`` count per
    outcome); ``summary`` one row per figure with its confidence interval."""

    runs: pd.DataFrame
    summary: pd.DataFrame
    requested: int
    completed: int
    interrupted: bool
    executor: str
    seed: int
    variants: tuple[str, ...]
    vary: str | None
    confidence: float
    #: the map as plain data (the ruleset's ``space_json``), for the plots
    space: Mapping[str, Any]

    def figure(self, actor: str, measure: str, variant: str = "") -> Figure:
        """One figure (``reached``, ``damage``, ``end=PLACE``, ``check:success``...)."""
        hit = self.summary[(self.summary["actor"] == actor) &
                           (self.summary["measure"] == measure) &
                           (self.summary["variant"] == variant)]
        if hit.empty:
            raise StudyError(f"no figure {measure!r} for actor {actor!r} in variant "
                             f"{variant!r}")
        row = hit.iloc[0]
        return Figure(variant, actor, measure, str(row["kind"]), float(row["value"]),
                      float(row["low"]), float(row["high"]), int(row["n"]))


def study(encounter: str | Path | Mapping[str, Any], *, runs: int, rounds: int = 2,
          policy: str | Sequence[str] = "random", seed: int | None = None,
          vary: str | Vary | None = None, workers: int | None = None,
          scheduler: str | None = None, executor: Executor | None = None,
          confidence: float = 0.95, chunk_size: int | None = None,
          progress: Callable[[int], None] | None = None, name: str | None = None,
          steps: int | None = None) -> StudyResult:
    """Play ``runs`` runs of ``encounter`` (a file path, or its data) and collect them.

    Each run plays the file's steps (the dice they do not supply rolled from the run's
    seed), then ``rounds`` more rounds in which every actor chooses by its ``policy``
    (``"random"``, ``"cautious"``, ``"toward:PLACE"``, ``"module:function"``; a list
    may give ``ACTOR=SPEC`` and ``side:NAME=SPEC``). Run ``i`` is seeded
    ``run_seed(seed, i)`` (``seed`` defaults to the file's), whichever executor plays
    it: in-process, a process pool (``workers``), dask (``scheduler``: an address or
    ``"local"``). ``vary`` (``"PATH=V1,V2"``) repeats the study per value, the same
    seeds for every value. ``progress(k)`` is called as k more runs finish; Ctrl+C
    keeps the runs that finished (``interrupted``). ``steps`` plays only the file's first
    N steps (0: the policies play from the start)."""
    pandas = need_pandas()
    source = _source(encounter, name)
    if not isinstance(runs, int) or isinstance(runs, bool) or runs < 1:
        raise StudyError(f"--runs: expected a whole number of at least 1, got {runs!r}")
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
        raise StudyError(f"--rounds: expected a whole number of at least 0, got {rounds!r}")
    if not 0 < confidence < 1:
        raise StudyError(f"confidence: expected a number between 0 and 1, got {confidence}")
    if steps is not None and (not isinstance(steps, int) or isinstance(steps, bool)
                              or steps < 0):
        raise StudyError(f"--steps: expected a whole number of at least 0, got {steps!r}")
    rules = parse_policies([policy] if isinstance(policy, str) else list(policy))
    if not isinstance(source.data, Mapping):  # an empty file, a list: one line, no traceback
        raise source.error("expected a mapping with footwork, ruleset, map and actors")
    data = dict(source.data)
    base_seed = seed if seed is not None else int(data.get("seed") or 0)
    varying = parse_vary(vary) if isinstance(vary, str) else vary
    plans = _plans(source, data, rules, rounds, varying, steps)
    seeds = tuple((i, run_seed(base_seed, i)) for i in range(runs))
    chosen = executor or executor_for(workers, scheduler)
    size = chunk_size or _chunk_size(runs, getattr(chosen, "workers", 1))
    chunks = [Chunk(plan, seeds[at:at + size]) for plan in plans
              for at in range(0, runs, size)]
    played = chosen.play(chunks, progress or (lambda _: None))
    rows = [row for result in played.results if result is not None
            for run in result for row in run]
    completed = sum(len(c.runs) for c, r in zip(chunks, played.results, strict=True)
                    if r is not None)
    table = _table(pandas, rows)
    summary = pandas.DataFrame([_fig(f) for f in figures(rows, confidence)],
                               columns=["variant", "actor", "measure", "kind", "value",
                                        "low", "high", "n"])
    return StudyResult(table, summary, runs * len(plans), completed, played.interrupted,
                       chosen.name, base_seed, tuple(p.variant for p in plans),
                       None if varying is None else varying.name, confidence,
                       _space(plans[0]))


def _space(plan: Plan) -> Mapping[str, Any]:
    encounter = prepare(plan).encounter
    return dict(encounter.ruleset.space_json(encounter.initial.space))


def _fig(f: Figure) -> dict[str, Any]:
    return {"variant": f.variant, "actor": f.actor, "measure": f.measure, "kind": f.kind,
            "value": f.value, "low": f.low, "high": f.high, "n": f.n}


def _source(encounter: str | Path | Mapping[str, Any], name: str | None) -> Source:
    if isinstance(encounter, Mapping):
        return Source(name or "<data>", dict(encounter))
    return read_file(encounter)


def _plans(source: Source, data: dict[str, Any], rules: Any, rounds: int,
           vary: Vary | None, steps: int | None) -> list[Plan]:
    if not isinstance(data, dict):
        raise ScenarioError("expected a mapping with footwork, ruleset, map and actors",
                            file=source.name)
    if vary is None:
        variants: list[tuple[str, dict[str, Any]]] = [("", data)]
    else:
        variants = [(f"{vary.name}={_shown(v)}", varied(data, vary, v))
                    for v in vary.values]
    plans = []
    for label, body in variants:
        plan = Plan(body, source.name, rules, rounds, label, steps)
        try:
            prepare(plan)  # refuses a bad place, hook or varied value before any run
        except ScenarioError as exc:
            if not label:
                raise
            raise StudyError(f"--vary {label}: {exc}") from None
        plans.append(plan)
    count = len(prepare(plans[0]).encounter.steps)
    if steps is not None and steps > count:
        raise StudyError(f"--steps {steps}: {source.name} has {count} step"
                         f"{'' if count == 1 else 's'}; give at most --steps {count}")
    return plans


def _shown(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def _chunk_size(runs: int, workers: int | None) -> int:
    """Enough chunks to keep every worker busy (four each) and to show progress, few
    enough that sending them costs little."""
    return max(1, min(50, math.ceil(runs / (4 * max(1, workers or 1)))))


def _table(pandas: Any, rows: list[dict[str, Any]]) -> pd.DataFrame:
    checks = sorted({k for r in rows for k in r if k.startswith(CHECK)})
    frame: pd.DataFrame = pandas.DataFrame(rows, columns=[*COLUMNS, *checks])
    for column in checks:
        frame[column] = frame[column].fillna(0).astype("int64")
    return frame
