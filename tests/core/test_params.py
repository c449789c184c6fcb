"""Strategy parameters: NAME(key=value, ...) in --strategy, sweeps and calibrate (automa.core.params)."""
import json

import pytest

from automa.core.errors import UsageError
from automa.core.params import split_spec
from automa.core.registry import get_game, get_strategy, strategy_names
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


@pytest.mark.parametrize("flag", ["--long", "-v"])
def test_list_strategies_long_shows_parameters(capsys, flag):
    """``list strategies GAME --long`` prints each whole description, and each parameter with its type,
    default and help."""
    code, out, _ = run_cli(capsys, "list", "strategies", "rurik", flag)
    assert code == 0
    assert "budget=32 (int) simulations (rollouts) per decision" in out
    assert "rollout=expert (strategy)" in out
    assert "\nmc               flat Monte Carlo: the policy's best choices, each rolled out" in out


def test_list_strategies_is_one_line_a_strategy_grouped_by_game(capsys):
    """Short by default: the name and the first clause of its description, every game's under its name."""
    code, out, _ = run_cli(capsys, "list", "strategies")
    lines = out.splitlines()
    assert code == 0 and lines[-1] == "(automa-sim list strategies GAME --long: each strategy's parameters)"
    groups, game = {}, None
    for line in lines[:-1]:
        if not line.startswith(" "):
            game = line.removesuffix(":")
            groups[game] = []
        else:
            groups[game].append(line.split()[0])
    for name, listed in groups.items():
        assert listed == strategy_names(get_game(name)), name
    assert {"rurik", "stroganov", "root", "tiny"} <= set(groups)
    assert "  mc               flat Monte Carlo\n" in out and "  master           expert's direct scores with tuned " \
        "weights (default)\n" in out and "budget=" not in out
    code, one, _ = run_cli(capsys, "list", "strategies", "rurik")
    assert one.splitlines()[:-1] == [line[2:] for line in lines[1:1 + len(groups["rurik"])]]


def test_weights_at_their_defaults_are_left_out_of_the_canonical_string():
    """``expert``'s weights are ``hide_default`` parameters: at their defaults it is written
    ``expert`` (as in every published games.csv), a changed weight is named, and a value equal to
    the default is the default; a search player's canonical string names its rollout so."""
    rurik = get_game("rurik")
    assert get_strategy(rurik, "expert").canonical == "expert"
    assert get_strategy(rurik, "expert(kill=2)").canonical == "expert"
    assert get_strategy(rurik, "expert(clear=1, kill=2.5)").canonical == "expert(kill=2.5,clear=1)"
    assert get_strategy(rurik, "mc").canonical == "mc(budget=32,rollout=expert,z=1)"    # width follows the budget
    assert get_strategy(rurik, "mc(width=2)").canonical == "mc(budget=32,rollout=expert,width=2,z=1)"
    assert get_strategy(get_game("stroganov"), "expert(horse_stock=5)").canonical == "expert(horse_stock=5)"


def test_a_nested_strategy_keeps_its_own_parameters_and_parses_back():
    """Commas inside a nested strategy's parentheses belong to it: the canonical string of a search
    player with a re-weighted rollout policy parses back to itself."""
    rurik = get_game("rurik")
    spec = get_strategy(rurik, "mc(budget=4, rollout=expert(kill=2.5,clear=1), width=3)")
    assert spec.canonical == "mc(budget=4,rollout=expert(kill=2.5,clear=1),width=3,z=1)"
    assert spec.values["rollout"].values["kill"] == 2.5 and spec.values["rollout"].values["clear"] == 1.0
    assert get_strategy(rurik, spec.canonical).canonical == spec.canonical
    assert split_spec("mc(rollout=expert(a=1,b=2),z=1)") == ("mc", {"rollout": "expert(a=1,b=2)", "z": "1"})
    with pytest.raises(UsageError, match="unbalanced parentheses"):
        split_spec("mc(rollout=expert(a=1,b=2)")
    with pytest.raises(UsageError, match="unbalanced parentheses"):
        split_spec("mc(rollout=expert)a=1,b=2)")


def test_a_float_the_short_form_would_round_is_written_in_full():
    """``%g`` keeps six digits; a value it would round is written with every digit, so the string
    plays what was played."""
    tiny = get_game("tiny")
    assert get_strategy(tiny, P + "(weight=0.25)").canonical == P + "(rank=0,weight=0.25,then=high)"
    spec = get_strategy(tiny, P + "(weight=1.0000001)")
    assert spec.canonical == P + "(rank=0,weight=1.0000001,then=high)"
    assert get_strategy(tiny, spec.canonical).values["weight"] == 1.0000001


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_a_weight_must_be_finite(value):
    with pytest.raises(UsageError, match="is not a finite number"):
        get_strategy(get_game("rurik"), f"expert(kill={value})")
