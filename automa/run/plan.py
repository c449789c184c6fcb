"""Stage 2 of a run, the plan: the run's configurations as :class:`Part` s, cut into :class:`Task`
chunks of game indices, the manifest's record of that plan, and (to resume) the chunks already
played in an earlier session: a :class:`Plan`.

Game ``i`` depends only on the root entropy and ``i`` (see :mod:`automa.core.seeding`), so rows are
the same whatever the backend, job count or chunking: only load balancing depends on the plan.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Iterator

from automa.core.errors import UsageError
from automa.run.inputs import CHUNKS, RunSpec
from automa.core.results import columns, csv_text

MAX_CHUNK = 250  # games per work chunk; only load balancing depends on it, never the output
CHUNKS_PER_JOB = 8  # at least this many chunks per job: the last chunks leave little idle time


@dataclass(frozen=True)
class Part:
    """One configuration of a run: its spec, ``games`` games, and a ``prefix`` column (a sweep cell's label)."""

    spec: RunSpec
    games: int
    prefix: str | None = None

    @cached_property
    def shared_text(self) -> tuple[str, str]:
        """The CSV text of the fields every row of this part shares, before the game index (prefix,
        game) and after it (seed, strategy, options), each with its comma: most of a row's fields."""
        spec = self.spec
        before = ([] if self.prefix is None else [self.prefix]) + [spec.game.name]
        after = [spec.root, spec.strategy] + spec.option_values
        return csv_text([before])[:-1] + ",", csv_text([after])[:-1] + ","


@dataclass(frozen=True, order=True)
class Task:
    """A chunk of work: games ``lo .. hi-1`` of part ``part``; ``key`` is its place in the run's order."""

    key: int
    part: int
    lo: int
    hi: int


@dataclass(frozen=True)
class Plan:
    """A checkpointed run's chunks in order, and the keys of those already played (their files kept)."""

    tasks: list[Task]
    done: set[int] = field(default_factory=set)

    def todo(self) -> Iterator[Task]:
        """The chunks still to play, in order."""
        return (t for t in self.tasks if t.key not in self.done)


def chunk_file(out: Path, key: int) -> Path:
    """Where a checkpointed run in ``out`` keeps chunk ``key`` once it is played (:mod:`automa.run.collect`)."""
    return out / CHUNKS / f"{key:07d}.csv"


def records_file(out: Path, key: int) -> Path:
    """Where a checkpointed run in ``out`` keeps the training records of chunk ``key``, beside its chunk
    file: its games' gzip members (:func:`automa.run.collect.gzip_member`)."""
    return out / CHUNKS / f"{key:07d}.records.gz"


def chunk_size(games: int, jobs: int) -> int:
    """Games per work chunk: about :data:`CHUNKS_PER_JOB` chunks per job, at most :data:`MAX_CHUNK`."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (CHUNKS_PER_JOB * jobs))))


def tasks(parts: list[Part], size: int, start: int = 0) -> list[Task]:
    """The run's chunks in order: every part's games ``start .. start+games-1`` in chunks of ``size``."""
    out = []
    for p, part in enumerate(parts):
        stop = start + part.games
        for lo in range(start, stop, size):
            out.append(Task(len(out), p, lo, min(lo + size, stop)))
    return out


def new_plan(parts: list[Part], games: int, jobs: int, backend: str | None,
             scheduler: str | None) -> tuple[Plan, dict]:
    """A new checkpointed run's chunks (``games`` per part on ``jobs`` jobs), and the manifest's record of
    them: backend, scheduler, chunk size and count, the games of every part, none done yet."""
    size = chunk_size(games, jobs)
    plan = tasks(parts, size)
    return Plan(plan), {"backend": backend or "processes", "scheduler": scheduler, "chunk_size": size,
                        "chunks": len(plan),
                        "games_total": sum(p.games for p in parts), "chunks_done": [], "complete": False, "retries": [], "resumed": []}


def recorded_plan(out: Path, parts: list[Part], manifest: dict) -> Plan:
    """The chunks of the run ``manifest`` (in ``out``) records, to resume it (UsageError if they differ),
    with those it records as done whose file is there (and, for a recording strategy, its records file)."""
    plan = tasks(parts, manifest["chunk_size"])
    if len(plan) != manifest["chunks"]:
        raise UsageError(f"{out}/manifest.json: records {manifest['chunks']} chunks, the run has {len(plan)}")
    recording = parts[0].spec.strategy_cls.record_columns
    done = {k for k in unranges(manifest["chunks_done"])
            if chunk_file(out, k).is_file() and (not recording or records_file(out, k).is_file())}
    if done:
        _check_fields(out, min(done), plan[min(done)], parts)
    return Plan(plan, done)


def _check_fields(out: Path, key: int, task: Task, parts: list[Part]) -> None:
    """Refuse a resume whose finished games have other columns than this version writes: a run started
    before a rule option was added (or after one was removed) cannot go on in the same games file."""
    import csv

    part = parts[task.part]
    want = len(columns(part.spec.game)) + (part.prefix is not None)
    with chunk_file(out, key).open(newline="") as f:
        have = len(next(csv.reader(f), []))
    if have != want:
        raise UsageError(f"--resume {out}: its finished games have {have} columns, this automa-sim writes "
                         f"{want} (a rule option was added or removed since the run started); start the run "
                         f"again in another --out")


def ranges(keys: list[int]) -> list[list[int]]:
    """Sorted chunk keys as inclusive ``[first, last]`` ranges (the manifest's ``chunks_done``)."""
    out: list[list[int]] = []
    for k in keys:
        if out and out[-1][1] == k - 1:
            out[-1][1] = k
        else:
            out.append([k, k])
    return out


def unranges(spans: list[list[int]]) -> set[int]:
    return {k for a, b in spans for k in range(a, b + 1)}
