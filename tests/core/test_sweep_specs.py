"""The specs in sweeps/ load as they are, and the guide's table (sweeps/README.md) lists each of them
with its current number of cells and games."""
import re
from pathlib import Path

import pytest

from automa.run.sweep_spec import load_spec

SWEEPS = Path(__file__).resolve().parents[2] / "sweeps"
SPECS = sorted(SWEEPS.glob("*.toml"))


def table() -> dict[str, tuple[int, int]]:
    """The guide's rows: spec file -> (cells, games)."""
    rows = re.findall(r"^\| `([\w-]+\.toml)` \|[^|]*\| ([\d,]+) \| ([\d,]+) \|", (SWEEPS / "README.md").read_text(), re.M)
    return {name: (int(cells.replace(",", "")), int(games.replace(",", ""))) for name, cells, games in rows}


def test_the_guide_lists_every_spec_and_only_those():
    assert set(table()) == {p.name for p in SPECS}


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.name)
def test_each_spec_loads_with_the_cells_and_games_the_guide_gives(path):
    spec = load_spec(path)
    assert table()[path.name] == (len(spec.cells), len(spec.cells) * spec.games)
