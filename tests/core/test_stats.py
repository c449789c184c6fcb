"""Wilson intervals against published reference values, and the summary table."""
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import automa
from automa.core.errors import UsageError
from automa.core.stats import wilson

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
