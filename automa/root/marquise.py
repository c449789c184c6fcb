"""The Marquise de Cat played by the scripted player (LoR-6).

Her pieces (LoR-6.3.1, LoR-B.1) are read from the components file. The three Buildings tracks are her
supply: a building not on the map sits on its track, so the k-th building of a type to be placed costs
``wood_cost[k-1]`` wood and scores ``building_vp[type][k-1]`` (LoR-6.3.5, LoR-6.5.4), and a removed
building goes back onto its track. The recruiter track's uncovered draw bonuses add to the Evening draw
(LoR-6.6). The keep is a token; once removed it is out of the game (LoR-6.2.2, ``gone_when_removed``).

Her choices, each through :func:`automa.root.decide.choose` with one of these kinds:

- ``setup_keep``: the corner clearing of the keep (an int; LoR-6.3.2);
- ``setup_building``: ``(building, clearing)`` for each starting building (LoR-6.3.4);
- ``birdsong_wood``: the sawmill clearing to get the next wood, only when the supply is short (LoR-6.4,
  LoR-1.5.4);
- ``craft``: a card to craft with her workshops, or ``PASS`` (LoR-6.2.1, LoR-6.5, LoR-4.1);
- ``marquise_action``: the next Daylight step (LoR-6.5): ``("battle", clearing, defender)``,
  ``("march",)``, ``("recruit",)``, ``("build", clearing, building)``, ``("overwork", clearing)``,
  ``("bird", card)`` (spend a bird card for one more action), or ``PASS`` (end Daylight);
- ``march``: a move ``(origin, destination, warriors)`` or ``PASS`` (LoR-6.5.2);
- ``recruit``: the recruiter clearing to get the next warrior, only when the supply is short (LoR-6.5.3);
- ``build_wood``: the clearing to take the next wood from, when the wood could come from several
  (LoR-6.5.4.II);
- ``overwork``: the card to spend (LoR-6.5.5);
- ``field_hospitals``: a card matching the clearing to spend, or ``PASS`` (LoR-6.2.3);
- ``discard``: a card to discard down to five (LoR-6.6).

A choice among cards offers one card of each name (copies are alike), in hand order. The rule areas she
uses ask their own kinds: battle (``hits_order``: the order of her buildings and tokens once her warriors
are gone, LoR-4.3.4; Armorers, Sappers, Brutal Tactics), the persistent cards (:mod:`automa.root.cards`)
and dominance (``dominance_take``, ``dominance_activate``, :mod:`automa.root.dominance`).

Her turn, as the Eyrie's and the Alliance's: the dominance win is checked as Birdsong begins (LoR-3.3.1),
then the Birdsong cards, the wood; Daylight opens with its cards, then dominance (LoR-3.3.1, LoR-3.3.4),
then crafting, then the actions; Evening opens with its cards, then the draw. The Law lets her use the
"in Daylight" effects at any point of the phase (LoR-1.1.3); like the other human factions she is offered
them where Daylight begins.

Hooks her board offers the other rule areas: ``lost_warriors`` (battle.warriors_removed, for any removal
of her warriors: Field Hospitals, LoR-6.2.3), ``removed`` (the keep, LoR-6.2.2) and ``gone_when_removed``.
She takes hits the Law's way (battle.take_hits: every removal of a battle first, then Field Hospitals, so
none if the keep fell in it, LoR-1.5.4). The keep's ban on other factions placing pieces is
``state.may_place`` (LoR-6.2.2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from automa.root import battle, cards, crafting, data, decide, dominance, landmarks, movement, state, variant_maps
from automa.root.battle import PASS
from automa.root.decide import choose
from automa.root.state import Game, Seat

FACTION = "marquise"
BUILDINGS = data.BUILDINGS                      # sawmill, workshop, recruiter (LoR-6.3.5)
HAND_LIMIT = 5                                  # LoR-6.6
ACTIONS = 3                                     # LoR-6.5


def _pieces() -> dict[str, int]:
    p = data.load().components.marquise_pieces
    return {"warrior": p["warriors"], "wood": p["wood_tokens"], "keep": p["keep_token"],
            "sawmill": p["sawmills"], "workshop": p["workshops"], "recruiter": p["recruiters"]}


PIECES: dict[str, int] = _pieces()              # LoR-6.3.1, LoR-B.1


@dataclass(slots=True)
class Board:
    """The Marquise's own state: where the keep stands (``None`` once removed, LoR-6.2.2) and whether she
    has recruited this turn (LoR-6.5.3). The tracks are her supply (see the module's docstring)."""

    keep: int | None = None
    recruited: bool = False

    gone_when_removed: ClassVar[tuple[str, ...]] = ("keep",)

    def copy(self) -> Board:
        return Board(self.keep, self.recruited)

    def public(self) -> tuple[tuple[str, int | bool | None], ...]:
        """What the table sees of the board (the view's ``board``): the keep's clearing and whether she
        has recruited this turn. The tracks are her supply."""
        return (("keep", self.keep), ("recruited", self.recruited))

    def removed(self, game: Game, seat: Seat, c: int, kind: str, by: str | None, scorer: str | None) -> None:
        """A removed keep leaves the game, and with it the keep's protection and Field Hospitals
        (LoR-6.2.2)."""
        if kind == "keep":
            self.keep = None

    def lost_warriors(self, game: Game, seat: Seat, c: int, n: int, by: str | None) -> None:
        """Battle's removal hook (battle.warriors_removed), for every rule that removes her warriors:
        Field Hospitals (LoR-6.2.3)."""
        field_hospitals(game, seat, c, n)


# ---------------------------------------------------------------------------------------------- the keep

def keep_clearing(game: Game) -> int | None:
    """The clearing of the Marquise's keep (human or bot: the same pieces, LoR-1.5.2), or ``None``."""
    for c in range(1, len(game.clearings)):
        if (FACTION, "keep") in game.clearings[c].tokens:
            return c
    return None


# ---------------------------------------------------------------------------------------------- helpers

def _matching(game: Game, seat: Seat, suit: str) -> list[int]:
    """One card of each name in hand that matches a clearing of ``suit`` (``state.suit_of``): its suit or a bird
    (LoR-2.1.1), any in the Lost City (LoR-F)."""
    return decide.one_per_name(game, [k for k in seat.hand if state.matches(game.cards[k].suit, suit)])


def _buildings(game: Game, kind: str) -> list[int]:
    """Clearings holding a Marquise ``kind`` building, one entry per building, in clearing order."""
    return [c for c in range(1, len(game.clearings)) for f, b in game.clearings[c].buildings
            if f == FACTION and b == kind]


def _short(game: Game, seat: Seat, building: str, piece: str, pick) -> list[int]:
    """The clearings of her ``building``s that each get one ``piece``, one per building; with fewer pieces
    in the supply than buildings, she chooses which get one, one at a time (``pick(clearings)``,
    LoR-1.5.4)."""
    owed = _buildings(game, building)
    if seat.supply.get(piece, 0) >= len(owed):
        return owed
    chosen = []
    while owed and seat.supply.get(piece, 0) > len(chosen):
        c = pick(sorted(set(owed)))
        owed.remove(c)
        chosen.append(c)
    return chosen


def placed(seat: Seat, kind: str) -> int:
    """How many ``kind`` buildings are off their track, i.e. the track spaces uncovered (LoR-6.3.5)."""
    return PIECES[kind] - seat.supply.get(kind, 0)


# ---------------------------------------------------------------------------------------------- setup

def setup(game: Game, seat: Seat) -> None:
    """LoR-6.3: the keep in a corner clearing of the player's choice (LoR-6.3.2), a warrior in every
    clearing but the diagonally opposite corner (LoR-6.3.3), a sawmill, a workshop and a recruiter among
    the keep's clearing and its adjacent clearings (LoR-6.3.4). The supply (``PIECES``, LoR-6.3.1) leaves
    five of each building on its track (LoR-6.3.5)."""
    seat.board = Board()
    keep = choose(game, "setup_keep", list(game.map.corners))
    state.place_token(game, FACTION, "keep", keep)
    seat.board.keep = keep
    opposite = game.map.clearings[keep - 1].opposite
    for c in range(1, len(game.clearings)):
        if c != opposite:
            state.place_warriors(game, FACTION, c, 1)
    near = sorted((keep,) + movement.adjacent(game, keep))
    left = list(BUILDINGS)
    while left:
        options = [(b, c) for b in left for c in near if game.clearings[c].open_slots > 0]
        if not options:
            break
        b, c = choose(game, "setup_building", options)
        state.place_building(game, FACTION, b, c)
        left.remove(b)
    if game.trace:
        game.trace.event("setup", rule="LoR-6.3", faction=FACTION, keep=keep,
                         buildings=tuple((b, c) for b in BUILDINGS for c in _buildings(game, b)))


# ---------------------------------------------------------------------------------------------- field hospitals

def field_hospitals(game: Game, seat: Seat, c: int, n: int) -> None:
    """LoR-6.2.3: ``n`` Marquise warriors have just been removed from ``c`` (they are in her supply); she may
    spend a card matching ``c`` to place them in the keep's clearing instead. Nothing without the keep
    (LoR-6.2.2). Called by every rule that removes her warriors (battle's hook, card effects)."""
    keep = seat.board.keep
    if n <= 0 or keep is None:
        return
    cards = _matching(game, seat, state.suit_of(game, c))
    if not cards:
        return
    card = choose(game, "field_hospitals", cards + [PASS])
    if card == PASS:
        return
    state.spend(game, seat, card)
    back = state.place_warriors(game, FACTION, keep, n)
    if game.trace:
        game.trace.event("field_hospitals", rule="LoR-6.2.3", clearing=c, keep=keep, warriors=back, card=card)


# ---------------------------------------------------------------------------------------------- Birdsong

def place_wood(game: Game, seat: Seat) -> None:
    """LoR-6.4: one wood at each sawmill. When the supply holds fewer wood than sawmills, she chooses
    which sawmills get one (LoR-1.5.4)."""
    owed = _short(game, seat, "sawmill", "wood", lambda where: choose(game, "birdsong_wood", where))
    for c in owed:
        state.place_token(game, FACTION, "wood", c)
    if game.trace:
        game.trace.event("wood", rule="LoR-6.4", clearings=tuple(owed))


# ---------------------------------------------------------------------------------------------- crafting

def workshops(game: Game) -> dict[str, int]:
    """Her crafting pieces: the workshops on the map by their clearings' suits (LoR-6.2.1, LoR-4.1.1)."""
    pieces: dict[str, int] = {}
    for c in _buildings(game, "workshop"):
        s = state.suit_of(game, c)                      # the Lost City's pays any suit (LoR-F)
        pieces[s] = pieces.get(s, 0) + 1
    return pieces


def craft(game: Game, seat: Seat) -> None:
    """LoR-6.5, LoR-6.2.1: first in Daylight, craft cards from hand by activating workshops, each once
    (LoR-4.1.1), one card at a time until ``PASS`` or nothing is craftable; crafting.py takes the item
    and scores it (LoR-3.2.2), or plays the effect (LoR-4.1.2, LoR-4.1.3)."""
    pieces = workshops(game)
    while True:
        options = [k for k in decide.one_per_name(game, seat.hand) if crafting.craftable(game, seat, k, pieces)]
        if not options:
            return
        card = choose(game, "craft", options + [PASS])
        if card == PASS:
            return
        crafting.craft(game, seat, card, pieces)


# ---------------------------------------------------------------------------------------------- Daylight actions

def connected_wood(game: Game, c: int) -> list[int]:
    """The clearings that can pay wood for a building in ``c`` (LoR-6.5.4.II): ``c`` and every clearing
    reached from it through clearings the Marquise rules, one entry per wood token there, in clearing
    order."""
    seen, todo = {c}, [c]
    while todo:
        here = todo.pop()
        for a in movement.adjacent(game, here):
            if a not in seen and state.rules(game, FACTION, a):
                seen.add(a)
                todo.append(a)
    return [x for x in sorted(seen) for f, t in game.clearings[x].tokens if f == FACTION and t == "wood"]


def build_cost(seat: Seat, kind: str) -> int:
    """The wood to place the leftmost ``kind`` building of the track (LoR-6.5.4.I-II)."""
    return data.load().components.wood_cost[placed(seat, kind)]


def build_options(game: Game, seat: Seat) -> list[tuple[str, int, str]]:
    """``("build", clearing, building)`` for every legal build (LoR-6.5.4.I): a ruled clearing with an open
    slot where she may place (``state.may_place``), a building left on its track, and its cost in connected
    wood."""
    kinds = [b for b in BUILDINGS if seat.supply.get(b, 0) > 0]
    out = []
    for c in range(1, len(game.clearings)):
        if (not kinds or game.clearings[c].open_slots <= 0 or not state.rules(game, FACTION, c)
                or not state.may_place(game, FACTION, c)):
            continue
        wood = len(connected_wood(game, c))
        out.extend(("build", c, b) for b in kinds if build_cost(seat, b) <= wood)
    return out


def build(game: Game, seat: Seat, c: int, kind: str) -> None:
    """LoR-6.5.4: pay the cost in wood from the connected ruled clearings (the player chooses which when
    there is a choice, LoR-6.5.4.II), place the building and score the space it uncovers
    (LoR-6.5.4.III)."""
    k = placed(seat, kind)
    comp = data.load().components
    cost, vp = comp.wood_cost[k], comp.building_vp[kind][k]
    for _ in range(cost):
        sources = connected_wood(game, c)
        x = sources[0] if len(set(sources)) == 1 or len(sources) == cost else choose(
            game, "build_wood", sorted(set(sources)))
        state.remove_piece(game, x, (FACTION, "wood"), None, building=False)
        cost -= 1
    state.place_building(game, FACTION, kind, c)
    if game.trace:
        game.trace.event("build", rule="LoR-6.5.4", clearing=c, building=kind, wood=comp.wood_cost[k], vp=vp)
    if vp:
        state.score(game, FACTION, vp, "buildings")


def recruit(game: Game, seat: Seat) -> None:
    """LoR-6.5.3: one warrior at each recruiter, once per turn; with too few warriors in the supply she
    chooses the recruiters that get one (LoR-1.5.4)."""
    seat.board.recruited = True
    owed = _short(game, seat, "recruiter", "warrior", lambda where: choose(game, "recruit", where))
    for c in owed:
        state.place_warriors(game, FACTION, c, 1)
    if game.trace:
        game.trace.event("recruit", rule="LoR-6.5.3", clearings=tuple(owed))


def overwork_options(game: Game, seat: Seat) -> list[tuple[str, int]]:
    """``("overwork", clearing)`` for each sawmill clearing she holds a matching card for, while wood is
    left in the supply (LoR-6.5.5)."""
    if seat.supply.get("wood", 0) <= 0:
        return []
    return [("overwork", c) for c in sorted(set(_buildings(game, "sawmill")))
            if _matching(game, seat, state.suit_of(game, c))]


def overwork(game: Game, seat: Seat, c: int) -> None:
    """LoR-6.5.5: spend a card matching the sawmill's clearing, place a wood there."""
    card = choose(game, "overwork", _matching(game, seat, state.suit_of(game, c)))
    state.spend(game, seat, card)
    state.place_token(game, FACTION, "wood", c)
    if game.trace:
        game.trace.event("overwork", rule="LoR-6.5.5", clearing=c, card=card)


def move_options(game: Game) -> list[tuple[int, int, int]]:
    """Every move ``(origin, destination, warriors)`` she can take, at least one warrior (LoR-4.2,
    LoR-4.2.1)."""
    return [(o, d, k) for o, d, n in movement.moves(game, FACTION) for k in range(1, n + 1)]


def march(game: Game, seat: Seat) -> None:
    """LoR-6.5.2: up to two moves, the same or separate warriors (LoR-4.2.2), through movement.py (the
    other boards hear of each, LoR-8.2.6)."""
    for _ in range(2):
        options = move_options(game)
        if not options:
            return
        m = choose(game, "march", options + [PASS])
        if m == PASS:
            return
        movement.move(game, FACTION, *m)


def actions(game: Game, seat: Seat) -> list[tuple]:
    """The Daylight actions she can take now (LoR-6.5.1..6.5.5), in a stable order: every battle (LoR-4.3),
    march while a move is legal, recruit once per turn while a warrior is left to place, every build,
    every overwork."""
    out: list[tuple] = [("battle", c, d) for c, d in battle.battles(game, FACTION)]
    if movement.moves(game, FACTION):
        out.append(("march",))
    if not seat.board.recruited and _buildings(game, "recruiter") and seat.supply.get("warrior", 0) > 0:
        out.append(("recruit",))
    return out + build_options(game, seat) + overwork_options(game, seat)


def take_actions(game: Game, seat: Seat) -> None:
    """LoR-6.5: up to three actions, plus one per bird card spent (not as part of an action), in any order
    and number, until she passes. A bird is offered only while some action could follow it."""
    left = ACTIONS
    while True:
        options = actions(game, seat)
        birds = [("bird", k) for k in decide.one_per_name(game, [k for k in seat.hand if game.cards[k].suit == "bird"])]
        choice = choose(game, "marquise_action", (options if left > 0 else []) + (birds if options else []) + [PASS])
        if choice == PASS:
            return
        if choice[0] == "bird":
            state.spend(game, seat, choice[1])
            left += 1
            if game.trace:
                game.trace.event("extra_action", rule="LoR-6.5", card=choice[1])
            continue
        left -= 1
        if choice[0] == "battle":
            battle.battle(game, FACTION, choice[2], choice[1])
        elif choice[0] == "march":
            march(game, seat)
        elif choice[0] == "recruit":
            recruit(game, seat)
        elif choice[0] == "build":
            build(game, seat, choice[1], choice[2])
        else:
            overwork(game, seat, choice[1])


def daylight(game: Game, seat: Seat) -> None:
    """LoR-6.5, after the Daylight card effects (LoR-4.1.3) and dominance (take an available card,
    activate one: LoR-3.3.4, LoR-3.3.1): craft first (LoR-6.2.1), then the actions."""
    cards.daylight_effects(game, seat)
    if game.closed:
        variant_maps.clear_path(game, seat)                 # LoR-C.3.3
    if game.black_market is not None:
        landmarks.black_market(game, seat)                  # LoR-F, the seed's 16.5
    dominance.daylight(game, seat)
    craft(game, seat)
    take_actions(game, seat)


# ---------------------------------------------------------------------------------------------- Evening

def evening_draw(seat: Seat) -> int:
    """LoR-6.6: one card plus one per draw bonus the recruiters have uncovered."""
    n = placed(seat, "recruiter")
    return 1 + sum(1 for space in data.load().components.recruiter_draw if n >= space)


def draw_and_discard(game: Game, seat: Seat) -> None:
    """LoR-6.6: draw, then discard down to five cards of her choice."""
    cards.evening_draw(game, seat, evening_draw(seat))
    while len(seat.hand) > HAND_LIMIT:
        state.spend(game, seat, choose(game, "discard", decide.one_per_name(game, seat.hand)))


def evening(game: Game, seat: Seat) -> None:
    """LoR-6.6, after the Evening card effects (LoR-4.1.3). She scores nothing in Evening: her buildings
    score as they are placed (LoR-6.5.4.III)."""
    cards.evening_effects(game, seat)
    draw_and_discard(game, seat)


# ---------------------------------------------------------------------------------------------- the turn

def birdsong(game: Game, seat: Seat) -> None:
    """LoR-6.4, after the dominance check (LoR-3.3.1) and the Birdsong card effects (LoR-4.1.3)."""
    dominance.check_win(game, seat)
    cards.birdsong_effects(game, seat)
    place_wood(game, seat)


def turn(game: Game, seat: Seat) -> None:
    """One whole turn (LoR-1.4.1): Birdsong (LoR-6.4), Daylight (LoR-6.5), Evening (LoR-6.6)."""
    seat.board.recruited = False
    birdsong(game, seat)
    daylight(game, seat)
    evening(game, seat)
