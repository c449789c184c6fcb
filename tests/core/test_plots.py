"""Every plot the report, ladder, sensitivity and tune code draws is readable: no two texts overlap and
none is cut off (:mod:`tests.core.plotcheck`), for small and large grids, long option values, one bar,
and the published results' tables."""
import itertools
import json
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
import pytest

from automa.core.registry import get_game
from automa.report import ladder_report, plots, sensitivity_report, tune_report
from automa.report.report import draw_plots
from automa.report.study import Study, default_x, read_table, strategy_names
from tests.core.plotcheck import problems, saved_plots

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

RESULTS = Path(__file__).resolve().parents[2] / "results"
MODULES = ["", "merchant", "hunting_plan", "landscapes", "diplomacy", "merchant,hunting_plan,landscapes,diplomacy"]


def test_the_checker_finds_overlapping_and_cut_off_texts():
    fig, ax = plt.subplots(figsize=(3, 2), layout="constrained")
    ax.set_title("a title")
    assert problems(fig) == []
    ax.text(0.5, 1.02, "over the title", transform=ax.transAxes, ha="center")
    ax.text(1.2, 0.5, "beyond the right edge", transform=ax.transAxes)
    found = problems(fig)
    assert len(found) == 2
    assert found[0].startswith("'beyond the right edge' is cut off")
    assert "'a title'" in found[1] and "'over the title'" in found[1] and "overlaps" in found[1]
    plt.close(fig)


def test_the_checker_sees_overlapping_tick_labels_of_one_axis():
    fig, ax = plt.subplots(figsize=(2, 2), layout="constrained")
    ax.set_xticks(range(3), ["a long label", "another long one", "and a third"])
    assert any("overlaps" in p for p in problems(fig))
    plt.close(fig)


# ----- studies made up on the axes of a real game, fast at any size


def summary_of(game: str, strategies: list[str], grid: dict[str, list[str]]) -> pd.DataFrame:
    """A made-up summary: the strategies' win rates a hundredfold apart (0.2% to 30%), as in the
    published Rurik sweep, margins from -38 to +3 VP."""
    rng = np.random.default_rng(1)
    rows = []
    for k, strategy in enumerate(strategies):
        top = 0.002 * 150 ** (k / max(1, len(strategies) - 1))
        for values in itertools.product(*grid.values()):
            rate = float(rng.uniform(0, top))
            rows.append({"strategy": strategy, **dict(zip(grid, values)), "win_rate": rate,
                         "win_rate_lo": rate * 0.7, "win_rate_hi": min(1, rate * 1.4 + 0.004),
                         "margin_mean": float(rng.uniform(-38, 3) * (1 - k / (len(strategies) + 1)))})
    table = pd.DataFrame(rows)
    table.insert(0, "cell", [" ".join([r.strategy, *(f"{a}={getattr(r, a)}" for a in grid)])
                             for r in table.itertuples()])
    return table


def study_of(game: str, summary: pd.DataFrame, strategies: list[str], grid: dict[str, list[str]]) -> Study:
    """A study with ``summary`` and a few made-up games per cell (every score category of the game)."""
    entry = get_game(game)
    rng = np.random.default_rng(2)
    games = summary[["cell", "strategy", *grid]].loc[summary.index.repeat(4)].reset_index(drop=True)
    games["game_index"] = np.tile(np.arange(4), len(summary))
    games["error"] = ""
    games["margin"] = rng.normal(-5, 8, len(games)).round()
    games["winner"] = np.where(games["margin"] > 0, "player", "automa")
    for side, cat in itertools.product(("player", "automa"), entry.categories):
        games[f"{side}_{cat}"] = rng.integers(0, 6, len(games))
    manifest = {"kind": "sweep" if grid else "simulate", "game": game, "grid": grid, "strategies": strategies,
                "baseline": summary["cell"].iloc[0], "cells": list(summary["cell"])}
    return Study(Path("made-up"), entry, manifest, games, summary, pd.DataFrame(), {"strategy": strategies, **grid})


def draw_every_plot(study: Study, x: str | None, out: Path):
    """Every plot of a sweep's report (a simulate directory's without the grid plots), checked."""
    with saved_plots() as saved:
        draw_plots(study, x, out)
    return saved


GRIDS = {
    "1x2 per panel": ("rurik", ["greedy", "master"], {"difficulty": ["1"], "rebel_leader": ["gleb", "maria"]}),
    "2x2 per panel": ("rurik", ["greedy", "expert", "master"], {"difficulty": ["1", "4"],
                                                                "rebel_leader": ["gleb", "maria"]}),
    "one axis, long set values": ("stroganov", ["greedy", "hunter", "settler", "courtier"], {"modules": MODULES}),
    "large": ("rurik", ["random", "greedy", "warlord", "builder", "merchant", "expert", "master"],
              {"difficulty": ["1", "2", "3", "4"], "rebel_leader": ["sviatopolk", "gleb", "maria", "theofana"]}),
    "many panels": ("stroganov", ["greedy", "courtier"], {"opponent": ["ivan", "katyusha"],
                                                          "difficulty": ["normal", "medium", "hard"],
                                                          "automa_strategy": ["random", "a"],
                                                          "modules": MODULES}),
}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in ("large", "many panels") else n
                                  for n in GRIDS])
def test_every_report_plot_is_readable_for_small_and_large_grids(name, tmp_path):
    """Small heat maps (a 1x2 or 2x2 grid per panel) once cut their colour bar's label off; long set values
    ran into each other as tick labels; panel titles ran into their neighbours."""
    game, strategies, grid = GRIDS[name]
    study = study_of(game, summary_of(game, strategies, grid), strategies, grid)
    draw_every_plot(study, "difficulty" if "difficulty" in grid else "modules", tmp_path).assert_readable(6)


def test_a_one_bar_breakdown_keeps_its_legend_off_the_axis(tmp_path):
    """A simulate directory has one cell, so its breakdown has one bar; the legends sat on the axis."""
    strategies = ["master"]
    study = study_of("rurik", summary_of("rurik", strategies, {}), strategies, {})
    saved = draw_every_plot(study, None, tmp_path)
    saved.assert_readable(3)
    for ax in saved.figures["breakdown.png"].axes:
        legend = ax.get_legend().get_window_extent()
        assert legend.y0 >= ax.get_window_extent().y1 - 1


def test_each_strategy_panel_has_its_own_colour_scale_and_bar(tmp_path):
    """A weak player's 0.2%..1% win rates get the whole colour range of its panel, not the bottom
    sliver of a scale that runs to the strong player's 30%; the margin's scale stays white at 0."""
    game, strategies, grid = GRIDS["large"]
    summary = summary_of(game, strategies, grid)
    study = study_of(game, summary, strategies, grid)
    with saved_plots() as saved:
        plots.plot_heat(study, "difficulty", "win_rate", tmp_path / "w.png")
        plots.plot_heat(study, "difficulty", "margin_mean", tmp_path / "m.png")
    for name, column in (("w.png", "win_rate_hi"), ("m.png", "margin_mean")):
        images = [im for ax in saved.figures[name].axes for im in ax.get_images()]
        assert len(images) == len(strategies)
        assert len({id(im.colorbar) for im in images if im.colorbar is not None}) == len(strategies)
        for image, strategy in zip(images, strategies):
            mine = summary[summary["strategy"] == strategy][column]
            if column == "win_rate_hi":
                assert image.norm.vmin == 0 and image.norm.vmax == plots._win_rate_top(mine.max())
            else:
                assert image.norm.vcenter == 0 and image.norm.vmin == pytest.approx(min(-1.0, mine.min()))
                assert image.norm.vmax == pytest.approx(max(1.0, mine.max()))
        if column == "win_rate_hi":
            assert images[0].norm.vmax <= 0.04 and images[-1].norm.vmax >= 0.3


# ----- the published results (their tables only: cheap)


def published_sweeps() -> list[Path]:
    return sorted(p.parent for p in RESULTS.glob("*/*/summary.csv") if "sweep" == json.loads(
        (p.parent / "manifest.json").read_text()).get("kind"))


@pytest.mark.slow
@pytest.mark.parametrize("path", published_sweeps(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_published_sweeps_plots_are_readable(path, tmp_path):
    """Each published sweep's grid and summary (its games made up: reading them takes seconds)."""
    manifest = json.loads((path / "manifest.json").read_text())
    game = get_game(manifest["game"])
    grid = {k: [str(v) for v in values] for k, values in manifest["grid"].items()}
    summary = read_table(path / "summary.csv", ["cell", "baseline", "strategy", *(o.name for o in game.options)])
    study = study_of(manifest["game"], summary, strategy_names(summary), grid)
    study.manifest = manifest
    draw_every_plot(study, default_x(study), tmp_path).assert_readable(6)


@pytest.mark.parametrize("game", ["rurik", "stroganov"])
def test_the_published_sensitivity_plot_keeps_its_title_above_the_panels(game, tmp_path):
    """The figure's title was drawn over the first row's titles."""
    manifest, table = sensitivity_report.read_study(RESULTS / game / "sensitivity")
    with saved_plots() as saved:
        sensitivity_report.plot(table, tmp_path / "s.png", manifest["game"])
    saved.assert_readable(1)
    fig = saved.figures["s.png"]
    top = min(ax.title.get_window_extent().y0 for ax in fig.axes)
    assert fig._suptitle.get_window_extent().y0 >= top


@pytest.mark.parametrize("game", ["rurik", "stroganov"])
def test_the_published_ladder_labels_every_reference_line(game, tmp_path):
    """Each reference player's line is named beside it, as is the search's own line (by its name; the x
    label gives it whole), in every panel, and no label lies on another."""
    path = RESULTS / game / "ladder"
    manifest = json.loads((path / "manifest.json").read_text())
    with saved_plots() as saved:
        ladder_report.plot(manifest, ladder_report.read_ladder(path), tmp_path / "ladder.png")
    saved.assert_readable(1)
    panels = [ax for ax in saved.figures["ladder.png"].axes if ax.get_visible()]
    assert len(panels) == 2 * np.prod([len(v) for v in manifest["grid"].values()])
    for ax in panels:
        assert sorted(t.get_text() for t in ax.texts) == sorted([manifest["search"].split("(")[0],
                                                                 *manifest["references"]])


def test_ladder_labels_of_lines_at_one_height_are_moved_apart(tmp_path):
    """Three reference players tied with the last rung (every one at 0% and -12 VP) and nine settings:
    the labels still stand apart, each on its own line of text."""
    path = RESULTS / "rurik" / "ladder"
    manifest = json.loads((path / "manifest.json").read_text())
    ladder = ladder_report.read_ladder(path)
    ladder["win_rate"], ladder["win_rate_lo"], ladder["win_rate_hi"], ladder["margin_mean"] = 0.0, 0.0, 0.05, -12.0
    with saved_plots() as saved:
        ladder_report.plot(manifest, ladder, tmp_path / "ladder.png")
    saved.assert_readable(1)


def test_ladder_label_spreading_keeps_order_and_gap():
    assert ladder_report.spread([5, 5, 5], 2, 0, 100) == [5, 7, 9]
    assert ladder_report.spread([100, 99, 50], 2, 0, 100) == [100, 98, 50]
    assert ladder_report.spread([1, 0], 3, 0, 100) == [3, 0]


def test_the_tuning_plot_is_readable(tmp_path):
    manifest = {"objective": "target", "target": 0.5, "game": "rurik", "strategy": "master", "games": 40,
                "params": ["a", "b"]}
    with saved_plots() as saved:
        tune_report.plot(manifest, [(k, 0.1 + 0.3 / (k + 1)) for k in range(30)], tmp_path / "p.png")
    saved.assert_readable(1)
