"""The report of a sensitivity directory (:mod:`automa.studies.sensitivity`): a tornado plot,
``report.md`` and a self-contained ``report.html``, from ``sensitivity.csv`` and ``manifest.json``.

``automa-sim report DIR`` comes here for a directory whose manifest is of kind ``sensitivity``.
"""
from __future__ import annotations

import json
import shlex
from pathlib import Path

import pandas as pd

from automa.run.manifest import regenerate_line, repository_path
from automa.core.errors import UsageError
from automa.core.registry import get_game
from automa.report.render import PLAIN_STYLE, pts, run_kind, write_pages

TOP = 20  # alternatives per strategy on the plot (the tables have them all)
ALT = "Change in mean margin and in win rate, alternative minus base, with 95% paired intervals"


def is_sensitivity(path: Path) -> bool:
    """Whether ``path`` holds a sensitivity run (its manifest says so)."""
    return run_kind(path) == "sensitivity"


def plot(table: pd.DataFrame, path: Path, game: str) -> None:
    """Tornado chart: per strategy, the :data:`TOP` largest margin effects (left) and their win-rate
    effects (right) as bars with 95% interval whiskers, the largest on top. The constrained layout keeps
    the figure's title clear of the first row's titles."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import PercentFormatter

    strategies = list(dict.fromkeys(table["strategy"]))
    parts = [table[table["strategy"] == s].head(TOP) for s in strategies]
    heights = [max(len(p), 1) * 0.28 + 0.9 for p in parts]
    fig, axes = plt.subplots(len(parts), 2, figsize=(12, sum(heights) + 0.8), squeeze=False,
                             gridspec_kw={"height_ratios": heights}, layout="constrained")
    for (left, right), strategy, part in zip(axes, strategies, parts):
        labels = [f"{r.assumption}={r.alternative}" for r in part.itertuples()]
        y = range(len(part))
        for ax, col in ((left, "margin_diff"), (right, "win_rate_diff")):
            mean = part[col].to_numpy(dtype=float)
            err = [mean - part[f"{col}_lo"].to_numpy(dtype=float), part[f"{col}_hi"].to_numpy(dtype=float) - mean]
            colours = ["tab:blue" if v >= 0 else "tab:red" for v in mean]
            ax.barh(y, mean, xerr=err, color=colours, alpha=0.8, error_kw={"capsize": 2, "lw": 0.8})
            ax.axvline(0, color="grey", lw=0.8)
            ax.set_ylim(len(part) - 0.5, -0.5)
            ax.tick_params(axis="y", labelsize=8)
        left.set_yticks(list(y), labels)
        right.set_yticks(list(y), [""] * len(part))
        right.xaxis.set_major_formatter(PercentFormatter(1.0))
        shown = f"the {len(part)} largest of {int((table['strategy'] == strategy).sum())}"
        left.set_title(f"{strategy}: change in mean margin ({shown})", fontsize=9)
        right.set_title(f"{strategy}: change in win rate (points)", fontsize=9)
    axes[-1][0].set_xlabel("margin, alternative minus base (player minus automa, points)")
    axes[-1][1].set_xlabel("win rate, alternative minus base")
    fig.suptitle(f"{game}: which assumptions move the results (blue helps the player; 95% paired intervals)",
                 fontsize=10)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _num(value: float) -> str:
    return "–" if pd.isna(value) else f"{value:+.2f}"


def rows(table: pd.DataFrame, strategy: str) -> tuple[list[str], list[list[str]]]:
    """One strategy's alternatives, largest margin effect first."""
    head = ["assumption", "rule IDs", "base", "alternative", "games", "margin change", "95% interval",
            "win-rate change (points)", "95% interval"]
    body = [[r.assumption, r.ref, r.base_value, r.alternative, str(r.games), _num(r.margin_diff),
             f"{_num(r.margin_diff_lo)} to {_num(r.margin_diff_hi)}", pts(r.win_rate_diff),
             f"{pts(r.win_rate_diff_lo)} to {pts(r.win_rate_diff_hi)}"]
            for r in table[table["strategy"] == strategy].itertuples()]
    return head, body


def headline(m: dict, table: pd.DataFrame) -> list[tuple]:
    """The question the study answers and its answer per strategy: how many assumptions move its margin
    or win rate beyond noise (a paired 95% interval that excludes 0), and the three that move its win
    rate most, with their intervals."""
    items = []
    for strategy in m["strategies"]:
        mine = table[table["strategy"] == strategy]
        clear = mine[(mine["margin_diff_lo"] > 0) | (mine["margin_diff_hi"] < 0)
                     | (mine["win_rate_diff_lo"] > 0) | (mine["win_rate_diff_hi"] < 0)]
        moved = clear["assumption"].nunique()
        items.append(f"{moved} of {mine['assumption'].nunique()} assumptions move {strategy}'s margin or win rate "
                     f"beyond noise. Most: " + moved_line(table, strategy).split(": ", 1)[1] + ".")
    return [("h2", "Which open rule points move each strategy's result, and by how much?"),
            ("p", "Per strategy, the count of assumptions with an alternative whose paired 95% interval excludes 0 "
                  "(margin or win rate), then the three with the largest win-rate change (alternative minus "
                  "base, percentage points) and their intervals."),
            ("ul", items)]


def blocks(path: Path, manifest: dict, table: pd.DataFrame) -> list[tuple]:
    """The report as blocks (:mod:`automa.report.render`)."""
    m = manifest
    game = get_game(m["game"])
    base = ", ".join(f"{k}={v}" for k, v in m["options"].items()) or "every option at its default"
    out = [("h1", f"{game.title}: which assumptions move the results"),
           ("p", f"{len(table)} alternatives × {m['games_per_cell']:,} games · strategies "
                 f"{', '.join(m['strategies'])} · seed {m['seed']} · base configuration: {base} · "
                 f"{m['errors']} errors" + (" · INTERRUPTED: some cells are incomplete" if m["interrupted"] else "")),
           ("p", f"Regenerate with: {regenerate_line(m, path)}"),
           *headline(m, table),
           ("h2", "How to read it"),
           ("ul", ["Each assumption is a rule option standing for an open point of the rules (its rule IDs), "
                   "an open numeric parameter, or a proposed data table (named section.key, base value "
                   "'packaged'; its alternatives are listed below). One at a time, it is switched from its "
                   "base value to each alternative while everything else stays at the base configuration.",
                   "Game i of every cell uses the same seed, so each alternative is compared with its "
                   "strategy's base cell game by game: the change is the mean per-game difference "
                   "(alternative minus base), with the paired 95% interval mean ± 1.96 · sd / √n.",
                   "Rows are sorted by the size of the change in mean margin. An interval that excludes 0 "
                   "means the assumption decides the numbers for this player; to settle it, look up the "
                   "open point named by its rule IDs in the rulebook.",
                   "The strategies are scripted models, not people; the intervals cover sampling noise only."]),
           ("img", "plots/sensitivity.png", ALT)]
    for strategy in m["strategies"]:
        out += [("h2", f"Strategy {strategy}"), ("table", *rows(table, strategy))]
    from automa.studies.alternatives import tables

    varied = {c.split(" ", 1)[1].split("=", 1)[0] for c in m["cells"] if " " in c}
    shown = [t for t in tables(m["game"]) if t.name in varied]
    if shown:
        out += [("h2", "The proposed data tables and their alternatives"),
                ("p", "Each alternative is a data file shipped in the package, made from the packaged table by "
                      "`python -m automa.studies.alternatives`; pass it back with --option to play it. 'reference': "
                      "the alternative the rules reference lists; 'perturbation': a symmetric change of the "
                      "proposed values."),
                ("table", ["table", "rule IDs", "alternative", "what changes", "source", "file"],
                 [[t.name, t.ref, a.name, a.how, a.source, f"--option {t.option}={a.relative()}"]
                  for t in shown for a in t.alternatives])]
    if m["skipped"]:
        out += [("h2", "Assumptions not varied"),
                ("ul", [f"{k}: {v}" for k, v in m["skipped"].items()])]
    return out


def read_study(path: Path) -> tuple[dict, pd.DataFrame]:
    """A sensitivity directory's manifest and ``sensitivity.csv`` (UsageError if it holds no table)."""
    manifest = json.loads((path / "manifest.json").read_text())
    if not (path / "sensitivity.csv").is_file():
        raise UsageError(f"{path}: no sensitivity.csv; the run did not finish any game")
    table = pd.read_csv(path / "sensitivity.csv", dtype={"base_value": str, "alternative": str, "ref": str},
                        keep_default_na=False, na_values={c: [""] for c in ("win_rate_diff_lo", "margin_diff_lo",
                                                                            "win_rate_diff_hi", "margin_diff_hi")})
    return manifest, table


def write_plot(path: Path) -> Path:
    """Draw ``plots/sensitivity.png`` from the directory's ``sensitivity.csv`` (the study writes the table,
    its report draws it)."""
    manifest, table = read_study(Path(path))
    png = Path(path) / "plots" / "sensitivity.png"
    plot(table, png, manifest["game"])
    return png


def write_report(path: Path) -> list[Path]:
    """Write ``plots/sensitivity.png``, ``report.md`` and ``report.html`` into the sensitivity directory."""
    path = Path(path)
    png = write_plot(path)
    manifest, table = read_study(path)
    return write_pages(path, blocks(path, manifest, table), PLAIN_STYLE) + [png]


# ----- what the top assumptions do to a win rate stated elsewhere (automa-sim report on another run)

TOP_ASSUMPTIONS = 3


def published_study(game: str) -> Path:
    """The published sensitivity study of ``game`` in this checkout (``results/GAME/sensitivity``)."""
    from automa.run.manifest import CHECKOUT

    return CHECKOUT / "results" / game / "sensitivity"


def read_effects(study: Path) -> tuple[dict, pd.DataFrame]:
    """A sensitivity folder's manifest and ``sensitivity.csv`` (UsageError naming what is missing)."""
    study = Path(study)
    if not is_sensitivity(study) or not (study / "sensitivity.csv").is_file():
        raise UsageError(f"--sensitivity {repository_path(study)}: not a finished sensitivity run "
                         f"(no manifest.json of kind sensitivity, or no sensitivity.csv)")
    table = pd.read_csv(study / "sensitivity.csv", dtype={"base_value": str, "alternative": str, "ref": str},
                        keep_default_na=False, na_values={c: [""] for c in ("win_rate_diff", "win_rate_diff_lo",
                                                                            "win_rate_diff_hi")})
    return json.loads((study / "manifest.json").read_text()), table


def top_assumptions(table: pd.DataFrame, strategy: str, top: int = TOP_ASSUMPTIONS) -> pd.DataFrame:
    """The ``top`` assumptions that move ``strategy``'s win rate most: for each assumption its
    alternative with the largest win-rate change (absolute), the assumptions in that order."""
    rows = table[(table["strategy"] == strategy) & table["win_rate_diff"].notna()]
    size = rows["win_rate_diff"].abs()
    best = rows.assign(_size=size).sort_values("_size", ascending=False, kind="stable")
    return best.drop_duplicates("assumption").head(top).drop(columns="_size")


def moved_line(table: pd.DataFrame, strategy: str, top: int = TOP_ASSUMPTIONS) -> str:
    """One strategy's line: its base win rate in the study and its ``top`` largest win-rate effects."""
    best = top_assumptions(table, strategy, top)
    effects = "; ".join(f"{r.assumption}={r.alternative} ({r.ref}) {pts(r.win_rate_diff)} points "
                        f"[{pts(r.win_rate_diff_lo)}, {pts(r.win_rate_diff_hi)}]" for r in best.itertuples())
    base = best["base_win_rate"].iloc[0] if len(best) else float("nan")
    return (f"{strategy} (base win rate {base:.1%}, {int(best['games'].max()):,} paired games per alternative): "
            f"{effects}" if len(best) else f"{strategy}: no alternative with a win-rate change in the study")


def moved_blocks(game: str, strategies: list[str], study: Path | None = None) -> list[tuple]:
    """The report section saying how far the top three assumptions move each strategy's win rate, read
    from a sensitivity study (default: the published one of the game, if this checkout has it).
    A strategy that is not in the study gets the command that would measure it."""
    given = study is not None
    study = Path(study) if given else published_study(game)
    if not given and not (study / "sensitivity.csv").is_file():
        return []
    manifest, table = read_effects(study)
    if manifest["game"] != game:
        raise UsageError(f"--sensitivity {repository_path(study)}: a study of {manifest['game']}, not of {game}")
    where = repository_path(study)
    base = ", ".join(f"{k}={v}" for k, v in manifest["options"].items()) or "every option at its default"
    items = []
    for strategy in dict.fromkeys(strategies):
        if strategy in set(table["strategy"]):
            items.append(moved_line(table, strategy))
        else:
            options = " ".join(f"--option {k}={v}" for k, v in manifest["options"].items())
            command = " ".join(p for p in (
                f"automa-sim sensitivity {game} --strategy {shlex.quote(strategy)}", options,
                f"--games {manifest['games_per_cell']} --seed {manifest['seed']} --jobs 1",
                f"--out {where}-{''.join(c if c.isalnum() else '-' for c in strategy).strip('-')}") if p)
            items.append(f"{strategy}: not in the study; to measure it: {command}")
    return [("h2", f"How far the top {TOP_ASSUMPTIONS} assumptions move these win rates"),
            ("p", f"From the sensitivity study {where} (seed {manifest['seed']}, base configuration: {base}): "
                  f"for each strategy, the {TOP_ASSUMPTIONS} assumptions (open rule points and proposed data "
                  f"tables) whose alternative changes its win rate most, each with that change (alternative "
                  f"minus base, percentage points) and its paired 95% interval. They are measured at the "
                  f"study's base configuration; a win rate stated above under another setting may move by "
                  f"other amounts."),
            ("ul", items)]
