"""``learned`` in both games: the same games for any job count, and a model file that does not load
stops a run before its first game (docs/learned.md)."""
from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("game", ["rurik", "stroganov"])
def test_same_games_for_any_jobs(tmp_path, game):
    """``simulate`` with learned writes the same games for 1 and 2 jobs."""
    texts = []
    for jobs in (1, 2):
        out = tmp_path / f"j{jobs}"
        subprocess.run([sys.executable, "-m", "cli", "simulate", game, "-s", "learned", "-n", "4", "--seed", "3",
                        "-j", str(jobs), "--out", str(out), "-q"], check=True)
        texts.append((out / "games.csv").read_text())
    assert texts[0] == texts[1]


@pytest.mark.parametrize("game", ["rurik", "stroganov"])
@pytest.mark.parametrize("text, says", [
    ("{", "bad JSON"),
    ('{"game": "rurik"}', "missing"),
])
def test_a_bad_model_file_stops_the_run_before_any_game(tmp_path, game, text, says):
    """A model file that does not load is a one-line error and exit code 2, and no game is played."""
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    run = subprocess.run([sys.executable, "-m", "cli", "simulate", game, "-s", f"learned(model={bad})", "-n", "2",
                          "--seed", "1", "--out", str(tmp_path / "out"), "-q"], capture_output=True, text=True)
    assert run.returncode == 2 and says in run.stderr and len(run.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out" / "games.csv").exists()
