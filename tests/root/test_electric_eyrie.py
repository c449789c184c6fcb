"""The Electric Eyrie bot (CW-EE): setup, Birdsong, each Daylight step, Evening, turmoil, the four
difficulties and the four traits, with the open points it reads (RT-OPEN-14..19, 37, 48, 53), on small
hand-built positions of the Fall map.

Fall (clearing = priority): 1 fox (5, 9, 10), 2 mouse (5, 6, 10), 3 rabbit (6, 7, 11), 4 rabbit (8, 9, 12),
5 rabbit (1, 2), 6 fox (2, 3, 11), 7 mouse (3, 8, 12), 8 fox (4, 7), 9 mouse (1, 4, 12), 10 rabbit
(1, 2, 12), 11 mouse (3, 6, 12), 12 fox (4, 7, 9, 10, 11); one slot in 1, 3 and 4, a ruin in 6, 10, 11, 12.
"""
import random

import pytest

from automa.core.trace import Trace
from automa.root import battle, data, rounds, state
from automa.root.bots import electric_eyrie as ee
from automa.root.state import Seat
from tests.root.script import Dice, Script

D = data.load()


def card(key):
    return next(c.id for c in D.deck if c.key == key)


def table(options=None, level="default", traits=(), alliance=False, bots=False):
    """The player's Marquise (or the Marquise bot with ``bots``), the Eyrie bot with an empty board, and
    the Alliance bot with ``alliance``; nothing on the map."""
    seats = [Seat("marquise", "mechanical_marquise" if bots else None,
                  {"warrior": 25, "sawmill": 6, "workshop": 6, "recruiter": 6, "wood": 8, "keep": 1}),
             Seat("eyrie", "electric_eyrie", dict(ee.PIECES), difficulty=level, traits=tuple(traits))]
    if alliance:
        seats.append(Seat("alliance", "automated_alliance", {"warrior": 10, "base_fox": 1, "sympathy": 10}))
    g = state.new_game(D.maps["fall"], D.deck, seats, dict(options or {}),
                       {"deck": random.Random(5), "automa": random.Random(7), "dice": random.Random(3)})
    g.items = {"sword": 2, "boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "coins": 2, "tea": 2, "torch": 0}
    g.trace = Trace()
    g.seat("eyrie").board = ee.ElectricEyrieBoard(1 if level == "easy" else 2)
    return g, g.seat("eyrie")


def roost(g, c, warriors=0):
    assert state.place_building(g, "eyrie", "roost", c)
    state.place_warriors(g, "eyrie", c, warriors)


def rules_of(g):
    return [e["rule"] for e in g.trace.events]


def file(seat, *keys):
    for k in keys:
        seat.board.decree[D.deck[card(k)].suit].append(card(k))


def test_nobody_ambushes_the_bot_and_a_card_taken_from_it_is_drawn_CW_EE_ABIL_2():
    """CW-EE-ABIL-2 (CW-GEN-16, CW-GEN-15): the player's Marquise, attacked by the fox column while holding
    a fox ambush, is offered no ambush and keeps the card, the battle being the dice alone; a card taken
    from the bot comes from the deck."""
    g, s = table()
    g.ask = Script()
    g.rng["dice"] = Dice(2, 1)
    human = g.seat("marquise")
    human.hand = [card("ambush_fox")]
    state.place_warriors(g, "eyrie", 8, 3)
    state.place_warriors(g, "marquise", 8, 3)
    ee.battle(g, s, "fox")
    assert g.ask.asked == [] and human.hand == [card("ambush_fox")]
    assert g.clearings[8].warriors == {"eyrie": 2, "marquise": 1}
    g.deck = [card("ambush_mouse")]
    state.take_card(g, human, s)
    assert human.hand == [card("ambush_fox"), card("ambush_mouse")] and s.hand == [] and g.deck == []


# ---------------------------------------------------------------------------------------------- setup

def test_supply_of_20_warriors_and_7_roosts_CW_EE_SETUP_1_CW_EE_SETUP_4():
    """CW-EE-SETUP-1 (20 warriors), CW-EE-SETUP-4 (7 roosts: one to set up, 6 on the track)."""
    assert ee.PIECES == {"warrior": 20, "roost": 7}


def test_setup_opposite_the_keep_CW_EE_SETUP_2_CW_EE_SETUP_3_RT_OPEN_37():
    g, s = table()
    g.clearings[1].tokens.append(("marquise", "keep"))
    ee.setup(g, s)
    assert g.clearings[3].buildings == [("eyrie", "roost")] and g.clearings[3].warriors == {"eyrie": 6}
    assert s.supply == {"warrior": 14, "roost": 6}
    assert s.board.viziers == 2 and s.board.cards("bird") == 2 and s.board.decree["bird"] == []
    assert "CW-EE-SETUP-2" in rules_of(g) and "CW-EE-SETUP-3" in rules_of(g)


def test_setup_without_a_keep_takes_a_random_corner_from_the_bot_stream_RT_OPEN_37_RT_OPEN_3():
    seen = set()
    for seed in range(12):
        g, s = table()
        g.rng["automa"] = random.Random(seed)
        ee.setup(g, s)
        corner = next(c for c in range(1, 13) if g.clearings[c].buildings)
        again, s2 = table()
        again.rng["automa"] = random.Random(seed)
        ee.setup(again, s2)
        assert again.clearings[corner].buildings == [("eyrie", "roost")]       # same seed, same corner
        seen.add(corner)
    assert seen == {1, 2, 3, 4}


def test_setup_uniform_corner_avoids_the_keep_RT_OPEN_37():
    seen = set()
    for seed in range(12):
        g, s = table({"ee_corner": "uniform"})
        g.rng["automa"] = random.Random(seed)
        g.clearings[1].tokens.append(("marquise", "keep"))
        ee.setup(g, s)
        seen.add(next(c for c in range(1, 13) if g.clearings[c].buildings))
    assert seen == {2, 3, 4}


def test_setup_easy_one_vizier_CW_EE_DIFF_EASY():
    """CW-EE-DIFF-EASY: one Loyal Vizier in the bird column."""
    g, s = table(level="easy")
    ee.setup(g, s)
    assert s.board.viziers == 1 and s.board.cards("bird") == 1


def test_setup_default_takes_no_card_CW_EE_DIFF_DEFAULT():
    """CW-EE-DIFF-DEFAULT: two viziers and no card filed at setup."""
    g, s = table()
    g.deck = list(range(len(D.deck)))
    ee.setup(g, s)
    assert len(g.deck) == len(D.deck) and s.board.cards("bird") == 2


@pytest.mark.parametrize("level", ["challenging", "nightmare"])
def test_setup_challenging_files_a_bird_ambush_CW_EE_DIFF_CHALLENGING_CW_EE_DIFF_NIGHTMARE(level):
    """CW-EE-DIFF-CHALLENGING, CW-EE-DIFF-NIGHTMARE: a bird ambush card filed in the bird column at setup."""
    g, s = table(level=level)
    g.deck = list(range(len(D.deck)))
    ee.setup(g, s)
    (taken,) = s.board.decree["bird"]
    assert D.deck[taken].key == "ambush_bird" and taken not in g.deck and len(g.deck) == len(D.deck) - 1
    assert s.board.cards("bird") == 3


# ---------------------------------------------------------------------------------------------- Birdsong

def test_birdsong_reveals_crafts_and_files_the_order_CW_EE_BIRD_1_2_3():
    """CW-EE-BIRD-1 reveal, CW-EE-BIRD-2 craft for 1 VP, CW-EE-BIRD-3 file in the bird column."""
    g, s = table()
    roost(g, 3, 2)
    g.deck = [card("arms_trader")]                  # a bird sword, printed 2 VP
    ee.birdsong(g, s)
    assert s.board.order == card("arms_trader") and s.board.decree["bird"] == [card("arms_trader")]
    assert s.vp == 1 and s.sources == {"crafting": 1} and s.crafted == ["sword"] and g.items["sword"] == 1
    assert card("arms_trader") not in g.discard
    assert s.board.cards("bird") == 3


def test_birdsong_files_without_crafting_a_missing_item_or_an_ambush_CW_EE_BIRD_2_CW_GEN_5():
    """CW-EE-BIRD-2, CW-GEN-5: an ambush order is filed, not crafted."""
    g, s = table()
    roost(g, 3, 2)
    g.items["torch"] = 0
    fox_ambush = next(c.id for c in D.deck if c.kind == "ambush" and c.suit == "fox")
    g.deck = [fox_ambush]
    ee.birdsong(g, s)
    assert s.vp == 0 and s.board.decree["fox"] == [fox_ambush]


def test_birdsong_without_a_card_skips_the_order_steps_RT_OPEN_35():
    g, s = table()
    roost(g, 3, 2)
    ee.birdsong(g, s)
    assert s.board.order is None and all(not v for v in s.board.decree.values())


def test_a_crafted_order_discarded_at_once_files_its_suit_alone_RT_OPEN_42():
    g, s = table({"crafted_order_card": "discard_at_once"})
    roost(g, 3, 2)
    g.deck = [card("arms_trader")]
    ee.birdsong(g, s)
    assert s.board.decree["bird"] == [None] and s.board.cards("bird") == 3 and g.discard == [card("arms_trader")]
    with pytest.raises(ee.Turmoil):
        ee.fall_into_turmoil(g, s, "test")
    assert g.discard == [card("arms_trader")]           # not discarded twice


def test_a_new_roost_in_the_highest_priority_ordered_clearing_that_takes_it_CW_EE_BIRD_4():
    g, s = table()
    g.clearings[3].tokens.append(("marquise", "keep"))       # 3: the keep, only the Marquise places there
    state.place_building(g, "marquise", "sawmill", 4)         # 4: its one slot is full
    rabbit = next(c.id for c in D.deck if c.suit == "rabbit" and c.kind == "item" and c.item == "boot")
    g.deck = [rabbit]
    ee.birdsong(g, s)
    assert g.clearings[5].buildings == [("eyrie", "roost")] and g.clearings[5].warriors == {"eyrie": 4}
    assert "CW-EE-BIRD-4" in rules_of(g)


def test_a_bird_order_orders_every_clearing_for_a_new_roost_RT_OPEN_2():
    g, s = table()
    g.deck = [card("arms_trader")]
    ee.birdsong(g, s)
    assert g.clearings[1].buildings == [("eyrie", "roost")]


def test_no_new_roost_is_turmoil_and_skips_daylight_RT_OPEN_15():
    """RT-OPEN-15; CW-EE-TURM-4: turmoil ends Daylight and Evening still scores."""
    g, s = table({"bird_order_scope": "no_clearing"})
    g.deck = [card("arms_trader")]
    state.score(g, "eyrie", 5, "card")
    ee.turn(g, s)
    assert s.board.turmoils == 1 and s.vp == 5 + 1 - 3           # crafted, then lost 2 viziers + 1 bird card
    assert s.board.decree["bird"] == [] and g.discard == [card("arms_trader")]
    assert "CW-EE-DAY-5" not in rules_of(g)                      # no Daylight
    assert rules_of(g)[-1] == "CW-EE-EVE-1"                       # Evening still scores


def test_no_new_roost_with_skip_is_no_turmoil_RT_OPEN_15():
    g, s = table({"bird_order_scope": "no_clearing", "ee_new_roost_turmoil": "skip"})
    g.deck = [card("arms_trader")]
    ee.birdsong(g, s)
    assert s.board.turmoils == 0 and s.board.decree["bird"] == [card("arms_trader")]


# ---------------------------------------------------------------------------------------------- recruit

def test_recruit_ties_most_enemy_pieces_then_fewest_eyrie_then_lowest_priority_CW_EE_DAY_2():
    g, s = table()
    for c in (1, 8, 12):
        roost(g, c, 1)
    file(s, "ambush_fox", "ambush_fox")                      # the fox column: N = 2
    ee.recruit(g, s, "fox")
    assert g.clearings[12].warriors["eyrie"] == 3            # all tied: lowest priority
    ee.recruit(g, s, "fox")
    assert g.clearings[8].warriors["eyrie"] == 3             # 12 has more Eyrie warriors now
    state.place_warriors(g, "marquise", 1, 1)
    ee.recruit(g, s, "fox")
    assert g.clearings[1].warriors["eyrie"] == 3             # most enemy pieces first


def test_recruit_bird_column_in_any_roost_clearing_RT_OPEN_18():
    g, s = table()
    roost(g, 2)
    roost(g, 5)
    ee.recruit(g, s, "bird")
    assert g.clearings[5].warriors == {"eyrie": 2}
    g2, s2 = table({"ee_bird_column": "no_clearing"})
    roost(g2, 2)
    ee.recruit(g2, s2, "bird")
    assert g2.clearings[2].warriors == {}


def test_recruit_with_no_clearing_is_skipped_RT_OPEN_19():
    g, s = table()
    roost(g, 3)
    file(s, "ambush_fox")
    ee.recruit(g, s, "fox")
    assert s.board.turmoils == 0 and s.supply["warrior"] == 20


def test_recruit_with_no_clearing_and_failed_step_turmoil_RT_OPEN_19():
    g, s = table({"ee_failed_step": "turmoil"})
    roost(g, 3)
    file(s, "ambush_fox")
    with pytest.raises(ee.Turmoil):
        ee.recruit(g, s, "fox")


def test_recruit_places_what_the_supply_holds_RT_OPEN_12():
    g, s = table()
    roost(g, 3, 19)
    file(s, "ambush_rabbit", "ambush_rabbit")
    ee.recruit(g, s, "rabbit")
    assert g.clearings[3].warriors["eyrie"] == 20 and s.board.turmoils == 0


def test_nobility_a_warrior_not_placed_is_turmoil_CW_EE_TRAIT_1():
    """CW-EE-TRAIT-1: with Nobility a warrior not placed (short supply, no clearing) is turmoil."""
    g, s = table(traits=("nobility",))
    roost(g, 3, 19)
    file(s, "ambush_rabbit", "ambush_rabbit")
    with pytest.raises(ee.Turmoil):
        ee.recruit(g, s, "rabbit")
    g, s = table(traits=("nobility",))
    roost(g, 3)
    file(s, "ambush_fox")
    with pytest.raises(ee.Turmoil):
        ee.recruit(g, s, "fox")                               # no fox roost


def test_nobility_turmoil_scores_the_birds_instead_CW_EE_TRAIT_1():
    """CW-EE-TRAIT-1: with Nobility turmoil scores the bird cards instead of losing them."""
    g, s = table(traits=("nobility",))
    file(s, "ambush_bird", "ambush_fox")
    with pytest.raises(ee.Turmoil):
        ee.fall_into_turmoil(g, s, "test")
    assert s.vp == 3 and s.sources == {"turmoil": 3}


# ---------------------------------------------------------------------------------------------- move

def test_move_from_the_most_warriors_leaving_n_to_the_no_roost_fewest_enemies_lowest_CW_EE_DAY_3():
    g, s = table()
    roost(g, 1, 6)
    state.place_warriors(g, "eyrie", 8, 3)
    file(s, "ambush_fox", "ambush_fox")                      # N = 2
    state.place_warriors(g, "marquise", 10, 1)
    ee.move(g, s, "fox")
    # origin 1 (6 > 3); leave max(1, 2) = 2; 5 and 9 have no roost and no enemy: the lower priority, 9
    assert g.clearings[1].warriors["eyrie"] == 2 and g.clearings[9].warriors == {"eyrie": 4}
    assert any(e["rule"] == "CW-EE-DAY-3" and e["origin"] == 1 and e["destination"] == 9 for e in g.trace.events)


def test_move_prefers_a_destination_without_a_roost_CW_EE_DAY_3():
    g, s = table()
    roost(g, 5, 3)
    roost(g, 1)
    state.place_warriors(g, "marquise", 2, 4)
    state.place_warriors(g, "eyrie", 2, 4)
    ee.move(g, s, "bird")                                     # N = 2 viziers
    # origin 2 has the most Eyrie warriors (4, ruled by the tie) but must keep 4; the next, 5, keeps
    # max(1, 2) = 2 and moves one to 2 (no roost, 4 enemies) rather than to 1 (a roost, no enemy)
    assert g.clearings[5].warriors["eyrie"] == 2 and g.clearings[2].warriors["eyrie"] == 5


def test_move_leaves_enough_to_rule_exactly_with_buildings_RT_OPEN_48():
    g, s = table()
    roost(g, 3, 7)
    state.place_warriors(g, "marquise", 3, 4)
    file(s, "ambush_rabbit")                                 # N = 1
    ee.move(g, s, "rabbit")
    assert g.clearings[3].warriors["eyrie"] == 3             # 3 warriors + the roost tie the 4 cats
    g, s = table({"ee_exact_rule_count": "warriors_only"})
    roost(g, 3, 7)
    state.place_warriors(g, "marquise", 3, 4)
    file(s, "ambush_rabbit")
    ee.move(g, s, "rabbit")
    assert g.clearings[3].warriors["eyrie"] == 4


def test_move_origin_that_cannot_spare_passes_on_or_stops_RT_OPEN_16():
    for option, moved in (("next_origin", True), ("no_move", False)):
        g, s = table({"ee_move_origin": option})
        state.place_warriors(g, "eyrie", 1, 3)
        state.place_warriors(g, "marquise", 1, 3)
        state.place_warriors(g, "eyrie", 8, 2)
        file(s, "ambush_fox")                                 # N = 1: 1 must keep 3, 8 can spare 1
        ee.move(g, s, "fox")
        assert (g.clearings[8].warriors["eyrie"] == 1) is moved
        assert g.clearings[1].warriors["eyrie"] == 3


def test_move_only_from_clearings_the_bot_rules_CW_EE_DAY_3_CW_EE_ABIL_1():
    g, s = table()
    state.place_warriors(g, "eyrie", 1, 5)
    state.place_warriors(g, "marquise", 1, 6)
    file(s, "ambush_fox")
    ee.move(g, s, "fox")
    assert g.clearings[1].warriors["eyrie"] == 5 and s.board.turmoils == 0


# ---------------------------------------------------------------------------------------------- battle choice

def test_battle_clearing_ties_no_roost_then_defenseless_then_lowest_priority_CW_EE_DAY_4():
    g, s = table(alliance=True)
    for c in (1, 8, 12):
        state.place_warriors(g, "eyrie", c, 2)
        state.place_warriors(g, "marquise", c, 1)
    assert ee.battle_target(g, s, "fox") == (12, "marquise")          # lowest priority
    state.place_building(g, "alliance", "base_fox", 8)
    assert ee.battle_target(g, s, "fox") == (8, "alliance")           # a defenseless building; most buildings
    state.place_building(g, "eyrie", "roost", 8)
    assert ee.battle_target(g, s, "fox") == (12, "marquise")          # no roost first


def test_battle_defender_most_buildings_then_pieces_then_vp_then_setup_CW_EE_DAY_4_CW_GEN_9():
    g, s = table(alliance=True)
    state.place_warriors(g, "eyrie", 2, 2)
    state.place_warriors(g, "marquise", 2, 1)
    state.place_warriors(g, "alliance", 2, 1)
    assert ee.battle_target(g, s, "mouse") == (2, "marquise")         # setup priority
    state.score(g, "alliance", 2, "card")
    assert ee.battle_target(g, s, "mouse") == (2, "alliance")         # most VP
    g.clearings[2].tokens.append(("marquise", "wood"))
    assert ee.battle_target(g, s, "mouse") == (2, "marquise")         # most pieces
    state.place_building(g, "alliance", "base_fox", 2)
    assert ee.battle_target(g, s, "mouse") == (2, "alliance")         # most buildings


def test_battle_needs_eyrie_warriors_and_an_enemy_CW_GEN_10():
    g, s = table()
    state.place_warriors(g, "marquise", 1, 3)
    roost(g, 8)
    state.place_warriors(g, "marquise", 8, 1)
    assert ee.battle_target(g, s, "fox") is None


def test_coop_bots_do_not_target_bots_CW_GEN_22():
    g, s = table({"victory": "coop"}, alliance=True)
    state.place_warriors(g, "eyrie", 2, 2)
    state.place_warriors(g, "alliance", 2, 3)
    assert ee.battle_target(g, s, "mouse") is None
    state.place_warriors(g, "marquise", 2, 1)
    assert ee.battle_target(g, s, "mouse") == (2, "marquise")


def test_extra_hit_for_the_strictly_largest_column_RT_OPEN_17():
    g, s = table()
    file(s, "ambush_fox", "ambush_fox")
    assert not ee.extra_hit(g, s, "fox") and not ee.extra_hit(g, s, "bird")     # 2 against 2 viziers
    g.options["ee_extra_hit_tie"] = "shared"
    assert ee.extra_hit(g, s, "fox") and ee.extra_hit(g, s, "bird")
    g.options["ee_extra_hit_tie"] = "strict"
    file(s, "ambush_fox")
    assert ee.extra_hit(g, s, "fox") and not ee.extra_hit(g, s, "bird")


def test_battle_deals_the_extra_hit_of_the_largest_column_CW_EE_DAY_4():
    g, s = table()
    state.place_warriors(g, "eyrie", 8, 3)
    state.place_warriors(g, "marquise", 8, 3)
    file(s, "ambush_fox", "ambush_fox", "ambush_fox")         # 3 against 2 viziers: the extra hit
    ee.battle(g, s, "fox")
    step = next(e for e in g.trace.events if e["rule"] == "CW-EE-DAY-4")
    fought = next(e for e in g.trace.events if e["rule"] == "LoR-4.3")
    assert (step["clearing"], step["defender"], step["extra"]) == (8, "marquise", 1)
    assert fought["hits"][0] == fought["rolled"][0] + 1 and fought["attacker"] == "eyrie"
    lost = 3 - g.clearings[8].warriors.get("marquise", 0)
    assert lost == min(3, fought["hits"][0])


def test_battle_with_no_target_is_skipped_RT_OPEN_19():
    g, s = table()
    state.place_warriors(g, "eyrie", 8, 3)
    ee.battle(g, s, "fox")
    assert not any(e["rule"] == "LoR-4.3" for e in g.trace.events) and s.board.turmoils == 0
    g.options["ee_failed_step"] = "turmoil"
    with pytest.raises(ee.Turmoil):
        ee.battle(g, s, "fox")


def test_the_bot_takes_hits_warriors_then_roosts_CW_GEN_6():
    g, s = table()
    roost(g, 5, 1)
    assert s.board.take_hits(g, s, 5, 3, "marquise") == 2
    assert g.clearings[5].warriors == {} and g.clearings[5].buildings == []
    assert g.seat("marquise").vp == 1 and s.supply == {"warrior": 20, "roost": 7}


def test_war_tax_in_battle_attacking_CW_EE_TRAIT_4():
    g, s = table(traits=("war_tax",))
    state.score(g, "marquise", 4, "card")
    state.place_warriors(g, "eyrie", 8, 2)
    state.place_building(g, "marquise", "sawmill", 8)         # defenseless: at least the extra hit
    ee.battle(g, s, "bird")
    assert g.clearings[8].buildings == [] and s.vp == 1 and g.seat("marquise").vp == 3


def test_war_tax_in_battle_defending_CW_EE_TRAIT_4():
    g, s = table(traits=("war_tax",))
    state.score(g, "marquise", 4, "card")
    s.board.after_battle(g, s, battle.Battle("marquise", "eyrie", 8, pieces_lost=[["sawmill", "wood"], []]))
    assert g.seat("marquise").vp == 2
    g2, s2 = table()
    state.score(g2, "marquise", 4, "card")
    s2.board.after_battle(g2, s2, battle.Battle("marquise", "eyrie", 8, pieces_lost=[["sawmill"], []]))
    assert g2.seat("marquise").vp == 4


# ---------------------------------------------------------------------------------------------- a whole turn

def test_a_turn_runs_the_steps_in_order_CW_EE_DAY_1_CW_EE_DAY_7():
    """CW-EE-DAY-1 (recruit, move, battle, each left to right), CW-EE-DAY-6 (the bird column acts on its
    viziers alone), CW-EE-DAY-7 (Relentless, Build, Swoop)."""
    g, s = table(traits=("relentless", "swoop"))
    roost(g, 1, 4)
    state.place_warriors(g, "marquise", 1, 1)
    roost(g, 2, 3)
    state.place_warriors(g, "marquise", 2, 1)
    file(s, "ambush_fox", "ambush_mouse")
    g.deck = [card("ambush_rabbit")]                          # no rabbit roost: its recruit finds nothing
    ee.turn(g, s)
    steps = [(e["rule"], e.get("column")) for e in g.trace.events if e["rule"].startswith("CW-EE")]
    assert steps == [("CW-EE-BIRD-3", "rabbit"),
                     ("CW-EE-DAY-2", "fox"), ("CW-EE-DAY-2", "mouse"), ("CW-EE-DAY-2", "rabbit"),
                     ("CW-EE-DAY-2", "bird"),
                     ("CW-EE-DAY-3", "fox"), ("CW-EE-DAY-3", "mouse"), ("CW-EE-DAY-3", "rabbit"),
                     ("CW-EE-DAY-3", "bird"),
                     ("CW-EE-DAY-4", "fox"), ("CW-EE-DAY-4", "mouse"), ("CW-EE-DAY-4", "rabbit"),
                     ("CW-EE-DAY-4", "bird"),
                     ("CW-EE-TRAIT-2", None), ("CW-EE-DAY-5", None), ("CW-EE-TRAIT-3", None), ("CW-EE-EVE-1", None)]
    assert s.board.decree["rabbit"] == [card("ambush_rabbit")] and s.board.turmoils == 0


def test_turmoil_in_mid_decree_ends_daylight_RT_OPEN_53():
    """RT-OPEN-53; CW-EE-TURM-4: the steps after a mid-Decree turmoil do not run."""
    g, s = table(traits=("nobility", "relentless"))
    roost(g, 1, 1)
    file(s, "ambush_mouse")                                   # no mouse roost: Nobility's turmoil
    g.deck = [card("ambush_fox")]
    state.place_warriors(g, "eyrie", 2, 1)
    state.place_building(g, "marquise", "sawmill", 2)         # Relentless would take it
    ee.turn(g, s)
    rules = [e["rule"] for e in g.trace.events if e["rule"].startswith("CW-EE")]
    assert rules.count("CW-EE-DAY-2") == 2 and "CW-EE-DAY-3" not in rules and "CW-EE-DAY-5" not in rules
    assert g.clearings[2].buildings == [("marquise", "sawmill")]
    assert s.board.turmoils == 1 and s.vp == 2 and s.board.decree == {c: [] for c in ee.COLUMNS}


# ---------------------------------------------------------------------------------------------- build

def test_build_in_the_highest_priority_ruled_clearing_without_a_roost_CW_EE_DAY_5():
    g, s = table()
    roost(g, 1, 1)
    state.place_warriors(g, "eyrie", 2, 1)
    state.place_warriors(g, "marquise", 2, 1)                 # 2: tied, ruled by Lords of the Forest
    state.place_warriors(g, "eyrie", 5, 1)
    ee.build(g, s)
    assert ("eyrie", "roost") in g.clearings[2].buildings and s.supply["roost"] == 5


def test_build_skips_full_and_keep_clearings_CW_EE_DAY_5():
    g, s = table()
    state.place_warriors(g, "eyrie", 1, 1)
    state.place_building(g, "marquise", "sawmill", 1)
    state.place_warriors(g, "eyrie", 1, 1)                    # 1: ruled (2 vs 1) but its slot is full
    state.place_warriors(g, "eyrie", 3, 1)
    g.clearings[3].tokens.append(("marquise", "keep"))
    state.place_warriors(g, "eyrie", 9, 1)
    ee.build(g, s)
    assert g.clearings[9].buildings == [("eyrie", "roost")]


def test_no_build_is_turmoil_CW_EE_DAY_5_CW_EE_TURM_1():
    g, s = table()
    roost(g, 1, 1)
    with pytest.raises(ee.Turmoil):
        ee.build(g, s)
    g, s = table()
    s.supply["roost"] = 0
    state.place_warriors(g, "eyrie", 2, 1)
    with pytest.raises(ee.Turmoil):
        ee.build(g, s)                                        # no roost left on the track


def test_rule_with_tokens_lets_the_bot_build_where_only_a_token_stands_RT_OPEN_14():
    g, s = table({"ee_rule_test": "with_tokens"})
    g.clearings[5].tokens.append(("alliance", "sympathy"))
    assert ee.rules(g, 5) and not ee.rules(g, 1)
    ee.build(g, s)
    assert g.clearings[5].buildings == [("eyrie", "roost")]
    g, s = table()
    g.clearings[5].tokens.append(("alliance", "sympathy"))
    assert not ee.rules(g, 5)


# ---------------------------------------------------------------------------------------------- turmoil

def test_turmoil_humiliates_and_purges_but_keeps_the_viziers_CW_EE_TURM_2_CW_EE_TURM_3():
    """CW-EE-TURM-2, CW-EE-TURM-3; CW-EE-DAY-6: the viziers stay, so the Decree is never empty."""
    g, s = table()
    state.score(g, "eyrie", 10, "card")
    file(s, "ambush_bird", "ambush_fox", "ambush_mouse")
    with pytest.raises(ee.Turmoil):
        ee.fall_into_turmoil(g, s, "test")
    assert s.vp == 10 - 3 and s.sources["turmoil"] == -3
    assert s.board.cards("bird") == 2 and all(not v for v in s.board.decree.values())
    assert sorted(g.discard) == sorted([card("ambush_bird"), card("ambush_fox"), card("ambush_mouse")])
    assert rules_of(g)[-3:] == ["CW-EE-TURM-1", "CW-EE-TURM-2", "CW-EE-TURM-3"]


def test_turmoil_cannot_take_the_score_below_zero_RT_OPEN_32():
    g, s = table()
    state.score(g, "eyrie", 1, "card")
    with pytest.raises(ee.Turmoil):
        ee.fall_into_turmoil(g, s, "test")
    assert s.vp == 0
    g, s = table({"vp_floor": "allow_negative"})
    with pytest.raises(ee.Turmoil):
        ee.fall_into_turmoil(g, s, "test")
    assert s.vp == -2


# ---------------------------------------------------------------------------------------------- evening

def test_evening_scores_roosts_less_one_CW_EE_EVE_1():
    g, s = table()
    roost(g, 1)
    ee.evening(g, s)
    assert s.vp == 0
    roost(g, 2)
    roost(g, 3)
    ee.evening(g, s)
    assert s.vp == 2 and s.sources == {"roosts": 2}


def test_the_bots_roosts_track_reads_0_to_6_CW_EE_SETUP_4():
    """CW-EE-SETUP-4: the bot's Roosts track reads 0, 1, .., 6 (roosts on the map less one), not the human
    Eyrie's 0, 1, 2, 3, 4, 4, 5: six roosts out score 5 and all seven 6."""
    g, s = table()
    for c in range(1, 7):
        roost(g, c)
    ee.evening(g, s)
    roost(g, 7)
    ee.evening(g, s)
    assert s.supply["roost"] == 0 and s.vp == 5 + 6


def test_nightmare_scores_one_more_CW_EE_EVE_2_CW_EE_DIFF_NIGHTMARE():
    """CW-EE-EVE-2, CW-EE-DIFF-NIGHTMARE: the nightmare point."""
    g, s = table(level="nightmare")
    roost(g, 1)
    roost(g, 2)
    ee.evening(g, s)
    assert s.vp == 2 and s.sources == {"roosts": 1, "bonus": 1}


# ---------------------------------------------------------------------------------------------- traits

def test_relentless_removes_defenseless_enemy_buildings_and_tokens_CW_EE_TRAIT_2():
    g, s = table(traits=("relentless",), alliance=True)
    state.place_warriors(g, "eyrie", 2, 1)
    state.place_building(g, "marquise", "sawmill", 2)
    g.clearings[2].tokens.append(("marquise", "wood"))
    g.clearings[2].tokens.append(("alliance", "sympathy"))
    state.place_warriors(g, "eyrie", 5, 1)
    state.place_building(g, "alliance", "base_fox", 5)
    state.place_warriors(g, "alliance", 5, 1)                 # defended
    state.place_building(g, "marquise", "workshop", 9)        # no Eyrie warriors in 9
    ee.relentless(g, s)
    assert g.clearings[2].buildings == [] and g.clearings[2].tokens == []
    assert g.clearings[5].buildings == [("alliance", "base_fox")]
    assert g.clearings[9].buildings == [("marquise", "workshop")]
    assert s.vp == 3 and s.sources == {"removal": 3}


def test_war_tax_costs_the_owner_one_vp_per_removal_CW_EE_TRAIT_4():
    g, s = table(traits=("relentless", "war_tax"))
    state.score(g, "marquise", 5, "card")
    state.place_warriors(g, "eyrie", 2, 1)
    state.place_building(g, "marquise", "sawmill", 2)
    g.clearings[2].tokens.append(("marquise", "wood"))
    ee.relentless(g, s)
    assert s.vp == 2 and g.seat("marquise").vp == 3
    # the audit found the loss booked as "war_tax", no scoring category: reading the scores crashed
    assert rounds.by_source(g, "marquise")["removal"] == -2
    assert "CW-EE-TRAIT-4" in rules_of(g)


def test_without_war_tax_the_owner_keeps_its_vp_CW_EE_TRAIT_4():
    g, s = table(traits=("relentless",))
    state.score(g, "marquise", 5, "card")
    state.place_warriors(g, "eyrie", 2, 1)
    state.place_building(g, "marquise", "sawmill", 2)
    ee.relentless(g, s)
    assert g.seat("marquise").vp == 5


def test_swoop_places_two_in_the_highest_priority_clearing_without_eyrie_pieces_CW_EE_TRAIT_3():
    g, s = table(traits=("swoop",))
    roost(g, 1)
    state.place_warriors(g, "eyrie", 2, 1)
    g.clearings[3].tokens.append(("marquise", "keep"))
    ee.swoop(g, s)
    assert g.clearings[4].warriors == {"eyrie": 2}


@pytest.mark.parametrize("option, swooped", [("swoop_fires", True), ("skip_swoop", False)])
def test_swoop_after_a_turmoil_RT_OPEN_53(option, swooped):
    g, s = table({"bird_order_scope": "no_clearing", "ee_turmoil_end_of_daylight": option}, traits=("swoop",))
    g.deck = [card("arms_trader")]
    ee.turn(g, s)
    assert s.board.turmoils == 1
    assert (g.clearings[1].warriors == {"eyrie": 2}) is swooped


# ---------------------------------------------------------------------------------------------- the board

def test_board_copy_shares_nothing():
    g, s = table()
    file(s, "ambush_fox")
    b = s.board.copy()
    b.decree["fox"].append(3)
    b.viziers = 1
    assert s.board.decree["fox"] == [card("ambush_fox")] and s.board.viziers == 2
