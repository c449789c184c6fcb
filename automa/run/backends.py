"""Backends: where chunks of games are played (stage 3 of a run, play). ``serial`` (this process),
``processes`` (a local pool, the default) and ``dask`` (a dask.distributed cluster, optional extra
``cluster``: ``pip install '.[cluster]'`` in the checkout).

Every backend plays the same :func:`automa.run.runner.play_chunk` on the same tasks of the plan, so
the games file is byte-identical on every backend. A backend takes tasks from an iterator, keeps at most a bounded
window of them in flight (so memory stays flat however long the run), and yields each played
:class:`~automa.run.runner.Chunk` as it finishes, in any order, to the stage that collects them
(:mod:`automa.run.collect`).

A chunk whose worker process dies is played again (at most :data:`MAX_ATTEMPTS` times); each retry
is reported to ``on_retry`` (the manifest records it). ``processes`` uses
``concurrent.futures.ProcessPoolExecutor``: a dead worker breaks the pool (``BrokenProcessPool``),
so the pool is rebuilt and every unfinished chunk resubmitted. ``dask`` relies on the scheduler
rescheduling a dead worker's tasks, and resubmits a chunk the scheduler gave up on (``KilledWorker``).
"""
from __future__ import annotations

import os
import signal
import socket
import threading
import time
from collections import deque
from typing import Any, Callable, Iterator

from automa.core.errors import UsageError
from automa.run.inputs import prepare
from automa.run.plan import Part, Task
from automa.run.runner import Chunk, play_chunk

MAX_ATTEMPTS = 3  # plays of one chunk before the run gives up on it
WINDOW = 2  # chunks in flight per job
CONNECT_TIMEOUT = 5  # seconds to reach a dask scheduler and hear it answer


class WorkerLost(RuntimeError):
    """A chunk killed its worker process :data:`MAX_ATTEMPTS` times."""


def open_backend(name: str, parts: list[Part], jobs: int, scheduler: str | None = None,
                 contexts: dict[int, Any] | None = None,
                 on_retry: Callable[[Task, int, str], None] | None = None) -> "Backend":
    """A backend for ``parts`` (``name`` checked by :func:`automa.run.inputs.check_backend`); use it as a
    context manager (it stops its workers on exit)."""
    cls = {"serial": Serial, "processes": Processes, "dask": Dask}[name]
    return cls(parts, jobs, scheduler, contexts or {}, on_retry or (lambda task, attempt, why: None))


class Backend:
    """Plays chunks of ``parts``; ``play(tasks)`` yields finished chunks in any order."""

    name = ""

    def __init__(self, parts, jobs, scheduler, contexts, on_retry):
        self.parts, self.jobs, self.scheduler = parts, jobs, scheduler
        self.contexts, self.on_retry = contexts, on_retry
        self.attempts: dict[int, int] = {}

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        pass

    def play(self, tasks: Iterator[Task], want_rows: bool = False) -> Iterator[Chunk]:
        raise NotImplementedError

    def _retry(self, task: Task, why: str) -> None:
        attempt = self.attempts.get(task.key, 1) + 1
        if attempt > MAX_ATTEMPTS:
            part = self.parts[task.part]
            where = f"cell {part.prefix!r} " if part.prefix is not None else ""
            raise WorkerLost(f"chunk {task.key} ({where}games {task.lo}..{task.hi - 1}) failed "
                             f"{MAX_ATTEMPTS} times: {why}")
        self.attempts[task.key] = attempt
        self.on_retry(task, attempt, why)


class Serial(Backend):
    """Every chunk in this process, in order."""

    name = "serial"

    def play(self, tasks, want_rows=False):
        for task in tasks:
            ctx = self.contexts.get(task.part)
            if ctx is None and task.part not in self.contexts:
                ctx = self.contexts[task.part] = prepare(self.parts[task.part].spec)
            yield play_chunk(self.parts[task.part], ctx, task, want_rows)


# --- processes ----------------------------------------------------------------------------------

_worker_parts: list[Part] = []
_worker_contexts: dict[int, Any] = {}


def _init_worker(parts: list[Part]) -> None:
    """Worker initializer: ignore Ctrl-C (the parent stops the pool), exit if the parent dies."""
    global _worker_parts
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_parts = parts
    _worker_contexts.clear()
    parent = os.getppid()

    def watch() -> None:  # a parent killed with SIGKILL cannot stop its pool: do not linger
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _context_key(spec) -> tuple:
    return (spec.game.name,) + tuple(sorted((k, str(v)) for k, v in spec.options.items()))


def _worker_chunk(task: Task, want_rows: bool) -> Chunk:
    part = _worker_parts[task.part]
    if task.part not in _worker_contexts:
        # parts with the same game and options share one prepared context
        key = _context_key(part.spec)
        found = [c for p, c in _worker_contexts.items() if _context_key(_worker_parts[p].spec) == key]
        _worker_contexts[task.part] = found[0] if found else prepare(part.spec)
    return play_chunk(part, _worker_contexts[task.part], task, want_rows)


class Processes(Backend):
    """A pool of ``jobs`` local processes (``concurrent.futures.ProcessPoolExecutor``, fork)."""

    name = "processes"

    def __init__(self, *args):
        super().__init__(*args)
        self.pool = None
        self.workers = self.jobs

    def _new_pool(self):
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        self.pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_init_worker,
                                        initargs=(self.parts,))

    def play(self, tasks, want_rows=False):
        from concurrent.futures import FIRST_COMPLETED, wait
        from concurrent.futures.process import BrokenProcessPool

        tasks = list(tasks)  # a few small records; their count caps the pool: no idle processes
        if not tasks:
            return
        self.workers = min(self.jobs, len(tasks))
        tasks = iter(tasks)
        self._new_pool()
        again: deque[Task] = deque()
        pending: dict[Any, Task] = {}
        window = WINDOW * self.workers
        exhausted = False
        while True:
            broken = False
            while len(pending) < window:
                task = again.popleft() if again else (None if exhausted else next(tasks, None))
                if task is None:
                    exhausted = True
                    break
                try:
                    pending[self.pool.submit(_worker_chunk, task, want_rows)] = task
                except BrokenProcessPool:  # a worker died since the last wait: no result says so yet
                    again.appendleft(task)
                    broken = True
                    break
            if not pending and not broken:
                return
            if not broken:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=lambda f: pending[f].key):
                    task = pending.pop(future)
                    try:
                        chunk = future.result()
                    except BrokenProcessPool:
                        broken = True
                        again.append(task)
                        continue
                    yield chunk
            if broken:  # every chunk still in flight is lost with the pool: rebuild and resubmit
                lost = sorted(list(again) + list(pending.values()))
                pending.clear()
                again = deque(lost)
                for task in lost:
                    self._retry(task, "worker process died")
                self._stop()
                self._new_pool()

    def _stop(self) -> None:
        if self.pool is None:
            return
        processes = list(getattr(self.pool, "_processes", {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:  # Ctrl-C or a broken pool: do not wait for running chunks
            if proc.is_alive():
                proc.terminate()
        for proc in processes:
            proc.join(5)
        self.pool = None

    def close(self) -> None:
        self._stop()


# --- dask ---------------------------------------------------------------------------------------

_dask_contexts: dict[tuple, Any] = {}


def dask_chunk(part: Part, task: Task, want_rows: bool) -> Chunk:
    """Play one chunk on a dask worker (the game is prepared once per worker process and options)."""
    key = _context_key(part.spec)
    if key not in _dask_contexts:
        _dask_contexts[key] = prepare(part.spec)
    return play_chunk(part, _dask_contexts[key], task, want_rows)


def connect(scheduler: str):
    """A dask Client of the scheduler at ``scheduler``, or a one-line UsageError within about
    :data:`CONNECT_TIMEOUT` seconds: a bad address, a closed port (refused at once, without dask's
    retries), or something listening that is not a dask scheduler (dask alone would wait minutes)."""
    from distributed import Client

    def fail(why: str):
        raise UsageError(f"cannot connect to dask scheduler {scheduler}: {why}")

    host, _, port = scheduler.removeprefix("tcp://").rpartition(":")
    if scheduler.startswith("tcp://") and port.isdigit():
        try:
            socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT).close()
        except OSError as exc:
            fail(exc.strerror or str(exc) or type(exc).__name__)
    box: dict[str, Any] = {}

    def attempt() -> None:
        try:
            box["client"] = Client(scheduler, timeout=f"{CONNECT_TIMEOUT}s")
        except Exception as exc:  # noqa: BLE001 - reported below in one line
            box["error"] = exc

    thread = threading.Thread(target=attempt, daemon=True)  # a silent peer hangs dask's handshake
    thread.start()
    thread.join(CONNECT_TIMEOUT + 1)
    if "client" in box:
        return box["client"]
    error = box.get("error")
    fail((str(error).splitlines() or [type(error).__name__])[0] if error is not None
         else f"no answer within {CONNECT_TIMEOUT} s (is it a dask scheduler?)")


class Dask(Backend):
    """A dask.distributed cluster: the one at ``scheduler``, or a LocalCluster of ``jobs`` processes."""

    name = "dask"

    def __init__(self, *args):
        super().__init__(*args)
        import logging

        from distributed import Client, LocalCluster

        self.cluster = self.client = None
        try:
            if self.scheduler:
                self.client = connect(self.scheduler)
            else:
                workers = min(self.jobs, sum(p.games for p in self.parts) or 1)  # no idle workers
                self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            dashboard_address=":0", silence_logs=logging.ERROR)
                self.client = Client(self.cluster)
        except OSError as exc:
            raise UsageError(f"cannot connect to dask scheduler {self.scheduler}: {exc}") from None
        threads = sum(self.client.nthreads().values()) or self.jobs
        self.window = WINDOW * max(threads, 1)

    def play(self, tasks, want_rows=False):
        from distributed import as_completed
        from distributed.scheduler import KilledWorker

        parts = [self.client.scatter(p, broadcast=True) for p in self.parts]
        pending: dict[Any, Task] = {}
        again: deque[Task] = deque()
        done = as_completed()
        exhausted = False

        def refill() -> None:
            nonlocal exhausted
            while len(pending) < self.window:
                task = again.popleft() if again else (None if exhausted else next(tasks, None))
                if task is None:
                    exhausted = True
                    return
                future = self.client.submit(dask_chunk, parts[task.part], task, want_rows, pure=False)
                pending[future] = task
                done.add(future)

        try:
            refill()
            while pending:
                future = next(done)
                task = pending.pop(future)
                try:
                    chunk = future.result()
                except KilledWorker as exc:
                    self._retry(task, f"dask gave up on the chunk: {exc}")
                    again.append(task)
                else:
                    yield chunk
                future.release()
                refill()
        finally:
            for future in pending:
                future.cancel()

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None
