"""The year, season and winter loop: the only place that sequences play (ST-YEAR-1..3, ST-WINTER-1..5)."""
from __future__ import annotations

from automa.stroganov import bag, economy, ivan, player, scoring
from automa.stroganov.economy import Run
from automa.stroganov.setup import fill_slot, place_tiger, refill_songs
from automa.stroganov.state import CATEGORIES, IVAN, PLAYER, START

YEARS = 4
SEASONS = ("spring", "summer", "autumn")
# Added to run.turns for winter and the start of summer, moments outside every turn: a fresh 'turn' for
# the once-per-turn story-end reward (ST-SONG-4)
OUTSIDE_TURNS = 1000


def play_game(run: Run, check=None) -> list[list[int]]:
    """Four years of three action seasons and a winter; returns both sides' final category VP (ST-YEAR-1,
    ST-END-1). ``check(run)``, if given, runs after every step of a turn (each player phase, each automa
    step), after every turn and after winter (invariant tests). ``run.st`` is read afresh before each turn
    and winter, so that a test may let a copy of the state play on (tests/stroganov/test_forward_model.py)."""
    run.check = check
    for year in range(1, YEARS + 1):
        run.st.year = year
        for season in range(len(SEASONS)):
            run.st.season = season
            if season == 1 and run.hooks.summer_start:
                start_of_summer(run)
            order = run.st.order = turn_order(run)
            for who in order:
                run.turns += 1
                if who == PLAYER:
                    player.turn(run)
                else:
                    ivan.turn(run)
                if check:
                    check(run)
        winter(run, year == YEARS, check)
    return scoring.final_scores(run)


def start_of_summer(run: Run) -> None:
    """The ``summer_start`` hooks. No one's turn, so a story-end reward taken there is not the last turn's
    once-per-turn reward (ST-SONG-4, ST-READ-5)."""
    run.turns += OUTSIDE_TURNS
    for f in run.hooks.summer_start:
        f(run)
    run.turns -= OUTSIDE_TURNS


def turn_order(run: Run) -> list[int]:
    """Easternmost cossack first; on a shared tile the later arrival, or the player with
    shared_tile_order=player_first (ST-YEAR-2, ST-YEAR-3, ST-OPEN-49)."""
    p, a = run.st.sides
    if p.pos != a.pos:
        return [PLAYER, IVAN] if p.pos > a.pos else [IVAN, PLAYER]
    if run.o.shared_tile_order == "player_first" and p.pos != START:
        return [PLAYER, IVAN]
    return [PLAYER, IVAN] if p.arrived > a.arrived else [IVAN, PLAYER]


def winter(run: Run, last: bool, check=None) -> None:
    """The ``winter_start`` hooks, W1 home and income, W2 storytelling, the ``winter_scoring`` hooks, W3
    reset and refill, W4 next order (ST-WINTER-1..5, ST-OPEN-29). The last winter skips the refill, which
    cannot change the score."""
    run.turns += OUTSIDE_TURNS  # a fresh 'turn' for the once-per-turn song rule (ST-SONG-4)
    hooks = run.hooks
    if hooks.winter_start:
        for f in hooks.winter_start:
            f(run)
    home_and_income(run)
    if run.o.winter_order == "refill_first" and not last:
        reset_and_refill(run)
    storytelling(run)
    if hooks.winter_scoring:
        for f in hooks.winter_scoring:
            f(run)
    if run.o.winter_order == "storytelling_first" and not last:
        reset_and_refill(run)
    run.turns -= OUTSIDE_TURNS
    if check:
        check(run)
    if run.trace:
        totals = [sum(s.vp) for s in run.st.sides]
        run.trace.event("scores", year=run.st.year, player=totals[PLAYER], automa=totals[IVAN])


def home_and_income(run: Run) -> None:
    """Cossacks return to the start tile in the order they played; horses 2 + 1 per banner; Ivan none by
    default; the Huntsman's winter trophy (ST-WINTER-2, ST-BOARD-1, ST-BANNER-3, ST-YEAR-3, ST-OPEN-22,
    ST-OPEN-28, ST-OPEN-43, ST-TK-LAND-6)."""
    st, t, o = run.st, run.t, run.o
    nxt = st.order[::-1]
    if o.next_year_order == "keep_first":
        nxt = st.first_order
    elif o.next_year_order == "lowest_vp":
        nxt = sorted(nxt, key=lambda w: sum(st.sides[w].vp))
    for who in reversed(nxt):  # nxt[0] arrives last, so it plays first next spring
        st.arrivals += 1
        st.sides[who].pos = START
        st.sides[who].arrived = st.arrivals
    for who in (PLAYER, IVAN):
        if who == IVAN and o.ivan_winter_income == "none":
            if run.trace:
                run.trace.event("income", who="automa", horses=0, coins=0, banners=0, rule="ST-IVAN-WINTER-2")
            continue
        side = st.sides[who]
        horses, coins = side.horses, side.coins
        economy.add_horses(run, who, t.horse_base + t.horse_per_banner * side.banners)
        economy.add_coins(run, who, t.coin_income)
        if run.trace:
            run.trace.event("income", who=("player", "automa")[who], horses=side.horses - horses,
                            coins=side.coins - coins, banners=side.banners, rule="ST-WINTER-2")
    if st.sides[PLAYER].huntsman:
        economy.trophy(run, PLAYER)


def storytelling(run: Run) -> None:
    """Each side may buy songs with story points, in turn order (ST-WINTER-3, ST-SONG-1..2, ST-IVAN-WINTER-1)."""
    for who in turn_order(run):
        for _ in range(run.o.songs_per_winter):
            economy.song_reward(run, who, keep_tile=False)


def reset_and_refill(run: Run) -> None:
    """W3: the ``refill_start`` hooks; refill landscape slots (each new tile then to the ``tile_placed``
    hooks), yurts, wishes, market, songs, trade space (its fur back to the bag, a new one drawn) and tiger;
    the ``refill_end`` hooks (ST-WINTER-4, ST-TRADE-1, ST-OPEN-30)."""
    st, t, hooks = run.st, run.t, run.hooks
    st.own_piles()
    if hooks.refill_start:
        for f in hooks.refill_start:
            f(run)
    if run.o.winter_refill == "shift_east":
        shift_east(run)
    refill = hooks.refill_tile
    for slot in range(t.n_slots):
        if st.tiles[slot] < 0:
            tile = refill(run, slot) if refill else (st.tile_pile.pop() if st.tile_pile else -1)
            if tile >= 0:
                st.tiles[slot] = tile
                fill_slot(run, slot)
                if hooks.tile_placed:
                    for f in hooks.tile_placed:
                        f(run, slot)
    _refill_yurts(run)
    if st.year == t.wish_first_half_years:
        st.wish_pile = list(t.wish_groups["second_half"])
        run.rng.shuffle(st.wish_pile)
    for r in t.item_regions:
        if st.wish[r] < 0 and st.wish_pile:
            st.wish[r] = st.wish_pile.pop()
    st.market += bag.draws(run, run.o.market_size - len(st.market))
    refill_songs(run)
    if st.trade_fur:
        bag.to_bag(run, st.trade_fur)
    st.trade_fur = bag.draw(run)
    place_tiger(run)
    if hooks.refill_end:
        for f in hooks.refill_end:
            f(run)


def _refill_yurts(run: Run) -> None:
    """Used yurts are replaced; after year ``yurts.a_years`` all yurts become B-yurts (ST-YURT-2, ST-YURT-3,
    ST-OPEN-21)."""
    st, t = run.st, run.t
    if st.year == t.yurt_a_years:
        st.yurt_pile = list(t.yurts_b)
        run.rng.shuffle(st.yurt_pile)
        st.used_yurts = []
        for r in t.item_regions:
            st.yurt[r] = -1
    for r in t.item_regions:
        if st.yurt[r] < 0:
            if not st.yurt_pile:
                st.yurt_pile, st.used_yurts = st.used_yurts, []
                run.rng.shuffle(st.yurt_pile)
            if st.yurt_pile:
                st.yurt[r] = st.yurt_pile.pop()


def shift_east(run: Run) -> None:
    """winter_refill=shift_east: remaining tiles move east to close the gaps; new tiles enter from the west
    (ST-OPEN-30), in the slots of economy.row_slots."""
    st = run.st
    row = economy.row_slots(run)
    keep = [s for s in row if st.tiles[s] >= 0]
    gap = len(row) - len(keep)
    for name in economy.SLOT_LISTS:
        arr = getattr(st, name)
        moved = [arr[s] for s in keep]
        blank = [[] for _ in range(gap)] if name in ("col", "don") else [-1 if name == "tiles" else 0] * gap
        for s, v in zip(row, blank + moved):
            arr[s] = v


def categories(scores: list[int]) -> dict[str, int]:
    return dict(zip(CATEGORIES, scores))
