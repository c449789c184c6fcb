"""Casualty checks, unit losses and the warfare track (RK-CAS-1..5, RK-SB-WREW-1, RK-SB-WAR-4,
RK-OPEN-10..13, RK-OPEN-16, RK-OPEN-23)."""
from __future__ import annotations

import pytest

from automa.rurik import combat
from automa.rurik.state import PLAYER, REBELLION, STRONGHOLD
from tests.rurik.conftest import _DATA, make_match, region
from tests.rurik.helpers import build_struct, rebels, troops

NONE = [c.id for c in _DATA.schemes if c.casualty_icons == 0]
ONE = [c.id for c in _DATA.schemes if c.casualty_icons == 1]
TWO = [c.id for c in _DATA.schemes if c.casualty_icons == 2]
K = region("kiev")


def _defender_setup(m, rule=False, stronghold=False):
    """The player defends in Kiev: 1 troop, or 3 (ruling) against the Rebellion's 2 rebels."""
    rebels(m, K, 2)
    troops(m, K, 3 if rule else 1)
    if stronghold:
        build_struct(m, PLAYER, K, STRONGHOLD)


@pytest.mark.parametrize("mode, rule, stronghold, n", [
    ("one_plus_rule_plus_stronghold", False, False, 1),
    ("one_plus_rule_plus_stronghold", True, False, 2),
    ("one_plus_rule_plus_stronghold", True, True, 3),
    ("one_plus_rule_plus_stronghold", False, True, 2),    # the stronghold makes 2 vs 2: a tie, not ruled
    ("one_plus_stronghold", True, True, 2),
    ("one_plus_stronghold", True, False, 1),
    ("one", True, True, 1),
])
def test_casualty_card_count(mode, rule, stronghold, n):
    """N = 1, +1 if the defender rules, +1 for its stronghold, per ``casualty_card_count``
    (RK-CAS-2, RK-PL-BUILD-4, RK-OPEN-11)."""
    m = make_match(casualty_card_count=mode)
    _defender_setup(m, rule, stronghold)
    assert combat.casualty_cards(m, PLAYER, K) == n


@pytest.mark.parametrize("mode, deck, lost, revealed", [
    ("first_casualty_card", [NONE[0], ONE[0], ONE[1]], 1, 2),
    ("first_casualty_card", [TWO[0], ONE[0], ONE[1]], 2, 1),
    ("first_casualty_card", [NONE[0], NONE[1], NONE[2]], 0, 3),
    ("all_icons", [ONE[0], NONE[0], ONE[1]], 2, 3),
    ("all_icons", [TWO[0], ONE[0], NONE[0]], 3, 3),
    ("one_if_any", [ONE[0], ONE[1], NONE[0]], 1, 3),
    ("one_if_any", [ONE[0], TWO[0], NONE[0]], 2, 3),
    ("one_if_any", [NONE[0], NONE[1], NONE[2]], 0, 3),
])
def test_casualty_resolution(mode, deck, lost, revealed):
    """Reveal N=3 cards; ``first_casualty_card`` stops at the first icon card and loses its icons;
    ``all_icons`` loses one unit per icon; ``one_if_any`` loses 1, or 2 for a double icon
    (RK-CAS-3, RK-SB-WAR-4, RK-OPEN-12). Revealed cards are discarded (RK-CAS-4)."""
    m = make_match(casualty_resolution=mode)
    rebels(m, K, 5)
    m.s.schemes = [deck + [NONE[5]], [NONE[6]]]
    assert combat.casualty_check(m, REBELLION, K, 3, 0) == (revealed, lost)
    assert m.s.sides[REBELLION].units[K] == 5 - lost
    assert m.s.discard == deck[:revealed]


def test_casualties_limited_to_units_there():
    """A double icon with one unit there removes only that unit (RK-SB-WAR-4)."""
    m = make_match()
    rebels(m, K, 1)
    m.s.schemes = [[TWO[0]], []]
    assert combat.casualty_check(m, REBELLION, K, 1, 0) == (1, 1)
    assert m.s.sides[REBELLION].units[K] == 0 and m.s.sides[REBELLION].supply == 16


def test_revealed_cards_bottom_of_deck():
    """``revealed_card_fate=bottom_of_deck`` puts revealed cards under their deck (RK-OPEN-13)."""
    m = make_match(revealed_card_fate="bottom_of_deck")
    rebels(m, K, 2)
    m.s.schemes = [[NONE[0], ONE[0], NONE[1]], []]
    combat.casualty_check(m, REBELLION, K, 2, 0)
    assert m.s.schemes[0] == [NONE[1], NONE[0], ONE[0]] and m.s.discard == []


def test_zero_cards_no_check():
    """N <= 0 reveals nothing (RK-CAS-2: N never below 0)."""
    m = make_match()
    rebels(m, K, 2)
    m.s.schemes = [[ONE[0]], []]
    assert combat.casualty_check(m, REBELLION, K, 0, 0) == (0, 0)
    assert combat.casualty_check(m, REBELLION, K, -1, 0) == (0, 0)
    assert m.s.schemes[0] == [ONE[0]]


@pytest.mark.parametrize("order, first", [("troops_first", "troop"), ("leader_first", "leader")])
def test_unit_loss_order(order, first):
    """Troops before the leader by default; ``leader_first`` the other way (RK-OPEN-10, RK-CAS-5)."""
    m = make_match(unit_loss_order=order)
    troops(m, K, 1, leader=True)
    assert combat.lose_unit(m, PLAYER, K)
    pl = m.s.sides[PLAYER]
    if first == "troop":
        assert pl.units[K] == 0 and pl.leader == K and pl.supply == 12
    else:
        assert pl.units[K] == 1 and pl.leader == -1
    assert combat.lose_unit(m, PLAYER, K)
    assert not combat.lose_unit(m, PLAYER, K)
    assert pl.leader == -1 and pl.units[K] == 0


def test_warfare_rewards_once_per_side_and_cap():
    """Reward tokens on 2, 4, 6, 8, 10, once per side; the track stops at 10 (RK-SB-WREW-1, RK-OPEN-16)."""
    m = make_match()
    m.s.rewards = {2: "wood2", 4: "coins2", 6: "fish2", 8: "fur1", 10: "vp"}
    for _ in range(12):
        combat.advance_warfare(m, PLAYER)
    pl = m.s.sides[PLAYER]
    assert pl.warfare == 10
    assert pl.boat[0] == 2 and pl.boat[1] == 2 and pl.boat[4] == 1 and pl.coins == 2 and pl.vp_tokens == 1
    for _ in range(4):
        combat.advance_warfare(m, REBELLION)
    reb = m.s.sides[REBELLION]
    assert reb.boat[0] == 2 and reb.coins == 3 + 2


@pytest.mark.parametrize("mode, unlocked", [("pdhummel", True), ("rebel_ignores_scheme_token", False)])
def test_rebellion_scheme_token_unlocks(mode, unlocked):
    """A Rebellion reaching the scheme-card token unlocks a bonus space (RK-OPEN-23, RK-REB-BONUS-4)."""
    m = make_match(warfare_reward_tokens=mode)
    m.s.rewards = {2: "scheme"}
    before = sum(map(sum, m.s.covered))
    combat.advance_warfare(m, REBELLION)
    combat.advance_warfare(m, REBELLION)
    assert (sum(map(sum, m.s.covered)) == before - 1) is unlocked
    assert m.s.sides[REBELLION].coins == 3 + unlocked


def test_player_scheme_token_draws_a_card():
    """The player's scheme-card token draws the top scheme card into hand (RK-SB-WREW-1)."""
    m = make_match()
    m.s.rewards = {2: "scheme"}
    m.s.schemes = [[NONE[0], NONE[1]], []]
    combat.advance_warfare(m, PLAYER)
    combat.advance_warfare(m, PLAYER)
    assert m.s.sides[PLAYER].hand == [NONE[0]]


def test_scheme_card_reward_token_from_the_deck_the_player_chooses():
    """A warfare reward token's scheme card comes from the scheme deck the player chooses, as every
    scheme card the player draws (RK-SB-WREW-1, RK-PL-SCHEME-1, RK-READ-12); it always came from
    deck 0."""
    from tests.rurik.conftest import Scripted
    m = make_match(strategy=Scripted([("deck", 1)]))
    m.s.rewards = {1: "scheme"}
    m.s.schemes = [[1, 2], [3, 4]]
    combat.advance_warfare(m, PLAYER)
    assert m.s.sides[PLAYER].hand == [3] and m.s.schemes == [[1, 2], [4]]
    assert m.strategy.asked == [("scheme_deck", [("deck", 0), ("deck", 1)])]
