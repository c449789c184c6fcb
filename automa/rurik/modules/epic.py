"""Module A, epic structures, in solo (RK-SB-EPIC-1..4, RK-EOR-2, RK-OPEN-24).

Three epic cards lie in a column, top first. The player builds them with build points; the
Rebellion never builds them: a Rebellion build action with exactly 3 build points takes 1 VP token
and the reward of the top-most unbuilt card instead, and that card leaves the game. Epic structures
belong to nobody (owner ``NOBODY``) and work for both sides; where the Rebellion cannot use an
optional or round-end effect it unlocks a bonus space when it performs the triggering action.

Readings the rules leave open, fixed here and documented in docs/rurik.md:
* a two-copy card (Border Fort, Siege Tower) counts as built once its first copy stands; the second
  copy stays buildable by the player;
* a border structure counts among both regions' structures (tavern coins, Town Wall's condition,
  the Rebellion's tavern), but not towards their limit of 3 (RK-READ-4);
* Catacombs blocks every further structure in its region, border structures touching it included;
* Siege Tower lets any unit (troop or leader) attack across its border; casualties are taken in
  the region the attacker stands in;
* Logging Camp's token needs strictly the most wood (boat and dock); Veche's counts ties;
* Palace's round-end effect applies in every round, round 4 included (RK-EOR-2, RK-READ-7);
* the rule options of the second audit: ``palace_rounds`` (RK-READ-7), ``cathedral_church``
  (RK-READ-8), ``border_fort_crossings`` (RK-READ-9), ``fort_into_city_gate`` (RK-READ-10);
  ``leader_step_city_gate`` (RK-READ-13).
"""
from __future__ import annotations

from automa.rurik import deeds, rebellion, schemes
from automa.rurik.boat import gain_good, has_room, pay_good, payable
from automa.rurik.choices import build_cost
from automa.rurik.decide import PASS, decide, scheme_deck
from automa.rurik.match import Match
from automa.rurik.player import spend
from automa.rurik.rebel_board import unlock
from automa.rurik.regions import occupies, rules
from automa.rurik.state import CHURCH, EPIC0, NOBODY, PLAYER, REBELLION

P, R = PLAYER, REBELLION
# epic card indices, in the order of stone_and_blade.json (checked by tests/rurik/test_modules_epic.py)
(BORDER_FORT, CAPITAL_PORT, CATACOMBS, CATHEDRAL, CITY_GATE, LIBRARY, LOGGING_CAMP, PALACE,
 SIEGE_TOWER, TOWN_WALL, VECHE) = range(11)
NAMES = ("Border Fort", "Capital Port", "Catacombs", "Cathedral", "City Gate", "Library", "Logging Camp",
         "Palace", "Siege Tower", "Town Wall", "Veche")
BORDER = (BORDER_FORT, SIEGE_TOWER)
EPIC_TOKENS = 0                     # index of the epic category in ModState.tokens
WOOD, FISH = 0, 1
PREFERRED_GOODS = (4, 2, 3, 0, 1)   # fur, honey, stone, wood, fish (RK-OPEN-24, RK-SB-EVENT-1 order)
# once-per-round bits (ModState.used) and once-per-turn bits (ModState.turn)
ROUND_LIBRARY = (1, 2)              # per side
ROUND_VECHE = (4, 8)
TURN_EPIC = 1                       # the player built an epic structure this turn (RK-SB-EPIC-1)
TURN_FORT = (2, 4)                  # per side: Border Fort's free crossing used
FORT_EACH = ((8, 16), (32, 256))    # per side and fort: its crossing used (border_fort_crossings=one_per_fort)
FORT_MASK = tuple(TURN_FORT[s] | FORT_EACH[s][0] | FORT_EACH[s][1] for s in (0, 1))
TURN_BITS = TURN_EPIC | FORT_MASK[P] | FORT_MASK[R]


def setup(m: Match) -> None:
    """Lay out 3 random epic cards in a column, top first (RK-SB-EPIC-1 solo setup)."""
    mod = m.s.mod
    cards = list(range(len(m.data.epic_cards)))
    m.setup_rng.shuffle(cards)
    mod.epic_cards = cards[:3]
    mod.epic_left = [m.data.epic_cards[c]["copies"] for c in mod.epic_cards]
    mod.epic_built = [False] * 3
    mod.epic_gone = [False] * 3
    if m.trace:
        m.trace.event("setup", module="epic", cards=[NAMES[c] for c in mod.epic_cards], rule="RK-SB-EPIC-1")


def player_turn_start(m: Match) -> None:
    """The player's turn starts: the once-per-turn effects end, the player's epic build and both
    sides' free Border Fort crossings (RK-SB-EPIC-1, RK-SB-EPIC-4)."""
    m.s.mod.turn &= ~TURN_BITS


def rebel_turn_start(m: Match) -> None:
    """The Rebellion's turn starts: its free Border Fort crossings are open again (RK-SB-EPIC-4)."""
    m.s.mod.turn &= ~FORT_MASK[R]


def where(m: Match, e: int) -> int:
    """The region of non-border epic structure ``e``, -1 if it is not on the board."""
    return m.s.mod.epic_region[e]


def _tokens(m: Match, side: int, n: int) -> None:
    sd = m.s.sides[side]
    sd.vp_tokens += n
    m.s.mod.tokens[side][EPIC_TOKENS] += n


def blocked(m: Match, r: int) -> bool:
    """Catacombs: no further structure may be built in its region (RK-SB-EPIC-1)."""
    return m.s.mod.epic_region[CATACOMBS] == r


def border_count(m: Match, r: int) -> int:
    """Border structures on a border of ``r``: each is in both its regions (RK-SB-EPIC-1), so it
    counts among "the structures in this region" (RK-READ-4), though not towards the limit of 3."""
    return sum(1 for a, b, _ in m.s.mod.borders if a == r or b == r)


def _border_ok(m: Match, a: int, b: int) -> bool:
    mod = m.s.mod
    return mod.epic_region[CATACOMBS] not in (a, b)


# --- the player builds -------------------------------------------------------------------------

def build_choices(m: Match, points: int) -> list:
    """Epic structures the player may build now: one per turn, an available card, a region the
    player occupies, its build condition, and the build points (RK-SB-EPIC-1).
    Choices are ``("epic", region, slot, other)``: ``other`` is the second region of a border
    structure, else -1."""
    s, mod = m.s, m.s.mod
    if mod.turn & TURN_EPIC:
        return []
    pl = s.sides[P]
    cost = build_cost
    out = []
    for slot, e in enumerate(mod.epic_cards):
        if mod.epic_left[slot] <= 0 or mod.epic_gone[slot]:
            continue
        if e in BORDER:
            seen = set()
            for r in range(8):
                if not occupies(s, P, r) or cost(m, r) > points:
                    continue
                for d in m.data.adjacent[r]:
                    pair = (min(r, d), max(r, d))
                    if pair in seen or not _border_ok(m, r, d):
                        continue
                    # the cheaper occupied side pays
                    if occupies(s, P, d) and cost(m, d) < cost(m, r):
                        continue
                    seen.add(pair)
                    out.append(("epic", r, slot, d))
            continue
        for r in range(8):
            here = s.structs[r]
            if not occupies(s, P, r) or cost(m, r) > points or blocked(m, r):
                continue
            if e == CATHEDRAL:
                ok = s.round <= 3 and (P, CHURCH) in here          # replaces the player's church
            elif len(here) >= 3:
                continue
            elif e == CAPITAL_PORT:
                ok = m.data.good[r] == FISH
            elif e == CITY_GATE:
                ok = True                                           # every solo region is central (green)
            elif e == LIBRARY:
                ok = bool(pl.deeds_done)
            elif e == LOGGING_CAMP:
                ok = m.data.good[r] == WOOD
            elif e == PALACE:
                ok = occupies(s, P, r) and occupies(s, R, r)        # troops of more than one side
            elif e == TOWN_WALL:
                ok = len(here) + border_count(m, r) >= 2            # two other structures (RK-READ-4)
            elif e == VECHE:
                ok = pl.supply > 0                                  # a supply troop goes on the card
            else:
                ok = True                                           # Catacombs: no condition
            if ok:
                out.append(("epic", r, slot, -1))
    return out


def apply_build(m: Match, choice: tuple) -> int | None:
    """Build an epic structure: place it (a border one outside both regions' limits, Cathedral in
    place of the player's church, which goes back to the supply or with ``cathedral_church=out_of_game``
    to the box, RK-READ-8; Veche with a supply troop on its card), then gain the card's reward
    (RK-SB-EPIC-1). Returns the build points paid; None for a choice that is not an epic build."""
    if choice[0] != "epic":
        return None
    _, r, slot, other = choice
    cost = build_cost(m, r)
    s, mod, pl = m.s, m.s.mod, m.s.sides[P]
    e = mod.epic_cards[slot]
    if e == CATHEDRAL:
        for hook in m.hooks.before_player_pays:      # before the church goes, and before the build starts
            hook(m)
    mod.turn |= TURN_EPIC
    mod.epic_left[slot] -= 1
    mod.epic_built[slot] = True
    if e in BORDER:
        mod.borders.append((r, other, e))
    else:
        if e == CATHEDRAL:
            s.structs[r].remove((P, CHURCH))
            if m.opt["cathedral_church"] == "to_supply":   # RK-READ-8
                pl.structures[CHURCH] += 1
        elif e == VECHE:
            pl.supply -= 1
            mod.veche[P] += 1
        elif e == LIBRARY:
            for _ in range(3):
                if s.deed_deck:
                    mod.library.append(s.deed_deck.pop(0))
        s.structs[r].append((NOBODY, EPIC0 + e))
        mod.epic_region[e] = r
    if m.trace:
        m.trace.event("epic_build", side="player", structure=NAMES[e], region=m.data.regions[r],
                      border=m.data.regions[other] if other >= 0 else None, rule="RK-SB-EPIC-1")
    _player_reward(m, e)
    return cost


def _player_reward(m: Match, e: int) -> None:
    """The card's reward for the player (RK-SB-EPIC-1)."""
    pl = m.s.sides[P]
    reward = m.data.epic_cards[e]["reward"]
    pl.coins += reward.get("coins", 0)
    if reward.get("wood"):
        gain_good(m, P, WOOD, reward["wood"])
    if reward.get("vp_token"):
        _tokens(m, P, reward["vp_token"])
    if reward.get("any_good"):
        g = decide(m, "epic_good", [("good", g) for g in range(5)], _gain_good)
        _gain_good(m, g)
    if m.lookahead:
        return
    for _ in range(reward.get("scheme_card", 0)):
        card = schemes.draw(m, scheme_deck(m))            # the player's deck (RK-READ-12)
        if card >= 0:
            pl.hand.append(card)
    for _ in range(reward.get("deed_card_choice", 0)):
        deeds.take(m)
    for kind in ("tax", "attack"):
        if reward.get(kind):
            spend(m, kind, reward[kind])


def _gain_good(m: Match, choice: tuple) -> None:
    gain_good(m, P, choice[1])


# --- the Rebellion's three build points --------------------------------------------------------

def top_unbuilt(m: Match) -> int:
    """The slot of the top-most epic card not yet built and still in the game, -1 if none."""
    mod = m.s.mod
    for slot in range(len(mod.epic_cards)):
        if not mod.epic_built[slot] and not mod.epic_gone[slot]:
            return slot
    return -1


def rebel_build(m: Match, points: int) -> bool:
    """A Rebellion build action with exactly 3 build ``points`` builds nothing: 1 VP token and the top
    unbuilt card's reward, and the card and its miniatures leave the game (RK-SB-EPIC-2, -3).
    Rewards it cannot use follow ``rebel_epic_reward`` (RK-OPEN-24). False with other points or
    when no card is left (the action is then an ordinary build)."""
    if points != 3:
        return False
    slot = top_unbuilt(m)
    if slot < 0:
        return False
    mod, reb = m.s.mod, m.s.sides[R]
    e = mod.epic_cards[slot]
    mod.epic_gone[slot] = True
    mod.epic_left[slot] = 0
    _tokens(m, R, 1)
    if m.trace:
        m.trace.event("epic_reward", side="rebellion", structure=NAMES[e], rule="RK-SB-EPIC-2")
    reward = m.data.epic_cards[e]["reward"]
    usable = m.opt["rebel_epic_reward"] == "unlock_or_preferred_good"
    reb.coins += reward.get("coins", 0)
    if reward.get("wood"):
        gain_good(m, R, WOOD, reward["wood"])
    if reward.get("vp_token"):
        _tokens(m, R, reward["vp_token"])
    if reward.get("any_good") and usable:
        g = next((g for g in PREFERRED_GOODS if has_room(m, R, g)), None)
        if g is None:
            reb.dock[PREFERRED_GOODS[0]] += 1
        else:
            gain_good(m, R, g)
    if usable:
        for _ in range(reward.get("scheme_card", 0) + reward.get("deed_card_choice", 0)):
            unlock(m, "epic reward the Rebellion cannot use")
    if reward.get("attack"):
        rebellion.attack(m, reward["attack"])
    if reward.get("tax"):
        rebellion.tax(m, reward["tax"])
    return True


# --- movement: City Gate, Border Fort, Library, Veche ------------------------------------------

def is_troop(m: Match, leader: bool) -> bool:
    """Whether a unit counts as "a troop" for the Veche and the Border Fort: a leader does with
    ``player_leader_is_troop=yes``, as the Stone & Blade rulebook calls him one (RK-SB-CLAR-1, -3)."""
    return not leader or m.opt["player_leader_is_troop"] == "yes"


def free_crossing(m: Match, side: int, src: int, dst: int) -> int:
    """The turn bit of a Border Fort crossing ``side`` may still take for free between ``src`` and
    ``dst`` this turn, 0 if none: one per side per turn over all forts by default, one per fort with
    ``border_fort_crossings=one_per_fort`` (RK-SB-EPIC-1, RK-READ-9)."""
    mod = m.s.mod
    each = m.opt["border_fort_crossings"] == "one_per_fort"
    k = 0
    for a, b, e in mod.borders:
        if e == BORDER_FORT:
            if (a == src and b == dst) or (a == dst and b == src):
                bit = FORT_EACH[side][k] if each else TURN_FORT[side]
                if not mod.turn & bit:
                    return bit
            k += 1
    return 0


def move_cost(m: Match, side: int, src: int, dst: int, troop: bool) -> int:
    """Move points for one unit from ``src`` to ``dst``: 0 for a troop (:func:`is_troop`) taking a
    Border Fort's free crossing (:func:`free_crossing`), 2 into the City Gate's region, else 1
    (RK-SB-EPIC-1, RK-SB-EPIC-4). A free crossing into the City Gate's region costs 0 by default and 2
    with ``fort_into_city_gate=two_points`` (RK-READ-10)."""
    mod = m.s.mod
    gate = mod.epic_region[CITY_GATE] == dst
    if (troop and mod.borders and free_crossing(m, side, src, dst)
            and not (gate and m.opt["fort_into_city_gate"] == "two_points")):
        return 0
    return 2 if gate else 1


def moved(m: Match, side: int, src: int, dst: int, troop: bool) -> int:
    """A unit of ``side`` moved: its cost (:func:`move_cost`), a free crossing marked as taken."""
    cost = move_cost(m, side, src, dst, troop)
    if cost == 0:
        m.s.mod.turn |= free_crossing(m, side, src, dst)
    return cost


def march_blocked(m: Match, dst: int, points: int) -> bool:
    """The Rebellion's march needs 2 points to enter the City Gate's region (RK-SB-EPIC-4)."""
    return points < 2 and dst == m.s.mod.epic_region[CITY_GATE]


def filter_moves(m: Match, choices: list, points: int) -> list:
    """Drop moves into the City Gate's region when fewer than 2 points are left (RK-SB-EPIC-1)."""
    gate = m.s.mod.epic_region[CITY_GATE]
    if gate < 0 or points >= 2:
        return choices
    return [c for c in choices
            if c[2] != gate or move_cost(m, P, c[1], c[2], is_troop(m, c[3] == "leader")) <= points]


def unit_moved(m: Match, side: int, src: int, dst: int, leader: bool, cost: int) -> int:
    """After a move: the Border Fort's free crossing is used up (:func:`moved`); for the player, the
    Library exchange and the Veche draw are offered (:func:`player_entered`, RK-SB-EPIC-1), for the
    Rebellion they unlock bonus spaces (:func:`rebel_moved`, RK-SB-EPIC-4). Returns the points the
    move cost (``cost``, 1, is the base game's)."""
    cost = moved(m, side, src, dst, is_troop(m, leader))
    if side == P:
        player_entered(m, dst, leader)
    else:
        rebel_moved(m, dst, leader)
    return cost


def leader_steps(m: Match, steps: list) -> list:
    """A player leader's own step (Theofana, Sviatoslav) spends no movement point, so the City Gate's
    2-point entry does not apply: free into its region by default; with
    ``leader_step_city_gate=blocked`` it cannot enter at all (RK-SB-EPIC-1, RK-READ-13)."""
    gate = m.s.mod.epic_region[CITY_GATE]
    if gate < 0 or m.opt["leader_step_city_gate"] == "free":
        return steps
    return [c for c in steps if c[1] != gate]


def leader_stepped(m: Match, side: int, dst: int) -> None:
    """``side``'s leader stepped into ``dst`` by its own ability: for the player the Library and the
    Veche are offered (:func:`player_entered`), for the Rebellion (Gleb's and Maria's round-end moves)
    they unlock bonus spaces (:func:`rebel_moved`) (RK-SB-EPIC-1, RK-SB-EPIC-4)."""
    if side == P:
        player_entered(m, dst, True)
    else:
        rebel_moved(m, dst, True)


def player_entered(m: Match, dst: int, leader: bool) -> None:
    """A player unit entered ``dst``, by a move or by a leader's own step (Sviatoslav, Theofana):
    the Library exchange if it is the leader, the Veche draw if it is a troop (:func:`is_troop`),
    each once per round (RK-SB-EPIC-1)."""
    if m.lookahead:
        return
    mod = m.s.mod
    if leader and dst == mod.epic_region[LIBRARY] and not mod.used & ROUND_LIBRARY[P]:
        _library(m)
    if (is_troop(m, leader) and dst == mod.epic_region[VECHE] and not mod.used & ROUND_VECHE[P]
            and m.s.sides[P].supply):
        if decide(m, "veche", [("veche",), PASS]) != PASS:
            mod.used |= ROUND_VECHE[P]
            pl = m.s.sides[P]
            pl.supply -= 1
            mod.veche[P] += 1
            card = schemes.draw(m, scheme_deck(m))        # the player's deck (RK-READ-12)
            if card >= 0:
                pl.hand.append(card)


def _library(m: Match) -> None:
    """Exchange one own deed for one on the Library, once per round (RK-SB-EPIC-1)."""
    mod, pl = m.s.mod, m.s.sides[P]
    options = [("exchange", d, e) for d in pl.deeds for e in mod.library]
    if not options:
        return
    choice = decide(m, "library", options + [PASS], _exchange)
    _exchange(m, choice)


def _exchange(m: Match, choice: tuple) -> None:
    if choice == PASS:
        return
    mod, pl = m.s.mod, m.s.sides[P]
    _, d, e = choice
    mod.used |= ROUND_LIBRARY[P]
    pl.deeds.remove(d)
    mod.library.remove(e)
    pl.deeds.append(e)
    mod.library.append(d)


def rebel_moved(m: Match, dst: int, leader: bool) -> None:
    """The Rebellion does not use Library or Veche: moving its leader into the Library's region, or
    a troop (:func:`is_troop`) into the Veche's, unlocks a bonus space, once per round each
    (RK-SB-EPIC-4)."""
    mod = m.s.mod
    if leader and dst == mod.epic_region[LIBRARY] and not mod.used & ROUND_LIBRARY[R]:
        mod.used |= ROUND_LIBRARY[R]
        unlock(m, "Library")
    if dst == mod.epic_region[VECHE] and not mod.used & ROUND_VECHE[R] and is_troop(m, leader):
        mod.used |= ROUND_VECHE[R]
        unlock(m, "Veche")


# --- tax: Capital Port -------------------------------------------------------------------------

def taxed(m: Match, side: int, r: int) -> None:
    """``side`` taxed ``r``: :func:`player_taxed` or :func:`rebel_taxed`, in the Capital Port's
    region only."""
    if r != m.s.mod.epic_region[CAPITAL_PORT]:
        return
    if side == P:
        player_taxed(m, r)
    else:
        rebel_taxed(m, r)


def player_taxed(m: Match, r: int) -> None:
    """After taxing the Capital Port's region (the taxed good already placed) the player may trade
    one good for a good of another type (RK-SB-EPIC-1)."""
    if r != m.s.mod.epic_region[CAPITAL_PORT] or m.lookahead:
        return
    have = payable(m, P)
    options = [("swap", g, h) for g in range(5) if have[g] for h in range(5) if h != g]
    if options:
        for hook in m.hooks.before_player_pays:          # before a good is given
            hook(m)
        choice = decide(m, "capital_port", options + [PASS], _swap)
        _swap(m, choice)


def _swap(m: Match, choice: tuple) -> None:
    if choice == PASS:
        return
    pay_good(m, P, choice[1])
    gain_good(m, P, choice[2])


def rebel_taxed(m: Match, r: int) -> None:
    """The Rebellion taxing the Capital Port's region unlocks a bonus space (RK-SB-EPIC-4)."""
    if r == m.s.mod.epic_region[CAPITAL_PORT]:
        unlock(m, "Capital Port")


# --- attacks: Town Wall, Siege Tower -----------------------------------------------------------

def town_wall(m: Match, r: int) -> int:
    """An attacker of an opponent in the Town Wall's region reveals 1 extra card (RK-SB-EPIC-1)."""
    return 1 if m.s.mod.epic_region[TOWN_WALL] == r else 0


def tower_source(m: Match, side: int, r: int) -> int:
    """A region across a Siege Tower border from ``r`` where ``side`` has a unit, -1 if none: that
    side may attack in ``r`` as if present (RK-SB-EPIC-1, RK-SB-EPIC-4)."""
    s = m.s
    for a, b, e in s.mod.borders:
        if e == SIEGE_TOWER:
            if a == r and occupies(s, side, b):
                return b
            if b == r and occupies(s, side, a):
                return a
    return -1


# --- round end and game end --------------------------------------------------------------------

def round_end(m: Match) -> None:
    """Palace: a player leader in its region at round end draws the top deed card; the Rebellion's
    leader there unlocks a bonus space instead (RK-EOR-2, RK-SB-EPIC-4); every round, or rounds 1-3
    with ``palace_rounds=rounds_1_to_3`` (RK-READ-7). The once-per-round effects end (RK-SB-EPIC-4)."""
    s, mod = m.s, m.s.mod
    mod.used = 0
    palace = mod.epic_region[PALACE]
    if palace < 0 or (s.round == 4 and m.opt["palace_rounds"] == "rounds_1_to_3"):
        return
    if s.sides[P].leader == palace and s.deed_deck:
        s.sides[P].deeds.append(s.deed_deck.pop(0))
    if s.sides[R].leader == palace:
        unlock(m, "Palace")


def epic_regions(m: Match) -> list[int]:
    """Regions that contain an epic structure, border structures in both of their regions."""
    mod = m.s.mod
    out = {r for e, r in enumerate(mod.epic_region) if r >= 0}
    for a, b, _ in mod.borders:
        out.add(a)
        out.add(b)
    return sorted(out)


def agenda_metric(m: Match, side: int, metric: str) -> int | None:
    """Renowned: ``side``'s ruled regions with an epic structure (RK-SB-EPIC-1); None for another metric."""
    if metric != "ruled_regions_with_epic":
        return None
    return sum(rules(m.s, side, r, m.need_unit) for r in epic_regions(m))


def game_end_tokens(m: Match) -> tuple[int, int]:
    """Game-end VP tokens per side: Cathedral (ruler of its region), Logging Camp (strictly most
    wood), Veche (most troops on its card, ties included) (RK-SB-EPIC-1, RK-SB-EPIC-4)."""
    s, mod = m.s, m.s.mod
    out = [0, 0]
    need = m.need_unit
    cat = mod.epic_region[CATHEDRAL]
    if cat >= 0:
        for side in (P, R):
            if rules(s, side, cat, need):
                out[side] += 1
    if mod.epic_region[LOGGING_CAMP] >= 0:
        wood = [s.sides[side].boat[WOOD] + s.sides[side].dock[WOOD] for side in (P, R)]
        if wood[P] != wood[R]:
            out[P if wood[P] > wood[R] else R] += 1
    if mod.epic_region[VECHE] >= 0:
        top = max(mod.veche)
        for side in (P, R):
            if mod.veche[side] == top:
                out[side] += 1
    return out[0], out[1]


HOOKS = {
    "setup": setup, "player_turn_start": player_turn_start, "rebel_turn_start": rebel_turn_start,
    "round_end": round_end,
    "move_choices": filter_moves, "moved": unit_moved, "leader_steps": leader_steps,
    "leader_stepped": leader_stepped,
    "rebel_march_blocked": march_blocked, "attack_from": tower_source, "casualty_cards": town_wall,
    "taxed": taxed, "build_blocked": blocked, "structures_in": border_count,
    "build_choices": build_choices, "apply_choice": apply_build, "rebel_build": rebel_build,
    "agenda_metric": agenda_metric, "end_tokens": game_end_tokens,
}
