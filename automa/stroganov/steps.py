"""Stroganov's big decisions in steps for a person at the keyboard (``automa-sim play``,
automa.core.steps, docs/play.md): ``steps(view, kind, choice)``, e.g. a main action ``("hunt", 2, 1, 2)``
as action ``hu`` (hunt), slot ``3``, furs skipped ``1``, furs taken ``2``, typed in one go as
``hu3 1 2``. Also ``idle`` (a decision asked for nothing), ``reminder`` and ``preface``.
"""
from __future__ import annotations

from automa.core.steps import Step
from automa.stroganov.labels import describe

ACTIONS = {  # an action's key and its words as the first step
    None: ("x", None), "coin": ("co", "take coins"), "horses": ("ho", "take horses"),
    "move": ("mo", "move the cossack (then how far)"), "hunt": ("hu", "hunt (then the slot, the furs skipped and taken)"),
    "trade": ("tr", "trade at the trade space (then how many)"), "village": ("vi", "visit a village (then the region)"),
    "yurt": ("yu", "use a yurt (then the region)"), "wish": ("wi", "take a Tsar's Wish (then the region)"),
    "outpost": ("ou", "outpost"), "claim": ("cl", "claim a tile (then the slot)"),
    "merchant": ("me", "sell to the merchant (then how many)"),
}
EXTRAS = {None: "x", "fulfil": "f", "buy": "b", "mtrade": "t"}


def action(view, kind: str, choice) -> tuple[Step, ...]:
    """A basic, main or paid action (ST-BASIC-1..2, ST-ADV-1, ST-TURN-5): the action, then its numbers
    (a slot or region as the screen shows it, 1 first, and amounts as they are)."""
    name = None if choice is None else choice[0]
    key, words = ACTIONS[name]
    if choice is None or len(choice) == 1:
        return (Step("action", key, describe(view, kind, choice)),)
    first = Step("action", key, words)
    if name == "move":
        return first, Step("distance", f"{choice[1]:+d}", f"{abs(choice[1])} {'east' if choice[1] > 0 else 'west'}")
    if name == "hunt":
        _, slot, skip, count = choice
        return (first, Step("slot", str(slot + 1), f"slot {slot + 1} (region {view.slot_region[slot]})"),
                Step("furs skipped", str(skip), f"skip {skip}"), Step("furs taken", str(count), f"take {count}"))
    if name == "claim":
        return first, Step("slot", str(choice[1] + 1), f"slot {choice[1] + 1}")
    if name in ("village", "yurt", "wish"):
        return first, Step("region", str(choice[1]), f"region {choice[1]}")
    return first, Step("number", str(choice[1]), str(choice[1]))


def steps(view, kind: str, choice) -> tuple[Step, ...] | None:
    """``choice`` of a ``kind`` decision in steps, or None for a decision asked in one go."""
    if kind in ("basic", "main", "paid"):
        return action(view, kind, choice)
    if kind == "extra":
        if choice is None:
            return (Step("extra action", "x", describe(view, kind, choice)),)
        return Step("extra action", EXTRAS[choice[0]], choice[0]), Step("fur or wish", str(choice[1]), str(choice[1]))
    return None
