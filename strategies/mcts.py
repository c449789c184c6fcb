"""``mcts``: information-set Monte Carlo tree search (single observer, SO-ISMCTS).

Each of the ``budget`` simulations per decision re-samples what the player cannot see, walks a tree
of the player's own later choices by UCB1 with availability counts, adds one node, and lets the
rollout policy play to the end; its value goes back up the path. At every tree level it searches
the policy's ``width`` best choices (``Strategy.rank``), best first (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", 2012; OpenSpiel's ``ismcts``). The automa and chance
are not tree levels: a new determinization per simulation stands for them.
"""
from automa.core.strategy import Strategy
from strategies.search import Node, Search, most_visited, ucb_pick, value


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
