"""Checkpointed runs: chunk files, the manifest's record of finished chunks, resume and Ctrl-C.

A run into a results directory cuts its games into chunks (:func:`automa.core.runner.tasks`). Each
chunk, as soon as it is played (in any order), is written to ``chunks/<key>.csv`` by writing a
temporary file and renaming it (atomic), and the manifest's ``chunks_done`` records it (ranges of
chunk keys; the manifest itself is replaced atomically, at most every :data:`SAVE_EVERY` seconds
and at the end). The games file grows in game-index order while the run goes: a chunk is appended
when every chunk before it is in. The summary is tallied as rows are appended, never by reading the
games file back, so memory stays flat however many games.

``--resume DIR`` rebuilds the games file from the recorded chunk files (so a games file cut short
by ``kill -9`` does no harm) and plays only the chunks not recorded; the result is byte-identical to
an uninterrupted run. When the run completes, the chunk files are removed.

Ctrl-C is held back while a chunk is being written (so no half row is ever written), then stops the
run: the games file keeps every chunk finished in order, the manifest says ``interrupted: true``. A
chunk that keeps killing its worker stops the run too, as a failure: ``failure`` says why, and
``interrupted`` stays false. Both are resumable. Each save of the manifest records the counts so far
(``games_done``: rows in the games file), so a killed run's manifest is right to within a save.
"""
from __future__ import annotations

import os
import shlex
import shutil
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from automa.core.errors import UsageError
from automa.core.results import GamesWriter, parse_rows, results_start, write_json
from automa.core.runner import Part, Task, chunk_size, tasks
from automa.core.stats import Tally
from automa.core.version import __version__

CHUNKS = "chunks"
CHECKOUT = Path(__file__).resolve().parents[2]  # the repository root, when automa-sim runs from a checkout
SAVE_EVERY = 0.5  # seconds between manifest saves while a run goes


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def ranges(keys: list[int]) -> list[list[int]]:
    """Sorted keys as inclusive ``[first, last]`` ranges."""
    out: list[list[int]] = []
    for k in keys:
        if out and out[-1][1] == k - 1:
            out[-1][1] = k
        else:
            out.append([k, k])
    return out


def unranges(spans: list[list[int]]) -> set[int]:
    return {k for a, b in spans for k in range(a, b + 1)}


class Interrupts:
    """Turns SIGINT into KeyboardInterrupt, but never inside a :meth:`shielded` block (it is raised after)."""

    def __init__(self):
        self.critical = False
        self.deferred = False
        self.previous = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._handler)
        return self

    def __exit__(self, *exc):
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)

    def _handler(self, signum, frame):
        if self.critical:
            self.deferred = True
        else:
            raise KeyboardInterrupt

    @contextmanager
    def shielded(self):
        self.critical = True
        try:
            yield
        finally:
            self.critical = False
            if self.deferred:
                self.deferred = False
                raise KeyboardInterrupt


@dataclass
class RunState:
    """What a checkpointed run reports: per-part tallies, rows in the games file, games played in this
    session, errors, whether it was stopped; ``base_seconds``: the earlier sessions' seconds."""

    tallies: list[Tally]
    rows: int = 0
    played: int = 0
    base_seconds: float = 0.0
    errors: int = 0
    interrupted: bool = False
    complete: bool = False
    seconds: float = 0.0
    retries: list[dict] = field(default_factory=list)
    failure: str | None = None


def new_manifest(command: str, fields: dict) -> dict:
    """A new run's manifest: the command, the package and library versions, the git commit of a
    checkout, ``fields``, the content hash of every user data file, and the run state before
    anything is played."""
    import platform
    from importlib.metadata import version

    # the installed versions, read without importing numpy and pandas (a run may need neither)
    versions = {"automa-sim": __version__, "python": platform.python_version(),
                "numpy": version("numpy"), "pandas": version("pandas")}
    found = git_commit()
    files = data_files(fields.get("game"), [fields.get("options") or {}, fields.get("grid") or {}])
    return {"command": command, "versions": versions, **({"git": found} if found else {}), **fields,
            **({"data_files": files} if files else {}), "started": now(), "ended": None,
            "games_done": 0, "errors": 0, "interrupted": False}


def git_commit() -> dict | None:
    """``{"commit": sha, "dirty": bool}`` when automa-sim runs from a git checkout, else ``None``."""
    import subprocess

    if not (CHECKOUT / ".git").exists():
        return None
    try:
        sha = subprocess.run(["git", "-C", str(CHECKOUT), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10, check=True).stdout.strip()
        changed = subprocess.run(["git", "-C", str(CHECKOUT), "status", "--porcelain",
                                  "--untracked-files=no"],
                                 capture_output=True, text=True, timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return {"commit": sha, "dirty": bool(changed)}


def data_files(game_name: str | None, option_sets: list[dict]) -> dict[str, list[dict]]:
    """The user data files a run reads (its ``path`` options: ``cards=``, ``scoring=``, ``rules=``):
    option name -> ``[{"path", "sha256"}]``, one entry per file given (a sweep grid may give several)."""
    import hashlib

    from automa.core.registry import get_game

    if not game_name:
        return {}
    out: dict[str, list[dict]] = {}
    for opt in get_game(game_name).options:
        if opt.type != "path":
            continue
        given = [v for options in option_sets for v in
                 (options.get(opt.name) if isinstance(options.get(opt.name), list) else [options.get(opt.name)])]
        for path in dict.fromkeys(str(v) for v in given if v and Path(str(v)).is_file()):
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
            out.setdefault(opt.name, []).append({"path": path, "sha256": digest})
    return out


def record_resume(manifest: dict, command: str, backend: str | None, jobs: int) -> None:
    """Note a resumed run in its manifest."""
    manifest["resumed"].append({"command": command, "at": now(), "games_done": manifest["games_done"],
                                "backend": backend or "processes", "jobs": jobs})
    manifest["interrupted"] = False


def record_counts(manifest: dict, state: RunState) -> None:
    """The counts so far: rows in the games file, games played in this session, errors, this session's
    seconds and games/s, and the seconds of every session."""
    manifest |= {"games_done": state.rows, "games_played": state.played, "errors": state.errors,
                 "seconds": round(state.seconds, 3),
                 "seconds_total": round(state.base_seconds + state.seconds, 3),
                 "games_per_s": round(state.played / state.seconds, 1) if state.seconds else None}


def finish(manifest: dict, state: RunState) -> None:
    """Record a run that finished or stopped: counts, times, games/s and whether it was interrupted."""
    record_counts(manifest, state)
    manifest |= {"ended": now(), "interrupted": state.interrupted}


def resume_command(kind: str, out: Path) -> str:
    """The command line that continues the run in ``out`` (``kind``: ``simulate`` or ``sweep``)."""
    return f"automa-sim {kind} --resume {shlex.quote(str(out))}"


def repository_path(path: str | Path) -> str:
    """``path`` as a published command names it: relative to the root of the automa-sim checkout when
    it is inside it, else as given when relative, else its name alone: never an absolute path of the
    machine that ran it."""
    path = Path(path)
    try:
        return path.resolve().relative_to(CHECKOUT).as_posix()
    except ValueError:
        return path.name if path.is_absolute() else path.as_posix()


def recorded_path(path: str) -> str:
    """A path a manifest recorded, as a report publishes it: an absolute one as a
    :func:`repository_path`; a relative one as recorded (relative to where the run was started)."""
    return repository_path(path) if os.path.isabs(path) else path


def regenerate_command(command: str, out: Path) -> str:
    """The run's recorded ``command`` as a report publishes it beside the results now in ``out``: its
    ``--out`` names ``out`` (with ``--force``, as ``out`` exists), and every other path, a word or
    after a word's ``=`` (a comma-separated list too), is a :func:`recorded_path`."""
    words = shlex.split(command)
    for k, word in enumerate(words):
        if k and words[k - 1] == "--out":
            words[k] = repository_path(out)
        elif word.startswith("--out="):
            words[k] = "--out=" + repository_path(out)
        else:
            head, eq, value = word.rpartition("=")
            words[k] = head + eq + ",".join(recorded_path(v) for v in value.split(","))
    if "--force" not in words and any(w == "--out" or w.startswith("--out=") for w in words):
        words.append("--force")
    return shlex.join(words)


def stop_line(manifest: dict, kind: str, out: Path) -> str | None:
    """The line saying a run stopped before the end (failed or interrupted) and how to continue it."""
    total = manifest["games"] if kind == "simulate" else manifest["games_per_cell"] * len(manifest["cells"])
    done = f"{manifest['games_done']} of {total} games"
    if manifest.get("failure"):
        what = f"FAILED after {done}: {manifest['failure']}"
    elif manifest["interrupted"]:
        what = f"INTERRUPTED after {done}"
    else:
        return None
    return f"{what}; finished rows kept; continue with: {resume_command(kind, out)}"


def begin(out: Path, prepare: Callable[[], None], manifest: dict, parts: list[Part], games: int, jobs: int,
          backend: str | None, scheduler: str | None, engine) -> dict:
    """Start a new run: ``prepare()`` the output directory, add the chunk plan to ``manifest`` and save it.
    ``engine`` is closed if any of that fails."""
    try:
        prepare()
        size = chunk_size(games, jobs)
        manifest |= {"backend": backend or "processes", "scheduler": scheduler, "chunk_size": size,
                     "chunks": len(tasks(parts, size)), "chunks_done": [], "complete": False, "retries": [],
                     "resumed": []}
        write_json(out / "manifest.json", manifest)
    except BaseException:
        engine.close()
        raise
    return manifest


def execute(out: Path, games_name: str, fmt: str, parts: list[Part], manifest: dict, engine,
            progress: Callable[[int], None] = lambda n: None, prefix: str | None = None) -> RunState:
    """Play every chunk of ``parts`` not yet recorded in ``manifest`` into ``out`` on ``engine``.

    ``engine`` is an open backend (:func:`automa.core.backends.open_backend`; the caller closes it).
    ``manifest`` (already holding :func:`begin`'s chunk plan) is updated and saved as the run
    goes. ``progress(n)`` is called with the rows appended to the games file. A chunk that keeps
    killing its worker stops the run like Ctrl-C, with the reason in the manifest's ``failure``.
    """
    from automa.core.backends import WorkerLost

    game = parts[0].spec.game
    n_cat = 2 * len(game.categories)
    chunk_dir = out / CHUNKS
    chunk_dir.mkdir(exist_ok=True)
    plan = tasks(parts, manifest["chunk_size"])
    if len(plan) != manifest["chunks"]:
        raise UsageError(f"{out}/manifest.json: records {manifest['chunks']} chunks, the run has {len(plan)}")
    prior = {k for k in unranges(manifest["chunks_done"]) if (chunk_dir / f"{k:07d}.csv").is_file()}
    state = RunState([Tally(n_cat) for _ in parts], base_seconds=manifest.get("seconds_total") or 0.0,
                     retries=manifest["retries"])
    waiting: dict[int, Tally | None] = {}  # played out of order: tally, text in its chunk file
    nxt = 0
    last_save = 0.0

    def save(force: bool = False) -> None:
        nonlocal last_save
        if force or time.monotonic() - last_save >= SAVE_EVERY:
            later = sorted(k for k in set(waiting) | prior if k >= nxt)
            manifest["chunks_done"] = ([[0, nxt - 1]] if nxt else []) + ranges(later)
            state.seconds = time.perf_counter() - clock
            record_counts(manifest, state)
            write_json(out / "manifest.json", manifest)
            last_save = time.monotonic()

    def append(task: Task, text: str | None, tally: Tally | None) -> None:
        if text is None:
            text = (chunk_dir / f"{task.key:07d}.csv").read_text()
        if tally is None:
            tally = _tally_text(game, text, n_cat, prefix is not None)
        writer.write_text(text, task.hi - task.lo)
        state.tallies[task.part].merge(tally)
        state.rows += task.hi - task.lo
        state.errors += tally.errors
        progress(task.hi - task.lo)

    def drain() -> None:
        nonlocal nxt
        while nxt < len(plan) and (nxt in waiting or nxt in prior):
            append(plan[nxt], None, waiting.pop(nxt, None))
            nxt += 1

    def on_retry(task: Task, attempt: int, why: str) -> None:
        part = parts[task.part]
        entry = {"chunk": task.key, "games": [task.lo, task.hi - 1], "attempt": attempt, "reason": why,
                 "at": now()}
        if part.prefix is not None:
            entry["cell"] = part.prefix
        state.retries.append(entry)
        save(force=True)

    clock = time.perf_counter()
    writer = GamesWriter(game, out / games_name, fmt, prefix)
    try:
        with Interrupts() as interrupts:
            try:
                with interrupts.shielded():
                    drain()  # the chunks of an earlier session, in order
                todo = (t for t in plan if t.key not in prior)
                engine.on_retry = on_retry
                played = engine.play(todo)
                try:
                    for chunk in played:
                        with interrupts.shielded():
                            key = chunk.task.key
                            state.played += chunk.task.hi - chunk.task.lo
                            # games/s per part (a ladder's speed per rung), over the chunks played
                            manifest.setdefault("part_seconds", [0.0] * len(parts))[chunk.task.part] += chunk.seconds
                            manifest.setdefault("part_played", [0] * len(parts))[chunk.task.part] += (
                                chunk.task.hi - chunk.task.lo)
                            _write_atomic(chunk_dir / f"{key:07d}.csv", chunk.text)
                            if key == nxt:
                                append(chunk.task, chunk.text, chunk.tally)
                                nxt += 1
                                drain()
                            else:
                                waiting[key] = chunk.tally
                            save()
                finally:
                    played.close()
                    engine.close()
            except KeyboardInterrupt:
                state.interrupted = True
            except WorkerLost as exc:
                state.failure = str(exc)
    finally:
        writer.close()
    state.complete = nxt == len(plan)
    manifest["complete"] = state.complete
    manifest["failure"] = state.failure
    save(force=True)
    if state.complete:
        shutil.rmtree(chunk_dir, ignore_errors=True)
    return state


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", newline="") as file:
        file.write(text)
    os.replace(tmp, path)


def _tally_text(game, text: str, n_cat: int, prefixed: bool) -> Tally:
    """The tally of a chunk file (a chunk played in an earlier session)."""
    tally = Tally(n_cat)
    if prefixed:
        import csv
        import io

        from automa.core.results import csv_text

        text = csv_text([r[1:] for r in csv.reader(io.StringIO(text))])
    first = results_start(game)
    for r in parse_rows(game, text):
        tally.add_games_row(r, first)
    return tally


def load_manifest(out: Path, kind: str) -> dict:
    """The manifest of a run to resume (UsageError if there is none, it is finished, or of another kind)."""
    import json

    path = Path(out) / "manifest.json"
    try:
        manifest = json.loads(path.read_text())
    except OSError:
        raise UsageError(f"--resume {out}: no manifest.json there; nothing to resume") from None
    except ValueError as exc:
        raise UsageError(f"--resume {out}: manifest.json is not valid JSON: {exc}") from None
    if manifest.get("kind", "simulate") != kind:
        other = manifest.get("kind", "simulate")
        raise UsageError(f"--resume {out}: that is a {other} run; resume it with `automa-sim {other} --resume`")
    if "chunks_done" not in manifest:
        raise UsageError(f"--resume {out}: the manifest records no chunks (made by an older version)")
    if manifest.get("complete"):
        raise UsageError(f"--resume {out}: the run is already complete; nothing to resume")
    recorded = manifest.get("data_files", {})
    now_files = data_files(manifest.get("game"), [manifest.get("options") or {}, manifest.get("grid") or {}])
    for name, files in recorded.items():
        if files != now_files.get(name):
            raise UsageError(f"--resume {out}: data file {name}={files[0]['path']} is missing or changed "
                             f"since the run started (its sha256 differs from the manifest's)")
    return manifest
