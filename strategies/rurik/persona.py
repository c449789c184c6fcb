"""The shared shape of the Rurik personas: fixed priorities, no lookahead.

A persona ranks strategy-board columns (it places its strongest free advisor in the first
column it may use, bribing only to reach the top of a favourite column when it has coins to
spare) and scores each spending choice with ``weight(view, choice)``; it passes when no choice
scores above 0. It uses only the conversion tokens named in ``conversions``, so goods stay on
the boat otherwise. With the Stone & Blade modules every persona tries every capture, takes the
Veche's scheme card and announces the faction's defeat as soon as it can. It never declines the
out-of-troops muster, spends a scheme card's move point before its muster point, and pays what a
deed or token costs in the engine's first choice (the ``pay_*`` decisions). Other decisions (which
deck, which card to keep, where that muster goes) go to its random stream.
"""
from automa.core.strategy import Strategy

COLUMNS = ("muster", "move", "attack", "tax", "build", "scheme")


class Persona(Strategy):
    columns: tuple[str, ...] = COLUMNS
    conversions: tuple[str, ...] = ()

    def __init__(self, rng):
        super().__init__(rng)
        self._ranks = [10 * (len(COLUMNS) - self.columns.index(name)) for name in COLUMNS]   # per column

    def weight(self, view, choice) -> float:
        raise NotImplementedError

    def choose(self, decision):
        kind, choices, view = decision.kind, decision.choices, decision.view
        if kind == "advisor_place":
            return self.pick_top(choices, self._placements(view, choices))
        if kind in ("capture", "veche", "faction_defeat") or kind.startswith("pay_"):
            return choices[0]
        if kind == "scheme_order":
            return ("first", "move") if ("first", "move") in choices else choices[0]
        if kind == "conversion":
            usable = [c for c in choices if c[0] == "convert" and c[1] in self.conversions]
            return usable[0] if usable else choices[-1]
        if kind == "out_of_troops":                      # never declined
            return self.uniform([c for c in choices if c[0] != "pass"])
        if kind in ("muster", "move", "attack", "tax", "build", "deed", "scheme_play"):
            best = self.pick_best(decision, lambda c: -1.0 if c[0] in ("pass", "forfeit") else self.weight(view, c))
            return best
        return self.uniform(choices)

    def _placements(self, view, choices):
        """Per placement: 10 per rank of its column (the first column ranks highest), plus the
        advisor's strength, less 3 per bribe coin when the player has fewer than 4 coins."""
        ranks, numbers = self._ranks, view.ADVISOR_NUMBER
        per_coin = 3 * (view.coins(view.PLAYER) < 4)
        return [ranks[column] + numbers[advisor] + bribe - per_coin * bribe for _, advisor, column, bribe in choices]


def rebels(view, r):
    return view.units(view.REBELLION, r)


def near_rebels(view, r):
    counts = view.unit_counts(view.REBELLION)
    return counts[r] + sum([counts[q] for q in view.adjacent(r)]) / 2
