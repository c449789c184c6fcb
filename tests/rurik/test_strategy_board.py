"""The strategy phase: landing, bribes, the spreading rule and the Rebellion's placements
(RK-STRAT-1..6, RK-REB-STRAT-1..7, RK-OPEN-2, RK-OPEN-3)."""
from __future__ import annotations

import pytest

from automa.rurik import strategy_board as sb
from automa.rurik.data import COLUMNS
from automa.rurik.state import PLAYER, REBELLION
from tests.rurik.conftest import Scripted, card_index, make_match

COL = {c: i for i, c in enumerate(COLUMNS)}


def test_landing_strictly_weaker_bumps():
    """The highest space empty or with a strictly weaker advisor; equal does not bump (RK-STRAT-4)."""
    col = [(PLAYER, "5", 5), (REBELLION, "2", 2)]
    assert sb.landing(col, 2) == 2 and sb.landing(col, 3) == 1 and sb.landing(col, 6) == 0
    m = make_match()
    m.s.board[0] = list(col)
    m.s.sides[REBELLION].coins = 5
    assert sb.place(m, REBELLION, "4", 0, 2) == 0
    assert [a[1] for a in m.s.board[0]] == ["4", "5", "2"]
    assert m.s.sides[REBELLION].coins == 3          # bribes go to the supply (RK-STRAT-3)


def test_player_choices_spreading_rule_and_bribes():
    """A column already used only once 3 columns are used; every affordable bribe, also one that only
    protects the advisor, up to the strength no Rebellion advisor can pass (5 + its coins) or the top
    occupant's + 1; full columns never (RK-STRAT-3, -4, -6)."""
    m = make_match()
    m.s.sides[PLAYER].coins = 3
    m.s.sides[REBELLION].coins = 0
    m.s.board[COL["muster"]] = [(PLAYER, "5", 5)]
    m.s.board[COL["move"]] = [(REBELLION, "4", 4), (REBELLION, "2", 2), (REBELLION, "1", 1)]
    m.s.board[COL["tax"]] = [(REBELLION, "4", 4)]
    ch = sb.player_choices(m, ["1", "2", "4"])
    cols = {c[2] for c in ch}
    assert COL["muster"] not in cols and COL["move"] not in cols
    tax = sorted((c[1], c[3]) for c in ch if c[2] == COL["tax"])
    assert tax == [("1", b) for b in range(4)] + [("2", b) for b in range(4)] + [("4", 0), ("4", 1)]
    m.s.sides[REBELLION].coins = 2                    # a 5 with 2 coins of bribe could pass a 6
    tax = sorted((c[1], c[3]) for c in sb.player_choices(m, ["4"]) if c[2] == COL["tax"])
    assert tax == [("4", b) for b in range(4)]
    m.s.board[COL["attack"]] = [(PLAYER, "1", 1)]
    m.s.board[COL["build"]] = [(PLAYER, "2", 2)]
    assert COL["muster"] in {c[2] for c in sb.player_choices(m, ["4"])}


def test_player_chooses_one_of_two_equal_advisors():
    """2 and 2+ are offered once (both are a 2) (RK-STRAT-5)."""
    m = make_match()
    labels = {c[1] for c in sb.player_choices(m, ["1", "2", "2+", "4", "5"])}
    assert labels == {"1", "2", "4", "5"}


@pytest.mark.parametrize("mode, row, coins", [("no_coin_icon", 1, 3), ("keep_coin_icon", 0, 0)])
def test_fallback_column_coin_icon(mode, row, coins):
    """Card 1 `attack_move`: 4 -> attack with coin icon. Attack full: the next column (tax) gets the
    advisor; by default without the coin-icon bribe (RK-REB-STRAT-3, RK-OPEN-3)."""
    m = make_match(rebel_fallback_bribe=mode)
    m.s.card, m.s.priority = card_index(1), "attack_move"
    m.s.sides[REBELLION].coins = 3
    m.s.board[COL["attack"]] = [(PLAYER, "5", 5), (PLAYER, "4", 4), (PLAYER, "1", 1)]
    m.s.board[COL["tax"]] = [(PLAYER, "5", 6)]
    sb.rebel_place(m, ["4", "5"])
    assert m.s.board[COL["tax"]][row][:2] == (REBELLION, "4")
    assert m.s.sides[REBELLION].coins == coins


def test_rebellion_never_bribes_past_own_tie():
    """A tie with its own advisor is not bribed past (RK-REB-STRAT-6)."""
    m = make_match()
    m.s.card, m.s.priority = card_index(1), "build"     # 4 -> muster, no coin icon
    m.s.board[COL["muster"]] = [(REBELLION, "4", 4)]
    sb.rebel_place(m, ["4"])
    assert m.s.board[COL["muster"]] == [(REBELLION, "4", 4), (REBELLION, "4", 4)]
    assert m.s.sides[REBELLION].coins == 3


def test_strategy_phase_alternates_and_places_all():
    """The player first, one at a time, until both placed every advisor of the round (RK-STRAT-1, -5, RK-SOLO-1)."""
    from automa.core.trace import Trace
    for rnd, n in ((1, 4), (3, 5), (4, 6)):
        t = Trace()
        m = make_match(strategy=Scripted(), trace=t)
        m.s.round = rnd
        m.s.card, m.s.priority = card_index(1), "build"
        sb.strategy_phase(m)
        sides = [e["side"] for e in t.events if e["kind"] == "advisor"]
        assert sides == ["player", "rebellion"] * n
        assert sum(len(c) for c in m.s.board) == 2 * n
        assert all(len(c) <= 3 for c in m.s.board)
