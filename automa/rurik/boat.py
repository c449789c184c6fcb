"""The boat and the dock: where goods go, trade boon tokens and full columns
(RK-CORE-5, RK-CORE-6, RK-SB-BOON-1, RK-REB-TAX-5, RK-REB-TAX-6, RK-CLAIM-3)."""
from __future__ import annotations

from operator import add

from automa.rurik.match import Match


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
