"""``mcts``: information-set Monte Carlo tree search (single observer, SO-ISMCTS).

Each of the ``budget`` simulations per decision re-samples what the player cannot see, walks a tree
of the player's own later choices by UCB1 with availability counts, adds one node, and lets the
rollout policy play to the end; its value goes back up the path. At every tree level it searches
the policy's ``width`` best choices (``Strategy.rank``), best first (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", 2012; OpenSpiel's ``ismcts``). The automa and chance
are not tree levels: a new determinization per simulation stands for them.
"""
import math

from automa.core.params import Param
from automa.core.strategy import Strategy
from strategies.search import Search, value

WIDTH = 2


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
    keys = []
    for ch in choices:
        n = nodes.get(ch)
        keys.append((0, 0.0) if n is None or n.visits == 0 else (n.visits, n.total / n.visits))
    return strategy.pick_top(choices, keys)


class _Walk(Strategy):
    """One simulation's player after its first choice: UCB1 in the tree, one expansion, then the policy."""

    name = "mcts-walk"

    def __init__(self, owner: "ISMCTS", node: Node):
        super().__init__(owner.rng)
        self.owner, self.nodes, self.path = owner, node.children, [node]

    def choose(self, decision):
        if self.nodes is None:
            return self.owner.policy.choose(decision)
        choice = ucb_pick(self.owner, self.nodes, self.owner.shortlist(decision), self.owner.c)
        node = self.nodes[choice]
        self.path.append(node)
        self.nodes = node.children if node.visits else None
        return choice


class ISMCTS(Search):
    name = "mcts"
    description = "information-set MCTS: budget simulations per decision, each on a fresh determinization"
    # mcts keeps its width of 2 (docs/search.md: it stays weaker than mc, and out of the defaults)
    params = tuple(Param("width", "int", WIDTH, "choices searched per decision: the rollout policy's best first",
                         least=1) if p.name == "width" else p for p in Search.params) + (
        Param("c", "float", 0.7, "UCB1 exploration constant", least=0),)

    def __init__(self, rng, c: float = 0.7, width: int = WIDTH, **search):
        super().__init__(rng, width=width, **search)
        self.c = c

    def choose(self, decision):
        root: dict = {}
        choices = self.shortlist(decision)
        if len(choices) == 1:
            return choices[0]
        for _ in range(self.budget):
            choice = ucb_pick(self, root, choices, self.c)
            walk = _Walk(self, root[choice])
            reward = value(decision.rollout(choice, walk, self.world))
            for node in walk.path:
                node.visits += 1
                node.total += reward
        return most_visited(self, root, choices)
