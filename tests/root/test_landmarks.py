"""Landmarks (LoR-F, the seed's 16.5; setup LoR-A.5, 16.1.5): the option, setup by the last seats, the Ferry
and the Tower on any map, the Elder Treetop, and nothing at all when the option is empty."""
import random

import pytest

from automa.core.errors import UsageError
from automa.core.registry import get_game
from automa.root import data, landmarks, movement, rounds, setup, state
from automa.root.options import BOTS
from tests.root.script import idle_round, opts, rng, Script
from tests.root.test_variant_maps import table


@pytest.mark.parametrize("faction", ["marquise", "eyrie", "alliance", "vagabond"])
def test_no_landmark_code_runs_without_the_option(monkeypatch, faction):
    """LoR-A.5 (16.1.5): landmarks are optional; off by default, no function of landmarks.py runs in a whole
    game, and no landmark is on the map."""
    for name in ("setup", "legal", "occupied", "black_market", "at_forge", "forged"):
        monkeypatch.setattr(landmarks, name, lambda *a, name=name: pytest.fail(f"landmarks.{name} ran"))
    pick = random.Random(3)
    bots = ",".join(b for b, f in BOTS.items() if f != faction)
    g = setup.setup(data.load(), opts(faction=faction, bots=bots), rng(), ask=lambda game, kind, cs: pick.choice(cs))
    assert g.ferry is None and g.tower is None
    assert g.elder_treetop is None and g.treetop_piece is None and g.black_market is None and not g.market
    assert g.legendary_forge is None and not g.forge_items
    assert [cl.slots for cl in g.clearings[1:]] == [cl.slots for cl in g.map.clearings]
    rounds.play(g)
    assert g.round > 1 and not g.market and not g.forge_items and g.treetop_piece is None


@pytest.mark.parametrize("raw, side", [("ferry", "lake"), ("tower", "mountain")])
def test_the_map_sides_own_piece_is_not_doubled_LoR_A_5(raw, side):
    """LoR-A.5 with LoR-C.2.1/C.3.1 (16.1.5): the Lake has its Ferry, the Mountain its Tower already."""
    game = get_game("root")
    with pytest.raises(UsageError, match="already"):
        game.prepare(game.resolve_options({"map": side, "landmarks": raw}))


def test_the_last_seats_set_up_the_landmarks_LoR_A_5_3():
    """LoR-A.5.3 (16.1.5): the last seat in turn order sets up one landmark, the second-to-last the other;
    a player chooses the clearing, a bot takes its highest-priority legal one (our open point, CW-GEN-8)."""
    ask = Script(landmark_clearing=[lambda cs: cs[-1]])
    g = setup.setup(data.load(), opts(landmarks="ferry,tower", seating="fixed", seat=2, bots="electric_eyrie"),
                    rng(), ask=ask)
    assert [s.bot is None for s in g.seats] == [False, True]
    (kind, choices), = [a for a in ask.asked if a[0] == "landmark_clearing"]
    name, chosen = choices[-1]
    other = "tower" if name == "ferry" else "ferry"
    assert getattr(g, name) == chosen                                # the player's, the last seat
    assert all(n == name for n, _ in choices)
    assert getattr(g, other) == min(landmarks.legal(g, other) + [getattr(g, other)])   # the bot's: highest priority


def test_a_bot_may_place_at_random_landmark_placement():
    """Our open point (LoR-A.5.3 is silent for bots): ``landmark_placement=random`` draws from the setup
    stream."""
    places = {setup.setup(data.load(), opts(faction="none", bots="electric_eyrie,automated_alliance",
                                            landmarks="tower", landmark_placement="random"), rng(s),
                          ask=Script()).tower for s in range(8)}
    assert len(places) > 1 and places <= {6, 10, 11, 12}


def test_where_landmarks_may_go_LoR_A_5_3():
    """The cards' setup (research notes §3, LoR-A.5.3, 16.1.5): the Ferry in a river clearing with no
    landmark in or next to it; the Tower in a ruin's clearing with no landmark."""
    g = table("fall")
    assert landmarks.legal(g, "ferry") == [4, 5, 7, 10, 11]
    assert landmarks.legal(g, "tower") == [6, 10, 11, 12]
    g.tower = 10
    assert 10 not in landmarks.legal(g, "ferry") and not any(10 in g.map.clearings[c - 1].adjacent
                                                             for c in landmarks.legal(g, "ferry"))
    g.ferry = 11
    assert landmarks.legal(g, "tower") == [6, 12]


def test_the_ferry_landmark_crosses_one_river_LoR_C_2_5_A_5():
    """The Ferry as a landmark off the Lake (LoR-A.5, 16.1.5; rule LoR-C.2.5, 16.2.2.V): once a turn a move
    from its clearing may go one river away; the Ferry goes along and the mover draws (a bot: 1 VP, CW2-MAP)."""
    g = table("fall")
    g.ferry = 4
    assert 7 not in movement.adjacent(g, 4) and movement.crossings(g, 4) == (7,)
    assert 7 in movement.bot_adjacent(g, 4) and 4 in movement.bot_adjacent(g, 7)
    state.place_warriors(g, "marquise", 4, 2)
    assert movement.can_move(g, "marquise", 4, 7)
    movement.move(g, "marquise", 4, 7, 2)
    assert g.ferry == 7 and len(g.seat("marquise").hand) == 1 and movement.crossings(g, 7) == ()


def test_a_bots_closed_path_is_no_ferry_crossing_CW2_MAP():
    """CW2-MAP: a bot walks the Mountain's closed paths; leaving the Ferry's clearing by one is no crossing."""
    g = table("mountain")
    g.ferry = 2
    closed = g.map.clearings[1].closed[0]
    state.place_warriors(g, "eyrie", 2, 2)
    movement.move(g, "eyrie", 2, closed, 1)
    assert g.ferry == 2 and not g.used and g.seat("eyrie").vp == 0


def test_the_tower_landmark_scores_its_ruler_LoR_C_3_4_A_5():
    """The Tower as a landmark (LoR-A.5, 16.1.5; rule LoR-C.3.4, 16.2.3.IV): its ruler at the end of Evening
    scores 1 VP, on any map."""
    g = table("fall")
    g.tower = 6
    state.place_warriors(g, "eyrie", 6, 2)
    idle_round(g)
    assert g.seat("eyrie").sources == {"map": 1} and g.seat("marquise").vp == 0


def test_landmarks_are_nobodys_pieces_LoR_F_1_1_F_1_2():
    """LoR-F.1.1-F.1.2 (16.5.1): a landmark is no faction's piece: it rules nothing and stands in no clearing's
    pieces, so no battle or removal can reach it."""
    g = setup.setup(data.load(), opts(landmarks="ferry,tower"), rng(), ask=Script())
    for c in (g.ferry, g.tower):
        cl = g.clearings[c]
        pieces = set(cl.warriors) | {f for f, _ in cl.buildings} | {f for f, _ in cl.tokens}
        assert pieces <= set(state.FACTIONS) and not {"ferry", "tower"} & {p for _, p in cl.buildings + cl.tokens}
    g.clearings[g.tower].warriors.clear()
    g.clearings[g.tower].buildings.clear()
    assert not any(state.rules(g, s.faction, g.tower) for s in g.seats)     # it rules nothing, for nobody


# ---------------------------------------------------------------------------------------------- the Elder Treetop

def test_the_elder_treetop_goes_in_a_spaced_corner_LoR_F():
    """The Elder Treetop's card (LoR-F, the seed's 16.5; research notes §3): a corner clearing with no landmark
    in it or next to it."""
    g = table("fall")
    assert landmarks.legal(g, "elder_treetop") == [1, 2, 3, 4]
    g.ferry = 5                                       # next to corners 1 and 2
    assert landmarks.legal(g, "elder_treetop") == [3, 4]
    assert landmarks.legal(table("lake"), "elder_treetop") == [2, 3, 4]     # the Lake's Ferry holds corner 1


def test_the_elder_treetop_needs_three_players_LoR_F():
    """LoR-F (its card): not at a table of two; a player and one bot are two players."""
    game = get_game("root")
    with pytest.raises(UsageError, match="3 or more players"):
        game.prepare(game.resolve_options({"landmarks": "elder_treetop", "bots": "electric_eyrie"}))
    with pytest.raises(UsageError, match="3 or more players"):
        game.prepare(game.resolve_options({"faction": "none", "bots": "electric_eyrie,vagabot",
                                           "landmarks": "elder_treetop"}))
    game.prepare(game.resolve_options({"landmarks": "elder_treetop", "bots": "electric_eyrie,vagabot"}))


def test_the_elder_treetop_adds_a_building_slot_LoR_F():
    """LoR-F (16.5; the card): set up, its clearing has one building slot more than printed."""
    g = setup.setup(data.load(), opts(landmarks="elder_treetop", bots="electric_eyrie,vagabot"), rng(),
                    ask=Script())
    c = g.elder_treetop
    assert c in g.map.corners
    assert [cl.slots for cl in g.clearings[1:]] == [cl.slots + (cl.id == c) for cl in g.map.clearings]


def test_removing_a_building_from_the_treetop_slot_scores_one_more_LoR_F():
    """LoR-F (16.5; the card): the building placed when the printed slots are full takes the Treetop's slot
    (our reading); an enemy removing it scores 1 VP more (2 in all), one in a printed slot the usual 1; of
    two alike the printed one goes first (our reading)."""
    g = table("fall")
    g.elder_treetop = 1
    g.clearings[1].slots += 1                         # clearing 1: one printed slot and the Treetop's
    g.seat("marquise").supply.update(sawmill=3)
    g.seat("eyrie").supply.update(roost=3)
    assert state.place_building(g, "marquise", "sawmill", 1) and g.treetop_piece is None
    assert state.place_building(g, "eyrie", "roost", 1) and g.treetop_piece == ("eyrie", "roost")
    assert not state.place_building(g, "marquise", "sawmill", 1)
    state.remove_piece(g, 1, ("marquise", "sawmill"), "eyrie", True)      # the printed slot's
    assert g.seat("eyrie").vp == 1 and g.treetop_piece == ("eyrie", "roost")
    assert state.place_building(g, "marquise", "sawmill", 1) and g.treetop_piece == ("eyrie", "roost")
    state.remove_piece(g, 1, ("eyrie", "roost"), "marquise", True)        # the Treetop's
    assert g.seat("marquise").vp == 2 and g.seat("marquise").sources == {"removal": 1, "map": 1}
    assert g.treetop_piece is None
    assert state.place_building(g, "marquise", "sawmill", 1) and g.treetop_piece == ("marquise", "sawmill")
    state.remove_piece(g, 1, ("marquise", "sawmill"), "eyrie", True)      # two alike: the printed one first
    assert g.seat("eyrie").vp == 2 and g.treetop_piece == ("marquise", "sawmill")
    state.remove_piece(g, 1, ("marquise", "sawmill"), "marquise", True)   # its own: no VP at all
    assert g.seat("marquise").vp == 2 and g.treetop_piece is None


def test_the_screen_marks_the_landmarks():
    """``play root`` shows each landmark's letter in its clearing and in the key (screen.py MARKS) and tells
    its setup in words (narrate.py)."""
    from automa.root import narrate, screen
    from automa.root.view import View
    g = table("fall", bots=("eyrie", "vagabond"))
    g.elder_treetop, g.tower, g.black_market, g.legendary_forge = 2, 11, 4, 6
    g.clearings[2].slots += 1
    g.forge_items = {"sword": 2}
    v = View(g, "marquise")
    assert [screen.slots(v, c)[-1] for c in (2, 11, 4, 6)] == ["T", "P", "M", "L"]
    assert all(f"{m} {n}" in screen.map_key(v) for m, n in (("T", "Elder Treetop"), ("M", "Black Market"),
                                                            ("L", "Legendary Forge")))
    assert "On the Legendary Forge: 2 sword" in screen.render(v, 100, False, full=True)
    assert "off the Legendary Forge: 1 VP more and a card" in narrate.tell(
        v, {"kind": "forge", "rule": "LoR-F", "faction": "marquise", "item": "sword"})
    assert "Elder Treetop" in narrate.tell(v, {"kind": "landmark", "rule": "LoR-A.5.3", "faction": "eyrie",
                                               "landmark": "elder_treetop", "clearing": 2})
    assert "1 VP more" in narrate.tell(v, {"kind": "treetop", "rule": "LoR-F", "faction": "marquise",
                                           "owner": "eyrie", "building": "roost", "clearing": 2})


# ---------------------------------------------------------------------------------------------- the Black Market

def test_the_black_market_goes_in_a_one_slot_clearing_without_a_ruin_LoR_F():
    """The Black Market's card (LoR-F, 16.5; research notes §3): a clearing of one building slot and no ruin,
    spaced; three cards of the deck lie face down beside it."""
    g = table("fall")
    assert landmarks.legal(g, "black_market") == [1, 3, 4]
    assert landmarks.legal(table("mountain"), "black_market") == [6, 7, 8]      # 5 is next to the Pass
    g = setup.setup(data.load(), opts(landmarks="black_market"), rng(), ask=Script())
    assert g.black_market in (1, 3, 4) and len(g.market) == landmarks.MARKET == 3
    hands = [k for s in g.seats for k in s.hand]
    assert sorted(g.deck + hands + g.market) == sorted(c.id for c in g.cards if c.kind != "dominance")


def market_table(**answers):
    ask = Script(**answers)
    g = table("fall", ask=ask)
    g.black_market, g.market = 3, [g.deck.pop(), g.deck.pop(), g.deck.pop()]
    me = g.seat("marquise")
    me.hand = [g.deck.pop(), g.deck.pop()]
    return g, me, ask


def test_the_black_market_swap_is_blind_and_needs_a_piece_there_LoR_F():
    """LoR-F (16.5; the card): the player with a piece of his faction in its clearing may swap a hand card
    for one of the face-down cards, his going face down in its place; the choice names a place, never the
    card there, and PASS keeps his hand."""
    g, me, ask = market_table(black_market=[lambda cs: cs[-2], landmarks.PASS])
    landmarks.black_market(g, me)
    assert not ask.asked                                         # no piece in clearing 3: nothing offered
    state.place_warriors(g, "marquise", 3, 1)
    market, hand = list(g.market), list(me.hand)
    landmarks.black_market(g, me)
    (kind, choices), = ask.asked[:1]
    assert kind == "black_market" and choices[-1] == landmarks.PASS
    assert {i for _, i in choices[:-1]} == {0, 1, 2} and {k for k, _ in choices[:-1]} <= set(hand)
    card, i = choices[-2]
    assert g.market[i] == card and market[i] in me.hand and card not in me.hand
    assert sorted(g.market + me.hand) == sorted(market + hand)
    market, hand = list(g.market), list(me.hand)
    landmarks.black_market(g, me)                                # PASS
    assert (g.market, me.hand) == (market, hand) and len(ask.asked) == 2


def test_a_bot_never_swaps_at_the_black_market_CW_GEN_15():
    """CW-GEN-15: a bot holds no hand, so the Black Market offers it nothing, pieces or not."""
    g, _, ask = market_table()
    state.place_warriors(g, "eyrie", 3, 2)
    landmarks.black_market(g, g.seat("eyrie"))
    assert not ask.asked


def test_resample_re_deals_the_black_markets_cards_RT_STUDY_9():
    """RT-STUDY-9 with LoR-F: the face-down cards are unseen; a rollout re-deals them with the deck and the
    other hands, keeping every size and the player's own hand."""
    from automa.root import hidden
    g, me, _ = market_table()
    unseen = sorted(g.deck + g.market)
    hand = list(me.hand)
    seen = set()
    for seed in range(8):
        h = g.copy()
        hidden.resample(h, "marquise", random.Random(seed))
        assert h.seat("marquise").hand == hand and sorted(h.deck + h.market) == unseen
        seen.add(tuple(h.market))
    assert len(seen) > 1


def test_the_black_market_has_labels_and_a_story():
    """Every choice of ``black_market`` has its own label (tests/core/test_labels.py leaves the kind to this
    test) and the swap is told without naming the card taken."""
    from automa.root import labels, narrate
    from automa.root.view import View
    g, me, ask = market_table()
    v = View(g, "marquise")
    choices = [(k, i) for k in me.hand for i in range(3)] + [landmarks.PASS]
    texts = [labels.describe(v, "black_market", c) for c in choices]
    assert len(set(texts)) == len(texts) and all(texts)
    text = narrate.tell(v, {"kind": "black_market", "rule": "LoR-F", "faction": "marquise", "card": me.hand[0],
                            "place": 1})
    assert "face-down card 2" in text


# ---------------------------------------------------------------------------------------------- the Legendary Forge

def test_the_legendary_forge_takes_its_suits_items_from_the_supply_LoR_F():
    """The Legendary Forge's card (LoR-F, 16.5; research notes §3): any clearing, spaced; the items of its
    clearing's suit move from the map's supply onto the card (fox: 2 swords, crossbow, hammer; mouse: 2
    bags, 2 tea; rabbit: 2 boots, 2 coins)."""
    from collections import Counter
    assert landmarks.legal(table("fall"), "legendary_forge") == list(range(1, 13))
    supply = Counter(data.load().components.item_supply)
    suits = set()
    for seed in range(6):
        g = setup.setup(data.load(), opts(landmarks="legendary_forge", landmark_placement="random",
                                          bots="electric_eyrie,vagabot", faction="none"), rng(seed), ask=Script())
        suit = g.clearings[g.legendary_forge].suit
        suits.add(suit)
        assert Counter(g.forge_items) == Counter(landmarks.FORGE[suit])
        assert Counter({k: n for k, n in g.items.items() if n}) + Counter(g.forge_items) == supply
        assert not any(g.items.get(k) for k in g.forge_items)        # the supply held just these
    assert len(suits) > 1


def forge_table():
    g = table("fall")
    g.legendary_forge = 6
    g.forge_items = {"sword": 2, "crossbow": 1, "hammer": 1}
    g.items = {"bag": 2, "tea": 2}
    sword = next(c.id for c in g.cards if c.item == "sword")
    return g, sword


def test_crafting_off_the_forge_needs_a_piece_there_and_pays_a_card_and_a_vp_LoR_F():
    """LoR-F (16.5; the card): an item on the Forge's card is crafted only with a piece of the crafter's in
    the Forge's clearing; it comes off the card, and the crafter draws a card and scores 1 VP more."""
    from automa.root import crafting
    g, sword = forge_table()
    me = g.seat("marquise")
    me.hand = [sword]
    pieces = {"fox": 3, "mouse": 3, "rabbit": 3}
    assert not crafting.craftable(g, me, sword, pieces)
    state.place_warriors(g, "marquise", 6, 1)
    assert crafting.craftable(g, me, sword, pieces)
    crafting.craft(g, me, sword, pieces)
    assert g.forge_items["sword"] == 1 and me.crafted == ["sword"] and len(me.hand) == 1
    assert me.sources == {"crafting": g.cards[sword].vp, "map": 1}


def test_a_bot_crafts_off_the_forge_with_a_piece_there_for_one_more_vp_and_no_card_LoR_F_CW_GEN_4():
    """Our reading of LoR-F for a bot (CW-GEN-3/4, CW-GEN-15): its order card's item on the Forge's card is
    crafted only with a piece of its faction in the Forge's clearing, for 1 VP and 1 more; it draws no card."""
    from automa.root.bots import common
    g, sword = forge_table()
    bot = g.seat("eyrie")
    deck = len(g.deck)
    assert common.craft_order(g, bot, sword) is None
    state.place_warriors(g, "eyrie", 6, 1)
    assert common.craft_order(g, bot, sword) == "sword"
    assert g.forge_items["sword"] == 1 and bot.sources == {"crafting": 1, "map": 1}
    assert not bot.hand and len(g.deck) == deck
