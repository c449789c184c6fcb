"""A study's findings in words: how each setting of the question's axis compares with the baseline's,
for each strategy, and why, with 95% intervals.

Every finding is a paired difference on common random numbers (:mod:`automa.analysis.paired`): for game
``i``, the difference of a per-game value (the margin, the win indicator, a category's points)
between two settings, averaged over the cells of the other grid axes where both settings were
played, within one strategy (never pooled over strategies), so that there is one number per game.
Games are independent across ``i``, so the margin's interval is the paired-difference normal interval
of those numbers, and the win rate's the Agresti-Min interval (:func:`automa.analysis.paired.win_interval`),
over the games that finished in every cell involved.

The verdict ("harder", "easier") reads both: where the margin and the win rate disagree, the finding
says so and gives the reason its games show (the margins' spread, the share of close games); where a
strategy almost never (or almost always) wins, it says the win rate cannot tell and rests on the margin.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from automa.analysis.paired import interval, win_interval

SECTIONS = {
    "setting": "Each setting against the baseline's, for each strategy",
    "other": "The other settings against the baseline's, for each strategy",
    "strategy": "For whom: each strategy against the baseline's",
    "why": "Why: the score category that moves most",
}
RARE = 0.02  # a win rate below 2% (or above 98%) in both settings: the win rate cannot tell
CLOSE = 3  # a close game ends within 3 VP of a tie
SPREAD = 0.05  # a spread (standard deviation) 5% wider or narrower counts as a change
FEW = 0.15  # under 15% close games in both settings: few games near the winning line


@dataclass(frozen=True)
class Finding:
    """One sentence with its paired margin and win-rate differences (mean, low, high) over ``games``;
    ``over`` names the axes it is averaged over. A comparison of two settings for one strategy also has
    ``strategy``, ``value`` and ``reference`` (the settings compared, in words), ``verdict`` ("harder",
    "easier by win rate, not clearly by margin", ...: :func:`verdict`), ``rates`` (the share of games
    won at that setting and at the reference), ``rare`` (the win rate cannot tell), ``note`` (why the
    margin and the win rate disagree, or that the win rate cannot tell) and ``limit`` (a rule the
    strategy is known to ignore at that setting, from its ``ignores``)."""

    section: str
    text: str
    over: str
    margin: tuple[float, float, float]
    win: tuple[float, float, float]
    games: int
    strategy: str = ""
    value: str = ""
    reference: str = ""
    verdict: str = ""
    rates: tuple[float, float] = (math.nan, math.nan)
    rare: bool = False
    note: str = ""
    limit: str = ""


@dataclass(frozen=True)
class Spread:
    """The margins of one setting's games: the share won, their mean, standard deviation and the share
    within :data:`CLOSE` VP of a tie."""

    win: float
    mean: float
    sd: float
    close: float


def shown(axis: str, value: str) -> str:
    """``difficulty 4``, ``modules (none)``, ``modules epic + warfare``: a setting in words."""
    return f"{axis} {value.replace(',', ' + ') or '(none)'}"


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
        """The mean over ``pairs`` of cell minus reference, per game; its mean and interval (Agresti-Min's
        for ``win``), and the games."""
        table = self.tables[column]
        diffs = pd.concat([table[a] - table[b] for a, b in pairs], axis=1).dropna()
        d = diffs.mean(axis=1).to_numpy()
        return (win_interval if column == "win" else interval)(d), len(d)

    def spread(self, cells: list[str]) -> Spread:
        """The margins of the finished games of ``cells``, pooled."""
        margins = self.tables["margin"][cells].to_numpy().ravel()
        wins = self.tables["win"][cells].to_numpy().ravel()
        margins, wins = margins[~np.isnan(margins)], wins[~np.isnan(wins)]
        return Spread(float(wins.mean()), float(margins.mean()), float(margins.std(ddof=1)),
                      float(np.mean(np.abs(margins) <= CLOSE)))


def _over(grid: Grid, axis: str, fixed: dict[str, str]) -> str:
    rest = [a for a in grid.axes if a != axis and a not in fixed and len(grid.axes[a]) > 1]
    return f"mean over every {' and '.join(rest)}" if rest else ""


def _direction(effect: tuple[float, float, float]) -> int:
    """+1 if the interval lies above 0, -1 below, 0 if it holds 0 (or there is none)."""
    _, lo, hi = effect
    return 0 if math.isnan(lo) or lo <= 0 <= hi else 1 if lo > 0 else -1


WORDS = {-1: "harder", 1: "easier"}


def verdict(new: Spread, ref: Spread, margin: tuple, win: tuple) -> tuple[str, str, bool]:
    """The verdict of a setting against a reference, for the player, from the margin and the win rate
    together: its word ("harder", "easier", "not clearly harder or easier"), what it rests on where the
    two do not agree ("by margin, not clearly by win rate", "by margin but easier by win rate", ...) and
    whether the win rate cannot tell (a win rate under :data:`RARE` from 0% or 100% in both settings),
    when the verdict rests on the margin alone and says so."""
    dm, dw = _direction(margin), _direction(win)
    if all(min(s.win, 1 - s.win) < RARE for s in (new, ref)):
        return WORDS.get(dm, "not clearly harder or easier"), "by margin", True
    if dm == dw:
        return WORDS.get(dm, "not clearly harder or easier"), "", False
    if not dw:
        return WORDS[dm], "by margin, not clearly by win rate", False
    if not dm:
        return WORDS[dw], "by win rate, not clearly by margin", False
    return WORDS[dm], f"by margin but {WORDS[dw]} by win rate", False


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def reason(a: str, b: str, new: Spread, ref: Spread, margin: tuple, win: tuple) -> str:
    """Why the margin and the win rate of setting ``a`` against ``b`` disagree, from their games.

    The win rate counts the games above a tie; the margin is their mean. With the player behind on
    average, a wider spread of margins puts more games above a tie at the same mean (ahead on
    average: fewer). So a change of spread explains wins that move without the margin, or against it,
    or that stay put while the margin moves. Otherwise few close games explain wins that stay put while
    the margin moves; failing both, the sentence gives the figures and says they single out no reason.
    """
    dm, dw = _direction(margin), _direction(win)
    change = new.sd / ref.sd - 1 if ref.sd else 0.0
    behind = (new.mean + ref.mean) / 2 < 0
    push = 0 if abs(change) < SPREAD else _sign(change) * (1 if behind else -1)  # +1: more games above a tie
    wider = "wider" if change > 0 else "narrower"
    sd = f"standard deviation {new.sd:.1f} VP against {ref.sd:.1f} at {b}"
    player = f"with the player {'behind' if behind else 'ahead'} on average"
    figures = (f"the margins' standard deviation is {new.sd:.1f} VP at {a} against {ref.sd:.1f} at {b}, and "
               f"{new.close:.0%} against {ref.close:.0%} of games end within {CLOSE} VP of a tie")
    if dw and push == dw:
        moves = f"{'falls' if margin[0] < 0 else 'rises'} {abs(margin[0]):.1f} VP" if dm else "barely moves"
        return (f"Margin and win rate disagree: the margins spread {wider} at {a} ({sd}); {player}, that puts "
                f"{'more' if dw > 0 else 'fewer'} games above a tie although the mean margin {moves}.")
    if not dw and push == -dm:
        return (f"Margin and win rate disagree: the margins spread {wider} at {a} ({sd}); {player}, that keeps "
                f"about as many games above a tie although the mean margin {'falls' if dm < 0 else 'rises'}.")
    if not dw and max(new.close, ref.close) < FEW:
        return (f"Margin and win rate disagree: few games are close: {new.close:.0%} at {a} and {ref.close:.0%} at "
                f"{b} end within {CLOSE} VP of a tie, so a shift of {abs(margin[0]):.1f} VP carries few of them "
                "across.")
    return f"Margin and win rate disagree, and the games single out no reason: {figures}."


def findings(games: pd.DataFrame, grid: Grid, axis: str | None, baseline: dict[str, str],
             categories: list[str], limits: dict[tuple[str, str, str], str] | None = None) -> list[Finding]:
    """Every finding, section by section (:data:`SECTIONS`); ``baseline`` holds the baseline cell's values.

    ``axis`` is the question's axis: each of its values is compared with the baseline's, for each
    strategy, averaged over the other axes within that strategy. ``limits`` maps (strategy, axis, value)
    to a rule the strategy is known to ignore at that setting (its ``ignores``), said beside its finding.
    """
    sides = [f"{side}_{c}" for side in ("player", "automa") for c in categories]
    per_game = PerGame(games, ["margin", *sides])
    limits = limits or {}
    strategies = grid.axes["strategy"]
    out = []

    def add(section: str, text: str, over: str, pairs: list[tuple[str, str]], **more) -> None:
        margin, n = per_game.effect("margin", pairs)
        win, _ = per_game.effect("win", pairs)
        out.append(Finding(section, text, over, margin, win, n, **more))

    def against_baseline(section: str, name: str) -> None:
        ref = baseline[name]
        for s in strategies:
            for value in grid.axes[name]:
                pairs = grid.pairs(name, value, ref, {"strategy": s})
                if value == ref or not pairs:
                    continue
                a, b = shown(name, value), shown(name, ref)
                margin, _ = per_game.effect("margin", pairs)
                win, _ = per_game.effect("win", pairs)
                new, old = per_game.spread([p[0] for p in pairs]), per_game.spread([p[1] for p in pairs])
                word, basis, rare = verdict(new, old, margin, win)
                if rare:
                    note = (f"The win rate cannot tell ({s} wins {new.win:.1%} of games at {a}, {old.win:.1%} at {b}): "
                            "the verdict rests on the margin.")
                else:
                    note = "" if _direction(margin) == _direction(win) else reason(a, b, new, old, margin, win)
                basis = f" {basis}" if basis else ""
                add(section, f"{a} is {word} than {b} for {s}{basis}", _over(grid, name, {"strategy": s}), pairs,
                    strategy=s, value=a, reference=b, verdict=word + basis, rates=(new.win, old.win), rare=rare,
                    note=note, limit=limits.get((s, name, value), ""))

    if axis is not None:
        against_baseline("setting", axis)
    for name in grid.axes:
        if name not in ("strategy", axis):
            against_baseline("other", name)
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
    if axis is not None and len(grid.axes[axis]) > 1:
        first, last = grid.axes[axis][0], grid.axes[axis][-1]
        for s in strategies:
            pairs = grid.pairs(axis, last, first, {"strategy": s})
            if not pairs:
                continue
            moves = [(per_game.effect(c, pairs)[0], c) for c in sides]
            (mean, lo, hi), column = max(moves, key=lambda m: abs(m[0][0]) if not math.isnan(m[0][0]) else -1)
            side, _, category = column.partition("_")
            text = (f"from {shown(axis, first)} to {shown(axis, last)}, {side} points for {category} move most for "
                    f"{s}: {round(mean, 1) + 0.0:+.1f} VP [{round(lo, 1) + 0.0:+.1f}, {round(hi, 1) + 0.0:+.1f}] "
                    "per game")
            add("why", text, _over(grid, axis, {"strategy": s}), pairs)
    return out


def ever_scored(games: pd.DataFrame, side: str, categories: list[str]) -> list[str]:
    """The categories in which ``side`` scored (or lost) a point in some finished game."""
    done = games[games["error"] == ""]
    return [c for c in categories if np.any(done[f"{side}_{c}"].fillna(0).to_numpy(dtype=float) != 0)]
