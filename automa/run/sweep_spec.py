"""A sweep's spec: the TOML file that names a grid of configurations, read and checked into its cells.

The spec::

    game = "rurik"
    description = "one line for the report"   # optional
    question = "Is each difficulty harder than difficulty 2, and for whom?"   # optional: the report's headline
    axis = "difficulty"                        # optional: the grid option the question is about
    games = 1000                               # per cell
    seed = 1
    strategies = ["greedy", "warlord", "mc(budget=8)"]

    [games_by_strategy]                        # optional: fewer games for a costly strategy's cells
    "mc(budget=8)" = 200                       # (games 0..199 of the same seed: paired on those)

    [grid]                                     # option -> values; cells are strategies x grid
    difficulty = [1, 2, 3, 4]
    rebel_leader = ["sviatopolk", "gleb"]

    [options]                                  # optional: fixed options for every cell
    final_tie = "draw"

    [[exclude]]                                # optional, repeatable: cells matching every key
    difficulty = 4
    rebel_leader = ["gleb"]

    [baseline]                                 # the reference cell (keys with one value may be left out)
    strategy = "greedy"
    difficulty = 2
    rebel_leader = "sviatopolk"

Playing the cells is :mod:`automa.run.sweep`'s.
"""
from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from automa.core.errors import UsageError
from automa.core.registry import Game, did_you_mean, get_game, get_strategy
from automa.run.inputs import RunSpec, refuse_records, resolve

KEYS = ("game", "description", "question", "axis", "games", "games_by_strategy", "seed", "strategies", "grid",
        "options", "exclude", "baseline")


@dataclass(frozen=True)
class Cell:
    """One configuration of a sweep: its label, its values (strategy and grid options), its run."""

    label: str
    values: dict[str, Any]
    spec: RunSpec


@dataclass(frozen=True)
class Sweep:
    """A checked spec: the game, the grid, the cells in order, the baseline cell's label.

    ``pairs`` maps each cell to the cell it is compared with, for a design that is not a grid
    (:mod:`automa.studies.sensitivity`); a grid's pairs follow from it (:func:`automa.run.sweep.baselines`).
    """

    path: Path
    text: str
    game: Game
    description: str
    question: str  # the question the report answers first ("" when the spec asks none)
    axis: str  # the grid option the question is about: each value is compared with the baseline's
    games: int
    seed: int
    strategies: list[str]
    grid: dict[str, list]
    options: dict[str, Any]
    exclude: list[dict[str, list]]
    cells: list[Cell]
    baseline: str
    pairs: dict[str, str] | None = None
    games_by_strategy: dict[str, int] = field(default_factory=dict)  # as the spec gives it (at most its games)

    def cell_games(self, cell: Cell) -> int:
        """The games ``cell`` plays: its strategy's count in ``games_by_strategy``, capped by ``games``
        (a ``--games`` override caps every count), else ``games``. A cell plays games 0 .. n-1."""
        return min(self.games, self.games_by_strategy.get(cell.values["strategy"], self.games))


def label(values: dict[str, Any], varying: list[str]) -> str:
    """A cell's label: the strategy, then ``option=value`` for every option that varies in the grid."""
    parts = [str(values["strategy"])]
    parts += [f"{k}={'(none)' if values[k] == '' else values[k]}" for k in varying]
    return " ".join(parts)


def load_spec(path: Path, games: int | None = None, text: str | None = None) -> Sweep:
    """Read and check a sweep spec (UsageError naming the key and the problem); ``games`` overrides its count.

    ``text`` is the spec's text when it is not read from ``path`` (a resumed sweep's manifest).
    """
    path = Path(path)

    def fail(key: str, problem: str) -> UsageError:
        return UsageError(f"{path}: {key}: {problem}")

    if text is None:
        try:
            text = path.read_text()
        except OSError as exc:
            raise UsageError(f"cannot read sweep spec {path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise UsageError(f"{path}: not valid TOML: not UTF-8 text ({exc.reason})") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML: {exc}") from None
    for key in raw:
        if key not in KEYS:
            raise fail(key, f"unknown key; known: {', '.join(KEYS)}")
    for key in ("game", "games", "seed", "strategies", "grid", "baseline"):
        if key not in raw:
            raise fail(key, "missing")

    if not isinstance(raw["game"], str):
        raise fail("game", "must be a game name")
    try:
        game = get_game(raw["game"])
    except UsageError as exc:
        raise fail("game", str(exc)) from None
    count = _whole(raw["games"], 1, fail, "games") if games is None else games
    seed = _whole(raw["seed"], 0, fail, "seed")
    description, question = raw.get("description", ""), raw.get("question", "")
    for key, value in (("description", description), ("question", question)):
        if not isinstance(value, str):
            raise fail(key, "must be text")

    strategies = raw["strategies"]
    if not isinstance(strategies, list) or not strategies or not all(isinstance(s, str) for s in strategies):
        raise fail("strategies", "must be a non-empty list of strategy names")
    if len(set(strategies)) < len(strategies):
        raise fail("strategies", "a strategy is listed twice")
    for name in strategies:
        try:
            refuse_records(get_strategy(game, name))
        except UsageError as exc:
            raise fail("strategies", str(exc)) from None

    by_strategy = _by_strategy(raw.get("games_by_strategy", {}), strategies, _whole(raw["games"], 1, fail, "games"),
                               fail)
    grid = _grid(raw["grid"], game, fail)
    fixed = _fixed(raw.get("options", {}), game, grid, fail)
    axes = {"strategy": strategies} | grid
    exclude = _exclude(raw.get("exclude", []), game, axes, fail)
    varying = [k for k, v in grid.items() if len(v) > 1]
    axis = _axis(raw.get("axis"), varying, fail)

    cells = []
    for combo in itertools.product(*axes.values()):
        values = dict(zip(axes, combo))
        if any(all(values[k] in allowed for k, allowed in entry.items()) for entry in exclude):
            continue
        options = fixed | {k: values[k] for k in grid}
        try:
            spec = resolve(game.name, values["strategy"], options, seed)
        except UsageError as exc:
            raise fail("grid", f"cell {label(values, varying)}: {exc}") from None
        cells.append(Cell(label(values, varying), values, spec))
    if not cells:
        raise fail("exclude", "excludes every cell of the grid")
    baseline = _baseline(raw["baseline"], game, axes, cells, varying, fail)
    return Sweep(path, text, game, description, question, axis, count, seed, strategies, grid, fixed, exclude,
                 cells, baseline, games_by_strategy=by_strategy)


def _by_strategy(raw: Any, strategies: list[str], games: int, fail) -> dict[str, int]:
    """``games_by_strategy``: strategy (as the spec's ``strategies`` names it) -> games, 1 .. ``games``."""
    if not isinstance(raw, dict):
        raise fail("games_by_strategy", 'must be a table of "strategy" = games')
    for name, count in raw.items():
        key = f"games_by_strategy.{name}"
        if name not in strategies:
            raise fail(key, f"not one of the spec's strategies{did_you_mean(name, strategies)}; "
                            f"strategies: {', '.join(strategies)}")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= games:
            raise fail(key, f"must be a whole number from 1 to games ({games}), got {count!r}")
    return dict(raw)


def _axis(raw: Any, varying: list[str], fail) -> str:
    """The question's axis: a grid option with more than one value (default: the first such)."""
    if raw is None:
        return varying[0] if varying else ""
    if not isinstance(raw, str) or raw not in varying:
        raise fail("axis", f"{raw!r} is not a grid option with more than one value; "
                           f"choose one of: {', '.join(varying) or '(none: the grid varies nothing)'}")
    return raw


def _whole(value: Any, least: int, fail, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise fail(key, f"must be a whole number of at least {least}, got {value!r}")
    return value


def _parse(game: Game, name: str, raw: Any, fail, key: str) -> Any:
    """One option value, with the option's own message (minus its ``option NAME:`` prefix) on failure."""
    try:
        return game.option(name).parse(raw)
    except UsageError as exc:
        raise fail(key, str(exc).removeprefix(f"option {name}: ")) from None


def _known(game: Game, name: str, key: str, fail) -> None:
    """An unknown option name in the spec is an error at ``key``."""
    try:
        game.option(name)
    except UsageError as exc:
        raise fail(key, str(exc)) from None


def _grid(raw: Any, game: Game, fail) -> dict[str, list]:
    if not isinstance(raw, dict) or not raw:
        raise fail("grid", "empty; give at least one option with a list of values")
    grid = {}
    for name, values in raw.items():
        key = f"grid.{name}"
        _known(game, name, key, fail)
        if not isinstance(values, list) or not values:
            raise fail(key, "must be a non-empty list of values")
        parsed = [_parse(game, name, v, fail, key) for v in values]
        twice = [v for v in parsed if parsed.count(v) > 1]
        if twice:
            raise fail(key, f"value {twice[0]!r} is listed twice")
        grid[name] = parsed
    return grid


def _fixed(raw: Any, game: Game, grid: dict, fail) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise fail("options", "must be a table of option = value")
    fixed = {}
    for name, value in raw.items():
        key = f"options.{name}"
        _known(game, name, key, fail)
        if name in grid:
            raise fail(key, "also in grid; set each option in one place")
        fixed[name] = _parse(game, name, value, fail, key)
    return fixed


def _axis_values(name: str, raw: Any, game: Game, axes: dict, fail, key: str) -> list:
    """Values of one axis (``strategy`` or a grid option) named in ``exclude`` or ``baseline``."""
    if name not in axes:
        raise fail(key, f"not a grid option or strategy; axes: {', '.join(axes)}")
    values = [raw] if name == "strategy" else [_parse(game, name, raw, fail, key)]
    if values[0] not in axes[name]:
        raise fail(key, f"{raw!r} is not one of the sweep's values: {', '.join(map(str, axes[name]))}")
    return values


def _exclude(raw: Any, game: Game, axes: dict, fail) -> list[dict[str, list]]:
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise fail("exclude", "must be a list of tables ([[exclude]] entries)")
    entries = []
    for i, entry in enumerate(raw):
        if not entry:
            raise fail(f"exclude[{i}]", "empty; it would exclude every cell")
        entries.append({name: [v for item in (values if isinstance(values, list) else [values])
                               for v in _axis_values(name, item, game, axes, fail, f"exclude[{i}].{name}")]
                        for name, values in entry.items()})
    return entries


def _baseline(raw: Any, game: Game, axes: dict, cells: list[Cell], varying: list[str], fail) -> str:
    if not isinstance(raw, dict):
        raise fail("baseline", "must be a table naming the reference cell")
    values = {}
    for name, value in raw.items():
        values[name] = _axis_values(name, value, game, axes, fail, f"baseline.{name}")[0]
    for name, allowed in axes.items():
        if name not in values:
            if len(allowed) > 1:
                raise fail(f"baseline.{name}", f"missing; name one of {', '.join(map(str, allowed))}")
            values[name] = allowed[0]
    wanted = label(values, varying)
    if wanted not in [c.label for c in cells]:
        raise fail("baseline", f"cell {wanted} is excluded by [[exclude]]")
    return wanted
