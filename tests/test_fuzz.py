"""The fuzz suite (``pytest -m fuzz``): 100,000+ games per engine, every module combination, both
Stroganov opponents (the invariant checker's variants), every Root seating (the player's faction or
none, with every set of bots) with every bot at every difficulty and trait set, half the games played by
``random`` and half by ``expert`` (a player that uses the rules a random one rarely reaches; Root's pair
is ``STRATEGIES`` in tests/root/invariants.py), invariants checked after
every step by the engines' own checkers.

The checkers are imported from ``tests/rurik/test_invariants.py`` (the ``checked`` fixture wraps
every player turn, Rebellion turn, strategy phase and claim phase with ``Checker.check``) and
``tests/stroganov/test_invariants.py`` (``play_checked`` checks after every turn and winter), so a
new invariant there is fuzzed here too. Root's checker is tests/root/invariants.py: ``play_checked``
checks at every trace event and turn end (``game_plan`` gives game ``i``'s options and strategy). The
games are split into parametrised chunks of a few thousand, one test each, so a failure names its module
combination and game range, and the suite needs no parallel test runner. The default run keeps only the engines' own smoke subsets (and the
plan check below, which plays nothing).
"""
from __future__ import annotations

import itertools

import pytest

from automa.core.registry import get_game

GAMES_PER_ENGINE = 100_000
RURIK_CHUNK = 2_500
STROGANOV_CHUNK = 1_250
SEED = 20_261_129 + 7  # not the seed of the engines' own fuzz tests
STRATEGIES = ("random", "expert")  # by turns, over whole cycles of the other variations


def module_combinations(game: str) -> list[str]:
    """Every subset of the game's ``modules`` option, as the option's comma-separated value."""
    choices = get_game(game).option("modules").choices
    return [",".join(c) for k in range(len(choices) + 1) for c in itertools.combinations(choices, k)]


def plan(game: str, chunk: int) -> list[tuple[str, int, int]]:
    """(modules, first game, end) chunks: an equal share of the games per module combination."""
    combos = module_combinations(game)
    per = -(-GAMES_PER_ENGINE // len(combos))
    return [(m, lo, min(lo + chunk, per)) for m in combos for lo in range(0, per, chunk)]


def ids(item) -> str:
    modules, lo, hi = item
    return f"{modules or 'base'}-{lo}-{hi}"


RURIK = plan("rurik", RURIK_CHUNK)
STROGANOV = plan("stroganov", STROGANOV_CHUNK)
ROOT_CHUNK = 2_500         # ids root-a-... and root-b-... alternate: two processes take one half each
ROOT = [(lo, lo + ROOT_CHUNK) for lo in range(0, GAMES_PER_ENGINE, ROOT_CHUNK)]

try:  # the Root checker and its plan of games (the seatings setup accepts: the human Vagabond may be missing)
    from tests.root.invariants import SEED as ROOT_SEED
    from tests.root.invariants import STRATEGIES as ROOT_STRATEGIES
    from tests.root.invariants import all_seatings, game_plan, play_checked, playable, seatings, watching
    ROOT_TABLES = seatings()
except Exception as exc:
    ROOT_IMPORT_ERROR, ROOT_TABLES = f"{type(exc).__name__}: {exc}", []
else:
    ROOT_IMPORT_ERROR = ""


def test_the_fuzz_plan_covers_every_module_combination_and_100k_games():
    """Plays nothing: checks what ``pytest -m fuzz`` will play."""
    for game, items in (("rurik", RURIK), ("stroganov", STROGANOV)):
        assert sum(hi - lo for _, lo, hi in items) >= GAMES_PER_ENGINE
        assert {m for m, _, _ in items} == set(module_combinations(game))
        assert len(module_combinations(game)) == 2 ** len(get_game(game).option("modules").choices)
    assert not ROOT_IMPORT_ERROR, ROOT_IMPORT_ERROR
    assert sum(hi - lo for lo, hi in ROOT) >= GAMES_PER_ENGINE
    assert ROOT_TABLES == [t for t in all_seatings() if t[0] == "none" or playable(t[0])]
    assert {game_plan(i, ROOT_TABLES)[1] for i in range(2 * len(ROOT_TABLES))} == set(ROOT_STRATEGIES)


try:  # the Rurik checker and its fixture, reused (importing the fixture makes it available here)
    from tests.rurik.test_invariants import LEADERS, _play, checked  # noqa: F401
except Exception as exc:  # an engine being rebuilt must not break collection of the other
    RURIK_IMPORT_ERROR = f"{type(exc).__name__}: {exc}"
else:
    RURIK_IMPORT_ERROR = ""


@pytest.mark.fuzz
@pytest.mark.parametrize("item", RURIK, ids=ids)
def test_fuzz_rurik(request, item):
    """Random and expert strategies by turns; difficulties, rebel and player leaders vary game by game; every step checked."""
    if RURIK_IMPORT_ERROR:
        pytest.fail(f"cannot import the Rurik invariant checker: {RURIK_IMPORT_ERROR}")
    checker = request.getfixturevalue("checked")
    modules, lo, hi = item
    combos = list(itertools.product((1, 2, 3, 4), LEADERS))
    for i in range(lo, hi):
        level, leader = combos[i % len(combos)]
        player_leader = "boris" if leader == "gleb" else ("gleb", "mstislav", "theofana")[i % 3] \
            if leader != "theofana" else ("gleb", "mstislav")[i % 2]
        checker.neutral = checker.claims = None
        options = {"difficulty": level, "rebel_leader": leader, "player_leader": player_leader,
                   "modules": modules}
        res = _play(options, SEED, i, STRATEGIES[i // len(combos) % 2])
        where = f"game {i} {options}"
        assert res.rounds == 4, where
        assert set(res.player) == set(res.automa), where
        p, a = sum(res.player.values()), sum(res.automa.values())
        if p != a:
            assert res.winner == ("player" if p > a else "automa"), where
        assert min(res.player.values()) >= 0 and min(res.automa.values()) >= 0, where


@pytest.mark.fuzz
@pytest.mark.parametrize("item", STROGANOV, ids=ids)
def test_fuzz_stroganov(item):
    """Random and expert strategies by turns, against both opponents and the option variants; every
    turn and winter checked."""
    from strategies.stroganov.expert import ExpertStrategy
    from strategies.stroganov.random import RandomStrategy
    from tests.stroganov.test_invariants import VARIANTS, play_checked

    modules, lo, hi = item
    for i in range(lo, hi):
        play_checked(SEED, i, modules, VARIANTS[i % len(VARIANTS)], (RandomStrategy, ExpertStrategy)[i // len(VARIANTS) % 2])


@pytest.mark.fuzz
@pytest.mark.parametrize("item", ROOT, ids=lambda item: f"root-{'ab'[item[0] // ROOT_CHUNK % 2]}-{item[0]}-{item[1]}")
def test_fuzz_root(item):
    """Root: game ``i`` of the range at seating ``i`` modulo the seatings; each cycle of the seatings
    moves every bot's difficulty and trait set and the Vagabot's character on, alternates the strategy
    and varies the rule options; every trace event and turn end checked (tests/root/invariants.py)."""
    if ROOT_IMPORT_ERROR:
        pytest.fail(f"cannot import the Root invariant checker: {ROOT_IMPORT_ERROR}")
    lo, hi = item
    with watching(None) as hooks:
        for i in range(lo, hi):
            options, strategy = game_plan(i, ROOT_TABLES)
            play_checked(options, ROOT_SEED, i, strategy, hooks)


@pytest.mark.fuzz
def test_fuzz_root_plays_the_human_vagabond():
    """The player's Vagabond seatings are in the Root plan once setup seats him (branch root-vagabond)."""
    if not playable("vagabond"):
        pytest.skip("setup refuses faction=vagabond (automa/root/vagabond.py is not written): its 7 seatings wait")
    assert sum(f == "vagabond" for f, _ in ROOT_TABLES) == 7
