"""Golden traces (tests/core/golden.py) of fixed Stroganov games: any change of engine behaviour shows up
as a diff. Regenerate after an intended rule change:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/stroganov/test_golden.py
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.golden import check, trace_lines

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "greedy_ivan_normal": (1, 0, "greedy", {}),
    "random_katyusha_hard_all_modules": (2, 5, "random", {"opponent": "katyusha", "difficulty": "hard",
                                                           "modules": "merchant,hunting_plan,landscapes,diplomacy"}),
    "courtier_medium_strategy_e_diplomacy": (3, 7, "courtier", {"difficulty": "medium", "automa_strategy": "e",
                                                                 "modules": "diplomacy,landscapes"}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_golden_trace(name):
    check(GOLDEN, name, trace_lines("stroganov", *CASES[name]))
