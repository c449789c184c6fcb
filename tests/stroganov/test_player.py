"""The player's legal choices and their effects (ST-TURN, ST-MOVE, ST-HUNT, ST-CLAIM, ST-WISH)."""
from __future__ import annotations

import pytest

from automa.stroganov import economy, player, rounds, scoring
from automa.stroganov.state import C_BONUS, C_LAND, C_TROPHY, PLAYER, START
from automa.core.strategy import Strategy
from tests.stroganov.conftest import clear_board, make_run, take_from_bag


def arranged(**options):
    run = make_run(**options)
    clear_board(run)
    return run, run.st.sides[PLAYER]


def test_move_costs_horses_beyond_two_tiles():
    """1-2 tiles free, the 3rd/4th/5th cost 1/2/3 horses, never past the east end (ST-MOVE-1, ST-MOVE-2,
    ST-MOVE-4)."""
    run, side = arranged()
    side.horses = 3
    assert player.move_choices(run, side) == [1, 2, 3, 4]
    player.move(run, 4)
    assert side.horses == 0 and side.pos == 3
    side.pos = 10
    assert player.move_choices(run, side) == [1]


def test_hunt_skip_for_horses_extra_for_coins():
    """Skipping a fur costs a horse, each extra fur a coin; the tiger tops the column (ST-HUNT-2..5)."""
    run, side = arranged()
    side.pos, side.horses, side.coins = 2, 1, 1
    run.st.col[2] = take_from_bag(run, 2, 4, 6)
    hunts = [a for a in player.actions(run, side, True) if a[0] == "hunt"]
    assert hunts == [("hunt", 2, 0, 1), ("hunt", 2, 0, 2), ("hunt", 2, 1, 1), ("hunt", 2, 1, 2)]
    player.act(run, ("hunt", 2, 1, 2))
    assert run.st.col[2] == [2] and side.furs[4] == side.furs[6] == 1 and side.horses == side.coins == 0


def test_claim_price_and_compensation():
    """Claim: one fur per fur on the tile plus a region fur; the claimer gets the tile's furs and bonus
    (ST-CLAIM-1..3)."""
    run, side = arranged()
    side.pos = 4
    fur = run.st.region_fur[run.t.slot_region[4]]
    side.furs = [0] * 9
    side.coins = 0
    run.st.col[4] = take_from_bag(run, 7)
    assert ("claim", 4) not in player.actions(run, side, False)
    side.furs[fur] += 1
    side.furs[2 if fur != 2 else 3] += 1
    take_from_bag(run, fur, 2 if fur != 2 else 3)
    tile = run.st.tiles[4]
    assert ("claim", 4) in player.actions(run, side, False)
    player.act(run, ("claim", 4))
    assert side.tiles == [tile] and side.furs[7] == 1 and sum(side.furs) == 1


def test_paid_action_needs_the_region_fur():
    """The second main action costs a fur of the region where it is done (ST-TURN-5, ST-BOARD-3)."""
    run, side = arranged()
    side.pos, side.furs, side.coins, side.tigers = 2, [0] * 9, 0, 0
    assert player.paid_actions(run, side) == []
    fur = run.st.region_fur[run.t.slot_region[2]]
    side.furs[fur] = 1
    take_from_bag(run, fur)
    assert ("horses",) in player.paid_actions(run, side)
    player.paid_act(run, ("horses",))
    assert side.furs[fur] == 0


@pytest.mark.parametrize("option", ["paid_action", "advanced_only"])
def test_the_guides_any_fur_pays_the_paid_action_or_only_an_advanced_one(option):
    """Guide (line 126): "When performing a second advanced action, you can pay any fur instead of" the
    region fur. By default (the reference's "paid second main action") any action in the paid slot; with
    guide_any_fur=advanced_only a basic action there still needs the region fur (ST-TK-LAND-6, ST-TURN-5,
    ST-READ-4)."""
    run, side = arranged(modules="landscapes", guide_any_fur=option)
    side.pos, side.furs, side.coins, side.tigers, side.guide = 2, [0] * 9, 0, 0, True
    region = run.t.slot_region[2]
    other = next(v for v in range(2, 9) if v != run.st.region_fur[region])
    side.furs[other] = 1
    take_from_bag(run, other)
    paid = player.paid_actions(run, side)
    assert ("village", region) in paid
    assert (("horses",) in paid) == (option == "paid_action")
    player.paid_act(run, ("village", region))
    assert side.furs[other] == 0


def test_outpost_location_allows_village():
    """Villages, yurts and wishes may be used where the player has an outpost (ST-TURN-6, ST-OUTPOST-4)."""
    run, side = arranged()
    side.pos = 2
    side.outposts[5] = 1
    acts = player.actions(run, side, False)
    absent = [r for r in (1, 3, 4) if r != run.t.slot_region[2]]
    assert all(run.st.village[r] >= 0 for r in absent)  # items lie where the player is absent
    assert ("village", 5) in acts and ("yurt", 5) in acts
    assert not any(a[0] in ("village", "yurt", "wish") and a[1] in absent for a in acts)  # no presence there


def test_wish_with_tiger_and_coin_wilds():
    """Tigers and fur+coin stand in for missing furs (ST-WISH-3, ST-FUR-4, ST-FUR-5)."""
    run, side = arranged()
    w = run.t.wish_groups["start"][0]
    value, total, paid = run.t.wishes[w][:3]
    side.furs, side.tigers, side.coins = [0] * 9, 1, total
    side.furs[value] = total - 2
    other = 8 if value != 8 else 7
    side.furs[other] = 1
    side.wishes = [w]
    assert player.wish_payment(run, side, w) == (0, total - 2, 0, 1, (other,))
    player.fulfil(run, w)
    reward_coins = dict(run.t.wishes[w][4][0]).get("coins", 0)
    assert side.fulfilled == [w] and side.coins == total - 1 + reward_coins
    assert side.tigers == 1 and side.furs[other] == 1 and side.furs[value] == total - 2 - paid


class Recorder(Strategy):
    """Records each decision's kind and choices; takes a pass where offered, else the first choice."""

    def __init__(self, rng=None):
        super().__init__(rng)
        self.seen = []

    def choose(self, decision):
        self.seen.append((decision.kind, tuple(decision.choices)))
        return None if None in decision.choices else decision.choices[0]


@pytest.mark.parametrize("between", [False, True])
def test_turn_phases_in_order(between):
    """Move, diplomacy donation (module 4, not an action), basic action, free main action (a basic or an
    advanced one), paid main action, with extra actions offered before each phase and at the end
    (ST-TURN-1..5, ST-TURN-7, ST-TURN-8, ST-WISH-3). The donation comes "immediately at the end of Phase 1"
    (line 159), with no extra action between the move and it; extras_before_donation=true offers them
    there too (ST-TK-DIPLO-3, ST-READ-2)."""
    rec = Recorder()
    run = make_run(modules="diplomacy", strategy=rec, extras_before_donation=between)
    st, side = run.st, run.st.sides[PLAYER]
    st.diplo = [0] * run.t.n_slots
    st.diplo[0] = 1
    side.horses = 10  # the market buy is an extra action on offer
    side.furs[5] += 1
    side.furs[st.region_fur[0]] += 1
    take_from_bag(run, 5, st.region_fur[0])
    rec.seen.clear()
    player.turn(run)
    kinds = [k for k, _ in rec.seen]
    assert kinds == ["extra", "move"] + ["extra"] * between + ["donate", "extra", "basic", "extra", "main",
                                                             "extra", "paid", "extra"]
    choices = dict(rec.seen)
    assert choices["move"][0] == 1 and side.pos == 0
    assert ("coin",) in choices["basic"] and ("outpost",) not in choices["basic"]
    assert ("coin",) in choices["main"] and ("outpost",) in choices["main"]


def test_basic_actions_coin_horses_move_hunt_trade():
    """Five basic actions: 1 coin, 4 horses, move, hunt, trade; no advanced action among them (ST-BASIC-1,
    ST-BASIC-2, ST-TURN-3)."""
    run, side = arranged()
    side.pos = 2
    run.st.col[2] = take_from_bag(run, 4)
    side.furs[run.st.trade_fur] += 1
    take_from_bag(run, run.st.trade_fur)
    basic = player.actions(run, side, True)
    assert {a[0] for a in basic} == {"coin", "horses", "move", "hunt", "trade"}
    coins, horses = side.coins, side.horses
    player.act(run, ("coin",))
    player.act(run, ("horses",))
    assert side.coins == coins + 1 and side.horses == horses + 4


def test_move_action_up_to_two_steps_either_way():
    """The move action goes 1-2 steps east or west, never past the east end nor onto the start tile;
    basic_move_exact allows only 2 steps (ST-MOVE-3, ST-MOVE-4, ST-OPEN-13)."""
    def moves(run, side, pos):
        side.pos = pos
        return sorted(a[1] for a in player.actions(run, side, True) if a[0] == "move")

    run, side = arranged()
    assert moves(run, side, 5) == [-2, -1, 1, 2]
    assert moves(run, side, 0) == [1, 2] and moves(run, side, 11) == [-2, -1]
    side.pos = 5
    player.act(run, ("move", -2))
    assert side.pos == 3
    run, side = arranged(basic_move_exact=True)
    assert moves(run, side, 5) == [-2, 2]


def test_trade_action_one_coin_per_trade_space_fur():
    """Trade: hand in furs of the trade-space value, 1 coin each; they go back to the bag; with
    trade_action=two_coins_once one fur gives 2 coins (ST-TRADE-2, ST-OPEN-11)."""
    run, side = arranged()
    side.pos, tf = 2, run.st.trade_fur
    side.furs[tf] += 2
    take_from_bag(run, tf, tf)
    have, coins, bag = side.furs[tf], side.coins, run.st.bag.count(tf)
    trades = [a for a in player.actions(run, side, True) if a[0] == "trade"]
    assert trades == [("trade", k) for k in range(1, have + 1)]
    player.act(run, ("trade", 2))
    assert side.furs[tf] == have - 2 and side.coins == coins + 2 and run.st.bag.count(tf) == bag + 2
    run, side = arranged(trade_action="two_coins_once")
    side.pos, tf = 2, run.st.trade_fur
    side.furs[tf] += 2
    take_from_bag(run, tf, tf)
    coins = side.coins
    assert [a for a in player.actions(run, side, True) if a[0] == "trade"] == [("trade", 1)]
    player.act(run, ("trade", 1))
    assert side.coins == coins + 2


def test_hunt_only_on_the_cossacks_tile():
    """Hunting takes furs from the column of the cossack's tile, not from tiles in an outpost region;
    actions_at_outposts=all allows those too (ST-HUNT-1, ST-HUNT-6, ST-OPEN-32)."""
    for option, expected in (("listed", {2}), ("all", {2, 10})):
        run, side = arranged(actions_at_outposts=option)
        side.pos = 2
        side.outposts[5] = 1
        run.st.col[2] = take_from_bag(run, 3)
        run.st.col[10] = take_from_bag(run, 4)
        hunts = [a for a in player.actions(run, side, False) if a[0] == "hunt"]
        assert {a[1] for a in hunts} == expected
    run, side = arranged()
    side.pos = 2
    run.st.col[2] = take_from_bag(run, 3)
    furs = side.furs[3]
    player.act(run, ("hunt", 2, 0, 1))
    assert side.furs[3] == furs + 1 and run.st.col[2] == []


def test_advanced_actions_offered():
    """The advanced actions: village, yurt, wish, outpost, claim, and the merchant with module 1; none of
    them is a basic action (ST-ADV-1, ST-TK-MERCH-3)."""
    run, side = arranged(modules="merchant")
    side.pos = run.t.region_slots[2][0]  # region 2: village, yurt, wish and the merchant
    side.furs[1] += 1
    side.furs[run.st.region_fur[2]] += 1
    take_from_bag(run, 1, run.st.region_fur[2])
    advanced = {"village", "yurt", "wish", "outpost", "claim", "merchant"}
    assert advanced <= {a[0] for a in player.actions(run, side, False)}
    assert not advanced & {a[0] for a in player.actions(run, side, True)}


def test_village_gives_its_reward_and_is_not_used_up():
    """Visiting the region's village gives its tile's reward; the village stays for the next visit
    (ST-VILLAGE-1, ST-VILLAGE-2, ST-VILLAGE-3)."""
    run, side = arranged()
    side.pos = 0
    run.st.village[1] = 1
    assert run.t.villages[1] == ((("coins", 2),),) and run.t.slot_region[0] == 1
    coins = side.coins
    for visit in (1, 2):
        assert ("village", 1) in player.actions(run, side, False)
        player.act(run, ("village", 1))
        assert side.coins == coins + 2 * visit and run.st.village[1] == 1


def test_yurt_gives_its_reward_and_is_used_up_until_winter():
    """Using the region's yurt gives its reward; the yurt is gone for the year and replaced in winter
    (ST-YURT-1, ST-YURT-2, ST-YURT-4)."""
    run, side = arranged()
    side.pos, side.story = 0, 0
    y = run.t.yurts_a[0]
    run.st.yurt[1] = y
    assert run.t.yurts[y] == ((("story", 5),),)
    player.act(run, ("yurt", 1))
    assert side.story == 5 and run.st.yurt[1] == -1 and y in run.st.used_yurts
    assert not any(a[0] == "yurt" and a[1] == 1 for a in player.actions(run, side, False))
    rounds.reset_and_refill(run)
    assert run.st.yurt[1] >= 0


def test_outpost_built_in_region_then_new_one_from_reserve():
    """Building puts the supply's outpost in the cossack's region, at most 1 per region; with none in the
    supply the action takes a new one from the reserve (ST-OUTPOST-2, ST-OUTPOST-3)."""
    run, side = arranged()
    side.pos = 0
    assert (side.outpost_supply, side.outpost_reserve) == (1, 4)
    player.act(run, ("outpost",))
    assert side.outposts[1] == 1 and side.outpost_supply == 0
    assert ("outpost",) in player.actions(run, side, False)
    player.act(run, ("outpost",))
    assert (side.outpost_supply, side.outpost_reserve, side.outposts[1]) == (1, 3, 1)
    assert ("outpost",) not in player.actions(run, side, False)
    side.pos = 4
    assert ("outpost",) in player.actions(run, side, False)


def test_market_buy_costs_5_horses():
    """Buying a market fur is an extra action for 5 horses (ST-MARKET-2, ST-TURN-7)."""
    run, side = arranged()
    run.st.market = take_from_bag(run, 3, 7)
    side.horses = 4
    assert not any(c and c[0] == "buy" for c in player.extra_choices(run, side))
    side.horses = 5
    assert ("buy", 7) in player.extra_choices(run, side)
    furs = side.furs[7]
    player.extra(run, ("buy", 7))
    assert side.horses == 0 and side.furs[7] == furs + 1 and run.st.market == [3]


def test_market_trade_two_furs_for_one():
    """Trading with the market: the 2 lowest furs for 1 market fur, the given furs refill the market;
    market_trade=none offers no trade (ST-MARKET-3, ST-OPEN-10)."""
    run, side = arranged()
    side.furs = [0] * 9
    side.furs[2] = side.furs[5] = 1
    take_from_bag(run, 2, 5)
    run.st.market = take_from_bag(run, 8)
    assert ("mtrade", 8) in player.extra_choices(run, side)
    player.extra(run, ("mtrade", 8))
    assert side.furs[8] == 1 and sum(side.furs) == 1 and sorted(run.st.market) == [2, 5]
    run, side = arranged(market_trade="none")
    side.furs[2] += 2
    take_from_bag(run, 2, 2)
    assert not any(c and c[0] == "mtrade" for c in player.extra_choices(run, side))


def test_claim_gives_the_bonus_and_the_tile_for_sets():
    """A claimed tile gives its claim bonus and goes to the claimer, counting for terrain sets at the end
    (ST-LAND-3, ST-LAND-4, ST-CLAIM-3)."""
    run, side = arranged()
    tile = next(i for i, x in enumerate(run.t.tiles) if x.bonus == ((("vp", 2),),))
    run.st.tiles[4] = tile
    side.pos, side.furs, side.coins, side.tigers = 4, [0] * 9, 0, 0
    fur = run.st.region_fur[run.t.slot_region[4]]
    side.furs[fur] = 1
    take_from_bag(run, fur)
    bonus = side.vp[C_BONUS]
    assert scoring.side_vp(run, PLAYER)[C_LAND] == 0
    player.act(run, ("claim", 4))
    assert side.vp[C_BONUS] == bonus + 2 and side.tiles == [tile]
    assert scoring.side_vp(run, PLAYER)[C_LAND] == run.t.set_vp[0]


class TrophyTaker(Strategy):
    """Takes every trophy and the last reward alternative offered."""

    def choose(self, decision):
        return True if decision.kind == "trophy" else decision.choices[-1]


def test_trophy_step_pays_its_fur_and_gives_a_chosen_reward():
    """Receiving a trophy pays the step's fur (value step + 2) and advances one step, taking one of the
    step's rewards; without that fur nothing happens; the Huntsman pays with any fur (ST-TROPHY-1..3,
    ST-TK-LAND-6)."""
    run, side = arranged(strategy=TrophyTaker(None))
    side.furs, side.coins, side.tigers = [0] * 9, 0, 0
    side.furs[8] = 1
    take_from_bag(run, 8)
    economy.trophy(run, PLAYER)
    assert side.trophy == 0 and side.furs[8] == 1
    side.furs[3] = 1
    take_from_bag(run, 3)
    horses, bag = side.horses, run.st.bag.count(3)
    economy.trophy(run, PLAYER)
    assert side.trophy == 1 and side.furs[3] == 0 and run.st.bag.count(3) == bag + 1
    assert side.horses == horses + 3 and side.vp[C_TROPHY] == 0  # choices 2 VP / 1 coin / 3 horses
    side.huntsman = True
    economy.trophy(run, PLAYER)
    assert side.trophy == 2 and side.furs[8] == 0


def test_banners_only_from_rewards_out_of_the_reserve():
    """Basic actions give no banners; a banner reward takes them from the reserve of 12, no more than it
    holds (ST-BANNER-1, ST-BANNER-2)."""
    run, side = arranged()
    side.pos = 2
    for action in (("coin",), ("horses",), ("move", 1)):
        player.act(run, action)
    assert side.banners == 0 and run.st.banners_left == 12
    economy.apply_bundle(run, PLAYER, (("banners", 2),), C_BONUS)
    assert side.banners == 2 and run.st.banners_left == 10
    run.st.banners_left = 1
    economy.apply_bundle(run, PLAYER, (("banners", 2),), C_BONUS)
    assert side.banners == 3 and run.st.banners_left == 0


def test_story_not_gained_from_paid_movement_by_default():
    """Story points come from rewards only; story_from_extra_moves=True adds 1 per tile paid with horses
    (ST-SONG-6, ST-OPEN-24)."""
    for option, gain in ((False, 0), (True, 1)):
        run, side = arranged(story_from_extra_moves=option)
        side.pos, side.horses, side.story = START, 1, 0
        player.move(run, 3)
        assert side.pos == 2 and side.horses == 0 and side.story == gain


class RewardRecorder(Strategy):
    """Steps up the trophy track and records every trophy reward it is offered, taking the first."""

    def __init__(self, rng):
        super().__init__(rng)
        self.offered = []

    def choose(self, decision):
        if decision.kind == "trophy":
            return True
        if decision.kind in ("trophy_final", "reward"):
            self.offered.append((decision.kind, tuple(decision.choices)))
        return decision.choices[0]


def test_no_trophy_offers_the_final_steps_own_rewards():
    """Erratum, line 250: the final trophy step gives "any two rewards from the choices above", once, and
    any later trophy "any single reward from the trophy track". The final step shows no reward of its own,
    so no trophy may give one: the packaged track lists the rewards of the steps before the final one, and
    the final and later trophies choose among those (ST-TROPHY-3, ST-TROPHY-4, ST-TK-ERRATA-1)."""
    run, side = arranged(strategy=RewardRecorder(None))
    t = run.t
    assert len(t.trophy_rewards) == len(t.trophy_furs) - 1
    above = [b for alts in t.trophy_rewards for b in alts]
    side.furs[8] = 2
    take_from_bag(run, 8, 8)
    side.trophy = len(t.trophy_furs) - 1  # the final step is next
    economy.trophy(run, PLAYER)
    economy.trophy(run, PLAYER)
    (final, pairs), (later, single) = run.strategy.offered
    assert final == "trophy_final" and len(pairs) == len(above) * (len(above) - 1) // 2
    assert later == "reward" and len(single) == len(above)
    assert max(dict(b).get("vp", 0) for b in above) == 6  # the packaged final step's 7 VP is gone

