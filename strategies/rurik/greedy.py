"""``greedy``: one-step lookahead on a heuristic estimate of the final margin.

For every spending choice it looks at the game after that choice (``decision.after``) and takes
the one with the best estimate; ties go to its own random stream. The estimate, for each side:

* claim tracks: the VP the tracks would score now, plus the fraction of the way to each next
  level times its extra VP, counting a region where the side ties for the highest strength as
  half ruled (``view.claim_progress``);
* warfare: 3 VP when ahead or level and above 0, 1 when behind;
* deeds accomplished and VP tokens; for the Rebellion a third of its coins and dock goods;
* position: 0.1 per unit on the board, 0.1 per structure placed, 0.05 per good,
  and for the player 0.1 per coin and 0.5 per scheme card in hand.

Its score is the player's estimate minus the Rebellion's. Advisor placement cannot be judged one
step ahead (nothing happens until the action phase), so it places by what the space it lands on
would let it do now (``view.options``): per point it could use, build 1.8, attack and tax 1.3
(half where it does not rule, as those cost 2), muster 1 while troops remain, move 0.6,
scheme 0.5; a space it could not use at all is worth -1; each bribe coin costs 0.4. With the
Stone & Blade modules it always tries a capture and always takes the Veche's scheme card (both
reveal cards, so the engine offers no lookahead); epic structures, conversions, the Capital Port
swap, the Library exchange and the faction's defeat are judged by lookahead. A scheme card's move
and muster points go move first (a troop can enter a region and be mustered there). What a deed or
a conversion token costs it pays in the engine's first choice (the ``pay_*`` decisions: the fixed
order of before, docs/decisions.md). Other decisions the engine offers no lookahead for (which
scheme deck or card, which agenda) are taken at random.
"""
from automa.core.strategy import Strategy

POINTS = ((3, 2, 1), (3, 2, 1), (2, 1, 1), (2, 1, 1), (2, 1, 1), (3, 2, 1))   # RK-STRAT-2
COLUMNS = ("muster", "move", "attack", "tax", "build", "scheme")


def estimate(v, side, claims=None):
    """The estimate of ``side``; ``claims`` is its ``view.claim_progress`` when already known."""
    w, wo = v.warfare(side), v.warfare(1 - side)
    units, structures, goods = v.position(side)
    score = (v.claim_progress(side) if claims is None else claims) + v.vp_tokens(side) + (
        (3 if w >= wo else 1) if w else 0)
    score += 0.1 * units + 0.1 * structures + 0.05 * goods
    if side == v.PLAYER:
        return score + v.deeds_done_vp + 0.1 * v.coins(side) + 0.5 * len(v.hand)
    return score + v.coins(side) / 3 + sum(v.dock(side)) / 3


def margin(v):
    player, rebellion = v.claim_progress_both()
    return estimate(v, v.PLAYER, player) - estimate(v, v.REBELLION, rebellion)


def action_value(v, action, points):
    """What ``points`` of ``action`` would achieve now, in rough VP-equivalents."""
    if action == "scheme":
        return 0.5 * points
    if action == "move":
        return 0.6 * points
    if action == "muster":
        return min(points, v.supply(v.PLAYER) + (v.leader(v.PLAYER) < 0)) if v.options(action, 1) else -1.0
    options = v.options(action, points)
    if not options:
        return -1.0
    if action == "attack":
        return 1.3 * min(points, len(options)) + 0.5 * any(c[2] == "rebellion" for c in options)
    regions = {c[1] for c in options}
    cheap = sum(1 for r in regions if v.rules(v.PLAYER, r))
    usable = min(points, cheap + (len(regions) - cheap) / 2)
    return (1.8 if action == "build" else 1.3) * usable


def placement_values(v, choices):
    """The value of each advisor placement. Many choices share a landing row and an action, so
    the rows are found once per column and the action valued once per (column, row)."""
    numbers = v.ADVISOR_NUMBER
    strengths = [numbers[advisor] + bribe for _, advisor, _, bribe in choices]
    top = max(strengths)
    rows, values, out = {}, {}, []
    for (_, _, column, bribe), strength in zip(choices, strengths):
        landing = rows.get(column)
        if landing is None:
            landing = rows[column] = v.landing_rows(column, top)
        row = landing[strength]
        value = values.get((column, row))
        if value is None:
            value = values[column, row] = action_value(v, COLUMNS[column], POINTS[column][row])
        out.append(value - 0.4 * bribe)
    return out


class GreedyStrategy(Strategy):
    name = "greedy"
    description = "one-step lookahead on a heuristic estimate of the final margin"

    def choose(self, decision):
        if decision.kind == "advisor_place":
            return self.pick_top(decision.choices, placement_values(decision.view, decision.choices))
        if decision.kind in ("capture", "veche") or decision.kind.startswith("pay_"):
            return decision.choices[0]
        if decision.kind == "scheme_order":
            return ("first", "move") if ("first", "move") in decision.choices else decision.choices[0]
        if not decision.can_look_ahead:
            return self.uniform(decision.choices)
        return self.pick_best(decision, lambda c: margin(decision.after(c)))
