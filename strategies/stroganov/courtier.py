"""Courtier: greedy lookahead that values Tsar's Wishes, songs and story above all.

Priorities: wish VP and song VP count double, story points 1.5 times; the plain estimate (see greedy.py)
decides the rest.
"""
from __future__ import annotations

from strategies.stroganov.greedy import GreedyStrategy


class CourtierStrategy(GreedyStrategy):
    name = "courtier"
    description = "Tsar's Wishes and songs first"
    bonus = {"wishes": 1.0, "songs": 1.0, "story": 0.5}
