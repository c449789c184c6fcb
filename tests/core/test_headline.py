"""A sweep's report answers its question first (issue 31 §1): the spec's question and, per strategy, each
value of its axis against the baseline's with intervals, before any plot; a verdict that reads the
margin and the win rate together and says why they disagree; honest win intervals when nobody wins;
the rules a strategy ignores beside the findings they distort."""
import math
import re

import numpy as np
import pandas as pd
import pytest

from automa.analysis.findings import Grid, findings
from automa.analysis.paired import interval, paired_row, win_interval
from automa.core import registry
from automa.core.intervals import paired_win_interval
from tests.core.test_report import reported
from tests.core.test_sweep import SPEC
from tests.core.tinygame import First

QUESTION = "Is a short game harder than the default length, for each strategy?"


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    """A tiny sweep over three lengths (baseline 5, the middle one) with a question, and its report."""
    spec = SPEC.replace("games = 300", f'games = 150\nquestion = "{QUESTION}"\naxis = "length"')
    with reported(tmp_path_factory.mktemp("headline"), spec.replace("length = [3, 5]", "length = [3, 5, 8]")) as out:
        yield out


@pytest.fixture(scope="module")
def report(out):
    return (out / "report.md").read_text()


def answers(md: str) -> dict[str, str]:
    """The headline's answer per strategy: the list items between the question and the next heading."""
    top = md.split(f"## {QUESTION}\n", 1)[1].split("\n## ", 1)[0]
    return dict(line[2:].split(": ", 1) for line in top.splitlines() if line.startswith("- "))


def test_the_question_and_its_answer_come_before_any_plot(report):
    assert report.index(f"## {QUESTION}") < report.index("![") < report.index("## Findings")
    assert list(answers(report)) == ["first", "tests.core.tinygame:Noisy"]


def test_each_value_is_compared_with_the_baselines_per_strategy(report):
    """length 3 and length 8 against length 5 (the baseline), not neighbours in list order; Noisy has no
    length 3 (the spec excludes it), so only length 8 for it."""
    said = answers(report)
    first = re.findall(r"(length \d) is [^(]+\(margin (.+? VP \[[^]]+\]), win rate ([^)]+)\)", said["first"])
    assert [f[0] for f in first] == ["length 3", "length 8"]
    assert all(re.fullmatch(r"[+-]\d+\.\d VP \[[+-]\d+\.\d, [+-]\d+\.\d\]", f[1]) for f in first)
    assert re.findall(r"(length \d) is ", said["tests.core.tinygame:Noisy"]) == ["length 8"]
    assert "than length 5" not in said["first"]  # said once, above the list
    assert "Each value of length against the baseline's, length 5, for each strategy, mean over every variant" in report
    table = report.split("### Each setting against the baseline's", 1)[1].split("\n### ", 1)[0]
    assert "length 3 is " in table and "than length 5 for first" in table and "than length 3" not in table


def test_the_answer_is_paired_on_the_baseline_within_a_strategy(out, report):
    """The 'length 3' numbers for first are the per-game differences to length 5 of first's cells only,
    averaged over the variants: the margin's interval the normal one, the win rate's Agresti-Min's."""
    games = pd.read_csv(out / "games.csv")
    games = games[games["strategy"] == "first"].assign(win=lambda g: (g["winner"] == "player").astype(float))
    d = {c: sum(games[games["cell"] == f"first length=3 variant={v}"].set_index("game_index")[c]
                - games[games["cell"] == f"first length=5 variant={v}"].set_index("game_index")[c]
                for v in ("plain", "bonus")) / 2 for c in ("margin", "win")}
    mean, lo, hi = interval(d["margin"].to_numpy(dtype=float))
    wmean, wlo, whi = win_interval(d["win"].to_numpy(dtype=float))
    said = answers(report)["first"]
    assert (f"(margin {mean:+.1f} VP [{lo:+.1f}, {hi:+.1f}], win rate {100 * wmean:+.1f} pts "
            f"[{100 * wlo:+.1f}, {100 * whi:+.1f}])").replace("-0.0", "+0.0") in said


def test_strategies_and_the_strongest_cheap_player_are_named(report):
    strategies = report.split("## Strategies\n", 1)[1].split("\n## ", 1)[0]
    assert "The strongest cheap player, high, is not among these strategies." in strategies
    assert "No search player is included: for a strong player's view see the ladder study, results/tiny/ladder" in strategies
    assert "- first: Keeps the first die" in strategies
    assert report.index("## Strategies") < report.index("![")


def test_a_rule_the_strategy_ignores_is_said_beside_its_finding(report):
    """First declares that it ignores ``variant=bonus``: its answer, its findings at variant bonus and the
    strategy list say so; Noisy's do not."""
    limit = First.ignores["variant=bonus"]
    said = answers(report)
    assert f"Mind variant bonus: first {limit}; the findings show the rule as first plays it" in said["first"]
    assert "Mind" not in said["tests.core.tinygame:Noisy"]
    (row,) = [line for line in report.splitlines() if line.startswith("| variant bonus is ") and "for first" in line]
    assert f"Mind variant bonus: first {limit}; the finding shows the rule as first plays it" in row
    assert f"- first: Keeps the first die. Known limit here: with variant bonus, it {limit}" in report


# ----- the verdict, on games made to order


def _games(margins: dict[str, list[float]]) -> tuple[pd.DataFrame, Grid]:
    """A games table of one strategy ``p`` whose cells ``p x=V`` have the given per-game margins."""
    rows = [{"cell": f"p x={x}", "strategy": "p", "x": x, "game_index": i, "error": "", "margin": m,
             "winner": "player" if m > 0 else "automa" if m < 0 else "tie", "player_dice": 20 + m, "automa_dice": 20}
            for x, ms in margins.items() for i, m in enumerate(ms)]
    cells = pd.DataFrame({"cell": [f"p x={x}" for x in margins], "strategy": "p", "x": list(margins)})
    return pd.DataFrame(rows), Grid(cells, {"strategy": ["p"], "x": list(margins)})


def _setting(margins: dict[str, list[float]], limits=None):
    games, grid = _games(margins)
    return [f for f in findings(games, grid, "x", {"strategy": "p", "x": "a"}, ["dice"], limits)
            if f.section == "setting"]


def test_margin_and_win_rate_that_disagree_are_reconciled_with_the_reason():
    """At b the mean margin falls 0.5 VP (significantly), yet half the games are won against none at a:
    the margins spread far wider. The verdict says both and why, with the standard deviations."""
    a = [-4, -3, -2, -3] * 500
    b = [-13, -7, 2, 4] * 500
    (f,) = _setting({"a": a, "b": b})
    assert f.margin[2] < 0 and f.win[1] > 0
    assert f.verdict == "harder by margin but easier by win rate" and not f.rare
    assert f.text == "x b is harder than x a for p by margin but easier by win rate"
    sd_a, sd_b = np.std(a, ddof=1), np.std(b, ddof=1)
    assert f.note == (f"Margin and win rate disagree: the margins spread wider at x b (standard deviation {sd_b:.1f} VP "
                      f"against {sd_a:.1f} at x a); with the player behind on average, that puts more games above a "
                      "tie although the mean margin falls 0.5 VP.")


def test_agreeing_margin_and_win_rate_give_a_plain_verdict():
    a = [-4, -1, 1, 4] * 300
    (f,) = _setting({"a": a, "b": [m - 3 for m in a]})
    assert f.verdict == "harder" and f.note == "" and f.text == "x b is harder than x a for p"


def test_when_the_strategy_almost_never_wins_the_win_rate_cannot_tell():
    """No game won in either setting: the verdict rests on the margin and says so; the win difference's
    interval is Agresti-Min's, not a point at 0."""
    (f,) = _setting({"a": [-5, -6, -7] * 400, "b": [-8, -9, -10] * 400})
    assert f.rare and f.verdict == "harder by margin"
    assert f.note == "The win rate cannot tell (p wins 0.0% of games at x b, 0.0% at x a): the verdict rests on the margin."
    mean, lo, hi = f.win
    assert mean == 0 and lo < 0 < hi and hi - lo > 0.002


def test_the_rule_a_strategy_ignores_rides_with_its_finding():
    (f,) = _setting({"a": [-1, 1] * 50, "b": [-1, 1] * 50}, {("p", "x", "b"): "never looks at b"})
    assert f.limit == "never looks at b"


# ----- honest intervals


def test_two_cells_without_a_win_get_a_paired_interval_that_holds_0():
    """paired.csv's win-rate difference of two cells that never won: Agresti-Min's interval, not [0, 0]."""
    games, _ = _games({"a": [-3] * 500, "b": [-4] * 500})
    row = paired_row(games, "p x=b", "p x=a")
    assert row["win_rate_diff"] == 0 and row["win_rate_diff_lo"] < 0 < row["win_rate_diff_hi"]
    assert (row["win_rate_diff"], row["win_rate_diff_lo"], row["win_rate_diff_hi"]) == pytest.approx(
        paired_win_interval([0] * 500, [0] * 500))
    assert row["win_rate_diff_hi"] == pytest.approx(1.959963984540054 / 502)


def test_the_averaged_win_interval_is_agresti_min_on_single_pairs():
    """On 0/1 indicators :func:`win_interval` is :func:`paired_win_interval`; averaged over cells it stays
    within -1..1 and never collapses."""
    rng = np.random.default_rng(3)
    for _ in range(5):
        x, y = rng.integers(0, 2, 80), rng.integers(0, 2, 80)
        assert win_interval(x - y) == pytest.approx(paired_win_interval(list(x), list(y)))
    mean, lo, hi = win_interval(np.zeros(1000))
    assert mean == 0 and lo == pytest.approx(-hi) and hi > 0
    assert win_interval(np.full(10, 1.0))[2] == 1.0 and all(map(math.isnan, win_interval(np.array([]))))


def test_the_built_in_strategies_declare_the_rules_they_ignore():
    """Each declared limit names an option of its game and a value it takes; the weak Stroganov players
    (greedy and its personas) never steer to diplomacy tiles, Rurik's builder and merchant never use the
    warfare module's solo conversion token (read in their code: strategies/stroganov/greedy.py,
    strategies/rurik/persona.py's conversions)."""
    declared = {}
    for game_name in ("rurik", "stroganov"):
        game = registry.get_game(game_name)
        for name in game.strategies:
            for key in registry.get_strategy(game, name).cls.ignores:
                option, _, value = key.partition("=")
                game.option(option).parse(value)  # a real option value, or UsageError
                declared.setdefault(game_name, {})[name] = key
    assert declared == {"rurik": {"builder": "modules=warfare", "merchant": "modules=warfare"},
                        "stroganov": {n: "modules=diplomacy" for n in ("greedy", "hunter", "settler", "courtier")}}


def test_a_set_setting_reads_as_its_parts_joined_not_a_raw_comma_list():
    from automa.analysis.findings import shown
    assert shown("modules", "epic,warfare") == "modules epic + warfare"
    assert shown("modules", "") == "modules (none)"


def test_the_strongest_strategy_at_the_baseline_answers_first_whatever_the_spec_order(out, tmp_path):
    """A designer reads the strong player first: the items follow the baseline win rate, not the list."""
    summary = pd.read_csv(out / "summary.csv")
    base = summary[summary["cell"].str.endswith("length=5 variant=plain")].set_index("cell")["win_rate"]
    strongest = base.idxmax().split(" ")[0]
    spec = (out.parent / "tiny.toml").read_text()
    flipped = spec.replace('strategies = ["first", "tests.core.tinygame:Noisy"]',
                           'strategies = ["tests.core.tinygame:Noisy", "first"]')
    assert flipped != spec
    with reported(tmp_path, flipped, "flipped.toml") as other:
        assert list(answers((other / "report.md").read_text()))[0] == strongest
    assert list(answers((out / "report.md").read_text()))[0] == strongest
