"""The standard deck's card effects (LoR-4.1.2, LoR-4.1.3; data/deck.json), at their points in a turn."""
import inspect
import random

from automa.root import battle, cards, data, state
from automa.root.battle import PASS
from automa.root.state import Seat

FOX = (1, 6, 8, 12)          # the Fall map's fox clearings


class Board:
    def __init__(self):
        self.seen = []

    def copy(self):
        return self

    def removed(self, game, seat, c, kind, by, scorer):
        self.seen.append(("removed", c, kind, by))

    def lost_warriors(self, game, seat, c, n, by):
        self.seen.append(("lost", c, n, by))

    def full_removal(self, game, seat, c, by):
        self.seen.append(("full", c, by))


class Dice:
    def randint(self, lo, hi):
        return hi


def table(answers=None, humans=("marquise",), options=None):
    d = data.load()
    seats = [Seat(f, None if f in humans else "bot", {"warrior": 20, "sawmill": 6, "roost": 7, "sympathy": 10})
             for f in state.FACTIONS]
    for s in seats:
        s.board = Board()
    g = state.new_game(d.maps["fall"], d.deck, seats, dict(options or {}),
                       {"deck": random.Random(1), "dice": random.Random(2)})
    g.deck = list(range(20))
    asked = []

    def ask(game, kind, choices):
        asked.append((kind, choices))
        return answers.pop(0) if answers else choices[0]
    ask.asked = asked
    g.ask = ask
    return g


def in_play(g, seat, effect):
    card = next(c.id for c in g.cards if c.effect == effect)
    seat.persistent.append(card)
    return card


def test_every_standard_effect_has_its_point_LoR_4_1_2_LoR_4_1_3():
    assert sorted(cards.WHEN) == sorted(data.EFFECTS[:14])
    for effect, when in cards.WHEN.items():
        if when in ("birdsong", "daylight", "evening"):
            assert callable(getattr(cards, effect)) and effect in inspect.getsource(getattr(cards, f"{when}_effects"))
        elif when == "battle":
            assert f'"{effect}"' in inspect.getsource(battle._card_effects)


def test_favor_removes_all_enemy_pieces_of_the_suit_and_scores_LoR_4_1_2_LoR_3_2_1():
    g = table()
    m = g.seat("marquise")
    state.place_warriors(g, "eyrie", 1, 3)
    state.place_building(g, "eyrie", "roost", 6)
    state.place_token(g, "alliance", "sympathy", 8)
    state.place_warriors(g, "marquise", 8, 2)
    state.place_warriors(g, "alliance", 2, 2)         # mouse: untouched
    g.pawn = ("clearing", 12)
    cards.favor(g, m, "fox")
    assert all(g.clearings[c].warriors.get("eyrie", 0) == 0 for c in FOX)
    assert g.clearings[6].buildings == [] and g.clearings[8].tokens == []
    assert g.clearings[8].warriors == {"marquise": 2} and g.clearings[2].warriors == {"alliance": 2}
    assert m.vp == 2
    assert g.seat("eyrie").board.seen == [("lost", 1, 3, "marquise"), ("removed", 6, "roost", "marquise")]
    assert g.seat("vagabond").board.seen == [("full", 12, "marquise")]      # LoR-9.2.2.I


def test_royal_claim_scores_each_ruled_clearing_and_is_discarded_LoR_4_1_3():
    g = table()
    m = g.seat("marquise")
    card = in_play(g, m, "royal_claim")
    for c in (1, 2, 3):
        state.place_warriors(g, "marquise", c, 1)
    state.place_warriors(g, "eyrie", 3, 1)             # a tie: not ruled
    cards.birdsong_effects(g, m)
    assert m.vp == 2 and m.persistent == [] and g.discard == [card]


def test_royal_claim_may_be_kept_LoR_4_1_3():
    g = table(answers=[PASS])
    m = g.seat("marquise")
    card = in_play(g, m, "royal_claim")
    state.place_warriors(g, "marquise", 1, 1)
    cards.birdsong_effects(g, m)
    assert m.vp == 0 and m.persistent == [card]


def test_better_burrow_bank_both_draw_a_bot_draws_nothing_CW_GEN_15():
    g = table(humans=("marquise", "eyrie"))
    m = g.seat("marquise")
    in_play(g, m, "better_burrow_bank")
    cards.birdsong_effects(g, m)
    assert g.ask.asked[0] == ("better_burrow_bank", ("eyrie", "alliance", "vagabond"))
    assert m.hand == [19] and g.seat("eyrie").hand == [18]
    g2 = table(answers=["alliance"])
    in_play(g2, g2.seat("marquise"), "better_burrow_bank")
    cards.birdsong_effects(g2, g2.seat("marquise"))
    assert g2.seat("marquise").hand == [19] and g2.deck == list(range(19))


def test_better_burrow_bank_a_bot_s_card_discarded_for_1_vp_RT_OWN_5():
    """The alternative reading: the card the bot would draw is discarded and it scores 1 VP, as a card given
    to a bot (CW-GEN-15)."""
    g = table(answers=["alliance"], options={"better_burrow_bank_bot": "discard_for_vp"})
    in_play(g, g.seat("marquise"), "better_burrow_bank")
    cards.birdsong_effects(g, g.seat("marquise"))
    assert g.seat("marquise").hand == [19] and g.deck == list(range(18))
    assert g.discard == [18] and g.seat("alliance").vp == 1 and g.seat("alliance").hand == []


def test_stand_and_deliver_from_a_bot_draws_and_the_bot_scores_CW_GEN_15():
    g = table(answers=["alliance"])
    m = g.seat("marquise")
    in_play(g, m, "stand_and_deliver")
    cards.birdsong_effects(g, m)
    assert m.hand == [19] and g.seat("alliance").vp == 1 and m.persistent


def test_stand_and_deliver_takes_a_random_card_from_a_human_LoR_4_1_3():
    g = table(answers=["eyrie"], humans=("marquise", "eyrie"))
    m, e = g.seat("marquise"), g.seat("eyrie")
    e.hand = [30, 31]
    in_play(g, m, "stand_and_deliver")
    cards.birdsong_effects(g, m)
    assert len(m.hand) == 1 and m.hand[0] in (30, 31) and len(e.hand) == 1 and e.vp == 1


def test_simultaneous_birdsong_effects_are_each_the_players_choice_in_a_fixed_order_LoR_1_1_3():
    """Effects at the same point (LoR-1.1.3): the player whose turn it is decides each one; the engine puts
    them to her in the listed order, and a passed Royal Claim stays in play."""
    g = table(answers=["alliance", PASS, PASS])
    m = g.seat("marquise")
    claim = in_play(g, m, "royal_claim")
    in_play(g, m, "stand_and_deliver")
    in_play(g, m, "better_burrow_bank")
    state.place_warriors(g, "marquise", 1, 1)
    cards.birdsong_effects(g, m)
    assert [k for k, _ in g.ask.asked] == ["better_burrow_bank", "royal_claim", "stand_and_deliver"]
    assert claim in m.persistent and m.vp == 0 and g.seat("alliance").vp == 0 and m.hand == [19]


def test_command_warren_offers_one_battle_LoR_4_3():
    g = table(humans=("marquise", "eyrie"))
    m = g.seat("marquise")
    in_play(g, m, "command_warren")
    g.rng["dice"] = Dice()
    state.place_warriors(g, "marquise", 5, 3)
    state.place_warriors(g, "eyrie", 5, 1)
    cards.daylight_effects(g, m)
    assert g.ask.asked[0] == ("command_warren", ((5, "eyrie"), PASS))
    assert g.clearings[5].warriors == {"marquise": 2}          # dice 3-3: each side deals its cap


def test_tax_collector_removes_own_warrior_to_draw_LoR_4_1_3():
    g = table()
    m = g.seat("marquise")
    in_play(g, m, "tax_collector")
    state.place_warriors(g, "marquise", 4, 2)
    cards.daylight_effects(g, m)
    assert g.clearings[4].warriors == {"marquise": 1} and m.hand == [19]
    assert m.board.seen == [("lost", 4, 1, "marquise")]          # Field Hospitals may react (LoR-6.2.3)


def test_cobbler_offers_one_move_at_the_start_of_evening_LoR_4_2():
    g = table(answers=[(1, 9, 1)])
    m = g.seat("marquise")
    in_play(g, m, "cobbler")
    state.place_warriors(g, "marquise", 1, 2)
    cards.evening_effects(g, m)
    kind, choices = g.ask.asked[0]
    assert kind == "cobbler" and (1, 9, 2) in choices and (1, 9, 1) in choices and choices[-1] == PASS
    assert g.clearings[1].warriors == {"marquise": 1} and g.clearings[9].warriors == {"marquise": 1}


def test_no_persistent_cards_nothing_is_asked():
    g = table()
    m = g.seat("marquise")
    state.place_warriors(g, "marquise", 1, 2)
    cards.birdsong_effects(g, m)
    cards.daylight_effects(g, m)
    cards.evening_effects(g, m)
    assert g.ask.asked == [] and m.hand == []
