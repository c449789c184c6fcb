"""Rollouts and the search players on Rurik: the real game is untouched, and no rollout peeks
(issue 14; docs/search.md)."""
from __future__ import annotations

import random

import pytest

from automa.core.registry import get_game
from automa.core.seeding import game_streams
from automa.core.trace import Trace
from automa.rurik import decide, hidden, rounds
from strategies.mc import FlatMonteCarlo
from strategies.rurik.random import RandomStrategy

GAME = get_game("rurik")
OPTS = GAME.resolve_options({"difficulty": 1})
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
    same choices made without any rollout: no state, stream or trace of the real game is touched."""
    traces, results = [], []
    for cls in (RandomStrategy, Prober):
        st, trace = game_streams(7, index), Trace()
        results.append(GAME.play(CTX, OPTS, cls(st.strategy), st, trace))
        traces.append(trace.events)
    assert traces[0] == traces[1]
    assert [(r.player, r.automa, r.winner) for r in results[:1]] == [(r.player, r.automa, r.winner) for r in results[1:]]


class _Stop(Exception):
    pass


class Capped(FlatMonteCarlo):
    """``mc`` that keeps what it was offered and chose, with how many trace events came before, and
    ends the game after 40 decisions."""

    def __init__(self, rng, trace, **kw):
        super().__init__(rng, **kw)
        self.trace, self.log = trace, []

    def choose(self, decision):
        if len(self.log) == 40:
            raise _Stop
        choice = super().choose(decision)
        self.log.append((len(self.trace.events), decision.kind, tuple(decision.choices), choice))
        return choice


def _public(monkeypatch, reorder: bool, peek: bool) -> list[tuple]:
    """Game 0 played by capped ``mc``, as what the player sees (the non-decision events, and each
    decision's offer) interleaved with what it chose. ``reorder``: right after setup the cards the
    player has not seen get a new order, in the real game and in the replays of it (not after a
    rollout's branch point, which re-samples them anyway); the solo deck is kept, so the game
    diverges later. ``peek``: rollouts keep the true order of the hidden cards."""
    if reorder:
        original = rounds.setup

        def reordered(m):
            original(m)
            if m.recorder is not None or m.branch is not None:   # the real game, or a replay of it
                keep = m.s.deck[:], m.setup_rng, m.automa_rng
                hidden.resample(m, random.Random(99))
                m.s.deck[:], m.setup_rng, m.automa_rng = keep
        monkeypatch.setattr(rounds, "setup", reordered)
    if peek:
        def keep_order(m, rng):
            m.setup_rng = m.automa_rng = rng
        monkeypatch.setattr(decide, "resample", keep_order)
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
    """How many choices agree before the two games first differ, and the first differing item."""
    agreed = 0
    for x, y in zip(a, b):
        if x != y:
            return agreed, x
        agreed += x[0] == "choice"
    return agreed, None


def test_search_player_does_not_peek(monkeypatch):
    """Two games that differ only in the order of cards the player has not seen (scheme decks, deed
    deck, inheritance deck): with the strategy's stream fixed, mc's choices are the same until that
    order shows in what the player sees. With rollouts that peek (keeping the true order) a choice
    differs first, so this test fails for a player that peeks."""
    n, first = _first_difference(_public(monkeypatch, False, False), _public(monkeypatch, True, False))
    assert n >= 10 and (first is None or first[0] != "choice"), (n, first)
    n, first = _first_difference(_public(monkeypatch, False, True), _public(monkeypatch, True, True))
    assert first is not None and first[0] == "choice", (n, first)


def test_bench_rollout_measures_rollouts_from_mid_game():
    """``bench --rollout``: rollouts are timed from every 10th decision of real games, next to the
    games themselves, and the search strategies stay out of the default bench."""
    from automa.core.bench import bench, rollout_cost
    row = rollout_cost("rurik", None, 3)
    assert row["policy"] == "random" and row["rollouts"] > 0 and row["ms/rollout"] > 0 and row["ratio"] > 0
    assert {r["strategy"] for r in bench(["rurik"], count=1)} == {"random", "greedy", "warlord", "builder", "merchant"}
