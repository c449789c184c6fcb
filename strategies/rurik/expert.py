"""``expert``: direct scores from the view, no lookahead; fast enough to be a rollout policy.

At each spending decision it reads a small snapshot of the board from the view (units, strongholds,
neutral troops, where the player has structures, boat goods, warfare) and scores every choice by
the change it makes to an estimate of the final margin, on that snapshot alone (no
``decision.after``):

* rule track, both sides: the VP the track would score at the number of regions ruled, a tie for
  the highest strength counting half, plus the fraction of the way to the next level
  (``view.claim_table``, RK-CLAIM-2, RK-CORE-4); so a troop that breaks a tie, an attack that ends
  the Rebellion's rule or a church that converts a rebel score what they move on both tracks;
* build track: a structure in a new region scores the growth of the largest connected group;
  a second structure beside rebels is charged (it opens the Rebellion's tavern, RK-REB-BUILD-4),
  a third rewarded (it closes the region to its builds); a 2-point build pays for the point lost;
* trade: a good on the boat scores the trade-track step plus 1 VP-equivalent (deeds and
  conversions take goods), and 1.3 more where rebels stand, whose tax it takes (RK-REB-TAX);
* an attack on a rebel: 2 for the rebel removed (0.5 more for the last one there), the warfare
  lead (3 VP for most, 1 for second, RK-END-1) on a soft curve, minus the expected loss of the
  attacker: one casualty card, one more where the Rebellion rules and one for its stronghold
  (RK-CAS-1), each taken as a one-in-three casualty;
* a unit on the board 1.2, a coin 0.2; in the last round a unit 0.24 and a good's extra 0.5
  (nothing follows them).

Advisor placement (RK-STRAT-1..4) scores a space by the best use of its points now: that action's
top choices from ``view.options`` (a muster or move repeats at a discount, less of one when
outnumbered), after the points of the player's advisors already in that column (``view.board_column``);
a scheme space by the cards it shows; minus the space's coin (RK-ACT-2) and each bribe coin, and a
little per advisor number on high rows (strong advisors are kept to bump later). The action values
are computed once per strategy phase (the map does not change while advisors are placed), and each
column's table of values by advisor strength is kept for the round.

It always accomplishes a deed it can, plays a scheme card it can pay, tries a capture, takes the
Veche card, announces the faction's defeat and spends a scheme card's move point before its muster
point; it converts goods into a muster or build point only when that point is worth more than the
two goods, and pays what a deed or token costs in the engine's first choice (the ``pay_*``
decisions: the fixed order of before, docs/decisions.md). Setup and the out-of-troops muster
(never declined) place troops in new regions. The scheme deck and card, the agenda, the deed card,
the casualty deck and the advisor taken back are left to its random stream (their faces are hidden
or not in the view).

``rank`` returns the choices by score, ties in an order drawn from its own stream; ``choose``
takes the best (an argmax, ties drawn from its stream).

Every number it weighs by is a declared parameter (:data:`WEIGHTS`, ``list strategies rurik --long``), with
the values above as defaults: ``--strategy 'expert(kill=2.5,deny=1)'`` plays other weights, and
``automa-sim tune rurik expert`` searches them (docs/tune.md).
"""
import math

from automa.core.params import Param, assign
from automa.core.strategy import Strategy

COLUMNS = ("muster", "move", "attack", "tax", "build", "scheme")
POINTS = ((3, 2, 1), (3, 2, 1), (2, 1, 1), (2, 1, 1), (2, 1, 1), (3, 2, 1))   # RK-STRAT-2
COIN_COST = ((0, 0, 1), (0, 0, 0), (0, 0, 1), (0, 0, 1), (0, 0, 1), (0, 0, 0))  # RK-ACT-2


def _w(name, default, help, least=None):
    """A weight: a float parameter, left out of the canonical string at its default."""
    return Param(name, "float", default, help, least=least, hide_default=True)


# Every number the scores weigh by, in VP-equivalents unless said otherwise; `list strategies rurik --long`
# lists them and `--strategy 'expert(kill=2.5)'` sets one (docs/tune.md searches them).
WEIGHTS = (
    _w("coin", 0.2, "a coin"),
    _w("unit", 1.2, "a unit on the board"),
    _w("good", 1.0, "a good held (deeds and conversions take goods)"),
    _w("late_unit", 0.2, "factor on a unit in the last round (nothing follows)"),
    _w("late_good", 0.5, "factor on a good in the last round"),
    _w("kill", 2.0, "removing a rebel unit, besides what it changes on the tracks"),
    _w("clear", 0.5, "... when it is the last rebel there (no rebel tax or build there)"),
    _w("neutral", 0.45, "removing a neutral troop"),
    _w("deny", 1.3, "taking a goods token the Rebellion could tax (RK-REB-TAX)"),
    _w("war", 1.5, "weight of the warfare lead (RK-END-1)"),
    _w("war_spread", 1.5, "softness of the warfare lead curve", least=0.1),
    _w("hit", 1 / 3, "chance that one revealed casualty card shows a casualty (RK-CAS-1)"),
    _w("attack_bonus", 0.25, "an attack on a rebel, besides its effects"),
    _w("move_new", 0.15, "a unit entering a region where the player has none"),
    _w("leave", 0.3, "moving the last unit out of a region with the player's structures"),
    _w("lose_rule", 0.1, "moving out of a region the player then no longer rules"),
    _w("move_cost", 0.05, "any move"),
    _w("tavern_pen", 0.8, "a 2nd structure beside rebels (it opens their tavern, RK-REB-BUILD-4)"),
    _w("full", 0.3, "a 3rd structure beside rebels (it closes the region to their builds)"),
    _w("church", 0.5, "a church, its effects aside"),
    _w("stronghold", 0.4, "a stronghold, its effects aside"),
    _w("market", 0.3, "a market, its effects aside"),
    _w("stable", 0.1, "a stable, its effects aside"),
    _w("tavern", 0.2, "a tavern, its effects aside"),
    _w("stable_moves", 0.2, "the stable's three moves"),
    _w("market_goods", 0.3, "a market where there is a goods token"),
    _w("convert_rebel", 0.3, "a church that converts a rebel (RK-PL-BUILD-3)"),
    _w("convert_neutral", 0.15, "a church that converts a neutral troop"),
    _w("two_points", 0.9, "a build or epic work where the player does not rule (it costs 2 points)"),
    _w("muster_near", 0.15, "a muster in or beside a region with rebels"),
    _w("muster_home", 0.1, "a muster where the player has a structure"),
    _w("forfeit", 0.05, "forfeiting an action, on top of its coin"),
    _w("epic", 1.0, "an epic work, its build track aside"),
    _w("scheme1", 0.5, "a scheme space that draws 1 card"),
    _w("scheme2", 0.8, "a scheme space that draws 2 cards"),
    _w("scheme3", 1.0, "a scheme space that draws 3 cards"),
    _w("scheme_again", 0.6, "factor on a scheme space when the player already has an advisor there"),
    _w("scheme_hand", 0.15, "per scheme card in hand, off a scheme space"),
    _w("repeat", 0.7, "factor per later muster point"),
    _w("repeat_hi", 0.9, "factor per later muster point when outnumbered"),
    Param("outnumbered", "int", 2, "rebel units beyond the player's that make it outnumbered", least=0,
          hide_default=True),
    _w("move_repeat", 0.7, "factor per later move point"),
    _w("coin_cost", 1.1, "a space's coin (RK-ACT-2), in coins"),
    _w("bribe", 1.1, "a bribe coin, in coins"),
    _w("low_pen", 0.03, "per advisor number and row above the bottom: strong advisors are kept for later"),
    _w("conversion", 0.3, "a conversion, besides the two goods it takes"),
    _w("settle_new", 1.0, "a setup troop in a region with none of the player's"),
    _w("settle_goods", 0.3, "a setup troop where there is a goods token"),
    _w("settle_near", 0.2, "a setup troop per adjacent region with the player's units"),
    _w("settle_rebels", 0.2, "a setup troop per adjacent region with rebels (subtracted)"),
)


def _curve(levels, vp, top):
    """Smoothed track VP for every measure 0..top: the level's VP plus the fraction to the next."""
    out = []
    for value in range(top + 1):
        level = sum(1 for threshold, _ in levels if value >= threshold)
        here = vp[level - 1] if level else 0
        if level < len(levels):
            low = levels[level - 1][0] if level else 0
            nxt = levels[level][0]
            if nxt > low:
                here += (value - low) / (nxt - low) * (vp[level] - here) * 0.99
        out.append(here)
    return out


def _share(p, q, n):
    """Rule points for (player, Rebellion) at strengths ``p``, ``q`` and neutral ``n``: 2 for
    the strictly strongest, 1 each for a tie for the highest with some strength, else 0 (RK-CORE-4)."""
    if p > q and p > n:
        return (2, 0) if p else (0, 0)
    if q > p and q > n:
        return (0, 2) if q else (0, 0)
    top = p if p > q else q
    if n > top:
        top = n
    return (1 if p and p == top else 0), (1 if q and q == top else 0)


class Snap:
    """The facts the scores need, read once per decision from the view."""

    __slots__ = ("v", "pu", "ru", "pp", "qq", "neu", "pst", "nst", "boat", "unit", "good", "sh", "pr", "rr",
                 "pg", "wp", "wr", "up", "down")

    def __init__(self, v, w):
        self.v = v
        P = v.PLAYER
        self.pu, self.ru, self.pp, self.qq, self.neu, self.nst, self.pst = v.board_counts()
        pp, qq, neu = self.pp, self.qq, self.neu      # strengths (RK-CORE-4), neutral troops
        self.sh = sh = [_share(p, q, n) for p, q, n in zip(pp, qq, neu)]
        self.pr, self.rr = map(sum, zip(*sh))
        self.boat = sum(v.boat(P))
        self.wp, self.wr = v.warfare(P), v.warfare(v.REBELLION)
        self.pg = None          # the regions with a structure of the player's, as bits, once needed
        self.up, self.down = [None] * 8, [None] * 8   # rule-track change of one player unit more, less
        self.unit = w.unit * (w.late_unit if v.round >= 4 else 1.0)
        self.good = w.good * (w.late_good if v.round >= 4 else 1.0)

    def ruler(self, r, dp, dr, dn):
        """1 the player rules ``r`` after the changes, -1 the Rebellion, 0 nobody (RK-CORE-4)."""
        p = self.pp[r] + dp
        q = self.qq[r] + dr
        n = self.neu[r] + dn
        if p > q and p > n:
            return 1
        if q > p and q > n:
            return -1
        return 0

    def share(self, r, dp, dr, dn):
        """Rule points of ``r`` for (player, Rebellion) after the changes: :func:`_share`."""
        return _share(self.pp[r] + dp, self.qq[r] + dr, self.neu[r] + dn)


class ExpertStrategy(Strategy):
    name = "expert"
    description = "direct scores of every choice on a board snapshot, no lookahead (fast)"

    params = WEIGHTS
    __slots__ = tuple(p.name for p in WEIGHTS)   # fast to read in the hot paths

    def __init__(self, rng, **weights):
        super().__init__(rng)
        assign(self, self.params, weights)
        self._struct = (self.church, self.stronghold, self.market, self.stable, self.tavern)
        self._scheme = (0.0, self.scheme1, self.scheme2, self.scheme3)    # by cards drawn
        self._curves = None
        self._round_values = None

    # --- the public protocol -------------------------------------------------------------------

    def choose(self, decision):
        kind, choices = decision.kind, decision.choices
        fixed = self._fixed(kind, choices)
        if fixed is not None:
            return fixed
        scores = self._scores(decision)
        if scores is None:
            return self.uniform(choices)
        return self.pick_top(choices, scores)

    def rank(self, decision):
        kind, choices = decision.kind, decision.choices
        fixed = self._fixed(kind, choices)
        if fixed is not None:
            return [fixed] + [c for c in choices if c != fixed]
        scores = self._scores(decision)
        if scores is None:
            scores = [0.0] * len(choices)
        keys = [self.rng.random() for _ in choices]
        order = sorted(range(len(choices)), key=lambda i: (-scores[i], keys[i]))
        return [choices[i] for i in order]

    # --- decisions -----------------------------------------------------------------------------

    @staticmethod
    def _fixed(kind, choices):
        """Choices that need no scores."""
        if kind in ("capture", "veche", "faction_defeat") or kind.startswith("pay_"):
            return choices[0]
        if kind == "scheme_order":
            return ("first", "move") if ("first", "move") in choices else choices[0]
        if kind == "deed":
            return next((c for c in choices if c[0] == "accomplish"), choices[0])
        if kind == "scheme_play" or kind == "tavern_scheme":
            return next((c for c in choices if c[0] == "play"), choices[0])
        return None

    def _scores(self, d):
        kind, v = d.kind, d.view
        if self._curves is None:
            vp, levels = v.claim_table
            self._curves = tuple(_curve(lv, vp, 16) for lv in levels)
            c = self._curves[0]
            self._rule = [c[i // 2] if i % 2 == 0 else (c[i // 2] + c[i // 2 + 1]) / 2 for i in range(33)]
        if kind in ("muster", "move", "attack", "tax", "build"):
            s = Snap(v, self)
            return [self._spend(s, c) for c in d.choices]
        if kind == "advisor_place":
            return self._placements(d)
        if kind == "conversion":
            return self._conversions(d)
        if kind in ("setup_troop", "setup_leader", "out_of_troops"):
            s = Snap(v, self)
            return [-5.0 if c[0] == "pass" else self._settle(s, c[1]) for c in d.choices]
        return None

    # --- the value of one spending choice --------------------------------------------------------

    def _rule_delta(self, s, r, dp, dr, dn):
        """Change of both rule tracks when region ``r``'s strengths change (player VP minus the
        Rebellion's); a tie for the highest strength counts as half a region ruled."""
        a1, b1 = _share(s.pp[r] + dp, s.qq[r] + dr, s.neu[r] + dn)
        a0, b0 = s.sh[r]
        if a0 == a1 and b0 == b1:
            return 0.0
        curve, pr, rr = self._rule, s.pr, s.rr
        return (curve[pr + a1 - a0] - curve[pr]) - (curve[rr + b1 - b0] - curve[rr])

    def _up(self, s, r):
        """:meth:`_rule_delta` of one player unit more in ``r``, once per snapshot."""
        x = s.up[r]
        if x is None:
            x = s.up[r] = self._rule_delta(s, r, 1, 0, 0)
        return x

    def _down(self, s, r):
        """:meth:`_rule_delta` of one player unit less in ``r``, once per snapshot."""
        x = s.down[r]
        if x is None:
            x = s.down[r] = self._rule_delta(s, r, -1, 0, 0)
        return x

    def _rule_step(self, s, before, after):
        """Change of both rule tracks when one region's rule points go from ``before`` to ``after``."""
        (a0, b0), (a1, b1) = before, after
        if a0 == a1 and b0 == b1:
            return 0.0
        curve = self._rule
        return (curve[s.pr + a1 - a0] - curve[s.pr]) - (curve[s.rr + b1 - b0] - curve[s.rr])

    def _trade(self, s, n):
        c = self._curves[2]
        return c[min(s.boat + n, 16)] - c[s.boat] + s.good * n

    def _spend(self, s, c):
        kind = c[0]
        if kind == "move":
            _, a, b, unit = c
            value = self._down(s, a) + self._up(s, b)
            pu = s.pu
            if pu[a] == 1 and s.pst[a]:
                value -= self.leave       # no unit left where it has structures
            if pu[b] == 0:
                value += self.move_new * (0.5 + 0.5 * s.v.goods_token(b))
            if s.sh[a][0] == 2 and s.ruler(a, -1, 0, 0) != 1:      # it rules ``a`` now, and not after
                value -= self.lose_rule
            return value - self.move_cost
        if kind == "build":
            _, r, k, target = c
            value = self._build_track(s, r) + self._struct[k]
            if s.ru[r] and not (k == 0 and target == "rebellion" and s.ru[r] == 1):
                # a second structure lets the Rebellion build its tavern there (RK-REB-BUILD-4);
                # a third closes the region to its builds (RK-PL-BUILD-2)
                value += -self.tavern_pen if s.nst[r] == 1 else (self.full if s.nst[r] == 2 else 0.0)
            if k == 1:
                value += self._up(s, r)
            elif k == 0 and target != "none":
                value += self._rule_delta(s, r, 1, -(target == "rebellion"), -(target == "neutral"))
                value += self.convert_rebel if target == "rebellion" else self.convert_neutral
            elif k == 4:
                value += self.coin * (s.nst[r] + 1)
            elif k == 2:
                value += self.market_goods * s.v.goods_token(r)
            elif k == 3:
                value += self.stable_moves
            if s.sh[r][0] != 2:            # it does not rule ``r``
                value -= self.two_points   # it costs 2 points
            return value
        if kind == "muster":
            r = c[1]
            ru = s.ru
            near = ru[r] > 0 or any([ru[q] for q in s.v.adjacent(r) if q < 8])
            return s.unit + self._up(s, r) + self.muster_near * near + self.muster_home * s.pst[r]
        if kind == "attack":
            r = c[1]
            if c[2] == "neutral":
                return self.neutral + self._rule_delta(s, r, 0, 0, -1)
            value = self._rule_delta(s, r, 0, -1, 0) + self.kill + self.clear * (s.ru[r] == 1)
            wp, wr = s.wp, s.wr
            spread = self.war_spread
            value += self.war * (_war_soft(wp + 1 - wr, spread) - _war_soft(wp - wr, spread)) + self.attack_bonus
            cards = 1 + (s.sh[r][1] == 2) + (s.qq[r] > s.ru[r])     # it rules; its stronghold
            p_hit = 1 - (1 - self.hit) ** cards
            loss = s.unit - self._rule_step(s, s.share(r, 0, -1, 0), s.share(r, -1, -1, 0))
            return value - p_hit * loss
        if kind == "tax":
            r = c[1]
            deny = self.deny * (s.ru[r] > 0)     # the Rebellion taxes the regions it occupies (RK-REB-TAX)
            if c[2] == "good":
                return self._trade(s, 2) + deny
            if c[2] == "coin":
                return self._trade(s, 1) + self.coin + deny
            return self._trade(s, 1) + deny
        if kind == "pass":
            return 0.0
        if kind == "forfeit":
            return self.coin + self.forfeit
        if kind == "epic":
            value = self.epic + self._build_track(s, c[1])
            return value - (self.two_points if s.sh[c[1]][0] != 2 else 0.0)
        return 0.0

    def _build_track(self, s, r):
        """Growth of the build track from a first structure of the player's in ``r`` (RK-CLAIM-2)."""
        if s.pst[r]:
            return 0.0
        mask = s.pg
        if mask is None:
            mask = s.pg = sum([1 << x for x, here in enumerate(s.pst) if here])
        curve = self._curves[1]
        return curve[s.v.largest_group(mask | 1 << r)] - curve[s.v.largest_group(mask)]

    # --- placement ---------------------------------------------------------------------------

    def _action_values(self, v):
        """Per action, the values of its choices now, best first (a muster or move repeats)."""
        s = Snap(v, self)
        out = {}
        for action in ("muster", "move", "attack", "tax", "build"):
            vals = sorted((self._spend(s, c) for c in v.options(action, 2)), reverse=True)
            if action in ("muster", "move"):
                rep = self.move_repeat
                if action == "muster":          # more troops are worth more when outnumbered
                    rep = self.repeat_hi if sum(s.ru) > sum(s.pu) + self.outnumbered else self.repeat
                best = vals[0] if vals else -0.3
                second = max(vals[1] if len(vals) > 1 else 0.0, best * rep)
                vals = [best, second] + [best * rep ** i for i in range(2, 7)]
            out[action] = vals
        return out

    def _placements(self, d):
        v = d.view
        cached = self._round_values
        if cached is not None and cached[0] is v and cached[1] == v.round:
            values, tables_seen = cached[2], cached[3]
        else:                   # the map does not change while advisors are placed (RK-STRAT-1)
            values, tables_seen = self._action_values(v), {}
            self._round_values = (v, v.round, values, tables_seen)
        coins = v.coins(v.PLAYER)
        tables = self._tables(v, values, tables_seen, coins, len(v.hand))
        per_coin = self.coin * self.bribe
        numbers = v.ADVISOR_NUMBER
        out = []
        add = out.append
        for _, label, column, bribe in d.choices:
            number = numbers[label]
            value, cost, pen = tables[column][number + bribe]
            add((value if cost <= coins - bribe else self.coin) - pen * number - per_coin * bribe)
        return out

    def _tables(self, v, values, seen, coins, hand) -> list:
        """Each column's :meth:`_column_table`, kept in ``seen`` for the round."""
        tables = []
        for column in range(6):
            col = v.board_column(column)
            key = (column, col, coins, hand)
            table = seen.get(key)
            if table is None:
                table = seen[key] = self._column_table(v, values, column, col, coins, hand)
            tables.append(table)
        return tables

    def _row_entries(self, v, values, column, col, hand) -> list:
        """Per row of ``column`` (advisors ``col``, top first), what an advisor placed there would be
        worth: (value less its coin, coin cost, penalty per advisor number), after the points of the
        player's advisors already in the column (RK-STRAT-2, RK-ACT-2)."""
        P = v.PLAYER
        points = POINTS[column]
        used = 0
        for row, (side, _) in enumerate(col):
            if side == P:
                used += points[row]
        action = COLUMNS[column]
        entries = []
        coin, low_pen = self.coin, self.low_pen
        for row in range(3):
            here, cost = points[row], COIN_COST[column][row]
            if action == "scheme":
                value = self._scheme[here] * (self.scheme_again if used else 1.0) - self.scheme_hand * hand
            else:
                vals = values[action]
                value = sum([x for x in vals[used:used + here] if x > 0]) if used < len(vals) else -0.3
                if not vals:
                    value = -0.3
            entries.append((value - coin * cost * self.coin_cost, cost, (2 - row) * low_pen))
        return entries

    def _column_table(self, v, values, column, col, coins, hand):
        """Per advisor strength, what a placement in ``column`` (advisors ``col``, top first) would
        be worth: (value, coin cost, penalty per advisor number); None for a full column. The
        same column, coins and hand give the same table all round, so tables are kept per round."""
        n = len(col)
        if n >= 3:
            return None
        entries = self._row_entries(v, values, column, col, hand)
        # the row is the number of advisors at least as strong, counted from the bottom up
        # (RK-STRAT-4): at least i of them while the strength is at most the strongest of the
        # i-th and those below it; strengths 0 .. 5 + every coin as a bribe
        span = 6 + coins
        table, done = [], 0
        for i in range(n, 0, -1):
            upto = max([st for _, st in col[i - 1:]]) + 1
            upto = span if upto > span else (done if upto < done else upto)
            table += [entries[i]] * (upto - done)
            done = upto
        table += [entries[0]] * (span - done)
        return table

    # --- conversions and setup -----------------------------------------------------------------

    def _conversions(self, d):
        v = d.view
        s = Snap(v, self)
        dock = sum(v.dock(v.PLAYER))
        from_boat = max(0, 2 - dock)
        cost = (self._curves[2][s.boat] - self._curves[2][max(s.boat - from_boat, 0)]) + 2 * s.good + self.conversion
        out = []
        for c in d.choices:
            if c[0] == "pass":
                out.append(0.0)
                continue
            kind = c[1]
            if kind == "attack":
                out.append(-1.0)
                continue
            opts = v.options(kind, 1 if kind == "muster" else 2)
            best = max((self._spend(s, o) for o in opts), default=-1.0)
            out.append(best - cost)
        return out

    def _settle(self, s, r):
        v = s.v
        value = self.settle_goods * v.goods_token(r) + self.settle_near * sum(1 for q in v.adjacent(r) if q < 8 and s.pu[q])
        value += self.settle_new if s.pu[r] == 0 else 0.0
        value -= self.settle_rebels * sum(1 for q in v.adjacent(r) if q < 8 and s.ru[q])
        return value + self._up(s, r)


def _war_soft(diff, spread):
    """Expected warfare VP, player minus Rebellion, by the player's lead: from -2 (behind) to +2
    (ahead), softened (by ``spread``) because the Rebellion's attacks still move it (RK-END-1)."""
    return 4.0 / (1.0 + math.exp(-(diff + 0.5) / spread)) - 2.0


