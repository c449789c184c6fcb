"""The effects of the standard deck's cards (LoR-4.1.2, LoR-4.1.3; texts in data/deck.json).

Immediate: the three Favors (:func:`favor`): remove every enemy piece from each clearing of the suit; they
resolve when crafted (:func:`immediate`, called by :mod:`automa.root.crafting`). Item cards only take
their item (crafting.py).

Persistent effects lie in ``seat.persistent`` (LoR-4.1.3); only a human has them, since bots never craft
one (CW-GEN-5). A faction's turn calls each point once, where its turn reaches it:

* :func:`birdsong_effects` at the start of Birdsong: Better Burrow Bank (you and another player draw),
  Royal Claim (discard: 1 VP per clearing you rule), Stand and Deliver (take a card; its owner scores 1);
* :func:`daylight_effects` at the start of Daylight: Command Warren (one battle), Tax Collector (remove
  one of your warriors to draw, once per Daylight);
* :func:`evening_effects` at the start of Evening: Cobbler (one move of warriors);
* in battle, through :mod:`automa.root.battle`: Armorers, Sappers and Brutal Tactics.

With the Exiles and Partisans deck (LoR-A.2, ``deck_choice``) each point then calls
:mod:`automa.root.exiles`, which holds that deck's effects. Of them Saboteurs never changes play at our
tables (an enemy's crafted card: bots hold none, CW-GEN-5), so it has no code.

The Law lets the player use "once in Daylight" and "in Birdsong" effects at any point of that phase and
order simultaneous ones (LoR-1.1.3); we offer them at the phase's start, in the order listed. Each
optional effect goes to the player through :func:`automa.root.decide.choose` (kinds named in each
function), ``PASS`` for "do not".

Two effects never change play at our tables, so they have no code: Codebreakers (look at a hand: the
only other players are bots, which have none, CW-GEN-15) and Scouting Party (cancels ambushes, which never
arise: battle.py). Better Burrow Bank's other player is a bot, which draws nothing into a hand it does not
have (CW-GEN-15; RT-OWN-5 offers the card discarded for 1 VP instead). Stand and Deliver from a bot draws from the deck
instead (CW-GEN-15), and the bot still scores its VP.
"""
from __future__ import annotations

from automa.root import battle, exiles, hirelings, movement, state
from automa.root.decide import PASS, choose
from automa.root.state import FACTIONS, Game, Seat, held

FAVORS = {"favor_fox": "fox", "favor_rabbit": "rabbit", "favor_mouse": "mouse"}
# where each standard-deck effect is played ("never": no effect at our tables, see above)
WHEN = {"favor_fox": "craft", "favor_rabbit": "craft", "favor_mouse": "craft",
        "better_burrow_bank": "birdsong", "royal_claim": "birdsong", "stand_and_deliver": "birdsong",
        "command_warren": "daylight", "tax_collector": "daylight", "cobbler": "evening",
        "armorers": "battle", "sappers": "battle", "brutal_tactics": "battle",
        "codebreakers": "never", "scouting_party": "never"}


# ---------------------------------------------------------------------------------------------- immediate

def immediate(game: Game, seat: Seat, card: int) -> None:
    """Resolve the immediate effect of a crafted ``card`` that is not an item (LoR-4.1.2): a Favor."""
    favor(game, seat, FAVORS[game.cards[card].effect])


def favor(game: Game, seat: Seat, suit: str) -> None:
    """Favor of the Foxes/Rabbits/Mice: remove all enemy pieces from every clearing of ``suit``, in
    clearing order (:func:`battle.remove_all`: warriors, tokens, buildings at 1 VP each, LoR-3.2.1; a
    Vagabond's Full Removal, LoR-9.2.2.I, CW-VB-ABIL-1); the Lost City is of every suit (LoR-F)."""
    by = seat.faction
    for c in range(1, len(game.clearings)):
        if state.suited(game, c, suit):
            battle.remove_all(game, c, by)
    if game.trace:
        game.trace.event("card", rule="LoR-4.1.2", effect=f"favor_{suit}", faction=by)


# ---------------------------------------------------------------------------------------------- persistent

def _others(game: Game, seat: Seat) -> list[str]:
    """The other factions at the table, in setup order (CW-GEN-9)."""
    return [s.faction for s in sorted(game.seats, key=lambda s: FACTIONS.index(s.faction)) if s is not seat]


def _trace(game: Game, seat: Seat, effect: str, **kw) -> None:
    if game.trace:
        game.trace.event("card", rule="LoR-4.1.3", effect=effect, faction=seat.faction, **kw)


def birdsong_effects(game: Game, seat: Seat) -> None:
    """The start of ``seat``'s Birdsong: Better Burrow Bank, Royal Claim, Stand and Deliver."""
    if not seat.persistent:
        return
    if held(game, seat, "better_burrow_bank") is not None:
        better_burrow_bank(game, seat)
    card = held(game, seat, "royal_claim")
    if card is not None and choose(game, "royal_claim", (card, PASS)) != PASS:
        royal_claim(game, seat, card)
    if held(game, seat, "stand_and_deliver") is not None:
        target = choose(game, "stand_and_deliver", tuple(_others(game, seat)) + (PASS,))
        if target != PASS:
            stand_and_deliver(game, seat, target)
    if game.options.get("deck_choice") == "exiles_and_partisans":
        exiles.birdsong(game, seat)


def better_burrow_bank(game: Game, seat: Seat) -> None:
    """Better Burrow Bank: you and another player of your choice (``"better_burrow_bank"``) each draw a
    card; a bot, with no hand (CW-GEN-15), draws none, or with ``better_burrow_bank_bot=discard_for_vp`` its
    card is discarded and it scores 1 VP (RT-OWN-5)."""
    other = game.seat(choose(game, "better_burrow_bank", tuple(_others(game, seat))))
    seat.hand.extend(state.draw(game, 1))
    if other.bot is None:
        other.hand.extend(state.draw(game, 1))
    elif game.options.get("better_burrow_bank_bot", "no_draw") == "discard_for_vp":
        for k in state.draw(game, 1):
            state.discard(game, k)
            state.score(game, other.faction, 1, "card")
    _trace(game, seat, "better_burrow_bank", other=other.faction)


def royal_claim(game: Game, seat: Seat, card: int) -> None:
    """Royal Claim: discard it to score 1 VP per clearing you rule (LoR-2.5)."""
    ruled = sum(1 for c in range(1, len(game.clearings)) if state.rules(game, seat.faction, c))
    state.use_card(game, seat, card)
    state.score(game, seat.faction, ruled, "card")


def stand_and_deliver(game: Game, seat: Seat, target: str) -> None:
    """Stand and Deliver: take a random card from ``target`` (from a bot: draw from the deck instead,
    CW-GEN-15); ``target`` scores 1 VP."""
    state.take_card(game, seat, game.seat(target))
    _trace(game, seat, "stand_and_deliver", other=target)
    state.score(game, target, 1, "card")


def daylight_effects(game: Game, seat: Seat) -> None:
    """The start of ``seat``'s Daylight: the hirelings' Daylight actions (LoR-E.2.4, RT-OWN-20), Command Warren,
    then Tax Collector."""
    if game.hirelings:
        hirelings.daylight(game, seat)
    if not seat.persistent:
        return
    if held(game, seat, "command_warren") is not None:
        command_warren(game, seat)
    if held(game, seat, "tax_collector") is not None:
        tax_collector(game, seat)
    if game.options.get("deck_choice") == "exiles_and_partisans":
        exiles.daylight(game, seat)


def command_warren(game: Game, seat: Seat) -> None:
    """Command Warren: you may battle once (``"command_warren"``: a ``(clearing, defender)``, LoR-4.3)."""
    pick = choose(game, "command_warren", tuple(battle.battles(game, seat.faction)) + (PASS,))
    if pick != PASS:
        _trace(game, seat, "command_warren")
        battle.battle(game, seat.faction, pick[1], pick[0])


def tax_collector(game: Game, seat: Seat) -> None:
    """Tax Collector: you may remove one of your warriors (``"tax_collector"``: its clearing) to draw a
    card."""
    where = [c for c in range(1, len(game.clearings)) if game.clearings[c].warriors.get(seat.faction, 0)]
    c = choose(game, "tax_collector", tuple(where) + (PASS,))
    if c != PASS:
        state.remove_warriors(game, seat.faction, c, 1)
        battle.warriors_removed(game, seat.faction, c, 1, seat.faction)
        seat.hand.extend(state.draw(game, 1))
        _trace(game, seat, "tax_collector", clearing=c)


def evening_effects(game: Game, seat: Seat) -> None:
    """The start of ``seat``'s Evening: Cobbler."""
    if not seat.persistent:
        return
    if held(game, seat, "cobbler") is not None:
        cobbler(game, seat)
    if game.options.get("deck_choice") == "exiles_and_partisans":
        exiles.evening(game, seat)


def cobbler(game: Game, seat: Seat) -> None:
    """Cobbler: you may take one move of warriors (``"cobbler"``: ``(origin, destination, warriors)``,
    LoR-4.2). A Vagabond's pawn moves by his own module's rules (boots, LoR-9.2.9.IIIb)."""
    options = [(o, d, k) for o, d, n in movement.moves(game, seat.faction) for k in range(n, 0, -1)]
    pick = choose(game, "cobbler", tuple(options) + (PASS,))
    if pick != PASS:
        _trace(game, seat, "cobbler")
        movement.move(game, seat.faction, *pick)


def evening_draw(game: Game, seat: Seat, n: int) -> None:
    """``seat``'s Evening draw of ``n`` cards (LoR-6.6, LoR-7.6.2, LoR-8.6.2, LoR-9.6.2); Informants may
    replace it (LoR-A.2, :func:`automa.root.exiles.evening_draw`)."""
    if seat.persistent and game.options.get("deck_choice") == "exiles_and_partisans":
        exiles.evening_draw(game, seat, n)
    else:
        seat.hand.extend(state.draw(game, n))
