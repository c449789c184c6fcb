"""The human Eyrie Dynasties (LoR-7): pieces, setup, Birdsong, crafting and Disdain for Trade, each Decree
column, turmoil, the Roosts track, the leaders, and whole games through the frame.

The Law's section 7 (the copy of README section 1) has no worked example; every test cites the rule it
checks. The Fall map (clearings by priority number): corners 1 (fox, 1 slot; adjacent 5, 9, 10) and 3
(rabbit, 1 slot) opposite, 2 (mouse, 2 slots) and 4 (rabbit, 1 slot) opposite; 5 rabbit (adjacent 1, 2),
8 fox (adjacent 4, 7), 9 mouse (adjacent 1, 4, 12), 10 rabbit (ruin; adjacent 1, 2, 12), 12 fox (ruin;
adjacent 4, 7, 9, 10, 11).
"""
import random
from types import SimpleNamespace

import pytest

from automa.root import battle, data, eyrie, state
from automa.root.battle import PASS
from automa.root.bots import common
from automa.root.eyrie import PIECES, VIZIER, Board
from automa.root.state import Seat
from tests.root.script import Dice, Script


def table(script=None, marquise=True, dice=()):
    """A Fall table with the human Eyrie (no board yet) and, if ``marquise``, a Marquise bot whose board takes
    hits the bots' way (CW-GEN-6); no pieces; the deck in id order, drawn from its end."""
    d = data.load()
    seats = [Seat("eyrie", None, dict(PIECES))]
    if marquise:
        seats.insert(0, Seat("marquise", "mechanical_marquise", {"warrior": 25, "keep": 1, "sawmill": 6,
                                                                 "workshop": 6, "recruiter": 6, "wood": 8}))
        seats[0].board = SimpleNamespace(copy=lambda: None, take_hits=common.take_hits)
    g = state.new_game(d.maps["fall"], d.deck, seats, {},
                       {"setup": random.Random(1), "automa": random.Random(2), "deck": random.Random(3),
                        "dice": Dice(*dice) if dice else random.Random(4)})
    g.ask = script or Script()
    g.deck = list(range(len(g.cards)))
    g.items = {i: 2 for i in data.ITEMS}
    return g


def bird(g):
    return g.seat("eyrie")


def ready(script=None, leader="builder", marquise=True, dice=()):
    """A table with the Eyrie's board: ``leader`` and its viziers; nothing on the map."""
    g = table(script, marquise, dice)
    bird(g).board = Board(leader=leader)
    eyrie._tuck_viziers(bird(g).board)
    return g


def card(g, key):
    return next(c.id for c in g.cards if c.key == key)


def roost(g, c):
    assert state.place_building(g, "eyrie", "roost", c)


def decree(g, **columns):
    """Put the named cards into the Decree's columns (after the viziers)."""
    for col, keys in columns.items():
        bird(g).board.decree[eyrie.DECREE.index(col)].extend(card(g, k) for k in keys)


# ---------------------------------------------------------------------------------------------- pieces, setup

def test_pieces_and_tracks_come_from_the_components_LoR_7_3_1_LoR_7_6():
    """Their pieces: 20 warriors and 7 roosts (LoR-7.3.1); the Roosts track (LoR-7.6)."""
    assert PIECES == {"warrior": 20, "roost": 7}
    assert eyrie.leaders() == {"builder": ("recruit", "move"), "charismatic": ("recruit", "battle"),
                               "commander": ("move", "battle"), "despot": ("move", "build")}


def test_setup_opposite_the_keep_leader_viziers_and_roost_track_LoR_7_3():
    """Setup (LoR-7.3): a roost and six warriors opposite the keep, the leader (LoR-7.3.3), the viziers."""
    script = Script(eyrie_leader=["despot"])
    g = table(script)
    state.place_token(g, "marquise", "keep", 1)
    eyrie.setup(g, bird(g))
    cl = g.clearings[3]                                   # the only corner opposite a start: no question
    assert "eyrie_corner" not in script.kinds()
    assert cl.buildings == [("eyrie", "roost")] and cl.warriors == {"eyrie": 6}
    b = bird(g).board
    assert script.choices("eyrie_leader") == [("builder", "charismatic", "commander", "despot")]
    assert b.leader == "despot" and b.used == []
    assert b.decree == [[], [VIZIER], [], [VIZIER]]       # Despot: move and build (LoR-7.8.4)
    assert bird(g).supply == {"warrior": 14, "roost": 6}  # six roosts on the track (LoR-7.3.5)
    assert eyrie.on_map(bird(g)) == 1


def test_setup_never_takes_a_start_corner_and_chooses_freely_without_one_LoR_7_3_2():
    """The starting corner (LoR-7.3.2): never another faction's; free without one."""
    script = Script(eyrie_corner=[4])
    g = table(script, marquise=False)
    eyrie.setup(g, bird(g))
    assert script.choices("eyrie_corner") == [(1, 2, 3, 4)]
    assert g.clearings[4].warriors == {"eyrie": 6}
    g = table()
    state.place_token(g, "marquise", "keep", 2)
    assert eyrie.start_corners(g) == [2] and eyrie.corner_options(g) == [4]
    g.clearings[4].buildings.append(("marquise", "sawmill"))   # the opposite corner is full: any other corner
    assert eyrie.corner_options(g) == [1, 3]


@pytest.mark.parametrize("leader", ["builder", "charismatic", "commander", "despot"])
def test_each_leader_tucks_the_viziers_in_its_columns_LoR_7_3_4_LoR_7_8(leader):
    """The viziers (LoR-7.3.4) go in the leader's columns (LoR-7.8)."""
    g = ready(leader=leader)
    cols = [name for name, col in zip(eyrie.DECREE, bird(g).board.decree) if col == [VIZIER]]
    assert tuple(cols) == eyrie.leaders()[leader]


def test_board_copy_shares_nothing():
    g = ready()
    b = bird(g).board
    b.activated["fox"] = 1
    b.used.append("despot")
    c = b.copy()
    c.decree[0].append(5)
    c.used.append("commander")
    c.activated["fox"] = 2
    assert b.decree == [[VIZIER], [VIZIER], [], []] and b.used == ["despot"] and b.activated == {"fox": 1}
    assert dict(b.public())["decree"][0] == ("recruit", (VIZIER,))


def test_lords_of_the_forest_rule_ties_LoR_7_2_2():
    g = ready()
    g.clearings[5].warriors.update(eyrie=1, marquise=1)
    assert state.ruler(g, 5) == "eyrie"
    g.clearings[5].warriors["marquise"] = 2
    assert state.ruler(g, 5) == "marquise"


# ---------------------------------------------------------------------------------------------- Birdsong

def test_emergency_orders_draw_only_with_an_empty_hand_LoR_7_4_1():
    """Emergency Orders (LoR-7.4.1): draw one only with an empty hand."""
    g = ready()
    eyrie.emergency_orders(g, bird(g))
    assert len(bird(g).hand) == 1
    eyrie.emergency_orders(g, bird(g))
    assert len(bird(g).hand) == 1


def test_add_one_or_two_cards_at_most_one_bird_LoR_7_4_2():
    """Add one or two cards to the Decree, at most one bird (LoR-7.4.2)."""
    g = ready(Script(eyrie_decree_add=[lambda ch: (card(g, "ambush_bird"), "battle"), PASS]))
    bird(g).hand = [card(g, "ambush_bird"), card(g, "armorers"), card(g, "anvil")]
    eyrie.add_to_decree(g, bird(g))
    first, second = g.ask.choices("eyrie_decree_add")
    assert len(first) == 12 and PASS not in first                        # the first card is a must
    assert {k for k, _ in second[:-1]} == {card(g, "anvil")} and second[-1] == PASS   # no second bird
    assert bird(g).board.decree[2] == [card(g, "ambush_bird")]
    assert bird(g).hand == [card(g, "armorers"), card(g, "anvil")]


def test_add_two_cards_to_any_columns_LoR_7_4_2():
    """Two cards added go to any columns (LoR-7.4.2)."""
    g = ready(Script(eyrie_decree_add=[lambda ch: (card(g, "anvil"), "build"), lambda ch: (card(g, "sword"), "build")]))
    fox, mouse = card(g, "anvil"), card(g, "sword")
    bird(g).hand = [fox, mouse]
    eyrie.add_to_decree(g, bird(g))
    assert bird(g).board.decree[3] == [fox, mouse] and bird(g).hand == []


def test_no_card_to_add_adds_nothing_RT_OPEN_35():
    g = ready()
    g.deck, g.discard = [], []
    eyrie.emergency_orders(g, bird(g))
    eyrie.add_to_decree(g, bird(g))
    assert bird(g).board.decree == [[VIZIER], [VIZIER], [], []]


def test_a_new_roost_in_a_clearing_with_the_fewest_warriors_LoR_7_4_3():
    g = ready(Script(eyrie_new_roost=[7]))
    state.place_token(g, "marquise", "keep", 1)
    for c in range(2, 13):
        g.clearings[c].warriors["marquise"] = 1
    del g.clearings[5].warriors["marquise"]              # no warrior in 5 and 7, but 5 is full
    del g.clearings[7].warriors["marquise"]
    g.clearings[5].buildings += [("marquise", "sawmill"), ("marquise", "workshop")]   # full
    bird(g).supply["roost"] = 7
    eyrie.new_roost(g, bird(g))
    assert g.ask.choices("eyrie_new_roost") == []         # 7 alone: 1 is the keep's, 5 is full
    assert g.clearings[7].buildings == [("eyrie", "roost")] and g.clearings[7].warriors["eyrie"] == 3
    eyrie.new_roost(g, bird(g))                           # a roost on the map: nothing
    assert eyrie.roosts(g) == [7] and bird(g).supply == {"warrior": 17, "roost": 6}


def test_a_new_roost_asks_among_the_tied_clearings_LoR_7_4_3():
    g = ready(Script(eyrie_new_roost=[9]), marquise=False)
    eyrie.new_roost(g, bird(g))
    assert g.ask.choices("eyrie_new_roost") == [(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)]
    assert g.clearings[9].warriors == {"eyrie": 3}


# ---------------------------------------------------------------------------------------------- crafting

def test_craft_with_roosts_each_once_and_items_score_one_LoR_7_2_1_LoR_7_2_3():
    """Craft (LoR-7.5.1) with roosts, each once (LoR-7.2.1); an item scores 1 VP (LoR-7.2.3)."""
    g = ready(Script(craft=[lambda ch: card(g, "anvil")]), leader="despot")
    roost(g, 1)                                           # one fox roost
    bird(g).hand = [card(g, "anvil"), card(g, "crossbow_bird")]
    eyrie.craft(g, bird(g))
    assert g.ask.choices("craft") == [(card(g, "anvil"), card(g, "crossbow_bird"), PASS)]
    assert bird(g).crafted == ["hammer"] and bird(g).vp == 1 and bird(g).sources == {"crafting": 1}  # not 2
    assert bird(g).board.activated == {"fox": 1}
    assert bird(g).hand == [card(g, "crossbow_bird")]    # the fox roost is spent this turn
    assert len(g.ask.asked) == 1


def test_the_builder_scores_the_cards_vp_LoR_7_8_1():
    """The Builder (LoR-7.8.1): items score the card's VP, not Disdain for Trade's 1."""
    g = ready(Script(craft=[lambda ch: card(g, "protection_racket")]), leader="builder")
    roost(g, 3)
    roost(g, 5)
    bird(g).hand = [card(g, "protection_racket")]
    eyrie.craft(g, bird(g))
    assert bird(g).crafted == ["coins"] and bird(g).vp == 3


def test_a_turn_activates_roosts_afresh_LoR_7_2_1():
    """Roosts are crafting pieces again each turn (LoR-7.2.1)."""
    g = ready()
    roost(g, 1)
    bird(g).board.activated = {"fox": 1}
    assert eyrie.craft_pieces(g, bird(g)) == {"fox": 0}
    eyrie.turn(g, bird(g))
    assert bird(g).board.activated == {}


# ---------------------------------------------------------------------------------------------- the Decree

def test_recruit_at_a_matching_roost_birds_are_wild_LoR_7_5_2_I():
    g = ready(Script(eyrie_recruit=[2]))
    roost(g, 1)
    roost(g, 2)
    assert eyrie.recruit_options(g, "fox") == [1] and eyrie.recruit_options(g, "bird") == [1, 2]
    assert eyrie.take_action(g, bird(g), "recruit", "bird")
    assert eyrie.take_action(g, bird(g), "recruit", "fox")
    assert g.clearings[1].warriors == {"eyrie": 1} and g.clearings[2].warriors == {"eyrie": 1}


def test_the_charismatic_recruits_two_LoR_7_8_2():
    """The Charismatic (LoR-7.8.2) recruits two warriors."""
    g = ready(leader="charismatic")
    roost(g, 1)
    assert eyrie.take_action(g, bird(g), "recruit", "fox") and g.clearings[1].warriors == {"eyrie": 2}
    bird(g).supply["warrior"] = 1                         # cannot fully recruit: one placed, then turmoil
    assert not eyrie.take_action(g, bird(g), "recruit", "bird")
    assert g.clearings[1].warriors == {"eyrie": 3}


def test_recruit_fails_without_a_matching_roost_or_warriors_LoR_7_5_2_I():
    g = ready()
    roost(g, 1)
    assert not eyrie.take_action(g, bird(g), "recruit", "mouse")
    bird(g).supply["warrior"] = 0
    assert not eyrie.take_action(g, bird(g), "recruit", "fox")


def test_move_from_a_matching_clearing_needs_rule_LoR_7_5_2_II_LoR_4_2_1():
    g = ready(Script(eyrie_move=[(9, 12, 2)]))
    g.clearings[1].warriors.update(eyrie=1, marquise=3)   # fox: ruled by neither of 1, 5 (Marquise) ...
    g.clearings[5].warriors["marquise"] = 1
    g.clearings[10].warriors["marquise"] = 1
    g.clearings[9].warriors["eyrie"] = 3                  # mouse
    assert eyrie.move_options(g, "fox") == [(1, 9, 1)]     # ... 9 is ruled by the Eyrie
    assert [m for m in eyrie.move_options(g, "mouse") if m[:2] == (9, 4)] == [(9, 4, 1), (9, 4, 2), (9, 4, 3)]
    assert all(g.clearings[o].suit == "mouse" for o, _, _ in eyrie.move_options(g, "mouse"))
    assert eyrie.take_action(g, bird(g), "move", "bird")
    assert g.clearings[12].warriors == {"eyrie": 2} and g.clearings[9].warriors == {"eyrie": 1}
    assert not eyrie.take_action(g, bird(g), "move", "rabbit")   # no Eyrie warrior in a rabbit clearing


def test_battle_in_a_matching_clearing_LoR_7_5_2_III():
    g = ready(dice=(2, 1))
    g.clearings[8].warriors.update(eyrie=2, marquise=2)
    g.clearings[9].warriors.update(eyrie=1, marquise=1)
    assert eyrie.battle_options(g, "fox") == [(8, "marquise")]
    assert eyrie.battle_options(g, "bird") == [(8, "marquise"), (9, "marquise")]
    assert not eyrie.take_action(g, bird(g), "battle", "rabbit")
    assert eyrie.take_action(g, bird(g), "battle", "fox")
    assert g.clearings[8].warriors == {"eyrie": 1}


def test_the_commander_deals_an_extra_hit_as_attacker_LoR_7_8_3():
    """The Commander (LoR-7.8.3): an extra hit in the effects step, past the roll's cap (LoR-4.3.3)."""
    g = ready(leader="commander", dice=(1, 0, 1, 0))
    g.clearings[8].warriors.update(eyrie=3, marquise=3)
    battle.battle(g, "eyrie", "marquise", 8)
    assert g.clearings[8].warriors["marquise"] == 1       # 1 rolled + 1 extra
    bird(g).board.leader = "builder"
    battle.battle(g, "eyrie", "marquise", 8)
    assert "marquise" not in g.clearings[8].warriors       # the last one: 1 rolled, no extra
    assert bird(g).board.extra_hits(g, bird(g), 8, battle.DEFENDER, "marquise") == 0


def test_the_despot_scores_one_more_for_buildings_removed_in_battle_LoR_7_8_4():
    g = ready(leader="despot", dice=(3, 0))
    g.clearings[8].warriors["eyrie"] = 3
    g.clearings[8].buildings.append(("marquise", "sawmill"))
    state.place_token(g, "marquise", "wood", 8)
    battle.battle(g, "eyrie", "marquise", 8)              # defenseless: 3 + 1 hits, two pieces
    assert bird(g).sources == {"removal": 3} and g.clearings[8].buildings == []
    g = ready(leader="builder", dice=(3, 0))
    g.clearings[8].warriors["eyrie"] = 3
    g.clearings[8].buildings.append(("marquise", "sawmill"))
    battle.battle(g, "eyrie", "marquise", 8)
    assert bird(g).sources == {"removal": 1}


def test_the_despot_scores_as_defender_too_LoR_7_8_4():
    g = ready(leader="despot", dice=(3, 2))
    g.clearings[8].warriors.update(eyrie=3, marquise=1)
    g.clearings[8].buildings.append(("marquise", "sawmill"))
    battle.battle(g, "marquise", "eyrie", 8)              # the Eyrie deal 2: the warrior and the sawmill
    assert g.clearings[8].buildings == [] and bird(g).sources == {"removal": 2}


def test_the_despot_scores_nothing_more_for_warriors_alone_LoR_7_8_4():
    g = ready(leader="despot", dice=(3, 0))
    g.clearings[8].warriors.update(eyrie=3, marquise=3)
    battle.battle(g, "eyrie", "marquise", 8)
    assert bird(g).vp == 0


def test_build_a_roost_where_the_eyrie_rule_with_no_roost_LoR_7_5_2_IV():
    g = ready(Script(eyrie_build=[12]))
    g.clearings[8].warriors.update(eyrie=1, marquise=1)   # a tie: Lords of the Forest (LoR-7.2.2)
    g.clearings[12].warriors["eyrie"] = 1                 # fox, one open slot beside its ruin
    g.clearings[1].warriors["eyrie"] = 1
    roost(g, 1)                                           # already a roost
    g.clearings[4].warriors["eyrie"] = 1                  # rabbit: no match
    assert eyrie.build_options(g, bird(g), "fox") == [8, 12]
    assert eyrie.take_action(g, bird(g), "build", "fox")
    assert g.clearings[12].buildings == [("eyrie", "roost")]
    g.clearings[8].warriors["marquise"] = 2
    assert eyrie.build_options(g, bird(g), "fox") == []
    assert not eyrie.take_action(g, bird(g), "build", "fox")


def test_build_needs_a_roost_on_the_track_and_a_slot_LoR_7_5_2_IV():
    g = ready()
    g.clearings[3].warriors["eyrie"] = 1
    g.clearings[3].buildings.append(("marquise", "sawmill"))    # its one slot is taken
    g.clearings[5].warriors["eyrie"] = 1
    assert eyrie.build_options(g, bird(g), "rabbit") == [5]
    bird(g).supply["roost"] = 0
    assert eyrie.build_options(g, bird(g), "rabbit") == []


def test_columns_resolve_left_to_right_each_card_in_the_players_order_LoR_7_5_2():
    script = Script(eyrie_decree_card=["rabbit"], eyrie_move=[(5, 2, 1), (2, 6, 1)])
    g = ready(script, leader="despot")                    # viziers in Move and Build
    g.clearings[5].warriors["eyrie"] = 1
    decree(g, move=["a_visit_to_friends"])                # Move: vizier, rabbit
    assert eyrie.resolve_decree(g, bird(g))
    assert script.kinds() == ["eyrie_decree_card", "eyrie_move", "eyrie_move"]   # Build: 6 alone
    assert script.choices("eyrie_decree_card") == [("bird", "rabbit")]
    assert g.clearings[6].warriors == {"eyrie": 1} and g.clearings[6].buildings == [("eyrie", "roost")]


def test_a_failed_action_stops_the_decree_LoR_7_5_2():
    g = ready(leader="commander")                         # viziers in Move and Battle
    g.clearings[5].warriors["eyrie"] = 2
    decree(g, build=["a_visit_to_friends"])
    assert not eyrie.resolve_decree(g, bird(g))           # Move ok, Battle has nobody to attack
    assert g.clearings[1].warriors == {"eyrie": 1}         # the first move offered
    assert not any(("eyrie", "roost") in g.clearings[c].buildings for c in range(1, 13))


# ---------------------------------------------------------------------------------------------- turmoil

def test_turmoil_humiliates_purges_deposes_LoR_7_7_1_to_7_7_3():
    """Turmoil: Humiliate (LoR-7.7.1), Purge (LoR-7.7.2), Depose (LoR-7.7.3)."""
    script = Script(eyrie_leader=["commander"])
    g = ready(script, leader="despot")
    bird(g).vp = 5
    decree(g, recruit=["ambush_bird", "anvil"], battle=["armorers"])
    cards = [card(g, "ambush_bird"), card(g, "anvil"), card(g, "armorers")]
    eyrie.turmoil(g, bird(g))
    assert bird(g).vp == 1 and bird(g).sources == {"turmoil": -4}     # two birds and the two viziers
    assert sorted(g.discard) == sorted(cards)                        # the viziers stay
    b = bird(g).board
    assert script.choices("eyrie_leader") == [("builder", "charismatic", "commander")]
    assert b.leader == "commander" and b.used == ["despot"]
    assert b.decree == [[], [VIZIER], [VIZIER], []]


def test_humiliate_stops_at_zero_RT_OPEN_32_LoR_7_7_1():
    """Humiliate (LoR-7.7.1) does not go below 0 VP by default (RT-OPEN-32)."""
    g = ready()
    bird(g).vp = 1
    eyrie.turmoil(g, bird(g))
    assert bird(g).vp == 0 and bird(g).sources == {"turmoil": -1}


def test_a_new_clutch_when_no_leader_is_face_up_LoR_7_7_3_I():
    script = Script(eyrie_leader=["despot"])
    g = ready(script, leader="commander")
    bird(g).board.used = ["builder", "charismatic", "despot"]
    eyrie.turmoil(g, bird(g))
    assert script.choices("eyrie_leader") == [("builder", "charismatic", "commander", "despot")]
    assert bird(g).board.leader == "despot" and bird(g).board.used == []


def test_turmoil_rests_the_decree_and_evening_follows_LoR_7_7_4():
    """Rest (LoR-7.7.4): after turmoil the Decree rests and Evening follows."""
    script = Script(eyrie_leader=["despot"])
    g = ready(script, leader="builder")                   # viziers in Recruit and Move
    g.clearings[5].warriors["eyrie"] = 2
    eyrie.daylight(g, bird(g))                            # no roost: Recruit fails at once
    assert bird(g).board.leader == "despot" and bird(g).board.decree == [[], [VIZIER], [], [VIZIER]]
    assert "eyrie_move" not in script.kinds()


def test_a_whole_turn_birdsong_daylight_evening_LoR_7_4_to_7_6():
    """A whole turn: Birdsong (LoR-7.4), Daylight (LoR-7.5), Evening (LoR-7.6)."""
    script = Script(eyrie_decree_add=[lambda ch: (card(g, "anvil"), "build")], eyrie_move=[(3, 6, 1)])
    g = ready(script, leader="builder", marquise=False)
    roost(g, 3)                                           # rabbit: no crafting the fox anvil
    g.clearings[3].warriors["eyrie"] = 6
    bird(g).hand = [card(g, "anvil")]
    g.deck = [card(g, "sword")]
    eyrie.turn(g, bird(g))                                # recruit in 3, move 3 -> 6, build in 6 (fox)
    assert script.kinds() == ["eyrie_decree_add", "eyrie_move"]   # the rest had one choice each
    assert g.clearings[3].warriors == {"eyrie": 6} and g.clearings[6].warriors == {"eyrie": 1}
    assert eyrie.roosts(g) == [3, 6]
    assert bird(g).board.leader == "builder"              # no turmoil
    assert bird(g).vp == 1 and bird(g).sources == {"roosts": 1}   # two roosts on the map
    assert bird(g).hand == [card(g, "sword")]


# ---------------------------------------------------------------------------------------------- Evening

@pytest.mark.parametrize("n, vp, draws", [(0, 0, 1), (1, 0, 1), (2, 1, 1), (3, 2, 2), (4, 3, 2), (5, 4, 2),
                                          (6, 4, 3), (7, 5, 3)])
def test_roost_track_vp_and_draw_bonus_LoR_7_6_1_LoR_7_6_2(n, vp, draws):
    g = ready()
    for c in (1, 2, 3, 4, 5, 7, 8)[:n]:
        roost(g, c)
    assert eyrie.on_map(bird(g)) == n
    g.deck = list(range(10))
    eyrie.evening(g, bird(g))
    assert bird(g).vp == vp and bird(g).sources.get("roosts", 0) == vp
    assert len(bird(g).hand) == draws


def test_a_removed_roost_goes_back_on_the_track_LoR_7_3_5():
    g = ready()
    roost(g, 2)
    roost(g, 5)
    state.remove_piece(g, 5, ("eyrie", "roost"), "marquise", building=True)
    assert eyrie.on_map(bird(g)) == 1 and eyrie.roost_vp(bird(g)) == 0 and bird(g).supply["roost"] == 6


def test_evening_discards_down_to_five_LoR_7_6_2():
    script = Script(discard=[lambda ch: ch[-1]])
    g = ready(script)
    bird(g).hand = [card(g, k) for k in ("anvil", "sword", "bake_sale", "investments", "cobbler")]
    g.deck = [card(g, "armorers")]
    eyrie.evening(g, bird(g))
    assert len(bird(g).hand) == 5 and card(g, "armorers") not in bird(g).hand
    assert g.discard == [card(g, "armorers")]


# ---------------------------------------------------------------------------------------------- whole games

def idle_marquise():
    """A Marquise bot that sets up (keep in corner 1, a warrior everywhere but 3, LoR-6.3) and never acts."""

    def setup(game, seat):
        seat.board = SimpleNamespace(copy=lambda: None, take_hits=common.take_hits)
        state.place_token(game, "marquise", "keep", 1)
        for c in range(1, 13):
            if c != 3:
                state.place_warriors(game, "marquise", c, 1)

    return SimpleNamespace(PIECES={"warrior": 25, "keep": 1, "sawmill": 6, "workshop": 6, "recruiter": 6,
                                   "wood": 8}, setup=setup, turn=lambda game, seat: None)


def test_whole_games_through_the_frame_keep_every_piece_LoR_1_5_1_LoR_7():
    """The frame's setup (the Marquise first, then the Eyrie, LoR-5.1.7) and turn loop with random choices:
    the pieces add up, the Decree always holds the two viziers in the leader's columns, the hand ends each
    turn at five at most, and the VP come from the Eyrie's sources."""
    from automa.root import rounds, setup
    from automa.root.options import OPTIONS

    other = idle_marquise()
    modules = lambda name: eyrie if name == "eyrie" else other   # noqa: E731
    turmoils, leaders = 0, set()
    for seed in range(6):
        opts = {o.name: o.default for o in OPTIONS}
        opts.update(faction="eyrie", bots="mechanical_marquise", turn_cap=10)
        pick = random.Random(seed)
        rng = {n: random.Random(seed * 10 + i) for i, n in enumerate(("setup", "automa", "deck", "dice"))}
        hands = []

        def check(game):
            s = game.seat("eyrie")
            on = {"warrior": 0, "roost": 0}
            for c in range(1, 13):
                cl = game.clearings[c]
                on["warrior"] += cl.warriors.get("eyrie", 0)
                on["roost"] += cl.buildings.count(("eyrie", "roost"))
                assert cl.buildings.count(("eyrie", "roost")) <= 1
            assert all(on[k] + s.supply[k] == PIECES[k] for k in PIECES), (on, s.supply)
            b = s.board
            viziers = tuple(name for name, col in zip(eyrie.DECREE, b.decree) if VIZIER in col)
            assert viziers == eyrie.leaders()[b.leader] and sum(col.count(VIZIER) for col in b.decree) == 2
            assert b.leader not in b.used
            assert set(s.sources) <= {"roosts", "crafting", "removal", "turmoil", "card"}
            leaders.add(b.leader)
            hands.append(len(s.hand))

        g = setup.setup(data.load(), opts, rng, modules,
                        ask=lambda game, kind, choices: choices[pick.randrange(len(choices))])
        assert g.clearings[3].buildings == [("eyrie", "roost")] and g.clearings[3].warriors == {"eyrie": 6}
        check(g)
        rounds.play(g, modules, at_turn=check)
        check(g)
        turmoils += g.seat("eyrie").sources.get("turmoil", 0) < 0 or bool(g.seat("eyrie").board.used)
        assert max(hands[1:]) <= 5
    assert turmoils and len(leaders) > 1
