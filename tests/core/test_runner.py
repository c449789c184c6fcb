"""The runner: job-count independence, stream separation, replay, error isolation, the Python API."""
import pandas as pd
import pytest

import automa
from automa.run.collect import run
from automa.run.plan import chunk_size
from automa.core.registry import get_game
from automa.core.results import read_games
from automa.run.runner import play_chunk, play_one, replay
from automa.run.simulate import resolve, simulate_dir


def run_dir(tmp_path, name, jobs, fmt="csv", games=700, **options):
    spec = resolve("tiny", None, options, seed=11)
    outcome = simulate_dir(spec, games, jobs, tmp_path / name, fmt, quiet=True)
    return outcome.out / f"games.{fmt}", outcome


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_games_file_is_byte_identical_for_any_job_count(tmp_path, fmt):
    one, _ = run_dir(tmp_path, "j1", 1, fmt, crash_rate=5)
    two, _ = run_dir(tmp_path, "j2", 2, fmt, crash_rate=5)
    three, _ = run_dir(tmp_path, "j3", 3, fmt, crash_rate=5)
    assert one.read_bytes() == two.read_bytes() == three.read_bytes()
    assert list(read_games(one, get_game).game_index) == list(range(700))


def test_parquet_large_enough_for_several_row_groups_matches_csv(tmp_path, monkeypatch):
    monkeypatch.setattr("automa.core.results.ROW_GROUP", 64)
    pq_path, _ = run_dir(tmp_path, "p", 2, "parquet", games=300)
    csv_path, _ = run_dir(tmp_path, "c", 1, "csv", games=300)
    pd.testing.assert_frame_equal(read_games(pq_path, get_game), read_games(csv_path, get_game))


def test_chunks_never_exceed_the_maximum_and_cover_small_runs():
    assert chunk_size(1, 8) == 1 and chunk_size(10**6, 2) == 250 and chunk_size(100, 2) == 7


def automa_cards(strategy, index):
    events, _ = replay(resolve("tiny", strategy, {}, seed=5), index)
    return [e["card"] for e in events if e["kind"] == "automa_card"], \
           [e["dice"] for e in events if e["kind"] == "roll"]


@pytest.mark.parametrize("index", [0, 1, 17])
def test_a_strategy_drawing_extra_randomness_does_not_change_cards_or_dice(index):
    cards, dice = automa_cards("high", index)
    noisy_cards, noisy_dice = automa_cards("tests.core.tinygame:Noisy", index)
    first_cards, _ = automa_cards("first", index)
    assert cards == noisy_cards == first_cards and dice == noisy_dice
    assert cards != automa_cards("high", index + 1)[0]


def test_replay_reproduces_the_row(tmp_path):
    path, _ = run_dir(tmp_path, "r", 2, games=50, variant="bonus", length=8)
    table = read_games(path, get_game)
    for index in (0, 13, 49):
        events, final = replay(resolve("tiny", None, {"variant": "bonus", "length": "8"}, 11), index)
        row = table.iloc[index]
        assert final["player_score"] == row.player_score and final["automa_score"] == row.automa_score
        assert final == {k: ("" if pd.isna(v) else v) for k, v in row.items()} | {"seed": 11}
        assert events[-1] == {"kind": "round_end", "round": 8, "player": row.player_score,
                              "automa": row.automa_score}


def test_a_game_that_raises_is_isolated(tmp_path):
    path, outcome = run_dir(tmp_path, "e", 2, games=400, crash_rate=20)
    table = read_games(path, get_game)
    failed = table[table.error != ""]
    assert 0 < len(failed) < 400 and len(table) == 400
    assert set(failed.error) == {"RuntimeError: the dice fell off the table"}
    assert failed.player_score.isna().all() and table[table.error == ""].player_score.notna().all()
    assert outcome.manifest["errors"] == len(failed) == outcome.summary.errors.item()


def test_an_illegal_choice_names_the_strategy_and_the_decision():
    spec = resolve("tiny", "tests.core.tinygame:Broken", {}, seed=1)
    error = play_one(spec, spec.game.prepare(spec.options), 0)[-1]
    assert error.startswith("StrategyError: strategy 'broken' returned 99 for decision 'keep'")


def test_api_frame_equals_the_games_file_read_back(tmp_path):
    path, _ = run_dir(tmp_path, "api", 1, games=60, crash_rate=10, extras="b,a")
    df = automa.simulate("tiny", games=60, seed=11, jobs=2, options={"crash_rate": 10, "extras": "b,a"})
    pd.testing.assert_frame_equal(df, read_games(path, get_game))
    assert df.extras.unique().tolist() == ["a,b"]
    assert str(df.player_score.dtype) == "Int64" and str(df.crash_rate.dtype) == "int64"


def test_run_writes_rows_in_index_order_from_any_start():
    spec = resolve("tiny", None, {}, seed=2)
    seen = []
    assert run(spec, None, 37, 2, lambda rows: seen.extend(r[1] for r in rows), start=100) is False
    assert seen == list(range(100, 137))


@pytest.mark.parametrize("game", ["rurik", "stroganov"])
def test_a_simulate_run_loads_no_numpy_pandas_or_tqdm(tmp_path, game):
    """A whole run's startup is part of its time (issue 13): a quiet one-process simulate of either
    engine writes its games, summary.csv and manifest without importing numpy, pandas (about half a
    second), pyarrow or tqdm."""
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, cli\n"
            "try:\n"
            f"    cli.main(['simulate', {game!r}, '-n', '3', '-j', '1', '-q', '--seed', '1', '--out', {str(tmp_path / 'r')!r}])\n"
            "except SystemExit as exc:\n"
            "    assert not exc.code, exc.code\n"
            "print(sorted(m for m in ('numpy', 'pandas', 'pyarrow', 'tqdm') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"
    assert {p.name for p in (tmp_path / "r").iterdir()} == {"games.csv", "summary.csv", "manifest.json"}


@pytest.mark.parametrize("prefix", [None, "", "cell 1", 'a,"b"'])
def test_a_chunks_text_is_the_csv_of_its_rows(prefix):
    """A chunk's games.csv text writes the fields every row shares once (issue 13): the same bytes
    as csv_text of its rows, with a prefix column that needs quoting, options with commas, and
    error rows whose message holds commas, quotes and a line break."""
    from automa.core.results import csv_text
    from automa.run.plan import Part, Task
    from automa.run.runner import chunk_text

    spec = resolve("tiny", None, {"extras": "a,b", "crash_rate": 30}, seed=2**100 + 7)
    part = Part(spec, 60, prefix)
    rows = play_chunk(part, spec.game.prepare(spec.options), Task(0, 0, 0, 60), want_rows=True).rows
    rows[3] = rows[3][:-1] + ['ValueError: bad "x",\nsecond line']
    assert sum(1 for r in rows if r[-1]) > 5
    expected = csv_text([r if prefix is None else [prefix] + r for r in rows])
    assert chunk_text(part, rows) == expected
    for name in ("rurik", "stroganov"):
        real = resolve(name, "random", {}, seed=5)
        part = Part(real, 3, prefix)
        chunk = play_chunk(part, real.game.prepare(real.options), Task(0, 0, 0, 3), want_rows=True)
        assert chunk.text == csv_text([r if prefix is None else [prefix] + r for r in chunk.rows])
