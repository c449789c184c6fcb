"""Statistics of a games table: the per-configuration summary, its text, and the tally a run keeps
(the intervals themselves: :mod:`automa.core.intervals`)."""
from __future__ import annotations

import math
from collections import Counter
from operator import add
from typing import TYPE_CHECKING, Any

from automa.core.errors import UsageError
from automa.core.intervals import wilson
from automa.core.results import GUARD_SEP, layout

if TYPE_CHECKING:  # pandas loads lazily: a simulate run and every worker tally without it
    import pandas as pd

SCORES = ("player_score", "automa_score", "margin")
QUANTILES = {"p10": 0.1, "p50": 0.5, "p90": 0.9}


def configuration(df: pd.DataFrame) -> list[str]:
    """The columns that make a configuration: the strategy and every game option."""
    return ["strategy"] + layout(list(df.columns))[0]


def summarize(df: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """One summary row per group of ``by`` (default: per configuration, strategy x options).

    ``games`` counts every row and ``errors`` the rows whose game raised; every other statistic is
    over the games that finished. ``win_rate`` counts ties as non-wins. The statistics are computed
    by :class:`Tally` (from value counts), so a summary made while a run streams to disk equals the
    summary of the games file read back, to the last digit.
    """
    import pandas as pd

    by = configuration(df) if by is None else list(by)
    unknown = [c for c in by if c not in df.columns]
    if unknown:
        raise UsageError(f"cannot group by unknown column {unknown[0]!r}; columns: {', '.join(df.columns)}")
    categories = layout(list(df.columns))[1]
    keys = df[by].copy()
    if "cell" in by:  # a sweep's cells keep their order (the order of the games file), not the alphabet's
        keys["cell"] = pd.Categorical(keys["cell"], categories=list(dict.fromkeys(keys["cell"])), ordered=True)
    groups = df.groupby([keys[c] for c in by], sort=True, dropna=False, observed=True) if by else [((), df)]
    rows = []
    for key, group in groups:
        key = key if isinstance(key, tuple) else (key,)
        rows.append(dict(zip(by, key)) | Tally.of_frame(group, categories).stats(categories))
    return pd.DataFrame(rows)


ROUND = 4  # decimals of the summary's statistics as ``summarize`` prints them


def rounded(summary: pd.DataFrame) -> pd.DataFrame:
    """The summary with its float columns rounded to :data:`ROUND` decimals (40.1, not 40.099999999999994)."""
    floats = summary.select_dtypes("float").columns
    return summary.assign(**{c: summary[c].round(ROUND) for c in floats})


TABLE = (("games", "{:,}"), ("player_wins", "{:,}"), ("win_rate", "{:.1%}"), ("95% CI", None),
         ("ties", "{:,}"), ("margin_mean", "{:+.2f}"), ("margin_std", "{:.2f}"), ("margin_p10", "{:+.1f}"),
         ("margin_p50", "{:+.1f}"), ("margin_p90", "{:+.1f}"), ("player_score_mean", "{:.2f}"),
         ("automa_score_mean", "{:.2f}"), ("errors", "{:,}"))


def summary_text(summary: pd.DataFrame, by: list[str], defaults: dict[str, Any]) -> str:
    """The summary as a fixed-width table for people: the group columns that vary, then the main
    statistics. Group columns with one value are named once above it, options only if they differ
    from ``defaults`` (the game's)."""
    varying = [c for c in by if summary[c].nunique(dropna=False) > 1]
    same = [f"{c}={summary[c].iloc[0]}" for c in by if c not in varying and not summary.empty
            and (c not in defaults or str(summary[c].iloc[0]) != str(defaults[c]))]
    rows = []
    for r in summary.to_dict("records"):
        cells = [str(r[c]) for c in varying]
        for col, fmt in TABLE:
            if col == "95% CI":
                cells.append(f"{r['win_rate_lo']:.1%} to {r['win_rate_hi']:.1%}")
            else:
                cells.append("" if r[col] != r[col] else fmt.format(r[col]))  # NaN: no finished game
        rows.append(cells)
    head = varying + [c for c, _ in TABLE]
    table = text_table(head, rows, left=len(varying))
    return "\n".join(([f"every row: {', '.join(same)}"] if same else []) + [table])


def text_table(head: list[str], rows: list[list[str]], left: int = 1) -> str:
    """Rows of text as a fixed-width table: the first ``left`` columns left-aligned, the rest right-aligned."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(head)]

    def line(values) -> str:
        return "  ".join(v.ljust(w) if i < left else v.rjust(w) for i, (v, w) in enumerate(zip(values, widths)))

    return "\n".join(line(r).rstrip() for r in [head, ["-" * w for w in widths]] + rows)


def summary_row(config: dict, tally: "Tally", categories: list[str]) -> dict:
    """The one row of a run's ``summary.csv``: its configuration, then its :class:`Tally`'s statistics."""
    return dict(config) | tally.stats(categories)


def summary_frame(config: dict, tally: "Tally", categories: list[str]) -> pd.DataFrame:
    """The one-row ``summary.csv`` of a run from its configuration and its :class:`Tally`."""
    import pandas as pd

    return pd.DataFrame([summary_row(config, tally, categories)])


def summary_csv(row: dict) -> str:
    """A :func:`summary_row` as the text of ``summary.csv``, without pandas: the bytes of
    ``summary_frame(...).to_csv(index=False)`` (floats by ``repr``, NaN and None empty, minimal quoting)."""
    import csv
    import io

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(row)
    writer.writerow(["" if v is None or (isinstance(v, float) and math.isnan(v)) else v for v in row.values()])
    return buf.getvalue()


class Tally:
    """Online summary statistics of games: counts, and value counts of every integer score column.

    Scores are whole numbers, so the value counts are exact and small; tallies of chunks merge by
    adding counts, whatever the order, and :meth:`stats` gives the same floats for the same games
    however they were split. Memory does not grow with the number of games.

    Only ``"player"`` counts as a win and ``"tie"`` as a tie: ``"automa"`` and ``"none"`` (no winner,
    automa.core.results.NO_WINNER) are neither. With ``guards`` (a game with ``Game.guards``) it also
    counts the finished games each guard fired in, from the ``guards`` cell (a row's last but one).
    """

    __slots__ = ("games", "errors", "wins", "ties", "hist", "sums", "guards")

    def __init__(self, n_categories: int = 0, guards: bool = False):
        self.games = self.errors = self.wins = self.ties = 0
        self.hist = [Counter(), Counter(), Counter()]  # player_score, automa_score, margin
        self.sums = [0] * n_categories  # player_<c>..., automa_<c>...
        self.guards: Counter | None = Counter() if guards else None  # rule ID -> games it fired in

    def add_row(self, winner: str, error: str, scores, categories) -> None:
        """One game: its winner, error text, (player, automa, margin) and category points (ints)."""
        self.games += 1
        if error:
            self.errors += 1
            return
        self.wins += winner == "player"
        self.ties += winner == "tie"
        for h, v in zip(self.hist, scores):
            h[v] += 1
        self.sums = list(map(add, self.sums, categories))

    def add_games_row(self, r: list, first: int) -> None:
        """One row of a games table (``results.row``, its game results from index ``first``)."""
        if r[-1]:
            self.add_row("", r[-1], (), ())
        else:
            self.add_row(r[first + 3], "", r[first:first + 3], r[first + 4:first + 4 + len(self.sums)])
            if self.guards is not None and r[-2]:
                self.guards.update(r[-2].split(GUARD_SEP))

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.errors += other.errors
        self.wins += other.wins
        self.ties += other.ties
        for mine, theirs in zip(self.hist, other.hist):
            mine.update(theirs)
        if len(self.sums) < len(other.sums):
            self.sums += [0] * (len(other.sums) - len(self.sums))
        for i, v in enumerate(other.sums):
            self.sums[i] += v
        if other.guards:
            if self.guards is None:
                self.guards = Counter()
            self.guards.update(other.guards)

    @classmethod
    def of_frame(cls, group: pd.DataFrame, categories: list[str]) -> "Tally":
        """The tally of a games table (the columns of ``games.csv`` as read back)."""
        tally = cls(len(categories))
        done = group[group["error"] == ""]
        tally.games, tally.errors = len(group), len(group) - len(done)
        tally.wins = int((done["winner"] == "player").sum())
        tally.ties = int((done["winner"] == "tie").sum())
        for h, col in zip(tally.hist, SCORES):
            h.update({int(k): int(v) for k, v in done[col].value_counts().items()})
        tally.sums = [int(done[c].sum()) for c in categories]
        return tally

    def stats(self, categories: list[str]) -> dict:
        """The statistics columns of ``summary.csv`` (after the configuration columns)."""
        n = self.games - self.errors
        lo, hi = wilson(self.wins, n)
        out = {"games": self.games, "player_wins": self.wins, "ties": self.ties,
               "win_rate": self.wins / n if n else math.nan, "win_rate_lo": lo, "win_rate_hi": hi}
        for col, hist in zip(SCORES, self.hist):
            items = sorted(hist.items())
            total = sum(v * c for v, c in items)
            mean = total / n if n else math.nan
            out[f"{col}_mean"] = mean
            out[f"{col}_std"] = (math.sqrt(sum(c * (v - mean) ** 2 for v, c in items) / (n - 1))
                                 if n > 1 else math.nan)
            out |= {f"{col}_{name}": _quantile(items, n, q) for name, q in QUANTILES.items()}
        sums = self.sums + [0] * (len(categories) - len(self.sums))
        out |= {f"{col}_mean": (s / n if n else math.nan) for col, s in zip(categories, sums)}
        out["errors"] = self.errors
        return out


def _quantile(items: list[tuple[int, int]], n: int, q: float) -> float:
    """The ``q`` quantile (linear interpolation, as numpy's default) of ``n`` values given as sorted counts."""
    if n == 0:
        return math.nan
    h = (n - 1) * q
    k = math.floor(h)
    below = _order_stat(items, k)
    above = _order_stat(items, min(k + 1, n - 1))
    return float(below + (h - k) * (above - below))


def _order_stat(items: list[tuple[int, int]], k: int) -> int:
    """The ``k``-th smallest value (0-based) of sorted value counts."""
    seen = 0
    for value, count in items:
        seen += count
        if k < seen:
            return value
    raise IndexError(k)
