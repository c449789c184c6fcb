"""Paired differences between sweep cells that played the same games (common random numbers).

Game ``i`` of every cell of a sweep uses the same per-game seed, so cell and baseline are compared
game by game: ``d_i = x_i(cell) - x_i(baseline)`` for the win indicator (1 if the player won, else 0)
and for the margin, over the ``n`` games that finished in both cells. The 95% interval of the mean
margin difference is the paired-difference normal interval ``mean(d) ± z · sd(d) / sqrt(n)``; that of
the win-rate difference is the Agresti-Min interval (:func:`win_interval`), which stays honest where
the normal one collapses, as when neither cell won a game.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from automa.core.intervals import Z95, games_for_paired_difference, games_for_win_rate, paired_win_interval

HALF_WIDTH = 0.01  # the interval half-width of the "games needed" table: ±1 percentage point
COLUMNS = ("cell", "baseline", "pairs", "win_rate", "baseline_win_rate", "win_rate_diff",
           "win_rate_diff_lo", "win_rate_diff_hi", "margin_mean", "baseline_margin_mean",
           "margin_diff", "margin_diff_lo", "margin_diff_hi")


def differences(games: pd.DataFrame, cell: str, baseline: str) -> pd.DataFrame:
    """Per-game ``win`` and ``margin`` differences of ``cell`` minus ``baseline``, by ``game_index``."""
    def side(name: str) -> pd.DataFrame:
        rows = games[(games["cell"] == name) & (games["error"] == "")]
        return pd.DataFrame({"game_index": rows["game_index"].to_numpy(),
                             "win": (rows["winner"] == "player").to_numpy(dtype="int64"),
                             "margin": rows["margin"].to_numpy(dtype="int64")})

    both = side(cell).merge(side(baseline), on="game_index", suffixes=("", "_base"))
    return pd.DataFrame({"game_index": both["game_index"], "win": both["win"], "win_base": both["win_base"],
                         "margin": both["margin"], "margin_base": both["margin_base"],
                         "win_diff": both["win"] - both["win_base"],
                         "margin_diff": both["margin"] - both["margin_base"]})


def interval(d: np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``d`` and its paired-difference normal interval (NaN bounds below 2 values)."""
    n = len(d)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = float(np.mean(d))
    if n < 2:
        return mean, math.nan, math.nan
    half = z * float(np.std(d, ddof=1)) / math.sqrt(n)
    return mean, mean - half, mean + half


def win_interval(d: np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """The mean of per-game win differences ``d`` and its Agresti-Min 95% interval.

    Each ``d_i`` lies in -1..1: one pair's difference of win indicators, or the mean of several pairs'
    on the same game (a finding averaged over cells). The interval is the normal one after adding two
    pseudo-games: half a game won only by the cell (+1), half won only by the reference (-1) and one
    even (0), so that it is centred on ``sum(d) / (n + 2)`` and never collapses to a point when no game
    differs. For 0/1 indicators it is :func:`automa.core.intervals.paired_win_interval` exactly; NaN for
    no games.
    """
    n = len(d)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = n + 2
    centre = float(np.sum(d)) / m
    spread = (float(np.sum(np.square(d))) + 1) / m - centre * centre
    half = z * math.sqrt(spread / m)
    return float(np.mean(d)), max(-1.0, centre - half), min(1.0, centre + half)


def paired_row(games: pd.DataFrame, cell: str, baseline: str) -> dict:
    """One row of ``paired.csv``: ``cell`` against ``baseline`` over the games both finished; the win-rate
    difference's bounds (``win_rate_diff_lo``, ``win_rate_diff_hi``) are Agresti-Min's
    (:func:`automa.core.intervals.paired_win_interval`), the margin difference's the normal interval's."""
    d = differences(games, cell, baseline)
    win, win_lo, win_hi = paired_win_interval(d["win"].tolist(), d["win_base"].tolist())
    margin, margin_lo, margin_hi = interval(d["margin_diff"].to_numpy())
    return {"cell": cell, "baseline": baseline, "pairs": len(d),
            "win_rate": d["win"].mean(), "baseline_win_rate": d["win_base"].mean(),
            "win_rate_diff": win, "win_rate_diff_lo": win_lo, "win_rate_diff_hi": win_hi,
            "margin_mean": d["margin"].mean(), "baseline_margin_mean": d["margin_base"].mean(),
            "margin_diff": margin, "margin_diff_lo": margin_lo, "margin_diff_hi": margin_hi}


def paired_table(games: pd.DataFrame, cells: list[str], baselines: dict[str, str]) -> pd.DataFrame:
    """``paired.csv``: one row per cell that has a baseline (``baselines[cell]``), in cell order."""
    return pd.DataFrame([paired_row(games, c, baselines[c]) for c in cells if c in baselines],
                        columns=list(COLUMNS))


def needed_table(games: pd.DataFrame, cells: list[str], baselines: dict[str, str]) -> pd.DataFrame:
    """Games per cell for ±1 point on its win rate, and on its paired win-rate difference to its baseline
    (``baselines[cell]``), at the observed rates.

    Interval-based, so honest at 0% and 100%: the games after which the Wilson interval of the win
    rate, and the Agresti-Min interval of the paired difference (from the observed shares of pairs the
    cell won and its baseline did not, and the reverse), are ±1 point wide
    (:func:`automa.core.intervals.games_for_win_rate`, :func:`~automa.core.intervals.games_for_paired_difference`).
    No paired figure for a cell without a baseline.
    """
    rows = []
    for cell in cells:
        done = games[(games["cell"] == cell) & (games["error"] == "")]
        p = float((done["winner"] == "player").mean()) if len(done) else math.nan
        d = differences(games, cell, baselines[cell])["win_diff"].to_numpy() if cell in baselines else ()
        paired = (games_for_paired_difference(float(np.mean(d == 1)), float(np.mean(d == -1)), HALF_WIDTH)
                  if len(d) else math.nan)
        rows.append({"cell": cell, "win_rate": p, "games_for_win_rate": games_for_win_rate(p, HALF_WIDTH),
                     "games_for_paired_diff": paired})
    return pd.DataFrame(rows)
