"""The shared operations of the game state: rule (LoR-2.5), pieces, removal VP (LoR-3.2.1), the score and
the 30-VP win (LoR-3.1, RT-OPEN-32), drawing and discarding (LoR-2.1, LoR-3.3.3, RT-OPEN-35)."""
import random

import pytest

from automa.root import data, marquise, movement, state
from automa.root.state import Seat


def table(options=None):
    d = data.load()
    seats = [Seat(f, None, {"warrior": 20, "sawmill": 6, "roost": 7, "wood": 8}) for f in state.FACTIONS]
    return state.new_game(d.maps["fall"], d.deck, seats, options or {}, {"deck": random.Random(5)})


def test_new_game_has_the_fall_suits_and_ruins_LoR_2_2_2_LoR_5_1_4():
    g = table()
    assert [g.clearings[c].suit for c in (1, 2, 3)] == [cl.suit for cl in g.map.clearings[:3]]
    assert sum(g.clearings[c].ruin for c in range(1, 13)) == 4
    ruined = next(c for c in range(1, 13) if g.clearings[c].ruin)
    assert g.clearings[ruined].open_slots == g.clearings[ruined].slots - 1


def test_rule_is_strictly_the_most_warriors_plus_buildings_LoR_2_5():
    g = table()
    state.place_warriors(g, "marquise", 1, 2)
    state.place_warriors(g, "alliance", 1, 2)
    assert state.ruler(g, 1) is None
    assert state.place_building(g, "marquise", "sawmill", 1)
    assert state.ruler(g, 1) == "marquise" and state.rules(g, "marquise", 1)
    g.clearings[1].tokens.append(("alliance", "sympathy"))       # tokens never count
    assert state.ruler(g, 1) == "marquise"


def test_the_eyrie_rules_ties_LoR_7_2_2_CW_EE_ABIL_1():
    g = table()
    state.place_warriors(g, "marquise", 2, 2)
    state.place_warriors(g, "eyrie", 2, 2)
    assert state.ruler(g, 2) == "eyrie"
    state.place_warriors(g, "marquise", 2, 1)
    assert state.ruler(g, 2) == "marquise"


def test_placing_takes_only_what_the_supply_holds_LoR_1_5_4():
    """Placing takes as many as the supply holds (LoR-1.5.4)."""
    g = table()
    assert state.place_warriors(g, "eyrie", 3, 25) == 20
    assert g.seat("eyrie").supply["warrior"] == 0 and g.clearings[3].warriors["eyrie"] == 20
    assert state.remove_warriors(g, "eyrie", 3, 30) == 20 and "eyrie" not in g.clearings[3].warriors


def test_a_building_needs_an_open_slot_LoR_2_2_3():
    g = table()
    c = next(c for c in range(1, 13) if g.clearings[c].open_slots == 1)
    assert state.place_building(g, "marquise", "sawmill", c)
    assert not state.place_building(g, "marquise", "sawmill", c)
    assert g.seat("marquise").supply["sawmill"] == 5


def test_removing_an_enemy_building_scores_1_LoR_3_2_1():
    g = table()
    state.place_building(g, "eyrie", "roost", 1)
    state.remove_piece(g, 1, ("eyrie", "roost"), "marquise", building=True)
    assert g.seat("marquise").vp == 1 and g.seat("marquise").sources == {"removal": 1}
    assert g.seat("eyrie").supply["roost"] == 7 and g.clearings[1].buildings == []


def test_a_removed_piece_the_board_calls_gone_leaves_the_game_LoR_6_2_2():
    class Board:
        gone_when_removed = ("keep",)
        seen = []

        def copy(self):
            return self

        def removed(self, game, seat, c, kind, by, scorer):
            self.seen.append((c, kind, by))

    g = table()
    g.seat("marquise").board = Board()
    g.seat("marquise").supply["keep"] = 1
    state.place_token(g, "marquise", "keep", 4)
    state.remove_piece(g, 4, ("marquise", "keep"), "eyrie", building=False)
    assert g.seat("marquise").out == {"keep": 1} and g.seat("marquise").supply["keep"] == 0
    assert Board.seen == [(4, "keep", "eyrie")] and g.seat("eyrie").vp == 1


def test_30_vp_wins_at_once_LoR_3_1():
    g = table()
    state.score(g, "alliance", 29, "sympathy")
    with pytest.raises(state.Victory) as won:
        state.score(g, "alliance", 1, "removal")
    assert won.value.faction == "alliance"


def test_a_seat_with_dominance_does_not_win_by_score_LoR_3_3_1():
    g = table()
    g.seat("eyrie").dominance = 50
    state.score(g, "eyrie", 31, "roosts")
    assert g.seat("eyrie").vp == 0                           # no score marker on the track: no VP at all


def test_the_score_stops_at_zero_by_default_RT_OPEN_32():
    g = table()
    state.score(g, "eyrie", 2, "roosts")
    state.score(g, "eyrie", -3, "turmoil")
    assert g.seat("eyrie").vp == 0 and g.seat("eyrie").sources == {"roosts": 2, "turmoil": -2}
    g = table({"vp_floor": "allow_negative"})
    state.score(g, "eyrie", -3, "turmoil")
    assert g.seat("eyrie").vp == -3


def test_the_discard_is_shuffled_into_a_new_deck_when_it_runs_out_LoR_2_1():
    g = table()
    g.deck, g.discard = [3], [9, 7, 8]
    first, second = state.draw(g, 2)
    assert first == 3 and g.discard == [] and sorted(g.deck + [second]) == [7, 8, 9] and g.guards == []


def test_an_empty_deck_and_discard_draw_nothing_and_record_the_guard_RT_OPEN_35():
    g = table()
    g.deck, g.discard = [4], []
    assert state.draw(g, 3) == [4]
    assert g.guards == ["RT-OPEN-35"]


def test_a_discarded_dominance_card_becomes_available_LoR_3_3_3():
    g = table()
    dom = next(c.id for c in g.cards if c.kind == "dominance")
    other = next(c.id for c in g.cards if c.kind == "item")
    state.discard(g, dom)
    state.discard(g, other)
    assert g.dominance == [dom] and g.discard == [other]


def test_a_copy_shares_no_mutable_part():
    g = table()
    state.place_warriors(g, "marquise", 1, 3)
    g.deck = [1, 2, 3]
    h = g.copy()
    state.place_warriors(h, "marquise", 1, 2)
    h.deck.pop()
    h.seat("marquise").hand.append(5)
    assert g.clearings[1].warriors == {"marquise": 3} and g.deck == [1, 2, 3] and g.seat("marquise").hand == []
    assert g.seat("marquise").supply["warrior"] == 17


def test_a_single_choice_is_taken_without_asking_and_others_are_put_to_ask():
    from automa.root.decide import choose
    g = table()
    asked = []
    g.ask = lambda game, kind, choices: asked.append((kind, choices)) or choices[-1]
    assert choose(g, "march", [(1, 2)]) == (1, 2) and asked == []
    assert choose(g, "march", [(1, 2), (1, 5)]) == (1, 5) and asked == [("march", ((1, 2), (1, 5)))]
    with pytest.raises(ValueError):
        choose(g, "march", [])


def test_nobody_but_the_marquise_places_pieces_in_the_keeps_clearing_LoR_6_2_2():
    g = table()
    g.seat("marquise").supply["keep"] = 1
    state.place_token(g, "marquise", "keep", 1)
    assert state.place_warriors(g, "eyrie", 1, 2) == 0 and not state.place_building(g, "eyrie", "roost", 1)
    g.seat("alliance").supply["sympathy"] = 1
    assert not state.place_token(g, "alliance", "sympathy", 1) and g.seat("alliance").supply["sympathy"] == 1
    assert state.place_warriors(g, "marquise", 1, 2) == 2 and state.place_building(g, "marquise", "sawmill", 1)
    assert state.may_place(g, "eyrie", 2) and not state.may_place(g, "vagabond", 1)


def test_move_is_not_place_the_laws_example_of_the_keep_LoR_6_2_2():
    """The Law's one worked example before section 10 (its opening questions, Q4, naming LoR-6.2.2): a term
    means only itself, so the Keep, which bars others from placing pieces in its clearing, does not bar
    them from moving warriors in; what they may not do there is place one."""
    g = table()
    g.seat("marquise").supply["keep"] = 1
    state.place_token(g, "marquise", "keep", 1)
    assert state.place_warriors(g, "eyrie", 5, 3) == 3 and state.rules(g, "eyrie", 5)
    assert 1 in movement.adjacent(g, 5) and movement.can_move(g, "eyrie", 5, 1)
    movement.move(g, "eyrie", 5, 1, 2)
    assert g.clearings[1].warriors["eyrie"] == 2 and g.clearings[5].warriors["eyrie"] == 1
    assert state.place_warriors(g, "eyrie", 1, 1) == 0 and g.clearings[1].warriors["eyrie"] == 2


def test_a_human_and_a_bot_of_one_faction_own_the_same_pieces_LoR_1_5_2():
    """The pieces are the faction's (LoR-1.5.2): the bot Marquise's keep is the keep, barring the others
    and found by the Marquise's rules, and her warriors come from and go back to her seat's supply."""
    for bot in (None, "mechanical_marquise"):
        g = table()
        cat = g.seat("marquise")
        cat.bot = bot
        g.clearings[1].tokens.append(("marquise", "keep"))
        assert marquise.keep_clearing(g) == 1 and not state.may_place(g, "eyrie", 1)
        assert state.place_warriors(g, "marquise", 1, 2) == 2 and cat.supply["warrior"] == 18
        assert state.remove_warriors(g, "marquise", 1, 2) == 2 and cat.supply["warrior"] == 20
