"""Choosing rows of a games table: ``summarize --where COLUMN=VALUE`` and ``compare --cell LABEL``.

A value is compared with a column as the games file writes it; an option's value is first put in the
option's own form (``modules=warfare,epic`` is ``epic,warfare`` in the file, ``difficulty=02`` is
``2``), and a strategy's in its canonical form (``mc(budget=8)`` is the row's full ``mc(...)``).
Anything that selects no row is a one-line error naming what the table holds.
"""
from __future__ import annotations

import difflib

import pandas as pd

from automa.core.errors import UsageError
from automa.core.registry import Game, did_you_mean, get_strategy

SHOWN = 12  # values named in an error, at most


def parse_where(items: list[str] | tuple[str, ...]) -> list[tuple[str, str]]:
    """``COLUMN=VALUE`` items as pairs (UsageError for an item without ``=``)."""
    pairs = []
    for item in items:
        column, eq, value = item.partition("=")
        if not eq or not column:
            raise UsageError(f"--where {item}: expected COLUMN=VALUE, e.g. --where strategy=master")
        pairs.append((column.strip(), value.strip()))
    return pairs


def _listed(values) -> str:
    values = [str(v) for v in values]
    return ", ".join(values[:SHOWN]) + (f", ... ({len(values)} in all)" if len(values) > SHOWN else "")


def _canonical(game: Game, column: str, value: str) -> str:
    """``value`` as the games file writes column ``column`` (unchanged if it cannot be read so)."""
    try:
        if column == "strategy":
            return get_strategy(game, value).canonical
        if column in {o.name for o in game.options}:
            return str(game.option(column).parse(value))
    except UsageError:
        pass
    return value


def where(games: pd.DataFrame, conditions: list[tuple[str, str]], game: Game) -> pd.DataFrame:
    """The rows of ``games`` where every ``(column, value)`` holds. An unknown column, a value no row
    has, or conditions no row meets together, is a UsageError naming the columns or values present."""
    keep = pd.Series(True, index=games.index)
    for column, value in conditions:
        if column not in games.columns:
            raise UsageError(f"--where {column}={value}: no column {column!r}{did_you_mean(column, games.columns)}; "
                             f"columns: {', '.join(games.columns)}")
        text = games[column].astype(str)
        match = text == _canonical(game, column, value)
        if not match.any():
            present = list(dict.fromkeys(text))
            raise UsageError(f"--where {column}={value}: no game has that value{did_you_mean(value, present)}; "
                             f"{column} values present: {_listed(present)}")
        keep &= match
    if not keep.any():
        said = " and ".join(f"{c}={v}" for c, v in conditions)
        raise UsageError(f"--where {said}: each holds for some games, but no game meets them all")
    return games[keep]


def cell(games: pd.DataFrame, label: str, source: str) -> pd.DataFrame:
    """The games of a sweep's cell ``label``, without the ``cell`` column (as a ``simulate`` run's games).
    UsageError if ``source`` is not a sweep or has no such cell, naming the closest cells."""
    if "cell" not in games.columns:
        raise UsageError(f"--cell {label!r}: {source} is not a sweep (its games have no cell column)")
    labels = list(dict.fromkeys(games["cell"]))
    if label not in labels:
        near = difflib.get_close_matches(label, labels, n=3, cutoff=0.5) or labels
        raise UsageError(f"--cell {label!r}: no such cell in {source}; "
                         f"{'closest' if near is not labels else 'cells'}: {_listed(map(repr, near))}")
    return games[games["cell"] == label].drop(columns="cell").reset_index(drop=True)
