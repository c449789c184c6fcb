"""The Flame Bearers, demoted the Rat Smugglers (LoR-E, the seed's 16.4; its card, research notes §2.11):
six Bearer warriors, their side ``game.hired["bearers"]``.

* Flame Bearers: two Bearers set up among any clearings, both in one if the seat likes (LoR-A.6.3); hired
  with none on the map, two more so (LoR-E.2.1). At the start of the controller's Birdsong, a must, so a
  bot's too (LoR-E.2.3, RT-OWN-15): first, in each clearing with Bearers (in clearing order), one enemy
  piece removed per Bearer there, an enemy's warriors before its buildings and tokens (the card's FAQ: as
  in battle), the player picking each (``bearers_remove``), a bot by RT-OWN-33; then a Bearer placed in or
  next to a Bearers' clearing, or with no such place two anywhere (``bearers_place``; a bot by priority,
  RT-OWN-16).
* Rat Smugglers (Controller): any number of times in Daylight the player may discard a card showing an item
  to take a move or a battle (``smugglers``, ``smugglers_card``; offered at the start of Daylight,
  RT-OWN-20; the Vagabond's move is his pawn's, RT-OWN-34). A bot holds no hand (CW-GEN-15): never.

The Bearers remove as the hireling (``by`` its name): no VP for the controller (LoR-E.3.6), no Vagabond
controller turned Hostile (LoR-E.3.5; the FAQ), the owner's reactions as for any removal (Field Hospitals,
Outrage: LoR-E.3.7). Enemies are every side but the controller's (LoR-E.3.2), the other hirelings it does
not control included; none the Stoic Protector shields (``state.shielded``); the Vagabond's pawn is no
piece to remove (LoR-9.2.2).
"""
from __future__ import annotations

from automa.root import battle, movement, state
from automa.root.bots.common import priority_order, ranked_players
from automa.root.decide import PASS, choose, one_per_name
from automa.root.hirelings import side as sides
from automa.root.hirelings.side import pick
from automa.root.state import FACTIONS, Game, Hireling, Seat

NAME = "bearers"
PIECES = {"warrior": 6}


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Flame Bearers' two warriors, among any clearings."""
    if not h.demoted:
        _anywhere(game, seat, 2, "LoR-A.6.3")


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: the Flame Bearers with no warrior on the map place two among any clearings."""
    if not h.demoted and not _at(game):
        _anywhere(game, seat, 2, "LoR-E.2.1")


def birdsong(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.3, the Flame Bearers' must: the removals, then a Bearer placed."""
    if h.demoted:
        return
    for c, n in [(c, game.clearings[c].warriors[NAME]) for c in _at(game)]:
        for _ in range(n):
            options = targets(game, seat, c)
            if not options:
                break
            remove(game, seat, choose(game, "bearers_remove", options) if seat.bot is None else bot_target(game, options))
    spread(game, seat)


def targets(game: Game, seat: Seat, c: int) -> list[tuple[int, str, str, str]]:
    """What the Bearers in ``c`` may remove for ``seat``, as ``(c, side, kind, "warrior"|"token"|"building")``:
    for each enemy there (the factions in setup order, then the hirelings ``seat`` does not control) a
    warrior if it has one, else each kind of its tokens, then of its buildings (the FAQ's "warriors first")."""
    cl = game.clearings[c]
    foes = [f for f in FACTIONS if f != seat.faction and game.seat(f) is not None and not state.shielded(game, f, c)]
    foes += [n for n in game.hired if game.hirelings[n].controller != seat.faction]
    out = []
    for f in foes:
        if cl.warriors.get(f):
            out.append((c, f, "warrior", "warrior"))
        else:
            out += [(c, f, k, "token") for k in sorted({k for o, k in cl.tokens if o == f})]
            out += [(c, f, k, "building") for k in sorted({k for o, k in cl.buildings if o == f})]
    return out


def bot_target(game: Game, options: list[tuple[int, str, str, str]]) -> tuple[int, str, str, str]:
    """A bot controller's pick (RT-OWN-33): the player with the most VP among those offered (setup order
    among equals, CW-GEN-9), a hireling only with no player left; its first piece offered (a warrior, else a
    token before a building, as a bot loses its own, CW-GEN-6)."""
    players = [f for _, f, _, _ in options if f in FACTIONS]
    f = ranked_players(set(players), key=lambda f: (game.seat(f).vp,))[0] if players else options[0][1]
    return next(o for o in options if o[1] == f)


def remove(game: Game, seat: Seat, target: tuple[int, str, str, str]) -> None:
    """One removal by the Bearers (``by`` the hireling, see the module's docstring)."""
    c, f, kind, what = target
    if game.trace:
        game.trace.event("bearers_remove", rule="LoR-E.2.3", faction=seat.faction, clearing=c, other=f, piece=kind)
    if what == "warrior":
        battle.warriors_removed(game, f, c, state.remove_warriors(game, f, c, 1), NAME)
    else:
        state.remove_piece(game, c, (f, kind), NAME, building=what == "building")


def spread(game: Game, seat: Seat) -> None:
    """The second step: a Bearer in or next to a clearing with Bearers; if none may go there, two anywhere."""
    at = _at(game)
    near = [c for c in range(1, len(game.clearings))
            if (c in at or any(a in at for a in movement.adjacent(game, c))) and state.may_place(game, NAME, c)]
    if not near:
        _anywhere(game, seat, 2, "LoR-E.2.3")
    elif game.hired[NAME].supply.get("warrior", 0):
        c = choose(game, "bearers_place", near) if seat.bot is None else priority_order(game, near)[0]
        sides.place(game, seat, NAME, c, "LoR-E.2.3")


def daylight(game: Game, seat: Seat, h: Hireling) -> None:
    """The Rat Smugglers, the player's (a bot holds no hand): until he passes, an action (``smugglers``)
    paid with a card showing an item (``smugglers_card``)."""
    if not h.demoted:
        return
    while True:
        hand = one_per_name(game, [k for k in seat.hand if game.cards[k].item])
        options = [a for a in actions(game, seat) if payers(game, seat, a, hand)] if hand else []
        if not options:
            return
        act = choose(game, "smugglers", options + [PASS])
        if act == PASS:
            return
        card = choose(game, "smugglers_card", payers(game, seat, act, hand))
        state.spend(game, seat, card)
        if game.trace:
            game.trace.event("smugglers", rule="LoR-E.2.2", faction=seat.faction, card=card, act=act[0])
        if act[0] == "battle":
            battle.battle(game, seat.faction, act[2], act[1])
        elif seat.faction == "vagabond":
            movement.move_pawn(game, act[1])            # his pawn alone (RT-OWN-34)
        else:
            movement.move(game, seat.faction, *act[1:])


def actions(game: Game, seat: Seat) -> list[tuple]:
    """The moves and battles the Rat Smugglers offer ``seat``: ``("move", origin, destination, warriors)`` (LoR-4.2),
    for the Vagabond ``("move", clearing)`` of his pawn (RT-OWN-34), and ``("battle", clearing, defender)``
    (LoR-4.3)."""
    if seat.faction == "vagabond":
        out: list[tuple] = [("move", c) for c in pawn_moves(game)]
    else:
        out = [("move", o, d, k) for o, d, n in movement.moves(game, seat.faction) for k in range(n, 0, -1)]
    return out + [("battle", c, f) for c, f in battle.battles(game, seat.faction)]


def payers(game: Game, seat: Seat, act: tuple, hand: list[int]) -> list[int]:
    """The item cards of ``hand`` that may pay for ``act``: any, but for a battle against the Spring Uprising
    only one that leaves a card to pay its fee (``state.battle_fee``, its card)."""
    fee = state.battle_fee(game, seat.faction, act[2], act[1]) if act[0] == "battle" else None
    return hand if fee is None else [k for k in hand if any(f != k for f in fee)]


def pawn_moves(game: Game) -> list[int]:
    """RT-OWN-34: the Vagabond's move paid by the card, no boots: to a clearing next to his (or touching his
    forest), never his Scorched Earth (LoR-D.6), none while the Band holds him."""
    kind, at = game.pawn
    if kind == "clearing" and state.held_by_band(game, "vagabond", at):
        return []
    near = game.map.forests[at].clearings if kind == "forest" else movement.reach(game, at)
    return [c for c in sorted(near) if c != state.scorched(game)]


def _at(game: Game) -> list[int]:
    return [c for c in range(1, len(game.clearings)) if game.clearings[c].warriors.get(NAME)]


def _anywhere(game: Game, seat: Seat, n: int, rule: str) -> None:
    for _ in range(min(n, game.hired[NAME].supply.get("warrior", 0))):
        c = pick(game, seat, NAME, sides.placeable(game, NAME))
        if c is not None:
            sides.place(game, seat, NAME, c, rule)
