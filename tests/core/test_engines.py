"""Smoke tests of the real engines through the spine; skipped while an engine cannot be imported yet."""
import pytest

import automa
from automa.core.errors import UsageError
from automa.core.registry import get_game, get_strategy
from automa.core.runner import replay
from automa.core.simulate import resolve, simulate_dir


def engine(name):
    """The game, or a skip while its engine or its built-in strategies cannot be imported yet."""
    try:
        game = get_game(name)
        for strategy in game.strategies:
            get_strategy(game, strategy)
    except UsageError as exc:
        pytest.skip(f"engine {name} not available yet: {exc}")
    return game


@pytest.mark.parametrize("name", ["rurik", "stroganov"])
def test_engine_runs_identically_on_any_job_count_and_replays(name, tmp_path):
    game = engine(name)
    files = []
    for jobs in (1, 2):
        outcome = simulate_dir(resolve(name, None, {}, 1), 24, jobs, tmp_path / f"j{jobs}", quiet=True)
        files.append((outcome.out / "games.csv").read_bytes())
    assert files[0] == files[1]
    df = automa.simulate(name, games=24, seed=1, jobs=1)
    assert (df.error == "").all(), df.error.unique()
    for strategy in game.strategies:
        assert (automa.simulate(name, games=4, seed=1, strategy=strategy, jobs=1).error == "").all()
    _, final = replay(resolve(name, None, {}, 1), 5)
    assert final["player_score"] == df.player_score[5] and final["margin"] == df.margin[5]
