"""The Rebellion's action-phase procedures (RK-REB-ACT, -MUSTER, -MOVE, -ATTACK, -TAX, -BUILD,
-SCHEME, RK-SB-REBLEAD-1..4 and their rule options). Card 1's order is
Kiev, Volyn, Pereyaslavl, Chernigov, Polotsk, Smolensk, Rostov, Novgorod."""
from __future__ import annotations

import pytest

from automa.rurik import rebellion
from automa.rurik.data import COLUMNS
from automa.rurik.state import CHURCH, MARKET, PLAYER, REBELLION, STABLE, STRONGHOLD, TAVERN, VACATED
from tests.rurik.conftest import _DATA, card_index, make_match, region
from tests.rurik.helpers import build_struct, rebels, troops

KIEV, VOL, PER, CHE, POL, SMO, ROS, NOV = (region(n) for n in (
    "kiev", "volyn", "pereyaslavl", "chernigov", "polotsk", "smolensk", "rostov", "novgorod"))
COL = {c: i for i, c in enumerate(COLUMNS)}
NONE = [c.id for c in _DATA.schemes if c.casualty_icons == 0]


def m1(priority="build", **opts):
    m = make_match(**opts)
    m.s.card, m.s.priority = card_index(1), priority
    m.s.schemes = [NONE[:8], NONE[8:16]]
    return m


# --- muster --------------------------------------------------------------------------------------

def test_muster_leader_first():
    """An off-board leader is the first unit mustered, where the first rebel would go (RK-REB-MUSTER-1)."""
    m = m1()
    rebels(m, VOL, 1)
    troops(m, VOL, 1)
    assert rebellion.muster(m, 2) == 2
    reb = m.s.sides[REBELLION]
    assert reb.leader == VOL and reb.units[VOL] == 2


def test_muster_no_occupied_region_uses_first_region():
    """With no unit on the board, the muster goes to the order's first region (RK-REB-MUSTER-4, RK-OPEN-9)."""
    m = m1()
    m.s.sides[REBELLION].leader = -1
    assert rebellion.muster(m, 2) == 2
    assert m.s.sides[REBELLION].leader == KIEV and m.s.sides[REBELLION].units[KIEV] == 1


def test_muster_out_of_rebels_forfeits():
    """With all 16 rebels on the board the points are lost and the action forfeited for 1 coin
    (RK-REB-MUSTER-4, RK-REB-ACT-6)."""
    m = m1()
    rebels(m, KIEV, 16, leader=True)
    m.s.board[COL["muster"]] = [(REBELLION, "1", 1)]
    m.s.sides[REBELLION].coins = 0
    rebellion.take_turn(m)
    # 1 coin for the forfeit + level 2's open `muster -> +1 coin` bonus
    assert m.s.sides[REBELLION].coins == 2 and m.s.sides[REBELLION].units[KIEV] == 16


@pytest.mark.parametrize("scope, coins", [("nothing_possible", 1), ("named_cases_only", 0)])
def test_forfeit_scope(scope, coins):
    """An attack with no target anywhere: 1 coin by default, nothing with ``named_cases_only``
    (RK-REB-ACT-6, RK-REB-ATTACK-8, RK-OPEN-8)."""
    m = m1(rebel_forfeit_scope=scope)
    rebels(m, KIEV, 2, leader=True)
    m.s.sides[REBELLION].coins = 0
    m.s.board[COL["attack"]] = [(REBELLION, "1", 1)]
    rebellion.take_turn(m)
    assert m.s.sides[REBELLION].coins == coins


def test_region_order_scans_from_the_first_region_and_cycles():
    """A scan takes regions in the card's order (card 1: Volyn before Novgorod, though Novgorod is
    region 0) and starts again at the first region while points remain (RK-REB-CARD-2, RK-OPEN-7)."""
    m = m1()
    rebels(m, NOV, 1, leader=True)
    rebels(m, VOL, 1)                          # both ruled: RK-REB-MUSTER-3 cycles over them
    assert rebellion.muster(m, 5) == 5
    reb = m.s.sides[REBELLION]
    assert (reb.units[VOL], reb.units[NOV]) == (4, 3)


# --- move ----------------------------------------------------------------------------------------

def test_move_single_target_fixed_and_retarget():
    """`build`/`tax`: all points into the first unruled region; ``retarget_when_ruled`` switches
    once it is ruled (RK-REB-MOVE-3, RK-OPEN-6)."""
    for mode, expect in (("fixed", (3, 0, 0)), ("retarget_when_ruled", (1, 1, 1))):
        m = m1(rebel_move_single_target=mode)
        rebels(m, KIEV, 6, leader=True)
        m.s.neutral[VOL] = 0
        assert rebellion.move(m, 3) == 3
        reb = m.s.sides[REBELLION]
        got = tuple(reb.units[r] + (reb.leader == r) for r in (VOL, PER, CHE))
        assert got == expect, mode


def test_move_rules_out_and_stuck_points():
    """A source keeps 1 unit; points that cannot be spent are lost (RK-REB-MOVE-5, RK-REB-MOVE-7)."""
    m = m1("attack_move")
    rebels(m, KIEV, 2)
    assert rebellion.move(m, 3) == 1
    assert m.s.sides[REBELLION].units[KIEV] == 1 and m.s.sides[REBELLION].units[VOL] == 1


def test_move_attack_move_stops_when_all_occupied():
    """`attack_move`: one unit into each unoccupied region in order until all 8 are occupied (RK-REB-MOVE-2)."""
    m = m1("attack_move")
    for r in range(8):
        rebels(m, r, 2)
    assert rebellion.move(m, 3) == 0


@pytest.mark.parametrize("mode, moved", [("player_would_rule", False), ("rule_would_change", True)])
def test_move_cede_check(mode, moved):
    """A source the player already rules: the default never leaves it ruled by the player, the
    alternative only forbids changing rule (RK-REB-MOVE-5, RK-OPEN-5)."""
    m = m1(rebel_move_cede_check=mode)
    rebels(m, ROS, 2)
    troops(m, ROS, 3)
    assert rebellion._move_one(m, SMO) is moved


def test_move_unlimited_range():
    """A Rebellion move goes any distance (RK-REB-MOVE-1)."""
    m = m1()
    rebels(m, NOV, 3)
    assert rebellion._move_one(m, PER)
    assert m.s.sides[REBELLION].units[PER] == 1


def test_bonus_moves_before_main_action():
    """Move bonuses triggered by another action are spent first (RK-REB-ACT-8): level 2 `attack ->
    +1 move` brings a unit next to the player before the attack."""
    m = m1("attack_move", difficulty=2)
    m.s.covered[1][2] = False                                  # build column: attack -> move
    rebels(m, KIEV, 3, leader=True)
    troops(m, VOL, 1)
    m.s.board[COL["attack"]] = [(REBELLION, "5", 5)]
    rebellion.take_turn(m)
    assert m.s.sides[PLAYER].units[VOL] == 0
    assert m.s.sides[REBELLION].warfare == 1


# --- attack --------------------------------------------------------------------------------------

def _attack_setup(priority):
    m = m1(priority)
    rebels(m, KIEV, 3, leader=True)            # ruled
    troops(m, KIEV, 1)
    rebels(m, VOL, 1)                          # not ruled: tie with the player
    troops(m, VOL, 1)
    return m


def test_attack_order_attack_move_unruled_first():
    """`attack_move`: unruled regions first (RK-REB-ATTACK-1)."""
    m = _attack_setup("attack_move")
    assert rebellion.attack(m, 1) == 1
    assert m.s.sides[PLAYER].units[VOL] == 0 and m.s.sides[PLAYER].units[KIEV] == 1


def test_attack_order_build_ruled_first():
    """`build`/`tax`: ruled regions first (RK-REB-ATTACK-1)."""
    m = _attack_setup("tax")
    assert rebellion.attack(m, 1) == 1
    assert m.s.sides[PLAYER].units[KIEV] == 0 and m.s.sides[PLAYER].units[VOL] == 1


def test_attack_stays_in_region_player_before_neutral():
    """All points in the first eligible region, the player before neutral troops (RK-REB-ATTACK-3, RK-REB-ATTACK-4, RK-REB-ATTACK-6)."""
    m = m1("tax")
    rebels(m, KIEV, 3, leader=True)
    troops(m, KIEV, 1)
    m.s.neutral[KIEV] = 1
    troops(m, VOL, 1)
    rebels(m, VOL, 1)
    assert rebellion.attack(m, 2) == 2
    reb = m.s.sides[REBELLION]
    assert m.s.sides[PLAYER].units[KIEV] == 0 and m.s.neutral[KIEV] == 0 and m.s.sides[PLAYER].units[VOL] == 1
    assert reb.warfare == 1 and reb.defeated_neutral == 1 and reb.defeated_enemy == 1


def test_attack_needs_a_rebel_there():
    """No attack where the Rebellion has no unit (RK-REB-ACT-4, RK-REB-ATTACK-2)."""
    m = m1()
    rebels(m, KIEV, 2)
    troops(m, VOL, 2)
    m.s.neutral[PER] = 1
    assert rebellion.attack(m, 2) == 0


@pytest.mark.parametrize("leader_here, revealed", [(True, 1), (False, 2)])
def test_sviatopolk_reveals_one_fewer(leader_here, revealed):
    """Attacking the player in Sviatopolk's region reveals 1 card fewer (RK-SB-REBLEAD-1, RK-CAS-2).
    The player rules Kiev (2 troops vs 1 unit): N = 2."""
    m = m1()
    rebels(m, KIEV, 1 if not leader_here else 0, leader=leader_here)
    troops(m, KIEV, 2)
    rebellion.attack_in(m, KIEV, 0)
    assert len(m.s.discard) == revealed


@pytest.mark.parametrize("mode", ["player_unit", "rebel_unit"])
def test_attack_removal_option(mode):
    """The player loses the unit by default; ``rebel_unit`` is SEED's literal reading (RK-OPEN-32)."""
    m = m1(rebel_attack_removal=mode)
    rebels(m, KIEV, 2)
    troops(m, KIEV, 1)
    rebellion.attack_in(m, KIEV, 0)
    assert (m.s.sides[PLAYER].units[KIEV], m.s.sides[REBELLION].units[KIEV]) == ((0, 2) if mode == "player_unit" else (1, 1))


# --- tax -----------------------------------------------------------------------------------------

def test_tax_room_first_then_full_columns():
    """Regions whose boat column has room first, in region order; then full ones (RK-REB-TAX-3, RK-REB-TAX-5)."""
    m = m1()
    rebels(m, KIEV, 1)                         # wood, column full
    rebels(m, PER, 1)                          # fur, room
    m.s.sides[REBELLION].boat[0] = 3
    assert rebellion.tax(m, 2) == 2
    reb = m.s.sides[REBELLION]
    assert reb.boat[4] == 1 and reb.dock[0] == 1
    assert not m.s.token[KIEV] and not m.s.token[PER]
    assert rebellion.tax(m, 1) == 0            # tokens gone: once per round (RK-CORE-7, RK-REB-TAX-2)


def test_tax_market_extra_good_and_boon():
    """Own market: 1 extra good, never a coin; filling the wood column moves its boon token to the
    dock (RK-REB-TAX-4, RK-REB-TAX-6)."""
    m = m1()
    rebels(m, KIEV, 1)
    build_struct(m, REBELLION, KIEV, MARKET)
    m.s.sides[REBELLION].boat[0] = 1
    rebellion.tax(m, 1)
    reb = m.s.sides[REBELLION]
    assert reb.boat[0] == 3 and reb.coins == 3 and reb.boons == 1 and 0 not in reb.boons_below


def test_tax_theofana_musters():
    """Each tax in Theofana's region musters 1 rebel there (RK-REB-TAX-7, RK-SB-REBLEAD-4)."""
    m = m1(rebel_leader="theofana")
    rebels(m, KIEV, 1, leader=True)
    rebels(m, VOL, 1)
    rebellion.tax(m, 2)
    assert m.s.sides[REBELLION].units[KIEV] == 2 and m.s.sides[REBELLION].units[VOL] == 1


def test_tax_and_build_cost_one_point_where_the_player_rules():
    """Each tax point taxes one region and each build point builds one structure, for 1 point even
    where the player rules (RK-REB-ACT-3, RK-REB-TAX-1); the player's cost there would be 1 and 2
    elsewhere, so 2 points would buy only one region if the Rebellion paid the player's price."""
    m = m1("build")
    rebels(m, KIEV, 1)
    troops(m, KIEV, 3)                         # the player rules Kiev (wood)
    rebels(m, VOL, 1)
    troops(m, VOL, 2)                          # and Volyn (fish)
    assert rebellion.tax(m, 2) == 2
    reb = m.s.sides[REBELLION]
    assert not m.s.token[KIEV] and not m.s.token[VOL]
    assert reb.boat[0] == 1 and reb.boat[1] == 1 and sum(reb.boat) + sum(reb.dock) == 2
    assert rebellion.build(m, 2) == 2
    assert any(o == REBELLION for o, _ in m.s.structs[KIEV]) and any(o == REBELLION for o, _ in m.s.structs[VOL])


# --- build ---------------------------------------------------------------------------------------

def test_build_region_tiers_and_build_order():
    """Tier 1: a region without a Rebellion structure; then with player/neutral troops; each point
    chooses afresh; the card's build order for the priority, a church only with troops there
    (RK-REB-BUILD-1, RK-REB-BUILD-2, RK-REB-BUILD-6)."""
    m = m1("build")                                # card 1 build order: church, stronghold, market
    rebels(m, KIEV, 1)
    rebels(m, VOL, 1)
    troops(m, VOL, 1)
    build_struct(m, REBELLION, KIEV, MARKET)
    assert rebellion.build(m, 2) == 2
    assert m.s.structs[VOL][0] == (REBELLION, CHURCH)           # tier 1, church: player troop there
    assert m.s.sides[PLAYER].units[VOL] == 0 and m.s.sides[REBELLION].units[VOL] == 2   # RK-REB-BUILD-7
    assert (REBELLION, STRONGHOLD) in m.s.structs[KIEV]      # tier 3 (Volyn now has no troops): Kiev first


def test_build_stable_and_its_moves():
    """Stable first with 3+ more units than the player; 3 moves from that region (RK-REB-BUILD-3, RK-OPEN-31)."""
    m = m1("attack_move")
    rebels(m, KIEV, 5, leader=True)
    troops(m, KIEV, 1)
    rebels(m, NOV, 3)
    assert rebellion.build(m, 1) == 1
    assert (REBELLION, STABLE) in m.s.structs[KIEV]
    reb = m.s.sides[REBELLION]
    assert reb.leader == VOL and reb.units[PER] == 1 and reb.units[CHE] == 1 and reb.units[KIEV] == 3
    assert reb.units[NOV] == 3


def test_build_tavern_coins_and_unlock():
    """Beside exactly 2 structures: a tavern, 3 coins and one unlock (RK-REB-BUILD-4, RK-REB-BUILD-5)."""
    m = m1("build")
    rebels(m, KIEV, 1)
    build_struct(m, REBELLION, KIEV, MARKET)
    build_struct(m, PLAYER, KIEV, CHURCH)
    m.s.sides[REBELLION].coins = 0
    covered = sum(map(sum, m.s.covered))
    assert rebellion.build(m, 1) == 1
    assert (REBELLION, TAVERN) in m.s.structs[KIEV]
    assert m.s.sides[REBELLION].coins == 3 + 1 and sum(map(sum, m.s.covered)) == covered - 1


def test_build_limits():
    """No fourth structure, no second of a type, none from an empty supply (RK-PL-BUILD-2, RK-REB-BUILD-2)."""
    m = m1("build")
    rebels(m, KIEV, 1)
    for k in (CHURCH, STRONGHOLD, MARKET):
        build_struct(m, PLAYER, KIEV, k)
    assert rebellion.build(m, 1) == 0
    m2 = m1("build")
    rebels(m2, KIEV, 1)
    m2.s.sides[REBELLION].structures = [0, 0, 0, 0, 0]
    assert rebellion.build(m2, 1) == 0


def test_build_maria_attacks_and_theofana_musters():
    """Maria: +1 attack per structure built in her region; Theofana: +1 rebel (RK-REB-BUILD-8,
    RK-SB-REBLEAD-3, RK-SB-REBLEAD-4, RK-OPEN-30)."""
    m = m1("build", rebel_leader="maria")
    rebels(m, NOV, 1, leader=True)
    troops(m, KIEV, 1)
    rebels(m, KIEV, 1)
    build_struct(m, REBELLION, KIEV, MARKET)
    m.s.card = card_index(1)
    assert rebellion.build(m, 1) == 1
    assert any(o == REBELLION for o, _ in m.s.structs[NOV])
    assert m.s.sides[PLAYER].units[KIEV] == 0          # the attack point scanned all regions
    m2 = m1("build", rebel_leader="maria", maria_attack="maria_region_only")
    rebels(m2, NOV, 1, leader=True)
    troops(m2, KIEV, 1)
    rebels(m2, KIEV, 1)
    build_struct(m2, REBELLION, KIEV, MARKET)
    rebellion.build(m2, 1)
    assert m2.s.sides[PLAYER].units[KIEV] == 1
    m3 = m1("build", rebel_leader="theofana")
    rebels(m3, KIEV, 1, leader=True)
    rebellion.build(m3, 1)
    assert m3.s.sides[REBELLION].units[KIEV] == 2


# --- scheme and the turn -------------------------------------------------------------------------

def test_scheme_unlocks_one_space():
    """A scheme action draws nothing and unlocks one space; the Rebellion never takes a scheme card
    (RK-REB-SCHEME-1, RK-REB-BONUS-3, RK-SOLO-4)."""
    m = m1("tax", difficulty=1)
    m.s.sides[REBELLION].coins = 0
    m.s.board[COL["scheme"]] = [(REBELLION, "5", 5)]
    rebellion.take_turn(m)
    assert m.s.covered[2] == [False, True] and m.s.sides[REBELLION].coins == 1
    assert m.s.schemes == [NONE[:8], NONE[8:16]] and m.s.discard == []
    assert m.s.sides[REBELLION].hand == [] and m.s.sides[REBELLION].deeds == []


def test_turn_takes_lowest_advisor_leftmost_two_first():
    """Lowest advisor; of two 2s the leftmost first (RK-ACT-1, RK-REB-ACT-1)."""
    m = m1("tax")
    m.s.board[COL["scheme"]] = [(REBELLION, "2", 2)]
    m.s.board[COL["move"]] = [(REBELLION, "2+", 2)]
    m.s.board[COL["build"]] = [(REBELLION, "4", 4)]
    rebellion.take_turn(m)
    assert m.s.board[COL["move"]] == [VACATED] and m.s.board[COL["scheme"]] == [(REBELLION, "2", 2)]


def test_bonus_points_add_to_main_action():
    """An open bonus of the same type adds a point, in place of the schemes, deeds and conversion
    tokens the Rebellion never plays (RK-REB-BONUS-2, RK-REB-ACT-2): level 2 `tax -> +1 tax`."""
    m = m1("tax", difficulty=2)
    for r in (KIEV, VOL, PER, CHE):
        rebels(m, r, 1)
    m.s.board[COL["tax"]] = [(REBELLION, "1", 1)]
    rebellion.take_turn(m)
    assert sum(m.s.sides[REBELLION].boat) + sum(m.s.sides[REBELLION].dock) == 3


@pytest.mark.parametrize("is_troop", ["yes", "no"])
def test_build_counts_the_player_leader_as_a_troop(is_troop):
    """The Stone & Blade rulebook calls the leader a troop (RK-SB-CLAR-3), so with
    ``player_leader_is_troop=yes`` a region holding only the player's leader is a tier-2 build region
    (RK-REB-BUILD-2) and allows a Rebellion church (RK-REB-BUILD-6), which converts no leader
    (RK-REB-BUILD-7). ``no`` is the reading that ignores him."""
    m = m1("build", player_leader_is_troop=is_troop)
    for r in (KIEV, VOL):
        rebels(m, r, 2)
        build_struct(m, REBELLION, r, MARKET)
    m.s.sides[PLAYER].leader = VOL
    assert (CHURCH in rebellion._buildable(m, VOL)) == (is_troop == "yes")
    rebellion.build(m, 1)
    built = VOL if is_troop == "yes" else KIEV
    assert len(m.s.structs[built]) == 2 and m.s.sides[PLAYER].leader == VOL
