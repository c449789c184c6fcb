"""Statistics of a games table: the Wilson score interval and the per-configuration summary."""
from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from operator import add
from typing import TYPE_CHECKING, Any

from automa.core.errors import UsageError
from automa.core.results import layout

if TYPE_CHECKING:  # pandas loads lazily: a simulate run and every worker tally without it
    import pandas as pd

Z95 = 1.959963984540054  # the standard normal 97.5% quantile, as scipy.stats.norm.isf(0.025)
SCORES = ("player_score", "automa_score", "margin")
QUANTILES = {"p10": 0.1, "p50": 0.5, "p90": 0.9}


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (no continuity correction) for ``successes`` out of ``trials``."""
    if trials == 0:
        return math.nan, math.nan
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return lo, hi


@lru_cache(maxsize=None)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (``p`` above 1/2) of Student's t distribution with ``df`` degrees of freedom,
    by bisection on its CDF, ``1 - I_x(df/2, 1/2) / 2`` at ``x = df / (df + t²)`` (the regularized
    incomplete beta function, :func:`_beta_inc`); 12.706 for ``p = 0.975, df = 1``, 1.960 as ``df`` grows."""
    if df < 1 or not 0.5 <= p < 1:
        raise ValueError(f"t_quantile needs df >= 1 and 1/2 <= p < 1, got p={p}, df={df}")
    lo, hi = 0.0, 1.0
    while 1 - 0.5 * _beta_inc(df / 2, 0.5, df / (df + hi * hi)) < p:
        lo, hi = hi, hi * 2
    for _ in range(100):
        mid = (lo + hi) / 2
        if 1 - 0.5 * _beta_inc(df / 2, 0.5, df / (df + mid * mid)) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _beta_inc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function ``I_x(a, b)``, by its continued fraction (modified Lentz;
    Press et al., Numerical Recipes, 6.4), on the side of ``x`` where it converges fast."""
    if x <= 0 or x >= 1:
        return 0.0 if x <= 0 else 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x > (a + 1) / (a + b + 2):
        return 1 - _beta_inc(b, a, 1 - x)
    tiny, f, c, d = 1e-300, 1.0, 1.0, 0.0
    for i in range(400):
        m = i // 2
        if i == 0:
            num = 1.0
        elif i % 2:
            num = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))
        else:
            num = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m))
        d = 1 + num * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + num / c
        c = c if abs(c) > tiny else tiny
        f *= c * d
        if abs(1 - c * d) < 1e-15:
            break
    return front * (f - 1) / a


def mean_interval(values, z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its Student t 95% interval (``mean ± t · sd / sqrt(n)``, the t
    quantile matching ``z``'s coverage); NaN bounds below 2 values."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = math.fsum(values) / n
    if n < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(_coverage(z), n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def _coverage(z: float) -> float:
    """The upper quantile level of the normal ``z`` (0.975 for :data:`Z95`)."""
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def games_for_win_rate(p: float, half_width: float, z: float = Z95) -> float:
    """Games for the Wilson interval of a win rate ``p`` to be at most ``± half_width``.

    The smallest ``n`` with ``z·sqrt(n·p(1−p) + z²/4) / (n + z²) <= half_width`` (the Wilson half-width at
    ``n`` games), in closed form. Honest at 0% and 100%, where the interval is ``[0, z²/(n + z²)]`` and
    still needs ``z²(1/(2·half_width) − 1)`` games, not 1 as ``p(1−p)`` would suggest.
    """
    if math.isnan(p):
        return math.nan
    pq, h2 = p * (1 - p), half_width * half_width
    n = z * z * (pq - 2 * h2 + math.sqrt(pq * pq + h2 * (1 - 4 * pq))) / (2 * h2)
    return max(1, math.ceil(n - 1e-9))


def paired_half_width(n: int, p10: float, p01: float, z: float = Z95) -> float:
    """Half-width of the Agresti-Min interval of a paired difference after ``n`` pairs with discordant
    shares ``p10`` (cell won, baseline not) and ``p01``: the Wald interval after adding 1/2 to each of the
    four cells of the 2x2 table, so it never collapses when no pair differs."""
    m = n + 2
    a, b = (n * p10 + 0.5) / m, (n * p01 + 0.5) / m
    return z * math.sqrt((a + b - (a - b) ** 2) / m)


def paired_win_interval(a: list[int], b: list[int], z: float = Z95) -> tuple[float, float, float]:
    """The mean paired difference of two win indicators (1/0) over the same games, ``a`` minus ``b``,
    and its Agresti-Min 95% interval (centred on ``(n10 - n01) / (n + 2)``, half-width
    :func:`paired_half_width`, within -1..1); NaN for no games."""
    n = len(a)
    if n == 0:
        return math.nan, math.nan, math.nan
    n10 = sum(1 for x, y in zip(a, b) if x and not y)
    n01 = sum(1 for x, y in zip(a, b) if y and not x)
    centre, half = (n10 - n01) / (n + 2), paired_half_width(n, n10 / n, n01 / n, z)
    return (n10 - n01) / n, max(-1.0, centre - half), min(1.0, centre + half)


def games_for_paired_difference(p10: float, p01: float, half_width: float, z: float = Z95) -> float:
    """Pairs for the Agresti-Min interval of a paired win-rate difference (:func:`paired_half_width`) to be
    at most ``± half_width``; still about ``z/half_width`` pairs when no pair differs."""
    if math.isnan(p10) or math.isnan(p01):
        return math.nan
    lo, hi = 1, 1
    while paired_half_width(hi, p10, p01, z) > half_width:
        lo, hi = hi + 1, hi * 2
    while lo < hi:  # the half-width falls as n grows: the first n within half_width
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if paired_half_width(mid, p10, p01, z) <= half_width else (mid + 1, hi)
    return lo


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
    """

    __slots__ = ("games", "errors", "wins", "ties", "hist", "sums")

    def __init__(self, n_categories: int = 0):
        self.games = self.errors = self.wins = self.ties = 0
        self.hist = [Counter(), Counter(), Counter()]  # player_score, automa_score, margin
        self.sums = [0] * n_categories  # player_<c>..., automa_<c>...

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
