"""Hirelings (LoR-E, the seed's 16.4; setup LoR-A.6, 16.1.6): the option, setup, markers, control, and the
Furious / Stoic Protector; our readings RT-OWN-15..21 (docs/root-open.md)."""
import random

import pytest

from automa.core.errors import UsageError
from automa.core.registry import get_game
from automa.root import battle, data, hirelings, rounds, setup, state
from automa.root.bots import mechanical_marquise
from automa.root.options import BOTS
from tests.root.script import Script, hired_table, opts, rng


class Face:
    """A control die that shows face ``i`` of :data:`hirelings.CONTROL_DIE` (0-5)."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def randrange(self, n):
        assert n == len(hirelings.CONTROL_DIE)
        return self.faces.pop(0)


def table(ask=None, **kw):
    """A game with the Protector dealt: the player (the Marquise) first, the Electric Eyrie second."""
    kw = {"bots": "electric_eyrie", "seating": "fixed", "seat": 1, "hirelings": "protector", **kw}
    return setup.setup(data.load(), opts(**kw), rng(), ask=ask or Script())


def clear(g):
    for cl in g.clearings[1:]:
        cl.warriors.clear()
        cl.buildings.clear()
        cl.tokens.clear()


@pytest.mark.parametrize("faction", ["marquise", "eyrie", "alliance", "vagabond"])
def test_no_hireling_code_runs_without_the_option(monkeypatch, faction):
    """LoR-A.6 (16.1.6): hirelings are optional; off by default, no function of hirelings.py runs in a whole
    game and no marker is on the score track."""
    for name in ("setup", "end_of_turn", "gain", "give", "birdsong", "daylight"):
        monkeypatch.setattr(hirelings, name, lambda *a, name=name: pytest.fail(f"hirelings.{name} ran"))
    pick = random.Random(3)
    bots = ",".join(b for b, f in BOTS.items() if f != faction)
    g = setup.setup(data.load(), opts(faction=faction, bots=bots), rng(), ask=lambda game, kind, cs: pick.choice(cs))
    rounds.play(g)
    assert g.round > 1 and not g.hirelings and not g.marks and not g.taken and g.protector is None


def test_at_most_three_hirelings_LoR_A_6_1():
    """LoR-A.6.1 (16.1.6.I): three cards are dealt, never more."""
    game = get_game("root")
    o = game.resolve_options({"hirelings": "protector"})
    o["hirelings"] = "protector,protector,protector,protector"
    with pytest.raises(UsageError, match="at most three"):
        game.prepare(o)


@pytest.mark.parametrize("bots, demoted", [("electric_eyrie", False), ("electric_eyrie,vagabot", True),
                                           ("others", True)])
def test_demoted_by_the_seats_at_the_table_LoR_A_6_2_RT_OWN_18(bots, demoted):
    """LoR-A.6.2 (16.1.6.II): two players demote none, three one, four two; bots count as players
    (RT-OWN-18). The markers go on 4, 8 and 12 (LoR-A.6.4)."""
    g = table(bots=bots)
    assert g.hirelings["protector"].demoted is demoted
    assert g.marks == [4, 8, 12] and g.hirelings["protector"].controller is None


def test_the_last_seat_sets_up_the_furious_protector_anywhere_LoR_A_6_3():
    """LoR-A.6.3 (16.1.6.III): the last seat in turn order sets up the card; the Furious Protector goes in any
    clearing but the keep's (nobody else places there, LoR-6.2.2), the player choosing; a bot takes its
    highest-priority one (RT-OWN-16). After the factions (RT-OWN-21)."""
    ask = Script(hireling_setup=[lambda cs: cs[-1]])
    g = table(ask, seat=2)
    keep = next(c for c in range(1, 13) if ("marquise", "keep") in g.clearings[c].tokens)
    (_, choices), = [a for a in ask.asked if a[0] == "hireling_setup"]
    assert [c for _, c in choices] == [c for c in range(1, 13) if c != keep] and g.protector == 12
    g = table(seat=1)                                                 # the Eyrie bot sets it up
    keep = next(c for c in range(1, 13) if ("marquise", "keep") in g.clearings[c].tokens)
    assert g.protector == (2 if keep == 1 else 1)


def test_the_stoic_protector_waits_off_the_map_until_hired():
    """The Stoic Protector's card has no setup step: its pawn is off the map (its card, research §2.10)."""
    g = table(bots="others")
    assert g.hirelings["protector"].demoted and g.protector is None


@pytest.mark.parametrize("how, old, new, taken", [("reach", 3, 5, 1), ("exact", 3, 5, 0), ("exact", 3, 4, 1),
                                                   ("reach", 3, 13, 3), ("reach", 4, 6, 0)])
def test_a_score_takes_the_markers_it_enters_LoR_E_1_1_RT_OWN_17(how, old, new, taken):
    """LoR-E.1.1 (16.4.1.I): a score marker entering a marked space takes the marker; a score that passes
    it takes it too (``reach``), or only one that stops there (``exact``) (RT-OWN-17)."""
    g = table(hireling_marker=how)
    me = g.seat("marquise")
    me.vp = old
    state.score(g, "marquise", new - old, "card")
    assert g.taken.get("marquise", 0) == taken and len(g.marks) == 3 - taken


def test_bots_take_no_marker_with_bot_hirelings_never_RT_OWN_15():
    """RT-OWN-15: ``bot_hirelings=never``: a bot's score passes the markers and leaves them."""
    g = table(bot_hirelings="never")
    state.score(g, "eyrie", 9, "card")
    assert not g.taken and g.marks == [4, 8, 12]
    g = table()
    state.score(g, "eyrie", 9, "card")
    assert g.taken == {"eyrie": 2} and g.marks == [12]


def test_hired_at_the_end_of_the_turn_rolling_for_control_LoR_E_1_1_LoR_E_1_2_RT_OWN_19():
    """LoR-E.1.1/E.1.2 (16.4.1.I-II): at the end of the turn the seat takes a card from the supply and rolls;
    the leader (or a seat tied for the lead) counts the gold pips, any other seat every pip (RT-OWN-19's
    faces). A card taken this turn keeps its markers (LoR-E.1.3)."""
    g = table()
    g.rng["dice"] = Face(2, 2)
    g.seat("marquise").vp, g.seat("eyrie").vp = 5, 5
    g.taken["marquise"] = 1
    hirelings.end_of_turn(g, g.seat("marquise"))
    h = g.hirelings["protector"]
    assert (h.controller, h.control, h.gained) == ("marquise", 1, g.turn)    # tied for the lead: gold, face (1, 3)
    h.controller = None
    g.seat("eyrie").vp = 6
    g.taken["marquise"] = 1
    hirelings.end_of_turn(g, g.seat("marquise"))
    assert (h.controller, h.control) == ("marquise", 3)                     # behind: every pip


def test_a_dominance_card_rolls_every_pip_LoR_E_1_2():
    """LoR-E.1.2: a seat with a dominance card active counts all the pips even when it leads."""
    g = table()
    g.rng["dice"] = Face(5)
    g.seat("marquise").vp, g.seat("marquise").dominance = 10, 3
    hirelings.gain(g, g.seat("marquise"), g.hirelings["protector"], "LoR-E.1.1")
    assert g.hirelings["protector"].control == 4


def test_a_card_left_bare_goes_to_another_seat_who_rolls_LoR_E_1_3():
    """LoR-E.1.3 (16.4.1.III): at the end of the controller's turn a card gained on an earlier turn loses a
    marker; with none left the player gives it to a seat he names, who rolls at once."""
    ask = Script(hireling_gift=["eyrie"])
    g = table(ask, bots="electric_eyrie,automated_alliance")
    h = g.hirelings["protector"]
    h.controller, h.control, h.gained = "marquise", 2, g.turn - 1
    g.rng["dice"] = Face(0)
    hirelings.end_of_turn(g, g.seat("marquise"))
    assert (h.controller, h.control) == ("marquise", 1)
    hirelings.end_of_turn(g, g.seat("marquise"))
    assert ask.choices("hireling_gift") == [("eyrie", "alliance")]        # the others, in turn order after him
    assert (h.controller, h.control, h.gained) == ("eyrie", 1, g.turn)     # the Eyrie leads at 0-0: gold


def test_a_bot_gives_a_bare_card_to_the_seat_with_the_fewest_vp_RT_OWN_16():
    """RT-OWN-16: a bot gives up a card to the other seat with the fewest VP."""
    g = table(bots="electric_eyrie,automated_alliance")
    h = g.hirelings["protector"]
    h.controller, h.control, h.gained = "eyrie", 1, g.turn - 1
    g.seat("marquise").vp, g.seat("alliance").vp = 7, 2
    hirelings.end_of_turn(g, g.seat("eyrie"))
    assert h.controller == "alliance"


def test_with_bots_never_hiring_a_bare_card_goes_back_to_the_supply_RT_OWN_15():
    """RT-OWN-15 ``never``: the player's bare card has no player to go to: back to the supply."""
    g = table(bot_hirelings="never")
    h = g.hirelings["protector"]
    h.controller, h.control, h.gained = "marquise", 1, g.turn - 1
    hirelings.end_of_turn(g, g.seat("marquise"))
    assert h.controller is None and h.control == 0


def test_the_furious_protector_moves_and_removes_a_warrior_of_each_faction():
    """The Furious Protector's Birdsong (LoR-E.2.3; its card, research §2.10): it must move to an adjacent
    clearing, ignoring rule, and remove one warrior of every faction there, its controller's too; removing
    warriors scores nothing (LoR-E.3.6)."""
    ask = Script(protector_move=[lambda cs: 5 if 5 in cs else cs[0]])
    g = table(ask)
    clear(g)
    g.protector = 1
    g.hirelings["protector"].controller = "marquise"
    g.clearings[5].warriors.update(marquise=2, eyrie=1)
    rounds.turn(g, g.seat("marquise"), lambda name: type("Idle", (), {"turn": staticmethod(lambda game, seat: None)}))
    assert ask.choices("protector_move") == [tuple(g.map.clearings[0].adjacent)]
    assert g.protector == 5 and g.clearings[5].warriors == {"marquise": 1}
    assert g.seat("marquise").vp == 0 and g.seat("eyrie").vp == 0


def test_a_bot_moves_the_protector_by_priority_and_an_unhired_one_stays_RT_OWN_16():
    """RT-OWN-16: a bot's Protector moves to the adjacent clearing of highest priority; a card in the supply
    takes no action (LoR-E.3.1)."""
    g = table()
    g.protector = 6
    idle = lambda name: type("Idle", (), {"turn": staticmethod(lambda game, seat: None)})
    rounds.turn(g, g.seat("eyrie"), idle)
    assert g.protector == 6
    g.hirelings["protector"].controller = "eyrie"
    rounds.turn(g, g.seat("eyrie"), idle)
    assert g.protector == min(g.map.clearings[5].adjacent)


def test_no_enemy_places_pieces_in_the_furious_protectors_clearing():
    """The Furious Protector's ability (its card): enemies cannot place pieces in its clearing; in the supply
    it is everyone's enemy (LoR-E.3.2); its controller places there."""
    g = table()
    g.protector = 7
    assert not state.may_place(g, "marquise", 7) and not state.may_place(g, "eyrie", 7)
    assert state.may_place(g, "marquise", 8)
    g.hirelings["protector"].controller = "marquise"
    assert state.may_place(g, "marquise", 7) and not state.may_place(g, "eyrie", 7)
    before = g.seat("eyrie").supply["warrior"]
    assert state.place_warriors(g, "eyrie", 7, 2) == 0 and g.seat("eyrie").supply["warrior"] == before


def stoic(controller="marquise", bots="others", **kw):
    g = table(bots=bots, **kw)
    clear(g)
    h = g.hirelings["protector"]
    assert h.demoted
    h.controller, h.control = controller, 2
    g.protector = 9
    return g


def test_the_stoic_protector_shields_its_controllers_pieces_from_battle_and_removal():
    """The Stoic Protector's ability (its card): enemies cannot battle or remove its controller's pieces in
    its clearing: no defender for a human or a bot there, a Favor's or a revolt's removal passes them by."""
    g = stoic()
    cl = g.clearings[9]
    cl.warriors.update(marquise=2, eyrie=2, alliance=1)
    cl.buildings.append(("marquise", "sawmill"))
    assert battle.defenders(g, "eyrie", 9) == ["alliance"]
    battle.remove_all(g, 9, "alliance")
    assert cl.warriors == {"marquise": 2, "alliance": 1} and cl.buildings == [("marquise", "sawmill")]
    g.protector = 8
    assert "marquise" in battle.defenders(g, "alliance", 9)


def test_bots_do_not_battle_the_stoic_protectors_controller_there():
    """The Stoic Protector (its card) with the bots' battle choices: the Mechanical Marquise picks no shielded
    defender."""
    g = stoic(controller="eyrie", faction="eyrie", bots="mechanical_marquise,automated_alliance")
    g.clearings[9].warriors.update(marquise=3, eyrie=2)
    assert mechanical_marquise.defenders(g, g.seat("marquise"), 9) == []
    g.protector = 1
    assert mechanical_marquise.defenders(g, g.seat("marquise"), 9) == ["eyrie"]


def test_the_stoic_protector_is_placed_when_hired_then_only_moves():
    """The Stoic Protector (its card): when hired, off the map, it goes in a clearing with its controller's
    pieces (the player choosing, a bot by priority, RT-OWN-16); its Birdsong moves it and removes nothing."""
    g = table(bots="others")
    g.rng["dice"] = Face(0)
    ask = Script(hireling_setup=[lambda cs: cs[-1]])
    g.ask = ask
    hirelings.gain(g, g.seat("marquise"), g.hirelings["protector"], "LoR-E.1.1")
    mine = [c for c in range(1, 13) if battle.present(g, "marquise", c)]
    assert [c for _, c in ask.choices("hireling_setup")[0]] == mine and g.protector == mine[-1]
    at = g.protector
    before = [dict(cl.warriors) for cl in g.clearings[1:]]
    g.ask = Script()
    hirelings.birdsong(g, g.seat("marquise"))
    assert g.protector in g.map.clearings[at - 1].adjacent
    assert [dict(cl.warriors) for cl in g.clearings[1:]] == before


def test_the_hireling_decisions_read_in_words():
    """Each hireling decision (docs/decisions.md) reads as the card's side in play (LoR-E)."""
    from automa.root import view as views
    from automa.root.labels import describe
    g = table(bots="others")
    v = views.View(g, "marquise")
    assert describe(v, "hire", "protector") == "hire the Stoic Protector"
    assert describe(v, "hireling_setup", ("protector", 4)) == "set up the Stoic Protector in clearing 4 (rabbit)"
    assert describe(v, "hireling_gift", "eyrie") == "give the hireling to the Electric Eyrie"
    assert describe(v, "protector_move", 12) == "move the Protector to clearing 12 (fox)"


def test_the_screen_marks_the_protector_and_lists_the_cards():
    """``play root``'s table (80x24): H in the Protector's clearing, each card with its controller and control
    markers in the key (LoR-E.1.2)."""
    from automa.root import view as views
    from automa.root.screen import render
    g = table(bots="others", landmarks="black_market,legendary_forge")
    g.protector = 9
    h = g.hirelings["protector"]
    h.controller, h.control = "marquise", 2
    lines = render(views.View(g, "marquise")).splitlines()
    assert len(lines) <= 24 and max(map(len, lines)) <= 80
    assert lines[9].split()[2].endswith("H") and not any(line.split()[2].endswith("H") for line in lines[1:9])
    assert "H Stoic Protector: yours, 2 control" in " ".join(line.strip() for line in lines)
    h.controller = None
    assert "H Stoic Protector: in the supply" in " ".join(line.strip() for line in render(views.View(g, "marquise"))
                                                          .splitlines())


def test_the_stoic_protector_shields_its_controller_as_attacker_too():
    """The Stoic Protector (its card: no enemy removes the controller's pieces there): the defender's hits on
    an attacking controller remove nothing."""
    g = stoic()
    g.clearings[9].warriors.update(marquise=2, eyrie=2)
    g.rng["dice"] = type("D", (), {"randint": staticmethod(lambda a, b: 3)})()
    result = battle.battle(g, "marquise", "eyrie", 9)
    assert g.clearings[9].warriors == {"marquise": 2} and result.taken == [0, 2]


def test_the_furious_protector_bars_enemies_but_not_its_controllers_hireling_LoR_E_3_2():
    """The Furious Protector bars its enemies from placing (its card); a hireling places as its controller
    would (LoR-E.3.2), so the controller's Band may, another's may not; nobody's Marquise builds there."""
    g = table(hirelings="protector,band")
    g.protector = 7
    h = g.hirelings["protector"]
    h.controller = "marquise"
    g.hirelings["band"].controller = "marquise"
    assert state.may_place(g, "band", 7)
    g.hirelings["band"].controller = "eyrie"
    assert not state.may_place(g, "band", 7)
    h.controller = "eyrie"
    from automa.root import marquise
    g.clearings[7].warriors["marquise"] = 3
    assert not any(c == 7 for _, c, _ in marquise.build_options(g, g.seat("marquise")))


def test_the_protector_crosses_on_the_ferry_and_its_controller_draws_LoR_E_3_7():
    """LoR-E.3.7: a hireling moved on the Ferry draws its controller a card (on the Lake, LoR-C.2.5)."""
    ask = Script(protector_move=[lambda cs: max(c for c in cs if c not in (2, 3, 4))])
    g = table(ask, map="lake", bots="others")         # the Stoic Protector: a move, no removal
    g.hirelings["protector"].controller = "marquise"
    g.protector = g.ferry
    hand = len(g.seat("marquise").hand)
    hirelings.birdsong(g, g.seat("marquise"))
    assert g.ferry == g.protector and len(g.seat("marquise").hand) == hand + 1


def test_a_hirelings_removal_scores_nothing_and_its_reactions_see_the_controller_LoR_E_3_6_LoR_E_3_7(monkeypatch):
    """LoR-E.3.6: no VP for a hireling's removals; LoR-E.3.7: the owner's reactions see the controller, or no
    player for a hireling in the supply (no Outrage then)."""
    from automa.root import alliance
    seen = []
    monkeypatch.setattr(alliance, "outrage", lambda game, seat, c, by, how: seen.append(by))
    g = table(faction="alliance", bots="electric_eyrie", hirelings="band")
    for by_controller in (None, "eyrie"):
        g.hirelings["band"].controller = by_controller
        g.clearings[6].tokens.append(("alliance", "sympathy"))
        g.seat("alliance").supply["sympathy"] -= 1
        state.remove_piece(g, 6, ("alliance", "sympathy"), "band", building=False)
    assert seen == ["eyrie"] and g.seat("eyrie").vp == 0


def test_the_vagabond_strikes_a_hirelings_warrior_LoR_9_5_6():
    """LoR-9.5.6 with LoR-E.3.2: an enemy hireling's warrior is a Strike target."""
    from automa.root import vagabond
    g = table(faction="vagabond", bots="electric_eyrie", hirelings="band")
    g.clearings[4].warriors["band"] = 1
    assert ("strike", "band") in vagabond.strike_options(g, 4)
    g.hirelings["band"].controller = "vagabond"
    assert ("strike", "band") not in vagabond.strike_options(g, 4)


def test_no_scorched_earth_where_the_stoic_protector_shields_a_faction_RT_OWN_37():
    """RT-OWN-37: the Scoundrel's Scorched Earth is not offered where shielded pieces could not be removed."""
    from automa.root import vagabond
    g = stoic(controller="eyrie", faction="vagabond", vagabond_character="scoundrel",
              bots="electric_eyrie,automated_alliance")
    seat = g.seat("vagabond")
    g.pawn = ("clearing", 9)
    g.clearings[9].warriors["eyrie"] = 1
    assert ("special",) not in vagabond.special_options(g, seat, 9)
    g.protector = 8
    assert ("special",) in vagabond.special_options(g, seat, 9)


def test_the_mechanical_marquise_recruits_around_the_furious_protector():
    """A bot targets only clearings it may act on (CW-GEN-10): the Escalated Recruit (CW-MM-ESC-2) puts its
    warriors in the two clearings of lowest priority it rules where it may place, passing over the Furious
    Protector's (LoR-1.5.4), so no warrior is lost."""
    g = table(faction="eyrie", bots="mechanical_marquise")
    clear(g)
    for c in (10, 11, 12):
        state.place_warriors(g, "marquise", c, 1)
    g.protector = 12
    seat = g.seat("marquise")
    before = seat.supply["warrior"]
    mechanical_marquise.escalated_recruit(g, seat)
    n = mechanical_marquise.recruit_count(seat, True)
    assert [g.clearings[c].warriors["marquise"] for c in (10, 11, 12)] == [1 + n // 2, 1 + n // 2, 1]
    assert before - seat.supply["warrior"] == n


def test_random_deals_three_cards_the_table_allows_LoR_A_6_1():
    """``hirelings=random`` (LoR-A.6.1, 16.1.6.I): three cards dealt from the setup stream, never one whose
    faction is at the table (LoR-A.6.5); the same deal for the same seed; no card named beside it."""
    deals = []
    for seed in range(12):
        g = setup.setup(data.load(), opts(faction="eyrie", bots="mechanical_marquise,vagabot", hirelings="random"),
                        rng(seed), ask=Script())
        assert len(g.hirelings) == 3 and not {"dynasty", "patrol", "exile"} & set(g.hirelings)
        deals.append(tuple(sorted(g.hirelings)))
    again = setup.setup(data.load(), opts(faction="eyrie", bots="mechanical_marquise,vagabot", hirelings="random"),
                        rng(0), ask=Script())
    assert tuple(sorted(again.hirelings)) == deals[0] and len(set(deals)) > 6
    game = get_game("root")
    with pytest.raises(UsageError, match="random deals the three"):
        game.prepare(game.resolve_options({"hirelings": "random,band"}))


@pytest.mark.parametrize("remover, vp", [("band", 0), ("marquise", 3)])
def test_a_hirelings_removal_of_a_bot_base_scores_no_crackdown_LoR_E_3_6(remover, vp):
    """LoR-E.3.6: the controller scores nothing for what his hireling removes, the Crackdown tokens a removed
    Automated Alliance base takes back (``aa_crackdown_scoring=remover``, RT-OPEN-23) included; his own
    removal scores the base and each token (CW-AA-ABIL-4)."""
    g = hired_table("band", bots="automated_alliance", aa_crackdown_scoring="remover")
    g.hirelings["band"].controller = "marquise"
    fox = [c for c in range(1, len(g.clearings)) if g.clearings[c].suit == "fox"][:2]
    state.place_building(g, "alliance", "base_fox", fox[0])
    for c in fox:
        assert state.place_token(g, "alliance", "sympathy", c)
    state.remove_piece(g, fox[0], ("alliance", "base_fox"), remover, True)
    assert g.seat("marquise").vp == vp
    assert not any(t == ("alliance", "sympathy") for c in fox for t in g.clearings[c].tokens)
