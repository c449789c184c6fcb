"""A tuning run's plan (``automa-sim tune``, issue 22): the search space and the checked input.

The search space is one interval per tuned parameter (``--param NAME=LOW:HIGH``, or a range around
every numeric parameter's starting value, :func:`default_range`), searched in coordinates scaled to
0..1 per parameter (:class:`Dim`). :func:`plan` checks the input before any game and lays out the run:
the objective (the mean margin, the win rate, or the distance of the win rate from ``target``; higher
is better), the trials and their batch, the tuning and confirmation games, the seed. Playing it is
:mod:`automa.studies.tune`'s.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from automa.core.errors import UsageError
from automa.core.params import split_spec
from automa.core.registry import Game, get_game, get_strategy
from automa.core.seeding import fresh_entropy
from automa.run.inputs import refuse_records

OBJECTIVES = ("margin", "win_rate", "target")
DIGITS = 3  # significant digits of a tuned float: the strategy string plays exactly what it says
TRIALS = "trials.csv"  # the run's trials file, whose own columns no tuned parameter may be named after
FIXED = ("trial", "batch", "strategy", "games", "errors", "wins", "win_rate", "margin_mean", "objective")


@dataclass(frozen=True)
class Dim:
    """One tuned parameter: its name, type (``int`` or ``float``), range and starting value."""

    name: str
    type: str
    low: float
    high: float
    start: float

    def coord(self, value: float) -> float:
        """``value`` scaled to 0..1 over the range."""
        return (value - self.low) / (self.high - self.low)

    def value(self, u: float) -> int | float:
        """The parameter value at coordinate ``u`` (a whole number, or :data:`DIGITS` significant digits)."""
        x = self.low + min(max(float(u), 0.0), 1.0) * (self.high - self.low)
        if self.type == "int":
            return int(min(max(round(x), self.low), self.high))
        return min(max(_round(x), self.low), self.high)


def _round(x: float) -> float:
    return float(f"{x:.{DIGITS}g}")


@dataclass(frozen=True)
class Plan:
    """A checked tuning run: what is searched, how, on which deals."""

    game: Game
    strategy: str          # as given: the name and the parameters it fixes
    name: str
    fixed: dict[str, str]
    dims: tuple[Dim, ...]
    given: dict[str, Any]  # the options the user set
    options: dict[str, Any]
    objective: str
    target: float | None
    trials: int
    batch: int
    games: int
    confirm: int
    seed: int

    def text(self, values: dict[str, Any]) -> str:
        """The strategy with the fixed parameters and ``values`` (tuned name -> value), canonical."""
        items = self.fixed | {k: str(v) for k, v in values.items()}
        return get_strategy(self.game, f"{self.name}({','.join(f'{k}={v}' for k, v in items.items())})").canonical

    def objective_of(self, wins: int, margin_sum: int, done: int) -> float:
        """The objective of a trial (higher is better) from its finished games."""
        if self.objective == "margin":
            return margin_sum / done
        if self.objective == "win_rate":
            return wins / done
        return -abs(wins / done - self.target)


def default_range(p, start: float) -> tuple[float, float]:
    """The range searched for a numeric parameter not named with ``--param``: 0 to twice its start
    (a float), half to twice it (a whole number), -1 to 1 around a start of 0; never below its
    smallest allowed value."""
    if p.type == "int":
        low, high = start // 2, (2 * start if start > 0 else start + 2)
        if high <= low:
            high = low + 2
    elif start > 0:
        low, high = 0.0, _round(2 * start)
    elif start < 0:
        low, high = _round(2 * start), 0.0
    else:
        low, high = -1.0, 1.0
    if p.least is not None and low < p.least:
        low = type(low)(p.least)
    return low, high


def _parse_range(item: str, declared: dict, fail) -> tuple[str, float, float]:
    name, eq, span = item.partition("=")
    lo, colon, hi = span.partition(":")
    name = name.strip()
    if not eq or not colon:
        raise fail(f"--param {item!r}: write NAME=LOW:HIGH")
    p = declared.get(name)
    if p is None or p.type not in ("int", "float"):
        numeric = [n for n, q in declared.items() if q.type in ("int", "float")]
        raise fail(f"--param {name}: not a numeric parameter of the strategy; its numeric parameters: "
                   f"{', '.join(numeric) or 'none'}")
    try:
        low, high = (int(lo), int(hi)) if p.type == "int" else (float(lo), float(hi))
    except ValueError:
        kind = "whole numbers" if p.type == "int" else "numbers"
        raise fail(f"--param {item!r}: LOW and HIGH must be {kind}") from None
    if not (math.isfinite(low) and math.isfinite(high)) or not low < high:
        raise fail(f"--param {item!r}: LOW must be below HIGH")
    if p.least is not None and low < p.least:
        raise fail(f"--param {item!r}: {name} is at least {p.least:g}")
    return name, low, high


def plan(game_name: str, strategy: str, params: list[str], objective: str | None, target: float | None,
         options: dict[str, Any], trials: int, batch: int | None, games: int, confirm: int,
         seed: int | None) -> Plan:
    """Check the input (a UsageError naming the bad flag or value, before any game) and lay out the run."""
    game = get_game(game_name)
    base = game.resolve_options(options)
    given = {k: base[k] for k in options}
    start = get_strategy(game, strategy)
    refuse_records(start)
    name, fixed = split_spec(strategy)
    declared = {p.name: p for p in start.params}
    if target is not None:
        if objective not in (None, "win_rate"):
            raise UsageError(f"--target aims at a win rate; drop --objective {objective}")
        if not 0 < target < 1:
            raise UsageError(f"--target must be between 0 and 1 (a win rate), got {target}")
        objective = "target"
    objective = objective or "margin"
    if objective not in OBJECTIVES[:2] + (("target",) if target is not None else ()):
        raise UsageError(f"--objective must be margin or win_rate, got {objective!r}")
    dims = []
    if params:
        for item in params:
            pname, low, high = _parse_range(item, declared, UsageError)
            if any(d.name == pname for d in dims):
                raise UsageError(f"--param {pname} is given twice")
            dims.append(Dim(pname, declared[pname].type, low, high, start.values[pname]))
    else:
        for p in start.params:
            if p.type in ("int", "float") and p.tuned and p.name not in fixed:
                low, high = default_range(p, start.values[p.name])
                dims.append(Dim(p.name, p.type, low, high, start.values[p.name]))
        if not dims:
            raise UsageError(f"strategy {strategy}: no numeric parameter left to tune (see `automa-sim list "
                             f"strategies {game.name} --long`)")
    for d in dims:
        if not d.low <= d.start <= d.high:
            raise UsageError(f"--param {d.name}: the starting value {d.start:g} is outside {d.low:g}:{d.high:g}")
        if d.name in FIXED:
            raise UsageError(f"--param {d.name}: the name clashes with a column of {TRIALS}")
    fixed = {k: v for k, v in fixed.items() if all(d.name != k for d in dims)}
    batch = default_batch(len(dims)) if batch is None else batch
    for flag, value, least in (("--trials", trials, 1), ("--batch", batch, 2), ("--games", games, 1),
                               ("--confirm-games", confirm, 2)):
        if value < least:
            raise UsageError(f"{flag} must be at least {least}, got {value}")
    if seed is not None and seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {seed}")
    return Plan(game, strategy, name, fixed, tuple(dims), given, base, objective, target, trials, batch, games,
                confirm, fresh_entropy() if seed is None else seed)


def default_batch(n: int) -> int:
    """CMA-ES's default population for ``n`` parameters: 4 + 3 ln n."""
    return 4 + int(3 * math.log(n))
