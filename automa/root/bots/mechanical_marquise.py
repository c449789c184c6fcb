"""The Mechanical Marquise 2.0, the Clockwork bot of the Marquise de Cat (CW-MM, the Law of Rootbotics §4).

Each Birdsong the bot reveals an order card and crafts it if it can (CW-MM-BIRD). A fox, rabbit or mouse
order runs the five Daylight steps in the clearings of that suit (battle, recruit, build, move, expand,
CW-MM-DAY) and builds the building of that suit (fox sawmill, rabbit workshop, mouse recruiter); a bird
order runs Escalated Daylight instead (CW-MM-ESC). Evening scores the ordered building track (CW-MM-EVE).
The bot keeps no wood, pays nothing to build and scores nothing for placing a building; it holds no hand
and is never ambushed (Poor Manual Dexterity, Hates Surprises, CW-MM-ABIL-2: CW-GEN-15, CW-GEN-16).

The keep is the Marquise's token, the same piece for the human Marquise and the bot (LoR-1.5.2): the ban
on other factions placing pieces in its clearing (CW-MM-ABIL-1, LoR-6.2.2) is ``state.may_place``, which
the place functions obey; the bot only places its own pieces, which the ban allows.

The shared bot rules come from :mod:`automa.root.bots.common` (the order card, crafting, targets,
priority, hits, the nightmare bonus); the seat holds the difficulty and traits (CW-GEN-19). Rule options
read here (rules-open.md): ``mm_random_setup`` (RT-OPEN-38), ``one_battle_per_clearing`` (RT-OPEN-8),
``mm_recruit_spread`` (RT-OPEN-5), ``mm_recruit_remainder`` (RT-OPEN-52), ``short_supply`` (RT-OPEN-12),
``mm_move_once`` (RT-OPEN-9), ``mm_move_rule`` (RT-OPEN-10), ``mm_build_fallback`` (RT-OPEN-13),
``mm_expand_limit`` (RT-OPEN-6), ``mm_expand_order_card`` (RT-OPEN-7), ``mm_blitz_destination``
(RT-OPEN-11), ``bird_order_scope`` (RT-OPEN-2, the challenging recruit of Escalated Daylight).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from automa.root import battle, data, movement, state
from automa.root.bots import common
from automa.root.state import Game, Seat

FACTION = "marquise"
BUILDINGS = ("sawmill", "workshop", "recruiter")
BUILDING_OF = {"fox": "sawmill", "rabbit": "workshop", "mouse": "recruiter"}     # CW-MM-DAY-3
_BOX = data.load().components.marquise_pieces
PIECES = {"warrior": _BOX["warriors"], "keep": _BOX["keep_token"], "sawmill": _BOX["sawmills"],
          "workshop": _BOX["workshops"], "recruiter": _BOX["recruiters"]}         # CW-MM-SETUP-1, -5 (no wood)
RECRUIT = 4                  # CW-MM-DAY-2, CW-MM-ESC-2, CW-MM-DIFF-DEFAULT
EASY_RECRUIT = 2             # CW-MM-DIFF-EASY
EXTRA_RECRUIT = 2            # CW-MM-DIFF-CHALLENGING, CW-MM-DIFF-NIGHTMARE
STAY = 3                     # warriors left behind by a move (CW-MM-DAY-4, CW-MM-ESC-4)
EXPAND_MAX_BUILDINGS = 5     # CW-MM-DAY-5
EXPAND_GUARD = 10            # RT-OPEN-6 ``unlimited``: the engine's guard
HOSPITALS = 2                # CW-MM-TRAIT-3
ESCALATED_TIE = ("sawmill", "recruiter", "workshop")   # CW-MM-ESC-3: the type kept on a tie, first first


@dataclass(slots=True)
class MechanicalMarquiseBoard:
    """The bot's board: where the keep stands (``None`` once removed: it leaves the game, CW-MM-ABIL-1),
    this turn's order card, whether a building was placed this turn (CW-MM-DAY-5) and how often Expand
    restarted Daylight. The building tracks are the supply (``seat.supply``): a building leaves its track
    when placed and returns when removed (CW-MM-SETUP-5)."""

    keep: int | None = None
    order: int | None = None
    built: bool = False
    expands: int = 0

    gone_when_removed: ClassVar[tuple[str, ...]] = ("keep",)     # CW-MM-ABIL-1, LoR-6.2.2

    def copy(self) -> MechanicalMarquiseBoard:
        return MechanicalMarquiseBoard(self.keep, self.order, self.built, self.expands)

    def removed(self, game: Game, seat: Seat, c: int, kind: str, by: str | None, scorer: str | None) -> None:
        """A removed keep leaves the game (CW-MM-ABIL-1, LoR-6.2.2): the placement ban ends and Hospitals
        have nowhere to place (CW-GEN-6, CW-MM-TRAIT-3)."""
        if kind == "keep":
            self.keep = None
            if game.trace:
                game.trace.event("keep_removed", rule="CW-MM-ABIL-1", faction=FACTION, clearing=c, by=by)

    def after_battle(self, game: Game, seat: Seat, result) -> None:
        """Hospitals (CW-MM-TRAIT-3) at the end of a battle MM defended."""
        if result.defender == FACTION:
            hospitals(game, seat, result.warriors_lost[1])

    def take_hits(self, game: Game, seat: Seat, c: int, hits: int, by: str | None) -> int:
        """The bot takes hits as every bot does (CW-GEN-6): warriors, then tokens (the keep), then
        buildings, the type at random. With Fortified (CW-MM-TRAIT-2) each building takes two hits to
        remove, and a single hit left for a building does nothing. Returns the pieces removed."""
        if "fortified" not in seat.traits:
            return common.take_hits(game, seat, c, hits, by)
        cl = game.clearings[c]
        soft = cl.warriors.get(FACTION, 0) + sum(1 for f, _ in cl.tokens if f == FACTION)
        removed = common.take_hits(game, seat, c, min(hits, soft), by)
        hits -= removed
        if hits > 0 and any(f == FACTION for f, _ in cl.buildings):
            n = common.take_hits(game, seat, c, hits // 2, by)
            if game.trace:
                game.trace.event("fortified", rule="CW-MM-TRAIT-2", faction=FACTION, clearing=c, hits=hits,
                                 buildings=n)
            removed += n
        return removed


# ---------------------------------------------------------------------------------------------- setup

def setup(game: Game, seat: Seat) -> None:
    """CW-MM-SETUP-1..5: the keep in a corner (CW-MM-SETUP-2, RT-OPEN-38: at random, or the corner
    ``mm_random_setup`` names); a warrior in every clearing but the corner diagonally opposite, and one more
    with the keep (CW-MM-SETUP-3); a sawmill, a workshop and a recruiter in three distinct clearings drawn
    at random among the keep's clearing and its neighbours with an open slot (CW-MM-SETUP-4); the other
    buildings wait on their tracks, the supply (CW-MM-SETUP-5). Random draws: the bot's stream (RT-OPEN-3)."""
    board = MechanicalMarquiseBoard()
    seat.board = board
    how = game.options.get("mm_random_setup", "random")
    corners = list(game.map.corners)
    keep = common.random_pick(game, seat, corners) if how == "random" else corners[data.CORNERS.index(how)]
    state.place_token(game, FACTION, "keep", keep)
    board.keep = keep
    opposite = game.map.clearings[keep - 1].opposite
    for c in range(1, len(game.clearings)):
        if c != opposite:
            state.place_warriors(game, FACTION, c, 2 if c == keep else 1)
    if game.trace:
        game.trace.event("setup", rule="CW-MM-SETUP-2", faction=FACTION, keep=keep)
        game.trace.event("setup", rule="CW-MM-SETUP-3", faction=FACTION, empty=opposite)
    near = sorted((keep,) + movement.bot_adjacent(game, keep))
    for kind in BUILDINGS:
        free = [c for c in near if game.clearings[c].open_slots > 0]
        if not free:
            break
        c = common.random_pick(game, seat, free)
        state.place_building(game, FACTION, kind, c)
        near.remove(c)
        if game.trace:
            game.trace.event("setup", rule="CW-MM-SETUP-4", faction=FACTION, building=kind, clearing=c)


# ---------------------------------------------------------------------------------------------- the turn

def turn(game: Game, seat: Seat) -> None:
    """One turn: Birdsong (CW-MM-BIRD), Daylight or Escalated Daylight (CW-MM-DAY, CW-MM-ESC), Evening
    (CW-MM-EVE). Without an order card (empty deck, RT-OPEN-35) the order-driven steps are skipped."""
    board = seat.board
    board.built, board.expands = False, 0
    board.order = common.reveal_order(game, seat)                           # CW-MM-BIRD-1
    common.craft_order(game, seat, board.order)                             # CW-MM-BIRD-2
    while board.order is not None:
        suit = game.cards[board.order].suit
        if suit == "bird":
            escalated_daylight(game, seat)                                  # no Expand after it (CW-MM-ESC-5)
            break
        daylight(game, seat, suit)
        if not expand(game, seat):
            break
    evening(game, seat)


def daylight(game: Game, seat: Seat, suit: str) -> None:
    """The five Daylight steps for a fox, rabbit or mouse order (CW-MM-DAY-1..4; Blitz after the move,
    CW-MM-DAY-6; Expand, CW-MM-DAY-5, is the caller's)."""
    for rule, step in (("CW-MM-DAY-1", battle_step), ("CW-MM-DAY-2", recruit_step), ("CW-MM-DAY-3", build_step),
                       ("CW-MM-DAY-4", move_step)):
        if game.trace:
            game.trace.event("step", rule=rule, faction=FACTION, suit=suit)
        step(game, seat, suit)
    if "blitz" in seat.traits:
        blitz(game, seat)


def escalated_daylight(game: Game, seat: Seat) -> None:
    """Escalated Daylight for a bird order (CW-MM-ESC-1..4; Blitz after the move, CW-MM-TRAIT-1)."""
    for rule, step in (("CW-MM-ESC-1", battle_everywhere), ("CW-MM-ESC-2", escalated_recruit),
                       ("CW-MM-ESC-3", escalated_build), ("CW-MM-ESC-4", advance_and_strike)):
        if game.trace:
            game.trace.event("step", rule=rule, faction=FACTION, suit="bird")
        step(game, seat)
    if "blitz" in seat.traits:
        blitz(game, seat)


# ---------------------------------------------------------------------------------------------- battle

def defenders(game: Game, seat: Seat, c: int) -> list[str]:
    """The enemies MM may battle in ``c``, best first (CW-MM-DAY-1): the player with the most pieces
    there, then the most VP (LRB-4.5.1.I), then setup priority (CW-GEN-9); none unless MM has a warrior
    there (CW-GEN-10, LoR-4.3.1). Enemies are those of CW-GEN-22/29."""
    if not game.clearings[c].warriors.get(FACTION, 0):
        return []
    present = [f for f in common.enemies(game, seat) if common.target(game, c, f)]
    return common.ranked_players(present, lambda f: (common.pieces(game, c, f), game.seat(f).vp))


def battle_in(game: Game, seat: Seat, c: int, rule: str) -> None:
    """Battle in ``c`` (CW-MM-DAY-1, CW-MM-ESC-1, CW-MM-ESC-4, CW-MM-TRAIT-1): once, against the defender
    :func:`defenders` picks (RT-OPEN-8 ``one_defender``), or once against each enemy there in that order
    while MM still has warriors there (``each_enemy``). No legal defender: nothing."""
    first = defenders(game, seat, c)
    if not first:
        return
    if game.options.get("one_battle_per_clearing", "one_defender") == "one_defender":
        fight(game, seat, c, first[0], rule)
        return
    for f in first:
        if game.clearings[c].warriors.get(FACTION, 0) and common.pieces(game, c, f) > 0:
            fight(game, seat, c, f, rule)


def fight(game: Game, seat: Seat, c: int, defender: str, rule: str) -> None:
    """One battle of MM against ``defender`` in ``c`` (LoR-4.3 via battle.py; no ambush against a bot,
    CW-GEN-16)."""
    if game.trace:
        game.trace.event("battle", rule=rule, faction=FACTION, clearing=c, defender=defender)
    battle.battle(game, FACTION, defender, c)


def battle_everywhere(game: Game, seat: Seat) -> None:
    """CW-MM-ESC-1: battle in every clearing where MM can, highest priority first (CW-GEN-11)."""
    for c in common.priority_order(game, range(1, len(game.clearings))):
        battle_in(game, seat, c, "CW-MM-ESC-1")


def hospitals(game: Game, seat: Seat, lost: int) -> None:
    """CW-MM-TRAIT-3 Hospitals: at the end of a battle in which MM defended and lost two or more warriors,
    place 2 MM warriors (as many as the supply holds) in the keep's clearing; nothing once the keep is gone
    (CW-GEN-6)."""
    keep = seat.board.keep
    if "hospitals" not in seat.traits or lost < 2 or keep is None:
        return
    n = state.place_warriors(game, FACTION, keep, HOSPITALS)
    if game.trace:
        game.trace.event("hospitals", rule="CW-MM-TRAIT-3", faction=FACTION, clearing=keep, warriors=n, lost=lost)


def battle_step(game: Game, seat: Seat, suit: str) -> None:
    """CW-MM-DAY-1: battle in each ordered clearing, highest priority first (CW-GEN-11)."""
    for c in common.ordered_clearings(game, suit):
        battle_in(game, seat, c, "CW-MM-DAY-1")


# ---------------------------------------------------------------------------------------------- recruit

def recruit_count(seat: Seat, escalated: bool) -> int:
    """The warriors one Recruit places before the challenging extra: 4 (CW-MM-DAY-2, CW-MM-ESC-2), 2 at
    easy (CW-MM-DIFF-EASY); doubled in Escalated Daylight with Iron Will (CW-MM-TRAIT-4)."""
    n = EASY_RECRUIT if seat.difficulty == "easy" else RECRUIT
    if escalated and "iron_will" in seat.traits:
        n *= 2
    return n


def spread(game: Game, n: int, targets: list[int]) -> dict[int, int]:
    """``n`` warriors spread evenly over ``targets`` (CW-MM-DAY-2): ``n // k`` in each, and the remaining
    ``n % k`` one each in the clearings of highest priority. With 4 warriors over five or more clearings,
    ``mm_recruit_spread=lowest_priority`` puts them in the four of lowest priority (RT-OPEN-5); for any
    other number ``mm_recruit_remainder=lowest_priority`` gives the leftovers to the lowest (RT-OPEN-52)."""
    k = len(targets)
    if not k:
        return {}
    order = common.priority_order(game, targets)
    option = "mm_recruit_spread" if n == RECRUIT else "mm_recruit_remainder"
    if (n != RECRUIT or k >= 5) and game.options.get(option, "highest_priority") == "lowest_priority":
        order.reverse()
    return {c: n // k + (i < n % k) for i, c in enumerate(order) if n // k + (i < n % k)}


def place_recruits(game: Game, seat: Seat, plan: dict[int, int], rule: str) -> None:
    """Place the warriors of ``plan`` (clearing -> warriors). When the supply is short (RT-OPEN-12): by
    default one per clearing per pass, highest priority first, as far as the supply goes
    (``priority_order``, LoR-1.5.4); or in proportion to the plan, leftovers by priority (``proportional``)."""
    have, want = seat.supply.get("warrior", 0), sum(plan.values())
    order = common.priority_order(game, plan)
    if want > have:
        if game.options.get("short_supply", "priority_order") == "proportional":
            cut = {c: plan[c] * have // want for c in order}
            left = have - sum(cut.values())
            for c in order:
                if left and cut[c] < plan[c]:
                    cut[c] += 1
                    left -= 1
        else:
            cut, left = dict.fromkeys(order, 0), have
            while left:
                for c in order:
                    if left and cut[c] < plan[c]:
                        cut[c] += 1
                        left -= 1
        plan = cut
        if game.trace:
            game.trace.event("guard", rule="RT-OPEN-12", faction=FACTION, wanted=want, placed=have)
    for c in order:
        if plan[c]:
            state.place_warriors(game, FACTION, c, plan[c])
            if game.trace:
                game.trace.event("recruit", rule=rule, faction=FACTION, clearing=c, warriors=plan[c])


def recruit_targets(game: Game, clearings) -> list[int]:
    """The clearings MM rules among ``clearings``, in their order, less those it may not place in (the Furious
    Protector's, LoR-1.5.4): a bot targets only what it may act on (CW-GEN-10)."""
    return [c for c in clearings if state.rules(game, FACTION, c) and state.may_place(game, FACTION, c)]


def challenging_extra(game: Game, seat: Seat, suit: str) -> None:
    """CW-MM-DIFF-CHALLENGING, CW-MM-DIFF-NIGHTMARE: each Recruit also places 2 warriors in the ordered
    clearing MM rules of highest priority (with a bird order every clearing is ordered, RT-OPEN-2)."""
    if seat.difficulty not in ("challenging", "nightmare"):
        return
    ruled = recruit_targets(game, common.ordered_clearings(game, suit))
    if ruled:
        place_recruits(game, seat, {ruled[0]: EXTRA_RECRUIT}, "CW-MM-DIFF-CHALLENGING")


def recruit_step(game: Game, seat: Seat, suit: str) -> None:
    """CW-MM-DAY-2: 4 warriors (CW-MM-DIFF-EASY: 2) spread evenly over the ordered clearings MM rules
    (:func:`spread`), then the challenging extra."""
    ruled = recruit_targets(game, common.ordered_clearings(game, suit))
    place_recruits(game, seat, spread(game, recruit_count(seat, False), ruled), "CW-MM-DAY-2")
    challenging_extra(game, seat, suit)


def escalated_recruit(game: Game, seat: Seat) -> None:
    """CW-MM-ESC-2: half the warriors in each of the two clearings MM rules of lowest priority, or all in
    the only one it rules (4; easy 2, CW-MM-DIFF-EASY; doubled by Iron Will, CW-MM-TRAIT-4), then the
    challenging extra, not doubled."""
    n = recruit_count(seat, True)
    ruled = recruit_targets(game, common.priority_order(game, range(1, len(game.clearings)), lowest=True))
    plan = {ruled[0]: n} if len(ruled) == 1 else {c: n // 2 for c in ruled[:2]}
    place_recruits(game, seat, plan, "CW-MM-ESC-2")
    challenging_extra(game, seat, "bird")


# ---------------------------------------------------------------------------------------------- build

def build_in(game: Game, seat: Seat, kind: str, rule: str) -> bool:
    """Place a ``kind`` building in the clearing MM rules with the most MM warriors and an open slot, ties
    to the highest priority (CW-GEN-8), falling through to the next (CW-GEN-10, RT-OPEN-13); no cost and no
    VP. False when none is left of that type or no clearing is legal."""
    if seat.supply.get(kind, 0) <= 0:
        return False
    c = common.pick(game, range(1, len(game.clearings)), lambda c: (game.clearings[c].warriors.get(FACTION, 0),),
                    lambda c: state.rules(game, FACTION, c) and game.clearings[c].open_slots > 0
                    and state.may_place(game, FACTION, c))
    if c is None:
        return False
    state.place_building(game, FACTION, kind, c)
    seat.board.built = True
    if game.trace:
        game.trace.event("build", rule=rule, faction=FACTION, building=kind, clearing=c)
    return True


def build_step(game: Game, seat: Seat, suit: str) -> None:
    """CW-MM-DAY-3: build the ordered building (fox sawmill, rabbit workshop, mouse recruiter)."""
    build_in(game, seat, BUILDING_OF[suit], "CW-MM-DAY-3")


def escalated_type(game: Game, seat: Seat) -> str | None:
    """CW-MM-ESC-3: the type MM has most of on the map; a tie keeps the sawmill, then the recruiter
    (``ESCALATED_TIE``). RT-OPEN-13: by default only types with a building left compete
    (``other_types``); with ``skip`` an exhausted commonest type means no build (``None``)."""
    left = game.options.get("mm_build_fallback", "other_types") == "other_types"
    kinds = [k for k in ESCALATED_TIE if seat.supply.get(k, 0) > 0 or not left]
    if not kinds:
        return None
    best = max(kinds, key=lambda k: (PIECES[k] - seat.supply.get(k, 0), -ESCALATED_TIE.index(k)))
    return best if seat.supply.get(best, 0) > 0 else None


def escalated_build(game: Game, seat: Seat) -> None:
    """CW-MM-ESC-3: build one building of the commonest type (:func:`escalated_type`)."""
    kind = escalated_type(game, seat)
    if kind is not None:
        build_in(game, seat, kind, "CW-MM-ESC-3")


# ---------------------------------------------------------------------------------------------- move

def may_move(game: Game, origin: int, destination: int) -> bool:
    """A move along a path is legal when MM rules the origin or the destination (LoR-4.2.1), or either is a
    river clearing and MM controls the Otter Divers (``state.divers``, RT-OWN-54), never into the
    Scoundrel's Scorched Earth (LoR-D.6), nor out of a clearing the Band holds it in (LoR-E)."""
    return ((state.rules(game, FACTION, origin) or state.rules(game, FACTION, destination)
             or (bool(game.hirelings) and state.divers(game, FACTION, origin, destination)))
            and destination != state.scorched(game) and not state.held_by_band(game, FACTION, origin))


def destination(game: Game, seat: Seat, origin: int, by_enemies: bool = True) -> int | None:
    """Where warriors leaving ``origin`` go (CW-MM-DAY-4, CW-MM-ESC-4): the adjacent clearing with the most
    enemy pieces, ties to the highest priority; ``by_enemies=False`` ranks by priority alone (Blitz,
    RT-OPEN-11). An illegal best choice falls through to the next (``mm_move_rule=next_destination``,
    CW-GEN-10) or gives no move (``skip_origin``, RT-OPEN-10)."""
    near = movement.bot_adjacent(game, origin)
    key = (lambda c: (common.enemy_pieces(game, seat, c),)) if by_enemies else None
    ranked = common.ranked(game, near, key)
    if game.options.get("mm_move_rule", "next_destination") == "skip_origin":
        return ranked[0] if may_move(game, origin, ranked[0]) else None
    return next((c for c in ranked if may_move(game, origin, c)), None)


def march(game: Game, seat: Seat, origins: list[int], rule: str) -> list[int]:
    """From each of ``origins`` in priority order (CW-GEN-11), move all MM warriors but three to
    :func:`destination`, through ``movement.move`` so that the other seats' ``entered`` reactions fire (a
    human Alliance's Outrage, CW-GEN-25, LoR-8.2.6). By default warriors that arrived earlier in this step
    move on when their clearing's turn comes (RT-OPEN-9 ``recompute``, LoR-4.2.2); with
    ``mm_move_once=once`` they stay. Returns the clearings that received warriors, in priority order."""
    once = game.options.get("mm_move_once", "recompute") == "once"
    arrived: dict[int, int] = {}
    for o in common.priority_order(game, origins):
        here = game.clearings[o].warriors.get(FACTION, 0)
        n = here - STAY
        if once:
            n = min(n, here - arrived.get(o, 0))
        if n <= 0:
            continue
        d = destination(game, seat, o)
        if d is None:
            continue
        movement.move(game, FACTION, o, d, n)
        arrived[d] = arrived.get(d, 0) + n
        if game.trace:
            game.trace.event("move", rule=rule, faction=FACTION, origin=o, destination=d, warriors=n)
    return common.priority_order(game, arrived)


def move_step(game: Game, seat: Seat, suit: str) -> None:
    """CW-MM-DAY-4: move from each ordered clearing (:func:`march`)."""
    march(game, seat, common.ordered_clearings(game, suit), "CW-MM-DAY-4")


def advance_and_strike(game: Game, seat: Seat) -> None:
    """CW-MM-ESC-4: move from every clearing (:func:`march`), then battle in each clearing that received
    warriors, highest priority first."""
    for c in march(game, seat, list(range(1, len(game.clearings))), "CW-MM-ESC-4"):
        battle_in(game, seat, c, "CW-MM-ESC-4")


def blitz(game: Game, seat: Seat) -> None:
    """CW-MM-TRAIT-1 (CW-MM-DAY-6): after the move, take the clearing MM rules of highest priority with no
    enemy pieces, move all MM warriors but one out of it (``movement.move``: Outrage, CW-GEN-25), then
    battle in the clearing they entered. The
    destination (RT-OPEN-11): the adjacent clearing with the most enemy pieces (``most_enemies``) or of
    highest priority (``highest_priority``). A clearing with fewer than two MM warriors, or no legal
    destination, falls through to the next (CW-GEN-10)."""
    by_enemies = game.options.get("mm_blitz_destination", "most_enemies") == "most_enemies"
    for o in range(1, len(game.clearings)):
        n = game.clearings[o].warriors.get(FACTION, 0) - 1
        if n <= 0 or not state.rules(game, FACTION, o) or common.enemy_pieces(game, seat, o):
            continue
        d = destination(game, seat, o, by_enemies)
        if d is None:
            continue
        movement.move(game, FACTION, o, d, n)
        if game.trace:
            game.trace.event("blitz", rule="CW-MM-TRAIT-1", faction=FACTION, origin=o, destination=d, warriors=n)
        battle_in(game, seat, d, "CW-MM-TRAIT-1")
        return


# ---------------------------------------------------------------------------------------------- expand

def buildings_on_map(seat: Seat) -> int:
    """MM's buildings on the map: those off their tracks (CW-MM-SETUP-5)."""
    return sum(PIECES[k] - seat.supply.get(k, 0) for k in BUILDINGS)


def expand(game: Game, seat: Seat) -> bool:
    """CW-MM-DAY-5: with no building placed this turn and five or fewer on the map, discard the order card
    and reveal a new one, not crafted (RT-OPEN-7 ``not_crafted``; ``crafted``: craft it), to run Daylight
    again. Repeats are unlimited but for the engine guard of 10 (RT-OPEN-6 ``unlimited``, logged when it
    stops a repeat), or one per turn (``once``). Returns whether Daylight runs again."""
    board = seat.board
    if board.built or buildings_on_map(seat) > EXPAND_MAX_BUILDINGS:
        return False
    limit = 1 if game.options.get("mm_expand_limit", "unlimited") == "once" else EXPAND_GUARD
    if board.expands >= limit:
        if limit == EXPAND_GUARD:
            if "RT-OPEN-6" not in game.guards:
                game.guards.append("RT-OPEN-6")
            if game.trace:
                game.trace.event("guard", rule="RT-OPEN-6", faction=FACTION, expands=board.expands)
        return False
    board.expands += 1
    common.discard_order(game, board.order)
    board.order = common.reveal_order(game, seat)
    if game.trace:
        game.trace.event("expand", rule="CW-MM-DAY-5", faction=FACTION, repeat=board.expands,
                         card=None if board.order is None else game.cards[board.order].key)
    if game.options.get("mm_expand_order_card", "not_crafted") == "crafted":
        common.craft_order(game, seat, board.order)
    return board.order is not None


# ---------------------------------------------------------------------------------------------- evening

def track_value(seat: Seat, kind: str) -> int:
    """The rightmost empty space of a building track: the buildings of that type on the map less one,
    at least 0 (CW-MM-SETUP-5: the bot's tracks read 0..5)."""
    return max(0, PIECES[kind] - seat.supply.get(kind, 0) - 1)


def evening(game: Game, seat: Seat) -> None:
    """CW-MM-EVE-1: score the ordered track (a bird order: the track worth most), by the order card current
    now (after any Expand); CW-MM-EVE-2: discard it; CW-MM-EVE-3: the nightmare point (CW-GEN-24)."""
    board = seat.board
    if board.order is not None:
        suit = game.cards[board.order].suit
        kinds = BUILDINGS if suit == "bird" else (BUILDING_OF[suit],)
        vp = max(track_value(seat, k) for k in kinds)
        if game.trace:
            game.trace.event("score", rule="CW-MM-EVE-1", faction=FACTION, suit=suit, vp=vp)
        if vp:
            state.score(game, FACTION, vp, "buildings")
        common.discard_order(game, board.order)                                  # CW-MM-EVE-2
        board.order = None
    common.nightmare_bonus(game, seat)                                           # CW-MM-EVE-3
