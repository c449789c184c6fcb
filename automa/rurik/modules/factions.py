"""Module C, rebel factions, in solo (RK-SB-FACT-1..4, RK-OPEN-25).

One random faction card is in play. In solo its "rebels" are neutral troops, in the effect and in
the defeat condition. The rebel camp stands in the region of a revealed inheritance card (Kiev:
reveal again) and counts as one of the region's 3 structures. At the start of each claim phase,
while the faction is undefeated, a neutral troop goes into the camp region if it has none, else into
the region of the next inheritance card. The player defeats the faction by announcing its condition
on their turn: 1 VP token, the camp is removed and the effect ends. ``faction_scope`` (RK-OPEN-25):
``player_only`` (default) or ``both_sides`` (the effect hits the Rebellion too; only the player
announces a defeat in either reading).
"""
from __future__ import annotations

from automa.rurik import combat
from automa.rurik.claims import reveal_inheritance
from automa.rurik.decide import PASS, decide
from automa.rurik.match import Match
from automa.rurik.state import CAMP, CHURCH, NOBODY, PLAYER, REBELLION

P, R = PLAYER, REBELLION
ARMED_UPRISING, PAGAN_UNREST, PEASANT_MUTINY = range(3)
NAMES = ("Armed Uprising", "Pagan Unrest", "Peasant Mutiny")
FACTION_TOKENS = 2                    # index of the faction category in ModState.tokens
NEUTRAL_MINIATURES = 12               # RK-CORE-8


def setup(m: Match) -> None:
    """One random faction; the camp in the region of a revealed inheritance card, Kiev revealing
    again (RK-SB-FACT-4, RK-OPEN-22)."""
    s, mod = m.s, m.s.mod
    mod.faction = m.setup_rng.randrange(len(NAMES))
    kiev = m.data.regions.index("kiev")
    r = reveal_inheritance(m)
    while r == kiev:
        r = reveal_inheritance(m)
    mod.camp = r
    s.structs[r].append((NOBODY, CAMP))
    if m.trace:
        m.trace.event("setup", module="factions", faction=NAMES[mod.faction], camp=m.data.regions[r],
                      rule="RK-SB-FACT-4")


def active(m: Match, faction: int, side: int) -> bool:
    """The faction's effect hits ``side`` now (RK-SB-FACT-1..3, RK-OPEN-25 ``faction_scope``)."""
    mod = m.s.mod
    return (mod.faction == faction and not mod.defeated
            and (side == P or m.opt["faction_scope"] == "both_sides"))


def tax_cost(m: Match, side: int) -> list | None:
    """Peasant Mutiny: taxing a region with a neutral troop costs 1 point more (RK-SB-FACT-3,
    RK-SB-FACT-4): the extra points per region, None while it does not hit ``side``."""
    if not active(m, PEASANT_MUTINY, side):
        return None
    return [1 if n else 0 for n in m.s.neutral]


def spares_neutral(m: Match, side: int) -> bool:
    """Pagan Unrest: a church converts no neutral troop (RK-SB-FACT-2)."""
    return active(m, PAGAN_UNREST, side)


def uprising_cards(m: Match, r: int) -> int:
    """Cards of Armed Uprising's check after attacking a neutral troop in ``r``, "as if attacking an
    opponent", before the attacker's own modifiers: 1, and what modules add there (Town Wall, hook
    ``casualty_cards``); neutral troops neither rule nor hold a stronghold (RK-SB-FACT-1, RK-CAS-2,
    RK-OPEN-11)."""
    n = 1
    for hook in m.hooks.casualty_cards:
        n += hook(m, r)
    return n


def uprising_check(m: Match, side: int, r: int, at: int, fewer: int) -> tuple[int, int]:
    """Armed Uprising: after ``side`` removed a neutral troop in ``r``, a casualty check as if
    attacking an opponent (:func:`uprising_cards`, ``fewer`` cards fewer) from ``at`` (RK-SB-FACT-1,
    RK-SB-FACT-4, RK-CAS-2, RK-OPEN-25). Returns (cards revealed, units lost)."""
    if not active(m, ARMED_UPRISING, side):
        return 0, 0
    return combat.casualty_check(m, side, at, uprising_cards(m, r) - fewer)


def place_neutral(m: Match) -> None:
    """Start of the claim phase, while undefeated: 1 neutral troop into the camp region if it has
    none, else into the next inheritance card's region (RK-SB-FACT-4, RK-CLAIM-1)."""
    s, mod = m.s, m.s.mod
    if mod.defeated:
        return
    placed = sum(s.neutral) + s.sides[P].defeated_neutral + s.sides[R].defeated_neutral
    placed += mod.dungeon[P][2] + mod.dungeon[R][2]
    if placed >= NEUTRAL_MINIATURES:
        return
    r = mod.camp if not s.neutral[mod.camp] else reveal_inheritance(m)
    s.neutral[r] += 1
    mod.neutral_placed += 1
    if m.trace:
        m.trace.event("faction_troop", region=m.data.regions[r], rule="RK-SB-FACT-4")


def defeated_neutral(m: Match) -> int:
    """The player's defeated "rebels": neutral troops beside the mat or in the dungeon (RK-SB-FACT-4);
    a church puts none beside the mat by default (RK-READ-11)."""
    return m.s.sides[P].defeated_neutral + m.s.mod.dungeon[P][2]


def condition_met(m: Match) -> bool:
    """The faction's defeat condition, rebels read as neutral troops (RK-SB-FACT-1..4): Armed
    Uprising 4 defeated; Pagan Unrest 2 churches and 2 defeated; Peasant Mutiny 4 kinds of goods
    and 2 defeated."""
    mod = m.s.mod
    f = mod.faction
    beaten = defeated_neutral(m)
    if f == ARMED_UPRISING:
        return beaten >= 4
    if beaten < 2:
        return False
    if f == PAGAN_UNREST:
        return sum((P, CHURCH) in st for st in m.s.structs) >= 2
    pl = m.s.sides[P]
    return sum(1 for g in range(5) if pl.dock[g] + pl.boat[g]) >= 4      # goods held, boat and dock


def announce(m: Match) -> None:
    """On the player's turn: announce the defeat when the condition holds (RK-SB-FACT-1..4). Offered
    at the end of the turn and before every payment that could undo the condition (goods, a church),
    so a condition met mid-turn is not lost to a later payment of the same turn."""
    if m.lookahead or m.s.mod.defeated or not condition_met(m):
        return
    choice = decide(m, "faction_defeat", [("defeat",), PASS], _defeat)
    _defeat(m, choice)


def _defeat(m: Match, choice: tuple) -> None:
    """1 VP token, the camp removed, the effect off (RK-SB-FACT-1..3)."""
    if choice == PASS:
        return
    s, mod = m.s, m.s.mod
    mod.defeated = True
    s.sides[P].vp_tokens += 1
    mod.tokens[P][FACTION_TOKENS] += 1
    if mod.camp >= 0:
        s.structs[mod.camp].remove((NOBODY, CAMP))
        mod.camp = -1
    if m.trace:
        m.trace.event("faction_defeated", side="player", faction=NAMES[mod.faction], rule="RK-SB-FACT-1")


HOOKS = {
    "setup": setup, "claim_start": place_neutral, "tax_cost": tax_cost,
    "church_spares_neutral": spares_neutral, "neutral_check": uprising_check,
    "before_player_pays": announce, "player_turn_end": announce,
}
