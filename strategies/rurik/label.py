"""``label`` for Rurik: :class:`strategies.label.Label` with Rurik's features (strategies/rurik/features.py)."""
from strategies.label import Label
from strategies.rurik.features import RurikFeatures


class RurikLabel(Label):
    __doc__ = Label.__doc__
    features = RurikFeatures
