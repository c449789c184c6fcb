"""``mc``: flat Monte Carlo over determinizations, the simple baseline of the search players.

At each decision it spends ``budget`` rollouts on the rollout policy's ``width`` best choices,
tried best first and then picked by UCB1, each rollout
re-sampling what the player cannot see (docs/search.md), and plays the choice visited most.
"""
from strategies.search import Search, most_visited, ucb_pick, value


class FlatMonteCarlo(Search):
    name = "mc"
    description = "flat Monte Carlo: budget rollouts per decision spread over the choices by UCB1"

    def choose(self, decision):
        nodes: dict = {}
        choices = self.shortlist(decision)
        if len(choices) == 1:
            return choices[0]
        for _ in range(self.budget):
            choice = ucb_pick(self, nodes, choices, self.c)
            node = nodes[choice]
            node.visits += 1
            node.total += value(decision.rollout(choice, self.policy, self.world))
        return most_visited(self, nodes, choices)
