"""Wilson intervals against published reference values, and the summary table."""
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import automa
from automa.core.errors import UsageError
from automa.core.intervals import Z95, games_for_paired_difference, games_for_win_rate, paired_half_width, wilson

# Reference values (95% unless noted, Wilson score interval without continuity correction):
# * Newcombe R.G. (1998), "Two-sided confidence intervals for the single proportion: comparison of
#   seven methods", Statistics in Medicine 17:857-872, Table I, method 3 (4 decimals).
# * R prop.test(x, n, correct = FALSE) as recorded in the insightsengineering/cards test snapshots
#   tests/testthat/_snaps/proportion_ci.md (7 decimals); these equal
#   statsmodels proportion_confint(x, n, alpha, method="wilson").
NEWCOMBE = [((81, 263), (0.2553, 0.3662)), ((15, 148), (0.0624, 0.1605)),
            ((0, 20), (0.0000, 0.1611)), ((1, 29), (0.0061, 0.1718)), ((29, 29), (0.8830, 1.0000))]
R_PROP_TEST = [((32, 32, 0.95), (0.8928208, 1.0)), ((0, 32, 0.95), (0.0, 0.1071792)),
               ((5, 10, 0.90), (0.2692718, 0.7307282))]
Z = {0.95: 1.959963984540054, 0.90: 1.6448536269514722}


@pytest.mark.parametrize("counts, expected", NEWCOMBE)
def test_wilson_matches_newcombe(counts, expected):
    assert [round(v, 4) for v in wilson(*counts)] == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("args, expected", R_PROP_TEST)
def test_wilson_matches_r_prop_test(args, expected):
    k, n, level = args
    assert wilson(k, n, Z[level]) == pytest.approx(expected, abs=5e-8)


def test_wilson_of_no_trials_is_undefined():
    assert all(math.isnan(v) for v in wilson(0, 0))


@pytest.fixture
def table():
    df = automa.simulate("tiny", games=120, seed=3, jobs=1, options={"crash_rate": 10})
    other = automa.simulate("tiny", games=80, seed=3, jobs=1, strategy="first", options={"crash_rate": 10})
    return pd.concat([df, other], ignore_index=True)


def test_summary_has_one_row_per_configuration_with_checked_values(table):
    summary = automa.summarize(table)
    assert list(summary["strategy"]) == ["first", "high"]
    row = summary.set_index("strategy").loc["high"]
    high = table[table.strategy == "high"]
    done = high[high.error == ""]
    assert row.games == 120 and row.errors == 120 - len(done) > 0
    wins = int((done.winner == "player").sum())
    assert row.player_wins == wins and row.win_rate == pytest.approx(wins / len(done))
    assert (row.win_rate_lo, row.win_rate_hi) == pytest.approx(wilson(wins, len(done)))
    margins = done.margin.astype(float).to_numpy()
    assert row.margin_p10 == pytest.approx(np.percentile(margins, 10))
    assert row.margin_p90 == pytest.approx(np.percentile(margins, 90))
    assert row.margin_std == pytest.approx(np.std(margins, ddof=1))
    assert row.player_dice_mean == pytest.approx(done.player_dice.astype(float).mean())
    assert row.automa_bonus_mean == 0


def test_summary_by_columns_and_overall(table):
    assert len(automa.summarize(table, by=[])) == 1
    assert automa.summarize(table, by=[]).games.item() == 200
    by_winner = automa.summarize(table, by=["winner"])
    assert set(by_winner.winner) == {"player", "automa", "tie", ""}


def test_summary_rejects_an_unknown_column(table):
    with pytest.raises(UsageError, match="unknown column 'nope'"):
        automa.summarize(table, by=["nope"])


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_wilson_interval_is_inside_0_1_and_contains_the_rate(a, b):
    wins, trials = min(a, b), max(a, b)
    assume(trials > 0)
    lo, hi = wilson(wins, trials)
    assert 0 <= lo <= wins / trials <= hi <= 1
    assert (lo == 0) == (wins == 0) and (hi == 1) == (wins == trials)


def wilson_half(n: int, p: float) -> float:
    """The Wilson 95% half-width after ``n`` games at win rate ``p``."""
    return Z95 * math.sqrt(n * p * (1 - p) + Z95 ** 2 / 4) / (n + Z95 ** 2)


@pytest.mark.parametrize("p", [0.0, 1.0, 0.006, 0.02, 0.3, 0.5, 0.999])
def test_games_for_a_win_rate_are_the_first_n_whose_wilson_interval_is_narrow_enough(p):
    n = games_for_win_rate(p, 0.01)
    assert wilson_half(n, p) <= 0.01 < wilson_half(n - 1, p)


def test_games_for_a_win_rate_are_honest_at_0_and_100_percent():
    """At 0% the normal approximation p(1-p) asks for 1 game; the Wilson interval of 0 wins in n games is
    [0, z²/(n+z²)], 2 points wide only from 189 games on."""
    assert games_for_win_rate(0.0, 0.01) == games_for_win_rate(1.0, 0.01) == 189
    lo, hi = wilson(0, 189)
    assert hi - lo <= 0.02 < wilson(0, 188)[1]
    assert games_for_win_rate(0.5, 0.01) == 9600  # the textbook normal figure is 9604
    assert math.isnan(games_for_win_rate(math.nan, 0.01))


@pytest.mark.parametrize("p10, p01", [(0.0, 0.0), (0.01, 0.0), (0.05, 0.03), (0.3, 0.2), (0.5, 0.5)])
def test_games_for_a_paired_difference_are_the_first_n_whose_interval_is_narrow_enough(p10, p01):
    n = games_for_paired_difference(p10, p01, 0.01)
    assert paired_half_width(n, p10, p01) <= 0.01 < paired_half_width(n - 1, p10, p01)
    assert n > 1


def test_the_paired_interval_is_agresti_min_and_never_collapses():
    """Agresti & Min (2005): add 1/2 to each cell of the 2x2 table; with no differing pair in n the
    half-width is z/(n+2), so ±1 point needs 194 pairs, not 1."""
    assert paired_half_width(100, 0.0, 0.0) == pytest.approx(Z95 / 102)
    assert games_for_paired_difference(0.0, 0.0, 0.01) == 194
    a, b, m = (1000 * 0.3 + 0.5) / 1002, (1000 * 0.2 + 0.5) / 1002, 1002
    assert paired_half_width(1000, 0.3, 0.2) == pytest.approx(Z95 * math.sqrt((a + b - (a - b) ** 2) / m))


def _tally(rows):
    from automa.analysis.stats import Tally

    tally = Tally(4)
    for winner, error, scores, cats in rows:
        tally.add_row(winner, error, scores, cats)
    return tally


@pytest.mark.parametrize("config", [
    {"strategy": "random", "difficulty": 3, "modules": "epic,warfare", "epic": True, "cards": None},
    {"strategy": 'mc(budget=4, policy="expert")', "opponent": "ivan", "modules": "", "x": False},
])
def test_summary_csv_is_the_bytes_pandas_writes(config):
    """summary.csv is written without pandas (a simulate run's startup is part of its time): the same
    bytes as the one-row DataFrame's to_csv, for finished, empty, single-game and all-error tallies
    and for floats of every format (exponents, -0.0, inf, NaN)."""
    from automa.analysis.stats import summary_csv, summary_row

    rng = np.random.default_rng(3)
    many = [(rng.choice(["player", "automa", "tie"]), "", (int(a), int(b), int(a - b)),
             [int(v) for v in rng.integers(-3, 40, 4)]) for a, b in rng.integers(0, 120, (500, 2))]
    tallies = [many, many[:1], [("", "ValueError: x", (), ())] * 3, many[:7] + [("", "KeyError: 'k'", (), ())]]
    cats = ["a", "b"]
    rows = [summary_row(config, _tally(t), cats) for t in tallies]
    rows.append(config | {f"v{i}": v for i, v in enumerate(
        [0.0, 1e-05, 0.0001, 1e16, 1e15 + 0.5, -0.0, math.inf, math.nan, 1 / 3, 2e-7 / 3, 123456.789, 0.1 + 0.2])})
    for row in rows:
        assert summary_csv(row) == pd.DataFrame([row]).to_csv(index=False)
