"""Hunter: greedy lookahead that values furs, tigers and trophies above all.

Priorities: trophy-track VP counts double, leftover furs and tigers 1.5 times, and the plain estimate
(see greedy.py) decides the rest.
"""
from __future__ import annotations

from strategies.stroganov.greedy import GreedyStrategy


class HunterStrategy(GreedyStrategy):
    name = "hunter"
    description = "furs and trophies first"
    bonus = {"trophies": 1.0, "furs": 0.5, "tiger": 0.5}
