"""``automa-sim learn``: fit a learned evaluation (automa/core/model.py) to a search's verdicts, the
training records of the ``label`` player (docs/learned.md).

Only differences between the choices of one decision matter to a player, so per group of decisions
the model is a ridge regression of a choice's *advantage*: its ``value`` (or ``margin``) minus the mean
of the decision's choices that have one, on features centred the same way, each decision weighing
one in all. The ridge's lambda is chosen by k-fold cross-validation over the training games, and a
fifth of the games (drawn with ``seed``) is held out to measure the model against the policy: how
often its pick is the search's best-valued choice, and its regret (the best value minus the value of
its pick). A learning curve repeats that measurement fit on a quarter and a half of the training games.
"""
from __future__ import annotations

import csv
import gzip
import math
import random
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from automa.core.errors import UsageError
from automa.core.model import Linear, Model
from automa.core.trees import Trees
from automa.studies import learn_trees

RECORDS = "records.csv.gz"
COLUMNS = ("game", "decision", "round", "kind", "group", "n_choices", "choice", "rank", "searched", "pick",
           "played", "rounds", "value", "margin", "win", "features")
TARGETS = ("value", "margin")
FORMS = ("trees", "linear")
LAMBDAS = (1e-4, 1e-3, 1e-2, 0.1, 1.0, 10.0)
HELD_OUT = 0.2          # the share of games held out for the metrics
CURVE = (0.25, 0.5, 1.0)  # the shares of the training games of the learning curve
MIN_GAMES = 3           # one held out, two to cross-validate on


@dataclass(frozen=True)
class Table:
    """The records of one group, a row per choice: its ``game`` and ``decision`` (numbers unique over
    every source), the policy's ``rank``, the decision's ``round``, the search's ``value`` and
    ``margin`` (NaN: not rolled out) and the feature rows ``x``."""

    game: np.ndarray
    decision: np.ndarray
    rank: np.ndarray
    round: np.ndarray
    value: np.ndarray
    margin: np.ndarray
    x: np.ndarray


@dataclass(frozen=True)
class Records:
    """The training records of ``sources`` (folders): ``games`` of them, ``records`` rows, by group."""

    sources: tuple[str, ...]
    games: int
    records: int
    groups: dict


def record_rows(dirs, columns: tuple, what: str):
    """Each row of each ``DIR/records.csv.gz``, as (the DIR's number, ``"FILE line N"``, the row): a
    UsageError in one line, naming ``what`` the records are, for a missing or unreadable file or a
    header other than ``columns``."""
    for s, folder in enumerate(dirs):
        path = Path(folder) / RECORDS
        try:
            with gzip.open(path, "rt", encoding="utf-8", newline="") as f:
                reader = csv.reader(f)
                header = next(reader, None)
                if header is None or tuple(header) != columns:
                    raise UsageError(f"{path}: not {what}: the header is not {','.join(columns)}")
                for line, row in enumerate(reader, start=2):
                    yield s, f"{path} line {line}", row
        except (OSError, EOFError, zlib.error, UnicodeDecodeError, csv.Error) as e:
            raise UsageError(f"{path}: cannot read the {what}: {e}") from None


def read_records(dirs, names: dict) -> Records:
    """The records of each ``DIR/records.csv.gz`` (a ``label`` run), for features named ``names``
    (group -> list of names): UsageError in one line for a missing file, another header, an unknown
    group, a feature row of another length or a number that is not one."""
    games, decisions = {}, {}
    rows = {group: {"game": [], "decision": [], "rank": [], "round": [], "value": [], "margin": [], "x": []}
            for group in names}
    count = 0
    for s, where, row in record_rows(dirs, COLUMNS, "training records"):
        _add(rows, names, games, decisions, s, row, where)
        count += 1
    if not games:
        raise UsageError(f"no training records in {', '.join(str(d) for d in dirs)}")
    groups = {}
    for group, r in rows.items():
        k = len(names[group])
        try:
            x = np.array(";".join(r["x"]).split(";") if r["x"] else [], dtype=float).reshape(len(r["x"]), k)
        except ValueError:
            raise UsageError(f"group {group}: a feature that is not a number in the records") from None
        ints = {key: np.array(r[key], dtype=np.int64) for key in ("game", "decision", "rank", "round")}
        groups[group] = Table(**ints, value=np.array(r["value"], dtype=float),
                              margin=np.array(r["margin"], dtype=float), x=x)
    return Records(sources=tuple(str(d) for d in dirs), games=len(games), records=count, groups=groups)


def _add(rows: dict, names: dict, games: dict, decisions: dict, source: int, row: list, where: str) -> None:
    """Add one record ``row`` of the source numbered ``source`` to ``rows`` (by group)."""
    if len(row) != len(COLUMNS):
        raise UsageError(f"{where}: {len(row)} fields, not {len(COLUMNS)}")
    rec = dict(zip(COLUMNS, row))
    group = rec["group"]
    if group not in names:
        raise UsageError(f"{where}: group {group!r} is not one of the player's ({', '.join(names)})")
    features = rec["features"]
    if features.count(";") + 1 != len(names[group]):
        raise UsageError(f"{where}: {features.count(';') + 1} features for group {group}, whose features "
                         f"are {len(names[group])}; were these records written by another version?")
    try:
        game = games.setdefault((source, int(rec["game"])), len(games))
        decision = decisions.setdefault((source, int(rec["game"]), int(rec["decision"])), len(decisions))
        numbers = [int(rec["rank"]), int(rec["round"]), _number(rec["value"]), _number(rec["margin"])]
    except ValueError as e:
        raise UsageError(f"{where}: not a number: {e}") from None
    r = rows[group]
    r["game"].append(game)
    r["decision"].append(decision)
    r["rank"].append(numbers[0])
    r["round"].append(numbers[1])
    r["value"].append(numbers[2])
    r["margin"].append(numbers[3])
    r["x"].append(features)


def _number(text: str) -> float:
    """A target field: a finite number, or NaN when empty (the choice was not rolled out)."""
    if text == "":
        return math.nan
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text!r}")
    return value


@dataclass(frozen=True)
class Choices:
    """The rolled-out choices of a group's decisions that have at least two, sorted by decision (then
    record order): ``start`` of each decision, ``t`` the target, ``y`` its advantage, ``w`` the weight
    (1 / the decision's choices), and ``game``, ``rank``, ``round``, ``x`` as in :class:`Table`."""

    game: np.ndarray
    start: np.ndarray
    rank: np.ndarray
    round: np.ndarray
    t: np.ndarray
    y: np.ndarray
    w: np.ndarray
    x: np.ndarray

    @property
    def decisions(self) -> int:
        return len(self.start)

    def of_games(self, games) -> "Choices":
        """The decisions of ``games`` only."""
        keep = np.isin(self.game, np.asarray(list(games), dtype=np.int64))
        return _choices(self.game[keep], _decision_ids(self.start, len(self.t))[keep], self.rank[keep],
                        self.round[keep], self.t[keep], self.x[keep])


def _decision_ids(start: np.ndarray, n: int) -> np.ndarray:
    ids = np.zeros(n, dtype=np.int64)
    ids[start[1:]] = 1
    return np.cumsum(ids)


def _choices(game, decision, rank, round_, t, x) -> Choices:
    """:class:`Choices` of rows whose target ``t`` is known, from decisions with two or more of them."""
    columns = (game, decision, rank, round_, t, x)
    known = ~np.isnan(t)
    columns = [c[known] for c in columns]
    order = np.argsort(columns[1], kind="stable")
    columns = [c[order] for c in columns]
    counts = np.unique(columns[1], return_counts=True)[1]
    keep = np.repeat(counts >= 2, counts)
    game, decision, rank, round_, t, x = (c[keep] for c in columns)
    _, start, counts = np.unique(decision, return_index=True, return_counts=True)
    n = np.repeat(counts, counts).astype(float)
    y = t - decision_means(t, start) if len(t) else t
    return Choices(game=game, start=start, rank=rank, round=round_, t=t, y=y, w=1.0 / n, x=x)


def decision_means(x: np.ndarray, start: np.ndarray) -> np.ndarray:
    """For each row of ``x`` the mean of its decision's rows (decisions begin at ``start``)."""
    counts = np.diff(np.append(start, len(x)))
    sums = np.add.reduceat(x, start, axis=0)
    return np.repeat(sums / counts.reshape((-1,) + (1,) * (x.ndim - 1)), counts, axis=0)


def normal_equations(data: Choices) -> tuple:
    """The ridge's pieces that do not depend on lambda: the features' ``mean`` and ``scale``, and the
    standardised, decision-centred features' weighted Gram matrix and right-hand side per decision.
    The products are einsum's, not BLAS's, whose threads crawl on a busy machine."""
    mean = data.x.mean(axis=0)
    scale = data.x.std(axis=0)
    scale[~(scale > 1e-12)] = 1.0
    z = (data.x - mean) / scale
    z -= decision_means(z, data.start)
    zw = z * data.w[:, None]
    n = data.decisions
    return mean, scale, np.einsum("ij,ik->jk", z, zw) / n, np.einsum("ij,i->j", zw, data.y) / n


def ridge(data: Choices, lam: float, names, equations: tuple | None = None) -> Linear:
    """The ridge regression of the advantages ``data.y`` on the standardised, decision-centred features
    (mean squared error per decision plus ``lam`` times the squared weights but the first's); the
    first feature is the policy's own score (docs/learned.md), so a small or noisy training set leaves a
    model that ranks as the policy does, not one that ranks by noise. ``equations``: those of ``data``
    (:func:`normal_equations`) if already known."""
    k = len(names)
    if data.decisions == 0:
        return Linear(names, [0.0] * k, [0.0] * k, [1.0] * k)
    mean, scale, gram, rhs = normal_equations(data) if equations is None else equations
    penalty = np.eye(k)
    penalty[0, 0] = 0.0     # the policy's own score is not shrunk: the model departs from the policy only
    return Linear(names, np.linalg.solve(gram + lam * penalty, rhs).tolist(), mean.tolist(), scale.tolist())


def predictions(data: Choices, group: Linear | Trees) -> list[float]:
    """``group``'s score of every choice of ``data``."""
    if isinstance(group, Trees):
        return group.predict(learn_trees.inputs(data.x, decision_means(data.x, data.start), data.rank, data.round))
    return group.scores(data.x.tolist())


def picks(data: Choices, group: Linear | Trees) -> dict:
    """Held-out measurements of a model's ``group`` and of the policy on ``data``: per decision, whether
    the pick is the best-valued choice (``agreement``) and the best value minus the pick's (``regret``),
    means over the decisions. Ties go to the better policy rank, then the earlier record."""
    out = {"decisions": data.decisions}
    if data.decisions == 0:
        return {**out, "model": None, "policy": None}
    scores = predictions(data, group)
    ends = np.append(data.start[1:], len(data.t))
    t, rank = data.t.tolist(), data.rank.tolist()
    tally = {"model": [0, 0.0], "policy": [0, 0.0]}
    for a, b in zip(data.start.tolist(), ends.tolist()):
        rows = range(a, b)
        best = max(rows, key=lambda i: (t[i], -rank[i], -i))
        chosen = {"model": max(rows, key=lambda i: (scores[i], -rank[i], -i)),
                  "policy": min(rows, key=lambda i: (rank[i], i))}
        for who, i in chosen.items():
            tally[who][0] += i == best
            tally[who][1] += t[best] - t[i]
    n = data.decisions
    return {**out, **{who: {"agreement": hits / n, "regret": regret / n} for who, (hits, regret) in tally.items()}}


def cross_validate(data: Choices, fold_of: dict, lambdas, names) -> list:
    """``[lambda, mean squared error per held-out decision]`` for each lambda, over the folds (games
    ``fold_of``); the error is None when no fold has decisions both to fit and to test."""
    errors = np.zeros(len(lambdas))
    weight = 0
    for k in sorted(set(fold_of.values())):
        fitted = data.of_games([g for g, f in fold_of.items() if f != k])
        test = data.of_games([g for g, f in fold_of.items() if f == k])
        if not (fitted.decisions and test.decisions):
            continue
        equations = normal_equations(fitted)
        mean, scale = equations[:2]
        for i, lam in enumerate(lambdas):
            linear = ridge(fitted, lam, names, equations)
            predicted = np.einsum("ij,j->i", (test.x - mean) / scale, np.array(linear.weights))
            predicted -= decision_means(predicted, test.start)
            errors[i] += float(np.sum(test.w * (predicted - test.y) ** 2))
        weight += test.decisions
    return [[lam, float(e / weight) if weight else None] for lam, e in zip(lambdas, errors)]


def split_games(games: int, seed: int, folds: int) -> tuple[list, list, dict]:
    """The games (numbered 0 to ``games`` - 1) held out and those trained on, drawn with ``seed``, and
    each training game's cross-validation fold (at most ``folds``): UsageError in one line for fewer
    than 2 folds or :data:`MIN_GAMES` games."""
    if folds < 2:
        raise UsageError(f"--folds {folds}: cross-validation needs at least 2 folds")
    if games < MIN_GAMES:
        raise UsageError(f"the records hold {games} games; learning needs at least {MIN_GAMES} "
                         f"(some held out, the rest cross-validated)")
    order = list(range(games))
    random.Random(seed).shuffle(order)
    held = max(1, round(HELD_OUT * games))
    held_out, train = order[:held], order[held:]
    k = min(folds, len(train))
    return held_out, train, {g: i % k for i, g in enumerate(train)}


def fit(records: Records, names: dict, version: str, game: str, seed: int, target: str = "value",
        lambdas=LAMBDAS, folds: int = 5, regenerate: str = "", form: str = "linear") -> Model:
    """The :class:`Model` of ``game`` fit to ``records`` (:func:`read_records`) per group of ``names``,
    on the games not held out, with its ``metrics`` (per group: the held-out measurements of
    :func:`picks` and the learning curve; a linear group's chosen lambda and cross-validation errors,
    a tree group's number of trees). ``form``: ``linear`` (ridge, :func:`ridge`) or ``trees``
    (automa/studies/learn_trees.py). A group whose model does not :func:`pays` is left out of the
    groups (its metrics stay)."""
    if target not in TARGETS:
        raise UsageError(f"target {target!r} is not one of {', '.join(TARGETS)}")
    if form not in FORMS:
        raise UsageError(f"form {form!r} is not one of {', '.join(FORMS)}")
    held_out, train, fold_of = split_games(records.games, seed, folds)
    groups, metrics = {}, {}
    for group, group_names in names.items():
        table = records.groups[group]
        data = _choices(table.game, table.decision, table.rank, table.round, getattr(table, target), table.x)
        fitted, test = data.of_games(train), data.of_games(held_out)
        if form == "trees":
            def make(part: Choices, group_names=group_names):
                x = learn_trees.inputs(part.x, decision_means(part.x, part.start), part.rank, part.round)
                return learn_trees.fit(x, part.y, group_names, seed)
            about = {"trees": learn_trees.ROUNDS}
        else:
            errors = cross_validate(fitted, fold_of, lambdas, group_names)
            known = [(e, -lam) for lam, e in errors if e is not None]
            lam = -min(known)[1] if known else max(lambdas)

            def make(part: Choices, group_names=group_names, lam=lam):
                return ridge(part, lam, group_names)
            about = {"lambda": lam, "cv_error": errors}
        groups[group] = make(fitted)
        curve = []
        for share in CURVE:
            part = train[:max(1, round(share * len(train)))]
            curve.append({"games": len(part), **picks(test, make(fitted.of_games(part)))})
        metrics[group] = {**about, "train_decisions": fitted.decisions, "held_out": picks(test, groups[group]),
                          "curve": curve}
        if not pays(metrics[group]["held_out"]):
            del groups[group]
    data = {"sources": list(records.sources), "games": records.games, "records": records.records,
            "held_out_games": len(held_out), "folds": len(set(fold_of.values())), "seed": seed}
    return Model(game=game, kind="choices", target=target, features_version=version, groups=groups, data=data,
                 metrics=metrics, regenerate=regenerate)


def pays(held_out: dict) -> bool:
    """Whether a group's model is kept: unless, on the held-out decisions, its regret is no less than the
    policy's (then the player leaves the group's decisions to its policy: the model would only cost)."""
    return held_out["model"] is None or held_out["model"]["regret"] < held_out["policy"]["regret"]


def text(model: Model) -> str:
    """The fit's report for the terminal: per group the held-out agreement and regret of the model and
    of the policy, then the learning curve."""
    d, unit = model.data, model.target
    trees = any("trees" in m for m in model.metrics.values())
    how = "gradient-boosted trees" if trees else f"lambda by {d['folds']}-fold cross-validation"
    lines = [f"{model.game} model on features {model.features_version}, target {unit}: {d['games']} games "
             f"({d['records']} records) from {', '.join(d['sources'])}; {d['held_out_games']} games held out "
             f"(seed {d['seed']}), {how}", "",
             f"{'':<10} {'decisions':^16} {'':>7}  {'agreement':^17}  {'regret (' + unit + ')':^21}",
             f"{'group':<10} {'train':>7} {'held out':>8} {'trees' if trees else 'lambda':>7}  {'model':>8} {'policy':>8}  "
             f"{'model':>10} {'policy':>10}"]
    for group, m in model.metrics.items():
        h = m["held_out"]
        how = f"{m['lambda']:>7g}" if "lambda" in m else f"{m['trees']:>7}"
        row = f"{group:<10} {m['train_decisions']:>7} {h['decisions']:>8} {how}  "
        if h["model"] is None:
            lines.append(row + "no held-out decision")
        else:
            lines.append(row + f"{h['model']['agreement']:>8.3f} {h['policy']['agreement']:>8.3f}  "
                               f"{h['model']['regret']:>10.4f} {h['policy']['regret']:>10.4f}")
        if m["train_decisions"] == 0:
            lines.append(f"{'':<10} no training decision: every score 0, the player follows its policy")
        elif group not in model.groups:
            lines.append(f"{'':<10} left out: no better than the policy held out; the player leaves these to it")
    lines += ["", f"learning curve: held-out regret ({unit}) of the model fit on part of the training games"]
    for group, m in model.metrics.items():
        points = [f"{p['games']} games: " + ("-" if p["model"] is None else f"{p['model']['regret']:.4f}")
                  for p in m["curve"]]
        lines.append(f"{group:<10} " + "   ".join(points))
    return "\n".join(lines)
