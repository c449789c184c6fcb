"""A simulate run: resolve user input, run the batch, and write games, summary and manifest.

Used by ``automa-sim simulate`` (files in a results directory) and by ``automa.simulate`` (a
DataFrame read back exactly as ``games.csv`` would be).
"""
from __future__ import annotations

import io
import itertools
import shutil
import shlex
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from automa.core.errors import UsageError
from automa.core.registry import get_game, get_strategy
from automa.core.backends import check_backend, open_backend, run
from automa.core.checkpoint import (CHUNKS, begin, execute, finish, load_manifest, new_manifest,
                                    record_resume, stop_line)
from automa.core.results import FORMATS, GamesWriter, columns, layout, read_games, write_json
from automa.core.runner import Part, RunSpec, prepare
from automa.core.seeding import fresh_entropy
from automa.core.stats import summary_csv, summary_row

if TYPE_CHECKING:  # pandas loads only for a DataFrame: a simulate run's startup is part of its time
    import pandas as pd

OUTPUTS = ("games.csv", "games.csv.gz", "games.parquet", "summary.csv", "manifest.json")


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


def check_counts(games: int, jobs: int) -> None:
    """Reject a game or job count below 1."""
    if games < 1:
        raise UsageError(f"--games must be at least 1, got {games}")
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {jobs}")


def pick_backend(backend: str | None, jobs: int) -> str:
    """The backend that runs: ``processes`` (the default) with one job is ``serial``, in this process."""
    backend = backend or "processes"
    return "serial" if backend == "processes" and jobs == 1 else backend


def simulate_frame(spec: RunSpec, games: int, jobs: int, backend: str | None = None,
                   scheduler: str | None = None) -> pd.DataFrame:
    """Run a batch in memory and return the games table with the dtypes ``games.csv`` reads back with."""
    check_counts(games, jobs)
    check_backend(backend or "processes", scheduler, jobs)
    buffer = io.StringIO()
    writer = GamesWriter(spec.game, buffer, "csv")
    if run(spec, prepare(spec), games, jobs, writer.write, backend=pick_backend(backend, jobs),
           scheduler=scheduler):
        raise KeyboardInterrupt
    buffer.seek(0)
    return read_games(buffer, spec.game)


@dataclass
class Outcome:
    """What a finished (or interrupted) simulate run reports: ``row`` is the row of ``summary.csv``
    (``None`` when no game is done)."""

    spec: RunSpec
    out: Path
    manifest: dict
    row: dict | None

    @property
    def summary(self) -> pd.DataFrame:
        """``summary.csv`` as a DataFrame (empty when no game is done)."""
        import pandas as pd

        return pd.DataFrame([self.row] if self.row else [])


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


def simulate_dir(spec: RunSpec, games: int, jobs: int, out: Path | None, fmt: str = "csv",
                 quiet: bool = False, force: bool = False, command: str = "",
                 backend: str | None = None, scheduler: str | None = None) -> Outcome:
    """Run a batch into ``out``: games file, ``summary.csv`` and ``manifest.json`` (checkpointed)."""
    check_counts(games, jobs)
    check_backend(backend or "processes", scheduler, jobs)
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; allowed: {', '.join(FORMATS)}")
    ctx = prepare(spec)  # a broken data file fails before any output exists
    with output_dir(out, spec.game.name) as out:
        prepare_out(out, force, check_only=True)
        engine = open_backend(pick_backend(backend, jobs), [Part(spec, games)], jobs, scheduler, {0: ctx})
        manifest = begin(out, lambda: prepare_out(out, force), _manifest(spec, games, jobs, fmt, command),
                         [Part(spec, games)], games, jobs, backend, scheduler, engine)
    return _play(spec, out, manifest, engine, quiet)


def resume_dir(out: Path, jobs: int, quiet: bool = False, command: str = "",
               backend: str | None = None, scheduler: str | None = None) -> Outcome:
    """Continue the interrupted (or killed) run in ``out``; its games file ends byte-identical."""
    manifest = load_manifest(out, "simulate")
    check_counts(manifest["games"], jobs)
    check_backend(backend or "processes", scheduler, jobs)
    spec = resolve(manifest["game"], manifest["strategy"], manifest["options"], int(manifest["seed"]))
    ctx = prepare(spec)
    engine = open_backend(pick_backend(backend, jobs), [Part(spec, manifest["games"])], jobs, scheduler, {0: ctx})
    record_resume(manifest, command, backend, jobs)
    return _play(spec, Path(out), manifest, engine, quiet)


def _play(spec: RunSpec, out: Path, manifest: dict, engine, quiet: bool) -> Outcome:
    games, fmt = manifest["games"], manifest["format"]
    bar = progress_bar(games, quiet)
    try:
        state = execute(out, f"games.{fmt}", fmt, [Part(spec, games)], manifest, engine, bar.update)
    finally:
        engine.close()
        bar.close()
    row = None
    if state.rows:
        categories = layout(columns(spec.game))[1]
        config = {"strategy": spec.strategy} | {o.name: spec.options[o.name] for o in spec.game.options}
        row = summary_row(config, state.tallies[0], categories)
        tmp = out / "summary.csv.tmp"
        tmp.write_text(summary_csv(row))
        tmp.replace(out / "summary.csv")
    finish(manifest, state)
    write_json(out / "manifest.json", manifest)
    return Outcome(spec, out, manifest, row)


def write_atomic_csv(frame: pd.DataFrame, path: Path) -> None:
    """``frame.to_csv(path)`` through a temporary file and a rename."""
    tmp = path.with_suffix(".csv.tmp")
    frame.to_csv(tmp, index=False)
    tmp.replace(path)


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(games: int, quiet: bool, unit: str = "game"):
    """A tqdm bar of ``games`` steps (``unit``) on stderr when it is a terminal and not ``quiet``;
    otherwise one that does nothing (and tqdm is not imported)."""
    if quiet or not sys.stderr.isatty():
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=games, unit=unit, file=sys.stderr, dynamic_ncols=True)


def _manifest(spec: RunSpec, games: int, jobs: int, fmt: str, command: str) -> dict:
    return new_manifest(command, {
        "game": spec.game.name,
        "strategy": spec.strategy,
        "options": spec.options,
        "seed": str(spec.root),  # text: fresh entropy is 128 bits, beyond what many JSON readers keep
        "games": games,
        "jobs": jobs,
        "format": fmt,
    })


def human_summary(outcome: Outcome) -> str:
    """The short stdout report: win rate with its interval, mean margin, where the files are."""
    m = outcome.manifest
    timing = f"in {m['seconds']:.1f} s ({m['games_per_s']} games/s)"
    if m["games_played"] == m["games_done"] == m["games"]:
        counts = f"{m['games_done']} games {timing}"
    else:  # a resumed or stopped run: the rate is that of the games played in this session
        counts = f"{m['games_done']} of {m['games']} games done, {m['games_played']} played {timing}"
    lines = [f"{m['game']} · strategy {m['strategy']} · {counts} · {m['errors']} errors"]
    if stopped := stop_line(m, "simulate", outcome.out):
        lines.append(stopped)
    if m["games_done"] and m["errors"] == m["games_done"]:
        lines.append("no game finished: every game raised an error (see the error column)")
    elif outcome.row:
        s = outcome.row
        lines.append(f"player win rate {s['win_rate']:.1%} (95% CI {s['win_rate_lo']:.1%} to "
                     f"{s['win_rate_hi']:.1%}), ties {s['ties']}, mean margin {s['margin_mean']:+.2f}")
    files = ", ".join(p.name for p in sorted(outcome.out.iterdir()))
    lines.append(f"files: {outcome.out}/ ({files})")
    lines.append(f"seed {m['seed']}; replay game I with: {replay_command(outcome.spec)}")
    return "\n".join(lines)


def replay_command(spec: RunSpec, index: str = "I") -> str:
    """The ``automa-sim replay`` command line that plays game ``index`` of this run again."""
    parts = ["automa-sim", "replay", spec.game.name, "--seed", str(spec.root), "--game-index", index]
    if spec.strategy != spec.game.default_strategy:
        parts += ["--strategy", shlex.quote(spec.strategy)]
    for opt in spec.game.options:
        if spec.options[opt.name] != opt.default:
            parts += ["--option", shlex.quote(f"{opt.name}={spec.options[opt.name]}")]
    return " ".join(parts)
