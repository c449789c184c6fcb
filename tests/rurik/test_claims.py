"""The claim phase: tracks, the Rebellion's priority and unlocks, income, end-of-round leader
effects and the reset between rounds (RK-CLAIM-2..5, RK-REB-CLAIM-1..5, RK-EOR-1, RK-EOR-3,
RK-ROUND-1, RK-ROUND-2, RK-CORE-3, RK-CORE-5, RK-OPEN-9, RK-OPEN-15, RK-OPEN-18, RK-OPEN-40)."""
from __future__ import annotations

import pytest

from automa.rurik import claims
from automa.rurik.boat import full_columns
from automa.rurik.regions import occupied_count, occupies
from automa.rurik.state import CHURCH, MARKET, PLAYER, REBELLION, STRONGHOLD
from tests.rurik.conftest import card_index, make_match, region
from tests.rurik.helpers import build_struct, rebels, troops

NAMES = ("novgorod", "rostov", "polotsk", "smolensk", "volyn", "kiev", "chernigov", "pereyaslavl")


def _claim_match(**opts):
    m = make_match(**opts)
    m.s.card = card_index(1)
    m.s.deed_display = []
    return m


@pytest.mark.parametrize("ruled, level", [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4)])
def test_rule_track_thresholds(ruled, level):
    """Rule track 2/3/4/5 regions; level 5 also needs Kiev and Novgorod (RK-CLAIM-2, RK-OPEN-18)."""
    m = _claim_match()
    for name in ("rostov", "polotsk", "smolensk", "volyn", "chernigov")[:ruled]:
        troops(m, region(name), 1)
    claims.update_tracks(m, PLAYER)
    assert m.s.sides[PLAYER].claims[0] == level


def test_rule_level_five_needs_kiev_and_novgorod():
    """5 regions including Kiev and Novgorod reach level 5 (RK-CLAIM-2)."""
    m = _claim_match()
    for name in ("kiev", "novgorod", "rostov", "polotsk", "smolensk"):
        troops(m, region(name), 1)
    claims.update_tracks(m, PLAYER)
    assert m.s.sides[PLAYER].claims[0] == 5


def test_build_and_trade_tracks_never_move_down():
    """Build: largest connected structure group (2/3/4/5/7); trade: boat goods (3/5/7/9/11);
    markers never move down (RK-CLAIM-2)."""
    m = _claim_match()
    for name in ("novgorod", "rostov", "smolensk"):           # connected
        build_struct(m, PLAYER, region(name), MARKET)
    build_struct(m, PLAYER, region("pereyaslavl"), CHURCH)    # separate
    m.s.sides[PLAYER].boat = [3, 2, 0, 0, 0]
    claims.update_tracks(m, PLAYER)
    assert m.s.sides[PLAYER].claims == [0, 2, 2]
    m.s.structs = [[] for _ in range(8)]
    m.s.sides[PLAYER].boat = [0] * 5
    claims.update_tracks(m, PLAYER)
    assert m.s.sides[PLAYER].claims == [0, 2, 2]


def test_stronghold_alone_rules_by_default():
    """A stronghold alone can give rule; ``rule_requires_unit=yes`` needs a unit (RK-CORE-4, RK-OPEN-43)."""
    for mode, level in (("no", 1), ("yes", 0)):
        m = _claim_match(rule_requires_unit=mode)
        build_struct(m, PLAYER, region("kiev"), STRONGHOLD)
        troops(m, region("volyn"), 1)
        claims.update_tracks(m, PLAYER)
        assert m.s.sides[PLAYER].claims[0] == level


@pytest.mark.parametrize("mode, column", [("new_priority", 0), ("previous_priority", 2)])
def test_unlocks_per_track_led(mode, column):
    """One unlock per claim track the player leads, from the new (default) or previous priority's
    column; then income of 1 coin per full boat column (RK-REB-CLAIM-2, RK-CLAIM-3, RK-OPEN-40)."""
    m = _claim_match(claim_unlock_column=mode, difficulty=2, zero_track_income="off")
    m.s.priority = "tax"
    for name in ("rostov", "polotsk", "smolensk"):             # player occupies more: attack_move
        troops(m, region(name), 1)
    m.s.sides[PLAYER].boat = [3, 0, 0, 0, 0]
    m.s.sides[REBELLION].coins = 0
    before = [c[:] for c in m.s.covered]
    claims.claim_phase(m)
    assert m.s.priority == "attack_move"
    assert m.s.sides[PLAYER].claims[:] == [2, 0, 1]
    opened = [(c, i) for c in range(3) for i in range(len(before[c])) if before[c][i] and not m.s.covered[c][i]]
    assert len(opened) == 2 and all(c == column for c, _ in opened)
    assert m.s.sides[REBELLION].coins == 2
    assert m.s.sides[PLAYER].coins == 1                        # full wood column


def test_zero_track_income():
    """The player gains 1 coin per claim track and warfare still at 0 (RK-OPEN-15 on); never the Rebellion."""
    for mode, coins in (("on", 4), ("off", 0)):
        m = _claim_match(zero_track_income=mode)
        claims.claim_phase(m)
        assert m.s.sides[PLAYER].coins == coins
        assert m.s.sides[REBELLION].coins == 3


def test_round_four_no_priority_unlocks_or_income():
    """Round 4: tracks still move, no priority, unlocks or income (RK-REB-CLAIM-5, RK-CLAIM-3)."""
    m = _claim_match()
    m.s.round = 4
    m.s.priority = "build"
    for name in ("rostov", "polotsk", "smolensk"):
        troops(m, region(name), 1)
    m.s.sides[REBELLION].boat = [3, 3, 2, 2, 1]
    claims.claim_phase(m)
    assert m.s.priority == "build" and m.s.sides[REBELLION].coins == 3 and m.s.sides[PLAYER].coins == 0
    assert m.s.sides[PLAYER].claims[0] == 2 and m.s.sides[REBELLION].claims[2] == 5


def test_player_takes_a_deed_in_rounds_1_to_3():
    """The player takes 1 face-up deed; the display is refilled (RK-CLAIM-4)."""
    m = _claim_match()
    m.s.deed_display = [0, 1, 2]
    m.s.deed_deck = [3, 4]
    claims.claim_phase(m)
    assert m.s.sides[PLAYER].deeds == [0] and m.s.deed_display == [1, 2, 3]


def test_eor_sviatopolk_musters():
    """Sviatopolk musters 1 rebel into his region every round, round 4 included (RK-EOR-1, RK-SB-REBLEAD-1)."""
    m = _claim_match()
    m.s.round = 4
    rebels(m, region("kiev"), 1, leader=True)
    claims.claim_phase(m)
    assert m.s.sides[REBELLION].units[region("kiev")] == 2


@pytest.mark.parametrize("leader", ["gleb", "maria"])
def test_eor_gleb_maria_move_to_inheritance_region(leader):
    """Gleb and Maria move to the next inheritance region (RK-EOR-1, RK-SB-REBLEAD-2/3, RK-OPEN-22)."""
    m = _claim_match(rebel_leader=leader, player_leader="boris")
    rebels(m, region("kiev"), 1, leader=True)
    m.s.inherit = [region("rostov"), region("volyn")]
    claims.end_of_round(m)
    assert m.s.sides[REBELLION].leader == region("rostov") and m.s.inherit == [region("volyn")]


@pytest.mark.parametrize("mode, placed", [("skip", False), ("return_leader", True)])
def test_eor_absent_leader(mode, placed):
    """An off-board leader: skipped by default, returned with ``return_leader`` (RK-OPEN-9)."""
    m = _claim_match(rebel_leader_absent=mode)
    claims.end_of_round(m)
    reb = m.s.sides[REBELLION]
    assert (reb.leader == region("kiev")) is placed           # card 1's first region
    assert reb.units[region("kiev")] == (1 if placed else 0)
    m2 = _claim_match(rebel_leader="theofana", player_leader="boris")
    claims.end_of_round(m2)
    assert m2.s.sides[REBELLION].leader == -1


def test_occupy_needs_a_unit_structures_do_not():
    """A side occupies a region with a troop or its leader there, never with structures alone, and
    the priority check counts occupied regions that way (RK-CORE-3, RK-REB-CLAIM-1): the player's
    strongholds in Rostov, Polotsk and Smolensk occupy nothing, so its 1 region (Volyn, the leader
    alone) is not more than the Rebellion's 2, and its structure group of 3 gives `build`."""
    m = _claim_match()
    for name in ("rostov", "polotsk", "smolensk"):
        build_struct(m, PLAYER, region(name), STRONGHOLD)
    troops(m, region("volyn"), 0, leader=True)
    rebels(m, region("kiev"), 1)
    rebels(m, region("novgorod"), 1)
    assert occupies(m.s, PLAYER, region("volyn")) and not occupies(m.s, PLAYER, region("rostov"))
    assert occupied_count(m.s, PLAYER) == 1 and occupied_count(m.s, REBELLION) == 2
    assert claims.new_priority(m) == "build"


def test_boat_goods_count_dock_goods_do_not():
    """Only goods on the boat count for the trade track, income and the priority check; dock goods
    are stock (RK-CORE-5, RK-CLAIM-2, RK-CLAIM-3, RK-REB-CLAIM-1)."""
    m = _claim_match()
    pl, reb = m.s.sides[PLAYER], m.s.sides[REBELLION]
    pl.boat = [3, 0, 0, 0, 0]                                  # 3 goods, the wood column full
    pl.dock = [4, 4, 4, 4, 4]
    reb.dock = [5, 5, 5, 5, 5]                                 # 25 goods, none on the boat
    claims.update_tracks(m, PLAYER)
    claims.update_tracks(m, REBELLION)
    assert pl.claims[2] == 1 and reb.claims[2] == 0
    assert full_columns(m, PLAYER) == 1 and full_columns(m, REBELLION) == 0
    assert claims.new_priority(m) == "tax"


def _phase_log(monkeypatch, seed):
    """Play one random game, recording each phase call with what the board looks like then."""
    from automa.core.registry import get_game, get_strategy
    from automa.core.seeding import game_streams
    from automa.rurik import rounds
    log = []

    def wrap(name):
        orig = getattr(rounds, name)

        def wrapped(m, *a):
            s = m.s
            before = dict(round=s.round, tokens=list(s.token), board=sum(len(c) for c in s.board),
                          bottom=s.card == s.deck[-1])
            out = orig(m, *a)
            after = [sum(a[0] == side for c in s.board for a in c) for side in (PLAYER, REBELLION)]
            log.append((name, before, after))
            return out
        monkeypatch.setattr(rounds, name, wrapped)
    for name in ("strategy_phase", "action_phase", "claim_phase", "score"):
        wrap(name)
    game = get_game("rurik")
    opts = game.resolve_options({})
    st = game_streams(seed, 0)
    res = game.play(game.prepare(opts), opts, get_strategy(game, "random")(st.strategy), st, None)
    return res, log


def test_four_rounds_of_strategy_action_and_claim_then_scoring(monkeypatch):
    """4 rounds, each a strategy, an action and a claim phase in that order; after round 4's claim
    phase the game is scored (RK-ROUND-1)."""
    res, log = _phase_log(monkeypatch, 7)
    assert [(name, b["round"]) for name, b, _ in log] == [
        (name, rnd) for rnd in (1, 2, 3, 4) for name in ("strategy_phase", "action_phase", "claim_phase")
    ] + [("score", 4)]
    assert res.rounds == 4


def test_reset_between_rounds_tokens_advisors_and_the_extra_advisor(monkeypatch):
    """Between rounds the goods tokens are refilled and every advisor has returned; the strategy phase
    reads the bottom card; each side places 4, 4, 5 and 6 advisors (the 2+ joins in round 3, the 3+
    in round 4) (RK-ROUND-2, RK-EOR-3, RK-STRAT-5)."""
    _, log = _phase_log(monkeypatch, 7)
    strategy = [(b, after) for name, b, after in log if name == "strategy_phase"]
    claim = [b for name, b, _ in log if name == "claim_phase"]
    assert any(not all(b["tokens"]) for b in claim[:3])        # something was taxed: the refill matters
    for b, _ in strategy:
        assert all(b["tokens"]) and b["board"] == 0 and b["bottom"], b["round"]
    assert all(b["board"] == 0 for b in claim)                  # advisors taken back by the action phase
    assert [after for _, after in strategy] == [[4, 4], [4, 4], [5, 5], [6, 6]]
