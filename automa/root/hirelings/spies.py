"""The Corvid Spies, demoted the Raven Sentries (LoR-E, the seed's 16.4; its card, research notes §2.9): six
Spy warriors, their side ``game.hired["spies"]``.

* Corvid Spies: set up two warriors, one in each of two clearings of one suit (``state.suited``: the Lost
  City is of every suit); nothing when hired; once in Daylight (offered at its start, RT-OWN-20) the
  controller may take its action (RT-OWN-28): first two Spies placed among clearings with enemy pieces,
  then either a battle in each Spy clearing, the Spies attacking, or a random card taken from each enemy
  with faction pieces in one Spy clearing (from a bot, which has no hand, a card drawn: RT-OWN-29).
* Raven Sentries: no setup, no action; its controller, a bot too, deals an extra hit in a battle, attacking
  or defending, in a clearing with his buildings or tokens (``state.sentries``, read by ``battle.battle``).

A bot's Spies take no Daylight action, a "may" (LoR-E.2.4, RT-OWN-15).
"""
from __future__ import annotations

from automa.root import battle, state
from automa.root.data import SUITS
from automa.root.decide import PASS, choose
from automa.root.hirelings import side as sides
from automa.root.hirelings.side import pick
from automa.root.state import FACTIONS, Game, Hireling, Seat

NAME = "spies"
PIECES = {"warrior": 6}


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Corvid Spies' two warriors, one in each of two clearings of one suit."""
    if h.demoted:
        return
    where = sides.placeable(game, NAME)
    first = pick(game, seat, NAME, [c for c in where if _mates(game, c, where)])
    if first is None:
        return
    _place(game, seat, first, "LoR-A.6.3")
    second = pick(game, seat, NAME, _mates(game, first, where))
    if second is not None:
        _place(game, seat, second, "LoR-A.6.3")


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: neither side has a when-hired action."""


def daylight(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.4, the player's only: the Corvid Spies' action, taken whole or not at all (``spies_act``,
    RT-OWN-28): two Spies placed (``spies_place``), then a battle in each Spy clearing or the cards taken in
    one (``spies_order``). The Raven Sentries have none."""
    if h.demoted:
        return
    if not (_places(game, seat) and game.hired[NAME].supply.get("warrior", 0)) and not _orders(game, seat):
        return
    if choose(game, "spies_act", ("act", PASS)) == PASS:
        return
    for _ in range(2):                                   # 1st: two Spies, the same clearing allowed
        where = _places(game, seat)
        if not where or not game.hired[NAME].supply.get("warrior", 0):
            break
        _place(game, seat, choose(game, "spies_place", where), "LoR-E.2.4")
    orders = _orders(game, seat)
    if not orders:
        return
    if choose(game, "spies_order", orders) == "battle":  # 2nd: battle in each Spy clearing, in id order
        for c in _spy_clearings(game):
            who = _defenders(game, seat, c)
            if who:
                battle.battle(game, NAME, choose(game, "spies_battle", [(c, d) for d in who])[1], c)
    else:
        steal(game, seat, choose(game, "spies_steal", _steal_clearings(game, seat)))


def steal(game: Game, seat: Seat, c: int) -> None:
    """The second step's other branch: ``seat`` takes a random card from each enemy player with faction
    pieces in ``c``, in setup order; from a bot, which has no hand, he draws one instead (CW-GEN-15,
    ``state.take_card``; RT-OWN-29)."""
    victims = [f for f in _enemy_players(game, seat) if battle.present(game, f, c)]
    if game.trace:
        game.trace.event("spies_steal", rule="LoR-E.2.4", faction=seat.faction, clearing=c, victims=",".join(victims))
    for f in victims:
        state.take_card(game, seat, game.seat(f))


# ---------------------------------------------------------------------------------------------- where, whom

def _enemy_players(game: Game, seat: Seat) -> list[str]:
    """The players but the controller, in setup order (LoR-E.3.2)."""
    return [f for f in FACTIONS if f != seat.faction and game.seat(f) is not None]


def _enemies(game: Game, seat: Seat) -> list[str]:
    """The Spies' enemies for their controller ``seat`` (LoR-E.3.2, RT-OWN-28): the other players, then the
    hirelings he does not control."""
    return _enemy_players(game, seat) + [n for n in game.hired if game.hirelings[n].controller != seat.faction]


def _places(game: Game, seat: Seat) -> list[int]:
    """Where the first step places a Spy: a clearing with enemy pieces."""
    enemies = _enemies(game, seat)
    return [c for c in sides.placeable(game, NAME) if any(battle.present(game, f, c) for f in enemies)]


def _spy_clearings(game: Game) -> list[int]:
    return [c for c in range(1, len(game.clearings)) if game.clearings[c].warriors.get(NAME)]


def _defenders(game: Game, seat: Seat, c: int) -> list[str]:
    """The enemies the Spies may battle in ``c``: present, not shielded by the Stoic Protector, never the Spring
    Uprising, whose fee a hireling cannot pay (``state.battle_fee``)."""
    return [f for f in _enemies(game, seat) if battle.present(game, f, c) and not state.shielded(game, f, c)
            and state.battle_fee(game, NAME, f, c) != []]


def _steal_clearings(game: Game, seat: Seat) -> list[int]:
    enemies = _enemy_players(game, seat)
    return [c for c in _spy_clearings(game) if any(battle.present(game, f, c) for f in enemies)]


def _orders(game: Game, seat: Seat) -> list[str]:
    """The second step's branches that would do anything."""
    spies = _spy_clearings(game)
    return ((["battle"] if any(_defenders(game, seat, c) for c in spies) else [])
            + (["steal"] if _steal_clearings(game, seat) else []))


def _mates(game: Game, c: int, where: list[int]) -> list[int]:
    """The clearings of ``where`` but ``c`` that share a suit with ``c`` (``state.suited``, LoR-F's Lost City)."""
    suits = [s for s in SUITS if state.suited(game, c, s)]
    return [d for d in where if d != c and any(state.suited(game, d, s) for s in suits)]


def _place(game: Game, seat: Seat, c: int, rule: str) -> None:
    if state.place_warriors(game, NAME, c, 1) and game.trace:
        game.trace.event("hireling_setup", rule=rule, faction=seat.faction, hireling=NAME, clearing=c)
