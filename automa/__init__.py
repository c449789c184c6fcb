"""automa-sim: seeded batch simulation of board-game solo automata against scripted strategies.

Python API::

    import automa
    df = automa.simulate("rurik", games=1000, seed=1, strategy="greedy", jobs=4)
    automa.summarize(df, by=["strategy"])
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from automa.core.version import __version__

if TYPE_CHECKING:
    import pandas as pd


def simulate(game: str, games: int = 1000, seed: int | None = None, strategy: str | None = None,
             options: dict[str, Any] | None = None, jobs: int | None = None, backend: str = "processes",
             scheduler: str | None = None) -> "pd.DataFrame":
    """Play ``games`` seeded games and return the games table (the columns and dtypes of ``games.csv``).

    ``seed=None`` draws fresh entropy (see the ``seed`` column); ``jobs=None`` uses every core.
    ``backend`` is ``processes``, ``serial`` or ``dask`` (``scheduler="tcp://HOST:PORT"`` for a running
    cluster, else a local one); the table is the same on every backend.
    Bad input raises :class:`automa.core.errors.UsageError`, naming the parameter.
    """
    import os

    from automa.run.simulate import resolve, simulate_frame

    jobs = (os.cpu_count() or 1) if jobs is None else jobs
    _check_arguments(game, games, seed, strategy, options, jobs, backend, scheduler)
    spec = resolve(game, strategy, options, seed)
    return simulate_frame(spec, games, jobs, backend, scheduler)


def _check_arguments(game, games, seed, strategy, options, jobs, backend, scheduler) -> None:
    """Reject a wrong type or value of a :func:`simulate` parameter, by the parameter's name."""
    from automa.run.inputs import BACKENDS
    from automa.core.errors import UsageError

    def whole(name: str, value, least: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise UsageError(f"{name} must be an int, got {type(value).__name__} {value!r}")
        if value < least:
            raise UsageError(f"{name} must be at least {least}, got {value}")

    def text(name: str, value, optional: bool) -> None:
        if not (isinstance(value, str) or (optional and value is None)):
            raise UsageError(f"{name} must be a str{' or None' if optional else ''}, "
                             f"got {type(value).__name__} {value!r}")

    text("game", game, False)
    whole("games", games, 1)
    if seed is not None:
        whole("seed", seed, 0)
    text("strategy", strategy, True)
    if options is not None and not isinstance(options, dict):
        raise UsageError(f"options must be a dict of option name to value, got {type(options).__name__}")
    whole("jobs", jobs, 1)
    if backend not in BACKENDS:
        raise UsageError(f"backend must be one of {', '.join(map(repr, BACKENDS))}, got {backend!r}")
    text("scheduler", scheduler, True)
    if scheduler and backend != "dask":
        raise UsageError("scheduler needs backend='dask'")
    if backend == "dask":
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise UsageError("backend='dask' needs dask.distributed: pip install 'automa-sim[cluster]'") from None


def summarize(df: "pd.DataFrame", by: list[str] | None = None) -> "pd.DataFrame":
    """The ``summary.csv`` table of a games table: one row per group of ``by`` (default: configuration)."""
    from automa.analysis.stats import summarize as _summarize

    return _summarize(df, by)
