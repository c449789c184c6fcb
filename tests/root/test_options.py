"""Root's options: every option cites a rule, every open point RT-OPEN-1..56 has its option or a reason,
and so has each of our own, RT-OWN-n (docs/root-open.md), the options validate as a registry entry, check() refuses impossible tables in one line, and
docs/root.md lists every option with its default (RT-STUDY-1, CW-GEN-2, CW-GEN-19, CW-GEN-22)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from automa.core.errors import UsageError
from automa.core.registry import Game
from automa.core.results import columns
from automa.root import data
from automa.root.options import (BOTS, LEVELS, OPEN_POINTS, OPTIONS, PREFIX, TRAITS, VB_CHARACTERS, check,
                                  seated_bots)
from automa.studies.sensitivity import why_not

REF = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "root"
DOCS = (Path(__file__).parents[2] / "docs" / "root.md").read_text()
OWN = (Path(__file__).parents[2] / "docs" / "root-open.md").read_text()
GAME = Game("root", "Root", OPTIONS, (), {}, play=None)    # a throwaway entry: Root is not registered yet
BY_NAME = {o.name: o for o in OPTIONS}
# one value modelled, the rest for later (docs/root.md, "Left for later")
SINGLE = {"bot_rules_version", "bot_unlisted_choices", "simultaneous_in_bot_turn",
          "hirelings"}   # one hireling built so far (docs/root.md, "Hirelings")


def resolve(**given) -> dict:
    return GAME.resolve_options(given)


def test_the_options_make_a_valid_game_entry():
    """Game.__post_init__ accepts the options: names unique, no clash with the games.csv columns, every
    applies_if names an option. No name starts with player_ or automa_, whatever the categories become."""
    assert len(BY_NAME) == len(OPTIONS)
    assert len(set(columns(GAME))) == len(columns(GAME))
    assert not [o.name for o in OPTIONS if o.name.startswith(("player_", "automa_"))]


def test_every_option_cites_a_rule_and_its_default_is_allowed():
    for o in OPTIONS:
        assert re.search(r"\b(RT-OPEN|RT-OWN|RT-STUDY|RT-SRC|CW|LoR)-[A-Z0-9]", o.ref), o.name
        assert o.parse(o.default) == o.default, o.name
        if o.type == "str":
            assert o.default in o.choices, o.name
        if o.kind == "rule":
            assert "RT-OPEN-" in o.ref or "RT-OWN-" in o.ref, o.name


def test_every_rule_option_has_an_alternative_unless_one_value_is_modelled():
    """sensitivity can vary every rule option; the one-value options are the ones docs/root.md says are
    for later (RT-OPEN-47 Director's Cut, RT-OPEN-4's and RT-OPEN-33's alternatives)."""
    base = resolve()
    assert {o.name for o in OPTIONS if len(o.choices) == 1} == SINGLE
    for o in OPTIONS:
        if o.kind == "rule" and o.name not in SINGLE:
            assert o.alternatives(base[o.name]), o.name


def test_every_open_point_has_an_option_or_a_reason():
    """RT-OPEN-1..56 each map to existing options, or to a reason: settled, or the appendices (issue 34);
    every rule option is reached from OPEN_POINTS and cites the open points it holds."""
    assert sorted(OPEN_POINTS) == list(range(1, 57))
    held = set()
    for n, where in OPEN_POINTS.items():
        if where.startswith(("settled: ", "issue 34: ")):
            continue
        for name in where.split(", "):
            assert name in BY_NAME, (n, name)
            assert re.search(rf"RT-OPEN-{n}\b", BY_NAME[name].ref), (n, name)
            held.add(name)
    assert held == {o.name for o in OPTIONS if o.kind == "rule" and "RT-OPEN-" in o.ref}


def _own() -> dict[int, str]:
    parts = re.split(r"^\* \*\*RT-OWN-(\d+)", OWN, flags=re.M)
    return {int(n): body for n, body in zip(parts[1::2], parts[2::2])}


def test_our_own_open_points_have_their_options_RT_OWN():
    """docs/root-open.md numbers RT-OWN-1..n without a gap; an entry naming an option has it as a rule option
    citing the entry, with the entry's default and alternatives; one marked [no option] has none; every
    RT-OWN id the code or the options cite is an entry."""
    entries = _own()
    assert sorted(entries) == list(range(1, len(entries) + 1))
    for n, body in entries.items():
        name = re.match(r" `(\w+)`\*\*", body)
        citing = [o.name for o in OPTIONS if re.search(rf"RT-OWN-{n}\b", o.ref)]
        if name is None:
            assert "**[no option]**" in body and not citing, n
            continue
        o = BY_NAME[name.group(1)]
        assert citing == [o.name] and o.kind == "rule", n
        assert o.default == re.search(r"Default `(\w+)`", body).group(1), n
        assert list(o.choices[1:]) == re.findall(r"Alternative `(\w+)`", body), n
    code = " ".join(p.read_text() for p in (Path(__file__).parents[2] / "automa" / "root").rglob("*.py"))
    assert {int(n) for n in re.findall(r"RT-OWN-(\d+)", code)} <= set(entries)


def _entries() -> dict[int, str]:
    text = (REF / "rules-open.md").read_text()
    parts = re.split(r"^\* \*\*RT-OPEN-(\d+) ", text, flags=re.M)
    return {int(n): body for n, body in zip(parts[1::2], parts[2::2])}


@pytest.mark.skipif(not (REF / "rules-open.md").is_file(), reason=f"rules reference not found at {REF}")
def test_open_points_follow_the_reference():
    """Every RT-OPEN-n of rules-open.md is in OPEN_POINTS; an option holding it has the name the reference
    proposes, its default, and each named alternative (unless one value is modelled); the reference's
    'settled, no option' entries have no option."""
    entries = _entries()
    assert sorted(entries) == sorted(OPEN_POINTS)
    for n, body in entries.items():
        name = re.match(r"`(\w+)`", body).group(1)
        if "[settled, no option]" in body:
            assert OPEN_POINTS[n].startswith("settled: "), n
            continue
        if OPEN_POINTS[n].startswith(("settled: ", "issue 34: ")):
            continue
        assert name in OPEN_POINTS[n].split(", "), (n, name)
        options = [BY_NAME[x] for x in OPEN_POINTS[n].split(", ")]
        default = re.search(r"Default `(\w+)`", body)
        if default:
            assert BY_NAME[name].default == default.group(1), n
        for alt in re.findall(r"Alternative(?: for [^:`]*)?:? `(\w+)`", body):
            if name not in SINGLE:
                assert any(alt in o.choices for o in options), (n, alt)


@pytest.mark.skipif(not (REF / "rules-clockwork.md").is_file(), reason=f"rules reference not found at {REF}")
def test_traits_and_levels_are_the_reference_cards():
    """The trait names are CW-<BOT>-TRAIT-1..4 in order, the levels CW-<BOT>-DIFF-*, for each bot."""
    text = (REF / "rules-clockwork.md").read_text()
    for bot, traits in TRAITS.items():
        tag = PREFIX[bot].upper()
        read = re.findall(rf"CW-{tag}-TRAIT-\d \[L\] ([A-Z][a-z]+(?: [A-Z][a-z]+)?)\.", text)
        assert [t.lower().replace(" ", "_") for t in read] == list(traits), bot
        assert re.findall(rf"CW-{tag}-DIFF-([A-Z]+)", text)[:4] == [lv.upper() for lv in LEVELS], bot
    assert all(f"CW-VB-CHAR-{c.upper()}" in text for c in VB_CHARACTERS)


def test_every_bot_has_its_difficulty_and_traits():
    """CW-GEN-19: a difficulty (same as `difficulty`, or its own) and any subset of its four traits."""
    for bot, p in PREFIX.items():
        assert BY_NAME[f"{p}_difficulty"].choices == ("same",) + LEVELS
        assert BY_NAME[f"{p}_traits"].choices == TRAITS[bot]
    assert resolve(vb_traits="marksman,helper")["vb_traits"] == "helper,marksman"


def test_the_path_options_are_the_data_files():
    assert [f.option for f in data.FILES] == [o.name for o in OPTIONS if o.type == "path"]


def test_bots_others_are_the_factions_nobody_plays():
    """bots=others seats the bot of every faction the player does not play; bots-only seats all four
    (RT-STUDY-1); a list is kept in setup-letter order (CW-GEN-9)."""
    assert seated_bots(resolve()) == ("electric_eyrie", "automated_alliance", "vagabot")
    assert seated_bots(resolve(faction="vagabond")) == ("mechanical_marquise", "electric_eyrie",
                                                        "automated_alliance")
    assert seated_bots(resolve(faction="none")) == tuple(BOTS)
    assert resolve(bots="vagabot, mechanical_marquise")["bots"] == "mechanical_marquise,vagabot"
    for faction in ("marquise", "eyrie", "alliance", "vagabond", "none"):
        check(resolve(faction=faction))


@pytest.mark.parametrize("given, message", [
    ({"bots": ""}, "option bots: name at least one bot"),
    ({"bots": "vagabott"}, "option bots: unknown bot 'vagabott' (did you mean 'vagabot'?)"),
    ({"bots": "others,vagabot"}, "option bots: others stands alone"),
    ({"faction": "ranger"}, "option faction: 'ranger' is not allowed"),
    ({"map": "autumn"}, "option map: 'autumn' is not allowed"),
])
def test_a_bad_value_is_one_line(given, message):
    with pytest.raises(UsageError) as err:
        resolve(**given)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


@pytest.mark.parametrize("given, message", [
    ({"bots": "mechanical_marquise,vagabot"},
     "option bots: mechanical_marquise plays the Marquise, the player's faction (CW-GEN-2)"),
    ({"faction": "alliance", "bots": "automated_alliance"}, "option bots: automated_alliance plays the Alliance"),
    ({"faction": "vagabond", "bots": "vagabot"}, "option bots: vagabot plays the Vagabond"),
    ({"faction": "none", "bots": "vagabot"}, "option bots: a game without a player needs at least 2 bots, not 1"),
    ({"faction": "none", "victory": "coop"}, "option victory: coop needs a player"),
    ({"seating": "fixed", "seat": 3, "bots": "vagabot"}, "option seat: 3 is past the last of 2 seats"),
])
def test_check_refuses_an_impossible_table_in_one_line(given, message):
    """CW-GEN-2 (a bot never plays the player's faction: so the player's Vagabond, the only faction with
    relationships, never meets the Vagabot, which has none, CW-VB-ABIL-6), RT-STUDY-1 (1-3 bots, or 2-4 without a player),
    CW-GEN-22 (co-op needs a player), LoR-5.1.1 (a seat at the table)."""
    with pytest.raises(UsageError) as err:
        check(resolve(**given))
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_check_accepts_the_edges():
    """Two bots without a player; the player in the last seat; co-op with a player; a bot's settings
    while it is not at the table are ignored (the player's faction can be swept with them fixed)."""
    check(resolve(faction="none", bots="electric_eyrie,vagabot"))
    check(resolve(seating="fixed", seat=4))
    check(resolve(victory="coop", bots="vagabot"))
    check(resolve(mm_traits="blitz,iron_will", mm_difficulty="nightmare"))


def test_a_bot_option_applies_only_while_its_bot_plays():
    """The Marquise bot's rule options are not varied when the player plays the Marquise; a trait's
    or a character's open point only with that trait or character (RT-OPEN-11, RT-OPEN-27, RT-OPEN-29)."""
    mm, blitz, thief = BY_NAME["mm_expand_limit"], BY_NAME["mm_blitz_destination"], BY_NAME["vb_thief_card"]
    assert not mm.applies(resolve()) and why_not(mm, resolve()).startswith("applies only with bots=")
    assert mm.applies(resolve(faction="eyrie")) and not why_not(mm, resolve(faction="eyrie"))
    assert not blitz.applies(resolve(faction="eyrie")) and blitz.applies(resolve(faction="eyrie", mm_traits="blitz"))
    assert not blitz.applies(resolve(mm_traits="blitz"))
    assert thief.applies(resolve()) and not thief.applies(resolve(vb_character="ranger"))
    assert not thief.applies(resolve(faction="vagabond"))
    assert BY_NAME["outrage_by_bot"].applies(resolve(faction="alliance"))
    assert not BY_NAME["outrage_by_bot"].applies(resolve())


def test_every_option_is_documented_with_its_default():
    """docs/root.md has a row per option with its default and allowed values, and names every open point."""
    rows = {m.group(1): (m.group(2), m.group(3)) for m in
            re.finditer(r"^\| `(\w+)` \| `([^`]*)` \| ([^|]*) \|", DOCS, re.M)}
    for o in OPTIONS:
        assert o.name in rows, f"{o.name} is missing from the options table in docs/root.md"
        default, allowed = rows[o.name]
        assert default == o.typed(o.default), o.name
        if o.type in ("str", "set"):
            assert [a.strip() for a in allowed.split(",")] == list(o.choices), o.name
    for n in OPEN_POINTS:
        assert re.search(rf"RT-OPEN-{n}\b", DOCS), n
