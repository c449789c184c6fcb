"""Crafting (LoR-4.1): paying a card's cost with crafting pieces, taking its item, scoring, its effect.

A card's cost (``Card.cost``) lists suits, ``"any"`` for a piece of any suit (LoR-4.1.1). The caller
passes the crafting pieces it has not yet activated this turn as ``pieces``, a dict suit -> count (the
Marquise's workshops, the Eyrie's roosts, the Alliance's sympathy by clearing suit, the Vagabond's
unexhausted hammers all of his clearing's suit; those in the Lost City under ``state.WILD``, LoR-F);
:func:`craft` activates the ones it uses by lowering those counts, so one dict kept through the turn
enforces "each once per turn".

An item comes from the map's supply (``game.items``), or from the Legendary Forge's card (LoR-F,
landmarks.py); none left: the card cannot be crafted (LoR-4.1.2).
The crafter scores the card's VP (LoR-3.2.2) under "crafting". A persistent effect goes to the play area
(``seat.persistent``, LoR-4.1.3), never twice (LoR-4.1.4); an immediate one resolves and is discarded
(LoR-4.1.2, :func:`automa.root.cards.immediate`); a card crafted for an item may stay revealed instead
(the Mole Artisans, :func:`automa.root.hirelings.expedition.reveal`). Bots craft by their own rules (CW-GEN-3/4/5: no
pieces, 1 VP, no persistent effects) in bots/common.py.

Board hooks (optional): ``item_vp(game, seat, card) -> int`` replaces the card's VP for an item
(the Eyrie's Disdain for Trade, LoR-7.2.3); ``take_item(game, seat, item)`` puts the item somewhere else
than ``seat.crafted`` (the Vagabond's board, LoR-9.2.1).
"""
from __future__ import annotations

from automa.root import cards, exiles, landmarks, state
from automa.root.data import SUITS
from automa.root.hirelings import expedition
from automa.root.state import WILD, Game, Seat


def pay(cost: tuple[str, ...], pieces: dict[str, int]) -> dict[str, int] | None:
    """The crafting pieces by suit that pay ``cost`` out of ``pieces`` (LoR-4.1.1), or ``None`` if they
    cannot. Suited costs take their own suit; each ``"any"`` takes a piece of the suit with the most left
    (ties in suit order), keeping the rest as varied as possible. Pieces in the Lost City (``state.WILD``,
    LoR-F) are of every suit: each pays what the others cannot, last."""
    left = {s: pieces.get(s, 0) for s in SUITS}
    used = {s: 0 for s in SUITS}
    wild = pieces.get(WILD, 0)
    for suit in cost:
        if suit != "any":
            if left[suit] > 0:
                left[suit] -= 1
                used[suit] += 1
            elif wild > 0:
                wild -= 1
            else:
                return None
    for suit in cost:
        if suit == "any":
            best = max(SUITS, key=lambda s: left[s])
            if left[best] > 0:
                left[best] -= 1
                used[best] += 1
            elif wild > 0:
                wild -= 1
            else:
                return None
    out = {s: n for s, n in used.items() if n}
    if wild < pieces.get(WILD, 0):
        out[WILD] = pieces[WILD] - wild
    return out


def craftable(game: Game, seat: Seat, card: int, pieces: dict[str, int]) -> bool:
    """Whether ``seat`` may craft ``card`` with ``pieces``: it has a cost (not an ambush or dominance card,
    LoR-2.1.2, LoR-2.1.3), the pieces pay it (LoR-4.1.1), its item is in the supply (LoR-4.1.2) or on the
    Legendary Forge's card with a piece of the seat's there (LoR-F, :func:`landmarks.at_forge`) and no
    identical persistent effect lies in the seat's play area (LoR-4.1.4)."""
    c = game.cards[card]
    if c.cost is None or pay(c.cost, pieces) is None:
        return False
    if c.item is not None and game.items.get(c.item, 0) <= 0 and not (
            game.legendary_forge is not None and landmarks.at_forge(game, seat.faction, c.item)):
        return False
    if c.kind == "persistent" and any(game.cards[p].key == c.key for p in seat.persistent):
        return False
    return True


def craft(game: Game, seat: Seat, card: int, pieces: dict[str, int]) -> None:
    """``seat`` crafts ``card`` from its hand (the caller has checked :func:`craftable`): activates the
    pieces (lowering ``pieces``), takes the item and scores its VP (LoR-3.2.2), or puts a persistent effect
    in play (LoR-4.1.3), or resolves an immediate effect; then discards what is not in play (LoR-4.1.2)."""
    c = game.cards[card]
    for suit, n in pay(c.cost, pieces).items():
        pieces[suit] -= n
    seat.hand.remove(card)
    if game.trace:
        game.trace.event("craft", rule="LoR-4.1", faction=seat.faction, card=c.key)
    if c.kind == "persistent":
        seat.persistent.append(card)
        return
    if c.item is None:
        if c.effect is not None:
            cards.immediate(game, seat, card)
        state.discard(game, card)
        return
    forge = game.legendary_forge is not None and game.items.get(c.item, 0) <= 0    # off the Forge (LoR-F)
    (game.forge_items if forge else game.items)[c.item] -= 1
    hook = getattr(seat.board, "take_item", None)
    if hook is not None:
        hook(game, seat, c.item)
    else:
        seat.crafted.append(c.item)
    if not (game.hirelings and expedition.reveal(game, seat, card)):     # the Mole Artisans (LoR-E)
        state.discard(game, card)
    hook = getattr(seat.board, "item_vp", None)
    vp = hook(game, seat, card) if hook is not None else c.vp
    if vp:
        state.score(game, seat.faction, vp, "crafting")
    if forge:
        landmarks.forged(game, seat, c.item)           # a card and 1 VP more (LoR-F)
    if game.options.get("deck_choice") == "exiles_and_partisans":
        exiles.item_crafted(game, seat)                # Master Engravers, Murine Broker (LoR-A.2)
