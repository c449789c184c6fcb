"""Root's big decisions in steps for a person at the keyboard (``automa-sim play``, automa.core.steps,
docs/play.md): ``steps(view, kind, choice)``. A decision of more than a page of choices is asked a step at
a time: a move (the Marquise's march, the Eyrie's, Cobbler's) as the clearing moved from, the clearing
moved to and the warriors (``7 12 3``); a faction's next action as the action, then its clearing, card,
building or defender (``b 5 s``: build a sawmill in clearing 5; ``mo 2 5 1``: an Alliance move); a battle
as the clearing, then the defender; a Decree card as the card, then the column.
"""
from __future__ import annotations

from automa.core.screen import count
from automa.core.steps import Step
from automa.root.battle import PASS
from automa.root.labels import action, card, describe, faction, where

VERBS = {"march": "m", "recruit": "r", "build": "b", "overwork": "o", "bird": "bd", "move": "mo",
         "battle": "ba", "craft": "c", "mobilize": "mb", "train": "t", "organize": "og"}  # an action's key
BUILDING_KEYS = {"sawmill": "s", "workshop": "w", "recruiter": "r"}
COLUMN_KEYS = {"recruit": "r", "move": "m", "battle": "ba", "build": "bu"}
MOVES = ("march", "eyrie_move", "cobbler")
BATTLES = ("eyrie_battle", "command_warren")
ACTIONS = ("marquise_action", "alliance_daylight", "alliance_operation")
STEPPED = MOVES + BATTLES + ACTIONS + ("eyrie_decree_add",)


def clearing(view, c: int) -> Step:
    return Step("clearing", str(c), where(view, c))


def move(view, choice) -> tuple[Step, ...]:
    o, d, n = choice
    return (Step("clearing to move from", str(o), f"from {where(view, o)}"),
            Step("clearing to move to", str(d), f"to {where(view, d)}"),
            Step("number of warriors", str(n), count(n, "warrior")))


def battle(view, choice) -> tuple[Step, ...]:
    c, defender = choice
    return clearing(view, c), Step("defender", defender[:2], faction(view, defender))


def act(view, choice) -> tuple[Step, ...]:
    """An action: its verb (alone when it takes nothing more), then what it takes."""
    verb, *rest = choice
    if not rest:
        return (Step("action", VERBS.get(verb, verb), action(view, choice)),)
    first = Step("action", VERBS.get(verb, verb), verb)
    if verb == "move":
        return (first,) + move(view, rest)
    if verb == "battle":
        return (first,) + battle(view, rest)
    if verb == "build":
        c, building = rest
        return first, clearing(view, c), Step("building", BUILDING_KEYS.get(building, building), action(view, choice))
    if verb in ("bird", "craft", "mobilize", "train"):
        return first, Step("card", str(rest[0]), card(view, rest[0]))
    return first, clearing(view, rest[0])


def steps(view, kind: str, choice) -> tuple[Step, ...] | None:
    """``choice`` of a ``kind`` decision in steps, or None for a decision asked in one list."""
    if kind not in STEPPED:
        return None
    if choice == PASS:
        return (Step("action", "x", describe(view, kind, choice)),)
    if kind in MOVES:
        return move(view, choice)
    if kind in BATTLES:
        return battle(view, choice)
    if kind in ACTIONS:
        return act(view, choice)
    if kind == "eyrie_decree_add":
        k, column = choice
        return Step("card", str(k), card(view, k)), Step("column", COLUMN_KEYS[column], f"the {column} column")
    return None
