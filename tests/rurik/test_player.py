"""The player's actions and turn (RK-ACT-1..5, RK-PL-MUSTER, -MOVE, -ATTACK, -TAX, -BUILD,
-SCHEME, RK-SOLO-2/3, RK-SB-STRUCT-1, RK-SB-REBLEAD-2, RK-OPEN-37, RK-OPEN-38)."""
from __future__ import annotations

import pytest

from automa.rurik import player
from automa.rurik.data import COLUMNS
from automa.rurik.decide import PASS
from automa.rurik.state import CHURCH, MARKET, PLAYER, REBELLION, STABLE, STRONGHOLD, TAVERN
from tests.rurik.conftest import _DATA, Scripted, make_match, region
from tests.rurik.helpers import build_struct, rebels, troops

KIEV, VOL, PER, CHE, POL = (region(n) for n in ("kiev", "volyn", "pereyaslavl", "chernigov", "polotsk"))
COL = {c: i for i, c in enumerate(COLUMNS)}
NONE = [c.id for c in _DATA.schemes if c.casualty_icons == 0]
ONE = [c.id for c in _DATA.schemes if c.casualty_icons == 1]


def pm(answers=(), **opts):
    m = make_match(strategy=Scripted(answers), **opts)
    m.s.schemes = [NONE[:8], NONE[8:16]]
    return m


# --- tax and build costs -------------------------------------------------------------------------

def test_tax_cost_one_if_ruled_else_two():
    """Tax costs 1 point where the player rules, 2 elsewhere; the token must be there
    (RK-PL-TAX-1, RK-CORE-7). Mstislav is not used here."""
    m = pm(player_leader="boris")
    troops(m, KIEV, 2)                              # rules Kiev
    troops(m, VOL, 1)
    rebels(m, VOL, 1)                               # tie: not ruled
    assert player._cost(m, KIEV) == 1 and player._cost(m, VOL) == 2
    assert {c[1] for c in player.tax_choices(m, 1)} == {KIEV}
    assert {c[1] for c in player.tax_choices(m, 2)} == {KIEV, VOL}
    assert player.apply(m, ("tax", VOL, "none")) == 2
    assert m.s.sides[PLAYER].boat[1] == 1 and not m.s.token[VOL]
    assert VOL not in {c[1] for c in player.tax_choices(m, 2)}


def test_mstislav_region_costs_one():
    """Mstislav's region costs 1 point (leader ability as modelled)."""
    m = pm()
    troops(m, VOL, 0, leader=True)
    rebels(m, VOL, 3)
    assert player._cost(m, VOL) == 1


def test_tax_market_good_or_coin():
    """Own market: 1 extra good, or 1 coin instead (RK-PL-TAX-2, RK-PL-BUILD-5)."""
    m = pm(player_leader="boris")
    troops(m, KIEV, 1)
    build_struct(m, PLAYER, KIEV, MARKET)
    assert set(player.tax_choices(m, 1)) == {("tax", KIEV, "good"), ("tax", KIEV, "coin")}
    player.apply(m, ("tax", KIEV, "good"))
    assert m.s.sides[PLAYER].boat[0] == 2
    m.s.token[KIEV] = True
    player.apply(m, ("tax", KIEV, "coin"))
    assert m.s.sides[PLAYER].boat[0] == 3 and m.s.sides[PLAYER].coins == 1


def test_build_cost_and_region_limits():
    """Build: occupy the region, 1 point if ruled else 2, at most 3 structures and one of each type
    (RK-PL-BUILD-1, RK-PL-BUILD-2)."""
    m = pm(player_leader="boris")
    troops(m, KIEV, 1)
    rebels(m, KIEV, 1)
    assert player.build_choices(m, 1) == []
    kinds = {c[2] for c in player.build_choices(m, 2)}
    assert kinds == {CHURCH, STRONGHOLD, MARKET, STABLE, TAVERN}
    build_struct(m, REBELLION, KIEV, MARKET)
    build_struct(m, REBELLION, KIEV, STRONGHOLD)
    assert {c[2] for c in player.build_choices(m, 2)} == {CHURCH, STABLE, TAVERN}
    build_struct(m, REBELLION, KIEV, CHURCH)
    assert player.build_choices(m, 2) == []
    assert player.build_choices(m, 5) == []


@pytest.mark.parametrize("mode", ["mandatory", "optional"])
def test_church_conversion(mode):
    """A church converts a rebel or a neutral troop (never a leader), mandatory by default; the
    rebel returns to the Rebellion's supply and a troop comes from supply (RK-PL-BUILD-3, RK-OPEN-38)."""
    m = pm(church_targets=mode, player_leader="boris")
    troops(m, KIEV, 1)
    rebels(m, KIEV, 1, leader=True)
    m.s.neutral[KIEV] = 1
    targets = {c[3] for c in player.build_choices(m, 2) if c[2] == CHURCH}
    assert targets == ({"rebellion", "neutral"} if mode == "mandatory" else {"rebellion", "neutral", "none"})
    player.apply(m, ("build", KIEV, CHURCH, "rebellion"))
    reb, pl = m.s.sides[REBELLION], m.s.sides[PLAYER]
    assert reb.units[KIEV] == 0 and reb.supply == 16 and reb.leader == KIEV
    assert pl.units[KIEV] == 2 and pl.supply == 10
    m2 = pm(player_leader="boris")
    troops(m2, KIEV, 1)
    rebels(m2, KIEV, 0, leader=True)               # only the leader: no target
    assert {c[3] for c in player.build_choices(m2, 2) if c[2] == CHURCH} == {"none"}


def test_stable_gives_three_moves_from_its_region():
    """A stable gives 3 move points for the units in its region (RK-SB-STRUCT-1, RK-PL-BUILD-6)."""
    m = pm(player_leader="boris")
    troops(m, KIEV, 3)
    player.apply(m, ("build", KIEV, STABLE, "none"))
    assert m.s.sides[PLAYER].units[KIEV] == 0
    assert sum(m.s.sides[PLAYER].units) == 3


def test_tavern_coins_and_discard_play():
    """A tavern gives coins equal to the structures there and may play the top discarded scheme card,
    which then leaves the game (RK-SB-STRUCT-1)."""
    m = pm(player_leader="boris")
    troops(m, KIEV, 2)
    build_struct(m, PLAYER, KIEV, MARKET)
    card = NONE[0]
    m.s.discard = [card]
    m.strategy.answers.extend([PASS])
    player.apply(m, ("build", KIEV, TAVERN, "none"))
    assert m.s.sides[PLAYER].coins == 2 and m.s.discard == [card]
    m2 = pm(player_leader="boris")
    troops(m2, KIEV, 2)
    m2.s.discard = [card]
    m2.s.schemes = [NONE[10:14], NONE[14:16]]
    m2.strategy.default = lambda d: d.choices[0]
    player.apply(m2, ("build", KIEV, TAVERN, "none"))
    assert m2.s.discard == [] and card not in m2.s.schemes[0] + m2.s.schemes[1]
    assert m2.turn_scheme_played and m2.s.sides[PLAYER].coins == 1 - _DATA.scheme_by_id[card].coin_cost


# --- muster, move, attack ------------------------------------------------------------------------

@pytest.mark.parametrize("mode, leader_only", [("must_first", True), ("optional", False)])
def test_muster_leader_reentry(mode, leader_only):
    """An off-board leader must be the first unit mustered by default (RK-PL-MUSTER-1, -2, RK-OPEN-37)."""
    m = pm(leader_reentry=mode)
    troops(m, KIEV, 1)
    kinds = {c[2] for c in player.muster_choices(m, 1)}
    assert kinds == ({"leader"} if leader_only else {"leader", "troop"})


def test_move_adjacent_only():
    """Each move point moves one unit to an adjacent region (RK-PL-MOVE-1)."""
    m = pm()
    troops(m, VOL, 1)
    assert {c[2] for c in player.move_choices(m, 1)} == set(_DATA.adjacent[VOL])


def test_attack_neutral_no_warfare_no_check():
    """Attacking a neutral troop: removed, no warfare, no casualty check (RK-SOLO-3)."""
    m = pm()
    troops(m, KIEV, 1)
    m.s.neutral[KIEV] = 1
    m.s.schemes = [ONE[:3], ONE[3:6]]
    player.apply(m, ("attack", KIEV, "neutral"))
    pl = m.s.sides[PLAYER]
    assert m.s.neutral[KIEV] == 0 and pl.warfare == 0 and pl.units[KIEV] == 1 and m.s.discard == []


def test_attack_rebellion_warfare_and_check():
    """Attacking the Rebellion: a rebel returns to its supply, warfare +1, a casualty check from the
    deck the player picks (RK-SOLO-2, RK-PL-ATTACK-2, RK-CAS-1)."""
    m = pm(answers=[("deck", 1)])
    troops(m, KIEV, 2)
    rebels(m, KIEV, 2, leader=True)                 # the Rebellion rules: N = 2
    m.s.schemes = [[NONE[0]], [ONE[0], ONE[1]]]
    player.apply(m, ("attack", KIEV, "rebellion"))
    reb, pl = m.s.sides[REBELLION], m.s.sides[PLAYER]
    assert reb.units[KIEV] == 1 and reb.leader == KIEV and reb.supply == 15
    assert pl.warfare == 1 and pl.units[KIEV] == 1 and m.s.discard == [ONE[0]]


@pytest.mark.parametrize("here, checks", [(True, 2), (False, 1)])
def test_gleb_two_checks(here, checks):
    """Attacking in rebel Gleb's region makes two separate checks (RK-SB-REBLEAD-2)."""
    m = pm(rebel_leader="gleb", player_leader="boris")
    troops(m, KIEV, 1)
    rebels(m, KIEV, 2, leader=here)
    m.s.schemes = [NONE[:8], []]
    player.apply(m, ("attack", KIEV, "rebellion"))
    # N = 1 + 1 (the Rebellion rules) per check
    assert len(m.s.discard) == 2 * checks


# --- the turn ------------------------------------------------------------------------------------

def _turn(m, col, row_advisors):
    m.s.board[COL[col]] = row_advisors
    player.take_turn(m)


def test_turn_pays_the_coin_space():
    """The bottom tax space costs 1 coin (RK-ACT-2)."""
    m = pm(answers=[("tax", KIEV, "none")], player_leader="boris")
    troops(m, KIEV, 1, leader=True)
    m.s.sides[PLAYER].coins = 2
    _turn(m, "tax", [(REBELLION, "5", 5), (REBELLION, "4", 4), (PLAYER, "1", 1)])
    assert m.s.sides[PLAYER].coins == 1 and m.s.sides[PLAYER].boat[0] == 1


def test_turn_cannot_pay_gains_a_coin():
    """A player who cannot pay the space's coin gains 1 coin instead (RK-ACT-4)."""
    m = pm(player_leader="boris")
    troops(m, KIEV, 1, leader=True)
    _turn(m, "tax", [(REBELLION, "5", 5), (REBELLION, "4", 4), (PLAYER, "1", 1)])
    assert m.s.sides[PLAYER].coins == 1 and m.s.sides[PLAYER].boat == [0] * 5 and m.s.token[KIEV]


def test_turn_forfeit_by_choice_and_nothing_possible():
    """Forfeit by choice or with nothing possible: 1 coin, no payment (RK-ACT-4)."""
    m = pm(answers=[player.FORFEIT], player_leader="boris")
    troops(m, KIEV, 1, leader=True)
    _turn(m, "tax", [(PLAYER, "1", 1)])
    assert m.s.sides[PLAYER].coins == 1 and m.s.token[KIEV]
    m2 = pm(player_leader="boris")
    troops(m2, KIEV, 1, leader=True)
    m2.s.token[KIEV] = False
    _turn(m2, "tax", [(PLAYER, "1", 1)])
    assert m2.s.sides[PLAYER].coins == 1


def test_turn_player_chooses_between_two_2s():
    """The lowest advisor; between two 2s the player chooses (RK-ACT-1)."""
    m = pm(answers=[("column", COL["tax"])], player_leader="boris")
    troops(m, KIEV, 1, leader=True)
    m.s.board[COL["move"]] = [(PLAYER, "2", 2)]
    m.s.board[COL["tax"]] = [(PLAYER, "2+", 2)]
    m.s.board[COL["build"]] = [(PLAYER, "4", 4)]
    player.take_turn(m)
    assert m.s.board[COL["tax"]] == [] and m.s.board[COL["move"]] == [(PLAYER, "2", 2)]
    assert m.strategy.asked[0] == ("advisor", [("column", COL["move"]), ("column", COL["tax"])])


def test_out_of_troops_musters_two_anywhere():
    """With no unit on the board: 2 units (leader allowed) into any one region (RK-PL-MUSTER-3, RK-SB-CLAR-1)."""
    m = pm(answers=[("region", CHE)])
    player.out_of_troops(m)
    pl = m.s.sides[PLAYER]
    assert pl.leader == CHE and pl.units[CHE] == 1 and pl.supply == 11


def test_scheme_action_draw_keep_return():
    """Draw N from the chosen deck, keep 1, the rest back on top by default (RK-PL-SCHEME-1, RK-OPEN-14)."""
    m = pm(answers=[("deck", 0), ("keep", NONE[1])])
    player.scheme_action(m, 3)
    assert m.s.sides[PLAYER].hand == [NONE[1]]
    assert m.s.schemes[0][:2] == [NONE[0], NONE[2]]
    m2 = pm(answers=[("deck", 0), ("keep", NONE[1])], scheme_decks="unchosen_to_bottom")
    player.scheme_action(m2, 3)
    assert m2.s.schemes[0][-2:] == [NONE[0], NONE[2]]


def test_play_scheme_pays_cost_and_discards():
    """Playing a scheme card pays its cost, gives its reward and goes to the discard pile (RK-PL-SCHEME-2)."""
    card = next(c for c in _DATA.schemes if c.coin_cost and not c.reward_choice and c.module == "base")
    m = pm()
    m.s.sides[PLAYER].coins = card.coin_cost
    points = player.play_scheme(m, card.id)
    assert m.s.discard == [card.id]
    coins = sum(a for k, a in card.reward_all if k == "coins")
    assert m.s.sides[PLAYER].coins == coins
    assert points == {k: a for k, a in card.reward_all if k in COLUMNS}


def test_conversion_token_pays_dock_goods_before_boat_goods():
    """A goods conversion token (2 goods with wood or stone -> 1 build) spends dock goods before
    boat goods, which score on the trade track (RK-OPEN-29, RK-CLAIM-2)."""
    from automa.rurik import deeds
    m = pm()
    pl = m.s.sides[PLAYER]
    pl.boat[0] = 3                                   # wood on the boat
    pl.dock[1] = 1                                   # a fish on the dock
    pl.dock[3] = 1                                   # a stone on the dock
    assert deeds.can_pay_two(m, (0, 3))
    deeds.pay_two(m, (0, 3))
    assert pl.boat[0] == 3 and pl.dock == [0, 0, 0, 0, 0]


@pytest.mark.parametrize("handling, ok", [("boat_first_with_transfers", True), ("boat_first_no_transfers", False)])
def test_goods_handling_transfers(handling, ok):
    """With transfers the boat's goods can pay; without, only the dock (RK-OPEN-35)."""
    from automa.rurik import deeds
    m = pm(player_goods_handling=handling)
    m.s.sides[PLAYER].boat[0] = 2
    assert deeds.can_pay_two(m, (0, 3)) is ok
