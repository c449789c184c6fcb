"""The Woodland Alliance played by the scripted player (LoR-8).

Its pieces (LoR-8.3.1, LoR-B.1) are read from the components file. The Sympathy track and the Bases box
are its supply: a sympathy token not on the map sits on the track, so the k-th token to be placed costs
``supporter_cost[k-1]`` supporters and scores ``sympathy_vp[k-1]`` (LoR-8.4.2), and a removed token goes
back onto the track; a base not on the map sits in the Bases box, and each base on the map uncovers one
more Evening draw (LoR-8.6.2). Officers are warriors taken from the supply into the Officers box.

Its choices, each through :func:`automa.root.decide.choose` with one of these kinds:

- ``alliance_revolt``: the clearing of the next revolt (an int), or ``PASS`` (LoR-8.4.1);
- ``alliance_base``: in a revolt in the Lost City (LoR-F), which base of those in the Bases box (a suit);
- ``alliance_spread``: the clearing of the next Spread Sympathy (an int), or ``PASS`` (LoR-8.4.2);
- ``alliance_daylight``: the next Daylight action (LoR-8.5): ``("craft", card)``, ``("mobilize", card)``,
  ``("train", card)``, or ``PASS`` (end Daylight);
- ``alliance_operation``: the next military operation (LoR-8.6.1): ``("move", origin, destination,
  warriors)``, ``("battle", clearing, defender)``, ``("recruit", clearing)``, ``("organize", clearing)``,
  or ``PASS`` (end the operations);
- ``supporters``: the next supporter to spend (a card), only when more of them match than the cost asks
  (LoR-8.2.3);
- ``supporters_discard``: a supporter to discard down to five once no base is left (LoR-8.2.4);
- ``discard``: a card to discard down to five (LoR-8.6.2).

A choice among cards offers one card of each name (copies are alike), in hand or stack order. The rule
areas it uses ask their own kinds: battle (``hits_order``, Armorers, Sappers, Brutal Tactics) and the
persistent cards (cards.py).

Hooks its board offers the other rule areas: ``deals_higher_as_defender`` (Guerrilla War, battle.py,
LoR-8.2.2), ``entered`` (movement.py) and ``removed`` (state.remove_piece) for Outrage (LoR-8.2.6) and a
removed base (LoR-8.2.4). It takes hits the Law's way (battle.take_hits).

At our tables every other player is a bot, which holds no cards (CW-GEN-15), so Outrage always takes the
Law's "no matching card" branch: the Alliance draws a card onto its Supporters stack (CW-GEN-25), unless
the rule option ``outrage_by_bot`` is ``none`` (RT-OPEN-50). The turn offers dominance where dominance.py
says (LoR-3.3; with a human at the table the dominance cards have left the deck, CW-GEN-20).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from automa.root import battle, cards, crafting, data, decide, dominance, landmarks, movement, state, variant_maps
from automa.root.battle import PASS
from automa.root.data import SUITS
from automa.root.decide import choose
from automa.root.state import FACTIONS, Game, Seat

FACTION = "alliance"
HAND_LIMIT = 5                                  # LoR-8.6.2
REVOLT_COST = 2                                 # LoR-8.4.1.II
MARTIAL_LAW = 3                                 # warriors of another player that raise the cost (LoR-8.4.2.II.a)


def base(suit: str) -> str:
    """The piece name of the base of ``suit``."""
    return f"base_{suit}"


BASE_SUITS = data.load().components.base_suits   # one base per suit (LoR-8.3.2)


def _pieces() -> dict[str, int]:
    p = data.load().components.alliance_pieces
    assert p["bases"] == len(BASE_SUITS)
    return {"warrior": p["warriors"], **{base(s): 1 for s in BASE_SUITS}, "sympathy": p["sympathy_tokens"]}


PIECES: dict[str, int] = _pieces()              # LoR-8.3.1, LoR-B.1


@dataclass(slots=True)
class Board:
    """The Alliance's own state: the Supporters stack (card ids, LoR-8.2.3), the officers (LoR-8.4.1.III,
    LoR-8.5.3) and the sympathy tokens activated for crafting this turn, by clearing suit (LoR-8.2.1,
    LoR-4.1.1). The bases placed and the sympathy track are its supply (see the module's docstring)."""

    supporters: list[int] = field(default_factory=list)
    officers: int = 0
    activated: dict[str, int] = field(default_factory=dict)

    def copy(self) -> Board:
        return Board(list(self.supporters), self.officers, dict(self.activated))

    def public(self) -> tuple[tuple[str, int], ...]:
        """What the table sees of the board (the view's ``board``): the size of the face-down Supporters stack
        (LoR-8.2.3) and the officers."""
        return (("supporters", len(self.supporters)), ("officers", self.officers))

    def deals_higher_as_defender(self, game: Game, seat: Seat, c: int) -> bool:
        """Guerrilla War (LoR-8.2.2): as defender the Alliance deals the higher roll, the attacker the lower."""
        return True

    def entered(self, game: Game, seat: Seat, c: int, mover: str) -> None:
        """Warriors of ``mover`` moved into ``c``: Outrage if ``c`` is sympathetic (LoR-8.2.6)."""
        if mover != FACTION and sympathetic(game, c):
            outrage(game, seat, c, mover, "move")

    def removed(self, game: Game, seat: Seat, c: int, kind: str, by: str | None, scorer: str | None) -> None:
        """One of its pieces in ``c`` was removed by ``by``: a sympathy token removed by another player
        causes Outrage (LoR-8.2.6); a base costs supporters and officers (LoR-8.2.4)."""
        if kind == "sympathy":
            if by is not None and by != FACTION:
                outrage(game, seat, c, by, "remove")
        elif kind.startswith("base_"):
            base_removed(game, seat, kind[len("base_"):])


# ---------------------------------------------------------------------------------------------- the map

def sympathetic(game: Game, c: int) -> bool:
    """Whether ``c`` holds a sympathy token (LoR-8.2.5.II)."""
    return (FACTION, "sympathy") in game.clearings[c].tokens


def _clearings(game: Game) -> range:
    return range(1, len(game.clearings))


def bases_on_map(seat: Seat) -> list[str]:
    """The suits of the bases on the map (out of the Bases box), in the box's order."""
    return [s for s in BASE_SUITS if seat.supply[base(s)] == 0]


def base_clearings(game: Game) -> list[int]:
    """The clearings with an Alliance base, in clearing order."""
    return [c for c in _clearings(game) if any(f == FACTION for f, _ in game.clearings[c].buildings)]


def placed_sympathy(seat: Seat) -> int:
    """Sympathy tokens off the track, i.e. the track spaces uncovered (LoR-8.3.3)."""
    return PIECES["sympathy"] - seat.supply.get("sympathy", 0)


# ---------------------------------------------------------------------------------------------- cards

def _matches(game: Game, card: int, suit: str) -> bool:
    """A card matches a suit if it is of that suit or a bird (LoR-2.1.1); any matches the Lost City's
    (``state.WILD``, LoR-F)."""
    return state.matches(game.cards[card].suit, suit)


def supporter_limit(seat: Seat) -> int | None:
    """The Supporters stack's capacity: five without a base on the map, else none (LoR-8.2.3.I)."""
    without, with_base = data.load().components.supporter_limit
    return with_base if bases_on_map(seat) else without


def gain_supporter(game: Game, seat: Seat, card: int) -> bool:
    """Add ``card`` to the Supporters stack; a full stack discards it instead (LoR-8.2.3.I). Returns whether
    it was added."""
    limit = supporter_limit(seat)
    if limit is not None and len(seat.board.supporters) >= limit:
        state.discard(game, card)
        if game.trace:
            game.trace.event("supporter_lost", rule="LoR-8.2.3", card=card)
        return False
    seat.board.supporters.append(card)
    return True


def matching_supporters(game: Game, seat: Seat, suit: str) -> int:
    """How many supporters could be spent for ``suit``: its own and birds (LoR-8.2.3, LoR-2.1.1)."""
    return sum(1 for k in seat.board.supporters if _matches(game, k, suit))


def pay_supporters(game: Game, seat: Seat, suit: str, n: int) -> None:
    """Spend ``n`` supporters matching ``suit`` (the caller has checked there are enough), the player
    choosing which when more match than needed (``supporters``)."""
    stack = seat.board.supporters
    for left in range(n, 0, -1):
        matching = [k for k in stack if _matches(game, k, suit)]
        card = matching[0] if len(matching) == left else choose(game, "supporters", decide.one_per_name(game, matching))
        stack.remove(card)
        state.discard(game, card)


# ---------------------------------------------------------------------------------------------- setup

def setup(game: Game, seat: Seat) -> None:
    """LoR-8.3: the supply (``PIECES``) holds the 10 warriors (LoR-8.3.1), the 3 bases in the Bases box
    (LoR-8.3.2) and the 10 sympathy tokens on the track (LoR-8.3.3); draw 3 cards face down onto the
    Supporters stack (LoR-8.3.4). Nothing goes on the map."""
    seat.board = Board()
    for card in state.draw(game, 3):
        gain_supporter(game, seat, card)
    if game.trace:
        game.trace.event("setup", rule="LoR-8.3", faction=FACTION, supporters=len(seat.board.supporters))


# ---------------------------------------------------------------------------------------------- outrage, bases

def outrage(game: Game, seat: Seat, c: int, by: str, how: str) -> None:
    """Outrage (LoR-8.2.6): ``by`` removed a sympathy token in ``c`` or moved warriors into it (``how``:
    ``remove`` or ``move``). ``by`` is a bot, which has no matching card (no hand, CW-GEN-15): the Alliance
    draws a card onto its Supporters stack (CW-GEN-25), unless ``outrage_by_bot`` is ``none``
    (RT-OPEN-50)."""
    if game.options.get("outrage_by_bot", "draw_supporter") == "none":
        return
    got = state.draw(game, 1)
    for card in got:
        gain_supporter(game, seat, card)
    if game.trace:
        game.trace.event("outrage", rule="LoR-8.2.6", clearing=c, by=by, how=how, drawn=len(got))


def base_removed(game: Game, seat: Seat, suit: str) -> None:
    """LoR-8.2.4: a base of ``suit`` was removed (it is back in the Bases box): discard every supporter
    matching its printed suit, birds included; lose half the officers, rounded up, to the supply; with no
    base left on the map, discard down to five supporters (the player's choice, ``supporters_discard``)."""
    board = seat.board
    gone = [k for k in board.supporters if _matches(game, k, suit)]
    for card in gone:
        board.supporters.remove(card)
        state.discard(game, card)
    lost = (board.officers + 1) // 2
    board.officers -= lost
    seat.supply["warrior"] += lost
    limit = supporter_limit(seat)
    while limit is not None and len(board.supporters) > limit:
        card = choose(game, "supporters_discard", decide.one_per_name(game, board.supporters))
        board.supporters.remove(card)
        state.discard(game, card)
    if game.trace:
        game.trace.event("base_removed", rule="LoR-8.2.4", suit=suit, supporters=len(gone), officers=lost)


# ---------------------------------------------------------------------------------------------- Birdsong

def revolt_options(game: Game, seat: Seat) -> list[int]:
    """The clearings where the Alliance can revolt (LoR-8.4.1.I-II): sympathetic, of a suit whose base is
    still in the Bases box, with two supporters matching it; in the Lost City any base and any supporters
    (LoR-F, its FAQ). Every map clearing has a slot besides its ruin and all other buildings in the clearing
    are enemies', so the base always finds a slot; but the Lost City's slots may hold the Alliance's own
    bases: its FAQ lets it revolt there all the same, the base staying in the box (:func:`revolt`), unless
    ``lost_city_full_revolt=needs_slot`` (RT-OWN-25)."""
    return [c for c in _clearings(game) if sympathetic(game, c) and bases(game, seat, c)
            and matching_supporters(game, seat, state.suit_of(game, c)) >= REVOLT_COST
            and (c != game.lost_city or _room(game, c))]


def _room(game: Game, c: int) -> bool:
    """Whether a base fits in the Lost City once the enemies' buildings are gone, or need not
    (``lost_city_full_revolt=allowed``, the default: its FAQ; ``needs_slot``: it must; RT-OWN-25)."""
    if game.options.get("lost_city_full_revolt", "allowed") == "allowed":
        return True
    cl = game.clearings[c]
    return cl.slots - cl.ruin - sum(1 for f, _ in cl.buildings if f == FACTION) > 0


def bases(game: Game, seat: Seat, c: int) -> list[str]:
    """The suits of the bases in the Bases box that a revolt in ``c`` may place: its suit's, or in the Lost
    City each of them (LoR-F: it is of every suit)."""
    return [s for s in BASE_SUITS if state.suited(game, c, s) and seat.supply.get(base(s), 0)]


def revolt(game: Game, seat: Seat, c: int) -> None:
    """LoR-8.4.1: spend two supporters matching ``c``, remove every enemy piece there, place the matching
    base, as many warriors as there are sympathetic clearings of the base's suit, and one officer (as many
    as the supply holds, warriors first, LoR-1.5.4). In the Lost City (LoR-F) the supporters may be of any
    suits and the player chooses the base (``alliance_base``), which counts it for its suit's warriors; with
    its slots full of his bases the chosen base stays in the box and the rest is done (its FAQ, RT-OWN-25)."""
    pay_supporters(game, seat, state.suit_of(game, c), REVOLT_COST)
    suits = bases(game, seat, c)
    suit = suits[0] if len(suits) == 1 else choose(game, "alliance_base", suits)
    battle.remove_all(game, c, FACTION)     # every enemy piece (LoR-8.4.1.III)
    state.place_building(game, FACTION, base(suit), c)
    n = sum(1 for x in _clearings(game) if sympathetic(game, x) and state.suited(game, x, suit))
    placed = state.place_warriors(game, FACTION, c, n)
    officer = min(1, seat.supply["warrior"])
    seat.supply["warrior"] -= officer
    seat.board.officers += officer
    if game.trace:
        game.trace.event("revolt", rule="LoR-8.4.1", clearing=c, warriors=placed, officer=officer)


def martial_law(game: Game, c: int) -> bool:
    """LoR-8.4.2.II.a: another player has at least three warriors in ``c``."""
    return any(n >= MARTIAL_LAW for f, n in game.clearings[c].warriors.items() if f != FACTION and f in FACTIONS)


def spread_cost(game: Game, seat: Seat, c: int) -> int:
    """The supporters matching ``c`` that a token placed there costs: the next track space's cost
    (LoR-8.4.2.II), plus one under Martial Law (LoR-8.4.2.II.a)."""
    return data.load().components.supporter_cost[placed_sympathy(seat)] + martial_law(game, c)


def spread_options(game: Game, seat: Seat) -> list[int]:
    """The clearings where the Alliance can spread sympathy (LoR-8.4.2.I-II): unsympathetic, adjacent to a
    sympathetic clearing (any clearing while none is), where it may place (LoR-6.2.2), while a token is on
    the track and the matching supporters pay the cost."""
    if seat.supply.get("sympathy", 0) <= 0:
        return []
    anywhere = not any(sympathetic(game, c) for c in _clearings(game))
    return [c for c in _clearings(game)
            if not sympathetic(game, c) and state.may_place(game, FACTION, c)
            and (anywhere or any(sympathetic(game, a) for a in movement.adjacent(game, c)))
            and matching_supporters(game, seat, state.suit_of(game, c)) >= spread_cost(game, seat, c)]


def place_sympathy(game: Game, seat: Seat, c: int, rule: str) -> None:
    """Place the next sympathy token of the track in ``c`` and score the space it uncovers (LoR-8.4.2.III,
    LoR-8.6.1.IV)."""
    vp = data.load().components.sympathy_vp[placed_sympathy(seat)]
    state.place_token(game, FACTION, "sympathy", c)
    if game.trace:
        game.trace.event("sympathy", rule=rule, clearing=c, vp=vp)
    if vp:
        state.score(game, FACTION, vp, "sympathy")


def spread(game: Game, seat: Seat, c: int) -> None:
    """LoR-8.4.2: spend the supporters matching ``c`` (with Martial Law), place a sympathy token, score."""
    pay_supporters(game, seat, state.suit_of(game, c), spread_cost(game, seat, c))
    place_sympathy(game, seat, c, "LoR-8.4.2")


def birdsong(game: Game, seat: Seat) -> None:
    """LoR-8.4: revolt any number of times, then spread sympathy any number of times."""
    steps = ((revolt_options, "alliance_revolt", revolt), (spread_options, "alliance_spread", spread))
    for options, kind, act in steps:
        while True:
            legal = options(game, seat)
            if not legal:
                break
            c = choose(game, kind, legal + [PASS])
            if c == PASS:
                break
            act(game, seat, c)


# ---------------------------------------------------------------------------------------------- Daylight

def crafting_pieces(game: Game, seat: Seat) -> dict[str, int]:
    """The sympathy tokens not yet activated this turn, by clearing suit: the Alliance's crafting pieces
    (LoR-8.2.1, LoR-4.1.1); the Lost City's pays any suit (``state.WILD``, LoR-F)."""
    out = {}
    for s in SUITS + ((state.WILD,) if game.lost_city is not None else ()):
        n = sum(1 for c in _clearings(game) if state.suit_of(game, c) == s and sympathetic(game, c))
        out[s] = max(0, n - seat.board.activated.get(s, 0))
    return out


def craft(game: Game, seat: Seat, card: int) -> None:
    """LoR-8.5.1: craft ``card`` by activating sympathy tokens (crafting.py does the rest, LoR-4.1)."""
    pieces = crafting_pieces(game, seat)
    before = dict(pieces)
    crafting.craft(game, seat, card, pieces)
    for s in before:
        seat.board.activated[s] = seat.board.activated.get(s, 0) + before[s] - pieces[s]


def mobilize(game: Game, seat: Seat, card: int) -> None:
    """LoR-8.5.2: add a card from hand to the Supporters stack (a full stack discards it, LoR-8.2.3.I)."""
    seat.hand.remove(card)
    gain_supporter(game, seat, card)
    if game.trace:
        game.trace.event("mobilize", rule="LoR-8.5.2", card=card)


def train(game: Game, seat: Seat, card: int) -> None:
    """LoR-8.5.3: spend a card matching a base on the map; a warrior of the supply becomes an officer."""
    state.spend(game, seat, card)
    seat.supply["warrior"] -= 1
    seat.board.officers += 1
    if game.trace:
        game.trace.event("train", rule="LoR-8.5.3", card=card)


def daylight_options(game: Game, seat: Seat) -> list[tuple[str, int]]:
    """The Daylight actions it can take now (LoR-8.5), in a stable order: craft a card the unactivated
    sympathy pays for, mobilize any card, train with a card matching a base on the map while warriors are
    left in the supply."""
    hand = decide.one_per_name(game, seat.hand)
    pieces = crafting_pieces(game, seat)
    out = [("craft", k) for k in hand if crafting.craftable(game, seat, k, pieces)]
    out += [("mobilize", k) for k in hand]
    bases = bases_on_map(seat)
    if bases and seat.supply.get("warrior", 0) > 0:
        out += [("train", k) for k in hand if any(_matches(game, k, s) for s in bases)]
    return out


def daylight(game: Game, seat: Seat) -> None:
    """LoR-8.5: craft, mobilize and train in any order and number, until the player passes."""
    actions = {"craft": craft, "mobilize": mobilize, "train": train}
    while True:
        options = daylight_options(game, seat)
        if not options:
            return
        pick = choose(game, "alliance_daylight", options + [PASS])
        if pick == PASS:
            return
        actions[pick[0]](game, seat, pick[1])


# ---------------------------------------------------------------------------------------------- Evening

def recruit(game: Game, seat: Seat, c: int) -> None:
    """LoR-8.6.1.III: place a warrior in ``c``, a clearing with a base."""
    state.place_warriors(game, FACTION, c, 1)
    if game.trace:
        game.trace.event("recruit", rule="LoR-8.6.1", clearing=c)


def organize(game: Game, seat: Seat, c: int) -> None:
    """LoR-8.6.1.IV: remove one Alliance warrior from the unsympathetic ``c``, place a sympathy token there
    and score the space it uncovers."""
    state.remove_warriors(game, FACTION, c, 1)
    battle.warriors_removed(game, FACTION, c, 1, FACTION)
    place_sympathy(game, seat, c, "LoR-8.6.1")


def operation_options(game: Game, seat: Seat) -> list[tuple]:
    """The military operations it can take now (LoR-8.6.1), in a stable order: every move of any number of
    warriors (LoR-4.2), every battle (LoR-4.3), a recruit at each base while the supply has a warrior, an
    organize in each unsympathetic clearing with its warriors while a token is on the track."""
    out: list[tuple] = [("move", o, d, k) for o, d, n in movement.moves(game, FACTION) for k in range(1, n + 1)]
    out += [("battle", c, d) for c, d in battle.battles(game, FACTION)]
    if seat.supply.get("warrior", 0) > 0:
        out += [("recruit", c) for c in base_clearings(game) if state.may_place(game, FACTION, c)]
    if seat.supply.get("sympathy", 0) > 0:
        out += [("organize", c) for c in _clearings(game)
                if game.clearings[c].warriors.get(FACTION, 0) and not sympathetic(game, c)
                and state.may_place(game, FACTION, c)]
    return out


def operations(game: Game, seat: Seat) -> None:
    """LoR-8.6.1: up to one operation per officer, in any order and number, until the player passes. An
    officer lost in the middle (a base removed in battle, LoR-8.2.4) lowers what is left."""
    done = 0
    while done < seat.board.officers:
        options = operation_options(game, seat)
        if not options:
            return
        pick = choose(game, "alliance_operation", options + [PASS])
        if pick == PASS:
            return
        done += 1
        if pick[0] == "move":
            movement.move(game, FACTION, pick[1], pick[2], pick[3])
        elif pick[0] == "battle":
            battle.battle(game, FACTION, pick[2], pick[1])
        elif pick[0] == "recruit":
            recruit(game, seat, pick[1])
        else:
            organize(game, seat, pick[1])


def evening_draw(seat: Seat) -> int:
    """LoR-8.6.2: one card plus one per base on the map (the draw bonuses its bases uncover)."""
    return 1 + len(bases_on_map(seat))


def draw_and_discard(game: Game, seat: Seat) -> None:
    """LoR-8.6.2: draw, then discard down to five cards of its choice; supporters do not count
    (LoR-8.2.3)."""
    cards.evening_draw(game, seat, evening_draw(seat))
    while len(seat.hand) > HAND_LIMIT:
        state.spend(game, seat, choose(game, "discard", decide.one_per_name(game, seat.hand)))


# ---------------------------------------------------------------------------------------------- the turn

def turn(game: Game, seat: Seat) -> None:
    """One whole turn (LoR-1.4.1): Birdsong (LoR-8.4), Daylight (LoR-8.5), Evening (LoR-8.6), each phase
    opening with the persistent cards that act at its start (cards.py); the dominance win is checked as
    Birdsong begins and dominance offered as Daylight begins (LoR-3.3.1, LoR-3.3.4)."""
    seat.board.activated.clear()
    dominance.check_win(game, seat)
    cards.birdsong_effects(game, seat)
    birdsong(game, seat)
    cards.daylight_effects(game, seat)
    if game.closed:
        variant_maps.clear_path(game, seat)                 # LoR-C.3.3
    if game.black_market is not None:
        landmarks.black_market(game, seat)                  # LoR-F, the seed's 16.5
    dominance.daylight(game, seat)
    daylight(game, seat)
    cards.evening_effects(game, seat)
    operations(game, seat)
    draw_and_discard(game, seat)
