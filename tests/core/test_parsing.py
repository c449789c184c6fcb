"""Property tests of everything the user types or writes: option values, sweep specs, and user card
and rule files (Rurik ``automa=PATH``, Stroganov ``rules=PATH``).

Malformed TOML or JSON, missing fields, wrong types, unknown names and duplicates must each give one
UsageError of one line; through the command line, exit code 2, one line on stderr, no traceback and
no results directory.
"""
from __future__ import annotations

import copy
import json
import uuid

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from automa.core.errors import UsageError
from automa.core.registry import Option, get_game
from automa.run.runner import prepare
from automa.run.simulate import resolve
from automa.run.sweep_spec import load_spec
from tests.core.test_cli import run_cli

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
FEW = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                    st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                            st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                           max_leaves=6)


def one_line(exc: UsageError) -> bool:
    return "\n" not in str(exc) and str(exc) != ""


def expect_usage_error_or_value(call):
    """``call()`` either returns or raises a one-line UsageError; anything else fails the test."""
    try:
        return call()
    except UsageError as exc:
        assert one_line(exc), repr(str(exc))
        return None


# --- option values --------------------------------------------------------------------------------

OPTIONS = [
    Option("n", "int", 5, "", (3, 5, 8)),
    Option("free_n", "int", 0, ""),
    Option("flag", "bool", False, ""),
    Option("mode", "str", "a", "", ("a", "b")),
    Option("text", "str", "", ""),
    Option("mods", "set", "", "", ("x", "y", "z")),
    Option("file", "path", "", ""),
]
raw_values = st.one_of(st.text(max_size=20), st.integers(), st.booleans(), st.none(), st.floats(allow_nan=False),
                       st.lists(st.sampled_from(["x", "y", "z", "w", ""]), max_size=4))


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.type + ("+choices" if o.choices else ""))
@SETTINGS
@given(raw=raw_values)
def test_option_parse_gives_an_allowed_value_or_a_one_line_error(option, raw):
    value = expect_usage_error_or_value(lambda: option.parse(raw))
    if value is None:
        return
    if option.choices and option.type != "set":
        assert value in option.choices
    if option.type == "set":
        assert all(v in option.choices for v in value.split(",") if v)
    assert option.parse(value if option.type != "bool" else str(value)) == value  # parsing is idempotent


@SETTINGS
@given(text=st.text(max_size=30))
def test_a_game_option_from_the_command_line_is_parsed_or_refused_in_one_line(text):
    game = get_game("tiny")
    for opt in game.options:
        expect_usage_error_or_value(lambda: game.resolve_options({opt.name: text}))
    expect_usage_error_or_value(lambda: game.resolve_options({text: "1"}))


# --- sweep specs ----------------------------------------------------------------------------------

SPEC = {
    "game": "tiny", "games": 3, "seed": 7, "strategies": ["first", "high"],
    "grid": {"length": [3, 5], "variant": ["plain", "bonus"]},
    "options": {"extras": "a"},
    "exclude": [{"strategy": "high", "length": 3}],
    "baseline": {"strategy": "first", "length": 5, "variant": "plain"},
}


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v) if v == v and v not in (float("inf"), float("-inf")) else "nan"
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"
    return '""'  # TOML has no null


def to_toml(spec: dict) -> str:
    return "\n".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in spec.items()) + "\n"


def paths(node, prefix=()):
    """Every path into a JSON-like document."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def mutate(doc, data, names: list[str]):
    """One mutation of a document: drop an entry, change a value's type, put in an unknown or
    duplicate name, or duplicate a list entry."""
    doc = copy.deepcopy(doc)
    where = data.draw(st.sampled_from([p for p in paths(doc) if p]))
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    key = where[-1]
    how = data.draw(st.sampled_from(["drop", "retype", "unknown", "duplicate", "rename"]))
    if how == "drop":
        del parent[key]
    elif how == "retype":
        parent[key] = data.draw(json_values)
    elif how == "unknown":
        parent[key] = data.draw(st.sampled_from(["atlantis", "Zz", "", "-1", "gleb ", "cossack"]))
    elif how == "duplicate" and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    elif how == "duplicate" and isinstance(parent[key], list) and parent[key]:
        parent[key].append(copy.deepcopy(parent[key][0]))
    elif isinstance(parent, dict):
        parent[data.draw(st.sampled_from(names + ["unknown_key"]))] = parent.pop(key)
    return doc


@SETTINGS
@given(data=st.data())
def test_a_mutated_sweep_spec_loads_or_fails_in_one_line(tmp_path_factory, data):
    spec = mutate(SPEC, data, list(SPEC) + ["length", "variant", "strategy"])
    path = tmp_path_factory.mktemp("spec") / "s.toml"
    path.write_text(to_toml(spec))
    sweep = expect_usage_error_or_value(lambda: load_spec(path))
    if sweep is not None:
        assert sweep.cells and sweep.baseline in [c.label for c in sweep.cells]


@SETTINGS
@given(cut=st.integers(0, 400), junk=st.text(max_size=10))
def test_malformed_toml_is_one_line(tmp_path_factory, cut, junk):
    text = to_toml(SPEC)
    path = tmp_path_factory.mktemp("spec") / "s.toml"
    path.write_text(text[:cut] + junk + text[cut:] if junk else text[:cut])
    expect_usage_error_or_value(lambda: load_spec(path))


@FEW
@given(data=st.data())
def test_a_bad_sweep_on_the_command_line_is_exit_2_and_leaves_no_directory(tmp_path_factory, capsys, data):
    spec = mutate(SPEC, data, list(SPEC))
    tmp = tmp_path_factory.mktemp("cli")
    (tmp / "s.toml").write_text(to_toml(spec))
    code, out, err = run_cli(capsys, "sweep", tmp / "s.toml", "--out", tmp / "out", "--jobs", 1, "--quiet")
    assert code in (0, 2), err
    if code == 2:
        assert err.startswith("automa-sim: error: ") and err.count("\n") == 1 and "Traceback" not in err
        assert not (tmp / "out").exists()


# --- user card and rule files ---------------------------------------------------------------------

def engine_or_skip(name):
    try:
        return get_game(name)
    except UsageError as exc:
        pytest.skip(f"engine {name} not available: {exc}")


def rurik_cards() -> dict:
    from automa.rurik.data import DATA_DIR

    return json.loads((DATA_DIR / "solo_cards.json").read_text())


def stroganov_parameters() -> dict:
    from automa.stroganov.data import DATA

    params = json.loads((DATA / "parameters.json").read_text())
    params.update(json.loads((DATA / "turukhan.json").read_text()))
    params.pop("about", None)
    return params


REGION_NAMES = ["atlantis", "kiev", "Kiev", ""]


def through_prepare(game: str, option: str, path) -> None:
    """What ``simulate`` does with a user file: resolve the option, prepare the game."""
    spec = resolve(game, "random", {option: str(path)}, 1)
    prepare(spec)


@SETTINGS
@given(data=st.data())
def test_a_mutated_rurik_card_file_is_loaded_or_refused_in_one_line(tmp_path_factory, data):
    engine_or_skip("rurik")
    cards = mutate(rurik_cards(), data, ["cards", "id", "location_order", "priorities"] + REGION_NAMES)
    path = tmp_path_factory.mktemp("cards") / "cards.json"
    path.write_text(json.dumps(cards))
    expect_usage_error_or_value(lambda: through_prepare("rurik", "automa", path))


@SETTINGS
@given(cut=st.integers(0, 3000))
def test_a_cut_short_rurik_card_file_is_one_line(tmp_path_factory, cut):
    engine_or_skip("rurik")
    path = tmp_path_factory.mktemp("cards") / "cards.json"
    path.write_text(json.dumps(rurik_cards())[:cut])
    expect_usage_error_or_value(lambda: through_prepare("rurik", "automa", path))


def test_rurik_card_file_named_problems(tmp_path):
    """Unknown region, duplicate card, missing field and wrong type, each named in one line by the loader."""
    engine_or_skip("rurik")
    from automa.rurik.data import load

    cards = rurik_cards()
    cases = {
        "unknown region 'atlantis'": lambda d: d["cards"][0]["location_order"].__setitem__(0, "atlantis"),
        "cards: id 1 appears twice": lambda d: d["cards"][1].__setitem__("id", d["cards"][0]["id"]),
        "cards: allows at most 64 entries, has 65": lambda d: d["cards"].extend(
            dict(copy.deepcopy(d["cards"][0]), id=100 + i) for i in range(47)),
        "cards[1]: missing key 'priorities'": lambda d: d["cards"][1].pop("priorities"),
        "cards[2].id: expected a whole number, got text": lambda d: d["cards"][2].__setitem__("id", "seven"),
        "cards[3].priorities.tax.placements[0].thresold: unknown key":
            lambda d: d["cards"][3]["priorities"]["tax"]["placements"][0].__setitem__("thresold", 1),
        "not valid JSON": None,
    }
    for message, change in cases.items():
        doc = copy.deepcopy(cards)
        path = tmp_path / f"{uuid.uuid4().hex}.json"
        if change is None:
            path.write_text(json.dumps(doc)[:-5])
        else:
            change(doc)
            path.write_text(json.dumps(doc))
        with pytest.raises(UsageError) as exc:
            load(automa_path=str(path))
        assert message in str(exc.value) and one_line(exc.value)


@SETTINGS
@given(data=st.data(), suffix=st.sampled_from([".json", ".toml"]))
def test_a_mutated_stroganov_rules_file_is_loaded_or_refused_in_one_line(tmp_path_factory, data, suffix):
    engine_or_skip("stroganov")
    params = stroganov_parameters()
    section = data.draw(st.sampled_from(sorted(params)))
    assume(isinstance(params[section], dict) and params[section])
    key = data.draw(st.sampled_from(sorted(params[section])))
    rules = {section: {key: params[section][key]}}
    rules = mutate(rules, data, [section, key, "unknown_section", "tiles", "id"])
    path = tmp_path_factory.mktemp("rules") / f"rules{suffix}"
    path.write_text(json.dumps(rules) if suffix == ".json" else to_toml(rules) if all(
        not isinstance(v, dict) for v in rules.values()) else "\n".join(
        f"[{json.dumps(s)}]\n" + to_toml(v) for s, v in rules.items() if isinstance(v, dict)))
    expect_usage_error_or_value(lambda: through_prepare("stroganov", "rules", path))


@FEW
@given(junk=st.text(min_size=1, max_size=40), suffix=st.sampled_from([".json", ".toml"]))
def test_a_malformed_stroganov_rules_file_is_one_line(tmp_path_factory, junk, suffix):
    engine_or_skip("stroganov")
    path = tmp_path_factory.mktemp("rules") / f"rules{suffix}"
    path.write_text(junk)
    expect_usage_error_or_value(lambda: through_prepare("stroganov", "rules", path))


@pytest.mark.parametrize("game, option, content", [
    ("rurik", "automa", '{"cards": [{"id": 1}]'),                        # malformed JSON
    ("rurik", "automa", '{"cards": [{"id": 1, "location_order": ["atlantis"]}]}'),  # unknown region
    ("rurik", "automa", '{"cards": "all of them"}'),                     # wrong type
    ("stroganov", "rules", '[furs]\ntigers = "many"\n'),                # wrong type (TOML)
    ("stroganov", "rules", '[furs]\ntigers = 3\ntigers = 4\n'),         # duplicate key (TOML)
    ("stroganov", "rules", '{"atlantis": {"x": 1}}'),                   # unknown section
])
def test_a_broken_user_file_on_the_command_line_is_exit_2_and_leaves_no_directory(capsys, tmp_path, game,
                                                                                  option, content):
    engine_or_skip(game)
    path = tmp_path / ("rules.toml" if content.startswith("[") else "file.json")
    path.write_text(content)
    code, out, err = run_cli(capsys, "simulate", game, "--games", 2, "--jobs", 1, "-o", f"{option}={path}",
                             "--out", tmp_path / "out")
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("automa-sim: error: ") and str(path.name) in err
    assert not (tmp_path / "out").exists()
