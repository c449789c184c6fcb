"""The starting state (ST-SETUP-1..10)."""
from __future__ import annotations

from automa.stroganov.state import IVAN, PLAYER
from tests.stroganov.conftest import make_run


def test_solo_setup():
    """12 tiles with the S-tiles west, a tiger on the easternmost tile, market, trade fur, items in regions
    1-5, two songs, turn-position horses, Ivan's 13 cards (ST-SETUP-3..10, ST-IVAN-SETUP-2)."""
    run = make_run(seed=4)
    st, t = run.st, run.t
    assert all(x >= 0 for x in st.tiles) and len(st.tiles) == 12
    assert sorted(st.tiles[:5]) == sorted(t.start_tiles)
    assert st.tiger[11] == 1 and sum(st.tiger) == 1
    assert len(st.market) == 6 and st.trade_fur
    assert all(col == sorted(col) and len(col) == t.tiles[x].slots for col, x in zip(st.col, st.tiles))
    assert [r for r in range(6) if st.village[r] >= 0] == [1, 2, 3, 4, 5]
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
