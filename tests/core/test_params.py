"""Strategy parameters: NAME(key=value, ...) in --strategy, sweeps and calibrate (automa.core.params)."""
import json

import pytest

from automa.core.errors import UsageError
from automa.core.params import split_spec
from automa.core.registry import get_game, get_strategy
from automa.core.results import read_games
from tests.core.test_cli import run_cli

P = "tests.core.tinygame:Picky"   # a strategy with parameters, by module path


def test_split_and_canonical():
    """Parameters are parsed, typed and bound; the canonical string lists every declared parameter
    in declaration order with its value, defaults included; a plain name stays plain."""
    assert split_spec(" picky( rank = 2 , then=first ) ") == ("picky", {"rank": "2", "then": "first"})
    tiny = get_game("tiny")
    spec = get_strategy(tiny, P + "(rank=2, then=first)")
    assert spec.canonical == P + "(rank=2,weight=1,then=first)"
    assert spec.values["rank"] == 2 and spec.values["then"].canonical == "first"
    assert get_strategy(tiny, P).canonical == P + "(rank=0,weight=1,then=high)"
    assert get_strategy(tiny, "high").canonical == "high"
    assert get_strategy(tiny, spec.canonical).canonical == spec.canonical      # it parses back


@pytest.mark.parametrize("text, message", [
    (P + "(rnk=1)", "unknown parameter 'rnk'; its parameters: rank, weight, then"),
    (P + "(rank=x)", "parameter rank: 'x' is not a whole number"),
    (P + "(rank=-1)", "below the smallest allowed value 0"),
    (P + "(weight=heavy)", "parameter weight: 'heavy' is not a number"),
    (P + "(rank)", "'rank' is not key=value"),
    (P + "(rank=1,rank=2)", "parameter rank is given twice"),
    (P + "(then=nope)", "unknown strategy 'nope'"),
    ("high(x=1)", "unknown parameter 'x'; its parameters: none"),
    (P + "(rank=1", "write NAME or NAME(key=value, ...)"),
])
def test_bad_parameters_are_one_line_errors(text, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)")):
        get_strategy(get_game("tiny"), text)


def test_simulate_records_the_canonical_string(capsys, tmp_path):
    """The games file's strategy column and the manifest hold the full canonical string; the
    parameter changes play; a bad parameter exits 2 before any game with one line."""
    code, _, _ = run_cli(capsys, "simulate", "tiny", "--games", 50, "--seed", 4, "--out", tmp_path / "a",
                         "--strategy", P + "(rank=2)", "--quiet")
    assert code == 0
    games = read_games(tmp_path / "a" / "games.csv", get_game)
    assert set(games["strategy"]) == {P + "(rank=2,weight=1,then=high)"}
    assert json.loads((tmp_path / "a" / "manifest.json").read_text())["strategy"] == P + "(rank=2,weight=1,then=high)"
    run_cli(capsys, "simulate", "tiny", "--games", 50, "--seed", 4, "--out", tmp_path / "b",
            "--strategy", P + "(rank=0)", "--quiet")
    assert read_games(tmp_path / "b" / "games.csv", get_game)["player_score"].mean() > games["player_score"].mean()
    code, out, err = run_cli(capsys, "simulate", "tiny", "--games", 5, "--out", tmp_path / "c",
                             "--strategy", P + "(rank=z)")
    assert code == 2 and len(err.strip().splitlines()) == 1 and not (tmp_path / "c").exists()


def test_list_strategies_shows_parameters(capsys):
    """``list strategies`` prints each parameter with its type, default and help."""
    code, out, _ = run_cli(capsys, "list", "strategies", "rurik")
    assert code == 0
    assert "budget=32 (int) simulations (rollouts) per decision" in out
    assert "rollout=expert (strategy)" in out
