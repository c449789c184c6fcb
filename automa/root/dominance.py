"""Dominance cards (LoR-3.3): activating one, the win it gives, and taking an available one.

When it arises: never at our solo tables. With one (or two) humans the four dominance cards leave the
deck at setup (CW-GEN-20), and bots never play one (CW-GEN-7) nor hold cards (CW-GEN-15); without humans
RT-OPEN-34 applies, and still no bot activates one. These rules run only for a human seat in a game whose
deck keeps the dominance cards. The Vagabond never wins by dominance; he would form a coalition instead
(LoR-9.2.8, his module's rule).

A faction's turn calls :func:`check_win` at the start of its Birdsong and :func:`daylight` once in its
Daylight (the Law allows any point of Daylight; we offer it at the point the faction module picks).
Spending or discarding a dominance card puts it beside the map (``state.discard``, LoR-3.3.3).
"""
from __future__ import annotations

from automa.root import state
from automa.root.battle import PASS
from automa.root.decide import choose
from automa.root.state import Game, Seat, Victory

THRESHOLD = 10   # LoR-3.3.1


def activatable(game: Game, seat: Seat) -> list[int]:
    """The dominance cards in ``seat``'s hand it may activate now: in its Daylight with at least 10 VP and
    none activated yet (LoR-3.3.1, LoR-3.3.2); never a bot (CW-GEN-7) or the Vagabond (LoR-9.2.8)."""
    if seat.bot is not None or seat.faction == "vagabond" or seat.dominance is not None or seat.vp < THRESHOLD:
        return []
    return [c for c in seat.hand if game.cards[c].kind == "dominance"]


def activate(game: Game, seat: Seat, card: int) -> None:
    """Activate ``card``: it leaves the hand for the play area and the score marker leaves the track
    (LoR-3.3.1; ``state.score`` then no longer wins by points)."""
    seat.hand.remove(card)
    seat.dominance = card
    if game.trace:
        game.trace.event("dominance", rule="LoR-3.3.1", faction=seat.faction, suit=game.cards[card].suit)


def takeable(game: Game, seat: Seat) -> list[tuple[int, int]]:
    """``(available dominance card, card of the hand to spend)`` pairs (LoR-3.3.4): the spent card matches
    the dominance card's suit, birds being wild for a fox, rabbit or mouse one (LoR-2.1.1), and only a bird
    pays for the bird one (LoR-2.1.1.II, LoR-3.3.4)."""
    if seat.bot is not None:
        return []
    out = []
    for dom in game.dominance:
        suit = game.cards[dom].suit
        for c in sorted(seat.hand):
            s = game.cards[c].suit
            if s == suit or (s == "bird" and suit != "bird"):
                out.append((dom, c))
    return out


def take(game: Game, seat: Seat, dom: int, spent: int) -> None:
    """Take the available ``dom`` into the hand by spending ``spent`` (LoR-3.3.4)."""
    seat.hand.remove(spent)
    state.discard(game, spent)
    game.dominance.remove(dom)
    seat.hand.append(dom)
    if game.trace:
        game.trace.event("dominance", rule="LoR-3.3.4", faction=seat.faction, suit=game.cards[dom].suit)


def daylight(game: Game, seat: Seat) -> None:
    """A human's Daylight options: take an available dominance card (``"dominance_take"``: a pair of
    :func:`takeable` or ``PASS``), then activate one (``"dominance_activate"``: a card or ``PASS``)."""
    pairs = takeable(game, seat)
    if pairs:
        pick = choose(game, "dominance_take", tuple(pairs) + (PASS,))
        if pick != PASS:
            take(game, seat, *pick)
    cards = activatable(game, seat)
    if cards:
        pick = choose(game, "dominance_activate", tuple(cards) + (PASS,))
        if pick != PASS:
            activate(game, seat, pick)


def wins(game: Game, seat: Seat) -> bool:
    """Whether ``seat``'s activated dominance is fulfilled: it rules three clearings of the card's suit, or
    for the bird card two diagonally opposite corners (LoR-3.3.1.I-II). The Lost City counts for every suit
    (LoR-F)."""
    if seat.dominance is None:
        return False
    suit = game.cards[seat.dominance].suit
    f = seat.faction
    if suit == "bird":
        return any(state.rules(game, f, c) and state.rules(game, f, game.map.clearings[c - 1].opposite)
                   for c in game.map.corners)
    return sum(1 for c in range(1, len(game.clearings))
               if state.suited(game, c, suit) and state.rules(game, f, c)) >= 3


def check_win(game: Game, seat: Seat) -> None:
    """At the start of ``seat``'s Birdsong: raise ``Victory`` if its dominance is fulfilled (LoR-3.3.1)."""
    if wins(game, seat):
        if game.trace:
            game.trace.event("victory", rule="LoR-3.3.1", faction=seat.faction, how="dominance")
        raise Victory(seat.faction, "dominance")
