"""`footwork simulate`: a study's presentation in the terminal and its files.

The study itself is :func:`footwork.simulate.study`; this module only checks the
outputs asked for, shows progress, prints the figures side by side (one column per
--vary value) and writes the table (CSV or Parquet) and the plots.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from footwork.simulate.spec import StudyError, parse_vary
from footwork.simulate.study import StudyResult, need_pandas, study

#: a study of at least this many runs shows a progress bar
PROGRESS_FROM = 100
#: the places listed per actor in the terminal (the table and --out have them all)
ENDS_SHOWN = 4
OUT_SUFFIXES = (".csv", ".parquet")


def check_out(path: Path | None) -> None:
    """Refuse an --out the study could not write, before any run."""
    if path is None:
        return
    if path.suffix.lower() not in OUT_SUFFIXES:
        raise StudyError(f"--out {path}: expected a .csv or .parquet file")
    if path.suffix.lower() == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise StudyError("--out .parquet needs pyarrow, in the simulate extra: "
                             "pip install 'footwork[simulate]'") from None
    if not path.parent.is_dir():
        raise StudyError(f"--out {path}: no folder {path.parent}")


def check_plot(folder: Path | None) -> None:
    """Refuse a --plot that is not a folder (or one to make), before any run."""
    if folder is not None and folder.exists() and not folder.is_dir():
        raise StudyError(f"--plot {folder}: expected a folder for the plots, not a file")


def run(file: Path, *, runs: int, rounds: int, policy: Sequence[str], seed: int | None,
        vary: str | None, workers: int | None, scheduler: str | None, out_path: Path | None,
        plot: Path | None, confidence: float, out: Console, err: Console,
        steps: int | None = None) -> int:
    """Play the study and present it; the exit code (130 when Ctrl+C cut it short)."""
    need_pandas()
    check_out(out_path)
    check_plot(plot)
    variants = len(parse_vary(vary).values) if vary else 1
    total = runs * variants
    args: dict[str, Any] = {"runs": runs, "rounds": rounds, "policy": list(policy) or "random",
                            "seed": seed, "vary": vary, "workers": workers,
                            "scheduler": scheduler, "confidence": confidence, "steps": steps}
    if total >= PROGRESS_FROM:
        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeRemainingColumn(), console=err,
                      transient=True) as bar:
            task = bar.add_task("runs", total=total)
            result = study(file, progress=lambda k: bar.advance(task, k), **args)
    else:
        result = study(file, **args)
    present(result, file, rounds, out, steps)
    if result.interrupted:
        err.print(f"interrupted: {result.completed} of {result.requested} runs finished; "
                  "the figures and files are theirs", markup=False)
    if out_path is not None:
        for written in write_table(result, out_path):
            err.print(f"wrote {written}", markup=False)
    if plot is not None:
        from footwork.simulate.plots import write_plots

        for written in write_plots(result, plot, title=file.stem):
            err.print(f"wrote {written}", markup=False)
    return 130 if result.interrupted else 0


def write_table(result: StudyResult, path: Path) -> list[Path]:
    """The runs to ``path`` and the figures beside it (``NAME.summary.csv``)."""
    summary = path.with_name(f"{path.stem}.summary{path.suffix}")
    for frame, where in ((result.runs, path), (result.summary, summary)):
        if path.suffix.lower() == ".parquet":
            frame.to_parquet(where, index=False)
        else:
            frame.to_csv(where, index=False)
    return [path, summary]


def shown(kind: str, value: float, low: float, high: float) -> str:
    """``46% [37–55%]`` for a proportion, ``2.13 [1.95–2.31]`` for a mean."""
    if math.isnan(value):
        return "–"
    if kind == "proportion":
        return f"{value:.0%} [{low:.0%}–{high:.0%}]"
    return f"{value:.2f} [{low:.2f}–{high:.2f}]"


def present(result: StudyResult, file: Path, rounds: int, out: Console,
            steps: int | None = None) -> None:
    variants = list(result.variants)
    after = ("the steps" if steps is None else "the start" if steps == 0
             else f"{steps} step(s)")
    out.print(Text(
        f"{file.name}: {result.completed} runs of {rounds} round(s) after {after}, seed "
        f"{result.seed} ({result.executor}); {result.confidence:.0%} intervals: Wilson for "
        f"shares, normal for means"))
    table = Table(title=Text(f"--vary {result.vary}") if result.vary else None)
    table.add_column("actor")
    table.add_column("measure")
    for variant in variants:  # the varied path is the title: each column shows its value
        table.add_column(Text(variant.partition("=")[2] or "value"), justify="right")
    summary = result.summary
    for actor in dict.fromkeys(summary["actor"]):
        mine = summary[summary.actor == actor]
        measures = list(dict.fromkeys(mine["measure"]))
        ends = [m for m in measures if m.startswith("end=")]
        kept = [m for m in measures if not m.startswith("end=") or m in ends[:ENDS_SHOWN]]
        for i, measure in enumerate(kept):
            cells = []
            for variant in variants:
                hit = mine[(mine.measure == measure) & (mine.variant == variant)]
                cells.append(Text("–") if hit.empty else Text(shown(
                    str(hit.iloc[0]["kind"]), float(hit.iloc[0]["value"]),
                    float(hit.iloc[0]["low"]), float(hit.iloc[0]["high"]))))
            table.add_row(Text(actor if i == 0 else ""), Text(measure.replace("_", " ")),
                          *cells, end_section=i == len(kept) - 1)
    out.print(table)
