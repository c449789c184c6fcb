"""The Last Dynasty, demoted the Bluebird Nobles (LoR-E, the seed's 16.4; its card, research notes §2.2): five
Dynasty warriors, their side ``game.hired["dynasty"]``. The card stands for the Eyrie: ``options.check``
refuses it at a table where the Eyrie or the Electric Eyrie plays (LoR-A.6.5, 16.1.6.V).

* Last Dynasty (promoted): set up all five warriors in one clearing on the map edge (``data.Clearing.edge``,
  LoR-G.1.15); nothing when hired. Once in the player's Daylight (LoR-E.2.4, offered at its start,
  RT-OWN-20) one of three actions, the situation choosing (RT-OWN-42): none on the map, all of them placed
  in an edge clearing and a battle there; ruling their clearing (their controller's rule, theirs counted as
  his, LoR-E.3.1), all of them moved together, then a battle where they are; not ruling it, two battles
  there. The warriors thus always stand together. A bot's takes none, it is a "may" (RT-OWN-15).
* Bluebird Nobles (demoted; Controller, a bot too, needing no hand): the controller wins a tie for the most
  pieces he is in, as the Eyrie's Lords of the Forest (LoR-7.2.2; in ``state.ruler``), and at the start of
  his Birdsong scores 1 VP for every three clearings he rules (:func:`birdsong`, RT-OWN-41).
"""
from __future__ import annotations

from automa.root import battle, movement, state
from automa.root.decide import PASS, choose
from automa.root.hirelings import side as sides
from automa.root.hirelings.side import pick
from automa.root.state import Game, Hireling, Seat

NAME = "dynasty"
PIECES = {"warrior": 5}
RULED = 3                                   # clearings ruled for each VP of the Bluebird Nobles (its card)


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Last Dynasty's five warriors in one edge clearing, ``seat`` choosing (``hireling_setup``;
    a bot by priority, RT-OWN-16). The Bluebird Nobles have no setup."""
    if h.demoted:
        return
    c = pick(game, seat, NAME, edges(game))
    if c is not None:
        _land(game, seat, c, "LoR-A.6.3")


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: neither side has a when-hired action."""


def birdsong(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.3, the Bluebird Nobles' (a "must", a bot's too, RT-OWN-41): 1 VP for every three clearings
    ``seat`` rules, ties it is in counted (``state.ruler``); scored as a card's effect. The Last Dynasty has
    no Birdsong action."""
    if not h.demoted:
        return
    ruled = sum(1 for c in range(1, len(game.clearings)) if state.rules(game, seat.faction, c))
    vp = ruled // RULED
    if vp:
        if game.trace:
            game.trace.event("nobles", rule="LoR-E.2.3", faction=seat.faction, clearings=ruled, vp=vp)
        state.score(game, seat.faction, vp, "card")


def daylight(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.4, the player's only: the Last Dynasty's one action, by where its warriors stand (RT-OWN-42).
    Its first step may be passed (``PASS``: no action), the rest follows as the card says, each battle if
    one can be fought (``dynasty_battle``: the defender among the controller's enemies there).

    * none on the map: ``dynasty_place`` (an edge clearing), then a battle there;
    * ruling their clearing: ``dynasty_move`` (all of them), then a battle where they arrive; with no move
      open they battle where they stand, that battle being the first step;
    * not ruling it: two battles there, the first the first step.

    The Bluebird Nobles have none."""
    if h.demoted:
        return
    c = clearing(game)
    if c is None:
        where = edges(game)
        if not where or not game.hired[NAME].supply.get("warrior", 0):
            return
        c = choose(game, "dynasty_place", where + [PASS])
        if c == PASS:
            return
        _land(game, seat, c, "LoR-E.2.4")
        fight(game, seat, c, False)
    elif state.ruler(game, c) == seat.faction:
        n = game.clearings[c].warriors[NAME]
        moves = [m for m in sides.moves(game, seat, NAME) if m[0] == c and m[2] == n]
        if not moves:
            fight(game, seat, c, True)
            return
        move = choose(game, "dynasty_move", moves + [PASS])
        if move == PASS:
            return
        movement.move(game, NAME, *move)
        fight(game, seat, move[1], False)
    elif fight(game, seat, c, True):
        fight(game, seat, c, False)


def fight(game: Game, seat: Seat, c: int, first: bool) -> bool:
    """One battle of the Dynasty in ``c`` against an enemy of its controller ``seat`` (LoR-E.3.2), if one can
    be fought; the player picks the defender (``dynasty_battle``) and, for the action's ``first`` step, may
    pass instead. Whether a battle was fought."""
    fights = [t for t in sides.targets(game, seat, NAME) if t[0] == c]
    if not fights:
        return False
    choice = choose(game, "dynasty_battle", fights + ([PASS] if first else []))
    if choice == PASS:
        return False
    battle.battle(game, NAME, choice[1], c)
    return True


def clearing(game: Game) -> int | None:
    """The clearing where the Dynasty's warriors stand (they always stand together), ``None`` off the map."""
    return next((c for c in range(1, len(game.clearings)) if game.clearings[c].warriors.get(NAME)), None)


def edges(game: Game) -> list[int]:
    """The clearings on the map edge (LoR-G.1.15) where the Dynasty may be placed (``state.may_place``)."""
    return [c for c in sides.placeable(game, NAME) if game.map.clearings[c - 1].edge]


def _land(game: Game, seat: Seat, c: int, rule: str) -> None:
    """Every Dynasty warrior of the supply (all five: none is on the map) placed in ``c``."""
    n = state.place_warriors(game, NAME, c, game.hired[NAME].supply.get("warrior", 0))
    if game.trace:
        game.trace.event("dynasty_land", rule=rule, faction=seat.faction, clearing=c, warriors=n)
