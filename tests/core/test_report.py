"""The report: a self-contained HTML page that embeds every plot, heat maps and findings at the top, tables
equal to the sweep's files folded under <details>; and the report of a simulate directory."""
import base64
import contextlib
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
import pytest

from automa.report import plots

from automa.core import registry
from automa.analysis.paired import interval
from automa.report.report import PLOTS, SWEEP_ONLY, write_report
from automa.report.study import load
from automa.run.sweep import run_sweep
from automa.run.sweep_spec import load_spec
from tests.core.test_cli import run_cli
from tests.core.test_stats import wilson_half
from tests.core.test_sweep import SPEC
from tests.core.tinygame import TARGET


class Page(HTMLParser):
    """The parts of a page the tests look at: tags, image sources, links, tables after each heading (an h2,
    an h3 or the summary line of a <details>), and the headings inside a <details>."""

    HEADINGS = ("h2", "h3", "summary")

    def __init__(self, text):
        super().__init__()
        self.tags, self.images, self.links = [], [], []
        self.tables = {}  # heading -> rows (the tables after it), header rows included
        self.folded = []  # the summary lines of the <details> blocks
        self._heading, self._in, self._text, self._row = None, None, "", None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        if tag == "img":
            self.images.append(attrs["src"])
        if "href" in attrs:
            self.links.append(attrs["href"])
        if tag in (*self.HEADINGS, "td", "th"):
            self._in, self._text = tag, ""
        if tag == "tr":
            self._row = []

    def handle_data(self, data):
        if self._in:
            self._text += data

    def handle_endtag(self, tag):
        if tag in self.HEADINGS:
            self._heading, self._in = self._text, None
            if tag == "summary":
                self.folded.append(self._text)
        elif tag in ("td", "th"):
            self._row.append(self._text)
            self._in = None
        elif tag == "tr":
            self.tables.setdefault(self._heading, []).append(self._row)


@contextlib.contextmanager
def reported(path: Path, spec: str, name: str = "tiny.toml"):
    """The tiny game's sweep of ``spec``, played into ``path / "out"`` and reported, with the tiny game
    registered while it is used."""
    saved = dict(registry._GAMES)
    registry.register("tiny", TARGET)
    try:
        (path / name).write_text(spec)
        run_sweep(load_spec(path / name), jobs=1, out=path / "out", quiet=True)
        write_report(path / "out")
        yield path / "out"
    finally:
        registry._GAMES.clear()
        registry._GAMES.update(saved)


@pytest.fixture(scope="module")
def sweep_dir(tmp_path_factory):
    """A tiny sweep and its report, made once for this module."""
    with reported(tmp_path_factory.mktemp("sweep"), SPEC.replace("games = 300", "games = 120")) as out:
        yield out


@pytest.fixture(scope="module")
def page(sweep_dir):
    return Page((sweep_dir / "report.html").read_text())


def table(page, heading):
    """The rows of the table under the heading that starts with ``heading``."""
    (rows,) = [t for h, t in page.tables.items() if h.startswith(heading)]
    return rows


def test_html_parses_and_embeds_every_plot(sweep_dir, page):
    assert page.tags[:2] == ["html", "head"] and "body" in page.tags
    plots = sorted(p.name for p in (sweep_dir / "plots").glob("*.png"))
    assert plots == sorted(f"{name}.png" for name in PLOTS)
    embedded = {base64.b64decode(src.removeprefix("data:image/png;base64,")) for src in page.images}
    assert all(src.startswith("data:image/png;base64,") for src in page.images)
    assert {(sweep_dir / "plots" / p).read_bytes() for p in plots} == embedded
    assert page.links == [] and "http" not in (sweep_dir / "report.html").read_text()  # opens offline


def test_markdown_links_every_plot(sweep_dir):
    md = (sweep_dir / "report.md").read_text()
    assert sorted(re.findall(r"!\[[^]]+\]\(plots/(\w+)\.png\)", md)) == sorted(PLOTS)


def test_summary_table_matches_summary_csv(sweep_dir, page):
    summary = pd.read_csv(sweep_dir / "summary.csv")
    head, *rows = table(page, "Summary per cell")
    assert head[:3] == ["cell", "games", "win rate"] and len(rows) == len(summary)
    for row, s in zip(rows, summary.itertuples()):
        assert row[:5] == [s.cell, str(s.games), f"{s.win_rate:.1%}", f"{s.win_rate_lo:.1%} to {s.win_rate_hi:.1%}",
                           str(s.ties)]
        assert float(row[7]) == pytest.approx(s.margin_mean, abs=0.005) and row[8] == str(s.errors)
    md = (sweep_dir / "report.md").read_text()
    for row in rows:
        assert "| " + " | ".join(row) + " |" in md


def test_paired_table_matches_paired_csv(sweep_dir, page):
    paired = pd.read_csv(sweep_dir / "paired.csv")
    head, *rows = table(page, "Paired differences")
    assert [r[0] for r in rows] == list(paired["cell"])
    for row, p in zip(rows, paired.itertuples()):
        assert row[1] == p.baseline.split(" ", 1)[0]
        assert float(row[4]) == pytest.approx(p.win_rate_diff * 100, abs=0.05)
        assert row[5] == f"{p.win_rate_diff_lo * 100:+.1f} to {p.win_rate_diff_hi * 100:+.1f}"


def test_games_needed_for_one_point(sweep_dir, page):
    summary = pd.read_csv(sweep_dir / "summary.csv").set_index("cell")
    head, *rows = table(page, "Games needed")
    for cell, _, single, paired in rows:
        n = int(single.replace(",", ""))
        p = summary.loc[cell, "win_rate"]
        assert wilson_half(n, p) <= 0.01 < wilson_half(n - 1, p)  # the first n whose Wilson interval is ±1 point
        assert (paired == "–") == (cell == "first length=5 variant=plain")


def test_caveats_and_every_rule_option_in_force(sweep_dir, page):
    text = (sweep_dir / "report.md").read_text()
    assert "scripted models, not people" in text and "not human win rates" in text
    options = {row[0]: row[1] for row in table(page, "Rule options in force")[1:]}
    assert list(options) == [o.name for o in registry.get_game("tiny").options]
    assert options["length"] == "varies: 3; 5" and options["variant"] == "varies: plain; bonus"
    assert options["player_colour"] == "red" and options["extras"] == "(none)"


def test_report_is_deterministic_and_x_is_chosen(capsys, sweep_dir):
    before = (sweep_dir / "report.md").read_text()
    by_length = (sweep_dir / "plots" / "win_rate.png").read_bytes()
    code, out, err = run_cli(capsys, "report", sweep_dir, "--x", "variant")
    assert code == 0 and err == "" and out.splitlines()[0] == str(sweep_dir / "report.html")
    by_variant = (sweep_dir / "report.md").read_text()
    assert "&& automa-sim report out --x variant (not in this repository" in by_variant and "variant down, length across" in by_variant
    assert "length down, variant across" in before
    assert (sweep_dir / "plots" / "win_rate.png").read_bytes() != by_length
    code, _, _ = run_cli(capsys, "report", sweep_dir)
    assert code == 0 and (sweep_dir / "report.md").read_text() == before
    assert (sweep_dir / "plots" / "win_rate.png").read_bytes() == by_length


def test_bad_x_is_exit_code_2(capsys, sweep_dir):
    code, _, err = run_cli(capsys, "report", sweep_dir, "--x", "colour")
    assert code == 2 and err.count("\n") == 1
    assert "--x: 'colour' is not a grid option of this sweep; grid options: length, variant" in err


def test_a_simulate_directory_is_reported_as_one_cell(capsys, tmp_path):
    """``report`` on a ``simulate`` directory: its result, margins, breakdown and convergence, no grid plots."""
    run_cli(capsys, "simulate", "tiny", "--games", 40, "--seed", 1, "--out", tmp_path / "s",
            "--option", "variant=bonus")
    code, out, err = run_cli(capsys, "report", tmp_path / "s")
    assert code == 0 and err == ""
    names = [p for p in PLOTS if p not in SWEEP_ONLY]
    assert out.splitlines() == [str(tmp_path / "s" / f) for f in ("report.html", "report.md")] + [
        str(tmp_path / "s" / "plots" / f"{p}.png") for p in names]
    summary = pd.read_csv(tmp_path / "s" / "summary.csv").iloc[0]
    page = Page((tmp_path / "s" / "report.html").read_text())
    assert len(page.images) == len(names)
    md = (tmp_path / "s" / "report.md").read_text()
    assert f"Player win rate {summary.win_rate:.1%} [{summary.win_rate_lo:.1%}, {summary.win_rate_hi:.1%}]" in md
    assert {r[0]: r[1] for r in table(page, "Rule options in force")[1:]}["variant"] == "bonus"
    code, _, err = run_cli(capsys, "report", tmp_path / "s", "--x", "length")
    assert code == 2 and "not a grid option" in err and err.count("\n") == 1
    code, _, err = run_cli(capsys, "report", tmp_path / "none")
    assert code == 2 and "no readable manifest.json" in err


def test_report_help_has_an_example(capsys):
    code, out, _ = run_cli(capsys, "report", "--help")
    assert code == 0 and re.search(r"Example:\n +automa-sim report ", out)


def test_win_rate_axis_fits_low_rates_and_keeps_full_scale_near_half():
    from automa.report.plots import _win_rate_top
    assert _win_rate_top(0.029) == 0.04      # 2.9% -> 4%: low rates stay readable
    assert _win_rate_top(0.0) == 0.02        # never a zero-height axis
    assert _win_rate_top(0.45) == 1.0        # near or above 40%: the full 0-100% scale with the 50% line


def test_win_rate_plot_has_no_panel_for_an_excluded_combination(tmp_path, monkeypatch):
    """A combination of the other grid values that the spec excludes for every strategy gets no panel,
    not an empty one: here variant=bonus, with length on the x axis."""
    spec = SPEC.replace("games = 300", "games = 20").replace(
        '[[exclude]]\nstrategy = "tests.core.tinygame:Noisy"\nlength = 3', '[[exclude]]\nvariant = "bonus"')
    (tmp_path / "tiny.toml").write_text(spec)
    run_sweep(load_spec(tmp_path / "tiny.toml"), jobs=1, out=tmp_path / "out", quiet=True)
    study = load(tmp_path / "out")
    real, figures = plots._pyplot(), []

    class Spy:
        def __getattr__(self, name):
            return getattr(real, name)

        def subplots(self, *args, **kwargs):
            figures.append(real.subplots(*args, **kwargs))
            return figures[-1]

    monkeypatch.setattr(plots, "_pyplot", Spy)
    plots.plot_win_rate(study, "length", tmp_path / "win_rate.png")
    _, axes = figures[0]
    assert [ax.get_title() for ax in axes.flat if ax.get_visible()] == ["variant=plain"]
    assert (tmp_path / "win_rate.png").stat().st_size > 0


class Figures:
    """Stands in for pyplot in :mod:`automa.report.plots` and keeps every figure it made."""

    def __init__(self, monkeypatch):
        self.real, self.made = plots._pyplot(), []
        monkeypatch.setattr(plots, "_pyplot", lambda: self)

    def __getattr__(self, name):
        return getattr(self.real, name)

    def subplots(self, *args, **kwargs):
        self.made.append(self.real.subplots(*args, **kwargs))
        return self.made[-1]

    def close(self, fig):  # keep the figure to look at
        pass


def test_heat_maps_have_a_panel_per_strategy_and_a_blank_excluded_cell(sweep_dir, monkeypatch):
    """Rows: the x axis (length), columns: the other axis (variant), a panel per strategy; the excluded
    Noisy length=3 cells are blank, every other square says its cell's win rate and interval."""
    study = load(sweep_dir)
    figures = Figures(monkeypatch)
    plots.plot_heat(study, "length", "win_rate", sweep_dir / "heat.png")
    _, axes = figures.made[-1]
    shown = [ax for ax in axes.flat if ax.get_visible()]
    assert [ax.get_title() for ax in shown] == ["first", "tests.core.tinygame:Noisy"]
    assert [[t.get_text() for t in ax.get_yticklabels()] for ax in shown] == [["3", "5"]] * 2
    assert [[t.get_text() for t in ax.get_xticklabels()] for ax in shown] == [["plain", "bonus"]] * 2
    summary = pd.read_csv(sweep_dir / "summary.csv").set_index("cell")
    for ax, strategy in zip(shown, ["first", "tests.core.tinygame:Noisy"]):
        squares = {(round(t.get_position()[1]), round(t.get_position()[0])): t.get_text() for t in ax.texts}
        for (row, col), text in squares.items():
            s = summary.loc[f"{strategy} length={[3, 5][row]} variant={['plain', 'bonus'][col]}"]
            assert text == f"{s.win_rate:.1%}\n[{s.win_rate_lo:.1%}, {s.win_rate_hi:.1%}]"
        assert len(squares) == (4 if strategy == "first" else 2)


def test_findings_are_paired_differences_in_words(sweep_dir, page):
    """'length 3 is ... than length 5 for first' (the question's axis, length, against the baseline's,
    5) is the per-game margin difference averaged over the variants, with its paired interval, from the
    games file; the verdict reads the margin and the win rate together."""
    games = pd.read_csv(sweep_dir / "games.csv")
    games = games[games["strategy"] == "first"].pivot(index="game_index", columns="cell", values="margin")
    d = sum(games[f"first length=3 variant={v}"] - games[f"first length=5 variant={v}"]
            for v in ("plain", "bonus")) / 2
    mean, lo, hi = interval(d.to_numpy())
    head, *rows = table(page, "Each setting against the baseline's")
    assert head[:3] == ["finding", "margin change, VP [95%]", "win rate change, points [95%]"]
    (row,) = [r for r in rows if r[0].startswith("length 3 is ") and "than length 5 for first" in r[0]]
    assert row[1] == f"{mean:+.1f} VP [{lo:+.1f}, {hi:+.1f}]".replace("-0.0", "+0.0") and row[3] == "120"
    assert [h for h in page.tables if h.startswith("Each setting against the baseline's")] == [
        "Each setting against the baseline's, for each strategy (mean over every variant)"]
    others = table(page, "The other settings")
    assert [r[0].split(" is ")[0] for r in others[1:]] == ["variant bonus", "variant bonus"]
    assert [r[0].split(" ")[0] for r in table(page, "For whom")[1:]] == ["tests.core.tinygame:Noisy"]
    (why,) = table(page, "Why")[1:]
    assert why[0].startswith("from length 3 to length 5, ") and " points for dice move most for first: " in why[0]


def test_breakdown_shows_only_the_categories_a_side_ever_scored(sweep_dir, monkeypatch):
    """The automa never scores the tiny game's bonus, so its panel and legend leave it out; every panel
    has its own legend, above it."""
    study = load(sweep_dir)
    figures = Figures(monkeypatch)
    plots.plot_breakdown(study, "length", sweep_dir / "b.png")
    _, (player, automa) = figures.made[-1]
    assert [t.get_text() for t in player.get_legend().get_texts()] == ["dice", "bonus"]
    assert [t.get_text() for t in automa.get_legend().get_texts()] == ["dice"]
    assert [t.get_text() for t in player.get_yticklabels()] == [
        "first · length 3", "first · length 5", "tests.core.tinygame:Noisy · length 3",
        "tests.core.tinygame:Noisy · length 5"]


def test_heat_maps_and_findings_come_first_and_long_tables_are_folded(sweep_dir, page):
    md = (sweep_dir / "report.md").read_text()
    assert md.index("plots/heat_win_rate.png") < md.index("## Findings") < md.index("## What this shows")
    assert page.folded == ["Summary per cell (6 rows)", "Paired differences against each cell's baseline (5 rows)",
                           "Games needed for a ±1-point interval", "Rule options in force (7 options)"]
    assert md.count("<details>") == 4 and md.count("</details>") == 4
    html = (sweep_dir / "report.html").read_text()
    assert html.index("<details><summary>Summary per cell") < html.index("<td>first length=3 variant=plain</td>")


def test_a_sweep_stopped_before_its_baseline_cell_is_reported_without_findings(sweep_dir, tmp_path):
    """The cells played so far get their heat maps and tables; the findings, which compare with the
    baseline's values, say why there are none."""
    stopped = tmp_path / "stopped"
    shutil.copytree(sweep_dir, stopped)
    for name in ("games.csv", "summary.csv", "paired.csv"):
        frame = pd.read_csv(stopped / name, dtype=str, keep_default_na=False)
        keep = frame["cell"] != "first length=5 variant=plain"
        if name == "paired.csv":
            keep &= frame["baseline"] != "first length=5 variant=plain"
        frame[keep].to_csv(stopped / name, index=False)
    write_report(stopped)
    md = (stopped / "report.md").read_text()
    assert "No findings: the sweep stopped before its baseline cell was played." in md
    assert "Summary per cell (5 rows)" in md and "plots/heat_win_rate.png" in md


def test_a_change_that_rounds_to_zero_has_no_minus_sign():
    from automa.report.report import _change
    assert _change((-0.0004, -0.021, 0.02), 100, "pts") == "+0.0 pts [-2.1, +2.0]"
    assert _change((-0.04, -0.1, -0.01), 1, "VP") == "+0.0 VP [-0.1, +0.0]"


def test_the_report_names_no_path_of_the_machine(sweep_dir):
    """The spec and the folder are named as a command run from the repository names them (the sweep
    ran from Python, so with no recorded command), not by this machine's temporary paths (issue 22)."""
    md = (sweep_dir / "report.md").read_text()
    assert "Spec tiny.toml · 6 cells × 120 games" in md
    assert ("Regenerate with: automa-sim sweep tiny.toml --games 120 --format csv --out out --force && automa-sim "
            "report out (not in this repository, so copy it to the root first: tiny.toml: the sweep's spec, its "
            "text in out/manifest.json (spec_toml))\n") in md
    assert str(sweep_dir.parent) not in md


def test_a_game_with_several_automa_sides_gets_who_wins_each_cell(tmp_path):
    """Root's bots-only tables (issue 34): every game's winner is the player, one side (the one whose total
    is the automa's score) or neither, so each cell's shares add up to its games; a one-side game has no
    such table."""
    from automa.report.report import side_wins
    spec = ('game = "root"\ngames = 12\nseed = 3\nstrategies = ["random"]\n[options]\nfaction = "none"\n'
            '[grid]\nbots = ["mechanical_marquise,electric_eyrie", "electric_eyrie,automated_alliance,vagabot"]\n'
            '[baseline]\nstrategy = "random"\nbots = "mechanical_marquise,electric_eyrie"\n')
    (tmp_path / "bots.toml").write_text(spec)
    run_sweep(load_spec(tmp_path / "bots.toml"), jobs=1, out=tmp_path / "out", quiet=True)
    head, rows = side_wins(load(tmp_path / "out"))
    assert head[:3] == ["cell", "games", "player"] and "electric eyrie" in head
    games = pd.read_csv(tmp_path / "out" / "games.csv")
    for row in rows:
        mine = games[games.cell == row[0]]
        shares = [float(s.split("%")[0]) for s in row[2:]]
        assert abs(sum(shares) - 100) < 0.5 and shares[0] == 0                 # no player at the table
        eyrie = (mine.side_electric_eyrie == mine.automa_score) & (mine.winner == "automa")
        assert row[head.index("electric eyrie")].startswith(f"{eyrie.mean():.1%}")
    write_report(tmp_path / "out")
    md = (tmp_path / "out" / "report.md").read_text()
    assert "No player sits at these tables" in md and "is harder by margin" not in md and "easier" not in md
    assert sorted(f.name for f in (tmp_path / "out" / "plots").iterdir()) == ["breakdown.png"]  # no player's plots
    assert "Convergence" not in md and "breakdown.png" in md
    (tmp_path / "tiny").mkdir()
    with reported(tmp_path / "tiny", SPEC.replace("games = 300", "games = 20")) as out:
        assert side_wins(load(out)) is None and "Who wins" not in (out / "report.md").read_text()
        assert "No player sits" not in (out / "report.md").read_text()
