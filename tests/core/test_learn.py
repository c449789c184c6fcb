"""automa/studies/learn.py and `automa-sim learn`: training records read and checked, a known linear truth
recovered, the same bytes for the same seed, and the held-out measurements computed right by hand."""
from __future__ import annotations

import csv
import gzip
import io
import json
import random
from pathlib import Path

import numpy as np
import pytest

from automa.core import model as model_file
from automa.core.errors import UsageError
from automa.studies import learn
from tests.core.test_cli import run_cli, usage_error

NAMES = {"place": ["a", "b", "c"], "spend": ["d", "e"]}
TRUTH = {"place": [1.0, -2.0, 0.5], "spend": [0.0, 3.0]}


def record(game, decision, group, rank, value, features, margin=None, kind=None):
    """One row of a ``label`` run's records.csv.gz (the columns of :data:`learn.COLUMNS`)."""
    margin = "" if value == "" else (value * 10 if margin is None else margin)
    return [game, decision, 1, kind or group, group, 9, f"choice{rank}", rank, 1, 0, 0, 8, value, margin, "",
            ";".join(repr(float(x)) for x in features)]


def write_records(folder: Path, rows, header=learn.COLUMNS) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    with gzip.open(folder / learn.RECORDS, "wt", encoding="utf-8") as f:
        f.write(text.getvalue())
    return folder


def synthetic(games: int, seed: int, noise: float = 0.01) -> list:
    """Records whose values follow :data:`TRUTH` (plus a decision's own offset and some noise); one
    choice in four of a decision not rolled out (empty value)."""
    rng = random.Random(seed)
    rows = []
    for game in range(games):
        for decision in range(1, 7):
            group = "place" if decision % 2 else "spend"
            offset = rng.random()
            for rank in range(rng.randint(2, 5)):
                x = [rng.gauss(3, 2) for _ in NAMES[group]]
                value = offset + sum(w * v for w, v in zip(TRUTH[group], x)) / 10 + rng.gauss(0, noise)
                rows.append(record(game, decision, group, rank, "" if rank == 3 else round(value, 6), x))
    return rows


@pytest.fixture
def runs(tmp_path):
    return [write_records(tmp_path / "a", synthetic(20, 1)), write_records(tmp_path / "b", synthetic(10, 2))]


def test_records_are_read_by_group_with_games_of_each_source_apart(runs):
    records = learn.read_records(runs, NAMES)
    assert records.games == 30 and records.sources == tuple(map(str, runs))
    assert records.records == sum(len(t.rank) for t in records.groups.values())
    place = records.groups["place"]
    assert place.x.shape == (len(place.rank), 3)
    assert np.isnan(place.value[place.rank == 3]).all() and not np.isnan(place.value[place.rank < 3]).any()
    assert len(set(place.game.tolist()) | set(records.groups["spend"].game.tolist())) == 30


def test_a_known_linear_truth_is_recovered(runs):
    model = learn.fit(learn.read_records(runs, NAMES), NAMES, "v1", "tiny", seed=3)
    for group, linear in model.groups.items():
        coef = np.array(linear.weights) / np.array(linear.scale)
        assert coef == pytest.approx(np.array(TRUTH[group]) / 10, abs=0.005), group
        held = model.metrics[group]["held_out"]
        assert held["decisions"] > 0 and held["model"]["agreement"] == 1.0
        assert held["model"]["regret"] == 0.0 <= held["policy"]["regret"]
    assert model.data == {"sources": [str(r) for r in runs], "games": 30, "records": model.data["records"],
                          "held_out_games": 6, "folds": 5, "seed": 3}
    assert [p["games"] for p in model.metrics["place"]["curve"]] == [6, 12, 24]


def test_the_margin_target_fits_the_margin_column(runs):
    model = learn.fit(learn.read_records(runs, NAMES), NAMES, "v1", "tiny", seed=3, target="margin")
    coef = np.array(model.groups["spend"].weights) / np.array(model.groups["spend"].scale)
    assert coef == pytest.approx(np.array(TRUTH["spend"]), abs=0.05)  # margin = 10 x value
    assert model.target == "margin"


def test_the_same_seed_gives_the_same_bytes_another_seed_another_split(runs, tmp_path):
    records = learn.read_records(runs, NAMES)
    texts = [model_file.dumps(learn.fit(records, NAMES, "v1", "tiny", seed=s)) for s in (5, 5, 6)]
    assert texts[0] == texts[1] != texts[2]
    model_file.write(learn.fit(records, NAMES, "v1", "tiny", seed=5), tmp_path / "m.json")
    assert (tmp_path / "m.json").read_text() == texts[0]


def test_held_out_measurements_by_hand():
    """Two decisions of one group. In the first the model (weight on feature 0) picks the choice of
    value 0.9, the best; the policy (rank 0) picks 0.5. In the second the model picks 0.2 where 0.6 was
    best, and the policy picks the best; a choice without a value is never picked."""
    rows = [[1, 0, 0.5, 0.0], [1, 1, 0.9, 2.0], [1, 2, 0.7, 1.0],
            [2, 0, 0.6, 0.0], [2, 1, 0.2, 1.0], [2, 2, np.nan, 5.0]]
    decision, rank, t, x = (np.array(c) for c in zip(*rows))
    data = learn._choices(np.zeros(6, dtype=int), decision.astype(int), rank.astype(int), np.ones(6, dtype=int), t,
                          x[:, None])
    linear = model_file.Linear(["f"], [1.0], [0.0], [1.0])
    assert learn.picks(data, linear) == {
        "decisions": 2,
        "model": {"agreement": 0.5, "regret": pytest.approx((0.0 + 0.4) / 2)},
        "policy": {"agreement": 0.5, "regret": pytest.approx((0.4 + 0.0) / 2)}}


def test_ties_go_to_the_better_policy_rank_then_the_earlier_record():
    decision, rank, t = np.array([1, 1, 1]), np.array([2, 1, 1]), np.array([0.3, 0.5, 0.1])
    data = learn._choices(np.zeros(3, dtype=int), decision, rank, np.ones(3, dtype=int), t, np.zeros((3, 1)))
    result = learn.picks(data, model_file.Linear(["f"], [0.0], [0.0], [1.0]))  # every score ties
    assert result["model"] == {"agreement": 1.0, "regret": 0.0}  # rank 1, the earlier of the two: 0.5


def test_decisions_count_once_and_advantages_are_centred():
    data = learn._choices(np.zeros(5, dtype=int), np.array([1, 1, 2, 2, 2]), np.arange(5), np.ones(5, dtype=int),
                          np.array([0.2, 0.4, 1.0, 2.0, 3.0]), np.zeros((5, 1)))
    assert data.w.tolist() == pytest.approx([0.5, 0.5, 1 / 3, 1 / 3, 1 / 3])
    assert data.y.tolist() == pytest.approx([-0.1, 0.1, -1.0, 0.0, 1.0])


def test_a_group_no_better_than_the_policy_held_out_is_left_out(tmp_path):
    """Where the policy's first choice is always the best and the features say nothing, the model can
    only tie the policy on the held-out decisions: learn leaves that group out (the player then plays
    it as its policy does) and says so; a group whose model beats the policy is kept."""
    rng = random.Random(5)
    rows = [r for r in synthetic(30, 6) if r[4] == "place"]
    for game in range(30):
        for decision in range(2, 8, 2):
            for rank in range(4):
                rows.append(record(game, decision, "spend", rank, 1.0 - rank / 4, [rng.random(), rng.random()]))
    model = learn.fit(learn.read_records([write_records(tmp_path / "a", rows)], NAMES), NAMES, "v1", "tiny", seed=1)
    held = model.metrics["spend"]["held_out"]
    assert held["model"]["regret"] >= held["policy"]["regret"] == 0.0
    assert list(model.groups) == ["place"] and not learn.pays(held) and learn.pays(model.metrics["place"]["held_out"])
    assert "left out: no better than the policy held out" in learn.text(model)
    model_file.write(model, tmp_path / "m.json")
    assert list(model_file.load(tmp_path / "m.json", "tiny", "v1", NAMES).groups) == ["place"]


def test_a_group_without_training_decisions_gets_zero_weights(tmp_path):
    rows = [r for r in synthetic(5, 4) if r[4] == "place"]
    model = learn.fit(learn.read_records([write_records(tmp_path / "a", rows)], NAMES), NAMES, "v1", "tiny", seed=1)
    assert model.groups["spend"].weights == [0.0, 0.0] and model.metrics["spend"]["train_decisions"] == 0
    assert "no training decision" in learn.text(model)


@pytest.mark.parametrize("change, message", [
    (lambda rows: rows, "cannot read the training records"),
    (lambda rows: write_records(rows, [], header=learn.COLUMNS[:-1]), "the header is not game,decision"),
    (lambda rows: write_records(rows, [record(0, 1, "convert", 0, 0.5, [1, 2])]), "group 'convert' is not"),
    (lambda rows: write_records(rows, [record(0, 1, "place", 0, 0.5, [1, 2])]), "2 features for group place"),
    (lambda rows: write_records(rows, [record(0, 1, "place", 0, "x", [1, 2, 3])]), "line 2: not a number"),
    (lambda rows: write_records(rows, [record(0, 1, "place", 0, "nan", [1, 2, 3])]), "not a number"),
    (lambda rows: write_records(rows, [record(0, 1, "place", 0, 0.5, [1, 2, 3])[:5]]), "5 fields, not 16"),
    (lambda rows: write_records(rows, []), "no training records in"),
])
def test_bad_records_are_one_line_errors(tmp_path, change, message):
    folder = tmp_path / "run"
    folder.mkdir()
    change(folder)
    with pytest.raises(UsageError, match=message) as e:
        learn.read_records([folder], NAMES)
    assert "\n" not in str(e.value)


def test_bad_features_text_is_a_one_line_error(tmp_path):
    row = record(0, 1, "spend", 0, 0.5, [1, 2])
    row[-1] = "1;x"
    with pytest.raises(UsageError, match="group spend: a feature that is not a number"):
        learn.read_records([write_records(tmp_path / "a", [row])], NAMES)


def test_too_few_games_or_folds_are_refused(tmp_path):
    records = learn.read_records([write_records(tmp_path / "a", synthetic(2, 1))], NAMES)
    with pytest.raises(UsageError, match="the records hold 2 games; learning needs at least 3"):
        learn.fit(records, NAMES, "v1", "tiny", seed=1)
    with pytest.raises(UsageError, match="at least 2 folds"):
        learn.fit(records, NAMES, "v1", "tiny", seed=1, folds=1)


class FakeFeatures:
    version = "tiny-1"
    names = NAMES


@pytest.fixture
def learned(monkeypatch):
    """The tiny game's ``learned`` player, as the CLI finds it, is a stand-in with :class:`FakeFeatures`."""
    from automa.core import registry

    real = registry.strategy_class

    def strategy_class(game, base):
        return type("Learned", (), {"features": FakeFeatures}) if base == "learned" else real(game, base)
    monkeypatch.setattr(registry, "strategy_class", strategy_class)


def test_the_command_writes_the_model_and_prints_the_report(capsys, tmp_path, runs, learned):
    out = tmp_path / "model.json"
    args = ["learn", "tiny", *runs, "--out", out, "--seed", "4"]
    code, text, err = run_cli(capsys, *args)
    assert code == 0, err
    assert "tiny model on features tiny-1, target value: 30 games" in text and "learning curve" in text
    model = model_file.load(out, "tiny", "tiny-1", NAMES)
    assert model.regenerate == "automa-sim " + " ".join(map(str, args))
    assert model_file.dumps(model) == out.read_text()
    assert "already exists" in usage_error(capsys, *args)
    code, again, _ = run_cli(capsys, *args, "--force")
    assert code == 0 and again == text and json.loads(out.read_text())["regenerate"].endswith("--force")


def test_the_command_refuses_bad_input_in_one_line(capsys, tmp_path, runs, learned):
    assert "--seed" in usage_error(capsys, "learn", "tiny", *runs, "--out", tmp_path / "m.json")
    assert "non-negative integer, got -1" in usage_error(capsys, "learn", "tiny", *runs, "--out", tmp_path / "m.json", "--seed", "-1")
    assert "cannot read" in usage_error(capsys, "learn", "tiny", tmp_path, "--out", tmp_path / "m.json", "--seed", "1")


def test_a_game_without_a_learned_player_is_refused(capsys, tmp_path, runs):
    assert "unknown strategy 'learned' for game tiny" in usage_error(capsys, "learn", "tiny", *runs, "--out", tmp_path / "m.json",
                                                  "--seed", "1")
