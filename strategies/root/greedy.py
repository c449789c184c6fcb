"""``greedy``: one-step lookahead on the VP margin.

For every choice it looks at the game after that choice (``decision.after``: the rest of the choice's
step, up to the player's next decision or the end of the turn) and takes the one that leaves the player's
VP furthest ahead of the best other seat's (RT-STUDY-4). Ties, and choices with no lookahead (those made
during setup), are broken by its own stream.
"""
from automa.core.strategy import Strategy


class GreedyStrategy(Strategy):
    name = "greedy"
    description = "the choice that leaves the best VP margin right after it"

    def choose(self, decision):
        if not decision.can_look_ahead:
            return self.uniform(decision.choices)
        return self.pick_best(decision, lambda choice: decision.after(choice).margin)
