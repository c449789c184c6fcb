"""The game in progress: the map's pieces, the seats, the deck, the item supply and the score.

Plain data only. Clearing ``c`` (1..12, its Clockwork priority number, CW-GEN-8) is ``game.clearings[c]``;
``game.clearings[0]`` is ``None`` so that ids index the list directly. A faction is named by its base-game
name (``FACTIONS``, in setup-letter order A..D, LoR-5.1.7, CW-GEN-9); a human and a bot of the same
faction own the same pieces (LoR-1.5.2). Each seat keeps the pieces in its supply, the pieces out of the
game (a removed keep, LoR-6.2.2), its score and the VP of each scoring source (RT-STUDY-5), and a
``board``: the faction's own state, defined by the module of that faction or bot (a human faction's
Decree, a bot's tracks). A board has ``copy()``, and may have ``removed(game, seat, clearing, kind, by)``,
called after one of its buildings or tokens is removed.

The operations here are the ones every rule area shares: placing and removing pieces (with the removal
VP, LoR-3.2.1), rule (LoR-2.5), scoring and the 30-VP win (LoR-3.1, RT-OPEN-32), and drawing and
discarding (LoR-2.1, LoR-3.3.3, RT-OPEN-35).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from automa.root.data import SUITS, Card, GameMap

FACTIONS = ("marquise", "eyrie", "alliance", "vagabond")   # setup letters A, B, C, D (LoR-5.1.7, CW-GEN-9)
WIN = 30                                                   # LoR-3.1
HIRED = "hireling"         # ``Seat.bot`` of a hireling's pieces (Game.hired): not a player (LoR-E.3)
WILD = "any"               # the Lost City's suit: fox, mouse and rabbit at once (LoR-F; a crafting cost's "any")


class Victory(Exception):
    """Raised the moment a seat reaches 30 VP (LoR-3.1) or wins by dominance (LoR-3.3.1); the turn loop
    catches it and ends the game, and nothing after it in the step is played.

    Simultaneous 30s (LoR-3.1: the player taking the turn wins): the engine scores one seat at a time, in
    the order its rules resolve, and the first seat to reach 30 wins. Where one step scores two seats, the
    active seat's points come first: a battle deals the attacker's hits (the active player's removals)
    before the defender's (battle.py, LoR-4.3.4), and the Vagabot's Aid scores the Vagabot before the
    player it aids (CW-VB-DAY-5). So a step that would bring the active seat and another to 30 together
    ends with the active seat's win, as LoR-3.1 asks. Brutal Tactics' point for the defender comes in
    step 3 of the battle (LoR-4.3.3), before any hit, so it is not simultaneous with the hits' VP."""

    def __init__(self, faction: str, how: str):
        super().__init__(f"{faction} wins ({how})")
        self.faction = faction
        self.how = how


@dataclass(slots=True)
class ClearingState:
    """The pieces in one clearing (LoR-2.2): warriors by faction, buildings and tokens as
    ``(faction, kind)``, and whether its ruin is still there (LoR-2.2.4). ``suit`` is fixed at setup."""

    suit: str
    slots: int
    warriors: dict[str, int] = field(default_factory=dict)
    buildings: list[tuple[str, str]] = field(default_factory=list)
    tokens: list[tuple[str, str]] = field(default_factory=list)
    ruin: bool = False

    def copy(self) -> ClearingState:
        return ClearingState(self.suit, self.slots, dict(self.warriors), list(self.buildings), list(self.tokens),
                             self.ruin)

    @property
    def open_slots(self) -> int:
        """Slots with neither a building nor a ruin (LoR-2.2.3, LoR-2.2.4)."""
        return self.slots - len(self.buildings) - self.ruin


@dataclass(slots=True)
class Seat:
    """One faction at the table. ``bot`` is the bot's name, or ``None`` for the scripted player's seat; a bot
    has its ``difficulty`` and ``traits`` (CW-GEN-19)."""

    faction: str
    bot: str | None
    supply: dict[str, int]                     # pieces not on the map: "warrior", "sawmill", "roost", "wood", ...
    board: Any = None                          # the faction's or bot's own state (its module's class)
    vp: int = 0
    sources: dict[str, int] = field(default_factory=dict)   # VP by scoring source (RT-STUDY-5)
    hand: list[int] = field(default_factory=list)           # card ids; bots have none (CW-GEN-15)
    crafted: list[str] = field(default_factory=list)        # items crafted, kept by the seat (CW-GEN-28)
    persistent: list[int] = field(default_factory=list)     # persistent effects in the play area (LoR-4.1.3)
    out: dict[str, int] = field(default_factory=dict)       # pieces out of the game (a removed keep, LoR-6.2.2)
    dominance: int | None = None                             # the activated dominance card (LoR-3.3.1)
    difficulty: str = "default"                              # a bot's difficulty (CW-GEN-19)
    traits: tuple[str, ...] = ()                             # a bot's trait cards (CW-GEN-19)

    def copy(self) -> Seat:
        return Seat(self.faction, self.bot, dict(self.supply), self.board.copy() if self.board is not None else None,
                    self.vp, dict(self.sources), list(self.hand), list(self.crafted), list(self.persistent),
                    dict(self.out), self.dominance, self.difficulty, self.traits)


@dataclass(slots=True)
class Hireling:
    """A hireling card in play (LoR-E, the seed's 16.4): ``demoted`` its side (LoR-A.6.2), ``controller`` the
    faction that controls it (``None``: in the supply), the ``control`` markers on it (LoR-E.1.2) and the
    ``gained`` turn its controller took it (LoR-E.1.3), the cards ``revealed`` on it this turn (the Mole
    Artisans, hirelings/expedition.py). The rules are :mod:`automa.root.hirelings`'."""

    name: str
    demoted: bool
    controller: str | None = None
    control: int = 0
    gained: int = 0
    revealed: list[int] = field(default_factory=list)

    def copy(self) -> Hireling:
        return Hireling(self.name, self.demoted, self.controller, self.control, self.gained, list(self.revealed))


@dataclass(slots=True)
class Game:
    """Everything that changes in one game of Root.

    ``seats`` are in turn order, ``seats[0]`` the first player (LoR-5.1.1). ``deck`` draws from its end;
    ``dominance`` holds the dominance cards available beside the map (LoR-3.3.3). ``items`` is the map's
    item supply (LoR-5.1.5, RT-OPEN-1) and ``ruin_items`` what lies hidden under each ruin (LoR-9.3.4).
    ``pawn`` is the Vagabond's pawn: ``("clearing", c)`` or ``("forest", i)`` (an index into
    ``map.forests``), or ``None`` without a Vagabond. ``rng`` holds the game's streams by name
    (``"setup"``, ``"automa"``, ``"deck"``, ``"dice"``); ``options`` the resolved options. ``ask`` puts a
    choice to the scripted player (:func:`automa.root.decide.choose`); a copy has none: whoever plays the
    copy sets it.
    """

    map: GameMap
    cards: tuple[Card, ...]
    clearings: list[ClearingState | None]
    seats: list[Seat]
    options: dict
    rng: dict
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    dominance: list[int] = field(default_factory=list)
    items: dict[str, int] = field(default_factory=dict)
    ruin_items: dict[int, list[str]] = field(default_factory=dict)
    pawn: tuple[str, int] | None = None
    round: int = 0
    turn: int = 0
    active: int = 0
    guards: list[str] = field(default_factory=list)
    trace: Any = None
    ask: Any = None            # ask(game, kind, choices) -> choice: the player's strategy (automa.root.decide)
    spent_orders: list[int] = field(default_factory=list)   # order cards discarded when crafted (RT-OPEN-42)
    ferry: int | None = None        # the Ferry's clearing (Lake, LoR-C.2.1, LoR-C.2.5)
    tower: int | None = None        # the Pass, the Tower's clearing (Mountain, LoR-C.3.4)
    closed: tuple[tuple[int, int], ...] = ()    # closed paths still on the map (Mountain, LoR-C.3.2)
    paths: tuple[tuple[int, ...], ...] | None = None   # open paths by clearing once one is cleared (LoR-C.3.3)
    used: set[str] = field(default_factory=set)  # once-per-turn map actions taken this turn (LoR-C.2.5, C.3.3)
    elder_treetop: int | None = None            # the Elder Treetop landmark's clearing (LoR-F, landmarks.py)
    treetop_piece: tuple[str, str] | None = None   # the building in the Treetop's own slot, if any
    black_market: int | None = None             # the Black Market landmark's clearing, and its face-down cards
    market: list[int] = field(default_factory=list)
    legendary_forge: int | None = None          # the Legendary Forge landmark's clearing, and the items on its card
    forge_items: dict[str, int] = field(default_factory=dict)
    hirelings: dict[str, Hireling] = field(default_factory=dict)   # the hireling cards dealt (LoR-A.6.1)
    marks: list[int] = field(default_factory=list)   # score spaces still holding a hireling marker (LoR-A.6.4)
    taken: dict[str, int] = field(default_factory=dict)   # hireling markers waiting for the taker's turn end (LoR-E.1.1)
    protector: int | None = None                # the Protector's pawn (hirelings.py), off the map: None
    hired: dict[str, Seat] = field(default_factory=dict)   # a hireling's pieces and supply, by its name (LoR-E.3)
    stuck: set[tuple[str, int]] = field(default_factory=set)   # (faction, clearing) held by the Band this turn
    lost_city: int | None = None                # the Lost City landmark's clearing (LoR-F, :func:`suited`)
    bandits: list[tuple[int, int]] = field(default_factory=list)   # paths with a Highway Bandit, (a, b) a < b

    def seat(self, faction: str) -> Seat | None:
        """The seat of ``faction``, or ``None`` when it is not at the table; a hireling's pieces
        (:data:`HIRED`) by the hireling's name."""
        for s in self.seats:
            if s.faction == faction:
                return s
        return self.hired.get(faction) if self.hired else None

    def copy(self) -> Game:
        """A copy that shares no mutable part with this game (lookahead; the forward-model test checks it).
        The streams are the caller's to replace; the trace and ``ask`` are dropped."""
        return Game(self.map, self.cards, [None] + [c.copy() for c in self.clearings[1:]],
                    [s.copy() for s in self.seats], self.options, dict(self.rng), list(self.deck),
                    list(self.discard), list(self.dominance), dict(self.items),
                    {c: list(v) for c, v in self.ruin_items.items()}, self.pawn, self.round, self.turn,
                    self.active, list(self.guards), None, None, list(self.spent_orders), self.ferry, self.tower,
                    self.closed, self.paths, set(self.used), self.elder_treetop, self.treetop_piece,
                    self.black_market, list(self.market), self.legendary_forge, dict(self.forge_items),
                    {n: h.copy() for n, h in self.hirelings.items()}, list(self.marks), dict(self.taken),
                    self.protector, {n: s.copy() for n, s in self.hired.items()}, set(self.stuck), self.lost_city,
                    list(self.bandits))


def new_game(game_map: GameMap, cards: tuple[Card, ...], seats: list[Seat], options: dict, rng: dict) -> Game:
    """An empty table on ``game_map``: printed suits (a map with suit markers gets them at setup, LoR-A.1),
    the ruins on their R slots (LoR-5.1.4), the Ferry (LoR-C.2.1), the Tower and the closed paths
    (LoR-C.3.1), no pieces; the seats as given. Setup fills in the rest."""
    clearings: list[ClearingState | None] = [None]
    for cl in game_map.clearings:
        clearings.append(ClearingState(cl.suit or "", cl.slots, ruin=cl.ruin))
    at = {cl.landmark: cl.id for cl in game_map.clearings if cl.landmark}
    closed = tuple(sorted((cl.id, o) for cl in game_map.clearings for o in cl.closed if cl.id < o))
    return Game(game_map, cards, clearings, seats, options, rng, ferry=at.get("ferry"), tower=at.get("tower"),
                closed=closed)


# ---------------------------------------------------------------------------------------------- rule

def suited(game: Game, c: int, suit: str) -> bool:
    """Whether clearing ``c`` is of ``suit`` (LoR-2.2.2): its own suit, or any of the three in the Lost City,
    which counts as fox, mouse and rabbit at once (LoR-F, the seed's 16.5; its card). Never a bird."""
    return game.clearings[c].suit == suit or (c == game.lost_city and suit in SUITS)


def suit_of(game: Game, c: int) -> str:
    """Clearing ``c``'s suit as a card or a crafting piece matches it: its own, or :data:`WILD` in the Lost
    City (LoR-F), which every suit matches (:func:`matches`) and whose crafting pieces pay any suit
    (crafting.pay)."""
    return WILD if c == game.lost_city else game.clearings[c].suit


def matches(card_suit: str, suit: str) -> bool:
    """Whether a card of ``card_suit`` matches ``suit`` (a clearing's, :func:`suit_of`): the same suit, a
    bird (wild, LoR-2.1.1), or any card in the Lost City (:data:`WILD`, LoR-F)."""
    return card_suit == suit or card_suit == "bird" or suit == WILD


def presence(game: Game, c: int, faction: str) -> int:
    """Warriors plus buildings of ``faction`` in clearing ``c``: what rule counts (LoR-2.5)."""
    cl = game.clearings[c]
    return cl.warriors.get(faction, 0) + sum(1 for f, _ in cl.buildings if f == faction)


def ruler(game: Game, c: int) -> str | None:
    """Who rules clearing ``c`` (LoR-2.5): strictly the most warriors plus buildings; a tie rules for
    nobody, except that the Eyrie (human or bot) wins a tie it is in (Lords of the Forest, LoR-7.2.2,
    CW-EE-ABIL-1), and so does the Bluebird Nobles' controller, a bot too (LoR-E; the card stands for the
    Eyrie and never sits with it, LoR-A.6.5). Tokens and the Vagabond's pawn never count, except a Soup
    Kitchens holder's tokens (twice each, LoR-A.2). A hireling's pieces count for its controller, and in the
    supply for the hireling, which may rule (LoR-E.3.1): then its name is returned."""
    cl = game.clearings[c]
    counts: dict[str, int] = dict(cl.warriors)
    for f, _ in cl.buildings:
        counts[f] = counts.get(f, 0) + 1
    if cl.tokens and game.options.get("deck_choice") == "exiles_and_partisans":
        cook = holder(game, "soup_kitchens")         # Soup Kitchens (LoR-A.2): its holder's tokens count twice
        if cook is not None:
            n = sum(2 for f, _ in cl.tokens if f == cook.faction)
            if n:
                counts[cook.faction] = counts.get(cook.faction, 0) + n
    if game.hired and any(k in game.hired for k in counts):     # a hireling's pieces here (LoR-E.3.1)
        contenders = _hirelings_rule(game, counts)
    else:
        contenders = FACTIONS
    best, who = 0, []
    for f in contenders:
        n = counts.get(f, 0)
        if n > best:
            best, who = n, [f]
        elif n == best and n:
            who.append(f)
    if len(who) == 1:
        return who[0]
    if "eyrie" in who:
        return "eyrie"
    if "dynasty" in game.hirelings:                  # the Bluebird Nobles: their controller's ties too (LoR-E)
        h = game.hirelings["dynasty"]
        if h.demoted and h.controller in who:
            return h.controller
    return None


def _hirelings_rule(game: Game, counts: dict[str, int]) -> tuple[str, ...]:
    """LoR-E.3.1: fold each hireling's pieces in ``counts`` into its controller's; the names that may rule."""
    for name in game.hired:
        n = counts.pop(name, 0)
        owner = game.hirelings[name].controller
        if n:
            counts[owner or name] = counts.get(owner or name, 0) + n
    return FACTIONS + tuple(game.hired)


def rules(game: Game, faction: str, c: int) -> bool:
    """Whether ``faction`` rules clearing ``c`` (LoR-2.5)."""
    return ruler(game, c) == faction


# ---------------------------------------------------------------------------------------------- pieces

def may_place(game: Game, faction: str, c: int) -> bool:
    """Whether ``faction`` may place pieces in ``c``: nobody but the Marquise (human or bot) places pieces
    in the keep's clearing (LoR-6.2.2, CW-MM-ABIL-1); moving in stays allowed. Nobody places any in the
    Scoundrel's Scorched Earth (:func:`scorched`), nor an enemy of the Furious Protector in its clearing
    (:func:`guarded`); a hireling places as its controller would, in the supply as nobody's (LoR-E.3.2,
    RT-OWN-37). The
    place functions below obey it, and every rule that offers a place asks it."""
    if game.hirelings and faction in game.hirelings:      # a hireling places as its controller's (LoR-E.3.2)
        faction = game.hirelings[faction].controller or faction
    return ((faction == "marquise" or ("marquise", "keep") not in game.clearings[c].tokens)
            and c != scorched(game) and not (c == game.protector and guarded(game, faction)))


def guarded(game: Game, faction: str) -> bool:
    """Whether the Furious Protector bars ``faction`` from placing pieces in its clearing: it is promoted and
    ``faction`` is not its controller (an enemy, LoR-E.3.2; its card, research notes §2.10)."""
    h = game.hirelings.get("protector")
    return h is not None and not h.demoted and h.controller != faction


def shielded(game: Game, faction: str, c: int) -> bool:
    """Whether ``faction``'s pieces in ``c`` are out of its enemies' reach: the Stoic Protector (demoted)
    stands there and ``faction`` controls it (LoR-E.2.2; its card: no battle against them, no removal)."""
    if c != game.protector:
        return False
    h = game.hirelings["protector"]
    return h.demoted and h.controller == faction


def sentries(game: Game, faction: str, c: int) -> bool:
    """Whether ``faction`` deals the Raven Sentries' extra hit in a battle in ``c``: it controls the Corvid
    Spies' demoted side and has a building or token there (LoR-E.2.2; its card, research notes §2.9)."""
    h = game.hirelings.get("spies")
    cl = game.clearings[c]
    return (h is not None and h.demoted and h.controller == faction
            and any(f == faction for f, _ in cl.buildings + cl.tokens))


def battle_fee(game: Game, attacker: str, defender: str, c: int) -> list[int] | None:
    """What battling ``defender`` in ``c`` costs ``attacker``: ``None`` nothing, else the cards of his hand
    that may pay it (none: he may not battle it). Battling the Spring Uprising (promoted) costs a card
    matching the clearing (a bird, LoR-2.1.1; any in the Lost City), discarded first (its card, research
    notes §2.3); a seat with no hand (a bot, CW-GEN-15; a hireling, the card's FAQ) never has one."""
    if defender != "uprising" or game.hirelings[defender].demoted:
        return None
    seat = game.seat(attacker)
    if seat.bot is not None:
        return []
    suit = suit_of(game, c)
    return [k for k in seat.hand if matches(game.cards[k].suit, suit)]


def scouts(game: Game, faction: str) -> bool:
    """Whether ``faction`` controls the Rabbit Scouts (the Spring Uprising demoted) and holds a hand to pay
    them with: defending, he may spend a card matching the clearing to swap the rolls (its card; a bot has
    no hand, CW-GEN-15)."""
    h = game.hirelings.get("uprising")
    return h is not None and h.demoted and h.controller == faction and game.seat(faction).bot is None


def bodyguarded(game: Game, faction: str) -> bool:
    """Whether ``faction`` ignores the first hit it takes in a battle: it controls the Vault Keepers' demoted
    side, the Badger Bodyguards (LoR-E.2.2; its card, research notes §2.12; RT-OWN-31), a bot as a player."""
    h = game.hirelings.get("keepers")
    return h is not None and h.demoted and h.controller == faction


def rivers(game: Game, c: int) -> tuple[int, ...]:
    """The clearings one river from ``c`` for the Riverfolk Flotilla and the Otter Divers (their card): on the
    Lake every other coastal clearing (the lake's links, LoR-C.2.2), or none with ``flotilla_lake=none``
    (RT-OWN-51)."""
    if game.map.name == "lake" and game.options.get("flotilla_lake", "coast") == "none":
        return ()
    return game.map.clearings[c - 1].rivers


def riverside(game: Game, c: int) -> bool:
    """Whether ``c`` is a river clearing for the Flotilla and the Otter Divers (:func:`rivers`)."""
    return bool(rivers(game, c))


def divers(game: Game, faction: str, origin: int, destination: int) -> bool:
    """Whether ``faction`` moves from ``origin`` to ``destination`` regardless of rule: it controls the Otter
    Divers (the Riverfolk Flotilla demoted) and either clearing is on a river (:func:`riverside`; LoR-E.2.2,
    its card; RT-OWN-54). Its hirelings' moves are not its own (LoR-E.3.5)."""
    h = game.hirelings.get("flotilla")
    return (h is not None and h.demoted and h.controller == faction
            and (riverside(game, origin) or riverside(game, destination)))


def scorched(game: Game) -> int | None:
    """The clearing of the Scoundrel's torch (Scorched Earth, LoR-D.6): no piece is placed or moved into
    it. ``None`` without one."""
    for s in game.seats:
        if s.faction == "vagabond":
            return getattr(s.board, "scorched", None)
    return None


def place_warriors(game: Game, faction: str, c: int, n: int) -> int:
    """Place up to ``n`` warriors of ``faction`` from its supply in ``c``; as many as the supply holds
    (LoR-1.5.1, LoR-1.5.4), none where it may not place (:func:`may_place`). Returns how many were placed."""
    seat = game.seat(faction)
    n = min(n, seat.supply.get("warrior", 0))
    if n > 0 and may_place(game, faction, c):
        seat.supply["warrior"] -= n
        w = game.clearings[c].warriors
        w[faction] = w.get(faction, 0) + n
        return n
    return 0


def remove_warriors(game: Game, faction: str, c: int, n: int) -> int:
    """Remove up to ``n`` warriors of ``faction`` from ``c`` to its supply (LoR-4.3.4), or onto Coffin Makers
    (LoR-A.2). Returns how many."""
    w = game.clearings[c].warriors
    n = min(n, w.get(faction, 0))
    if n > 0:
        w[faction] -= n
        if not w[faction]:
            del w[faction]
        if (game.options.get("deck_choice") == "exiles_and_partisans" and faction in FACTIONS
                and holder(game, "coffin_makers") is not None):
            out = game.seat(faction).out             # Coffin Makers (LoR-A.2): onto the card, not the supply
            out["coffin"] = out.get("coffin", 0) + n
            return n
        game.seat(faction).supply["warrior"] += n
    return max(n, 0)


def entered(game: Game, faction: str, c: int) -> None:
    """``faction``'s pieces moved into ``c``: with a Band warrior there that is not its own, they may not
    move out of it again this turn (the Popular / Street Band's ability, LoR-E; its card). A hireling
    moving is an enemy of the Band unless both have one controller (LoR-E.3.2)."""
    band = game.hirelings.get("band")
    if band is not None and game.clearings[c].warriors.get("band") and band.controller != faction and not (
            band.controller is not None and player(game, faction) == band.controller):
        game.stuck.add((faction, c))


def gangs_guarded(game: Game, name: str, c: int) -> bool:
    """The Bandit Gangs' warriors cannot be battled in a clearing with their controller's pieces (its card)."""
    if name != "bandits":
        return False
    owner = game.hirelings[name].controller
    cl = game.clearings[c]
    return owner is not None and bool(cl.warriors.get(owner) or any(f == owner for f, _ in cl.buildings + cl.tokens)
                                      or (owner == "vagabond" and game.pawn == ("clearing", c)))


def toll(game: Game, faction: str, a: int, b: int) -> bool:
    """Whether ``faction`` moving along the path ``a``-``b`` meets a Highway Bandit that is not its own (its
    card, LoR-E): it must give up a moving warrior, or a Vagabond an item (``movement.move``, ``move_pawn``)."""
    return (min(a, b), max(a, b)) in game.bandits and game.hirelings["bandits"].controller != faction


def player(game: Game, faction: str) -> str:
    """Who moves when ``faction``'s pieces move: the faction, or for a hireling's pieces its controller (LoR-E.3.7:
    Outrage and the Ferry look at the player moving)."""
    h = game.hirelings.get(faction) if faction in game.hired else None
    return h.controller or faction if h is not None else faction


def held_by_band(game: Game, faction: str, c: int) -> bool:
    """Whether ``faction`` may not move pieces out of ``c`` this turn (:func:`entered`), while a Band warrior
    is still there (its card: "a clearing with a Band warrior")."""
    return bool(game.stuck) and (faction, c) in game.stuck and bool(game.clearings[c].warriors.get("band"))


def move_warriors(game: Game, faction: str, origin: int, destination: int, n: int) -> None:
    """Move ``n`` warriors of ``faction`` from ``origin`` to ``destination`` (the legality is the mover's
    rule: LoR-4.2)."""
    w = game.clearings[origin].warriors
    assert 0 < n <= w.get(faction, 0), (faction, origin, n)
    w[faction] -= n
    if not w[faction]:
        del w[faction]
    d = game.clearings[destination].warriors
    d[faction] = d.get(faction, 0) + n


def place_building(game: Game, faction: str, kind: str, c: int) -> bool:
    """Place a ``kind`` building of ``faction`` from its supply in an open slot of ``c`` (LoR-2.2.3).
    Returns whether it was placed (no slot or none in supply: not placed, LoR-1.5.4)."""
    seat, cl = game.seat(faction), game.clearings[c]
    if cl.open_slots <= 0 or seat.supply.get(kind, 0) <= 0 or not may_place(game, faction, c):
        return False
    seat.supply[kind] -= 1
    cl.buildings.append((faction, kind))
    if c == game.elder_treetop and game.treetop_piece is None and cl.open_slots == 0:
        game.treetop_piece = (faction, kind)    # the printed slots were full: it takes the Treetop's (LoR-F, RT-OWN-14)
    return True


def place_token(game: Game, faction: str, kind: str, c: int) -> bool:
    """Place a ``kind`` token of ``faction`` from its supply in ``c`` (tokens take no slot). Returns whether
    it was placed."""
    seat = game.seat(faction)
    if seat.supply.get(kind, 0) <= 0 or not may_place(game, faction, c):
        return False
    seat.supply[kind] -= 1
    game.clearings[c].tokens.append((faction, kind))
    return True


def take_ruin_item(game: Game, c: int, item: str | None = None) -> str:
    """An item taken from under the ruin in ``c``: ``item`` (a pick among them), else the top one; the ruin
    goes with its last item (LoR-2.2.4, LoR-9.5.3)."""
    stack = game.ruin_items[c]
    if item is None:
        item = stack.pop()
    else:
        stack.remove(item)
    if not stack:
        del game.ruin_items[c]
        game.clearings[c].ruin = False
    return item


def remove_piece(game: Game, c: int, piece: tuple[str, str], by: str | None, building: bool) -> None:
    """Remove one building or token ``piece`` = ``(faction, kind)`` from ``c``. It goes back to its owner's
    supply (a piece never changes faction, LoR-1.5.3), or out of the game if the owner's board says so (the keep, LoR-6.2.2). A remover ``by``
    another faction scores 1 VP (LoR-3.2.1, CW-GEN-23) unless the owner's board denies it
    (``removal_scores(game, seat, kind)``: the Automated Alliance's Popularity, CW-AA-TRAIT-2), and 1 more
    for a building in the Elder Treetop's own slot (LoR-F, 16.5; of two alike, the one in a printed slot
    goes first); then the owner's board reacts (``removed``, told who removed it and who may score from it). A
    hireling remover scores nothing (LoR-E.3.6), its Crackdown VP neither, and the board sees its controller,
    or no player in the supply (LoR-E.3.7)."""
    cl = game.clearings[c]
    (cl.buildings if building else cl.tokens).remove(piece)
    treetop = building and c == game.elder_treetop and piece == game.treetop_piece and piece not in cl.buildings
    if treetop:
        game.treetop_piece = None
    owner, kind = piece
    seat = game.seat(owner)
    board = seat.board
    scorer = by
    if by is not None and by in game.hirelings:   # a hireling removed it: no VP (LoR-E.3.6); the
        by, scorer = game.hirelings[by].controller, None     # reactions see its controller (LoR-E.3.7)
    if getattr(board, "gone_when_removed", ()) and kind in board.gone_when_removed:
        seat.out[kind] = seat.out.get(kind, 0) + 1
    else:
        seat.supply[kind] = seat.supply.get(kind, 0) + 1
    if scorer is not None and scorer != owner and (not hasattr(board, "removal_scores")
                                                   or board.removal_scores(game, seat, kind)):
        score(game, scorer, 1, "removal")
        if treetop:
            if game.trace:
                game.trace.event("treetop", rule="LoR-F", faction=scorer, owner=owner, building=kind, clearing=c)
            score(game, scorer, 1, "map")
    if hasattr(board, "removed"):
        board.removed(game, seat, c, kind, by, scorer)


# ---------------------------------------------------------------------------------------------- score

def score(game: Game, faction: str, vp: int, source: str) -> None:
    """Add ``vp`` (negative: lose) to ``faction``'s score, by ``source`` (RT-STUDY-5). With the default
    ``vp_floor`` ``floor_zero`` a score never drops below 0 (RT-OPEN-32); reaching 30 wins at once
    (LoR-3.1). A seat that has activated a dominance card has no score marker on the track: it scores and
    loses nothing more, its VP stay as they were at activation (LoR-3.3.1)."""
    seat = game.seat(faction)
    if seat.bot == HIRED:
        return                                  # a hireling's removals score nothing (LoR-E.3.6)
    if seat.dominance is not None:
        if game.trace and vp:
            game.trace.event("no_score", rule="LoR-3.3.1", faction=faction, vp=vp, source=source)
        return
    new = seat.vp + vp
    if new < 0 and game.options.get("vp_floor", "floor_zero") == "floor_zero":
        new = 0
    gained = new - seat.vp
    if game.marks and gained > 0:
        take_marks(game, faction, seat.vp, new)
    seat.vp = new
    seat.sources[source] = seat.sources.get(source, 0) + gained
    if game.trace and gained != vp:
        game.trace.event("guard", rule="RT-OPEN-32", faction=faction, lost=vp - gained)
    if seat.vp >= WIN:
        raise Victory(faction, "score")


def take_marks(game: Game, faction: str, old: int, new: int) -> None:
    """LoR-E.1.1 (16.4.1.I): a score marker entering a space that holds a hireling marker takes it; it waits
    under the seat's Evening until the end of the turn (:func:`automa.root.hirelings.end_of_turn`). A score
    that passes the space takes it too; ``hireling_marker=exact`` takes it only on the space (RT-OWN-17). A
    bot takes none with ``bot_hirelings=never`` (RT-OWN-15)."""
    exact = game.options.get("hireling_marker", "reach") == "exact"
    if game.seat(faction).bot is not None and game.options.get("bot_hirelings", "mandatory") == "never":
        return
    for m in [m for m in game.marks if (m == new if exact else old < m <= new)]:
        game.marks.remove(m)
        game.taken[faction] = game.taken.get(faction, 0) + 1
        if game.trace:
            game.trace.event("hireling_marker", rule="LoR-E.1.1", faction=faction, space=m)


# ---------------------------------------------------------------------------------------------- cards

CRAFTED_EXHAUSTED = "crafted_exhausted"     # ``game.used``: the Brigand exhausted a crafted item this turn


def crafted_ready(game: Game, seat: Seat) -> int:
    """The active ``seat``'s crafted items not exhausted this turn: the Brigand's theft exhausts one until the
    turn ends (``game.used`` is cleared as each turn begins; RT-OWN-50, as RT-OWN-7 reads the League's)."""
    return len(seat.crafted) - (CRAFTED_EXHAUSTED in game.used)


def take_card(game: Game, taker: Seat, target: Seat) -> None:
    """``taker`` takes a random card from ``target``'s hand (LoR-1.2.1; Stand and Deliver, Steal): from a
    bot, which has no hand, he draws one from the deck instead (CW-GEN-15)."""
    if target.bot is not None:
        taker.hand.extend(draw(game, 1))
    elif target.hand:
        taker.hand.append(target.hand.pop(game.rng["deck"].randrange(len(target.hand))))


def draw(game: Game, n: int = 1) -> list[int]:
    """Draw up to ``n`` cards from the deck. When it runs out the discard pile is shuffled at once into a
    new deck with the deck stream (LoR-2.1); if both are empty the draw gets nothing and the guard is
    recorded (RT-OPEN-35, default ``skip_draw``)."""
    got = []
    for _ in range(n):
        if not game.deck:
            if not game.discard:
                if "RT-OPEN-35" not in game.guards:
                    game.guards.append("RT-OPEN-35")
                if game.trace:
                    game.trace.event("guard", rule="RT-OPEN-35", wanted=n - len(got))
                break
            pile = sorted(game.discard)
            game.discard.clear()
            game.rng["deck"].shuffle(pile)
            game.deck = pile
        got.append(game.deck.pop())
    return got


def spend(game: Game, seat: Seat, card: int) -> None:
    """Spend a card from ``seat``'s hand: it goes to the discard pile (LoR-2.1; a dominance card becomes
    available, LoR-3.3.3)."""
    seat.hand.remove(card)
    discard(game, card)


def discard(game: Game, card: int) -> None:
    """Put ``card`` on the discard pile; a dominance card becomes available beside the map instead
    (LoR-3.3.3)."""
    if game.cards[card].kind == "dominance":
        game.dominance.append(card)
    else:
        game.discard.append(card)


def held(game: Game, seat: Seat, effect: str) -> int | None:
    """The card with ``effect`` in ``seat``'s play area, or ``None``."""
    for card in seat.persistent:
        if game.cards[card].effect == effect:
            return card
    return None


def holder(game: Game, effect: str) -> Seat | None:
    """The seat with ``effect`` in its play area (only a human holds one: CW-GEN-5), or ``None``."""
    for seat in game.seats:
        if seat.persistent and held(game, seat, effect) is not None:
            return seat
    return None


def use_card(game: Game, seat: Seat, card: int) -> None:
    """Discard the persistent ``card`` from ``seat``'s play area after using it (LoR-4.1.3)."""
    seat.persistent.remove(card)
    discard(game, card)
    if game.trace:
        game.trace.event("card", rule="LoR-4.1.3", effect=game.cards[card].effect, faction=seat.faction)
