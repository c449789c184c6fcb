"""compare: B minus A over the games two runs share (paired on one seed), and what it says when they differ."""
import math

import numpy as np
import pytest

from automa.analysis.compare import compare
from automa.core.errors import UsageError
from automa.analysis.paired import interval, win_interval
from automa.core.registry import get_game
from automa.core.results import read_games
from automa.core.intervals import Z95
from tests.core.test_cli import run_cli


def run(capsys, tmp_path, name, *args):
    code, _, err = run_cli(capsys, "simulate", "tiny", "--jobs", 1, "--out", tmp_path / name, *args)
    assert code == 0, err
    return read_games(tmp_path / name / "games.csv", get_game)


def test_runs_on_one_seed_are_compared_game_by_game(capsys, tmp_path):
    a = run(capsys, tmp_path, "a", "--games", 300, "--seed", 3, "-o", "crash_rate=5")
    b = run(capsys, tmp_path, "b", "--games", 300, "--seed", 3, "-o", "crash_rate=5", "-s", "first")
    result = compare(a, b)
    both = a[a.error == ""].merge(b[b.error == ""], on="game_index", suffixes=("_a", "_b"))
    win = (both.winner_b == "player").astype(int) - (both.winner_a == "player").astype(int)
    margin = both.margin_b.astype(int) - both.margin_a.astype(int)
    assert result.paired and result.pairs == len(both) < 300
    assert [r["measure"] for r in result.rows] == ["win_rate", "margin"]
    for row, d, method in zip(result.rows, (win, margin), (win_interval, interval)):  # Agresti-Min for the win rate
        assert (row["diff"], row["lo"], row["hi"]) == pytest.approx(method(d.to_numpy()))
    assert result.rows[1]["a"] == pytest.approx(both.margin_a.mean())
    assert result.notes[0] == "B differs from A in: strategy high -> first"
    assert not any("seeds differ" in n or "counts differ" in n for n in result.notes)
    code, out, _ = run_cli(capsys, "compare", tmp_path / "a", tmp_path / "b")
    lines = out.splitlines()
    assert code == 0 and lines[:2] == [f"A: {tmp_path / 'a'}", f"B: {tmp_path / 'b'}"]
    assert lines[2].split() == ["measure", "A", "B", "B", "-", "A", "95%", "interval"]
    r = result.rows[1]
    assert lines[5].split() == ["margin", f"{r['a']:+.2f}", f"{r['b']:+.2f}", f"{r['diff']:+.2f}",
                                f"{r['lo']:+.2f}", "to", f"{r['hi']:+.2f}"]
    assert f"paired over {len(both):,} games both finished" in lines


def test_different_seeds_are_independent_and_said(capsys, tmp_path):
    a = run(capsys, tmp_path, "a", "--games", 200, "--seed", 3)
    b = run(capsys, tmp_path, "b", "--games", 100, "--seed", 4)
    result = compare(a, b)
    xa, xb = a.margin.to_numpy(float), b.margin.to_numpy(float)
    half = Z95 * math.sqrt(xa.var(ddof=1) / 200 + xb.var(ddof=1) / 100)
    diff = xb.mean() - xa.mean()
    assert not result.paired and result.pairs == 0
    assert (result.rows[1]["diff"], result.rows[1]["lo"], result.rows[1]["hi"]) == pytest.approx(
        (diff, diff - half, diff + half))
    assert result.notes[1:] == ["the seeds differ (A 3, B 4): the runs are not paired game by game; the "
                                "intervals treat them as independent samples (wider)",
                                "the game counts differ (A 200, B 100)"]
    assert result.notes[0] == "B differs from A in: nothing (same settings)"


def test_different_game_counts_on_one_seed_pair_the_shared_games(capsys, tmp_path):
    a = run(capsys, tmp_path, "a", "--games", 200, "--seed", 3)
    b = run(capsys, tmp_path, "b", "--games", 120, "--seed", 3, "-o", "variant=bonus")
    result = compare(a, b)
    assert result.paired and result.pairs == 120
    assert "the game counts differ (A 200, B 120): compared over the game indices both played" in result.notes
    shared = a[a.game_index < 120]
    d = b.margin.to_numpy(int) - shared.margin.to_numpy(int)
    assert result.rows[1]["diff"] == pytest.approx(np.mean(d)) and result.rows[1]["diff"] >= 0  # a bonus only adds


def test_runs_that_cannot_be_compared_are_one_line_errors(capsys, tmp_path):
    a = run(capsys, tmp_path, "a", "--games", 20, "--seed", 3)
    sweep = a.assign(cell="x")[["cell", *a.columns]]
    with pytest.raises(UsageError, match="run B is a sweep: its cells are compared in its paired.csv"):
        compare(a, sweep)
    with pytest.raises(UsageError, match="the runs play different games: tiny and other"):
        compare(a, a.assign(game="other"))
    code, out, err = run_cli(capsys, "compare", tmp_path / "a", tmp_path / "nothing")
    assert code == 2 and out == "" and err == f"automa-sim: error: no games.csv, games.csv.gz, games.parquet in {tmp_path / 'nothing'}\n"
