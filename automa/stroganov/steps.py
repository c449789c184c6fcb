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


def idle(view, kind: str, choices: list) -> int | None:
    """The pass of an ``extra`` decision whose every other choice is a market trade that takes back a fur
    of a kind it gives (ST-MARKET-3: the lowest furs go; such a trade only loses a fur); None to ask."""
    if kind != "extra" or choices[0] is not None:
        return None
    given = set(lowest(view.player.furs, view.market_costs()[1]))
    return 0 if all(c[0] == "mtrade" and c[1] in given for c in choices[1:]) else None


def offer(view, kind: str, choices: list) -> tuple | None:
    """What an ``extra`` decision offers (ST-TURN-7): its choices on the player's supply, the market and
    the Tsar's Wishes in this season's turn, and its pass (index 0). The same offer, passed on once in a
    turn, is not asked again: buying or trading then or now gives the same."""
    if kind != "extra":
        return None
    p = view.player
    return (view.year, view.season, tuple(choices), p.furs, p.tigers, p.coins, p.horses, p.wishes, p.pos,
            view.market), 0


def lowest(furs, n: int) -> list[int]:
    """The values of the ``n`` lowest furs of a supply (counts by value), as a market trade gives them."""
    return [value for value, count in enumerate(furs) for _ in range(count)][:n]


def reminder(view, kind: str, choices: list) -> str | None:
    """At an ``extra`` decision, what is still useful: horses enough for a market fur (ST-MARKET-2), a
    Tsar's Wish the supply can hand in (ST-WISH-3)."""
    if kind != "extra":
        return None
    notes = []
    price = view.market_costs()[0]
    if view.player.horses >= price:
        notes.append(f"{view.player.horses} horses unused (a market fur costs {price})")
    if any(c is not None and c[0] == "fulfil" for c in choices):
        notes.append("a Tsar's Wish can be handed in")
    return "; ".join(notes) or None


def preface(options: dict) -> list[str]:
    """The first screen's note for owners of the game: the base-game values not printed in the rules
    the engine reads are proposed (the open points ST-OPEN-n, docs/stroganov.md), and how to enter one's
    own box's (``rules template``, ``--option rules=FILE``)."""
    from automa.stroganov.options import OPEN_POINTS

    keys = sorted({part.strip().split(".")[0] for names in OPEN_POINTS.values() for part in names.split(",")
                   if "." in part})
    own = options.get("rules")
    return [f"Proposed, not printed (ST-OPEN-1..{max(OPEN_POINTS)}, docs/stroganov.md): the values of "
            f"{', '.join(keys)}" + (f"; yours from {own}." if own else "."),
            "With your own box's values: write the template, edit it, and play with it:",
            "automa-sim rules template stroganov > my-box.toml",
            "automa-sim play stroganov --option rules=my-box.toml"]
