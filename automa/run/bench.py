"""The benchmark: games/s of each game and built-in strategy in one process, and the 2-process speedup.

Each cell plays a fixed seed (0) with default options, or the options given (``bench GAME -o KEY=VALUE``). The game count is calibrated so that one
measurement takes about ``seconds`` (or is fixed with ``games``); the 2-process measurement plays
twice as many games and includes starting the pool.
"""
from __future__ import annotations

import math
import random
import time
from typing import Callable

from automa.run.collect import run
from automa.run.inputs import RunSpec, resolve
from automa.core.registry import get_game, get_strategy
from automa.core.strategy import Strategy

SEED = 0


def rate(spec: RunSpec, games: int, jobs: int) -> tuple[float, int]:
    """Games/s for ``games`` games on ``jobs`` processes, and how many of them raised."""
    errors = 0

    def count(rows: list[list]) -> None:
        nonlocal errors
        errors += sum(1 for r in rows if r[-1])

    clock = time.perf_counter()
    run(spec, spec.game.prepare(spec.options), games, jobs, count)
    return games / (time.perf_counter() - clock), errors


def calibrate(spec: RunSpec, seconds: float) -> int:
    """A game count that takes about ``seconds`` in one process (doubling trial runs up to ``seconds / 4``)."""
    games = 8
    ctx = spec.game.prepare(spec.options)
    while True:
        clock = time.perf_counter()
        run(spec, ctx, games, 1, lambda rows: None)
        elapsed = time.perf_counter() - clock
        if elapsed >= seconds / 4:
            return max(1, math.ceil(games * seconds / elapsed))
        games *= 2


def _by_default(game: str, strategy: str) -> bool:
    """Whether ``bench`` measures ``strategy`` of ``game`` unasked: not a search, nor a player that
    writes training records."""
    cls = get_strategy(get_game(game), strategy).cls
    return not (cls.searches or cls.record_columns)


def bench(games: list[str], seconds: float = 2.0, count: int | None = None, strategy: str | None = None,
          progress: Callable[[str], None] = lambda line: None, options: dict | None = None) -> list[dict]:
    """One row per game and built-in strategy (or only ``strategy``): games, games/s with 1 and 2
    processes, speedup, errors; the game's ``options`` (default: its defaults). Search strategies are measured only when named (their speed is their
    budget's; ``ladder`` reports it per rung), and so are the players that write training data (their
    speed is their player's). ``progress(line)`` is told which cell is being measured."""
    rows = []
    for name in games:
        names = [strategy] if strategy else [s for s in get_game(name).strategies if _by_default(name, s)]
        for at, strategy_name in enumerate(names, 1):
            spec = resolve(name, strategy_name, options or {}, SEED)
            progress(f"bench {name} {spec.strategy} ({at}/{len(names)}): "
                     f"{'timing' if count is None else f'{count:,} games'}...")
            n = count or calibrate(spec, seconds)
            one, errors = rate(spec, n, 1)
            two, _ = rate(spec, 2 * n, 2)
            rows.append({"game": name, "strategy": spec.strategy, "games": n, "games/s 1 proc": one,
                         "games/s 2 procs": two, "speedup": two / one, "errors": errors})
    return rows


COLUMNS = ("game", "strategy", "games", "games/s 1 proc", "games/s 2 procs", "speedup", "errors")


def table(rows: list[dict]) -> str:
    """The rows as a fixed-width text table (names left-aligned, numbers right-aligned)."""
    cells = [[_cell(r[h], h) for h in COLUMNS] for r in rows]
    widths = [max([len(h)] + [len(c[i]) for c in cells]) for i, h in enumerate(COLUMNS)]

    def line(values) -> str:
        return "  ".join(v.ljust(w) if i < 2 else v.rjust(w)
                         for i, (v, w) in enumerate(zip(values, widths))).rstrip()

    return "\n".join([line(COLUMNS), line(["-" * w for w in widths])] + [line(c) for c in cells])


def _cell(value, column: str) -> str:
    """Speedup to 2 decimals; a rate with 3 significant digits below 100 (a search player plays well
    under one game a second), whole numbers above."""
    if column == "speedup":
        return f"{value:.2f}"
    if not isinstance(value, float):
        return str(value)
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


OVERHEAD_COLUMNS = ("game", "strategy", "games", "rows/s engine", "rows/s bench", "rows/s run", "rows/s cli",
                    "cli/bench")


def overhead(name: str, strategy: str | None, games: int, repeat: int = 3) -> dict:
    """Where a whole run's time goes beyond the engine, as games/s of ``games`` games, each the best of
    ``repeat`` alternating measurements:

    * ``engine``: the bare engine loop (seed streams, strategy, ``play``, nothing kept);
    * ``bench``: what :func:`bench` reports for one process (the runner: rows, CSV text, tallies);
    * ``run``: a whole ``simulate`` in this process (chunk files, ``games.csv``, summary, manifest);
    * ``cli``: ``automa-sim simulate -j 1 -q`` in a new process, from start to exit: what a user waits
      for, interpreter start and imports included.

    ``cli/bench`` is issue 13's whole-run ratio (target: at least 0.9 for 20,000 games)."""
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    from automa.run.inputs import prepare
    from automa.core.seeding import game_streams
    from automa.run.simulate import simulate_dir

    spec = resolve(name, strategy, {}, SEED)
    ctx = prepare(spec)
    play, options, cls = spec.game.play, spec.options, spec.strategy_cls
    best = dict.fromkeys(("engine", "bench", "run", "cli"), 0.0)
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "cli", "simulate", name, "-n", str(games), "-s", spec.strategy, "-j", "1",
                   "--seed", str(SEED), "-q", "--force", "--out", str(Path(tmp) / "cli")]
        for k in range(repeat):
            clock = time.perf_counter()
            for i in range(games):
                streams = game_streams(SEED, i)
                try:
                    play(ctx, options, cls(streams.strategy), streams, None)
                except Exception:
                    pass
            best["engine"] = max(best["engine"], games / (time.perf_counter() - clock))
            best["bench"] = max(best["bench"], rate(spec, games, 1)[0])
            clock = time.perf_counter()
            simulate_dir(spec, games, 1, Path(tmp) / f"run{k}", quiet=True, backend="serial")
            best["run"] = max(best["run"], games / (time.perf_counter() - clock))
            clock = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            best["cli"] = max(best["cli"], games / (time.perf_counter() - clock))
    return {"game": name, "strategy": spec.strategy, "games": games} | {
        f"rows/s {k}": v for k, v in best.items()} | {"cli/bench": best["cli"] / best["bench"]}


def overhead_table(rows: list[dict]) -> str:
    """The overhead rows as a fixed-width text table."""
    return _fixed(OVERHEAD_COLUMNS, [[r["game"], r["strategy"], str(r["games"])]
                                     + [f"{r[c]:,.0f}" for c in OVERHEAD_COLUMNS[3:-1]] + [f"{r['cli/bench']:.3f}"]
                                     for r in rows])


def _fixed(columns: tuple[str, ...], cells: list[list[str]]) -> str:
    """Text cells as a fixed-width table: the first two columns left-aligned, the rest right-aligned."""
    widths = [max([len(h)] + [len(c[i]) for c in cells]) for i, h in enumerate(columns)]
    fmt = lambda vals: "  ".join(v.ljust(w) if i < 2 else v.rjust(w) for i, (v, w) in enumerate(zip(vals, widths)))
    return "\n".join([fmt(columns), fmt(["-" * w for w in widths])] + [fmt(c) for c in cells])


ROLLOUT_COLUMNS = ("game", "policy", "rollouts", "ms/game", "ms/rollout", "ratio")


class _Probe(Strategy):
    """Plays as its policy does and, at every ``every``-th decision, times ``runs`` rollouts of the
    policy from there (``Decision.rollout``)."""

    searches = True

    def __init__(self, rng, policy, every: int = 10, runs: int = 3):
        super().__init__(rng)
        self.inner, self.policy, self.every, self.runs = policy(rng), policy, every, runs
        self.asked = self.rollouts = 0
        self.seconds = 0.0

    def choose(self, decision):
        self.asked += 1
        if self.asked % self.every == 0 and decision.can_roll_out:
            player, world = self.policy(random.Random(self.asked)), random.Random(-self.asked)
            clock = time.perf_counter()
            for _ in range(self.runs):
                decision.rollout(decision.choices[0], player, world)
            self.seconds += time.perf_counter() - clock
            self.rollouts += self.runs
        return self.inner.choose(decision)


def rollout_cost(name: str, policy: str | None = None, games: int = 40) -> dict | None:
    """What a search player pays per rollout: ms per game of ``policy`` (default ``random``) against
    ms per rollout under it from every 10th decision of those games, a mid-game position on average
    (issue 13's target: a ratio of at most 1.2). None when the game offers no rollouts."""
    from automa.core.seeding import game_streams

    spec = resolve(name, policy or "random", {}, SEED)
    ctx = spec.game.prepare(spec.options)
    played = seconds = rollouts = 0
    for i in range(games):          # interleaved, so that both see the same load on a busy machine
        streams = game_streams(SEED, i)
        clock = time.perf_counter()
        spec.game.play(ctx, spec.options, spec.strategy_cls(streams.strategy), streams, None)
        played += time.perf_counter() - clock
        streams = game_streams(SEED, i)
        probe = _Probe(streams.strategy, spec.strategy_cls)
        spec.game.play(ctx, spec.options, probe, streams, None)
        seconds, rollouts = seconds + probe.seconds, rollouts + probe.rollouts
    if not rollouts:
        return None
    per_game = played / games
    return {"game": name, "policy": spec.strategy, "rollouts": rollouts, "ms/game": 1e3 * per_game,
            "ms/rollout": 1e3 * seconds / rollouts, "ratio": seconds / rollouts / per_game}


def rollout_table(rows: list[dict]) -> str:
    """The rollout rows as a fixed-width text table."""
    return _fixed(ROLLOUT_COLUMNS, [[r["game"], r["policy"], str(r["rollouts"]), f"{r['ms/game']:.2f}",
                                     f"{r['ms/rollout']:.2f}", f"{r['ratio']:.2f}"] for r in rows])
