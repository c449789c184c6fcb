"""Module C, rebel factions, in solo (RK-SB-FACT-1..4, RK-CLAIM-1, RK-OPEN-25): "rebels" on the card
are neutral troops, the camp, the neutral troop each claim phase, the three effects and the defeat."""
from __future__ import annotations

import pytest

from automa.rurik import choices, claims, player, rebellion
from automa.rurik.decide import PASS
from automa.rurik.modules import factions
from automa.rurik.scoring import score
from automa.rurik.state import CAMP, CHURCH, NOBODY, PLAYER
from tests.rurik.conftest import _DATA, Scripted, card_index, make_match, region
from tests.rurik.helpers import build_struct, place_epic, rebels, scheme_ids, troops

KIEV, VOLYN, ROSTOV = region("kiev"), region("volyn"), region("rostov")
SAFE = scheme_ids(_DATA, 0)
ONE = scheme_ids(_DATA, 1)


def _faction_match(faction, camp=ROSTOV, **opts):
    m = make_match(modules="factions", **opts)
    m.s.mod.faction, m.s.mod.camp = faction, camp
    m.s.structs[camp].append((NOBODY, CAMP))
    return m


def test_camp_from_inheritance_deck_kiev_reveals_again():
    """Setup: a random faction; the camp goes to the next inheritance region, Kiev revealing another;
    the camp counts as one of its region's 3 structures (RK-SB-FACT-4, RK-SB-FACT-1..3)."""
    m = make_match(modules="factions")
    m.s.inherit = [KIEV, VOLYN, ROSTOV]
    factions.setup(m)
    assert m.s.mod.camp == VOLYN and m.s.structs[VOLYN] == [(NOBODY, CAMP)]
    assert 0 <= m.s.mod.faction < 3 and m.s.inherit == [ROSTOV]
    troops(m, VOLYN, 3)
    build_struct(m, PLAYER, VOLYN, CHURCH)
    build_struct(m, PLAYER, VOLYN, 1)
    assert not [c for c in choices.build_choices(m, 3) if c[1] == VOLYN]


def test_neutral_troop_each_claim_phase():
    """Start of each claim phase, while undefeated: a neutral troop into the camp region if it has
    none, else into the next inheritance region; none once defeated (RK-SB-FACT-4, RK-CLAIM-1)."""
    m = _faction_match(factions.PEASANT_MUTINY)
    m.s.inherit = [VOLYN, KIEV]
    m.s.round = 4
    claims.claim_phase(m)
    assert m.s.neutral[ROSTOV] == 1
    claims.claim_phase(m)
    assert m.s.neutral[VOLYN] == 1 and m.s.mod.neutral_placed == 2
    m.s.mod.defeated = True
    claims.claim_phase(m)
    assert sum(m.s.neutral) == 2


def test_armed_uprising_attacking_a_neutral_troop_checks():
    """Armed Uprising: attacking a neutral troop needs a casualty check, with no warfare step
    (RK-SB-FACT-1, RK-SB-FACT-4)."""
    m = _faction_match(factions.ARMED_UPRISING)
    troops(m, VOLYN, 2)
    m.s.neutral[VOLYN] = 1
    m.s.schemes = [[ONE[0]] + SAFE[:3], SAFE[3:6]]
    player.attack(m, VOLYN, "neutral")
    assert m.s.sides[PLAYER].units[VOLYN] == 1 and m.s.sides[PLAYER].warfare == 0
    m2 = make_match(modules="factions")
    troops(m2, VOLYN, 2)
    m2.s.neutral[VOLYN] = 1
    m2.s.schemes = [[ONE[0]], []]
    player.attack(m2, VOLYN, "neutral")
    assert m2.s.sides[PLAYER].units[VOLYN] == 2


@pytest.mark.parametrize("leader, town_wall, cards", [("boris", False, 0), ("mstislav", False, 1),
                                                      ("mstislav", True, 2), ("boris", True, 1)])
def test_armed_uprising_check_is_as_if_attacking_an_opponent(leader, town_wall, cards):
    """"When attacking a rebel, you must check for a casualty (as if attacking an opponent)"
    (RK-SB-FACT-1, RK-SB-FACT-4): the attack's modifiers apply (RK-CAS-2): Boris attacking in his
    region reveals one card fewer, so none; Town Wall one more. Neutral troops neither rule nor hold
    a stronghold, so the check starts at 1 card. Before, it always revealed exactly 1."""
    m = make_match(modules="epic,factions" if town_wall else "factions", player_leader=leader)
    m.s.mod.faction = factions.ARMED_UPRISING
    if town_wall:
        place_epic(m, "Town Wall", VOLYN)
    troops(m, VOLYN, 2, leader=True)
    m.s.neutral[VOLYN] = 1
    m.s.schemes = [SAFE[:4], SAFE[4:8]]
    player.attack(m, VOLYN, "neutral")
    assert len(m.s.discard) == cards and m.s.neutral[VOLYN] == 0


def test_pagan_unrest_church_keeps_neutral_troops():
    """Pagan Unrest: a church in a region with neutral troops may not remove one; a church that
    removes nothing places no troop (RK-SB-FACT-2, RK-SB-FACT-4)."""
    m = _faction_match(factions.PAGAN_UNREST)
    troops(m, VOLYN, 1)
    m.s.neutral[VOLYN] = 1
    churches = [c for c in choices.build_choices(m, 3) if c[0] == "build" and c[2] == CHURCH and c[1] == VOLYN]
    assert churches == [("build", VOLYN, CHURCH, "none")]
    player.apply(m, churches[0])
    assert m.s.neutral[VOLYN] == 1 and m.s.sides[PLAYER].units[VOLYN] == 1


def test_peasant_mutiny_tax_costs_one_more():
    """Peasant Mutiny: taxing a region with neutral troops costs 1 more tax point (RK-SB-FACT-3)."""
    m = _faction_match(factions.PEASANT_MUTINY)
    troops(m, VOLYN, 1)
    m.s.neutral[VOLYN] = 1
    assert not [c for c in choices.tax_choices(m, 2) if c[1] == VOLYN]
    (c,) = [c for c in choices.tax_choices(m, 3) if c[1] == VOLYN]
    assert player.apply(m, c) == 3


@pytest.mark.parametrize("scope, cost", [("player_only", 1), ("both_sides", 2)])
def test_faction_scope_for_the_rebellion(scope, cost):
    """``faction_scope``: the effect hits only the player (default) or the Rebellion too (RK-OPEN-25)."""
    m = _faction_match(factions.PEASANT_MUTINY, faction_scope=scope)
    m.s.card = card_index(1)
    rebels(m, VOLYN, 1)
    m.s.neutral[VOLYN] = 1
    assert rebellion.tax(m, 1) == (1 if cost == 1 else 0)
    if cost == 2:
        assert rebellion.tax(m, 2) == 2


@pytest.mark.parametrize("faction", [0, 1, 2])
def test_defeat_by_announcing_the_condition(faction):
    """Defeat: the player announces the condition (neutral troops read for rebels): 1 VP token in the
    ``faction`` category, the camp removed, the effect off (RK-SB-FACT-1..4)."""
    m = _faction_match(faction)
    pl = m.s.sides[PLAYER]
    pl.defeated_neutral = 3
    assert not factions.condition_met(m) if faction == 0 else True
    pl.defeated_neutral = 4 if faction == 0 else 2
    if faction == 1:
        assert not factions.condition_met(m)
        for r in (KIEV, VOLYN):
            build_struct(m, PLAYER, r, CHURCH)
    if faction == 2:
        assert not factions.condition_met(m)
        pl.boat[:4] = [1, 1, 1, 1]
    assert factions.condition_met(m)
    m.strategy = Scripted([("defeat",)])
    factions.announce(m)
    assert m.s.mod.defeated and m.s.mod.camp == -1 and (NOBODY, CAMP) not in m.s.structs[ROSTOV]
    assert not factions.active(m, faction, PLAYER)
    cats = score(m)[0]
    assert cats["faction"] == 1 and cats["vp_tokens"] == 0


def test_announcing_is_the_players_choice():
    """The player may keep the faction in play (RK-SB-FACT-1..3)."""
    m = _faction_match(factions.ARMED_UPRISING)
    m.s.sides[PLAYER].defeated_neutral = 4
    m.strategy = Scripted([PASS])
    factions.announce(m)
    assert not m.s.mod.defeated


def test_a_condition_met_mid_turn_can_be_announced_before_a_payment_undoes_it():
    """"a player must announce that they meet the defeat condition on their turn" (RK-SB-FACT-1..4):
    Peasant Mutiny's four kinds of goods and two defeated neutral troops hold until a deed (Hire
    Mercenaries: a fish and a stone) is paid; the defeat is offered before the payment, not only at
    the end of the turn, when the condition no longer holds."""
    m = _faction_match(factions.PEASANT_MUTINY)
    pl = m.s.sides[PLAYER]
    pl.dock[:] = [1, 1, 1, 1, 0]                        # wood, fish, honey, stone
    pl.defeated_neutral, pl.coins = 2, 2
    d = next(i for i, x in enumerate(_DATA.deeds) if x["name"] == "Hire Mercenaries")
    pl.deeds = [d]
    m.strategy = Scripted([("defeat",), ("accomplish", d)], default=lambda dec: PASS)
    troops(m, KIEV, 1)
    player.accomplish(m)
    factions.announce(m)                                # the end of the turn
    assert pl.deeds_done == [d] and not factions.condition_met(m)
    assert m.s.mod.defeated and pl.vp_tokens == 1


@pytest.mark.parametrize("mode, defeated", [("to_supply", 0), ("beside_mat", 1)])
def test_a_neutral_troop_removed_by_a_church(mode, defeated):
    """Only an attacked neutral troop goes beside the mat and counts as a defeated "rebel"
    (RK-SOLO-3, RK-SB-FACT-4); one a church removes goes back to the neutral supply, so the faction
    can place it again, unless ``church_neutral=beside_mat`` (RK-PL-BUILD-3, RK-READ-11). The
    Rebellion's church likewise (RK-REB-BUILD-7)."""
    m = _faction_match(factions.ARMED_UPRISING, church_neutral=mode, player_leader="boris")
    troops(m, KIEV, 1)
    m.s.neutral[KIEV] = 1
    player.apply(m, ("build", KIEV, CHURCH, "neutral"))
    assert m.s.neutral[KIEV] == 0 and factions.defeated_neutral(m) == defeated
    m2 = _faction_match(factions.ARMED_UPRISING, church_neutral=mode)
    m2.s.card, m2.s.priority = card_index(1), "build"
    rebels(m2, VOLYN, 1)
    m2.s.neutral[VOLYN] = 1
    rebellion._convert(m2, VOLYN)
    assert m2.s.neutral[VOLYN] == 0 and m2.s.sides[1].defeated_neutral == defeated
