"""Battle (LoR-4.3) and the board hooks of automa/root/battle.py."""
import random

from automa.root import battle, data, marquise, state
from automa.root.battle import PASS
from automa.root.state import Seat
from tests.root.script import Dice


class Board:
    """A board with the hooks given as keyword arguments; records the warriors-removed reactions."""

    def __init__(self, **hooks):
        self.seen = []
        for name, fn in hooks.items():
            setattr(self, name, fn)

    def copy(self):
        return self

    def lost_warriors(self, game, seat, c, n, by):
        self.seen.append(("lost", c, n, by))

    def removed_warriors(self, game, seat, c, victim, n):
        self.seen.append(("removed", c, victim, n))


def table(*faces, answers=None):
    d = data.load()
    seats = [Seat(f, None if f == "marquise" else "bot", {"warrior": 20, "sawmill": 6, "workshop": 6, "roost": 7,
                                                          "wood": 8, "sympathy": 10, "base_fox": 1})
             for f in state.FACTIONS]
    g = state.new_game(d.maps["fall"], d.deck, seats, {}, {"dice": Dice(*faces), "deck": random.Random(1)})
    for s in seats:
        s.board = Board()
        if s.bot:
            s.board.take_hits = _bot_hits
    asked = []

    def ask(game, kind, choices):
        asked.append((kind, choices))
        return answers.pop(0) if answers else choices[0]
    g.ask = ask
    ask.asked = asked
    return g


def _bot_hits(game, seat, c, hits, by):
    """A stand-in for bots.common.take_hits: warriors, then tokens, then buildings in list order."""
    done = state.remove_warriors(game, seat.faction, c, hits)
    cl = game.clearings[c]
    while done < hits:
        mine = [p for p in cl.tokens if p[0] == seat.faction]
        if mine:
            state.remove_piece(game, c, mine[0], by, building=False)
        else:
            mine = [p for p in cl.buildings if p[0] == seat.faction]
            if not mine:
                break
            state.remove_piece(game, c, mine[0], by, building=True)
        done += 1
    return done


def card(g, effect):
    return next(c.id for c in g.cards if c.effect == effect)


def test_attacker_deals_the_higher_roll_defender_the_lower_LoR_4_3_2():
    g = table(1, 3)
    state.place_warriors(g, "marquise", 5, 5)
    state.place_warriors(g, "eyrie", 5, 5)
    r = battle.battle(g, "marquise", "eyrie", 5)
    assert r.dice == (3, 1) and r.dealt == [3, 1]
    assert g.clearings[5].warriors == {"marquise": 4, "eyrie": 2}
    assert r.warriors_lost == [1, 3]


def test_rolled_hits_are_capped_by_warriors_in_the_clearing_LoR_4_3_2_I():
    g = table(3, 2)
    state.place_warriors(g, "marquise", 5, 1)
    state.place_warriors(g, "eyrie", 5, 1)
    r = battle.battle(g, "marquise", "eyrie", 5)
    assert r.dealt == [1, 1]
    assert g.clearings[5].warriors == {}


def test_defenseless_defender_takes_an_extra_hit_beyond_the_cap_LoR_4_3_3_II():
    g = table(3, 3)
    state.place_warriors(g, "marquise", 5, 1)
    state.place_building(g, "eyrie", "roost", 5)
    r = battle.battle(g, "marquise", "eyrie", 5)
    assert r.dealt == [2, 0]                    # 1 rolled (cap) + 1 defenseless
    assert r.pieces_lost == [[], ["roost"]] and g.seat("marquise").vp == 1      # LoR-3.2.1


def test_extra_hits_ignore_the_cap_LoR_4_3_3_I():
    g = table(2, 0)
    state.place_warriors(g, "eyrie", 5, 1)
    state.place_warriors(g, "marquise", 5, 4)
    r = battle.battle(g, "eyrie", "marquise", 5, extra=1)
    assert r.dealt == [2, 0] and g.clearings[5].warriors["marquise"] == 2


def test_warriors_go_first_then_the_owner_orders_buildings_and_tokens_LoR_4_3_4():
    g = table(3, 0, answers=[("wood", "token")])
    state.place_warriors(g, "eyrie", 5, 3)
    state.place_warriors(g, "marquise", 5, 1)
    state.place_building(g, "marquise", "sawmill", 5)
    state.place_token(g, "marquise", "wood", 5)
    r = battle.battle(g, "eyrie", "marquise", 5)
    assert g.ask.asked == [("hits_order", (("sawmill", "building"), ("wood", "token")))]
    assert r.taken == [0, 3] and r.pieces_lost[1] == ["sawmill", "wood"]
    assert g.clearings[5].buildings == [] and g.clearings[5].tokens == []
    assert g.seat("eyrie").vp == 2


def test_hits_beyond_the_pieces_present_are_lost_LoR_4_3_4():
    g = table(3, 3)
    state.place_warriors(g, "marquise", 5, 3)
    state.place_warriors(g, "eyrie", 5, 1)
    r = battle.battle(g, "marquise", "eyrie", 5)
    assert r.dealt == [3, 1] and r.taken == [1, 1]


def test_guerrilla_war_roll_hook_defender_deals_the_higher_LoR_8_2_2():
    g = table(0, 3)
    g.seat("alliance").board.deals_higher_as_defender = lambda game, seat, c: True
    state.place_warriors(g, "marquise", 5, 3)
    state.place_warriors(g, "alliance", 5, 3)
    r = battle.battle(g, "marquise", "alliance", 5)
    assert r.dealt == [0, 3] and g.clearings[5].warriors == {"alliance": 3}
    g.rng["dice"] = Dice(0, 3)
    state.place_warriors(g, "marquise", 5, 3)
    r = battle.battle(g, "alliance", "marquise", 5)             # only as defender
    assert r.dealt == [3, 0]


def test_vagabond_pawn_battles_capped_by_swords_and_takes_hits_his_way_LoR_9_2_6_LoR_9_2_7():
    g = table(3, 2)
    vb = g.seat("vagabond")
    items = ["sword", "boot", "tea"]
    vb.board.max_rolled_hits = lambda game, seat, c, role: 1
    vb.board.defenseless = lambda game, seat, c: False

    def damage(game, seat, c, hits, by):
        n = min(hits, len(items))
        del items[:n]
        return n
    vb.board.take_hits = damage
    g.pawn = ("clearing", 5)
    state.place_warriors(g, "eyrie", 5, 3)
    assert battle.can_battle(g, "vagabond", 5, "eyrie") and battle.can_battle(g, "eyrie", 5, "vagabond")
    r = battle.battle(g, "vagabond", "eyrie", 5)
    assert r.dealt == [1, 2] and items == ["tea"] and g.clearings[5].warriors["eyrie"] == 2
    g.rng["dice"] = Dice(3, 3)
    r = battle.battle(g, "eyrie", "vagabond", 5)
    assert r.dealt == [2, 1] and r.taken == [1, 1] and items == []     # not defenseless (LoR-9.2.4)


def test_warriors_removed_hooks_fire_for_owner_and_remover_LoR_6_2_3_LoR_9_2_9():
    g = table(2, 1)
    state.place_warriors(g, "marquise", 5, 2)
    g.pawn = ("clearing", 5)
    g.seat("vagabond").board.max_rolled_hits = lambda game, seat, c, role: 2
    g.seat("vagabond").board.take_hits = lambda game, seat, c, hits, by: hits
    r = battle.battle(g, "vagabond", "marquise", 5)
    assert r.warriors_lost == [0, 2]
    assert g.seat("vagabond").board.seen == [("removed", 5, "marquise", 2)]
    assert g.seat("marquise").board.seen == [("lost", 5, 2, "vagabond")]


def test_immediate_hits_come_before_the_roll_and_its_cap_CW_VB_TRAIT_4():
    g = table(3, 3)
    g.seat("eyrie").board.immediate_hits = lambda game, seat, c, role, other: 1
    state.place_warriors(g, "eyrie", 5, 3)
    state.place_warriors(g, "alliance", 5, 2)
    r = battle.battle(g, "eyrie", "alliance", 5)
    assert r.dealt == [4, 1]                    # 1 at once, then 3 rolled; the defender's roll capped at 1
    assert g.clearings[5].warriors == {"eyrie": 2}


def test_after_battle_and_extra_hits_hooks_CW_AA_ABIL_2():
    g = table(1, 0)
    seen = []
    g.seat("alliance").board.extra_hits = lambda game, seat, c, role, other: 1 if role == "defender" else 0
    g.seat("alliance").board.after_battle = lambda game, seat, result: seen.append(result.dealt)
    state.place_warriors(g, "eyrie", 5, 3)
    state.place_warriors(g, "alliance", 5, 2)
    battle.battle(g, "eyrie", "alliance", 5)
    assert seen == [[1, 1]]


def test_armorers_ignores_the_rolled_hits_and_is_discarded_LoR_4_3_3():
    g = table(3, 2, answers=None)
    m = g.seat("marquise")
    arm = card(g, "armorers")
    m.persistent.append(arm)
    state.place_warriors(g, "marquise", 5, 2)
    state.place_warriors(g, "eyrie", 5, 3)
    r = battle.battle(g, "eyrie", "marquise", 5)
    assert ("armorers", (arm, PASS)) in g.ask.asked
    assert r.dealt == [0, 2] and g.clearings[5].warriors == {"marquise": 2, "eyrie": 1}
    assert m.persistent == [] and g.discard == [arm]


def test_brutal_tactics_adds_a_hit_and_the_defender_scores_LoR_4_3_3():
    g = table(1, 0)
    m = g.seat("marquise")
    m.persistent.append(card(g, "brutal_tactics"))
    state.place_warriors(g, "marquise", 5, 3)
    state.place_warriors(g, "eyrie", 5, 3)
    r = battle.battle(g, "marquise", "eyrie", 5)
    assert r.dealt == [2, 0] and g.seat("eyrie").vp == 1 and m.persistent       # stays in play


def test_sappers_as_defender_one_extra_hit_LoR_4_3_3():
    g = table(0, 0)
    m = g.seat("marquise")
    m.persistent.append(card(g, "sappers"))
    state.place_warriors(g, "marquise", 5, 1)
    state.place_warriors(g, "eyrie", 5, 2)
    r = battle.battle(g, "eyrie", "marquise", 5)
    assert r.dealt == [0, 1] and g.clearings[5].warriors["eyrie"] == 1 and m.persistent == []


def test_declining_a_card_effect_leaves_the_battle_alone_LoR_4_3_3():
    g = table(0, 0, answers=[PASS])
    m = g.seat("marquise")
    m.persistent.append(card(g, "sappers"))
    state.place_warriors(g, "marquise", 5, 1)
    state.place_warriors(g, "eyrie", 5, 2)
    r = battle.battle(g, "eyrie", "marquise", 5)
    assert r.dealt == [0, 0] and m.persistent


def test_nobody_ambushes_a_bot_and_field_hospitals_work_against_it_CW_GEN_16_CW_GEN_27():
    """CW-GEN-16 (so LoR-4.3.1's ambush never arises at our tables): the player's Marquise, attacked by a
    bot while holding a bird ambush (it matches any
    clearing), is offered no ambush and keeps it. CW-GEN-27: her Field Hospitals work against the bot as
    against anyone, and she chooses the card during its battle (LoR-6.2.3)."""
    answers = []
    g = table(3, 0, answers=answers)
    cat = g.seat("marquise")
    cat.board = marquise.Board(keep=1)
    g.clearings[1].tokens.append(("marquise", "keep"))
    rabbit, ambush = (next(c.id for c in g.cards if c.key == k) for k in ("bake_sale", "ambush_bird"))
    cat.hand = [ambush, rabbit]
    answers.append(rabbit)
    state.place_warriors(g, "marquise", 5, 2)                # 5 is a rabbit clearing
    state.place_warriors(g, "eyrie", 5, 3)
    battle.battle(g, "eyrie", "marquise", 5)
    assert [kind for kind, _ in g.ask.asked] == ["field_hospitals"]
    assert cat.hand == [ambush] and g.discard == [rabbit]
    assert g.clearings[1].warriors == {"marquise": 2} and g.clearings[5].warriors == {"eyrie": 3}


def test_who_may_be_attacked_where_LoR_4_3():
    g = table()
    state.place_warriors(g, "eyrie", 5, 1)
    state.place_token(g, "alliance", "sympathy", 5)
    state.place_building(g, "marquise", "sawmill", 5)
    assert battle.defenders(g, "eyrie", 5) == ["marquise", "alliance"]
    assert battle.defenders(g, "marquise", 5) == []            # a building alone cannot attack
    assert battle.battles(g, "eyrie") == [(5, "marquise"), (5, "alliance")]
    assert not battle.can_battle(g, "eyrie", 5, "vagabond")
    g.pawn = ("clearing", 5)
    assert battle.can_battle(g, "eyrie", 5, "vagabond")


def test_the_battle_is_traced_with_its_rule_LoR_4_3():
    class Trace:
        def __init__(self):
            self.events = []

        def __bool__(self):
            return True

        def event(self, kind, **kw):
            self.events.append((kind, kw))
    g = table(2, 1)
    g.trace = Trace()
    state.place_warriors(g, "marquise", 5, 2)
    state.place_warriors(g, "eyrie", 5, 2)
    battle.battle(g, "marquise", "eyrie", 5)
    assert g.trace.events == [("battle", {"rule": "LoR-4.3", "attacker": "marquise", "defender": "eyrie",
                                          "clearing": 5, "dice": [2, 1], "rolled": [2, 1], "hits": [2, 1]})]
