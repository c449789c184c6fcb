"""What a Rurik player cannot see, and how a search player's rollout re-samples it (docs/search.md).

A player with perfect memory knows everything on the map and the boards, both sides' coins, goods
and tracks, the face-up deeds, the epic structures, the faction, the warfare reward tokens
(RK-SETUP-5), the scheme discard pile, their own hand, deeds and agenda, and every solo card seen
in use (the deck only cycles, RK-REB-CARD-1, so a seen card's place in it stays known). Hidden are
the order of the solo cards not seen yet, the scheme decks except the cards the player put back on
top or under a deck (RK-OPEN-14, RK-OPEN-13), the deed deck and the inheritance deck (RK-OPEN-22).
"""
from __future__ import annotations

import random

from automa.rurik.match import Match


def resample(m: Match, rng: random.Random) -> None:
    """Re-deal every hidden card from ``rng``, keeping what the player knows, and give ``rng`` the
    game's future draws. Each hidden set is sorted first, so the result depends on what the player
    knows and on ``rng`` only, never on the true order."""
    s = m.s
    deck, seen = s.deck, s.seen
    slots = [i for i, c in enumerate(deck) if not seen >> c & 1]
    cards = sorted(deck[i] for i in slots)
    rng.shuffle(cards)
    for i, c in zip(slots, cards):
        deck[i] = c
    middles = [(s.known[2 * d], len(s.schemes[d]) - s.known[2 * d + 1]) for d in (0, 1)]
    pool = sorted(s.schemes[0][slice(*middles[0])] + s.schemes[1][slice(*middles[1])])
    rng.shuffle(pool)
    k = 0
    for d, (a, b) in enumerate(middles):
        s.schemes[d][a:b] = pool[k:k + b - a]
        k += b - a
    for pile in (s.deed_deck, s.inherit):
        pile.sort()
        rng.shuffle(pile)
    m.setup_rng = m.automa_rng = rng
