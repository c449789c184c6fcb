"""Backends: serial, processes and a real dask cluster give byte-identical files; a dead worker's
chunk is retried and recorded in the manifest."""
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from automa.run import backends
from automa.core.errors import UsageError
from automa.run.inputs import check_backend
from automa.run.simulate import resolve, resume_dir, simulate_dir
from automa.run.sweep import run_sweep
from automa.run.sweep_spec import load_spec
from tests.core.test_cli import run_cli
from tests.core.test_sweep import write_spec
from tests.core.tinygame import DIE_MARKER

ROOT = Path(__file__).resolve().parents[2]


def play(tmp_path, name, games=1500, jobs=2, fmt="csv", backend=None, scheduler=None, **options):
    spec = resolve("tiny", None, {"crash_rate": 3, **options}, seed=21)
    outcome = simulate_dir(spec, games, jobs, tmp_path / name, fmt, quiet=True, backend=backend,
                           scheduler=scheduler)
    return outcome


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_serial_and_processes_give_the_same_bytes(tmp_path, fmt):
    serial = play(tmp_path, "s", jobs=2, fmt=fmt, backend="serial")
    pool = play(tmp_path, "p", jobs=2, fmt=fmt, backend="processes")
    name = f"games.{fmt}"
    assert (serial.out / name).read_bytes() == (pool.out / name).read_bytes()
    assert (serial.out / "summary.csv").read_bytes() == (pool.out / "summary.csv").read_bytes()
    assert serial.manifest["backend"] == "serial" and pool.manifest["backend"] == "processes"
    assert sorted(p.name for p in pool.out.iterdir()) == [name, "manifest.json", "summary.csv"]
    assert pool.manifest["complete"] is True and pool.manifest["chunks_done"] == [[0, pool.manifest["chunks"] - 1]]


def test_a_dead_worker_is_replaced_and_its_chunk_retried(tmp_path, monkeypatch):
    reference = play(tmp_path, "ref", games=2000, backend="serial")
    marker = tmp_path / "died"
    monkeypatch.setenv(DIE_MARKER, str(marker))
    outcome = play(tmp_path, "dies", games=2000, jobs=2)
    assert marker.exists()  # a worker really died
    assert (outcome.out / "games.csv").read_bytes() == (reference.out / "games.csv").read_bytes()
    retries = outcome.manifest["retries"]
    assert retries and all(r["reason"] == "worker process died" and r["attempt"] == 2 for r in retries)
    assert json.loads((outcome.out / "manifest.json").read_text())["retries"] == retries
    assert outcome.manifest["complete"] and not outcome.manifest["interrupted"]


def test_a_chunk_that_keeps_killing_workers_stops_the_run_resumably(tmp_path, monkeypatch):
    monkeypatch.setattr(backends, "MAX_ATTEMPTS", 1)
    monkeypatch.setenv(DIE_MARKER, str(tmp_path / "died"))
    outcome = play(tmp_path, "gives-up", games=2000, jobs=2)
    assert "failed 1 times: worker process died" in outcome.manifest["failure"]
    assert not outcome.manifest["interrupted"] and not outcome.manifest["complete"]  # a failure, not Ctrl-C
    resumed = resume_dir(outcome.out, 2, quiet=True)  # the marker is there now: no worker dies
    reference = play(tmp_path, "ref", games=2000, backend="serial")
    assert (resumed.out / "games.csv").read_bytes() == (reference.out / "games.csv").read_bytes()
    assert resumed.manifest["failure"] is None and resumed.manifest["complete"]


def test_a_failed_run_is_reported_as_a_failure_with_its_resume_command(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(backends, "MAX_ATTEMPTS", 1)
    monkeypatch.setenv(DIE_MARKER, str(tmp_path / "died"))
    out = tmp_path / "fails"
    code, stdout, err = run_cli(capsys, "simulate", "tiny", "--games", 40, "--seed", 1, "--jobs", 2, "--out", out)
    resume = f"continue with: automa-sim simulate --resume {out}"
    assert code == 1 and "INTERRUPTED" not in stdout + err
    assert re.search(rf"FAILED after \d+ of 40 games: chunk \d+ .*failed 1 times: worker process died; "
                     rf"finished rows kept; {re.escape(resume)}$", stdout, re.M)
    assert err.startswith("automa-sim: error: chunk ") and err.rstrip().endswith(resume)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["interrupted"] is False and "worker process died" in manifest["failure"]


def test_a_pool_found_broken_at_submit_is_rebuilt_and_its_chunks_retried(tmp_path, monkeypatch):
    """A worker can die after the last results came back, so the pool is found broken when the next
    chunk is submitted, not by a result: that chunk is retried on a new pool like any lost one."""
    from concurrent.futures.process import BrokenProcessPool

    real = backends.Processes._new_pool
    pools = []

    def new_pool(self):
        real(self)
        pools.append(self.pool)
        if len(pools) == 1:
            submit, calls = self.pool.submit, []

            def breaks_on_the_third(*args, **kwargs):
                calls.append(1)
                if len(calls) == 3:
                    raise BrokenProcessPool("a child process terminated abruptly")
                return submit(*args, **kwargs)
            self.pool.submit = breaks_on_the_third
    monkeypatch.setattr(backends.Processes, "_new_pool", new_pool)
    pool = play(tmp_path, "p", games=300, jobs=2)
    serial = play(tmp_path, "s", games=300, backend="serial")
    assert len(pools) == 2 and pool.manifest["complete"]
    assert any(r["reason"] == "worker process died" for r in pool.manifest["retries"])
    assert (pool.out / "games.csv").read_bytes() == (serial.out / "games.csv").read_bytes()


def test_bad_backend_flags_are_one_line_errors(capsys, tmp_path):
    code, _, err = run_cli(capsys, "simulate", "tiny", "--scheduler", "tcp://127.0.0.1:1", "--out", tmp_path / "o")
    assert code == 2 and "--scheduler needs --backend dask" in err and err.count("\n") == 1
    code, _, err = run_cli(capsys, "simulate", "tiny", "--backend", "mpi", "--out", tmp_path / "o")
    assert code == 2 and "'mpi' is not one of 'processes', 'serial', 'dask'" in err
    assert not (tmp_path / "o").exists()
    with pytest.raises(UsageError, match="unknown backend"):
        check_backend("threads", None, 1)


# --- a real dask cluster --------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(procs) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    deadline = time.monotonic() + 15
    for proc in procs:
        try:
            proc.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A real ``dask scheduler`` and two ``dask worker`` processes (one thread each) on 127.0.0.1."""
    pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install '.[cluster]'")
    from distributed import Client

    logs = tmp_path_factory.mktemp("dask")
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop(DIE_MARKER, None)
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask = [sys.executable, "-m", "dask"]
    procs = []
    try:
        procs.append(subprocess.Popen(dask + ["scheduler", "--host", "127.0.0.1", "--port", str(port),
                                              "--no-dashboard"], cwd=ROOT, env=env,
                                      stdout=subprocess.DEVNULL, stderr=open(logs / "scheduler.log", "w")))
        for k in (1, 2):
            procs.append(subprocess.Popen(dask + ["worker", address, "--nthreads", "1", "--nworkers", "1",
                                                  "--host", "127.0.0.1", "--no-dashboard", "--name", f"w{k}"],
                                          cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                          stderr=open(logs / f"worker{k}.log", "w")))
        deadline = time.monotonic() + 60
        client = None
        while client is None:
            try:
                client = Client(address, timeout="2s")
            except OSError:
                assert time.monotonic() < deadline, (logs / "scheduler.log").read_text()
                assert procs[0].poll() is None, (logs / "scheduler.log").read_text()
                time.sleep(0.2)
        with client:
            client.wait_for_workers(2, timeout=60)
            assert len(client.scheduler_info()["workers"]) == 2
        yield address
    finally:
        stop(procs[1:])
        stop(procs[:1])


def test_a_real_dask_cluster_gives_the_same_bytes_as_processes(tmp_path, cluster):
    pool = play(tmp_path, "p", games=3000, jobs=2)
    remote = play(tmp_path, "d", games=3000, jobs=2, backend="dask", scheduler=cluster)
    assert (remote.out / "games.csv").read_bytes() == (pool.out / "games.csv").read_bytes()
    assert (remote.out / "summary.csv").read_bytes() == (pool.out / "summary.csv").read_bytes()
    assert remote.manifest["backend"] == "dask" and remote.manifest["scheduler"] == cluster


def test_a_sweep_and_the_command_line_on_a_real_dask_cluster(capsys, tmp_path, cluster):
    spec = write_spec(tmp_path)
    pool = run_sweep(load_spec(spec), jobs=2, out=tmp_path / "p", quiet=True)
    code, out, err = run_cli(capsys, "sweep", spec, "--out", tmp_path / "d", "--backend", "dask",
                             "--scheduler", cluster, "--quiet")
    assert code == 0, err
    for name in ("games.csv", "summary.csv", "paired.csv"):
        assert (tmp_path / "d" / name).read_bytes() == (pool.out / name).read_bytes()


def test_a_local_dask_cluster_without_an_address(capsys, tmp_path):
    pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install '.[cluster]'")
    pool = play(tmp_path, "p", games=600, jobs=2)
    code, _, err = run_cli(capsys, "simulate", "tiny", "--games", 600, "--seed", 21, "-o", "crash_rate=3",
                           "--jobs", 2, "--backend", "dask", "--out", tmp_path / "d", "--quiet")
    assert code == 0, err
    assert (tmp_path / "d" / "games.csv").read_bytes() == (pool.out / "games.csv").read_bytes()


def test_an_unreachable_scheduler_is_a_one_line_error(capsys, tmp_path, monkeypatch):
    pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install '.[cluster]'")
    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", 1)
    code, _, err = run_cli(capsys, "simulate", "tiny", "--games", 10, "--backend", "dask", "--scheduler",
                           f"tcp://127.0.0.1:{free_port()}", "--out", tmp_path / "o")
    assert code == 2 and "cannot connect to dask scheduler" in err and err.count("\n") == 1
    assert not (tmp_path / "o").exists()


def test_the_python_api_takes_a_backend():
    import automa

    serial = automa.simulate("tiny", games=300, seed=4, jobs=2, backend="serial")
    pool = automa.simulate("tiny", games=300, seed=4, jobs=2)
    assert serial.equals(pool)
    with pytest.raises(UsageError, match="scheduler needs backend='dask'"):
        automa.simulate("tiny", games=3, seed=4, jobs=1, scheduler="tcp://127.0.0.1:1")


def test_more_jobs_than_chunks_start_no_idle_processes(tmp_path):
    """``--jobs 500 --games 5``: a pool of at most one process per chunk (5), not 500."""
    import multiprocessing

    from automa.run.plan import Part, chunk_size, tasks

    spec = resolve("tiny", None, {}, seed=3)
    parts = [Part(spec, 5)]
    seen = []
    with backends.open_backend("processes", parts, 500) as engine:
        for _ in engine.play(iter(tasks(parts, chunk_size(5, 500)))):
            seen.append(len(multiprocessing.active_children()))
    assert len(seen) == 5 and 1 <= max(seen) <= 5
    outcome = play(tmp_path, "r", games=5, jobs=500)
    assert outcome.manifest["games_done"] == 5


@pytest.mark.parametrize("listening", [False, True], ids=["closed port", "not a dask scheduler"])
def test_a_scheduler_that_is_not_there_is_one_line_within_seconds(capsys, tmp_path, monkeypatch, listening):
    pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install '.[cluster]'")
    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", 1)
    with socket.socket() as silent:  # listens (the kernel accepts) but never answers
        silent.bind(("127.0.0.1", 0))
        port = silent.getsockname()[1]
        if listening:
            silent.listen()
        else:
            silent.close()
        start = time.monotonic()
        code, _, err = run_cli(capsys, "simulate", "tiny", "--games", 2, "--backend", "dask",
                               "--scheduler", f"tcp://127.0.0.1:{port}", "--out", tmp_path / "o")
    assert code == 2 and err.count("\n") == 1, err
    assert f"cannot connect to dask scheduler tcp://127.0.0.1:{port}" in err
    assert time.monotonic() - start < 5
