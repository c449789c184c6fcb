"""Module 4: diplomacy track, donations and winter zone scoring (ST-TK-DIPLO-1..9)."""
from __future__ import annotations

from automa.stroganov import economy, player
from automa.stroganov.hooks import Hooks
from automa.stroganov.state import C_DIPLO, DONATED_TIGER, IVAN, PLAYER


def register(hooks: Hooks) -> None:
    """Diplomacy's hook points (automa/stroganov/hooks.py)."""
    hooks.setup += (setup,)
    hooks.tile_placed += (new_tile,)
    hooks.player_moved += (player_phase,)
    hooks.ivan_moved += (ivan_donate,)
    hooks.winter_scoring += (winter_score,)
    hooks.zones = zones


def setup(run) -> None:
    """One random terrain; a diplomacy tile on each board tile of it; bonus tiles at random on their
    spaces (ST-TK-DIPLO-2)."""
    st, t = run.st, run.t
    st.diplo_terrain = run.rng.randrange(4)
    st.diplo_left = t.diplo_tiles
    bonus = list(range(len(t.diplo_bonus_tiles)))
    run.rng.shuffle(bonus)
    st.diplo_bonus = bonus
    for slot in range(t.n_slots):
        mark(run, slot)


def mark(run, slot: int) -> None:
    """Put a diplomacy tile on a tile of the chosen terrain while any remain (ST-TK-DIPLO-2, ST-TK-DIPLO-7)."""
    st = run.st
    tile = st.tiles[slot]
    if tile >= 0 and st.diplo_left and run.t.tiles[tile].terrain == st.diplo_terrain and not st.diplo[slot]:
        st.diplo[slot] = 1
        st.diplo_left -= 1


def new_tile(run, slot: int) -> None:
    """A tile placed later gets a diplomacy tile too, unless diplomacy_on_new_tiles is off (ST-TK-DIPLO-7,
    ST-OPEN-54)."""
    if run.o.diplomacy_on_new_tiles:
        mark(run, slot)


def advance(pos: int, steps: int, occupied, last: int) -> int:
    """Move a marker: occupied spaces are skipped and not counted; it stops on the furthest free space it
    can reach (ST-TK-DIPLO-4)."""
    while steps > 0:
        q = pos + 1
        while q in occupied:
            q += 1
        if q > last:
            break
        pos = q
        steps -= 1
    return pos


def zones(run) -> tuple:
    """Both sides' zones (player, automa), 1-10 by their markers' track spaces; the start space is zone 0,
    or with diplomacy_start_zone=one part of zone 1 (ST-TK-DIPLO-7, ST-OPEN-54, ST-READ-1). Also the
    view's ``diplo_zones``."""
    per, low = run.t.diplo_per_zone, 0 if run.o.diplomacy_start_zone == "zero" else 1
    player, automa = run.st.sides
    return max(low, -(-player.diplo // per)), max(low, -(-automa.diplo // per))


def zone_scores(zones: list[int]) -> list[int]:
    """Winter VP: own zone minus the zone of the last marker (ST-TK-DIPLO-7)."""
    last = min(zones)
    return [z - last for z in zones]


def donate(run, who: int, slot: int, fur: int, coin: int, tiger: int, steps: int) -> None:
    """Donate onto the tile's right-hand side (``don``, apart from the hunt column, so never hunted) and
    advance, taking bonuses reached or passed (ST-TK-DIPLO-3, ST-TK-DIPLO-5, ST-TK-DIPLO-6, ST-HUNT-7). A
    tiger is a donated "tiger fur" like any other: it lies on the tile, and a buyer pays a fur for it and
    receives it (ST-TK-DIPLO-3, ST-TK-DIPLO-6)."""
    st, t = run.st, run.t
    side = st.sides[who]
    if fur:
        side.furs[fur] -= 1
        st.don[slot] = st.don[slot] + [fur]
    if coin:
        side.coins -= coin
        st.don_coins[slot] += coin
    if tiger:
        side.tigers -= 1
        st.don[slot] = st.don[slot] + [DONATED_TIGER]
    other = st.sides[1 - who].diplo
    old = side.diplo
    side.diplo = advance(old, steps, (other,) if other else (), t.diplo_spaces)
    for i, space in enumerate(t.diplo_bonus_spaces):
        if old < space <= side.diplo:
            bonus = t.diplo_bonus_tiles[st.diplo_bonus[i]]
            if run.trace:
                run.event("diplomacy", action="bonus", who="automa" if who == IVAN else "player", space=space,
                          reward=bonus, rule="ST-TK-DIPLO-5")
            economy.gain_reward(run, who, bonus, C_DIPLO)


def player_phase(run, side, moved: bool) -> bool:
    """A cossack that ends its phase-1 move on a marked tile may donate there, "immediately at the end of
    Phase 1" (line 159); with extras_before_donation extra actions come between the move and the donation
    (ST-TK-DIPLO-3, ST-READ-2). One that could not move (the last slot) donates only with
    donation_without_move=donate, as Ivan does (ST-READ-8). True when the donation was offered."""
    st, slot = run.st, side.pos
    if slot < 0 or not st.diplo[slot] or st.tiles[slot] < 0:
        return False
    if not moved and run.o.donation_without_move == "none":
        return False
    if run.o.extras_before_donation:
        player.extras(run)
    run.choose("donate", player_choices(run, side), _donate)
    return True


def _donate(run, choice) -> None:
    if choice:
        player_donate(run, choice)


def player_choices(run, side) -> list:
    """Donation options on a marked tile: a fur (its value), a tiger or a fur with a coin (value 8)
    (ST-TK-DIPLO-3). A fur of the Salesman's kind is wild, so it too counts 8, and a coin is never spent
    on it (ST-TK-LAND-6)."""
    wild, furs, sales = run.t.diplo_wild, side.furs, side.salesman
    out = [None] + [("fur", v) for v in range(8, 0, -1) if furs[v]]
    if side.tigers:
        out.append(("tiger",))
    if side.coins and any(furs[v] for v in range(1, wild) if v != sales):
        out.append(("coin",))
    return out


def player_donate(run, choice) -> None:
    """The player's donation (:func:`player_choices`): a wild fur (a tiger, the Salesman's kind, or the
    lowest other fur with a coin) is given the value 8 (ST-TK-DIPLO-3, ST-TK-LAND-6)."""
    side, wild = run.st.sides[PLAYER], run.t.diplo_wild
    slot = side.pos
    if choice[0] == "fur":
        v = choice[1]
        donate(run, PLAYER, slot, v, 0, 0, wild if v == side.salesman else v)
    elif choice[0] == "tiger":
        donate(run, PLAYER, slot, 0, 0, 1, wild)
    else:
        low = next(v for v in range(1, 9) if side.furs[v] and v != side.salesman)
        donate(run, PLAYER, slot, low, 1, 0, wild)


def ivan_donate(run, path) -> None:
    """Ivan donates once at the first marked tile he passes or stops on: a bear, a coin (a wild donation,
    8 steps by default), his highest fur, a tiger (ST-TK-DIPLO-8, ST-OPEN-55, ST-OPEN-56). With
    ivan_coin_donation=with_fur the coin goes with his lowest fur, a wild fur of value 8, as the player's
    does (line 165); without a fur to go with it he gives the next item of his list. The solo text
    says he does so "whenever" he passes a marked tile, also when his marker can move no further
    (ST-TK-DIPLO-4); ivan_diplomacy_at_track_end=skip keeps his goods then. A cossack that could not move
    (the last slot) donates only with donation_without_move=donate, at the tile he stands on, as the
    player does (ST-READ-8)."""
    st = run.st
    if not path and run.o.donation_without_move == "donate" and st.sides[IVAN].pos >= 0:
        path = [st.sides[IVAN].pos]
    slot = next((s for s in path if st.diplo[s] and st.tiles[s] >= 0), -1)
    if slot < 0:
        return
    side = st.sides[IVAN]
    other = st.sides[PLAYER].diplo
    occupied = (other,) if other else ()
    if run.o.ivan_diplomacy_at_track_end == "skip" and \
            advance(side.diplo, 1, occupied, run.t.diplo_spaces) == side.diplo:
        if run.trace:
            run.event("automa", action="no_donation", slot=slot, space=side.diplo, rule="ST-TK-DIPLO-4")
        return
    with_fur = run.o.ivan_coin_donation == "with_fur"
    if side.furs[8]:
        fur, coin, tiger, steps = 8, 0, 0, 8
    elif side.coins and not with_fur:
        fur, coin, tiger, steps = 0, 1, 0, run.o.ivan_coin_donation_value
    elif side.coins and any(side.furs[1:8]):
        fur = next(v for v in range(1, 8) if side.furs[v])
        coin, tiger, steps = 1, 0, run.t.diplo_wild
    elif any(side.furs[1:8]):
        fur = max(v for v in range(1, 8) if side.furs[v])
        coin, tiger, steps = 0, 0, fur
    elif side.tigers:
        fur, coin, tiger, steps = 0, 0, 1, run.t.diplo_wild
    else:
        return
    if run.trace:  # steps: the donation's value; moved: the spaces the marker really moves (ST-TK-DIPLO-4)
        to = advance(side.diplo, steps, occupied, run.t.diplo_spaces)
        run.event("automa", action="donate", slot=slot, fur=fur, coin=coin, tiger=tiger, steps=steps,
                  moved=to - side.diplo - sum(side.diplo < o < to for o in occupied), space=to, rule="ST-TK-DIPLO-8")
    donate(run, IVAN, slot, fur, coin, tiger, steps)


def winter_score(run) -> None:
    """Zone scoring after storytelling (ST-TK-DIPLO-7)."""
    sides, now = run.st.sides, list(zones(run))
    vps = zone_scores(now)
    if run.trace:
        run.event("diplomacy", action="zones", zones=now, vp=vps, rule="ST-TK-DIPLO-7")
    for who, vp in enumerate(vps):
        sides[who].vp[C_DIPLO] += vp
