"""``learned``: ``master``'s best few choices, re-ranked by a learned evaluation; no rollouts.

At a decision of a kind the model judges (the game's features say which), it takes the ``top``
choices by ``master``'s score, computes their feature rows from the view (strategies/<game>/
features.py) and plays the one the model values highest (ties: the stream's draw among them). The
model, per group of decisions, is a sum of regression trees (or a linear evaluation) that sees each
choice's rank and the round too, trained by ``automa-sim learn`` on the verdicts of a search
(docs/learned.md): it learns where ``master``'s scores misjudge what the search finds.
Other decisions are played as ``master`` plays them.

``model`` names a model file to play instead of the one shipped with the game; it is checked when
the strategy is bound, before any game (a one-line error otherwise), and read once per process.
"""
from __future__ import annotations

from pathlib import Path

from automa.core import model as models
from automa.core.params import Param
from automa.core.strategy import Strategy

_MODELS: dict = {}      # (path, game) -> the loaded Model, once per process


def params(top: int) -> tuple:
    """``learned``'s parameters, with ``top`` choices by default (each game's, as measured best)."""
    return (
        Param("top", "int", top, "master's best choices that the model chooses among", least=1),
        Param("model", "str", "", "a model file to play instead of the game's (automa-sim learn writes one)",
              hide_default=True),
    )


class Learned(Strategy):
    """Each game's subclass sets ``game``, ``features`` (its features class), ``player`` (the
    strategy that plays the other decisions and whose scores are the first feature) and
    ``model_file`` (the model shipped with the game)."""

    name = "learned"
    description = "master's best choices re-ranked by a learned evaluation of the search's verdicts, no rollouts (fast)"
    game = ""
    features = None
    player = None
    model_file: Path = Path()
    params = ()             # :func:`params` with the game's default ``top``

    def __init__(self, rng, top: int, model: str = ""):
        super().__init__(rng)
        self.top = top
        self.master = type(self).player(rng)
        self.feature_rows = type(self).features()
        self.model = type(self).load(model)

    @classmethod
    def check(cls, values: dict) -> None:
        """Load the model the values name, so that a bad file stops a run before its first game."""
        cls.load(values.get("model", ""))

    @classmethod
    def load(cls, model: str):
        """The model file ``model`` (empty: the game's), checked (automa/core/model.py), once per process."""
        path = Path(model) if model else cls.model_file
        key = (str(path), cls.game)
        found = _MODELS.get(key)
        if found is None:
            features = cls.features
            found = _MODELS[key] = models.load(path, cls.game, features.version, features.names)
        return found

    def choose(self, decision):
        judged = self.judged(decision)
        if judged is None:
            return self.master.choose(decision)
        order, values = judged
        return self.pick_top([decision.choices[i] for i in order[:self.top]], values)

    def rank(self, decision):
        """The model's order of ``master``'s ``top`` best, then the rest in ``master``'s order."""
        judged = self.judged(decision)
        if judged is None:
            return self.master.rank(decision)
        order, values = judged
        best = sorted(range(len(values)), key=lambda k: (-values[k], k))
        choices = decision.choices
        return [choices[order[k]] for k in best] + [choices[i] for i in order[len(values):]]

    def judged(self, decision):
        """None for a decision the model does not judge; else the choices' indices in ``master``'s
        order (ties: the engine's) and the model's values of the first ``top``, rounded to 1e-9."""
        group = self.feature_rows.group(decision.kind)
        if group not in self.model.groups:      # not judged, or left out by learn: master plays it
            return None
        scores = self.feature_rows.scores(decision)
        order = sorted(range(len(decision.choices)), key=lambda i: (-scores[i], i))
        rows = self.feature_rows.rows(decision, scores, order[:self.top])
        values = self.model.groups[group].scores(rows, decision.view.round)
        return order, [round(x, 9) for x in values]
