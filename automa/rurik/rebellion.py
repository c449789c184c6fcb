"""The Rebellion's action-phase procedures, one function per procedure of the solo rules
(RK-REB-ACT, RK-REB-MUSTER, RK-REB-MOVE, RK-REB-ATTACK, RK-REB-TAX, RK-REB-BUILD, RK-REB-SCHEME)."""
from __future__ import annotations

from automa.rurik import combat
from automa.rurik.boat import gain_good, has_room
from automa.rurik.choices import tax_extra
from automa.rurik.data import ADVISOR_NUMBER, COLUMNS, STRUCTURES
from automa.rurik.match import Match
from automa.rurik.rebel_board import open_bonuses, unlock
from automa.rurik.regions import occupies, ruled, rules, units
from automa.rurik.state import CHURCH, MARKET, PLAYER, REBELLION, STABLE, STRONGHOLD, TAVERN, VACATED

R = REBELLION


def _log(m: Match, kind: str, rule: str, **fields) -> None:
    m.trace.event(kind, side="rebellion", rule=rule, **fields)


def region_order(m: Match) -> tuple[int, ...]:
    """The region order of the card in use (RK-REB-CARD-2); with ``region_order_start=continue``
    a scan resumes after the last region used (RK-OPEN-7)."""
    order = m.data.cards[m.s.card].order
    if m.opt["region_order_start"] == "continue" and m.s.last_region in order:
        i = order.index(m.s.last_region) + 1
        return order[i:] + order[:i]
    return order


def _rules(m: Match, side: int, r: int) -> bool:
    return rules(m.s, side, r, m.need_unit)


def take_turn(m: Match) -> None:
    """One Rebellion turn: take the lowest advisor (leftmost of two 2s), whose space keeps its row
    until the end of the round (RK-ACT-2), gain the space's points
    and every matching open bonus, pay or forfeit the coin, spend bonus moves first, then the
    main action; it never plays schemes, deeds or conversion tokens (RK-REB-ACT-1..8,
    RK-REB-BONUS-2, RK-SOLO-4). Coin bonuses are gained after the space's coin is paid or
    forfeited, so they cannot pay for the space they come with (RK-REB-ACT-5, EX-8)."""
    s = m.s
    best = None
    for c, col in enumerate(s.board):
        for row, (side, label, _) in enumerate(col):
            if side == R and (best is None or ADVISOR_NUMBER[label] < best[0]):
                best = (ADVISOR_NUMBER[label], c, row)
    if best is None:
        return
    for hook in m.hooks.rebel_turn_start:
        hook(m)
    _, c, row = best
    s.board[c][row] = VACATED                             # the others keep their spaces (RK-ACT-2)
    action = COLUMNS[c]
    points, coin_cost = m.data.spaces[c][row]
    reb = s.sides[R]
    if m.trace:
        _log(m, "rebel_action", "RK-REB-ACT-1", action=action, row=row, points=points,
             card=m.data.cards[s.card].id)
    extra, pre_move, fewer, bonus_coins = 0, 0, 0, 0
    for bonus, amount in open_bonuses(m, action):
        if bonus == action:
            extra += amount
        elif bonus == "move":
            pre_move += amount
        elif bonus == "coins":
            bonus_coins += amount
        elif bonus == "reveal_fewer":
            fewer += amount
    if m.trace and (extra or pre_move or fewer or bonus_coins):
        _log(m, "bonus", "RK-REB-BONUS-2", action=action, extra=extra, move=pre_move, reveal_fewer=fewer,
             coins=bonus_coins)
    paid = True
    if coin_cost:                                         # RK-REB-ACT-5: checked before bonus coins
        if reb.coins >= coin_cost:
            reb.coins -= coin_cost
        else:
            paid = False
            reb.coins += 1
            if m.trace:
                _log(m, "forfeit", "RK-REB-ACT-5", action=action, why="cannot pay the coin")
    reb.coins += bonus_coins                              # RK-REB-ACT-7, EX-8
    if pre_move:
        move(m, pre_move)                                 # RK-REB-ACT-8
    main = (points if paid else 0) + extra                # RK-REB-ACT-7: bonuses still apply
    if action == "scheme":
        scheme(m)
        return
    if action == "build" and m.hooks.rebel_build and any(hook(m, main) for hook in m.hooks.rebel_build):
        return                                            # RK-REB-BUILD-9: a module resolved it
    spent = attack(m, main, fewer) if action == "attack" else ACTIONS[action](m, main)
    if spent == 0 and paid and main > 0 and (
            m.opt["rebel_forfeit_scope"] == "nothing_possible" or (action == "muster" and reb.supply == 0)):
        reb.coins += 1                                    # RK-REB-ACT-6, RK-OPEN-8
        if m.trace:
            _log(m, "forfeit", "RK-REB-ACT-6", action=action, why="no point could be spent")

def muster(m: Match, points: int) -> int:
    """Leader first if off the board; then one rebel per occupied-but-not-ruled region in region
    order, re-checking rule, cycling; then one per ruled region, cycling (RK-REB-MUSTER-1..4)."""
    s, reb = m.s, m.s.sides[R]
    spent = 0
    order = region_order(m)
    occupied = [r for r in order if occupies(s, R, r)]
    if not occupied:
        occupied = [order[0]]                             # RK-OPEN-9: first region of the order
    while points > 0:
        weak = [r for r in occupied if not _rules(m, R, r)]
        pool = weak or occupied
        placed = False
        for r in pool:
            if points == 0:
                break
            if weak and _rules(m, R, r):
                continue
            if reb.leader == -1:                          # not while captured (RK-SB-WAR-1)
                reb.leader = r                            # RK-REB-MUSTER-1
            elif reb.supply > 0:
                reb.supply -= 1
                reb.units[r] += 1
            else:
                return spent                              # RK-REB-MUSTER-4: points lost
            points -= 1
            spent += 1
            placed = True
            s.last_region = r
            if m.trace:
                _log(m, "muster", "RK-REB-MUSTER-2" if weak else "RK-REB-MUSTER-3", region=m.data.regions[r])
            if weak and not any(not _rules(m, R, q) for q in occupied):
                break                                     # all occupied regions ruled: switch to -3
        if not placed:
            break
    return spent


def _can_give(m: Match, src: int, dst: int) -> bool:
    """A source keeps at least 1 unit and is not left ruled by the player (RK-REB-MOVE-5, RK-OPEN-5)."""
    s = m.s
    if src == dst or units(s, R, src) < 2:
        return False
    if m.opt["rebel_move_cede_check"] == "player_would_rule" or not _rules(m, PLAYER, src):
        reb = s.sides[R]
        leader = reb.leader == src
        if leader:
            reb.leader = -1
        else:
            reb.units[src] -= 1
        ceded = _rules(m, PLAYER, src)
        if leader:
            reb.leader = src
        else:
            reb.units[src] += 1
        return not ceded
    return True


def _move_one(m: Match, dst: int, only_from: int = -1) -> bool:
    """Move one unit into ``dst`` from the closest legal source, ties to the region later (or
    earlier) in the order; the leader moves if the source holds it (RK-REB-MOVE-4..6, RK-OPEN-4)."""
    s, reb = m.s, m.s.sides[R]
    order = m.data.cards[s.card].order
    later = m.opt["rebel_move_source_tiebreak"] == "later_in_order"
    dist = m.data.distance[dst]
    best, key = -1, None
    for pos, src in enumerate(order):
        if only_from >= 0 and src != only_from:
            continue
        if not _can_give(m, src, dst):
            continue
        k = (dist[src], -pos if later else pos)
        if key is None or k < key:
            best, key = src, k
    if best < 0:
        return False
    m.moved_from = best
    unit = "leader" if reb.leader == best else "rebel"
    if unit == "leader":
        reb.leader = dst
    else:
        reb.units[best] -= 1
        reb.units[dst] += 1
    if m.trace:
        _log(m, "move", "RK-REB-MOVE-4", source=m.data.regions[best], target=m.data.regions[dst], unit=unit)
    return True


def move(m: Match, points: int, only_from: int = -1) -> int:
    """The march. ``attack_move``: one unit into each unoccupied region in order until all are
    occupied (RK-REB-MOVE-2). ``build``/``tax``: all points into the first region it does not rule
    (RK-REB-MOVE-3, RK-OPEN-6). Range is unlimited (RK-REB-MOVE-1); stuck points are lost (RK-REB-MOVE-7).
    Modules: regions the march may not enter yet, and what a move costs (hooks ``rebel_march_blocked``,
    ``moved``)."""
    s = m.s
    blocked, moved = m.hooks.rebel_march_blocked, m.hooks.moved
    spent = 0
    if s.priority == "attack_move":
        for dst in region_order(m):
            if points == 0:
                break
            if occupies(s, R, dst):
                continue
            shut = False
            for hook in blocked:
                shut = shut or hook(m, dst, points)
            if shut:
                continue
            leader = s.sides[R].leader
            if _move_one(m, dst, only_from):
                points -= _move_cost(m, dst, leader) if moved else 1
                spent += 1
                s.last_region = dst
        return spent
    retarget = m.opt["rebel_move_single_target"] == "retarget_when_ruled"
    target = -1
    while points > 0:
        if target < 0 or (retarget and _rules(m, R, target)):
            target = next((r for r in region_order(m) if not _rules(m, R, r)), -1)
            if target < 0:
                break
        shut = False
        for hook in blocked:
            shut = shut or hook(m, target, points)
        if shut:
            break
        leader = s.sides[R].leader
        if not _move_one(m, target, only_from):
            break
        points -= _move_cost(m, target, leader) if moved else 1
        spent += 1
        s.last_region = target
    return spent


def _move_cost(m: Match, dst: int, leader_before: int) -> int:
    """The points the move into ``dst`` just made cost, as the modules set it (hook ``moved``)."""
    src = m.moved_from
    leader = leader_before == src and m.s.sides[R].leader == dst
    cost = 1
    for hook in m.hooks.moved:
        cost = hook(m, R, src, dst, leader, cost)
    return cost


def _attack_targets(m: Match, r: int) -> bool:
    """The Rebellion has a unit in ``r`` (or may attack it from elsewhere, hook ``attack_from``) and
    there is a player unit or neutral troop to attack."""
    s = m.s
    if not (occupies(s, PLAYER, r) or s.neutral[r] > 0):
        return False
    if occupies(s, R, r):
        return True
    for hook in m.hooks.attack_from:
        if hook(m, R, r) >= 0:
            return True
    return False


def attack(m: Match, points: int, fewer: int = 0) -> int:
    """Attack region by region: ``attack_move`` unruled regions first, ``build``/``tax`` ruled first,
    each in region order; all points in one region before the next; the player before neutral
    troops (RK-REB-ATTACK-1..6, RK-REB-ATTACK-8). ``fewer`` is the reveal-fewer bonus (RK-REB-BONUS-2)."""
    s = m.s
    order = region_order(m)
    now = ruled(s, R, m.need_unit)
    rebel_ruled = [r for r in order if now[r]]
    unruled = [r for r in order if not now[r]]
    regions = unruled + rebel_ruled if s.priority == "attack_move" else rebel_ruled + unruled
    spent = 0
    for r in regions:
        while points > 0 and _attack_targets(m, r):
            points -= 1
            spent += 1
            s.last_region = r
            attack_in(m, r, fewer)
        if points == 0:
            break
    return spent


def attack_in(m: Match, r: int, fewer: int) -> None:
    """One Rebellion attack in ``r``: against the player, the player loses a unit, the Rebellion
    advances on warfare and checks for a casualty; against a neutral troop, it is removed, with Armed
    the modules' checks (:func:`combat.neutral_attacked`), with the reveal-fewer bonus and Sviatopolk
    (RK-REB-ATTACK-4..6, RK-OPEN-32, RK-SB-REBLEAD-1). Modules: an attack from another region (hook
    ``attack_from``), and what follows the attack on the player (hook ``attacked``)."""
    s = m.s
    reb = s.sides[R]
    hooks = m.hooks
    at = r
    if hooks.attack_from and not occupies(s, R, r):
        for hook in hooks.attack_from:
            at = hook(m, R, r)
            if at >= 0:
                break
    if occupies(s, PLAYER, r):
        n = combat.casualty_cards(m, PLAYER, r) - fewer
        if reb.leader == r:
            n -= m.lead.attack_reveal_fewer                 # RK-SB-REBLEAD-1
        pl = s.sides[PLAYER]
        leader_hit = pl.leader == r
        if m.opt["rebel_attack_removal"] == "player_unit":
            combat.lose_unit(m, PLAYER, r)
        else:
            combat.lose_unit(m, R, at)
        reb.defeated_enemy += 1
        if m.trace:
            _log(m, "attack", "RK-REB-ATTACK-5", region=m.data.regions[r], target="player")
        combat.advance_warfare(m, R)
        cards, lost = combat.casualty_check(m, R, at, n)
        if hooks.attacked and m.opt["rebel_attack_removal"] == "player_unit":     # RK-REB-ATTACK-7
            what = "leader" if leader_hit and pl.leader == -1 else "troop"
            for hook in hooks.attacked:
                hook(m, R, at, cards, lost, what)
    else:
        s.neutral[r] -= 1
        reb.defeated_neutral += 1
        if m.trace:
            _log(m, "attack", "RK-REB-ATTACK-6", region=m.data.regions[r], target="neutral")
        if hooks.neutral_check or hooks.attacked:
            combat.neutral_attacked(m, R, r, at,
                                    fewer + (m.lead.attack_reveal_fewer if reb.leader == r else 0))


def tax(m: Match, points: int) -> int:
    """Tax one region per point: regions whose boat column has room first, then full ones, each in
    region order; a rebel unit and the goods token must be there; its market gives an extra good;
    Theofana musters in her region (RK-REB-TAX-1..7). Modules: a region may cost more points, and
    taxing may do more (hooks ``tax_cost``, ``taxed``)."""
    s, reb = m.s, m.s.sides[R]
    good = m.data.good
    spent = 0
    extra = tax_extra(m, R) if m.hooks.tax_cost else None
    taxed = m.hooks.taxed
    while points > 0:
        order = region_order(m)
        ok = [r for r in order if s.token[r] and occupies(s, R, r)]
        if extra:
            ok = [r for r in ok if 1 + extra[r] <= points]
        if not ok:
            break
        room = [r for r in ok if has_room(m, R, good[r])]
        r = (room or ok)[0]
        s.token[r] = False
        n = 2 if (R, MARKET) in s.structs[r] else 1
        gain_good(m, R, good[r], n)
        cost = 1 + extra[r] if extra else 1
        points -= cost
        spent += cost
        for hook in taxed:
            hook(m, R, r)
        s.last_region = r
        if m.trace:
            _log(m, "tax", "RK-REB-TAX-3", region=m.data.regions[r], goods=n)
        if reb.leader == r:
            for _ in range(m.lead.muster_per_tax):
                _muster_here(m, r, "RK-REB-TAX-7")
    return spent


def _muster_here(m: Match, r: int, rule: str) -> None:
    reb = m.s.sides[R]
    if reb.supply > 0:
        reb.supply -= 1
        reb.units[r] += 1
        if m.trace:
            _log(m, "muster", rule, region=m.data.regions[r])


def player_troops(m: Match, r: int) -> int:
    """The player's troops in ``r`` as the Rebellion's build reads them: the leader counts as a troop,
    as the Stone & Blade rulebook calls him one (``player_leader_is_troop=yes``, RK-SB-CLAR-3)."""
    pl = m.s.sides[PLAYER]
    if m.opt["player_leader_is_troop"] == "yes":
        return pl.units[r] + (pl.leader == r)
    return pl.units[r]


def _buildable(m: Match, r: int) -> list[int]:
    """Structure kinds the Rebellion can build in ``r`` now: a free slot, a type not present, a piece
    in supply and a unit there (RK-REB-BUILD-2, RK-PL-BUILD-2); a stable only with 3+ more units than
    the player, leaders included on both sides (RK-REB-BUILD-3), a tavern only beside 2 structures,
    what modules count there too (RK-REB-BUILD-4, hook ``structures_in``), a church only where player
    troops (the leader among them) or neutral troops stand (RK-REB-BUILD-6); none where a module closes
    the region (hook ``build_blocked``)."""
    s, reb = m.s, m.s.sides[R]
    here = s.structs[r]
    if len(here) >= 3 or not occupies(s, R, r):
        return []
    for hook in m.hooks.build_blocked:
        if hook(m, r):
            return []
    present = [k for _, k in here]
    out = []
    for k in (CHURCH, STRONGHOLD, MARKET, STABLE, TAVERN):
        if reb.structures[k] == 0 or k in present:
            continue
        if k == CHURCH and not (player_troops(m, r) or s.neutral[r]):
            continue
        if k == STABLE and units(s, R, r) - units(s, PLAYER, r) < 3:
            continue
        if k == TAVERN:
            n = len(here)
            for hook in m.hooks.structures_in:
                n += hook(m, r)
            if n < 2:
                continue                                  # "already 2 structures"
        out.append(k)
    return out


def build(m: Match, points: int) -> int:
    """One structure per point, the region chosen afresh each time by the three tiers, where the
    player's leader counts as a troop in tier 2 (RK-REB-BUILD-2); then stable, tavern or the card's
    build order (RK-REB-BUILD-1..8)."""
    s, reb = m.s, m.s.sides[R]
    spent = 0
    for _ in range(points):
        buildable = {r: k for r in region_order(m) if (k := _buildable(m, r))}
        if not buildable:
            break
        tier1 = [r for r in buildable if R not in [o for o, _ in s.structs[r]]]
        tier2 = [r for r in buildable if player_troops(m, r) or s.neutral[r] > 0]
        r = (tier1 or tier2 or list(buildable))[0]
        kinds = buildable[r]
        if STABLE in kinds:
            kind, rule = STABLE, "RK-REB-BUILD-3"
        elif TAVERN in kinds:
            kind, rule = TAVERN, "RK-REB-BUILD-4"
        else:
            prefs = m.data.cards[s.card].build_order[s.priority]
            kind = next(k for k in (STRUCTURES.index(p) for p in prefs) if k in kinds)
            rule = "RK-REB-BUILD-6"
        reb.structures[kind] -= 1
        s.structs[r].append((R, kind))
        spent += 1
        s.last_region = r
        if m.trace:
            _log(m, "build", rule, region=m.data.regions[r], structure=STRUCTURES[kind])
        if kind == CHURCH:
            _convert(m, r)
        elif kind == STABLE:
            n = move(m, 3, r if m.opt["rebel_stable_move"] == "from_stable_region" else -1)
            if m.trace:
                _log(m, "stable", "RK-REB-BUILD-3", moved=n)
        elif kind == TAVERN:
            coins = len(s.structs[r])
            for hook in m.hooks.structures_in:
                coins += hook(m, r)
            reb.coins += coins                            # RK-REB-BUILD-5
            unlock(m, "tavern")
        if reb.leader == r:
            lead = m.lead
            if lead.attack_per_structure:
                if m.opt["maria_attack"] == "maria_region_only":
                    for _ in range(lead.attack_per_structure):
                        if _attack_targets(m, r):
                            attack_in(m, r, 0)
                else:
                    attack(m, lead.attack_per_structure)  # RK-SB-REBLEAD-3, RK-OPEN-30
            for _ in range(lead.muster_per_structure):
                _muster_here(m, r, "RK-SB-REBLEAD-4")
    return spent


def _convert(m: Match, r: int) -> None:
    """A Rebellion church removes a player troop, else a neutral troop (back to the neutral supply,
    RK-READ-11), and a rebel from supply takes its place; never the player's leader (RK-REB-BUILD-7).
    A module may keep the church from converting a neutral troop (hook ``church_spares_neutral``)."""
    s, reb = m.s, m.s.sides[R]
    pl = s.sides[PLAYER]
    if pl.units[r] > 0:
        pl.units[r] -= 1
        pl.supply += 1
    elif s.neutral[r] > 0 and not any(hook(m, R) for hook in m.hooks.church_spares_neutral):
        s.neutral[r] -= 1
        if m.opt["church_neutral"] == "beside_mat":
            reb.defeated_neutral += 1                     # RK-READ-11: else back to the supply
    else:
        return
    _muster_here(m, r, "RK-REB-BUILD-7")


def scheme(m: Match) -> None:
    """No card is drawn: unlock one bonus space (RK-REB-SCHEME-1)."""
    unlock(m, "scheme action")


ACTIONS = {"muster": muster, "move": move, "attack": attack, "tax": tax, "build": build}
