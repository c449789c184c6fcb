"""The strategy protocol, the contract between engines and strategies: an engine asks, a strategy
chooses. Both sides depend on it; neither depends on the other.

At every real player decision an engine builds a :class:`Decision` and calls
``strategy.choose(decision)``. The strategy returns one element of ``decision.choices``. Forced moves
(a single legal choice) never reach the strategy.

A strategy sees a read-only ``view`` of the game, never the mutable state. ``decision.after(choice)``
gives the view of a copy of the state with that choice applied, for one-step lookahead.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from automa.core.errors import StrategyError


class Decision:
    """One player decision: its kind, a read-only view, the legal choices, a lookahead and, for a
    strategy that searches, rollouts."""

    __slots__ = ("kind", "view", "choices", "_after", "_rollout")

    def __init__(self, kind: str, view: Any, choices: Sequence, after: Callable[[Any], Any] | None = None,
                 rollout: Callable | None = None):
        self.kind = kind
        self.view = view
        self.choices = choices
        self._after = after
        self._rollout = rollout

    @property
    def can_roll_out(self) -> bool:
        """Whether :meth:`rollout` is offered (to strategies with ``searches = True``)."""
        return self._rollout is not None

    def rollout(self, choice, policy: "Strategy", rng: random.Random):
        """The final Result of the game played on from here with ``choice`` and then ``policy``, on a
        copy whose hidden cards are re-sampled from ``rng`` (docs/search.md). The game is untouched."""
        if self._rollout is None:
            raise StrategyError(f"decision {self.kind!r} offers no rollouts")
        return self._rollout(choice, policy, rng)

    @property
    def can_look_ahead(self) -> bool:
        """Whether :meth:`after` is offered for this decision."""
        return self._after is not None

    def after(self, choice):
        """The view after ``choice`` is applied to a copy of the state (one-step lookahead)."""
        if self._after is None:
            raise StrategyError(f"decision {self.kind!r} offers no lookahead")
        return self._after(choice)

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, {len(self.choices)} choices)"


class Strategy:
    """Base class for player strategies. Subclasses set ``name`` and override :meth:`choose`.

    ``ignores`` declares the rules a strategy is known not to play for, so that a report can say so
    beside the finding they distort: it maps an option's value, ``"modules=diplomacy"`` (for a set
    option, a value in the set), to what the strategy fails to do there, one sentence without a
    subject, ``"never steers its move to a diplomacy tile"``. Declare only what its code shows.

    A strategy that writes training data names its columns in ``record_columns`` and returns, from
    :meth:`records`, the rows of the game it has just played (``automa-sim simulate`` writes them to
    ``records.csv.gz``); the default records nothing.
    """

    name = "strategy"
    description = ""
    searches = False    # True: the engine records the game and offers Decision.rollout
    looks_ahead = True  # False: never calls Decision.after, so an engine may skip what lookahead needs
    params: tuple = ()  # automa.core.params.Param: parameters taken as keyword arguments after rng
    ignores: dict[str, str] = {}  # "option=value" -> the rule it does not play for (see above)
    record_columns: tuple = ()  # the columns of its training records (see above); () records nothing

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, decision: Decision):
        raise NotImplementedError

    @classmethod
    def check(cls, values: dict) -> None:
        """Raise UsageError (one line) if the bound parameter ``values`` cannot be played, e.g. a
        file one names does not load: called when the strategy is bound, before any game."""

    def records(self, result) -> list:
        """The training records of the game just played, whose Result is ``result``: one row per
        record, each a list of plain ``str``, ``int`` or ``float`` values in the order of
        ``record_columns``. Called once, after the game ends (never after a game that raised)."""
        return []

    def uniform(self, seq: Sequence):
        """A uniformly random element of ``seq``: the draws of ``self.rng.randrange(len(seq))`` exactly,
        without its two Python-level calls (random players make one per decision)."""
        n = len(seq)
        k, bits = n.bit_length(), self.rng.getrandbits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return seq[r]

    def rank(self, decision: Decision) -> list:
        """The legal choices, the one this strategy prefers first. Search strategies use it to spend
        their budget on a policy's best few choices (their ``width``). A strategy with its own scores
        overrides it; this default puts :meth:`choose`'s pick first and keeps the engine's order."""
        pick = self.choose(decision)
        return [pick] + [c for c in decision.choices if c != pick]

    def pick_best(self, decision: Decision, score: Callable[[Any], float]):
        """The choice with the highest ``score``; ties broken by this strategy's own stream."""
        choices = decision.choices
        return self.pick_top(choices, [score(c) for c in choices])

    def pick_top(self, choices: Sequence, values: Sequence):
        """The choice with the highest of ``values`` (one per choice, in order); ties broken by this
        strategy's own stream (:meth:`uniform` over the tied choices, in order)."""
        best = max(values)
        top = [c for c, value in zip(choices, values) if value == best]
        return top[0] if len(top) == 1 else self.uniform(top)


def ask(strategy: Strategy, decision: Decision):
    """Ask ``strategy`` for a choice and check it is legal (an illegal return raises StrategyError)."""
    choices = decision.choices
    if len(choices) == 1:
        return choices[0]
    choice = strategy.choose(decision)
    if choice not in choices:
        raise StrategyError(
            f"strategy {strategy.name!r} returned {choice!r} for decision {decision.kind!r}, "
            f"which is not one of its {len(choices)} legal choices"
        )
    return choice
