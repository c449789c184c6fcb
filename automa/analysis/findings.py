"""A study's findings in words: how much harder each setting is, for whom, and why, with 95% intervals.

Every finding is a paired difference on common random numbers (:mod:`automa.analysis.paired`): for game
``i``, the difference of a per-game value (the margin, the win indicator, a category's points)
between two settings, averaged over the cells of the other grid axes where both settings were
played, so that there is one number per game. Games are independent across ``i``, so the interval is
the paired-difference normal interval of those numbers over the games that finished in every cell
involved.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from automa.analysis.paired import interval

SECTIONS = {
    "setting": "How hard each setting is, for each strategy",
    "other": "The other settings, against the baseline's",
    "strategy": "For whom: each strategy against the baseline's",
    "why": "Why: the score category that moves most",
}


@dataclass(frozen=True)
class Finding:
    """One sentence with its paired margin and win-rate differences (mean, low, high) over ``games``;
    ``over`` names the axes it is averaged over."""

    section: str
    text: str
    over: str
    margin: tuple[float, float, float]
    win: tuple[float, float, float]
    games: int


def shown(axis: str, value: str) -> str:
    """``difficulty 4``, ``modules (none)``: a setting in words."""
    return f"{axis} {value or '(none)'}"


class Grid:
    """The cells of a study by their values: the strategy and every varying grid axis, as text."""

    def __init__(self, cells: pd.DataFrame, axes: dict[str, list[str]]):
        self.axes = axes  # axis -> its values in order, "strategy" first
        self.labels = {tuple(r[1:]): r[0] for r in cells[["cell", *axes]].itertuples(index=False)}

    def cell(self, values: dict[str, str]) -> str | None:
        return self.labels.get(tuple(values[a] for a in self.axes))

    def pairs(self, axis: str, new: str, ref: str, fixed: dict[str, str]) -> list[tuple[str, str]]:
        """(cell, reference cell) with ``axis`` at ``new`` and at ``ref``, ``fixed`` axes as given, every
        combination of the other axes where both were played."""
        rest = [a for a in self.axes if a != axis and a not in fixed]
        out = []
        for combo in itertools.product(*[self.axes[a] for a in rest]):
            values = fixed | dict(zip(rest, combo))
            a, b = self.cell(values | {axis: new}), self.cell(values | {axis: ref})
            if a and b:
                out.append((a, b))
        return out


class PerGame:
    """Per-game values of every cell (rows: game index, columns: cells) over the finished games."""

    def __init__(self, games: pd.DataFrame, columns: list[str]):
        done = games[games["error"] == ""]
        frame = done[["cell", "game_index", *columns]].assign(win=(done["winner"] == "player").astype(float))
        self.tables = {c: frame.pivot(index="game_index", columns="cell", values=c).astype(float)
                       for c in [*columns, "win"]}

    def effect(self, column: str, pairs: list[tuple[str, str]]) -> tuple[tuple[float, float, float], int]:
        """The mean over ``pairs`` of cell minus reference, per game; its mean and interval, and the games."""
        table = self.tables[column]
        diffs = pd.concat([table[a] - table[b] for a, b in pairs], axis=1).dropna()
        d = diffs.mean(axis=1).to_numpy()
        return interval(d), len(d)


def _over(grid: Grid, axis: str, fixed: dict[str, str]) -> str:
    rest = [a for a in grid.axes if a != axis and a not in fixed and len(grid.axes[a]) > 1]
    return f"mean over every {' and '.join(rest)}" if rest else ""


def _harder(a: str, b: str, margin: tuple[float, float, float], who: str) -> str:
    """``a`` against ``b`` in words from their margin difference ``a - b``."""
    mean, lo, hi = margin
    if math.isnan(lo) or lo <= 0 <= hi:
        return f"{a} is not clearly harder or easier than {b}{who}"
    word, size, low, high = ("harder", -mean, -hi, -lo) if hi < 0 else ("easier", mean, lo, hi)
    return f"{a} is {size:.1f} VP [{low:.1f}, {high:.1f}] {word} than {b}{who}"


def findings(games: pd.DataFrame, grid: Grid, x: str | None, baseline: dict[str, str],
             categories: list[str]) -> list[Finding]:
    """Every finding, section by section (:data:`SECTIONS`); ``baseline`` holds the baseline cell's values."""
    sides = [f"{side}_{c}" for side in ("player", "automa") for c in categories]
    per_game = PerGame(games, ["margin", *sides])
    out = []

    def add(section: str, text: str, over: str, pairs: list[tuple[str, str]]) -> None:
        margin, n = per_game.effect("margin", pairs)
        win, _ = per_game.effect("win", pairs)
        out.append(Finding(section, text, over, margin, win, n))

    strategies = grid.axes["strategy"]
    if x is not None:
        for s in strategies:
            for ref, new in zip(grid.axes[x], grid.axes[x][1:]):
                pairs = grid.pairs(x, new, ref, {"strategy": s})
                if pairs:
                    margin, _ = per_game.effect("margin", pairs)
                    add("setting", _harder(shown(x, new), shown(x, ref), margin, f" for {s}"),
                        _over(grid, x, {"strategy": s}), pairs)
    for axis in grid.axes:
        if axis in ("strategy", x):
            continue
        for value in grid.axes[axis]:
            pairs = grid.pairs(axis, value, baseline[axis], {})
            if value != baseline[axis] and pairs:
                margin, _ = per_game.effect("margin", pairs)
                add("other", _harder(shown(axis, value), shown(axis, baseline[axis]), margin, ""),
                    _over(grid, axis, {}), pairs)
    for s in strategies:
        pairs = grid.pairs("strategy", s, baseline["strategy"], {})
        if s != baseline["strategy"] and pairs:
            margin, _ = per_game.effect("margin", pairs)
            mean, lo, hi = margin
            if math.isnan(lo) or lo <= 0 <= hi:
                text = f"{s} does not clearly score better or worse than {baseline['strategy']}"
            else:
                word = "better" if lo > 0 else "worse"
                text = (f"{s} scores {abs(mean):.1f} VP [{min(abs(lo), abs(hi)):.1f}, {max(abs(lo), abs(hi)):.1f}] "
                        f"{word} against the automa than {baseline['strategy']}")
            add("strategy", text, _over(grid, "strategy", {}), pairs)
    if x is not None and len(grid.axes[x]) > 1:
        first, last = grid.axes[x][0], grid.axes[x][-1]
        for s in strategies:
            pairs = grid.pairs(x, last, first, {"strategy": s})
            if not pairs:
                continue
            moves = [(per_game.effect(c, pairs)[0], c) for c in sides]
            (mean, lo, hi), column = max(moves, key=lambda m: abs(m[0][0]) if not math.isnan(m[0][0]) else -1)
            side, _, category = column.partition("_")
            text = (f"from {shown(x, first)} to {shown(x, last)}, {side} points for {category} move most for "
                    f"{s}: {round(mean, 1) + 0.0:+.1f} VP [{round(lo, 1) + 0.0:+.1f}, {round(hi, 1) + 0.0:+.1f}] "
                    "per game")
            add("why", text, _over(grid, x, {"strategy": s}), pairs)
    return out


def ever_scored(games: pd.DataFrame, side: str, categories: list[str]) -> list[str]:
    """The categories in which ``side`` scored (or lost) a point in some finished game."""
    done = games[games["error"] == ""]
    return [c for c in categories if np.any(done[f"{side}_{c}"].fillna(0).to_numpy(dtype=float) != 0)]
