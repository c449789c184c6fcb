"""automa/core/model.py: a linear scorer's scores, the model file's stable text, and every one-line
error of loading it."""
from __future__ import annotations

import json

import numpy as np
import pytest

from automa.core.errors import UsageError
from automa.core.model import Linear, Model, dumps, load, write

NAMES = {"place": ["a", "b", "c"], "spend": ["d"]}


def model(**change) -> Model:
    fields = dict(game="tiny", kind="choices", target="value", features_version="tiny-1",
                  groups={"place": Linear(NAMES["place"], [1.0, -0.5, 0.25], [1.0, 2.0, 3.0], [2.0, 1.0, 0.5]),
                          "spend": Linear(NAMES["spend"], [0.1], [0.0], [1.0])},
                  data={"sources": ["results/label"], "games": 10, "records": 300},
                  metrics={"place": {"lambda": 0.01}, "spend": {"lambda": 0.1}},
                  regenerate="automa-sim learn tiny results/label --out m.json --seed 1")
    return Model(**{**fields, **change})


def test_scores_standardise_then_weigh():
    linear = model().groups["place"]
    rows = [[1.0, 2.0, 3.0], [3.0, 1.0, 3.5], [0.0, 0.0, 0.0]]
    expected = ((np.array(rows) - [1, 2, 3]) / [2, 1, 0.5]) @ [1.0, -0.5, 0.25]
    assert linear.scores(rows) == pytest.approx(expected.tolist(), abs=1e-12)
    assert linear.scores([]) == []
    shifted = Linear(NAMES["place"], [1.0, -0.5, 0.25], [1.0, 2.0, 3.0], [2.0, 1.0, 0.5], intercept=2.5, spread=3.0)
    assert shifted.scores(rows) == pytest.approx((expected + 2.5).tolist(), abs=1e-12)
    with pytest.raises(ValueError, match="a feature row of 2 numbers for a model of 3 features"):
        linear.scores([[1.0, 2.0]])


def test_the_file_loads_back_as_written_and_is_stable(tmp_path):
    path = tmp_path / "m.json"
    write(model(), path)
    loaded = load(path, "tiny", "tiny-1", NAMES)
    assert loaded == model()
    assert dumps(loaded) == path.read_text()
    text = dumps(model(groups={**model().groups, "spend": Linear(["d"], [1 / 3], [0.0], [1.0])}))
    assert '"weights": [\n    0.333333333\n   ]' in text  # 9 significant digits
    assert list(json.loads(text)) == sorted(json.loads(text))


def file(tmp_path, change) -> str:
    data = json.loads(dumps(model()))
    change(data)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("metrics"), "missing field 'metrics'"),
    (lambda d: d.update(extra=1), "unknown field 'extra' (allowed: data, features_version, game, groups, "),
    (lambda d: d.update(game="other"), "a model of 'other', not of 'tiny'"),
    (lambda d: d.update(game=3), "game: not a string"),
    (lambda d: d.update(data=[]), "data: not an object"),
    (lambda d: d.update(target="win"), "target: 'win' is not one of value, margin"),
    (lambda d: d.update(features_version="tiny-0"),
     "was trained on features 'tiny-0', this player computes 'tiny-1'; retrain with: automa-sim learn tiny "
     "results/label --out m.json --seed 1"),
    (lambda d: d["groups"].update(convert=d["groups"]["spend"]), "groups: unknown group 'convert'"),
    (lambda d: d["groups"]["place"].pop("scale"), "groups: place: missing field 'scale'"),
    (lambda d: d["groups"]["place"].update(bias=0), "groups: place: unknown field 'bias'"),
    (lambda d: d["groups"].update(place=[]), "groups: place: not an object"),
    (lambda d: d["groups"]["place"].update(names=["a", "x", "c"]),
     "names: the file's features differ from this player's (3 vs 3; at position 1: 'x' where the player has 'b')"),
    (lambda d: d["groups"]["place"].update(names=["a", "b"]), "(2 vs 3; at position 2: nothing where the player"),
    (lambda d: d["groups"]["place"].update(names="abc"), "names: not a list of strings"),
    (lambda d: d["groups"]["place"].update(weights=[1.0, 2.0]), "weights: not a list of 3 numbers, one per feature"),
    (lambda d: d["groups"]["place"].update(mean=[1.0, "2", 3.0]), "mean[1]: '2' is not a finite number"),
    (lambda d: d["groups"]["place"].update(weights=[1.0, True, 3.0]), "weights[1]: True is not a finite number"),
    (lambda d: d["groups"]["place"].update(weights=[1.0, float("nan"), 3.0]), "weights[1]: nan is not a finite"),
    (lambda d: d["groups"]["place"].update(scale=[1.0, 0.0, 3.0]), "scale[1]: 0.0 is not positive"),
    (lambda d: d["metrics"]["place"].update(regret=float("inf")), "metrics.place.regret: inf is not a finite"),
    (lambda d: d.update(kind="position"), "a model of 'position', not of 'choices' (docs/learned.md)"),
    (lambda d: d["groups"]["place"].pop("spread"), "groups: place: missing field 'spread'"),
    (lambda d: d["groups"]["place"].update(spread=-1.0), "spread: -1.0 is not a finite non-negative number"),
    (lambda d: d["groups"]["place"].update(intercept="0"), "intercept: '0' is not a finite number"),
])
def test_every_bad_file_is_a_one_line_error(tmp_path, change, message):
    path = file(tmp_path, change)
    with pytest.raises(UsageError) as e:
        load(path, "tiny", "tiny-1", NAMES)
    assert message in str(e.value) and str(e.value).startswith(str(path)) and "\n" not in str(e.value)


def test_a_choice_model_may_leave_a_group_to_the_policy(tmp_path):
    """``learn`` leaves out a group whose model is no better than the policy held out (docs/learned.md):
    the file loads without it, and the ``learned`` player plays its decisions as ``master``."""
    loaded = load(file(tmp_path, lambda d: d["groups"].pop("spend")), "tiny", "tiny-1", NAMES)
    assert list(loaded.groups) == ["place"]
    with pytest.raises(UsageError, match="groups: missing group 'spend'"):   # a position value needs each round
        load(file(tmp_path, lambda d: (d["groups"].pop("spend"), d.update(kind="position"))), "tiny", "tiny-1",
             NAMES, kind="position")


def test_a_big_number_written_as_1e999_is_not_finite(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(dumps(model()).replace("0.25", "1e999"))
    with pytest.raises(UsageError, match=r"weights\[2\]: inf is not a finite number"):
        load(path, "tiny", "tiny-1", NAMES)


@pytest.mark.parametrize("text, message", [
    (None, "cannot read the model file: No such file or directory"),
    ("{", "not a model file: bad JSON: Expecting property name"),
    ("[1, 2]", "not a model file: a JSON object of data, features_version"),
    (b"\xff\xfe", "cannot read the model file"),
])
def test_an_unreadable_file_is_a_one_line_error(tmp_path, text, message):
    path = tmp_path / "m.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    elif text is not None:
        path.write_text(text)
    with pytest.raises(UsageError, match=message) as e:
        load(path, "tiny", "tiny-1", NAMES)
    assert "\n" not in str(e.value)


def test_an_unwritable_path_is_a_one_line_error(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(UsageError, match="cannot write"):
        write(model(), tmp_path / "file" / "m.json")
