"""Smoke tests of the real engines through the spine; skipped while an engine cannot be imported yet."""
import json

import pytest

import automa
from automa.core.errors import UsageError
from automa.core.registry import get_game, get_strategy
from automa.run.runner import replay
from automa.run.simulate import resolve, simulate_dir
from tests.core.test_cli import run_cli


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
    for strategy in game.strategies:   # search players at a small budget: their own tests go deeper
        spec = get_strategy(game, strategy)
        if spec.record_columns:         # a training-data player runs by `simulate` only (test_label.py)
            continue
        if spec.cls.searches:
            strategy += "(budget=2)"
        assert (automa.simulate(name, games=4, seed=1, strategy=strategy, jobs=1).error == "").all()
    _, final = replay(resolve(name, None, {}, 1), 5)
    assert final["player_score"] == df.player_score[5] and final["margin"] == df.margin[5]


@pytest.mark.parametrize("name", ["rurik", "stroganov"])
def test_one_trace_vocabulary_for_both_games(name, capsys):
    """``replay --json``: both games name the sides player and automa in every scores line, and the one
    final record is the last line (issue 15, trace names)."""
    engine(name)
    code, out, _ = run_cli(capsys, "replay", name, "--seed", 5, "--game-index", 7, "--json")
    events = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [e["kind"] for e in events].count("final") == 1 and events[-1]["kind"] == "final"
    scores = [e for e in events if e["kind"] == "scores"]
    assert scores and all({"player", "automa"} <= set(e) and "rebellion" not in e for e in scores)
    assert all(not k.startswith("rebellion") for e in scores for k in e)
