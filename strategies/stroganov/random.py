"""Uniformly random among the legal choices, drawn from the strategy's own stream."""
from __future__ import annotations

from strategies.base import Strategy


class RandomStrategy(Strategy):
    name = "random"
    description = "uniform among legal choices"

    def choose(self, decision):
        choices = decision.choices
        n = len(choices)
        k, bits = n.bit_length(), self.rng.getrandbits
        r = bits(k)
        while r >= n:  # the draw randrange(n) makes, without its two Python-level calls
            r = bits(k)
        return choices[r]
