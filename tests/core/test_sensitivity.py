"""``automa-sim sensitivity``: which options are assumptions, the one-at-a-time cells, paired intervals
against the base cell, resume, bad input, the report, the --help example."""
import json
import math
import os
import re
import shlex
import signal
from pathlib import Path

import pandas as pd
import pytest

import automa
from automa.core import registry
from automa.core.registry import Option, get_game
from automa.core.results import read_games
from automa.studies.sensitivity import COLUMNS, plan, run
from automa.core.intervals import Z95
from automa.analysis.paired import win_interval
from tests.core.test_cli import run_cli, subprocess_cli
from tests.core.test_resume import manifest, stop_after_a_chunk
from tests.core.tinygame import TARGET

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = {"rurik": {"difficulty", "rebel_leader", "player_leader", "automa", "scoring", "modules"},
            "stroganov": {"opponent", "difficulty", "automa_strategy", "modules", "rules", "automa"}}


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory):
    """The tiny game's sensitivity for two strategies, 300 games per cell, serially, made once for this
    module: (design, outcome)."""
    saved = dict(registry._GAMES)
    registry.register("tiny", TARGET)
    try:
        design = plan("tiny", ["first", "high"], {}, [], 300, 7)
        yield design, run(design, jobs=1, out=tmp_path_factory.mktemp("sensitivity") / "out", quiet=True)
    finally:
        registry._GAMES.clear()
        registry._GAMES.update(saved)


@pytest.mark.parametrize("game", ["rurik", "stroganov"])
def test_the_schema_says_which_options_are_assumptions(game):
    """Settings are the user's choices; every other option is a rule option (an open point, RK-OPEN-n or
    ST-OPEN-n) with alternatives to try, or one modelled value, never a file or a set."""
    entry = get_game(game)
    assert {o.name for o in entry.options if o.kind == "setting"} == SETTINGS[game]
    for opt in entry.options:
        if opt.kind == "rule":
            assert opt.type not in ("path", "set"), opt.name
            assert opt.alternatives(opt.default) or len(opt.choices) == 1, f"{opt.name}: no alternative declared"
            if opt.type in ("int", "str") and not opt.choices:
                assert opt.sensitivity, f"{opt.name}: a numeric parameter needs its low/high"


def test_alternatives_come_from_choices_truth_values_or_declared_values():
    assert Option("r", "str", "a", "", ("a", "b", "c")).alternatives("b") == ("a", "c")
    assert Option("b", "bool", False, "").alternatives(False) == (True,)
    numeric = Option("n", "int", 6, "", sensitivity=(4, 8))
    assert numeric.alternatives(6) == (4, 8) and numeric.alternatives(8) == (6, 4)
    assert Option("n", "int", 6, "").alternatives(6) == ()
    assert Option("d", "int", 2, "", (1, 2, 3), kind="setting").alternatives(2) == ()
    with pytest.raises(ValueError, match="not an allowed alternative"):
        Option("n", "int", 6, "", sensitivity=(6,))
    with pytest.raises(ValueError, match="kind 'rules'"):
        Option("n", "int", 6, "", kind="rules")


def test_module_options_are_varied_only_with_their_module():
    """With no strategy named, the plan varies the default strategy's (master's) cells."""
    without = plan("rurik", None, {}, [], 10, 1)
    assert without.skipped["neutral_capture"] == "applies only with modules=warfare"
    assert without.skipped["maria_attack"] == "applies only with rebel_leader=maria"
    assert "master neutral_capture=yes" not in without.varied
    assert not any(c.values.get("difficulty") for c in without.sweep.cells)  # settings are never varied
    with_it = plan("rurik", None, {"modules": "warfare,epic"}, [], 10, 1)
    assert "neutral_capture" not in with_it.skipped and "master neutral_capture=yes" in with_it.varied
    assert with_it.skipped["faction_scope"] == "applies only with modules=factions"
    hard = plan("stroganov", None, {"difficulty": "hard"}, [], 10, 1)
    assert "master hard_coin_scope=hunting_only" in hard.varied
    assert plan("stroganov", None, {}, [], 10, 1).skipped["player_board_side"] == "one value modelled"


def test_cells_are_a_base_and_one_per_alternative_all_on_the_same_seeds(tiny_run):
    design, outcome = tiny_run
    labels = [c.label for c in design.sweep.cells]
    assert labels == ["first", "first length=3", "first length=8", "first variant=bonus", "first player_colour=blue",
                      "high", "high length=3", "high length=8", "high variant=bonus", "high player_colour=blue"]
    assert design.skipped == {n: "no alternative declared" for n in ("extras", "crash_rate", "delay_ms", "deck")}
    games = read_games(outcome.out / "games.csv", get_game)
    alone = automa.simulate("tiny", games=300, seed=7, strategy="high", options={"variant": "bonus"}, jobs=1)
    mine = games[games["cell"] == "high variant=bonus"].drop(columns="cell").reset_index(drop=True)
    assert mine.equals(alone)  # a cell is exactly a simulate run with the base's seed


def test_paired_intervals_are_the_per_game_differences_to_the_base(tiny_run):
    design, outcome = tiny_run
    games = read_games(outcome.out / "games.csv", get_game).set_index(["cell", "game_index"])
    table = pd.read_csv(outcome.out / "sensitivity.csv", keep_default_na=False)
    assert list(table.columns) == list(COLUMNS) and len(table) == 8
    for r in table.itertuples():
        cell, base = f"{r.strategy} {r.assumption}={r.alternative}", r.strategy
        win = ((games.loc[cell, "winner"] == "player").astype(int)
               - (games.loc[base, "winner"] == "player").astype(int))
        margin = (games.loc[cell, "margin"] - games.loc[base, "margin"]).astype(float)
        assert r.games == 300
        half = Z95 * margin.std(ddof=1) / math.sqrt(len(margin))
        got = [r.margin_diff, r.margin_diff_lo, r.margin_diff_hi]
        assert got == pytest.approx([margin.mean(), margin.mean() - half, margin.mean() + half], rel=1e-12, abs=1e-12)
        assert [r.win_rate_diff, r.win_rate_diff_lo, r.win_rate_diff_hi] == pytest.approx(
            win_interval(win.to_numpy()), rel=1e-12, abs=1e-12)  # Agresti-Min's, as paired.csv's
    by = table.set_index(["strategy", "assumption", "alternative"])
    # a cosmetic option changes nothing: every game is the same, so the difference is exactly 0
    assert by.loc[("high", "player_colour", "blue"), ["margin_diff", "margin_diff_lo", "margin_diff_hi"]].tolist() == [0, 0, 0]
    # the bonus only adds points: each game's difference is 2 per kept six, never negative
    assert by.loc[("high", "variant", "bonus"), "margin_diff_lo"] > 0
    for strategy in ("first", "high"):
        sizes = table[table["strategy"] == strategy]["margin_diff"].abs().tolist()
        assert sizes == sorted(sizes, reverse=True)
    assert list(table["strategy"]) == ["first"] * 4 + ["high"] * 4


def test_a_killed_run_resumes_to_a_byte_identical_csv(capsys, tmp_path):
    args = ("sensitivity", "tiny", "--games", 300, "--seed", 3, "-o", "delay_ms=1")
    out = tmp_path / "stopped"
    proc = subprocess_cli(*args, "--jobs", 2, "--out", out, "--quiet", start_new_session=True)
    try:
        stop_after_a_chunk(proc, out, "kill")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert not manifest(out)["complete"] and manifest(out)["kind"] == "sensitivity"
    code, stdout, err = run_cli(capsys, "sensitivity", "--resume", out, "--jobs", 1, "--quiet")
    assert code == 0, err
    assert "high base: win" in stdout and "not varied: extras (no alternative declared)" in stdout
    code, _, err = run_cli(capsys, *args, "--jobs", 2, "--out", tmp_path / "whole", "--quiet")
    assert code == 0, err
    for name in ("sensitivity.csv", "games.csv", "summary.csv", "paired.csv"):
        assert (out / name).read_bytes() == (tmp_path / "whole" / name).read_bytes(), name
    code, _, err = run_cli(capsys, "sweep", "--resume", out)
    assert code == 2 and "that is a sensitivity run; resume it with `automa-sim sensitivity --resume`" in err


@pytest.mark.parametrize("args, message", [
    (["nogame"], "unknown game 'nogame'"),
    (["tiny", "-o", "colour=red"], "unknown option 'colour' for game tiny"),
    (["tiny", "-o", "length=4"], "option length: '4' is not allowed; allowed: 3, 5, 8"),
    (["tiny", "--only", "colour"], "unknown option 'colour' for game tiny"),
    (["tiny", "--only", "crash_rate"], "--only crash_rate: not varied from this base configuration: no alternative declared"),
    (["tiny", "--only", "variant", "--only", "variant"], "--only variant is given twice"),
    (["tiny", "-s", "sly"], "unknown strategy 'sly' for game tiny"),
    (["tiny", "-s", "high", "-s", "high"], "--strategy high is given twice"),
    (["tiny", "--games", "0"], "--games must be at least 1, got 0"),
    (["tiny", "--seed", "-1"], "--seed must be a non-negative integer, got -1"),
    (["rurik", "--only", "difficulty"], "--only difficulty: a setting (the user's choice), not an assumption"),
    (["rurik", "--only", "neutral_capture"], "not varied from this base configuration: applies only with modules=warfare"),
    (["rurik", "-o", "rebel_leader=maria", "-o", "player_leader=maria"], "option player_leader: 'maria' is not allowed"),
    ([], "sensitivity needs GAME (or --resume DIR)"),
    (["tiny", "--resume", "{tmp}/o"], "drop GAME"),
    (["--resume", "{tmp}/o", "-s", "high"], "drop --strategy"),
    (["--resume", "{tmp}/o", "--only", "variant"], "drop --only"),
])
def test_bad_input_is_one_line_and_exit_code_2_before_any_game(capsys, tmp_path, args, message):
    code, out, err = run_cli(capsys, "sensitivity", *[a.format(tmp=tmp_path) for a in args], "--out", tmp_path / "o")
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "o").exists()


def test_report_renders_the_table_and_the_plot(capsys, tiny_run):
    _, outcome = tiny_run
    code, out, err = run_cli(capsys, "report", outcome.out)
    assert code == 0 and err == ""
    assert out.split() == [str(outcome.out / n) for n in ("report.html", "report.md", "plots/sensitivity.png")]
    text = (outcome.out / "report.md").read_text()
    table = pd.read_csv(outcome.out / "sensitivity.csv", keep_default_na=False)
    rows = re.findall(r"^\| (\w+) \| [^|]* \| \w+ \| (\w+) \| 300 \| ([+-][\d.]+) \|", text, re.M)
    high = table[table["strategy"] == "high"]
    assert rows[4:] == [(r.assumption, r.alternative, f"{r.margin_diff:+.2f}") for r in high.itertuples()]
    assert "## Assumptions not varied" in text and "- crash_rate: no alternative declared" in text
    assert "![" in text and "(plots/sensitivity.png)" in text
    page = (outcome.out / "report.html").read_text()
    assert page.count("<table>") == 2 and 'src="data:image/png;base64,' in page
    assert (outcome.out / "plots" / "sensitivity.png").read_bytes()[:4] == b"\x89PNG"
    before = text
    assert run_cli(capsys, "report", outcome.out)[0] == 0 and (outcome.out / "report.md").read_text() == before
    code, _, err = run_cli(capsys, "report", outcome.out, "--x", "length")
    assert code == 2 and "--x applies to a sweep's report" in err


def test_help_example_runs(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "sensitivity", "--help")
    assert code == 0
    examples = re.findall(r"^ +automa-sim (sensitivity rurik .*|report .*)$", out, re.M)
    assert len(examples) == 2
    printed = []
    for line in examples:
        args = [a.replace("/tmp/sens", str(tmp_path / "sens")) for a in shlex.split(line)]
        code, text, err = run_cli(capsys, *args)
        assert code == 0, err
        printed.append(text)
    assert re.search(r"^  final_tie=player_wins +margin ", printed[0], re.M)
    again = shlex.join(["automa-sim", *[a.replace("/tmp/sens", "sens") for a in shlex.split(examples[0])]])
    assert f"Regenerate with: {again} && automa-sim report sens\n" in (tmp_path / "sens" / "report.md").read_text()
    assert json.loads((tmp_path / "sens" / "manifest.json").read_text())["errors"] == 0


def test_the_report_opens_with_its_question_answered_per_strategy(capsys, tiny_run):
    """issue 31 §1: before any table or plot, how many assumptions move each strategy beyond noise and
    the three that move its win rate most, with intervals."""
    _, outcome = tiny_run
    assert run_cli(capsys, "report", outcome.out)[0] == 0
    text = (outcome.out / "report.md").read_text()
    top = text.split("## Which open rule points move each strategy's result, and by how much?\n", 1)[1]
    top = top.split("\n## ", 1)[0]
    table = pd.read_csv(outcome.out / "sensitivity.csv", keep_default_na=False)
    for strategy in table["strategy"].unique():
        mine = table[table["strategy"] == strategy]
        assert re.search(rf"^- \d+ of {mine['assumption'].nunique()} assumptions move {strategy}'s margin or win "
                         rf"rate beyond noise\. Most: .*\[[+-][\d.]+, [+-][\d.]+\]", top, re.M)
    assert text.index("## Which open rule points") < text.index("## How to read it") < text.index("![")
