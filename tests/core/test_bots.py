"""What the core gives a game beyond one player against one automa (docs/new-game.md section 13):
several automa sides, no winner, guards, and games of bots only; on the bots test game
(tests/core/botsgame.py). Rurik's, Stroganov's and the tiny game's tables stay as they were."""
import io
import json
from dataclasses import replace

import pandas as pd
import pytest

from automa.analysis.stats import Tally
from automa.core import registry
from automa.core.registry import get_game
from automa.core.results import NO_WINNER, Result, columns, read_games, row, winners
from automa.core.seeding import game_streams
from automa.core.trace import Trace
from tests.core import botsgame
from tests.core.test_cli import run_cli

GAME = botsgame.GAME
STRICT = replace(GAME, name="bots_strict", no_winner=False, guards=None)  # the same play, no "none", no guards


@pytest.fixture(autouse=True)
def bots(monkeypatch):
    """Register the bots game (and its strict copy) for one test."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register("bots", botsgame.TARGET)
    registry.register("bots_strict", f"{__name__}:STRICT")


def result(winner="automa", sides=None, guards=()):
    return Result({"vp": 20}, {"vp": 25}, winner, 4, 4, sides={"cat": 25, "bird": 9} if sides is None else sides,
                  guards=guards)


@pytest.mark.parametrize("name", ["rurik", "stroganov", "tiny"])
def test_a_game_that_declares_nothing_new_keeps_its_columns(name):
    """No side, guards or other new column for a game that does not declare them: its games.csv is
    byte-identical to before."""
    cols = columns(get_game(name))
    assert cols[-3:] == ["rounds", "turns", "error"]
    assert not any(c.startswith("side_") or c == "guards" for c in cols)
    assert winners(get_game(name)) == ("player", "automa", "tie")


def test_sides_and_guards_are_columns_after_turns():
    """A side_<name> column per declared side, then guards, between turns and error (so the
    category and score columns are where every reader finds them)."""
    cols = columns(GAME)
    assert cols[cols.index("turns") + 1:] == ["side_cat", "side_bird", "side_mouse", "side_lizard", "guards",
                                              "error"]


def test_a_row_gives_each_sides_score_and_the_guards_that_fired():
    """Each side's total, empty where the side is not in the game; the guards' rule IDs joined by ';'.
    The margin is against the best side (the automa side)."""
    values = dict(zip(columns(GAME), row(GAME, 0, 1, "high", [True, 2, 5, 25],
                                         result(guards=(botsgame.EMPTY_DECK, botsgame.CAP)))))
    assert (values["automa_score"], values["margin"]) == (25, -5)
    assert [values[f"side_{s}"] for s in GAME.sides] == [25, 9, "", ""]
    assert values["guards"] == "BOTS-DECK;BOTS-CAP" and values["error"] == ""
    error = row(GAME, 0, 1, "high", [True, 2, 5, 25], None, "boom")
    assert len(error) == len(columns(GAME)) and error[-1] == "boom" and error[-6:-1] == [""] * 5


@pytest.mark.parametrize("bad, message", [
    (dict(sides={"cat": 25, "dog": 3}), "reported side 'dog'"),
    (dict(sides={"cat": 20, "bird": 30}), "the automa side must be the best side"),
    (dict(guards=("RT-OPEN-99",)), "reported guard 'RT-OPEN-99'"),
    (dict(winner="nobody"), "reported winner 'nobody'"),
])
def test_a_result_the_game_may_not_report_is_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        row(GAME, 0, 1, "high", [True, 2, 5, 25], result(**bad))


def test_no_winner_is_allowed_only_where_declared():
    """"none" (no winner, e.g. at a turn cap) only for a game with no_winner; every other game's
    winners are as before."""
    assert NO_WINNER in winners(GAME) and NO_WINNER not in winners(STRICT)
    row(GAME, 0, 1, "high", [True, 2, 5, 25], result(NO_WINNER))
    with pytest.raises(ValueError, match="reported winner 'none'; allowed: player, automa, tie"):
        row(get_game("tiny"), 0, 1, "high", [5, "plain", "", "red", 0, 0, ""],
            Result({"dice": 3}, {"dice": 4}, NO_WINNER, 5, 5))
    with pytest.raises(ValueError, match="reported guard"):  # nor may a game without guards report one
        row(STRICT, 0, 1, "high", [True, 2, 5, 25], result(guards=(botsgame.CAP,)))


def test_a_run_writes_sides_guards_and_no_winner_and_counts_the_guards(capsys, tmp_path):
    """RT-OPEN-35, RT-OPEN-36 (the turn cap and the empty-deck guard) as the core records them: the
    guards column, the manifest's counts and the report's line per guard; "none" is neither a win nor
    a tie in the summary."""
    code, out, err = run_cli(capsys, "simulate", "bots", "-n", 80, "--seed", 3, "-j", 2, "--out", tmp_path / "r")
    assert code == 0, err
    games = read_games(tmp_path / "r" / "games.csv", get_game)
    assert str(games["side_cat"].dtype) == "Int64" and games["side_mouse"].isna().all()
    assert (games["automa_score"] == games[["side_cat", "side_bird"]].max(axis=1)).all()
    fired = {rule: int(games["guards"].str.contains(rule).sum()) for rule in GAME.guards}
    assert fired[botsgame.CAP] == int((games["winner"] == "none").sum()) > 0 and fired[botsgame.EMPTY_DECK] > 0
    assert json.loads((tmp_path / "r" / "manifest.json").read_text())["guards"] == dict(sorted(fired.items()))
    assert f"turn cap (BOTS-CAP) fired in {fired[botsgame.CAP]} of 80 finished games" in out
    assert f"empty deck (BOTS-DECK) fired in {fired[botsgame.EMPTY_DECK]} of 80 finished games" in out
    wins = int((games["winner"] == "player").sum())
    assert f"player win rate {wins / 80:.1%}" in out and "ties 0," in out
    code, out, err = run_cli(capsys, "summarize", tmp_path / "r", "--format", "csv")
    assert code == 0, err
    summary = pd.read_csv(io.StringIO(out)).iloc[0]
    assert (summary["games"], summary["player_wins"], summary["ties"]) == (80, wins, 0)  # "none" is neither
    code, out, err = run_cli(capsys, "compare", tmp_path / "r", tmp_path / "r")
    assert code == 0 and "paired over 80 games" in out, err


def test_a_run_of_a_game_without_guards_has_no_guard_line(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "simulate", "tiny", "-n", 10, "--seed", 3, "-j", 1, "--out", tmp_path / "t")
    assert code == 0 and "fired in" not in out
    assert "guards" not in json.loads((tmp_path / "t" / "manifest.json").read_text())


def test_a_result_its_game_may_not_report_is_an_error_row(capsys, tmp_path):
    """The strict copy reports "none" and guards it does not declare: those games are error rows,
    the others are played as usual."""
    code, _, err = run_cli(capsys, "simulate", "bots_strict", "-n", 40, "--seed", 3, "-j", 1, "--out", tmp_path / "s")
    assert code == 0, err
    games = read_games(tmp_path / "s" / "games.csv", get_game)
    bad = games[games["error"] != ""]
    assert len(bad) and bad["error"].str.startswith("ValueError: game bots_strict reported").all()
    assert len(bad) < len(games)


def test_the_guards_tally_merges_and_ignores_error_rows():
    first = 4 + len(GAME.options)
    ok = row(GAME, 0, 1, "high", [True, 2, 5, 25], result(guards=(botsgame.CAP,)))
    failed = row(GAME, 1, 1, "high", [True, 2, 5, 25], None, "boom")
    a, b = Tally(2, guards=True), Tally(2, guards=True)
    a.add_games_row(ok, first)
    b.add_games_row(ok, first)
    b.add_games_row(failed, first)
    a.merge(b)
    assert dict(a.guards) == {botsgame.CAP: 2} and (a.games, a.errors) == (3, 1)
    assert Tally(2).guards is None


def test_a_guard_is_a_trace_event_with_its_rule():
    """Trace convention: kind "guard" with rule=<ID>, once each time the guard acts."""
    opts = GAME.resolve_options({"seat": False})
    for i in range(30):
        streams, trace = game_streams(3, i), Trace()
        res = GAME.play(None, opts, botsgame.Never(streams.strategy), streams, trace)
        rules = [e["rule"] for e in trace.events if e["kind"] == "guard"]
        assert set(rules) == set(res.guards) and len(rules) >= len(res.guards)


def test_a_bots_only_game_asks_the_strategy_nothing(capsys, tmp_path):
    """A game of bots only (seat=false) is played, replayed and reviewed with a strategy that fails if
    asked: nothing in the core needs a decision, and the review has none to rate."""
    code, out, err = run_cli(capsys, "simulate", "bots", "-n", 30, "--seed", 3, "-j", 2, "-s", "never",
                             "-o", "seat=false", "--out", tmp_path / "b")
    assert code == 0 and "0 errors" in out, err
    games = read_games(tmp_path / "b" / "games.csv", get_game)
    assert (games["error"] == "").all() and (games["player_score"] == 0).all()
    code, out, err = run_cli(capsys, "replay", tmp_path / "b", "--game-index", 4)
    assert code == 0, err
    final = out.strip().splitlines()[-1]
    assert final.startswith("final") and "| sides: cat=" in final and "| guards: " in final
    code, out, err = run_cli(capsys, "review", tmp_path / "b", "--game-index", 4, "--seed", 1,
                             "--strategy", "strategies.mc:FlatMonteCarlo(rollout=high)",
                             "--out", tmp_path / "review.csv")
    assert code == 0, err
    assert "0 player decisions" in out
