"""The human Woodland Alliance (LoR-8): pieces, setup, the Supporters stack, Revolt, Spread Sympathy with its
costs and Martial Law, the Daylight actions, the military operations, the Evening draw, Outrage, a removed
base and Guerrilla War. The Law's section 8 has no worked examples of its own.

The Fall map (clearings by priority number): 1 fox (adjacent 5, 9, 10), 2 mouse (5, 6, 10), 4 rabbit
(8, 9, 12), 5 rabbit (1, 2), 8 fox (4, 7), 9 mouse (1, 4, 12), 10 rabbit (ruin; 1, 2, 12), 12 fox (ruin;
4, 7, 9, 10, 11).
"""
import random
from types import SimpleNamespace

import pytest

from automa.root import alliance, battle, data, movement, state
from automa.root.bots import common
from automa.root.alliance import PASS, PIECES, Board
from automa.root.state import Seat
from tests.root.script import BotBoard, Dice, Script, on_map

# card ids of the standard deck (data/deck.json in order): one of each name
FOX = (15, 18, 19, 20, 21, 27)           # anvil, foxfolk steel, knapsack, protection racket, root tea, gear
RABBIT = (28, 30, 31, 33, 39, 40)
MOUSE = (42, 44, 47, 48, 49, 52)
BIRD = (4, 5, 8, 13)                      # arms trader, birdy bindle, crossbow, woodland runners


def table(script=None, options=None, dice=()):
    """A Fall table: the human Alliance (its Board, no supporters) and a bot Marquise, Eyrie and Vagabond;
    no pieces on the map; the deck in id order (draws take the highest id first)."""
    d = data.load()
    seats = [Seat("marquise", "mechanical_marquise", {"warrior": 25, "sawmill": 6, "workshop": 6, "recruiter": 6,
                                                       "wood": 8, "keep": 1}),
             Seat("eyrie", "electric_eyrie", {"warrior": 20, "roost": 7}),
             Seat("alliance", None, dict(PIECES)),
             Seat("vagabond", "vagabot", {})]
    g = state.new_game(d.maps["fall"], d.deck, seats, options or {},
                       {"setup": random.Random(1), "automa": random.Random(2), "deck": random.Random(3),
                        "dice": Dice(*dice)})
    for s in seats:
        s.board = BotBoard() if s.bot else Board()
    g.ask = script or Script()
    g.deck = list(range(len(g.cards)))
    for item in d.components.item_supply:
        g.items[item] = g.items.get(item, 0) + 1
    return g


def al(g):
    return g.seat("alliance")


def sympathy(g, *cs):
    for c in cs:
        assert state.place_token(g, "alliance", "sympathy", c)


def supporters(g, *cards):
    al(g).board.supporters.extend(cards)


def tokens(g):
    return [c for c in range(1, 13) if alliance.sympathetic(g, c)]


# ---------------------------------------------------------------------------------------------- pieces, setup

def test_pieces_come_from_the_components_LoR_8_3_1():
    assert PIECES == {"warrior": 10, "base_fox": 1, "base_rabbit": 1, "base_mouse": 1, "sympathy": 10}


def test_setup_draws_three_supporters_and_places_nothing_LoR_8_3():
    """Setup (LoR-8.3): bases (LoR-8.3.2) and tokens (LoR-8.3.3) in the supply, three supporters (LoR-8.3.4)."""
    g = table()
    s = al(g)
    s.board = None
    alliance.setup(g, s)
    assert s.board.supporters == [53, 52, 51] and s.board.officers == 0 and s.hand == []
    assert s.supply == PIECES and not tokens(g) and not alliance.base_clearings(g)


def test_board_copy_shares_nothing():
    b = Board([1, 2], 3, {"fox": 1})
    c = b.copy()
    c.supporters.append(5)
    c.activated["fox"] = 2
    c.officers = 0
    assert b == Board([1, 2], 3, {"fox": 1})
    assert b.public() == (("supporters", 2), ("officers", 3))


# ---------------------------------------------------------------------------------------------- Revolt

def test_revolt_removes_every_enemy_and_places_base_warriors_and_an_officer_LoR_8_4_1():
    g = table()
    sympathy(g, 1, 8, 9)
    supporters(g, FOX[0], BIRD[0], RABBIT[0])
    state.place_warriors(g, "marquise", 1, 3)
    state.place_building(g, "marquise", "sawmill", 1)
    state.place_token(g, "marquise", "wood", 1)
    state.place_warriors(g, "eyrie", 1, 1)
    g.pawn = ("clearing", 1)
    assert alliance.revolt_options(g, al(g)) == [1, 8]
    alliance.revolt(g, al(g), 1)
    cl = g.clearings[1]
    assert cl.warriors == {"alliance": 2}                      # fox sympathy in 1 and 8 (LoR-8.4.1.III)
    assert cl.buildings == [("alliance", "base_fox")] and cl.tokens == [("alliance", "sympathy")]
    assert al(g).vp == 2 and al(g).sources == {"removal": 2}   # the sawmill and the wood (LoR-3.2.1)
    assert al(g).board.officers == 1 and al(g).supply["warrior"] == 7 and al(g).supply["base_fox"] == 0
    assert al(g).board.supporters == [RABBIT[0]] and g.discard == [FOX[0], BIRD[0]]
    assert g.seat("vagabond").board.full == [(1, "alliance")]  # Full Removal (LoR-9.2.2.I)
    assert g.seat("marquise").supply["warrior"] == 25 and g.seat("eyrie").supply["warrior"] == 20


def test_revolt_needs_sympathy_a_base_in_the_box_and_two_matching_supporters_LoR_8_4_1_I_II():
    g = table()
    sympathy(g, 1, 2, 4)
    supporters(g, FOX[0], MOUSE[0], MOUSE[1], RABBIT[0])
    assert alliance.revolt_options(g, al(g)) == [2]            # 1 and 4: one supporter each
    supporters(g, BIRD[0])
    assert alliance.revolt_options(g, al(g)) == [1, 2, 4]      # a bird matches any suit (LoR-2.1.1)
    al(g).supply["base_mouse"] = 0                             # the mouse base is on the map
    assert alliance.revolt_options(g, al(g)) == [1, 4]


def test_revolt_asks_which_supporters_only_when_more_match_LoR_8_4_1_II():
    script = Script(supporters=[BIRD[0]])
    g = table(script)
    sympathy(g, 5)
    supporters(g, RABBIT[0], RABBIT[1], BIRD[0])
    alliance.revolt(g, al(g), 5)
    assert script.kinds() == ["supporters"] * 2 and al(g).board.supporters == [RABBIT[1]]
    g2 = table(script := Script())
    sympathy(g2, 5)
    supporters(g2, RABBIT[0], BIRD[0], MOUSE[0])
    alliance.revolt(g2, al(g2), 5)
    assert script.asked == [] and al(g2).board.supporters == [MOUSE[0]]


def test_revolt_places_as_many_warriors_as_the_supply_holds_officer_last_LoR_1_5_4():
    """A short supply: as many warriors as it holds, the officer last (LoR-1.5.4)."""
    g = table()
    sympathy(g, 1, 8, 12)
    supporters(g, FOX[0], FOX[1])
    al(g).supply["warrior"] = 2
    alliance.revolt(g, al(g), 12)
    assert g.clearings[12].warriors == {"alliance": 2} and al(g).board.officers == 0


def test_every_clearing_of_every_map_has_a_slot_for_a_revolts_base_LoR_8_4_1_III_LoR_2_2_3():
    """revolt_options relies on it: after the revolt's removals only a ruin can fill a slot."""
    for m in data.load().maps.values():
        assert all(c.slots > c.ruin for c in m.clearings), m.name


# ---------------------------------------------------------------------------------------------- Spread Sympathy

def test_the_first_token_goes_anywhere_then_only_next_to_sympathy_LoR_8_4_2_I():
    g = table()
    supporters(g, *BIRD)
    assert alliance.spread_options(g, al(g)) == list(range(1, 13))
    sympathy(g, 1)
    assert alliance.spread_options(g, al(g)) == [5, 9, 10]


def test_spread_costs_and_scores_follow_the_track_LoR_8_4_2_II_III():
    g = table()
    comp = data.load().components
    assert comp.supporter_cost == (1, 1, 1, 2, 2, 2, 3, 3, 3, 3) and comp.sympathy_vp == (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)
    supporters(g, *BIRD, *BIRD, *BIRD, *BIRD[:3])             # 15 birds: any suit
    vps, costs = [], []
    for c in (1, 5, 2, 6, 3, 7, 8, 4, 9, 12):
        costs.append(alliance.spread_cost(g, al(g), c))
        before, left = al(g).vp, len(al(g).board.supporters)
        if costs[-1] > left:
            break
        alliance.spread(g, al(g), c)
        vps.append(al(g).vp - before)
        assert left - len(al(g).board.supporters) == costs[-1]
    assert costs == [1, 1, 1, 2, 2, 2, 3, 3, 3]                # the ninth is more than the stack has left
    assert vps == [0, 1, 1, 1, 2, 2, 3, 4] and al(g).sources == {"sympathy": 14}
    assert al(g).supply["sympathy"] == 2


def test_martial_law_costs_one_more_where_one_player_has_three_warriors_LoR_8_4_2_II_a():
    g = table()
    sympathy(g, 1)
    state.place_warriors(g, "marquise", 5, 2)
    state.place_warriors(g, "eyrie", 5, 2)
    assert not alliance.martial_law(g, 5) and alliance.spread_cost(g, al(g), 5) == 1
    state.place_warriors(g, "eyrie", 5, 1)
    assert alliance.martial_law(g, 5) and alliance.spread_cost(g, al(g), 5) == 2
    supporters(g, RABBIT[0])
    assert 5 not in alliance.spread_options(g, al(g))
    supporters(g, BIRD[0])
    assert 5 in alliance.spread_options(g, al(g))
    state.place_warriors(g, "alliance", 9, 4)
    assert not alliance.martial_law(g, 9)                      # its own warriors never count


def test_no_sympathy_in_the_keeps_clearing_LoR_6_2_2():
    g = table()
    state.place_token(g, "marquise", "keep", 1)
    supporters(g, *BIRD)
    assert 1 not in alliance.spread_options(g, al(g))


def test_no_spread_with_the_track_empty_LoR_8_2_5():
    g = table()
    supporters(g, *BIRD)
    al(g).supply["sympathy"] = 0
    assert alliance.spread_options(g, al(g)) == []


def test_birdsong_revolts_first_then_spreads_LoR_8_4():
    """Birdsong (LoR-8.4): revolt first, then spread sympathy."""
    script = Script(alliance_revolt=[1, PASS], alliance_spread=[5, PASS])
    g = table(script)
    sympathy(g, 1)
    supporters(g, FOX[0], FOX[1], RABBIT[0], RABBIT[1], RABBIT[2])
    alliance.birdsong(g, al(g))
    assert script.kinds() == ["alliance_revolt", "alliance_spread", "supporters", "alliance_spread"]
    assert script.asked[0][1] == (1, PASS)
    assert tokens(g) == [1, 5] and alliance.base_clearings(g) == [1]


# ---------------------------------------------------------------------------------------------- supporters

def test_mobilize_adds_to_the_stack_up_to_five_without_a_base_LoR_8_5_2_LoR_8_2_3_I():
    """Mobilize (LoR-8.5.2): a card to the Supporters, five at most without a base (LoR-8.2.3.I)."""
    g = table()
    s = al(g)
    s.hand = [FOX[0], FOX[1]]
    supporters(g, *MOUSE[:4])
    alliance.mobilize(g, s, FOX[0])
    assert s.board.supporters[-1] == FOX[0] and s.hand == [FOX[1]]
    alliance.mobilize(g, s, FOX[1])
    assert len(s.board.supporters) == 5 and g.discard == [FOX[1]] and s.hand == []


def test_with_a_base_on_the_map_the_stack_has_no_limit_LoR_8_2_3_I():
    g = table()
    s = al(g)
    state.place_building(g, "alliance", "base_mouse", 2)
    supporters(g, *MOUSE, *RABBIT)
    s.hand = [FOX[0]]
    alliance.mobilize(g, s, FOX[0])
    assert len(s.board.supporters) == 13


def test_train_spends_a_card_matching_a_base_on_the_map_LoR_8_5_3():
    g = table()
    s = al(g)
    s.hand = [FOX[0], MOUSE[0], BIRD[0]]
    assert [o for o in alliance.daylight_options(g, s) if o[0] == "train"] == []
    state.place_building(g, "alliance", "base_mouse", 2)
    assert [o for o in alliance.daylight_options(g, s) if o[0] == "train"] == [("train", MOUSE[0]),
                                                                                ("train", BIRD[0])]
    alliance.train(g, s, MOUSE[0])
    assert s.board.officers == 1 and s.supply["warrior"] == 9 and g.discard == [MOUSE[0]]
    s.supply["warrior"] = 0
    assert [o for o in alliance.daylight_options(g, s) if o[0] == "train"] == []


def test_crafting_activates_each_sympathy_token_once_a_turn_LoR_8_2_1_LoR_8_5_1():
    """Sympathy tokens are its crafting pieces (LoR-8.2.1), each once a turn; craft in Daylight (LoR-8.5.1)."""
    g = table()
    s = al(g)
    sympathy(g, 1, 8, 2)
    s.hand = [FOX[1], FOX[0], MOUSE[4]]                       # foxfolk steel (fox, fox), anvil (fox), root tea (mouse)
    assert alliance.crafting_pieces(g, s) == {"fox": 2, "rabbit": 0, "mouse": 1}
    assert [o for o in alliance.daylight_options(g, s) if o[0] == "craft"] == [
        ("craft", FOX[1]), ("craft", FOX[0]), ("craft", MOUSE[4])]
    alliance.craft(g, s, FOX[1])
    assert s.crafted == ["sword"] and s.vp == 2 and s.sources == {"crafting": 2}
    assert s.board.activated == {"fox": 2, "rabbit": 0, "mouse": 0}
    assert [o for o in alliance.daylight_options(g, s) if o[0] == "craft"] == [("craft", MOUSE[4])]
    s.board.activated.clear()                                  # a new turn (turn() clears it)
    assert ("craft", FOX[0]) in alliance.daylight_options(g, s)


def test_daylight_takes_actions_in_any_order_until_it_passes_LoR_8_5():
    """Daylight (LoR-8.5): craft, mobilize, train in any order until it passes."""
    script = Script(alliance_daylight=[("mobilize", FOX[0]), ("train", MOUSE[0]), PASS])
    g = table(script)
    s = al(g)
    state.place_building(g, "alliance", "base_mouse", 2)
    s.hand = [FOX[0], MOUSE[0], RABBIT[0]]
    alliance.daylight(g, s)
    assert s.hand == [RABBIT[0]] and s.board.supporters == [FOX[0]] and s.board.officers == 1
    assert script.kinds() == ["alliance_daylight"] * 3


# ---------------------------------------------------------------------------------------------- Evening

def test_operations_are_one_per_officer_LoR_8_6_1():
    """Evening operations (LoR-8.6.1): one per officer."""
    script = Script()
    g = table(script)
    s = al(g)
    state.place_building(g, "alliance", "base_fox", 1)
    s.board.officers = 2
    s.supply["warrior"] -= 2
    alliance.operations(g, s)
    assert script.kinds() == ["alliance_operation"] * 2      # more were possible: a third move
    assert g.clearings[5].warriors == {"alliance": 1}          # recruited at the base, then moved on


def test_operation_choices_move_battle_recruit_organize_LoR_8_6_1():
    """The operations offered (LoR-8.6.1): move, battle, recruit, organize."""
    g = table()
    s = al(g)
    state.place_building(g, "alliance", "base_fox", 1)
    state.place_warriors(g, "alliance", 1, 2)
    state.place_warriors(g, "eyrie", 1, 1)
    sympathy(g, 5)
    state.place_warriors(g, "alliance", 5, 1)
    options = alliance.operation_options(g, s)
    assert options == [("move", 1, 5, 1), ("move", 1, 5, 2), ("move", 1, 9, 1), ("move", 1, 9, 2),
                       ("move", 1, 10, 1), ("move", 1, 10, 2), ("move", 5, 1, 1), ("move", 5, 2, 1),
                       ("battle", 1, "eyrie"), ("recruit", 1), ("organize", 1)]


def test_move_battle_recruit_and_organize_do_their_work_LoR_8_6_1_I_IV():
    """Each operation does its work (LoR-8.6.1.I-IV)."""
    script = Script(alliance_operation=[("move", 1, 9, 2), ("organize", 9), ("recruit", 1),
                                        ("battle", 1, "eyrie")])
    g = table(script, dice=(2, 0))
    s = al(g)
    state.place_building(g, "alliance", "base_fox", 1)
    state.place_warriors(g, "alliance", 1, 3)
    state.place_warriors(g, "eyrie", 1, 1)
    sympathy(g, 1)
    s.board.officers = 4
    s.supply["warrior"] -= 4
    alliance.operations(g, s)
    assert g.clearings[9].warriors == {"alliance": 1} and alliance.sympathetic(g, 9)
    assert s.vp == 1 and s.sources == {"sympathy": 1}           # the second token uncovers 1 VP
    assert g.clearings[1].warriors == {"alliance": 2}          # 1 left + 1 recruited; the Eyrie warrior gone
    assert s.supply["warrior"] == 10 - 4 - 3 - 1 + 1


def test_evening_draws_one_plus_a_card_per_base_and_discards_to_five_LoR_8_6_2():
    """Evening (LoR-8.6): operations, then draw one plus one per base and discard to five."""
    script = Script(discard=[FOX[0]])
    g = table(script)
    s = al(g)
    assert alliance.evening_draw(s) == 1
    state.place_building(g, "alliance", "base_fox", 1)
    state.place_building(g, "alliance", "base_mouse", 2)
    assert alliance.evening_draw(s) == 3
    s.hand = [FOX[0], FOX[1], MOUSE[0]]
    supporters(g, *RABBIT)                                     # supporters do not count (LoR-8.2.3)
    alliance.draw_and_discard(g, s)
    assert s.hand == [FOX[1], MOUSE[0], 53, 52, 51] and g.discard == [FOX[0]]


def test_a_turn_resets_crafting_and_runs_the_three_phases_LoR_1_4_1():
    script = Script(alliance_spread=[PASS], alliance_daylight=[PASS])
    g = table(script)
    s = al(g)
    s.board.activated = {"fox": 1}
    sympathy(g, 1)
    supporters(g, RABBIT[0])
    s.hand = [FOX[0]]
    alliance.turn(g, s)
    assert s.board.activated == {} and s.hand == [FOX[0], 53]
    assert script.kinds() == ["alliance_spread", "alliance_daylight"]


def test_a_fulfilled_dominance_wins_as_birdsong_begins_LoR_3_3_1():
    script = Script()
    g = table(script)
    s = al(g)
    s.dominance = 16                                           # the fox dominance card
    for c in (1, 8, 12):                                       # three fox clearings ruled
        state.place_warriors(g, "alliance", c, 1)
    with pytest.raises(state.Victory) as won:
        alliance.turn(g, s)
    assert won.value.how == "dominance" and script.asked == []


# ---------------------------------------------------------------------------------------------- Outrage

def test_outrage_a_bot_moving_into_sympathy_gives_the_alliance_a_supporter_LoR_8_2_6_CW_GEN_25():
    g = table()
    sympathy(g, 5)
    state.place_warriors(g, "marquise", 1, 3)
    movement.move(g, "marquise", 1, 5, 2)
    assert al(g).board.supporters == [53] and g.deck[-1] == 52
    movement.move(g, "marquise", 1, 9, 1)                      # unsympathetic: nothing
    state.place_warriors(g, "alliance", 1, 1)
    movement.move(g, "alliance", 1, 5, 1)                      # its own warriors: nothing
    assert al(g).board.supporters == [53]


def test_outrage_a_bot_removing_sympathy_gives_the_alliance_a_supporter_LoR_8_2_6_CW_GEN_25():
    g = table()
    sympathy(g, 5, 1)
    state.remove_piece(g, 5, ("alliance", "sympathy"), "eyrie", building=False)
    assert al(g).board.supporters == [53] and g.seat("eyrie").vp == 1 and al(g).supply["sympathy"] == 9
    state.remove_piece(g, 1, ("alliance", "sympathy"), None, building=False)   # no player: no Outrage
    assert al(g).board.supporters == [53]


def test_outrage_in_battle_removes_the_token_and_gives_a_supporter_LoR_8_2_6():
    g = table(dice=(3, 0))
    sympathy(g, 5)
    state.place_warriors(g, "marquise", 5, 1)
    battle.battle(g, "marquise", "alliance", 5)
    assert not alliance.sympathetic(g, 5) and al(g).board.supporters == [53]


def test_outrage_into_a_full_stack_discards_the_card_LoR_8_2_3_I():
    g = table()
    sympathy(g, 5)
    supporters(g, *MOUSE[:5])
    state.place_warriors(g, "marquise", 1, 1)
    movement.move(g, "marquise", 1, 5, 1)
    assert len(al(g).board.supporters) == 5 and g.discard == [53]


def test_no_outrage_from_a_bot_with_the_option_RT_OPEN_50():
    g = table(options={"outrage_by_bot": "none"})
    sympathy(g, 5)
    state.place_warriors(g, "marquise", 1, 1)
    movement.move(g, "marquise", 1, 5, 1)
    state.remove_piece(g, 5, ("alliance", "sympathy"), "eyrie", building=False)
    assert al(g).board.supporters == [] and len(g.deck) == 54


# ---------------------------------------------------------------------------------------------- a base removed

def test_a_removed_base_costs_its_suits_supporters_and_half_the_officers_LoR_8_2_4():
    g = table()
    s = al(g)
    state.place_building(g, "alliance", "base_fox", 1)
    state.place_building(g, "alliance", "base_mouse", 2)
    supporters(g, FOX[0], BIRD[0], MOUSE[0], FOX[1], RABBIT[0])
    s.board.officers = 3
    s.supply["warrior"] -= 3
    state.remove_piece(g, 1, ("alliance", "base_fox"), "eyrie", building=True)
    assert s.board.supporters == [MOUSE[0], RABBIT[0]] and g.discard == [FOX[0], BIRD[0], FOX[1]]
    assert s.board.officers == 1 and s.supply["warrior"] == 9 and s.supply["base_fox"] == 1
    assert g.seat("eyrie").vp == 1                              # LoR-3.2.1


def test_losing_the_last_base_cuts_the_stack_to_five_LoR_8_2_4():
    script = Script(supporters_discard=[RABBIT[1], RABBIT[2]])
    g = table(script)
    s = al(g)
    state.place_building(g, "alliance", "base_fox", 1)
    supporters(g, FOX[0], *RABBIT, MOUSE[0])
    s.board.officers = 1
    s.supply["warrior"] -= 1
    state.remove_piece(g, 1, ("alliance", "base_fox"), "marquise", building=True)
    assert s.board.supporters == [RABBIT[0], RABBIT[3], RABBIT[4], RABBIT[5], MOUSE[0]]
    assert s.board.officers == 0 and s.supply["warrior"] == 10
    assert script.kinds() == ["supporters_discard"] * 2


def test_a_revolt_can_place_a_removed_base_again_LoR_8_4_1_I():
    g = table()
    sympathy(g, 1)
    state.place_building(g, "alliance", "base_fox", 1)
    supporters(g, FOX[0], FOX[1])
    assert alliance.revolt_options(g, al(g)) == []
    state.remove_piece(g, 1, ("alliance", "base_fox"), "eyrie", building=True)
    supporters(g, FOX[2], FOX[3])
    assert alliance.revolt_options(g, al(g)) == [1]


# ---------------------------------------------------------------------------------------------- Guerrilla War

@pytest.mark.parametrize("faces", [(3, 1), (1, 3)])
def test_guerrilla_war_the_alliance_defending_deals_the_higher_roll_LoR_8_2_2(faces):
    g = table(dice=faces)
    state.place_warriors(g, "alliance", 5, 3)
    state.place_warriors(g, "eyrie", 5, 3)
    result = battle.battle(g, "eyrie", "alliance", 5)
    assert result.dealt == [1, 3]
    assert g.clearings[5].warriors == {"alliance": 2}          # the attacker dealt the lower roll


def test_attacking_the_alliance_deals_the_higher_roll_as_usual_LoR_4_3_2():
    """Attacking the Alliance: the attacker deals the higher roll as usual (LoR-4.3.2)."""
    g = table(dice=(3, 1))
    state.place_warriors(g, "alliance", 5, 3)
    state.place_warriors(g, "eyrie", 5, 3)
    result = battle.battle(g, "alliance", "eyrie", 5)
    assert result.dealt == [3, 1]


def test_the_alliances_hits_take_warriors_then_its_choice_of_pieces_LoR_4_3_4_LoR_8_2_4():
    """Hits (LoR-4.3.4): warriors first, then the pieces the player orders; a base's loss (LoR-8.2.4)."""
    script = Script(hits_order=[("base_fox", "building")])
    g = table(script, dice=(3, 3))
    s = al(g)
    sympathy(g, 1)
    state.place_building(g, "alliance", "base_fox", 1)
    state.place_warriors(g, "alliance", 1, 1)
    state.place_warriors(g, "marquise", 1, 3)
    s.board.officers = 2
    s.supply["warrior"] -= 2
    battle.battle(g, "marquise", "alliance", 1)
    assert alliance.base_clearings(g) == [] and not alliance.sympathetic(g, 1)
    assert s.board.officers == 1 and g.seat("marquise").vp == 2
    assert s.board.supporters == [53]                          # Outrage for the token; the fox base took none


# ---------------------------------------------------------------------------------------------- whole games

class Raider:
    """A stand-in bot board: takes hits as the bots do (CW-GEN-6)."""

    __slots__ = ()

    def copy(self):
        return Raider()

    def take_hits(self, game, seat, c, hits, by):
        return common.take_hits(game, seat, c, hits, by)


def raider():
    """A stand-in bot module: two warriors in every clearing at setup; each turn two more in a random
    clearing, one random move and one random battle against the Alliance, from the automa stream."""

    def setup_(game, seat):
        seat.board = Raider()
        for c in range(1, 13):
            state.place_warriors(game, seat.faction, c, 1)

    def turn(game, seat):
        rng = game.rng["automa"]
        state.place_warriors(game, seat.faction, rng.randrange(1, 13), 2)
        moves = movement.moves(game, seat.faction)
        if moves:
            o, d, n = moves[rng.randrange(len(moves))]
            movement.move(game, seat.faction, o, d, rng.randint(1, n))
        fights = [c for c, f in battle.battles(game, seat.faction) if f == "alliance"]
        if fights:
            battle.battle(game, seat.faction, "alliance", fights[rng.randrange(len(fights))])

    return SimpleNamespace(PIECES={"warrior": 20}, setup=setup_, turn=turn)


class Events:
    def __init__(self):
        self.kinds = set()

    def event(self, kind, **fields):
        self.kinds.add(kind)


def test_whole_games_through_the_frame_keep_every_piece_LoR_1_5_1_LoR_8_2_3():
    """The frame's setup and turn loop, random choices, a bot that moves in and attacks: the pieces add up
    (officers are warriors, LoR-8.3.1), the VP are the Alliance's sources, the hand ends each Alliance turn at
    five at most, the stack at five at most without a base; revolts, Outrage and lost bases all happen."""
    from automa.root import rounds, setup
    from automa.root.options import OPTIONS

    bot = raider()
    modules = lambda name: alliance if name == "alliance" else bot   # noqa: E731
    trace = Events()
    for seed in range(6):
        opts = {o.name: o.default for o in OPTIONS}
        opts.update(faction="alliance", bots="electric_eyrie", turn_cap=15)
        pick = random.Random(seed)
        rng = {n: random.Random(seed * 10 + i) for i, n in enumerate(("setup", "automa", "deck", "dice"))}

        def check(game):
            s = game.seat("alliance")
            on = on_map(game, "alliance")
            on["warrior"] += s.board.officers
            assert all(on.get(k, 0) + s.supply[k] == PIECES[k] for k in PIECES), (on, s.supply)
            assert s.vp == sum(s.sources.values()) and set(s.sources) <= {"sympathy", "removal", "crafting", "card"}
            assert alliance.bases_on_map(s) or len(s.board.supporters) <= 5
            if game.turn > 1 and game.seats[game.active - 1] is s:
                assert len(s.hand) <= 5

        g = setup.setup(data.load(), opts, rng, modules, trace=trace,
                        ask=lambda game, kind, choices: choices[pick.randrange(len(choices))])
        assert len(g.seat("alliance").board.supporters) == 3 and len(g.seat("alliance").hand) == 3
        check(g)
        rounds.play(g, modules, at_turn=check)
        check(g)
    assert {"revolt", "outrage", "base_removed", "train", "mobilize", "craft"} <= trace.kinds
