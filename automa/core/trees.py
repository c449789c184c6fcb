"""A tree ensemble's scorer for a learned evaluation (automa/core/model.py; docs/learned.md, "Trees"):
regression trees over a decision's choices, walked with numpy."""
from __future__ import annotations

import numpy as np


def tree_inputs(names) -> list[str]:
    """What a :class:`Trees` group's trees split on, for features ``names``: each feature, each feature
    less its mean over the choices compared (``name-mean``), the choice's rank by the policy and the
    decision's round."""
    return [*names, *(f"{n}-mean" for n in names), "rank", "round"]


class Trees:
    """A sum of regression trees over :func:`tree_inputs` of the features ``names``, for comparing the
    choices of one decision (the rows handed to :meth:`scores` are those choices, best first by the
    policy).

    ``trees`` is a list of trees, each ``{"feature", "threshold", "left", "right", "leaf"}``: node ``j``
    (0 is the root) sends a row left when its input ``feature[j]`` is at most ``threshold[j]``, else
    right; a child ``c`` of 0 or more is a node, a negative one the leaf ``-1 - c``, worth ``leaf``. A
    tree without a node is its one leaf.

    Scoring tests every node of every tree at once and finds each tree's leaf from the nodes whose test
    fails (QuickScorer: a bit per leaf, left to right; a failed test clears the leaves of its left
    side; the leaf reached is the first bit left), in a few numpy steps whatever the trees' depth. Every
    sum runs over one axis in a fixed order (a row's leaves tree by tree, a feature's mean row by row),
    so a score is the same on every machine."""

    def __init__(self, names, trees):
        self.names, self.trees = list(names), [dict(t) for t in trees]
        feature, threshold, masks, starts, leaves, alone = [], [], [], [], [], []
        for t in self.trees:
            if not t["feature"]:
                alone.append(float(t["leaf"][0]))
                continue
            order = _leaf_order(t)      # leaf number -> its place left to right
            starts.append(len(feature))
            feature += t["feature"]
            threshold += t["threshold"]
            masks += [ALL ^ _bits(t, t["left"][j], order) for j in range(len(t["feature"]))]
            row = [0.0] * LEAVES
            for i, v in enumerate(t["leaf"]):
                row[order[i]] = float(v)
            leaves.append(row)
        self._feature = np.array(feature, dtype=np.int64)
        self._threshold = np.array(threshold, dtype=float)[:, None]
        self._masks = np.array(masks, dtype=np.uint64)[:, None]
        self._starts = np.array(starts, dtype=np.int64)
        self._leaves = np.array(leaves, dtype=float).ravel()
        self._offsets = (np.arange(len(starts), dtype=np.int64) * LEAVES)[:, None]
        self._alone_sum = sum(alone)

    def scores(self, rows, round=0) -> list[float]:
        """The score of each of ``rows`` (the feature rows of the choices compared, best first by the
        policy: a row's rank is its place) in round ``round``."""
        k, n = len(self.names), len(rows)
        if n == 0:
            return []
        x = np.array(rows, dtype=float)
        if x.ndim != 2 or x.shape[1] != k:
            raise ValueError(f"a feature row of {len(rows[0])} numbers for a model of {k} features")
        inputs = np.empty((n, 2 * k + 2))
        inputs[:, :k] = x
        inputs[:, k:2 * k] = x - x.sum(axis=0) / n
        inputs[:, 2 * k] = np.arange(n)
        inputs[:, 2 * k + 1] = round
        return self.predict(inputs)

    def predict(self, inputs: np.ndarray) -> list[float]:
        """The score of each row of ``inputs``, a row of :func:`tree_inputs` per choice."""
        n = len(inputs)
        if n == 0:
            return []
        if not len(self._starts):
            return [self._alone_sum] * n
        passed = np.ascontiguousarray(inputs.T)[self._feature] <= self._threshold     # a row per node
        left = np.bitwise_and.reduceat(np.where(passed, ALL, self._masks), self._starts, axis=0)
        first = np.frexp((left & (~left + np.uint64(1))).astype(float))[1] - 1   # the lowest bit left
        return (self._leaves[self._offsets + first].sum(axis=0) + self._alone_sum).tolist()

    def __eq__(self, other):
        return isinstance(other, Trees) and self.as_dict() == other.as_dict()

    def as_dict(self) -> dict:
        return {"names": self.names, "trees": self.trees}


LEAVES = 64                     # at most this many leaves a tree: a bit each
ALL = np.uint64(2 ** 64 - 1)


def _leaf_order(tree: dict) -> list[int]:
    """Each leaf's place from left to right in ``tree``."""
    order = [0] * len(tree["leaf"])
    places = iter(range(len(order)))

    def walk(c):
        if c < 0:
            order[-1 - c] = next(places)
        else:
            walk(tree["left"][c])
            walk(tree["right"][c])
    walk(0)
    return order


def _bits(tree: dict, c: int, order: list) -> np.uint64:
    """The bits of the leaves under the child ``c`` of ``tree``."""
    if c < 0:
        return np.uint64(1 << order[-1 - c])
    return _bits(tree, tree["left"][c], order) | _bits(tree, tree["right"][c], order)
