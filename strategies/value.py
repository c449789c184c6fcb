"""A learned position value: the final margin of a player's games predicted from a position, per round,
by a model of kind ``position`` that ``automa-sim learn`` fits to the ``positions`` player's records
(automa/core/model.py; docs/learned.md, "Position value"). ``mc``'s ``horizon`` cuts its rollouts short
with it. The features read the view only, so the value knows what the player at the table knows."""
from __future__ import annotations

from pathlib import Path

from automa.core import model as models
from automa.core.errors import StrategyError
from strategies.search import Estimate, expected_value

_LOADED: dict = {}      # (path, game) -> PositionValue, once per process


class PositionFeatures:
    """What a game's position value sees: each game's subclass sets ``version`` (change it whenever a
    feature changes: a model of another version is refused), its ``rounds``, the feature ``names_row``
    and ``row(view)``; the model has one group per round, ``round_N``, each of the same features."""

    version = ""
    rounds: tuple = ()
    names_row: list = []

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.names = {f"round_{r}": cls.names_row for r in cls.rounds}

    @staticmethod
    def group(view) -> str:
        """The group of the position ``view`` shows: its round's."""
        return f"round_{view.round}"

    @staticmethod
    def row(view) -> list[float]:
        raise NotImplementedError


class PositionValue:
    """The position value of ``features`` (a game's position features class: ``version``, ``names``
    per round group, ``group(view)`` and ``row(view)``) under ``model``."""

    def __init__(self, features, model: models.Model):
        self.features, self.model = features, model

    @classmethod
    def load(cls, game: str, features, path: Path) -> "PositionValue":
        """The checked model file ``path`` (a one-line UsageError otherwise), read once per process."""
        key = (str(path), game)
        found = _LOADED.get(key)
        if found is None:
            model = models.load(path, game, features.version, features.names, kind="position")
            found = _LOADED[key] = cls(features, model)
        return found

    def __call__(self, view) -> Estimate:
        """The :class:`~strategies.search.Estimate` of the position ``view`` shows."""
        linear = self.model.groups.get(self.features.group(view))
        if linear is None:
            raise StrategyError(f"the position value has no model for {self.features.group(view)!r}")
        return expected_value(linear.scores([self.features.row(view)])[0], linear.spread)
