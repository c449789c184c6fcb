"""The Spring Uprising, demoted the Rabbit Scouts (LoR-E, the seed's 16.4; its card, research notes §2.3): four
Uprising warriors (LAW B.4; HRF's five is an outlier), their side ``game.hired["uprising"]``, and the Uprising
die (:data:`DIE`, RT-OWN-39). The card is tied to the Woodland Alliance (LoR-A.6.5: not dealt while it sits).

* Spring Uprising: set up with two rolls, an Uprising warrior in a clearing of each suit rolled (LoR-A.6.3;
  ``state.suited``, the Lost City of every suit); hired with none on the map, one roll and one warrior so
  (LoR-E.2.1). Whoever battles the Uprising first discards a card matching the battle clearing
  (``state.battle_fee``, asked in ``battle.battle``: ``uprising_fee``; ``battle.defenders`` offers it
  only to one who can pay); a seat without a hand (a bot, a
  hireling) never may. At the start of the controller's Birdsong, a must, so a bot's too (LoR-E.2.3,
  RT-OWN-15): a roll, then in a clearing of the suit rolled either an Uprising warrior removed with every
  enemy piece there, or an Uprising warrior placed (``uprising``; a bot by RT-OWN-40).
* Rabbit Scouts (Controller): defending, before the roll, the player may spend a card matching the battle
  clearing to deal the higher roll and take the lower (``state.scouts``; ``rabbit_scouts``, in
  ``battle.battle``; like Guerrilla War, LoR-8.2.2). A bot holds no hand (CW-GEN-15): never.

The removal is the hireling's (``by`` its name, ``battle.remove_all``): no VP for the controller (LoR-E.3.6),
no Vagabond turned Hostile (LoR-E.3.5), the owner's reactions as for any removal (LoR-E.3.7); enemies are
every side but the controller and the hirelings he controls (LoR-E.3.2); none the Stoic Protector shields.
"""
from __future__ import annotations

from automa.root import battle, state
from automa.root.bots.common import pieces, priority_order
from automa.root.decide import choose
from automa.root.hirelings import side as sides
from automa.root.hirelings.side import pick
from automa.root.state import FACTIONS, Game, Hireling, Seat

NAME = "uprising"
PIECES = {"warrior": 4}
DIE = ("fox", "rabbit", "mouse")          # the Uprising die: a suit, each as likely (RT-OWN-39)


def roll(game: Game, seat: Seat) -> str:
    """The Uprising die, from the dice stream (RT-OWN-39)."""
    suit = DIE[game.rng["dice"].randrange(len(DIE))]
    if game.trace:
        game.trace.event("uprising_roll", rule="LoR-E.2.3", faction=seat.faction, suit=suit)
    return suit


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Spring Uprising rolls twice, a warrior in a clearing of each suit rolled."""
    if not h.demoted:
        for _ in range(2):
            _rolled(game, seat, "LoR-A.6.3")


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: the Spring Uprising with no warrior on the map rolls once and places one so."""
    if not h.demoted and not _at(game):
        _rolled(game, seat, "LoR-E.2.1")


def birdsong(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.3, the Spring Uprising's must: a roll, then a removal or a warrior placed in a clearing of the
    suit rolled (the player's ``uprising``, a bot's :func:`bot_choice`); nothing if neither can be done."""
    if h.demoted:
        return
    options = choices(game, roll(game, seat))
    if not options:
        return
    act, c = choose(game, "uprising", options) if seat.bot is None else bot_choice(game, seat, options)
    if act == "place":
        sides.place(game, seat, NAME, c, "LoR-E.2.3")
        return
    if game.trace:
        game.trace.event("uprising_remove", rule="LoR-E.2.3", faction=seat.faction, clearing=c)
    battle.warriors_removed(game, NAME, c, state.remove_warriors(game, NAME, c, 1), NAME)
    battle.remove_all(game, c, NAME)


def choices(game: Game, suit: str) -> list[tuple[str, int]]:
    """The second step's options for ``suit``: ``("remove", c)`` for each clearing of that suit with an
    Uprising warrior, then ``("place", c)`` for each where one may be placed (a warrior in the supply)."""
    where = [c for c in range(1, len(game.clearings)) if state.suited(game, c, suit)]
    out = [("remove", c) for c in where if game.clearings[c].warriors.get(NAME)]
    if game.hired[NAME].supply.get("warrior", 0):
        out += [("place", c) for c in where if state.may_place(game, NAME, c)]
    return out


def bot_choice(game: Game, seat: Seat, options: list[tuple[str, int]]) -> tuple[str, int]:
    """A bot controller's second step (RT-OWN-40): the removal that takes the most enemy pieces (clearing
    priority among equals, CW-GEN-8) if it takes any, else the placing in the clearing of highest priority,
    else (nowhere to place) the removal of highest priority."""
    removals = [c for a, c in options if a == "remove"]
    places = [c for a, c in options if a == "place"]
    loss = {c: _enemy_pieces(game, seat, c) for c in removals}
    if removals:
        best = max(priority_order(game, removals), key=lambda c: loss[c])     # max keeps the first of equals
        if loss[best] or not places:
            return "remove", best
    return "place", priority_order(game, places)[0]


def _enemy_pieces(game: Game, seat: Seat, c: int) -> int:
    """The pieces a removal in ``c`` would take: every faction's but ``seat``'s and those shielded there, and
    the hirelings' that ``seat`` does not control (the Uprising's own one warrior not counted)."""
    n = sum(pieces(game, c, f) for f in FACTIONS
            if f != seat.faction and game.seat(f) is not None and not state.shielded(game, f, c))
    return n + sum(pieces(game, c, h) for h in game.hired if h != NAME and game.hirelings[h].controller != seat.faction)


def _at(game: Game) -> list[int]:
    return [c for c in range(1, len(game.clearings)) if game.clearings[c].warriors.get(NAME)]


def _rolled(game: Game, seat: Seat, rule: str) -> None:
    suit = roll(game, seat)
    if game.hired[NAME].supply.get("warrior", 0):
        c = pick(game, seat, NAME, [c for c in range(1, len(game.clearings)) if state.suited(game, c, suit)])
        if c is not None:
            sides.place(game, seat, NAME, c, rule)
