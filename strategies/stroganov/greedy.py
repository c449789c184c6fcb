"""Greedy: one-step lookahead, scoring each choice's outcome with a heuristic estimate of final VP.

The estimate is the player's VP if the game ended now (all end conversions included), plus the value of
what can still turn into VP: furs (0.3 each), coins (0.25), horses (0.15), story points (0.1), an outpost
waiting in the supply (1.5), each held Tsar's Wish (60% of its VP times the share of its furs already held,
tigers counting), steps on the hunting plan (0.5), and the furs left on the cossack's tile (0.1 per value
point). Personas add ``bonus`` weights per score category. Ties are broken by the strategy's own stream.
"""
from __future__ import annotations

from strategies.base import Strategy


def estimate(view, bonus: dict | None = None) -> float:
    """Heuristic estimate of the player's final score from a view."""
    p = view.player
    furs = p.furs
    vp = view.end_vp()
    value = sum(vp.values())
    for category, weight in (bonus or {}).items():
        value += weight * vp[category]
    value += 0.3 * sum(furs) + 0.25 * p.coins + 0.15 * p.horses + 0.1 * p.story + 1.5 * p.outpost_supply
    for w in p.wishes:
        fur, total, _, points, _ = view.wish_card(w)
        value += 0.6 * points * min(1.0, (furs[fur] + p.tigers) / total)
    value += 0.5 * p.plan_pos
    if p.pos >= 0:
        value += 0.1 * sum(view.columns[p.pos])
    return value


class GreedyStrategy(Strategy):
    name = "greedy"
    description = "one-step lookahead on a heuristic estimate of final VP"
    bonus: dict = {}

    def choose(self, decision):
        return self.pick_best(decision, lambda c: estimate(decision.after(c), self.bonus))
