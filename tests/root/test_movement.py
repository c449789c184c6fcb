"""Moving (LoR-4.2) on the Fall map: adjacency by path only, the rule requirement, the entered hook."""
import random

from automa.root import data, movement, state
from automa.root.state import Seat


def table():
    d = data.load()
    seats = [Seat(f, None, {"warrior": 20, "roost": 7}) for f in state.FACTIONS]
    return state.new_game(d.maps["fall"], d.deck, seats, {}, {"deck": random.Random(1)})


def river_pair(g):
    for cl in g.map.clearings:
        for r in cl.rivers:
            if r not in cl.adjacent:
                return cl.id, r
    raise AssertionError("the Fall map has rivers")


def test_adjacent_is_by_path_and_both_ways_LoR_2_2_1():
    g = table()
    for c in range(1, 13):
        for d in movement.adjacent(g, c):
            assert c in movement.adjacent(g, d)


def test_rivers_are_not_paths_LoR_2_3():
    g = table()
    a, b = river_pair(g)
    assert b not in movement.adjacent(g, a)
    state.place_warriors(g, "marquise", a, 3)
    assert not movement.can_move(g, "marquise", a, b)


def test_a_move_needs_rule_of_origin_or_destination_LoR_4_2_1():
    g = table()
    a = 1
    b = movement.adjacent(g, a)[0]
    state.place_warriors(g, "marquise", a, 1)
    state.place_warriors(g, "eyrie", a, 1)
    state.place_warriors(g, "alliance", b, 1)
    assert not movement.can_move(g, "marquise", a, b)             # rules neither
    assert movement.can_move(g, "marquise", a, b, nimble=True)     # LoR-9.2.3
    state.place_warriors(g, "marquise", a, 1)
    assert movement.can_move(g, "marquise", a, b)                  # rules the origin
    state.remove_warriors(g, "marquise", a, 1)
    state.remove_warriors(g, "alliance", b, 1)
    state.place_warriors(g, "marquise", b, 1)
    assert movement.can_move(g, "marquise", a, b)                  # rules the destination


def test_no_warriors_no_move_and_not_beyond_one_path_LoR_4_2():
    g = table()
    far = next(c for c in range(2, 13) if c not in movement.adjacent(g, 1))
    assert not movement.can_move(g, "eyrie", 1, movement.adjacent(g, 1)[0])
    state.place_warriors(g, "eyrie", 1, 2)
    assert not movement.can_move(g, "eyrie", 1, far)


def test_legal_moves_list_every_adjacent_destination_LoR_4_2():
    g = table()
    state.place_warriors(g, "eyrie", 1, 2)
    assert movement.moves(g, "eyrie") == [(1, d, 2) for d in sorted(movement.adjacent(g, 1))]


def test_pieces_may_move_again_LoR_4_2_2():
    """No limit per piece: moved warriors may move again (LoR-4.2.2)."""
    g = table()
    b = movement.adjacent(g, 1)[0]
    state.place_warriors(g, "eyrie", 1, 2)
    movement.move(g, "eyrie", 1, b, 2)
    movement.move(g, "eyrie", b, 1, 1)
    assert g.clearings[1].warriors == {"eyrie": 1} and g.clearings[b].warriors == {"eyrie": 1}


def test_entering_calls_the_other_boards_entered_hook_LoR_8_2_6():
    class Board:
        def __init__(self):
            self.seen = []

        def copy(self):
            return self

        def entered(self, game, seat, c, mover):
            self.seen.append((seat.faction, c, mover))
    g = table()
    for s in g.seats:
        s.board = Board()
    b = movement.adjacent(g, 1)[0]
    state.place_warriors(g, "eyrie", 1, 2)
    movement.move(g, "eyrie", 1, b, 1)
    assert g.seat("alliance").board.seen == [("alliance", b, "eyrie")]
    assert g.seat("eyrie").board.seen == []                        # not the mover's own


def test_the_pawn_moves_regardless_of_rule_LoR_9_2_3():
    g = table()
    state.place_warriors(g, "eyrie", 4, 3)
    movement.move_pawn(g, 4)
    assert g.pawn == ("clearing", 4)
