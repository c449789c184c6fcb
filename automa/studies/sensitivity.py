"""Which assumptions move the results: one assumption at a time, on common random numbers.

The assumptions of a game are its ``rule`` options (:attr:`automa.core.registry.Option.kind`): the
open points of its rules reference and its open numeric parameters. Its ``setting`` options (the
user's choices: difficulty, leaders, modules, files) belong to the base configuration. For every
strategy the design has a base cell (the base configuration) and one cell per alternative of every
assumption (the base configuration with that one option changed). It is played as a sweep
(:mod:`automa.run.sweep`): game ``i`` of every cell uses the same seed, so each alternative is
compared with its strategy's base cell game by game (:mod:`automa.analysis.paired`), on every backend,
checkpointed and resumable.

The game's proposed data tables (:mod:`automa.studies.alternatives`: values no source states, such as
Stroganov's song tiles, ST-SONG-5) are assumptions too, named ``section.key`` (``songs.tiles``): each
alternative is a shipped data file passed with the game's data-file option (Stroganov ``rules``,
Rurik ``scoring``), so a cell is the base configuration with that one table replaced.

An assumption is not varied when it does not apply to the base configuration (its ``applies_if``,
e.g. a module's open point without that module) or when it has no alternative (one modelled value);
the manifest, the report and the printed summary name each one and why.

``sensitivity.csv`` has one row per alternative: the paired differences (alternative minus base) of
the win rate and of the mean margin with their 95% intervals, each strategy's rows sorted by the
size of the margin effect.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from automa.studies import alternatives as alt
from automa.core.errors import UsageError
from automa.run.finish import write_atomic_csv
from automa.run.inputs import refuse_records, resolve
from automa.run.manifest import load_manifest
from automa.core.registry import Game, Option, get_game, get_strategy
from automa.core.seeding import fresh_entropy
from automa.run.sweep import OUTPUTS, Outcome, continue_sweep, run_sweep
from automa.run.sweep_spec import Cell, Sweep

TABLE = "sensitivity.csv"
COLUMNS = ("strategy", "assumption", "ref", "base_value", "alternative", "games", "base_win_rate", "win_rate",
           "win_rate_diff", "win_rate_diff_lo", "win_rate_diff_hi", "base_margin_mean", "margin_mean",
           "margin_diff", "margin_diff_lo", "margin_diff_hi")


@dataclass(frozen=True)
class Design:
    """A checked one-at-a-time design: the sweep that plays it, what it varies and what it does not."""

    sweep: Sweep
    given: dict[str, Any]  # the base options the user set (the rest are defaults)
    only: list[str]
    varied: dict[str, tuple[str, str, Any]]  # cell label -> (strategy, option or table, alternative)
    skipped: dict[str, str]  # option -> why it is not varied


def assumptions(game: Game) -> list[Option]:
    """The game's assumptions: its ``rule`` options, in schema order."""
    return [o for o in game.options if o.kind == "rule"]


def ref(game: Game, name: str) -> str:
    """The rule IDs of an assumption: a rule option or a proposed table."""
    table = alt.table(game.name, name)
    return table.ref if table else game.option(name).ref


def why_not_table(table: alt.Table, base: dict[str, Any]) -> str:
    """Why a proposed table is not varied from ``base`` (empty if it is): its alternatives replace the
    packaged table, so not under a user's own data file."""
    return f"applies only without --option {table.option}=FILE" if base.get(table.option) else ""


def why_not(opt: Option, base: dict[str, Any]) -> str:
    """Why ``opt`` is not varied from ``base`` (empty if it is)."""
    if not opt.applies(base):
        name, *values = opt.applies_if
        return f"applies only with {name}={'|'.join(map(str, values))}"
    if not opt.alternatives(base[opt.name]):
        return "one value modelled" if len(opt.choices) == 1 else "no alternative declared"
    return ""


def show(value: Any) -> str:
    """An option value as the command line writes it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def plan(game_name: str, strategies: list[str] | None, options: dict[str, Any], only: list[str],
         games: int, seed: int | None) -> Design:
    """Check the input and lay out the cells (UsageError naming the bad name or value)."""
    game = get_game(game_name)
    base = game.resolve_options(options)
    given = {k: base[k] for k in options}
    strategies = list(strategies or [game.default_strategy])
    for name in strategies:
        if strategies.count(name) > 1:
            raise UsageError(f"--strategy {name} is given twice")
        refuse_records(get_strategy(game, name))
    if games < 1:
        raise UsageError(f"--games must be at least 1, got {games}")
    if seed is not None and seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    seed = fresh_entropy() if seed is None else seed
    wanted = assumptions(game)
    tables = list(alt.tables(game.name))
    if only:
        for name in only:
            if only.count(name) > 1:
                raise UsageError(f"--only {name} is given twice")
            table = alt.table(game.name, name)
            if table is not None:
                if why_not_table(table, base):
                    raise UsageError(f"--only {name}: not varied from this base configuration: "
                                     f"{why_not_table(table, base)}")
                continue
            try:
                opt = game.option(name)
            except UsageError as exc:
                known = alt.tables(game.name)
                raise UsageError(str(exc) + (f"; proposed tables: {', '.join(t.name for t in known)}"
                                             if known else "")) from None
            if opt.kind != "rule":
                raise UsageError(f"--only {name}: a setting (the user's choice), not an assumption; "
                                 f"set it with --option {name}=VALUE")
            if why_not(opt, base):
                raise UsageError(f"--only {name}: not varied from this base configuration: {why_not(opt, base)}")
        wanted = [o for o in wanted if o.name in only]
        tables = [t for t in tables if t.name in only]
    skipped = {o.name: why_not(o, base) for o in wanted if why_not(o, base)}
    skipped |= {t.name: why_not_table(t, base) for t in tables if why_not_table(t, base)}

    cells, varied, pairs = [], {}, {}
    for strategy in strategies:
        cells.append(Cell(strategy, {"strategy": strategy}, resolve(game.name, strategy, base, seed)))
        if strategy != strategies[0]:
            pairs[strategy] = strategies[0]
        for opt in wanted:
            if opt.name in skipped:
                continue
            for value in opt.alternatives(base[opt.name]):
                label = f"{strategy} {opt.name}={show(value)}"
                try:
                    spec = resolve(game.name, strategy, base | {opt.name: value}, seed)
                except UsageError as exc:
                    raise UsageError(f"{opt.name}={show(value)}: {exc}") from None
                cells.append(Cell(label, {"strategy": strategy, opt.name: value}, spec))
                varied[label] = (strategy, opt.name, value)
                pairs[label] = strategy
        for table in tables:
            if table.name in skipped:
                continue
            for a in table.alternatives:
                label = f"{strategy} {table.name}={a.name}"
                try:
                    spec = resolve(game.name, strategy, base | {table.option: str(a.path)}, seed)
                except UsageError as exc:
                    raise UsageError(f"{table.name}={a.name}: {exc}") from None
                cells.append(Cell(label, {"strategy": strategy, table.option: a.relative()}, spec))
                varied[label] = (strategy, table.name, a.name)
                pairs[label] = strategy
    if not varied:
        raise UsageError(f"no assumption of {game.name} can be varied from this base configuration")
    sweep = Sweep(Path(f"sensitivity-{game.name}"), "", game, "", "", "", games, seed, strategies, {}, base, [],
                  cells, strategies[0], pairs)
    return Design(sweep, given, list(only), varied, skipped)


def fields(design: Design) -> dict:
    """The manifest's record of the design (what :func:`resume` plans again from)."""
    s = design.sweep
    return {"kind": "sensitivity", "game": s.game.name, "strategies": s.strategies, "options": design.given,
            "only": design.only, "cells": [c.label for c in s.cells], "baseline": s.baseline,
            "skipped": design.skipped, "games_per_cell": s.games, "seed": str(s.seed)}


def run(design: Design, jobs: int, out: Path | None = None, force: bool = False, quiet: bool = False,
        command: str = "", backend: str | None = None, scheduler: str | None = None) -> Outcome:
    """Play the design into ``out`` (a sweep's files) and write ``sensitivity.csv`` (its plot is the
    report's: :func:`automa.report.sensitivity_report.write_plot`)."""
    outcome = run_sweep(design.sweep, jobs, out, force, quiet, command, backend, scheduler, fields(design),
                        OUTPUTS + (TABLE,))
    return _finish(design, outcome)


def resume(out: Path, jobs: int, quiet: bool = False, command: str = "", backend: str | None = None,
           scheduler: str | None = None) -> tuple[Design, Outcome]:
    """Continue the interrupted sensitivity run in ``out``; its files end byte-identical."""
    manifest = load_manifest(out, "sensitivity")
    design = plan(manifest["game"], manifest["strategies"], manifest["options"], manifest["only"],
                  manifest["games_per_cell"], int(manifest["seed"]))
    if [c.label for c in design.sweep.cells] != manifest["cells"]:
        raise UsageError(f"--resume {out}: the game's options changed since the run started; its cells differ")
    outcome = continue_sweep(design.sweep, Path(out), manifest, jobs, quiet, command, backend, scheduler)
    return design, _finish(design, outcome)


def _finish(design: Design, outcome: Outcome) -> Outcome:
    if len(outcome.summary):  # name the shipped alternative files by their path in the repository
        for t in {t.option for t in alt.tables(design.sweep.game.name)}:
            if t in outcome.summary.columns:
                outcome.summary[t] = outcome.summary[t].map(lambda v: alt.path_in_repository(v) if v else v)
        write_atomic_csv(outcome.summary, outcome.out / "summary.csv")
    table = effects(design, outcome.paired)
    if len(table):
        write_atomic_csv(table, outcome.out / TABLE)
    return outcome


def effects(design: Design, paired: pd.DataFrame) -> pd.DataFrame:
    """``sensitivity.csv``: one row per played alternative, each strategy's rows (in strategy order)
    sorted by the size of the margin effect, largest first (ties and empty cells in cell order)."""
    game = design.sweep.game
    base = design.sweep.options
    rows = []
    for r in paired.itertuples():
        if r.cell not in design.varied:
            continue
        strategy, name, value = design.varied[r.cell]
        table = alt.table(game.name, name)
        rows.append({"strategy": strategy, "assumption": name, "ref": ref(game, name),
                     "base_value": "packaged" if table else show(base[name]), "alternative": show(value),
                     "games": r.pairs,
                     "base_win_rate": r.baseline_win_rate, "win_rate": r.win_rate,
                     "win_rate_diff": r.win_rate_diff, "win_rate_diff_lo": r.win_rate_diff_lo,
                     "win_rate_diff_hi": r.win_rate_diff_hi, "base_margin_mean": r.baseline_margin_mean,
                     "margin_mean": r.margin_mean, "margin_diff": r.margin_diff,
                     "margin_diff_lo": r.margin_diff_lo, "margin_diff_hi": r.margin_diff_hi})
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    order = {s: k for k, s in enumerate(design.sweep.strategies)}
    keys = pd.DataFrame({"s": table["strategy"].map(order), "m": -table["margin_diff"].abs().fillna(-1)})
    return table.loc[keys.sort_values(["s", "m"], kind="stable").index].reset_index(drop=True)


def human_summary(design: Design, outcome: Outcome, top: int = 10) -> str:
    """The stdout report: each strategy's base result and its ``top`` largest effects, what was not varied."""
    m = outcome.manifest
    lines = [f"{m['game']} sensitivity · {len(design.varied)} alternatives x {m['games_per_cell']} games · "
             f"seed {m['seed']} · {m['seconds']:.1f} s · {m['errors']} errors"]
    if m["interrupted"]:
        lines.append(f"INTERRUPTED after {m['games_done']} games; finished rows kept")
    summary = outcome.summary.set_index("cell") if len(outcome.summary) else None
    table = effects(design, outcome.paired)
    for strategy in design.sweep.strategies:
        if summary is not None and strategy in summary.index:
            s = summary.loc[strategy]
            lines.append(f"{strategy} base: win {s.win_rate:.1%} [{s.win_rate_lo:.1%}, {s.win_rate_hi:.1%}]"
                         f"  margin {s.margin_mean:+.2f}; largest effects (alternative minus base):")
        part = table[table["strategy"] == strategy].head(top)
        width = max([len(f"{r.assumption}={r.alternative}") for r in part.itertuples()], default=0)
        for r in part.itertuples():
            lines.append(f"  {r.assumption + '=' + r.alternative:<{width}}  margin {r.margin_diff:+6.2f} "
                         f"[{r.margin_diff_lo:+.2f}, {r.margin_diff_hi:+.2f}]  win {r.win_rate_diff * 100:+5.1f} pts "
                         f"[{r.win_rate_diff_lo * 100:+.1f}, {r.win_rate_diff_hi * 100:+.1f}]")
    if design.skipped:
        lines.append("not varied: " + "; ".join(f"{k} ({v})" for k, v in design.skipped.items()))
    lines.append(f"files: {outcome.out}/ ({', '.join(p.name for p in sorted(outcome.out.iterdir()))})")
    lines.append(f"report: automa-sim report {outcome.out}")
    return "\n".join(lines)
