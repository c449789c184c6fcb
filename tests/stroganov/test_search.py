"""Rollouts and the search players on Stroganov: the real game is untouched, and no rollout peeks
(issue 14; docs/search.md)."""
from __future__ import annotations

import random

import pytest

from automa.core.registry import get_game
from automa.stroganov import economy, hidden, setup
from strategies.stroganov.master import MasterStrategy
from strategies.stroganov.random import RandomStrategy
from tests.core.searchcheck import first_difference, same_game_with_rollouts, shown

GAME = get_game("stroganov")
OPTS = GAME.resolve_options({})
CTX = GAME.prepare(OPTS)


@pytest.mark.parametrize("index", range(3))
def test_rollouts_leave_the_real_game_untouched(index):
    """A game whose strategy runs rollouts at every decision has the same trace and result as the
    same choices made without any rollout."""
    traces, results = same_game_with_rollouts(GAME, CTX, OPTS, RandomStrategy, index)
    assert traces[0] == traces[1] and results[0] == results[1]


def _shown(monkeypatch, reorder: bool, peek: bool, policy=RandomStrategy, **search) -> list[tuple]:
    """What capped ``mc`` was shown and chose. ``reorder``: right after setup the face-down piles
    (tiles, yurts, wishes, songs) get a new order, in the real game and in the replays of it (not after
    a rollout's branch point); the automa deck is kept, so the game diverges later. ``peek``: rollouts
    keep the true order. ``policy``: mc's rollout policy (and its shortlist)."""
    with monkeypatch.context() as patch:
        if reorder:
            original = setup.setup

            def reordered(*args, **kw):
                run = original(*args, **kw)
                if run.recorder is not None or run.branch is not None:   # the real game, or a replay of it
                    keep = run.st.deck[:], run.rng, run.arng
                    hidden.resample(run, random.Random(99))
                    run.st.deck[:], run.rng, run.arng = keep
                return run
            patch.setattr(setup, "setup", reordered)
        if peek:
            def keep_order(run, rng):
                run.rng = run.arng = rng
            patch.setattr(economy, "resample", keep_order)
        return shown(GAME, CTX, OPTS, policy, 30, _public, **search)


def _public(view) -> tuple:
    """What the view shows face up that no trace event does (a yurt, wish, song or tile drawn to refill
    a display): a policy that reads the view, as master does, is told it."""
    regions = range(max(view.slot_region) + 1)
    return (view.board_tiles, view.columns, view.display_wishes, view.songs, view.market, view.region_fur,
            view.trade_fur, view.slot_tigers, tuple(view.rewards_at(r) for r in regions))


@pytest.mark.parametrize("policy, search", [(RandomStrategy, {}), (MasterStrategy, {}), (MasterStrategy, {"horizon": 2})],
                         ids=["random", "master", "master-horizon-2"])
def test_search_player_does_not_peek(monkeypatch, policy, search):
    """Two games that differ only in the order of face-down piles the player has not seen: with the
    strategy's stream fixed, mc's choices and the values of its rollouts (its verdict, which
    ``review`` shows) are the same until that order shows in what the player sees. With rollouts
    that peek, a choice differs first, so this test fails for a player that peeks. ``master`` plays
    the rollouts and ranks the shortlist in the second case: it reads only the view it is given; in
    the third its rollouts are cut short three seasons on and valued by its position value, which
    reads the view only (``horizon=2``)."""
    n, first = first_difference(_shown(monkeypatch, False, False, policy, **search),
                                _shown(monkeypatch, True, False, policy, **search))
    assert n >= 10 and (first is None or first[0] != "choice"), (n, first)
    n, first = first_difference(_shown(monkeypatch, False, True, policy, **search),
                                _shown(monkeypatch, True, True, policy, **search))
    assert first is not None and first[0] == "choice", (n, first)
