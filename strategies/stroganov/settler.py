"""Settler: greedy lookahead that values outposts and landscape sets above all.

Priorities: outpost VP and terrain-set VP count double; the plain estimate (see greedy.py) decides the rest.
"""
from __future__ import annotations

from strategies.stroganov.greedy import GreedyStrategy


class SettlerStrategy(GreedyStrategy):
    name = "settler"
    description = "outposts and landscape sets first"
    bonus = {"outposts": 1.0, "landscapes": 1.0}
