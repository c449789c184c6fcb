"""A simulate run, as one pipeline read top to bottom: resolve the inputs (:mod:`~automa.run.inputs`,
the record :mod:`~automa.run.manifest`), plan the chunks (:mod:`~automa.run.plan`), play them on a
backend (:mod:`~automa.run.runner`, :mod:`~automa.run.backends`), collect rows and tallies
(:mod:`~automa.run.collect`), finish the files (:mod:`~automa.run.finish`). This module hands each
stage's result to the next; a stage imports only the stages before it (``tests/test_import_graph.py``).

Used by ``automa-sim simulate`` (files in a results directory) and by ``automa.simulate`` (a
DataFrame read back exactly as ``games.csv`` would be).
"""
from __future__ import annotations

import io
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from automa.run.backends import open_backend
from automa.run.collect import collect, run, start
from automa.core.errors import UsageError
from automa.run.finish import finish, stop_line, write_summary
from automa.run.inputs import (RECORDS, RunSpec, check_run, output_dir, pick_backend, prepare, prepare_out,
                               refuse_records, resolve)
from automa.run.manifest import load_manifest, new_manifest, record_resume
from automa.run.plan import Part, Task, new_plan, recorded_plan
from automa.core.results import FORMATS, GamesWriter, read_games
from automa.core.screen import count

if TYPE_CHECKING:  # pandas loads only for a DataFrame: a simulate run's startup is part of its time
    import pandas as pd


def simulate_frame(spec: RunSpec, games: int, jobs: int, backend: str | None = None,
                   scheduler: str | None = None) -> pd.DataFrame:
    """Run a batch in memory and return the games table with the dtypes ``games.csv`` reads back with
    (a strategy that writes training records is refused: they would be lost)."""
    check_run(games, jobs, backend, scheduler)
    refuse_records(spec.strategy_cls)
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


def simulate_dir(spec: RunSpec, games: int, jobs: int, out: Path | None, fmt: str = "csv",
                 quiet: bool = False, force: bool = False, command: str = "",
                 backend: str | None = None, scheduler: str | None = None) -> Outcome:
    """Run a batch into ``out``: games file, ``summary.csv`` and ``manifest.json`` (checkpointed), and
    ``records.csv.gz`` for a strategy that writes training records."""
    check_run(games, jobs, backend, scheduler)  # inputs
    name = pick_backend(backend, jobs)
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; allowed: {', '.join(FORMATS)}")
    ctx = prepare(spec)  # a broken data file fails before any output exists
    parts = [Part(spec, games)]
    with output_dir(out, spec.game.name) as out:
        prepare_out(out, force, check_only=True)
        manifest = _manifest(spec, games, jobs, fmt, command)  # the record
        plan, record = new_plan(parts, games, jobs, backend, scheduler)  # the plan
        manifest |= record
        engine = open_backend(name, parts, jobs, scheduler, {0: ctx})  # play
        start(out, lambda: prepare_out(out, force), manifest, engine)  # collect: the first save
    return _play(spec, out, manifest, parts, plan, engine, quiet)


def resume_dir(out: Path, jobs: int, quiet: bool = False, command: str = "",
               backend: str | None = None, scheduler: str | None = None) -> Outcome:
    """Continue the interrupted (or killed) run in ``out``; its games file ends byte-identical."""
    out = Path(out)
    manifest = load_manifest(out, "simulate")
    check_run(manifest["games"], jobs, backend, scheduler)
    name = pick_backend(backend, jobs)
    spec = resolve(manifest["game"], manifest["strategy"], manifest["options"], int(manifest["seed"]))
    check_record_columns(out, manifest, spec)
    ctx = prepare(spec)
    record_resume(manifest, command, backend, jobs)
    parts = [Part(spec, manifest["games"])]
    plan = recorded_plan(out, parts, manifest)
    engine = open_backend(name, parts, jobs, scheduler, {0: ctx})
    return _play(spec, out, manifest, parts, plan, engine, quiet)


def check_record_columns(out: Path, manifest: dict, spec: RunSpec) -> None:
    """Refuse to resume a run whose strategy now writes other training record columns than when it
    started: its records file would mix two layouts."""
    had, has = manifest.get("record_columns", []), list(spec.strategy_cls.record_columns)
    if had != has:
        raise UsageError(f"--resume {out}: strategy {spec.strategy} writes record columns "
                         f"{','.join(has) or '(none)'}, the run started with {','.join(had) or '(none)'}; "
                         f"start the run again in another --out")


def _play(spec: RunSpec, out: Path, manifest: dict, parts: list[Part], plan: list[Task], engine,
          quiet: bool) -> Outcome:
    fmt = manifest["format"]
    bar = progress_bar(manifest["games"], quiet)
    try:
        state = collect(out, f"games.{fmt}", fmt, parts, plan, manifest, engine, bar.update)  # play, collect
    finally:
        engine.close()
        bar.close()
    row = write_summary(out, spec, state)  # finish
    finish(out, manifest, state)
    return Outcome(spec, out, manifest, row)


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
    columns = list(spec.strategy_cls.record_columns)  # a strategy that writes training records
    return new_manifest(command, {
        "game": spec.game.name,
        "strategy": spec.strategy,
        "options": spec.options,
        "seed": str(spec.root),  # text: fresh entropy is 128 bits, beyond what many JSON readers keep
        "games": games,
        "jobs": jobs,
        "format": fmt,
        **({"records": RECORDS, "record_columns": columns} if columns else {}),
    })


def human_summary(outcome: Outcome) -> str:
    """The short stdout report: win rate with its interval, mean margin, where the files are."""
    m = outcome.manifest
    timing = f"in {m['seconds']:.1f} s ({m['games_per_s']} games/s)"
    if m["games_played"] == m["games_done"] == m["games"]:
        counts = f"{count(m['games_done'], 'game')} {timing}"
    else:  # a resumed or stopped run: the rate is that of the games played in this session
        counts = f"{m['games_done']} of {m['games']} games done, {m['games_played']} played {timing}"
    lines = [f"{m['game']} · strategy {m['strategy']} · {counts} · {count(m['errors'], 'error')}"]
    if stopped := stop_line(m, "simulate", outcome.out):
        lines.append(stopped)
    if m["games_done"] and m["errors"] == m["games_done"]:
        lines.append("no game finished: every game raised an error (see the error column)")
    elif outcome.row:
        s = outcome.row
        lines.append(f"player win rate {s['win_rate']:.1%} (95% CI {s['win_rate_lo']:.1%} to "
                     f"{s['win_rate_hi']:.1%}), ties {s['ties']}, mean margin {s['margin_mean']:+.2f}")
    lines += guard_lines(outcome.spec.game, m)
    files = ", ".join(p.name for p in sorted(outcome.out.iterdir()))
    lines.append(f"files: {outcome.out}/ ({files})")
    lines.append(f"seed {m['seed']}; replay game I with: {replay_command(outcome.spec)}")
    return "\n".join(lines)


def guard_lines(game, manifest: dict) -> list[str]:
    """For a game with guards (``Game.guards``): how often each fired, e.g. ``turn cap (RT-OPEN-35)
    fired in 3 of 1,000 games``; nothing for any other game."""
    if not game.guards:
        return []
    fired, done = manifest.get("guards", {}), manifest["games_done"] - manifest["errors"]
    return [f"{words} ({rule}) fired in {fired.get(rule, 0)} of {count(done, 'finished game')}"
            for rule, words in game.guards.items()]


def replay_command(spec: RunSpec, index: str = "I") -> str:
    """The ``automa-sim replay`` command line that plays game ``index`` of this run again."""
    parts = ["automa-sim", "replay", spec.game.name, "--seed", str(spec.root), "--game-index", index]
    if spec.strategy != spec.game.default_strategy:
        parts += ["--strategy", shlex.quote(spec.strategy)]
    for opt in spec.game.options:
        if spec.options[opt.name] != opt.default:
            parts += ["--option", shlex.quote(f"{opt.name}={spec.options[opt.name]}")]
    return " ".join(parts)
