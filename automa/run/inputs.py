"""Stage 1 of a run, the inputs: the user's game, strategy, options and seed made a :class:`RunSpec`,
the counts and the backend checked, the game prepared, the output directory chosen and cleared.

Everything a user can get wrong is refused here, before a game is played or a file written. The run's
stages follow in order: inputs, :mod:`~automa.run.plan`, play (:mod:`~automa.run.runner` on a
:mod:`~automa.run.backends` backend), :mod:`~automa.run.collect`, :mod:`~automa.run.finish`; a
later stage may import an earlier one, never the reverse.
"""
from __future__ import annotations

import itertools
import shutil
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import Any, Callable

from automa.core.errors import UsageError
from automa.core.registry import Game, get_game, get_strategy
from automa.core.seeding import fresh_entropy

BACKENDS = ("processes", "serial", "dask")
RECORDS = "records.csv.gz"  # a recording strategy's training records (:mod:`automa.run.collect`)
OUTPUTS = ("games.csv", "games.csv.gz", "games.parquet", "summary.csv", "manifest.json", RECORDS,  # of a simulate run,
           "report.html", "report.md", "plots")                                                      # and of its report
CHUNKS = "chunks"  # the folder of a checkpointed run's chunk files (:mod:`automa.run.collect`)


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


def resolve(game: str, strategy: str | None = None, options: dict[str, Any] | None = None,
            seed: int | None = None) -> RunSpec:
    """Check the user's game, strategy, options and seed and make a :class:`RunSpec` (UsageError if bad)."""
    entry = get_game(game)
    values = entry.resolve_options(options)
    name = strategy or entry.default_strategy
    cls = get_strategy(entry, name)
    if seed is not None and seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    return RunSpec(entry, values, cls.canonical, cls, fresh_entropy() if seed is None else seed)


def refuse_records(spec) -> None:
    """Refuse a strategy (a StrategySpec) that writes training records (``Strategy.record_columns``):
    only a simulate run writes them (studies and sweeps would drop them)."""
    if spec.record_columns:
        raise UsageError(f"strategy {spec.canonical} writes training records; run it with `automa-sim simulate`")


def check_counts(games: int, jobs: int) -> None:
    """Reject a game or job count below 1."""
    if games < 1:
        raise UsageError(f"--games must be at least 1, got {games}")
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {jobs}")


def check_backend(backend: str, scheduler: str | None, jobs: int) -> None:
    """Reject an unknown backend, a scheduler address without ``dask``, or a missing dask install."""
    if backend not in BACKENDS:
        raise UsageError(f"unknown backend {backend!r}; allowed: {', '.join(BACKENDS)}")
    if scheduler and backend != "dask":
        raise UsageError("--scheduler needs --backend dask")
    if backend == "dask":
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise UsageError("--backend dask needs dask.distributed: pip install '.[cluster]' in the automa-sim checkout") from None
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {jobs}")


def check_run(games: int, jobs: int, backend: str | None, scheduler: str | None) -> None:
    """:func:`check_counts` and :func:`check_backend` (``None``: the default backend)."""
    check_counts(games, jobs)
    check_backend(backend or "processes", scheduler, jobs)


def pick_backend(backend: str | None, jobs: int) -> str:
    """The backend that runs: ``processes`` (the default) with one job is ``serial``, in this process."""
    backend = backend or "processes"
    return "serial" if backend == "processes" and jobs == 1 else backend


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


@contextmanager
def output_dir(out: Path | None, stem: str):
    """``out``, or else a new directory ``results/<stem>-<YYYYmmdd-HHMMSS>`` (``-2``, ``-3``, ... when
    that is taken), made atomically so that runs started at the same moment never share one. A
    directory made here is removed again if the block raises (the run's setup failed)."""
    if out is not None:
        yield out
        return
    base = Path("results") / f"{stem}-{datetime.now():%Y%m%d-%H%M%S}"
    try:
        base.parent.mkdir(parents=True, exist_ok=True)
        for n in itertools.count(1):
            out = base if n == 1 else base.with_name(f"{base.name}-{n}")
            try:
                out.mkdir()
                break
            except FileExistsError:
                continue
    except OSError as exc:
        raise UsageError(f"cannot write output directory {base.parent}: {exc.strerror or exc}") from None
    try:
        yield out
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)
        raise


def prepare_out(out: Path, force: bool, outputs: tuple[str, ...] = OUTPUTS, check_only: bool = False) -> None:
    """Create the output directory, refusing an existing non-empty one unless ``force``.

    ``--force`` replaces only what a run writes (``outputs``, ``chunks/`` and their temporary
    files); a directory that holds anything else is refused, and nothing in it is touched.
    ``check_only``: only refuse (nothing is created or removed).
    """
    if out.exists() and not out.is_dir():
        raise UsageError(f"output path {out} exists and is not a directory")
    if out.is_dir() and any(out.iterdir()):
        if not force:
            raise UsageError(f"output directory {out} already exists; use --force to overwrite "
                             f"it or choose another --out (or --resume it if it was interrupted)")
        ours = set(outputs) | {CHUNKS}
        others = sorted(p.name for p in out.iterdir() if p.name.removesuffix(".tmp") not in ours)
        if others:
            raise UsageError(f"output directory {out} holds files a run does not write "
                             f"({', '.join(others[:3])}{', ...' if len(others) > 3 else ''}); --force "
                             f"replaces only a run's outputs: choose another --out")
        if check_only:
            return
        for path in out.iterdir():
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    if check_only:
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise UsageError(f"cannot write output directory {out}: {exc.strerror or exc}") from None
