"""Rollouts and the search players on Rurik: the real game is untouched, and no rollout peeks
(issue 14; docs/search.md)."""
from __future__ import annotations

import pytest

from automa.run.bench import bench, rollout_cost
from automa.core.registry import get_game
from strategies.rurik.master import MasterStrategy
from tests.rurik.helpers import hide_differently
from strategies.rurik.random import RandomStrategy
from tests.core.searchcheck import first_difference, same_game_with_rollouts, shown

GAME = get_game("rurik")
OPTS = GAME.resolve_options({"difficulty": 1})
CTX = GAME.prepare(OPTS)


@pytest.mark.parametrize("index", range(3))
def test_rollouts_leave_the_real_game_untouched(index):
    """A game whose strategy runs rollouts at every decision has the same trace and result as the
    same choices made without any rollout: no state, stream or trace of the real game is touched."""
    traces, results = same_game_with_rollouts(GAME, CTX, OPTS, RandomStrategy, index)
    assert traces[0] == traces[1] and results[0] == results[1]


def _shown(monkeypatch, reorder: bool, peek: bool, policy=RandomStrategy, **search) -> list[tuple]:
    """What capped ``mc`` was shown and chose, Rurik patched by :func:`hide_differently`."""
    with monkeypatch.context() as patch:
        hide_differently(patch, reorder, peek)
        return shown(GAME, CTX, OPTS, policy, 40, lambda v: (v.deed_display, v.hand, v.deeds), **search)


@pytest.mark.parametrize("policy, search", [(RandomStrategy, {}), (MasterStrategy, {}), (MasterStrategy, {"horizon": 1})],
                         ids=["random", "master", "master-horizon-1"])
def test_search_player_does_not_peek(monkeypatch, policy, search):
    """Two games that differ only in the order of cards the player has not seen (scheme decks, deed
    deck, inheritance deck): with the strategy's stream fixed, mc's choices and the values of its
    rollouts (its verdict, which ``review`` shows) are the same until that order shows in what the
    player sees. With rollouts that peek (keeping the true order) a choice differs first, so this
    test fails for a player that peeks. The rollouts are played by ``random``, and by ``master``
    (its policy and its rollouts read only the view they are given), also cut short at the next
    round's end and valued by master's position value (``horizon=1``, which reads the view only; with
    ``horizon=0`` the peeking rollouts of these 40 decisions stop before a hidden card shows, so
    this test could not tell a peeking player from an honest one there)."""
    n, first = first_difference(_shown(monkeypatch, False, False, policy, **search),
                                _shown(monkeypatch, True, False, policy, **search))
    assert n >= 10 and (first is None or first[0] != "choice"), (n, first)
    n, first = first_difference(_shown(monkeypatch, False, True, policy, **search),
                                _shown(monkeypatch, True, True, policy, **search))
    assert first is not None and first[0] == "choice", (n, first)


def test_bench_rollout_measures_rollouts_from_mid_game():
    """``bench --rollout``: rollouts are timed from every 10th decision of real games, next to the
    games themselves, and the search strategies stay out of the default bench."""
    row = rollout_cost("rurik", None, 3)
    assert row["policy"] == "random" and row["rollouts"] > 0 and row["ms/rollout"] > 0 and row["ratio"] > 0
    assert {r["strategy"] for r in bench(["rurik"], count=1)} == {"random", "greedy", "expert", "master", "warlord", "builder", "merchant",
                                                                   "learned(top=12)"}
