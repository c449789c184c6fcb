"""What a Root player cannot see, and how a search player's rollout re-samples it (RT-STUDY-9,
docs/search.md).

A player with perfect memory knows the map and every piece on it, the Vagabond's pawn, the item supply,
every seat's score, crafted items and persistent cards, every bot board (tracks, the Electric Eyrie's
Decree, each bot's order card once revealed, CW-GEN-13, and the Vagabot's face-up quest, CW-VB-SETUP-3),
the discard pile and the dominance cards beside the map (LoR-1.2.2), every hand's size (LoR-1.2.1) and its
own hand. So it also knows which cards are left unseen: the deck, the hands of the other seats and the
Black Market's face-down cards, taken together (bots hold none, CW-GEN-15). Hidden are:

- the order of the deck, and which of the unseen cards another seat holds (LoR-1.2.1) or lies face down
  at the Black Market (LoR-F; all three re-dealt, even one the player put there himself);
- which item lies under which ruin still on the map: the items left under the ruins are known as a
  whole, from the box less those taken (LoR-9.3.4, CW-VB-SETUP-4);
- the order of a quest deck (CW-VB-SETUP-3);
- every future random draw: shuffles, dice (LoR-4.3.2) and the bots' random choices (RT-OPEN-3).
"""
from __future__ import annotations

import random

from automa.core.seeding import Stream
from automa.root.state import Game


def resample(game: Game, faction: str, rng: random.Random) -> None:
    """Re-deal everything the seat of ``faction`` cannot see from ``rng``, keeping what it knows (every
    size, and each hidden set as a whole), and give ``rng`` the game's future draws: each stream of
    ``game.rng`` is replaced by one seeded from ``rng``, in name order. Each hidden set is sorted first, so
    the result depends on what the player knows and on ``rng`` only, never on the true order."""
    others = [s for s in game.seats if s.faction != faction]
    unseen = sorted(game.deck + [k for s in others for k in s.hand] + game.market)
    rng.shuffle(unseen)
    game.deck[:] = unseen[:len(game.deck)]
    at = len(game.deck)
    for s in others:
        s.hand[:] = unseen[at:at + len(s.hand)]
        at += len(s.hand)
    game.market[:] = unseen[at:]
    ruins = sorted(game.ruin_items)
    items = sorted(i for c in ruins for i in game.ruin_items[c])
    rng.shuffle(items)
    at = 0
    for c in ruins:
        stack = game.ruin_items[c]
        stack[:] = items[at:at + len(stack)]
        at += len(stack)
    for seat in game.seats:
        quests = getattr(seat.board, "quest_deck", None)
        if quests:
            quests.sort(key=lambda q: (q.key, q.name, q.suit, q.items))
            rng.shuffle(quests)
    for name in sorted(game.rng):
        game.rng[name] = Stream.seeded(rng.getrandbits(64))
