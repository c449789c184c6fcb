"""Greedy: one-step lookahead, scoring each choice's outcome with a heuristic estimate of final VP.

The estimate is the player's VP if the game ended now (all end conversions included), plus the value of
what can still turn into VP: furs (0.3 each), coins (0.25), horses (0.15), story points (0.1), an outpost
waiting in the supply (1.5), each held Tsar's Wish (60% of its VP times the share of its furs already held,
tigers counting), steps on the hunting plan (0.5), and the furs left on the cossack's tile (0.1 per value
point). With the diplomacy module it adds the diplomacy margin still to come: each winter the side ahead
scores its zone minus the other's and the other side nothing (ST-TK-DIPLO-7), so a zone of lead is worth
one VP of margin per winter scoring left, this year's included. It never steers its move to a diplomacy
tile: the lookahead of a move stops before the donation the tile offers (ST-TK-DIPLO-3), so it donates
only where it happens to land (``ignores``; the personas inherit it). A held fur of the kind the
Salesman makes wild (it pays any fur, ST-TK-LAND-6) counts 0.2 more, which also picks the Salesman's
fur. Personas add ``bonus`` weights per score category. Ties are broken by the strategy's own stream.
"""
from __future__ import annotations

from automa.core.strategy import Strategy


def estimate(view, weights: tuple = (), lands: bool = False) -> float:
    """Heuristic estimate of the player's final score from a view; ``weights`` are a persona's bonus as
    (category index, weight) pairs; ``lands``: the landscapes module is played (the Salesman's wild kind)."""
    p = view.player
    furs = p.furs
    vp = view.end_scores()
    value = sum(vp)
    for i, weight in weights:
        value += weight * vp[i]
    value += 0.3 * sum(furs) + 0.25 * p.coins + 0.15 * p.horses + 0.1 * p.story + 1.5 * p.outpost_supply
    wishes = p.wishes
    if wishes:
        tigers, card = p.tigers, view.wish_card
        for w in wishes:
            fur, total, _, points, _ = card(w)
            value += 0.6 * points * min(1.0, (furs[fur] + tigers) / total)
    value += 0.5 * p.plan_pos
    if lands:
        wild = p.salesman
        if wild:
            value += 0.2 * furs[wild]
    pos = p.pos
    if pos >= 0:
        value += 0.1 * sum(view.column(pos))
    if "diplomacy" in view.modules:
        own, automa = view.diplo_zones()
        value += (own - automa) * view.winters_left
    return value


class GreedyStrategy(Strategy):
    name = "greedy"
    description = "one-step lookahead on a heuristic estimate of final VP"
    ignores = {"modules=diplomacy": "never steers its move to a diplomacy tile (its lookahead stops before "
                                    "the donation there, ST-TK-DIPLO-3), so it donates only where it happens to land"}
    bonus: dict = {}
    weights = None  # the bonus as (category index, weight) pairs, found at the first decision
    lands = False  # the landscapes module is played, found at the first decision

    def choose(self, decision):
        weights = self.weights
        if weights is None:
            view = decision.view
            index = view.categories.index
            weights = self.weights = tuple((index(c), w) for c, w in self.bonus.items())
            self.lands = "landscapes" in view.modules
        after, choices, lands = decision.after, decision.choices, self.lands
        # pick_best, without a frame per choice
        return self.pick_top(choices, [estimate(after(c), weights, lands) for c in choices])
