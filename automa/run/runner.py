"""Stage 3 of a run, play: a game, and a chunk of games, by index.

A chunk (a :class:`~automa.run.plan.Task` of the plan) is played into its ``games.csv`` text and a
:class:`~automa.analysis.stats.Tally`, so the stage that collects it (:mod:`automa.run.collect`) only
writes text and adds counts; ``rows`` are returned only when asked for. Where chunks are played is
the backend's (:mod:`automa.run.backends`): they are the same on every backend.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from automa.run.inputs import RunSpec, prepare
from automa.run.plan import Part, Task
from automa.core.results import columns, csv_lines, results_start, row
from automa.core.seeding import game_streams
from automa.analysis.stats import Tally
from automa.core.trace import Labelling, Trace, label_decisions


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
