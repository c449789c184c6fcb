"""Win rate against skill: a search player at doubling budgets against a list of settings (issue 14).

Each rung is the search strategy with one ``budget``; the fixed reference strategies (``random``,
``greedy``, the personas) are played as reference lines. Every (strategy, setting) pair is a cell of
a sweep (:mod:`automa.run.sweep`), so game ``i`` is the same deal at every rung and setting, on any
backend, checkpointed and resumable, and each cell is compared game by game with the first reference
strategy at its setting. A setting that needs a larger budget to reach a 50% win rate is harder for
every kind of player that search stands for.

Outputs besides the sweep's: ``ladder.csv`` (one row per cell: win rate with its Wilson interval,
mean margin, the paired margin difference to the reference, mean score per category), which is
byte-identical for any job count; ``speed.csv`` (games/s per cell, from the chunks' playing time,
which varies with the machine); ``thresholds.csv`` (per setting, the smallest budget whose win rate
reaches 50%, or "not reached within budget N", the interpolated crossing and its 95% interval:
:func:`thresholds`). Its report draws ``plots/ladder.png`` from them
(:func:`automa.report.ladder_report.write_plot`).
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from automa.core.errors import UsageError
from automa.run.finish import write_atomic_csv
from automa.run.inputs import refuse_records, resolve
from automa.run.manifest import load_manifest
from automa.core.params import split_spec
from automa.core.registry import Game, get_game, get_strategy
from automa.core.seeding import fresh_entropy
from automa.run.sweep import OUTPUTS, Outcome, continue_sweep, run_sweep
from automa.run.sweep_spec import Cell, Sweep

TABLE, SPEED, THRESHOLDS, PLOT = "ladder.csv", "speed.csv", "thresholds.csv", "plots/ladder.png"
DEFAULT_BUDGETS = (1, 2, 4, 8, 16)


@dataclass(frozen=True)
class Design:
    """A checked ladder: the sweep that plays it, its rungs, references and settings."""

    sweep: Sweep
    search: str                 # the search strategy as given, without its budget
    budgets: list[int]
    references: list[str]
    axes: dict[str, list]       # option -> values: the settings are their product
    given: dict[str, Any]       # the base options the user set
    rungs: dict[str, int]       # strategy (canonical) -> budget, for the rungs


def default_axes(game: Game, options: dict[str, Any]) -> dict[str, list]:
    """The game's difficulty settings (its ``difficulty_ladder``), each option's allowed values under the
    resolved ``options`` (a data file may add levels: :meth:`Game.allowed`)."""
    if game.difficulty_ladder is None:
        raise UsageError(f"game {game.name} has no difficulty ladder; name the settings with --grid")
    return {name: list(game.allowed(name, options)) for name in game.difficulty_ladder.steps}


def parse_grid(game: Game, items: list[str]) -> dict[str, list]:
    """``--grid NAME=V1,V2`` items as option -> values (checked by the option's parser)."""
    axes: dict[str, list] = {}
    for item in items:
        name, eq, values = item.partition("=")
        if not eq or not values.strip():
            raise UsageError(f"--grid {item!r}: write NAME=VALUE,VALUE,...")
        opt = game.option(name.strip())
        if opt.name in axes:
            raise UsageError(f"--grid {opt.name} is given twice")
        axes[opt.name] = [opt.parse(v.strip()) for v in values.split(",")]
    return axes


def with_budget(search: str, budget: int) -> str:
    """The search strategy's text with ``budget=N`` set (its other parameters kept)."""
    name, given = split_spec(search)
    given["budget"] = str(budget)
    return f"{name}({','.join(f'{k}={v}' for k, v in given.items())})"


def plan(game_name: str, search: str, budgets: list[int], references: list[str] | None, options: dict[str, Any],
         grid: list[str], games: int, seed: int | None) -> Design:
    """Check the input and lay out the cells (UsageError naming the bad name or value)."""
    game = get_game(game_name)
    base = game.resolve_options(options)
    given = {k: base[k] for k in options}
    spec = get_strategy(game, search)
    refuse_records(spec)
    if not spec.cls.searches or "budget" not in {p.name for p in spec.params}:
        raise UsageError(f"--search {search}: not a search strategy with a budget (try mcts or mc)")
    if "budget" in split_spec(search)[1]:
        raise UsageError(f"--search {search}: give the budgets with --budgets, not in the strategy")
    if not budgets or any(b < 1 for b in budgets) or sorted(set(budgets)) != list(budgets):
        raise UsageError(f"--budgets must be increasing whole numbers of at least 1, got {budgets}")
    if references is None:
        references = [s for s in game.strategies
                      if not get_strategy(game, s).cls.searches and not get_strategy(game, s).record_columns]
    for name in references:
        refuse_records(get_strategy(game, name))
        if references.count(name) > 1:
            raise UsageError(f"--reference {name} is given twice")
    if games < 1:
        raise UsageError(f"--games must be at least 1, got {games}")
    if seed is not None and seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    seed = fresh_entropy() if seed is None else seed
    axes = parse_grid(game, grid) if grid else default_axes(game, base)
    for name in axes:
        if name in given:
            raise UsageError(f"option {name} is both a ladder setting (--grid) and a base --option")
    settings = [dict(zip(axes, values)) for values in itertools.product(*axes.values())]
    rungs = {get_strategy(game, with_budget(search, b)).canonical: b for b in budgets}
    strategies = list(rungs) + [get_strategy(game, r).canonical for r in references]
    cells, pairs = [], {}
    for strategy in strategies:
        for setting in settings:
            label = " ".join([strategy] + [f"{k}={v}" for k, v in setting.items()])
            cells.append(Cell(label, {"strategy": strategy, **setting},
                              resolve(game.name, strategy, base | setting, seed)))
            if references:
                ref = " ".join([strategies[len(rungs)]] + [f"{k}={v}" for k, v in setting.items()])
                if ref != label:
                    pairs[label] = ref
    baseline = cells[len(rungs) * len(settings)].label if references else cells[0].label
    sweep = Sweep(Path(f"ladder-{game.name}"), "", game, "", "", "", games, seed, strategies, axes, base, [], cells,
                  baseline, pairs)
    return Design(sweep, search, list(budgets), list(references), axes, given, rungs)


def fields(design: Design) -> dict:
    """The manifest's record of the design (what :func:`resume` plans again from)."""
    s = design.sweep
    return {"kind": "ladder", "game": s.game.name, "search": design.search, "budgets": design.budgets,
            "references": design.references, "grid": {k: [str(v) for v in vs] for k, vs in design.axes.items()},
            "strategies": s.strategies, "options": design.given, "cells": [c.label for c in s.cells],
            "baseline": s.baseline, "games_per_cell": s.games, "seed": str(s.seed)}


def run(design: Design, jobs: int, out: Path | None = None, force: bool = False, quiet: bool = False,
        command: str = "", backend: str | None = None, scheduler: str | None = None) -> Outcome:
    """Play the ladder into ``out`` (a sweep's files) and write its tables."""
    outcome = run_sweep(design.sweep, jobs, out, force, quiet, command, backend, scheduler, fields(design),
                        OUTPUTS + (TABLE, SPEED, THRESHOLDS))
    return _finish(design, outcome)


def resume(out: Path, jobs: int, quiet: bool = False, command: str = "", backend: str | None = None,
           scheduler: str | None = None) -> tuple[Design, Outcome]:
    """Continue the interrupted ladder in ``out``; its files end byte-identical."""
    m = load_manifest(out, "ladder")
    grid = [f"{k}={','.join(vs)}" for k, vs in m["grid"].items()]
    design = plan(m["game"], m["search"], m["budgets"], m["references"], m["options"], grid,
                  m["games_per_cell"], int(m["seed"]))
    if [c.label for c in design.sweep.cells] != m["cells"]:
        raise UsageError(f"--resume {out}: the game's options changed since the run started; its cells differ")
    outcome = continue_sweep(design.sweep, Path(out), m, jobs, quiet, command, backend, scheduler)
    return design, _finish(design, outcome)


def table(design: Design, outcome: Outcome) -> pd.DataFrame:
    """``ladder.csv``: one row per cell, rungs first (by budget), then the references."""
    summary = outcome.summary.set_index("cell")
    paired = outcome.paired.set_index("cell") if len(outcome.paired) else None
    cats = [c for c in summary.columns if c.startswith("player_") and c.endswith("_mean")
            and c not in ("player_score_mean",)]
    rows = []
    for cell in design.sweep.cells:
        if cell.label not in summary.index:
            continue
        s = summary.loc[cell.label]
        strategy = cell.values["strategy"]
        row = {"strategy": strategy, "budget": design.rungs.get(strategy, ""),
               **{k: cell.values[k] for k in design.axes}, "games": int(s["games"]),
               "win_rate": s["win_rate"], "win_rate_lo": s["win_rate_lo"], "win_rate_hi": s["win_rate_hi"],
               "margin_mean": s["margin_mean"]}
        if paired is not None and cell.label in paired.index:
            p = paired.loc[cell.label]
            row |= {"vs": p["baseline"].split(" ")[0], "margin_diff": p["margin_diff"],
                    "margin_diff_lo": p["margin_diff_lo"], "margin_diff_hi": p["margin_diff_hi"]}
        else:
            row |= {"vs": "", "margin_diff": float("nan"), "margin_diff_lo": float("nan"),
                    "margin_diff_hi": float("nan")}
        rows.append(row | {c: s[c] for c in cats})
    return pd.DataFrame(rows)


def speed(design: Design, outcome: Outcome) -> pd.DataFrame:
    """``speed.csv``: games/s per cell over the chunks played (this machine's, not reproducible)."""
    m = outcome.manifest
    seconds, played = m.get("part_seconds") or [], m.get("part_played") or []
    rows = []
    for k, cell in enumerate(design.sweep.cells):
        if k < len(played) and played[k] and seconds[k] > 0:
            rows.append({"cell": cell.label, "games_played": played[k], "seconds": round(seconds[k], 3),
                         "games_per_s": round(played[k] / seconds[k], 3)})
    return pd.DataFrame(rows, columns=["cell", "games_played", "seconds", "games_per_s"])


def crossing(budgets: list[int], rates: list[float]) -> float | None:
    """Where the win rate first reaches 50%, on a log2 budget scale between the rung below it and the
    first rung that reaches it; None when the first rung already reaches it or none does."""
    for k, (b, w) in enumerate(zip(budgets, rates)):
        if w >= 0.5:
            if k == 0:
                return None
            b0, w0 = budgets[k - 1], rates[k - 1]
            x0, x1 = math.log2(b0), math.log2(b)
            return round(2 ** (x0 + (x1 - x0) * (0.5 - w0) / (w - w0)), 1)
    return None


def threshold_end(budgets: list[int], rates: list[float]) -> float | str:
    """One end of a threshold's interval: where ``rates`` (a Wilson bound at each rung) first reach 50%
    (:func:`crossing`; the rung itself when it is exactly there), or, open-ended, ``"at most B"`` when
    the first rung already does and ``"above B"`` when none does."""
    if rates[0] >= 0.5:
        return f"at most {budgets[0]}"
    between = crossing(budgets, rates)
    return f"above {budgets[-1]}" if between is None else between


def interval_text(lo: float | str, hi: float | str) -> str:
    """A threshold's 95% interval in words: ``22.6 to 45.1``, ``at most 8``, ``30.2 or more (above 64)``,
    ``above 64``, or ``not narrowed: at most 1, above 16``."""
    lo_open, hi_open = str(lo).startswith("at most"), str(hi).startswith("above")
    if lo_open and hi_open:
        return f"not narrowed: {lo}, {hi}"
    if lo_open:
        return str(hi) if str(hi).startswith("at most") else f"at most {hi}"
    if str(lo).startswith("above"):
        return str(lo)
    return f"{lo} or more ({hi})" if hi_open else f"{lo} to {hi}"


def thresholds(design: Design, ladder: pd.DataFrame) -> pd.DataFrame:
    """Per setting, the smallest budget whose win rate reaches 50% (or "not reached within budget N"),
    the budget where the line through the rungs first crosses 50% (:func:`crossing`), and that
    crossing's 95% interval.

    The interval inverts the rungs' Wilson 95% intervals: its low end is where the line through their
    upper bounds crosses 50% (the smallest budget the data allow), its high end where the line through
    their lower bounds does (:func:`threshold_end`); an end beyond the rungs is open ("at most 1",
    "above 64"). Chosen over a bootstrap of the paired games because it needs only ``ladder.csv``
    (what a published ladder keeps), and it is conservative where the rungs are few. It is pointwise:
    each end rests on the two rungs around it, and the line between rungs is an assumption, as for
    the crossing itself."""
    rows = []
    rungs = ladder[ladder["budget"] != ""]
    keys = list(design.axes)
    for setting, part in (rungs.groupby(keys, sort=False) if keys else [((), rungs)]):
        setting = setting if isinstance(setting, tuple) else (setting,)
        part = part.sort_values("budget", key=lambda b: b.astype(int))
        budgets, rates = [int(b) for b in part["budget"]], list(part["win_rate"])
        reached = [b for b, w in zip(budgets, rates) if w >= 0.5]
        answer = str(reached[0]) if reached else f"not reached within budget {max(design.budgets)}"
        between = crossing(budgets, rates)
        rows.append(dict(zip(keys, setting)) | {
            "budget_for_50pct": answer, "budget_for_50pct_interpolated": "" if between is None else between,
            "budget_for_50pct_lo": threshold_end(budgets, list(part["win_rate_hi"])),
            "budget_for_50pct_hi": threshold_end(budgets, list(part["win_rate_lo"]))})
    return pd.DataFrame(rows)


def _finish(design: Design, outcome: Outcome) -> Outcome:
    if not len(outcome.summary):
        return outcome
    ladder = table(design, outcome)
    write_atomic_csv(ladder, outcome.out / TABLE)
    write_atomic_csv(speed(design, outcome), outcome.out / SPEED)
    write_atomic_csv(thresholds(design, ladder), outcome.out / THRESHOLDS)
    return outcome


def human_summary(design: Design, outcome: Outcome) -> str:
    """The stdout report: the ladder table in short, the thresholds, the files."""
    m = outcome.manifest
    lines = [f"{m['game']} ladder · {design.search} at budgets {','.join(map(str, design.budgets))} · "
             f"{len(design.sweep.cells)} cells x {m['games_per_cell']} games · seed {m['seed']} · "
             f"{m['seconds']:.1f} s · {m['errors']} errors"]
    if m["interrupted"]:
        lines.append(f"INTERRUPTED after {m['games_done']} games; finished rows kept")
    if len(outcome.summary):
        ladder = table(design, outcome)
        rates = speed(design, outcome).set_index("cell")["games_per_s"] if m.get("part_played") else {}
        for cell, r in zip([c.label for c in design.sweep.cells if c.label in set(outcome.summary["cell"])],
                           ladder.itertuples()):
            diff = "" if r.vs == "" else f"  vs {r.vs} {r.margin_diff:+.2f} [{r.margin_diff_lo:+.2f}, {r.margin_diff_hi:+.2f}]"
            rate = f"  {rates[cell]:.2f} games/s" if cell in rates else ""
            lines.append(f"  {cell:<48} win {r.win_rate:6.1%} [{r.win_rate_lo:.1%}, {r.win_rate_hi:.1%}]  "
                         f"margin {r.margin_mean:+6.2f}{diff}{rate}")
        for r in thresholds(design, ladder).to_dict("records"):
            where = ", ".join(f"{k}={v}" for k, v in r.items() if not k.startswith("budget_for_50pct")) or "base"
            between = r["budget_for_50pct_interpolated"]
            lines.append(f"50% win rate at {where}: {r['budget_for_50pct']}"
                         + (f" (crossing at budget {between})" if between != "" else "")
                         + f"; 95% interval {interval_text(r['budget_for_50pct_lo'], r['budget_for_50pct_hi'])}")
    lines.append(f"files: {outcome.out}/ ({', '.join(p.name for p in sorted(outcome.out.iterdir()))})")
    return "\n".join(lines)
