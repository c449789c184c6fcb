"""The boat and the dock: where goods go, trade boon tokens and full columns
(RK-CORE-5, RK-CORE-6, RK-SB-BOON-1, RK-REB-TAX-5, RK-REB-TAX-6, RK-CLAIM-3)."""
from __future__ import annotations

from operator import add

from automa.rurik.match import Match
from automa.rurik.state import PLAYER

ANY = (0, 1, 2, 3, 4)        # a payment slot any good can fill


def gain_good(m: Match, side: int, good: int, n: int = 1) -> None:
    """Goods go to empty boat spaces of their column first, the rest to the dock (RK-REB-TAX-5,
    RK-OPEN-35). Filling a column with a boon token below it moves the token to the dock
    (RK-SB-BOON-1, RK-REB-TAX-6)."""
    sd = m.s.sides[side]
    size = m.data.boat_size[good]
    for _ in range(n):
        if sd.boat[good] < size:
            sd.boat[good] += 1
            if sd.boat[good] == size and good in sd.boons_below:
                sd.boons_below.remove(good)
                sd.boons += 1
        else:
            sd.dock[good] += 1


def has_room(m: Match, side: int, good: int) -> bool:
    return m.s.sides[side].boat[good] < m.data.boat_size[good]


def full_columns(m: Match, side: int) -> int:
    """Completely filled boat columns: 1 coin each as income (RK-CLAIM-3, RK-REB-CLAIM-3)."""
    sd = m.s.sides[side]
    return sum(sd.boat[g] == n for g, n in enumerate(m.data.boat_size))


def payable(m: Match, side: int) -> list[int]:
    """Goods per kind the side can pay with: dock, and boat too when transfers are allowed
    (RK-OPEN-35 ``player_goods_handling``)."""
    sd = m.s.sides[side]
    if m.opt["player_goods_handling"] == "boat_first_with_transfers":
        return list(map(add, sd.dock, sd.boat))
    return sd.dock[:]


def pay_good(m: Match, side: int, good: int) -> None:
    """Pay one good, from the dock first, then (with transfers) from the boat."""
    sd = m.s.sides[side]
    if sd.dock[good]:
        sd.dock[good] -= 1
    else:
        sd.boat[good] -= 1


def plan_goods(m: Match, slots: list[tuple[int, ...]]) -> list[int] | None:
    """The player's goods that pay one good per slot (each slot the kinds it accepts), or None if
    they cannot: -1 in the plan marks a trade boon token, which may stand for any good when
    accomplishing a deed or converting goods (RK-SB-BOON-1). What costs the player least goes
    first: dock goods (the surplus of full columns), then boon tokens, then boat goods, which score
    on the trade track (RK-CLAIM-2, RK-OPEN-35); the most constrained slots are filled first."""
    if not slots:
        return []
    sd = m.s.sides[PLAYER]
    have = payable(m, PLAYER)
    boons = sd.boons
    if sum(have) + boons < len(slots):
        return None
    dock = sd.dock[:]
    boat = [a - b for a, b in zip(have, dock)]
    order = sorted(range(len(slots)), key=lambda i: len(slots[i]))
    plan = [None] * len(slots)
    for i in order:                                       # dock goods first
        g = max(slots[i], key=lambda k: (dock[k], boat[k]))
        if dock[g]:
            dock[g] -= 1
            plan[i] = g
    from_boat = []
    for i in order:                                       # boat goods, a boon where none fits
        if plan[i] is None:
            g = max(slots[i], key=lambda k: boat[k])
            if boat[g]:
                boat[g] -= 1
                plan[i] = g
                from_boat.append(i)
            elif boons:
                boons -= 1
                plan[i] = -1
            else:
                return None
    for i in from_boat[:boons]:                           # spare boons keep boat goods
        plan[i] = -1
    return plan


def plan_same(m: Match, n: int) -> list[int] | None:
    """``n`` goods of one kind, boon tokens standing in for that kind (RK-SB-BOON-1, RK-READ-1): the
    kind with the most dock goods towards ``n``, then the kind held most, paid by :func:`plan_goods`."""
    sd = m.s.sides[PLAYER]
    have = payable(m, PLAYER)
    g = max(ANY, key=lambda k: (min(sd.dock[k], n), have[k]))
    return plan_goods(m, [(g,)] * n) if have[g] + sd.boons >= n else None


def plan_distinct(m: Match, n: int) -> list[int] | None:
    """``n`` goods of different kinds, each boon token standing in for a kind not paid otherwise
    (RK-SB-BOON-1, RK-READ-1): kinds with a dock good first, then boon tokens, then boat goods of
    the kinds held most."""
    sd = m.s.sides[PLAYER]
    have = payable(m, PLAYER)
    kinds = sorted((g for g in ANY if have[g]), key=lambda g: (sd.dock[g] == 0, -have[g]))
    docked = [g for g in kinds if sd.dock[g]][:n]
    boons = min(sd.boons, n - len(docked))
    rest = n - len(docked) - boons
    boat = [g for g in kinds if not sd.dock[g]][:rest]
    return docked + [-1] * boons + boat if len(boat) == rest else None


def pay_plan(m: Match, plan: list[int]) -> None:
    """Pay a :func:`plan_goods` plan: each good from the dock first, then the boat; -1 a boon token."""
    sd = m.s.sides[PLAYER]
    for g in plan:
        if g < 0:
            sd.boons -= 1
        else:
            pay_good(m, PLAYER, g)


def settle_dock(m: Match, side: int) -> None:
    """End of the player's turn with transfers allowed: dock goods fill empty boat spaces
    (RK-OPEN-35 default ``boat_first_with_transfers``)."""
    if m.opt["player_goods_handling"] != "boat_first_with_transfers":
        return
    sd = m.s.sides[side]
    for g, n in enumerate(sd.dock):
        while n and sd.boat[g] < m.data.boat_size[g]:
            n -= 1
            sd.dock[g] -= 1
            gain_good(m, side, g)
