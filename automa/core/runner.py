"""The seeded runner: play games by index, serially or in a process pool, and hand rows back in order.

Game ``i`` depends only on the root entropy and ``i`` (see :mod:`automa.core.seeding`), so rows are
the same whatever the job count. With several jobs a pool plays chunks of indices; at most
``2 * jobs`` chunks are in flight and finished chunks are handed back in index order, so the parent
holds a bounded number of rows however many games run.
"""
from __future__ import annotations

import math
import multiprocessing
import signal
from collections import deque
from itertools import islice
from dataclasses import dataclass
from typing import Any, Callable

from automa.core.registry import Game
from automa.core.results import columns, row
from automa.core.seeding import game_streams
from automa.core.trace import Trace

MAX_CHUNK = 250  # games per work chunk; only load balancing depends on it, never the output


@dataclass(frozen=True)
class RunSpec:
    """What a batch plays: the game, resolved options, the strategy (as named and as a class), the root seed."""

    game: Game
    options: dict[str, Any]
    strategy: str
    strategy_cls: type
    root: int


def play_one(spec: RunSpec, ctx: Any, index: int, trace: Trace | None = None) -> list:
    """Play game ``index`` of ``spec`` and return its ``games.csv`` row (an error row if play raised)."""
    streams = game_streams(spec.root, index)
    try:
        strategy = spec.strategy_cls(streams.strategy)
        result = spec.game.play(ctx, spec.options, strategy, streams, trace)
    except Exception as exc:  # one broken game must not stop the batch
        return row(spec.game, index, spec.root, spec.strategy, spec.options, None,
                   f"{type(exc).__name__}: {exc}")
    return row(spec.game, index, spec.root, spec.strategy, spec.options, result)


def replay(spec: RunSpec, index: int) -> tuple[list[dict], dict]:
    """Play game ``index`` alone with tracing on: its events, and its ``games.csv`` row as a dict."""
    trace = Trace()
    values = play_one(spec, spec.game.prepare(spec.options), index, trace)
    return trace.events, dict(zip(columns(spec.game), values))


def chunk_size(games: int, jobs: int) -> int:
    """Games per work chunk: about four chunks per job, at most :data:`MAX_CHUNK`."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (4 * jobs))))


def run(spec: RunSpec, ctx: Any, games: int, jobs: int, write: Callable[[list[list]], None],
        start: int = 0) -> bool:
    """Play games ``start .. start+games-1`` and ``write`` their rows in index order.

    ``ctx`` is ``spec.game.prepare(spec.options)`` (the caller prepares, so a broken data file fails
    before any output exists; workers prepare their own). Returns ``True`` if Ctrl-C stopped the
    run; every row finished in order before that was written.
    """
    stop = start + games
    if jobs == 1:
        return _run_serial(spec, ctx, start, stop, write)
    size = chunk_size(games, jobs)
    chunks = iter(range(lo, min(lo + size, stop)) for lo in range(start, stop, size))
    jobs = min(jobs, math.ceil(games / size))
    pool = multiprocessing.Pool(jobs, initializer=_init_worker, initargs=(spec,))
    try:
        pending = deque(pool.apply_async(_play_chunk, (c,)) for c in islice(chunks, 2 * jobs))
        while pending:
            rows = pending.popleft().get()
            write(rows)
            nxt = next(chunks, None)
            if nxt is not None:
                pending.append(pool.apply_async(_play_chunk, (nxt,)))
    except KeyboardInterrupt:
        return True
    finally:
        pool.terminate()
        pool.join()
    return False


def _run_serial(spec: RunSpec, ctx: Any, start: int, stop: int, write) -> bool:
    rows: list[list] = []
    try:
        for index in range(start, stop):
            rows.append(play_one(spec, ctx, index))
            if len(rows) == MAX_CHUNK:
                write(rows)
                rows = []
    except KeyboardInterrupt:
        return True
    finally:
        write(rows)
    return False


_worker: tuple[RunSpec, Any] | None = None  # this worker's spec and prepared context


def _init_worker(spec: RunSpec) -> None:
    """Worker initializer: ignore Ctrl-C (the parent stops the pool) and prepare the game once."""
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker = (spec, spec.game.prepare(spec.options))


def _play_chunk(indices: range) -> list[list]:
    spec, ctx = _worker
    return [play_one(spec, ctx, i) for i in indices]
