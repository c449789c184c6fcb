"""The player's payments that leave a choice: which goods, troops, scheme card, structure or captive
to give up for a deed (RK-OPEN-42, RK-SB-WAR-6) or a conversion token (RK-OPEN-29, RK-OPEN-28).

At the table the player chooses, so each such payment is a decision (``pay_goods``, ``pay_troops``,
``pay_scheme``, ``pay_structure``, ``pay_captive``; docs/decisions.md), asked only when the ways
to pay differ in effect: goods of one kind are one choice wherever they lie (a good is paid from the
dock before the boat, and with transfers the dock refills the boat at the end of the turn,
RK-OPEN-35), scheme cards with the same face are one choice, troops of one region are one choice
(the leader goes only as the last unit there, RK-SB-CLAR-3). The first choice is the engine's fixed
order of before (docs/rurik.md, "How the engine pays costs that leave a choice"), the built-in
strategies' answer.
"""
from __future__ import annotations

from itertools import combinations, combinations_with_replacement, permutations

from automa.rurik.boat import ANY, pay_plan, payable, plan_goods
from automa.rurik.data import GOODS, STRUCTURES
from automa.rurik.decide import decide
from automa.rurik.match import Match
from automa.rurik.regions import rules
from automa.rurik.state import PLAYER

P = PLAYER
BOON = -1                       # a trade boon token in a goods payment
TOKENS = (BOON, 0, 1, 2, 3, 4)  # what pays one good: a boon token (RK-SB-BOON-1) or a good


def deed_goods(cost: dict) -> tuple[list[tuple[int, ...]], str]:
    """A deed cost's goods as payment slots (the kinds each accepts) and its rule for "any goods":
    ``same`` kind, ``distinct`` kinds or any (RK-OPEN-42, RK-READ-1)."""
    slots = [(GOODS.index(name),) for name, n in cost.get("goods", {}).items() for _ in range(n)]
    anyg = cost.get("any_goods")
    if not anyg:
        return slots, ""
    return slots + [ANY] * anyg["n"], anyg["rule"] if anyg["rule"] in ("same", "distinct") else ""


def goods_choices(m: Match, slots: list[tuple[int, ...]], rule: str, old: list[int]) -> list[tuple]:
    """Every distinct way to pay ``slots``: ``("pay", *goods)``, the goods sorted, -1 a trade boon token
    standing for any one good (RK-SB-BOON-1, RK-READ-1); ``old`` (the fixed order's plan) first."""
    have, boons = payable(m, P), m.s.sides[P].boons
    first = ("pay", *sorted(old))
    out = [first]
    for combo in combinations_with_replacement(TOKENS, len(slots)):
        if combo.count(BOON) > boons or any(combo.count(g) > have[g] for g in ANY):
            continue
        real = [g for g in combo if g != BOON]
        if (rule == "same" and len(set(real)) > 1) or (rule == "distinct" and len(set(real)) < len(real)):
            continue
        if any(all(g == BOON or g in slot for g, slot in zip(order, slots)) for order in set(permutations(combo))):
            choice = ("pay", *combo)
            if choice != first:
                out.append(choice)
    return out


def pay_goods(m: Match, slots: list[tuple[int, ...]], rule: str, old: list[int]) -> None:
    """The player pays ``slots`` with the goods they choose (decision ``pay_goods``); each good from
    the dock first, then the boat (RK-OPEN-35)."""
    if slots:
        pay_plan(m, list(decide(m, "pay_goods", goods_choices(m, slots, rule, old))[1:]))


def pay_two(m: Match, need: tuple[int, ...]) -> None:
    """Pay a conversion token's two goods, one of them of ``need``'s kinds (RK-OPEN-29, RK-SB-BOON-1)."""
    slots = [need, ANY]
    pay_goods(m, slots, "", plan_goods(m, slots))


def troop_choices(m: Match, spec: dict, old: list[int]) -> list[tuple]:
    """Every distinct way to remove ``spec["n"]`` units by its region rule (RK-OPEN-42):
    ``("remove", *regions)``, a region once per unit, sorted; ``old`` first."""
    pl = m.s.sides[P]
    n, how = spec["n"], spec["region_rule"]
    units = [k + (pl.leader == r) for r, k in enumerate(pl.units)]
    if how == "one_ruled_region":
        ways = [(r,) * n for r in range(8) if units[r] >= n and rules(m.s, P, r, m.need_unit)]
    elif how == "different_regions":
        ways = list(combinations([r for r in range(8) if units[r]], n))
    else:
        ways = [c for c in combinations_with_replacement([r for r in range(8) if units[r]], n)
                if all(c.count(r) <= units[r] for r in c)]
    first = ("remove", *sorted(old))
    return [first] + [("remove", *w) for w in ways if ("remove", *w) != first]


def pay_troops(m: Match, spec: dict, old: list[int]) -> None:
    """The player removes the units they choose (decision ``pay_troops``): troops first, the leader only
    as the last unit of the player's in its region (RK-SB-CLAR-3)."""
    pl = m.s.sides[P]
    for r in decide(m, "pay_troops", troop_choices(m, spec, old))[1:]:
        if pl.units[r]:
            pl.units[r] -= 1
            pl.supply += 1
        else:
            pl.leader = -1


def scheme_choices(m: Match) -> list[tuple]:
    """``("discard", card)`` for the first card in hand of each face (reward, coin cost, casualty icons):
    the first card in hand first."""
    out, faces = [], set()
    for c in m.s.sides[P].hand:
        card = m.data.scheme_by_id[c]
        face = (card.reward_all, card.reward_choice, card.coin_cost, card.casualty_icons)
        if face not in faces:
            faces.add(face)
            out.append(("discard", c))
    return out


def pay_schemes(m: Match, n: int) -> None:
    """The player discards ``n`` scheme cards of their choice from hand (decision ``pay_scheme``)."""
    pl = m.s.sides[P]
    for _ in range(n):
        card = decide(m, "pay_scheme", scheme_choices(m))[1]
        pl.hand.remove(card)
        m.s.discard.append(card)


def pay_structures(m: Match, kinds) -> None:
    """The player returns one own structure of each of ``kinds`` (New Beginning) from the region they
    choose (decision ``pay_structure``; the first region first)."""
    s, pl = m.s, m.s.sides[P]
    for name in kinds:
        kind = STRUCTURES.index(name)
        r = decide(m, "pay_structure", [("remove", r, kind) for r, st in enumerate(s.structs) if (P, kind) in st])[1]
        s.structs[r].remove((P, kind))
        pl.structures[kind] += 1
