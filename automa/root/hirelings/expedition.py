"""The Sunward Expedition, demoted the Mole Artisans (LoR-E, the seed's 16.4; its card, research notes §2.8):
eight Expedition warriors and three Foothold tokens, their side ``game.hired["expedition"]``. A Foothold is
a hireling token: whoever removes it scores (LoR-3.2.1, LoR-E.3.6 spares only the hireling's own removals).

* Sunward (promoted): set up a Foothold and three warriors in any clearing (LoR-A.6.3); nothing when hired.
  Once in the player's Daylight (LoR-E.2.4, offered at its start, RT-OWN-20): first a Foothold and up to
  three warriors in a clearing without one (none left: one taken back from the map first); then either a
  move of its warriors, rule counted for the controller (LoR-E.3.1), and a battle with them (LoR-E.3.4), or a
  warrior placed at each Foothold (RT-OWN-35). A bot's takes none, it is a "may" (RT-OWN-15).
* Mole Artisans (demoted): the controlling player may reveal a card he crafts for an item instead of
  discarding it (:func:`reveal`, from ``crafting.craft``); the revealed cards go back to his hand at the end of
  his Evening, after the hand limit (:func:`evening_end`, RT-OWN-36). A bot holds no hand (CW-GEN-15).
"""
from __future__ import annotations

from automa.root import battle, movement, state
from automa.root.decide import PASS, choose
from automa.root.hirelings import side as sides
from automa.root.hirelings.side import pick
from automa.root.state import Game, Hireling, Seat

NAME = "expedition"
FOOTHOLD = (NAME, "foothold")
PIECES = {"warrior": 8, "foothold": 3}
LANDING = 3                         # warriors placed with a Foothold, at most (its card)


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Sunward Expedition's Foothold and three warriors in one clearing, ``seat`` choosing."""
    if h.demoted:
        return
    c = pick(game, seat, NAME, _placeable(game))
    if c is not None:
        _land(game, seat, c, LANDING, "LoR-A.6.3")


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: neither side has a when-hired action."""


def daylight(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.4, the player's only: the Sunward Expedition's two steps (the Mole Artisans have none).
    ``expedition_foothold`` (``PASS``: no action), ``expedition_uproot`` when no Foothold is left,
    ``expedition_warriors``; then ``expedition_order``: ``"move"`` (``expedition_move`` then
    ``expedition_battle``) or ``"recruit"``."""
    if h.demoted:
        return
    where = _placeable(game)
    if not where:
        return
    c = choose(game, "expedition_foothold", where + [PASS])
    if c == PASS:
        return
    side = game.hired[NAME]
    if not side.supply.get("foothold", 0):                       # its card: take one back from the map first
        back = choose(game, "expedition_uproot", footholds(game))
        state.remove_piece(game, back, FOOTHOLD, NAME, False)
    n = choose(game, "expedition_warriors", list(range(min(LANDING, side.supply.get("warrior", 0)) + 1)))
    _land(game, seat, c, n, "LoR-E.2.4")
    orders = (["move"] if sides.moves(game, seat, NAME) else []) + (["recruit"] if footholds(game)
                                                       and side.supply.get("warrior", 0) else [])
    order = choose(game, "expedition_order", orders + [PASS]) if orders else PASS
    if order == "move":
        march(game, seat)
    elif order == "recruit":
        recruit(game, seat)


def march(game: Game, seat: Seat) -> None:
    """The second step's move then battle (LoR-E.3.4: its own warriors only), each a "may": one move
    (``expedition_move``), then one battle (``expedition_battle``) against an enemy of its controller, the
    player choosing the defender."""
    move = choose(game, "expedition_move", sides.moves(game, seat, NAME) + [PASS])
    if move != PASS:
        origin, destination, n = move
        movement.move(game, NAME, origin, destination, n)
    fights = sides.targets(game, seat, NAME)
    fight = choose(game, "expedition_battle", fights + [PASS]) if fights else PASS
    if fight != PASS:
        c, defender = fight
        battle.battle(game, NAME, defender, c)


def recruit(game: Game, seat: Seat) -> None:
    """The second step's other branch: a warrior at each Foothold, in clearing order while the supply lasts
    (RT-OWN-35)."""
    for c in footholds(game):
        if state.place_warriors(game, NAME, c, 1) and game.trace:
            game.trace.event("expedition_recruit", rule="LoR-E.2.4", faction=seat.faction, clearing=c)




def footholds(game: Game) -> list[int]:
    """The clearings holding a Foothold, in order."""
    return [c for c in range(1, len(game.clearings)) if FOOTHOLD in game.clearings[c].tokens]


# ---------------------------------------------------------------------------------------------- Mole Artisans

def reveal(game: Game, seat: Seat, card: int) -> bool:
    """``seat`` has crafted ``card`` for its item: controlling the Mole Artisans, the player may reveal it
    (``mole_reveal``) rather than discard it; returns whether he did (the card then waits on the hireling)."""
    h = game.hirelings.get(NAME)
    if h is None or not h.demoted or h.controller != seat.faction or seat.bot is not None:
        return False
    if choose(game, "mole_reveal", [card, PASS]) == PASS:
        return False
    h.revealed.append(card)
    if game.trace:
        game.trace.event("mole_reveal", rule="LoR-E.2.2", faction=seat.faction, card=game.cards[card].key)
    return True


def evening_end(game: Game, seat: Seat) -> None:
    """The end of ``seat``'s Evening, after its hand limit: the cards it revealed come back to its hand, even
    above five (RT-OWN-36)."""
    h = game.hirelings[NAME]
    if h.revealed and h.controller == seat.faction:
        back, h.revealed = h.revealed, []
        seat.hand.extend(back)
        if game.trace:
            game.trace.event("mole_return", rule="LoR-E.2.2", faction=seat.faction, cards=len(back))


def _placeable(game: Game) -> list[int]:
    """Clearings without a Foothold where the Expedition may place pieces (``state.may_place``)."""
    return [c for c in range(1, len(game.clearings))
            if FOOTHOLD not in game.clearings[c].tokens and state.may_place(game, NAME, c)]


def _land(game: Game, seat: Seat, c: int, n: int, rule: str) -> None:
    """A Foothold and ``n`` warriors in ``c``."""
    state.place_token(game, NAME, "foothold", c)
    n = state.place_warriors(game, NAME, c, n)
    if game.trace:
        game.trace.event("expedition_land", rule=rule, faction=seat.faction, clearing=c, warriors=n)
