"""``automa-sim review`` (issue 23): the replayed game, the reviewer's verdicts, the planted blunder."""
from __future__ import annotations

import csv
import json

import pytest

from automa.table import review as rev
from automa.table import saved
from automa.core.registry import get_game, get_strategy
from automa.core.results import columns, row
from automa.core.seeding import game_streams
from automa.core.strategy import Strategy
from tests.core.test_cli import run_cli, usage_error

# Stroganov, seed 3, game 0: at its 102nd decision expert fulfils a wish, ("wish", 4), and wins by 3;
# taking no main action there instead loses by 4, and loses the game in every paired rollout.
INDEX, BLUNDER_AT, BLUNDER, EXPERT = 0, 102, None, ("wish", 4)


class Planted(Strategy):
    """``expert``, except that its ``BLUNDER_AT``-th decision plays ``BLUNDER``; keeps every choice as
    a saved game does, ``[kind, choice]``."""

    def __init__(self, rng):
        super().__init__(rng)
        self.expert = get_strategy(get_game("stroganov"), "expert")(rng)
        self.choices = []

    def choose(self, decision):
        choice = self.expert.choose(decision)
        if len(self.choices) + 1 == BLUNDER_AT:
            assert decision.kind == "main" and BLUNDER in decision.choices and choice == EXPERT, \
                "the planted decision moved: pick another one (tools: a verdict with every choice)"
            choice = BLUNDER
        self.choices.append((decision.kind, saved.encode(choice)))
        return choice


def planted_game(path) -> dict:
    """Stroganov game ``INDEX`` of seed 3 with the blunder planted, saved in ``path`` as ``play`` saves
    a game; its games.csv row."""
    game = get_game("stroganov")
    opts = game.resolve_options({})
    st = game_streams(3, INDEX)
    player = Planted(st.strategy)
    result = game.play(game.prepare(opts), opts, player, st, None)
    record = dict(zip(columns(game), row(game, INDEX, 3, "human", [opts[o.name] for o in game.options], result)))
    saved.Saved("stroganov", 3, INDEX, {}, player.choices, record).write(path)
    return record


def test_review_ranks_a_planted_blunder_first(capsys, tmp_path):
    """A saved game whose 102nd choice was swapped for one that gives a won game away: the review
    replays the saved choices to the same result and ranks that decision first, with a loss whose
    interval is well above zero and above the next decision's loss; every decision is reviewed."""
    record = planted_game(tmp_path / "planted.json")
    table = tmp_path / "review.csv"
    code, out, err = run_cli(capsys, "review", tmp_path / "planted.json", "--strategy", "mc(budget=8,width=2)",
                             "--rollouts", 8, "--seed", 1, "--out", table)
    assert code == 0, err
    assert f"player {record['player_score']}, automa {record['automa_score']}" in out
    rows = list(csv.DictReader(table.read_text().splitlines()))
    assert [int(r["decision"]) for r in rows] == list(range(1, len(rows) + 1)) and len(rows) > BLUNDER_AT
    first, second = sorted(rows, key=lambda r: -float(r["value_lost"]))[:2]
    assert int(first["decision"]) == BLUNDER_AT and json.loads(first["chosen"]) == BLUNDER
    assert json.loads(first["best"]) != BLUNDER and first["chosen_label"] != first["best_label"]
    assert float(first["value_lost_lo"]) > 0.3 and float(first["margin_lost_lo"]) > 0
    assert float(first["value_lost_lo"]) > float(second["value_lost"])
    assert f"1. decision {BLUNDER_AT} of {len(rows)} (main, " in out
    assert f"   played: {first['chosen_label']}" in out and f"   better: {first['best_label']}" in out
    assert out.count("   the board then:") == 5


@pytest.fixture(scope="module")
def greedy_run(tmp_path_factory):
    """Three Stroganov games of greedy, as simulate writes them."""
    out = tmp_path_factory.mktemp("review") / "run"
    import cli
    with pytest.raises(SystemExit):
        cli.main(["simulate", "stroganov", "--games", "3", "--seed", "2", "--strategy", "greedy", "--out", str(out),
                  "--quiet", "--jobs", "1"])
    return out


def test_review_of_a_results_folder(capsys, tmp_path, greedy_run):
    """Game 1 of a run, replayed from its manifest: every decision is a row of the CSV (the same bytes
    for the same seed), the costliest are printed with the better choice, and stderr says what it
    costs, how long it will take, and how long it took."""
    tables = []
    for k in range(2):
        table = tmp_path / f"review{k}.csv"
        code, out, err = run_cli(capsys, "review", greedy_run, "--game-index", 1, "--strategy", "mc(budget=4,width=2)",
                                 "--rollouts", 3, "--seed", 5, "--out", table)
        assert code == 0, err
        tables.append(table.read_bytes())
    rows = list(csv.DictReader(tables[0].decode().splitlines()))
    decisions = int(err.split("reviewing ")[1].split(" decisions")[0])
    assert len(rows) == decisions > 50 and list(rows[0]) == list(rev.COLUMNS)
    assert [int(r["decision"]) for r in rows] == list(range(1, decisions + 1))
    assert tables[0] == tables[1]
    same = [r for r in rows if r["same"] == "True"]
    assert all(float(r["value_lost"]) == 0 for r in same) and len(same) < decisions
    differ = [r for r in rows if r["same"] == "False"]
    assert all(int(r["rollouts"]) == 3 and r["chosen"] != r["best"] for r in differ)
    assert "the 5 costliest decisions:" in out and out.count("   better: ") == 5 and "seed 5" in out
    assert "4 rollouts per decision" in err and "6 more" in err and "the first decision took" in err and "the review takes up to about" in err
    assert "reviewed in" in err
    assert all(r["finding"] in ("loss", "gain", "even") and r["measure"] in ("win", "VP") for r in differ)
    assert all(r["finding"] == r["measure"] == r["certain"] == r["bound"] == "" for r in same)
    losses = [r for r in differ if r["finding"] == "loss"]
    worst = min(losses, key=lambda r: (r["certain"] != "True", r["measure"] != "win", -float(r["bound"])))
    assert f"1. decision {worst['decision']} of {decisions}" in out


def _bad(capsys, *args) -> str:
    return usage_error(capsys, "review", *args)


def test_review_bad_input_is_one_line_and_exit_2(capsys, tmp_path, greedy_run):
    assert "needs --game-index" in _bad(capsys, greedy_run)
    assert "neither a saved game nor a results folder" in _bad(capsys, tmp_path, "--game-index", 0)
    assert "games 0..2" in _bad(capsys, greedy_run, "--game-index", 3)
    assert "not a search strategy with a verdict" in _bad(capsys, greedy_run, "-i", 0, "--strategy", "mcts")
    assert "budget >= 2 x width" in _bad(capsys, greedy_run, "-i", 0, "--strategy", "mc(budget=3,width=2)")
    assert "unknown strategy" in _bad(capsys, greedy_run, "-i", 0, "--strategy", "nosuch")
    assert "--rollouts must be at least 2" in _bad(capsys, greedy_run, "-i", 0, "--rollouts", 1)
    assert "--top must be at least 1" in _bad(capsys, greedy_run, "-i", 0, "--top", 0)
    existing = tmp_path / "taken.csv"
    existing.write_text("x")
    assert "already exists" in _bad(capsys, greedy_run, "-i", 0, "--out", existing)


def test_review_refuses_a_game_that_does_not_replay(capsys, tmp_path, greedy_run):
    """A games file whose row does not match what the game replays to (the rules changed since, or
    the file was edited) is refused before any rollout."""
    import shutil
    changed = tmp_path / "changed"
    shutil.copytree(greedy_run, changed)
    with open(changed / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    rows[1]["player_score"] = str(int(rows[1]["player_score"]) + 1)
    with open(changed / "games.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    assert "the rules changed since it was played" in _bad(capsys, changed, "-i", 1, "--out", tmp_path / "r.csv")


def test_a_game_without_rollouts_cannot_be_reviewed(capsys, tmp_path):
    run_cli(capsys, "simulate", "tiny", "--games", 2, "--seed", 1, "--strategy", "high", "--out", tmp_path / "t", "-q")
    err = _bad(capsys, tmp_path / "t", "-i", 0, "--strategy", "strategies.mc:FlatMonteCarlo(rollout=high,budget=4)",
               "--out", tmp_path / "r.csv")
    assert "offers no rollouts" in err


def test_a_saved_game_that_does_not_replay_is_refused(capsys, tmp_path):
    """A saved choice that does not fit where it comes, choices left over at the end, or a result that
    is not the one saved: one line, exit 2, before any rollout."""
    record = planted_game(tmp_path / "planted.json")
    good = saved.load(tmp_path / "planted.json")
    for name, choices, result, message in [
            ("misfit", good.choices[:1] + [("move", ["nonsense"])] + good.choices[2:], record, "does not fit"),
            ("extra", good.choices + [("move", 1)], record, "ended after"),
            ("result", good.choices, record | {"player_score": record["player_score"] + 1}, "rules changed")]:
        saved.Saved("stroganov", 3, INDEX, {}, choices, result).write(tmp_path / f"{name}.json")
        assert message in _bad(capsys, tmp_path / f"{name}.json", "--out", tmp_path / "r.csv")
    assert "drop --game-index" in _bad(capsys, tmp_path / "planted.json", "-i", 0)


def test_an_unfinished_saved_game_is_reviewed_up_to_its_last_choice(capsys, tmp_path):
    """A game saved halfway (a person quit): its saved decisions are reviewed, and it says so."""
    planted_game(tmp_path / "planted.json")
    good = saved.load(tmp_path / "planted.json")
    saved.Saved("stroganov", 3, INDEX, {}, good.choices[:12], None).write(tmp_path / "half.json")
    table = tmp_path / "half.csv"
    code, out, err = run_cli(capsys, "review", tmp_path / "half.json", "--strategy", "mc(budget=4,width=2)",
                             "--seed", 1, "--out", table)
    assert code == 0, err
    assert "the game: unfinished, 12 player decisions saved" in out
    assert len(table.read_text().splitlines()) == 13


def test_review_of_a_folder_of_a_persons_games(capsys, tmp_path):
    """``results/play/GAME`` (``automa-sim play`` appends each finished game and lists its saved game):
    ``--game-index N`` reviews row N's saved game."""
    from automa.table import played
    game = get_game("stroganov")
    record = planted_game(tmp_path / "planted.json")
    folder = tmp_path / "play"
    played.record(game, [record[c] for c in columns(game)], tmp_path / "planted.json", folder, "automa-sim play")
    code, out, err = run_cli(capsys, "review", folder, "-i", 0, "--strategy", "mc(budget=4,width=2)", "--seed", 1,
                             "--out", tmp_path / "r.csv", "--top", 1)
    assert code == 0, err
    assert f"saved in {tmp_path / 'planted.json'}" in out and "the costliest decision:" in out
    assert "holds games 0..0" in _bad(capsys, folder, "-i", 1)


def _decision(number: int, pick: list, chosen: list, kind: str = "main") -> rev.Reviewed:
    """A reviewed decision whose pick and player's choice were rolled out on the same deals to the
    margins (and wins, where the margin is above 0) given."""
    from automa.core.results import Result
    from strategies.search import Verdict, value

    results = [[Result({"vp": m}, {"vp": 0}, "player" if m > 0 else "automa", 1, 1) for m in ms] for ms in (pick, chosen)]
    check = Verdict("main", ["pick", "chosen"], 2, 0, results, [[value(r) for r in rs] for rs in results])
    return rev.Reviewed(number, kind, 2, "chosen", f"choice {number}", "pick", f"pick {number}", check, check, "", 0.0)


def test_review_ranks_what_was_lost_with_certainty_and_lists_gains(tmp_path):
    """Issue 29: the printed ranking is by the lower bound of the loss, win chance first, then VP; a
    win blip in a lost game (one rollout of eight won, every interval holding 0) has a larger mean value
    loss than a solid 2-3 VP loss, but is ranked below it and marked not significant; a choice that beat
    the pick with certainty is a gain, listed apart; the CSV says which and whether it is certain."""
    blip = _decision(1, [1] + [-10] * 7, [-10] * 8)
    solid = _decision(2, [-8, -7] * 4, [-10] * 8)
    gain = _decision(3, [-10] * 8, [-7, -8] * 4)
    won = _decision(4, [3] * 8, [-3] * 8)
    rv = rev.Review(rev.Target(None, 0, None, "four decisions"), "mc(budget=16,width=2)", 1, None,
                    [blip, solid, gain, won])
    assert blip.loss.value_loss[0] > solid.loss.value_loss[0] > 0     # the blend would rank the blip first
    assert rv.costliest() == [won, solid, blip] and rv.ranked("gain") == [gain]
    assert (won.finding.measure, won.finding.certain) == ("win", True)
    assert (solid.finding.measure, solid.finding.certain) == ("VP", True) and 1 < solid.finding.bound < 2.5
    assert (blip.finding.kind, blip.finding.measure, blip.finding.certain) == ("loss", "win", False)
    assert gain.finding.kind == "gain" and gain.finding.certain and gain.finding.bound > 1
    out = rev.text(rv)
    assert "1. decision 4 of 4 (main, 2 choices): lost at least" in out and "win chance: win chance +100%" in out
    assert "2. decision 2 of 4 (main, 2 choices): lost at least 2.1 VP: win chance +0% [-20%, +20%], VP +2.5 [+2.1, +2.9] lost" in out
    assert "3. decision 1 of 4 (main, 2 choices): not significant, every interval holds 0" in out
    assert "where the player beat the reviewer (1 with certainty):" in out
    assert "1. decision 3 of 4 (main, 2 choices): gained at least" in out.split("beat the reviewer")[1]
    assert "of the other 4: 2 lost with certainty (1 in win chance, 1 in VP only), 1 gained with certainty, 1 without" in out
    rev.write_csv(rv, tmp_path / "r.csv")
    rows = list(csv.DictReader((tmp_path / "r.csv").read_text().splitlines()))
    assert [(r["finding"], r["measure"], r["certain"]) for r in rows] == [
        ("loss", "win", "False"), ("loss", "VP", "True"), ("gain", "VP", "True"), ("loss", "win", "True")]


def test_the_printed_review_names_decision_kinds_in_words():
    """Issue 29, no code names for a person: a kind such as ``scheme_play`` is printed "scheme play"."""
    lost = _decision(1, [3] * 8, [-3] * 8, kind="scheme_play")
    out = rev.text(rev.Review(rev.Target(None, 0, None, "one decision"), "mc(budget=16,width=2)", 1, None, [lost]))
    assert "1. decision 1 of 1 (scheme play, 2 choices)" in out and "scheme_play" not in out
