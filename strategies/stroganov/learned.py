"""``learned`` for Stroganov: :class:`strategies.learned.Learned` with Stroganov's features and
``master``, and the model shipped as ``strategies/stroganov/learned.json`` (docs/learned.md says how it is made)."""
from pathlib import Path

from strategies.learned import Learned, params
from strategies.stroganov.features import StroganovFeatures
from strategies.stroganov.master import MasterStrategy


class StroganovLearned(Learned):
    __doc__ = Learned.__doc__
    game = "stroganov"
    features = StroganovFeatures
    player = MasterStrategy
    model_file = Path(__file__).with_name("learned.json")
    params = params(4)       # measured best (docs/learned.md)
