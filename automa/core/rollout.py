"""Rollouts for search players: play a game on from one of its decisions, on a copy, under a policy,
with everything the player cannot see re-sampled (docs/search.md).

A game played by a search strategy keeps a :class:`Recorder`: the random streams' states at the start
and every choice the strategy made. A rollout replays the game from those states with those choices,
asking no strategy, up to the decision being searched. There the :class:`Branch` hands over: the
engine re-samples every hidden pile from the searcher's stream and gives it the game's future random
draws too, the candidate choice is taken, and the policy plays to the end. The replayed prefix reads
only what has already been revealed, so what the rollout returns depends on the public history, the
candidate and the searcher's stream alone. The real game, its streams and its trace are never touched.
"""
from __future__ import annotations

import random
from typing import Callable

from automa.core.errors import StrategyError
from automa.core.seeding import Stream


class Branch:
    """A rollout's replay of the recorded choices, then the hand-over to the policy."""

    __slots__ = ("prefix", "pos", "choice", "policy", "rng")

    def __init__(self, prefix: list, choice, policy, rng: random.Random):
        self.prefix = prefix
        self.pos = 0
        self.choice = choice
        self.policy = policy
        self.rng = rng

    def take(self, kind: str, choices):
        """The next recorded choice, and False; at the branch point the candidate, and True: the
        engine then re-samples its hidden piles from ``rng`` and hands over to ``policy``."""
        if self.pos < len(self.prefix):
            self.pos += 1
            return self.prefix[self.pos - 1], False
        if self.choice not in choices:
            raise StrategyError(f"rollout choice {self.choice!r} is not a legal {kind!r} choice")
        return self.choice, True


class Recorder:
    """A search strategy's real game: the starting states of every stream it draws from, and the
    choices made so far.

    ``setup`` and ``automa`` are given positionally, any further stream by name (``deck=``, ``dice=``:
    a game that draws from them must give them, or its rollouts would not deal the same cards). A
    rollout restores each and calls ``play_from(setup, automa, branch, **named)`` with the same names.
    """

    __slots__ = ("states", "named", "choices", "play_from")

    def __init__(self, setup: random.Random, automa: random.Random, play_from: Callable,
                 **named: random.Random):
        self.states = (setup.getstate(), automa.getstate())
        self.named = {name: stream.getstate() for name, stream in named.items()}
        self.choices: list = []
        self.play_from = play_from      # engine: (setup stream, automa stream, Branch, **named) -> Result

    def rollout(self, choice, policy, rng: random.Random):
        """The Result of the game played on from the current decision with ``choice``, then ``policy``;
        hidden information and future random draws come from ``rng``."""
        setup, automa = _restored(self.states[0]), _restored(self.states[1])
        named = {name: _restored(state) for name, state in self.named.items()}
        return self.play_from(setup, automa, Branch(self.choices, choice, policy, rng), **named)


def _restored(state) -> Stream:
    """A stream in the recorded ``state``."""
    stream = Stream(0)
    stream.setstate(state)
    return stream
