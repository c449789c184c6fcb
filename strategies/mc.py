"""``mc``: flat Monte Carlo over determinizations, the simple baseline of the search players.

At each decision it takes the rollout policy's ``width`` best choices (``Strategy.rank``) and plays
each of them on the same determinizations: every round re-samples what the player cannot see
(docs/search.md) and seeds the policy once, and all the choices are rolled out from that one
sample. Paired like this (common random numbers), two choices differ in value only by what the
choice itself changes, so few rollouts tell them apart. It keeps the policy's pick unless another
choice beats it by ``z`` standard errors of their paired difference, and then plays the one whose
lower bound (mean difference less ``z`` standard errors) is highest. ``budget`` rollouts per
decision are split evenly over the choices; with a budget below the width, only the policy's
``budget`` best are tried, so ``budget=1`` plays as the policy does.

Its :meth:`FlatMonteCarlo.verdict` is that evaluation as data (strategies/search.py, ``Verdict``):
each choice's win chance, margin and paired loss against its pick, with intervals. ``choose`` plays
the verdict's pick, so ``automa-sim review`` and ``play``'s hint show exactly what ``mc`` sees.
"""
import math
import statistics

from automa.core.params import Param
from strategies.search import Search, Verdict, value

PRIOR_SD = 0.3   # the spread of a paired difference assumed when one round gives no estimate of it


class FlatMonteCarlo(Search):
    name = "mc"
    description = "flat Monte Carlo: the policy's best choices, each rolled out on the same determinizations"
    params = Search.params + (
        Param("z", "float", 1.0, "standard errors by which a choice must beat the policy's pick to overrule it", least=0),
    )

    def __init__(self, rng, z: float = 1.0, **search):
        super().__init__(rng, **search)
        self.z = z

    def choose(self, decision):
        return self.verdict(decision).pick

    def verdict(self, decision, also=()) -> Verdict:
        """The search's :class:`~strategies.search.Verdict` on ``decision``: the rollouts it makes there at
        its budget and the choice it plays (``pick``), exactly as :meth:`choose` sees them. ``also``
        are more choices to roll out on the same determinizations, after the searched ones (a player's
        choice to compare); they cost rollouts but change neither the pick nor this strategy's streams.
        A single searched choice is played without rollouts, and then ``also`` is not rolled out."""
        choices = self.shortlist(decision)[:self.budget]
        if len(choices) == 1:
            return Verdict(decision.kind, choices, 1, 0, [[]], [[]])
        rounds = self.budget // len(choices)
        tried = choices + [c for c in dict.fromkeys(also) if c not in choices]
        results, values = self.paired(decision, tried, rounds, self.world)
        best, best_bound = 0, 0.0
        for i in range(1, len(choices)):
            diffs = [v - p for v, p in zip(values[i], values[0])]
            spread = statistics.stdev(diffs) if rounds > 1 else PRIOR_SD
            bound = statistics.fmean(diffs) - self.z * spread / math.sqrt(rounds)
            if bound > best_bound:
                best, best_bound = i, bound
        return Verdict(decision.kind, tried, len(choices), best, results, values)
