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
    here = s.structs[r]
    return sd.units[r] + (sd.leader == r) + (here.count(_STRONGHOLDS[side]) if here else 0)


def rules(s: State, side: int, r: int, need_unit: bool = False) -> bool:
    """Strictly stronger than the other side and than the neutral troops (RK-CORE-4).

    ``need_unit`` is rule option ``rule_requires_unit`` (RK-OPEN-43)."""
    sd, od = s.sides[side], s.sides[1 - side]
    mine, theirs = sd.units[r] + (sd.leader == r), od.units[r] + (od.leader == r)
    here = s.structs[r]
    if here:
        mine += here.count(_STRONGHOLDS[side])
        theirs += here.count(_STRONGHOLDS[1 - side])
    if mine <= s.neutral[r] or mine <= theirs:
        return False
    return not need_unit or sd.units[r] > 0 or sd.leader == r


def ruled(s: State, side: int, need_unit: bool = False) -> list[bool]:
    """Per region, whether ``side`` rules it: :func:`rules` for every region in one pass."""
    sd, od = s.sides[side], s.sides[1 - side]
    mine_sh, theirs_sh = _STRONGHOLDS[side], _STRONGHOLDS[1 - side]
    units, leader, their_units, their_leader, neutral = sd.units, sd.leader, od.units, od.leader, s.neutral
    out = []
    for r, here in enumerate(s.structs):
        mine, theirs = units[r] + (leader == r), their_units[r] + (their_leader == r)
        if here:
            mine += here.count(mine_sh)
            theirs += here.count(theirs_sh)
        out.append(mine > neutral[r] and mine > theirs and (not need_unit or units[r] > 0 or leader == r))
    return out


def standings(s: State, need_unit: bool = False) -> tuple[tuple[list[bool], int], tuple[list[bool], int]]:
    """For the player and for the Rebellion, in one pass over the board: :func:`ruled`, and the
    number of regions where that side has strength and ties the strongest of the other side and
    the neutral troops (half ruled, for lookahead estimates)."""
    pl, reb = s.sides
    strengths = pl.units[:], reb.units[:]
    if pl.leader >= 0:
        strengths[PLAYER][pl.leader] += 1
    if reb.leader >= 0:
        strengths[REBELLION][reb.leader] += 1
    for r, here in enumerate(s.structs):
        for owner, kind in here:
            if kind == STRONGHOLD and owner <= REBELLION:     # not nobody's
                strengths[owner][r] += 1
    out = []
    for side in (PLAYER, REBELLION):
        mine, theirs = strengths[side], strengths[1 - side]
        tops = [n if n > t else t for t, n in zip(theirs, s.neutral)]
        ruled = [a > top for a, top in zip(mine, tops)]
        if need_unit:
            units, leader = s.sides[side].units, s.sides[side].leader
            ruled = [ok and (units[r] > 0 or leader == r) for r, ok in enumerate(ruled)]
        out.append((ruled, sum([1 for a, top in zip(mine, tops) if a and a == top])))
    return out[0], out[1]


def ruled_count(s: State, side: int, need_unit: bool = False) -> int:
    return sum(ruled(s, side, need_unit))


def occupied_count(s: State, side: int) -> int:
    sd = s.sides[side]
    leader = sd.leader
    return sum([n > 0 or leader == r for r, n in enumerate(sd.units)])


def build_group(s: State, side: int, adjacent) -> int:
    """Largest group of connected regions that each hold a structure of ``side`` (RK-CLAIM-2)."""
    return largest_group(structure_mask(s, side), adjacent)


def structure_mask(s: State, side: int) -> int:
    """The regions holding a structure of ``side``, as bits (bit r for region r)."""
    mask = 0
    for r, here in enumerate(s.structs):
        for owner, _ in here:
            if owner == side:
                mask |= 1 << r
                break
    return mask


def largest_group(mask: int, adjacent) -> int:
    """Size of the largest group of connected regions among the regions in ``mask``."""
    best = 0
    while mask:
        start = (mask & -mask).bit_length() - 1
        mask ^= 1 << start
        stack, size = [start], 0
        while stack:
            r = stack.pop()
            size += 1
            for q in adjacent[r]:
                if mask >> q & 1:
                    mask ^= 1 << q
                    stack.append(q)
        if size > best:
            best = size
    return best


def boat_goods(s: State, side: int) -> int:
    """Goods on the side's boat (the trade measure, RK-CLAIM-2)."""
    return sum(s.sides[side].boat)


def has_kind(s: State, r: int, kind: int) -> bool:
    return any(k == kind for _, k in s.structs[r])


def owns_kind(s: State, side: int, r: int, kind: int) -> bool:
    return (side, kind) in s.structs[r]

