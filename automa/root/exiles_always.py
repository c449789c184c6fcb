"""The Exiles and Partisans deck's standing effects (LoR-A.2, the seed's 16.1.2): the ones movement and battle
consult, kept below them so that they import it (the timed effects are in :mod:`automa.root.exiles`).

* Boat Builders, Corvid Planners and Tunnels, in movement.py (:func:`extra_reach`, :func:`ignores_rule`);
  the Lake's links are no river for Boat Builders (LoR-C.2.2);
* the three Partisans, in battle.py (:func:`partisans`): birds are wild when they discard (LoR-2.1.1), so
  they are kept, or discarded too (RT-OWN-4, docs/root-open.md);
* Soup Kitchens and Coffin Makers live in ``state.ruler`` and ``state.remove_warriors`` (the warriors lie
  in their owner's ``seat.out["coffin"]``).
"""
from __future__ import annotations

from automa.root import state
from automa.root.decide import PASS, choose
from automa.root.state import Game, Seat, held

PARTISANS = {"partisans_fox": "fox", "partisans_rabbit": "rabbit", "partisans_mouse": "mouse"}
# a faction's crafting pieces on the map, for Tunnels: (kind, is a building)
CRAFTING_PIECES = {"marquise": ("workshop", True), "eyrie": ("roost", True), "alliance": ("sympathy", False)}


def trace(game: Game, seat: Seat, effect: str, **kw) -> None:
    """A trace event ``card`` (rule LoR-A.2) for ``seat``'s ``effect``."""
    if game.trace:
        game.trace.event("card", rule="LoR-A.2", effect=effect, faction=seat.faction, **kw)


def ignores_rule(game: Game, faction: str) -> bool:
    """Corvid Planners: its holder moves without ruling either clearing."""
    seat = game.seat(faction)
    return bool(seat.persistent) and held(game, seat, "corvid_planners") is not None


def extra_reach(game: Game, faction: str, c: int) -> tuple[int, ...]:
    """Where ``faction`` may also move from ``c``: across rivers with Boat Builders (not the Lake's links,
    LoR-C.2.2), and between clearings with its crafting pieces with Tunnels."""
    seat = game.seat(faction)
    if not seat.persistent:
        return ()
    out: list[int] = []
    if game.map.name != "lake" and held(game, seat, "boat_builders") is not None:
        out.extend(game.map.clearings[c - 1].rivers)
    piece = CRAFTING_PIECES.get(faction)
    if piece is not None and held(game, seat, "tunnels") is not None:
        kind, building = piece
        have = [x for x in range(1, len(game.clearings))
                if (faction, kind) in (game.clearings[x].buildings if building else game.clearings[x].tokens)]
        if c in have:
            out.extend(x for x in have if x != c)
    return tuple(out)


def partisans(game: Game, seat: Seat, c: int) -> int:
    """The Partisans of ``c``'s suit: one extra hit (``"partisans"``: the card, or PASS); then discard every
    card in hand not of that suit, birds kept as wild (LoR-2.1.1) or discarded too (RT-OWN-4,
    ``partisans_birds``). The Lost City is of every suit (LoR-F): the player picks one of his Partisans, or
    with ``partisans_lost_city=each`` uses each he wants, one after the other (RT-OWN-24)."""
    cards = [k for k in seat.persistent if game.cards[k].effect in PARTISANS
             and state.suited(game, c, PARTISANS[game.cards[k].effect])]
    each = game.options.get("partisans_lost_city", "one") == "each"
    birds = game.options.get("partisans_birds", "kept") == "kept"
    hits = 0
    while cards:
        card = choose(game, "partisans", tuple(cards) + (PASS,))
        if card == PASS:
            break
        cards.remove(card)
        suit = PARTISANS[game.cards[card].effect]
        keep = (suit, "bird") if birds else (suit,)
        for k in [k for k in seat.hand if game.cards[k].suit not in keep]:
            state.spend(game, seat, k)
        trace(game, seat, game.cards[card].effect, clearing=c)
        hits += 1
        if not each:
            break
    return hits
