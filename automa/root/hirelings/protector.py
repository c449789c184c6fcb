"""The Furious Protector, demoted the Stoic Protector (LoR-E; its card, research notes §2.10): a pawn,
``game.protector``, that cannot be battled or removed (no rule reaches a pawn).

* Furious: set up in any clearing; no enemy places pieces in its clearing (``state.guarded``); at the start
  of its controller's Birdsong it must move to an adjacent clearing, ignoring rule, then remove one warrior
  of every faction there, its controller's too, for no VP (LoR-E.3.6).
* Stoic: no setup; when hired off the map it goes to a clearing with the controller's pieces; enemies cannot
  battle or remove the controller's pieces in its clearing (``state.shielded``); at the start of its
  controller's Birdsong it must move, ignoring rule.
"""
from __future__ import annotations

from automa.root import battle, movement, state
from automa.root.bots.common import priority_order
from automa.root.decide import choose
from automa.root.hirelings.side import pick
from automa.root.state import Game, Hireling, Seat

PIECES: dict[str, int] = {}        # a pawn only, ``game.protector``


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Furious Protector in any clearing, the seat setting it up choosing."""
    if not h.demoted:
        _place(game, seat, range(1, len(game.clearings)), "LoR-A.6.3")


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: the Stoic Protector, off the map, goes to a clearing with the controller's pieces."""
    if h.demoted and game.protector is None:
        _place(game, seat, [c for c in range(1, len(game.clearings)) if battle.present(game, seat.faction, c)],
               "LoR-E.2.1")


def birdsong(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.3, a must: the Protector moves to an adjacent clearing, ignoring rule, or across on the Ferry
    (the controller then draws, a bot scores 1: LoR-E.3.7, CW2-MAP); a bot by priority (RT-OWN-16). The
    Furious Protector then removes one warrior of each faction in its clearing, moved or not (LoR-1.5.4).
    Off the map it does nothing."""
    if game.protector is None:
        return
    where = [c for c in movement.reach(game, game.protector) if c != state.scorched(game)]
    if where:
        origin = game.protector
        c = choose(game, "protector_move", where) if seat.bot is None else priority_order(game, where)[0]
        game.protector = c
        if game.trace:
            game.trace.event("protector", rule="LoR-E.2.3", faction=seat.faction, clearing=c, demoted=h.demoted)
        if game.ferry is not None:
            movement.ferried(game, seat.faction, origin, c)
    if h.demoted:
        return
    c = game.protector
    for f in [f for f in state.FACTIONS if game.clearings[c].warriors.get(f, 0)]:
        n = state.remove_warriors(game, f, c, 1)
        battle.warriors_removed(game, f, c, n, "protector")     # the hireling's removal (LoR-E.3.5-E.3.7)


def _place(game: Game, seat: Seat, where, rule: str) -> None:
    c = pick(game, seat, "protector", where)
    if c is not None:
        game.protector = c
        if game.trace:
            game.trace.event("hireling_setup", rule=rule, faction=seat.faction, hireling="protector", clearing=c)
