"""What a Stroganov player cannot see, and how a search player's rollout re-samples it (docs/search.md).

A player with perfect memory knows the board (tiles, hunt columns, tigers, donations), the market, the
trade-space fur, each region's village, face-up yurt and wish, the song display, both sides' supplies
and tracks, which furs are in the bag (76 less those out of it), and every automa card drawn so far
plus the new top card, whose movement and hunt Ivan has just used and whose additional action he takes
next; his next movement and hunt come from the card below it (ST-IVAN-DRAW-1, -2). Hidden are the
order of the automa cards below that top card, and of the face-down piles of landscape tiles, special
A/Б tiles (the A-tiles still come first, ST-TK-LAND-1), yurts, wishes and songs. The bag's draws are
random, so re-sampling them is handing their future to the searcher's stream.
"""
from __future__ import annotations

import random


def resample(run, rng: random.Random) -> None:
    """Re-deal every hidden pile from ``rng``, keeping what the player knows, and give ``rng`` the game's
    future draws. Each pile is sorted first, so the result depends on what the player knows and on
    ``rng`` only, never on the true order."""
    st = run.st
    st.own_piles()
    seen = st.drawn + 1
    rest = sorted(st.deck[seen:])
    rng.shuffle(rest)
    st.deck[seen:] = rest
    for pile in (st.tile_pile, st.yurt_pile, st.wish_pile, st.song_pile):
        pile.sort()
        rng.shuffle(pile)
    if st.special_pile:
        a_tiles = set(run.t.a_tiles)
        a = sorted(x for x in st.special_pile if x in a_tiles)
        b = sorted(x for x in st.special_pile if x not in a_tiles)
        rng.shuffle(a)
        rng.shuffle(b)
        st.special_pile[:] = b + a                        # popped from the end: the A-tiles first
    run.rng = run.arng = rng
