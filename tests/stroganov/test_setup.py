"""The starting state (ST-SETUP-1..10)."""
from __future__ import annotations

from automa.stroganov.state import IVAN, PLAYER, START
from tests.stroganov.conftest import make_run


def test_solo_setup():
    """12 tiles with the S-tiles west, a tiger on the easternmost tile, sorted hunt columns, a market of 6,
    trade fur, items in regions 1-5, a distinct fur per region, two songs, turn-position horses, Ivan's
    13 cards (ST-SETUP-3..10, ST-IVAN-SETUP-2, ST-LAND-2, ST-MARKET-1, ST-BOARD-3, ST-BOARD-4)."""
    run = make_run(seed=4)
    st, t = run.st, run.t
    assert all(x >= 0 for x in st.tiles) and len(st.tiles) == 12
    assert sorted(st.tiles[:5]) == sorted(t.start_tiles)
    assert st.tiger[11] == 1 and sum(st.tiger) == 1
    assert len(st.market) == 6 and st.trade_fur
    assert all(col == sorted(col) and len(col) == t.tiles[x].slots for col, x in zip(st.col, st.tiles))
    assert [r for r in range(6) if st.village[r] >= 0] == [1, 2, 3, 4, 5]
    assert [r for r in range(6) if st.yurt[r] >= 0] == [r for r in range(6) if st.wish[r] >= 0] == [1, 2, 3, 4, 5]
    assert len(st.songs) == 2 and len(st.deck) == 13
    assert len(set(st.region_fur)) == 6 and 8 not in st.region_fur
    first = st.order[0]
    p, i = st.sides[PLAYER], st.sides[IVAN]
    assert p.horses == (3 if first == PLAYER else 4) and p.coins == 1 and p.outpost_supply == 1
    assert i.coins == 1 and i.outpost_supply == 1 and i.horses == 0
    assert len(p.wishes) == 1


def test_start_tiles_anywhere_option():
    """start_tiles=anywhere mixes the S-tiles into the row (ST-OPEN-7)."""
    placed = [make_run(seed=s, start_tiles="anywhere").st.tiles[:5] for s in range(10)]
    t = make_run().t
    assert any(sorted(x) != sorted(t.start_tiles) for x in placed)


def test_hunting_plan_sets():
    """Each start set carries a plan; Ivan takes the one the player did not choose (ST-TK-PLAN-1, ST-SETUP-9)."""
    run = make_run(modules="hunting_plan")
    p, i = run.st.sides
    assert len(p.plan) == len(i.plan) == 5 and all(a != b for a, b in zip(p.plan, p.plan[1:]))


def test_board_holds_market_trade_space_songs_and_tracks():
    """Besides the row the board holds the fur market, one fur on the trade space, the song display and the
    season track; each side's VP, story and trophy markers start at 0; the story track has 12 steps
    (ST-BOARD-5, ST-TRADE-1, ST-SONG-3)."""
    run = make_run(seed=2)
    st, t = run.st, run.t
    assert len(st.market) == 6 and all(2 <= v <= 8 for v in st.market)
    assert isinstance(st.trade_fur, int) and 2 <= st.trade_fur <= 8
    assert len(st.songs) == 2 and (st.year, st.season) == (1, 0)
    assert t.story_max == 12
    for side in st.sides:
        assert sum(side.vp) == side.story == side.trophy == 0


def test_ivan_set_up_like_a_participant():
    """Both cossacks start on the start tile west of the row; Ivan, like the player, has 5 outposts, 1 in
    the supply and 4 in the reserve, none built; no dummy outposts are on the board (ST-IVAN-SETUP-1,
    ST-BOARD-1, ST-OUTPOST-1, ST-OUTPOST-6)."""
    for seed in range(3):
        run = make_run(seed=seed)
        p, i = run.st.sides
        assert p.pos == i.pos == START
        for side in (p, i):
            assert (side.outpost_supply, side.outpost_reserve) == (1, 4)
            assert side.outposts == [0] * run.t.n_regions
        assert sorted(run.st.order) == [PLAYER, IVAN]
