"""Calibration on the tiny game with a difficulty ladder: stopping rule, recommendation, seeding, errors."""
import dataclasses
import io
import json
import re
import signal
import time

import pandas as pd
import pytest

import automa
from automa.core import registry
from automa.studies.calibrate import BATCH, HALF_WIDTH, calibrate, plan, play, settings
from automa.core.registry import Ladder
from tests.core import tinygame
from tests.core.test_cli import run_cli, subprocess_cli

# the tiny game with a ladder: length 3, 5, 8, split by variant with --by-leader
GAME = dataclasses.replace(tinygame.GAME, name="ladder", difficulty_ladder=Ladder(("length",), leader="variant"))
MAX = 2600  # games per setting at most: variant=plain's settings cannot be told apart by then
NO_LEADER = dataclasses.replace(GAME, name="noleader", difficulty_ladder=Ladder(("variant", "length")))


@pytest.fixture(autouse=True)
def ladder_games(tiny):
    registry.register("ladder", f"{__name__}:GAME")
    registry.register("noleader", f"{__name__}:NO_LEADER")


TARGETS = {0.465: {"plain": "tied", "bonus": "settled"},  # 'first' wins 45.3, 46.5, 46.6% plain; 52.6, 56.6, 61.9% bonus
           0.62: {"plain": "settled", "bonus": "told apart"}}


@pytest.fixture(scope="module", params=sorted(TARGETS))
def table(request):
    saved = dict(registry._GAMES)
    registry.register("ladder", f"{__name__}:GAME")
    try:
        yield calibrate("ladder", "first", request.param, by_leader=True, seed=1, max_games=MAX, jobs=1)
    finally:
        registry._GAMES.clear()
        registry._GAMES.update(saved)


def test_settings_walk_the_ladder_easiest_to_hardest():
    assert [s.group | s.values for s in settings("ladder", "first", {}, True, 0)] == [
        {"variant": v, "length": n} for v in ("plain", "bonus") for n in (3, 5, 8)]
    assert [s.values for s in settings("noleader", "first", {"extras": "a"}, False, 0)] == [
        {"variant": v, "length": n} for v in ("plain", "bonus") for n in (3, 5, 8)]


def settled(group) -> bool:
    return group["win_rate_hi"].lt(group["target"]).all() or group["win_rate_lo"].gt(group["target"]).all()


def test_every_setting_stops_separated_from_the_target_or_at_two_points_and_untied(table):
    target = table["target"].iloc[0]
    for r in table.itertuples():
        separated = r.win_rate_lo > target or r.win_rate_hi < target
        narrow = (r.win_rate_hi - r.win_rate_lo) / 2 <= HALF_WIDTH
        assert separated or narrow or r.games == MAX
        assert r.status == ("easier" if r.win_rate_lo > target else "harder" if r.win_rate_hi < target
                            else "at target")
        assert r.games % BATCH == 0 and r.errors == 0
        assert r.games == MAX or not (r.contender and not r.recommended)  # a tie plays on while it can
    assert table["games"].min() < MAX  # sampled only while needed


def test_a_group_stops_once_every_interval_lies_on_one_side_of_the_target(table):
    """Every setting of a settled group stopped the round its group settled, the last setting to
    separate from the target: no setting plays on to tell the ones at the ladder's end apart."""
    target = table["target"].iloc[0]
    for variant, group in table.groupby("variant"):
        assert settled(group) == (TARGETS[target][variant] == "settled")
        if settled(group):
            assert group["recommended"].sum() == 1 and group["contender"].sum() == 1
            assert group["games"].max() < MAX and (group["games"] <= BATCH * 2).all(), group
    if target == 0.62:
        assert table[table["variant"] == "plain"]["games"].tolist() == [BATCH] * 3  # main: 2,600 each


def test_the_recommendation_is_the_closest_setting_and_only_if_the_data_tell_it_apart(table):
    target = table["target"].iloc[0]
    picks = {}
    for variant, group in table.groupby("variant"):
        closest = (group["win_rate"] - target).abs().idxmin()
        assert group.loc[closest, "contender"]
        near = (group["win_rate_lo"] - target).abs().combine((group["win_rate_hi"] - target).abs(), min)
        near[(group["win_rate_lo"] <= target) & (group["win_rate_hi"] >= target)] = 0
        far = (group["win_rate_lo"] - target).abs().combine((group["win_rate_hi"] - target).abs(), max)
        tied = [i == closest or (near[i] <= far[closest] and not settled(group)) for i in group.index]
        assert group["contender"].tolist() == tied
        alone = group["contender"].sum() == 1
        assert group["recommended"].tolist() == [alone and i == closest for i in group.index]
        picks[variant] = "tied" if not alone else "settled" if settled(group) else "told apart"
    assert picks == TARGETS[target]  # every case is exercised


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
    target = table["target"].iloc[0]
    args = ["calibrate", "ladder", "--strategy", "first", "--by-leader", "--seed", 1, "--jobs", 2,
            "--max-games", MAX, "--target", target, "--out", tmp_path / "c.csv"]
    code, out, err = run_cli(capsys, *args)
    assert code == 0 and "round 1: 6 settings sampled" in err
    assert re.search(r"^variant +length +games +win rate +95% interval +status +recommendation$", out, re.M)
    if target == 0.465:
        assert out.count("<- closest") == 1 and "no recommendation with variant=plain: length=" in out
        assert re.search(r"\nevery setting is easier than the target 46.5% with variant=bonus: the hardest, "
                         r"length=3, gives \d+\.\d% \[\d+\.\d%, \d+\.\d%\] \(\d+ games; every setting's 95% "
                         r"interval lies above the target, so more games cannot change this\)\n", out)
    else:
        assert out.count("<- closest") == 2 and "recommendation with variant=bonus: length=8 — first wins" in out
        assert re.search(r"\nno setting reaches the target 62% with variant=plain: the easiest, length=\d, gives "
                         r"\d+\.\d% \[\d+\.\d%, \d+\.\d%\] \(200 games; every setting's 95% interval lies "
                         r"below the target", out)
    assert "not a human player's" in out and f"table written to {tmp_path / 'c.csv'}" in out
    written = pd.read_csv(tmp_path / "c.csv")
    assert written.equals(pd.read_csv(io.StringIO(table.to_csv(index=False))))
    code, _, err = run_cli(capsys, *args)
    assert code == 2 and "already exists; use --force" in err


def test_a_target_beyond_every_setting_says_so(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "calibrate", "ladder", "--strategy", "high", "--seed", 1, "--jobs", 1,
                           "--out", tmp_path / "c.csv")
    assert code == 0 and out.count("<- closest") == 1
    assert "every setting is easier than the target 50%: the hardest, length=3, gives 90.5%" in out
    assert pd.read_csv(tmp_path / "c.csv")["games"].tolist() == [BATCH] * 3  # one round; main played 400, 400, 200


@pytest.mark.parametrize("args, message", [
    (["tiny"], "game tiny has no difficulty ladder to calibrate"),
    (["noleader", "--by-leader"], "--by-leader: game noleader's difficulty ladder has no leader option"),
    (["ladder", "--option", "length=5"], "--option length: calibrate sets it"),
    (["ladder", "--by-leader", "--option", "variant=bonus"], "--option variant: calibrate sets it"),
    (["ladder", "--target", "1.5"], "--target must be between 0 and 1"),
    (["ladder", "--batch", "0"], "--batch must be at least 1, got 0"),
    (["ladder", "--batch", "50", "--max-games", "10"], "--max-games must be at least --batch (50), got 10"),
    (["ladder", "--strategy", "sly"], "unknown strategy 'sly'"),
    (["tiny", "--over", "length"], "--over expects OPTION=V1,V2,... (values easiest first), got 'length'"),
    (["tiny", "--over", "length=3,,8"], "--over expects OPTION=V1,V2,..."),
    (["tiny", "--over", "lenght=3,8"], "unknown option 'lenght' for game tiny (did you mean 'length'?)"),
    (["tiny", "--over", "length=3,4"], "--over length=4: option length: '4' is not allowed; allowed: 3, 5, 8"),
    (["tiny", "--over", "deck=nowhere.txt,other.txt"], "--over deck=nowhere.txt: option deck: no such file"),
    (["tiny", "--over", "length=3"], "--over length: give two or more different values, easiest first"),
    (["tiny", "--over", "length=3,3"], "--over length: give two or more different values"),
    (["tiny", "--over", "extras=a,b"], "--over extras: a set option's values hold commas"),
    (["tiny", "--over", "length=3,8", "-o", "length=5"], "--option length: calibrate sets it (the --over ladder"),
    (["tiny", "--over", "length=3,8", "--by-leader"], "--by-leader: game tiny has no difficulty ladder"),
    (["ladder", "--over", "variant=plain,bonus", "--by-leader"], "--over variant: --by-leader walks it already"),
    (["ladder", "--jobs", "0"], "--jobs must be at least 1, got 0"),
    ([], "calibrate needs GAME (or --resume CSV)"),
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


def test_over_walks_one_options_values_in_the_order_given_with_the_rest_fixed(capsys, tmp_path):
    """``--over`` replaces the ladder: the given values, easiest first, in a game without a ladder too;
    ``--option`` fixes the others, and each value plays the same games as ``simulate`` with it."""
    out = tmp_path / "c.csv"
    code, text, _ = run_cli(capsys, "calibrate", "tiny", "--strategy", "first", "--over", "length=8,3",
                            "-o", "variant=bonus", "--target", 0.58, "--max-games", 600, "--seed", 2, "--jobs", 1, "--out", out)
    assert code == 0
    table = pd.read_csv(out)
    assert table["length"].tolist() == [8, 3] and "variant" not in table
    assert re.search(r"^length +games +win rate", text, re.M)
    for r in table.itertuples():
        alone = automa.simulate("tiny", games=r.games, seed=2, strategy="first",
                                options={"length": r.length, "variant": "bonus"}, jobs=1)
        assert r.player_wins == (alone["winner"] == "player").sum()
    found = settings("ladder", "first", {"length": 5}, False, 0, ("variant", ["bonus", "plain"]))
    assert [(s.values, s.spec.options["length"]) for s in found] == [({"variant": "bonus"}, 5), ({"variant": "plain"}, 5)]


def test_over_takes_data_files_as_values(capsys, tmp_path):
    """A designer's own files, each checked as ``--option deck=FILE`` would be."""
    easy, hard = tmp_path / "easy.txt", tmp_path / "hard.txt"
    easy.write_text("1\n1\n1\n")
    hard.write_text("6\n6\n6\n")
    code, text, _ = run_cli(capsys, "calibrate", "tiny", "--strategy", "first", "--over", f"deck={easy},{hard}",
                            "--max-games", 400, "--seed", 1, "--jobs", 1, "--out", tmp_path / "c.csv")
    assert code == 0 and f"deck={easy}" in text and pd.read_csv(tmp_path / "c.csv")["deck"].tolist() == [
        str(easy), str(hard)]


def test_progress_shows_the_games_so_far_and_the_worst_case_time_left(capsys, tmp_path):
    cal = plan("tiny", "first", 0.465, {}, False, ("length", ["3", "5", "8"]), seed=1, batch=100, max_games=600)
    seen = []
    assert not play(cal, 1, seen.append)
    assert [p.round for p in seen] == list(range(1, len(seen) + 1)) and len(seen) > 2
    for p, nxt in zip(seen, seen[1:]):
        assert p.games == p.played and nxt.games - p.games == 100 * nxt.sampled
        assert nxt.sampled * 100 <= p.left <= nxt.sampled * (600 - 100 * p.round)  # the worst case of what plays on
    assert seen[-1].left == 0 and seen[-1].games == cal.games()
    code, _, err = run_cli(capsys, "calibrate", "tiny", "--strategy", "first", "--target", 0.465, "--over",
                           "length=3,5,8", "--batch", 100, "--max-games", 600, "--seed", 1, "--jobs", 1,
                           "--out", tmp_path / "c.csv")
    lines = err.splitlines()
    assert code == 0 and len(lines) == len(seen)
    for line, p in zip(lines, seen):
        left = "done" if not p.left else rf"at most \d+ (s|min) left \({p.left:,} games\)"
        assert re.fullmatch(rf"round {p.round}: {p.sampled} settings sampled, {p.games:,} games so far "
                            rf"\([\d,]+ games/s\); {left}", line), line


OVER = ["calibrate", "tiny", "--strategy", "first", "--target", 0.465, "--over", "length=3,5,8", "--batch", 40,
        "--max-games", 200, "--seed", 3]


@pytest.mark.parametrize("stop_at", [1, 4, 11])
def test_a_stopped_calibration_resumes_to_the_same_table(capsys, tmp_path, monkeypatch, stop_at):
    """Ctrl-C during batch ``stop_at`` (mid-round or at a round's start): the finished batches are kept
    in the table and the state, and ``--resume`` ends with the uninterrupted run's table."""
    from automa.studies import calibrate as cal

    code, whole, _ = run_cli(capsys, *OVER, "--jobs", 1, "--out", tmp_path / "whole.csv")
    assert code == 0
    real, calls = cal._play_batch, []

    def stop(*args):
        calls.append(args)
        if len(calls) == stop_at:
            raise KeyboardInterrupt
        return real(*args)

    out = tmp_path / "c.csv"
    with monkeypatch.context() as patch:
        patch.setattr(cal, "_play_batch", stop)
        code, text, _ = run_cli(capsys, *OVER, "--jobs", 1, "--out", out)
    assert code == 130 and text.splitlines()[-1] == f"automa-sim calibrate --resume {out}"
    assert "INTERRUPTED" in text and pd.read_csv(out)["games"].sum() == 40 * (stop_at - 1)
    assert bool(re.search(r"^\d +0 +- +- +open", text, re.M)) == (stop_at == 1)  # a setting not played yet
    state = json.loads(cal.state_path(out).read_text())
    assert state["interrupted"] and state["games_done"] == 40 * (stop_at - 1) and state["kind"] == "calibrate"
    code, text, err = run_cli(capsys, "calibrate", "--resume", out, "--jobs", 2)
    assert code == 0, err
    assert out.read_bytes() == (tmp_path / "whole.csv").read_bytes()
    assert text.replace(str(out), "X") == whole.replace(str(tmp_path / "whole.csv"), "X")
    assert not cal.state_path(out).exists()
    code, _, err = run_cli(capsys, "calibrate", "--resume", out)
    assert code == 2 and "no calibration state" in err and "nothing to resume" in err


def test_ctrl_c_of_calibrate_keeps_the_table_and_ends_with_its_resume_command(capsys, tmp_path):
    from automa.studies.calibrate import state_path

    out = tmp_path / "c.csv"
    proc = subprocess_cli(*OVER, "-o", "delay_ms=2", "--jobs", 1, "--out", out)  # >= 1.2 s
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
        try:
            if json.loads(state_path(out).read_text())["games_done"] >= 80:
                break
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    assert stdout.splitlines()[-1] == f"automa-sim calibrate --resume {out}"
    assert 80 <= pd.read_csv(out)["games"].sum() < 600
    code, _, err = run_cli(capsys, "calibrate", "--resume", out, "--jobs", 1)
    assert code == 0, err
    code, _, _ = run_cli(capsys, *OVER, "--jobs", 1, "--out", tmp_path / "whole.csv")  # delay_ms changes no result
    assert out.read_bytes() == (tmp_path / "whole.csv").read_bytes()


@pytest.mark.parametrize("flag", [["ladder"], ["--seed", 2], ["--target", 0.4], ["--over", "length=3,8"],
                                  ["--batch", 10], ["--out", "x.csv"], ["--by-leader"]])
def test_resume_takes_the_settings_from_the_state(capsys, tmp_path, flag):
    code, _, err = run_cli(capsys, "calibrate", *flag, "--resume", tmp_path / "c.csv")
    assert code == 2 and "--resume takes the run's settings" in err


def test_resume_refuses_a_changed_data_file(capsys, tmp_path, monkeypatch):
    from automa.studies import calibrate as cal

    deck = tmp_path / "deck.txt"
    deck.write_text("1\n6\n2\n")
    monkeypatch.setattr(cal, "_play_batch", lambda *a: (_ for _ in ()).throw(KeyboardInterrupt))
    code, _, _ = run_cli(capsys, *OVER, "-o", f"deck={deck}", "--jobs", 1, "--out", tmp_path / "c.csv")
    assert code == 130
    deck.write_text("1\n6\n3\n")
    code, _, err = run_cli(capsys, "calibrate", "--resume", tmp_path / "c.csv")
    assert code == 2 and "a data file the calibration reads is missing or changed" in err
