"""Uniformly random among the legal choices, drawn from the strategy's own stream."""
from __future__ import annotations

from automa.core.strategy import Strategy


class RandomStrategy(Strategy):
    name = "random"
    description = "uniform among legal choices"

    def choose(self, decision):
        return self.uniform(decision.choices)
