"""``positions`` for Stroganov: :class:`strategies.positions.Positions` with Stroganov's position
features (strategies/stroganov/position.py)."""
from strategies.positions import Positions
from strategies.stroganov.position import StroganovPosition


class StroganovPositions(Positions):
    __doc__ = Positions.__doc__
    features = StroganovPosition
