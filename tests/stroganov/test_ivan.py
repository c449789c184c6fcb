"""The automa's turn procedures (ST-IVAN-*)."""
from __future__ import annotations

from automa.core.seeding import game_streams
from automa.core.trace import Trace
from automa.stroganov import GAME, _opts, ivan, rounds, setup
from automa.stroganov.data import Card
from automa.stroganov.state import C_TROPHY, IVAN, START
from strategies.stroganov.random import RandomStrategy
from tests.stroganov.conftest import clear_board, context, make_run, take_from_bag


def card(move=1, highest=False, count=1, action="trophy", far_east=False):
    return Card(99, move, highest, count, action, action in ("outpost", "yurt", "tsar-wish"), far_east, ())


def arranged(**options):
    run = make_run(**options)
    clear_board(run)
    return run, run.st.sides[IVAN]


def test_draw_reads_action_now_and_move_from_next_card():
    """The action comes from the card drawn, movement and hunting from the new top card (ST-IVAN-DRAW-1)."""
    run = make_run()
    deck = run.st.deck
    action, move = ivan.draw(run)
    assert (action.id, move.id, run.st.drawn) == (deck[0], deck[1], 1)


def test_move_stops_at_east_end_or_turns_surplus_into_coins():
    """Ivan moves the card's tiles, stopping on the last slot; with ivan_move_overflow=coins the surplus
    becomes coins (ST-IVAN-MOVE-1, ST-IVAN-MOVE-2, ST-OPEN-37)."""
    run, side = arranged()
    side.pos = 9
    assert ivan.move(run, card(move=4)) == [10, 11] and side.pos == 11
    run, side = arranged(ivan_move_overflow="coins")
    side.pos, coins = 9, side.coins
    ivan.move(run, card(move=4))
    assert side.coins == coins + 2


def test_hunt_lowest_highest_and_tiger():
    """Lowest or highest furs of the column; a tiger counts as the highest item (ST-IVAN-HUNT-1, ST-IVAN-HUNT-2)."""
    run, side = arranged()
    side.pos = 3
    run.st.col[3] = take_from_bag(run, 2, 5, 7)
    ivan.hunt(run, card(count=2))
    assert run.st.col[3] == [7] and side.furs[2] == side.furs[5] == 1
    run.st.tiger[3], run.st.tigers_left = 1, run.st.tigers_left - 1
    ivan.hunt(run, card(highest=True))
    assert side.tigers == 1 and run.st.col[3] == [7]


def test_hunt_empty_tile_and_shortfall_give_coins():
    """No furs: coins equal to the count; fewer furs: 1 coin per missing fur (ST-IVAN-HUNT-3, ST-IVAN-HUNT-4)."""
    run, side = arranged()
    side.pos, coins = 3, side.coins
    ivan.hunt(run, card(count=2))
    assert side.coins == coins + 2
    run.st.col[3] = take_from_bag(run, 4)
    ivan.hunt(run, card(count=2))
    assert side.coins == coins + 3 and side.furs[4] == 1


def test_claims_empty_tile_else_visits_village():
    """An emptied tile is claimed free with its bonus; otherwise the region's village (ST-IVAN-STEP3-1..3)."""
    run, side = arranged()
    side.pos = 4
    tile = run.st.tiles[4]
    ivan.claim_or_village(run)
    assert side.tiles == [tile] and run.st.tiles[4] == -1
    run.st.col[6] = take_from_bag(run, 3)
    run.st.village[3] = 1  # V2: 2 coins
    side.pos, coins = 6, side.coins
    ivan.claim_or_village(run)
    assert side.tiles == [tile] and side.coins == coins + 2


def test_location_fur_and_medium_coin():
    """Outpost, yurt and wish cost the region fur; missing it fails, or gives 1 coin on medium; with it he
    takes the region's wish (ST-IVAN-LOCFUR-1, ST-IVAN-ACT-1, ST-IVAN-ACT-5, ST-IVAN-DIFF-1, ST-BOARD-3)."""
    run, side = arranged()
    side.pos, side.furs, coins = 2, [0] * 9, side.coins
    ivan.additional_action(run, card(action="yurt"))
    assert side.coins == coins
    run, side = arranged(difficulty="medium")
    side.pos, side.furs, coins = 2, [0] * 9, side.coins
    ivan.additional_action(run, card(action="tsar-wish"))
    assert side.coins == coins + 1 and not side.wishes
    region = run.t.slot_region[2]
    fur = run.st.region_fur[region]
    side.furs[fur] = 1
    take_from_bag(run, fur)
    ivan.additional_action(run, card(action="tsar-wish"))
    assert len(side.wishes) == 1 and side.furs[fur] == 0 and run.st.wish[region] == -1


def test_outpost_builds_then_takes_new():
    """Build in the cossack's region; when it cannot, take a new outpost from the reserve (ST-IVAN-ACT-2)."""
    run, side = arranged()
    side.pos = 2
    region = run.t.slot_region[2]
    fur = run.st.region_fur[region]
    side.furs[fur] = 2
    take_from_bag(run, fur, fur)
    ivan.additional_action(run, card(action="outpost"))
    assert side.outposts[region] == 1 and side.outpost_supply == 0
    ivan.additional_action(run, card(action="outpost"))
    assert side.outpost_supply == 1 and side.outpost_reserve == 3 and side.furs[fur] == 0


def test_trophy_track_ivan_and_katyusha():
    """Ivan scores 1,2,3... per trophy, Katyusha (side b of the solo board) more (ST-IVAN-ACT-3,
    ST-IVAN-KAT-1, ST-COMP-2, ST-TK-DIFF-1, ST-OPEN-19)."""
    for opponent, expected in (("ivan", 1 + 2 + 3), ("katyusha", 2 + 3 + 5)):
        run, side = arranged(opponent=opponent)
        side.pos = 0
        for _ in range(3):
            ivan.additional_action(run, card(action="trophy"))
        assert side.vp[C_TROPHY] == expected


def test_hard_mode_turns_trade_space_furs_into_coins():
    """Hard: a hunted fur of the trade-space value becomes 1 coin (ST-IVAN-DIFF-2, ST-IVAN-HUNT-5,
    ST-TK-DIFF-1)."""
    run, side = arranged(difficulty="hard")
    side.pos, coins = 3, side.coins
    tf = run.st.trade_fur
    run.st.col[3] = take_from_bag(run, tf)
    ivan.hunt(run, card())
    assert side.furs[tf] == 0 and side.coins == coins + 1


def test_full_cost_claim_pays_player_price():
    """Full-cost claim: one fur per fur on the tile plus the region fur, lowest furs first (ST-IVAN-ACT-6)."""
    run, side = arranged()
    side.pos = 4
    fur = run.st.region_fur[run.t.slot_region[4]]
    side.furs = [0] * 9
    side.furs[fur] = 1
    side.furs[8] = 1
    take_from_bag(run, fur, 8)
    run.st.col[4] = take_from_bag(run, 3)
    ivan.additional_action(run, card(action="claim-landscape-full-cost"))
    assert run.st.tiles[4] == -1 and side.furs[3] == 1 and side.furs[8] == 0 and side.furs[fur] == 0


def test_far_east_outpost_passes_over_a_region_without_its_fur():
    """With ivan_far_east=easternmost_own_location the outpost goes to the easternmost region where it is
    possible; a region whose fur he lacks is passed over, and the medium coin comes only when no region
    can be paid (ST-IVAN-FAREAST-1, ST-IVAN-ACT-2, ST-IVAN-DIFF-1)."""
    run, side = arranged(ivan_far_east="easternmost_own_location", difficulty="medium")
    side.pos, side.furs, coins = 2, [0] * 9, side.coins
    here = run.t.slot_region[2]
    side.outposts[4], side.outpost_supply, side.outpost_reserve = 1, 1, 3
    fur = run.st.region_fur[here]
    assert here < 4 and fur != run.st.region_fur[4]
    side.furs[fur] = 1
    take_from_bag(run, fur)
    ivan.additional_action(run, card(action="outpost", far_east=True))
    assert side.outposts[here] == 1 and side.furs[fur] == 0 and side.coins == coins
    ivan.additional_action(run, card(action="outpost", far_east=True))
    assert side.coins == coins + 1 and side.outpost_reserve == 3


def test_medium_coin_only_for_a_missing_fur():
    """Medium: 1 coin when the location fur or the full-cost claim's furs are missing, none on normal;
    a missing yurt or wish gives nothing unless ivan_missing_item_coin (ST-IVAN-DIFF-1, ST-IVAN-ACT-6,
    ST-OPEN-47, ST-TK-DIFF-1)."""
    for difficulty, gain in (("normal", 0), ("medium", 1), ("hard", 1)):
        run, side = arranged(difficulty=difficulty)
        side.pos, side.furs, coins = 4, [0] * 9, side.coins
        run.st.col[4] = take_from_bag(run, 3)
        ivan.additional_action(run, card(action="claim-landscape-full-cost"))
        ivan.additional_action(run, card(action="outpost"))
        assert side.coins == coins + 2 * gain and run.st.tiles[4] >= 0
        run.st.yurt[run.t.slot_region[4]] = -1
        ivan.additional_action(run, card(action="yurt"))
        assert side.coins == coins + 2 * gain
    run, side = arranged(difficulty="medium", ivan_missing_item_coin=True)
    side.pos, coins = 4, side.coins
    run.st.yurt[run.t.slot_region[4]] = -1
    ivan.additional_action(run, card(action="yurt"))
    assert side.coins == coins + 1


def test_full_cost_claim_without_a_tile_is_a_missing_item():
    """After his free step-3 claim took the tile the card finds none: that is no missing fur, so medium
    gives no coin by default; with ivan_missing_item_coin it gives 1, as for an absent yurt or wish
    (ST-IVAN-ACT-1, ST-IVAN-ACT-6, ST-IVAN-DIFF-1, ST-OPEN-47)."""
    for extra, gain in (({}, 0), ({"ivan_missing_item_coin": True}, 1)):
        run, side = arranged(difficulty="medium", **extra)
        side.pos = 4
        ivan.claim_or_village(run)  # the column is empty: the free claim takes the tile
        assert run.st.tiles[4] == -1
        coins = side.coins
        ivan.additional_action(run, card(action="claim-landscape-full-cost"))
        assert side.coins == coins + gain


def test_hard_coin_shows_in_the_trace_after_the_hunt():
    """Hard: the trace lists the hunt first, then the hunted fur turned into 1 coin (ST-IVAN-DIFF-2)."""
    run, side = arranged(difficulty="hard")
    run.trace = Trace()
    side.pos = 3
    tf = run.st.trade_fur
    run.st.col[3] = take_from_bag(run, tf)
    ivan.hunt(run, card())
    events = [e for e in run.trace.events if e["kind"] == "automa"]
    assert [e["action"] for e in events] == ["hunt", "hard_coin"]
    assert events[0]["furs"] == [tf] and (events[1]["fur"], events[1]["coins"]) == (tf, 1)


def test_step3_always_claims_or_visits_a_village():
    """Every region holds a village (ST-BOARD-4): after his hunt Ivan's step 3 always claims or visits
    one; with region_layout=six_regions region 0 has none and the step can do nothing (ST-IVAN-STEP3-1,
    ST-OPEN-3, ST-OPEN-4)."""
    def idle_steps(layout):
        idle = 0
        for i in range(10):
            options = GAME.resolve_options({"region_layout": layout})
            streams, trace = game_streams(5, i), Trace()
            GAME.play(context(layout=layout), options, RandomStrategy(streams.strategy), streams, trace)
            acts = [e.get("action") for e in trace.events if e["kind"] in ("automa", "card")]
            for a, b in zip(acts, acts[1:]):
                idle += a in ("hunt", "hunt_plan") and b not in ("claim", "village")
        return idle
    assert idle_steps("five_regions") == 0
    assert idle_steps("six_regions") > 0


def test_hard_rule_scope_every_gain_or_hunting_only():
    """Hard: every trade-space-value fur Ivan gains becomes 1 coin (claim compensation, rewards); with
    hard_coin_scope=hunting_only only hunted furs; the rule triggers whenever a fur is gained
    (ST-IVAN-DIFF-2, ST-IVAN-TURN-7, ST-OPEN-45)."""
    from automa.stroganov import economy
    for scope, kept in (("every_gain", 0), ("hunting_only", 1)):
        run, side = arranged(difficulty="hard", hard_coin_scope=scope)
        tf = run.st.trade_fur
        before, coins = side.furs[tf], side.coins
        take_from_bag(run, tf)
        economy.gain_fur(run, IVAN, tf)
        assert side.furs[tf] - before == kept and side.coins - coins == 1 - kept
        take_from_bag(run, tf)
        economy.gain_fur(run, IVAN, tf, hunted=True)
        assert side.furs[tf] - before == kept and side.coins - coins == 2 - kept


def test_katyusha_track_also_for_trophy_rewards():
    """A trophy won as a reward (village, yurt, song) uses the side-b track too (ST-IVAN-KAT-1, ST-IVAN-RES-3)."""
    from automa.stroganov import economy
    for opponent, vp in (("ivan", 1), ("katyusha", 2)):
        run, side = arranged(opponent=opponent)
        economy.gain_reward(run, IVAN, ((("trophy_action", 1),),), 0)
        assert side.vp[C_TROPHY] == vp


def test_turn_steps_in_order():
    """Ivan's turn: draw, move, diplomacy at the first marked tile, hunt, claim the emptied tile (else the
    village), then the drawn card's additional action (ST-IVAN-TURN-1..6)."""
    run, side = arranged(modules="diplomacy")
    st = run.st
    trophy_card, move_card = run.t.card_by_id[5], run.t.card_by_id[14]
    assert trophy_card.action == "trophy" and (move_card.move, move_card.highest, move_card.count) == (2, False, 1)
    st.deck = [5, 14] + [c for c in st.deck if c not in (5, 14)][:11]
    st.drawn, side.pos, side.coins = 0, START, 1
    st.diplo = [0] * run.t.n_slots
    st.diplo[0] = 1
    st.col[1] = take_from_bag(run, 3)
    run.trace = Trace()
    ivan.turn(run)
    steps = [(e["kind"], e.get("action")) for e in run.trace.events]
    assert steps == [("card", "trophy"), ("automa", "move"), ("automa", "donate"), ("diplomacy", "bonus"),
                     ("automa", "hunt"), ("automa", "claim"), ("automa", "trophy")]
    assert side.pos == 1 and side.furs[3] == 1 and len(side.tiles) == 1 and side.vp[C_TROPHY] == 1


def test_deck_shuffled_once_and_never_reshuffled():
    """The 13-card deck keeps its setup order all game: turn t takes card t for the action and card t+1
    for move and hunt (ST-IVAN-DECK-3, ST-IVAN-DRAW-1, ST-IVAN-DRAW-2)."""
    run = make_run(seed=6)
    deck = run.st.deck[:]
    run.trace = Trace()
    rounds.play_game(run)
    cards = [e for e in run.trace.events if e["kind"] == "card"]
    assert run.st.deck == deck and len(deck) == 13
    assert [e["action_card"] for e in cards] == deck[:12] and [e["move_card"] for e in cards] == deck[1:13]


def test_yurt_pays_the_location_fur_and_uses_the_yurt_up():
    """Yurt: pay the location fur, gain the yurt's reward; the yurt is used up, so a second yurt card in
    that region fails (ST-IVAN-ACT-4, ST-IVAN-LOCFUR-1)."""
    run, side = arranged()
    side.pos, side.story, side.furs = 2, 0, [0] * 9
    y = run.t.yurts_a[0]  # 5 story points
    region = run.t.slot_region[2]
    run.st.yurt[region] = y
    fur = run.st.region_fur[region]
    side.furs[fur] = 2
    take_from_bag(run, fur, fur)
    ivan.additional_action(run, card(action="yurt"))
    assert side.story == 5 and side.furs[fur] == 1 and run.st.yurt[region] == -1 and y in run.st.used_yurts
    ivan.additional_action(run, card(action="yurt"))
    assert side.story == 5 and side.furs[fur] == 1


PAYING = {"outpost", "yurt", "wish", "claim_full", "donate", "merchant"}


def test_ivan_never_spends_horses_and_pays_furs_only_for_his_actions():
    """Over whole games with every module, Ivan's horses never go down, and his furs go down only in a step
    where he paid a location fur, a full-cost claim, a donation or a chipmunk exchange (ST-IVAN-RES-1,
    ST-IVAN-RES-2, ST-IVAN-TURN-7)."""
    options = GAME.resolve_options({"modules": "merchant,hunting_plan,landscapes,diplomacy",
                                    "difficulty": "hard", "ivan_winter_income": "as_player"})
    ctx = context()
    lost = 0
    for index in range(6):
        streams = game_streams(21, index)
        trace = Trace()
        run = setup.setup(ctx["tables"], _opts(ctx, options), streams, RandomStrategy(streams.strategy), trace)
        side = run.st.sides[IVAN]
        last = {"horses": side.horses, "furs": side.fur_count(), "events": len(trace.events)}

        def check(r):
            nonlocal lost
            new = trace.events[last["events"]:]
            assert side.horses >= last["horses"]
            if side.fur_count() < last["furs"]:
                lost += 1
                assert any(e["kind"] == "automa" and e["action"] in PAYING for e in new), new
            last.update(horses=side.horses, furs=side.fur_count(), events=len(trace.events))

        rounds.play_game(run, check)
    assert lost  # the games do make Ivan pay furs


def test_screen_shows_the_top_card_as_the_next_additional_action():
    """Between his turns the top card of Ivan's deck holds his next additional action; the move and hunt
    printed on it were this turn's, and the next ones come from the card below (ST-IVAN-DRAW-1). The play
    screen says so, and the next turn does what it said."""
    from automa.stroganov import screen
    from automa.stroganov.view import View
    for seed in range(6):
        run = make_run(seed)
        ivan.turn(run)
        st, cards = run.st, run.t.card_by_id
        top, below = cards[st.deck[st.drawn]], cards[st.deck[st.drawn + 1]]
        text = " ".join(line.strip() for line in screen.render(View(run), full=True).splitlines())
        assert f"NEXT CARD {top.id}: additional action {screen.ACTIONS[top.action]};" in text
        assert "his next move and hunt are on the card below it" in text
        assert " moves " not in text and " hunts " not in text
        action, move = ivan.draw(run)
        assert (action.id, move.id) == (top.id, below.id)


def test_hard_coin_fur_goes_to_the_bag_or_stays_where_it_was():
    """Hard: "gains 1 coin instead" (ST-IVAN-DIFF-2). By default the fur goes back to the bag, so a hunt
    can empty the column and Ivan claims the tile for free; with hard_coin_fur=stays (ST-READ-7) the fur
    stays in the hunt column or the market, the column is not empty and he visits the village instead."""
    from automa.stroganov import economy
    from automa.stroganov.narrate import tell
    from automa.stroganov.view import View
    for where, claimed, bag_gain in (("to_bag", True, 1), ("stays", False, 0)):
        run, side = arranged(difficulty="hard", hard_coin_fur=where)
        run.trace = Trace()
        side.pos, coins, tf = 3, side.coins, 5
        run.st.trade_fur = tf
        run.st.col[3] = take_from_bag(run, tf)
        bag = len(run.st.bag)
        ivan.hunt(run, card())
        assert side.coins == coins + 1 and side.furs[tf] == 0 and len(run.st.bag) == bag + bag_gain
        ivan.claim_or_village(run)
        assert (run.st.tiles[3] < 0) == claimed and run.st.col[3] == ([] if claimed else [tf])
        coined = next(e for e in run.trace.events if e.get("action") == "hard_coin")
        assert ("where it was" in tell(View(run), coined)) == (where == "stays")
        run.st.market, coins = [3, tf, 2], side.coins
        economy.fur_from_market(run, IVAN)
        assert side.coins == coins + 1 and run.st.market == ([3, tf, 2] if where == "stays" else [3, 2])
