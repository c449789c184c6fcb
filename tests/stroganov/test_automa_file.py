"""The automa as a data file a designer changes (issue 31): ``--option automa=PATH`` over the packaged
Ivan's deck (ST-IVAN-DECK-1..3), difficulty levels (ST-IVAN-DIFF-1, ST-IVAN-DIFF-2) and trophy tracks
(ST-IVAN-ACT-3, ST-IVAN-KAT-1, ST-OPEN-19); its template, its errors, and sweeps over automa variants."""
from __future__ import annotations

import json
import tomllib

import pytest

from automa.core.errors import UsageError
from automa.core.results import columns
from automa.run.runner import play_one
from automa.run.simulate import resolve
from automa.stroganov import GAME, economy, ivan
from automa.stroganov.data import DATA, AUTOMA_FILE, Tables
from automa.stroganov.state import IVAN
from tests.core.test_cli import run_cli, usage_error
from tests.stroganov.conftest import make_run

PACKAGED = json.loads((DATA / "automa.json").read_text())
BRUTAL = "[difficulty.brutal]\nmissing_fur_coins = 2\ntrade_fur_coins = 2\n"


def template(tmp_path, capsys, fmt="toml"):
    """``rules template stroganov --file automa`` written to a file: its path."""
    code, out, _ = run_cli(capsys, "rules", "template", "stroganov", "--file", "automa", "--format", fmt)
    assert code == 0
    path = tmp_path / f"automa.{fmt}"
    path.write_text(out)
    return path


def games(options: dict, n: int = 6, strategy: str = "greedy") -> list:
    """The games.csv rows of ``n`` seeded games without the ``automa`` column (every score, the winner
    and the turns)."""
    spec = resolve("stroganov", strategy, options, 5)
    ctx = GAME.prepare(spec.options)
    at = columns(GAME).index("automa")
    return [row[:at] + row[at + 1:] for row in (play_one(spec, ctx, i) for i in range(n))]


def test_template_is_the_whole_packaged_automa_with_rule_ids(tmp_path, capsys):
    """The template prints every card, level and track with its rule ID, and reads back as the packaged
    data (ST-IVAN-DECK-1, ST-IVAN-DIFF-1, ST-IVAN-KAT-1)."""
    text = template(tmp_path, capsys).read_text()
    for cited in ("[ST-IVAN-DECK-1]", "[ST-IVAN-DIFF-1]", "[ST-IVAN-DIFF-2, ST-OPEN-45]", "[ST-IVAN-KAT-1, ST-OPEN-19]",
                  "[ST-IVAN-HUNT-1]", "[ST-IVAN-MOVE-1]", "[ST-IVAN-DECK-2]"):
        assert cited in text, cited
    assert tomllib.loads(text) == {k: v for k, v in PACKAGED.items() if k != "about"}
    assert text.count("[[deck.cards]]") == 18


@pytest.mark.parametrize("options", [{}, {"opponent": "katyusha", "difficulty": "hard",
                                          "modules": "merchant,hunting_plan,landscapes,diplomacy"}])
def test_a_file_equal_to_the_packaged_automa_plays_identical_games(tmp_path, capsys, options):
    """The template passed back (TOML or JSON) changes no game."""
    plain = games(options)
    for fmt in ("toml", "json"):
        assert games(options | {"automa": str(template(tmp_path, capsys, fmt))}) == plain


def test_a_section_left_out_keeps_the_packaged_data(tmp_path):
    """A file with only Katyusha's track changes her track, and nothing else (ST-IVAN-KAT-1)."""
    path = tmp_path / "kat.toml"
    path.write_text("[katyusha]\ntrophy_vp = [4, 6, 8]\n")
    t, packaged = Tables(automa_path=str(path)), Tables()
    assert t.trophy_vp == {"ivan": (1, 2, 3, 4, 5, 6), "katyusha": (4, 6, 8)}
    assert (t.cards, t.deck_ids, t.levels) == (packaged.cards, packaged.deck_ids, packaged.levels)


def test_the_trophy_track_comes_from_the_file_unless_the_option_gives_another(tmp_path):
    """``katyusha_trophy_values`` at its default takes the file's track; another value replaces it
    (ST-OPEN-19); the defaults are the packaged tracks."""
    path = tmp_path / "kat.toml"
    path.write_text("[katyusha]\ntrophy_vp = [9]\n")
    run = make_run(opponent="katyusha", automa=str(path))
    economy.trophy(run, IVAN)
    economy.trophy(run, IVAN)
    assert run.st.sides[IVAN].vp[economy.C_TROPHY] == 18
    run = make_run(opponent="katyusha", automa=str(path), katyusha_trophy_values="1,2")
    economy.trophy(run, IVAN)
    economy.trophy(run, IVAN)
    assert run.st.sides[IVAN].vp[economy.C_TROPHY] == 3
    defaults = {o.name: o.default for o in GAME.options}
    assert [defaults[f"{side}_trophy_values"] for side in ("ivan", "katyusha")] == \
        [",".join(map(str, PACKAGED[side]["trophy_vp"])) for side in ("ivan", "katyusha")]


def test_a_new_level_is_accepted_only_with_the_file_that_defines_it(tmp_path, capsys):
    """``difficulty=brutal`` needs a file defining it; without, one line naming the levels, exit 2, before
    any output (ST-IVAN-DIFF-1)."""
    path = tmp_path / "brutal.toml"
    path.write_text(BRUTAL)
    out = tmp_path / "out"
    err = usage_error(capsys, "simulate", "stroganov", "-n", "2", "-q", "--out", out, "-o", "difficulty=brutal")
    assert "'brutal' is not a level of the packaged automa" in err and "normal, medium, hard" in err
    assert "ST-IVAN-DIFF-1" in err and not out.exists()
    err = usage_error(capsys, "simulate", "stroganov", "-n", "2", "-q", "--out", out, "-o", "difficulty=brutl",
                      "-o", f"automa={path}")
    assert f"not a level of the automa file {path} (did you mean 'brutal'?)" in err
    assert "normal, medium, hard, brutal" in err and not out.exists()
    code, _, _ = run_cli(capsys, "simulate", "stroganov", "-n", "2", "-q", "--out", out, "-o", "difficulty=brutal",
                         "-o", f"automa={path}")
    assert code == 0 and (out / "games.csv").is_file()


def test_a_level_s_numbers_are_the_coins_ivan_gains(tmp_path):
    """A level's ``trade_fur_coins`` replace a fur of the trade space's value (ST-IVAN-DIFF-2) and its
    ``missing_fur_coins`` pay a missing location fur (ST-IVAN-DIFF-1)."""
    path = tmp_path / "brutal.toml"
    path.write_text(BRUTAL)
    run = make_run(difficulty="brutal", automa=str(path))
    side = run.st.sides[IVAN]
    coins, furs = side.coins, side.furs[run.st.trade_fur]
    economy.gain_fur(run, IVAN, run.st.trade_fur)
    assert (side.coins, side.furs[run.st.trade_fur]) == (coins + 2, furs)
    ivan._missing_fur(run, "yurt")
    assert side.coins == coins + 4


def test_an_added_card_joins_the_deck(tmp_path):
    """A 19th card: the random deck is built from 19 cards, a letter's from those without it
    (ST-IVAN-DECK-1, ST-IVAN-DECK-2)."""
    cards = PACKAGED["deck"]["cards"] + [{**PACKAGED["deck"]["cards"][0], "id": 19, "strategy_letters": ["a"]}]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"deck": {"cards": cards}}))
    t = Tables(automa_path=str(path))
    assert len(t.deck_ids["random"]) == 19 and len(t.deck_ids["a"]) == 13 and len(t.deck_ids["b"]) == 14
    assert games({"automa": str(path), "automa_strategy": "b"}, n=2)


@pytest.mark.parametrize("text, message", [
    ("[deck]\nsize = 11\n", "deck.size: 11 is out of range 12..999 (ST-IVAN-DECK-2, ST-IVAN-DECK-3, ST-IVAN-DRAW-1)"),
    ("[deck]\nsise = 13\n", "deck.sise: unknown key; known: size, cards (ST-IVAN-DECK-1..3)"),
    ("[deck]\nsize = 14\n", "deck.cards: strategy a removes the cards carrying 'a', which leaves 13, fewer than "
                            "deck.size 14 (ST-IVAN-DECK-2)"),
    ("[[deck.cards]]\nid = 1\n", "deck.cards: needs at least 12 entries, has 1 (ST-IVAN-DECK-1)"),
    ("[difficulty.brutal]\nmissing_fur_coins = 2\n", "difficulty.brutal: missing key 'trade_fur_coins' "
                                                     "(ST-IVAN-DIFF-1, ST-IVAN-DIFF-2, ST-TK-DIFF-1)"),
    ("[difficulty.hard]\ntrade_fur_coins = -1\n", "difficulty.hard.trade_fur_coins: -1 is out of range 0..99 "
                                                  "(ST-IVAN-DIFF-2, ST-OPEN-45)"),
    ("[difficulty.Brutal]\n", "difficulty.Brutal: key does not match"),
    ("[katyusha]\ntrophy_vp = []\n", "katyusha.trophy_vp: needs at least 1 entries, has 0 (ST-IVAN-KAT-1, ST-OPEN-19)"),
    ("[ivan]\ntrophy_vp = [1, \"two\"]\n", "ivan.trophy_vp[1]: expected a whole number, got text "
                                           "(ST-IVAN-ACT-3, ST-OPEN-19)"),
    ("[rebels]\n", "rebels: unknown key; known: about, deck, difficulty, ivan, katyusha"),
    ("[deck\n", "not valid TOML"),
])
def test_a_bad_automa_file_is_one_line_naming_file_field_and_rule(tmp_path, capsys, text, message):
    """Each error names the file, the field and its rule ID, in one line, exit 2, before any game."""
    path = tmp_path / "automa.toml"
    path.write_text(text)
    err = usage_error(capsys, "simulate", "stroganov", "-n", "2", "-q", "--out", tmp_path / "out",
                      "-o", f"automa={path}")
    assert f"{path}: " in err and message in err and not (tmp_path / "out").exists()


@pytest.mark.parametrize("index, field, value, message", [
    (0, "move_east", 13, "deck.cards[0].move_east: 13 is out of range 0..12 (ST-IVAN-MOVE-1)"),
    (1, "hunt_selection", "middle", "deck.cards[1].hunt_selection: 'middle' is not one of lowest, highest "
                                    "(ST-IVAN-HUNT-1)"),
    (2, "strategy_letters", ["g"], "deck.cards[2].strategy_letters[0]: 'g' is not one of a, b, c, d, e, f "
                                   "(ST-IVAN-DECK-2)"),
    (3, "paid_with_location_fur", False, "deck.cards[3].paid_with_location_fur: a outpost card is paid with the "
                                         "location fur, so this must be true (ST-IVAN-LOCFUR-1)"),
    (4, "colour", "red", "deck.cards[4].colour: unknown key"),
    (5, "id", 1, "deck.cards: id 1 appears twice (ST-IVAN-DECK-1)"),
])
def test_a_bad_card_names_its_field_and_rule(tmp_path, index, field, value, message):
    cards = [dict(c) for c in PACKAGED["deck"]["cards"]]
    cards[index][field] = value
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"deck": {"cards": cards}}))
    with pytest.raises(UsageError) as err:
        Tables(automa_path=str(path))
    assert str(err.value) == f"{path}: {message}" or (message in str(err.value) and str(path) in str(err.value))
    assert "\n" not in str(err.value)


def test_a_sweep_compares_automa_variants_on_paired_games(tmp_path, capsys, monkeypatch):
    """A sweep over ``automa = ["", FILE]`` plays both cells on the same deals; with the packaged automa
    as FILE the two cells' games are identical (issue 31)."""
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(capsys, "rules", "template", "stroganov", "--file", "automa")
    (tmp_path / "same.toml").write_text(out)
    (tmp_path / "brutal.toml").write_text(BRUTAL)
    (tmp_path / "sweep.toml").write_text(
        'game = "stroganov"\ngames = 4\nseed = 2\nstrategies = ["greedy"]\n[options]\ndifficulty = "hard"\n'
        '[grid]\nautoma = ["", "same.toml"]\n[baseline]\nstrategy = "greedy"\nautoma = ""\n')
    code, _, err = run_cli(capsys, "sweep", "sweep.toml", "--out", "out", "-j", "1", "-q")
    assert code == 0, err
    rows = (tmp_path / "out" / "games.csv").read_text().splitlines()
    at = rows[0].split(",").index("automa")
    cells = {}
    for row in rows[1:]:  # each cell's rows without its label and its automa file
        fields = row.split(",")
        cells.setdefault(fields.pop(at), []).append(fields[1:])
    assert list(cells) == ["", "same.toml"] and cells[""] == cells["same.toml"]
    (tmp_path / "sweep.toml").write_text(
        'game = "stroganov"\ngames = 4\nseed = 2\nstrategies = ["greedy"]\n[options]\nautoma = "brutal.toml"\n'
        '[grid]\ndifficulty = ["hard", "brutal"]\n[baseline]\nstrategy = "greedy"\ndifficulty = "hard"\n')
    code, _, err = run_cli(capsys, "sweep", "sweep.toml", "--out", "out2", "-j", "1", "-q")
    assert code == 0, err


def test_the_automa_file_is_offered_by_rules_template_and_rules_stays_the_default(capsys):
    code, out, _ = run_cli(capsys, "rules", "template", "stroganov")
    assert code == 0 and out.startswith("# Stroganov parameters")
    assert AUTOMA_FILE in GAME.data_files


def test_ivan_s_deck_comes_from_the_file(tmp_path):
    """Every card moving 5 tiles: Ivan's cossack moves 5 on his first turn (ST-IVAN-MOVE-1)."""
    cards = [dict(c, move_east=5) for c in PACKAGED["deck"]["cards"]]
    path = tmp_path / "fast.json"
    path.write_text(json.dumps({"deck": {"cards": cards}}))
    run = make_run(automa=str(path))
    start = run.st.sides[IVAN].pos
    ivan.move(run, run.t.card_by_id[run.st.deck[0]])
    assert run.st.sides[IVAN].pos == start + 5


def test_the_template_cites_only_rules_of_the_reference(tmp_path, capsys, reference):
    """Every rule ID the automa template cites exists in the rules reference (a range ``-1..3`` by its first)."""
    import re
    known = set(re.findall(r"\*\*(ST-[A-Z0-9-]+?)\*\*", (reference / "README.md").read_text()))
    known |= {f"ST-OPEN-{n}" for n in range(1, 100)}
    cited = set(re.findall(r"ST-[A-Z]+(?:-[A-Z0-9]+)*-\d+", template(tmp_path, capsys).read_text()))
    assert cited and cited <= known, sorted(cited - known)
