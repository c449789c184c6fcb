"""Choice features from one step of lookahead, for a game whose decisions offer ``decision.after``:
a choice's row is its player's score, then how the choice changes each fact of the game's position
features (the position after it less the position now), then the setting as the position features
read it. What a choice does is seen in the facts it changes, so the features need no list of what
each choice is; a learned evaluation (docs/learned.md) weighs the changes by the round and the
setting. ``decision.after`` applies the choice to a copy of what the view shows (no peeking).

A game's subclass sets ``version``, ``position`` (its :class:`~strategies.value.PositionFeatures`),
``setting`` (the position features copied as they are, the same before and after), ``player`` (the
strategy whose ``scores(decision)`` start each row) and ``groups`` (decision kind -> group).
"""
from __future__ import annotations

import random
from operator import itemgetter, sub


class LookaheadFeatures:
    version = ""
    position = None
    setting: tuple = ()
    player = None
    groups: dict = {}

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        facts = cls.position.names_row
        changed = [i for i, name in enumerate(facts) if name not in cls.setting]
        cls._changed = staticmethod(itemgetter(*changed))     # a row -> the facts a choice may change
        cls._kept = [facts.index(name) for name in cls.setting]
        row = ["score", *(f"change_{facts[i]}" for i in changed), *cls.setting]
        cls.names = {group: row for group in dict.fromkeys(cls.groups.values())}

    def __init__(self):
        self.player = type(self).player(random.Random(0))

    @classmethod
    def group(cls, kind: str) -> str | None:
        """The group of a decision kind, None for a kind the model does not judge."""
        return cls.groups.get(kind)

    def scores(self, decision) -> list[float]:
        """The player's score of every choice of ``decision``."""
        return self.player.scores(decision)

    def rows(self, decision, scores: list[float], indices) -> list[list[float]]:
        """The rows of the choices at ``indices`` of ``decision``, whose player's scores are ``scores``."""
        row, changed = self.position.row, self._changed
        now = row(decision.view)
        before = changed(now)
        setting = [now[i] for i in self._kept]
        after, choices = decision.after, decision.choices
        return [[scores[i], *map(sub, changed(row(after(choices[i]))), before), *setting] for i in indices]
