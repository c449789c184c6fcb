"""The read-only view of a Root game that the player's strategy sees (RT-STUDY-9).

What a player at the table sees: the map and every piece on it, the Vagabond's pawn, the item supply,
every seat's score and VP by source, its crafted items and persistent cards, the hand sizes
(LoR-1.2.1), the discard pile and the dominance cards beside the map (LoR-1.2.2), the deck's size, its
own hand, and the bots' boards as far as their modules make them public (``board.public()``, plain
values: tracks, the Decree, order cards once revealed). Never the deck's order, another hand or what
lies under a ruin. Properties read the game when asked and return ints, strings and tuples.
"""
from __future__ import annotations

from dataclasses import astuple, fields, is_dataclass

from automa.root.rounds import CATEGORIES
from automa.root.state import Game


class View:
    """The game as the seat of ``faction`` sees it."""

    __slots__ = ("_g", "me")

    categories = CATEGORIES

    def __init__(self, game: Game, faction: str):
        self._g = game
        self.me = faction

    @property
    def round(self) -> int:
        """The round in progress, from 1 (LoR-1.4.1)."""
        return self._g.round

    @property
    def turn(self) -> int:
        """Turns begun so far, every seat's."""
        return self._g.turn

    @property
    def seats(self) -> tuple:
        """``(faction, bot)`` in turn order, the first player first (``bot`` ``None`` for the player)."""
        return tuple((s.faction, s.bot) for s in self._g.seats)

    @property
    def active(self) -> str:
        """The faction taking its turn."""
        return self._g.seats[self._g.active].faction

    def vp(self, faction: str | None = None) -> int:
        """A seat's VP (the player's by default)."""
        return self._g.seat(faction or self.me).vp

    def sources(self, faction: str | None = None) -> tuple:
        """A seat's VP by source, as ``(source, vp)`` in :data:`CATEGORIES` order (RT-STUDY-5)."""
        got = self._g.seat(faction or self.me).sources
        return tuple((c, got.get(c, 0)) for c in CATEGORIES)

    @property
    def margin(self) -> int:
        """The player's VP less the best other seat's (RT-STUDY-4)."""
        return self.vp() - max((s.vp for s in self._g.seats if s.faction != self.me), default=0)

    @property
    def hand(self) -> tuple:
        """The player's own hand: card ids, sorted."""
        return tuple(sorted(self._g.seat(self.me).hand))

    def hand_size(self, faction: str) -> int:
        """How many cards a seat holds (LoR-1.2.1); bots hold none (CW-GEN-15)."""
        return len(self._g.seat(faction).hand)

    def card(self, card: int) -> tuple:
        """A card's public face: (key, suit, kind, item or None, VP)."""
        c = self._g.cards[card]
        return c.key, c.suit, c.kind, c.item, c.vp

    @property
    def discard(self) -> tuple:
        """The discard pile, oldest first (LoR-1.2.2)."""
        return tuple(self._g.discard)

    @property
    def dominance(self) -> tuple:
        """The dominance cards available beside the map (LoR-3.3.3)."""
        return tuple(self._g.dominance)

    @property
    def deck_size(self) -> int:
        """Cards left in the deck (never their order)."""
        return len(self._g.deck)

    @property
    def items(self) -> tuple:
        """The map's item supply as ``(item, count)``, sorted (LoR-5.1.5)."""
        return tuple(sorted((i, n) for i, n in self._g.items.items() if n))

    @property
    def forge_items(self) -> tuple:
        """The items on the Legendary Forge's card as ``(item, count)``, sorted (LoR-F); empty without it."""
        return tuple(sorted((i, n) for i, n in self._g.forge_items.items() if n))

    def crafted(self, faction: str) -> tuple:
        """The items a seat has crafted (CW-GEN-28)."""
        return tuple(self._g.seat(faction).crafted)

    def persistent(self, faction: str) -> tuple:
        """A seat's persistent cards in play (LoR-4.1.3)."""
        return tuple(self._g.seat(faction).persistent)

    def supply(self, faction: str) -> tuple:
        """A seat's pieces off the map as ``(kind, count)``, sorted."""
        return tuple(sorted(self._g.seat(faction).supply.items()))

    def clearing(self, c: int) -> tuple:
        """Clearing ``c``: (suit, open slots, warriors as sorted ``(faction, n)``, buildings, tokens, a ruin
        still there) (LoR-2.2)."""
        cl = self._g.clearings[c]
        return (cl.suit, cl.open_slots, tuple(sorted(cl.warriors.items())), tuple(sorted(cl.buildings)),
                tuple(sorted(cl.tokens)), cl.ruin)

    @property
    def pawn(self) -> tuple | None:
        """The Vagabond's pawn: ``("clearing", c)``, ``("forest", i)`` or ``None``."""
        return self._g.pawn

    @property
    def map(self):
        """The printed map (:class:`automa.root.data.GameMap`: clearings, paths, forests, corners)."""
        return self._g.map

    @property
    def landmarks(self) -> tuple:
        """The landmarks on the map as ``(name, clearing)``: the map side's Ferry (LoR-C.2.5) and Tower on the
        Pass (LoR-C.3.4), or those set up as landmarks, the Elder Treetop, the Black Market (LoR-F; its cards
        face down: unseen), the Legendary Forge and the Lost City."""
        g = self._g
        return tuple((n, c) for n, c in (("ferry", g.ferry), ("tower", g.tower), ("elder_treetop", g.elder_treetop),
                                         ("black_market", g.black_market), ("legendary_forge", g.legendary_forge),
                                         ("lost_city", g.lost_city))
                     if c is not None)

    @property
    def hirelings(self) -> tuple:
        """The hireling cards in play as ``(name, demoted, controller, control markers)`` (LoR-E; face up),
        with the markers still on the score track, ``("marks", spaces)``, last."""
        g = self._g
        return tuple((h.name, h.demoted, h.controller, h.control) for h in g.hirelings.values()) + (
            ("marks", tuple(g.marks)),) if g.hirelings else ()

    @property
    def bandits(self) -> tuple:
        """The paths with a Highway Bandit, as ``(a, b)`` pairs (LoR-E)."""
        return tuple(self._g.bandits)

    @property
    def patrol_card(self) -> int:
        """The Forest Patrol's warriors on its card, removed ones it keeps (LoR-E, RT-OWN-38; public)."""
        side = self._g.hired.get("patrol") if self._g.hired else None
        return side.out.get("warrior", 0) if side else 0

    @property
    def exile(self) -> tuple | None:
        """The Exile's forest (an index of the map's forests) and the items on its card as sorted ``(kind,
        exhausted, False)`` (LoR-E; the Vagabond's item triples, never damaged), or ``None`` without it."""
        side = self._g.hired.get("exile") if self._g.hired else None
        if side is None:
            return None
        return side.board.forest, tuple(sorted((i.kind, i.exhausted, False) for i in side.board.items))

    @property
    def protector(self) -> int | None:
        """The Protector's clearing (a hireling's pawn, LoR-E), or ``None`` off the map."""
        return self._g.protector

    @property
    def flotilla(self) -> int | None:
        """The Riverfolk Flotilla's clearing (a hireling's pawn, LoR-E), or ``None`` off the map."""
        side = self._g.hired.get("flotilla")
        return side.board.at if side is not None else None

    @property
    def closed(self) -> tuple:
        """The closed paths still on the map, as ``(a, b)`` pairs (LoR-C.3.2)."""
        return self._g.closed

    def adjacent(self, c: int) -> tuple:
        """The clearings one open path from ``c``, once closed paths are cleared (LoR-2.2.1, LoR-C.3.3)."""
        paths = self._g.paths
        return self.map.clearings[c - 1].adjacent if paths is None else paths[c]

    def board(self, faction: str):
        """A seat's board as its module shows it (``board.public()``, plain values), or ``None``. A bot's
        board without ``public()`` shows the fields of :data:`OPEN` it has (the order card, CW-GEN-13; the
        Decree, CW-EE-BIRD-3; the Satchel and the quest, CW-VB-SETUP-3..5), as ``(field, value)`` pairs with
        dataclasses as tuples; never a deck (the Vagabot's quest deck)."""
        seat = self._g.seat(faction)
        b = seat.board
        if hasattr(b, "public"):
            return b.public()
        if seat.bot is None or not is_dataclass(b):
            return None
        return tuple((f.name, _plain(getattr(b, f.name))) for f in fields(b) if f.name in OPEN)


OPEN = ("keep", "order", "suit", "viziers", "decree", "turmoils", "officers", "character", "items", "quest",
        "quests_done")   # what lies face up on a bot's board


def _plain(value):
    """A bot board's field as plain values: dataclasses as tuples, lists as tuples, dicts as sorted pairs."""
    if is_dataclass(value):
        return astuple(value)
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _plain(v)) for k, v in value.items())
    return value
