"""Rurik's big decisions in steps for a person at the keyboard (``automa-sim play``, automa.core.steps,
docs/play.md): ``steps(view, kind, choice)``, e.g. an advisor placement ``("advisor", "2", 4, 0)`` as
advisor ``2``, column ``b`` (build), bribe ``0``, typed in one go as ``2b0``. Regions are keyed by
their first letters (``ki`` Kiev, ``po`` Polotsk, ``pe`` Pereyaslavl), structures as on the screen
(``ch sh ma sb ta``). Also ``idle`` (a decision asked for nothing) and ``reminder``.
"""
from __future__ import annotations

from automa.core.steps import Step
from automa.rurik.data import COLUMNS
from automa.rurik.labels import PASS, ROWS, describe

COLUMN_KEYS = ("m", "v", "a", "t", "b", "s")          # muster, moVe, attack, tax, build, scheme
STRUCTURE_KEYS = ("ch", "sh", "ma", "sb", "ta")       # church, stronghold, market, stable, tavern (the screen's)
UNIT_KEYS = {"troop": "t", "leader": "l"}
TARGET_KEYS = {"rebellion": "re", "neutral": "ne", "none": "x"}  # not n: the next page
TAX_KEYS = {"none": "x", "good": "g", "coin": "c"}
SPENDS = ("muster", "move", "attack", "tax", "build")


def region_keys(names) -> tuple[str, ...]:
    """Each region's shortest prefix of at least two letters that no other region's name starts with."""
    names = [n.lower() for n in names]
    keys = []
    for name in names:
        size = 2
        while any(other != name and other.startswith(name[:size]) for other in names) and size < len(name):
            size += 1
        keys.append(name[:size])
    return tuple(keys)


def advisor_place(view, choice) -> tuple[Step, ...]:
    """RK-STRAT-3, -4: the advisor, the column (where it lands without a bribe), the bribe."""
    _, label, column, bribe = choice
    row = view.landing_row(column, view.ADVISOR_NUMBER[label])
    if row < len(view.strategy_spaces[column]):
        points, cost = view.strategy_spaces[column][row]
        lands = f"{ROWS[row]} space ({points} pt{'s' if points != 1 else ''}{f', {cost} coin' if cost else ''})"
    else:
        lands = "no space"
    paid = "no bribe" if not bribe else f"bribe {bribe} coin{'s' if bribe > 1 else ''}"
    return (Step("advisor", label, f"advisor {label}"),
            Step("column", COLUMN_KEYS[column], f"{COLUMNS[column]}: without a bribe, {lands}"),
            Step("bribe", str(bribe), paid))


def spend(view, kind: str, choice) -> tuple[Step, ...]:
    """An action point (RK-PL-MUSTER-1, RK-PL-MOVE-1, RK-PL-ATTACK-1, RK-PL-TAX-1, RK-PL-BUILD-1..3,
    RK-SB-EPIC-1): the region first (where a move starts), then what is done there."""
    if choice in (PASS, ("forfeit",)):
        return (Step("region", "x" if choice == PASS else "f", describe(view, kind, choice)),)
    keys = region_keys(view.regions)

    def where(r: int, name: str = "region") -> Step:
        return Step(name, keys[r], view.regions[r].capitalize())

    if kind == "muster":
        return where(choice[1]), Step("unit", UNIT_KEYS[choice[2]], f"{'a troop' if choice[2] == 'troop' else 'your leader'}")
    if kind == "move":
        _, a, b, unit = choice
        return where(a, "region to move from"), where(b, "region to move to"), Step("unit", UNIT_KEYS[unit], f"a {unit}")
    if kind == "attack":
        target = choice[2]
        return where(choice[1]), Step("target", TARGET_KEYS[target], "a Rebellion unit" if target == "rebellion" else "a neutral troop")
    if kind == "tax":
        how = choice[2]
        return where(choice[1]), Step("market", TAX_KEYS[how], {"none": "1 good", "good": "a second good",
                                                                 "coin": "a coin"}[how])
    if choice[0] == "epic":
        _, r, slot, other = choice
        epic = Step("structure", f"e{slot + 1}", f"the {view.epic_cards[slot][0]}")
        return (where(r), epic) + ((where(other, "border region"),) if other >= 0 else ())
    _, r, k, target = choice
    built = Step("structure", STRUCTURE_KEYS[k], f"a {view.STRUCTURES[k]}")
    if view.STRUCTURES[k] != "church":
        return where(r), built
    return where(r), built, Step("conversion", TARGET_KEYS[target], {
        "none": "converting nothing", "rebellion": "converting a rebel", "neutral": "converting a neutral troop"}[target])


def steps(view, kind: str, choice) -> tuple[Step, ...] | None:
    """``choice`` of a ``kind`` decision in steps, or None for a decision asked in one go."""
    if kind == "advisor_place":
        return advisor_place(view, choice)
    if kind in SPENDS:
        return spend(view, kind, choice)
    return None
