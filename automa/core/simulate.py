"""A simulate run: resolve user input, run the batch, and write games, summary and manifest.

Used by ``automa-sim simulate`` (files in a results directory) and by ``automa.simulate`` (a
DataFrame read back exactly as ``games.csv`` would be).
"""
from __future__ import annotations

import io
import platform
import shlex
import sys
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from tqdm import tqdm

from automa.core.errors import UsageError
from automa.core.registry import get_game, get_strategy
from automa.core.results import FORMATS, GamesWriter, read_games, write_json
from automa.core.runner import RunSpec, run
from automa.core.seeding import fresh_entropy
from automa.core.stats import summarize

OUTPUTS = ("games.csv", "games.parquet", "summary.csv", "manifest.json")


def resolve(game: str, strategy: str | None = None, options: dict[str, Any] | None = None,
            seed: int | None = None) -> RunSpec:
    """Check the user's game, strategy, options and seed and make a :class:`RunSpec` (UsageError if bad)."""
    entry = get_game(game)
    values = entry.resolve_options(options)
    name = strategy or entry.default_strategy
    cls = get_strategy(entry, name)
    if seed is not None and seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    return RunSpec(entry, values, name, cls, fresh_entropy() if seed is None else seed)


def check_counts(games: int, jobs: int) -> None:
    """Reject a game or job count below 1."""
    if games < 1:
        raise UsageError(f"--games must be at least 1, got {games}")
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {jobs}")


def simulate_frame(spec: RunSpec, games: int, jobs: int) -> pd.DataFrame:
    """Run a batch in memory and return the games table with the dtypes ``games.csv`` reads back with."""
    check_counts(games, jobs)
    buffer = io.StringIO()
    writer = GamesWriter(spec.game, buffer, "csv")
    if run(spec, spec.game.prepare(spec.options), games, jobs, writer.write):
        raise KeyboardInterrupt
    buffer.seek(0)
    return read_games(buffer, spec.game)


@dataclass
class Outcome:
    """What a finished (or interrupted) simulate run reports."""

    spec: RunSpec
    out: Path
    manifest: dict
    summary: pd.DataFrame


def default_out(game: str) -> Path:
    """``results/<game>-<YYYYmmdd-HHMMSS>``."""
    return Path("results") / f"{game}-{datetime.now():%Y%m%d-%H%M%S}"


def prepare_out(out: Path, force: bool) -> None:
    """Create the output directory, refusing an existing non-empty one unless ``force``."""
    if out.exists() and not out.is_dir():
        raise UsageError(f"output path {out} exists and is not a directory")
    if out.is_dir() and any(out.iterdir()):
        if not force:
            raise UsageError(f"output directory {out} already exists; use --force to overwrite "
                             f"it or choose another --out")
        for name in OUTPUTS:
            (out / name).unlink(missing_ok=True)
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise UsageError(f"cannot write output directory {out}: {exc.strerror or exc}") from None


def simulate_dir(spec: RunSpec, games: int, jobs: int, out: Path | None, fmt: str = "csv",
                 quiet: bool = False, force: bool = False, command: str = "") -> Outcome:
    """Run a batch into ``out``: games file, ``summary.csv`` and ``manifest.json``."""
    check_counts(games, jobs)
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; allowed: {', '.join(FORMATS)}")
    ctx = spec.game.prepare(spec.options)
    out = out or default_out(spec.game.name)
    prepare_out(out, force)
    games_path = out / f"games.{fmt}"
    manifest = _manifest(spec, games, jobs, fmt, command)
    write_json(out / "manifest.json", manifest)

    writer = GamesWriter(spec.game, games_path, fmt)
    errors = 0
    bar = tqdm(total=games, unit="game", file=sys.stderr, dynamic_ncols=True,
               disable=quiet or not sys.stderr.isatty())

    def write(rows: list[list]) -> None:
        nonlocal errors
        writer.write(rows)
        errors += sum(1 for r in rows if r[-1])
        bar.update(len(rows))

    clock = time.perf_counter()
    try:
        interrupted = run(spec, ctx, games, jobs, write)
    finally:
        writer.close()
        bar.close()
    seconds = time.perf_counter() - clock

    done = writer.count
    summary = summarize(read_games(games_path, spec.game)) if done else pd.DataFrame()
    if done:
        summary.to_csv(out / "summary.csv", index=False)
    manifest |= {"games_done": done, "errors": errors, "ended": _now(),
                 "seconds": round(seconds, 3), "games_per_s": round(done / seconds, 1) if seconds else None,
                 "interrupted": interrupted}
    write_json(out / "manifest.json", manifest)
    return Outcome(spec, out, manifest, summary)


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _manifest(spec: RunSpec, games: int, jobs: int, fmt: str, command: str) -> dict:
    from automa import __version__

    return {
        "command": command,
        "versions": {"automa-sim": __version__, "python": platform.python_version(),
                     "numpy": np.__version__, "pandas": pd.__version__},
        "game": spec.game.name,
        "strategy": spec.strategy,
        "options": spec.options,
        "seed": str(spec.root),  # text: fresh entropy is 128 bits, beyond what many JSON readers keep
        "games": games,
        "jobs": jobs,
        "format": fmt,
        "started": _now(),
        "ended": None,
        "games_done": 0,
        "errors": 0,
        "interrupted": False,
    }


def human_summary(outcome: Outcome) -> str:
    """The short stdout report: win rate with its interval, mean margin, where the files are."""
    m = outcome.manifest
    lines = [f"{m['game']} · strategy {m['strategy']} · {m['games_done']} games"
             f" in {m['seconds']:.1f} s ({m['games_per_s']} games/s) · {m['errors']} errors"]
    if m["interrupted"]:
        lines.append(f"INTERRUPTED after {m['games_done']} of {m['games']} games; finished rows kept")
    if not outcome.summary.empty:
        s = outcome.summary.iloc[0]
        lines.append(f"player win rate {s.win_rate:.1%} (95% CI {s.win_rate_lo:.1%} to "
                     f"{s.win_rate_hi:.1%}), ties {s.ties}, mean margin {s.margin_mean:+.2f}")
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
