"""The seeded runner: play games by index in chunks, on a backend, and hand results back in order.

Game ``i`` depends only on the root entropy and ``i`` (see :mod:`automa.core.seeding`), so rows are
the same whatever the backend, job count or chunking. A run is a list of :class:`Part` (one per
simulate run or sweep cell) cut into :class:`Task` chunks of game indices; a backend
(:mod:`automa.core.backends`) plays the chunks and returns them in any order, and :func:`run` and
the checkpointed runs (:mod:`automa.core.checkpoint`) put them back in index order.

A chunk is played into its ``games.csv`` text and a :class:`~automa.core.stats.Tally` on the worker,
so the parent only writes text and adds counts; ``rows`` are returned only when asked for.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Callable

from automa.core.errors import UsageError
from automa.core.registry import Game
from automa.core.results import columns, csv_lines, csv_text, results_start, row
from automa.core.seeding import game_streams
from automa.core.stats import Tally
from automa.core.trace import Labelling, Trace, label_decisions

MAX_CHUNK = 250  # games per work chunk; only load balancing depends on it, never the output


@dataclass(frozen=True)
class RunSpec:
    """What a batch plays: the game, resolved options, the strategy (as named and as a class), the root seed."""

    game: Game
    options: dict[str, Any]
    strategy: str
    strategy_cls: Callable  # a StrategySpec: called with the strategy stream, makes the strategy
    root: int

    @cached_property
    def option_values(self) -> list:
        """The option columns of every row of this spec (the same for all its games)."""
        return [self.options[o.name] for o in self.game.options]


@dataclass(frozen=True)
class Part:
    """One configuration of a run: its spec, ``games`` games, and a ``prefix`` column (a sweep cell's label)."""

    spec: RunSpec
    games: int
    prefix: str | None = None

    @cached_property
    def shared_text(self) -> tuple[str, str]:
        """The CSV text of the fields every row of this part shares, before the game index (prefix,
        game) and after it (seed, strategy, options), each with its comma: most of a row's fields."""
        spec = self.spec
        before = ([] if self.prefix is None else [self.prefix]) + [spec.game.name]
        after = [spec.root, spec.strategy] + spec.option_values
        return csv_text([before])[:-1] + ",", csv_text([after])[:-1] + ","


@dataclass(frozen=True, order=True)
class Task:
    """A chunk of work: games ``lo .. hi-1`` of part ``part``; ``key`` is its place in the run's order."""

    key: int
    part: int
    lo: int
    hi: int


@dataclass
class Chunk:
    """A played chunk: its ``games.csv`` text (with the prefix column), its tally, and its rows if asked."""

    task: Task
    text: str
    tally: Tally
    rows: list[list] | None = None
    seconds: float = 0.0  # the time its games took to play (for games/s per cell)


def play_one(spec: RunSpec, ctx: Any, index: int, trace: Trace | None = None) -> list:
    """Play game ``index`` of ``spec`` and return its ``games.csv`` row (an error row if play raised)."""
    streams = game_streams(spec.root, index)
    try:
        strategy = spec.strategy_cls(streams.strategy)
        result = spec.game.play(ctx, spec.options, strategy, streams, trace)
    except Exception as exc:  # one broken game must not stop the batch
        return row(spec.game, index, spec.root, spec.strategy, spec.option_values, None,
                   f"{type(exc).__name__}: {exc}")
    return row(spec.game, index, spec.root, spec.strategy, spec.option_values, result)


def play_chunk(part: Part, ctx: Any, task: Task, want_rows: bool = False) -> Chunk:
    """Play one chunk: its text (rows in index order, prefixed by the part's column) and its tally."""
    spec = part.spec
    first = results_start(spec.game)
    tally = Tally(2 * len(spec.game.categories))
    clock = time.perf_counter()
    rows = [play_one(spec, ctx, i) for i in range(task.lo, task.hi)]
    seconds = time.perf_counter() - clock
    for r in rows:
        tally.add_games_row(r, first)
    return Chunk(task, chunk_text(part, rows), tally, rows if want_rows else None, seconds)


def chunk_text(part: Part, rows: list[list]) -> str:
    """:func:`csv_text` of a chunk's rows (of :func:`play_one`), each with the part's prefix column:
    the same bytes, with the fields every row shares (:attr:`Part.shared_text`) written once."""
    before, after = part.shared_text
    first = results_start(part.spec.game)
    return "".join(f"{before}{r[1]},{after}{line}" for r, line in zip(rows, csv_lines([r[first:] for r in rows])))


def prepare(spec: RunSpec) -> Any:
    """``spec.game.prepare(spec.options)``; a user data file that breaks the loader is a UsageError.

    Engines report a bad data file as a one-line UsageError; if a loader raises anything else while a
    user file (a ``path`` option) is set, the file is blamed in one line rather than a traceback.
    """
    try:
        return spec.game.prepare(spec.options)
    except UsageError:
        raise
    except Exception as exc:
        files = [f"{o.name}={spec.options[o.name]}" for o in spec.game.options
                 if o.type == "path" and spec.options.get(o.name)]
        if not files:
            raise
        message = str(exc).splitlines()[0] if str(exc) else ""
        raise UsageError(f"{', '.join(files)}: cannot load ({type(exc).__name__}: {message})") from None


def replay(spec: RunSpec, index: int, labels: bool = False) -> tuple[list[dict], dict]:
    """Play game ``index`` alone with tracing on: its events, and its ``games.csv`` row as a dict. With
    ``labels`` each player decision carries its choice in words (``label``, the game's ``describe``)."""
    trace = Trace()
    said: list[str] = []
    describe = spec.game.describe if labels else None
    if describe is not None:
        make = spec.strategy_cls
        spec = replace(spec, strategy_cls=lambda rng: Labelling(make(rng), describe, said))
    values = play_one(spec, prepare(spec), index, trace)
    label_decisions(trace.events, said)
    return trace.events, dict(zip(columns(spec.game), values))


CHUNKS_PER_JOB = 8  # at least this many chunks per job: the last chunks leave little idle time


def chunk_size(games: int, jobs: int) -> int:
    """Games per work chunk: about :data:`CHUNKS_PER_JOB` chunks per job, at most :data:`MAX_CHUNK`."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (CHUNKS_PER_JOB * jobs))))


def tasks(parts: list[Part], size: int, start: int = 0) -> list[Task]:
    """The run's chunks in order: every part's games ``start .. start+games-1`` in chunks of ``size``."""
    out = []
    for p, part in enumerate(parts):
        stop = start + part.games
        for lo in range(start, stop, size):
            out.append(Task(len(out), p, lo, min(lo + size, stop)))
    return out


def run(spec: RunSpec, ctx: Any, games: int, jobs: int, write: Callable[[list[list]], None],
        start: int = 0, backend: str | None = None, scheduler: str | None = None) -> bool:
    """Play games ``start .. start+games-1`` and ``write`` their rows in index order.

    ``ctx`` is ``spec.game.prepare(spec.options)`` (the caller prepares, so a broken data file fails
    before any output exists; workers prepare their own). ``backend`` defaults to ``serial`` for one
    job and ``processes`` otherwise. Returns ``True`` if Ctrl-C stopped the run; every row finished
    in order before that was written.
    """
    from automa.core.backends import open_backend

    backend = backend or ("serial" if jobs == 1 else "processes")
    parts = [Part(spec, games)]
    todo = tasks(parts, chunk_size(games, jobs), start)
    waiting: dict[int, list[list]] = {}
    nxt = 0
    try:
        with open_backend(backend, parts, jobs, scheduler, contexts={0: ctx}) as engine:
            for chunk in engine.play(iter(todo), want_rows=True):
                waiting[chunk.task.key] = chunk.rows
                while nxt in waiting:
                    write(waiting.pop(nxt))
                    nxt += 1
    except KeyboardInterrupt:
        return True
    return False
