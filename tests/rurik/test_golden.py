"""Golden traces (tests/core/golden.py): the full event log of fixed Rurik games, compared line by line.
Regenerate after a deliberate rule change:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/rurik/test_golden.py
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.golden import check, trace_lines

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "seed1_game0_random_defaults": (1, 0, "random", {}),
    "seed7_game3_warlord_d4_gleb": (7, 3, "warlord", {"difficulty": 4, "rebel_leader": "gleb"}),
    "seed11_game5_builder_maria": (11, 5, "builder", {"rebel_leader": "maria"}),
    "seed5_game2_greedy_d4_all_modules": (5, 2, "greedy", {"difficulty": 4, "modules": "epic,warfare,factions"}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_trace(name):
    """The event log of a fixed game is unchanged (deterministic seeding, every rule event)."""
    check(GOLDEN, name, trace_lines("rurik", *CASES[name]))


def test_same_seed_same_trace():
    """Replaying a game gives the identical log (determinism)."""
    case = CASES["seed1_game0_random_defaults"]
    assert trace_lines("rurik", *case) == trace_lines("rurik", *case)
