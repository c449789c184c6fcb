"""Master: the ``expert`` player with weights tuned against Katyusha, read from ``master.toml``.

It plays exactly as :mod:`strategies.stroganov.expert` does (the same estimate of final VP, the same
direct scores and the same few lookaheads, no rollouts), with every weight of that estimate taken from
the small data file ``strategies/stroganov/master.toml`` beside this module. The file's values are the
defaults of ``master``'s declared parameters, so ``master`` plays the file and
``master(horse=0.1)`` changes one weight of it (``list strategies stroganov --long`` shows them);
``automa-sim tune stroganov master`` searches them further.

The file (strategies/stroganov/master_file.py) is checked when this module is imported: every weight
of ``expert`` and nothing else, each a number of its kind and at least its smallest value; it records
the ``tune`` command that found them (docs/stroganov.md, "The `master` player"), and
``python -m strategies.stroganov.master_file BEST_TXT`` writes a tune run's ``best.txt`` into it.
"""
from __future__ import annotations

from pathlib import Path

from strategies.stroganov.expert import ExpertStrategy
from strategies.stroganov.master_file import WEIGHTS_FILE
from strategies.stroganov.position import StroganovPosition
from strategies.value import PositionValue


class MasterStrategy(ExpertStrategy):
    name = "master"
    description = "expert with weights tuned against Katyusha (strategies/stroganov/master.toml); no rollouts"
    params = WEIGHTS_FILE.declared()

    @classmethod
    def position_value(cls) -> PositionValue:
        """What a position is worth when ``master`` plays on from it: the model fit to ``master``'s games,
        strategies/stroganov/position.json (docs/learned.md, "Position value"), for ``mc``'s ``horizon``."""
        return PositionValue.load("stroganov", StroganovPosition, Path(__file__).with_name("position.json"))

