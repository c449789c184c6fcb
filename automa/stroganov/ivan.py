"""The automa's procedures, Ivan or Katyusha: one function per step of his turn (ST-IVAN-TURN-1..7).

Ivan takes no other action and never spends horses (ST-IVAN-RES-1). Furs leave his supply only by the
location-fur payments and claim prices here, diplomacy donations and chipmunk exchanges (modules/) and,
with ivan_wishes=fulfil, wishes handed in at the end (scoring.py, ST-OPEN-42) (ST-IVAN-RES-2).
"""
from __future__ import annotations

from bisect import insort
from functools import partial

from automa.stroganov import economy
from automa.stroganov.economy import Run
from automa.stroganov.state import C_BONUS, IVAN, START


def turn(run: Run) -> None:
    """Ivan's turn in order: draw, move, the ``ivan_moved`` hooks (diplomacy), hunt, claim or village,
    additional action (ST-IVAN-TURN-1..6)."""
    check = run.check
    action_card, move_card = draw(run)
    path = move(run, move_card)
    if run.hooks.ivan_moved:
        for f in run.hooks.ivan_moved:
            f(run, path)
    if check:
        check(run)
    hunt(run, move_card)
    if check:
        check(run)
    claim_or_village(run)
    if check:
        check(run)
    additional_action(run, action_card)


def draw(run: Run):
    """Draw the top card: its action is read now, movement and hunting from the new top card
    (ST-IVAN-DRAW-1, ST-IVAN-DRAW-2)."""
    st, t = run.st, run.t
    action = t.card_by_id[st.deck[st.drawn]]
    st.drawn += 1
    move_card = t.card_by_id[st.deck[st.drawn]] if st.drawn < len(st.deck) else action
    if run.trace:
        run.event("card", action_card=action.id, move_card=move_card.id, action=action.action,
                  move=move_card.move, hunt=("highest" if move_card.highest else "lowest"), count=move_card.count,
                  rule="ST-IVAN-DRAW-1")
    return action, move_card


def move(run: Run, card) -> list[int]:
    """Move east the card's tiles without horses, stopping on the last slot; with ivan_move_overflow=coins
    surplus steps become coins (ST-IVAN-MOVE-1, ST-IVAN-MOVE-2, ST-OPEN-37). Returns the slots entered."""
    st = run.st
    side = st.sides[IVAN]
    last = run.t.n_slots - 1
    target = side.pos + card.move
    new = min(target, last)
    if target > last and run.o.ivan_move_overflow == "coins":
        economy.add_coins(run, IVAN, target - last)
    path = list(range(side.pos + 1, new + 1))
    if new != side.pos:
        side.pos = new
        st.arrivals += 1
        side.arrived = st.arrivals
    if run.trace:
        run.event("automa", action="move", to=new, rule="ST-IVAN-MOVE-1")
    return path


def hunt(run: Run, card) -> None:
    """Hunt the lowest or highest 1 or 2 items of the column, a tiger counting as highest; coins for
    missing furs; an ``ivan_hunt`` hook may hunt instead (ST-IVAN-HUNT-1..5, ST-OPEN-38)."""
    st = run.st
    slot = st.sides[IVAN].pos
    if slot == START:
        return
    if run.hooks.ivan_hunt:
        for f in run.hooks.ivan_hunt:
            if f(run, slot):
                return
    col = st.col[slot] = st.col[slot][:]  # replaced, not changed in place (State)
    tiger = 1 if st.tiger[slot] and run.o.tiger_on_board == "hunt_column" else 0
    items = len(col) + tiger
    n = min(card.count, items)
    taken = []
    for _ in range(n):
        if tiger and (card.highest or not col):
            tiger = 0
            st.tiger[slot] -= 1
            st.sides[IVAN].tigers += 1
            taken.append(0)
        else:
            taken.append(col.pop() if card.highest else col.pop(0))
    missing = card.count - n
    coins = missing if missing and (n == 0 or run.o.ivan_hunt_shortfall == "coins") else 0
    if run.trace:  # before the gains, so that a hard-mode coin (ST-IVAN-DIFF-2) follows the hunt it comes from
        run.event("automa", action="hunt", slot=slot, furs=taken, coins=coins,
                  rule="ST-IVAN-HUNT-3" if n == 0 else "ST-IVAN-HUNT-1")
    for v in taken:
        if v:
            economy.gain_fur(run, IVAN, v, hunted=True, back=partial(insort, col))
    if coins:
        economy.add_coins(run, IVAN, coins)


def claim_or_village(run: Run) -> None:
    """Claim the tile if its hunt column is empty, else visit the region's village, which is not used up;
    no tile: the village (ST-IVAN-STEP3-1..3, ST-VILLAGE-2, ST-OPEN-39)."""
    st, t = run.st, run.t
    side = st.sides[IVAN]
    slot = side.pos
    if slot == START:
        return
    region = t.slot_region[slot]
    if st.tiles[slot] >= 0 and not st.col[slot]:
        price = None
        if run.o.ivan_step3_claim == "base_price":
            price = economy.claim_payment(run, side, slot, per_fur=False)
        if run.o.ivan_step3_claim == "free" or price is not None:
            for payment in price[0] if price else ():
                economy.pay(run, IVAN, payment)
            if run.trace:
                run.event("automa", action="claim", slot=slot, tile=t.tiles[st.tiles[slot]].id, rule="ST-IVAN-STEP3-2")
            economy.take_tile(run, IVAN, slot)
            return
    if st.village[region] >= 0:
        if run.trace:
            run.event("automa", action="village", region=region, rule="ST-IVAN-STEP3-1")
        economy.gain_reward(run, IVAN, t.villages[st.village[region]], C_BONUS)


def _location_payment(run: Run, region: int):
    """The location fur: a real fur of the region's kind (ST-BOARD-3); a tiger only with
    ivan_tiger_location_fur (ST-IVAN-LOCFUR-1, ST-OPEN-48)."""
    return economy.kind_payment(run.st.sides[IVAN], run.st.region_fur[region], coin_ok=False,
                                tiger_ok=run.o.ivan_tiger_location_fur)


def _missing_fur(run: Run, what: str) -> None:
    """The difficulty level's ``missing_fur_coins`` (medium and hard: 1) when the right fur is missing
    (ST-IVAN-DIFF-1; the Turukhan solo rules repeat the difficulty options, ST-TK-DIFF-1)."""
    if run.o.missing_fur_coins:
        economy.add_coins(run, IVAN, run.o.missing_fur_coins)
        if run.trace:
            run.event("automa", action="missing_fur_coin", card_action=what, rule="ST-IVAN-DIFF-1")
    else:
        if run.trace:
            run.event("automa", action="fails", card_action=what, reason="no_fur", rule="ST-IVAN-ACT-1")


def _missing_item(run: Run, what: str) -> None:
    """No yurt, wish or tile to take: nothing, or with ivan_missing_item_coin the level's missing-fur coins
    (medium/hard: 1) (ST-IVAN-ACT-1, ST-OPEN-47)."""
    coin = run.o.ivan_missing_item_coin and run.o.missing_fur_coins
    if coin:
        economy.add_coins(run, IVAN, coin)
    if run.trace:
        run.event("automa", action="missing_item_coin" if coin else "fails", card_action=what, reason="no_item",
                  rule="ST-OPEN-47" if coin else "ST-IVAN-ACT-1")


def regions(run: Run, card) -> list[int]:
    """Where the action is tried: the cossack's region, or for far-east cards with
    ivan_far_east=easternmost_own_location also outpost regions, east first (ST-IVAN-FAREAST-1, ST-OPEN-41)."""
    side = run.st.sides[IVAN]
    here = run.t.slot_region[side.pos]
    if card.far_east and run.o.ivan_far_east == "easternmost_own_location":
        return sorted({here} | {r for r, n in enumerate(side.outposts) if n}, reverse=True)
    return [here]


def additional_action(run: Run, card) -> None:
    """The drawn card's additional action, if possible (ST-IVAN-ACT-1..6)."""
    if run.st.sides[IVAN].pos == START:
        return
    action = card.action
    if action == "trophy":
        economy.trophy(run, IVAN)
    elif action == "outpost":
        outpost(run, card)
    elif action == "yurt":
        yurt(run, card)
    elif action == "tsar-wish":
        wish(run, card)
    else:
        full_cost_claim(run, card)


def outpost(run: Run, card) -> None:
    """Pay the location fur; build in the cossack's region if possible, else take a new outpost from the
    reserve; nothing when all are built (ST-IVAN-ACT-2, ST-OPEN-46). With the far-east flag a region whose
    fur he lacks is passed over for the next one (ST-IVAN-FAREAST-1); only if none can be paid does the
    missing fur count (ST-IVAN-DIFF-1)."""
    side = run.st.sides[IVAN]
    lacking = False
    for region in regions(run, card):
        build = side.outpost_supply > 0 and side.outposts[region] < run.t.outpost_region_limit
        if not build and not side.outpost_reserve:
            continue
        payment = _location_payment(run, region)
        pays = build or run.o.ivan_outpost_take_pays_fur
        if pays and payment is None:
            lacking = True
            continue
        if pays:
            economy.pay(run, IVAN, payment)
        if build:
            side.outpost_supply -= 1
            side.outposts[region] += 1
        else:
            side.outpost_reserve -= 1
            side.outpost_supply += 1
        if run.trace:
            run.event("automa", action="outpost", region=region, built=build, rule="ST-IVAN-ACT-2")
        return
    if lacking:
        return _missing_fur(run, "outpost")
    if run.trace:
        run.event("automa", action="fails", card_action="outpost", reason="no_outpost", rule="ST-IVAN-ACT-2")


def _pay_first(run: Run, places: list[int]) -> int:
    """Pay the location fur of the first of ``places`` Ivan can pay for and return that region,
    or -1 when he can pay for none (ST-IVAN-LOCFUR-1)."""
    for region in places:
        payment = _location_payment(run, region)
        if payment is not None:
            economy.pay(run, IVAN, payment)
            return region
    return -1


def yurt(run: Run, card) -> None:
    """Pay the location fur and use the region's yurt, which is used up for the year (ST-IVAN-ACT-4)."""
    st = run.st
    places = [r for r in regions(run, card) if st.yurt[r] >= 0]
    if not places:
        return _missing_item(run, "yurt")
    region = _pay_first(run, places)
    if region < 0:
        return _missing_fur(run, "yurt")
    y = st.yurt[region]
    st.yurt[region] = -1
    st.used_yurts.append(y)
    if run.trace:
        run.event("automa", action="yurt", region=region, yurt=y, rule="ST-IVAN-ACT-4")
    economy.gain_reward(run, IVAN, run.t.yurts[y], C_BONUS)


def wish(run: Run, card) -> None:
    """Pay the location fur and take the region's Tsar's Wish (ST-IVAN-ACT-5)."""
    st = run.st
    places = [r for r in regions(run, card) if st.wish[r] >= 0]
    if not places:
        return _missing_item(run, "tsar-wish")
    region = _pay_first(run, places)
    if region < 0:
        return _missing_fur(run, "tsar-wish")
    side = st.sides[IVAN]
    side.wishes = side.wishes + [st.wish[region]]
    if run.trace:
        run.event("automa", action="wish", region=region, wish=st.wish[region], rule="ST-IVAN-ACT-5")
    st.wish[region] = -1


def full_cost_claim(run: Run, card) -> None:
    """Claim a tile paying the player's price with his lowest eligible furs, ignoring donations; or only
    the base fur with ivan_full_cost_claim=base_fur_only (ST-IVAN-ACT-6, ST-OPEN-40). Lacking the furs is
    a missing fur (the medium coin, ST-IVAN-DIFF-1); no tile to claim is a missing item, like an absent
    yurt or wish (nothing, or 1 coin with ivan_missing_item_coin; ST-IVAN-ACT-1, ST-OPEN-47)."""
    st, t = run.st, run.t
    side = st.sides[IVAN]
    slots = [s for r in regions(run, card) for s in (reversed(t.region_slots[r]) if r != t.slot_region[side.pos]
                                                     else (side.pos,)) if st.tiles[s] >= 0]
    if not slots:  # no tile (his step-3 claim took it): a missing item, not a missing fur (ST-OPEN-47)
        return _missing_item(run, "claim")
    for slot in slots:
        price = economy.claim_payment(run, side, slot, per_fur=run.o.ivan_full_cost_claim == "player_price",
                                      donations=False)
        if price is None:
            continue
        base, rest = price
        for payment in base:
            economy.pay(run, IVAN, payment)
        for v in rest:
            economy.spend_furs(run, IVAN, v)
        if run.trace:
            run.event("automa", action="claim_full", slot=slot, paid=len(rest) + len(base), rule="ST-IVAN-ACT-6")
        economy.take_tile(run, IVAN, slot)
        return
    _missing_fur(run, "claim")
