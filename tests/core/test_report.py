"""The report: a self-contained HTML page that embeds every plot, tables equal to the sweep's files."""
import base64
import re
from html.parser import HTMLParser

import pandas as pd
import pytest

from automa.core import registry
from automa.core.report import PLOTS, write_report
from automa.core.sweep import load_spec, run_sweep
from tests.core.test_cli import run_cli
from tests.core.test_stats import wilson_half
from tests.core.test_sweep import SPEC
from tests.core.tinygame import TARGET


class Page(HTMLParser):
    """The parts of a page the tests look at: tags, image sources, links, tables after each heading."""

    def __init__(self, text):
        super().__init__()
        self.tags, self.images, self.links = [], [], []
        self.tables = {}  # heading -> rows (the first table after it), header row first
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
        if tag in ("h2", "td", "th"):
            self._in, self._text = tag, ""
        if tag == "tr":
            self._row = []

    def handle_data(self, data):
        if self._in:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "h2":
            self._heading, self._in = self._text, None
        elif tag in ("td", "th"):
            self._row.append(self._text)
            self._in = None
        elif tag == "tr":
            self.tables.setdefault(self._heading, []).append(self._row)


@pytest.fixture(scope="module")
def sweep_dir(tmp_path_factory):
    """A tiny sweep and its report, made once for this module."""
    saved = dict(registry._GAMES)
    registry.register("tiny", TARGET)
    try:
        path = tmp_path_factory.mktemp("sweep")
        (path / "tiny.toml").write_text(SPEC.replace("games = 300", "games = 120"))
        run_sweep(load_spec(path / "tiny.toml"), jobs=1, out=path / "out", quiet=True)
        write_report(path / "out")
        yield path / "out"
    finally:
        registry._GAMES.clear()
        registry._GAMES.update(saved)


@pytest.fixture(scope="module")
def page(sweep_dir):
    return Page((sweep_dir / "report.html").read_text())


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
    head, *rows = page.tables["Summary per cell"]
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
    (head, *rows), = [t for h, t in page.tables.items() if h.startswith("Paired differences")]
    assert [r[0] for r in rows] == list(paired["cell"])
    for row, p in zip(rows, paired.itertuples()):
        assert row[1] == p.baseline.split(" ", 1)[0]
        assert float(row[4]) == pytest.approx(p.win_rate_diff * 100, abs=0.05)
        assert row[5] == f"{p.win_rate_diff_lo * 100:+.1f} to {p.win_rate_diff_hi * 100:+.1f}"


def test_games_needed_for_one_point(sweep_dir, page):
    summary = pd.read_csv(sweep_dir / "summary.csv").set_index("cell")
    (head, *rows), = [t for h, t in page.tables.items() if h.startswith("Games needed")]
    for cell, _, single, paired in rows:
        n = int(single.replace(",", ""))
        p = summary.loc[cell, "win_rate"]
        assert wilson_half(n, p) <= 0.01 < wilson_half(n - 1, p)  # the first n whose Wilson interval is ±1 point
        assert (paired == "–") == (cell == "first length=5 variant=plain")


def test_caveats_and_every_rule_option_in_force(sweep_dir, page):
    text = (sweep_dir / "report.md").read_text()
    assert "scripted models, not people" in text and "not human win rates" in text
    options = {row[0]: row[1] for row in page.tables["Rule options in force"][1:]}
    assert list(options) == [o.name for o in registry.get_game("tiny").options]
    assert options["length"] == "varies: 3; 5" and options["variant"] == "varies: plain; bonus"
    assert options["player_colour"] == "red" and options["extras"] == "(none)"


def test_report_is_deterministic_and_x_is_chosen(capsys, sweep_dir):
    before = (sweep_dir / "report.md").read_text()
    by_length = (sweep_dir / "plots" / "win_rate.png").read_bytes()
    code, out, err = run_cli(capsys, "report", sweep_dir, "--x", "variant")
    assert code == 0 and err == "" and out.splitlines()[0] == str(sweep_dir / "report.html")
    assert (sweep_dir / "report.md").read_text() == before.replace(
        f"automa-sim report {sweep_dir}\n", f"automa-sim report {sweep_dir} --x variant\n")
    assert (sweep_dir / "plots" / "win_rate.png").read_bytes() != by_length


def test_bad_x_is_exit_code_2(capsys, sweep_dir):
    code, _, err = run_cli(capsys, "report", sweep_dir, "--x", "colour")
    assert code == 2 and err.count("\n") == 1
    assert "--x: 'colour' is not a grid option of this sweep; grid options: length, variant" in err


def test_a_simulate_directory_is_not_a_sweep(capsys, tmp_path):
    run_cli(capsys, "simulate", "tiny", "--games", 5, "--seed", 1, "--out", tmp_path / "s")
    code, _, err = run_cli(capsys, "report", tmp_path / "s")
    assert code == 2 and "is not a sweep directory" in err and err.count("\n") == 1
    code, _, err = run_cli(capsys, "report", tmp_path / "none")
    assert code == 2 and "no readable manifest.json" in err


def test_report_help_has_an_example(capsys):
    code, out, _ = run_cli(capsys, "report", "--help")
    assert code == 0 and re.search(r"Example:\n +automa-sim report ", out)


def test_win_rate_axis_fits_low_rates_and_keeps_full_scale_near_half():
    from automa.core.report import _win_rate_top
    assert _win_rate_top(0.029) == 0.04      # 2.9% -> 4%: low rates stay readable
    assert _win_rate_top(0.0) == 0.02        # never a zero-height axis
    assert _win_rate_top(0.45) == 1.0        # near or above 40%: the full 0-100% scale with the 50% line


def test_win_rate_plot_has_no_panel_for_an_excluded_combination(tmp_path, monkeypatch):
    """A combination of the other grid values that the spec excludes for every strategy gets no panel,
    not an empty one: here variant=bonus, with length on the x axis."""
    from automa.core import report

    spec = SPEC.replace("games = 300", "games = 20").replace(
        '[[exclude]]\nstrategy = "tests.core.tinygame:Noisy"\nlength = 3', '[[exclude]]\nvariant = "bonus"')
    (tmp_path / "tiny.toml").write_text(spec)
    run_sweep(load_spec(tmp_path / "tiny.toml"), jobs=1, out=tmp_path / "out", quiet=True)
    study = report.load(tmp_path / "out")
    real, figures = report._pyplot(), []

    class Spy:
        def __getattr__(self, name):
            return getattr(real, name)

        def subplots(self, *args, **kwargs):
            figures.append(real.subplots(*args, **kwargs))
            return figures[-1]

    monkeypatch.setattr(report, "_pyplot", Spy)
    report.plot_win_rate(study, "length", tmp_path / "win_rate.png")
    _, axes = figures[0]
    assert [ax.get_title() for ax in axes.flat if ax.get_visible()] == ["variant=plain"]
    assert (tmp_path / "win_rate.png").stat().st_size > 0
