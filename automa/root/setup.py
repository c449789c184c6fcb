"""Setup with bots (LoR-5.1 as the Law of Rootbotics changes it, CW-GEN-17..21, RT-STUDY-2).

:func:`setup` builds the table: the seats from the options (the player's faction, the bots with their
difficulty and traits), the seating and first player, the deck without its dominance cards and the
players' hands, the ruins' items and the map's item supply, then each faction's own setup in setup-letter
order. The faction and bot modules are found by name (:data:`MODULES`, :func:`module`), so the frame
imports none of them until a game seats them.

Every module has the same face: ``PIECES`` (its supply at setup), ``setup(game, seat)`` (its starting
pieces and ``seat.board``) and ``turn(game, seat)`` (one whole turn).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

from automa.core.seeding import Stream
from automa.root import decide, hirelings, landmarks, state, variant_maps
from automa.root.decide import choose
from automa.root.bots.common import bot_settings
from automa.root.data import RootData
from automa.root.options import BOTS, seated_bots
from automa.root.state import FACTIONS, Game, Seat

# a faction (played by the scripted player) or a bot -> the module that plays it
MODULES = {
    "marquise": "automa.root.marquise", "eyrie": "automa.root.eyrie", "alliance": "automa.root.alliance",
    "vagabond": "automa.root.vagabond",
    "mechanical_marquise": "automa.root.bots.mechanical_marquise", "electric_eyrie": "automa.root.bots.electric_eyrie",
    "automated_alliance": "automa.root.bots.automated_alliance", "vagabot": "automa.root.bots.vagabot",
}
HAND = 3            # LoR-5.1.3, CW-GEN-20
ADVANCED_DRAW = 5   # LoR-A.7 (the seed's 16.1.7): draw five, keep three (LoR-A.10, 16.1.10)


def module(name: str) -> ModuleType:
    """The module that plays ``name`` (a faction for the player, or a bot), imported on first use."""
    return importlib.import_module(MODULES[name])


def player_of(seat: Seat) -> str:
    """The key of ``seat``'s module in :data:`MODULES`: its bot, or its faction for the scripted player."""
    return seat.bot or seat.faction


def seating(options: dict) -> list[tuple[str, str | None]]:
    """The factions at the table as ``(faction, bot)``, in setup-letter order (CW-GEN-2, CW-GEN-18): the
    player's faction (``faction``, unless ``none``) with bot ``None``, and each bot of ``bots``."""
    by_faction = {BOTS[b]: b for b in seated_bots(options)}
    out = []
    for f in FACTIONS:
        if f == options["faction"]:
            out.append((f, None))
        elif f in by_faction:
            out.append((f, by_faction[f]))
    return out


def _turn_order(seats: list[Seat], options: dict, rng) -> list[Seat]:
    """Seating and first player (LoR-5.1.1): at random from the setup stream (``seating=random``), or in
    setup-letter order with the player moved to place ``seat`` (``fixed``, 1 plays first)."""
    if options.get("seating", "random") == "random":
        order = list(seats)
        rng.shuffle(order)
        return order
    player = [s for s in seats if s.bot is None]
    order = [s for s in seats if s.bot is not None]
    if player:
        order.insert(min(options.get("seat", 1), len(seats)) - 1, player[0])
    return order


def deal(game: Game, humans: int) -> None:
    """The shared deck (LoR-5.1.3 as CW-GEN-20 changes it): the dominance cards leave the game with one or two
    humans, and in a bots-only game too unless ``dominance_without_humans=keep`` (RT-OPEN-34); the deck is
    shuffled with the deck stream; each human draws three cards, bots none. The advanced setup
    (``setup=advanced``) deals five instead (LoR-A.7) and each human keeps three (:func:`keep_three`)."""
    keep = humans == 0 and game.options.get("dominance_without_humans", "remove") == "keep"
    game.deck = [c.id for c in game.cards if keep or c.kind != "dominance"]
    game.rng["deck"].shuffle(game.deck)
    advanced = game.options.get("setup", "standard") == "advanced"
    for seat in game.seats:
        if seat.bot is None:
            seat.hand.extend(state.draw(game, ADVANCED_DRAW if advanced else HAND))


def keep_three(game: Game) -> None:
    """LoR-A.10 (16.1.10): each human keeps three of the five cards dealt (``setup_return``: a card to put
    back, asked until three are left), the cards put back go into the deck, and the deck is shuffled with
    the deck stream. Bots hold no hand (CW-GEN-15, CW-GEN-20)."""
    returned = 0
    for seat in game.seats:
        while seat.bot is None and len(seat.hand) > HAND:
            card = choose(game, "setup_return", decide.one_per_name(game, sorted(seat.hand)))
            seat.hand.remove(card)
            game.deck.append(card)
            returned += 1
    game.rng["deck"].shuffle(game.deck)
    if game.trace:
        game.trace.event("setup", rule="LoR-A.10", returned=returned)


def place_items(game: Game, d: RootData) -> None:
    """The ruins' items, shuffled face down with the setup stream, one under each ruin in clearing order
    (LoR-9.3.4, CW-VB-SETUP-4: the frame places them for every table, hidden, RT-STUDY-9); and the map's
    item supply (LoR-5.1.5, RT-OPEN-1)."""
    items = sorted(d.components.ruin_items)
    game.rng["setup"].shuffle(items)
    ruins = [c for c in range(1, len(game.clearings)) if game.clearings[c].ruin]
    game.ruin_items = {c: [items[i]] for i, c in enumerate(ruins)}
    for item in d.components.item_supply:
        game.items[item] = game.items.get(item, 0) + 1


def bot_streams(options: dict, rng: dict) -> dict:
    """The game's streams by name (root-contract: ``setup``, ``automa``, ``deck``, ``dice``); with
    ``bot_random=separate_streams`` one more per bot, ``automa:<bot>``, each seeded from the automa stream
    in the order of the four bots whoever sits, so one bot's draws never move another's (RT-OPEN-3)."""
    rng = dict(rng)
    if options.get("bot_random", "seeded_uniform") == "separate_streams":
        for bot in BOTS:
            rng[f"automa:{bot}"] = Stream.seeded(rng["automa"].getrandbits(64))
    return rng


def setup(d: RootData, options: dict, rng: dict, modules: Callable[[str], ModuleType] = module,
          trace=None, ask=None) -> Game:
    """A game ready for its first turn (LoR-5.1, CW-GEN-17..21), drawing from the streams ``rng`` by name
    (:func:`bot_streams`). ``modules`` finds the module of a faction
    or bot by its :data:`MODULES` key (a test passes fakes). The map's clearing ids are its priority
    markers (CW-GEN-17); scores start at 0 (LoR-5.1.2). The factions set up in setup-letter order A..D,
    each bot by its own board (LoR-5.1.7, CW-GEN-21). ``trace`` and ``ask`` (the player's choices,
    :mod:`automa.root.decide`) are the game's from the start: a faction's setup may ask."""
    seats = []
    for faction, bot in seating(options):
        seat = Seat(faction, bot, dict(modules(bot or faction).PIECES))
        if bot is not None:
            seat.difficulty, seat.traits = bot_settings(options, bot)          # CW-GEN-19
        seats.append(seat)
    deck = d.exiles_deck if options.get("deck_choice", "standard") == "exiles_and_partisans" else d.deck    # LoR-A.2
    game = state.new_game(d.maps[options.get("map", "fall")], deck, _turn_order(seats, options, rng["setup"]),
                          options, bot_streams(options, rng))
    game.trace, game.ask = trace, ask
    if trace:
        trace.event("seating", rule="LoR-5.1.1", seats=",".join(player_of(s) for s in game.seats))
    variant_maps.lay_suit_markers(game, d.components.suit_markers)          # LoR-A.1, RT-OPEN-56
    deal(game, sum(s.bot is None for s in seats))
    place_items(game, d)
    if options.get("landmarks"):
        landmarks.setup(game)                                                # LoR-A.5, the seed's 16.1.5
    for seat in seats:                                                       # letter order (LoR-5.1.7)
        modules(player_of(seat)).setup(game, seat)
    if options.get("hirelings"):
        hirelings.setup(game)                                                # LoR-A.6 (16.1.6), RT-OWN-21
    if options.get("setup", "standard") == "advanced":
        keep_three(game)                                                     # LoR-A.10, after A.8
    return game
