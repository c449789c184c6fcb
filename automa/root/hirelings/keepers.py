"""The Vault Keepers, demoted the Badger Bodyguards (LoR-E, the seed's 16.4; its card, research notes §2.12):
six Keeper warriors and six Vault buildings, their side ``game.hired["keepers"]``.

* Vault Keepers: set up two Keepers and a Vault in a clearing with an open building slot; hired with no Keeper
  piece on the map, the same in a clearing with an open slot (RT-OWN-30). Once in Daylight (offered at its
  start, RT-OWN-20) the controller may first place a Vault in or next to a Vault clearing, or, if none can go
  there, a Keeper and a Vault in any clearing (``keepers_vault``); then either battle in each Vault clearing,
  the defender his choice among the Keepers' enemies (``keepers_battle``; RT-OWN-32), or place a Keeper at
  each Vault (``keepers_order``, ``keepers_recruit`` when the supply runs short). A Vault is a hireling's
  building: whoever removes it scores (LoR-E.3.6 spares only the Keepers' own removals).
* Badger Bodyguards: no setup; its controller ignores the first hit he takes in each battle
  (``state.bodyguarded``, applied in ``battle._deal``; RT-OWN-31).

A bot's Vault Keepers take only the when-hired action, the rest being a "may" (RT-OWN-15); its clearing by
priority (RT-OWN-16).
"""
from __future__ import annotations

from automa.root import battle, movement, state
from automa.root.decide import PASS, choose
from automa.root.hirelings import side as sides
from automa.root.hirelings.side import pick
from automa.root.state import FACTIONS, Game, Hireling, Seat

NAME = "keepers"
PIECES = {"warrior": 6, "vault": 6}


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Vault Keepers' two Keepers and a Vault in a clearing with an open building slot."""
    if not h.demoted:
        _found(game, seat, "LoR-A.6.3")


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: the Vault Keepers with no Keeper piece on the map place two Keepers and a Vault (RT-OWN-30)."""
    if not h.demoted and not any(battle.present(game, NAME, c) for c in range(1, len(game.clearings))):
        _found(game, seat, "LoR-E.2.1")


def daylight(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.4, the player's only (a bot's takes none): the Vault Keepers' Vault, then their battles or their
    Keepers at the Vaults. The Badger Bodyguards have no action."""
    if h.demoted:
        return
    expand(game, seat)
    orders = _orders(game, seat)
    if not orders:
        return
    order = choose(game, "keepers_order", orders + [PASS])
    if order == "battle":
        for c in _vaults(game):
            who = defenders(game, seat, c)
            if who:
                choice = choose(game, "keepers_battle", [(c, d) for d in who] + [PASS])
                if choice != PASS:
                    battle.battle(game, NAME, choice[1], c)
    elif order == "recruit":
        recruit(game, seat)


def expand(game: Game, seat: Seat) -> None:
    """The first step (``keepers_vault``, as ``(clearing, warriors, vaults)``): a Vault in a clearing with a
    Vault or next to one; if none can go there, a Keeper and a Vault in any clearing with an open slot (as much
    as the supply holds, LoR-1.5.4: a Keeper alone anywhere once every Vault is out). The player may pass."""
    supply = game.hired[NAME].supply
    slots = [c for c in sides.placeable(game, NAME) if game.clearings[c].open_slots > 0] if supply.get("vault", 0) else []
    near = _near(game)
    offers = [(c, 0, 1) for c in slots if c in near]
    if not offers:                                      # "if you cannot": a Keeper and a Vault anywhere
        n = min(1, supply.get("warrior", 0))
        offers = [(c, n, 1) for c in slots] or ([(c, 1, 0) for c in sides.placeable(game, NAME)] if n else [])
    if not offers:
        return
    choice = choose(game, "keepers_vault", offers + [PASS])
    if choice == PASS:
        return
    c = choice[0]
    w = state.place_warriors(game, NAME, c, choice[1])
    v = int(bool(choice[2]) and state.place_building(game, NAME, "vault", c))
    if game.trace:
        game.trace.event("keepers", rule="LoR-E.2.4", faction=seat.faction, clearing=c, warriors=w, vaults=v)


def recruit(game: Game, seat: Seat) -> None:
    """The second step's other branch: a Keeper at each Vault (a clearing with two Vaults takes two); with too
    few in the supply the player picks the Vaults that get one (``keepers_recruit``, LoR-1.5.4)."""
    owed = {c: game.clearings[c].buildings.count((NAME, "vault")) for c in _vaults(game) if state.may_place(game, NAME, c)}
    supply = game.hired[NAME].supply
    while owed and supply.get("warrior", 0):
        if supply["warrior"] >= sum(owed.values()):
            c = min(owed)
        else:
            c = choose(game, "keepers_recruit", sorted(owed))
        state.place_warriors(game, NAME, c, 1)
        if game.trace:
            game.trace.event("keepers", rule="LoR-E.2.4", faction=seat.faction, clearing=c, warriors=1, vaults=0)
        owed[c] -= 1
        if not owed[c]:
            del owed[c]


def defenders(game: Game, seat: Seat, c: int) -> list[str]:
    """Whom the Keepers may battle in ``c`` for their controller ``seat`` (LoR-E.3.2, RT-OWN-32): with a Keeper
    there, the players but the controller, then the hirelings he does not control, each present and not
    shielded by the Stoic Protector (``state.shielded``); never the Spring Uprising, whose fee a hireling
    cannot pay (``state.battle_fee``)."""
    if not game.clearings[c].warriors.get(NAME):
        return []
    enemies = [f for f in FACTIONS if f != seat.faction and game.seat(f) is not None]
    enemies += [n for n in game.hired if n != NAME and game.hirelings[n].controller != seat.faction]
    return [f for f in enemies if battle.present(game, f, c) and not state.shielded(game, f, c)
            and state.battle_fee(game, NAME, f, c) != []]


# ---------------------------------------------------------------------------------------------- where

def _found(game: Game, seat: Seat, rule: str) -> None:
    """Two Keepers and a Vault in a clearing with an open slot, the seat's pick (``hireling_setup``; a bot's by
    priority, RT-OWN-16); with no open slot anywhere, the Keepers alone in any clearing (LoR-1.5.4)."""
    where = [c for c in sides.placeable(game, NAME) if game.clearings[c].open_slots > 0] or sides.placeable(game, NAME)
    c = pick(game, seat, NAME, where)
    if c is None:
        return
    w = state.place_warriors(game, NAME, c, 2)
    v = state.place_building(game, NAME, "vault", c)
    if game.trace:
        game.trace.event("hireling_setup", rule=rule, faction=seat.faction, hireling=NAME, clearing=c, warriors=w,
                         vaults=int(v))


def _vaults(game: Game) -> list[int]:
    """The clearings with a Vault, in id order."""
    return [c for c in range(1, len(game.clearings)) if (NAME, "vault") in game.clearings[c].buildings]


def _near(game: Game) -> set[int]:
    """The Vault clearings and the clearings next to one: where the first step places a Vault."""
    near = set(_vaults(game))
    return near.union(*(movement.adjacent(game, c) for c in near))


def _orders(game: Game, seat: Seat) -> list[str]:
    """The second step's branches that would do anything: a battle in a Vault clearing, a Keeper placed."""
    vaults = _vaults(game)
    return ((["battle"] if any(defenders(game, seat, c) for c in vaults) else [])
            + (["recruit"] if game.hired[NAME].supply.get("warrior", 0)
               and any(state.may_place(game, NAME, c) for c in vaults) else []))
