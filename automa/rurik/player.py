"""The player's legal choices and how each is applied (RK-PL-*, RK-ACT-1..5, RK-SB-LEAD-1..3).

Action points are spent one decision at a time: each choice is a tuple such as ``("tax", r, "good")``
and costs the points the rules say; ``("pass",)`` ends the action and unspent points are lost
(RK-ACT-3). The first decision of a turn also offers ``("forfeit",)``: 1 coin instead of the
action (RK-ACT-4).
"""
from __future__ import annotations

from automa.rurik import combat, deeds, payments, schemes
from automa.rurik.boat import gain_good, settle_dock
from automa.rurik.choices import CHOICES, build_cost, tax_cost
from automa.rurik.data import ADVISOR_NUMBER, COLUMNS, STRUCTURES
from automa.rurik.decide import PASS, decide, scheme_deck
from automa.rurik.match import Match
from automa.rurik.regions import occupies
from automa.rurik.state import CHURCH, PLAYER, REBELLION, STABLE, TAVERN, VACATED

P = PLAYER
FORFEIT = ("forfeit",)


def _log(m: Match, kind: str, rule: str, **fields) -> None:
    m.trace.event(kind, side="player", rule=rule, **fields)


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
        cost = 1
        for hook in m.hooks.moved:
            cost = hook(m, P, src, dst, unit == "leader", cost)
        return cost
    if kind == "attack":
        attack(m, c[1], c[2], fewer)
        return 1
    if kind == "tax":
        r = c[1]
        cost = tax_cost(m, r)
        s.token[r] = False
        gain_good(m, P, m.data.good[r])
        if c[2] == "good":
            gain_good(m, P, m.data.good[r])
        elif c[2] == "coin":
            pl.coins += 1
        for hook in m.hooks.taxed:
            hook(m, P, r)
        return cost
    if kind == "build":
        _, r, k, target = c
        cost = build_cost(m, r)
        build(m, r, k, target)
        return cost
    for hook in m.hooks.apply_choice:
        cost = hook(m, c)
        if cost is not None:
            return cost
    raise ValueError(f"unknown choice {c!r}")


def attack(m: Match, r: int, target: str, fewer: int = 0) -> None:
    """A player attack: a neutral troop is removed with no warfare step and no check (RK-SOLO-3);
    a Rebellion unit is removed, the player advances on warfare and checks for a casualty, twice
    against Gleb (RK-SOLO-2, RK-PL-ATTACK-2, RK-CAS-1, RK-SB-REBLEAD-2); Boris reveals one card
    fewer and steals a coin. After either, with no casualty, player Gleb may move (RK-SB-LEAD-1); a
    check a module makes as part of the attack counts (the warfare capture's optional 1-card check,
    RK-SB-WAR-1), the capture card does not (the attempt follows the attack).
    Modules: an attack from another region (hook ``attack_from``), and what follows the removal of a
    neutral troop (:func:`combat.neutral_attacked`)."""
    s, pl = m.s, m.s.sides[P]
    at = r
    if m.hooks.attack_from and not occupies(s, P, r):
        for hook in m.hooks.attack_from:
            at = hook(m, P, r)
            if at >= 0:
                break
    here = pl.leader == r
    if target == "neutral":
        s.neutral[r] -= 1
        pl.defeated_neutral += 1
        if m.trace:
            _log(m, "attack", "RK-SOLO-3", region=m.data.regions[r], target="neutral")
        hooks = m.hooks
        lost = combat.neutral_attacked(m, P, r, at, fewer + (m.opt["player_leader"] == "boris" and here)) \
            if hooks.neutral_check or hooks.attacked else 0
    else:
        lost = _attack_rebellion(m, r, at, here, fewer)
    if (m.opt["player_leader"] == "gleb" and here and not lost and not pl.leader_used
            and pl.leader == r and not m.lookahead):
        pl.leader_used = True
        local_move(m, 2, r)


def _attack_rebellion(m: Match, r: int, at: int, here: bool, fewer: int) -> int:
    """The attack on a Rebellion unit in ``r`` from ``at``; returns the casualties of its checks, the
    modules' included (hook ``attacked``)."""
    pl, reb = m.s.sides[P], m.s.sides[REBELLION]
    n = combat.casualty_cards(m, REBELLION, r) - fewer
    checks = m.lead.player_checks if reb.leader == r else 1      # RK-SB-REBLEAD-2
    if m.opt["player_leader"] == "boris" and here:
        n -= 1
        if reb.coins:
            reb.coins -= 1
            pl.coins += 1
    leader_hit = reb.leader == r
    hooks = m.hooks
    for hook in hooks.player_attacks:
        hook(m, r)
    combat.lose_unit(m, REBELLION, r)
    pl.defeated_enemy += 1
    if m.trace:
        _log(m, "attack", "RK-SOLO-2", region=m.data.regions[r], target="rebellion")
    combat.advance_warfare(m, P)
    lost = revealed = 0
    for _ in range(checks):
        cards, hit = combat.casualty_check(m, P, at, n)
        revealed += cards
        lost += hit
    if hooks.attacked:
        what = "leader" if leader_hit and reb.leader == -1 else "troop"
        for hook in hooks.attacked:
            lost += hook(m, P, at, revealed, lost, what)
    return lost


def build(m: Match, r: int, k: int, target: str) -> None:
    """Place a structure from supply and resolve its effect: church conversion, a neutral troop it
    removes going back to the neutral supply, not beside the mat (RK-PL-BUILD-3, RK-READ-11),
    stable's 3 moves and tavern's coins (what modules count there too, hook ``structures_in``) and
    discard play (RK-PL-BUILD-6, RK-SB-STRUCT-1)."""
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
            if m.opt["church_neutral"] == "beside_mat":   # RK-READ-11: else back to the neutral supply
                pl.defeated_neutral += 1
        if pl.supply:
            pl.supply -= 1
            pl.units[r] += 1
    elif k == STABLE and not m.lookahead:
        local_move(m, 3, r)
    elif k == TAVERN:
        coins = len(s.structs[r])
        for hook in m.hooks.structures_in:
            coins += hook(m, r)
        pl.coins += coins
        if (not m.turn_scheme_played and s.discard and not m.lookahead
                and m.data.scheme_by_id[s.discard[-1]].coin_cost <= pl.coins):
            if decide(m, "tavern_scheme", [("play", s.discard[-1]), PASS]) != PASS:
                card = s.discard.pop()
                m.turn_scheme_played = True
                play_scheme(m, card, leaves_game=True)


# --- spending points ---------------------------------------------------------------------------

def local_move(m: Match, points: int, r: int) -> int:
    """Move points "to use with any of your troops located in" region ``r`` (the stable,
    RK-SB-STRUCT-1; Gleb, RK-SB-LEAD-1): each move starts in ``r`` by default; with
    ``local_moves=troops_there`` the units that were in ``r`` use them wherever they have moved
    (RK-READ-5)."""
    if m.opt["local_moves"] == "start_there":
        return spend(m, "move", points, only=r)
    pl = m.s.sides[P]
    eligible = [0] * 9                                    # troops per region, and the leader (index 8)
    eligible[r], eligible[8] = pl.units[r], pl.leader == r
    return spend(m, "move", points, eligible=eligible)


def spend(m: Match, action: str, points: int, only: int = -1, fewer: int = 0, forfeit: bool = False,
          anywhere: bool = False, eligible: list | None = None) -> int:
    """Spend ``points`` of ``action`` one decision at a time; returns points spent, or -1 when the
    player forfeited (RK-ACT-3, RK-ACT-4). The turn's first build points, whatever their source (main
    action, scheme card, conversion token, deed), let player Sviatoslav step first (RK-SB-LEAD-2);
    tax points, whatever their source, that taxed her region let player Theofana step or take a coin
    once spent (RK-SB-LEAD-3, RK-READ-2)."""
    if (action == "build" and points > 0 and not m.builder_step_offered
            and m.opt["player_leader"] == "sviatoslav"):
        m.builder_step_offered = True
        _sviatoslav(m)
    theofana = -1
    if action == "tax" and m.opt["player_leader"] == "theofana":
        r = m.s.sides[P].leader
        if r >= 0 and m.s.token[r] and not m.s.sides[P].leader_used:
            theofana = r                                  # her region, its goods token still there
    spent = 0
    legal = CHOICES[action]
    while points > 0:
        choices = legal(m, points, only, anywhere) if action == "move" else legal(m, points, only)
        if eligible is not None:                          # local_move: only the units counted there
            choices = [c for c in choices if (eligible[8] if c[3] == "leader" else eligible[c[1]])]
        if not choices:
            break
        choices.append(PASS)
        if forfeit and spent == 0:
            choices.append(FORFEIT)
        m.spending = (action, points)
        c = decide(m, action, choices, lambda mm, cc: apply(mm, cc, fewer) if cc[0] not in ("pass", "forfeit") else 0)
        m.spending = ()
        if c == PASS:
            break
        if c == FORFEIT:
            return -1
        cost = apply(m, c, fewer)
        points -= cost
        spent += cost
        if eligible is not None and c[3] == "troop":
            eligible[c[1]] -= 1
            eligible[c[2]] += 1
    if theofana >= 0 and not m.s.token[theofana]:
        _theofana(m)                                      # these tax points taxed her region
    return spent


def scheme_action(m: Match, n: int) -> None:
    """Draw ``n`` from one deck of the player's choice, keep 1, return the rest (RK-PL-SCHEME-1)."""
    deck = scheme_deck(m)
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
        kinds = list(points)
        if len(kinds) > 1:
            first = _points_order(m, kinds)
            kinds = [first] + [k for k in kinds if k != first]
        for kind in kinds:
            spend_extra(m, kind, points[kind])
        return {}
    return points


def _points_order(m: Match, kinds: list[str]) -> str:
    """A scheme card's points of two kinds ("one movement point and one muster point (in any
    order)") are spent in the order the player chooses: the kind chosen goes first, also before
    the main action when the other kind's points joined it (RK-PL-SCHEME-2, RK-ACT-5)."""
    return decide(m, "scheme_order", [("first", k) for k in kinds])[1]


# --- the player's turn -------------------------------------------------------------------------

def out_of_troops(m: Match) -> None:
    """With no unit on the board, the player may muster 2 units (the leader first, if it is off the
    board) into any one region, just before resolving their next advisor or before the next strategy
    phase, whichever comes first; declined, it is offered again at the next of those moments while
    no unit is on the board (RK-PL-MUSTER-3, RK-SB-CLAR-1, RK-READ-3)."""
    pl = m.s.sides[P]
    if pl.leader >= 0 or any(pl.units):
        return
    choice = decide(m, "out_of_troops", [("region", r) for r in range(8)] + [PASS], _muster_two)
    _muster_two(m, choice)


def _muster_two(m: Match, choice: tuple) -> None:
    if choice == PASS:
        return
    pl, r = m.s.sides[P], choice[1]
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
    (RK-ACT-2) or forfeiting (RK-ACT-4), then the card's points (of two kinds in the order chosen),
    conversion tokens and deeds (RK-ACT-1..5, RK-PL-SCHEME-2, RK-OPEN-29, RK-OPEN-36). With ``extra_points_timing=pooled`` the conversion token
    may also come before the main action, and points of one kind from every source form one pool for
    the turn (RK-ACT-5)."""
    s, pl = m.s, m.s.sides[P]
    for hook in m.hooks.player_turn_start:
        hook(m)
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
    c, row = _advisor(m, lows)
    s.board[c][row] = VACATED                             # the others keep their spaces (RK-ACT-2)
    action = COLUMNS[c]
    points, coin_cost = m.data.spaces[c][row]
    if m.trace:
        _log(m, "player_action", "RK-ACT-1", action=action, row=row, points=points)
    m.turn_scheme_played = m.builder_step_offered = m.token_played = False
    pooled = m.opt["extra_points_timing"] == "pooled"
    m.left = {}
    extra = _maybe_play_scheme(m)
    card_kinds = list(extra)
    if pooled:
        _conversion(m, extra)                             # before the main action, into the pool
    if coin_cost:
        if pl.coins < coin_cost:
            pl.coins += 1                                 # RK-ACT-4: cannot pay
            points = 0
        else:
            pl.coins -= coin_cost                         # RK-ACT-2: paid as the space is resolved
    first = _points_order(m, card_kinds) if len(card_kinds) > 1 else ""
    if first and first != action and action in card_kinds and points:
        spend_extra(m, first, extra.pop(first))           # before the main action its points joined
    if action == "scheme":
        scheme_action(m, points)
    elif points:
        total = points + extra.pop(action, 0)
        n = spend(m, action, total, forfeit=True)
        if n == -1 or n == 0:
            pl.coins += 1 + coin_cost                     # RK-ACT-4: forfeit, or nothing possible
        elif pooled and n < total:
            m.left[action] = total - n
    if first in extra:
        spend_extra(m, first, extra.pop(first))
    for kind, amount in extra.items():
        spend_extra(m, kind, amount)
    _conversion(m)
    accomplish(m)
    for hook in m.hooks.player_turn_end:
        hook(m)
    settle_dock(m, P)


def _advisor(m: Match, lows: list[tuple[int, int]]) -> tuple[int, int]:
    """Which of the two lowest advisors (2 and 2+) the player takes back first (RK-ACT-1): one
    choice ``("column", c)`` per column; with both in one column, ``("column", c, row)`` for each
    row when their spaces differ (points or coin cost), else the upper one."""
    spaces = m.data.spaces
    options = []
    for c, row in lows:
        mates = [r for cc, r in lows if cc == c]
        if len(mates) == 1 or len({spaces[c][r] for r in mates}) == 1:
            if ("column", c) not in options:
                options.append(("column", c))
        else:
            options.append(("column", c, row))
    choice = decide(m, "advisor", options)
    if len(choice) == 3:
        return choice[1], choice[2]
    return choice[1], next(row for cc, row in lows if cc == choice[1])


def accomplish(m: Match) -> None:
    """On their turn the player may accomplish deeds in hand whose condition holds and whose cost
    they pay: any number, or one with ``deed_timing=one_per_turn`` (RK-OPEN-36)."""
    pl = m.s.sides[P]
    while True:
        ready = [("accomplish", d) for d in pl.deeds if deeds.affordable(m, d)]
        if not ready:
            return
        for hook in m.hooks.before_player_pays:
            hook(m)
        choice = decide(m, "deed", ready + [PASS], _apply_deed)
        if choice == PASS:
            return
        _apply_deed(m, choice)
        if m.opt["deed_timing"] == "one_per_turn":
            return


def _apply_deed(m: Match, choice: tuple) -> None:
    """Pay a deed's cost, the player choosing what to give up (:mod:`automa.rurik.payments`; modules'
    parts: hook ``pay_deed``), and gain its reward (RK-OPEN-42)."""
    if choice == PASS:
        return
    d = choice[1]
    deed = m.data.deeds[d]
    pl = m.s.sides[P]
    cost = deed.get("cost", {})
    payments.pay_goods(m, *payments.deed_goods(cost), deeds.goods_plan(m, cost))
    pl.coins -= cost.get("coins", 0)
    payments.pay_schemes(m, cost.get("scheme_cards", 0))
    if "remove_troops" in cost:
        payments.pay_troops(m, cost["remove_troops"], deeds.troop_plan(m, cost["remove_troops"]))
    for hook in m.hooks.pay_deed:
        hook(m, cost)
    payments.pay_structures(m, cost.get("remove_structures", {}).get("kinds", ()))
    pl.deeds.remove(d)
    pl.deeds_done.append(d)
    if m.trace:
        m.trace.event("deed", side="player", deed=deed["name"], rule="RK-OPEN-42")
    reward = deed.get("reward", {})
    pl.coins += reward.get("coins", 0)
    for _ in range(reward.get("warfare_step", 0)):
        combat.advance_warfare(m, P)
    if m.lookahead:
        return
    if "scheme" in reward:
        scheme_action(m, reward["scheme"]["draw"])
    for kind in ("muster", "move", "attack", "tax", "build"):
        if reward.get(kind):
            spend_extra(m, kind, reward[kind],
                        fewer=-reward.get("attack_casualty_modifier", 0) if kind == "attack" else 0)
    if reward.get("move_anywhere"):
        spend(m, "move", reward["move_anywhere"], anywhere=True)


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


TOKEN_BIT = {"muster": 1, "build": 2, "attack": 4}     # a conversion token by the action it gives


def _conversion(m: Match, pool: dict | None = None) -> None:
    """At most one conversion token per turn (RK-SB-WAR-3), each token once per round
    (``conversion_token_reuse=once_per_round``, RK-OPEN-29): 2 goods with fish or honey for 1
    muster, 2 goods with wood or stone for 1 build; modules may offer more tokens (hook
    ``conversion_options``). With ``pool`` (before the main action) the point joins the turn's pool
    instead of being spent at once (RK-ACT-5)."""
    if m.token_played:
        return
    options = []
    if m.opt["goods_conversion_tokens"] == "pdhummel":
        options = [("convert", kind) for kind in deeds.payable_conversions(m)]
    for hook in m.hooks.conversion_options:
        options += hook(m)
    if options and m.opt["conversion_token_reuse"] == "once_per_round":
        used = m.s.sides[P].tokens_used
        options = [o for o in options if not used & TOKEN_BIT[o[1]]]
    if not options:
        return
    for hook in m.hooks.before_player_pays:
        hook(m)
    choice = decide(m, "conversion", options + [PASS],
                    lambda mm, ch: _convert(mm, ch, None if pool is None else {}))
    _convert(m, choice, pool)


def _convert(m: Match, choice: tuple, pool: dict | None) -> None:
    if choice == PASS:
        return
    m.token_played = True
    kind = choice[1]
    m.s.sides[P].tokens_used |= TOKEN_BIT[kind]
    goods = dict(deeds.CONVERSIONS).get(kind)
    if goods is None:
        for hook in m.hooks.pay_conversion:
            hook(m, choice)
    else:
        payments.pay_two(m, goods)
    if pool is not None:
        pool[kind] = pool.get(kind, 0) + 1
    else:
        spend_extra(m, kind, 1)


def _theofana(m: Match) -> None:
    """Once per round, after spending tax points that taxed her region: step her to a neighbour or
    take 1 coin (RK-SB-LEAD-3, RK-READ-2)."""
    pl = m.s.sides[P]
    r = pl.leader
    options = [("coin",)] + _steps(m, [("step", d) for d in m.data.adjacent[r]])
    choice = decide(m, "theofana", options)
    pl.leader_used = True
    if choice[0] == "coin":
        pl.coins += 1
    else:
        pl.leader = choice[1]
        for hook in m.hooks.leader_stepped:
            hook(m, P, choice[1])


def _steps(m: Match, steps: list) -> list:
    """The steps a leader's own ability may take, as modules allow (hook ``leader_steps``)."""
    for hook in m.hooks.leader_steps:
        steps = hook(m, steps)
    return steps


def _sviatoslav(m: Match) -> None:
    """Before spending build points he may step to an adjacent region: free into a region "with a
    rebel", 1 coin otherwise (RK-SB-LEAD-2). A rebel is a Rebellion unit by default, a neutral troop
    with ``sviatoslav_free_step=neutral_troop`` (RK-READ-6)."""
    pl = m.s.sides[P]
    r = pl.leader
    if r < 0:
        return
    neutral = m.opt["sviatoslav_free_step"] == "neutral_troop"

    def free(mm: Match, d: int) -> bool:
        return mm.s.neutral[d] > 0 if neutral else occupies(mm.s, REBELLION, d)
    options = _steps(m, [("step", d) for d in m.data.adjacent[r] if free(m, d) or pl.coins >= 1])

    def step(mm: Match, choice: tuple) -> None:
        if choice == PASS:
            return
        if not free(mm, choice[1]):
            mm.s.sides[P].coins -= 1
        mm.s.sides[P].leader = choice[1]
        for hook in mm.hooks.leader_stepped:
            hook(mm, P, choice[1])
    choice = decide(m, "sviatoslav", options + [PASS], step)
    step(m, choice)
