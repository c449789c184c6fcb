"""``learned`` for Rurik: :class:`strategies.learned.Learned` with Rurik's features and ``master``,
and the model shipped as ``strategies/rurik/learned.json`` (docs/learned.md says how it is made)."""
from pathlib import Path

from strategies.learned import Learned, params
from strategies.rurik.features import RurikFeatures
from strategies.rurik.master import MasterStrategy


class RurikLearned(Learned):
    __doc__ = Learned.__doc__
    game = "rurik"
    features = RurikFeatures
    player = MasterStrategy
    model_file = Path(__file__).with_name("learned.json")
    params = params(12)       # measured best (docs/learned.md)
