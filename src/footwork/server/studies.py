"""``POST /api/tables/ID/studies``: a study of a table's current state, for its game master.

The table's commands so far become the steps (every roll written down, so they replay
as played); the policies then play ``rounds`` rounds, ``runs`` times, in the server's
process, bounded by the limits ``study_runs`` and ``study_rounds``, and cut short after
``study_seconds`` (the runs played by then are kept; ``complete`` is false). Only the built-in
policies are taken: a ``module:function`` hook would import and call code on the server.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from footwork import limits
from footwork.engine.seats import Seat
from footwork.server.tables import Tables
from footwork.simulate.executors import InProcess
from footwork.simulate.spec import StudyError, parse_vary


class StudyRequest(BaseModel):
    """What to study: how many runs, how many rounds after the table's state, by which
    policies; optionally one option or stat varied, and the plots as SVG."""

    model_config = ConfigDict(extra="forbid")

    runs: int = Field(ge=1, description="runs per value of vary (the limit study_runs bounds "
                      "runs times values)")
    rounds: int = Field(default=2, ge=0, description="rounds the policies play after the "
                        "table's state (limit study_rounds)")
    policy: list[str] = Field(default_factory=lambda: ["random"], max_length=64,
                              description="random, cautious or toward:PLACE, each maybe "
                              "prefixed ACTOR= or side:NAME=")
    seed: int | None = Field(default=None, ge=0, le=2 ** 63 - 1,
                             description="the study's seed (default: the table's)")
    vary: str | None = Field(default=None, max_length=400,
                             description="PATH=V1,V2: a ruleset option or "
                             "actors.ID.stats.NAME, one study per value")
    confidence: float = Field(default=0.95, gt=0.5, lt=1.0)
    plots: bool = Field(default=False, description="add the histogram and the map of "
                        "where actors ended, as SVG text")


def study_table(tables: Tables, table_id: str, seat: Seat, body: StudyRequest
                ) -> dict[str, Any]:
    """The study's figures (and plots) as JSON."""
    from footwork.simulate.study import study

    for spec in body.policy:
        kind = spec.partition("=")[2] if "=" in spec else spec
        if kind not in ("random", "cautious") and not kind.startswith("toward:"):
            raise StudyError(f"policy {spec!r}: the server plays random, cautious and "
                             "toward:PLACE only (a module:function hook would run code on "
                             "the server)")
    values = len(parse_vary(body.vary).values) if body.vary else 1
    limits.check("study_runs", body.runs * values, "runs")
    limits.check("study_rounds", body.rounds, "rounds")
    data, version = tables.played(table_id, seat)
    # one run a chunk, so the time budget cuts between runs; a cut study keeps the runs
    # it played, in order (values of vary are played one after another, so the last
    # ones may have fewer runs or none), and says so
    result = study(data, name=f"table {table_id}", runs=body.runs, rounds=body.rounds,
                   policy=body.policy, seed=body.seed, vary=body.vary,
                   confidence=body.confidence, chunk_size=1,
                   executor=InProcess(seconds=limits.current().study_seconds))
    plots = None
    if body.plots:
        from footwork.simulate.plots import svg_plots

        plots = svg_plots(result, title=f"table {table_id}")
    return {
        "table": table_id, "version": version, "runs": result.completed,
        "complete": not result.interrupted,
        "rounds": body.rounds, "seed": result.seed, "vary": result.vary,
        "variants": list(result.variants), "confidence": result.confidence,
        "intervals": {"proportion": "wilson", "mean": "normal"},
        "figures": [{k: _plain(v) for k, v in row.items()}
                    for row in result.summary.to_dict(orient="records")],
        "plots": plots,
    }


def _plain(value: Any) -> Any:
    """A figure's value as JSON: numpy numbers as Python's, NaN as null."""
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value
