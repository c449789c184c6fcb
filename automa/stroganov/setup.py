"""Building the starting state of a solo game from the options and the seed streams (ST-SETUP-1..10)."""
from __future__ import annotations

import random

from automa.stroganov import bag, economy
from automa.stroganov.economy import Run
from automa.stroganov.state import IVAN, PLAYER, Side, State


def build_deck(tables, letter: str, arng: random.Random) -> list[int]:
    """Ivan's 13-card deck: 5 random cards removed unseen, or the chosen letter's 5 cards
    (ST-IVAN-DECK-2); shuffled once (ST-IVAN-DECK-3)."""
    ids = list(tables.deck_ids[letter])
    arng.shuffle(ids)
    return ids[:tables.deck_size]


def fill_slot(run: Run, slot: int) -> None:
    """Fill a tile's hunt column with one random fur per fur slot, sorted lowest first (ST-SETUP-5, ST-LAND-2)."""
    col = bag.draws(run, run.t.tiles[run.st.tiles[slot]].slots)
    col.sort()
    run.st.col[slot] = col


def place_tiger(run: Run) -> None:
    """A tiger on the easternmost tile, or where the ``tiger_slot`` hook says, if it has none (ST-SETUP-4,
    ST-WINTER-4)."""
    st, t = run.st, run.t
    f = run.hooks.tiger_slot
    slot = f(run) if f else t.n_slots - 1
    if slot >= 0 and st.tiles[slot] >= 0 and not st.tiger[slot] and st.tigers_left:
        st.tiger[slot] += 1
        st.tigers_left -= 1


def new_state(run_tables, rng: random.Random, arng: random.Random) -> State:
    """The table before any participant-specific step (ST-SETUP-1..8)."""
    t = run_tables
    n = t.n_slots
    st = State(tiles=[-1] * n, col=[[] for _ in range(n)], tiger=[0] * n, don=[[] for _ in range(n)],
               don_coins=[0] * n, diplo=[0] * n, bag=[v for v, k in enumerate(t.bag_counts) for _ in range(k)],
               market=[], trade_fur=0,
               region_fur=rng.sample(t.region_fur_pool, t.n_regions), village=[-1] * t.n_regions,
               yurt=[-1] * t.n_regions, wish=[-1] * t.n_regions, songs=[], song_pile=[], tile_pile=[],
               special_pile=[], yurt_pile=[], wish_pile=[], sides=[Side(False), Side(True)], deck=[],
               tigers_left=t.tigers, banners_left=t.banner_reserve)
    return st


def setup(tables, opts, streams, strategy, trace, recorder=None, branch=None) -> Run:
    """Set up a solo game (ST-SETUP-1..10) with the hooks of the chosen Turukhan modules (``opts.hooks``,
    ST-TK-GEN-1). ``recorder`` records a search strategy's game for rollouts, ``branch`` makes the game a
    rollout (automa.core.rollout); both are in place before the first decision."""
    rng, arng = streams.setup, streams.automa
    t = tables
    st = new_state(t, rng, arng)
    run = Run(st, t, opts, rng, arng, strategy, trace, rng.getrandbits(64))
    run.recorder, run.branch = recorder, branch
    hooks = run.hooks
    if hooks.setup_bag:
        for f in hooks.setup_bag:
            f(run)
    _deal_landscapes(run)
    for slot in range(t.n_slots):
        fill_slot(run, slot)
    place_tiger(run)
    st.market = bag.draws(run, opts.market_size)
    st.trade_fur = bag.draw(run)
    villages = list(range(len(t.villages)))
    rng.shuffle(villages)
    st.yurt_pile = list(t.yurts_a)
    rng.shuffle(st.yurt_pile)
    st.wish_pile = list(t.wish_groups["first_half"])
    rng.shuffle(st.wish_pile)
    for r in t.item_regions:
        st.village[r] = villages.pop()
        st.yurt[r] = st.yurt_pile.pop()
        st.wish[r] = st.wish_pile.pop() if st.wish_pile else -1
    st.song_pile = list(range(len(t.songs)))
    rng.shuffle(st.song_pile)
    refill_songs(run)
    _participants(run)
    st.deck = build_deck(t, opts.automa_strategy, arng)
    if hooks.setup:
        for f in hooks.setup:
            f(run)
    _start_sets(run)
    return run


def refill_songs(run: Run) -> None:
    """Song display refilled to its size, ascending cost left to right (ST-SONG-2)."""
    st = run.st
    songs = st.songs[:]  # the display is replaced, not changed in place (State)
    while len(songs) < run.o.song_display_size and st.song_pile:
        songs.append(st.song_pile.pop())
    songs.sort(key=lambda s: (run.t.songs[s][0], s))
    st.songs = songs


def _deal_landscapes(run: Run) -> None:
    """Deal 12 tiles: S-tiles in the westernmost slots or anywhere (ST-SETUP-3, ST-OPEN-7); the slots the
    ``setup_tiles`` hooks fill are passed over."""
    st, t, rng = run.st, run.t, run.rng
    starts, others = list(t.start_tiles), list(t.other_tiles)
    rng.shuffle(starts)
    rng.shuffle(others)
    special = ()
    if run.hooks.setup_tiles:
        for f in run.hooks.setup_tiles:
            special += f(run)
    free = [s for s in range(t.n_slots) if s not in special]
    if run.o.start_tiles == "west":
        dealt = starts + others[:len(free) - len(starts)]
        others = others[len(free) - len(starts):]
    else:
        pool = starts + others
        rng.shuffle(pool)
        dealt, others = pool[:len(free)], pool[len(free):]
    for slot, tile in zip(free, dealt):
        st.tiles[slot] = tile
    st.tile_pile = others


def _participants(run: Run) -> None:
    """Random turn order, horses by turn position, coins and outposts: Ivan set up like a participant, each
    side with 5 outposts, 1 in the supply, the rest in the reserve; no dummy outposts (ST-SETUP-6,
    ST-IVAN-SETUP-1, ST-IVAN-SETUP-2, ST-OUTPOST-1, ST-OUTPOST-6)."""
    st, t = run.st, run.t
    order = [PLAYER, IVAN]
    run.rng.shuffle(order)
    st.order, st.first_order = order[:], order[:]
    for i, who in enumerate(order):
        side = st.sides[who]
        side.outposts = [0] * t.n_regions
        side.arrived = -i  # the first in order counts as the later arrival on the start tile
        if who == PLAYER:
            side.horses = t.start_horses[i]
            side.coins = t.start_coins
            side.outpost_supply = t.start_outposts
        else:
            side.coins = t.ivan_start_coins
            side.outpost_supply = t.ivan_start_outposts
        side.outpost_reserve = t.outposts_per_player - side.outpost_supply


def _start_sets(run: Run) -> None:
    """Two start sets (wish, fur, and a plan from the ``start_plans`` hook); the player chooses one, Ivan
    gets the other set's plan (and its fur with ivan_start_set=plan_and_fur) (ST-SETUP-9, ST-OPEN-31)."""
    t = run.t
    wishes = run.rng.sample(t.wish_groups["start"], 2)
    furs = [bag.draw(run), bag.draw(run)]
    deal = run.hooks.start_plans
    plans = deal(run) if deal else [(), ()]
    sets = ((wishes[0], furs[0], plans[0]), (wishes[1], furs[1], plans[1]))

    def take(r: Run, i: int) -> None:
        p, other = r.st.sides[PLAYER], sets[1 - i]
        p.wishes = p.wishes + [sets[i][0]]
        if sets[i][1]:
            p.furs[sets[i][1]] += 1
        p.plan = sets[i][2]
        r.st.sides[IVAN].plan = other[2]
        if other[1]:
            if r.o.ivan_start_set == "plan_and_fur":
                economy.gain_fur(r, IVAN, other[1])
            else:
                bag.to_bag(r, other[1])

    run.offer = sets  # View.offer
    run.choose("start_set", (0, 1), take)
