"""Module 2: hunting plans (ST-TK-PLAN-1..5)."""
from __future__ import annotations

from automa.stroganov import player
from automa.stroganov.modules import hunting_plan
from automa.stroganov.state import IVAN, PLAYER
from tests.stroganov.conftest import clear_board, make_run, take_from_bag


def test_only_the_next_animal_advances():
    """A hunted fur advances the marker only when it is the next animal (ST-TK-PLAN-3)."""
    run = make_run(modules="hunting_plan")
    side = run.st.sides[PLAYER]
    side.plan, side.plan_pos = (3, 5, 3, 6, 2), 0
    hunting_plan.on_hunt(run, PLAYER, [5])
    assert side.plan_pos == 0
    hunting_plan.on_hunt(run, PLAYER, [3])
    hunting_plan.on_hunt(run, PLAYER, [5])
    assert side.plan_pos == 2


def test_red_framed_furs_are_never_reduced():
    """Plan steps reduce only unframed furs (ST-TK-PLAN-4, ST-WISH-5)."""
    assert hunting_plan.wish_steps(plan_pos=5, total=4, paid=2, real=0) == 2
    assert hunting_plan.wish_steps(plan_pos=1, total=4, paid=2, real=0) == 1


def test_ivan_plan_vp():
    """3/6/9/12/15 VP for 1-5 plan furs (ST-TK-PLAN-5)."""
    run = make_run(modules="hunting_plan")
    run.st.sides[IVAN].plan_pos = 3
    assert hunting_plan.ivan_vp(run) == 9


def hunt_two(plan, *furs):
    """The player, with ``plan`` and no step yet, hunts the two ``furs`` of a tile in one hunt."""
    run = make_run(modules="hunting_plan")
    clear_board(run)
    side = run.st.sides[PLAYER]
    side.plan, side.plan_pos, side.pos, side.coins = plan, 0, 2, 1
    run.st.col[2] = take_from_bag(run, *furs)
    player.hunt(run, 2, 0, 2)
    return run, side


def test_player_hunt_advances_the_plan_but_a_bought_fur_does_not():
    """Each hunted fur of the next animal moves the player's marker; a fur bought from the market does not
    (ST-HUNT-8, ST-TK-PLAN-3)."""
    run, side = hunt_two((4, 6, 3, 5, 2), 3, 4)
    assert side.plan_pos == 1
    run.st.market, side.horses = take_from_bag(run, 6), 5
    player.extra(run, ("buy", 6))
    assert side.plan_pos == 1 and side.furs[6] >= 1


def test_the_furs_of_one_hunt_advance_the_plan_as_far_as_they_can():
    """Line 88: "every time a player hunts a fur of the next animal type", the marker moves. The furs of one
    hunt are taken together, so they count in the order that takes the marker furthest: a hunt of a 3 and a
    5 against a plan 5, 3 moves it two steps, where counting the lowest first moved it one (ST-TK-PLAN-3,
    ST-HUNT-8, ST-READ-3)."""
    run, side = hunt_two((5, 3, 6, 2, 4), 3, 5)
    assert side.plan_pos == 2 and side.furs[3] >= 1 and side.furs[5] >= 1
