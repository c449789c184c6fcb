"""The report of a sweep directory: plots (matplotlib, Agg), ``report.md`` and a self-contained ``report.html``.

The report is built from the sweep's files: ``summary.csv`` (summary table, win-rate and score
breakdown plots), ``paired.csv`` (paired differences), ``games.csv`` (margin distributions, the
convergence plot, games needed, the rule options in force) and ``manifest.json`` (grid, baseline).
It carries no timestamp, so the same sweep gives the same ``report.md``.
"""
from __future__ import annotations

import base64
import html
import itertools
import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from automa.core.errors import UsageError
from automa.core.paired import HALF_WIDTH, needed_table
from automa.core.registry import Game, get_game, get_strategy
from automa.core.results import read_games
from automa.core.stats import Z95

PLOTS = {
    "win_rate": "Win rate with its 95% Wilson interval",
    "margins": "Margin (player minus automa) per cell",
    "breakdown": "Mean score by category, player and automa",
    "convergence": "Running win rate of the baseline cell with its 95% interval",
}


@dataclass
class Study:
    """A sweep directory read back: its games, summary, paired table, manifest and game entry."""

    path: Path
    game: Game
    manifest: dict
    games: pd.DataFrame
    summary: pd.DataFrame
    paired: pd.DataFrame


def read_table(path: Path, text: list[str]) -> pd.DataFrame:
    """A CSV file with the ``text`` columns kept as text (an empty value stays empty) and the rest numeric."""
    header = list(pd.read_csv(path, nrows=0).columns)
    return pd.read_csv(path, dtype={c: str for c in header if c in text}, keep_default_na=False,
                       na_values={c: [""] for c in header if c not in text})


def load(path: Path) -> Study:
    """Read a sweep directory (UsageError if it is not one or a file is missing)."""
    path = Path(path)
    try:
        manifest = json.loads((path / "manifest.json").read_text())
    except (OSError, ValueError) as exc:
        raise UsageError(f"{path}: no readable manifest.json: {exc}") from None
    if manifest.get("kind") != "sweep":
        raise UsageError(f"{path} is not a sweep directory (make one with `automa-sim sweep SPEC`)")
    for name in ("games.csv", "summary.csv", "paired.csv"):
        if not (path / name).is_file():
            raise UsageError(f"{path}: no {name}; the sweep did not finish any game")
    game = get_game(manifest["game"])
    text = ["cell", "baseline", "strategy"] + [o.name for o in game.options]
    return Study(path, game, manifest, read_games(path / "games.csv", game),
                 read_table(path / "summary.csv", text), read_table(path / "paired.csv", text))


def varying(study: Study) -> list[str]:
    """The grid options with more than one value, in grid order."""
    return [k for k, v in study.manifest["grid"].items() if len(v) > 1]


def default_x(study: Study) -> str:
    """The win-rate plot's x axis: ``difficulty`` if it is in the grid, else the first grid option."""
    grid = list(study.manifest["grid"])
    return "difficulty" if "difficulty" in grid else grid[0]


# ----- plots


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _percent(ax, axis: str = "y") -> None:
    from matplotlib.ticker import PercentFormatter

    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(PercentFormatter(1.0))


def _win_rate_top(highest: float) -> float:
    """The top of a win-rate axis: 100% when a rate reaches 40%, else a little above the highest
    interval bound, so that low win rates stay readable."""
    if highest >= 0.4:
        return 1.0
    return min(1.0, max(0.02, math.ceil(highest * 1.25 * 50) / 50))


def plot_win_rate(study: Study, x: str, path: Path) -> None:
    """Win rate with Wilson error bars against option ``x``, one line per strategy, a panel per combination
    of the other grid values that has cells (an excluded combination gets none)."""
    plt = _pyplot()
    grid = study.manifest["grid"]
    ticks = [str(v) for v in grid[x]]
    others = [k for k in varying(study) if k != x]
    s = study.summary
    present = {tuple(str(v) for v in row) for row in s[others].itertuples(index=False)}
    panels = [p for p in itertools.product(*[[str(v) for v in grid[k]] for k in others]) if p in present]
    strategies = study.manifest["strategies"]
    cols = min(4, len(panels))
    rows = math.ceil(len(panels) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.4 * rows), sharey=True, squeeze=False)
    for ax, panel in zip(axes.flat, panels):
        mask = np.ones(len(s), dtype=bool)
        for key, value in zip(others, panel):
            mask &= (s[key] == value).to_numpy()
        for k, strategy in enumerate(strategies):
            part = s[mask & (s["strategy"] == strategy).to_numpy()]
            part = part.assign(pos=[ticks.index(v) for v in part[x]]).sort_values("pos")
            shift = (k - (len(strategies) - 1) / 2) * 0.06
            ax.errorbar(part["pos"] + shift, part["win_rate"],
                        yerr=[part["win_rate"] - part["win_rate_lo"], part["win_rate_hi"] - part["win_rate"]],
                        marker="o", capsize=3, label=strategy)
        top = _win_rate_top(float(s["win_rate_hi"].max()))
        if top == 1.0:
            ax.axhline(0.5, color="grey", lw=0.6, ls=":")
        ax.set_xticks(range(len(ticks)), ticks)
        ax.set_xlim(-0.5, len(ticks) - 0.5)
        ax.set_xlabel(x)
        ax.set_ylim(0, top)
        _percent(ax)
        ax.set_title(", ".join(f"{k}={v or '(none)'}" for k, v in zip(others, panel)), fontsize=9)
    for ax in axes.flat[len(panels):]:
        ax.set_visible(False)
    axes[0][0].set_ylabel("player win rate")
    axes[0][0].legend(title="strategy", fontsize=8)
    fig.suptitle(f"{study.game.name}: player win rate (95% Wilson interval) by {x}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _cells(study: Study) -> list[str]:
    return list(study.summary["cell"])


def plot_margins(study: Study, path: Path) -> None:
    """Box plots of the margin of every cell's finished games."""
    plt = _pyplot()
    cells = _cells(study)
    done = study.games[study.games["error"] == ""]
    data = [done.loc[done["cell"] == c, "margin"].to_numpy(dtype=float) for c in cells]
    fig, ax = plt.subplots(figsize=(9, 1.2 + 0.32 * len(cells)))
    ax.boxplot(data, orientation="horizontal", flierprops={"markersize": 2})
    ax.set_yticks(range(1, len(cells) + 1), cells, fontsize=8)
    ax.invert_yaxis()
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_xlabel("margin (player score - automa score)")
    ax.set_title(f"{study.game.name}: {PLOTS['margins'].lower()}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_breakdown(study: Study, path: Path) -> None:
    """Stacked horizontal bars of the mean points per category, player and automa, per cell."""
    plt = _pyplot()
    cells = _cells(study)
    categories = list(study.game.categories)
    colours = plt.get_cmap("tab20").colors
    legend_rows = math.ceil(len(categories) / 6)
    height = 1.4 + 0.25 * legend_rows + 0.32 * len(cells)
    fig, axes = plt.subplots(1, 2, figsize=(12, height), sharex=True, sharey=True)
    for ax, side in zip(axes, ("player", "automa")):
        pos = np.zeros(len(cells))
        neg = np.zeros(len(cells))
        for k, cat in enumerate(categories):
            values = study.summary[f"{side}_{cat}_mean"].fillna(0).to_numpy(dtype=float)
            left = np.where(values >= 0, pos, neg)
            ax.barh(range(len(cells)), values, left=left, color=colours[k % len(colours)], label=cat)
            pos += np.clip(values, 0, None)
            neg += np.clip(values, None, 0)
        ax.set_title(f"{side}: mean points by category", fontsize=10)
        ax.set_xlabel("points")
        ax.axvline(0, color="grey", lw=0.6)
    axes[0].set_yticks(range(len(cells)), cells, fontsize=8)
    axes[0].set_ylim(len(cells) - 0.5, -0.5)
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles, names, loc="lower center", ncol=min(6, len(categories)), fontsize=8)
    fig.tight_layout(rect=(0, (0.2 + 0.25 * legend_rows) / height, 1, 1))
    fig.savefig(path, dpi=100)
    plt.close(fig)


def running_wilson(wins: np.ndarray, z: float = Z95) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Running win rate and its Wilson interval after each game of a 0/1 sequence."""
    n = np.arange(1, len(wins) + 1, dtype=float)
    p = np.cumsum(wins) / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def plot_convergence(study: Study, path: Path) -> None:
    """The baseline cell's running win rate with its 95% band against games played."""
    plt = _pyplot()
    base = study.manifest["baseline"]
    done = study.games[(study.games["cell"] == base) & (study.games["error"] == "")].sort_values("game_index")
    wins = (done["winner"] == "player").to_numpy(dtype=float)
    p, lo, hi = running_wilson(wins)
    n = np.arange(1, len(wins) + 1)
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.fill_between(n, lo, hi, alpha=0.3, label="95% Wilson interval")
    ax.plot(n, p, lw=1.2, label="running win rate")
    if len(p):
        ax.axhline(p[-1], color="grey", lw=0.6, ls="--")
    ax.set_xlabel("games played")
    ax.set_ylabel("player win rate")
    ax.set_ylim(0, _win_rate_top(float(hi[len(hi) // 10:].max())) if len(hi) > 10 else 1)
    _percent(ax)
    ax.set_title(f"baseline: {base}", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


# ----- tables and text


def _pct(value: float) -> str:
    return "–" if pd.isna(value) else f"{value:.1%}"


def _pts(value: float) -> str:
    return "–" if pd.isna(value) else f"{value * 100:+.1f}"


def _num(value: float, spec: str = ".2f") -> str:
    return "–" if pd.isna(value) else format(value, spec)


def _count(value: float) -> str:
    return "–" if pd.isna(value) else f"{int(value):,}"


def summary_rows(study: Study) -> tuple[list[str], list[list[str]]]:
    """The summary table, from ``summary.csv``."""
    head = ["cell", "games", "win rate", "95% interval", "ties", "player score", "automa score",
            "margin", "errors"]
    rows = [[r.cell, str(r.games), _pct(r.win_rate), f"{_pct(r.win_rate_lo)} to {_pct(r.win_rate_hi)}",
             str(r.ties), _num(r.player_score_mean), _num(r.automa_score_mean), _num(r.margin_mean, "+.2f"),
             str(r.errors)] for r in study.summary.itertuples()]
    return head, rows


def paired_rows(study: Study) -> tuple[list[str], list[list[str]]]:
    """The paired differences of each cell against its baseline, from ``paired.csv``."""
    head = ["cell", "against", "pairs", "win rate", "difference (points)", "95% interval", "margin difference",
            "95% interval"]
    rows = [[r.cell, r.baseline.split(" ", 1)[0], str(r.pairs), _pct(r.win_rate), _pts(r.win_rate_diff),
             f"{_pts(r.win_rate_diff_lo)} to {_pts(r.win_rate_diff_hi)}", _num(r.margin_diff, "+.2f"),
             f"{_num(r.margin_diff_lo, '+.2f')} to {_num(r.margin_diff_hi, '+.2f')}"]
            for r in study.paired.itertuples()]
    return head, rows


def needed_rows(study: Study) -> tuple[list[str], list[list[str]]]:
    """Games per cell for a ±1-point interval, on the win rate and on the paired difference."""
    head = ["cell", "win rate", "games for ±1 point on the win rate",
            "games for ±1 point on the difference to its baseline"]
    table = needed_table(study.games, _cells(study), dict(zip(study.paired["cell"], study.paired["baseline"])))
    rows = [[r.cell, _pct(r.win_rate), _count(r.games_for_win_rate), _count(r.games_for_paired_diff)]
            for r in table.itertuples()]
    return head, rows


def option_rows(study: Study) -> tuple[list[str], list[list[str]]]:
    """Every option of the game with its value(s) in this sweep (from the games file), default, rule IDs, help."""
    head = ["option", "value in this sweep", "default", "rule IDs", "meaning"]
    rows = []
    for opt in study.game.options:
        values = list(dict.fromkeys(str(v) for v in study.games[opt.name]))
        shown = [v if v != "" else "(none)" for v in values]
        value = shown[0] if len(shown) == 1 else "varies: " + "; ".join(shown)
        default = str(opt.default) if opt.default != "" else "(none)"
        rows.append([opt.name, value, default, opt.ref, opt.help])
    return head, rows


def strategy_items(study: Study) -> list[str]:
    """Each strategy of the sweep with its one-line description."""
    items = []
    for name in study.manifest["strategies"]:
        try:
            about = get_strategy(study.game, name).description
        except UsageError:
            about = "(not installed here)"
        items.append(f"{name}: {about}" if about else name)
    return items


def caveats(study: Study) -> tuple[list[str], list[str]]:
    """The "what this shows" and "what it does not" paragraphs."""
    m = study.manifest
    shows = [
        f"How {len(m['strategies'])} scripted player strateg{'y' if len(m['strategies']) == 1 else 'ies'} "
        f"score against the game's official solo automa as this engine models it ({study.game.title}), "
        f"over {m['games_per_cell']:,} seeded games per cell, under the rule options listed below.",
        "Differences between cells, measured on common random numbers: game i of every cell uses the "
        "same seed (the same deal and automa cards wherever the setup options agree), so a paired "
        "difference is far less noisy than two separate runs.",
    ]
    does_not = [
        "The strategies are scripted models, not people. Bot win rates are not human win rates: a "
        "person plans, adapts and learns, and may win far more or far less often than any bot here.",
        "Read the numbers as comparisons between settings for a fixed, simple player, not as how hard "
        "the game is, or which setting is right for you.",
        "The intervals cover sampling noise only. They say nothing about rules the engine may model "
        "differently from the rulebook; ambiguous rules are settled by the options listed below, and "
        "another reading can change the result.",
    ]
    return shows, does_not


# ----- documents


def blocks(study: Study, x: str) -> list[tuple]:
    """The report as a list of blocks: ("h1"|"h2"|"p", text), ("ul", items), ("img", plot), ("table", head, rows)."""
    m = study.manifest
    shows, does_not = caveats(study)
    out = [("h1", f"{study.game.title}: sweep report")]
    if m.get("description"):
        out.append(("p", m["description"]))
    out += [
        ("p", f"Spec {m['spec']} · {len(m['cells'])} cells × {m['games_per_cell']:,} games · seed "
              f"{m['seed']} · baseline: {m['baseline']} · {m['errors']} errors"
              + (" · INTERRUPTED: some cells are incomplete" if m["interrupted"] else "")),
        ("p", f"Regenerate with: {m['command'] or 'automa-sim sweep ' + m['spec']}, then automa-sim report "
              f"{study.path}" + (f" --x {x}" if x != default_x(study) else "")),
        ("h2", "What this shows"), ("ul", shows),
        ("h2", "What it does not show"), ("ul", does_not),
        ("h2", "Strategies"), ("ul", strategy_items(study)),
        ("h2", "Win rate"), ("img", "win_rate"),
        ("h2", "Summary per cell"),
        ("p", "From summary.csv. Win rate counts ties as non-wins; the interval is the Wilson score 95% "
              "interval; scores and margin are means over the finished games."),
        ("table", *summary_rows(study)),
        ("h2", "Paired differences against each cell's baseline"),
        ("p", "From paired.csv. Each cell is compared with the cell of the same strategy at the "
              f"baseline's settings ({m['baseline'].split(' ', 1)[1] if ' ' in m['baseline'] else 'one setting'}), "
              "so a difference is the setting's effect for that strategy; those cells are compared with "
              f"the sweep's baseline ({m['baseline']}). 'against' names the strategy of the cell compared "
              "with. Per-game differences (cell minus baseline) of the win indicator and of the margin over "
              "the games both finished; 95% paired-difference normal interval mean ± 1.96 · sd / √n."),
        ("table", *paired_rows(study)),
        ("h2", "Margins"), ("img", "margins"),
        ("h2", "Score breakdown"), ("img", "breakdown"),
        ("h2", "Convergence"), ("img", "convergence"),
        ("h2", f"Games needed for a ±{HALF_WIDTH * 100:.0f}-point interval"),
        ("p", "At the observed rates, the games after which the interval is ±1 point wide: the Wilson "
              "interval for a cell's win rate, the Agresti-Min interval for a paired difference; both "
              "stay honest at 0% and 100%. Pairing usually needs far fewer games than the separate "
              "win rates would suggest."),
        ("table", *needed_rows(study)),
        ("h2", "Rule options in force"),
        ("p", "Every option of the engine, with its value in the games of this sweep."),
        ("table", *option_rows(study)),
    ]
    return out


def markdown(items: list[tuple]) -> str:
    """The blocks as Markdown, with plots linked from ``plots/``."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    lines = []
    for kind, *rest in items:
        if kind == "h1":
            lines += [f"# {rest[0]}", ""]
        elif kind == "h2":
            lines += [f"## {rest[0]}", ""]
        elif kind == "p":
            lines += [rest[0], ""]
        elif kind == "ul":
            lines += [f"- {item}" for item in rest[0]] + [""]
        elif kind == "img":
            lines += [f"![{PLOTS[rest[0]]}](plots/{rest[0]}.png)", ""]
        else:
            head, rows = rest
            lines += ["| " + " | ".join(map(cell, head)) + " |", "|" + "---|" * len(head)]
            lines += ["| " + " | ".join(map(cell, r)) + " |" for r in rows] + [""]
    return "\n".join(lines)


STYLE = ("body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222}"
         "table{border-collapse:collapse;font-size:0.85em;margin:1em 0}"
         "th,td{border:1px solid #ccc;padding:3px 6px;text-align:left}th{background:#eee}"
         "img{max-width:100%}")


def to_html(items: list[tuple], plots: Path) -> str:
    """The blocks as one self-contained HTML page, with every plot embedded as a base64 PNG."""
    e = html.escape
    title = next(rest[0] for kind, *rest in items if kind == "h1")
    parts = ["<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
             f"<title>{e(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>"]
    for kind, *rest in items:
        if kind in ("h1", "h2", "p"):
            parts.append(f"<{kind}>{e(rest[0])}</{kind}>")
        elif kind == "ul":
            parts.append("<ul>" + "".join(f"<li>{e(i)}</li>" for i in rest[0]) + "</ul>")
        elif kind == "img":
            data = base64.b64encode((plots / f"{rest[0]}.png").read_bytes()).decode("ascii")
            parts.append(f"<img alt=\"{e(PLOTS[rest[0]])}\" src=\"data:image/png;base64,{data}\">")
        else:
            head, rows = rest
            parts.append("<table><thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in head)
                         + "</tr></thead><tbody>"
                         + "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in rows)
                         + "</tbody></table>")
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


def write_report(path: Path, x: str | None = None) -> list[Path]:
    """Write ``plots/*.png``, ``report.md`` and ``report.html`` into the sweep directory ``path``
    (a sensitivity directory: :func:`automa.core.sensitivity_report.write_report`)."""
    from automa.core import sensitivity_report

    if sensitivity_report.is_sensitivity(path):
        if x:
            raise UsageError("--x applies to a sweep's report, not to a sensitivity run's")
        return sensitivity_report.write_report(path)
    study = load(path)
    x = x or default_x(study)
    if x not in study.manifest["grid"]:
        raise UsageError(f"--x: {x!r} is not a grid option of this sweep; grid options: "
                         f"{', '.join(study.manifest['grid'])}")
    plots = study.path / "plots"
    plots.mkdir(exist_ok=True)
    plot_win_rate(study, x, plots / "win_rate.png")
    plot_margins(study, plots / "margins.png")
    plot_breakdown(study, plots / "breakdown.png")
    plot_convergence(study, plots / "convergence.png")
    items = blocks(study, x)
    (study.path / "report.md").write_text(markdown(items))
    (study.path / "report.html").write_text(to_html(items, plots))
    return [study.path / "report.html", study.path / "report.md"] + [plots / f"{p}.png" for p in PLOTS]
