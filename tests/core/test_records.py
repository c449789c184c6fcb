"""Strategies that write training records: ``records.csv.gz`` through the run pipeline, the same bytes
for any job count, backend or resume; refused where records would be lost."""
import gzip
import json
import os
import signal

import pytest

import automa
from automa.core.errors import UsageError
from automa.core.strategy import Strategy
from automa.run.simulate import resolve, simulate_dir
from automa.run.sweep_spec import load_spec
from automa.studies import calibrate, ladder, sensitivity, tune_plan
from tests.core.test_cli import run_cli, subprocess_cli, usage_error
from tests.core.test_resume import stop_after_a_chunk

RECORDER = "tests.core.test_records:Recorder"  # as a user names it (pytest imports this file as core.test_records)


class Recorder(Strategy):
    """Keeps the highest die and records every decision: its number, the dice, the die kept and its share of 6."""

    name = "recorder"
    record_columns = ("decision", "dice", "kept", "share")

    def __init__(self, rng):
        super().__init__(rng)
        self.rows = []

    def choose(self, decision):
        pick = self.pick_best(decision, lambda i: decision.view[i])
        self.rows.append([len(self.rows), ";".join(map(str, decision.view)), pick, decision.view[pick] / 6])
        return pick

    def records(self, result):
        return self.rows


class Ragged(Recorder):
    """Records a row one value short."""

    def records(self, result):
        return [row[:-1] for row in self.rows]


def records(out) -> list[str]:
    return gzip.decompress((out / "records.csv.gz").read_bytes()).decode().splitlines()


def run(tmp_path, name, games=40, jobs=1, backend=None, options=None, strategy=RECORDER):
    spec = resolve("tiny", strategy, options or {}, seed=11)
    return simulate_dir(spec, games, jobs, tmp_path / name, quiet=True, backend=backend)


def test_a_recording_strategy_writes_its_header_and_a_row_per_decision(tmp_path):
    outcome = run(tmp_path, "r", games=3, options={"length": 3})
    lines = records(outcome.out)
    assert lines[0] == "game,decision,dice,kept,share"
    assert [line.split(",")[:2] for line in lines[1:]] == [[str(g), str(d)] for g in range(3) for d in range(3)]
    dice, kept, share = lines[1].split(",")[2:]
    assert float(share) == int(dice.split(";")[int(kept)]) / 6
    assert outcome.manifest["records"] == "records.csv.gz"
    assert outcome.manifest["record_columns"] == list(Recorder.record_columns)
    data = (outcome.out / "records.csv.gz").read_bytes()
    assert data[3] == 0 and data[4:8] == bytes(4)  # no file name, modification time 0
    assert not (outcome.out / "chunks").exists()


def test_a_strategy_that_records_nothing_writes_no_records_file(tmp_path):
    outcome = run(tmp_path, "r", games=3, strategy="high")
    assert not (outcome.out / "records.csv.gz").exists() and "record_columns" not in outcome.manifest


def test_records_are_the_same_bytes_for_any_jobs_and_backend(tmp_path):
    one = run(tmp_path, "one", games=300)
    data = (one.out / "records.csv.gz").read_bytes()
    for jobs, backend in ((2, "processes"), (2, "serial"), (3, "processes")):
        other = run(tmp_path, f"{jobs}-{backend}", games=300, jobs=jobs, backend=backend)
        assert other.manifest["chunk_size"] != one.manifest["chunk_size"]
        assert (other.out / "records.csv.gz").read_bytes() == data, (jobs, backend)


def test_a_game_that_raises_writes_no_records_and_the_others_do(tmp_path):
    outcome = run(tmp_path, "r", games=60, options={"crash_rate": 30, "length": 3})
    games = (outcome.out / "games.csv").read_text().splitlines()[1:]
    failed = {line.split(",")[1] for line in games if "the dice fell off the table" in line}
    written = {line.split(",")[0] for line in records(outcome.out)[1:]}
    assert failed and written and not failed & written and len(failed) + len(written) == 60


def test_a_record_of_the_wrong_width_makes_an_error_game(tmp_path):
    outcome = run(tmp_path, "r", games=2, strategy="tests.core.test_records:Ragged")
    assert outcome.manifest["errors"] == 2 and records(outcome.out) == ["game,decision,dice,kept,share"]
    assert "wrote a record of 3 values for its 4 record_columns" in (outcome.out / "games.csv").read_text()


def test_a_killed_recording_run_resumes_to_the_same_bytes(capsys, tmp_path):
    out = tmp_path / "stopped"
    proc = subprocess_cli("simulate", "tiny", "--strategy", RECORDER, "--games", 2000, "--seed", 11, "--jobs", 2,
                          "--out", out, "--quiet", "-o", "delay_ms=1", start_new_session=True)
    try:
        stop_after_a_chunk(proc, out, "kill")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert list((out / "chunks").glob("*.records.gz"))
    code, _, err = run_cli(capsys, "simulate", "--resume", out, "--jobs", 1, "--quiet")
    assert code == 0, err
    whole = run(tmp_path, "whole", games=2000, jobs=2, options={"delay_ms": 1})
    assert (out / "records.csv.gz").read_bytes() == (whole.out / "records.csv.gz").read_bytes()
    assert (out / "games.csv").read_bytes() == (whole.out / "games.csv").read_bytes()


def test_a_resume_whose_record_columns_changed_is_refused(capsys, tmp_path):
    out = run(tmp_path, "r", games=3).out
    manifest = json.loads((out / "manifest.json").read_text())
    (out / "manifest.json").write_text(json.dumps(manifest | {"complete": False, "record_columns": ["decision"]}))
    err = usage_error(capsys, "simulate", "--resume", out)
    assert "writes record columns decision,dice,kept,share, the run started with decision" in err


def test_sweeps_studies_and_the_api_refuse_a_recording_strategy(tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text(f'game = "tiny"\ngames = 2\nseed = 1\nstrategies = ["{RECORDER}"]\n\n[grid]\nlength = [3]\n\n'
                    f'[baseline]\nstrategy = "{RECORDER}"\n')
    refused = [
        lambda: load_spec(spec),
        lambda: ladder.plan("tiny", RECORDER, [1, 2], None, {}, [], 2, 1),
        lambda: sensitivity.plan("tiny", [RECORDER], {}, [], 2, 1),
        lambda: calibrate.settings("tiny", RECORDER, {}, False, 1, ("length", ["3", "5"])),
        lambda: tune_plan.plan("tiny", RECORDER, [], None, None, {}, 2, None, 2, 2, 1),
        lambda: automa.simulate("tiny", games=2, seed=1, strategy=RECORDER, jobs=1),
    ]
    for call in refused:
        with pytest.raises(UsageError, match="writes training records; run it with `automa-sim simulate`"):
            call()
