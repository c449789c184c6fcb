"""Expert: a fast heuristic player that scores most choices straight from the view, without lookahead.

Every choice is valued on one scale, an estimate of final VP: the VP the player would have if the game ended
now, with the end conversions made smooth (furs and coins at their printed rate, story and tigers too), plus
what the supply can still become. That future part shrinks as the 12 action seasons run out:

- a fur is worth more while turns remain (it pays the paid action, claims and trophies, ST-TURN-5,
  ST-CLAIM-2, ST-TROPHY-2), a little more if it is high, and much more if a held Tsar's Wish needs it
  (ST-WISH-3): a held wish counts 3/4 of its VP times the share of its furs held, tigers wild (ST-FUR-5),
  plus a small hope term while turns remain; a wish that can be paid is fulfilled at once;
- story is worth a song's rate while winters remain to buy songs (ST-WINTER-3), else the end rate; each
  winter it buys the dearest song the story pays for (ST-SONG-4);
- horses are worth a little up to a working stock (moves, skips, market furs) and little beyond, so the
  expert hunts (skipping low furs with horses) and buys market furs instead of hoarding them (ST-HUNT-3,
  ST-MARKET-2);
- an outpost still to place is worth 3.5 VP early, falling to nothing at the end, so outposts go to the
  eastern regions that score more (ST-OUTPOST-5); a claim is discounted by 1 VP (it empties a column that
  could be hunted and its furs are paid for, ST-CLAIM-2);
- with the diplomacy module, the lead in zones counts once per winter scoring left (ST-TK-DIPLO-7), and the
  phase-1 move aims to end on a marked tile, where the expert donates (ST-TK-DIPLO-2, ST-TK-DIPLO-3).

Scored straight from the view (no copy): the move, the coin, horse, move, hunt and trade actions, villages
and yurts (their rewards, best alternative, ST-OPEN-44), taking a wish, outposts, the pass, market furs,
kept furs, the Salesman's wild kind (the kind held most, else the lower: low furs are commoner and a
hunt takes them first, ST-TK-LAND-6, ST-HUNT-2), songs and trophies (always step up, ST-TROPHY-1..4);
the paid action's region fur is subtracted (ST-TURN-5, ST-FUR-4). One-step lookahead (``decision.after``)
on the same estimate serves the rest: claims, the merchant, fulfilling a wish, donations, rewards, the
final trophy, start sets, and a village or yurt whose reward holds a trophy action. ``rank`` orders all
choices by these scores; ``choose`` is its first (ties broken by the own stream). The weights were tuned
on 600 paired games (seed 7) against Ivan; docs/stroganov.md has the measured strength. Every number the estimate weighs by
is a declared parameter (:data:`WEIGHTS`, ``list strategies stroganov --long``) with the values above as defaults.
"""
from __future__ import annotations

from operator import mul

from automa.core.params import Param, assign
from automa.core.strategy import Strategy

LOOKAHEAD_ACTIONS = frozenset(("claim", "merchant"))  # and a village or yurt whose reward holds a trophy
ACTIONS = ("basic", "main", "paid")
VALUES = tuple(range(9))


def _w(name, default, help, kind="float", least=None):
    """A weight: a parameter left out of the canonical string at its default."""
    return Param(name, kind, default, help, least=least, hide_default=True)


# Every number the estimate weighs by, in VP unless said otherwise; "future" weights are scaled by the
# share of action seasons left. `list strategies stroganov --long` lists them, `--strategy 'expert(horse=0.1)'`
# sets one and `automa-sim tune stroganov expert` searches them (docs/tune.md).
WEIGHTS = (
    _w("claim_cost", 1.0, "a claim: it empties a column the expert could hunt, and its furs are paid for"),
    _w("outpost_supply", 3.5, "future: an outpost still to place (placing waits for a good region)"),
    _w("fulfil_now", 0.5, "a wish fulfilled now: it frees its furs and pays its reward early"),
    _w("coin_future", 0.1, "future: a coin, besides its end rate"),
    _w("horse", 0.08, "a horse"),
    _w("horse_future", 0.15, "future: a horse up to the working stock"),
    _w("horse_stock", 7, "the working stock of horses", "int", least=0),
    _w("fur_future", 0.3, "future: a fur (or a tiger from a reward) up to the fur stock"),
    _w("fur_stock", 8, "the furs that count for fur_future", "int", least=0),
    _w("fur_high", 0.02, "future: per value point of a fur"),
    _w("wish_held", 0.75, "share of a held wish's VP, by the share of its furs held (ST-WISH-3)"),
    _w("wish_hope", 0.15, "future: share of a held wish's VP for the furs still missing"),
    _w("song_rate", 0.4, "a story point songs can still use (ST-WINTER-3)"),
    _w("song_story", 9, "story a song uses per winter left", "int", least=0),
    _w("banner", 0.4, "a banner, per winter left"),
    _w("plan_step", 0.5, "a step on the hunting plan"),
    _w("diplo_track", 0.05, "a diplomacy step over the automa's (ST-TK-DIPLO-7)"),
    _w("skip", 0.2, "per horse paid to skip a fur when hunting (ST-HUNT-3)"),
    _w("column_more", 0.15, "per further fur in the column the cossack stands on"),
    _w("donate", 0.6, "ending the move on a marked diplomacy tile (ST-TK-DIPLO-3)"),
    _w("donate_winter", 0.6, "... per winter left"),
    _w("paid", 0.05, "the paid action, besides its region fur (ST-TURN-5)"),
    _w("land_basic", 0.7, "factor on the landing tile of the basic move action"),
    _w("land_main", 0.35, "factor on the landing tile of a main or paid move action"),
)


class _Ctx:
    """Per-decision facts of the player's position, read once from the view; ``worth`` memoizes
    :func:`fur_worth` for the player's own supply, which a decision does not change."""

    __slots__ = ("view", "w", "rates", "fut", "wl", "wishes", "diplo", "fur_w", "tiger_w", "coin_w",
                 "story_w", "song_story", "furs", "tigers", "_worth")

    def __init__(self, view, game: tuple, w):
        """``game``: what a game (or rollout) does not change, from :func:`_game`; ``w``: the weights
        (the strategy)."""
        self.view = view
        self.w = w
        self.rates, self.diplo, self.fur_w, self.tiger_w, self.story_w, coin_vp = game
        done = (view.year - 1) * 3 + view.season
        self.fut = max(0, 12 - done) / 12.0   # share of the action seasons still to play
        self.wl = view.winters_left
        p = view.player
        card = view.wish_card
        self.wishes = [card(w) for w in p.wishes]
        self.coin_w = coin_vp + w.coin_future * self.fut
        self.song_story = w.song_story * self.wl  # story that songs can still use, about one song per winter
        self.furs, self.tigers = p.furs, p.tigers
        self._worth = {}

    def worth(self, value: int) -> float:
        """:func:`fur_worth` of one more fur of ``value`` for the player's supply."""
        w = self._worth.get(value)
        if w is None:
            w = self._worth[value] = fur_worth(self, self.furs, self.tigers, value)
        return w


def _game(view) -> tuple:
    """The printed rates, whether diplomacy is played, and the VP of a fur, a tiger, a story point and a
    coin (:class:`_Ctx`)."""
    rates = view.rates
    fpv, cpv, tiger_vp, spv = rates[:4]
    return rates, "diplomacy" in view.modules, 1.0 / fpv, float(tiger_vp), 1.0 / spv, 1.0 / cpv


def res_value(ctx: _Ctx, furs, tigers: int, coins: int, horses: int, story: int) -> float:
    """The smooth end value of a supply plus what it can still become (module docstring)."""
    return _rest(ctx, fur_value(ctx, furs, tigers), coins, horses, story)


def _rest(ctx: _Ctx, v: float, coins: int, horses: int, story: int) -> float:
    """:func:`res_value` given its furs' share ``v``."""
    w = ctx.w
    stock = w.horse_stock
    v = v + coins * ctx.coin_w + w.horse * horses + ctx.fut * w.horse_future * (horses if horses < stock else stock)
    v += story * ctx.story_w
    if ctx.wl > 0:
        v += w.song_rate * (story if story < ctx.song_story else ctx.song_story)
    return v


def fur_value(ctx: _Ctx, furs, tigers: int) -> float:
    """The furs' and tigers' share of :func:`res_value`, held wishes included."""
    return _fur_value(ctx, furs, sum(furs), sum(map(mul, furs, VALUES)), tigers)


def _fur_value(ctx: _Ctx, furs, n: int, weight: int, tigers: int) -> float:
    """:func:`fur_value` given the fur count ``n`` and the sum of the fur values ``weight`` (``furs`` is
    read only for held wishes)."""
    fut, w = ctx.fut, ctx.w
    stock = w.fur_stock
    v = n * ctx.fur_w + tigers * ctx.tiger_w + fut * (w.fur_future * (n if n < stock else stock) + w.fur_high * weight)
    if not ctx.wishes:
        return v
    held, hope = w.wish_held, w.wish_hope
    spare = tigers
    for value, total, _, points, _ in ctx.wishes:
        have = furs[value]
        if have < total and spare:
            use = min(spare, total - have)
            have += use
            spare -= use
        frac = have / total if have < total else 1.0
        v += points * (held * frac + hope * fut * (1 - frac))
    return v


def view_value(ctx: _Ctx, view) -> float:
    """The estimate of a whole view (for lookahead): end VP without the floored conversions, the smooth
    supply value, outposts and banners still to use, and the diplomacy lead still to score."""
    p = view.player
    fpv, cpv, tiger_vp, spv = ctx.rates[:4]
    furs = p.furs
    tigers, coins, story = p.tigers, p.coins, p.story
    value = sum(view.end_scores()) - (sum(furs) // fpv + coins // cpv + tigers * tiger_vp + story // spv)
    wishes = [view.wish_card(w) for w in p.wishes]
    saved, ctx.wishes = ctx.wishes, wishes
    value += res_value(ctx, furs, tigers, coins, p.horses, story)
    ctx.wishes = saved
    fut, w = ctx.fut, ctx.w
    value += fut * w.outpost_supply * p.outpost_supply + w.banner * p.banners * ctx.wl
    value += w.plan_step * p.plan_pos
    if ctx.diplo:
        own, automa = view.diplo_zones()
        value += (own - automa) * ctx.wl + w.diplo_track * (p.diplo - view.automa.diplo)
    return value


def fur_worth(ctx: _Ctx, furs, tigers: int, value: int) -> float:
    """The marginal value of one more fur of ``value``."""
    fpv, wt = ctx.rates[0], ctx.w
    n = sum(furs)
    w = 1.0 / fpv + ctx.fut * ((wt.fur_future if n < wt.fur_stock else 0.0) + wt.fur_high * value)
    for v, total, _, points, _ in ctx.wishes:
        if v == value and furs[v] + tigers < total:
            w += points * (wt.wish_held - wt.wish_hope * ctx.fut) / total
    return w


class ExpertStrategy(Strategy):
    name = "expert"
    description = "fast heuristic: direct scores, lookahead only for rare choices; hunts, wishes, diplomacy"
    params = WEIGHTS
    __slots__ = tuple(p.name for p in WEIGHTS)   # fast to read in the hot paths
    _view = _game = _extra = None

    def __init__(self, rng, **weights):
        super().__init__(rng)
        assign(self, self.params, weights)

    def choose(self, decision):
        return self.pick_top(decision.choices, self.scores(decision))

    def rank(self, decision) -> list:
        """All legal choices best first by :meth:`scores`; the first is :meth:`choose`'s pick (the same
        draw from the own stream breaks a tie at the top); lower ties keep the engine's order."""
        choices = decision.choices
        scores = self.scores(decision)
        pick = self.pick_top(choices, scores)
        order = sorted(range(len(choices)), key=lambda i: -scores[i])
        return [pick] + [choices[i] for i in order if choices[i] != pick]

    # --- scoring ----------------------------------------------------------------------------------

    def scores(self, decision) -> list:
        """One score per legal choice, in the engine's order."""
        kind = decision.kind
        view = decision.view
        if view is not self._view:  # the printed rates and modules, read once per game (and per rollout)
            self._view, self._game, self._extra = view, _game(view), None
        if kind == "extra":
            return self._extras_cached(decision, view)
        ctx = _Ctx(view, self._game, self)
        if kind in ACTIONS:
            return self._actions(decision, ctx)
        if kind == "move":
            return self._moves(decision, ctx)
        if kind == "song":
            return [-1.0 if c is None else float(len(decision.choices) - i) for i, c in enumerate(decision.choices)]
        if kind == "trophy":
            return [1.0 if c else 0.0 for c in decision.choices]
        if kind == "keep_fur":
            return [ctx.worth(v) for v in decision.choices]
        if kind == "salesman_fur":  # the kind made wild: the one held most, else the lower, more common one
            return [ctx.furs[v] - 0.01 * v for v in decision.choices]
        if kind == "market_fur":
            market = decision.view.market
            return [ctx.worth(market[i]) for i in decision.choices]
        if decision.can_look_ahead:
            return [view_value(ctx, decision.after(c)) for c in decision.choices]
        return [0.0] * len(decision.choices)

    def _land(self, ctx, slot: int, horses: int) -> float:
        """What standing on ``slot`` offers the next action: the best single hunt there (skips paid)."""
        if slot < 0:
            return 0.0
        col = ctx.view.column(slot)
        if not col:
            return 0.0
        worth = ctx.worth
        skip_cost = ctx.rates[6]
        skip = self.skip
        best = 0.0
        for k, v in enumerate(col):
            if k * skip_cost > horses:
                break
            best = max(best, worth(v) - skip * k * skip_cost)
        return best + self.column_more * (len(col) - 1)

    def _moves(self, decision, ctx) -> list:
        """Phase 1: the horse cost, what the landing tile offers, and a marked diplomacy tile to donate on
        (ST-MOVE-1, ST-MOVE-2, ST-TK-DIPLO-3)."""
        view = ctx.view
        p = view.player
        pos, horses = p.pos, p.horses
        costs = view.move_costs
        marked = set(view.diplo_tiles()) if ctx.diplo else ()
        stock = self.horse_stock
        out = []
        for steps in decision.choices:
            new = pos + steps
            cost = costs[steps - 1]
            h = horses - cost
            v = -(self.horse * cost + ctx.fut * self.horse_future * (min(horses, stock) - min(h, stock)))
            v += self._land(ctx, new, h)
            if new in marked and (p.tigers or any(p.furs)):
                v += self.donate + self.donate_winter * ctx.wl
            out.append(v)
        return out

    def _extras_cached(self, decision, view) -> list:
        """:meth:`_extras`, reused when the last extra decision of this view had the same choices, supply,
        held wishes, season and market price: the extras asked between two phases often repeat. A choice to
        fulfil a wish looks ahead (and may draw), so such a decision is always scored afresh."""
        choices = decision.choices
        if any(c is not None and c[0] == "fulfil" for c in choices):
            return self._extras(decision, _Ctx(view, self._game, self))
        p = view.player
        key = (tuple(choices), p.furs, p.tigers, p.horses, p.wishes, view.year, view.season, view.market_costs())
        last = self._extra
        if last is not None and last[0] == key:
            return last[1][:]
        out = self._extras(decision, _Ctx(view, self._game, self))
        self._extra = key, out[:]
        return out

    def _extras(self, decision, ctx) -> list:
        """Extra actions: fulfil a wish (lookahead), buy or trade for a market fur (direct)."""
        furs, tigers, horses = list(ctx.furs), ctx.tigers, ctx.view.player.horses
        n, weight = sum(furs), sum(map(mul, furs, VALUES))
        base = _fur_value(ctx, furs, n, weight, tigers)
        buy, give = ctx.view.market_costs()
        fut = ctx.fut
        stock = self.horse_stock
        horse_loss = self.horse * buy + fut * self.horse_future * (
            (horses if horses < stock else stock) - max(0, min(horses - buy, stock)))
        out = []
        static = traded = None
        for c in decision.choices:
            if c is None:
                out.append(0.0)
            elif c[0] == "fulfil":
                if static is None:
                    static = view_value(ctx, ctx.view)
                out.append(view_value(ctx, decision.after(c)) - static + self.fulfil_now)
            elif c[0] == "buy":
                v = c[1]
                furs[v] += 1
                out.append(_fur_value(ctx, furs, n + 1, weight + v, tigers) - base - horse_loss)
                furs[v] -= 1
            else:  # mtrade: the lowest furs for one market fur
                if traded is None:
                    traded = furs[:]
                    left, t_weight = give, weight
                    for v in range(1, 9):
                        k = min(left, traded[v])
                        traded[v] -= k
                        left -= k
                        t_weight -= k * v
                    t_n = n - (give - left)
                v = c[1]
                traded[v] += 1
                out.append(_fur_value(ctx, traded, t_n + 1, t_weight + v, tigers) - base)
                traded[v] -= 1
        return out

    def _actions(self, decision, ctx) -> list:
        """Basic, main and paid actions, as a gain over passing. The supply after the paid action's payment,
        its value and the value of each landing slot are worked out once per region and slot."""
        view = ctx.view
        p = view.player
        furs, tigers, coins, horses, story = list(ctx.furs), ctx.tigers, p.coins, p.horses, p.story
        rates = ctx.rates
        coin_gain, horses_gain, skip_cost, extra_cost = rates[4:8]
        paid = decision.kind == "paid"
        region_fur = view.region_fur if paid else ()
        slot_region = view.slot_region
        pos = p.pos
        here = slot_region[pos] if pos >= 0 else -1
        n0, w0 = sum(furs), sum(map(mul, furs, VALUES))
        plain = (furs, n0, w0, tigers, coins, _fur_value(ctx, furs, n0, w0, tigers))
        base = _rest(ctx, plain[5], coins, horses, story)
        static = None
        land_weight = self.land_basic if decision.kind == "basic" else self.land_main
        land = {}  # slot -> _land
        supply = {}  # region -> the supply after the paid action's payment there (see ``plain``)
        kept = {}  # (region, coins, horses) -> res value of that supply with its furs unchanged
        column = None, None
        out = []
        for c in decision.choices:
            if c is None:
                out.append(0.0)
                continue
            kind = c[0]
            extra = 0.0
            if kind == "village" or kind == "yurt":
                village, yurt = view.rewards_at(c[1])
                extra = self._reward(ctx, village if kind == "village" else yurt)
            if extra is None or kind in LOOKAHEAD_ACTIONS:
                if static is None:
                    static = view_value(ctx, view)
                out.append(view_value(ctx, decision.after(c)) - static - (self.claim_cost if kind == "claim" else 0.0))
                continue
            region = slot_region[c[1]] if kind == "hunt" else c[1] if kind in ("village", "yurt", "wish") else here
            if paid:  # the region fur: a real one, else the lowest fur and a coin, else a tiger (ST-FUR-4)
                s = supply.get(region)
                if s is None:
                    s = supply[region] = self._pay(ctx, furs, n0, w0, tigers, coins, region_fur[region])
                extra -= self.paid
            else:
                s = plain
            f, n, w, ti, co, fv = s
            ho = horses
            if kind == "hunt":
                _, slot, skip, count = c
                if column[0] != slot:
                    column = slot, view.column(slot)
                taken = column[1][skip:skip + count]
                if ctx.wishes:
                    f = f[:]
                    for v in taken:
                        f[v] += 1
                if count > len(taken):
                    ti += 1
                fv = _fur_value(ctx, f, n + len(taken), w + sum(taken), ti)
                ho -= skip * skip_cost
                co -= (count - 1) * extra_cost
            elif kind == "trade":
                k, tf = c[1], view.trade_fur
                f = f[:]
                f[tf] -= k
                fv = _fur_value(ctx, f, n - k, w - k * tf, ti)
                co += k
            elif kind == "wish":  # the card joins the held wishes
                wishes = ctx.wishes
                ctx.wishes = wishes + [view.wish_card(view.display_wishes[c[1]])]
                fv = _fur_value(ctx, f, n, w, ti)
                ctx.wishes = wishes
            else:  # the furs stay: coin, horses, move, outpost, village, yurt
                if kind == "coin":
                    co += coin_gain
                elif kind == "horses":
                    ho += horses_gain
                elif kind == "move":
                    if pos not in land:
                        land[pos] = self._land(ctx, pos, horses)
                    to = pos + c[1]
                    if to not in land:
                        land[to] = self._land(ctx, to, horses)
                    extra += land_weight * (land[to] - land[pos])
                elif kind == "outpost":  # placed: its region's VP, one fewer to place; or one more to place
                    if p.outpost_supply:
                        extra += view.outpost_vp[here] - self.outpost_supply * ctx.fut
                    else:
                        extra += self.outpost_supply * ctx.fut
                key = region, co, ho
                r = kept.get(key)
                if r is None:
                    r = kept[key] = _rest(ctx, fv, co, ho, story)
                out.append(r - base + extra)
                continue
            out.append(_rest(ctx, fv, co, ho, story) - base + extra)
        return out

    @staticmethod
    def _pay(ctx, furs, n: int, weight: int, tigers: int, coins: int, need: int) -> tuple:
        """The supply after paying the region fur ``need``: a real one, else the lowest fur and a coin,
        else a tiger (ST-FUR-4); as (furs, count, value sum, tigers, coins, furs' value)."""
        f = furs[:]
        if f[need]:
            f[need] -= 1
            n, weight = n - 1, weight - need
        else:
            low = next((v for v in range(1, 9) if f[v]), 0)
            if low and coins:
                f[low] -= 1
                coins -= 1
                n, weight = n - 1, weight - low
            else:
                tigers -= 1
        return f, n, weight, tigers, coins, _fur_value(ctx, f, n, weight, tigers)

    def _reward(self, ctx, reward):
        """The value of a reward with its best alternative (ST-OPEN-44), or None if one holds a trophy
        action (left to lookahead)."""
        best = None
        for bundle in reward:
            v = self._bundle(ctx, bundle)
            if v is None:
                return None
            if best is None or v > best:
                best = v
        return best or 0.0

    def _bundle(self, ctx, bundle):
        p = ctx.view.player
        fpv, cpv, tiger_vp, spv = ctx.rates[:4]
        story_max = ctx.rates[8]
        fut, wl = ctx.fut, ctx.wl
        v = 0.0
        for key, n in bundle:
            if key == "vp":
                v += n
            elif key == "coins":
                v += n * (1.0 / cpv + self.coin_future * fut)
            elif key == "horses":
                h, stock = p.horses, self.horse_stock
                v += self.horse * n + fut * self.horse_future * (min(h + n, stock) - min(h, stock))
            elif key == "story":
                s, songs = p.story, self.song_story * wl
                n = min(n, story_max - s)
                v += n / spv + (self.song_rate * (min(s + n, songs) - min(s, songs)) if wl > 0 else 0.0)
            elif key == "banners":
                v += self.banner * n * wl
            elif key == "tiger":
                v += n * (tiger_vp + self.fur_future * fut)
            elif key == "new_outpost":
                v += self.outpost_supply * fut * n
            elif key == "furs_from_bag":
                v += n * ctx.worth(6)
            elif key == "fur_from_market":
                market = ctx.view.market
                v += n * max((ctx.worth(m) for m in market), default=0.0)
            else:
                return None
        return v
