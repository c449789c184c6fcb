"""The Exiles and Partisans deck (LoR-A.2, the seed's 16.1.2; data/deck.json): each card's effect for the
human player, and nothing of it with the standard deck."""
import random

from automa.root import battle, cards, crafting, data, exiles, exiles_always, labels, movement, setup, state
from automa.root.bots import common
from automa.root.state import Seat
from automa.root.view import View

EP = {"deck_choice": "exiles_and_partisans"}
TABLES = []          # every table the tests set, for the labels' test


class Board:
    def copy(self):
        return self

    def take_hits(self, game, seat, c, hits, by):
        return state.remove_warriors(game, seat.faction, c, hits)


class Dice:
    def randint(self, lo, hi):
        return hi


def table(answers=None, options=EP):
    d = data.load()
    seats = [Seat(f, None if f == "marquise" else "bot", {"warrior": 20, "workshop": 6, "roost": 7, "sympathy": 10})
             for f in state.FACTIONS]
    for s in seats:
        s.board = Board()
    g = state.new_game(d.maps["fall"], d.exiles_deck if options else d.deck, seats, dict(options),
                       {"deck": random.Random(1), "dice": random.Random(2)})
    g.deck = list(range(20))
    asked = []

    def ask(game, kind, choices):
        asked.append((kind, choices))
        return answers.pop(0) if answers else choices[0]
    ask.asked = asked
    g.ask = ask
    TABLES.append(g)
    return g


def in_play(g, seat, effect):
    card = next(c.id for c in g.cards if c.effect == effect)
    seat.persistent.append(card)
    return card


def kinds(g):
    return [k for k, _ in g.ask.asked]


def test_every_effect_has_its_point_LoR_A_2():
    assert sorted(exiles.WHEN) == sorted(data.EFFECTS[14:])


def test_setup_deals_the_exiles_deck_without_its_dominance_cards_LoR_A_2_CW_GEN_20():
    d = data.load()
    rng = {k: random.Random(3) for k in ("setup", "automa", "deck", "dice")}
    g = setup.setup(d, {**EP, "faction": "marquise", "bots": "electric_eyrie", "map": "fall"}, rng,
                    ask=lambda game, kind, choices: choices[0])
    assert g.cards is d.exiles_deck
    assert not any(g.cards[k].kind == "dominance" for k in g.deck + g.seats[0].hand + g.seats[1].hand)


def test_boat_builders_crosses_rivers_LoR_A_2():
    g = table()
    m = g.seat("marquise")
    g.clearings[4].warriors["marquise"] = 2
    assert not movement.can_move(g, "marquise", 4, 7)
    in_play(g, m, "boat_builders")
    assert movement.can_move(g, "marquise", 4, 7) and (4, 7, 2) in movement.moves(g, "marquise")


def test_corvid_planners_ignores_rule_LoR_A_2():
    g = table()
    g.clearings[1].warriors.update(marquise=1, eyrie=3)
    assert not movement.can_move(g, "marquise", 1, 5)
    in_play(g, g.seat("marquise"), "corvid_planners")
    assert movement.can_move(g, "marquise", 1, 5)


def test_tunnels_links_the_crafting_pieces_LoR_A_2():
    g = table()
    g.clearings[1].warriors["marquise"] = 1
    g.clearings[1].buildings.append(("marquise", "workshop"))
    g.clearings[3].buildings.append(("marquise", "workshop"))
    assert not movement.can_move(g, "marquise", 1, 3)
    in_play(g, g.seat("marquise"), "tunnels")
    assert movement.can_move(g, "marquise", 1, 3)


def test_soup_kitchens_tokens_rule_twice_LoR_A_2():
    g = table()
    g.clearings[2].tokens.append(("marquise", "wood"))
    g.clearings[2].warriors["eyrie"] = 1
    assert state.ruler(g, 2) == "eyrie"
    in_play(g, g.seat("marquise"), "soup_kitchens")
    g.clearings[2].warriors["eyrie"] = 2           # a tie at 2: the Eyrie's (LoR-7.2.2)
    assert state.ruler(g, 2) == "eyrie"
    g.clearings[2].warriors["eyrie"] = 1
    assert state.ruler(g, 2) == "marquise"


def test_coffin_makers_keeps_and_scores_the_dead_LoR_A_2():
    g = table()
    m = g.seat("marquise")
    in_play(g, m, "coffin_makers")
    g.clearings[3].warriors["eyrie"] = 6
    state.remove_warriors(g, "eyrie", 3, 6)
    assert g.seat("eyrie").out["coffin"] == 6 and g.seat("eyrie").supply["warrior"] == 20
    cards.birdsong_effects(g, m)
    assert m.vp == 1 and g.seat("eyrie").supply["warrior"] == 26 and "coffin" not in g.seat("eyrie").out


def test_saboteurs_is_never_offered_CW_GEN_5():
    g = table()
    m = g.seat("marquise")
    in_play(g, m, "saboteurs")
    cards.birdsong_effects(g, m)
    cards.daylight_effects(g, m)
    cards.evening_effects(g, m)
    assert g.ask.asked == [] and exiles.WHEN["saboteurs"] == "never"


def test_swap_meet_with_a_bot_draws_and_discards_for_1_vp_CW_GEN_15():
    g = table(["eyrie"])
    m = g.seat("marquise")
    in_play(g, m, "swap_meet")
    m.hand = [30]
    cards.birdsong_effects(g, m)
    assert kinds(g)[0] == "swap_meet" and len(m.hand) == 1 and g.seat("eyrie").vp == 1 and len(g.discard) == 1


def test_false_orders_moves_half_an_enemy_ignoring_rule_LoR_A_2():
    g = table([("eyrie", 1, 5)])
    m = g.seat("marquise")
    card = in_play(g, m, "false_orders")
    g.clearings[1].warriors["eyrie"] = 3
    cards.birdsong_effects(g, m)
    assert g.clearings[5].warriors["eyrie"] == 2 and g.clearings[1].warriors["eyrie"] == 1
    assert card in g.discard and not m.persistent


def test_eyrie_emigre_moves_then_battles_or_is_discarded_LoR_A_2():
    g = table()
    g.rng["dice"] = Dice()
    m = g.seat("marquise")
    card = in_play(g, m, "eyrie_emigre")
    g.clearings[1].warriors["marquise"] = 3
    g.clearings[5].warriors["eyrie"] = 1
    cards.daylight_effects(g, m)
    assert "eyrie_emigre" in kinds(g) and "eyrie" not in g.clearings[5].warriors and card in m.persistent
    g2 = table()
    m2 = g2.seat("marquise")
    card = in_play(g2, m2, "eyrie_emigre")
    g2.clearings[1].warriors["marquise"] = 3
    cards.daylight_effects(g2, m2)
    assert card in g2.discard and not m2.persistent


def test_propaganda_bureau_replaces_an_enemy_warrior_LoR_A_2():
    g = table()
    m = g.seat("marquise")
    in_play(g, m, "propaganda_bureau")
    fox = next(c.id for c in g.cards if c.suit == "fox" and c.kind == "item")
    m.hand = [fox]
    g.clearings[1].warriors["eyrie"] = 2
    cards.daylight_effects(g, m)
    assert g.clearings[1].warriors == {"eyrie": 1, "marquise": 1} and fox in g.discard and not m.hand


def test_league_needs_a_crafted_item_LoR_A_2():
    g = table()
    m = g.seat("marquise")
    in_play(g, m, "league_of_adventurous_mice")
    g.clearings[1].warriors["marquise"] = 2
    cards.daylight_effects(g, m)
    assert g.ask.asked == []
    m.crafted.append("boot")
    cards.daylight_effects(g, m)
    assert kinds(g) == ["league_of_adventurous_mice"] and g.clearings[1].warriors.get("marquise", 0) < 2


def test_charm_offensive_draws_and_another_scores_LoR_A_2():
    g = table(["alliance"])
    m = g.seat("marquise")
    in_play(g, m, "charm_offensive")
    cards.evening_effects(g, m)
    assert len(m.hand) == 1 and g.seat("alliance").vp == 1


def test_informants_takes_an_ambush_instead_of_drawing_LoR_A_2():
    g = table()
    m = g.seat("marquise")
    in_play(g, m, "informants")
    ambush = next(c.id for c in g.cards if c.kind == "ambush")
    g.discard.append(ambush)
    cards.evening_draw(g, m, 2)
    assert m.hand == [ambush] and ambush not in g.discard


def test_partisans_one_more_hit_and_discard_other_suits_birds_kept_or_not_LoR_A_2_LoR_2_1_1_RT_OWN_4():
    for birds, kept in (("kept", 2), ("discarded", 1)):
        g = table(options={**EP, "partisans_birds": birds})
        g.rng["dice"] = Dice()
        m = g.seat("marquise")
        in_play(g, m, "partisans_fox")
        fox, bird, mouse = (next(c.id for c in g.cards if c.suit == s and c.kind == "item")
                            for s in ("fox", "bird", "mouse"))
        m.hand = [fox, bird, mouse]
        g.clearings[1].warriors.update(marquise=3, eyrie=6)
        result = battle.battle(g, "marquise", "eyrie", 1)
        assert result.dealt[0] == 4 and len(m.hand) == kept and mouse in g.discard
        assert (bird in m.hand) == (birds == "kept") and fox in m.hand


def test_master_engravers_and_murine_broker_LoR_A_2_CW_GEN_4():
    g = table()
    m = g.seat("marquise")
    in_play(g, m, "master_engravers")
    in_play(g, m, "murine_broker")
    item = next(c.id for c in g.cards if c.item == "boot" and c.cost == ("rabbit",))
    g.items["boot"] = 2
    m.hand = [item]
    crafting.craft(g, m, item, {"rabbit": 1})
    assert m.vp == 2 and not m.hand                   # 1 + 1, and no Broker card for his own craft
    common.craft_order(g, g.seat("eyrie"), item)
    assert len(m.hand) == 1 and g.seat("eyrie").vp == 1


def test_the_standard_deck_runs_none_of_it(monkeypatch):
    called = []
    for module, names in ((exiles, ("birdsong", "daylight", "evening", "evening_draw", "item_crafted")),
                          (exiles_always, ("extra_reach", "ignores_rule", "partisans")),
                          (state, ("holder",))):              # Soup Kitchens, Coffin Makers
        for name in names:
            monkeypatch.setattr(module, name, lambda *a, name=name, **k: called.append(name))
    g = table(options={})
    m = g.seat("marquise")
    m.persistent.append(0)
    g.clearings[1].warriors.update(marquise=3, eyrie=1)
    g.clearings[1].tokens.append(("marquise", "wood"))
    g.rng["dice"] = Dice()
    state.ruler(g, 1)
    movement.moves(g, "marquise")
    battle.battle(g, "marquise", "eyrie", 1)
    cards.birdsong_effects(g, m)
    cards.daylight_effects(g, m)
    cards.evening_effects(g, m)
    cards.evening_draw(g, m, 1)
    item = next(c.id for c in g.cards if c.item == "boot")
    g.items["boot"] = 2
    common.craft_order(g, g.seat("eyrie"), item)
    assert called == []


def test_the_new_decisions_have_distinct_labels():
    """The kinds games rarely meet (tests/core/test_labels.py's UNMET: a human rarely crafts these cards in
    a fuzz game) read as words, distinct within each decision asked in the tests above."""
    TABLES.clear()
    for name, test in list(globals().items()):
        if name.startswith("test_") and not name.startswith(("test_setup", "test_the_", "test_games")):
            test()
    g = table(["eyrie"])                            # two cards to give, two defenders to battle
    m = g.seat("marquise")
    in_play(g, m, "swap_meet")
    m.hand = [30, 40]
    cards.birdsong_effects(g, m)
    in_play(g, m, "eyrie_emigre")
    g.rng["dice"] = Dice()
    g.clearings[1].warriors["marquise"] = 3
    g.clearings[5].warriors.update(eyrie=1, alliance=1)
    cards.daylight_effects(g, m)
    seen = set()
    for g in TABLES:
        view = View(g, "marquise")
        for kind, choices in g.ask.asked:
            words = [labels.describe(view, kind, c) for c in choices]
            assert len(set(words)) == len(choices) and not any(w.startswith(kind.replace("_", " ")) for w in words)
            seen.add(kind)
    assert seen >= set(exiles_kinds())


def exiles_kinds():
    return ("swap_meet", "swap_meet_give", "false_orders", "eyrie_emigre", "eyrie_emigre_battle", "propaganda_bureau",
            "league_of_adventurous_mice", "charm_offensive", "informants", "partisans")


def test_games_with_every_effect_in_play_keep_the_invariants(monkeypatch):
    """Fuzz: the human starts with one of each persistent card of the deck in play (LoR-A.2), one game per
    faction on each map side; every step is checked (tests/root/invariants.py)."""
    from tests.root import invariants
    real = setup.setup

    def with_cards(d, options, rng, *args, **kw):
        g = real(d, options, rng, *args, **kw)
        human, seen = next(s for s in g.seats if s.bot is None), set()
        for k in list(g.deck):
            if g.cards[k].kind == "persistent" and g.cards[k].key not in seen:
                seen.add(g.cards[k].key)
                g.deck.remove(k)
                human.persistent.append(k)
        return g
    monkeypatch.setattr(setup, "setup", with_cards)
    used = set()
    trace = exiles_always.trace
    for module in (exiles, exiles_always):
        monkeypatch.setattr(module, "trace",
                            lambda g, seat, effect, **kw: used.add(effect) or trace(g, seat, effect, **kw))
    for i, (faction, game_map) in enumerate(zip(state.FACTIONS, ("fall", "winter", "lake", "mountain"))):
        options = invariants.GAME.resolve_options({**EP, "faction": faction, "map": game_map})
        result, _ = invariants.play_checked(options, 5, i)
        assert result.turns > 0
    assert {"coffin_makers", "swap_meet", "propaganda_bureau", "charm_offensive"} <= used, used
