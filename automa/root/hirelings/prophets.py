"""The Warm Sun Prophets, demoted the Lizard Envoys (LoR-E, the seed's 16.4; its card, research notes §2.6): four
Prophet warriors, their side ``game.hired["prophets"]``. The card stands for the Lizard Cult, no base faction,
so no table refuses it (LoR-A.6.5, ``options.TIED``).

* Warm Sun Prophets: set up one Prophet in each clearing with a ruin, four at most (RT-OWN-43); hired with none
  on the map, one in any clearing (LoR-E.2.1). Once in Daylight (offered at its start, RT-OWN-20) the
  controller may (``prophets``) either force a player, himself too, with faction pieces in a Prophet clearing
  to battle there, the controller naming the defender, or to move every piece he can from there to a clearing
  the controller names, then, if the controller wants, to battle there (``prophets_battle``); or place a
  Prophet in a clearing without one. The forced player battles and moves as if he chose to (LoR-1.5.5) and
  scores as usual (LoR-E.3.6, the seed's 16.4.3.VI): RT-OWN-44, a bot forced RT-OWN-45.
* Lizard Envoys (Controller): at the start of his Birdsong the player may take from the top five cards of the
  discard pile one card of their most common suit, birds a suit of their own, never an ambush, his pick among
  tied suits (``envoys``; RT-OWN-46). A bot holds no hand (CW-GEN-15): never.

A bot's Prophets take no Daylight action, a "may" (LoR-E.2.4, RT-OWN-15).
"""
from __future__ import annotations

from collections import Counter

from automa.root import battle, movement, state
from automa.root.decide import PASS, choose, one_per_name
from automa.root.hirelings import side as sides
from automa.root.hirelings.side import pick
from automa.root.state import FACTIONS, Game, Hireling, Seat

NAME = "prophets"
PIECES = {"warrior": 4}
TOP = 5                                   # the Lizard Envoys look at this many cards of the discard pile


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Warm Sun Prophets, one in each clearing with a ruin (RT-OWN-43): with more ruin clearings
    than Prophets ``seat`` picks them one at a time; with fewer, the rest stay in the supply."""
    if h.demoted:
        return
    ruins = [c for c in sides.placeable(game, NAME) if game.clearings[c].ruin]
    while ruins and game.hired[NAME].supply.get("warrior", 0):
        c = ruins[0] if len(ruins) <= game.hired[NAME].supply["warrior"] else pick(game, seat, NAME, ruins)
        sides.place(game, seat, NAME, c, "LoR-A.6.3")
        ruins.remove(c)


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: the Warm Sun Prophets with no Prophet on the map place one in any clearing."""
    if h.demoted or _at(game):
        return
    c = pick(game, seat, NAME, sides.placeable(game, NAME))
    if c is not None:
        sides.place(game, seat, NAME, c, "LoR-E.2.1")


def daylight(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.4, the player's only (a bot's takes none): the Warm Sun Prophets' action (``prophets``):
    ``("battle", faction, clearing, defender)``, ``("move", faction, origin, destination)``, ``("place",
    clearing)`` or ``PASS``. The Lizard Envoys have no Daylight action."""
    if h.demoted:
        return
    offers = actions(game, seat)
    if not offers:
        return
    act = choose(game, "prophets", offers + [PASS])
    if act == PASS:
        return
    if act[0] == "place":
        sides.place(game, seat, NAME, act[1], "LoR-E.2.4")
        return
    _, f, c, x = act
    if game.trace:
        game.trace.event("prophets", rule="LoR-E.2.4", faction=seat.faction, other=f, act=act[0], clearing=c,
                         target=x)
    if act[0] == "battle":
        force_battle(game, f, x, c)
        return
    force_move(game, f, c, x)
    fights = [(x, d) for d in battle.defenders(game, f, x)]
    fight = choose(game, "prophets_battle", fights + [PASS]) if fights else PASS
    if fight != PASS:
        force_battle(game, f, fight[1], x)


def actions(game: Game, seat: Seat) -> list[tuple]:
    """The action's offers (RT-OWN-44): for each player with faction pieces in a Prophet clearing, each battle
    he could fight there and each clearing where one of his pieces there could move; then each clearing
    without a Prophet where one may be placed, while the supply holds one."""
    out: list[tuple] = []
    players = [f for f in FACTIONS if game.seat(f) is not None]
    for c in _at(game):
        for f in players:
            if battle.present(game, f, c):
                out += [("battle", f, c, d) for d in battle.defenders(game, f, c)]
                out += [("move", f, c, d) for d in destinations(game, f, c)]
    if game.hired[NAME].supply.get("warrior", 0):
        out += [("place", c) for c in sides.placeable(game, NAME) if not game.clearings[c].warriors.get(NAME)]
    return out


def destinations(game: Game, f: str, c: int) -> list[int]:
    """Where ``f``'s pieces in ``c`` could move, as if ``f`` chose to (LoR-1.5.5, RT-OWN-44): its warriors
    where ``movement.can_move`` lets them (rule, adjacency, the Ferry, the Band's hold, Scorched Earth), the
    Vagabond's pawn (his or the Vagabot's: nimble, no boots) to any clearing next to it."""
    return sorted({d for o, d, _ in movement.moves(game, f) if o == c} | set(_pawn(game, f, c)))


def force_move(game: Game, f: str, c: int, d: int) -> None:
    """``f`` moves every piece it can from ``c`` to ``d`` (RT-OWN-44, RT-OWN-45): all its warriors there, if
    they may go, and the Vagabond's pawn alone, no boots exhausted (as RT-OWN-34); warriors are alike, so no
    choice of which arises for a player or a bot."""
    n = game.clearings[c].warriors.get(f, 0)
    if n and movement.can_move(game, f, c, d):
        movement.move(game, f, c, d, n)
    if d in _pawn(game, f, c):
        movement.move_pawn(game, d)


def force_battle(game: Game, f: str, defender: str, c: int) -> None:
    """``f`` battles ``defender`` in ``c`` (LoR-4.3), its own battle: its board's hooks and decisions, its VP for
    removals (LoR-E.3.6, the seed's 16.4.3.VI); no action's cost is paid, so the player's Vagabond exhausts no
    sword and no Allied warriors join him, his Battle action's choice (RT-OWN-44, as RT-OWN-34)."""
    battle.battle(game, f, defender, c)


# ---------------------------------------------------------------------------------------------- Lizard Envoys

def birdsong(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.3, the Lizard Envoys' "may", the player's only (a bot holds no hand, CW-GEN-15): a card of the
    most common suit among the discard pile's top five, no ambush (``envoys``, RT-OWN-46)."""
    if not h.demoted or seat.bot is not None:
        return
    offers = envoys(game)
    if not offers:
        return
    card = choose(game, "envoys", offers + [PASS])
    if card == PASS:
        return
    game.discard.remove(card)
    seat.hand.append(card)
    if game.trace:
        game.trace.event("envoys", rule="LoR-E.2.3", faction=seat.faction, card=card)


def envoys(game: Game) -> list[int]:
    """The cards the Lizard Envoys may take (RT-OWN-46): of the discard pile's top five (its last five, the pile
    kept in the order cards reach it; all of it if fewer), those of a most common suit, a bird a suit of its
    own, ambushes counted but never taken; every suit tied for the most is offered, the player breaking the
    tie."""
    top = game.discard[-TOP:]
    counts = Counter(game.cards[k].suit for k in top)
    if not counts:
        return []
    most = max(counts.values())
    return one_per_name(game, [k for k in reversed(top)
                               if counts[game.cards[k].suit] == most and game.cards[k].kind != "ambush"])


def _pawn(game: Game, f: str, c: int) -> tuple[int, ...]:
    """Where the Vagabond's pawn in ``c`` (his or the Vagabot's) may go when ``f`` is he: any clearing next to
    it, regardless of rule (LoR-9.2.3), never Scorched Earth (LoR-D.6), none while the Band holds him."""
    if f != "vagabond" or game.pawn != ("clearing", c) or state.held_by_band(game, f, c):
        return ()
    return tuple(d for d in movement.reach(game, c) if d != state.scorched(game))


def _at(game: Game) -> list[int]:
    """The clearings with a Prophet, in id order."""
    return [c for c in range(1, len(game.clearings)) if game.clearings[c].warriors.get(NAME)]
