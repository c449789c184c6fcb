"""The packaged data files: every fact cross-checked with the rules reference; the rules file overlay
and its validation (ST-IVAN-DECK-1, ST-IVAN-DECK-2, ST-OPEN-*)."""
from __future__ import annotations

import json

import pytest

from automa.core.errors import UsageError
from automa.stroganov.data import DATA, SIX_REGIONS, TERRAINS, Tables
from tests.stroganov.conftest import context

PARAMS = json.loads((DATA / "parameters.json").read_text())
TURUKHAN = json.loads((DATA / "turukhan.json").read_text())


def ref(reference, name):
    return json.loads((reference / "data" / name).read_text())


AUTOMA = json.loads((DATA / "automa.json").read_text())


def test_cards_match_reference(reference):
    """All 18 cards, field by field (ST-IVAN-DECK-1)."""
    mine = AUTOMA["deck"]["cards"]
    theirs = ref(reference, "automa_cards.json")["cards"]
    assert len(mine) == len(theirs) == 18
    for a, b in zip(mine, theirs):
        assert a == {k: b[k] for k in a}


def test_strategies_match_reference(reference):
    """Each letter removes the reference's 5 cards, leaving 13 (ST-IVAN-DECK-2)."""
    theirs = {o["letter"]: o for o in ref(reference, "strategies.json")["options"] if o["letter"]}
    assert AUTOMA["deck"]["size"] == 13 and sorted(theirs) == list("abcdef")
    for letter, s in theirs.items():
        assert [c["id"] for c in AUTOMA["deck"]["cards"] if letter in c["strategy_letters"]] == s["cards_removed"]


def test_parameters_match_reference(reference):
    """Every parameter value equals the reference's value or proposed default: fur kinds and bag counts,
    regions, tiles with terrain and claim bonus, villages, yurts, songs, wish groups (ST-FUR-1, ST-FUR-2,
    ST-BOARD-2, ST-BOARD-4, ST-LAND-1, ST-LAND-3, ST-VILLAGE-3, ST-YURT-4, ST-SONG-5, ST-WISH-1)."""
    p = ref(reference, "parameters.json")
    v = lambda s, k: p[s][k]["value"]
    assert PARAMS["furs"]["names"] == {str(k["value"]): k["name"] for k in v("furs", "kinds")}
    assert PARAMS["furs"]["bag_counts_by_value"] == v("furs", "bag_counts_by_value")
    assert PARAMS["furs"]["tigers"] == v("components", "tiger_tiles")
    # five regions 1-5 of 2,2,2,3,3 (the reference's 2026-12-01 default; region 0 holds no slots) and the
    # former six regions of 2 as region_layout=six_regions (ST-BOARD-2, ST-OPEN-3)
    five = next(a["five_regions"] for a in p["board"]["slots_per_region"]["alternatives"] if isinstance(a, dict))
    assert PARAMS["board"]["slots_per_region"] == [0] + five
    assert list(SIX_REGIONS) == v("board", "slots_per_region")
    assert PARAMS["board"]["regions_with_village_yurt_wish"] == v("board", "regions_with_village_yurt_wish")
    assert PARAMS["landscape"]["tiles"] == v("landscape", "proposed_tiles")
    assert PARAMS["movement"]["extra_tile_horse_costs"] == v("movement", "extra_tile_horse_costs")
    assert PARAMS["movement"]["mandatory_max"] == max(v("movement", "mandatory_tiles"))
    assert PARAMS["movement"]["basic_move_steps"] == v("movement", "basic_move_steps")
    assert PARAMS["actions"] == {"coin_gain": v("basic_actions", "coin_gain"),
                                 "horses_gain": v("basic_actions", "horses_gain")}
    assert PARAMS["hunting"]["extra_fur_coin_cost"] == v("hunting", "extra_fur_coin_cost")
    assert PARAMS["hunting"]["skip_horse_cost"] == v("hunting", "skip_horse_cost_per_position")
    assert PARAMS["market"]["buy_horses"] == v("market", "buy_cost_horses")
    assert PARAMS["claim"]["tiger_may_replace_base_fur"] == v("claim", "tiger_may_replace_base_fur")
    assert PARAMS["claim"]["base_region_furs"] == v("claim", "base_cost")["furs"]
    assert PARAMS["claim"]["furs_per_fur_on_tile"] == v("claim", "cost_furs_per_fur_on_tile")
    assert PARAMS["outposts"]["per_player"] == v("outposts", "per_player")
    assert PARAMS["outposts"]["per_region_limit"] == v("outposts", "per_region_limit_per_player")
    assert PARAMS["outposts"]["vp_by_region"] == [v("outposts", "end_vp_by_region")[str(i)] for i in range(6)]
    assert PARAMS["trophy"]["player_step_fur_values"] == v("trophy_track", "player_step_fur_values")
    # the proposed table's final-step rewards are dropped: the erratum [C] gives that step any two of the
    # rewards above it instead, so nobody could take its own (ST-TROPHY-3, ST-TROPHY-4)
    assert PARAMS["trophy"]["player_step_rewards"] == v("trophy_track", "player_step_reward_choices")[:-1]
    assert PARAMS["villages"]["tiles"] == v("villages", "proposed_tiles")
    assert PARAMS["yurts"]["tiles"] == v("yurts", "proposed_tiles")
    assert PARAMS["banners"]["reserve"] == v("setup", "banner_reserve")["solo"]
    income = v("banners", "winter_horse_income")
    assert (PARAMS["banners"]["winter_horse_base"], PARAMS["banners"]["winter_horse_per_banner"]) == \
        (income["base"], income["per_banner"])
    assert PARAMS["winter"]["coin_income"] == v("winter", "coin_income")
    assert PARAMS["songs"]["tiles"] == v("songs_and_story", "proposed_tiles")
    assert PARAMS["songs"]["story_track_max"] == v("songs_and_story", "story_track_max")
    cards = [{k: c[k] for k in PARAMS["wishes"]["cards"][0]} for c in v("tsar_wishes", "proposed_cards")]
    assert PARAMS["wishes"]["cards"] == cards
    assert {g: sum(c["group"] == g for c in cards) for g in ("start", "first_half", "second_half")} == \
        v("tsar_wishes", "groups")
    e = p["end_scoring"]
    assert PARAMS["scoring"]["terrain_set_vp"] == [e["terrain_set_vp_by_distinct_types"]["value"][str(i)]
                                                   for i in range(1, 6)]
    for mine, theirs in (("furs_per_vp", "furs_per_vp"), ("coins_per_vp", "coins_per_vp"),
                         ("tiger_vp", "tiger_vp_each"), ("story_per_vp", "story_points_per_vp"),
                         ("horses_per_vp", "horses_vp"), ("banners_per_vp", "banners_vp")):
        assert PARAMS["scoring"][mine] == e[theirs]["value"]
    assert PARAMS["setup"]["start_horses_by_position"] == v("setup", "start_horses_by_turn_position")[:2]
    assert PARAMS["setup"]["start_coins"] == v("setup", "start_coins")
    assert PARAMS["setup"]["start_outposts"] == v("setup", "start_outposts_in_supply")
    ivan = v("setup", "ivan_start")
    assert (PARAMS["setup"]["ivan_start_coins"], PARAMS["setup"]["ivan_start_outposts"]) == \
        (ivan["coins"], ivan["outposts_in_supply"])
    assert PARAMS["ivan"]["reward_priority"] == v("ivan", "reward_choice_priority")


def test_turukhan_matches_reference(reference):
    """Module data: chipmunks, merchant tiles, plan VP, special tiles, diplomacy track (ST-TK-*)."""
    tk = ref(reference, "turukhan.json")
    m1, m2, m3, m4 = (tk[k] for k in ("module_1_chipmunks_merchant", "module_2_hunting_plan",
                                      "module_3_new_landscape_tiles", "module_4_diplomacy"))
    assert TURUKHAN["merchant"]["chipmunks"] == m1["chipmunk_fur"]["count"]["value"]
    assert TURUKHAN["merchant"]["start_region"] == m1["merchant_tiles"]["start_region"]["value"]
    assert TURUKHAN["merchant"]["tiles"] == [{"id": t["id"], "one": t["one_chipmunk"], "two": t["two_chipmunks"]}
                                             for t in m1["merchant_tiles"]["proposed_tiles"]["value"]]
    assert TURUKHAN["hunting_plan"]["tiles"] == m2["tiles"]["value"]
    assert TURUKHAN["hunting_plan"]["length"] == m2["plan_length"]["value"]
    assert TURUKHAN["hunting_plan"]["ivan_vp_by_furs"] == [m2["ivan"]["end_vp_by_furs_hunted"]["value"][str(i)]
                                                          for i in range(6)]
    assert TURUKHAN["landscapes"]["a_tiles"] == [t["id"] for t in m3["a_tiles"]]
    assert TURUKHAN["landscapes"]["b_tiles"] == [t["id"] for t in m3["b_tiles"]]
    assert PARAMS["scoring"]["terrain_set_vp"][4] == m3["set_scoring"]["value"]["five_type_set_vp"]
    track = m4["track"]
    assert TURUKHAN["diplomacy"]["spaces"] == track["spaces"]["value"]
    assert TURUKHAN["diplomacy"]["spaces"] // TURUKHAN["diplomacy"]["spaces_per_zone"] == track["zones"]["value"]
    assert TURUKHAN["diplomacy"]["bonus_spaces"] == track["bonus_spaces"]["value"]
    assert TURUKHAN["diplomacy"]["bonus_tiles"] == track["bonus_tiles"]["value"]
    assert TURUKHAN["diplomacy"]["tiles"] == m4["components"]["value"]["diplomacy_tiles"]


def test_component_counts_of_the_box():
    """The packaged data holds the box's components: 26 landscape tiles of four terrains, 5 of them S-tiles;
    76 furs of the 7 kinds of value 2-8 (rabbit 3, fox 4, wolverine 5, bear 8); 16 tigers; 5 villages;
    16 yurts; 20 songs; 37 wishes (7 start, 15 + 15); 18 automa cards; 5 outposts per colour; a solo
    banner reserve of 12 (ST-COMP-1, ST-FUR-1, ST-FUR-2, ST-LAND-1, ST-WISH-1, ST-BANNER-1)."""
    t = context()["tables"]
    base = [t.tiles[i] for i in t.start_tiles + t.other_tiles]
    assert len(base) == 26 and sum(x.start for x in base) == 5
    assert sorted({x.terrain for x in base}) == [0, 1, 2, 3] and TERRAINS == ("forest", "swamp", "steppe", "mountain")
    assert sum(t.bag_counts) == 76 and [v for v in range(9) if t.bag_counts[v]] == list(range(2, 9))
    assert sorted(t.fur_names) == list(range(2, 9))
    assert (t.fur_names[3], t.fur_names[4], t.fur_names[5], t.fur_names[8]) == ("rabbit", "fox", "wolverine", "bear")
    assert t.tigers == 16 and len(t.villages) == 5 and len(t.yurts) == 16 and len(t.songs) == 20
    assert len(t.wishes) == 37 and {g: len(w) for g, w in t.wish_groups.items()} == \
        {"start": 7, "first_half": 15, "second_half": 15}
    assert len(t.cards) == 18 and t.outposts_per_player == 5 and t.banner_reserve == 12


def test_regions_run_west_to_east():
    """Five regions 1..5 of 2, 2, 2, 3 and 3 slots, west to east, each with a village, a yurt and a wish;
    region 5 is the easternmost; region 0 holds no slots (ST-BOARD-2, ST-BOARD-4, ST-OPEN-3, ST-OPEN-4)."""
    t = context()["tables"]
    assert t.n_slots == 12 and t.region_slots[0] == ()
    assert t.slot_region == (1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5)
    assert t.region_slots[1] == (0, 1) and t.region_slots[5] == (9, 10, 11)
    assert t.item_regions == (1, 2, 3, 4, 5)


def test_six_region_layout_is_the_named_alternative():
    """region_layout=six_regions: regions 0..5 of two slots, region 0 without village, yurt and wish
    (the former default; ST-OPEN-3, ST-OPEN-4)."""
    t = context(layout="six_regions")["tables"]
    assert t.n_regions == 6 and t.n_slots == 12
    assert t.slot_region == (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)
    assert t.region_slots[0] == (0, 1) and t.region_slots[5] == (10, 11)
    assert 0 not in t.item_regions


@pytest.mark.parametrize("text, message", [
    ('{"board": {"slots_per_region": [2, 2, 2, 2, 2, 0]}}', "some in the easternmost region"),
    ('{"landscapes": {"special_regions": [0, 5]}}', "each needs a region with slots"),
])
def test_a_layout_without_the_slots_it_needs_is_rejected(tmp_path, text, message):
    """The tiger's and the special tiles' regions must hold slots (ST-SETUP-4, ST-TK-LAND-1)."""
    path = tmp_path / "rules.json"
    path.write_text(text)
    with pytest.raises(UsageError, match=message):
        Tables(str(path))


def test_rules_file_overrides_a_parameter(tmp_path):
    """A TOML rules file sets a parameter by section.key (ST-OPEN-12)."""
    path = tmp_path / "rules.toml"
    path.write_text("[movement]\nextra_tile_horse_costs = [1, 1, 1]\n")
    assert Tables(str(path)).extra_move_costs == (1, 1, 1)


@pytest.mark.parametrize("text, message", [
    ('{"movement": {"horse_costs": [1]}}', "movement.horse_costs: unknown key"),
    ('{"moves": {}}', "moves: unknown key"),
    ('{"market": {"buy_horses": "five"}}', "market.buy_horses: expected a whole number, got text"),
    ('{"scoring": {"terrain_set_vp": [1, 2]}}', "scoring.terrain_set_vp: needs at least 5 entries"),
    ('{"villages": {"tiles": [{"id": "V", "reward": {"gold": 1}}]}}', "villages.tiles[0].reward.gold: unknown key"),
    ('{"furs": {', "not valid JSON"),
    ('[furs\ntigers = 3', "not valid TOML"),
    ('{"songs": {"tiles": [{"id": "S", "reward": {"vp": 1}}]}}', "songs.tiles[0]: missing key 'cost_story'"),
    ('{"wishes": {"cards": ["W1"]}}', "wishes.cards[0]: expected an object, got text"),
    ('{"yurts": {"tiles": [{"id": "Y", "mark": 1, "reward": {}}]}}', "yurts.tiles[0].mark: expected text, got a whole number"),
    ('{"yurts": {"tiles": [{"id": "Y", "mark": "C", "reward": {}}]}}', "yurts.tiles[0].mark: 'C' is not one of A, B"),
    ('{"yurts": {"tiles": [{"id": "Y", "mark": "A", "reward": {}, "vp": 1}]}}', "yurts.tiles[0].vp: unknown key"),
    ('{"songs": {"tiles": [{"id": "S", "cost_story": 1, "reward": {}}, {"id": "S", "cost_story": 1, "reward": {}}]}}',
     "songs.tiles: id 'S' appears twice"),
    ('{"furs": {"names": {"elk": "x"}}}', "furs.names.elk: key does not match [1-8]"),
    ('{"furs": {"tigers": null}}', "furs.tigers: expected a whole number, got null"),
    ('{"furs": {"bag_counts_by_value": {}}}', "the bag needs at least one fur"),
    ('{"trophy": {"player_step_fur_values": [3, 4, 5]}}',  # the final step has no rewards of its own
     "trophy.player_step_rewards: needs one entry per trophy step before the final one (2)"),
    ('{"merchant": {"tiles": []}}', "merchant.tiles: needs at least 1 entries"),
    ('{"about": 3}', "about: a note must be text"),
])
def test_bad_rules_file_is_a_one_line_usage_error(tmp_path, text, message):
    """Unknown keys and bad values are rejected, naming the file and the entry."""
    path = tmp_path / "rules.json"
    path.write_text(text)
    with pytest.raises(UsageError) as err:
        Tables(str(path))
    assert message in str(err.value) and str(path) in str(err.value) and "\n" not in str(err.value)


def _broken(value):
    """Broken versions of one packaged parameter value: wrong kinds, empty, missing or mistyped fields."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, (int, float)):
        return [-1, 0, 1.5, 10**9]
    if isinstance(value, str):
        return ["", "zzz"]
    if isinstance(value, dict):
        out = [{}, {"x": 1}, {"1": "x"}]
        for k in value:
            out += [value | {k: None}, value | {k: [1]}, value | {k: {"a": 1}}]
        return out
    out = [[], [None], ["x"]]
    if value and isinstance(value[0], dict):
        for k in value[0]:
            for new in (None, "x", [1], "missing"):
                entry = {f: v for f, v in value[0].items() if f != k}
                if new != "missing":
                    entry[k] = new
                out.append([entry] + value[1:])
    if value and isinstance(value[0], list):
        out += [[[]], [["x"]]]
    return out


def test_any_broken_parameter_is_a_usage_error_or_plays(tmp_path):
    """Fuzz the rules file: every broken value of every parameter either fails to load with a one-line
    UsageError naming the file, or loads and plays games without a crash, with and without all modules."""
    from automa.run.runner import play_one
    from automa.run.simulate import resolve
    from automa.stroganov.data import load_raw

    path = tmp_path / "rules.json"
    loaded = rejected = 0
    for section, values in load_raw()[1].items():
        for key, value in values.items() if section != "about" else ():
            for broken in _broken(value):
                path.write_text(json.dumps({section: {key: broken}}))
                try:
                    Tables(str(path))
                except UsageError as err:
                    assert str(path) in str(err) and "\n" not in str(err), (section, key, broken)
                    rejected += 1
                    continue
                loaded += 1
                for modules in ("", "merchant,hunting_plan,landscapes,diplomacy"):
                    spec = resolve("stroganov", "random", {"rules": str(path), "modules": modules}, 1)
                    ctx = spec.game.prepare(spec.options)
                    for i in range(3):
                        error = play_one(spec, ctx, i)[-1]
                        assert not error, (section, key, broken, modules, error)
    assert rejected > 200 and loaded > 30


def _template_lines(capsys) -> dict:
    """``rules template stroganov``: each key's comment line (what it is, [rule IDs], where to read it)."""
    import cli
    with pytest.raises(SystemExit) as exc:
        cli.main(["rules", "template", "stroganov"])
    assert exc.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    return {line.split(" = ")[0].strip("[] "): lines[i - 1] for i, line in enumerate(lines)
            if i and lines[i - 1].startswith("#") and (" = " in line or line.startswith("[["))}


@pytest.mark.parametrize("key, cited", [
    ("a_tile_ivan_vp", "[ST-TK-LAND-7]"),          # +4 VP at once, no benefit
    ("bonus_spaces", "[ST-TK-DIPLO-7, "),          # the proposed geometry: 30 spaces, bonuses on 5, 10, ...
    ("diplomacy.bonus_tiles", "[ST-TK-DIPLO-5, "),  # reaching or passing a bonus tile gives its bonus
    ("wild_value", "[ST-TK-DIPLO-3]"),             # a tiger or a fur with a coin counts any value, normally 8
    ("reward_priority", "[ST-IVAN-RES-3, "),       # the automa's reward choices (there is no ST-IVAN-REW-1)
    ("spaces", "[ST-TK-DIPLO-7, "),
    ("a_tiles", "[ST-TK-LAND-6]"),
])
def test_rules_template_cites_the_rule_that_holds_the_value(capsys, key, cited):
    """Each parameter of ``rules template stroganov`` cites the rule that states its value
    (ST-TK-LAND-6, ST-TK-LAND-7, ST-TK-DIPLO-3, ST-TK-DIPLO-5, ST-TK-DIPLO-7, ST-IVAN-RES-3)."""
    assert cited in _template_lines(capsys)[key]


def test_rules_template_cites_only_rules_of_the_reference(capsys, reference):
    """Every rule ID the template cites exists in the rules reference."""
    import re
    known = set(re.findall(r"\*\*(ST-[A-Z0-9-]+?)\*\*", (reference / "README.md").read_text()))
    known |= {f"ST-OPEN-{n}" for n in range(1, 100)}
    cited = set(re.findall(r"ST-[A-Z]+(?:-[A-Z0-9]+)*-\d+", "\n".join(_template_lines(capsys).values())))
    assert cited <= known, sorted(cited - known)
