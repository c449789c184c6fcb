"""The player's read-only view (RT-STUDY-9): what a player at the table sees, as plain values."""
import random
from types import SimpleNamespace

from automa.root import data, setup, state
from automa.root.options import OPTIONS
from automa.root.view import View


def game():
    options = {o.name: o.default for o in OPTIONS}
    rng = {name: random.Random(i) for i, name in enumerate(("setup", "automa", "deck", "dice"))}
    fake = SimpleNamespace(PIECES={"warrior": 20}, setup=lambda g, s: None, turn=lambda g, s: None)
    return setup.setup(data.load(), options, rng, lambda name: fake)


def test_the_view_shows_the_table_and_the_players_own_hand_only_RT_STUDY_9():
    g = game()
    v = View(g, "marquise")
    assert v.hand == tuple(sorted(g.seat("marquise").hand)) and len(v.hand) == 3
    assert v.hand_size("eyrie") == 0 and v.deck_size == len(g.deck) == 47
    assert not hasattr(v, "deck") and not hasattr(v, "ruin_items")
    assert v.seats == tuple((s.faction, s.bot) for s in g.seats)
    state.place_warriors(g, "eyrie", 5, 2)
    assert v.clearing(5) == ("rabbit", 2, (("eyrie", 2),), (), (), False)
    assert dict(v.items)["sword"] == 2 and v.board("eyrie") is None


def test_scores_sources_and_the_margin_RT_STUDY_4_RT_STUDY_5():
    g = game()
    v = View(g, "marquise")
    state.score(g, "marquise", 3, "removal")
    state.score(g, "alliance", 5, "sympathy")
    assert v.vp() == 3 and v.vp("alliance") == 5 and v.margin == -2
    assert dict(v.sources())["removal"] == 3 and v.sources()[0] == ("removal", 3)
