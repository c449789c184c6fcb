"""The Corvid Spies, demoted the Raven Sentries (LoR-E, the seed's 16.4; its card, research notes §2.9): the
setup in two clearings of one suit, the Daylight action (RT-OWN-28, the cards taken RT-OWN-29), the Sentries'
extra hit for a player and a bot, and bots (RT-OWN-15). Fall's suits: fox 1 6 8 12, mouse 2 7 9 11, rabbit
3 4 5 10."""
import random

import pytest

from automa.root import battle, cards, data, hirelings, rounds, setup, state
from automa.root.hirelings import spies
from automa.root.options import BOTS
from tests.root.script import hired_table, Dice, Script, opts, rng

FALL = {"fox": (1, 6, 8, 12), "mouse": (2, 7, 9, 11), "rabbit": (3, 4, 5, 10)}


def table(ask=None, **kw):
    """The Marquise (the player, first) and the Electric Eyrie, the Spies dealt (two seats: promoted), the map
    emptied."""
    return hired_table("spies", ask, **kw)


def spies_at(g) -> dict[int, int]:
    return {c: g.clearings[c].warriors[spies.NAME] for c in range(1, 13) if g.clearings[c].warriors.get(spies.NAME)}


def hire(g, faction, demoted=False):
    h = g.hirelings["spies"]
    h.controller, h.demoted = faction, demoted
    return h


# ---------------------------------------------------------------------------------------------- setup

def test_the_corvid_spies_set_up_in_two_clearings_of_one_suit_LoR_A_6_3():
    """The Corvid Spies' setup (its card): two Spies, one in each of two clearings of the same suit; the
    player picks the first, then the second among that suit's; a bot by priority (RT-OWN-16)."""
    ask = Script(hireling_setup=[("spies", 5), lambda cs: cs[-1]])
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=2, hirelings="spies"), rng(),
                    ask=ask)
    first, second = ask.choices("hireling_setup")
    assert {c for _, c in second} <= set(FALL["rabbit"]) - {5} and len(second) >= 2
    assert ("spies", 5) in first
    where = spies_at(g)
    assert sorted(where) == [5, second[-1][1]] and set(where.values()) == {1}
    assert g.hired["spies"].supply == {"warrior": 4} and g.hired["spies"].bot == state.HIRED
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=1, hirelings="spies"), rng(),
                    ask=Script())
    a, b = sorted(spies_at(g))                                  # the bot's two, by priority
    assert any(a in cs and b in cs for cs in FALL.values())


def test_the_spies_pair_with_the_lost_city_of_every_suit():
    """A clearing of one suit pairs with the Lost City, which is fox, mouse and rabbit at once (LoR-F,
    ``state.suited``): every other clearing is its mate."""
    g = table()
    every = list(range(1, 13))
    assert spies._mates(g, 1, every) == [6, 8, 12]
    g.lost_city = 7
    assert spies._mates(g, 1, every) == [6, 7, 8, 12]
    assert spies._mates(g, 7, every) == [c for c in every if c != 7]


def test_the_raven_sentries_have_no_setup_and_neither_side_acts_when_hired():
    """The Raven Sentries' card has no setup step (four seats demote it, LoR-A.6.2); neither side has a
    when-hired action (its card): hiring places nothing."""
    g = setup.setup(data.load(), opts(hirelings="spies"), rng(), ask=Script())
    assert g.hirelings["spies"].demoted and not spies_at(g)
    for demoted in (False, True):
        g = table()
        g.clearings[8].warriors.update(marquise=1)
        g.hirelings["spies"].demoted = demoted
        hirelings.gain(g, g.seat("marquise"), g.hirelings["spies"], "LoR-E.1.1")
        assert not spies_at(g) and g.hired["spies"].supply["warrior"] == 6


# ---------------------------------------------------------------------------------------------- Daylight

def test_the_spies_place_two_among_enemy_clearings_then_battle_in_each_RT_OWN_28():
    """The Corvid Spies' Daylight (its card; RT-OWN-28): taken, two Spies go among clearings with enemy
    pieces (the same one allowed; never one with the controller's pieces alone), then the player chooses to
    battle in each Spy clearing, the Spies attacking a defender of his choice there; the Spies score nothing
    (LoR-E.3.6)."""
    ask = Script(spies_place=[4, 9], spies_order=["battle"], spies_battle=[(4, "band")])
    g = table(ask, hirelings="spies,band")
    hire(g, "marquise")
    g.clearings[4].warriors.update(eyrie=2)
    g.clearings[4].buildings.append(("eyrie", "roost"))
    g.clearings[9].warriors.update(eyrie=1, marquise=2)
    g.clearings[2].warriors.update(marquise=3)
    g.clearings[11].warriors.update(spies=1, marquise=1)          # a Spy clearing with no enemy: no battle
    g.clearings[4].warriors.update(spies=1)
    state.place_warriors(g, "band", 4, 1)
    g.rng["dice"] = Dice(3, 1, 3, 0)
    vp = g.seat("marquise").vp
    hirelings.daylight(g, g.seat("marquise"))
    places = ask.choices("spies_place")
    assert list(places[0]) == [4, 9] and list(places[1]) == [4, 9]     # 4 again allowed
    assert [list(cs) for cs in ask.choices("spies_battle")] == [[(4, "eyrie"), (4, "band")]]   # 9: one, not asked
    assert "band" not in g.clearings[4].warriors                    # the Band battled in 4
    assert g.clearings[4].warriors["eyrie"] == 2 and g.clearings[4].warriors["spies"] == 1    # the Band hit back
    assert "eyrie" not in g.clearings[9].warriors                  # the one Spy there deals one hit (3, capped at 1)
    assert g.seat("marquise").vp == vp and g.hired["spies"].vp == 0


def test_the_spies_never_battle_their_controller_nor_his_hirelings_LoR_E_3_2():
    """The Spies' enemies are everyone but their controller (LoR-E.3.2): not his pieces, not the hirelings he
    controls; an enemy the Stoic Protector shields is out of reach too."""
    g = table(hirelings="spies,band")
    hire(g, "marquise")
    g.hirelings["band"].controller = "marquise"
    g.clearings[3].warriors.update(spies=1, marquise=2, band=1, eyrie=1)
    assert spies._defenders(g, g.seat("marquise"), 3) == ["eyrie"]
    g.hirelings["band"].controller = "eyrie"
    assert spies._defenders(g, g.seat("marquise"), 3) == ["eyrie", "band"]
    g.clearings[3].warriors.pop("eyrie")
    g.hirelings["band"].controller = None
    assert spies._places(g, g.seat("marquise")) == [3]              # the Band is an enemy piece


def test_the_spies_take_a_card_from_each_enemy_there_a_bot_giving_a_draw_RT_OWN_29():
    """The other branch (its card; RT-OWN-29): in one Spy clearing the controller takes a card from each enemy
    player with faction pieces there; a bot has no hand (CW-GEN-15), so each is drawn from the deck. An
    enemy clearing of no Spy is not offered; a hireling has no card."""
    ask = Script(spies_act=["act"], spies_place=[6, 6], spies_order=["steal"], spies_steal=[6])
    g = table(ask, bots="electric_eyrie,automated_alliance,vagabot", hirelings="spies,band")
    hire(g, "marquise")
    g.clearings[6].warriors.update(eyrie=1, spies=1)
    g.clearings[6].tokens.append(("alliance", "sympathy"))
    g.clearings[6].warriors["band"] = 1
    g.clearings[10].warriors.update(eyrie=1)
    seat = g.seat("marquise")
    hand, deck = list(seat.hand), list(g.deck)
    hirelings.daylight(g, seat)
    assert list(ask.choices("spies_order")[-1]) == ["battle", "steal"] and not ask.choices("spies_steal")   # 6: the one
    assert seat.hand == hand + deck[::-1][:2] and g.deck == deck[:-2]      # eyrie's, then the alliance's
    assert g.clearings[6].warriors["spies"] == 3


def test_the_spies_action_is_optional_and_a_bots_takes_none_RT_OWN_15():
    """LoR-E.2.4: the player may decline the whole action; a bot's Spies take no Daylight action, a "may"
    (RT-OWN-15); the Raven Sentries have none."""
    g = table(Script(spies_act=[("pass",)]))
    hire(g, "marquise")
    g.clearings[4].warriors.update(eyrie=2, spies=1)
    before = [dict(cl.warriors) for cl in g.clearings[1:]]
    g.ask.asked.clear()
    cards.daylight_effects(g, g.seat("marquise"))
    assert [dict(cl.warriors) for cl in g.clearings[1:]] == before and g.ask.kinds() == ["spies_act"]
    hire(g, "eyrie")
    g.clearings[4].warriors.update(marquise=2)
    hirelings.daylight(g, g.seat("eyrie"))
    assert [dict(cl.warriors) for cl in g.clearings[1:]][3] == {"eyrie": 2, "spies": 1, "marquise": 2}
    hire(g, "marquise", demoted=True)
    g.ask.asked.clear()
    hirelings.daylight(g, g.seat("marquise"))
    assert not g.ask.asked


# ---------------------------------------------------------------------------------------------- Raven Sentries

def fight(g, attacker, defender, c, faces=(2, 1)):
    g.rng["dice"] = Dice(*faces)
    return battle.battle(g, attacker, defender, c)


@pytest.mark.parametrize("role", ["attacker", "defender"])
def test_the_raven_sentries_give_a_player_an_extra_hit_by_his_buildings(role):
    """The Raven Sentries (its card): in a battle, attacking or defending, the controller deals one hit more
    in a clearing with his buildings or tokens; not without them, not with the promoted side, not when he
    does not control it."""
    g = table()
    me, them = ("marquise", "eyrie") if role == "attacker" else ("eyrie", "marquise")
    i = 0 if role == "attacker" else 1
    g.clearings[5].warriors.update(marquise=3, eyrie=3)
    assert fight(g, me, them, 5).dealt == [2, 1]
    hire(g, "marquise", demoted=True)
    g.clearings[5].warriors.update(marquise=3, eyrie=3)
    assert fight(g, me, them, 5).dealt == [2, 1]                      # no building or token there
    g.clearings[5].tokens.append(("marquise", "wood"))
    g.clearings[5].warriors.update(marquise=3, eyrie=3)
    assert fight(g, me, them, 5).dealt[i] == (2, 1)[i] + 1
    hire(g, "marquise")                                              # the promoted side
    g.clearings[5].warriors.update(marquise=3, eyrie=3)
    assert fight(g, me, them, 5).dealt == [2, 1]
    hire(g, "eyrie", demoted=True)
    g.clearings[5].warriors.update(marquise=3, eyrie=3)
    assert fight(g, me, them, 5).dealt == [2, 1]


@pytest.mark.parametrize("role", ["attacker", "defender"])
def test_the_raven_sentries_hold_for_a_bot_controller(role):
    """A "Controller:" ability holds for a bot (RT-OWN-15): the Electric Eyrie controlling the Raven Sentries
    deals one hit more by its roost, attacking or defending; the extra hit ignores the cap (LoR-4.3.3.I)."""
    g = table()
    hire(g, "eyrie", demoted=True)
    g.clearings[5].buildings.append(("eyrie", "roost"))
    g.clearings[5].warriors.update(marquise=3, eyrie=1)
    me, them = ("eyrie", "marquise") if role == "attacker" else ("marquise", "eyrie")
    got = fight(g, me, them, 5, (3, 3)).dealt
    assert got == ([2, 3] if role == "attacker" else [3, 2])


def test_no_sentries_code_runs_without_hirelings(monkeypatch):
    """Off by default (LoR-A.6): a whole game with battles never asks ``state.sentries``."""
    monkeypatch.setattr(state, "sentries", lambda *a: pytest.fail("state.sentries ran"))
    fought = []
    real = battle.battle
    monkeypatch.setattr(battle, "battle", lambda *a, **k: fought.append(a[3]) or real(*a, **k))
    pick = random.Random(5)
    bots = ",".join(b for b, f in BOTS.items() if f != "marquise")
    g = setup.setup(data.load(), opts(bots=bots), rng(), ask=lambda game, kind, cs: pick.choice(cs))
    rounds.play(g)
    assert fought and not g.hirelings


# ---------------------------------------------------------------------------------------------- words

def test_the_spies_decisions_and_events_read_in_words():
    """Each Spies decision (docs/decisions.md) and the cards taken read in words."""
    from automa.root import narrate
    from automa.root import view as views
    from automa.root.labels import describe
    g = table(bots="others")
    v = views.View(g, "marquise")
    assert describe(v, "hire", "spies") == "hire the Raven Sentries"
    assert describe(v, "spies_act", ("pass",)) == "take no Spies action"
    assert describe(v, "spies_place", 4) == "place a Spy in clearing 4 (rabbit)"
    assert describe(v, "spies_order", "steal") == "take a card from each enemy in one Spy clearing"
    assert describe(v, "spies_battle", (4, "eyrie")) == "the Spies battle the Electric Eyrie in clearing 4 (rabbit)"
    assert describe(v, "spies_battle", (4, "band")) == "the Spies battle the Popular Band in clearing 4 (rabbit)"
    assert describe(v, "spies_steal", 6) == "take a card from each enemy in clearing 6 (fox)"
    said = narrate.tell(v, {"kind": "spies_steal", "rule": "LoR-E.2.4", "faction": "marquise", "clearing": 6,
                            "victims": "eyrie,alliance"})
    assert said.startswith("You take a card from the Electric Eyrie, the Automated Alliance with the Spies in clearing 6")
