"""``automa-sim rate`` (issue 23): games placed on a ladder by maximum likelihood (docs/review.md)."""
from __future__ import annotations

import csv
import re
from pathlib import Path

import numpy as np
import pytest

from automa.studies import ladder as lad
from automa.studies import rate
from automa.core.registry import get_game
from tests.core.test_cli import run_cli, usage_error


def synthetic(margins, sds, wins, games=200) -> rate.Ladder:
    """A one-setting ladder of players with the given mean margins, spreads and win rates."""
    game = get_game("stroganov")
    setting = ("normal",)
    players = [f"p{k}" for k in range(len(margins))]
    cells = {(p, setting): rate.Rung(games, w, max(0.0, w - 0.05), min(1.0, w + 0.05), m, s)
             for p, m, s, w in zip(players, margins, sds, wins)}
    return rate.Ladder(Path("synthetic"), game, ["difficulty"], [setting], {setting: {}}, players, cells)


def test_placement_is_the_maximum_likelihood_point_between_rungs():
    """Equal spreads: a mean margin equal to a rung's is placed on it; halfway between two rungs' means
    is placed halfway; the win rate there is interpolated between theirs."""
    ladder = synthetic([-20.0, -10.0, 0.0], [6.0, 6.0, 6.0], [0.0, 0.2, 0.6])
    theta, lo, hi, inside = rate.place(ladder, {("normal",): [-12.0, -8.0]})
    assert theta == pytest.approx(1.0) and lo < 1 < hi
    theta, *_ = rate.place(ladder, {("normal",): [-15.0] * 50})
    assert theta == pytest.approx(0.5, abs=0.02)
    e = rate.expected(ladder, ("normal",), 0.5, np.array([0.4, 0.5, 0.6]), [-15] * 50, 0)
    assert e.win == pytest.approx((0.1, 0.06, 0.17))  # the Wilson bounds at 0.4 and 0.6 of the way


def test_the_interval_narrows_with_more_games_and_is_the_likelihood_ratio_one():
    """The interval holds the theta whose log-likelihood is within Z95^2/2 of the best: for n games at
    a rung with spread sd and rungs 10 VP apart, about +-1.96 sd sqrt(1/n + 1/N) / 10 rungs."""
    ladder = synthetic([-20.0, -10.0, 0.0], [6.0, 6.0, 6.0], [0.0, 0.2, 0.6])
    widths = []
    for n in (4, 16, 64):
        theta, lo, hi, _ = rate.place(ladder, {("normal",): [-10.0] * n})
        widths.append(hi - lo)
        assert hi - lo == pytest.approx(2 * 1.96 * 6 * np.sqrt(1 / n + 1 / 200) / 10, abs=0.03)
    assert widths[0] > widths[1] > widths[2]


@pytest.fixture(scope="module")
def tiny_ladder(tmp_path_factory) -> Path:
    """A small Stroganov ladder: mc at budget 1 and three references at two difficulties, 30 games a cell."""
    out = tmp_path_factory.mktemp("rate") / "ladder"
    design = lad.plan("stroganov", "mc", [1], ["random", "greedy", "expert"], {}, ["difficulty=normal,hard"], 30, 1)
    lad.run(design, 1, out, quiet=True, backend="serial")
    return out


def _simulate(capsys, out, games, *args):
    code, _, err = run_cli(capsys, "simulate", "stroganov", "--games", games, "--seed", 9, "--out", out, "--quiet",
                           "--jobs", 1, *args)
    assert code == 0, err


def test_a_strategy_is_placed_on_its_own_rung(capsys, tmp_path, tiny_ladder):
    """greedy's games (other deals than the ladder's) are placed on the ladder's greedy rung, within the
    interval, and the win rate to expect at the other setting holds the ladder's greedy win rate there."""
    _simulate(capsys, tmp_path / "greedy", 40, "--strategy", "greedy")
    table = tmp_path / "rate.csv"
    code, out, err = run_cli(capsys, "rate", tmp_path / "greedy", "--ladder", tiny_ladder, "--out", table)
    assert code == 0, err
    ladder = rate.load_ladder(tiny_ladder)
    rung = ladder.players.index("greedy")
    rows = list(csv.DictReader(table.read_text().splitlines()))
    assert float(rows[0]["theta_lo"]) <= rung <= float(rows[0]["theta_hi"]) and rows[0]["nearest"] == "greedy"
    hard = next(r for r in rows if r["difficulty"] == "hard")
    truth = ladder.cells[("greedy", ("hard",))].win
    assert float(hard["win_rate_lo"]) <= truth <= float(hard["win_rate_hi"]) and hard["games"] == "0"
    assert "greedy: 40 games at difficulty=normal (40)" in out and "closest to the greedy player" in out
    assert "only" not in out


def test_fewer_than_five_games_say_how_little_they_tell(capsys, tmp_path, tiny_ladder):
    _simulate(capsys, tmp_path / "few", 3, "--strategy", "greedy")
    code, out, err = run_cli(capsys, "rate", tmp_path / "few", "--ladder", tiny_ladder)
    assert code == 0, err
    assert "only 3 games: one game's margin varies by many VP from deal to deal, so this says little" in out
    assert "would pin the mean margin to +-1 VP" in out


def test_a_sweep_folder_rates_each_strategy_apart(capsys, tiny_ladder):
    """The ladder's own folder is a sweep of every player: each is placed on its own rung."""
    code, out, err = run_cli(capsys, "rate", tiny_ladder, "--ladder", tiny_ladder)
    assert code == 0, err
    for player in ("random", "greedy", "expert"):
        assert f"{player}: 60 games at difficulty=normal (30), difficulty=hard (30)" in out


def test_a_default_stroganov_game_is_rated_on_the_published_ladder(capsys, tmp_path):
    """Issue 29: a game at Stroganov's default setting (Ivan, normal) is placed on the published ladder,
    which holds both opponents at normal and hard; its rungs are named in words with the search budget
    beside them, and it says what a placement means."""
    _simulate(capsys, tmp_path / "one", 1)
    code, out, err = run_cli(capsys, "rate", tmp_path / "one")
    assert code == 0, err
    assert "master: 1 game at opponent=ivan difficulty=normal (1)" in out
    for setting in ("opponent=ivan difficulty=hard", "opponent=katyusha difficulty=normal"):
        assert re.search(rf"^  {setting} +win ", out, re.M)
    assert "the search player at budget 16 (plays 16 trial games to the end before each decision)" in out
    assert "the greedy player (takes what scores most one step ahead)" in out and "mc(" not in out
    assert rate.MEANING in out


def test_rungs_are_named_in_words():
    from automa.studies.rungs import rung_name, rung_words

    assert rung_words("mc(budget=1,rollout=expert,z=1)") == ("the search player at budget 1 (plays as its rollout "
                                                             "player, expert)")
    assert rung_name("mcts(budget=64)") == "the search player at budget 64"
    assert rung_words("mc(budget=8,rollout=master,width=4,z=1,horizon=0)") == (
        "the search player at budget 8 (plays 8 trial games to the end of the round, valued from there, before "
        "each decision)")
    assert rung_words("mc(budget=8,horizon=2)") == (
        "the search player at budget 8 (plays 8 trial games to the end of the round 2 after, valued from there, "
        "before each decision)")
    assert rung_words("master") == "the master player (the expert's rules of thumb, tuned: the strongest fast player)"
    assert rung_words("settler", "outposts and landscape sets first") == ("the settler player (outposts and landscape "
                                                                          "sets first)")


def _bad(capsys, *args) -> str:
    return usage_error(capsys, "rate", *args)


def test_rate_bad_input_is_one_line_and_exit_2(capsys, tmp_path, tiny_ladder):
    assert "no games.csv" in _bad(capsys, tmp_path)
    _simulate(capsys, tmp_path / "kat", 2, "--option", "opponent=katyusha")
    assert "none of its 2 finished games is at a setting of the ladder" in _bad(capsys, tmp_path / "kat", "--ladder",
                                                                                tiny_ladder)
    assert "no manifest.json there" in _bad(capsys, tmp_path / "kat", "--ladder", tmp_path)
    assert "not a ladder" in _bad(capsys, tmp_path / "kat", "--ladder", tmp_path / "kat")
    assert "no games of it" in _bad(capsys, tmp_path / "kat", "--ladder", tiny_ladder, "--strategy", "expert")
    assert "unknown strategy" in _bad(capsys, tmp_path / "kat", "--ladder", tiny_ladder, "--strategy", "nosuch")
    run_cli(capsys, "simulate", "rurik", "--games", 1, "--seed", 1, "--out", tmp_path / "rk", "-q", "-j", 1)
    assert "is a ladder of stroganov" in _bad(capsys, tmp_path / "rk", "--ladder", tiny_ladder)
    (tmp_path / "taken.csv").write_text("x")
    assert "already exists" in _bad(capsys, tmp_path / "kat", "--out", tmp_path / "taken.csv")
