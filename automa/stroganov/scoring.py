"""Final scoring by category, terrain sets and tie-breaks (ST-END-1..7, ST-IVAN-END-1..2)."""
from __future__ import annotations

from itertools import combinations
from operator import mul

from automa.stroganov import bag
from automa.stroganov.data import SACRED, WILD
from automa.stroganov.state import (C_COINS, C_FURS, C_LAND, C_OUTPOST, C_SONGS, C_STORY, C_TIGER, C_WISH,
                                    C_BONUS, IVAN, PLAYER)


def best_sets(counts: tuple[int, int, int, int], sacred: int, wild: int, table: tuple, cache: dict) -> int:
    """The best split of owned tiles into sets of distinct terrain types: A-tiles wild for the four base
    types, Б-tiles a fifth type (ST-END-4, ST-TK-LAND-5)."""
    key = (tuple(sorted(counts, reverse=True)), sacred, wild)
    if key in cache:
        return cache[key]
    counts = key[0]
    best = 0
    present = [i for i in range(4) if counts[i]]
    for k in range(0, len(present) + 1):
        for mask in combinations(present, k):
            for w in range(0, min(wild, 4 - k) + 1):
                for s in (0, 1) if sacred else (0,):
                    size = k + w + s
                    if not size:
                        continue
                    rest = list(counts)
                    for i in mask:
                        rest[i] -= 1
                    value = table[size - 1] + best_sets(tuple(rest), sacred - s, wild - w, table, cache)
                    best = max(best, value)
    cache[key] = best
    return best

def terrain_vp(run, side) -> int:
    """Landscape-set VP of the tiles a side has claimed (ST-END-4, ST-LAND-4), cached per count of each
    terrain code (four base types, SACRED, WILD)."""
    t = run.t
    terrain = t.terrain
    counts = [0, 0, 0, 0, 0, 0]
    for tile in side.tiles:
        counts[terrain[tile]] += 1
    key = tuple(counts)
    vp = t.terrain_cache.get(key)
    if vp is None:
        vp = t.terrain_cache[key] = best_sets(key[:4], key[SACRED], key[WILD], t.set_vp, t.set_cache)
    return vp

def final_scores(run) -> list[list[int]]:
    """Both sides' final category VP (ST-END-1..6)."""
    return [side_vp(run, PLAYER), side_vp(run, IVAN, final=True)]


def side_vp(run, who: int, final: bool = False) -> list[int]:
    """A side's category VP if the game ended now: songs bought in winter (ST-END-2); Ivan scores, by
    default, as the player does; own outposts score by region (ST-END-2..6, ST-OUTPOST-5, ST-IVAN-END-1..2,
    ST-OPEN-50). The ``end_rates`` hook may upgrade a ratio, and an upgraded item scores even with
    ivan_end_scoring=limited; the ``end_vp`` hooks add the modules' end VP."""
    st, t, o = run.st, run.t, run.o
    side = st.sides[who]
    vp = side.vp[:]
    vp[C_SONGS] += side.song_vp
    if side.tiles:
        vp[C_LAND] += terrain_vp(run, side)
    full = not (who == IVAN and o.ivan_end_scoring == "limited")
    rates = run.hooks.end_rates
    up = rates(run, side) if rates else None
    if full:
        vp[C_WISH] += wish_vp(run, who, final)
        vp[C_OUTPOST] += sum(map(mul, t.outpost_vp, side.outposts))
        if t.horses_per_vp:
            vp[C_BONUS] += side.horses // t.horses_per_vp
        if t.banners_per_vp:
            vp[C_BONUS] += side.banners // t.banners_per_vp
        if up is None:  # the printed ratios
            vp[C_FURS] += sum(side.furs) // t.furs_per_vp
            vp[C_COINS] += side.coins // t.coins_per_vp
            vp[C_TIGER] += side.tigers * t.tiger_vp
            vp[C_STORY] += side.story // t.story_per_vp
    if up is not None:  # 0: the printed ratio
        if full or up[0]:
            vp[C_FURS] += sum(side.furs) // (up[0] or t.furs_per_vp)
        if full or up[1]:
            vp[C_COINS] += side.coins // (up[1] or t.coins_per_vp)
        if full or up[2]:
            vp[C_TIGER] += side.tigers * (up[2] or t.tiger_vp)
        if full or up[3]:
            vp[C_STORY] += side.story // (up[3] or t.story_per_vp)
    if run.hooks.end_vp:
        for f in run.hooks.end_vp:
            f(run, who, vp)
    return vp


def wish_vp(run, who: int, final: bool = False) -> int:
    """Fulfilled wishes score their VP, unfulfilled ones the penalty; Ivan scores each wish he took, or with
    ivan_wishes=fulfil only those whose furs he holds (ST-END-6, ST-IVAN-END-2, ST-OPEN-25, ST-OPEN-42)."""
    side, wishes, o = run.st.sides[who], run.t.wishes, run.o
    if who == PLAYER:
        vp = -o.unfulfilled_wish_penalty * len(side.wishes)
        for w in side.fulfilled:
            vp += wishes[w][3]
        return vp
    if o.ivan_wishes == "printed_vp":
        return sum(wishes[w][3] for w in side.wishes)
    vp = 0
    for w in side.wishes:
        value, total, paid, points, _ = wishes[w]
        if side.furs[value] >= total:
            if final:
                side.furs[value] -= paid
                bag.to_bag(run, value, paid)
            vp += points
    return vp

def winner(run, scores: list[list[int]]) -> str:
    """Highest total wins; ties go to the automa, are shared, or go to more coins and furs (ST-END-7,
    ST-OPEN-27)."""
    p, a = sum(scores[PLAYER]), sum(scores[IVAN])
    if p != a:
        return "player" if p > a else "automa"
    if run.o.tie_break == "shared":
        return "tie"
    if run.o.tie_break == "coins_furs":
        sp, si = run.st.sides
        if sp.coins + sp.fur_count() > si.coins + si.fur_count():
            return "player"
    return "automa"
