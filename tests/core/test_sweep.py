"""Sweeps: spec checking, common random numbers, the outputs, paired differences, the ready-made specs."""
import json
import math
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import automa
from automa.analysis.paired import interval
from automa.core.registry import get_game
from automa.core.results import read_games
from automa.run.runner import replay
from automa.run.simulate import resolve
from automa.core.errors import UsageError
from automa.core.intervals import Z95, paired_win_interval
from automa.run.sweep import baselines, run_sweep
from automa.run.sweep_spec import load_spec
from tests.core.test_cli import run_cli

ROOT = Path(__file__).resolve().parents[2]
SPEC = """\
game = "tiny"
games = 300
seed = 7
strategies = ["first", "tests.core.tinygame:Noisy"]

[grid]
length = [3, 5]
variant = ["plain", "bonus"]

[[exclude]]
strategy = "tests.core.tinygame:Noisy"
length = 3

[baseline]
strategy = "first"
length = 5
variant = "plain"
"""
BASE = "first length=5 variant=plain"


def write_spec(tmp_path, text=SPEC, name="tiny.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.fixture
def swept(tmp_path):
    """The tiny sweep played into ``tmp_path / "out"``: its outcome."""
    return run_sweep(load_spec(write_spec(tmp_path)), jobs=1, out=tmp_path / "out", quiet=True)


def test_cells_are_strategies_times_grid_minus_exclusions(swept):
    assert [c.label for c in swept.sweep.cells] == [
        "first length=3 variant=plain", "first length=3 variant=bonus", "first length=5 variant=plain",
        "first length=5 variant=bonus", "tests.core.tinygame:Noisy length=5 variant=plain",
        "tests.core.tinygame:Noisy length=5 variant=bonus"]
    assert swept.sweep.baseline == BASE


def test_a_cell_is_exactly_a_simulate_run_with_the_same_seed(swept):
    games = read_games(swept.out / "games.csv", get_game)
    summary = pd.read_csv(swept.out / "summary.csv", keep_default_na=False)
    for k, cell in enumerate(swept.sweep.cells):
        alone = automa.simulate("tiny", games=300, seed=7, strategy=cell.values["strategy"],
                                options={"length": cell.values["length"], "variant": cell.values["variant"]},
                                jobs=1)
        mine = games[games["cell"] == cell.label].drop(columns="cell").reset_index(drop=True)
        assert mine.equals(alone)
        assert (summary.iloc[[k]].drop(columns="cell").to_csv(index=False)
                == automa.summarize(alone).to_csv(index=False))


def test_game_i_has_the_same_automa_deck_in_every_cell_with_the_same_setup(swept):
    games = read_games(swept.out / "games.csv", get_game)
    five = games[games["length"] == 5].pivot(index="game_index", columns="cell", values="automa_dice")
    assert five.shape == (300, 4) and five.nunique(axis=1).eq(1).all()  # variant and strategy never change it
    assert five.iloc[:, 0].nunique() > 5  # ... while the deck differs from game to game
    cells = [c for c in swept.sweep.cells if c.values["length"] == 5]
    for index in (0, 123):
        cards = [[e["card"] for e in replay(c.spec, index)[0] if e["kind"] == "automa_card"] for c in cells]
        rolls = [[e["dice"] for e in replay(c.spec, index)[0] if e["kind"] == "roll"] for c in cells]
        assert all(c == cards[0] for c in cards) and all(r == rolls[0] for r in rolls)


def test_outputs_games_file_summary_paired_and_manifest(swept):
    games = pd.read_csv(swept.out / "games.csv", keep_default_na=False)
    assert list(games.columns[:3]) == ["cell", "game", "game_index"]
    assert list(games["cell"].unique()) == [c.label for c in swept.sweep.cells] and len(games) == 6 * 300
    summary = pd.read_csv(swept.out / "summary.csv", keep_default_na=False)
    simulate_columns = list(automa.summarize(read_games(swept.out / "games.csv", get_game).iloc[:5]).columns)
    assert list(summary.columns) == ["cell"] + simulate_columns
    paired = pd.read_csv(swept.out / "paired.csv")
    assert list(paired["cell"]) == [c.label for c in swept.sweep.cells if c.label != BASE]
    noisy = "tests.core.tinygame:Noisy length=5 variant=plain"  # Noisy at the baseline's settings
    assert list(paired["baseline"]) == [BASE, BASE, BASE, BASE, noisy] and (paired["pairs"] == 300).all()
    manifest = json.loads((swept.out / "manifest.json").read_text())
    assert {k: manifest[k] for k in ("kind", "game", "baseline", "games_per_cell", "seed", "games_done",
                                     "errors", "interrupted")} == {
        "kind": "sweep", "game": "tiny", "baseline": BASE, "games_per_cell": 300, "seed": "7",
        "games_done": 1800, "errors": 0, "interrupted": False}
    assert manifest["spec_toml"] == SPEC and manifest["grid"] == {"length": [3, 5], "variant": ["plain", "bonus"]}


def test_each_cell_is_compared_with_its_own_strategy_at_the_baseline_settings():
    """A setting's effect is measured for each strategy; each strategy's baseline cell is measured against
    the sweep's baseline (the strategy's effect); a strategy without such a cell falls back to it."""
    sweep = load_spec(ROOT / "sweeps" / "rurik-difficulty.toml")
    pairs = baselines(sweep)
    assert sweep.baseline not in pairs and len(pairs) == len(sweep.cells) - 1
    assert pairs["warlord difficulty=4 rebel_leader=gleb"] == "warlord difficulty=2 rebel_leader=sviatopolk"
    assert pairs["warlord difficulty=2 rebel_leader=sviatopolk"] == sweep.baseline
    assert pairs["master difficulty=1 rebel_leader=maria"] == sweep.baseline
    excluded = SPEC.replace('[baseline]', '[[exclude]]\nstrategy = "tests.core.tinygame:Noisy"\nvariant = "plain"\n\n[baseline]')
    tiny = load_spec(Path("tiny.toml"), text=excluded)
    assert baselines(tiny) == {c.label: BASE for c in tiny.cells if c.label != BASE}


def test_paired_columns_are_the_per_game_differences(swept):
    games = read_games(swept.out / "games.csv", get_game).set_index(["cell", "game_index"])
    paired = pd.read_csv(swept.out / "paired.csv").set_index("cell")
    cell = "first length=5 variant=bonus"
    win = (games.loc[cell, "winner"] == "player").astype(int) - (games.loc[BASE, "winner"] == "player").astype(int)
    margin = (games.loc[cell, "margin"] - games.loc[BASE, "margin"]).astype(float)
    half = Z95 * margin.std(ddof=1) / math.sqrt(len(margin))
    assert paired.loc[cell, ["margin_diff", "margin_diff_lo", "margin_diff_hi"]].tolist() == pytest.approx(
        [margin.mean(), margin.mean() - half, margin.mean() + half], rel=1e-12)
    # the win rate's: Agresti-Min's (honest at 0 wins), on the same pairs
    assert paired.loc[cell, ["win_rate_diff", "win_rate_diff_lo", "win_rate_diff_hi"]].tolist() == pytest.approx(
        paired_win_interval((games.loc[cell, "winner"] == "player").tolist(),
                            (games.loc[BASE, "winner"] == "player").tolist()), rel=1e-12)


def test_pairing_narrows_the_interval_of_a_difference(swept):
    """Common random numbers: the paired interval is far narrower than that of two independent runs."""
    summary = pd.read_csv(swept.out / "summary.csv").set_index("cell")
    paired = pd.read_csv(swept.out / "paired.csv").set_index("cell")
    cell = "first length=5 variant=bonus"
    unpaired = math.hypot(*[(summary.loc[c, "win_rate_hi"] - summary.loc[c, "win_rate_lo"]) / 2 for c in (cell, BASE)])
    paired_half = (paired.loc[cell, "win_rate_diff_hi"] - paired.loc[cell, "win_rate_diff_lo"]) / 2
    assert paired_half < 0.6 * unpaired


def test_paired_interval_by_hand():
    # d = 1, 0, 0, -1, 1: mean 0.2, sample variance 2.8 / 4 = 0.7
    half = Z95 * math.sqrt(0.7) / math.sqrt(5)
    assert interval(np.array([1, 0, 0, -1, 1])) == pytest.approx((0.2, 0.2 - half, 0.2 + half))
    mean, lo, hi = interval(np.array([3]))
    assert mean == 3 and math.isnan(lo) and math.isnan(hi)


def test_cli_sweep_prints_cells_and_writes_files(capsys, tmp_path):
    code, out, err = run_cli(capsys, "sweep", write_spec(tmp_path), "--out", tmp_path / "o", "--jobs", 2,
                             "--games", 40)
    assert code == 0 and err == ""
    assert re.search(rf"^{BASE} +win .*\(baseline\)$", out, re.M) and "vs baseline: win" in out
    assert "files: " in out and f"automa-sim report {tmp_path / 'o'}" in out
    assert len(pd.read_csv(tmp_path / "o" / "games.csv")) == 6 * 40
    code, _, err = run_cli(capsys, "sweep", write_spec(tmp_path), "--out", tmp_path / "o")
    assert code == 2 and "already exists; use --force" in err
    (tmp_path / "o" / "report.md").write_text("stale")
    code, _, _ = run_cli(capsys, "sweep", write_spec(tmp_path), "--out", tmp_path / "o", "--force", "--games", 5)
    assert code == 0 and not (tmp_path / "o" / "report.md").exists()


@pytest.mark.parametrize("edit, message", [
    (lambda s: s.replace("[grid]", "[grid"), "tiny.toml: not valid TOML: "),
    (lambda s: s.replace("length = [3, 5]", "colour = [3, 5]"), "tiny.toml: grid.colour: unknown option 'colour'"),
    (lambda s: s.replace("length = [3, 5]", "length = [3, 4]"), "tiny.toml: grid.length: 4 is not allowed; allowed: 3, 5, 8"),
    (lambda s: s.replace("length = [3, 5]", "length = []"), "tiny.toml: grid.length: must be a non-empty list"),
    (lambda s: s.replace("length = [3, 5]", "length = [3, 3]"), "tiny.toml: grid.length: value 3 is listed twice"),
    (lambda s: s.split("[grid]")[0] + "[grid]\n\n[baseline]\n", "tiny.toml: grid: empty"),
    (lambda s: s.split("[baseline]")[0], "tiny.toml: baseline: missing"),
    (lambda s: s.rsplit('variant = "plain"', 1)[0], "tiny.toml: baseline.variant: missing; name one of plain, bonus"),
    (lambda s: s.replace("length = 5\nvariant", "length = 8\nvariant"), "tiny.toml: baseline.length: 8 is not one of the sweep's values: 3, 5"),
    (lambda s: s.replace('strategy = "first"\nlength = 5', 'strategy = "tests.core.tinygame:Noisy"\nlength = 3'),
     "tiny.toml: baseline: cell tests.core.tinygame:Noisy length=3 variant=plain is excluded"),
    (lambda s: s.replace('"first", ', '"first", "sly", '), "tiny.toml: strategies: unknown strategy 'sly'"),
    (lambda s: s.replace("games = 300", "games = 0"), "tiny.toml: games: must be a whole number of at least 1, got 0"),
    (lambda s: s.replace("seed = 7\n", ""), "tiny.toml: seed: missing"),
    (lambda s: s.replace("seed = 7", "seeds = 7"), "tiny.toml: seeds: unknown key"),
    (lambda s: s.replace("length = 3\n", "").replace('strategy = "tests.core.tinygame:Noisy"\n', ""),
     "tiny.toml: exclude[0]: empty"),
    (lambda s: s.replace("[baseline]", "[options]\nlength = 8\n\n[baseline]"), "tiny.toml: options.length: also in grid"),
    (lambda s: s.replace("[[exclude]]\nstrategy", "[[exclude]]\ncolour = 1\nstrategy"), "tiny.toml: exclude[0].colour: not a grid option or strategy"),
])
def test_a_bad_spec_is_one_line_naming_the_key_and_exit_code_2(capsys, tmp_path, edit, message):
    code, out, err = run_cli(capsys, "sweep", write_spec(tmp_path, edit(SPEC)), "--out", tmp_path / "o")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"automa-sim: error: {tmp_path}/") and message in err
    assert not (tmp_path / "o").exists()


def test_a_missing_spec_file_is_exit_code_2(capsys, tmp_path):
    code, _, err = run_cli(capsys, "sweep", tmp_path / "none.toml")
    assert code == 2 and "cannot read sweep spec" in err


@pytest.mark.parametrize("spec", sorted((ROOT / "sweeps").glob("*.toml")), ids=lambda p: p.name)
def test_ready_made_specs_are_valid(spec):
    sweep = load_spec(spec)
    assert sweep.baseline in [c.label for c in sweep.cells]
    # sized for the interval its comment names (±1.5 points, ±7 for a search player's 200 games a cell) at the
    # highest win rate it names (sweeps/README.md)
    text = spec.read_text()
    p = int(re.search(r"at most (\d+)%", text).group(1)) / 100
    half = float(re.search(r"±([\d.]+) points", text).group(1)) / 100
    assert half <= 0.015 or "mc(" in text
    assert round(196 * (p * (1 - p) / sweep.games) ** 0.5, 1) <= round(100 * half, 1)    # to the comment's 0.1 point
    for cell in sweep.cells:
        assert cell.spec == resolve(sweep.game.name, cell.values["strategy"],
                                    sweep.options | {k: cell.values[k] for k in sweep.grid}, sweep.seed)


def test_ready_made_specs_cover_the_issue():
    names = {p.name for p in (ROOT / "sweeps").glob("*.toml")}
    assert {"rurik-difficulty.toml", "stroganov-opponent.toml", "stroganov-modules.toml"} <= names
    rurik_has_modules = any(o.name == "modules" for o in get_game("rurik").options)
    assert ("rurik-modules.toml" in names) == rurik_has_modules  # write it once Rurik has modules


def test_a_small_run_of_a_ready_made_spec_reproduces_its_summary_exactly(tmp_path):
    spec = load_spec(ROOT / "sweeps" / "rurik-difficulty.toml", games=2)
    one = run_sweep(spec, jobs=1, out=tmp_path / "one", quiet=True)
    two = run_sweep(spec, jobs=2, out=tmp_path / "two", quiet=True)
    assert len(one.summary) == 7 * 16 and one.manifest["errors"] == 0
    for name in ("summary.csv", "paired.csv", "games.csv"):
        assert (one.out / name).read_bytes() == (two.out / name).read_bytes()


def test_sweep_help_has_an_example(capsys):
    code, out, _ = run_cli(capsys, "sweep", "--help")
    assert code == 0 and re.search(r"Example:\n +automa-sim sweep sweeps/", out)


def test_the_readme_example_spec_is_valid(tmp_path):
    text = re.search(r"<!-- sweep spec -->\n```toml\n(.*?)```", (ROOT / "README.md").read_text(), re.S).group(1)
    sweep = load_spec(write_spec(tmp_path, text))
    assert len(sweep.cells) == 3 * 4 * 2 - 2 * 2 and sweep.baseline == "greedy difficulty=2 rebel_leader=sviatopolk"
    assert [sweep.cell_games(c) for c in sweep.cells[-1:]] == [400] and sweep.cell_games(sweep.cells[0]) == 4300


def test_the_question_and_its_axis_are_read_checked_and_recorded(tmp_path):
    """issue 31 §1: a spec names its question and the grid option it is about; the manifest keeps both."""
    asked = SPEC.replace('seed = 7\n', 'seed = 7\nquestion = "Does the bonus help?"\naxis = "variant"\n')
    spec = load_spec(write_spec(tmp_path, asked))
    assert (spec.question, spec.axis) == ("Does the bonus help?", "variant")
    assert load_spec(write_spec(tmp_path, SPEC, "plain.toml")).axis == "length"  # default: the first varying
    done = run_sweep(load_spec(write_spec(tmp_path, asked.replace("games = 300", "games = 4"), "few.toml")),
                     jobs=1, out=tmp_path / "out", quiet=True)
    manifest = json.loads((done.out / "manifest.json").read_text())
    assert (manifest["question"], manifest["axis"]) == ("Does the bonus help?", "variant")


@pytest.mark.parametrize("axis", ['"colour"', "3", '"strategy"'])
def test_an_axis_that_is_not_a_varying_grid_option_is_an_error_naming_the_choices(tmp_path, axis):
    with pytest.raises(UsageError, match=r"axis: .* choose one of: length, variant"):
        load_spec(write_spec(tmp_path, SPEC.replace("seed = 7\n", f"seed = 7\naxis = {axis}\n")))
