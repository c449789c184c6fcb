"""Deeds and goods payments: what a cost accepts and which goods pay it (RK-OPEN-29, RK-OPEN-42,
RK-SB-BOON-1, RK-READ-1)."""
from __future__ import annotations

import pytest

from automa.rurik import deeds, payments
from automa.rurik import player as rplayer
from automa.rurik.state import PLAYER
from tests.rurik.conftest import _DATA, make_match

WOOD, FISH, HONEY, STONE, FUR = range(5)


def deed(name):
    return next(i for i, x in enumerate(_DATA.deeds) if x["name"] == name)


def player(m):
    return m.s.sides[PLAYER]


# --- issue 21, item 1: trade boon tokens in goods conversions -------------------------------------

def test_a_boon_token_pays_a_conversion_token():
    """"When accomplishing deeds or converting goods, you may spend a trade boon token instead of any
    good cost" (RK-SB-BOON-1, RK-OPEN-29): 1 stone and 1 boon pay the build token (2 goods with wood
    or stone), and 2 boons pay either token; the stone and the boon are both spent."""
    m = make_match()
    pl = player(m)
    pl.dock[STONE], pl.boons = 1, 1
    assert deeds.payable_conversions(m) == ["muster", "build"]    # the boon is the fish or honey
    payments.pay_two(m, dict(deeds.CONVERSIONS)["build"])
    assert pl.dock == [0] * 5 and pl.boons == 0
    m2 = make_match()
    player(m2).boons = 2
    assert deeds.payable_conversions(m2) == ["muster", "build"]
    payments.pay_two(m2, dict(deeds.CONVERSIONS)["muster"])
    assert player(m2).boons == 0
    player(m2).boons = 1
    assert deeds.payable_conversions(m2) == []                    # one boon is one good, not two


def test_payable_conversions_agree_with_the_payment_plan():
    """The quick test of which conversion tokens can be paid (two goods, one of the token's two kinds,
    boons standing for any) offers exactly the tokens the payment plan can pay (RK-OPEN-29,
    RK-SB-BOON-1), over every holding of up to one dock good and one boat good of each kind and 0-2
    boons."""
    import itertools
    from automa.rurik import boat
    for dock in itertools.product((0, 1), repeat=5):
        for onboat, boons in itertools.product(((0,) * 5, (1, 0, 0, 1, 0), (0, 1, 1, 0, 0)), (0, 1, 2)):
            m = make_match()
            pl = player(m)
            pl.dock[:], pl.boat[:], pl.boons = list(dock), list(onboat), boons
            plans = [k for k, need in deeds.CONVERSIONS if boat.plan_goods(m, [need, boat.ANY]) is not None]
            assert deeds.payable_conversions(m) == plans, (dock, onboat, boons)


def test_a_boon_token_is_spent_before_a_boat_good():
    """A conversion spends dock goods, then boon tokens, then boat goods, which score on the trade
    track (RK-SB-BOON-1, RK-CLAIM-2): with a wood on the dock, a boon and boat stone, the wood and
    the boon pay and the boat keeps its stone."""
    m = make_match()
    pl = player(m)
    pl.dock[WOOD], pl.boons, pl.boat[STONE] = 1, 1, 2
    payments.pay_two(m, dict(deeds.CONVERSIONS)["build"])
    assert pl.dock == [0] * 5 and pl.boons == 0 and pl.boat[STONE] == 2


# --- issue 21, item 2: trade boon tokens for "any goods" deed costs ------------------------------

@pytest.mark.parametrize("name, goods, coins", [
    ("Reward Laborers", {}, 2),                    # 2 goods of any kind: two boons
    ("Hoard", {WOOD: 2}, 0),                       # 3 of the same kind: the boon is the third wood
    ("Trade Route", {WOOD: 1, FISH: 1}, 0),        # 3 different kinds: the boon is the third kind
])
def test_a_boon_token_pays_any_goods_deed_costs(name, goods, coins):
    """A boon token stands for any good of a deed's cost, also for "any goods", "the same kind" and
    "different kinds" costs: the rule's "instead of any good cost" reads the same for all three
    (RK-SB-BOON-1, RK-READ-1, RK-OPEN-42). Each deed is paid with what the player holds."""
    m = make_match()
    pl = player(m)
    pl.boons = 2 if name == "Reward Laborers" else 1
    pl.coins = 5
    for g, n in goods.items():
        pl.dock[g] = n
    d = deed(name)
    pl.deeds = [d]
    assert deeds.affordable(m, d)
    m.strategy.answers.extend([("accomplish", d)])
    rplayer.accomplish(m)
    assert pl.deeds_done == [d] and pl.boons == 0 and pl.dock == [0] * 5 and pl.coins == 5 - coins + (
        _DATA.deeds[d].get("reward", {}).get("coins", 0))


def test_named_goods_keep_the_boon_for_the_good_that_is_missing():
    """Hire Mercenaries costs a fish and a stone: with a fish on the boat, no stone and one boon, the
    boon pays the stone, whatever order the cost lists them in (RK-SB-BOON-1)."""
    m = make_match()
    pl = player(m)
    pl.boat[FISH], pl.boons, pl.coins = 1, 1, 2
    d = deed("Hire Mercenaries")
    assert _DATA.deeds[d]["cost"]["goods"] == {"fish": 1, "stone": 1}
    assert deeds.affordable(m, d)
    assert deeds.goods_plan(m, _DATA.deeds[d]["cost"]) == [FISH, -1]


# --- issue 21: rule_requires_unit in the agendas ------------------------------------------------

@pytest.mark.parametrize("need, counted", [("no", 1), ("yes", 0)])
def test_agendas_read_rule_requires_unit(need, counted):
    """With ``rule_requires_unit=yes`` a stronghold alone does not rule (RK-OPEN-43), also for the
    agendas that count ruled regions: Protective's structures in ruled regions and Renowned's ruled
    regions with an epic structure (RK-SB-EPIC-1). Peace Maker's 'one ruled region' reads it too,
    but its region holds the two troops it removes, so the option cannot change it."""
    from automa.rurik.state import STRONGHOLD
    from tests.rurik.conftest import region
    from tests.rurik.helpers import build_struct, place_epic
    m = make_match(modules="epic", rule_requires_unit=need)
    volyn = region("volyn")
    build_struct(m, PLAYER, volyn, STRONGHOLD)             # no unit of the player's there
    place_epic(m, "Catacombs", volyn)
    protective = {"metric": "own_structures_in_ruled_regions", "type": "most"}
    renowned = {"metric": "ruled_regions_with_epic", "type": "most"}
    assert deeds._metric(m, PLAYER, protective) == counted
    assert deeds._metric(m, PLAYER, renowned) == counted
