"""The automa's turn told in words for a person mirroring the game on a real board (automa/stroganov/
narrate.py): each event as the rules read it, and no gain without an event that tells it."""
from __future__ import annotations

from automa.core.trace import Trace
from automa.stroganov import economy
from automa.stroganov.modules import diplomacy, landscapes
from automa.stroganov.labels import reward
from automa.stroganov.narrate import tell
from automa.stroganov.state import C_DIPLO, IVAN, PLAYER
from automa.stroganov.view import View
from tests.stroganov.conftest import make_run


def traced(**options):
    run = make_run(**options)
    run.trace = Trace()
    return run, run.st.sides[IVAN]


def told(run, start: int = 0) -> list[str]:
    view = View(run)
    return [tell(view, e) for e in run.trace.events[start:]]


def test_a_coin_alone_is_told_as_a_coin_not_a_tiger():
    """Ivan's '1 coin' donation goes alone (ST-TK-DIPLO-8, ST-OPEN-55): no fur and no tiger."""
    run, ivan = traced(modules="diplomacy")
    run.st.diplo = [0] * run.t.n_slots
    run.st.diplo[4] = 1
    ivan.furs, ivan.tigers, ivan.coins = [0] * 9, 0, 1
    diplomacy.ivan_donate(run, [4])
    text = told(run)[0]
    assert "donates a coin at slot 5" in text and "tiger" not in text


def test_an_a_tile_gives_ivan_4_vp_and_no_benefit():
    """ST-TK-LAND-7: +4 VP at once; he does not use the character's benefit."""
    run, ivan = traced(modules="landscapes")
    landscapes.acquire(run, IVAN, run.t.a_tiles[0])
    text = told(run)[0]
    assert "no benefit" in text and "4 VP" in text and "uses the benefit" not in text


def test_the_story_track_end_takes_a_song_reward_and_leaves_the_tile():
    """ST-SONG-4: reaching step 12 takes a displayed song's reward for its cost; the tile stays."""
    run, ivan = traced()
    display = list(run.st.songs)
    ivan.story = run.t.story_max - 1
    economy.gain_story(run, IVAN, 1)
    text = told(run)[0]
    assert run.st.songs == display
    assert "the tile stays" in text and "buys" not in text


def test_diplomacy_bonus_tiles_and_winter_zones_are_told():
    """A marker reaching or passing a bonus tile gains its bonus (ST-TK-DIPLO-5), and the winter zone VP
    (ST-TK-DIPLO-7): each has its event and sentence, so no fur or horse appears from nowhere."""
    run, ivan = traced(modules="diplomacy")
    t, st = run.t, run.st
    ivan.furs[8] = 1
    diplomacy.donate(run, IVAN, 4, 8, 0, 0, 8)            # 0 -> 8: passes the bonus on space 5
    run.st.sides[PLAYER].furs[3] = 1
    diplomacy.donate(run, PLAYER, 4, 3, 0, 0, 3)          # 0 -> 3: no bonus
    bonus = t.diplo_bonus_tiles[st.diplo_bonus[t.diplo_bonus_spaces.index(5)]]
    events = [e for e in run.trace.events if e["kind"] == "diplomacy"]
    assert [(e["action"], e["who"], e["space"]) for e in events] == [("bonus", "automa", 5)]
    assert told(run)[0] == f"Ivan's diplomacy marker reaches or passes the bonus tile on space 5: {reward(bonus)}. " \
                           "[ST-TK-DIPLO-5]"
    start = len(run.trace.events)
    vp = list(ivan.vp)
    diplomacy.winter_score(run)
    (event,) = run.trace.events[start:]
    assert (event["zones"], event["vp"]) == ([1, 3], [0, 2]) and ivan.vp[C_DIPLO] == vp[C_DIPLO] + 2
    assert told(run, start) == ["Diplomacy: you are in zone 1 and score 0 VP, Ivan is in zone 3 and scores 2 VP. "
                                "[ST-TK-DIPLO-7]"]


def test_tiles_are_told_by_what_is_printed_on_them_not_their_codes():
    """Issue 29 (no code names on screen): an A-tile (ST-TK-LAND-7) and the tiles of whole games are
    named by terrain, and by name where the tile has one; never by the transcription's code (L15, LA2)."""
    import re

    from automa.run.runner import replay
    from automa.run.simulate import resolve

    run, ivan = traced(modules="landscapes")
    landscapes.acquire(run, IVAN, run.t.a_tiles[0])
    assert "wild (A) tile" in told(run)[0]
    spec = resolve("stroganov", "greedy", {"modules": "landscapes"}, 3)
    for index in range(4):
        events, _ = replay(spec, index)
        said = [s for e in events if (s := tell(View(make_run(modules="landscapes")), e)) and "tile" in s]
        assert said and not [s for s in said if re.search(r"\bL[A-ZБ]?\d+\b", s)]
