"""A tree ensemble of a choice's advantage (``automa-sim learn --form trees``): gradient-boosted
regression trees fit with LightGBM, written as plain :class:`~automa.core.trees.Trees` that the player
walks with numpy (docs/learned.md, "Trees").

The trees split on :func:`~automa.core.trees.tree_inputs`: each feature, each feature less its
decision's mean, the choice's rank by the policy and the round, so that they can learn where the
policy's score misjudges a choice *in its company*, which a linear model of the same features could
not (it lost to ``master``). The settings are fixed (:data:`SETTINGS`), one thread, bagging drawn from
the fit's ``seed``: the same records and seed give the same trees.
"""
from __future__ import annotations

import numpy as np

from automa.core.errors import UsageError
from automa.core.trees import Trees

SETTINGS = {"objective": "regression", "learning_rate": 0.1, "num_leaves": 15, "min_data_in_leaf": 50,
            "bagging_fraction": 0.8, "bagging_freq": 1, "deterministic": True, "force_row_wise": True,
            "num_threads": 1, "verbosity": -1}
ROUNDS = 100            # trees per group


def inputs(x: np.ndarray, means: np.ndarray, rank: np.ndarray, round_: np.ndarray) -> np.ndarray:
    """The rows of :func:`~automa.core.trees.tree_inputs`: features ``x``, less their decision's
    ``means``, the policy ``rank`` and the ``round``, a row per choice."""
    return np.hstack([x, x - means, rank[:, None].astype(float), round_[:, None].astype(float)])


def fit(x: np.ndarray, y: np.ndarray, names, seed: int) -> Trees:
    """The trees of the advantages ``y`` on the input rows ``x`` (:func:`inputs`), for features ``names``."""
    if len(y) == 0:
        return Trees(names, [])
    try:
        import lightgbm
    except ImportError:
        raise UsageError("--form trees needs LightGBM: pip install lightgbm") from None
    params = SETTINGS | {"seed": seed}
    booster = lightgbm.train(params, lightgbm.Dataset(x, label=y, params={"verbosity": -1}), num_boost_round=ROUNDS)
    return Trees(names, [plain(t["tree_structure"]) for t in booster.dump_model()["tree_info"]])


def plain(root: dict) -> dict:
    """One LightGBM tree (its dump's ``tree_structure``) as a :class:`Trees` tree: nodes numbered in
    preorder, leaves in the order met, a leaf child ``c`` written ``-1 - c``."""
    tree = {"feature": [], "threshold": [], "left": [], "right": [], "leaf": []}

    def walk(node) -> int:
        if "leaf_value" in node:
            tree["leaf"].append(float(node["leaf_value"]))
            return -len(tree["leaf"])
        if node["decision_type"] != "<=":
            raise UsageError(f"LightGBM wrote a split of type {node['decision_type']!r}; only '<=' is read")
        j = len(tree["feature"])
        tree["feature"].append(int(node["split_feature"]))
        tree["threshold"].append(float(node["threshold"]))
        tree["left"].append(0)
        tree["right"].append(0)
        tree["left"][j] = walk(node["left_child"])
        tree["right"][j] = walk(node["right_child"])
        return j

    walk(root)
    return tree
