"""Forward model (issue 13): a state copy shares lists with its original (State.copy), so these tests play
games on, and check that no later move of either ever changes the other.

A state's digest is its full ``repr``: every field of the table and both sides, nested lists included.
"""
from __future__ import annotations

import pytest

from automa.core.seeding import game_streams
from automa.stroganov import GAME, _opts, economy, ivan, player, rounds, setup
from automa.stroganov.state import State
from strategies.stroganov.greedy import GreedyStrategy
from strategies.stroganov.random import RandomStrategy
from tests.stroganov.conftest import context

MIXES = [
    {},
    {"opponent": "katyusha", "difficulty": "hard", "modules": "merchant,hunting_plan,landscapes,diplomacy"},
    {"modules": "landscapes,diplomacy,hunting_plan", "winter_refill": "shift_east", "claimed_slot": "close_up",
     "owned_a_tiles_year2": "removed", "winter_order": "storytelling_first", "component_limits": "box",
     "ivan_wishes": "fulfil"},
]


def _run(options: dict, seed: int, strategy):
    opts = GAME.resolve_options(options)
    ctx = context(opts["rules"], opts["region_layout"])
    streams = game_streams(seed, 0)
    return setup.setup(ctx["tables"], _opts(ctx, opts), streams, strategy(streams.strategy), None)


def play_on_copies(monkeypatch, options: dict, seed: int, strategy=RandomStrategy) -> list:
    """Play a game whose run moves to a fresh copy of its state before every turn and winter; each state
    left behind is kept with its digest. Returns the final scores and the kept states."""
    kept = []

    def moving(step):
        def play(run, *args):
            kept.append((run.st, repr(run.st)))
            run.st, run.view = run.st.copy(), None
            step(run, *args)
        return play

    with monkeypatch.context() as m:
        m.setattr(rounds.player, "turn", moving(player.turn))
        m.setattr(rounds.ivan, "turn", moving(ivan.turn))
        m.setattr(rounds, "winter", moving(rounds.winter))
        scores = rounds.play_game(_run(options, seed, strategy))
    return scores, kept


@pytest.mark.parametrize("options", MIXES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_copies_played_on_never_change_the_original(monkeypatch, options, seed):
    """Each state left behind keeps its digest while its copies play the game to the end (every turn and
    winter, the refills and re-dealt piles included), and the game ends as it does without copies."""
    scores, kept = play_on_copies(monkeypatch, options, seed)
    assert len(kept) == 4 * (3 * 2 + 1)
    for at, (st, digest) in enumerate(kept):
        assert repr(st) == digest, f"state left before step {at} was changed by its copies"
    assert scores == rounds.play_game(_run(options, seed, RandomStrategy))


def test_the_check_fails_when_a_written_list_is_shared(monkeypatch):
    """The test above can fail: with the market shared between copies (it changes in the action seasons),
    a state left behind changes."""
    copy = State.copy

    def sharing(self):
        c = copy(self)
        c.market = self.market
        return c

    monkeypatch.setattr(State, "copy", sharing)
    _, kept = play_on_copies(monkeypatch, MIXES[0], 1)
    assert any(repr(st) != digest for st, digest in kept)


@pytest.mark.parametrize("options", MIXES)
def test_lookahead_copies_and_the_game_never_change_each_other(monkeypatch, options):
    """Greedy looks ahead at every choice: the game's state keeps its digest through each lookahead, and
    every looked-ahead state keeps its own digest to the end of the game."""
    looked = []
    lookahead = economy.Run.lookahead

    def checked(self, apply, choice):
        before = repr(self.st)
        view = lookahead(self, apply, choice)
        assert repr(self.st) == before, f"looking ahead at {choice!r} changed the game"
        if view._s is not self.st:  # a pass is looked at on the game itself, uncopied
            looked.append((view._s, repr(view._s)))
        return view

    monkeypatch.setattr(economy.Run, "lookahead", checked)
    rounds.play_game(_run(options, 4, GreedyStrategy))
    assert len(looked) > 500
    for st, digest in looked:
        assert repr(st) == digest
