"""The Rebellion as data a designer can change (issue 31 §2): ``--option automa=FILE`` lays a TOML or JSON
file over the packaged automa section by section (solo cards RK-COMP-4, rebel boards per difficulty
RK-REB-SETUP-4, leaders RK-SB-REBLEAD-1..4, casualty check RK-CAS-2, income RK-REB-CLAIM-3, setup
RK-REB-SETUP-1, -8, -9); ``difficulty`` follows the levels the file defines, and sweeps, ladders and
calibrate compare automa variants on the same deals."""
from __future__ import annotations

import dataclasses
import tomllib

import pytest

from automa.core.errors import UsageError
from automa.core.registry import get_game
from automa.core.results import read_games
from automa.core.schema import read_data
from automa.rurik import claims, combat, rebellion
from automa.rurik.data import AUTOMA_FILE, RebelLeader, levels, load
from automa.run.sweep import run_sweep
from automa.run.sweep_spec import load_spec
from automa.studies import calibrate, ladder
from tests.core.test_cli import run_cli
from tests.rurik.conftest import _DATA, make_match, region
from tests.rurik.helpers import rebels, troops

KIEV, VOLYN = region("kiev"), region("volyn")
LEVEL_5 = """\
# level 4, with one more attack point on the attack space of its attack_move column
[difficulty.5]
starting_priority = "build"
columns = [
  {priority = "attack_move", spaces = [
    {trigger = "attack", bonus = "reveal_fewer", amount = 1, covered_at_start = false},
    {trigger = "attack", bonus = "attack", amount = 2, covered_at_start = true},
    {trigger = "build", bonus = "move", amount = 1, covered_at_start = true},
    {trigger = "muster", bonus = "muster", amount = 1, covered_at_start = true}]},
  {priority = "build", spaces = [
    {trigger = "build", bonus = "build", amount = 1, covered_at_start = false},
    {trigger = "attack", bonus = "move", amount = 1, covered_at_start = true},
    {trigger = "tax", bonus = "tax", amount = 1, covered_at_start = true},
    {trigger = "attack", bonus = "attack", amount = 1, covered_at_start = true}]},
  {priority = "tax", spaces = [
    {trigger = "muster", bonus = "move", amount = 1, covered_at_start = false},
    {trigger = "tax", bonus = "tax", amount = 1, covered_at_start = true},
    {trigger = "scheme", bonus = "coins", amount = 2, covered_at_start = true},
    {trigger = "move", bonus = "move", amount = 1, covered_at_start = true}]},
]
"""


def _file(tmp_path, text, name="automa.toml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _template(capsys, tmp_path):
    code, out, err = run_cli(capsys, "rules", "template", "rurik", "--file", "automa")
    assert code == 0, err
    return out


def test_the_template_is_the_whole_packaged_automa_with_rule_ids(capsys, tmp_path):
    """``rules template rurik --file automa`` prints every section, each commented with its rule IDs, and
    loads back as the packaged automa."""
    text = _template(capsys, tmp_path)
    assert set(tomllib.loads(text)) == {"difficulty", "leaders", "casualties", "coins", "setup", "cards"}
    for ref in ("RK-REB-SETUP-4", "RK-REB-BONUS-2", "RK-SB-REBLEAD-1", "RK-CAS-2", "RK-REB-CLAIM-3",
                "RK-REB-SETUP-1", "RK-COMP-4"):
        assert f"{ref}" in text, ref
    assert "\n[difficulty.4]\n" in text and "\n[leaders.maria]\n" in text
    assert load(_file(tmp_path, text)) == _DATA


def test_a_file_equal_to_the_packaged_automa_and_no_file_play_the_same_games_in_one_sweep(capsys, tmp_path):
    """A sweep with grid ``automa = ["", FILE]`` plays both cells on the same deals (common random
    numbers); with FILE the packaged template, the games are the same byte for byte but for the columns
    naming the file and the cell."""
    path = _file(tmp_path, _template(capsys, tmp_path))
    spec = tmp_path / "sweep.toml"
    spec.write_text(f'game = "rurik"\ngames = 12\nseed = 3\nstrategies = ["greedy"]\n'
                    f'[grid]\nautoma = ["", "{path}"]\nrebel_leader = ["maria"]\n'
                    f'[baseline]\nstrategy = "greedy"\nautoma = ""\n')
    out = run_sweep(load_spec(spec), jobs=1, out=tmp_path / "out", quiet=True).out
    games = read_games(out / "games.csv", get_game("rurik"))
    plain, filed = (games[games.automa.fillna("") == v].drop(columns=["automa", "cell"]).reset_index(drop=True)
                    for v in ("", path))
    assert len(plain) == len(filed) == 12
    assert plain.to_csv(index=False) == filed.to_csv(index=False)


def test_a_difficulty_level_is_allowed_only_when_the_automa_file_defines_it(tmp_path):
    """``difficulty=5`` is refused without a file that defines it, naming the levels defined; with
    ``[difficulty.5]`` it plays its own board (RK-REB-SETUP-4)."""
    game = get_game("rurik")
    with pytest.raises(UsageError, match=r"option difficulty: 5 is not allowed; allowed: 1, 2, 3, 4, as the "
                                         r"packaged automa defines \(RK-REB-SETUP-4\)$"):
        game.resolve_options({"difficulty": "5"})
    path = _file(tmp_path, LEVEL_5)
    with pytest.raises(UsageError, match=rf"option difficulty: 6 is not allowed; allowed: 1, 2, 3, 4, 5, as "
                                         rf"automa={path} defines \(RK-REB-SETUP-4\)$"):
        game.resolve_options({"difficulty": "6", "automa": path})
    assert levels(path) == (1, 2, 3, 4, 5)
    options = game.resolve_options({"difficulty": "5", "automa": path})
    data = game.prepare(options)
    assert data.boards[5].columns[0][1][1] == ("attack", "attack", 2, True)
    assert data.boards[4] == _DATA.boards[4]


def test_ladder_and_calibrate_walk_the_levels_the_file_defines(tmp_path):
    """The difficulty ladder of ``ladder`` and ``calibrate`` is the levels of the automa file in force."""
    game = get_game("rurik")
    path = _file(tmp_path, LEVEL_5)
    assert ladder.default_axes(game, game.resolve_options({})) == {"difficulty": [1, 2, 3, 4]}
    assert ladder.default_axes(game, game.resolve_options({"automa": path})) == {"difficulty": [1, 2, 3, 4, 5]}
    walked = calibrate.settings("rurik", "random", {"automa": path}, False, 1)
    assert [s.values["difficulty"] for s in walked] == [1, 2, 3, 4, 5]


def test_calibrate_walks_automa_files_at_a_level_only_they_define(tmp_path):
    """``calibrate --option difficulty=5 --over automa=A,B``: level 5 is checked against each file of the
    ladder, not against the packaged automa (docs/designing.md's calibrate step)."""
    a, b = _file(tmp_path, LEVEL_5, "a.toml"), _file(tmp_path, LEVEL_5.replace("amount = 2", "amount = 3"), "b.toml")
    walked = calibrate.settings("rurik", "random", {"difficulty": "5"}, True, 1, ("automa", [a, b]))
    assert [(s.group["rebel_leader"], s.values["automa"]) for s in walked][:3] == [
        ("sviatopolk", a), ("sviatopolk", b), ("gleb", a)]
    assert {s.spec.options["difficulty"] for s in walked} == {5}
    assert walked[1].ctx.boards[5].columns[0][1][1] == ("attack", "attack", 3, True)


@pytest.mark.parametrize("text, message", [
    ("[leaders.maria]\nattack_per_structur = 2\n",
     r"leaders\.maria\.attack_per_structur: unknown key; known: round_end, .* \(RK-REB-SETUP-2, RK-SB-REBLEAD-1\.\.4\)"),
    ("[leaders.yaroslav]\nround_end = \"none\"\n", r"leaders\.yaroslav: unknown key; known: sviatopolk, gleb, maria, "
                                                    r"theofana \(RK-SB-REBLEAD-1\.\.4\)"),
    ("[casualties]\nbase_cards = -1\n", r"casualties\.base_cards: -1 is out of range 0\.\.9 \(RK-CAS-2\)"),
    ("[coins]\nper_full_column = \"two\"\n", r"coins\.per_full_column: expected a whole number, got text "
                                              r"\(RK-REB-CLAIM-3, RK-CLAIM-3\)"),
    ("[setup]\nkiev_rebels = 20\n", r"setup: places 24 rebels .* \(RK-REB-SETUP-1, RK-REB-SETUP-8\)"),
    ("[difficulty.2]\nstarting_priority = \"defend\"\n",
     r"difficulty\.2\.starting_priority: 'defend' is not one of attack_move, build, tax \(RK-REB-SETUP-4\)"),
    ("[difficulty.x]\nstarting_priority = \"tax\"\n", r"difficulty\.x: key does not match .* \(RK-REB-SETUP-4\)"),
    ("[[difficulty.3.columns]]\npriority = \"tax\"\nspaces = [{trigger = \"tax\", bonus = \"tax\", amount = 1, "
     "covered_at_start = true}]\n", r"difficulty\.3\.columns: needs at least 3 entries, has 1 \(RK-REB-BONUS-1"),
    ("[difficulty.3]\ncolumns = [{priority = \"tax\", spaces = []}, {priority = \"build\", spaces = []}, "
     "{priority = \"attack_move\", spaces = []}]\n", r"difficulty\.3\.columns\[0\]\.spaces: needs at least 1"),
])
def test_a_bad_automa_file_is_one_line_naming_the_file_the_field_and_the_rule(capsys, tmp_path, text, message):
    """Every field is read or rejected by name; the error is one line with the file, the field and the rule
    ID, exit 2, before any game or output folder."""
    path = _file(tmp_path, text)
    code, out, err = run_cli(capsys, "simulate", "rurik", "--games", 2, "-o", f"automa={path}",
                             "--out", tmp_path / "out")
    assert code == 2 and err.count("\n") == 1 and err.startswith(f"automa-sim: error: {path}: "), err
    assert not (tmp_path / "out").exists()
    assert __import__("re").search(message, err), err


def test_columns_in_another_order_name_the_rule(tmp_path):
    """The rebel board's columns are attack_move, build, tax from left to right (RK-REB-BONUS-1)."""
    space = '{trigger = "tax", bonus = "tax", amount = 1, covered_at_start = true}'
    path = _file(tmp_path, "[difficulty.3]\ncolumns = [" + ", ".join(
        f'{{priority = "{p}", spaces = [{space}]}}' for p in ("tax", "build", "attack_move")) + "]\n")
    with pytest.raises(UsageError, match=r"difficulty\.3\.columns: the priorities must be attack_move, build, tax, "
                                         r"left to right \(RK-REB-BONUS-1\)"):
        load(path)


def test_sections_left_out_keep_the_packaged_data(tmp_path):
    """A file with one changed number changes that number only."""
    data = load(_file(tmp_path, "[leaders.theofana]\nmuster_per_tax = 2\n"))
    assert data.leaders["theofana"].muster_per_tax == 2
    assert dataclasses.replace(data, leaders=_DATA.leaders) == _DATA
    assert read_data(_file(tmp_path, "[coins]\nper_full_column = 2\n", "coins.toml")) == {"coins": {"per_full_column": 2}}


def _with_leader(name, **numbers):
    leaders = dict(_DATA.leaders)
    leaders[name] = dataclasses.replace(leaders[name], **numbers)
    return dataclasses.replace(_DATA, leaders=leaders)


def test_theofana_musters_what_the_file_says_per_tax(tmp_path):
    """Theofana's tax musters ``muster_per_tax`` rebels in her region (RK-SB-REBLEAD-4, RK-REB-TAX-7)."""
    for per, expected in ((1, 1), (3, 3)):
        m = make_match(data=_with_leader("theofana", muster_per_tax=per), rebel_leader="theofana")
        rebels(m, KIEV, 1, leader=True)
        before = m.s.sides[1].units[KIEV]
        rebellion.tax(m, 1)
        assert m.s.sides[1].units[KIEV] - before == expected


def test_a_mustering_leader_musters_round_end_rebels(tmp_path):
    """A leader with ``round_end = "muster"`` musters ``round_end_rebels`` into his region at the end of
    a round (RK-SB-REBLEAD-1, RK-EOR-1); Gleb made to muster stops moving."""
    m = make_match(data=_with_leader("sviatopolk", round_end_rebels=3))
    rebels(m, KIEV, 1, leader=True)
    claims.end_of_round(m)
    assert m.s.sides[1].units[KIEV] == 4
    m = make_match(data=_with_leader("gleb", round_end="muster", round_end_rebels=2), rebel_leader="gleb")
    rebels(m, VOLYN, 1, leader=True)
    claims.end_of_round(m)
    assert m.s.sides[1].leader == VOLYN and m.s.sides[1].units[VOLYN] == 3


def test_casualty_numbers_come_from_the_file():
    """The cards of a casualty check: base, +defender rules, +defender stronghold (RK-CAS-2)."""
    m = make_match()
    troops(m, VOLYN, 2)
    assert combat.casualty_cards(m, 0, VOLYN) == 2          # 1, +1: the player rules Volyn
    m = make_match(data=dataclasses.replace(_DATA, casualty_cards=(2, 3, 1)))
    troops(m, VOLYN, 2)
    assert combat.casualty_cards(m, 0, VOLYN) == 5


def test_every_leader_number_is_a_rebel_leader_field():
    """The leaders section and :class:`RebelLeader` name the same numbers (every field is read)."""
    packaged = AUTOMA_FILE.packaged()["leaders"]
    for name, fields in packaged.items():
        assert _DATA.leaders[name] == RebelLeader(name, **fields)
