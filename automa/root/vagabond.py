"""The Vagabond played by the scripted player (LoR-9), as any character of appendix D (LoR-D.1..D.9, seed
16.3.1..16.3.9): the base box's Thief, Tinker and Ranger, the Riverfolk box's Vagrant, Arbiter and
Scoundrel, the Vagabond Pack's Adventurer, Ronin and Harrier.

He has no warriors, buildings or tokens: his pawn is ``game.pawn`` (``("clearing", c)`` or ``("forest",
i)``), never removed and ruling nothing (Lone Wanderer, LoR-9.2.2). His board (:class:`Board`) holds his
items, each face up or exhausted (face down) and damaged or not (LoR-9.2.5). Where an item sits follows
from its state: a damaged item is in the Damaged box; a face-up undamaged tea, coins or bag lies on its
track, three at most per track (LoR-9.2.5.I); every other item is in the Satchel (LoR-9.2.5.II). The data
pack's reading of the item words is used: coins are the track item and crossbows are exhausted to Strike
(the Law's local copy swaps them, rules-law-index §3). The board also holds the face-up quests, the quest
deck and the quests done (LoR-9.3.3, LoR-9.5.5), and the relationship of each other faction (LoR-9.2.9):
``hostile``, ``indifferent``, ``allied_1``, ``allied_2`` or ``allied``, with the Aids given toward the next
space this turn.

His choices, each through :func:`automa.root.decide.choose` with one of these kinds:

- ``vagabond_forest``: the forest of the pawn at setup (a forest index; LoR-9.3.2);
- ``vagabond_refresh``: an exhausted item to flip face up, ``(kind, damaged)`` (LoR-9.4.1), asked only when
  he cannot flip them all;
- ``vagabond_slip``: ``("clearing", c)``, ``("forest", i)`` or ``PASS`` (LoR-9.4.2);
- ``vagabond_daylight``: the next Daylight action (LoR-9.5), or ``PASS`` to end Daylight:
  ``("move", clearing)``, ``("battle", defender)``, ``("explore",)``, ``("aid", faction, card)``,
  ``("quest", quest)`` or with Improvise ``("quest", quest, stand_in)``, ``("strike", faction)`` (a
  warrior) or ``("strike", faction, kind, "building" | "token")``, ``("repair", kind, exhausted)``,
  ``("craft", card)``, and the special action: Steal ``("special", faction)``, Day Labor ``("special",
  card)``, Hideout and Scorched Earth ``("special",)``, Instigate ``("special", attacker, defender)``,
  Glide ``("special", clearing)``;
- ``vagabond_exhaust``: the face-up item (a kind) to exhaust for Aid (LoR-9.5.4);
- ``vagabond_take``: an item kind from the aided player's Crafted Items box, or ``PASS`` (LoR-9.5.4);
- ``vagabond_quest_reward``: ``"score"`` or ``"draw"`` (LoR-9.5.5);
- ``vagabond_ally``: the Allied faction whose warriors fight as his own in a battle he starts, or ``PASS``
  (LoR-9.2.9.II.c);
- ``vagabond_ally_move``: ``(faction, warriors)`` of an Allied faction to move along with him, or ``PASS``
  (LoR-9.2.9.II.b);
- ``vagabond_damage``: what takes the next hit: an undamaged item ``(kind, exhausted)``, or ``("ally",
  faction)`` for an Allied warrior fighting as his own (LoR-9.2.7, LoR-9.2.9.II.d);
- ``vagabond_repair``: a damaged item ``(kind, exhausted)`` for Hideout to repair (LoR-D.3);
- ``vagabond_instigate_hits``: the next building or token ``(faction, kind, "building" | "token")`` a side
  of his Instigate loses (LoR-D.4; battle.py asks it);
- ``vagabond_swift_strike``: ``"strike"`` or ``PASS``, the Ronin's extra hit after the roll (LoR-D.8);
- ``vagabond_remove``: an item ``(kind, exhausted, damaged)`` to remove over the item limit (LoR-9.6.4);
- ``cobbler``: a move of the pawn for Cobbler, as the Move action, or ``PASS``; ``discard``: a card to
  discard down to five (LoR-9.6.3).

A choice among cards offers one card of each name, in hand (or discard pile) order. The rule areas he
uses ask their own kinds: the persistent cards (cards.py, battle.py).

Hooks his board offers the other rule areas: in battle (battle.py) ``max_rolled_hits`` (his undamaged
swords, LoR-9.2.6, plus an Ally's warriors, LoR-9.2.9.II.c), ``defenseless`` (no undamaged sword,
LoR-9.2.4), ``take_hits`` (damage items, LoR-9.2.7), ``extra_hits`` (Swift Strike, LoR-D.8),
``protector`` (the Arbiter enlisted in others' battles, LoR-D.5), ``removed_warriors`` (Hostile,
LoR-9.2.9.III) and ``after_battle`` (Infamy, LoR-9.2.9.III.a; the Ally turning Hostile, LoR-9.2.9.II.d);
``scorched`` (the Scoundrel's closed clearing, read by ``state.scorched``, LoR-D.6); ``take_item``
(crafting.py: a crafted item goes face up onto his board, LoR-9.2.1); ``full_removal`` (revolts and Favors:
he damages three items, LoR-9.2.2.I).

At our tables every other player is a bot (CW-GEN-26): a card he gives in Aid is discarded and the bot
scores 1 VP (CW-GEN-15); the Aid counts for the relationship unless ``human_vb_aid_bot`` is
``no_relationship`` (RT-OPEN-44); Steal from a bot draws from the deck instead (CW-GEN-15). Dominance and
coalitions (LoR-9.2.8, LoR-3.3) never arise: with a human at the table the dominance cards leave the deck
at setup (CW-GEN-20), so he never holds one, and a bots-only table has no human Vagabond.

Readings where the Law is terse: Refresh may flip damaged exhausted items too (the Damaged box keeps each
item's side, LoR-9.5.7); he always takes the item he crafts (LoR-9.2.1 "may"); an Ally's warriors move
with him on any move of the pawn from a clearing to an adjacent clearing (Move, Slip, Cobbler), without
regard to rule (LoR-9.2.9.II.b). The characters: Instigate follows the seed (he may be a side, RT-SRC-1),
its scoring "enemies" being the Hostile factions as in the local copy (the seed's word there is the one
of Glide's "even Hostile", not that of Scorched Earth's enemy pieces), the sides' own removals turning
nobody Hostile, and no Ally fighting in it; Scorched Earth can be taken once (his one torch is left on
the map); Swift Strike once a battle; Improvise stands in for one missing item of a quest, never
needlessly; the Arbiter is enlisted only in his clearing, with no say of his own, a bot defender deciding
by the Vagabot Arbiter's test (CW-VB-CHAR-ARBITER).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from automa.root import battle, cards, crafting, data, decide, landmarks, movement, state, variant_maps
from automa.root.battle import PASS
from automa.root.data import Quest
from automa.root.decide import choose
from automa.root.state import FACTIONS, Game, Seat

FACTION = "vagabond"
PIECES: dict[str, int] = {}                     # no warriors, buildings or tokens: the pawn is game.pawn (LoR-9.2.2)
HAND_LIMIT = 5                                  # LoR-9.6.3
QUESTS_UP = 3                                   # LoR-9.3.3
REFRESH_BASE, REFRESH_PER_TEA = 3, 2            # LoR-9.4.1
ITEM_LIMIT, PER_BAG = 6, 2                      # LoR-9.6.4
HIDEOUT_REPAIRS = 3                             # LoR-D.3
FULL_REMOVAL_DAMAGE = 3                         # LoR-9.2.2.I
ALLIED_AID_VP = 2                               # LoR-9.2.9.II.a
BOT_GIFT_VP = 1                                 # CW-GEN-15
QUEST_DRAW = 2                                  # LoR-9.5.5
TRACK_ITEMS = data.load().components.track_items          # tea, coins, bag (LoR-9.2.5.I)
TRACK_CAPACITY = data.load().components.track_capacity    # three per track


def _components(game: Game):
    """The components of the game's data files (a user's transcription, if given)."""
    opt = game.options
    return data.load(opt.get("maps", ""), opt.get("deck", ""), opt.get("components", "")).components


@dataclass(slots=True)
class Item:
    """One item on his board: its kind, face down (exhausted) or up, damaged or not (LoR-9.2.5)."""

    kind: str
    exhausted: bool = False
    damaged: bool = False


@dataclass(slots=True)
class Board:
    """The Vagabond's board: character, items, quests (face up, the deck drawing from its end, those done),
    the relationship of each other faction and the Aids toward its next space this turn (LoR-9.2.9.I.a),
    during a battle he starts, the Ally fighting with him and the hits taken by items and by Allied warriors
    (LoR-9.2.9.II.c-d), the factions his removals made Hostile in the action under way (LoR-9.2.9.III.a),
    and the items he removed from the game over his item limit (LoR-9.6.4)."""

    character: str = "thief"
    items: list[Item] = field(default_factory=list)
    quests: list[Quest] = field(default_factory=list)
    quest_deck: list[Quest] = field(default_factory=list)
    quests_done: list[Quest] = field(default_factory=list)
    relations: dict[str, str] = field(default_factory=dict)
    aids: dict[str, int] = field(default_factory=dict)
    ally: str | None = None
    hits: list[int] = field(default_factory=lambda: [0, 0])     # [by items, by Allied warriors]
    turned: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)                # items removed from the game (LoR-9.6.4)
    scorched: int | None = None          # the clearing of his torch: Scorched Earth (LoR-D.6)
    improvised: bool = False             # Improvise used this turn (LoR-D.7)

    def copy(self) -> Board:
        return Board(self.character, [Item(i.kind, i.exhausted, i.damaged) for i in self.items], list(self.quests),
                     list(self.quest_deck), list(self.quests_done), dict(self.relations), dict(self.aids),
                     self.ally, list(self.hits), list(self.turned), list(self.lost), self.scorched, self.improvised)

    def public(self) -> tuple[tuple[str, object], ...]:
        """What the table sees (the view's ``board``): the character, the items as sorted ``(kind, exhausted,
        damaged)``, the face-up quests and those done (keys), the relationships by faction."""
        return (("character", self.character),
                ("items", tuple(sorted((i.kind, i.exhausted, i.damaged) for i in self.items))),
                ("quests", tuple(q.key for q in self.quests)), ("quests_done", tuple(q.key for q in self.quests_done)),
                ("relations", tuple(sorted(self.relations.items())))) + (
                (("scorched", self.scorched),) if self.scorched is not None else ())

    # ------------------------------------------------------------------ items (LoR-9.2.5)

    def ready(self, kind: str) -> int:
        """Face-up undamaged items of ``kind``: those he can exhaust."""
        return sum(1 for i in self.items if i.kind == kind and not i.exhausted and not i.damaged)

    def undamaged(self, kind: str) -> int:
        return sum(1 for i in self.items if i.kind == kind and not i.damaged)

    def on_track(self, kind: str) -> int:
        """Items of ``kind`` face up on its track: tea, coins and bags, three at most (LoR-9.2.5.I)."""
        return min(self.ready(kind), TRACK_CAPACITY) if kind in TRACK_ITEMS else 0

    def find(self, kind: str, exhausted: bool, damaged: bool) -> Item:
        return next(i for i in self.items if i.kind == kind and i.exhausted == exhausted and i.damaged == damaged)

    def exhaust(self, kind: str, n: int = 1) -> None:
        """Flip ``n`` face-up undamaged items of ``kind`` face down (a track item goes to the Satchel)."""
        for _ in range(n):
            self.find(kind, False, False).exhausted = True

    def gain(self, kind: str) -> None:
        """A new item, face up in the Satchel or on its track (LoR-9.2.5.I-II)."""
        self.items.append(Item(kind))

    def stored(self) -> list[tuple[str, bool, bool]]:
        """The items in the Satchel and the Damaged box, not on a track, as ``(kind, exhausted, damaged)``
        (what the item limit counts, LoR-9.6.4)."""
        out = [(i.kind, i.exhausted, i.damaged) for i in self.items]
        for kind in TRACK_ITEMS:
            for _ in range(self.on_track(kind)):
                out.remove((kind, False, False))
        return out

    # ------------------------------------------------------------------ hooks (battle.py, crafting.py, removals)

    def max_rolled_hits(self, game: Game, seat: Seat, c: int, role: str) -> int:
        """Maximum rolled hits: his undamaged swords (LoR-9.2.6), plus the warriors of the Ally fighting as his
        own in a battle he started (LoR-9.2.9.II.c)."""
        extra = game.clearings[c].warriors.get(self.ally, 0) if self.ally is not None and role == battle.ATTACKER else 0
        return max_swords(self) + extra

    def defenseless(self, game: Game, seat: Seat, c: int) -> bool:
        """Defenseless without an undamaged sword (LoR-9.2.4, LoR-4.3.3.II)."""
        return max_swords(self) == 0

    def take_hits(self, game: Game, seat: Seat, c: int, hits: int, by: str | None) -> int:
        """Each hit damages an item, or removes a warrior of the Ally fighting as his own (LoR-9.2.7,
        LoR-9.2.9.II.d); the Allied warriors go as removed by ``by``. Returns the hits that took effect."""
        items, warriors = damage(game, seat, hits, self.ally, c)
        self.hits[0] += items
        self.hits[1] += warriors
        if warriors:
            state.remove_warriors(game, self.ally, c, warriors)
            battle.warriors_removed(game, self.ally, c, warriors, by)
        _event(game, "hits", "LoR-9.2.7", clearing=c, hits=hits, damaged=items, ally_warriors=warriors)
        return items + warriors

    def removed_warriors(self, game: Game, seat: Seat, c: int, victim: str, n: int) -> None:
        """He removed warriors of ``victim``: a non-Hostile faction becomes Hostile (LoR-9.2.9.III)."""
        if victim in self.relations and not hostile(self, victim):
            make_hostile(game, self, victim)
            self.turned.append(victim)

    def after_battle(self, game: Game, seat: Seat, result: battle.Battle) -> None:
        """After a battle he started in his turn, as attacker or as either side of his Instigate (LoR-D.4):
        Infamy, 1 VP per piece of the other side he removed while it was Hostile, less the warrior that made
        it so (LoR-9.2.9.III.a); the Ally fighting as his own turns Hostile if it took more of his hits than
        his items did (LoR-9.2.9.II.d)."""
        if (result.attacker == FACTION or result.remover == FACTION) and game.seats[game.active] is seat:
            side = 1 if result.attacker == FACTION else 0
            other = (result.attacker, result.defender)[side]
            n = result.warriors_lost[side] + len(result.pieces_lost[side]) - (other in self.turned)
            if hostile(self, other) and n > 0:
                _event(game, "infamy", "LoR-9.2.9", other=other, vp=n)
                state.score(game, FACTION, n, "infamy")
        if self.ally is not None and self.hits[1] > self.hits[0] and not hostile(self, self.ally):
            make_hostile(game, self, self.ally)
        self.ally, self.hits, self.turned = None, [0, 0], []

    def extra_hits(self, game: Game, seat: Seat, c: int, role: str, other: str) -> int:
        """Swift Strike (the Ronin, LoR-D.8, seed 16.3.8): after the roll he may exhaust a sword for one extra
        hit (``vagabond_swift_strike``), once a battle."""
        if self.character != "ronin" or not self.ready("sword"):
            return 0
        if choose(game, "vagabond_swift_strike", ("strike", PASS)) == PASS:
            return 0
        self.exhaust("sword")
        _event(game, "swift_strike", "LoR-D.8", clearing=c, other=other)
        return 1

    def protector(self, game: Game, seat: Seat, c: int) -> int | None:
        """Protector (the Arbiter, LoR-D.5, seed 16.3.5): in ``c`` he can be enlisted by a defender in a battle
        of two others (battle.py asks the defender and scores him 1 VP), adding his undamaged swords to its
        maximum rolled hits. ``None``: not enlistable."""
        if self.character != "arbiter" or game.pawn != ("clearing", c):
            return None
        return max_swords(self)

    def take_item(self, game: Game, seat: Seat, item: str) -> None:
        """A crafted item goes face up onto his board (LoR-9.2.1, LoR-9.5.8)."""
        self.gain(item)

    def full_removal(self, game: Game, seat: Seat, c: int, by: str | None) -> None:
        """An enemy effect removed every enemy piece from his clearing: he damages three items (LoR-9.2.2.I)."""
        items, _ = damage(game, seat, FULL_REMOVAL_DAMAGE)
        _event(game, "full_removal", "LoR-9.2.2", clearing=c, by=by, damaged=items)


def _event(game: Game, kind: str, rule: str, **fields) -> None:
    if game.trace:
        game.trace.event(kind, rule=rule, faction=FACTION, **fields)


# ---------------------------------------------------------------------------------------------- setup

def setup(game: Game, seat: Seat) -> None:
    """LoR-9.3: his character (``vagabond_character``, LoR-9.3.1); the pawn in a forest of his choice
    (LoR-9.3.2); the quest deck shuffled with the setup stream and three quests face up (LoR-9.3.3); his
    character's starting items face up (LoR-9.3.5, LoR-D.1..D.3); each other faction Indifferent
    (LoR-9.3.6). The ruins' items are the frame's (setup.place_items, LoR-9.3.4)."""
    comp = _components(game)
    board = seat.board = Board(character=game.options.get("vagabond_character", "thief"))
    game.pawn = ("forest", choose(game, "vagabond_forest", tuple(range(len(game.map.forests)))))
    board.quest_deck = list(comp.quests)
    game.rng["setup"].shuffle(board.quest_deck)
    for _ in range(QUESTS_UP):
        board.quests.append(board.quest_deck.pop())
    for kind in comp.characters[board.character]:
        board.gain(kind)
    board.relations = {s.faction: comp.relation_start for s in sorted(game.seats, key=lambda s: FACTIONS.index(
        s.faction)) if s.faction != FACTION}
    _event(game, "setup", "LoR-9.3", character=board.character, forest=game.pawn[1],
           items=",".join(comp.characters[board.character]), quests=",".join(q.key for q in board.quests))


# ---------------------------------------------------------------------------------------------- the map

def here(game: Game) -> int | None:
    """His clearing, or ``None`` in a forest."""
    return game.pawn[1] if game.pawn[0] == "clearing" else None


def hostile(board: Board, faction: str) -> bool:
    return board.relations.get(faction) == "hostile"


def allied(board: Board, faction: str) -> bool:
    return board.relations.get(faction) == "allied"


def move_cost(game: Game, board: Board, c: int) -> int:
    """Boots to move into ``c``: one, plus one if any Hostile faction has warriors there (LoR-9.5.1,
    LoR-9.2.9.III.b)."""
    return 1 + any(n and hostile(board, f) for f, n in game.clearings[c].warriors.items())


def move_options(game: Game, board: Board) -> list[int]:
    """The clearings the Move action reaches with his face-up boots: adjacent ones, or from a forest the
    clearings it touches, or across the Lake on the Ferry (LoR-C.2.5); never a forest (LoR-9.5.1), nor back
    into his Scorched Earth (LoR-D.6). Nimble: rule does not matter (LoR-9.2.3)."""
    kind, at = game.pawn
    if kind == "clearing" and state.held_by_band(game, FACTION, at):
        return []                                        # the Band holds him (LoR-E)
    near = game.map.forests[at].clearings if kind == "forest" else movement.reach(game, at)
    return [c for c in sorted(near) if board.ready("boot") >= move_cost(game, board, c) and c != board.scorched]


def move_pawn(game: Game, seat: Seat, where: tuple[str, int], rule: str) -> None:
    """Put the pawn in ``where``; moving from a clearing to an adjacent one he may force warriors of one
    Allied faction along (LoR-9.2.9.II.b: ``vagabond_ally_move``)."""
    origin = game.pawn
    if where[0] == "clearing":
        movement.move_pawn(game, where[1])
    else:
        game.pawn = where
        _event(game, "move", rule, destination=f"forest {where[1]}")
    if origin[0] != "clearing" or where[0] != "clearing":
        return
    warriors = game.clearings[origin[1]].warriors
    pairs = [(f, n) for f in FACTIONS if allied(seat.board, f) for n in range(1, warriors.get(f, 0) + 1)]
    if pairs:
        pick = choose(game, "vagabond_ally_move", pairs + [PASS])
        if pick != PASS:
            movement.move(game, pick[0], origin[1], where[1], pick[1])
            _event(game, "ally_move", "LoR-9.2.9", ally=pick[0], warriors=pick[1])


def move(game: Game, seat: Seat, c: int, rule: str = "LoR-9.5.1") -> None:
    """LoR-9.5.1: exhaust the boots (one, two into Hostile warriors) and move the pawn into ``c``."""
    seat.board.exhaust("boot", move_cost(game, seat.board, c))
    move_pawn(game, seat, ("clearing", c), rule)


# ---------------------------------------------------------------------------------------------- relationships

def make_hostile(game: Game, board: Board, faction: str) -> None:
    """Move ``faction``'s marker to the Hostile box (LoR-9.2.9.III)."""
    board.relations[faction] = "hostile"
    board.aids.pop(faction, None)
    _event(game, "hostile", "LoR-9.2.9", other=faction)


def improve(game: Game, seat: Seat, target: Seat) -> None:
    """An Aid to ``target`` (LoR-9.2.9.I): nothing with a Hostile faction (LoR-9.2.9.III.c); 2 VP with an
    Allied one (LoR-9.2.9.II.a); else it counts toward the next space, reached after as many Aids in one
    turn as the track says, scoring that space's VP (LoR-9.2.9.I.a-b). A bot's Aid counts unless
    ``human_vb_aid_bot`` is ``no_relationship`` (RT-OPEN-44)."""
    board, comp, f = seat.board, _components(game), target.faction
    rel = board.relations[f]
    if rel == "hostile":
        return
    if target.bot is not None and game.options.get("human_vb_aid_bot", "relationship") == "no_relationship":
        return
    if rel == "allied":
        state.score(game, FACTION, ALLIED_AID_VP, "aid")
        return
    step = comp.relations.index(rel) - comp.relations.index(comp.relation_start)
    board.aids[f] = board.aids.get(f, 0) + 1
    if board.aids[f] >= comp.aids_to_advance[step]:
        board.aids[f] = 0
        board.relations[f] = comp.relations[comp.relations.index(rel) + 1]
        _event(game, "relationship", "LoR-9.2.9", other=f, to=board.relations[f])
        state.score(game, FACTION, comp.relation_vp[step], "aid")


# ---------------------------------------------------------------------------------------------- damage, battle

def damage(game: Game, seat: Seat, hits: int, ally: str | None = None, c: int | None = None) -> tuple[int, int]:
    """Take ``hits``: each damages an undamaged item of his choice (``vagabond_damage``), or removes a warrior
    of the Ally fighting as his own in ``c`` (LoR-9.2.7, LoR-9.2.9.II.d); with neither left the rest are
    ignored. Returns ``(items damaged, Allied warriors removed)``."""
    board = seat.board
    done = [0, 0]
    for _ in range(hits):
        options = sorted({(i.kind, i.exhausted) for i in board.items if not i.damaged})
        if ally is not None and game.clearings[c].warriors.get(ally, 0) > done[1]:
            options.append(("ally", ally))
        if not options:
            break
        pick = choose(game, "vagabond_damage", options)
        if pick[0] == "ally":
            done[1] += 1
        else:
            board.find(pick[0], pick[1], False).damaged = True
            done[0] += 1
    return done[0], done[1]


def max_swords(board: Board) -> int:
    """His maximum rolled hits: undamaged swords, face up or down (LoR-9.2.6)."""
    return board.undamaged("sword")


# ---------------------------------------------------------------------------------------------- Birdsong

def refresh(game: Game, seat: Seat) -> None:
    """LoR-9.4.1: flip two exhausted items face up per tea face up on its track as Birdsong begins, then
    three more; with fewer exhausted, all of them. He picks which (``vagabond_refresh``)."""
    board = seat.board
    n = REFRESH_BASE + REFRESH_PER_TEA * board.on_track("tea")
    flipped = 0
    while flipped < n:
        down = [i for i in board.items if i.exhausted]
        if not down:
            break
        if len(down) <= n - flipped:
            for i in down:
                i.exhausted = False
            flipped += len(down)
            break
        kind, damaged = choose(game, "vagabond_refresh", sorted({(i.kind, i.damaged) for i in down}))
        board.find(kind, True, damaged).exhausted = False
        flipped += 1
    _event(game, "refresh", "LoR-9.4.1", items=flipped)


def slip_options(game: Game) -> list[tuple[str, int]]:
    """LoR-9.4.2: the adjacent clearings and forests: from a clearing those one path away and the forests
    it touches; from a forest the clearings it touches and the forests next to it; never his Scorched Earth
    (LoR-D.6)."""
    kind, at = game.pawn
    if kind == "clearing":
        near_c, near_f = movement.adjacent(game, at), game.map.clearings[at - 1].forests
    else:
        near_c, near_f = game.map.forests[at].clearings, game.map.forests[at].adjacent
    scorched = game.seat(FACTION).board.scorched
    return [("clearing", c) for c in sorted(near_c) if c != scorched] + [("forest", f) for f in sorted(near_f)]


def slip(game: Game, seat: Seat) -> None:
    """LoR-9.4.2: he may move into an adjacent clearing or forest without exhausting boots, even into Hostile
    warriors."""
    pick = choose(game, "vagabond_slip", slip_options(game) + [PASS])
    if pick != PASS:
        move_pawn(game, seat, pick, "LoR-9.4.2")


# ---------------------------------------------------------------------------------------------- Daylight

def _present(game: Game, c: int) -> list[str]:
    """The other factions with faction pieces in ``c``, in setup order."""
    return [f for f in FACTIONS if f != FACTION and game.seat(f) is not None and battle.present(game, f, c)]


def _matches(game: Game, card: int, suit: str) -> bool:
    """A card matches a clearing's suit (``state.suit_of``) if it is of that suit or a bird (LoR-2.1.1); any
    card matches the Lost City (LoR-F)."""
    return state.matches(game.cards[card].suit, suit)


def _hammers(game: Game, board: Board, c: int) -> dict[str, int]:
    """His crafting pieces: the face-up hammers, all of his clearing's suit (LoR-9.2.1); in the Lost City of
    any suit (``state.WILD``, LoR-F)."""
    return {state.suit_of(game, c): board.ready("hammer")}


def strike_options(game: Game, c: int) -> list[tuple]:
    """LoR-9.5.6: a warrior of an enemy in ``c``, or, from an enemy with no warrior there, one of its
    buildings or tokens."""
    cl = game.clearings[c]
    out: list[tuple] = []
    hired = [h for h in game.hired if game.hirelings[h].controller != FACTION and battle.present(game, h, c)]
    for f in _present(game, c) + hired:             # a hireling's pieces are an enemy's (LoR-E.3.2)
        if state.shielded(game, f, c):             # the Stoic Protector (LoR-E): not removed
            continue
        if cl.warriors.get(f, 0):
            out.append(("strike", f))
        else:
            out += sorted({("strike", f, k, "building") for g, k in cl.buildings if g == f}
                          | {("strike", f, k, "token") for g, k in cl.tokens if g == f})
    return out


def special_options(game: Game, seat: Seat, c: int | None) -> list[tuple]:
    """The character's special action, with a face-up torch (LoR-9.5.9): Steal, a player with pieces in his
    clearing (LoR-D.1); Day Labor, a card of the discard pile matching his clearing (LoR-D.2); Hideout,
    anywhere (LoR-D.3); Instigate, an ``(attacker, defender)`` pair in his clearing, himself included
    (LoR-D.4); Scorched Earth, in a clearing, once (LoR-D.6); Glide, any other clearing (LoR-D.9). The
    Arbiter, the Adventurer and the Ronin have none to take (LoR-D.5, D.7, D.8: battle.py, Quest)."""
    board = seat.board
    ch = board.character
    if not board.ready("torch") or ch in ("arbiter", "adventurer", "ronin"):
        return []
    if ch == "ranger":
        return [("special",)]
    if ch == "harrier":
        if c is not None and state.held_by_band(game, FACTION, c):
            return []                                    # the Band holds him (LoR-E)
        return [("special", d) for d in range(1, len(game.clearings)) if d != c and d != board.scorched]
    if c is None:
        return []
    if ch == "thief":
        return [("special", f) for f in _present(game, c)]
    if ch == "tinker":
        suit = state.suit_of(game, c)
        return [("special", k) for k in decide.one_per_name(game, [k for k in game.discard if _matches(game, k, suit)])]
    if ch == "vagrant":
        sides = [f for f in FACTIONS if game.seat(f) is not None]
        return [("special", a, d) for a in sides for d in battle.defenders(game, a, c)]
    stay = any(state.shielded(game, f, c) for f in FACTIONS) or any(      # pieces it would not remove
        game.hirelings[h].controller == FACTION and battle.present(game, h, c) for h in game.hired)
    ok = board.scorched is None and state.may_place(game, FACTION, c) and not stay            # RT-OWN-37
    return [("special",)] if ok else []


def daylight_options(game: Game, seat: Seat) -> list[tuple]:
    """The Daylight actions he can take now (LoR-9.5), in a stable order (see the module's docstring)."""
    board = seat.board
    c = here(game)
    out: list[tuple] = [("move", d) for d in move_options(game, board)]
    if c is not None:
        cl = game.clearings[c]
        if board.ready("sword"):
            out += [("battle", f) for f in battle.defenders(game, FACTION, c)]
        if board.ready("torch") and cl.ruin and game.ruin_items.get(c):
            out.append(("explore",))
        if any(not i.exhausted and not i.damaged for i in board.items):
            hand = decide.one_per_name(game, [k for k in seat.hand if _matches(game, k, state.suit_of(game, c))])
            out += [("aid", f, k) for f in _present(game, c) for k in hand]
        out += quest_options(board, state.suit_of(game, c))
        if board.ready("crossbow"):
            out += strike_options(game, c)
        pieces = _hammers(game, board, c)
        out += [("craft", k) for k in decide.one_per_name(game, seat.hand)
                if crafting.craftable(game, seat, k, pieces)]
    if board.ready("hammer"):
        out += [("repair", k, e) for k, e in sorted({(i.kind, i.exhausted) for i in board.items if i.damaged})]
    out += special_options(game, seat, c)
    return out


def quest_options(board: Board, suit: str) -> list[tuple]:
    """LoR-9.5.5: the quests of his clearing's ``suit`` (every suit's in the Lost City, ``state.WILD``, LoR-F)
    whose items he has face up, ``("quest", key)``; the
    Adventurer once a turn may also do one missing a single item, another face-up item standing in for it
    (Improvise, LoR-D.7, seed 16.3.7): ``("quest", key, stand_in)``."""
    out: list[tuple] = []
    improvise = board.character == "adventurer" and not board.improvised
    for q in board.quests:
        if q.suit != suit and suit != state.WILD:
            continue
        need = {k: q.items.count(k) for k in q.items}
        short = sum(max(n - board.ready(k), 0) for k, n in need.items())
        if not short:
            out.append(("quest", q.key))
        elif improvise and short == 1:
            out += [("quest", q.key, k) for k in sorted({i.kind for i in board.items if not i.exhausted
                                                          and not i.damaged}) if board.ready(k) > need.get(k, 0)]
    return out


def fight(game: Game, seat: Seat, defender: str) -> None:
    """LoR-9.5.2: exhaust a sword and battle ``defender`` in his clearing (LoR-4.3); first he may treat
    the warriors of one Allied faction there, other than the defender, as his own (``vagabond_ally``,
    LoR-9.2.9.II.c)."""
    board, c = seat.board, here(game)
    board.exhaust("sword")
    allies = [f for f in FACTIONS if allied(board, f) and f != defender and game.clearings[c].warriors.get(f, 0)]
    pick = choose(game, "vagabond_ally", allies + [PASS]) if allies else PASS
    board.ally = None if pick == PASS else pick
    battle.battle(game, FACTION, defender, c)


def explore(game: Game, seat: Seat) -> None:
    """LoR-9.5.3: exhaust a torch, take the top item of the ruin in his clearing face up and score 1 VP; the
    ruin goes with its last item (LoR-2.2.4)."""
    c = here(game)
    seat.board.exhaust("torch")
    item = state.take_ruin_item(game, c)
    seat.board.gain(item)
    _event(game, "explore", "LoR-9.5.3", clearing=c, item=item)
    state.score(game, FACTION, 1, "explore")


def aid(game: Game, seat: Seat, faction: str, card: int) -> None:
    """LoR-9.5.4: exhaust an item of his choice (``vagabond_exhaust``) and give ``card``, matching his
    clearing, to ``faction`` (a bot: discarded, it scores 1 VP, CW-GEN-15); he may take an item from its
    Crafted Items box (``vagabond_take``); then the relationship (LoR-9.2.9.I)."""
    board = seat.board
    board.exhaust(choose(game, "vagabond_exhaust", sorted({i.kind for i in board.items
                                                             if not i.exhausted and not i.damaged})))
    target = game.seat(faction)
    seat.hand.remove(card)
    if target.bot is None:
        target.hand.append(card)
    else:
        state.discard(game, card)
        state.score(game, faction, BOT_GIFT_VP, "aid")
    taken = None
    if target.crafted:
        taken = choose(game, "vagabond_take", sorted(set(target.crafted)) + [PASS])
        if taken != PASS:
            target.crafted.remove(taken)
            board.gain(taken)
    _event(game, "aid", "LoR-9.5.4", other=faction, card=game.cards[card].key,
           item=None if taken in (None, PASS) else taken)
    improve(game, seat, target)


def quest(game: Game, seat: Seat, key: str, stand_in: str | None = None) -> None:
    """LoR-9.5.5: exhaust the quest's two items; it goes to his play area and a new quest comes up; then he
    scores 1 VP per quest of its suit done, this one included, or draws two cards
    (``vagabond_quest_reward``). Improvise (LoR-D.7): ``stand_in`` takes the missing item's place and is
    exhausted and damaged."""
    board = seat.board
    q = next(q for q in board.quests if q.key == key)
    kinds = list(q.items)
    if stand_in is not None:
        kinds.remove(next(k for k in kinds if board.ready(k) < kinds.count(k)))
        item = board.find(stand_in, False, False)
        item.exhausted = item.damaged = True
        board.improvised = True
        _event(game, "improvise", "LoR-D.7", quest=key, item=stand_in)
    for kind in kinds:
        board.exhaust(kind)
    board.quests.remove(q)
    board.quests_done.append(q)
    if board.quest_deck:
        board.quests.append(board.quest_deck.pop())
    vp = sum(1 for d in board.quests_done if d.suit == q.suit)
    reward = choose(game, "vagabond_quest_reward", ("score", "draw"))
    _event(game, "quest", "LoR-9.5.5", quest=key, reward=reward)
    if reward == "score":
        state.score(game, FACTION, vp, "quests")
    else:
        seat.hand.extend(state.draw(game, QUEST_DRAW))


def strike(game: Game, seat: Seat, pick: tuple) -> None:
    """LoR-9.5.6: exhaust a crossbow and remove an enemy warrior from his clearing (the faction turns
    Hostile, LoR-9.2.9.III), or a building or token of an enemy with no warrior there (1 VP, LoR-3.2.1)."""
    c = here(game)
    seat.board.exhaust("crossbow")
    _event(game, "strike", "LoR-9.5.6", clearing=c, other=pick[1], piece=pick[2] if len(pick) > 2 else "warrior")
    if len(pick) == 2:
        state.remove_warriors(game, pick[1], c, 1)
        battle.warriors_removed(game, pick[1], c, 1, FACTION)
    else:
        state.remove_piece(game, c, (pick[1], pick[2]), FACTION, building=pick[3] == "building")


def repair(game: Game, seat: Seat, kind: str, exhausted: bool) -> None:
    """LoR-9.5.7: exhaust a hammer to repair a damaged item, which keeps its side."""
    board = seat.board
    board.exhaust("hammer")
    board.find(kind, exhausted, True).damaged = False
    _event(game, "repair", "LoR-9.5.7", item=kind)


def craft(game: Game, seat: Seat, card: int) -> None:
    """LoR-9.5.8: exhaust the hammers the card's cost asks, all of his clearing's suit (LoR-9.2.1); crafting.py
    does the rest (LoR-4.1), the item coming face up onto his board."""
    pieces = _hammers(game, seat.board, here(game))
    seat.board.exhaust("hammer", sum(crafting.pay(game.cards[card].cost, pieces).values()))
    crafting.craft(game, seat, card, pieces)


def special(game: Game, seat: Seat, pick: tuple) -> bool:
    """LoR-9.5.9: exhaust a torch for the character's action. Steal (LoR-D.1): a random card of the player
    (a bot has none: he draws from the deck instead, CW-GEN-15). Day Labor (LoR-D.2): the card from the
    discard pile. Hideout (LoR-D.3): repair three damaged items of his choice (``vagabond_repair``), then
    Daylight ends. Instigate (LoR-D.4), Scorched Earth (LoR-D.6), Glide (LoR-D.9): below. Returns whether
    Daylight goes on."""
    board = seat.board
    board.exhaust("torch")
    if board.character in SPECIALS:
        SPECIALS[board.character](game, seat, pick)
        return True
    if board.character == "thief":
        state.take_card(game, seat, game.seat(pick[1]))
        _event(game, "steal", "LoR-D.1", other=pick[1])
        return True
    if board.character == "tinker":
        game.discard.remove(pick[1])
        seat.hand.append(pick[1])
        _event(game, "day_labor", "LoR-D.2", card=game.cards[pick[1]].key)
        return True
    for _ in range(HIDEOUT_REPAIRS):
        broken = sorted({(i.kind, i.exhausted) for i in board.items if i.damaged})
        if not broken:
            break
        kind, exhausted = choose(game, "vagabond_repair", broken)
        board.find(kind, exhausted, True).damaged = False
    _event(game, "hideout", "LoR-D.3")
    return False


def instigate(game: Game, seat: Seat, pick: tuple) -> None:
    """Instigate (the Vagrant, LoR-D.4, seed 16.3.4): a battle in his clearing between the attacker and the
    defender he names, himself allowed (the seed's text, RT-SRC-1); he removes the pieces of each side but
    his own, in his order (battle.py), scoring the buildings and tokens (LoR-3.2.1), and 1 VP per piece of a
    Hostile faction removed ("enemies" in the seed's sense of Hostile: Infamy as normal, his board's
    ``after_battle`` when he is a side). The sides' hits are theirs: warriors they remove make nobody
    Hostile."""
    board, c = seat.board, here(game)
    _event(game, "instigate", "LoR-D.4", clearing=c, attacker=pick[1], defender=pick[2])
    result = battle.battle(game, pick[1], pick[2], c, remover=FACTION)
    if FACTION in (pick[1], pick[2]):
        return
    for side, f in enumerate((pick[1], pick[2])):
        n = result.warriors_lost[side] + len(result.pieces_lost[side])
        if hostile(board, f) and n > 0:
            _event(game, "infamy", "LoR-D.4", other=f, vp=n)
            state.score(game, FACTION, n, "infamy")


def scorched_earth(game: Game, seat: Seat, pick: tuple) -> None:
    """Scorched Earth (the Scoundrel, LoR-D.6, seed 16.3.6): the exhausted torch leaves his board for his
    clearing, every enemy piece there is removed by him (battle.remove_all: 1 VP per building or token,
    warriors turning their factions Hostile, LoR-9.2.9.III), and for the rest of the game no piece may be
    placed or moved into it (``state.may_place``, ``movement.can_move``, his moves) once he has left."""
    board, c = seat.board, here(game)
    battle.remove_all(game, c, FACTION)
    board.items.remove(board.find("torch", True, False))
    board.scorched = c
    _event(game, "scorched_earth", "LoR-D.6", clearing=c)


def glide(game: Game, seat: Seat, pick: tuple) -> None:
    """Glide (the Harrier, LoR-D.9, seed 16.3.9): the pawn alone to any clearing, without boots, whatever
    the paths, rule or Hostile warriors there; taking no path, it never crosses on the Ferry (LoR-C.2.5),
    so the pawn is set here, not moved by ``movement.move_pawn``."""
    game.pawn = ("clearing", pick[1])
    _event(game, "glide", "LoR-D.9", destination=pick[1])
    if game.hired:
        state.entered(game, FACTION, pick[1])


SPECIALS = {"vagrant": instigate, "scoundrel": scorched_earth, "harrier": glide}


def daylight(game: Game, seat: Seat) -> None:
    """LoR-9.5: actions in any order and number, each exhausting items, until he passes or Hideout ends
    Daylight."""
    board = seat.board
    while True:
        options = daylight_options(game, seat)
        if not options:
            return
        pick = choose(game, "vagabond_daylight", options + [PASS])
        if pick == PASS:
            return
        board.turned = []
        act = pick[0]
        if act == "move":
            move(game, seat, pick[1])
        elif act == "battle":
            fight(game, seat, pick[1])
        elif act == "explore":
            explore(game, seat)
        elif act == "aid":
            aid(game, seat, pick[1], pick[2])
        elif act == "quest":
            quest(game, seat, pick[1], *pick[2:])
        elif act == "strike":
            strike(game, seat, pick)
        elif act == "repair":
            repair(game, seat, pick[1], pick[2])
        elif act == "craft":
            craft(game, seat, pick[1])
        elif not special(game, seat, pick):
            return


# ---------------------------------------------------------------------------------------------- Evening

def cobbler(game: Game, seat: Seat) -> None:
    """Cobbler (a persistent card) at the start of Evening: he may take one move as the Move action, with
    its boots (``cobbler``: a clearing, or ``PASS``; LoR-9.5.1). cards.py offers the warriors' move, which
    he never has."""
    if state.held(game, seat, "cobbler") is None:
        return
    options = move_options(game, seat.board)
    if options:
        pick = choose(game, "cobbler", options + [PASS])
        if pick != PASS:
            move(game, seat, pick, "LoR-4.1.3")


def rest(game: Game, seat: Seat) -> None:
    """LoR-9.6.1: in a forest every damaged item is repaired and flipped face up."""
    if game.pawn[0] != "forest":
        return
    n = 0
    for i in seat.board.items:
        if i.damaged:
            i.damaged = i.exhausted = False
            n += 1
    _event(game, "rest", "LoR-9.6.1", items=n)


def draw_and_discard(game: Game, seat: Seat) -> None:
    """LoR-9.6.2-3: draw one card plus one per coins face up on its track, then discard down to five."""
    cards.evening_draw(game, seat, 1 + seat.board.on_track("coins"))
    while len(seat.hand) > HAND_LIMIT:
        state.spend(game, seat, choose(game, "discard", decide.one_per_name(game, seat.hand)))


def item_limit(board: Board) -> int:
    """Six plus two per bag face up on its track (LoR-9.6.4)."""
    return ITEM_LIMIT + PER_BAG * board.on_track("bag")


def check_capacity(game: Game, seat: Seat) -> None:
    """LoR-9.6.4: while the Satchel and the Damaged box hold more items than his limit, he removes one of
    them of his choice from the game (``vagabond_remove``)."""
    board = seat.board
    while len(board.stored()) > item_limit(board):
        kind, exhausted, damaged = choose(game, "vagabond_remove", sorted(set(board.stored())))
        board.items.remove(board.find(kind, exhausted, damaged))
        board.lost.append(kind)
        _event(game, "item_removed", "LoR-9.6.4", item=kind)


def evening(game: Game, seat: Seat) -> None:
    """LoR-9.6: the persistent cards of the start of Evening (Cobbler), rest, draw, discard, item limit."""
    cards.evening_effects(game, seat)
    cobbler(game, seat)
    rest(game, seat)
    draw_and_discard(game, seat)
    check_capacity(game, seat)


# ---------------------------------------------------------------------------------------------- the turn

def turn(game: Game, seat: Seat) -> None:
    """One whole turn (LoR-1.4.1): Birdsong (the persistent cards of its start, Refresh, Slip, LoR-9.4),
    Daylight (the cards of its start, then his actions, LoR-9.5), Evening (LoR-9.6). The Aids toward a
    relationship count within one turn (LoR-9.2.9.I.a)."""
    board = seat.board
    board.aids.clear()
    board.turned = []
    board.improvised = False
    cards.birdsong_effects(game, seat)
    refresh(game, seat)
    slip(game, seat)
    cards.daylight_effects(game, seat)
    if game.closed:
        variant_maps.clear_path(game, seat)                 # LoR-C.3.3
    if game.black_market is not None:
        landmarks.black_market(game, seat)                  # LoR-F, the seed's 16.5
    daylight(game, seat)
    evening(game, seat)
