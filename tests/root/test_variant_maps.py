"""The map sides (LoR-C, the seed's 16.2; LoR-A.1, 16.1.1) and the bots' map rule (CW2-MAP): suit markers,
the Winter river, the Lake's Ferry, the Mountain's closed paths and Pass."""
from collections import Counter

import pytest

from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.root import data, movement, rounds, setup, state, variant_maps
from automa.root.battle import PASS
from automa.root.bots import common
from automa.root.state import Seat
from tests.root.script import idle_round, opts, rng, Script


def table(side, bots=("eyrie",), ask=None):
    """A bare table on ``side``: the human Marquise and bot seats, no pieces."""
    d = data.load()
    seats = [Seat("marquise", None, {"warrior": 25})]
    seats += [Seat(f, f"bot_{f}", {"warrior": 20}) for f in bots]
    g = state.new_game(d.maps[side], d.deck, seats, opts(map=side), rng())
    g.deck = [c.id for c in g.cards]
    g.ask = ask
    return g


# ---------------------------------------------------------------------------------------------- suit markers

@pytest.mark.parametrize("side", ["winter", "lake", "mountain"])
def test_a_variant_map_gets_four_markers_of_each_suit_LoR_A_1(side):
    """LoR-A.1 (16.1.1): on a map other than Fall the twelve suit markers are shuffled onto the clearings."""
    g = setup.setup(data.load(), opts(map=side), rng(3), ask=Script())
    assert Counter(g.clearings[c].suit for c in range(1, 13)) == {"fox": 4, "rabbit": 4, "mouse": 4}
    layouts = {tuple(setup.setup(data.load(), opts(map=side), rng(s), ask=Script()).clearings[c].suit for c in range(1, 13))
               for s in range(6)}
    assert len(layouts) > 1                                    # shuffled, from the setup stream


def test_fall_keeps_its_printed_suits_unless_markers_RT_OPEN_56():
    d = data.load()
    printed = [cl.suit for cl in d.maps["fall"].clearings]
    g = setup.setup(d, opts(), rng(3), ask=Script())
    assert [g.clearings[c].suit for c in range(1, 13)] == printed
    marked = [[setup.setup(d, opts(fall_suit_markers="random_markers"), rng(s), ask=Script()).clearings[c].suit for c in range(1, 13)]
              for s in range(4)]
    assert all(Counter(m) == {"fox": 4, "rabbit": 4, "mouse": 4} for m in marked)
    assert any(m != printed for m in marked)


# ---------------------------------------------------------------------------------------------- Winter

def test_the_raging_river_divides_forests_LoR_C_1_1():
    """LoR-C.1.1 (16.2.1.I): forests on either side of the river are adjacent, as across a path."""
    m = data.load().maps["winter"]
    across = [(i, j) for i, f in enumerate(m.forests) for j, via in zip(f.adjacent, f.via) if via == "raging_river"]
    assert across
    for i, j in across:
        assert i in m.forests[j].adjacent


# ---------------------------------------------------------------------------------------------- the Lake

def test_the_ferry_starts_on_the_coastal_corner_LoR_C_2_1():
    g = table("lake")
    assert g.ferry == 1 and g.map.clearings[0].coastal and 1 in g.map.corners


def test_the_ferry_crosses_once_a_turn_and_its_mover_draws_LoR_C_2_5():
    """LoR-C.2.5 (16.2.2.V): from the Ferry's clearing a move may go to any other coastal clearing, ruling the
    origin or destination; the Ferry goes along and the mover draws a card; once a turn."""
    g = table("lake")
    coast = movement.coast(g)
    far = next(c for c in coast if c != 1 and c not in movement.adjacent(g, 1))
    state.place_warriors(g, "marquise", 1, 3)
    assert far in movement.reach(g, 1) and movement.can_move(g, "marquise", 1, far)
    assert all(movement.reach(g, c) == movement.adjacent(g, c) for c in coast if c != 1)   # only from the Ferry
    movement.move(g, "marquise", 1, far, 2)
    assert g.ferry == far and len(g.seat("marquise").hand) == 1 and "ferry" in g.used
    assert movement.crossings(g, far) == ()                     # once a turn
    g.used.clear()                                              # the next turn (rounds.play)
    assert 1 in movement.reach(g, far)


def test_the_ferry_still_needs_rule_LoR_C_2_5():
    g = table("lake")
    far = next(c for c in movement.coast(g) if c != 1 and c not in movement.adjacent(g, 1))
    state.place_warriors(g, "marquise", 1, 1)
    state.place_warriors(g, "eyrie", 1, 2)
    assert not movement.can_move(g, "marquise", 1, far)
    state.place_warriors(g, "marquise", far, 1)
    assert movement.can_move(g, "marquise", 1, far)


def test_a_path_move_does_not_take_the_ferry_LoR_C_2_5():
    g = table("lake")
    state.place_warriors(g, "marquise", 1, 2)
    movement.move(g, "marquise", 1, movement.adjacent(g, 1)[0], 1)
    assert g.ferry == 1 and not g.seat("marquise").hand and not g.used


def test_a_bot_sees_the_ferry_as_paths_and_scores_instead_of_drawing_CW2_MAP():
    """CW2-MAP: bots treat the Ferry's clearing as linked to every coastal clearing and score 1 VP instead
    of drawing."""
    g = table("lake")
    coast = movement.coast(g)
    far = next(c for c in coast if c != 1 and c not in movement.adjacent(g, 1))
    assert far in movement.bot_adjacent(g, 1) and 1 in movement.bot_adjacent(g, far)
    state.place_warriors(g, "eyrie", 1, 2)
    movement.move(g, "eyrie", 1, far, 2)
    assert g.ferry == far and g.seat("eyrie").vp == 1 and g.seat("eyrie").sources == {"map": 1}
    assert 1 not in movement.bot_adjacent(g, far) or 1 in movement.adjacent(g, far)


def test_the_vagabonds_pawn_takes_the_ferry_LoR_C_2_5():
    g = table("lake", bots=())
    g.seats[0] = Seat("vagabond", None, {})
    far = next(c for c in movement.coast(g) if c != 1 and c not in movement.adjacent(g, 1))
    g.pawn = ("clearing", 1)
    movement.move_pawn(g, far)
    assert g.ferry == far and len(g.seat("vagabond").hand) == 1


# ---------------------------------------------------------------------------------------------- the Mountain

def test_closed_paths_are_no_adjacency_LoR_C_3_2():
    g = table("mountain")
    assert len(g.closed) == 6
    for a, b in g.closed:
        assert b not in movement.adjacent(g, a) and a not in movement.adjacent(g, b)
        state.place_warriors(g, "marquise", a, 1)
        assert not movement.can_move(g, "marquise", a, b)


def test_a_player_clears_a_closed_path_for_a_card_and_a_point_LoR_C_3_3():
    """LoR-C.3.3 (16.2.3.III): once in Daylight spend a card to remove a closed path with a piece at either
    end: 1 VP, and the two clearings are adjacent from then on."""
    ask = Script()
    g = table("mountain", ask=ask)
    seat = g.seat("marquise")
    a, b = g.closed[0]
    assert variant_maps.clearable(g, seat) == []                   # no piece, no card
    state.place_warriors(g, "marquise", b, 1)
    assert variant_maps.clearable(g, seat) == []                   # no card
    seat.hand = state.draw(g, 2)
    assert (a, b) in variant_maps.clearable(g, seat)
    ask.answers["clear_path"] = [(a, b)]
    variant_maps.clear_path(g, seat)
    assert (a, b) not in g.closed and len(g.closed) == 5 and seat.vp == 1 and len(seat.hand) == 1
    assert b in movement.adjacent(g, a) and a in movement.adjacent(g, b) and len(g.discard) == 1
    assert variant_maps.clearable(g, seat) == []                   # once a turn
    g.used.clear()
    state.place_warriors(g, "marquise", g.closed[0][0], 1)
    assert variant_maps.clearable(g, seat)


def test_passing_keeps_the_path_and_the_card_LoR_C_3_3():
    ask = Script(clear_path=[PASS])
    g = table("mountain", ask=ask)
    seat = g.seat("marquise")
    state.place_warriors(g, "marquise", g.closed[0][0], 1)
    seat.hand = state.draw(g, 1)
    variant_maps.clear_path(g, seat)
    assert len(g.closed) == 6 and len(seat.hand) == 1 and seat.vp == 0


def test_a_bot_moves_along_closed_paths_and_never_clears_one_CW2_MAP():
    g = table("mountain")
    a, b = g.closed[0]
    assert b in movement.bot_adjacent(g, a) and b not in movement.adjacent(g, a)


def test_the_ruler_of_the_pass_scores_at_the_end_of_its_turn_LoR_C_3_4():
    """LoR-C.3.4 (16.2.3.IV): whoever rules the Pass at the end of their Evening scores 1 VP; rounds.play
    gives it after each turn."""
    g = table("mountain")
    assert g.tower == 10
    state.place_warriors(g, "eyrie", 10, 2)
    state.place_warriors(g, "marquise", 10, 1)
    idle_round(g)
    assert g.seat("eyrie").sources == {"map": 1} and g.seat("marquise").vp == 0


def test_the_pass_meets_every_priority_test_CW2_MAP():
    """CW2-MAP: on the Mountain the Pass counts as the highest and the lowest priority."""
    g = table("mountain")
    assert common.pick(g, [3, 10, 12]) == 10 and common.pick(g, [3, 10, 12], lowest=True) == 10
    assert common.priority_order(g, [12, 10, 1]) == [10, 1, 12]
    assert common.rank(g, 10) == 0 and common.rank(table("fall"), 10) == 10
    assert common.pick(table("fall"), [3, 10, 12]) == 3


# ---------------------------------------------------------------------------------------------- modules off

def test_no_map_side_code_runs_on_fall(monkeypatch):
    """On Fall with printed suits no map-side rule runs: no marker drawn, no path cleared, no Pass, no Ferry."""
    def boom(*a, **k):
        raise AssertionError("a map-side rule ran on Fall")
    for name in ("clear_path", "clearable", "pass_point"):
        monkeypatch.setattr(variant_maps, name, boom)
    monkeypatch.setattr(movement, "ferried", boom)
    monkeypatch.setattr(variant_maps, "lay_suit_markers", lambda game, markers: boom() if game.map.markers else None)
    game = get_game("root")
    for i in range(8):
        options = game.resolve_options({"faction": ["marquise", "eyrie", "alliance", "vagabond"][i % 4]})
        st = game_streams(5, i)
        game.play(game.prepare(options), options, get_strategy(game, "random")(st.strategy), st, None)


def test_the_turn_checkpoint_starts_with_the_ferry_free_LoR_C_2_5():
    """The lookahead replays a turn from the checkpoint taken as it begins: that copy must already have the
    once-a-turn actions free again (found by the first maps study: a replay without the Ferry chose
    differently from the real turn, and `master` crashed on 12 Lake games in 20,000)."""
    g = table("lake")
    seen = []

    class Ferrying:
        PIECES: dict = {}

        @staticmethod
        def turn(game, seat):
            game.used.add("ferry")

    g.options["turn_cap"] = 2
    rounds.play(g, lambda name: Ferrying, at_turn=lambda game: seen.append(set(game.used)))
    assert seen and all(not u for u in seen)
