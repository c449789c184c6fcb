"""Every option value is checked by the option schema before any game is played: a bad value of any
option of either game is one line on stderr and exit code 2, and leaves no results folder behind."""
import pytest

import automa
from automa.core.registry import get_game
from automa.stroganov.options import trophy_track
from tests.core.test_cli import run_cli

GAMES = ("rurik", "stroganov")
BAD_TEXT = {trophy_track: ("a,b", "1,,2", "", "1,-2", "1.5")}  # bad values of each free-text parser


def bad_values(opt) -> tuple:
    """Values the schema of ``opt`` must reject, derived from its type, allowed values, range or parser."""
    if opt.type == "path":
        return ("/no/such/file.toml",)
    if opt.type == "set":
        return ("zz", f"{opt.choices[0]},zz")
    if opt.type == "bool":
        return ("maybe", "2")
    if opt.choices:
        return ("zz", "99") if opt.type == "str" else ("x", str(max(opt.choices) + 1), str(min(opt.choices) - 1))
    if opt.type == "int":
        assert opt.min is not None, f"{opt.name}: a count without allowed values must declare its range (min/max)"
        return ("x", "1.5", str(opt.min - 1)) + (() if opt.max is None else (str(opt.max + 1),))
    assert opt.parser in BAD_TEXT, f"{opt.name}: free text must declare choices or a parser (add its bad values)"
    return BAD_TEXT[opt.parser]


CASES = [(game, opt.name, value) for game in GAMES for opt in get_game(game).options for value in bad_values(opt)]


@pytest.mark.parametrize("game, name, value", CASES)
def test_a_bad_value_of_any_option_stops_before_any_game(capsys, tmp_path, monkeypatch, game, name, value):
    monkeypatch.chdir(tmp_path)  # the default results folder would appear here
    code, out, err = run_cli(capsys, "simulate", game, "--games", 3, "--jobs", 1, "--option", f"{name}={value}")
    assert (code, out) == (2, "")
    assert err.startswith(f"automa-sim: error: option {name}: ") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_every_option_has_bad_values():
    assert {name for _, name, _ in CASES} == {o.name for g in GAMES for o in get_game(g).options}


@pytest.mark.parametrize("game, name, value", [
    (game, opt.name, bound) for game in GAMES for opt in get_game(game).options
    for bound in (opt.min, opt.max) if bound is not None])
def test_the_ends_of_every_range_play(game, name, value):
    df = automa.simulate(game, games=2, seed=1, options={name: value}, jobs=1)
    assert (df.error == "").all() and (df[name] == value).all()


def test_the_examples_of_issue_15_are_rejected(capsys, tmp_path):
    for value in ("market_size=-3", "songs_per_winter=-1", "ivan_trophy_values=a,b", "ivan_trophy_values=1,,2"):
        code, _, err = run_cli(capsys, "simulate", "stroganov", "--games", 3, "--option", value,
                               "--out", tmp_path / "o")
        assert code == 2 and err.count("\n") == 1 and not (tmp_path / "o").exists()


def test_a_trophy_track_is_kept_in_canonical_form():
    df = automa.simulate("stroganov", games=1, seed=1, options={"ivan_trophy_values": " 1, 2,3"}, jobs=1)
    assert df.ivan_trophy_values.item() == "1,2,3" and df.error.item() == ""
