"""Module 3: A- and Б-tiles (ST-TK-LAND-1..8)."""
from __future__ import annotations

from automa.stroganov import rounds
from automa.stroganov.modules import landscapes
from automa.stroganov.state import C_LAND, IVAN, PLAYER
from tests.stroganov.conftest import make_run


def test_setup_places_a_tiles_and_tiger_on_last_regular_tile():
    """A-tiles in the last slots of regions 4 and 5; the tiger on the last regular tile; A-tiles on top of
    the Б pile (ST-TK-LAND-1, ST-TK-LAND-4)."""
    run = make_run(modules="landscapes")
    st, t = run.st, run.t
    assert (t.region_slots[4][-1], t.region_slots[5][-1]) == (8, 11)
    assert st.tiles[8] in t.a_tiles and st.tiles[11] in t.a_tiles
    assert st.tiger[10] == 1 and sum(st.tiger) == 1
    assert st.special_pile[-2:] and all(x in t.a_tiles for x in st.special_pile[-2:])


def test_ivan_scores_4_for_a_tile_and_uses_b_tiles_with_banners():
    """Ivan: +4 VP per A-tile; a Б-tile for a banner on acquisition and each summer (ST-TK-LAND-7, ST-TK-LAND-8,
    ST-BANNER-3)."""
    run = make_run(modules="landscapes")
    t, ivan = run.t, run.st.sides[IVAN]
    landscapes.acquire(run, IVAN, t.a_tiles[0])
    assert ivan.vp[C_LAND] == 4
    mine = [b for b in t.b_tiles if t.tiles[b].id == "silver_mine"][0]
    ivan.banners, run.st.banners_left = 2, run.st.banners_left - 2
    coins = ivan.coins
    ivan.tiles.append(mine)
    landscapes.acquire(run, IVAN, mine)
    landscapes.summer(run)
    assert ivan.coins == coins + 4 and ivan.banners == 0


def test_year_two_swap_replaces_a_tiles_on_board():
    """At the end of year 2 A-tiles on the board become Б-tiles (ST-TK-LAND-3)."""
    run = make_run(modules="landscapes")
    run.st.year = 2
    rounds.reset_and_refill(run)
    assert run.st.tiles[8] in run.t.b_tiles and run.st.tiles[11] in run.t.b_tiles


def test_player_character_powers():
    """The player's A-tiles give powers: Horse breeder, Guide, Huntsman (ST-TK-LAND-6)."""
    run = make_run(modules="landscapes")
    names = {run.t.tiles[a].id: a for a in run.t.a_tiles}
    for name, flag in (("guide", "guide"), ("huntsman", "huntsman"), ("horse_breeder", "breeder")):
        landscapes.acquire(run, PLAYER, names[name])
        assert getattr(run.st.sides[PLAYER], flag)


class _Picks:
    """A player that records the Salesman's choices, and their labels in words (automa/stroganov/labels.py),
    and keeps the lower fur."""

    def __init__(self):
        self.asked, self.labels = [], []

    def choose(self, decision):
        from automa.stroganov.labels import describe

        self.asked.append((decision.kind, tuple(decision.choices)))
        self.labels.append([describe(decision.view, decision.kind, c) for c in decision.choices])
        return min(decision.choices)


def test_the_player_picks_the_salesmans_fur_and_its_kind_becomes_wild():
    """Salesman: "take a fur from the bag (take 2, pick 1 as usual) and place it on this landscape tile";
    the kept kind is wild for the player (line 125, ST-TK-LAND-6, ST-FUR-3). The player chooses; the other
    fur goes back to the bag."""
    picks = _Picks()
    run = make_run(modules="landscapes")
    run.strategy = picks
    st = run.st
    salesman = [a for a in run.t.a_tiles if run.t.tiles[a].id == "salesman"][0]
    st.bag[:] = [3, 6]
    p = st.sides[PLAYER]
    furs = p.furs[:]
    landscapes.acquire(run, PLAYER, salesman)
    assert picks.asked == [("salesman_fur", (6, 3))]
    (labels,) = picks.labels  # no built-in strategy claims the Salesman in games: its label is checked here
    assert len(set(labels)) == 2 and all("wild" in x for x in labels)
    assert p.salesman == 3 and st.bag == [6] and p.furs == furs  # the kept fur lies on the tile


def test_the_settlement_of_yurts_takes_its_yurt_out_of_play():
    """Line 135: "choose any yurt marked A and place it on this tile" (ST-TK-LAND-6, ST-TK-LAND-8): the
    chosen yurt leaves the region, the pile or the used yurts, so no yurt is in two places; Ivan takes the
    5-story yurt even from a region, which then has none until the winter refill."""
    run = make_run(modules="landscapes")
    st, t = run.st, run.t
    settlement = next(b for b in t.b_tiles if t.tiles[b].id == "settlement_of_yurts")
    five = next(y for y in t.yurts_a if ("story", 5) in t.yurts[y][0])
    for where in ("region", "pile", "used"):
        run = make_run(modules="landscapes")
        st = run.st
        if five in st.yurt_pile:
            st.yurt_pile = [x for x in st.yurt_pile if x != five]
        else:
            st.yurt[st.yurt.index(five)] = st.yurt_pile.pop()
        if where == "region":
            st.yurt[3] = five
        elif where == "pile":
            st.yurt_pile = st.yurt_pile + [five]
        else:
            st.used_yurts.append(five)
        landscapes.acquire(run, IVAN, settlement)
        assert st.sides[IVAN].settlement_yurt == five
        assert five not in st.yurt and five not in st.yurt_pile and five not in st.used_yurts, where
    assert all(st.yurt[r] >= 0 for r in run.t.item_regions)  # taken from the used yurts: every region keeps one
    run = make_run(modules="landscapes")
    st = run.st
    region = next(r for r, y in enumerate(st.yurt) if y >= 0)
    chosen = st.yurt[region]
    run.strategy = _Picks()
    run.strategy.choose = lambda decision: chosen  # the player takes the yurt face up in that region
    landscapes.acquire(run, PLAYER, settlement)
    assert st.sides[PLAYER].settlement_yurt == chosen and st.yurt[region] == -1
