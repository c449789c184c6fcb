"""The player's legal choices and how each is applied (RK-PL-*, RK-ACT-1..5, RK-SB-LEAD-1..3).

Action points are spent one decision at a time: each choice is a tuple such as ``("tax", r, "good")``
and costs the points the rules say; ``("pass",)`` ends the action and unspent points are lost
(RK-ACT-3). The first decision of a turn also offers ``("forfeit",)``: 1 coin instead of the
action (RK-ACT-4).
"""
from __future__ import annotations

from automa.rurik import combat, deeds, schemes
from automa.rurik.boat import gain_good, settle_dock
from automa.rurik.data import ADVISOR_NUMBER, COLUMNS, STRUCTURES
from automa.rurik.decide import PASS, casualty_deck, decide
from automa.rurik.match import Match
from automa.rurik.modules import epic, factions, warfare
from automa.rurik.regions import occupies, rules
from automa.rurik.state import CHURCH, MARKET, PLAYER, REBELLION, STABLE, STRONGHOLD, TAVERN, VACATED

P = PLAYER
FORFEIT = ("forfeit",)
# the choice tuples are made once: deciding builds lists of these, never new tuples
MUSTER_LEADER = tuple(("muster", r, "leader") for r in range(8))
MUSTER_TROOP = tuple(("muster", r, "troop") for r in range(8))
ATTACK_REBELLION = tuple(("attack", r, "rebellion") for r in range(8))
ATTACK_NEUTRAL = tuple(("attack", r, "neutral") for r in range(8))
BUILD = tuple(tuple(("build", r, k, "none") for k in range(5)) for r in range(8))
MOVE_ANY = tuple(tuple([("move", r, d, u) for d in range(8) if d != r] for u in ("troop", "leader"))
                 for r in range(8))


def _log(m: Match, kind: str, rule: str, **fields) -> None:
    m.trace.event(kind, side="player", rule=rule, **fields)


def _cost(m: Match, r: int) -> int:
    """1 point where the player rules, else 2 (RK-PL-TAX-1, RK-PL-BUILD-1); Mstislav's region 1."""
    pl = m.s.sides[P]
    if m.opt["player_leader"] == "mstislav" and pl.leader == r:
        return 1
    return 1 if rules(m.s, P, r, m.need_unit) else 2


# --- legal choices per action ------------------------------------------------------------------

def muster_choices(m: Match, points: int, only: int = -1) -> list:
    """Muster into occupied regions; an off-board leader first (RK-PL-MUSTER-1, RK-PL-MUSTER-2, RK-OPEN-37)."""
    pl = m.s.sides[P]
    units, leader = pl.units, pl.leader
    regs = [r for r in (range(8) if only < 0 else (only,)) if units[r] or leader == r]
    out = []
    if leader == -1:                                      # a captured leader (-2) cannot muster
        out = [MUSTER_LEADER[r] for r in regs]
        if m.opt["leader_reentry"] == "must_first":
            return out
    if pl.supply > 0:
        out += [MUSTER_TROOP[r] for r in regs]
    return out


def move_choices(m: Match, points: int, only: int = -1, anywhere: bool = False) -> list:
    """One unit one step to an adjacent region per point (RK-PL-MOVE-1); ``only`` limits the
    units to one region (stable, RK-SB-STRUCT-1; Gleb, RK-SB-LEAD-1)."""
    pl = m.s.sides[P]
    units, leader = pl.units, pl.leader
    out = []
    for r in (range(8) if only < 0 else (only,)):
        if units[r]:
            out += MOVE_ANY[r][0] if anywhere else m.data.moves[r][0]
        if leader == r:
            out += MOVE_ANY[r][1] if anywhere else m.data.moves[r][1]
    if m.epic and points < 2:
        return epic.filter_moves(m, out, points)          # City Gate (RK-SB-EPIC-1)
    return out


def attack_choices(m: Match, points: int, only: int = -1) -> list:
    """Attack a Rebellion unit or a neutral troop where the player has a unit, or across a Siege
    Tower border (RK-PL-ATTACK-1, RK-SB-EPIC-1)."""
    s = m.s
    pl, reb = s.sides[P], s.sides[REBELLION]
    towers = m.epic and s.mod.borders
    out = []
    for r in range(8):
        if not (pl.units[r] or pl.leader == r) and not (towers and epic.tower_source(m, P, r) >= 0):
            continue
        if reb.units[r] or reb.leader == r:
            out.append(ATTACK_REBELLION[r])
        if s.neutral[r]:
            out.append(ATTACK_NEUTRAL[r])
    return out


def tax_choices(m: Match, points: int, only: int = -1) -> list:
    """Tax an occupied region whose goods token is still there; own market: extra good or coin
    (RK-PL-TAX-1, RK-PL-TAX-2, RK-PL-BUILD-5)."""
    s = m.s
    out = []
    for r in range(8):
        if s.token[r] and occupies(s, P, r) and _tax_cost(m, r) <= points:
            if (P, MARKET) in s.structs[r]:
                out += [("tax", r, "good"), ("tax", r, "coin")]
            else:
                out.append(("tax", r, "none"))
    return out


def build_choices(m: Match, points: int, only: int = -1) -> list:
    """Build in an occupied region: 3 structures at most, one of each type, from supply
    (RK-PL-BUILD-1, -2); a church names its conversion target (RK-PL-BUILD-3, RK-OPEN-38).
    Modules: epic structures and Catacombs (RK-SB-EPIC-1), Pagan Unrest (RK-SB-FACT-2)."""
    s, pl = m.s, m.s.sides[P]
    out = []
    pagan = m.factions and factions.active(m, factions.PAGAN_UNREST, P)
    units, leader, left = pl.units, pl.leader, pl.structures
    for r in range(8):
        here = s.structs[r]
        if len(here) >= 3 or not (units[r] or leader == r) or (points < 2 and _cost(m, r) > points):
            continue                       # unoccupied (RK-CORE-3); a build costs 2 points at most
        if m.epic and epic.blocked(m, r):
            continue
        present = [k for _, k in here]
        for k in range(5):
            if left[k] == 0 or k in present:
                continue
            if k == CHURCH:
                targets = (["rebellion"] if s.sides[REBELLION].units[r] else []) + (
                    ["neutral"] if s.neutral[r] and not pagan else [])
                if not targets or m.opt["church_targets"] == "optional":
                    targets.append("none")
                out += [("build", r, k, t) for t in targets]
            else:
                out.append(BUILD[r][k])
    if m.epic:
        out += epic.build_choices(m, points, _cost)
    return out


def _tax_cost(m: Match, r: int) -> int:
    """Tax points for ``r``: the build/tax cost, +1 under Peasant Mutiny where neutral troops stand
    (RK-PL-TAX-1, RK-SB-FACT-3, RK-SB-FACT-4)."""
    if m.factions and m.s.neutral[r] and factions.active(m, factions.PEASANT_MUTINY, P):
        return _cost(m, r) + 1
    return _cost(m, r)


CHOICES = {"muster": muster_choices, "move": move_choices, "attack": attack_choices,
           "tax": tax_choices, "build": build_choices}


# --- applying one choice -----------------------------------------------------------------------

def apply(m: Match, c: tuple, fewer: int = 0) -> int:
    """Apply one spending choice and return the points it cost."""
    s, pl = m.s, m.s.sides[P]
    kind = c[0]
    if kind == "muster":
        r = c[1]
        if c[2] == "leader":
            pl.leader = r
        else:
            pl.supply -= 1
            pl.units[r] += 1
        return 1
    if kind == "move":
        _, src, dst, unit = c
        if unit == "leader":
            pl.leader = dst
        else:
            pl.units[src] -= 1
            pl.units[dst] += 1
        if m.epic:
            return epic.player_moved(m, src, dst, unit)    # RK-SB-EPIC-1
        return 1
    if kind == "attack":
        attack(m, c[1], c[2], fewer)
        return 1
    if kind == "tax":
        r = c[1]
        cost = _tax_cost(m, r)
        s.token[r] = False
        gain_good(m, P, m.data.good[r])
        if c[2] == "good":
            gain_good(m, P, m.data.good[r])
        elif c[2] == "coin":
            pl.coins += 1
        if m.epic:
            epic.player_taxed(m, r)                       # Capital Port (RK-SB-EPIC-1)
        return cost
    if kind == "build":
        _, r, k, target = c
        cost = _cost(m, r)
        build(m, r, k, target)
        return cost
    if kind == "epic":
        return epic.apply_build(m, c, _cost(m, c[1]))
    raise ValueError(f"unknown choice {c!r}")


def attack(m: Match, r: int, target: str, fewer: int = 0) -> None:
    """A player attack: a neutral troop is removed with no warfare step and no check (RK-SOLO-3);
    a Rebellion unit is removed, the player advances on warfare and checks for a casualty, twice
    against Gleb (RK-SOLO-2, RK-PL-ATTACK-2, RK-CAS-1, RK-SB-REBLEAD-2); Boris reveals one card
    fewer and steals a coin; Gleb (player) may then move (RK-SB-LEAD-1)."""
    s, pl, reb = m.s, m.s.sides[P], m.s.sides[REBELLION]
    at = r
    if m.epic and not occupies(s, P, r):
        at = epic.tower_source(m, P, r)                   # Siege Tower (RK-SB-EPIC-1)
    if target == "neutral":
        s.neutral[r] -= 1
        pl.defeated_neutral += 1
        if m.trace:
            _log(m, "attack", "RK-SOLO-3", region=m.data.regions[r], target="neutral")
        if m.factions or m.warfare:
            _neutral_attack_modules(m, at)
        return
    n = combat.casualty_cards(m, REBELLION, r) - fewer
    checks = 2 if m.opt["rebel_leader"] == "gleb" and reb.leader == r else 1
    here = pl.leader == r
    if m.opt["player_leader"] == "boris" and here:
        n -= 1
        if reb.coins:
            reb.coins -= 1
            pl.coins += 1
    leader_hit = reb.leader == r
    if m.warfare:
        _attack_stats(m, r, leader_hit)
    combat.lose_unit(m, REBELLION, r)
    pl.defeated_enemy += 1
    if m.trace:
        _log(m, "attack", "RK-SOLO-2", region=m.data.regions[r], target="rebellion")
    combat.advance_warfare(m, P)
    lost = revealed = 0
    for _ in range(checks):
        cards, hit = combat.casualty_check(m, P, at, n, casualty_deck(m))
        revealed += cards
        lost += hit
    if m.warfare:
        warfare.try_capture(m, P, at, revealed, lost, "leader" if leader_hit and reb.leader == -1 else "troop")
    if (m.opt["player_leader"] == "gleb" and here and not lost and not pl.leader_used
            and pl.leader == r and not m.lookahead):
        pl.leader_used = True
        spend(m, "move", 2, only=r)


def _attack_stats(m: Match, r: int, leader_hit: bool) -> None:
    """What the player attacked this turn, for the warfare deeds (RK-SB-WAR-6)."""
    mod = m.s.mod
    mod.attacked += 1
    if (REBELLION, STRONGHOLD) in m.s.structs[r]:
        mod.turn |= TURN_STRONGHOLD
    if leader_hit:
        mod.turn |= TURN_LEADER


TURN_STRONGHOLD, TURN_LEADER = 64, 128     # ModState.turn bits read by deeds (Besiege Citadel, Deadly Plot)


def _neutral_attack_modules(m: Match, at: int) -> None:
    """After the player removes a neutral troop: Armed Uprising's casualty check (no warfare step)
    (RK-SB-FACT-1, RK-SB-FACT-4), then a capture with ``neutral_capture=yes`` (RK-OPEN-26)."""
    revealed = lost = 0
    if m.factions and factions.active(m, factions.ARMED_UPRISING, P):
        revealed, lost = combat.casualty_check(m, P, at, 1, casualty_deck(m))
    if m.warfare and m.opt["neutral_capture"] == "yes":
        warfare.try_capture(m, P, at, revealed, lost, "neutral")


def build(m: Match, r: int, k: int, target: str) -> None:
    """Place a structure from supply and resolve its effect: church conversion (RK-PL-BUILD-3),
    stable's 3 moves and tavern's coins and discard play (RK-PL-BUILD-6, RK-SB-STRUCT-1)."""
    s, pl = m.s, m.s.sides[P]
    pl.structures[k] -= 1
    s.structs[r].append((P, k))
    if m.trace:
        _log(m, "build", "RK-PL-BUILD-1", region=m.data.regions[r], structure=STRUCTURES[k], target=target)
    if k == CHURCH and target != "none":
        if target == "rebellion":
            s.sides[REBELLION].units[r] -= 1
            s.sides[REBELLION].supply += 1
        else:
            s.neutral[r] -= 1
            pl.defeated_neutral += 1
        if pl.supply:
            pl.supply -= 1
            pl.units[r] += 1
    elif k == STABLE and not m.lookahead:
        spend(m, "move", 3, only=r)
    elif k == TAVERN:
        pl.coins += len(s.structs[r])
        if (not m.turn_scheme_played and s.discard and not m.lookahead
                and m.data.scheme_by_id[s.discard[-1]].coin_cost <= pl.coins):
            if decide(m, "tavern_scheme", [("play", s.discard[-1]), PASS]) != PASS:
                card = s.discard.pop()
                m.turn_scheme_played = True
                play_scheme(m, card, leaves_game=True)


# --- spending points ---------------------------------------------------------------------------

def spend(m: Match, action: str, points: int, only: int = -1, fewer: int = 0, forfeit: bool = False,
          anywhere: bool = False) -> int:
    """Spend ``points`` of ``action`` one decision at a time; returns points spent, or -1 when the
    player forfeited (RK-ACT-3, RK-ACT-4). The turn's first build points, whatever their source (main
    action, scheme card, conversion token, deed), let player Sviatoslav step first (RK-SB-LEAD-2)."""
    if (action == "build" and points > 0 and not m.builder_step_offered
            and m.opt["player_leader"] == "sviatoslav"):
        m.builder_step_offered = True
        _sviatoslav(m)
    spent = 0
    legal = CHOICES[action]
    while points > 0:
        choices = legal(m, points, only, anywhere) if action == "move" else legal(m, points, only)
        if not choices:
            break
        choices.append(PASS)
        if forfeit and spent == 0:
            choices.append(FORFEIT)
        c = decide(m, action, choices, lambda mm, cc: apply(mm, cc, fewer) if cc[0] not in ("pass", "forfeit") else 0)
        if c == PASS:
            break
        if c == FORFEIT:
            return -1
        cost = apply(m, c, fewer)
        points -= cost
        spent += cost
    return spent


def scheme_action(m: Match, n: int) -> None:
    """Draw ``n`` from one deck of the player's choice, keep 1, return the rest (RK-PL-SCHEME-1)."""
    deck = decide(m, "scheme_deck", [("deck", 0), ("deck", 1)])[1]
    drawn = []
    for _ in range(n):
        card = schemes.draw(m, deck)
        if card >= 0:
            drawn.append(card)
    if not drawn:
        return
    keep = decide(m, "scheme_keep", [("keep", c) for c in drawn])[1]
    drawn.remove(keep)
    m.s.sides[P].hand.append(keep)
    schemes.put_back(m, deck, drawn)


def play_scheme(m: Match, card: int, leaves_game: bool = False) -> dict[str, int]:
    """Play a scheme card: pay its coin cost and gain its rewards for this turn (RK-PL-SCHEME-2).
    Returns the action points it gives; coins, deed cards and warfare steps are gained at once."""
    pl = m.s.sides[P]
    sc = m.data.scheme_by_id[card]
    pl.coins -= sc.coin_cost
    parts = sc.reward_all
    if sc.reward_choice:
        m.offer = card
        parts = decide(m, "scheme_reward", [("reward", i) for i in range(len(sc.reward_choice))],
                       None)
        parts = sc.reward_choice[parts[1]]
    if not leaves_game:
        m.s.discard.append(card)
    points: dict[str, int] = {}
    for kind, amount in parts:
        if kind == "coins":
            pl.coins += amount
        elif kind == "deed_card":
            for _ in range(amount):
                deeds.take(m)
        elif kind == "warfare_step":
            for _ in range(amount):
                combat.advance_warfare(m, P)
        else:
            points[kind] = points.get(kind, 0) + amount
    if m.trace:
        _log(m, "scheme_play", "RK-PL-SCHEME-2", card=card, points=points)
    if leaves_game:
        for kind, amount in points.items():
            spend_extra(m, kind, amount)
        return {}
    return points


# --- the player's turn -------------------------------------------------------------------------

def out_of_troops(m: Match) -> None:
    """With no unit on the board, muster 2 units (the leader may be one) into any one region
    (RK-PL-MUSTER-3, RK-SB-CLAR-1)."""
    s, pl = m.s, m.s.sides[P]
    if pl.leader >= 0 or any(pl.units):
        return
    r = decide(m, "out_of_troops", [("region", r) for r in range(8)])[1]
    for _ in range(2):
        if pl.leader == -1:                               # not a captured leader (RK-SB-WAR-1)
            pl.leader = r
        elif pl.supply:
            pl.supply -= 1
            pl.units[r] += 1
    if m.trace:
        _log(m, "muster", "RK-PL-MUSTER-3", region=m.data.regions[r])


def take_turn(m: Match) -> None:
    """One player turn: take back the lowest advisor (choosing between two 2s; the others keep their
    spaces, RK-ACT-2), optionally play one scheme card, resolve the space, paying its coin at once
    (RK-ACT-2) or forfeiting (RK-ACT-4), then conversion tokens and deeds (RK-ACT-1..5,
    RK-PL-SCHEME-2, RK-OPEN-29, RK-OPEN-36). With ``extra_points_timing=pooled`` the conversion token
    may also come before the main action, and points of one kind from every source form one pool for
    the turn (RK-ACT-5)."""
    s, pl = m.s, m.s.sides[P]
    if s.mod is not None:
        s.mod.turn = 0                                    # once-per-turn module effects
        s.mod.attacked = 0
    out_of_troops(m)
    low, lows = 9, []  # the lowest advisor number, and where such advisors stand (column, row)
    for c, col in enumerate(s.board):
        for row, (side, label, _) in enumerate(col):
            if side == P:
                n = ADVISOR_NUMBER[label]
                if n < low:
                    low, lows = n, [(c, row)]
                elif n == low:
                    lows.append((c, row))
    if not lows:
        return
    c = decide(m, "advisor", [("column", c) for c, _ in lows])[1]
    row = next(row for cc, row in lows if cc == c)
    s.board[c][row] = VACATED                             # the others keep their spaces (RK-ACT-2)
    action = COLUMNS[c]
    points, coin_cost = m.data.spaces[c][row]
    if m.trace:
        _log(m, "player_action", "RK-ACT-1", action=action, row=row, points=points)
    m.turn_scheme_played = m.builder_step_offered = m.token_played = False
    pooled = m.opt["extra_points_timing"] == "pooled"
    m.left = {}
    extra = _maybe_play_scheme(m)
    if pooled:
        _conversion(m, extra)                             # before the main action, into the pool
    if coin_cost:
        if pl.coins < coin_cost:
            pl.coins += 1                                 # RK-ACT-4: cannot pay
            points = 0
        else:
            pl.coins -= coin_cost                         # RK-ACT-2: paid as the space is resolved
    if action == "scheme":
        scheme_action(m, points)
    elif points:
        theofana = (action == "tax" and m.opt["player_leader"] == "theofana" and pl.leader >= 0
                    and s.token[pl.leader])  # her region still has its goods token
        total = points + extra.pop(action, 0)
        n = spend(m, action, total, forfeit=True)
        if n == -1 or n == 0:
            pl.coins += 1 + coin_cost                     # RK-ACT-4: forfeit, or nothing possible
        elif pooled and n < total:
            m.left[action] = total - n
        if theofana and not s.token[pl.leader]:          # this turn's tax included her region
            _theofana(m)
    for kind, amount in extra.items():
        spend_extra(m, kind, amount)
    _conversion(m)
    deeds.accomplish(m)
    if m.factions:
        factions.announce(m)                              # RK-SB-FACT-1..4
    settle_dock(m, P)


def spend_extra(m: Match, kind: str, amount: int, fewer: int = 0) -> None:
    """Spend points from a scheme card, conversion token or deed; with ``extra_points_timing=pooled``
    they join the points of that kind left unspent this turn, and what is still left stays in the
    pool until the turn ends (RK-ACT-3, RK-ACT-5)."""
    total = amount + m.left.pop(kind, 0)
    n = spend(m, kind, total, fewer=fewer)
    if n < total and m.opt["extra_points_timing"] == "pooled":
        m.left[kind] = total - n


def _maybe_play_scheme(m: Match) -> dict[str, int]:
    """At most one scheme card per turn, if its coin cost can be paid (RK-PL-SCHEME-2)."""
    pl = m.s.sides[P]
    playable = [("play", c) for c in pl.hand if m.data.scheme_by_id[c].coin_cost <= pl.coins]
    if not playable:
        return {}
    choice = decide(m, "scheme_play", playable + [PASS])
    if choice == PASS:
        return {}
    pl.hand.remove(choice[1])
    m.turn_scheme_played = True
    return play_scheme(m, choice[1])


TOKEN_BIT = {"muster": 1, "build": 2, "attack": 4}


def _conversion(m: Match, pool: dict | None = None) -> None:
    """At most one conversion token per turn (RK-SB-WAR-3), each token once per round
    (``conversion_token_reuse=once_per_round``, RK-OPEN-29): 2 goods with fish or honey for 1
    muster, 2 goods with wood or stone for 1 build; with the warfare module also the solo
    conversion token for 1 attack (RK-SB-WAR-5, RK-OPEN-28). With ``pool`` (before the main action)
    the point joins the turn's pool instead of being spent at once (RK-ACT-5)."""
    if m.token_played:
        return
    options = []
    if m.opt["goods_conversion_tokens"] == "pdhummel":
        options = [("convert", kind) for kind in deeds.payable_conversions(m)]
    if m.warfare:
        options += warfare.conversion_options(m)
    if options and m.opt["conversion_token_reuse"] == "once_per_round":
        used = m.s.sides[P].tokens_used
        options = [o for o in options if not used & TOKEN_BIT[o[1]]]
    if not options:
        return
    choice = decide(m, "conversion", options + [PASS],
                    lambda mm, ch: _convert(mm, ch, None if pool is None else {}))
    _convert(m, choice, pool)


def _convert(m: Match, choice: tuple, pool: dict | None) -> None:
    if choice == PASS:
        return
    m.token_played = True
    kind = choice[1]
    m.s.sides[P].tokens_used |= TOKEN_BIT[kind]
    if kind == "attack":
        warfare.pay_conversion(m, choice[2])
    else:
        deeds.pay_two(m, dict(deeds.CONVERSIONS)[kind])
    if pool is not None:
        pool[kind] = pool.get(kind, 0) + 1
    else:
        spend_extra(m, kind, 1)


def _theofana(m: Match) -> None:
    """Once per round, after a turn's tax that included her region: step her to a neighbour or take
    1 coin (RK-SB-LEAD-3)."""
    pl = m.s.sides[P]
    r = pl.leader
    if pl.leader_used:
        return
    options = [("coin",)] + [("step", d) for d in m.data.adjacent[r]]
    choice = decide(m, "theofana", options)
    pl.leader_used = True
    if choice[0] == "coin":
        pl.coins += 1
    else:
        pl.leader = choice[1]


def _sviatoslav(m: Match) -> None:
    """Before spending build points he may step to an adjacent region: free into a region with a
    Rebellion unit, 1 coin otherwise (RK-SB-LEAD-2)."""
    s, pl = m.s, m.s.sides[P]
    r = pl.leader
    if r < 0:
        return
    options = [("step", d) for d in m.data.adjacent[r] if occupies(s, REBELLION, d) or pl.coins >= 1]

    def step(mm: Match, choice: tuple) -> None:
        if choice == PASS:
            return
        if not occupies(mm.s, REBELLION, choice[1]):
            mm.s.sides[P].coins -= 1
        mm.s.sides[P].leader = choice[1]
    choice = decide(m, "sviatoslav", options + [PASS], step)
    step(m, choice)
