"""``positions`` for Rurik: :class:`strategies.positions.Positions` with Rurik's position features
(strategies/rurik/position.py)."""
from strategies.positions import Positions
from strategies.rurik.position import RurikPosition


class RurikPositions(Positions):
    __doc__ = Positions.__doc__
    features = RurikPosition
