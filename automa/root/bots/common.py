"""The rules every Clockwork bot shares (CW-GEN, the Law of Rootbotics' general part). Bots follow the Law
of Root's shared rules unchanged except where these say otherwise (CW-GEN-1): movement, battle, rule and
scoring are the Law's own modules.

A bot's module calls these for the steps its board prints the same way as every other bot's:

* the order card (CW-GEN-13, CW-GEN-14): :func:`reveal_order` at the start of the turn, :func:`craft_order`
  (CW-GEN-3/4/5), :func:`discard_order` at the step the board names; :func:`ordered` and
  :func:`ordered_clearings` for "ordered" (RT-OPEN-2);
* choosing: :func:`ranked` and :func:`pick` for clearings (CW-GEN-8, with the fall-through of CW-GEN-10),
  :func:`ranked_players` and :func:`pick_player` for players (CW-GEN-9), :func:`priority_order` for
  repeated actions (CW-GEN-11); :func:`enemies`, :func:`pieces`, :func:`enemy_pieces` and
  :func:`enemy_warriors` for the counts the criteria name (CW-GEN-22, CW-GEN-29);
* :func:`take_hits`, a bot's way of taking hits (CW-GEN-6), for the board's hits hook;
* :func:`nightmare_bonus` (CW-GEN-24), :func:`bot_settings` (CW-GEN-19, the seat's ``difficulty`` and
  ``traits``); a bot's missing hand (CW-GEN-15) is :func:`automa.root.state.take_card`'s business;
* :func:`bot_rng` and :func:`random_pick`: a bot's random draws (RT-OPEN-3).

A clearing's id is its priority number (CW-GEN-17, data.py): 1 is the highest priority, 12 the lowest.
A faction's setup letter is its place in ``state.FACTIONS`` (A Marquise .. D Vagabond).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from automa.root import landmarks, state
from automa.root.options import PREFIX
from automa.root.state import FACTIONS, Game, Seat, Victory


# ---------------------------------------------------------------------------------------------- settings

def bot_settings(options: dict, bot: str) -> tuple[str, tuple[str, ...]]:
    """The difficulty and traits of ``bot`` (CW-GEN-19) from the options: ``<p>_difficulty`` (``same``: the
    table's ``difficulty``) and ``<p>_traits`` (comma-separated), ``<p>`` the bot's prefix (mm, ee, aa, vb).
    Setup stores them on the seat (``Seat.difficulty``, ``Seat.traits``)."""
    p = PREFIX[bot]
    level = options.get(f"{p}_difficulty", "same")
    if level == "same":
        level = options.get("difficulty", "default")
    traits = options.get(f"{p}_traits", "")
    if isinstance(traits, str):
        traits = traits.split(",")
    return level, tuple(t for t in traits if t)


def bot_rng(game: Game, seat: Seat):
    """The stream of ``seat``'s random draws (RT-OPEN-3): the game's ``automa`` stream (default
    ``seeded_uniform``), or the bot's own (``separate_streams``: ``automa:<bot>``, made by setup)."""
    if game.options.get("bot_random", "seeded_uniform") == "separate_streams":
        return game.rng[f"automa:{seat.bot}"]
    return game.rng["automa"]


def random_pick(game: Game, seat: Seat, choices: list | tuple):
    """One of ``choices`` (listed by the caller in a stable order) uniformly at random from the bot's
    stream (RT-OPEN-3); a single choice draws nothing."""
    if len(choices) == 1:
        return choices[0]
    return choices[bot_rng(game, seat).randrange(len(choices))]


# ---------------------------------------------------------------------------------------------- the order card

def reveal_order(game: Game, seat: Seat) -> int | None:
    """Draw and reveal the top card of the shared deck: the bot's order card (CW-GEN-13; reshuffling as
    LoR-2.1). With deck and discard both empty there is none (RT-OPEN-35, ``empty_deck``): ``skip_draw``
    returns ``None`` (the bot skips its order-driven steps), ``bot_wins`` makes this bot the winner,
    ``end_game_no_winner`` ends the game with the winner ``"none"``. A new order forgets the cards earlier
    orders left in the discard when crafted (``game.spent_orders``)."""
    game.spent_orders.clear()
    got = state.draw(game, 1)
    if not got:
        how = game.options.get("empty_deck", "skip_draw")
        if how == "bot_wins":
            raise Victory(seat.faction, "empty_deck")
        if how == "end_game_no_winner":
            raise Victory("none", "empty_deck")
        return None
    card = got[0]
    if game.trace:
        game.trace.event("order", rule="CW-GEN-13", faction=seat.faction, card=game.cards[card].key,
                         suit=game.cards[card].suit)
    return card


def craftable(game: Game, card: int, faction: str) -> bool:
    """Whether the bot of ``faction`` may craft ``card``: an item card (never a persistent or other effect,
    CW-GEN-5) whose item is still in the map's supply (CW-GEN-3), or on the Legendary Forge's card with a
    piece of its faction there (LoR-F: our reading for a bot); no crafting pieces are needed."""
    c = game.cards[card]
    return c.kind == "item" and c.item is not None and (game.items.get(c.item, 0) > 0 or (
        game.legendary_forge is not None and landmarks.at_forge(game, faction, c.item)))


def craft_order(game: Game, seat: Seat, card: int | None, into: list | None = None) -> str | None:
    """Craft the order card if :func:`craftable` (CW-GEN-3, CW-GEN-5): the item leaves the supply (or the
    Legendary Forge's card: 1 VP more, :func:`automa.root.landmarks.forged`) and the bot scores exactly 1 VP
    (CW-GEN-4). The item goes to the seat's Crafted Items box (``seat.crafted``) or to ``into`` (the
    Vagabot's Satchel), or back to the box with ``bot_crafted_item_location=box`` (RT-OPEN-31, CW-GEN-28).
    The card stays the order (CW-GEN-14, RT-OPEN-42 ``stays``), or goes to the discard pile at once with
    ``crafted_order_card=discard_at_once``. Returns the item, or ``None``."""
    if card is None or not craftable(game, card, seat.faction):
        return None
    item = game.cards[card].item
    forge = game.legendary_forge is not None and game.items.get(item, 0) <= 0    # off the Forge (LoR-F)
    (game.forge_items if forge else game.items)[item] -= 1
    if game.options.get("bot_crafted_item_location", "crafted_items") == "crafted_items":
        (seat.crafted if into is None else into).append(item)
    if game.options.get("crafted_order_card", "stays") == "discard_at_once":
        state.discard(game, card)
        game.spent_orders.append(card)
    if game.trace:
        game.trace.event("craft", rule="CW-GEN-4", faction=seat.faction, card=game.cards[card].key, item=item)
    state.score(game, seat.faction, 1, "crafting")
    if forge:
        landmarks.forged(game, seat, item)       # 1 VP more, no card (LoR-F, CW-GEN-15: our reading)
    if game.options.get("deck_choice") == "exiles_and_partisans":
        from automa.root import exiles
        exiles.item_crafted(game, seat)          # the player's Murine Broker (LoR-A.2)
    return item


def discard_order(game: Game, card: int | None) -> None:
    """Discard the order card at the step the board names (CW-GEN-14: MM, AA and the Vagabot at the end of
    Evening; EE files it in its Decree instead). A card already discarded when crafted (RT-OPEN-42
    ``discard_at_once``, noted in ``game.spent_orders``) stays where it is, even once a reshuffle has dealt it
    on to a hand or a board."""
    if card in game.spent_orders:
        game.spent_orders.remove(card)
    elif card is not None:
        state.discard(game, card)


def ordered(game: Game, suit: str, c: int) -> bool:
    """Whether clearing ``c`` is ordered by an order card of ``suit`` (CW-GEN-13): its suit matches; a bird
    order matches every clearing (RT-OPEN-2 ``all_clearings``) or none (``no_clearing``). A board with a
    bird procedure of its own does not ask. The Lost City is of every suit (LoR-F, ``state.suited``)."""
    if suit == "bird":
        return game.options.get("bird_order_scope", "all_clearings") == "all_clearings"
    return state.suited(game, c, suit)


def ordered_clearings(game: Game, suit: str) -> list[int]:
    """The clearings ordered by ``suit`` (CW-GEN-13, RT-OPEN-2), in priority order (CW-GEN-8)."""
    return [c for c in range(1, len(game.clearings)) if ordered(game, suit, c)]


# ---------------------------------------------------------------------------------------------- choosing

def rank(game: Game, c: int) -> int:
    """Clearing ``c``'s place in priority, the smaller first (CW-GEN-8): its number, or 0 for the Pass, which
    meets every "highest priority" test (CW2-MAP)."""
    return 0 if c == game.tower else c


def priority_order(game: Game, clearings: Iterable[int], lowest: bool = False) -> list[int]:
    """``clearings`` from the highest priority (1) to the lowest (CW-GEN-8, CW-GEN-11: repeated actions
    resolve in this order; for moves, by the origin), or from the lowest with ``lowest``. On the Mountain
    the Pass comes first either way: it meets every "highest" and "lowest priority" test (CW2-MAP)."""
    out = sorted(clearings, reverse=lowest)
    if game.tower is not None and game.tower in out:
        out.remove(game.tower)
        out.insert(0, game.tower)
    return out


def ranked(game: Game, clearings: Iterable[int], key: Callable[[int], tuple] | None = None,
           lowest: bool = False) -> list[int]:
    """``clearings`` ranked as a bot picks them (CW-GEN-8): by ``key`` (a tuple of the action's criteria in
    their listed order, each larger-is-better: negate one to prefer fewer), then by priority, highest first
    (``lowest``: lowest first, where a board says so). Walking the list is CW-GEN-10's fall-through."""
    out = priority_order(game, clearings, lowest)
    if key is not None:
        out.sort(key=key, reverse=True)        # stable: ties keep the priority order
    return out


def pick(game: Game, clearings: Iterable[int], key: Callable[[int], tuple] | None = None,
         legal: Callable[[int], bool] | None = None, lowest: bool = False) -> int | None:
    """The clearing a bot picks (CW-GEN-8): the first of :func:`ranked` that is ``legal`` (CW-GEN-10: the
    others tied with it, then the next rank; "such a clearing" is one that meets every condition,
    CW-GEN-12); ``None`` when none is, and the action is skipped."""
    for c in ranked(game, clearings, key, lowest):
        if legal is None or legal(c):
            return c
    return None


def ranked_players(factions: Iterable[str], key: Callable[[str], tuple] | None = None) -> list[str]:
    """``factions`` ranked as a bot picks players (CW-GEN-9): by ``key`` (the action's criteria, larger
    first), then by setup priority, the earliest setup letter (A Marquise .. D Vagabond) first."""
    out = sorted(factions, key=FACTIONS.index)
    if key is not None:
        out.sort(key=key, reverse=True)
    return out


def pick_player(factions: Iterable[str], key: Callable[[str], tuple] | None = None,
                legal: Callable[[str], bool] | None = None) -> str | None:
    """The player a bot picks (CW-GEN-9), falling through to the next when illegal (CW-GEN-10, CW-GEN-29)."""
    for f in ranked_players(factions, key):
        if legal is None or legal(f):
            return f
    return None


def enemies(game: Game, seat: Seat) -> list[str]:
    """The factions ``seat`` counts as enemies, in setup-letter order: every other faction at the table
    (CW-GEN-29); in the co-op variant (``victory=coop``) a bot does not count other bots (CW-GEN-22). Never a
    hireling: no bot text ranks one as a target (RT-OWN-27)."""
    coop = seat.bot is not None and game.options.get("victory", "competitive") == "coop"
    return [s.faction for s in sorted(game.seats, key=lambda s: FACTIONS.index(s.faction))
            if s.faction != seat.faction and not (coop and s.bot is not None)]


def pieces(game: Game, c: int, faction: str) -> int:
    """``faction``'s pieces in clearing ``c``: warriors, buildings, tokens, and the Vagabond's pawn."""
    cl = game.clearings[c]
    n = cl.warriors.get(faction, 0) + sum(1 for f, _ in cl.buildings if f == faction)
    n += sum(1 for f, _ in cl.tokens if f == faction)
    if faction == "vagabond" and game.pawn == ("clearing", c):
        n += 1
    return n


def target(game: Game, c: int, faction: str) -> bool:
    """Whether a bot may battle or remove ``faction``'s pieces in ``c``: it has some there and the Stoic
    Protector does not shield them (``state.shielded``, LoR-E)."""
    return pieces(game, c, faction) > 0 and not state.shielded(game, faction, c)


def targets(game: Game, seat: Seat, c: int) -> int:
    """Enemy pieces in ``c`` that ``seat`` may battle (:func:`target`)."""
    return sum(pieces(game, c, f) for f in enemies(game, seat) if target(game, c, f))


def enemy_pieces(game: Game, seat: Seat, c: int) -> int:
    """Enemy pieces in clearing ``c`` (CW-GEN-22, CW-GEN-29)."""
    return sum(pieces(game, c, f) for f in enemies(game, seat))


def enemy_warriors(game: Game, seat: Seat, c: int) -> int:
    """Enemy warriors in clearing ``c`` (CW-GEN-22, CW-GEN-29)."""
    w = game.clearings[c].warriors
    return sum(w.get(f, 0) for f in enemies(game, seat))


# ---------------------------------------------------------------------------------------------- battle

def take_hits(game: Game, seat: Seat, c: int, hits: int, by: str | None) -> int:
    """A bot takes ``hits`` in clearing ``c`` (CW-GEN-6, LoR-4.3.4): its warriors first; then all its tokens
    (the keep, sympathy) before any building; among buildings of several types the type is drawn at random
    from the bot's stream (RT-OPEN-3), identical pieces being interchangeable (RT-OPEN-4). Each building or
    token removed scores ``by`` 1 VP (LoR-3.2.1). Returns the pieces removed."""
    removed = state.remove_warriors(game, seat.faction, c, hits)
    cl = game.clearings[c]
    while removed < hits:
        tokens = sorted(t for t in cl.tokens if t[0] == seat.faction)
        if tokens:
            state.remove_piece(game, c, tokens[0], by, building=False)
        else:
            kinds = sorted({k for f, k in cl.buildings if f == seat.faction})
            if not kinds:
                break
            state.remove_piece(game, c, (seat.faction, random_pick(game, seat, kinds)), by, building=True)
        removed += 1
    return removed


# ---------------------------------------------------------------------------------------------- score

def nightmare_bonus(game: Game, seat: Seat) -> None:
    """At the end of its Evening a nightmare bot scores 1 VP (CW-GEN-24), as ``bonus``."""
    if seat.difficulty == "nightmare":
        if game.trace:
            game.trace.event("bonus", rule="CW-GEN-24", faction=seat.faction)
        state.score(game, seat.faction, 1, "bonus")
