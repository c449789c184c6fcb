"""A person's results folder (``automa-sim play``, automa/table/played.py) across versions."""
from __future__ import annotations

import csv

import pytest

from automa.table import played
from automa.core.errors import UsageError
from automa.core.registry import get_game
from automa.core.results import columns, csv_text, read_games
from automa.run.runner import play_one, prepare
from automa.run.simulate import resolve


def _row(game: str) -> list:
    spec = resolve(game, "greedy", {}, 5)
    return play_one(spec, prepare(spec), 0)


def test_a_folder_written_before_an_option_existed_takes_new_games(tmp_path):
    """A games file whose header lacks only an option added since (here Rurik's
    leader_step_city_gate, RK-READ-13) is accepted: its rows get the option's default, the rules they
    were played under, and the new row fits under the header (issue 29: it was refused)."""
    game = get_game("rurik")
    row = _row("rurik")
    cols = columns(game)
    gone = cols.index("leader_step_city_gate")
    folder = tmp_path / "play"
    folder.mkdir()
    (folder / "games.csv").write_text(csv_text([[c for k, c in enumerate(cols) if k != gone],
                                                [v for k, v in enumerate(row) if k != gone]]))
    assert played.record(game, row, tmp_path / "saved.json", folder, "automa-sim play") == 0
    with (folder / "games.csv").open(newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == cols and len(rows) == 3
    assert rows[1][gone] == rows[2][gone] == "free"
    assert len(read_games(folder / "games.csv", game)) == 2


def test_a_folder_of_another_game_is_still_refused(tmp_path):
    game = get_game("rurik")
    folder = tmp_path / "play"
    folder.mkdir()
    (folder / "games.csv").write_text(csv_text([columns(get_game("stroganov")), _row("stroganov")]))
    with pytest.raises(UsageError, match="columns differ"):
        played.check_folder(game, folder)
