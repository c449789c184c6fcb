"""What the search tests of both games share: a strategy that runs rollouts but chooses as ``random``
does, an ``mc`` that logs what it was shown and stops early, and the comparison of what two games
showed the player (docs/search.md)."""
from __future__ import annotations

import random

from automa.core.seeding import game_streams
from automa.core.trace import Trace
from strategies.mc import FlatMonteCarlo


class Stop(Exception):
    """Raised by :class:`Capped` to end a game early."""


def same_game_with_rollouts(game, ctx, opts, random_cls, index: int) -> tuple[list, list]:
    """The traces and results of game ``index`` played by ``random_cls``, and by the same strategy
    running two rollouts at every decision first: a test asserts they are equal."""
    class Prober(random_cls):
        searches = True

        def choose(self, decision):
            for choice in decision.choices[:2]:
                decision.rollout(choice, random_cls(random.Random(3)), random.Random(4))
            return super().choose(decision)

    traces, results = [], []
    for cls in (random_cls, Prober):
        st, trace = game_streams(7, index), Trace()
        r = game.play(ctx, opts, cls(st.strategy), st, trace)
        traces.append(trace.events)
        results.append((r.player, r.automa, r.winner))
    return traces, results


class Capped(FlatMonteCarlo):
    """``mc`` that keeps what it was offered, the values of its rollouts (its verdict) and what it
    chose, with how many trace events came before, and ends the game after ``limit`` decisions."""

    def __init__(self, rng, trace, limit, seen, **kw):
        super().__init__(rng, **kw)
        self.trace, self.limit, self.seen, self.log = trace, limit, seen, []

    def choose(self, decision):
        if len(self.log) == self.limit:
            raise Stop
        seen = self.seen(decision.view)
        verdict = self.verdict(decision)
        self.log.append((len(self.trace.events), seen, decision.kind, tuple(decision.choices), verdict.pick,
                         verdict.values))
        return verdict.pick


def shown(game, ctx, opts, policy, limit: int, seen=lambda view: (), **search) -> list[tuple]:
    """Game 0 of seed 11 played by capped ``mc`` (budget 4, and ``search``'s parameters), as what the
    player saw (the non-decision events, what ``seen`` reads off the view that no event shows, and
    each decision's offer) interleaved with what it chose and the values its rollouts gave each
    choice (its verdict)."""
    trace, st = Trace(), game_streams(11, 0)
    strategy = Capped(st.strategy, trace, limit, seen, budget=4, rollout=policy, **search)
    try:
        game.play(ctx, opts, strategy, st, trace)
    except Stop:
        pass
    out, done = [], 0
    for at, seen, kind, offer, choice, values in strategy.log:
        out += [("event", e) for e in trace.events[done:at] if e["kind"] != "decision"]
        out += [("seen", seen), ("offer", kind, offer), ("choice", choice, values)]
        done = at
    return out


def first_difference(a: list[tuple], b: list[tuple]) -> tuple[int, tuple | None]:
    """How many choices agree before two games first differ, and the first differing item."""
    agreed = 0
    for x, y in zip(a, b):
        if x != y:
            return agreed, x
        agreed += x[0] == "choice"
    return agreed, None
