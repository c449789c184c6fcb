"""The Exiles and Partisans deck's effects (LoR-A.2, the seed's 16.1.2; texts in data/deck.json).

With ``deck_choice=exiles_and_partisans`` this deck replaces the whole standard deck at setup; its
dominance cards leave the game at a table with bots like the standard ones (CW-GEN-20). Only the human
holds these persistent cards: bots never craft one (CW-GEN-5) and hold no hand (CW-GEN-15). Where each
effect is played (:data:`WHEN`):

* at the start of Birdsong (:func:`birdsong`): Coffin Makers scores and empties, Swap Meet, False Orders;
* at the end of Birdsong, which we play as the very start of Daylight (:func:`daylight`, nothing lies
  between them): Eyrie Emigre; then, once in Daylight, Propaganda Bureau and the League of Adventurous
  Mice;
* at the start of Evening (:func:`evening`): Charm Offensive; Informants at the Evening draw
  (:func:`evening_draw`);
* when crafting (crafting.py, bots/common.py): Master Engravers and Murine Broker (:func:`item_crafted`);
* in battle and always (Partisans; Boat Builders, Corvid Planners, Tunnels, Soup Kitchens, Coffin Makers):
  :mod:`automa.root.exiles_always`, below movement and battle.

Saboteurs never changes play at our tables: its target is an enemy's crafted card, and the enemies are bots,
which craft no persistent card (CW-GEN-5) and keep their item cards in no play area (CW-GEN-4), so it is
never offered. Our readings (docs/root.md, "The Exiles and Partisans deck"): a card taken from a bot is
drawn from the deck and a card given to one is discarded for 1 VP (CW-GEN-15); the League needs an item in
the Crafted Items box (a Vagabond has none: his items are on his board) and its item is ready again next
turn.
"""
from __future__ import annotations

from automa.root import battle, movement, state
from automa.root.decide import PASS, choose, one_per_name
from automa.root.exiles_always import trace
from automa.root.state import FACTIONS, Game, Seat, crafted_ready, held, use_card

WHEN = {"coffin_makers": "birdsong", "swap_meet": "birdsong", "false_orders": "birdsong",
        "eyrie_emigre": "daylight", "propaganda_bureau": "daylight", "league_of_adventurous_mice": "daylight",
        "charm_offensive": "evening", "informants": "evening",
        "partisans_fox": "battle", "partisans_rabbit": "battle", "partisans_mouse": "battle",
        "master_engravers": "craft", "murine_broker": "craft",
        "boat_builders": "always", "corvid_planners": "always", "tunnels": "always", "soup_kitchens": "always",
        "saboteurs": "never"}


def _enemies(game: Game, seat: Seat) -> list[str]:
    return [s.faction for s in sorted(game.seats, key=lambda s: FACTIONS.index(s.faction)) if s is not seat]


# ---------------------------------------------------------------------------------------------- Birdsong

def birdsong(game: Game, seat: Seat) -> None:
    """The start of ``seat``'s Birdsong: Coffin Makers, Swap Meet, False Orders."""
    if held(game, seat, "coffin_makers") is not None:
        coffin_makers(game, seat)
    if held(game, seat, "swap_meet") is not None:
        target = choose(game, "swap_meet", tuple(_enemies(game, seat)) + (PASS,))
        if target != PASS:
            swap_meet(game, seat, game.seat(target))
    card = held(game, seat, "false_orders")
    if card is not None:
        options = false_orders_moves(game, seat)
        pick = choose(game, "false_orders", tuple(options) + (PASS,)) if options else PASS
        if pick != PASS:
            false_orders(game, seat, card, *pick)


def coffin_makers(game: Game, seat: Seat) -> None:
    """Coffin Makers: score 1 VP per five warriors on it, then return them all to their supplies."""
    on = [s for s in game.seats if s.out.get("coffin")]
    total = sum(s.out["coffin"] for s in on)
    for s in on:
        s.supply["warrior"] = s.supply.get("warrior", 0) + s.out.pop("coffin")
    trace(game, seat, "coffin_makers", warriors=total)
    if total >= 5:
        state.score(game, seat.faction, total // 5, "card")


def swap_meet(game: Game, seat: Seat, target: Seat) -> None:
    """Swap Meet: take a random card from ``target`` (a bot: draw, CW-GEN-15), then give it one
    (``"swap_meet_give"``; a bot: discarded, it scores 1 VP, CW-GEN-15)."""
    state.take_card(game, seat, target)
    trace(game, seat, "swap_meet", other=target.faction)
    if not seat.hand:
        return
    card = choose(game, "swap_meet_give", tuple(one_per_name(game, sorted(seat.hand))))
    seat.hand.remove(card)
    if target.bot is None:
        target.hand.append(card)
    else:
        state.discard(game, card)
        state.score(game, target.faction, 1, "card")


def false_orders_moves(game: Game, seat: Seat) -> list[tuple[str, int, int]]:
    """False Orders' moves: ``(enemy, origin, destination)``, an enemy's warriors moving as that enemy
    would along a path (LoR-4.2), ignoring rule, never into Scorched Earth (LoR-D.6)."""
    scorched = state.scorched(game)
    return [(f, o, d) for f in _enemies(game, seat) for o in range(1, len(game.clearings))
            if game.clearings[o].warriors.get(f, 0) for d in sorted(movement.reach(game, o)) if d != scorched]


def false_orders(game: Game, seat: Seat, card: int, enemy: str, origin: int, destination: int) -> None:
    """False Orders: discard it to move half, rounded up, of ``enemy``'s warriors in ``origin``."""
    n = (game.clearings[origin].warriors[enemy] + 1) // 2
    movement.move(game, enemy, origin, destination, n)
    use_card(game, seat, card)


# ---------------------------------------------------------------------------------------------- Daylight

def daylight(game: Game, seat: Seat) -> None:
    """The end of Birdsong (Eyrie Emigre), then once in Daylight: Propaganda Bureau, the League."""
    card = held(game, seat, "eyrie_emigre")
    if card is not None:
        eyrie_emigre(game, seat, card)
    card = held(game, seat, "propaganda_bureau")
    if card is not None:
        options = [(k, c, f) for k in one_per_name(game, sorted(seat.hand)) for c in range(1, len(game.clearings))
                   if state.matches(game.cards[k].suit, state.suit_of(game, c))
                   for f in _enemies(game, seat) + [h for h in game.hired if game.hirelings[h].controller != seat.faction]
                   if game.clearings[c].warriors.get(f, 0) and not state.shielded(game, f, c)]
        pick = choose(game, "propaganda_bureau", tuple(options) + (PASS,)) if options else PASS
        if pick != PASS:
            propaganda_bureau(game, seat, *pick)
    if held(game, seat, "league_of_adventurous_mice") is not None and crafted_ready(game, seat):
        league(game, seat)


def eyrie_emigre(game: Game, seat: Seat, card: int) -> None:
    """Eyrie Emigre: take a move (``"eyrie_emigre"``), then battle in its destination
    (``"eyrie_emigre_battle"``: a defender); if either cannot be done, discard the card."""
    moves = [(o, d, k) for o, d, n in movement.moves(game, seat.faction) for k in range(n, 0, -1)]
    if moves:
        o, d, k = choose(game, "eyrie_emigre", tuple(moves))
        movement.move(game, seat.faction, o, d, k)
        enemies = battle.defenders(game, seat.faction, d)
        if enemies:
            trace(game, seat, "eyrie_emigre", clearing=d)
            battle.battle(game, seat.faction, choose(game, "eyrie_emigre_battle", tuple(enemies)), d)
            return
    use_card(game, seat, card)


def propaganda_bureau(game: Game, seat: Seat, card: int, c: int, enemy: str) -> None:
    """Propaganda Bureau: spend ``card`` to remove a warrior of ``enemy`` from the matching clearing ``c``
    and place one of yours there (LoR-1.5.4: none in supply, none placed)."""
    state.spend(game, seat, card)
    state.remove_warriors(game, enemy, c, 1)
    battle.warriors_removed(game, enemy, c, 1, seat.faction)
    state.place_warriors(game, seat.faction, c, 1)
    trace(game, seat, "propaganda_bureau", clearing=c, other=enemy)


def league(game: Game, seat: Seat) -> None:
    """The League of Adventurous Mice: exhaust a crafted item to take a move or start a battle
    (``"league_of_adventurous_mice"``: ``("move", origin, destination, warriors)`` or ``("battle",
    clearing, defender)``)."""
    options = [("move", o, d, k) for o, d, n in movement.moves(game, seat.faction) for k in range(n, 0, -1)]
    options += [("battle", c, f) for c, f in battle.battles(game, seat.faction)]
    pick = choose(game, "league_of_adventurous_mice", tuple(options) + (PASS,)) if options else PASS
    if pick == PASS:
        return
    trace(game, seat, "league_of_adventurous_mice")
    if pick[0] == "move":
        movement.move(game, seat.faction, *pick[1:])
    else:
        battle.battle(game, seat.faction, pick[2], pick[1])


# ---------------------------------------------------------------------------------------------- Evening

def evening(game: Game, seat: Seat) -> None:
    """The start of ``seat``'s Evening: Charm Offensive (``"charm_offensive"``: who scores, or PASS)."""
    if held(game, seat, "charm_offensive") is not None:
        other = choose(game, "charm_offensive", tuple(_enemies(game, seat)) + (PASS,))
        if other != PASS:
            seat.hand.extend(state.draw(game, 1))
            trace(game, seat, "charm_offensive", other=other)
            state.score(game, other, 1, "card")


def evening_draw(game: Game, seat: Seat, n: int) -> None:
    """``seat``'s Evening draw of ``n`` cards; with Informants it may take an ambush card from the discard
    pile instead (``"informants"``: the card, or PASS)."""
    if seat.persistent and held(game, seat, "informants") is not None:
        ambushes = one_per_name(game, sorted(k for k in game.discard if game.cards[k].kind == "ambush"))
        card = choose(game, "informants", tuple(ambushes) + (PASS,)) if ambushes else PASS
        if card != PASS:
            game.discard.remove(card)
            seat.hand.append(card)
            trace(game, seat, "informants")
            return
    seat.hand.extend(state.draw(game, n))


# ---------------------------------------------------------------------------------------------- battle, crafting


def item_crafted(game: Game, seat: Seat) -> None:
    """``seat`` crafted an item (a bot: its order card, CW-GEN-3/4): Master Engravers scores it 1 more VP,
    each other player's Murine Broker draws it a card."""
    if seat.persistent and held(game, seat, "master_engravers") is not None:
        trace(game, seat, "master_engravers")
        state.score(game, seat.faction, 1, "crafting")
    for other in game.seats:
        if other is not seat and other.persistent and held(game, other, "murine_broker") is not None:
            other.hand.extend(state.draw(game, 1))
            trace(game, other, "murine_broker", other=seat.faction)
