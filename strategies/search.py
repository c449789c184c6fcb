"""What the search strategies share: their parameters, streams and shortlist, and the value of a
finished rollout.

A rollout returns the game's Result; its value for the player is 1 for a win, 1/2 for a draw, 0 for
a loss, blended with the margin so that a search still has a gradient where every game is lost
(``margin_weight`` of the value comes from the margin, squashed into 0..1 at ``margin_scale`` VP).
"""
from __future__ import annotations

import math
import random

from automa.core.params import Param
from automa.core.strategy import Strategy

OUTCOME = {"player": 1.0, "tie": 0.5, "automa": 0.0}   # automa.core.results.WINNERS
WIDTH = 2


def value(result, margin_weight: float = 0.3, margin_scale: float = 20.0) -> float:
    """The player's reward for a finished rollout, in 0..1."""
    margin = sum(result.player.values()) - sum(result.automa.values())
    squashed = 0.5 + 0.5 * math.tanh(margin / margin_scale)
    return (1 - margin_weight) * OUTCOME[result.winner] + margin_weight * squashed


class Search(Strategy):
    """The parameters and streams of a search strategy. ``rollout`` makes the policy's strategy from a
    stream; the policy that ranks the real game's choices and the rollouts' hidden cards each get a
    stream drawn from this strategy's own. At each decision it searches the policy's ``width`` best
    choices (``Strategy.rank``), best first."""

    searches = True
    params = (
        Param("budget", "int", 32, "simulations (rollouts) per decision", least=1),
        Param("rollout", "strategy", "expert", "the strategy that plays each rollout to the end"),
        Param("width", "int", WIDTH, "choices searched per decision: the rollout policy's best first", least=1),
    )

    def __init__(self, rng, budget: int = 32, rollout=None, width: int = WIDTH):
        super().__init__(rng)
        if rollout is None:
            raise ValueError("a search strategy needs a rollout policy")
        self.budget, self.width, self.make_policy = budget, width, rollout
        self.policy = rollout(random.Random(rng.getrandbits(64)))
        self.world = random.Random(rng.getrandbits(64))   # re-samples hidden cards, draws their future

    def shortlist(self, decision) -> list:
        """The choices to search: the policy's ``width`` best, best first."""
        ranked = self.policy.rank(decision)
        return ranked[:self.width] if len(ranked) > self.width else ranked
