"""Final scoring: terrain sets with wild and sacred tiles, conversions, tie-breaks (ST-END-3..7, ST-TK-LAND-5)."""
from __future__ import annotations

import copy

from automa.stroganov import scoring
from automa.stroganov.state import C_OUTPOST, C_WISH, CATEGORIES, IVAN, PLAYER
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


def test_outposts_score_by_region():
    """Each own outpost on the board scores 1 VP + its region index at the end (ST-OUTPOST-5, ST-END-5)."""
    run = make_run()
    for who in (PLAYER, IVAN):
        side = run.st.sides[who]
        side.outposts = [1, 0, 0, 1, 0, 1]
        assert scoring.side_vp(run, who)[C_OUTPOST] == 1 + 4 + 6


def test_wish_vp_fulfilled_for_the_player_printed_for_ivan():
    """The player scores the VP of fulfilled wishes only; Ivan scores each wish he took, or with
    ivan_wishes=fulfil only those whose furs he holds (ST-WISH-4, ST-END-6, ST-IVAN-END-2, ST-OPEN-42)."""
    run = make_run()
    wishes = run.t.wishes
    a, b = run.t.wish_groups["first_half"][:2]
    p, i = run.st.sides
    p.wishes, p.fulfilled = [a], [b]
    i.wishes = [a, b]
    assert scoring.side_vp(run, PLAYER)[C_WISH] == wishes[b][3]
    assert scoring.side_vp(run, IVAN)[C_WISH] == wishes[a][3] + wishes[b][3]
    run = make_run(ivan_wishes="fulfil")
    i = run.st.sides[IVAN]
    i.wishes, i.furs = [a, b], [0] * 9
    assert wishes[a][0] != wishes[b][0]
    i.furs[wishes[a][0]] = wishes[a][1]
    assert scoring.side_vp(run, IVAN)[C_WISH] == wishes[a][3]


def test_ivan_scores_like_the_player():
    """Ivan's end scoring uses the player's rules: the same supply scores the same in every category;
    ivan_end_scoring=limited keeps only songs, trophies and tiles (and, with landscapes, his Б-tiles' items,
    see the next test) (ST-IVAN-END-1, ST-OPEN-50)."""
    for option in ("full", "limited"):
        run = make_run(ivan_end_scoring=option)
        p, i = run.st.sides
        for side in (p, i):
            side.furs = [0, 0, 3, 0, 2, 0, 0, 1, 0]
            side.coins, side.tigers, side.story, side.wishes = 5, 1, 9, []
            side.outposts = [0, 1, 0, 0, 0, 1]
            side.tiles = [run.st.tiles[0], run.st.tiles[5]]
        mine, his = (dict(zip(CATEGORIES, scoring.side_vp(run, w))) for w in (PLAYER, IVAN))
        if option == "full":
            assert his == mine and mine["furs"] == 3 and mine["outposts"] == 2 + 6
        else:
            assert his["landscapes"] == mine["landscapes"] > 0
            assert his["furs"] == his["coins"] == his["outposts"] == his["tiger"] == his["story"] == 0


def test_limited_ivan_still_scores_his_b_tiles_items_at_the_upgraded_ratio():
    """Line 223: Ivan "also scores the items depicted on the acquired Б-tiles in the upgraded ratio", so
    even with ivan_end_scoring=limited (ST-OPEN-50) his Primordial forest scores furs 1:1, Silver mine coins
    1:1, Tiger rock 3 per tiger and Settlement of yurts story 2:1; the other conversions and outposts stay
    out (ST-IVAN-END-1, ST-TK-LAND-6, ST-TK-LAND-8)."""
    run = make_run(ivan_end_scoring="limited", modules="landscapes")
    t, i = run.t, run.st.sides[IVAN]
    i.furs, i.coins, i.tigers, i.story = [0, 0, 3, 0, 2, 0, 0, 1, 0], 5, 2, 9
    i.outposts, i.wishes = [0, 1, 0, 0, 0, 1], []
    i.tiles = [b for b in t.b_tiles]
    vp = dict(zip(CATEGORIES, scoring.side_vp(run, IVAN)))
    assert (vp["furs"], vp["coins"], vp["tiger"], vp["story"], vp["outposts"]) == (6, 5, 6, 4, 0)
    i.tiles = [b for b in t.b_tiles if t.tiles[b].id == "tiger_rock"]
    vp = dict(zip(CATEGORIES, scoring.side_vp(run, IVAN)))
    assert (vp["furs"], vp["coins"], vp["tiger"], vp["story"]) == (0, 0, 6, 0)
