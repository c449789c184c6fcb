"""The data-file schema (automa/core/schema.py): the checker's dotted paths, TOML or JSON by content,
and ``automa-sim rules template GAME`` round trips for every data file of every game."""
from __future__ import annotations

import json
import re

import pytest

import cli
from automa.core.errors import UsageError
from automa.core.registry import get_game
from automa.run.runner import play_one
from automa.core.schema import (AnyOf, Bool, Dict, Fixed, Int, List, Map, Note, Null, Opt, SchemaError, Str, check,
                                overlay, read_data, validate)

SPEC = Dict(fields={
    "warfare": Dict(fields={"first_vp": Int(lo=0, hi=99), "why": Opt(Note())}),
    "levels": List(item=Dict(fields={"id": Str(), "threshold": Int(lo=0), "boon": Opt(Bool())}), max=3, unique="id"),
    "reward": AnyOf(options=(Map(choices=("vp", "coins"), value=Int(lo=0)), List(item=Int()))),
    "names": Map(keys="[1-8]", value=Str(choices=("fox", "elk"))),
    "measure": Fixed(why="not configurable: the engine implements it"),
})
GOOD = {"warfare": {"first_vp": 3, "why": ["a", {"b": "c"}]}, "levels": [{"id": "a", "threshold": 2}],
        "reward": {"vp": 1}, "names": {"2": "fox"}, "measure": "regions ruled"}


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["warfare"].update(frist_vp=50), "warfare.frist_vp: unknown key; known: first_vp, why"),
    (lambda d: d["warfare"].update(first_vp=None), "warfare.first_vp: expected a whole number, got null"),
    (lambda d: d["warfare"].update(first_vp=True), "warfare.first_vp: expected a whole number, got true/false"),
    (lambda d: d["warfare"].update(first_vp=100), "warfare.first_vp: 100 is out of range 0..99"),
    (lambda d: d["warfare"].pop("first_vp"), "warfare: missing key 'first_vp'"),
    (lambda d: d["warfare"].update(why=3), "warfare.why: a note must be text"),
    (lambda d: d["levels"][0].update(thresold=2), "levels[0].thresold: unknown key"),
    (lambda d: d["levels"].append({"id": "a", "threshold": 1}), "levels: id 'a' appears twice"),
    (lambda d: d["levels"].extend([d["levels"][0]] * 3), "levels: allows at most 3 entries, has 4"),
    (lambda d: d.update(reward={"gold": 1}), "reward.gold: unknown key; known: vp, coins"),
    (lambda d: d.update(reward=[1, "x"]), "reward[1]: expected a whole number, got text"),
    (lambda d: d.update(reward="x"), "reward: expected an object or a list, got text"),
    (lambda d: d["names"].update({"9": "fox"}), "names.9: key does not match [1-8]"),
    (lambda d: d["names"].update({"3": "bear"}), "names.3: 'bear' is not one of fox, elk"),
    (lambda d: d.update(measure="regions held"), "measure: not configurable: the engine implements it; only the "
                                                 'packaged value "regions ruled" is accepted'),
])
def test_the_checker_names_the_bad_field_by_its_dotted_path(edit, message):
    """Every field is checked: a wrong kind, range, count, unknown or missing key is reported with the
    dotted path of the field; a Fixed field takes only the packaged value."""
    check(SPEC, GOOD, "", GOOD)
    data = json.loads(json.dumps(GOOD))
    edit(data)
    with pytest.raises(SchemaError) as err:
        check(SPEC, data, "", GOOD)
    assert str(err.value).startswith(message), str(err.value)
    with pytest.raises(UsageError, match=r"^my\.json: "):
        validate("my.json", SPEC, data, GOOD)


@pytest.mark.parametrize("value, message", [(None, ""), ("fox", ""), (3, "suit: expected text or null, got a whole number"),
                                            ("elk", "suit: 'elk' is not one of fox")])
def test_null_with_any_of_is_a_value_that_may_be_absent(value, message):
    """``AnyOf(options=(Str(...), Null()))`` takes the text or null, and names the field otherwise."""
    spec = Dict(fields={"suit": AnyOf(options=(Str(choices=("fox",)), Null()))})
    if not message:
        check(spec, {"suit": value})
        return
    with pytest.raises(SchemaError, match=f"^{message}"):
        check(spec, {"suit": value})


def test_overlay_merges_objects_and_replaces_lists():
    base = {"a": {"b": {"c": 1, "d": 2}, "e": [1, 2]}, "f": 3}
    assert overlay(base, {"a": {"b": {"c": 5}, "e": [9]}}) == {"a": {"b": {"c": 5, "d": 2}, "e": [9]}, "f": 3}
    assert overlay(base, {"a": {"b": {"c": 5}}}, depth=2) == {"a": {"b": {"c": 5}, "e": [1, 2]}, "f": 3}


def test_files_are_read_as_toml_or_json_by_content_not_by_name(tmp_path):
    """A data file's format is its content: JSON starts with '{', anything else is TOML (issue 15)."""
    (tmp_path / "a.json").write_text("[warfare]\nfirst_vp = 3\n")
    (tmp_path / "b.toml").write_text('{"warfare": {"first_vp": 3}}')
    assert read_data(tmp_path / "a.json") == read_data(tmp_path / "b.toml") == {"warfare": {"first_vp": 3}}
    (tmp_path / "c.toml").write_text("[warfare\n")
    with pytest.raises(UsageError, match=r"c\.toml: not valid TOML \(a data file is TOML, or JSON starting"):
        read_data(tmp_path / "c.toml")
    (tmp_path / "d.txt").write_text('{"a": }')
    with pytest.raises(UsageError, match=r"d\.txt: not valid JSON"):
        read_data(tmp_path / "d.txt")
    (tmp_path / "e.json").write_text('{"warfare": {"first_vp": 3, "first_vp": 50}}')
    with pytest.raises(UsageError, match=r"e\.json: not valid JSON: key 'first_vp' appears twice in one object"):
        read_data(tmp_path / "e.json")


FILES = [(g, f.option) for g in ("rurik", "stroganov", "root") for f in get_game(g).data_files]


def _swap_suits(deck):
    """Root's deck: the first card of a suit trades suits with the first card of another suit (two cards
    the Exiles and Partisans deck does not repeat)."""
    shared = {c.get("same_as_standard") for c in deck["exiles_and_partisans_deck"]["cards"]}
    cards = [c for c in deck["standard_deck"]["cards"] if c["suit"] != "bird" and c["id"] not in shared]
    first = cards[0]
    other = next(c for c in cards if c["suit"] != first["suit"] and c["count"] == first["count"])
    first["suit"], other["suit"] = other["suit"], first["suit"]


def _move_slot(clearings):
    """Root's map: a building slot moves from the first clearing with two to the first clearing."""
    two = next(c for c in clearings if c["building_slots"] == 2 and not c["ruin"])
    for c, step in ((clearings[0], 1), (two, -1)):
        c.update(building_slots=c["building_slots"] + step, free_slots_at_setup=c["free_slots_at_setup"] + step)


def _ruin_tea(items):
    """Root's items: a ruin holds a tea instead of a sword (the map's supply the other way round)."""
    ruin = items["setup"]["ruin_items_R"]["items"]
    ruin[ruin.index("sword")] = "tea"
    counts = items["setup"]["map_item_supply"]["counts"]
    counts.update(sword=counts["sword"] + 1, tea=counts["tea"] - 1)


# Root: one change per file, made on the parsed template (a user's transcription of a different fact)
ROOT_CHANGE = {
    "maps": lambda d: _move_slot(d["maps"]["fall"]["clearings"]),
    "deck": _swap_suits,
    "components": lambda d: _ruin_tea(d["items"]),
}


def _template(capsys, tmp_path, game, option, fmt):
    path = tmp_path / f"{option}.{fmt}"
    with pytest.raises(SystemExit) as exc:
        cli.main(["rules", "template", game, "--file", option, "--format", fmt, "--out", str(path)])
    assert exc.value.code == 0, capsys.readouterr().err
    return path


def _games(game, options, n=6):
    """Rows of n random-strategy games, without the option columns (a path differs from run to run)."""
    from automa.run.simulate import resolve

    spec = resolve(game, "random", options, 7)
    ctx = spec.game.prepare(spec.options)
    skip = len(spec.option_values)
    return [row[:4] + row[4 + skip:] for row in (play_one(spec, ctx, i) for i in range(n))]


@pytest.mark.parametrize("game, option", FILES)
def test_packaged_data_passes_its_schema(game, option):
    """The packaged files pass the schema a user's file is checked against."""
    f = next(f for f in get_game(game).data_files if f.option == option)
    base = f.packaged()
    validate(str(f.file), f.spec, base, base)


@pytest.mark.parametrize("game, option", FILES)
@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_rules_template_loads_back_unchanged_and_every_value_matters(capsys, tmp_path, game, option, fmt):
    """``rules template GAME`` writes a file that loads back as is and plays the default games; changing
    one number of it changes the games (issue 12)."""
    path = _template(capsys, tmp_path, game, option, fmt)
    if fmt == "toml":
        text = path.read_text()
        assert re.search(r"^# .*\[((RK|ST)(-[A-Z]+)+|LoR)-\d", text, re.M) and re.search(r"^# .*read it from: ", text, re.M)
    assert _games(game, {option: str(path)}) == _games(game, {})
    if game == "root":
        data = read_data(path)
        ROOT_CHANGE[option](data)
        changed = tmp_path / "changed.json"
        changed.write_text(json.dumps(data))
        assert _games(game, {option: str(changed)}, 40) != _games(game, {}, 40)
        return
    change = {("rurik", "scoring"): ("first_vp", 3, 30), ("rurik", "automa"): ("location_order", '"kiev"', '"kiev"'),
              ("stroganov", "rules"): ("tiger_vp", 2, 20), ("stroganov", "automa"): ("size", 13, 12)}[(game, option)]
    if (game, option) == ("rurik", "automa"):   # swap two regions of the first card's order
        data = read_data(path)
        order = data["cards"][0]["location_order"]
        order[0], order[-1] = order[-1], order[0]
        path.write_text(json.dumps(data))
    else:
        text = path.read_text()
        key, old, new = change
        pattern = (rf'("{key}": \{{\s*"value": ){old}\b' if fmt == "json" else rf"(\[warfare\.{key}\]\nvalue = ){old}\b") \
            if game == "rurik" else (rf'("{key}": ){old}\b' if fmt == "json" else rf"(^{key} = ){old}\b")
        text, n = re.subn(pattern, rf"\g<1>{new}", text, flags=re.M)
        assert n == 1
        path.write_text(text)
    assert _games(game, {option: str(path)}, 40) != _games(game, {}, 40)


def test_rules_template_rejects_an_unknown_file(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["rules", "template", "rurik", "--file", "rules"])
    assert exc.value.code == 2
    assert capsys.readouterr().err.strip() == ("automa-sim: error: --file rules: game rurik has no such data file; "
                                               "known: automa, scoring")


def test_an_odd_key_is_quoted_so_the_message_stays_one_line():
    """A key with a newline or spaces is named in quotes: the error is still one line (a case the
    Stroganov rules-file fuzz test found)."""
    spec = Dict(fields={"a": Int()})
    for key in ("\n", "two words"):
        with pytest.raises(SchemaError) as exc:
            check(spec, {key: 1})
        assert "\n" not in str(exc.value) and repr(key) in str(exc.value)
