"""A sweep: every cell of a grid of configurations, played on common random numbers, from a TOML spec.

A cell is one strategy and one value of each grid option. Game ``i`` of every cell uses the same
per-game seed (from the spec's root seed and ``i``, never from the cell), so each cell is exactly a
``simulate`` run with that seed, and cells are compared game by game (:mod:`automa.analysis.paired`).
The spec and its cells are :mod:`automa.run.sweep_spec`'s; here they are played through the run's
stages, and summed up.
"""
from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
from tqdm import tqdm

from automa.core.errors import UsageError
from automa.analysis.paired import paired_table
from automa.run.backends import open_backend
from automa.run.collect import collect, start
from automa.run.finish import finish, stop_line, write_atomic_csv
from automa.run.inputs import check_run, output_dir, pick_backend, prepare, prepare_out
from automa.run.manifest import load_manifest, new_manifest, record_resume
from automa.run.plan import Part, Task, new_plan, recorded_plan
from automa.run.sweep_spec import Cell, Sweep, load_spec
from automa.core.results import FORMATS, columns, layout
from automa.analysis.stats import summary_frame

OUTPUTS = ("games.csv", "games.csv.gz", "games.parquet", "summary.csv", "paired.csv", "manifest.json", "report.html",
           "report.md", "plots")


@dataclass
class Outcome:
    """A finished (or interrupted) sweep: where it is, its manifest, summary and paired tables."""

    sweep: Sweep
    out: Path
    manifest: dict
    summary: pd.DataFrame
    paired: pd.DataFrame


def baselines(sweep: Sweep) -> dict[str, str]:
    """The cell each cell is compared with in ``paired.csv``: the cell of its own strategy with the
    baseline's grid values, so a difference is the setting's effect for that strategy; that cell itself
    (and any cell whose own one is excluded) is compared with the sweep's baseline, which has none.
    A sweep with ``pairs`` has those."""
    if sweep.pairs is not None:
        return dict(sweep.pairs)
    base = next(c.values for c in sweep.cells if c.label == sweep.baseline)
    own = {c.values["strategy"]: c.label for c in sweep.cells
           if c.values == base | {"strategy": c.values["strategy"]}}
    pairs = {}
    for cell in sweep.cells:
        mine = own.get(cell.values["strategy"], sweep.baseline)
        pairs[cell.label] = sweep.baseline if mine == cell.label else mine
    del pairs[sweep.baseline]
    return pairs


def run_sweep(sweep: Sweep, jobs: int, out: Path | None = None, force: bool = False,
              quiet: bool = False, command: str = "", backend: str | None = None,
              scheduler: str | None = None, fields: dict | None = None,
              outputs: tuple[str, ...] = OUTPUTS, fmt: str = "csv") -> Outcome:
    """Play every cell into ``out``: ``games.csv`` (or ``games.csv.gz``, ``fmt``) with a ``cell`` column,
    ``summary.csv``, ``paired.csv`` and ``manifest.json`` (checkpointed: see :mod:`automa.run.collect`).

    ``fields`` replace the spec's in the manifest (another design's record, which its own resume
    reads back); ``outputs`` are the files ``force`` removes first."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; allowed: {', '.join(FORMATS)}")
    check_run(sweep.games, jobs, backend, scheduler)
    name = pick_backend(backend, jobs)
    contexts = _contexts(sweep)
    parts = _parts(sweep)
    with output_dir(out, sweep.path.stem) as out:  # results/<spec name>-<YYYYmmdd-HHMMSS> by default
        prepare_out(out, force, outputs, check_only=True)

        def prepare_dir() -> None:
            if force and out.is_dir():
                shutil.rmtree(out / "plots", ignore_errors=True)
            prepare_out(out, force, outputs)

        manifest = (new_manifest(command, fields | {"jobs": jobs, "format": fmt}) if fields is not None
                    else _manifest(sweep, jobs, command, fmt))
        plan, record = new_plan(parts, sweep.games, jobs, backend, scheduler)
        manifest |= record
        engine = open_backend(name, parts, jobs, scheduler, contexts)
        start(out, prepare_dir, manifest, engine)
    return _play(sweep, out, manifest, parts, plan, engine, quiet)


def resume_sweep(out: Path, jobs: int, quiet: bool = False, command: str = "",
                 backend: str | None = None, scheduler: str | None = None) -> Outcome:
    """Continue the interrupted (or killed) sweep in ``out``; its games file ends byte-identical."""
    manifest = load_manifest(out, "sweep")
    sweep = load_spec(Path(manifest["spec"]), manifest["games_per_cell"], text=manifest["spec_toml"])
    return continue_sweep(sweep, Path(out), manifest, jobs, quiet, command, backend, scheduler)


def continue_sweep(sweep: Sweep, out: Path, manifest: dict, jobs: int, quiet: bool = False, command: str = "",
                   backend: str | None = None, scheduler: str | None = None) -> Outcome:
    """Play the chunks of ``sweep`` that ``manifest`` (read from ``out``) does not record as done."""
    check_run(sweep.games, jobs, backend, scheduler)
    name = pick_backend(backend, jobs)
    contexts = _contexts(sweep)
    record_resume(manifest, command, backend, jobs)
    parts = _parts(sweep)
    plan = recorded_plan(out, parts, manifest)
    engine = open_backend(name, parts, jobs, scheduler, contexts)
    return _play(sweep, out, manifest, parts, plan, engine, quiet)


def _parts(sweep: Sweep) -> list[Part]:
    return [Part(cell.spec, sweep.cell_games(cell), cell.label) for cell in sweep.cells]


def _contexts(sweep: Sweep) -> dict[int, Any]:
    """Every cell's prepared context (cells with the same options share one); a broken data file fails
    before any output exists."""
    by_key: dict[tuple, Any] = {}
    contexts = {}
    for i, cell in enumerate(sweep.cells):
        key = _context_key(cell)
        if key not in by_key:
            try:
                by_key[key] = prepare(cell.spec)
            except UsageError as exc:
                raise UsageError(f"{sweep.path}: cell {cell.label}: {exc}") from None
        contexts[i] = by_key[key]
    return contexts


def _play(sweep: Sweep, out: Path, manifest: dict, parts: list[Part], plan: list[Task], engine,
          quiet: bool) -> Outcome:
    bar = tqdm(total=sum(p.games for p in parts), unit="game", file=sys.stderr, dynamic_ncols=True,
               disable=quiet or not sys.stderr.isatty())
    fmt = manifest.get("format", "csv")  # a sweep made before csv.gz has no format: csv
    try:
        state = collect(out, f"games.{fmt}", fmt, parts, plan, manifest, engine, bar.update, prefix="cell")
    finally:
        engine.close()
        bar.close()
    categories = layout(columns(sweep.game))[1]
    rows = []
    for cell, tally in zip(sweep.cells, state.tallies):
        if tally.games:
            config = {"strategy": cell.spec.strategy} | {o.name: cell.spec.options[o.name]
                                                         for o in sweep.game.options}
            rows.append(summary_frame(config, tally, categories).assign(cell=cell.label))
    labels = [c.label for c in sweep.cells]
    if rows:
        summary = pd.concat(rows, ignore_index=True)
        summary = summary[["cell"] + [c for c in summary.columns if c != "cell"]]
        games = _paired_games(out / f"games.{fmt}")
        played = [c for c in labels if c in set(games["cell"])]
        paired = paired_table(games, played, baselines(sweep))
        write_atomic_csv(summary, out / "summary.csv")
        write_atomic_csv(paired, out / "paired.csv")
    else:
        summary = pd.DataFrame()
        paired = paired_table(pd.DataFrame(columns=list(PAIRED_COLUMNS)), [], {})
    finish(out, manifest, state)
    return Outcome(sweep, out, manifest, summary, paired)


PAIRED_COLUMNS = ("cell", "game_index", "winner", "margin", "error")  # what paired.csv reads back


def _paired_games(path: Path) -> pd.DataFrame:
    """The columns of the games file at ``path`` that ``paired.csv`` is made from (:data:`PAIRED_COLUMNS`)."""
    if path.suffix == ".parquet":
        games = pd.read_parquet(path, columns=list(PAIRED_COLUMNS))
        games["margin"] = games["margin"].astype("Int64")
        return games
    games = pd.read_csv(path, usecols=list(PAIRED_COLUMNS), dtype=str, keep_default_na=False)
    games["game_index"] = games["game_index"].astype("int64")
    games["margin"] = pd.to_numeric(games["margin"].replace("", None)).astype("Int64")
    return games


def _context_key(cell: Cell) -> tuple:
    """Cells with the same options share one prepared context."""
    return tuple(sorted((k, str(v)) for k, v in cell.spec.options.items()))


def _manifest(sweep: Sweep, jobs: int, command: str, fmt: str) -> dict:
    return new_manifest(command, {
        "kind": "sweep",
        "spec": str(sweep.path),
        "spec_toml": sweep.text,
        "game": sweep.game.name,
        "description": sweep.description,
        "question": sweep.question,
        "axis": sweep.axis,
        "strategies": sweep.strategies,
        "grid": sweep.grid,
        "options": sweep.options,
        "exclude": sweep.exclude,
        "cells": [c.label for c in sweep.cells],
        "baseline": sweep.baseline,
        "games_per_cell": sweep.games,
        "games_by_strategy": {k: min(sweep.games, v) for k, v in sweep.games_by_strategy.items()},
        "seed": str(sweep.seed),
        "jobs": jobs,
        "format": fmt,
    })


def human_summary(outcome: Outcome) -> str:
    """The stdout report: one line per cell with its win rate and its paired difference to its baseline
    (see :func:`baselines`)."""
    m = outcome.manifest
    fewer = "".join(f" ({k}: {v})" for k, v in m.get("games_by_strategy", {}).items())
    lines = [f"{m['game']} sweep · {len(m['cells'])} cells x {m['games_per_cell']} games{fewer} · seed {m['seed']}"
             f" · {m['seconds']:.1f} s · {m['errors']} errors"]
    if stopped := stop_line(m, "sweep", outcome.out):
        lines.append(stopped)
    diffs = outcome.paired.set_index("cell")
    width = max(len(c) for c in m["cells"])
    for s in outcome.summary.itertuples():
        line = (f"{s.cell:<{width}}  win {s.win_rate:6.1%} [{s.win_rate_lo:.1%}, {s.win_rate_hi:.1%}]"
                f"  margin {s.margin_mean:+7.2f}")
        if s.cell == m["baseline"]:
            line += "  (baseline)"
        elif s.cell in diffs.index and diffs.loc[s.cell, "pairs"]:
            d = diffs.loc[s.cell]
            versus = "baseline" if d.baseline == m["baseline"] else f"{d.baseline.split(' ', 1)[0]} baseline"
            line += (f"  vs {versus}: win {d.win_rate_diff * 100:+.1f} pts [{d.win_rate_diff_lo * 100:+.1f},"
                     f" {d.win_rate_diff_hi * 100:+.1f}], margin {d.margin_diff:+.2f}")
        lines.append(line)
    lines.append(f"files: {outcome.out}/ ({', '.join(p.name for p in sorted(outcome.out.iterdir()))})")
    lines.append(f"report: automa-sim report {outcome.out}")
    return "\n".join(lines)
