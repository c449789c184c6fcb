"""The Vagabot (CW-VB): setup, items and the Battle Track, Birdsong, each Daylight action, the characters,
Evening, the difficulties and traits, with the open points' defaults and alternatives (RT-OPEN-n)."""
import random

import pytest

from automa.core.trace import Trace
from automa.root import battle, data, state
from automa.root.bots import vagabot
from automa.root.bots.vagabot import Item
from automa.root.state import Seat
from tests.root.script import Dice


def table(options=None, difficulty="default", traits=()):
    """Fall, a human Marquise, the Eyrie and Alliance bots, and the Vagabot set up (pawn in forest F3)."""
    d = data.load()
    seats = [Seat("marquise", None, {"warrior": 25, "sawmill": 6, "workshop": 6, "recruiter": 6, "wood": 8}),
             Seat("eyrie", "electric_eyrie", {"warrior": 20, "roost": 7}),
             Seat("alliance", "automated_alliance", {"warrior": 10, "sympathy": 10, "base_fox": 1}),
             Seat("vagabond", "vagabot", dict(vagabot.PIECES), difficulty=difficulty, traits=tuple(traits))]
    g = state.new_game(d.maps["fall"], d.deck, seats, dict(options or {}),
                       {"setup": random.Random(1), "automa": random.Random(2), "deck": random.Random(3),
                        "dice": random.Random(4)})
    for item in d.components.item_supply:
        g.items[item] = g.items.get(item, 0) + 1
    g.ruin_items = {c: ["sword"] for c in (6, 10, 11, 12)}
    g.deck = [c.id for c in d.deck if c.kind != "dominance"]
    vb = g.seat("vagabond")
    vagabot.setup(g, vb)
    return g, vb


def satchel(vb, up=0, exhausted=0, damaged=0, damaged_exhausted=0):
    """Replace his items by boots in the given states (all items are alike to him, CW-VB-ABIL-3)."""
    b = vb.board
    b.items = ([Item("boot") for _ in range(up)] + [Item("boot", exhausted=True) for _ in range(exhausted)]
               + [Item("boot", damaged=True) for _ in range(damaged)]
               + [Item("boot", exhausted=True, damaged=True) for _ in range(damaged_exhausted)])
    b.settle_track()
    return b


def hits(g, vb):
    return vb.board.max_rolled_hits(g, vb, 1, "defender")


def extra(g, vb):
    return vb.board.extra_hits(g, vb, 1, "attacker", "marquise")


def card(g, key):
    return next(c.id for c in g.cards if c.key == key)


def at(g, c):
    g.pawn = ("clearing", c)


# ---------------------------------------------------------------------------------------------- setup

def test_setup_pawn_quest_and_four_items_CW_VB_SETUP_1_2_3_5():
    """CW-VB-SETUP-1 character, CW-VB-SETUP-2 forest touching most clearings, -3 quest, -5 items."""
    g, vb = table({"vb_character": "ranger"})
    b = vb.board
    assert b.character == "ranger"
    assert g.pawn == ("forest", 2)                        # F3 touches 5 clearings, the most on Fall
    assert b.quest is not None and len(b.quest_deck) == 14 and b.quest not in b.quest_deck
    assert len(b.items) == 4 and b.available() == 4
    assert all(i.kind in data.load().components.start_items for i in b.items)
    assert vb.supply == {}                                # no warriors: the pawn is game.pawn


def test_the_tinker_starts_with_three_items_and_fixed_items_RT_OPEN_39_CW_VB_CHAR_TINKER():
    g, vb = table({"vb_character": "tinker", "vb_start_items": "fixed"})
    assert [i.kind for i in vb.board.items] == ["boot", "torch", "sword"]
    g, vb = table({"vb_start_items": "fixed"})
    assert [i.kind for i in vb.board.items] == ["boot", "torch", "sword", "tea"]


def test_setup_is_seeded_CW_VB_SETUP_3_RT_OPEN_3():
    a, b = table()[1].board, table()[1].board
    assert (a.quest, a.quest_deck, [i.kind for i in a.items]) == (b.quest, b.quest_deck, [i.kind for i in b.items])


# ---------------------------------------------------------------------------------------------- items

def test_the_battle_track_fills_at_6_9_12_undamaged_items_exhausted_first_CW_VB_ABIL_4():
    """Battle Track (CW-VB-ABIL-4): items at 6, 9, 12, exhausted first; never exhausted."""
    g, vb = table()
    b = satchel(vb, up=5)
    assert (b.on_track(), hits(g, vb), extra(g, vb), b.available()) == (0, 1, 0, 5)
    b = satchel(vb, up=4, exhausted=2)
    assert b.on_track() == 1 and hits(g, vb) == 2 and b.available() == 4
    assert [i for i in b.items if i.track][0].exhausted        # the exhausted one went on the track
    b = satchel(vb, up=9)
    assert (b.on_track(), hits(g, vb), b.available()) == (2, 3, 7)
    b = satchel(vb, up=12)
    assert (b.on_track(), hits(g, vb), extra(g, vb), b.available()) == (3, 3, 1, 9)
    assert b.exhaust(20) == 9 and b.available() == 0           # track items cannot be exhausted


def test_hits_damage_exhausted_items_first_and_pull_items_off_the_track_CW_VB_ABIL_5_RT_OPEN_4():
    """Taking hits (CW-VB-ABIL-5): exhausted first, off the track; the rest ignored."""
    g, vb = table()
    b = satchel(vb, up=5, exhausted=1)
    assert b.on_track() == 1
    assert b.damage(1) == 1                      # the exhausted item, on the track, is damaged
    assert b.on_track() == 0 and b.damaged() == 1 and b.available() == 5
    assert b.damage(2) == 2 and b.available() == 3      # then face-up ones
    b = satchel(vb, up=1, damaged=2)
    assert b.damage(5) == 1 and b.undamaged() == 0      # the rest are ignored


def test_full_removal_damages_three_items_CW_VB_ABIL_1():
    g, vb = table()
    b = satchel(vb, up=4)
    g.trace = Trace()
    b.full_removal(g, vb, 1, "alliance")
    assert b.damaged() == 3 and g.trace.events[-1]["rule"] == "CW-VB-ABIL-1"


def test_repair_face_up_before_exhausted_keeping_the_face_CW_VB_DAY_7():
    g, vb = table()
    b = satchel(vb, up=2, damaged=1, damaged_exhausted=1)
    assert vagabot._repair(g, vb)
    assert b.damaged() == 1 and [i for i in b.items if i.damaged][0].exhausted
    assert b.available() == 2                    # one exhausted to pay, the repaired one is face up
    b = satchel(vb, up=2)
    assert not vagabot._repair(g, vb) and b.available() == 2


# ---------------------------------------------------------------------------------------------- Birdsong

def test_the_order_card_is_crafted_into_the_satchel_and_discarded_in_evening_CW_VB_BIRD_1_CW_VB_EVE_3():
    """Reveal, craft for 1 VP face up (CW-VB-BIRD-1); discard in Evening (CW-VB-EVE-3)."""
    g, vb = table()
    b = satchel(vb, up=3, damaged=3)
    order = card(g, "arms_trader")                # bird, a sword
    g.deck = [order]
    at(g, 5)
    vagabot._birdsong(g, vb)
    assert b.order == order and b.suit == "bird" and vb.vp == 1 and vb.sources == {"crafting": 1}
    assert b.items[-1].kind == "sword" and not b.items[-1].exhausted and g.items["sword"] == 1
    vagabot._evening(g, vb)
    assert g.discard == [order] and b.order is None


def test_two_or_fewer_undamaged_items_slip_into_a_forest_and_skip_daylight_CW_VB_BIRD_2():
    g, vb = table()
    b = satchel(vb, up=2, damaged=3)
    g.deck = [card(g, "ambush_bird")]             # bird order: Explore first, if he had Daylight
    at(g, 12)
    g.trace = Trace()
    vagabot.turn(g, vb)
    assert g.pawn[0] == "forest" and g.pawn[1] in g.map.clearings[11].forests
    assert g.clearings[12].ruin and vb.vp == 0          # no Explore; in Evening he rests in the forest
    assert b.damaged() == 0 and b.available() == 5
    assert any(e["rule"] == "CW-VB-BIRD-2" for e in g.trace.events)


def test_no_order_card_no_daylight_RT_OPEN_35():
    g, vb = table()
    b = satchel(vb, up=4)
    g.deck, g.discard = [], []
    at(g, 12)
    vagabot.turn(g, vb)
    assert g.clearings[12].ruin and b.available() == 4


# ---------------------------------------------------------------------------------------------- Daylight

def test_moves_take_the_fewest_moves_then_the_highest_priority_step_CW_VB_DAY_2_RT_OPEN_25():
    g, vb = table()
    at(g, 1)
    assert vagabot._distances(g, g.pawn)[12] == 2
    assert vagabot._step(g, 12) == 9             # 1-9-12 and 1-10-12: through 9
    g.pawn = ("forest", 6)                       # F7 touches 4, 9, 12: the first move enters one
    d = vagabot._distances(g, g.pawn)
    assert d[12] == 1 and d[1] == 2 and vagabot._step(g, 1) == 9


def test_he_moves_regardless_of_rule_CW_VB_ABIL_2():
    """Nimble (CW-VB-ABIL-2): out of and into clearings the Marquise rules, the nearest ruin is still one
    move away."""
    g, vb = table()
    b = satchel(vb, up=4)
    for c in (1, 5, 9, 10):
        state.place_warriors(g, "marquise", c, 3)
    at(g, 1)
    assert vagabot._distances(g, g.pawn)[12] == 2
    assert vagabot._explore(g, vb) and g.pawn == ("clearing", 10) and b.available() == 3


def test_explore_the_nearest_ruin_paying_one_item_per_move_CW_VB_DAY_3_CW_VB_DAY_2():
    g, vb = table()
    b = satchel(vb, up=4)
    at(g, 1)                                     # ruins 6, 10, 11, 12: 10 is one move away
    g.trace = Trace()
    assert vagabot._explore(g, vb)
    assert g.pawn == ("clearing", 10) and b.available() == 3 and len(b.items) == 5 - 0
    assert b.items[-1].kind == "sword" and not b.items[-1].exhausted
    assert not g.clearings[10].ruin and 10 not in g.ruin_items and vb.vp == 0
    assert [e["rule"] for e in g.trace.events] == ["CW-VB-DAY-2", "CW-VB-DAY-3"]
    b = satchel(vb, up=1)
    at(g, 1)                                     # 9 then 12: he moves until the items run out
    assert vagabot._explore(g, vb) and g.pawn == ("clearing", 9) and g.clearings[12].ruin


def test_no_ruin_left_explore_is_skipped_CW_VB_DAY_3():
    g, vb = table()
    satchel(vb, up=4)
    for c in (6, 10, 11, 12):
        g.clearings[c].ruin = False
    g.ruin_items = {}
    assert not vagabot._explore(g, vb)


def test_quest_in_the_nearest_clearing_of_its_suit_for_two_items_CW_VB_DAY_4():
    """Quest (CW-VB-DAY-4): nearest clearing of its suit, two items, 1 VP, a new quest."""
    g, vb = table()
    b = satchel(vb, up=4)
    quests = data.load().components.quests
    b.quest = next(q for q in quests if q.suit == "mouse")
    nxt = b.quest_deck[-1]
    at(g, 1)                                     # mouse clearings next to 1: 9
    assert vagabot._quest(g, vb)
    assert g.pawn == ("clearing", 9) and b.available() == 1 and vb.vp == 1 and vb.sources == {"quests": 1}
    assert b.quest == nxt and len(b.quests_done) == 1
    b.quest = next(q for q in quests if q.suit == "fox")
    at(g, 1)
    assert not vagabot._quest(g, vb) and vb.vp == 1      # in a fox clearing with one item: not enough


def test_free_moves_except_for_explore_RT_OPEN_25_alternative():
    g, vb = table({"vb_pathing": "explore_only"})
    b = satchel(vb, up=2)
    b.quest = next(q for q in data.load().components.quests if q.suit == "rabbit")
    at(g, 1)
    assert vagabot._quest(g, vb) and g.pawn == ("clearing", 5) and b.available() == 0


def test_aid_the_player_with_fewest_vp_and_items_taking_as_many_as_he_can_CW_VB_DAY_5():
    """Aid (CW-VB-DAY-5): fewest VP first; as many items as he can, VP and cards each."""
    g, vb = table()
    b = satchel(vb, up=2)
    at(g, 1)
    human, eyrie = g.seat("marquise"), g.seat("eyrie")
    state.place_warriors(g, "marquise", 1, 1)
    state.place_warriors(g, "eyrie", 1, 1)
    human.crafted, eyrie.crafted = ["hammer", "tea", "bag"], ["sword"]
    human.vp, eyrie.vp = 3, 5
    hand = len(human.hand)
    assert vagabot._aid(g, vb)
    assert human.crafted == ["bag"] and [i.kind for i in b.items[-2:]] == ["hammer", "tea"]
    assert vb.vp == 2 and vb.sources == {"aid": 2} and len(human.hand) == hand + 2
    assert b.available() == 2                    # two spent, two new face up


def test_aiding_a_bot_scores_it_1_vp_per_aid_RT_OPEN_28_RT_OPEN_55():
    g, vb = table()
    satchel(vb, up=3)
    at(g, 1)
    eyrie = g.seat("eyrie")
    state.place_warriors(g, "eyrie", 1, 1)
    eyrie.crafted = ["sword", "boot"]
    assert vagabot._aid(g, vb)
    assert vb.vp == 2 and eyrie.vp == 1 and eyrie.hand == []
    g, vb = table({"vb_aid_bot_vp_count": "per_card"})
    satchel(vb, up=3)
    at(g, 1)
    state.place_warriors(g, "eyrie", 1, 1)
    g.seat("eyrie").crafted = ["sword", "boot"]
    vagabot._aid(g, vb)
    assert g.seat("eyrie").vp == 2
    g, vb = table({"vb_aid_target_bot": "nothing"})
    satchel(vb, up=3)
    at(g, 1)
    state.place_warriors(g, "eyrie", 1, 1)
    g.seat("eyrie").crafted = ["sword"]
    vagabot._aid(g, vb)
    assert g.seat("eyrie").vp == 0 and vb.vp == 1


def test_helper_doubles_aid_vp_and_cards_RT_OPEN_29_CW_VB_TRAIT_3():
    """Helper (CW-VB-TRAIT-3): VP and cards doubled per item (RT-OPEN-29) or +1 VP."""
    g, vb = table(traits=("helper",))
    satchel(vb, up=3)
    at(g, 1)
    human = g.seat("marquise")
    state.place_warriors(g, "marquise", 1, 1)
    human.crafted = ["tea", "bag"]
    hand = len(human.hand)
    vagabot._aid(g, vb)
    assert vb.vp == 4 and len(human.hand) == hand + 4
    g, vb = table({"vb_helper_scope": "plus_one"}, traits=("helper",))
    satchel(vb, up=3)
    at(g, 1)
    human = g.seat("marquise")
    state.place_warriors(g, "marquise", 1, 1)
    human.crafted = ["tea", "bag"]
    hand = len(human.hand)
    vagabot._aid(g, vb)
    assert vb.vp == 3 and len(human.hand) == hand + 4


def test_no_one_to_aid_aid_is_skipped_CW_VB_DAY_5():
    """Aid (CW-VB-DAY-5) needs a player with pieces in his clearing and crafted items."""
    g, vb = table()
    b = satchel(vb, up=3)
    at(g, 1)
    g.seat("marquise").crafted = ["tea"]          # crafted items but no piece in clearing 1
    assert not vagabot._aid(g, vb) and b.available() == 3
    g.pawn = ("forest", 0)
    assert not vagabot._aid(g, vb)


def test_the_action_list_stops_when_no_item_is_left_CW_VB_DAY_1():
    g, vb = table()
    b = satchel(vb, up=1, damaged_exhausted=2)
    b.suit = "rabbit"                             # Battle, Repair, Special
    at(g, 5)                                      # no enemy piece anywhere: Battle is skipped
    g.trace = Trace()
    vagabot._daylight(g, vb)
    assert b.damaged() == 1 and b.available() == 0          # Repair paid with the last item
    assert [(e["kind"], e["rule"]) for e in g.trace.events] == [
        ("vb_skip", "CW-VB-DAY-6"), ("vb_repair", "CW-VB-DAY-7"), ("vb_out_of_items", "CW-VB-DAY-1")]
    assert g.trace.events[-1]["action"] == "special"


def test_the_whole_list_again_while_items_remain_RT_OPEN_26_alternative():
    g, vb = table({"vb_action_loop": "loop"})
    b = satchel(vb, up=3, damaged=2)
    b.suit = "rabbit"
    at(g, 5)
    vagabot._daylight(g, vb)
    assert b.damaged() == 0                       # Repair in two passes
    g, vb = table()
    b = satchel(vb, up=3, damaged=2)
    b.suit = "rabbit"
    at(g, 5)
    vagabot._daylight(g, vb)
    assert b.damaged() == 1


def test_adventurer_repeats_quest_at_the_end_of_daylight_CW_VB_TRAIT_1():
    """Adventurer (CW-VB-TRAIT-1): Quest again at the end of Daylight as often as he can."""
    g, vb = table(traits=("adventurer",))
    b = satchel(vb, up=5)
    quests = data.load().components.quests
    rabbit = [q for q in quests if q.suit == "rabbit"]
    b.quest, b.quest_deck = rabbit[0], rabbit[1:3]
    b.suit = "rabbit"
    at(g, 5)
    vagabot._daylight(g, vb)
    assert b.quests_done == rabbit[:1] + rabbit[2:3] and vb.sources["quests"] == 2
    assert b.available() == 1 and b.quest == rabbit[1]        # one item short of a third


# ---------------------------------------------------------------------------------------------- battle target

def test_battle_targets_the_enemy_with_most_vp_in_its_nearest_clearing_CW_VB_DAY_6_RT_OPEN_41():
    g, vb = table()
    at(g, 1)
    state.place_warriors(g, "marquise", 12, 3)
    state.place_warriors(g, "eyrie", 9, 1)
    state.place_warriors(g, "eyrie", 10, 2)
    state.place_building(g, "eyrie", "roost", 10)
    g.seat("eyrie").vp, g.seat("marquise").vp = 4, 2
    assert vagabot._battle_target(g, vb) == (10, "eyrie")        # 9 and 10 one move away: 10 has a roost
    g.seat("marquise").vp = 4                                     # a tie: setup letter, the Marquise
    assert vagabot._battle_target(g, vb) == (12, "marquise")
    g.clearings[10].buildings.clear()
    g.seat("marquise").vp = 0
    assert vagabot._battle_target(g, vb) == (9, "eyrie")          # then fewest warriors


def test_an_enemy_with_no_piece_falls_through_CW_GEN_10_CW_VB_DAY_6():
    g, vb = table()
    at(g, 1)
    g.seat("eyrie").vp = 9
    state.place_warriors(g, "alliance", 3, 1)
    assert vagabot._battle_target(g, vb) == (3, "alliance")
    g.clearings[3].warriors.clear()
    assert vagabot._battle_target(g, vb) is None


def test_coop_bots_do_not_target_bots_CW_GEN_22():
    g, vb = table({"victory": "coop"})
    at(g, 1)
    g.seat("eyrie").vp = 9
    state.place_warriors(g, "eyrie", 1, 1)
    state.place_warriors(g, "marquise", 3, 1)
    assert vagabot._battle_target(g, vb) == (3, "marquise")


def test_berserker_targets_the_most_pieces_RT_OPEN_54_CW_VB_TRAIT_2():
    """Berserker (CW-VB-TRAIT-2): the clearing and player with the most pieces (RT-OPEN-54)."""
    g, vb = table(traits=("berserker",))
    at(g, 1)
    state.place_warriors(g, "eyrie", 9, 2)
    state.place_warriors(g, "marquise", 3, 2)
    state.place_warriors(g, "alliance", 3, 2)
    state.place_warriors(g, "eyrie", 4, 5)
    assert vagabot._battle_target(g, vb) == (4, "eyrie")          # most pieces, however far
    state.place_warriors(g, "marquise", 3, 1)
    assert vagabot._battle_target(g, vb) == (4, "eyrie")
    state.place_warriors(g, "alliance", 3, 1)                    # 3 now has 6: most, the Marquise most there
    assert vagabot._battle_target(g, vb) == (3, "marquise")
    g.options["vb_berserker_target"] = "nearest_then_most"
    assert vagabot._battle_target(g, vb) == (9, "eyrie")
    g.options["vb_berserker_target"] = "app_step"                # the enemy with most pieces on the map
    assert vagabot._battle_target(g, vb) == (9, "eyrie")


# ---------------------------------------------------------------------------------------------- characters

def test_the_thief_takes_a_card_from_a_human_past_a_bot_RT_OPEN_27_CW_VB_CHAR_THIEF():
    """Special (CW-VB-DAY-8): one item, skipped when it does nothing; the Thief (CW-VB-CHAR-THIEF)."""
    g, vb = table({"vb_character": "thief"})
    b = satchel(vb, up=2)
    at(g, 1)
    human, eyrie = g.seat("marquise"), g.seat("eyrie")
    human.hand = [card(g, "arms_trader")]
    state.place_warriors(g, "marquise", 1, 1)
    state.place_warriors(g, "eyrie", 1, 1)
    eyrie.vp = 5                                   # the Eyrie first, but a bot has no hand
    assert vagabot._special(g, vb)
    assert human.hand == [] and g.discard == [card(g, "arms_trader")] and vb.vp == 1
    assert vb.sources == {"special": 1} and b.available() == 1
    assert not vagabot._special(g, vb)                        # no card left anywhere


def test_the_thief_options_RT_OPEN_27_alternatives():
    g, vb = table({"vb_thief_bot_target": "skip"})
    satchel(vb, up=2)
    at(g, 1)
    g.seat("marquise").hand = [card(g, "arms_trader")]
    state.place_warriors(g, "marquise", 1, 1)
    state.place_warriors(g, "eyrie", 1, 1)
    g.seat("eyrie").vp = 5
    assert not vagabot._special(g, vb) and g.seat("marquise").hand
    g, vb = table({"vb_thief_card": "discard"})
    satchel(vb, up=2)
    at(g, 1)
    g.seat("marquise").hand = [card(g, "arms_trader")]
    state.place_warriors(g, "marquise", 1, 1)
    assert vagabot._special(g, vb) and vb.vp == 0 and g.discard


def test_the_tinker_crafts_the_topmost_available_item_of_the_discard_CW_VB_CHAR_TINKER():
    g, vb = table({"vb_character": "tinker"})
    b = satchel(vb, up=2)
    g.items["bag"] = 0
    g.discard = [card(g, "arms_trader"), card(g, "birdy_bindle"), card(g, "armorers")]
    g.deck = [k for k in g.deck if k not in g.discard]
    assert vagabot._special(g, vb)                # past a persistent card and a bag not in supply
    assert vb.vp == 1 and b.items[-1].kind == "sword" and g.items["sword"] == 1
    assert g.discard[-1] == card(g, "arms_trader") and len(g.discard) == 3
    g.discard = [card(g, "birdy_bindle")]
    assert not vagabot._special(g, vb)


def test_the_ranger_slips_away_with_three_damaged_items_CW_VB_CHAR_RANGER():
    """CW-VB-CHAR-RANGER: with three damaged items he slips away to the forest."""
    g, vb = table({"vb_character": "ranger"})
    satchel(vb, up=2, damaged=2)
    at(g, 5)
    assert not vagabot._special(g, vb) and g.pawn == ("clearing", 5)
    satchel(vb, up=2, damaged=3)
    assert vagabot._special(g, vb) and g.pawn == ("forest", 0)    # clearing 5 touches only F1


# ---------------------------------------------------------------------------------------------- Evening

@pytest.mark.parametrize("level,low,high", [("easy", 3, 5), ("default", 4, 6), ("challenging", 5, 7),
                                            ("nightmare", 5, 7)])
def test_refresh_by_difficulty_CW_VB_EVE_1_CW_VB_DIFF(level, low, high):
    """CW-VB-EVE-1 by CW-VB-DIFF-EASY, CW-VB-DIFF-DEFAULT, CW-VB-DIFF-CHALLENGING and CW-VB-DIFF-NIGHTMARE: items refreshed in Evening."""
    g, vb = table(difficulty=level)
    b = satchel(vb, exhausted=8)                 # 8 undamaged: one on the track
    at(g, 5)
    vagabot._evening(g, vb)
    assert b.available() == high
    b = satchel(vb, exhausted=8, damaged=2)
    vagabot._evening(g, vb)
    assert b.available() == low + 1              # refreshed, then one damaged face-up item repaired
    assert vb.vp == (2 if level == "nightmare" else 0)           # CW-VB-EVE-4, CW-GEN-24


def test_refresh_all_when_fewer_RT_OPEN_30():
    g, vb = table()
    b = satchel(vb, up=1, exhausted=2)
    at(g, 5)
    vagabot._evening(g, vb)
    assert b.available() == 3


def test_rest_in_a_forest_repairs_everything_else_one_berserker_two_CW_VB_EVE_2():
    """Evening repair (CW-VB-EVE-2): a forest all, else one; Berserker two (CW-VB-TRAIT-2)."""
    g, vb = table()
    b = satchel(vb, up=3, damaged=3)
    g.pawn = ("forest", 0)
    vagabot._evening(g, vb)
    assert b.damaged() == 0
    b = satchel(vb, up=3, damaged=3)
    at(g, 5)
    vagabot._evening(g, vb)
    assert b.damaged() == 2
    g, vb = table(traits=("berserker",))
    b = satchel(vb, up=3, damaged=3)
    at(g, 5)
    vagabot._evening(g, vb)
    assert b.damaged() == 1


def test_the_human_item_limit_RT_OPEN_45_alternative():
    g, vb = table({"vb_item_cap": "human_limit"})
    b = satchel(vb, up=7, damaged=2)
    at(g, 5)
    vagabot._evening(g, vb)
    assert len(b.items) == 6 and b.damaged() == 0
    g, vb = table()
    b = satchel(vb, up=7, damaged=2)
    at(g, 5)
    vagabot._evening(g, vb)
    assert len(b.items) == 9


def test_the_board_copy_shares_nothing():
    g, vb = table()
    b = vb.board
    c = b.copy()
    c.items[0].exhausted = True
    c.quest_deck.pop()
    assert not b.items[0].exhausted and len(b.quest_deck) == 14


# ---------------------------------------------------------------------------------------------- battle


def test_battle_moves_pays_and_repeats_against_the_same_enemy_for_two_items_CW_VB_DAY_6_RT_OPEN_46():
    g, vb = table()
    b = satchel(vb, up=5)
    at(g, 1)
    state.place_warriors(g, "marquise", 9, 3)
    g.rng["dice"] = Dice(1, 0, 1, 0)
    g.trace = Trace()
    assert vagabot._battle(g, vb)
    assert g.pawn == ("clearing", 9) and g.clearings[9].warriors == {"marquise": 1}
    assert vb.vp == 2 and vb.sources == {"removal": 2}            # 1 VP per warrior removed as attacker
    assert b.battles == 2 and b.available() == 1                  # move 1, battle 1, again 2
    assert [e["rule"] for e in g.trace.events if e["kind"] == "vb_battle_score"] == ["CW-VB-DAY-6"] * 2


def test_adventurer_battles_once_a_turn_CW_VB_TRAIT_1():
    """Adventurer (CW-VB-TRAIT-1): at most one battle a turn."""
    g, vb = table(traits=("adventurer",))
    b = satchel(vb, up=5)
    at(g, 9)
    state.place_warriors(g, "marquise", 9, 3)
    g.rng["dice"] = Dice(1, 0)
    assert vagabot._battle(g, vb) and b.battles == 1 and b.available() == 4
    assert not vagabot._battle(g, vb) and g.clearings[9].warriors == {"marquise": 2}


def test_the_whole_battle_action_again_RT_OPEN_46_alternative():
    for how, left in (("same_target", {"eyrie": 1}), ("full_repeat", {})):
        g, vb = table({"vb_battle_repeat": how})
        b = satchel(vb, up=5)
        at(g, 1)
        g.seat("marquise").vp = 5
        state.place_warriors(g, "marquise", 9, 1)
        state.place_warriors(g, "eyrie", 12, 1)
        g.seat("eyrie").board = type("Bot", (), {"take_hits": lambda self, game, seat, c, hits, by:
                                                 state.remove_warriors(game, "eyrie", c, hits)})()
        g.rng["dice"] = Dice(1, 0, 1, 0)
        vagabot._battle(g, vb)
        assert g.clearings[12].warriors == left and not g.clearings[9].warriors
        assert b.available() == (3 if how == "same_target" else 0)


def test_marksman_deals_an_immediate_hit_that_scores_CW_VB_TRAIT_4():
    """Marksman (CW-VB-TRAIT-4): an immediate hit, 1 VP for the warrior it removes."""
    g, vb = table(traits=("marksman",))
    satchel(vb, up=5)
    at(g, 9)
    state.place_warriors(g, "marquise", 9, 2)
    g.rng["dice"] = Dice(0, 0)
    vagabot._fight(g, vb, 9, "marquise")
    assert g.clearings[9].warriors == {"marquise": 1} and vb.vp == 1


def test_the_third_track_item_deals_an_extra_hit_as_attacker_CW_VB_ABIL_4():
    """Battle Track (CW-VB-ABIL-4): rolled hits capped at 3, the 12th item one extra hit."""
    g, vb = table()
    satchel(vb, up=12)
    at(g, 9)
    state.place_warriors(g, "marquise", 9, 4)
    g.rng["dice"] = Dice(3, 3)                    # rolled hits capped at 3, plus 1
    vagabot._fight(g, vb, 9, "marquise")
    assert not g.clearings[9].warriors and vb.vp == 4


def test_attacked_he_damages_items_and_rolls_up_to_his_track_CW_VB_ABIL_5_RT_OPEN_51():
    """Defending (CW-VB-ABIL-5): hits damage items, exhausted first; RT-OPEN-51."""
    for rule, damaged in (("never", 3), ("always", 4)):
        g, vb = table({"vb_defenseless": rule})
        b = satchel(vb, up=4, exhausted=1)
        at(g, 9)
        state.place_warriors(g, "marquise", 9, 3)
        g.rng["dice"] = Dice(2, 3)                # the Marquise deals 3, he deals 2 capped at 1
        result = battle.battle(g, "marquise", "vagabond", 9)
        assert b.damaged() == damaged and result.taken[1] == damaged
        assert b.items[4].damaged                  # the exhausted item first
        assert g.clearings[9].warriors == {"marquise": 2} and vb.vp == 0    # no VP as defender


@pytest.mark.parametrize("suit_seed", [1, 2, 3])
def test_whole_turns_keep_the_battle_track_right_CW_VB_ABIL_4_CW_VB_DAY_1(suit_seed):
    """Twenty turns against a Marquise spread over the map: every step runs, the track stays consistent."""
    g, vb = table(traits=("marksman", "helper"))
    g.seats = [g.seat("marquise"), vb]
    g.rng["deck"] = random.Random(suit_seed)
    g.rng["dice"] = random.Random(suit_seed)
    g.rng["deck"].shuffle(g.deck)
    for c in range(1, 13):
        state.place_warriors(g, "marquise", c, 2)
    g.seat("marquise").crafted = ["tea", "bag"]
    g.trace = Trace()
    try:
        for _ in range(20):
            vagabot.turn(g, vb)
            b = vb.board
            assert b.on_track() == sum(1 for n in vagabot.TRACK if b.undamaged() >= n)
            assert not any(i.track and i.damaged for i in b.items)
    except state.Victory:
        pass
    rules = {e["rule"] for e in g.trace.events}
    assert {"CW-VB-DAY-2", "CW-VB-DAY-6", "CW-VB-EVE-1", "CW-VB-EVE-2", "CW-VB-EVE-3"} <= rules
