"""The play screen (automa/<game>/screen.py) fits 80 columns and shows nothing hidden: two games that
differ only in cards nobody has seen render the same screen at every decision until such a card is
revealed (docs/search.md, automa/<game>/hidden.py)."""
import random

import pytest

from automa.core.registry import get_game
from automa.core.runner import prepare
from automa.core.seeding import game_streams
from automa.core.simulate import resolve
from automa.core.strategy import Strategy


def rurik_solo(m, rng):
    """Re-deal the solo cards not seen yet (RK-REB-CARD-1)."""
    deck, seen = m.s.deck, m.s.seen
    slots = [i for i, c in enumerate(deck) if not seen >> c & 1]
    cards = [deck[i] for i in slots]
    rng.shuffle(cards)
    for i, c in zip(slots, cards):
        deck[i] = c


def rurik_piles(m, rng):
    """Re-deal the face-down scheme decks (none of their cards known yet) and the deed deck."""
    pool = m.s.schemes[0] + m.s.schemes[1]
    rng.shuffle(pool)
    half = len(m.s.schemes[0])
    m.s.schemes[0][:], m.s.schemes[1][:] = pool[:half], pool[half:]
    rng.shuffle(m.s.deed_deck)


def stroganov_deck(run, rng):
    """Re-deal the automa cards below the face-up top card (ST-IVAN-DRAW-1)."""
    st = run.st
    st.own_piles()
    rest = st.deck[st.drawn + 1:]
    rng.shuffle(rest)
    st.deck[st.drawn + 1:] = rest


def stroganov_piles(run, rng):
    """Re-deal the face-down piles of landscape tiles, yurts, wishes and songs."""
    st = run.st
    st.own_piles()
    for pile in (st.tile_pile, st.yurt_pile, st.wish_pile, st.song_pile):
        rng.shuffle(pile)


def match(decision):
    """The game behind a decision's view (this test only: the screen never reads it)."""
    view = decision.view
    return view._m if hasattr(view, "_m") else view._r


# each re-deal, and what changes when a card of that pile comes out: the solo cards seen, the size
# of the scheme and deed decks, the automa cards drawn, the size of the face-down piles
CASES = {
    "rurik-solo": ("rurik", rurik_solo, lambda m: m.s.seen, 6),
    "rurik-piles": ("rurik", rurik_piles, lambda m: (len(m.s.schemes[0]), len(m.s.schemes[1]), len(m.s.deed_deck)), 3),
    "stroganov-deck": ("stroganov", stroganov_deck, lambda run: run.st.drawn, 3),
    "stroganov-piles": ("stroganov", stroganov_piles, lambda run: tuple(len(p) for p in (
        run.st.tile_pile, run.st.yurt_pile, run.st.wish_pile, run.st.song_pile, run.st.special_pile)), 3),
}  # the last field: the re-deal comes before that decision (the first round's advisors, in Rurik's case)


class Screens(Strategy):
    """Plays a fixed choice every time, re-deals hidden cards before decision ``at`` (if ``redeal``),
    and records from there on the screen at every decision with what ``touched`` reads."""

    redeal = touched = render = None
    at = 1

    def __init__(self, rng):
        super().__init__(rng)
        self.shown = []

    def choose(self, decision):
        m = match(decision)
        self.asked = getattr(self, "asked", 0) + 1
        if self.asked == Screens.at and Screens.redeal:
            Screens.redeal(m, random.Random(5))
        if self.asked >= Screens.at:
            self.shown.append((Screens.touched(m), Screens.render(decision.view)))
        return decision.choices[len(decision.choices) // 2]


def play(game, options, redeal, touched=lambda m: 0, at=1):
    entry = get_game(game)
    spec = resolve(game, "random", options, 3)
    streams = game_streams(3, 0)
    Screens.redeal, Screens.touched, Screens.render, Screens.at = redeal, touched, entry.render, at
    player = Screens(streams.strategy)
    entry.play(prepare(spec), spec.options, player, streams, None)
    return player.shown


@pytest.mark.parametrize("case", list(CASES))
def test_cards_nobody_has_seen_do_not_change_the_screen(case):
    game, redeal, touched, at = CASES[case]
    options = {"modules": "epic,warfare,factions"} if game == "rurik" else {}
    plain = play(game, options, None, touched, at)
    other = play(game, options, redeal, touched, at)
    unrevealed = next(i for i, (t, _) in enumerate(plain) if t != plain[0][0])
    assert unrevealed >= 3
    assert [s for _, s in other[:unrevealed]] == [s for _, s in plain[:unrevealed]]
    assert [s for _, s in other] != [s for _, s in plain]  # the re-deal did change the game later


@pytest.mark.parametrize("game", ["rurik", "stroganov"])
def test_the_screen_fits_80_columns(game):
    shown = play(game, {"modules": "epic,warfare,factions"} if game == "rurik" else
                    {"modules": "merchant,hunting_plan,landscapes,diplomacy"}, None)
    widths = [len(line) for _, screen in shown for line in screen.splitlines()]
    assert widths and max(widths) <= 80
