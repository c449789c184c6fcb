"""The registry: option parsing, strategy lookup (built-in, entry point, module path), schema checks."""
import pytest

from automa.core.errors import UsageError
from automa.core.registry import Game, Option, get_game, get_strategy, strategy_names
from tests.core import tinygame

PLUGIN = '''
from automa.core.strategy import Strategy

class Last(Strategy):
    """Keeps the last die."""
    name = "last"

    def choose(self, decision):
        return decision.choices[-1]
'''


def install_plugin(tmp_path, monkeypatch, entry, module="tinyplug", source=PLUGIN):
    """A real installed distribution on sys.path: a module plus a dist-info with one entry point."""
    (tmp_path / f"{module}.py").write_text(source)
    info = tmp_path / f"{module}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[automa_sim.strategies]\n{entry}\n")
    monkeypatch.syspath_prepend(str(tmp_path))


@pytest.mark.parametrize("opt, raw, value", [
    (Option("n", "int", 1, ""), "7", 7),
    (Option("n", "int", 1, "", (1, 2)), "2", 2),
    (Option("b", "bool", False, ""), "Yes", True),
    (Option("b", "bool", True, ""), "off", False),
    (Option("s", "str", "x", "", ("x", "y")), "y", "y"),
    (Option("m", "set", "", "", ("a", "b", "c")), "c, a", "a,c"),
    (Option("m", "set", "", "", ("a", "b")), "", ""),
    (Option("p", "path", "", ""), "", ""),
])
def test_option_parse(opt, raw, value):
    assert opt.parse(raw) == value


@pytest.mark.parametrize("opt, raw, message", [
    (Option("n", "int", 1, ""), "x", "option n: 'x' is not a whole number"),
    (Option("n", "int", 1, "", (1, 2)), "3", "option n: '3' is not allowed; allowed: 1, 2"),
    (Option("b", "bool", False, ""), "maybe", "is not true or false"),
    (Option("m", "set", "", "", ("a", "b")), "a,z", "unknown value 'z'; allowed: a, b"),
    (Option("p", "path", "", ""), "/no/such/file", "no such file"),
])
def test_option_parse_rejects_bad_values(opt, raw, message):
    with pytest.raises(UsageError, match=message):
        opt.parse(raw)


def test_resolve_options_fills_defaults_and_rejects_unknown_keys():
    game = get_game("tiny")
    assert game.resolve_options({"length": "8"})["length"] == 8
    assert game.resolve_options(None)["variant"] == "plain"
    with pytest.raises(UsageError, match="unknown option 'nope' for game tiny; known: length, variant"):
        game.resolve_options({"nope": 1})


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UsageError, match=r"unknown game 'chess'; known games: rurik, stroganov, root, tiny"):
        get_game("chess")


def test_builtin_and_module_path_strategies():
    game = get_game("tiny")
    assert get_strategy(game, "first").cls is tinygame.First
    assert get_strategy(game, "tests.core.tinygame:Noisy").cls is tinygame.Noisy
    with pytest.raises(UsageError, match="has no 'Nope'"):
        get_strategy(game, "tests.core.tinygame:Nope")
    with pytest.raises(UsageError, match="cannot import strategy"):
        get_strategy(game, "no_such_module:X")
    with pytest.raises(UsageError, match="is not a subclass of automa.core.strategy.Strategy"):
        get_strategy(game, "tests.core.tinygame:play")


def test_entry_point_strategy_from_an_installed_distribution(tmp_path, monkeypatch):
    install_plugin(tmp_path, monkeypatch, "tiny.last = tinyplug:Last")
    game = get_game("tiny")
    assert strategy_names(game) == ["high", "first", "last"]
    assert get_strategy(game, "last").cls.__name__ == "Last"
    with pytest.raises(UsageError, match=r"unknown strategy 'other' for game tiny; known: high, first, last"):
        get_strategy(game, "other")


def test_a_broken_entry_point_is_a_usage_error(tmp_path, monkeypatch):
    install_plugin(tmp_path, monkeypatch, "tiny.bad = tinyplug_missing:Nope")
    with pytest.raises(UsageError, match="entry point failed to load"):
        get_strategy(get_game("tiny"), "bad")


def test_an_option_named_like_a_result_column_is_refused():
    with pytest.raises(ValueError, match="clash with games.csv columns: rounds"):
        Game("g", "G", (Option("rounds", "int", 1, ""),), ("x",), {}, tinygame.play)


def test_module_path_strategy_is_found_in_the_current_directory(tmp_path):
    """``--strategy mybots:Dart`` from the folder holding ``mybots.py`` needs no PYTHONPATH (as ``python -m``)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    (tmp_path / "mybots.py").write_text(PLUGIN)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([str(Path(sys.executable).with_name("automa-sim")), "simulate", "rurik",
                           "--games", "2", "--seed", "1", "--jobs", "1", "--strategy", "mybots:Last",
                           "--out", "r", "--quiet"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "strategy mybots:Last" in done.stdout and (tmp_path / "r" / "games.csv").is_file()
