"""The Last Dynasty, demoted the Bluebird Nobles (LoR-E, the seed's 16.4; its card, research notes §2.2): refused
with the Eyrie at the table (LoR-A.6.5), five warriors set up together on the map edge (LoR-G.1.15), the
Daylight action the situation picks (RT-OWN-42), the Nobles' ties and Birdsong points (RT-OWN-41), and bots
(RT-OWN-15)."""
import pytest

from automa.core.errors import UsageError
from automa.core.registry import get_game
from automa.root import battle, data, hirelings, setup, state
from automa.root.bots.common import priority_order
from automa.root.decide import PASS
from automa.root.hirelings import dynasty
from automa.root.hirelings import side as sides
from tests.root.script import Dice, Script, hired_table, opts, rng

ME, FOE = "alliance", "marquise"     # the player controlling the card, a bot (no ambush, no Guerrilla War)
EDGE = {c.id for c in data.load().maps["fall"].clearings if c.edge}


def table(ask=None, demoted=False, **kw):
    """The Alliance (the player, first) and the Mechanical Marquise, plus the Vagabot when ``demoted`` (three
    seats demote the one card, LoR-A.6.2); the card controlled by the player; the map emptied."""
    bots = "mechanical_marquise,vagabot" if demoted else "mechanical_marquise"
    g = hired_table("dynasty", ask, faction=ME, bots=bots, **kw)
    assert g.hirelings["dynasty"].demoted == demoted
    g.hirelings["dynasty"].controller = ME
    return g


@pytest.fixture
def fought(monkeypatch):
    """The battles fought, as ``(attacker, defender, clearing)`` (a lone choice is not asked, ``decide.choose``)."""
    done, real = [], battle.battle
    monkeypatch.setattr(battle, "battle", lambda g, a, d, c, *rest: done.append((a, d, c)) or real(g, a, d, c, *rest))
    return done


def act(g):
    dynasty.daylight(g, g.seat(ME), g.hirelings["dynasty"])


# ---------------------------------------------------------------------------------------------- LoR-A.6.5

@pytest.mark.parametrize("raw", [{"faction": "eyrie"}, {"faction": ME},
                                 {"faction": FOE, "bots": "electric_eyrie"}])
def test_the_dynasty_is_refused_while_the_eyrie_is_at_the_table_LoR_A_6_5(raw):
    """A faction is not played while its hireling is (LoR-A.6.5): the player's Eyrie, or the Electric Eyrie
    (``bots=others`` seats it beside the Marquise; a bot plays its faction, CW-GEN-2)."""
    game = get_game("root")
    with pytest.raises(UsageError, match=r"dynasty stands for the Eyrie.*LoR-A\.6\.5"):
        game.prepare(game.resolve_options({**raw, "hirelings": "dynasty"}))


def test_the_dynasty_plays_at_a_table_without_the_eyrie():
    game = get_game("root")
    game.prepare(game.resolve_options({"faction": ME, "bots": "vagabot", "hirelings": "dynasty"}))
    game.prepare(game.resolve_options({"faction": "none", "bots": "mechanical_marquise,vagabot",
                                       "hirelings": "dynasty"}))


# ---------------------------------------------------------------------------------------------- Last Dynasty

def test_the_last_dynasty_sets_up_all_five_in_one_edge_clearing_LoR_A_6_3_LoR_G_1_15():
    """The player (the last seat sets up the one card) picks among the edge clearings where he may place, the
    keep's left out (LoR-6.2.2); a bot picks its highest-priority one (RT-OWN-16); the Bluebird Nobles set up
    nothing."""
    ask = Script(hireling_setup=[lambda ch: ch[-1]])
    g = setup.setup(data.load(), opts(bots="vagabot", seating="fixed", seat=2, hirelings="dynasty"), rng(), ask=ask)
    keep = next(c for c in range(1, 13) if (FOE, "keep") in g.clearings[c].tokens)
    offered = sorted(c for _, c in ask.choices("hireling_setup")[0])
    assert offered == sorted(EDGE - {keep}) and len(EDGE) < 12
    assert [c for c in range(1, 13) if g.clearings[c].warriors.get("dynasty")] == [max(offered)]
    assert g.clearings[max(offered)].warriors["dynasty"] == 5 and g.hired["dynasty"].supply == {"warrior": 0}
    g = setup.setup(data.load(), opts(bots="vagabot", seating="fixed", seat=1, hirelings="dynasty"), rng(),
                    ask=Script())
    at = [c for c in range(1, 13) if g.clearings[c].warriors.get("dynasty")]
    assert at == priority_order(g, dynasty.edges(g))[:1] and g.clearings[at[0]].warriors["dynasty"] == 5
    assert at[0] in EDGE and ask.choices("hireling_setup") == ask.choices("hireling_setup")[:1]
    g = setup.setup(data.load(), opts(faction=ME, bots="mechanical_marquise,vagabot", hirelings="dynasty"),
                    rng(), ask=Script())
    assert g.hirelings["dynasty"].demoted and not any(cl.warriors.get("dynasty") for cl in g.clearings[1:])


def test_none_on_the_map_all_five_land_on_the_edge_and_battle_there_RT_OWN_42(fought):
    """No Dynasty warrior on the map: the player picks an edge clearing (or passes the action), all five go
    there, then a battle there against an enemy of his, not to be passed."""
    far = min(c for c in EDGE if c > 4)
    ask = Script(dynasty_place=[far])
    g = table(ask)
    state.place_warriors(g, FOE, far, 2)
    g.rng["dice"] = Dice(2, 1)
    act(g)
    assert [list(c) for c in ask.choices("dynasty_place")] == [sorted(EDGE) + [PASS]]
    assert fought == [("dynasty", FOE, far)] and g.clearings[far].warriors == {"dynasty": 4}
    g = table(Script(dynasty_place=[PASS]))
    act(g)
    assert not any(cl.warriors.get("dynasty") for cl in g.clearings[1:])


def test_ruling_their_clearing_they_all_move_then_battle_where_they_arrive_LoR_E_3_1(fought):
    """They rule their clearing by their controller's rule, his pieces and theirs counted together (LoR-E.3.1):
    only moves of all of them are offered, then the battle at the destination follows."""
    g = table()
    state.place_warriors(g, "dynasty", 1, 2)
    state.place_warriors(g, FOE, 1, 2)
    state.place_warriors(g, ME, 1, 1)
    assert state.ruler(g, 1) == ME
    state.place_warriors(g, FOE, 5, 1)
    g.ask = ask = Script(dynasty_move=[(1, 5, 2)])
    g.rng["dice"] = Dice(3, 0)
    act(g)
    near = sorted(g.map.clearings[0].adjacent)
    assert [list(c) for c in ask.choices("dynasty_move")] == [[(1, a, 2) for a in near] + [PASS]]
    assert fought == [("dynasty", FOE, 5)]
    assert g.clearings[5].warriors == {"dynasty": 2} and g.clearings[1].warriors[ME] == 1


def test_ruling_with_no_move_open_they_battle_where_they_stand(monkeypatch):
    """No move open (rare: every neighbour closed to them): the first step is the battle where they stand,
    a pass allowed."""
    g = table()
    state.place_warriors(g, "dynasty", 1, 3)
    state.place_warriors(g, FOE, 1, 1)
    monkeypatch.setattr(sides, "moves", lambda *a: [])
    g.ask = ask = Script(dynasty_battle=[PASS])
    act(g)
    assert [list(c) for c in ask.choices("dynasty_battle")] == [[(1, FOE), PASS]] and not ask.choices("dynasty_move")
    g.ask = ask = Script()
    g.rng["dice"] = Dice(1, 1)
    act(g)
    assert ask.kinds() == ["dynasty_battle"] and not g.clearings[1].warriors.get(FOE)


def test_not_ruling_their_clearing_they_battle_there_twice_RT_OWN_42(fought):
    """The Alliance holds more there: a first battle (passing it passes the action), then a second, not to be
    passed, while an enemy is left."""
    g = table()
    state.place_warriors(g, "dynasty", 3, 2)
    state.place_warriors(g, FOE, 3, 4)
    assert state.ruler(g, 3) == FOE
    g.ask = ask = Script()
    g.rng["dice"] = Dice(1, 0, 1, 0)
    act(g)
    assert [list(c) for c in ask.choices("dynasty_battle")] == [[(3, FOE), PASS]]
    assert fought == [("dynasty", FOE, 3)] * 2
    assert g.clearings[3].warriors == {"dynasty": 2, FOE: 2} and g.seat(ME).vp == 0
    g.ask = ask = Script(dynasty_battle=[PASS])
    act(g)
    assert ask.kinds() == ["dynasty_battle"] and g.clearings[3].warriors[FOE] == 2
    g.ask = ask = Script()
    g.rng["dice"] = Dice(3, 0)                       # the first battle leaves no enemy: no second
    act(g)
    assert ask.kinds() == ["dynasty_battle"] and not g.clearings[3].warriors.get(FOE)


def test_a_bots_dynasty_takes_no_daylight_action_RT_OWN_15():
    """The Daylight action is a "may": a bot's Dynasty takes none (``hirelings.daylight``), nor does anything
    when hired."""
    ask = Script()
    g = table(ask)
    g.hirelings["dynasty"].controller = FOE
    state.place_warriors(g, "dynasty", 3, 5)
    state.place_warriors(g, ME, 3, 1)
    hirelings.daylight(g, g.seat(FOE))
    hirelings.gain(g, g.seat(FOE), g.hirelings["dynasty"], "LoR-E.1.1")
    assert not [k for k in ask.kinds() if k.startswith("dynasty")] and g.clearings[3].warriors["dynasty"] == 5


# ---------------------------------------------------------------------------------------------- Bluebird Nobles

def test_the_nobles_controller_rules_his_ties_RT_OWN_41():
    """Controller: he wins a tie for the most warriors and buildings he is in, against one or more players
    or a hireling in the supply, his hireling's pieces counted as his; a bot as a player."""
    g = table(demoted=True)
    state.place_warriors(g, ME, 1, 2)
    state.place_warriors(g, FOE, 1, 2)
    state.place_warriors(g, FOE, 2, 1)
    g.clearings[2].buildings.append((ME, "base_fox"))
    assert state.ruler(g, 1) == ME and state.ruler(g, 2) == ME
    g.hirelings["dynasty"].controller = FOE                      # a bot controller
    assert state.ruler(g, 1) == FOE and state.ruler(g, 2) == FOE
    state.place_warriors(g, FOE, 1, 1)
    state.place_warriors(g, ME, 1, 1)
    assert state.ruler(g, 1) == FOE
    g.hirelings["dynasty"].controller = None                            # in the supply: no controller
    assert state.ruler(g, 1) is None


def test_the_nobles_tie_counts_hirelings_and_needs_a_piece_LoR_E_3_1_LoR_2_5():
    """A tie of his Band's warriors with an enemy's wins; a tie with a Band in the supply wins; a clearing
    where nobody has warriors or buildings, his token there, rules for nobody (RT-OWN-41)."""
    g = hired_table("dynasty,band", faction=ME, bots="mechanical_marquise,vagabot")
    g.hirelings["dynasty"].demoted = True
    g.hirelings["dynasty"].controller = ME
    g.hirelings["band"].controller = ME
    state.place_warriors(g, "band", 4, 1)
    state.place_warriors(g, FOE, 4, 1)
    assert state.ruler(g, 4) == ME
    g.hirelings["band"].controller = None                               # the Band in the supply
    state.place_warriors(g, ME, 4, 1)
    state.place_warriors(g, "band", 4, 1)                               # 1 to 2 to 1, then 2 to 2 to 1
    assert state.ruler(g, 4) == "band"
    state.place_warriors(g, ME, 4, 1)
    assert state.ruler(g, 4) == ME
    g.clearings[6].tokens.append((ME, "sympathy"))
    assert state.ruler(g, 6) is None
    g.hirelings["dynasty"].demoted = False                              # the Last Dynasty: no such ability
    assert state.ruler(g, 4) is None


def test_the_nobles_score_one_vp_for_every_three_clearings_ruled_RT_OWN_41():
    """At the start of the controller's Birdsong (``hirelings.birdsong``), a "must", a bot's too: 7 clearings
    ruled (ties included) give 2 VP; 2 give none; the Last Dynasty scores nothing."""
    g = table(demoted=True)
    for c in range(1, 7):
        state.place_warriors(g, ME, c, 1)
    state.place_warriors(g, ME, 7, 1)
    state.place_warriors(g, FOE, 7, 1)                           # a tie, his
    hirelings.birdsong(g, g.seat(ME))
    assert g.seat(ME).vp == 2 and g.seat(ME).sources["card"] == 2
    g.hirelings["dynasty"].controller = FOE
    state.place_warriors(g, FOE, 8, 1)
    hirelings.birdsong(g, g.seat(FOE))
    assert g.seat(FOE).vp == 0
    state.place_warriors(g, FOE, 9, 1)
    hirelings.birdsong(g, g.seat(FOE))                           # 7 (his tie), 8, 9: a bot scores 1
    assert g.seat(FOE).vp == 1
    g = table()
    for c in range(1, 7):
        state.place_warriors(g, ME, c, 1)
    hirelings.birdsong(g, g.seat(ME))
    assert g.seat(ME).vp == 0


def test_a_tie_rules_for_nobody_without_the_nobles_LoR_2_5():
    """Without the card, or with it in the supply, a tie rules for nobody (the Eyrie's own ties aside)."""
    supply = table(demoted=True)
    supply.hirelings["dynasty"].controller = None
    for g in (hired_table("band", faction=ME, bots="mechanical_marquise"), supply):
        state.place_warriors(g, ME, 5, 2)
        state.place_warriors(g, FOE, 5, 2)
        assert state.ruler(g, 5) is None


def test_the_checker_counts_the_nobles_ties():
    """The checker's own count of rule (tests/root/invariants.py) gives the Nobles' controller his ties, as
    ``state.ruler`` does, and only while the card is demoted and controlled."""
    from tests.root.invariants import nobles, recount_ruler
    g = table(demoted=True)
    state.place_warriors(g, ME, 5, 2)
    state.place_warriors(g, FOE, 5, 2)
    hired = {n: h.controller for n, h in g.hirelings.items()}
    assert nobles(g) == ME and recount_ruler(g.clearings[5], None, hired, nobles(g)) == ME == state.ruler(g, 5)
    g.hirelings["dynasty"].controller = None
    assert nobles(g) is None and recount_ruler(g.clearings[5], None, hired, nobles(g)) is None
    assert nobles(table()) is None


def test_the_screen_the_narration_and_the_labels_name_the_dynasty():
    """The key lists the Dynasty's warriors by its side's name; its events and decisions read in words."""
    from automa.root import labels, narrate, screen
    from automa.root.view import View
    g = table()
    state.place_warriors(g, "dynasty", 3, 5)
    v = View(g, ME)
    assert "Last Dynasty: yours, 0 control, warriors 3x5" in screen.map_key(v)
    assert narrate.tell(v, {"kind": "dynasty_land", "rule": "LoR-E.2.4", "faction": ME, "clearing": 3,
                            "warriors": 5}).startswith("You place 5 Dynasty warriors in clearing 3")
    assert "3 VP (the Bluebird Nobles)" in narrate.tell(v, {"kind": "nobles", "rule": "LoR-E.2.3", "faction": FOE,
                                                           "clearings": 9, "vp": 3})
    assert labels.describe(v, "dynasty_move", (3, 7, 5)) == ("move the 5 Dynasty warriors from clearing 3 "
                                                             f"({state.suit_of(g, 3)}) to clearing 7 "
                                                             f"({state.suit_of(g, 7)}), then battle there")
    assert labels.describe(v, "dynasty_battle", (3, FOE)).startswith("battle the Mechanical Marquise with the Dynasty")
    assert labels.describe(v, "dynasty_place", PASS) == "leave the Dynasty off the map"


def test_no_dynasty_code_runs_without_the_card(monkeypatch):
    """A game with other cards dealt never calls the card's module (the dispatch reads only the cards dealt;
    ``state.ruler`` asks only whether it is dealt)."""
    from automa.core.registry import get_strategy
    from automa.core.seeding import game_streams
    for name in ("setup", "hired", "birdsong", "daylight", "fight", "clearing", "edges"):
        monkeypatch.setattr(dynasty, name, lambda *a, name=name: pytest.fail(f"dynasty.{name} without the card"))
    game = get_game("root")
    options = game.resolve_options({"faction": ME, "bots": "mechanical_marquise", "hirelings": "band,protector"})
    ctx = game.prepare(options)
    for i in range(3):
        streams = game_streams(5, i)
        game.play(ctx, options, get_strategy(game, "random")(streams.strategy), streams, None)
