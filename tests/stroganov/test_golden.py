"""Golden traces of fixed games: any change of engine behaviour shows up as a diff.

Regenerate after an intended rule change with::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/stroganov/test_golden.py
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from automa.core.registry import get_strategy
from automa.core.seeding import game_streams
from automa.core.trace import Trace, event_json
from automa.stroganov import GAME
from tests.stroganov.conftest import context

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "greedy_ivan_normal": (1, 0, "greedy", {}),
    "random_katyusha_hard_all_modules": (2, 5, "random", {"opponent": "katyusha", "difficulty": "hard",
                                                           "modules": "merchant,hunting_plan,landscapes,diplomacy"}),
    "courtier_medium_strategy_e_diplomacy": (3, 7, "courtier", {"difficulty": "medium", "automa_strategy": "e",
                                                                 "modules": "diplomacy,landscapes"}),
}


def trace_lines(seed, index, strategy, options) -> list[str]:
    opts = GAME.resolve_options(options)
    streams, trace = game_streams(seed, index), Trace()
    result = GAME.play(context(), opts, get_strategy(GAME, strategy)(streams.strategy), streams, trace)
    summary = {"kind": "result", "player": result.player, "automa": result.automa, "winner": result.winner}
    return [event_json(e) for e in trace.events] + [json.dumps(summary)]


@pytest.mark.parametrize("name", list(CASES))
def test_golden_trace(name):
    lines = trace_lines(*CASES[name])
    path = GOLDEN / f"{name}.jsonl"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text("\n".join(lines) + "\n")
    assert path.read_text().splitlines() == lines
