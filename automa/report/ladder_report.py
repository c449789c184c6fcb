"""The report of a ladder run (:mod:`automa.studies.ladder`): ``plots/ladder.png``, ``report.md`` and
``report.html``, from the run's ``ladder.csv`` and ``manifest.json``."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd

from automa.run.manifest import regenerate_line
from automa.core.errors import UsageError
from automa.studies.ladder import PLOT, SPEED, TABLE, THRESHOLDS, interval_text
from automa.core.registry import get_game
from automa.report.render import PLAIN_STYLE, run_kind, write_pages
from automa.report.sensitivity_report import moved_blocks

ALT = ("Win rate (with its Wilson 95% interval) and mean margin against the search budget, a column per setting, "
       "the fixed strategies as labelled dashed lines")


def is_ladder(path: Path) -> bool:
    """Whether ``path`` holds a ladder run (its manifest says so)."""
    return run_kind(path) == "ladder"


def _f(value, spec: str) -> str:
    return "–" if pd.isna(value) or value == "" else format(value, spec)


def answers(m: dict, ladder: pd.DataFrame, thresholds: pd.DataFrame) -> list[str]:
    """Per setting, one sentence: the budget where the search crosses 50% with its interval, and each
    reference player's win rate there with its Wilson interval."""
    axes = list(m["grid"])
    out = []
    for r in thresholds.to_dict("records"):
        where = ", ".join(f"{a} {r[a]}" for a in axes) or "the base setting"
        crossing = str(r.get("budget_for_50pct_interpolated", ""))
        span = interval_text(r["budget_for_50pct_lo"], r["budget_for_50pct_hi"]) if "budget_for_50pct_lo" in r else "–"
        if crossing not in ("", "nan", "–"):
            said = f"the search wins half its games from about {float(crossing):.0f} simulations a decision"
        elif str(r["budget_for_50pct"]).startswith("not reached"):
            said = f"the search does not win half its games ({r['budget_for_50pct']})"
        else:
            said = f"the smallest rung, budget {r['budget_for_50pct']}, already wins half its games"
        said += f" (95% interval: {span})"
        here = ladder[(ladder["budget"].astype(str) == "")
                      & (ladder[axes].astype(str) == pd.Series({a: str(r[a]) for a in axes})).all(axis=1)] \
            if axes else ladder[ladder["budget"].astype(str) == ""]
        refs = "; ".join(f"{x.strategy} wins {x.win_rate:.0%} [{x.win_rate_lo:.0%}, {x.win_rate_hi:.0%}]"
                         for x in here.itertuples())
        out.append(f"{where}: {said}" + (f"; {refs}." if refs else "."))
    return out


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
            ("h2", "How strong a player does each setting take? The search budget that wins half the games"),
            ("ul", answers(m, ladder, thresholds)),
            ("p", "The smallest rung that wins half its games, and the budget where the line between the rung "
                  "below and that rung crosses 50% (log scale; – when the first rung already wins half). Its 95% "
                  "interval runs from where the line through the rungs' upper Wilson bounds crosses 50% to where "
                  "the line through their lower bounds does; an end beyond the rungs is open (at most the "
                  "first rung, above the last)."),
            ("table", [*axes, "budget", "crossing", "95% interval"], found),
            ("h2", "How to read it"),
            ("ul", ["Each rung is the search player with that many simulations per decision; each cell plays "
                    "the same deals (game i is dealt alike everywhere), so rungs and settings compare game by "
                    "game.",
                    "A setting that needs a larger budget to win half its games is harder for every kind of "
                    "player the search stands for; the dashed lines are the fixed strategies.",
                    "The search sees only what a player at the table sees: hidden cards are re-sampled "
                    "before every simulation (docs/search.md). Its players are programs, not people."]),
            ("img", PLOT, ALT),
            ("h2", "Every cell"), ("table", head, body)] + moved_blocks(m["game"], list(dict.fromkeys(ladder["strategy"])),
                                                                       sensitivity)


def read_ladder(path: Path) -> pd.DataFrame:
    """A ladder directory's ``ladder.csv``: budgets and settings as text (a reference's budget is empty)."""
    m = json.loads((path / "manifest.json").read_text())
    if not (path / TABLE).is_file():
        raise UsageError(f"{path}: no {TABLE}; the run did not finish any game")
    return pd.read_csv(path / TABLE, dtype={"budget": str, "vs": str} | {a: str for a in m["grid"]},
                       keep_default_na=False, na_values={c: [""] for c in ("margin_diff", "margin_diff_lo",
                                                                           "margin_diff_hi")})


def spread(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near ``wanted`` as can be with ``gap`` between any two, inside ``[low, high]`` when they
    fit (the labels beside lines that lie close together), in the order of ``wanted``."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    at = [min(max(wanted[i], low), high) for i in order]
    for k in range(1, len(at)):
        at[k] = max(at[k], at[k - 1] + gap)
    for k in range(len(at) - 1, -1, -1):
        at[k] = min(at[k], high if k == len(at) - 1 else at[k + 1] - gap)
    for k in range(1, len(at)):
        at[k] = max(at[k], at[k - 1] + gap)
    out = [0.0] * len(at)
    for i, y in zip(order, at):
        out[i] = y
    return out


def _label_lines(fig, ax, labels: list[tuple[str, float, str]], x: float) -> None:
    """Write each (name, height, colour) at ``x`` (data), beside its line's height, moved apart so that no
    two labels overlap; the figure's layout must be final."""
    to_pixels, from_pixels = ax.transData, ax.transData.inverted()
    box = ax.get_window_extent()
    gap = 8 * 1.25 * fig.dpi / 72
    wanted = [to_pixels.transform((x, y))[1] for _, y, _ in labels]
    for (name, _, colour), py in zip(labels, spread(wanted, gap, box.y0 + gap / 2, box.y1 - gap / 2)):
        ax.text(x, from_pixels.transform((0, py))[1], name, color=colour, fontsize=8, ha="left", va="center")


def plot(m: dict, ladder: pd.DataFrame, path: Path) -> None:
    """Win rate (with its Wilson interval, top row) and mean margin (bottom row) against the search budget,
    a column per setting. The fixed reference players are dashed horizontal lines, each in its own colour,
    ending just past the last rung where its name stands, beside the search's own label; labels of lines
    that lie close are moved apart, never onto each other."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys, budgets = list(m["grid"]), m["budgets"]
    rungs, refs = ladder[ladder["budget"] != ""], ladder[ladder["budget"] == ""]
    groups = list(rungs.groupby(keys, sort=False)) if keys else [((), rungs)]
    names = list(dict.fromkeys(refs["strategy"]))
    search = m["search"].split("(")[0]     # its line's label; the x label names it whole
    longest = max(map(len, [search, *names]))
    ncols = min(4, len(groups))
    blocks = math.ceil(len(groups) / ncols)
    fig, axes = plt.subplots(2 * blocks, ncols, figsize=(3.6 * ncols + 0.4, 5.2 * blocks + 0.9), squeeze=False,
                             sharey="row", layout="constrained")
    # the room right of the last rung for the labels, on the log-2 budget axis: the labels' width over
    # what is left of a panel's (about 2.8 inches) beside them
    span = math.log2(max(budgets) / min(budgets)) + 0.6
    width = 0.15 + longest * 8 * 0.62 / 72
    room = span * width / max(3.6 - 0.8 - width, 0.5)
    left, end, right = min(budgets) / 2 ** 0.3, max(budgets) * 2 ** 0.2, max(budgets) * 2 ** (0.3 + room)
    labels = {}
    for k, (setting, part) in enumerate(groups):
        setting = setting if isinstance(setting, tuple) else (setting,)
        ax_w, ax_m = axes[2 * (k // ncols)][k % ncols], axes[2 * (k // ncols) + 1][k % ncols]
        b = part["budget"].astype(int)
        ax_w.errorbar(b, part["win_rate"], yerr=[part["win_rate"] - part["win_rate_lo"],
                                                  part["win_rate_hi"] - part["win_rate"]],
                      marker="o", capsize=3, color="C0")
        ax_m.plot(b, part["margin_mean"], marker="o", color="C0")
        mine = refs
        for key, value in zip(keys, setting):
            mine = mine[mine[key] == value]
        for ax, col in ((ax_w, "win_rate"), (ax_m, "margin_mean")):
            labels[ax] = [(search, float(part[col].iloc[-1]), "C0")]
            for r in mine.itertuples():
                colour = f"C{1 + names.index(r.strategy) % 9}"
                ax.hlines(getattr(r, col), left, end, ls="--", lw=0.9, color=colour)
                labels[ax].append((r.strategy, float(getattr(r, col)), colour))
        ax_w.set_title(", ".join(f"{a}={v}" for a, v in zip(keys, setting)) or "base", fontsize=10)
        ax_w.hlines(0.5, left, end, color="black", lw=0.6)
        ax_w.set_ylim(0, 1)
    for ax in axes.flat[:]:
        ax.set_xscale("log", base=2)
        ax.set_xlim(left, right)
        ax.set_xticks(budgets, [str(b) for b in budgets])
        ax.minorticks_off()
        ax.grid(alpha=0.3)
    for row in range(2 * blocks):
        axes[row][0].set_ylabel("win rate" if row % 2 == 0 else "mean margin (VP)")
        for k in range(ncols):
            if (row // 2) * ncols + k >= len(groups):
                axes[row][k].set_visible(False)
    fig.supxlabel(f"{m['search']} budget (simulations per decision); dashed: the fixed strategies", fontsize=10)
    fig.suptitle(f"{m['game']}: win rate and margin against search budget", fontsize=11)
    fig.draw_without_rendering()
    fig.set_layout_engine("none")
    for ax, items in labels.items():
        ax.set_ylim(ax.get_ylim())
        _label_lines(fig, ax, items, max(budgets) * 2 ** 0.3)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, metadata={"Software": None})
    plt.close(fig)


def write_plot(path: Path) -> Path:
    """Draw ``plots/ladder.png`` from the directory's ``ladder.csv`` and ``manifest.json`` (the study writes
    the tables, its report draws them)."""
    path = Path(path)
    png = path / PLOT
    plot(json.loads((path / "manifest.json").read_text()), read_ladder(path), png)
    return png


def write_report(path: Path, sensitivity: Path | None = None) -> list[Path]:
    """Write ``plots/ladder.png``, ``report.md`` and ``report.html`` into the ladder directory."""
    path = Path(path)
    m = json.loads((path / "manifest.json").read_text())
    png = write_plot(path)
    ladder = read_ladder(path)
    speed = pd.read_csv(path / SPEED)
    thresholds = pd.read_csv(path / THRESHOLDS, dtype=str)
    return write_pages(path, blocks(path, m, ladder, speed, thresholds, sensitivity), PLAIN_STYLE) + [png]
