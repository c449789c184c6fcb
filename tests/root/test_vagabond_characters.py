"""The Vagabond characters of the Riverfolk box and the Vagabond Pack (LoR-D.4..D.9, seed 16.3.4..16.3.9)
for the player's Vagabond, and the Vagabot's Arbiter (CW-VB-CHAR-ARBITER): start items, each special
action or battle rule, and the Scorched Earth's closed clearing for every mover and placer.

The Fall map: clearing 1 fox (adjacent 5, 9, 10), 2 mouse (2 slots; adjacent 5, 6, 10), 5 rabbit (1, 2).
"""
import pytest

from automa.root import battle, data, labels, movement, state, vagabond
from automa.root.bots import mechanical_marquise, vagabot
from automa.root.options import CHARACTERS
from automa.root.state import Seat
from automa.root.vagabond import PASS
from automa.root.view import View
from tests.root.script import BotBoard, Dice, Script
from tests.root.test_vagabond import states, table, vb


# ---------------------------------------------------------------------------------------------- setup

@pytest.mark.parametrize("character, items", [
    ("vagrant", ["boot", "coins", "torch"]), ("arbiter", ["boot", "sword", "sword", "torch"]),
    ("scoundrel", ["boot", "boot", "crossbow", "torch"]), ("adventurer", ["boot", "hammer", "torch"]),
    ("ronin", ["boot", "boot", "sword", "torch"]), ("harrier", ["coins", "crossbow", "sword", "torch"])])
def test_start_items_LoR_D_4_to_D_9(character, items):
    """Each character starts with its items face up (LoR-9.3.5; LoR-D.4..D.9, seed 16.3.4..16.3.9, the items
    read from the second Law text, which gives coins where the local copy's letters say crossbow)."""
    g = table(script=Script(vagabond_forest=[0]), options={"vagabond_character": character})
    vb(g).board = None
    vagabond.setup(g, vb(g))
    assert vb(g).board.character == character
    assert states(g) == [(k, False, False) for k in items]
    assert character in CHARACTERS


def test_start_items_come_from_the_box_or_the_product_LoR_B_2_B_9():
    """A character's start items are S items of the base box or of its product (LoR-9.3.5, LoR-B.2, LoR-B.9):
    the Arbiter's second sword and the Ronin's second boot are the expansions'."""
    comp = data.load().components
    for name, (product, items) in data.MORE_CHARACTERS.items():
        assert comp.characters[name] == items
        spare = list(comp.start_items) + list(data.PRODUCT_ITEMS[product])
        for k in items:
            spare.remove(k)
    assert comp.start_items.count("sword") == 1 and comp.start_items.count("boot") == 1


# ---------------------------------------------------------------------------------------------- Vagrant

def test_instigate_sides_removal_order_and_scoring_LoR_D_4():
    """Instigate (LoR-D.4, seed 16.3.4): exhaust a torch; the Eyrie attacks the Marquise in his clearing;
    he picks which building the Marquise loses first and scores every building removed (LoR-3.2.1), plus
    1 VP per piece of the Hostile Marquise removed; the Eyrie scores nothing."""
    script = Script(vagabond_instigate_hits=[("marquise", "workshop", "building")])
    g = table(["torch"], character="vagrant", script=script, dice=(3, 0), at=("clearing", 2))
    cl = g.clearings[2]
    cl.warriors.update(marquise=1, eyrie=3)
    cl.buildings += [("marquise", "sawmill"), ("marquise", "workshop")]
    vb(g).board.relations["marquise"] = "hostile"
    assert ("special", "eyrie", "marquise") in vagabond.special_options(g, vb(g), 2)
    assert vagabond.special(g, vb(g), ("special", "eyrie", "marquise"))
    assert script.choices("vagabond_instigate_hits") == [(("marquise", "sawmill", "building"),
                                                          ("marquise", "workshop", "building"))]
    assert not cl.buildings and "marquise" not in cl.warriors and cl.warriors["eyrie"] == 3
    assert vb(g).sources == {"removal": 2, "infamy": 3} and g.seat("eyrie").vp == 0
    assert states(g) == [("torch", True, False)]


def test_instigate_may_name_himself_LoR_D_4():
    """The seed's Instigate lets the Vagrant be the attacker or the defender (seed 16.3.4, RT-SRC-1); in a
    forest there is no battle to start."""
    g = table(["torch"], character="vagrant", at=("clearing", 2))
    g.clearings[2].warriors.update(marquise=1, eyrie=1)
    pairs = {p[1:] for p in vagabond.special_options(g, vb(g), 2)}
    assert {("vagabond", "marquise"), ("marquise", "vagabond"), ("eyrie", "marquise")} <= pairs
    g.pawn = ("forest", 0)
    assert vagabond.special_options(g, vb(g), None) == []


# ---------------------------------------------------------------------------------------------- Arbiter

def _arbiter_table(defender_vp):
    g = table(["sword", "sword"], character="arbiter", dice=(3, 3), at=("clearing", 2))
    g.clearings[2].warriors.update(marquise=1, eyrie=3)
    g.seat("marquise").vp = defender_vp
    return g


def test_protector_bot_defender_enlists_him_LoR_D_5():
    """Protector (LoR-D.5, seed 16.3.5): a bot defender with a cap below 3 and below the attacker's pieces,
    ahead of him on VP, enlists him before the roll (CW-VB-CHAR-ARBITER): he scores 1 VP and his two
    undamaged swords raise its cap from 1 to 3, so the Marquise's die of 3 removes three Eyrie warriors."""
    g = _arbiter_table(5)
    result = battle.battle(g, "eyrie", "marquise", 2)
    assert result.dealt[1] == 3 and "eyrie" not in g.clearings[2].warriors
    assert vb(g).sources == {"special": 1}


def test_protector_not_enlisted_by_a_bot_not_ahead_of_him_LoR_D_5():
    g = _arbiter_table(0)
    result = battle.battle(g, "eyrie", "marquise", 2)
    assert result.dealt[1] == 1 and g.clearings[2].warriors["eyrie"] == 2 and vb(g).vp == 0


def test_protector_never_in_his_own_battle_LoR_D_5():
    """The Arbiter cannot be enlisted against himself (LoR-D.5)."""
    g = table(["sword", "sword"], character="arbiter", dice=(1, 0), at=("clearing", 2))
    g.clearings[2].warriors.update(marquise=1)
    g.seat("marquise").vp = 5
    battle.battle(g, "vagabond", "marquise", 2)
    assert "special" not in vb(g).sources


def test_vagabot_arbiter_enlisted_by_a_human_defender_CW_VB_CHAR_ARBITER():
    """The Vagabot Arbiter (CW-VB-CHAR-ARBITER): the player defending in his clearing chooses
    (``enlist_arbiter``); he scores 1 VP and adds his Battle Track items (one, with six undamaged items)."""
    d = data.load()
    seats = [Seat("marquise", None, {"warrior": 25}), Seat("eyrie", "electric_eyrie", {"warrior": 20}),
             Seat("vagabond", "vagabot", {})]
    script = Script(enlist_arbiter=["enlist"])
    g = state.new_game(d.maps["fall"], d.deck, seats, {}, {"dice": Dice(3, 3)})
    g.ask = script
    seats[1].board = BotBoard()
    seats[2].board = vagabot.Board(character="arbiter", items=[vagabot.Item("boot") for _ in range(6)])
    seats[2].board.settle_track()
    g.pawn = ("clearing", 2)
    g.clearings[2].warriors.update(marquise=1, eyrie=3)
    result = battle.battle(g, "eyrie", "marquise", 2)
    assert script.kinds() == ["enlist_arbiter"]
    assert result.dealt[1] == 2 and seats[2].sources == {"special": 1}


# ---------------------------------------------------------------------------------------------- Scoundrel

def test_scorched_earth_removes_enemies_and_closes_the_clearing_LoR_D_6():
    """Scorched Earth (LoR-D.6, seed 16.3.6): the torch goes from his board to his clearing, every enemy piece
    there is removed by him (1 VP per building; the warriors' factions turn Hostile), and from then on no
    piece is placed or moved into it: not by a bot, not by any faction's move, not by his pawn once he left."""
    g = table(["torch", "boot", "boot"], character="scoundrel", at=("clearing", 1))
    cl = g.clearings[1]
    cl.warriors.update(marquise=2)
    cl.buildings.append(("eyrie", "roost"))
    assert vagabond.special_options(g, vb(g), 1) == [("special",)]
    assert vagabond.special(g, vb(g), ("special",))
    assert not cl.warriors and not cl.buildings and vb(g).board.scorched == 1 == state.scorched(g)
    assert vb(g).sources == {"removal": 1} and vb(g).board.relations["marquise"] == "hostile"
    assert states(g) == [("boot", False, False), ("boot", False, False)]
    assert not state.may_place(g, "marquise", 1) and not state.place_warriors(g, "eyrie", 1, 2)
    g.clearings[5].warriors["marquise"] = 3
    assert not movement.can_move(g, "marquise", 5, 1) and movement.can_move(g, "marquise", 5, 2)
    assert not mechanical_marquise.may_move(g, 5, 1)
    vagabond.move(g, vb(g), 5)
    assert 1 not in vagabond.move_options(g, vb(g).board)
    assert ("clearing", 1) not in vagabond.slip_options(g)
    assert vagabond.special_options(g, vb(g), 5) == []


# ---------------------------------------------------------------------------------------------- Adventurer

def test_improvise_once_a_turn_damages_the_stand_in_LoR_D_7():
    """Improvise (LoR-D.7, seed 16.3.7): once a turn, a quest missing one item is done with another face-up
    item in its place, exhausted and damaged; the Thief with the same items cannot."""
    g = table(["boot", "torch", "hammer"], character="adventurer", script=Script(vagabond_quest_reward=["score"]))
    b = vb(g).board
    quests = {q.key: q for q in data.load().components.quests}
    b.quests = [quests["errand_fox"], quests["give_a_speech_fox"]]                  # tea+boot, torch+tea
    assert vagabond.quest_options(b, "fox") == [("quest", "errand_fox", "hammer"), ("quest", "errand_fox", "torch"),
                                                ("quest", "give_a_speech_fox", "boot"),
                                                ("quest", "give_a_speech_fox", "hammer")]
    vagabond.quest(g, vb(g), "errand_fox", "hammer")
    assert states(g) == [("boot", True, False), ("hammer", True, True), ("torch", False, False)]
    assert b.quests_done == [quests["errand_fox"]] and vb(g).vp == 1
    assert vagabond.quest_options(b, "fox") == []                                    # once a turn
    b.character = "thief"
    b.improvised = False
    assert vagabond.quest_options(b, "fox") == []


# ---------------------------------------------------------------------------------------------- Ronin

@pytest.mark.parametrize("answer, lost", [("strike", 2), (PASS, 1)])
def test_swift_strike_after_the_roll_LoR_D_8(answer, lost):
    """Swift Strike (LoR-D.8, seed 16.3.8): after the roll he may exhaust a sword for one extra hit."""
    g = table(["sword", "sword", "boot"], character="ronin", script=Script(vagabond_swift_strike=[answer]),
              dice=(1, 0), at=("clearing", 2))
    g.clearings[2].warriors.update(marquise=3)
    vagabond.fight(g, vb(g), "marquise")
    assert g.clearings[2].warriors["marquise"] == 3 - lost
    assert [s for s in states(g) if s[0] == "sword"] == [("sword", answer == "strike", False), ("sword", True, False)]


# ---------------------------------------------------------------------------------------------- Harrier

def test_glide_anywhere_without_boots_LoR_D_9():
    """Glide (LoR-D.9, seed 16.3.9): exhaust the torch and move the pawn alone to any other clearing, paths,
    Hostile warriors and boots aside; taking no path, it is no crossing on the Ferry (LoR-C.2.5), even from
    the Ferry's clearing (set here on clearing 1)."""
    g = table(["torch", "sword"], character="harrier", at=("clearing", 1))
    g.ferry = 1
    g.clearings[1].warriors["marquise"] = 2
    vb(g).board.relations["eyrie"] = "hostile"
    g.clearings[7].warriors["eyrie"] = 3
    assert vagabond.special_options(g, vb(g), 1) == [("special", c) for c in range(2, 13)]
    assert vagabond.special(g, vb(g), ("special", 7))
    assert g.pawn == ("clearing", 7) and g.clearings[1].warriors == {"marquise": 2}
    assert g.ferry == 1 and not vb(g).hand and "ferry" not in g.used
    assert states(g) == [("sword", False, False), ("torch", True, False)]


# ---------------------------------------------------------------------------------------------- labels

def test_the_new_decisions_and_actions_have_distinct_labels():
    """The kinds games rarely meet (tests/core/test_labels.py's UNMET) and the new Daylight choices read as
    words, distinct within a decision."""
    g = table(["torch", "sword"], character="vagrant", at=("clearing", 2))
    view = View(g, "vagabond")
    pairs = [("special", "eyrie", "marquise"), ("special", "vagabond", "marquise")]
    words = [labels.describe(view, "vagabond_daylight", p) for p in pairs]
    assert words[0] == "instigate: the Electric Eyrie battles the Mechanical Marquise here" and len(set(words)) == 2
    hits = [("marquise", "sawmill", "building"), ("marquise", "wood", "token")]
    assert len({labels.describe(view, "vagabond_instigate_hits", h) for h in hits}) == 2
    assert labels.describe(view, "vagabond_swift_strike", "strike") != labels.describe(view, "vagabond_swift_strike",
                                                                                        PASS)
    assert labels.describe(view, "enlist_arbiter", "enlist") != labels.describe(view, "enlist_arbiter", PASS)
    for character, pick in (("harrier", ("special", 7)), ("scoundrel", ("special",)),
                            ("adventurer", ("quest", "errand_fox", "hammer"))):
        vb(g).board.character = character
        assert "clearing 7" in labels.describe(view, "vagabond_daylight", pick) or character != "harrier"
        assert not labels.describe(view, "vagabond_daylight", pick).startswith("vagabond daylight")
