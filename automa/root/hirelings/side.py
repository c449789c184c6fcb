"""A hireling's pieces as a side of their own (LoR-E.3): ``game.hired[name]`` is a ``state.Seat`` whose
``bot`` is ``state.HIRED``, with the hireling's supply and :data:`SIDE` for its board. It is not a player: it
takes no turn, scores nothing (``state.score``, LoR-E.3.6) and holds no card; its pieces count for its
controller's rule (``state.ruler``, LoR-E.3.1) and can be battled as an enemy's (``battle.defenders``,
LoR-E.3.2). :func:`pick` is a hireling's choice of clearing, the player's or a bot's (RT-OWN-16)."""
from __future__ import annotations

from automa.root import battle, movement, state
from automa.root.bots.common import priority_order
from automa.root.decide import choose
from automa.root.state import Game, Seat


class Side:
    """The board of a hireling's pieces in battle: it takes hits the Law's way, warriors first, then its
    buildings and tokens (LoR-4.3.4); no choice arises, a hireling having one kind of each."""

    def copy(self) -> Side:
        return self

    def take_hits(self, game: Game, seat: Seat, c: int, hits: int, by: str | None) -> int:
        done = state.remove_warriors(game, seat.faction, c, hits)
        cl = game.clearings[c]
        for pile, building in ((cl.buildings, True), (cl.tokens, False)):
            for piece in [p for p in pile if p[0] == seat.faction]:
                if done < hits:
                    state.remove_piece(game, c, piece, by, building)
                    done += 1
        return done


SIDE = Side()


def pick(game: Game, seat: Seat, name: str, where) -> int | None:
    """The clearing of ``where`` where ``name`` may be placed (``state.may_place``: the keep, Scorched Earth, the
    Furious Protector) that ``seat`` picks: the player's choice (``hireling_setup``,
    as ``(name, clearing)``), a bot's of highest priority (RT-OWN-16, CW-GEN-8); ``None`` if none."""
    where = [c for c in where if state.may_place(game, name, c)]
    if not where:
        return None
    if seat.bot is None:
        return choose(game, "hireling_setup", [(name, c) for c in where])[1]
    return priority_order(game, where)[0]


def place(game: Game, seat: Seat, name: str, c: int, rule: str) -> None:
    """One warrior of hireling ``name`` placed in ``c`` for ``seat`` (its setup, when hired, its actions)."""
    if state.place_warriors(game, name, c, 1) and game.trace:
        game.trace.event("hireling_setup", rule=rule, faction=seat.faction, hireling=name, clearing=c)


def moves(game: Game, seat: Seat, name: str) -> list[tuple[int, int, int]]:
    """Every move of hireling ``name``'s warriors as ``(origin, destination, warriors)``, any number of those at
    the origin: along a path, its controller ``seat`` ruling either end with the hireling's pieces counted as
    his (LoR-E.3.1, LoR-4.2.1); his own abilities do not carry over (LoR-E.3.5)."""
    out = []
    for origin, destination, n in movement.moves(game, name, nimble=True):
        if seat.faction in (state.ruler(game, origin), state.ruler(game, destination)):
            out.extend((origin, destination, k) for k in range(1, n + 1))
    return out


def targets(game: Game, seat: Seat, name: str) -> list[tuple[int, str]]:
    """Every ``(clearing, defender)`` hireling ``name`` may battle: an enemy of its controller ``seat``
    (LoR-E.3.2), never the controller nor a hireling he controls."""
    mine = {seat.faction, name} | {n for n in game.hired if game.hirelings[n].controller == seat.faction}
    return [(c, d) for c, d in battle.battles(game, name) if d not in mine]


def placeable(game: Game, name: str) -> list[int]:
    """The clearings where a piece of hireling ``name`` may be placed (``state.may_place``), in id order."""
    return [c for c in range(1, len(game.clearings)) if state.may_place(game, name, c)]
