"""automa-sim: seeded batch simulation of board-game solo automata against scripted strategies.

Python API::

    import automa
    df = automa.simulate("rurik", games=1000, seed=1, strategy="greedy", jobs=4)
    automa.summarize(df, by=["strategy"])
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__version__ = "0.1.0"


def simulate(game: str, games: int = 1000, seed: int | None = None, strategy: str | None = None,
             options: dict[str, Any] | None = None, jobs: int | None = None, backend: str = "processes",
             scheduler: str | None = None) -> "pd.DataFrame":
    """Play ``games`` seeded games and return the games table (the columns and dtypes of ``games.csv``).

    ``seed=None`` draws fresh entropy (see the ``seed`` column); ``jobs=None`` uses every core.
    ``backend`` is ``processes``, ``serial`` or ``dask`` (``scheduler="tcp://HOST:PORT"`` for a running
    cluster, else a local one); the table is the same on every backend.
    Bad input raises :class:`automa.core.errors.UsageError`.
    """
    import os

    from automa.core.simulate import resolve, simulate_frame

    spec = resolve(game, strategy, options, seed)
    return simulate_frame(spec, games, jobs or os.cpu_count() or 1, backend, scheduler)


def summarize(df: "pd.DataFrame", by: list[str] | None = None) -> "pd.DataFrame":
    """The ``summary.csv`` table of a games table: one row per group of ``by`` (default: configuration)."""
    from automa.core.stats import summarize as _summarize

    return _summarize(df, by)
