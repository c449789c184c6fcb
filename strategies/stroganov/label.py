"""``label`` for Stroganov: :class:`strategies.label.Label` with Stroganov's features (strategies/stroganov/features.py)."""
from strategies.label import Label
from strategies.stroganov.features import StroganovFeatures


class StroganovLabel(Label):
    __doc__ = Label.__doc__
    features = StroganovFeatures
