"""Turn order and winter (ST-YEAR-2, ST-YEAR-3, ST-WINTER-1..5)."""
from __future__ import annotations

from automa.stroganov import rounds
from automa.stroganov.state import IVAN, PLAYER, START
from tests.stroganov.conftest import make_run


def test_easternmost_first_then_later_arrival():
    """Easternmost cossack first; on one tile the later arrival (ST-YEAR-2, ST-YEAR-3)."""
    run = make_run()
    p, i = run.st.sides
    p.pos, i.pos = 5, 3
    assert rounds.turn_order(run) == [PLAYER, IVAN]
    i.pos, i.arrived, p.arrived = 5, 10, 9
    assert rounds.turn_order(run) == [IVAN, PLAYER]


def test_winter_home_income_and_refill():
    """Cossacks go home, horses 2 + banners, claimed slots refilled, trade fur redrawn, market refilled
    (ST-WINTER-2, ST-WINTER-4)."""
    run = make_run()
    st = run.st
    p, i = st.sides
    p.pos, i.pos, p.banners, st.banners_left = 7, 9, 2, st.banners_left - 2
    horses, ivan_horses = p.horses, i.horses
    st.tiles[3] = -1
    st.market.pop()
    rounds.winter(run, last=False)
    assert p.pos == i.pos == START and p.horses == horses + 4 and i.horses == ivan_horses
    assert st.tiles[3] >= 0 and len(st.col[3]) == run.t.tiles[st.tiles[3]].slots and len(st.market) == 6


def test_next_year_order_reverses_last_season():
    """The side that played last in autumn plays first next spring (ST-YEAR-3, ST-OPEN-28)."""
    run = make_run()
    run.st.order = [IVAN, PLAYER]
    rounds.winter(run, last=False)
    assert rounds.turn_order(run) == [PLAYER, IVAN]


def test_year_two_switches_wish_deck():
    """After year 2 the display refills from second-half wishes (ST-WISH-2, ST-OPEN-25)."""
    run = make_run()
    run.st.year = 2
    run.st.wish[1] = -1
    rounds.winter(run, last=False)
    assert run.st.wish[1] in run.t.wish_groups["second_half"]
