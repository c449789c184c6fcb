"""The Eyrie Dynasties played by the scripted player (LoR-7).

Their pieces (LoR-7.3.1, LoR-B.1) are read from the components file. The Roosts track is their roost
supply: a roost not on the map sits on the track, so the rightmost empty space, scored each Evening, is
the number of roosts on the map (LoR-7.3.5, LoR-7.6.1), and a removed roost goes back onto the track.
Lords of the Forest (LoR-7.2.2) is in :func:`automa.root.state.ruler`. The board (:class:`Board`) holds
the Decree: four columns, recruit, move, battle and build (LoR-7.4.2), each a list of card ids, the two
Loyal Viziers as :data:`VIZIER` (a bird, LoR-7.3.4); the leader and the leaders face down (LoR-7.7.3); the
roosts activated to craft this turn (LoR-7.2.1).

Their choices, each through :func:`automa.root.decide.choose` with one of these kinds:

- ``eyrie_corner``: the starting corner clearing (an int; LoR-7.3.2);
- ``eyrie_leader``: the leader, at setup and when deposed (a name; LoR-7.3.3, LoR-7.7.3);
- ``eyrie_decree_add``: ``(card, column)`` to add to the Decree; the second one may be ``PASS``
  (LoR-7.4.2);
- ``eyrie_new_roost``: the clearing of A New Roost among those with the fewest warriors (LoR-7.4.3);
- ``craft``: a card to craft with roosts, or ``PASS`` (LoR-7.5.1);
- ``eyrie_decree_card``: which card of a column to resolve next, by its suit (LoR-7.5.2: any order);
- ``eyrie_recruit``: the roost clearing of a Recruit (LoR-7.5.2.I);
- ``eyrie_move``: a move ``(origin, destination, warriors)`` (LoR-7.5.2.II);
- ``eyrie_battle``: a battle ``(clearing, defender)`` (LoR-7.5.2.III);
- ``eyrie_build``: the clearing of a new roost (LoR-7.5.2.IV);
- ``discard``: a card to discard down to five (LoR-7.6.2).

The rule areas they call ask their own kinds: ``hits_order`` (taking hits, :mod:`automa.root.battle`),
the persistent cards' kinds (:mod:`automa.root.cards`, :mod:`automa.root.battle`) and the dominance kinds
(:mod:`automa.root.dominance`). A choice among cards offers one card of each name (copies are alike), in
hand order.

Readings where the Law is terse: a Recruit under the Charismatic with one warrior left places it and then
falls into turmoil (not fully taken, LoR-7.5.2, LoR-1.5.4); A New Roost places as many of its three
warriors as the supply holds (LoR-1.5.4); the Despot's extra point is once per battle, as attacker or
defender; nobody but the Marquise places in the keep's clearing (LoR-6.2.2), so no roost or warrior of
theirs is placed there.

Hooks the board offers the other rule areas: ``item_vp`` (crafting: Disdain for Trade, LoR-7.2.3, and the
Builder, LoR-7.8.1), ``extra_hits`` (battle: the Commander, LoR-7.8.3) and ``after_battle`` (battle: the
Despot, LoR-7.8.4).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from automa.root import battle, cards, crafting, data, decide, dominance, landmarks, movement, state, variant_maps
from automa.root.battle import PASS
from automa.root.decide import choose
from automa.root.state import Game, Seat

FACTION = "eyrie"
DECREE = data.DECREE                            # recruit, move, battle, build (LoR-7.4.2)
VIZIER = "vizier"                               # a Loyal Vizier in the Decree: a bird card (LoR-7.3.4)
HAND_LIMIT = 5                                  # LoR-7.6.2
NEW_ROOST_WARRIORS = 3                          # LoR-7.4.3
START_WARRIORS = 6                              # LoR-7.3.2


def _pieces() -> dict[str, int]:
    p = data.load().components.eyrie_pieces
    return {"warrior": p["warriors"], "roost": p["roosts"]}


PIECES: dict[str, int] = _pieces()              # LoR-7.3.1, LoR-B.1


def leaders() -> dict[str, tuple[str, str]]:
    """The four leaders and the Decree columns of their Loyal Viziers (LoR-7.8)."""
    return data.load().components.leaders


@dataclass(slots=True)
class Board:
    """The Eyrie's own state: the Decree (a list of card ids per column, in :data:`DECREE` order, the
    viziers as :data:`VIZIER`), the leader, the leaders face down (LoR-7.7.3) and the roosts activated to
    craft this turn, by suit (LoR-7.2.1). The Roosts track is their roost supply."""

    decree: list[list[int | str]] = field(default_factory=lambda: [[] for _ in DECREE])
    leader: str | None = None
    used: list[str] = field(default_factory=list)
    activated: dict[str, int] = field(default_factory=dict)

    def copy(self) -> Board:
        return Board([list(col) for col in self.decree], self.leader, list(self.used), dict(self.activated))

    def public(self) -> tuple[tuple[str, object], ...]:
        """What the table sees (the view's ``board``): the leader, the leaders face down and the Decree's
        cards by column (card ids and :data:`VIZIER`)."""
        return (("leader", self.leader), ("used", tuple(self.used)),
                ("decree", tuple((name, tuple(col)) for name, col in zip(DECREE, self.decree))))

    def item_vp(self, game: Game, seat: Seat, card: int) -> int:
        """Crafting's hook: Disdain for Trade, an item scores 1 VP whatever the card lists (LoR-7.2.3),
        except under the Builder, who scores the card's VP (LoR-7.8.1)."""
        return game.cards[card].vp if self.leader == "builder" else 1

    def extra_hits(self, game: Game, seat: Seat, c: int, role: str, other: str) -> int:
        """Battle's hook: the Commander deals one extra hit as attacker (LoR-7.8.3)."""
        return 1 if self.leader == "commander" and role == battle.ATTACKER else 0

    def after_battle(self, game: Game, seat: Seat, result: battle.Battle) -> None:
        """Battle's hook: the Despot scores 1 VP more when the Eyrie removed at least one enemy building or
        token in the battle, attacker or defender (LoR-7.8.4; the removal VP itself is LoR-3.2.1)."""
        other = 1 if result.attacker == FACTION else 0
        if self.leader == "despot" and result.pieces_lost[other]:
            state.score(game, FACTION, 1, "removal")
            if game.trace:
                game.trace.event("despot", rule="LoR-7.8.4", clearing=result.clearing)


# ---------------------------------------------------------------------------------------------- helpers

def suit_of(game: Game, x: int | str) -> str:
    """The suit of a Decree card; a Loyal Vizier is a bird (LoR-7.3.4)."""
    return "bird" if x == VIZIER else game.cards[x].suit


def roosts(game: Game) -> list[int]:
    """The clearings with a roost, in clearing order."""
    return [c for c in range(1, len(game.clearings)) if (FACTION, "roost") in game.clearings[c].buildings]


def on_map(seat: Seat) -> int:
    """Roosts on the map: the spaces of the Roosts track left empty (LoR-7.3.5)."""
    return PIECES["roost"] - seat.supply.get("roost", 0)


def _can_roost(game: Game, seat: Seat, c: int) -> bool:
    """A roost may be placed in ``c``: one is on the track, ``c`` has an open slot and no roost, and is not
    the keep's clearing."""
    cl = game.clearings[c]
    return (seat.supply.get("roost", 0) > 0 and cl.open_slots > 0 and (FACTION, "roost") not in cl.buildings
            and state.may_place(game, FACTION, c))


def _tuck_viziers(board: Board) -> None:
    """Tuck the Loyal Viziers into the leader's columns (LoR-7.3.4, LoR-7.7.3)."""
    for name in leaders()[board.leader]:
        board.decree[DECREE.index(name)].append(VIZIER)


# ---------------------------------------------------------------------------------------------- setup

def start_corners(game: Game) -> list[int]:
    """The corner clearings that are another faction's starting clearing. Before the Eyrie (setup letter
    B, LoR-5.1.7) only the Marquise, human or bot, starts in a corner: her keep's."""
    return [c for c in game.map.corners if ("marquise", "keep") in game.clearings[c].tokens]


def corner_options(game: Game) -> list[int]:
    """LoR-7.3.2: the corners that are nobody's starting clearing (and can take the roost); those
    diagonally opposite a starting corner if any is."""
    starts = start_corners(game)
    free = [c for c in game.map.corners if c not in starts and game.clearings[c].open_slots > 0]
    opposite = [c for c in free if game.map.clearings[c - 1].opposite in starts]
    return opposite or free


def setup(game: Game, seat: Seat) -> None:
    """LoR-7.3: a roost and six warriors in the chosen corner (LoR-7.3.2), the leader (LoR-7.3.3), the two
    Loyal Viziers in its columns (LoR-7.3.4); the six other roosts are the Roosts track (LoR-7.3.5)."""
    seat.board = Board()
    c = choose(game, "eyrie_corner", corner_options(game))
    state.place_building(game, FACTION, "roost", c)
    state.place_warriors(game, FACTION, c, START_WARRIORS)
    seat.board.leader = choose(game, "eyrie_leader", list(leaders()))
    _tuck_viziers(seat.board)
    if game.trace:
        game.trace.event("setup", rule="LoR-7.3", faction=FACTION, corner=c, leader=seat.board.leader)


# ---------------------------------------------------------------------------------------------- Birdsong

def emergency_orders(game: Game, seat: Seat) -> None:
    """LoR-7.4.1: with no card in hand, draw one."""
    if not seat.hand:
        seat.hand.extend(state.draw(game, 1))
        if game.trace:
            game.trace.event("emergency_orders", rule="LoR-7.4.1", drawn=len(seat.hand))


def add_to_decree(game: Game, seat: Seat) -> None:
    """LoR-7.4.2: add one card, then a second or ``PASS``, each to any column; at most one bird. With no
    card at all (deck and discard empty, RT-OPEN-35) nothing is added."""
    bird = False
    for i in range(2):
        hand = [k for k in decide.one_per_name(game, seat.hand) if not (bird and game.cards[k].suit == "bird")]
        options = [(k, col) for k in hand for col in DECREE]
        if not options:
            return
        pick = choose(game, "eyrie_decree_add", options + [PASS] if i else options)
        if pick == PASS:
            return
        card, col = pick
        seat.hand.remove(card)
        seat.board.decree[DECREE.index(col)].append(card)
        bird = bird or game.cards[card].suit == "bird"
        if game.trace:
            game.trace.event("decree_add", rule="LoR-7.4.2", card=game.cards[card].key, column=col)


def new_roost(game: Game, seat: Seat) -> None:
    """LoR-7.4.3: with no roost on the map, a roost and three warriors (as many as the supply holds,
    LoR-1.5.4) in a clearing with the fewest warriors among those where the roost can be placed."""
    if roosts(game):
        return
    ok = [c for c in range(1, len(game.clearings)) if _can_roost(game, seat, c)]
    if not ok:
        return
    fewest = min(sum(game.clearings[c].warriors.values()) for c in ok)
    c = choose(game, "eyrie_new_roost", [c for c in ok if sum(game.clearings[c].warriors.values()) == fewest])
    state.place_building(game, FACTION, "roost", c)
    n = state.place_warriors(game, FACTION, c, NEW_ROOST_WARRIORS)
    if game.trace:
        game.trace.event("new_roost", rule="LoR-7.4.3", clearing=c, warriors=n)


def birdsong(game: Game, seat: Seat) -> None:
    """LoR-7.4, after the Birdsong card effects (LoR-4.1.3) and the dominance check (LoR-3.3.1)."""
    dominance.check_win(game, seat)
    cards.birdsong_effects(game, seat)
    emergency_orders(game, seat)
    add_to_decree(game, seat)
    new_roost(game, seat)


# ---------------------------------------------------------------------------------------------- crafting

def craft_pieces(game: Game, seat: Seat) -> dict[str, int]:
    """The roosts not yet activated this turn, by their clearings' suits (LoR-7.2.1)."""
    pieces = {}
    for c in roosts(game):
        s = state.suit_of(game, c)                      # the Lost City's pays any suit (LoR-F)
        pieces[s] = pieces.get(s, 0) + 1
    for s, n in seat.board.activated.items():
        pieces[s] = max(pieces.get(s, 0) - n, 0)
    return pieces


def craft(game: Game, seat: Seat) -> None:
    """LoR-7.5.1: craft cards from hand with roosts, one at a time, until ``PASS`` or nothing is craftable;
    an item scores by Disdain for Trade (the board's ``item_vp``, LoR-7.2.3)."""
    while True:
        pieces = craft_pieces(game, seat)
        options = [k for k in decide.one_per_name(game, seat.hand) if crafting.craftable(game, seat, k, pieces)]
        if not options:
            return
        card = choose(game, "craft", options + [PASS])
        if card == PASS:
            return
        before = dict(pieces)
        crafting.craft(game, seat, card, pieces)
        for s, n in before.items():
            if n > pieces[s]:
                seat.board.activated[s] = seat.board.activated.get(s, 0) + n - pieces[s]


# ---------------------------------------------------------------------------------------------- the Decree

def recruit_options(game: Game, suit: str) -> list[int]:
    """LoR-7.5.2.I: the roost clearings matching ``suit``."""
    return [c for c in roosts(game) if state.matches(suit, state.suit_of(game, c))
            and state.may_place(game, FACTION, c)]


def move_options(game: Game, suit: str) -> list[tuple[int, int, int]]:
    """LoR-7.5.2.II: every move ``(origin, destination, warriors)`` from a clearing matching ``suit``
    (LoR-4.2, LoR-4.2.1), at least one warrior."""
    return [(o, d, k) for o, d, n in movement.moves(game, FACTION) if state.matches(suit, state.suit_of(game, o))
            for k in range(1, n + 1)]


def battle_options(game: Game, suit: str) -> list[tuple[int, str]]:
    """LoR-7.5.2.III: every battle ``(clearing, defender)`` in a clearing matching ``suit`` (LoR-4.3)."""
    return [(c, d) for c, d in battle.battles(game, FACTION) if state.matches(suit, state.suit_of(game, c))]


def build_options(game: Game, seat: Seat, suit: str) -> list[int]:
    """LoR-7.5.2.IV: the clearings matching ``suit`` that the Eyrie rule (LoR-7.2.2) with no roost, where
    a roost can be placed (a roost left on the track, an open slot)."""
    return [c for c in range(1, len(game.clearings)) if state.matches(suit, state.suit_of(game, c))
            and state.rules(game, FACTION, c) and _can_roost(game, seat, c)]


def take_action(game: Game, seat: Seat, column: str, suit: str) -> bool:
    """Take the ``column`` action for one Decree card of ``suit`` (LoR-7.5.2.I-IV). Returns whether it was
    fully taken; if not, the Eyrie fall into turmoil (the caller)."""
    if column == "recruit":
        options = recruit_options(game, suit)
        if not options:
            return False
        c = choose(game, "eyrie_recruit", options)
        want = 2 if seat.board.leader == "charismatic" else 1             # LoR-7.8.2
        n = state.place_warriors(game, FACTION, c, want)
        if game.trace:
            game.trace.event("recruit", rule="LoR-7.5.2", clearing=c, warriors=n)
        return n == want
    if column == "move":
        options = move_options(game, suit)
        if not options:
            return False
        movement.move(game, FACTION, *choose(game, "eyrie_move", options))
        return True
    if column == "battle":
        options = battle_options(game, suit)
        if not options:
            return False
        c, defender = choose(game, "eyrie_battle", options)
        battle.battle(game, FACTION, defender, c)
        return True
    options = build_options(game, seat, suit)
    if not options:
        return False
    c = choose(game, "eyrie_build", options)
    state.place_building(game, FACTION, "roost", c)
    if game.trace:
        game.trace.event("build", rule="LoR-7.5.2", clearing=c)
    return True


def resolve_decree(game: Game, seat: Seat) -> bool:
    """LoR-7.5.2: each column from the left, every card of it in the order the player picks (by suit,
    ``eyrie_decree_card``), its column's action. Returns ``False`` at the first action not fully taken: the
    Eyrie fall into turmoil (the caller)."""
    for i, column in enumerate(DECREE):
        left = [suit_of(game, x) for x in seat.board.decree[i]]
        while left:
            suit = choose(game, "eyrie_decree_card", sorted(set(left), key=data.CARD_SUITS.index))
            left.remove(suit)
            if not take_action(game, seat, column, suit):
                if game.trace:
                    game.trace.event("decree_failed", rule="LoR-7.5.2", column=column, suit=suit)
                return False
    return True


# ---------------------------------------------------------------------------------------------- turmoil

def turmoil(game: Game, seat: Seat) -> None:
    """LoR-7.7: Humiliate (lose 1 VP per bird in the Decree, viziers included, LoR-7.7.1), Purge (discard
    the Decree but the viziers, LoR-7.7.2), Depose (the leader face down, a new one from those face up, all
    four face up again when none is, A New Clutch, LoR-7.7.3.I; the viziers into its columns). Rest
    (LoR-7.7.4) is the caller's: Daylight ends."""
    board = seat.board
    birds = sum(1 for col in board.decree for x in col if suit_of(game, x) == "bird")
    if game.trace:
        game.trace.event("turmoil", rule="LoR-7.7", birds=birds, leader=board.leader)
    if birds:
        state.score(game, FACTION, -birds, "turmoil")
    for col in board.decree:
        for x in col:
            if x != VIZIER:
                state.discard(game, x)
    board.decree = [[] for _ in DECREE]
    board.used.append(board.leader)
    face_up = [name for name in leaders() if name not in board.used]
    if not face_up:                                                        # LoR-7.7.3.I
        board.used.clear()
        face_up = list(leaders())
    board.leader = choose(game, "eyrie_leader", face_up)
    _tuck_viziers(board)
    if game.trace:
        game.trace.event("depose", rule="LoR-7.7.3", leader=board.leader)


def daylight(game: Game, seat: Seat) -> None:
    """LoR-7.5, after the Daylight card effects (LoR-4.1.3) and dominance (LoR-3.3): craft (LoR-7.5.1),
    then resolve the Decree (LoR-7.5.2), falling into turmoil at the first action not fully taken
    (LoR-7.7), which ends Daylight (LoR-7.7.4)."""
    cards.daylight_effects(game, seat)
    if game.closed:
        variant_maps.clear_path(game, seat)                 # LoR-C.3.3
    if game.black_market is not None:
        landmarks.black_market(game, seat)                  # LoR-F, the seed's 16.5
    dominance.daylight(game, seat)
    craft(game, seat)
    if not resolve_decree(game, seat):
        turmoil(game, seat)


# ---------------------------------------------------------------------------------------------- Evening

def roost_vp(seat: Seat) -> int:
    """LoR-7.6.1: the VP of the rightmost empty space of the Roosts track."""
    return data.load().components.roost_vp[on_map(seat)]


def evening_draw(seat: Seat) -> int:
    """LoR-7.6.2: one card plus one per draw bonus the roosts have uncovered."""
    n = on_map(seat)
    return 1 + sum(1 for space in data.load().components.roost_draw if n >= space)


def evening(game: Game, seat: Seat) -> None:
    """LoR-7.6, after the Evening card effects (LoR-4.1.3): score the Roosts track (LoR-7.6.1), draw, and
    discard down to five cards of the player's choice (LoR-7.6.2)."""
    cards.evening_effects(game, seat)
    vp = roost_vp(seat)
    if game.trace:
        game.trace.event("roosts", rule="LoR-7.6.1", roosts=on_map(seat), vp=vp)
    if vp:
        state.score(game, FACTION, vp, "roosts")
    cards.evening_draw(game, seat, evening_draw(seat))
    while len(seat.hand) > HAND_LIMIT:
        card = choose(game, "discard", decide.one_per_name(game, seat.hand))
        seat.hand.remove(card)
        state.discard(game, card)


# ---------------------------------------------------------------------------------------------- the turn

def turn(game: Game, seat: Seat) -> None:
    """One whole turn (LoR-1.4.1): Birdsong (LoR-7.4), Daylight (LoR-7.5), Evening (LoR-7.6)."""
    seat.board.activated.clear()
    birdsong(game, seat)
    daylight(game, seat)
    evening(game, seat)
