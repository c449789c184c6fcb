"""Rollouts and the search players on Stroganov: the real game is untouched, and no rollout peeks
(issue 14; docs/search.md)."""
from __future__ import annotations

import random

import pytest

from automa.core.registry import get_game
from automa.core.seeding import game_streams
from automa.core.trace import Trace
from automa.stroganov import economy, hidden, setup
from strategies.mc import FlatMonteCarlo
from strategies.stroganov.random import RandomStrategy

GAME = get_game("stroganov")
OPTS = GAME.resolve_options({})
CTX = GAME.prepare(OPTS)


class Prober(RandomStrategy):
    """Chooses as ``random`` does, but first runs two rollouts at every decision."""

    searches = True

    def choose(self, decision):
        for choice in decision.choices[:2]:
            decision.rollout(choice, RandomStrategy(random.Random(3)), random.Random(4))
        return super().choose(decision)


@pytest.mark.parametrize("index", range(3))
def test_rollouts_leave_the_real_game_untouched(index):
    """A game whose strategy runs rollouts at every decision has the same trace and result as the
    same choices made without any rollout."""
    traces, results = [], []
    for cls in (RandomStrategy, Prober):
        st, trace = game_streams(7, index), Trace()
        r = GAME.play(CTX, OPTS, cls(st.strategy), st, trace)
        traces.append(trace.events)
        results.append((r.player, r.automa, r.winner))
    assert traces[0] == traces[1] and results[0] == results[1]


class _Stop(Exception):
    pass


class Capped(FlatMonteCarlo):
    """``mc`` that keeps what it was offered and chose, with how many trace events came before, and
    ends the game after 30 decisions."""

    def __init__(self, rng, trace, **kw):
        super().__init__(rng, **kw)
        self.trace, self.log = trace, []

    def choose(self, decision):
        if len(self.log) == 30:
            raise _Stop
        choice = super().choose(decision)
        self.log.append((len(self.trace.events), decision.kind, tuple(decision.choices), choice))
        return choice


def _public(monkeypatch, reorder: bool, peek: bool) -> list[tuple]:
    """Game 0 played by capped ``mc``, as what the player sees (the non-decision events and each
    decision's offer) interleaved with what it chose. ``reorder``: right after setup the face-down
    piles (tiles, yurts, wishes, songs) get a new order, in the real game and in the replays of it (not
    after a rollout's branch point); the automa deck is kept, so the game diverges later. ``peek``:
    rollouts keep the true order."""
    if reorder:
        original = setup.setup

        def reordered(*args, **kw):
            run = original(*args, **kw)
            if run.recorder is not None or run.branch is not None:   # the real game, or a replay of it
                keep = run.st.deck[:], run.rng, run.arng
                hidden.resample(run, random.Random(99))
                run.st.deck[:], run.rng, run.arng = keep
            return run
        monkeypatch.setattr(setup, "setup", reordered)
    if peek:
        def keep_order(run, rng):
            run.rng = run.arng = rng
        monkeypatch.setattr(economy, "resample", keep_order)
    trace, st = Trace(), game_streams(11, 0)
    strategy = Capped(st.strategy, trace, budget=4, rollout=RandomStrategy)
    with pytest.raises(_Stop):
        GAME.play(CTX, OPTS, strategy, st, trace)
    monkeypatch.undo()
    out, done = [], 0
    for at, kind, offer, choice in strategy.log:
        out += [("event", e) for e in trace.events[done:at] if e["kind"] != "decision"]
        out += [("offer", kind, offer), ("choice", choice)]
        done = at
    return out


def _first_difference(a: list[tuple], b: list[tuple]) -> tuple[int, tuple | None]:
    agreed = 0
    for x, y in zip(a, b):
        if x != y:
            return agreed, x
        agreed += x[0] == "choice"
    return agreed, None


def test_search_player_does_not_peek(monkeypatch):
    """Two games that differ only in the order of face-down piles the player has not seen: with the
    strategy's stream fixed, mc's choices are the same until that order shows in what the player
    sees. With rollouts that peek, a choice differs first, so this test fails for a player that peeks."""
    n, first = _first_difference(_public(monkeypatch, False, False), _public(monkeypatch, True, False))
    assert n >= 5 and (first is None or first[0] != "choice"), (n, first)
    n, first = _first_difference(_public(monkeypatch, False, True), _public(monkeypatch, True, True))
    assert first is not None and first[0] == "choice", (n, first)
