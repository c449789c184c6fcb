"""The Riverfolk Flotilla, demoted the Otter Divers (LoR-E, the seed's 16.4; its card, research notes §2.5): a
pawn on the river that draws cards, moves and battles (RT-OWN-52, RT-OWN-53), the Lake's coast as its river
(RT-OWN-51), and the controller's moves that ignore rule by a river (RT-OWN-54)."""
import random

import pytest

from automa.root import battle, data, hirelings, movement, rounds, screen, setup, state
from automa.root.bots import mechanical_marquise
from automa.root.decide import PASS
from automa.root.hirelings import flotilla
from automa.root.view import View
from tests.root.script import Dice, Script, hired_table, opts, rng



def table(ask=None, **kw):
    """The Marquise (the player, first) and the Electric Eyrie: the Flotilla promoted (two seats, LoR-A.6.2),
    controlled by the player, its pawn in clearing 7; the map emptied."""
    g = hired_table("flotilla", ask, **kw)
    g.hirelings["flotilla"].controller = "marquise"
    g.hired["flotilla"].board.at = 7
    return g


def divers(**kw):
    """Four seats (two demoted, LoR-A.6.2): the Otter Divers, controlled by the player (the Marquise)."""
    g = hired_table("flotilla", bots="others", **kw)
    h = g.hirelings["flotilla"]
    assert h.demoted and "flotilla" not in g.hired
    h.controller = "marquise"
    return g


def test_the_flotilla_sets_up_on_the_map_edge_and_a_river_LoR_A_6_3():
    """Its card's setup: a clearing on the map edge and on a river (Fall: 4, 5 and 7, not the inner 10 and 11),
    the player choosing; a bot by priority (RT-OWN-16); the Otter Divers set up nothing."""
    ask = Script(hireling_setup=[("flotilla", 5)])
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=2, hirelings="flotilla"),
                    rng(), ask=ask)
    offered = {c for _, c in ask.choices("hireling_setup")[0]}
    assert offered <= {4, 5, 7} and 5 in offered and flotilla.at(g) == 5
    assert g.hired["flotilla"].supply == {} and g.hired["flotilla"].bot == state.HIRED
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=1, hirelings="flotilla"),
                    rng(), ask=Script())
    legal = [c for c in (4, 5, 7) if state.may_place(g, "flotilla", c)]
    assert flotilla.at(g) == legal[0]                                     # the bot's highest priority
    g = setup.setup(data.load(), opts(hirelings="flotilla"), rng(), ask=Script())
    assert g.hirelings["flotilla"].demoted and "flotilla" not in g.hired and flotilla.at(g) is None


@pytest.mark.parametrize("lake, at", [("coast", 1), ("none", None)])
def test_on_the_lake_the_coast_is_the_river_RT_OWN_51(lake, at):
    """On the Lake the lake's links are rivers (LoR-C.2.2): the only coastal clearing on the edge is the corner,
    clearing 1, and the Flotilla crosses to any other coastal clearing; with ``flotilla_lake=none`` the Lake
    has no river for it: it stays off the map and does nothing."""
    ask = Script(flotilla_move=[11])
    g = hired_table("flotilla", ask, map="lake", flotilla_lake=lake, seat=2)
    assert flotilla.at(g) == at
    if at is None:
        assert not state.riverside(g, 1) and not state.riverside(g, 10)
        return
    g.hirelings["flotilla"].controller = "marquise"
    flotilla.birdsong(g, g.seat("marquise"), g.hirelings["flotilla"])
    assert sorted(ask.choices("flotilla_move")[0]) == [10, 11, 12] and flotilla.at(g) == 11


def test_the_flotilla_cannot_be_battled_or_removed_and_rules_nothing():
    """Its card: no battle against it, no removal; a pawn is no warrior nor building (LoR-2.5)."""
    g = table()
    g.hirelings["flotilla"].controller = None                    # in the supply: everyone's enemy (LoR-E.3.2)
    state.place_warriors(g, "eyrie", 7, 2)
    assert "flotilla" not in battle.defenders(g, "eyrie", 7)
    battle.remove_all(g, 7, "eyrie")
    assert flotilla.at(g) == 7 and state.ruler(g, 7) == "eyrie"
    state.remove_warriors(g, "eyrie", 7, 2)
    assert state.ruler(g, 7) is None


def test_the_birdsong_draws_for_each_player_at_the_flotilla_then_moves_it_down_the_river():
    """LoR-E.2.3, the card's first step: a player with faction pieces in its clearing draws a card (a bot
    nothing by default, RT-OWN-52); second: it must move one river on, ignoring rule (7: to 4 or 11), the
    player choosing; warriors there rule for nobody's sake."""
    ask = Script(flotilla_move=[11], flotilla_battle=[PASS])
    g = table(ask)
    state.place_warriors(g, "marquise", 7, 1)
    state.place_warriors(g, "eyrie", 7, 1)
    state.place_warriors(g, "eyrie", 11, 3)                      # the Eyrie rules the destination
    hand, deck = len(g.seat("marquise").hand), len(g.deck)
    flotilla.birdsong(g, g.seat("marquise"), g.hirelings["flotilla"])
    assert len(g.seat("marquise").hand) == hand + 1 and len(g.deck) == deck - 1
    assert g.seat("eyrie").vp == 0
    assert [sorted(c) for c in ask.choices("flotilla_move")] == [[4, 11]] and flotilla.at(g) == 11
    g = table(Script(flotilla_battle=[PASS]))
    hand = len(g.seat("marquise").hand)
    flotilla.birdsong(g, g.seat("marquise"), g.hirelings["flotilla"])        # nobody at the Flotilla
    assert len(g.seat("marquise").hand) == hand


def test_a_bot_at_the_flotilla_scores_one_instead_with_score_one_RT_OWN_52():
    """``flotilla_bot_draw=score_one``: a bot holds no hand (CW-GEN-15) and scores 1 VP instead, as for a card
    given to it; the player still draws."""
    g = table(flotilla_bot_draw="score_one")
    state.place_warriors(g, "eyrie", 7, 1)
    flotilla.birdsong(g, g.seat("marquise"), g.hirelings["flotilla"])
    assert g.seat("eyrie").vp == 1 and g.seat("eyrie").sources.get("card") == 1


def test_the_flotilla_battles_with_three_hits_at_most_and_takes_none():
    """Its card: it rolls at most 3 hits (its pawn is no warrior, LoR-4.3.2.I) and cannot be removed, so the
    defender's hits fall on nothing; its removals score nothing (LoR-E.3.6); the player picks the defender
    (``flotilla_battle``), never himself."""
    ask = Script(flotilla_move=[4], flotilla_battle=["eyrie"])
    g = table(ask)
    g.rng["dice"] = Dice(3, 3)
    state.place_warriors(g, "eyrie", 4, 5)
    state.place_warriors(g, "marquise", 4, 1)
    flotilla.birdsong(g, g.seat("marquise"), g.hirelings["flotilla"])
    assert [list(c) for c in ask.choices("flotilla_battle")] == [["eyrie", PASS]]
    assert g.clearings[4].warriors == {"eyrie": 2, "marquise": 1} and flotilla.at(g) == 4
    assert g.seat("marquise").vp == 0
    g = table(Script(flotilla_move=[4], flotilla_battle=["eyrie"]))
    g.rng["dice"] = Dice(3, 0)
    state.place_building(g, "eyrie", "roost", 4)                 # defenseless: one extra hit (LoR-4.3.3.II)
    flotilla.birdsong(g, g.seat("marquise"), g.hirelings["flotilla"])
    assert not g.clearings[4].buildings and g.seat("marquise").vp == 0


def test_a_bots_flotilla_moves_by_priority_and_never_battles_RT_OWN_15():
    """A bot controller: the must (the move) by priority (RT-OWN-16), the "may" battle never (RT-OWN-15)."""
    ask = Script()
    g = table(ask)
    g.hirelings["flotilla"].controller = "eyrie"
    state.place_warriors(g, "marquise", 4, 1)
    before = len(ask.asked)
    flotilla.birdsong(g, g.seat("eyrie"), g.hirelings["flotilla"])
    assert flotilla.at(g) == 4 and g.clearings[4].warriors == {"marquise": 1} and len(ask.asked) == before


def test_the_flotilla_acts_at_the_start_of_its_controllers_birdsong_LoR_E_2_3():
    """Through the hirelings' dispatch: the controller's Birdsong only, the Otter Divers none."""
    g = table(Script(flotilla_move=[4], flotilla_battle=[PASS]))
    hirelings.birdsong(g, g.seat("eyrie"))
    assert flotilla.at(g) == 7
    hirelings.birdsong(g, g.seat("marquise"))
    assert flotilla.at(g) == 4
    g = divers()
    hirelings.birdsong(g, g.seat("marquise"))                     # nothing to do, nothing breaks


def test_the_otter_divers_controller_ignores_rule_by_a_river_RT_OWN_54():
    """The card (Controller): his own moves need no rule when the origin or the destination is on a river;
    others' moves, his moves elsewhere and his hirelings' (LoR-E.3.5) still do."""
    g = divers()
    for c in range(1, 13):
        g.clearings[c].warriors.clear()
    state.place_warriors(g, "marquise", 1, 1)
    state.place_warriors(g, "eyrie", 1, 3)
    state.place_warriors(g, "eyrie", 10, 3)
    state.place_warriors(g, "eyrie", 9, 3)
    assert movement.can_move(g, "marquise", 1, 10)                # into a river clearing ruled by the Eyrie
    assert not movement.can_move(g, "marquise", 1, 9)             # no river at either end
    g.clearings[5].warriors["marquise"] = 1
    g.clearings[5].warriors["eyrie"] = 2
    g.clearings[2].warriors["eyrie"] = 2
    assert movement.can_move(g, "marquise", 5, 2)                 # out of a river clearing
    state.place_warriors(g, "alliance", 1, 1)
    assert not movement.can_move(g, "alliance", 1, 10)           # not its controller
    g.hirelings["flotilla"].controller = "eyrie"
    assert not movement.can_move(g, "marquise", 1, 10)


def test_a_bot_controlling_the_otter_divers_moves_by_a_river_without_rule_RT_OWN_54():
    """A bot controller too: the Mechanical Marquise's moves (LoR-4.2.1 in its ``may_move``)."""
    g = hired_table("flotilla", faction="eyrie", bots="others", seat=1)
    g.hirelings["flotilla"].controller = "marquise"
    state.place_warriors(g, "eyrie", 1, 3)
    state.place_warriors(g, "eyrie", 10, 3)
    state.place_warriors(g, "marquise", 1, 1)
    assert mechanical_marquise.may_move(g, 1, 10) and not mechanical_marquise.may_move(g, 1, 9)
    g.hirelings["flotilla"].controller = None
    assert not mechanical_marquise.may_move(g, 1, 10)


def test_no_otter_divers_code_runs_without_hirelings(monkeypatch):
    """The ability's test waits behind ``game.hirelings``: a whole game without hirelings never asks it."""
    monkeypatch.setattr(state, "divers", lambda *a: pytest.fail("state.divers ran"))
    pick = random.Random(5)
    g = setup.setup(data.load(), opts(faction="eyrie", bots="mechanical_marquise,automated_alliance"), rng(),
                    ask=lambda game, kind, cs: pick.choice(cs))
    rounds.play(g)
    assert g.round > 1


def test_the_flotilla_side_copies_its_pawn():
    """A copy (lookahead) moves its own pawn, not the game's."""
    g = table()
    h = g.copy()
    h.hired["flotilla"].board.at = 4
    assert flotilla.at(g) == 7 and flotilla.at(h) == 4


def test_the_screen_marks_the_flotillas_clearing():
    """The player sees where the pawn is: ~ in its clearing's slots, and the card in the key."""
    g = table()
    v = View(g, "marquise")
    assert v.flotilla == 7 and screen.slots(v, 7).endswith("~") and "~" not in screen.slots(v, 4)
    assert screen.hireling(v, next(h for h in v.hirelings if h[0] == "flotilla")).startswith("~ Riverfolk Flotilla")
