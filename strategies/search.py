"""What the search strategies share: their parameters, streams and shortlist, the value of a finished
rollout, and the :class:`Verdict` on a decision that a search's rollouts give.

A rollout returns the game's Result; its value for the player is 1 for a win, 1/2 for a draw, 0 for
a loss, blended with the margin so that a search still has a gradient where every game is lost
(``margin_weight`` of the value comes from the margin, squashed into 0..1 at ``margin_scale`` VP).
A rollout cut short at a round's end (``mc``'s ``horizon``) returns an :class:`Estimate` instead: the
final margin a learned position value predicts there, and the win chance and value that follow from
it (:func:`expected_value`).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from automa.core.params import Param
from automa.core.intervals import mean_interval, paired_win_interval, wilson
from automa.core.strategy import Strategy

OUTCOME = {"player": 1.0, "tie": 0.5, "automa": 0.0, "none": 0.0}   # automa.core.results.winners: no winner is no win
WIDTH = 0   # the default: the width follows the budget (:func:`default_width`)


def default_width(budget: int) -> int:
    """The width searched when none is given: the square root of the budget, rounded, and at least 2
    (budget 1 plays the policy's choice whatever the width). Budgets up to 6 search 2 choices, as
    every budget did before issue 22; 8 searches 3, 16 four, 32 six, 64 eight, 256 sixteen: both the
    choices tried and the rollouts each gets grow with the budget (docs/search.md, "Width and budget")."""
    return max(2, round(math.sqrt(budget)))


MARGIN_WEIGHT, MARGIN_SCALE = 0.3, 20.0
# the probabilists' Gauss-Hermite rule of 5 nodes, weights summing to 1: E[f(Z)] for Z ~ N(0, 1)
_NODES = (-2.856970013872806, -1.355626179974266, 0.0, 1.355626179974266, 2.856970013872806)
_WEIGHTS = (0.011257411327721, 0.222075922005613, 0.533333333333333, 0.222075922005613, 0.011257411327721)


def value(result, margin_weight: float = MARGIN_WEIGHT, margin_scale: float = MARGIN_SCALE) -> float:
    """The player's reward for a finished rollout, in 0..1."""
    squashed = 0.5 + 0.5 * math.tanh(margin_of(result) / margin_scale)
    return (1 - margin_weight) * OUTCOME[result.winner] + margin_weight * squashed


@dataclass(frozen=True)
class Estimate:
    """A rollout cut short: the predicted final ``margin``, the ``win`` chance and the expected ``value``."""

    margin: float
    win: float
    value: float


def expected_value(margin: float, spread: float) -> Estimate:
    """The :class:`Estimate` of a game whose final margin is normal around ``margin`` with standard
    deviation ``spread``: the chance that it is above 0 (a tie counts as a loss) and the mean of
    :func:`value` over it (the squashed margin by a 5-node Gauss-Hermite rule)."""
    if spread > 0:
        win = 0.5 * (1.0 + math.erf(margin / (spread * math.sqrt(2.0))))
    else:
        win = 1.0 if margin > 0 else 0.0
    squashed = math.fsum(w * (0.5 + 0.5 * math.tanh((margin + spread * x) / MARGIN_SCALE))
                         for x, w in zip(_NODES, _WEIGHTS))
    return Estimate(margin, win, (1 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * squashed)


def margin_of(outcome) -> float:
    """The player's margin of a rollout's Result (VP less the automa's) or :class:`Estimate`."""
    if isinstance(outcome, Estimate):
        return outcome.margin
    return sum(outcome.player.values()) - sum(outcome.automa.values())


def win_of(outcome) -> float:
    """1 for a won Result, else 0; an :class:`Estimate`'s win chance."""
    if isinstance(outcome, Estimate):
        return outcome.win
    return 1 if outcome.winner == "player" else 0


class Cut(Exception):
    """A rollout ended by its :class:`Horizon`: ``outcome`` is the :class:`Estimate` of the position."""

    def __init__(self, outcome: Estimate):
        super().__init__("rollout cut short")
        self.outcome = outcome


class Horizon(Strategy):
    """A rollout's policy that plays as ``policy`` until its first decision of round ``stop`` or later,
    and there raises :class:`Cut` with ``evaluate(view)`` of that decision's view: the position the
    player would see at the table, never the hidden state. The exception leaves the rollout's game
    where it stands; the real game is not touched (docs/search.md)."""

    def __init__(self, policy: Strategy, stop: int, evaluate):
        super().__init__(policy.rng)
        self.name, self.policy, self.stop, self.evaluate = policy.name, policy, stop, evaluate

    def choose(self, decision):
        if decision.view.round >= self.stop:
            raise Cut(self.evaluate(decision.view))
        return self.policy.choose(decision)

    def rank(self, decision):
        return self.policy.rank(decision)


class Search(Strategy):
    """The parameters and streams of a search strategy. ``rollout`` makes the policy's strategy from a
    stream; the policy that ranks the real game's choices and the rollouts' hidden cards each get a
    stream drawn from this strategy's own. At each decision it searches the ``width`` best choices
    of the policy's ranking (``Strategy.rank``), or of ``rank``'s where that strategy is given, best
    first; ``width=0`` (the default) means :func:`default_width` of the
    budget, and a width given explicitly is searched as given."""

    searches = True
    horizon = -1            # rounds played past the searched one before a rollout is cut short; -1: never
    evaluate = None         # with a horizon: the rollout policy's position value (view -> Estimate)
    params = (
        Param("budget", "int", 32, "simulations (rollouts) per decision", least=1),
        Param("rollout", "strategy", "expert", "the strategy that plays each rollout to the end"),
        Param("rank", "strategy", None, "the strategy whose ranking shortlists the choices searched (its "
              "``rank``); not given: the rollout policy's"),
        Param("width", "int", WIDTH, "choices searched per decision: the rollout policy's best first; 0 (the "
              "default, not written in the canonical name): max(2, round(sqrt(budget)))", least=0, hide_default=True),
    )

    def __init__(self, rng, budget: int = 32, rollout=None, rank=None, width: int = WIDTH):
        super().__init__(rng)
        if rollout is None:
            raise ValueError("a search strategy needs a rollout policy")
        self.budget, self.width, self.make_policy = budget, self.searched_width(budget, width), rollout
        self.policy = rollout(random.Random(rng.getrandbits(64)))
        self.world = random.Random(rng.getrandbits(64))   # re-samples hidden cards, draws their future
        # the ranker's stream is drawn after the others, and only when one is given, so that a
        # search without ``rank`` plays as it did before the parameter existed
        self.ranker = self.policy if rank is None else rank(random.Random(rng.getrandbits(64)))

    @staticmethod
    def searched_width(budget: int, width: int) -> int:
        """The width searched at ``budget`` for a given ``width`` parameter (0: :func:`default_width`)."""
        return width or default_width(budget)

    def shortlist(self, decision) -> list:
        """The choices to search: the ranker's ``width`` best, best first (the policy's unless ``rank``
        is given)."""
        ranked = self.ranker.rank(decision)
        return ranked[:self.width] if len(ranked) > self.width else ranked

    def paired(self, decision, choices: list, rounds: int, world: random.Random) -> tuple[list, list]:
        """Each of ``choices`` rolled out ``rounds`` times on the same determinizations (common random
        numbers): every round draws a world and a policy stream from ``world`` and plays every choice
        on them. Returns the Results and their values, one list per choice."""
        results, values = [[] for _ in choices], [[] for _ in choices]
        for _ in range(rounds):
            seed, stream = world.getrandbits(64), world.getrandbits(64)
            for i, choice in enumerate(choices):
                outcome, worth = self.play_out(decision, choice, seed, stream)
                results[i].append(outcome)
                values[i].append(worth)
        return results, values

    def play_out(self, decision, choice, seed: int, stream: int) -> tuple:
        """One rollout of ``choice``: the hidden cards and the future from ``seed``, the policy on
        ``stream``. Returns its outcome (the Result, or an :class:`Estimate` where the rollout is cut
        short at the first decision of the round ``horizon`` rounds after this one's) and its value."""
        policy = self.make_policy(random.Random(stream))
        if self.horizon >= 0:
            policy = Horizon(policy, decision.view.round + 1 + self.horizon, self.evaluate)
        try:
            result = decision.rollout(choice, policy, random.Random(seed))
        except Cut as cut:
            return cut.outcome, cut.outcome.value
        return result, value(result)

    def compare(self, decision, choices: list, rounds: int, world: random.Random) -> "Verdict":
        """A :class:`Verdict` of ``choices`` on ``rounds`` paired rollouts drawn from ``world``, each
        against the first (a review's fresh measure of a loss, apart from the search's own rollouts)."""
        return Verdict(decision.kind, list(choices), len(choices), 0, *self.paired(decision, choices, rounds, world))


@dataclass(frozen=True)
class Rated:
    """One choice of a :class:`Verdict`: its rollouts, win chance (ties are not wins) with its Wilson
    95% interval, mean margin and mean value with their t intervals, and what it loses against the
    verdict's pick on the same rollouts: the paired differences pick minus this choice of value and
    margin with their t intervals (value within -1..1), and of the win (1/0) with its Agresti-Min
    interval. Each is ``(mean, lo, hi)``; the t intervals are NaN without two rollouts. Rollouts cut
    short (:class:`Estimate`) count their win chances: ``wins`` is their sum rounded, and the paired win
    loss is the t interval of the differences of those chances."""

    choice: object
    searched: bool          # one of the policy's ``width`` best, which the search chooses among
    rollouts: int
    wins: int
    win: tuple              # (mean, lo, hi), and so on
    margin: tuple
    value: tuple
    value_loss: tuple
    win_loss: tuple
    margin_loss: tuple


def clipped(interval: tuple) -> tuple:
    """A ``(mean, lo, hi)`` interval of a value difference, its bounds within the possible -1..1."""
    mean, lo, hi = interval
    return mean, max(-1.0, lo), min(1.0, hi)


class Verdict:
    """A search player's evaluation of one decision, from its rollouts there: ``choices`` are the
    policy's best (``searched`` of them, best first) and then any ``also`` asked for, each rolled out
    once per round on the same determinizations and policy streams (common random numbers);
    ``results[i]`` are choice ``i``'s rollout Results and ``values[i]`` their values. ``pick`` is the
    choice the search plays; :meth:`rated` gives each choice's statistics, ``pick`` first."""

    __slots__ = ("kind", "choices", "searched", "best", "results", "values")

    def __init__(self, kind: str, choices: list, searched: int, best: int, results: list, values: list):
        self.kind, self.choices, self.searched, self.best = kind, choices, searched, best
        self.results, self.values = results, values

    @property
    def pick(self):
        return self.choices[self.best]

    @property
    def rounds(self) -> int:
        """Rollouts per choice (0 when the search had a single choice and rolled nothing out)."""
        return len(self.values[0]) if self.values else 0

    def rate(self, i: int) -> Rated:
        """The statistics of ``choices[i]``."""
        values, results = self.values[i], self.results[i]
        margins, wins = [margin_of(r) for r in results], [win_of(r) for r in results]
        best = self.results[self.best]
        best_margins, best_wins = [margin_of(r) for r in best], [win_of(r) for r in best]
        n, won = len(values), sum(wins)
        if all(isinstance(w, int) for w in wins + best_wins):
            win_loss = paired_win_interval(best_wins, wins)
        else:       # win chances of rollouts cut short: the t interval of the paired differences
            win_loss = clipped(mean_interval([b - w for b, w in zip(best_wins, wins)]))
        return Rated(self.choices[i], i < self.searched, n, round(won), (won / n if n else math.nan, *wilson(won, n)),
                     mean_interval(margins), mean_interval(values),
                     clipped(mean_interval([b - v for b, v in zip(self.values[self.best], values)])),
                     win_loss, mean_interval([b - m for b, m in zip(best_margins, margins)]))

    def rated(self) -> list[Rated]:
        """Every choice's statistics: the pick first, then the others by mean value, best first."""
        rest = sorted((i for i in range(len(self.choices)) if i != self.best),
                      key=lambda i: -math.fsum(self.values[i]) / len(self.values[i]) if self.values[i] else 0)
        return [self.rate(i) for i in [self.best, *rest]]

    def index(self, choice) -> int:
        """The place of ``choice`` among the choices rolled out (ValueError if it was not)."""
        return self.choices.index(choice)
