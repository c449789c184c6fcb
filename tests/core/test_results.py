"""Reading games tables (automa/core/results.py): a table written before an option existed."""
import pandas as pd
import pytest

from automa.analysis.compare import compare
from automa.core.registry import get_game
from automa.core.results import read_games
from tests.core.test_cli import run_cli


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_an_older_table_reads_a_missing_option_as_its_default(capsys, tmp_path, fmt):
    """Option columns a table lacks (it was written before those options existed) read as the options'
    defaults, in their places, so compare, summarize and report take an old run as before; before,
    reading it was an error ("no 'variant' column")."""
    code, _, err = run_cli(capsys, "simulate", "tiny", "--games", 40, "--seed", 3, "--jobs", 1,
                           "--format", fmt, "--out", tmp_path / "new")
    assert code == 0, err
    new = read_games(tmp_path / "new" / f"games.{fmt}", get_game)
    old_file = tmp_path / f"old.{fmt}"
    older = new.drop(columns=["variant", "crash_rate", "extras"])
    older.to_csv(old_file, index=False) if fmt == "csv" else older.to_parquet(old_file, index=False)
    old = read_games(old_file, get_game)
    pd.testing.assert_frame_equal(old, new)
    result = compare(old, new)
    assert result.paired and result.pairs == 40
    assert result.notes[0] == "B differs from A in: nothing (same settings)"
