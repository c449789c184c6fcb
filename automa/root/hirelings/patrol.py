"""The Forest Patrol, demoted the Feline Physicians (LoR-E, the seed's 16.4; its card, research notes §2.1):
twelve Patrol warriors, their side ``game.hired["patrol"]`` (its :data:`BOARD`). The card stands for the
Marquise: ``options.check`` refuses it at a table where she plays (LoR-A.6.5, 16.1.6.V).

* Forest Patrol (promoted): set up a Patrol warrior in every clearing where one may go (LoR-A.6.3); nothing
  when hired. Whenever Patrol warriors are removed, one of them goes onto the card, not the supply (the card
  says one, HRF sends them all: RT-OWN-38); the card's pile is the side's ``out["warrior"]``. Once in the
  player's Daylight (LoR-E.2.4, offered at its start, RT-OWN-20): either a move of Patrol warriors, rule
  counted for the controller (LoR-E.3.1), then a battle with them (LoR-E.3.4), or every warrior on the card
  placed in one clearing holding Patrol warriors. A bot's takes none, it is a "may" (RT-OWN-15).
* Feline Physicians (demoted): when the controlling player's warriors are removed, he may spend a card
  matching their clearing to place them in a clearing with his pieces rather than leave them in his supply
  (:func:`physicians`, from ``battle.warriors_removed``; Field Hospitals' way, LoR-6.2.3). A bot holds no hand
  (CW-GEN-15).
"""
from __future__ import annotations

from automa.root import battle, decide, movement, state
from automa.root.decide import PASS, choose
from automa.root.hirelings import side as sides
from automa.root.hirelings.side import Side
from automa.root.state import Game, Hireling, Seat

NAME = "patrol"
PIECES = {"warrior": 12}


class Board(Side):
    """The Patrol's side: a hireling's (``side.Side``) that keeps one of its removed warriors on the card."""

    def lost_warriors(self, game: Game, seat: Seat, c: int, n: int, by: str | None) -> None:
        """Battle's removal hook (``battle.warriors_removed``): the Forest Patrol's ability, one of the ``n``
        removed warriors from the supply onto the card (RT-OWN-38)."""
        if game.hirelings[NAME].demoted or not seat.supply.get("warrior", 0):
            return
        seat.supply["warrior"] -= 1
        seat.out["warrior"] = seat.out.get("warrior", 0) + 1
        if game.trace:
            game.trace.event("patrol_card", rule="LoR-E.2.2", clearing=c, warriors=seat.out["warrior"])

    def physicians(self, game: Game, seat: Seat, c: int, n: int) -> None:
        """``n`` of ``seat``'s warriors have just been removed from ``c`` (into its supply): controlling the Feline
        Physicians, the player may spend a card matching ``c`` (a bird is wild, LoR-2.1.1) to place them in a
        clearing with his pieces (``physicians``, as ``(card, clearing)``); a bot has no hand (CW-GEN-15)."""
        h = game.hirelings[NAME]
        if not h.demoted or h.controller != seat.faction or seat.bot is not None:
            return
        suit = state.suit_of(game, c)
        cards = decide.one_per_name(game, [k for k in seat.hand if state.matches(game.cards[k].suit, suit)])
        where = [w for w in range(1, len(game.clearings))
                 if battle.present(game, seat.faction, w) and state.may_place(game, seat.faction, w)]
        if not cards or not where:
            return
        choice = choose(game, "physicians", [(k, w) for k in cards for w in where] + [PASS])
        if choice == PASS:
            return
        card, w = choice
        state.spend(game, seat, card)
        back = state.place_warriors(game, seat.faction, w, n)
        if game.trace:
            game.trace.event("physicians", rule="LoR-E.2.2", faction=seat.faction, clearing=c, to=w, warriors=back,
                             card=card)


BOARD = Board()


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Forest Patrol's warrior in every clearing where it may be placed."""
    if h.demoted:
        return
    for c in range(1, len(game.clearings)):
        if state.place_warriors(game, NAME, c, 1) and game.trace:
            game.trace.event("hireling_setup", rule="LoR-A.6.3", faction=seat.faction, hireling=NAME, clearing=c)


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: neither side has a when-hired action."""


def daylight(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.4, the player's only: the Forest Patrol's one action (``patrol_order``): ``"move"``
    (``patrol_move`` then ``patrol_battle``, each a "may") or ``"gather"`` (``patrol_gather``: the card's
    warriors into one Patrol clearing). The Feline Physicians have none."""
    if h.demoted:
        return
    orders = ((["move"] if sides.moves(game, seat, NAME) or sides.targets(game, seat, NAME) else [])
              + (["gather"] if gathers(game) else []))
    order = choose(game, "patrol_order", orders + [PASS]) if orders else PASS
    if order == "move":
        move = choose(game, "patrol_move", sides.moves(game, seat, NAME) + [PASS])
        if move != PASS:
            movement.move(game, NAME, *move)
        fights = sides.targets(game, seat, NAME)
        fight = choose(game, "patrol_battle", fights + [PASS]) if fights else PASS
        if fight != PASS:
            battle.battle(game, NAME, fight[1], fight[0])
    elif order == "gather":
        c = choose(game, "patrol_gather", gathers(game))
        side = game.hired[NAME]
        n = side.out.pop("warrior")
        side.supply["warrior"] = side.supply.get("warrior", 0) + n
        state.place_warriors(game, NAME, c, n)
        if game.trace:
            game.trace.event("patrol_gather", rule="LoR-E.2.4", faction=seat.faction, clearing=c, warriors=n)




def gathers(game: Game) -> list[int]:
    """The clearings holding Patrol warriors where the card's warriors may go, none with an empty card."""
    if not game.hired[NAME].out.get("warrior", 0):
        return []
    return [c for c in range(1, len(game.clearings))
            if game.clearings[c].warriors.get(NAME) and state.may_place(game, NAME, c)]
