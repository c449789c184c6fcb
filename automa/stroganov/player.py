"""The player's turn: legal choices of each phase and how each choice is applied (ST-TURN-1..8)."""
from __future__ import annotations

from automa.stroganov import economy
from automa.stroganov.economy import Run
from automa.stroganov.state import C_BONUS, C_WISH, PLAYER, START


def turn(run: Run) -> None:
    """Move, the ``player_moved`` hooks (diplomacy's donation), basic action, free main action, paid main
    action, with extra actions interleaved: before the move, before each later phase and at the end
    (ST-TURN-1..5, ST-TURN-7, ST-TURN-8, ST-WISH-3)."""
    st = run.st
    side = st.sides[PLAYER]
    check = run.check  # invariant tests only: after every phase
    extras(run)
    choices = move_choices(run, side)
    if choices:
        run.choose("move", choices, move)
    if check:
        check(run)
    if run.hooks.player_moved:
        for f in run.hooks.player_moved:
            if f(run, side, bool(choices)) and check:
                check(run)
    extras(run)
    run.choose("basic", [None] + actions(run, side, True), act)
    if check:
        check(run)
    extras(run)
    run.choose("main", [None] + actions(run, side, False), act)
    if check:
        check(run)
    extras(run)
    run.choose("paid", [None] + paid_actions(run, side), paid_act)
    if check:
        check(run)
    extras(run)


# --- phase 1 --------------------------------------------------------------------------------------

def move_choices(run: Run, side) -> list[int]:
    """Move 1-2 tiles east, further tiles paid with horses, never past the east end (ST-MOVE-1, ST-MOVE-2,
    ST-MOVE-4)."""
    horses, t = side.horses, run.t
    return [steps for steps, cost in enumerate(t.move_costs[:t.n_slots - 1 - side.pos], 1) if cost <= horses]


def move(run: Run, steps: int) -> None:
    t = run.t
    side = run.st.sides[PLAYER]
    extra = max(0, steps - t.mandatory_max)
    side.horses -= t.move_costs[steps - 1]
    side.pos += steps
    run.st.arrivals += 1
    side.arrived = run.st.arrivals
    if extra and run.o.story_from_extra_moves:
        economy.gain_story(run, PLAYER, extra)


# --- actions --------------------------------------------------------------------------------------

COIN, HORSES = ("coin",), ("horses",)
_MOVES: dict = {}  # (n_slots, steps, exact, pos) -> the move actions from pos
_HUNTS: dict = {}  # (slot, items, max skip, max extra) -> the hunt actions on a tile
_TRADES: dict = {}  # furs of the trade value held -> the trade actions


def locations(run: Run, side) -> list[int]:
    """Regions where the player may act: the cossack's and those with an own outpost (ST-TURN-6, ST-OUTPOST-4)."""
    here = run.t.slot_region[side.pos] if side.pos >= 0 else -1
    outposts = side.outposts
    if not any(outposts):
        return [here] if here >= 0 else []
    return [r for r in range(run.t.n_regions) if r == here or outposts[r]]


def _moves(t, o, pos: int) -> tuple:
    """The basic move action: up to (or exactly) the move steps east or west, within the row (ST-MOVE-3,
    ST-MOVE-4, ST-OPEN-13)."""
    key = (t.n_slots, t.basic_move_steps, o.basic_move_exact, pos)
    moves = _MOVES.get(key)
    if moves is None:
        steps = t.basic_move_steps
        moves = _MOVES[key] = tuple(("move", d) for d in ((-steps, steps) if o.basic_move_exact
                                                           else range(-steps, steps + 1))
                                    if d and 0 <= pos + d < t.n_slots)
    return moves


def actions(run: Run, side, basic_only: bool, region: int = -2) -> list:
    """Legal basic actions (ST-BASIC-1..2, ST-MOVE-3, ST-HUNT-1..6, ST-TRADE-2) and, unless ``basic_only``,
    advanced actions (ST-ADV-1, ST-VILLAGE-1, ST-YURT-1, ST-WISH-2, ST-OUTPOST-2..3, ST-CLAIM-1) and those of
    the ``actions`` hook."""
    st, t, o = run.st, run.t, run.o
    pos = side.pos
    if pos == START:
        return [COIN, HORSES] if region == -2 or region == -1 else []
    here = t.slot_region[pos]
    local = region == -2 or region == here  # actions at the cossack's own region
    if local:
        out = [COIN, HORSES]
        out += _moves(t, o, pos)
    else:
        out = []
    listed = o.actions_at_outposts == "listed"
    regions = None if basic_only and listed else locations(run, side) if region == -2 else (region,)
    if listed:
        slots = (pos,) if local else ()
    else:
        slots = sorted(({pos} if local else set()) | {s for r in regions for s in t.region_slots[r]})
    for slot in slots:
        out += hunt_choices(run, side, slot)
    tf = st.trade_fur
    if local and tf:
        n = side.furs[tf]
        if n:
            if o.trade_action == "coin_per_fur":
                trades = _TRADES.get(n)
                if trades is None:
                    trades = _TRADES[n] = tuple(("trade", k) for k in range(1, n + 1))
                out += trades
            else:
                out.append(("trade", 1))
    if basic_only:
        return out
    village, yurt, wish = st.village, st.yurt, st.wish
    for r in regions:
        if village[r] >= 0:
            out.append(("village", r))
        if yurt[r] >= 0:
            out.append(("yurt", r))
        if wish[r] >= 0:
            out.append(("wish", r))
    if local and ((side.outpost_supply and side.outposts[here] < t.outpost_region_limit) or
                  (not side.outpost_supply and side.outpost_reserve)):
        out.append(("outpost",))
    tiles = st.tiles
    for slot in slots:
        if tiles[slot] >= 0 and economy.can_claim(run, side, slot):
            out.append(("claim", slot))
    if run.hooks.actions:
        for a in run.hooks.actions:
            out += a.choices(run, side, regions)
    return out


def hunt_choices(run: Run, side, slot: int) -> tuple:
    """Hunts on a tile: skip k lowest items for horses, take n items for n-1 coins; a tiger is the top item
    (ST-HUNT-2..5, ST-OPEN-14, ST-OPEN-15)."""
    st, t = run.st, run.t
    items = len(st.col[slot]) + (1 if st.tiger[slot] and run.o.tiger_on_board == "hunt_column" else 0)
    if not items:
        return ()
    skips = items - 1 if not t.skip_cost else min(items - 1, side.horses // t.skip_cost)
    extras = items - 1 if not t.extra_fur_cost else min(items - 1, side.coins // t.extra_fur_cost)
    if t.max_extra >= 0:
        extras = min(extras, t.max_extra)
    key = (slot, items, skips, extras)
    out = _HUNTS.get(key)
    if out is None:
        out = _HUNTS[key] = tuple(("hunt", slot, skip, count) for skip in range(skips + 1)
                                  for count in range(1, min(items - skip, extras + 1) + 1))
    return out


def region_of(run: Run, side, action) -> int:
    """The region where an action is performed (for the paid action's region fur, ST-TURN-5)."""
    kind = action[0]
    if kind in ("hunt", "claim"):
        return run.t.slot_region[action[1]]
    if kind in ("village", "yurt", "wish"):
        return action[1]
    if run.hooks.actions:
        for a in run.hooks.actions:
            if a.kind == kind:
                return a.region(run, action)
    return run.t.slot_region[side.pos] if side.pos >= 0 else -1


BASIC = frozenset(("coin", "horses", "move", "hunt", "trade"))  # the basic actions' kinds (ST-BASIC-1)


def paid_actions(run: Run, side) -> list:
    """Second main action, paid with one region fur of the region where it is performed; the Guide pays
    any fur, with guide_any_fur=advanced_only for an advanced action only (ST-TURN-5, ST-TK-LAND-6,
    ST-READ-4)."""
    out = []
    strict = side.guide and run.o.guide_any_fur == "advanced_only"
    for r in locations(run, side):
        acts = _paid_in(run, side, r, side.guide, False)
        if strict:  # the basic actions pay the region fur
            acts = [a for a in acts if a[0] not in BASIC] + _paid_in(run, side, r, False, True)
        out += acts
    return out


def _paid_in(run: Run, side, region: int, any_fur: bool, basic_only: bool) -> list:
    """The actions performed in ``region`` that the supply left after paying its fur allows."""
    payment = economy.kind_payment(side, run.st.region_fur[region], any_fur=any_fur)
    if payment is None:
        return []
    economy.charge(side, payment)  # what remains after paying; undone below
    try:
        return actions(run, side, basic_only, region)  # all performed in the region (see region_of)
    finally:
        economy.uncharge(side, payment)


def paid_act(run: Run, action) -> None:
    if action is None:
        return
    side = run.st.sides[PLAYER]
    r = region_of(run, side, action)
    any_fur = side.guide and (action[0] not in BASIC or run.o.guide_any_fur == "paid_action")
    economy.pay(run, PLAYER, economy.kind_payment(side, run.st.region_fur[r], any_fur=any_fur))
    act(run, action)


def act(run: Run, action) -> None:
    """Apply one basic or advanced action; a visited village is not used up (ST-VILLAGE-2)."""
    if action is None:
        return
    st, t = run.st, run.t
    side = st.sides[PLAYER]
    kind = action[0]
    if kind == "coin":
        economy.add_coins(run, PLAYER, t.coin_gain)
    elif kind == "horses":
        economy.add_horses(run, PLAYER, t.horses_gain)
    elif kind == "move":
        side.pos += action[1]
        st.arrivals += 1
        side.arrived = st.arrivals
    elif kind == "hunt":
        hunt(run, *action[1:])
    elif kind == "trade":
        trade(run, action[1])
    elif kind == "village":
        economy.gain_reward(run, PLAYER, t.villages[st.village[action[1]]], C_BONUS)
    elif kind == "yurt":
        y = st.yurt[action[1]]
        st.yurt[action[1]] = -1
        st.used_yurts.append(y)
        economy.gain_reward(run, PLAYER, t.yurts[y], C_BONUS)
    elif kind == "wish":
        side.wishes = side.wishes + [st.wish[action[1]]]
        st.wish[action[1]] = -1
    elif kind == "outpost":
        here = t.slot_region[side.pos]
        if side.outpost_supply and side.outposts[here] < t.outpost_region_limit:
            side.outpost_supply -= 1
            side.outposts[here] += 1
        else:
            side.outpost_reserve -= 1
            side.outpost_supply += 1
    elif kind == "claim":
        base, rest = economy.claim_payment(run, side, action[1])
        for payment in base:
            economy.pay(run, PLAYER, payment)
        for v in rest:
            economy.spend_furs(run, PLAYER, v)
        economy.take_tile(run, PLAYER, action[1])
    else:
        for a in run.hooks.actions:
            if a.kind == kind:
                a.apply(run, action)


def hunt(run: Run, slot: int, skip: int, count: int) -> None:
    """Hunt: pay horses for skipped items and coins for extra furs; the hunted furs go to the
    ``player_hunt`` hooks (the plan), then into the supply (ST-HUNT-1..5)."""
    st, t = run.st, run.t
    side = st.sides[PLAYER]
    side.horses -= skip * t.skip_cost
    side.coins -= (count - 1) * t.extra_fur_cost
    col = st.col[slot]
    taken = col[skip:skip + count]
    st.col[slot] = col[:skip] + col[skip + count:]
    if count > len(taken):
        st.tiger[slot] -= 1
        side.tigers += 1
    if run.hooks.player_hunt:
        for f in run.hooks.player_hunt:
            f(run, PLAYER, taken)
    for v in taken:
        economy.gain_fur(run, PLAYER, v, hunted=True)


def trade(run: Run, n: int) -> None:
    """Trade action: furs of the trade-space value for coins (ST-TRADE-2, ST-OPEN-11)."""
    economy.spend_furs(run, PLAYER, run.st.trade_fur, n)
    economy.add_coins(run, PLAYER, n if run.o.trade_action == "coin_per_fur" else 2)


# --- extra actions --------------------------------------------------------------------------------

def extras(run: Run) -> None:
    """Extra actions, any number, until the player is done: fulfil a wish, buy or trade a market fur
    (ST-TURN-7, ST-WISH-3, ST-MARKET-2, ST-MARKET-3)."""
    side, t = run.st.sides[PLAYER], run.t
    while True:
        furs = sum(side.furs)
        if (furs < t.trade_give and furs + side.tigers + side.plan_pos < t.least_wish
                and side.horses < (3 if side.breeder else t.buy_horses)):
            return  # none of extra_choices' conditions can hold: passing is the only choice
        choices = extra_choices(run, side)
        if len(choices) == 1 or run.choose("extra", choices, extra) is None:
            return


def extra_choices(run: Run, side) -> list:
    """Pass, fulfil a wish the supply can pay, buy or trade for a market fur (one entry per fur value)."""
    t = run.t
    out = [None]
    furs = sum(side.furs)
    if side.wishes:
        have, cards = furs + side.tigers + side.plan_pos, t.wishes  # a wish needs at least its fur count
        for w in side.wishes:
            if cards[w][1] <= have and wish_payment(run, side, w) is not None:
                out.append(("fulfil", w))
    buy = side.horses >= (3 if side.breeder else t.buy_horses)
    trade = furs >= t.trade_give and run.o.market_trade == "two_for_one"
    if (buy or trade) and run.st.market:
        market = sorted(set(run.st.market), reverse=True)
        if buy:
            out += [("buy", v) for v in market]
        if trade:
            out += [("mtrade", v) for v in market]
    return out


def extra(run: Run, choice) -> None:
    if choice is None:
        return
    st, t = run.st, run.t
    side = st.sides[PLAYER]
    kind, arg = choice
    if kind == "fulfil":
        fulfil(run, arg)
        return
    if kind == "buy":
        side.horses -= 3 if side.breeder else t.buy_horses
    else:
        for v in economy.lowest_furs(side, t.trade_give):
            side.furs[v] -= 1
            st.market.append(v)
    st.market.remove(arg)
    economy.gain_fur(run, PLAYER, arg)


def wish_payment(run: Run, side, w: int):
    """How a wish is fulfilled: plan steps (the ``wish_steps`` hook), real furs, Salesman furs, tigers and
    fur+coin wilds, cheapest first (ST-WISH-3, ST-FUR-4, ST-FUR-5). Returns (steps, real, sales, tigers,
    coin furs)."""
    value, total, paid = run.t.wishes[w][:3]
    furs = side.furs
    if sum(furs) + side.tigers + side.plan_pos < total:
        return None
    real = furs[value]
    plan = run.hooks.wish_steps
    steps = plan(side.plan_pos, total, paid, real) if plan else 0
    rest = total - steps
    use_real = min(real, rest)
    rest -= use_real
    sales = min(furs[side.salesman], rest) if side.salesman and side.salesman != value else 0
    rest -= sales
    tigers = min(side.tigers, rest)
    rest -= tigers
    if rest > side.coins:
        return None
    if not rest:
        return steps, use_real, sales, tigers, ()
    others = []  # the lowest other furs, each with a coin
    for v in range(1, 9):
        if v != value and v != side.salesman and furs[v]:
            others += [v] * min(furs[v], rest - len(others))
            if len(others) == rest:
                return steps, use_real, sales, tigers, tuple(others)
    return None


def fulfil(run: Run, w: int) -> None:
    """Fulfil a wish: show the furs, hand in the red-framed part, gain its reward; VP at the end
    (ST-WISH-3, ST-WISH-4, ST-TK-PLAN-4)."""
    side = run.st.sides[PLAYER]
    value, total, paid, _, reward = run.t.wishes[w]
    steps, real, sales, tigers, coin_furs = wish_payment(run, side, w)
    side.plan_pos -= steps
    side.coins -= len(coin_furs)
    hand = paid
    for v, n in ((value, real), (side.salesman, sales)):
        k = min(hand, n)
        if k:
            economy.spend_furs(run, PLAYER, v, k)
            hand -= k
    k = min(hand, tigers)
    side.tigers -= k
    run.st.tigers_left += k
    hand -= k
    for v in coin_furs[:hand]:
        economy.spend_furs(run, PLAYER, v)
    i = side.wishes.index(w)
    side.wishes = side.wishes[:i] + side.wishes[i + 1:]
    side.fulfilled = side.fulfilled + [w]
    economy.gain_reward(run, PLAYER, reward, C_WISH)
