"""``warlord``: muster, attack and rule regions.

Columns: attack, muster, move, then tax, build, scheme. It attacks Rebellion units first
(warfare steps), then neutral troops; musters where it is close to ruling; moves toward regions
held by the Rebellion; builds strongholds; plays every scheme card and deed it can.
It converts goods into muster points, and with the warfare module uses the solo conversion token.
"""
from strategies.rurik.persona import Persona, near_rebels, rebels


class WarlordStrategy(Persona):
    name = "warlord"
    description = "muster, attack, rule regions"
    conversions = ("muster", "attack")
    columns = ("attack", "muster", "move", "tax", "build", "scheme")

    def weight(self, v, c):
        kind = c[0]
        if kind == "attack":
            return 5 + (c[2] == "rebellion") * 2
        if kind == "muster":
            r = c[1]
            return 2 + (not v.rules(v.PLAYER, r)) + near_rebels(v, r) / 4
        if kind == "move":
            src, dst = c[1], c[2]
            if v.units(v.PLAYER, src) <= 1 or v.rules(v.PLAYER, dst):
                return 0
            return 1 + (rebels(v, dst) > 0) + v.neutral[dst] * 0.5
        if kind == "build":
            return 3 if c[2] == 1 else 1          # strongholds
        if kind == "tax":
            return 1
        return 2                                   # deeds, scheme cards, conversions
