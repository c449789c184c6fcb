"""Final scoring: terrain sets with wild and sacred tiles, conversions, tie-breaks (ST-END-3..7, ST-TK-LAND-5)."""
from __future__ import annotations

import copy

from automa.stroganov import scoring
from tests.stroganov.conftest import make_run

TABLE = (1, 2, 4, 7, 10)


def test_terrain_sets():
    """Sets of distinct types score 1/2/4/7; A-tiles are wild; a five-type set with a Б-tile is 10 (ST-END-4,
    ST-TK-LAND-5)."""
    best = lambda c, s=0, w=0: scoring.best_sets(c, s, w, TABLE, {})
    assert best((1, 1, 1, 1)) == 7
    assert best((2, 1, 1, 1)) == 8
    assert best((1, 1, 1, 0), w=1) == 7
    assert best((1, 1, 1, 1), s=1) == 10
    assert best((2, 0, 0, 0), s=1) == 3
    assert best((0, 0, 0, 0), s=1, w=4) == 10


def test_end_conversions_and_tie_break():
    """Furs 2:1, coins 2:1, tigers 2, story 4:1; Ivan wins ties by default (ST-END-3, ST-END-7)."""
    run = make_run()
    side = run.st.sides[0]
    side.furs = [0, 0, 3, 2, 0, 0, 0, 0, 0]
    side.coins, side.tigers, side.story = 5, 2, 9
    vp = dict(zip(("furs", "coins", "tiger", "story"), scoring.side_vp(run, 0)[4:8]))
    assert vp == {"furs": 2, "coins": 2, "tiger": 4, "story": 2}
    assert scoring.winner(run, [[5], [5]]) == "automa"
    run.o = copy.copy(run.o)
    run.o.tie_break = "shared"
    assert scoring.winner(run, [[5], [5]]) == "tie"
