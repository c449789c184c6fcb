"""The modules plug in at the base game's hook points (automa/stroganov/hooks.py): with no module on, no
module code runs; with one on, only that module's file does; a house rule registers the same way
(docs/modules.md, "Stroganov")."""
from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

import automa.stroganov.modules as modules_package
from automa.core.seeding import game_streams
from automa.stroganov import GAME, REGISTER, _opts, hooks, rounds, setup
from automa.stroganov.hooks import Hooks
from automa.stroganov.options import MODULES
from automa.stroganov.state import C_OUTPOST, PLAYER
from strategies.stroganov.greedy import GreedyStrategy
from strategies.stroganov.random import RandomStrategy
from tests.stroganov.conftest import context

MODULES_DIR = Path(modules_package.__file__).parent


def play(options: dict, seed: int, strategy, house_rules=()) -> tuple:
    """One game from the registry entry's options (with ``house_rules`` registered after the modules):
    the run and both sides' final category VP."""
    opts = GAME.resolve_options(options)
    ctx = context(opts["rules"], opts["region_layout"])
    streams = game_streams(seed, 0)
    o = _opts(ctx, opts)
    if house_rules:
        o = copy.copy(o)  # the cached options stay as they are
        o.hooks = hooks(o.modules, house_rules)
    run = setup.setup(ctx["tables"], o, streams, strategy(streams.strategy), None)
    return run, rounds.play_game(run)


def module_files_entered(options: dict) -> set[str]:
    """The files under automa/stroganov/modules/ whose code runs in a few games (random and greedy, whose
    lookahead plays choices on copies), from setup to final scoring."""
    entered = set()

    def profile(frame, event, arg):
        if event == "call":
            path = Path(frame.f_code.co_filename)
            if path.parent == MODULES_DIR:
                entered.add(path.name)

    sys.setprofile(profile)
    try:
        for seed, strategy in ((1, RandomStrategy), (2, RandomStrategy), (3, GreedyStrategy)):
            play(options, seed, strategy)
    finally:
        sys.setprofile(None)
    return entered


def test_with_no_module_no_module_code_runs():
    assert module_files_entered({"opponent": "katyusha"}) == set()
    assert module_files_entered({}) == set()


@pytest.mark.parametrize("module", MODULES)
def test_with_one_module_only_its_file_runs(module):
    assert module_files_entered({"modules": module}) == {f"{module}.py"}


def test_the_modules_register_in_the_order_of_the_option():
    """Whatever order ``modules`` names them in, the modules register in the order of options.MODULES,
    so that hooks used by two modules (``setup``: merchant, then diplomacy) run in one order."""
    assert tuple(REGISTER) == MODULES
    a, b = hooks(("diplomacy", "merchant")), hooks(("merchant", "diplomacy"))
    assert a.setup == b.setup and [f.__module__ for f in a.setup] == [
        "automa.stroganov.modules.merchant", "automa.stroganov.modules.diplomacy"]
    empty = Hooks()
    assert all(getattr(hooks(()), name) == getattr(empty, name) in ((), None) for name in Hooks.__slots__)


# A house rule of one's own, as docs/modules.md, "Stroganov" shows it: the Tsar's favour, 1 more VP at the end
# for each outpost the player has built.

def tsars_favour(run, who: int, vp: list) -> None:
    """House rule: each outpost of the player scores 1 more VP at the end."""
    if who == PLAYER:
        vp[C_OUTPOST] += sum(run.st.sides[PLAYER].outposts)


def register(hooks: Hooks) -> None:
    hooks.end_vp += (tsars_favour,)


@pytest.mark.parametrize("options", [{}, {"modules": "hunting_plan,landscapes"}])
def test_a_house_rule_registers_at_a_hook_point(options):
    """The random player ignores scores, so the game is the same move for move: only the player's outpost
    VP grow, by 1 per outpost."""
    run, scores = play(options, 7, RandomStrategy)
    ruled, ruled_scores = play(options, 7, RandomStrategy, house_rules=(register,))
    outposts = sum(ruled.st.sides[PLAYER].outposts)
    assert outposts and run.st.sides[PLAYER].outposts == ruled.st.sides[PLAYER].outposts
    bonus = [0] * len(scores[PLAYER])
    bonus[C_OUTPOST] = outposts
    assert ruled_scores == [[a + b for a, b in zip(scores[PLAYER], bonus)], scores[1]]
