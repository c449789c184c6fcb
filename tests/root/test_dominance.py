"""Dominance (LoR-3.3): activating, the win at the start of Birdsong, taking an available card."""
import random

import pytest

from automa.root import data, dominance, state
from automa.root.battle import PASS
from automa.root.state import Seat, Victory


def table(answers=None):
    d = data.load()
    seats = [Seat(f, None if f == "marquise" else "bot", {"warrior": 20}) for f in state.FACTIONS]
    g = state.new_game(d.maps["fall"], d.deck, seats, {}, {"deck": random.Random(1)})
    g.ask = lambda game, kind, choices: answers.pop(0) if answers else choices[0]
    return g


def card(g, key, n=0):
    return [c.id for c in g.cards if c.key == key][n]


def test_activate_needs_ten_vp_and_a_human_LoR_3_3_1_CW_GEN_7():
    g = table()
    m, e = g.seat("marquise"), g.seat("eyrie")
    dom = card(g, "dominance_fox")
    m.hand.append(dom)
    m.vp = 9
    assert dominance.activatable(g, m) == []
    m.vp = 10
    assert dominance.activatable(g, m) == [dom]
    e.hand.append(dom)
    e.vp = 20
    assert dominance.activatable(g, e) == []


def test_an_activated_card_stops_the_points_win_LoR_3_3_1_LoR_3_3_2():
    g = table()
    m = g.seat("marquise")
    dom = card(g, "dominance_fox")
    m.hand.append(dom)
    m.vp = 12
    dominance.daylight(g, m)
    assert m.dominance == dom and dom not in m.hand
    assert dominance.activatable(g, m) == []             # no second one (LoR-3.3.2)
    state.score(g, "marquise", 20, "removal")            # no Victory raised


def test_suit_dominance_wins_with_three_ruled_clearings_of_the_suit_LoR_3_3_1_I():
    g = table()
    m = g.seat("marquise")
    m.dominance = card(g, "dominance_fox")
    for c in (1, 6):
        state.place_warriors(g, "marquise", c, 1)
    state.place_warriors(g, "marquise", 2, 1)           # mouse: does not count
    dominance.check_win(g, m)
    state.place_warriors(g, "marquise", 12, 1)
    with pytest.raises(Victory) as won:
        dominance.check_win(g, m)
    assert won.value.how == "dominance"


def test_bird_dominance_needs_two_opposite_corners_LoR_3_3_1_II():
    g = table()
    m = g.seat("marquise")
    m.dominance = card(g, "dominance_bird")
    a, b = g.map.corners[0], g.map.corners[1]            # adjacent corners: not opposite
    state.place_warriors(g, "marquise", a, 1)
    state.place_warriors(g, "marquise", b, 1)
    assert not dominance.wins(g, m)
    state.place_warriors(g, "marquise", g.map.clearings[a - 1].opposite, 1)
    assert dominance.wins(g, m)


def test_no_activated_card_no_dominance_win_LoR_3_3_1():
    g = table()
    for c in (1, 6, 8, 12):
        state.place_warriors(g, "marquise", c, 1)
    assert not dominance.wins(g, g.seat("marquise"))


def test_spent_dominance_is_available_and_taken_with_a_matching_card_LoR_3_3_3_LoR_3_3_4():
    """A spent dominance is available (LoR-3.3.3), taken by spending a matching card (LoR-3.3.4)."""
    g = table()
    m = g.seat("marquise")
    fox_dom, bird_dom = card(g, "dominance_fox"), card(g, "dominance_bird")
    state.discard(g, fox_dom)
    state.discard(g, bird_dom)
    assert g.dominance == [fox_dom, bird_dom] and g.discard == []
    fox = card(g, "anvil")                               # a fox card
    bird = card(g, "arms_trader")                        # a bird card
    mouse = card(g, "favor_of_the_mice")
    m.hand = [fox, mouse]
    assert dominance.takeable(g, m) == [(fox_dom, fox)]            # no bird: not the bird dominance
    m.hand = [bird]
    assert dominance.takeable(g, m) == [(fox_dom, bird), (bird_dom, bird)]   # birds wild (LoR-2.1.1)
    g.ask = lambda game, kind, choices: (bird_dom, bird) if kind == "dominance_take" else PASS
    dominance.daylight(g, m)
    assert m.hand == [bird_dom] and g.discard == [bird] and g.dominance == [fox_dom] and m.dominance is None
