"""The Popular Band, demoted the Street Band (LoR-E; its card, research notes §2.13): a hireling's warriors
as a side of their own (LoR-E.3), its hold on movers, its muster (RT-OWN-26), and bots (RT-OWN-15, RT-OWN-27)."""
from automa.root import alliance, battle, cards, data, movement, setup, state, vagabond
from automa.root.bots import mechanical_marquise
from automa.root.hirelings import band
from tests.root.script import hired_table, Script, opts, rng


def table(ask=None, **kw):
    """The Marquise (the player, first) and the Electric Eyrie, the Band dealt; the map emptied."""
    return hired_table("band", ask, **kw)


def test_the_popular_band_sets_up_two_warriors_in_two_clearings_LoR_A_6_3():
    """The Popular Band's setup (its card): two warriors, each in a different clearing; the player picks the
    second among the others; a bot by priority (RT-OWN-16)."""
    ask = Script(hireling_setup=[("band", 5), ("band", 6)])
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=2, hirelings="band"), rng(),
                    ask=ask)
    first, second = ask.choices("hireling_setup")
    assert ("band", 5) in first and ("band", 5) not in second
    assert [c for c in range(1, 13) if g.clearings[c].warriors.get("band")] == [5, 6]
    assert g.hired["band"].supply == {"warrior": 3} and g.hired["band"].bot == state.HIRED
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=1, hirelings="band"), rng(),
                    ask=Script())
    keep = next(c for c in range(1, 13) if ("marquise", "keep") in g.clearings[c].tokens)
    assert [c for c in range(1, 13) if g.clearings[c].warriors.get("band")] == [c for c in (1, 2, 3) if c != keep][:2]
    assert keep in (1, 3) and not g.clearings[keep].warriors.get("band")    # nobody places by the keep (LoR-6.2.2)


def test_the_street_band_has_no_setup():
    """The Street Band's card has no setup step (four seats demote it, LoR-A.6.2)."""
    g = setup.setup(data.load(), opts(hirelings="band"), rng(), ask=Script())
    assert g.hirelings["band"].demoted and not any(cl.warriors.get("band") for cl in g.clearings[1:])


def test_band_warriors_rule_for_their_controller_or_themselves_LoR_E_3_1():
    """LoR-E.3.1: a controller counts its hireling's pieces for rule; in the supply the hireling rules as a
    player would."""
    g = table()
    g.clearings[3].warriors.update(band=2, marquise=2)
    assert state.ruler(g, 3) is None                                 # a tie: nobody's
    g.hirelings["band"].controller = "marquise"
    assert state.ruler(g, 3) == "marquise"                            # 4 against none
    g.hirelings["band"].controller = None
    g.clearings[3].warriors.update(marquise=1, eyrie=1)
    assert state.ruler(g, 3) == "band"
    g.clearings[3].warriors["eyrie"] = 2
    assert state.ruler(g, 3) == "eyrie"                              # Lords of the Forest: its tie


def test_players_but_the_controller_battle_the_band_and_score_nothing_for_it_LoR_E_3_2():
    """LoR-E.3.2: the Band is everyone's enemy but its controller's; battled, its warriors go back to its
    supply; it scores nothing (LoR-E.3.6). Bots never battle it (RT-OWN-27)."""
    g = table()
    g.clearings[4].warriors.update(marquise=3, eyrie=1)
    state.place_warriors(g, "band", 4, 1)
    assert battle.defenders(g, "marquise", 4) == ["eyrie", "band"]
    assert mechanical_marquise.defenders(g, g.seat("marquise"), 4) == ["eyrie"]
    g.hirelings["band"].controller = "marquise"
    assert battle.defenders(g, "marquise", 4) == ["eyrie"] and "band" in battle.defenders(g, "eyrie", 4)
    g.hirelings["band"].controller = None
    g.rng["dice"] = type("D", (), {"randint": staticmethod(lambda a, b: 3)})()
    battle.battle(g, "marquise", "band", 4)
    assert "band" not in g.clearings[4].warriors and g.hired["band"].supply["warrior"] == 5
    state.score(g, "band", 3, "removal")
    assert g.hired["band"].vp == 0


def test_an_enemy_that_moved_in_may_not_move_out_that_turn():
    """The Band's ability (both sides, its card): an enemy that moved into a clearing with a Band warrior
    may not move out of it on that turn; its controller may; the next turn frees it."""
    g = table()
    g.clearings[1].warriors.update(marquise=3)
    g.clearings[5].warriors.update(band=1)
    movement.move(g, "marquise", 1, 5, 2)
    assert not movement.can_move(g, "marquise", 5, 1) and movement.can_move(g, "marquise", 1, 5)
    assert not mechanical_marquise.may_move(g, 5, 1)
    g.stuck.clear()
    assert movement.can_move(g, "marquise", 5, 1)
    g.hirelings["band"].controller = "marquise"
    movement.move(g, "marquise", 1, 5, 1)
    assert movement.can_move(g, "marquise", 5, 1)


def test_the_band_holds_the_vagabonds_pawn():
    """The Band's ability for a pawn: the Vagabond that moved in has no move out that turn, while a Band warrior
    stays; Slip ignores what stops a move out (LoR-9.4.2)."""
    g = table(faction="vagabond", bots="electric_eyrie")
    g.clearings[5].warriors.update(band=1)
    g.pawn = ("clearing", 1)
    movement.move_pawn(g, 5)
    board = g.seat("vagabond").board
    assert vagabond.move_options(g, board) == [] and vagabond.slip_options(g)
    del g.clearings[5].warriors["band"]
    assert vagabond.move_options(g, board)                            # no Band warrior left: free


def test_the_popular_bands_muster_forces_warriors_in_as_their_owner_could_move_RT_OWN_26():
    """The Popular Band's Daylight (its card; RT-OWN-26): the controller picks a Band clearing and forces
    warriors of any faction from each clearing next to it to move in, any number, each move legal as if its
    owner made it (LoR-1.5.5: rule); an enemy's are held there; then he may place a Band warrior anywhere."""
    ask = Script(band_muster=[5], band_muster_warriors=[(1, "eyrie", 2), (2, "marquise", 1), ("pass",)],
                 band_place=[9])
    g = table(ask)
    g.hirelings["band"].controller = "marquise"
    g.clearings[5].warriors.update(band=1)
    g.clearings[1].warriors.update(eyrie=3, marquise=2)
    g.clearings[2].warriors.update(eyrie=1, marquise=3)
    band.daylight(g, g.seat("marquise"), g.hirelings["band"])
    assert g.clearings[5].warriors == {"band": 1, "eyrie": 2, "marquise": 1}
    assert ("eyrie", 5) in g.stuck and ("marquise", 5) not in g.stuck
    first = ask.choices("band_muster_warriors")[0]
    assert (1, "marquise", 2) in first and (1, "eyrie", 3) in first
    assert not any(o[:2] == (2, "eyrie") for o in first if o != ("pass",))     # rules neither 2 nor 5
    assert g.clearings[9].warriors == {"band": 1}


def test_the_street_band_only_places_and_a_bots_band_takes_no_daylight_action_RT_OWN_15():
    """The Street Band's Daylight: a Band warrior in any clearing, no muster; a bot's hireling takes no "may"
    action (RT-OWN-15); the Popular Band hired with none on the map places one by its controller."""
    g = setup.setup(data.load(), opts(hirelings="band", seating="fixed", seat=1), rng(), ask=Script(band_place=[7]))
    h = g.hirelings["band"]
    h.controller = "marquise"
    cards.daylight_effects(g, g.seat("marquise"))
    assert g.clearings[7].warriors.get("band") == 1 and "band_muster" not in g.ask.kinds()
    h.controller = "eyrie"
    before = g.hired["band"].supply["warrior"]
    from automa.root import hirelings
    hirelings.daylight(g, g.seat("eyrie"))
    assert g.hired["band"].supply["warrior"] == before
    g = table()
    g.clearings[8].warriors.update(marquise=1)
    hirelings.gain(g, g.seat("marquise"), g.hirelings["band"], "LoR-E.1.1")
    assert g.clearings[8].warriors.get("band") == 1


def test_band_warriors_are_no_players_warriors_for_martial_law_LoR_E_3_3():
    """LoR-E.3.3: hireling pieces are not a faction's: three Band warriors raise no Martial Law."""
    g = table(faction="alliance", bots="electric_eyrie")
    g.clearings[6].warriors.update(band=3)
    assert not alliance.martial_law(g, 6)
    g.clearings[6].warriors.update(eyrie=3)
    assert alliance.martial_law(g, 6)


def test_the_vagabot_held_by_the_band_goes_nowhere_and_says_so():
    """The Band holds the Vagabot too: his walk toward a ruin stops at once and the action reports that
    nothing happened (a regression: it reported a move, and his action loop never ended)."""
    from automa.root.bots import vagabot
    g = setup.setup(data.load(), opts(bots="vagabot", seating="fixed", seat=1, hirelings="band"), rng(), ask=Script())
    g.pawn = ("clearing", 1)
    g.clearings[5].warriors["band"] = 1
    movement.move_pawn(g, 5)
    seat = g.seat("vagabond")
    ruins = [c for c in range(1, 13) if g.clearings[c].ruin and g.ruin_items.get(c)]
    assert ruins and 5 not in ruins
    assert vagabot._explore(g, seat) is False and g.pawn == ("clearing", 5)
