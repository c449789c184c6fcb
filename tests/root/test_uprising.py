"""The Spring Uprising, demoted the Rabbit Scouts (LoR-E; its card, research notes §2.3): the Uprising die
(RT-OWN-39), setup and hiring, the card paid to battle the Uprising, the Birdsong roll and its removal or
warrior (RT-OWN-40 for a bot), the Scouts' swapped rolls, and nothing of it when no card is dealt. No table
here seats the Alliance (LoR-A.6.5: the card is tied to it)."""
import pytest

from automa.root import battle, data, hirelings, setup, state
from automa.root.decide import PASS
from automa.root.hirelings import side as sides
from automa.root.hirelings import uprising
from tests.root.script import Script, opts, rng

FOX, MOUSE, RABBIT = (1, 6, 8, 12), (2, 7, 9, 11), (3, 4, 5, 10)      # the Autumn map's clearings by suit


class Dice:
    """Dice that roll the given faces in turn: a face of the Uprising die (its index in ``uprising.DIE``) or a
    battle die."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def randrange(self, n):
        face = self.faces.pop(0)
        assert 0 <= face < n
        return face

    def randint(self, lo, hi):
        face = self.faces.pop(0)
        assert lo <= face <= hi
        return face


def die(suit: str) -> int:
    return uprising.DIE.index(suit)


def table(ask=None, **kw):
    """The Marquise (the player, first) and the Electric Eyrie, the Spring Uprising dealt; the map emptied."""
    kw = {"bots": "electric_eyrie", "seating": "fixed", "seat": 1, "hirelings": "uprising", **kw}
    g = setup.setup(data.load(), opts(**kw), rng(), ask=ask or Script())
    for c in range(1, len(g.clearings)):
        cl = g.clearings[c]
        for f in list(cl.warriors):
            state.remove_warriors(g, f, c, cl.warriors[f])
        cl.buildings.clear()
        cl.tokens.clear()
    g.hirelings["uprising"].demoted = False
    return g


def card(g, suit: str, avoid=()) -> int:
    return next(k for k, c in enumerate(g.cards) if c.suit == suit and c.kind != "dominance" and k not in avoid)


def test_the_uprising_die_is_a_suit_each_as_likely_RT_OWN_39():
    """RT-OWN-39: the Uprising die rolls fox, rabbit or mouse, each a third of the time, from the dice stream."""
    assert sorted(uprising.DIE) == ["fox", "mouse", "rabbit"]
    g = table()
    g.rng["dice"] = Dice(die("mouse"))
    assert uprising.roll(g, g.seat("marquise")) == "mouse"


def test_the_spring_uprising_sets_up_a_warrior_per_roll_in_a_matching_clearing_LoR_A_6_3():
    """Its setup (its card): two rolls, an Uprising warrior in a clearing of each suit rolled, the seat
    choosing among them; four warriors in all (LAW B.4)."""
    ask = Script(hireling_setup=[("uprising", 9), ("uprising", 4)])
    g = table(ask)
    g.rng["dice"] = Dice(die("mouse"), die("rabbit"))
    uprising.setup(g, g.seat("marquise"), g.hirelings["uprising"])
    assert g.clearings[9].warriors["uprising"] == 1 and g.clearings[4].warriors["uprising"] == 1
    assert g.hired["uprising"].supply == {"warrior": 2}
    first, second = ask.choices("hireling_setup")
    assert [c for _, c in first] == list(MOUSE) and [c for _, c in second] == list(RABBIT)


def test_a_bot_sets_the_uprising_up_by_priority_and_the_lost_city_matches_every_roll():
    """A bot's pick is its highest-priority matching clearing (RT-OWN-16); the Lost City counts as every suit
    (LoR-F, ``state.suited``)."""
    g = table()
    g.rng["dice"] = Dice(die("fox"))
    g.lost_city = 2
    uprising._rolled(g, g.seat("eyrie"), "LoR-A.6.3")
    assert [c for c in range(1, 13) if g.clearings[c].warriors.get("uprising")] == [1]     # priority: lowest id
    g = table()
    ask = Script(hireling_setup=[lambda cs: cs[0]])
    g.ask = ask
    g.rng["dice"] = Dice(die("fox"))
    g.lost_city = 2
    uprising._rolled(g, g.seat("marquise"), "LoR-A.6.3")
    assert [c for _, c in ask.choices("hireling_setup")[0]] == [1, 2, 6, 8, 12]


def test_the_rabbit_scouts_have_no_setup():
    """The Rabbit Scouts' card has no setup step (four seats demote two cards of one, LoR-A.6.2)."""
    g = setup.setup(data.load(), opts(hirelings="uprising", bots="mechanical_marquise,electric_eyrie,vagabot",
                                      faction="vagabond"), rng(), ask=Script())
    assert g.hirelings["uprising"].demoted and not any(cl.warriors.get("uprising") for cl in g.clearings[1:])


def test_hired_with_no_uprising_on_the_map_rolls_and_places_one_LoR_E_2_1():
    """LoR-E.2.1: hired with no Uprising warrior on the map, one roll and one warrior so; with one there, no
    roll; the Rabbit Scouts place none."""
    g = table(Script(hireling_setup=[("uprising", 7)]))
    g.rng["dice"] = Dice(3, die("mouse"))                               # the control die, then the Uprising die
    hirelings.gain(g, g.seat("marquise"), g.hirelings["uprising"], "LoR-E.1.1")
    assert g.clearings[7].warriors == {"uprising": 1}
    g.rng["dice"] = Dice(3)
    hirelings.gain(g, g.seat("eyrie"), g.hirelings["uprising"], "LoR-E.1.3")
    assert g.hired["uprising"].supply["warrior"] == 3
    g = table()
    g.hirelings["uprising"].demoted = True
    g.rng["dice"] = Dice(3)
    hirelings.gain(g, g.seat("eyrie"), g.hirelings["uprising"], "LoR-E.1.1")
    assert g.hired["uprising"].supply["warrior"] == 4


def test_battling_the_uprising_needs_a_matching_card_and_discards_it_first():
    """Its ability (its card): the player may battle the Uprising only holding a card matching the clearing
    (a bird too), and the battle first asks which one and discards it; without one, no such battle."""
    g = table()
    g.hirelings["uprising"].controller = "eyrie"
    g.clearings[4].warriors.update(uprising=1, marquise=2)
    me = g.seat("marquise")
    me.hand = [card(g, "fox"), card(g, "mouse")]
    assert battle.battles(g, "marquise") == []
    rabbit, bird = card(g, "rabbit"), card(g, "bird")
    me.hand.append(bird)
    assert battle.battles(g, "marquise") == [(4, "uprising")]          # a bird matches (LoR-2.1.1)
    me.hand.append(rabbit)
    g.ask = ask = Script(uprising_fee=[rabbit])
    g.rng["dice"] = Dice(3, 0)
    battle.battle(g, "marquise", "uprising", 4)
    assert ask.choices("uprising_fee") == [(bird, rabbit)]
    assert rabbit in g.discard and rabbit not in me.hand and bird in me.hand
    assert not g.clearings[4].warriors.get("uprising")


def test_the_rabbit_scouts_ask_no_card_to_be_battled_and_no_hand_never_battles_the_uprising():
    """The demoted side has no such ability; a bot and a hireling hold no hand (CW-GEN-15, the card's FAQ), so
    neither is ever offered the Uprising as a defender."""
    g = table(bots="electric_eyrie,vagabot")
    g.hirelings["uprising"].controller = "marquise"
    g.clearings[4].warriors.update(uprising=1, eyrie=2)
    assert battle.defenders(g, "eyrie", 4) == []
    assert state.battle_fee(g, "uprising", "uprising", 4) == []       # a hireling's side: no hand either
    g.hirelings["uprising"].demoted = True
    g.hirelings["uprising"].controller = "vagabond"
    assert battle.defenders(g, "eyrie", 4) == ["uprising"]


def test_the_birdsong_roll_offers_a_removal_or_a_warrior_in_matching_clearings_LoR_E_2_3():
    """Its Birdsong (its card): a roll, then either an Uprising warrior removed with every enemy piece in a
    clearing of the suit rolled, or an Uprising warrior placed in one; the player picks."""
    ask = Script(uprising=[("place", 10)])
    g = table(ask)
    h = g.hirelings["uprising"]
    h.controller = "marquise"
    g.clearings[4].warriors["uprising"] = 1
    g.clearings[6].warriors["uprising"] = 1                              # a fox clearing: not offered
    g.rng["dice"] = Dice(die("rabbit"))
    uprising.birdsong(g, g.seat("marquise"), h)
    assert ask.choices("uprising") == [(("remove", 4),) + tuple(("place", c) for c in RABBIT)]
    assert g.clearings[10].warriors == {"uprising": 1}


def test_the_removal_takes_every_enemy_piece_and_scores_nothing_LoR_E_3_6():
    """The removal: one Uprising warrior and every enemy piece there (other hirelings too), the controller's
    pieces kept; buildings removed score nobody (LoR-E.3.6)."""
    ask = Script(uprising=[("remove", 4)])
    g = table(ask, bots="electric_eyrie,vagabot")
    h = g.hirelings["uprising"]
    h.controller = "marquise"
    cl = g.clearings[4]
    cl.warriors.update(uprising=2, eyrie=3, marquise=2)
    cl.buildings.append(("eyrie", "roost"))
    g.seat("eyrie").supply["roost"] -= 1
    g.rng["dice"] = Dice(die("rabbit"))
    uprising.birdsong(g, g.seat("marquise"), h)
    assert cl.warriors == {"uprising": 1, "marquise": 2} and not cl.buildings
    assert g.seat("marquise").vp == 0 and g.seat("eyrie").vp == 0


def test_a_bot_controller_must_act_and_removes_where_most_enemy_pieces_go_RT_OWN_40():
    """A bot's Uprising acts (a must, RT-OWN-15): the removal taking the most enemy pieces; with none to take,
    a warrior placed in the highest-priority matching clearing; nowhere to place, the removal anyway."""
    g = table()
    h = g.hirelings["uprising"]
    h.controller = "eyrie"
    g.clearings[3].warriors.update(uprising=1, marquise=1)
    g.clearings[5].warriors.update(uprising=1, marquise=2)
    g.clearings[10].warriors.update(uprising=1, eyrie=4)               # the controller's own: no gain
    g.rng["dice"] = Dice(die("rabbit"))
    uprising.birdsong(g, g.seat("eyrie"), h)
    assert g.clearings[5].warriors == {} and g.clearings[3].warriors == {"uprising": 1, "marquise": 1}
    g.clearings[3].warriors.pop("marquise")
    g.rng["dice"] = Dice(die("rabbit"))
    uprising.birdsong(g, g.seat("eyrie"), h)
    assert g.clearings[3].warriors == {"uprising": 2}
    assert uprising.bot_choice(g, g.seat("eyrie"), [("remove", 10)]) == ("remove", 10)


def test_the_removal_spares_the_controllers_hirelings_and_the_stoic_protectors_ward():
    """LoR-E.3.2: the controller's other hirelings are no enemies; the Stoic Protector's controller keeps
    his pieces at it (its card)."""
    ask = Script(uprising=[("remove", 4)])
    g = table(ask, hirelings="uprising,protector")
    g.hirelings["uprising"].demoted = False
    g.hirelings["uprising"].controller = "marquise"
    g.hirelings["protector"].demoted = True
    g.hirelings["protector"].controller = "eyrie"
    g.protector = 4
    g.clearings[4].warriors.update(uprising=1, eyrie=2)
    g.rng["dice"] = Dice(die("rabbit"))
    uprising.birdsong(g, g.seat("marquise"), g.hirelings["uprising"])
    assert g.clearings[4].warriors == {"eyrie": 2}


def test_the_rabbit_scouts_let_the_defending_player_swap_the_rolls():
    """The Rabbit Scouts (Controller): defending, before the roll, the player may spend a card matching the
    clearing to deal the higher roll and take the lower; passing, the rolls stay."""
    g = table()
    g.hirelings["uprising"].demoted = True
    g.hirelings["uprising"].controller = "marquise"
    me = g.seat("marquise")
    rabbit = card(g, "rabbit")
    me.hand = [card(g, "fox"), rabbit]
    g.clearings[4].warriors.update(marquise=3, eyrie=3)
    g.ask = ask = Script(rabbit_scouts=[rabbit], field_hospitals=[PASS])
    g.rng["dice"] = Dice(3, 1)
    r = battle.battle(g, "eyrie", "marquise", 4)
    assert ask.choices("rabbit_scouts") == [(rabbit, PASS)]            # the fox card does not match
    assert r.dealt == [1, 3] and rabbit in g.discard and len(me.hand) == 1
    g.clearings[4].warriors.update(marquise=3, eyrie=3)
    me.hand.append(card(g, "bird"))
    g.ask = Script(rabbit_scouts=[PASS], field_hospitals=[PASS])
    g.rng["dice"] = Dice(3, 1)
    r = battle.battle(g, "eyrie", "marquise", 4)
    assert r.dealt == [3, 1] and len(me.hand) == 2


def test_a_bot_controller_of_the_rabbit_scouts_never_swaps_CW_GEN_15():
    """A bot has no hand: the Scouts never swap its rolls."""
    g = table()
    g.hirelings["uprising"].demoted = True
    g.hirelings["uprising"].controller = "eyrie"
    g.clearings[4].warriors.update(marquise=3, eyrie=3)
    g.ask = Script()
    g.rng["dice"] = Dice(3, 1)
    assert not state.scouts(g, "eyrie")
    r = battle.battle(g, "marquise", "eyrie", 4)
    assert r.dealt[0] == 3


def test_no_uprising_code_runs_without_hirelings(monkeypatch):
    """No card dealt: battles never consult the fee or the Scouts."""
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=1), rng(), ask=Script())
    for name in ("battle_fee", "scouts"):
        monkeypatch.setattr(state, name, lambda *a: pytest.fail("ran"))
    g.clearings[4].warriors.update(marquise=3, eyrie=3)
    g.rng["dice"] = Dice(1, 1)
    battle.battle(g, "marquise", "eyrie", 4)
    assert battle.defenders(g, "marquise", 4) == ["eyrie"]


def test_no_hireling_battles_the_uprising_the_cards_faq():
    """A hireling holds no hand to pay with (the card's FAQ): the Spies, the Keepers and the Expedition never
    battle the Uprising, but battle a hireling beside it."""
    from automa.root.hirelings import keepers, spies
    g = table(hirelings="uprising,spies,keepers,expedition,bearers")
    for n in ("uprising", "spies", "keepers", "expedition", "bearers"):
        g.hirelings[n].demoted = False
    g.hirelings["uprising"].controller = "eyrie"
    for n in ("spies", "keepers", "expedition"):
        g.hirelings[n].controller = "marquise"
    g.clearings[4].warriors.update(uprising=1, bearers=1, spies=1, keepers=1, expedition=1)
    me = g.seat("marquise")
    assert spies._defenders(g, me, 4) == ["bearers"]
    assert keepers.defenders(g, me, 4) == ["bearers"]
    assert sides.targets(g, me, "expedition") == [(4, "bearers")]
