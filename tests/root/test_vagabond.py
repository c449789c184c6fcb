"""The human Vagabond (LoR-9) with the Thief, Tinker and Ranger (LoR-D.1..D.3): setup, items and tracks,
Refresh and Slip, every Daylight action, relationships (Aid, Allied, Hostile, Infamy), battle (swords,
defenseless, taking hits, an Ally's warriors), Full Removal, Evening, and whole games through the frame
against the real bots. The Law's section 9 has no worked examples of its own.

The Fall map (clearings by priority number): 1 fox (adjacent 5, 9, 10; forests 0, 1), 5 rabbit (1, 2;
forest 0), 9 mouse, 10 rabbit (ruin); forest 0 touches clearings 1, 2, 5, 10 and is next to forests 1, 2.
"""
import random

import pytest

from automa.core.seeding import game_streams
from automa.root import GAME, battle, cards, data, play, prepare, rounds, setup, state, vagabond
from automa.root.options import CHARACTERS
from automa.root.state import Seat
from automa.root.vagabond import PASS, PIECES, Board, Item
from strategies.root.random import RandomStrategy
from tests.root.script import BotBoard, Dice, Script

ANVIL, FOXFOLK_STEEL, ROOT_TEA_FOX = 15, 18, 21           # fox: hammer (fox), sword (fox fox), tea
A_VISIT_TO_FRIENDS, COBBLER = 28, 33                      # rabbit: boot (rabbit); Cobbler
MOUSE_CARD, BIRD_CARD = 42, 5                             # codebreakers; birdy bindle


def table(items=(), character="thief", script=None, dice=(), options=None, at=("clearing", 1)):
    """A Fall table: a Marquise and an Eyrie bot and the human Vagabond with ``items`` face up, both bots
    Indifferent; the pawn ``at``; no other piece; the deck in id order (draws take the highest id)."""
    d = data.load()
    seats = [Seat("marquise", "mechanical_marquise", {"warrior": 25, "sawmill": 6, "workshop": 6, "recruiter": 6,
                                                       "wood": 8, "keep": 1}),
             Seat("eyrie", "electric_eyrie", {"warrior": 20, "roost": 7}),
             Seat("vagabond", None, dict(PIECES))]
    g = state.new_game(d.maps["fall"], d.deck, seats, options or {},
                       {"setup": random.Random(1), "automa": random.Random(2), "deck": random.Random(3),
                        "dice": Dice(*dice)})
    seats[0].board = BotBoard()
    seats[1].board = BotBoard()
    seats[2].board = Board(character=character, items=[Item(k) for k in items],
                           relations={"marquise": "indifferent", "eyrie": "indifferent"})
    g.ask = script or Script()
    g.deck = list(range(len(g.cards)))
    for item in d.components.item_supply:
        g.items[item] = g.items.get(item, 0) + 1
    g.pawn = at
    g.active = 2
    return g


def vb(g):
    return g.seat("vagabond")


def states(g):
    return sorted((i.kind, i.exhausted, i.damaged) for i in vb(g).board.items)


# ---------------------------------------------------------------------------------------------- setup, items

@pytest.mark.parametrize("character", ["thief", "tinker", "ranger"])
def test_setup_character_pawn_quests_items_relationships_LoR_9_3_1_to_9_3_6(character):
    """Setup (LoR-9.3): character (LoR-9.3.1), pawn, quests, items, relationships (LoR-9.3.2..9.3.6)."""
    g = table(script=Script(vagabond_forest=[3]), options={"vagabond_character": character})
    vb(g).board = None
    vagabond.setup(g, vb(g))
    b = vb(g).board
    want = {"thief": ["boot", "sword", "tea", "torch"], "tinker": ["bag", "boot", "hammer", "torch"],
            "ranger": ["boot", "crossbow", "sword", "torch"]}[character]                     # LoR-D.1..D.3
    assert b.character == character and sorted(i.kind for i in b.items) == want
    assert all(not i.exhausted and not i.damaged for i in b.items)
    assert g.pawn == ("forest", 3)                                                            # LoR-9.3.2
    assert len(b.quests) == 3 and len(b.quest_deck) == 12 and not b.quests_done               # LoR-9.3.3
    assert b.relations == {"marquise": "indifferent", "eyrie": "indifferent"}                 # LoR-9.3.6
    assert PIECES == {}                                                                       # LoR-9.2.2


def test_board_copy_shares_nothing():
    g = table(["boot"])
    b = vb(g).board
    c = b.copy()
    c.items[0].exhausted = True
    c.relations["eyrie"] = "hostile"
    c.aids["eyrie"] = 1
    assert not b.items[0].exhausted and b.relations["eyrie"] == "indifferent" and not b.aids


def test_tracks_hold_three_face_up_tea_coins_and_bags_the_rest_in_the_satchel_LoR_9_2_5():
    """Items (LoR-9.2.5): three face-up tea, coins, bags a track; the rest in the Satchel."""
    g = table(["bag"] * 4 + ["tea", "boot"])
    b = vb(g).board
    assert b.on_track("bag") == 3 and b.on_track("tea") == 1 and b.on_track("boot") == 0
    assert sorted(b.stored()) == [("bag", False, False), ("boot", False, False)]
    b.exhaust("tea")                                     # an exhausted track item goes to the Satchel
    assert b.on_track("tea") == 0 and ("tea", True, False) in b.stored()
    b.find("bag", False, False).damaged = True
    assert b.on_track("bag") == 3 and ("bag", False, True) in b.stored()


# ---------------------------------------------------------------------------------------------- Birdsong

def test_refresh_three_plus_two_per_face_up_tea_LoR_9_4_1():
    """Refresh (LoR-9.4.1): three items plus two per face-up tea."""
    g = table(["tea", "tea"] + ["boot"] * 8)
    for i in vb(g).board.items[2:]:
        i.exhausted = True
    vagabond.refresh(g, vb(g))
    assert states(g).count(("boot", True, False)) == 1          # 3 + 2 * 2 = 7 of the 8
    g = table(["boot"] * 5)
    for i in vb(g).board.items:
        i.exhausted = True
    vagabond.refresh(g, vb(g))
    assert states(g).count(("boot", True, False)) == 2          # 3 without tea


def test_refresh_asks_which_items_and_may_flip_damaged_ones_LoR_9_4_1():
    """Refresh (LoR-9.4.1): he picks the items, damaged ones too."""
    s = Script(vagabond_refresh=[("torch", True), ("sword", False), ("boot", False)])
    g = table(["boot", "sword", "torch", "hammer"], script=s)
    for i in vb(g).board.items:
        i.exhausted = True
    vb(g).board.items[2].damaged = True
    vagabond.refresh(g, vb(g))
    assert s.kinds() == ["vagabond_refresh"] * 3
    assert states(g) == [("boot", False, False), ("hammer", True, False), ("sword", False, False),
                         ("torch", False, True)]


def test_slip_to_an_adjacent_clearing_or_forest_free_even_into_hostile_warriors_LoR_9_4_2():
    """Slip (LoR-9.4.2): free, to an adjacent clearing or forest."""
    g = table(["boot"])
    assert vagabond.slip_options(g) == [("clearing", 5), ("clearing", 9), ("clearing", 10), ("forest", 0),
                                        ("forest", 1)]
    g.pawn = ("forest", 0)
    assert vagabond.slip_options(g) == [("clearing", 1), ("clearing", 2), ("clearing", 5), ("clearing", 10),
                                        ("forest", 1), ("forest", 2)]
    g = table(["boot"], script=Script(vagabond_slip=[("clearing", 5)]))
    vb(g).board.relations["eyrie"] = "hostile"
    state.place_warriors(g, "eyrie", 5, 2)
    vagabond.slip(g, vb(g))
    assert g.pawn == ("clearing", 5) and states(g) == [("boot", False, False)]


# ---------------------------------------------------------------------------------------------- Move

def test_move_exhausts_a_boot_nimble_never_into_a_forest_LoR_9_5_1_LoR_9_2_3():
    """Move (LoR-9.5.1): a boot a move, regardless of rule (LoR-9.2.3), never into a forest."""
    g = table(["boot"])
    state.place_warriors(g, "marquise", 9, 3)                   # the Marquise rules 9: nimble, no matter
    assert vagabond.move_options(g, vb(g).board) == [5, 9, 10]
    vagabond.move(g, vb(g), 9)
    assert g.pawn == ("clearing", 9) and states(g) == [("boot", True, False)]
    assert vagabond.move_options(g, vb(g).board) == []
    g = table(["boot"], at=("forest", 0))
    assert vagabond.move_options(g, vb(g).board) == [1, 2, 5, 10]


def test_an_extra_boot_into_hostile_warriors_LoR_9_2_9_III_b():
    g = table(["boot"])
    vb(g).board.relations["eyrie"] = "hostile"
    state.place_warriors(g, "eyrie", 5, 1)
    state.place_warriors(g, "marquise", 9, 1)                   # Indifferent warriors cost nothing more
    assert vagabond.move_options(g, vb(g).board) == [9, 10]
    vb(g).board.gain("boot")
    assert vagabond.move_cost(g, vb(g).board, 5) == 2 and vagabond.move_options(g, vb(g).board) == [5, 9, 10]
    vagabond.move(g, vb(g), 5)
    assert states(g) == [("boot", True, False)] * 2


def test_allied_warriors_move_along_with_him_LoR_9_2_9_II_b():
    g = table(["boot"], script=Script(vagabond_ally_move=[("eyrie", 2)]))
    vb(g).board.relations["eyrie"] = "allied"
    state.place_warriors(g, "eyrie", 1, 3)
    vagabond.move(g, vb(g), 5)
    assert g.clearings[5].warriors == {"eyrie": 2} and g.clearings[1].warriors == {"eyrie": 1}


# ---------------------------------------------------------------------------------------------- battle

def test_battle_with_swords_hostile_and_infamy_LoR_9_5_2_LoR_9_2_6_LoR_9_2_9_III():
    """Battle (LoR-9.5.2). Two undamaged swords (one face down) and a damaged one: he rolls 3 and deals 2
    (LoR-9.2.6); the first warrior makes the Marquise Hostile, the second scores 1 Infamy (LoR-9.2.9.III.a); her
    hit damages the item he picks (LoR-9.2.7)."""
    s = Script(vagabond_damage=[("boot", False)])
    g = table(["sword", "sword", "sword", "boot"], script=s, dice=(3, 1))
    vb(g).board.items[1].exhausted = True
    vb(g).board.items[2].damaged = True
    state.place_warriors(g, "marquise", 1, 3)
    assert ("battle", "marquise") in vagabond.daylight_options(g, vb(g))
    vagabond.fight(g, vb(g), "marquise")
    assert g.clearings[1].warriors == {"marquise": 1}
    assert vb(g).board.relations["marquise"] == "hostile" and vb(g).sources == {"infamy": 1}
    assert states(g) == [("boot", False, True), ("sword", False, True), ("sword", True, False),
                         ("sword", True, False)]


def test_infamy_counts_every_piece_of_a_faction_already_hostile_LoR_9_2_9_III_a():
    g = table(["sword"] * 3, dice=(3, 0))
    vb(g).board.relations["marquise"] = "hostile"
    state.place_warriors(g, "marquise", 1, 1)
    state.place_building(g, "marquise", "sawmill", 1)
    vagabond.fight(g, vb(g), "marquise")
    assert vb(g).sources == {"removal": 1, "infamy": 2}


def test_no_infamy_outside_his_turn_LoR_9_2_9_III_a():
    g = table(["sword"] * 2, dice=(2, 0))
    g.active = 0
    vb(g).board.relations["marquise"] = "hostile"
    state.place_warriors(g, "marquise", 1, 2)
    battle.battle(g, "vagabond", "marquise", 1)
    assert g.clearings[1].warriors == {} and vb(g).vp == 0


def test_defenseless_without_an_undamaged_sword_LoR_9_2_4():
    """Defenseless without an undamaged sword (LoR-9.2.4): the attacker's extra hit (LoR-4.3.3.II)."""
    g = table(["boot", "sword"], dice=(0, 0))
    vb(g).board.items[1].damaged = True
    state.place_warriors(g, "marquise", 1, 2)
    battle.battle(g, "marquise", "vagabond", 1)                 # rolls 0, 0: only the defenseless hit
    assert states(g) == [("boot", False, True), ("sword", False, True)]
    g = table(["boot", "sword"], dice=(0, 0))
    state.place_warriors(g, "marquise", 1, 2)
    battle.battle(g, "marquise", "vagabond", 1)
    assert states(g) == [("boot", False, False), ("sword", False, False)]


def test_hits_past_his_undamaged_items_are_ignored_LoR_9_2_7():
    g = table(["boot", "torch"])
    assert vb(g).board.take_hits(g, vb(g), 1, 5, "marquise") == 2
    assert all(i.damaged for i in vb(g).board.items)


def test_defending_he_makes_the_attacker_hostile_LoR_9_2_9_III():
    g = table(["sword", "sword"], dice=(2, 2))
    g.active = 0
    state.place_warriors(g, "marquise", 1, 3)
    battle.battle(g, "marquise", "vagabond", 1)
    assert g.clearings[1].warriors == {"marquise": 1} and vb(g).board.relations["marquise"] == "hostile"
    assert vb(g).vp == 0


def test_an_allys_warriors_fight_as_his_own_LoR_9_2_9_II_c_d():
    """Allied with the Eyrie, he attacks the Marquise with its three warriors as his own: up to 1 sword + 3
    rolled hits; taking two hits on Eyrie warriors and one on an item turns the Eyrie Hostile at the end
    (LoR-9.2.9.II.d), not at once (that is not his removal, LoR-9.2.9.III)."""
    s = Script(vagabond_ally=["eyrie"], vagabond_damage=[("ally", "eyrie"), ("ally", "eyrie"), ("sword", True)])
    g = table(["sword"], script=s, dice=(3, 3))
    vb(g).board.relations["eyrie"] = "allied"
    state.place_warriors(g, "eyrie", 1, 3)
    state.place_warriors(g, "marquise", 1, 3)
    vagabond.fight(g, vb(g), "marquise")
    assert g.clearings[1].warriors == {"eyrie": 1}
    assert vb(g).board.relations == {"marquise": "hostile", "eyrie": "hostile"}
    assert vb(g).sources == {"infamy": 2} and states(g) == [("sword", True, True)]
    assert vb(g).board.ally is None


def test_an_ally_that_took_fewer_hits_stays_allied_and_never_fights_itself_LoR_9_2_9_II_c_d():
    s = Script(vagabond_ally=["eyrie"], vagabond_damage=[("ally", "eyrie"), ("boot", False)])
    g = table(["sword", "boot"], script=s, dice=(2, 2))
    vb(g).board.relations["eyrie"] = "allied"
    state.place_warriors(g, "eyrie", 1, 3)
    state.place_warriors(g, "marquise", 1, 3)
    vagabond.fight(g, vb(g), "marquise")
    assert vb(g).board.relations["eyrie"] == "allied"
    s = Script()
    g = table(["sword", "sword"], script=s, dice=(0, 0))
    vb(g).board.relations["eyrie"] = "allied"
    state.place_warriors(g, "eyrie", 1, 3)
    vagabond.fight(g, vb(g), "eyrie")
    assert "vagabond_ally" not in s.kinds()


def test_full_removal_damages_three_items_LoR_9_2_2_I():
    g = table(["boot", "sword", "torch", "tea"])
    cards.favor(g, g.seat("marquise"), "fox")                  # the pawn is in fox clearing 1
    assert sum(i.damaged for i in vb(g).board.items) == 3 and g.pawn == ("clearing", 1)


# ---------------------------------------------------------------------------------------------- other actions

def test_explore_a_ruin_with_a_torch_LoR_9_5_3():
    """Explore (LoR-9.5.3): a torch takes a ruin's item, 1 VP."""
    g = table(["torch"], at=("clearing", 10))
    g.clearings[10].ruin = True
    g.ruin_items = {10: ["hammer"]}
    assert ("explore",) in vagabond.daylight_options(g, vb(g))
    vagabond.explore(g, vb(g))
    assert states(g) == [("hammer", False, False), ("torch", True, False)]
    assert vb(g).sources == {"explore": 1} and not g.clearings[10].ruin and 10 not in g.ruin_items


def test_aid_gives_a_matching_card_takes_an_item_and_climbs_the_track_LoR_9_5_4_LoR_9_2_9_I():
    """Aid (LoR-9.5.4) to a bot: the card is discarded and the bot scores 1 VP (CW-GEN-15, CW-GEN-26); one Aid
    reaches the first Allied space (1 VP), two more in a turn the second (2 VP), three in a later turn Allied (2
    VP); then 2 VP per Aid (LoR-9.2.9.II.a)."""
    s = Script(vagabond_take=["sword"])
    g = table(["boot"] * 10, script=s)
    mq = g.seat("marquise")
    mq.crafted = ["boot", "sword"]
    state.place_warriors(g, "marquise", 1, 1)
    vb(g).hand = [ROOT_TEA_FOX, BIRD_CARD, A_VISIT_TO_FRIENDS] + [ANVIL] * 8
    opts = [o for o in vagabond.daylight_options(g, vb(g)) if o[0] == "aid"]
    assert opts == [("aid", "marquise", ROOT_TEA_FOX), ("aid", "marquise", BIRD_CARD), ("aid", "marquise", ANVIL)]
    vagabond.aid(g, vb(g), "marquise", ROOT_TEA_FOX)
    assert mq.crafted == ["boot"] and ("sword", False, False) in states(g) and ROOT_TEA_FOX in g.discard
    assert mq.sources == {"aid": 1} and vb(g).board.relations["marquise"] == "allied_1" and vb(g).vp == 1
    vagabond.aid(g, vb(g), "marquise", ANVIL)
    vb(g).board.aids.clear()                                   # a new turn: the Aids toward a step restart
    vagabond.aid(g, vb(g), "marquise", ANVIL)
    vagabond.aid(g, vb(g), "marquise", ANVIL)
    assert vb(g).board.relations["marquise"] == "allied_2" and vb(g).vp == 3
    vb(g).board.aids.clear()
    for _ in range(3):
        vagabond.aid(g, vb(g), "marquise", ANVIL)
    assert vb(g).board.relations["marquise"] == "allied" and vb(g).vp == 5
    vagabond.aid(g, vb(g), "marquise", ANVIL)
    assert vb(g).vp == 7 and vb(g).sources == {"aid": 7} and mq.vp == 8


def test_aid_to_a_hostile_faction_takes_an_item_but_never_improves_LoR_9_2_9_III_c():
    g = table(["boot"])
    vb(g).board.relations["marquise"] = "hostile"
    g.seat("marquise").crafted = ["tea"]
    state.place_warriors(g, "marquise", 1, 1)
    vb(g).hand = [ROOT_TEA_FOX]
    vagabond.aid(g, vb(g), "marquise", ROOT_TEA_FOX)
    assert vb(g).board.relations["marquise"] == "hostile" and vb(g).vp == 0 and ("tea", False, False) in states(g)


def test_aid_to_a_bot_without_relationship_RT_OPEN_44():
    g = table(["boot"], options={"human_vb_aid_bot": "no_relationship"})
    state.place_warriors(g, "marquise", 1, 1)
    vb(g).hand = [ROOT_TEA_FOX]
    vagabond.aid(g, vb(g), "marquise", ROOT_TEA_FOX)
    assert vb(g).board.relations["marquise"] == "indifferent" and vb(g).vp == 0 and g.seat("marquise").vp == 1


def _quest(key):
    return next(q for q in data.load().components.quests if q.key == key)


def test_quest_exhausts_its_items_and_scores_per_quest_of_its_suit_or_draws_two_LoR_9_5_5():
    """Quest (LoR-9.5.5): its items exhausted; VP per quest of its suit, or two cards."""
    s = Script(vagabond_quest_reward=["score", "score", "draw"])
    g = table(["tea", "boot", "tea", "boot", "torch", "hammer", "torch", "tea"], script=s)
    b = vb(g).board
    b.quests = [_quest("errand_fox"), _quest("escort_mouse"), _quest("give_a_speech_fox")]
    b.quest_deck = [_quest("repair_a_shed_fox"), _quest("errand_rabbit")]
    opts = [o for o in vagabond.daylight_options(g, vb(g)) if o[0] == "quest"]
    assert opts == [("quest", "errand_fox"), ("quest", "give_a_speech_fox")]     # mouse: not in a fox clearing
    vagabond.quest(g, vb(g), "errand_fox")
    assert vb(g).vp == 1 and [q.key for q in b.quests] == ["escort_mouse", "give_a_speech_fox", "errand_rabbit"]
    vagabond.quest(g, vb(g), "give_a_speech_fox")
    assert vb(g).vp == 3 and vb(g).sources == {"quests": 3}
    b.quests.append(_quest("repair_a_shed_fox"))
    vagabond.quest(g, vb(g), "repair_a_shed_fox")
    assert vb(g).vp == 3 and len(vb(g).hand) == 2 and len(b.quests_done) == 3
    assert states(g).count(("tea", True, False)) == 2 and ("tea", False, False) in states(g)


def test_strike_a_warrior_or_else_a_building_or_token_LoR_9_5_6():
    """Strike (LoR-9.5.6): a crossbow removes a warrior, or else a building or token."""
    g = table(["crossbow", "crossbow"], at=("clearing", 5))
    state.place_warriors(g, "marquise", 5, 1)
    state.place_building(g, "marquise", "sawmill", 5)
    state.place_building(g, "eyrie", "roost", 5)
    assert vagabond.strike_options(g, 5) == [("strike", "marquise"), ("strike", "eyrie", "roost", "building")]
    vagabond.strike(g, vb(g), ("strike", "marquise"))
    assert not g.clearings[5].warriors and vb(g).board.relations["marquise"] == "hostile" and vb(g).vp == 0
    assert ("strike", "marquise", "sawmill", "building") in vagabond.strike_options(g, 5)
    vagabond.strike(g, vb(g), ("strike", "eyrie", "roost", "building"))
    assert vb(g).sources == {"removal": 1} and vb(g).board.relations["eyrie"] == "indifferent"
    assert not vb(g).board.ready("crossbow")


def test_repair_with_a_hammer_keeps_the_items_side_LoR_9_5_7():
    """Repair (LoR-9.5.7): a hammer repairs an item, which keeps its face."""
    g = table(["hammer", "boot"])
    b = vb(g).board
    b.items[1].exhausted = b.items[1].damaged = True
    assert ("repair", "boot", True) in vagabond.daylight_options(g, vb(g))
    vagabond.repair(g, vb(g), "boot", True)
    assert states(g) == [("boot", True, False), ("hammer", True, False)]


def test_craft_with_hammers_of_his_clearings_suit_LoR_9_5_8_LoR_9_2_1():
    """Craft (LoR-9.5.8) by exhausting hammers of his clearing's suit (LoR-9.2.1)."""
    g = table(["hammer", "hammer"])
    vb(g).hand = [FOXFOLK_STEEL, ANVIL, A_VISIT_TO_FRIENDS]
    opts = [o for o in vagabond.daylight_options(g, vb(g)) if o[0] == "craft"]
    assert opts == [("craft", FOXFOLK_STEEL), ("craft", ANVIL)]
    vagabond.craft(g, vb(g), FOXFOLK_STEEL)
    assert states(g) == [("hammer", True, False), ("hammer", True, False), ("sword", False, False)]
    assert vb(g).sources == {"crafting": 2} and g.items["sword"] == 1
    g = table(["hammer"], at=("clearing", 5))
    vb(g).hand = [FOXFOLK_STEEL, A_VISIT_TO_FRIENDS]
    assert [o for o in vagabond.daylight_options(g, vb(g)) if o[0] == "craft"] == [("craft", A_VISIT_TO_FRIENDS)]
    g = table(["hammer"], at=("forest", 0))
    vb(g).hand = [ANVIL]
    assert not [o for o in vagabond.daylight_options(g, vb(g)) if o[0] == "craft"]


def test_thief_steals_from_a_bot_by_drawing_LoR_D_1_CW_GEN_26():
    """Special (LoR-9.5.9): a torch for Steal (LoR-D.1); from a bot he draws from the deck."""
    g = table(["torch"])
    state.place_warriors(g, "eyrie", 1, 1)
    assert vagabond.special_options(g, vb(g), 1) == [("special", "eyrie")]
    assert vagabond.special(g, vb(g), ("special", "eyrie"))
    assert vb(g).hand == [len(g.cards) - 1] and states(g) == [("torch", True, False)]


def test_tinker_takes_a_matching_or_bird_card_from_the_discard_LoR_D_2():
    g = table(["torch"], character="tinker")
    g.discard = [A_VISIT_TO_FRIENDS, ROOT_TEA_FOX, BIRD_CARD, MOUSE_CARD]
    assert vagabond.special_options(g, vb(g), 1) == [("special", ROOT_TEA_FOX), ("special", BIRD_CARD)]
    vagabond.special(g, vb(g), ("special", BIRD_CARD))
    assert vb(g).hand == [BIRD_CARD] and g.discard == [A_VISIT_TO_FRIENDS, ROOT_TEA_FOX, MOUSE_CARD]


def test_ranger_hideout_repairs_three_and_ends_daylight_LoR_D_3():
    s = Script(vagabond_daylight=[("special",)], vagabond_repair=[("sword", False), ("boot", True)])
    g = table(["torch", "boot", "boot", "sword", "sword"], character="ranger", script=s)
    for i in vb(g).board.items[1:]:
        i.damaged = True
    vb(g).board.items[1].exhausted = True
    vagabond.daylight(g, vb(g))
    assert s.kinds().count("vagabond_daylight") == 1 and s.kinds().count("vagabond_repair") == 3
    assert sum(i.damaged for i in vb(g).board.items) == 1


# ---------------------------------------------------------------------------------------------- Evening

def test_rest_in_a_forest_repairs_everything_face_up_LoR_9_6_1():
    """Rest (LoR-9.6.1): in a forest, every damaged item is repaired."""
    g = table(["boot", "sword", "torch"], at=("forest", 2))
    for i in vb(g).board.items[:2]:
        i.damaged = i.exhausted = True
    vb(g).board.items[2].exhausted = True
    vagabond.rest(g, vb(g))
    assert states(g) == [("boot", False, False), ("sword", False, False), ("torch", True, False)]
    g = table(["boot"])
    vb(g).board.items[0].damaged = True
    vagabond.rest(g, vb(g))
    assert states(g) == [("boot", False, True)]


def test_draw_one_plus_face_up_coins_then_discard_to_five_LoR_9_6_2_LoR_9_6_3():
    """Evening: draw one plus the face-up coins (LoR-9.6.2), discard to five (LoR-9.6.3)."""
    g = table(["coins", "coins"])
    vb(g).hand = [ANVIL, ANVIL, ANVIL]
    vagabond.draw_and_discard(g, vb(g))
    assert len(vb(g).hand) == 5 and len(g.discard) == 1
    g = table(["coins", "coins"])
    vb(g).board.exhaust("coins")
    vagabond.draw_and_discard(g, vb(g))
    assert len(vb(g).hand) == 2


def test_item_limit_six_plus_two_per_bag_on_its_track_LoR_9_6_4():
    s = Script(vagabond_remove=[("sword", False, True)])
    g = table(["boot"] * 6 + ["sword", "tea"], script=s)
    vb(g).board.items[6].damaged = True
    vagabond.check_capacity(g, vb(g))                           # the tea on its track does not count
    assert s.kinds() == ["vagabond_remove"] and states(g).count(("boot", False, False)) == 6
    assert ("sword", False, True) not in states(g) and vb(g).board.lost == ["sword"]
    g = table(["boot"] * 8 + ["bag"])
    vagabond.check_capacity(g, vb(g))
    assert len(vb(g).board.items) == 9
    vb(g).board.exhaust("bag")                                  # face down: off its track, in the Satchel
    vagabond.check_capacity(g, vb(g))
    assert len(vb(g).board.items) == 6


def test_cobbler_moves_the_pawn_with_a_boot_LoR_4_1_3():
    g = table(["boot"], script=Script(cobbler=[5]))
    vb(g).persistent = [COBBLER]
    vagabond.evening(g, vb(g))
    assert g.pawn == ("clearing", 5) and ("boot", True, False) in states(g)


def test_a_whole_turn_refresh_slip_daylight_evening_LoR_9_4_to_9_6():
    """A whole turn: Birdsong (LoR-9.4), Daylight (LoR-9.5), Evening (LoR-9.6)."""
    s = Script(vagabond_slip=[("clearing", 10)], vagabond_daylight=[("explore",), PASS])
    g = table(["torch", "boot"], script=s)
    vb(g).board.items[0].exhausted = True
    g.clearings[10].ruin = True
    g.ruin_items = {10: ["sword"]}
    vagabond.turn(g, vb(g))
    assert g.pawn == ("clearing", 10) and vb(g).sources == {"explore": 1}
    assert states(g) == [("boot", False, False), ("sword", False, False), ("torch", True, False)]
    assert len(vb(g).hand) == 1


# ---------------------------------------------------------------------------------------------- whole games

@pytest.mark.parametrize("character", CHARACTERS)
def test_whole_games_against_the_three_bots_LoR_9(character):
    """The frame's setup and turn loop with the real bots and random choices: the quests add up to 15, the
    hand ends his turn at five at most, every relationship is a track space, items never exceed the box,
    and his VP come from his sources."""
    comp = data.load().components
    asked = set()
    for seed in range(4):
        opts = {o.name: o.default for o in GAME.options}
        opts.update(faction="vagabond", vagabond_character=character, turn_cap=20)
        pick = random.Random(seed)
        rng = {n: random.Random(seed * 10 + i) for i, n in enumerate(("setup", "automa", "deck", "dice"))}
        hands = []

        def check(game):
            s = game.seat("vagabond")
            b = s.board
            assert len(b.quests) + len(b.quest_deck) + len(b.quests_done) == len(comp.quests)
            assert set(b.relations.values()) <= set(comp.relations) and b.ally is None
            held = [i.kind for i in b.items] + b.lost + [k for x in game.seats for k in x.crafted]
            held += [k for stack in game.ruin_items.values() for k in stack]
            held += [k for k, n in game.items.items() for _ in range(n)] + ["torch"] * (b.scorched is not None)
            assert sorted(held) == sorted(comp.item_supply + comp.ruin_items + comp.characters[character])
            assert set(s.sources) <= {"removal", "crafting", "quests", "aid", "infamy", "explore", "card", "special"}
            assert s.vp == sum(s.sources.values())
            if game.seats[game.active] is not s:
                hands.append(len(s.hand))

        def ask(game, kind, choices):
            asked.add(kind)
            return choices[pick.randrange(len(choices))]

        g = setup.setup(data.load(), opts, rng, ask=ask)
        assert g.seat("vagabond").board.character == character and g.pawn[0] == "forest"
        rounds.play(g, at_turn=check)
        check(g)
        assert max(hands) <= vagabond.HAND_LIMIT
    assert {"vagabond_forest", "vagabond_slip", "vagabond_daylight", "vagabond_damage"} <= asked


@pytest.mark.parametrize("character", ["thief", "tinker", "ranger"])
def test_games_through_play_are_deterministic(character):
    options = {o.name: o.default for o in GAME.options}
    options.update(faction="vagabond", vagabond_character=character)
    ctx = prepare(options)
    results = []
    for _ in range(2):
        streams = game_streams(7, 0)
        results.append(play(ctx, options, RandomStrategy(streams.strategy), streams))
    assert results[0] == results[1] and sum(results[0].player.values()) >= 0


def test_no_dominance_card_reaches_him_so_no_coalition_LoR_9_2_8_CW_GEN_20():
    """A coalition needs a dominance card (LoR-9.2.8); with a human at the table they leave the deck at setup
    (CW-GEN-20), so none is ever in his hand, the deck or the discard."""
    opts = {o.name: o.default for o in GAME.options}
    opts.update(faction="vagabond")
    rng = {n: random.Random(i) for i, n in enumerate(("setup", "automa", "deck", "dice"))}
    g = setup.setup(data.load(), opts, rng, ask=lambda game, kind, choices: choices[0])
    assert not [k for k in g.deck + vb(g).hand if g.cards[k].kind == "dominance"] and not g.dominance
