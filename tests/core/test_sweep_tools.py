"""A designer's sweep tools (issue 31 §1): fewer games for a costly strategy (``games_by_strategy``),
``sweep --format parquet``, ``summarize --where`` and ``compare DIR --cell A --cell B``."""
import json

import pandas as pd
import pytest

from automa.core.registry import get_game
from automa.core.results import read_games
from automa.report.study import load
from automa.run.sweep import run_sweep
from automa.run.sweep_spec import load_spec
from tests.core.test_cli import run_cli, usage_error
from tests.core.test_resume import killed_sweep
from tests.core.test_sweep import SPEC, write_spec

NOISY = "tests.core.tinygame:Noisy"
FEWER = SPEC.replace("games = 300", "games = 120") + f'\n[games_by_strategy]\n"{NOISY}" = 40\n'


def cells(out) -> pd.DataFrame:
    return read_games(next(out.glob("games.*")), get_game)


def test_a_strategy_plays_fewer_games_the_first_of_the_same_seed(tmp_path):
    """Its cells play games 0..39 of the spec's seed, exactly the first 40 rows of a sweep where it plays
    all 120; its paired differences are over those 40 games; the manifest records the count."""
    fewer = run_sweep(load_spec(write_spec(tmp_path, FEWER)), jobs=2, out=tmp_path / "fewer", quiet=True)
    full = run_sweep(load_spec(write_spec(tmp_path, FEWER.rsplit("[games_by_strategy]", 1)[0], "full.toml")),
                     jobs=1, out=tmp_path / "full", quiet=True)
    short, whole = cells(fewer.out), cells(full.out)
    counts = short.groupby("cell", sort=False).size()
    assert [counts[c.label] for c in fewer.sweep.cells] == [120] * 4 + [40] * 2
    for label in counts.index:
        mine = short[short["cell"] == label].reset_index(drop=True)
        assert mine.equals(whole[whole["cell"] == label].head(len(mine)).reset_index(drop=True))
    paired = pd.read_csv(fewer.out / "paired.csv").set_index("cell")
    assert paired.loc[f"{NOISY} length=5 variant=plain", "pairs"] == 40  # against first: the common games
    assert paired.loc["first length=3 variant=plain", "pairs"] == 120
    manifest = json.loads((fewer.out / "manifest.json").read_text())
    assert manifest["games_by_strategy"] == {NOISY: 40} and manifest["games_total"] == 4 * 120 + 2 * 40
    assert (fewer.out / "summary.csv").read_bytes() != (full.out / "summary.csv").read_bytes()


def test_a_games_override_caps_each_count(capsys, tmp_path):
    spec = write_spec(tmp_path, FEWER)
    for games, noisy in ((30, 30), (60, 40)):
        code, out, err = run_cli(capsys, "sweep", spec, "--games", games, "--jobs", 1, "--quiet",
                                 "--out", tmp_path / str(games))
        assert code == 0, err
        counts = cells(tmp_path / str(games)).groupby("cell").size()
        assert counts["first length=5 variant=plain"] == games and counts[f"{NOISY} length=5 variant=plain"] == noisy
        assert f"x {games} games ({NOISY}: {noisy})" in out


@pytest.mark.parametrize("table, message", [
    ('"mc" = 10', 'games_by_strategy.mc: not one of the spec\'s strategies'),
    ('"frist" = 10', "(did you mean 'first'?)"),
    ('"first" = 0', "games_by_strategy.first: must be a whole number from 1 to games (120), got 0"),
    ('"first" = 2.5', "must be a whole number from 1 to games (120), got 2.5"),
    ('"first" = 121', "must be a whole number from 1 to games (120), got 121"),
    ('"first" = true', "got True"),
])
def test_a_bad_games_by_strategy_is_one_line(capsys, tmp_path, table, message):
    spec = write_spec(tmp_path, SPEC.replace("games = 300", "games = 120") + f"\n[games_by_strategy]\n{table}\n")
    err = usage_error(capsys, "sweep", spec, "--out", tmp_path / "out")
    assert message in err and not (tmp_path / "out").exists()


def test_a_killed_sweep_with_fewer_games_resumes_to_the_same_bytes(capsys, tmp_path):
    spec, out = killed_sweep(tmp_path, FEWER, "parquet")
    code, _, err = run_cli(capsys, "sweep", "--resume", out, "--jobs", 1, "--quiet")
    assert code == 0, err
    whole = run_sweep(load_spec(spec), jobs=2, out=tmp_path / "whole", quiet=True, fmt="parquet")
    for name in ("games.parquet", "summary.csv", "paired.csv"):
        assert (out / name).read_bytes() == (whole.out / name).read_bytes(), name


def test_a_parquet_sweep_is_the_same_for_any_jobs_and_every_reader_takes_it(capsys, tmp_path):
    spec = write_spec(tmp_path, FEWER)
    plain = run_sweep(load_spec(spec), jobs=1, out=tmp_path / "plain", quiet=True)
    for jobs in (1, 2):
        code, _, err = run_cli(capsys, "sweep", spec, "--format", "parquet", "--jobs", jobs, "--quiet",
                               "--out", tmp_path / f"pq{jobs}")
        assert code == 0, err
    assert (tmp_path / "pq1" / "games.parquet").read_bytes() == (tmp_path / "pq2" / "games.parquet").read_bytes()
    assert not (tmp_path / "pq1" / "games.csv").exists()
    for name in ("summary.csv", "paired.csv"):
        assert (tmp_path / "pq1" / name).read_bytes() == (plain.out / name).read_bytes()
    assert cells(tmp_path / "pq1").equals(cells(plain.out))
    assert load(tmp_path / "pq1").games.equals(load(plain.out).games)
    for args in (["summarize", "--by", "cell"], ["summarize", "--where", "variant=bonus"]):
        assert run_cli(capsys, args[0], tmp_path / "pq1", *args[1:]) == run_cli(capsys, args[0], plain.out, *args[1:])
    pair = ("--cell", "first length=5 variant=plain", "--cell", f"{NOISY} length=5 variant=plain")
    assert run_cli(capsys, "compare", tmp_path / "pq1", *pair)[1] == run_cli(capsys, "compare", plain.out, *pair)[1]
    code, _, err = run_cli(capsys, "report", tmp_path / "pq1")
    assert code == 0 and err == ""


@pytest.fixture
def sweep_dir(tmp_path):
    return run_sweep(load_spec(write_spec(tmp_path, FEWER)), jobs=1, out=tmp_path / "out", quiet=True).out


def test_summarize_where_keeps_the_games_that_meet_every_condition(capsys, sweep_dir):
    code, out, _ = run_cli(capsys, "summarize", sweep_dir, "--where", "variant=bonus", "--where", "strategy=first",
                           "--by", "cell", "--format", "csv")
    summary = pd.read_csv(pd.io.common.StringIO(out))
    assert code == 0 and summary["cell"].tolist() == ["first length=3 variant=bonus", "first length=5 variant=bonus"]
    whole = pd.read_csv(sweep_dir / "summary.csv").set_index("cell")
    assert summary.set_index("cell")["player_wins"].tolist() == \
        whole.loc[summary["cell"], "player_wins"].tolist()
    code, out, _ = run_cli(capsys, "summarize", sweep_dir, "--where", "length=05", "--where", "extras=",
                           "--format", "csv")  # values as the options read them
    assert code == 0 and pd.read_csv(pd.io.common.StringIO(out))["games"].sum() == 2 * 120 + 2 * 40


def test_summarize_where_reads_a_set_value_in_any_order(capsys, tmp_path):
    run_cli(capsys, "simulate", "tiny", "--games", 20, "--seed", 1, "-o", "extras=a,b", "--out", tmp_path / "r", "-q")
    code, out, _ = run_cli(capsys, "summarize", tmp_path / "r", "--where", "extras=b,a", "--format", "csv")
    assert code == 0 and pd.read_csv(pd.io.common.StringIO(out))["games"].tolist() == [20]


@pytest.mark.parametrize("where, message", [
    (["varient=bonus"], "--where varient=bonus: no column 'varient' (did you mean 'variant'?); columns: cell, game,"),
    (["variant=bonnus"], "--where variant=bonnus: no game has that value (did you mean 'bonus'?); "
                         "variant values present: plain, bonus"),
    (["strategy=master"], "strategy values present: first, tests.core.tinygame:Noisy"),
    (["length=3", f"strategy={NOISY}"], f"--where length=3 and strategy={NOISY}: each holds for some games, "
                                        "but no game meets them all"),
    (["length"], "--where length: expected COLUMN=VALUE"),
])
def test_summarize_where_that_selects_nothing_is_one_line(capsys, sweep_dir, where, message):
    err = usage_error(capsys, "summarize", sweep_dir, *[w for item in where for w in ("--where", item)])
    assert message in err, err


def test_compare_two_cells_of_a_sweep_pairs_them_by_game_index(capsys, sweep_dir):
    a, b = "first length=5 variant=plain", f"{NOISY} length=5 variant=plain"
    code, out, _ = run_cli(capsys, "compare", sweep_dir, "--cell", a, "--cell", b)
    paired = pd.read_csv(sweep_dir / "paired.csv").set_index("cell").loc[b]
    assert code == 0 and out.startswith(f"A: {a}\nB: {b}\n")
    assert "paired over 40 games both finished" in out and "the game counts differ (A 120, B 40)" in out
    assert f"{100 * paired.win_rate_diff:+.1f} pts" in out and f"{paired.margin_diff:+.2f}" in out


@pytest.mark.parametrize("args, message", [
    (["--cell", "first length=5 variant=plan", "--cell", "first length=3 variant=plain"],
     "--cell 'first length=5 variant=plan': no such cell in "),
    (["--cell", "first length=5 variant=plain"], "compare DIR --cell LABEL_A --cell LABEL_B"),
    ([], "compare needs DIR_B, or two --cell LABEL of the sweep DIR_A"),
])
def test_compare_cells_wrongly_named_is_one_line(capsys, sweep_dir, args, message):
    err = usage_error(capsys, "compare", sweep_dir, *args)
    assert message in err
    if "no such cell" in message:
        assert "closest: 'first length=5 variant=plain'" in err


def test_compare_cells_of_a_run_that_is_not_a_sweep_is_one_line(capsys, tmp_path):
    run_cli(capsys, "simulate", "tiny", "--games", 10, "--seed", 1, "--out", tmp_path / "r", "-q")
    err = usage_error(capsys, "compare", tmp_path / "r", "--cell", "a", "--cell", "b")
    assert "is not a sweep (its games have no cell column)" in err


def test_the_report_names_the_strategy_that_played_fewer_games(tmp_path):
    """The report's header and caveats give a costly strategy's own count, not only the spec's."""
    from automa.report.report import write_report
    out = tmp_path / "few"
    run_sweep(load_spec(write_spec(tmp_path, FEWER.replace("games = 120", "games = 12").replace("= 40", "= 4"))),
              jobs=1, out=out, quiet=True)
    write_report(out)
    text = (out / "report.md").read_text()
    assert f"cells × 12 games ({NOISY}: 4)" in text and f"per cell ({NOISY}: 4)" in text
