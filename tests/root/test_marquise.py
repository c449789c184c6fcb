"""The human Marquise de Cat (LoR-6): pieces, setup, the keep, Field Hospitals, Birdsong, crafting with
workshops, the Daylight actions (battle among them), building costs and VP by the tracks, wood
connectivity, the Evening draw, the persistent cards' points in her turn and dominance (LoR-3.3).

The Fall map (clearings by priority number): corners 1 (fox, 1 slot; adjacent 5, 9, 10) and 3 opposite,
2 and 4 opposite; 5 rabbit (adjacent 1, 2), 9 mouse (adjacent 1, 4, 12), 10 rabbit (ruin; adjacent
1, 2, 12), 12 fox (ruin; adjacent 4, 7, 9, 10, 11).
"""
import random

import pytest

from automa.root import battle, cards, data, marquise, state
from automa.root.bots.electric_eyrie import ElectricEyrieBoard
from automa.root.marquise import PASS, PIECES, Board
from automa.root.state import Seat
from tests.root.script import Dice, Script, on_map


def table(script=None, options=None):
    """A Fall table with the human Marquise and a bot Eyrie; no pieces yet."""
    d = data.load()
    seats = [Seat("marquise", None, dict(PIECES)), Seat("eyrie", "electric_eyrie", {"warrior": 20, "roost": 7})]
    g = state.new_game(d.maps["fall"], d.deck, seats, options or {},
                       {"setup": random.Random(1), "automa": random.Random(2), "deck": random.Random(3),
                        "dice": random.Random(4)})
    g.ask = script or Script()
    g.deck = list(range(len(g.cards)))
    return g


def cat(g):
    return g.seat("marquise")


def bare(script=None, keep=1):
    """A table with a Board and the keep in ``keep``, nothing else on the map."""
    g = table(script)
    cat(g).board = Board(keep=keep)
    state.place_token(g, "marquise", "keep", keep)
    return g


def card(g, key):
    return next(c.id for c in g.cards if c.key == key)


def wood(g, c):
    return sum(1 for f, t in g.clearings[c].tokens if f == "marquise" and t == "wood")


# ---------------------------------------------------------------------------------------------- pieces, setup

def test_pieces_come_from_the_components_LoR_6_3_1():
    """Her pieces: 25 warriors, 8 wood, the keep and 6 of each building (LoR-6.3.1)."""
    assert PIECES == {"warrior": 25, "wood": 8, "keep": 1, "sawmill": 6, "workshop": 6, "recruiter": 6}


def test_setup_keep_garrison_and_starting_buildings_LoR_6_3():
    """Setup (LoR-6.3): the keep in the corner she picks (LoR-6.3.2), the garrison, the buildings."""
    script = Script(setup_keep=[4], setup_building=[("recruiter", 4), ("sawmill", 9), ("workshop", 8)])
    g = table(script)
    marquise.setup(g, cat(g))
    assert script.asked[0] == ("setup_keep", (1, 2, 3, 4))
    assert marquise.keep_clearing(g) == 4 and cat(g).board.keep == 4
    # LoR-6.3.3: a warrior everywhere but the corner opposite the keep (2)
    assert [g.clearings[c].warriors.get("marquise", 0) for c in range(1, 13)] == [1, 0] + [1] * 10
    # LoR-6.3.4: only the keep's clearing and its neighbours (8, 9, 12), where a slot is open
    kind, choices = script.asked[1]
    assert kind == "setup_building" and {c for _, c in choices} == {4, 8, 9, 12}
    assert g.clearings[4].buildings == [("marquise", "recruiter")]
    assert g.clearings[9].buildings == [("marquise", "sawmill")] and g.clearings[8].buildings == [("marquise", "workshop")]
    # the corner's single slot is filled: the later choices leave it out
    assert all(c != 4 for _, c in script.asked[2][1])
    # LoR-6.3.5: five of each building left on its track, and the supply otherwise whole
    s = cat(g).supply
    assert (s["sawmill"], s["workshop"], s["recruiter"], s["keep"], s["wood"], s["warrior"]) == (5, 5, 5, 0, 8, 14)


def test_starting_buildings_may_share_a_clearing_LoR_6_3_4():
    script = Script(setup_keep=[1], setup_building=[("sawmill", 5), ("workshop", 5), ("recruiter", 9)])
    g = table(script)
    marquise.setup(g, cat(g))
    assert sorted(g.clearings[5].buildings) == [("marquise", "sawmill"), ("marquise", "workshop")]
    assert g.clearings[3].warriors == {}


def test_board_copy_shares_nothing():
    b = Board(keep=3, recruited=True)
    c = b.copy()
    c.keep = None
    assert b.keep == 3 and c.recruited and c is not b
    assert c.public() == (("keep", None), ("recruited", True))


# ---------------------------------------------------------------------------------------------- the keep

def test_only_the_marquise_places_in_the_keeps_clearing_LoR_6_2_2():
    g = bare(keep=1)
    assert state.may_place(g, "marquise", 1)
    assert not state.may_place(g, "eyrie", 1) and not state.may_place(g, "vagabond", 1)
    assert state.may_place(g, "eyrie", 5)


def test_a_removed_keep_leaves_the_game_and_lifts_the_ban_LoR_6_2_2():
    g = bare(keep=1)
    state.remove_piece(g, 1, ("marquise", "keep"), "eyrie", building=False)
    assert cat(g).board.keep is None and cat(g).out == {"keep": 1} and cat(g).supply["keep"] == 0
    assert g.seat("eyrie").vp == 1
    assert state.may_place(g, "eyrie", 1) and marquise.keep_clearing(g) is None


# ---------------------------------------------------------------------------------------------- field hospitals

def test_field_hospitals_spend_a_matching_card_to_return_the_warriors_LoR_6_2_3():
    g = bare(Script(field_hospitals=[lambda ch: ch[0]]), keep=1)
    rabbit, mouse = card(g, "bake_sale"), card(g, "investments")
    cat(g).hand = [mouse, rabbit]
    state.place_warriors(g, "marquise", 5, 3)
    state.remove_warriors(g, "marquise", 5, 3)               # clearing 5 is a rabbit clearing
    marquise.field_hospitals(g, cat(g), 5, 3)
    assert g.ask.asked == [("field_hospitals", (rabbit, PASS))]
    assert g.clearings[1].warriors == {"marquise": 3} and cat(g).hand == [mouse] and g.discard == [rabbit]


def test_field_hospitals_take_a_bird_as_any_suit_and_may_be_declined_LoR_6_2_3_LoR_2_1_1():
    g = bare(Script(field_hospitals=[PASS]), keep=1)
    bird = card(g, "sappers")
    cat(g).hand = [bird]
    state.place_warriors(g, "marquise", 9, 2)
    state.remove_warriors(g, "marquise", 9, 2)
    marquise.field_hospitals(g, cat(g), 9, 2)
    assert g.ask.asked == [("field_hospitals", (bird, PASS))]
    assert g.clearings[1].warriors == {} and cat(g).hand == [bird] and cat(g).supply["warrior"] == 25


def test_no_field_hospitals_without_the_keep_or_a_matching_card_LoR_6_2_3():
    g = bare(keep=1)
    cat(g).hand = [card(g, "investments")]                   # mouse; clearing 5 is rabbit
    marquise.field_hospitals(g, cat(g), 5, 2)
    assert g.ask.asked == []
    cat(g).hand = [card(g, "bake_sale")]
    cat(g).board.keep = None
    marquise.field_hospitals(g, cat(g), 5, 2)
    assert g.ask.asked == [] and g.clearings[1].warriors == {}


# ---------------------------------------------------------------------------------------------- Birdsong

def test_birdsong_places_one_wood_per_sawmill_LoR_6_4():
    """Birdsong: one wood at each sawmill (LoR-6.4)."""
    g = bare(keep=1)
    for c in (5, 5, 9):
        state.place_building(g, "marquise", "sawmill", c)
    marquise.place_wood(g, cat(g))
    assert (wood(g, 5), wood(g, 9), cat(g).supply["wood"]) == (2, 1, 5)


def test_birdsong_with_too_little_wood_lets_her_choose_LoR_6_4_LoR_1_5_4():
    """Too little wood: as much as she can, where she chooses (LoR-6.4, LoR-1.5.4)."""
    g = bare(Script(birdsong_wood=[9]), keep=1)
    for c in (5, 9):
        state.place_building(g, "marquise", "sawmill", c)
    cat(g).supply["wood"] = 1
    marquise.place_wood(g, cat(g))
    assert g.ask.asked == [("birdsong_wood", (5, 9))]
    assert (wood(g, 5), wood(g, 9), cat(g).supply["wood"]) == (0, 1, 0)


# ---------------------------------------------------------------------------------------------- build

def test_build_costs_and_vp_follow_the_tracks_LoR_6_5_4():
    comp = data.load().components
    assert comp.wood_cost == (0, 1, 2, 3, 3, 4)
    g = bare(keep=1)
    seat = cat(g)
    state.place_warriors(g, "marquise", 12, 6)
    for _ in range(8):
        state.place_token(g, "marquise", "wood", 12)
    seat.supply["workshop"] = 5                              # the starting workshop is elsewhere
    assert marquise.build_cost(seat, "workshop") == 1
    marquise.build(g, seat, 12, "workshop")                  # the 2nd workshop: 1 wood, 2 VP
    assert (seat.vp, wood(g, 12), seat.supply["workshop"]) == (2, 7, 4)
    assert marquise.build_cost(seat, "workshop") == 2
    marquise.build(g, seat, 12, "sawmill")                   # the 1st sawmill: free, 0 VP (space 1 is blank)
    assert (seat.vp, wood(g, 12)) == (2, 7) and seat.sources == {"buildings": 2}
    assert g.clearings[12].open_slots == 0


def test_every_track_scores_its_uncovered_space_LoR_6_5_4_III():
    comp = data.load().components
    for kind in marquise.BUILDINGS:
        g = bare(keep=1)
        seat = cat(g)
        seat.supply["wood"] = 20                             # more than the box: enough for the whole track
        for c in range(2, 12):
            state.place_warriors(g, "marquise", c, 2)
            for _ in range(2):
                state.place_token(g, "marquise", "wood", c)
        got = []
        for c in (5, 6, 7, 8, 9, 11):
            before = seat.vp
            marquise.build(g, seat, c, kind)
            got.append(seat.vp - before)
        assert tuple(got) == comp.building_vp[kind] and seat.supply[kind] == 0
        assert seat.sources["buildings"] == sum(comp.building_vp[kind])


def test_wood_comes_only_through_ruled_clearings_LoR_6_5_4_II():
    g = bare(keep=1)
    seat = cat(g)
    # 1 - 9 - 12 - 10: she rules 1, 9 and 12; 10 is ruled by the Eyrie
    for c in (1, 9, 12):
        state.place_warriors(g, "marquise", c, 1)
    state.place_warriors(g, "eyrie", 10, 2)
    state.place_token(g, "marquise", "wood", 12)
    state.place_token(g, "marquise", "wood", 10)
    assert marquise.connected_wood(g, 1) == [12]
    state.place_warriors(g, "eyrie", 9, 1)                   # a tie in 9: nobody rules, the chain breaks
    assert marquise.connected_wood(g, 1) == []
    assert marquise.connected_wood(g, 12) == [12]


def test_build_needs_rule_an_open_slot_and_the_wood_LoR_6_5_4_I():
    g = bare(keep=1)
    seat = cat(g)
    seat.supply.update(sawmill=5, workshop=5, recruiter=5)   # every next building costs 1
    state.place_warriors(g, "marquise", 1, 1)
    state.place_warriors(g, "marquise", 5, 1)
    state.place_warriors(g, "marquise", 9, 1)
    state.place_warriors(g, "eyrie", 9, 2)
    assert marquise.build_options(g, seat) == []             # no wood anywhere
    state.place_token(g, "marquise", "wood", 5)
    opts = marquise.build_options(g, seat)
    assert {c for _, c, _ in opts} == {1, 5}                 # not 9: the Eyrie rule it
    g.clearings[1].buildings.append(("eyrie", "roost"))    # 1's only slot taken (and a tie: no rule)
    assert {c for _, c, _ in marquise.build_options(g, seat)} == {5}
    seat.supply["sawmill"] = 0
    assert ("build", 5, "sawmill") not in marquise.build_options(g, seat)


def test_build_asks_where_the_wood_comes_from_only_when_it_matters_LoR_6_5_4_II():
    g = bare(Script(build_wood=[9, 9]), keep=1)
    seat = cat(g)
    for c in (1, 5, 9):
        state.place_warriors(g, "marquise", c, 1)
    seat.supply["sawmill"] = 4                               # the 3rd sawmill: 2 wood
    state.place_token(g, "marquise", "wood", 5)
    state.place_token(g, "marquise", "wood", 9)
    state.place_token(g, "marquise", "wood", 9)
    marquise.build(g, seat, 1, "sawmill")
    assert g.ask.asked == [("build_wood", (5, 9)), ("build_wood", (5, 9))]
    assert (wood(g, 5), wood(g, 9)) == (1, 0) and seat.vp == 2
    g = bare(keep=1)
    seat = cat(g)
    state.place_warriors(g, "marquise", 1, 1)
    state.place_warriors(g, "marquise", 5, 1)
    seat.supply["sawmill"] = 4
    state.place_token(g, "marquise", "wood", 5)
    state.place_token(g, "marquise", "wood", 1)
    marquise.build(g, seat, 1, "sawmill")                    # exactly the cost: nothing to ask
    assert g.ask.asked == [] and (wood(g, 1), wood(g, 5)) == (0, 0)


# ---------------------------------------------------------------------------------------------- recruit, overwork

def test_recruit_places_one_warrior_at_each_recruiter_LoR_6_5_3():
    g = bare(keep=1)
    for c in (1, 5, 5):
        state.place_building(g, "marquise", "recruiter", c)
    marquise.recruit(g, cat(g))
    assert g.clearings[1].warriors == {"marquise": 1} and g.clearings[5].warriors == {"marquise": 2}
    assert cat(g).board.recruited


def test_recruit_with_a_short_supply_lets_her_choose_LoR_6_5_3_LoR_1_5_4():
    """A short supply recruits as many as it holds, where she chooses (LoR-6.5.3, LoR-1.5.4)."""
    g = bare(Script(recruit=[5]), keep=1)
    for c in (1, 5):
        state.place_building(g, "marquise", "recruiter", c)
    cat(g).supply["warrior"] = 1
    marquise.recruit(g, cat(g))
    assert g.ask.asked == [("recruit", (1, 5))] and g.clearings[5].warriors == {"marquise": 1}
    assert g.clearings[1].warriors == {}


def test_overwork_spends_a_card_matching_a_sawmill_for_a_wood_LoR_6_5_5():
    """Overwork (LoR-6.5.5): a card matching a sawmill's clearing buys one wood there."""
    g = bare(Script(overwork=[lambda ch: ch[-1]]), keep=1)
    seat = cat(g)
    state.place_building(g, "marquise", "sawmill", 5)        # rabbit
    state.place_building(g, "marquise", "sawmill", 9)        # mouse
    rabbit, bird, fox = card(g, "bake_sale"), card(g, "sappers"), card(g, "anvil")
    seat.hand = [fox, rabbit, bird]
    assert marquise.overwork_options(g, seat) == [("overwork", 5), ("overwork", 9)]
    marquise.overwork(g, seat, 5)
    assert g.ask.asked == [("overwork", (rabbit, bird))]
    assert wood(g, 5) == 1 and seat.hand == [fox, rabbit] and g.discard == [bird]
    seat.hand = [fox]
    assert marquise.overwork_options(g, seat) == []
    seat.hand = [rabbit]
    seat.supply["wood"] = 0
    assert marquise.overwork_options(g, seat) == []


# ---------------------------------------------------------------------------------------------- Evening

@pytest.mark.parametrize("recruiters, draws", [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_evening_draws_one_plus_the_uncovered_bonuses_LoR_6_6(recruiters, draws):
    g = bare(keep=1)
    cat(g).supply["recruiter"] = 6 - recruiters
    assert marquise.evening_draw(cat(g)) == draws


def test_evening_discards_down_to_five_LoR_6_6():
    g = bare(Script(discard=[lambda ch: ch[-1], lambda ch: ch[0]]), keep=1)
    seat = cat(g)
    seat.supply["recruiter"] = 3                             # 3 on the map: draw 2
    seat.hand = [14, 15, 17, 18, 19]
    g.deck = [30, 40]
    marquise.draw_and_discard(g, seat)
    assert g.ask.kinds() == ["discard", "discard"]
    assert len(seat.hand) == 5 and sorted(g.discard + seat.hand) == [14, 15, 17, 18, 19, 30, 40]
    assert g.discard == [30, 14]


# ---------------------------------------------------------------------------------------------- Daylight

def test_moves_need_rule_of_origin_or_destination_LoR_4_2_1_LoR_6_5_2():
    g = bare(keep=1)
    state.place_warriors(g, "marquise", 9, 2)
    state.place_warriors(g, "eyrie", 9, 2)                   # 9 a tie: nobody rules
    state.place_warriors(g, "marquise", 1, 1)                # she rules 1
    got = marquise.move_options(g)
    assert (9, 1, 2) in got and (9, 1, 1) in got             # into a ruled clearing
    assert not any(o == 9 and d in (4, 12) for o, d, _ in got)
    assert (1, 5, 1) in got and (1, 9, 1) in got             # out of a ruled one


def test_march_takes_up_to_two_moves_LoR_6_5_2_LoR_4_2_2():
    """March (LoR-6.5.2): up to two moves, the same warriors may move again (LoR-4.2.2)."""
    g = bare(Script(march=[(1, 5, 2), (5, 2, 2)]), keep=1)
    state.place_warriors(g, "marquise", 1, 3)
    marquise.march(g, cat(g))
    assert g.clearings[1].warriors == {"marquise": 1} and g.clearings[2].warriors == {"marquise": 2}
    g = bare(Script(march=[(1, 5, 2), PASS]), keep=1)
    state.place_warriors(g, "marquise", 1, 3)
    marquise.march(g, cat(g))
    assert g.clearings[5].warriors == {"marquise": 2} and g.ask.kinds() == ["march", "march"]


def test_a_march_tells_the_other_boards_it_entered_a_clearing_LoR_4_2_LoR_8_2_6():
    """Her moves go through movement.py, which calls the other boards' ``entered`` (Outrage)."""
    class Heard:
        def __init__(self):
            self.seen = []

        def copy(self):
            return self

        def entered(self, game, seat, c, mover):
            self.seen.append((seat.faction, c, mover))

    g = bare(Script(march=[(1, 5, 1), PASS]), keep=1)
    g.seat("eyrie").board = Heard()
    state.place_warriors(g, "marquise", 1, 1)
    marquise.march(g, cat(g))
    assert g.seat("eyrie").board.seen == [("eyrie", 5, "marquise")]


def daylight_table(script):
    """Keep in 1 with 2 warriors and a recruiter; sawmill in 5 with a warrior; wood in 5."""
    g = bare(script, keep=1)
    state.place_warriors(g, "marquise", 1, 2)
    state.place_warriors(g, "marquise", 5, 1)
    state.place_building(g, "marquise", "recruiter", 1)
    state.place_building(g, "marquise", "sawmill", 5)
    state.place_token(g, "marquise", "wood", 5)
    return g


def test_daylight_has_three_actions_LoR_6_5():
    """Daylight (LoR-6.5): three actions."""
    g = daylight_table(Script(marquise_action=[("recruit",), ("overwork", 5), ("build", 5, "workshop")]))
    cat(g).hand = [card(g, "bake_sale"), card(g, "a_visit_to_friends")]     # rabbit, rabbit
    marquise.daylight(g, cat(g))
    kinds = g.ask.kinds()
    # three actions, then nothing is offered but to pass: birds only with an action to follow, no 4th
    assert kinds.count("marquise_action") == 3
    assert g.clearings[1].warriors["marquise"] == 3 and ("marquise", "workshop") in g.clearings[5].buildings


def test_recruit_once_per_turn_LoR_6_5_3():
    g = daylight_table(Script(marquise_action=[("recruit",)]))
    marquise.daylight(g, cat(g))
    second = g.ask.asked[1][1]
    assert ("recruit",) not in second and ("march",) in second


def test_a_bird_card_spent_buys_a_fourth_action_LoR_6_5():
    """Daylight (LoR-6.5): a bird card spent buys one more action."""
    def spend_bird(ch):
        return next(c for c in ch if c[0] == "bird")

    g = daylight_table(Script(marquise_action=[("march",), ("march",), ("march",), spend_bird, ("march",)],
                              march=[PASS] * 8))
    bird, anvil = card(g, "sappers"), card(g, "anvil")
    cat(g).hand = [bird, anvil]
    marquise.daylight(g, cat(g))
    acts = [ch for k, ch in g.ask.asked if k == "marquise_action"]
    # 3 actions, then only the bird (or pass), then a 4th action; then nothing is left to ask
    assert len(acts) == 5
    assert ("bird", bird) in acts[0] and acts[3] == (("bird", bird), PASS)
    assert ("march",) in acts[4] and ("bird", bird) not in acts[4]
    assert cat(g).hand == [anvil] and g.discard == [bird]


def test_a_turn_places_wood_acts_and_draws_LoR_6_4_LoR_6_5_LoR_6_6():
    g = daylight_table(Script(marquise_action=[PASS]))
    g.deck = [20, 21]
    cat(g).board.recruited = True                            # last turn's
    marquise.turn(g, cat(g))
    assert wood(g, 5) == 2 and cat(g).hand == [21] and not cat(g).board.recruited
    assert ("recruit",) in g.ask.asked[0][1]


# ---------------------------------------------------------------------------------------------- battle


def move_in(g, faction, c, n):
    """``n`` warriors of ``faction`` moved into ``c`` (the keep bans placing there, not moving in)."""
    state.place_warriors(g, faction, 5 if c != 5 else 2, n)
    state.move_warriors(g, faction, 5 if c != 5 else 2, c, n)


def eyrie_bot(g):
    """Give the Eyrie seat a bot board (it takes hits the bots' way, CW-GEN-6)."""
    g.seat("eyrie").board = ElectricEyrieBoard(viziers=2)


def test_battle_is_a_daylight_action_LoR_6_5_1_LoR_4_3():
    """Battle (LoR-6.5.1) as one of her actions, in a clearing with her warriors (LoR-4.3)."""
    g = bare(Script(marquise_action=[("battle", 5, "eyrie"), PASS]), keep=1)
    eyrie_bot(g)
    g.rng["dice"] = Dice(3, 0)
    state.place_warriors(g, "marquise", 5, 3)
    state.place_warriors(g, "eyrie", 5, 1)
    state.place_building(g, "eyrie", "roost", 5)
    state.place_warriors(g, "eyrie", 2, 1)                   # no warrior of hers in 2: no battle there
    marquise.take_actions(g, cat(g))
    acts = g.ask.choices("marquise_action")
    assert acts[0][0] == ("battle", 5, "eyrie") and not any(a[0] == "battle" and a[1] == 2 for a in acts[0][:-1])
    # she deals 3 (capped by her 3 warriors): the warrior, then the roost (1 VP, LoR-3.2.1)
    assert g.clearings[5].warriors == {"marquise": 3} and g.clearings[5].buildings == []
    assert cat(g).vp == 1 and cat(g).sources == {"removal": 1}
    # the battle was one of her three actions; the Eyrie is gone from 5, so no battle is offered again
    assert not any(a[0] == "battle" for a in acts[1] if a != PASS)


def test_battle_counts_as_one_of_three_actions_LoR_6_5():
    """Daylight (LoR-6.5): a battle is one of the three actions."""
    g = bare(Script(marquise_action=[("battle", 5, "eyrie")] * 3), keep=1)
    eyrie_bot(g)
    g.rng["dice"] = Dice(0, 0, 0, 0, 0, 0)
    state.place_warriors(g, "marquise", 5, 2)
    state.place_warriors(g, "eyrie", 5, 2)
    marquise.take_actions(g, cat(g))
    assert g.rng["dice"].faces == []                         # three battles fought
    assert g.ask.kinds().count("marquise_action") == 3      # then only PASS is left: taken unasked


def test_hits_take_warriors_first_then_her_choice_LoR_4_3_4():
    """She takes hits the Law's way (LoR-4.3.4, battle.take_hits): warriors first, then the buildings and
    tokens in the order she picks (``hits_order``); each scores the attacker 1 VP (LoR-3.2.1)."""
    g = bare(Script(hits_order=[("workshop", "building")]), keep=1)
    eyrie_bot(g)
    g.rng["dice"] = Dice(2, 0)
    state.place_warriors(g, "marquise", 1, 1)
    state.place_building(g, "marquise", "workshop", 1)
    move_in(g, "eyrie", 1, 2)
    battle.battle(g, "eyrie", "marquise", 1)
    assert g.ask.choices("hits_order") == [(("keep", "token"), ("workshop", "building"))]
    assert g.clearings[1].warriors == {"eyrie": 2} and g.clearings[1].tokens == [("marquise", "keep")]
    assert g.seat("eyrie").vp == 1 and cat(g).supply["workshop"] == 6


def test_field_hospitals_in_battle_once_LoR_6_2_3():
    """Warriors lost in battle reach Field Hospitals through battle's ``lost_warriors`` hook, asked once."""
    g = bare(Script(field_hospitals=[lambda ch: ch[0]]), keep=1)
    eyrie_bot(g)
    g.rng["dice"] = Dice(3, 0)
    rabbit = card(g, "bake_sale")
    cat(g).hand = [rabbit]
    state.place_warriors(g, "marquise", 5, 2)                # 5 is a rabbit clearing
    state.place_warriors(g, "eyrie", 5, 3)
    battle.battle(g, "eyrie", "marquise", 5)
    assert g.ask.kinds() == ["field_hospitals"]
    assert g.clearings[1].warriors == {"marquise": 2} and g.clearings[5].warriors == {"eyrie": 3}
    assert cat(g).hand == [] and g.discard == [rabbit]


def test_no_field_hospitals_when_the_keep_fell_in_the_same_battle_LoR_1_5_4_LoR_6_2_3():
    g = bare(Script(field_hospitals=[lambda ch: ch[0]]), keep=1)
    eyrie_bot(g)
    g.rng["dice"] = Dice(3, 0)
    cat(g).hand = [card(g, "anvil")]                         # fox, as clearing 1
    state.place_warriors(g, "marquise", 1, 2)
    move_in(g, "eyrie", 1, 3)
    battle.battle(g, "eyrie", "marquise", 1)
    assert cat(g).board.keep is None and cat(g).out == {"keep": 1} and g.clearings[1].warriors == {"eyrie": 3}
    assert cat(g).hand == [card(g, "anvil")] and "field_hospitals" not in g.ask.kinds()


def test_field_hospitals_after_a_favor_LoR_6_2_3_LoR_4_1_2():
    """Any removal of her warriors, not only battle (a Favor removes through battle.warriors_removed);
    and a Favor that takes the keep first leaves no Field Hospitals for the clearings after it."""
    g = bare(Script(field_hospitals=[lambda ch: ch[0]]), keep=3)   # 3 is a rabbit corner
    eyrie_bot(g)
    cat(g).hand = [card(g, "anvil")]
    state.place_warriors(g, "marquise", 8, 3)                # 8 is a fox clearing
    cards.favor(g, g.seat("eyrie"), "fox")
    assert g.clearings[3].warriors == {"marquise": 3} and g.clearings[8].warriors == {} and cat(g).hand == []
    g = bare(Script(field_hospitals=[lambda ch: ch[0]]), keep=1)   # 1 is a fox corner: the keep goes first
    eyrie_bot(g)
    cat(g).hand = [card(g, "anvil")]
    state.place_warriors(g, "marquise", 8, 3)
    cards.favor(g, g.seat("eyrie"), "fox")
    assert cat(g).board.keep is None and g.clearings[1].warriors == {} and "field_hospitals" not in g.ask.kinds()


# ---------------------------------------------------------------------------------------------- crafting

def test_workshops_are_her_crafting_pieces_by_clearing_suit_LoR_6_2_1_LoR_4_1_1():
    """Workshops are her crafting pieces, by their clearings' suits (LoR-6.2.1, LoR-4.1.1)."""
    g = bare(keep=1)
    for c in (1, 5, 5, 9):                                   # fox, rabbit, rabbit, mouse
        assert state.place_building(g, "marquise", "workshop", c)
    state.place_building(g, "marquise", "sawmill", 2)        # not a crafting piece
    assert marquise.workshops(g) == {"fox": 1, "rabbit": 2, "mouse": 1}


def test_craft_activates_each_workshop_once_and_scores_the_item_LoR_6_5_LoR_4_1_LoR_3_2_2():
    """Craft in Daylight (LoR-6.5, LoR-6.2.1): each workshop once; the item scores its VP (LoR-3.2.2)."""
    g = bare(Script(craft=[lambda ch: ch[0], lambda ch: ch[0]]), keep=1)
    seat = cat(g)
    g.items = {"hammer": 1, "bag": 1, "crossbow": 1}
    state.place_building(g, "marquise", "workshop", 1)       # fox
    state.place_building(g, "marquise", "workshop", 9)       # mouse
    anvil, sack, steel = card(g, "anvil"), card(g, "mouse_in_a_sack"), card(g, "foxfolk_steel")
    bow = card(g, "crossbow_mouse")                          # costs a fox
    seat.hand = [anvil, steel, bow, sack]                    # fox / fox+fox (one fox workshop: never) / fox / mouse
    marquise.craft(g, seat)
    # the fox workshop is used by the anvil: the crossbow is not offered again (LoR-4.1.1)
    assert g.ask.choices("craft") == [(anvil, bow, sack, PASS), (sack, PASS)]
    assert seat.crafted == ["hammer", "bag"] and seat.vp == 3 and seat.sources == {"crafting": 3}
    assert seat.hand == [steel, bow] and g.items == {"hammer": 0, "bag": 0, "crossbow": 1}


def test_craft_comes_first_in_daylight_LoR_6_5():
    """Daylight (LoR-6.5): craft first, then the actions."""
    g = daylight_table(Script(craft=[PASS], marquise_action=[PASS]))
    g.items = {"hammer": 1}
    state.place_building(g, "marquise", "workshop", 5)
    state.place_building(g, "marquise", "workshop", 8)
    cat(g).hand = [card(g, "anvil")]                         # fox: the workshop in 8
    marquise.daylight(g, cat(g))
    assert g.ask.kinds() == ["craft", "marquise_action"]


def test_a_crafted_favor_removes_the_enemies_LoR_4_1_2():
    g = bare(Script(craft=[lambda ch: ch[0]]), keep=1)
    eyrie_bot(g)
    for c in (1, 8, 12):                                     # the three fox clearings she crafts with
        g.clearings[c].buildings.append(("marquise", "workshop"))
        cat(g).supply["workshop"] -= 1
    state.place_warriors(g, "eyrie", 6, 2)
    state.place_building(g, "eyrie", "roost", 6)             # 6 is fox: removed, 1 VP
    state.place_warriors(g, "eyrie", 7, 2)                   # 7 is mouse: stays
    cat(g).hand = [card(g, "favor_of_the_foxes")]
    marquise.craft(g, cat(g))
    assert g.clearings[6].warriors == {} and g.clearings[6].buildings == [] and g.clearings[7].warriors == {"eyrie": 2}
    assert cat(g).vp == 1 and g.discard == [card(g, "favor_of_the_foxes")]


# ---------------------------------------------------------------------------------------------- card effects

def test_persistent_effects_fire_at_the_start_of_their_phases_LoR_4_1_3_LoR_1_4_1():
    """Her turn calls cards.py's points as the Eyrie's and the Alliance's do: Royal Claim as Birdsong
    begins (before the wood), Command Warren as Daylight begins (before crafting and the actions), Cobbler
    as Evening begins (before the draw)."""
    g = daylight_table(Script(royal_claim=[PASS], command_warren=[PASS], cobbler=[PASS], craft=[PASS],
                              marquise_action=[PASS]))
    eyrie_bot(g)
    seat = cat(g)
    g.items = {"hammer": 1}
    state.place_building(g, "marquise", "workshop", 8)       # fox, for the anvil
    state.place_warriors(g, "eyrie", 5, 1)                   # Command Warren has a battle to offer
    seat.persistent = [card(g, "royal_claim"), card(g, "command_warren"), card(g, "cobbler")]
    seat.hand = [card(g, "anvil")]
    g.deck = [40, 41]
    marquise.turn(g, seat)
    assert g.ask.kinds() == ["royal_claim", "command_warren", "craft", "marquise_action", "cobbler"]
    assert wood(g, 5) == 2 and len(seat.hand) == 2


def test_royal_claim_in_birdsong_scores_the_ruled_clearings_LoR_4_1_3():
    g = daylight_table(Script(royal_claim=[lambda ch: ch[0]], marquise_action=[PASS]))
    seat = cat(g)
    claim = card(g, "royal_claim")
    seat.persistent = [claim]
    g.deck = [40]
    marquise.turn(g, seat)
    assert seat.vp == 2 and seat.sources == {"card": 2} and seat.persistent == [] and claim in g.discard


def test_command_warren_battles_before_the_actions_LoR_4_1_3_LoR_4_3():
    g = daylight_table(Script(command_warren=[lambda ch: ch[0]], marquise_action=[PASS]))
    eyrie_bot(g)
    g.rng["dice"] = Dice(1, 0)
    state.place_warriors(g, "eyrie", 5, 1)
    cat(g).persistent = [card(g, "command_warren")]
    marquise.daylight(g, cat(g))
    assert g.ask.choices("command_warren") == [((5, "eyrie"), PASS)]
    assert g.clearings[5].warriors == {"marquise": 1} and g.ask.kinds() == ["command_warren", "marquise_action"]


# ---------------------------------------------------------------------------------------------- recruit, no warriors

def test_no_recruit_offered_with_an_empty_supply_LoR_6_5_3_LoR_1_5_4():
    g = daylight_table(Script(marquise_action=[PASS]))
    cat(g).supply["warrior"] = 0
    assert ("recruit",) not in marquise.actions(g, cat(g))
    cat(g).supply["warrior"] = 1
    assert ("recruit",) in marquise.actions(g, cat(g))


# ---------------------------------------------------------------------------------------------- whole games

def test_whole_games_through_the_frame_keep_every_piece_LoR_1_5_1():
    """The frame's setup (the Marquise first, LoR-5.1.7) and turn loop, with random choices and an idle
    second seat: the pieces add up, the hand ends each turn at five at most, the VP are the buildings',
    the items' and the cards' (nobody to fight)."""
    from types import SimpleNamespace

    from automa.root import rounds, setup
    from automa.root.options import OPTIONS

    idle = SimpleNamespace(PIECES={"warrior": 20}, setup=lambda game, seat: None, turn=lambda game, seat: None)
    winners = []
    for seed in range(6):
        opts = {o.name: o.default for o in OPTIONS}
        opts.update(faction="marquise", bots="electric_eyrie", turn_cap=12)
        pick = random.Random(seed)
        rng = {n: random.Random(seed * 10 + i) for i, n in enumerate(("setup", "automa", "deck", "dice"))}
        hands = []

        def check(game):
            s = game.seat("marquise")
            on = on_map(game, "marquise")
            assert all(on.get(k, 0) + s.supply[k] + s.out.get(k, 0) == PIECES[k] for k in PIECES), (on, s.supply)
            assert s.vp == sum(s.sources.values()) and set(s.sources) <= {"buildings", "crafting", "card", "removal"}
            hands.append(len(s.hand))

        g = setup.setup(data.load(), opts, rng, lambda name: marquise if name == "marquise" else idle,
                        ask=lambda game, kind, choices: choices[pick.randrange(len(choices))])
        assert marquise.keep_clearing(g) in g.map.corners and len(g.seat("marquise").hand) == 3
        check(g)
        winners.append(rounds.play(g, lambda name: marquise if name == "marquise" else idle, at_turn=check).winner)
        check(g)
        assert max(hands[1:]) <= 5
    assert "marquise" in winners                             # building alone can reach 30 (LoR-3.1)


# ---------------------------------------------------------------------------------------------- dominance

def test_an_activated_dominance_card_stops_every_score_LoR_3_3_1():
    """LoR-3.3.1: the score marker leaves the track; she can no longer score (nor lose) VP, so no 30-VP
    win either."""
    g = bare(keep=1)
    seat = cat(g)
    seat.vp, seat.sources = 12, {"buildings": 12}
    seat.dominance = card(g, "dominance_fox")
    state.score(g, "marquise", 25, "buildings")
    state.score(g, "marquise", -3, "turmoil")
    assert seat.vp == 12 and seat.sources == {"buildings": 12}
    state.score(g, "eyrie", 2, "removal")                    # the others still score
    assert g.seat("eyrie").vp == 2


def test_she_activates_dominance_in_daylight_with_ten_vp_LoR_3_3_1():
    g = daylight_table(Script(dominance_activate=[lambda ch: ch[0]], marquise_action=[PASS]))
    seat = cat(g)
    dom = card(g, "dominance_fox")
    seat.hand = [dom]
    seat.vp = 9
    marquise.daylight(g, seat)
    assert "dominance_activate" not in g.ask.kinds() and seat.dominance is None
    seat.vp = 10
    marquise.daylight(g, seat)
    assert seat.dominance == dom and seat.hand == []
    assert g.ask.kinds().index("dominance_activate") < g.ask.kinds().index("marquise_action", 1)


def test_she_takes_an_available_dominance_card_by_spending_a_match_LoR_3_3_4():
    """In Daylight she takes an available dominance card by spending a matching card (LoR-3.3.4)."""
    g = daylight_table(Script(dominance_take=[lambda ch: ch[0]], dominance_activate=[PASS], marquise_action=[PASS]))
    seat = cat(g)
    dom, rabbit = card(g, "dominance_rabbit"), card(g, "bake_sale")
    g.dominance = [dom]
    seat.hand = [rabbit]
    marquise.daylight(g, seat)
    assert g.ask.choices("dominance_take")[0] == ((dom, rabbit), PASS)
    assert seat.hand == [dom] and g.dominance == [] and g.discard == [rabbit]


def test_a_fulfilled_dominance_wins_as_her_birdsong_begins_LoR_3_3_1():
    g = daylight_table(Script())
    seat = cat(g)
    seat.dominance = card(g, "dominance_fox")
    for c in (1, 8, 12):                                     # three fox clearings she rules
        state.place_warriors(g, "marquise", c, 1)
    with pytest.raises(state.Victory) as won:
        marquise.turn(g, seat)
    assert won.value.how == "dominance" and wood(g, 5) == 1  # before the wood
    state.remove_warriors(g, "marquise", 12, 1)
    g.deck = [40]
    g.ask = Script(marquise_action=[PASS])
    marquise.turn(g, seat)                                   # two fox clearings: no win, the turn goes on
    assert wood(g, 5) == 2


def test_whole_games_against_the_three_bots_keep_every_piece_LoR_6_LoR_1_5_1():
    """The registered table (the Marquise against the three other bots), random choices: her pieces add up
    after every turn, her VP are the sum of her sources, and in these games she battles, crafts and loses
    warriors to Field Hospitals' question at least once (the new parts of her turn are reached)."""
    from automa.root import rounds, setup
    from automa.root.options import OPTIONS

    kinds, actions = set(), set()
    for seed in range(4):
        opts = {o.name: o.default for o in OPTIONS}
        opts.update(faction="marquise", bots="others", turn_cap=20)
        pick = random.Random(seed)
        rng = {n: random.Random(seed * 10 + i) for i, n in enumerate(("setup", "automa", "deck", "dice"))}

        def ask(game, kind, choices):
            kinds.add(kind)
            c = choices[pick.randrange(len(choices))]
            if kind == "marquise_action" and c != PASS:
                actions.add(c[0])
            return c

        def check(game):
            s = game.seat("marquise")
            on = on_map(game, "marquise")
            assert all(on.get(k, 0) + s.supply[k] + s.out.get(k, 0) == PIECES[k] for k in PIECES), (on, s.supply)
            assert s.vp == sum(s.sources.values())

        g = setup.setup(data.load(), opts, rng, ask=ask)
        rounds.play(g, at_turn=check)
        check(g)
    assert {"battle", "march", "recruit", "build", "overwork", "bird"} <= actions
    assert {"craft", "field_hospitals", "hits_order"} <= kinds
