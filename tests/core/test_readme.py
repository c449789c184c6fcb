"""The README: its first lines are the two fresh-machine commands, its plugin example works, and its tune
demo prints what it shows."""
import re
import shlex
from pathlib import Path

import pytest

import automa
from automa.core.registry import get_game, get_strategy
from tests.core.test_cli import run_cli
from tests.core.test_registry import install_plugin

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def test_first_lines_install_run_and_test():
    first, _, second = README.splitlines()[:3]
    assert re.fullmatch(r"`python3\.11 -m venv \.venv && \.venv/bin/pip install \. && "
                        r"\.venv/bin/automa-sim simulate \w+ .*`", first)
    assert second == ("`python3.11 -m venv .venv && .venv/bin/pip install -e '.[dev]' && "
                      ".venv/bin/python -m pytest -q`")


def test_ci_runs_exactly_the_readme_test_command():
    ci = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text()
    assert README.splitlines()[2].strip("`") in ci.splitlines()


def test_plugin_example_installs_by_entry_point_and_plays(tmp_path, monkeypatch):
    source = re.search(r"<!-- plugin: mybots.py -->\n```python\n(.*?)```", README, re.S).group(1)
    install_plugin(tmp_path, monkeypatch, "tiny.dart = mybots:Dart", module="mybots", source=source)
    assert get_strategy(get_game("tiny"), "dart").cls.__name__ == "Dart"
    by_entry_point = automa.simulate("tiny", games=30, seed=2, strategy="dart", jobs=1)
    by_path = automa.simulate("tiny", games=30, seed=2, strategy="mybots:Dart", jobs=2)
    assert (by_entry_point.error == "").all()
    assert by_entry_point.drop(columns="strategy").equals(by_path.drop(columns="strategy"))


@pytest.mark.slow
def test_the_tune_demo_shows_its_real_output_an_improvement(capsys, tmp_path, monkeypatch):
    """The README's tune example, run as written (340 Rurik games, about 20 s on 2 busy cores), prints
    the output the README shows (but for the seconds), whose verdict is an improvement."""
    command = re.search(r"<!-- tune demo -->\n```sh\n(automa-sim tune .*)\n```", README).group(1)
    shown = re.search(r"<!-- tune demo output -->\n```text\n(.*?)```", README, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, *shlex.split(command)[1:], "--quiet")
    assert code == 0, err

    def timeless(text):
        return re.sub(r" · [\d.]+ s$", "", text, flags=re.M)
    assert timeless(out) == timeless(shown)
    assert "verdict: an improvement: the margin difference's interval lies above 0" in shown
