"""The report of a ladder run (:mod:`automa.studies.ladder`): ``report.md`` and ``report.html``."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from automa.run.manifest import regenerate_line
from automa.core.errors import UsageError
from automa.studies.ladder import PLOT, SPEED, TABLE, THRESHOLDS, interval_text
from automa.core.registry import get_game
from automa.report.render import PLAIN_STYLE, run_kind, write_pages
from automa.report.sensitivity_report import moved_blocks

ALT = "Win rate (with its Wilson 95% interval) and mean margin against the search budget, a line per setting"


def is_ladder(path: Path) -> bool:
    """Whether ``path`` holds a ladder run (its manifest says so)."""
    return run_kind(path) == "ladder"


def _f(value, spec: str) -> str:
    return "–" if pd.isna(value) or value == "" else format(value, spec)


def blocks(path: Path, m: dict, ladder: pd.DataFrame, speed: pd.DataFrame, thresholds: pd.DataFrame,
           sensitivity: Path | None = None) -> list[tuple]:
    """The report as blocks (:mod:`automa.report.render`); each strategy's win rates come with the top
    three assumptions of the sensitivity study ``sensitivity`` (default: the game's published one)."""
    game = get_game(m["game"])
    axes = list(m["grid"])
    rate = dict(zip(speed["cell"], speed["games_per_s"]))
    labels = m["cells"]
    head = ["strategy", "budget", *axes, "games", "win rate", "95% interval", "mean margin",
            f"margin vs {m['references'][0]}" if m["references"] else "margin vs –", "95% interval", "games/s"]
    body = []
    for label, r in zip(labels, ladder.itertuples()):
        setting = [str(getattr(r, a)) for a in axes]
        body.append([r.strategy, str(r.budget), *setting, f"{r.games:,}", _f(r.win_rate, ".1%"),
                     f"{_f(r.win_rate_lo, '.1%')} to {_f(r.win_rate_hi, '.1%')}", _f(r.margin_mean, "+.2f"),
                     _f(r.margin_diff, "+.2f"), f"{_f(r.margin_diff_lo, '+.2f')} to {_f(r.margin_diff_hi, '+.2f')}",
                     _f(rate.get(label, float("nan")), ".2f")])
    found = [[*(str(r[a]) for a in axes), r["budget_for_50pct"], _f(r.get("budget_for_50pct_interpolated", ""), ""),
              interval_text(r["budget_for_50pct_lo"], r["budget_for_50pct_hi"]) if "budget_for_50pct_lo" in r else "–"]
             for r in thresholds.to_dict("records")]
    return [("h1", f"{game.title}: win rate against search budget"),
            ("p", f"{m['search']} at budgets {', '.join(map(str, m['budgets']))} · references "
                  f"{', '.join(m['references']) or 'none'} · {m['games_per_cell']:,} paired games per cell · "
                  f"seed {m['seed']} · {m['errors']} errors"
                  + (" · INTERRUPTED: some cells are incomplete" if m["interrupted"] else "")),
            ("p", f"Regenerate with: {regenerate_line(m, path)}"),
            ("h2", "How to read it"),
            ("ul", ["Each rung is the search player with that many simulations per decision; each cell plays "
                    "the same deals (game i is dealt alike everywhere), so rungs and settings compare game by "
                    "game.",
                    "A setting that needs a larger budget to win half its games is harder for every kind of "
                    "player the search stands for; the dashed lines are the fixed strategies.",
                    "The search sees only what a player at the table sees: hidden cards are re-sampled "
                    "before every simulation (docs/search.md). Its players are programs, not people."]),
            ("img", PLOT, ALT),
            ("h2", "Smallest budget with a 50% win rate"),
            ("p", "The smallest rung that wins half its games, and the budget where the line between the rung "
                  "below and that rung crosses 50% (log scale; – when the first rung already wins half). Its 95% "
                  "interval runs from where the line through the rungs' upper Wilson bounds crosses 50% to where "
                  "the line through their lower bounds does; an end beyond the rungs is open (at most the "
                  "first rung, above the last)."),
            ("table", [*axes, "budget", "crossing", "95% interval"], found),
            ("h2", "Every cell"), ("table", head, body)] + moved_blocks(m["game"], list(dict.fromkeys(ladder["strategy"])),
                                                                       sensitivity)


def write_report(path: Path, sensitivity: Path | None = None) -> list[Path]:
    """Write ``report.md`` and ``report.html`` into the ladder directory (the plot is the run's)."""
    path = Path(path)
    m = json.loads((path / "manifest.json").read_text())
    if not (path / TABLE).is_file():
        raise UsageError(f"{path}: no {TABLE}; the run did not finish any game")
    ladder = pd.read_csv(path / TABLE, keep_default_na=False, na_values={"margin_diff": [""],
                                                                          "margin_diff_lo": [""],
                                                                          "margin_diff_hi": [""]})
    speed = pd.read_csv(path / SPEED)
    thresholds = pd.read_csv(path / THRESHOLDS, dtype=str)
    return write_pages(path, blocks(path, m, ladder, speed, thresholds, sensitivity), PLAIN_STYLE) + [path / PLOT]
