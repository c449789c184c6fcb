"""A learned evaluation's model file: a scorer per group of decisions, read and checked at play time,
written by ``automa-sim learn`` (automa/studies/learn.py; docs/learned.md).

The file is JSON with exactly the fields of :class:`Model`. A group is either linear (:class:`Linear`:
its feature ``names``, equally long lists ``weights``, ``mean`` and ``scale``, an ``intercept`` and a
``spread``) or a tree ensemble (:class:`~automa.core.trees.Trees`: its ``names`` and ``trees``). A model of ``kind``
``choices`` compares the choices of a decision (a linear group's intercept and spread are 0); one of
kind ``position`` predicts a game's final margin from a position, per round, with the spread of the
margin around that prediction (docs/learned.md, "Position value"), and is linear. :func:`load` checks every field against what the
player computes (the game, its features' version and names) and refuses anything else in one line,
naming the retraining command when the features changed. :func:`dumps` writes sorted keys and numbers
rounded to 9 significant digits, so a retraining with the same seed gives the same bytes.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from operator import mul
from pathlib import Path

from automa.core.errors import UsageError

DIGITS = 9  # significant digits of the numbers written


class Linear:
    """A linear scorer: ``score(row) = intercept + sum(weights * (row - mean) / scale)`` over the
    features ``names``; ``spread`` is the standard deviation of the target around the score in the
    training data (a position model's; 0 for a model that compares choices).

    :meth:`scores` is plain Python (a row is a few dozen numbers: it is as fast as numpy at 8 rows and
    exactly the same on every machine)."""

    def __init__(self, names, weights, mean, scale, intercept=0.0, spread=0.0):
        self.names = list(names)
        self.weights = [float(w) for w in weights]
        self.mean = [float(m) for m in mean]
        self.scale = [float(s) for s in scale]
        self.intercept, self.spread = float(intercept), float(spread)
        self._coef = [w / s for w, s in zip(self.weights, self.scale)]
        self._bias = self.intercept - sum(map(mul, self.mean, self._coef))

    def scores(self, rows, round=0) -> list[float]:
        """The score of each feature row (a list of ``len(names)`` numbers) of ``rows`` (``round`` is
        not used: a linear score is the same in every round)."""
        coef, bias, n = self._coef, self._bias, len(self._coef)
        out = []
        for row in rows:
            if len(row) != n:
                raise ValueError(f"a feature row of {len(row)} numbers for a model of {n} features")
            out.append(sum(map(mul, row, coef)) + bias)
        return out

    def __eq__(self, other):
        return isinstance(other, Linear) and self.as_dict() == other.as_dict()

    def as_dict(self) -> dict:
        return {"names": self.names, "weights": self.weights, "mean": self.mean, "scale": self.scale,
                "intercept": self.intercept, "spread": self.spread}


@dataclass(frozen=True)
class Model:
    """A learned evaluation of ``game`` of ``kind`` ``choices`` (a :class:`Linear` per group of decisions,
    fit to the search's ``target``, ``value`` or ``margin``) or ``position`` (a :class:`Linear` per round,
    fit to the game's final ``margin``), on features of version ``features_version``; ``data`` sums up the
    training records (``sources``, ``games``, ``records``, ...), ``metrics`` the held-out measurements,
    ``regenerate`` is the command that rebuilds the file."""

    game: str
    kind: str
    target: str
    features_version: str
    groups: dict
    data: dict
    metrics: dict
    regenerate: str


FIELDS = ("data", "features_version", "game", "groups", "kind", "metrics", "regenerate", "target")
GROUP_FIELDS = ("intercept", "mean", "names", "scale", "spread", "weights")
TREES_FIELDS = ("names", "trees")
TREE_FIELDS = ("feature", "leaf", "left", "right", "threshold")
TARGETS = ("value", "margin")


def rounded(value):
    """``value`` with every float rounded to :data:`DIGITS` significant digits (dicts and lists walked)."""
    if isinstance(value, float):
        return float(f"{value:.{DIGITS}g}")
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(v) for v in value]
    return value


def dumps(model: Model) -> str:
    """The text of ``model``'s file: JSON, sorted keys, floats to :data:`DIGITS` significant digits."""
    data = {"data": model.data, "features_version": model.features_version, "game": model.game,
            "groups": {g: linear.as_dict() for g, linear in model.groups.items()}, "kind": model.kind,
            "metrics": model.metrics, "regenerate": model.regenerate, "target": model.target}
    return json.dumps(rounded(data), sort_keys=True, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def write(model: Model, path) -> None:
    """Write ``model`` to ``path`` (:func:`dumps`), replacing the file only once it is whole."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(dumps(model), encoding="utf-8")
        tmp.replace(path)
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror or e}") from None


def load(path, game: str, version: str, names: dict, kind: str = "choices") -> Model:
    """The model of ``kind`` in the file ``path`` for a player of ``game`` whose features are of
    ``version`` and named ``names`` (group -> list of names; a position value needs every group, a
    choice model may leave groups out), checked: UsageError in one line."""
    where = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise UsageError(f"{where}: cannot read the model file: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise UsageError(f"{where}: cannot read the model file: {e}") from None
    except ValueError as e:
        raise UsageError(f"{where}: not a model file: bad JSON: {e}") from None
    if not isinstance(data, dict):
        raise UsageError(f"{where}: not a model file: a JSON object of {', '.join(FIELDS)} expected")
    _fields(where, data, FIELDS)
    for key in ("game", "kind", "target", "features_version", "regenerate"):
        if not isinstance(data[key], str):
            raise UsageError(f"{where}: {key}: not a string")
    for key in ("groups", "data", "metrics"):
        if not isinstance(data[key], dict):
            raise UsageError(f"{where}: {key}: not an object")
    if data["game"] != game:
        raise UsageError(f"{where}: a model of {data['game']!r}, not of {game!r}")
    if data["kind"] != kind:
        raise UsageError(f"{where}: a model of {data['kind']!r}, not of {kind!r} (docs/learned.md)")
    if data["target"] not in TARGETS:
        raise UsageError(f"{where}: target: {data['target']!r} is not one of {', '.join(TARGETS)}")
    if data["features_version"] != version:
        raise UsageError(f"{where}: was trained on features {data['features_version']!r}, this player "
                         f"computes {version!r}; retrain with: {data['regenerate'] or 'automa-sim learn'}")
    _finite(where, data["data"], "data")
    _finite(where, data["metrics"], "metrics")
    for group in data["groups"]:
        if group not in names:
            raise UsageError(f"{where}: groups: unknown group {group!r} (this player's: {', '.join(names)})")
    groups = {}
    for group, expected in names.items():
        if group not in data["groups"]:
            if data["kind"] == "choices":
                continue        # left out by learn: the player's policy plays these decisions
            raise UsageError(f"{where}: groups: missing group {group!r}")
        entry, at = data["groups"][group], f"{where}: groups: {group}"
        trees = isinstance(entry, dict) and "trees" in entry
        if trees and data["kind"] == "position":
            raise UsageError(f"{at}: a position value is linear (weights, mean, scale), not trees")
        groups[group] = _trees(at, entry, list(expected)) if trees else _linear(at, entry, list(expected))
    return Model(game=data["game"], kind=data["kind"], target=data["target"], features_version=data["features_version"],
                 groups=groups, data=data["data"], metrics=data["metrics"], regenerate=data["regenerate"])


def _fields(where: str, data: dict, fields: tuple) -> None:
    for key in data:
        if key not in fields:
            raise UsageError(f"{where}: unknown field {key!r} (allowed: {', '.join(fields)})")
    for key in fields:
        if key not in data:
            raise UsageError(f"{where}: missing field {key!r}")


def _finite(where: str, value, key: str) -> None:
    """Every number under ``value`` is finite (JSON's NaN, Infinity and 1e999 are not)."""
    if isinstance(value, dict):
        for k, v in value.items():
            _finite(where, v, f"{key}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _finite(where, v, f"{key}[{i}]")
    elif isinstance(value, float) and not math.isfinite(value):
        raise UsageError(f"{where}: {key}: {value!r} is not a finite number")


def _names(where: str, group, fields: tuple, expected: list) -> list:
    """The ``names`` of one group's entry (an object of ``fields``), which must be ``expected``."""
    if not isinstance(group, dict):
        raise UsageError(f"{where}: not an object")
    _fields(where, group, fields)
    names = group["names"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise UsageError(f"{where}: names: not a list of strings")
    if names != expected:
        at = next((i for i, (a, b) in enumerate(zip(names, expected)) if a != b), min(len(names), len(expected)))
        got = repr(names[at]) if at < len(names) else "nothing"
        want = repr(expected[at]) if at < len(expected) else "nothing"
        raise UsageError(f"{where}: names: the file's features differ from this player's ({len(names)} vs "
                         f"{len(expected)}; at position {at}: {got} where the player has {want})")
    return names


def _number(v) -> bool:
    return not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v)


def _trees(where: str, group, expected: list):
    """The :class:`~automa.core.trees.Trees` of one group's entry, whose names must be ``expected``:
    every tree a whole binary tree (each node but the root and each leaf reached once, children after
    their node) that splits on inputs that exist. Only a tree model loads numpy (a plain run does not)."""
    from automa.core.trees import LEAVES, Trees, tree_inputs
    names = _names(where, group, TREES_FIELDS, expected)
    trees = group["trees"]
    if not isinstance(trees, list):
        raise UsageError(f"{where}: trees: not a list")
    inputs = len(tree_inputs(names))
    for k, tree in enumerate(trees):
        at = f"{where}: trees[{k}]"
        if not isinstance(tree, dict):
            raise UsageError(f"{at}: not an object")
        _fields(at, tree, TREE_FIELDS)
        for key in TREE_FIELDS:
            if not isinstance(tree[key], list):
                raise UsageError(f"{at}: {key}: not a list")
        m = len(tree["feature"])
        for key in ("threshold", "left", "right"):
            if len(tree[key]) != m:
                raise UsageError(f"{at}: {key}: {len(tree[key])} entries, not one per node ({m})")
        if len(tree["leaf"]) != m + 1:
            raise UsageError(f"{at}: leaf: {len(tree['leaf'])} entries, not one more than the nodes ({m + 1})")
        if m + 1 > LEAVES:
            raise UsageError(f"{at}: {m + 1} leaves; a tree may have at most {LEAVES}")
        for key in ("threshold", "leaf"):
            for i, v in enumerate(tree[key]):
                if not _number(v):
                    raise UsageError(f"{at}: {key}[{i}]: {v!r} is not a finite number")
        reached = [0] * (2 * m + 1)     # nodes, then leaves
        for j in range(m):
            f = tree["feature"][j]
            if isinstance(f, bool) or not isinstance(f, int) or not 0 <= f < inputs:
                raise UsageError(f"{at}: feature[{j}]: {f!r} is not an input (0 to {inputs - 1})")
            for key in ("left", "right"):
                c = tree[key][j]
                if isinstance(c, bool) or not isinstance(c, int) or not (j < c < m or -m - 1 <= c < 0):
                    raise UsageError(f"{at}: {key}[{j}]: {c!r} is neither a later node nor a leaf")
                reached[c if c >= 0 else m - 1 - c] += 1
        if m and reached[1:] != [1] * (2 * m):
            raise UsageError(f"{at}: not a tree: every node but the root and every leaf must be reached once")
    return Trees(names, trees)


def _linear(where: str, group, expected: list) -> Linear:
    """The :class:`Linear` of one group's entry, whose names must be ``expected``."""
    names = _names(where, group, GROUP_FIELDS, expected)
    for key in ("weights", "mean", "scale"):
        values = group[key]
        if not isinstance(values, list) or len(values) != len(names):
            raise UsageError(f"{where}: {key}: not a list of {len(names)} numbers, one per feature")
        for i, v in enumerate(values):
            if not _number(v):
                raise UsageError(f"{where}: {key}[{i}]: {v!r} is not a finite number")
            if key == "scale" and v <= 0:
                raise UsageError(f"{where}: scale[{i}]: {v!r} is not positive")
    for key in ("intercept", "spread"):
        v = group[key]
        if not _number(v) or (key == "spread" and v < 0):
            raise UsageError(f"{where}: {key}: {v!r} is not a finite{' non-negative' if key == 'spread' else ''} number")
    return Linear(names, group["weights"], group["mean"], group["scale"], group["intercept"], group["spread"])
