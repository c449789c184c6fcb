"""Module 3: new landscape tiles, A characters and Б sacred places (ST-TK-LAND-1..8)."""
from __future__ import annotations

from automa.stroganov import bag, economy
from automa.stroganov.hooks import Hooks
from automa.stroganov.setup import fill_slot
from automa.stroganov.state import C_BONUS, C_LAND, IVAN, PLAYER


def register(hooks: Hooks) -> None:
    """The landscapes' hook points (automa/stroganov/hooks.py)."""
    hooks.setup_tiles += (setup,)
    hooks.tiger_slot = tiger_slot
    hooks.summer_start += (summer,)
    hooks.refill_start += (year2_swap,)
    hooks.refill_tile = refill_tile
    hooks.row_slots = row_slots
    hooks.tile_taken += (claimed,)
    hooks.end_rates = end_rates


def special_slots(run) -> tuple[int, ...]:
    """The last slot of each special region (regions 4 and 5) (ST-TK-LAND-1)."""
    return run.t.special_slots


def is_special(run, tile: int) -> bool:
    return run.t.tiles[tile].terrain >= 4


def setup(run) -> tuple[int, ...]:
    """Two random A-tiles in the special slots; the other A-tiles on top of the shuffled Б pile
    (ST-TK-LAND-1). Returns the special slots, which the base game's deal passes over."""
    st, rng = run.st, run.rng
    a = list(run.t.a_tiles)
    b = list(run.t.b_tiles)
    rng.shuffle(a)
    rng.shuffle(b)
    for slot in special_slots(run):
        st.tiles[slot] = a.pop() if a else (b.pop() if b else -1)
    st.special_pile = b + a  # popped from the end: the A-tiles first
    return special_slots(run)


def tiger_slot(run) -> int:
    """The rightmost regular tile of the last region, -1 if none (ST-TK-LAND-1, ST-TK-LAND-4)."""
    st = run.st
    for slot in reversed(run.t.region_slots[-1]):
        if st.tiles[slot] >= 0 and not is_special(run, st.tiles[slot]):
            return slot
    return -1


def refill_tile(run, slot: int) -> int:
    """Special slots take special tiles while any remain, then regular ones (ST-TK-LAND-2)."""
    st = run.st
    if slot in special_slots(run) and st.special_pile:
        return st.special_pile.pop()
    return st.tile_pile.pop() if st.tile_pile else -1


def row_slots(run) -> tuple[int, ...]:
    """When the row shifts (claimed_slot=close_up, winter_refill=shift_east) the special slots keep their
    special tiles ("always use special tiles to refill the rightmost spaces in zones four and five", line
    117; ST-TK-LAND-2, ST-READ-6)."""
    return run.t.plain_slots


def claimed(run, who: int, tile: int) -> None:
    """A claimed special tile takes effect (:func:`acquire`)."""
    if is_special(run, tile):
        acquire(run, who, tile)


def acquire(run, who: int, tile: int) -> None:
    """Effects of gaining a special tile: Ivan scores 4 VP for an A-tile (ST-TK-LAND-7) and uses a
    Б-tile for a banner (ST-TK-LAND-8); the player gains the character's power (ST-TK-LAND-6)."""
    name = run.t.tiles[tile].id
    side = run.st.sides[who]
    if tile in run.t.a_tiles:
        if who == IVAN:
            side.vp[C_LAND] += run.t.a_tile_ivan_vp
            if run.trace:
                run.event("automa", action="a_tile", tile=name, vp=run.t.a_tile_ivan_vp, rule="ST-TK-LAND-7")
        elif name == "salesman":
            _salesman_fur(run)
        else:
            setattr(side, {"guide": "guide", "huntsman": "huntsman", "horse_breeder": "breeder"}[name], True)
        return
    if name == "settlement_of_yurts":
        _choose_settlement_yurt(run, who)
    use_b_tile(run, who, tile)


def _salesman_fur(run) -> None:
    """The Salesman: "take 2, pick 1 as usual" (line 125): the player keeps one of two furs from the bag on
    the tile, the other goes back, and the kept kind is wild for the player (ST-TK-LAND-6, ST-FUR-3)."""
    a, b = bag.draw(run), bag.draw(run)
    if not a or not b or a == b:  # a bag short of two furs, or nothing to choose
        if a and b:
            bag.to_bag(run, b)
        run.st.sides[PLAYER].salesman = a or b
        return
    hi, lo = max(a, b), min(a, b)
    run.choose("salesman_fur", (hi, lo), lambda r, c: (bag.to_bag(r, lo if c == hi else hi),
                                                       setattr(r.st.sides[PLAYER], "salesman", c)))


def _choose_settlement_yurt(run, who: int) -> None:
    """Settlement of yurts holds a chosen A-yurt; Ivan picks the one giving 5 story points (ST-TK-LAND-8)."""
    t = run.t
    if who == IVAN:
        five = [y for y in t.yurts_a if ("story", 5) in t.yurts[y][0]]
        return _place_settlement_yurt(run, who, five[0] if five else t.yurts_a[0])
    run.choose("settlement_yurt", t.yurts_a, lambda r, c: _place_settlement_yurt(r, who, c))


def _place_settlement_yurt(run, who: int, y: int) -> None:
    """Line 135: "choose any yurt marked A and place it on this tile": the yurt is taken from wherever it is,
    the yurt pile, a region (which has no yurt until the winter refill) or the used yurts, so it is never in
    two places (ST-TK-LAND-6, ST-YURT-2)."""
    st = run.st
    st.sides[who].settlement_yurt = y
    if y in st.yurt_pile:
        st.yurt_pile = [x for x in st.yurt_pile if x != y]  # the pile is shared by copies: replaced (State)
    elif y in st.used_yurts:
        st.used_yurts.remove(y)
    elif y in st.yurt:
        st.yurt[st.yurt.index(y)] = -1


def use_b_tile(run, who: int, tile: int) -> None:
    """Spend 1 banner for a Б-tile's benefit: Ivan whenever he can, the player by choice (ST-TK-LAND-6, -8,
    ST-BANNER-3)."""
    side = run.st.sides[who]
    if not side.banners:
        return
    if who == IVAN:
        if run.trace:
            run.event("automa", action="b_tile", tile=run.t.tiles[tile].id, rule="ST-TK-LAND-8")
        _b_benefit(run, who, tile)
    else:
        run.offer = tile  # View.offer
        run.choose("b_tile", (True, False), lambda r, c: _b_benefit(r, who, tile) if c else None)


def _b_benefit(run, who: int, tile: int) -> None:
    side = run.st.sides[who]
    side.banners -= 1
    run.st.banners_left += 1
    name = run.t.tiles[tile].id
    if name == "primordial_forest":
        economy.apply_bundle(run, who, (("furs_from_bag", 2),), C_BONUS)
    elif name == "silver_mine":
        economy.add_coins(run, who, 2)
    elif name == "tiger_rock":
        economy.apply_bundle(run, who, (("tiger", 1),), C_BONUS)
    elif side.settlement_yurt >= 0:
        economy.gain_reward(run, who, run.t.yurts[side.settlement_yurt], C_BONUS)


def summer(run) -> None:
    """At the start of summer each side may use its Б-tiles, oldest first (ST-TK-LAND-6, ST-TK-LAND-8)."""
    for who in run.st.order:
        for tile in [x for x in run.st.sides[who].tiles if x in run.t.b_tiles]:
            use_b_tile(run, who, tile)


def b_names(run, side) -> set:
    """Names of the Б-tiles a side owns (for the upgraded end ratios, ST-TK-LAND-6)."""
    return {run.t.tiles[x].id for x in side.tiles if x in run.t.b_tiles}


def end_rates(run, side) -> tuple[int, int, int, int] | None:
    """Б-tiles upgrade the end ratios: a fur, a coin or two story per VP, 3 VP per tiger; 0 where the
    printed ratio holds, None without a Б-tile (ST-TK-LAND-6). With ivan_end_scoring=limited Ivan still
    "scores the items depicted on the acquired Б-tiles in the upgraded ratio" (line 223, ST-TK-LAND-8): the
    furs, coins, tigers or story of each Б-tile he owns."""
    b = b_names(run, side)
    if not b:
        return None
    return (1 if "primordial_forest" in b else 0, 1 if "silver_mine" in b else 0, 3 if "tiger_rock" in b else 0,
            2 if "settlement_of_yurts" in b else 0)


def year2_swap(run) -> None:
    """End of year 2: A-tiles leave; those on the board become Б-tiles with fresh furs; owned A-tiles stay
    unless owned_a_tiles_year2=removed (ST-TK-LAND-3, ST-OPEN-52)."""
    st, t = run.st, run.t
    if st.year != 2:
        return
    st.special_pile = [x for x in st.special_pile if x not in t.a_tiles]
    for slot, tile in enumerate(st.tiles):
        if tile in t.a_tiles:
            economy.return_furs(run, st.col[slot] + st.don[slot])
            st.col[slot], st.don[slot], st.don_coins[slot] = [], [], 0
            st.tiles[slot] = st.special_pile.pop() if st.special_pile else (st.tile_pile.pop() if st.tile_pile else -1)
            if st.tiles[slot] >= 0:
                fill_slot(run, slot)
    if run.o.owned_a_tiles_year2 == "removed":
        for who in (PLAYER, IVAN):
            side = st.sides[who]
            side.tiles = [x for x in side.tiles if x not in t.a_tiles]
            if side.salesman:
                bag.to_bag(run, side.salesman)
            side.salesman, side.guide, side.huntsman, side.breeder = 0, False, False, False
