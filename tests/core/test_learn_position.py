"""automa/studies/learn_position.py: position records read and checked, a known linear truth and its
spread recovered, the same bytes for the same seed, and the value that a predicted margin gives
(strategies/search.py ``expected_value``) checked against sampling."""
from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from automa.core import model as model_file
from automa.core.errors import UsageError
from automa.core.results import Result
from automa.studies import learn_position
from strategies.search import expected_value, value
from tests.core.test_learn import write_records

NAMES = {"round_1": ["a", "b"], "round_2": ["a", "b"]}
TRUTH = {"round_1": (1.0, [2.0, -1.0], 3.0), "round_2": (-2.0, [0.5, 4.0], 1.0)}  # intercept, weights, noise


def write(folder: Path, rows, header=learn_position.COLUMNS) -> Path:
    return write_records(folder, rows, header)


def synthetic(games: int, seed: int) -> list:
    """Two positions per game whose margins follow :data:`TRUTH` (each its own draw of noise)."""
    rng = random.Random(seed)
    rows = []
    for game in range(games):
        for r, group in enumerate(NAMES, start=1):
            intercept, weights, noise = TRUTH[group]
            x = [rng.gauss(2, 1.5), rng.gauss(-1, 0.5)]
            margin = intercept + sum(w * v for w, v in zip(weights, x)) + rng.gauss(0, noise)
            rows.append([game, r, group, round(margin, 6), 0.0, 0.5, ";".join(repr(v) for v in x)])
    return rows


def test_a_linear_truth_and_its_spread_are_recovered(tmp_path):
    runs = [write(tmp_path / "a", synthetic(3000, 1)), write(tmp_path / "b", synthetic(1000, 2))]
    model = learn_position.fit(runs, NAMES, "v1", "tiny", 7, expected_value, lambdas=(1e-6,))
    assert model.kind == "position" and model.target == "margin" and model.data["games"] == 4000
    for group, (intercept, weights, noise) in TRUTH.items():
        linear = model.groups[group]
        coef = [w / s for w, s in zip(linear.weights, linear.scale)]
        assert coef == pytest.approx(weights, abs=0.1)
        assert linear.scores([[0.0, 0.0]])[0] == pytest.approx(intercept, abs=0.2)
        assert linear.spread == pytest.approx(noise, rel=0.05)
        held = model.metrics[group]["held_out"]
        assert held["positions"] == 800 and 0 < held["margin_r2"] < 1
    assert "round_2" in learn_position.text(model)


def test_the_same_seed_writes_the_same_bytes(tmp_path):
    runs = [write(tmp_path / "a", synthetic(50, 1))]
    first, second = (model_file.dumps(learn_position.fit(runs, NAMES, "v1", "tiny", 3, expected_value)) for _ in range(2))
    assert first == second
    assert first != model_file.dumps(learn_position.fit(runs, NAMES, "v1", "tiny", 4, expected_value))


@pytest.mark.parametrize("change, message", [
    (lambda rows: rows[0].__setitem__(2, "round_9"), "group 'round_9' is not one of the position value's"),
    (lambda rows: rows[0].__setitem__(6, "1.0"), "1 features, where the position value has 2"),
    (lambda rows: rows[0].__setitem__(3, "x"), "not a number"),
    (lambda rows: rows[0].__setitem__(3, "nan"), "a number that is not finite"),
    (lambda rows: rows[0].pop(), "6 fields, not 7"),
])
def test_every_bad_record_is_a_one_line_error(tmp_path, change, message):
    rows = synthetic(5, 1)
    change(rows)
    folder = write(tmp_path / "a", rows)
    with pytest.raises(UsageError, match=message) as e:
        learn_position.fit([folder], NAMES, "v1", "tiny", 1, expected_value)
    assert "line 2" in str(e.value) and "\n" not in str(e.value)


def test_other_files_are_refused_in_one_line(tmp_path):
    with pytest.raises(UsageError, match="cannot read the position records"):
        learn_position.fit([tmp_path / "none"], NAMES, "v1", "tiny", 1, expected_value)
    with pytest.raises(UsageError, match="not position records: the header is not game,round,group"):
        learn_position.fit([write(tmp_path / "h", [], header=("game", "x"))], NAMES, "v1", "tiny", 1, expected_value)
    with pytest.raises(UsageError, match="the records hold 2 games; learning needs at least 3"):
        learn_position.fit([write(tmp_path / "few", synthetic(2, 1))], NAMES, "v1", "tiny", 1, expected_value)
    assert learn_position.holds_positions([write(tmp_path / "p", synthetic(3, 1))])
    assert not learn_position.holds_positions([tmp_path / "none"])


@pytest.mark.parametrize("margin, spread", [(-8.0, 4.0), (0.0, 5.0), (3.0, 3.5), (12.0, 6.0)])
def test_a_predicted_margin_is_valued_as_the_games_around_it(margin, spread):
    """``expected_value`` is the mean of ``value`` over finished games whose margins are normal around
    the prediction (sampled here; ties are too rare to matter at these spreads)."""
    rng = random.Random(5)
    games = [rng.gauss(margin, spread) for _ in range(40000)]
    sampled = [value(Result({"vp": m}, {"vp": 0.0}, "player" if m > 0 else "automa", 4, 0)) for m in games]
    estimate = expected_value(margin, spread)
    assert estimate.value == pytest.approx(sum(sampled) / len(sampled), abs=0.004)
    assert estimate.win == pytest.approx(sum(m > 0 for m in games) / len(games), abs=0.006)
    assert estimate.margin == margin


def test_no_spread_is_a_sure_outcome():
    assert expected_value(2.0, 0.0).win == 1.0 and expected_value(-2.0, 0.0).win == 0.0
    assert expected_value(0.0, 0.0).win == 0.0            # a tie is not a win
    assert math.isclose(expected_value(2.0, 0.0).value, value(Result({"vp": 2.0}, {"vp": 0.0}, "player", 4, 0)))
