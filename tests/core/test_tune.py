"""``automa-sim tune``: determinism whatever the jobs or backend, resume, the held-out confirmation, target
mode and bad input (automa.studies.tune)."""
from __future__ import annotations

import csv
import io
import json

import numpy as np
import pandas as pd
import pytest

from automa.studies import tune as tuning
from automa.analysis.paired import interval
from automa.core.registry import get_game
from automa.core.results import read_games
from automa.core.intervals import wilson
from automa.studies.tune_plan import default_batch, default_range
from tests.core.test_backends import cluster  # noqa: F401  (the fixture)
from tests.core.test_cli import run_cli

P = "tests.core.tinygame:Picky"
# Rurik expert, two weights, 5 candidates in batches of 3 (the last batch cut short), 8 games a trial
RURIK = ["rurik", "expert", "--param", "kill=1:3", "--param", "deny=0:2", "--batch", "3", "--games", "8",
         "--confirm-games", "12", "--seed", "3", "--quiet"]
FILES = ("trials.csv", "best.txt", "confirm.csv", "confirm-games.csv")


def tune(capsys, out, *args):
    return run_cli(capsys, "tune", *args, "--out", out)


def files(out) -> dict[str, str]:
    return {name: (out / name).read_text() for name in FILES}


def trials(out) -> list[dict]:
    return list(csv.DictReader(io.StringIO((out / "trials.csv").read_text())))


def test_the_same_seed_gives_the_same_trials_for_any_jobs(capsys, tmp_path):
    """Serial, 2 processes: identical trials.csv, best string and confirmation; the start is trial 0;
    every candidate stays in its range and is written as the --strategy string that plays it."""
    code, out, err = tune(capsys, tmp_path / "a", *RURIK, "--trials", 5, "--jobs", 1)
    assert code == 0, err
    assert tune(capsys, tmp_path / "b", *RURIK, "--trials", 5, "--jobs", 2)[0] == 0
    assert files(tmp_path / "a") == files(tmp_path / "b")
    rows = trials(tmp_path / "a")
    assert [r["trial"] for r in rows] == ["0", "1", "2", "3", "4", "5"]
    assert [r["batch"] for r in rows] == ["0", "1", "1", "1", "2", "2"]
    assert rows[0]["strategy"] == "expert" and (rows[0]["kill"], rows[0]["deny"]) == ("2.0", "1.3")
    for r in rows[1:]:
        assert 1 <= float(r["kill"]) <= 3 and 0 <= float(r["deny"]) <= 2
        assert r["strategy"] == f"expert(kill={float(r['kill']):g},deny={float(r['deny']):g})"
    assert len({r["strategy"] for r in rows}) == 6
    best = max(rows, key=lambda r: float(r["objective"]))
    assert (tmp_path / "a" / "best.txt").read_text() == best["strategy"] + "\n"
    assert f"--strategy '{best['strategy']}'" in out
    assert (tmp_path / "a" / "plots" / "progress.png").stat().st_size > 1000
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert manifest["kind"] == "tune" and manifest["complete"] and manifest["trials_done"] == 5
    assert manifest["optimiser"]["library"] == "cma" and manifest["params"] == ["kill=1.0:3.0", "deny=0.0:2.0"]


def test_every_trial_plays_the_tuning_deals_as_simulate_does(capsys, tmp_path):
    """A trial's figures are those of `simulate` with its strategy on games 0..N-1 of the seed: every
    trial plays the same deals (common random numbers)."""
    assert tune(capsys, tmp_path / "t", *RURIK, "--trials", 2, "--jobs", 1)[0] == 0
    for r in trials(tmp_path / "t"):
        code, _, _ = run_cli(capsys, "simulate", "rurik", "--games", 8, "--seed", 3, "--strategy", r["strategy"],
                             "--jobs", 1, "--quiet", "--out", tmp_path / r["trial"])
        games = read_games(tmp_path / r["trial"] / "games.csv", get_game)
        assert code == 0 and set(games["strategy"]) == {r["strategy"]}
        assert float(r["margin_mean"]) == games["margin"].mean() == float(r["objective"])
        assert int(r["wins"]) == (games["winner"] == "player").sum()


def test_the_confirmation_plays_fresh_deals_paired(capsys, tmp_path):
    """The confirmation plays games N..N+C-1, none of the tuning deals, for the start and the best, the
    same indices for both; its interval is the paired one over those games, and they are the games
    `simulate` plays at those indices."""
    assert tune(capsys, tmp_path / "t", *RURIK, "--trials", 5, "--jobs", 2)[0] == 0
    games = read_games(tmp_path / "t" / "confirm-games.csv", get_game)
    start, best = (games[games["cell"] == c].set_index("game_index") for c in ("start", "best"))
    assert list(start.index) == list(best.index) == list(range(8, 20))     # tuning deals are 0..7
    confirm = next(csv.DictReader(io.StringIO((tmp_path / "t" / "confirm.csv").read_text())))
    assert confirm["best_strategy"] == (tmp_path / "t" / "best.txt").read_text().strip()
    assert set(best["strategy"]) == {confirm["best_strategy"]} and set(start["strategy"]) == {"expert"}
    mean, lo, hi = interval((best["margin"] - start["margin"]).to_numpy(dtype=float))
    assert (float(confirm["margin_diff"]), float(confirm["margin_diff_lo"]), float(confirm["margin_diff_hi"])) \
        == pytest.approx((mean, lo, hi))
    assert lo < hi or (best["margin"] == start["margin"]).all()
    wins = (best["winner"] == "player").to_numpy(dtype=int) - (start["winner"] == "player").to_numpy(dtype=int)
    assert float(confirm["win_rate_diff"]) == pytest.approx(interval(wins)[0])
    assert int(confirm["pairs"]) == 12 and confirm["first_game"] == "8" and confirm["last_game"] == "19"
    run_cli(capsys, "simulate", "rurik", "--games", 20, "--seed", 3, "--strategy", confirm["best_strategy"],
            "--jobs", 1, "--quiet", "--out", tmp_path / "sim")
    sim = read_games(tmp_path / "sim" / "games.csv", get_game).set_index("game_index").loc[8:]
    assert list(sim["margin"]) == list(best["margin"]) and list(sim["winner"]) == list(best["winner"])


def test_a_stopped_run_resumes_to_the_same_files(capsys, monkeypatch, tmp_path):
    """Stopped by Ctrl-C while its second batch plays, or after a smaller --trials (mid-batch), a run
    resumed to 7 trials writes the same trials, best string and confirmation as one run of 7."""
    assert tune(capsys, tmp_path / "whole", *RURIK, "--trials", 7, "--jobs", 1)[0] == 0
    assert tune(capsys, tmp_path / "short", *RURIK, "--trials", 2, "--jobs", 1)[0] == 0
    assert len(trials(tmp_path / "short")) == 3
    code, _, err = run_cli(capsys, "tune", "--resume", tmp_path / "short", "--trials", 7, "--jobs", 2, "--quiet")
    assert code == 0, err
    assert files(tmp_path / "short") == files(tmp_path / "whole")

    real, calls = tuning.play, []

    def stop_in_the_second_batch(*args):
        calls.append(args)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args)

    with monkeypatch.context() as patch:
        patch.setattr(tuning, "play", stop_in_the_second_batch)
        code, out, _ = tune(capsys, tmp_path / "cut", *RURIK, "--trials", 7, "--jobs", 1)
    assert code == 130 and "automa-sim tune --resume" in out
    manifest = json.loads((tmp_path / "cut" / "manifest.json").read_text())
    assert manifest["interrupted"] and not manifest["complete"] and len(trials(tmp_path / "cut")) == 4
    assert run_cli(capsys, "tune", "--resume", tmp_path / "cut", "--quiet")[0] == 0
    assert files(tmp_path / "cut") == files(tmp_path / "whole")
    assert json.loads((tmp_path / "cut" / "manifest.json").read_text())["resumed"][0]["trials_done"] == 3
    code, _, err = run_cli(capsys, "tune", "--resume", tmp_path / "cut")
    assert code == 2 and "already complete" in err


def test_a_resumed_run_checks_the_recorded_trials(capsys, tmp_path):
    """A trials.csv that the optimiser does not ask again (another library version, an edited file) is
    refused in one line."""
    assert tune(capsys, tmp_path / "t", *RURIK, "--trials", 2, "--jobs", 1)[0] == 0
    path = tmp_path / "t" / "trials.csv"
    path.write_text(path.read_text().replace("expert(kill=", "expert(kill=9", 1))
    code, _, err = run_cli(capsys, "tune", "--resume", tmp_path / "t", "--trials", 4)
    assert code == 2 and "the optimiser now asks" in err and len(err.strip().splitlines()) == 1
    path.write_text(path.read_text() + "7,3,expert,x\n")
    code, _, err = run_cli(capsys, "tune", "--resume", tmp_path / "t", "--trials", 4)
    assert code == 2 and "line 5 of trials.csv is not a trial" in err


def test_a_dask_cluster_gives_the_same_trials(capsys, tmp_path, cluster):
    assert tune(capsys, tmp_path / "s", *RURIK, "--trials", 3, "--jobs", 1)[0] == 0
    code, _, err = tune(capsys, tmp_path / "d", *RURIK, "--trials", 3, "--backend", "dask", "--scheduler", cluster)
    assert code == 0, err
    assert files(tmp_path / "s") == files(tmp_path / "d")


def test_target_mode_seeks_a_win_rate_at_a_setting(capsys, tmp_path):
    """--target: the objective is minus the distance of the win rate from the target, at the --option
    setting; the best is the closest trial and the summary gives its fresh win rate with its interval."""
    code, out, err = tune(capsys, tmp_path / "t", "tiny", P, "--param", "rank=0:2", "--target", 0.4,
                          "--option", "length=3", "--trials", 6, "--batch", 3, "--games", 60, "--confirm-games", 100,
                          "--seed", 2, "--jobs", 1, "--quiet")
    assert code == 0, err
    rows = trials(tmp_path / "t")
    for r in rows:
        assert float(r["objective"]) == -abs(float(r["win_rate"]) - 0.4)
        assert r["strategy"] == f"{P}(rank={r['rank']},weight=1,then=high)"
    assert {r["rank"] for r in rows} >= {"0", "1"}
    best = max(rows, key=lambda r: float(r["objective"]))
    assert (tmp_path / "t" / "best.txt").read_text().strip() == best["strategy"]
    games = read_games(tmp_path / "t" / "confirm-games.csv", get_game)
    assert set(games["length"]) == {3}
    fresh = games[games["cell"] == "best"]
    lo, hi = wilson(int((fresh["winner"] == "player").sum()), len(fresh))
    assert f"[{lo:.1%}, {hi:.1%}]" in out and "a win rate of 40%" in out
    assert json.loads((tmp_path / "t" / "manifest.json").read_text())["options"] == {"length": 3}


def test_tuning_leaves_numpy_global_state_alone(capsys, tmp_path):
    np.random.seed(5)
    before = np.random.get_state()[1].copy()
    assert tune(capsys, tmp_path / "t", "tiny", P, "--param", "rank=0:2", "--trials", 3, "--batch", 3,
                "--games", 5, "--confirm-games", 5, "--seed", 1, "--jobs", 1, "--quiet")[0] == 0
    assert (np.random.get_state()[1] == before).all()


def test_default_ranges_cover_every_numeric_parameter_not_fixed():
    """Without --param: every numeric parameter the strategy text does not set, over 0 to twice a float's
    start and half to twice a whole number's, never below its smallest value; CMA-ES's batch 4 + 3 ln N."""
    from automa.core.params import Param
    from automa.studies.tune_plan import plan
    from strategies.rurik.expert import ExpertStrategy

    p = plan("rurik", "mcts(budget=8,c=0.5)", [], None, None, {}, 10, None, 10, 10, 1)
    assert [(d.name, d.low, d.high, d.start) for d in p.dims] == [("width", 1, 4, 2)]
    assert p.fixed == {"budget": "8", "c": "0.5"} and p.batch == default_batch(1) == 4
    # mc's width defaults to 0, "follow the budget" (strategies/search.py): its default range is 0..2
    m = plan("rurik", "mc(budget=8,z=0.5)", [], None, None, {}, 10, None, 10, 10, 1)
    assert [(d.name, d.low, d.high, d.start) for d in m.dims] == [("width", 0, 2, 0)]
    e = plan("rurik", "expert", [], None, None, {}, 10, None, 10, 10, 1)
    assert [d.name for d in e.dims] == [q.name for q in ExpertStrategy.params]
    assert e.batch == default_batch(len(e.dims)) == 4 + int(3 * np.log(len(e.dims)))
    spread = next(d for d in e.dims if d.name == "war_spread")
    assert (spread.low, spread.high) == (0.1, 3.0)
    assert e.text({"kill": 2.5}) == "expert(kill=2.5)" and e.text({"kill": 2.0}) == "expert"
    assert default_range(Param("x", "float", -0.5, ""), -0.5) == (-1.0, 0.0)
    assert default_range(Param("x", "float", 0.0, ""), 0.0) == (-1.0, 1.0)
    assert default_range(Param("x", "float", 0.0, "", least=0), 0.0) == (0.0, 1.0)
    assert default_range(Param("x", "int", 7, "", least=0), 7) == (3, 14)
    assert default_range(Param("x", "int", 0, "", least=0), 0) == (0, 2)


@pytest.mark.parametrize("args, message", [
    (["rurik", "expert", "--param", "kil=1:3"], "--param kil: not a numeric parameter of the strategy"),
    (["rurik", "expert", "--param", "kill=3:1"], "LOW must be below HIGH"),
    (["rurik", "expert", "--param", "kill=a:b"], "LOW and HIGH must be numbers"),
    (["rurik", "expert", "--param", "kill"], "write NAME=LOW:HIGH"),
    (["rurik", "expert", "--param", "kill=3:4"], "the starting value 2 is outside 3:4"),
    (["rurik", "expert", "--param", "kill=1:3", "--param", "kill=0:2"], "--param kill is given twice"),
    (["rurik", "expert", "--param", "outnumbered=0.5:3"], "must be whole numbers"),
    (["rurik", "expert", "--param", "war_spread=0:2"], "war_spread is at least 0.1"),
    (["rurik", "mc", "--param", "rollout=1:2"], "--param rollout: not a numeric parameter"),
    (["rurik", "greedy"], "no numeric parameter left to tune"),
    (["rurik", "nope"], "unknown strategy 'nope'"),
    (["rurik", "expert", "--option", "difficulty=9"], "option difficulty"),
    (["rurik", "expert", "--target", "1.5"], "--target must be between 0 and 1"),
    (["rurik", "expert", "--target", "0.5", "--objective", "margin"], "drop --objective margin"),
    (["rurik", "expert", "--trials", "0"], "--trials must be at least 1"),
    (["rurik", "expert", "--batch", "1"], "--batch must be at least 2"),
    (["rurik", "expert", "--games", "0"], "--games must be at least 1"),
    (["rurik", "expert", "--confirm-games", "1"], "--confirm-games must be at least 2"),
    (["rurik", "expert", "--seed", "-1"], "--seed must be a non-negative integer"),
    (["rurik", "expert", "--jobs", "0"], "--jobs must be at least 1"),
    (["rurik"], "tune needs GAME and STRATEGY"),
    (["rurik", "expert", "--scheduler", "tcp://127.0.0.1:1"], "--scheduler needs --backend dask"),
])
def test_bad_input_is_one_line_and_exit_2_before_any_game(capsys, tmp_path, args, message):
    code, out, err = tune(capsys, tmp_path / "t", *args)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "t").exists()


def test_bad_resume_input(capsys, tmp_path):
    assert run_cli(capsys, "simulate", "tiny", "--games", 5, "--seed", 1, "--out", tmp_path / "sim", "--quiet")[0] == 0
    code, _, err = run_cli(capsys, "tune", "--resume", tmp_path / "sim")
    assert code == 2 and "that is a simulate run" in err
    assert tune(capsys, tmp_path / "t", "tiny", P, "--param", "rank=0:2", "--trials", 4, "--batch", 2, "--games", 5,
                "--confirm-games", 5, "--seed", 1, "--jobs", 1, "--quiet")[0] == 0
    for extra, message in ((["--games", "9"], "drop --games"), (["--trials", "2"], "already plans 4"),
                           (["--param", "rank=0:1"], "drop --param")):
        code, _, err = run_cli(capsys, "tune", "--resume", tmp_path / "t", *extra)
        assert code == 2 and message in err, err
    code, _, err = run_cli(capsys, "tune", "--resume", tmp_path / "nothing")
    assert code == 2 and "no manifest.json there" in err


def test_a_confirmation_whose_interval_holds_0_is_not_a_proven_improvement(capsys, tmp_path):
    """The summary's verdict reads the objective's paired interval on the fresh games: a parameter that
    changes no play (Picky's ``weight``) leaves every trial equal, so the best is the start and the
    interval is [0, 0], which holds 0."""
    code, out, err = tune(capsys, tmp_path / "same", "tiny", P, "--param", "weight=0:2", "--trials", 3, "--batch", 3,
                          "--games", 20, "--confirm-games", 40, "--seed", 1, "--jobs", 1, "--quiet")
    assert code == 0, err
    assert "verdict: not a proven improvement" in out


@pytest.mark.parametrize("lo, hi, best, words", [
    (0.5, 2.0, 3, "an improvement"), (-0.5, 2.0, 3, "not a proven improvement"),
    (-2.0, -0.5, 3, "worse than the start"), (0.0, 0.0, 0, "not a proven improvement")])
def test_the_verdict_follows_the_objectives_interval(lo, hi, best, words):
    p = type("P", (), {"objective": "margin", "target": None})()
    c = {"margin_diff_lo": lo, "margin_diff_hi": hi, "win_rate_diff_lo": 0.1, "win_rate_diff_hi": 0.2,
         "best_trial": best}
    assert tuning.verdict(p, c).startswith(f"verdict: {words}")
