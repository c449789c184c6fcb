"""The report of a tuning run (:mod:`automa.studies.tune`): ``plots/progress.png``, drawn from the run's
``trials.csv`` and ``manifest.json`` after the study wrote them.
"""
from __future__ import annotations

import csv
import json
from pathlib import Path

from automa.studies.tune_plan import TRIALS

PLOT = "plots/progress.png"


def plot(manifest: dict, trials: list[tuple[int, float]], path: Path) -> None:
    """Each trial's objective (dots), the best so far (a line), the start (dashed); ``trials``: each
    trial's number and objective, in trial order."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    objective, target = manifest["objective"], manifest["target"]
    xs = [trial for trial, _ in trials]
    ys = [value if objective != "target" else -value for _, value in trials]
    better = max if objective != "target" else min
    running = [better(ys[:i + 1]) for i in range(len(ys))]
    fig, ax = plt.subplots(figsize=(8, 4.2))
    ax.scatter(xs, ys, s=12, alpha=0.6, label="trial")
    ax.step(xs, running, where="post", color="C3", label="best so far")
    ax.axhline(ys[0], ls="--", lw=0.8, color="black", label="start")
    label = ("mean margin (VP)" if objective == "margin" else "win rate" if objective == "win_rate"
             else f"distance of the win rate from {target:.0%}")
    ax.set_xlabel("trial (0 = the start)")
    ax.set_ylabel(f"{label}, {manifest['games']} tuning games")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(f"{manifest['game']}: tuning {manifest['strategy']} ({len(manifest['params'])} parameters, CMA-ES)",
                 fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)


def write_plot(path: Path) -> Path:
    """Draw ``plots/progress.png`` from the directory's ``trials.csv`` and ``manifest.json`` (the study
    writes the files, its report draws them)."""
    path = Path(path)
    manifest = json.loads((path / "manifest.json").read_text())
    with open(path / TRIALS, newline="") as f:
        trials = [(int(row["trial"]), float(row["objective"])) for row in csv.DictReader(f)]
    png = path / PLOT
    plot(manifest, trials, png)
    return png
