"""What the learned evaluation sees of a Stroganov choice (docs/learned.md): ``master``'s score, then
how the choice changes each fact of Stroganov's position features (strategies/stroganov/position.py:
each side's VP if the game ended now, coins, furs, horses, story, outposts, wishes, trophy, ...), then
the opponent and difficulty. Three groups: the action chosen (``basic``, ``main``, ``paid``,
ST-TURN-1..5), the move (ST-MOVE-1) and the extra actions after it (``extra``, ST-TURN-4)."""
from __future__ import annotations

from strategies.lookahead import LookaheadFeatures
from strategies.stroganov.master import MasterStrategy
from strategies.stroganov.position import DIFFICULTIES, StroganovPosition

VERSION = "stroganov-1"


class StroganovFeatures(LookaheadFeatures):
    version = VERSION
    position = StroganovPosition
    setting = ("katyusha", *(f"difficulty_{d}" for d in DIFFICULTIES))
    player = MasterStrategy
    groups = {"basic": "action", "main": "action", "paid": "action", "move": "move", "extra": "extra"}
