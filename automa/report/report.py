"""The report of a sweep or simulate directory: plots (:mod:`automa.report.plots`), ``report.md`` and a
self-contained ``report.html`` (:mod:`automa.report.render`).

It is composed from the directory read back (:mod:`automa.report.study`): ``summary.csv`` (tables, heat
maps, win-rate plot), ``paired.csv`` (paired differences), the games file (findings, margins, category
breakdown, convergence, games needed, the rule options in force) and ``manifest.json`` (grid,
baseline, the question and its axis). It reads top down: the spec's question and its answer per strategy
with intervals (each value of the axis against the baseline's), the strategies used with their known
limits, a heat map of win rate and margin over the two main axes, the findings in words with their
intervals (:mod:`automa.analysis.findings`), what the numbers do and do not show, the plots, and the
long tables folded away. It carries no timestamp, so the same directory gives the
same ``report.md``.
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from automa.report import plots
from automa.report.render import pts, write_pages
from automa.report.study import Study, default_x, load, question, question_axis
from automa.run.manifest import recorded_path, regenerate_line
from automa.core.errors import UsageError
from automa.core.intervals import wilson
from automa.analysis.findings import SECTIONS, Finding, Grid, findings, shown
from automa.analysis.paired import HALF_WIDTH, needed_table
from automa.core.registry import get_strategy

PLOTS = {
    "heat_win_rate": "Player win rate (95% Wilson interval) over the two main axes, a panel per strategy",
    "heat_margin": "Mean margin (player minus automa) over the two main axes, a panel per strategy",
    "breakdown": "Mean points by category, player and automa",
    "margins": "Margin (player minus automa) per game",
    "win_rate": "Win rate with its 95% Wilson interval",
    "convergence": "Running win rate of the baseline cell with its 95% interval",
}
SWEEP_ONLY = ("heat_win_rate", "heat_margin", "win_rate")  # plots of a grid: none for one simulate cell
PLAYER_ONLY = ("heat_win_rate", "heat_margin", "margins", "win_rate", "convergence")  # none without a player


# ----- tables and text


def _pct(value: float) -> str:
    return "–" if pd.isna(value) else f"{value:.1%}"


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
    rows = [[r.cell, r.baseline.split(" ", 1)[0], str(r.pairs), _pct(r.win_rate), pts(r.win_rate_diff),
             f"{pts(r.win_rate_diff_lo)} to {pts(r.win_rate_diff_hi)}", _num(r.margin_diff, "+.2f"),
             f"{_num(r.margin_diff_lo, '+.2f')} to {_num(r.margin_diff_hi, '+.2f')}"]
            for r in study.paired.itertuples()]
    return head, rows


def needed_rows(study: Study) -> tuple[list[str], list[list[str]]]:
    """Games per cell for a ±1-point interval, on the win rate and on the paired difference."""
    head = ["cell", "win rate", "games for ±1 point on the win rate",
            "games for ±1 point on the difference to its baseline"]
    table = needed_table(study.games, list(study.summary["cell"]), dict(zip(study.paired["cell"], study.paired["baseline"])))
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


def _specs(study: Study) -> dict:
    """Each strategy of the sweep by name: its StrategySpec, or None when it is not installed here."""
    specs = {}
    for name in study.manifest["strategies"]:
        try:
            specs[name] = get_strategy(study.game, name)
        except UsageError:
            specs[name] = None
    return specs


def limits(study: Study) -> dict[tuple[str, str, str], str]:
    """(strategy, option, value) -> the rule the strategy is known to ignore there (its ``ignores``,
    :class:`automa.core.strategy.Strategy`), for every value the option takes in this study's games: the
    value itself, or for a ``set`` option any value that holds it."""
    out = {}
    for name, spec in _specs(study).items():
        for key, sentence in (spec.cls.ignores if spec else {}).items():
            option, _, value = key.partition("=")
            if option not in study.games:
                continue
            is_set = study.game.option(option).type == "set"
            for v in dict.fromkeys(str(v) for v in study.games[option]):
                if v == value or (is_set and value in v.split(",")):
                    out[(name, option, v)] = sentence
    return out


def strategy_items(study: Study) -> list[str]:
    """Each strategy of the sweep with its one-line description and the rules it is known to ignore in
    this study's games."""
    ignored = limits(study)
    items = []
    for name, spec in _specs(study).items():
        about = spec.description if spec else "(not installed here)"
        where = {}
        for (who, option, value), limit in ignored.items():
            if who == name:
                where.setdefault(limit, []).append(shown(option, value))
        mine = "; ".join(f"with {' or '.join(values)}, it {limit}" for limit, values in where.items())
        known = f". Known limit here: {mine}" if mine else ""
        items.append((f"{name}: {about.rstrip('.')}" if about else name) + known)
    return items


def players(study: Study) -> str:
    """Which strategies are the strongest cheap player (the game's default strategy) and the search
    players; without a search player, where the ladder study gives a strong player's view."""
    specs = _specs(study)
    strong = study.game.default_strategy
    search = [name for name, spec in specs.items() if spec and spec.cls.searches]
    text = (f"{strong} is the strongest cheap player (the game's default strategy, no search)." if strong in specs
            else f"The strongest cheap player, {strong}, is not among these strategies.")
    if search:
        return text + f" Search player{'s' if len(search) > 1 else ''} included: {', '.join(search)}."
    return text + (f" No search player is included: for a strong player's view see the ladder study, "
                   f"results/{study.game.name}/ladder (automa-sim report results/{study.game.name}/ladder).")


def _signed(value: float) -> str:
    """``+1.2``, ``-0.3``; a value that rounds to zero is ``+0.0``, never ``-0.0``."""
    return f"{round(value, 1) + 0.0:+.1f}"


def _change(effect: tuple[float, float, float], scale: float, unit: str) -> str:
    mean, lo, hi = (v * scale for v in effect)
    if pd.isna(mean):
        return "–"
    bounds = "" if pd.isna(lo) else f" [{_signed(lo)}, {_signed(hi)}]"
    return f"{_signed(mean)} {unit}{bounds}"


def _found(study: Study) -> list[Finding]:
    """The findings (:func:`automa.analysis.findings.findings`) on the question's axis; none for a
    simulate directory, or a sweep stopped before its baseline cell was played."""
    cells = study.summary.set_index("cell")
    if not study.is_sweep or study.manifest["baseline"] not in cells.index:
        return []
    base = cells.loc[study.manifest["baseline"]]
    grid = Grid(study.summary, study.axes)
    return findings(study.games, grid, question_axis(study), {a: str(base[a]) for a in study.axes},
                    list(study.game.categories), limits(study))


def _caveat(strategy: str, values: list[str], limit: str, many: bool = True) -> str:
    """A rule ``strategy`` ignores at the settings ``values``, said beside their finding (``many``: findings)."""
    return (f"Mind {' and '.join(values)}: {strategy} {limit}; the finding{'s show' if many else ' shows'} the rule "
            f"as {strategy} plays it, not as a player who uses it would.")


def finding_tables(found: list[Finding]) -> list[tuple[str, list[str], list[list[str]]]]:
    """The findings as one short table per section, each with its note and the rule its strategy ignores."""
    head = ["finding", "margin change, VP [95%]", "win rate change, points [95%]", "games"]
    tables = []
    for section, title in SECTIONS.items():
        mine = [f for f in found if f.section == section]
        shared = len({f.over for f in mine}) == 1  # then it is said once, in the title
        rows = []
        for f in mine:
            caveat = _caveat(f.strategy, [f.value], f.limit, many=False) if f.limit else ""
            text = f.text + ("" if shared or not f.over else f" ({f.over})") + ("." if f.note or caveat else "")
            rows.append([" ".join(filter(None, [text, f.note, caveat])), _change(f.margin, 1, "VP"),
                         _change(f.win, 100, "pts"), f"{f.games:,}"])
        if rows:
            tables.append((title + (f" ({mine[0].over})" if shared and mine[0].over else ""), head, rows))
    return tables


def headline(study: Study, found: list[Finding]) -> list[tuple]:
    """The question and its answer, a sentence or two per strategy with its intervals: each value of the
    question's axis against the baseline's, for that strategy, with the reason where the margin and the
    win rate disagree and the rule the strategy ignores where one distorts the finding."""
    asked = question(study)
    axis = question_axis(study)
    out = [("h2", asked or "Result")]
    setting = [f for f in found if f.section == "setting"]
    if axis is None or not setting:
        why = ("Nothing but the strategy varies: each strategy's result at the baseline's settings is in the "
               "summary below." if axis is None else
               "No answer: the sweep stopped before its baseline cell was played.")
        return out + [("p", why)]
    if bots_only(study):
        return out + [("p", "No player sits at these tables (bots only): the answer is the next table, each automa "
                            "side's share of the wins in each cell with its 95% interval.")]
    base = setting[0].reference
    over = setting[0].over
    out.append(("p", f"Each value of {axis} against the baseline's, {base}, for each strategy"
                     + (f", {over}" if over else "") + ": the change of the player's margin (VP) and win rate "
                     "(points) on the same deals, with 95% paired intervals; the strongest strategy (by its win rate "
                     "at the baseline) first. The verdict reads both."))
    others = {k: v for k, v in limits(study).items() if k[1] != axis}  # in the cells each answer averages over
    items = []
    for s in study.axes["strategy"]:
        mine = [f for f in setting if f.strategy == s]
        if not mine:
            continue
        clauses = [f"{f.value} is {f.verdict} (margin {_change(f.margin, 1, 'VP')}, win rate "
                   f"{_change(f.win, 100, 'pts')})" for f in mine]
        rare = [f for f in mine if f.rare]
        notes = [f.note for f in mine if f.note and not f.rare]
        if rare:
            rates = ", ".join(f"{f.rates[0]:.1%} at {f.value}" for f in rare) + f", {rare[0].rates[1]:.1%} at {base}"
            never = "never" if rare[0].rates[1] < 0.5 else "always"
            notes.insert(0, f"The win rate cannot tell: {s} almost {never} wins ({rates}), so "
                            + ("the verdicts rest on the margin." if len(rare) == len(mine) else
                               f"at {' and '.join(f.value for f in rare)} the verdict rests on the margin."))
        ignored = {}
        for f in mine:
            if f.limit:
                ignored.setdefault(f.limit, []).append(f.value)
        for (who, option, value), limit in others.items():
            if who == s:
                ignored.setdefault(limit, []).append(shown(option, value))
        notes += [_caveat(s, values, limit) for limit, values in ignored.items()]
        items.append((-mine[0].rates[1], f"{s}: " + "; ".join(clauses) + ". " + " ".join(notes)))
    return out + [("ul", [item.strip() for _, item in sorted(items, key=lambda pair: pair[0])])]


def caveats(study: Study) -> tuple[list[str], list[str]]:
    """The "what this shows" and "what it does not" paragraphs."""
    m = study.manifest
    shows = [
        f"How {len(m['strategies'])} scripted player strateg{'y' if len(m['strategies']) == 1 else 'ies'} "
        f"score{'s' if len(m['strategies']) == 1 else ''} against the game's official solo automa as this engine models it ({study.game.title}), "
        f"over {m['games_per_cell']:,} seeded games per cell{_fewer(m)}, under the rule options listed below.",
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


def _img(plot: str) -> tuple:
    """The block of one of :data:`PLOTS`, drawn into ``plots/``."""
    return ("img", f"plots/{plot}.png", PLOTS[plot])


def _fewer(m: dict) -> str:
    """" (mc(budget=8): 200)" for each strategy a spec's ``games_by_strategy`` gives fewer games."""
    return "".join(f" ({k}: {v:,})" for k, v in m.get("games_by_strategy", {}).items()
                   if v < m["games_per_cell"])


def _meta(study: Study, x: str | None) -> list[tuple]:
    m = study.manifest
    spec = recorded_path(str(m["spec"]))
    shape = (f"Spec {spec} · {len(m['cells'])} cells × {m['games_per_cell']:,} games{_fewer(m)}" if study.is_sweep
             else f"simulate · strategy {m['strategy']} · {m['games']:,} games")
    return [
        ("p", f"{shape} · seed {m['seed']}" + (f" · baseline: {m['baseline']}" if study.is_sweep else "")
              + f" · {m['errors']} errors"
              + (" · INTERRUPTED: some cells are incomplete" if m["interrupted"] else "")),
        ("p", "Regenerate with: " + regenerate_line(m, study.path, ["--x", x] if x != default_x(study) else [])),
    ]


def _result(study: Study) -> list[tuple]:
    """The one result of a simulate directory."""
    r = study.summary.iloc[0]
    return [("h2", "Result"),
            ("p", f"Player win rate {r.win_rate:.1%} [{r.win_rate_lo:.1%}, {r.win_rate_hi:.1%}] (95% Wilson "
                  f"interval) over {r.games - r.errors:,} finished games; mean margin "
                  f"{r.margin_mean:+.2f} VP (player {r.player_score_mean:.2f}, automa "
                  f"{r.automa_score_mean:.2f}).")]


def bots_only(study: Study) -> bool:
    """Whether no player sat at the study's tables: a game with several automa sides whose player never
    scored nor won (Root's ``faction=none``)."""
    g = study.games
    return (bool(study.game.sides) and len(g) > 0 and {"player_score", "winner"} <= set(g.columns)
            and not (g["player_score"] != 0).any() and not (g["winner"] == "player").any())


def side_wins(study: Study) -> tuple[list[str], list[list[str]]] | None:
    """Who wins each cell of a game with several automa sides (``Game.sides``, a ``side_<name>`` column
    each): the share of finished games the player wins and each side wins, with Wilson 95% intervals. A
    side wins a game the automa wins when its total is the automa's score (two sides at that score: a
    tie, counted for neither). ``None`` when the game fields one side only."""
    sides = [c for c in study.games.columns if c.startswith("side_")]
    if not study.game.sides or not sides:
        return None
    g = study.games[study.games["error"].fillna("") == ""] if "error" in study.games else study.games
    head = ["cell", "games", "player"] + [c[len("side_"):].replace("_", " ") for c in sides] + ["tie or none"]
    rows = []
    for cell, games in g.groupby("cell", sort=False) if "cell" in g else [(study.manifest.get("strategy", ""), g)]:
        n = len(games)
        top = games[sides].eq(games["automa_score"], axis=0) & games[["winner"]].eq("automa").to_numpy()
        alone = top.sum(axis=1) == 1
        counts = [int((games["winner"] == "player").sum())] + [int((top[c] & alone).sum()) for c in sides]
        shares = [_share(k, n) for k in counts] + [_share(n - sum(counts), n)]
        rows.append([cell, f"{n:,}"] + shares)
    return head, rows


def _share(k: int, n: int) -> str:
    """``k`` of ``n`` as a percentage with its Wilson 95% interval."""
    lo, hi = wilson(k, n)
    return f"{k / n:.1%} [{lo:.1%}, {hi:.1%}]" if n else "–"


def _sides(study: Study) -> list[tuple]:
    """The block of :func:`side_wins`, where the game has sides."""
    table = side_wins(study)
    if table is None:
        return []
    return [("h2", "Who wins: the player and each automa side"),
            ("p", "Per cell, the share of finished games each seat wins, with its Wilson 95% interval. With no "
                  "player at the table (a bots-only game) the player's column is 0 and the headline's margins "
                  "are the automa's best score against nobody: read this table instead."),
            ("table", *table)]


def _maps(study: Study, x: str | None, found: list[Finding]) -> list[tuple]:
    """The heat maps and the findings of a sweep."""
    rows, cols, _ = plots.heat_axes(study, x)
    out = [("h2", "How hard is each setting, and for whom"),
           ("p", f"Each square is one cell: {rows} down, {cols} across, a panel per "
                 f"{'strategy' if rows != 'strategy' else 'sweep'}; the first map gives the player's win rate "
                 "with its 95% Wilson interval, the second the mean margin (player minus automa; blue: the "
                 "player ahead, red: the automa). Blank squares are cells the spec leaves out."),
           _img("heat_win_rate"), _img("heat_margin"),
           ("h2", "Findings"),
           ("p", "Each line compares a setting with the baseline's on the same games (common random numbers), "
                 "for one strategy: the per-game difference of the margin and of the win, averaged over the "
                 "cells of the other axes where both settings were played, with its 95% interval (paired "
                 "normal for the margin, Agresti-Min for the win rate). 'Harder' means a lower margin and "
                 "fewer wins for the player; where the two disagree, the line says which says what and why; "
                 "a change whose interval contains 0 is 'not clearly' either.")]
    tables = finding_tables(found)
    for title, head, rows_ in tables:
        out += [("h3", title), ("table", head, rows_)]
    if not tables:
        out.append(("p", "No findings: the sweep stopped before its baseline cell was played."))
    return out


def blocks(study: Study, x: str | None, sensitivity: Path | None = None) -> list[tuple]:
    """The report as a list of blocks (:mod:`automa.report.render`). ``sensitivity``: the sensitivity study
    whose top three assumptions each strategy's win rate is given with (default: the game's published one)."""
    from automa.report.sensitivity_report import moved_blocks

    m = study.manifest
    shows, does_not = caveats(study)
    baseline_values = m["baseline"].split(" ", 1)[1] if " " in m["baseline"] else "one setting"
    found = _found(study)
    out = [("h1", f"{study.game.title}: {'sweep' if study.is_sweep else 'simulate'} report")]
    out += headline(study, found) if study.is_sweep else _result(study)
    out += _sides(study)
    out += [("h2", "Strategies"), ("p", players(study)), ("ul", strategy_items(study))]
    if m.get("description"):
        out.append(("p", m["description"]))
    out += _meta(study, x) + (_maps(study, x, found) if study.is_sweep and not bots_only(study) else [])
    out += moved_blocks(study.game.name, study.axes["strategy"], sensitivity)
    out += [
        ("h2", "What this shows"), ("ul", shows),
        ("h2", "What it does not show"), ("ul", does_not),
        ("h2", "Why: points by category"),
        ("p", "Mean points per game in each score category, for the player and for the automa"
              + (f", by {x}; the other axes are pooled" if x else "") + ". Categories in which a side never "
              "scored are left out" + ("; the findings above name the category that moves most." if x else ".")),
        _img("breakdown"),
    ]
    names = plot_names(study)
    out += [("h2", "Margins"), _img("margins")] if "margins" in names else []
    out += [("h2", "Win rate"), _img("win_rate")] if "win_rate" in names else []
    out += [("h2", "Convergence"), _img("convergence")] if "convergence" in names else []
    out.append(("h2", "Tables"))
    summary = summary_rows(study)
    out.append(("details", f"Summary per cell ({len(summary[1])} row{'s' if len(summary[1]) != 1 else ''})", [
        ("p", "From summary.csv. Win rate counts ties as non-wins; the interval is the Wilson score 95% "
              "interval; scores and margin are means over the finished games."),
        ("table", *summary)]))
    if study.is_sweep:
        paired = paired_rows(study)
        out.append(("details", f"Paired differences against each cell's baseline ({len(paired[1])} rows)", [
            ("p", "From paired.csv. Each cell is compared with the cell of the same strategy at the "
                  f"baseline's settings ({baseline_values}), so a difference is the setting's effect for that "
                  f"strategy; those cells are compared with the sweep's baseline ({m['baseline']}). 'against' "
                  "names the strategy of the cell compared with. Per-game differences (cell minus baseline) of "
                  "the win indicator and of the margin over the games both finished; 95% intervals: for the "
                  "win rate Agresti-Min's (honest when neither cell wins), for the margin the paired "
                  "normal interval mean ± 1.96 · sd / √n."),
            ("table", *paired)]))
    out.append(("details", f"Games needed for a ±{HALF_WIDTH * 100:.0f}-point interval", [
        ("p", "At the observed rates, the games after which the interval is ±1 point wide: the Wilson "
              "interval for a cell's win rate, the Agresti-Min interval for a paired difference; both "
              "stay honest at 0% and 100%. Pairing usually needs far fewer games than the separate "
              "win rates would suggest."),
        ("table", *needed_rows(study))]))
    options = option_rows(study)
    out.append(("details", f"Rule options in force ({len(options[1])} options)", [
        ("p", "Every option of the engine, with its value in the games of this "
              f"{'sweep' if study.is_sweep else 'run'}."),
        ("table", *options)]))
    return out


def plot_names(study: Study) -> list[str]:
    """The plots of this study, in :data:`PLOTS` order."""
    alone = bots_only(study)
    return [p for p in PLOTS if (study.is_sweep or p not in SWEEP_ONLY) and not (alone and p in PLAYER_ONLY)]


def draw_plots(study, x: str | None, plots_dir: Path) -> None:
    """The plots of :func:`plot_names` into ``plots_dir``: for a sweep the heat maps and win rates by ``x`` too."""
    draw = {"heat_win_rate": lambda f: plots.plot_heat(study, x, "win_rate", f),
            "heat_margin": lambda f: plots.plot_heat(study, x, "margin_mean", f),
            "win_rate": lambda f: plots.plot_win_rate(study, x, f),
            "breakdown": lambda f: plots.plot_breakdown(study, x, f),
            "margins": lambda f: plots.plot_margins(study, x, f),
            "convergence": lambda f: plots.plot_convergence(study, f)}
    for name in plot_names(study):
        draw[name](plots_dir / f"{name}.png")


def write_report(path: Path, x: str | None = None, sensitivity: Path | None = None) -> list[Path]:
    """Write ``plots/*.png``, ``report.md`` and ``report.html`` into the results directory ``path``
    (a sensitivity or ladder directory: their own ``write_report``). Each strategy's win rate comes
    with how far the top three assumptions of the sensitivity study ``sensitivity`` move it (default:
    the game's published study, ``results/GAME/sensitivity``, when this checkout has it)."""
    from automa.report import ladder_report, sensitivity_report

    if sensitivity_report.is_sensitivity(path):
        if x:
            raise UsageError("--x applies to a sweep's report, not to a sensitivity run's or a ladder's")
        if sensitivity:
            raise UsageError("--sensitivity applies to a sweep's, simulate run's or ladder's report, not to a "
                             "sensitivity run's")
        return sensitivity_report.write_report(path)
    if ladder_report.is_ladder(path):
        if x:
            raise UsageError("--x applies to a sweep's report, not to a sensitivity run's or a ladder's")
        return ladder_report.write_report(path, sensitivity)
    study = load(path)
    x = x or default_x(study)
    if x is not None and x not in study.manifest["grid"]:
        raise UsageError(f"--x: {x!r} is not a grid option of this sweep; grid options: "
                         f"{', '.join(study.manifest['grid']) or '(none: not a sweep)'}")
    plots_dir = study.path / "plots"
    plots_dir.mkdir(exist_ok=True)
    names = plot_names(study)
    for stale in set(PLOTS) - set(names):             # a plot an earlier report of this folder drew
        (plots_dir / f"{stale}.png").unlink(missing_ok=True)
    draw_plots(study, x, plots_dir)
    return write_pages(study.path, blocks(study, x, sensitivity)) + [plots_dir / f"{p}.png" for p in names]
