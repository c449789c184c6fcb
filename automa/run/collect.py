"""Stage 4 of a run, collect: the played chunks' rows and tallies, put back in game-index order, in
memory (:func:`run`) or checkpointed into a results directory (:func:`collect`).

A checkpointed run writes each chunk, as soon as it is played (in any order), to
``chunks/<key>.csv`` by writing a temporary file and renaming it (atomic), and the manifest's
``chunks_done`` records it (ranges of chunk keys; the manifest itself is replaced atomically, at
most every :data:`SAVE_EVERY` seconds and at the end). The games file grows in game-index order
while the run goes: a chunk is appended when every chunk before it is in. The tallies are added as
rows are appended, never by reading the games file back, so memory stays flat however many games.

A strategy that writes training records (``Strategy.record_columns``) has them written to
``records.csv.gz`` the same way: each chunk's beside its chunk file (``chunks/<key>.records.gz``,
written first), appended in game-index order with the chunk's games. Each game's records are one gzip
member of their own (:func:`gzip_member`), so the file is the same bytes whatever the chunking, the
backend or the sessions.

``--resume DIR`` rebuilds the games file (and the records file) from the recorded chunk files (so a games file cut short
by ``kill -9`` does no harm) and plays only the chunks not recorded; the result is byte-identical to
an uninterrupted run. The finish stage (:mod:`automa.run.finish`) removes the chunk files of a
complete run.

Ctrl-C is held back while a chunk is being written (so no half row is ever written), then stops the
run: the games file keeps every chunk finished in order, the manifest says ``interrupted: true``. A
chunk that keeps killing its worker stops the run too, as a failure: ``failure`` says why, and
``interrupted`` stays false. Both are resumable. Each save of the manifest records the counts so far
(``games_done``: rows in the games file), so a killed run's manifest is right to within a save.
"""
from __future__ import annotations

import gzip
import io
import os
import signal
import threading
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from automa.run.backends import Backend, WorkerLost, open_backend
from automa.run.inputs import CHUNKS, RECORDS, RunSpec
from automa.run.manifest import now
from automa.run.plan import Part, Plan, Task, chunk_file, chunk_size, ranges, records_file, tasks
from automa.core.results import GamesWriter, csv_text, parse_rows, results_start, write_json
from automa.analysis.stats import Tally

SAVE_EVERY = 0.5  # seconds between manifest saves while a run goes


def run(spec: RunSpec, ctx: Any, games: int, jobs: int, write: Callable[[list[list]], None],
        start: int = 0, backend: str | None = None, scheduler: str | None = None) -> bool:
    """Play games ``start .. start+games-1`` and ``write`` their rows in index order.

    ``ctx`` is ``spec.game.prepare(spec.options)`` (the caller prepares, so a broken data file fails
    before any output exists; workers prepare their own). ``backend`` defaults to ``serial`` for one
    job and ``processes`` otherwise. Returns ``True`` if Ctrl-C stopped the run; every row finished
    in order before that was written.
    """
    backend = backend or ("serial" if jobs == 1 else "processes")
    parts = [Part(spec, games)]
    todo = tasks(parts, chunk_size(games, jobs), start)
    waiting: dict[int, list[list]] = {}
    nxt = 0
    try:
        with open_backend(backend, parts, jobs, scheduler, contexts={0: ctx}) as engine:
            for chunk in engine.play(iter(todo), want_rows=True):
                waiting[chunk.task.key] = chunk.rows
                while nxt in waiting:
                    write(waiting.pop(nxt))
                    nxt += 1
    except KeyboardInterrupt:
        return True
    return False


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


def record_counts(manifest: dict, state: RunState) -> None:
    """The counts so far: rows in the games file, games played in this session, errors, this session's
    seconds and games/s, the seconds of every session, and for a game with guards (``Game.guards``)
    the games each guard fired in (``guards``: rule ID -> games)."""
    manifest |= {"games_done": state.rows, "games_played": state.played, "errors": state.errors,
                 "seconds": round(state.seconds, 3),
                 "seconds_total": round(state.base_seconds + state.seconds, 3),
                 "games_per_s": round(state.played / state.seconds, 1) if state.seconds else None}
    if state.tallies and state.tallies[0].guards is not None:  # a game with guards: the games each fired in
        fired = Counter()
        for tally in state.tallies:
            fired.update(tally.guards)
        manifest["guards"] = dict(sorted(fired.items()))


def gzip_member(text: str) -> bytes:
    """``text`` (UTF-8) as one gzip member: level 6, modification time 0, no file name: the same bytes
    every time."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=6) as file:
        file.write(text.encode())
    return buffer.getvalue()


class RecordsWriter:
    """Writes ``records.csv.gz``: the header ``game,`` and the record columns, then the games' records
    in game-index order as they are appended (each game a gzip member, :func:`gzip_member`)."""

    def __init__(self, path: Path, record_columns: tuple):
        self._file = open(path, "wb")
        self._file.write(gzip_member(csv_text([["game", *record_columns]])))

    def write(self, members: bytes) -> None:
        """Append the gzip members of a chunk's games (:func:`chunk_records`)."""
        self._file.write(members)

    def close(self) -> None:
        self._file.close()


def chunk_records(texts: list[str]) -> bytes:
    """A played chunk's records (one text per game, :attr:`~automa.run.runner.Chunk.records`) as the
    gzip members of its games that wrote any."""
    return b"".join(gzip_member(text) for text in texts if text)


def start(out: Path, prepare: Callable[[], None], manifest: dict, engine: Backend) -> None:
    """Start a new checkpointed run: ``prepare()`` the output directory and save ``manifest`` (with the
    plan's record, :func:`automa.run.plan.new_plan`). ``engine`` is closed if either fails."""
    try:
        prepare()
        write_json(out / "manifest.json", manifest)
    except BaseException:
        engine.close()
        raise


def collect(out: Path, games_name: str, fmt: str, parts: list[Part], plan: Plan, manifest: dict,
            engine: Backend, progress: Callable[[int], None] = lambda n: None, prefix: str | None = None) -> RunState:
    """Play the chunks of ``plan`` still to play on ``engine``, and collect them (and those played before)
    into ``out``.

    ``engine`` is an open backend (:func:`automa.run.backends.open_backend`); it is closed when the
    chunks stop coming. ``manifest`` (holding the plan's record) is updated and saved as the run goes.
    ``progress(n)`` is called with the rows appended to the games file. A chunk that keeps killing
    its worker stops the run like Ctrl-C, with the reason in the manifest's ``failure``. A strategy
    that writes training records (one part: sweeps refuse them) has them appended to ``records.csv.gz``.
    """
    game = parts[0].spec.game
    record_columns = parts[0].spec.strategy_cls.record_columns
    n_cat = 2 * len(game.categories)
    (out / CHUNKS).mkdir(exist_ok=True)
    prior, order = plan.done, plan.tasks
    state = RunState([Tally(n_cat, bool(game.guards)) for _ in parts], base_seconds=manifest.get("seconds_total") or 0.0,
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

    def append(task: Task, text: str | None, tally: Tally | None, members: bytes | None = None) -> None:
        if text is None:
            text = chunk_file(out, task.key).read_text()
        if tally is None:
            tally = _tally_text(game, text, n_cat, prefix is not None)
        writer.write_text(text, task.hi - task.lo)
        if records is not None:
            records.write(records_file(out, task.key).read_bytes() if members is None else members)
        state.tallies[task.part].merge(tally)
        state.rows += task.hi - task.lo
        state.errors += tally.errors
        progress(task.hi - task.lo)

    def drain() -> None:
        nonlocal nxt
        while nxt < len(order) and (nxt in waiting or nxt in prior):
            append(order[nxt], None, waiting.pop(nxt, None))
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
    records = RecordsWriter(out / RECORDS, record_columns) if record_columns else None
    try:
        with Interrupts() as interrupts:
            try:
                with interrupts.shielded():
                    drain()  # the chunks of an earlier session, in order
                engine.on_retry = on_retry
                played = engine.play(plan.todo())
                try:
                    for chunk in played:
                        members = None if records is None else chunk_records(chunk.records)
                        with interrupts.shielded():
                            key = chunk.task.key
                            state.played += chunk.task.hi - chunk.task.lo
                            # games/s per part (a ladder's speed per rung), over the chunks played
                            manifest.setdefault("part_seconds", [0.0] * len(parts))[chunk.task.part] += chunk.seconds
                            manifest.setdefault("part_played", [0] * len(parts))[chunk.task.part] += (
                                chunk.task.hi - chunk.task.lo)
                            if members is not None:  # first: a chunk file says its records are in too
                                _write_atomic(records_file(out, key), members)
                            _write_atomic(chunk_file(out, key), chunk.text)
                            if key == nxt:
                                append(chunk.task, chunk.text, chunk.tally, members)
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
        if records is not None:
            records.close()
    state.complete = nxt == len(order)
    manifest["complete"] = state.complete
    manifest["failure"] = state.failure
    save(force=True)
    return state


def _write_atomic(path: Path, data: str | bytes) -> None:
    tmp = path.with_suffix(".tmp")
    if isinstance(data, bytes):
        tmp.write_bytes(data)
    else:
        with open(tmp, "w", newline="") as file:
            file.write(data)
    os.replace(tmp, path)


def _tally_text(game, text: str, n_cat: int, prefixed: bool) -> Tally:
    """The tally of a chunk file (a chunk played in an earlier session)."""
    tally = Tally(n_cat, bool(game.guards))
    first = results_start(game)
    for r in parse_rows(game, text, prefixed):
        tally.add_games_row(r[prefixed:], first)
    return tally
