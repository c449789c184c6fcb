"""``automa-sim tune``: search a strategy's declared numeric parameters on paired deals (issue 22).

The search space and the checked input are the plan's (:mod:`automa.studies.tune_plan`). The
optimiser is CMA-ES from the ``cma`` package, in the plan's coordinates scaled to 0..1 per parameter,
started at the strategy as given, with step size :data:`SIGMA0` and its bounds handling; it draws from
its own stream (``SeedSequence(seed, spawn_key=(OPTIMISER_KEY,))``, which no game index reaches),
never from numpy's global state.

Trial 0 is the starting strategy; the optimiser then asks a batch of ``batch`` candidates at a
time. Every trial plays the same tuning deals, games ``0 .. games-1`` of the root seed (common
random numbers), so two trials differ only by what their parameters change, and the objective is
a function of the parameters alone: the mean margin, the win rate, or the distance of the win rate
from ``target``. A batch is played on any backend (:mod:`automa.run.backends`), then told to the
optimiser in trial order, so the trials are the same whatever ``--jobs`` or backend.

The best trial is the one with the best objective on the tuning deals (the earliest among equals,
so the start wins a tie). The tuning deals flatter it (it was picked for them), so the run ends with
a confirmation on deals it never saw: the start and the best play games ``games .. games+confirm-1``
and their paired difference gets a 95% interval (:mod:`automa.analysis.paired`).

Files: ``trials.csv`` (one row a trial, rewritten after every batch), ``best.txt`` (the ``--strategy``
string), ``confirm.csv`` (the paired confirmation), ``confirm-games.csv`` (its games, a ``cell``
column of ``start``/``best``) and ``manifest.json``; its report draws ``plots/progress.png`` from them
(:mod:`automa.report.tune_report`). ``--resume DIR`` replays the optimiser on the recorded trials
(asking the same candidates again, checked against ``trials.csv``, and telling their recorded
results), then plays on.
"""
from __future__ import annotations

import csv
import io
import json
import math
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from automa.run import collect
from automa.core.errors import UsageError
from automa.run.inputs import RunSpec, check_backend, output_dir, pick_backend, prepare, prepare_out
from automa.run.manifest import data_files, new_manifest, now
from automa.run.plan import Part, chunk_size, tasks
from automa.core.registry import get_strategy
from automa.core.results import columns, csv_text, write_json
from automa.studies.tune_plan import FIXED, TRIALS, Plan, plan

SIGMA0 = 0.2  # CMA-ES's first step size, as a share of each parameter's range
OPTIMISER_KEY = 2 ** 64  # the optimiser's spawn key: above any game index
CONFIRM, BEST, GAMES_FILE = "confirm.csv", "best.txt", "confirm-games.csv"
OUTPUTS = (TRIALS, CONFIRM, BEST, GAMES_FILE, "plots", "manifest.json")  # "plots": its report's


class Optimiser:
    """CMA-ES (the ``cma`` package) over the plan's coordinates, asked and told a batch at a time."""

    def __init__(self, p: Plan):
        import cma
        import numpy as np

        gen = np.random.default_rng(np.random.SeedSequence(p.seed, spawn_key=(OPTIMISER_KEY,)))
        opts = {"popsize": p.batch, "bounds": [0, 1], "seed": np.nan, "verbose": -9, "verb_log": 0, "verb_disp": 0,
                "randn": lambda lam, n: gen.standard_normal((lam, n))}
        if len(p.dims) == 1:  # cma 4.5 cannot cap the step size of a single coordinate (DiagonalDecoding.set_i)
            opts["maxstd"] = np.inf
        self.es = cma.CMAEvolutionStrategy([d.coord(d.start) for d in p.dims], SIGMA0, opts)
        self.dims = p.dims
        self.asked: list = []

    def ask(self) -> list[dict[str, Any]]:
        """The next batch: tuned parameter values per candidate."""
        self.asked = self.es.ask()
        return [{d.name: d.value(u) for d, u in zip(self.dims, x)} for x in self.asked]

    def tell(self, objectives: list[float]) -> None:
        """The batch's objectives, in the order asked (CMA-ES minimises: their negatives)."""
        self.es.tell(self.asked, [-v for v in objectives])


def version() -> str:
    from importlib.metadata import version as installed

    return installed("cma")


# --- playing -------------------------------------------------------------------------------------

@dataclass
class Trial:
    trial: int
    batch: int
    strategy: str
    values: dict[str, Any]
    games: int = 0
    errors: int = 0
    wins: int = 0
    margin_sum: int = 0
    objective: float = math.nan

    @property
    def done(self) -> int:
        return self.games - self.errors

    def row(self, dims) -> list:
        done = self.done
        return ([self.trial, self.batch, self.strategy] + [self.values[d.name] for d in dims]
                + [self.games, self.errors, self.wins, self.wins / done, self.margin_sum / done, self.objective])


def play(p: Plan, strategies: list[str], lo: int, hi: int, jobs: int, backend: str, scheduler: str | None,
         ctx: Any) -> list[list[list]]:
    """The rows of games ``lo .. hi-1`` for each strategy, on one backend (each list in game order)."""
    from automa.run.backends import open_backend

    parts = [Part(RunSpec(p.game, p.options, get_strategy(p.game, s).canonical, get_strategy(p.game, s), p.seed),
                  hi - lo) for s in strategies]
    todo = tasks(parts, chunk_size(len(parts) * (hi - lo), jobs), lo)
    chunks = {}
    with open_backend(backend, parts, jobs, scheduler, {i: ctx for i in range(len(parts))}) as engine:
        for chunk in engine.play(iter(todo), want_rows=True):
            chunks[chunk.task.key] = chunk.rows
    out: list[list[list]] = [[] for _ in parts]
    for task in todo:
        out[task.part].extend(chunks[task.key])
    return out


def score(p: Plan, trial: Trial, rows: list[list]) -> None:
    """Count a trial's games into it and set its objective."""
    cols = columns(p.game)
    winner, margin = cols.index("winner"), cols.index("margin")
    trial.games = len(rows)
    trial.errors = sum(1 for r in rows if r[-1])
    trial.wins = sum(1 for r in rows if not r[-1] and r[winner] == "player")
    trial.margin_sum = sum(r[margin] for r in rows if not r[-1])
    if trial.done == 0:
        raise UsageError(f"every game of trial {trial.trial} ({trial.strategy}) raised; see `automa-sim simulate "
                         f"{p.game.name} --strategy '{trial.strategy}'`")
    trial.objective = p.objective_of(trial.wins, trial.margin_sum, trial.done)


# --- the run ---------------------------------------------------------------------------------------

@dataclass
class Outcome:
    plan: Plan
    out: Path
    manifest: dict
    trials: list[Trial]
    confirm: dict | None


def fields(p: Plan) -> dict:
    """The manifest's record of the plan (what :func:`resume` plans again from)."""
    return {"kind": "tune", "game": p.game.name, "strategy": p.strategy, "start": get_strategy(p.game, p.strategy).canonical,
            "params": [f"{d.name}={d.low}:{d.high}" for d in p.dims], "objective": p.objective,
            "target": p.target, "options": p.given, "trials": p.trials, "batch": p.batch, "games": p.games,
            "confirm_games": p.confirm, "seed": str(p.seed),
            "optimiser": {"library": "cma", "version": version(), "method": "CMA-ES", "sigma0": SIGMA0,
                          "popsize": p.batch}}


def start(p: Plan, out: Path | None, force: bool, jobs: int, backend: str | None, scheduler: str | None,
          command: str, quiet: bool) -> Outcome:
    """A new run into ``out`` (default ``results/tune-<game>-<time>``)."""
    check_backend(backend or "processes", scheduler, jobs)
    ctx = prepare(RunSpec(p.game, p.options, p.strategy, get_strategy(p.game, p.strategy), p.seed))
    with output_dir(out, f"tune-{p.game.name}") as out:
        prepare_out(out, force, OUTPUTS, check_only=True)
        if force and out.is_dir():
            import shutil
            shutil.rmtree(out / "plots", ignore_errors=True)
        prepare_out(out, force, OUTPUTS)
        manifest = new_manifest(command, fields(p) | {"jobs": jobs, "backend": backend or "processes"})
        manifest |= {"trials_done": 0, "complete": False, "resumed": []}
        write_json(out / "manifest.json", manifest)
    return _run(p, out, manifest, [], ctx, jobs, backend, scheduler, quiet)


def resume(out: Path, trials: int | None, jobs: int, backend: str | None, scheduler: str | None,
           command: str, quiet: bool) -> Outcome:
    """Continue the tuning run in ``out`` (``trials``: a new total, to tune on after it finished)."""
    m = load(out)
    if trials is not None and trials < m["trials"]:
        raise UsageError(f"--trials {trials}: the run in {out} already plans {m['trials']}; give more or none")
    if m.get("complete") and (trials is None or trials == m["trials"]):
        raise UsageError(f"--resume {out}: the run is already complete; give a larger --trials to tune on")
    p = plan(m["game"], m["strategy"], m["params"], "win_rate" if m["objective"] == "target" else m["objective"],
             m["target"], m["options"], trials or m["trials"], m["batch"], m["games"], m["confirm_games"],
             int(m["seed"]))
    check_backend(backend or "processes", scheduler, jobs)
    recorded = read_trials(Path(out), p)
    ctx = prepare(RunSpec(p.game, p.options, p.strategy, get_strategy(p.game, p.strategy), p.seed))
    m["resumed"].append({"command": command, "at": now(), "trials_done": sum(t.trial > 0 for t in recorded),
                         "backend": backend or "processes", "jobs": jobs})
    m |= {"trials": p.trials, "interrupted": False, "complete": False}
    return _run(p, Path(out), m, recorded, ctx, jobs, backend, scheduler, quiet)


def load(out: Path) -> dict:
    """The manifest of a tuning run to resume (UsageError if there is none, or of another kind)."""
    try:
        m = json.loads((Path(out) / "manifest.json").read_text())
    except OSError:
        raise UsageError(f"--resume {out}: no manifest.json there; nothing to resume") from None
    except ValueError as exc:
        raise UsageError(f"--resume {out}: manifest.json is not valid JSON: {exc}") from None
    if m.get("kind") != "tune":
        other = m.get("kind", "simulate")
        raise UsageError(f"--resume {out}: that is a {other} run; resume it with `automa-sim {other} --resume`")
    files = data_files(m["game"], [m.get("options") or {}])
    if m.get("data_files", {}) != files:
        raise UsageError(f"--resume {out}: a data file is missing or changed since the run started")
    return m


def read_trials(out: Path, p: Plan) -> list[Trial]:
    """The trials recorded in ``out/trials.csv`` (none if it is not there yet)."""
    path = out / TRIALS
    if not path.is_file():
        return []
    head = list(FIXED[:3]) + [d.name for d in p.dims] + list(FIXED[3:])
    rows = list(csv.reader(io.StringIO(path.read_text())))
    if not rows or rows[0] != head:
        raise UsageError(f"--resume {out}: {TRIALS} does not have the columns of this run")
    found = []
    k = len(p.dims)
    for n, r in enumerate(rows[1:], 2):
        try:
            t = Trial(int(r[0]), int(r[1]), r[2], {d.name: (int(v) if d.type == "int" else float(v))
                                                   for d, v in zip(p.dims, r[3:3 + k])})
            t.games, t.errors, t.wins = int(r[3 + k]), int(r[4 + k]), int(r[5 + k])
            t.margin_sum = round(float(r[7 + k]) * t.done)
            t.objective = float(r[8 + k])
        except (ValueError, IndexError):
            raise UsageError(f"--resume {out}: line {n} of {TRIALS} is not a trial") from None
        found.append(t)
    return found


def _run(p: Plan, out: Path, manifest: dict, recorded: list[Trial], ctx: Any, jobs: int, backend: str | None,
         scheduler: str | None, quiet: bool) -> Outcome:
    backend = pick_backend(backend, jobs)
    clock = time.perf_counter()
    done = {t.trial: t for t in recorded}
    note = (lambda line: None) if quiet else (lambda line: print(line, file=sys.stderr, flush=True))
    opt = Optimiser(p)
    games_played = 0
    try:
        first, number = 1, 1
        while first <= p.trials:
            batch = [Trial(first + i, number, p.text(v), v) for i, v in enumerate(opt.ask())]
            for t in batch:
                old = done.get(t.trial)
                if old is not None and (old.strategy != t.strategy or old.batch != t.batch):
                    raise UsageError(f"--resume {out}: trial {t.trial} was {old.strategy}, but the optimiser now asks "
                                     f"{t.strategy} (made with cma {manifest['optimiser']['version']}, this is "
                                     f"cma {version()})")
            begin = {d.name: d.start for d in p.dims}
            todo = [] if 0 in done else [Trial(0, 0, p.text(begin), begin)]
            todo += [t for t in batch if t.trial <= p.trials and t.trial not in done]
            if todo:
                rows = play(p, [t.strategy for t in todo], 0, p.games, jobs, backend, scheduler, ctx)
                for t, r in zip(todo, rows):
                    score(p, t, r)
                    done[t.trial] = t
                games_played += len(todo) * p.games
                _save(p, out, manifest, done, clock, games_played)
                best = _best(done)
                note(f"batch {number}: trials {batch[0].trial}..{min(batch[-1].trial, p.trials)} of {p.trials}; "
                     f"best so far {_show(p, best.objective)} (trial {best.trial}), start {_show(p, done[0].objective)}")
            if all(t.trial in done for t in batch):
                opt.tell([done[t.trial].objective for t in batch])
            first += len(batch)
            number += 1
        trials = [done[k] for k in sorted(done)]
        best = _best(done)
        rows = play(p, [trials[0].strategy, best.strategy], p.games, p.games + p.confirm, jobs, backend, scheduler, ctx)
        games_played += 2 * p.confirm
        confirm = _confirm(p, out, trials[0], best, rows)
    except KeyboardInterrupt:
        manifest |= {"interrupted": True, "ended": now()}
        _save(p, out, manifest, done, clock, games_played)
        return Outcome(p, out, manifest, [done[k] for k in sorted(done)], None)
    _write_text(out / BEST, best.strategy + "\n")
    manifest |= {"best": {"trial": best.trial, "strategy": best.strategy, "objective": best.objective},
                 "confirmation": confirm, "complete": True, "ended": now()}
    _save(p, out, manifest, done, clock, games_played)
    return Outcome(p, out, manifest, trials, confirm)


def _best(done: dict[int, Trial]) -> Trial:
    return max(sorted(done.values(), key=lambda t: t.trial), key=lambda t: t.objective)


def _show(p: Plan, value: float) -> str:
    if p.objective == "margin":
        return f"margin {value:+.2f}"
    if p.objective == "win_rate":
        return f"win rate {value:.1%}"
    return f"{-value:.1%} from the target {p.target:.0%}"


def _write_text(path: Path, text: str) -> None:
    collect._write_atomic(path, text)  # the checkpointed runs' atomic writer (and their Ctrl-C hook in tests)


def _save(p: Plan, out: Path, manifest: dict, done: dict[int, Trial], clock: float, games_played: int) -> None:
    head = list(FIXED[:3]) + [d.name for d in p.dims] + list(FIXED[3:])
    _write_text(out / TRIALS, csv_text([head] + [done[k].row(p.dims) for k in sorted(done)]))
    manifest |= {"trials_done": len(done) - (0 in done), "games_done": sum(t.games for t in done.values()),
                 "errors": sum(t.errors for t in done.values()), "games_played": games_played,
                 "seconds": round(time.perf_counter() - clock, 3)}
    write_json(out / "manifest.json", manifest)


def _confirm(p: Plan, out: Path, start_trial: Trial, best: Trial, rows: list[list[list]]) -> dict:
    """The paired confirmation on the fresh deals: ``confirm.csv``, ``confirm-games.csv``, and its record."""
    import pandas as pd

    from automa.analysis.paired import paired_row
    from automa.core.intervals import wilson

    cols = columns(p.game)
    lines = [["cell"] + cols] + [[cell] + r for cell, part in zip(("start", "best"), rows) for r in part]
    _write_text(out / GAMES_FILE, csv_text(lines))
    games = pd.DataFrame([dict(zip(lines[0], line)) for line in lines[1:]])
    games["margin"] = pd.to_numeric(games["margin"].replace("", None))
    row = paired_row(games, "best", "start")
    best_games = games[(games["cell"] == "best") & (games["error"] == "")]
    lo, hi = wilson(int((best_games["winner"] == "player").sum()), len(best_games))
    record = {"first_game": p.games, "last_game": p.games + p.confirm - 1, "start_strategy": start_trial.strategy,
              "best_strategy": best.strategy, "best_trial": best.trial} | row | {"win_rate_lo": lo, "win_rate_hi": hi}
    record = {k: (v.item() if hasattr(v, "item") else v) for k, v in record.items()}
    _write_text(out / CONFIRM, csv_text([list(record), list(record.values())]))
    return record


# --- the summary -----------------------------------------------------------------------------------

def verdict(p: Plan, c: dict) -> str:
    """What the confirmation shows, in words: for the margin or the win rate, whether the paired interval
    of best minus start lies above 0 (an improvement), holds 0 (not a proven one) or lies below it; for a
    target, whether the best's Wilson interval holds the target."""
    if p.objective == "target":
        held = c["win_rate_lo"] <= p.target <= c["win_rate_hi"]
        return (f"verdict: the target {p.target:.0%} is {'inside' if held else 'outside'} the best's interval "
                f"on the fresh games")
    key, what = ("margin_diff", "margin") if p.objective == "margin" else ("win_rate_diff", "win rate")
    lo, hi = c[f"{key}_lo"], c[f"{key}_hi"]
    if c["best_trial"] == 0:
        return "verdict: not a proven improvement: no trial beat the start on the tuning games"
    if lo > 0:
        return f"verdict: an improvement: the {what} difference's interval lies above 0 on the fresh games"
    if hi < 0:
        return f"verdict: worse than the start: the {what} difference's interval lies below 0 on the fresh games"
    return (f"verdict: not a proven improvement: the {what} difference's interval holds 0 on the fresh games "
            f"(the tuning figure flattered the best)")


def human_summary(o: Outcome) -> str:
    """The stdout report: the start, the best, the confirmation and the strategy string."""
    p, m = o.plan, o.manifest
    aim = ("the mean margin" if p.objective == "margin" else "the win rate" if p.objective == "win_rate"
           else f"a win rate of {p.target:.0%}")
    lines = [f"{p.game.name} tune · {p.strategy} · {len(p.dims)} parameters for {aim} · {p.games} paired games a trial "
             f"· seed {p.seed} · {m['trials_done']} trials in batches of {p.batch} (CMA-ES, cma {version()}) "
             f"· {m['seconds']:.1f} s"]
    if o.confirm is None:
        lines.append(f"INTERRUPTED after {m['trials_done']} trials; continue with: automa-sim tune --resume "
                     f"{shlex.quote(str(o.out))}")
    else:
        c = o.confirm
        start, best = o.trials[0], next(t for t in o.trials if t.trial == c["best_trial"])
        lines.append(f"start  {start.strategy}: {_show(p, start.objective)}, win rate {start.wins / start.done:.1%} "
                     f"(tuning games)")
        lines.append(f"best   trial {best.trial}: {_show(p, best.objective)}, win rate {best.wins / best.done:.1%} "
                     f"(tuning games)")
        lines.append(f"confirmation on {c['pairs']:,} fresh games ({c['first_game']}..{c['last_game']}), best - start, "
                     f"paired: margin {c['margin_diff']:+.2f} [{c['margin_diff_lo']:+.2f}, {c['margin_diff_hi']:+.2f}], "
                     f"win rate {100 * c['win_rate_diff']:+.1f} points [{100 * c['win_rate_diff_lo']:+.1f}, "
                     f"{100 * c['win_rate_diff_hi']:+.1f}]; best wins {c['win_rate']:.1%} "
                     f"[{c['win_rate_lo']:.1%}, {c['win_rate_hi']:.1%}]")
        lines.append(verdict(p, c))
        lines.append(f"best strategy (also in {o.out / BEST}):")
        lines.append(f"  --strategy {shlex.quote(best.strategy)}")
    lines.append(f"files: {o.out}/ ({', '.join(sorted(x.name for x in o.out.iterdir()))})")
    return "\n".join(lines)

