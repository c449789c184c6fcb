"""The player's actions and turn (RK-ACT-1..5, RK-PL-MUSTER, -MOVE, -ATTACK, -TAX, -BUILD,
-SCHEME, RK-SOLO-2/3, RK-SB-STRUCT-1, RK-SB-REBLEAD-2, RK-OPEN-37, RK-OPEN-38)."""
from __future__ import annotations

import pytest

from automa.core.trace import Trace
from automa.rurik import choices, player, rebellion
from automa.rurik.data import COLUMNS
from automa.rurik.decide import PASS
from automa.rurik.state import CHURCH, MARKET, PLAYER, REBELLION, STABLE, STRONGHOLD, TAVERN, VACATED
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
    assert choices.build_cost(m, KIEV) == 1 and choices.build_cost(m, VOL) == 2
    assert {c[1] for c in choices.tax_choices(m, 1)} == {KIEV}
    assert {c[1] for c in choices.tax_choices(m, 2)} == {KIEV, VOL}
    assert player.apply(m, ("tax", VOL, "none")) == 2
    assert m.s.sides[PLAYER].boat[1] == 1 and not m.s.token[VOL]
    assert VOL not in {c[1] for c in choices.tax_choices(m, 2)}


def test_mstislav_region_costs_one():
    """Mstislav's region costs 1 point (leader ability as modelled)."""
    m = pm()
    troops(m, VOL, 0, leader=True)
    rebels(m, VOL, 3)
    assert choices.build_cost(m, VOL) == 1


def test_tax_market_good_or_coin():
    """Own market: 1 extra good, or 1 coin instead (RK-PL-TAX-2, RK-PL-BUILD-5)."""
    m = pm(player_leader="boris")
    troops(m, KIEV, 1)
    build_struct(m, PLAYER, KIEV, MARKET)
    assert set(choices.tax_choices(m, 1)) == {("tax", KIEV, "good"), ("tax", KIEV, "coin")}
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
    assert choices.build_choices(m, 1) == []
    kinds = {c[2] for c in choices.build_choices(m, 2)}
    assert kinds == {CHURCH, STRONGHOLD, MARKET, STABLE, TAVERN}
    build_struct(m, REBELLION, KIEV, MARKET)
    build_struct(m, REBELLION, KIEV, STRONGHOLD)
    assert {c[2] for c in choices.build_choices(m, 2)} == {CHURCH, STABLE, TAVERN}
    build_struct(m, REBELLION, KIEV, CHURCH)
    assert choices.build_choices(m, 2) == []
    assert choices.build_choices(m, 5) == []


@pytest.mark.parametrize("mode", ["mandatory", "optional"])
def test_church_conversion(mode):
    """A church converts a rebel or a neutral troop (never a leader), mandatory by default; the
    rebel returns to the Rebellion's supply and a troop comes from supply (RK-PL-BUILD-3, RK-OPEN-38)."""
    m = pm(church_targets=mode, player_leader="boris")
    troops(m, KIEV, 1)
    rebels(m, KIEV, 1, leader=True)
    m.s.neutral[KIEV] = 1
    targets = {c[3] for c in choices.build_choices(m, 2) if c[2] == CHURCH}
    assert targets == ({"rebellion", "neutral"} if mode == "mandatory" else {"rebellion", "neutral", "none"})
    player.apply(m, ("build", KIEV, CHURCH, "rebellion"))
    reb, pl = m.s.sides[REBELLION], m.s.sides[PLAYER]
    assert reb.units[KIEV] == 0 and reb.supply == 16 and reb.leader == KIEV
    assert pl.units[KIEV] == 2 and pl.supply == 10
    m2 = pm(player_leader="boris")
    troops(m2, KIEV, 1)
    rebels(m2, KIEV, 0, leader=True)               # only the leader: no target
    assert {c[3] for c in choices.build_choices(m2, 2) if c[2] == CHURCH} == {"none"}


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
    """An off-board leader must be the first unit mustered by default (RK-PL-MUSTER-1, RK-PL-MUSTER-2, RK-OPEN-37)."""
    m = pm(leader_reentry=mode)
    troops(m, KIEV, 1)
    kinds = {c[2] for c in choices.muster_choices(m, 1)}
    assert kinds == ({"leader"} if leader_only else {"leader", "troop"})


def test_move_adjacent_only():
    """Each move point moves one unit to an adjacent region (RK-PL-MOVE-1)."""
    m = pm()
    troops(m, VOL, 1)
    assert {c[2] for c in choices.move_choices(m, 1)} == set(_DATA.adjacent[VOL])


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
    assert m.s.board[COL["tax"]] == [VACATED] and m.s.board[COL["move"]] == [(PLAYER, "2", 2)]
    assert m.strategy.asked[0] == ("advisor", [("column", COL["move"]), ("column", COL["tax"])])


@pytest.mark.parametrize("row", [0, 1])
def test_turn_two_2s_in_one_column_either_first(row):
    """With the 2 and the 2+ in one column the player takes either first: the column is offered
    once per row, since the spaces differ (RK-ACT-1). Before, both choices took the upper one."""
    m = pm(answers=[("column", COL["move"], row)], player_leader="boris")
    troops(m, KIEV, 1, leader=True)
    m.s.board[COL["move"]] = [(PLAYER, "2", 2), (PLAYER, "2+", 2)]
    m.s.board[COL["build"]] = [(PLAYER, "4", 4)]
    player.take_turn(m)
    assert m.strategy.asked[0] == ("advisor", [("column", COL["move"], 0), ("column", COL["move"], 1)])
    assert m.s.board[COL["move"]][row] == VACATED and m.s.board[COL["move"]][1 - row] != VACATED


def test_two_2s_in_one_column_labelled_by_their_rows():
    """Each row of the column is told apart in words (RK-ACT-1)."""
    from automa.rurik.labels import describe
    from automa.rurik.view import View
    m = pm(player_leader="boris")
    m.s.board[COL["move"]] = [(PLAYER, "2", 2), (PLAYER, "2+", 2)]
    assert [describe(View(m), "advisor", ("column", COL["move"], row)) for row in (0, 1)] == [
        "take back advisor 2 from move (top space, 3 pts)", "take back advisor 2+ from move (middle space, 2 pts)"]


def test_out_of_troops_musters_two_anywhere():
    """With no unit on the board: 2 units (leader allowed) into any one region (RK-PL-MUSTER-3, RK-SB-CLAR-1)."""
    m = pm(answers=[("region", CHE)])
    player.out_of_troops(m)
    pl = m.s.sides[PLAYER]
    assert pl.leader == CHE and pl.units[CHE] == 1 and pl.supply == 11


def test_out_of_troops_may_be_declined():
    """"they may muster two troops" (RK-PL-MUSTER-3, RK-SB-CLAR-1): the muster is offered with a pass,
    and a declined muster is offered again at the next moment while no unit is on the board
    (RK-READ-3)."""
    m = pm(answers=[PASS, ("region", KIEV)])
    player.out_of_troops(m)
    pl = m.s.sides[PLAYER]
    assert m.strategy.asked[0] == ("out_of_troops", [("region", r) for r in range(8)] + [PASS])
    assert pl.leader == -1 and pl.units == [0] * 8 and pl.supply == 12
    player.out_of_troops(m)
    assert pl.leader == KIEV and pl.units[KIEV] == 1


def test_out_of_troops_before_the_next_strategy_phase():
    """"immediately before resolving their next advisor or immediately before the next Strategy
    Phase, whichever happens first" (RK-PL-MUSTER-3): a player left with no unit after the action
    phase musters before the strategy phase, so places advisors with units on the board."""
    from automa.rurik import rounds
    m = pm(answers=[("region", VOL)])
    seen = []

    def strategy_phase(mm):
        seen.append((mm.s.sides[PLAYER].leader, mm.s.sides[PLAYER].units[VOL]))
        raise StopIteration
    orig, rounds.strategy_phase = rounds.strategy_phase, strategy_phase
    try:
        with pytest.raises(StopIteration):
            rounds.play_round(m)
    finally:
        rounds.strategy_phase = orig
    assert seen == [(VOL, 1)] and m.strategy.asked[0][0] == "out_of_troops"


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


MOVE_MUSTER = next(c.id for c in _DATA.schemes if c.reward_all == (("move", 1), ("muster", 1)))


@pytest.mark.parametrize("main", ["tax", "move"])
def test_scheme_card_move_and_muster_in_either_order(main):
    """"Reward: one movement point and one muster point (in any order)" (RK-PL-SCHEME-2): the player
    chooses the order; muster first lets the new troop move. On a move turn the card's move point
    joins the main action (RK-ACT-5), so muster first comes before the main action."""
    m = pm(player_leader="boris")
    troops(m, KIEV, 1, leader=True)
    m.s.token[KIEV] = False                            # nothing to tax: the tax turn spends nothing
    pl = m.s.sides[PLAYER]
    pl.hand = [MOVE_MUSTER]
    m.strategy.answers.extend([("play", MOVE_MUSTER), ("first", "muster"), ("muster", KIEV, "troop"),
                               ("move", KIEV, VOL, "troop")])
    m.strategy.default = lambda d: PASS if PASS in d.choices else d.choices[0]
    _turn(m, main, [(REBELLION, "5", 5), (PLAYER, "1", 1)])     # the middle space
    kinds = [k for k, _ in m.strategy.asked]
    assert kinds[:4] == ["scheme_play", "scheme_order", "muster", "move"]
    assert m.strategy.asked[1][1] == [("first", "move"), ("first", "muster")]
    assert pl.units[KIEV] == 1 and pl.units[VOL] == 1 and pl.leader == KIEV


def test_conversion_token_pays_dock_goods_before_boat_goods():
    """A goods conversion token (2 goods with wood or stone -> 1 build) spends dock goods before
    boat goods, which score on the trade track (RK-OPEN-29, RK-CLAIM-2)."""
    from automa.rurik import deeds, payments
    m = pm()
    pl = m.s.sides[PLAYER]
    pl.boat[0] = 3                                   # wood on the boat
    pl.dock[1] = 1                                   # a fish on the dock
    pl.dock[3] = 1                                   # a stone on the dock
    assert "build" in deeds.payable_conversions(m)
    payments.pay_two(m, (0, 3))
    assert pl.boat[0] == 3 and pl.dock == [0, 0, 0, 0, 0]


@pytest.mark.parametrize("handling, ok", [("boat_first_with_transfers", True), ("boat_first_no_transfers", False)])
def test_goods_handling_transfers(handling, ok):
    """With transfers the boat's goods can pay; without, only the dock (RK-OPEN-35)."""
    from automa.rurik import deeds
    m = pm(player_goods_handling=handling)
    m.s.sides[PLAYER].boat[0] = 2
    assert ("build" in deeds.payable_conversions(m)) is ok


# --- attack and stronghold -----------------------------------------------------------------------

def test_attack_needs_a_unit_there_and_removes_one_unit_per_point():
    """Attacks only where the player has a unit; each point removes one Rebellion unit or neutral
    troop there (RK-PL-ATTACK-1)."""
    m = pm(answers=[("attack", KIEV, "rebellion"), ("deck", 0), ("attack", KIEV, "neutral")])
    troops(m, KIEV, 1)
    rebels(m, KIEV, 2)
    m.s.neutral[KIEV] = 1
    rebels(m, VOL, 1)                               # no player unit in Volyn or Pereyaslavl
    m.s.neutral[PER] = 1
    assert set(choices.attack_choices(m, 1)) == {("attack", KIEV, "rebellion"), ("attack", KIEV, "neutral")}
    assert player.spend(m, "attack", 2) == 2
    reb = m.s.sides[REBELLION]
    assert reb.units[KIEV] == 1 and m.s.neutral[KIEV] == 0
    assert reb.units[VOL] == 1 and m.s.neutral[PER] == 1 and m.s.sides[PLAYER].units[KIEV] == 1


def test_stronghold_adds_strength_and_a_casualty_card():
    """A stronghold adds 1 to its owner's strength (2 troops vs 2 rebels: a tie becomes rule, so
    taxing and building there cost 1 instead of 2) and 1 card to an attacker's casualty check
    (RK-PL-BUILD-4, RK-CORE-4, RK-CAS-2)."""
    from automa.rurik import combat
    m = pm(player_leader="boris")
    troops(m, KIEV, 2)
    rebels(m, KIEV, 2)
    assert choices.build_cost(m, KIEV) == 2 and combat.casualty_cards(m, PLAYER, KIEV) == 1
    assert player.apply(m, ("build", KIEV, STRONGHOLD, "none")) == 2
    assert choices.build_cost(m, KIEV) == 1
    assert combat.casualty_cards(m, PLAYER, KIEV) == 3          # 1 + rule + stronghold


# --- player leaders ------------------------------------------------------------------------------

def test_gleb_moves_after_an_attack_without_casualty_once_per_round():
    """Player Gleb: after an attack in his region with no casualty, 2 move points for the units
    there (Gleb included), once per round; none after a casualty (RK-SB-LEAD-1)."""
    m = pm(answers=[("deck", 0), ("move", KIEV, VOL, "troop"), ("move", KIEV, VOL, "leader")],
           player_leader="gleb", rebel_leader="sviatopolk")
    troops(m, KIEV, 1, leader=True)
    rebels(m, KIEV, 3)
    player.apply(m, ("attack", KIEV, "rebellion"))
    pl = m.s.sides[PLAYER]
    assert pl.leader == VOL and pl.units[VOL] == 1 and pl.units[KIEV] == 0 and pl.leader_used
    # once per round: a second clean attack in his region gives no move
    troops(m, VOL, 1)
    rebels(m, VOL, 2)
    m.strategy.answers.extend([("deck", 0)])
    player.apply(m, ("attack", VOL, "rebellion"))
    assert pl.leader == VOL and pl.units[VOL] == 2
    assert [k for k, _ in m.strategy.asked].count("move") == 2
    # a casualty: no move
    m2 = pm(answers=[("deck", 0)], player_leader="gleb", rebel_leader="sviatopolk")
    m2.s.schemes = [ONE[:3], ONE[3:6]]
    troops(m2, KIEV, 1, leader=True)
    rebels(m2, KIEV, 3)
    player.apply(m2, ("attack", KIEV, "rebellion"))
    assert m2.s.sides[PLAYER].units[KIEV] == 0 and m2.s.sides[PLAYER].leader == KIEV
    assert "move" not in [k for k, _ in m2.strategy.asked] and not m2.s.sides[PLAYER].leader_used


def test_gleb_moves_after_attacking_a_neutral_troop_in_his_region():
    """"Once per round after attacking in Gleb's region with no casualty, gain two movement points"
    (RK-SB-LEAD-1): an attack on a neutral troop has no casualty check (RK-SOLO-3), so it gives the
    two moves too; before, only an attack on the Rebellion did."""
    m = pm(answers=[("move", KIEV, VOL, "troop"), ("move", KIEV, PER, "leader")],
           player_leader="gleb", rebel_leader="sviatopolk")
    troops(m, KIEV, 1, leader=True)
    m.s.neutral[KIEV] = 1
    player.apply(m, ("attack", KIEV, "neutral"))
    pl = m.s.sides[PLAYER]
    assert m.s.neutral[KIEV] == 0 and pl.leader_used
    assert pl.units[VOL] == 1 and pl.leader == PER and pl.units[KIEV] == 0


@pytest.mark.parametrize("mode", ["start_there", "troops_there"])
def test_stable_moves_start_there_or_follow_its_troops(mode):
    """A stable's move points "to use with any of your troops located in this region"
    (RK-SB-STRUCT-1, RK-READ-5): by default each move starts in the region, so a troop takes one
    step; with ``local_moves=troops_there`` the troops that were there may take several steps, and
    a troop elsewhere none."""
    m = pm(answers=[("move", KIEV, VOL, "troop"), ("move", VOL, POL, "troop")],
           player_leader="boris", local_moves=mode)
    m.strategy.default = lambda d: PASS
    troops(m, KIEV, 1)
    troops(m, CHE, 1)
    player.apply(m, ("build", KIEV, STABLE, "none"))
    pl = m.s.sides[PLAYER]
    moves = m.strategy.asked[1][1] if len(m.strategy.asked) > 1 else []
    if mode == "start_there":
        assert pl.units[VOL] == 1 and not moves    # nothing left in Kiev: no second move asked
    else:
        assert pl.units[POL] == 1 and all(c[1] == VOL for c in moves if c != PASS)
        assert pl.units[CHE] == 1


@pytest.mark.parametrize("mode, free_into", [("rebellion_unit", "volyn"), ("neutral_troop", "pereyaslavl")])
def test_sviatoslav_free_step_into_a_rebel_region(mode, free_into):
    """Sviatoslav's step is free "to an adjacent region with a rebel": a Rebellion unit by default,
    a neutral troop with ``sviatoslav_free_step=neutral_troop`` (RK-SB-LEAD-2, RK-READ-6)."""
    m = pm(player_leader="sviatoslav", sviatoslav_free_step=mode)
    troops(m, KIEV, 1, leader=True)
    rebels(m, VOL, 1)
    m.s.neutral[PER] = 1
    player._sviatoslav(m)                                 # no coin: only the free step is offered
    assert m.strategy.asked[0] == ("sviatoslav", [("step", region(free_into)), PASS])


def test_sviatoslav_steps_before_building():
    """Player Sviatoslav: before spending build points he may step to an adjacent region, free into a
    region with a Rebellion unit, 1 coin otherwise; then he can build there (RK-SB-LEAD-2)."""
    m = pm(answers=[("step", VOL), ("build", VOL, STRONGHOLD, "none")], player_leader="sviatoslav")
    troops(m, KIEV, 1, leader=True)
    rebels(m, VOL, 1)
    _turn(m, "build", [(PLAYER, "1", 1)])             # top build space: 2 points
    pl = m.s.sides[PLAYER]
    assert m.strategy.asked[0] == ("sviatoslav", [("step", VOL), PASS])   # no coin: only the free step
    assert pl.leader == VOL and pl.coins == 0 and (PLAYER, STRONGHOLD) in m.s.structs[VOL]
    m2 = pm(answers=[("step", PER)], player_leader="sviatoslav")
    troops(m2, KIEV, 1, leader=True)
    m2.s.sides[PLAYER].coins = 1
    player._sviatoslav(m2)
    assert {c for c in m2.strategy.asked[0][1]} == {("step", d) for d in _DATA.adjacent[KIEV]} | {PASS}
    assert m2.s.sides[PLAYER].leader == PER and m2.s.sides[PLAYER].coins == 0


def test_sviatoslav_steps_before_any_build_points_once_per_turn():
    """The step comes before the turn's first build points whatever gives them (here a scheme card's or
    a conversion token's, spent outside a Build action), and once per turn (RK-SB-LEAD-2)."""
    m = pm(answers=[("step", VOL), ("build", VOL, STRONGHOLD, "none")], player_leader="sviatoslav")
    troops(m, KIEV, 1, leader=True)
    rebels(m, VOL, 1)
    player.spend(m, "build", 2)
    pl = m.s.sides[PLAYER]
    assert m.strategy.asked[0] == ("sviatoslav", [("step", VOL), PASS])
    assert pl.leader == VOL and (PLAYER, STRONGHOLD) in m.s.structs[VOL]
    pl.coins = 1                                       # every neighbour is now a paid step
    m.strategy.answers.append(PASS)
    player.spend(m, "build", 1)                        # later build points of the same turn: no step
    assert [k for k, _ in m.strategy.asked].count("sviatoslav") == 1
    m.builder_step_offered = False                     # as at the start of the next turn
    m.strategy.answers.append(PASS)
    player.spend(m, "build", 1)
    assert [k for k, _ in m.strategy.asked].count("sviatoslav") == 2


def test_theofana_after_taxing_her_region_once_per_round():
    """Player Theofana: when a turn's tax spending included her region, step her to a neighbour or
    take 1 coin, once per round; not after a tax elsewhere (RK-SB-LEAD-3)."""
    m = pm(answers=[("tax", KIEV, "none"), ("tax", VOL, "none"), ("coin",)], player_leader="theofana")
    troops(m, KIEV, 1, leader=True)
    troops(m, VOL, 1)
    _turn(m, "tax", [(PLAYER, "1", 1)])               # top tax space: 2 points, 1 per ruled region
    pl = m.s.sides[PLAYER]
    assert pl.coins == 1 and pl.leader_used and pl.leader == KIEV
    m.s.token = [True] * 8
    m.strategy.answers.extend([("tax", KIEV, "none"), PASS])
    _turn(m, "tax", [(PLAYER, "1", 1)])
    assert pl.coins == 1 and [k for k, _ in m.strategy.asked].count("theofana") == 1
    m2 = pm(answers=[("tax", VOL, "none"), PASS], player_leader="theofana")
    troops(m2, KIEV, 1, leader=True)
    troops(m2, VOL, 1)
    _turn(m2, "tax", [(PLAYER, "1", 1)])
    assert "theofana" not in [k for k, _ in m2.strategy.asked] and m2.s.sides[PLAYER].coins == 0


def test_theofana_not_after_a_tax_elsewhere_when_her_region_was_taxed_earlier():
    """Her region already taxed earlier in the round (by the Rebellion): a tax turn that includes only
    another region gives no step or coin (RK-SB-LEAD-3)."""
    m = pm(answers=[("tax", VOL, "none"), ("coin",)], player_leader="theofana")
    troops(m, KIEV, 1, leader=True)
    troops(m, VOL, 1)
    m.s.token[KIEV] = False
    _turn(m, "tax", [(PLAYER, "4", 4), (PLAYER, "1", 1)])   # middle tax space: 1 point
    assert "theofana" not in [k for k, _ in m.strategy.asked] and m.s.sides[PLAYER].coins == 0


@pytest.mark.parametrize("source", ["scheme card", "deed", "pooled"])
def test_theofana_after_tax_points_from_any_source(source):
    """"Once per round after you finish spending tax points on your turn, if you taxed in Theofana's
    region" (RK-SB-LEAD-3, RK-READ-2): tax points from a scheme card played on a move turn, from a
    deed (Create Republic) or left from the main action and spent with a later point also trigger
    her, once those points are spent. Before, only the main Tax action did."""
    m = pm(player_leader="theofana")
    troops(m, KIEV, 1, leader=True)
    pl = m.s.sides[PLAYER]
    if source == "scheme card":
        card = next(c.id for c in _DATA.schemes if c.reward_all == (("tax", 1),) and not c.coin_cost)
        pl.hand = [card]
        m.strategy.answers.extend([("play", card), PASS, ("tax", KIEV, "none"), ("coin",)])
        _turn(m, "move", [(PLAYER, "1", 1)])
    elif source == "deed":
        d = next(i for i, x in enumerate(_DATA.deeds) if x["name"] == "Create Republic")
        for name in ("novgorod", "chernigov", "volyn"):
            troops(m, region(name), 1)
        pl.deeds = [d]
        m.strategy.answers.extend([("accomplish", d), ("tax", KIEV, "none"), ("coin",)])
        player.accomplish(m)
    else:
        rebels(m, KIEV, 2)                           # a tie: taxing Kiev costs 2, the pooled point too
        m.left = {"tax": 1}
        m.strategy.answers.extend([("tax", KIEV, "none"), ("coin",)])
        player.spend_extra(m, "tax", 1)
    assert not m.s.token[KIEV] and [k for k, _ in m.strategy.asked].count("theofana") == 1
    assert pl.leader_used and pl.coins == 1 + (source == "scheme card")   # a move turn with no move: +1


# --- deeds ---------------------------------------------------------------------------------------

def test_deed_removing_troops_takes_the_leader_only_as_the_last_unit():
    """A deed that takes troops off the board takes troops, not the leader while troops are there
    (RK-SB-CLAR-3): Retire Veterans with leader + 2 troops in Kiev leaves the leader; with leader + 1
    troop the leader is the last unit and goes too."""
    from automa.rurik import deeds
    d = next(i for i, x in enumerate(_DATA.deeds) if x["name"] == "Retire Veterans")
    for n, leader_after in ((2, KIEV), (1, -1)):
        m = pm()
        troops(m, KIEV, n, leader=True)
        pl = m.s.sides[PLAYER]
        pl.coins = 2
        pl.deeds = [d]
        assert deeds.affordable(m, d)
        player.accomplish(m)
        assert pl.deeds_done == [d] and pl.coins == 0
        assert pl.units[KIEV] == 0 and pl.leader == leader_after and pl.supply == 12


# --- the audit's corrections (issue 12) ---------------------------------------------------------

def test_taken_advisors_leave_their_spaces_empty():
    """An advisor resolves the space it stands on: taking one back leaves its space empty until the
    round ends, so no advisor below moves up (RK-ACT-2, RK-STRAT-2). The audit's example (seed 1,
    game 0): build column P4+2 / R5 / P2; after the player resolves row 2 and then row 0, the
    Rebellion's 5 resolves the middle space (1 point), not the top one (2)."""
    trace = Trace()
    m = make_match(strategy=Scripted(default=lambda d: PASS if PASS in d.choices else d.choices[0]),
                   trace=trace, player_leader="boris")
    m.s.schemes = [NONE[:8], NONE[8:16]]
    troops(m, KIEV, 1, leader=True)
    m.s.board[COL["build"]] = [(PLAYER, "4", 6), (REBELLION, "5", 5), (PLAYER, "2", 2)]
    player.take_turn(m)
    player.take_turn(m)
    assert m.s.board[COL["build"]] == [VACATED, (REBELLION, "5", 5), VACATED]
    rebellion.take_turn(m)
    act = [e for e in trace.events if e["kind"] == "rebel_action"][-1]
    assert (act["row"], act["points"]) == (1, _DATA.spaces[COL["build"]][1][0]) == (1, 1)


def test_space_coin_is_paid_before_the_action():
    """The coin of a coin space is paid as the space is resolved (RK-ACT-2), so the same coin cannot
    also pay for Sviatoslav's step (RK-SB-LEAD-2) and coins never go below 0. The audit's example:
    seed 31, game 255, difficulty 1, Sviatoslav, round 4: 1 coin on the bottom build space."""
    m = pm(player_leader="sviatoslav")
    troops(m, KIEV, 1, leader=True)
    m.s.sides[PLAYER].coins = 1
    _turn(m, "build", [(REBELLION, "5", 5), (REBELLION, "4", 4), (PLAYER, "1", 1)])
    pl = m.s.sides[PLAYER]
    assert "sviatoslav" not in [k for k, _ in m.strategy.asked]   # no free step, and no coin for a paid one
    assert pl.coins == 0 and pl.leader == KIEV and len(m.s.structs[KIEV]) == 1


def test_forfeit_on_a_coin_space_keeps_the_coin():
    """Forfeiting a coin space by choice: the coin paid on resolving comes back, plus 1 (RK-ACT-4)."""
    m = pm(answers=[player.FORFEIT], player_leader="boris")
    troops(m, KIEV, 1, leader=True)
    m.s.sides[PLAYER].coins = 2
    _turn(m, "tax", [(REBELLION, "5", 5), (REBELLION, "4", 4), (PLAYER, "1", 1)])
    assert m.s.sides[PLAYER].coins == 3 and m.s.token[KIEV]


def _wood_for_build(m):
    pl = m.s.sides[PLAYER]
    pl.dock[0] = 2                                   # two wood: the build conversion token (RK-OPEN-29)
    troops(m, VOL, 1, leader=True)
    rebels(m, VOL, 2)                                # not ruled: building there costs 2 (RK-PL-BUILD-1)


@pytest.mark.parametrize("timing, built", [("pooled", True), ("separate", False)])
def test_conversion_point_joins_the_main_action(timing, built):
    """With ``extra_points_timing=pooled`` (RK-ACT-5; PDH pools each kind's points for the turn) the
    build conversion token, used before the main action, adds its point to the space's: 1 + 1 points
    build where the player does not rule. With ``separate`` the points are spent apart and neither
    is enough."""
    def answer(d):
        for c in d.choices:
            if c == ("convert", "build") or c[:2] == ("build", VOL):
                return c
        return PASS
    m = make_match(strategy=Scripted(default=answer), player_leader="boris", extra_points_timing=timing)
    m.s.schemes = [NONE[:8], NONE[8:16]]
    _wood_for_build(m)
    _turn(m, "build", [(REBELLION, "5", 5), (PLAYER, "1", 1)])   # the middle build space: 1 point
    assert bool(m.s.structs[VOL]) == built
    assert m.s.sides[PLAYER].dock[0] == 0             # the token was used either way


def test_points_left_this_turn_join_later_points_of_their_kind():
    """Pooled: a point left unspent by the main action waits for the turn's later points of its kind
    (a deed's, a conversion token's), and what is still left is lost when the turn ends (RK-ACT-3)."""
    m = pm(answers=[("build", VOL, STRONGHOLD, "none")], player_leader="boris")
    troops(m, VOL, 1)
    rebels(m, VOL, 2)
    m.left = {"build": 1}
    player.spend_extra(m, "build", 1)
    assert (PLAYER, STRONGHOLD) in m.s.structs[VOL] and m.left == {}
    player.spend_extra(m, "build", 1)                 # 1 point, nothing costs 1: it stays in the pool
    assert m.left == {"build": 1}


@pytest.mark.parametrize("reuse, offered_again", [("once_per_round", False), ("every_turn", True)])
def test_each_conversion_token_once_per_round(reuse, offered_again):
    """One conversion token per turn (RK-SB-WAR-3) and each token once per round
    (``conversion_token_reuse=once_per_round``; RK-OPEN-29's source PDH resets the tokens at the end
    of the round); ``every_turn`` is the other reading."""
    m = pm(player_leader="boris", conversion_token_reuse=reuse)
    pl = m.s.sides[PLAYER]
    pl.dock[0], pl.dock[1] = 3, 3                     # wood and fish: both goods tokens payable
    troops(m, KIEV, 2, leader=True)
    m.strategy = Scripted(default=lambda d: ("convert", "muster") if ("convert", "muster") in d.choices
                          else d.choices[0])
    player._conversion(m)
    player._conversion(m)                             # the same turn: no second token
    asked = [c for k, c in m.strategy.asked if k == "conversion"]
    assert len(asked) == 1 and ("convert", "muster") in asked[0]
    m.token_played = False                            # the next turn of the round
    player._conversion(m)
    asked = [c for k, c in m.strategy.asked if k == "conversion"]
    assert (("convert", "muster") in asked[-1]) == offered_again and ("convert", "build") in asked[-1]
