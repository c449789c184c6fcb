"""The search player's verdict on a decision (strategies/search.py, strategies/mc.py): what ``mc`` sees
at its budget, with intervals, which ``review`` and ``play``'s hint show."""
from __future__ import annotations

import math
import statistics

import pytest

from automa.core.registry import get_game, get_strategy
from automa.core.results import Result
from automa.core.seeding import game_streams
from automa.core.intervals import Z95, mean_interval, paired_win_interval, t_quantile, wilson
from strategies.mc import FlatMonteCarlo
from strategies.search import Verdict, value
from tests.core.searchcheck import Stop


@pytest.mark.parametrize("df, expected", [(1, 12.7062), (2, 4.3027), (4, 2.7764), (9, 2.2622), (30, 2.0423),
                                          (120, 1.9799)])
def test_t_quantile_matches_the_tables(df, expected):
    """Student's t 97.5% quantile, as printed in every table (and scipy.stats.t.ppf)."""
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=1e-4)


def test_t_quantile_tends_to_the_normal():
    assert t_quantile(0.975, 100_000) == pytest.approx(Z95, abs=1e-4)
    assert t_quantile(0.95, 10) == pytest.approx(1.8125, abs=1e-4)


def test_mean_interval_is_the_t_interval():
    values = [3, 5, 4, 8, 10]
    mean, lo, hi = mean_interval(values)
    half = t_quantile(0.975, 4) * statistics.stdev(values) / math.sqrt(5)
    assert (mean, lo, hi) == pytest.approx((6.0, 6.0 - half, 6.0 + half))
    assert mean_interval([2])[0] == 2 and math.isnan(mean_interval([2])[1])


def test_paired_win_interval_is_agresti_min_within_bounds():
    """Half a game added to each cell of the 2x2 table; the bounds never leave -1..1."""
    assert paired_win_interval([1, 0, 1], [1, 0, 0]) == pytest.approx((1 / 3, 0.2 - 0.5259, 0.2 + 0.5259), abs=1e-4)
    assert paired_win_interval([1] * 4, [0] * 4) == pytest.approx((1.0, 2 / 3 - 0.4989, 1.0), abs=1e-4)
    assert paired_win_interval([0, 1], [0, 1])[0] == 0 and math.isnan(paired_win_interval([], [])[0])


def _result(margin: int, winner: str) -> Result:
    return Result({"vp": 50 + margin}, {"vp": 50}, winner, 4, 40)


def test_rated_choices_are_paired_against_the_pick():
    """Each choice's win chance (Wilson), margin (t) and losses against the pick, game by game."""
    results = [[_result(5, "player"), _result(-3, "automa"), _result(8, "player")],
               [_result(1, "player"), _result(-9, "automa"), _result(-2, "automa")]]
    values = [[value(r) for r in rs] for rs in results]
    verdict = Verdict("move", ["a", "b"], 2, 0, results, values)
    best, other = verdict.rated()
    assert (best.choice, other.choice, verdict.pick, verdict.rounds) == ("a", "b", "a", 3)
    assert best.value_loss == (0.0, 0.0, 0.0) and best.margin_loss == (0.0, 0.0, 0.0)
    assert other.wins == 1 and other.win == (1 / 3, *wilson(1, 3))
    assert other.margin == pytest.approx(mean_interval([1, -9, -2]))
    assert other.margin_loss == pytest.approx(mean_interval([4, 6, 10]))
    assert other.win_loss == pytest.approx(paired_win_interval([1, 0, 1], [1, 0, 0]))
    assert other.value_loss[0] == pytest.approx(statistics.fmean(values[0]) - statistics.fmean(values[1]))


class Logged(FlatMonteCarlo):
    """``mc`` that logs each verdict (also rolling out the engine's last choice when ``extra``) and
    stops the game after 12 decisions."""

    def __init__(self, rng, extra, **kw):
        super().__init__(rng, **kw)
        self.extra, self.log = extra, []

    def choose(self, decision):
        if len(self.log) == 12:
            raise Stop
        verdict = self.verdict(decision, also=decision.choices[-1:] if self.extra else ())
        self.log.append(verdict)
        return verdict.pick


@pytest.mark.parametrize("game_name", ["rurik", "stroganov"])
def test_rolling_out_more_choices_changes_nothing_mc_sees(game_name):
    """``verdict(decision, also=...)`` rolls out more choices on the same determinizations, but the
    searched choices' values, the pick and every later decision are what plain ``mc`` sees."""
    game = get_game(game_name)
    opts = game.resolve_options({})
    ctx = game.prepare(opts)
    rollout = get_strategy(game, "expert")
    logs = []
    for extra in (False, True):
        st = game_streams(5, 0)
        strategy = Logged(st.strategy, extra, budget=6, width=2, rollout=rollout)
        with pytest.raises(Stop):
            game.play(ctx, opts, strategy, st, None)
        logs.append(strategy.log)
    plain, more = logs
    assert [v.values for v in plain] == [v.values[:v.searched] for v in more]
    assert [v.pick for v in plain] == [v.pick for v in more]
    added = [v for v in more if len(v.choices) > v.searched]
    assert added, "no decision had a choice beyond the shortlist to add"
    for v in added:   # the added choice has its own rollouts, one per round, and a paired loss
        extra = v.rate(len(v.choices) - 1)
        assert not extra.searched and extra.rollouts == v.rounds == 3
        assert extra.value_loss[0] == pytest.approx(statistics.fmean(v.values[v.best]) - statistics.fmean(v.values[-1]))
