"""Deeds, secret agendas and goods payments for the player (RK-COMP-8, RK-CLAIM-4, RK-END-1,
RK-OPEN-19, RK-OPEN-29, RK-OPEN-33, RK-OPEN-36, RK-OPEN-41, RK-OPEN-42, RK-SB-BOON-1).

The strategy decides whether to accomplish a deed, and what to give up where its cost leaves a
choice (automa/rurik/payments.py). :func:`goods_plan` and :func:`troop_plan` are the fixed order
the engine paid in before, the built-in strategies' answer: dock goods first, then trade boon
tokens (each stands for any one good), then boat goods, from the kinds held most
(``boat.plan_goods``); troops from the regions with the most troops.
"""
from __future__ import annotations

from automa.rurik.boat import ANY, payable, plan_distinct, plan_goods, plan_same
from automa.rurik.data import GOODS, STRUCTURES
from automa.rurik.decide import decide
from automa.rurik.match import Match
from automa.rurik.regions import occupied_count, rules
from automa.rurik.state import MARKET, PLAYER, REBELLION

P = PLAYER
# goods conversion tokens (RK-OPEN-29 pdhummel): action -> goods of which one must be paid
CONVERSIONS = (("muster", (1, 2)), ("build", (0, 3)))


def deal(m: Match, indices: list[int]) -> None:
    """Shuffle the deed deck (solo-excluded deeds removed, RK-SETUP-4) and lay out 3 (RK-SETUP-3)."""
    m.setup_rng.shuffle(indices)
    m.s.deed_deck[:] = indices
    m.s.deed_display[:] = [m.s.deed_deck.pop(0) for _ in range(min(3, len(indices)))]


def take(m: Match) -> None:
    """Take one face-up deed into hand; the display is refilled (RK-CLAIM-4)."""
    s = m.s
    if not s.deed_display:
        return
    d = decide(m, "deed_take", [("deed", d) for d in s.deed_display])[1]
    s.deed_display.remove(d)
    s.sides[P].deeds.append(d)
    if s.deed_deck:
        s.deed_display.append(s.deed_deck.pop(0))


def _holds(m: Match, cond: dict) -> bool:
    s, pl = m.s, m.s.sides[P]
    t = cond["type"]
    names = m.data.regions
    need_unit = m.need_unit
    if t == "rule_regions":
        return all(rules(s, P, names.index(r), need_unit) for r in cond["regions"])
    if t == "rule_count":
        return sum(rules(s, P, r, need_unit) for r in range(8)) >= cond["n"]
    if t == "troops_in_one_region":
        return max(pl.units) >= cond["n"]
    if t == "occupy_count":
        return occupied_count(s, P) >= cond["n"]
    if t == "structures_count":
        k = STRUCTURES.index(cond["kind"])
        return sum((P, k) in st for st in s.structs) >= cond["n"]
    if t == "structures_in_one_region":
        kinds = [STRUCTURES.index(k) for k in cond["kinds"]]
        return any(all((P, k) in st for k in kinds) for st in s.structs)
    if t == "structures_connected":
        k = STRUCTURES.index(cond["kind"])
        return _group(m, [(P, k) in st for st in s.structs]) >= cond["n"]
    if t == "markets_distinct_goods":
        return len({m.data.good[r] for r, st in enumerate(s.structs) if (P, MARKET) in st}) >= cond["n"]
    for hook in m.hooks.deed_condition:                   # the modules' deeds
        held = hook(m, cond)
        if held is not None:
            return held
    return False


def _group(m: Match, has: list[bool]) -> int:
    best, seen = 0, set()
    for start in range(8):
        if not has[start] or start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            r = stack.pop()
            size += 1
            for q in m.data.adjacent[r]:
                if has[q] and q not in seen:
                    seen.add(q)
                    stack.append(q)
        best = max(best, size)
    return best


def goods_plan(m: Match, cost: dict) -> list[int] | None:
    """The goods (indices) that pay ``cost``'s goods parts, or None if unaffordable; -1 marks a trade
    boon token, which stands for any one good, named or not (RK-SB-BOON-1, RK-READ-1). Dock goods go
    first, then boon tokens, then boat goods, which score on the trade track (:func:`boat.plan_goods`;
    EX-11: the honey token pays Mead Brewery)."""
    slots = [(GOODS.index(name),) for name, n in cost.get("goods", {}).items() for _ in range(n)]
    anyg = cost.get("any_goods")
    if anyg:
        n, how = anyg["n"], anyg["rule"]
        if how == "same":
            return plan_same(m, n)
        if how == "distinct":
            return plan_distinct(m, n)
        slots += [ANY] * n
    return plan_goods(m, slots)


def troop_plan(m: Match, spec: dict) -> list[int] | None:
    """Regions to take units from for a ``remove_troops`` cost: troops first, the leader only as the last
    unit of the player's in a region (RK-SB-CLAR-3)."""
    pl = m.s.sides[P]
    n, how = spec["n"], spec["region_rule"]
    units = [k + (pl.leader == r) for r, k in enumerate(pl.units)]
    if how == "one_ruled_region":
        ok = [r for r in range(8) if units[r] >= n and rules(m.s, P, r, m.need_unit)]
        return [ok[0]] * n if ok else None
    if how == "different_regions":
        ok = sorted((r for r in range(8) if units[r]), key=lambda r: -units[r])
        return ok[:n] if len(ok) >= n else None
    plan = []
    for _ in range(n):
        r = max(range(8), key=lambda q: units[q])
        if not units[r]:
            return None
        units[r] -= 1
        plan.append(r)
    return plan


def affordable(m: Match, d: int) -> bool:
    """Conditions hold and the cost can be paid (RK-END-1 deeds, RK-OPEN-42)."""
    deed = m.data.deeds[d]
    pl = m.s.sides[P]
    cost = deed.get("cost", {})
    if pl.coins < cost.get("coins", 0) or len(pl.hand) < cost.get("scheme_cards", 0):
        return False
    for c in deed.get("condition", ()):
        if not _holds(m, c):
            return False
    if "remove_structures" in cost and not all(
            any((P, STRUCTURES.index(k)) in st for st in m.s.structs) for k in cost["remove_structures"]["kinds"]):
        return False
    if "remove_troops" in cost and troop_plan(m, cost["remove_troops"]) is None:
        return False
    return goods_plan(m, cost) is not None


def payable_conversions(m: Match) -> list[str]:
    """The conversion tokens the player can pay: two goods, one of them of the token's two kinds,
    a trade boon token standing for either (RK-OPEN-29, RK-SB-BOON-1)."""
    have, boons = payable(m, P), m.s.sides[P].boons
    if sum(have) + boons < 2:
        return []
    return [kind for kind, (a, b) in CONVERSIONS if have[a] or have[b] or boons]   # = plan_goods(m, [need, ANY])


def agenda_met(m: Match, end_tokens: tuple[int, int] = (0, 0)) -> bool:
    """Whether the player's secret agenda holds at game end, compared with the Rebellion;
    a tie fails unless ``agenda_ties=tie_satisfies`` (RK-OPEN-41). ``end_tokens`` are the VP tokens
    each side earns at game end (epic structures), counted by Victorious (RK-SB-WAR-6)."""
    pl = m.s.sides[P]
    if pl.agenda < 0:
        return False
    cond = m.data.agendas[pl.agenda]["condition"]
    mine, theirs = _metric(m, P, cond), _metric(m, REBELLION, cond)
    if cond.get("metric") == "vp_tokens":
        mine, theirs = mine + end_tokens[0], theirs + end_tokens[1]
    return mine > theirs or (mine == theirs and m.opt["agenda_ties"] == "tie_satisfies")


def _metric(m: Match, side: int, cond: dict) -> int:
    s, sd = m.s, m.s.sides[side]
    if cond["type"] == "first_on_track":
        t = cond["track"]
        return sd.warfare if t == "warfare" else sd.claims[("rule", "build", "trade").index(t)]
    metric = cond.get("metric")
    if metric == "regions_occupied":
        return occupied_count(s, side)
    if metric == "goods_total":
        return sum(sd.boat) + sum(sd.dock)
    if metric == "fur_plus_honey":
        return sd.boat[4] + sd.dock[4] + sd.boat[2] + sd.dock[2]
    if metric == "own_structures_in_ruled_regions":
        need = m.need_unit                                # RK-OPEN-43
        return sum(sum(o == side for o, _ in st) for r, st in enumerate(s.structs) if rules(s, side, r, need))
    if metric == "deeds_accomplished":
        return len(sd.deeds_done)
    if metric == "rebels_defeated":
        return sd.defeated_enemy
    if metric == "coins":
        return sd.coins
    if metric == "vp_tokens":
        return sd.vp_tokens
    for hook in m.hooks.agenda_metric:                    # the modules' agendas
        value = hook(m, side, metric)
        if value is not None:
            return value
    raise ValueError(f"unknown agenda metric {metric!r}")

