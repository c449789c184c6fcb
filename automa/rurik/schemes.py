"""The two scheme decks: drawing, returning unchosen cards and reshuffling
(RK-SETUP-3, RK-PL-SCHEME-1, RK-CAS-4, RK-OPEN-13, RK-OPEN-14).

The decks are face down, but the player knows the cards they put back on top or under a deck until
those are drawn again: ``State.known`` counts them, for the information set (docs/search.md)."""
from __future__ import annotations

from automa.rurik.match import Match


def split(m: Match, cards: list[int]) -> None:
    """Shuffle ``cards`` and split them into two halves, the first one larger by one card when the
    count is odd (RK-SETUP-3, RK-OPEN-14 ``pdhummel``, which splits its 32 cards 16 + 16)."""
    m.setup_rng.shuffle(cards)
    half = (len(cards) + 1) // 2
    m.s.schemes[0][:] = cards[:half]
    m.s.schemes[1][:] = cards[half:]
    m.s.known[:] = [0, 0, 0, 0]


def draw(m: Match, deck: int) -> int:
    """Take the top card of ``deck`` (-1 when no card is left anywhere). An empty deck is refilled:
    ``pdhummel``/``unchosen_to_bottom`` shuffle the discards with both decks and split again;
    ``reshuffle_discard_only`` shuffles only the discard pile into the empty deck (RK-OPEN-14)."""
    s = m.s
    if not s.schemes[deck]:
        if m.opt["scheme_decks"] == "reshuffle_discard_only":
            m.setup_rng.shuffle(s.discard)
            s.schemes[deck][:] = s.discard
            s.known[2 * deck] = s.known[2 * deck + 1] = 0
        else:
            split(m, s.schemes[0] + s.schemes[1] + s.discard)
        s.discard.clear()
        if not s.schemes[deck]:
            deck = 1 - deck
            if not s.schemes[deck]:
                return -1
    cards, known = s.schemes[deck], s.known
    if known[2 * deck]:
        known[2 * deck] -= 1
    elif known[2 * deck + 1] >= len(cards):
        known[2 * deck + 1] -= 1
    return cards.pop(0)


def put_back(m: Match, deck: int, cards: list[int]) -> None:
    """Unchosen drawn cards go back on top of their deck (``pdhummel``) or to the bottom."""
    if m.opt["scheme_decks"] == "unchosen_to_bottom":
        m.s.schemes[deck].extend(cards)
        m.s.known[2 * deck + 1] += len(cards)
    else:
        m.s.schemes[deck][:0] = cards
        m.s.known[2 * deck] += len(cards)


def revealed(m: Match, deck: int, cards: list[int]) -> None:
    """Cards revealed in a casualty check go to the discard pile or under their deck (RK-OPEN-13)."""
    if m.opt["revealed_card_fate"] == "discard":
        m.s.discard.extend(cards)
    else:
        m.s.schemes[deck].extend(cards)
        m.s.known[2 * deck + 1] += len(cards)
