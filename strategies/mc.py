"""``mc``: flat Monte Carlo over determinizations, the simple baseline of the search players.

At each decision it takes the rollout policy's ``width`` best choices (``Strategy.rank``) and plays
each of them on the same determinizations: every round re-samples what the player cannot see
(docs/search.md) and seeds the policy once, and all the choices are rolled out from that one
sample. Paired like this (common random numbers), two choices differ in value only by what the
choice itself changes, so few rollouts tell them apart. It plays the best mean; a tie goes to the
policy's preference. ``budget`` rollouts per decision are split evenly over the choices; with a
budget below the width, only the policy's ``budget`` best are tried, so ``budget=1`` plays as the
policy does.
"""
import random

from strategies.search import Search, value


class FlatMonteCarlo(Search):
    name = "mc"
    description = "flat Monte Carlo: the policy's best choices, each rolled out on the same determinizations"

    def choose(self, decision):
        choices = self.shortlist(decision)[:self.budget]
        if len(choices) == 1:
            return choices[0]
        totals = [0.0] * len(choices)
        for _ in range(self.budget // len(choices)):
            world, stream = self.world.getrandbits(64), self.world.getrandbits(64)
            for i, choice in enumerate(choices):
                policy = self.make_policy(random.Random(stream))
                totals[i] += value(decision.rollout(choice, policy, random.Random(world)))
        best = max(range(len(choices)), key=lambda i: (totals[i], -i))
        return choices[best]
