"""``expert``: a Root player's heuristics per faction, on one scale: what a position is worth in VP.

Every choice is scored as the value of a position: the player's VP less ``opp`` times the best other
seat's, plus what the faction's engine on the map and in hand is still worth (the faction's *position
terms*, below). Most choices are scored directly from the view, as the change they make to those terms;
a decision kind a faction section does not score (a new rule area: battle effects, cards, dominance, the
Vagabond's Allied warriors) falls back on one-step lookahead (``decision.after``) valued by the same
position terms, and without lookahead (setup, rollouts) on an even score, ties drawn from the strategy's
own stream.

Marquise de Cat (LoR-6): buildings by their track's next VP and their future yield (a sawmill's wood,
a recruiter's warriors, a workshop's crafting), paid in wood; wood on the map; rule of clearings with open
slots (where she can build); the keep on the map; buildings an enemy outnumbers count less; recruit while
the recruiters and the supply allow; overwork where the card is worth less than a wood; a march by its two
best moves (ruling a clearing with an open slot, guarding a building); a bird card spent for an extra
action only once the three are used and another is worth taking.

Eyrie Dynasties (LoR-7): a Decree it can keep: each card added is scored by whether every column can still
be carried out next Daylight (a roost in a matching clearing to recruit, with the supply's warriors;
warriors in one to move; its warriors and an enemy there, or beside them while moves remain, to battle; a
ruled clearing without a roost to build), the turmoil it would risk costing the birds in the Decree and
more; each recruit, move and battle by lookahead, and by whether the later columns can still be carried
out this turn; a column's specific suits resolved before its birds; roosts for the Roosts track; the leader
whose Loyal Viziers it can carry out, then by declared preference.

Woodland Alliance (LoR-8): sympathy spread where it is cheap and hard to reach (no Martial Law, few enemy
warriors), toward more unsympathetic clearings; supporters spent with birds kept last; a revolt by the
base, officer and warriors it brings and the enemy pieces it removes; craft for VP, train officers (less
for each one already trained), mobilize the rest; operations: organize (a token and its VP), recruit, and
moves and battles by lookahead, valuing bases guarded and warriors ready to organize.

The Vagabond (LoR-9): his items by their worth (boots to move, swords to battle, crossbows to strike, the
torch to explore and for the special action, hammers to repair and craft, tea, coins and bags on their
tracks), less while damaged or exhausted; each relationship's steps toward Allied, Hostile ones costing; the
quests his items could carry out. In Daylight, scored from the view: explore a ruin (1 VP and an item);
carry out a quest whose items are face up, for its VP or two cards, whichever is worth more as the leader
nears 30 VP; aid a faction where the Aids he can still give this turn reach its next space (he remembers
the Aids he gave, which the view does not show), less the card and the VP the bot scores; strike a building
or token for its VP, a warrior only of a Hostile faction; repair and craft with hammers; a move by what he
can do in the clearing it reaches with the items left, and in the clearings beside it next turn, against
staying (in a forest, the Evening's rest), less the warriors there; a battle by its expected outcome over
the dice (pieces removed, Infamy, Hostility, items damaged). Slip toward the best clearing; refresh,
repair and take the most valuable items; take hits on and remove over the limit the least valuable. The
characters of LoR-D.4..D.9: Glide as a move without boots, Scorched Earth by the buildings and tokens it
removes and the threat gone, less the torch and the factions it turns Hostile, Improvise as its quest less
the stand-in's damage, Swift Strike as a piece removed for a sword; Instigate by lookahead.

Every number is a declared parameter (:data:`WEIGHTS`, ``list strategies root --long``), so
``--strategy 'expert(mq_sawmill=2)'`` plays other weights and ``automa-sim tune root expert`` searches
them. A faction's section is a dict from decision kind to a scoring function plus its position terms:
adding a faction is adding its section to :data:`SECTIONS`.

The Law's tracks it plans with are its own knowledge, as printed (the view shows the supply, i.e. how many
pieces are placed): :data:`WOOD_COST`, :data:`BUILDING_VP` (LoR-6.3.5), :data:`ROOST_VP` (LoR-7.3.5),
:data:`SYMPATHY_VP`, :data:`SUPPORTER_COST` (LoR-8.3.3); the Vagabond's quest cards (:data:`QUEST_ITEMS`,
the view shows their keys), ruin items (:data:`RUIN_ITEMS`, LoR-9.3.4) and relationship track
(:data:`AIDS_TO_ADVANCE`, :data:`RELATION_VP`, LoR-9.2.9). The map's paths come from ``view.map``.
"""
from __future__ import annotations

from automa.core.params import Param, assign
from automa.core.strategy import Strategy

PASS = ("pass",)
WOOD_COST = (0, 1, 2, 3, 3, 4)                                        # LoR-6.3.5
BUILDING_VP = {"sawmill": (0, 1, 2, 3, 4, 5), "workshop": (0, 2, 2, 3, 4, 5), "recruiter": (0, 1, 2, 3, 3, 4)}
BUILDINGS = ("sawmill", "workshop", "recruiter")
TRACK = 6                                                             # buildings per track (LoR-6.3.1)
ROOST_VP = (0, 0, 1, 2, 3, 4, 4, 5)                                   # LoR-7.3.5, by roosts on the map
ROOSTS = 7
SYMPATHY_VP = (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)                          # LoR-8.3.3
SUPPORTER_COST = (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
SYMPATHY = 10
DECREE = ("recruit", "move", "battle", "build")                       # LoR-7.4.2
LEADERS = ("builder", "charismatic", "commander", "despot")           # LoR-7.8
VIZIERS = {"builder": ("recruit", "move"), "charismatic": ("recruit", "battle"),   # LoR-7.3.4, LoR-7.8
           "commander": ("move", "battle"), "despot": ("move", "build")}
QUEST_ITEMS = {"errand": ("tea", "boot"), "fundraising": ("tea", "coins"), "give_a_speech": ("torch", "tea"),
               "logistics_help": ("boot", "bag"), "repair_a_shed": ("torch", "hammer"),
               "expel_bandits": ("sword", "sword"), "fend_off_a_bear": ("torch", "crossbow"),
               "guard_duty": ("torch", "sword"), "escort": ("boot", "boot")}          # LoR-9.3.3, the quest cards
RUIN_ITEMS = ("bag", "boot", "hammer", "sword")                       # LoR-9.3.4
RELATIONS = ("hostile", "indifferent", "allied_1", "allied_2", "allied")          # LoR-9.2.9
AIDS_TO_ADVANCE = {"indifferent": 1, "allied_1": 2, "allied_2": 3}    # Aids in one turn for the next space
RELATION_VP = {"indifferent": 1, "allied_1": 2, "allied_2": 2}        # VP on reaching the next space
ALLIED_AID_VP = 2                                                     # LoR-9.2.9.II.a
BOT_GIFT_VP = 1                                                       # a bot aided scores 1 (CW-GEN-15)
QUEST_DRAW = 2                                                        # LoR-9.5.5
HIDEOUT_REPAIRS = 3                                                   # LoR-D.3
WIN_VP = 30                                                           # LoR-3.1


def _w(name, default, help, least=None):
    """A weight: a float parameter, left out of the canonical string at its default."""
    return Param(name, "float", default, help, least=least, hide_default=True)


COMMON = (
    _w("opp", 0.6, "the best other seat's VP, against the player's own (1 = the margin)"),
    _w("card", 0.5, "a card in hand"),
    _w("bird", 0.4, "a bird card in hand, besides card (wild: LoR-2.1.1)"),
    _w("warrior", 0.2, "a warrior of the player's on the map"),
    _w("rule", 0.4, "a clearing the player rules (LoR-2.5)"),
)
MARQUISE = (
    _w("mq_sawmill", 2.0, "a sawmill on the map: its wood each Birdsong (LoR-6.4)"),
    _w("mq_workshop", 0.8, "a workshop on the map (crafting, LoR-6.2.1)"),
    _w("mq_recruiter", 1.5, "a recruiter on the map (warriors, LoR-6.5.3; draws, LoR-6.6)"),
    _w("mq_wood", 0.9, "a wood on the map"),
    _w("mq_slot", 0.35, "an open slot in a clearing she rules (a place to build, LoR-6.5.4)"),
    _w("mq_keep", 3.0, "the keep on the map (LoR-6.2.2)"),
    _w("mq_exposed", 0.5, "a building where an enemy has at least as many warriors as she"),
    _w("mq_march", 0.8, "factor on the two best moves of a march action (LoR-6.5.2)"),
    _w("mq_extra", 1.2, "one more action, with wood on the map or an enemy to battle (a bird spent, LoR-6.5)"),
    _w("mq_late", 0.5, "share of a building's future yield still counted in the last rounds", least=0.0),
)
EYRIE = (
    _w("ey_roost", 1.5, "a roost on the map, besides the Roosts track VP it scores each Evening"),
    _w("ey_roost_vp", 1.5, "factor on the Roosts track VP (LoR-7.6.1), scored every Evening"),
    _w("ey_turmoil", 4.0, "a Decree that cannot be carried out (turmoil, LoR-7.7), besides its birds"),
    _w("ey_recruit", 0.8, "a recruit card in the Decree it can carry out"),
    _w("ey_move", 0.5, "a move card in the Decree"),
    _w("ey_battle", 0.9, "a battle card in the Decree"),
    _w("ey_build", 1.3, "a build card in the Decree"),
    _w("ey_keep", 0.5, "factor on the Decree's worth in a position (can it be carried out again)"),
    _w("ey_plan", 1.0, "factor on whether a Decree action leaves the later columns possible this turn"),
    _w("ey_bird_add", 0.3, "a bird added to the Decree (flexible, but turmoil costs 1 VP each)"),
    _w("ey_builder", 1.0, "choosing the Builder"),
    _w("ey_charismatic", 1.2, "choosing the Charismatic"),
    _w("ey_commander", 0.6, "choosing the Commander"),
    _w("ey_despot", 0.8, "choosing the Despot"),
)
ALLIANCE = (
    _w("al_sympathy", 2.0, "a sympathy token on the map (crafting, bases, its VP already scored)"),
    _w("al_exposed", 0.4, "a sympathy token where an enemy has warriors"),
    _w("al_supporter", 0.8, "a supporter (LoR-8.2.3)"),
    _w("al_base", 3.0, "a base on the map (recruit, train, draws, LoR-8.6)"),
    _w("al_guard", 0.6, "a warrior guarding a base, up to the most enemy warriors there or beside it"),
    _w("al_officer", 1.2, "an officer (an operation each Evening, LoR-8.6.1)"),
    _w("al_officer_more", 0.3, "less per officer already trained (supporters spread sympathy, LoR-8.5.3)"),
    _w("al_frontier", 0.1, "a spread's unsympathetic neighbours (where the next spreads go, LoR-8.4.2.I)"),
    _w("al_ready", 0.8, "an unsympathetic clearing with its warriors, where it can organize next"),
    _w("al_warrior", 0.3, "an Alliance warrior on the map, besides warrior"),
)
VAGABOND = (
    _w("vb_boot", 1.0, "an undamaged boot (a move, LoR-9.5.1)"),
    _w("vb_sword", 1.0, "an undamaged sword (battle and its hits, LoR-9.2.6, LoR-9.5.2)"),
    _w("vb_crossbow", 0.6, "an undamaged crossbow (strike, LoR-9.5.6)"),
    _w("vb_torch", 1.2, "an undamaged torch (explore, the special action, LoR-9.5.3, LoR-9.5.9)"),
    _w("vb_hammer", 0.6, "an undamaged hammer (repair, craft, LoR-9.5.7, LoR-9.5.8)"),
    _w("vb_tea", 0.8, "an undamaged tea (two more refreshes on its track, LoR-9.4.1)"),
    _w("vb_coins", 0.8, "undamaged coins (a card each Evening on its track, LoR-9.6.2)"),
    _w("vb_bag", 0.3, "an undamaged bag (two more items carried on its track, LoR-9.6.4)"),
    _w("vb_damaged", 0.6, "share of an item's worth lost while it is damaged (LoR-9.2.5)"),
    _w("vb_exhaust", 0.15, "share of an item's worth lost while exhausted (used this turn, LoR-9.4.1)"),
    _w("vb_friend", 0.8, "a relationship step toward Allied, besides its VP (LoR-9.2.9)"),
    _w("vb_hostile", 1.5, "a Hostile faction (dearer moves, no relationship, LoR-9.2.9.III)"),
    _w("vb_quest", 0.5, "a face-up quest his undamaged items could carry out (LoR-9.5.5)"),
    _w("vb_card", 0.6, "a card in his hand (what he aids and crafts with, LoR-9.5.4, LoR-9.5.8)"),
    _w("vb_move", 0.8, "factor on what he can do in the clearing a move brings him to (LoR-9.5.1)"),
    _w("vb_reach", 0.3, "factor on the best clearing beside him, for the next turn"),
    _w("vb_strike", 0.3, "a warrior struck of a Hostile faction (no VP, LoR-9.5.6)"),
    _w("vb_danger", 0.15, "an enemy warrior where he ends Daylight, up to three (the hits a battle can deal "
                          "him, LoR-4.3.2)"),
)
WEIGHTS = COMMON + MARQUISE + EYRIE + ALLIANCE + VAGABOND


# ---------------------------------------------------------------------------------------------- the board

def _paths(v) -> tuple:
    """Adjacent clearings of every clearing of the view's map (index 0 unused): its open paths (LoR-2.2.1),
    the Mountain's cleared paths among them (LoR-C.3.3)."""
    return ((),) + tuple(v.adjacent(c) for c in range(1, len(v.map.clearings) + 1))


class Snap:
    """The map as the scores need it, read once per decision: per clearing (1..n) its suit, open slots,
    warriors by faction, buildings and tokens as (faction, kind), presence (warriors plus buildings), ruler
    (LoR-2.5, the Eyrie winning ties, LoR-7.2.2) and whether a ruin is still there (LoR-2.2.4)."""

    __slots__ = ("v", "me", "n", "suit", "slots", "war", "bld", "tok", "ruler", "adj", "ruin", "side", "ties")

    def __init__(self, v, adj):
        self.v, self.me, self.adj = v, v.me, adj
        self.side, self.ties = _sides(v.hirelings)
        self.n = n = len(adj) - 1
        self.suit, self.slots, self.war, self.bld, self.tok, self.ruler = [""], [0], [{}], [()], [()], [None]
        self.ruin = [False]
        for c in range(1, n + 1):
            suit, slots, war, bld, tok, ruin = v.clearing(c)
            self.ruin.append(ruin)
            war = dict(war)
            self.suit.append(suit)
            self.slots.append(slots)
            self.war.append(war)
            self.bld.append(bld)
            self.tok.append(tok)
            self.ruler.append(_ruler(war, bld, self.side, self.ties))

    def mine(self, c) -> int:
        return self.war[c].get(self.me, 0)

    def enemy(self, c) -> int:
        """The most warriors any other faction has in ``c``."""
        return max((k for f, k in self.war[c].items() if f != self.me), default=0)

    def has(self, c, kind) -> bool:
        return (self.me, kind) in self.bld[c] or (self.me, kind) in self.tok[c]

    def count(self, kind) -> int:
        return sum(1 for c in range(1, self.n + 1) for f, k in self.bld[c] + self.tok[c]
                   if f == self.me and k == kind)


def _sides(hirelings) -> tuple[dict, tuple]:
    """Whose side each hireling's pieces count for in rule, ``{name: controller}`` for a controlled card
    (LoR-E.3.1), and who wins ties: the Eyrie (LoR-7.2.2) and the Bluebird Nobles' controller (LoR-E)."""
    side = {h[0]: h[2] for h in hirelings if h[0] != "marks" and h[2] is not None}
    nobles = [h[2] for h in hirelings if h[0] == "dynasty" and h[1] and h[2] is not None]
    return side, ("eyrie", *nobles)


def _ruler(war, bld, side=None, ties=("eyrie",)):
    """The ruler of a clearing of these warriors and buildings (LoR-2.5), as :func:`_sides` says."""
    counts = dict(war)
    for f, _ in bld:
        counts[f] = counts.get(f, 0) + 1
    if side:
        for name, controller in side.items():
            if name in counts:
                counts[controller] = counts.get(controller, 0) + counts.pop(name)
    best = max(counts.values(), default=0)
    if not best:
        return None
    who = [f for f, k in counts.items() if k == best]
    if len(who) == 1:
        return who[0]
    return next((f for f in ties if f in who), None)


def _supply(v, kind) -> int:
    return dict(v.supply(v.me)).get(kind, 0)


def _board(v) -> dict:
    return dict(v.board(v.me) or ())


# ---------------------------------------------------------------------------------------------- position value

def _common(s, v, snap) -> float:
    """VP against the best other seat, cards in hand, warriors and rule (every faction)."""
    me = v.me
    other = max((v.vp(f) for f, _ in v.seats if f != me), default=0)
    hand = v.hand
    birds = sum(1 for k in hand if v.card(k)[1] == "bird")
    warriors = sum(snap.mine(c) for c in range(1, snap.n + 1))
    ruled = sum(1 for c in range(1, snap.n + 1) if snap.ruler[c] == me)
    return (v.vp() - s.opp * other + s.card * len(hand) + s.bird * birds + s.warrior * warriors
            + s.rule * ruled)


def _marquise_terms(s, v, snap) -> float:
    late = 1.0 if v.round < 6 else s.mq_late
    out = 0.0
    for c in range(1, snap.n + 1):
        mine = [k for f, k in snap.bld[c] if f == "marquise"]
        if mine:
            out += late * sum(s.mq_sawmill if k == "sawmill" else s.mq_workshop if k == "workshop"
                              else s.mq_recruiter for k in mine)
            if snap.enemy(c) >= snap.mine(c):
                out -= s.mq_exposed * len(mine)
        out += s.mq_wood * sum(1 for f, k in snap.tok[c] if f == "marquise" and k == "wood")
        if snap.ruler[c] == "marquise":
            out += s.mq_slot * snap.slots[c]
    if _board(v).get("keep") is not None:
        out += s.mq_keep
    return out


def _eyrie_terms(s, v, snap) -> float:
    """Roosts and their track (LoR-7.6.1), and whether the Decree could be carried out again."""
    n = min(snap.count("roost"), ROOSTS)
    decree, leader = _decree_suits(v)
    return s.ey_roost * n + s.ey_roost_vp * ROOST_VP[n] + s.ey_keep * _decree_cost(s, snap, decree, leader)


def _alliance_terms(s, v, snap) -> float:
    b = _board(v)
    out = s.al_supporter * b.get("supporters", 0) + s.al_officer * b.get("officers", 0)
    tokens = _supply(v, "sympathy") > 0
    for c in range(1, snap.n + 1):
        if snap.has(c, "sympathy"):
            out += s.al_sympathy - (s.al_exposed if snap.enemy(c) else 0.0)
        elif tokens and snap.mine(c) and not any(k == "keep" for _, k in snap.tok[c]):
            out += s.al_ready                                  # a warrior ready to organize (LoR-8.6.1.IV)
        out += s.al_warrior * snap.mine(c)
        bases = sum(1 for f, k in snap.bld[c] if f == "alliance")
        if bases:
            threat = max([snap.enemy(c)] + [snap.enemy(a) for a in snap.adj[c]])
            out += s.al_base * bases + s.al_guard * min(snap.mine(c), threat + 1)
    return out


# ---------------------------------------------------------------------------------------------- Marquise

def _mq_action(s, d, snap):
    """Daylight actions (LoR-6.5), each by the change it makes to the position terms. A bird card buys an
    action (LoR-6.5) only once the three are used (no other action is offered) and one is worth taking."""
    v = d.view
    actions = [c for c in d.choices if c != PASS and c[0] != "bird"]
    late = 1.0 if v.round < 6 else s.mq_late
    recruiters = sum(1 for c in range(1, snap.n + 1) for f, k in snap.bld[c] if f == "marquise" and k == "recruiter")
    out = []
    for ch in d.choices:
        if ch == PASS:
            out.append(0.0)
        elif ch[0] == "bird":
            worth = max(_mq_next_action(s, snap, recruiters, _board(v)), _march_value(s, snap))
            out.append(worth - s.card - s.bird if not actions else -1.0)
        elif ch[0] == "build":
            _, c, b = ch
            placed = TRACK - _supply(v, b)
            value = BUILDING_VP[b][placed] + late * getattr(s, "mq_" + b) - s.mq_wood * WOOD_COST[placed]
            value -= s.mq_slot                                   # the slot it fills
            if snap.enemy(c) >= snap.mine(c):
                value -= s.mq_exposed
            out.append(value + 0.01 * snap.slots[c])
        elif ch[0] == "recruit":
            out.append(min(recruiters, _supply(v, "warrior")) * (s.warrior + 0.25 * s.rule))
        elif ch[0] == "overwork":
            out.append(s.mq_wood - s.card)
        elif ch[0] == "march":
            out.append(_march_value(s, snap))
        else:
            out.append(None)
    return out


def _mq_next_action(s, snap, recruiters, board) -> float:
    """What one more action is likely worth: the better of a recruit not yet taken this turn and ``mq_extra``
    while wood is on the map to build with or an enemy shares a clearing with her warriors (a battle,
    LoR-6.5.1)."""
    recruit = recruiters * (s.warrior + 0.25 * s.rule) if not board.get("recruited") else 0.0
    fight = any(snap.mine(c) and snap.enemy(c) for c in range(1, snap.n + 1))
    return max(recruit, s.mq_extra if fight or snap.count("wood") else 0.0)


def _march_value(s, snap) -> float:
    """A march (LoR-6.5.2): its two best moves, each scored as :func:`_mq_march` scores a move, on the board
    as it is (``mq_march`` times their sum)."""
    gains = []
    for o in range(1, snap.n + 1):
        n = snap.mine(o)
        if not n:
            continue
        here = snap.ruler[o] == "marquise"
        for dst in snap.adj[o]:
            if here or snap.ruler[dst] == "marquise":                # LoR-4.2.1
                gains.append(max(_clearing_gain(s, snap, dst, k) + _clearing_gain(s, snap, o, -k)
                                 for k in range(1, n + 1)))
    gains.sort(reverse=True)
    return s.mq_march * sum(g for g in gains[:2] if g > 0)


def _mq_march(s, d, snap):
    """A move (LoR-6.5.2): the change in rule, open slots ruled and guarded buildings, from the origin and
    the destination."""
    out = []
    for ch in d.choices:
        if ch == PASS:
            out.append(0.0)
            continue
        o, dst, k = ch
        out.append(_clearing_gain(s, snap, dst, k) + _clearing_gain(s, snap, o, -k) - 0.01 * k)
    return out


def _clearing_gain(s, snap, c, k) -> float:
    """The change to the Marquise's terms in ``c`` when ``k`` of her warriors come (or go, ``k`` < 0)."""
    me = snap.me
    war = dict(snap.war[c])
    war[me] = war.get(me, 0) + k
    before, after = snap.ruler[c] == me, _ruler(war, snap.bld[c], snap.side, snap.ties) == me
    mine = sum(1 for f, _ in snap.bld[c] if f == me)
    enemy = snap.enemy(c)
    value = (after - before) * (s.rule + s.mq_slot * snap.slots[c])
    value += s.mq_exposed * mine * ((enemy >= snap.mine(c)) - (enemy >= war[me]))
    return value


def _mq_setup_keep(s, d, snap):
    """LoR-6.3.2: the corner whose clearing and neighbours hold the most slots."""
    return [snap.slots[c] + sum(snap.slots[a] for a in snap.adj[c]) + 0.5 * len(snap.adj[c]) for c in d.choices]


def _mq_setup_building(s, d, snap):
    """LoR-6.3.4: spread the buildings over the clearings with the most slots, the sawmill first."""
    order = {"sawmill": 0.2, "recruiter": 0.1, "workshop": 0.0}
    return [snap.slots[c] + order[b] for b, c in d.choices]


def _mq_wood(s, d, snap):
    """Wood to take (birdsong, building): keep wood where more building is likely, i.e. take it from
    clearings without open slots first; sawmills get wood where she has fewer."""
    return [-snap.slots[c] for c in d.choices]


def _mq_recruit(s, d, snap):
    """A short supply's recruit (LoR-6.5.3): where an enemy is closest to taking the clearing."""
    return [snap.enemy(c) - snap.mine(c) for c in d.choices]


def _card_spend(s, d, snap):
    """A card to spend or discard (LoR-6.5.5, LoR-6.6, LoR-7.6.2, LoR-8.6.2): the one least worth keeping."""
    return _card_keep(s, d, snap, negate=True)


def _mq_hits(s, d, snap):
    """Which of her pieces to lose to hits once her warriors are gone (LoR-4.3.4, ``(kind, building or
    token)``): wood first, then the building worth least, the keep last (LoR-6.2.2)."""
    rank = {"wood": 3, "workshop": 2, "recruiter": 1, "sawmill": 0, "keep": -5}
    return [rank.get(ch[0], 0) for ch in d.choices]


# ---------------------------------------------------------------------------------------------- cards

def _card_keep(s, d, snap, negate=False):
    """How much a card in hand is worth keeping: birds most (wild, LoR-2.1.1), then cards whose suit
    matches the clearings the player rules. For a card to spend or discard (``negate``), the least."""
    v = d.view
    suits = {}
    for c in range(1, snap.n + 1):
        if snap.ruler[c] == snap.me or snap.mine(c):
            suits[snap.suit[c]] = suits.get(snap.suit[c], 0) + 1
    out = []
    for ch in d.choices:
        if not isinstance(ch, int):
            out.append(-0.5 if negate else 0.0)
            continue
        _, suit, kind, item, vp = v.card(ch)
        worth = s.bird if suit == "bird" else 0.05 * suits.get(suit, 0)
        worth += 0.1 * vp + (0.05 if item else 0.0)
        out.append(-worth if negate else worth)
    return out


# ---------------------------------------------------------------------------------------------- Eyrie

def _decree_cost(s, snap, decree, leader, budget=None) -> float:
    """What a Decree is worth next Daylight: each card's column value if it can be carried out, else the
    turmoil (LoR-7.7): ``ey_turmoil`` and 1 VP per bird. Whether it can is read from the board, column by
    column in the order they resolve (LoR-7.5.2): a recruit needs a roost of its suit (LoR-7.5.2.I); a move
    warriors in a clearing of its suit (roosts recruited into count), and the recruits the warriors of the
    supply (two each under the Charismatic, LoR-7.8.2); a battle its warriors and an enemy
    piece in a clearing of its suit, one battle per clearing unless the enemy has three pieces there; a build
    a clearing of its suit without a roost that it rules (LoR-7.5.2.II-IV). Each move card may bring its
    warriors into one more clearing beside them, to battle or build there. Specific suits are matched
    first, birds with what is left. ``budget``: the moves left to bring warriors in, if not every move card's."""
    me, n = snap.me, snap.n
    roosts = [c for c in range(1, n + 1) if (me, "roost") in snap.bld[c]]
    warriors = sorted(set(c for c in range(1, n + 1) if snap.mine(c)) | (set(roosts) if decree[0] else set()))
    if budget is None:
        budget = len(decree[1])

    def enemies(c):
        return (sum(k for f, k in snap.war[c].items() if f != me)
                + sum(1 for f, _ in snap.bld[c] + snap.tok[c] if f != me))

    def can_roost(c):
        return ((me, "roost") not in snap.bld[c] and snap.slots[c] > 0
                and not any(k == "keep" for _, k in snap.tok[c]))

    near = set()
    for c in warriors:
        near.update(snap.adj[c])
    near -= set(warriors)
    strength = {c: max((snap.mine(o) for o in snap.adj[c] if o in warriors), default=0) for c in near}
    fights = [c for c in warriors if enemies(c)]
    fights_far = [c for c in sorted(near) if enemies(c)]
    ruled = [c for c in range(1, n + 1) if snap.ruler[c] == me and can_roost(c)]
    builds_far = [c for c in sorted(near) if can_roost(c) and _presence(snap, c) <= strength[c]]
    places = {"recruit": roosts, "move": warriors}
    weight = {"recruit": s.ey_recruit, "move": s.ey_move, "battle": s.ey_battle, "build": s.ey_build}
    if leader == "charismatic":
        weight["recruit"] *= 1.5
    birds = sum(1 for col in decree for x in col if x == "bird")
    value = 0.0
    for name, col in zip(DECREE, decree):
        order = sorted(col, key=lambda x: x == "bird")
        if name in ("battle", "build"):
            here = fights if name == "battle" else ruled
            far = fights_far if name == "battle" else builds_far
            free = [(snap.suit[c], c) for c in here]
            extra = [(snap.suit[c], c) for c in far]
            for suit in order:
                pick = next((x for x in free if suit in ("bird", x[0])), None)
                if pick is not None:
                    if name == "build" or enemies(pick[1]) < 3:
                        free.remove(pick)
                elif budget and any(suit in ("bird", x[0]) for x in extra):
                    extra.remove(next(x for x in extra if suit in ("bird", x[0])))
                    budget -= 1
                else:
                    return value - s.ey_turmoil - birds
                value += weight[name]
            continue
        suits = {snap.suit[c] for c in places[name]}
        if name == "recruit" and len(col) * (2 if leader == "charismatic" else 1) > _supply(snap.v, "warrior"):
            suits = set()                                      # not fully taken (LoR-7.5.2.I, LoR-7.8.2)
        for suit in order:
            if not suits or (suit != "bird" and suit not in suits):
                return value - s.ey_turmoil - birds
            value += weight[name]
    return value


def _presence(snap, c) -> int:
    """The most warriors plus buildings any other faction has in ``c`` (rule, LoR-2.5)."""
    counts = {f: k for f, k in snap.war[c].items() if f != snap.me}
    for f, _ in snap.bld[c]:
        if f != snap.me:
            counts[f] = counts.get(f, 0) + 1
    return max(counts.values(), default=0)


def _ey_step(column):
    """A Decree action of ``column`` (LoR-7.5.2.I-III) scored with lookahead: the position after it, and
    whether the later columns can still be carried out this turn (``ey_plan``), with the Decree's moves to
    bring warriors in only while the move column is still to come."""
    later = DECREE.index(column) + 1

    def score(s, d, snap):
        if not d.can_look_ahead:
            return [None] * len(d.choices)
        v = d.view
        decree, leader = _decree_suits(v)
        rest = [col if i >= later else [] for i, col in enumerate(decree)]
        budget = len(decree[1]) if later <= 1 else 0
        terms = SECTIONS["eyrie"][0]
        now = s.value(v, snap, terms) + s.ey_plan * _decree_cost(s, snap, rest, leader, budget)
        out = []
        for ch in d.choices:
            after = d.after(ch)
            a = Snap(after, snap.adj)
            out.append(s.value(after, a, terms) + s.ey_plan * _decree_cost(s, a, rest, leader, budget) - now)
        return out

    score.__name__ = f"_ey_{column}"
    return score


def _decree_suits(v) -> tuple[list, str]:
    b = _board(v)
    decree = [[x if x == "vizier" else v.card(x)[1] for x in col] for _, col in b.get("decree", ())]
    decree = [["bird" if x == "vizier" else x for x in col] for col in decree] or [[] for _ in DECREE]
    return decree, b.get("leader")


def _ey_decree_add(s, d, snap):
    """LoR-7.4.2: the card and column that keep the Decree one it can carry out, and most worth it."""
    v = d.view
    decree, leader = _decree_suits(v)
    base = _decree_cost(s, snap, decree, leader)
    out = []
    for ch in d.choices:
        if ch == PASS:
            out.append(0.0)
            continue
        k, col = ch
        suit = v.card(k)[1]
        new = [list(x) for x in decree]
        new[DECREE.index(col)].append(suit)
        value = _decree_cost(s, snap, new, leader) - base - s.card
        if suit == "bird":
            value += s.ey_bird_add - s.bird
        out.append(value)
    return out


def _ey_decree_card(s, d, snap):
    """LoR-7.5.2: a column's specific suits first, its birds last (they match whatever is left)."""
    return [-1.0 if ch == "bird" else 0.0 for ch in d.choices]


def _ey_leader(s, d, snap):
    """LoR-7.3.3, LoR-7.7.3: the leader by declared preference and whether its viziers' columns (LoR-7.3.4)
    can be carried out from the board (after turmoil the Decree holds only them)."""
    out = []
    for ch in d.choices:
        if ch not in LEADERS:
            out.append(0.0)
            continue
        decree = [["bird"] if name in VIZIERS[ch] else [] for name in DECREE]
        out.append(getattr(s, "ey_" + ch) + _decree_cost(s, snap, decree, ch))
    return out


def _ey_corner(s, d, snap):
    """LoR-7.3.2: the corner with the most slots around it (room for roosts)."""
    return [snap.slots[c] + sum(snap.slots[a] for a in snap.adj[c]) for c in d.choices]


def _ey_new_roost(s, d, snap):
    """LoR-7.4.3: the clearing with the fewest enemy warriors nearby and the most slots."""
    return [snap.slots[c] - sum(snap.enemy(a) for a in snap.adj[c]) * 0.2 for c in d.choices]


# ---------------------------------------------------------------------------------------------- Alliance

def _al_spread(s, d, snap):
    """LoR-8.4.2: the token's VP, the supporters it costs and how hard the clearing is to reach (few enemy
    warriors there and around)."""
    v = d.view
    placed = SYMPATHY - _supply(v, "sympathy")
    out = []
    for ch in d.choices:
        if ch == PASS:
            out.append(0.0)
            continue
        c = ch
        cost = SUPPORTER_COST[min(placed, SYMPATHY - 1)] + (1 if snap.enemy(c) >= 3 else 0)
        value = SYMPATHY_VP[min(placed, SYMPATHY - 1)] + s.al_sympathy - s.al_supporter * cost
        if snap.enemy(c):
            value -= s.al_exposed
        value -= 0.05 * sum(snap.enemy(a) for a in snap.adj[c])
        value += s.al_frontier * sum(1 for a in snap.adj[c] if not snap.has(a, "sympathy"))
        out.append(value)
    return out


def _al_revolt(s, d, snap):
    """LoR-8.4.1: a revolt's base, officer and warriors (one per sympathetic clearing of its suit), the
    enemy pieces it removes (1 VP per building and token, LoR-3.2.1, and the warriors it clears), less the
    two supporters; best where the base is hard to reach."""
    out = []
    for c in d.choices:
        if c == PASS:
            out.append(0.0)
            continue
        suit = snap.suit[c]
        warriors = sum(1 for x in range(1, snap.n + 1) if snap.suit[x] == suit and snap.has(x, "sympathy"))
        pieces = sum(1 for f, _ in snap.bld[c] + snap.tok[c] if f != snap.me)
        cleared = sum(k for f, k in snap.war[c].items() if f != snap.me)
        threat = max((snap.enemy(a) for a in snap.adj[c]), default=0)
        value = (s.al_base + s.al_officer + pieces * (1 + s.opp * 0.5) + 0.1 * cleared
                 + warriors * (s.warrior + s.al_warrior) + s.al_guard * min(warriors, threat + 1)
                 - 2 * s.al_supporter + s.rule)
        out.append(value)
    return out


def _al_supporters(s, d, snap):
    """LoR-8.2.3: spend the supporter least needed: never a bird while another matches."""
    return _card_keep(s, d, snap, negate=True)


def _al_daylight(s, d, snap):
    """LoR-8.5: craft for VP, train while a base allows, mobilize cards it cannot craft."""
    v = d.view
    b = _board(v)
    out = []
    for ch in d.choices:
        if ch == PASS:
            out.append(0.0)
            continue
        what, k = ch
        _, suit, kind, item, vp = v.card(k)
        keep = s.card + (s.bird if suit == "bird" else 0.0)
        if what == "craft":
            out.append(vp + (0.5 if item else 0.3) - keep)
        elif what == "mobilize":
            out.append(s.al_supporter - keep - 0.05 * b.get("supporters", 0))
        else:
            out.append(s.al_officer - s.al_officer_more * b.get("officers", 0) - keep)
    return out


def _al_operation(s, d, snap):
    """LoR-8.6.1: organize (a token and its VP), recruit at a base, battles and moves by what they change."""
    v = d.view
    placed = SYMPATHY - _supply(v, "sympathy")
    out = []
    for ch in d.choices:
        if ch == PASS:
            out.append(0.0)
        elif ch[0] == "organize":
            out.append(SYMPATHY_VP[min(placed, SYMPATHY - 1)] + s.al_sympathy - s.warrior - s.al_warrior
                       - (s.al_exposed if snap.enemy(ch[1]) else 0.0))
        elif ch[0] == "recruit":
            out.append(s.warrior + s.al_warrior)
        else:
            out.append(None)
    return out


# ---------------------------------------------------------------------------------------------- the Vagabond

def _vb_board(v):
    """His board as the view shows it (LoR-9.2.5, LoR-9.2.9): items ``(kind, exhausted, damaged)``, face-up
    quests, quests done, relationships by faction."""
    b = _board(v)
    return b.get("items", ()), b.get("quests", ()), b.get("quests_done", ()), dict(b.get("relations", ()))


def _worth(s, kind) -> float:
    return getattr(s, "vb_" + kind)


def _undamaged(items, face_up: bool = False) -> dict:
    """Undamaged items by kind; ``face_up``: only those not exhausted, the ones he can use now."""
    out = {}
    for kind, exhausted, damaged in items:
        if not damaged and not (face_up and exhausted):
            out[kind] = out.get(kind, 0) + 1
    return out


def _ready(items) -> dict:
    """Face-up undamaged items by kind: those he can exhaust."""
    return _undamaged(items, face_up=True)


def _use(s, kind) -> float:
    """What exhausting an item costs this turn: a share of its worth; coins also lose the Evening's card
    (LoR-9.6.2)."""
    return s.vb_exhaust * _worth(s, kind) + (s.vb_card if kind == "coins" else 0.0)


def _quest(key) -> tuple[str, tuple]:
    """A quest card's suit and items, from its key (``name_suit``)."""
    name, _, suit = key.rpartition("_")
    return suit, QUEST_ITEMS[name]


def _has(ready, need) -> bool:
    return all(ready.get(k, 0) >= need.count(k) for k in need)


def _vagabond_terms(s, v, snap) -> float:
    """His items by worth (less while damaged or exhausted, LoR-9.2.5), each relationship's steps toward
    Allied and Hostile ones (LoR-9.2.9), the face-up quests his undamaged items could carry out (LoR-9.5.5)."""
    items, quests, _, rel = _vb_board(v)
    out = 0.0
    for kind, exhausted, damaged in items:
        w = _worth(s, kind)
        if damaged:
            out += w * (1.0 - s.vb_damaged)
        else:
            out += w - (s.vb_exhaust * w if exhausted else 0.0)
    for r in rel.values():
        out += -s.vb_hostile if r == "hostile" else s.vb_friend * (RELATIONS.index(r) - 1)
    undamaged = _undamaged(items)
    out += s.vb_quest * sum(1 for q in quests if _has(undamaged, _quest(q)[1]))
    return out


class _Spot:
    """What the Vagabond could do in a clearing with given face-up items: explore a ruin (1 VP and an item,
    LoR-9.5.3), carry out a quest of its suit (LoR-9.5.5), aid a faction with pieces there (LoR-9.5.4) and
    strike a building or token of a faction without warriors there (LoR-9.5.6), each by its worth."""

    def __init__(self, s, v, snap):
        self.s, self.v, self.snap = s, v, snap
        self.items, self.quests, self.done, self.rel = _vb_board(v)
        self.hand = [v.card(k)[1] for k in v.hand]
        ruin_worth = sum(_worth(s, k) for k in RUIN_ITEMS) / len(RUIN_ITEMS)
        self.explore = 1.0 + ruin_worth - _use(s, "torch")             # LoR-9.5.3
        self.others = {f: v.vp(f) for f, _ in v.seats if f != v.me}

    def quest(self, key) -> float:
        """A quest's reward, the better of its VP (one per quest of its suit done, LoR-9.5.5) and two cards,
        less its items exhausted."""
        suit, need = _quest(key)
        vp = 1 + sum(1 for d in self.done if _quest(d)[0] == suit)
        return max(vp, self.draw()) - sum(_use(self.s, k) for k in need)

    def draw(self) -> float:
        """Two cards drawn (LoR-9.5.5), worth less as the leader nears 30 VP (LoR-3.1)."""
        lead = max(self.others.values(), default=0)
        return QUEST_DRAW * self.s.vb_card * max(0.0, 1.0 - lead / WIN_VP)

    def aid(self, f, bird, ready, cards, given=0) -> float:
        """An Aid to ``f`` (LoR-9.5.4, LoR-9.2.9.I): the VP of the next relationship space and its step when
        this Aid reaches it, a share of them while more Aids this turn can follow, 2 VP with an Allied faction
        (LoR-9.2.9.II.a); less the card, the cheapest item exhausted and the bot's gift VP (CW-GEN-15) as it
        raises the best other seat; plus the best item to take from its crafted ones. ``cards``: the cards
        he holds that match the clearing; ``given``: his Aids to ``f`` this turn toward its next space."""
        s, r = self.s, self.rel[f]
        if r == "hostile":
            gain = 0.0
        elif r == "allied":
            gain = ALLIED_AID_VP
        else:
            need = AIDS_TO_ADVANCE[r] - given
            gain = RELATION_VP[r] + s.vb_friend
            if need > 1:
                spare = min(sum(ready.values()) - 1, cards - 1)
                gain = gain / AIDS_TO_ADVANCE[r] if spare >= need - 1 else 0.0
        others = dict(self.others)
        best = max(others.values(), default=0)
        others[f] += BOT_GIFT_VP
        gift = s.opp * (max(others.values()) - best)
        item = min((_use(s, k) for k in ready), default=0.0)
        take = max((_worth(s, k) for k in self.v.crafted(f)), default=0.0)
        return gain - gift - item + take - s.vb_card - (s.bird if bird else 0.0)

    def value(self, c, ready) -> float:
        """The worth of the best things to do in ``c`` with ``ready`` items, summed (what moving there is
        for)."""
        snap, s = self.snap, self.s
        suit, out = snap.suit[c], []
        if ready.get("torch") and snap.ruin[c]:
            out.append(self.explore)
        for q in self.quests:
            qs, need = _quest(q)
            if qs == suit and _has(ready, need):
                out.append(self.quest(q))
        if ready:
            cards = [x for x in self.hand if x in (suit, "bird")]
            for f in self.rel:
                if cards and _present(snap, c, f):
                    out.append(self.aid(f, all(x == "bird" for x in cards), ready, len(cards)))
        if ready.get("crossbow"):
            for f in self.rel:
                if not snap.war[c].get(f) and any(g == f for g, _ in snap.bld[c] + snap.tok[c]):
                    out.append(1.0 - _use(s, "crossbow"))
        return sum(x for x in out if x > 0)

    def move(self, c, ready, boots) -> float:
        """Moving into ``c`` spending ``boots``: ``vb_move`` times what he can do there with the items left,
        and ``vb_reach`` times the best clearing beside it for the next turn (every undamaged item)."""
        s = self.s
        left = dict(ready)
        left["boot"] = left.get("boot", 0) - boots
        if left["boot"] <= 0:
            del left["boot"]
        return (s.vb_move * self.value(c, left) + s.vb_reach * self.near(c) - boots * _use(s, "boot")
                - s.vb_danger * self.threat(c))

    def stay(self, c, ready) -> float:
        """Staying in ``c`` (a clearing, or ``None`` for his forest): what he can still do there and beside it,
        less its threat; in a forest, the Evening's rest."""
        if c is None:
            return self.rest()
        s = self.s
        return s.vb_move * self.value(c, ready) + s.vb_reach * self.near(c) - s.vb_danger * self.threat(c)

    def threat(self, c) -> int:
        """The most warriors another faction has in ``c``, up to three: the hits a battle there could deal
        him (LoR-4.3.2), an Allied faction's aside; bots battle where their warriors are."""
        return min(3, max((n for f, n in self.snap.war[c].items() if self.rel.get(f) != "allied"), default=0))

    def rest(self) -> float:
        """Ending the turn in a forest repairs every damaged item (LoR-9.6.1)."""
        return self.s.vb_damaged * sum(_worth(self.s, k) for k, _, dmg in self.items if dmg)

    def near(self, c) -> float:
        """The best clearing beside ``c`` for the next turn, with every undamaged item."""
        full = _undamaged(self.items)
        return max((self.value(a, full) for a in self.snap.adj[c]), default=0.0)


def _present(snap, c, f) -> bool:
    """Whether ``f`` has pieces in ``c`` (warriors, buildings or tokens)."""
    return bool(snap.war[c].get(f)) or any(g == f for g, _ in snap.bld[c] + snap.tok[c])


def _vb_here(v):
    p = v.pawn
    return p[1] if p and p[0] == "clearing" else None


def _boots(snap, rel, c) -> int:
    """Boots to move into ``c``: one, two into a Hostile faction's warriors (LoR-9.5.1, LoR-9.2.9.III.b)."""
    return 1 + any(n and rel.get(f) == "hostile" for f, n in snap.war[c].items())


def _vb_daylight(s, d, snap):
    """A Daylight action (LoR-9.5), scored from the view: a move by what he can do there against staying
    (:class:`_Spot`; in a forest, the Evening's rest, LoR-9.6.1); explore, quest, aid, strike, repair, craft
    and the special action by their VP and the worth of the items they bring or exhaust; a battle by its
    expected outcome (:func:`_vb_battle`); ending Daylight 0."""
    v = d.view
    spot = _Spot(s, v, snap)
    ready = _ready(spot.items)
    c = _vb_here(v)
    given = s.aids_given(v)
    stay = spot.stay(c, ready)
    cards = [x for x in spot.hand if c is not None and x in (snap.suit[c], "bird")]
    out = []
    for ch in d.choices:
        act = ch[0]
        if ch == PASS:
            out.append(0.0)
        elif act == "move":
            out.append(spot.move(ch[1], ready, _boots(snap, spot.rel, ch[1])) - stay)
        elif act == "explore":
            out.append(spot.explore)
        elif act == "quest":                                             # Improvise damages its stand-in
            out.append(spot.quest(ch[1]) - (s.vb_damaged * _worth(s, ch[2]) if len(ch) > 2 else 0.0))
        elif act == "aid":
            f, k = ch[1], ch[2]
            out.append(spot.aid(f, v.card(k)[1] == "bird", ready, len(cards), given.get(f, 0)))
        elif act == "strike":
            f = ch[1]
            if len(ch) > 2:
                out.append(1.0 - _use(s, "crossbow"))                      # LoR-3.2.1
            elif spot.rel.get(f) == "hostile":
                out.append(s.vb_strike - _use(s, "crossbow"))
            else:
                out.append(s.vb_strike - s.vb_hostile - _use(s, "crossbow"))   # LoR-9.2.9.III
        elif act == "repair":
            kind, exhausted = ch[1], ch[2]
            out.append(_worth(s, kind) * s.vb_damaged - (s.vb_exhaust * _worth(s, kind) if exhausted else 0.0)
                       - _use(s, "hammer"))
        elif act == "craft":
            _, suit, _, item, vp = v.card(ch[1])
            out.append(vp + (_worth(s, item) if item else 0.0) - s.vb_card - (s.bird if suit == "bird" else 0.0)
                       - _use(s, "hammer"))
        elif act == "special":
            out.append(_vb_special(s, v, snap, spot, ch, stay))
        elif act == "battle":
            out.append(_vb_battle(s, v, snap, spot, ch[1]))
        else:
            out.append(None)
    return out


def _vb_battle(s, v, snap, spot, f) -> float:
    """A battle he starts against ``f`` in his clearing (LoR-9.5.2, LoR-4.3), by its expected outcome over the
    16 rolls of two dice 0-3 (LoR-4.3.2): he deals the higher, capped by his undamaged swords, plus one if
    ``f`` has no warrior there (defenseless, LoR-4.3.3.II); ``f`` deals the lower, capped by its warriors.
    His hits remove its warriors first, then its tokens and buildings, 1 VP each (CW-GEN-6, LoR-3.2.1);
    removing a warrior turns ``f`` Hostile (LoR-9.2.9.III), and each piece removed while it is Hostile, but
    the warrior that made it so, scores Infamy (LoR-9.2.9.III.a); a hireling's pieces have no relationship
    (LoR-E.3), only its buildings' VP. Each hit he takes damages his cheapest
    undamaged item (LoR-9.2.7); a sword is exhausted."""
    c = _vb_here(v)
    warriors = snap.war[c].get(f, 0)
    pieces = sum(1 for g, _ in snap.bld[c] + snap.tok[c] if g == f)
    swords = sum(1 for k, _, dmg in spot.items if k == "sword" and not dmg)
    worths = sorted(_worth(s, k) * s.vb_damaged for k, _, dmg in spot.items if not dmg)
    rel = spot.rel.get(f)                       # a hireling has no relationship (LoR-E.3)
    steps = max(0, RELATIONS.index(rel) - 1) if rel else 0
    total = 0.0
    for a in range(4):
        for b in range(4):
            high, low = max(a, b), min(a, b)
            hits = min(high, swords) + (0 if warriors else 1)
            killed = min(hits, warriors)
            removed = min(hits - killed, pieces)
            value = float(removed)
            if rel == "hostile":
                value += killed + removed
            elif killed and rel:
                value += killed - 1 + removed - s.vb_hostile - s.vb_friend * steps
            value -= sum(worths[:min(low, warriors)])
            total += value
    return total / 16 - _use(s, "sword")


def _vb_special(s, v, snap, spot, ch, stay):
    """The character's action (LoR-9.5.9): Steal a card (LoR-D.1; from a bot, drawn, CW-GEN-15), Day Labor
    a card of the discard pile (LoR-D.2), Hideout: repair three damaged items, ending Daylight (LoR-D.3);
    Glide as a move without boots (LoR-D.9); Scorched Earth by the buildings and tokens it removes (1 VP
    each) and the threat gone, less the torch lost and the factions its removed warriors turn Hostile
    (LoR-D.6); Instigate by lookahead (``None``, LoR-D.4)."""
    torch = _use(s, "torch")
    character = _board(v).get("character")
    if character == "vagrant":
        return None
    if character == "harrier":
        return spot.move(ch[1], _ready(spot.items), 0) - stay - torch
    if character == "scoundrel":
        c = _vb_here(v)
        vp = sum(1 for f, _ in snap.bld[c] + snap.tok[c] if f != v.me)
        turned = sum(s.vb_hostile + s.vb_friend * max(0, RELATIONS.index(r) - 1)
                     for f, r in spot.rel.items() if r != "hostile" and snap.war[c].get(f))
        return vp + s.vb_danger * spot.threat(c) - turned - _worth(s, "torch")
    if len(ch) == 2 and isinstance(ch[1], str):
        return s.vb_card - torch
    if len(ch) == 2:
        return s.vb_card + (s.bird if v.card(ch[1])[1] == "bird" else 0.0) - torch
    broken = sorted((_worth(s, k) for k, _, dmg in spot.items if dmg), reverse=True)
    return s.vb_damaged * sum(broken[:HIDEOUT_REPAIRS]) - torch


def _vb_swift_strike(s, d, snap):
    """Swift Strike (LoR-D.8): one more hit, about a piece removed, for an exhausted sword."""
    return [0.0 if ch == PASS else 1.0 - _use(s, "sword") for ch in d.choices]


def _vb_slip(s, d, snap):
    """LoR-9.4.2: into the clearing where Daylight is worth most with every face-up item, or a forest: by
    its best clearing a move away, or the Evening's rest there (LoR-9.6.1)."""
    v = d.view
    spot = _Spot(s, v, snap)
    ready = _ready(spot.items)
    m = v.map
    out = []
    for ch in d.choices:
        where = v.pawn if ch == PASS else ch
        if where[0] == "clearing":
            out.append(spot.stay(where[1], ready))
        else:
            near = m.forests[where[1]].clearings
            out.append(max([spot.rest()] + [spot.move(c, ready, 1) for c in near]))
    return out


def _vb_cobbler(s, d, snap):
    """Cobbler (a persistent card) at Evening: a move, scored as a Daylight move, for next turn only."""
    v = d.view
    spot = _Spot(s, v, snap)
    c = _vb_here(v)
    now = s.vb_reach * spot.near(c) if c is not None else 0.0
    return [0.0 if ch == PASS else s.vb_reach * spot.near(ch) - _use(s, "boot") - now for ch in d.choices]


def _vb_forest(s, d, snap):
    """LoR-9.3.2: the forest beside most ruins (explored first, LoR-9.5.3), then most clearings; his items
    and quests come after (LoR-9.3.3, LoR-9.3.5)."""
    forests = d.view.map.forests
    return [sum(snap.ruin[c] for c in forests[i].clearings) + 0.1 * len(forests[i].clearings) for i in d.choices]


def _vb_refresh(s, d, snap):
    """LoR-9.4.1: flip the most valuable items, undamaged first (a damaged one cannot be used)."""
    return [_worth(s, k) * (1.0 - s.vb_damaged if dmg else 1.0) for k, dmg in d.choices]


def _vb_damage(s, d, snap):
    """LoR-9.2.7: the hit damages the item worth least, an exhausted one before a face-up one; an Allied
    warrior (LoR-9.2.9.II.d) by lookahead."""
    return [None if ch[0] == "ally" else -_worth(s, ch[0]) * s.vb_damaged - (0.0 if ch[1] else _use(s, ch[0]))
            for ch in d.choices]


def _vb_exhaust(s, d, snap):
    """LoR-9.5.4: the item cheapest to exhaust, keeping those a face-up quest of his clearing needs."""
    v = d.view
    items, quests, _, _ = _vb_board(v)
    c = _vb_here(v)
    need = set()
    if c is not None:
        ready = _ready(items)
        for q in quests:
            suit, what = _quest(q)
            if suit == snap.suit[c] and _has(ready, what):
                need.update(what)
    return [-_use(s, k) - (s.vb_quest if k in need else 0.0) for k in d.choices]


def _vb_take(s, d, snap):
    """LoR-9.5.4: the most valuable item of the aided faction's crafted items."""
    return [0.0 if ch == PASS else _worth(s, ch) for ch in d.choices]


def _vb_reward(s, d, snap):
    """LoR-9.5.5: the quest's VP (one per quest of its suit done) or two cards, whichever is worth more."""
    v = d.view
    spot = _Spot(s, v, snap)
    suit = _quest(spot.done[-1])[0] if spot.done else ""
    vp = sum(1 for q in spot.done if _quest(q)[0] == suit)
    return [float(vp) if ch == "score" else spot.draw() for ch in d.choices]


def _vb_repair(s, d, snap):
    """LoR-D.3: the most valuable damaged item, a face-up one first."""
    return [_worth(s, k) + (0.0 if exhausted else s.vb_exhaust * _worth(s, k)) for k, exhausted in d.choices]


def _vb_remove(s, d, snap):
    """LoR-9.6.4: remove the item worth least, damaged ones counted at what they are worth until repaired."""
    return [-_worth(s, k) * (1.0 - s.vb_damaged if dmg else 1.0) for k, _, dmg in d.choices]


# ---------------------------------------------------------------------------------------------- the sections

SECTIONS = {
    "marquise": (_marquise_terms, {
        "marquise_action": _mq_action, "march": _mq_march, "setup_keep": _mq_setup_keep,
        "setup_building": _mq_setup_building, "birdsong_wood": _mq_wood, "build_wood": _mq_wood,
        "recruit": _mq_recruit, "overwork": _card_spend,
        "discard": _card_spend, "hits_order": _mq_hits}),
    "eyrie": (_eyrie_terms, {
        "eyrie_decree_add": _ey_decree_add, "eyrie_decree_card": _ey_decree_card,
        "eyrie_recruit": _ey_step("recruit"), "eyrie_move": _ey_step("move"), "eyrie_battle": _ey_step("battle"),
        "eyrie_leader": _ey_leader, "eyrie_corner": _ey_corner, "eyrie_new_roost": _ey_new_roost,
        "discard": _card_spend}),
    "alliance": (_alliance_terms, {
        "alliance_revolt": _al_revolt, "alliance_spread": _al_spread,
        "supporters": _al_supporters, "supporters_discard": _al_supporters, "alliance_daylight": _al_daylight,
        "alliance_operation": _al_operation, "discard": _card_spend}),
    "vagabond": (_vagabond_terms, {
        "vagabond_daylight": _vb_daylight, "vagabond_slip": _vb_slip, "cobbler": _vb_cobbler,
        "vagabond_forest": _vb_forest, "vagabond_refresh": _vb_refresh, "vagabond_damage": _vb_damage,
        "vagabond_exhaust": _vb_exhaust, "vagabond_take": _vb_take, "vagabond_quest_reward": _vb_reward,
        "vagabond_repair": _vb_repair, "vagabond_remove": _vb_remove, "vagabond_swift_strike": _vb_swift_strike,
        "discard": _card_spend}),
}

# kinds every faction scores the same way: a card to give up (the advanced setup's LoR-A.10, a Mountain
# path's LoR-C.3.3)
EVERY_FACTION = {"setup_return": _card_spend, "clear_path_card": _card_spend}


class ExpertStrategy(Strategy):
    name = "expert"
    description = ("per-faction heuristics (the Marquise's economy, the Eyrie's Decree, the Alliance's sympathy, "
                   "the Vagabond's items, quests and aid) on a VP scale, lookahead for the rest")

    params = WEIGHTS

    def __init__(self, rng, **weights):
        super().__init__(rng)
        assign(self, self.params, weights)
        self._map = self._closed = self._adj = None
        self._aids = (None, {})

    def choose(self, decision):
        pick = self.pick_top(decision.choices, self.scores(decision))
        if decision.kind == "vagabond_daylight" and pick[0] == "aid":
            self._note_aid(decision.view, pick[1])
        return pick

    def _note_aid(self, v, f):
        """Remember an Aid given this turn to ``f`` at its relationship now: the view shows the relationship,
        not the Aids toward its next space, which he keeps in mind (LoR-9.2.9.I.a)."""
        turn, given = self._aids
        if turn != v.turn:
            given = {}
        rel = _vb_board(v)[3][f]
        n = given[f][1] if f in given and given[f][0] == rel else 0
        given[f] = (rel, n + 1)
        self._aids = (v.turn, given)

    def aids_given(self, v) -> dict:
        """The Aids he gave this turn to each faction toward the relationship it still has."""
        turn, given = self._aids
        if turn != v.turn:
            return {}
        rel = _vb_board(v)[3]
        return {f: n for f, (r, n) in given.items() if rel.get(f) == r}

    def rank(self, decision):
        scores = self.scores(decision)
        keys = [self.rng.random() for _ in decision.choices]
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], keys[i]))
        return [decision.choices[i] for i in order]

    def scores(self, d) -> list[float]:
        """One score per choice: the faction section's direct score where it has one, else the lookahead
        position value, else 0."""
        v = d.view
        m = v.map
        if self._map is not m or self._closed is not v.closed:
            self._map, self._closed, self._adj = m, v.closed, _paths(v)
        snap = Snap(v, self._adj)
        terms, kinds = SECTIONS.get(v.me, (None, {}))
        direct = kinds.get(d.kind) or EVERY_FACTION.get(d.kind)
        scores = direct(self, d, snap) if direct is not None else [None] * len(d.choices)
        if None not in scores:
            return scores
        if not d.can_look_ahead:
            return [0.0 if x is None else x for x in scores]
        now = self.value(v, snap, terms)
        out = []
        for x, ch in zip(scores, d.choices):
            if x is None:
                after = d.after(ch)
                x = self.value(after, Snap(after, self._adj), terms) - now
            out.append(x)
        return out

    def value(self, v, snap, terms) -> float:
        """What the position is worth to the player: :func:`_common` and the faction's terms."""
        return _common(self, v, snap) + (terms(self, v, snap) if terms is not None else 0.0)
