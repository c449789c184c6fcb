"""``label``: plays a game as its ``player`` does and writes a search's verdict on some of its
decisions as training data for the learned evaluation (docs/learned.md).

At each decision of a kind the model judges (the game's features say which: ``features.group``) it
draws from its own stream whether to label it (``rate``). A labelled decision is searched by the
``teacher`` (a search with a ``verdict``, ``mc`` by default): its shortlist and ``extra`` more choices
drawn at random from the rest, each rolled out on the same determinizations. Every choice rolled
out is one record: the decision, the choice, its rank by ``master``'s score, whether the search
shortlisted it, picked it and whether the player played it, its rollouts' mean value, margin and
win chance, and its feature row. The game itself is the ``player``'s: which decisions are labelled,
and the teacher's rollouts, never change a move (the teacher, the player, the sampler and the
extra choices each have a stream of their own, drawn from this strategy's).

The features read only the decision's view, and the teacher's rollouts re-sample what the player
cannot see (docs/search.md), so nothing recorded was hidden from the player at the table.
"""
from __future__ import annotations

import math
import random

from automa.core.params import Param
from automa.core.strategy import Strategy
from strategies.search import margin_of, win_of

COLUMNS = ("decision", "round", "kind", "group", "n_choices", "choice", "rank", "searched", "pick",
           "played", "rounds", "value", "margin", "win", "features")


class Label(Strategy):
    """The game's ``features`` class is set by each game's subclass (strategies/<game>/label.py)."""

    name = "label"
    description = "plays as its player and writes a search's verdicts on a share of its decisions (training data)"
    searches = True
    record_columns = COLUMNS
    features = None         # the game's features class
    params = (
        Param("teacher", "strategy", "mc(budget=32,width=8,rollout=master,horizon=0)",
              "the search whose verdicts are recorded (it needs a verdict, as mc has)"),
        Param("player", "strategy", "master", "the strategy that plays the game"),
        Param("rate", "float", 0.5, "the share of judged decisions that are labelled", least=0),
        Param("extra", "int", 1, "choices outside the teacher's shortlist rolled out too, drawn at random",
              least=0),
    )

    def __init__(self, rng, teacher=None, player=None, rate: float = 0.5, extra: int = 1):
        super().__init__(rng)
        self.teacher = teacher(random.Random(rng.getrandbits(64)))
        self.player = player(random.Random(rng.getrandbits(64)))
        self.sampler = random.Random(rng.getrandbits(64))
        self.extras = random.Random(rng.getrandbits(64))
        self.rate, self.extra = rate, extra
        self.feature_rows = type(self).features()
        self.decisions = 0
        self._records: list[list] = []

    def choose(self, decision):
        group = self.feature_rows.group(decision.kind)
        labelled = self._label(decision, group) if group is not None and self.sampler.random() < self.rate else ()
        choice = self.player.choose(decision)
        for record, rolled in labelled:
            record[9] = int(rolled == choice)
        return choice

    def rank(self, decision):
        return self.player.rank(decision)

    def records(self, result) -> list[list]:
        """The records of the game played, one per choice rolled out (:data:`COLUMNS`)."""
        return self._records

    def _label(self, decision, group: str) -> list:
        """The teacher's verdict on ``decision`` as records, each with its choice (``played`` is
        filled in by :meth:`choose`)."""
        choices = decision.choices
        scores = self.feature_rows.scores(decision)
        order = sorted(range(len(choices)), key=lambda i: (-scores[i], i))
        rank = {i: k for k, i in enumerate(order)}
        shortlist = self.teacher.shortlist(decision)
        rest = [c for c in choices if c not in shortlist]
        also = self.extras.sample(rest, min(self.extra, len(rest)))
        verdict = self.teacher.verdict(decision, also=also, shortlist=shortlist)
        if verdict.rounds == 0:
            return []
        self.decisions += 1
        index = {c: i for i, c in enumerate(choices)}
        at = [index[c] for c in verdict.choices]
        rows = self.feature_rows.rows(decision, scores, at)
        view, out = decision.view, []
        for k, (i, row) in enumerate(zip(at, rows)):
            results = verdict.results[k]
            n = len(results)
            margins = [margin_of(r) for r in results]
            record = [
                self.decisions, view.round, decision.kind, group, len(choices), repr(choices[i]), rank[i],
                int(k < verdict.searched), int(k == verdict.best), 0,
                n, round(math.fsum(verdict.values[k]) / n, 6), round(math.fsum(margins) / n, 4),
                round(math.fsum(win_of(r) for r in results) / n, 4),
                ";".join(f"{x:.6g}" for x in row)]
            self._records.append(record)
            out.append((record, choices[i]))
        return out
