"""automa/studies/learn_trees.py and automa/core/trees.py: the trees score exactly as
LightGBM predicts, learn what a linear model of the same features cannot, give the same bytes for the
same seed, read rank and round as the player gives them, and every bad tree in a file is a one-line
error."""
from __future__ import annotations

import json
import random

import lightgbm
import numpy as np
import pytest

from automa.core import model as model_file
from automa.core.errors import UsageError
from automa.core.model import Model, dumps, load, write
from automa.core.trees import Trees, tree_inputs
from automa.studies import learn, learn_trees
from tests.core.test_learn import record, write_records

NAMES = {"place": ["a", "b", "c"], "spend": ["d", "e"]}


def test_the_trees_score_as_lightgbm_predicts():
    """A booster's dump read as plain trees scores every row as LightGBM does, to the last bits of a sum."""
    rng = np.random.default_rng(0)
    x = rng.normal(size=(4000, 8))
    x[:, 2] = rng.integers(0, 4, 4000)
    y = 2 * x[:, 0] + np.sin(3 * x[:, 1]) + (x[:, 2] == 1) + 0.1 * rng.normal(size=4000)
    booster = lightgbm.train(learn_trees.SETTINGS | {"seed": 1}, lightgbm.Dataset(x, label=y), num_boost_round=60)
    trees = Trees(["a", "b", "c"], [learn_trees.plain(t["tree_structure"]) for t in booster.dump_model()["tree_info"]])
    assert np.abs(np.array(trees.predict(x)) - booster.predict(x)).max() < 1e-12
    assert max(len(t["leaf"]) for t in trees.trees) == learn_trees.SETTINGS["num_leaves"]


def hand_made() -> Trees:
    """Two trees on the inputs of features a, b: the first splits on the rank, then on a less its
    decision's mean; the second on the round; a third is one leaf."""
    inputs = tree_inputs(["a", "b"])
    rank, round_, a_less_mean = inputs.index("rank"), inputs.index("round"), inputs.index("a-mean")
    return Trees(["a", "b"], [
        {"feature": [rank, a_less_mean], "threshold": [0.5, 0.0], "left": [-1, -2], "right": [1, -3],
         "leaf": [10.0, 1.0, 2.0]},
        {"feature": [round_], "threshold": [2.5], "left": [-1], "right": [-2], "leaf": [0.0, 100.0]},
        {"feature": [], "threshold": [], "left": [], "right": [], "leaf": [0.5]}])


def test_a_row_is_ranked_by_its_place_and_centred_on_its_decision():
    """The player hands the choices best first: the first row's rank is 0, the others' 1, 2; a is
    compared with its mean over the rows; the round is the decision's."""
    trees = hand_made()
    rows = [[5.0, 0.0], [1.0, 0.0], [9.0, 0.0]]          # mean of a: 5
    assert trees.scores(rows, round=1) == [10.5, 1.5, 2.5]
    assert trees.scores(rows, round=3) == [110.5, 101.5, 102.5]
    assert trees.scores([], round=1) == []
    with pytest.raises(ValueError, match="a feature row of 1 numbers for a model of 2 features"):
        trees.scores([[1.0]])


def nonlinear(games: int, seed: int) -> list:
    """Records whose advantage is a's value only where b is positive: an interaction a linear model
    of a and b cannot weigh."""
    rng = random.Random(seed)
    rows = []
    for game in range(games):
        for decision in range(1, 9):
            group = "place" if decision % 2 else "spend"
            for rank in range(4):
                x = [rng.gauss(0, 1) for _ in NAMES[group]]
                value = (x[0] if x[1] > 0 else -x[0]) + rng.gauss(0, 0.05)
                rows.append(record(game, decision, group, rank, round(value, 6), x))
    return rows


def test_trees_learn_an_interaction_that_a_linear_model_cannot(tmp_path):
    records = learn.read_records([write_records(tmp_path / "a", nonlinear(120, 1))], NAMES)
    trees = learn.fit(records, NAMES, "tiny-1", "tiny", seed=2, form="trees")
    linear = learn.fit(records, NAMES, "tiny-1", "tiny", seed=2, form="linear")
    for group in NAMES:
        t, l = trees.metrics[group]["held_out"]["model"], linear.metrics[group]["held_out"]["model"]
        assert t["agreement"] > 0.75 and t["agreement"] > l["agreement"] + 0.3, group
        assert t["regret"] < l["regret"] / 3
        assert trees.metrics[group]["trees"] == learn_trees.ROUNDS
    assert isinstance(trees.groups["place"], Trees) and "lambda" not in trees.metrics["place"]


def test_the_same_seed_gives_the_same_bytes_and_the_file_loads_back(tmp_path):
    records = learn.read_records([write_records(tmp_path / "a", nonlinear(40, 3))], NAMES)
    first = learn.fit(records, NAMES, "tiny-1", "tiny", seed=5, form="trees")
    assert dumps(first) == dumps(learn.fit(records, NAMES, "tiny-1", "tiny", seed=5, form="trees"))
    assert dumps(first) != dumps(learn.fit(records, NAMES, "tiny-1", "tiny", seed=6, form="trees"))
    write(first, tmp_path / "m.json")
    loaded = load(tmp_path / "m.json", "tiny", "tiny-1", NAMES)
    rows = [[0.5, 1.0], [-1.0, 2.0], [0.2, -0.3]]
    assert loaded.groups["place"].names == NAMES["place"]
    assert loaded.groups["spend"].scores(rows, 1) == pytest.approx(first.groups["spend"].scores(rows, 1), abs=1e-6)


def test_an_unknown_form_is_refused(tmp_path):
    records = learn.read_records([write_records(tmp_path / "a", nonlinear(10, 3))], NAMES)
    with pytest.raises(UsageError, match="form 'forest' is not one of trees, linear"):
        learn.fit(records, NAMES, "tiny-1", "tiny", seed=1, form="forest")


def tree_file(tmp_path, change, kind="choices"):
    model = Model("tiny", kind, "value", "tiny-1", {"g": hand_made()}, {}, {}, "automa-sim learn tiny x")
    data = json.loads(dumps(model))
    change(data["groups"]["g"]["trees"])
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    return path


def first(change):
    return lambda trees: change(trees[0])


@pytest.mark.parametrize("change, message", [
    (lambda t: None, None),
    (first(lambda t: t.pop("leaf")), "trees[0]: missing field 'leaf'"),
    (first(lambda t: t.update(gain=[])), "trees[0]: unknown field 'gain'"),
    (first(lambda t: t.update(left=5)), "trees[0]: left: not a list"),
    (first(lambda t: t.update(threshold=[0.5])), "trees[0]: threshold: 1 entries, not one per node (2)"),
    (first(lambda t: t.update(leaf=[1.0, 2.0])), "trees[0]: leaf: 2 entries, not one more than the nodes (3)"),
    (first(lambda t: t.update(leaf=[1.0, "2", 3.0])), "trees[0]: leaf[1]: '2' is not a finite number"),
    (first(lambda t: t.update(threshold=[float("nan"), 0.0])), "trees[0]: threshold[0]: nan is not a finite"),
    (first(lambda t: t.update(feature=[6, 0])), "trees[0]: feature[0]: 6 is not an input (0 to 5)"),
    (first(lambda t: t.update(feature=[True, 0])), "trees[0]: feature[0]: True is not an input"),
    (first(lambda t: t.update(right=[0, -3])), "trees[0]: right[0]: 0 is neither a later node nor a leaf"),
    (first(lambda t: t.update(right=[1, -4])), "trees[0]: right[1]: -4 is neither a later node nor a leaf"),
    (first(lambda t: t.update(left=[-1, -1])), "trees[0]: not a tree: every node but the root and every leaf"),
    (lambda trees: trees.append([]), "trees[3]: not an object"),
    (lambda trees: trees.append({"feature": list(range(64)), "threshold": [0.0] * 64, "left": list(range(1, 64)) + [-1],
                                 "right": [-k - 2 for k in range(64)], "leaf": [0.0] * 65}),
     "trees[3]: 65 leaves; a tree may have at most 64"),
])
def test_every_bad_tree_is_a_one_line_error(tmp_path, change, message):
    path = tree_file(tmp_path, change)
    if message is None:
        assert load(path, "tiny", "tiny-1", {"g": ["a", "b"]}).groups["g"] == hand_made()
        return
    with pytest.raises(UsageError) as e:
        load(path, "tiny", "tiny-1", {"g": ["a", "b"]})
    assert message in str(e.value) and str(e.value).startswith(f"{path}: groups: g: ") and "\n" not in str(e.value)


def test_a_position_value_of_trees_is_refused(tmp_path):
    path = tree_file(tmp_path, lambda t: None, kind="position")
    with pytest.raises(UsageError, match="a position value is linear"):
        load(path, "tiny", "tiny-1", {"g": ["a", "b"]}, kind="position")
