"""Golden traces: the full event log of three fixed Rurik games, compared line by line.

Each game is (seed, game index, strategy, options); its events are stored as JSON lines
(``automa.core.trace.event_json``) in ``tests/rurik/golden/<name>.jsonl``. Any engine change that
alters play shows up here. After a deliberate rule change, inspect the diff and regenerate:

    UPDATE_GOLDEN=1 python -m pytest tests/rurik/test_golden.py
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.core.trace import Trace, event_json

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "seed1_game0_random_defaults": (1, 0, "random", {}),
    "seed7_game3_warlord_d4_gleb": (7, 3, "warlord", {"difficulty": 4, "rebel_leader": "gleb"}),
    "seed11_game5_builder_maria": (11, 5, "builder", {"rebel_leader": "maria"}),
    "seed5_game2_greedy_d4_all_modules": (5, 2, "greedy", {"difficulty": 4, "modules": "epic,warfare,factions"}),
}


def play_lines(seed, index, strategy, given):
    g = get_game("rurik")
    opts = g.resolve_options(given)
    ctx = g.prepare(opts)
    st = game_streams(seed, index)
    strat = get_strategy(g, strategy)(st.strategy)
    trace = Trace()
    res = g.play(ctx, opts, strat, st, trace)
    lines = [event_json(e) for e in trace.events]
    lines.append(json.dumps({"kind": "result", "player": res.player, "automa": res.automa,
                             "winner": res.winner, "turns": res.turns}))
    return lines


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_trace(name):
    """The event log of a fixed game is unchanged (deterministic seeding, every rule event)."""
    lines = play_lines(*CASES[name])
    path = GOLDEN / f"{name}.jsonl"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text("\n".join(lines) + "\n")
    assert path.exists(), f"{path} missing: run UPDATE_GOLDEN=1 python -m pytest tests/rurik/test_golden.py"
    expected = path.read_text().splitlines()
    for i, (got, want) in enumerate(zip(lines, expected)):
        assert got == want, f"{name}: first difference at event {i + 1}"
    assert len(lines) == len(expected)


def test_same_seed_same_trace():
    """Replaying a game gives the identical log (determinism)."""
    assert play_lines(*CASES["seed1_game0_random_defaults"]) == play_lines(*CASES["seed1_game0_random_defaults"])
