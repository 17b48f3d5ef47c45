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
import logging
import multiprocessing
import pickle
import signal
import time
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
    try:
        return [play_run(plan, run, seed) for run, seed in runs]
    except FootworkError as exc:
        try:  # an error crosses back to the study pickled: keep its kind where it can
            pickle.loads(pickle.dumps(exc))
        except Exception:  # any failure to round-trip: its one line is what matters
            raise FootworkError(str(exc)) from None
        raise


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
    """Every chunk in this process, in order. With ``seconds``, no chunk starts once that
    much time has passed: the study keeps what finished and says it was cut short (the
    table server's budget for a study, so one request cannot hold a worker for long)."""

    name = "in-process"

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = seconds

    def play(self, chunks: Sequence[Chunk], done: Callable[[int], None]) -> Played:
        out: list[list[Rows] | None] = [None] * len(chunks)
        until = None if self.seconds is None else time.monotonic() + self.seconds
        try:
            for i, chunk in enumerate(chunks):
                if until is not None and time.monotonic() >= until:
                    return Played(tuple(out), True)
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


def _ignore_interrupt() -> None:
    """A worker leaves Ctrl+C to the study: it finishes its chunk, the study stops."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ProcessPool:
    """Local worker processes (forkserver: no thread of this process is copied). On
    Ctrl+C the chunks not started are cancelled and the running ones finish (each is at
    most a few dozen runs), so that no worker is left behind."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.name = f"process pool ({workers})"

    def play(self, chunks: Sequence[Chunk], done: Callable[[int], None]) -> Played:
        context = multiprocessing.get_context("forkserver")
        pool = cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                      initializer=_ignore_interrupt)
        futures: dict[Any, int] = {}
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
            pool.shutdown(wait=True, cancel_futures=True)
        if interrupted:  # keep what finished while the pool wound down
            for future, i in futures.items():
                if out[i] is None and future.done() and not future.cancelled() and (
                        future.exception() is None):
                    out[i] = future.result()
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
                cluster = _quiet_cluster(distributed, self.workers)
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


def _quiet_cluster(distributed: Any, workers: int) -> Any:
    """A LocalCluster whose processes ignore Ctrl+C (they inherit the ignored signal):
    the study stops them itself, and they print no traceback of their own."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        # silence_logs: a cancelled task (Ctrl+C) is no warning for the user
        return distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                        processes=True, dashboard_address=None,
                                        silence_logs=logging.ERROR)
    finally:
        signal.signal(signal.SIGINT, before)


def executor_for(workers: int | None, scheduler: str | None) -> Executor:
    """The executor the options ask for: dask with a scheduler, a process pool with more
    than one worker, else in-process."""
    if scheduler:
        return Dask(scheduler, workers)
    if workers and workers > 1:
        return ProcessPool(workers)
    return InProcess()
