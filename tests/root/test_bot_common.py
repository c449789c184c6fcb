"""The rules every Clockwork bot shares (CW-GEN): the order card, priorities, fall-through, hits, the
nightmare bonus, the settings on the seat, ambush and cards."""
import random

import pytest

from automa.core.trace import Trace
from automa.root import battle, data, setup, state
from automa.root.bots import common
from automa.root.bots.mechanical_marquise import MechanicalMarquiseBoard
from automa.root.options import OPTIONS
from automa.root.state import Seat, Victory
from tests.root.script import Dice


def key_of(g, key):
    return next(c.id for c in g.cards if c.key == key)


def table(options=None, bots=("electric_eyrie", "automated_alliance")):
    d = data.load()
    seats = [Seat("marquise", None, {"warrior": 25, "sawmill": 6})]
    for b, f in zip(bots, ("eyrie", "alliance")):
        seats.append(Seat(f, b, {"warrior": 20, "roost": 7, "base_fox": 1, "base_mouse": 1, "sympathy": 10}))
    g = state.new_game(d.maps["fall"], d.deck, seats, options or {},
                       {"deck": random.Random(5), "automa": random.Random(7)})
    g.items = {"sword": 2, "boot": 2, "bag": 0}
    return g


def test_a_bots_battle_is_the_laws_and_its_removals_score_CW_GEN_1_CW_GEN_23():
    """CW-GEN-1: a bot battles by the Law (LoR-4.3): its rolled hits are capped by its warriors there
    (LoR-4.3.2.I) and a defenseless defender takes one more (LoR-4.3.3.II). CW-GEN-23: each enemy building
    it removes scores it 1 VP (LoR-3.2.1), and 30 VP wins for a bot as for anyone (LoR-3.1)."""
    g = table()
    g.rng["dice"] = Dice(3, 3)
    state.place_warriors(g, "eyrie", 5, 1)
    for _ in range(2):
        assert state.place_building(g, "marquise", "sawmill", 5)
    r = battle.battle(g, "eyrie", "marquise", 5)
    assert r.dealt == [2, 0] and g.clearings[5].buildings == [] and g.clearings[5].warriors == {"eyrie": 1}
    assert g.seat("eyrie").vp == 2 and g.seat("eyrie").sources == {"removal": 2}
    with pytest.raises(Victory) as won:
        state.score(g, "eyrie", 28, "crafting")
    assert won.value.faction == "eyrie"


def test_the_order_card_is_the_top_card_of_the_deck_CW_GEN_13():
    g = table()
    g.deck = [3, 4]
    g.trace = Trace()
    assert common.reveal_order(g, g.seat("eyrie")) == 4 and g.deck == [3]
    assert g.trace.events[-1]["kind"] == "order" and g.trace.events[-1]["rule"] == "CW-GEN-13"


def test_an_empty_deck_gives_no_order_card_or_ends_the_game_RT_OPEN_35():
    g = table()
    assert common.reveal_order(g, g.seat("eyrie")) is None and "RT-OPEN-35" in g.guards
    g.options["empty_deck"] = "bot_wins"
    with pytest.raises(Victory) as won:
        common.reveal_order(g, g.seat("eyrie"))
    assert won.value.faction == "eyrie"
    g.options["empty_deck"] = "end_game_no_winner"
    with pytest.raises(Victory) as ended:
        common.reveal_order(g, g.seat("alliance"))
    assert ended.value.faction == "none"


def test_a_bot_crafts_an_item_order_card_for_exactly_1_VP_CW_GEN_3_CW_GEN_4_CW_GEN_28():
    """CW-GEN-3 (no crafting pieces on the map), CW-GEN-4 (1 VP, not the printed 2), CW-GEN-28."""
    g = table()
    eyrie = g.seat("eyrie")
    card = key_of(g, "arms_trader")          # a sword, printed for 2 VP
    assert common.craft_order(g, eyrie, card) == "sword"
    assert eyrie.vp == 1 and eyrie.sources == {"crafting": 1}
    assert g.items["sword"] == 1 and eyrie.crafted == ["sword"]
    assert card not in g.discard                 # it stays the order (CW-GEN-14, RT-OPEN-42)


def test_a_bot_never_crafts_a_missing_item_or_a_persistent_card_CW_GEN_3_CW_GEN_5():
    """CW-GEN-3 (the item must be in the supply), CW-GEN-5 (no persistent or non-item card)."""
    g = table()
    eyrie = g.seat("eyrie")
    assert common.craft_order(g, eyrie, key_of(g, "birdy_bindle")) is None      # no bag left
    assert common.craft_order(g, eyrie, key_of(g, "armorers")) is None          # persistent
    assert common.craft_order(g, eyrie, key_of(g, "favor_of_the_foxes")) is None  # immediate, no item
    assert common.craft_order(g, eyrie, None) is None
    assert eyrie.vp == 0 and g.items["bag"] == 0


def test_crafted_item_location_and_the_crafted_card_options_RT_OPEN_31_RT_OPEN_42():
    g = table({"bot_crafted_item_location": "box", "crafted_order_card": "discard_at_once"})
    eyrie = g.seat("eyrie")
    card = key_of(g, "arms_trader")
    assert common.craft_order(g, eyrie, card) == "sword"
    assert eyrie.crafted == [] and g.items["sword"] == 1 and g.discard == [card]
    common.discard_order(g, card)                # already discarded: not twice
    assert g.discard == [card]
    satchel = []
    g.options["bot_crafted_item_location"] = "crafted_items"
    common.craft_order(g, g.seat("alliance"), key_of(g, "travel_gear_fox"), into=satchel)
    assert satchel == ["boot"] and g.seat("alliance").crafted == []


def test_a_card_discarded_when_crafted_and_dealt_on_is_not_discarded_again_RT_OPEN_42():
    """RT-OPEN-42 ``discard_at_once``: the crafted order card goes to the discard pile at once; a reshuffle
    may deal it to a player before the bot's Evening (fuzzed game 7623: an outrage draw), and the board's
    discard (CW-GEN-14) must then leave it in that hand, not put a second copy on the pile. A new order
    (CW-GEN-13) forgets the cards earlier orders spent."""
    g = table({"crafted_order_card": "discard_at_once"})
    marquise, eyrie = g.seat("marquise"), g.seat("eyrie")
    card = key_of(g, "arms_trader")
    g.deck = [card]
    assert common.reveal_order(g, eyrie) == card and common.craft_order(g, eyrie, card) == "sword"
    assert g.discard == [card] and g.deck == []
    assert state.draw(g, 1) == [card]            # reshuffled and dealt on
    marquise.hand.append(card)
    common.discard_order(g, card)
    assert g.discard == [] and marquise.hand == [card]
    g.spent_orders.append(card)                  # left over by an earlier order (EE files its card instead)
    g.deck = [4]
    assert common.reveal_order(g, eyrie) == 4 and g.spent_orders == []
    common.discard_order(g, 4)
    assert g.discard == [4]


def test_the_order_card_is_discarded_at_the_boards_step_CW_GEN_14():
    g = table()
    common.discard_order(g, 4)
    assert g.discard == [4]
    dom = key_of(g, "dominance_fox")             # an order card of its suit, then beside the map (RT-OPEN-43)
    common.discard_order(g, dom)
    assert g.dominance == [dom]


def test_ordered_clearings_match_the_suit_and_a_bird_orders_all_CW_GEN_13_RT_OPEN_2():
    g = table()
    assert common.ordered_clearings(g, "fox") == [1, 6, 8, 12]
    assert common.ordered_clearings(g, "bird") == list(range(1, 13))
    g.options["bird_order_scope"] = "no_clearing"
    assert common.ordered_clearings(g, "bird") == [] and common.ordered(g, "mouse", 2)


def test_clearing_priority_1_is_highest_and_criteria_come_first_CW_GEN_8():
    g = table()
    assert common.pick(g, [7, 3, 9]) == 3
    assert common.pick(g, [7, 3, 9], lowest=True) == 9
    most = {7: 2, 3: 1, 9: 2}
    assert common.pick(g, [3, 7, 9], key=lambda c: (most[c],)) == 7
    assert common.pick(g, [3, 7, 9], key=lambda c: (-most[c],)) == 3
    assert common.ranked(g, [3, 7, 9], key=lambda c: (most[c],), lowest=True) == [9, 7, 3]


def test_an_illegal_target_falls_through_to_the_tied_then_the_next_rank_CW_GEN_10():
    """CW-GEN-10: the tied candidate first, then the next rank, then the action is skipped. The rules'
    worked example (LRB-2.3), "battle where there are the most enemy warriors": clearings 2 and 5 tie with 3
    enemy warriors; without the bot's warriors in 2 it battles in 5; without them in 5 either, in 8 (the
    next rank, 1 warrior); with none anywhere it does not battle."""
    g = table()
    most = {2: 3, 5: 3, 8: 1, 11: 0}                      # enemy warriors by clearing
    key = (lambda c: (most[c],))
    assert common.pick(g, [11, 8, 5, 2], key, legal=lambda c: c != 2) == 5
    assert common.pick(g, [11, 8, 5, 2], key, legal=lambda c: c not in (2, 5)) == 8
    assert common.pick(g, [11, 8, 5, 2], key, legal=lambda c: False) is None


def test_repeated_actions_resolve_from_highest_priority_CW_GEN_11():
    """CW-GEN-11: repeated actions from the highest priority (1) to the lowest."""
    g = table()
    assert common.priority_order(g, {12, 1, 6}) == [1, 6, 12]


def test_player_priority_is_the_criteria_then_the_setup_letter_CW_GEN_9():
    assert common.pick_player(["vagabond", "eyrie", "marquise"]) == "marquise"
    vp = {"vagabond": 5, "eyrie": 5, "marquise": 1}
    assert common.pick_player(["vagabond", "eyrie", "marquise"], key=lambda f: (vp[f],)) == "eyrie"
    assert common.pick_player(["vagabond", "eyrie"], key=lambda f: (vp[f],), legal=lambda f: f != "eyrie") \
        == "vagabond"


def test_enemy_counts_and_the_coop_variant_CW_GEN_29_CW_GEN_22():
    g = table()
    eyrie = g.seat("eyrie")
    state.place_warriors(g, "alliance", 4, 2)
    state.place_warriors(g, "marquise", 4, 1)
    g.clearings[4].tokens.append(("alliance", "sympathy"))
    state.place_warriors(g, "eyrie", 4, 3)
    assert common.enemies(g, eyrie) == ["marquise", "alliance"]
    assert common.enemy_pieces(g, eyrie, 4) == 4 and common.enemy_warriors(g, eyrie, 4) == 3
    g.options["victory"] = "coop"
    assert common.enemies(g, eyrie) == ["marquise"] and common.enemy_pieces(g, eyrie, 4) == 1
    assert common.enemies(g, g.seat("marquise")) == ["eyrie", "alliance"]     # the player's enemies


def test_the_vagabonds_pawn_is_a_piece():
    g = table()
    g.seats.append(Seat("vagabond", "vagabot", {}))
    g.pawn = ("clearing", 3)
    assert common.pieces(g, 3, "vagabond") == 1 and common.pieces(g, 4, "vagabond") == 0


def test_a_bot_loses_warriors_then_tokens_then_buildings_CW_GEN_6_LoR_4_3_4():
    g = table()
    alliance = g.seat("alliance")
    state.place_warriors(g, "alliance", 5, 1)
    state.place_building(g, "alliance", "base_fox", 5)
    g.clearings[5].tokens.append(("alliance", "sympathy"))
    g.seat("alliance").supply["sympathy"] -= 1
    assert common.take_hits(g, alliance, 5, 2, "marquise") == 2
    assert g.clearings[5].warriors == {} and g.clearings[5].tokens == []
    assert g.clearings[5].buildings == [("alliance", "base_fox")]
    assert g.seat("marquise").vp == 1                       # the token scored (LoR-3.2.1)
    assert common.take_hits(g, alliance, 5, 3, "marquise") == 1     # only the base was left
    assert g.clearings[5].buildings == [] and g.seat("marquise").vp == 2


def test_the_building_type_a_bot_loses_is_drawn_at_random_CW_GEN_6_RT_OPEN_3():
    lost = set()
    for seed in range(12):
        g = table()
        g.rng["automa"] = random.Random(seed)
        assert state.place_building(g, "alliance", "base_fox", 2)
        assert state.place_building(g, "alliance", "base_mouse", 2)
        common.take_hits(g, g.seat("alliance"), 2, 1, "eyrie")
        (left,) = g.clearings[2].buildings
        lost.add({"base_fox": "base_mouse", "base_mouse": "base_fox"}[left[1]])
    assert lost == {"base_fox", "base_mouse"}


def test_separate_streams_draw_from_the_bots_own_stream_RT_OPEN_3():
    g = table({"bot_random": "separate_streams"})
    g.rng["automa:automated_alliance"] = random.Random(1)
    before = g.rng["automa"].getstate()
    common.random_pick(g, g.seat("alliance"), ["a", "b", "c"])
    assert g.rng["automa"].getstate() == before


def test_a_nightmare_bot_scores_1_at_the_end_of_evening_CW_GEN_24():
    g = table()
    eyrie = g.seat("eyrie")
    common.nightmare_bonus(g, eyrie)
    assert eyrie.vp == 0
    eyrie.difficulty = "nightmare"
    common.nightmare_bonus(g, eyrie)
    assert eyrie.vp == 1 and eyrie.sources == {"bonus": 1}


def test_the_original_nightmare_point_is_one_whatever_the_table_CW_DC_GEN_1():
    """CW-DC-GEN-1 (the Director's Cut: 1 VP per two players) is not modelled: ``bot_rules_version`` offers
    only ``original``, and a nightmare bot at a four-seat table scores 1 VP, not 2 (CW-GEN-24)."""
    (version,) = [o for o in OPTIONS if o.name == "bot_rules_version"]
    assert version.choices == ("original",)
    g = table()
    g.seats.append(Seat("vagabond", "vagabot", {}))
    eyrie = g.seat("eyrie")
    eyrie.difficulty = "nightmare"
    common.nightmare_bonus(g, eyrie)
    assert len(g.seats) == 4 and eyrie.vp == 1


def test_difficulty_and_traits_come_from_the_options_CW_GEN_19():
    assert common.bot_settings({}, "electric_eyrie") == ("default", ())
    opts = {"difficulty": "challenging", "ee_traits": "relentless,swoop", "mm_difficulty": "easy"}
    assert common.bot_settings(opts, "electric_eyrie") == ("challenging", ("relentless", "swoop"))
    assert common.bot_settings(opts, "mechanical_marquise") == ("easy", ())


def test_bots_take_factions_and_set_up_by_their_own_boards_in_letter_order_CW_GEN_18_CW_GEN_21():
    """CW-GEN-18: the Marquise and the Eyrie go to bots, the player takes the Alliance. CW-GEN-21: they set
    up in letter order, each by its bot board: the Marquise bot first (its keep, its pieces without wood),
    then the Eyrie bot opposite the keep."""
    options = {o.name: o.default for o in OPTIONS}
    options.update(faction="alliance", bots="electric_eyrie,mechanical_marquise", mm_random_setup="top_left")
    streams = {n: random.Random(i) for i, n in enumerate(("setup", "automa", "deck", "dice"))}
    g = setup.setup(data.load(), options, streams, trace=Trace())
    cat, bird = g.seat("marquise"), g.seat("eyrie")
    assert (cat.bot, bird.bot, g.seat("alliance").bot) == ("mechanical_marquise", "electric_eyrie", None)
    assert isinstance(cat.board, MechanicalMarquiseBoard) and cat.board.keep == 1 and "wood" not in cat.supply
    assert g.clearings[3].buildings == [("eyrie", "roost")] and bird.board.viziers == 2
    order = [e["rule"] for e in g.trace.events if e["kind"] == "setup"]
    assert order.index("CW-MM-SETUP-2") < order.index("CW-EE-SETUP-2") < order.index("LoR-8.3")


def test_taking_a_card_from_a_bot_draws_from_the_deck_and_from_a_human_takes_one_at_random_CW_GEN_15():
    g = table()
    g.deck = [10, 11]
    bot, human = g.seat("alliance"), g.seat("marquise")
    state.take_card(g, human, bot)
    assert human.hand == [11] and g.deck == [10]
    human.hand = [3, 4, 5]
    taker = g.seat("eyrie")
    state.take_card(g, taker, human)
    assert len(taker.hand) == 1 and sorted(human.hand + taker.hand) == [3, 4, 5]
