"""automa-sim ladder: the search player at each budget against each setting (automa.studies.ladder)."""
import json
import shlex
from pathlib import Path

import pandas as pd
import pytest

from automa.studies.ladder import crossing, interval_text, threshold_end, thresholds

from tests.core.test_cli import run_cli
from tests.core.test_examples import stop_after_first_chunk

ROOT = Path(__file__).resolve().parents[2]
BASE = ["ladder", "rurik", "--budgets", "1,2", "--games", "2", "--grid", "difficulty=1", "--reference", "greedy",
        "--seed", "3", "--quiet"]


def test_ladder_tables_report_and_any_job_count(capsys, tmp_path):
    """ladder.csv has a row per cell (rungs by budget, then the references) with the paired margin
    difference to the first reference, thresholds.csv says where 50% is not reached, speed.csv has
    games/s, ``report`` renders it, and ladder.csv is byte-identical for 1 and 2 jobs."""
    for jobs in (1, 2):
        code, out, err = run_cli(capsys, *BASE, "--jobs", jobs, "--out", tmp_path / f"j{jobs}")
        assert code == 0, err
    one, two = (tmp_path / "j1" / "ladder.csv").read_bytes(), (tmp_path / "j2" / "ladder.csv").read_bytes()
    assert one == two
    ladder = pd.read_csv(tmp_path / "j1" / "ladder.csv", dtype={"budget": str, "vs": str}, keep_default_na=False,
                         na_values={"margin_diff": [""]})
    assert list(ladder["strategy"]) == ["mc(budget=1,rollout=expert,z=1)", "mc(budget=2,rollout=expert,z=1)",
                                        "greedy"]
    assert list(ladder["budget"].astype(str)) == ["1", "2", ""] and set(ladder["games"]) == {2}
    assert list(ladder["vs"]) == ["greedy", "greedy", ""]
    games = pd.read_csv(tmp_path / "j1" / "games.csv")
    by = games.groupby("cell", sort=False)["margin"].mean()
    assert ladder["margin_mean"].tolist() == pytest.approx(by.tolist())
    assert ladder["margin_diff"][0] == pytest.approx(by.iloc[0] - by.iloc[2])
    reached = [b for b, w in zip(ladder["budget"][:2], ladder["win_rate"][:2]) if w >= 0.5]
    expected = reached[0] if reached else "not reached within budget 2"
    found = pd.read_csv(tmp_path / "j1" / "thresholds.csv", dtype=str, keep_default_na=False)
    assert found["budget_for_50pct"].tolist() == [expected]
    assert list(found.columns)[-2:] == ["budget_for_50pct_lo", "budget_for_50pct_hi"]
    speed = pd.read_csv(tmp_path / "j1" / "speed.csv")
    assert len(speed) == 3 and (speed["games_per_s"] > 0).all()
    code, out, _ = run_cli(capsys, "report", tmp_path / "j1")
    assert code == 0 and "The search budget that wins half the games" in (tmp_path / "j1" / "report.md").read_text()
    assert "| difficulty | budget | crossing | 95% interval |" in (tmp_path / "j1" / "report.md").read_text()
    again = shlex.join(["automa-sim", *map(str, BASE), "--jobs", "1", "--out", "j1", "--force"])
    assert f"Regenerate with: {again} && automa-sim report j1\n" in (tmp_path / "j1" / "report.md").read_text()


@pytest.mark.parametrize("budgets, rates, expected", [
    ([4, 16, 64], [0.2, 0.4, 0.6], 32.0),      # halfway between 16 and 64 on a log scale
    ([4, 16, 64], [0.2, 0.5, 0.9], 16.0),      # a rung exactly at 50%
    ([4, 16, 64], [0.2, 0.7, 0.3], 9.2),       # the first crossing (60% of the way), not a later dip
    ([4, 16], [0.6, 0.7], None),               # the first rung already wins half: no crossing to draw
    ([4, 16], [0.1, 0.4], None),               # never reached
])
def test_the_50pct_crossing_is_interpolated_on_a_log_budget_scale(budgets, rates, expected):
    """thresholds.csv's budget_for_50pct_interpolated: the smallest rung is coarse (16 or 32 apart at the
    top of a ladder), so the budget where the line between the rungs crosses 50% is given as well."""
    assert crossing(budgets, rates) == expected


def test_an_interrupted_ladder_resumes_to_the_same_table(capsys, tmp_path, monkeypatch):
    """Ctrl-C after the first chunk keeps it; --resume finishes with the uninterrupted run's ladder.csv."""
    code, _, err = run_cli(capsys, *BASE, "--jobs", 1, "--out", tmp_path / "whole")
    assert code == 0, err
    with monkeypatch.context() as patch:
        stop_after_first_chunk(patch)
        code, _, _ = run_cli(capsys, *BASE, "--jobs", 1, "--out", tmp_path / "cut")
    assert code == 130
    code, _, err = run_cli(capsys, "ladder", "--resume", tmp_path / "cut", "--jobs", 1, "--quiet")
    assert code == 0, err
    assert (tmp_path / "cut" / "ladder.csv").read_bytes() == (tmp_path / "whole" / "ladder.csv").read_bytes()


@pytest.mark.parametrize("args, message", [
    (["--search", "greedy"], "not a search strategy with a budget"),
    (["--search", "mcts(budget=4)"], "give the budgets with --budgets"),
    (["--budgets", "2,1"], "--budgets must be increasing"),
    (["--budgets", "a"], "--budgets must be whole numbers"),
    (["--grid", "nope=1"], "unknown option 'nope'"),
    (["--grid", "difficulty=9"], "option difficulty"),
    (["--reference", "nope"], "unknown strategy 'nope'"),
    (["--search", "mcts(c=-1)"], "below the smallest allowed value"),
])
def test_bad_ladder_input_is_one_line_and_exit_2(capsys, tmp_path, args, message):
    code, _, err = run_cli(capsys, "ladder", "rurik", "--games", 2, "--out", tmp_path / "x", *args)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("budgets, bounds, expected", [
    ([4, 16, 64], [0.2, 0.4, 0.6], 32.0),      # a bound's line crosses 50% between two rungs
    ([4, 16, 64], [0.5, 0.7, 0.9], "at most 4"),   # the first rung's bound already reaches it: open below
    ([4, 16, 64], [0.1, 0.2, 0.45], "above 64"),   # no rung's bound reaches it: open above
])
def test_an_end_of_a_thresholds_interval(budgets, bounds, expected):
    assert threshold_end(budgets, bounds) == expected


@pytest.mark.parametrize("lo, hi, text", [
    (12.3, 53.1, "12.3 to 53.1"), ("at most 4", 9.5, "at most 9.5"), ("at most 1", "at most 1", "at most 1"),
    (30.2, "above 64", "30.2 or more (above 64)"), ("above 64", "above 64", "above 64"),
    ("at most 1", "above 16", "not narrowed: at most 1, above 16"),
])
def test_a_thresholds_interval_in_words(lo, hi, text):
    assert interval_text(lo, hi) == text


def test_the_published_thresholds_have_their_intervals_from_the_published_ladder():
    """thresholds.csv of each published ladder is what :func:`thresholds` makes of its ladder.csv: the
    crossing's 95% interval from the rungs' Wilson bounds (an end beyond the rungs open)."""
    from automa.studies import ladder as lad

    for out in sorted(ROOT.glob("results/*/ladder")):
        m = json.loads((out / "manifest.json").read_text())
        design = lad.plan(m["game"], m["search"], m["budgets"], m["references"], m["options"],
                          [f"{k}={','.join(vs)}" for k, vs in m["grid"].items()], m["games_per_cell"], int(m["seed"]))
        table = pd.read_csv(out / "ladder.csv", dtype={"budget": str}, keep_default_na=False)
        table[["win_rate", "win_rate_lo", "win_rate_hi"]] = table[["win_rate", "win_rate_lo", "win_rate_hi"]].astype(float)
        assert thresholds(design, table).to_csv(index=False) == (out / "thresholds.csv").read_text(), out
    rurik = pd.read_csv(ROOT / "results/rurik/ladder/thresholds.csv", dtype=str, keep_default_na=False)
    assert rurik[["budget_for_50pct_lo", "budget_for_50pct_hi"]].values.tolist() == [
        ["5.0", "6.4"], ["4.4", "6.0"], ["4.4", "5.9"], ["17.4", "26.4"]]


def test_the_ladder_report_opens_with_its_question_answered_per_setting():
    """issue 31 §1: before how to read it and the plot, a sentence per setting: where the search crosses
    50% with its interval, and each reference player's win rate there with its interval."""
    from automa.report.ladder_report import blocks, read_ladder

    out = ROOT / "results/rurik/ladder"
    m = json.loads((out / "manifest.json").read_text())
    made = blocks(out, m, read_ladder(out), pd.read_csv(out / "speed.csv"),
                  pd.read_csv(out / "thresholds.csv", dtype=str, keep_default_na=False))
    heads = [b[1] for b in made if b[0] == "h2"]
    assert heads[0].startswith("How strong a player does each setting take?") and heads[1] == "How to read it"
    answers = next(b[1] for b in made if b[0] == "ul")
    assert answers[0].startswith("difficulty 1: the search wins half its games from about 6 simulations a "
                                 "decision (95% interval: 5.0 to 6.4); master wins ")
    assert answers[3].startswith("difficulty 4: the search wins half its games from about 21 simulations a "
                                 "decision (95% interval: 17.4 to 26.4); master wins ")
