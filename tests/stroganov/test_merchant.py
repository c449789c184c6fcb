"""Module 1: chipmunks and the merchant (ST-TK-MERCH-1..7)."""
from __future__ import annotations

from automa.stroganov import economy
from automa.stroganov.modules import merchant
from automa.stroganov.state import C_MERCHANT, IVAN
from tests.stroganov.conftest import make_run, take_from_bag


def test_chipmunks_in_bag_and_merchant_in_region_2():
    """10 chipmunks join the bag; the merchant starts in region 2 and moves east each winter
    (ST-TK-MERCH-1, ST-TK-MERCH-2, ST-FUR-2)."""
    run = make_run(modules="merchant")
    plain = make_run()
    assert len(run.st.bag) + sum(map(len, run.st.col)) + len(run.st.market) == \
        len(plain.st.bag) + sum(map(len, plain.st.col)) + len(plain.st.market) + 10
    assert run.st.merchant_region == 2
    merchant.move(run)
    assert run.st.merchant_region == 3


def test_ivan_sells_a_pair_at_once_and_a_lone_chipmunk_in_winter():
    """Ivan sells two chipmunks as soon as he holds them, and one at the start of winter, without presence
    (ST-TK-MERCH-5, ST-TK-MERCH-6, ST-IVAN-TURN-7)."""
    run = make_run(modules="merchant")
    run.st.merchant_tile = 3  # M4: 2 VP / 5 VP
    take_from_bag(run, 1, 1, 1)
    economy.gain_fur(run, IVAN, 1)
    economy.gain_fur(run, IVAN, 1)
    ivan = run.st.sides[IVAN]
    assert ivan.furs[1] == 0 and ivan.vp[C_MERCHANT] == 5
    economy.gain_fur(run, IVAN, 1)
    merchant.winter_start(run)
    assert ivan.furs[1] == 0 and ivan.vp[C_MERCHANT] == 7
