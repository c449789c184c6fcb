"""Confidence intervals for win rates, means and paired differences, and the games they need: the pure
arithmetic that the analysis of games tables and the search players both use (no pandas, no I/O)."""
from __future__ import annotations

import math
from functools import lru_cache

Z95 = 1.959963984540054  # the standard normal 97.5% quantile, as scipy.stats.norm.isf(0.025)

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
