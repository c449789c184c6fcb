"""``automa-sim review`` (issue 23): the replayed game, the reviewer's verdicts, the planted blunder."""
from __future__ import annotations

import csv

import pytest

from automa.core import review as rev
from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.core.simulate import resolve
from automa.core.strategy import Strategy
from tests.core.test_cli import run_cli

# Stroganov, seed 3, game 0: at its 102nd decision expert fulfils a wish, ("wish", 4), and wins by 3;
# taking no main action there instead loses by 4, and loses the game in every paired rollout.
INDEX, BLUNDER_AT, BLUNDER, EXPERT = 0, 102, None, ("wish", 4)


class Planted(Strategy):
    """``expert``, except that its ``BLUNDER_AT``-th decision plays ``BLUNDER``; keeps every choice."""

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
        self.choices.append(choice)
        return choice


def planted_game() -> tuple[list, object]:
    """The choices of Stroganov game ``INDEX`` of seed 3 with the blunder planted, and its result."""
    game = get_game("stroganov")
    opts = game.resolve_options({})
    st = game_streams(3, INDEX)
    player = Planted(st.strategy)
    result = game.play(game.prepare(opts), opts, player, st, None)
    return [rev.to_json(c) for c in player.choices], result


def test_review_ranks_a_planted_blunder_first():
    """A saved game whose 102nd choice was swapped for one that gives a won game away: the review
    replays the saved choices to the same result and ranks that decision first, with a loss whose
    interval is well above zero and above the next decision's loss; every decision is reviewed."""
    choices, result = planted_game()
    spec = resolve("stroganov", "expert", {}, 3)
    target = rev.Target(spec, INDEX, tuple(choices), "planted")
    count, ctx = rev.check(target)
    assert count == len(choices)
    done = rev.review(target, rev.reviewer_spec(spec.game, "mc(budget=8,width=2)"), 1, 8, ctx)
    assert (done.result.player_score, done.result.automa_score) == (result.player_score, result.automa_score)
    assert [d.number for d in done.decisions] == list(range(1, len(choices) + 1))
    first = done.costliest()[0]
    assert first.number == BLUNDER_AT and first.chosen == BLUNDER and first.pick != BLUNDER
    assert first.loss.value_loss[1] > 0.3 and first.loss.margin_loss[1] > 0
    assert first.loss.value_loss[1] > done.costliest()[1].loss.value_loss[0]


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
    assert "4 rollouts per decision" in err and "6 more" in err and "the first decision took" in err
    assert "reviewed in" in err
    worst = max(differ, key=lambda r: float(r["value_lost"]))
    assert f"1. decision {worst['decision']} of {decisions}" in out


def _bad(capsys, *args) -> str:
    code, out, err = run_cli(capsys, "review", *args)
    assert code == 2 and err.count("\n") == 1 and err.startswith("automa-sim: error: "), (code, err)
    return err


def test_review_bad_input_is_one_line_and_exit_2(capsys, tmp_path, greedy_run):
    assert "needs --game-index" in _bad(capsys, greedy_run)
    assert "not a results folder" in _bad(capsys, tmp_path, "--game-index", 0)
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


def test_a_saved_game_that_does_not_replay_is_refused():
    """A saved choice that is not legal where it comes, or too few or too many choices: one line."""
    choices, _ = planted_game()
    spec = resolve("stroganov", "expert", {}, 3)
    for bad, message in [(choices[:1] + [["nonsense"]] + choices[2:], "is not a legal"),
                         (choices[:-1], "ends after"), (choices + [None], "ended after")]:
        with pytest.raises(rev.UsageError, match=message):
            rev.check(rev.Target(spec, INDEX, tuple(bad), "saved.json"))
