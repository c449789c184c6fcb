"""The Popular Band, demoted the Street Band (LoR-E; its card, research notes §2.13): five Band warriors,
their side ``game.hired["band"]``.

* Both sides: an enemy that moved into a clearing with a Band warrior may not move out of it that turn
  (``state.entered`` records it, ``state.held_by_band`` asks it: ``movement.can_move``, the Vagabond's
  moves, the bots' moves).
* Popular: set up two warriors, each in a different clearing; hired with none on the map, one in a clearing
  with the controller's pieces (LoR-E.2.1); once in Daylight (offered at its start, RT-OWN-20) the controller
  may pick a Band clearing and force warriors of any faction in the clearings next to it to move in, any
  number from each, each move legal as if their owner made it (LoR-1.5.5, RT-OWN-26), then may place a
  Band warrior in any clearing.
* Street: no setup; once in Daylight the controller may place a Band warrior in any clearing.

A bot's Band takes neither Daylight action, both being a "may" (RT-OWN-15).
"""
from __future__ import annotations

from automa.root import battle, movement, state
from automa.root.decide import PASS, choose
from automa.root.hirelings import side as sides
from automa.root.hirelings.side import pick
from automa.root.state import FACTIONS, Game, Hireling, Seat

NAME = "band"
PIECES = {"warrior": 5}


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Popular Band's two warriors, each in a different clearing."""
    if h.demoted:
        return
    taken: list[int] = []
    for _ in range(2):
        c = pick(game, seat, NAME, [c for c in sides.placeable(game, NAME) if c not in taken])
        if c is not None:
            sides.place(game, seat, NAME, c, "LoR-A.6.3")
            taken.append(c)


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: the Popular Band with no warrior on the map places one in a clearing with the controller's
    pieces."""
    if h.demoted or any(game.clearings[c].warriors.get(NAME) for c in range(1, len(game.clearings))):
        return
    c = pick(game, seat, NAME, [c for c in sides.placeable(game, NAME) if battle.present(game, seat.faction, c)])
    if c is not None:
        sides.place(game, seat, NAME, c, "LoR-E.2.1")


def daylight(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.4, the player's only (a bot's takes none): the Popular Band's muster then a warrior placed;
    the Street Band's warrior placed."""
    if not h.demoted:
        muster(game, seat)
    where = sides.placeable(game, NAME)
    if where and game.hired[NAME].supply.get("warrior", 0):
        c = choose(game, "band_place", where + [PASS])
        if c != PASS:
            sides.place(game, seat, NAME, c, "LoR-E.2.4")


def muster(game: Game, seat: Seat) -> None:
    """The Popular Band's first step: a clearing with a Band warrior (``band_muster``), then from each clearing
    next to it warriors of any faction moved in where their owner could move them (``movement.can_move``:
    rule, the Band's hold, LoR-1.5.5; ``band_muster_warriors``: one pick per clearing and faction, any
    number; RT-OWN-26)."""
    bands = [c for c in range(1, len(game.clearings)) if game.clearings[c].warriors.get(NAME)
             and c != state.scorched(game)]
    if not bands:
        return
    c = choose(game, "band_muster", bands + [PASS])
    if c == PASS:
        return
    offers = [(a, f) for a in movement.adjacent(game, c) for f in FACTIONS if movement.can_move(game, f, a, c)]
    while offers:
        choice = choose(game, "band_muster_warriors", [(a, f, k) for a, f in offers
                                                       for k in range(1, game.clearings[a].warriors[f] + 1)] + [PASS])
        if choice == PASS:
            return
        a, f, k = choice
        offers.remove((a, f))
        if game.trace:
            game.trace.event("band_muster", rule="LoR-E.2.4", faction=seat.faction, clearing=c, origin=a, other=f,
                             warriors=k)
        movement.move(game, f, a, c, k)
        offers = [(x, g) for x, g in offers if movement.can_move(game, g, x, c)]
