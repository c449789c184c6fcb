"""``automa-sim learn`` on the records of the ``positions`` player: fit a position value, the final
margin of a player's games predicted from a position, one ridge regression per round (a model of
kind ``position``, automa/core/model.py; docs/learned.md, "Position value").

Per group (a round) the margin is regressed on the standardised features with an intercept that is
not shrunk; lambda is chosen by k-fold cross-validation over the training games, and a fifth of the
games (drawn with ``seed``) is held out. The ``spread`` is the standard deviation of the training
margins around the fit: a search turns the predicted margin and that spread into a win chance and a
value. Held out, it reports the share of the margin's variance explained (R²), the same for the
value that follows, and a learning curve of the margin's R².
"""
from __future__ import annotations

import csv
import gzip
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from automa.core.errors import UsageError
from automa.core.model import Linear, Model
from automa.studies.learn import CURVE, RECORDS, record_rows, split_games

COLUMNS = ("game", "round", "group", "margin", "win", "value", "features")
LAMBDAS = (1e-3, 1e-2, 0.1, 1.0, 10.0, 100.0)


def holds_positions(dirs) -> bool:
    """Whether the first ``DIR/records.csv.gz`` is a ``positions`` run's (its header is :data:`COLUMNS`);
    any other file, or none, is left to the choice model's reader to judge."""
    try:
        with gzip.open(Path(dirs[0]) / RECORDS, "rt", encoding="utf-8", newline="") as f:
            return tuple(next(csv.reader(f), ())) == COLUMNS
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, csv.Error):
        return False


@dataclass(frozen=True)
class Group:
    """The positions of one group: the ``game`` of each (numbered over every source), the final
    ``margin`` and ``value``, and the feature rows ``x``."""

    game: np.ndarray
    margin: np.ndarray
    value: np.ndarray
    x: np.ndarray

    def of_games(self, games) -> "Group":
        keep = np.isin(self.game, np.asarray(list(games), dtype=np.int64))
        return Group(self.game[keep], self.margin[keep], self.value[keep], self.x[keep])


def read(dirs, names: dict) -> tuple[int, int, dict]:
    """The records of each ``DIR/records.csv.gz``: the number of games and of records, and a
    :class:`Group` per group of ``names``; UsageError in one line for a missing file, another
    header, an unknown group, a feature row of another length or a number that is not one."""
    games: dict = {}
    rows = {group: ([], [], [], []) for group in names}
    count = 0
    for s, where, row in record_rows(dirs, COLUMNS, "position records"):
        if len(row) != len(COLUMNS):
            raise UsageError(f"{where}: {len(row)} fields, not {len(COLUMNS)}")
        rec = dict(zip(COLUMNS, row))
        if rec["group"] not in names:
            raise UsageError(f"{where}: group {rec['group']!r} is not one of the position value's ({', '.join(names)})")
        features = rec["features"].split(";")
        if len(features) != len(names[rec["group"]]):
            raise UsageError(f"{where}: {len(features)} features, where the position value has "
                             f"{len(names[rec['group']])}; were these records written by another version?")
        try:
            numbers = [float(rec["margin"]), float(rec["value"]), *map(float, features)]
            game = games.setdefault((s, int(rec["game"])), len(games))
        except ValueError as e:
            raise UsageError(f"{where}: not a number: {e}") from None
        if not np.all(np.isfinite(numbers)):
            raise UsageError(f"{where}: a number that is not finite")
        g = rows[rec["group"]]
        g[0].append(game)
        g[1].append(numbers[0])
        g[2].append(numbers[1])
        g[3].append(numbers[2:])
        count += 1
    if not games:
        raise UsageError(f"no position records in {', '.join(str(d) for d in dirs)}")
    groups = {group: Group(np.array(g, dtype=np.int64), np.array(m, dtype=float), np.array(v, dtype=float),
                           np.array(x, dtype=float).reshape(len(x), len(names[group])))
              for group, (g, m, v, x) in rows.items()}
    return len(games), count, groups


def ridge(data: Group, lam: float, names) -> Linear:
    """The ridge regression of the margin on the standardised features (mean squared error plus
    ``lam`` times the squared weights; the intercept is not shrunk), with the training spread."""
    k = len(names)
    if len(data.margin) == 0:
        return Linear(names, [0.0] * k, [0.0] * k, [1.0] * k)
    mean, scale = data.x.mean(axis=0), data.x.std(axis=0)
    scale[~(scale > 1e-12)] = 1.0
    z = (data.x - mean) / scale
    centre = data.margin.mean()
    n = len(data.margin)
    weights = np.linalg.solve(np.einsum("ij,ik->jk", z, z) / n + lam * np.eye(k),
                              np.einsum("ij,i->j", z, data.margin - centre) / n)
    spread = float(np.std(data.margin - centre - z @ weights))
    return Linear(names, weights.tolist(), mean.tolist(), scale.tolist(), float(centre), spread)


def r_squared(actual: np.ndarray, predicted: np.ndarray) -> float | None:
    """The share of ``actual``'s variance that ``predicted`` explains (None for fewer than 2 values)."""
    if len(actual) < 2 or not np.var(actual) > 0:
        return None
    return float(1.0 - np.mean((actual - predicted) ** 2) / np.var(actual))


def measure(data: Group, linear: Linear, estimate) -> dict:
    """Held-out R² of the margin and of the value ``estimate(margin, spread).value`` on ``data``."""
    margins = np.array(linear.scores(data.x.tolist())) if len(data.margin) else np.zeros(0)
    values = np.array([estimate(m, linear.spread).value for m in margins.tolist()])
    return {"positions": int(len(data.margin)), "margin_r2": r_squared(data.margin, margins),
            "value_r2": r_squared(data.value, values)}


def fit(dirs, names: dict, version: str, game: str, seed: int, estimate, lambdas=LAMBDAS, folds: int = 5,
        regenerate: str = "") -> Model:
    """The position :class:`Model` of ``game`` fit to the records in ``dirs`` per group of ``names``,
    with its ``metrics`` (per group: lambda, the cross-validation errors, the held-out measurements of
    :func:`measure` and the learning curve). ``estimate(margin, spread)`` is the search's
    :class:`Estimate` of a predicted margin (strategies/search.py, ``expected_value``)."""
    if folds < 2:       # before the records are read
        raise UsageError(f"--folds {folds}: cross-validation needs at least 2 folds")
    n_games, n_records, groups_in = read(dirs, names)
    held_out, train, fold_of = split_games(n_games, seed, folds)
    k = len(set(fold_of.values()))
    groups, metrics = {}, {}
    for group, group_names in names.items():
        data = groups_in[group]
        fitted, test = data.of_games(train), data.of_games(held_out)
        splits = [(fitted.of_games([g for g, i in fold_of.items() if i != f]),
                   fitted.of_games([g for g, i in fold_of.items() if i == f])) for f in range(k)]
        splits = [(part, check) for part, check in splits if len(part.margin) and len(check.margin)]
        errors = []
        for lam in lambdas:
            total, count = 0.0, 0
            for part, check in splits:
                predicted = np.array(ridge(part, lam, group_names).scores(check.x.tolist()))
                total += float(np.sum((predicted - check.margin) ** 2))
                count += len(check.margin)
            errors.append([lam, total / count if count else None])
        known = [(e, -lam) for lam, e in errors if e is not None]
        lam = -min(known)[1] if known else max(lambdas)
        groups[group] = ridge(fitted, lam, group_names)
        curve = [{"games": len(part), **measure(test, ridge(fitted.of_games(part), lam, group_names), estimate)}
                 for part in (train[:max(1, round(share * len(train)))] for share in CURVE)]
        metrics[group] = {"lambda": lam, "cv_error": errors, "train_positions": int(len(fitted.margin)),
                          "held_out": measure(test, groups[group], estimate), "curve": curve}
    data = {"sources": [str(d) for d in dirs], "games": n_games, "records": n_records,
            "held_out_games": len(held_out), "folds": k, "seed": seed}
    return Model(game=game, kind="position", target="margin", features_version=version, groups=groups, data=data,
                 metrics=metrics, regenerate=regenerate)


def text(model: Model) -> str:
    """The fit's report for the terminal: per group the spread and the held-out R² of the margin and
    of the value, then the learning curve."""
    d = model.data
    show = lambda x: "-" if x is None else f"{x:.3f}"  # noqa: E731
    lines = [f"{model.game} position value on features {model.features_version}: {d['games']} games "
             f"({d['records']} positions) from {', '.join(d['sources'])}; {d['held_out_games']} games held out "
             f"(seed {d['seed']}), lambda by {d['folds']}-fold cross-validation", "",
             f"{'group':<10} {'train':>7} {'held out':>8} {'lambda':>7} {'spread VP':>9}  {'R² margin':>9} {'R² value':>9}"]
    for group, m in model.metrics.items():
        h = m["held_out"]
        lines.append(f"{group:<10} {m['train_positions']:>7} {h['positions']:>8} {m['lambda']:>7g} "
                     f"{model.groups[group].spread:>9.2f}  {show(h['margin_r2']):>9} {show(h['value_r2']):>9}")
    lines += ["", "learning curve: held-out R² of the margin, fit on part of the training games"]
    for group, m in model.metrics.items():
        lines.append(f"{group:<10} " + "   ".join(f"{p['games']} games: {show(p['margin_r2'])}" for p in m["curve"]))
    return "\n".join(lines)
