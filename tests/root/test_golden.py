"""Golden traces of fixed Root games (tests/core/golden.py): every bot step and rule event with its rule
ID, for a few seatings, each bot, difficulties and traits. Regenerate after an intended rule change:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/root/test_golden.py
"""
from pathlib import Path

import pytest

from tests.core.golden import check, trace_lines

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "master_marquise_defaults": (1, 0, "master", {}),
    "random_vagabond_tinker_nightmare_traits": (2, 3, "random", {
        "faction": "vagabond", "vagabond_character": "tinker", "difficulty": "nightmare",
        "mm_traits": "blitz,fortified,hospitals,iron_will", "ee_traits": "nobility,relentless,swoop,war_tax",
        "aa_traits": "informants,popularity,veterans,wildfire"}),
    "expert_alliance_against_the_vagabot_ranger": (3, 1, "expert", {
        "faction": "alliance", "bots": "vagabot", "vb_character": "ranger", "vb_traits": "adventurer,berserker,helper,marksman"}),
    "bots_only_eyrie_against_the_marquise_easy": (4, 2, "random", {
        "faction": "none", "bots": "mechanical_marquise,electric_eyrie", "difficulty": "easy"}),
    "expert_marquise_on_the_mountain_advanced_setup": (5, 0, "expert", {"map": "mountain", "setup": "advanced"}),
    "random_vagabond_on_the_lake": (6, 1, "random", {"map": "lake", "faction": "vagabond"}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_golden_trace(name):
    """The event log of a fixed game is unchanged (deterministic seeding, every rule event)."""
    check(GOLDEN, name, trace_lines("root", *CASES[name]))
