"""The Vagabot (CW-VB, the Law of Rootbotics §7): the Clockwork bot of the Vagabond.

He has no warriors and no hand: one pawn (``game.pawn``, CW-VB-ABIL-1/2) and a Satchel of items, all
alike to him (CW-VB-ABIL-3). Each turn he reveals an order card and crafts it if he can (CW-VB-BIRD-1),
rests in a forest when worn out (CW-VB-BIRD-2), works through the Daylight actions of the order's suit
(CW-VB-DAY-1..8), and refreshes and repairs in Evening (CW-VB-EVE-1..4). The board keeps his items
(face, damage, Battle Track, CW-VB-ABIL-4), his quest and the quest deck (CW-VB-SETUP-3), his settings
(character, difficulty, traits: CW-VB-CHAR, CW-VB-DIFF, CW-VB-TRAIT) and the order card of the turn.
He has no relationships (CW-VB-ABIL-6): nothing to model, since only a Vagabond keeps them and the
player is never the Vagabond beside him (CW-GEN-2). In battle his board offers battle.py's hooks (the Battle Track's
cap and extra hit, items taking the hits, Marksman, RT-OPEN-51). Every random choice in a turn is drawn
by ``common.random_pick`` over a stable list (RT-OPEN-3); setup draws from ``game.rng["setup"]``. Rule
options are read with the rules reference's names and defaults (``rules-open.md``, RT-OPEN-n).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from automa.root import battle, movement, state
from automa.root.bots import common
from automa.root.data import Quest, load
from automa.root.state import FACTIONS, Game, Seat

PIECES: dict[str, int] = {}            # no warriors, buildings or tokens: the pawn is ``game.pawn`` (CW-VB-ABIL-1)

# Evening refresh, with a damaged item / without (CW-VB-EVE-1; CW-VB-DIFF-EASY, CW-VB-DIFF-DEFAULT,
# CW-VB-DIFF-CHALLENGING, CW-VB-DIFF-NIGHTMARE)
REFRESH = {"easy": (3, 5), "default": (4, 6), "challenging": (5, 7), "nightmare": (5, 7)}
# Daylight actions by the order card's suit (CW-VB-DAY-1)
ACTIONS = {"bird": ("explore", "quest", "aid", "battle"), "fox": ("explore", "battle", "special"),
           "rabbit": ("battle", "repair", "special"), "mouse": ("quest", "aid", "battle", "repair")}
TRACK = (6, 9, 12)                     # undamaged items that put a 1st, 2nd, 3rd item on the Battle Track
START_ITEMS = ("boot", "torch", "sword", "tea")   # the fixed start (RT-OPEN-39 alternative ``fixed``)


@dataclass(slots=True)
class Item:
    """One item: its kind (only the supply cares, CW-VB-ABIL-3), face down (exhausted), damaged, and
    whether it sits on the Battle Track (CW-VB-ABIL-4)."""

    kind: str
    exhausted: bool = False
    damaged: bool = False
    track: bool = False


@dataclass(slots=True)
class Board:
    """The Vagabot's board: his character (his difficulty and traits are the seat's, CW-GEN-19), the
    Satchel, the quest, and the turn's order card."""

    character: str = "thief"
    items: list[Item] = field(default_factory=list)
    quest: Quest | None = None         # face up, his alone (CW-VB-SETUP-3)
    quest_deck: list[Quest] = field(default_factory=list)   # draws from its end
    quests_done: list[Quest] = field(default_factory=list)
    order: int | None = None           # the order card held this turn (CW-GEN-14, RT-OPEN-42)
    suit: str | None = None            # the order's suit this turn
    battles: int = 0                   # battles this turn (Adventurer, CW-VB-TRAIT-1)

    def copy(self) -> Board:
        return Board(self.character, [Item(i.kind, i.exhausted, i.damaged, i.track) for i in self.items], self.quest,
                     list(self.quest_deck), list(self.quests_done), self.order, self.suit, self.battles)

    # ------------------------------------------------------------------ items (CW-VB-ABIL-3..5)

    def undamaged(self) -> int:
        return sum(1 for i in self.items if not i.damaged)

    def damaged(self) -> int:
        return sum(1 for i in self.items if i.damaged)

    def available(self) -> int:
        """Face-up undamaged items off the Battle Track: what he can exhaust (CW-VB-ABIL-3/4)."""
        return sum(1 for i in self.items if not (i.exhausted or i.damaged or i.track))

    def on_track(self) -> int:
        return sum(1 for i in self.items if i.track)

    def settle_track(self) -> None:
        """Put 1, 2 or 3 items on the Battle Track at 6, 9, 12 undamaged items, exhausted ones first; a
        damaged item or one over the count leaves it, keeping its face (CW-VB-ABIL-4, RT-OPEN-4)."""
        want = sum(1 for n in TRACK if self.undamaged() >= n)
        for i in self.items:
            if i.track and i.damaged:
                i.track = False
        on = [i for i in self.items if i.track]
        for i in reversed(on[want:]):
            i.track = False
        for face in (True, False):
            for i in self.items:
                if self.on_track() >= want:
                    return
                if not i.track and not i.damaged and i.exhausted == face:
                    i.track = True

    def gain(self, kind: str) -> None:
        """A new item goes face up into the Satchel (CW-VB-ABIL-3)."""
        self.items.append(Item(kind))
        self.settle_track()

    def exhaust(self, n: int) -> int:
        """Exhaust up to ``n`` available items, in Satchel order (RT-OPEN-4); returns how many."""
        done = 0
        for i in self.items:
            if done == n:
                break
            if not (i.exhausted or i.damaged or i.track):
                i.exhausted = True
                done += 1
        return done

    def damage(self, n: int) -> int:
        """Take ``n`` hits: each damages an exhausted item, else a face-up one, Battle-Track items last;
        with no undamaged item left the rest are ignored (CW-VB-ABIL-5, RT-OPEN-4). Returns how many."""
        done = 0
        for _ in range(n):
            ranked = [i for i in self.items if not i.damaged]
            if not ranked:
                break
            ranked.sort(key=lambda i: (not i.exhausted, i.track))
            ranked[0].damaged = True
            done += 1
            self.settle_track()
        return done

    def repair(self, n: int | None) -> int:
        """Repair up to ``n`` damaged items (``None``: all), face-up before exhausted; a repaired item
        keeps its face (CW-VB-DAY-7, CW-VB-EVE-2). Returns how many."""
        ranked = sorted((i for i in self.items if i.damaged), key=lambda i: i.exhausted)
        ranked = ranked if n is None else ranked[:n]
        for i in ranked:
            i.damaged = False
        self.settle_track()
        return len(ranked)

    def refresh(self, n: int) -> int:
        """Flip up to ``n`` exhausted undamaged items in the Satchel face up; fewer: all of them
        (CW-VB-EVE-1, RT-OPEN-30). Returns how many."""
        done = 0
        for i in self.items:
            if done == n:
                break
            if i.exhausted and not i.damaged and not i.track:
                i.exhausted = False
                done += 1
        return done

    # ------------------------------------------------------------------ battle hooks (battle.py)

    def max_rolled_hits(self, game: Game, seat: Seat, c: int, role: str) -> int:
        """Maximum rolled hits: 1, plus 1 for each of the first two Battle Track items; swords do not count
        (CW-VB-ABIL-4)."""
        return 1 + min(self.on_track(), 2)

    def extra_hits(self, game: Game, seat: Seat, c: int, role: str, other: str) -> int:
        """The third Battle Track item deals 1 extra hit as attacker (CW-VB-ABIL-4)."""
        return 1 if role == battle.ATTACKER and self.on_track() >= 3 else 0

    def immediate_hits(self, game: Game, seat: Seat, c: int, role: str, other: str) -> int:
        """Marksman: one immediate hit at the start of each battle he attacks in (CW-VB-TRAIT-4)."""
        return 1 if role == battle.ATTACKER and "marksman" in seat.traits else 0

    def defenseless(self, game: Game, seat: Seat, c: int) -> bool:
        """No defenseless extra hit against him (RT-OPEN-51 ``vb_defenseless=never``; ``always``: one)."""
        return game.options.get("vb_defenseless", "never") == "always"

    def protector(self, game: Game, seat: Seat, c: int) -> int | None:
        """CW-VB-CHAR-ARBITER: in his clearing a defender in a battle of two others may enlist him (battle.py
        asks it and scores him 1 VP), adding the items on his Battle Track to its maximum rolled hits.
        ``None``: not enlistable."""
        if self.character != "arbiter" or game.pawn != ("clearing", c):
            return None
        return self.on_track()

    def take_hits(self, game: Game, seat: Seat, c: int, hits: int, by: str | None) -> int:
        """Each hit damages an item (CW-VB-ABIL-5); returns the hits that took effect."""
        n = self.damage(hits)
        _event(game, "vb_hits", "CW-VB-ABIL-5", clearing=c, hits=hits, damaged=n)
        return n

    def full_removal(self, game: Game, seat: Seat, c: int, by: str | None) -> None:
        """An enemy effect removed every enemy piece from his clearing: he damages three items
        (Lone Wanderer, CW-VB-ABIL-1, LoR-9.2.2.I)."""
        n = self.damage(3)
        _event(game, "vb_full_removal", "CW-VB-ABIL-1", damaged=n)


def _event(game: Game, kind: str, rule: str, **fields) -> None:
    if game.trace:
        game.trace.event(kind, rule=rule, faction="vagabond", **fields)


# ---------------------------------------------------------------------------------------------- setup

def setup(game: Game, seat: Seat) -> None:
    """CW-VB-SETUP-1..5: his character from ``vb_character`` (his difficulty and traits are already on the
    seat, CW-GEN-19); the pawn in the forest touching the most clearings, at random among ties; the quest
    deck shuffled and one quest face up; 4 "S" items face up (Tinker 3), at random or fixed (RT-OPEN-39).
    The "R" items under the ruins are the frame's (setup.place_items, CW-VB-SETUP-4)."""
    rng = game.rng["setup"]
    board = seat.board = Board(character=game.options.get("vb_character", "thief"))
    _event(game, "vb_character", "CW-VB-SETUP-1", character=board.character)

    forests = game.map.forests
    most = max(len(f.clearings) for f in forests)
    ties = [k for k, f in enumerate(forests) if len(f.clearings) == most]
    game.pawn = ("forest", ties[rng.randrange(len(ties))])
    _event(game, "vb_pawn", "CW-VB-SETUP-2", forest=game.pawn[1])

    opt = game.options
    comp = load(opt.get("maps", ""), opt.get("deck", ""), opt.get("components", "")).components
    board.quest_deck = list(comp.quests)
    rng.shuffle(board.quest_deck)
    board.quest = board.quest_deck.pop()
    _event(game, "vb_quest", "CW-VB-SETUP-3", quest=board.quest.key)

    n = 3 if board.character == "tinker" else 4
    if game.options.get("vb_start_items", "random") == "fixed":      # RT-OPEN-39 alternative
        kinds = list(START_ITEMS[:n])
    else:
        kinds = rng.sample(list(comp.start_items), n)
    for k in kinds:
        board.gain(k)
    _event(game, "vb_items", "CW-VB-SETUP-5", items=",".join(kinds))


# ---------------------------------------------------------------------------------------------- the map

def _distances(game: Game, start: tuple[str, int]) -> dict[int, int]:
    """Moves from ``start`` to every clearing along paths; a forest start spends its first move on a
    clearing it touches (CW-VB-DAY-2, RT-OPEN-25). Nimble: rule does not matter (CW-VB-ABIL-2)."""
    if start[0] == "clearing":
        dist, frontier = {start[1]: 0}, [start[1]]
    else:
        frontier = sorted(game.map.forests[start[1]].clearings)
        dist = {c: 1 for c in frontier}
    while frontier:
        nxt = []
        for c in frontier:
            for a in movement.bot_adjacent(game, c):
                if a not in dist:
                    dist[a] = dist[c] + 1
                    nxt.append(a)
        frontier = sorted(nxt)
    return dist


def _step(game: Game, target: int) -> int:
    """The next clearing on a shortest route from the pawn to ``target``; ties: highest priority
    (RT-OPEN-25)."""
    back = _distances(game, ("clearing", target))
    kind, here = game.pawn
    options = game.map.forests[here].clearings if kind == "forest" else movement.bot_adjacent(game, here)
    return min(options, key=lambda c: (back.get(c, 99), common.rank(game, c)))


def _held(game: Game) -> bool:
    """Whether the Band holds him in his clearing this turn (LoR-E; ``state.held_by_band``): he goes nowhere."""
    return game.pawn[0] == "clearing" and state.held_by_band(game, "vagabond", game.pawn[1])


def _go(game: Game, seat: Seat, target: int, pay: bool, rule: str) -> bool:
    """Move the pawn to ``target`` one move at a time, exhausting one item per move when ``pay``
    (CW-VB-DAY-2, RT-OPEN-25): he stops where his items run out. Returns whether he got there."""
    board = seat.board
    while game.pawn != ("clearing", target):
        if _held(game):
            return False
        if pay and not board.exhaust(1):
            return False
        frm = game.pawn
        game.pawn = ("clearing", _step(game, target))
        _event(game, "vb_move", "CW-VB-DAY-2", via=rule, origin=f"{frm[0]} {frm[1]}", to=game.pawn[1])
        if game.ferry is not None:
            movement.ferried(game, "vagabond", frm[1] if frm[0] == "clearing" else None, game.pawn[1])
        if game.bandits:
            movement.tolled(game, seat, frm[1] if frm[0] == "clearing" else None, game.pawn[1])
        if game.hired:
            state.entered(game, "vagabond", game.pawn[1])
    return True


def _pays_moves(game: Game, action: str) -> bool:
    """One item per move (default), or free moves except for Explore (RT-OPEN-25 ``vb_pathing``)."""
    return action == "explore" or game.options.get("vb_pathing", "item_per_move") == "item_per_move"


def _here(game: Game) -> int | None:
    """His clearing, or None in a forest."""
    return game.pawn[1] if game.pawn and game.pawn[0] == "clearing" else None


def _slip(game: Game, seat: Seat, rule: str) -> None:
    """Move the pawn into a random adjacent forest (CW-VB-BIRD-2, CW-VB-CHAR-RANGER, RT-OPEN-3)."""
    kind, here = game.pawn
    near = sorted(game.map.forests[here].adjacent if kind == "forest" else game.map.clearings[here - 1].forests)
    game.pawn = ("forest", common.random_pick(game, seat, near))
    _event(game, "vb_slip", rule, forest=game.pawn[1])


# ---------------------------------------------------------------------------------------------- players

def _others(game: Game, seat: Seat) -> list[Seat]:
    """The other seats in setup-letter order (CW-GEN-9)."""
    return sorted((s for s in game.seats if s is not seat), key=lambda s: FACTIONS.index(s.faction))


def _clearings(game: Game) -> range:
    return range(1, len(game.clearings))


# ---------------------------------------------------------------------------------------------- the turn

def turn(game: Game, seat: Seat) -> None:
    """One turn: Birdsong (order card, craft, perhaps slip), Daylight (the suit's actions), Evening."""
    if _birdsong(game, seat):
        _daylight(game, seat)
    _evening(game, seat)


def _craft(game: Game, seat: Seat, card: int | None) -> None:
    """Craft ``card`` if it shows an item still in the supply, for 1 VP (CW-GEN-3/4/5, common.craft_order);
    the item goes face up into his Satchel (CW-GEN-28, RT-OPEN-31)."""
    got: list[str] = []
    common.craft_order(game, seat, card, into=got)
    for k in got:
        seat.board.gain(k)


def _birdsong(game: Game, seat: Seat) -> bool:
    """CW-VB-BIRD-1: reveal the order card (CW-GEN-13) and craft it if its item is available; it stays
    the order until Evening (CW-GEN-14), or is discarded at once after crafting (RT-OPEN-42
    ``crafted_order_card``). CW-VB-BIRD-2: with two or fewer undamaged items he slips into a random
    adjacent forest and skips Daylight. Returns whether Daylight follows (no order card: RT-OPEN-35)."""
    board = seat.board
    board.battles = 0
    board.order = common.reveal_order(game, seat)
    board.suit = None if board.order is None else game.cards[board.order].suit
    _craft(game, seat, board.order)
    if board.undamaged() <= 2:
        _slip(game, seat, "CW-VB-BIRD-2")
        return False
    return board.suit is not None


def _daylight(game: Game, seat: Seat) -> None:
    """CW-VB-DAY-1: the order suit's actions, once each in order, stopping when no item is left to
    exhaust (Battle Track items do not count); with ``vb_action_loop=loop`` the list repeats while items
    remain and something happens (RT-OPEN-26). Adventurer then repeats Quest as often as it can
    (CW-VB-TRAIT-1)."""
    board = seat.board
    loop = game.options.get("vb_action_loop", "once") == "loop"
    while True:
        did = False
        for action in ACTIONS[board.suit]:
            if not board.available():
                _event(game, "vb_out_of_items", "CW-VB-DAY-1", action=action)
                break
            did = DAYLIGHT[action](game, seat) or did
        if not (loop and did and board.available()):
            break
    if "adventurer" in seat.traits:
        done = -1
        while board.available() and len(board.quests_done) > done:
            done = len(board.quests_done)
            _quest(game, seat, "CW-VB-TRAIT-1")


def _skip(game: Game, action: str, rule: str, why: str) -> bool:
    _event(game, "vb_skip", rule, action=action, why=why)
    return False


def _nearest(game: Game, targets) -> int:
    """The nearest of ``targets``, ties: highest priority (CW-VB-DAY-2, CW-GEN-8)."""
    dist = _distances(game, game.pawn)
    return min(targets, key=lambda c: (dist.get(c, 99), common.rank(game, c)))


def _explore(game: Game, seat: Seat) -> bool:
    """CW-VB-DAY-3: to the nearest ruin, then exhaust one item to take a random item from under it (face
    up into the Satchel, no VP); the ruin goes when empty (LoR-2.2.4). Returns whether anything happened."""
    board = seat.board
    ruins = [c for c in _clearings(game) if game.clearings[c].ruin and game.ruin_items.get(c)]
    if not ruins:
        return _skip(game, "explore", "CW-VB-DAY-3", "no ruin")
    c = _nearest(game, ruins)
    moved = game.pawn != ("clearing", c) and not _held(game)
    if not _go(game, seat, c, _pays_moves(game, "explore"), "CW-VB-DAY-3") or not board.exhaust(1):
        return moved
    item = state.take_ruin_item(game, c, common.random_pick(game, seat, game.ruin_items[c]))
    board.gain(item)
    _event(game, "vb_explore", "CW-VB-DAY-3", clearing=c, item=item)
    return True


def _quest(game: Game, seat: Seat, rule: str = "CW-VB-DAY-4") -> bool:
    """CW-VB-DAY-4: to the nearest clearing of the quest's suit, then exhaust two items to complete it:
    1 VP (the card's own reward ignored) and the next quest face up. Returns whether it was completed or
    he moved."""
    board = seat.board
    if board.quest is None:
        return _skip(game, "quest", rule, "no quest left")
    c = _nearest(game, [c for c in _clearings(game) if state.suited(game, c, board.quest.suit)])   # LoR-F
    moved = game.pawn != ("clearing", c) and not _held(game)
    if not _go(game, seat, c, _pays_moves(game, "quest"), rule) or board.available() < 2:
        return moved
    board.exhaust(2)
    done, board.quest = board.quest, board.quest_deck.pop() if board.quest_deck else None
    board.quests_done.append(done)
    _event(game, "vb_quest_done", rule, quest=done.key, clearing=c)
    state.score(game, seat.faction, 1, "quests")
    return True


def _aid(game: Game, seat: Seat) -> bool:
    """CW-VB-DAY-5: in his clearing, the player with pieces there and crafted items, fewest VP then setup
    letter; exhaust as many items as he can up to their items, take that many, score that many; they
    draw that many cards. Helper doubles VP and cards (RT-OPEN-29 ``double``; ``plus_one``: +1 VP per
    Aid, two cards per item). An aided bot scores instead of drawing (RT-OPEN-28, RT-OPEN-55)."""
    board, here = seat.board, _here(game)
    if here is None:
        return _skip(game, "aid", "CW-VB-DAY-5", "in a forest")
    them = [s for s in _others(game, seat) if s.crafted and common.pieces(game, here, s.faction)]
    if not them:
        return _skip(game, "aid", "CW-VB-DAY-5", "no one to aid")
    target = game.seat(common.pick_player([s.faction for s in them], key=lambda f: (-game.seat(f).vp,)))
    n = board.exhaust(min(board.available(), len(target.crafted)))
    taken, target.crafted[:n] = target.crafted[:n], []
    for item in taken:
        board.gain(item)
    vp, cards = n, n
    if "helper" in seat.traits:
        vp, cards = (2 * n, 2 * n) if game.options.get("vb_helper_scope", "double") == "double" else (n + 1, 2 * n)
    _event(game, "vb_aid", "CW-VB-DAY-5", target=target.faction, items=",".join(taken), vp=vp, cards=cards)
    state.score(game, seat.faction, vp, "aid")
    if target.bot is None:
        target.hand.extend(state.draw(game, cards))
    elif game.options.get("vb_aid_target_bot", "score_one") == "score_one":
        bot_vp = 1 if game.options.get("vb_aid_bot_vp_count", "per_aid") == "per_aid" else cards
        _event(game, "vb_aid_bot", "RT-OPEN-28", target=target.faction, vp=bot_vp)
        state.score(game, target.faction, bot_vp, "aid")
    return True


def _battle_target(game: Game, seat: Seat) -> tuple[int, str] | None:
    """Where and whom he battles (CW-VB-DAY-6): the enemy with the most VP that has pieces on the map
    (ties: setup letter, RT-OPEN-41; an enemy with none falls through, CW-GEN-10), in the nearest clearing
    holding its pieces; equal distance: most of its buildings and tokens, then fewest of its warriors,
    then highest priority. Berserker (CW-VB-TRAIT-2) by ``vb_berserker_target`` (RT-OPEN-54). Pieces the
    Stoic Protector shields are no target (``common.target``, LoR-E)."""
    foes = common.enemies(game, seat)
    dist = _distances(game, game.pawn)
    if "berserker" in seat.traits:
        how = game.options.get("vb_berserker_target", "most_then_nearest")
        if how != "app_step":
            crowd = {c: common.targets(game, seat, c) for c in _clearings(game)}
            places = [c for c in _clearings(game) if crowd[c]]
            if not places:
                return None
            if how == "most_then_nearest":
                c = min(places, key=lambda c: (-crowd[c], dist.get(c, 99), common.rank(game, c)))
            else:
                c = min(places, key=lambda c: (dist.get(c, 99), -crowd[c], common.rank(game, c)))
            return c, common.pick_player((f for f in foes if common.target(game, c, f)),
                                         key=lambda f: (common.pieces(game, c, f),))
        size = {f: sum(common.pieces(game, c, f) for c in _clearings(game) if common.target(game, c, f)) for f in foes}
        target = common.pick_player(foes, key=lambda f: (size[f],), legal=lambda f: size[f] > 0)
    else:
        target = common.pick_player(foes, key=lambda f: (game.seat(f).vp,),
                                    legal=lambda f: any(common.target(game, c, f) for c in _clearings(game)))
    if target is None:
        return None
    cls = game.clearings

    def rank(c: int) -> tuple:
        held = sum(1 for f, _ in cls[c].buildings + cls[c].tokens if f == target)
        return dist.get(c, 99), -held, cls[c].warriors.get(target, 0), c

    return min((c for c in _clearings(game) if common.target(game, c, target)), key=rank), target


def _battle(game: Game, seat: Seat) -> bool:
    """CW-VB-DAY-6: to the target's clearing, then exhaust one item to battle it; then battle again for
    two items each while he can: the same enemy in the same clearing while it has pieces there
    (RT-OPEN-46 ``same_target``), or the whole action again (``full_repeat``). Adventurer: one battle a
    turn, no repeats (CW-VB-TRAIT-1). Returns whether anything happened."""
    board = seat.board
    adventurer = "adventurer" in seat.traits
    if adventurer and board.battles:
        return _skip(game, "battle", "CW-VB-TRAIT-1", "one battle a turn")
    aim = _battle_target(game, seat)
    if aim is None:
        return _skip(game, "battle", "CW-VB-DAY-6", "no enemy piece")
    same = game.options.get("vb_battle_repeat", "same_target") == "same_target"
    cost, did = 1, False
    while aim is not None:
        c, target = aim
        did = did or (game.pawn != ("clearing", c) and not _held(game))
        if not _go(game, seat, c, _pays_moves(game, "battle"), "CW-VB-DAY-6") or board.available() < cost:
            break
        board.exhaust(cost)
        _fight(game, seat, c, target)
        did = True
        if adventurer or board.available() < 2:
            break
        cost = 2
        aim = (aim if common.target(game, c, target) else None) if same else _battle_target(game, seat)
    return did


def _fight(game: Game, seat: Seat, c: int, target: str) -> None:
    """One battle against ``target`` in ``c`` (LoR-4.3 through battle.py and his board's hooks); he scores
    1 VP per enemy warrior he removes as attacker, Marksman's hit included, on top of the removal VP of
    buildings and tokens (CW-VB-DAY-6)."""
    seat.board.battles += 1
    result = battle.battle(game, seat.faction, target, c)
    if result.warriors_lost[1]:
        _event(game, "vb_battle_score", "CW-VB-DAY-6", clearing=c, target=target, vp=result.warriors_lost[1])
        state.score(game, seat.faction, result.warriors_lost[1], "removal")


def _repair(game: Game, seat: Seat) -> bool:
    """CW-VB-DAY-7: with a damaged item, exhaust one item to repair one, face-up before exhausted."""
    board = seat.board
    if not board.damaged():
        return _skip(game, "repair", "CW-VB-DAY-7", "nothing damaged")
    board.exhaust(1)
    board.repair(1)
    _event(game, "vb_repair", "CW-VB-DAY-7")
    return True


def _special(game: Game, seat: Seat) -> bool:
    """CW-VB-DAY-8: exhaust one item for the character's action, skipped when it would do nothing."""
    return SPECIALS[seat.board.character](game, seat)


def _thief(game: Game, seat: Seat) -> bool:
    """CW-VB-CHAR-THIEF: a random card from the enemy in his clearing with the most VP, then the most
    pieces there (then setup letter). A bot or a player with no card is no target: the next enemy
    (CW-GEN-10, CW-GEN-29; RT-OPEN-27 ``vb_thief_bot_target=skip``: a bot first in line stops it). The
    card is discarded and he scores 1 VP (RT-OPEN-27 ``vb_thief_card``; ``discard``: no VP)."""
    here = _here(game)
    if here is None:
        return _skip(game, "special", "CW-VB-CHAR-THIEF", "in a forest")
    ranked = [game.seat(f) for f in common.ranked_players(
        (f for f in common.enemies(game, seat) if common.pieces(game, here, f)),
        key=lambda f: (game.seat(f).vp, common.pieces(game, here, f)))]
    if ranked and ranked[0].bot and game.options.get("vb_thief_bot_target", "next_enemy") == "skip":
        return _skip(game, "special", "RT-OPEN-27", "the target is a bot")
    target = next((s for s in ranked if s.bot is None and s.hand), None)
    if target is None:
        return _skip(game, "special", "CW-VB-CHAR-THIEF", "no card to take")
    seat.board.exhaust(1)
    card = common.random_pick(game, seat, target.hand)
    target.hand.remove(card)
    state.discard(game, card)
    _event(game, "vb_steal", "CW-VB-CHAR-THIEF", target=target.faction, card=game.cards[card].key)
    if game.options.get("vb_thief_card", "discard_score") == "discard_score":
        state.score(game, seat.faction, 1, "special")
    return True


def _tinker(game: Game, seat: Seat) -> bool:
    """CW-VB-CHAR-TINKER: craft the topmost card of the discard pile whose item is in the supply (1 VP,
    CW-GEN-3/4); crafted, it goes back on top of the pile (LoR-4.1.2)."""
    card = next((k for k in reversed(game.discard) if common.craftable(game, k, seat.faction)), None)
    if card is None:
        return _skip(game, "special", "CW-VB-CHAR-TINKER", "no item to craft")
    seat.board.exhaust(1)
    game.discard.remove(card)
    _event(game, "vb_tinker", "CW-VB-CHAR-TINKER", card=game.cards[card].key)
    _craft(game, seat, card)
    common.discard_order(game, card)
    return True


def _ranger(game: Game, seat: Seat) -> bool:
    """CW-VB-CHAR-RANGER: with three or more damaged items, slip into a random adjacent forest."""
    if seat.board.damaged() < 3:
        return _skip(game, "special", "CW-VB-CHAR-RANGER", "fewer than 3 damaged items")
    seat.board.exhaust(1)
    _slip(game, seat, "CW-VB-CHAR-RANGER")
    return True


def _evening(game: Game, seat: Seat) -> None:
    """CW-VB-EVE-1: refresh 4 exhausted items if any is damaged, else 6 (difficulty: 3/5, 5/7,
    CW-VB-DIFF-EASY..-NIGHTMARE; fewer: all, RT-OPEN-30). CW-VB-EVE-2: in a forest repair everything, else one
    (Berserker two, CW-VB-TRAIT-2), face-up first. CW-VB-EVE-3: discard the order card. The item limit
    (RT-OPEN-45 ``vb_item_cap=human_limit``). CW-VB-EVE-4: nightmare +1 VP (CW-GEN-24)."""
    board = seat.board
    low, high = REFRESH[seat.difficulty]
    n = board.refresh(low if board.damaged() else high)
    _event(game, "vb_refresh", "CW-VB-EVE-1", items=n)
    forest = game.pawn[0] == "forest"
    n = board.repair(None if forest else 2 if "berserker" in seat.traits else 1)
    _event(game, "vb_rest", "CW-VB-EVE-2", items=n, forest=forest)
    if board.order is not None:
        common.discard_order(game, board.order)
        _event(game, "vb_discard", "CW-VB-EVE-3", card=game.cards[board.order].key)
    board.order = board.suit = None
    if game.options.get("vb_item_cap", "none") == "human_limit":
        _item_cap(game, board)
    common.nightmare_bonus(game, seat)          # CW-VB-EVE-4


def _item_cap(game: Game, board: Board) -> None:
    """RT-OPEN-45 alternative: no more than 6 items plus 2 per undamaged bag (LoR-9.6.4); the extra go
    back to the box, damaged ones first, then exhausted, the latest gained first."""
    cap = 6 + 2 * sum(1 for i in board.items if i.kind == "bag" and not i.damaged)
    extra = len(board.items) - cap
    if extra <= 0:
        return
    order = sorted(range(len(board.items)), key=lambda k: (not board.items[k].damaged,
                                                           not board.items[k].exhausted, -k))
    for k in sorted(order[:extra], reverse=True):
        del board.items[k]
    board.settle_track()
    _event(game, "vb_item_cap", "RT-OPEN-45", removed=extra)


DAYLIGHT = {"explore": _explore, "quest": _quest, "aid": _aid, "battle": _battle, "repair": _repair,
            "special": _special}
def _arbiter(game: Game, seat: Seat) -> bool:
    """CW-VB-CHAR-ARBITER: Protector is no Daylight action (the board's ``protector`` hook): skipped."""
    return _skip(game, "special", "CW-VB-CHAR-ARBITER", "Protector acts in others' battles")


SPECIALS = {"thief": _thief, "tinker": _tinker, "ranger": _ranger, "arbiter": _arbiter}
