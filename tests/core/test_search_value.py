"""The value of a finished rollout for the search players (strategies/search.py)."""
import pytest

from automa.core.results import WINNERS, Result
from strategies.search import value


@pytest.mark.parametrize("winner", WINNERS)
def test_every_winner_has_a_value(winner):
    """Every winner an engine can return has a value; a tie after the tie-breaks (Rurik's
    ``final_tie=draw``, RK-OPEN-17) is worth half a win, between a loss and a win."""
    level = Result({"vp": 10}, {"vp": 10}, winner, 4, 40)
    assert 0 <= value(level) <= 1
    if winner == "tie":
        loss, win = (value(Result({"vp": 10}, {"vp": 10}, w, 4, 40)) for w in ("automa", "player"))
        assert value(level) == pytest.approx((loss + win) / 2)


def test_margin_orders_equal_outcomes():
    """Two losses differ by their margin, so a search still has a gradient where every game is lost."""
    close, far = (value(Result({"vp": 10}, {"vp": 10 + d}, "automa", 4, 40)) for d in (1, 15))
    assert close > far
