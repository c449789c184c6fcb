"""Stage 5 of a run, finish: the files a run leaves once its chunks are collected (``summary.csv``,
the manifest's end, the chunk files of a complete run removed), and the line that says how to go on
with a run that stopped.
"""
from __future__ import annotations

import shlex
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from automa.run.collect import RunState
from automa.run.inputs import CHUNKS, RunSpec
from automa.run.manifest import now
from automa.core.results import columns, layout, write_json
from automa.analysis.stats import summary_csv, summary_row

if TYPE_CHECKING:  # pandas loads only for a table: a simulate run's startup is part of its time
    import pandas as pd


def write_summary(out: Path, spec: RunSpec, state: RunState) -> dict | None:
    """``summary.csv`` of a simulate run from its tally (written through a temporary file and a
    rename), and its row; ``None`` and no file when no game is done."""
    if not state.rows:
        return None
    categories = layout(columns(spec.game))[1]
    config = {"strategy": spec.strategy} | {o.name: spec.options[o.name] for o in spec.game.options}
    row = summary_row(config, state.tallies[0], categories)
    tmp = out / "summary.csv.tmp"
    tmp.write_text(summary_csv(row))
    tmp.replace(out / "summary.csv")
    return row


def finish(out: Path, manifest: dict, state: RunState) -> None:
    """Record the end of a run that finished or stopped (its counts are the collect stage's last save) and
    whether it was interrupted, remove the chunk files of a complete run, and save ``manifest.json``."""
    manifest |= {"ended": now(), "interrupted": state.interrupted}
    if state.complete:
        shutil.rmtree(out / CHUNKS, ignore_errors=True)
    write_json(out / "manifest.json", manifest)


def write_atomic_csv(frame: pd.DataFrame, path: Path) -> None:
    """``frame.to_csv(path)`` through a temporary file and a rename."""
    tmp = path.with_suffix(".csv.tmp")
    frame.to_csv(tmp, index=False)
    tmp.replace(path)


def resume_command(kind: str, out: Path) -> str:
    """The command line that continues the run in ``out`` (``kind``: the command, e.g. ``simulate``)."""
    return f"automa-sim {kind} --resume {shlex.quote(str(out))}"


def stop_line(manifest: dict, kind: str, out: Path) -> str | None:
    """The line saying a run stopped before the end (failed or interrupted) and how to continue it."""
    total = manifest.get("games_total") or (  # a run planned before games_total was recorded: equal cells
        manifest["games"] if kind == "simulate" else manifest["games_per_cell"] * len(manifest["cells"]))
    done = f"{manifest['games_done']} of {total} games"
    if manifest.get("failure"):
        what = f"FAILED after {done}: {manifest['failure']}"
    elif manifest["interrupted"]:
        what = f"INTERRUPTED after {done}"
    else:
        return None
    return f"{what}; finished rows kept; continue with: {resume_command(kind, out)}"
