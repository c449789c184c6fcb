"""``random``: a uniformly random legal choice at every decision. The fuzzing baseline."""
from automa.core.strategy import Strategy


class RandomStrategy(Strategy):
    name = "random"
    description = "uniformly random among the legal choices"
    looks_ahead = False

    def choose(self, decision):
        return self.uniform(decision.choices)
