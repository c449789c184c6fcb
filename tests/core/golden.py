"""Golden traces, for every engine's ``tests/<game>/test_golden.py``: the full event log of fixed games
(``automa.core.trace.event_json`` lines, then the result), compared line by line with the stored
``tests/<game>/golden/<name>.jsonl``. Any engine change that alters play shows up as a difference.
After a deliberate rule change, inspect the difference and regenerate:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/<game>/test_golden.py
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.core.trace import Trace, event_json


def trace_lines(game: str, seed: int, index: int, strategy: str, options: dict) -> list[str]:
    """Game ``index`` of ``seed`` played by ``strategy`` under ``options``: its events, then its result."""
    g = get_game(game)
    opts = g.resolve_options(options)
    streams, trace = game_streams(seed, index), Trace()
    res = g.play(g.prepare(opts), opts, get_strategy(g, strategy)(streams.strategy), streams, trace)
    summary = {"kind": "result", "player": res.player, "automa": res.automa, "winner": res.winner, "turns": res.turns}
    return [event_json(e) for e in trace.events] + [json.dumps(summary)]


def check(golden: Path, name: str, lines: list[str]) -> None:
    """``lines`` are the stored ``golden/<name>.jsonl`` (written first with ``UPDATE_GOLDEN=1``)."""
    path = golden / f"{name}.jsonl"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.mkdir(exist_ok=True)
        path.write_text("\n".join(lines) + "\n")
    assert path.exists(), f"{path} missing: run with UPDATE_GOLDEN=1"
    expected = path.read_text().splitlines()
    for i, (got, want) in enumerate(zip(lines, expected)):
        assert got == want, f"{name}: first difference at event {i + 1}"
    assert len(lines) == len(expected), name
