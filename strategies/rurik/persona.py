"""The shared shape of the Rurik personas: fixed priorities, no lookahead.

A persona ranks strategy-board columns (it places its strongest free advisor in the first
column it may use, bribing only to reach the top of a favourite column when it has coins to
spare) and scores each spending choice with ``weight(view, choice)``; it passes when no choice
scores above 0. It uses only the conversion tokens named in ``conversions``, so goods stay on
the boat otherwise. With the Stone & Blade modules every persona tries every capture, takes the
Veche's scheme card and announces the faction's defeat as soon as it can. Other decisions (which
deck, which card to keep) go to its random stream.
"""
from automa.core.strategy import Strategy

COLUMNS = ("muster", "move", "attack", "tax", "build", "scheme")


class Persona(Strategy):
    columns: tuple[str, ...] = COLUMNS
    conversions: tuple[str, ...] = ()

    def weight(self, view, choice) -> float:
        raise NotImplementedError

    def choose(self, decision):
        kind, choices, view = decision.kind, decision.choices, decision.view
        if kind == "advisor_place":
            return self.pick_best(decision, lambda c: self._placement(view, c))
        if kind in ("capture", "veche", "faction_defeat"):
            return choices[0]
        if kind == "conversion":
            usable = [c for c in choices if c[0] == "convert" and c[1] in self.conversions]
            return usable[0] if usable else choices[-1]
        if kind in ("muster", "move", "attack", "tax", "build", "deed", "scheme_play"):
            best = self.pick_best(decision, lambda c: -1.0 if c[0] in ("pass", "forfeit") else self.weight(view, c))
            return best
        return self.uniform(choices)

    def _placement(self, view, choice):
        _, advisor, column, bribe = choice
        rank = len(COLUMNS) - self.columns.index(COLUMNS[column])
        strength = int(advisor[0]) + bribe
        return rank * 10 + strength - 3 * bribe * (view.coins(view.PLAYER) < 4)


def rebels(view, r):
    return view.units(view.REBELLION, r)


def near_rebels(view, r):
    return rebels(view, r) + sum(rebels(view, q) for q in view.adjacent(r)) / 2
