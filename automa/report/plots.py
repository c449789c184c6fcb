"""The plots of a report (matplotlib, Agg): heat maps, win rate, margins, category breakdown, convergence.

Each function draws from a :class:`automa.report.study.Study` and writes one PNG. Every panel has its
own axis labels, and every legend sits above its panel, so a tall figure reads without scrolling.
"""
from __future__ import annotations

import itertools
import math
import textwrap
from pathlib import Path

import numpy as np

from automa.analysis.findings import ever_scored
from automa.core.intervals import Z95

DPI = 100


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _percent(ax, axis: str = "y") -> None:
    from matplotlib.ticker import PercentFormatter

    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(PercentFormatter(1.0))


def _save(fig, path: Path) -> None:
    fig.savefig(path, dpi=DPI)
    _pyplot().close(fig)


def _name(value: str, inches: float | None = None, fontsize: float = 8, words: bool = False) -> str:
    """An option value as shown: ``(none)`` for an empty set, a set broken after its commas (and, with
    ``words``, a name after its underscores) into lines that fit ``inches`` at ``fontsize`` points."""
    if not value:
        return "(none)"
    if inches is None:
        return value
    cut = value.replace(",", ", ").replace("_", "_ " if words else "_")
    return _fit(cut, inches, fontsize).replace(", ", ",").replace("_ ", "_")


def _fit(text: str, inches: float, fontsize: float) -> str:
    """``text`` broken at its spaces into lines about ``inches`` wide at ``fontsize`` points."""
    return textwrap.fill(text, max(6, int(inches * 72 / (fontsize * 0.62))), break_long_words=False)


def _panel(values: dict[str, str]) -> str:
    """A panel's title: its strategy, and its other values as name=value (a set's values with a space
    after each comma, so that a long set can break), separated by semicolons."""
    return "; ".join(v if k == "strategy" else f"{k}={_name(v).replace(',', ', ')}" for k, v in values.items())


def _suptitle(fig, title: str, note: str = "", fontsize: float = 12) -> None:
    """The figure's title, broken into lines that fit the figure's width."""
    fig.suptitle(_fit(title + note, fig.get_figwidth() - 0.3, fontsize), fontsize=fontsize)


def _win_rate_top(highest: float) -> float:
    """The top of a win-rate axis: 100% when a rate reaches 40%, else a little above the highest
    interval bound, so that low win rates stay readable."""
    if highest >= 0.4:
        return 1.0
    return min(1.0, max(0.02, math.ceil(highest * 1.25 * 50) / 50))


# ----- heat maps


def _others(study, x: str) -> list[str]:
    """The grid options other than ``x`` that vary."""
    return [a for a in study.axes if a not in ("strategy", x) and len(study.axes[a]) > 1]


def heat_axes(study, x: str) -> tuple[str, str, list[str]]:
    """The heat map's rows and columns and the axes that make its panels.

    Rows: ``x``; columns: the other varying grid option with the most values; panels: the strategy and
    any further varying options. With ``x`` the only varying option, rows are the strategies and there
    is one panel.
    """
    others = _others(study, x)
    if not others:
        return "strategy", x, []
    cols = max(others, key=lambda a: len(study.axes[a]))
    return x, cols, ["strategy"] + [a for a in others if a != cols]


def heat_panels(study, x: str) -> tuple[str, str, list[dict[str, str]]]:
    """Rows, columns and the panels that have cells, each as the values of its panel axes."""
    rows, cols, panel_axes = heat_axes(study, x)
    s = study.summary
    present = {tuple(r) for r in s[panel_axes].itertuples(index=False)} if panel_axes else {()}
    combos = itertools.product(*[study.axes[a] for a in panel_axes])
    return rows, cols, [dict(zip(panel_axes, c)) for c in combos if tuple(c) in present]


def _norm(metric: str, part):
    """One panel's colour scale. Win rate: 0 to the panel's own top (:func:`_win_rate_top`), so a weak
    player's 0.4% and 2.9% differ in colour rather than both looking like 0 beside another player's 30%.
    Margin: a diverging scale with white at 0 (blue: the player ahead, red: the automa ahead), each
    half stretched to the panel's own extreme, so -10 and -38 VP read apart as well as -1 and +2."""
    from matplotlib.colors import Normalize, TwoSlopeNorm

    if metric == "win_rate":
        return Normalize(0, _win_rate_top(float(part["win_rate_hi"].max())))
    margins = part["margin_mean"].to_numpy(dtype=float)
    return TwoSlopeNorm(0, min(-1.0, float(np.nanmin(margins))), max(1.0, float(np.nanmax(margins))))


def plot_heat(study, x: str, metric: str, path: Path) -> None:
    """A heat map of ``metric`` (``win_rate`` with its Wilson interval, or ``margin_mean``) over the two
    main axes, one panel per strategy (and value of any further axis); excluded cells stay blank.

    Each panel has its own colour scale (:func:`_norm`) and its own colour bar under it: the panels are
    different players whose rates differ a hundredfold, and one shared scale painted every weak player's
    panel a single colour. The numbers in the squares compare across panels; the colours compare within one.
    """
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    plt = _pyplot()
    rows, cols, panels = heat_panels(study, x)
    s = study.summary
    rv, cv = study.axes[rows], study.axes[cols]
    cmap = plt.get_cmap("viridis" if metric == "win_rate" else "RdBu")
    width, height = 1.0 + 0.9 * max(2, len(cv)), 1.7 + 0.48 * len(rv)
    ncols = max(1, min(len(panels), int(15 // width)))
    nrows = math.ceil(len(panels) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(width * ncols + 0.3, height * nrows + 0.7), squeeze=False,
                             layout="constrained")
    for ax, panel in zip(axes.flat, panels):
        grid = np.full((len(rv), len(cv)), np.nan)
        labels = [[""] * len(cv) for _ in rv]
        part = s
        for key, value in panel.items():
            part = part[part[key] == value]
        norm = _norm(metric, part)
        for r in part.itertuples():
            i, j = rv.index(getattr(r, rows)), cv.index(getattr(r, cols))
            grid[i, j] = getattr(r, metric)
            labels[i][j] = (f"{r.win_rate:.1%}\n[{r.win_rate_lo:.1%}, {r.win_rate_hi:.1%}]"
                            if metric == "win_rate" else f"{r.margin_mean:+.1f}")
        image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, norm=norm, aspect="auto")
        for i, j in itertools.product(range(len(rv)), range(len(cv))):
            if labels[i][j]:
                shade = np.mean(cmap(norm(grid[i, j]))[:3])
                ax.text(j, i, labels[i][j], ha="center", va="center", fontsize=7,
                        color="white" if shade < 0.5 else "black")
        ax.set_xticks(range(len(cv)), [_name(v, 0.85, 8, words=True) for v in cv], fontsize=8)
        ax.set_yticks(range(len(rv)), [_name(v, 1.2, 8) for v in rv], fontsize=8)
        ax.set_xlabel(cols, fontsize=9)
        ax.set_ylabel(rows, fontsize=9)
        ax.set_facecolor("#eeeeee")
        ax.set_title(_fit(_panel(panel) or "every strategy", width - 0.3, 10), fontsize=10)
        bar = fig.colorbar(image, ax=ax, location="bottom", shrink=0.9, aspect=22)
        bar.locator = MaxNLocator(4)
        if metric == "win_rate":
            bar.formatter = PercentFormatter(1.0)
        bar.ax.tick_params(labelsize=7)
        bar.set_label("player win rate" if metric == "win_rate" else "mean margin, VP", fontsize=8)
    for ax in axes.flat[len(panels):]:
        ax.set_visible(False)
    _suptitle(fig, f"{study.game.name}: player win rate [95% Wilson interval]" if metric == "win_rate" else
              f"{study.game.name}: mean margin, player minus automa, VP (blue: the player ahead)",
              "; each panel has its own colour scale" if len(panels) > 1 else "")
    _save(fig, path)


# ----- win rate, margins, breakdown, convergence


def plot_win_rate(study, x: str, path: Path) -> None:
    """Win rate with Wilson error bars against option ``x``, one line per strategy, a panel per combination
    of the other grid values that has cells (an excluded combination gets none)."""
    plt = _pyplot()
    grid = study.manifest["grid"]
    ticks = [str(v) for v in grid[x]]
    others = _others(study, x)
    s = study.summary
    present = {tuple(str(v) for v in row) for row in s[others].itertuples(index=False)}
    panels = [p for p in itertools.product(*[study.axes[k] for k in others]) if p in present]
    strategies = study.axes["strategy"]
    spacing = _tick_inches(ticks, 8)
    width = max(3.4, 0.9 + spacing * len(ticks))
    cols = max(1, min(4, len(panels), int(16 // width)))
    rows = math.ceil(len(panels) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(width * cols + 0.3, 3.4 * rows), sharey=True, squeeze=False,
                             layout="constrained")
    top = _win_rate_top(float(s["win_rate_hi"].max()))
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
        if top == 1.0:
            ax.axhline(0.5, color="grey", lw=0.6, ls=":")
        ax.set_xticks(range(len(ticks)), [_name(t, spacing - 0.1, 8) for t in ticks], fontsize=8)
        ax.set_xlim(-0.5, len(ticks) - 0.5)
        ax.set_xlabel(x)
        ax.set_ylim(0, top)
        ax.tick_params(labelleft=True)
        _percent(ax)
        ax.set_title(_fit(_panel(dict(zip(others, panel))), width - 0.6, 9), fontsize=9)
    for ax in axes.flat[len(panels):]:
        ax.set_visible(False)
    for row in axes:
        row[0].set_ylabel("player win rate")
    handles, names = axes[0][0].get_legend_handles_labels()
    per_row = min(len(names), max(1, int((width * cols) // _legend_entry_inches(names, 8))))
    title = _fit(f"{study.game.name}: player win rate (95% Wilson interval) by {x}", width * cols, 12)
    title_h, legend_h = 0.15 + 0.22 * (title.count("\n") + 1), 0.3 + 0.2 * math.ceil(len(names) / per_row)
    fig.set_figheight(3.4 * rows + 0.2 + title_h + legend_h)
    tall = fig.get_figheight()
    fig.text(0.5, 1 - 0.08 / tall, title, ha="center", va="top", fontsize=12)
    fig.legend(handles, names, title="strategy", loc="upper center", bbox_to_anchor=(0.5, 1 - title_h / tall),
               ncol=per_row, fontsize=8, frameon=False)
    fig.get_layout_engine().set(rect=(0, 0, 1, 1 - (title_h + legend_h) / tall))
    _save(fig, path)


def _tick_inches(ticks: list[str], fontsize: float) -> float:
    """The room a tick label needs across: its longest word (a set's values go on lines of their own)."""
    words = [w for t in ticks for w in _name(t).replace(",", ", ").split()]
    return max(0.55, 0.15 + max(map(len, words)) * fontsize * 0.62 / 72)


def _legend_entry_inches(names: list[str], fontsize: float) -> float:
    """The width of one legend column: the marker, the longest name and the space between columns."""
    return (4.8 + 0.62 * max(map(len, names))) * fontsize / 72


def _groups(study, x: str | None) -> tuple[str | None, list[str]]:
    """The axis that splits the margin and breakdown plots: the strategy, or with one strategy the heat map's
    column axis; and its values."""
    if len(study.axes["strategy"]) > 1 or x is None:
        return "strategy", study.axes["strategy"]
    _, cols, _ = heat_axes(study, x)
    return (cols, study.axes[cols]) if cols != x else ("strategy", study.axes["strategy"])


def plot_margins(study, x: str | None, path: Path) -> None:
    """Box plots of the margin of the finished games, a panel per strategy (or per value of the heat map's
    column axis with one strategy), a box per value of ``x``, the other axes pooled."""
    plt = _pyplot()
    group, values = _groups(study, x)
    done = study.games[study.games["error"] == ""]
    ticks = study.axes[x] if x else [""]
    spacing = _tick_inches(ticks if x else ["every game"], 8)
    width = max(2.8, 0.9 + spacing * len(ticks))
    ncols = max(1, min(5, len(values), int(16 // width)))
    nrows = math.ceil(len(values) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(max(6.0, width * ncols + 0.3), 3.2 * nrows + 0.6),
                             squeeze=False, sharey=True, layout="constrained")
    for ax, value in zip(axes.flat, values):
        part = done[done[group] == value]
        data = [(part[part[x] == t] if x else part)["margin"].to_numpy(dtype=float) for t in ticks]
        ax.boxplot(data, flierprops={"markersize": 2}, medianprops={"color": "black"})
        ax.set_xticks(range(1, len(ticks) + 1), [_name(t, spacing - 0.1, 8) if x else "every game" for t in ticks],
                      fontsize=8)
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel(x or "")
        ax.tick_params(labelleft=True)
        ax.set_title(_fit(_panel({group: value}), width - 0.6, 10), fontsize=10)
    for ax in axes.flat[len(values):]:
        ax.set_visible(False)
    for row in axes:
        row[0].set_ylabel("margin (VP)")
    _suptitle(fig, f"{study.game.name}: margin, player minus automa, per game")
    _save(fig, path)


def plot_breakdown(study, x: str | None, path: Path) -> None:
    """Stacked bars of the mean points per category, player and automa, per strategy (or heat map column)
    and value of ``x``, the other axes pooled; only the categories a side ever scored in are shown."""
    from matplotlib.transforms import ScaledTranslation

    plt = _pyplot()
    group, values = _groups(study, x)
    done = study.games[study.games["error"] == ""]
    ticks = study.axes[x] if x else [""]
    bars = [(v, t) for v in values for t in ticks]
    names = [(v if group == "strategy" else f"{group} {_name(v)}") + (f" · {x} {_name(t)}" if x else "")
             for v, t in bars]
    categories = list(study.game.categories)
    colours = plt.get_cmap("tab20").colors
    height = 2.6 + 0.26 * len(bars)
    fig, axes = plt.subplots(1, 2, figsize=(13, height), sharex=True, sharey=True, layout="constrained")
    above = ScaledTranslation(0, 0.25 if len(bars) > 8 else 0.05, fig.dpi_scale_trans)
    for ax, side in zip(axes, ("player", "automa")):
        scored = ever_scored(done, side, categories)
        pos, neg = np.zeros(len(bars)), np.zeros(len(bars))
        for cat in scored:
            col = f"{side}_{cat}"
            means = done.groupby([group, x] if x else [group])[col].mean()
            values_ = np.array([float(means.get((v, t) if x else v, 0.0)) for v, t in bars])
            ax.barh(range(len(bars)), values_, left=np.where(values_ >= 0, pos, neg),
                    color=colours[categories.index(cat) % len(colours)], label=cat)
            pos += np.clip(values_, 0, None)
            neg += np.clip(values_, None, 0)
        ax.axvline(0, color="grey", lw=0.6)
        ax.set_xlabel("mean points per game")
        ax.tick_params(labeltop=len(bars) > 8, top=len(bars) > 8)
        per_row = max(1, int(4.5 // _legend_entry_inches(scored or [""], 8)))
        ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), bbox_transform=ax.transAxes + above,
                  ncol=min(per_row, max(1, len(scored))), fontsize=8, frameon=False, title=side,
                  title_fontproperties={"weight": "bold"})
        for k in range(1, len(values)):
            ax.axhline(k * len(ticks) - 0.5, color="#999999", lw=0.6)
    axes[0].set_yticks(range(len(bars)), names, fontsize=8)
    axes[0].set_ylim(len(bars) - 0.5, -0.5)
    _suptitle(fig, f"{study.game.name}: mean points by category (categories never scored are left out)")
    _save(fig, path)


def running_wilson(wins: np.ndarray, z: float = Z95) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Running win rate and its Wilson interval after each game of a 0/1 sequence."""
    n = np.arange(1, len(wins) + 1, dtype=float)
    p = np.cumsum(wins) / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def plot_convergence(study, path: Path) -> None:
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
    ax.set_title(_fit(f"baseline: {base}".replace(",", ", "), 7.7, 10).replace(", ", ","), fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    _save(fig, path)
