"""Two runs compared: the difference of their win rates and mean margins, with 95% intervals.

Runs that share a root seed played the same deals and automa cards game by game (common random
numbers), so they are compared pair by pair over the game indices both finished
(:mod:`automa.analysis.paired`: the normal interval for the margin, Agresti-Min's for the win rate).
Runs with different seeds are independent samples: their difference gets the (wider) normal interval
of two independent means, and the comparison says so; so it does when the game counts differ. The
difference is always B minus A.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from automa.core.errors import UsageError
from automa.analysis.paired import interval, win_interval
from automa.core.results import layout
from automa.core.intervals import Z95
from automa.analysis.stats import text_table


@dataclass
class Comparison:
    """The two runs' figures and B - A with its interval, per measure (``win_rate``, ``margin``)."""

    paired: bool
    games: tuple[int, int]  # games finished in A and in B
    pairs: int  # game indices finished in both (paired runs), else 0
    rows: list[dict]
    notes: list[str] = field(default_factory=list)


def _finished(games: pd.DataFrame) -> pd.DataFrame:
    done = games[games["error"] == ""]
    return pd.DataFrame({"game_index": done["game_index"].to_numpy(),
                         "win_rate": (done["winner"] == "player").to_numpy(dtype="float64"),
                         "margin": done["margin"].to_numpy(dtype="float64")})


def _independent(a: np.ndarray, b: np.ndarray) -> tuple[float, float, float]:
    """mean(b) - mean(a) and its normal 95% interval for two independent samples."""
    if len(a) == 0 or len(b) == 0:
        return math.nan, math.nan, math.nan
    diff = float(b.mean() - a.mean())
    if len(a) < 2 or len(b) < 2:
        return diff, math.nan, math.nan
    half = Z95 * math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    return diff, diff - half, diff + half


def _configuration(games: pd.DataFrame) -> dict[str, str]:
    cols = ["strategy"] + layout(list(games.columns))[0]
    return {c: str(games[c].iloc[0]) for c in cols}


def compare(a: pd.DataFrame, b: pd.DataFrame) -> Comparison:
    """Compare games tables ``a`` and ``b`` (``games.csv`` of two simulate runs of one game)."""
    for name, games in (("A", a), ("B", b)):
        if games.empty:
            raise UsageError(f"run {name} has no games")
        if "cell" in games.columns:
            raise UsageError(f"run {name} is a sweep: its cells are compared in its paired.csv")
    if a["game"].iloc[0] != b["game"].iloc[0]:
        raise UsageError(f"the runs play different games: {a['game'].iloc[0]} and {b['game'].iloc[0]}")
    seeds = str(a["seed"].iloc[0]), str(b["seed"].iloc[0])
    fa, fb = _finished(a), _finished(b)
    paired = seeds[0] == seeds[1]
    notes = []
    if not paired:
        notes.append(f"the seeds differ (A {seeds[0]}, B {seeds[1]}): the runs are not paired game by "
                     f"game; the intervals treat them as independent samples (wider)")
    if len(a) != len(b):
        notes.append(f"the game counts differ (A {len(a):,}, B {len(b):,})"
                     + (": compared over the game indices both played" if paired else ""))
    both = fa.merge(fb, on="game_index", suffixes=("_a", "_b")) if paired else None
    if paired:
        dropped = max(len(fa), len(fb)) - len(both)
        if dropped and len(a) == len(b):
            notes.append(f"{dropped:,} games finished in one run only (an error in the other) are left out")
    rows = []
    for measure in ("win_rate", "margin"):
        if paired:
            xa, xb = both[f"{measure}_a"].to_numpy(), both[f"{measure}_b"].to_numpy()
            diff, lo, hi = (win_interval if measure == "win_rate" else interval)(xb - xa)
        else:
            xa, xb = fa[measure].to_numpy(), fb[measure].to_numpy()
            diff, lo, hi = _independent(xa, xb)
        rows.append({"measure": measure, "a": float(xa.mean()) if len(xa) else math.nan,
                     "b": float(xb.mean()) if len(xb) else math.nan, "diff": diff, "lo": lo, "hi": hi})
    ca, cb = _configuration(a), _configuration(b)
    changed = [f"{k} {v} -> {cb[k]}" for k, v in ca.items() if k in cb and cb[k] != v]
    notes.insert(0, "B differs from A in: " + (", ".join(changed) if changed else "nothing (same settings)"))
    return Comparison(paired, (len(fa), len(fb)), len(both) if paired else 0, rows, notes)


def text(result: Comparison, names: tuple[str, str]) -> str:
    """The comparison for people: a table of A, B and B - A with its 95% interval, then the notes."""
    def figure(measure: str, value: float, diff: bool = False) -> str:
        if value != value:
            return ""
        if measure == "win_rate":
            return f"{100 * value:+.1f} pts" if diff else f"{value:.1%}"
        return f"{value:+.2f}"

    rows = [[r["measure"].replace("_", " "), figure(r["measure"], r["a"]), figure(r["measure"], r["b"]),
             figure(r["measure"], r["diff"], True),
             f"{figure(r['measure'], r['lo'], True)} to {figure(r['measure'], r['hi'], True)}"
             if r["lo"] == r["lo"] else ""] for r in result.rows]
    how = (f"paired over {result.pairs:,} games both finished" if result.paired
           else f"independent: {result.games[0]:,} and {result.games[1]:,} finished games")
    lines = [f"A: {names[0]}", f"B: {names[1]}",
             text_table(["measure", "A", "B", "B - A", "95% interval"], rows), how]
    return "\n".join(lines + result.notes)
