"""The command line: every command, its help, its exit codes and one-line errors, Ctrl-C."""
import io
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
from automa.core.registry import get_game
from automa.core.results import read_games
from automa.analysis.stats import rounded

ROOT = Path(__file__).resolve().parents[2]


def run_cli(capsys, *args):
    """Run ``automa-sim ARGS`` in-process: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as exc:
        cli.main([str(a) for a in args])
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


def usage_error(capsys, *args) -> str:
    """Run ``automa-sim ARGS``, which must fail with one line on stderr and exit code 2; that line."""
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and err.count("\n") == 1 and err.startswith("automa-sim: error: "), (code, err)
    return err


def simulate(capsys, out, *args):
    return run_cli(capsys, "simulate", "tiny", "--games", 200, "--seed", 4, "--out", out, *args)


@pytest.mark.parametrize("command", [[], ["simulate"], ["replay"], ["list"], ["list", "games"],
                                     ["list", "strategies"], ["list", "options"], ["rules"], ["rules", "template"],
                                     ["summarize"], ["compare"], ["bench"], ["review"], ["rate"], ["learn"]])
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


def test_runs_started_in_the_same_second_get_their_own_default_folders(capsys, tmp_path, monkeypatch):
    from datetime import datetime

    from automa.run import inputs
    from tests.core.test_sweep import write_spec

    class Frozen(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime(2025, 1, 1, 12, 0, 0)

    monkeypatch.setattr(inputs, "datetime", Frozen)
    monkeypatch.chdir(tmp_path)
    for _ in range(3):
        assert run_cli(capsys, "simulate", "tiny", "--games", 10, "--jobs", 1, "--seed", 1)[0] == 0
    spec = write_spec(tmp_path, name="grid.toml")
    for _ in range(2):
        assert run_cli(capsys, "sweep", spec, "--games", 5, "--jobs", 1, "--quiet")[0] == 0
    names = sorted(p.name for p in (tmp_path / "results").iterdir())
    assert names == ["grid-20250101-120000", "grid-20250101-120000-2",
                     "tiny-20250101-120000", "tiny-20250101-120000-2", "tiny-20250101-120000-3"]
    assert all((tmp_path / "results" / n / "games.csv").is_file() for n in names)


def test_a_run_whose_setup_fails_leaves_no_default_folder(capsys, tmp_path, monkeypatch):
    pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install '.[cluster]'")
    from automa.run import backends
    from tests.core.test_backends import free_port

    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", 1)
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, "simulate", "tiny", "--games", 10, "--backend", "dask", "--scheduler",
                           f"tcp://127.0.0.1:{free_port()}")
    assert code == 2 and "cannot connect to dask scheduler" in err
    assert list((tmp_path / "results").iterdir()) == []


def test_fresh_seed_is_printed_recorded_and_replayable(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "simulate", "tiny", "--games", 20, "--jobs", 1, "--out", tmp_path / "f")
    seed = json.loads((tmp_path / "f" / "manifest.json").read_text())["seed"]
    assert code == 0 and f"seed {seed};" in out and int(seed) > 2**64
    row = read_games(tmp_path / "f" / "games.csv", get_game).iloc[9]
    assert row.seed == seed
    code, out, _ = run_cli(capsys, "replay", "tiny", "--seed", seed, "--game-index", 9)
    assert f"player={row.player_score} automa={row.automa_score} margin={row.margin}" in out


def test_force_overwrites_and_drops_stale_files(capsys, tmp_path):
    simulate(capsys, tmp_path / "r")
    code, _, _ = simulate(capsys, tmp_path / "r", "--force", "--format", "parquet")
    assert code == 0 and sorted(p.name for p in (tmp_path / "r").iterdir()) == [
        "games.parquet", "manifest.json", "summary.csv"]


def test_force_refuses_a_folder_with_files_a_run_does_not_write(capsys, tmp_path):
    simulate(capsys, tmp_path / "r")
    (tmp_path / "r" / "notes.txt").write_text("mine")
    before = sorted(p.name for p in (tmp_path / "r").iterdir())
    code, out, err = simulate(capsys, tmp_path / "r", "--force")
    assert code == 2 and out == "" and err == (
        f"automa-sim: error: output directory {tmp_path / 'r'} holds files a run does not write (notes.txt); "
        f"--force replaces only a run's outputs: choose another --out\n")
    assert sorted(p.name for p in (tmp_path / "r").iterdir()) == before
    assert (tmp_path / "r" / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize("args, message", [
    (["simulate", "chess"], "unknown game 'chess'; known games: rurik, stroganov, root, tiny"),
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
    (["replay", "tiny", "--seed", "1"], "replay GAME or DIR needs --game-index"),
    (["list", "options", "chess"], "unknown game 'chess'"),
    (["summarize", "/no/such/dir"], "no games.csv, games.csv.gz, games.parquet in /no/such/dir"),
    (["bench", "chess"], "unknown game 'chess'"),
    (["play"], "play needs GAME (or --load FILE)"),
    (["play", "rurik", "-o", "difficulty=9"], "option difficulty: 9 is not allowed; allowed: 1, 2, 3, 4, as the "
                                               "packaged automa defines (RK-REB-SETUP-4)"),
    (["play", "rurik", "--seed", "-2"], "--seed must be a non-negative integer"),
    (["play", "rurik", "--hint-strategy", "zz"], "unknown strategy 'zz' for game rurik"),
    (["play", "tiny"], "game tiny cannot be played at the keyboard"),
    (["play", "--load", "/no/such/game.json"], "cannot read saved game /no/such/game.json"),
    (["play", "rurik", "--load", "/no/such/game.json"], "--load FILE takes the game, seed and options"),
    (["replay", "README.md"], "README.md: not a saved game (not JSON"),
])
def test_bad_input_is_one_line_and_exit_code_2(capsys, tmp_path, args, message):
    code, out, err = run_cli(capsys, *args, *(["--out", tmp_path / "o"] if args[0] == "simulate" else []))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("automa-sim: error: ") and message in err
    assert not (tmp_path / "o").exists()


def test_games_that_raised_are_counted_on_stderr(capsys, tmp_path):
    code, out, err = simulate(capsys, tmp_path / "some", "-o", "crash_rate=10")
    errors = json.loads((tmp_path / "some" / "manifest.json").read_text())["errors"]
    assert code == 0 and 0 < errors < 200 and f"· {errors} error{'s' if errors != 1 else ''}" in out
    assert err == (f"automa-sim: warning: {errors} of 200 games raised an error; see the error column of "
                   f"{tmp_path / 'some' / 'games.csv'}\n")


def test_a_run_in_which_every_game_raised_fails(capsys, tmp_path):
    code, out, err = simulate(capsys, tmp_path / "all", "-o", "crash_rate=100")
    assert code == 1 and "nan" not in out and "no game finished: every game raised an error" in out
    assert err == (f"automa-sim: error: every one of the 200 games raised an error; see the error column of "
                   f"{tmp_path / 'all' / 'games.csv'}\n")


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
    row = read_games(tmp_path / "r" / "games.csv", get_game).iloc[17]
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
                                "first            Keeps the first die.",
                                "(automa-sim list strategies tiny --long: each strategy's parameters)"]
    code, out, _ = run_cli(capsys, "list", "strategies", "tiny", "--long")
    assert out.splitlines() == ["high             Keeps the highest die. (default)",
                                "first            Keeps the first die."]
    code, out, _ = run_cli(capsys, "list", "options", "tiny")
    assert "length  (default: 5; allowed: 3|5|8)\n    rounds to play [TINY-1]\n" in out
    assert "extras  (default: \"\"; allowed: any of a,b)" in out


def test_list_options_prints_defaults_as_typed_and_as_json(capsys):
    code, out, _ = run_cli(capsys, "list", "options", "stroganov")
    assert code == 0 and "default: True" not in out and "default: False" not in out and "default: '" not in out
    assert re.search(r"^\w+  \(default: (true|false); allowed: true\|false\)$", out, re.M)
    code, out, _ = run_cli(capsys, "list", "options", "tiny", "--format", "json")
    options = json.loads(out)
    assert code == 0 and [o["name"] for o in options][:2] == ["length", "variant"]
    assert options[0] == {"name": "length", "type": "int", "default": "5", "allowed": ["3", "5", "8"],
                          "help": "rounds to play", "ref": "TINY-1"}
    assert options[2]["default"] == "" and options[4]["allowed"] is None


def test_summarize_recomputes_the_summary(capsys, tmp_path):
    simulate(capsys, tmp_path / "r", "-o", "crash_rate=10")
    code, out, _ = run_cli(capsys, "summarize", tmp_path / "r", "--format", "csv")
    written = pd.read_csv(tmp_path / "r" / "summary.csv", keep_default_na=False)
    assert code == 0 and pd.read_csv(io.StringIO(out), keep_default_na=False).equals(rounded(written))
    code, out, _ = run_cli(capsys, "summarize", tmp_path / "r" / "games.csv", "--by", "winner", "--by", "strategy",
                           "--format", "csv")
    assert out.splitlines()[0].startswith("winner,strategy,games,player_wins,ties,win_rate,win_rate_lo")
    assert len(out.splitlines()) == 1 + 4  # automa, player, tie and the failed games


def test_summarize_prints_a_rounded_table_by_default_and_json_on_request(capsys, tmp_path):
    simulate(capsys, tmp_path / "r", "-o", "variant=bonus")
    summary = pd.read_csv(tmp_path / "r" / "summary.csv").iloc[0]
    code, out, _ = run_cli(capsys, "summarize", tmp_path / "r")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "every row: strategy=high, variant=bonus"  # options at defaults not named
    assert lines[1].split()[:5] == ["games", "player_wins", "win_rate", "95%", "CI"]
    assert lines[3].split()[:3] == ["200", str(summary.player_wins), f"{summary.win_rate:.1%}"]
    assert f"{summary.margin_mean:+.2f}" in lines[3] and len(lines) == 4
    code, out, _ = run_cli(capsys, "summarize", tmp_path / "r", "--format", "json")
    (record,) = json.loads(out)
    assert record["games"] == 200 and record["variant"] == "bonus"
    floats = [v for v in record.values() if isinstance(v, float)]
    assert floats and all(v == round(v, 4) for v in floats) and record["win_rate"] == round(summary.win_rate, 4)


def test_summarize_by_cell_keeps_the_order_of_the_cells(capsys, tmp_path):
    simulate(capsys, tmp_path / "r")
    games = pd.read_csv(tmp_path / "r" / "games.csv", dtype=str, keep_default_na=False)
    cells = pd.concat([games.assign(cell=name) for name in ("zeta", "alpha", "mid")])
    cells[["cell", *games.columns]].to_csv(tmp_path / "cells.csv", index=False)
    code, out, _ = run_cli(capsys, "summarize", tmp_path / "cells.csv", "--by", "cell", "--format", "csv")
    assert code == 0 and pd.read_csv(io.StringIO(out))["cell"].tolist() == ["zeta", "alpha", "mid"]
    code, out, _ = run_cli(capsys, "summarize", tmp_path / "cells.csv", "--by", "cell")
    assert [line.split()[0] for line in out.splitlines()[2:]] == ["zeta", "alpha", "mid"]


def test_summarize_reads_parquet(capsys, tmp_path):
    simulate(capsys, tmp_path / "p", "--format", "parquet")
    simulate(capsys, tmp_path / "c")
    assert run_cli(capsys, "summarize", tmp_path / "p")[1] == run_cli(capsys, "summarize", tmp_path / "c")[1]


@pytest.mark.parametrize("name, make, message", [
    ("junk.csv", lambda run: "a,b\n1,2\n", "not a games file (no 'game' column)"),
    ("notes.txt", lambda run: "hello\nworld\n", "not a games file (no 'game' column)"),
    ("summary.csv", lambda run: (run / "summary.csv").read_text(), "not a games file (no 'game' column)"),
    ("manifest.json", lambda run: (run / "manifest.json").read_text(), "not a games file"),
    ("empty.csv", lambda run: "", "cannot read it as a games file"),
    ("binary.csv", lambda run: b"\xc3\x28\xff\x00" * 50, "cannot read it as a games file"),
    ("junk.parquet", lambda run: b"PAR1 not really", "cannot read it as a games file"),
    ("cut.csv", lambda run: "".join(line.rsplit(",", 3)[0] + "\n" for line in (run / "games.csv").open()),
     "not a games file of tiny (no 'rounds' column)"),
    ("bad.csv", lambda run: (run / "games.csv").read_text().replace("tiny,0,4,high,5,", "tiny,0,4,high,five,"),
     "column length: not int64 values"),
])
def test_summarize_of_a_file_that_is_not_a_games_file_is_one_line(capsys, tmp_path, name, make, message):
    simulate(capsys, tmp_path / "r")
    content = make(tmp_path / "r")
    path = tmp_path / name
    path.write_bytes(content) if isinstance(content, bytes) else path.write_text(content)
    code, out, err = run_cli(capsys, "summarize", path)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"automa-sim: error: {path}: ") and message in err, err


def test_bench_prints_a_table(capsys):
    code, out, _ = run_cli(capsys, "bench", "tiny", "--games", 40)
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["game", "strategy", "games", "games/s", "1", "proc",
                                              "games/s", "2", "procs", "speedup", "errors"]
    assert [line.split()[:3] for line in lines[2:]] == [["tiny", "high", "40"], ["tiny", "first", "40"]]


def test_bench_shows_slow_rates_with_three_digits():
    """A search player's games/s (well under 1) is not rounded to 0."""
    from automa.run.bench import _cell
    assert [_cell(v, "games/s 1 proc") for v in (0.0437, 4.5, 57.25, 1234.6)] == ["0.0437", "4.5", "57.2", "1,235"]
    assert _cell(1.953, "speedup") == "1.95" and _cell(40, "games") == "40"


def test_bench_measures_only_the_strategy_given_and_shows_progress(capsys):
    code, out, err = run_cli(capsys, "bench", "tiny", "--games", 20, "--strategy", "first")
    assert code == 0 and [line.split()[:3] for line in out.splitlines()[2:]] == [["tiny", "first", "20"]]
    assert err == "bench tiny first (1/1): 20 games...\n"


def test_bench_overhead_times_a_new_simulate_process_against_bench():
    """bench --overhead measures what issue 13's whole-run target compares: a new `automa-sim simulate
    -j 1` process, startup included, against bench's one-process games/s (and the engine loop and an
    in-process run beside them)."""
    from automa.run.bench import OVERHEAD_COLUMNS, overhead, overhead_table

    row = overhead("stroganov", "random", 4, repeat=1)
    assert list(row) == list(OVERHEAD_COLUMNS) and row["games"] == 4
    assert all(row[c] > 0 for c in OVERHEAD_COLUMNS[3:])
    assert row["cli/bench"] == row["rows/s cli"] / row["rows/s bench"]
    assert overhead_table([row]).splitlines()[0].split() == ["game", "strategy", "games"] + [
        "rows/s", "engine", "rows/s", "bench", "rows/s", "run", "rows/s", "cli", "cli/bench"]


def test_bench_plays_the_options_given_for_one_game(capsys):
    """bench GAME -o KEY=VALUE measures that game with those options (Root with its modules on, issue 34);
    a bad value stops it before any game, and an option needs exactly one game."""
    code, out, _ = run_cli(capsys, "bench", "root", "--games", 2, "--strategy", "random", "-o", "map=mountain")
    assert code == 0 and out.splitlines()[2].split()[:3] == ["root", "random", "2"]
    code, out, err = run_cli(capsys, "bench", "root", "--games", 2, "-o", "map=autumn")
    assert code == 2 and out == "" and err.startswith("automa-sim: error: ") and "autumn" in err
    code, out, err = run_cli(capsys, "bench", "tiny", "root", "-o", "map=lake")
    assert code == 2 and err == "automa-sim: error: --option needs exactly one GAME: an option is a game's\n"


@pytest.mark.parametrize("seconds", ["-1", "0"])
def test_bench_rejects_a_time_that_is_not_positive(capsys, seconds):
    code, out, err = run_cli(capsys, "bench", "tiny", "--seconds", seconds)
    assert code == 2 and out == "" and err == f"automa-sim: error: --seconds must be above 0, got {float(seconds)}\n"


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
    table = read_games(out / "games.csv", get_game)
    assert manifest["interrupted"] is True and 0 < len(table) < 100000
    assert manifest["games_done"] == len(table) and list(table.game_index) == list(range(len(table)))
    assert (table.error == "").all() and "Traceback" not in stderr
    assert f"INTERRUPTED after {len(table)} of 100000 games; finished rows kept; continue with: " \
           f"automa-sim simulate --resume {out}" in stdout
    assert pd.read_csv(out / "summary.csv").games.item() == len(table)


def test_python_cli_py_works_from_a_checkout():
    result = subprocess.run([sys.executable, "cli.py", "list", "games"], cwd=ROOT, capture_output=True,
                            text=True, env={**os.environ, "PYTHONPATH": ""})
    assert result.returncode == 0 and result.stdout.startswith("rurik")


@pytest.mark.parametrize("words, incomplete, expected", [
    (["simulate"], "ti", ["tiny"]),
    (["list", "options"], "", ["rurik", "stroganov", "root", "tiny"]),
    (["simulate", "tiny", "--strategy"], "", ["high", "first"]),
    (["replay", "tiny", "--seed", "1", "-s"], "f", ["first"]),
    (["bench", "tiny", "--strategy"], "h", ["high"]),
    (["simulate", "tiny", "-o"], "l", ["length="]),
    (["simulate", "tiny", "--option"], "variant=", ["variant=plain", "variant=bonus"]),
    (["calibrate", "tiny", "-o"], "length=8", ["length=8"]),
    (["simulate", "--strategy"], "", []),  # no game yet: nothing to offer
])
def test_shell_completion_of_games_strategies_and_options(words, incomplete, expected):
    from click.shell_completion import ZshComplete

    complete = ZshComplete(cli.app, {}, "automa-sim", "_AUTOMA_SIM_COMPLETE")
    assert [item.value for item in complete.get_completions(words, incomplete)] == expected


def test_shell_completion_is_wired_to_the_command():
    env = os.environ | {"_AUTOMA_SIM_COMPLETE": "zsh_complete", "COMP_WORDS": "automa-sim simulate tiny -s fi",
                        "COMP_CWORD": "4"}
    done = subprocess.run([sys.executable, "-m", "tests.core.tinycli"], cwd=ROOT, env=env, capture_output=True,
                          text=True)
    assert done.returncode == 0 and done.stdout.split("\n")[:2] == ["plain", "first"]


def test_replay_a_game_of_a_results_folder_takes_seed_strategy_and_options_from_its_manifest(capsys, tmp_path):
    simulate(capsys, tmp_path / "r", "--strategy", "first", "-o", "variant=bonus", "-o", "length=3")
    row = read_games(tmp_path / "r" / "games.csv", get_game).iloc[33]
    code, out, _ = run_cli(capsys, "replay", tmp_path / "r", "--game-index", 33)
    by_flags = run_cli(capsys, "replay", "tiny", "--seed", 4, "-i", 33, "-s", "first", "-o", "variant=bonus",
                       "-o", "length=3")[1]
    assert code == 0 and out == by_flags
    assert f"final          player={row.player_score} automa={row.automa_score} margin={row.margin} " in out


def test_replay_a_game_of_a_sweep_cell(capsys, tmp_path):
    from tests.core.test_sweep import write_spec

    run_cli(capsys, "sweep", write_spec(tmp_path), "--out", tmp_path / "s", "--jobs", 1, "--games", 20)
    games = read_games(tmp_path / "s" / "games.csv", get_game)
    row = games[(games.cell == "first length=3 variant=bonus") & (games.game_index == 7)].iloc[0]
    code, out, _ = run_cli(capsys, "replay", tmp_path / "s", "--cell", "first length=3 variant=bonus", "-i", 7)
    assert code == 0 and f"player={row.player_score} automa={row.automa_score} margin={row.margin} " in out
    code, _, err = run_cli(capsys, "replay", tmp_path / "s", "-i", 7)
    assert code == 2 and "is a sweep: give --cell, one of: 'first length=3 variant=plain'" in err


@pytest.mark.parametrize("args, message", [
    (["--seed", 4, "-i", 1], "replay DIR takes the run's settings from {dir}/manifest.json; drop --seed"),
    (["-o", "length=3", "-i", 1], "replay DIR takes the run's settings from {dir}/manifest.json; drop --option"),
    (["-i", 200], "--game-index 200: the run in {dir} has games 0..199"),
    (["-i", 1, "--cell", "x"], "--cell: {dir} is a simulate run, not a sweep"),
])
def test_replay_of_a_results_folder_rejects_run_settings(capsys, tmp_path, args, message):
    simulate(capsys, tmp_path / "r")
    code, out, err = run_cli(capsys, "replay", tmp_path / "r", *args)
    assert code == 2 and out == "" and err == f"automa-sim: error: {message.format(dir=tmp_path / 'r')}\n"


def test_replay_of_a_game_needs_a_seed(capsys):
    code, _, err = run_cli(capsys, "replay", "tiny", "-i", 1)
    assert code == 2 and err == "automa-sim: error: replay GAME needs --seed (or give the run's results DIR)\n"


def test_a_run_of_one_game_says_one_game(capsys, tmp_path):
    """Counts in words: "1 game", "0 errors" (issue 29's plurals)."""
    code, out, _ = run_cli(capsys, "simulate", "tiny", "--games", 1, "--seed", 1, "--out", tmp_path / "one")
    assert code == 0 and "· 1 game in " in out and "· 0 errors" in out


@pytest.mark.parametrize("keep", ["half", "no line end"])
@pytest.mark.parametrize("command", ["summarize", "compare", "report", "rate"])
def test_a_games_file_cut_mid_row_is_one_line_naming_the_row(capsys, tmp_path, command, keep):
    simulate(capsys, tmp_path / "r", "--quiet")
    path = tmp_path / "r" / "games.csv"
    text = path.read_text()
    last = text.splitlines()[-1]
    path.write_text(text[:-len(last) // 2 - 1] if keep == "half" else text[:-1])
    args = [tmp_path / "r"] * (2 if command == "compare" else 1)
    err = usage_error(capsys, command, *args)
    assert f"{path}: row 200 (line 201) is cut short" in err


def test_a_gzipped_games_file_cut_short_is_one_line(capsys, tmp_path):
    simulate(capsys, tmp_path / "r", "--quiet", "--format", "csv.gz")
    path = tmp_path / "r" / "games.csv.gz"
    path.write_bytes(path.read_bytes()[:-20])
    assert "cannot read it as a games file" in usage_error(capsys, "summarize", tmp_path / "r")


@pytest.mark.parametrize("command", [["simulate", "tiny", "--games", 2, "--out"], ["replay", "tiny", "--seed", 1,
                                     "--game-index", 0], ["sensitivity", "tiny", "--out"], ["ladder", "tiny", "--out"],
                                     ["calibrate", "tiny", "--strategy", "high", "--target", 0.5, "--out"],
                                     ["tune", "tiny", "high", "--out"], ["play", "tiny"]])
def test_an_option_given_twice_is_one_line_naming_it(capsys, tmp_path, command):
    args = [*command, tmp_path / "o"] if command[-1] == "--out" else command
    err = usage_error(capsys, *args, "-o", "variant=bonus", "-o", "variant=plain")
    assert "--option variant given twice (variant=bonus, variant=plain)" in err


def test_a_set_option_given_twice_accumulates(capsys, tmp_path):
    code, _, err = simulate(capsys, tmp_path / "r", "--games", 2, "-o", "extras=b", "-o", "extras=a", "--quiet")
    assert code == 0, err
    assert set(read_games(tmp_path / "r" / "games.csv", get_game("tiny"))["extras"]) == {"a,b"}


def test_option_help_says_a_set_option_accumulates(capsys):
    _, out, _ = run_cli(capsys, "simulate", "--help")
    assert "accumulate" in " ".join(out.split())


@pytest.mark.parametrize("args, hint", [
    (["simulate", "tinny"], "unknown game 'tinny' (did you mean 'tiny'?)"),
    (["simulate", "tiny", "--strategy", "hihg"], "unknown strategy 'hihg' for game tiny (did you mean 'high'?)"),
    (["simulate", "tiny", "-o", "varaint=bonus"], "unknown option 'varaint' for game tiny (did you mean 'variant'?)"),
    (["simulate", "tiny", "-o", "variant=bonnus"], "option variant: 'bonnus' is not allowed (did you mean 'bonus'?)"),
    (["simulate", "stroganov", "-o", "modules=diplomcy"],
     "option modules: unknown value 'diplomcy' (did you mean 'diplomacy'?)"),
])
def test_an_unknown_name_gets_a_did_you_mean(capsys, tmp_path, args, hint):
    assert hint in usage_error(capsys, *args, "--games", 1, "--out", tmp_path / "o")


@pytest.mark.parametrize("command", ["simulate", "sweep", "sensitivity", "ladder"])
def test_an_interrupted_run_ends_with_its_resume_command(capsys, tmp_path, command):
    from types import SimpleNamespace

    outcome = SimpleNamespace(out=tmp_path / "r", manifest={"errors": 0, "games_done": 5, "interrupted": True})
    with pytest.raises(SystemExit) as exc:
        cli.finish(outcome, command)
    assert exc.value.code == 130
    assert capsys.readouterr().out.splitlines()[-1] == f"automa-sim {command} --resume {tmp_path / 'r'}"


def test_ctrl_c_of_simulate_ends_with_its_resume_command(tmp_path):
    out = tmp_path / "r"
    proc = subprocess_cli("simulate", "tiny", "--games", 100000, "--seed", 3, "--jobs", 1, "--out", out, "-o", "delay_ms=2")
    deadline = time.monotonic() + 30
    while not ((out / "games.csv").exists() and (out / "games.csv").stat().st_size > 5000):
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    assert stdout.splitlines()[-1] == f"automa-sim simulate --resume {out}"
