"""Strategies: determinism, legality, and greedy's edge over random."""
from __future__ import annotations

import pytest

from automa.core.registry import get_strategy
from automa.core.seeding import game_streams
from automa.stroganov import GAME
from tests.stroganov.conftest import context


def play(name: str, index: int, **options):
    """Game ``index`` of seed 99 played by ``name`` (a search player at budget 2, ``label`` with such a
    teacher)."""
    spec = get_strategy(GAME, name)
    if "teacher" in {p.name for p in spec.params}:
        name += "(teacher=mc(budget=2,width=2,rollout=master),rate=0.3)"
    elif spec.cls.searches:
        name += "(budget=2)"
    opts = GAME.resolve_options(options)
    streams = game_streams(99, index)
    return GAME.play(context(), opts, get_strategy(GAME, name)(streams.strategy), streams, None)


@pytest.mark.parametrize("name", list(GAME.strategies))
def test_strategy_plays_legal_and_deterministic(name):
    """Same options, strategy, seed and index give the same result (ask() rejects illegal choices)."""
    a = play(name, 3, modules="merchant,hunting_plan,landscapes,diplomacy")
    b = play(name, 3, modules="merchant,hunting_plan,landscapes,diplomacy")
    assert a == b


def test_strategy_draws_do_not_change_the_deal():
    """The automa's cards do not depend on the player strategy's random draws."""
    from automa.core.trace import Trace
    cards = []
    for name in ("random", "greedy"):
        opts = GAME.resolve_options({})
        streams, trace = game_streams(99, 8), Trace()
        GAME.play(context(), opts, get_strategy(GAME, name)(streams.strategy), streams, trace)
        cards.append([e["action_card"] for e in trace.events if e["kind"] == "card"])
    assert cards[0] == cards[1]


def test_greedy_beats_random():
    greedy = sum(play("greedy", i).player_score for i in range(10))
    rand = sum(play("random", i).player_score for i in range(10))
    assert greedy > 2 * rand


def test_greedy_values_the_diplomacy_lead_per_winter_left():
    """Greedy counts a zone of diplomacy lead as one VP of margin per winter scoring left (ST-TK-DIPLO-7)."""
    from strategies.stroganov.greedy import estimate
    from automa.stroganov.view import View
    from tests.stroganov.conftest import make_run
    run = make_run(modules="diplomacy")
    view = View(run)
    base = estimate(view)
    run.st.sides[0].diplo = 2 * run.t.diplo_per_zone
    assert view.diplo_zones() == (2, 0) and view.winters_left == 4
    assert estimate(view) == base + 8


@pytest.mark.parametrize("name", [n for n in GAME.strategies if not get_strategy(GAME, n).cls.searches])
def test_every_strategy_picks_the_salesmans_fur(name):
    """The Salesman's "take 2, pick 1" is the player's decision (ST-TK-LAND-6): every built-in strategy
    answers it (the search players rank with these), and those that score keep the kind the player holds
    three of, which the Salesman makes wild."""
    import random
    from automa.stroganov.modules import landscapes
    from tests.stroganov.conftest import make_run
    run = make_run(modules="landscapes")
    run.strategy = get_strategy(GAME, name)(random.Random(0))
    p = run.st.sides[0]
    p.furs[6] = 3
    run.st.bag[:] = [3, 6]
    landscapes.acquire(run, 0, next(a for a in run.t.a_tiles if run.t.tiles[a].id == "salesman"))
    assert p.salesman == 6 if name != "random" else p.salesman in (3, 6)
