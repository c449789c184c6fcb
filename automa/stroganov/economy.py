"""The per-game runtime (state, tables, options, hooks, streams, strategy, trace) and the shared economy:
fur gains and payments, rewards, story, songs and trophies, used by both sides."""
from __future__ import annotations

import random
from functools import partial

from automa.stroganov.bag import draw, to_bag
from automa.stroganov.state import C_BONUS, C_SONGS, C_SONGS_AT_END, C_TROPHY, DONATED_TIGER, IVAN, PLAYER
from automa.stroganov.view import View
from automa.core.strategy import Decision, ask
from automa.stroganov.hidden import resample


class Run:
    """One game in progress. ``strategy`` is None inside a lookahead copy (defaults apply). ``look_rng`` is
    the lookahead stream, held as its seed until the first lookahead. ``hooks`` are the options' hooks: what
    the modules in play registered (automa/stroganov/hooks.py)."""

    __slots__ = ("st", "t", "o", "hooks", "rng", "arng", "strategy", "trace", "look_rng",
                 "turns", "view", "check", "recorder", "branch", "offer")

    def __init__(self, st, tables, opts, rng, arng, strategy, trace, look_rng):
        self.st, self.t, self.o, self.hooks = st, tables, opts, opts.hooks
        self.rng, self.arng, self.strategy, self.trace, self.look_rng = rng, arng, strategy, trace, look_rng
        self.turns = 0
        self.view = None  # one live read-only view per game, made at the first real decision
        self.check = None  # invariant tests: called after every step of a turn (see rounds.play_game)
        self.recorder = None  # a search strategy's game: choices recorded for rollouts (automa.core.rollout)
        self.branch = None  # a rollout replaying those choices up to its branch point

    def choose(self, kind: str, choices, apply):
        """Ask the strategy (only with >= 2 choices), apply the choice, and return it. A search
        strategy's choices are recorded and its decisions offer rollouts; a rollout replays them up to
        its branch point, re-samples what is hidden there and hands over to its policy (docs/search.md)."""
        if len(choices) == 1:
            choice = choices[0]
        elif self.strategy is None:
            choice = choices[0]
        elif self.branch is not None:
            b = self.branch
            choice, branch_point = b.take(kind, choices)
            if branch_point:
                self.branch, self.strategy, self.view = None, b.policy, None
                resample(self, b.rng)
        else:
            view = self.view
            if view is None:
                view = self.view = View(self)
            rec = self.recorder
            choice = ask(self.strategy, Decision(kind, view, choices, partial(self.lookahead, apply),
                                                 rec and rec.rollout))
            if rec is not None:
                rec.choices.append(choice)
            if self.trace:
                self.trace.event("decision", decision=kind, choice=plain(choice), options=len(choices))
        apply(self, choice)
        return choice

    def lookahead(self, apply, choice) -> View:
        """The view after ``choice`` is applied to a copy (own stream; nested choices take defaults). A pass
        (``None``, which every apply function ignores) changes nothing: its view is the live one, uncopied."""
        if choice is None:
            return self.view
        rng = self.look_rng
        if type(rng) is int:  # its seed until the first lookahead (random players never pay for it)
            rng = self.look_rng = random.Random(rng)
        run = Run(self.st.copy(), self.t, self.o, rng, rng, None, None, rng)
        run.turns = self.turns  # the once-per-turn song reward counts this turn's (ST-SONG-4)
        apply(run, choice)
        return View(run)

    def event(self, kind: str, **fields) -> None:
        if self.trace:
            self.trace.event(kind, **fields)


def plain(choice):
    """A JSON-friendly form of a choice."""
    if isinstance(choice, tuple):
        return [plain(c) for c in choice]
    return choice


# --- furs -----------------------------------------------------------------------------------------

def gain_fur(run: Run, who: int, value: int, hunted: bool = False, back=None) -> None:
    """A fur enters a supply; Ivan's hard rule triggers here (ST-IVAN-DIFF-2): with a difficulty level's
    ``trade_fur_coins`` (hard: 1) he gains those coins instead and
    the fur goes to the bag, or with hard_coin_fur=stays it is ``back``'d where it came from, a hunt column
    or the market (ST-READ-7); a fur with nowhere to stay (a claimed tile's, one drawn from the bag) goes to
    the bag. A chipmunk of Ivan's is handed to the ``ivan_chipmunk`` hooks."""
    if who == IVAN and run.o.trade_fur_coins and value == run.st.trade_fur \
            and (hunted or run.o.hard_coin_scope == "every_gain"):
        stays = back is not None and run.o.hard_coin_fur == "stays"
        if stays:
            back(value)
        else:
            to_bag(run, value)
        coins = run.o.trade_fur_coins
        add_coins(run, IVAN, coins)
        if run.trace:
            if stays:
                run.event("automa", action="hard_coin", fur=value, coins=coins, stays=True, rule="ST-READ-7")
            else:
                run.event("automa", action="hard_coin", fur=value, coins=coins, rule="ST-IVAN-DIFF-2")
        return
    side = run.st.sides[who]
    side.furs[value] += 1
    if value == 1 and who == IVAN:
        if run.hooks.ivan_chipmunk:
            for f in run.hooks.ivan_chipmunk:
                f(run)


def return_furs(run: Run, values) -> None:
    """Furs leaving the board go back into the bag, a donated tiger to the tiger supply (ST-FUR-3,
    ST-TK-DIPLO-3)."""
    for v in values:
        if v == DONATED_TIGER:
            run.st.tigers_left += 1
        else:
            to_bag(run, v)


def spend_furs(run: Run, who: int, value: int, n: int = 1) -> None:
    side = run.st.sides[who]
    side.furs[value] -= n
    to_bag(run, value, n)


def lowest_furs(side, n: int) -> list | None:
    """The n lowest furs of a supply (values), or None if there are fewer."""
    out = []
    furs = side.furs
    for value in range(1, 9):
        have = furs[value]
        while have > 0 and len(out) < n:
            out.append(value)
            have -= 1
        if len(out) == n:
            return out
    return out if len(out) == n else None


def kind_payment(side, value: int, coin_ok: bool = True, tiger_ok: bool = True, any_fur: bool = False):
    """How a supply pays one fur of ``value``: (fur value, coins, tigers), or None (ST-FUR-4, ST-FUR-5).

    Cheapest first: a real fur, a Salesman-wild fur, the lowest other fur plus a coin, a tiger.
    ``any_fur`` (Guide, Huntsman) accepts the lowest fur of any kind.
    """
    furs = side.furs
    if any_fur:
        for v in range(1, 9):
            if furs[v]:
                return (v, 0, 0)
    elif furs[value]:
        return (value, 0, 0)
    if side.salesman and furs[side.salesman]:
        return (side.salesman, 0, 0)
    if coin_ok and side.coins:
        for v in range(1, 9):
            if furs[v]:
                return (v, 1, 0)
    if tiger_ok and side.tigers:
        return (0, 0, 1)
    return None


def pay(run: Run, who: int, payment) -> None:
    """Pay a kind payment: the fur to the bag, the coin and the tiger to the supply."""
    charge(run.st.sides[who], payment)
    if payment[0]:
        to_bag(run, payment[0])
    run.st.tigers_left += payment[2]


def charge(side, payment) -> None:
    """Take a kind payment out of a supply (on a copy: to test what remains affordable)."""
    value, coins, tigers = payment
    if value:
        side.furs[value] -= 1
    side.coins -= coins
    side.tigers -= tigers


def uncharge(side, payment) -> None:
    """Put a kind payment back into a supply (undoes :func:`charge`)."""
    value, coins, tigers = payment
    if value:
        side.furs[value] += 1
    side.coins += coins
    side.tigers += tigers


def claim_payment(run: Run, side, slot: int, per_fur: bool = True, donations: bool = True):
    """A claim's price: per fur on the tile (and per donated fur) one fur of any kind, plus the base region
    fur, which a tiger may replace (ST-CLAIM-2, ST-TK-DIPLO-6). Returns (kind payments, furs) or None."""
    st, t = run.st, run.t
    tmp = side.copy()
    fur = st.region_fur[t.slot_region[slot]]
    base = []
    for _ in range(t.claim_base):
        p = kind_payment(tmp, fur, coin_ok=not side.is_ivan,
                         tiger_ok=t.claim_tiger_base)
        if p is None:
            return None
        charge(tmp, p)
        base.append(p)
    n = 0
    if per_fur:
        n = t.claim_per_fur * (len(st.col[slot]) + (len(st.don[slot]) if donations else 0))
    rest = lowest_furs(tmp, n)
    return None if rest is None else (base, rest)


def can_claim(run: Run, side, slot: int) -> bool:
    """Whether a side can pay a claim's price (ST-CLAIM-2); a fast path for one base fur."""
    t, st = run.t, run.st
    if t.claim_base != 1:
        return claim_payment(run, side, slot) is not None
    n = t.claim_per_fur * (len(st.col[slot]) + len(st.don[slot]))
    furs = sum(side.furs)
    if furs < n:  # too few furs whatever pays the base fur
        return False
    p = kind_payment(side, st.region_fur[t.slot_region[slot]], coin_ok=not side.is_ivan,
                     tiger_ok=t.claim_tiger_base)
    return p is not None and furs - (1 if p[0] else 0) >= n


def take_tile(run: Run, who: int, slot: int) -> None:
    """The claimer takes the tile, its furs and tiger and its claim bonus, and the player the donated furs
    (a donated tiger as a tiger) and coins; Ivan ignores donations, which go back to bag and supply
    (ST-CLAIM-3, ST-TK-DIPLO-3, ST-TK-DIPLO-6, ST-TK-DIPLO-9); then the ``tile_taken`` hooks."""
    st = run.st
    side = st.sides[who]
    tile = st.tiles[slot]
    col, don = st.col[slot], st.don[slot]
    st.col[slot], st.don[slot] = [], []
    for v in col:
        gain_fur(run, who, v)
    if who == IVAN:
        return_furs(run, don)
    else:
        for v in don:
            if v == DONATED_TIGER:
                side.tigers += 1
            else:
                gain_fur(run, who, v)
        side.coins += st.don_coins[slot]
    st.don_coins[slot] = 0
    side.tigers += st.tiger[slot]
    st.tiger[slot] = 0
    st.diplo[slot] = 0
    st.tiles[slot] = -1
    side.tiles = side.tiles + [tile]
    gain_reward(run, who, run.t.tiles[tile].bonus, C_BONUS)
    if run.hooks.tile_taken:
        for f in run.hooks.tile_taken:
            f(run, who, tile)
    if run.o.claimed_slot == "close_up":
        close_up(run, slot)


SLOT_LISTS = ("tiles", "col", "tiger", "don", "don_coins", "diplo")


def row_slots(run: Run):
    """The slots whose tiles move when the row shifts (claimed_slot=close_up, winter_refill=shift_east): all
    of them, or what the ``row_slots`` hook says."""
    f = run.hooks.row_slots
    return f(run) if f else range(run.t.n_slots)


def close_up(run: Run, slot: int) -> None:
    """claimed_slot=close_up: the tiles west of a claimed slot move one slot east at once, with the cossacks
    on them; the westernmost slot stays empty until winter (ST-OPEN-35). They move past the special slots,
    and a claimed special slot waits for the winter refill (:func:`row_slots`)."""
    st = run.st
    row = row_slots(run)
    if slot not in row:
        return
    moved = row[:row.index(slot) + 1]
    empty = {"tiles": -1, "col": [], "tiger": 0, "don": [], "don_coins": 0, "diplo": 0}
    for name in SLOT_LISTS:
        arr = getattr(st, name)
        for k in range(len(moved) - 1, 0, -1):
            arr[moved[k]] = arr[moved[k - 1]]
        arr[moved[0]] = empty[name][:] if isinstance(empty[name], list) else empty[name]
    for side in st.sides:
        if side.pos in moved[:-1]:
            side.pos = moved[moved.index(side.pos) + 1]


# --- tokens ---------------------------------------------------------------------------------------

def add_coins(run: Run, who: int, n: int) -> None:
    """Coins are unlimited unless component_limits=box (ST-COMP-3, ST-OPEN-57)."""
    if run.o.component_limits == "box":
        st = run.st
        n = max(0, min(n, 20 - st.sides[0].coins - st.sides[1].coins - sum(st.don_coins)))
    run.st.sides[who].coins += n


def add_horses(run: Run, who: int, n: int) -> None:
    """Horses are unlimited unless component_limits=box (ST-COMP-3, ST-OPEN-57)."""
    if run.o.component_limits == "box":
        n = max(0, min(n, 40 - run.st.sides[0].horses - run.st.sides[1].horses))
    run.st.sides[who].horses += n


def gain_story(run: Run, who: int, n: int) -> None:
    """Story points, capped at the track's end; reaching it lets one take a song's reward once per
    turn (ST-SONG-3, ST-SONG-4, ST-TK-ERRATA-2)."""
    side = run.st.sides[who]
    cap = run.t.story_max
    side.story = min(cap, side.story + n)
    if n > 0 and side.story == cap and side.song12_turn != run.turns:
        side.song12_turn = run.turns
        song_reward(run, who, keep_tile=True)


def song_reward(run: Run, who: int, keep_tile: bool) -> None:
    """Buy a displayed song with story points: Ivan takes the most expensive he can pay
    (ST-WINTER-3, ST-IVAN-WINTER-1); with ``keep_tile`` the tile stays (ST-SONG-4)."""
    st, songs = run.st, run.t.songs
    side = st.sides[who]
    payable = [i for i, s in enumerate(st.songs) if songs[s][0] <= side.story]
    if not payable:
        return
    if who == IVAN:
        idx = payable[-1]
        if run.trace:
            run.event("automa", action="song", song=st.songs[idx], rule="ST-SONG-4" if keep_tile else "ST-IVAN-WINTER-1")
        _take_song(run, who, idx, keep_tile)
    else:
        run.choose("song", [None] + payable[::-1],
                   lambda r, c: None if c is None else _take_song(r, who, c, keep_tile))


def _take_song(run: Run, who: int, idx: int, keep_tile: bool) -> None:
    """A bought song tile is kept and its VP score at game end; its other rewards come at once (ST-END-2,
    ST-SONG-5). The story-track-end reward leaves the tile on the board, so all of it comes at once
    (ST-SONG-4)."""
    st = run.st
    song = st.songs[idx]
    cost, reward = run.t.songs[song]
    st.sides[who].story -= cost
    if not keep_tile:
        st.songs = st.songs[:idx] + st.songs[idx + 1:]
    gain_reward(run, who, reward, C_SONGS if keep_tile else C_SONGS_AT_END)


# --- rewards --------------------------------------------------------------------------------------

def gain_reward(run: Run, who: int, reward: tuple, category: int) -> None:
    """Take a reward; with alternatives the player chooses and Ivan follows his priority
    (ST-IVAN-RES-3, ST-OPEN-44)."""
    if not reward:
        return
    if len(reward) == 1:
        apply_bundle(run, who, reward[0], category)
    elif who == IVAN:
        apply_bundle(run, who, ivan_pick(run, reward), category)
    else:
        run.offer = reward  # View.offer: what the indices choose between
        run.choose("reward", tuple(range(len(reward))), lambda r, c: apply_bundle(r, who, reward[c], category))


def ivan_pick(run: Run, alternatives: tuple):
    """The alternative holding Ivan's highest-priority reward (ST-IVAN-RES-3)."""
    prio = run.t.ivan_priority
    return min(alternatives, key=lambda b: min(prio.index(k) for k, _ in b) if b else len(prio))


def apply_bundle(run: Run, who: int, bundle: tuple, category: int) -> None:
    """Apply one reward bundle (reward vocabulary of the reference); banners come only from rewards, out of
    the limited reserve (ST-BANNER-1, ST-BANNER-2)."""
    st = run.st
    side = st.sides[who]
    for key, n in bundle:
        if key == "vp":
            if category == C_SONGS_AT_END:
                side.song_vp += n
            else:
                side.vp[category] += n
        elif key == "coins":
            add_coins(run, who, n)
        elif key == "horses":
            add_horses(run, who, n)
        elif key == "story":
            gain_story(run, who, n)
        elif key == "banners":
            n = min(n, st.banners_left)
            st.banners_left -= n
            side.banners += n
        elif key == "tiger":
            n = min(n, st.tigers_left)
            st.tigers_left -= n
            side.tigers += n
        elif key == "new_outpost":
            n = min(n, side.outpost_reserve)
            side.outpost_reserve -= n
            side.outpost_supply += n
        elif key == "furs_from_bag":
            for _ in range(n):
                fur_from_bag(run, who)
        elif key == "fur_from_market":
            for _ in range(n):
                fur_from_market(run, who)
        elif key == "trophy_action":
            for _ in range(n):
                trophy(run, who)


def fur_from_bag(run: Run, who: int) -> None:
    """Draw 2, keep 1, return the other (ST-FUR-3); Ivan keeps the higher."""
    a, b = draw(run), draw(run)
    if not a or not b:
        if a or b:
            gain_fur(run, who, a or b)
        return
    hi, lo = max(a, b), min(a, b)
    if who == IVAN or hi == lo:
        to_bag(run, lo)
        gain_fur(run, who, hi)
    else:
        run.choose("keep_fur", (hi, lo), lambda r, c: (to_bag(r, lo if c == hi else hi), gain_fur(r, who, c)))


def fur_from_market(run: Run, who: int) -> None:
    """Take a market fur for free; Ivan takes the highest."""
    market = run.st.market
    if not market:
        return
    if who == IVAN:
        i = max(range(len(market)), key=market.__getitem__)
        gain_fur(run, who, market.pop(i), back=partial(market.insert, i))
    else:
        order = sorted(range(len(market)), key=lambda i: -market[i])
        run.choose("market_fur", tuple(order), lambda r, c: gain_fur(r, who, r.st.market.pop(c)))


# --- trophies -------------------------------------------------------------------------------------

def trophy(run: Run, who: int) -> None:
    """Receive a Trophy: Ivan steps down his track for VP (ST-IVAN-ACT-3, ST-IVAN-KAT-1); the player
    pays the step's fur and takes its reward, the final step any two (ST-TROPHY-1..4, ST-TK-ERRATA-1)."""
    side = run.st.sides[who]
    if who == IVAN:
        values = run.o.trophy_values
        vp = values[min(side.trophy, len(values) - 1)]
        side.trophy += 1
        side.vp[C_TROPHY] += vp
        if run.trace:
            run.event("automa", action="trophy", step=side.trophy, vp=vp, rule="ST-IVAN-ACT-3")
        return
    furs = run.t.trophy_furs
    step = side.trophy
    payment = kind_payment(side, furs[min(step, len(furs) - 1)], any_fur=side.huntsman)
    if payment is None:
        return
    run.choose("trophy", (True, False), lambda r, c: _trophy_step(r, payment) if c else None)


def _trophy_step(run: Run, payment) -> None:
    """One step up the track: the step's reward; the final step, which has none of its own, any two of the
    rewards above it, once; any later trophy any single reward of the track (ST-TROPHY-4, line 250)."""
    side = run.st.sides[PLAYER]
    pay(run, PLAYER, payment)
    rewards = run.t.trophy_rewards  # the steps before the final one
    step = side.trophy
    side.trophy += 1
    last = len(rewards)  # the final step
    if step < last:
        gain_reward(run, PLAYER, rewards[step], C_TROPHY)
        return
    every = tuple(b for alts in rewards for b in alts)
    if step == last and not side.final_trophy_used:
        side.final_trophy_used = True
        pairs = tuple((i, j) for i in range(len(every)) for j in range(i + 1, len(every)))
        run.choose("trophy_final", pairs, lambda r, c: (apply_bundle(r, PLAYER, every[c[0]], C_TROPHY),
                                                        apply_bundle(r, PLAYER, every[c[1]], C_TROPHY)))
        return
    gain_reward(run, PLAYER, every, C_TROPHY)
