"""Stage 3 of a run, play: a game, and a chunk of games, by index.

A chunk (a :class:`~automa.run.plan.Task` of the plan) is played into its ``games.csv`` text and a
:class:`~automa.analysis.stats.Tally`, so the stage that collects it (:mod:`automa.run.collect`) only
writes text and adds counts; ``rows`` are returned only when asked for. A strategy that writes
training records (``Strategy.record_columns``) adds each game's records as CSV text. Where chunks are played is
the backend's (:mod:`automa.run.backends`): they are the same on every backend.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from automa.run.inputs import RunSpec, prepare
from automa.run.plan import Part, Task
from automa.core.errors import StrategyError
from automa.core.results import columns, csv_lines, csv_text, results_start, row
from automa.core.seeding import game_streams
from automa.core.strategy import Strategy
from automa.analysis.stats import Tally
from automa.core.trace import Labelling, Trace, label_decisions


@dataclass
class Chunk:
    """A played chunk: its ``games.csv`` text (with the prefix column), its tally, its rows if asked,
    and, for a strategy that writes training records, each game's records text (:func:`play_one`)."""

    task: Task
    text: str
    tally: Tally
    rows: list[list] | None = None
    seconds: float = 0.0  # the time its games took to play (for games/s per cell)
    records: list[str] | None = None  # one text per game, in index order; None: the strategy records nothing


def play_one(spec: RunSpec, ctx: Any, index: int, trace: Trace | None = None,
             records: list[str] | None = None) -> list:
    """Play game ``index`` of ``spec`` and return its ``games.csv`` row (an error row if play raised, or
    returned a result its game may not report: :func:`automa.core.results.row`).

    With ``records`` (a list) the game's training records are appended to it as one CSV text
    (:func:`record_text`); a game that raised appends ``""``: it writes no records."""
    streams = game_streams(spec.root, index)
    try:
        strategy = spec.strategy_cls(streams.strategy)
        result = spec.game.play(ctx, spec.options, strategy, streams, trace)
        values = row(spec.game, index, spec.root, spec.strategy, spec.option_values, result)
        text = record_text(strategy, index, result) if records is not None else ""
    except Exception as exc:  # one broken game must not stop the batch
        if records is not None:
            records.append("")
        return row(spec.game, index, spec.root, spec.strategy, spec.option_values, None,
                   f"{type(exc).__name__}: {exc}")
    if records is not None:
        records.append(text)
    return values


def record_text(strategy: Strategy, index: int, result) -> str:
    """The CSV text of ``strategy.records(result)`` for game ``index``, each row prefixed by the index (a
    StrategyError if a row has not one value per ``record_columns``)."""
    width = len(strategy.record_columns)
    rows = strategy.records(result)
    for values in rows:
        if len(values) != width:
            raise StrategyError(f"strategy {strategy.name!r} wrote a record of {len(values)} values for "
                                f"its {width} record_columns")
    return csv_text([[index, *values] for values in rows])


def play_chunk(part: Part, ctx: Any, task: Task, want_rows: bool = False) -> Chunk:
    """Play one chunk: its text (rows in index order, prefixed by the part's column), its tally and, for
    a strategy that writes training records, each game's records text."""
    spec = part.spec
    first = results_start(spec.game)
    tally = Tally(2 * len(spec.game.categories), bool(spec.game.guards))
    records = [] if spec.strategy_cls.record_columns else None
    clock = time.perf_counter()
    rows = [play_one(spec, ctx, i, records=records) for i in range(task.lo, task.hi)]
    seconds = time.perf_counter() - clock
    for r in rows:
        tally.add_games_row(r, first)
    return Chunk(task, chunk_text(part, rows), tally, rows if want_rows else None, seconds, records)


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
