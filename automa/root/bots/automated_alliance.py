"""The Automated Alliance, the Alliance's Clockwork bot (CW-AA, the Law of Rootbotics §6).

The order card's suit names the base the bot revolts with in Birdsong and the clearings it spreads
sympathy into; a bird order skips the Birdsong revolt and allows a Surprise Revolt with any base in
Daylight. The bot never starts a battle, holds no hand and is never ambushed (Poor Manual Dexterity,
CW-AA-ABIL-6: CW-GEN-15 in :mod:`automa.root.state` and :mod:`automa.root.battle`). Its bases still on its board and its sympathy track are its
supply (``seat.supply``: ``base_fox``, ``base_rabbit``, ``base_mouse``, ``sympathy``); a token removed
from the map goes back to the track (LoR-1.5.1). Clearing ``c``'s priority is ``c`` (1 highest,
CW-GEN-8); every step writes a trace event with its rule ID.

Rule options read here (rules-open.md, with the reference's defaults): ``aa_revolt_empty``
(RT-OPEN-20), ``aa_revolt_warriors`` (RT-OPEN-21), ``aa_spread_fallback`` (RT-OPEN-22),
``aa_crackdown_scoring`` (RT-OPEN-23), ``aa_organize_order`` (RT-OPEN-24), ``aa_public_pity_count``
(RT-OPEN-49); through :mod:`automa.root.bots.common`, the order card's (RT-OPEN-2, 31, 35, 42) and
co-op targeting (CW-GEN-22). The difficulty and traits are the seat's (CW-GEN-19).
"""
from __future__ import annotations

from dataclasses import dataclass

from automa.root import battle, data, decide, movement, state
from automa.root.bots import common
from automa.root.state import FACTIONS, Game, Seat

SUITS = data.load().components.base_suits                     # the bases' suits (LoR-8.3.2)
BASES = tuple(f"base_{s}" for s in SUITS)
_PIECES = data.load().components.alliance_pieces
PIECES = {"warrior": _PIECES["warriors"], **{b: _PIECES["bases"] // len(SUITS) for b in BASES},
          "sympathy": _PIECES["sympathy_tokens"]}            # CW-AA-SETUP-1; ten tokens, one a clearing (CW-AA-ABIL-1)
TRACK = (0, 1, 1, 1, 1, 2, 2, 3, 3, 4)    # VP for the 1st..10th token placed, the bot's track (CW-AA-SETUP-1)
ORGANIZE = {"easy": 4, "default": 3, "challenging": 2, "nightmare": 2}   # CW-AA-DIFF-EASY..-NIGHTMARE
CANNOT_SPREAD = 5                         # VP when no token can be placed (CW-AA-DAY-1)
SYMPATHY = ("alliance", "sympathy")
KEEP = ("marquise", "keep")


@dataclass(slots=True)
class Board:
    """The bot's own state: this turn's order card and its suit (CW-GEN-13; the suit is kept for the turn,
    ``None`` with no card, RT-OPEN-35), and the officers a revolt placed under
    ``aa_revolt_warriors=as_human`` (RT-OPEN-21; always 0 by default). Its difficulty and traits are the
    seat's (CW-GEN-19)."""

    order: int | None = None
    suit: str | None = None
    officers: int = 0

    def copy(self) -> Board:
        return Board(self.order, self.suit, self.officers)

    def removal_scores(self, game: Game, seat: Seat, kind: str) -> bool:
        """Whether removing the bot's ``kind`` scores its remover (LoR-3.2.1): not a sympathy token under
        Popularity (CW-AA-TRAIT-2), so the point is never given, not even one that would reach 30 VP."""
        return not (kind == "sympathy" and "popularity" in seat.traits)

    def removed(self, game: Game, seat: Seat, c: int, kind: str, by: str | None, scorer: str | None) -> None:
        """After one of the bot's pieces left clearing ``c``: a base sets off Crackdown (CW-AA-ABIL-4), which
        may score ``scorer`` (nobody for a hireling's removal, LoR-E.3.6); a sympathy token removed by an enemy
        sets off Outrage when that enemy is a human (CW-AA-ABIL-3)."""
        if kind in BASES:
            crackdown(game, seat, kind[5:], scorer)
        elif kind == "sympathy" and by is not None and by != seat.faction:
            if "popularity" in seat.traits and game.trace:
                game.trace.event("popularity", rule="CW-AA-TRAIT-2", faction=by, clearing=c)
            outrage(game, seat, c, by)

    # ------------------------------------------------------------------ battle hooks (battle.py)

    def take_hits(self, game: Game, seat: Seat, c: int, hits: int, by: str | None) -> int:
        """The bot takes hits as every bot does (CW-GEN-6): warriors, then sympathy, then bases (a base's
        loss sets off Crackdown through :meth:`removed`)."""
        return common.take_hits(game, seat, c, hits, by)

    def extra_hits(self, game: Game, seat: Seat, c: int, role: str, other: str) -> int:
        """Battle's hook (LoR-4.3.3.I). Automated Ambush (CW-AA-ABIL-2): one extra hit as defender with a
        warrior in ``c``; with Informants also with only a sympathy token there (CW-AA-TRAIT-1). The bot
        never attacks."""
        if role != battle.DEFENDER:
            return 0
        if game.clearings[c].warriors.get(seat.faction, 0) or ("informants" in seat.traits and sympathetic(game, c)):
            if game.trace:
                game.trace.event("automated_ambush", rule="CW-AA-ABIL-2", faction=seat.faction, clearing=c)
            return 1
        return 0

    def deals_higher_as_defender(self, game: Game, seat: Seat, c: int) -> bool:
        """Battle's hook. Veterans (CW-AA-TRAIT-3): Guerrilla War, the defender deals the higher roll
        (LoR-8.2.2)."""
        return "veterans" in seat.traits

    def entered(self, game: Game, seat: Seat, c: int, mover: str) -> None:
        """After ``mover`` moved warriors into clearing ``c``: Outrage if ``c`` is sympathetic and the mover
        a human (CW-AA-ABIL-3)."""
        if mover != seat.faction and sympathetic(game, c):
            outrage(game, seat, c, mover)


# ---------------------------------------------------------------------------------------------- the map

def sympathetic(game: Game, c: int) -> bool:
    """Whether clearing ``c`` holds a sympathy token (LRB-6.2.1.II)."""
    return SYMPATHY in game.clearings[c].tokens


def on_map(game: Game) -> int:
    """Sympathy tokens on the map."""
    return sum(sympathetic(game, c) for c in range(1, len(game.clearings)))


def ordered(game: Game, board: Board, c: int) -> bool:
    """Whether clearing ``c`` matches this turn's order card (CW-GEN-13, RT-OPEN-2); none without one
    (RT-OPEN-35)."""
    return board.suit is not None and common.ordered(game, board.suit, c)


# ---------------------------------------------------------------------------------------------- abilities

def outrage(game: Game, seat: Seat, c: int, by: str) -> None:
    """Automated Outrage (CW-AA-ABIL-3): a human who removed the bot's sympathy in ``c`` or moved warriors
    into it discards a card matching ``c`` (birds match, LoR-2.1.1; any card in the Lost City, LoR-F,
    RT-OWN-23), chosen by that human; with none,
    the bot scores 1 VP. Bots never set it off (CW-GEN-29), and the discard is no gift to the bot (no Poor
    Manual Dexterity point). A hireling's removal is its controller's (LoR-E.3.7)."""
    by = state.player(game, by)
    human = game.seat(by)
    if human is None or human.bot is not None:
        return
    suit = state.suit_of(game, c)
    matching = [k for k in human.hand if state.matches(game.cards[k].suit, suit)]
    if matching:
        card = decide.choose(game, "outrage_discard", decide.one_per_name(game, sorted(matching)))
        human.hand.remove(card)
        state.discard(game, card)
        if game.trace:
            game.trace.event("outrage", rule="CW-AA-ABIL-3", faction=by, clearing=c, card=game.cards[card].key)
    else:
        if game.trace:
            game.trace.event("outrage", rule="CW-AA-ABIL-3", faction=by, clearing=c, card=None, vp=1)
        state.score(game, seat.faction, 1, "card")      # no card came: scored as a card event (RT-STUDY-5)


def crackdown(game: Game, seat: Seat, suit: str, by: str | None) -> None:
    """Crackdown (CW-AA-ABIL-4): after a base of ``suit`` is removed, every sympathy token in a clearing
    of that suit (the Lost City's too, LoR-F) goes back to the track. It scores for nobody
    (``aa_crackdown_scoring=nobody``, RT-OPEN-23) or, with ``remover``, 1 VP a token for whoever removed the
    base (nothing under Popularity, CW-AA-TRAIT-2; no Outrage: the bot removes its own tokens). Under
    ``aa_revolt_warriors=as_human`` half the officers, rounded up, go back to the supply as well (LoR-8.2.4,
    RT-OPEN-21)."""
    gone = [c for c in range(1, len(game.clearings)) if state.suited(game, c, suit) and sympathetic(game, c)]
    if game.trace:
        game.trace.event("crackdown", rule="CW-AA-ABIL-4", suit=suit, by=by, clearings=tuple(gone))
    for c in gone:
        state.remove_piece(game, c, SYMPATHY, None, building=False)
    board = seat.board
    if board.officers:
        lost = (board.officers + 1) // 2
        board.officers -= lost
        seat.supply["warrior"] += lost
    if (gone and by is not None and by != seat.faction and "popularity" not in seat.traits
            and game.options.get("aa_crackdown_scoring", "nobody") == "remover"):
        state.score(game, by, len(gone), "removal")


def martial_law(game: Game, seat: Seat, c: int) -> bool:
    """Martial Law (CW-AA-ABIL-5): some other faction has three or more warriors in ``c`` (a hireling is
    no faction, LoR-E.3.3)."""
    return any(n >= 3 for f, n in game.clearings[c].warriors.items() if f != seat.faction and f in FACTIONS)


# ---------------------------------------------------------------------------------------------- actions

def spread_target(game: Game, seat: Seat) -> int | None:
    """Where Spread Sympathy places its token (CW-AA-DAY-1): the ordered unsympathetic clearing next to a
    sympathetic one with the fewest enemy warriors; with none, the unsympathetic clearing with the fewest
    enemy pieces (``aa_spread_fallback=fewest_enemies``; ``ordered_only`` keeps to ordered clearings,
    RT-OPEN-22), which is also the first token's place; ties to the highest priority (CW-GEN-8). Never
    where the keep stands. ``None``: no token left or no legal clearing."""
    if seat.supply.get("sympathy", 0) <= 0:
        return None
    board = seat.board
    free = [c for c in range(1, len(game.clearings))
            if not sympathetic(game, c) and state.may_place(game, seat.faction, c)]
    near = [c for c in free if ordered(game, board, c) and any(sympathetic(game, a) for a in movement.bot_adjacent(game, c))]
    if near:
        return common.pick(game, near, lambda c: (-common.enemy_warriors(game, seat, c),))
    if game.options.get("aa_spread_fallback", "fewest_enemies") == "ordered_only":
        free = [c for c in free if ordered(game, board, c)]
    return common.pick(game, free, lambda c: (-common.enemy_pieces(game, seat, c),))


def spread(game: Game, seat: Seat, rule: str = "CW-AA-DAY-1", scored: bool = True) -> None:
    """Spread Sympathy (CW-AA-DAY-1) at :func:`spread_target`: score the track value uncovered
    (CW-AA-SETUP-1) less 1 under Martial Law, not below 0 (CW-AA-ABIL-5). With no token to place, or
    nowhere to place it, score 5 VP instead. Wildfire's spread (``scored=False``, CW-AA-TRAIT-4) scores
    nothing either way. ``rule`` names the step that spreads (Daylight, Public Pity, Organize)."""
    c = spread_target(game, seat)
    if c is None:
        vp = CANNOT_SPREAD
    else:
        vp = TRACK[PIECES["sympathy"] - seat.supply["sympathy"]]
        if martial_law(game, seat, c):
            vp = max(vp - 1, 0)
        state.place_token(game, seat.faction, "sympathy", c)
    if not scored:
        vp = 0
    if game.trace:
        game.trace.event("spread", rule=rule, faction=seat.faction, clearing=c, vp=vp)
    if vp:
        state.score(game, seat.faction, vp, "sympathy")


def revolt(game: Game, seat: Seat, suits: tuple[str, ...], rule: str) -> bool:
    """A revolt (CW-AA-BIRD-3, CW-AA-DAY-2): among the sympathetic clearings of ``suits`` whose base is
    still on the bot's board, the one with the most enemy pieces (ties to the highest priority). A
    clearing is legal only if the base fits once the enemy pieces are gone (a ruin stays, LoR-2.2.4) and,
    with ``aa_revolt_empty=needs_enemy``, some enemy piece would go (RT-OPEN-20; default ``allowed``).
    Every other faction's piece there is removed (:func:`battle.remove_all`: 1 VP per building and token,
    LoR-3.2.1; the owners' reactions to lost warriors; a Vagabond's Full Removal, LoR-9.2.2.I), then the
    base is placed; no warriors unless
    ``aa_revolt_warriors=as_human``: then as many as the sympathetic clearings of its suit, and an
    officer (LoR-8.4.1.III, RT-OPEN-21). In the Lost City, of every suit (LoR-F), the base is one of
    ``suits`` left on the board (:func:`lost_city_base`, RT-OWN-22). Returns whether it revolted."""
    others = [f for f in state.FACTIONS if f != seat.faction and game.seat(f) is not None]
    needs_enemy = game.options.get("aa_revolt_empty", "allowed") == "needs_enemy"

    def legal(c: int) -> bool:
        cl = game.clearings[c]
        stay = sum(1 for f, _ in cl.buildings if f == seat.faction or state.shielded(game, f, c))
        return (cl.slots - cl.ruin - stay > 0 and state.may_place(game, seat.faction, c)
                and not (needs_enemy and not removable(c)))

    def removable(c: int) -> int:
        return sum(common.pieces(game, c, f) for f in others)

    where = [c for c in range(1, len(game.clearings)) if sympathetic(game, c)
             and any(state.suited(game, c, s) and seat.supply.get(f"base_{s}", 0) > 0 for s in suits)]
    c = common.pick(game, where, lambda c: (common.enemy_pieces(game, seat, c),), legal)
    if game.trace:
        game.trace.event("revolt", rule=rule, faction=seat.faction, clearing=c,
                         removed=removable(c) if c is not None else 0)
    if c is None:
        return False
    suit = game.clearings[c].suit if c != game.lost_city else lost_city_base(game, seat, suits)
    battle.remove_all(game, c, seat.faction)
    state.place_building(game, seat.faction, f"base_{suit}", c)
    if game.options.get("aa_revolt_warriors", "none") == "as_human":
        same = sum(1 for d in range(1, len(game.clearings))
                   if state.suited(game, d, suit) and sympathetic(game, d))
        state.place_warriors(game, seat.faction, c, same)
        if seat.supply["warrior"] > 0:
            seat.supply["warrior"] -= 1
            seat.board.officers += 1
    return True


def lost_city_base(game: Game, seat: Seat, suits: tuple[str, ...]) -> str:
    """The base a revolt in the Lost City places (LoR-F: it is of every suit; RT-OWN-22): of the ``suits``
    revolting (the order's; all three on a bird order) whose base is on the board, the first in that order
    (``aa_lost_city_base=first``), or the one with the most sympathetic clearings of its suit, ties to the
    first (``most_sympathy``)."""
    left = [s for s in suits if seat.supply.get(f"base_{s}", 0) > 0]
    if game.options.get("aa_lost_city_base", "first") == "most_sympathy":
        return max(left, key=lambda s: sum(1 for c in range(1, len(game.clearings))
                                           if state.suited(game, c, s) and sympathetic(game, c)))
    return left[0]


def organize(game: Game, seat: Seat) -> None:
    """Organize (CW-AA-EVE-1): in each clearing with a base and at least the difficulty's number of the
    bot's warriors (4 easy, 3 default, 2 challenging and nightmare: CW-AA-DIFF-EASY, CW-AA-DIFF-DEFAULT,
    CW-AA-DIFF-CHALLENGING, CW-AA-DIFF-NIGHTMARE), remove them all and
    Spread Sympathy once: clearing by clearing in priority order (``aa_organize_order=clearing_by_clearing``),
    or every removal first (``remove_all_first``) (RT-OPEN-24, CW-GEN-11)."""
    need, me = ORGANIZE[seat.difficulty], seat.faction
    where = [c for c in range(1, len(game.clearings))
             if any(f == me for f, _ in game.clearings[c].buildings) and game.clearings[c].warriors.get(me, 0) >= need]
    first = game.options.get("aa_organize_order", "clearing_by_clearing") == "remove_all_first"
    for c in where:
        n = state.remove_warriors(game, me, c, game.clearings[c].warriors[me])
        if game.trace:
            game.trace.event("organize", rule="CW-AA-EVE-1", faction=me, clearing=c, warriors=n)
        if not first:
            spread(game, seat, "CW-AA-EVE-1")
    if first:
        for _ in where:
            spread(game, seat, "CW-AA-EVE-1")


def recruit(game: Game, seat: Seat) -> None:
    """Recruit (CW-AA-EVE-2): one warrior in each clearing with a base, in priority order while the supply
    lasts (RT-OPEN-12; one warrior a clearing leaves ``short_supply`` nothing to spread in proportion)."""
    for c in range(1, len(game.clearings)):
        if any(f == seat.faction for f, _ in game.clearings[c].buildings):
            n = state.place_warriors(game, seat.faction, c, 1)
            if game.trace:
                game.trace.event("recruit", rule="CW-AA-EVE-2", faction=seat.faction, clearing=c, placed=n)


# ---------------------------------------------------------------------------------------------- the turn

def setup(game: Game, seat: Seat) -> None:
    """Setup (CW-AA-SETUP-1): the 10 warriors, 3 bases and 10 sympathy tokens stay in the supply (the
    bot's board and track); no supporters, nothing on the map."""
    seat.board = Board()
    if game.trace:
        game.trace.event("setup", rule="CW-AA-SETUP-1", faction=seat.faction, difficulty=seat.difficulty,
                         traits=seat.traits)


def turn(game: Game, seat: Seat) -> None:
    """One turn: Birdsong, Daylight, Evening (LRB-6.4..6.6)."""
    birdsong(game, seat)
    daylight(game, seat)
    evening(game, seat)


def birdsong(game: Game, seat: Seat) -> None:
    """Birdsong (CW-AA-BIRD-1..4): reveal the order card and craft it for 1 VP if its item is there (CW-GEN-13,
    CW-AA-BIRD-2, CW-GEN-3/4/5); revolt with
    the ordered base (never on a bird order); without a revolt, Public Pity: spread twice with 0-4 tokens
    on the map, once with 5 or more, counted once (``aa_public_pity_count=once``; ``each_spread`` counts
    again before the second, RT-OPEN-49). With no card to reveal the order-driven steps are skipped
    (RT-OPEN-35)."""
    board = seat.board
    board.order = common.reveal_order(game, seat)
    board.suit = game.cards[board.order].suit if board.order is not None else None
    if board.order is None:
        return
    common.craft_order(game, seat, board.order)
    if board.suit != "bird" and revolt(game, seat, (board.suit,), "CW-AA-BIRD-3"):
        return
    times = 2 if on_map(game) <= 4 else 1
    if game.trace:
        game.trace.event("public_pity", rule="CW-AA-BIRD-4", faction=seat.faction, spreads=times)
    spread(game, seat, "CW-AA-BIRD-4")
    if times == 2 and not (game.options.get("aa_public_pity_count", "once") == "each_spread" and on_map(game) > 4):
        spread(game, seat, "CW-AA-BIRD-4")


def daylight(game: Game, seat: Seat) -> None:
    """Daylight: Spread Sympathy (CW-AA-DAY-1), then on a bird order a Surprise Revolt with any base still
    on the board (CW-AA-DAY-2). Skipped without an order card (RT-OPEN-35)."""
    if seat.board.suit is None:
        return
    spread(game, seat)
    if seat.board.suit == "bird":
        revolt(game, seat, SUITS, "CW-AA-DAY-2")


def evening(game: Game, seat: Seat) -> None:
    """Evening: Organize (CW-AA-EVE-1), Recruit (CW-AA-EVE-2), discard the order card (CW-AA-EVE-3,
    CW-GEN-14), then at its end Wildfire's unscored spread (CW-AA-TRAIT-4) and the nightmare point
    (CW-AA-EVE-4, CW-GEN-24)."""
    board = seat.board
    organize(game, seat)
    recruit(game, seat)
    common.discard_order(game, board.order)
    if game.trace and board.order is not None:
        game.trace.event("discard", rule="CW-AA-EVE-3", faction=seat.faction, card=game.cards[board.order].key)
    board.order = None
    if "wildfire" in seat.traits:
        spread(game, seat, "CW-AA-TRAIT-4", scored=False)
    common.nightmare_bonus(game, seat)
    board.suit = None
