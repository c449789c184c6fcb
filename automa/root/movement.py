"""Moving (LoR-4.2): adjacency by path, the rule requirement, the legal moves, and the "entered" reaction.

Two clearings are adjacent when a path links them (LoR-2.2.1); rivers are not paths (LoR-2.3) and closed
paths are not open ones (LoR-C.3.1), so ``data.Clearing.adjacent`` is the whole answer. A move takes any
number (more than zero) of a faction's warriors from one clearing to one adjacent clearing, and needs the
mover to rule the origin, the destination or both (LoR-4.2, LoR-4.2.1), unless it is ``nimble`` (the
Vagabond, LoR-9.2.3; the Vagabot, CW-VB-ABIL-2). A piece may move any number of times (LoR-4.2.2).

Board hook: after warriors of ``mover`` enter clearing ``c``, every other seat's board method
``entered(game, seat, c, mover)`` is called, if it has one (the Alliance's Outrage, LoR-8.2.6; the
Alliance bot's Automated Outrage, CW-AA-ABIL-3). The Vagabond's pawn is no warrior (LoR-9.2.2), so
:func:`move_pawn` calls no hook.
"""
from __future__ import annotations

from automa.root import state
from automa.root.state import Game


def adjacent(game: Game, c: int) -> tuple[int, ...]:
    """The clearings one open path from ``c`` (LoR-2.2.1; rivers are not paths, LoR-2.3)."""
    return game.map.clearings[c - 1].adjacent


def can_move(game: Game, faction: str, origin: int, destination: int, nimble: bool = False) -> bool:
    """Whether ``faction`` may move warriors from ``origin`` to ``destination``: it has a warrior there, they
    are adjacent (LoR-4.2) and it rules one of them (LoR-4.2.1) unless ``nimble`` (LoR-9.2.3)."""
    if not game.clearings[origin].warriors.get(faction, 0) or destination not in adjacent(game, origin):
        return False
    return nimble or state.rules(game, faction, origin) or state.rules(game, faction, destination)


def moves(game: Game, faction: str, nimble: bool = False) -> list[tuple[int, int, int]]:
    """Every legal move of ``faction`` as ``(origin, destination, warriors at the origin)``, in clearing
    order (LoR-4.2, LoR-4.2.1)."""
    out = []
    for origin in range(1, len(game.clearings)):
        n = game.clearings[origin].warriors.get(faction, 0)
        if n:
            out.extend((origin, d, n) for d in sorted(adjacent(game, origin))
                       if can_move(game, faction, origin, d, nimble))
    return out


def move(game: Game, faction: str, origin: int, destination: int, n: int) -> None:
    """Move ``n`` (> 0) warriors of ``faction`` from ``origin`` to ``destination`` (LoR-4.2; the caller has
    checked :func:`can_move`), then the other seats' ``entered`` hooks (LoR-8.2.6), in turn order."""
    state.move_warriors(game, faction, origin, destination, n)
    if game.trace:
        game.trace.event("move", rule="LoR-4.2", faction=faction, origin=origin, destination=destination, warriors=n)
    for seat in game.seats:
        if seat.faction != faction:
            hook = getattr(seat.board, "entered", None)
            if hook is not None:
                hook(game, seat, destination, faction)


def move_pawn(game: Game, destination: int) -> None:
    """Move the Vagabond's pawn to clearing ``destination``, regardless of rule (Nimble, LoR-9.2.3); the
    Vagabond's own rules (boots, Hostile clearings, LoR-9.2.9.IIIb) are its module's."""
    game.pawn = ("clearing", destination)
    if game.trace:
        game.trace.event("move", rule="LoR-9.2.3", faction="vagabond", destination=destination)
