"""The search players' defaults and ``mc``'s early stop (issue 22; docs/search.md, "Width and budget"):
the width follows the budget unless it is given, and ``mc`` stops rolling out a decision only once no
result of the rounds left could overrule its policy's pick, so it plays exactly what its full verdict
plays, from the same streams."""
from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest

from automa.core.registry import get_game, get_strategy
from automa.core.results import Result
from automa.core.seeding import game_streams
from automa.core.strategy import Decision, Strategy
from strategies.mc import FlatMonteCarlo, can_overrule
from strategies.search import default_width
from tests.core.searchcheck import Stop

RURIK = get_game("rurik")


@pytest.mark.parametrize("budget, width", [(1, 2), (2, 2), (4, 2), (6, 2), (7, 3), (8, 3), (16, 4), (24, 5),
                                           (32, 6), (64, 8), (128, 11), (256, 16)])
def test_default_width_is_the_rounded_square_root_of_the_budget_and_at_least_2(budget, width):
    assert default_width(budget) == width
    assert get_strategy(RURIK, f"mc(budget={budget})")(random.Random(1)).width == width


def test_an_explicit_width_wins_and_is_named():
    """A width given is searched as given and written in the canonical name; the default is not written,
    so a ladder's rung is named by its budget alone. ``mcts`` keeps its width of 2."""
    for text, width, canonical in [
            ("mc(budget=32,width=2)", 2, "mc(budget=32,rollout=expert,width=2,z=1)"),
            ("mc(budget=16,width=9)", 9, "mc(budget=16,rollout=expert,width=9,z=1)"),
            ("mc(budget=64)", 8, "mc(budget=64,rollout=expert,z=1)"),
            ("mc(budget=64,width=0)", 8, "mc(budget=64,rollout=expert,z=1)"),
            ("mcts(budget=64)", 2, "mcts(budget=64,rollout=expert,width=2,c=0.7)")]:
        spec = get_strategy(RURIK, text)
        assert (spec(random.Random(1)).width, spec.canonical) == (width, canonical)
        assert get_strategy(RURIK, spec.canonical).canonical == canonical


def _bound(diffs: list, z: float) -> float:
    """``mc``'s rule on a full set of paired differences: mean less z standard errors."""
    return statistics.fmean(diffs) - z * statistics.stdev(diffs) / math.sqrt(len(diffs))


def test_can_overrule_is_exact_against_every_result_left():
    """Whether some results of the rounds left (on a grid of -1..1, and all equal) lift the bound above 0
    is what ``can_overrule`` says: never "no" where a grid point overrules, and "no" in clear cases."""
    rng = random.Random(3)
    grid = [i / 4 - 1 for i in range(9)]
    said_no = 0
    for _ in range(300):
        rounds, done, z = rng.randint(2, 5), None, rng.choice([0.5, 1.0, 2.0])
        done = rng.randint(1, rounds - 1)
        diffs = [rng.uniform(-1, 0.3) for _ in range(done)]
        reachable = any(_bound(diffs + list(rest), z) > 0
                        for rest in itertools.product(grid, repeat=rounds - done))
        if reachable:
            assert can_overrule(diffs, rounds, z), (diffs, rounds, z)
        said_no += not can_overrule(diffs, rounds, z)
    assert said_no > 20
    assert not can_overrule([-0.7, -0.7], 4, 1.0) and can_overrule([-0.1, -0.1], 4, 1.0)
    assert can_overrule([-0.7, -0.7], 40, 1.0)    # many rounds left: anything can still happen


def _result(margin: int) -> Result:
    return Result({"vp": 50 + margin}, {"vp": 50}, "player" if margin > 0 else "automa", 4, 40)


class Ordered(Strategy):
    """A policy that ranks the choices as offered and plays the first."""

    def choose(self, decision):
        return decision.choices[0]


def _scripted(margins: dict) -> tuple[Decision, list]:
    """A decision whose rollout of a choice gives the next of ``margins[choice]``, logging each."""
    log, left = [], {c: list(ms) for c, ms in margins.items()}

    def rollout(choice, policy, rng):
        log.append(choice)
        return _result(left[choice].pop(0))
    return Decision("move", None, list(margins), rollout=rollout), log


def test_mc_stops_once_the_pick_cannot_be_overruled():
    """A challenger that loses the first two of four rounds (a lost game, 35 VP behind the pick) cannot
    catch up in two more: the search stops there, and plays the pick, after 4 of its 8 rollouts."""
    decision, log = _scripted({"a": [5, 5, 5, 5], "b": [-30, -30, 9, 9]})
    mc = FlatMonteCarlo(random.Random(1), budget=8, width=2, rollout=Ordered)
    assert mc.choose(decision) == "a" and log == ["a", "b", "a", "b"]


def test_mc_does_not_stop_where_the_rounds_left_could_overrule():
    """Behind in the first rounds but not beyond reach, the challenger is rolled out every round and
    overrules the pick, as the full verdict does."""
    margins = {"a": [2, 2, -20, -20], "b": [1, 1, 20, 20]}
    decision, log = _scripted(margins)
    mc = FlatMonteCarlo(random.Random(1), budget=8, width=2, rollout=Ordered)
    assert mc.choose(decision) == "b" and log == ["a", "b"] * 4
    full, _ = _scripted(margins)
    assert FlatMonteCarlo(random.Random(1), budget=8, width=2, rollout=Ordered).verdict(full).pick == "b"


class Twice(FlatMonteCarlo):
    """``mc`` that, at each decision, takes its full verdict and then its early-stopping choice from the
    same stream states (its world's and its policy's), logs both picks, the rollouts each made and the stream states after, and plays
    the choice; it ends the game after ``limit`` decisions."""

    def __init__(self, rng, limit, **kw):
        super().__init__(rng, **kw)
        self.limit, self.log = limit, []

    def choose(self, decision):
        if len(self.log) == self.limit:
            raise Stop
        state = self.world.getstate(), self.policy.rng.getstate()
        verdict = self.verdict(decision)
        after_verdict = self.world.getstate(), self.policy.rng.getstate()
        self.world.setstate(state[0])
        self.policy.rng.setstate(state[1])
        counted, inner = [], decision._rollout
        decision._rollout = lambda *a: counted.append(1) or inner(*a)
        pick = super().choose(decision)
        decision._rollout = inner
        full = sum(len(v) for v in verdict.values)
        self.log.append((verdict.pick, pick, full, len(counted),
                         after_verdict == (self.world.getstate(), self.policy.rng.getstate())))
        return pick


@pytest.mark.parametrize("game_name", ["rurik", "stroganov"])
def test_mc_plays_its_full_verdict_with_fewer_rollouts(game_name):
    """At every decision of a real game, ``choose`` plays the full verdict's pick and leaves the stream
    where the verdict leaves it, with no more rollouts, and fewer at some decision."""
    game = get_game(game_name)
    opts = game.resolve_options({"difficulty": 1} if game_name == "rurik" else {})
    ctx = game.prepare(opts)
    st = game_streams(5, 1)
    strategy = Twice(st.strategy, 15, budget=12, rollout=get_strategy(game, "expert"))
    with pytest.raises(Stop):
        game.play(ctx, opts, strategy, st, None)
    assert all(v == c and streams for v, c, _, _, streams in strategy.log), strategy.log
    assert all(made <= full for _, _, full, made, _ in strategy.log)
    assert any(made < full for _, _, full, made, _ in strategy.log), strategy.log


def test_mc_is_deterministic_from_its_stream():
    """The same stream plays the same game; the early stop draws nothing of its own."""
    opts = RURIK.resolve_options({"difficulty": 1})
    ctx = RURIK.prepare(opts)
    spec = get_strategy(RURIK, "mc(budget=6)")
    runs = []
    for _ in range(2):
        st = game_streams(9, 0)
        r = RURIK.play(ctx, opts, spec(st.strategy), st, None)
        runs.append((r.player, r.automa, r.winner, r.turns))
    assert runs[0] == runs[1]
