"""Invariants checked after every turn and winter over many random games, every module combination.

Default run: 16 module combinations x 20 games with varied options. ``pytest -m fuzz`` runs 1,000 per
combination.
"""
from __future__ import annotations

import itertools

import pytest

from automa.core.seeding import game_streams
from automa.stroganov import GAME, _opts, rounds, scoring, setup
from automa.stroganov.options import MODULES
from automa.stroganov.state import DONATED_TIGER
from strategies.stroganov.random import RandomStrategy
from tests.stroganov.conftest import context

COMBOS = [",".join(c) for k in range(5) for c in itertools.combinations(MODULES, k)]
VARIANTS = [
    {},
    {"opponent": "katyusha", "difficulty": "hard", "automa_strategy": "c"},
    {"difficulty": "medium", "winter_refill": "shift_east", "claimed_slot": "close_up", "ivan_far_east":
     "easternmost_own_location", "region_layout": "six_regions", "ivan_missing_item_coin": True,
     "ivan_diplomacy_at_track_end": "skip"},
    {"actions_at_outposts": "all", "ivan_move_overflow": "coins", "component_limits": "box",
     "tiger_on_board": "claim_only", "ivan_wishes": "fulfil", "owned_a_tiles_year2": "removed"},
]


def total_furs(run) -> int:
    st = run.st
    donated = sum(len(d) - d.count(DONATED_TIGER) for d in st.don)
    return (len(st.bag) + sum(map(len, st.col)) + donated + len(st.market)
            + (1 if st.trade_fur else 0) + sum(s.fur_count() + (1 if s.salesman else 0) for s in st.sides))


def check(run, furs: int) -> None:
    """For both sides: furs conserved; coins, horses, banners, tigers, furs never negative; outposts,
    banners and tigers conserved; coins and horses within the box with component_limits=box; diplomacy
    markers on the track, never on one space (ST-FUR-3, ST-OUTPOST-1, ST-BANNER-1, ST-SONG-3, ST-COMP-3,
    ST-TK-DIPLO-4)."""
    st, t = run.st, run.t
    assert total_furs(run) == furs
    assert st.bag == sorted(st.bag) and st.tigers_left >= 0 and st.banners_left >= 0
    for side in st.sides:
        assert min(side.furs) >= 0
        assert side.horses >= 0 and side.coins >= 0 and side.banners >= 0 and side.tigers >= 0
        assert 0 <= side.story <= t.story_max
        assert side.outpost_supply >= 0 and side.outpost_reserve >= 0 and min(side.outposts) >= 0
        assert side.outpost_supply + side.outpost_reserve + sum(side.outposts) == t.outposts_per_player
        assert max(side.outposts) <= t.outpost_region_limit
    assert sum(s.banners for s in st.sides) + st.banners_left == t.banner_reserve
    donated = sum(d.count(DONATED_TIGER) for d in st.don)  # tiger furs donated for diplomacy (ST-TK-DIPLO-3)
    assert sum(s.tigers for s in st.sides) + sum(st.tiger) + donated + st.tigers_left == t.tigers
    assert min(st.don_coins) >= 0 and min(st.tiger) >= 0
    if run.o.component_limits == "box":  # coins and horses come out of the box's 20 and 40 (ST-COMP-3)
        assert sum(s.coins for s in st.sides) + sum(st.don_coins) <= 20
        assert sum(s.horses for s in st.sides) <= 40
    markers = [s.diplo for s in st.sides]
    assert all(0 <= m <= t.diplo_spaces for m in markers)
    assert markers[0] != markers[1] or markers[0] == 0  # no two markers share a space (ST-TK-DIPLO-4)


def play_checked(seed: int, index: int, modules: str, variant: dict, strategy=RandomStrategy) -> None:
    """Game ``index`` of ``seed`` with ``modules`` and the option ``variant``, played by ``strategy`` (a
    strategy class) with the invariants checked after every step."""
    options = GAME.resolve_options({"modules": modules, **variant})
    ctx = context(options["rules"], options["region_layout"])
    streams = game_streams(seed, index)
    run = setup.setup(ctx["tables"], _opts(ctx, options), streams, strategy(streams.strategy), None)
    furs = total_furs(run)
    check(run, furs)
    steps = []
    scores = rounds.play_game(run, lambda r: (check(r, furs), steps.append((r.st.year, r.st.season, r.turns))))
    assert sorted({(y, s) for y, s, _ in steps}) == [(y, s) for y in range(1, 5) for s in range(3)]
    # checked after every step of every turn (player: move, basic, main, paid; automa: move, hunt, claim)
    turns = [n for _, _, n in steps]
    assert all(turns.count(n) >= 4 for n in range(1, 25))
    assert run.turns == 24 and run.st.drawn == 12
    result = GAME.play(ctx, options, strategy(game_streams(seed, index).strategy),
                       game_streams(seed, index), None)
    assert [result.player[c] for c in GAME.categories] == scores[0]
    assert result.player_score == sum(scores[0]) and result.automa_score == sum(scores[1])
    assert result.winner == scoring.winner(run, scores)


@pytest.mark.parametrize("modules", COMBOS)
def test_invariants_every_module_combination(modules):
    """Any subset of the four modules on a normal solo game: furs conserved, tokens never negative,
    outposts within supply, exact season count, score = sum of categories (ST-YEAR-1, ST-END-1,
    ST-TK-GEN-1)."""
    for i in range(20):
        play_checked(11, i, modules, VARIANTS[i % len(VARIANTS)])


@pytest.mark.fuzz
@pytest.mark.parametrize("modules", COMBOS)
def test_invariants_fuzz(modules):
    for i in range(1000):
        play_checked(12, i, modules, VARIANTS[i % len(VARIANTS)])
