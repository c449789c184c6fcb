"""The Exile, demoted the Brigand (LoR-E, the seed's 16.4; its card, research notes §2.4). The card stands for
the Vagabond: ``options.check`` refuses it at a table where he (or the Vagabot) plays (LoR-A.6.5, 16.1.6.V), so
the Vagabond's pawn and items are never in play beside it.

* The Exile (promoted): a pawn in a forest and items on the card, its side ``game.hired["exile"]`` with no
  pieces and this module's :class:`Board` (the forest, an index of ``game.map.forests``; the items, each
  ready or exhausted; the items removed). Set up in a forest of the seat's choice with the three Club items
  ready on the card (``exile_forest``; a bot's by RT-OWN-48). Aid (:func:`aid`, RT-OWN-47): on his own turn
  a player with faction pieces in a clearing the Exile's forest touches (adjacent, LoR-G.1.2) may put items
  of his Crafted Items box on the card, drawing a card and scoring 1 VP each. Its Daylight (the controlling
  player's, LoR-E.2.4): again and again, one item exhausted to move to an adjacent forest
  (``data.Forest.adjacent``, LoR-G.1.2), two to battle in a clearing its forest touches; then every item is
  ready again. In battle it rolls at most as many hits as the card holds items, and each hit it takes
  exhausts an item, or removes one (for good, LoR-G.1.22) with none left to exhaust (:class:`Board`).
* The Brigand (demoted): its setup puts the ruins' items under the ruins as for a Vagabond, which our frame
  does at every table (``setup.place_items``, CW-VB-SETUP-4). Two Daylight actions of the controlling player
  (:func:`daylight`, RT-OWN-49, RT-OWN-50): an item from a ruin in a clearing with his pieces into his
  Crafted Items box (the ruin goes with its last item, LoR-2.2.4), and an item of that box exhausted to take
  a random card from a player with pieces in a clearing with his (from a bot, a card drawn, CW-GEN-15).

A bot neither aids the Exile nor takes either side's Daylight actions: each is a "may" (RT-OWN-15, RT-OWN-47).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from automa.root import battle, state
from automa.root.bots.common import priority_order
from automa.root.decide import PASS, choose
from automa.root.state import FACTIONS, HIRED, Game, Hireling, Seat

NAME = "exile"
PIECES: dict[str, int] = {}        # a pawn, in a forest: the side's board holds it
CLUB = "club"                      # the card's own items (LAW B.4), beside the map's (data.ITEMS)
CLUBS = 3
MOVE_COST, BATTLE_COST = 1, 2      # items exhausted (the card)


@dataclass(slots=True)
class Item:
    """An item on the Exile's card: its kind (the Vagabond's words, or ``club``) and whether exhausted."""

    kind: str
    exhausted: bool = False


@dataclass(slots=True)
class Board:
    """The Exile's side: its forest, the items on its card and those removed from the game (LoR-G.1.22)."""

    forest: int = 0
    items: list[Item] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)

    def copy(self) -> Board:
        return Board(self.forest, [Item(i.kind, i.exhausted) for i in self.items], list(self.lost))

    def ready(self) -> int:
        return sum(1 for i in self.items if not i.exhausted)

    def exhaust(self, n: int) -> None:
        """``n`` ready items exhausted; which is none of the card's concern, they only count (RT-OWN-48)."""
        for i in [i for i in self.items if not i.exhausted][:n]:
            i.exhausted = True

    def max_rolled_hits(self, game: Game, seat: Seat, c: int, role: str) -> int:
        """The card: as many rolled hits as items on it, ready or exhausted (LoR-4.3.2.I)."""
        return len(self.items)

    def take_hits(self, game: Game, seat: Seat, c: int, hits: int, by: str | None) -> int:
        """Each hit exhausts a ready item, or removes an exhausted one once none is ready (the card, like the
        Vagabond's damage, LoR-9.2.7); hits beyond its items do nothing. Returns the hits that took effect."""
        done = 0
        for _ in range(hits):
            ready = [i for i in self.items if not i.exhausted]
            if ready:
                ready[0].exhausted = True
            elif self.items:
                self.lost.append(self.items.pop().kind)
            else:
                break
            done += 1
        if game.trace:
            game.trace.event("exile_hits", rule="LoR-E.2.4", clearing=c, hits=done, items=len(self.items))
        return done


# ---------------------------------------------------------------------------------------------- setup

def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Exile in a forest of the seat's choice (``exile_forest``; a bot's: the forest touching the
    most clearings, then the one touching the clearing of highest priority, RT-OWN-48), the three Clubs ready
    on the card. The Brigand's ruin items are already under the ruins (``setup.place_items``)."""
    if h.demoted:
        return
    forests = game.map.forests
    if seat.bot is None:
        forest = choose(game, "exile_forest", tuple(range(len(forests))))
    else:
        rank = {c: i for i, c in enumerate(priority_order(game, range(1, len(game.clearings))))}   # the Pass first
        forest = min(range(len(forests)), key=lambda f: (-len(forests[f].clearings),
                                                         min(rank[c] for c in forests[f].clearings)))
    game.hired[NAME] = Seat(NAME, HIRED, {}, board=Board(forest, [Item(CLUB) for _ in range(CLUBS)]))
    if game.trace:
        game.trace.event("exile_forest", rule="LoR-A.6.3", faction=seat.faction, forest=forest)


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: neither side has a when-hired action."""


# ---------------------------------------------------------------------------------------------- the Exile

def near(game: Game) -> tuple[int, ...]:
    """The clearings the Exile's forest touches: those adjacent to it (LoR-G.1.2)."""
    return game.map.forests[game.hired[NAME].board.forest].clearings


def aid(game: Game, seat: Seat) -> None:
    """The Exile's ability (RT-OWN-47), offered to the player at the start of his Daylight, whoever controls
    it: with faction pieces in a clearing next to the Exile's forest, he may put an item of his Crafted Items
    box on the card (``exile_aid``, asked until ``PASS`` or none is left), drawing a card and scoring 1 VP for
    each. It goes on the card ready, as every crafted item is while the Exile is in play. A bot never aids."""
    if seat.bot is not None or game.hirelings[NAME].demoted or not seat.crafted:
        return
    if not any(battle.present(game, seat.faction, c) for c in near(game)):
        return
    board = game.hired[NAME].board
    while seat.crafted:
        kind = choose(game, "exile_aid", tuple(sorted(set(seat.crafted))) + (PASS,))
        if kind == PASS:
            return
        seat.crafted.remove(kind)
        board.items.append(Item(kind))
        seat.hand.extend(state.draw(game, 1))
        if game.trace:
            game.trace.event("exile_aid", rule="LoR-E.2.2", faction=seat.faction, item=kind)
        state.score(game, seat.faction, 1, "aid")


def defenders(game: Game, seat: Seat, c: int) -> list[str]:
    """Whom the Exile may battle in ``c`` for its controller ``seat`` (LoR-E.3.2, as RT-OWN-32): the players but
    him, then the hirelings he does not control, each present and not shielded by the Stoic Protector, nor
    the Bandit Gangs at their controller's pieces; never the Spring Uprising, whose card a hireling cannot pay
    (``state.battle_fee``)."""
    enemies = [f for f in FACTIONS if f != seat.faction and game.seat(f) is not None]
    enemies += [n for n in game.hired if n != NAME and game.hirelings[n].controller != seat.faction]
    return [f for f in enemies if battle.present(game, f, c) and not state.shielded(game, f, c)
            and not state.gangs_guarded(game, f, c) and state.battle_fee(game, NAME, f, c) != []]


def acts(game: Game, seat: Seat) -> list[tuple]:
    """The Exile's next Daylight acts: ``("move", forest)`` with a ready item, ``("battle", clearing,
    defender)`` with two."""
    board = game.hired[NAME].board
    ready = board.ready()
    out: list[tuple] = []
    if ready >= MOVE_COST:
        out += [("move", f) for f in sorted(game.map.forests[board.forest].adjacent)]
    if ready >= BATTLE_COST:
        out += [("battle", c, d) for c in sorted(near(game)) for d in defenders(game, seat, c)]
    return out


def exile(game: Game, seat: Seat) -> None:
    """LoR-E.2.4, the player's only: the Exile's acts (``exile_act``) until ``PASS`` or none is left, each
    exhausting its items first; then every item on the card is ready again (the card's "when done")."""
    board = game.hired[NAME].board
    while True:
        options = acts(game, seat)
        act = choose(game, "exile_act", tuple(options) + (PASS,)) if options else PASS
        if act == PASS:
            break
        if act[0] == "move":
            board.exhaust(MOVE_COST)
            board.forest = act[1]
            if game.trace:
                game.trace.event("exile_move", rule="LoR-E.2.4", faction=seat.faction, forest=act[1])
        else:
            board.exhaust(BATTLE_COST)
            battle.battle(game, NAME, act[2], act[1])
    for i in board.items:
        i.exhausted = False


# ---------------------------------------------------------------------------------------------- the Brigand

def ruins(game: Game, seat: Seat) -> list[int]:
    """The clearings with a ruin and ``seat``'s faction pieces: where the Brigand explores."""
    return [c for c in range(1, len(game.clearings))
            if game.clearings[c].ruin and game.ruin_items.get(c) and battle.present(game, seat.faction, c)]


def victims(game: Game, seat: Seat) -> list[str]:
    """The players with faction pieces in a clearing with ``seat``'s, in setup order: whom the Brigand robs."""
    mine = [c for c in range(1, len(game.clearings)) if battle.present(game, seat.faction, c)]
    return [f for f in FACTIONS if f != seat.faction and game.seat(f) is not None
            and any(battle.present(game, f, c) for c in mine)]


def daylight(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.4, the player's only: the Exile's acts, or the Brigand's two actions, each a "may": an item taken
    from a ruin (``brigand_explore``, RT-OWN-49), then a crafted item exhausted to take a card
    (``brigand_steal``, RT-OWN-50)."""
    if not h.demoted:
        exile(game, seat)
        return
    where = ruins(game, seat)
    c = choose(game, "brigand_explore", tuple(where) + (PASS,)) if where else PASS
    if c != PASS:
        item = state.take_ruin_item(game, c)
        seat.crafted.append(item)
        if game.trace:
            game.trace.event("brigand_explore", rule="LoR-E.2.4", faction=seat.faction, clearing=c, item=item)
    them = victims(game, seat) if seat.crafted else []
    f = choose(game, "brigand_steal", tuple(them) + (PASS,)) if them else PASS
    if f != PASS:
        game.used.add(state.CRAFTED_EXHAUSTED)
        state.take_card(game, seat, game.seat(f))
        if game.trace:
            game.trace.event("brigand_steal", rule="LoR-E.2.4", faction=seat.faction, other=f)
