"""``positions``: plays a game as its ``player`` does and writes the position at its first decision of
each round, with the game's final margin and result: the training data of the position value that
cuts a search's rollouts short (docs/learned.md, "Position value"; ``mc``'s ``horizon``).

The position's row reads only the decision's view (strategies/<game>/position.py), so nothing
recorded was hidden from the player at the table; the outcome is the game's own, known once it ends.
Recording never changes a move: the game is the ``player``'s, on its own stream.
"""
from __future__ import annotations

from automa.core.params import Param
from automa.core.strategy import Strategy
from strategies.search import OUTCOME, margin_of, value

COLUMNS = ("round", "group", "margin", "win", "value", "features")


class Positions(Strategy):
    """The game's position features class is set by each game's subclass (strategies/<game>/positions.py)."""

    name = "positions"
    description = "plays as its player and writes each round's first position with the game's outcome (training data)"
    record_columns = COLUMNS
    features = None         # the game's position features class
    params = (Param("player", "strategy", "master", "the strategy that plays the game (and whose play the value learns)"),)

    def __init__(self, rng, player=None):
        super().__init__(rng)
        self.player = player(rng)
        self.rows = type(self).features()
        self.round = None
        self._positions: list[tuple] = []

    def choose(self, decision):
        view = decision.view
        if view.round != self.round:
            self.round = view.round
            self._positions.append((view.round, self.rows.group(view), self.rows.row(view)))
        return self.player.choose(decision)

    def rank(self, decision):
        return self.player.rank(decision)

    def records(self, result) -> list[list]:
        """One record per round's first position: its round and group, and the game's final margin,
        win (1, a tie 0.5, a loss 0) and value, the same for every position of the game."""
        margin, won, final = margin_of(result), OUTCOME[result.winner], round(value(result), 6)
        return [[r, group, margin, won, final, ";".join(f"{x:.6g}" for x in row)]
                for r, group, row in self._positions]
