"""The Highway Bandits, demoted the Bandit Gangs (LoR-E; its card, research notes §2.7): bandits on paths and
their toll, the controller's warrior, the Daylight actions, the Gangs' warriors and their guard."""
from automa.root import battle, data, movement, setup, state
from automa.root.hirelings import bandits
from tests.root.script import hired_table, Script, opts, rng


def table(ask=None, **kw):
    """The Marquise (the player, first) and the Electric Eyrie, the Highway Bandits dealt; the map emptied."""
    return hired_table("bandits", ask, **kw)


def test_two_bandits_go_on_two_paths_at_setup_LoR_A_6_3():
    """The Highway Bandits' setup (its card): two bandits, each on a path without one; the player picks, a bot
    takes the paths of highest priority (RT-OWN-16)."""
    ask = Script(bandit_path=[(2, 5), (1, 5)])
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=2, hirelings="bandits"), rng(),
                    ask=ask)
    first, second = ask.choices("bandit_path")
    assert (2, 5) in first and (2, 5) not in second and g.bandits == [(2, 5), (1, 5)]
    assert all(b in g.map.clearings[a - 1].adjacent for a, b in first)        # paths only, never a river
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=1, hirelings="bandits"), rng(),
                    ask=Script())
    assert g.bandits == bandits.paths(g)[:2]


def test_an_enemy_loses_a_moving_warrior_on_a_bandits_path():
    """The Highway Bandits' toll (its card): an enemy moving along a path with a bandit removes one of the
    moving warriors on the path; its own controller does not pay; uncontrolled, everyone pays."""
    g = table()
    g.bandits = [(1, 5)]
    g.clearings[1].warriors.update(marquise=3)
    supply = g.seat("marquise").supply["warrior"]
    movement.move(g, "marquise", 1, 5, 2)
    assert g.clearings[1].warriors == {"marquise": 1} and g.clearings[5].warriors == {"marquise": 1}
    movement.move(g, "marquise", 1, 9, 1)                               # no bandit on 1-9
    assert g.clearings[9].warriors == {"marquise": 1}
    g.clearings[5].warriors["marquise"] = 1
    movement.move(g, "marquise", 5, 1, 1)                               # one warrior: none arrives
    assert not g.clearings[1].warriors and not g.clearings[5].warriors
    assert g.seat("marquise").supply["warrior"] == supply + 2           # the two paid, back in the supply


def test_the_controller_passes_and_may_place_a_warrior_there():
    """The Highway Bandits (its card): their controller moving along a bandit's path loses nothing and may
    place a warrior of his in the destination (``bandit_recruit``)."""
    ask = Script(bandit_recruit=[5])
    g = table(ask)
    g.hirelings["bandits"].controller = "marquise"
    g.bandits = [(1, 5)]
    g.clearings[1].warriors.update(marquise=2)
    movement.move(g, "marquise", 1, 5, 2)
    assert g.clearings[5].warriors == {"marquise": 3} and ask.choices("bandit_recruit") == [(5, ("pass",))]


def test_the_vagabond_pays_with_an_item():
    """A Vagabond moving along a bandit's path damages an item (its card)."""
    g = table(faction="vagabond", bots="electric_eyrie")
    g.bandits = [(1, 5)]
    g.pawn = ("clearing", 1)
    items = g.seat("vagabond").board.items
    before = sum(i.damaged for i in items)
    movement.move_pawn(g, 5)
    assert sum(i.damaged for i in items) == before + 1
    movement.move_pawn(g, 9)
    assert sum(i.damaged for i in items) == before + 1


def test_the_daylight_bandit_goes_next_to_the_controllers_pieces_taking_one_from_the_map_when_none_is_left():
    """The Highway Bandits' Daylight (its card): a bandit on a path without one next to a clearing with the
    controller's pieces; with all four on the map, one is taken off first."""
    ask = Script(bandit_path=[(2, 5)], bandit_take=[(1, 9)])
    g = table(ask)
    h = g.hirelings["bandits"]
    h.controller = "marquise"
    g.clearings[2].warriors["marquise"] = 1
    g.bandits = [(1, 9), (3, 6), (4, 8), (7, 12)]
    bandits.daylight(g, g.seat("marquise"), h)
    (offer,) = ask.choices("bandit_path")
    assert set(offer) - {("pass",)} == {(2, 5), (2, 6), (2, 10)}
    assert sorted(g.bandits) == [(2, 5), (3, 6), (4, 8), (7, 12)]


def test_the_bandit_gangs_cannot_be_battled_by_their_controllers_pieces():
    """The Bandit Gangs (its card): their warriors cannot be battled in a clearing with their controller's
    pieces; elsewhere, and in the supply, they can (LoR-E.3.2)."""
    g = table(bots="others")
    h = g.hirelings["bandits"]
    assert h.demoted and not g.bandits
    state.place_warriors(g, "bandits", 4, 1)
    g.clearings[4].warriors["marquise"] = 2
    assert "bandits" in battle.defenders(g, "marquise", 4)
    h.controller = "eyrie"
    g.clearings[4].warriors["eyrie"] = 1
    assert "bandits" not in battle.defenders(g, "marquise", 4)
    del g.clearings[4].warriors["eyrie"]
    assert "bandits" in battle.defenders(g, "marquise", 4)


def test_the_bandit_gangs_recruit_at_their_warriors_or_place_one():
    """The Bandit Gangs' Daylight (its card): a warrior of the controller at each Bandit warrior, or a
    Bandit warrior in a clearing with his pieces; hired with none on the map, one goes by his pieces."""
    g = table(Script(bandit_gangs=[("recruit",), ("place", 8)]), bots="others")
    h = g.hirelings["bandits"]
    g.clearings[8].warriors["marquise"] = 1
    from automa.root import hirelings
    g.rng["dice"] = type("D", (), {"randrange": staticmethod(lambda n: 0)})()
    hirelings.gain(g, g.seat("marquise"), h, "LoR-E.1.1")
    assert g.clearings[8].warriors == {"marquise": 1, "bandits": 1}
    state.place_warriors(g, "bandits", 3, 2)
    bandits.daylight(g, g.seat("marquise"), h)
    assert g.clearings[3].warriors == {"bandits": 2, "marquise": 2} and g.clearings[8].warriors["marquise"] == 2
    bandits.daylight(g, g.seat("marquise"), h)
    assert g.clearings[8].warriors["bandits"] == 2
