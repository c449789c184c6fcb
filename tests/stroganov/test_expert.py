"""The expert strategy: its choices in constructed situations, rank, determinism, legality and strength."""
from __future__ import annotations

import random

import pytest

from automa.core.registry import get_strategy
from automa.core.seeding import game_streams
from automa.core.strategy import Decision
from automa.stroganov import GAME, player
from automa.stroganov.view import View
from strategies.stroganov.expert import ExpertStrategy
from tests.stroganov.conftest import clear_board, context, make_run, take_from_bag


def decision(run, kind, choices, apply):
    return Decision(kind, View(run), choices, lambda c: run.lookahead(apply, c))


def expert(seed=0):
    return ExpertStrategy(random.Random(seed))


def test_hunts_the_fur_a_wish_needs_instead_of_taking_coin_or_horses():
    """With a wish for bears held, the basic action hunts the bear at the top of the column, paying a horse
    to skip the rabbit (ST-HUNT-2, ST-HUNT-3, ST-WISH-3), rather than the coin or horse action."""
    run = make_run()
    clear_board(run)
    side = run.st.sides[0]
    side.pos, side.horses, side.coins = 2, 3, 0
    run.st.col[2] = take_from_bag(run, 3, 8)
    bear_wish = next(w for w, card in enumerate(run.t.wishes) if card[0] == 8)
    side.wishes = [bear_wish]
    choices = [None] + player.actions(run, side, True)
    assert ("hunt", 2, 1, 1) in choices and ("coin",) in choices
    assert expert().choose(decision(run, "basic", choices, player.act)) == ("hunt", 2, 1, 1)


def test_spends_hoarded_horses_on_a_market_fur():
    """Twenty horses and a bear in the market: the extra action buys the bear (ST-MARKET-2)."""
    run = make_run()
    side = run.st.sides[0]
    side.horses = 20
    run.st.market = [8]
    choices = player.extra_choices(run, side)
    assert ("buy", 8) in choices
    assert expert().choose(decision(run, "extra", choices, player.extra)) == ("buy", 8)


def test_ends_its_move_on_a_marked_diplomacy_tile():
    """Diplomacy: with furs to donate, the phase-1 move ends on the marked tile two steps east rather than
    on the tile a step east with a fur to hunt, both free (ST-MOVE-1, ST-TK-DIPLO-3)."""
    run = make_run(modules="diplomacy")
    clear_board(run)
    st, side = run.st, run.st.sides[0]
    side.pos, side.furs[5] = 1, 2
    st.col[2] = take_from_bag(run, 6)
    st.diplo = [0] * run.t.n_slots
    st.diplo[3] = 1
    choices = player.move_choices(run, side)
    assert choices[:2] == [1, 2] and st.tiles[3] >= 0
    assert expert().choose(decision(run, "move", choices, player.move)) == 2
    st.diplo[3] = 0  # without the mark, the fur to hunt decides
    assert expert().choose(decision(run, "move", choices, player.move)) == 1


def test_fulfils_a_wish_it_can_pay():
    """A wish whose furs are held is fulfilled at once (ST-WISH-3)."""
    run = make_run()
    side = run.st.sides[0]
    w = next(w for w, card in enumerate(run.t.wishes) if card[0] == 4)
    side.wishes, side.furs[4] = [w], run.t.wishes[w][1]
    choices = player.extra_choices(run, side)
    assert ("fulfil", w) in choices
    assert expert().choose(decision(run, "extra", choices, player.extra)) == ("fulfil", w)


def test_an_extra_decision_that_can_fulfil_a_wish_looks_ahead_every_time():
    """Fulfilling a wish is scored by lookahead, which may draw (ST-WISH-3): the same decision asked twice
    looks ahead twice, wherever the engine lists the fulfil choice."""
    run = make_run()
    side = run.st.sides[0]
    w = next(w for w, card in enumerate(run.t.wishes) if card[0] == 4)
    side.wishes, side.furs[4], side.horses, run.st.market = [w], run.t.wishes[w][1], 20, [8]
    choices = player.extra_choices(run, side)
    view, looked, player_expert = View(run), [], expert()

    def after(c):
        looked.append(c)
        return run.lookahead(player.extra, c)

    for listed in (choices, choices[:1] + choices[2:] + choices[1:2]):  # fulfil second, then last
        assert ("fulfil", w) in listed and ("buy", 8) in listed
        del looked[:]
        player_expert.scores(Decision("extra", view, listed, after))
        player_expert.scores(Decision("extra", view, listed, after))
        assert looked == [("fulfil", w)] * 2


def test_repeated_extra_decision_reuses_only_equal_scores():
    """An extra decision asked again unchanged reuses its scores (speed only); a change of supply, held
    wishes, season, market or market price gives the scores a fresh expert gives (ST-MARKET-2, ST-WISH-3)."""
    run = make_run()
    st, side = run.st, run.st.sides[0]
    side.horses, side.coins, side.wishes, side.furs[3] = 20, 0, [], 2
    st.market = [3, 8]
    view = View(run)  # one live view, as in a game
    player_expert = expert()

    def scores():
        choices = player.extra_choices(run, side)
        assert choices[1][0] != "fulfil"
        mine = player_expert.scores(Decision("extra", view, choices, lambda c: run.lookahead(player.extra, c)))
        fresh = expert().scores(Decision("extra", view, choices, lambda c: run.lookahead(player.extra, c)))
        assert mine == fresh
        return mine

    wish = next(w for w, card in enumerate(run.t.wishes) if card[0] == 8 and card[1] > 3)
    last = scores()
    assert scores() == last
    for change in (lambda: side.furs.__setitem__(8, 1), lambda: setattr(side, "tigers", 1),
                   lambda: setattr(side, "horses", 6), lambda: setattr(side, "wishes", [wish]),
                   lambda: setattr(st, "season", st.season + 1), lambda: setattr(st, "market", [5, 8]),
                   lambda: setattr(side, "breeder", True)):
        change()
        now = scores()
        assert now != last
        last = now


def test_buys_the_dearest_song_it_can_pay():
    run = make_run()
    d = Decision("song", View(run), [None, 1, 0])
    assert expert().choose(d) == 1


def test_rank_is_a_permutation_led_by_choose():
    run = make_run()
    clear_board(run)
    side = run.st.sides[0]
    side.pos, side.horses, side.coins = 2, 3, 2
    run.st.col[2] = take_from_bag(run, 2, 5, 7)
    choices = [None] + player.actions(run, side, False)
    d = decision(run, "main", choices, player.act)
    ranked = expert(5).rank(d)
    assert sorted(map(repr, ranked)) == sorted(map(repr, choices))
    assert ranked[0] == expert(5).choose(d)
    scores = dict(zip(map(repr, choices), expert().scores(d)))
    assert [scores[repr(c)] for c in ranked[1:]] == sorted((scores[repr(c)] for c in ranked[1:]), reverse=True)


def play(name, index, seed=31, **options):
    opts = GAME.resolve_options(options)
    streams = game_streams(seed, index)
    return GAME.play(context(), opts, get_strategy(GAME, name)(streams.strategy), streams, None)


def test_deterministic():
    assert play("expert", 4, modules="diplomacy,merchant") == play("expert", 4, modules="diplomacy,merchant")


@pytest.mark.parametrize("options", [
    {}, {"opponent": "katyusha", "difficulty": "hard"}, {"modules": "merchant,hunting_plan,landscapes,diplomacy"},
    {"opponent": "katyusha", "modules": "landscapes,diplomacy", "difficulty": "medium"},
    {"modules": "merchant,hunting_plan", "actions_at_outposts": "all", "trade_action": "two_coins_once"},
])
def test_legal_over_many_games(options):
    """ask() raises on an illegal choice, which would make a game an error."""
    for i in range(60):
        result = play("expert", i, **options)
        assert result.winner in ("player", "automa", "tie")


def test_beats_greedy_on_paired_games():
    """A modest strength check on 60 paired deals against Ivan (normal): expert's mean margin is higher."""
    margin = {name: sum(r.player_score - r.automa_score for r in (play(name, i, seed=3) for i in range(60)))
              for name in ("greedy", "expert")}
    assert margin["expert"] > margin["greedy"] + 60 * 5


class _Against(ExpertStrategy):
    """Plays as expert and, until they first differ, scores every decision with ``other`` too."""

    def __init__(self, rng, other):
        super().__init__(rng)
        self.other, self.differs = other, False

    def choose(self, decision):
        if not self.differs:
            self.differs = self.scores(decision) != self.other.scores(decision)
        return super().choose(decision)


@pytest.mark.parametrize("weight", [p.name for p in ExpertStrategy.params])
def test_every_weight_is_a_declared_parameter_that_moves_a_score(weight):
    """Each declared weight is used: another value of it scores some decision differently, within
    a few games with every module (no dead parameter)."""
    p = next(p for p in ExpertStrategy.params if p.name == weight)
    assert p.hide_default and p.type in ("float", "int")
    changed = p.default + 2 if p.type == "int" else p.default * 2 + 0.5
    opts = GAME.resolve_options({"modules": "merchant,hunting_plan,landscapes,diplomacy"})
    for i in range(8):
        streams = game_streams(17, i)
        strategy = _Against(streams.strategy, ExpertStrategy(random.Random(0), **{weight: changed}))
        GAME.play(context(), opts, strategy, streams, None)
        if strategy.differs:
            return
    pytest.fail(f"weight {weight} changed no score in 8 games")
