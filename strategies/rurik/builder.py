"""``builder``: structures in adjacent regions, churches first.

Columns: build, muster, tax, then move, scheme, attack. It builds churches (converting a rebel when
it can), then strongholds and markets, preferring regions next to its other structures so the
build track grows; musters where it has structures; moves into empty regions beside them.
It converts goods into build points only, so never uses the warfare module's solo conversion
token, which gives an attack point (``ignores``). With the epic module it builds epic structures eagerly.
"""
from strategies.rurik.persona import Persona


def own_structures(v, r):
    return sum(1 for o, _ in v.structures(r) if o == v.PLAYER)


def next_to_mine(v, r):
    return sum(own_structures(v, q) > 0 for q in v.adjacent(r))


class BuilderStrategy(Persona):
    name = "builder"
    description = "adjacent structures, churches"
    conversions = ("build",)
    ignores = {"modules=warfare": "never uses the warfare module's solo conversion token for an attack point "
                                  "(RK-SB-WAR-5): it converts goods only into build points"}
    columns = ("build", "muster", "tax", "move", "scheme", "attack")

    def weight(self, v, c):
        kind = c[0]
        if kind == "epic":
            return 3.5 + next_to_mine(v, c[1]) / 2
        if kind == "build":
            r, k = c[1], c[2]
            base = {0: 4, 1: 3, 2: 3, 3: 1.5, 4: 2}[k] + (c[3] == "rebellion")
            return base + next_to_mine(v, r) - (own_structures(v, r) > 0)
        if kind == "muster":
            return 2 + own_structures(v, c[1])
        if kind == "move":
            src, dst = c[1], c[2]
            if v.units(v.PLAYER, src) <= 1 or v.units(v.PLAYER, dst) > 0:
                return 0
            return 1 + next_to_mine(v, dst)
        if kind == "tax":
            return 2
        if kind == "attack":
            return 1.5 if c[2] == "neutral" else 1
        return 2
