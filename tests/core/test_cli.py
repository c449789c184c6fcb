"""The command line: every command, its help, its exit codes and one-line errors, Ctrl-C."""
import json
import re
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

import cli
from automa.core.results import read_games

ROOT = Path(__file__).resolve().parents[2]


def run_cli(capsys, *args):
    """Run ``automa-sim ARGS`` in-process: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as exc:
        cli.main([str(a) for a in args])
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


def simulate(capsys, out, *args):
    return run_cli(capsys, "simulate", "tiny", "--games", 200, "--seed", 4, "--out", out, *args)


@pytest.mark.parametrize("command", [[], ["simulate"], ["replay"], ["list"], ["list", "games"],
                                     ["list", "strategies"], ["list", "options"], ["summarize"], ["bench"]])
def test_every_command_has_help_with_an_example(capsys, command):
    code, out, err = run_cli(capsys, *command, "--help")
    assert code == 0 and err == ""
    assert "Usage: automa-sim" in out and re.search(r"Example:\n +automa-sim \w", out)


def test_no_command_prints_help(capsys):
    code, out, _ = run_cli(capsys)
    assert code == 0 and "Commands:" in out


def test_simulate_writes_files_and_reports(capsys, tmp_path):
    code, out, err = simulate(capsys, tmp_path / "r", "--jobs", 2, "-o", "variant=bonus", "--strategy", "first")
    assert code == 0 and err == ""  # stderr is not a terminal: no progress bar
    assert "player win rate" in out and "95% CI" in out and "mean margin" in out
    assert f"files: {tmp_path / 'r'}/ (games.csv, manifest.json, summary.csv)" in out
    assert "automa-sim replay tiny --seed 4 --game-index I --strategy first --option variant=bonus" in out
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert manifest["command"].startswith("automa-sim simulate tiny --games 200")
    assert {k: manifest[k] for k in ("game", "strategy", "seed", "games", "games_done", "errors",
                                     "interrupted", "jobs", "format")} == {
        "game": "tiny", "strategy": "first", "seed": "4", "games": 200, "games_done": 200,
        "errors": 0, "interrupted": False, "jobs": 2, "format": "csv"}
    assert manifest["options"]["variant"] == "bonus" and manifest["games_per_s"] > 0
    assert set(manifest["versions"]) == {"automa-sim", "python", "numpy", "pandas"}
    assert manifest["started"] <= manifest["ended"]
    summary = pd.read_csv(tmp_path / "r" / "summary.csv")
    assert len(summary) == 1 and summary.games.item() == 200


def test_progress_bar_on_a_terminal(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert "game/s" in simulate(capsys, tmp_path / "t", "--jobs", 1)[2]
    assert simulate(capsys, tmp_path / "q", "--jobs", 1, "--quiet")[2] == ""


def test_default_output_directory(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(capsys, "simulate", "tiny", "--games", 10, "--jobs", 1)
    (run,) = (tmp_path / "results").iterdir()
    assert code == 0 and run.name.startswith("tiny-") and len(run.name) == len("tiny-20250101-120000")
    assert (run / "games.csv").is_file()


def test_fresh_seed_is_printed_recorded_and_replayable(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "simulate", "tiny", "--games", 20, "--jobs", 1, "--out", tmp_path / "f")
    seed = json.loads((tmp_path / "f" / "manifest.json").read_text())["seed"]
    assert code == 0 and f"seed {seed};" in out and int(seed) > 2**64
    row = read_games(tmp_path / "f" / "games.csv").iloc[9]
    assert row.seed == seed
    code, out, _ = run_cli(capsys, "replay", "tiny", "--seed", seed, "--game-index", 9)
    assert f"player={row.player_score} automa={row.automa_score} margin={row.margin}" in out


def test_force_overwrites_and_drops_stale_files(capsys, tmp_path):
    simulate(capsys, tmp_path / "r")
    code, _, _ = simulate(capsys, tmp_path / "r", "--force", "--format", "parquet")
    assert code == 0 and sorted(p.name for p in (tmp_path / "r").iterdir()) == [
        "games.parquet", "manifest.json", "summary.csv"]


@pytest.mark.parametrize("args, message", [
    (["simulate", "chess"], "unknown game 'chess'; known games: rurik, stroganov, tiny"),
    (["simulate", "tiny", "--strategy", "zz"], "unknown strategy 'zz' for game tiny; known: high, first"),
    (["simulate", "tiny", "--strategy", "nowhere:Bot"], "cannot import strategy 'nowhere:Bot'"),
    (["simulate", "tiny", "-o", "speed=3"], "unknown option 'speed' for game tiny; known: length, variant"),
    (["simulate", "tiny", "-o", "length=4"], "option length: '4' is not allowed; allowed: 3, 5, 8"),
    (["simulate", "tiny", "-o", "extras=a,z"], "option extras: unknown value 'z'; allowed: a, b"),
    (["simulate", "tiny", "-o", "length"], "--option expects KEY=VALUE, got 'length'"),
    (["simulate", "tiny", "--games", "0"], "--games must be at least 1, got 0"),
    (["simulate", "tiny", "--games", "-5"], "--games must be at least 1, got -5"),
    (["simulate", "tiny", "--jobs", "0"], "--jobs must be at least 1, got 0"),
    (["simulate", "tiny", "--seed", "-1"], "--seed must be a non-negative integer"),
    (["simulate", "tiny", "--games", "x"], "'x' is not a valid integer"),
    (["simulate", "tiny", "--format", "xml"], "'xml' is not one of 'csv', 'csv.gz', 'parquet'"),
    (["replay", "tiny", "--seed", "1", "--game-index", "-1"], "--game-index must be a non-negative integer"),
    (["replay", "tiny", "--seed", "1"], "Missing option '--game-index'"),
    (["list", "options", "chess"], "unknown game 'chess'"),
    (["summarize", "/no/such/dir"], "no games.csv, games.csv.gz, games.parquet in /no/such/dir"),
    (["bench", "chess"], "unknown game 'chess'"),
])
def test_bad_input_is_one_line_and_exit_code_2(capsys, tmp_path, args, message):
    code, out, err = run_cli(capsys, *args, *(["--out", tmp_path / "o"] if args[0] == "simulate" else []))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("automa-sim: error: ") and message in err
    assert not (tmp_path / "o").exists()


def test_unwritable_and_existing_output_directories(capsys, tmp_path):
    (tmp_path / "file").write_text("")
    code, _, err = simulate(capsys, tmp_path / "file" / "sub")
    assert code == 2 and err.startswith(f"automa-sim: error: cannot write output directory {tmp_path}")
    simulate(capsys, tmp_path / "r")
    code, _, err = simulate(capsys, tmp_path / "r")
    assert code == 2 and "already exists; use --force" in err and err.count("\n") == 1


def test_broken_data_file_fails_before_any_output(capsys, tmp_path):
    (tmp_path / "deck.txt").write_text("1\n2\nthree\n")
    code, _, err = simulate(capsys, tmp_path / "r", "-o", f"deck={tmp_path / 'deck.txt'}")
    assert code == 2 and "deck file" in err and "'three'" in err and err.count("\n") == 1
    assert not (tmp_path / "r").exists()


def test_replay_prints_the_log_and_final_scores_of_the_row(capsys, tmp_path):
    simulate(capsys, tmp_path / "r", "-o", "length=3")
    row = read_games(tmp_path / "r" / "games.csv").iloc[17]
    code, out, _ = run_cli(capsys, "replay", "tiny", "--seed", 4, "--game-index", 17, "-o", "length=3")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3 * 3 + 1
    assert lines[1].startswith("automa_card") and lines[1].endswith("[TINY-AUT-1]")
    assert lines[-1] == (f"final          player={row.player_score} automa={row.automa_score} "
                         f"margin={row.margin} winner={row.winner} rounds=3 turns=3 | player: "
                         f"dice={row.player_dice} bonus={row.player_bonus} | automa: "
                         f"dice={row.automa_dice} bonus={row.automa_bonus}")
    code, out, _ = run_cli(capsys, "replay", "tiny", "--seed", 4, "-i", 17, "-o", "length=3", "--json")
    events = [json.loads(line) for line in out.splitlines()]
    assert events[0] == {"kind": "roll", "round": 1, "dice": events[0]["dice"], "kept": events[0]["kept"]}
    assert events[-1]["kind"] == "final" and events[-1]["margin"] == row.margin


def test_replay_of_a_failed_game_shows_the_error(capsys):
    code, out, _ = run_cli(capsys, "replay", "tiny", "--seed", 1, "-i", 0, "-o", "crash_rate=100")
    assert code == 1 and out.splitlines()[-1] == "error          RuntimeError: the dice fell off the table"


def test_list_commands(capsys):
    code, out, _ = run_cli(capsys, "list", "games")
    assert code == 0 and "tiny         Tiny dice (a test game)" in out.splitlines()
    code, out, _ = run_cli(capsys, "list", "strategies", "tiny")
    assert out.splitlines() == ["high             Keeps the highest die. (default)",
                                "first            Keeps the first die."]
    code, out, _ = run_cli(capsys, "list", "options", "tiny")
    assert "length  (default: 5; allowed: 3|5|8)\n    rounds to play [TINY-1]\n" in out
    assert "extras  (default: ''; allowed: any of a,b)" in out


def test_summarize_recomputes_the_summary(capsys, tmp_path):
    simulate(capsys, tmp_path / "r", "-o", "crash_rate=10")
    code, out, _ = run_cli(capsys, "summarize", tmp_path / "r")
    assert code == 0 and out == (tmp_path / "r" / "summary.csv").read_text()
    code, out, _ = run_cli(capsys, "summarize", tmp_path / "r" / "games.csv", "--by", "winner", "--by", "strategy")
    assert out.splitlines()[0].startswith("winner,strategy,games,player_wins,ties,win_rate,win_rate_lo")
    assert len(out.splitlines()) == 1 + 4  # automa, player, tie and the failed games


def test_summarize_reads_parquet(capsys, tmp_path):
    simulate(capsys, tmp_path / "p", "--format", "parquet")
    simulate(capsys, tmp_path / "c")
    assert run_cli(capsys, "summarize", tmp_path / "p")[1] == run_cli(capsys, "summarize", tmp_path / "c")[1]


def test_bench_prints_a_table(capsys):
    code, out, _ = run_cli(capsys, "bench", "tiny", "--games", 40)
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["game", "strategy", "games", "games/s", "1", "proc",
                                              "games/s", "2", "procs", "speedup", "errors"]
    assert [line.split()[:3] for line in lines[2:]] == [["tiny", "high", "40"], ["tiny", "first", "40"]]


def subprocess_cli(*args, **kwargs):
    return subprocess.Popen([sys.executable, "-m", "tests.core.tinycli", *map(str, args)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_finished_rows(tmp_path, jobs):
    out = tmp_path / "r"
    proc = subprocess_cli("simulate", "tiny", "--games", 100000, "--seed", 3, "--jobs", jobs,
                          "--out", out, "-o", "delay_ms=2")
    deadline = time.monotonic() + 30
    while not ((out / "games.csv").exists() and (out / "games.csv").stat().st_size > 20000):
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    manifest = json.loads((out / "manifest.json").read_text())
    table = read_games(out / "games.csv")
    assert manifest["interrupted"] is True and 0 < len(table) < 100000
    assert manifest["games_done"] == len(table) and list(table.game_index) == list(range(len(table)))
    assert (table.error == "").all() and "INTERRUPTED" in stdout and "Traceback" not in stderr
    assert pd.read_csv(out / "summary.csv").games.item() == len(table)


def test_python_cli_py_works_from_a_checkout():
    result = subprocess.run([sys.executable, "cli.py", "list", "games"], cwd=ROOT, capture_output=True,
                            text=True, env={**os.environ, "PYTHONPATH": ""})
    assert result.returncode == 0 and result.stdout.startswith("rurik")
