"""The Electric Eyrie, the Clockwork bot of the Eyrie (CW-EE, the Law of Rootbotics §5).

Each Birdsong the bot reveals an order card, crafts it if it can and files it in the Decree column of
its suit; Daylight resolves every non-empty column (recruit, then move, then battle, each left to
right), then builds a roost; Evening scores the Roosts track. Failing to place a roost is turmoil.
The Decree's columns run fox, mouse, rabbit, bird (CW-EE intro); the Loyal Viziers sit in the bird
column as a count, not as cards. The bot has no leader (unlike the human Eyrie, LoR-7.3.3), holds no hand and is never ambushed (Poor Manual
Dexterity, Hates Surprises, CW-EE-ABIL-2: CW-GEN-15, CW-GEN-16).

The shared bot rules come from :mod:`automa.root.bots.common` (the order card, crafting, targets,
priority, hits, the nightmare bonus); the seat holds the difficulty and traits (CW-GEN-19). Rule
options read here (rules-open.md): ``ee_corner`` (RT-OPEN-37), ``ee_rule_test`` (RT-OPEN-14),
``ee_new_roost_turmoil`` (RT-OPEN-15), ``ee_move_origin`` (RT-OPEN-16), ``ee_extra_hit_tie``
(RT-OPEN-17), ``ee_bird_column`` (RT-OPEN-18), ``ee_failed_step`` (RT-OPEN-19), ``ee_exact_rule_count``
(RT-OPEN-48), ``ee_turmoil_end_of_daylight`` (RT-OPEN-53).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from automa.root import battle as battles
from automa.root import data, movement, state
from automa.root.bots import common
from automa.root.state import FACTIONS, Game, Seat

FACTION = "eyrie"
COLUMNS = ("fox", "mouse", "rabbit", "bird")     # the Decree, left to right (CW-EE intro, CW-EE-DAY-1)
_BOX = data.load().components.eyrie_pieces
PIECES = {"warrior": _BOX["warriors"], "roost": _BOX["roosts"]}   # CW-EE-SETUP-1, CW-EE-SETUP-4


@dataclass(slots=True)
class ElectricEyrieBoard:
    """The bot's board: the Decree (per column the cards filed, by id; ``None`` for a card already
    discarded when crafted, RT-OPEN-42 ``discard_at_once``, which counts by its suit alone), the Loyal
    Viziers in the bird column, this turn's order card and the turmoils so far. The Roosts track is the
    roost supply (``seat.supply["roost"]``): a roost leaves the track when placed and returns when
    removed (CW-EE-SETUP-4), so no ``removed`` reaction is needed."""

    viziers: int                                # CW-EE-SETUP-3, CW-EE-DIFF-EASY
    decree: dict[str, list[int | None]] = field(default_factory=lambda: {c: [] for c in COLUMNS})
    order: int | None = None                    # CW-EE-BIRD-1
    turmoils: int = 0                           # RT-STUDY-5

    def copy(self) -> ElectricEyrieBoard:
        return ElectricEyrieBoard(self.viziers, {c: list(v) for c, v in self.decree.items()}, self.order,
                                  self.turmoils)

    def cards(self, column: str) -> int:
        """N, the cards in ``column``: those filed, and in the bird column the viziers too."""
        return len(self.decree[column]) + (self.viziers if column == "bird" else 0)

    def take_hits(self, game: Game, seat: Seat, c: int, hits: int, by: str | None) -> int:
        """Battle's hook: the bot takes hits as every bot does (CW-GEN-6): warriors, then roosts."""
        return common.take_hits(game, seat, c, hits, by)

    def after_battle(self, game: Game, seat: Seat, result: battles.Battle) -> None:
        """Battle's hook: War Tax (CW-EE-TRAIT-4) for each enemy building or token the bot's hits removed,
        attacking or defending."""
        side = 0 if result.attacker == FACTION else 1
        victim = (result.defender, result.attacker)[side]
        for _ in result.pieces_lost[1 - side]:
            war_tax(game, seat, victim)


class Turmoil(Exception):
    """A step fell into turmoil (CW-EE-TURM-1); Daylight ends at once (CW-EE-TURM-4, RT-OPEN-53)."""


# ---------------------------------------------------------------------------------------------- setup

def setup(game: Game, seat: Seat) -> None:
    """CW-EE-SETUP-1..4 with the difficulty (CW-GEN-19): a roost and 6 warriors in the starting corner;
    the Loyal Viziers in the bird column, one at easy (CW-EE-DIFF-EASY), two at default (CW-EE-DIFF-DEFAULT);
    at challenging and nightmare a bird ambush card taken from the deck and filed there
    (CW-EE-DIFF-CHALLENGING, CW-EE-DIFF-NIGHTMARE)."""
    board = ElectricEyrieBoard(1 if seat.difficulty == "easy" else 2)
    seat.board = board
    corner = _corner(game, seat)
    state.place_building(game, FACTION, "roost", corner)
    state.place_warriors(game, FACTION, corner, 6)
    if game.trace:
        game.trace.event("setup", rule="CW-EE-SETUP-2", faction=FACTION, clearing=corner, warriors=6)
        game.trace.event("setup", rule="CW-EE-SETUP-3", faction=FACTION, viziers=board.viziers)
    if seat.difficulty in ("challenging", "nightmare"):
        card = _take_bird_ambush(game)
        if card is not None:
            board.decree["bird"].append(card)
        if game.trace:
            game.trace.event("setup", rule="CW-EE-DIFF-CHALLENGING", faction=FACTION,
                             card=None if card is None else game.cards[card].key)


def _corner(game: Game, seat: Seat) -> int:
    """The starting corner (CW-EE-SETUP-2, RT-OPEN-37 ``opposite_keep``): with the keep on the map (the
    Marquise sets up first, letter A) the corner diagonally opposite it; otherwise, or with
    ``ee_corner=uniform``, a random legal corner (RT-OPEN-3): not the keep's (only the Marquise places
    there, CW-MM-ABIL-1, LoR-6.2.2) and with an open slot for the roost."""
    keep = _keep(game)
    legal = [c for c in game.map.corners if c != keep and game.clearings[c].open_slots > 0]
    if keep is not None and game.options.get("ee_corner", "opposite_keep") == "opposite_keep":
        opposite = game.map.clearings[keep - 1].opposite
        if opposite in legal:
            return opposite
    return common.random_pick(game, seat, legal)


def _take_bird_ambush(game: Game) -> int | None:
    """A bird ambush card out of the deck (the lowest id: the copies are alike), else out of the discard
    pile; ``None`` when neither holds one (CW-EE-DIFF-CHALLENGING)."""
    for pile in (game.deck, game.discard):
        found = sorted(i for i in pile if game.cards[i].suit == "bird" and game.cards[i].kind == "ambush")
        if found:
            pile.remove(found[0])
            return found[0]
    return None


# ---------------------------------------------------------------------------------------------- the turn

def turn(game: Game, seat: Seat) -> None:
    """One turn: Birdsong (CW-EE-BIRD-1..4), Daylight (CW-EE-DAY-1..7), Evening (CW-EE-EVE-1, -2). A
    turmoil ends Daylight at once (CW-EE-TURM-4); Swoop, at the end of Daylight, still fires after it
    (RT-OPEN-53 ``swoop_fires``) or not (``skip_swoop``)."""
    turmoil = False
    try:
        birdsong(game, seat)
        daylight(game, seat)
    except Turmoil:
        turmoil = True
    if "swoop" in seat.traits and (not turmoil or game.options.get("ee_turmoil_end_of_daylight", "swoop_fires")
                                   == "swoop_fires"):
        swoop(game, seat)
    evening(game, seat)


def birdsong(game: Game, seat: Seat) -> None:
    """CW-EE-BIRD-1 reveal the order card; CW-EE-BIRD-2 craft it (CW-GEN-3/4/5); CW-EE-BIRD-3 file it in
    the Decree column of its suit; CW-EE-BIRD-4 A New Roost. Without an order card (RT-OPEN-35) the
    order-driven steps are skipped and the Decree still resolves."""
    board = seat.board
    board.order = card = common.reveal_order(game, seat)
    if card is None:
        return
    suit = game.cards[card].suit
    common.craft_order(game, seat, card)
    board.decree[suit].append(None if card in game.discard else card)
    if game.trace:
        game.trace.event("decree", rule="CW-EE-BIRD-3", faction=FACTION, card=game.cards[card].key, column=suit)
    if not _roosts(game):
        new_roost(game, seat, suit)


def new_roost(game: Game, seat: Seat, suit: str) -> None:
    """CW-EE-BIRD-4 A New Roost: a roost and 4 warriors in the ordered clearing (CW-GEN-13, RT-OPEN-2) of
    highest priority where all of them can be placed. None: turmoil at once (RT-OPEN-15 ``turmoil``), or
    nothing (``skip``)."""
    if seat.supply.get("roost", 0) > 0 and seat.supply.get("warrior", 0) >= 4:
        c = common.pick(game, common.ordered_clearings(game, suit),
                        legal=lambda c: state.may_place(game, FACTION, c) and game.clearings[c].open_slots > 0)
        if c is not None:
            state.place_building(game, FACTION, "roost", c)
            state.place_warriors(game, FACTION, c, 4)
            if game.trace:
                game.trace.event("new_roost", rule="CW-EE-BIRD-4", faction=FACTION, clearing=c, warriors=4)
            return
    if game.trace:
        game.trace.event("no_new_roost", rule="CW-EE-BIRD-4", faction=FACTION)
    if game.options.get("ee_new_roost_turmoil", "turmoil") == "turmoil":
        fall_into_turmoil(game, seat, "CW-EE-BIRD-4")


def daylight(game: Game, seat: Seat) -> None:
    """CW-EE-DAY-1: recruit for every non-empty column left to right, then move, then battle; then
    Relentless (trait) and Build (CW-EE-DAY-7). The bird column always acts (CW-EE-DAY-6)."""
    board = seat.board
    columns = [col for col in COLUMNS if board.cards(col)]
    for col in columns:
        recruit(game, seat, col)
    for col in columns:
        move(game, seat, col)
    for col in columns:
        battle(game, seat, col)
    if "relentless" in seat.traits:
        relentless(game, seat)
    build(game, seat)


def evening(game: Game, seat: Seat) -> None:
    """CW-EE-EVE-1: score the rightmost empty space of the Roosts track, roosts on the map − 1
    (CW-EE-SETUP-4); CW-EE-EVE-2 / CW-GEN-24: 1 VP more at nightmare. The Decree keeps its cards."""
    vp = max(0, len(_roosts(game)) - 1)
    if game.trace:
        game.trace.event("score", rule="CW-EE-EVE-1", faction=FACTION, vp=vp)
    state.score(game, FACTION, vp, "roosts")
    common.nightmare_bonus(game, seat)


# ---------------------------------------------------------------------------------------------- the Decree

def recruit(game: Game, seat: Seat, column: str) -> None:
    """CW-EE-DAY-2: N warriors in one matching clearing with a roost; ties: most enemy pieces, then fewest
    Eyrie warriors, then lowest priority. As many as the supply holds (RT-OPEN-12). No such clearing:
    skipped (RT-OPEN-19). With Nobility a warrior that cannot be placed is turmoil (CW-EE-TRAIT-1)."""
    n = seat.board.cards(column)
    c = common.pick(game, [c for c in _matching(game, column) if _has_roost(game, c)],
                    key=lambda c: (common.enemy_pieces(game, seat, c), -_warriors(game, c)),
                    legal=lambda c: state.may_place(game, FACTION, c), lowest=True)
    placed = 0 if c is None else state.place_warriors(game, FACTION, c, n)
    if game.trace:
        game.trace.event("recruit", rule="CW-EE-DAY-2", faction=FACTION, column=column, clearing=c, warriors=placed,
                         wanted=n)
    if placed < n and "nobility" in seat.traits:
        fall_into_turmoil(game, seat, "CW-EE-TRAIT-1")
    if c is None:
        _failed(game, seat, "CW-EE-DAY-2")


def move(game: Game, seat: Seat, column: str) -> None:
    """CW-EE-DAY-3: from the matching clearing the bot rules with the most Eyrie warriors (ties: highest
    priority, CW-GEN-8), leave the larger of the warriors that exactly keep rule (RT-OPEN-48) and N, and
    move the rest to one adjacent clearing; destination ties: no roost, then fewest enemy pieces, then
    lowest priority. An origin that can spare nobody passes to the next (RT-OPEN-16 ``next_origin``) or
    ends the step (``no_move``); no move at all is skipped (RT-OPEN-19)."""
    n = seat.board.cards(column)
    origins = common.ranked(game, [c for c in _matching(game, column) if _warriors(game, c) and rules(game, c)
                                   and not state.held_by_band(game, FACTION, c)],
                            key=lambda c: (_warriors(game, c),))
    for c in origins:
        count = _warriors(game, c) - max(_rule_count(game, c), n)
        if count <= 0:
            if game.options.get("ee_move_origin", "next_origin") == "next_origin":
                continue
            break
        near = [d for d in movement.bot_adjacent(game, c) if d != state.scorched(game)]    # LoR-D.6
        dest = common.pick(game, near,
                           key=lambda d: (not _has_roost(game, d), -common.enemy_pieces(game, seat, d)), lowest=True)
        movement.move(game, FACTION, c, dest, count)
        if game.trace:
            game.trace.event("move", rule="CW-EE-DAY-3", faction=FACTION, column=column, origin=c, destination=dest,
                             warriors=count)
        return
    if game.trace:
        game.trace.event("move", rule="CW-EE-DAY-3", faction=FACTION, column=column, origin=None)
    _failed(game, seat, "CW-EE-DAY-3")


def battle_target(game: Game, seat: Seat, column: str) -> tuple[int, str] | None:
    """CW-EE-DAY-4's choice: a matching clearing with Eyrie warriors and an enemy piece (CW-GEN-10);
    clearing ties: no Eyrie roost, then most defenseless enemy buildings, then lowest priority. The
    defender: the enemy there with the most buildings (even none), then the most pieces there, then the
    most VP, then setup priority (CW-GEN-9). ``None``: no legal battle."""
    foes = common.enemies(game, seat)
    c = common.pick(game, _matching(game, column), key=lambda c: (not _has_roost(game, c), _defenseless(game, c, foes)),
                    legal=lambda c: _warriors(game, c) > 0 and common.targets(game, seat, c) > 0, lowest=True)
    if c is None:
        return None
    defender = common.pick_player(
        foes, key=lambda f: (_buildings(game, c, f), common.pieces(game, c, f), game.seat(f).vp),
        legal=lambda f: common.target(game, c, f))
    return c, defender


def battle(game: Game, seat: Seat, column: str) -> None:
    """CW-EE-DAY-4 Battle: in the clearing and against the defender :func:`battle_target` picks, with one
    extra hit when :func:`extra_hit` says so (LoR-4.3.3.I). No legal battle: skipped (RT-OPEN-19)."""
    target = battle_target(game, seat, column)
    if target is None:
        if game.trace:
            game.trace.event("battle", rule="CW-EE-DAY-4", faction=FACTION, column=column, clearing=None)
        _failed(game, seat, "CW-EE-DAY-4")
        return
    c, defender = target
    extra = 1 if extra_hit(game, seat, column) else 0
    if game.trace:
        game.trace.event("battle", rule="CW-EE-DAY-4", faction=FACTION, column=column, clearing=c, defender=defender,
                         extra=extra)
    battles.battle(game, FACTION, defender, c, extra)


def extra_hit(game: Game, seat: Seat, column: str) -> bool:
    """CW-EE-DAY-4's extra hit: the column holds more cards than every other (RT-OPEN-17 ``strict``), or
    at least as many (``shared``)."""
    board = seat.board
    n = board.cards(column)
    others = [board.cards(col) for col in COLUMNS if col != column]
    if game.options.get("ee_extra_hit_tie", "strict") == "strict":
        return all(n > m for m in others)
    return all(n >= m for m in others)


def relentless(game: Game, seat: Seat) -> None:
    """CW-EE-TRAIT-2 Relentless: after the Decree, remove every defenseless enemy building and token (its
    owner has no warriors there) in each clearing with Eyrie warriors; each scores 1 VP (LoR-3.2.1) and
    War Tax applies. Clearings in priority order, owners by setup letter, tokens before buildings
    (RT-OPEN-33, RT-OPEN-4). An effect, not a target choice: in co-op it removes other bots' pieces too
    (CW-GEN-22). Pieces the Stoic Protector shields stay (LoR-E)."""
    removed = 0
    for c in range(1, len(game.clearings)):
        cl = game.clearings[c]
        if not cl.warriors.get(FACTION, 0):
            continue
        for f in FACTIONS:
            if f == FACTION or cl.warriors.get(f, 0) or state.shielded(game, f, c):
                continue
            for building, pile in ((False, cl.tokens), (True, cl.buildings)):
                for piece in [p for p in pile if p[0] == f]:
                    if piece in pile:            # a reaction to an earlier removal may have taken it
                        if game.trace:
                            game.trace.event("relentless", rule="CW-EE-TRAIT-2", faction=FACTION, clearing=c,
                                             owner=f, piece=piece[1])
                        state.remove_piece(game, c, piece, FACTION, building)
                        removed += 1
                        war_tax(game, seat, f)
    if game.trace and not removed:
        game.trace.event("relentless", rule="CW-EE-TRAIT-2", faction=FACTION, clearing=None)


def war_tax(game: Game, seat: Seat, owner: str) -> None:
    """CW-EE-TRAIT-4 War Tax: whenever the bot removes an enemy building or token, its owner loses 1 VP
    (never below 0 by default, RT-OPEN-32), booked as a negative ``removal`` (RT-STUDY-5: the loss comes
    from a removal; a source outside ``rounds.CATEGORIES`` would be an engine error)."""
    if "war_tax" in seat.traits and owner != FACTION:
        if game.trace:
            game.trace.event("war_tax", rule="CW-EE-TRAIT-4", faction=FACTION, owner=owner)
        state.score(game, owner, -1, "removal")


def build(game: Game, seat: Seat) -> None:
    """CW-EE-DAY-5 Build: a roost in the clearing the bot rules with no roost, of highest priority, where
    one can be placed (an open slot, not the keep's clearing, a roost left on the track); none: turmoil."""
    c = None
    if seat.supply.get("roost", 0) > 0:
        c = common.pick(game, range(1, len(game.clearings)),
                        legal=lambda c: rules(game, c) and not _has_roost(game, c)
                        and game.clearings[c].open_slots > 0 and state.may_place(game, FACTION, c))
    if game.trace:
        game.trace.event("build", rule="CW-EE-DAY-5", faction=FACTION, clearing=c)
    if c is None:
        fall_into_turmoil(game, seat, "CW-EE-DAY-5")
    state.place_building(game, FACTION, "roost", c)


def swoop(game: Game, seat: Seat) -> None:
    """CW-EE-TRAIT-3 Swoop: at the end of Daylight, 2 warriors in the clearing of highest priority with no
    Eyrie pieces where they may be placed (as many as the supply holds, RT-OPEN-12)."""
    c = common.pick(game, range(1, len(game.clearings)),
                    legal=lambda c: common.pieces(game, c, FACTION) == 0 and state.may_place(game, FACTION, c))
    placed = 0 if c is None else state.place_warriors(game, FACTION, c, 2)
    if game.trace:
        game.trace.event("swoop", rule="CW-EE-TRAIT-3", faction=FACTION, clearing=c, warriors=placed)


def fall_into_turmoil(game: Game, seat: Seat, cause: str) -> None:
    """CW-EE-TURM-1..4: Humiliate, lose 1 VP per bird card in the Decree, viziers included (CW-EE-TURM-2;
    Nobility: score them instead, CW-EE-TRAIT-1; floor RT-OPEN-32); Purge, every Decree card but the
    viziers to the discard pile (CW-EE-TURM-3); Rest, Daylight ends (CW-EE-TURM-4): raises ``Turmoil``."""
    board = seat.board
    birds = board.cards("bird")
    board.turmoils += 1
    if game.trace:
        game.trace.event("turmoil", rule="CW-EE-TURM-1", faction=FACTION, cause=cause)
        game.trace.event("humiliate", rule="CW-EE-TURM-2", faction=FACTION, birds=birds,
                         nobility="nobility" in seat.traits)
    state.score(game, FACTION, birds if "nobility" in seat.traits else -birds, "turmoil")
    for col in COLUMNS:
        for card in board.decree[col]:
            if card is not None:
                state.discard(game, card)
        board.decree[col] = []
    if game.trace:
        game.trace.event("purge", rule="CW-EE-TURM-3", faction=FACTION, viziers=board.viziers)
    raise Turmoil(cause)


def _failed(game: Game, seat: Seat, rule: str) -> None:
    """A Decree step found no legal clearing: skipped (RT-OPEN-19 ``skip``) or turmoil (``turmoil``)."""
    if game.options.get("ee_failed_step", "skip") == "turmoil":
        fall_into_turmoil(game, seat, rule)


# ---------------------------------------------------------------------------------------------- the map

def rules(game: Game, c: int) -> bool:
    """CW-EE-ABIL-1 Lords of the Forest: the bot rules a clearing where it is tied for the most warriors
    plus buildings, never an empty one (:func:`state.ruler`). With ``ee_rule_test=with_tokens`` it also
    rules a clearing where nobody has warriors or buildings but a token or the pawn stands (RT-OPEN-14)."""
    if state.ruler(game, c) == FACTION:
        return True
    if game.options.get("ee_rule_test", "warriors_buildings") != "with_tokens":
        return False
    cl = game.clearings[c]
    return not cl.warriors and not cl.buildings and bool(cl.tokens or game.pawn == ("clearing", c))


def _rule_count(game: Game, c: int) -> int:
    """RT-OPEN-48: the fewest Eyrie warriors w >= 1 that keep rule of ``c`` by Lords of the Forest: w plus
    the Eyrie buildings there (``with_buildings``; w alone with ``warriors_only``) at least every other
    faction's warriors plus buildings."""
    most = max(state.presence(game, c, f) for f in FACTIONS if f != FACTION)
    if game.options.get("ee_exact_rule_count", "with_buildings") == "with_buildings":
        most -= _buildings(game, c, FACTION)
    return max(1, most)


def _matching(game: Game, column: str) -> list[int]:
    """The clearings a Decree column acts in, in priority order: its suit's; for the bird column every
    clearing, or none with ``ee_bird_column=no_clearing`` (RT-OPEN-18)."""
    if column == "bird":
        if game.options.get("ee_bird_column", "all_clearings") == "no_clearing":
            return []
        return list(range(1, len(game.clearings)))
    return [c for c in range(1, len(game.clearings)) if state.suited(game, c, column)]     # the Lost City: all (LoR-F)


def _keep(game: Game) -> int | None:
    return next((c for c in range(1, len(game.clearings)) if ("marquise", "keep") in game.clearings[c].tokens), None)


def _roosts(game: Game) -> list[int]:
    """The clearings with an Eyrie roost, in priority order."""
    return [c for c in range(1, len(game.clearings)) if _has_roost(game, c)]


def _has_roost(game: Game, c: int) -> bool:
    return (FACTION, "roost") in game.clearings[c].buildings


def _warriors(game: Game, c: int) -> int:
    return game.clearings[c].warriors.get(FACTION, 0)


def _buildings(game: Game, c: int, f: str) -> int:
    return sum(1 for o, _ in game.clearings[c].buildings if o == f)


def _defenseless(game: Game, c: int, foes: list[str]) -> int:
    """Enemy buildings in ``c`` whose owner has no warriors there (LoR-4.3.3.II)."""
    cl = game.clearings[c]
    return sum(1 for o, _ in cl.buildings if o in foes and not cl.warriors.get(o, 0))
