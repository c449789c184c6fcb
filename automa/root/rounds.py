"""The turn loop and the end of the game (LoR-1.4.1, LoR-3.1, RT-OPEN-36, RT-STUDY-3..6).

Each round every seat, in turn order from the first player, takes one whole turn through its module's
``turn(game, seat)`` (LoR-1.4.1), inside :func:`turn` with what the map and the hirelings add to a turn. The game ends the moment someone wins (:class:`state.Victory`, raised at
30 VP or by a dominance card, LoR-3.1, LoR-3.3.1), or after ``turn_cap`` full rounds with no winner
(RT-OPEN-36, RT-STUDY-6). :func:`by_source` reads each seat's VP by source.

The co-op variant (``victory=coop``, CW-GEN-22) ends the same way with one player: the player wins by
reaching 30 VP before any bot, and loses when a bot does; what changes is whom the bots target
(:func:`automa.root.bots.common.enemies`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from automa.root import hirelings, variant_maps
from automa.root.setup import module, player_of
from automa.root.state import Game, Seat, Victory

# the scoring sources (RT-STUDY-5), the score categories of a result: removals (LoR-3.2.1), crafting
# (LoR-3.2.2, CW-GEN-4), the faction boards' tracks, the Vagabond's quests, aid, infamy and ruins, the
# nightmare bonus (CW-GEN-24), dominance, Eyrie turmoil (LoR-7.7.1, CW-EE-TURM-2), card effects, and the
# map sides' points: the Pass, a cleared path, a bot's Ferry crossing (LoR-C.3.3, LoR-C.3.4, CW2-MAP)
CATEGORIES = ("removal", "crafting", "buildings", "roosts", "sympathy", "quests", "aid", "infamy", "explore",
              "bonus", "dominance", "turmoil", "card", "special", "map")
NONE = "none"              # no winner: the turn cap (RT-OPEN-36) or RT-OPEN-35's end_game_no_winner
CAP = "RT-OPEN-36"


@dataclass(slots=True)
class Outcome:
    """How a game ended: the winning faction or ``"none"``, and how (``score``, ``dominance``, ``empty_deck``,
    ``turn_cap``)."""

    winner: str
    how: str


def play(game: Game, modules: Callable[[str], ModuleType] = module,
         at_turn: Callable[[Game], None] | None = None) -> Outcome:
    """Play turns until a Victory or the turn cap (LoR-1.4.1, LoR-3.1, RT-OPEN-36). ``game.round`` counts the
    rounds begun, ``game.turn`` the turns begun, ``game.active`` the index of the seat taking its turn.
    A Victory ends the game at once, in the middle of a turn if it comes there (LoR-3.1). ``at_turn(game)``,
    if given, is called as each turn begins (the lookahead's checkpoint)."""
    cap = game.options.get("turn_cap", 50)
    trace = game.trace
    try:
        while game.round < cap:
            game.round += 1
            for i, seat in enumerate(game.seats):
                game.active = i
                game.turn += 1
                if trace:
                    trace.event("turn", rule="LoR-1.4.1", round=game.round, turn=game.turn, faction=seat.faction)
                if game.used:
                    game.used.clear()                     # once a turn: the Ferry, a cleared path (LoR-C)
                if at_turn is not None:
                    at_turn(game)
                turn(game, seat, modules)
    except Victory as won:
        if trace:
            trace.event("victory", rule="LoR-3.3.1" if won.how == "dominance" else "LoR-3.1", faction=won.faction,
                        how=won.how)
        return Outcome(won.faction, won.how)
    game.guards.append(CAP)
    if trace:
        trace.event("guard", rule=CAP, rounds=game.round)
    return Outcome(NONE, "turn_cap")


def turn(game: Game, seat: Seat, modules: Callable[[str], ModuleType] = module) -> None:
    """One whole turn of ``seat``: its hirelings' Birdsong actions (LoR-E.2.3), its module's turn, the Pass's
    point at the end of its Evening (LoR-C.3.4) and its hirelings' end of turn (LoR-E.1.1, LoR-E.1.3). The
    lookahead replays a turn through here too."""
    if game.hirelings:
        hirelings.birdsong(game, seat)
    modules(player_of(seat)).turn(game, seat)
    if game.tower is not None:
        variant_maps.pass_point(game, seat)
    if game.hirelings:
        hirelings.end_of_turn(game, seat)


def by_source(game: Game, faction: str) -> dict[str, int]:
    """``faction``'s VP by scoring source, in :data:`CATEGORIES` order (RT-STUDY-5). A source outside the
    categories is an engine error, never dropped from the total."""
    seat = game.seat(faction)
    unknown = sorted(set(seat.sources) - set(CATEGORIES))
    if unknown:
        raise ValueError(f"{faction} scored by a source that is not a category: {', '.join(unknown)}")
    return {c: seat.sources.get(c, 0) for c in CATEGORIES}
