"""Statistics of a games table: the Wilson score interval and the per-configuration summary."""
from __future__ import annotations

import math

import pandas as pd

from automa.core.errors import UsageError
from automa.core.results import layout

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


def configuration(df: pd.DataFrame) -> list[str]:
    """The columns that make a configuration: the strategy and every game option."""
    return ["strategy"] + layout(list(df.columns))[0]


def summarize(df: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """One summary row per group of ``by`` (default: per configuration, strategy x options).

    ``games`` counts every row and ``errors`` the rows whose game raised; every other statistic is
    over the games that finished. ``win_rate`` counts ties as non-wins.
    """
    by = configuration(df) if by is None else list(by)
    unknown = [c for c in by if c not in df.columns]
    if unknown:
        raise UsageError(f"cannot group by unknown column {unknown[0]!r}; columns: {', '.join(df.columns)}")
    categories = layout(list(df.columns))[1]
    groups = df.groupby(by, sort=True, dropna=False) if by else [((), df)]
    rows = []
    for key, group in groups:
        key = key if isinstance(key, tuple) else (key,)
        rows.append(dict(zip(by, key)) | _stats(group, categories))
    return pd.DataFrame(rows)


def _stats(group: pd.DataFrame, categories: list[str]) -> dict:
    done = group[group["error"] == ""]
    n = len(done)
    wins = int((done["winner"] == "player").sum())
    lo, hi = wilson(wins, n)
    out = {"games": len(group), "player_wins": wins, "ties": int((done["winner"] == "tie").sum()),
           "win_rate": wins / n if n else math.nan, "win_rate_lo": lo, "win_rate_hi": hi}
    for col in SCORES:
        values = done[col].astype("float64")
        out[f"{col}_mean"] = values.mean()
        out[f"{col}_std"] = values.std()
        out |= {f"{col}_{name}": values.quantile(q) for name, q in QUANTILES.items()}
    out |= {f"{col}_mean": done[col].astype("float64").mean() for col in categories}
    out["errors"] = len(group) - n
    return out
