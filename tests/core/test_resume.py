"""Resumable runs: chunk files and the manifest's record, kill -9 or Ctrl-C then --resume gives the
same bytes as an uninterrupted run, and a finished directory is never overwritten without --force."""
import json
import os
import signal
import time
from pathlib import Path

import pytest

from automa.run.plan import unranges
from automa.run.simulate import resolve, simulate_dir
from automa.run.sweep import run_sweep
from automa.run.sweep_spec import load_spec
from tests.core.test_cli import run_cli, subprocess_cli
from tests.core.test_sweep import SPEC, write_spec

GAMES = 2000
OPTIONS = ("-o", "delay_ms=1", "-o", "crash_rate=2")


def manifest(out):
    return json.loads((out / "manifest.json").read_text())


def stop_after_a_chunk(proc, out, how):
    """Wait until the manifest records a finished chunk, then stop the run with ``how``."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
        try:
            if manifest(out)["chunks_done"]:
                break
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.02)
    if how == "kill":
        os.killpg(proc.pid, signal.SIGKILL)  # the run and its workers, as a crash would
    else:
        proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=30)


def killed_sweep(tmp_path: Path, spec_text: str, fmt: str) -> tuple[Path, Path]:
    """A sweep of ``spec_text`` (slowed so it can be caught) killed after its first chunk, in ``fmt``:
    its spec and its folder."""
    spec = write_spec(tmp_path, spec_text + "\n[options]\ndelay_ms = 1\n")
    out = tmp_path / "stopped"
    proc = subprocess_cli("sweep", spec, "--format", fmt, "--jobs", 2, "--out", out, "--quiet",
                          start_new_session=True)
    try:
        stop_after_a_chunk(proc, out, "kill")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    return spec, out


@pytest.mark.parametrize("how, fmt", [("kill", "csv"), ("kill", "parquet"), ("ctrl-c", "csv")])
def test_a_stopped_run_resumes_to_the_same_bytes(capsys, tmp_path, how, fmt):
    out = tmp_path / "stopped"
    proc = subprocess_cli("simulate", "tiny", "--games", GAMES, "--seed", 5, "--jobs", 2, "--format", fmt,
                          "--out", out, "--quiet", *OPTIONS, start_new_session=True)
    try:
        stop_after_a_chunk(proc, out, how)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    before = manifest(out)
    assert not before["complete"] and 0 < len(before["chunks_done"]) and (out / "chunks").is_dir()
    assert before["interrupted"] is (how == "ctrl-c")

    code, stdout, err = run_cli(capsys, "simulate", "--resume", out, "--jobs", 2, "--quiet")
    assert code == 0, err
    spec = resolve("tiny", None, {"delay_ms": 1, "crash_rate": 2}, seed=5)
    whole = simulate_dir(spec, GAMES, 2, tmp_path / "whole", fmt, quiet=True)
    name = f"games.{fmt}"
    assert (out / name).read_bytes() == (whole.out / name).read_bytes()
    assert (out / "summary.csv").read_bytes() == (whole.out / "summary.csv").read_bytes()
    after = manifest(out)
    assert after["complete"] and not after["interrupted"] and after["games_done"] == GAMES
    assert after["chunks_done"] == [[0, after["chunks"] - 1]] and not (out / "chunks").exists()
    assert len(after["resumed"]) == 1 and after["resumed"][0]["command"].startswith("automa-sim simulate --resume")
    assert after["command"] == before["command"] and "INTERRUPTED" not in stdout


def test_a_killed_runs_manifest_and_its_resume_report_the_right_figures(capsys, tmp_path):
    """The manifest counts the rows on disk while the run goes (a killed run's too), and the resumed run
    reports the games it played itself, and their rate."""
    out = tmp_path / "killed"
    proc = subprocess_cli("simulate", "tiny", "--games", GAMES, "--seed", 5, "--jobs", 2, "--out", out,
                          "--quiet", "-o", "delay_ms=3", start_new_session=True)  # >= 3 s: time to see a save
    deadline = time.monotonic() + 60
    try:
        while True:  # until the manifest records rows in the games file: chunks 0, 1, ...
            assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
            try:
                done = manifest(out)["chunks_done"]
                if done and done[0][0] == 0 and done[0][1] >= 1:
                    break
            except (OSError, ValueError, KeyError):
                pass
            time.sleep(0.02)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=30)
    before = manifest(out)
    size = before["chunk_size"]
    assert GAMES % size == 0 and before["games_done"] == (before["chunks_done"][0][1] + 1) * size
    assert before["seconds_total"] > 0 and not before["interrupted"]

    code, stdout, err = run_cli(capsys, "simulate", "--resume", out, "--jobs", 2, "--quiet")
    after = manifest(out)
    played = GAMES - len(unranges(before["chunks_done"])) * size
    assert code == 0 and after["games_done"] == GAMES and after["games_played"] == played < GAMES
    assert after["games_per_s"] == pytest.approx(played / after["seconds"], rel=1e-3)
    assert after["seconds_total"] == pytest.approx(before["seconds_total"] + after["seconds"], abs=0.002)
    assert (f"{GAMES} of {GAMES} games done, {played} played in {after['seconds']:.1f} s "
            f"({after['games_per_s']} games/s)") in stdout


def test_a_killed_sweep_resumes_to_the_same_bytes(capsys, tmp_path):
    spec = write_spec(tmp_path, SPEC + "\n[options]\ndelay_ms = 1\n")
    out = tmp_path / "stopped"
    proc = subprocess_cli("sweep", spec, "--jobs", 2, "--out", out, "--quiet", start_new_session=True)
    try:
        stop_after_a_chunk(proc, out, "kill")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert not manifest(out)["complete"]
    code, _, err = run_cli(capsys, "sweep", "--resume", out, "--jobs", 1, "--backend", "serial", "--quiet")
    assert code == 0, err
    whole = run_sweep(load_spec(spec), jobs=2, out=tmp_path / "whole", quiet=True)
    for name in ("games.csv", "summary.csv", "paired.csv"):
        assert (out / name).read_bytes() == (whole.out / name).read_bytes(), name
    assert manifest(out)["games_done"] == 6 * 300


def test_chunk_files_are_recorded_while_the_run_goes(tmp_path, monkeypatch):
    """The manifest lists a chunk only once its file is complete (written, then renamed)."""
    from automa.run import collect

    seen = []
    real = collect.write_json

    def spy(path, data):
        if path.name == "manifest.json" and "chunks_done" in data and not data["complete"]:
            files = {int(p.stem) for p in (path.parent / "chunks").glob("*.csv")}
            seen.append(unranges(data["chunks_done"]) <= files)
            assert not list((path.parent / "chunks").glob("*.tmp"))
        real(path, data)

    monkeypatch.setattr(collect, "write_json", spy)
    monkeypatch.setattr(collect, "SAVE_EVERY", 0)
    simulate_dir(resolve("tiny", None, {}, seed=1), 3000, 2, tmp_path / "r", quiet=True)
    assert len(seen) > 5 and all(seen)


def test_finished_runs_are_never_overwritten_or_resumed(capsys, tmp_path):
    out = tmp_path / "r"
    assert run_cli(capsys, "simulate", "tiny", "--games", 50, "--seed", 1, "--out", out)[0] == 0
    before = (out / "games.csv").read_bytes()
    code, _, err = run_cli(capsys, "simulate", "tiny", "--games", 60, "--seed", 2, "--out", out)
    assert code == 2 and "already exists; use --force" in err
    code, _, err = run_cli(capsys, "simulate", "--resume", out)
    assert code == 2 and "the run is already complete; nothing to resume" in err and err.count("\n") == 1
    assert (out / "games.csv").read_bytes() == before
    assert run_cli(capsys, "simulate", "tiny", "--games", 60, "--seed", 2, "--out", out, "--force")[0] == 0
    assert (out / "games.csv").read_bytes() != before


@pytest.mark.parametrize("args, message", [
    (["simulate", "--resume", "{tmp}/nowhere"], "no manifest.json there; nothing to resume"),
    (["simulate", "tiny", "--resume", "{tmp}/r"], "--resume takes the run's settings from its manifest.json; drop GAME"),
    (["simulate", "--resume", "{tmp}/r", "--games", "5"], "drop --games"),
    (["simulate", "--resume", "{tmp}/r", "-o", "length=3"], "drop --option"),
    (["simulate", "--resume", "{tmp}/sweep"], "that is a sweep run; resume it with `automa-sim sweep --resume`"),
    (["sweep", "--resume", "{tmp}/r"], "that is a simulate run"),
    (["simulate"], "simulate needs GAME (or --resume DIR)"),
    (["sweep"], "sweep needs SPEC (or --resume DIR)"),
])
def test_bad_resume_requests_are_one_line_errors(capsys, tmp_path, args, message):
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "manifest.json").write_text(json.dumps({"chunks_done": [], "chunks": 1, "complete": False}))
    (tmp_path / "sweep").mkdir()
    (tmp_path / "sweep" / "manifest.json").write_text(json.dumps({"kind": "sweep", "chunks_done": []}))
    code, out, err = run_cli(capsys, *[a.format(tmp=tmp_path) for a in args])
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_the_manifest_records_the_git_commit_and_the_data_files_hashes(tmp_path):
    """From a checkout the manifest has the commit; every ``path`` option's file has its sha256, and a
    run whose data file changed since it started is not resumed."""
    import hashlib
    import subprocess

    from automa.core.errors import UsageError
    from automa.run.simulate import resolve, resume_dir, simulate_dir

    deck = tmp_path / "deck.txt"
    deck.write_text("1\n6\n2\n")
    spec = resolve("tiny", None, {"deck": str(deck), "delay_ms": 0}, seed=5)
    outcome = simulate_dir(spec, 20, 1, tmp_path / "r", quiet=True)
    root = Path(__file__).resolve().parents[2]
    head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    assert outcome.manifest["git"]["commit"] == head and isinstance(outcome.manifest["git"]["dirty"], bool)
    assert outcome.manifest["data_files"] == {
        "deck": [{"path": str(deck), "sha256": hashlib.sha256(b"1\n6\n2\n").hexdigest()}]}
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    manifest["complete"] = False
    (tmp_path / "r" / "manifest.json").write_text(json.dumps(manifest))
    deck.write_text("1\n6\n3\n")
    with pytest.raises(UsageError, match=r"data file deck=.* is missing or changed since the run started"):
        resume_dir(tmp_path / "r", 1, quiet=True)


def test_a_run_started_before_an_option_existed_is_refused_not_spoiled(capsys, tmp_path):
    """Its finished chunks lack the new option's column: resuming would write them under the new header
    (misaligned rows), so the resume is a one-line error and nothing is written (issue 29's note)."""
    out = tmp_path / "old"
    simulate_dir(resolve("tiny", None, {}, seed=1), 40, 1, out, quiet=True)
    lines = (out / "games.csv").read_text().splitlines()
    (out / "chunks").mkdir()
    rows = [",".join(line.split(",")[:-1]) for line in lines[1:6]]  # one column fewer, as before an option existed
    (out / "chunks" / "0000000.csv").write_text("\n".join(rows) + "\n")
    record = manifest(out) | {"complete": False, "chunks_done": [[0, 0]], "interrupted": True}
    (out / "manifest.json").write_text(json.dumps(record))
    before = (out / "games.csv").read_bytes()
    code, _, err = run_cli(capsys, "simulate", "--resume", out)
    assert code == 2 and err.count("\n") == 1 and "a rule option was added or removed" in err, err
    assert (out / "games.csv").read_bytes() == before
