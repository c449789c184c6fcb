"""Crafting (LoR-4.1): the cost, items from the supply, VP, persistent and immediate effects."""
import random

from automa.root import crafting, data, state
from automa.root.state import Seat


def table():
    d = data.load()
    seats = [Seat(f, None if f == "marquise" else "bot", {"warrior": 20, "sawmill": 6}) for f in state.FACTIONS]
    g = state.new_game(d.maps["fall"], d.deck, seats, {}, {"deck": random.Random(1)})
    g.items = {"sword": 2, "bag": 1, "boot": 2, "hammer": 1, "crossbow": 1, "tea": 2, "coins": 2, "torch": 1}
    return g


def card(g, key):
    return next(c.id for c in g.cards if c.key == key)


def test_pay_suited_then_any_LoR_4_1_1():
    assert crafting.pay(("fox", "fox"), {"fox": 2}) == {"fox": 2}
    assert crafting.pay(("fox", "fox"), {"fox": 1, "mouse": 3}) is None
    assert crafting.pay(("fox", "rabbit", "mouse"), {"fox": 1, "rabbit": 1, "mouse": 1}) == \
        {"fox": 1, "rabbit": 1, "mouse": 1}
    assert crafting.pay(("any",) * 4, {"fox": 1, "rabbit": 2, "mouse": 1}) == {"fox": 1, "rabbit": 2, "mouse": 1}
    assert crafting.pay(("any",) * 4, {"rabbit": 3}) is None
    assert crafting.pay(("mouse", "any"), {"mouse": 1, "fox": 1}) == {"mouse": 1, "fox": 1}


def test_each_crafting_piece_is_activated_once_per_turn_LoR_4_1_1():
    g = table()
    m = g.seat("marquise")
    a, b = card(g, "anvil"), card(g, "foxfolk_steel")
    m.hand += [a, b]
    pieces = {"fox": 2}
    assert crafting.craftable(g, m, a, pieces) and crafting.craftable(g, m, b, pieces)
    crafting.craft(g, m, a, pieces)
    assert pieces == {"fox": 1}
    assert not crafting.craftable(g, m, b, pieces)


def test_an_item_comes_from_the_supply_and_scores_its_vp_LoR_4_1_2_LoR_3_2_2():
    """An item comes from the supply (LoR-4.1.2) and scores the card's VP (LoR-3.2.2)."""
    g = table()
    m = g.seat("marquise")
    a = card(g, "arms_trader")
    m.hand.append(a)
    crafting.craft(g, m, a, {"fox": 2})
    assert g.items["sword"] == 1 and m.crafted == ["sword"] and m.vp == 2 and m.sources == {"crafting": 2}
    assert m.hand == [] and g.discard == [a]


def test_no_item_left_no_craft_LoR_4_1_2():
    g = table()
    m = g.seat("marquise")
    g.items["sword"] = 0
    assert not crafting.craftable(g, m, card(g, "arms_trader"), {"fox": 2})


def test_board_hooks_for_item_vp_and_where_the_item_goes_LoR_7_2_3_LoR_9_2_1():
    """Board hooks: Disdain for Trade's item VP (LoR-7.2.3); the Vagabond's item to his board (LoR-9.2.1)."""
    class Board:
        def __init__(self):
            self.items = []

        def copy(self):
            return self

        def item_vp(self, game, seat, card):
            return 1

        def take_item(self, game, seat, item):
            self.items.append(item)
    g = table()
    m = g.seat("marquise")
    m.board = Board()
    a = card(g, "arms_trader")
    m.hand.append(a)
    crafting.craft(g, m, a, {"fox": 2})
    assert m.vp == 1 and m.board.items == ["sword"] and m.crafted == []


def test_persistent_effects_go_to_play_never_twice_LoR_4_1_3_LoR_4_1_4():
    """Persistent effects go to the play area (LoR-4.1.3), never twice (LoR-4.1.4)."""
    g = table()
    m = g.seat("marquise")
    cob = [c.id for c in g.cards if c.key == "cobbler"]
    m.hand += cob
    crafting.craft(g, m, cob[0], {"rabbit": 2})
    assert m.persistent == [cob[0]] and g.discard == [] and m.vp == 0
    assert not crafting.craftable(g, m, cob[1], {"rabbit": 2})


def test_ambush_and_dominance_cannot_be_crafted_LoR_2_1_2_LoR_2_1_3():
    g = table()
    m = g.seat("marquise")
    for key in ("ambush_bird", "dominance_fox"):
        assert not crafting.craftable(g, m, card(g, key), {"fox": 4, "rabbit": 4, "mouse": 4})


def test_an_immediate_effect_resolves_then_is_discarded_LoR_4_1_2():
    g = table()
    m = g.seat("marquise")
    fav = card(g, "favor_of_the_foxes")
    m.hand.append(fav)
    state.place_warriors(g, "eyrie", 1, 3)
    crafting.craft(g, m, fav, {"fox": 3})
    assert g.clearings[1].warriors == {} and g.discard == [fav] and m.hand == []
