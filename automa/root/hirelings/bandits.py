"""The Highway Bandits, demoted the Bandit Gangs (LoR-E; its card, research notes §2.7).

* Highway Bandits: four bandits that stand on paths (``game.bandits``, each an ``(a, b)`` pair, a < b; never
  a river, LoR-E.3.5). Setup: two, each on a path without one. An enemy moving along a path with a bandit
  loses one of the moving warriors on the path (``state.toll``; its card, and the FAQ: not in a clearing, so
  no reaction to the removal such as Field Hospitals), a Vagabond an item damaged; the controller moving
  along one may place a warrior of his in the destination (the player's choice; a bot does not, it is a
  "may", RT-OWN-15). Once in Daylight the controller may place a bandit on a path without one next to a
  clearing with his pieces, taking one from the map first when none is left.
* Bandit Gangs: four Bandit warriors, their side ``game.hired["bandits"]``: no setup; hired with none on the
  map, one goes in a clearing with the controller's pieces (LoR-E.2.1); they cannot be battled in a
  clearing with their controller's pieces (``battle.defenders``); once in Daylight the controller may place
  one of his warriors at each Bandit warrior, or a Bandit warrior in a clearing with his pieces.

Paths picked by a bot: by its clearings' priority, the lower pair first (RT-OWN-16).
"""
from __future__ import annotations

from automa.root import battle, movement, state
from automa.root.decide import PASS, choose
from automa.root.hirelings.side import pick
from automa.root.state import Game, Hireling, Seat

NAME = "bandits"
PIECES = {"warrior": 4}          # the Bandit Gangs' warriors; the Highway Bandits' four stand on paths
BANDITS = 4


def paths(game: Game) -> list[tuple[int, int]]:
    """The open paths (LoR-2.2.1, LoR-C.3.3) as pairs, in priority order (RT-OWN-16)."""
    return sorted((a, b) for a in range(1, len(game.clearings)) for b in movement.adjacent(game, a) if a < b)


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Highway Bandits' two bandits, each on a path without one."""
    if not h.demoted:
        for _ in range(2):
            _place_bandit(game, seat, [p for p in paths(game) if p not in game.bandits], "LoR-A.6.3")


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: the Bandit Gangs with no warrior on the map place one in a clearing with the controller's
    pieces."""
    if not h.demoted or any(game.clearings[c].warriors.get(NAME) for c in range(1, len(game.clearings))):
        return
    c = pick(game, seat, NAME, [c for c in range(1, len(game.clearings))
                                 if battle.present(game, seat.faction, c) and state.may_place(game, NAME, c)])
    if c is not None:
        state.place_warriors(game, NAME, c, 1)
        _trace(game, seat, "LoR-E.2.1", clearing=c)


def daylight(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.4, the player's only: the Highway Bandits place a bandit; the Bandit Gangs recruit at their
    warriors or place one."""
    mine = [c for c in range(1, len(game.clearings)) if battle.present(game, seat.faction, c)]
    if not h.demoted:
        free = [p for p in paths(game) if p not in game.bandits and (p[0] in mine or p[1] in mine)]
        p = choose(game, "bandit_path", free + [PASS]) if free else PASS
        if p == PASS:
            return
        if len(game.bandits) >= BANDITS:                                # none left: one from the map first
            game.bandits.remove(choose(game, "bandit_take", sorted(game.bandits)))
        game.bandits.append(p)
        if game.trace:
            game.trace.event("bandit", rule="LoR-E.2.4", faction=seat.faction, path=f"{p[0]}-{p[1]}")
        return
    gangs = [c for c in range(1, len(game.clearings)) if game.clearings[c].warriors.get(NAME)]
    options = ([("recruit",)] if gangs else []) + [("place", c) for c in mine if state.may_place(game, NAME, c)
                                                   and game.hired[NAME].supply.get("warrior", 0)]
    if not options:
        return
    choice = choose(game, "bandit_gangs", options + [PASS])
    if choice == PASS:
        return
    if choice[0] == "recruit":
        for c in gangs:
            state.place_warriors(game, seat.faction, c, game.clearings[c].warriors[NAME])
        _trace(game, seat, "LoR-E.2.4", clearing=None)
    else:
        state.place_warriors(game, NAME, choice[1], 1)
        _trace(game, seat, "LoR-E.2.4", clearing=choice[1])


def _place_bandit(game: Game, seat: Seat, where: list[tuple[int, int]], rule: str) -> None:
    if not where:
        return
    p = choose(game, "bandit_path", where) if seat.bot is None else where[0]
    game.bandits.append(p)
    if game.trace:
        game.trace.event("bandit", rule=rule, faction=seat.faction, path=f"{p[0]}-{p[1]}")


def _trace(game: Game, seat: Seat, rule: str, clearing: int | None) -> None:
    if game.trace:
        game.trace.event("bandit_gangs", rule=rule, faction=seat.faction, clearing=clearing)
