"""The executor seam: where a study's runs are played.

Every executor plays the same chunks (a plan and some (run, seed) pairs) with the same
function and hands the results back in chunk order, so a study's numbers do not depend
on where it ran. ``InProcess`` is the default; ``ProcessPool`` uses local processes
(``--workers N``); ``Dask`` a dask.distributed cluster (``--scheduler ADDRESS``, or
``local`` for a LocalCluster of process workers). Ctrl+C stops a study: the chunks that
finished are kept, the others are cancelled.
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib
import multiprocessing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from footwork.errors import FootworkError
from footwork.simulate.runner import Plan, play_run

Rows = list[dict[str, Any]]
#: how long to wait for a --scheduler to answer
CONNECT_TIMEOUT = "10s"
#: one chunk's runs, in order: (run index, run seed)
Runs = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Chunk:
    plan: Plan
    runs: Runs


def play_chunk(plan: Plan, runs: Runs) -> list[Rows]:
    """Each run of the chunk, in order (what every executor calls, wherever it runs)."""
    return [play_run(plan, run, seed) for run, seed in runs]


class ExecutorError(FootworkError):
    """An executor that cannot start: dask missing, a scheduler that does not answer."""


@dataclass(frozen=True, slots=True)
class Played:
    """The chunks' results in chunk order; None where a chunk did not finish."""

    results: tuple[list[Rows] | None, ...]
    interrupted: bool


class Executor(Protocol):
    name: str

    def play(self, chunks: Sequence[Chunk], done: Callable[[int], None]) -> Played:
        """Play every chunk; ``done(runs)`` after each finishes (for a progress bar)."""


class InProcess:
    name = "in-process"

    def play(self, chunks: Sequence[Chunk], done: Callable[[int], None]) -> Played:
        out: list[list[Rows] | None] = [None] * len(chunks)
        try:
            for i, chunk in enumerate(chunks):
                out[i] = play_chunk(chunk.plan, chunk.runs)
                done(len(chunk.runs))
        except KeyboardInterrupt:
            return Played(tuple(out), True)
        return Played(tuple(out), False)


def _gather(futures: dict[Any, int], size: int, done: Callable[[int], None],
            runs: Callable[[int], int], wait: Callable[[Any], Any],
            result: Callable[[Any], list[Rows]]) -> tuple[list[list[Rows] | None], bool]:
    out: list[list[Rows] | None] = [None] * size
    try:
        for future in wait(list(futures)):
            i = futures[future]
            out[i] = result(future)
            done(runs(i))
    except KeyboardInterrupt:
        return out, True
    return out, False


class ProcessPool:
    """Local worker processes (forkserver: no thread of this process is copied)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.name = f"process pool ({workers})"

    def play(self, chunks: Sequence[Chunk], done: Callable[[int], None]) -> Played:
        context = multiprocessing.get_context("forkserver")
        pool = cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        interrupted = True
        try:
            futures = {pool.submit(play_chunk, c.plan, c.runs): i
                       for i, c in enumerate(chunks)}
            out, interrupted = _gather(futures, len(chunks), done,
                                       lambda i: len(chunks[i].runs), cf.as_completed,
                                       lambda f: f.result())
        except cf.process.BrokenProcessPool as exc:
            raise ExecutorError(f"--workers {self.workers}: a worker process died: "
                                f"{exc}") from None
        finally:
            pool.shutdown(wait=not interrupted, cancel_futures=True)
        return Played(tuple(out), interrupted)


class Dask:
    """A dask.distributed cluster: ``address`` of a scheduler, or ``local`` for a
    LocalCluster of ``workers`` single-threaded process workers started for the study."""

    def __init__(self, address: str, workers: int | None = None) -> None:
        self.address = address
        self.workers = workers or 2
        self.name = (f"dask LocalCluster ({self.workers})" if address == "local"
                     else f"dask {address}")

    def play(self, chunks: Sequence[Chunk], done: Callable[[int], None]) -> Played:
        try:
            # untyped: held as Any, the seam types what crosses it
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise ExecutorError("--scheduler needs dask.distributed: pip install "
                                "'footwork[simulate]'") from None
        cluster = None
        try:
            if self.address == "local":
                cluster = distributed.LocalCluster(n_workers=self.workers, threads_per_worker=1,
                                       processes=True, dashboard_address=None)
                client = distributed.Client(cluster)
            else:
                client = distributed.Client(self.address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            if cluster is not None:
                cluster.close()
            raise ExecutorError(f"--scheduler {self.address}: cannot connect: "
                                f"{type(exc).__name__}: {exc}") from None
        interrupted = True
        try:
            # each variant's plan (its map can be large) travels to the cluster once
            unique = {c.plan.key: c.plan for c in chunks}
            sent = dict(zip(unique, client.scatter(list(unique.values())), strict=True))
            futures = {client.submit(play_chunk, sent[c.plan.key], c.runs, pure=False): i
                       for i, c in enumerate(chunks)}
            out, interrupted = _gather(futures, len(chunks), done,
                                       lambda i: len(chunks[i].runs), distributed.as_completed,
                                       lambda f: f.result())
            if interrupted:
                client.cancel(list(futures))
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
        return Played(tuple(out), interrupted)


def executor_for(workers: int | None, scheduler: str | None) -> Executor:
    """The executor the options ask for: dask with a scheduler, a process pool with more
    than one worker, else in-process."""
    if scheduler:
        return Dask(scheduler, workers)
    if workers and workers > 1:
        return ProcessPool(workers)
    return InProcess()
