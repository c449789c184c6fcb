"""The modules plug in at the hook points of automa/rurik/hooks.py: with no module in play no module
code runs, with one only its file runs, and a house-rule module of one's own plugs in the same way
(docs/modules.md, "Rurik")."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.core.trace import Trace
from automa.rurik import combat, module_hooks, rounds
from automa.rurik.hooks import NO_HOOKS, POINTS, Hooks, register
from automa.rurik.match import Match
from automa.rurik.modules import epic, factions, warfare
from automa.rurik.state import PLAYER
from tests.rurik.conftest import make_match, region

MODULES_DIR = Path(epic.__file__).resolve().parent
GAME = get_game("rurik")


def entered_module_files(modules: str, games: int = 4) -> set[str]:
    """The files of automa/rurik/modules/ whose code runs while ``games`` random games are played
    with ``modules`` in play."""
    opts = GAME.resolve_options({"modules": modules})
    ctx = GAME.prepare(opts)
    seen: set[str] = set()

    def profile(frame, event, arg):
        if event == "call":
            seen.add(frame.f_code.co_filename)

    for i in range(games):
        st = game_streams(5, i)
        strategy = get_strategy(GAME, "random")(st.strategy)
        sys.setprofile(profile)
        try:
            GAME.play(ctx, opts, strategy, st, None)
        finally:
            sys.setprofile(None)
    return {Path(f).name for f in seen if Path(f).resolve().parent == MODULES_DIR}


def test_no_module_code_runs_without_modules():
    assert entered_module_files("") == set()


@pytest.mark.parametrize("module", ["epic", "warfare", "factions"])
def test_only_the_module_in_play_runs(module):
    assert entered_module_files(module) == {f"{module}.py"}


def test_the_wiring_registers_in_module_order_whatever_the_option_order():
    hooks = module_hooks("factions,warfare")
    assert hooks.modules == ("warfare", "factions")
    assert hooks.claim_start == (warfare.release, factions.place_neutral)      # RK-CLAIM-1 order
    assert module_hooks("") == Hooks() and module_hooks("") is module_hooks("")


def test_every_module_registers_at_named_hook_points_only():
    for module in (epic, warfare, factions):
        assert set(module.HOOKS) <= set(POINTS)
    with pytest.raises(ValueError, match="no hook point 'move_cost'"):
        register([("typo", {"move_cost": lambda m: 0})])


# --- a house-rule module of one's own: the example of docs/modules.md, "Rurik" ----------------------

def kiev_walls(m: Match, r: int) -> int:
    """House rule "Kiev's walls": an attacker in Kiev reveals 1 more casualty card."""
    return 1 if r == m.data.regions.index("kiev") else 0


HOUSE_RULE = {"casualty_cards": kiev_walls}


def test_a_house_rule_module_changes_the_casualty_cards():
    plain, walled = make_match(), make_match()
    walled.hooks = register([("kiev_walls", HOUSE_RULE)])
    kiev, volyn = region("kiev"), region("volyn")
    assert combat.casualty_cards(walled, PLAYER, kiev) == combat.casualty_cards(plain, PLAYER, kiev) + 1
    assert combat.casualty_cards(walled, PLAYER, volyn) == combat.casualty_cards(plain, PLAYER, volyn)


def test_a_house_rule_module_plays_whole_games():
    """Played with ``rounds.play(..., hooks=register(...))``: every casualty check in Kiev reveals one
    more card, so the games' casualty checks in Kiev reveal more cards than the plain games'."""
    opts = GAME.resolve_options({})
    ctx = GAME.prepare(opts)
    hooks = register([("kiev_walls", HOUSE_RULE)])

    def kiev_cards(house: bool) -> int:
        total = 0
        for i in range(20):
            st = game_streams(7, i)
            trace = Trace()
            rounds.play(ctx, opts, get_strategy(GAME, "random")(st.strategy), st, trace,
                        hooks if house else NO_HOOKS)
            total += sum(e["cards"] for e in trace.events if e["kind"] == "casualty" and e["region"] == "kiev")
        return total
    assert kiev_cards(True) > kiev_cards(False)
