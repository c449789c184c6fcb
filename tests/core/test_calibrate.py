"""Calibration on the tiny game with a difficulty ladder: stopping rule, recommendation, seeding, errors."""
import dataclasses
import io
import re

import pandas as pd
import pytest

import automa
from automa.core import registry
from automa.studies.calibrate import BATCH, HALF_WIDTH, calibrate, settings
from automa.core.registry import Ladder
from tests.core import tinygame
from tests.core.test_cli import run_cli

# the tiny game with a ladder: length 3, 5, 8, split by variant with --by-leader
GAME = dataclasses.replace(tinygame.GAME, name="ladder", difficulty_ladder=Ladder(("length",), leader="variant"))
MAX = 2600  # games per setting at most: variant=plain's settings cannot be told apart by then
NO_LEADER = dataclasses.replace(GAME, name="noleader", difficulty_ladder=Ladder(("variant", "length")))


@pytest.fixture(autouse=True)
def ladder_games(tiny):
    registry.register("ladder", f"{__name__}:GAME")
    registry.register("noleader", f"{__name__}:NO_LEADER")


@pytest.fixture(scope="module")
def table():
    saved = dict(registry._GAMES)
    registry.register("ladder", f"{__name__}:GAME")
    try:
        yield calibrate("ladder", "first", 0.5, by_leader=True, seed=1, max_games=MAX, jobs=1)
    finally:
        registry._GAMES.clear()
        registry._GAMES.update(saved)


def test_settings_walk_the_ladder_easiest_to_hardest():
    assert [s.group | s.values for s in settings("ladder", "first", {}, True, 0)] == [
        {"variant": v, "length": n} for v in ("plain", "bonus") for n in (3, 5, 8)]
    assert [s.values for s in settings("noleader", "first", {"extras": "a"}, False, 0)] == [
        {"variant": v, "length": n} for v in ("plain", "bonus") for n in (3, 5, 8)]


def test_every_setting_stops_separated_from_the_target_or_at_two_points_and_untied(table):
    for r in table.itertuples():
        separated = r.win_rate_lo > 0.5 or r.win_rate_hi < 0.5
        narrow = (r.win_rate_hi - r.win_rate_lo) / 2 <= HALF_WIDTH
        assert separated or narrow or r.games == MAX
        assert r.status == ("easier" if r.win_rate_lo > 0.5 else "harder" if r.win_rate_hi < 0.5 else "at target")
        assert r.games % BATCH == 0 and r.errors == 0
        assert r.games == MAX or not (r.contender and not r.recommended)  # a tie plays on while it can
    assert table["games"].min() < MAX  # sampled only while needed


def test_the_recommendation_is_the_closest_setting_and_only_if_the_data_tell_it_apart(table):
    picks = {}
    for variant, group in table.groupby("variant"):
        closest = (group["win_rate"] - 0.5).abs().idxmin()
        assert group.loc[closest, "contender"]
        near = (group["win_rate_lo"] - 0.5).abs().combine((group["win_rate_hi"] - 0.5).abs(), min)
        near[(group["win_rate_lo"] <= 0.5) & (group["win_rate_hi"] >= 0.5)] = 0
        far = (group["win_rate_lo"] - 0.5).abs().combine((group["win_rate_hi"] - 0.5).abs(), max)
        assert group["contender"].tolist() == [i == closest or near[i] <= far[closest] for i in group.index]
        alone = group["contender"].sum() == 1
        assert group["recommended"].tolist() == [alone and i == closest for i in group.index]
        picks[variant] = alone
    assert picks == {"bonus": True, "plain": False}  # both cases are exercised


def test_one_small_batch_whose_intervals_overlap_recommends_nothing(capsys, tmp_path):
    """After one batch of 50 games the two closest lengths' intervals overlap: no recommendation."""
    code, out, _ = run_cli(capsys, "calibrate", "ladder", "--strategy", "first", "--seed", 1, "--jobs", 1,
                           "--batch", 50, "--max-games", 50, "--out", tmp_path / "c.csv")
    assert code == 0 and "<- closest" not in out and "\nrecommendation" not in out
    assert re.search(r"no recommendation: length=\d(; length=\d)+ cannot be told apart at 50 games", out)
    assert out.count(" tied\n") >= 2


def test_settings_play_common_random_numbers_like_simulate(table):
    for r in table.itertuples():
        alone = automa.simulate("ladder", games=r.games, seed=1, strategy="first",
                                options={"length": r.length, "variant": r.variant}, jobs=1)
        assert r.player_wins == (alone["winner"] == "player").sum()


def test_cli_prints_the_table_and_recommendation_and_writes_csv(capsys, tmp_path, table):
    args = ["calibrate", "ladder", "--strategy", "first", "--by-leader", "--seed", 1, "--jobs", 2,
            "--max-games", MAX, "--out", tmp_path / "c.csv"]
    code, out, err = run_cli(capsys, *args)
    assert code == 0 and "round 1: 6 settings sampled" in err
    assert re.search(r"^variant +length +games +win rate +95% interval +status +recommendation$", out, re.M)
    assert out.count("<- closest") == 1 and "recommendation with variant=bonus: length=" in out
    assert "no recommendation with variant=plain: length=" in out
    assert "not a human player's" in out and f"table written to {tmp_path / 'c.csv'}" in out
    written = pd.read_csv(tmp_path / "c.csv")
    assert written.equals(pd.read_csv(io.StringIO(table.to_csv(index=False))))
    code, _, err = run_cli(capsys, *args)
    assert code == 2 and "already exists; use --force" in err


def test_a_target_beyond_every_setting_says_so(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "calibrate", "ladder", "--strategy", "high", "--seed", 1, "--jobs", 1,
                           "--out", tmp_path / "c.csv")
    assert code == 0 and out.count("<- closest") == 1
    assert "recommendation: length=3 — high wins" in out and "; every setting is easier than the target" in out


@pytest.mark.parametrize("args, message", [
    (["tiny"], "game tiny has no difficulty ladder to calibrate"),
    (["noleader", "--by-leader"], "--by-leader: game noleader's difficulty ladder has no leader option"),
    (["ladder", "--option", "length=5"], "--option length: calibrate sets it"),
    (["ladder", "--by-leader", "--option", "variant=bonus"], "--option variant: calibrate sets it"),
    (["ladder", "--target", "1.5"], "--target must be between 0 and 1"),
    (["ladder", "--batch", "0"], "--batch must be at least 1, got 0"),
    (["ladder", "--batch", "50", "--max-games", "10"], "--max-games must be at least --batch (50), got 10"),
    (["ladder", "--strategy", "sly"], "unknown strategy 'sly'"),
])
def test_bad_input_is_one_line_and_exit_code_2(capsys, tmp_path, args, message):
    code, out, err = run_cli(capsys, "calibrate", *args, "--out", tmp_path / "c.csv")
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err
    assert not (tmp_path / "c.csv").exists()


def test_a_ladder_option_must_have_allowed_values():
    with pytest.raises(ValueError, match="every difficulty_ladder option must be an option with allowed values"):
        dataclasses.replace(GAME, difficulty_ladder=Ladder(("crash_rate",)))


def test_the_engines_ladders():
    rurik = settings("rurik", "greedy", {}, True, 0)
    assert [s.values["difficulty"] for s in rurik[:4]] == [1, 2, 3, 4] and len(rurik) == 16
    assert [(s.values["opponent"], s.values["difficulty"]) for s in settings("stroganov", "greedy", {}, False, 0)] == [
        (o, d) for o in ("ivan", "katyusha") for d in ("normal", "medium", "hard")]


def test_calibrate_help_has_an_example(capsys):
    code, out, _ = run_cli(capsys, "calibrate", "--help")
    assert code == 0 and re.search(r"Example:\n +automa-sim calibrate ", out)
