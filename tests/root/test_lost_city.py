"""The Lost City landmark (LoR-F, the seed's 16.5; its card, research notes §3): set up in a spaced river
clearing (on the Lake a coastal one); its clearing is fox, mouse and rabbit at once for every rule that asks
a clearing's suit; our readings RT-OWN-22..24 (docs/root-open.md). Fall's clearing 7 (printed mouse, rivers
to 4 and 11) is the Lost City in most tests."""
import random
from types import SimpleNamespace

import pytest

from automa.core.errors import UsageError
from automa.core.registry import get_game
from automa.root import (alliance, battle, cards, crafting, data, dominance, exiles_always, eyrie, labels, landmarks,
                         marquise, narrate, rounds, screen, setup, state, vagabond)
from automa.root.bots import automated_alliance as aa
from automa.root.bots import common, electric_eyrie
from automa.root.state import WILD
from automa.root.view import View
from tests.root import test_alliance, test_automated_alliance, test_exiles
from tests.root.script import Script, opts, rng
from tests.root.test_variant_maps import table

LC = 7                      # Fall: a mouse clearing on the rivers


def card(g, pred):
    return next(c.id for c in g.cards if pred(c))


# ---------------------------------------------------------------------------------------------- setup

def test_the_lost_city_goes_in_a_spaced_river_clearing_LoR_F():
    """LoR-F (16.5; its card): a river clearing, on the Lake a coastal one, with no landmark in it or next
    to it (as the Ferry)."""
    g = table("fall")
    assert landmarks.legal(g, "lost_city") == [4, 5, 7, 10, 11]
    g.tower = 12                                     # next to 4, 7, 10 and 11
    assert landmarks.legal(g, "lost_city") == [5]
    lake = table("lake")
    where = landmarks.legal(lake, "lost_city")
    assert where and all(lake.map.clearings[c - 1].coastal for c in where)
    assert lake.ferry not in where and not any(lake.ferry in lake.map.clearings[c - 1].adjacent for c in where)
    for side in ("winter", "mountain"):
        s = table(side)
        assert all(s.map.clearings[c - 1].rivers for c in landmarks.legal(s, "lost_city"))


@pytest.mark.parametrize("side", ["fall", "winter", "lake", "mountain"])
def test_the_lost_city_is_set_up_by_the_last_seat_on_every_map_LoR_A_5_3(side):
    """LoR-A.5.3 (16.1.5): ``landmarks=lost_city`` is accepted on every map side (the Lake's Ferry does not
    forbid it); the last seat sets it up in a legal clearing, traced as the other landmarks."""
    game = get_game("root")
    game.prepare(game.resolve_options({"map": side, "landmarks": "lost_city"}))
    ask = Script(landmark_clearing=[lambda cs: cs[-1]])
    g = setup.setup(data.load(), opts(map=side, landmarks="lost_city", seating="fixed", seat=2,
                                      bots="electric_eyrie"), rng(), ask=ask)
    (_, choices), = [a for a in ask.asked if a[0] == "landmark_clearing"]
    assert g.lost_city == choices[-1][1] and all(n == "lost_city" for n, _ in choices)
    assert g.copy().lost_city == g.lost_city
    assert ("lost_city", g.lost_city) in View(g, "marquise").landmarks
    assert "C Lost City" in screen.map_key(View(g, "marquise"))
    told = narrate.tell(View(g, "marquise"), {"kind": "landmark", "rule": "LoR-A.5.3", "faction": "marquise",
                                              "landmark": "lost_city", "clearing": g.lost_city})
    assert "up the Lost City in" in told


def test_landmarks_accept_the_lost_city_with_another_but_not_three():
    """LoR-A.5.1: one or two landmarks; the Lost City is one of the built ones."""
    game = get_game("root")
    game.prepare(game.resolve_options({"landmarks": "lost_city,black_market"}))
    with pytest.raises(UsageError, match="at most two"):
        game.prepare(game.resolve_options({"landmarks": "lost_city,black_market,tower"}))


def test_without_the_option_no_clearing_is_of_another_suit(monkeypatch):
    """LoR-A.5 (16.1.5): off by default, no Lost City is set up and, through a whole game, every suit test
    (``state.suited``, ``state.suit_of``) answers the clearing's printed suit alone."""
    suited, suit_of = state.suited, state.suit_of
    asked = []

    def check_suited(game, c, suit):
        asked.append(c)
        assert suited(game, c, suit) == (game.clearings[c].suit == suit)
        return suited(game, c, suit)

    def check_suit_of(game, c):
        assert suit_of(game, c) == game.clearings[c].suit != WILD
        return suit_of(game, c)
    monkeypatch.setattr(state, "suited", check_suited)
    monkeypatch.setattr(state, "suit_of", check_suit_of)
    pick = random.Random(5)
    g = setup.setup(data.load(), opts(faction="alliance", bots="mechanical_marquise,electric_eyrie,vagabot"), rng(),
                    ask=lambda game, kind, cs: pick.choice(cs))
    assert g.lost_city is None
    rounds.play(g)
    assert g.round > 1 and asked


# ---------------------------------------------------------------------------------------------- the suits

def test_the_lost_citys_clearing_is_fox_mouse_and_rabbit_at_once_LoR_F():
    """LoR-F (16.5): the Lost City's clearing is of each suit, never a bird; any card matches it; the other
    clearings keep their one suit."""
    g = table("fall")
    assert [s for s in ("fox", "mouse", "rabbit", "bird") if state.suited(g, LC, s)] == ["mouse"]
    g.lost_city = LC
    assert [s for s in ("fox", "mouse", "rabbit", "bird") if state.suited(g, LC, s)] == ["fox", "mouse", "rabbit"]
    assert state.suit_of(g, LC) == WILD and state.suit_of(g, 8) == "fox"
    assert all(state.matches(s, WILD) for s in ("fox", "mouse", "rabbit", "bird"))
    assert not state.suited(g, 8, "mouse") and not state.matches("rabbit", "fox") and state.matches("bird", "fox")


def test_pieces_in_the_lost_city_pay_any_suit_LoR_F():
    """LoR-F (its card): two crafting pieces there may pay two suits; a piece elsewhere pays its own first,
    a Lost City piece what the others cannot."""
    assert crafting.pay(("fox", "rabbit"), {WILD: 2}) == {WILD: 2}
    assert crafting.pay(("fox", "rabbit"), {"fox": 1, WILD: 1}) == {"fox": 1, WILD: 1}
    assert crafting.pay(("fox", "any"), {"fox": 1, "mouse": 1, WILD: 1}) == {"fox": 1, "mouse": 1}
    assert crafting.pay(("fox", "fox", "mouse"), {"fox": 1, WILD: 1}) is None
    assert crafting.pay(("fox", "rabbit"), {"mouse": 2}) is None


def test_two_workshops_there_pay_two_different_suits_LoR_F():
    """LoR-F (16.5; the card's own example) with LoR-6.2.1: Tax Collector costs fox, rabbit and mouse; a
    workshop in fox clearing 8 and two in the Lost City pay it, the two there a rabbit and a mouse; in
    clearing 7 as a plain mouse clearing they could not."""
    g = table("fall")
    me = g.seat("marquise")
    tax = card(g, lambda c: c.key == "tax_collector")
    me.supply["workshop"] = 6
    for c in (LC, LC, 8):
        assert state.place_building(g, "marquise", "workshop", c)
    me.hand = [tax]
    assert not crafting.craftable(g, me, tax, marquise.workshops(g))
    g.lost_city = LC
    pieces = marquise.workshops(g)
    assert pieces == {WILD: 2, "fox": 1}
    assert crafting.craftable(g, me, tax, pieces)
    crafting.craft(g, me, tax, pieces)
    assert pieces == {WILD: 0, "fox": 0} and tax in me.persistent


def test_every_factions_crafting_pieces_there_are_wild_LoR_F():
    """LoR-F: the Eyrie's roost, the Alliance's sympathy and the Vagabond's hammers in the Lost City pay any
    suit (LoR-7.2.1, LoR-8.2.1, LoR-9.2.1)."""
    g = test_alliance.table()
    g.lost_city = LC
    g.seat("eyrie").supply["roost"] = 7
    assert state.place_building(g, "eyrie", "roost", LC)
    assert eyrie.craft_pieces(g, SimpleNamespace(board=SimpleNamespace(activated={}))) == {WILD: 1}
    test_alliance.sympathy(g, LC, 8)
    pieces = alliance.crafting_pieces(g, test_alliance.al(g))
    assert pieces[WILD] == 1 and pieces["fox"] == 1 and pieces["mouse"] == 0
    assert vagabond._hammers(g, SimpleNamespace(ready=lambda kind: 2), LC) == {WILD: 2}


def test_cards_match_the_lost_city_whatever_their_suit_LoR_F_RT_OWN_23():
    """LoR-F with LoR-2.1.1; RT-OWN-23: Overwork at a sawmill there takes a card of any suit (the Marquise,
    LoR-6.5.5), and the Eyrie's Decree of each suit acts there (LoR-7.5.2)."""
    g = table("fall")
    me = g.seat("marquise")
    me.supply.update(wood=8, sawmill=6)
    assert state.place_building(g, "marquise", "sawmill", LC)
    me.hand = [card(g, lambda c: c.suit == "fox" and c.kind == "item")]
    assert marquise.overwork_options(g, me) == []
    g.lost_city = LC
    assert marquise.overwork_options(g, me) == [("overwork", LC)]
    g.seat("eyrie").supply.update(roost=7, warrior=20)
    assert state.place_building(g, "eyrie", "roost", LC)
    assert all(LC in eyrie.recruit_options(g, s) for s in ("fox", "rabbit", "mouse"))


def test_a_favor_sweeps_the_lost_city_and_it_counts_for_dominance_LoR_F():
    """LoR-F: the Favor of the Foxes removes the enemies in the Lost City (LoR-4.1.2); it is one of three fox
    clearings for a fox dominance (LoR-3.3.1)."""
    g = table("fall")
    me = g.seat("marquise")
    g.clearings[LC].warriors["eyrie"] = 2
    cards.favor(g, me, "fox")
    assert g.clearings[LC].warriors.get("eyrie") == 2
    g.lost_city = LC
    cards.favor(g, me, "fox")
    assert not g.clearings[LC].warriors.get("eyrie")
    me.dominance = card(g, lambda c: c.key == "dominance_fox")
    for c in (1, 8):
        state.place_warriors(g, "marquise", c, 1)
    assert not dominance.wins(g, me)
    state.place_warriors(g, "marquise", LC, 1)
    assert dominance.wins(g, me)


# ---------------------------------------------------------------------------------------------- the Alliance

def test_the_alliance_revolts_there_with_any_supporters_and_the_base_it_chooses_LoR_F_RT_OWN_23():
    """LoR-F (its FAQ: the Alliance may revolt there) with LoR-8.4.1; RT-OWN-23: supporters of any suits
    pay, the player picks the base (``alliance_base``), and its suit's warriors count the Lost City."""
    g = test_alliance.table(Script(alliance_base=["fox"]))
    me = test_alliance.al(g)
    test_alliance.sympathy(g, LC, 1, 12)                           # 7 mouse; 1 and 12 fox
    fox, rabbit = (card(g, lambda c, s=s: c.suit == s and c.kind == "item") for s in ("fox", "rabbit"))
    test_alliance.supporters(g, fox, rabbit)
    assert alliance.revolt_options(g, me) == []
    g.lost_city = LC
    assert alliance.revolt_options(g, me) == [LC]
    alliance.revolt(g, me, LC)
    (kind, choices), = [a for a in g.ask.asked if a[0] == "alliance_base"]
    assert sorted(choices) == ["fox", "mouse", "rabbit"]
    assert ("alliance", "base_fox") in g.clearings[LC].buildings and not me.board.supporters
    assert g.clearings[LC].warriors["alliance"] == 3                 # 1, 12 and the Lost City are fox
    assert labels.describe(View(g, "alliance"), "alliance_base", "fox") == "place the fox base in the Lost City"


def test_the_alliance_revolts_there_with_its_slots_full_of_its_bases_LoR_F_RT_OWN_25():
    """LoR-F (its FAQ); RT-OWN-25 (``lost_city_full_revolt=allowed``): the Lost City in clearing 4 (one
    slot) holds the fox base; a revolt there is still offered, with the rabbit or the mouse base: the base
    stays in the box, the warriors of its suit (4 itself and 9, mouse) and the officer come; with
    ``needs_slot`` it is not offered."""
    g = test_alliance.table(Script(alliance_base=["mouse"]))
    me = test_alliance.al(g)
    g.lost_city = 4
    test_alliance.sympathy(g, 4, 9)
    assert state.place_building(g, "alliance", "base_fox", 4)
    test_alliance.supporters(g, *(card(g, lambda c, s=s: c.suit == s and c.kind == "item") for s in ("fox", "rabbit")))
    assert alliance.revolt_options(g, me) == [4]
    officers, warriors = me.board.officers, me.supply["warrior"]
    alliance.revolt(g, me, 4)
    assert g.clearings[4].buildings == [("alliance", "base_fox")] and me.supply["base_mouse"] == 1
    assert g.clearings[4].warriors["alliance"] == 2 and me.board.officers == officers + 1
    assert me.supply["warrior"] == warriors - 3 and not me.board.supporters
    test_alliance.supporters(g, *(card(g, lambda c, s=s: c.suit == s and c.kind == "item") for s in ("fox", "rabbit")))
    assert alliance.revolt_options(g, me) == [4]
    g.options["lost_city_full_revolt"] = "needs_slot"
    assert alliance.revolt_options(g, me) == []


def test_the_alliance_spreads_there_with_mixed_supporters_LoR_F_RT_OWN_23():
    """LoR-F with LoR-8.4.2; RT-OWN-23: each supporter matches the Lost City on its own."""
    g = test_alliance.table()
    me = test_alliance.al(g)
    test_alliance.sympathy(g, 8, 1, 2)                              # 8 next to the Lost City; a cost of 2
    test_alliance.supporters(g, *(card(g, lambda c, s=s: c.suit == s and c.kind == "item") for s in ("fox", "rabbit")))
    assert alliance.spread_cost(g, me, LC) == 2
    assert LC not in alliance.spread_options(g, me)
    g.lost_city = LC
    assert LC in alliance.spread_options(g, me)
    alliance.spread(g, me, LC)
    assert alliance.sympathetic(g, LC) and not me.board.supporters


# ---------------------------------------------------------------------------------------------- the bots

def test_every_suits_order_reaches_the_lost_city_CW_GEN_13_LoR_F():
    """LoR-F with CW-GEN-13: an order card of each suit orders the Lost City; the Electric Eyrie's Decree
    columns of each suit act there (CW-EE-DAY)."""
    g = table("fall")
    assert [s for s in ("fox", "rabbit", "mouse") if common.ordered(g, s, LC)] == ["mouse"]
    g.lost_city = LC
    assert all(common.ordered(g, s, LC) for s in ("fox", "rabbit", "mouse"))
    assert all(LC in electric_eyrie._matching(g, s) for s in ("fox", "rabbit", "mouse"))
    assert LC in common.ordered_clearings(g, "fox") and 8 in common.ordered_clearings(g, "fox")


def test_automated_outrage_there_takes_any_card_CW_AA_ABIL_3_RT_OWN_23():
    """RT-OWN-23 with CW-AA-ABIL-3: the player who sets off Outrage in the Lost City discards a card of any
    suit; elsewhere only a matching one."""
    g = test_automated_alliance.table()
    me = g.seat("marquise")
    fox = card(g, lambda c: c.suit == "fox" and c.kind == "item")
    me.hand = [fox]
    aa.outrage(g, test_automated_alliance.bot(g), LC, "marquise")
    assert me.hand == [fox]
    g.lost_city = LC
    g.ask = Script()
    aa.outrage(g, test_automated_alliance.bot(g), LC, "marquise")
    assert me.hand == [] and fox in g.discard


def test_crackdown_of_any_base_takes_the_lost_citys_sympathy_CW_AA_ABIL_4_LoR_F():
    """LoR-F with CW-AA-ABIL-4: the sympathy in the Lost City is in a clearing of every base's suit."""
    g = test_automated_alliance.table()
    g.lost_city = LC
    test_automated_alliance.sympathy(g, LC, 8)
    aa.crackdown(g, test_automated_alliance.bot(g), "rabbit", None)
    assert not aa.sympathetic(g, LC) and aa.sympathetic(g, 8)


@pytest.mark.parametrize("choice, base", [("first", "fox"), ("most_sympathy", "mouse")])
def test_a_bot_revolt_there_places_the_read_base_RT_OWN_22(choice, base):
    """RT-OWN-22 (``aa_lost_city_base``): a bird order revolts with every suit; in the Lost City the bot
    places the first suit's base left (fox, rabbit, mouse), or the one of the suit with the most sympathetic
    clearings (mouse: 7 itself, 9 and 11); a suited order places its own base there under either."""
    g = test_automated_alliance.table({"aa_lost_city_base": choice})
    g.lost_city = LC
    test_automated_alliance.sympathy(g, LC, 9, 11)
    assert aa.revolt(g, test_automated_alliance.bot(g), ("fox", "rabbit", "mouse"), "CW-AA-DAY-2")
    assert ("alliance", f"base_{base}") in g.clearings[LC].buildings
    g = test_automated_alliance.table({"aa_lost_city_base": choice})
    g.lost_city = LC
    test_automated_alliance.sympathy(g, LC, 9, 11)
    assert aa.revolt(g, test_automated_alliance.bot(g), ("rabbit",), "CW-AA-BIRD-3")
    assert ("alliance", "base_rabbit") in g.clearings[LC].buildings


def test_a_bot_revolt_there_skips_a_base_already_placed_RT_OWN_22():
    """RT-OWN-22: the bot's fox base on the map, a bird order's revolt in the Lost City places the next
    suit's base left (rabbit); elsewhere a used base forbids the revolt."""
    g = test_automated_alliance.table()
    g.lost_city = LC
    test_automated_alliance.sympathy(g, LC)
    me = test_automated_alliance.bot(g)
    me.supply["base_fox"] = 0
    assert aa.revolt(g, me, ("fox", "rabbit", "mouse"), "CW-AA-DAY-2")
    assert ("alliance", "base_rabbit") in g.clearings[LC].buildings


# ---------------------------------------------------------------------------------------------- Partisans

@pytest.mark.parametrize("each, hits", [("one", 1), ("each", 2)])
def test_partisans_in_the_lost_city_RT_OWN_24(each, hits):
    """RT-OWN-24 (``partisans_lost_city``) with LoR-A.2: in the Lost City every held Partisans applies; the
    player uses one of his choice, or each; each discard keeps its own card's suit (birds kept, RT-OWN-4)."""
    g = test_exiles.table(options={**test_exiles.EP, "partisans_lost_city": each})
    g.lost_city = LC
    m = g.seat("marquise")
    fox_p = test_exiles.in_play(g, m, "partisans_fox")
    rabbit_p = test_exiles.in_play(g, m, "partisans_rabbit")
    fox, bird, mouse = (card(g, lambda c, s=s: c.suit == s and c.kind == "item") for s in ("fox", "bird", "mouse"))
    m.hand = [fox, bird, mouse]
    g.ask = Script(partisans=[rabbit_p, fox_p])
    assert exiles_always.partisans(g, m, LC) == hits
    asked = [c for k, c in g.ask.asked if k == "partisans"]
    assert asked == [(fox_p, rabbit_p, battle.PASS), (fox_p, battle.PASS)][:hits]
    assert m.hand == [bird] and {fox, mouse} <= set(g.discard)
    assert fox_p in m.persistent and rabbit_p in m.persistent


def test_partisans_elsewhere_offer_the_clearings_suit_alone_LoR_A_2():
    """LoR-A.2: outside the Lost City only the Partisans of the clearing's suit is offered, once."""
    g = test_exiles.table(options={**test_exiles.EP, "partisans_lost_city": "each"})
    m = g.seat("marquise")
    fox_p = test_exiles.in_play(g, m, "partisans_fox")
    test_exiles.in_play(g, m, "partisans_rabbit")
    g.ask = Script()
    assert exiles_always.partisans(g, m, LC) == 0                    # clearing 7 is mouse: none applies
    assert exiles_always.partisans(g, m, 8) == 1          # clearing 8 is fox
    assert [c for k, c in g.ask.asked if k == "partisans"] == [(fox_p, battle.PASS)]
