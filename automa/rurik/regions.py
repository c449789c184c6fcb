"""Occupation, strength and rule of regions (RK-CORE-3, RK-CORE-4), and the region measures
that the claim tracks, the Rebellion's priority and the tie-breakers read (RK-CLAIM-2)."""
from __future__ import annotations

from automa.rurik.state import PLAYER, REBELLION, STRONGHOLD, State


def units(s: State, side: int, r: int) -> int:
    """Troops (or rebels) plus the leader of ``side`` in region ``r``."""
    sd = s.sides[side]
    return sd.units[r] + (sd.leader == r)


def occupies(s: State, side: int, r: int) -> bool:
    """A side occupies a region with at least one unit there (RK-CORE-3)."""
    sd = s.sides[side]
    return sd.units[r] > 0 or sd.leader == r


_STRONGHOLDS = ((PLAYER, STRONGHOLD), (REBELLION, STRONGHOLD))


def strength(s: State, side: int, r: int) -> int:
    """Troops + leader + strongholds of ``side`` in ``r`` (RK-CORE-4, RK-PL-BUILD-4)."""
    sd = s.sides[side]
    return sd.units[r] + (sd.leader == r) + s.structs[r].count(_STRONGHOLDS[side])


def rules(s: State, side: int, r: int, need_unit: bool = False) -> bool:
    """Strictly stronger than the other side and than the neutral troops (RK-CORE-4).

    ``need_unit`` is rule option ``rule_requires_unit`` (RK-OPEN-43)."""
    mine = strength(s, side, r)
    if mine <= s.neutral[r] or mine <= strength(s, 1 - side, r):
        return False
    return not need_unit or occupies(s, side, r)


def ruled_count(s: State, side: int, need_unit: bool = False) -> int:
    return sum([rules(s, side, r, need_unit) for r in range(len(s.neutral))])


def occupied_count(s: State, side: int) -> int:
    return sum([occupies(s, side, r) for r in range(len(s.neutral))])


def build_group(s: State, side: int, adjacent) -> int:
    """Largest group of connected regions that each hold a structure of ``side`` (RK-CLAIM-2)."""
    has = [side in [o for o, _ in st] for st in s.structs]
    seen = [False] * len(has)
    best = 0
    for start, h in enumerate(has):
        if not h or seen[start]:
            continue
        seen[start], stack, size = True, [start], 0
        while stack:
            r = stack.pop()
            size += 1
            for m in adjacent[r]:
                if has[m] and not seen[m]:
                    seen[m] = True
                    stack.append(m)
        best = max(best, size)
    return best


def boat_goods(s: State, side: int) -> int:
    """Goods on the side's boat (the trade measure, RK-CLAIM-2)."""
    return sum(s.sides[side].boat)


def has_kind(s: State, r: int, kind: int) -> bool:
    return any(k == kind for _, k in s.structs[r])


def owns_kind(s: State, side: int, r: int, kind: int) -> bool:
    return (side, kind) in s.structs[r]

