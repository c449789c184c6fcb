"""Turn order and winter (ST-YEAR-2, ST-YEAR-3, ST-WINTER-1..5)."""
from __future__ import annotations

from automa.core.trace import Trace
from automa.stroganov import economy, rounds, scoring, setup
from automa.stroganov.modules import landscapes
from automa.stroganov.state import C_SONGS, IVAN, PLAYER, START
from tests.stroganov.conftest import make_run
from tests.stroganov.test_invariants import total_furs


def test_easternmost_first_then_later_arrival():
    """Easternmost cossack first; on one tile the later arrival (ST-YEAR-2, ST-YEAR-3)."""
    run = make_run()
    p, i = run.st.sides
    p.pos, i.pos = 5, 3
    assert rounds.turn_order(run) == [PLAYER, IVAN]
    i.pos, i.arrived, p.arrived = 5, 10, 9
    assert rounds.turn_order(run) == [IVAN, PLAYER]


def test_winter_home_income_and_refill():
    """Cossacks go back to the start tile, horses 2 + 1 per banner, none for Ivan, claimed slots refilled,
    market refilled (ST-WINTER-2, ST-WINTER-4, ST-BOARD-1, ST-BANNER-3, ST-IVAN-WINTER-2)."""
    run = make_run()
    st = run.st
    p, i = st.sides
    p.pos, i.pos, p.banners, st.banners_left = 7, 9, 2, st.banners_left - 2
    horses, ivan_horses = p.horses, i.horses
    st.tiles[3] = -1
    st.market.pop()
    rounds.winter(run, last=False)
    assert p.pos == i.pos == START and p.horses == horses + 4 and i.horses == ivan_horses
    assert st.tiles[3] >= 0 and len(st.col[3]) == run.t.tiles[st.tiles[3]].slots and len(st.market) == 6


def test_next_year_order_reverses_last_season():
    """The side that played last in autumn plays first next spring (ST-YEAR-3, ST-OPEN-28)."""
    run = make_run()
    run.st.order = [IVAN, PLAYER]
    rounds.winter(run, last=False)
    assert rounds.turn_order(run) == [PLAYER, IVAN]


def test_year_two_switches_wish_deck():
    """After year 2 the display refills from second-half wishes (ST-WISH-2, ST-OPEN-25)."""
    run = make_run()
    run.st.year = 2
    run.st.wish[1] = -1
    rounds.winter(run, last=False)
    assert run.st.wish[1] in run.t.wish_groups["second_half"]


def test_trade_space_fur_redrawn_in_winter():
    """One fur lies on the trade space; in winter it goes back to the bag and a new one is drawn, also onto
    an empty space (ST-TRADE-1, ST-WINTER-4)."""
    for empty in (False, True):
        run = make_run(seed=3)
        st = run.st
        if empty:
            economy.to_bag(run, st.trade_fur)
            st.trade_fur = 0
        furs = total_furs(run)
        rounds.reset_and_refill(run)
        assert 2 <= st.trade_fur <= 8 and total_furs(run) == furs


def test_storytelling_ivan_buys_the_dearest_song_he_can_pay():
    """Winter storytelling: songs are bought with story points and score their VP at the end, not on the
    running VP track; Ivan takes the most expensive (rightmost) tile he can pay, one per winter; the display
    of 2 is refilled in ascending cost (ST-SONG-1, ST-SONG-2, ST-SONG-5, ST-WINTER-3, ST-IVAN-WINTER-1,
    ST-END-2)."""
    for story, bought, vp in ((9, 4, 4), (3, 0, 2), (2, None, 0)):
        run = make_run()
        st, t, ivan = run.st, run.t, run.st.sides[IVAN]
        assert (t.songs[0][0], t.songs[4][0]) == (3, 5)
        st.songs, st.song_pile = [0, 4], [s for s in range(len(t.songs)) if s not in (0, 4)]
        ivan.story, st.sides[PLAYER].story = story, 0
        rounds.storytelling(run)
        assert ivan.vp[C_SONGS] == 0 and scoring.side_vp(run, IVAN)[C_SONGS] == vp
        if bought is None:
            assert st.songs == [0, 4] and ivan.story == story
            continue
        assert bought not in st.songs and len(st.songs) == 1 and ivan.story == story - t.songs[bought][0]
        setup.refill_songs(run)
        costs = [t.songs[s][0] for s in st.songs]
        assert len(st.songs) == 2 and costs == sorted(costs)


def test_winter_scores_line_leaves_out_songs_until_the_end():
    """Songs score at game end (ST-END-2): a song bought in winter does not move the running VP shown in
    the winter's ``scores`` trace line, but counts in the final score."""
    run = make_run()
    run.trace = Trace()
    st, t, ivan = run.st, run.t, run.st.sides[IVAN]
    st.songs, st.song_pile = [0, 4], [s for s in range(len(t.songs)) if s not in (0, 4)]
    ivan.story, st.sides[PLAYER].story = 9, 0
    before = sum(ivan.vp)
    rounds.winter(run, last=False)
    line = [e for e in run.trace.events if e["kind"] == "scores"][-1]
    assert any(e.get("action") == "song" for e in run.trace.events)
    assert line["automa"] == before and sum(scoring.final_scores(run)[IVAN]) >= before + 4


def test_yurts_a_in_years_1_2_then_b():
    """A-yurts are displayed in years 1-2, B-yurts from year 3 (ST-YURT-3, ST-OPEN-21)."""
    run = make_run()
    st, t = run.st, run.t
    shown = lambda: [st.yurt[r] for r in t.item_regions]
    assert all(y in t.yurts_a for y in shown())
    rounds.reset_and_refill(run)
    assert all(y in t.yurts_a for y in shown())
    st.year = 2
    rounds.reset_and_refill(run)
    assert all(y in t.yurts_b for y in shown())


def test_the_start_of_summer_is_outside_the_last_turn_for_the_story_end_reward():
    """The story-end reward comes "only once per turn" (line 252); the Б-tiles used at the start of summer
    are no one's turn, so Ivan, who took the reward in the last spring turn, takes it again when his
    Settlement of yurts' 5 story points reach step 12 there (ST-SONG-4, ST-TK-LAND-8, ST-READ-5)."""
    run = make_run(modules="landscapes")
    st, t, i = run.st, run.t, run.st.sides[IVAN]
    settlement = next(b for b in t.b_tiles if t.tiles[b].id == "settlement_of_yurts")
    i.tiles = [settlement]
    i.settlement_yurt = next(y for y in t.yurts_a if ("story", 5) in t.yurts[y][0])
    i.banners, st.banners_left = 1, st.banners_left - 1
    run.turns, i.song12_turn, i.story = 2, 2, 10  # the last spring turn was his, and took the reward
    dearest = max(t.songs[s][0] for s in st.songs)  # Ivan takes the dearest song he can pay (ST-IVAN-WINTER-1)
    rounds.start_of_summer(run)
    assert i.story == t.story_max - dearest and i.song12_turn != 2  # reached 12 and took the reward again
    assert run.turns == 2


def test_special_tiles_keep_their_slots_when_the_row_shifts():
    """Line 117: "always use special tiles to refill the rightmost spaces in zones four and five, as you did
    during setup". When the row shifts (winter_refill=shift_east, claimed_slot=close_up; ST-OPEN-30,
    ST-OPEN-35) the special tiles keep those slots, the regular tiles move past them, and an empty special
    slot takes a special tile (ST-TK-LAND-2, ST-READ-6)."""
    run = make_run(modules="landscapes", claimed_slot="close_up", winter_refill="shift_east")
    st, t = run.st, run.t
    a, b = landscapes.special_slots(run)  # 8 and 11: the last slots of regions 4 and 5
    specials = st.tiles[a], st.tiles[b]
    regular = st.tiles[a - 1]
    p = st.sides[PLAYER]
    st.col[a + 1], p.pos = [], a + 1  # claim the regular tile east of the first special slot
    economy.take_tile(run, PLAYER, a + 1)
    assert (st.tiles[a], st.tiles[b]) == specials and st.tiles[a + 1] == regular and st.tiles[0] < 0
    st.col[b] = []
    economy.take_tile(run, PLAYER, b)  # a claimed special slot stays empty until the winter
    assert st.tiles[b] < 0 and st.tiles[a] == specials[0]
    st.tiles[3] = -1
    rounds.reset_and_refill(run)
    assert st.tiles[a] == specials[0] and st.tiles[b] in t.a_tiles + t.b_tiles and all(x >= 0 for x in st.tiles)
