"""Final scoring and tie-breaks (RK-END-1, RK-END-2, RK-REB-END-1, RK-REB-END-2, RK-TIE-1..3,
RK-OPEN-16, RK-OPEN-17)."""
from __future__ import annotations

import pytest

from automa.rurik.scoring import score, warfare_vp, winner
from automa.rurik.state import PLAYER, REBELLION
from tests.rurik.conftest import make_match, region
from tests.rurik.helpers import rebels, troops


@pytest.mark.parametrize("mode, p, r, vp", [
    ("need_one_step", 0, 0, (0, 0)), ("need_one_step", 2, 0, (3, 0)), ("need_one_step", 2, 2, (3, 3)),
    ("need_one_step", 1, 4, (1, 3)), ("zero_counts", 0, 0, (3, 3)), ("zero_counts", 0, 2, (1, 3)),
])
def test_warfare_vp(mode, p, r, vp):
    """3 VP for most, 1 for second; a side at 0 scores nothing by default (RK-END-1, RK-OPEN-16)."""
    m = make_match(warfare_scoring=mode)
    m.s.sides[PLAYER].warfare, m.s.sides[REBELLION].warfare = p, r
    assert warfare_vp(m) == vp


def test_claim_vp_and_tokens():
    """Each track scores the VP of its highest level (1, 2, 3, 5, 8); VP tokens 1 each; the player's
    coins score nothing (RK-END-1, RK-SB-VPT-1, RK-REB-END-1)."""
    m = make_match()
    m.s.sides[PLAYER].claims = [1, 4, 5]
    m.s.sides[PLAYER].vp_tokens = 2
    m.s.sides[PLAYER].coins = 9
    m.s.sides[REBELLION].claims = [3, 0, 2]
    p, r = score(m)
    assert (p["rule"], p["build"], p["trade"], p["vp_tokens"], p["coins"]) == (1, 5, 8, 2, 0)
    assert (r["rule"], r["build"], r["trade"]) == (3, 0, 2)
    assert r["coins"] == 1


def test_winner_higher_total():
    """The higher total wins (RK-END-2)."""
    m = make_match()
    assert winner(m, 10, 9) == "player" and winner(m, 9, 10) == "automa"


def test_tie_most_regions_ruled_then_coins():
    """Ties: most regions ruled, then coins with the Rebellion's counting 0, then ``final_tie``
    (RK-TIE-1, RK-TIE-2, RK-REB-END-2, RK-TIE-3, RK-OPEN-17)."""
    m = make_match()
    troops(m, region("kiev"), 1)
    assert winner(m, 5, 5) == "player"
    rebels(m, region("volyn"), 1)
    rebels(m, region("rostov"), 1)
    assert winner(m, 5, 5) == "automa"
    m.s.sides[REBELLION].units[region("rostov")] = 0
    m.s.sides[REBELLION].coins = 30
    m.s.sides[PLAYER].coins = 1
    assert winner(m, 5, 5) == "player"
    m.s.sides[PLAYER].coins = 0
    for mode, result in (("draw", "tie"), ("rebellion_wins", "automa"), ("player_wins", "player")):
        mm = make_match(final_tie=mode)
        assert winner(mm, 5, 5) == result
