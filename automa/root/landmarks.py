"""Landmarks (LoR-F, the seed's 16.5; setup LoR-A.5, 16.1.5), an optional module: ``landmarks`` names one or
two of them (LoR-A.5.1), empty by default, and then nothing here runs.

Built so far: the Ferry and the Tower, which reuse the map sides' pieces (``game.ferry``, ``game.tower``)
and their rules (:mod:`automa.root.movement` crossings, :func:`automa.root.variant_maps.pass_point`), the
Elder Treetop (``game.elder_treetop``), the Black Market (``game.black_market``, its cards ``game.market``),
the Legendary Forge (``game.legendary_forge``, the items on its card ``game.forge_items``) and the Lost City
(``game.lost_city``):

* Setup (LoR-A.5.3, 16.1.5): the last seat in turn order sets up the first named landmark, the
  second-to-last the second. A player chooses the clearing (``landmark_clearing``); a bot, whose rules are
  silent, takes its highest-priority legal clearing (CW-GEN-8), or with ``landmark_placement=random`` one at
  random from the setup stream (RT-OWN-1, docs/root-open.md).
* Where (the landmark cards, research notes §3): the Ferry in a river clearing (on the Lake a coastal one)
  with no landmark in it or next to it; the Tower in a clearing with a ruin and no landmark; the Elder
  Treetop in a corner clearing, spaced as the Ferry (never at a table of two: options.check); the Black
  Market in a clearing of one printed building slot and no ruin, spaced, with three cards of the deck face
  down beside it; the Legendary Forge in any clearing, spaced, taking the items of its clearing's suit
  from the map's supply onto its card (:data:`FORGE`); the Lost City as the Ferry.
* The Elder Treetop adds a building slot to its clearing (set up here); which building holds that slot and
  the extra VP for removing it are :func:`automa.root.state.place_building` and ``remove_piece``'s.
* The Ferry's crossing off the Lake goes one river away (movement's ``crossings``); the Tower scores its
  ruler at the end of its Evening, as the Mountain's Pass does (LoR-C.3.4).
* Crafting an item off the Forge card (crafting.py, bots/common.py; :func:`at_forge`, :func:`forged`).
* The Lost City's clearing is fox, mouse and rabbit at once: every rule that asks a clearing's suit asks
  ``state.suited`` (is it of this suit) or ``state.suit_of`` (``state.WILD`` there: any card matches, its
  crafting pieces pay any suit, crafting.pay); the readings it needs are RT-OWN-22..24.
* The Black Market's swap, blind, for a player only (bots hold no hand, CW-GEN-15): :func:`black_market`.
* Landmarks are nobody's pieces and cannot be battled, moved or removed (LoR-F.1.1, F.1.2, 16.5.1): they
  live apart from the clearings' pieces, so no battle, removal or rule count sees them.
"""
from __future__ import annotations

from automa.root import state
from automa.root.battle import present
from automa.root.decide import PASS, choose, one_per_name
from automa.root.options import LANDMARKS as NAMES    # the landmarks built so far (the others: docs/root.md)
from automa.root.state import Game, Seat

MARKET = 3                  # the Black Market's face-down cards (LoR-F, its card)
FORGE = {"fox": ("sword", "sword", "crossbow", "hammer"), "mouse": ("bag", "bag", "tea", "tea"),
         "rabbit": ("boot", "boot", "coins", "coins")}    # the Legendary Forge's items by its clearing's suit


def occupied(game: Game) -> tuple[int, ...]:
    """The clearings that hold a landmark now (the map's own Ferry and Tower included)."""
    return tuple(c for c in (game.ferry, game.tower, game.elder_treetop, game.black_market, game.legendary_forge,
                             game.lost_city) if c is not None)


def legal(game: Game, name: str) -> list[int]:
    """The clearings where ``name`` may be set up, in priority order (CW-GEN-8): no landmark there; the
    Tower a ruin; the others also no landmark next to it (spaced), the Ferry and the Lost City a river (the
    Lake: the coast) through it, the Elder Treetop a corner, the Black Market one printed building slot and
    no ruin, the Legendary Forge any (LoR-F, the cards; research notes §3)."""
    taken = occupied(game)
    out = []
    for cl in game.map.clearings:
        if cl.id in taken:
            continue
        if name == "tower":
            if cl.ruin:
                out.append(cl.id)
        elif not any(t in cl.adjacent for t in taken) and (
                (name in ("ferry", "lost_city") and (cl.coastal or cl.rivers))
                or (name == "elder_treetop" and cl.id in game.map.corners)
                or (name == "black_market" and cl.slots == 1 and not cl.ruin)
                or name == "legendary_forge"):
            out.append(cl.id)
    return out


def setup(game: Game) -> None:
    """LoR-A.5.2-A.5.3 (16.1.5): deal the named landmarks in a random order (the setup stream); the last seat
    in turn order sets up the first, the second-to-last the second."""
    names = [n for n in game.options.get("landmarks", "").split(",") if n]
    game.rng["setup"].shuffle(names)                                     # LoR-A.5.2: dealt at random
    for i, name in enumerate(names):
        seat = game.seats[-1 - i]
        where = legal(game, name)
        if not where:
            raise ValueError(f"no clearing for the {name} on {game.map.name}")
        if seat.bot is None:
            c = choose(game, "landmark_clearing", [(name, c) for c in where])[1]
        elif game.options.get("landmark_placement", "priority") == "random":
            c = game.rng["setup"].choice(where)
        else:
            c = where[0]
        setattr(game, name, c)
        if name == "elder_treetop":
            game.clearings[c].slots += 1                                 # LoR-F: one building slot more
        elif name == "black_market":
            game.market = state.draw(game, MARKET)                       # LoR-F: face down beside it
        elif name == "legendary_forge":
            for item in FORGE[game.clearings[c].suit]:                  # LoR-F: from the supply to the card
                if game.items.get(item, 0) > 0:
                    game.items[item] -= 1
                    game.forge_items[item] = game.forge_items.get(item, 0) + 1
        if game.trace:
            game.trace.event("landmark", rule="LoR-A.5.3", faction=seat.faction, landmark=name, clearing=c)


def black_market(game: Game, seat: Seat) -> None:
    """The Black Market (LoR-F, the seed's 16.5; its card): once on his turn the player with a piece of his
    faction in its clearing may swap a card of his hand for one of the face-down cards, unseen; his goes
    face down in its place. Offered at the start of his Daylight (RT-OWN-13, our reading of "once on his turn", as
    clearing a path is, LoR-C.3.3); the choice names a place among the face-down cards, never a card."""
    if not seat.hand or not game.market or not present(game, seat.faction, game.black_market):
        return
    hand = one_per_name(game, sorted(seat.hand))
    choice = choose(game, "black_market", [(k, i) for k in hand for i in range(len(game.market))] + [PASS])
    if choice == PASS:
        return
    card, i = choice
    seat.hand.remove(card)
    seat.hand.append(game.market[i])
    game.market[i] = card
    if game.trace:
        game.trace.event("black_market", rule="LoR-F", faction=seat.faction, card=card, place=i)


def at_forge(game: Game, faction: str, item: str) -> bool:
    """Whether ``faction`` may craft ``item`` off the Legendary Forge's card (LoR-F, the seed's 16.5; its
    card): the item lies there and a piece of ``faction`` is in the Forge's clearing. A bot too, though it
    crafts without pieces (CW-GEN-3): RT-OWN-12, our reading."""
    return game.forge_items.get(item, 0) > 0 and present(game, faction, game.legendary_forge)


def forged(game: Game, seat: Seat, item: str) -> None:
    """``seat`` has crafted ``item`` off the Legendary Forge's card (LoR-F, 16.5; its card; the item has left
    the card): the crafter draws a card and scores 1 VP more (even with Disdain for
    Trade). A bot draws none, holding no hand (CW-GEN-15), and scores the VP (RT-OWN-12)."""
    if game.trace:
        game.trace.event("forge", rule="LoR-F", faction=seat.faction, item=item)
    if seat.bot is None:
        seat.hand.extend(state.draw(game, 1))
    state.score(game, seat.faction, 1, "map")
