"""What the search strategies share: the value of a finished rollout, and tree nodes.

A rollout returns the game's Result; its value for the player is 1 for a win, 1/2 for a draw, 0 for
a loss, blended with the margin so that a search still has a gradient where every game is lost
(``margin_weight`` of the value comes from the margin, squashed into 0..1 at ``margin_scale`` VP).
"""
from __future__ import annotations

import math
import random

from automa.core.params import Param
from automa.core.strategy import Strategy

OUTCOME = {"player": 1.0, "draw": 0.5, "automa": 0.0}
WIDTH = 4


def value(result, margin_weight: float = 0.3, margin_scale: float = 20.0) -> float:
    """The player's reward for a finished rollout, in 0..1."""
    margin = sum(result.player.values()) - sum(result.automa.values())
    squashed = 0.5 + 0.5 * math.tanh(margin / margin_scale)
    return (1 - margin_weight) * OUTCOME[result.winner] + margin_weight * squashed


class Node:
    """Statistics of one choice in a search tree: visits, total value, how often it was legal
    (for information-set UCB), and the nodes of the decisions that followed it."""

    __slots__ = ("visits", "total", "avail", "children")

    def __init__(self):
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict = {}


def ucb_pick(strategy: Strategy, nodes: dict, choices, c: float):
    """The choice with the highest UCB1 score, untried ones first in the order given (ties by the
    strategy's stream); counts one more availability for every choice offered (ISMCTS, Cowling et
    al. 2012)."""
    untried, best, best_score = [], [], -1.0
    for ch in choices:
        node = nodes.get(ch)
        if node is None:
            node = nodes[ch] = Node()
        node.avail += 1
        if node.visits == 0:
            untried.append(ch)
            continue
        if untried:
            continue
        score = node.total / node.visits + c * math.sqrt(math.log(node.avail) / node.visits)
        if score > best_score:
            best, best_score = [ch], score
        elif score == best_score:
            best.append(ch)
    if untried:
        return untried[0]
    return best[0] if len(best) == 1 else strategy.uniform(best)


def most_visited(strategy: Strategy, nodes: dict, choices):
    """The root choice to play: most visits, then best mean (ties by the strategy's stream)."""
    best, best_key = [], None
    for ch in choices:
        n = nodes.get(ch)
        key = (0, 0.0) if n is None or n.visits == 0 else (n.visits, n.total / n.visits)
        if best_key is None or key > best_key:
            best, best_key = [ch], key
        elif key == best_key:
            best.append(ch)
    return best[0] if len(best) == 1 else strategy.uniform(best)


class Search(Strategy):
    """The parameters and streams of a search strategy. ``rollout`` is the policy's strategy class;
    the policy and the rollouts' hidden cards each get a stream drawn from this strategy's own.
    At each decision it searches the policy's ``width`` best choices (``Strategy.rank``), best first."""

    searches = True
    params = (
        Param("budget", "int", 32, "simulations (rollouts) per decision", least=1),
        Param("rollout", "strategy", "random", "the strategy that plays each rollout to the end"),
        Param("c", "float", 0.7, "UCB1 exploration constant", least=0),
        Param("width", "int", WIDTH, "choices searched per decision: the rollout policy's best first", least=1),
    )

    def __init__(self, rng, budget: int = 32, rollout=None, c: float = 0.7, width: int = WIDTH):
        super().__init__(rng)
        if rollout is None:
            raise ValueError("a search strategy needs a rollout policy")
        self.budget, self.c, self.width = budget, c, width
        self.policy = rollout(random.Random(rng.getrandbits(64)))
        self.world = random.Random(rng.getrandbits(64))   # re-samples hidden cards, draws their future

    def shortlist(self, decision) -> list:
        """The choices to search: the policy's ``width`` best, best first."""
        ranked = self.policy.rank(decision)
        return ranked[:self.width] if len(ranked) > self.width else ranked
