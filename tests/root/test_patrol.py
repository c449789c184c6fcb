"""The Forest Patrol, demoted the Feline Physicians (LoR-E, the seed's 16.4; its card, research notes §2.1):
refused with the Marquise at the table (LoR-A.6.5), a warrior in every clearing, one removed warrior kept on
the card (RT-OWN-38), the Daylight move-and-battle or gathering, the Physicians' card spent for the removed
warriors, and bots (RT-OWN-15, CW-GEN-15)."""
import pytest

import cli
from automa.core.errors import UsageError
from automa.core.registry import get_game
from automa.root import battle, data, hirelings, screen, setup, state
from automa.root.decide import PASS
from automa.root.hirelings import side as sides
from automa.root.hirelings import patrol
from automa.root.view import View
from tests.root.script import Dice, Script, opts, rng


def table(ask=None, demoted=False, **kw):
    """The Eyrie (the player, first) and the Automated Alliance, plus the Vagabot when ``demoted`` (three seats
    demote the one card, LoR-A.6.2); the Patrol controlled by the player; the map emptied."""
    bots = "automated_alliance,vagabot" if demoted else "automated_alliance"
    kw = {"faction": "eyrie", "bots": bots, "seating": "fixed", "seat": 1, "hirelings": "patrol", **kw}
    g = setup.setup(data.load(), opts(**kw), rng(), ask=ask or Script())
    assert g.hirelings["patrol"].demoted == demoted
    for c, cl in enumerate(g.clearings[1:], 1):
        for f in list(cl.warriors):
            state.remove_warriors(g, f, c, cl.warriors[f])
        cl.tokens.clear()
        cl.buildings.clear()
    g.hired["patrol"].out.clear()
    g.hirelings["patrol"].controller = "eyrie"
    return g


# ---------------------------------------------------------------------------------------------- LoR-A.6.5

@pytest.mark.parametrize("raw", [{"faction": "marquise"}, {"faction": "eyrie"},
                                 {"faction": "none", "bots": "mechanical_marquise,vagabot"}])
def test_the_patrol_is_refused_while_the_marquise_is_at_the_table_LoR_A_6_5(raw):
    """A faction is not played while its hireling is (LoR-A.6.5, 16.1.6.V): the player's Marquise, or the
    Mechanical Marquise (a bot plays its faction, CW-GEN-2; ``bots=others`` seats her)."""
    game = get_game("root")
    with pytest.raises(UsageError, match=r"patrol stands for the Marquise.*LoR-A\.6\.5"):
        game.prepare(game.resolve_options({**raw, "hirelings": "patrol"}))


def test_the_patrol_plays_at_a_table_without_the_marquise():
    game = get_game("root")
    game.prepare(game.resolve_options({"faction": "eyrie", "bots": "automated_alliance", "hirelings": "patrol"}))
    game.prepare(game.resolve_options({"faction": "marquise", "hirelings": "protector"}))


def test_the_cli_refuses_the_patrol_with_the_marquise_exit_code_2(capsys, tmp_path):
    """``automa-sim simulate root -o hirelings=patrol`` (the player's Marquise by default): one line, code 2."""
    with pytest.raises(SystemExit) as exc:
        cli.main(["simulate", "root", "--games", "1", "--out", str(tmp_path / "r"), "--option", "hirelings=patrol"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.count("\n") == 1 and "LoR-A.6.5" in err and "Marquise" in err, err


# ---------------------------------------------------------------------------------------------- Forest Patrol

def test_the_forest_patrol_sets_up_a_warrior_in_every_clearing_LoR_A_6_3():
    """Its card's setup: one warrior in each clearing (the twelve of the map); the Feline Physicians none."""
    g = setup.setup(data.load(), opts(faction="eyrie", bots="automated_alliance", hirelings="patrol"), rng(),
                    ask=Script())
    assert all(g.clearings[c].warriors.get("patrol") == 1 for c in range(1, 13))
    assert g.hired["patrol"].supply == {"warrior": 0} and g.hired["patrol"].board is patrol.BOARD
    g = setup.setup(data.load(), opts(faction="eyrie", bots="automated_alliance,vagabot", hirelings="patrol"),
                    rng(), ask=Script())
    assert g.hirelings["patrol"].demoted and not any(cl.warriors.get("patrol") for cl in g.clearings[1:])


def test_one_removed_patrol_warrior_goes_onto_the_card_RT_OWN_38():
    """Whenever Patrol warriors are removed, one of them goes onto the card, not the supply (the card says
    one: RT-OWN-38); the copy carries the card's pile (lookahead); the screen's key shows it."""
    g = table()
    state.place_warriors(g, "patrol", 4, 3)
    state.place_warriors(g, "alliance", 4, 3)
    g.rng["dice"] = Dice(2, 0)
    battle.battle(g, "alliance", "patrol", 4)
    side = g.hired["patrol"]
    assert g.clearings[4].warriors["patrol"] == 1 and side.out == {"warrior": 1} and side.supply["warrior"] == 10
    assert g.copy().hired["patrol"].out == {"warrior": 1}
    n = state.remove_warriors(g, "patrol", 4, 1)
    battle.warriors_removed(g, "patrol", 4, n, None)
    assert side.out == {"warrior": 2} and side.supply["warrior"] == 10
    assert "Forest Patrol: yours, 0 control, on the card 2" in screen.map_key(View(g, "eyrie"))


def test_the_feline_physicians_keep_no_patrol_warrior():
    g = table(demoted=True)
    state.place_warriors(g, "patrol", 4, 2)
    n = state.remove_warriors(g, "patrol", 4, 2)
    battle.warriors_removed(g, "patrol", 4, n, "eyrie")
    assert g.hired["patrol"].out == {} and g.hired["patrol"].supply["warrior"] == 12


def test_the_card_warriors_gather_in_one_patrol_clearing():
    """Daylight, the second choice: every warrior on the card into one clearing with Patrol warriors."""
    ask = Script(patrol_order=["gather"], patrol_gather=[7])
    g = table(ask)
    state.place_warriors(g, "patrol", 7, 1)
    state.place_warriors(g, "patrol", 2, 1)
    g.hired["patrol"].supply["warrior"] -= 3
    g.hired["patrol"].out["warrior"] = 3
    patrol.daylight(g, g.seat("eyrie"), g.hirelings["patrol"])
    assert [list(c) for c in ask.choices("patrol_order")] == [["move", "gather", PASS]]
    assert [list(c) for c in ask.choices("patrol_gather")] == [[2, 7]]
    assert g.clearings[7].warriors["patrol"] == 4 and g.hired["patrol"].out == {}
    g = table(Script())
    state.place_warriors(g, "patrol", 7, 1)
    assert patrol.gathers(g) == []                               # an empty card gathers nothing


def test_the_patrol_moves_by_its_controllers_rule_then_battles_his_enemies_LoR_E_3_1_LoR_E_3_6():
    """Daylight, the first choice: a move of Patrol warriors, the controller ruling either end with them counted
    as his (LoR-E.3.1), then a battle against one of his enemies, scoring him nothing (LoR-E.3.6)."""
    g = table()
    state.place_warriors(g, "patrol", 1, 2)
    assert state.ruler(g, 1) == "eyrie"
    state.place_warriors(g, "alliance", 5, 1)
    g.clearings[5].tokens.append(("alliance", "sympathy"))
    assert (1, 5, 2) in sides.moves(g, g.seat("eyrie"), "patrol")
    state.place_warriors(g, "eyrie", 1, 3)
    g.hirelings["patrol"].controller = "alliance"
    assert not [m for m in sides.moves(g, g.seat("alliance"), "patrol") if m[1] != 5]     # only into the Alliance's 5
    g.hirelings["patrol"].controller = "eyrie"
    g.rng["dice"] = Dice(3, 0)
    g.ask = Script(patrol_order=["move"], patrol_move=[(1, 5, 2)], patrol_battle=[(5, "alliance")])
    patrol.daylight(g, g.seat("eyrie"), g.hirelings["patrol"])
    assert not g.clearings[5].warriors.get("alliance") and g.clearings[5].warriors.get("patrol")
    assert ("alliance", "sympathy") not in g.clearings[5].tokens and g.seat("eyrie").vp == 0
    assert (5, "eyrie") not in sides.targets(g, g.seat("eyrie"), "patrol")


def test_a_bots_patrol_takes_no_daylight_action_RT_OWN_15():
    """The Daylight action is a "may": a bot's Patrol takes none (``hirelings.daylight``), nor does anything
    when hired; its ability still keeps a removed warrior on the card."""
    ask = Script()
    g = table(ask)
    g.hirelings["patrol"].controller = "alliance"
    g.hired["patrol"].out["warrior"] = 2
    state.place_warriors(g, "patrol", 3, 1)
    hirelings.daylight(g, g.seat("alliance"))
    hirelings.gain(g, g.seat("alliance"), g.hirelings["patrol"], "LoR-E.1.1")
    assert not [k for k in ask.kinds() if k.startswith("patrol")] and g.clearings[3].warriors == {"patrol": 1}


# ---------------------------------------------------------------------------------------------- Feline Physicians

def test_the_feline_physicians_spend_a_matching_card_to_place_the_removed_warriors():
    """Controller: his warriors removed in a clearing, the player may spend a card matching it (a bird is wild)
    to place them in a clearing with his pieces instead (its card; Field Hospitals' way, LoR-6.2.3)."""
    ask = Script(physicians=[lambda ch: ch[1]])
    g = table(ask, demoted=True)
    eyrie = g.seat("eyrie")
    suit = state.suit_of(g, 5)
    match = next(i for i, c in enumerate(g.cards) if c.suit == suit and i not in g.dominance)
    other = next(i for i, c in enumerate(g.cards) if c.suit not in (suit, "bird") and i not in g.dominance)
    eyrie.hand = [other, match]
    g.clearings[2].buildings.append(("eyrie", "roost"))
    state.place_warriors(g, "eyrie", 9, 1)
    state.place_warriors(g, "eyrie", 5, 3)
    g.clearings[5].warriors["patrol"] = 0
    state.place_warriors(g, "alliance", 5, 3)
    g.rng["dice"] = Dice(3, 0)
    battle.battle(g, "alliance", "eyrie", 5)
    assert [list(c) for c in ask.choices("physicians")] == [[(match, 2), (match, 9), PASS]]
    assert g.clearings[9].warriors["eyrie"] == 4 and eyrie.hand == [other] and match in g.discard


def test_no_physicians_for_a_bot_nor_the_promoted_side_nor_without_the_card_CW_GEN_15():
    """A bot holds no hand (CW-GEN-15); the Forest Patrol's controller has no such ability; without the card
    in play nothing is asked."""
    ask = Script()
    g = table(ask, demoted=True)
    g.hirelings["patrol"].controller = "alliance"
    state.place_warriors(g, "alliance", 5, 2)
    n = state.remove_warriors(g, "alliance", 5, 2)
    battle.warriors_removed(g, "alliance", 5, n, "eyrie")
    g.hirelings["patrol"].controller = "eyrie"
    g.seat("eyrie").hand = []
    state.place_warriors(g, "eyrie", 5, 2)
    n = state.remove_warriors(g, "eyrie", 5, 2)
    battle.warriors_removed(g, "eyrie", 5, n, "alliance")
    assert ask.choices("physicians") == []
    g = table(ask)                                          # promoted: no Physicians
    g.seat("eyrie").hand = list(range(len(g.cards)))[:10]
    state.place_warriors(g, "eyrie", 5, 2)
    n = state.remove_warriors(g, "eyrie", 5, 2)
    battle.warriors_removed(g, "eyrie", 5, n, "alliance")
    assert ask.choices("physicians") == []


def test_no_physicians_code_runs_without_the_card(monkeypatch):
    """``battle.warriors_removed`` consults the Feline Physicians only with the Patrol dealt."""
    monkeypatch.setattr(patrol.Board, "physicians", lambda *a: pytest.fail("the Physicians asked without the card"))
    g = setup.setup(data.load(), opts(faction="eyrie", bots="automated_alliance", hirelings="protector"), rng(),
                    ask=Script())
    state.place_warriors(g, "eyrie", 5, 2)
    n = state.remove_warriors(g, "eyrie", 5, 2)
    battle.warriors_removed(g, "eyrie", 5, n, "alliance")
    g = table(demoted=True)
    with pytest.raises(pytest.fail.Exception):
        state.place_warriors(g, "eyrie", 5, 2)
        battle.warriors_removed(g, "eyrie", 5, state.remove_warriors(g, "eyrie", 5, 2), "alliance")
