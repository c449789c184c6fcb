"""``merchant``: tax, fill the boat, build markets.

Columns: tax, build, muster, then move, scheme, attack. It taxes goods whose boat column still
has room (full columns give income), takes the extra good at its markets, builds markets first,
musters and moves into regions whose goods token is still there.
It never converts goods: they stay on the boat; so it never uses the warfare module's solo
conversion token either (``ignores``).
"""
from strategies.rurik.persona import Persona


class MerchantStrategy(Persona):
    name = "merchant"
    description = "tax, boat, markets"
    conversions = ()
    ignores = {"modules=warfare": "never uses the warfare module's solo conversion token for an attack point "
                                  "(RK-SB-WAR-5): it converts no goods"}
    columns = ("tax", "build", "muster", "move", "scheme", "attack")
    SIZE = (3, 3, 2, 2, 1)

    def weight(self, v, c):
        kind = c[0]
        if kind == "tax":
            g = v.GOODS.index(v.region_goods[c[1]])
            room = v.boat(v.PLAYER)[g] < self.SIZE[g]
            return 3 + 2 * room + (c[2] == "good")
        if kind == "build":
            return {2: 5, 1: 2, 0: 2, 3: 1, 4: 3}[c[2]]
        if kind == "muster":
            return 1 + v.goods_token(c[1])
        if kind == "move":
            src, dst = c[1], c[2]
            if v.units(v.PLAYER, src) <= 1 or v.units(v.PLAYER, dst) > 0:
                return 0
            return 1 + v.goods_token(dst)
        if kind == "attack":
            return 1
        return 2
